"""Property tests of the kit: refusals change nothing, save/load/replay is exact, undo restores."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine import Game, IllegalAction
from tests.kit.pig import Hold, PigRules, Roll, Say

moves = st.lists(st.sampled_from(["roll", "hold", "say", "undo", "rig"]), max_size=40)


def drive(g: Game, script: list[str], dice: st.DataObject | None = None) -> None:
    for m in script:
        if g.is_over:
            break
        if m == "undo":
            if g.can_undo:
                g.undo()
            continue
        if m == "rig":
            g.rig(die=(len(g.history) % 6) + 1)
            continue
        act = {"roll": Roll(), "hold": Hold(), "say": Say("hi")}[m]
        before, v = g.state, g.version
        try:
            g.play(act)
        except IllegalAction:
            assert g.state == before and g.version == v


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**40), script=moves)
def test_refusals_leave_state_untouched_and_replay_is_identical(seed: int, script: list[str]) -> None:
    g = Game(PigRules(), seed=seed)
    drive(g, script)
    h = Game.load(PigRules(), g.save())
    assert h.state == g.state and h.rigged == g.rigged and h.chance.counter == g.chance.counter


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**40), script=moves)
def test_undo_restores_previous_state(seed: int, script: list[str]) -> None:
    g = Game(PigRules(), seed=seed)
    states = [g.state]
    for m in script:
        if g.is_over:
            break
        act = Roll() if m != "hold" else Hold()
        try:
            g.play(act)
        except IllegalAction:
            continue
        states.append(g.state)
    while g.can_undo:
        g.undo()
        states.pop()
        assert g.state == states[-1]
