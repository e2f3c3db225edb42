"""The balance report's closing figures (issue 21), printed from the numbers and written to benchmarks/results/.

    python benchmarks/balance_bench.py                       # every game at the default (modest) sizes
    python benchmarks/balance_bench.py --games xevoz --sims 100 --n 40 --skill-n 20
    python benchmarks/balance_bench.py --games tests.sim.piggame --change '{"target": 30}' --sims 8 --n 6

Per game, every figure with its 95% interval (``tabletop.sim.balance``):

1. **Skill and luck.** The strong bot ``mcts:N`` against the random bot and against the game's best own bot
   ("greedy", else "sensible"), ``--skill-n`` games per seat arrangement, seats swapped on the same seeds: its
   share of the decided games, the skill share ``(W - 1/2) / (1/2)`` and the luck share (how often the random bot
   wins a decided game, against the half it would win in a coin toss). Games without a winner are left out and
   counted.
2. **A rule change whose verdict depends on how well it is played.** For each rule change of the game's list
   (``CHANGES``; ``--change`` to try others) in turn: ``--n`` paired games (the same seeds under the base rules
   and the change) with the strong bot in both seats and the same seeds with the random bot in both seats, each
   judged by the project's one verdict rule (``SimResults.compare``: anytime-valid confidence sequences,
   family-wise 95%, ``tabletop.sim.sequential``). The verdict is, per figure (each seat's win rate, the no-winner
   share, the length), "up", "down" or no claim. The first change whose two verdicts differ is reported with both
   verdicts; if none does, the script says so and lists the verdicts of every change tried. A verdict that
   differs at a small ``--n`` may mean the change matters differently to strong players, or only that one of the
   two runs has more power: both verdicts' intervals are printed beside it.
3. **Time.** The first change's strong report (``--n`` strong games x 2 variants) timed on the local cores
   (``--workers`` processes) and a small measured run of it on a Dask cluster (``dask.distributed``'s
   ``LocalCluster`` with ``--workers`` worker processes and a ``Client``; ``--dask-n`` games x 2 variants), each
   projected to 1,000 x 2 games: here (linear in games) and on a Dask cluster of ``--cluster`` cores (the
   measured Dask core-seconds per game, linear in games and cores: an estimate from a measurement).

Zaxxon's games do not end, under random play or at small search budgets (the 5,000-action cap), so its figures
start from its teaching position ``endgame`` (one target left for blue: ``BASE``), where some games are decided;
every variant is then "that position under the change". ``--max-minutes`` bounds the run: once it is spent, no
further change is tried (and the output says so). Everything is seeded: the same flags print the same figures
(the times aside).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for _p in (ROOT, ROOT / "widgets"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from tabletop import games  # noqa: E402
from tabletop.sim.balance import BalanceReport, VariantBalance, balance  # noqa: E402
from tabletop.sim.core import resolve_game  # noqa: E402
from tabletop.sim.results import Comparison  # noqa: E402

#: the rule changes tried per game, in order (the first is also the timed one)
CHANGES: dict[str, list[dict[str, Any]]] = {
    "xevious": [{"cockpit_card": True}, {"blaster_hits": 2}, {"daley_pieces": True}],
    "xevoz": [{"bonus_chop": False}, {"tie": "re-roll"}, {"drain_symbol_when_attached": "extra-chop"}],
    "zaxxon": [{"must_use_full_count": True}, {"grounded_after_shot": False}, {"turret_fires_on_entry": True}],
}
#: the rules every variant of a game starts from (zaxxon: its endgame teaching position; see the module text)
BASE: dict[str, dict[str, Any]] = {"zaxxon": {"scenario": "endgame"}}
#: the step cap per game (zaxxon's games rarely end: a lower cap keeps the run bounded)
STEPS: dict[str, int] = {"zaxxon": 400}


# -- verdicts -----------------------------------------------------------------------------------------------------
def seat_words(cmp: Comparison, players: tuple[str, ...] | None = None) -> list[str]:
    """The seats by the game's names for them (not the bots': the two verdicts are of different bots)."""
    k = len(cmp.seats)
    return list(players) if players and len(players) == k else [f"seat {i + 1}" for i in range(k)]


def verdict_of(cmp: Comparison, players: tuple[str, ...] | None = None) -> dict[str, str]:
    """Per figure the verdict rule judges: "up" / "down" when its anytime-valid interval excludes zero, else
    "no claim"."""
    names = [f"{nm}'s win rate" for nm in seat_words(cmp, players)] + ["the no-winner share", "the length"]
    return {name: ("up" if d.mean > 0 else "down") if d.significant else "no claim"
            for name, d in zip(names, cmp.figures, strict=True)}


def verdict_words(v: dict[str, str]) -> str:
    said = [f"{name} {word}" for name, word in v.items() if word != "no claim"]
    return ", ".join(said) + " (more than noise)" if said else "no difference more than noise"


def intervals(cmp: Comparison, players: tuple[str, ...] | None = None) -> str:
    """The figures (``b`` minus ``a``) with their fixed-n 95% intervals (Student's t)."""
    names = [*seat_words(cmp, players), "no winner"]
    parts = [f"{nm} {100 * d.mean:+.1f} pts (95% CI {100 * d.low:+.1f} to {100 * d.high:+.1f})"
             for nm, d in zip(names, [*cmp.seats, cmp.draws], strict=True)]
    ln = cmp.length
    parts.append(f"length {ln.mean:+.1f} actions (95% CI {ln.low:+.1f} to {ln.high:+.1f})")
    return "; ".join(parts) + f"; {cmp.n} paired games"


def fewest_for_a_claim(seats: int, limit: int = 10_000) -> int:
    """The fewest paired games after which the verdict rule can claim any difference at all: every game moving the
    same way (a figure of +1 on every seed), at the family-wise level of one comparison of ``seats`` seats."""
    from tabletop.sim.sequential import ConfidenceSequence, family_size

    cs = ConfidenceSequence(-1.0, 1.0, 0.05 / family_size(seats, 2))
    while cs.low <= 0 and cs.n < limit:
        cs.add(1.0)
    return cs.n


# -- figures ------------------------------------------------------------------------------------------------------
def label(change: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in change.items()) or "the rulebook"


def skill_lines(vb: VariantBalance) -> tuple[list[str], dict[str, Any]]:
    """The skill and luck lines of a report's variant, and the same numbers for the JSON file."""
    lines, data = [], {}
    for sk in vb.skill:
        lines.append(f"skill: {sk}")
        sh = sk.share
        data[f"vs {sk.other}"] = {"wins": sk.rate.k, "decided": sk.rate.n, "undecided": sk.undecided,
                                  "win_share": sk.rate.p, "win_ci": [sk.rate.low, sk.rate.high],
                                  "skill_share": sh[0] if sk.rate.n else None, "skill_ci": [sh[1], sh[2]]}
    luck = vb.luck
    rnd = next((sk for sk in vb.skill if sk.other == "random"), None)
    if luck is None or rnd is None:
        lines.append("luck: no luck share (no decided game against the random bot)")
        data["luck_share"] = None
    else:
        fair = 1 / rnd.seats
        won = 1 - rnd.rate.p
        capped = " (the luck share is capped at 1: the random bot won more than a coin toss would)" if won > fair else ""
        lines.append(f"luck: luck share {luck[0]:.2f} (95% CI {luck[1]:.2f}-{luck[2]:.2f}): the random bot wins "
                     f"{100 * won:.0f}% of the decided games against the strong bot, a coin toss would give "
                     f"{100 * fair:.0f}%{capped}")
        data["luck_share"] = luck[0]
        data["luck_ci"] = [luck[1], luck[2]]
        data["random_win_share"] = won
    return lines, data


def run_pair(mod: Any, bots: str, base: dict[str, Any], change: dict[str, Any], n: int, seed: int,
             max_steps: int, executor: Any, workers: int) -> tuple[BalanceReport, float]:
    t = time.perf_counter()
    rep = balance(mod, variants=[base or None, {**base, **change}], bots=bots, n=n, seed=seed, skill_n=0,
                  max_steps=max_steps, executor=executor, workers=workers, progress=False)
    return rep, time.perf_counter() - t


def dask_cluster(workers: int, threads: bool) -> tuple[Any, Any, float]:
    """A ``LocalCluster`` and its ``Client`` (worker processes get this checkout on their path), and the seconds
    it took to start."""
    paths = [str(ROOT), str(ROOT / "widgets")]
    old = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = os.pathsep.join([*paths, *([old] if old else [])])
    import distributed

    t = time.perf_counter()
    cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=not threads,
                                       dashboard_address=None)
    client = distributed.Client(cluster)
    return cluster, client, time.perf_counter() - t


