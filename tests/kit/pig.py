"""A tiny dice game (Pig) used only to test the kit; not part of the product."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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

    # position set-up: {"scores": [a, b], "pot": n, "turn": 0|1}
    def set_up(self, state: PigState, position: Mapping[str, Any], ctx: Context) -> None:
        unknown = sorted(set(position) - {"scores", "pot", "turn"})
        if unknown:
            raise IllegalAction("pig.setup", f"no field {unknown[0]!r} in a Pig position (scores, pot, turn)")
        scores = position.get("scores", state.scores)
        if (type(scores) is not list or len(scores) != 2
                or not all(type(x) is int and 0 <= x < state.target for x in scores)):
            raise IllegalAction("pig.win", f"scores are two whole numbers from 0 to {state.target - 1} "
                                           "(a player at the target has already won)")
        pot = position.get("pot", state.pot)
        if type(pot) is not int or pot < 0 or pot == 1:
            raise IllegalAction("pig.roll", "the pot is 0 or at least 2 (a roll of 1 empties it)")
        turn = position.get("turn", state.turn)
        if turn not in (0, 1) or type(turn) is not int:
            raise IllegalAction("pig.setup", "turn is seat 0 or 1")
        state.scores, state.pot, state.turn = list(scores), pot, turn
        ctx.emit("pig.setup", f"Position: {scores[0]}-{scores[1]}, pot {pot}, seat {turn + 1} to play.")

    def position(self, state: PigState) -> dict[str, Any]:
        return {"scores": list(state.scores), "pot": state.pot, "turn": state.turn}



def teaching_positions() -> dict[str, dict[str, Any]]:
    """Named positions for the teacher panel's tests (the contract every game package offers)."""
    return {
        "close-race": {"title": "A close race", "about": "Both players near 30; our own invention for tests.",
                       "variant": {"target": 30}, "position": {"scores": [25, 27], "pot": 0, "turn": 0}},
        "big-pot": {"title": "Bank or risk it", "about": "A pot of 12 at stake; our own invention for tests.",
                    "position": {"scores": [5, 9], "pot": 12, "turn": 1}},
    }
