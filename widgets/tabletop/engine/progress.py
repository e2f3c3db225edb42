"""A learner's mastery of the rule clauses: what is stored, how it is judged, and how it is refused.

Every task, question and "your move" attempt records the clause ids it exercises; reading a lesson step that
teaches a clause records it as seen. Each clause is then in one of four states:

- ``new``: never met;
- ``seen``: shown in a lesson step, never yet exercised;
- ``practised``: exercised, not (or no longer) mastered;
- ``mastered``: answered or done right at least :data:`MASTERY_RIGHT` times, the latest attempt right.

The record is plain JSON kept in the learner's browser (``tabletop.ui.progress``), so it survives a reload and
a kernel restart on Binder, in the JupyterLite site and in Voilà alike. Whatever comes back from the browser or
an imported file is untrusted: :func:`load_progress` refuses anything that is not exactly a record of this
format (a foreign file, an edit, a corrupt store), says why, and gives a fresh record instead, never raising.
Nothing here imports a widget.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

PROGRESS_FORMAT = "tabletop-progress"
PROGRESS_VERSION = 1
#: right attempts (the latest one right) that make a clause mastered
MASTERY_RIGHT = 2
STATES = ("new", "seen", "practised", "mastered")
#: limits on a stored record (a larger one is refused as damaged)
MAX_CLAUSES = 1000
MAX_COUNT = 10**9
MAX_TIME = 10.0**11  # seconds since 1970: year 5138
KINDS = ("task", "question", "your-move", "practice", "review")
CLAUSE_RE = re.compile(r"^[a-z0-9]+(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$")
_FIELDS = ("seen", "tries", "right", "streak", "last", "last_right")


class ProgressError(ValueError):
    """A stored or imported progress record that is not one this version can read (the message says why)."""


@dataclass
class ClauseRecord:
    """One clause's history: when first seen, attempts, right attempts, the current run of right ones, and when
    it was last tried and last tried right (seconds since 1970; 0 = never)."""

    seen: float = 0.0
    tries: int = 0
    right: int = 0
    streak: int = 0
    last: float = 0.0
    last_right: float = 0.0

    @property
    def state(self) -> str:
        if self.tries == 0:
            return "seen" if self.seen else "new"
        return "mastered" if self.right >= MASTERY_RIGHT and self.streak >= 1 else "practised"

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in _FIELDS}


@dataclass
class Progress:
    """Every clause the learner met, by clause id."""

    clauses: dict[str, ClauseRecord] = field(default_factory=dict)

    def state(self, clause: str) -> str:
        rec = self.clauses.get(clause)
        return rec.state if rec is not None else "new"

    def states(self, clauses: Iterable[str]) -> dict[str, str]:
        return {c: self.state(c) for c in clauses}

    def _rec(self, clause: str) -> ClauseRecord:
        if not isinstance(clause, str) or not CLAUSE_RE.match(clause):
            raise ProgressError(f"{clause!r} is not a clause id (like 'zaxxon.radar-barrier')")
        rec = self.clauses.get(clause)
        if rec is None:
            if len(self.clauses) >= MAX_CLAUSES:
                raise ProgressError(f"a progress record holds at most {MAX_CLAUSES} clauses")
            rec = self.clauses[clause] = ClauseRecord()
        return rec

    def see(self, clauses: Iterable[str], now: float) -> None:
        """The learner was shown these clauses (a lesson step that teaches them)."""
        for c in clauses:
            rec = self._rec(c)
            if not rec.seen:
                rec.seen = now

    def attempt(self, clauses: Iterable[str], right: bool, now: float) -> None:
        """The learner tried an exercise of these clauses: right or not."""
        for c in clauses:
            rec = self._rec(c)
            rec.seen = rec.seen or now
            rec.tries += 1
            rec.last = now
            if right:
                rec.right += 1
                rec.streak += 1
                rec.last_right = now
            else:
                rec.streak = 0

    def review_order(self, clauses: Iterable[str] | None = None) -> list[str]:
        """The clauses already passed (right at least once), longest since last tried first: what a review
        re-asks (spaced re-testing). ``clauses`` limits it to one game's clauses."""
        pool = self.clauses if clauses is None else {c: self.clauses[c] for c in clauses if c in self.clauses}
        passed = [(rec.last, c) for c, rec in pool.items() if rec.right > 0]
        return [c for _, c in sorted(passed)]

    def counts(self, clauses: Iterable[str]) -> dict[str, int]:
        out = dict.fromkeys(STATES, 0)
        for c in clauses:
            out[self.state(c)] += 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {"format": PROGRESS_FORMAT, "version": PROGRESS_VERSION,
                "clauses": {c: r.to_json() for c, r in sorted(self.clauses.items())}}


