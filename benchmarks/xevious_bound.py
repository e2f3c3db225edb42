"""How much can any Super Xevious bot win against the random bot? (issue 21: printed, never a timed test)

    python benchmarks/xevious_bound.py census --seeds 0-99            # the decision points of a game
    python benchmarks/xevious_bound.py values --seeds 0-19 --rollouts 200 --workers 2
    python benchmarks/xevious_bound.py oracle --seeds 0-49 --sims 1000 --workers 2

Three measurements, all of the player in seat ``s`` against ``RandomXeviousBot`` (both seatings of each seed,
``simulate``'s seeding: :func:`tabletop.sim.worker.play_one`):

``census``
    the sensible bot plays the random bot; every decision of the sensible seat is counted by its phase and by
    how many legal moves it had. Two kinds of choice cannot matter against the random bot, whatever a bot
    does: turning one's own Battle Card (``aim``: the random enemy's card is uniform, and exactly one of its
    headings points back at any heading, xevious.air-battle: won iff the arrows point at each other) and turning
    the enemy's card in the random player's battle (``enemy``: the random player's card is uniform, the same
    argument). The census says what share of the choices is left.
``values``
    at every decision of the sensible seat with more than one legal move (the guessing kinds above left out),
    each legal move is played and the game continued ``--rollouts`` times by the sensible bot against the random
    bot, with fresh dice (the same ``--rollouts`` dice streams for every move: common random numbers): each
    move's estimated chance to win the game. Printed: how often the choice matters at all (best and worst move
    more than 2 standard errors apart), the spread best - worst, and the gain best - sensible's own move, per
    decision and summed per game (the gain of playing the estimated best move at every decision, one at a time:
    an estimate of what a one-move lookahead over the sensible bot could add; the sum over a game's decisions
    bounds it only roughly, as the improvements do not add up exactly).
``oracle``
    a clairvoyant search: the kit's MCTS bot (``mcts:--sims``, Super Xevious's strategy) whose simulations are
    played with the real game's own future dice (a copy of its chance generator at its counter) instead of
    sampled ones: it sees every die roll and Blaster Card draw to come for every line it considers (not the
    random player's choices, nor the order of the shuffled decks, which the search redraws as it always does).
    No fair bot knows this much; its win rate against the random bot is what seeing the dice buys a search of
    that budget.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "widgets") not in sys.path:
    sys.path.insert(0, str(ROOT / "widgets"))

from tabletop.engine import Game  # noqa: E402
from tabletop.engine.chance import Chance  # noqa: E402
from tabletop.sim.mcts import MCTSBot  # noqa: E402
from tabletop.sim.stats import wilson  # noqa: E402
from tabletop.sim.worker import _bot_seeds  # noqa: E402
from tabletop.xevious import rules as xrules  # noqa: E402
from tabletop.xevious.bots import BOTS, RandomXeviousBot, SensibleBot  # noqa: E402

#: choices whose outcome against a uniformly random card cannot depend on the heading chosen
GUESSES = ("aim", "enemy")



def new_game(seed: int) -> Game[Any]:
    from tabletop.xevious import new_game as make

    g: Game[Any] = make(seed=seed)
    g.safe, g.keep_log = False, False
    return g


def kind_of(state: Any, legal: list[Any]) -> str:
    """The decision's kind: its phase, and for the turn phase what is offered besides rolling."""
    ph = state.phase
    if ph != "turn":
        if ph == "aim" and any(type(a).__name__ == "Blast" for a in legal):
            return "aim+blast"
        return ph
    names = sorted({type(a).__name__ for a in legal})
    return "turn:" + "/".join(names)


