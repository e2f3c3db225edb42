"""The strength pairings' closing figures from the games' own records (issue 21; printed, never a timed test).

    python benchmarks/strength_figures.py benchmarks/results/runs-2026-12-07/*.jsonl

Reads the files ``benchmarks/mcts_screen.py --out`` writes (a header line naming the game, the opponent, the search
bot and its settings, then one line per game: the seed, the search's seat, whether it won), groups the games by
(game, opponent, bot, settings) and, per group, counts each (seed, seat) once: games won by the search, with the
Wilson 95% interval; the seeds played in both seats (won both / split / lost both); and the ``tabletop.sim.balance``
figures of those games: the skill share ``(W - 1/2) / (1/2)`` of the decided games and, against the random bot,
the luck share (how often the random bot wins a decided game, against the half a coin toss would give). The
goal of each pairing (>= 90% against random, >= 60% against the best bot) is "met" when the whole interval lies
at or above the goal, "not met" when it lies below, and "undecided at this sample" when it straddles the goal
(a share above the goal with an interval reaching below it is not a result).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "widgets") not in sys.path:
    sys.path.insert(0, str(ROOT / "widgets"))

from tabletop.sim.balance import Skill, VariantBalance  # noqa: E402
from tabletop.sim.stats import wilson  # noqa: E402


def default_budget(game: str) -> int:
    """The budget of ``bots="mcts"`` on ``game`` in this checkout."""
    import importlib

    from tabletop.sim.mcts import game_simulations

    return game_simulations(importlib.import_module(f"tabletop.{game}").BOTS)


def load(paths: list[str]) -> dict[tuple[str, str, str, str], dict[tuple[int, int], dict[str, Any]]]:
    groups: dict[tuple[str, str, str, str], dict[tuple[int, int], dict[str, Any]]] = {}
    for p in paths:
        key = None
        for line in Path(p).read_text().splitlines():
            if not line.startswith("{"):
                continue
            r = json.loads(line)
            if "game" in r:
                bot = r["bot"]
                if bot == "mcts":  # the game's default budget (the header of a later run says which: "budget")
                    bot = f"mcts:{r.get('budget') or default_budget(r['game'])}"
                key = (r["game"], r["against"], bot, json.dumps(r.get("set", [])) + json.dumps(r.get("variant", {})))
            elif "seed" in r and key is not None:
                groups.setdefault(key, {})[(r["seed"], r["seat"])] = r
    return groups


def figures(key: tuple[str, str, str, str], games: dict[tuple[int, int], dict[str, Any]]) -> list[str]:
    game, other, bot, extra = key
    rows = list(games.values())
    n = len(rows)
    won = sum(r["won"] for r in rows)
    decided = [r for r in rows if r["winner"] is not None]
    lo, hi = wilson(won, n).bounds
    seeds = sorted({s for s, _ in games})
    both = [s for s in seeds if (s, 0) in games and (s, 1) in games]
    two = sum(games[(s, 0)]["won"] and games[(s, 1)]["won"] for s in both)
    none = sum(not games[(s, 0)]["won"] and not games[(s, 1)]["won"] for s in both)
    goal = 0.9 if other == "random" else 0.6
    share = won / max(n, 1)
    if lo >= goal:
        verdict, sure = "met", " (the interval lies above it)"
    elif hi < goal:
        verdict, sure = "not met", " (the interval lies below it)"
    else:
        verdict = "undecided at this sample"
        sure = f" (the interval straddles it; the share itself is {'above' if share >= goal else 'below'} it)"
    settings = "" if extra == "[]{}" else f" [{extra}]"
    out = [f"{game}: {bot}{settings} against {other}: won {won} of {n} games ({100 * share:.1f}%, Wilson 95% "
           f"{100 * lo:.1f}-{100 * hi:.1f}%), seeds {seeds[0]}-{seeds[-1]}, seats swapped; goal >= {100 * goal:.0f}%: "
           f"{verdict}{sure}",
           f"    {len(both)} seeds in both seats: won both {two}, split {len(both) - two - none}, lost both {none}; "
           f"{n - len(decided)} games without a winner"]
    sk = Skill(bot, other, wilson(sum(r["won"] for r in decided), len(decided)), 2, n - len(decided))
    out.append(f"    {sk}")
    if other == "random":
        vb = VariantBalance("", [], *([None] * 10), skill=[sk])  # type: ignore[arg-type]
        luck = vb.luck
        if luck is not None:
            out.append(f"    luck share {luck[0]:.2f} (95% CI {luck[1]:.2f}-{luck[2]:.2f}): the random bot won "
                       f"{100 * (1 - sk.rate.p):.1f}% of the decided games; a coin toss would give 50%")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    for key, games in sorted(load(args.files).items()):
        for line in figures(key, games):
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