def one_game(name: str, args: argparse.Namespace, out: list[str]) -> dict[str, Any]:
    t_game = time.perf_counter()
    mod = resolve_game(name)
    key = getattr(mod.Rules, "name", name)
    strong = f"mcts:{args.sims}"
    base = BASE.get(name, {}) if args.base is None else json.loads(args.base)
    changes = [json.loads(c) for c in args.change] if args.change else CHANGES.get(name, [])
    max_steps = args.max_steps or STEPS.get(name, 2000)
    players = tuple(getattr(mod.Rules, "default_players", ()) or ())
    local: Executor | str | None = "serial" if args.serial else None
    row: dict[str, Any] = {"game": key, "strong": strong, "base": base, "max_steps": max_steps, "n": args.n,
                           "skill_n": args.skill_n, "seed": args.seed}

    def say(s: str) -> None:
        out.append(s)
        print(s, flush=True)

    say(f"## {key}")
    say(f"strong bot {strong}; base rules: {label(base)}; step cap {max_steps}; seeds from {args.seed}")
    # 1. skill and luck (one strong game is the report's own strong-vs-strong part; the skill games do the work)
    t = time.perf_counter()
    if not args.skill_n:
        say("skill and luck: not measured (--skill-n 0)")
    sk = None if not args.skill_n else balance(mod, variants=[base or None], bots=strong, n=1, seed=args.seed, skill_n=args.skill_n,
                 max_steps=max_steps, executor=local, workers=args.workers, progress=False)
    if sk is not None:
        lines, row["skill"] = skill_lines(sk.variant(0))
        row["skill"]["seconds"] = time.perf_counter() - t
        for ln in lines:
            say(ln)
    # 2. rule changes: strong vs strong and random vs random on the same seeds, one verdict rule
    least = fewest_for_a_claim(len(players) or 2)
    row["fewest_for_a_claim"] = least
    say(f"the verdict rule can claim a difference only from {least} paired games on (and then only if every game "
        f"moves the same way)" + (f": at {args.n} no verdict can claim anything, so none can differ" if args.n < least
                                  else ""))
    tried: list[dict[str, Any]] = []
    found: dict[str, Any] | None = None
    timed: tuple[BalanceReport, float] | None = None
    for i, change in enumerate(changes):
        if i and time.perf_counter() - START > 60 * args.max_minutes:
            say(f"change {label(change)}: not tried (the run's --max-minutes {args.max_minutes:g} is spent)")
            tried.append({"change": change, "tried": False})
            continue
        rep_s, dt_s = run_pair(mod, strong, base, change, args.n, args.seed, max_steps, local, args.workers)
        rep_r, _ = run_pair(mod, "random", base, change, args.n, args.seed, max_steps, local, args.workers)
        if timed is None:
            timed = (rep_s, dt_s)
        cs, cr = rep_s.results.compare(0, 1), rep_r.results.compare(0, 1)
        vs, vr = verdict_of(cs, players), verdict_of(cr, players)
        entry = {"change": change, "tried": True, "strong": vs, "random": vr, "differs": vs != vr,
                 "strong_figures": intervals(cs, players), "random_figures": intervals(cr, players), "n": cs.n,
                 "strong_seconds": dt_s}
        tried.append(entry)
        say(f"change {label(change)}: strong play ({strong} vs {strong}): {verdict_words(vs)}; random play: "
            f"{verdict_words(vr)} -> {'DIFFERENT verdicts' if vs != vr else 'the same verdict'}")
        say(f"    strong: {entry['strong_figures']}")
        say(f"    random: {entry['random_figures']}")
        if vs != vr:
            found = entry
            break
    row["changes"] = tried
    row["found"] = found
    if found is not None:
        say(f"verdict differs: {label(found['change'])} (from {label(base)}) -- under strong play "
            f"{verdict_words(found['strong'])}; under random play {verdict_words(found['random'])}; "
            f"{found['n']} paired games each, the same seeds")
    else:
        say(f"verdict differs: none of the {sum(1 for c in tried if c['tried'])} changes tried gave a different "
            f"verdict under strong and under random play ({args.n} paired games each)")
    # 3. time: the first change's strong report here, a small measured run on Dask, both projected to 1,000 x 2
    if timed is not None:
        rep, dt = timed
        per = dt / max(rep.n, 1)
        row["time"] = {"games": rep.n, "seconds": dt, "workers": args.workers, "serial": args.serial,
                       "projected_local_min": 1000 * per / 60}
        where = "serially" if args.serial else f"on {args.workers} local worker processes"
        say(f"time: {rep.n} {strong} games x 2 variants {where}: {dt:.1f} s ({per:.2f} s per paired seed); "
            f"projected 1,000 x 2 here: {1000 * per / 60:.1f} min")
        row["_timed"] = (mod, strong, base, changes[0], max_steps, [t.record() for t in rep.traces])
    row["seconds"] = time.perf_counter() - t_game
    return row


