"""The Zaxxon board in real JupyterLab + Chromium: move a plane, change altitude and shoot a silo by clicking
(zaxxon.plane-moves, zaxxon.altitude, zaxxon.shoot-silo-turret), checking the DOM and the kernel's state."""

from __future__ import annotations

import pytest

from tests.browser.fixtures import click_and_wait

pytest.importorskip("playwright")

NB = "tests/zaxxon/notebooks/zaxxon_board.ipynb"
BOARD = ".tt-board[data-game='zaxxon']"



@pytest.mark.browser
def test_move_change_altitude_and_shoot_by_clicking(lab) -> None:
    page = lab.open_notebook(NB, wait_for=BOARD)
    page.wait_for_selector(f"{BOARD} .zx-svg")
    assert page.get_attribute(f"{BOARD} .zx-count", "data-count") == "5"
    lab.screenshot("zaxxon-initial")

    # select blue plane #1 (High, on C9): its legal destinations light up
    page.click(f"{BOARD} [data-plane='0-1']")
    page.wait_for_selector(f"{BOARD} polygon.zx-can-move[data-hex='C8']")
    assert page.query_selector(f"{BOARD} polygon.zx-can-move[data-hex='C9']") is None

    # 1: move one space
    click_and_wait(page, f"{BOARD} polygon.zx-can-move[data-hex='C8']", BOARD)
    st = lab.kernel_json("{'planes': [dict(p) for p in board.game.state['planes']], 'count': board.game.state['count']}")
    assert st["planes"][0]["space"] == "C8" and st["count"] == 4
    assert page.get_attribute(f"{BOARD} [data-plane='0-1']", "data-space") == "C8"

    # 2: lower to Low Altitude with the button (the plane stays selected)
    click_and_wait(page, f"{BOARD} button.zx-btn[data-key='a']", BOARD)
    assert page.get_attribute(f"{BOARD} [data-plane='0-1']", "data-altitude") == "low"

    # 3-4: the missile silo two spaces away is outlined as a target; click the silo itself
    page.wait_for_selector(f"{BOARD} polygon.zx-can-shoot[data-hex='C6']")
    click_and_wait(page, f"{BOARD} .zx-target-silo.zx-can-shoot[data-space='C6']", BOARD)
    st = lab.kernel_json("{'silo': board.game.state['targets'][0]['space'], 'count': board.game.state['count'], "
                         "'mission': dict(board.game.state['mission'][0])}")
    assert st["silo"] is None and st["count"] == 1 and st["mission"]["outer_silo"] == 1
    assert page.query_selector(f"{BOARD} .zx-target-silo[data-space='C6']") is None
    assert page.query_selector(f"{BOARD} .tt-log-event[data-rule='zaxxon.shoot-silo-turret']") is not None
    done = page.locator(f"{BOARD} .zx-mission-0 li[data-done='1']")
    assert done.count() == 1 and "outer missile silo" in done.inner_text() and "done" in done.inner_text()
    assert done.locator("svg.zx-box .zx-box-tick").count() == 1  # the tick is drawn

    # a refused move, sent as the browser sends it: plane #2 onto the fuel tank's space. The banner shows the
    # rule and its reason in place, and nothing changes
    before = lab.kernel_json("board.game.digest()")
    lab.run_in_kernel("import json\nboard.handle_message({'type': 'act', 'version': board.version, "
                      "'id': json.dumps({'type': 'Move', 'plane': 2, 'to': 'D8'})})")
    page.wait_for_selector(f"{BOARD} .tt-error[data-rule='zaxxon.blocked-spaces']")
    assert "a target stands on D8" in page.inner_text(f"{BOARD} .tt-error")
    assert lab.kernel_json("board.game.digest()") == before
    lab.screenshot("zaxxon-after-shot")


def _until_shown(page, k: int) -> None:
    """Next (a question's reveal) or Show me (a your-move step) until lesson step ``k + 1``'s outcome is shown."""
    for _ in range(12):
        w = page.query_selector(".tt-walk")
        step, phase = w.get_attribute("data-step"), w.get_attribute("data-phase") or "shown"
        if step == str(k) and phase == "shown":
            return
        page.click(".tt-walk button.tt-ym-show" if phase == "your-move" else ".tt-walk button.tt-walk-next")
        page.wait_for_function("([s, p]) => { const e = document.querySelector('.tt-walk'); return !e.dataset.pending "
                               "&& (e.dataset.step !== s || (e.dataset.phase || 'shown') !== p); }", arg=[step, phase])
    raise AssertionError(f"lesson step {k + 1} is never shown")


