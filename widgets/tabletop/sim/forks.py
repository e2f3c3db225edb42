"""Every variant of a seed: games that never reach the change are played once, and the others continue from a
position kept before the change.

Because two variants play the same game of a seed until a rule reads an option in which they differ, a seed's
game is played once for every variant whose differing options it never read (:func:`play_seeds`), and a variant
whose options it did read continues from the last position kept before that read (:class:`_Forks`, for rules
that promise ``variant_free_state``): the records are exactly those of playing each variant on its own.
"""

from __future__ import annotations

import dataclasses
import gc
import random
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Bot, Game, Variant
from ..engine.variants import OptionInfo
from .draws import _COUNTS, _count_draws, _uncount_draws
from .mcts import make_bot
from .results import GameRecord
from .tasks import Chunk
from .worker import MAX_STEPS, _play_one, _rules_for, _run, _variant_for


def _differing(first: Variant, other: Variant) -> frozenset[str]:
    """The options in which ``other`` differs from ``first``."""
    return frozenset(f.name for f in dataclasses.fields(first) if getattr(first, f.name) != getattr(other, f.name))


class _Watch:
    """What one watched game reads: the option names to note, those noted, and whether noting is on."""

    __slots__ = ("names", "seen", "armed")

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names
        self.seen: set[str] = set()
        self.armed = True


#: (variant class, thread) -> its watched subclass and the box holding the current watch of that thread's task
_WATCHED: dict[tuple[type, int], tuple[type, list[_Watch]]] = {}


def _watching(v: Variant, names: frozenset[str]) -> tuple[Variant, set[str]]:
    """A copy of ``v`` (of a subclass of its class: ``isinstance`` holds) that notes in the returned set each of
    ``names`` that is read from it, except by its own ``validate`` (a Game validates its variant once, reading
    every option, before any rule reads one). Everything the rules and the bots learn of a variant they learn by
    reading its attributes (``==``, ``hash``, ``to_dict`` and ``dataclasses.replace`` read them too), so a game
    that read none of ``names`` played exactly as it would have under any variant that differs from ``v`` only
    in ``names``. The watch belongs to the class, not to the instance: a copy of the variant (``copy.deepcopy``
    of a state that holds it, ``dataclasses.replace``) is watched too. One subclass per variant class and thread
    (a thread plays one task at a time), made once."""
    base = type(v)
    key = (base, threading.get_ident())
    made = _WATCHED.get(key)
    if made is None:
        box: list[_Watch] = [_Watch(frozenset())]

        def __getattribute__(self: Variant, name: str) -> Any:
            w = box[0]
            if w.armed:
                if name in w.names:
                    w.seen.add(name)
                elif name == "__dict__":  # vars(v): every option may be read from it
                    w.seen.update(w.names)
            return object.__getattribute__(self, name)

        def validate(self: Variant) -> None:
            w = box[0]
            w.armed = False
            try:
                base.validate(self)
            finally:
                w.armed = True

        def options(cls: type) -> list[OptionInfo]:
            return base.options()

        cls = type(base.__name__, (base,), {"__getattribute__": __getattribute__, "validate": validate,
                                            "options": classmethod(options), "__module__": base.__module__,
                                            "__qualname__": base.__qualname__})
        if len(_WATCHED) >= 64:  # threads come and go (a serial stream plays in its own thread)
            _WATCHED.clear()
        made = _WATCHED[key] = (cls, box)
    cls, box = made
    box[0] = watch = _Watch(names)
    return cls(**{f.name: getattr(v, f.name) for f in dataclasses.fields(v) if f.init}), watch.seen



#: positions of the watched game are kept every this many actions (see _Forks)
FORK_EVERY = 24


class _Forks:
    """Positions of the watched game of :func:`play_seeds` (the seed's game under the first variant) from which
    another variant may continue instead of playing its game from the start.

    Every ``every`` actions :meth:`look` notes, for each variant still *open* (none of its differing options read
    so far), that it still is, and keeps the position (the state as ``copy_state`` copies it, the chance counter,
    the rule firings, the version, the actions played and how far each bot's generator has drawn). A variant
    whose options were read since gets the position kept at the look before: up to there, its game is the
    watched one, action for action, draw for draw. From there it plays on under its own variant
    (:func:`_resume`). Only for rules that promise ``variant_free_state`` and bots whose whole state is their
    generator (``Bot.__init__``'s ``rng``, counted by :func:`_count_draws`); otherwise nothing is kept and
    the variant plays from the start."""

    __slots__ = ("seen", "diffs", "every", "open", "snap", "at", "first", "bot_seeds", "game", "counts", "rngs")

    def __init__(self, seen: set[str], diffs: list[frozenset[str] | None], every: int = FORK_EVERY) -> None:
        self.seen = seen
        self.diffs = diffs
        self.every = every
        self.open: list[int] = []
        self.snap: tuple[Any, ...] | None = None
        self.at: dict[int, tuple[Any, ...] | None] = {}
        self.first: int | None = None
        self.bot_seeds: list[int] = []
        #: the watched game (None when its positions cannot be kept)
        self.game: Game[Any] | None = None
        #: how far each seat's generator has drawn (see _count_draws)
        self.counts: list[Callable[[], int]] = []
        self.rngs: list[random.Random] = []

    def start(self, g: Game[Any], bots: list[Bot], bot_seeds: list[int], first: int | None) -> bool:
        """Begin a watched game (its bots made from ``bot_seeds``, ``first`` to move); False if its positions
        cannot be kept (then nothing is)."""
        self.open = [j for j, d in enumerate(self.diffs) if d is not None]
        self.snap = None
        self.at = {}
        self.game = None
        rules = g.rules
        if not (self.open and _COUNTS and rules.variant_free_state and not g.chance.queues):
            return False
        for b in bots:
            if type(b).__init__ is not Bot.__init__ or vars(b).keys() != {"rng"} or type(b.rng) is not random.Random:
                return False
        self.first = first
        self.bot_seeds = bot_seeds
        # the generators Bot.__init__ made from those seeds, not drawn from yet: from now on they count
        self.rngs = [b.rng for b in bots]
        self.counts = [_count_draws(r) for r in self.rngs]
        self.game = g
        return True

    def look(self, g: Game[Any], state: Any, steps: int, bots: list[Bot]) -> bool:
        """Between two actions: settle the variants whose options were read since the last look, keep this
        position for the others; False once there is nothing left to keep."""
        seen = self.seen
        if seen:  # something was read (only differing options are noted): settle those variants
            still = []
            for j in self.open:
                if seen.isdisjoint(self.diffs[j]):  # type: ignore[arg-type]
                    still.append(j)
                else:
                    self.at[j] = self.snap
            self.open = still
            if not still:
                return False
        if g.chance.queues:
            return False
        words = [count() for count in self.counts]
        if -1 in words:
            return False
        for b, r in zip(bots, self.rngs):  # noqa: B905 - as many as start() counted
            if b.rng is not r:
                return False
        self.snap = (g.rules.copy_state(state), g.chance.counter, dict(g.tally), g.version, steps,  # type: ignore[arg-type]
                     words)
        return True

    def finish(self) -> None:
        """The watched game is over: its generators stop counting (what was kept stays)."""
        for r in self.rngs:
            _uncount_draws(r)
        self.rngs = []

    def position(self, j: int) -> tuple[Any, ...] | None:
        """Where variant ``j`` (whose options the watched game read) continues from: ``None`` for the start."""
        return self.at[j] if j in self.at else self.snap


