"""Issue 12 on the game boards: hovering or focusing a listed move highlights what it touches on the board (the
kit matches the entry's place fields, e.g. a Zaxxon hex, or the board's data-tt-action on a Xevoz part)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright")


def _preview(page: Any, board: str, button: str, target: str) -> None:
    assert page.locator(f"{board} .tt-move-preview").count() == 0
    page.hover(button)
    page.wait_for_selector(f"{target}.tt-move-preview")
    page.mouse.move(1, 1)
    page.wait_for_selector(f"{target}.tt-move-preview", state="detached")
    page.focus(button)
    page.wait_for_selector(f"{target}.tt-move-preview")


@pytest.mark.browser
def test_zaxxon_move_in_the_list_lights_its_hex(lab: Any) -> None:
    board = ".tt-board[data-game='zaxxon']"
    page = lab.open_notebook("tests/zaxxon/notebooks/zaxxon_board.ipynb", wait_for=f"{board} .zx-svg")
    i, to = lab.kernel_json("next([i, e['to']] for i, e in enumerate(board.legal) if e['type'] == 'Move')")
    assert page.locator(f"{board} polygon[data-hex='{to}']").count() == 1
    button = f"{board} button.tt-action[data-index='{i}']"
    assert f"to {to}" in page.inner_text(button)
    _preview(page, board, button, f"{board} polygon[data-hex='{to}']")
    lab.assert_no_console_errors()


@pytest.mark.browser
def test_xevoz_chop_in_the_list_lights_its_part(lab: Any) -> None:
    board = ".tt-board[data-game='xevoz']"
    page = lab.open_notebook("tests/xevoz/notebooks/xevoz_board.ipynb", wait_for=f"{board} .xz-tree")
    part = lab.kernel_json("next(a.part for a in board.game.legal_actions() if type(a).__name__ == 'Chop')")
    key = lab.kernel_json("next(a.key for a in board.game.legal_actions() if type(a).__name__ == 'Chop')")
    button = f"{board} button.tt-action[data-type='Chop'] >> nth=0"
    target = f"{board} [data-tt-action='{key}'][data-part='{part}']"
    assert page.locator(f"{board} [data-tt-action='{key}']").count() >= 1
    _preview(page, board, button, target)
    lab.assert_no_console_errors()
