"""Checks shared by every widget that takes messages from the browser (untrusted input)."""

from __future__ import annotations

import base64
import json
import pickle
import zlib
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
#   {"f": 3}                          the whole value is item 3 of the board's ``fixed_values`` (a catalogue the
#                                     browser got once: a figure's part tree, a stage panel)
#   {"s": [p, q, "text"]}             a long text: old[:p] + text + old[len(old) - q:] (texts of the Basic
#                                     Multilingual Plane only, where Python's and JavaScript's indices agree)
# Inside "o" and "i" a value that is not an object stands for itself (the whole value: 3, "RED", null, [1, 2]).
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
    return not isinstance(a, dict | list | tuple) or _same_json(a, b)


def _same_json(a: Any, b: Any) -> bool:
    """Two containers that are ``==``: the same JSON too (``==`` holds true == 1 and 1 == 1.0, which JSON tells
    apart)? Their pickles, written in C, name every value's type; pickles that differ (a dict's keys in another
    order, an object shared in one and copied in the other) leave it to the walk."""
    try:
        if pickle.dumps(a, pickle.HIGHEST_PROTOCOL) == pickle.dumps(b, pickle.HIGHEST_PROTOCOL):
            return True
    except Exception:  # noqa: BLE001 - a value pickle cannot write: the walk decides
        pass
    return _walk(a, b) is None


#: the encoders of the patch walk, made once (``json.dumps`` with these arguments builds a new encoder at every call:
#: a patch measures and looks up values some 75 times a move); the same texts as ``json.dumps(v, ...)``
_COMPACT = json.JSONEncoder(separators=(",", ":"), default=str).encode
_SORTED = json.JSONEncoder(sort_keys=True, default=str).encode
_SORTED_COMPACT = json.JSONEncoder(separators=(",", ":"), sort_keys=True).encode


def _size(v: Any) -> int:
    return len(_COMPACT(v))


#: the fixed values a patch may name ({"f": i}), by their JSON text (set by ``patching``, for one patch)
_KNOWN: dict[str, int] = {}
#: below this size a container is not looked up among the fixed values
KNOWN_MIN = 120


def known_index(values: list[Any]) -> dict[str, int]:
    """``{JSON text: index}`` of a board's fixed values (what ``{"f": i}`` may name)."""
    out: dict[str, int] = {}
    for i, v in enumerate(values):
        out.setdefault(json.dumps(v, separators=(",", ":")), i)
    return out


def _whole(v: Any) -> Patch:
    if _KNOWN and isinstance(v, dict | list | tuple):
        text = _COMPACT(v)
        if len(text) >= KNOWN_MIN and text in _KNOWN:
            return {"f": _KNOWN[text]}
    return {"=": v}


def json_patch(old: Any, new: Any, known: dict[str, int] | None = None, *, atomic: bool = False) -> Patch | None:
    """The patch from ``old`` to ``new`` (``None``: they are the same JSON). Never much bigger than ``{"=": new}``:
    where a patch would be, the whole value is sent instead (or ``{"f": i}`` when it is one of the ``known``
    values, ``known_index``). One walk over both values (no subtree is compared twice). ``atomic``: ``new`` is a
    list whose items are sent whole or copied, never patched inside (the legal moves: kit.js completes each new
    item, ``ttLegalFromWire``)."""
    global _KNOWN
    # (a list of whole items, the legal moves or the log, is never one of the fixed values: not looked up there)
    saved, _KNOWN = _KNOWN, ({} if atomic else known or {})
    try:
        if atomic and isinstance(old, list) and isinstance(new, list):
            return None if _same(old, new) else _smaller({"l": _kept_then_new(old, new) or _segments(old, new)}, new, old)
        return _patch(old, new)
    finally:
        _KNOWN = saved


def _patch(old: Any, new: Any) -> Patch | None:
    if old is new:
        return None
    if type(old) is not type(new):
        if isinstance(old, list | tuple) and isinstance(new, list | tuple):
            return _list_patch(list(old), list(new))
        return _whole(new)
    if isinstance(new, dict | list | tuple) and old == new and _same_json(old, new):
        return None  # most of a state is as it was: found so in C, not walked
    return _walk(old, new)


def _walk(old: Any, new: Any) -> Patch | None:
    """``_patch`` of two values of one type, walked."""
    if isinstance(new, dict):
        return _dict_patch(old, new)
    if isinstance(new, list | tuple):
        return _list_patch(list(old), list(new))
    if old == new:
        return None
    if isinstance(new, str) and len(new) > LONG_TEXT:
        return _text_patch(old, new)
    return {"=": new}


