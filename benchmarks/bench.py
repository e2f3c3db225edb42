"""Engine speed per game, and OpenSpiel's C++ backgammon as the yardstick.

    python benchmarks/bench.py            # every game that is installed (about a minute per game)
    python benchmarks/bench.py --quick    # a few seconds per game; the sweep is 1,000 games x 2 variants
    python benchmarks/bench.py --games zaxxon --profile    # also the hot spots (cProfile) of each engine

Per game it prints: engine steps/s and games/s with random bots as the simulator plays them (``play_one``: no
log, rule firings counted, the collector paused during a game; the figure the ratio uses), the same with the
history and every event kept (as a board plays), the smart bot ("greedy" or "sensible") as simulated, and the
wall time for 10,000 games x 2 variants on all local cores (``tabletop.simulate``); then the variant lab's time
to a first verdict and to a settled one, and a summary of every figure with the goals marked met or not. A *step* is one action a player takes (dice rolled inside it are not
counted as steps). The yardstick is OpenSpiel's backgammon random playouts driven from Python (the
``open_spiel`` package, when installed), counted two ways: every node applied (chance nodes included, the
stricter figure, used for the ratio) and decisions only (comparable to our steps). Each game's two random-bot
figures and the yardstick are timed side by side, in five slices each taken in turn (:func:`interleaved`), and
the game's ratios divide by the yardstick timed beside them: on a shared machine the load changes within
seconds, and a yardstick timed once at the start would divide figures taken under another load.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "widgets") not in sys.path:
    sys.path.insert(0, str(ROOT / "widgets"))

from tabletop import games  # noqa: E402
from tabletop.engine import Game, Variant  # noqa: E402
from tabletop.sim import Cancel, play_one, simulate  # noqa: E402
from tabletop.sim.core import resolve_game  # noqa: E402

SMART = ("greedy", "sensible", "smart")


def smart_bot(mod: Any) -> str | None:
    bots = getattr(mod, "BOTS", {})
    for name in SMART:
        if name in bots:
            return name
    others = [b for b in bots if b != "random"]
    return others[0] if others else None


def alt_variant(vtype: type[Variant]) -> dict[str, Any] | None:
    """A playable variant that differs from the rulebook in one option (the first one that can change)."""
    for info in vtype.options():
        cands: list[Any] = []
        d = info.default
        if info.choices:
            cands = [c for c in info.choices if c != d]
        elif isinstance(d, bool):
            cands = [not d]
        elif isinstance(d, int):
            cands = [d + 1, d - 1]
        for c in cands:
            try:
                vtype.from_dict({info.name: c})
            except (ValueError, TypeError):
                continue
            return {info.name: c}
    return None


class _Clock:
    """One figure timed in slices: ``one_game(seed) -> (steps, capped)`` played for seeds 0, 1, ... (each slice
    goes on with the next seed), its steps, games and seconds summed over the slices."""

    def __init__(self, one_game: Any) -> None:
        self.one_game = one_game
        self.steps = self.games = self.capped = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        """Play whole games for about ``seconds`` (at least one)."""
        t0 = time.perf_counter()
        deadline = t0 + seconds
        while True:
            n, cap = self.one_game(self.games)
            self.steps += n
            self.capped += cap
            self.games += 1
            if time.perf_counter() >= deadline:
                break
        self.seconds += time.perf_counter() - t0

    def result(self) -> dict[str, float]:
        dt = self.seconds
        return {"steps_per_s": self.steps / dt, "games_per_s": self.games / dt,
                "steps_per_game": self.steps / self.games, "games": self.games, "capped": self.capped}


def _timed(seconds: float, one_game: Any) -> dict[str, float]:
    """Play ``one_game(seed) -> (steps, capped)`` for seeds 0, 1, ... for about ``seconds``: steps/s and games/s."""
    clock = _Clock(one_game)
    clock.run(seconds)
    return clock.result()


def interleaved(seconds: float, figures: dict[str, Any], rounds: int = 5) -> dict[str, dict[str, float]]:
    """Each of ``figures`` (name -> ``one_game``) timed for about ``seconds`` in all, in ``rounds`` slices taken in
    turn (the order rotated each round): on a shared machine the load changes from second to second, and figures
    timed side by side like this see the same load, so their ratios hold where figures timed one after the other
    do not."""
    clocks = {name: _Clock(fn) for name, fn in figures.items()}
    names = list(clocks)
    for r in range(rounds):
        k = r % len(names)
        for name in names[k:] + names[:k]:
            clocks[name].run(seconds / rounds)
    return {name: c.result() for name, c in clocks.items()}


def playout_game(mod: Any, bot: str, *, log: bool = True, max_steps: int = 5000) -> Any:
    """``one_game(seed)``: a whole game with ``bot`` in every seat, as a board plays it (``Game(safe=False,
    log=True)``: the history and every event kept) or with ``log=False``; a game still going after ``max_steps``
    actions is stopped and counted as capped."""
    rules = mod.Rules()
    table = mod.BOTS
    seats = len(rules.default_players)

    def one_game(seed: int) -> tuple[int, bool]:
        g: Game[Any] = Game(rules, seed=seed, safe=False, log=log)
        bots = [table[bot](seed=seed * 7 + i) for i in range(seats)]
        n = 0
        while g.current_player is not None:
            if n >= max_steps:
                return n, True
            g.play(bots[g.current_player].choose(g, g.legal_actions()))
            n += 1
        return n, False

    return one_game


def playouts(mod: Any, bot: str, seconds: float, *, log: bool = True, max_steps: int = 5000) -> dict[str, float]:
    """Play whole games with ``bot`` in every seat for about ``seconds``: steps/s and games/s (a game still
    going after ``max_steps`` actions is stopped and counted as capped)."""
    return _timed(seconds, playout_game(mod, bot, log=log, max_steps=max_steps))


def sim_game(mod: Any, bot: str, *, max_steps: int = 5000) -> Any:
    """``one_game(seed)``: a whole game exactly as the simulator plays it (``tabletop.sim.play_one``: no log, rule
    firings counted in ``Game.tally``, the garbage collector paused during a game)."""
    seats = len(mod.Rules().default_players)

    def one_game(seed: int) -> tuple[int, bool]:
        rec = play_one(mod.__name__, {}, [bot] * seats, seed, 0, max_steps)
        return rec.steps, not rec.finished

    return one_game


def sim_playouts(mod: Any, bot: str, seconds: float, *, max_steps: int = 5000) -> dict[str, float]:
    """Whole games for about ``seconds`` exactly as the simulator plays them (``tabletop.sim.play_one``: no log,
    rule firings counted in ``Game.tally``, the garbage collector paused during a game): steps/s and games/s."""
    return _timed(seconds, sim_game(mod, bot, max_steps=max_steps))


def profile(mod: Any, bot: str, seconds: float, max_steps: int, top: int = 14) -> str:
    pr = cProfile.Profile()
    pr.enable()
    playouts(mod, bot, seconds, max_steps=max_steps)
    pr.disable()
    buf = io.StringIO()
    pstats.Stats(pr, stream=buf).sort_stats("tottime").print_stats(top)
    lines = [ln for ln in buf.getvalue().splitlines() if ln.strip()]
    start = next((i for i, ln in enumerate(lines) if ln.lstrip().startswith("ncalls")), 0)
    return "\n".join(lines[start:start + top + 1])


def sweep(mod: Any, n: int, workers: int, max_steps: int, bot: str, budget: float,
          repeats: int = 1) -> dict[str, Any]:
    """``n`` games x 2 variants on ``workers`` processes; stopped after ``budget`` seconds (then the time for
    all of them is projected from the games finished, and says so). A sweep that finished within 15 s is run
    ``repeats`` times in all and its median time reported (``runs``: every time): on a shared machine single
    runs of the same code differ by 20% and more."""
    rules = mod.Rules()
    alt = alt_variant(rules.variant_type)
    variants: list[dict[str, Any] | None] = [None, alt if alt is not None else None]
    runs: list[float] = []
    while True:
        cancel = Cancel()
        timer = threading.Timer(budget, cancel.set)
        timer.start()
        t0 = time.perf_counter()
        try:
            res = simulate(mod, variants=variants, bots=bot, n=n, seed=0, workers=workers, progress=False,
                           max_steps=max_steps, cancel=cancel)
        finally:
            timer.cancel()
        runs.append(time.perf_counter() - t0)
        if not res.complete or runs[0] > 15 or len(runs) >= repeats:
            break
    dt = statistics.median(runs)
    done = len(res.records)
    shared = sum(res.shared)
    out = {"seconds": dt, "games": done, "total": 2 * n, "complete": res.complete, "bot": bot,
           "projected_seconds": dt if res.complete else (dt * 2 * n / done if done else float("inf")),
           "variant": alt or "rulebook twice (no option to change)", "unfinished": res.unfinished,
           "shared": shared, "alone_seconds": None, "runs": runs}
    if shared and res.complete:
        # the same 2 x n games with every game played: each variant in a run of its own (nothing to share)
        t0 = time.perf_counter()
        for v in variants:
            simulate(mod, variants=[v], bots=bot, n=n, seed=0, workers=workers, progress=False, max_steps=max_steps)
        out["alone_seconds"] = time.perf_counter() - t0
    return out


class _Backgammon:
    """``one_game(seed)`` of the yardstick: one OpenSpiel backgammon random playout (every node applied, chance
    nodes included, counted as steps; the decisions counted apart). One generator for all games, seeded 0."""

    def __init__(self, pyspiel: Any) -> None:
        self.game = pyspiel.load_game("backgammon")
        self.rng = random.Random(0)
        self.decisions = 0

    def __call__(self, seed: int) -> tuple[int, bool]:
        rng = self.rng
        s = self.game.new_initial_state()
        nodes = 0
        while not s.is_terminal():
            if s.is_chance_node():
                outs = s.chance_outcomes()
                s.apply_action(outs[rng.randrange(len(outs))][0])
            else:
                legal = s.legal_actions()
                s.apply_action(legal[rng.randrange(len(legal))])
                self.decisions += 1
            nodes += 1
        return nodes, False


def _pyspiel() -> Any:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    return pyspiel


def _yard_result(clock_result: dict[str, float], bg: _Backgammon, seconds: float) -> dict[str, float]:
    return {"steps_per_s": clock_result["steps_per_s"], "decisions_per_s": bg.decisions / seconds,
            "games_per_s": clock_result["games_per_s"]}


def openspiel(seconds: float) -> dict[str, float] | None:
    pyspiel = _pyspiel()
    if pyspiel is None:
        return None
    bg = _Backgammon(pyspiel)
    clock = _Clock(bg)
    clock.run(seconds)
    return _yard_result(clock.result(), bg, clock.seconds)


def first_verdict(game: str = "xevoz", bots: str = "greedy", repeats: int = 3, n: int | None = None,
                  **options: Any) -> dict[str, Any]:
    """Seconds from pressing Run in the variant lab to the first snapshot shown with a verdict (headless: the
    ``Lab`` object driven in this process, its live chart and verdict updated as in a notebook, minus the
    browser). ``n`` defaults to the games per variant of notebooks/variants/04 (read from the notebook); each
    run is stopped once it has shown its first verdict. Options default to that notebook's lab
    (``bonus_chop=False``)."""
    import re

    from tabletop.lab import Lab

    if n is None:
        nb = json.loads((ROOT / "notebooks" / "variants" / "04_xevoz_drain_attack.ipynb").read_text())
        src = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
        found = re.search(r'TABLETOP_LAB_N", "(\d+)"', src)
        if found is None:
            raise ValueError("notebooks/variants/04 no longer says its N (TABLETOP_LAB_N default)")
        n = int(found.group(1))
    options = options or {"bonus_chop": False}
    t0 = time.perf_counter()
    lab = Lab(game, n=n, bots=bots, **options)
    build = time.perf_counter() - t0
    times, paired = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        lab.run_button.click()
        while lab.first_verdict_s is None:
            if lab.error or time.perf_counter() - t0 > 120:
                raise RuntimeError(f"no verdict from the lab: {lab.error or 'nothing within 120 s'}")
            time.sleep(0.002)
        times.append(time.perf_counter() - t0)
        res = lab.results
        paired.append(res.compare(0, 1).n if res is not None else 0)
        lab.cancel_button.click()
        lab.wait()
    return {"game": game, "n": n, "bots": bots, "options": options, "seconds": sorted(times),
            "median": sorted(times)[len(times) // 2], "max": max(times), "paired": paired,
            "lab_build_seconds": build, "load": os.getloadavg()}


def settled_verdict(game: str = "xevoz", bots: str = "greedy", n: int = 10_000, workers: int | None = None,
                    confidence: float = 0.95, **options: Any) -> dict[str, Any]:
    """Seconds and games until early stopping settles every compared figure (``simulate(early_stop=...)`` on
    the local cores; the rulebook against ``options``, default the variants/04 change ``bonus_chop=False``), or
    the whole ``n`` if it never settles."""
    from tabletop.sim import EarlyStop

    options = options or {"bonus_chop": False}
    t0 = time.perf_counter()
    res = simulate(game, variants=[None, options], bots=bots, n=n, seed=0, workers=workers, progress=False,
                   early_stop=EarlyStop(confidence=confidence))
    dt = time.perf_counter() - t0
    return {"game": game, "bots": bots, "options": options, "seconds": dt, "stopped": res.stopped,
            "paired": res.compare(0, 1).n, "planned": n, "states": [f.state for f in res.sequential],
            "confidence": confidence}


def _span(xs: list[int]) -> str:
    return f"{min(xs)}" if min(xs) == max(xs) else f"{min(xs)}-{max(xs)}"


def _capped(row: dict[str, Any], cap: int) -> str:
    if not row["capped"]:
        return ""
    return f"; {row['capped']} of {row['games']} games stopped at the {cap:,}-action cap"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="short timings; the sweep is 1,000 games x 2 variants")
    ap.add_argument("--games", nargs="*", default=None, help="game names or module paths (default: all installed)")
    ap.add_argument("--profile", action="store_true", help="print each engine's hot spots (cProfile)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    ap.add_argument("--seconds", type=float, default=None, help="time per measurement (default 4, quick 1)")
    ap.add_argument("--sweep", type=int, default=None, help="games per variant in the sweep (default 10,000)")
    ap.add_argument("--budget", type=float, default=None,
                    help="seconds the sweep may take before it stops and projects (default 120, quick 20)")
    ap.add_argument("--max-steps", type=int, default=5000,
                    help="stop a game after this many actions and count it as capped (default 5,000)")
    args = ap.parse_args(argv)

    secs = args.seconds or (1.0 if args.quick else 4.0)
    n_sweep = args.sweep or (1000 if args.quick else 10_000)
    budget = args.budget or (20.0 if args.quick else 120.0)
    names = args.games if args.games else games.available()
    report: dict[str, Any] = {"quick": args.quick, "cores": os.cpu_count(), "workers": args.workers, "games": {}}
    print(f"Tabletop Arcade engine benchmark ({'quick' if args.quick else 'full'}; {os.cpu_count()} local cores, "
          f"python {sys.version.split()[0]})")
    if not names:
        print("no game is installed yet (pass --games tests.sim.piggame to time the kit's test game)")

    yard = openspiel(secs)
    if yard is None:
        print("yardstick: OpenSpiel is not installed (pip install open_spiel): no yardstick, no ratio")
    else:
        print(f"yardstick: OpenSpiel C++ backgammon, random playouts from Python: {yard['steps_per_s']:,.0f} "
              f"steps/s (chance nodes included; {yard['decisions_per_s']:,.0f} decisions/s), "
              f"{yard['games_per_s']:,.0f} games/s")
    report["openspiel_backgammon"] = yard

    for name in names:
        mod = resolve_game(name)
        label = getattr(mod.Rules, "name", name)
        row: dict[str, Any] = {}
        print(f"\n== {label}")
        # the two random-bot figures and the yardstick timed side by side, in slices taken in turn (interleaved):
        # each ratio divides figures that saw the same load
        figures: dict[str, Any] = {"random": sim_game(mod, "random", max_steps=args.max_steps),
                                   "random_logged": playout_game(mod, "random", max_steps=args.max_steps)}
        bg = _Backgammon(_pyspiel()) if yard is not None else None
        if bg is not None:
            figures["yardstick"] = bg
        timed = interleaved(secs, figures)
        here = None
        if bg is not None:
            spent = timed["yardstick"]["games"] / timed["yardstick"]["games_per_s"]
            here = row["yardstick"] = _yard_result(timed["yardstick"], bg, spent)
            print(f"  yardstick beside it     : {here['steps_per_s']:>10,.0f} steps/s (OpenSpiel backgammon timed in "
                  "turn with the two random-bot figures below; their ratios are to this figure)")
        rnd = row["random"] = timed["random"]
        _print_speed("random bots, as simulated", rnd, _per_game(rnd, args.max_steps), here)
        if here:
            row["ratio"] = rnd["steps_per_s"] / here["steps_per_s"]
            row["ratio_decisions"] = rnd["steps_per_s"] / here["decisions_per_s"]
        logged = row["random_logged"] = timed["random_logged"]
        _print_speed("random bots, logged", logged, "history and every event kept, as a board plays", here)
        if here:
            row["ratio_logged"] = logged["steps_per_s"] / here["steps_per_s"]
        sb = smart_bot(mod)
        if sb:
            sm = sim_playouts(mod, sb, secs, max_steps=args.max_steps)
            row[sb] = sm
            _print_speed(f"{sb} bots, as simulated", sm, _per_game(sm, args.max_steps), None)
        # random bots that cannot finish a game would time only the cap: then the sweep uses the smart bot
        sweep_bot = sb if rnd["capped"] * 2 > rnd["games"] and sb else "random"
        sw = sweep(mod, n_sweep, args.workers, args.max_steps, sweep_bot, budget, repeats=1 if args.quick else 3)
        row["sweep"] = sw
        spread = (f"median of {len(sw['runs'])} runs, {min(sw['runs']):.2f}-{max(sw['runs']):.2f} s; "
                  if len(sw["runs"]) > 1 else "")
        how = (f"{sw['seconds']:.2f} s" if sw["complete"] else
               f"stopped after {sw['seconds']:.1f} s with {sw['games']:,} games: about {sw['projected_seconds']:,.0f} s "
               "for all (projected)")
        print(f"  {n_sweep:,} games x 2 variants ({sw['variant']}), {sweep_bot} bots, {args.workers} workers: "
              f"{how} ({spread}{sw['games'] / sw['seconds']:,.0f} games/s"
              + (f"; {sw['unfinished']} games stopped at the {args.max_steps:,}-action cap" if sw["unfinished"]
               else "") + ")")
        if sw["shared"]:
            print(f"    {sw['shared']:,} of the variant's {n_sweep:,} games never read the changed option: their "
                  "seed's rulebook game is their record, not played again (the others continue from the last "
                  "position kept before the first read, when the rules allow it)"
                  + (f"; every game played (each variant in its own run): {sw['alone_seconds']:.2f} s"
                     if sw["alone_seconds"] is not None else ""))
        if args.profile:
            print("  hot spots (random bots, by own time):")
            text = profile(mod, "random", secs, args.max_steps)
            print("\n".join("    " + ln for ln in text.splitlines()))
            row["profile"] = text
        report["games"][label] = row
    if "xevoz" in names and "xevoz" in games.available():
        fv = first_verdict()
        report["first_verdict"] = fv
        print(f"\nvariant lab, time to first verdict (Run -> first chart + verdict, {fv['game']} lab, {fv['n']:,} games "
              f"per variant, {fv['bots']} bots, {', '.join(f'{k}={v}' for k, v in fv['options'].items())}; headless): "
              f"median {fv['median']:.2f} s, max {fv['max']:.2f} s over {len(fv['seconds'])} runs (first verdict on "
              f"{_span(fv['paired'])} paired game(s); building the lab {fv['lab_build_seconds']:.1f} s; "
              f"load average {fv['load'][0]:.1f})")
        sv = settled_verdict(n=n_sweep, workers=args.workers)
        report["settled_verdict"] = sv
        print(f"variant lab, stop when the answer is clear ({sv['game']}, {sv['bots']} bots, "
              f"{', '.join(f'{k}={v}' for k, v in sv['options'].items())}, {sv['confidence']:.0%} confidence sequence, "
              f"{args.workers} workers): {sv['stopped']} after {sv['paired']:,} paired games of {sv['planned']:,} in "
              f"{sv['seconds']:.1f} s (figures: {', '.join(sv['states'])})")
    print_summary(report, n_sweep, args.workers)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1, default=str))
    return 0


def _per_game(res: dict[str, Any], max_steps: int) -> str:
    return f"{res['steps_per_game']:.0f} steps/game{_capped(res, max_steps)}"


def _print_speed(label: str, res: dict[str, Any], note: str, yard: dict[str, float] | None) -> None:
    """One line of playout speed: steps/s, games/s, a note, and the ratio to the yardstick when there is one."""
    ratio = f"   ratio to yardstick {res['steps_per_s'] / yard['steps_per_s']:.2f}" if yard else ""
    print(f"  {label:<25}: {res['steps_per_s']:>10,.0f} steps/s {res['games_per_s']:>9,.1f} games/s ({note}){ratio}")


def print_summary(report: dict[str, Any], n_sweep: int, workers: int) -> None:
    """Every figure of the run in one table, beside the yardstick (the goals of issue 13 marked met or not)."""
    yard = report.get("openspiel_backgammon")
    print("\n== summary (this run" + (f"; load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg")
                                       else "") + ")")
    if yard:
        print(f"  yardstick OpenSpiel backgammon: {yard['steps_per_s']:,.0f} steps/s (all nodes) at the start; each "
              "game's ratios are to the yardstick timed beside its figures (column 'yardstick')")
    print(f"  {'game':<10} {'yardstick':>10} {'random steps/s':>15} {'ratio':>6} {'goal >= 1.0':>12} "
          f"{'logged ratio':>13} {'smart steps/s':>14} {f'{n_sweep:,} x 2 sweep':>18}")
    for label, row in report["games"].items():
        rnd = row["random"]["steps_per_s"]
        ratio = row.get("ratio")
        smart = next((v["steps_per_s"] for k, v in row.items() if isinstance(v, dict) and k in SMART), None)
        sw = row["sweep"]
        sweep_text = (f"{sw['seconds']:.1f} s" if sw["complete"] else f"~{sw['projected_seconds']:.0f} s (proj.)")
        beside = row.get("yardstick")
        print(f"  {label:<10} {'-' if beside is None else format(beside['steps_per_s'], ',.0f'):>10} "
              f"{rnd:>15,.0f} {'-' if ratio is None else format(ratio, '.2f'):>6} "
              f"{'-' if ratio is None else ('met' if ratio >= 1.0 else 'not met'):>12} "
              f"{'-' if row.get('ratio_logged') is None else format(row['ratio_logged'], '.2f'):>13} "
              f"{'-' if smart is None else format(smart, ',.0f'):>14} {sweep_text:>18}")
    xv = report["games"].get("xevoz")
    if xv and n_sweep == 10_000:
        sw = xv["sweep"]
        secs = sw["projected_seconds"]
        runs = sw.get("runs") or []
        spread = (f"; median of {len(runs)} runs, {min(runs):.1f}-{max(runs):.1f} s" if len(runs) > 1 else "")
        alone = (f" ({sw['shared']:,} games not played again; every game played: {sw['alone_seconds']:.1f} s{spread})"
                 if sw.get("alone_seconds") is not None else (f" ({spread[2:]})" if spread else ""))
        print(f"  goal: 10,000 Xevoz battles x 2 variants <= 5 s on {workers} workers: {secs:.1f} s, "
              f"{'met' if secs <= 5 else 'not met'}{alone}")
    fv = report.get("first_verdict")
    if fv:
        print(f"  goal: first chart with a verdict within 3 s of Run: median {fv['median']:.2f} s, "
              f"{'met' if fv['max'] <= 3 else 'not met'} (headless lab)")
    sv = report.get("settled_verdict")
    if sv:
        if sv["stopped"] == "early":
            print(f"  early stopping: every figure settled after {sv['paired']:,} paired games in {sv['seconds']:.1f} s")
        else:
            print(f"  early stopping: not every figure settled within {sv['paired']:,} paired games "
                  f"({sv['seconds']:.1f} s; states: {', '.join(sv['states'])})")


if __name__ == "__main__":
    raise SystemExit(main())
