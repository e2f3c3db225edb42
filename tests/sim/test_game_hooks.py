"""Issue 21: the games' hooks for the search bot. Super Xevious hides a face-down Battle Card (and the order of its
decks) from the seat that turns the enemy's card; Zaxxon's random playouts never end, so it scores cut-off
playouts from the mission progress; Xevoz has no hidden information (nothing to sample) and scores cut-off playouts by
the life left."""

from __future__ import annotations

import random
from typing import Any

from tabletop import xevious, xevoz, zaxxon
from tabletop.engine import Game
from tabletop.sim.mcts import MCTSBot
from tabletop.xevious.rules import XeviousRules


def _enemy_phase(seed: int) -> Game[Any]:
    """A Super Xevious game (two players, enemy_card='next') at the moment the other player must turn the enemy's
    Battle Card: the attacker's card lies face down."""
    g = xevious.new_game(seed=seed, players=2)
    rng = random.Random(seed)
    for _ in range(5000):
        if g.current_player is None:
            break
        if g.raw_state.phase == "enemy":
            return g
        legal = g.legal_actions()
        g.play(legal[rng.randrange(len(legal))])
    raise AssertionError(f"seed {seed}: no air battle against another player")


def _with_aim(g: Game[Any], aim: str) -> Game[Any]:
    state = g.rules.copy_state(g.raw_state)
    state.pend = dict(state.pend)
    state.pend["aim"] = aim
    return g.fork_at(state, chance_counter=g.chance.counter, version=g.version)


class PeekingXevious(XeviousRules):
    """A deliberately dishonest hook: it hands the search the real face-down card."""

    def sample_hidden(self, state: Any, seat: int, rng: Any) -> Any:
        return state


def _analyses(g: Game[Any]) -> list[list[tuple[str, int]]]:
    out = []
    for aim in g.raw_state.pend["headings"]:
        h = _with_aim(g, aim)
        stats = MCTSBot(seed=3, simulations=120).analyse(h)
        out.append(sorted((str(m.action), m.visits) for m in stats))
    return out


def test_the_enemy_seat_never_sees_the_face_down_battle_card() -> None:
    g = _enemy_phase(1)
    pend = g.raw_state.pend
    assert g.current_player == pend["enemy"] != pend["who"] and pend["aim"] in pend["headings"]
    # the search of the seat that turns the enemy's card is the same whatever the face-down card shows
    honest = _analyses(g)
    assert all(a == honest[0] for a in honest), honest
    # the test has teeth: the same search through a hook that peeks answers each card differently (it plays the
    # heading that beats it: xevious.battle-cards)
    peek_rules = PeekingXevious()
    peeking = Game(peek_rules, seed=1, players=2)
    peeking = peeking.fork_at(g.raw_state, chance_counter=g.chance.counter, version=g.version)
    seen = _analyses(peeking)
    assert any(a != seen[0] for a in seen), seen


def test_sample_hidden_redraws_only_what_the_seat_cannot_see() -> None:
    g = _enemy_phase(2)
    rules, state = g.rules, g.raw_state
    who, enemy = state.pend["who"], state.pend["enemy"]
    rng = random.Random(0)
    aims = {rules.sample_hidden(rules.copy_state(state), enemy, rng).pend["aim"] for _ in range(60)}
    assert aims == set(state.pend["headings"])  # any heading, for the seat that cannot see it
    mine = rules.sample_hidden(rules.copy_state(state), who, rng)
    assert mine.pend["aim"] == state.pend["aim"]  # its owner knows it
    assert state.pend["aim"] == g.raw_state.pend["aim"]  # the real game is untouched
    s2 = rules.sample_hidden(rules.copy_state(state), enemy, rng)
    assert sorted(s2.deck) == sorted(state.deck) and sorted(s2.brag) == sorted(state.brag)  # the same cards left
    assert s2.pilots[0].area == state.pilots[0].area and s2.stage == state.stage


def test_xevoz_has_nothing_hidden_and_scores_a_cut_off_playout_by_life() -> None:
    g = xevoz.new_game(seed=0)
    rules, s = g.rules, g.raw_state
    assert getattr(rules, "sample_hidden", None) is None
    assert rules.evaluate(s) == (0.5, 0.5) and rules.playout_depth == 60
    hurt = rules.copy_state(s)
    hurt.sides[1].life = hurt.sides[1].figure.life // 2  # seat 2's figure has lost half its life
    a, b = rules.evaluate(hurt)
    assert 0.7 <= a <= 0.8 and a + b == 1
    hurt.winner = 1
    assert rules.evaluate(hurt) == (0.0, 1.0)


def test_zaxxon_scores_a_cut_off_playout_from_the_mission() -> None:
    g = zaxxon.new_game(seed=0)
    rules, s = g.rules, g.raw_state
    a, b = rules.evaluate(s)
    assert abs(a - 0.5) < 0.05 and abs(a + b - 1) < 1e-9  # nothing done yet: even
    ahead = rules.copy_state(s)
    ahead.mission[0] = [2, 1, 0, 0]  # blue has shot three of its six targets
    a, b = rules.evaluate(ahead)
    assert a > 0.6 and abs(a + b - 1) < 1e-9 and rules.progress(ahead, 0) == 3
    won = rules.copy_state(s)
    won.winner = 1
    assert rules.evaluate(won) == (0.0, 1.0)
    # the search reads it: playouts are cut off after the rules' playout_depth and the values move off 0.50
    stats = MCTSBot(seed=1, simulations=60).analyse(g)
    assert rules.playout_depth == 40 and all(0 <= m.value <= 1 for m in stats if m.visits)
