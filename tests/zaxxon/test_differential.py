"""The fast path (``fast.FastZaxxonRules``, what the games play with) is the same game as the reference
(``rules.ZaxxonRules``): many seeds played step by step through both, comparing every state, legal-action list,
event (its clause, text, seat and data), refusal of probing actions and the rule firings a simulation counts. A
difference names the seed, step and field where it first appears (issue 22: OpenSpiel's consistency test).
Costs about 8 s of CPU (the reference is the slow one).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from tabletop.engine import Action, Game
from tabletop.zaxxon import GreedyBot, teaching_positions
from tabletop.zaxxon.actions import Altitude, EndTurn, Move, Shoot
from tabletop.zaxxon.fast import FastZaxxonRules
from tabletop.zaxxon.rules import SCENARIOS, ZaxxonRules

REFERENCE, FAST = ZaxxonRules(), FastZaxxonRules()
#: the variants the seeds cycle through (each changes a rule the fast path answers from its tables)
VARIANTS: list[dict[str, Any]] = [
    {}, {"zaxxon_awake": True}, {"radar_barrier": False}, {"must_use_full_count": True},
    {"turret_fires_on_entry": True, "grounded_after_shot": False}, {"spinner_weights": (2.0, 1.0, 0.0, 3.0)},
    *({"scenario": name, "zaxxon_awake": name != "outer"} for name in SCENARIOS),
]
SEEDS = range(36)
STEPS = 160
STATE_FIELDS = ("phase", "round", "dice", "low", "stage", "count", "spin", "planes", "tcell", "tinner", "zx",
                "zx_active", "mission", "winner", "mover")


class Difference(AssertionError):
    pass


def _same(seed: int, step: int, field: str, ref: Any, fast: Any) -> None:
    if ref != fast:
        raise Difference(f"seed {seed}, step {step}: {field} differs: reference {ref!r}, fast {fast!r}")


def _events(events: Any) -> list[tuple[Any, ...]]:
    return [(e.rule, e.text, e.player, dict(e.data)) for e in events]


def _compare(seed: int, step: int, ref: Game[Any], fast: Game[Any]) -> None:
    for name in STATE_FIELDS:
        _same(seed, step, f"state.{name}", getattr(ref.raw_state, name), getattr(fast.raw_state, name))
    _same(seed, step, "to_json", ref.rules.to_json(ref.raw_state), fast.rules.to_json(fast.raw_state))
    _same(seed, step, "legal_actions", ref.legal_actions(), fast.legal_actions())


def _probes(rng: random.Random, game: Game[Any]) -> list[Action]:
    """Actions to try whether or not they are legal: moves to any neighbour (or anywhere), altitude changes,
    shots at nearby spaces, ending the turn."""
    s = game.raw_state
    board = game.rules.board
    if s.mover is None:
        return []
    out: list[Action] = [EndTurn()]
    for num in (1, 2):
        here = s.planes[s.mover * 2 + num - 1][0]
        near = [c for c in board.nbr[here] if c >= 0]
        out += [Move(num, board.names[c]) for c in near]
        out.append(Move(num, board.names[rng.randrange(len(board.names))]))
        out.append(Altitude(num, bool(rng.getrandbits(1))))
        line = board.line(here, rng.randrange(6))
        if line:
            out.append(Shoot(num, board.names[rng.choice(line[:6])]))
    return out


def _refusal(game: Game[Any], action: Action) -> tuple[str, str] | None:
    why = game.explain(action)
    return None if why is None else (why.rule, why.reason)


def _play(seed: int, variant: dict[str, Any], greedy: bool, position: dict[str, Any] | None = None,
          first: Sequence[Action] = (), steps: int = STEPS) -> list[Action]:
    """Play ``seed`` through both engines in step (from ``position`` if given, the ``first`` actions first, then
    random or greedy ones); return the actions played."""
    rng = random.Random(seed)
    ref, fast = Game(REFERENCE, seed=seed, variant=variant), Game(FAST, seed=seed, variant=variant)
    if position is not None:
        ref.set_up(position)
        fast.set_up(position)
    _same(seed, 0, "setup events", _events(ref.log), _events(fast.log))
    bot = GreedyBot(seed=seed)
    played: list[Action] = []
    for step in range(1, steps + 1):
        _compare(seed, step, ref, fast)
        legal = ref.legal_actions()
        if not legal:
            break
        for probe in _probes(rng, ref):
            _same(seed, step, f"refusal of {probe}", _refusal(ref, probe), _refusal(fast, probe))
        if step <= len(first):
            action = first[step - 1]
        elif greedy:
            action = bot.choose(ref, legal)
        else:
            n = len(legal) - (len(legal) > 1 and isinstance(legal[-1], EndTurn))
            action = legal[rng.randrange(n)]
        played.append(action)
        _same(seed, step, f"events of {action}", _events(ref.play(action)), _events(fast.play(action)))
    _compare(seed, len(played) + 1, ref, fast)
    return played


def _tally(rules: ZaxxonRules, seed: int, variant: dict[str, Any], actions: list[Action]) -> dict[Any, int]:
    """The rule firings a simulation counts (no log) for the same actions."""
    game = Game(rules, seed=seed, variant=variant, safe=False, log=False)
    game.tally = {}
    for action in actions:
        game.play(action)
    return game.tally


@pytest.mark.parametrize("seed", SEEDS)
def test_fast_path_plays_the_reference_game(seed: int) -> None:
    variant = VARIANTS[seed % len(VARIANTS)]
    actions = _play(seed, variant, greedy=seed % 3 == 2)
    _same(seed, len(actions), "rule firings (simulation tally)", _tally(REFERENCE, seed, variant, actions),
          _tally(FAST, seed, variant, actions))


@pytest.mark.parametrize("name", sorted(teaching_positions()))
def test_fast_path_plays_the_reference_game_from_each_teaching_position(name: str) -> None:
    position = teaching_positions()[name]["position"]
    for seed in range(2):
        _play(seed, {}, greedy=seed == 1, position=position, steps=60)


#: a plane leaving the inner fortress turns Zaxxon (the fast path skips the facing for most moves): blue #1 on
#: I11 and blue #2 on B20 are equally near Zaxxon on C14-C15, so it faces south; with #1 on the wall, north
LEAVING = {"turn": {"round": 5, "phase": "move", "dice": [2, 5], "spin": "WHITE", "to_move": "blue", "count": 2},
           "planes": {"blue": ["I11 high", "B20"], "red": ["E31", "G31"]},
           "zaxxon": {"awake": True, "spaces": ["C14", "C15"]}}


def test_fast_path_turns_zaxxon_when_a_plane_leaves_the_inner_fortress() -> None:
    game = Game(REFERENCE, seed=1)
    game.set_up(LEAVING)
    assert [e.rule for e in game.play(Move(1, "I10"))][-1] == "zaxxon.zaxxon-moves"  # a case that turns Zaxxon
    for seed in range(4):
        _play(seed, {}, greedy=False, position=LEAVING, first=[Move(1, "I10")], steps=40)


def test_the_comparison_names_seed_step_and_field() -> None:
    """A difference is reported where it first appears (the fast path broken on purpose, for one call)."""

    class Broken(FastZaxxonRules):
        def legal_actions(self, state: Any) -> list[Action]:
            out = super().legal_actions(state)
            return out[:-1] if state.round >= 2 and len(out) > 1 else out

    ref, broken = Game(REFERENCE, seed=3), Game(Broken(), seed=3)
    with pytest.raises(Difference, match=r"seed 3, step \d+: legal_actions differs"):
        for step in range(1, STEPS):
            _compare(3, step, ref, broken)
            action = ref.legal_actions()[0]
            ref.play(action)
            broken.play(action)
