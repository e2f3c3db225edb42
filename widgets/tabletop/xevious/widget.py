"""The Super Xevious board: the current stage panel as SVG, the Attack Strength Sheets, the die / Blaster / Battle
Card draws (a secret choice, then the reveal) and the choices as buttons. Hot seat for up to four; any seat a bot.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..ui import BoardWidget
from .rules import ARROWS, COLOURS, Aim, XeviousRules

STATIC = Path(__file__).with_name("static")

_FILL = {"green": "#cfeccf", "ground": "#f3e1c6", "air": "#dbe7fb", "squad": "#dbe7fb", "card": "#efe2f7",
         "flag": "#fff4b8", "pin": "#fff4b8", "sol": "#fff4b8", "phantom": "#fff4b8", "entrance": "#e8e8e8",
         "exit": "#e8e8e8"}
_SEAT_FILL = ("#1f4fd1", "#d7263d", "#1b7f3b", "#b85c00")


def _circle(cx: float, cy: float, r: float) -> str:
    return f"M{cx - r} {cy}a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0Z"


_PLANE = "M12 2L13.6 9L21 13V15L13.6 13L13 18.5L16 20.5V22L12 21L8 22V20.5L11 18.5L10.4 13L3 15V13L10.4 9Z"

#: every icon of the Xevious board, drawn as SVG paths on a 24 x 24 grid (never a font glyph: a font may lack
#: it). Each shape: {"d": path, "fill": colour or "none", "stroke": colour, "sw": stroke width}. The board
#: (board.js, through ``view()["icons"]``) and the static picture draw the same shapes.
ICONS: dict[str, list[dict[str, Any]]] = {
    "plain": [{"d": _circle(12, 12, 3), "fill": "#456"}],
    "green": [{"d": _circle(12, 7, 4.5) + _circle(7, 13, 4.5) + _circle(17, 13, 4.5), "fill": "#1b7f3b"},
              {"d": "M11 13H13L14 22H10Z", "fill": "#5a3a12"}],
    "ground": [{"d": _circle(12, 12, 8), "fill": "none", "stroke": "#7a3b00", "sw": 2.2},
               {"d": "M12 1V8M12 16V23M1 12H8M16 12H23", "fill": "none", "stroke": "#7a3b00", "sw": 2.2},
               {"d": _circle(12, 12, 2), "fill": "#7a3b00"}],
    "air": [{"d": _PLANE, "fill": "#16407a"}],
    "squad": [{"d": _PLANE, "fill": "#16407a", "t": "translate(-3 0) scale(0.75)"},
              {"d": _PLANE, "fill": "#16407a", "t": "translate(9 6) scale(0.75)"}],
    "card": [{"d": "M5 2H19V22H5Z", "fill": "#fff", "stroke": "#5b2a86", "sw": 2},
             {"d": "M8 7H16M8 11H16M8 15H13", "fill": "none", "stroke": "#5b2a86", "sw": 2}],
    "flag": [{"d": "M5 2V22", "fill": "none", "stroke": "#222", "sw": 2.4},
             {"d": "M6 3H19L15.5 7.5L19 12H6Z", "fill": "#b00020"}],
    "pin": [{"d": "M12 1L14.5 9.5L23 12L14.5 14.5L12 23L9.5 14.5L1 12L9.5 9.5Z", "fill": "#6a1b9a"}],
    "sol": [{"d": _circle(12, 12, 5), "fill": "#c99700"},
            {"d": "M12 1V5M12 19V23M1 12H5M19 12H23M4.2 4.2L7 7M17 17L19.8 19.8M4.2 19.8L7 17M17 7L19.8 4.2",
             "fill": "none", "stroke": "#c99700", "sw": 2.2}],
    "phantom": [{"d": "M12 1L23 12L12 23L1 12Z", "fill": "none", "stroke": "#333", "sw": 2},
                {"d": "M12 7L17 12L12 17L7 12Z", "fill": "#333"}],
    "entrance": [{"d": "M3 12H17M12 6L18 12L12 18", "fill": "none", "stroke": "#333", "sw": 2.6},
                 {"d": "M20 3V21", "fill": "none", "stroke": "#333", "sw": 2.6}],
    "exit": [{"d": "M4 3V21", "fill": "none", "stroke": "#333", "sw": 2.6},
             {"d": "M7 12H21M16 6L22 12L16 18", "fill": "none", "stroke": "#333", "sw": 2.6}],
    # controls and markers
    "arrow": [{"d": "M12 2L20 11H15V22H9V11H4Z", "fill": "currentColor"}],
    "die": [{"d": "M3 3H21V21H3Z", "fill": "none", "stroke": "currentColor", "sw": 2},
            {"d": _circle(8, 8, 1.8) + _circle(16, 8, 1.8) + _circle(12, 12, 1.8) + _circle(8, 16, 1.8)
             + _circle(16, 16, 1.8), "fill": "currentColor"}],
    "catchup": [{"d": "M3 4L11 12L3 20M12 4L20 12L12 20", "fill": "none", "stroke": "currentColor", "sw": 2.8}],
    "retry": [{"d": "M19 12A7 7 0 1 1 12 5H15", "fill": "none", "stroke": "currentColor", "sw": 2.6},
              {"d": "M13 1L18 5L13 9Z", "fill": "currentColor"}],
    "attack": [{"d": _circle(12, 12, 8), "fill": "none", "stroke": "currentColor", "sw": 2.2},
               {"d": "M12 1V8M12 16V23M1 12H8M16 12H23", "fill": "none", "stroke": "currentColor", "sw": 2.2}],
    "weapon": [{"d": "M12 2L21 12L12 22L3 12Z", "fill": "currentColor"}],
    "solvalou": [{"d": "M12 2L21 21L12 17L3 21Z", "fill": "currentColor"}],
    "shield": [{"d": "M12 1.5L21 4.8V12C21 17.4 17.1 21 12 22.8C6.9 21 3 17.4 3 12V4.8Z", "fill": "currentColor"}],
    "plus": [{"d": "M12 4V20M4 12H20", "fill": "none", "stroke": "currentColor", "sw": 3.2}],
    "minus": [{"d": "M4 12H20", "fill": "none", "stroke": "currentColor", "sw": 3.2}],
    "gump": [{"d": "M12 1L22 12L12 23L2 12Z", "fill": "#555", "stroke": "#000", "sw": 1.5}],
    "gone": [{"d": "M12 1L22 12L12 23L2 12Z", "fill": "none", "stroke": "#555", "sw": 1.5},
             {"d": "M7 7L17 17M17 7L7 17", "fill": "none", "stroke": "#555", "sw": 2}],
}


def icon_svg(name: str, x: float, y: float, size: float) -> str:
    """One icon as a nested ``<svg>`` (decorative: the space around it carries the words)."""
    parts = [f'<svg x="{x}" y="{y}" width="{size}" height="{size}" viewBox="0 0 24 24" aria-hidden="true">']
    for sh in ICONS[name]:
        stroke = f' stroke="{sh["stroke"]}" stroke-width="{sh.get("sw", 2)}"' if sh.get("stroke") else ""
        tr = f' transform="{sh["t"]}"' if sh.get("t") else ""
        parts.append(f'<path d="{sh["d"]}" fill="{sh.get("fill", "none")}"{stroke}{tr}/>')
    parts.append("</svg>")
    return "".join(parts)

#: the board's layout (board.js uses the same numbers, issue 23): space width/height, gap, margin, the gap between
#: rows (the area's label), where a space's lane for the movers begins, a mover's size
CELL_W, CELL_H, GAP, MARGIN, ROWGAP, LANE, PIECE = 94, 148, 6, 8, 28, 86, 28


def _slots(k: int) -> list[tuple[float, float]]:
    """Where k movers stand in a space's lane (board.js xvSlots): 1-2 side by side, 3-4 on two rows of two."""
    cx, r1 = CELL_W / 2, LANE + PIECE / 2 + 1
    r2, dx = r1 + PIECE + 2, PIECE / 2 + 5
    if k <= 1:
        return [(cx, r1)]
    if k == 2:
        return [(cx - dx, r1), (cx + dx, r1)]
    return [(cx - dx, r1), (cx + dx, r1), (cx - dx, r2), (cx + dx, r2)][:k]


