"""Command line for long sweeps: ``python -m tabletop.sim GAME ...`` or ``tabletop-simulate GAME ...``.

    tabletop-simulate zaxxon --n 5000 --variant radar_barrier=false --out radar.json --out radar.csv
    tabletop-simulate xevoz --options            # list the rule options of a game

Every ``--variant`` is one variant (options separated by commas or given as JSON); the rulebook rules are
always variant 1 unless ``--no-baseline``. Ctrl-C stops early and still writes the games played so far.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from .core import Cancel, TextProgress, resolve_game, simulate


def parse_value(text: str) -> Any:
    """``true``/``false``, numbers, JSON lists, or ``a|b|c`` for a tuple; anything else is a string."""
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if "|" in text:
        return [parse_value(t) for t in text.split("|")]
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text.strip()


def parse_variant(text: str) -> dict[str, Any]:
    """``"radar_barrier=false,spinner=1|1|1|1"`` or a JSON object -> a dict of options."""
    text = text.strip()
    if text in ("", "rulebook", "default"):
        return {}
    if text.startswith("{"):
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("a JSON variant must be an object of options")
        return data
    out: dict[str, Any] = {}
    for part in text.split(","):
        if "=" not in part:
            raise ValueError(f"variant option {part!r} must look like name=value")
        k, v = part.split("=", 1)
        out[k.strip()] = parse_value(v)
    return out


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tabletop-simulate", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", help="zaxxon, xevoz, xevious (or a game module path)")
    p.add_argument("--n", type=int, default=1000, help="games per variant (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="first seed; game i uses seed+i under every variant")
    p.add_argument("--bots", default=None,
                   help="bot name for every seat, or one per seat separated by commas (default random)")
    p.add_argument("--players", type=int, default=None, help="number of seats (default: the game's default)")
    p.add_argument("--variant", action="append", default=[], metavar="OPTIONS",
                   help="one variant: name=value[,name=value] or JSON; repeat for more variants")
    p.add_argument("--no-baseline", action="store_true", help="do not add the rulebook rules as variant 1")
    p.add_argument("--workers", type=int, default=None, help="processes (default: all local cores)")
    p.add_argument("--chunk", type=int, default=None, help="games per task (default: automatic)")
    p.add_argument("--serial", action="store_true", help="play in this process (no pool)")
    p.add_argument("--dask", metavar="ADDRESS", default=None,
                   help="run on a Dask cluster (scheduler address, or 'local' for a local cluster)")
    p.add_argument("--max-steps", type=int, default=20_000, help="cap on actions per game")
    p.add_argument("--out", action="append", default=[], metavar="FILE", help="write results (.json or .csv)")
    p.add_argument("--quiet", action="store_true", help="no progress bar and no summary")
    p.add_argument("--options", action="store_true", help="list the game's rule options and bots, then stop")
    return p


def list_options(game: str) -> str:
    mod = resolve_game(game)
    rules = mod.Rules()
    lines = [f"{rules.title}: rule options (default = the rulebook)"]
    for o in rules.variant_type.options():
        extra = ""
        if o.choices:
            extra = f"; one of {', '.join(map(str, o.choices))}"
        elif o.low is not None or o.high is not None:
            extra = f"; from {o.low} to {o.high}"
        lines.append(f"  {o.name} = {o.default!r}  [{o.rule}] {o.doc}{extra}")
    lines.append("bots: " + ", ".join(getattr(mod, "BOTS", {})))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.options:
            print(list_options(args.game))
            return 0
        variants: list[dict[str, Any]] = [] if args.no_baseline else [{}]
        variants += [parse_variant(v) for v in args.variant]
        if not variants:
            raise ValueError("no variant to play (--no-baseline needs at least one --variant)")
        bots: str | list[str] | None = None
        if args.bots:
            bots = args.bots.split(",") if "," in args.bots else args.bots
        executor: Any = "serial" if args.serial else None
        client = cluster = None
        if args.dask:
            from distributed import Client, LocalCluster

            if args.dask == "local":
                cluster = LocalCluster(n_workers=args.workers or 2, threads_per_worker=1, dashboard_address=None)
                client = Client(cluster)
            else:
                client = Client(args.dask)
            executor = client.get_executor()
        cancel = Cancel()
        try:
            res = simulate(args.game, variants=variants, bots=bots, n=args.n, seed=args.seed, executor=executor,
                           workers=args.workers, chunk=args.chunk, players=args.players,
                           progress=False if args.quiet else TextProgress(), cancel=cancel,
                           max_steps=args.max_steps)
        finally:
            if client is not None:
                client.close()
            if cluster is not None:
                cluster.close()
    except (KeyError, ValueError, TypeError) as exc:
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"tabletop-simulate: {msg}", file=sys.stderr)
        return 2
    for path in args.out:
        res.save(path)
        if not args.quiet:
            print(f"wrote {path}", file=sys.stderr)
    if not args.quiet:
        print(res.summary())
        print(f"({len(res.records)} games in {res.seconds:.2f} s)")
    return 0 if res.complete else 130


if __name__ == "__main__":
    raise SystemExit(main())
