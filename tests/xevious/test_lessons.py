"""The step-through lessons make their rule happen every time: no rigged outcome is left unused, a lesson's game
saves and replays like any other, and Back/Next positions are exact replays. (The contract itself — clauses that
fire, facts that hold, a hand-over that plays — is tests/xevious/test_lesson_contract.py.)"""

from __future__ import annotations

import pytest

from tabletop import xevious
from tabletop.xevious.lessons import LESSONS, lesson


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_every_step_uses_its_rigs_and_the_game_replays(number: str) -> None:
    les = lesson(number)
    g = les.new_game()
    for k, step in enumerate(les.steps):
        step.apply(g)
        assert not g.rigged, f"{les.id} step {k + 1} left rigged outcomes unused: {g.rigged}"
        assert "`xevious." in step.text(g) or step.rules, f"{les.id} step {k + 1} names no clause"
    again = xevious.load(g.save())
    assert again.digest() == g.digest()


def test_lesson_game_at_is_a_fresh_replay() -> None:
    les = lesson(3)
    a = les.game_at(2)
    b = les.game_at(2)
    assert a.digest() == b.digest() and a.raw_state.last["kind"] == "battle"


def test_lesson_7_hands_over_a_game_still_to_play() -> None:
    """Issue 9: xevious/07 handed over a finished game. Now a Gump Marker falls but two still stand."""
    les = lesson("07")
    g = les.game_at(len(les.steps) - 1)
    assert not g.is_over and sum(g.raw_state.gumps) == 2 and g.legal_actions()
    assert les.bots == {1: "sensible"}
    with pytest.raises(KeyError):
        lesson(99)
