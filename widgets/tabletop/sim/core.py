"""The simulator's core: batches of bot games per task, common random numbers, any executor.

Game ``i`` of a run uses seed ``seed + i`` under *every* variant, and its bots are seeded from that seed and
their seat, so two variants are compared on the same dice (common random numbers): a difference between them
is the rule change, not a different run of luck.

Work is cut into *chunks* (a run of consecutive seeds, each played under every variant: :func:`play_seeds`) so
that one task plays several games and the per-task overhead of a process pool or a Dask cluster does not
dominate. Chunks are small: unless ``chunk`` is given, a chunk starts at one seed and grows to about a quarter
of a second of play (measured), so a cancelled run waits at most for the few chunks that are running and keeps
every game that finished. Chunks are made lazily and only a bounded number are in flight at once (memory does
not grow with ``n``), and a cancelled run holds paired games for every variant.

Because two variants play the same game of a seed until a rule reads an option in which they differ, a seed's
game is played once for every variant whose differing options it never read (:func:`play_seeds`), and a variant
whose options it did read continues from the last position kept before that read (:class:`_Forks`, for rules
that promise ``variant_free_state``): the records are exactly those of playing each variant on its own.
"""

from __future__ import annotations

import dataclasses
import gc
import importlib
import json
import math
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import (
    Executor,
)
from dataclasses import dataclass, field
from operator import attrgetter
from types import ModuleType
from typing import Any

from ..engine import Bot, Game, Rules, Variant
from ..engine.rules import Bundle
from ..engine.variants import OptionInfo
from .mcts import make_bot
from .results import GameRecord, SimResults

#: default cap on the actions of one game (a game that reaches it is recorded as unfinished)
MAX_STEPS = 20_000


@dataclass
class Chunk:
    """What one task sends back: the records of its games (every variant of each of its seeds), the seconds it
    played, and the ``(seed, variant)`` of its *shared* records: the game of their seed under the first variant
    never read an option in which their variant differs, so that game's record is theirs (see
    :func:`play_seeds`)."""

    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0
    shared: list[tuple[int, int]] = field(default_factory=list)


#: target seconds of play per task when the chunk size is automatic
CHUNK_SECONDS = 0.25
#: the largest automatic chunk
MAX_CHUNK = 500
#: names accepted for ``executor``
EXECUTORS = ("serial", "process", "thread")


