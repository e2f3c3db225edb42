"""Issue 11: the walkthrough's projector view in real JupyterLab + Chromium.

The "Projector view" button asks Python (a validated message) to lay narration and board side by side over the
whole window. At 1280 x 720 and 1920 x 1080, at every lesson step of Zaxxon 06 and Super Xevious 06 (and at
each question and your-move before a step's reveal), the narration (or question, or prompt) and the whole board
picture must lie inside the viewport, in large type.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.fixtures import make_notebook
from tests.browser.notebooks.make_notebooks import SETUP

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
  const board = document.querySelector('.tt-presenting .tt-walk-board-host .tt-board');
  return { text: box(text), nav: box(nav), picture: box(pic), board: box(board), vw: window.innerWidth, vh: window.innerHeight,
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
    # the board column's width (a wide board like Zaxxon's) or half the window's height (Xevious's stages); the
    # board's moves and log stand beside it
    assert m["text"]["right"] <= m["picture"]["left"] + 1, where
    assert m["picture"]["width"] >= 0.6 * m["board"]["width"] or m["picture"]["height"] >= 0.45 * vh, \
        f"{where}: {m['picture']} in {m['board']}"
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


# ---- issue 23: the projector view fits, in every game: a plain board, a lesson step, a hand-over with its task ----
HOLDER = """import ipywidgets
holder = ipywidgets.VBox()
holder"""

#: opens one projector view at a time in the holder (the one before leaves the projector view first)
OPEN = r'''import importlib, random
from tabletop.ui import Step, Walkthrough

def _projector(game, lesson, step):
    for w in list(holder.children):
        w.presentation = False
    holder.children = []
    if lesson in (None, "stops"):  # a plain board: a seeded game 14 random moves in (or, "stops", on until a
        # Super Xevious move offers three stops, the longest choice buttons), handed over with the teacher panel
        mod = importlib.import_module(f"tabletop.{game}")
        def new_game():
            g = mod.new_game(seed=5)
            rng = random.Random(5)
            for _ in range(200 if lesson == "stops" else 14):
                if g.is_over or (lesson == "stops" and sum(type(a).__name__ == "StopAt"
                                                           for a in g.legal_actions()) >= 3):
                    break
                g.play(rng.choice(g.legal_actions()))
            return g
        walk = Walkthrough([Step("A game in progress", "A seeded game some moves in: the class plays on.")],
                           board=mod.Board, new_game=new_game, teacher=True, progress=None)
    else:
        walk = importlib.import_module(f"tabletop.{game}.widget").walkthrough(lesson, teacher=True)
    holder.children = [walk]
    walk.goto(step)
    walk.presentation = True
    return walk
'''

#: the board's picture, dice / spinner and missions (or what stands for them). Xevoz: the mat (or, before the world
#: is chosen, the line saying so) on the left and the second figure on the right (the projector view lays the mat
#: and both figures out in the board's own grid, so their row has no box of its own), the round as its dice
PARTS = {"zaxxon": {"picture": "svg.zx-svg", "dice": ".zx-chance", "missions": ".zx-missions"},
         "xevious": {"picture": "svg.xv-board", "dice": ".xv-choices, .tt-draws", "missions": ".xv-sheets"},
         "xevoz": {"picture": ".xz-mat-box, .xz-nomat", "dice": ".xz-round", "missions": ".xz-side-1"}}
#: (game, lesson or None for a plain board, step: 2 = a lesson step, -1 = the hand-over with its task)
CASES = [(game, lesson, step) for game, lesson in (("zaxxon", "06"), ("xevious", "06"), ("xevoz", "04"))
         for lesson, step in ((None, -1), (lesson, 2), (lesson, -1))] + [("xevious", "stops", -1)]

FIT_JS = """(parts) => {
  const layer = document.querySelector('.tt-walkthrough.tt-presenting');
  const q = (s) => layer && layer.querySelector(s);
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height }; };
  const walk = q('.tt-walk'), board = q('.tt-walk-board-host .tt-board'), host = q('.tt-walk-board-host');
  const main = board.querySelector(':scope > .tt-main');
  const phase = walk.dataset.phase || 'shown';
  const shown = q(phase === 'question' ? '.tt-question' : phase === 'your-move' ? '.tt-your-move' : '.tt-walk-text');
  const px = (el) => el ? parseFloat(getComputedStyle(el).fontSize) * (el.currentCSSZoom || 1) : null;
  return {
    vw: innerWidth, vh: innerHeight, phase,
    over: [...board.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().bottom > board.getBoundingClientRect().bottom - 2 && !e.closest('.tt-teacher')).slice(0, 6).map((e) => e.tagName + '.' + (e.getAttribute('class') || '') + ' ' + Math.round(e.getBoundingClientRect().bottom)),
    scroll: { board: [board.scrollHeight, board.clientHeight], host: [host.scrollHeight, host.clientHeight],
              walk: [walk.scrollHeight, walk.clientHeight], page: [document.scrollingElement.scrollHeight, innerHeight] },
    boxes: { narration: box(shown), nav: box(q('.tt-walk-nav')), task: box(q('.tt-task')), board: box(board),
             head: box(board.querySelector('.tt-head')), picture: box(board.querySelector(parts.picture)),
             stage: box(board.querySelector('.tt-stage')), dice: box(board.querySelector(parts.dice)),
             missions: box(board.querySelector(parts.missions)), teacher: box(board.querySelector('.tt-teacher > h4')) },
    px: { narration: px(shown), turn: px(board.querySelector('.tt-turn')), panels: px(main),
          task: px(q('.tt-task-goal')) },
    fit: { w: Number(board.dataset.fitW), zoom: Number(board.dataset.fitZoom) } };
}"""

#: the teacher panel's drawer, opened: its first control is on top (what a click there reaches) and in the window
OPEN_JS = "() => (document.querySelector('.tt-presenting .tt-board > .tt-teacher')?.getBoundingClientRect().height ?? 0) > 200"


def _wait_open(page) -> None:
    """Waits (at most 5 s) for the drawer to open under the pointer. Chromium gives a node the :hover state on its
    next frame's hit test; when a redraw has just replaced the drawer under a pointer that has not moved (CI's red at
    stop 27: a Xevoz hand-over, its bot's reply drawn as the pointer arrived, the drawer measured closed at once), it
    waits for the pointer's next move, as a teacher's hand gives it. So the pointer is nudged a pixel, in place,
    while the drawer is closed."""
    box = page.locator(".tt-presenting .tt-board > .tt-teacher > h4").bounding_box()
    for i in range(10):
        try:
            page.wait_for_function(OPEN_JS, timeout=500)
            return
        except PlaywrightTimeout:  # the assertion after this names what is wrong
            if box:
                page.mouse.move(box["x"] + box["width"] / 2 + (i % 2), box["y"] + box["height"] / 2)


TEACHER_JS = """() => {
  const t = document.querySelector('.tt-presenting .tt-board > .tt-teacher');
  const b = t && t.querySelector('button:not([disabled]), select, textarea');
  if (!b) return null;
  const r = b.getBoundingClientRect(), tr = t.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 8));
  return { height: tr.height, top: tr.top, bottom: tr.bottom, reach: !!hit && (hit === b || b.contains(hit)),
           button: { top: r.top, bottom: r.bottom } };
}"""


#: every text the board shows, with the size it is drawn at on the screen (CSS zoom and SVG scaling included):
#: ``{min, small: [the five smallest {px, text, cls}], count}``. A text counts when its glyphs are on the screen:
#: it has a box, that box is not clipped away by an ancestor (a scrolled list's hidden rows, the closed teacher
#: drawer's contents, the picture's own edge) and it is not hidden (visibility, opacity 0). Left out, as not meant
#: to be read: screen-reader-only text (clipped to 1 px, so it has no visible box) and the teacher drawer (the
#: teacher's own controls along the bottom edge, not the learners'; its heading is checked by the drawer test).
#: SVG text: its font size in picture units times the picture's scale (its screen box over its own box).
TEXT_JS = """() => {
  const board = document.querySelector('.tt-walkthrough.tt-presenting .tt-walk-board-host .tt-board');
  const walker = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
  const clipped = (el, r) => {
    let box = { l: r.left, t: r.top, r: r.right, b: r.bottom };
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.visibility === 'hidden' || cs.display === 'none' || Number(cs.opacity) === 0) return true;
      const clips = cs.overflowX !== 'visible' || cs.overflowY !== 'visible' || a.tagName.toLowerCase() === 'svg';
      if (cs.clip && cs.clip !== 'auto') return true;  // the screen-reader-only pattern
      if (clips) {
        const c = a.getBoundingClientRect();
        box = { l: Math.max(box.l, c.left), t: Math.max(box.t, c.top), r: Math.min(box.r, c.right), b: Math.min(box.b, c.bottom) };
      }
    }
    return box.r - box.l <= 1.5 || box.b - box.t <= 1.5;
  };
  const out = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest('.tt-teacher, title, style, script')) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
    if (!rects.length || rects.every((r) => clipped(el, r))) continue;
    let px = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) {
      const t = el.closest('text') || el;
      const bb = t.getBBox(), r = t.getBoundingClientRect();
      px *= bb.height > 0 ? r.height / bb.height : 0;
    } else {
      px *= el.currentCSSZoom || 1;
    }
    out.push({ px: Math.round(px * 10) / 10, text: text.slice(0, 40), cls: String(el.getAttribute('class') || el.tagName) });
  }
  out.sort((a, b) => a.px - b.px);
  return { min: out.length ? out[0].px : null, small: out.slice(0, 5), count: out.length };
}"""


def _fits(m: dict[str, Any], where: str) -> list[str]:
    """What does not fit (nothing when all fits)."""
    vw, vh = m["vw"], m["vh"]
    bad = [f"{where}: the {name} scrolls ({sh} px of content in {ch} px) {m['over']}"
           for name, (sh, ch) in m["scroll"].items() if sh > ch + 1]
    b = m["boxes"]
    for name in ("narration", "nav", "board", "head", "picture", "dice", "missions"):
        if b[name] is None or not _inside(b[name], vw, vh):
            bad.append(f"{where}: the {name} {b[name]} is not inside the {vw}x{vh} window")
    if bad:
        return bad
    # nothing of the board is cut off at its own bottom edge (the board hides what would overflow)
    bad += [f"{where}: the {name} is cut off {b[name]}" for name in ("picture", "dice", "missions", "stage")
            if b[name]["bottom"] > b["board"]["bottom"] + 0.5]
    if b["narration"]["right"] > b["picture"]["left"] + 1:
        bad.append(f"{where}: narration and board are not side by side")
    return bad


@pytest.mark.browser
def test_projector_view_fits_every_game_at_720p_and_1080p(lab: Any, tmp_path: Path) -> None:
    """Every game, a plain board, a lesson step and a hand-over with its task: board, dice / spinner, missions and
    narration on one screen with nothing scrolling at 1280x720 and 1920x1080, type sizes measured (zoom included),
    and the teacher panel opened from its drawer by pointer and by keyboard. One notebook, one kernel."""
    nb = tmp_path / "projector.ipynb"
    nb.write_text(json.dumps(make_notebook([SETUP, HOLDER, OPEN])))
    lab.artifacts.mkdir(parents=True, exist_ok=True)
    page = lab.open_notebook(nb, wait_for=".jp-OutputArea-output .widget-vbox")
    report: list[str] = []
    problems: list[str] = []
    for game, lesson, step in CASES:
        case = f"{game}-{lesson or 'plain'}-{'handover' if step == -1 else f'step{step + 1}'}"
        lab.run_in_kernel(f"_walk = _projector({game!r}, {lesson!r}, {step})")
        page.wait_for_selector(f".tt-walkthrough.tt-presenting .tt-walk-board-host .tt-board[data-fit-zoom] "
                               f"{PARTS[game]['picture']}")
        if lesson == "stops":  # the move's three stops are offered: short buttons, the space's words their names
            names = page.eval_on_selector_all(".tt-presenting .xv-choice[data-type='StopAt']",
                                              "els => els.map((e) => e.getAttribute('aria-label'))")
            assert len(names) >= 3 and all(n.startswith("stop after ") and " (" in n for n in names), names
        for vw, vh in ((1280, 720), (1920, 1080)):
            page.set_viewport_size({"width": vw, "height": vh})
            page.mouse.move(5, 5)
            # the type and the board's zoom are fitted to the new window (each redraw fits again)
            page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[vw, vh])
            page.wait_for_timeout(300)
            m = page.evaluate(FIT_JS, PARTS[game])
            where = f"{case} at {vw}x{vh} ({m['phase']})"
            page.screenshot(path=str(lab.artifacts / f"projector-{case}-{vw}x{vh}.png"))
            problems += _fits(m, where)
            px = m["px"]
            texts = page.evaluate(TEXT_JS)
            report.append(f"{where}: board text {texts['min']} px at least ({texts['count']} texts); smallest "
                          + "; ".join(f"{t['px']} {t['cls']} {t['text']!r}" for t in texts["small"]))
            # issue 23: every text the board shows >= 24 px at 1080p, in every game (measured: 24.2 px each, the
            # header's type; before: Super Xevious 13.8-14.7 px, Xevoz 13.2-15.7 px). Zaxxon: the map's hex text,
            # coordinates, pieces, dice line, missions, moves and log rows. Super Xevious: its stage panel's words
            # 21 units on a picture drawn about 1.2 times its units, the choices, sheets and Undo / Bot move. Xevoz:
            # its round, the mat (its words 16 units, drawn 1.55 times), both figures and the moves, in 24.5 px
            # condensed type. At 1280x720 the rule is only "fits, readable": measured 15.2-16.1 px (Zaxxon),
            # 15.8-16.1 (Super Xevious), 14.3-15.9 (Xevoz)
            floor = 24.0 if vh == 1080 else 8.0
            if texts["min"] is None or texts["min"] < floor:
                problems.append(f"{where}: board text {texts['min']} px < {floor} px: {texts['small']}")
            report.append(f"{where}: narration {px['narration']:.1f} px, turn line {px['turn']:.1f} px, board panels "
                          f"{px['panels']:.1f} px (design {m['fit']['w']} px x zoom {m['fit']['zoom']}), picture "
                          f"{m['boxes']['picture']['width']:.0f}x{m['boxes']['picture']['height']:.0f} px")
            if vh == 1080:  # issue 23: >= 24 px at 1080p (measured: the board's own panels 18-27 px, zoomed)
                if not (px["narration"] >= 24 and px["turn"] >= 24 and px["panels"] >= 17):
                    problems.append(f"{where}: type {px}")
            elif not (px["narration"] >= 17 and px["turn"] >= 16 and px["panels"] >= 11):
                problems.append(f"{where}: type {px}")
            if step == -1:
                if m["boxes"]["task"] is None and lesson not in (None, "stops"):
                    problems.append(f"{where}: no task panel")
                if m["boxes"]["teacher"] is None or not _inside(m["boxes"]["teacher"], vw, vh):
                    problems.append(f"{where}: the teacher panel's drawer is not on the screen {m['boxes']['teacher']}")
        if step == -1:  # the drawer opens when pointed at and when a control in it has the focus
            page.hover(".tt-presenting .tt-board > .tt-teacher > h4")
            _wait_open(page)
            t = page.evaluate(TEACHER_JS)
            assert t and t["reach"] and t["height"] > 200 and t["button"]["bottom"] <= vh, f"{case}: teacher {t}"
            page.screenshot(path=str(lab.artifacts / f"projector-{case}-teacher-{vw}x{vh}.png"))
            # a click in it (Edit position, then the board) does not keep it open over the board
            page.click(".tt-presenting .tt-board > .tt-teacher button:not([disabled])")
            page.mouse.move(5, 5)
            page.wait_for_function("() => document.querySelector('.tt-presenting .tt-teacher')"
                                   ".getBoundingClientRect().height < 100")
            # by keyboard: Tab into its first control
            page.focus(".tt-presenting .tt-board > .tt-teacher button:not([disabled])")
            page.keyboard.press("Tab")
            page.keyboard.press("Shift+Tab")
            t = page.evaluate(TEACHER_JS)
            assert t and t["reach"] and t["height"] > 200, f"{case}: teacher by keyboard {t}"
            page.evaluate("() => document.activeElement.blur()")
    print("\n" + "\n".join(report))
    assert not problems, "\n".join(problems)
