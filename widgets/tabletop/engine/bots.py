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


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, game: Game[Any], legal: Sequence[Action]) -> Action:
        n = len(legal)
        if n > 0 and WRITTEN_OUT:  # below(self.rng, n), written out (see WRITTEN_OUT)
            bits = self.rng.getrandbits
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            return legal[r]
        return legal[below(self.rng, n)]


def below(rng: random.Random, n: int) -> int:
    """Exactly ``rng.randrange(n)``: the same number from the same draws of the generator, without randrange's
    argument handling (a random bot draws once per step): ``randrange(n)`` is ``self._randbelow(n)`` once its
    argument is checked, for ``random.Random`` and its subclasses alike. ``n`` must be at least 1 (else
    randrange refuses it)."""
    if n > 0 and _RANDBELOW:
        r: int = rng._randbelow(n)  # type: ignore[attr-defined]
        return r
    return rng.randrange(n)


def below_of(rng: random.Random) -> Callable[[int], int]:
    """:func:`below` bound to one generator, for a loop that draws many times from it: ``below_of(rng)(n)`` is
    ``below(rng, n)`` for every ``n`` of at least 1, one Python call less a draw."""
    f: Callable[[int], int] = rng._randbelow if _RANDBELOW else rng.randrange  # type: ignore[attr-defined]
    return f


#: whether this Python's Random has the ``_randbelow`` that ``randrange(n)`` calls (CPython and Pyodide do)
_RANDBELOW = callable(getattr(random.Random, "_randbelow", None))


def _randrange_is_written_out() -> bool:
    """Whether ``randrange(n)`` on this Python is the loop the random bots write out (``k = n.bit_length()``, then
    ``getrandbits(k)`` until it is below ``n``: CPython's ``_randbelow``): the same numbers from the same draws."""
    a, b = random.Random(20261203), random.Random(20261203)
    for n in (1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100, 1000, 2**31 + 1):
        for _ in range(8):
            bits = b.getrandbits
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            if a.randrange(n) != r:
                return False
    return a.getstate() == b.getstate()


#: whether a random bot may draw ``randrange(n)`` as its loop written out (checked once, here): one call less a
#: step than ``rng._randbelow(n)``; the draws go through the generator's own ``getrandbits``, so a generator
#: that counts its draws (``tabletop.sim.draws``) counts them as ``_randbelow`` would
WRITTEN_OUT = _RANDBELOW and _randrange_is_written_out()


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
