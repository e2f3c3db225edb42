"""Super Xevious: the actions a player may take, each a small frozen value that reads as plain words.

The common ones are made once (``legal_actions`` is on the hot path of simulations); ``ACTIONS`` lists every
action type, for the kit's codec.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine import Action
from .state import HEADINGS2, HEADINGS4


@dataclass(frozen=True, slots=True, repr=False)
class XAction(Action):
    """Base of the Super Xevious actions: ``repr`` reads as plain words too."""

    def __repr__(self) -> str:
        return f"<{self}>"


@dataclass(frozen=True, slots=True, repr=False)
class Roll(XAction):
    def __str__(self) -> str:
        return "roll the die and move"


@dataclass(frozen=True, slots=True, repr=False)
class Fly(XAction):
    """Cockpit Card: fly exactly ``n`` spaces instead of rolling (once per stage)."""

    n: int = 1

    def __str__(self) -> str:
        return f"turn the Cockpit Card and fly {self.n}"


@dataclass(frozen=True, slots=True, repr=False)
class CatchUp(XAction):
    def __str__(self) -> str:
        return "catch up: move to the next area"


@dataclass(frozen=True, slots=True, repr=False)
class TryAgain(XAction):
    def __str__(self) -> str:
        return "stay and draw a Blaster Card again"


@dataclass(frozen=True, slots=True, repr=False)
class Attack(XAction):
    def __str__(self) -> str:
        return "attack the guard on this space again"


@dataclass(frozen=True, slots=True, repr=False)
class StopAt(XAction):
    """Stop ``step`` spaces along this move (``space`` only describes it)."""

    step: int = 1
    space: str = ""

    def __str__(self) -> str:
        return f"stop after {self.step} space{'s' if self.step != 1 else ''}" + (f" ({self.space})" if self.space
                                                                                   else "")


def stop_at(game: Any, step: int) -> StopAt:
    """The listed ``StopAt`` of ``step`` spaces, with its ``space`` words filled in, for scripts and tests
    (``play`` takes exactly the listed action, issue 10); ``StopAt(step)`` when none is listed, so that ``play``
    refuses it with the rule that forbids the stop."""
    return next((a for a in game.legal_actions() if isinstance(a, StopAt) and a.step == step), StopAt(step))


@dataclass(frozen=True, slots=True, repr=False)
class Fire(XAction):
    weapon: bool = False

    def __str__(self) -> str:
        return "fire with an Extra Weapon (+1)" if self.weapon else "fire without an Extra Weapon"


@dataclass(frozen=True, slots=True, repr=False)
class Aim(XAction):
    heading: str = "up"

    def __str__(self) -> str:
        return f"turn your Battle Card to point {self.heading}"


@dataclass(frozen=True, slots=True, repr=False)
class EnemyAim(XAction):
    heading: str = "up"

    def __str__(self) -> str:
        return f"as the enemy, turn the Battle Card to point {self.heading}"


@dataclass(frozen=True, slots=True, repr=False)
class Blast(XAction):
    def __str__(self) -> str:
        return "use an Extra Weapon to destroy one enemy"


@dataclass(frozen=True, slots=True, repr=False)
class Pass(XAction):
    def __str__(self) -> str:
        return "end the turn"


# actions are immutable: the common ones are made once (legal_actions is on the hot path of simulations)
ROLL, CATCH_UP, TRY_AGAIN, ATTACK, BLAST, PASS = Roll(), CatchUp(), TryAgain(), Attack(), Blast(), Pass()
FLY = tuple(Fly(n) for n in range(1, 7))
FIRE = (Fire(True), Fire(False))
AIMS: dict[tuple[str, ...], tuple[Action, ...]] = {hs: tuple(Aim(h) for h in hs) for hs in (HEADINGS4, HEADINGS2)}
ENEMY_AIMS: dict[tuple[str, ...], tuple[Action, ...]] = {hs: tuple(EnemyAim(h) for h in hs)
                                                         for hs in (HEADINGS4, HEADINGS2)}


def _aims(headings: tuple[str, ...], made: Mapping[tuple[str, ...], tuple[Action, ...]],
          cls: type[Aim] | type[EnemyAim]) -> tuple[Action, ...]:
    """The ``cls`` actions for ``headings``, in order (made once for the variants' two sets of headings)."""
    acts = made.get(headings)
    return acts if acts is not None else tuple(cls(h) for h in headings)

ACTIONS: tuple[type[Action], ...] = (Roll, Fly, CatchUp, TryAgain, Attack, StopAt, Fire, Aim, EnemyAim, Blast,
                                     Pass)

