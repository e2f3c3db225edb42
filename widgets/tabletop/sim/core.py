"""The simulator's core (serial and executor-backed)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from ..engine import Bot, Game, Variant, play_out


@dataclass(frozen=True)
class GameResult:
    """One simulated game: its seed, variant index, winner seat (or None), length and rule firings."""

    seed: int
    variant: int
    winner: int | None
    steps: int
    rules_fired: dict[str, int] = field(default_factory=dict)


@dataclass
class SimResults:
    game: str
    variants: list[dict[str, Any]]
    bots: list[str]
    n: int
    seed: int
    games: list[GameResult]
    version: str = ""

    def wins(self, variant: int = 0) -> Counter[int | None]:
        return Counter(g.winner for g in self.games if g.variant == variant)


def _resolve_bots(mod: ModuleType, bots: Sequence[str | type[Bot]] | None, seats: int) -> list[type[Bot]]:
    table: dict[str, type[Bot]] = getattr(mod, "BOTS", {})
    chosen = list(bots) if bots is not None else ["random"] * seats
    out: list[type[Bot]] = []
    for b in chosen:
        if isinstance(b, str):
            if b not in table:
                raise KeyError(f"no bot {b!r} for {mod.__name__}; bots: {', '.join(table)}")
            out.append(table[b])
        else:
            out.append(b)
    return out


def play_one(game_name: str, variant: dict[str, Any], bot_names: Sequence[str], seed: int, vi: int,
             max_steps: int = 20_000) -> GameResult:
    """Play one game with bots (top-level so process pools can pickle it)."""
    from .. import games

    mod = games.get(game_name)
    bot_classes = _resolve_bots(mod, bot_names, len(bot_names))
    g: Game[Any] = mod.new_game(seed=seed, variant=variant, players=len(bot_names))
    g.safe = False
    bots = [cls(seed=seed * 31 + i) for i, cls in enumerate(bot_classes)]
    steps = play_out(g, bots, max_steps=max_steps)
    fired: Counter[str] = Counter(e.rule for t in g.history for e in t.events)
    return GameResult(seed, vi, g.winner, steps, dict(fired))


def simulate(game: str | ModuleType, *, variants: Sequence[Variant | dict[str, Any] | None] = (None,),
             bots: Sequence[str] | None = None, n: int = 100, seed: int = 0, executor: Executor | None = None,
             progress: Callable[[int, int], None] | None = None) -> SimResults:
    from .. import __version__, games

    mod = games.get(game) if isinstance(game, str) else game
    name = mod.__name__.rsplit(".", 1)[-1]
    rules = mod.Rules()
    vdicts = [v.to_dict() if isinstance(v, Variant) else rules.variant_type.from_dict(v).to_dict()
              for v in variants]
    seats = len(bots) if bots is not None else len(rules.default_players)
    bot_names = [b if isinstance(b, str) else b.name for b in (bots or ["random"] * seats)]
    jobs = [(name, vd, bot_names, seed + i, vi) for vi, vd in enumerate(vdicts) for i in range(n)]
    results: list[GameResult] = []
    if executor is None:
        for k, job in enumerate(jobs):
            results.append(play_one(*job))
            if progress:
                progress(k + 1, len(jobs))
    else:
        futs = [executor.submit(play_one, *job) for job in jobs]
        for k, f in enumerate(futs):
            results.append(f.result())
            if progress:
                progress(k + 1, len(jobs))
    return SimResults(name, vdicts, bot_names, n, seed, results, __version__)
