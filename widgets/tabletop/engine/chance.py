"""Seeded, riggable chance.

Every outcome comes from a counter-based generator (SplitMix64 of ``seed`` and the draw number), so a game's
randomness is fully described by its seed and how many draws were made: rolling back or forking is copying two
integers. A rigged outcome is queued per *kind* ("die", "spinner", "card", "helix"...) and is used by the next
draw of that kind; it still consumes a draw number, so the rest of the game sees the same sequence whether or not
a roll was rigged.
"""

from __future__ import annotations

import math
import os
import sys
from bisect import bisect_right
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .errors import RigError

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_NO_RIGS: dict[str, tuple[Any, ...]] = {}
#: id of a domains mapping -> (that mapping, its kinds' outcomes as tuples); a rules class's chance_domains is
#: made once, so each Chance of that game shares one copy
_DOMAINS: dict[int, tuple[Mapping[str, Sequence[Any]], dict[str, tuple[Any, ...]]]] = {}


#: id of a weights tuple -> (those weights, their options, the total weight, the running sums of the weights, the
#: options followed by the last one again): a weighted draw (Chance.draw) as a table made once per pair of tuples
#: (a game passes the same two tuples draw after draw; only plain finite non-negative numbers are kept here)
_WEIGHTED: dict[int, tuple[tuple[Any, ...], tuple[Any, ...], float, list[float], tuple[Any, ...]]] = {}


def weighted_table(options: Sequence[Any], weights: Sequence[float]) -> tuple[
        tuple[Any, ...], tuple[Any, ...], float, list[float], tuple[Any, ...]] | None:
    """The table of a weighted draw among ``options`` (see ``_WEIGHTED``), or ``None`` when it is not kept (not
    two tuples of the same non-zero length, or a weight that is not a finite number of at least 0): then
    :meth:`Chance.draw` walks the weights itself. With it, the outcome of a draw whose number gives ``x`` is
    ``table[4][bisect_right(table[3], (x >> 11) * (1.0 / (1 << 53)) * table[2])]``: the first option whose running
    sum exceeds the point drawn, as the walk finds it (the same sums, added in the same order)."""
    hit = _WEIGHTED.get(id(weights))
    if hit is not None and hit[0] is weights and hit[1] is options:
        return hit
    if (type(options) is not tuple or type(weights) is not tuple or not options or len(options) != len(weights)
            or not all(type(w) in (float, int) and math.isfinite(w) and w >= 0 for w in weights)):
        return None
    acc = 0.0
    sums = []
    for w in weights:
        acc += w
        sums.append(acc)
    if len(_WEIGHTED) >= 256:
        _WEIGHTED.clear()
    hit = _WEIGHTED[id(weights)] = (weights, options, float(sum(weights)), sums, (*options, options[-1]))
    return hit  # (the entry keeps both tuples alive, so their ids stay their own)


#: draws mixed at once (see _mix_block): draw numbers ``b0 .. b0 + _BLOCK - 1`` of one Chance
_BLOCK = 32
#: the block's lanes: each draw's 64 bits in a lane of 128 (the upper 64 left free, so a lane's product with a
#: 64-bit constant never reaches the next lane)
_LANES = sum(_MASK << (128 * i) for i in range(_BLOCK))
_ONES = sum(1 << (128 * i) for i in range(_BLOCK))
_STEPS = sum(i << (128 * i) for i in range(_BLOCK))
#: ``memoryview.cast("Q")`` reads native words: the block's little-endian bytes are words only on such a machine
_BIG_ENDIAN = sys.byteorder != "little"


def _mix_block(start: int, n: int) -> list[int]:
    """``splitmix64``'s mix of draws ``n .. n + _BLOCK - 1`` (``start``: ``Chance._start``), all in one: the
    block's draws side by side in one integer, one lane each, mixed by the same operations (about as many
    operations on one long integer as a single draw takes, instead of that many per draw); the lanes read back
    as 64-bit words (read as the machine's own words: on a big-endian machine, or for draw numbers beyond 2**60,
    never reached in play, each draw is mixed on its own)."""
    if n >> 60 or n < 0 or _BIG_ENDIAN:
        return [_mixed(start, n + i) for i in range(_BLOCK)]
    x = (start * _ONES + (n * _ONES + _STEPS) * _GOLDEN) & _LANES  # each lane below 2**128 before the mask
    x = ((x ^ (x >> 30)) & _LANES) * 0xBF58476D1CE4E5B9 & _LANES
    x = ((x ^ (x >> 27)) & _LANES) * 0x94D049BB133111EB & _LANES
    x = (x ^ (x >> 31)) & _LANES
    words: list[int] = memoryview(x.to_bytes(16 * _BLOCK, "little")).cast("Q")[::2].tolist()
    return words


