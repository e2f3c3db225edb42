"""The Super Xevious data files (stages.toml, cards.toml), parsed and validated on load.

Every problem is a ``ValueError`` naming the file, the place and what is wrong, so a teacher editing a board
sees at once which space to fix. The boards and cards are reconstructions (the rulebook prints none): see the
comments at the top of each file.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
STAGES_FILE = HERE / "stages.toml"
CARDS_FILE = HERE / "cards.toml"

KINDS = ("entrance", "exit", "plain", "green", "ground", "air", "squad", "card", "flag", "pin", "sol", "phantom")
BLASTER_KINDS = ("flag", "pin", "sol", "phantom")
NUMBERED = {"ground": (1, 5), "squad": (2, 4)}
CONDITIONS = ("andor-genesis", "hidden-sol", "garu-zakato-fog", "phantom-wingman", "zoshi-squadrons",
              "garu-barra", "gump-core")
CARD_EFFECTS = ("take", "move", "ground", "air", "squad", "damage", "cockpit")
_AWARD = re.compile(r"^([WSL])([1-5])$")
MARKER_NAMES = {"W": "Extra Weapon", "S": "Shield", "L": "Solvalou"}


@dataclass(frozen=True, slots=True)
class Awards:
    """Markers a space or card gives: Extra Weapon, Shield, Solvalou."""

    w: int = 0
    s: int = 0
    l: int = 0  # noqa: E741 - the Solvalou row

    def __bool__(self) -> bool:
        return bool(self.w or self.s or self.l)

    def __str__(self) -> str:
        parts = [f"{n} {name}" for n, name in ((self.w, "Extra Weapon"), (self.s, "Shield"), (self.l, "Solvalou"))
                 if n]
        return ", ".join(parts) if parts else "nothing"

    def short(self) -> str:
        return " ".join(f"{k}{n}" for k, n in (("W", self.w), ("S", self.s), ("L", self.l)) if n)


def parse_awards(words: list[str], where: str) -> Awards:
    got = {"W": 0, "S": 0, "L": 0}
    for w in words:
        m = _AWARD.match(w)
        if not m:
            raise ValueError(f"{where}: {w!r} is not an award (write W1..W5, S1..S5 or L1..L5)")
        if got[m.group(1)]:
            raise ValueError(f"{where}: {MARKER_NAMES[m.group(1)]} awarded twice")
        got[m.group(1)] = int(m.group(2))
    return Awards(got["W"], got["S"], got["L"])


@dataclass(frozen=True, slots=True)
class Space:
    kind: str
    n: int = 0
    stop: bool = False
    boost: bool = False
    awards: Awards = Awards()
    text: str = ""

    @property
    def green(self) -> bool:
        return self.kind == "green"

    @property
    def blaster(self) -> bool:
        return self.kind in BLASTER_KINDS

    def label(self) -> str:
        """Plain words for the space (used by the log, the text view and the widget's labels)."""
        k = self.kind
        if k == "ground":
            s = f"air-to-ground battle {self.n}"
        elif k == "air":
            s = "air-to-air battle (one enemy)"
        elif k == "squad":
            s = f"air-to-air battle ({self.n} enemies)"
        elif k in BLASTER_KINDS:
            s = f"{k.capitalize()} ({self.awards})"
        elif k == "green":
            s = "green space" + (f" ({self.awards})" if self.awards else "")
        elif k == "exit":
            s = "exit" + (f" ({self.awards})" if self.awards else "")
        elif k == "card":
            s = "Super Xevious Card"
        else:
            s = k
        if self.boost:
            s += ", Extra Weapon +1"
        if self.stop:
            s += ", must stop"
        return s


def parse_space(text: str, where: str, defaults: dict[str, Awards]) -> Space:
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"{where}: a space must be a non-empty string")
    words = text.split()
    kind, rest = words[0], words[1:]
    if kind not in KINDS:
        raise ValueError(f"{where}: unknown space kind {kind!r}; kinds: {', '.join(KINDS)}")
    n = 0
    if kind in NUMBERED:
        lo, hi = NUMBERED[kind]
        if not rest or not rest[0].isdigit():
            raise ValueError(f"{where}: {kind!r} needs its number (e.g. '{kind} {lo + 1}')")
        n = int(rest.pop(0))
        if not lo <= n <= hi:
            raise ValueError(f"{where}: {kind} {n} is out of range {lo}..{hi}")
    stop = boost = False
    award_words: list[str] = []
    for w in rest:
        if w == "stop":
            stop = True
        elif w == "boost":
            if kind != "ground":
                raise ValueError(f"{where}: only air-to-ground battles can have 'boost' (Extra Weapon +1)")
            boost = True
        else:
            award_words.append(w)
    awards = parse_awards(award_words, where)
    if awards and kind not in ("exit", "green", *BLASTER_KINDS):
        raise ValueError(f"{where}: only exits, green spaces and Flag/Pin/Sol/Phantom give markers")
    if kind in BLASTER_KINDS and not awards:
        awards = defaults[kind]
    return Space(kind, n, stop, boost, awards, text)


