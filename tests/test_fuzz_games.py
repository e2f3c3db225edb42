"""Input contracts of every game (issue 10): a short run of benchmarks/fuzz.py, the known bad actions, and
hundreds of edited saves that must each be refused (SaveError) or load into exactly the game they describe."""

from __future__ import annotations

import copy
import importlib.util
import json
import math
from pathlib import Path
from typing import Any

import pytest

from tabletop import games
from tabletop.engine import Game, IllegalAction, RandomBot, SaveError
from tabletop.engine.game import SAVE_FIELDS, _canon, _hash

ROOT = Path(__file__).resolve().parents[1]
GAMES = games.available()


def _fuzz_module() -> Any:
    spec = importlib.util.spec_from_file_location("fuzz", ROOT / "benchmarks" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("name", GAMES)
def test_short_fuzz_finds_nothing(name: str) -> None:
    r = _fuzz_module().fuzz(name, steps=2500, inject=0.3, seed=11)
    assert r["steps"] == 2500 and r["injected"] > 500
    assert (r["errors"], r["accepted"], r["corrupted"], r["explain"], r["mismatches"]) == (0, 0, 0, 0, 0), \
        r["examples"]


# -- the inputs the issue names --------------------------------------------------------------------------------
def _advance_to(g: Game, cls: type, limit: int = 400, seed: int = 0) -> Any:
    bot = RandomBot(seed=seed)
    for _ in range(limit):
        hits = [a for a in g.legal_actions() if isinstance(a, cls)]
        if hits:
            return hits[0]
        g.play(bot.choose(g, g.legal_actions()))
    raise AssertionError(f"no {cls.__name__} came up")


def _refused_changing_nothing(g: Game, bad: Any, rule: str, reason: str | None = None) -> None:
    before = (g.digest(), g.version, g.rigged, g.chance.counter, len(g.history))
    with pytest.raises(IllegalAction) as info:
        g.play(bad)
    assert info.value.rule == rule, info.value
    if reason is not None:
        assert info.value.reason == reason
    assert (g.digest(), g.version, g.rigged, g.chance.counter, len(g.history)) == before
    why = g.explain(bad)
    assert why is not None and why.rule == rule


@pytest.mark.skipif("zaxxon" not in GAMES, reason="zaxxon not installed")
def test_zaxxon_known_bad_actions() -> None:
    from tabletop.zaxxon import new_game
    from tabletop.zaxxon.rules import Altitude, Move

    g = new_game(seed=1)
    m = _advance_to(g, Move)
    _refused_changing_nothing(g, Move(m.plane, m.to.lower()), "zaxxon.actions",
                              f"{Move(m.plane, m.to.lower())} is not among the legal moves now")
    _refused_changing_nothing(g, Move(float(m.plane), m.to), "zaxxon.actions",  # type: ignore[arg-type]
                              "Move.plane must be a whole number, not 1.0")
    _refused_changing_nothing(g, Altitude(plane=m.plane, high=math.nan), "zaxxon.actions",  # type: ignore[arg-type]
                              "Altitude.high must be true or false, not nan")
    _refused_changing_nothing(g, {"type": "Move", "plane": True, "to": m.to}, "zaxxon.actions",
                              "Move.plane must be a whole number, not True")


@pytest.mark.skipif("xevious" not in GAMES, reason="xevious not installed")
def test_xevious_stop_at_any_text_is_refused() -> None:
    from tabletop.xevious import new_game
    from tabletop.xevious.rules import StopAt

    g = new_game(seed=0)
    s = _advance_to(g, StopAt)
    for text in ("anything at all", s.space + " ", s.space.upper()):
        _refused_changing_nothing(g, StopAt(s.step, text), "xevious.actions")
    g.play(s)


@pytest.mark.skipif("xevoz" not in GAMES, reason="xevoz not installed")
def test_xevoz_flip_slot_true_is_refused() -> None:
    from tabletop.xevoz import new_game
    from tabletop.xevoz.actions import Flip

    g = new_game(seed=0)
    f = _advance_to(g, Flip)
    _refused_changing_nothing(g, Flip(slot=True), "xevoz.actions", "Flip.slot must be a whole number, not True")
    _refused_changing_nothing(g, Flip(slot=1.0), "xevoz.actions",  # type: ignore[arg-type]
                              "Flip.slot must be a whole number, not 1.0")
    g.play(f)


@pytest.mark.parametrize("name", GAMES)
def test_strict_rigs_in_every_game(name: str) -> None:
    mod = games.get(name)
    g = mod.new_game(seed=2)
    for kind, dom in mod.Rules().chance_domains.items():
        bads = [True, float(dom[0]), str(dom[0])] if type(dom[0]) is int else [dom[0] + " ", 1, None]
        for bad in bads:
            before = (g.version, g.rigged)
            with pytest.raises(ValueError, match=f"{kind}; possible outcomes"):
                g.rig(**{kind: bad})
            assert (g.version, g.rigged) == before


# -- edited saves ----------------------------------------------------------------------------------------------
def _played(name: str, seed: int = 5, steps: int = 40) -> Game:
    mod = games.get(name)
    rules = mod.Rules()
    kind, dom = next(iter(rules.chance_domains.items()))
    g = mod.new_game(seed=seed, players=["Ann", "Bo"])
    bot = RandomBot(seed=seed)
    for i in range(steps):
        if g.is_over:
            break
        if i == 5:
            try:
                g.rig(**{kind: dom[0]})
            except ValueError:
                pass
        g.play(bot.choose(g, g.legal_actions()))
    try:
        g.rig(**{kind: dom[-1]})  # a pending rig in the save
    except ValueError:
        pass
    return g


def _resign(data: dict[str, Any]) -> dict[str, Any] | None:
    if any(f not in data for f in SAVE_FIELDS):
        return None
    out = dict(data)
    try:
        out["digests"] = {f: _hash(_canon(out[f])) for f in SAVE_FIELDS}
    except (ValueError, TypeError, RecursionError, OverflowError):
        return None
    out["digest"] = _hash(_canon(out["digests"]))
    return out


RETYPES: list[Any] = [None, "x", "", 0, -1, 1.5, True, [], {}, [1], {"a": 1}, math.nan, math.inf, 10**5000]


def _changed(v: Any) -> list[Any]:
    if type(v) is str:
        return [v + "x", v[:-1], v.upper() if v != v.upper() else v.lower()]
    if type(v) is int:
        return [v + 1, v - 1, float(v), 2**70]
    if type(v) is list:
        out: list[Any] = [v[:-1], v + v[-1:], list(reversed(v))] if v else [[1], ["x"]]
        return [x for x in out if x != v]
    if type(v) is dict:
        out = [{**v, "extra": 1}]
        if v:
            k = sorted(v)[0]
            out.append({x: y for x, y in v.items() if x != k})
            out.append({**v, k: _changed(v[k])[0] if _changed(v[k]) else None})
        return out
    if type(v) is bool:
        return [not v]
    return [None]


def edits(g: Game) -> list[tuple[str, dict[str, Any]]]:
    """Many different edits of ``g``'s save (each one differs from the save)."""
    base = json.loads(json.dumps(g.save()))
    out: list[tuple[str, dict[str, Any]]] = []
    keys = [*SAVE_FIELDS, "digests", "digest"]
    for k in keys:
        out.append((f"remove {k}", {x: y for x, y in base.items() if x != k}))
        for v in RETYPES:
            out.append((f"retype {k}={type(v).__name__}", {**base, k: v}))
        for v in _changed(base[k]):
            out.append((f"change {k}", {**base, k: v}))
    out.append(("extra key", {**base, "cheat": True}))
    out.append(("renamed players", {**base, "players": ["Bo", "Ann"]}))
    out.append(("renamed player", {**base, "players": ["Ann", "Cy"]}))
    for info in g.variant.options():
        d = info.default
        alts = ([c for c in info.choices if c != d] if info.choices else [not d] if isinstance(d, bool)
                else [d + 1] if isinstance(d, int) else [])
        for a in alts[:2]:
            var = {**base["variant"], info.name: list(a) if isinstance(a, tuple) else a}
            out.append((f"variant {info.name}={a!r}", {**base, "variant": var}))
    n = len(base["script"])
    for cut in sorted({0, 1, n // 2, n - 1}):
        trunc = {**base, "script": base["script"][:cut]}
        out.append((f"script[:{cut}]", trunc))
        out.append((f"script[:{cut}] no digest", {x: y for x, y in trunc.items() if x != "digest"}))
        out.append((f"script[:{cut}] no digests",
                    {x: y for x, y in trunc.items() if x not in ("digest", "digests")}))
    for i in range(0, n, max(1, n // 8)):
        entry = base["script"][i]
        script = copy.deepcopy(base["script"])
        del script[i]
        out.append((f"drop script[{i}]", {**base, "script": script}))
        for bad in (entry.get("action") and {"action": {**entry["action"], "type": "Nope"}}, {"rig": [1]},
                    {"clear": 5}, [entry], {"action": entry, "rig": {}}):
            if bad:
                script = copy.deepcopy(base["script"])
                script[i] = bad
                out.append((f"bad script[{i}]", {**base, "script": script}))
        if "action" in entry:
            for fname, val in entry["action"].items():
                if fname != "type":
                    for alt in _changed(val)[:2]:
                        script = copy.deepcopy(base["script"])
                        script[i]["action"][fname] = alt
                        out.append((f"edit script[{i}].{fname}", {**base, "script": script}))
    out.append(("setup_rig [1]", {**base, "setup_rig": [1]}))
    return [(label, e) for label, e in out if e != base]


@pytest.mark.parametrize("name", GAMES)
def test_every_edit_of_a_save_is_refused_or_loads_the_game_it_describes(name: str) -> None:
    mod = games.get(name)
    g = _played(name)
    assert mod.load(json.loads(json.dumps(g.save()))).save() == json.loads(json.dumps(g.save()))
    cases = edits(g)
    assert len(cases) >= 221 // len(GAMES) + 1
    loaded = 0
    for label, data in cases:
        with pytest.raises(SaveError):  # an edit without new digests: always refused
            mod.load(data)
        forged = _resign(data)  # the same edit with its digests recomputed
        if forged is None:
            continue
        try:
            h = mod.load(forged)
        except SaveError:
            continue
        loaded += 1
        assert json.loads(json.dumps(h.save())) == forged, label
    assert loaded < len(cases) // 4  # nearly every forged edit still fails the replay or the field checks


def test_the_edits_name_the_field() -> None:
    name = GAMES[0]
    mod = games.get(name)
    base = json.loads(json.dumps(_played(name).save()))
    for f in ("seed", "players", "variant", "setup_rig", "script", "rigged", "position", "rules_version"):
        with pytest.raises(SaveError, match=f"'{f}'"):
            mod.load({**base, f: _changed(base[f])[0]})