class UnknownName(KeyError, ValueError):
    """An unknown game, bot or executor name: the message names the choices. A ``KeyError`` (and a
    ``ValueError``) whose text is the plain message, without the quotes ``KeyError`` adds."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


# -- checking arguments ----------------------------------------------------------------------------------------
def _kind(x: object) -> str:
    return type(x).__name__


def check_int(name: str, value: object, *, low: int | None = None, optional: bool = False) -> int | None:
    """``value`` as an int of at least ``low`` (``None`` allowed when ``optional``), or a plain error."""
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a whole number (an int), not {value!r} (a {_kind(value)})")
    if low is not None and value < low:
        word = "a positive whole number" if low == 1 else f"at least {low}"
        raise ValueError(f"{name} must be {word}, not {value}")
    return value


def _type_name(like: object) -> str:
    return {bool: "true or false (a bool)", int: "a whole number (an int)", float: "a number",
            str: "a text (a str)", tuple: "a list of values"}.get(type(like), type(like).__name__)


def _fits(value: object, like: object) -> bool:
    if isinstance(like, bool):
        return isinstance(value, bool)
    if isinstance(like, int):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(like, float):
        return isinstance(value, int | float) and not isinstance(value, bool)
    if isinstance(like, str):
        return isinstance(value, str)
    if isinstance(like, tuple):
        return isinstance(value, list | tuple)
    return True


def check_variant_types(vt: type[Variant], data: dict[str, Any]) -> None:
    """Refuse a value of the wrong type for an option with a plain reason (before the rules compare it)."""
    for info in vt.options():
        if info.name not in data or info.default is None:
            continue
        v = data[info.name]
        where = f"variant option {info.name} ({info.rule})" if info.rule else f"variant option {info.name}"
        if not _fits(v, info.default):
            raise TypeError(f"{where} must be {_type_name(info.default)}, not {v!r} (a {_kind(v)})")
        if isinstance(info.default, tuple) and info.default:
            kinds = {type(x) for x in info.default}
            if len(kinds) == 1:
                like = info.default[0]
                for x in v:
                    if not _fits(x, like):
                        raise TypeError(f"{where}: every value must be {_type_name(like)}, not {x!r} "
                                        f"(a {_kind(x)})")


# -- resolving games and bots --------------------------------------------------------------------------------
def resolve_game(game: str | ModuleType) -> ModuleType:
    """The game module for a registered name ("zaxxon") or a module (a test game, a hobbyist's own)."""
    from .. import games

    choices = f"games: {', '.join(games.GAMES)} (or a game module's path)"
    if isinstance(game, ModuleType):
        mod = game
    elif not isinstance(game, str):
        raise TypeError(f"game must be a name or a module, not {game!r} (a {_kind(game)}); {choices}")
    elif game in games.GAMES:
        mod = games.get(game)
    else:
        try:
            mod = importlib.import_module(game)
        except ModuleNotFoundError as exc:
            if exc.name and game != exc.name and not game.startswith(exc.name + "."):
                raise  # the game exists but needs a module that is missing: say that, not "no game"
            raise UnknownName(f"no game {game!r}; {choices}") from None
        except (ImportError, ValueError, TypeError):
            raise UnknownName(f"no game {game!r}; {choices}") from None
    if not isinstance(getattr(mod, "Rules", None), type):
        raise UnknownName(f"{mod.__name__} is not a game (it has no Rules class); {choices}")
    return mod


def game_label(mod: ModuleType) -> str:
    rules_cls = mod.Rules
    return str(getattr(rules_cls, "name", mod.__name__.rsplit(".", 1)[-1]))


def resolve_bots(mod: ModuleType, bots: Sequence[str] | str | None, seats: int) -> list[str]:
    """Bot names, one per seat (a single name is used for every seat); unknown names are refused."""
    table: dict[str, type[Bot]] = getattr(mod, "BOTS", {})
    if bots is None:
        chosen = ["random"] * seats
    elif isinstance(bots, str):
        chosen = [bots] * seats
    elif isinstance(bots, Sequence):
        chosen = [b if isinstance(b, str) else getattr(b, "name", repr(b)) for b in bots]
    else:
        raise TypeError(f"bots must be a bot name or a list of names, one per seat, not {bots!r}; "
                        f"bots: {', '.join(table) or 'none'}")
    from .mcts import parse_name

    for b in chosen:
        if b in table:
            continue
        try:
            search = parse_name(b)
        except ValueError as exc:
            raise UnknownName(str(exc)) from None
        if search is None:
            raise UnknownName(f"no bot {b!r} for {game_label(mod)}; bots: {', '.join(table) or 'none'}, or "
                              "'mcts' / 'mcts:N' (a tree search with N simulations per decision)")
    return chosen


def make_variant(rules: Rules[Any], v: Variant | dict[str, Any] | None) -> dict[str, Any]:
    """A variant as a validated plain dict (refuses unknown options and bad combinations with a reason)."""
    vt = rules.variant_type
    if isinstance(v, Variant):
        if not isinstance(v, vt):
            raise TypeError(f"{type(v).__name__} is not a variant of {rules.title} (expected {vt.__name__})")
        check_variant_types(vt, {i.name: getattr(v, i.name) for i in vt.options()})
        v.validate()
        return v.to_dict()
    if v is not None and not isinstance(v, dict):
        raise TypeError(f"a variant is None (the rulebook), a {vt.__name__} or a dict of options, not {v!r}")
    check_variant_types(vt, dict(v or {}))
    return vt.from_dict(v).to_dict()


# -- the worker side ---------------------------------------------------------------------------------------
_CACHE: dict[str, tuple[Rules[Any], dict[str, type[Bot]]]] = {}


def _rules_for(modname: str) -> tuple[Rules[Any], dict[str, type[Bot]]]:
    hit = _CACHE.get(modname)
    if hit is None:
        mod = importlib.import_module(modname)
        hit = (mod.Rules(), dict(getattr(mod, "BOTS", {})))
        _CACHE[modname] = hit
    return hit


def play_one(modname: str, variant: dict[str, Any], bot_names: Sequence[str], seed: int, vi: int = 0,
             max_steps: int = MAX_STEPS) -> GameRecord:
    """Play one game with bots and return its record (top level, so process pools can pickle it).

    The cyclic garbage collector is paused for the game (and restored after it): a game makes many small objects
    that die by reference counting, and collections in the middle of it only cost time."""
    rules, table = _rules_for(modname)
    collecting = gc.isenabled()
    if collecting:
        gc.disable()
    try:
        return _play_one(rules, table, _variant_for(rules, variant), bot_names, seed, vi, max_steps)
    finally:
        if collecting:
            gc.enable()


_RULE_SEAT = attrgetter("rule", "player")


_VARIANTS: dict[tuple[type, str], Variant] = {}


def _variant_for(rules: Rules[Any], variant: dict[str, Any]) -> Variant | dict[str, Any]:
    """The Variant of a chunk's options, made (and checked) once per worker rather than once per game; the Game
    still validates it. Options that are not plain JSON are passed on as they are (the Game refuses them)."""
    try:
        key = (type(rules), json.dumps(variant, sort_keys=True))
    except (TypeError, ValueError):
        return variant
    v = _VARIANTS.get(key)
    if v is None:
        if len(_VARIANTS) > 256:
            _VARIANTS.clear()
        v = _VARIANTS[key] = rules.variant_type.from_dict(variant)
    return v


def _play_one(rules: Rules[Any], table: dict[str, type[Bot]], variant: Variant | dict[str, Any],
              bot_names: Sequence[str], seed: int, vi: int, max_steps: int, forks: _Forks | None = None) -> GameRecord:
    """One game under ``variant`` (as :func:`_variant_for` gives it) and its record. With ``forks`` (the watched
    game of :func:`play_seeds`), positions are kept on the way for the variants that may continue from them."""
    g: Game[Any] = Game(rules, seed=seed, variant=variant, players=len(bot_names), safe=False, log=False)
    bot_seeds = _bot_seeds(seed, len(bot_names))
    bots = [make_bot(table, name, s) for name, s in zip(bot_names, bot_seeds, strict=True)]
    fired: dict[tuple[str, int | None], int] = Counter(map(_RULE_SEAT, g.history[0].events))
    g.tally = fired  # count rule firings only: no Event is made during the game
    first = rules.current_player(g.raw_state)
    if forks is not None and not forks.start(g, bots, bot_seeds, first):
        forks = None
    return _run(g, bots, bot_names, seed, vi, max_steps, 0, first, forks)


def _bot_seeds(seed: int, seats: int) -> list[int]:
    """The seed of each seat's bot in the game of ``seed`` (the same under every variant)."""
    return [seed * 1_000_003 + seat for seat in range(seats)]


def _run(g: Game[Any], bots: list[Bot], bot_names: Sequence[str], seed: int, vi: int, max_steps: int, steps: int,
         first: int | None, forks: _Forks | None) -> GameRecord:
    """Play ``g`` (a simulation game with its tally set, ``steps`` actions into it) with ``bots`` to the end or
    ``max_steps``, and return its record. ``forks``: see :class:`_Forks` (it looks in every ``forks.every``
    steps)."""
    rules = g.rules
    choosers = [b.choose for b in bots]
    state = g.raw_state  # an unsafe game changes its state in place: the same object all game
    current = rules.current_player
    legal_actions = rules.legal_actions  # what an unsafe game's legal_actions() returns, one call less
    fused = None
    if rules.reuses_context:
        # the lean path: the bot picks one of the actions the rules have just listed, so play's checks are
        # skipped and the rules are applied directly with one counting Context (Game.counting_context)
        ctx = g.counting_context()
        apply = rules.apply

        def play(act: Any, p: int) -> None:
            ctx.player = p
            apply(state, act, ctx)
            g.version += 1

        # When every seat has a bot of one class and that class itself defines sim_steps(game, state, ctx, bots,
        # budget) -> int, it plays as many decisions as it can (at most budget) directly on the state with the
        # counting Context, each exactly as the seat's choose(game, legal_actions) and apply would (the same
        # actions in the same order, the same draws), and returns how many; 0 hands the next decision to the
        # plain path below. Only the class's own: a subclass that changes choose does not inherit it.
        kind = type(bots[0])
        fused = vars(kind).get("sim_steps") if all(type(b) is kind for b in bots) else None
    else:
        game_play = g.play

        def play(act: Any, p: int) -> None:
            game_play(act)

    limit = max_steps if forks is None else min(max_steps, steps + forks.every)
    while True:
        over = False
        while steps < limit:
            if fused is not None:
                k = fused(bots[0], g, state, ctx, bots, limit - steps)
                if k:
                    g.version += k
                    steps += k
                    continue
            p = current(state)
            if p is None:
                over = True
                break
            legal = legal_actions(state)
            if not legal:
                raise RuntimeError(f"{rules.title} (seed {seed}): seat {p} has no legal action but the game is "
                                   "not over")
            play(choosers[p](g, legal), p)
            steps += 1
        if forks is None or over or steps >= max_steps:
            break
        if forks.look(g, state, steps, bots):
            limit = min(max_steps, steps + forks.every)
        else:  # nothing left to keep: play on (play_seeds settles the variants still open: _Forks.position)
            forks = None
            limit = max_steps
    over = g.current_player is None
    decided_first = rules.first_player(g.raw_state)
    if decided_first is not None:
        first = decided_first
    totals: dict[str, int] = {}
    by_seat: dict[str, list[int]] = {}
    seats = len(bot_names)
    zero = [0] * seats
    fired = g.tally
    assert fired is not None
    total, row_of = totals.get, by_seat.get
    for key, k in fired.items():
        for rule, player in (key if key.__class__ is Bundle else (key,)):  # a Bundle: several keys counted as one
            totals[rule] = total(rule, 0) + k
            if player is not None and 0 <= player < seats:
                row = row_of(rule)
                if row is None:
                    row = by_seat[rule] = zero[:]
                row[player] += k
    return GameRecord(seed=seed, variant=vi, winner=g.winner if over else None, steps=steps,
                      first=first, finished=over, rules=totals,
                      seat_rules={r: tuple(v) for r, v in by_seat.items()})  # immutable: no work for the collector


# -- every variant of a seed: games that never reach the change are played once ----------------------------
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


# -- progress ----------------------------------------------------------------------------------------------
Progress = Callable[[int, int], None]


class TextProgress:
    """A one-line text progress bar for the command line (written to ``stream``, default stderr)."""

    def __init__(self, stream: Any = None, width: int = 30, label: str = "simulating") -> None:
        import sys

        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.label = label
        self.t0 = time.perf_counter()
        self._last = -1.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self._last < 0.2:
            return
        self._last = now
        frac = done / total if total else 1.0
        fill = int(round(frac * self.width))
        bar = "#" * fill + "-" * (self.width - fill)
        rate = done / max(now - self.t0, 1e-9)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{total} games ({rate:,.0f}/s)")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


class WidgetProgress:
    """An ipywidgets progress bar for notebooks (shown when created unless ``show=False``)."""

    def __init__(self, show: bool = True, label: str = "simulating") -> None:
        import ipywidgets as w

        self.bar = w.IntProgress(value=0, min=0, max=1, description=label,
                                 layout=w.Layout(width="60%"))
        self.text = w.Label("")
        self.widget = w.HBox([self.bar, self.text])
        self.t0 = time.perf_counter()
        if show:
            from IPython.display import display

            display(self.widget)  # type: ignore[no-untyped-call]

    def __call__(self, done: int, total: int) -> None:
        self.bar.max = max(total, 1)
        self.bar.value = done
        rate = done / max(time.perf_counter() - self.t0, 1e-9)
        self.text.value = f"{done}/{total} games ({rate:,.0f}/s)"
        self.bar.bar_style = "success" if done >= total else ""


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    ip = get_ipython()
    return ip is not None and type(ip).__name__ == "ZMQInteractiveShell"


def _auto_progress(progress: bool | str | Progress | None) -> Progress | None:
    if callable(progress):
        return progress
    if progress is False or progress is None:
        return None
    if _in_notebook():
        try:
            return WidgetProgress()
        except ImportError:
            return None
    import sys

    return TextProgress() if sys.stderr.isatty() or progress is True else None


# -- cancellation --------------------------------------------------------------------------------------------
class Cancel:
    """A cancel switch: ``simulate(..., cancel=c)`` and later ``c.set()`` (from a button, another thread)."""

    def __init__(self) -> None:
        self._ev = threading.Event()

    def set(self) -> None:
        self._ev.set()

    def is_set(self) -> bool:
        return self._ev.is_set()

    def clear(self) -> None:
        self._ev.clear()


def _chunk_size(n: int, n_variants: int, workers: int) -> int:
    """The most seeds an automatic task plays (each under every variant): about 8 tasks per worker in all, at
    least 1, at most ``MAX_CHUNK`` games."""
    cap = max(1, MAX_CHUNK // max(1, n_variants))
    return max(1, min(cap, math.ceil(n / max(1, workers * 8))))


class _Tasks:
    """The tasks of a run, made lazily: ``(first_seed, count)``, blocks of consecutive seeds, each played under
    every variant (:func:`play_seeds`). ``size`` may change between blocks (automatic chunks grow with measured
    speed), so nothing here grows with ``n``."""

    def __init__(self, seed: int, n: int, size: int, cap: int, fixed: bool, spread: int = 1) -> None:
        self.next_seed = seed
        self.end = seed + n
        self.size = size
        self.cap = cap
        self.fixed = fixed
        #: automatic tasks near the end are at most 1/spread of the seeds left (2 per worker): the workers then
        #: finish together instead of one of them playing a whole last task alone
        self.spread = max(1, spread)

    def __iter__(self) -> _Tasks:
        return self

    def __next__(self) -> tuple[int, int]:
        s = self.next_seed
        if s >= self.end:
            raise StopIteration
        left = self.end - s
        c = min(self.size, left if self.fixed else max(1, -(-left // self.spread)))
        self.next_seed = s + c
        return s, c

    def learn(self, seeds: int, seconds: float) -> None:
        """Grow (or shrink) automatic chunks towards ``CHUNK_SECONDS`` of play per task."""
        if self.fixed or seeds <= 0:
            return
        per_seed = max(seconds / seeds, 1e-6)
        self.size = max(1, min(self.cap, int(CHUNK_SECONDS / per_seed)))


# -- the entry point -------------------------------------------------------------------------------------------
def simulate(game: str | ModuleType, *, variants: Sequence[Variant | dict[str, Any] | None] | None = (None,),
             bots: Sequence[str] | str | None = None, n: int = 100, seed: int = 0,
             executor: Executor | str | Any | None = None, workers: int | None = None, chunk: int | None = None,
             progress: bool | str | Progress | None = "auto",
             cancel: Cancel | threading.Event | None = None, max_steps: int = MAX_STEPS,
             players: int | None = None, early_stop: Any = None, keep_records: bool = True) -> SimResults:
    """Play ``n`` bot games for each variant and return :class:`SimResults`.

    ``game``: a registered name ("zaxxon") or a game module. ``variants``: Variant objects, dicts of options or
    ``None`` (the rulebook). ``bots``: one bot name per seat, or one name for all seats (default "random").
    ``seed``: game ``i`` uses seed ``seed + i`` under every variant (common random numbers).
    ``executor``: any ``concurrent.futures.Executor`` or a Dask ``distributed.Client`` (its tasks are
    submitted with ``client.submit`` and harvested with ``distributed.as_completed``, see :func:`stream`);
    ``None`` makes a process pool over the local cores (``workers``) and shuts it down afterwards (small runs
    play here); ``"process"``/``"thread"`` make that pool; ``"serial"`` plays here.
    ``chunk``: seeds per task, each played under every variant (default: automatic, small chunks of about a
    quarter of a second of play).
    Wrong arguments raise ``TypeError``/``ValueError`` (unknown names: :class:`UnknownName`, also a
    ``KeyError``) with a plain message before anything is played. ``progress``: ``"auto"`` (a widget in a
    notebook, a text bar on a terminal), ``True``, ``False`` or a callable ``(done, total)``.
    ``cancel``: set it to stop early; so does Ctrl-C. A stopped run waits for the few tasks that are running and
    returns every game that finished (``results.complete`` is False, ``results.stopped == "cancelled"``) and
    paired statistics use only seeds finished under every variant.
    ``early_stop`` (stop once every compared figure is settled, anytime-valid) and ``keep_records``: see
    :func:`tabletop.sim.stream` (``simulate`` is the last snapshot of
    that stream: one code path).
    """
    from .live import prepare, run_to_end

    plan = prepare(game, variants=variants, bots=bots, n=n, seed=seed, executor=executor, workers=workers,
                   chunk=chunk, cancel=cancel, max_steps=max_steps, players=players,
                   early_stop=early_stop, keep_records=keep_records)
    return run_to_end(plan, _auto_progress(progress))


def variant_labels(rules: Rules[Any], vdicts: Sequence[dict[str, Any]]) -> list[str]:
    """Plain names for variants: "rulebook rules" or the options changed from the rulebook."""
    out = []
    for i, vd in enumerate(vdicts):
        label = rules.variant_type.from_dict(vd).describe()
        out.append(label if vdicts.index(vd) == i else f"{label} (#{i + 1})")
    return out
