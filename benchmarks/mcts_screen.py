"""Screen a change of the search bot on fixed paired seeds (issue 21): printed, never a timed test.

    python benchmarks/mcts_screen.py zaxxon --against greedy --seeds 0-49 --sims 200 --workers 2 \
        --set exploration=0.5 --set module:SCALE=10 --out /tmp/zax-explore.jsonl
    python benchmarks/mcts_screen.py --compare /tmp/zax-base.jsonl /tmp/zax-explore.jsonl

Each seed is played twice, the search bot (``mcts:--sims``) in each seat against ``--against`` (``simulate``'s
own game: :func:`tabletop.sim.worker.play_one`, the bots seeded from the seed and the seat), so a seed the search
won in both seatings is one its play decided (or luck twice over), a split seed one whose dice decided for a seat.
``--set NAME=VALUE`` sets an attribute of the game's search strategy (``STRATEGY`` in its ``bots`` module) before
any game, in every worker process; ``--set module:NAME=VALUE`` a constant of the strategy's module (read at call
time, as ``SCALE`` is); ``--set bot:NAME=VALUE`` a class attribute of ``MCTSBot``. Values are Python literals.

Every game's result goes to ``--out`` (one JSON line per game: the seed, the search's seat, whether it won), and
``--compare A B`` reads two such files and compares them on the games both played (the same seed and seat): how
many each won, and the discordant games (won under one configuration, lost under the other) with the exact
two-sided sign test on them (McNemar's): a change that wins beyond the noise wins clearly more discordant games.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "widgets") not in sys.path:
    sys.path.insert(0, str(ROOT / "widgets"))

from tabletop.sim.stats import wilson  # noqa: E402
from tabletop.sim.worker import play_one  # noqa: E402

BEST = {"zaxxon": "greedy", "xevoz": "greedy", "xevious": "sensible"}


def apply_settings(game: str, settings: list[str]) -> None:
    """Set each ``NAME=VALUE`` of ``settings`` on the game's strategy, its module (``module:``) or ``MCTSBot``
    (``bot:``)."""
    import importlib

    from tabletop.sim import mcts

    bots = importlib.import_module(f"tabletop.{game}.bots")
    strategy = bots.STRATEGY
    module = sys.modules[type(strategy).__module__]
    for item in settings:
        name, _, text = item.partition("=")
        value = ast.literal_eval(text)
        if name.startswith("module:"):
            setattr(module, name[7:], value)
        elif name.startswith("bot:"):
            setattr(mcts.MCTSBot, name[4:], value)
        elif name.startswith("mcts:"):
            setattr(mcts, name[5:], value)
        else:
            setattr(strategy, name, value)


def _init(game: str, settings: list[str]) -> None:
    apply_settings(game, settings)


def _one(game: str, bots: list[str], seed: int, me: int, max_steps: int, variant: dict[str, Any]) -> dict[str, Any]:
    t = time.process_time()
    rec = play_one(f"tabletop.{game}", variant, bots, seed, max_steps=max_steps)
    return {"seed": seed, "seat": me, "won": rec.winner == me, "winner": rec.winner, "steps": rec.steps,
            "cpu": round(time.process_time() - t, 2)}



def sign_test(a: int, b: int) -> float:
    """Exact two-sided binomial (sign) test p-value of ``a`` against ``b`` discordant games (p = 1/2)."""
    n = a + b
    if n == 0:
        return 1.0
    k = min(a, b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def summary(rows: list[dict[str, Any]]) -> str:
    won = sum(r["won"] for r in rows)
    n = len(rows)
    lo, hi = wilson(won, n).bounds
    by: dict[int, list[bool]] = {}
    for r in rows:
        by.setdefault(r["seed"], []).append(r["won"])
    both = [v for v in by.values() if len(v) == 2]
    two = sum(all(v) for v in both)
    none = sum(not any(v) for v in both)
    nowin = sum(r["winner"] is None for r in rows)
    return (f"{won} of {n} won ({100 * won / max(n, 1):.1f}%, Wilson 95% {100 * lo:.1f}-{100 * hi:.1f}%); "
            f"seeds in both seats {len(both)}: won both {two}, split {len(both) - two - none}, lost both {none}; "
            f"{nowin} without a winner")


def compare(a_path: str, b_path: str) -> None:
    def load(p: str) -> dict[tuple[int, int], bool]:
        out = {}
        for line in Path(p).read_text().splitlines():
            if line.startswith("{"):
                r = json.loads(line)
                if "seed" in r:
                    out[(r["seed"], r["seat"])] = r["won"]
        return out

    a, b = load(a_path), load(b_path)
    common = sorted(set(a) & set(b))
    wa = sum(a[k] for k in common)
    wb = sum(b[k] for k in common)
    only_a = sum(a[k] and not b[k] for k in common)
    only_b = sum(b[k] and not a[k] for k in common)
    n = len(common)
    print(f"{len(common)} games in both: A {wa} won ({100 * wa / max(n, 1):.1f}%), B {wb} ({100 * wb / max(n, 1):.1f}%); "
          f"discordant: A only {only_a}, B only {only_b}; sign test p = {sign_test(only_a, only_b):.3f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?")
    ap.add_argument("--against", default=None, help="the opponent (default: the game's best own bot)")
    ap.add_argument("--seeds", default="0-19", help="first-last seed")
    ap.add_argument("--sims", default="200", help="the search's budget (a number), or a whole bot name")
    ap.add_argument("--set", action="append", default=[], help="NAME=VALUE (see the module text)")
    ap.add_argument("--variant", default="{}", help="the variant's options, as JSON")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--max-steps", type=int, default=3000)
    ap.add_argument("--out", default=None, help="one JSON line per game")
    ap.add_argument("--compare", nargs=2, default=None, metavar=("A", "B"))
    args = ap.parse_args(argv)
    if args.compare:
        compare(*args.compare)
        return 0
    if not args.game:
        ap.error("give a game (or --compare A B)")
    game = args.game
    other = args.against or BEST[game]
    first, _, last = args.seeds.partition("-")
    seeds = range(int(first), int(last or first) + 1)
    name = args.sims if not args.sims.isdigit() else f"mcts:{args.sims}"
    variant = json.loads(args.variant)
    out = open(args.out, "a") if args.out else None  # noqa: SIM115
    import importlib

    from tabletop.sim.mcts import game_simulations, parse_name

    budget = (game_simulations(importlib.import_module(f"tabletop.{game}").BOTS) if name == "mcts"
              else parse_name(name))
    head = {"game": game, "against": other, "bot": name, "budget": budget, "set": args.set, "seeds": args.seeds,
            "variant": variant,
            "load": os.getloadavg(), "started": time.strftime("%Y-%m-%d %H:%M:%S")}
    print(json.dumps(head), flush=True)
    if out:
        print(json.dumps(head), file=out, flush=True)
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    jobs = [(s, me) for s in seeds for me in (0, 1)]
    with ProcessPoolExecutor(args.workers, initializer=_init, initargs=(game, args.set)) as pool:
        futs = [pool.submit(_one, game, [name, other] if me == 0 else [other, name], s, me, args.max_steps, variant)
                for s, me in jobs]
        for i, f in enumerate(as_completed(futs), 1):
            r = f.result()
            rows.append(r)
            if out:
                print(json.dumps(r), file=out, flush=True)
            if i % 10 == 0 or i == len(jobs):
                print(f"  [{time.perf_counter() - t0:.0f} s] {summary(rows)}", flush=True)
    tail = {"summary": summary(rows), "seconds": round(time.perf_counter() - t0), "load_end": os.getloadavg()}
    print(json.dumps(tail), flush=True)
    if out:
        print(json.dumps(tail), file=out, flush=True)
        out.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
