"""Pig with a variant of every option type (bool, choices, bounded int, float, tuple, str), to test that the lab
builds its controls from ``Variant.options()`` alone. Only ``target`` and ``start`` change play; the other
options exist to exercise the control types (test-only)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine import Context, Game, option
from tests.kit.pig import PigRules, PigState, PigVariant
from tests.sim.piggame import BOTS


@dataclass(frozen=True)
class Variant(PigVariant):
    bust_on_one: bool = option(
        True, rule="pig.roll", doc="A 1 loses the pot.")
    die: str = option(
        "d6", rule="pig.roll", doc="Which die.", choices=("d6", "d8"))
    bonus: float = option(
        0.0, rule="pig.hold", doc="Bonus share when holding <b>bold</b>.", low=0.0, high=1.0)
    start: tuple[int, ...] = option(
        (0, 0), rule="pig.setup", doc="Starting scores per seat.")
    motto: str = option(
        "oink", rule="pig.setup", doc="Said at the start.")

    def validate(self) -> None:
        super().validate()
        if len(self.start) != 2:
            raise ValueError(f"variant option start ({self.start!r}, pig.setup): needs one score per seat (2)")
        if any(s >= self.target for s in self.start):
            raise ValueError("variant option start (pig.setup): a starting score must be below the target")


class Rules(PigRules):
    variant_type = Variant

    def initial_state(self, ctx: Context) -> PigState:
        st = super().initial_state(ctx)
        assert isinstance(ctx.variant, Variant)
        st.scores = list(ctx.variant.start)
        return st


def new_game(*, seed: int | None = None, variant: Any = None, players: Any = None, rig: Any = None) -> Game[Any]:
    return Game(Rules(), seed=seed, variant=variant, players=players, rig=rig)


__all__ = ["BOTS", "Rules", "Variant", "new_game"]