def dask_time(row: dict[str, Any], args: argparse.Namespace, client: Any, say: Any) -> None:
    """The measured Dask run of a game's timed report (after every local run: no process is forked while the
    cluster's threads run) and its projection to 1,000 x 2 games on a ``--cluster``-core cluster."""
    mod, strong, base, change, max_steps, records = row.pop("_timed")
    rep_d, dt_d = run_pair(mod, strong, base, change, args.dask_n, args.seed, max_steps, client, args.workers)
    core_s = dt_d * args.workers / max(rep_d.n, 1)
    proj = 1000 * core_s / args.cluster / 60
    same = [t.record() for t in rep_d.traces] == records[:len(rep_d.traces)]
    row["time"].update({"dask_games": rep_d.n, "dask_seconds": dt_d, "dask_workers": args.workers,
                        "dask_core_s_per_seed": core_s, "cluster_cores": args.cluster,
                        "projected_dask_min": proj, "dask_same_games": same})
    say(f"time on Dask ({row['game']}): {rep_d.n} {strong} games x 2 variants on a LocalCluster of {args.workers} "
        f"workers: {dt_d:.1f} s ({core_s:.2f} worker-s per paired seed, seeds {args.seed}-{args.seed + rep_d.n - 1} "
        f"only, whose games may be shorter or longer than the average; the same games as the local run: {same}); "
        f"projected 1,000 x 2 on a {args.cluster}-core Dask cluster: {proj:.1f} min (linear in games and cores)")