def _mixed(start: int, n: int) -> int:
    """The mix of draw ``n`` alone (``Chance.value``'s arithmetic)."""
    x = (start + n * _GOLDEN) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def splitmix64(x: int) -> int:
    x = (x + _GOLDEN) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def fresh_seed() -> int:
    """A new random seed (recorded in the game so a save still replays exactly)."""
    return int.from_bytes(os.urandom(6), "big")


class Draw(NamedTuple):
    """One chance outcome: its kind, the value, whether a teacher or test rigged it, and its draw number."""

    kind: str
    value: Any
    rigged: bool
    n: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "value": self.value, "rigged": self.rigged, "n": self.n}


#: makes a Draw from its 4-tuple without NamedTuple's Python-level ``__new__``
_new_draw = tuple.__new__


class Chance:
    """The only source of randomness in a game.

    ``domains`` maps each kind of chance to the outcomes it can ever show; rigging anything else raises
    :class:`RigError` at once.
    """

    __slots__ = ("seed", "counter", "domains", "queues", "_base", "_start", "_b0", "_blk")

    def __init__(self, seed: int, domains: Mapping[str, Sequence[Any]]) -> None:
        self.seed = int(seed)
        self.counter = 0
        # the same tuples for every game of one rules class (read-only: nothing changes a Chance's domains)
        known = _DOMAINS.get(id(domains))
        if known is None or known[0] is not domains:
            if len(_DOMAINS) >= 256:  # a chance widget makes its own mapping: do not keep them all
                _DOMAINS.clear()
            known = _DOMAINS[id(domains)] = (domains, {k: tuple(v) for k, v in domains.items()})
        self.domains = known[1]
        self.queues: dict[str, deque[Any]] = {}
        self._base = splitmix64(self.seed & _MASK)
        #: ``_base + _GOLDEN``: draw ``n`` is splitmix64's mix of ``(_start + n * _GOLDEN) & _MASK`` (one addition
        #: fewer per draw where the mix is written out: ``value``, ``Context.draw``)
        self._start = self._base + _GOLDEN
        #: the mixes of draws ``_b0 ..`` made ahead (:func:`_mix_block`): a draw whose number is among them reads
        #: its mix there (they depend on the seed and the draw number only, so a counter set anew finds its own)
        self._b0 = 0
        self._blk: list[int] = []

    # -- rigging ---------------------------------------------------------------------------------------
    def check_rig(self, kind: str, values: Sequence[Any], domain: Sequence[Any] | None = None) -> None:
        """Refuse (``RigError`` naming the kind and the possible outcomes) any value that is not one of
        ``domain`` (default: the kind's static domain) *with the same type*: ``True`` and ``3.0`` are not die
        faces even though they compare equal to 1 and 3."""
        if not isinstance(kind, str) or kind not in self.domains:
            known = ", ".join(sorted(self.domains)) or "none"
            raise RigError(f"this game has no chance of kind {_short(kind)}; it has: {known}")
        dom = self.domains[kind] if domain is None else tuple(domain)
        for v in values:
            if not _among(v, dom):
                if not dom:
                    raise RigError(f"nothing can come up on the {kind} now, so {_short(v)} cannot be rigged")
                shown = ", ".join(map(str, dom)) if len(dom) <= 16 else f"{len(dom)} outcomes"
                raise RigError(f"{_short(v)} cannot come up on the {kind}; possible outcomes: {shown}")

    def rig(self, kind: str, values: Sequence[Any], domain: Sequence[Any] | None = None) -> None:
        self.check_rig(kind, values, domain)
        self.queues.setdefault(kind, deque()).extend(values)

    def clear(self, kind: str | None = None) -> None:
        """Drop the queued outcomes of ``kind`` (every kind if ``None``)."""
        if kind is None:
            self.queues = {}
        else:
            self.queues.pop(kind, None)

    def pending(self) -> dict[str, list[Any]]:
        return {k: list(q) for k, q in self.queues.items() if q}

    # -- drawing ---------------------------------------------------------------------------------------
    def next_u64(self) -> int:
        n = self.counter = self.counter + 1
        return self._mix(n)

    def _mix(self, n: int) -> int:
        """splitmix64's mix of draw ``n`` (``splitmix64((_base + n * _GOLDEN) & _MASK)``), from the block made
        ahead when it holds it, else from a new block starting at ``n``."""
        i = n - self._b0
        blk = self._blk
        if 0 <= i < len(blk):
            return blk[i]
        self._b0 = n
        blk = self._blk = _mix_block(self._start, n)
        return blk[0]

    def value(self, kind: str) -> Any:
        """The value of ``draw(kind)``: the same outcome (rigged or not) from the same draw number, without the
        :class:`Draw` (a simulation that keeps no history draws this way, most steps of a game)."""
        if self.queues:
            return self.draw(kind).value
        opts = self.domains[kind]
        if not opts:
            raise RigError(f"nothing left to draw for {kind!r}")
        # next_u64, inlined: splitmix64 of the draw number, read from the block made ahead (_mix)
        n = self.counter = self.counter + 1
        i = n - self._b0
        blk = self._blk
        x = blk[i] if 0 <= i < len(blk) else self._mix(n)
        return opts[(x * len(opts)) >> 64]

    def values(self, first: str, second: str) -> tuple[Any, Any]:
        """``(value(first), value(second))``, the two draws in one call (a pair of dice or helixes rolled
        together): the same numbers, written out when nothing is rigged; else ``value`` twice."""
        a, b = self.domains.get(first), self.domains.get(second)
        if self.queues or not a or not b:  # (rigged, empty or unknown: value says what it says)
            return self.value(first), self.value(second)
        n = self.counter + 1
        self.counter = n + 1
        i = n - self._b0
        blk = self._blk
        if not 0 <= i < len(blk) - 1:  # both draws from the block made ahead, else a new block from n
            self._b0, i = n, 0
            blk = self._blk = _mix_block(self._start, n)
        return a[(blk[i] * len(a)) >> 64], b[(blk[i + 1] * len(b)) >> 64]

    def draw(self, kind: str, options: Sequence[Any] | None = None,
             weights: Sequence[float] | None = None) -> Draw:
        """Draw one outcome of ``kind`` among ``options`` (default: the kind's whole domain)."""
        if options is None and weights is None and not self.queues:
            v = self.value(kind)
            return _new_draw(Draw, (kind, v, False, self.counter))
        opts = self.domains[kind] if options is None else options
        if not opts:
            raise RigError(f"nothing left to draw for {kind!r}")
        x = self.next_u64()
        n = self.counter
        q = self.queues.get(kind) if self.queues else None
        if q:
            value = q[0]
            if value not in opts:
                raise RigError(f"the rigged {kind} {value!r} cannot come up now; possible now: "
                               + ", ".join(map(str, opts)))
            q.popleft()
            if not q:
                del self.queues[kind]
            return _new_draw(Draw, (kind, value, True, n))
        if weights is None:
            return _new_draw(Draw, (kind, opts[(x * len(opts)) >> 64], False, n))
        table = weighted_table(opts, weights)
        if table is not None:
            return _new_draw(Draw, (kind, table[4][bisect_right(table[3], (x >> 11) * (1.0 / (1 << 53)) * table[2])],
                                    False, n))
        total = float(sum(weights))
        u = (x >> 11) * (1.0 / (1 << 53)) * total
        acc = 0.0
        value = opts[-1]
        for o, w in zip(opts, weights, strict=True):
            acc += w
            if u < acc:
                value = o
                break
        return _new_draw(Draw, (kind, value, False, n))

    def shuffle(self, items: Sequence[Any]) -> list[Any]:
        """A seeded Fisher-Yates shuffle (not riggable: rig the draws from the deck instead)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = (self.next_u64() * (i + 1)) >> 64
            out[i], out[j] = out[j], out[i]
        return out

    # -- snapshots -------------------------------------------------------------------------------------
    def snapshot(self) -> tuple[int, dict[str, tuple[Any, ...]]]:
        if not self.queues:
            return self.counter, _NO_RIGS
        return self.counter, {k: tuple(q) for k, q in self.queues.items() if q}

    def restore(self, snap: tuple[int, dict[str, tuple[Any, ...]]]) -> None:
        self.counter = snap[0]
        self.queues = {k: deque(v) for k, v in snap[1].items()}

    def copy(self) -> Chance:
        c = Chance.__new__(Chance)
        c.seed, c.counter, c.domains, c._base, c._start = self.seed, self.counter, self.domains, self._base, self._start
        c._b0, c._blk = self._b0, self._blk  # (a block is never changed once made: the two may share it)
        c.queues = {k: deque(q) for k, q in self.queues.items() if q}
        return c


def _among(v: Any, dom: Sequence[Any]) -> bool:
    """``v`` is one of ``dom`` by value and by type (``True`` is not ``1``, ``3.0`` is not ``3``)."""
    tv = type(v)
    try:
        return any(type(d) is tv and d == v for d in dom)
    except Exception:  # noqa: BLE001 - a value whose comparison fails is not an outcome
        return False


def _short(v: Any) -> str:
    try:
        r = repr(v)
    except Exception:  # noqa: BLE001 - a hostile __repr__ (or an int too long to print)
        r = f"<{type(v).__name__}>"
    return r if len(r) <= 40 else r[:37] + "..."
