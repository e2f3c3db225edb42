"""Checks shared by every widget that takes messages from the browser (untrusted input)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeAlias, cast

import traitlets as t

#: the type of a synced Dict trait that may hold None (see :func:`optional_dict`)
OptionalDict: TypeAlias = "t.TraitType[dict[str, Any] | None, dict[str, Any] | None]"


def optional_dict() -> OptionalDict:
    """A synced ``Dict`` trait whose value may be None (its default). The trait is ``t.Dict(allow_none=True,
    default_value=None).tag(sync=True)``; only its static type differs, as traitlets' stubs type every ``Dict``
    as never None (so ``widget.error = None`` and ``widget.error or {}`` would not type-check)."""
    return cast(OptionalDict, t.Dict(allow_none=True, default_value=None).tag(sync=True))


def version_problem(content: Mapping[str, Any], current: int, what: str) -> tuple[str, str] | None:
    """``(rule, reason)`` when a message carries no version or an out-of-date one; ``None`` when it is current.

    Every browser message names the widget version it was sent from, so a click on a picture that Python has
    since changed is refused instead of acting on a position the player no longer sees.
    """
    version = content.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        return "ui.message", "the message carries no version (a whole number)"
    if version != current:
        return "ui.stale", (f"you clicked on an out-of-date {what} (you saw version {version}, it is now "
                            f"{current}); it shows the current state now, try again")
    return None


class PythonOwned:
    """Mixin for an ipywidgets widget whose synced traits belong to Python.

    The browser may only send custom messages (act / undo / bot / goto / roll), each validated in Python. A
    front-end state ``update`` (``{"method": "update", "state": {"interactive": true}}``, what ``model.set`` +
    ``save_changes`` would send) is ignored, and the traits it named are re-sent with their Python values so
    the browser's copy is reverted too. ``refused_updates`` counts the keys refused (for tests and logs).
    """

    refused_updates: int = 0

    def set_state(self, sync_data: Any) -> None:
        if not isinstance(sync_data, Mapping):
            return
        keys = [k for k in sync_data if isinstance(k, str) and k in self.keys]  # type: ignore[attr-defined]
        self.refused_updates = self.refused_updates + len(sync_data)
        if keys:
            self.send_state(key=keys)  # type: ignore[attr-defined]
        self.log.warning(  # type: ignore[attr-defined]
            "tabletop: ignored a front-end update of %s (these traits are owned by Python)",
            ", ".join(map(str, list(sync_data)[:10])))


# -- the patches a board sends instead of whole traits (issue 23, "answer at once") ----------------------------
#
# A patch turns the value the browser holds (``old``, what Python last sent it) into ``new``; kit.js applies it
# (``ttPatch``), building new objects along the changed paths (Backbone sees a change) and sharing the rest.
#   {"=": value}                      the whole value
#   {"o": {key: patch}, "x": [keys]}  an object: these keys patched (or added), those removed
#   {"i": {"3": patch}}               a list of the same length: these items patched
#   {"l": [[a, b], {"v": [...]}]}     a list built from segments: [a, b] copies old[a:b], {"v": items} adds the
#                                     new items themselves (the log appended: [[0, 149], {"v": [new rows]}])
#
# Equality is JSON equality: true and 1 differ, 1 and 1.0 do not matter (json writes both as numbers but
# Python keeps the type: a changed type is sent whole).

Patch: TypeAlias = "dict[str, Any]"


def _same(a: Any, b: Any) -> bool:
    """The same JSON: ``==`` (fast, in C) and, for containers, the same types all the way down (true is not 1)."""
    if a is b:
        return True
    if type(a) is not type(b) or a != b:
        return False
    return not isinstance(a, dict | list | tuple) or json_patch(a, b) is None


def _size(v: Any) -> int:
    return len(json.dumps(v, separators=(",", ":"), default=str))


def json_patch(old: Any, new: Any) -> Patch | None:
    """The patch from ``old`` to ``new`` (``None``: they are the same JSON). Never much bigger than ``{"=": new}``:
    where a patch would be, the whole value is sent instead. One walk over both values (no subtree is compared
    twice)."""
    if old is new:
        return None
    if type(old) is not type(new):
        if isinstance(old, list | tuple) and isinstance(new, list | tuple):
            return _list_patch(list(old), list(new))
        return {"=": new}
    if isinstance(new, dict):
        return _dict_patch(old, new)
    if isinstance(new, list | tuple):
        return _list_patch(list(old), list(new))
    return None if old == new else {"=": new}


def _dict_patch(old: dict[str, Any], new: dict[str, Any]) -> Patch | None:
    inner: dict[str, Any] = {}
    for k, v in new.items():
        if k not in old:
            inner[k] = {"=": v}
        else:
            p = json_patch(old[k], v)
            if p is not None:
                inner[k] = p
    gone = [k for k in old if k not in new]
    if not inner and not gone:
        return None
    out: Patch = {"o": inner}
    if gone:
        out["x"] = gone
    return _smaller(out, new)


def _list_patch(old: list[Any], new: list[Any]) -> Patch | None:
    if len(old) == len(new):
        changed = {str(i): p for i, (a, b) in enumerate(zip(old, new, strict=True))
                   if (p := json_patch(a, b)) is not None}
        if not changed:
            return None
        if len(changed) * 2 <= len(new):
            return _smaller({"i": changed}, new)
    return _smaller({"l": _kept_then_new(old, new) or _segments(old, new)}, new)


def _kept_then_new(old: list[Any], new: list[Any]) -> list[Any] | None:
    """The common shapes of a log, found without serialising: ``new`` = a run of ``old`` (from its start, e.g. after
    an undo, or up to its end, the window of the last rows sliding on) followed by new items. ``None``: another
    shape."""
    n = 0
    while n < len(old) and n < len(new) and _same(old[n], new[n]):
        n += 1
    start = 0
    if n < len(old) and new:
        for off in range(1, len(old)):  # the window slid: new starts inside old and copies it to its end
            if _same(old[off], new[0]) and len(new) >= len(old) - off and all(
                    _same(old[i], new[i - off]) for i in range(off + 1, len(old))):
                start, n = off, len(old) - off
                break
    if n * 2 < len(old) or not n:  # little of old kept: the item by item match finds more
        return None
    return [[start, start + n], *([{"v": new[n:]}] if n < len(new) else [])]


def _segments(old: list[Any], new: list[Any]) -> list[Any]:
    """``new`` as runs copied from ``old`` ([a, b]: old[a:b]) and ``{"v": new items}``, matched by each item's
    JSON."""
    keys = [json.dumps(x, sort_keys=True, default=str) for x in old]
    where: dict[str, list[int]] = {}
    for i, k in enumerate(keys):
        where.setdefault(k, []).append(i)
    out: list[Any] = []
    fresh: list[Any] = []
    run: list[int] | None = None  # [a, b]: the copy being extended
    for item in new:
        k = json.dumps(item, sort_keys=True, default=str)
        if run is not None and run[1] < len(old) and keys[run[1]] == k:
            run[1] += 1
            continue
        hits = where.get(k)
        if hits:
            if fresh:
                out.append({"v": fresh})
                fresh = []
            run = [hits[0], hits[0] + 1]
            out.append(run)
        else:
            run = None
            fresh.append(item)
    if fresh:
        out.append({"v": fresh})
    return out


#: a patch this short is sent as it is (no need to measure the whole value against it)
SHORT_PATCH = 400


def _smaller(patch: Patch, new: Any) -> Patch:
    size = _size(patch)
    return patch if size <= SHORT_PATCH or size < _size(new) + 8 else {"=": new}


def apply_patch(old: Any, patch: Patch) -> Any:
    """What the browser does with a patch (kit.js ``ttPatch``), in Python: for tests and for checking."""
    if "=" in patch:
        return patch["="]
    if "o" in patch:
        out = {k: v for k, v in old.items() if k not in patch.get("x", ())}
        for k, p in patch["o"].items():
            out[k] = apply_patch(old.get(k), p)
        return out
    if "i" in patch:
        items = list(old)
        for i, p in patch["i"].items():
            items[int(i)] = apply_patch(items[int(i)], p)
        return items
    built: list[Any] = []
    for seg in patch["l"]:
        if isinstance(seg, dict):
            built.extend(seg["v"])
        else:
            built.extend(old[seg[0]:seg[1]])
    return built
