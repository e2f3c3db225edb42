"""Events: what happened, which rule made it happen, and one sentence in rulebook language.

An event keeps its clause id and data at once; its sentence may be given as a zero-argument callable that is
called only when the text is first read (the log, the widget, a saved record), so a simulation that only counts
rule firings never formats a sentence. A callable must read only values that do not change after the event is
made (``tests/test_event_text.py`` reads texts late and early and compares them with the golden games). No
closure per event is needed on a hot path: the callable may be a plain function with its arguments kept beside it
(``Context.tell``), or the text a tuple ``(fn, *values)`` (``Context.emit``); either way the text is
``fn(*values)``, made on first read (fewer objects for the garbage collector in long runs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any

_NO_DATA: Mapping[str, Any] = MappingProxyType({})

#: an event's sentence: the text itself, a callable that makes it when first read, or ``(fn, *values)`` for
#: ``fn(*values)`` when first read (no closure to make on a hot path)
Text = str | Callable[[], str] | tuple[Any, ...]


class Event:
    """One thing that happened in a game (treat as immutable; slotted because simulations make millions).

    ``rule`` is the clause id of the rule that made it happen; ``text`` is one sentence for the log (formatted on
    first read when it was given as a callable); ``player`` is the seat it concerns (``None`` for the table);
    ``data`` holds machine-readable details.
    """

    __slots__ = ("rule", "_text", "player", "data", "_args")

    def __init__(self, rule: str, text: Text | Callable[..., str], player: int | None = None,
                 data: Mapping[str, Any] = _NO_DATA, args: tuple[Any, ...] = ()) -> None:
        self.rule = rule
        self._text = text
        self.player = player
        self.data = data
        self._args = args

    @property
    def text(self) -> str:
        t = self._text
        if t.__class__ is not str:
            if t.__class__ is tuple:
                t = t[0](*t[1:])
            else:
                t = t(*self._args)  # type: ignore[operator]
                self._args = ()
            self._text = t
        return t

    # a 4-tuple as before: (rule, text, player, data)
    def __iter__(self) -> Iterator[Any]:
        return iter((self.rule, self.text, self.player, self.data))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.rule, self.player, self.text, dict(self.data)) == (other.rule, other.player, other.text,
                                                                          dict(other.data))

    __hash__ = None  # type: ignore[assignment]  # data is a mapping: events are not hashable (as before)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, (self.rule, self.text, self.player, dict(self.data)))

    def __repr__(self) -> str:
        return f"Event(rule={self.rule!r}, text={self.text!r}, player={self.player!r}, data={dict(self.data)!r})"

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "text": self.text, "player": self.player, "data": dict(self.data)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Event:
        return cls(d["rule"], d["text"], d.get("player"), dict(d.get("data", {})))

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"