#: texts longer than this are patched (a common start and end kept)
LONG_TEXT = 60


def _bmp(text: str) -> bool:
    return len(text.encode("utf-16-le", "surrogatepass")) == 2 * len(text)


def _text_patch(old: str, new: str) -> Patch:
    if not (_bmp(old) and _bmp(new)):
        return {"=": new}
    p = 0
    top = min(len(old), len(new))
    while p < top and old[p] == new[p]:
        p += 1
    q = 0
    while q < top - p and old[-1 - q] == new[-1 - q]:
        q += 1
    mid = new[p:len(new) - q]
    return {"s": [p, q, mid]} if len(mid) + 12 < len(new) else {"=": new}


def _inline(p: Patch) -> Any:
    """Inside "o" and "i": a whole value that is not an object is written as itself."""
    if "=" in p and not isinstance(p["="], dict):
        return p["="]
    return p


def _dict_patch(old: dict[str, Any], new: dict[str, Any]) -> Patch | None:
    inner: dict[str, Any] = {}
    for k, v in new.items():
        if k not in old:
            inner[k] = _inline(_whole(v))
        else:
            p = _patch(old[k], v)
            if p is not None:
                inner[k] = _inline(p)
    gone = [k for k in old if k not in new]
    if not inner and not gone:
        return None
    out: Patch = {"o": inner}
    if gone:
        out["x"] = gone
    return _smaller(out, new)


def _list_patch(old: list[Any], new: list[Any]) -> Patch | None:
    if len(old) == len(new):
        changed = {str(i): _inline(p) for i, (a, b) in enumerate(zip(old, new, strict=True))
                   if (p := _patch(a, b)) is not None}
        if not changed:
            return None
        if len(changed) * 2 <= len(new):
            return _smaller({"i": changed}, new)
        # most items changed (e.g. both sides of a two-seat game): whichever is shorter, the items' patches or runs
        runs = {"l": _kept_then_new(old, new) or _segments(old, new)}
        return _smaller(min(({"i": changed}, runs), key=_size), new)
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


#: each item's JSON key (``_segments``) by the item (its id, and the item kept alive with it): an item sent
#: last time (a legal move's entry, a log row: the board keeps them) is not written again
_ITEM_KEYS: dict[int, tuple[Any, str]] = {}
_ITEM_KEYS_MAX = 4000


def _item_key(x: Any) -> str:
    hit = _ITEM_KEYS.get(id(x))
    if hit is not None and hit[0] is x:
        return hit[1]
    k = _SORTED(x)
    if isinstance(x, dict | list):  # (a number or a short text is written as fast as it is looked up)
        if len(_ITEM_KEYS) >= _ITEM_KEYS_MAX:
            _ITEM_KEYS.clear()
        _ITEM_KEYS[id(x)] = (x, k)
    return k


def _segments(old: list[Any], new: list[Any]) -> list[Any]:
    """``new`` as runs copied from ``old`` ([a, b]: old[a:b]) and ``{"v": new items}``, matched by each item's
    JSON."""
    keys = [_item_key(x) for x in old]
    where: dict[str, list[int]] = {}
    for i, k in enumerate(keys):
        where.setdefault(k, []).append(i)
    out: list[Any] = []
    fresh: list[Any] = []
    run: list[int] | None = None  # [a, b]: the copy being extended
    for item in new:
        k = _item_key(item)
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


def _smaller(patch: Patch, new: Any, old: list[Any] | None = None) -> Patch:
    size = _size(patch)
    if size <= SHORT_PATCH:
        return patch
    if old is not None and "l" in patch and _copies_outweigh(patch["l"], old, size):
        return patch  # a list's runs copied from ``old``: the patch is the shorter, found without writing ``new``
    whole = _whole(new)
    return patch if "=" in whole and size < _size(new) + 8 else whole


def _copies_outweigh(segments: list[Any], old: list[Any], size: int) -> bool:
    """Is a list's patch (``segments``, ``size`` bytes of JSON) surely shorter than the whole new list? The whole
    list holds the new items the patch holds and, for each run ``[a, b]`` the patch copies, items that are at least
    a few bytes each (a dict: its braces and keys); a run costs the patch at most 14 bytes."""
    if len(segments) > 40:
        return False
    need = size + 14 * len(segments) + 8 - sum(_size(seg["v"]) for seg in segments if isinstance(seg, dict))
    for seg in segments:
        if isinstance(seg, dict):
            continue
        for x in old[seg[0]:seg[1]]:
            need -= _least_size(x) + 1
            if need < 0:
                return True  # (a few copied items are enough: the rest is not looked at)
    return False