START = time.perf_counter()


def main(argv: list[str] | None = None) -> int:
    global START
    START = time.perf_counter()
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", nargs="*", default=list(games.GAMES), help="registered names or module paths")
    ap.add_argument("--sims", type=int, default=50, help="the strong bot's simulations per decision (mcts:N)")
    ap.add_argument("--n", type=int, default=24, help="paired games per rule change (strong and random each)")
    ap.add_argument("--skill-n", type=int, default=10, help="skill games per opponent and seat arrangement")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-steps", type=int, default=0, help="step cap per game (0: the game's default)")
    ap.add_argument("--change", action="append", default=[], help="a rule change to try, as JSON (repeatable)")
    ap.add_argument("--base", default=None, help="the base rules as JSON (default: the game's BASE)")
    ap.add_argument("--workers", type=int, default=2, help="local worker processes (and Dask workers)")
    ap.add_argument("--serial", action="store_true", help="play here, one game after another (no pool)")
    ap.add_argument("--dask-n", type=int, default=4, help="games x 2 variants of the measured Dask run (0: skip)")
    ap.add_argument("--dask-threads", action="store_true", help="a thread-based LocalCluster (quick, for tests)")
    ap.add_argument("--cluster", type=int, default=64, help="cores of the Dask cluster the projection assumes")
    ap.add_argument("--max-minutes", type=float, default=40.0, help="try no further change once this is spent")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results"), help="folder for balance.md/.json")
    args = ap.parse_args(argv)
    out: list[str] = []
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    head = (f"# Balance figures (issue 21), {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: strong bot "
            f"mcts:{args.sims}, {args.n} paired games per change, {args.skill_n} skill games per seat arrangement, "
            f"{os.cpu_count()} cores, load average {load:.1f} at the start")
    out.append(head)
    print(head, flush=True)
    rows: list[dict[str, Any]] = []

    def say(line: str) -> None:
        out.append(line)
        print(line, flush=True)

    for name in args.games:
        rows.append(one_game(name, args, out))
    timed = [r for r in rows if "_timed" in r]
    if args.dask_n and timed:
        cluster, client, startup = dask_cluster(args.workers, args.dask_threads)
        try:
            say("## Dask")
            say(f"Dask LocalCluster with {args.workers} workers started in {startup:.1f} s")
            for r in timed:
                dask_time(r, args, client, say)
        finally:
            client.close()
            cluster.close()
    for r in rows:
        r.pop("_timed", None)
    total = f"total {time.perf_counter() - START:.0f} s"
    out.append(total)
    print(total, flush=True)
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "balance.md").write_text("\n".join(
        ln if ln.startswith("#") else ln + "  " for ln in out) + "\n")
    (folder / "balance.json").write_text(json.dumps({"args": vars(args), "games": rows}, indent=1, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
