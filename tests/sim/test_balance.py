"""Issue 21, the balance report (tabletop.sim.balance) on Pig, where the answers are known."""

from __future__ import annotations

import math
from functools import cache

import pytest

from tabletop.sim.balance import balance, comeback, decided_at, lead_changes
from tests.sim import piggame


@cache
def _one_turn(pot: int, target: int = 20) -> float:
    """The chance that a player who rolls until the pot reaches ``target`` gets there before a 1."""
    if pot >= target:
        return 1.0
    return sum(_one_turn(pot + d, target) for d in range(2, 7)) / 6


def test_pigs_first_player_edge_and_the_figures_with_known_answers() -> None:
    # greedy Pig to 20: each turn rolls until the pot reaches 20 (a whole game in one turn) or a 1 comes up, so
    # the first player wins with chance p + (1-p)^2 p + ... = 1 / (2 - p)
    p = _one_turn(0)
    exact = 1 / (2 - p)
    assert 0.6 < exact < 0.63
    r = balance(piggame, variants=[None, {"target": 20}, {"target": 40}], bots="greedy", n=600, seed=0,
                executor="serial", skill_n=150, against=["random"], progress=False)
    v = r.variant(0)
    assert v.first_player.low <= exact <= v.first_player.high, (v.first_player, exact)
    assert v.first_player.low > 0.5  # moving first is an advantage, and the sentence says so
    assert "moving first is an advantage" in r.summary()
    assert v.seats[0].k == v.first_player.k  # seat 1 always moves first in Pig
    assert v.no_winner.k == 0 and v.capped.k == 0
    assert v.options.mean == pytest.approx(2.0) and v.options.low == pytest.approx(2.0)  # roll or hold
    assert 0 < v.choice_share.low <= v.choice_share.mean <= v.choice_share.high < 1
    assert v.lead_changes is None and v.decided is None  # no search bot: no value estimates
    # a change that changes nothing: identical games on every seed, no verdict claims a difference
    same = r.results.compare(0, 1)
    assert not any(d.significant for d in [*same.seats, same.draws, same.length])
    assert not any(j.significant for j in r.extra[0])
    # a real change: to 40 points, games are longer, and the verdict rule says so
    longer = r.results.compare(0, 2)
    assert longer.length.significant and longer.length.mean > 0
    assert r.variant(2).median > v.median
    # skill: the greedy bot beats the random bot far more often than chance, seats swapped
    sk = v.skill[0]
    assert sk.other == "random" and sk.rate.n == 300 and sk.rate.low > 0.6 and sk.share[0] > 0.2
    luck = v.luck
    assert luck is not None and 0 <= luck[1] <= luck[0] <= luck[2] <= 1
    assert set(r.figures()) == {"win_rates", "length", "decisions", "skill"}


def test_value_figures_along_a_game() -> None:
    # seat 0's estimated chance: behind, ahead, behind, ahead (three lead changes; the dead zone is skipped)
    values = [0.3, 0.52, 0.7, 0.2, 0.9, 0.95]
    assert lead_changes(values) == 3
    assert comeback(values, 0) is True and comeback(values, None) is None
    assert comeback([0.6, 0.5, 0.65], 1) is False  # seat 1's chance never fell below 0.35
    # seat 0 wins: its estimate rose above 0.8 for good at the 5th searched decision, played at step 8 of 10
    assert decided_at(values, [0, 2, 4, 6, 8, 9], 10, 0) == pytest.approx(0.8)
    assert decided_at([0.5, 0.6], [0, 1], 4, 0) == 1.0  # only the end decided it


def test_a_report_with_the_search_bot_reads_its_values() -> None:
    r = balance(piggame, variants=[None], bots="mcts:20", n=6, seed=3, executor="serial", skill_n=0,
                progress=False)
    v = r.variant(0)
    assert v.lead_changes is not None and v.lead_changes.n == 6 and v.skill == []
    assert all(t.values and all(0 <= x <= 1 for x in t.values) for t in r.traces)
    assert v.decided is not None and all(0 <= x <= 1 for x in (v.decided.mean,)) and not math.isnan(v.decided.mean)
    again = balance(piggame, variants=[None], bots="mcts:20", n=6, seed=3, executor="serial", skill_n=0,
                    progress=False)
    assert again.traces == r.traces  # seeded: the same games


