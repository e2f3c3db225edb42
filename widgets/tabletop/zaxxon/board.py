"""The Zaxxon gameboard, loaded from ``board.toml`` and validated against the rulebook's Contents list.

The board is a reconstruction (the rulebook's figures are not available); ``board.toml`` documents every
decision. Spaces are numbered ``r * columns + c``; :data:`DIRS` lists the six hex directions.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: the six directions of Figure 6 / Figure 7, in this order everywhere (index = direction number)
DIRS = ("E", "NE", "NW", "W", "SW", "SE")
_EVEN = ((0, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (1, 0))
_ODD = ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, 0), (1, 1))

#: Zaxxon's moves (Figures 9A/9B): sideways along its two spaces (W/E) and the four diagonals; which diagonals
#: are "forward" depends on its facing (see ZAXXON_FACINGS)
ZAXXON_MOVES = {"W": "sideways west", "E": "sideways east", "SW": "diagonally south-west",
                "SE": "diagonally south-east", "NW": "diagonally north-west", "NE": "diagonally north-east"}
#: Zaxxon's two facings (its body lies west-east on two spaces, so its front points north or south) and, per
#: facing, its forward diagonals and its four shooting directions (Figure 11): sideways W from its west space,
#: sideways E from its east space, and the two forward diagonals from either space
ZAXXON_FACINGS = ("S", "N")
ZAXXON_FORWARD = {"S": ("SW", "SE"), "N": ("NW", "NE")}
ZAXXON_SHOTS = {f: {"west": ("W", *fwd), "east": ("E", *fwd)} for f, fwd in ZAXXON_FORWARD.items()}
FACING_WORD = {"S": "south", "N": "north"}


def zaxxon_move_words(direction: str, facing: str) -> str:
    """A Zaxxon move in the rulebook's words for its facing: "sideways west", "diagonally forward south-west"."""
    words = ZAXXON_MOVES.get(direction, direction)
    if direction in ("W", "E"):
        return words
    return words.replace("diagonally", "diagonally forward" if direction in ZAXXON_FORWARD.get(facing, ())
                         else "diagonally backward")

OPEN = frozenset(".HRF")


class BoardError(ValueError):
    """A malformed board data file (the reason names the layer, space or count that is wrong)."""


@dataclass(frozen=True)
class Target:
    """One target piece at setup: its kind, start space, owner seat (None in the inner fortress)."""

    idx: int
    kind: str  # "fuel", "silo", "turret"
    cell: int
    owner: int | None
    indestructible: bool = False

    @property
    def optional(self) -> bool:
        return self.owner is None and not self.indestructible and self.kind != "fuel"


@dataclass(frozen=True)
class Area:
    """A missile silo area (red border) or gun turret area (blue border) and the target whose fire it carries."""

    kind: str  # "silo" or "turret"
    cells: frozenset[int]
    target: int  # index into Board.targets


@dataclass
class Board:
    rows: int
    cols: int
    terrain: list[str]
    zone: list[str]
    area_kind: list[str]
    names: list[str]
    index: dict[str, int]
    nbr: list[tuple[int, ...]]  # per cell, per direction: neighbour cell or -1
    targets: tuple[Target, ...]
    areas: tuple[Area, ...]
    area_of: list[int]  # cell -> index into areas, or -1
    home: tuple[tuple[int, int], tuple[int, int]]  # seat -> (plane #1 spot, plane #2 spot)
    restart: tuple[tuple[int, ...], tuple[int, ...]]  # seat -> RESTART spaces of its outer fortress
    fuel_spaces: tuple[int, ...]
    zaxxon_start: int  # west space of the two
    zaxxon_area: frozenset[int]
    dogfight: frozenset[int]
    radar_rows: tuple[int, int]
    walls: tuple[dict[str, Any], ...] = field(default_factory=tuple)

    def name(self, cell: int) -> str:
        return self.names[cell]

    def cell(self, name: str) -> int:
        try:
            return self.index[name.upper()]
        except KeyError:
            raise KeyError(f"there is no space {name!r} on the board (rows A-{chr(64 + self.rows)}, "
                           f"columns 1-{self.cols})") from None

    def crosses_radar(self, a: int, b: int) -> bool:
        """True when a move between neighbouring spaces a and b crosses the RADAR barrier."""
        if self.zone[a] != "i" or self.zone[b] != "i":
            return False
        ra, rb = a // self.cols, b // self.cols
        lo, hi = self.radar_rows
        return (ra <= lo and rb >= hi) or (rb <= lo and ra >= hi)

    def line(self, cell: int, d: int) -> list[int]:
        """The spaces in a straight line from ``cell`` in direction ``d`` (not including ``cell``)."""
        out = []
        c = self.nbr[cell][d]
        while c >= 0:
            out.append(c)
            c = self.nbr[c][d]
        return out

    def distance(self, a: int, b: int) -> int:
        def cube(i: int) -> tuple[int, int]:
            r, c = divmod(i, self.cols)
            q = c - (r - (r & 1)) // 2
            return q, r
        (q1, r1), (q2, r2) = cube(a), cube(b)
        return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2

    def outer_of(self, cell: int) -> int | None:
        z = self.zone[cell]
        return 0 if z in "1ap" else 1 if z in "2bq" else None