def _number(v: Any, what: str, *, whole: bool, top: float) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float) or (whole and not isinstance(v, int)):
        raise ProgressError(f"{what} must be a {'whole ' if whole else ''}number, not {type(v).__name__}")
    if not math.isfinite(v) or not 0 <= v <= top:
        raise ProgressError(f"{what} must be between 0 and {top:g}, not {v!r}")
    return v


def parse_progress(data: Any) -> Progress:
    """A :class:`Progress` from stored JSON, or :class:`ProgressError` naming the first field that is wrong."""
    if not isinstance(data, Mapping):
        raise ProgressError(f"a progress record is a JSON object, not {type(data).__name__}")
    if data.get("format") != PROGRESS_FORMAT:
        raise ProgressError(f"this is not a Tabletop Arcade progress record (format {data.get('format')!r})")
    if data.get("version") != PROGRESS_VERSION:
        raise ProgressError(f"progress records of version {data.get('version')!r} cannot be read (this is "
                            f"version {PROGRESS_VERSION})")
    extra = set(data) - {"format", "version", "clauses"}
    if extra:
        raise ProgressError(f"unknown field {sorted(extra)[0]!r} in the progress record")
    raw = data.get("clauses")
    if not isinstance(raw, Mapping):
        raise ProgressError("the progress record's 'clauses' must be an object of clause records")
    if len(raw) > MAX_CLAUSES:
        raise ProgressError(f"a progress record holds at most {MAX_CLAUSES} clauses, not {len(raw)}")
    out = Progress()
    for cid, rec in raw.items():
        if not isinstance(cid, str) or not CLAUSE_RE.match(cid):
            raise ProgressError(f"{str(cid)[:60]!r} is not a clause id")
        if not isinstance(rec, Mapping) or set(rec) != set(_FIELDS):
            raise ProgressError(f"clause {cid}: a record has exactly the fields {', '.join(_FIELDS)}")
        r = ClauseRecord(
            seen=_number(rec["seen"], f"clause {cid}: seen", whole=False, top=MAX_TIME),
            tries=int(_number(rec["tries"], f"clause {cid}: tries", whole=True, top=MAX_COUNT)),
            right=int(_number(rec["right"], f"clause {cid}: right", whole=True, top=MAX_COUNT)),
            streak=int(_number(rec["streak"], f"clause {cid}: streak", whole=True, top=MAX_COUNT)),
            last=_number(rec["last"], f"clause {cid}: last", whole=False, top=MAX_TIME),
            last_right=_number(rec["last_right"], f"clause {cid}: last_right", whole=False, top=MAX_TIME))
        if r.right > r.tries or r.streak > r.right:
            raise ProgressError(f"clause {cid}: more right attempts than attempts (or a longer run than right ones)")
        out.clauses[cid] = r
    return out


def load_progress(data: Any) -> tuple[Progress, str | None]:
    """``(progress, None)`` for a good record; ``(fresh empty progress, why it was refused)`` for anything else
    (``None`` or ``""``, nothing stored yet, gives a fresh record with no complaint). Never raises."""
    if data is None or data == "" or data == {}:
        return Progress(), None
    try:
        return parse_progress(data), None
    except ProgressError as exc:
        return Progress(), f"The saved progress could not be read ({exc}); it was replaced by a fresh record."
    except Exception as exc:  # belt and braces: nothing stored may raise into a lesson
        return Progress(), (f"The saved progress could not be read ({type(exc).__name__}); it was replaced by a "
                            "fresh record.")


__all__ = ["KINDS", "MASTERY_RIGHT", "PROGRESS_FORMAT", "PROGRESS_VERSION", "STATES", "ClauseRecord", "Progress",
           "ProgressError", "load_progress", "parse_progress"]