@dataclass(frozen=True, slots=True)
class Panel:
    id: str
    name: str
    areas: tuple[tuple[Space, ...], ...]


@dataclass(frozen=True, slots=True)
class Stage:
    number: int
    panel: Panel
    condition: str
    title: str
    text: str
    guard: tuple[tuple[int, int], ...] = ()
    gumps: tuple[tuple[int, int], ...] = ()
    gump_number: int = 0  # Stage 7: the number a Gump Marker is attacked against (stages.toml gump_number)
    barrage: int = 2

    @property
    def areas(self) -> tuple[tuple[Space, ...], ...]:
        return self.panel.areas


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    title: str
    text: str
    effect: str
    n: int = 0
    awards: Awards = Awards()
    copies: int = 1


def _positions(raw: Any, where: str, panel: Panel) -> tuple[tuple[int, int], ...]:
    out = []
    if not isinstance(raw, list):
        raise ValueError(f"{where}: expected a list of [area, space] pairs")
    for p in raw:
        if not (isinstance(p, list) and len(p) == 2 and all(isinstance(x, int) for x in p)):
            raise ValueError(f"{where}: {p!r} is not an [area, space] pair")
        a, i = p[0] - 1, p[1] - 1
        if not (0 <= a < len(panel.areas) and 0 <= i < len(panel.areas[a])):
            raise ValueError(f"{where}: panel {panel.id} has no area {p[0]} space {p[1]}")
        if i == 0:
            raise ValueError(f"{where}: area {p[0]} space 1 is an entrance and cannot hold a guard or Gump")
        out.append((a, i))
    return tuple(out)


