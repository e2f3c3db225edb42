"""Issue 11: the walkthrough's projector view, Python side: Python owns the trait, the toggle is a validated
message, the layout class follows the trait, and a lesson walkthrough can start in it."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.ui import Walkthrough
from tests.ui.conftest import browser_message
from tests.ui.pigboard import PigBoard
from tests.ui.test_walkthrough import STEPS, new_game


def walk(**kw: Any) -> Walkthrough:
    return Walkthrough(STEPS, board=PigBoard, new_game=new_game, **kw)


def test_presentation_is_off_by_default_and_can_start_on() -> None:
    w = walk()
    assert w.presentation is False and w.panel.presentation is False
    assert "tt-presenting" not in w._dom_classes
    assert "tt-walk-panel-host" in w.panel._dom_classes and "tt-walk-board-host" in w.board._dom_classes
    on = walk(presentation=True)
    assert on.presentation is True and on.panel.presentation is True and "tt-presenting" in on._dom_classes


def test_setting_presentation_from_python_moves_trait_and_layout_class_together() -> None:
    w = walk()
    v = w.panel.version
    w.presentation = True
    assert w.panel.presentation and "tt-presenting" in w._dom_classes and w.panel.version == v + 1
    w.presentation = False
    assert not w.panel.presentation and "tt-presenting" not in w._dom_classes
    for bad in (1, "yes", None):
        with pytest.raises(TypeError, match="presentation must be True or False"):
            w.presentation = bad  # type: ignore[assignment]
        with pytest.raises(TypeError, match="presentation must be True or False"):
            walk(presentation=bad)
    assert w.presentation is False


def test_the_toggle_message_is_validated_and_keeps_the_step() -> None:
    w = walk()
    w.goto(2)
    browser_message(w.panel, {"type": "presentation", "on": True, "version": w.panel.version})
    assert w.presentation and w.step == 2 and w.panel.error is None and "tt-presenting" in w._dom_classes
    for bad in ({"type": "presentation", "on": "true", "version": w.panel.version},
                {"type": "presentation", "on": 0, "version": w.panel.version},
                {"type": "presentation", "version": w.panel.version},
                {"type": "present", "on": False, "version": w.panel.version},
                {"type": "presentation", "on": False}):
        browser_message(w.panel, bad)
        assert w.panel.error is not None and w.panel.error["rule"] == "ui.message", bad
        assert w.presentation is True and "tt-presenting" in w._dom_classes
    browser_message(w.panel, {"type": "presentation", "on": False, "version": w.panel.version - 1})
    assert w.panel.error["rule"] == "ui.stale" and w.presentation is True
    assert w.handle_message({"type": "presentation", "on": True, "version": w.panel.version}) is False  # no-op
    assert w.handle_message({"type": "presentation", "on": False, "version": w.panel.version}) is True
    assert not w.presentation and "tt-presenting" not in w._dom_classes and w.step == 2


def test_a_front_end_write_of_presentation_is_reverted() -> None:
    w = walk()
    n = w.panel.refused_updates
    w.panel.set_state({"presentation": True})
    assert w.presentation is False and w.panel.presentation is False and w.panel.refused_updates == n + 1
    sent = w.panel.comm.updates()[-1]
    assert sent == {"presentation": False}
    w.presentation = True
    w.panel.set_state({"presentation": False})
    assert w.presentation is True and w.panel.comm.updates()[-1] == {"presentation": True}


def test_xevious_lesson_passes_presentation_through() -> None:
    from tabletop.xevious.widget import walkthrough

    w = walkthrough("06", presentation=True)
    assert w.presentation is True and "tt-presenting" in w._dom_classes


@pytest.mark.parametrize("game, number", [("zaxxon", "06"), ("xevoz", "04"), ("xevious", "06")])
def test_every_game_opens_a_lesson_in_the_projector_view(game: str, number: str) -> None:
    mod = __import__(f"tabletop.{game}.widget", fromlist=["walkthrough"])
    assert mod.walkthrough(number, presentation=True).presentation is True
    assert mod.walkthrough(number).presentation is False


@pytest.mark.parametrize("game, number", [("zaxxon", "06"), ("xevoz", "04"), ("xevious", "06")])
def test_the_teacher_panel_is_available_at_a_walkthroughs_hand_over(game: str, number: str) -> None:
    """Issue 11: ``walkthrough(number, teacher=True)`` shows the teacher panel at the hand-over only (the lesson
    steps stay read-only); by default there is none."""
    mod = __import__(f"tabletop.{game}.widget", fromlist=["walkthrough"])
    walk = mod.walkthrough(number, teacher=True)
    assert walk.board.teacher is False  # a lesson step: read-only, no panel
    walk.goto(-1)
    assert walk.board.teacher is True and walk.board.interactive is True
    assert walk.board.teacher_data["chance"]  # the panel offers the next chance outcomes
    walk.goto(0)
    assert walk.board.teacher is False
    plain = mod.walkthrough(number)
    plain.goto(-1)
    assert plain.board.teacher is False
    with pytest.raises(TypeError, match="teacher must be True or False"):
        mod.walkthrough(number, teacher="yes")
