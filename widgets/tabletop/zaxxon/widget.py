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
from .rules import PHASES

STATIC = Path(__file__).with_name("static")
R = 14.0  # hex radius (pointy top)
W = math.sqrt(3) * R
#: room on the board's edges for the coordinates: row letters left and right, column numbers above and below
MX = 14.0
MY = 13.0
SPINNER_SECTORS: list[dict[str, Any]] = [{"color": "RED"}, {"color": "BLUE"}, {"color": "WHITE"},
                   {"color": "Z", "z": True, "fill": "#6a3d9a", "short": "Z"}]


def spinner_sectors(variant: Any = None) -> list[dict[str, Any]]:
    """The spinner as the board draws it: one sector per outcome, sized by the variant's ``spinner_weights``
    (the engine draws with the same weights); an outcome with share 0 is left off the wheel."""
    weights = getattr(variant, "spinner_weights", None) or (1.0,) * len(SPINNER_SECTORS)
    return [{**sec, "weight": float(w)} for sec, w in zip(SPINNER_SECTORS, weights, strict=True) if w > 0]
#: what a hex of each terrain says on the board (short: every text on the board is at least 11 px at a 900 px wide
#: board, and a hex is then 28 px wide), and in words (the hex's accessible name and the status line)
TERRAIN_LABEL = {"H": "HB", "R": "RS", "F": "FU", "w": "LOW"}
TERRAIN_WORDS = {"#": "black space", ".": "open space", "W": "brick wall (high section)",
                 "w": "low section of a wall", "H": "home base", "R": "RESTART space", "F": "FUEL space",
                 "Z": "Zaxxon area"}
ZONE_WORDS = {"1": "Player 1's home base", "2": "Player 2's home base", "a": "Player 1's outer fortress",
              "b": "Player 2's outer fortress", "i": "inner fortress", "p": "Player 1's side",
              "q": "Player 2's side", "-": ""}


def hex_center(cell: int) -> tuple[float, float]:
    r, c = divmod(cell, BOARD.cols)
    return (MX + W / 2 + c * W + (W / 2 if r & 1 else 0), MY + R + r * 1.5 * R)


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
        h = {"id": BOARD.names[i], "x": round(x, 1), "y": round(y, 1), "t": t, "a": area,
             "words": ", ".join(w for w in (TERRAIN_WORDS[t], ZONE_WORDS[BOARD.zone[i]]) if w)}
        if t in TERRAIN_LABEL:
            h["label"] = TERRAIN_LABEL[t]
        out.append(h)
    return out


def coordinates() -> dict[str, list[dict[str, Any]]]:
    """The edge labels: row letters (left and right of each row) and column numbers (above row A, below the last
    row: both are even rows, so the numbers sit over the columns of every even row)."""
    rows = []
    for r in range(BOARD.rows):
        _, y = hex_center(r * BOARD.cols)
        rows.append({"t": chr(65 + r), "y": round(y, 1)})
    cols = []
    for c in range(BOARD.cols):
        x, _ = hex_center(c)
        cols.append({"t": str(c + 1), "x": round(x, 1)})
    return {"rows": rows, "cols": cols}


