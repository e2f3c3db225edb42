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

import logging
import re
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import anywidget
import traitlets as t

from ..engine.progress import CLAUSE_RE, KINDS, Progress, ProgressError, load_progress, parse_progress
from . import _bundle
from ._messages import PythonOwned, version_problem

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


class ProgressStore(PythonOwned, anywidget.AnyWidget):  # type: ignore[misc]
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
