"""Two toy games for the search bot's tests (test-only): a bet on a die not yet rolled, and a secret card.

``BetRules``: seat 1 bets high or low, then a die is rolled: high wins on 4-6, low on 1-3 (seat 2 only passes).
Whoever knew the coming roll would always win; a player who cannot see it wins half the time.

``SecretRules``: seat 1 lays a card face down (0 or 1, chosen freely); seat 2, who cannot see it, guesses it and
wins if right. Seat 2 wins half the time against a random seat 1 unless it peeks. The rules offer
``sample_hidden(state, seat, rng)``: the face-down card redrawn for a seat that cannot see it. ``PeekableRules``
is the same game without that hook (the bot then sees the card, as documented)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tabletop.engine import Action, Bot, Context, Game, RandomBot, Rules


@dataclass(frozen=True, slots=True)
class Bet(Action):
    high: bool = True

    def __str__(self) -> str:
        return "bet high" if self.high else "bet low"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Lay(Action):
    card: int = 0

    def __str__(self) -> str:
        return f"lay card {self.card}"


@dataclass(frozen=True, slots=True)
class Guess(Action):
    card: int = 0

    def __str__(self) -> str:
        return f"guess {self.card}"


@dataclass
class Table:
    phase: str = "first"
    card: int = -1
    bet: bool | None = None
    winner: int | None = None

    def copy(self) -> Table:
        return Table(self.phase, self.card, self.bet, self.winner)


class BetRules(Rules[Table]):
    name = "bet"
    title = "Bet on the die"
    action_types = (Bet, Pass)

    def initial_state(self, ctx: Context) -> Table:
        return Table()

    def legal_actions(self, state: Table) -> list[Action]:
        if state.phase == "first":
            return [Bet(True), Bet(False)]
        return [] if state.phase == "over" else [Pass()]

    def apply(self, state: Table, action: Action, ctx: Context) -> None:
        if isinstance(action, Bet):
            state.bet, state.phase = action.high, "second"
            return
        d = ctx.roll()
        state.winner = 0 if (d >= 4) == state.bet else 1
        state.phase = "over"

    def current_player(self, state: Table) -> int | None:
        return {"first": 0, "second": 1}.get(state.phase)

    def winner(self, state: Table) -> int | None:
        return state.winner

    def copy_state(self, state: Table) -> Table:
        return state.copy()


class SecretRules(Rules[Table]):
    name = "secret"
    title = "Secret card"
    action_types = (Lay, Guess)

    def initial_state(self, ctx: Context) -> Table:
        return Table()

    def legal_actions(self, state: Table) -> list[Action]:
        if state.phase == "first":
            return [Lay(0), Lay(1)]
        return [] if state.phase == "over" else [Guess(0), Guess(1)]

    def apply(self, state: Table, action: Action, ctx: Context) -> None:
        if isinstance(action, Lay):
            state.card, state.phase = action.card, "second"
            return
        assert isinstance(action, Guess)
        state.winner = 1 if action.card == state.card else 0
        state.phase = "over"

    def current_player(self, state: Table) -> int | None:
        return {"first": 0, "second": 1}.get(state.phase)

    def winner(self, state: Table) -> int | None:
        return state.winner

    def copy_state(self, state: Table) -> Table:
        return state.copy()

    #: the seats sample_hidden was asked for (the tests read it)
    asked: list[int] = []

    def sample_hidden(self, state: Table, seat: int, rng: random.Random) -> Table:
        self.asked.append(seat)
        if seat != 0 and state.card >= 0:
            state.card = rng.randrange(2)  # seat 2 cannot see the card: any card is as likely
        return state


class PeekableRules(SecretRules):
    sample_hidden = None  # type: ignore[assignment]


BOTS: dict[str, type[Bot]] = {"random": RandomBot}
Rules = BetRules  # type: ignore[misc]


def new_game(*, seed: int | None = None, variant: Any = None, players: Any = None, rig: Any = None) -> Game[Any]:
    return Game(BetRules(), seed=seed, variant=variant, players=players, rig=rig)
