"""play_seeds plays a seed once for every variant that the game never told apart (sim.forks' shared games).

A variant whose differing options the first variant's game never read gets that game's record instead of playing
it again. These tests hold it to the only thing that matters: for every option of every game, the records are
exactly those of playing each variant on its own (``play_one``), and the sharing is real (some games are shared,
some are not). A watch that missed a read would hand a variant a record it would not have had: the last test
breaks the watch on purpose and checks that the comparison catches it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tabletop.sim import core, forks
from tabletop.sim.core import play_one, play_seeds

#: options whose values are tuples: an alternative by hand (the others are found from the option's kind)
EXPLICIT: dict[tuple[str, str], list[Any]] = {
    ("tabletop.xevoz", "mats"): [["neo-sapiens", "meta-beast", "sectoid"]],
    ("tabletop.xevoz", "figures"): [["skull-jack", "razorclaw"]],
    ("tabletop.xevoz", "end_caps"): [["blue", "red"]],
    ("tabletop.xevoz", "parts"): [17],
    ("tabletop.zaxxon", "spinner_weights"): [[1.0, 3.0, 1.0, 1.0]],
}

GAMES = [("tabletop.xevious", "greedy", 6), ("tabletop.xevoz", "random", 10), ("tabletop.zaxxon", "greedy", 6)]


def _alternatives(modname: str) -> list[dict[str, Any]]:
    """One changed option per variant: every other choice, the flipped bool, the number one up (or down)."""
    import importlib

    rules = importlib.import_module(modname).Rules()
    vt = rules.variant_type
    out: list[dict[str, Any]] = []
    for info in vt.options():
        d = info.default
        if (modname, info.name) in EXPLICIT:
            cands: list[Any] = EXPLICIT[modname, info.name]
        elif info.choices:
            cands = [c for c in info.choices if c != d]
        elif isinstance(d, bool):
            cands = [not d]
        elif isinstance(d, int):
            cands = [d + 1, d - 1]
        else:
            cands = []
        for c in cands:
            try:
                vt.from_dict({info.name: c}).validate()
            except (ValueError, TypeError):
                continue
            out.append({info.name: c})
            break
    return out


@pytest.mark.parametrize(("modname", "bot", "seeds"), GAMES)
def test_records_are_those_of_each_variant_played_alone(modname: str, bot: str, seeds: int) -> None:
    alts = _alternatives(modname)
    n_options = len(dataclasses.fields(__import__(modname, fromlist=["Rules"]).Rules().variant_type))
    assert len(alts) == n_options, "every option has an alternative to compare"
    vdicts: list[dict[str, Any]] = [{}, *alts]
    chunk = play_seeds(modname, vdicts, [bot, bot], 100, seeds, max_steps=3000)
    assert len(chunk.records) == seeds * len(vdicts)
    shared_by_variant = [0] * len(vdicts)
    for i, rec in enumerate(chunk.records):
        seed, vi = 100 + i // len(vdicts), i % len(vdicts)
        assert (rec.seed, rec.variant) == (seed, vi)
        alone = play_one(modname, vdicts[vi], [bot, bot], seed, vi, 3000)
        assert rec == alone, f"{modname} seed {seed} variant {vdicts[vi]}"
        base = chunk.records[i - vi]
        if vi and dataclasses.replace(rec, variant=0) == base:
            shared_by_variant[vi] += 1
    # a shared record is one that equals the rulebook game's (the converse need not hold: a game can read an
    # option and still end the same); which options a game reads is the game's business (Zaxxon reads most of
    # them in every game: its spinner, scenario and Zaxxon options from the start)
    counted = [sum(1 for _, j in chunk.shared if j == vi) for vi in range(len(vdicts))]
    assert all(k <= m for k, m in zip(counted, shared_by_variant, strict=True))
    assert len(chunk.shared) < seeds * len(alts) and counted[0] == 0


def test_the_variant_that_decides_is_played() -> None:
    """Xevoz's extra-chop is read whenever a drain symbol comes up with the DRAIN ATTACK attached: those games are
    played under it (and differ), the others are shared."""
    alt = {"drain_symbol_when_attached": "extra-chop"}
    chunk = play_seeds("tabletop.xevoz", [{}, alt], ["random", "random"], 0, 40)
    pairs = list(zip(chunk.records[::2], chunk.records[1::2], strict=True))
    read = [a.rules.get("xevoz.drain-symbol-attached", 0) > 0 for a, _ in pairs]
    assert 0 < sum(read) < len(pairs)
    assert [s for s, _ in chunk.shared] == [a.seed for (a, _), r in zip(pairs, read, strict=True) if not r]
    assert {j for _, j in chunk.shared} == {1}
    differ = sum(1 for a, b in pairs if dataclasses.replace(b, variant=0) != a)
    assert differ > 0


def test_a_watch_that_misses_reads_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the watch (it notes nothing): every variant is then handed the rulebook game's record, and the
    comparison with play_one fails for some option. So the equality test above has teeth."""
    real = forks._watching

    def blind(v: Any, names: frozenset[str]) -> tuple[Any, set[str]]:
        watched, _ = real(v, names)
        return watched, set()

    monkeypatch.setattr(forks, "_watching", blind)
    alt = {"drain_symbol_when_attached": "extra-chop"}
    chunk = play_seeds("tabletop.xevoz", [{}, alt], ["random", "random"], 0, 20)
    wrong = [r for r in chunk.records if r != play_one("tabletop.xevoz", [{}, alt][r.variant],
                                                       ["random", "random"], r.seed, r.variant)]
    assert wrong