@pytest.mark.browser
def test_radar_notebook_walkthrough_shows_refusal_then_alert(lab) -> None:
    """Notebook 06 runs in JupyterLab: step 1 asks first, then its reveal shows the refused radar crossing
    (zaxxon.radar-barrier) on the board as part of the narration; at step 3 the plane crosses (Show me) and Zaxxon
    is ALERTED (zaxxon.zaxxon-alert)."""
    page = lab.open_notebook("notebooks/zaxxon/06_radar_barrier.ipynb", wait_for=".tt-walk")
    page.wait_for_selector(".tt-walk[data-step='0'][data-phase='question']")
    _until_shown(page, 0)
    page.wait_for_selector(".tt-board[data-game='zaxxon'] .tt-demo-refusal[data-rule='zaxxon.radar-barrier']")
    assert page.query_selector(".tt-board[data-game='zaxxon'] .tt-error:not([hidden])") is None  # not an error box
    assert page.query_selector(".zx-zaxxon[data-active='1']") is None
    lab.screenshot("zaxxon-walkthrough-06-radar-refused")  # the step that teaches the rule
    _until_shown(page, 2)
    page.wait_for_selector(".zx-zaxxon[data-active='1']")
    lab.screenshot("zaxxon-walkthrough-06")


@pytest.mark.browser
def test_board_fills_the_notebook_width(lab) -> None:
    """The hex board is drawn as wide as the output area allows (up to a cap), so it reads on a projector; the
    controls and log sit beside or below it, never squeezing it."""
    page = lab.open_notebook(NB, wait_for=BOARD)
    page.wait_for_selector(f"{BOARD} .zx-svg")
    sizes = page.evaluate("""(sel) => {
        const board = document.querySelector(sel);
        const out = board.closest('.jp-OutputArea-output') || board.parentElement;
        return {svg: board.querySelector('.zx-svg').getBoundingClientRect().width,
                area: out.getBoundingClientRect().width};
    }""", BOARD)
    lab.screenshot("zaxxon-board-size")
    assert sizes["svg"] >= min(0.9 * sizes["area"], 1100), sizes


@pytest.mark.browser
def test_walkthrough_board_is_not_squeezed_by_the_narration(lab) -> None:
    """In a lesson the board wraps below the narration unless there is room for 900 px of board beside it."""
    page = lab.open_notebook("notebooks/zaxxon/06_radar_barrier.ipynb", wait_for=".tt-walk")
    page.wait_for_selector(".tt-board[data-game='zaxxon'] .zx-svg")
    sizes = page.evaluate("""() => {
        const svg = document.querySelector(".tt-walkthrough .zx-svg").getBoundingClientRect();
        const area = document.querySelector('.tt-walkthrough').getBoundingClientRect();
        return {svg: svg.width, area: area.width};
    }""")
    page.locator(".tt-walkthrough .zx-svg").first.scroll_into_view_if_needed()
    lab.screenshot("zaxxon-walkthrough-size")
    assert sizes["svg"] >= min(0.85 * sizes["area"], 900), sizes


@pytest.mark.browser
def test_live_radar_board_says_why_not_and_shows_zaxxons_facing(lab) -> None:
    """Issue 9 item 7: on notebook 06's live board, clicking plane #1 and then a hex across the RADAR barrier
    after a lower roll shows the refusal (zaxxon.radar-barrier) in place - never silence; a hex that is not
    adjacent names zaxxon.plane-moves. Zaxxon's front is drawn (data-facing)."""
    page = lab.open_notebook("notebooks/zaxxon/06_radar_barrier.ipynb", wait_for=".tt-walk")
    live = page.locator(BOARD).last
    live.locator(".zx-svg").wait_for()
    assert live.locator(".zx-zaxxon").get_attribute("data-facing") in ("N", "S")
    assert live.locator(".zx-front").count() == 1
    live.locator("[data-plane='0-1']").click()
    live.locator("polygon[data-hex='G12']").click()
    live.locator(".tt-error[data-rule='zaxxon.radar-barrier']").wait_for()
    assert "rolled the lower number" in live.locator(".tt-error").inner_text()
    lab.screenshot("zaxxon-live-radar-why-not")
    live.locator("[data-plane='0-1']").click()
    live.locator("polygon[data-hex='K3']").click()
    live.locator(".tt-error[data-rule='zaxxon.plane-moves']").wait_for()
    assert lab.kernel_json("board.game.state['planes'][0]['space']") == "F12"

    # keyboard: Enter on a plane selects it and focus stays on the board, so the next key (A: altitude) works
    plane = live.locator("[data-plane='0-1']")
    plane.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement && document.activeElement.dataset "
                           "&& document.activeElement.dataset.focus === 'zx-plane-0-1'")
    v = int(live.get_attribute("data-version"))
    page.keyboard.press("a")
    page.wait_for_function(f"() => Number(document.querySelectorAll(\"{BOARD}\")[1].dataset.version) > {v}")
    assert lab.kernel_json("board.game.state['planes'][0]['altitude']") == "high"
