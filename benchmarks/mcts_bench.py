"""The search bot's speed and strength per game (printed, never a timed test).

    python benchmarks/mcts_bench.py                      # every game: simulations/s and one 1,000-simulation decision
    python benchmarks/mcts_bench.py --strength 20        # also 20 games (seats swapped) against random and the best bot
    python benchmarks/mcts_bench.py --games xevoz --sims 400

Per game: the position after ``--warmup`` random actions from seed 0 (a mid-game decision with more than one legal
move), the time of one decision of ``--sims`` simulations (``tabletop.sim.mcts.MCTSBot``) and the simulations per
second it makes, then (``--strength N``) the search bot's share of wins against the random bot and against the
game's best own bot, ``N`` games with the search in each seat (``simulate(bots=[...])``, serial).
The issue-21 goals, for reference: a 1,000-simulation decision in <= 1 s on this machine for every game, and MCTS
beating random in >= 90% and the best bot in >= 60% of 200 games.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "widgets") not in sys.path:
    sys.path.insert(0, str(ROOT / "widgets"))

from tabletop import games  # noqa: E402
from tabletop.sim import simulate  # noqa: E402
from tabletop.sim.core import resolve_game  # noqa: E402
from tabletop.sim.mcts import MCTSBot  # noqa: E402

BEST = ("greedy", "sensible")


def position(mod: Any, warmup: int) -> Any:
    """A mid-game position from seed 0: ``warmup`` random actions, then on to the next real choice."""
    g = mod.new_game(seed=0)
    rng = random.Random(0)
    steps = 0
    while g.current_player is not None and (steps < warmup or len(g.legal_actions()) < 2):
        legal = g.legal_actions()
        g.play(legal[rng.randrange(len(legal))])
        steps += 1
    return g


def decision(mod: Any, sims: int, warmup: int) -> dict[str, float]:
    g = position(mod, warmup)
    if g.current_player is None:
        return {"seconds": float("nan"), "per_s": float("nan"), "options": 0}
    bot = MCTSBot(seed=1, simulations=sims)
    t = time.perf_counter()
    stats = bot.analyse(g)
    dt = time.perf_counter() - t
    return {"seconds": dt, "per_s": sims / dt, "options": len(stats), "top": str(stats[0])}


def strength(mod: Any, sims: int, games_n: int, other: str) -> float:
    name = f"mcts:{sims}"
    won = 0
    for seats, me in (([name, other], 0), ([other, name], 1)):
        res = simulate(mod, bots=seats, n=games_n, seed=0, executor="serial", progress=False, max_steps=5000)
        won += res.win_rates(0)[me].k
    return won / (2 * games_n)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="*", default=list(games.GAMES))
    ap.add_argument("--sims", type=int, default=1000)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--strength", type=int, default=0, help="games per seat arrangement (0: skip)")
    ap.add_argument("--strength-sims", type=int, default=50)
    args = ap.parse_args(argv)
    for name in args.games:
        mod = resolve_game(name)
        d = decision(mod, args.sims, args.warmup)
        print(f"{name}: one {args.sims}-simulation decision in {d['seconds']:.2f} s ({d['per_s']:,.0f} "
              f"simulations/s; {d['options']} legal moves; top: {d.get('top', '-')})", flush=True)
        if args.strength:
            table = getattr(mod, "BOTS", {})
            best = next((b for b in BEST if b in table), None)
            for other in ["random", *([best] if best else [])]:
                share = strength(mod, args.strength_sims, args.strength, other)
                print(f"  mcts:{args.strength_sims} against {other}: wins {100 * share:.0f}% of "
                      f"{2 * args.strength} games (seats swapped)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
