"""Our search bot against OpenSpiel's, in one run (issue 21's two OpenSpiel yardsticks; printed, never a timed test).

    python benchmarks/openspiel_bench.py                 # (a) and (b) on every game, defaults below
    python benchmarks/openspiel_bench.py --games 8 --budget 100 --only zaxxon

(a) **The yardstick**: OpenSpiel's Python ``MCTSBot`` (``open_spiel.python.algorithms.mcts``, random-rollout
evaluator, ``uct_c`` 2) making one 1,000-simulation decision on OpenSpiel's C++ backgammon, as simulations per
second; beside it our ``tabletop.sim.mcts.MCTSBot`` making one 1,000-simulation decision on each of our games (a
mid-game position: ``--warmup`` random steps from seed 0). Ratio ours / yardstick; goal >= 2.0. Each decision is
timed ``--repeat`` times and the fastest kept (the same for both sides: the machine is shared).

(b) **Through the adapter** (``tabletop.openspiel``): on each of our games, OpenSpiel's ``MCTSBot`` on the
OpenSpiel game and ours on the kit's game, at the same position and the same budget (``--budget`` simulations;
OpenSpiel's rollouts cut at the depth ours use, the rules' ``playout_depth``: OpenSpiel scores a cut-off rollout
as a draw, ours by the rules' ``evaluate``): the simulations/s ratio (goal >= 3.0); then ``--games`` games between
them (half with ours in each seat, the chance outcomes sampled from a seed per pair of games; a forced move is
played without asking either bot; a game reaching the ``--cap`` decisions ends without a winner and counts half):
our win rate with its Wilson 95% interval (goal >= 50%: met when the interval lies above it, not met below it,
else undecided at that sample).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for p in (str(ROOT / "widgets"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts as os_mcts  # noqa: E402

import tabletop.openspiel as tos  # noqa: E402
from tabletop import games  # noqa: E402
from tabletop.engine import Game  # noqa: E402
from tabletop.sim.mcts import PLAYOUT_DEPTH, MCTSBot  # noqa: E402
from tabletop.sim.stats import wilson  # noqa: E402

GOAL_YARDSTICK = 2.0
GOAL_ADAPTER_SPEED = 3.0
GOAL_WIN = 0.5


def _met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def os_bot(game: Any, sims: int, seed: int, depth: int | None) -> Any:
    rs = np.random.RandomState(seed)
    return os_mcts.MCTSBot(game, 2.0, sims, os_mcts.RandomRolloutEvaluator(1, rs, max_length=depth),
                           random_state=rs)


def _os_step(game: Any, sims: int, depth: int, st: Any) -> None:
    os_bot(game, sims, 1, depth).step(st)


def best_time(fn: Any, repeat: int) -> float:
    out = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out = min(out, time.perf_counter() - t0)
    return out


def backgammon_yardstick(sims: int, repeat: int) -> float:
    game = pyspiel.load_game("backgammon")
    st = game.new_initial_state()
    rng = random.Random(0)
    while st.is_chance_node():
        outs = st.chance_outcomes()
        st.apply_action(rng.choices([a for a, _ in outs], [p for _, p in outs])[0])
    bot = os_bot(game, sims, 0, None)
    return sims / best_time(lambda: bot.step(st), repeat)


def _sample(st: Any, rng: random.Random) -> int:
    outs = st.chance_outcomes()
    return int(rng.choices([a for a, _ in outs], [p for _, p in outs])[0])


def adapter_position(name: str, warmup: int, cap: int) -> Any:
    """An adapter state ``warmup`` random steps into a game from seed 0, at a decision with several moves."""
    game = tos.load(name, max_game_length=cap)
    st = game.new_initial_state()
    rng = random.Random(0)
    steps = 0
    while not st.is_terminal():
        if st.is_chance_node():
            st.apply_action(_sample(st, rng))
            continue
        legal = st.legal_actions()
        if steps >= warmup and len(legal) > 1:
            break
        st.apply_action(rng.choice(legal))
        steps += 1
    return game, st


def depth_of(rules: Any) -> int:
    return int(getattr(rules, "playout_depth", PLAYOUT_DEPTH))


def ours_per_s(kit: Game[Any], sims: int, repeat: int) -> float:
    legal = kit.legal_actions()
    # analyse, not choose: choose stops once its move is settled, which would count simulations it never ran
    return sims / best_time(lambda: MCTSBot(seed=1, simulations=sims).analyse(kit, legal), repeat)


class Match:
    """One game between our bot and OpenSpiel's: the OpenSpiel state and the kit's Game kept in step (each
    completed step is played on the kit's game with its drawn outcomes rigged)."""

    def __init__(self, game: Any, ours: int, budget: int, seed: int) -> None:
        self.game = game
        self.st = game.new_initial_state()
        self.rng = random.Random(seed)
        self.ours = ours
        self.mine = MCTSBot(seed=seed, simulations=budget)
        self.theirs = os_bot(game, budget, seed, depth_of(game.spec.rules))
        self.kit: Game[Any] | None = None
        self.done = 0

    def _mirror(self) -> None:
        t = self.st.track
        spec = t.spec
        while self.done < len(t.steps):
            _p, action, outcomes = t.steps[self.done]
            rig: dict[str, list[Any]] = {}
            for k, v in outcomes:
                rig.setdefault(k, []).append(v)
            if self.kit is None:
                self.kit = Game(spec.rules, seed=self.rng.getrandbits(48), variant=spec.variant,
                                players=spec.players, rig=rig)
            else:
                if rig:
                    self.kit.rig(**rig)
                self.kit.play(action)
            self.done += 1

    def play(self) -> list[float]:
        st = self.st
        while not st.is_terminal():
            if st.is_chance_node():
                st.apply_action(_sample(st, self.rng))
            else:
                self._mirror()
                p = st.current_player()
                if len(st.legal_actions()) == 1:  # a forced move: neither bot is asked (ours would not search)
                    st.apply_action(st.legal_actions()[0])
                elif p == self.ours:
                    assert self.kit is not None
                    legal = self.kit.legal_actions()
                    act = self.mine.choose(self.kit, legal)
                    st.apply_action(st.track.legal_actions().index(act))
                else:
                    st.apply_action(self.theirs.step(st))
        return list(st.returns())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="*", default=list(games.GAMES), help="games to measure")
    ap.add_argument("--sims", type=int, default=1000, help="simulations of the (a) decisions")
    ap.add_argument("--budget", type=int, default=50, help="simulations per decision in (b), both bots")
    ap.add_argument("--games", type=int, default=2, help="games per game in (b), seats swapped (even)")
    ap.add_argument("--cap", type=int, default=400, help="decisions after which a (b) game ends without a winner")
    ap.add_argument("--warmup", type=int, default=10, help="random steps before the timed positions")
    ap.add_argument("--repeat", type=int, default=2, help="times each decision is timed (the fastest kept)")
    args = ap.parse_args(argv)
    load = os.getloadavg()
    print(f"openspiel_bench: open_spiel {getattr(pyspiel, '__version__', '?')}, {os.cpu_count()} cores, load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")

    print(f"\n(a) simulations/s, {args.sims}-simulation decisions (fastest of {args.repeat})")
    yard = backgammon_yardstick(args.sims, args.repeat)
    print(f"  yardstick: OpenSpiel Python MCTSBot on C++ backgammon: {yard:8.0f} sims/s")
    for name in args.only:
        _g, st = adapter_position(name, args.warmup, args.cap)
        kit = st.to_game()
        ours = ours_per_s(kit, args.sims, args.repeat)
        r = ours / yard
        print(f"  ours on {name:<8} {ours:8.0f} sims/s  ratio {r:5.2f}  (goal >= {GOAL_YARDSTICK}: {_met(r >= GOAL_YARDSTICK)})")

    print(f"\n(b) through tabletop.openspiel, {args.budget} simulations per decision, {args.games} games per game "
          f"(seats swapped, cap {args.cap} decisions)")
    for name in args.only:
        game, st = adapter_position(name, args.warmup, args.cap)
        kit = st.to_game()
        depth = depth_of(kit.rules)
        theirs_s = args.budget / best_time(partial(_os_step, game, args.budget, depth, st), args.repeat)
        ours = ours_per_s(kit, args.budget, args.repeat)
        r = ours / theirs_s
        print(f"  {name:<8} OpenSpiel MCTSBot {theirs_s:7.0f} sims/s, ours {ours:7.0f} sims/s: ratio {r:5.2f} "
              f"(goal >= {GOAL_ADAPTER_SPEED}: {_met(r >= GOAL_ADAPTER_SPEED)})")
        sys.stdout.flush()
        wins = draws = played = 0
        t0 = time.perf_counter()
        for k in range(args.games):
            ours_seat = k % 2
            m = Match(tos.load(name, max_game_length=args.cap), ours_seat, args.budget, seed=1000 + k // 2)
            ret = m.play()
            played += 1
            if ret[ours_seat] > 0:
                wins += 1
            elif ret[ours_seat] == 0:
                draws += 1
        rate = (wins + draws / 2) / max(played, 1)
        decided = played - draws
        low, high = wilson(wins + draws / 2, played).bounds
        verdict = ("not judged: no game was decided" if not decided else "met" if low >= GOAL_WIN
                   else "NOT met" if high < GOAL_WIN else "undecided at this sample")
        print(f"  {name:<8} ours vs OpenSpiel: {wins} won, {played - wins - draws} lost, {draws} without a winner "
              f"(cap or the rules' turn cap) of {played}: win rate {100 * rate:.0f}% (Wilson 95% {100 * low:.0f}-"
              f"{100 * high:.0f}%; goal >= {100 * GOAL_WIN:.0f}%: {verdict}) [{time.perf_counter() - t0:.0f} s]")
        sys.stdout.flush()
    load = os.getloadavg()
    print(f"\nload average at the end {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