def _rows(data: Mapping[str, Any], key: str, rows: int, cols: int, allowed: str) -> list[str]:
    layer = data.get(key)
    if not isinstance(layer, list) or len(layer) != rows:
        raise BoardError(f"board layer {key!r} must be a list of {rows} rows")
    out: list[str] = []
    for r, row in enumerate(layer):
        if not isinstance(row, str) or len(row) != cols:
            raise BoardError(f"board layer {key!r}, row {chr(65 + r)}: must be {cols} characters long")
        bad = set(row) - set(allowed)
        if bad:
            raise BoardError(f"board layer {key!r}, row {chr(65 + r)}: unknown symbol(s) {''.join(sorted(bad))!r}"
                             f"; allowed: {allowed!r}")
        out.extend(row)
    return out


def _components(cells: set[int], nbr: list[tuple[int, ...]]) -> list[set[int]]:
    left, comps = set(cells), []
    while left:
        start = left.pop()
        comp, todo = {start}, [start]
        while todo:
            c = todo.pop()
            for n in nbr[c]:
                if n in left:
                    left.discard(n)
                    comp.add(n)
                    todo.append(n)
        comps.append(comp)
    return comps


def build_board(data: Mapping[str, Any]) -> Board:
    """Validate a board mapping (the parsed TOML) and precompute everything the engine needs."""
    rows, cols = data.get("rows"), data.get("columns")
    if not isinstance(rows, int) or not isinstance(cols, int) or not 3 <= rows <= 26 or cols < 3:
        raise BoardError("board needs integer 'rows' (3-26) and 'columns'")
    terrain = _rows(data, "terrain", rows, cols, "#.WwHRFZ")
    zone = _rows(data, "zone", rows, cols, "12abipq-")
    areas = _rows(data, "areas", rows, cols, ".std")
    pieces = _rows(data, "pieces", rows, cols, ".ABCDE")
    n = rows * cols
    names = [f"{chr(65 + i // cols)}{i % cols + 1}" for i in range(n)]
    index = {nm: i for i, nm in enumerate(names)}
    nbr: list[tuple[int, ...]] = []
    for i in range(n):
        r, c = divmod(i, cols)
        out = []
        for dr, dc in (_ODD if r & 1 else _EVEN):
            rr, cc = r + dr, c + dc
            out.append(rr * cols + cc if 0 <= rr < rows and 0 <= cc < cols else -1)
        nbr.append(tuple(out))

    def where(i: int) -> str:
        return names[i]

    for i in range(n):
        t, z = terrain[i], zone[i]
        if (t == "#") != (z == "-"):
            raise BoardError(f"space {where(i)}: black spaces and only they have no zone")
        if t in "Ww" and z not in "pq":
            raise BoardError(f"space {where(i)}: a wall must belong to a player's side (zone p or q)")
        if z in "pq" and t not in "Ww":
            raise BoardError(f"space {where(i)}: zone {z!r} is for walls only")
        if t == "H" and z not in "12":
            raise BoardError(f"space {where(i)}: a home base space must be in a home base zone")
        if t == "R" and z not in "ab":
            raise BoardError(f"space {where(i)}: RESTART spaces belong in an outer fortress")
        if t in "FZ" and z != "i":
            raise BoardError(f"space {where(i)}: FUEL and Zaxxon-area spaces belong in the inner fortress")
        if areas[i] == "d" and z != "i":
            raise BoardError(f"space {where(i)}: the dogfight area is inside the inner fortress")
        if areas[i] in "std" and t not in OPEN:
            raise BoardError(f"space {where(i)}: silo, turret and dogfight areas are made of open spaces")
        if pieces[i] != "." and t not in OPEN | {"Z"}:
            raise BoardError(f"space {where(i)}: piece {pieces[i]!r} must stand on an open space")

    # walls: 4 in all, 2 long and 2 short, one per player's side of each; each has exactly one low section
    wall_cells = {i for i in range(n) if terrain[i] in "Ww"}
    walls: list[dict[str, Any]] = []
    for comp in _components(wall_cells, nbr):
        lows = [i for i in comp if terrain[i] == "w"]
        owners = {zone[i] for i in comp}
        if len(lows) != 1:
            raise BoardError(f"the wall through {where(min(comp))} must have exactly one low section, "
                             f"not {len(lows)}")
        if len(owners) != 1:
            raise BoardError(f"the wall through {where(min(comp))} mixes both players' sides")
        walls.append({"cells": sorted(comp), "low": lows[0], "seat": 0 if owners == {"p"} else 1,
                      "size": len(comp)})
    if len(walls) != 4:
        raise BoardError(f"the Contents list 4 brick walls; the board has {len(walls)}")
    for seat in (0, 1):
        own = sorted((w for w in walls if w["seat"] == seat), key=lambda w: -w["size"])
        if len(own) != 2 or own[0]["size"] <= own[1]["size"]:
            raise BoardError(f"player {seat + 1}'s side needs one long and one short wall")
        own[0]["kind"], own[1]["kind"] = "long", "short"
        short = own[1]
        sides = {zone[nb] for nb in short["cells"] for d in range(6)
                 for nb in [nbr[nb][d]] if nb >= 0 and terrain[nb] not in "#Ww"}
        if sides != {"ab"[seat], "i"}:
            raise BoardError(f"player {seat + 1}'s short wall must lead from the outer into the inner fortress")

    # pieces
    targets: list[Target] = []
    home: list[list[int]] = [[], []]
    zaxxon = [i for i in range(n) if pieces[i] == "D"]
    if len(zaxxon) != 2 or zaxxon[1] != nbr[zaxxon[0]][0] or any(terrain[i] != "Z" for i in zaxxon):
        raise BoardError("Zaxxon (D) must stand on two side-by-side spaces (west, east) of the Zaxxon area")
    indestructible = set()
    for nm in data.get("indestructible", []):
        if nm not in index:
            raise BoardError(f"indestructible target at unknown space {nm!r}")
        indestructible.add(index[nm])
    for i in range(n):
        p = pieces[i]
        if p == "E":
            if terrain[i] != "H":
                raise BoardError(f"space {where(i)}: planes (E) start on home base spaces")
            home[0 if zone[i] == "1" else 1].append(i)
        elif p in "ABC":
            kind = {"A": "fuel", "B": "silo", "C": "turret"}[p]
            owner = 0 if zone[i] == "a" else 1 if zone[i] == "b" else None
            if kind == "fuel" and owner is None:
                raise BoardError(f"space {where(i)}: fuel tanks start in an outer fortress")
            targets.append(Target(len(targets), kind, i, owner, i in indestructible))
    if indestructible - {t.cell for t in targets}:
        raise BoardError("every indestructible space must hold a silo or a turret")
    for kind, total in (("fuel", 4), ("silo", 4), ("turret", 4)):
        got = sum(t.kind == kind for t in targets)
        if got != total:
            raise BoardError(f"the Contents list 4 {kind} pieces; the board places {got}")
    for seat in (0, 1):
        own_targets = [t for t in targets if t.owner == seat]
        if sorted(t.kind for t in own_targets) != ["fuel", "fuel", "silo", "turret"]:
            raise BoardError(f"player {seat + 1}'s outer fortress needs 2 fuel tanks, 1 silo and 1 turret")
        if len(home[seat]) != 2:
            raise BoardError(f"player {seat + 1}'s home base needs 2 plane spaces (E)")
    inner = [t for t in targets if t.owner is None]
    for kind in ("silo", "turret"):
        ks = [t for t in inner if t.kind == kind]
        if len(ks) != 2 or sum(t.indestructible for t in ks) != 1:
            raise BoardError(f"the inner fortress needs one optional and one indestructible {kind}")

    # silo / turret areas: each connected area holds exactly one piece of its kind
    area_list: list[Area] = []
    area_of = [-1] * n
    for code, kind in (("s", "silo"), ("t", "turret")):
        cells = {i for i in range(n) if areas[i] == code}
        for comp in _components(cells, nbr):
            inside = [t for t in targets if t.cell in comp and t.kind == kind]
            if len(inside) != 1:
                raise BoardError(f"the {kind} area through {where(min(comp))} must contain exactly one {kind}, "
                                 f"not {len(inside)}")
            for c in comp:
                area_of[c] = len(area_list)
            area_list.append(Area(kind, frozenset(comp), inside[0].idx))
    for tg in targets:
        if tg.kind != "fuel" and area_of[tg.cell] < 0:
            raise BoardError(f"the {tg.kind} at {where(tg.cell)} has no area around it")
    if len(area_list) != 8:
        raise BoardError(f"expected 4 missile silo areas and 4 gun turret areas, found {len(area_list)}")

    restart_of = [tuple(i for i in range(n) if terrain[i] == "R" and zone[i] == "ab"[s]) for s in (0, 1)]
    restart = (restart_of[0], restart_of[1])
    if any(len(r) < 1 for r in restart):
        raise BoardError("each outer fortress needs RESTART spaces")
    fuel_spaces = tuple(i for i in range(n) if terrain[i] == "F")
    if len(fuel_spaces) < 4:
        raise BoardError(f"the inner fortress needs at least 4 FUEL spaces (there are {len(fuel_spaces)})")
    dogfight = frozenset(i for i in range(n) if areas[i] == "d")
    if not dogfight:
        raise BoardError("the inner fortress needs a dogfight area")
    zarea = frozenset(i for i in range(n) if terrain[i] == "Z")

    rb = data.get("radar_between")
    if not (isinstance(rb, list) and len(rb) == 2 and all(isinstance(x, str) and len(x) == 1 for x in rb)):
        raise BoardError("radar_between must name two neighbouring rows, e.g. ['F', 'G']")
    lo, hi = ord(rb[0]) - 65, ord(rb[1]) - 65
    if hi != lo + 1 or not 0 <= lo < rows - 1:
        raise BoardError("radar_between must name two neighbouring rows")
    board = Board(rows, cols, terrain, zone, areas, names, index, nbr, tuple(targets), tuple(area_list),
                  area_of, ((home[0][0], home[0][1]), (home[1][0], home[1][1])), restart, fuel_spaces, zaxxon[0],
                  zarea, dogfight, (lo, hi), tuple(walls))
    crossings = [(a, b) for a in range(n) for b in nbr[a] if b >= 0 and terrain[a] in OPEN and terrain[b] in OPEN
                 and board.crosses_radar(a, b)]
    if not crossings:
        raise BoardError("the RADAR barrier crosses no pair of open spaces")
    for a, b in crossings:
        if a not in dogfight or b not in dogfight:
            raise BoardError(f"the RADAR barrier must lie across the dogfight area ({where(a)}-{where(b)} is not)")
    for i in zarea:
        if i in dogfight:
            raise BoardError("the Zaxxon area and the dogfight area must not overlap")
    return board


