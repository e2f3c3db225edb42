"""The search bot's speed and strength per game (printed, never a timed test).

    python benchmarks/mcts_bench.py                      # every game: simulations/s and one 1,000-simulation decision
    python benchmarks/mcts_bench.py --strength 100 --workers 2   # also 100 games per seat (200 in all) against
                                                         # random and the best bot, on 2 processes
    python benchmarks/mcts_bench.py --games xevoz --sims 400
    python benchmarks/mcts_bench.py --balance 4         # also a balance report of 4 strong games x 2 variants, timed

Per game: the position after ``--warmup`` random actions from seed 0 (a mid-game decision with more than one legal
move), the time of one decision of ``--sims`` simulations (``tabletop.sim.mcts.MCTSBot``, with the game's search
strategy) and the simulations per second it makes, the same decision without the strategy (uniform random
playouts) as a ratio, then (``--strength N``) the search bot's share of wins against the random bot and against the
game's best own bot, ``N`` games with the search in each seat (``simulate(bots=[...])``; serial, or a local process
pool with ``--workers``; the search's budget is ``--strength-sims``, by default that of ``"mcts"``), with its Wilson
95% interval and whether the goal is met (the interval above it), not met (below it) or undecided.
With ``--balance N``: ``tabletop.balance`` of ``N`` strong-against-strong games per variant (``mcts:50``, ``--balance-sims``, the
rulebook and the game's change of ``CHANGES``, no skill games) on the local cores, its time, and that time projected
to 1,000 games per variant (linear in games) on these cores and on a Dask cluster of ``--cluster`` cores (linear in
cores: the games are independent tasks; an estimate, not a measurement).
Before the games: the load average and the yardstick, OpenSpiel's Python ``MCTSBot`` on its C++ backgammon with the
same budget in the same run (skipped with ``--no-yardstick`` or without ``pyspiel``); each game's simulations/s is
also printed as a ratio to it, which a loaded machine changes far less than the raw figures, and as the ratio of
the CPU times (``time.process_time``: what each decision computed, without the time it waited for a core).
The issue-21 goals, for reference: a 1,000-simulation decision in <= 1 s on this machine for every game, and MCTS
beating random in >= 90% and the best bot in >= 60% of 200 games.
"""

from __future__ import annotations

import argparse
import os
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
from tabletop.sim.mcts import MCTSBot, game_simulations  # noqa: E402
from tabletop.sim.stats import wilson as kit_wilson  # noqa: E402

BEST = ("greedy", "sensible")
#: the rule change each game's balance report compares with the rulebook (as in notebooks/variants/07-09)
CHANGES: dict[str, dict[str, Any]] = {"xevious": {"blaster_hits": 2}, "xevoz": {"bonus_chop": False},
                                      "zaxxon": {"radar_barrier": False}}


def wilson(k: float, n: int) -> tuple[float, float]:
    """The kit's Wilson 95% interval (``tabletop.sim.stats.wilson``) of ``k`` successes in ``n`` trials, as
    ``(low, high)`` (a game without a winner may count half); ``(0, 1)`` when nothing was played."""
    return (0.0, 1.0) if n == 0 else kit_wilson(k, n).bounds  # type: ignore[arg-type]

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


