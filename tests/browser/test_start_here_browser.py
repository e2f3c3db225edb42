"""The page `make lab` and Binder open: notebooks/00_start_here.ipynb runs in a real JupyterLab, its progress map
shows every rule of the three games (the browser's record read), its live Zaxxon board renders, and a click on a
legal move reaches Python and comes back; no cell prints anything."""

from __future__ import annotations

import pytest

from tests.browser.fixtures import click_and_wait

BOARD = ".tt-board[data-game='zaxxon']"


@pytest.mark.browser
def test_start_here_runs_and_its_board_plays(lab) -> None:
    page = lab.open_notebook("notebooks/00_start_here.ipynb", wait_for=BOARD)
    page.wait_for_selector(f"{BOARD} button.tt-action")
    page.wait_for_selector(".tt-progress-map")
    page.wait_for_selector(".tt-progress-store[data-loaded='1']", state="attached")
    assert int(page.get_attribute(".tt-progress-map", "data-clauses")) == lab.kernel_json(
        "sum(len(g['sections'][i]['clauses']) for g in __import__('tabletop.ui.progress', fromlist=['x'])"
        ".ProgressMap().panel.games for i in range(len(g['sections'])))")
    before = lab.kernel_json("len(board.game.history)")
    first = page.get_attribute(f"{BOARD} button.tt-action[data-index='0']", "data-action-id")
    click_and_wait(page, f"{BOARD} button.tt-action[data-index='0']", BOARD)
    played = lab.kernel_json("[t.action.key for t in board.game.history[1:]]")
    assert len(played) > before - 1 and played[before - 1] == first
    # every cell ran without an error output
    assert page.query_selector(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']") is None
    assert page.query_selector(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stdout']") is None
    lab.screenshot("start-here")
