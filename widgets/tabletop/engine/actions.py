"""Actions are small frozen dataclasses; ``str(action)`` reads as plain words.

Fields must be JSON primitives (str, int, float, bool, None) or tuples of them, so an action round-trips
through :func:`encode_action` / :func:`decode_action` and can be sent to and from a browser as a short key.
"""

from __future__ import annotations

import dataclasses
import json
import math
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base class of every game action. Subclasses are frozen dataclasses and override ``__str__``."""

    kind: ClassVar[str] = "action"

    def __str__(self) -> str:  # pragma: no cover - subclasses say it better
        return type(self).__name__

    def to_dict(self) -> dict[str, Any]:
        return encode_action(self)

    @property
    def key(self) -> str:
        """A short, stable string that names this action (used by the front end)."""
        return action_key(self)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def encode_action(action: Action) -> dict[str, Any]:
    """``{"type": ClassName, **fields}`` with tuples as lists: JSON-safe."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        out[f.name] = _plain(getattr(action, f.name))
    return out


def action_key(action: Action) -> str:
    return json.dumps(encode_action(action), separators=(",", ":"), sort_keys=True)


#: limits on untrusted action input (a key from a browser, a dict from a save)
MAX_KEY_LENGTH = 4096  #: characters of an action key (JSON text)
MAX_DEPTH = 4  #: nesting of lists inside the action object
MAX_ITEMS = 64  #: entries of one list, fields of one object
MAX_TEXT = 200  #: characters of one text field
MAX_NODES = 512  #: values in one action, all lists included
MAX_INT = 2**31 - 1  #: whole numbers in actions are at most this large (either sign)


class ActionCodec:
    """Decodes actions of one game from dicts or keys. Untrusted input gets a ``ValueError`` with a reason.

    Input is bounded (:data:`MAX_KEY_LENGTH`, :data:`MAX_DEPTH`, :data:`MAX_ITEMS`, :data:`MAX_NODES`) and every
    field is checked against the action class's annotations (:func:`check_fields`), so a decoded action is
    always well-typed.
    """

    def __init__(self, action_types: Iterable[type[Action]]) -> None:
        self.types: dict[str, type[Action]] = {t.__name__: t for t in action_types}

    def decode(self, data: Mapping[str, Any] | str) -> Action:
        fields_in = _plain_fields(_parse_key(data) if isinstance(data, str) else data)
        name = fields_in.get("type")
        cls = self.types.get(name) if isinstance(name, str) else None
        if cls is None:
            known = ", ".join(sorted(self.types))
            raise ValueError(f"unknown action type {_short(name)}; this game knows: {known}")
        kwargs: dict[str, Any] = {}
        names = {f.name for f in dataclasses.fields(cls)}
        extra = set(fields_in) - names - {"type"}
        if extra:
            raise ValueError(f"{name} has no field(s) {', '.join(sorted(extra))}")
        budget = [MAX_NODES]
        for f in dataclasses.fields(cls):
            if f.name in fields_in:
                v = fields_in[f.name]
                if not _json_primitive_tree(v, 0, budget):
                    raise ValueError(f"{name}.{f.name} must hold plain values (text, numbers, true/false, or "
                                     f"lists of them, at most {MAX_DEPTH} levels and {MAX_ITEMS} items)")
                kwargs[f.name] = _tupled(v)
        try:
            action = cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{name}: {exc}") from None
        check_fields(action)
        return action


def _parse_key(data: str) -> Any:
    """An action key (JSON text) as the value it holds, or a plain ValueError."""
    if len(data) > MAX_KEY_LENGTH:
        raise ValueError(f"an action key is at most {MAX_KEY_LENGTH} characters, not {len(data)}")
    try:
        return json.loads(data)
    except json.JSONDecodeError as exc:
        raise ValueError(f"an action key must be JSON: {exc.msg}") from None
    except (RecursionError, ValueError):
        raise ValueError("an action key must be plain JSON of a few levels") from None


