"""A fixed workload for instruction counts (load-independent A/B of engine speed), run under callgrind:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/ir_play.py logged xevoz 50
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/ir_play.py logged xevoz 0

The difference of the two runs' ``I refs`` (the second only imports and sets up), divided by the steps printed, is
the instructions per step. Workloads: ``logged GAME N`` plays seeds 0..N-1 as bench.py's "random bots, logged" line
does (``Game(safe=False, log=True)``, random bots seeded ``seed * 7 + seat``, at most 5,000 actions a game);
``simulated GAME N`` plays seeds 0..N-1 under the rulebook and under bench.py's other variant, each game on its
own (``tabletop.sim.play_one``); ``swept GAME N`` plays the same seeds and variants as a worker of bench.py's
sweep does (``tabletop.sim.play_seeds``, one task of N seeds: a game that never reads the changed option is played
once for both variants, the other variant continues from a position kept before the read), the figure to use for
the sweep's per-seed work; ``openspiel - N`` plays N of the yardstick's backgammon games (every node, chance nodes
included, counted as a step).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "widgets") not in sys.path:
    sys.path.insert(0, str(ROOT / "widgets"))


def logged(name: str, n: int, max_steps: int = 5000) -> int:
    from tabletop.engine import Game
    from tabletop.sim.core import resolve_game

    mod = resolve_game(name)
    rules = mod.Rules()
    table = mod.BOTS
    seats = len(rules.default_players)
    total = 0
    for seed in range(n):
        g: Game[Any] = Game(rules, seed=seed, safe=False, log=True)
        bots = [table["random"](seed=seed * 7 + i) for i in range(seats)]
        k = 0
        while g.current_player is not None and k < max_steps:
            g.play(bots[g.current_player].choose(g, g.legal_actions()))
            k += 1
        total += k
    return total


def simulated(name: str, n: int) -> int:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench

    from tabletop.sim import play_one
    from tabletop.sim.core import resolve_game

    mod = resolve_game(name)
    alt = bench.alt_variant(mod.Rules().variant_type)
    seats = len(mod.Rules().default_players)
    return sum(play_one(mod.__name__, v, ["random"] * seats, seed, 0, 5000).steps
               for v in ({}, alt or {}) for seed in range(n))


def swept(name: str, n: int) -> int:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench

    from tabletop.sim.core import resolve_game
    from tabletop.sim.forks import play_seeds

    mod = resolve_game(name)
    alt = bench.alt_variant(mod.Rules().variant_type)
    seats = len(mod.Rules().default_players)
    if not n:
        return 0
    chunk = play_seeds(mod.__name__, [{}, alt or {}], ["random"] * seats, 0, n, 5000)
    return sum(r.steps for r in chunk.records)


def openspiel(n: int) -> int:
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("backgammon")
    rng = random.Random(0)
    nodes = 0
    for _ in range(n):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outs = s.chance_outcomes()
                s.apply_action(outs[rng.randrange(len(outs))][0])
            else:
                legal = s.legal_actions()
                s.apply_action(legal[rng.randrange(len(legal))])
            nodes += 1
    return nodes


def main(argv: list[str]) -> int:
    kind, name, n = argv[1], argv[2], int(argv[3])
    steps = {"logged": lambda: logged(name, n), "simulated": lambda: simulated(name, n),
             "swept": lambda: swept(name, n), "openspiel": lambda: openspiel(n)}[kind]()
    print("steps", steps)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
