"""The Zaxxon board widget: the hex board as SVG, planes with their altitude, Zaxxon with its facing, targets,
areas with labelled borders, the RADAR line, the dice and spinner (from the kit), the count left and both
players' mission checklists. Click a plane, then a highlighted space to move or a highlighted target to shoot."""

from __future__ import annotations

import math
from html import escape
from pathlib import Path
from typing import Any

from tabletop.engine.words import verb_for
from tabletop.ui import BoardWidget, Walkthrough

from .board import BOARD
from .lessons import lesson as get_lesson

STATIC = Path(__file__).with_name("static")
R = 14.0  # hex radius (pointy top)
W = math.sqrt(3) * R
SPINNER_SECTORS: list[dict[str, Any]] = [{"color": "RED"}, {"color": "BLUE"}, {"color": "WHITE"},
                   {"color": "Z", "z": True, "fill": "#6a3d9a", "short": "Z"}]


def spinner_sectors(variant: Any = None) -> list[dict[str, Any]]:
    """The spinner as the board draws it: one sector per outcome, sized by the variant's ``spinner_weights``
    (the engine draws with the same weights); an outcome with share 0 is left off the wheel."""
    weights = getattr(variant, "spinner_weights", None) or (1.0,) * len(SPINNER_SECTORS)
    return [{**sec, "weight": float(w)} for sec, w in zip(SPINNER_SECTORS, weights, strict=True) if w > 0]
TERRAIN_LABEL = {"H": "HOME", "R": "RESTART", "F": "FUEL", "w": "LOW"}


def hex_center(cell: int) -> tuple[float, float]:
    r, c = divmod(cell, BOARD.cols)
    return (W / 2 + 4 + c * W + (W / 2 if r & 1 else 0), R + 4 + r * 1.5 * R)


def hex_points(x: float, y: float, r: float = R) -> str:
    return " ".join(f"{x + r * math.cos(math.radians(60 * k - 30)):.1f},{y + r * math.sin(math.radians(60 * k - 30)):.1f}"
                    for k in range(6))


def hexes() -> list[dict[str, Any]]:
    out = []
    for i, t in enumerate(BOARD.terrain):
        r, c = divmod(i, BOARD.cols)
        if r & 1 and c == BOARD.cols - 1:
            continue
        x, y = hex_center(i)
        area = BOARD.area_kind[i]
        if t == "Z":
            area = "z"
        h = {"id": BOARD.names[i], "x": round(x, 1), "y": round(y, 1), "t": t, "a": area}
        if t in TERRAIN_LABEL:
            h["label"] = TERRAIN_LABEL[t]
        out.append(h)
    return out


def radar_line() -> list[float]:
    lo, hi = BOARD.radar_rows
    cells = [i for i in range(len(BOARD.terrain)) if i // BOARD.cols == lo and BOARD.zone[i] == "i"]
    xs = [hex_center(c)[0] for c in cells]
    y = hex_center(cells[0])[1] + 0.75 * R
    return [round(min(xs) - W / 2, 1), round(y, 1), round(max(xs) + W, 1), round(y, 1)]


_VIEW: dict[str, Any] = {}


def board_view() -> dict[str, Any]:
    if not _VIEW:
        _VIEW.update({"hexes": hexes(), "radar": radar_line(), "R": R,
                      "width": round(W * (BOARD.cols + 0.5) + 8, 1),
                      "height": round(R * (1.5 * BOARD.rows + 0.5) + 8, 1)})
    return _VIEW


def prompt(game: Any) -> str:
    st = game.state
    p = game.players
    if st["phase"] == "over":
        return (f"{p[st['winner']]} completed the mission and {verb_for(p[st['winner']], 'wins')}!"
                if st["winner"] is not None
                else "The game ended at the turn cap without a winner.")
    who = p[game.current_player]
    if st["phase"] == "roll":
        return "Both players roll their die at the same time: press Roll (R)."
    if st["phase"] == "spin":
        return f"{who} rolled lower: spin the spinner (S)."
    if st["phase"] == "zaxxon":
        return f"{who}: move Zaxxon or shoot with it ({st['count']} left), then move your planes."
    return (f"{who}: {st['count']} to use. Click a plane, then a highlighted space (move) or target (shoot) - "
            "any other space says why not; A changes altitude, E ends the turn.")


class Board(BoardWidget):
    """A game of Zaxxon: ``Board(seed=1)`` for two players at one screen, ``Board(bots="greedy")`` against the
    greedy bot (it plays Player 2)."""

    game_module = "tabletop.zaxxon"
    board_js = STATIC / "board.js"
    board_css = STATIC / "board.css"

    def view(self) -> dict[str, Any]:
        v = dict(board_view())
        v["prompt"] = prompt(self.game)
        v["chance"] = {"spinner": {"sectors": spinner_sectors(self.game.variant)}}
        return v

    def static_svg(self) -> str | None:
        return board_svg(self.game.state)


def board_svg(state: Any) -> str:
    """The position as a small static SVG (for pages without a kernel)."""
    v = board_view()
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {v["width"]} {v["height"]}" '
             f'role="img" aria-label="Zaxxon board">']
    fill = {"#": "#222", "W": "#8b4a2b", "w": "#d9a066", "Z": "#e8dcf5", "H": "#dfe8ff", "R": "#fff3c4",
            "F": "#d8f5d0"}
    for h in v["hexes"]:
        parts.append(f'<polygon points="{hex_points(h["x"], h["y"])}" fill="{fill.get(h["t"], "#fafafa")}" '
                     'stroke="#999"/>')
    c = {h["id"]: (h["x"], h["y"]) for h in v["hexes"]}
    for t in state["targets"]:
        if t["space"]:
            x, y = c[t["space"]]
            parts.append(f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="10">'
                         f'{escape(t["kind"][0].upper())}</text>')
    for p in state["planes"]:
        x, y = c[p["space"]]
        parts.append(f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="10" font-weight="bold">'
                     f'{"BR"[p["seat"]]}{p["number"]}{"^" if p["altitude"] == "high" else ""}</text>')
    x, y = c[state["zaxxon"]["spaces"][0]]
    word = "north" if state["zaxxon"].get("facing") == "N" else "south"
    parts.append(f'<text x="{x + W / 2}" y="{y + 4}" text-anchor="middle" font-size="10">ZAXXON (faces {word})</text>')
    parts.append("</svg>")
    return "".join(parts)


def walkthrough(number: str | int) -> Walkthrough:
    """The checked lesson ``number`` ("01".."08", ``lessons.LESSONS``) beside a read-only board, then its
    hand-over ("Your turn") from the lesson's last position, with the lesson's bots."""
    les = get_lesson(number)
    walk = Walkthrough(les, board=Board, title=f"Zaxxon {les.id.split('/')[-1]}: {les.title}")
    # the 31-column board needs width to be read (on a projector too): it sits beside the narration only when
    # there is room for at least 900 px of board, otherwise it wraps below the narration at the full width
    walk.board.layout.flex = BOARD_FLEX
    return walk


#: the board's share of a walkthrough row (CSS flex: grow, shrink, basis)
BOARD_FLEX = "2 1 900px"