def render_svg(game: Any) -> str:
    """The current stage panel as a self-contained SVG string (the static picture; same layout as board.js)."""
    from html import escape

    rules = game.rules
    s = game.raw_state
    st = rules.stages[s.stage - 1]
    n = len(st.areas)
    w, h = CELL_W, CELL_H
    gumps = st.gumps[len(st.gumps) - len(s.gumps):] if s.stage == 7 else ()

    def pos(a: int, i: int) -> tuple[int, int]:
        col = 8 - i if a % 2 == 0 else i
        return MARGIN + col * (w + GAP), ROWGAP + (n - 1 - a) * (h + ROWGAP)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {MARGIN * 2 + 9 * w + 8 * GAP} '
           f'{ROWGAP + n * h + (n - 1) * ROWGAP + 8}" role="img" aria-label="Stage {st.number}: {escape(st.title)}" '
           'style="max-width:900px;font-family:sans-serif;background:#eef1f4">']
    for a, area in enumerate(st.areas):
        x0, y0 = pos(a, 0)
        xl, _ = pos(a, len(area) - 1)
        out.append(f'<text x="{(x0 + xl + w) // 2}" y="{y0 - 9}" font-size="15" font-weight="700" '
                   f'text-anchor="middle">Area {a + 1} — flies {"left" if a % 2 == 0 else "right"}</text>')
        for i, sp in enumerate(area):
            x, y = pos(a, i)
            stroke = ' stroke="#b00020" stroke-width="4"' if sp.stop else ' stroke="#456" stroke-width="1.5"'
            out.append(f'<g><title>{escape(f"Area {a + 1}, space {i + 1}: {sp.label()}")}</title>'
                       f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="{_FILL.get(sp.kind, "#fff")}"'
                       f'{stroke}/>{icon_svg(sp.kind, x + w // 2 - 13, y + 21, 26)}')
            word = {"ground": f"ground {sp.n}", "squad": f"air ×{sp.n}", "air": "air ×1"}.get(sp.kind, sp.kind)
            out.append(f'<text x="{x + w // 2}" y="{y + 64}" font-size="15" text-anchor="middle" '
                       f'font-weight="700">{escape(word)}</text>')
            extra = " ".join(x for x in (sp.awards.short(), "W: +1" if sp.boost else "") if x)
            if extra:
                out.append(f'<text x="{x + w // 2}" y="{y + 81}" font-size="14" text-anchor="middle">'
                           f'{escape(extra)}</text>')
            if sp.stop:
                out.append(f'<text x="{x + w - 4}" y="{y + 16}" font-size="13" font-weight="800" fill="#b00020" '
                           'text-anchor="end">STOP</text>')
            if (a, i) in gumps and s.gumps[gumps.index((a, i))]:
                out.append(f'<text x="{x + 4}" y="{y + 16}" font-size="13" font-weight="800">GUMP</text>')
            out.append("</g>")
    # the movers: numbered pieces in the lane below a space's words (never over them), side by side
    here: dict[tuple[int, int], list[int]] = {}
    for k, q in enumerate(s.pilots):
        if q.area < n:
            here.setdefault((q.area, q.idx), []).append(k)
    for (a, i), seats in here.items():
        x, y = pos(a, i)
        for k, (dx, dy) in zip(seats, _slots(len(seats)), strict=True):
            cx, cy = x + dx, y + dy
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{PIECE / 2}" fill="{_SEAT_FILL[k]}" stroke="#111" '
                       f'stroke-width="2.5"/><text x="{cx}" y="{cy + 6}" font-size="17" font-weight="800" '
                       f'fill="#fff" text-anchor="middle">{k + 1}</text>')
    out.append("</svg>")
    return "".join(out)


