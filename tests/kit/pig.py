"""A tiny dice game (Pig) used only to test the kit; not part of the product."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tabletop.engine import Action, Context, IllegalAction, Rules, Variant, option


@dataclass(frozen=True, slots=True)
class Roll(Action):
    def __str__(self) -> str:
        return "roll the die"


@dataclass(frozen=True, slots=True)
class Hold(Action):
    def __str__(self) -> str:
        return "hold and bank the pot"


@dataclass(frozen=True, slots=True)
class Say(Action):
    text: str = ""

    def __str__(self) -> str:
        return f"say {self.text}"


@dataclass(frozen=True)
class PigVariant(Variant):
    target: int = option(20, rule="pig.win", doc="Points needed to win.", low=5, high=100)


@dataclass
class PigState:
    scores: list[int] = field(default_factory=lambda: [0, 0])
    pot: int = 0
    turn: int = 0
    target: int = 20
    winner: int | None = None


class PigRules(Rules[PigState]):
    name = "pig"
    title = "Pig"
    action_types = (Roll, Hold, Say)
    chance_domains = {"die": (1, 2, 3, 4, 5, 6)}
    variant_type = PigVariant
    catalog_path = Path(__file__).with_name("pig_rules.toml")

    def initial_state(self, ctx: Context) -> PigState:
        ctx.emit("pig.setup", "Both players start with 0 points.")
        assert isinstance(ctx.variant, PigVariant)
        return PigState(target=ctx.variant.target)

    def legal_actions(self, state: PigState) -> list[Action]:
        if state.winner is not None:
            return []
        return [Roll(), Hold()] if state.pot else [Roll()]

    def apply(self, state: PigState, action: Action, ctx: Context) -> None:
        if isinstance(action, Say):
            state.pot = 999  # mutate first: the kit must still leave the game untouched
            raise IllegalAction("pig.talk", "talking is not a move in Pig")
        if isinstance(action, Hold):
            if state.pot == 0:
                raise IllegalAction("pig.hold", "you have nothing in the pot to hold")
            state.scores[state.turn] += state.pot
            ctx.emit("pig.hold", f"Banked {state.pot}.", pot=state.pot)
            state.pot = 0
            if state.scores[state.turn] >= state.target:
                state.winner = state.turn
                ctx.emit("pig.win", "Reached the target and won.")
            else:
                state.turn = 1 - state.turn
            return
        d = ctx.roll()
        if d == 1:
            ctx.emit("pig.roll", "Rolled a 1: the pot is lost.", value=d)
            state.pot = 0
            state.turn = 1 - state.turn
        else:
            state.pot += d
            ctx.emit("pig.roll", f"Rolled {d}.", value=d)

    def current_player(self, state: PigState) -> int | None:
        return None if state.winner is not None else state.turn

    def winner(self, state: PigState) -> int | None:
        return state.winner
