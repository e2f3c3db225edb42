"""A ``random.Random`` that counts the words of Mersenne Twister output it draws, so a fresh generator can be
brought to the same point (``getrandbits(32 * words)``): how :class:`tabletop.sim.forks._Forks` restarts a bot's
generator at a kept position without keeping the generator."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any


def _count_draws(rng: random.Random) -> Callable[[], int]:
    """Make ``rng`` count the 32-bit words of Mersenne Twister output it uses from now on, and return a function
    that says how many (-1 once it has been reseeded or set). ``random()`` uses two words, ``getrandbits(k)`` one
    per 32 bits, and everything else a ``random.Random`` draws goes through them or ``_randbelow`` (written out
    here as the library's own, counting as it goes; :func:`_counts_exactly` checks that it draws the same). So a
    generator in the state ``rng`` was in, advanced by that many words (``getrandbits(32 * words)`` uses exactly
    that many), is ``rng``. The counting methods are set on the instance: its class, and every other generator,
    stay as they are."""
    bits, rand, seed, setstate = rng.getrandbits, rng.random, rng.seed, rng.setstate
    words = 0
    lost = False

    def _randbelow(n: int) -> int:
        nonlocal words
        k = n.bit_length()
        r = bits(k)
        c = 1
        while r >= n:
            r = bits(k)
            c += 1
        words += c if k <= 32 else c * ((k + 31) >> 5)
        return r

    def random_() -> float:
        nonlocal words
        words += 2
        return rand()

    def getrandbits(k: int) -> int:
        nonlocal words
        words += (k + 31) >> 5
        return bits(k)

    def reseed(*args: Any, **kwargs: Any) -> None:
        nonlocal lost
        lost = True
        seed(*args, **kwargs)

    def reset(state: Any) -> None:
        nonlocal lost
        lost = True
        setstate(state)

    def count() -> int:
        return -1 if lost else words

    inst = vars(rng)
    inst["_randbelow"], inst["random"], inst["getrandbits"] = _randbelow, random_, getrandbits
    inst["seed"], inst["setstate"] = reseed, reset
    return count


#: the methods _count_draws sets on a generator (uncount_draws takes them off)
_COUNTING = ("_randbelow", "random", "getrandbits", "seed", "setstate")


def _uncount_draws(rng: random.Random) -> None:
    """Take :func:`_count_draws`' methods off ``rng`` (they hold it: left on, the generator would wait for the
    cyclic collector instead of going as soon as its bot does)."""
    inst = vars(rng)
    for name in _COUNTING:
        inst.pop(name, None)


def _counts_exactly() -> bool:
    """Whether a counting generator draws exactly what a plain one does on this Python (``randrange``, ``random``
    and ``getrandbits`` alike) and its count says how far it is: a plain one advanced by the count is in step."""
    a, b = random.Random(12345), random.Random(12345)
    count = _count_draws(a)
    for n in [*range(1, 70), 2**31 - 1, 2**32, 2**32 + 1, 3**40]:
        if a.randrange(n) != b.randrange(n) or a.random() != b.random() or a.getrandbits(40) != b.getrandbits(40):
            return False
    c = random.Random(12345)
    c.getrandbits(32 * count())
    return c.random() == b.random()


#: whether positions may be kept at all (see _Forks): the counting generator is exact on this Python
_COUNTS = _counts_exactly()