def play_game(seed: int, me: int, pick: Any = None, depth_note: Any = None) -> tuple[Game[Any], list[Any]]:
    """One game of the sensible bot (seat ``me``) against the random bot, seeded as ``simulate`` seeds it;
    ``pick(game, legal, bot)`` may choose the sensible seat's move instead (``None``: the bot's)."""
    g = new_game(seed)
    seeds = _bot_seeds(seed, 2)
    bots = [SensibleBot(seed=seeds[0]) if me == 0 else RandomXeviousBot(seed=seeds[0]),
            SensibleBot(seed=seeds[1]) if me == 1 else RandomXeviousBot(seed=seeds[1])]
    decisions: list[Any] = []
    steps = 0
    while g.current_player is not None and steps < 5000:
        p = g.current_player
        legal = g.legal_actions()
        if p == me:
            decisions.append((kind_of(g.raw_state, legal), len(legal)))
            a = pick(g, legal, bots[p]) if pick is not None else bots[p].choose(g, legal)
        else:
            a = bots[p].choose(g, legal)
        g.play(a)
        steps += 1
    return g, decisions


def census(seeds: range) -> None:
    by_kind: Counter[str] = Counter()
    multi: Counter[str] = Counter()
    games = won = 0
    total = choices = 0
    for seed in seeds:
        for me in (0, 1):
            g, decisions = play_game(seed, me)
            games += 1
            won += g.winner == me
            for kind, n in decisions:
                total += 1
                by_kind[kind] += 1
                if n > 1:
                    choices += 1
                    multi[kind] += 1
    lo, hi = wilson(won, games).bounds
    print(f"census: sensible against random, {games} games (seeds {seeds.start}-{seeds.stop - 1}, both seats): sensible "
          f"won {won} ({100 * won / games:.1f}%, Wilson 95% {100 * lo:.1f}-{100 * hi:.1f}%)")
    print(f"  the sensible seat's decisions: {total / games:.1f} per game, {choices / games:.1f} with more than one "
          f"legal move ({100 * choices / max(total, 1):.0f}%)")
    guess = sum(v for k, v in multi.items() if k.split("+")[0] in GUESSES and "blast" not in k)
    print(f"  of those, Battle Card headings (aim / enemy: no heading wins more often against a random card): "
          f"{guess / games:.1f} per game; left: {(choices - guess) / games:.1f} per game")
    for k, v in sorted(by_kind.items(), key=lambda kv: -kv[1]):
        print(f"    {k:40s} {v / games:6.2f} per game, {multi[k] / games:6.2f} with a choice")


# -- values ---------------------------------------------------------------------------------------------------------
def rollout(g: Game[Any], state: Any, counter: int, version: int, action: Any, me: int, chance_seed: int,
            bot_seed: int) -> float:
    """Play ``action`` at the position, then the sensible bot (seat ``me``) against the random bot to the end,
    with dice from ``chance_seed`` (never the real game's) and bots seeded from ``bot_seed``: 1 if ``me`` wins,
    1/2 without a winner, else 0."""
    f = g.fork_at(state, chance_counter=counter, version=version)
    f.chance = Chance(chance_seed, f.rules.chance_domains)
    f.safe, f.keep_log = False, False
    bots = [SensibleBot(seed=bot_seed) if me == 0 else RandomXeviousBot(seed=bot_seed),
            SensibleBot(seed=bot_seed + 1) if me == 1 else RandomXeviousBot(seed=bot_seed + 1)]
    f.play(action)
    steps = 0
    while f.current_player is not None and steps < 5000:
        p = f.current_player
        f.play(bots[p].choose(f, f.legal_actions()))
        steps += 1
    if f.winner is None:
        return 0.5
    return 1.0 if f.winner == me else 0.0


