"""The learner's mastery record, kept in the browser: ``ProgressStore`` (one per kernel: :func:`shared_store`)
and ``ProgressMap`` (every clause of the games as new / seen / practised / mastered, with Export / Import / Reset).

Where the record lives: the browser's ``localStorage`` under :data:`STORAGE_KEY`, as the JSON of
:meth:`tabletop.engine.progress.Progress.to_json`. Nothing persists on the server, so the same code works in
JupyterLab, on Binder, in the JupyterLite site and in Voilà; a reload or a kernel restart reads it back.

How the two sides talk (every message from the browser is untrusted and validated here):

1. A view of the store renders: its JS reads ``localStorage`` and sends ``{type: "loaded", record, problem,
   unavailable, version}`` (``record`` = the parsed JSON or ``null``; ``problem`` = why the stored text is not
   JSON; ``unavailable`` = why the browser keeps no storage). Python validates the record with
   :func:`~tabletop.engine.progress.load_progress`: a corrupt or foreign record is refused (``store.notice``
   says why) and a fresh record replaces it. Changes made in Python before this first message arrived (a lesson
   step seen while the page was still loading) are replayed onto the stored record, so nothing is lost.
2. Every change in Python (``see``, ``attempt``, ``reset``, ``replace``) bumps ``version`` and sends ``record``;
   the JS writes it to ``localStorage`` (only once the store is ``loaded``: the browser's copy is never
   overwritten before it was read) and fires ``window.dispatchEvent(new CustomEvent("tabletop-progress"))``.
3. Another notebook's kernel (same page: the ``tabletop-progress`` event; another tab: the ``storage`` event)
   may change the stored record: the JS sees that ``localStorage`` no longer holds this store's record and sends
   ``{type: "changed", record, version}``; Python adopts a valid record (the browser's copy is the learner's)
   and refuses an invalid one (the notice says why; this store's record is written back over it).

A message that carries an out-of-date ``version`` (a second view that read ``localStorage`` before this
store's first record reached it) is ignored: the newer record is already on its way to that view.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import replace as _copy
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import ipywidgets
import traitlets as t

from ..engine.catalog import Catalog, load_catalog
from ..engine.progress import (
    CLAUSE_RE,
    KINDS,
    MASTERY_RIGHT,
    STATES,
    ClauseRecord,
    Progress,
    ProgressError,
    load_progress,
    parse_progress,
)
from . import _bundle
from ._messages import OptionalDict, PythonOwned, optional_dict, version_problem

#: the browser's localStorage key of the record
STORAGE_KEY = "tabletop-arcade:progress"
#: the window event fired after every write (every map on the page redraws)
PROGRESS_EVENT = "tabletop-progress"
#: the largest imported file read (characters); a larger one is refused
MAX_IMPORT_CHARS = 2_000_000
#: at most this many characters of a browser-sent reason are quoted back
_MAX_REASON = 160
#: how many attempts ``store.log`` keeps (this session's, for tests and a teacher's look)
MAX_LOG = 500

STORE_MESSAGES = ("loaded", "changed", "dismiss", "write-failed")

_log = logging.getLogger("tabletop.ui.progress")

ChangeCallback = Callable[["ProgressStore", str], None]


def _quote(text: Any) -> str:
    """A browser-sent string, shortened and cleaned for quoting in a message (never trusted as markup)."""
    s = re.sub(r"\s+", " ", str(text)).strip()
    return s if len(s) <= _MAX_REASON else s[: _MAX_REASON - 1] + "…"


def _check_clauses(clauses: Iterable[str] | str) -> tuple[str, ...]:
    if isinstance(clauses, str):
        clauses = (clauses,)
    out = tuple(clauses)
    for c in out:
        if not isinstance(c, str) or not CLAUSE_RE.match(c):
            raise ProgressError(f"{c!r} is not a clause id (like 'zaxxon.radar-barrier')")
    return out


@dataclass(frozen=True)
class Attempt:
    """One recorded attempt of this session: what kind, which clauses, right or not, when."""

    kind: str
    clauses: tuple[str, ...]
    right: bool
    at: float


class ProgressStore(PythonOwned, anywidget.AnyWidget):
    """The learner's record, kept in the browser's ``localStorage`` (see the module docstring).

    ``ProgressStore(clock=time.time)``. Python API: :attr:`progress`, :meth:`see`, :meth:`attempt`,
    :meth:`on_change` (``callback(store, what)``, ``what`` in ``"loaded"``, ``"see"``, ``"attempt"``,
    ``"reset"``, ``"replace"``, ``"changed"``), :meth:`reset`, :meth:`replace`. Display it (or a widget that has
    it as a child) so a browser view reads and writes the record; until then changes are kept in Python and
    merged into the browser's record when it arrives.
    """

    _entry: ClassVar[str] = "ttRenderProgressStore"

    #: the record the browser should keep (``Progress.to_json()``); written to localStorage once ``loaded``
    record = t.Dict().tag(sync=True)
    #: the browser's record has been read (until then the browser never writes)
    loaded = t.Bool(False).tag(sync=True)
    #: a message for the learner: why a stored record was refused, or that the browser keeps no storage
    notice = t.Unicode("").tag(sync=True)
    #: +1 on every record sent
    version = t.Int(0).tag(sync=True)
    key = t.Unicode(STORAGE_KEY).tag(sync=True)
    event = t.Unicode(PROGRESS_EVENT).tag(sync=True)
    #: False when the browser said it keeps no localStorage (progress then lasts until the kernel stops)
    persistent = t.Bool(True).tag(sync=True)

    def __init__(self, *, clock: Callable[[], float] = time.time, **kwargs: Any) -> None:
        cls = type(self)
        if "_esm" not in cls.__dict__ or _bundle.DEV:
            cls._esm = _bundle.join_js(("kit.js", "progress.js"), cls._entry)
            cls._css = _bundle.join_css(("kit.css", "progress.css"))
        super().__init__(**kwargs)
        self._clock = clock
        self._progress = Progress()
        #: changes made before the browser's record arrived, replayed onto it
        self._early: list[tuple[str, tuple[str, ...], bool, float]] = []
        #: a reset / replace made before the browser's record arrived: the browser's record is not merged
        self._early_base: Progress | None = None
        self._callbacks: list[ChangeCallback] = []
        self.log_: list[Attempt] = []
        self.refused = 0
        self.on_msg(self._on_msg)

    # -- Python API ------------------------------------------------------------------------------------
    @property
    def progress(self) -> Progress:
        """The learner's record as this kernel knows it (do not change it directly: use the methods)."""
        return self._progress

    @property
    def attempts(self) -> list[Attempt]:
        """This session's attempts, oldest first (at most :data:`MAX_LOG`)."""
        return list(self.log_)

    def state(self, clause: str) -> str:
        return self._progress.state(clause)

    def see(self, clauses: Iterable[str] | str) -> None:
        """The learner was shown these clauses (a lesson step that teaches them)."""
        ids = _check_clauses(clauses)
        if not ids:
            return
        now = self._now()
        if all(self._progress.clauses.get(c) is not None and self._progress.clauses[c].seen for c in ids):
            return  # nothing new: no write
        self._progress.see(ids, now)
        if not self.loaded:
            self._early.append(("see", ids, False, now))
        self._changed("see")

    def attempt(self, clauses: Iterable[str] | str, right: bool, kind: str) -> None:
        """The learner tried an exercise of these clauses (``kind`` in ``engine.progress.KINDS``)."""
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        if not isinstance(right, bool):
            raise TypeError(f"right must be True or False, not {type(right).__name__}")
        ids = _check_clauses(clauses)
        if not ids:
            return
        now = self._now()
        self._progress.attempt(ids, right, now)
        if not self.loaded:
            self._early.append(("attempt", ids, right, now))
        self.log_.append(Attempt(kind, ids, right, now))
        del self.log_[:-MAX_LOG]
        self._changed("attempt")

    def reset(self) -> None:
        """Clear the record (here and in the browser)."""
        self._progress = Progress()
        if not self.loaded:
            self._early, self._early_base = [], Progress()
        self._changed("reset")

    def replace(self, progress: Progress) -> None:
        """Put ``progress`` (e.g. an imported file, already validated) in place of the record."""
        if not isinstance(progress, Progress):
            raise TypeError(f"replace() takes a Progress, not {type(progress).__name__}")
        self._progress = parse_progress(progress.to_json())  # a copy, and checked
        if not self.loaded:
            self._early, self._early_base = [], parse_progress(progress.to_json())
        self._changed("replace")

    def on_change(self, callback: ChangeCallback, *, remove: bool = False) -> None:
        """``callback(store, what)`` after every change of the record."""
        if remove:
            self._callbacks = [c for c in self._callbacks if c != callback]
        elif callback not in self._callbacks:
            self._callbacks.append(callback)

    def dismiss(self) -> None:
        self.notice = ""

    # -- internals --------------------------------------------------------------------------------------
    def _now(self) -> float:
        now = float(self._clock())
        return min(max(now, 0.0), 10.0**11 - 1)

    def _push(self) -> None:
        """Send the record to the browser (written there once loaded)."""
        with self.hold_sync():
            self.record = self._progress.to_json()
            self.version = self.version + 1

    def _changed(self, what: str) -> None:
        if self.loaded:
            self._push()
        for cb in list(self._callbacks):
            try:
                cb(self, what)
            except Exception:  # a listener's bug must not break the lesson that records
                _log.exception("tabletop progress: a change listener failed")

    def _refuse_notice(self, text: str) -> None:
        self.refused += 1
        self.notice = text
        _log.warning("tabletop progress: %s", text)

    # -- browser messages (untrusted) ------------------------------------------------------------------
    def _on_msg(self, _w: Any, content: Any, _b: Any) -> None:
        try:
            self.handle_message(content)
        except Exception as exc:  # the browser must never make the notebook raise
            _log.exception("tabletop progress: message failed")
            self._refuse_notice(f"The progress store could not handle a message from the browser "
                                f"({type(exc).__name__}).")

    def handle_message(self, content: Any) -> bool:
        """Validate and carry out one browser message; True if the record changed."""
        if not isinstance(content, Mapping) or content.get("type") not in STORE_MESSAGES:
            kind = content.get("type") if isinstance(content, Mapping) else type(content).__name__
            self._refuse_notice(f"The progress store ignored a message it does not know ({_quote(repr(kind))}); "
                                f"expected one of {', '.join(STORE_MESSAGES)}.")
            return False
        kind = content["type"]
        if kind == "dismiss":
            self.notice = ""
            return False
        problem = version_problem(content, self.version, "progress record")
        if problem is not None:
            if problem[0] == "ui.stale":
                return False  # a view that read the browser before this store's newer record reached it
            self._refuse_notice(f"The progress store ignored a message: {problem[1]}.")
            return False
        if kind == "write-failed":
            self.persistent = False
            self.notice = ("Your progress could not be saved in this browser "
                           f"({_quote(content.get('reason', 'no reason given'))}); it lasts until the kernel "
                           "stops. Use Export to keep it in a file.")
            return False
        if kind == "loaded" and not self.loaded:
            return self._first_load(content)
        return self._browser_changed(content)

    def _stored(self, content: Mapping[str, Any]) -> tuple[Progress, str | None]:
        """The record the browser sent, validated: ``(progress, why refused or None)``."""
        bad_text = content.get("problem")
        if bad_text is not None:
            return Progress(), (f"The saved progress could not be read (it is not JSON: {_quote(bad_text)}); "
                                "it was replaced by a fresh record.")
        return load_progress(content.get("record"))

    def _first_load(self, content: Mapping[str, Any]) -> bool:
        unavailable = content.get("unavailable")
        if unavailable is not None:
            base, why = Progress(), None
            self.persistent = False
            self.notice = ("This browser keeps no saved data for this page "
                           f"({_quote(unavailable)}): your progress lasts until the kernel stops. Use Export to "
                           "keep it in a file.")
        else:
            base, why = self._stored(content)
        if why:
            self._refuse_notice(why)
        if self._early_base is not None:
            base = self._early_base
        for op, ids, right, now in self._early:
            if op == "see":
                base.see(ids, now)
            else:
                base.attempt(ids, right, now)
        had_early = bool(self._early) or self._early_base is not None
        self._early, self._early_base = [], None
        self._progress = base
        with self.hold_sync():
            self.loaded = True
            self._push()  # also overwrites a refused record in the browser
        if had_early or why or base.clauses:
            for cb in list(self._callbacks):
                try:
                    cb(self, "loaded")
                except Exception:
                    _log.exception("tabletop progress: a change listener failed")
        return True

    def _browser_changed(self, content: Mapping[str, Any]) -> bool:
        if content.get("unavailable") is not None:
            return False
        if content.get("record") is None and content.get("problem") is None:
            self._push()  # the stored record is gone (storage cleared by hand): write this one back
            return False
        other, why = self._stored(content)
        if why:
            self._refuse_notice(why.replace("it was replaced by a fresh record",
                                            "this notebook's record was written in its place"))
            self._push()
            return False
        if other.to_json() == self._progress.to_json():
            return False
        self._progress = other
        with self.hold_sync():
            self.record = other.to_json()
            self.version = self.version + 1
        for cb in list(self._callbacks):
            try:
                cb(self, "changed")
            except Exception:
                _log.exception("tabletop progress: a change listener failed")
        return True

    # -- static fallback -------------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, meta = bundle
        data["text/html"] = ('<p class="tt-progress-static">Progress is kept in your browser while the page '
                             'runs with a kernel.</p>')
        return data, meta


