"""Bots: a state and the legal actions in, one action out.

A bot sees the :class:`~tabletop.engine.game.Game` (``game.state`` for the snapshot, ``game.raw_state`` for the
rules' own fast state, ``game.fork()`` to look ahead) and the list of legal actions, and returns one of them.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .actions import Action
from .game import Game


class Bot(ABC):
    """Base class of bots. ``seed`` makes a bot's own choices repeatable."""

    name: str = "bot"

    def __init__(self, *, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    @abstractmethod
    def choose(self, game: Game[Any], legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` (never empty) for ``game.current_player``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def picker(rng: random.Random) -> Callable[[int], int]:
    """``rng.randrange`` for counts of at least 1, for fast paths that pick as a random bot's ``choose`` does: a
    plain ``random.Random``'s ``randrange(n)`` is its ``_randbelow(n)`` (the same draws, one Python call less per
    pick; a generator that counts its draws, ``tabletop.sim.draws``, counts them alike); any other generator's own
    ``randrange``. Never call it with 0 (``randrange(0)`` raises; this may not)."""
    if type(rng) is random.Random and _RANDRANGE_IS_RANDBELOW and "randrange" not in vars(rng):
        below: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
        return below
    return rng.randrange


def _randrange_is_randbelow() -> bool:
    """Whether ``randrange(n)`` draws exactly what ``_randbelow(n)`` draws on this Python (n >= 1)."""
    a, b = random.Random(2024), random.Random(2024)
    below = getattr(b, "_randbelow", None)
    if below is None:
        return False
    sizes = [1, 2, 3, 5, 7, 8, 13, 64, 100, 2**31 - 1, 2**32 + 1] * 8
    return all(a.randrange(n) == below(n) for n in sizes) and a.getstate() == b.getstate()


_RANDRANGE_IS_RANDBELOW = _randrange_is_randbelow()


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, game: Game[Any], legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


class FirstBot(Bot):
    """Always takes the first legal action (deterministic; handy in tests)."""

    name = "first"

    def choose(self, game: Game[Any], legal: Sequence[Action]) -> Action:
        return legal[0]


def play_out(game: Game[Any], bots: Sequence[Bot] | Mapping[int, Bot], *, max_steps: int = 100_000) -> int:
    """Let bots play until the game is over (or ``max_steps``); return the number of actions played.

    ``bots`` gives one bot per seat (a sequence) or only some seats (a mapping): play stops when it is the turn
    of a seat that has no bot.
    """
    seats = dict(enumerate(bots)) if not isinstance(bots, Mapping) else dict(bots)
    steps = 0
    while steps < max_steps:
        p = game.current_player
        if p is None or p not in seats:
            break
        legal = game.legal_actions()
        if not legal:
            raise RuntimeError(f"{game.rules.title}: seat {p} has no legal action but the game is not over")
        game.play(seats[p].choose(game, legal))
        steps += 1
    return steps


# -- bots named by a family prefix ("mcts", "mcts:200"), offered by a layer above the engine ---------------------
#: makers of bots named by a prefix, ``make(table, name, seed) -> Bot`` (``KeyError`` / ``ValueError`` for a bad
#: name): the kit's search bot registers "mcts" when :mod:`tabletop.sim.mcts` is imported; the engine never
#: imports the layers above it
BOT_FAMILIES: dict[str, Callable[[Mapping[str, type[Bot]], str, int], Bot]] = {}


def register_bot_family(prefix: str, make: Callable[[Mapping[str, type[Bot]], str, int], Bot]) -> None:
    """Offer bots named ``prefix`` or ``prefix:...`` wherever bots are named (lessons, boards, the simulator)."""
    BOT_FAMILIES[prefix] = make


def family_of(name: str) -> Callable[[Mapping[str, type[Bot]], str, int], Bot] | None:
    """The maker of a bot named ``name`` by a registered family prefix, or ``None``."""
    for prefix, make in BOT_FAMILIES.items():
        if name == prefix or name.startswith(prefix + ":"):
            return make
    return None