def values_task(seed: int, me: int, rollouts: int, play: str = "sensible") -> list[dict[str, Any]]:
    """Every choice (not a guess) of the sensible seat in the game of ``seed``: each move's rollout mean. ``play``:
    the move played at each choice, sensible's own or ``"best"``, the one of the best rollout mean (a one-step
    rollout player: the sensible bot improved by one step of policy iteration). The last row is the game's
    result."""
    rows: list[dict[str, Any]] = []
    rng = random.Random(seed * 7919 + me)

    def pick(g: Game[Any], legal: list[Any], bot: Any) -> Any:
        chosen = bot.choose(g, legal)
        kind = kind_of(g.raw_state, legal)
        if len(legal) > 1 and kind not in GUESSES:
            state = g.rules.copy_state(g.raw_state)
            counter, version = g.chance.counter, g.version
            streams = [(rng.getrandbits(62), rng.getrandbits(40)) for _ in range(rollouts)]
            half = rollouts // 2
            means, first, second = [], [], []
            for a in legal:
                got = [rollout(g, state, counter, version, a, me, cs, bs) for cs, bs in streams]
                means.append(sum(got) / rollouts)
                first.append(sum(got[:half]) / max(half, 1))
                second.append(sum(got[half:]) / max(rollouts - half, 1))
            rows.append({"seed": seed, "me": me, "kind": kind, "n": len(legal), "means": means, "first": first,
                         "second": second, "chosen": legal.index(chosen), "stage": g.raw_state.stage})
            if play == "best":
                return legal[max(range(len(legal)), key=means.__getitem__)]
        return chosen

    g, _ = play_game(seed, me, pick)
    rows.append({"seed": seed, "me": me, "result": True, "won": g.winner == me, "winner": g.winner})
    return rows


def values(seeds: range, rollouts: int, workers: int, out: str | None, play: str = "sensible") -> None:
    rows: list[dict[str, Any]] = []
    jobs = [(s, me) for s in seeds for me in (0, 1)]
    sink = open(out, "a") if out else None  # noqa: SIM115
    t0 = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        futs = [pool.submit(values_task, s, me, rollouts, play) for s, me in jobs]
        for i, f in enumerate(as_completed(futs), 1):
            got = f.result()
            rows.extend(got)
            if sink:
                for r in got:
                    print(json.dumps(r), file=sink, flush=True)
            if i % 4 == 0 or i == len(jobs):
                print(f"  [{time.perf_counter() - t0:.0f} s] {i} of {len(jobs)} games analysed, {len(rows)} choices",
                      flush=True)
    report_values(rows, len(jobs), rollouts, play)


def report_values(rows: list[dict[str, Any]], games: int, rollouts: int, play: str = "sensible") -> None:
    results = [r for r in rows if r.get("result")]
    rows = [r for r in rows if not r.get("result")]
    if results:
        won = sum(r["won"] for r in results)
        lo, hi = wilson(won, len(results)).bounds
        who = ("the one-step rollout player (the best rollout mean at every choice)" if play == "best"
               else "the sensible bot")
        print(f"games: {who} against random won {won} of {len(results)} ({100 * won / len(results):.1f}%, Wilson 95% "
              f"{100 * lo:.1f}-{100 * hi:.1f}%)")
    se = 0.5 / math.sqrt(rollouts)  # the largest standard error of a mean of 0/1 outcomes
    spreads = [max(r["means"]) - min(r["means"]) for r in rows]
    gains = [max(r["means"]) - r["means"][r["chosen"]] for r in rows]
    matter = sum(1 for s in spreads if s > 2 * math.sqrt(2) * se)
    print(f"values: {len(rows)} choices in {games} games ({len(rows) / max(games, 1):.1f} per game), {rollouts} "
          f"rollouts per move (sensible against random, common dice per decision)")
    print(f"  best - worst move: mean {100 * sum(spreads) / max(len(rows), 1):.2f} points of win chance, median "
          f"{100 * sorted(spreads)[len(spreads) // 2] if spreads else 0:.2f}; more than 2 standard errors of a "
          f"difference ({100 * 2 * math.sqrt(2) * se:.1f} points) in {matter} ({100 * matter / max(len(rows), 1):.0f}%)")
    print(f"  best - sensible's move: mean {100 * sum(gains) / max(len(rows), 1):.2f} points per choice, "
          f"{100 * sum(gains) / max(games, 1):.1f} points summed per game (each best estimated with the noise of "
          f"{rollouts} rollouts, so this overstates the gain)")
    halves = [r for r in rows if "first" in r]
    if halves:  # the best move picked on one half of the rollouts, its gain measured on the other: no selection bias
        held = []
        for r in halves:
            for pick_on, judge_on in (("first", "second"), ("second", "first")):
                best = max(range(len(r[pick_on])), key=r[pick_on].__getitem__)
                held.append((r[judge_on][best] - r[judge_on][r["chosen"]]) / 2)
        print(f"  held out (the best move chosen on one half of the rollouts, its gain over sensible's measured on "
              f"the other, both ways): {100 * sum(held) / len(halves):.2f} points per choice, "
              f"{100 * sum(held) / max(games, 1):.1f} points summed per game")
    kinds: dict[str, list[float]] = {}
    for r, g in zip(rows, gains, strict=True):
        kinds.setdefault(r["kind"], []).append(g)
    for k, v in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        print(f"    {k:40s} {len(v) / max(games, 1):5.2f} per game, gain best - sensible {100 * sum(v) / len(v):5.2f} "
              f"points each")