def _resume(watched: Game[Any], snap: tuple[Any, ...], forks: _Forks, table: dict[str, type[Bot]],
            variant: Variant, bot_names: Sequence[str], seed: int, vi: int, max_steps: int) -> GameRecord:
    """The game of ``seed`` under ``variant``, continued from a position that :class:`_Forks` kept of the watched
    game: the record of playing it from the start, without playing the part the two games share."""
    state, counter, tally, version, steps, words = snap
    g = watched.fork_at(state, chance_counter=counter, version=version, variant=variant)
    g.tally = dict(tally)
    bots = [make_bot(table, name, bs) for name, bs in zip(bot_names, forks.bot_seeds, strict=True)]
    for b, w in zip(bots, words, strict=True):
        if w:
            b.rng.getrandbits(32 * w)  # uses exactly w words: the generator as far as the watched game's had drawn
    return _run(g, bots, bot_names, seed, vi, max_steps, steps, forks.first, None)


def play_seeds(modname: str, variants: Sequence[dict[str, Any]], bot_names: Sequence[str], first_seed: int,
               count: int, max_steps: int = MAX_STEPS, fork_every: int = FORK_EVERY) -> Chunk:
    """Play ``count`` consecutive seeds under *every* variant (one task of a pool); the records come seed by
    seed, variant by variant.

    Common random numbers make two variants' games of one seed the same game until a rule reads an option in
    which they differ. So each seed is played under the first variant with that variant *watched*
    (:func:`_watching`); a variant whose differing options the game never read gets that game's record (with its
    own variant index) instead of replaying it move for move: the very record it would have had, since
    nothing else in the game depends on the variant. ``Chunk.shared`` lists those. The other variants are
    played, from the last position the watched game kept before it first read one of their options
    (:class:`_Forks`, every ``fork_every`` actions; 0 keeps none) when the rules allow it, else from the start.
    ``tests/sim/test_shared_games.py`` checks, for every option of every game, that the records are those of
    :func:`play_one`."""
    t0 = time.perf_counter()
    out = Chunk()
    rules, table = _rules_for(modname)
    vs = [_variant_for(rules, d) for d in variants]
    first = vs[0]
    diffs: list[frozenset[str] | None] = [None] * len(vs)
    watched: Variant | dict[str, Any] = first
    seen: set[str] = set()
    forks: _Forks | None = None
    if len(vs) > 1 and isinstance(first, Variant) and all(type(v) is type(first) for v in vs):
        for j in range(1, len(vs)):
            diffs[j] = _differing(first, vs[j])  # type: ignore[arg-type]
        names = frozenset().union(*[d for d in diffs if d is not None])
        watched, seen = _watching(first, names)
        if fork_every > 0:
            forks = _Forks(seen, diffs, fork_every)
    add = out.records.append
    for s in range(first_seed, first_seed + count):
        collecting = gc.isenabled()
        if collecting:
            gc.disable()
        try:
            seen.clear()
            rec = _play_one(rules, table, watched, bot_names, s, 0, max_steps, forks)
            if forks is not None:
                forks.finish()
            add(rec)
            for j in range(1, len(vs)):
                d = diffs[j]
                if d is not None and seen.isdisjoint(d):
                    add(GameRecord(rec.seed, j, rec.winner, rec.steps, rec.first, rec.finished, dict(rec.rules),
                                   dict(rec.seat_rules)))
                    out.shared.append((s, j))
                elif forks is not None and forks.game is not None and (snap := forks.position(j)) is not None:
                    add(_resume(forks.game, snap, forks, table, vs[j], bot_names, s, j,  # type: ignore[arg-type]
                                max_steps))
                else:
                    add(_play_one(rules, table, vs[j], bot_names, s, j, max_steps))
        finally:
            if collecting:
                gc.enable()
    out.seconds = time.perf_counter() - t0
    return out