def yardstick(sims: int, warmup: int = 0) -> dict[str, float] | None:
    """OpenSpiel's own Python ``MCTSBot`` (random-rollout evaluator, one rollout, ``uct_c=2``) deciding once with
    ``sims`` simulations on its C++ backgammon, at the first decision of a game (or after ``warmup`` random
    actions; chance outcomes drawn by their probabilities, seed 0): the issue's yardstick (462 simulations/s when
    the issue was filed; its playouts are whole random games, shorter from the opening).
    ``None`` when ``pyspiel`` is not installed."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts as os_mcts
    except ImportError:
        return None
    game = pyspiel.load_game("backgammon")
    rng = np.random.RandomState(0)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and (steps < warmup or state.is_chance_node() or len(state.legal_actions()) < 2):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randint(len(legal))])
        steps += 1
    evaluator = os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = os_mcts.MCTSBot(game, uct_c=2, max_simulations=sims, evaluator=evaluator,
                          random_state=np.random.RandomState(2), solve=False)
    t, c = time.perf_counter(), time.process_time()
    bot.step(state)
    dt, cpu = time.perf_counter() - t, time.process_time() - c
    return {"seconds": dt, "per_s": sims / dt, "cpu": cpu}


def decision(mod: Any, sims: int, warmup: int, strategy: bool = True) -> dict[str, Any]:
    """One ``sims``-simulation decision at :func:`position`; ``strategy=False``: without the game's search
    strategy (uniformly random playouts), for the ratio."""
    g = position(mod, warmup)
    if g.current_player is None:
        return {"seconds": float("nan"), "per_s": float("nan"), "options": 0}
    bot = MCTSBot(seed=1, simulations=sims, strategy=strategy)
    t, c = time.perf_counter(), time.process_time()
    stats = bot.analyse(g)
    dt, cpu = time.perf_counter() - t, time.process_time() - c
    return {"seconds": dt, "per_s": sims / dt, "cpu": cpu, "options": len(stats), "top": str(stats[0])}


def strength(mod: Any, sims: int, games_n: int, other: str, workers: int | None = None,
             max_steps: int = 5000, running: bool = False, chunk: int = 1, first: int = 0) -> tuple[int, int, int]:
    """``mcts:sims`` against ``other``, ``games_n`` games with the search in each seat (seeds first..first+games_n-1
    both times): (games won by the search, games played, games without a winner). Serial unless ``workers`` > 1 (a local
    process pool: the games are independent and seeded, so the figures are the same either way). ``running``:
    play ``chunk`` seeds at a time (both seatings of them, then the next seeds: ``simulate(seed=s, n=chunk)``) and
    print the running tally after each, so a run stopped early still says what it measured."""
    name = f"mcts:{sims}"
    won = nowin = played = 0
    by_seed: dict[int, list[bool]] = {}  # per seed: did the search win, in each seating
    executor = "serial" if not workers or workers < 2 else "process"
    step = max(1, chunk)
    batches = ([(first + s, min(step, games_n - s)) for s in range(0, games_n, step)] if running
               else [(first, games_n)])
    for first, n in batches:
        for seats, me in (([name, other], 0), ([other, name], 1)):
            res = simulate(mod, bots=seats, n=n, seed=first, executor=executor, workers=workers, progress=False,
                           max_steps=max_steps)
            won += res.win_rates(0)[me].k
            nowin += res.no_winner(0).k
            played += n
            for rec in res.games(0):
                by_seed.setdefault(rec.seed, []).append(rec.winner == me)
        if running:
            low, high = wilson(won, played)
            print(f"    ... {name} against {other}: {won} of {played} won so far (Wilson 95% {100 * low:.0f}-"
                  f"{100 * high:.0f}%), {nowin} without a winner; {pairs(by_seed)}", flush=True)
    return won, played, nowin


def pairs(by_seed: dict[int, list[bool]]) -> str:
    """The seeds played in both seatings: how many the search won twice, lost twice, or split (won in one seat,
    lost in the other). A split seed is one whose dice decided for a seat whoever sat there; a seed won twice is
    one the search's play decided (or luck twice over)."""
    both = [v for v in by_seed.values() if len(v) == 2]
    two = sum(1 for v in both if all(v))
    none = sum(1 for v in both if not any(v))
    split = len(both) - two - none
    return (f"of {len(both)} seeds played in both seats the search won both {two}, split {split}, lost both {none}"
            if both else "no seed played in both seats yet")



