"""Variant options: one frozen dataclass per game, each option naming the rule clause it changes.

    @dataclass(frozen=True)
    class ZaxxonVariant(Variant):
        radar_barrier: bool = option(True, rule="zaxxon.radar-barrier", doc="Planes need the higher roll to cross.")

``Variant.validate`` refuses impossible combinations with a reason; ``to_dict``/``from_dict`` round-trip through
JSON so every save and every simulation result carries the variant it was played with.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

V = TypeVar("V", bound="Variant")


def option(default: Any, *, rule: str, doc: str, choices: Sequence[Any] | None = None,
           low: float | None = None, high: float | None = None) -> Any:
    """Declare one variant option: its rulebook default, the clause it changes, and what it does."""
    meta = {"rule": rule, "doc": doc, "choices": tuple(choices) if choices is not None else None,
            "low": low, "high": high}
    if isinstance(default, list | dict):
        raise TypeError("variant options must be immutable (use a tuple)")
    return dataclasses.field(default=default, metadata=meta)


@dataclass(frozen=True)
class OptionInfo:
    name: str
    default: Any
    rule: str
    doc: str
    choices: tuple[Any, ...] | None
    low: float | None
    high: float | None


@dataclass(frozen=True)
class Variant:
    """Base class of a game's rule options. The defaults are the rulebook's rules."""

    @classmethod
    def options(cls) -> list[OptionInfo]:
        known = _OPTIONS.get(cls)
        if known is None:  # a class's fields never change: read them once (every new game validates its variant)
            out = []
            for f in dataclasses.fields(cls):
                m = f.metadata
                out.append(OptionInfo(f.name, f.default, m.get("rule", ""), m.get("doc", ""), m.get("choices"),
                                      m.get("low"), m.get("high")))
            known = _OPTIONS[cls] = tuple(out)
        return list(known)

    def validate(self) -> None:
        """Raise ``ValueError`` naming the option and the reason when the combination cannot be played."""
        for info in self.options():
            v = getattr(self, info.name)
            if info.choices is not None and v not in info.choices:
                raise ValueError(f"variant option {info.name}={v!r} ({info.rule}): choose one of "
                                 + ", ".join(map(repr, info.choices)))
            if info.low is not None and v < info.low:
                raise ValueError(f"variant option {info.name}={v!r} ({info.rule}): must be at least {info.low}")
            if info.high is not None and v > info.high:
                raise ValueError(f"variant option {info.name}={v!r} ({info.rule}): must be at most {info.high}")
            if info.default is not None and not isinstance(v, type(info.default)) and not (
                    isinstance(info.default, float) and isinstance(v, int)):
                raise ValueError(f"variant option {info.name} ({info.rule}) must be a "
                                 f"{type(info.default).__name__}, not {type(v).__name__}")

    def changes(self) -> dict[str, Any]:
        """Only the options that differ from the rulebook."""
        return {i.name: getattr(self, i.name) for i in self.options() if getattr(self, i.name) != i.default}

    def to_dict(self) -> dict[str, Any]:
        return {i.name: _plain(getattr(self, i.name)) for i in self.options()}

    @classmethod
    def from_dict(cls: type[V], data: Mapping[str, Any] | None) -> V:
        data = dict(data or {})
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown variant option(s) for {cls.__name__}: {', '.join(sorted(unknown))}; "
                             f"known: {', '.join(sorted(names))}")
        fixed = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        v = cls(**fixed)
        v.validate()
        return v

    def describe(self) -> str:
        ch = self.changes()
        if not ch:
            return "rulebook rules"
        return ", ".join(f"{k}={v!r}" for k, v in ch.items())


_OPTIONS: dict[type, tuple[OptionInfo, ...]] = {}


def _plain(v: Any) -> Any:
    return [_plain(x) for x in v] if isinstance(v, tuple) else v


@dataclass(frozen=True)
class NoVariant(Variant):
    """For a game with no options yet."""