_SHARED: ProgressStore | None = None


def shared_store() -> ProgressStore:
    """The one store of this kernel: every walkthrough, practice and map records into (or reads) it."""
    global _SHARED
    if _SHARED is None:
        _SHARED = ProgressStore()
    return _SHARED


# ---- the progress map -------------------------------------------------------------------------------------------
#: the words a learner sees for each state (the map, the practice widget)
STATE_WORDS = {"new": "new", "seen": "seen in a lesson", "practised": "practised", "mastered": "mastered"}
MAP_MESSAGES = ("import", "reset")


def merge_progress(mine: Progress, other: Progress) -> Progress:
    """Both records in one: a clause in only one keeps it; a clause in both keeps the record with more attempts
    (then the one tried last), first seen at the earlier time. Neither input is changed."""
    out = parse_progress(mine.to_json())
    for cid, rec in other.clauses.items():
        have = out.clauses.get(cid)
        if have is None:
            out.clauses[cid] = _copy(rec)
            continue
        best = _copy(have) if (have.tries, have.last, have.right) >= (rec.tries, rec.last, rec.right) else _copy(rec)
        seen = [x for x in (have.seen, rec.seen) if x]
        best.seen = min(seen) if seen else 0.0
        out.clauses[cid] = best
    return out


def _section_of(where: str) -> str:
    """A rulebook section from a clause's ``where`` ("Game Play in the Inner Fortress, 7; Figures 11" ->
    "Game Play in the Inner Fortress")."""
    head = re.split(r"[;,(]", where, maxsplit=1)[0].strip()
    head = re.sub(r"\s+\d[\d.\-]*$", "", head).strip()
    return head or "Other rules"


