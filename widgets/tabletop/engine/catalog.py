"""Rule catalogs: one TOML data file per game listing every clause of its rulebook.

    game = "zaxxon"
    title = "Zaxxon"
    rulebook = "003_af9bea069b72befb.txt"

    [[clause]]
    id = "zaxxon.radar-barrier"
    title = "The radar barrier"
    says = "A plane may cross the RADAR barrier only on a turn its player rolled the higher number..."
    where = "THE INNER FORTRESS, paragraph 4"
    # optional: reconstruction = "what we decided where the rulebook is silent"
    # optional: event_seat = "actor" | "victim"   (whom the clause's event names: the seat that does it, or
    #           the seat it is done to; the variant lab's rule_edge sentence reads it)

Clause ids appear in the engine (``IllegalAction.rule``, ``Event.rule``), in the tests that check them and in the
notebook steps that teach them; :func:`coverage` finds them there (``python -m tabletop.games`` prints the
report).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

#: what a clause's optional ``event_seat`` may say
EVENT_SEATS = ("actor", "victim")
_ID = re.compile(r"^[a-z0-9]+(\.[a-z0-9]+(-[a-z0-9]+)*)+$")


@dataclass(frozen=True)
class Clause:
    id: str
    title: str
    says: str
    where: str
    reconstruction: str = ""
    #: whom the clause's event names: "actor" (the seat that does it), "victim" (the seat it is done to), or ""
    event_seat: str = ""


@dataclass(frozen=True)
class Catalog:
    game: str
    title: str
    rulebook: str
    clauses: tuple[Clause, ...]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.clauses)

    def __getitem__(self, clause_id: str) -> Clause:
        for c in self.clauses:
            if c.id == clause_id:
                return c
        raise KeyError(f"no clause {clause_id!r} in the {self.title} catalog")

    def __contains__(self, clause_id: object) -> bool:
        return any(c.id == clause_id for c in self.clauses)


@cache
def load_catalog(path: Path | str) -> Catalog:
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{p.name}: not valid TOML: {exc}") from None
    for key in ("game", "title", "rulebook"):
        if not isinstance(data.get(key), str):
            raise ValueError(f"{p.name}: missing top-level {key!r}")
    clauses: list[Clause] = []
    seen: set[str] = set()
    for i, raw in enumerate(data.get("clause", [])):
        for key in ("id", "title", "says", "where"):
            if not isinstance(raw.get(key), str) or not raw[key].strip():
                raise ValueError(f"{p.name}: clause #{i + 1} lacks {key!r}")
        cid = raw["id"]
        if not _ID.match(cid) or not cid.startswith(data["game"] + "."):
            raise ValueError(f"{p.name}: clause id {cid!r} must look like '{data['game']}.some-rule'")
        if cid in seen:
            raise ValueError(f"{p.name}: clause id {cid!r} appears twice")
        seen.add(cid)
        unknown = set(raw) - {"id", "title", "says", "where", "reconstruction", "event_seat"}
        if unknown:
            raise ValueError(f"{p.name}: clause {cid!r} has unknown keys {sorted(unknown)}")
        seat = raw.get("event_seat", "")
        if seat not in ("", *EVENT_SEATS):
            raise ValueError(f"{p.name}: clause {cid!r}: event_seat is one of {', '.join(EVENT_SEATS)}, "
                             f"not {seat!r}")
        clauses.append(Clause(cid, raw["title"], raw["says"], raw["where"], raw.get("reconstruction", ""), seat))
    if not clauses:
        raise ValueError(f"{p.name}: no [[clause]] entries")
    return Catalog(data["game"], data["title"], data["rulebook"], tuple(clauses))


def _mentions(clause_id: str, text: str) -> bool:
    return re.search(re.escape(clause_id) + r"(?![a-z0-9-]|\.[a-z0-9])", text) is not None


def coverage(catalog: Catalog, tests: Iterable[Path], notebooks: Iterable[Path]) -> dict[str, dict[str, list[str]]]:
    """clause id -> {"tests": [files naming it], "notebooks": [files naming it]}."""
    texts_t = {str(p): p.read_text(encoding="utf-8") for p in tests}
    texts_n = {str(p): p.read_text(encoding="utf-8") for p in notebooks}
    out: dict[str, dict[str, list[str]]] = {}
    for cid in catalog.ids:
        out[cid] = {"tests": sorted(f for f, t in texts_t.items() if _mentions(cid, t)),
                    "notebooks": sorted(f for f, t in texts_n.items() if _mentions(cid, t))}
    return out
