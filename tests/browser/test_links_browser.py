"""Issue 23 (links), in JupyterLab + Chromium: a page address whose fragment holds a position opens the board at
that position; the teacher panel's Copy link makes such an address, and it opens the same position again; a
hostile link is refused with its field and the board opens as it was (no script runs, nothing is shown as HTML)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tabletop import xevoz
from tabletop.ui.links import fragment
from tests.browser.fixtures import make_notebook

pytestmark = pytest.mark.browser

CELLS = ["from tabletop.xevoz.widget import Board\nboard = Board(seed=8, teacher=True)\nboard"]
BOARD = ".jp-OutputArea-output .tt-board"


def _mid_round() -> dict[str, Any]:
    g = xevoz.new_game(seed=3)
    while not (g.raw_state.phase == "actions" and g.raw_state.round >= 2):
        g.play(g.legal_actions()[0])
    return g.position()


def test_a_link_opens_a_board_at_its_position_and_copy_link_makes_one(lab: Any, tmp_path: Path) -> None:
    nb = tmp_path / "links.ipynb"
    nb.write_text(json.dumps(make_notebook(CELLS)))
    pos = _mid_round()  # in the middle of a round: the queue of chops (describable since issue 23)
    page = lab.open_notebook(nb, wait_for=BOARD, fragment=fragment("xevoz", position=pos))
    page.wait_for_function("() => { const b = document.querySelector('.jp-OutputArea-output .tt-board');"
                           " return b && Number(b.dataset.version) > 0 && !b.dataset.pending; }")
    page.wait_for_function("() => true")
    got = None
    for _ in range(50):
        got = lab.kernel_json("board.game.position()")
        if got == pos:
            break
        page.wait_for_timeout(200)
    assert got == pos
    assert lab.kernel_json("board.error") is None
    # Copy link: this page's address, whose fragment opens the same position
    lab.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click(f"{BOARD} summary:has-text('Teacher')") if page.locator(f"{BOARD} .tt-copy-link").count() == 0 else None
    page.click(f"{BOARD} button.tt-copy-link")
    page.wait_for_selector(f"{BOARD} button.tt-copy-link:has-text('Link copied')")
    url = page.evaluate("() => navigator.clipboard.readText()")
    assert url.split("#", 1)[1] == lab.kernel_json("board.link()")
    lab.screenshot("board-opened-from-link")


def test_a_hostile_link_is_refused_by_field_and_runs_nothing(lab: Any, tmp_path: Path) -> None:
    nb = tmp_path / "links_bad.ipynb"
    nb.write_text(json.dumps(make_notebook(CELLS)))
    hostile = {"phase": "<img src=x onerror=alert(1)>", "sides": "<script>window.__pwned=1</script>"}
    page = lab.open_notebook(nb, wait_for=BOARD, fragment=fragment("xevoz", position=hostile))
    page.wait_for_selector(f"{BOARD} .tt-error:not([hidden])")
    shown = page.inner_text(f"{BOARD} .tt-error")
    assert "link's position is refused" in shown and "phase" in shown, shown
    assert page.evaluate("() => window.__pwned === undefined && !document.querySelector('.tt-board img')")
    assert lab.kernel_json("board.game.raw_state.phase") == "build"