def _toml_sections(path: Path) -> dict[str, str]:
    """Clause id -> the section heading above it in the catalog file (``# ---- heading`` comment lines), when the
    catalog's authors grouped it so; empty when the file has no such headings."""
    out: dict[str, str] = {}
    current = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^#\s*-{8,}\s*(.+?)\s*$", line)
        if m:
            current = m.group(1)
            continue
        m = re.match(r'^id\s*=\s*"([^"]+)"', line)
        if m and current:
            out[m.group(1)] = current[:1].upper() + current[1:]
    return out


def game_catalog(game: str) -> tuple[Catalog, Path]:
    from .. import games

    rules = games.get(game).Rules
    path = rules.catalog_path
    if path is None:
        raise ValueError(f"the game {game!r} has no rule catalog")
    return load_catalog(path), Path(path)


def map_game(game: str) -> dict[str, Any]:
    """One game of the map: its catalog's clauses grouped by section, in catalog order."""
    catalog, path = game_catalog(game)
    heads = _toml_sections(path)
    sections: dict[str, list[dict[str, str]]] = {}
    for c in catalog.clauses:
        name = heads.get(c.id) or _section_of(c.where)
        sections.setdefault(name, []).append({"id": c.id, "title": c.title, "says": c.says, "where": c.where,
                                              "reconstruction": c.reconstruction})
    return {"game": catalog.game, "title": catalog.title,
            "sections": [{"name": n, "clauses": cs} for n, cs in sections.items()]}


