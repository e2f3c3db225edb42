"""The worker: one bot game played as the simulator plays it, and its record.

A simulation game keeps no log and makes no event: its rule firings are counted (``Game.tally``), the cyclic
collector is paused while it plays, and the Rules and the Variant of a chunk are made once per worker process.
Game ``i`` of a run uses seed ``seed + i`` under every variant and its bots are seeded from that seed and their
seat (:func:`_bot_seeds`), so two variants are compared on the same dice. When every seat has a bot of one class
that defines ``sim_steps``, that bot plays its decisions directly on the state (the fused dispatch:
:func:`_players`)."""

from __future__ import annotations

import gc
import importlib
import json
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ..engine import Bot, Game, Rules, Variant
from ..engine.rules import Bundle
from .mcts import make_bot
from .results import GameRecord

if TYPE_CHECKING:
    from .forks import _Forks

#: default cap on the actions of one game (a game that reaches it is recorded as unfinished)
MAX_STEPS = 20_000


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
    # the set-up's firings: every event so far (``log``, without making the set-up's Turn)
    fired: dict[tuple[str, int | None], int] = Counter(map(_RULE_SEAT, g.log))
    g.tally = fired  # count rule firings only: no Event is made during the game
    first = rules.current_player(g.raw_state)
    if forks is not None and not forks.start(g, bots, bot_seeds, first):
        forks = None
    return _run(g, bots, bot_names, seed, vi, max_steps, 0, first, forks)


def _bot_seeds(seed: int, seats: int) -> list[int]:
    """The seed of each seat's bot in the game of ``seed`` (the same under every variant)."""
    return [seed * 1_000_003 + seat for seat in range(seats)]


def _players(g: Game[Any], bots: list[Bot]) -> tuple[Callable[[Any, int], None], Callable[[int], int] | None, Any]:
    """How the actions of ``g`` are played: ``(play, fused, ctx)``. ``play(action, seat)`` applies an action a
    bot chose; ``fused(budget)`` plays decisions with the bots' own ``sim_steps`` when they may play them
    themselves (else ``None``), with ``ctx`` the counting Context it plays them with."""
    rules = g.rules
    state = g.raw_state
    if not rules.reuses_context:
        game_play = g.play

        def play_checked(act: Any, p: int) -> None:
            game_play(act)

        return play_checked, None, None
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
    # plain path of _run. Only the class's own: a subclass that changes choose does not inherit it. A class
    # may also define sim_player(game, state, ctx, bots) -> steps(budget) -> int, the same made once per game
    # (what sim_steps would work out on each of the game's calls: _run calls it every few steps when positions
    # are kept for forks); then that is used.
    kind = type(bots[0])
    if not all(type(b) is kind for b in bots):
        return play, None, ctx
    own = vars(kind)
    player = own.get("sim_player")
    if player is not None:
        fused: Callable[[int], int] = player(bots[0], g, state, ctx, bots)
        return play, fused, ctx
    steps = own.get("sim_steps")
    return play, (partial(steps, bots[0], g, state, ctx, bots) if steps is not None else None), ctx


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
    play, fused, ctx = _players(g, bots)
    limit = max_steps if forks is None else min(max_steps, steps + forks.every)
    while True:
        over = False
        while steps < limit:
            if fused is not None:
                k = fused(limit - steps)
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
    return _record(g, seed, vi, steps, first, len(bot_names))


def _record(g: Game[Any], seed: int, vi: int, steps: int, first: int | None, seats: int) -> GameRecord:
    """The record of the simulation game ``g`` of ``seed`` once it stopped after ``steps`` actions: its winner,
    who moved first (as the rules decided it, else ``first``) and its counted rule firings, in all and by seat."""
    rules = g.rules
    over = g.current_player is None
    decided_first = rules.first_player(g.raw_state)
    if decided_first is not None:
        first = decided_first
    totals: dict[str, int] = {}
    by_seat: dict[str, list[int]] = {}
    fired = g.tally
    assert fired is not None
    total, row_of = totals.get, by_seat.get
    for key, k in fired.items():
        for rule, player in key if key.__class__ is Bundle else (key,):  # a Bundle: several keys counted as one
            totals[rule] = total(rule, 0) + k
            if player is not None and 0 <= player < seats:
                row = row_of(rule)
                if row is None:
                    row = by_seat[rule] = [0] * seats
                row[player] += k
    return GameRecord(seed=seed, variant=vi, winner=g.winner if over else None, steps=steps,
                      first=first, finished=over, rules=totals,
                      seat_rules={r: tuple(v) for r, v in by_seat.items()})  # immutable: no work for the collector
