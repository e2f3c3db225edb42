"""Issue 21, the search bot's per-game strategies (each game's ``strategy.py``, registered as ``STRATEGY`` in its
``bots.py``): found by the bot, their evaluation gives every seat one value in [0, 1] (summing to 1, 1 for the
winner), never reads what a seat cannot see, and a search that uses them is still reproducible. Cheap: short
random games and small budgets."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop import xevious, xevoz, zaxxon
from tabletop.engine import Bot, Game
from tabletop.sim.mcts import MCTSBot, strategy_for
from tests.sim import piggame

GAMES = {"xevious": xevious, "xevoz": xevoz, "zaxxon": zaxxon}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_game_registers_a_strategy_the_bot_finds(name: str) -> None:
    g = GAMES[name].new_game(seed=0)
    strategy = strategy_for(g.rules)
    assert strategy is not None and strategy is GAMES[name].bots.STRATEGY
    assert 0 < strategy.playout_depth <= 200 and 0 <= strategy.epsilon <= 1 and strategy.prior_bias >= 0
    bot = strategy.playout_bot(3)
    assert isinstance(bot, Bot) and bot.name in ("greedy", "sensible")
    assert strategy_for(piggame.new_game(seed=0).rules) is None  # a game without one: random playouts


@pytest.mark.parametrize("name,players", [("xevious", 1), ("xevious", 2), ("xevious", 3), ("xevoz", None),
                                          ("zaxxon", None)])
def test_the_evaluation_gives_each_seat_a_value_in_0_1(name: str, players: int | None) -> None:
    mod = GAMES[name]
    checked = finished = 0
    for seed in range(3):
        g = mod.new_game(seed=seed) if players is None else mod.new_game(seed=seed, players=players)
        strategy = strategy_for(g.rules)
        seats = len(g.players)
        bots = [mod.BOTS["greedy"](seed=seed + k) for k in range(seats)]  # games that finish
        rng = random.Random(seed)
        for step in range(1500):
            if step % 5 == 0 or g.current_player is None:
                values = strategy.evaluate(g.rules, g.raw_state)
                assert len(values) == seats and all(0.0 <= v <= 1.0 for v in values), (step, values)
                if seats > 1:
                    assert sum(values) == pytest.approx(1.0)
                checked += 1
            if g.current_player is None:
                finished += 1
                assert g.winner is None or values[g.winner] == 1.0
                break
            legal = g.legal_actions()
            bot = bots[g.current_player]
            g.play(legal[rng.randrange(len(legal))] if rng.random() < 0.3 else bot.choose(g, legal))
    assert checked > 30 and finished >= 1


def test_the_zaxxon_evaluation_rewards_the_mission_and_the_approach() -> None:
    """zaxxon.mission / zaxxon.win: a seat with more of its mission done, or a plane nearer a firing position,
    stands better."""
    g = zaxxon.new_game(seed=1)
    strategy = strategy_for(g.rules)
    s = g.raw_state
    even = strategy.evaluate(g.rules, s)
    ahead = g.rules.copy_state(s)
    ahead.mission[0][0] = 1  # blue has shot one of its fuel tanks
    assert strategy.evaluate(g.rules, ahead)[0] > even[0] + 0.1
    assert strategy.standing(g.rules, ahead, 0) > strategy.standing(g.rules, s, 0)


def _enemy_turn(seed: int) -> Game[Any]:
    g = xevious.new_game(seed=seed)
    rng = random.Random(seed)
    while g.raw_state.phase != "enemy":
        legal = g.legal_actions()
        g.play(legal[rng.randrange(len(legal))])
        assert g.current_player is not None
    return g


def test_the_xevious_evaluation_never_reads_the_face_down_card_or_the_decks_order() -> None:
    """xevious.air-battle (the Battle Card turned face down), xevious.xevious-cards / braglease-card (the decks'
    order): positions that differ only there get the same values; the search's statistics too."""
    g = _enemy_turn(seed=1)
    strategy = strategy_for(g.rules)
    seen = set()
    stats = []
    for aim in g.raw_state.pend["headings"]:
        state = g.rules.copy_state(g.raw_state)
        state.pend = {**state.pend, "aim": aim}
        state.deck = state.deck[::-1]
        seen.add(strategy.evaluate(g.rules, state))
        h = g.fork_at(state, chance_counter=g.chance.counter, version=g.version)
        stats.append(MCTSBot(seed=4, simulations=40).analyse(h))
    assert len(seen) == 1 and all(s == stats[0] for s in stats)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_with_its_strategy_the_same_seed_gives_the_same_move(name: str) -> None:
    g = GAMES[name].new_game(seed=7)
    rng = random.Random(7)
    for _ in range(30):
        legal = g.legal_actions()
        g.play(legal[rng.randrange(len(legal))])
    while len(g.legal_actions()) < 2:
        g.play(g.legal_actions()[0])
    before = g.digest()
    a = MCTSBot(seed=3, simulations=40).analyse(g)
    assert a == MCTSBot(seed=3, simulations=40).analyse(g) and g.digest() == before


def test_without_its_strategy_the_bot_searches_with_random_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    g = zaxxon.new_game(seed=2)
    while len(g.legal_actions()) < 2:
        g.play(g.legal_actions()[0])
    plain = MCTSBot(seed=1, simulations=40, strategy=False).analyse(g)
    with_it = MCTSBot(seed=1, simulations=40).analyse(g)
    monkeypatch.setattr(zaxxon.bots, "STRATEGY", None)  # the game offering none: the same search as strategy=False
    assert MCTSBot(seed=1, simulations=40).analyse(g) == plain != with_it
