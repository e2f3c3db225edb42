"""Practice generated from the engine: endless, seeded questions at positions that bots reach.

Each game offers ``tabletop.<game>.practice`` with

- ``practice(seed, clauses=None) -> Iterator[PracticeItem]``: an endless stream of questions (the same seed gives
  the same stream), limited to ``clauses`` when given (the clauses a review re-asks);
- ``COVERED``: the clause ids it can ask about;
- ``NOT_COVERED``: ``{clause id: why the generator cannot ask about it}`` for every other clause of the catalog.

Every answer is computed by the engine (``Question.answer``), never typed in. Nothing here imports a widget:
``tabletop.ui.practice`` shows the items beside a read-only board and records the learner's answers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .game import Game
from .lessons import Question


@dataclass(frozen=True)
class PracticeItem:
    """One practice question: the clause it tests, the position it is asked at, and the question."""

    clause: str
    game: Game[Any]
    question: Question


PracticeStream = Callable[..., Iterator[PracticeItem]]


class PracticeModule(Protocol):
    """What a game's ``practice`` module offers (see the module docstring)."""

    COVERED: tuple[str, ...]
    NOT_COVERED: Mapping[str, str]

    def practice(self, seed: int, clauses: Sequence[str] | None = None) -> Iterator[PracticeItem]: ...


__all__ = ["PracticeItem", "PracticeModule", "PracticeStream"]
