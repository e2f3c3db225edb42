"""Issue 21, the search bot's per-game strategies (each game's ``strategy.py``, registered as ``STRATEGY`` in its
``bots.py``): found by the bot, their evaluation gives every seat one value in [0, 1] (summing to 1, 1 for the
winner), never reads what a seat cannot see, and a search that uses them is still reproducible. Cheap: short
random games and small budgets."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from tabletop import xevious, xevoz, zaxxon
from tabletop.engine import Bot, Game
from tabletop.sim.mcts import HeuristicStrategy, MCTSBot, strategy_for
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


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_strategy_is_the_kits_skeleton_with_only_its_standing(name: str) -> None:
    """The three strategies share HeuristicStrategy's playouts, prior and evaluation; each gives its standing."""
    strategy = GAMES[name].bots.STRATEGY
    kind = type(strategy)
    assert isinstance(strategy, HeuristicStrategy)
    for shared in ("__init__", "playout_bot", "evaluate"):
        assert shared not in vars(kind), (name, shared)
    assert "standing" in vars(kind)
    assert isinstance(strategy.playout_bot(5), strategy.playout)


class _Race(HeuristicStrategy):
    """A toy strategy over a dict state: standings as given, a winner when named."""

    scale = 2.0

    def seats(self, rules: Any, state: Any) -> int:
        return len(state["at"])

    def standing(self, rules: Any, state: Any, seat: int) -> float:
        return float(state["at"][seat])


class _RaceRules:
    def winner(self, state: Any) -> int | None:
        return state.get("winner")


def test_the_skeletons_evaluation_is_a_softmax_of_the_standings() -> None:
    s, r = _Race(Bot), _RaceRules()
    p0, p1 = s.evaluate(r, {"at": [3.0, 1.0]})
    assert p0 == pytest.approx(1 / (1 + math.exp(-(3.0 - 1.0) / 2.0))) and p0 + p1 == pytest.approx(1.0)
    assert s.evaluate(r, {"at": [1.0, 1.0]}) == (0.5, 0.5)
    three = s.evaluate(r, {"at": [0.0, 2.0, 4.0]})
    weights = [math.exp(x / 2.0) for x in (0.0, 2.0, 4.0)]
    assert three == pytest.approx(tuple(w / sum(weights) for w in weights))
    assert s.evaluate(r, {"at": [0.0, 9.0, 4.0], "winner": 0}) == (1.0, 0.0, 0.0)  # the rules' winner: 1 / 0
    assert s.evaluate(r, {"at": [0.0, 1000.0]}) == pytest.approx((0.0, 1.0))  # no overflow far ahead


def test_the_strategys_exploration_steers_the_search_and_the_bots_own_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    g = zaxxon.new_game(seed=2)
    while len(g.legal_actions()) < 3:
        g.play(g.legal_actions()[0])
    monkeypatch.setattr(zaxxon.bots.STRATEGY, "exploration", 0.2)
    narrow = MCTSBot(seed=1, simulations=60).analyse(g)
    assert MCTSBot(seed=1, simulations=60, exploration=0.2).analyse(g) == narrow
    monkeypatch.setattr(zaxxon.bots.STRATEGY, "exploration", 5.0)
    wide = MCTSBot(seed=1, simulations=60).analyse(g)
    assert wide != narrow and max(m.share for m in wide) < max(m.share for m in narrow)
    assert MCTSBot(seed=1, simulations=60, exploration=0.2).analyse(g) == narrow  # the bot's own: the strategy's aside
    for bad in (-1, True, "1", math.inf):
        with pytest.raises(ValueError, match="exploration"):
            MCTSBot(simulations=10, exploration=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_decision_stops_early_only_when_its_move_is_settled(name: str) -> None:
    """choose() stops once no other move could overtake the most visited one: the same move as the whole budget,
    in fewer simulations (when the lead is clear)."""
    g = GAMES[name].new_game(seed=4)
    bots = [GAMES[name].BOTS["greedy"](seed=k) for k in range(len(g.players))]
    saved = 0
    decisions = 0
    for _ in range(400):
        if g.current_player is None or decisions >= 6:
            break
        legal = g.legal_actions()
        if len(legal) > 1:
            bot = MCTSBot(seed=decisions, simulations=60)
            move = bot.choose(g, legal)
            ran = bot.last_simulations
            full = MCTSBot(seed=decisions, simulations=60).analyse(g, legal)
            assert move == full[0].action and 0 < ran <= 60
            if ran < 60:
                assert full[0].visits - full[1].visits > 0  # a lead it could see coming
                saved += 1
            decisions += 1
        g.play(bots[g.current_player].choose(g, legal))
    assert decisions >= 3 and saved >= 1


def test_zaxxons_route_planner_is_a_public_query_the_bot_and_the_search_share() -> None:
    """zaxxon.mission: the firing plan (goals and distances) is queries.firing_plan, remembered per position of the
    targets; the greedy bot's planner names read the same; the search's standing grows as a plane comes near."""
    from tabletop.zaxxon import queries

    g = zaxxon.new_game(seed=1)
    rules, s = g.rules, g.raw_state
    plan = queries.firing_plan(rules, s, 0, 0)
    assert isinstance(plan, queries.FiringPlan) and plan is queries.firing_plan(rules, s, 0, 0)
    assert plan.goals == frozenset(queries.firing_goals(rules, s, 0, 0)) and plan.goals
    assert list(plan.distances) == queries.distance_map(rules, s, 0, plan.goals)
    assert all(plan.distances[c] == 0 for c in plan.goals)
    bot = zaxxon.bots.GreedyBot(seed=0)
    assert bot._goals(rules, s, 0, 0) == set(plan.goals)
    near = min((c for c in range(len(plan.distances)) if 0 < plan.distances[c] < queries.FAR),
               key=lambda c: plan.distances[c])
    here = rules.copy_state(s)
    before = zaxxon.bots.STRATEGY.standing(rules, here, 0)
    assert plan.distances[here.planes[0][0]] > plan.distances[near]
    here.planes[0][0] = near
    assert zaxxon.bots.STRATEGY.standing(rules, here, 0) > before
