"""The Zaxxon board widget: the hex board as SVG, planes with their altitude, Zaxxon with its facing, targets,
areas with labelled borders, the RADAR line, the dice and spinner (from the kit), the count left and both
players' mission checklists. Click a plane, then a highlighted space to fly there (the whole route, each step a
move of its own: ``tabletop.zaxxon.queries``) or a highlighted target to shoot."""

from __future__ import annotations

import math
from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import Any

from tabletop.engine.words import verb_for
from tabletop.ui import BoardWidget, Walkthrough
from tabletop.ui._messages import version_problem

from .board import BOARD
from .lessons import lesson as get_lesson
from .queries import reach_view, route, unreachable
from .rules import PHASES, Move

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
    ``{"costs": {space: counts}, "stops": [spaces where the plane would be shot down on entering]}`` - the rules'
    own answer (``tabletop.zaxxon.queries.reach_view``: routes explored by applying the rules' own moves to copies
    of the position). A click on one of these spaces flies the whole route (``Board.handle_message``, message
    ``{"type": "route"}``)."""
    return reach_view(game)


def prompt(game: Any) -> str:
    # read from the engine's own state: ``game.state`` would build (and freeze) the whole JSON view of the position
    # at every move only for these three fields (the board's state trait is built from the engine's state)
    s = game.raw_state
    phase, winner, count = PHASES[s.phase], s.winner, s.count
    p = game.players
    if phase == "over":
        return (f"{p[winner]} completed the mission and {verb_for(p[winner], 'wins')}!"
                if winner is not None
                else "The game ended at the turn cap without a winner.")
    who = p[game.current_player]
    if phase == "roll":
        return "Both players roll their die at the same time: press Roll (R)."
    if phase == "spin":
        return f"{who} rolled lower: spin the spinner (S)."
    if phase == "zaxxon":
        return f"{who}: move Zaxxon or shoot with it ({count} left), then move your planes."
    return f"{who}: {count} to use. {MOVE_HELP}"


#: how to play the move phase: the end of its prompt (sent once: ``Board.view`` gives it as ``view_data.help``)
MOVE_HELP = ("Click a plane, then a highlighted space (it flies the route there, one count per space) or target "
             "(shoot) - any other space says why not; A changes altitude, E ends the turn.")


#: the teacher panel's one-line hint while "Edit position" is on (board.js: zxEditPlan)
EDITOR_HELP = ("Click a plane, then the space to put it on (its altitude kept); click the picked plane again to "
               "switch High/Low; click a target to destroy it, or the empty space of a destroyed one to restore it")


class Board(BoardWidget):
    """A game of Zaxxon: ``Board(seed=1)`` for two players at one screen, ``Board(bots="greedy")`` against the
    greedy bot (it plays Player 2)."""

    game_module = "tabletop.zaxxon"
    state_json_plain = True
    board_js = STATIC / "board.js"
    board_css = STATIC / "board.css"

    def handle_message(self, content: Any) -> bool:
        """The kit's messages, and ``{"type": "route", "plane": 1|2, "to": "D24", "version": n}``: a click on a
        highlighted space fly the whole route there, each step played (and logged) as its own ``Move``, exactly as
        clicking step by step would (the kit checks each step's message: version, lock, bot, game over). A route
        message is validated field by field; a space the plane cannot reach is refused with the rules' reason and
        nothing changes."""
        if not (isinstance(content, Mapping) and content.get("type") == "route"):
            return bool(super().handle_message(content))
        return self._route(content)

    def _route(self, content: Mapping[str, Any]) -> bool:
        extra = sorted(set(content) - {"type", "plane", "to", "version"})
        if extra:
            return self._refuse_route("ui.message", f"a route message has no field {str(extra[0])[:20]!r} (its "
                                      "fields: type, plane, to, version)")
        plane, to = content.get("plane"), content.get("to")
        if type(plane) is not int or plane not in (1, 2):
            return self._refuse_route("ui.message", f"a route message's 'plane' is 1 or 2, not {repr(plane)[:20]}")
        if type(to) is not str or to.upper() not in BOARD.index:
            return self._refuse_route("zaxxon.board", f"a route message's 'to' is a space of the board like "
                                      f"\"E4\", not {repr(to)[:20]}")
        g = self.game
        to = to.upper()
        if g.current_player is None or g.state["phase"] != "move":
            # not the move phase (or over): the kit answers the step itself, as for a click
            return bool(super().handle_message({"type": "act", "id": Move(plane, to).key,
                                                "version": content.get("version")}))
        way = route(g, plane, to)
        if way is None:
            stale = version_problem(content, self.version, "board")
            if stale:
                return self._refuse_route(*stale)
            return self._refuse_route(*unreachable(g, plane, to))
        changed = False
        version = content.get("version")
        for step in way.moves:
            if not super().handle_message({"type": "act", "id": step.key, "version": version}):
                return changed
            changed, version = True, self.version
        return changed

    def _refuse_route(self, rule: str, reason: str) -> bool:
        self._set_error(rule, reason)
        return False

    def view(self) -> dict[str, Any]:
        v = dict(board_view())
        text = prompt(self.game)
        # the move phase's prompt ends with the same long help: that part is sent once (board.js joins them)
        v["help"] = MOVE_HELP
        v["prompt_help"] = text.endswith(MOVE_HELP)
        v["prompt"] = text.removesuffix(MOVE_HELP).rstrip() if v["prompt_help"] else text
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


def walkthrough(number: str | int, *, presentation: bool = False, teacher: bool = False,
                bots: Any = None) -> Walkthrough:
    """The checked lesson ``number`` ("01".."08", ``lessons.LESSONS``) beside a read-only board, then its
    hand-over ("Your turn") from the lesson's last position, with the lesson's bots (``bots="mcts"``, ``"mcts:200"``,
    another bot name or ``{seat: bot}``: those instead); ``presentation=True`` opens it in the projector view;
    ``teacher=True`` shows the teacher panel at the hand-over."""
    les = get_lesson(number)
    walk = Walkthrough(les, board=Board, title=f"Zaxxon {les.id.split('/')[-1]}: {les.title}",
                       presentation=presentation, teacher=teacher, bots=bots)
    # the 31-column board needs width to be read (on a projector too): it sits beside the narration only when
    # there is room for at least 900 px of board, otherwise it wraps below the narration at the full width
    walk.board.layout.flex = BOARD_FLEX
    return walk


#: the board's share of a walkthrough row (CSS flex: grow, shrink, basis)
BOARD_FLEX = "2 1 900px"
