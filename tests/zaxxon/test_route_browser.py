"""Issue 20 item 2 in real JupyterLab + Chromium: after selecting a plane, a click on a hex "3 counts away" flies
the whole route there (three logged moves), with no refusal banner."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright")

NB = "tests/zaxxon/notebooks/zaxxon_board.ipynb"
BOARD = ".tt-board[data-game='zaxxon']"


@pytest.mark.browser
def test_a_click_three_counts_away_flies_the_route(lab) -> None:
    page = lab.open_notebook(NB, wait_for=BOARD)
    page.wait_for_selector(f"{BOARD} .zx-svg")
    page.click(f"{BOARD} [data-plane='0-1']")
    far = page.wait_for_selector(f"{BOARD} polygon.zx-reach[data-cost='3']")
    to = far.get_attribute("data-hex")
    assert "click to fly the whole route" in (far.get_attribute("aria-label") or "")
    n = lab.kernel_json("len(board.game.history)")
    far.click()
    page.wait_for_selector(f"{BOARD} [data-plane='0-1'][data-space='{to}']")
    st = lab.kernel_json(f"{{'moves': [str(t.action) for t in board.game.history[{n}:]], 'error': board.error, "
                         "'count': board.game.state['count']}")
    assert st["error"] is None and st["count"] == 2
    assert len(st["moves"]) == 3 and all(m.startswith("move plane #1 to ") for m in st["moves"])
    assert st["moves"][-1] == f"move plane #1 to {to}"
    assert page.query_selector(f"{BOARD} .tt-error[data-rule]:not([hidden])") is None  # no refusal shown
    lab.screenshot("zaxxon-route-flown")
