"""Command line for long sweeps: ``python -m tabletop.sim GAME ...`` or ``tabletop-simulate GAME ...``.

    tabletop-simulate zaxxon --n 5000 --variant radar_barrier=false --out radar.json --out radar.csv
    tabletop-simulate xevoz --options            # list the rule options of a game
    tabletop-simulate zaxxon --n 20000 --variant radar_barrier=false --early-stop 0.95 --tolerance 0.02

Every ``--variant`` is one variant (options separated by commas or given as JSON); the rulebook rules are
always variant 1 unless ``--no-baseline``. Ctrl-C stops early and still writes the games played so far.
A wrong argument prints one line (``tabletop-simulate: ...``) and exits with status 2, before any game is played;
every ``--out`` file is checked (a .json or .csv file in a writable folder) before the run starts.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from .core import Cancel, TextProgress, resolve_game, simulate
from .sequential import EarlyStop

PROG = "tabletop-simulate"
OUT_SUFFIXES = (".json", ".csv")


class UsageError(Exception):
    """A wrong command line: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {PROG} --help)")


def _positive_int(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be a positive whole number, not {v}")
    return v


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def check_out(path: str) -> Path:
    """Refuse an ``--out`` file that cannot be written, before anything runs (a plain reason)."""
    p = Path(path)
    if p.suffix.lower() not in OUT_SUFFIXES:
        raise UsageError(f"--out {path}: the file name must end in .json or .csv (the format is chosen by it)")
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.exists():
        raise UsageError(f"--out {path}: the folder {str(folder)!r} does not exist")
    if not folder.is_dir():
        raise UsageError(f"--out {path}: {str(folder)!r} is not a folder")
    if p.exists() and p.is_dir():
        raise UsageError(f"--out {path}: that is a folder, not a file")
    try:  # try for real (permission bits do not tell root, or a read-only file system, the truth)
        if p.exists():
            with p.open("a"):
                pass
        else:
            with tempfile.NamedTemporaryFile(dir=folder, prefix=".tabletop-simulate-", suffix=p.suffix):
                pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise UsageError(f"--out {path}: cannot be written ({reason})") from None
    return p


def _one_line(exc: BaseException) -> str:
    msg = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
    return " ".join(msg.split()) or type(exc).__name__


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
    p = _Parser(prog=PROG, description=__doc__.split("\n\n")[0],
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", help="zaxxon, xevoz, xevious (or a game module path)")
    p.add_argument("--n", type=_positive_int, default=1000, help="games per variant (default 1000)")
    p.add_argument("--seed", type=_int, default=0, help="first seed; game i uses seed+i under every variant")
    p.add_argument("--bots", default=None,
                   help="bot name for every seat, or one per seat separated by commas (default random)")
    p.add_argument("--players", type=_positive_int, default=None, help="number of seats (default: the game's default)")
    p.add_argument("--variant", action="append", default=[], metavar="OPTIONS",
                   help="one variant: name=value[,name=value] or JSON; repeat for more variants")
    p.add_argument("--no-baseline", action="store_true", help="do not add the rulebook rules as variant 1")
    p.add_argument("--workers", type=_positive_int, default=None, help="processes (default: all local cores)")
    p.add_argument("--chunk", type=_positive_int, default=None,
                   help="seeds per task, each played under every variant (default: automatic)")
    p.add_argument("--serial", action="store_true", help="play in this process (no pool)")
    p.add_argument("--dask", metavar="ADDRESS", default=None,
                   help="run on a Dask cluster (scheduler address, or 'local' for a local cluster)")
    p.add_argument("--early-stop", type=_number, default=None, metavar="CONFIDENCE",
                   help="stop once every compared figure is settled at this confidence (e.g. 0.95), with an "
                        "anytime-valid confidence sequence; --n is then the most games per variant")
    p.add_argument("--tolerance", type=_number, default=None, metavar="SHARE",
                   help="with --early-stop: a win-rate difference below this share (default 0.02 = 2 points) is "
                        "no practical difference")
    p.add_argument("--max-steps", type=_positive_int, default=20_000, help="cap on actions per game")
    p.add_argument("--out", action="append", default=[], metavar="FILE", help="write results (.json or .csv)")
    p.add_argument("--report", action="store_true",
                   help="a balance report (tabletop.sim.balance): strong bots (--bots, one name, default mcts:50) "
                        "in every seat, plus the skill games against random and the game's best bot; --n games "
                        "per variant")
    p.add_argument("--skill-n", type=_int, default=None, metavar="N",
                   help="with --report: games per seat arrangement of the skill games (default n/2; 0: none)")
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
    lines.append("bots: " + ", ".join(getattr(mod, "BOTS", {})) + ", and for every game mcts or mcts:N (a tree "
                 "search with N simulations per decision)")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 done, 2 a wrong argument, 1 a failure, 130 stopped)."""
    try:
        return _main(argv)
    except UsageError as exc:
        print(f"{PROG}: {_one_line(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: stopped", file=sys.stderr)
        return 130


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.options:
            print(list_options(args.game))
            return 0
        outs = [check_out(p) for p in args.out]
        variants: list[dict[str, Any]] = [] if args.no_baseline else [{}]
        for v in args.variant:
            try:
                variants.append(parse_variant(v))
            except json.JSONDecodeError as exc:
                raise UsageError(f"--variant {v}: not valid JSON ({exc.msg})") from None
        if not variants:
            raise UsageError("no variant to play (--no-baseline needs at least one --variant)")
        if args.serial and args.dask:
            raise UsageError("--serial and --dask cannot be used together")
        if args.tolerance is not None and args.early_stop is None:
            raise UsageError("--tolerance needs --early-stop")
        early: EarlyStop | None = None
        if args.early_stop is not None:
            early = EarlyStop(confidence=args.early_stop,
                              **({"tolerance": args.tolerance} if args.tolerance is not None else {}))
        bots: str | list[str] | None = None
        if args.bots:
            bots = [b.strip() for b in args.bots.split(",")] if "," in args.bots else args.bots.strip()
    except (KeyError, ValueError, TypeError, ImportError) as exc:
        raise UsageError(_one_line(exc)) from None
    executor: Any = "serial" if args.serial else None
    if args.report:
        return _report(args, variants, bots, executor)
    client = cluster = None
    cancel = Cancel()
    try:
        # arguments are checked by a dry call before a cluster starts (simulate checks before it plays)
        simulate(args.game, variants=variants, bots=bots, n=1, seed=args.seed, executor="serial",
                 workers=args.workers, chunk=args.chunk, players=args.players, progress=False,
                 max_steps=1, cancel=_already_set(), early_stop=early)
        if args.dask:
            from distributed import Client, LocalCluster

            if args.dask == "local":
                cluster = LocalCluster(n_workers=args.workers or 2, threads_per_worker=1, dashboard_address=None)
                client = Client(cluster)
            else:
                client = Client(args.dask, timeout="10s")
            executor = client  # the stream submits to it and harvests with distributed.as_completed
        res = simulate(args.game, variants=variants, bots=bots, n=args.n, seed=args.seed, executor=executor,
                       workers=args.workers, chunk=args.chunk, players=args.players,
                       progress=False if args.quiet else TextProgress(), cancel=cancel,
                       max_steps=args.max_steps, early_stop=early)
    except (KeyError, ValueError, TypeError, ImportError) as exc:
        raise UsageError(_one_line(exc)) from None
    except (OSError, TimeoutError) as exc:
        print(f"{PROG}: {_one_line(exc) if str(exc) else type(exc).__name__}", file=sys.stderr)
        return 1
    except Exception as exc:  # a bug in a game or a bot: one line, and the way to see more
        print(f"{PROG}: failed: {type(exc).__name__}: {_one_line(exc)}", file=sys.stderr)
        return 1
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    failed = False
    for path in outs:
        try:
            res.save(path)
        except OSError as exc:
            print(f"{PROG}: could not write {path}: {_one_line(exc)}", file=sys.stderr)
            failed = True
            continue
        if not args.quiet:
            print(f"wrote {path}", file=sys.stderr)
    if not args.quiet:
        print(res.summary())
        print(f"({len(res.records)} games in {res.seconds:.2f} s)")
    if failed:
        return 1
    return 0 if res.complete else 130


def _report(args: argparse.Namespace, variants: list[dict[str, Any]], bots: Any, executor: Any) -> int:
    from .balance import STRONG, balance

    if isinstance(bots, list):
        raise UsageError("--report plays one strong bot in every seat: give one name with --bots (such as mcts:50)")
    if args.dask or args.early_stop is not None or args.out:
        raise UsageError("--report runs here or on a local pool: --dask, --early-stop and --out are for plain runs")
    try:
        rep = balance(args.game, variants=variants, bots=bots or STRONG, n=args.n, seed=args.seed,
                      executor=executor, workers=args.workers, skill_n=args.skill_n,
                      max_steps=min(args.max_steps, 5000),
                      progress=False if args.quiet else TextProgress(label="balance"))
    except (KeyError, ValueError, TypeError, ImportError) as exc:
        raise UsageError(_one_line(exc)) from None
    except Exception as exc:  # a bug in a game or a bot: one line
        print(f"{PROG}: failed: {type(exc).__name__}: {_one_line(exc)}", file=sys.stderr)
        return 1
    if not args.quiet:
        print(rep.summary())
        print(f"({len(rep.traces)} strong-against-strong games in {rep.seconds:.2f} s)")
    return 130 if rep.cancelled else 0


def _already_set() -> Cancel:
    c = Cancel()
    c.set()
    return c


if __name__ == "__main__":
    raise SystemExit(main())