def test_watched_variant_is_the_variant() -> None:
    """The watched copy is an instance of the game's variant class with the same options, and its own validate
    (which every Game calls, reading every option) notes nothing."""
    from tabletop.xevoz.variant import XevozVariant

    v = XevozVariant(tie="re-roll")
    w, seen = core._watching(v, frozenset({"tie", "bonus_chop"}))
    assert isinstance(w, XevozVariant)
    assert w.to_dict() == v.to_dict()
    seen.clear()
    w.validate()
    assert seen == set()
    assert w.tie == "re-roll"
    assert seen == {"tie"}
    _ = w.max_gold
    assert seen == {"tie"}


def test_a_run_counts_its_shared_games_whatever_runs_it(tmp_path: Any) -> None:
    """SimResults.shared: per variant, the games not played again; the same serially and on a pool, kept in a
    saved file, and for a run that stops early only those of the seeds it keeps."""
    from concurrent.futures import ThreadPoolExecutor

    from tabletop.sim import SimResults, simulate

    alt = {"drain_symbol_when_attached": "extra-chop"}
    kw: dict[str, Any] = {"variants": [None, alt], "bots": "random", "n": 60, "seed": 3, "progress": False}
    serial = simulate("xevoz", executor="serial", **kw)
    expected = len(play_seeds("tabletop.xevoz", [{}, alt], ["random", "random"], 3, 60).shared)
    assert serial.shared == [0, expected] and 0 < expected < 60
    with ThreadPoolExecutor(2) as ex:
        pooled = simulate("xevoz", executor=ex, workers=2, chunk=7, **kw)
    assert pooled.shared == serial.shared and pooled.records == serial.records
    lean = simulate("xevoz", executor="serial", keep_records=False, **kw)
    assert lean.shared == serial.shared
    path = serial.save(tmp_path / "run.json")
    assert SimResults.load(path).shared == serial.shared
    # stopped by hand after the first tasks: exactly the shared games of the seeds it kept
    from tabletop.sim import Cancel

    stop = Cancel()
    part = simulate("xevoz", executor="serial", chunk=5, cancel=stop,
                    **{**kw, "progress": lambda done, total: done >= 20 and stop.set()})
    kept = {r.seed for r in part.records}
    shared_seeds = {s for s, _ in play_seeds("tabletop.xevoz", [{}, alt], ["random", "random"], 3, 60).shared}
    assert not part.complete and 0 < len(kept) < 60
    assert part.shared == [0, len(shared_seeds & kept)]


