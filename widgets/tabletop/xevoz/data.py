"""The Xevoz components: species, Power Glyphs, figures and Battle Terrain mats, loaded from ``data/*.toml``.

Every file is validated on load; a bad file raises :class:`DataError` naming the file, the entry and the problem.
Values the rulebook does not print (glyph numbers, part trees, mat layouts) are marked as reconstructions in the
data files themselves.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).with_name("data")
SYMBOLS = ("sword", "star", "bomb", "drain")
SHAPES = ("circle", "triangle", "square", "diamond", "hexagon", "star", "pentagon", "cross")


class DataError(ValueError):
    """A component file that cannot be used, with the reason."""


@dataclass(frozen=True, slots=True)
class Species:
    id: str
    name: str
    letter: str
    colour: str
    shape: str


@dataclass(frozen=True, slots=True)
class Attack:
    """One attack on a battle side: a strength number and its action symbols."""

    strength: int
    swords: int = 0
    stars: int = 0
    bomb: bool = False
    drain: bool = False
    text: str = field(default="", init=False, compare=False, repr=False)

    @classmethod
    def parse(cls, text: str, where: str) -> Attack:
        bits = text.split()
        if not bits or not bits[0].isdigit():
            raise DataError(f"{where}: an attack is '<strength> <symbols>', got {text!r}")
        syms = bits[1:]
        if not syms:
            raise DataError(f"{where}: attack {text!r} has no action symbol")
        for s in syms:
            if s not in SYMBOLS:
                raise DataError(f"{where}: unknown action symbol {s!r}; symbols: {', '.join(SYMBOLS)}")
        if syms.count("bomb") > 1 or syms.count("drain") > 1:
            raise DataError(f"{where}: at most one bomb and one drain symbol per attack")
        return cls(int(bits[0]), syms.count("sword"), syms.count("star"), "bomb" in syms, "drain" in syms)

    @property
    def symbols(self) -> tuple[str, ...]:
        return ("sword",) * self.swords + ("star",) * self.stars + ("bomb",) * self.bomb + ("drain",) * self.drain

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", self._words())  # read in every round's log: built once

    def __str__(self) -> str:
        return self.text

    def _words(self) -> str:
        words = []
        if self.swords:
            words.append(f"{self.swords} sword" + ("s" if self.swords > 1 else ""))
        if self.stars:
            words.append(f"{self.stars} star" + ("s" if self.stars > 1 else ""))
        if self.bomb:
            words.append("bomb")
        if self.drain:
            words.append("DRAIN ATTACK")
        return f"{self.strength} ({' + '.join(words)})"

    def to_json(self) -> dict[str, Any]:
        return {"strength": self.strength, "symbols": list(self.symbols), "text": str(self)}


@dataclass(frozen=True, slots=True)
class Glyph:
    id: str
    part: str
    species: str
    gold: bool
    white: Attack
    black: Attack

    @property
    def is_drain(self) -> bool:
        return self.white.drain or self.black.drain

    def attacks(self, flipped: bool) -> tuple[Attack, Attack]:
        """(white, black) as read on either battle side when pressed in normally or flipped."""
        return (self.black, self.white) if flipped else (self.white, self.black)


@dataclass(frozen=True, slots=True)
class Figure:
    """A ready-built figure: a tree of parts. ``parent[i]`` is the part ``i`` snaps onto (-1 for the root)."""

    id: str
    name: str
    part_ids: tuple[str, ...]
    part_names: tuple[str, ...]
    parent: tuple[int, ...]
    children: tuple[tuple[int, ...], ...]
    depth: tuple[int, ...]
    drain: int  # index of the DRAIN ATTACK part, -1 if none
    helix: tuple[tuple[str, bool], ...]

    @property
    def n_parts(self) -> int:
        return len(self.part_ids)

    @property
    def life(self) -> int:
        return self.n_parts - (1 if self.drain >= 0 else 0)

    def index(self, part: str) -> int:
        try:
            return self.part_ids.index(part)
        except ValueError:
            raise KeyError(f"{self.name} has no part {part!r}") from None


@dataclass(frozen=True, slots=True)
class Mat:
    id: str
    species: str
    size: int
    start: tuple[int, int]
    warps: dict[int, str]          # cell -> species of the warp space
    bonuses: dict[int, tuple[str, int]]  # cell -> (species, +N)


@dataclass(frozen=True)
class Components:
    species: dict[str, Species]
    glyphs: dict[str, Glyph]
    figures: dict[str, Figure]
    mats: dict[str, Mat]
    glyph_by_part: dict[str, str]

    def mat_for(self, species: str) -> Mat | None:
        for m in self.mats.values():
            if m.species == species:
                return m
        return None


# -- cells ---------------------------------------------------------------------------------------------------
def cell_name(cell: int, size: int) -> str:
    r, c = divmod(cell, size)
    return f"{chr(65 + c)}{r + 1}"


def parse_cell(name: str, size: int, where: str = "cell") -> int:
    if not isinstance(name, str) or len(name) < 2 or not name[0].isalpha() or not name[1:].isdigit():
        raise DataError(f"{where}: {name!r} is not a square name like 'C3'")
    c = ord(name[0].upper()) - 65
    r = int(name[1:]) - 1
    if not (0 <= c < size and 0 <= r < size):
        raise DataError(f"{where}: {name!r} is off a {size}x{size} mat")
    return r * size + c


# -- loading -------------------------------------------------------------------------------------------------
def _read(name: str, base: Path) -> dict[str, Any]:
    p = base / name
    try:
        return tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{name}: not valid TOML: {exc}") from None


def _need(entry: dict[str, Any], key: str, typ: type | tuple[type, ...], where: str) -> Any:
    if key not in entry:
        raise DataError(f"{where}: missing {key!r}")
    v = entry[key]
    if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
        raise DataError(f"{where}: {key!r} has the wrong type ({type(v).__name__})")
    return v


def parse_figure(raw: dict[str, Any], where: str, glyphs: dict[str, Glyph]) -> Figure:
    fid = _need(raw, "id", str, where)
    name = _need(raw, "name", str, where)
    text = _need(raw, "parts", str, where)
    ids: list[str] = []
    names: list[str] = []
    parent: list[int] = []
    depth: list[int] = []
    stack: list[tuple[int, int]] = []  # (indent, index)
    drain = -1
    for ln, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        if indent % 2:
            raise DataError(f"{where}: line {ln}: indent by two spaces ({line.strip()!r})")
        bits = line.strip().split(" ", 1)
        if len(bits) < 2:
            raise DataError(f"{where}: line {ln}: a part is '<id> <Name>' ({line.strip()!r})")
        pid, pname = bits[0], bits[1].strip()
        is_drain = pname.endswith("[drain]")
        if is_drain:
            pname = pname[: -len("[drain]")].strip()
        if pid in ids:
            raise DataError(f"{where}: part id {pid!r} appears twice")
        while stack and stack[-1][0] >= indent:
            stack.pop()
        if not stack and ids:
            raise DataError(f"{where}: part {pid!r} snaps onto nothing (only the first part may be the root)")
        if stack and indent != stack[-1][0] + 2:
            raise DataError(f"{where}: part {pid!r} is indented too far")
        idx = len(ids)
        ids.append(pid)
        names.append(pname)
        parent.append(stack[-1][1] if stack else -1)
        depth.append(indent // 2)
        if is_drain:
            if drain >= 0:
                raise DataError(f"{where}: a figure cannot have more than one DRAIN ATTACK part "
                                "(xevoz.one-drain-part)")
            drain = idx
        stack.append((indent, idx))
    if not ids:
        raise DataError(f"{where}: no parts")
    if drain == 0:
        raise DataError(f"{where}: the DRAIN ATTACK part cannot be the root part")
    if drain >= 0 and any(p == drain for p in parent):
        raise DataError(f"{where}: nothing may snap onto the DRAIN ATTACK part")
    children = tuple(tuple(j for j, p in enumerate(parent) if p == i) for i in range(len(ids)))
    helix_raw = raw.get("helix", [])
    helix: list[tuple[str, bool]] = []
    for h in helix_raw:
        if not isinstance(h, str):
            raise DataError(f"{where}: helix entries are glyph ids")
        gid, flipped = (h[:-1], True) if h.endswith("~") else (h, False)
        if gid not in glyphs:
            raise DataError(f"{where}: helix names unknown glyph {gid!r}")
        if glyphs[gid].part not in names:
            raise DataError(f"{where}: helix glyph {gid!r} needs Power Part {glyphs[gid].part!r}, "
                            "which the figure lacks")
        helix.append((gid, flipped))
    return Figure(fid, name, tuple(ids), tuple(names), tuple(parent), children, tuple(depth), drain, tuple(helix))


def load_components(base: Path | str | None = None) -> Components:
    """Read and validate the four component files (``base`` defaults to the package's ``data/``)."""
    base = Path(base) if base is not None else DATA_DIR
    species: dict[str, Species] = {}
    for i, raw in enumerate(_read("species.toml", base).get("species", [])):
        where = f"species.toml species #{i + 1}"
        s = Species(_need(raw, "id", str, where), _need(raw, "name", str, where), _need(raw, "letter", str, where),
                    _need(raw, "colour", str, where), _need(raw, "shape", str, where))
        if s.shape not in SHAPES:
            raise DataError(f"{where}: shape {s.shape!r} is not one of {', '.join(SHAPES)}")
        if s.id in species:
            raise DataError(f"{where}: species {s.id!r} appears twice")
        species[s.id] = s
    if len({s.letter for s in species.values()}) != len(species) or len(
            {s.shape for s in species.values()}) != len(species):
        raise DataError("species.toml: every species needs its own letter and shape (colour is never the only cue)")

    glyphs: dict[str, Glyph] = {}
    by_part: dict[str, str] = {}
    for i, raw in enumerate(_read("glyphs.toml", base).get("glyph", [])):
        where = f"glyphs.toml glyph #{i + 1}"
        gid = _need(raw, "id", str, where)
        where = f"glyphs.toml glyph {gid!r}"
        sp = _need(raw, "species", str, where)
        if sp not in species:
            raise DataError(f"{where}: unknown species {sp!r}")
        g = Glyph(gid, _need(raw, "part", str, where), sp, _need(raw, "gold", bool, where),
                  Attack.parse(_need(raw, "white", str, where), where),
                  Attack.parse(_need(raw, "black", str, where), where))
        if gid in glyphs:
            raise DataError(f"{where}: glyph id appears twice")
        if g.part in by_part:
            raise DataError(f"{where}: Power Part {g.part!r} already has glyph {by_part[g.part]!r}")
        glyphs[gid] = g
        by_part[g.part] = gid

    figures: dict[str, Figure] = {}
    for i, raw in enumerate(_read("figures.toml", base).get("figure", [])):
        where = f"figures.toml figure #{i + 1}"
        f = parse_figure(raw, where, glyphs)
        if f.id in figures:
            raise DataError(f"{where}: figure {f.id!r} appears twice")
        figures[f.id] = f
    names: dict[str, str] = {}
    for f in figures.values():
        for pid, pname in zip(f.part_ids, f.part_names, strict=True):
            if names.setdefault(pid, pname) != pname:
                raise DataError(f"figures.toml figure {f.id!r}: part id {pid!r} is {pname!r} here but "
                                f"{names[pid]!r} in another figure; a part id names one part (give it its own id)")

    mats: dict[str, Mat] = {}
    for i, raw in enumerate(_read("mats.toml", base).get("mat", [])):
        where = f"mats.toml mat #{i + 1}"
        mid = _need(raw, "id", str, where)
        where = f"mats.toml mat {mid!r}"
        sp = _need(raw, "species", str, where)
        size = _need(raw, "size", int, where)
        if sp not in species:
            raise DataError(f"{where}: unknown species {sp!r}")
        if not 2 <= size <= 12:
            raise DataError(f"{where}: size must be 2 to 12")
        st = _need(raw, "start", list, where)
        if len(st) != 2:
            raise DataError(f"{where}: a mat has exactly two START spaces")
        a, b = (parse_cell(x, size, where) for x in st)
        if not adjacent(a, b, size):
            raise DataError(f"{where}: the two START spaces must be next to each other")
        warps: dict[int, str] = {}
        for w in _need(raw, "warps", list, where):
            cell = parse_cell(w[0], size, where)
            if w[1] not in species:
                raise DataError(f"{where}: warp {w[0]} has unknown species {w[1]!r}")
            if w[1] == sp:
                raise DataError(f"{where}: warp {w[0]} would lead to this same mat (xevoz.warp-destination)")
            warps[cell] = w[1]
        bonuses: dict[int, tuple[str, int]] = {}
        for bo in _need(raw, "bonuses", list, where):
            cell = parse_cell(bo[0], size, where)
            if bo[1] not in species or not isinstance(bo[2], int) or bo[2] < 1:
                raise DataError(f"{where}: bonus {bo!r} must be [square, species, +N >= 1]")
            if cell in warps or cell in bonuses:
                raise DataError(f"{where}: square {bo[0]} is marked twice")
            bonuses[cell] = (bo[1], bo[2])
        if a in warps or b in warps or a in bonuses or b in bonuses:
            raise DataError(f"{where}: START spaces must be plain squares")
        if mid in mats:
            raise DataError(f"{where}: mat id appears twice")
        mats[mid] = Mat(mid, sp, size, (a, b), warps, bonuses)
    if not (species and glyphs and figures and mats):
        raise DataError("component files are empty")
    return Components(species, glyphs, figures, mats, by_part)


def adjacent(a: int, b: int, size: int) -> bool:
    ra, ca = divmod(a, size)
    rb, cb = divmod(b, size)
    return abs(ra - rb) + abs(ca - cb) == 1


def neighbours(cell: int, size: int) -> list[int]:
    r, c = divmod(cell, size)
    out = []
    if r > 0:
        out.append(cell - size)
    if r < size - 1:
        out.append(cell + size)
    if c > 0:
        out.append(cell - 1)
    if c < size - 1:
        out.append(cell + 1)
    return out


def protected_parts(f: Figure, power: Collection[str]) -> frozenset[int]:
    """Parts a trim never removes: the root, the DRAIN ATTACK part, every Power Part (a part some glyph needs)
    and everything they snap onto."""
    keep = {0}
    for i in range(f.n_parts):
        if i == f.drain or f.part_names[i] in power:
            while i >= 0 and i not in keep:
                keep.add(i)
                i = f.parent[i]
    return frozenset(keep)


def helix_parts(f: Figure, comp: Components) -> frozenset[str]:
    """The Power Parts the figure's own (suggested) helix needs."""
    return frozenset(comp.glyphs[g].part for g, _ in f.helix)


def trim_figure(f: Figure, n: int, power: Collection[str]) -> Figure:
    """``f`` with plain tip parts unsnapped (last-listed tip first) until it has ``n`` parts (variant option
    ``parts``). It never goes below :func:`protected_parts`; a figure already at or below ``n`` is returned as is."""
    if n <= 0 or f.n_parts <= n:
        return f
    keep = protected_parts(f, power)
    alive = [True] * f.n_parts
    count = f.n_parts
    while count > n:
        tips = [i for i in range(f.n_parts) if alive[i] and i not in keep
                and not any(alive[c] for c in f.children[i])]
        if not tips:
            break
        alive[tips[-1]] = False
        count -= 1
    old = [i for i in range(f.n_parts) if alive[i]]
    new_of = {o: k for k, o in enumerate(old)}
    parent = tuple(new_of[f.parent[o]] if f.parent[o] >= 0 else -1 for o in old)
    children = tuple(tuple(j for j, p in enumerate(parent) if p == k) for k in range(len(old)))
    return Figure(f.id, f.name, tuple(f.part_ids[o] for o in old), tuple(f.part_names[o] for o in old), parent,
                  children, tuple(f.depth[o] for o in old), new_of.get(f.drain, -1), f.helix)


@cache
def part_names() -> dict[str, str]:
    """Part id -> its Part Name, over every ready figure (a part id names one part: checked on load)."""
    return {pid: name for f in components().figures.values() for pid, name in zip(f.part_ids, f.part_names,
                                                                                   strict=True)}


def part_name(pid: object) -> str:
    """The name a learner reads for a part id ("horn-l" -> "Left Horn"); an unknown id is shown quoted."""
    return part_names().get(pid, repr(pid)) if isinstance(pid, str) else repr(pid)


def mat_name(mid: str) -> str:
    """A mat's name as a learner reads it: "the Meta-Beast mat" is named after its species."""
    comp = components()
    m = comp.mats.get(mid)
    return f"{comp.species[m.species].name} mat" if m is not None else f"{mid!r} mat"


def glyph_name(gid: str) -> str:
    """A glyph as a learner reads it: the name of its Power Part ("razor-claw" -> "Razor Claw")."""
    g = components().glyphs.get(gid)
    return g.part if g is not None else repr(gid)


@cache
def components() -> Components:
    """The package's own components (loaded once)."""
    return load_components()
