"""A dice race, the fastest toy game for the statistics' tests (test-only; not registered in ``tabletop.games``).

Two players take turns to roll one die and move that many squares; the first to reach ``target`` wins; after
``rounds`` rolls each without a winner the game ends with none. Every outcome is possible (seat 1, seat 2, no
winner) and lengths vary. The option ``mirror`` reads every die ``x`` as ``7 - x``: the same distribution of
rolls, so it cannot change the distribution of anything (who wins, how often nobody does, how long games last),
while on the same seed it plays a different game. ``head_start`` moves seat 2 forward before the first roll: a
real change (seat 2 wins more often)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.engine import Action, Bot, Context, Game, RandomBot, Rules, Variant, option


@dataclass(frozen=True, slots=True)
class Roll(Action):
    def __str__(self) -> str:
        return "roll the die"


@dataclass(frozen=True)
class RaceVariant(Variant):
    target: int = option(24, rule="race.win", doc="Squares to reach.", low=2, high=200)
    rounds: int = option(7, rule="race.end", doc="Rolls per player before the game ends without a winner.",
                         low=1, high=100)
    mirror: bool = option(False, rule="race.roll", doc="Read every die x as 7 - x (the same distribution).")
    head_start: int = option(0, rule="race.setup", doc="Squares seat 2 starts ahead.", low=0, high=50)


@dataclass
class RaceState:
    pos: list[int] = field(default_factory=lambda: [0, 0])
    turn: int = 0
    rolls: int = 0
    winner: int | None = None
    over: bool = False


_ROLL = [Roll()]


class RaceRules(Rules[RaceState]):
    name = "race"
    title = "Dice race"
    action_types = (Roll,)
    variant_type = RaceVariant

    def initial_state(self, ctx: Context) -> RaceState:
        v = ctx.variant
        assert isinstance(v, RaceVariant)
        return RaceState(pos=[0, v.head_start])

    def legal_actions(self, state: RaceState) -> list[Action]:
        return [] if state.over else _ROLL

    def apply(self, state: RaceState, action: Action, ctx: Context) -> None:
        v = ctx.variant
        assert isinstance(v, RaceVariant)
        d = ctx.roll()
        state.pos[state.turn] += 7 - d if v.mirror else d
        state.rolls += 1
        if state.pos[state.turn] >= v.target:
            state.winner, state.over = state.turn, True
        elif state.rolls >= 2 * v.rounds:
            state.over = True
        else:
            state.turn = 1 - state.turn

    def current_player(self, state: RaceState) -> int | None:
        return None if state.over else state.turn

    def winner(self, state: RaceState) -> int | None:
        return state.winner


Rules = RaceRules  # type: ignore[misc]
Variant = RaceVariant  # type: ignore[misc]
BOTS: dict[str, type[Bot]] = {"random": RandomBot}


def new_game(*, seed: int | None = None, variant: Any = None, players: Any = None, rig: Any = None) -> Game[Any]:
    return Game(RaceRules(), seed=seed, variant=variant, players=players, rig=rig)