# -- oracle --------------------------------------------------------------------------------------------------------
class ClairvoyantMCTS(MCTSBot):
    """The kit's search, every simulation played with the real game's future chance (a copy of its generator)."""

    name = "clairvoyant"

    def simulation_chance(self, game: Game[Any], seed: int) -> Chance:
        return game.chance.copy()


def oracle_task(seed: int, me: int, sims: int) -> dict[str, Any]:
    g = Game(xrules.XeviousRules(), seed=seed, players=2, safe=False, log=False)
    seeds = _bot_seeds(seed, 2)
    bots = [ClairvoyantMCTS(seed=seeds[0], simulations=sims) if me == 0 else BOTS["random"](seed=seeds[0]),
            ClairvoyantMCTS(seed=seeds[1], simulations=sims) if me == 1 else BOTS["random"](seed=seeds[1])]
    steps = 0
    while g.current_player is not None and steps < 5000:
        p = g.current_player
        g.play(bots[p].choose(g, g.legal_actions()))
        steps += 1
    return {"seed": seed, "seat": me, "won": g.winner == me, "winner": g.winner, "steps": steps}


def oracle(seeds: range, sims: int, workers: int, out: str | None) -> None:
    jobs = [(s, me) for s in seeds for me in (0, 1)]
    sink = open(out, "a") if out else None  # noqa: SIM115
    won = n = 0
    t0 = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        futs = [pool.submit(oracle_task, s, me, sims) for s, me in jobs]
        for f in as_completed(futs):
            r = f.result()
            n += 1
            won += r["won"]
            if sink:
                print(json.dumps(r), file=sink, flush=True)
            if n % 10 == 0 or n == len(jobs):
                lo, hi = wilson(won, n).bounds
                print(f"  [{time.perf_counter() - t0:.0f} s] clairvoyant mcts:{sims} against random: {won} of {n} "
                      f"({100 * won / n:.1f}%, Wilson 95% {100 * lo:.1f}-{100 * hi:.1f}%)", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("census", "values", "oracle"))
    ap.add_argument("--seeds", default="0-19")
    ap.add_argument("--rollouts", type=int, default=100)
    ap.add_argument("--sims", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default=None)
    ap.add_argument("--play", choices=("sensible", "best"), default="sensible",
                    help="values: the move played at a choice (sensible's, or the best rollout mean)")
    args = ap.parse_args(argv)
    a, _, b = args.seeds.partition("-")
    seeds = range(int(a), int(b or a) + 1)
    print(f"xevious_bound {args.what}: load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on "
          f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M:%S')}", flush=True)
    if args.what == "census":
        census(seeds)
    elif args.what == "values":
        values(seeds, args.rollouts, args.workers, args.out, args.play)
    else:
        oracle(seeds, args.sims, args.workers, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
