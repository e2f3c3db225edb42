"""The fast path plays exactly the reference rules (issue 22; OpenSpiel's consistency test is the model).

``XeviousRules`` (rules.py) is the reference: it walks each move space by space and lists fresh actions.
``FastXeviousRules`` (fast.py), what games and simulations play, answers the same questions from tables made once.
Here many seeded games (every variant option that changes play, one to four players, the teaching positions,
random and sensible choices) are played step by step through three games at once: the reference, the fast path as
a board plays it (every event kept) and the fast path as the simulator plays it (rule firings only counted, in
``Game.tally``). After every step the three states are compared field by field, and the legal actions, the events
(clause, seat, data, text) and the rule firings; a failure names the seed, the step and the first field that
differs. ``test_a_broken_fast_path_is_caught`` shows the comparison has teeth.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from tabletop import xevious
from tabletop.engine import Action, Game
from tabletop.xevious.bots import SensibleBot
from tabletop.xevious.fast import FastXeviousRules
from tabletop.xevious.rules import Move, XeviousRules, XeviousState
from tabletop.xevious.state import Pilot

REF = XeviousRules()
FAST = FastXeviousRules()
MAX_STEPS = 1000  # a whole game runs 115-510 steps (one to four players): every game here is played to its end

#: (variant, players): every option that changes how the game plays, alone or with its neighbours
SETTINGS: list[tuple[dict[str, Any] | None, int]] = [
    (None, 2), (None, 1), (None, 3), (None, 4),
    ({"daley_pieces": True}, 2), ({"daley_pieces": True, "cockpit_card": True}, 3),
    ({"cockpit_card": True}, 2), ({"retry_uses_turn": False, "blaster_hits": 2}, 2),
    ({"battle_headings": 2, "enemy_card": "chance"}, 2), ({"enemy_card": "chance", "extras": False}, 3),
    ({"stage_conditions": False, "respawn_point": "stage", "respawn_markers": "set"}, 2),
    ({"row_cap": 3, "respawn_gift": 2, "start_solvalou": 1, "stage1_exception": False}, 2),
    ({"gumps": 1, "turn_cap": 30}, 4),
]


def fields(state: XeviousState) -> Iterator[tuple[str, Any]]:
    """Every field of ``state``, by name: its own slots, each pilot's slots, each pending key."""
    for name in XeviousState.__slots__:
        value = getattr(state, name)
        if name == "pilots":
            yield "len(pilots)", len(value)
            for k, q in enumerate(value):
                for slot in Pilot.__slots__:
                    yield f"pilots[{k}].{slot}", getattr(q, slot)
        elif name == "pend" and value is not None:
            yield "pend.keys", sorted(value)
            for key in sorted(value):
                yield f"pend[{key!r}]", value[key]
        else:
            yield name, value


def first_difference(ref: XeviousState, other: XeviousState) -> str | None:
    for (name, a), (_, b) in zip(fields(ref), fields(other), strict=False):
        if a != b or type(a) is not type(b):
            return f"{name}: reference {a!r}, fast {b!r}"
    return None


def event_rows(events: list[Any]) -> list[tuple[str, int | None, dict[str, Any], str]]:
    return [(e.rule, e.player, dict(e.data), e.text) for e in events]


def _tally_delta(before: Mapping[Any, int], after: Mapping[Any, int]) -> Counter[Any]:
    return Counter({k: n - before.get(k, 0) for k, n in after.items() if n != before.get(k, 0)})


def play_side_by_side(fast_rules: XeviousRules, seed: int, variant: dict[str, Any] | None, players: int,
                      chooser: str, position: Mapping[str, Any] | None = None) -> int:
    """Play one game through the reference and ``fast_rules``; assert they agree at every step. The steps."""
    ref = Game(REF, seed=seed, variant=variant, players=players, safe=False)
    fast = Game(fast_rules, seed=seed, variant=variant, players=players, safe=False)
    sim = Game(fast_rules, seed=seed, variant=variant, players=players, safe=False, log=False)
    sim.tally = {}
    where = f"seed {seed}, variant {variant}, {players} players, {chooser}"
    assert event_rows(list(ref.history[0].events)) == event_rows(list(fast.history[0].events)), where
    if position is not None:
        for g in (ref, fast, sim):
            g.set_up(position)
    bot = SensibleBot(seed=seed)
    rng = random.Random(seed)
    step = 0
    for step in range(MAX_STEPS):  # noqa: B007 - the number of steps played is returned
        at = f"{where}, step {step}"
        for other, name in ((fast, "logged"), (sim, "simulated")):
            diff = first_difference(ref.raw_state, other.raw_state)
            assert diff is None, f"{at}: {name} state differs at {diff}"
        legal = ref.legal_actions()
        for other, name in ((fast, "logged"), (sim, "simulated")):
            got = other.legal_actions()
            assert [repr(a) for a in got] == [repr(a) for a in legal] and got == legal, \
                f"{at}: {name} legal actions differ: reference {legal}, fast {got}"
        if not legal:
            break
        action: Action = bot.choose(fast, legal) if chooser == "sensible" else legal[rng.randrange(len(legal))]
        before = dict(sim.tally)
        want = event_rows(ref.play(action))
        got_events = event_rows(fast.play(action))
        sim.play(action)
        for k, (a, b) in enumerate(zip(want, got_events, strict=False)):
            assert a == b, f"{at} ({action}): event {k} differs: reference {a}, fast {b}"
        assert len(want) == len(got_events), f"{at} ({action}): {len(want)} events, fast {len(got_events)}"
        fired = Counter((rule, seat) for rule, seat, _data, _text in want)
        counted = _tally_delta(before, sim.tally)
        assert counted == fired, f"{at} ({action}): rule firings counted {dict(counted)}, told {dict(fired)}"
    return step


CASES = [(seed, variant, players, "sensible" if seed % 2 else "random")
         for k, (variant, players) in enumerate(SETTINGS) for seed in (3 * k, 3 * k + 1, 3 * k + 2)]


@pytest.mark.parametrize(("seed", "variant", "players", "chooser"), CASES)
def test_the_fast_path_plays_the_reference_rules(seed: int, variant: dict[str, Any] | None, players: int,
                                                 chooser: str) -> None:
    assert play_side_by_side(FAST, seed, variant, players, chooser) > 20


@pytest.mark.parametrize("name", sorted(xevious.teaching_positions()))
def test_the_fast_path_plays_the_reference_rules_from_the_teaching_positions(name: str) -> None:
    """Later stages and the guards (the Andor Genesis, the Gump Markers of Stage 7) from the teacher's positions."""
    spec = xevious.teaching_positions()[name]
    players = len(spec["position"]["players"])
    for seed in range(3):
        play_side_by_side(FAST, seed, spec.get("variant"), players, "sensible" if seed else "random",
                          spec["position"])


class _BrokenFast(FastXeviousRules):
    """A fast path with one deliberate bug: no early stop on a Flag / Pin / Sol / Phantom space passed."""

    def plan(self, state: XeviousState, me: Pilot, n: int) -> Move:
        path, why, stops, exits = super().plan(state, me, n)
        areas = self.stage_of(state).areas
        return path, why, tuple(k for k in stops if not areas[path[k - 1][0]][path[k - 1][1]].blaster), exits


def test_a_broken_fast_path_is_caught() -> None:
    with pytest.raises(AssertionError) as err:
        for seed in range(6):
            play_side_by_side(_BrokenFast(), seed, None, 2, "random")
    message = str(err.value)
    assert "seed " in message and "step " in message and ("state differs at" in message or "legal" in message
                                                          or "event" in message), message