def test_refusals() -> None:
    with pytest.raises(TypeError, match="one bot name"):
        balance(piggame, bots=["greedy", "random"], n=1, executor="serial", progress=False)  # type: ignore[arg-type]
    with pytest.raises(KeyError):
        balance(piggame, bots="strongest", n=1, executor="serial", progress=False)


def test_the_command_line_report(capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.sim.cli import main

    assert main(["tests.sim.piggame", "--report", "--bots", "greedy", "--n", "30", "--serial", "--variant",
                 "target=30", "--skill-n", "10", "--quiet"]) == 0
    assert main(["tests.sim.piggame", "--report", "--bots", "greedy", "--n", "30", "--serial", "--variant",
                 "target=30", "--skill-n", "10"]) == 0
    out = capsys.readouterr().out
    assert "Balance report, pig: 30 games per variant" in out and "target=30 against rulebook rules" in out
    assert main(["tests.sim.piggame", "--report", "--bots", "greedy,random", "--n", "3", "--serial"]) == 2
    assert "one strong bot in every seat" in capsys.readouterr().err


def test_tabletop_balance_is_callable() -> None:
    import tabletop.balance

    r = tabletop.balance(piggame, bots="greedy", n=4, executor="serial", skill_n=0, progress=False)  # type: ignore[operator]
    assert r.n == 4 and len(r.traces) == 4


def test_skill_and_luck_leave_out_games_without_a_winner() -> None:
    # Pig stopped after 12 actions: many games end with no winner. Those are neither the strong bot's losses nor
    # the random bot's luck (a bug counted them as both): skill and luck are read from the decided games only.
    from tabletop.sim.balance import trace_game

    r = balance(piggame, variants=[None], bots="greedy", n=1, seed=5, executor="serial", skill_n=30,
                against=["random"], max_steps=12, progress=False)
    sk = r.variant(0).skill[0]
    games = [(trace_game(piggame.__name__, {}, bots, s, 0, 12), me) for bots, me in
             ((["greedy", "random"], 0), (["random", "greedy"], 1)) for s in range(5, 35)]
    decided = [(t, me) for t, me in games if t.winner is not None]
    assert 0 < len(decided) < len(games)  # some games were stopped by the cap
    assert sk.undecided == len(games) - len(decided) and sk.rate.n == len(decided)
    assert sk.rate.k == sum(t.winner == me for t, me in decided)
    luck = r.variant(0).luck
    assert luck is not None
    assert luck[0] == pytest.approx(min(1.0, (len(decided) - sk.rate.k) / len(decided) / 0.5))
    assert "without a winner left out" in r.summary()
    # no decided game at all: no skill share and no luck share (not "the strong bot always loses")
    none = balance(piggame, variants=[None], bots="greedy", n=1, seed=5, executor="serial", skill_n=4,
                   against=["random"], max_steps=1, progress=False)
    sk0 = none.variant(0).skill[0]
    assert sk0.rate.n == 0 and sk0.undecided == 8 and none.variant(0).luck is None
    assert "was decided" in str(sk0) and "no skill share" in none.summary()


def test_a_strong_bot_that_loses_to_random_is_called_weak_not_the_game_luck(monkeypatch) -> None:
    # a bot that never holds scores only when one turn reaches the target: it loses to the random bot, so the luck
    # share is capped at 1; the summary says that describes the bot, not the game
    from tabletop.engine import Bot

    class Reckless(Bot):
        name = "reckless"

        def choose(self, game, legal):  # type: ignore[no-untyped-def]
            return next(a for a in legal if type(a).__name__ == "Roll")

    from tabletop.sim import core

    monkeypatch.setitem(piggame.BOTS, "reckless", Reckless)
    # the simulator keeps each game's bot table once read: hand it the table with the new bot (undone afterwards)
    monkeypatch.setitem(core._CACHE, piggame.__name__, (piggame.Rules(), dict(piggame.BOTS)))
    r = balance(piggame, variants=[None], bots="reckless", n=1, seed=0, executor="serial", skill_n=20,
                against=["random"], progress=False)
    sk = r.variant(0).skill[0]
    assert sk.rate.n and sk.rate.p < 0.5 and r.variant(0).luck is not None and r.variant(0).luck[0] == 1.0
    assert "describe the search bot's budget more than the game" in r.summary()
    strong = balance(piggame, variants=[None], bots="greedy", n=1, seed=0, executor="serial", skill_n=20,
                     against=["random"], progress=False)
    assert "budget more than the game" not in strong.summary()  # a bot that wins more than its share: no such note