def test_the_comparison_says_how_often_the_changed_rule_never_came_up() -> None:
    """The lab's verdict names, from the run's own count, the paired games in which the change never came up."""
    from tabletop.sim import simulate

    alt = {"drain_symbol_when_attached": "extra-chop"}
    for seed in (3, 11):
        kw: dict[str, Any] = {"variants": [None, alt], "bots": "random", "n": 50, "seed": seed, "progress": False}
        res = simulate("xevoz", executor="serial", **kw)
        k = len(play_seeds("tabletop.xevoz", [{}, alt], ["random", "random"], seed, 50).shared)
        cmp = res.compare(0, 1)
        assert cmp.untouched == k
        line = f"the changed rule never came up in {k} of the 50 paired games ({k / 50:.0%})"
        assert any(s.startswith(line) for s in cmp.conclusions())
        assert f"- {line}" in cmp.summary()  # the plain-words report (and the command line) say it too
        assert res.compare(1, 0).untouched == k  # the same games, the other way round
        lean = simulate("xevoz", executor="serial", keep_records=False, **kw)
        assert lean.compare(0, 1).conclusions() == cmp.conclusions()
    # nothing to say between two variants that are not the first one, or between the same rules twice
    three = simulate("xevoz", variants=[None, alt, {"tie": "re-roll"}], bots="random", n=10, executor="serial",
                     progress=False)
    assert three.compare(1, 2).untouched is None
    twice = simulate("xevoz", variants=[None, None], bots="random", n=10, executor="serial", progress=False)
    assert twice.compare(0, 1).untouched is None
    assert not any("never came up" in s for s in twice.compare(0, 1).conclusions())


def test_copies_of_the_watched_variant_are_watched_and_nothing_grows() -> None:
    """A state that holds the variant may be deep-copied (a bot looking ahead), or the variant replaced: reads on
    the copy count. Watching task after task makes no new class and no new cache entry."""
    import copy

    from tabletop.engine import variants
    from tabletop.zaxxon.rules import ZaxxonVariant

    v = ZaxxonVariant()
    w, _ = core._watching(v, frozenset({"radar_barrier"}))
    deep = copy.deepcopy({"variant": w})["variant"]  # copying may count as reading (it reads every option)
    replaced = dataclasses.replace(w, max_rounds=5)
    # the next task's watch sees what the copies read
    _, seen = core._watching(v, frozenset({"radar_barrier"}))
    assert seen == set()
    assert deep.radar_barrier is True
    assert seen == {"radar_barrier"}
    _, seen2 = core._watching(v, frozenset({"radar_barrier"}))
    assert replaced.radar_barrier is True and seen2 == {"radar_barrier"}
    w3, seen3 = core._watching(v, frozenset({"radar_barrier", "zaxxon_awake"}))
    assert vars(w3) and seen3 == {"radar_barrier", "zaxxon_awake"}  # the options read another way count too
    before = (len(core._WATCHED), len(variants._OPTIONS))
    for _ in range(50):
        core._watching(v, frozenset({"radar_barrier"}))[0].validate()
    assert (len(core._WATCHED), len(variants._OPTIONS)) == before


@pytest.mark.parametrize("bad", ["12", [1], [0, -1], [0, 61], [0, 2.5], [0, True], {"0": 1}])
def test_a_saved_shared_count_that_cannot_be_is_refused(tmp_path: Any, bad: Any) -> None:
    """A results file whose 'shared' is not a count per variant within its games is refused as damaged."""
    import json

    from tabletop.sim import SimResults, simulate

    res = simulate("xevoz", variants=[None, {"tie": "re-roll"}], bots="random", n=60, executor="serial",
                   progress=False)
    data = res.to_dict()
    assert SimResults.from_dict(json.loads(json.dumps(data))).shared == res.shared
    data["shared"] = bad
    with pytest.raises(ValueError, match="damaged.*shared"):
        SimResults.from_dict(data)
