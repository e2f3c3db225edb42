"""Actions are small frozen dataclasses; ``str(action)`` reads as plain words.

Fields must be JSON primitives (str, int, float, bool, None) or tuples of them, so an action round-trips
through :func:`encode_action` / :func:`decode_action` and can be sent to and from a browser as a short key.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
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


class ActionCodec:
    """Decodes actions of one game from dicts or keys. Untrusted input gets a ``ValueError`` with a reason."""

    def __init__(self, action_types: Iterable[type[Action]]) -> None:
        self.types: dict[str, type[Action]] = {t.__name__: t for t in action_types}

    def decode(self, data: Mapping[str, Any] | str) -> Action:
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise ValueError(f"an action key must be JSON: {exc.msg}") from None
        if not isinstance(data, Mapping):
            raise ValueError("an action must be an object with a 'type'")
        name = data.get("type")
        cls = self.types.get(name) if isinstance(name, str) else None
        if cls is None:
            known = ", ".join(sorted(self.types))
            raise ValueError(f"unknown action type {name!r}; this game knows: {known}")
        kwargs: dict[str, Any] = {}
        names = {f.name for f in dataclasses.fields(cls)}
        extra = set(data) - names - {"type"}
        if extra:
            raise ValueError(f"{name} has no field(s) {', '.join(sorted(extra))}")
        for f in dataclasses.fields(cls):
            if f.name in data:
                v = data[f.name]
                if not _json_primitive_tree(v):
                    raise ValueError(f"{name}.{f.name} must hold plain values")
                kwargs[f.name] = _tupled(v)
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise ValueError(f"{name}: {exc}") from None


def _json_primitive_tree(v: Any) -> bool:
    if v is None or isinstance(v, str | int | float | bool):
        return True
    if isinstance(v, list | tuple):
        return all(_json_primitive_tree(x) for x in v)
    return False
