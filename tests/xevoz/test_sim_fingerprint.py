"""The simulator plays the same Xevoz battles as before the issue-13 speed-ups of the worker and the rules.

``FINGERPRINT`` was computed from ``play_one`` *before* those changes (commit 3f0d0ee): 500 seeds x 2 variants x
the random and the greedy bot, every record's winner, steps, first seat, rule totals and per-seat rule counts.
A faster path must give exactly the same records. Re-compute only when a rule change is meant to change games:

    PYTHONPATH=widgets python -c "from tests.xevoz.test_sim_fingerprint import fingerprint; print(fingerprint())"
"""

from __future__ import annotations

import hashlib
import json

from tabletop.sim.core import play_one

SEEDS = range(500)
VARIANTS = ({}, {"tie": "re-roll", "bonus_chop": False, "parts": 20, "drain_symbol_when_attached": "extra-chop",
                  "mats": ["sectoid", "biomecha", "arcaster"]})
BOTS = ("random", "greedy")
FINGERPRINT = "6e92cd7b9e647c8c5148581999092d8c89048138a9dc4b03035a89ff730a0710"


def fingerprint() -> str:
    h = hashlib.sha256()
    for vi, variant in enumerate(VARIANTS):
        for bot in BOTS:
            for seed in SEEDS:
                r = play_one("tabletop.xevoz", variant, [bot, bot], seed, vi)
                row = [r.seed, r.variant, r.winner, r.steps, r.first, r.finished, sorted(r.rules.items()),
                       sorted(r.seat_rules.items())]
                h.update(json.dumps(row).encode())
    return h.hexdigest()


def test_the_simulator_plays_the_same_battles_as_before_the_speed_ups() -> None:
    assert fingerprint() == FINGERPRINT
