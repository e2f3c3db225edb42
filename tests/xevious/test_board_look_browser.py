"""Issue 23 "Super Xevious drawn like its stage panels", measured in a real JupyterLab + Chromium at 1280 x 800 and
1920 x 1080 on a four-player board: every Solvalou Mover is a numbered piece of at least 24 x 24 px, never over a
space's words, several on one space side by side without overlapping; the last-move mark leaves the piece's fill
colour as it was; no word is clipped (SVG words inside their space and not over each other, on all seven stages;
HTML labels fit their box); a roll that passes green spaces offers exactly the engine's listed stops on the board,
a move is animated (and not under prefers-reduced-motion). Screenshots: /work/wt/shots/ when that folder exists
(the issue's closing note), else test-artifacts/browser/<test>/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import make_notebook

pytest.importorskip("playwright")

LIVE = ".tt-root.tt-board"
SHOTS = Path("/work/wt/shots")

CELLS = ["from tabletop import xevious\n"
         "board = xevious.Board(seed=1, players=['Ann', 'Bob', 'Cy', 'Di'])\n"
         "board"]

#: the board's geometry, measured in the page: piece bodies, every word on the picture and its space, HTML labels
MEASURE_JS = """(sel) => {
  const root = document.querySelector(sel);
  const box = (el) => { const r = el.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
  const meet = (a, b) => a.l < b.r - 0.5 && b.l < a.r - 0.5 && a.t < b.b - 0.5 && b.t < a.b - 0.5;
  const pieces = [...root.querySelectorAll('g.xv-mover')].map((g) => ({seat: g.dataset.seat,
    body: box(g.querySelector('.xv-body')), fill: getComputedStyle(g.querySelector('.xv-body')).fill,
    space: g.getAttribute('aria-label').replace(/^.*Solvalou, /, '')}));
  const words = [...root.querySelectorAll('svg.xv-board text')].filter((t) => !t.closest('.xv-mover, .xv-ghost'))
    .map((t) => ({text: t.textContent, box: box(t), cell: t.closest('g.xv-space')}));
  const problems = [];
  for (const p of pieces) {
    const w = p.body.r - p.body.l, h = p.body.b - p.body.t;
    if (w < 24 || h < 24) problems.push(`piece ${p.seat} is ${w.toFixed(1)} x ${h.toFixed(1)} px`);
    for (const wd of words) if (meet(p.body, wd.box)) problems.push(`piece ${p.seat} is over the words '${wd.text}'`);
  }
  for (let i = 0; i < pieces.length; i++) for (let j = i + 1; j < pieces.length; j++) {
    if (meet(pieces[i].body, pieces[j].body)) problems.push(`pieces ${pieces[i].seat} and ${pieces[j].seat} overlap`);
  }
  for (const wd of words) {
    if (!wd.cell) continue;
    const c = box(wd.cell.querySelector('rect.xv-cell'));
    if (wd.box.l < c.l - 0.5 || wd.box.r > c.r + 0.5 || wd.box.t < c.t - 0.5 || wd.box.b > c.b + 0.5) {
      problems.push(`'${wd.text}' sticks out of area ${wd.cell.dataset.area}, space ${wd.cell.dataset.space}`);
    }
  }
  for (let i = 0; i < words.length; i++) for (let j = i + 1; j < words.length; j++) {
    if (meet(words[i].box, words[j].box)) problems.push(`'${words[i].text}' and '${words[j].text}' overlap`);
  }
  const clipped = [...root.querySelectorAll('.xv-wrap *, .tt-last-move *')].filter((el) => !(el instanceof SVGElement)
    && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) && el.clientWidth > 0
    && el.scrollWidth > el.clientWidth + 1).map((el) => `${el.tagName} '${el.textContent.trim().slice(0, 30)}'`
      + ` ${el.scrollWidth} > ${el.clientWidth}`);
  const svg = root.querySelector('svg.xv-board').getBoundingClientRect();
  return {pieces, problems, clipped, words: words.length, svg: [Math.round(svg.width), Math.round(svg.height)]};
}"""


def _version(page: Any) -> int:
    return int(page.get_attribute(LIVE, "data-version"))


def _wait_above(page: Any, v: int) -> None:
    page.wait_for_function("([s, v]) => { const el = document.querySelector(s);"
                           " return el && Number(el.dataset.version) > v && !el.dataset.pending; }", arg=[LIVE, v])


def _kernel(lab: Any, page: Any, code: str) -> None:
    v = _version(page)
    lab.run_in_kernel(code)
    _wait_above(page, v)


def _measure(page: Any) -> dict[str, Any]:
    """The layout at rest: a piece still flying along its route (its move's animation) may pass over another."""
    page.wait_for_function(f"() => [...document.querySelectorAll({LIVE!r} + ' g.xv-mover')].every((g) => "
                           "g.getAnimations().every((a) => a.playState !== 'running'))", timeout=10_000)
    return dict(page.evaluate(MEASURE_JS, LIVE))


def _shot(lab: Any, page: Any, name: str) -> None:
    """The window as the reader sees it, the board's picture in the middle (and the picture alone)."""
    lab.artifacts.mkdir(parents=True, exist_ok=True)
    page.evaluate(f"() => document.querySelector('{LIVE} svg.xv-board').scrollIntoView({{block: 'center'}})")
    page.wait_for_timeout(200)
    for folder in (lab.artifacts, SHOTS if SHOTS.is_dir() else None):
        if folder is not None:
            page.screenshot(path=str(folder / name))
    page.locator(f"{LIVE} svg.xv-board").screenshot(path=str(lab.artifacts / f"picture-{name}"))


@pytest.mark.browser
def test_super_xevious_board_pieces_words_marks_stops_and_motion(lab: Any, tmp_path: Path) -> None:
    nb = tmp_path / "xevious_board_look.ipynb"
    nb.write_text(json.dumps(make_notebook(CELLS)))
    lab.page.set_viewport_size({"width": 1280, "height": 800})
    page = lab.open_notebook(nb, wait_for=".xv-board")
    page.wait_for_selector(f"{LIVE} g.xv-mover")
    report: dict[str, Any] = {}

    # the rulebook's start: all four movers on the starting point, side by side, none over the words
    m = _measure(page)
    report["start_1280"] = {"svg": m["svg"], "pieces": [p["body"] for p in m["pieces"]]}
    assert len(m["pieces"]) == 4 and {p["space"] for p in m["pieces"]} == {"area 1, space 1"}
    assert m["problems"] == [] and m["clipped"] == [], (m["problems"], m["clipped"])
    fills = {p["seat"]: p["fill"] for p in m["pieces"]}
    assert len(set(fills.values())) == 4  # four players' colours

    # a roll of 4 passes a green space (xevious.green-stop): the board offers exactly the engine's listed stops
    _kernel(lab, page, "board.rig(die=4)")
    v = _version(page)
    page.click(f"{LIVE} button.xv-choice[data-type='Roll']")
    _wait_above(page, v)
    listed = lab.kernel_json("[a['id'] for a in board.legal if a['type'] == 'StopAt']")
    offered = page.eval_on_selector_all(f"{LIVE} g.xv-space.xv-target", "gs => gs.map((g) => g.dataset.ttAction)")
    assert len(listed) == 2 and sorted(offered) == sorted(listed)
    ghost_moves = page.evaluate(f"() => document.querySelector('{LIVE} .xv-ghost') ? document.querySelector("
                                f"'{LIVE} .xv-ghost').getAnimations().length : 0")
    report["ghost_animations"] = ghost_moves
    m = _measure(page)
    assert m["problems"] == [] and m["clipped"] == [], (m["problems"], m["clipped"])
    # the last move (Ann's roll) is marked: a ring behind the piece, the piece's fill unchanged, flash or not
    page.wait_for_selector(f"{LIVE} g.xv-mover-0[data-last-move='1'] .xv-halo.tt-last-move-mark")
    assert {p["seat"]: p["fill"] for p in m["pieces"]} == fills
    # stop on the green space passed (step 3): the piece flies there, animated space by space
    # the flight lasts 600 ms, which a loaded machine may spend before the page is read again: every animation
    # begun on Ann's piece is recorded as it starts (Element.animate watched), not looked for afterwards
    page.evaluate(f"""() => {{ window.__xvFlights = []; const animate = Element.prototype.animate;
        Element.prototype.animate = function (frames, options) {{
          if (this.matches && this.matches({LIVE!r} + ' g.xv-mover'))
            window.__xvFlights.push([this.getAttribute('class'), frames.map((k) => k.transform)]);
          return animate.call(this, frames, options); }}; }}""")
    v = _version(page)
    page.click(f"{LIVE} g.xv-target[data-space='4']")
    _wait_above(page, v)
    assert lab.kernel_json("[board.game.state['pilots'][0]['area'], board.game.state['pilots'][0]['space']]") == [0, 3]
    page.wait_for_function("() => window.__xvFlights.some(([c]) => c.split(' ').includes('xv-mover-0'))",
                           timeout=10_000)
    begun = [f for c, f in page.evaluate("() => window.__xvFlights") if "xv-mover-0" in c.split()]
    # a redraw during the flight continues the same animation (the same frames, a later start)
    flight = [list(f) for f in {tuple(f) for f in begun}]
    trail = page.get_attribute(f"{LIVE} path.xv-trail-0", "data-steps")
    report["move_keyframes"], report["trail_steps"] = flight, trail
    # one animation, space by space: the start and each of the 3 spaces flown, flying left along area 1
    assert len(flight) == 1 and len(flight[0]) == 4 and trail == "3", flight
    xs = [float(t.split("(")[1].split("px")[0]) for t in flight[0]]
    assert xs == sorted(xs, reverse=True) and len(set(xs)) == 4, xs
    m = _measure(page)
    assert m["problems"] == [] and m["clipped"] == [], (m["problems"], m["clipped"])
    assert {p["seat"]: p["fill"] for p in m["pieces"]} == fills
    page.wait_for_timeout(2200)  # the flash is over; the ring stays behind the piece, the fill is the same
    m = _measure(page)
    assert {p["seat"]: p["fill"] for p in m["pieces"]} == fills
    _shot(lab, page, "xevious-board-1280.png")

    # prefers-reduced-motion: the next move is drawn at once (no animation), the marks and words as before
    page.emulate_media(reduced_motion="reduce")
    seat = lab.kernel_json("board.game.current_player")
    assert seat != 0 and lab.kernel_json(f"board.game.state['pilots'][{seat}]['space']") == 0
    _kernel(lab, page, "board.rig(die=2)")
    v = _version(page)
    page.click(f"{LIVE} button.xv-choice[data-type='Roll']")
    _wait_above(page, v)
    assert lab.kernel_json(f"[board.game.state['pilots'][{seat}][k] for k in ('area', 'space')]") == [0, 2]
    assert page.evaluate(f"() => document.querySelector('{LIVE} g.xv-mover-{seat}').getAnimations().length") == 0
    assert [c for c, _ in page.evaluate("() => window.__xvFlights") if f"xv-mover-{seat}" in c.split()] == []
    page.wait_for_selector(f"{LIVE} g.xv-mover-{seat}[data-last-move='1']")
    assert page.locator(f"{LIVE} g.xv-mover-0[data-last-move='1']").count() == 0
    m = _measure(page)
    assert m["problems"] == [] and {p["seat"]: p["fill"] for p in m["pieces"]} == fills

    # every stage's panel (Stage 7 with a Gump Marker gone): no word out of its space or over another
    for stage in range(1, 8):
        gumps = "[False, True, True]" if stage == 7 else "[True, True, True]"
        _kernel(lab, page, f"board.set_up({{'stage': {stage}, 'gumps': {gumps}}})")
        m = _measure(page)
        report[f"stage_{stage}_words"] = m["words"]
        assert m["problems"] == [] and m["clipped"] == [], (stage, m["problems"], m["clipped"])

    # projector size: the same checks at 1920 x 1080
    _kernel(lab, page, "board.set_up({'stage': 1, 'gumps': [True, True, True]})")
    page.emulate_media(reduced_motion="no-preference")
    page.set_viewport_size({"width": 1920, "height": 1080})
    seat = lab.kernel_json("board.game.current_player")
    if lab.kernel_json(f"board.game.state['pilots'][{seat}]['space']") == 0:  # a roll offering stops, as shown
        _kernel(lab, page, "board.rig(die=4)")
        v = _version(page)
        page.click(f"{LIVE} button.xv-choice[data-type='Roll']")
        _wait_above(page, v)
        assert page.locator(f"{LIVE} g.xv-target").count() == len(
            lab.kernel_json("[a for a in board.legal if a['type'] == 'StopAt']"))
    page.wait_for_timeout(1500)
    m = _measure(page)
    report["board_1920"] = m["svg"]
    assert m["problems"] == [] and m["clipped"] == [], (m["problems"], m["clipped"])
    _shot(lab, page, "xevious-board-1920.png")
    lab.artifacts.mkdir(parents=True, exist_ok=True)
    (lab.artifacts / "measures.json").write_text(json.dumps(report, indent=1))
    print("MEASURES", json.dumps(report))
