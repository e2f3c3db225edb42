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


def test_fused_random_steps_pick_and_play_what_choose_and_apply_do() -> None:
    """``XevozRandomBot.sim_steps`` one step at a time beside ``choose`` + ``play`` on a twin game: the same state
    and the same rule firings after every step, the same bot draws, in every kind of decision; 0 once the battle
    is over, and a budget is kept."""
    from tabletop.engine import Game
    from tabletop.xevoz import XevozRandomBot, XevozRules

    phases: set[str] = set()
    for seed in range(40):
        plain = Game(XevozRules(), seed=seed, safe=False, log=False)
        fast = Game(XevozRules(), seed=seed, safe=False, log=False)
        plain.tally, fast.tally = {}, {}
        ctx = fast.counting_context()
        pb = [XevozRandomBot(seed=seed * 7 + s) for s in range(2)]
        fb = [XevozRandomBot(seed=seed * 7 + s) for s in range(2)]
        rules = fast.rules
        while not plain.is_over:
            p = plain.current_player
            assert p is not None
            phases.add(plain.raw_state.phase)
            assert fb[0].sim_steps(fast, fast.raw_state, ctx, fb, 1) == 1
            plain.play(pb[p].choose(plain, plain.legal_actions()))
            assert rules.to_json(fast.raw_state) == rules.to_json(plain.raw_state)
            assert fast.tally == plain.tally
            assert [b.rng.getstate() for b in fb] == [b.rng.getstate() for b in pb]
        assert fb[0].sim_steps(fast, fast.raw_state, ctx, fb, 5) == 0  # over
    assert {"build", "first", "world", "start", "call", "actions", "move", "follow"} <= phases
    g = Game(XevozRules(), seed=3, safe=False, log=False)
    g.tally = {}
    bots = [XevozRandomBot(seed=s) for s in range(2)]
    assert bots[0].sim_steps(g, g.raw_state, g.counting_context(), bots, 0) == 0
    assert bots[0].sim_steps(g, g.raw_state, g.counting_context(), bots, 25) == 25 and not g.is_over


def test_the_rules_counted_directly_are_clauses_of_the_catalog() -> None:
    from tabletop.engine.game import _known_rules
    from tabletop.xevoz import XevozRules
    from tabletop.xevoz.rules import TALLIED_RULES

    known = _known_rules(XevozRules())
    assert known and TALLIED_RULES and set(TALLIED_RULES) <= known