class ProgressMapPanel(PythonOwned, anywidget.AnyWidget):
    """The browser side of a :class:`ProgressMap`."""

    _entry: ClassVar[str] = "ttRenderProgressMap"

    games: t.List[Any] = t.List().tag(sync=True)
    #: clause id -> {state, tries, right} for every clause of the map's games
    states = t.Dict().tag(sync=True)
    #: the whole record (what Export saves)
    record = t.Dict().tag(sync=True)
    #: the last Import / Reset result ({ok, text, n}) or None
    notice: OptionalDict = optional_dict()
    version = t.Int(0).tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    #: open every game's list (a one-game map); the three-game map starts with the lists closed
    open_lists = t.Bool(False).tag(sync=True)
    mastery_right = t.Int(MASTERY_RIGHT).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        cls = type(self)
        if "_esm" not in cls.__dict__ or _bundle.DEV:
            cls._esm = _bundle.join_js(("kit.js", "progress.js"), cls._entry)
            cls._css = _bundle.join_css(("kit.css", "progress.css"))
        super().__init__(**kwargs)


class ProgressMap(ipywidgets.VBox):  # type: ignore[misc]
    """Every clause of the games as new / seen / practised / mastered, grouped by game and section, with
    counts; **Export** (the record as a JSON file), **Import** (a file, validated in Python; a bad file is
    refused with the reason and nothing changes; a good one is merged into the record), **Reset** (after a
    confirm). ``ProgressMap()`` shows every game, ``ProgressMap("zaxxon")`` one. It records into (and shows)
    :func:`shared_store` unless given ``store=``; it redraws whenever the store changes: a change here, or the
    browser's record changed by another notebook or tab (the store's ``tabletop-progress`` and ``storage``
    events).
    """

    def __init__(self, games: str | Sequence[str] | None = None, *, store: ProgressStore | None = None,
                 title: str = "", **kwargs: Any) -> None:
        from .. import games as registry

        names = registry.available() if games is None else [games] if isinstance(games, str) else list(games)
        for n in names:
            if n not in registry.GAMES:
                raise KeyError(f"no game {n!r}; games: {', '.join(registry.GAMES)}")
        self.game_names = tuple(names)
        self.store = store if store is not None else shared_store()
        data = [map_game(n) for n in names]
        self.clause_ids = tuple(c["id"] for g in data for s in g["sections"] for c in s["clauses"])
        default = (f"Your progress: {data[0]['title']}" if len(data) == 1 else "Your progress: every rule")
        self.panel = ProgressMapPanel(games=data, title=title or default, open_lists=len(data) == 1)
        self.panel.on_msg(self._on_msg)
        self.store.on_change(self._store_changed)
        self._notice_n = 0
        self._sync()
        super().__init__(children=[self.store, self.panel], **kwargs)
        self.add_class("tt-progress-map-box")

    # -- Python API ------------------------------------------------------------------------------------
    def counts(self, game: str | None = None) -> dict[str, int]:
        """``{state: number of clauses}`` for one game of the map (or all of them)."""
        ids = self.clause_ids if game is None else tuple(c["id"] for g in self.panel.games if g["game"] == game
                                                          for s in g["sections"] for c in s["clauses"])
        return self.store.progress.counts(ids)

    def import_text(self, text: str, name: str = "the file") -> bool:
        """Merge an exported record (JSON text) into the learner's; a bad one is refused (``notice``)."""
        return self.handle_message({"type": "import", "text": text, "name": name, "version": self.panel.version})

    # -- internals ---------------------------------------------------------------------------------------
    def _store_changed(self, _store: ProgressStore, _what: str) -> None:
        self._sync()

    def _sync(self) -> None:
        p = self.store.progress
        states = {}
        for cid in self.clause_ids:
            rec = p.clauses.get(cid)
            states[cid] = {"state": p.state(cid), "tries": rec.tries if rec else 0, "right": rec.right if rec else 0}
        with self.panel.hold_sync():
            self.panel.states = states
            self.panel.record = p.to_json()
            self.panel.version = self.panel.version + 1

    def _say(self, ok: bool, text: str) -> bool:
        self._notice_n += 1
        self.panel.notice = {"ok": ok, "text": text, "n": self._notice_n}
        return ok

    def _on_msg(self, _w: Any, content: Any, _b: Any) -> None:
        try:
            self.handle_message(content)
        except Exception as exc:  # never into the notebook
            _log.exception("tabletop progress map: message failed")
            self._say(False, f"That did not work ({type(exc).__name__}); nothing was changed.")

    def handle_message(self, content: Any) -> bool:
        """Validate and carry out one browser message (Import, Reset); True if the record changed.

        The record's new states and the note that tells of them reach the browser in one message: the map never
        shows an imported (or cleared) record beside the previous note."""
        with self.panel.hold_sync():
            return self._handle(content)

    def _handle(self, content: Any) -> bool:
        if not isinstance(content, Mapping) or content.get("type") not in MAP_MESSAGES:
            return self._say(False, "The map ignored a message it does not know; nothing was changed.")
        problem = version_problem(content, self.panel.version, "progress map")
        if problem is not None:
            return self._say(False, f"{problem[1][:1].upper()}{problem[1][1:]}; nothing was changed.")
        if content["type"] == "reset":
            self.store.reset()
            return self._say(True, "Your progress was cleared: every rule is new again.")
        return self._import(content)

    def _import(self, content: Mapping[str, Any]) -> bool:
        name = content.get("name")
        shown = _quote(name) if isinstance(name, str) and name.strip() else "the file"
        text = content.get("text")
        refused = f"Import refused: {shown} "
        if not isinstance(text, str):
            return self._say(False, refused + "could not be read as text; nothing was changed.")
        if len(text) > MAX_IMPORT_CHARS:
            return self._say(False, refused + f"is larger than a progress record can be ({len(text):,} characters; "
                             f"at most {MAX_IMPORT_CHARS:,}); nothing was changed.")
        try:
            data = json.loads(text)
        except ValueError as exc:
            where = f" (line {exc.lineno}, column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
            return self._say(False, refused + f"is not JSON{where}: it is not a file Export made; nothing was "
                             "changed.")
        except RecursionError:
            return self._say(False, refused + "is nested too deeply to be a progress record; nothing was changed.")
        try:
            incoming = parse_progress(data)
        except ProgressError as exc:
            return self._say(False, refused + f"is not a progress record this version can read: {exc}. Nothing "
                             "was changed.")
        known = [c for c in incoming.clauses if c in self.clause_ids]
        self.store.replace(merge_progress(self.store.progress, incoming))
        mastered = sum(1 for c in known if incoming.state(c) == "mastered")
        other = len(incoming.clauses) - len(known)
        extra = f" ({other} more for rules not on this map)" if other else ""
        return self._say(True, f"Imported {shown}: {len(known)} rules{extra}, {mastered} of them mastered, "
                         "merged into your progress (a rule in both keeps the record with more attempts).")


__all__ = ["MAX_IMPORT_CHARS", "PROGRESS_EVENT", "STATES", "STATE_WORDS", "STORAGE_KEY", "Attempt", "ClauseRecord",
           "ProgressMap", "ProgressMapPanel", "ProgressStore", "map_game", "merge_progress", "shared_store"]