def _plain_fields(data: Any) -> dict[str, Any]:
    """An action's fields as a plain dict (a mapping of at most ``MAX_ITEMS`` short text names), or a plain
    ValueError."""
    if not isinstance(data, Mapping):
        raise ValueError("an action must be an object with a 'type'")
    try:
        items = list(data.items())
    except Exception:  # noqa: BLE001 - a hostile Mapping
        raise ValueError("an action must be a plain object with a 'type'") from None
    if len(items) > MAX_ITEMS:
        raise ValueError(f"an action has at most {MAX_ITEMS} fields, not {len(items)}")
    for k, _ in items:
        if not isinstance(k, str):
            raise ValueError(f"an action's field names must be text, not {_short(k)}")
        if len(k) > 64:
            raise ValueError(f"an action's field names are at most 64 characters, not {len(k)}")
    return dict(items)


def _short(v: Any) -> str:
    try:
        r = repr(v)
    except Exception:  # noqa: BLE001 - a hostile __repr__
        r = f"<{type(v).__name__}>"
    return r if len(r) <= 40 else r[:37] + "..."


def _json_primitive_tree(v: Any, depth: int = 0, budget: list[int] | None = None) -> bool:
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            return False
    if v is None or isinstance(v, str | int | float | bool):
        return True
    if isinstance(v, list | tuple):
        if depth >= MAX_DEPTH or len(v) > MAX_ITEMS:
            return False
        return all(_json_primitive_tree(x, depth + 1, budget) for x in v)
    return False


# -- field checks ----------------------------------------------------------------------------------------------
_Check = Callable[[Any], "str | None"]
_CHECKS: dict[type, tuple[tuple[str, _Check], ...]] = {}
_MISSING = object()


def check_fields(action: Action) -> None:
    """Raise ``ValueError("<Class>.<field> must be ..., not <value>")`` unless every field of ``action`` holds a
    value of its annotated type: ``bool`` is not a whole number, ``1.0`` is not an ``int``, NaN and infinities
    are refused, text is non-empty (unless the field's default is ``""``) and at most :data:`MAX_TEXT`
    characters, tuples hold their element type, ``None`` only where the annotation is Optional."""
    cls = type(action)
    fast = _FAST.get(cls)
    if fast is None:
        fast = _FAST[cls] = _compile_fast(cls)
    try:
        if fast(action):
            return
    except Exception:  # noqa: BLE001, S110 - a missing or hostile field: the slow path says which
        pass
    checks = _CHECKS.get(cls)
    if checks is None:
        checks = _CHECKS[cls] = _compile(cls)
    for name, check in checks:
        v = getattr(action, name, _MISSING)
        if v is _MISSING:
            raise ValueError(f"{cls.__name__}.{name} is missing")
        why = check(v)
        if why is not None:
            raise ValueError(f"{cls.__name__}.{name} {why}, not {_short(v)}")


def fast_check(cls: type) -> Callable[[Any], bool]:
    """The generated function that says whether every field of an action of class ``cls`` is fine (it may raise
    on a missing or hostile field: then :func:`check_fields` says which and why)."""
    fast = _FAST.get(cls)
    if fast is None:
        fast = _FAST[cls] = _compile_fast(cls)
    return fast


def _compile_fast(cls: type) -> Callable[[Any], bool]:
    """One generated function that says whether every field is fine (the common case, so ``play`` stays fast);
    the per-field checks of :func:`_compile` run only when it says no, to name the field and the reason."""
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # noqa: BLE001
        hints = {}
    terms: list[str] = []
    env: dict[str, Any] = {"M": MAX_INT, "T": MAX_TEXT, "isfinite": math.isfinite}
    for i, f in enumerate(dataclasses.fields(cls)):
        tp = hints.get(f.name, Any)
        v = f"a.{f.name}" if f.name.isidentifier() and not f.name.startswith("__") else None
        if v is None:
            return lambda a: False
        if tp is int:
            terms.append(f"(type({v}) is int and -M <= {v} <= M)")
        elif tp is bool:
            terms.append(f"({v} is True or {v} is False)")
        elif tp is str:
            empty = "" if f.default == "" else f" and {v} != ''"
            terms.append(f"(type({v}) is str and len({v}) <= T{empty})")
        elif tp is float:
            terms.append(f"((type({v}) is int and -M <= {v} <= M) or (type({v}) is float and isfinite({v})))")
        else:
            env[f"c{i}"] = _checker(tp, f.default == "", 0)
            terms.append(f"c{i}({v}) is None")
    src = "def ok(a):\n    return " + (" and ".join(terms) or "True") + "\n"
    exec(src, env)  # noqa: S102 - generated from the dataclass's own field names (identifiers only)
    fn: Callable[[Any], bool] = env["ok"]
    return fn