def load_board(path: Path | str | None = None) -> Board:
    p = Path(path) if path is not None else Path(__file__).with_name("board.toml")
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise BoardError(f"{p.name}: not valid TOML: {exc}") from None
    return build_board(data)


BOARD = load_board()


def load_scenarios(board: Board, path: Path | str | None = None) -> dict[str, dict[str, Any]]:
    """Teaching start positions (``scenarios.toml``), validated against the board."""
    p = Path(path) if path is not None else Path(__file__).with_name("scenarios.toml")
    data = tomllib.loads(p.read_text(encoding="utf-8")).get("scenario", {})
    by_start = {board.names[t.cell]: t for t in board.targets}
    out: dict[str, dict[str, Any]] = {}
    for name, sc in data.items():
        def bad(msg: str, name: str = name) -> BoardError:
            return BoardError(f"scenario {name!r}: {msg}")
        planes: dict[int, tuple[int, bool]] = {}
        for key, val in sc.get("planes", {}).items():
            seat, num = (int(x) for x in key.split("-"))
            words = val.split()
            if words[0] not in board.index:
                raise bad(f"unknown space {words[0]!r}")
            cell = board.index[words[0]]
            if board.terrain[cell] in "#WwZ" or board.outer_of(cell) not in (seat, None):
                raise bad(f"a plane of player {seat + 1} cannot stand on {words[0]}")
            planes[seat * 2 + num - 1] = (cell, words[1:] == ["high"])
        removed = []
        for nm in sc.get("removed", []):
            if nm not in by_start:
                raise bad(f"no target starts on {nm}")
            removed.append(by_start[nm].idx)
        moved = {}
        for nm, dest in sc.get("moved", {}).items():
            t = by_start.get(nm)
            if t is None or t.kind != "fuel" or t.owner is None:
                raise bad(f"{nm} is not an outer fuel tank")
            if dest not in board.index or board.index[dest] not in board.fuel_spaces:
                raise bad(f"{dest} is not a FUEL space")
            moved[t.idx] = board.index[dest]
        for ti in removed:
            if board.targets[ti].kind == "fuel" and ti not in moved:
                raise bad(f"the fuel tank from {board.names[board.targets[ti].cell]} is removed but was never "
                          "moved to a FUEL space (list it under 'moved' too)")
        hits = []
        for key in sc.get("zaxxon_hits", []):
            seat, num = (int(x) for x in key.split("-"))
            hits.append(seat * 2 + num - 1)
        cells = [c for c, _ in planes.values()]
        if len(set(cells)) != len(cells):
            raise bad("two planes on one space")
        out[name] = {"title": sc.get("title", name), "planes": planes, "removed": removed, "moved": moved,
                     "zaxxon_hits": hits, "zaxxon_active": bool(sc.get("zaxxon_active", False))}
    return out