def _least_size(v: Any) -> int:
    """A lower bound of ``v``'s JSON length, found without writing it: a dict's braces, quoted keys and colons and
    commas, one byte a value."""
    if isinstance(v, dict):
        return 1 + sum(len(k) + 4 for k in v)
    if isinstance(v, str):
        return len(v) + 2
    return 1


def apply_patch(old: Any, patch: Patch, fixed: list[Any] | None = None) -> Any:
    """What the browser does with a patch (kit.js ``ttPatch``), in Python: for tests and for checking."""
    if not isinstance(patch, dict):  # inside "o" / "i": the value itself
        return patch
    if "=" in patch:
        return patch["="]
    if "s" in patch:
        p, q, mid = patch["s"]
        return old[:p] + mid + old[len(old) - q:]
    if "f" in patch:
        return (fixed or [])[patch["f"]]
    if "o" in patch:
        out = {k: v for k, v in old.items() if k not in patch.get("x", ())}
        for k, p in patch["o"].items():
            out[k] = apply_patch(old.get(k), p, fixed)
        return out
    if "i" in patch:
        items = list(old)
        for i, p in patch["i"].items():
            items[int(i)] = apply_patch(items[int(i)], p, fixed)
        return items
    built: list[Any] = []
    for seg in patch["l"]:
        if isinstance(seg, dict):
            built.extend(seg["v"])
        else:
            built.extend(old[seg[0]:seg[1]])
    return built


def _plain_key_value(v: Any) -> bool:
    """A field value whose JSON Python's ``action_key`` and kit.js's ``ttActionKey`` write alike (no float)."""
    if isinstance(v, bool | int | str) or v is None:
        return True
    if isinstance(v, list | tuple):
        return all(_plain_key_value(x) for x in v)
    return False


#: traits sent as lists of whole items, each new item shortened (``compress_items``): the keys it takes from the
#: item before it when they are equal (every item has them), and whether its ``id`` is rebuilt from its fields
ITEM_CODECS: dict[str, tuple[tuple[str, ...], bool]] = {
    "legal": (("type",), True),
    "events": (("turn", "actor", "action", "player"), False),
}


def _short_item(e: Any, prev: Any, keys: tuple[str, ...], ids: bool) -> Any:
    if not isinstance(e, dict) or not all(k in e for k in keys):
        return e
    out = dict(e)
    if ids and isinstance(e.get("id"), str):
        fields = {k: v for k, v in e.items() if k not in ("id", "text")}
        if all(_plain_key_value(v) for v in fields.values()) and \
                _SORTED_COMPACT(fields) == e["id"]:
            del out["id"]
    if isinstance(prev, dict):
        for k in keys:
            if k in prev and _same(prev[k], e[k]):
                del out[k]
        text, before = e.get("text"), prev.get("text")
        if isinstance(text, str) and isinstance(before, str) and _bmp(text) and _bmp(before):
            n = 0  # "move plane #1 to E30" after "move plane #1 to D30": [17, "E30"], the start of the one before
            while n < min(len(text), len(before)) and text[n] == before[n]:
                n += 1
            if n >= 8:
                out["text"] = [n, text[n:]]
    return out


def compress_items(patch: Patch | None, new: list[Any], codec: tuple[tuple[str, ...], bool]) -> Patch | None:
    """A patch of a list of items (``json_patch(..., atomic=True)``) with each new item shortened: the codec's keys
    left out where they equal the item before it in ``new``, the ``id`` left out where it is the action key of the
    item's type and fields, a ``text`` that starts like the one before it written ``[n, rest]`` (its first n
    characters are that text's). kit.js ``ttExpandItems`` puts them back (a copied item is whole already)."""
    keys, ids = codec
    if patch is None or "f" in patch:
        return patch
    if "=" in patch:
        if not isinstance(new, list):
            return patch
        return {"=": [_short_item(e, new[i - 1] if i else None, keys, ids) for i, e in enumerate(new)]}
    out: list[Any] = []
    at = 0
    for seg in patch["l"]:
        if isinstance(seg, dict):
            items = []
            for e in seg["v"]:
                items.append(_short_item(e, new[at - 1] if at else None, keys, ids))
                at += 1
            out.append({"v": items})
        else:
            out.append(seg)
            at += seg[1] - seg[0]
    return {"l": out}