def parse_stages(text: str, name: str = "stages.toml") -> tuple[Stage, ...]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{name}: not valid TOML: {exc}") from None
    defaults = {}
    raw_def = data.get("blaster_awards", {})
    for k in BLASTER_KINDS:
        if k not in raw_def:
            raise ValueError(f"{name}: [blaster_awards] lacks {k!r}")
        defaults[k] = parse_awards(str(raw_def[k]).split(), f"{name}: [blaster_awards] {k}")
    panels: dict[str, Panel] = {}
    for pi, raw in enumerate(data.get("panel", [])):
        pid = raw.get("id")
        if not isinstance(pid, str) or pid in panels:
            raise ValueError(f"{name}: panel #{pi + 1} needs a unique string id")
        areas_raw = raw.get("areas")
        if not isinstance(areas_raw, list) or not areas_raw:
            raise ValueError(f"{name}: panel {pid} has no areas")
        areas = []
        for ai, area in enumerate(areas_raw):
            where = f"{name}: panel {pid}, area {ai + 1}"
            if not isinstance(area, list) or len(area) < 3:
                raise ValueError(f"{where}: an area needs at least an entrance, one space and an exit")
            spaces = tuple(parse_space(s, f"{where}, space {si + 1}", defaults) for si, s in enumerate(area))
            if spaces[0].kind != "entrance":
                raise ValueError(f"{where}: the first space must be the entrance, not {spaces[0].kind!r}")
            if spaces[-1].kind != "exit":
                raise ValueError(f"{where}: the last space must be the exit, not {spaces[-1].kind!r}")
            for si, s in enumerate(spaces[1:-1], start=2):
                if s.kind in ("entrance", "exit"):
                    raise ValueError(f"{where}, space {si}: an area has one entrance (first) and one exit (last)")
            areas.append(spaces)
        panels[pid] = Panel(pid, str(raw.get("name", pid)), tuple(areas))
    if len(panels) != 6:
        raise ValueError(f"{name}: the game has six panels, found {len(panels)}")
    stages = []
    for si, raw in enumerate(data.get("stage", [])):
        where = f"{name}: stage #{si + 1}"
        if raw.get("number") != si + 1:
            raise ValueError(f"{where}: stages must be numbered 1..7 in order")
        pid = raw.get("panel")
        if pid not in panels:
            raise ValueError(f"{where}: unknown panel {pid!r}")
        cond = raw.get("condition")
        if cond not in CONDITIONS:
            raise ValueError(f"{where}: unknown condition {cond!r}; known: {', '.join(CONDITIONS)}")
        for key in ("title", "text"):
            if not isinstance(raw.get(key), str) or not raw[key].strip():
                raise ValueError(f"{where}: needs a {key!r} stated on the board")
        panel = panels[pid]
        guard = _positions(raw.get("guard", []), f"{where} guard", panel)
        gumps = _positions(raw.get("gumps", []), f"{where} gumps", panel)
        for a, i in guard:
            if panel.areas[a][i].kind != "ground":
                raise ValueError(f"{where}: the guard at area {a + 1} space {i + 1} must be an air-to-ground battle")
        stages.append(Stage(si + 1, panel, cond, raw["title"], raw["text"], guard, gumps,
                            int(raw.get("gump_number", 0)), int(raw.get("barrage", 2))))
    if len(stages) != 7:
        raise ValueError(f"{name}: the game has seven stages, found {len(stages)}")
    if stages[0].panel is not stages[6].panel:
        raise ValueError(f"{name}: Stage 1 and Stage 7 use the same panel (rulebook, GAME PIECES 1)")
    if len({s.panel.id for s in stages}) != 6:
        raise ValueError(f"{name}: the seven stages must use all six panels")
    if not stages[6].gumps:
        raise ValueError(f"{name}: Stage 7 holds the Gump Markers: give it gumps = [[area, space], ...]")
    if not 1 <= stages[6].gump_number <= 5:
        raise ValueError(f"{name}: Stage 7 needs gump_number = 1..5, the number a Gump Marker is attacked against")
    if sorted(stages[6].gumps) != list(stages[6].gumps):
        raise ValueError(f"{name}: list Stage 7's Gump Markers in track order")
    return tuple(stages)


def parse_cards(text: str, name: str = "cards.toml") -> tuple[Card, ...]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{name}: not valid TOML: {exc}") from None
    cards = []
    seen = set()
    for ci, raw in enumerate(data.get("card", [])):
        where = f"{name}: card #{ci + 1}"
        cid = raw.get("id")
        if not isinstance(cid, str) or cid in seen:
            raise ValueError(f"{where}: needs a unique string id")
        seen.add(cid)
        eff = raw.get("effect")
        if eff not in CARD_EFFECTS:
            raise ValueError(f"{where} ({cid}): unknown effect {eff!r}; effects: {', '.join(CARD_EFFECTS)}")
        n = int(raw.get("n", 0))
        if eff in ("move", "ground", "squad") and n < 1:
            raise ValueError(f"{where} ({cid}): effect {eff!r} needs n >= 1")
        awards = parse_awards(str(raw.get("awards", "")).split(), f"{where} ({cid})")
        if eff == "take" and not awards:
            raise ValueError(f"{where} ({cid}): effect 'take' needs awards")
        copies = int(raw.get("copies", 1))
        if copies < 1:
            raise ValueError(f"{where} ({cid}): copies must be at least 1")
        cards.append(Card(cid, str(raw.get("title", cid)), str(raw.get("text", "")), eff, n, awards, copies))
    if not cards:
        raise ValueError(f"{name}: no [[card]] entries")
    return tuple(cards)


@cache
def stages() -> tuple[Stage, ...]:
    return parse_stages(STAGES_FILE.read_text(encoding="utf-8"), STAGES_FILE.name)


@cache
def cards() -> dict[str, Card]:
    return {c.id: c for c in parse_cards(CARDS_FILE.read_text(encoding="utf-8"), CARDS_FILE.name)}


def deck(cockpit: bool = False) -> tuple[str, ...]:
    """The Super Xevious deck: one entry per physical card. The cards that turn a Cockpit Card face up are in it
    only when the Cockpit Card variant is played (``cockpit``): without it they would say nothing."""
    return tuple(c.id for c in cards().values() if cockpit or c.effect != "cockpit" for _ in range(c.copies))
