"""The Super Xevious board: the current stage panel as SVG, the Attack Strength Sheets, the die / Blaster / Battle
Card draws (a secret choice, then the reveal) and the choices as buttons. Hot seat for up to four; any seat a bot.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..ui import BoardWidget
from .rules import ARROWS, COLOURS, Aim, XeviousRules

STATIC = Path(__file__).with_name("static")

_ICON = {"entrance": "IN", "exit": "OUT", "plain": "·", "green": "♣", "ground": "⊕", "air": "✈", "squad": "✈✈",
         "card": "▤", "flag": "⚑", "pin": "✦", "sol": "☀", "phantom": "◈"}
_FILL = {"green": "#cfeccf", "ground": "#f3e1c6", "air": "#dbe7fb", "squad": "#dbe7fb", "card": "#efe2f7",
         "flag": "#fff4b8", "pin": "#fff4b8", "sol": "#fff4b8", "phantom": "#fff4b8", "entrance": "#e8e8e8",
         "exit": "#e8e8e8"}
_SEAT_FILL = ("#1f4fd1", "#d7263d", "#1b7f3b", "#b85c00")


def render_svg(game: Any) -> str:
    """The current stage panel as a self-contained SVG string (the static picture; same layout as board.js)."""
    from html import escape

    rules = game.rules
    s = game.raw_state
    st = rules.stages[s.stage - 1]
    n = len(st.areas)
    w, h, gap, pad = 78, 70, 6, 92
    gumps = st.gumps[len(st.gumps) - len(s.gumps):] if s.stage == 7 else ()

    def pos(a: int, i: int) -> tuple[int, int]:
        col = 8 - i if a % 2 == 0 else i
        return pad + col * (w + gap), 34 + (n - 1 - a) * (h + 34)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {pad + 9 * (w + gap) + 10} {34 + n * (h + 34)}" '
           f'role="img" aria-label="Stage {st.number}: {escape(st.title)}" style="max-width:860px;'
           'font-family:sans-serif;background:#f4f1e8">']
    for a, area in enumerate(st.areas):
        x0, y0 = pos(a, 0)
        out.append(f'<text x="6" y="{y0 + h // 2}" font-size="13" font-weight="700">Area {a + 1}</text>')
        for i, sp in enumerate(area):
            x, y = pos(a, i)
            stroke = ' stroke="#b00020" stroke-width="4"' if sp.stop else ' stroke="#456" stroke-width="1.5"'
            out.append(f'<g><title>{escape(f"Area {a + 1}, space {i + 1}: {sp.label()}")}</title>'
                       f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="{_FILL.get(sp.kind, "#fff")}"'
                       f'{stroke}/><text x="{x + w // 2}" y="{y + 26}" font-size="20" text-anchor="middle">'
                       f'{escape(_ICON[sp.kind])}</text>')
            word = {"ground": f"ground {sp.n}", "squad": f"air ×{sp.n}", "air": "air 1 enemy"}.get(sp.kind, sp.kind)
            out.append(f'<text x="{x + w // 2}" y="{y + 44}" font-size="11" text-anchor="middle" '
                       f'font-weight="600">{escape(word)}</text>')
            extra = " ".join(x for x in (sp.awards.short(), "W: +1" if sp.boost else "", "STOP" if sp.stop else "")
                             if x)
            if extra:
                out.append(f'<text x="{x + w // 2}" y="{y + 57}" font-size="10" text-anchor="middle">'
                           f'{escape(extra)}</text>')
            if (a, i) in gumps and s.gumps[gumps.index((a, i))]:
                out.append(f'<text x="{x + 4}" y="{y + 12}" font-size="9" font-weight="800">GUMP</text>')
            out.append("</g>")
    for k, q in enumerate(s.pilots):
        if q.area >= n:
            continue
        x, y = pos(q.area, q.idx)
        cx, cy = x + w - 12 - 17 * sum(1 for j, o in enumerate(s.pilots[:k]) if (o.area, o.idx) == (q.area, q.idx)), y + h - 12
        out.append(f'<circle cx="{cx}" cy="{cy}" r="9" fill="{_SEAT_FILL[k]}" stroke="#000" stroke-width="2"/>'
                   f'<text x="{cx}" y="{cy + 4}" font-size="11" font-weight="800" fill="#fff" '
                   f'text-anchor="middle">{k + 1}</text>')
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
            "colours": list(COLOURS), "arrows": ARROWS,
            "conditions_on": bool(getattr(v, "stage_conditions", True)),
            "extras": bool(getattr(v, "extras", True)),
            "cockpit": bool(getattr(v, "cockpit_card", False)),
            # every face has words (a chip never shows a card id, nor an empty name)
            "chance": {"blaster": {"mode": "faces", "labels": {"HIT!": "Blaster Card", "MISTAKE": "Blaster Card"}},
                       "card": {"mode": "faces", "labels": {c.title: "Super Xevious Card"
                                                             for c in rules.cards.values()}},
                       "heading": {"mode": "faces", "labels": {h: f"enemy's heading {ARROWS[h]}" for h in ARROWS}},
                       "braglease": {"mode": "faces",
                                     "labels": {h: f"Braglease Card {ARROWS[h]}" for h in ARROWS}}},
        }

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
            for r in rows:
                last = self.game.history[r["turn"]].action if r["turn"] < len(self.game.history) else None
                if r["turn"] == hidden and isinstance(last, Aim):
                    r["action"] = "put a Battle Card down face down"
                    if r["rule"] == "" and r["text"]:
                        r["text"] = r["action"]
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
    lesson's bots answer by themselves)."""
    from ..ui import Walkthrough
    from .lessons import LESSONS, lesson

    les = LESSONS[lesson(number).id.split("/")[1]]
    kwargs.setdefault("title", f"Super Xevious {les.id.split('/')[1]}: {les.title}")
    return Walkthrough(les, board=Board, **kwargs)