def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="*", default=list(games.GAMES))
    ap.add_argument("--sims", type=int, default=1000)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--strength", type=int, default=0, help="games per seat arrangement (0: skip)")
    ap.add_argument("--strength-sims", type=int, default=None,
                    help="the search bot's budget in the strength games (default: that of 'mcts' on the game)")
    ap.add_argument("--against", nargs="*", default=None, help="only these opponents (random, greedy, sensible)")
    ap.add_argument("--running", action="store_true", help="print the strength tally after every --chunk seeds")
    ap.add_argument("--chunk", type=int, default=1, help="seeds per running tally (both seatings of each)")
    ap.add_argument("--max-steps", type=int, default=5000, help="action cap of a strength game")
    ap.add_argument("--first-seed", type=int, default=0, help="the strength games' first seed")
    ap.add_argument("--balance", type=int, default=0, help="games per variant of a timed balance report (0: skip)")
    ap.add_argument("--balance-sims", type=int, default=50, help="the search bot's budget in --balance")
    ap.add_argument("--cluster", type=int, default=64, help="cores of the Dask cluster the projection assumes")
    ap.add_argument("--workers", type=int, default=None,
                    help="local processes for --strength (default: serial) and --balance (default: all cores)")
    ap.add_argument("--no-yardstick", action="store_true", help="skip OpenSpiel's MCTSBot on backgammon")
    args = ap.parse_args(argv)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores", flush=True)
    yard = None if args.no_yardstick else yardstick(args.sims)
    if yard is not None:
        print(f"yardstick: OpenSpiel's Python MCTSBot on its C++ backgammon, one {args.sims}-simulation decision in "
              f"{yard['seconds']:.2f} s ({yard['per_s']:,.0f} simulations/s; {yard['cpu']:.2f} s of CPU time)",
              flush=True)
    elif not args.no_yardstick:
        print("yardstick: pyspiel is not installed (pip install open-spiel): no ratio", flush=True)
    for name in args.games:
        mod = resolve_game(name)
        d = decision(mod, args.sims, args.warmup)
        ratio = (f"; {d['per_s'] / yard['per_s']:.2f}x the yardstick, {yard['cpu'] / d['cpu']:.2f}x in CPU time"
                 if yard is not None else "")
        met = "met" if d["seconds"] <= 1.0 else "not met"
        print(f"{name}: one {args.sims}-simulation decision in {d['seconds']:.2f} s, {d['cpu']:.2f} s of CPU time "
              f"({d['per_s']:,.0f} simulations/s{ratio}; <= 1 s: {met}; {d['options']} legal moves; top: "
              f"{d.get('top', '-')})", flush=True)
        plain = decision(mod, args.sims, args.warmup, strategy=False)
        print(f"  the same decision without the game's search strategy (random playouts): {plain['seconds']:.2f} s "
              f"(the strategy costs {d['seconds'] / plain['seconds']:.2f}x)", flush=True)
        own = game_simulations(getattr(mod, "BOTS", {}))
        if own != args.sims:
            dd = decision(mod, own, args.warmup)
            ratio = (f"; {dd['per_s'] / yard['per_s']:.2f}x the yardstick, {yard['cpu'] / dd['cpu']:.2f}x in CPU time"
                     if yard is not None else "")
            print(f"  the game's default budget (bots='mcts': {own} simulations): one decision in {dd['seconds']:.2f} s, "
                  f"{dd['cpu']:.2f} s of CPU time ({dd['per_s']:,.0f} simulations/s{ratio})", flush=True)
        sims = args.strength_sims if args.strength_sims is not None else own
        if args.strength:
            table = getattr(mod, "BOTS", {})
            best = next((b for b in BEST if b in table), None)
            # --against: those opponents (any of the game's bots), else random and the best bot
            for other in (args.against if args.against else ["random", *([best] if best else [])]):
                if other not in table:
                    print(f"  {name} has no bot {other!r} (its bots: {', '.join(table)})", flush=True)
                    continue
                t = time.perf_counter()
                won, played, nowin = strength(mod, sims, args.strength, other, args.workers,
                                              args.max_steps, args.running, args.chunk, args.first_seed)
                low, high = wilson(won, played)
                goal = 0.9 if other == "random" else 0.6
                verdict = "met" if low >= goal else "not met" if high < goal else "undecided at this sample"
                print(f"  mcts:{sims} against {other}: wins {won} of {played} games (seeds "
                      f"{args.first_seed}-{args.first_seed + args.strength - 1}) "
                      f"({100 * won / played:.0f}%, Wilson 95% {100 * low:.0f}-{100 * high:.0f}%; seats swapped; "
                      f"{nowin} without a winner at the {args.max_steps}-action cap; {time.perf_counter() - t:.0f} s)"
                      f"; goal >= {100 * goal:.0f}%: {verdict}", flush=True)
        if args.balance and name in CHANGES:
            from tabletop.sim.balance import balance

            t = time.perf_counter()
            rep = balance(name, variants=[None, CHANGES[name]], bots=f"mcts:{args.balance_sims}", n=args.balance,
                          seed=0, skill_n=0, workers=args.workers, progress=False, max_steps=5000)
            dt = time.perf_counter() - t
            cores = args.workers or os.cpu_count() or 1
            per = dt / args.balance
            print(f"  balance report, {args.balance} mcts:{args.balance_sims} games x 2 variants on {cores} local "
                  f"cores: {dt:.1f} s; projected for 1,000 x 2: {1000 * per / 60:.0f} min here, "
                  f"{1000 * per * cores / args.cluster / 60:.1f} min on a {args.cluster}-core Dask cluster "
                  f"(lengths: median {rep.variant(0).median:.0f} / {rep.variant(1).median:.0f} actions)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