def radar_line() -> list[float]:
    lo, hi = BOARD.radar_rows
    cells = [i for i in range(len(BOARD.terrain)) if i // BOARD.cols == lo and BOARD.zone[i] == "i"]
    xs = [hex_center(c)[0] for c in cells]
    y = hex_center(cells[0])[1] + 0.75 * R
    return [round(min(xs) - W / 2, 1), round(y, 1), round(max(xs) + W, 1), round(y, 1)]


_VIEW: dict[str, Any] = {}


def board_view() -> dict[str, Any]:
    if not _VIEW:
        _VIEW.update({"hexes": hexes(), "radar": radar_line(), "R": R, "coords": coordinates(),
                      "mx": MX, "my": MY,
                      "width": round(W * BOARD.cols + 2 * MX, 1),
                      "height": round(R * (1.5 * BOARD.rows + 0.5) + 2 * MY, 1)})
    return _VIEW


def reach(game: Any) -> dict[str, dict[str, Any]]:
    """Where each plane of the player to move can fly with the count left, and what it costs: per plane number
    ``{"costs": {space: counts}, "stops": [spaces where the plane would be shot down on entering]}``.

    Built from the rules' own step table (``rules.step_moves``) with the checks ``legal_actions`` makes, spending
    one count per step: the first step is exactly the legal ``Move`` actions (tests check it), further steps
    assume the rest of the board stands still. The wall's low section needs High Altitude and 2 counts (the wall
    and the space beyond); the RADAR barrier is closed to the lower roller; a plane entering a live missile silo
    area on a RED spin (or a gun turret area on BLUE, with ``turret_fires_on_entry``) is shot down there, so
    nothing is reached through it. Altitude changes are not explored (they cost counts too)."""
    rules, s = game.rules, game.raw_state
    if PHASES[s.phase] != "move" or s.count <= 0 or s.mover is None:
        return {}
    seat = s.mover
    taken = set(s.tcell)
    taken.update(p[0] for p in s.planes)
    taken.update(rules._zaxxon_cells(s))
    radar_block = s.variant.radar_barrier and s.low == seat
    wall = rules._on_wall(s, seat)
    fire = ("silo" if s.spin == "RED" else "turret" if s.spin == "BLUE" and s.variant.turret_fires_on_entry
            else "")
    names = rules.board.names
    out: dict[str, dict[str, Any]] = {}
    for pi in (wall,) if wall >= 0 else (seat * 2, seat * 2 + 1):
        here, high, grounded = s.planes[pi][0], s.planes[pi][1], s.planes[pi][2]
        if grounded:
            continue
        num = pi % 2 + 1
        steps = rules.step_moves[seat][num]
        best = {here: 0}
        stops: set[int] = set()
        frontier = [here]
        for cost in range(1, s.count + 1):
            left = s.count - cost + 1  # counts left before this step
            nxt = []
            for c in frontier:
                for to, _move, low, crosses in steps[c]:
                    if to in best or to in taken or (low and (not high or left < 2)) or (crosses and radar_block):
                        continue
                    best[to] = cost
                    if fire and rules._live_area(s, to, fire) and not rules._live_area(s, c, fire):
                        stops.add(to)
                    else:
                        nxt.append(to)
            frontier = nxt
        del best[here]
        out[str(num)] = {"costs": {names[c]: k for c, k in best.items()}, "stops": sorted(names[c] for c in stops)}
    return out


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


#: the teacher panel's one-line hint while "Edit position" is on (board.js: zxEditPlan)
EDITOR_HELP = ("Click a plane, then the space to put it on (its altitude kept); click the picked plane again to "
               "switch High/Low; click a target to destroy it, or the empty space of a destroyed one to restore it")


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
        v["reach"] = reach(self.game)
        v["editor"] = {"help": EDITOR_HELP}
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


def walkthrough(number: str | int, *, presentation: bool = False, teacher: bool = False) -> Walkthrough:
    """The checked lesson ``number`` ("01".."08", ``lessons.LESSONS``) beside a read-only board, then its
    hand-over ("Your turn") from the lesson's last position, with the lesson's bots; ``presentation=True`` opens
    it in the projector view; ``teacher=True`` shows the teacher panel at the hand-over."""
    les = get_lesson(number)
    walk = Walkthrough(les, board=Board, title=f"Zaxxon {les.id.split('/')[-1]}: {les.title}",
                       presentation=presentation, teacher=teacher)
    # the 31-column board needs width to be read (on a projector too): it sits beside the narration only when
    # there is room for at least 900 px of board, otherwise it wraps below the narration at the full width
    walk.board.layout.flex = BOARD_FLEX
    return walk


#: the board's share of a walkthrough row (CSS flex: grow, shrink, basis)
BOARD_FLEX = "2 1 900px"