_FAST: dict[type, Callable[[Any], bool]] = {}


def _compile(cls: type) -> tuple[tuple[str, _Check], ...]:
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # noqa: BLE001 - unresolvable annotations: fall back to "plain values"
        hints = {}
    out: list[tuple[str, _Check]] = []
    for f in dataclasses.fields(cls):
        allow_empty = f.default == ""
        out.append((f.name, _checker(hints.get(f.name, Any), allow_empty, 0)))
    return tuple(out)


def _checker(tp: Any, allow_empty: bool, depth: int) -> _Check:  # noqa: C901 - one branch per kind of type
    if tp is Any or depth > MAX_DEPTH:
        return lambda v: None if _json_primitive_tree(v, 0, [MAX_NODES]) else "must hold plain values"
    if tp is bool:
        return lambda v: None if v is True or v is False else "must be true or false"
    if tp is int:
        def whole(v: Any) -> str | None:
            if type(v) is not int:
                return "must be a whole number"
            if not -MAX_INT <= v <= MAX_INT:
                return f"must be a whole number of at most {MAX_INT} either way"
            return None
        return whole
    if tp is float:
        def number(v: Any) -> str | None:
            if type(v) is int:
                return None if -MAX_INT <= v <= MAX_INT else "is too large"
            if type(v) is not float or not math.isfinite(v):
                return "must be a finite number"
            return None
        return number
    if tp is str:
        def text(v: Any) -> str | None:
            if type(v) is not str:
                return "must be text"
            if not v and not allow_empty:
                return "must not be empty"
            if len(v) > MAX_TEXT:
                return f"must be at most {MAX_TEXT} characters"
            return None
        return text
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Literal:
        allowed = args

        def literal(v: Any) -> str | None:
            ok = any(type(v) is type(a) and v == a for a in allowed)
            return None if ok else "must be one of " + ", ".join(map(repr, allowed))
        return literal
    if origin in (typing.Union, types.UnionType):
        optional = type(None) in args
        rest = [a for a in args if a is not type(None)]
        subs = [_checker(a, allow_empty, depth + 1) for a in rest]

        def union(v: Any) -> str | None:
            if v is None:
                return None if optional else "must not be empty (None)"
            whys = [s(v) for s in subs]
            if any(w is None for w in whys):
                return None
            return " or ".join(w for w in whys if w) or "has the wrong type"
        return union
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _checker(args[0], False, depth + 1)

            def tuple_of(v: Any) -> str | None:
                if type(v) is not tuple:
                    return "must be a list"
                if len(v) > MAX_ITEMS:
                    return f"must hold at most {MAX_ITEMS} items"
                for x in v:
                    w = each(x)
                    if w is not None:
                        return f"must hold items that each {w.removeprefix('must ')}"
                return None
            return tuple_of
        fixed = [_checker(a, False, depth + 1) for a in args]

        def tuple_fixed(v: Any) -> str | None:
            if type(v) is not tuple or len(v) != len(fixed):
                return f"must be a list of {len(fixed)} items"
            for x, c in zip(v, fixed, strict=True):
                w = c(x)
                if w is not None:
                    return f"must hold items that each {w.removeprefix('must ')}"
            return None
        return tuple_fixed
    if tp is type(None):
        return lambda v: None if v is None else "must be empty (None)"
    # an annotation the kit does not know: plain JSON values only
    return lambda v: None if _json_primitive_tree(v, 0, [MAX_NODES]) else "must hold plain values"
