"""Issue 21, honest verdicts: a rule change that cannot change anything, streamed as the lab streams it, almost
never draws a "more than noise" verdict at ANY snapshot; a real change does.

The toy game (tests/sim/racegame.py) is a dice race whose option ``mirror`` reads every die ``x`` as ``7 - x``: the
same distribution of rolls, so the same distribution of winners, of games without a winner and of lengths, while on
the same seed it plays a different game (so the paired differences are noisy, not zero). Each run streams 400
paired games with a snapshot after every seed (``chunk=1, every=0``: more looks than the lab's one every quarter of
a second) and reads, at every snapshot, every verdict the lab shows: each figure's ``significant`` (what the
chart's filled markers and the sentences use), the chart's marker symbols themselves and the conclusion sentences.
With the verdict rule (anytime-valid confidence sequences, family-wise 95% over the 4 figures) at most 5% of runs
may EVER claim a difference. The same looks through the fixed-n intervals (Student's t, each at 95%) cry wolf in
far more runs, which shows the test can fail."""

from __future__ import annotations

import math
import re

from tabletop.lab.figures import live_values
from tabletop.sim import stream
from tests.sim import racegame

RUNS, GAMES = 100, 400
#: how a sentence claims a difference: a figure's ": more than noise", the overall "changes by more than noise"
CLAIM = re.compile(r": more than noise\b|\bby more than noise\b")


def _claims(snap) -> tuple[bool, bool]:  # type: ignore[no-untyped-def]
    """Does this snapshot claim a difference: by the verdict rule (anything the lab shows), by fixed-n looks?"""
    cmp = snap.compare(0, 1)
    rule = any(d.significant for d in cmp.figures)
    vals = live_values(snap)
    markers = [*vals["traces"][2]["marker"]["symbol"], *vals["traces"][3]["marker"]["symbol"]]
    sentences = cmp.conclusions()[:-1]  # the last one explains the rule (it names the words in quotes)
    shown = "diamond" in markers or any(CLAIM.search(line) for line in sentences)
    assert shown == rule, (markers, sentences)  # the chart, the sentences and the figures follow one rule
    naive = any(d.n > 1 and (d.low > 0 or d.high < 0) for d in cmp.figures)
    return rule, naive


def _stream(variant: dict[str, object], seed: int, games: int = GAMES):  # type: ignore[no-untyped-def]
    return stream(racegame, variants=[None, variant], n=games, seed=seed, executor="serial", chunk=1, every=0,
                  keep_records=False)


def test_a_change_that_cannot_change_anything_never_cries_wolf_at_any_snapshot() -> None:
    ever = naive_ever = 0
    for run in range(RUNS):
        claimed = naive = False
        looks = 0
        for snap in _stream({"mirror": True}, seed=run * GAMES):
            looks += 1
            rule, fixed = _claims(snap)
            claimed |= rule
            naive |= fixed
        assert looks >= GAMES  # a snapshot after every paired seed, and the final one
        ever += claimed
        naive_ever += naive
    assert ever <= 0.05 * RUNS, f"{ever} of {RUNS} runs claimed a difference at some snapshot"
    # the test has teeth: the same looks through fixed-n 95% intervals claim a difference in many more runs
    assert naive_ever >= 0.2 * RUNS and naive_ever > 3 * max(ever, 1), (ever, naive_ever)


def test_a_real_change_is_detected() -> None:
    """Power: seat 2 starting 6 squares ahead is found (seat 2 wins more, seat 1 less) in nearly every run of
    400 paired games, so the rule does not simply never claim."""
    runs, found = 20, 0
    for run in range(runs):
        snaps = list(_stream({"head_start": 6}, seed=10_000 + run * GAMES))
        final = snaps[-1].compare(0, 1)
        assert final.n == GAMES
        if final.seats[1].significant and final.seats[1].mean > 0:
            found += 1
            assert any("seat 2 (random)'s win rate rises" in line and line.endswith("more than noise.")
                       for line in final.conclusions())
    assert found >= 0.9 * runs, f"found in {found} of {runs} runs"


def test_the_toy_change_really_is_null_and_really_plays_another_game() -> None:
    """The mirror reads the same distribution of dice (so the null is true), yet changes the games themselves."""
    snap = list(_stream({"mirror": True}, seed=0, games=200))[-1]
    cmp = snap.compare(0, 1)
    assert cmp.length.more > 0.2 and cmp.length.less > 0.2  # not the same game on a seed
    assert not math.isnan(cmp.seats[0].seq_low)
