"""Issue 11: the walkthrough's projector view in real JupyterLab + Chromium.

The "Projector view" button asks Python (a validated message) to lay narration and board side by side over the
whole window. At 1280 x 720 and 1920 x 1080, at every lesson step of Zaxxon 06 and Super Xevious 06 (and at
each question and your-move before a step's reveal), the narration (or question, or prompt) and the whole board
picture must lie inside the viewport, in large type.
"""

from __future__ import annotations

from typing import Any

import pytest

WALK = ".tt-root.tt-walk"
BOARD = ".tt-presenting .tt-board"
#: the board picture of each game (the renderer's top-level SVG)
PICTURE = {"zaxxon": "svg.zx-svg", "xevious": "svg.xv-board"}

#: the Walkthrough objects living in the notebook's kernel (the lesson cell does not name its walkthrough)
WALKS = ("[w for w in __import__('ipywidgets').widgets.widget._instances.values() "
         "if type(w).__name__ == 'Walkthrough']")

#: what the panel shows of a step: its question before the reveal, the your-move prompt, else the narration
SHOWN = {"question": ".tt-question", "your-move": ".tt-your-move", "shown": ".tt-walk-text"}

BOXES_JS = """([walk, picture, shown]) => {
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height }; };
  const text = document.querySelector(walk + ' ' + shown);
  const nav = document.querySelector(walk + ' .tt-walk-nav');
  const pic = document.querySelector(picture);
  return { text: box(text), nav: box(nav), picture: box(pic), vw: window.innerWidth, vh: window.innerHeight,
           textPx: parseFloat(getComputedStyle(text).fontSize),
           textHidden: text ? text.scrollHeight > text.clientHeight + 1 : true };
}"""


def _inside(b: dict[str, float], vw: int, vh: int) -> bool:
    return b["width"] > 0 and b["height"] > 0 and b["left"] >= -0.5 and b["top"] >= -0.5 and \
        b["right"] <= vw + 0.5 and b["bottom"] <= vh + 0.5


def _check_all_steps(lab: Any, page: Any, game: str, size: tuple[int, int], shot: str) -> list[float]:
    """At every lesson step (and the hand-over), and at a step's question and your-move before its reveal: what
    the panel shows (narration, question, your-move prompt) and the picture inside the viewport. Returns type
    sizes."""
    vw, vh = size
    page.set_viewport_size({"width": vw, "height": vh})
    walk = page.locator(WALK).first
    n = int(walk.get_attribute("data-steps"))
    sizes = []
    picture = f"{BOARD} {PICTURE[game]}"
    for k in range(n):
        if int(walk.get_attribute("data-step")) != k:
            walk.locator("button.tt-walk-next").click()
            page.wait_for_function("(k) => document.querySelector('.tt-walk').dataset.step === String(k)", arg=k)
        # a question before the step's reveal, then a your-move, then the step's outcome: each must fit
        for _ in range(3):
            phase = walk.get_attribute("data-phase") or "shown"
            sizes.append(_check_fit(lab, page, picture, size, f"{game} step {k + 1} of {n} ({phase}) at {vw}x{vh}",
                                    f"{shot}-{vw}x{vh}-step{k + 1}-{phase}", SHOWN[phase]))
            if phase == "shown":
                break
            walk.locator("button.tt-walk-next").click()  # the reveal (a your-move: Show me)
            page.wait_for_function("(p) => { const w = document.querySelector('.tt-walk'); "
                                   "return w.dataset.phase !== p && !w.dataset.pending; }", arg=phase)
    return sizes


def _check_fit(lab: Any, page: Any, picture: str, size: tuple[int, int], where: str, shot: str,
           shown: str) -> float:
    vw, vh = size
    page.wait_for_selector(picture)
    page.wait_for_timeout(150)
    m = page.evaluate(BOXES_JS, [WALK, picture, shown])
    assert (m["vw"], m["vh"]) == size
    page.screenshot(path=str(lab.artifacts / f"{shot}.png"))
    assert _inside(m["text"], vw, vh), f"{where}: narration {m['text']} is not inside the window"
    assert _inside(m["nav"], vw, vh), f"{where}: Back/Next {m['nav']} not inside the window"
    assert _inside(m["picture"], vw, vh), f"{where}: board picture {m['picture']} is not inside the window"
    # side by side: narration left of the picture, and the picture is big (not a thumbnail): it takes most of
    # the window's width (a wide board like Zaxxon's) or of its height (a tall one like Xevious's stages)
    assert m["text"]["right"] <= m["picture"]["left"] + 1, where
    assert m["picture"]["width"] >= 0.55 * vw or m["picture"]["height"] >= 0.6 * vh, f"{where}: {m['picture']}"
    return float(m["textPx"])


@pytest.mark.browser
@pytest.mark.parametrize(("notebook", "game"), [("notebooks/zaxxon/06_radar_barrier.ipynb", "zaxxon"),
                                                ("notebooks/xevious/06_stage_respawn_and_catch_up.ipynb", "xevious")])
def test_projector_view_fits_narration_and_board_at_720p_and_1080p(lab: Any, notebook: str, game: str) -> None:
    lab.artifacts.mkdir(parents=True, exist_ok=True)
    lab.page.set_viewport_size({"width": 1280, "height": 720})
    page = lab.open_notebook(notebook, wait_for=f"{WALK} .tt-walk-present")
    walk = page.locator(WALK).first
    assert walk.get_attribute("data-presentation") == "0"
    assert page.query_selector(".tt-presenting") is None

    # the button asks Python; Python owns the trait and the layout class
    walk.locator("button.tt-walk-present").click()
    page.wait_for_selector(f"{WALK}[data-presentation='1']")
    page.wait_for_selector(".tt-walkthrough.tt-presenting")
    assert lab.kernel_json(f"[w.presentation for w in {WALKS}]") == [True]
    assert walk.locator("button.tt-walk-present").get_attribute("aria-pressed") == "true"

    small = _check_all_steps(lab, page, game, (1280, 720), game)
    lab.run_in_kernel(f"[w.goto(0) for w in {WALKS}]")
    page.wait_for_function("() => document.querySelector('.tt-walk').dataset.step === '0'")
    large = _check_all_steps(lab, page, game, (1920, 1080), game)
    print(f"\n{game} projector narration type: 1280x720 {min(small)}-{max(small)} px, "
          f"1920x1080 {min(large)}-{max(large)} px")
    # large type (the notebook layout uses about 19 px); at 1280x720 the xevious/06 hand-over (task, goal and narration
    # beside the taller stage picture) needs 17 px to fit: measured 17-25 px there (issue 23 asks for >= 24 px at 1080p)
    assert min(small) >= 17 and min(large) >= 24

    # Esc asks Python to leave the projector view
    page.evaluate("""() => { const el = document.querySelector('.tt-walk'); el.focus(); }""")
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{WALK}[data-presentation='0']")
    page.wait_for_selector(".tt-presenting", state="detached")
    assert lab.kernel_json(f"[w.presentation for w in {WALKS}]") == [False]
    page.screenshot(path=str(lab.artifacts / f"{game}-after-esc.png"))