def expand_items(items: list[Any], codec: tuple[tuple[str, ...], bool]) -> list[Any]:
    """``compress_items`` undone (the Python twin of kit.js ``ttExpandItems``)."""
    keys, ids = codec
    out: list[Any] = []
    for e in items:
        if isinstance(e, dict):
            prev = out[-1] if out else None
            if isinstance(prev, dict) and any(k not in e for k in keys):
                e = {**{k: prev[k] for k in keys if k not in e and k in prev}, **e}
            if isinstance(prev, dict) and isinstance(e.get("text"), list):
                n, rest = e["text"]
                e = {**e, "text": str(prev.get("text", ""))[:n] + rest}
            if ids and "id" not in e:
                e = {**e, "id": json.dumps({k: v for k, v in e.items() if k != "text"}, separators=(",", ":"),
                                           sort_keys=True)}
        out.append(e)
    return out


#: a patch whose JSON is longer than this travels deflated (zlib, base64 in the message: ``{"z": "..."}`` instead of
#: ``{"p": {...}}``): the rare move whose new legal moves and log rows are all long texts (a Xevoz round's 26
#: "snap the DRAIN ATTACK onto ..." moves and its four log sentences: 3.2 KB as JSON, 1.3 KB deflated). Shorter
#: patches, nearly every move, go as they are: kit.js applies them at once, without an asynchronous inflate.
DEFLATE_OVER = 1500


def sync_message(base: int, seq: int, patch: Patch) -> dict[str, Any]:
    """The custom message of one patch (``BoardWidget.send_state``): ``{"tt": "sync", "base", "seq", "p": patch}``,
    or, for a long patch, ``{..., "z": base64 of the zlib-deflated JSON of the patch}`` (kit.js ``ttSyncPatch``)."""
    text = json.dumps(patch, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    if len(text) <= DEFLATE_OVER:
        return {"tt": "sync", "base": base, "seq": seq, "p": patch}
    z = base64.b64encode(zlib.compress(text.encode("utf8", "surrogatepass"), 6)).decode("ascii")
    return {"tt": "sync", "base": base, "seq": seq, "z": z}


def sync_patch(content: Mapping[str, Any]) -> Patch:
    """The patch a sync message carries (``"p"``, or ``"z"`` inflated): the Python twin of kit.js ``ttSyncPatch``."""
    if "z" in content:
        raw = zlib.decompress(base64.b64decode(str(content["z"])))
        return dict(json.loads(raw.decode("utf8", "surrogatepass")))
    return dict(content["p"])


def apply_sync(copy: dict[str, Any], content: Mapping[str, Any]) -> dict[str, Any]:
    """Apply one patch message (``{"tt": "sync", "base", "seq", "p"}``, ``BoardWidget.send_state``) to ``copy``, the
    browser's copy of a board's traits, as kit.js ``ttApplySync`` does; returns the traits it changed with their new
    values (what a whole ``update`` of them would have carried). A message for another base is an error here (the
    browser would ask for the whole state)."""
    if content.get("base") != copy.get("sync_seq", 0):
        raise ValueError(f"a patch for state {content.get('base')} on a copy at {copy.get('sync_seq', 0)}")
    patch = sync_patch(content)
    changed: dict[str, Any] = {}
    if "fixed_values" in patch:
        copy["fixed_values"] = changed["fixed_values"] = apply_patch(copy.get("fixed_values"), patch.pop("fixed_values"))
    for k, p in patch.items():
        value = apply_patch(copy.get(k), p, copy.get("fixed_values"))
        if k in ITEM_CODECS:
            value = expand_items(value, ITEM_CODECS[k])
        copy[k] = changed[k] = value
    copy["sync_seq"] = changed["sync_seq"] = content["seq"]
    return changed


def received_state(copy: dict[str, Any], data: Any) -> dict[str, Any] | None:
    """What one comm message (its ``data``) gives the browser's ``copy`` of a board: a whole ``update`` or a patch
    message, applied; returns the traits it set (``None``: another kind of message)."""
    if not isinstance(data, Mapping):
        return None
    if data.get("method") in ("update", "echo_update") and isinstance(data.get("state"), Mapping):
        copy.update(data["state"])
        return dict(data["state"])
    content = data.get("content")
    if data.get("method") == "custom" and isinstance(content, Mapping) and content.get("tt") == "sync":
        return apply_sync(copy, content)
    return None
