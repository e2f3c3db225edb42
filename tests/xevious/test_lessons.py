"""The step-through lessons make their rule happen every time: each step's clauses fire in its events, no rigged
outcome is left unused, and the lesson game saves and replays like any other game."""

from __future__ import annotations

import pytest

from tabletop import xevious
from tabletop.xevious.lessons import LESSONS, lesson


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_every_step_makes_its_rules_happen(number: str) -> None:
    les = lesson(number)
    g = les.new_game()
    for k, step in enumerate(les.steps):
        events = les.run_step(g, k)
        fired = {e.rule for e in events} | ({e.rule for e in g.history[0].events} if k == 0 else set())
        missing = [r for r in step.fires if r not in fired]
        assert not missing, f"lesson {number} step {k} ({step.title}): {missing} did not happen"
        assert not g.rigged, f"lesson {number} step {k} left rigged outcomes unused: {g.rigged}"
        assert "`xevious." in step.text or k == 0
    again = xevious.load(g.save())
    assert again.digest() == g.digest()


def test_lesson_game_at_is_a_fresh_replay() -> None:
    les = lesson(3)
    a = les.game_at(2)
    b = les.game_at(2)
    assert a.digest() == b.digest() and a.raw_state.last["kind"] == "battle"


def test_lesson_7_ends_with_a_winner() -> None:
    les = lesson("07")
    g = les.game_at(len(les.steps) - 1)
    assert g.is_over and g.winner is not None and g.log[-1].rule == "xevious.victory"
    with pytest.raises(KeyError):
        lesson(99)