def _space_json(sp: Any) -> dict[str, Any]:
    return {"kind": sp.kind, "n": sp.n, "stop": sp.stop, "boost": sp.boost,
            "awards": {"w": sp.awards.w, "s": sp.awards.s, "l": sp.awards.l}, "label": sp.label()}


def stage_view(rules: XeviousRules, stage: int, gumps: int) -> dict[str, Any]:
    """The JSON picture of one stage panel (what the renderer draws)."""
    st = rules.stages[stage - 1]
    gp = st.gumps[len(st.gumps) - gumps:] if gumps else ()
    return {
        "number": st.number, "title": st.title, "text": st.text, "condition": st.condition,
        "panel": st.panel.id, "panel_name": st.panel.name,
        "areas": [[_space_json(sp) for sp in area] for area in st.areas],
        "guard": [list(p) for p in st.guard], "gumps": [list(p) for p in gp],
    }


class Board(BoardWidget):
    """``Board(seed=1, players=["Ann", "Bob"], bots={1: "sensible"})`` or ``Board(game)``."""

    game_module = "tabletop.xevious"
    state_json_plain = True
    board_js = STATIC / "board.js"
    board_css = STATIC / "board.css"

    def view(self) -> dict[str, Any]:
        g = self.game
        rules = g.rules
        assert isinstance(rules, XeviousRules)
        s = g.raw_state
        v = g.variant
        return {
            "stage": stage_view(rules, s.stage, len(s.gumps) if s.stage == 7 else 0),
            "colours": list(COLOURS), "icons": ICONS,
            "conditions_on": bool(getattr(v, "stage_conditions", True)),
            "extras": bool(getattr(v, "extras", True)),
            "cockpit": bool(getattr(v, "cockpit_card", False)),
            # the teacher panel's "Edit position" hint (board.js draws the editor when ctx.editing is on)
            "editor": {"help": "Click a Solvalou (or \"pick up Solvalou\" on its sheet), then the space to put it "
                               "on; + / − on a sheet row add or remove a marker; \"to play\" gives a player the "
                               "turn. The rules check every edit."},
            # every face has words (a chip never shows a card id, nor an empty name)
            "chance": {"blaster": {"mode": "faces", "labels": {"HIT!": "Blaster Card", "MISTAKE": "Blaster Card"}},
                       "card": {"mode": "faces", "labels": {c.title: "Super Xevious Card"
                                                             for c in rules.cards.values()},
                                "choice_labels": {cid: c.title for cid, c in rules.cards.items()}},
                       "heading": {"mode": "faces", "labels": {h: f"enemy's heading: {h}" for h in ARROWS}},
                       "braglease": {"mode": "faces",
                                     "labels": {h: f"Braglease Card: {h}" for h in ARROWS}}},
        }

    def fixed_catalogue(self) -> list[Any]:
        """Sent once: every stage panel as the board draws it (``stage_view``; stage 7 with each number of GUMPs
        left), so moving on to a stage sends its index, not 3 KB."""
        rules = self.game.rules
        assert isinstance(rules, XeviousRules)
        out = []
        for st in rules.stages:
            gumps = range(len(st.gumps) + 1) if st.number == 7 else (0,)
            out += [stage_view(rules, st.number, n) for n in gumps]
        return out

    def _sync(self, *, clear_error: bool) -> None:
        with self.hold_sync():  # one message to the browser
            super()._sync(clear_error=clear_error)
            # a Super Xevious Card drawn is shown by its title, never its id (issue 9: "derota / null / card")
            draws = self.last_draws
            if any(d.get("kind") == "card" for d in draws):
                rules = self.game.rules
                assert isinstance(rules, XeviousRules)
                self.last_draws = [dict(d, value=rules.cards[d["value"]].title)
                                   if d.get("kind") == "card" and d.get("value") in rules.cards else d
                                   for d in draws]

    def _event_rows(self) -> list[dict[str, Any]]:
        """The log, with a Battle Card still face down shown as face down (hot seat: the enemy is watching)."""
        rows = super()._event_rows()
        s = self.game.raw_state
        if s.phase == "enemy":
            hidden = len(self.game.history) - 1
            last = self.game.history[hidden].action
            if isinstance(last, Aim):
                # the hidden move's rows replaced, never changed in place (the kit keeps each turn's rows)
                words = "put a Battle Card down face down"
                rows = [r if r["turn"] != hidden else
                        dict(r, action=words, text=words if r["rule"] == "" and r["text"] else r["text"])
                        for r in rows]
        return rows

    def static_svg(self) -> str | None:
        return render_svg(self.game)

    def static_html(self) -> str:
        """The kit's static picture, with a drawn Super Xevious Card named by its title (never its id)."""
        from html import escape

        html = super().static_html()
        rules = self.game.rules
        assert isinstance(rules, XeviousRules)
        for d in self.game.last_draws:
            if d.kind == "card" and d.value in rules.cards:
                html = html.replace(f"card {escape(str(d.value))}",
                                    f"Super Xevious Card {escape(rules.cards[d.value].title)}")
        return str(html)


def walkthrough(number: str | int, **kwargs: Any) -> Any:
    """The step-through of lesson ``number`` (``tabletop.xevious.lessons.LESSONS``) on the kit's Walkthrough:
    narration beside a read-only board, Back/Next restoring exact positions, then a "Your turn" hand-over (the
    lesson's bots answer by themselves; ``bots="mcts"``, ``"mcts:200"``, another bot name or ``{seat: bot}``: those
    instead)."""
    from ..ui import Walkthrough
    from .lessons import LESSONS, lesson

    les = LESSONS[lesson(number).id.split("/")[1]]
    kwargs.setdefault("title", f"Super Xevious {les.id.split('/')[1]}: {les.title}")
    return Walkthrough(les, board=Board, **kwargs)
