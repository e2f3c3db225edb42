"""The Xevoz position editor (issue 11) in real JupyterLab + Chromium: with the teacher panel's "Edit position" on,
a click on a part chops or restores it, a click on a figure then on a square moves the figure (Python checks every
edit with Game.set_up: a refusal shows its rule in the banner and changes nothing); with it off, clicks play again."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.xevoz.widget import EDITOR_HELP
from tests.browser.fixtures import axe_violations, board_version, click_and_wait

pytest.importorskip("playwright")

NOTEBOOK = "tests/xevoz/notebooks/xevoz_editor.ipynb"  # round 1, the attack call: P1 Razorclaw C3, P2 Skull Jack D3
BOARD = ".tt-board[data-game='xevoz']"
HELM = f"{BOARD} .xz-node[data-seat='1'][data-part='helm']"  # Skull Jack's Skull Helm: a leaf
ARM = f"{BOARD} .xz-node[data-seat='1'][data-part='arm-l']"  # Skull Jack's Left Arm: the Left Hand snaps onto it


def _side(lab: Any, seat: int) -> Any:
    return lab.kernel_json(f"board.game.position()['sides'][{seat}]")


def _refused(page: Any, lab: Any, selector: str, rule: str) -> str:
    """Click ``selector``; the kit's banner names ``rule``; Python's position stays as it was. Returns the reason."""
    before = lab.kernel_json("board.game.position()")
    v = board_version(page, BOARD)
    page.click(selector)
    page.wait_for_selector(f"{BOARD} .tt-error[data-rule='{rule}']")
    assert board_version(page, BOARD) == v
    assert lab.kernel_json("board.game.position()") == before
    return str(page.inner_text(f"{BOARD} .tt-error"))


@pytest.mark.browser
def test_edit_position_chops_restores_and_moves_then_play_resumes(lab: Any) -> None:
    page = lab.open_notebook(NOTEBOOK, wait_for=f"{BOARD} .tt-teacher button.tt-edit-position")
    assert page.get_attribute(BOARD, "data-editing") == "0"
    assert page.get_attribute(HELM, "role") is None  # not a move now: no button named "edit: ..."

    page.click(f"{BOARD} .tt-teacher button.tt-edit-position")
    page.wait_for_selector(f"{BOARD}[data-editing='1'] .xz-node.xz-edit")
    assert page.inner_text(f"{BOARD} .tt-edit-help") == EDITOR_HELP
    # while editing, nothing plays: the calls are disabled, the W key calls nothing
    assert page.is_disabled(f"{BOARD} button.xz-call-white")
    # every part of both figures is an editor button with its name
    names = page.eval_on_selector_all(f"{BOARD} .xz-node", "els => els.map((e) => e.getAttribute('aria-label'))")
    assert len(names) == 50 and all(n.startswith(("edit: chop ", "edit: restore ")) for n in names), names[:3]
    assert page.get_attribute(HELM, "aria-label") == "edit: chop Player 2's Skull Helm, attached, Power Part"
    assert page.get_attribute(HELM, "role") == "button"

    # a leaf part of Player 2's figure: chopped, then restored (by keyboard)
    click_and_wait(page, HELM, BOARD)
    assert _side(lab, 1)["chopped"] == ["helm"]
    assert lab.kernel_json("board.game.state['sides'][1]['life']") == 23
    assert page.get_attribute(HELM, "aria-label") == "edit: restore Player 2's Skull Helm, chopped (in the pile), Power Part"
    assert page.get_attribute(HELM, "data-present") == "0"
    v = board_version(page, BOARD)
    page.focus(HELM)
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.querySelector({BOARD!r}).dataset.version) > {v}")
    assert _side(lab, 1)["chopped"] == []
    assert page.get_attribute(HELM, "data-present") == "1"
    assert lab.kernel_json("board.game.state['phase']") == "call"

    # a part with a part snapped onto it cannot go alone: refused, naming the clause; nothing changes
    why = _refused(page, lab, ARM, "xevoz.stay-connected")
    assert "Left Hand" in why and "Left Arm" in why
    # a DRAIN ATTACK part is never chopped
    _refused(page, lab, f"{BOARD} .xz-node[data-seat='1'][data-part='fang']", "xevoz.drain-uncuttable")

    # move Player 2's figure: click it on D3, then C4 (next to Player 1 on C3)
    page.click(f"{BOARD} g.xz-cell[data-cell='D3']")
    page.wait_for_selector(f"{BOARD} g.xz-cell.xz-edit-picked[data-cell='D3']")
    assert page.get_attribute(f"{BOARD} g.xz-cell[data-cell='C4']", "aria-label").startswith(
        "edit: move Player 2's figure here: C4")
    click_and_wait(page, f"{BOARD} g.xz-cell[data-cell='C4']", BOARD)
    assert _side(lab, 1)["square"] == "C4" and _side(lab, 0)["square"] == "C3"
    assert page.locator(f"{BOARD} .xz-edit-picked").count() == 0
    # a square away from the attacker: refused (the defender stands next to the attacker at a round's start)
    page.click(f"{BOARD} g.xz-cell[data-cell='C4']")
    page.wait_for_selector(f"{BOARD} g.xz-cell.xz-edit-picked[data-cell='C4']")
    _refused(page, lab, f"{BOARD} g.xz-cell[data-cell='F6']", "xevoz.defender-follows")

    violations = axe_violations(page, BOARD)
    assert violations == [], "\n".join(violations)
    lab.screenshot("xevoz-editor")
    # the edits are set-ups in the game's script (undoable, saved)
    assert lab.kernel_json("sum('setup' in e for e in board.game.save()['script'])") == 1  # one editing session

    # while editing, the kit's move list, Undo and the keys do not play: they say why, and nothing changes
    version = lab.kernel_json("board.game.version")
    page.click(f"{BOARD} button.tt-action >> nth=0")
    page.wait_for_selector(f"{BOARD} .tt-error[data-rule='ui.editing']")
    page.click(f"{BOARD} button.tt-undo")
    page.keyboard.press("1")
    assert lab.kernel_json("board.game.version") == version

    # editing off: clicks play normally again (the WHITE call, rigged)
    page.click(f"{BOARD} .tt-teacher button.tt-edit-position")
    page.wait_for_selector(f"{BOARD}[data-editing='0']")
    assert page.locator(f"{BOARD} .xz-edit").count() == 0
    lab.run_in_kernel("board.game.rig(helix1='4a', helix2='3a')")
    click_and_wait(page, f"{BOARD} button.xz-call-white", BOARD)
    assert lab.kernel_json("board.game.state['phase']") == "actions"
    assert lab.kernel_json("board.game.state['roll']['colour']") == "white"
