"""Fuzz every game's input contract: random play with malformed input injected.

    python benchmarks/fuzz.py                      # 100,000 steps per game, 30% injected (make fuzz)
    python benchmarks/fuzz.py --steps 3000         # a short run (tests/test_fuzz_games.py runs one in make test)
    python benchmarks/fuzz.py --games zaxxon --inject 0.5 --seed 7

A *step* is one call of ``game.play``: either a random bot's legal move, or (with probability ``--inject``) an
injected input: a field of the wrong type (bool for int, 1.0 for int, text for a number, "" or over-long text,
None, lists, NaN, Infinity, huge ints), an unknown action type, junk dicts and keys, nested junk (deep lists, a
list that contains itself, a key of JSON nested thousands deep), actions of the other games (objects and dicts),
and legal-looking values that are not listed now (another plane, another space, lower case, a trailing space).
Now and then the fuzzer also takes a move back (undo), rigs a chance outcome or clears the rigs.

Per game it prints, and ``fuzz()`` returns:
  steps, injected      how many inputs were played, and how many of them were malformed or not listed
  errors               exceptions other than IllegalAction (from play, explain, decode or a refused rig)
  accepted             injected inputs that were accepted although not among the legal moves (by value)
  corrupted            refusals that changed the game (digest, state, version, chance counter, rigs, script)
  explain              refusals where ``explain`` disagreed with ``play`` (other clause, or no refusal)
  mismatches           saves (JSON round trip) that loaded into a different game (digest, rigs, actions)
The target is 0 for each of the last five figures. ``stale rigs`` (information, not a failure) counts legal moves
refused with RigError because an outcome rigged earlier could no longer come up (then the rigs are cleared).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "widgets") not in sys.path:
    sys.path.insert(0, str(ROOT / "widgets"))

from tabletop import games  # noqa: E402
from tabletop.engine import Action, Game, IllegalAction, RandomBot, RigError, encode_action  # noqa: E402

WRONG: list[Any] = [True, False, 1.0, 1.5, -0.0, "", "x" * 300, None, [], [1], [[["deep"]]], {"a": 1}, math.nan,
                    math.inf, -math.inf, 2**70, -(2**70), 10**30, -1, 0, 7, "E5", "1", "true", "null", " ", "\x00"]


def _nested(depth: int) -> Any:
    v: Any = 1
    for _ in range(depth):
        v = [v]
    return v


def _self_list() -> list[Any]:
    x: list[Any] = []
    x.append(x)
    return x


class Injector:
    """Malformed and non-listed inputs for one game (``other`` = action types of the other games)."""

    def __init__(self, rng: random.Random, own: tuple[type[Action], ...], other: list[type[Action]]) -> None:
        self.rng = rng
        self.own = own
        self.other = other
        self.seen: dict[tuple[str, str], list[Any]] = {}  # (type, field) -> values seen in legal actions

    def learn(self, legal: list[Action]) -> None:
        for a in legal[:8]:
            for f in dataclasses.fields(a):
                vals = self.seen.setdefault((type(a).__name__, f.name), [])
                v = getattr(a, f.name)
                if len(vals) < 64 and v not in vals:
                    vals.append(v)

    def make(self, legal: list[Action]) -> Any:
        rng = self.rng
        kind = rng.randrange(10)
        base = rng.choice(legal) if legal else None
        if kind <= 2 and base is not None and dataclasses.fields(base):  # a wrong type in one field
            f = rng.choice(dataclasses.fields(base))
            bad = rng.choice(WRONG)
            if rng.random() < 0.5:
                d = encode_action(base)
                d[f.name] = bad
                return d
            return _replace(base, f.name, bad)
        if kind == 3:  # legal-looking, not listed
            if base is not None and dataclasses.fields(base):
                f = rng.choice(dataclasses.fields(base))
                v = getattr(base, f.name)
                choices = self.seen.get((type(base).__name__, f.name), []) + _near(v)
                return _replace(base, f.name, rng.choice(choices)) if choices else base
            return rng.choice(self.own)() if self.own else {}
        if kind == 4:  # another type of this game with default or seen values
            t = rng.choice(self.own)
            kw = {f.name: rng.choice(self.seen.get((t.__name__, f.name), [f.default]))
                  for f in dataclasses.fields(t) if self.seen.get((t.__name__, f.name)) or
                  f.default is not dataclasses.MISSING}
            try:
                return t(**kw)
            except TypeError:
                return {"type": t.__name__}
        if kind == 5:  # actions of the other games
            t = rng.choice(self.other)
            try:
                a = t()
            except TypeError:
                return {"type": t.__name__}
            return a if rng.random() < 0.5 else encode_action(a)
        if kind == 6:  # unknown types and junk values
            return rng.choice([{"type": "Nope"}, {"type": 123}, {"type": None}, {}, "not json", "[1]", "{",
                               '{"type":"Roll","type":1}', "", "null", 42, None, 3.5, [{"type": "Roll"}],
                               b"{}", {"type": ["Roll"]}, object()])
        if kind == 7:  # junk keys
            d = encode_action(base) if base is not None else {"type": rng.choice(self.own).__name__}
            junk = rng.choice([{"zz": 1}, {1: 2}, {"x" * 500: 1}, {"": None}, {None: 1}, {"__class__": "x"}])
            return {**d, **junk}
        if kind == 8:  # nested junk
            name = (type(base) if base is not None else rng.choice(self.own)).__name__
            fields = [f.name for f in dataclasses.fields(base)] if base is not None else []
            fname = rng.choice(fields) if fields else "x"
            return rng.choice([
                {"type": name, fname: _nested(rng.choice([5, 50, 5000]))},
                {"type": name, fname: _self_list()},
                '{"type":"' + name + '","' + fname + '":' + "[" * 5000 + "]" * 5000 + "}",
                "[" * 100_000 + "]" * 100_000,
                {"type": name, fname: list(range(10_000))},
                {"type": name, fname: {"a": {"b": {"c": {}}}}},
            ])
        # kind 9: NaN, Infinity, huge numbers as keys
        name = (type(base) if base is not None else rng.choice(self.own)).__name__
        fields = [f.name for f in dataclasses.fields(base)] if base is not None else []
        fields = fields or ["x"]
        return rng.choice([
            '{"type":"' + name + '","' + rng.choice(fields) + '":NaN}',
            '{"type":"' + name + '","' + rng.choice(fields) + '":Infinity}',
            '{"type":"' + name + '","' + rng.choice(fields) + '":' + "9" * 5000 + "}",
            '{"type":"' + name + '","' + rng.choice(fields) + '":1e999}',
        ])


def _replace(action: Action, name: str, value: Any) -> Action:
    """A copy of ``action`` with one field set to anything (frozen dataclasses do not check types)."""
    new = dataclasses.replace(action)
    object.__setattr__(new, name, value)
    return new


def _near(v: Any) -> list[Any]:
    if type(v) is int:
        return [v + 1, v - 1, v + 10, -v]
    if type(v) is str:
        return [v.lower(), v.upper(), v + " ", " " + v, v[:-1], v + "x", "anything at all"] if v else ["x"]
    if type(v) is bool:
        return [not v]
    return []


def _fingerprint(g: Game[Any]) -> tuple[Any, ...]:
    return (g.digest(), g.version, g.chance.counter, json.dumps(g.rigged, sort_keys=True), len(g.history),
            len(g._script), g.current_player)


def _replays(g: Game[Any], mod: Any) -> bool:
    data = json.loads(json.dumps(g.save()))
    h = mod.load(data)
    return bool(h.digest() == g.digest() and h.rigged == g.rigged and h.actions == g.actions
                and h.chance.counter == g.chance.counter)


def fuzz(name: str, steps: int = 100_000, inject: float = 0.3, seed: int = 0, max_game: int = 600,
         examples: int = 5) -> dict[str, Any]:
    """Run the fuzzer on game ``name``; the figures (and a few examples of each kind of failure)."""
    mod = games.get(name)
    rules = mod.Rules()
    own = tuple(rules.action_types)
    other = [t for n in games.available() if n != name for t in games.get(n).Rules().action_types]
    rng = random.Random(seed)
    inj = Injector(rng, own, other)
    out: dict[str, Any] = {"game": name, "steps": 0, "injected": 0, "errors": 0, "accepted": 0, "corrupted": 0,
                           "explain": 0, "mismatches": 0, "stale_rigs": 0, "games": 0, "saves": 0, "examples": []}

    def note(kind: str, text: str) -> None:
        out[kind] += 1
        if len(out["examples"]) < examples:
            out["examples"].append(f"{kind}: {text}")

    t0 = time.perf_counter()
    gseed = seed * 1_000_003
    while out["steps"] < steps:
        gseed += 1
        g = mod.new_game(seed=gseed)
        bot = RandomBot(seed=gseed)
        n = 0
        while out["steps"] < steps and not g.is_over and n < max_game:
            legal = g.legal_actions()
            inj.learn(legal)
            out["steps"] += 1
            r = rng.random()
            if r < inject:
                bad = inj.make(legal)
                listed = _listed(g, bad, legal)
                if not listed:
                    out["injected"] += 1
                before = _fingerprint(g)
                why = None
                try:
                    why = g.explain(bad)
                except Exception as exc:  # noqa: BLE001 - counting is the point
                    note("errors", f"explain({_short(bad)}) raised {type(exc).__name__}: {_short(exc)}")
                if _fingerprint(g) != before:
                    note("corrupted", f"explain({_short(bad)}) changed the game")
                try:
                    g.play(bad)
                except IllegalAction as exc:
                    if listed:
                        note("errors", f"listed {_short(bad)} was refused: {exc}")
                    if _fingerprint(g) != before:
                        note("corrupted", f"refused {_short(bad)} changed the game")
                    if why is None or why.rule != exc.rule:
                        note("explain", f"{_short(bad)}: play said {exc.rule}, explain said "
                                        f"{why.rule if why else None}")
                    continue
                except Exception as exc:  # noqa: BLE001
                    note("errors", f"play({_short(bad)}) raised {type(exc).__name__}: {_short(exc)}")
                    if _fingerprint(g) != before:
                        note("corrupted", f"crashed {_short(bad)} changed the game")
                    continue
                if not listed:
                    note("accepted", f"{_short(bad)} was played although not listed")
                n += 1
                continue
            if r < inject + 0.01 and g.can_undo:
                g.undo()
                continue
            if r < inject + 0.02:
                _rig(g, rng, note)
                continue
            if r < inject + 0.025:
                before = g.rigged
                try:
                    g.clear_rigs(rng.choice([None, *rules.chance_domains]))
                except Exception as exc:  # noqa: BLE001
                    note("errors", f"clear_rigs raised {type(exc).__name__}: {exc}")
                continue
            try:
                g.play(bot.choose(g, legal))
            except RigError:
                # a rig made earlier cannot come up now (the game's rig_domain did not foresee it): counted apart
                out["stale_rigs"] += 1
                g.clear_rigs()
                continue
            except Exception as exc:  # noqa: BLE001
                note("errors", f"a legal move raised {type(exc).__name__}: {_short(exc)}")
                break
            n += 1
        out["games"] += 1
        out["saves"] += 1
        try:
            if not _replays(g, mod):
                note("mismatches", f"seed {gseed}: the save loaded into a different game")
        except Exception as exc:  # noqa: BLE001
            note("mismatches", f"seed {gseed}: the save did not load: {type(exc).__name__}: {_short(exc)}")
    out["seconds"] = round(time.perf_counter() - t0, 1)
    return out


def _listed(g: Game[Any], bad: Any, legal: list[Action]) -> bool:
    """Whether ``bad`` decodes to an action listed as legal, fields of the exact type included."""
    try:
        a = g.decode(bad)
    except Exception:  # noqa: BLE001
        return False
    for x in legal:
        if x == a and all(type(getattr(x, f.name)) is type(getattr(a, f.name)) for f in dataclasses.fields(x)):
            return True
    return False


def _rig(g: Game[Any], rng: random.Random, note: Any) -> None:
    kinds = list(g.rules.chance_domains)
    kind = rng.choice(kinds)
    dom = list(g.rules.chance_domains[kind])
    value = rng.choice(dom + [True, 3.0, math.nan, "junk", None, 10**40])
    before = _fingerprint(g)
    try:
        g.rig(**{kind: value})
    except RigError:
        if _fingerprint(g) != before:
            note("corrupted", f"a refused rig {kind}={_short(value)} changed the game")
    except Exception as exc:  # noqa: BLE001
        note("errors", f"rig({kind}={_short(value)}) raised {type(exc).__name__}: {_short(exc)}")


def _short(v: Any) -> str:
    try:
        r = repr(v)
    except Exception:  # noqa: BLE001
        r = f"<{type(v).__name__}>"
    return r if len(r) <= 80 else r[:77] + "..."


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", nargs="*", default=None, help="game names (default: all installed)")
    ap.add_argument("--steps", type=int, default=100_000, help="steps per game (default 100,000)")
    ap.add_argument("--inject", type=float, default=0.3, help="share of injected inputs (default 0.3)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    names = args.games or games.available()
    bad = 0
    print(f"fuzz: {args.steps:,} steps per game, {args.inject:.0%} injected, seed {args.seed}")
    print(f"{'game':10} {'steps':>8} {'injected':>9} {'errors':>7} {'accepted':>9} {'corrupted':>10} "
          f"{'explain':>8} {'mismatches':>11} {'games':>6} {'seconds':>8} {'stale rigs':>11}")
    for name in names:
        r = fuzz(name, args.steps, args.inject, args.seed)
        print(f"{name:10} {r['steps']:>8,} {r['injected']:>9,} {r['errors']:>7} {r['accepted']:>9} "
              f"{r['corrupted']:>10} {r['explain']:>8} {r['mismatches']:>11} {r['games']:>6} {r['seconds']:>8} "
              f"{r['stale_rigs']:>11}",
              flush=True)
        for ex in r["examples"]:
            print("    " + ex)
        bad += r["errors"] + r["accepted"] + r["corrupted"] + r["explain"] + r["mismatches"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
