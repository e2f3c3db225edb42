"""Issue 21, the search bot on the three real games (cheap: small budgets): the same seed gives the same analysis
and move, a search changes nothing in the game, a position that differs only in what the seat to move cannot see
(the order of Super Xevious's decks, the face-down Battle Card) gives the very same statistics, and every game's
``evaluate`` hook scores any position with one value in [0, 1] per seat."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop import xevious, xevoz, zaxxon
from tabletop.engine import Game
from tabletop.sim.mcts import MCTSBot

GAMES = {"xevious": xevious, "xevoz": xevoz, "zaxxon": zaxxon}


def _position(mod: Any, seed: int, warmup: int, players: int | None = None) -> Game[Any]:
    """The position after ``warmup`` random actions, then on to the next decision with more than one move."""
    g = mod.new_game(seed=seed) if players is None else mod.new_game(seed=seed, players=players)
    rng = random.Random(seed)
    steps = 0
    while g.current_player is not None and (steps < warmup or len(g.legal_actions()) < 2):
        legal = g.legal_actions()
        g.play(legal[rng.randrange(len(legal))])
        steps += 1
    assert g.current_player is not None, "the warm-up ended the game"
    return g


@pytest.mark.parametrize("name", sorted(GAMES))
def test_same_seed_same_analysis_and_move_and_the_game_untouched(name: str) -> None:
    g = _position(GAMES[name], seed=4, warmup=25)
    before, version, counter = g.digest(), g.version, g.chance.counter
    a = MCTSBot(seed=9, simulations=60).analyse(g)
    b = MCTSBot(seed=9, simulations=60).analyse(g)
    assert a == b and sum(m.visits for m in a) == 60
    legal = g.legal_actions()
    assert MCTSBot(seed=9, simulations=60).choose(g, legal) == a[0].action
    assert (g.digest(), g.version, g.chance.counter) == (before, version, counter)  # searching changed nothing
    # ranked by visits, every legal move listed once, values in [0, 1]
    assert [m.visits for m in a] == sorted((m.visits for m in a), reverse=True)
    assert sorted(map(str, (m.action for m in a))) == sorted(map(str, legal))
    assert all(0 <= m.value <= 1 for m in a if m.visits)


def _xevious_with_cards(seed: int) -> Game[Any]:
    for warmup in range(30, 400, 10):
        g = _position(xevious, seed=seed, warmup=warmup)
        if len(set(g.raw_state.deck)) > 1 and len(set(g.raw_state.brag)) > 1:
            return g
    raise AssertionError("no position with two different cards left in each deck")


def test_the_order_of_the_decks_is_never_read() -> None:
    """xevious.xevious-cards / braglease-card: which cards are left is seen, their order is not. Two positions
    that differ only in that order get the same search, visit for visit."""
    g = _xevious_with_cards(seed=3)
    state = g.rules.copy_state(g.raw_state)
    state.deck, state.brag = state.deck[::-1], state.brag[1:] + state.brag[:1]
    assert (state.deck, state.brag) != (g.raw_state.deck, g.raw_state.brag)
    h = g.fork_at(state, chance_counter=g.chance.counter, version=g.version)
    assert MCTSBot(seed=2, simulations=80).analyse(g) == MCTSBot(seed=2, simulations=80).analyse(h)


def test_the_face_down_battle_card_gives_the_same_statistics() -> None:
    """xevious.air-battle: the seat turning the enemy's card gets the same visits and values whatever the
    attacker's face-down card shows (tests/sim/test_game_hooks.py checks the move and that a peeking hook would
    differ)."""
    g = _position(xevious, seed=1, warmup=0)
    rng = random.Random(1)
    while g.raw_state.phase != "enemy":
        legal = g.legal_actions()
        g.play(legal[rng.randrange(len(legal))])
        assert g.current_player is not None
    pend = g.raw_state.pend
    assert g.current_player == pend["enemy"] != pend["who"]
    seen = []
    for aim in pend["headings"]:
        state = g.rules.copy_state(g.raw_state)
        state.pend = {**state.pend, "aim": aim}
        h = g.fork_at(state, chance_counter=g.chance.counter, version=g.version)
        seen.append(MCTSBot(seed=5, simulations=60).analyse(h))
    assert all(s == seen[0] for s in seen)


@pytest.mark.parametrize("name,players", [("xevious", 1), ("xevious", 2), ("xevious", 4), ("xevoz", None),
                                          ("zaxxon", None)])
def test_evaluate_gives_each_seat_a_value_in_0_1(name: str, players: int | None) -> None:
    mod = GAMES[name]
    checked = 0
    for seed in range(3):
        g = mod.new_game(seed=seed) if players is None else mod.new_game(seed=seed, players=players)
        rules = g.rules
        seats = len(g.players)
        rng = random.Random(seed)
        for step in range(600):
            if step % 7 == 0 or g.current_player is None:
                values = rules.evaluate(g.raw_state)
                assert len(values) == seats and all(0.0 <= v <= 1.0 for v in values), (step, values)
                if seats > 1:
                    assert sum(values) == pytest.approx(1.0)
                checked += 1
            if g.current_player is None:
                assert g.winner is None or values[g.winner] == 1.0
                break
            legal = g.legal_actions()
            g.play(legal[rng.randrange(len(legal))])
    assert checked > 30
    assert 0 < getattr(rules, "playout_depth", 0) <= 200  # the search's cut-off: a random game runs far longer
