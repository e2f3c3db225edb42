"""The Super Xevious board: the current stage panel as SVG, the Attack Strength Sheets, the die / Blaster / Battle
Card draws (a secret choice, then the reveal) and the choices as buttons. Hot seat for up to four; any seat a bot.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..ui import BoardWidget
from .rules import ARROWS, COLOURS, Aim, XeviousRules

STATIC = Path(__file__).with_name("static")


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
            "chance": {"blaster": {"mode": "faces"}, "card": {"mode": "faces"}},
        }

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
        return None
