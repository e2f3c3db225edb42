"""The Super Xevious position editor (issue 11) in a real JupyterLab + Chromium: on a teacher's board, "Edit position"
turns clicks into set-ups (pick up a Solvalou, press a space; + / − on a sheet row; "to play"), Python checks each
one through ``Game.set_up`` and a refusal (xevious.sheet-limit, xevious.respawn) is shown and changes nothing; after
"Stop editing" a click plays (or is refused as a move) again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import axe_violations, make_notebook

pytest.importorskip("playwright")

SEL = ".tt-root.tt-board"
CELLS = ["from tabletop import xevious\n\nboard = xevious.Board(seed=1, teacher=True)\nboard"]


def _version(page: Any) -> int:
    return int(page.get_attribute(SEL, "data-version"))


def _wait_version_above(page: Any, v: int) -> None:
    page.wait_for_function("([s, v]) => { const el = document.querySelector(s);"
                           " return el && Number(el.dataset.version) > v && !el.dataset.pending; }", arg=[SEL, v])


def _count(board: Any, seat: int, row: str) -> str:
    return str(board.locator(f".xv-sheet-{seat} tr[data-row='{row}'] .xv-count").inner_text())


@pytest.mark.browser
def test_position_editor_moves_pieces_sets_markers_and_refuses_by_the_rules(lab: Any, tmp_path: Path) -> None:
    nb = tmp_path / "xevious_editor.ipynb"
    nb.write_text(json.dumps(make_notebook(CELLS), indent=1))
    page = lab.open_notebook(nb, wait_for=".xv-board")
    board = page.locator(SEL)
    page.wait_for_function("(s) => document.querySelector(s).dataset.interactive === '1'", arg=SEL)
    # not editing: no edit button on the sheets, the choices are there, pieces are pictures
    assert board.locator(".xv-edit").count() == 0
    assert board.locator("button.xv-choice[data-type='Roll']").count() == 1
    assert board.locator("g.xv-mover-0").get_attribute("role") == "img"
    history = lab.kernel_json("len(board.game.history)")

    board.locator("button.tt-edit-position").click()
    page.wait_for_function("(s) => document.querySelector(s).dataset.editing === '1'", arg=SEL)
    assert "Click a Solvalou" in board.locator(".tt-edit-help").inner_text()
    assert board.locator("button.xv-choice").count() == 0  # no move can be played while editing
    # a space pressed with nothing picked up is no edit (and no move)
    board.locator("g.xv-space[data-area='1'][data-space='3']").click()
    page.wait_for_timeout(400)
    assert lab.kernel_json("len(board.game.history)") == history
    assert board.locator(".tt-error[data-rule]:not([hidden])").count() == 0

    # pick up Blue's piece, then press area 1 space 5: Python has Blue there, Red untouched
    mover = board.locator("g.xv-mover-0")
    assert mover.get_attribute("role") == "button"
    assert mover.get_attribute("aria-label").startswith("pick up Blue's Solvalou, area 1, space 1")
    mover.click()
    page.wait_for_selector(f"{SEL} g.xv-mover-0.xv-picked")
    assert board.locator("g.xv-space.xv-drop").count() >= 9
    target = board.locator("g.xv-space[data-area='1'][data-space='5']")
    assert "press to put Blue's Solvalou here" in target.get_attribute("aria-label")
    v = _version(page)
    target.click()
    _wait_version_above(page, v)
    players = lab.kernel_json("board.game.position()['players']")
    assert [players[0]["area"], players[0]["space"]] == [1, 5]
    assert [players[1]["area"], players[1]["space"]] == [1, 1]
    assert lab.kernel_json("len(board.game.history)") == history + 1  # one set-up, recorded (undoable)
    assert board.locator(".xv-sheet-0 .xv-where").inner_text() == "area 1, space 5"
    assert board.locator("g.xv-mover-0.xv-picked").count() == 0  # put down

    # the sheet's Solvalou button picks the piece up too
    board.get_by_role("button", name="pick up Red's Solvalou, then press a space to put it there").click()
    page.wait_for_selector(f"{SEL} g.xv-mover-1.xv-picked")
    v = _version(page)
    board.locator("g.xv-space[data-area='1'][data-space='2']").click()
    _wait_version_above(page, v)
    players = lab.kernel_json("board.game.position()['players']")
    assert [players[1]["area"], players[1]["space"]] == [1, 2]

    # + on Blue's Shield row: one marker more each press, up to the row's 5 spaces
    plus = board.get_by_role("button", name="add a Shield Marker to Blue's sheet", exact=True)
    for n in range(1, 6):
        v = _version(page)
        plus.click()
        _wait_version_above(page, v)
        assert lab.kernel_json("board.game.position()['players'][0]['shield']") == n
        assert _count(board, 0, "shield") == f"{n}/5"
    # the sixth is refused by the rules (shown in the kit's banner) and changes nothing
    before = lab.kernel_json("board.game.position()")
    plus.click()
    page.wait_for_selector(f"{SEL} .tt-error[data-rule='xevious.sheet-limit']")
    assert lab.kernel_json("board.game.position()") == before
    assert _count(board, 0, "shield") == "5/5"
    # − down to 0 Solvalou Markers is refused too (a player who runs out respawns at once)
    minus = board.get_by_role("button", name="remove a Solvalou Marker from Red's sheet", exact=True)
    for n in (2, 1):
        v = _version(page)
        minus.click()
        _wait_version_above(page, v)
        assert lab.kernel_json("board.game.position()['players'][1]['solvalou']") == n
    minus.click()
    page.wait_for_selector(f"{SEL} .tt-error[data-rule='xevious.respawn']")
    assert lab.kernel_json("board.game.position()['players'][1]['solvalou']") == 1
    # "to play" gives Red the turn
    v = _version(page)
    board.get_by_role("button", name="give Red the turn (to roll next)").click()
    _wait_version_above(page, v)
    assert lab.kernel_json("board.game.position()['to_play']") == 1
    assert board.get_attribute("data-current-player") == "1"
    lab.screenshot("xevious-editor")
    board.locator("g.xv-mover-0").click()  # a piece picked up: the spaces are buttons to drop it on
    page.wait_for_selector(f"{SEL} g.xv-mover-0.xv-picked")
    found = axe_violations(page, ".jp-OutputArea-output")  # the edit buttons are named, nothing critical/serious
    assert found == [], "\n".join(found)
    page.keyboard.press("Escape")  # puts the piece back
    page.wait_for_selector(f"{SEL} g.xv-mover-0:not(.xv-picked)")
    edits = lab.kernel_json("len(board.game.history)")

    # stop editing: the buttons go, a click on a space is a move again (refused as a move here), Roll plays
    board.locator("button.tt-edit-position").click()
    page.wait_for_function("(s) => document.querySelector(s).dataset.editing === '0'", arg=SEL)
    assert board.locator(".xv-edit").count() == 0
    assert board.locator("g.xv-mover-1").get_attribute("role") == "img"
    position = lab.kernel_json("board.game.position()")
    assert board.locator(".tt-error[data-rule]:not([hidden])").count() == 0
    board.locator("g.xv-space[data-area='1'][data-space='9']").click()
    page.wait_for_selector(f"{SEL} .tt-error[data-rule]:not([hidden])")
    rule = board.locator(".tt-error[data-rule]:not([hidden])").get_attribute("data-rule")
    assert rule.startswith("xevious.") and rule not in ("xevious.sheet-limit", "xevious.respawn"), rule
    assert lab.kernel_json("board.game.position()") == position
    assert lab.kernel_json("len(board.game.history)") == edits
    lab.run_in_kernel("board.rig(die=1)")
    board.locator("button.xv-choice[data-type='Roll']").click()
    for _ in range(60):  # Python answers the click: one move more, a roll
        if lab.kernel_json("len(board.game.history)") > edits:
            break
        page.wait_for_timeout(250)
    assert lab.kernel_json("len(board.game.history)") == edits + 1
    assert lab.kernel_json("type(board.game.history[-1].action).__name__") == "Roll"
