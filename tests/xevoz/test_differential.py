"""The simulator's fast path (tabletop.xevoz.fast) plays exactly the battles of the reference rules (rules.py).

Many seeds, both simulator variants, played step by step twice: through the reference (``Game.play`` with every
event kept, the bot choosing from ``legal_actions``) and through the fast path (the bot's fused ``sim_steps``, one
step at a time, on a counting Context as the simulator's worker plays). After every step the two are compared:
every field of the state, the legal actions (the reference's list against the fast path's), the rule firings (the
events told so far against the fast path's tally, its Bundle keys counted out) and the bots' generators. A
difference names the seed, the variant, the step and the field. (This replaces the SHA fingerprint of whole
simulated records, which could only say that something differed.)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tabletop.engine import Game
from tabletop.engine.rules import expand_tally
from tabletop.xevoz import BOTS, XevozRules, fast
from tabletop.xevoz.state import Side, XevozState

SEEDS = range(30)
#: the rulebook, and a variant that changes every option the rules read (as the simulator's sweeps do)
VARIANTS = ({}, {"tie": "re-roll", "bonus_chop": False, "parts": 20, "drain_symbol_when_attached": "extra-chop",
                 "mats": ["sectoid", "biomecha", "arcaster"]})


def _side_fields(s: Side) -> dict[str, Any]:
    return {"figure": (s.figure.id, s.figure.n_parts), "helix": s.helix, "present": s.present, "life": s.life,
            "pile": s.pile, "drain_on": s.drain_on, "home_on": s.home_on, "ready": s.ready, "pos": s.pos}


def state_difference(a: XevozState, b: XevozState) -> str | None:
    """The first field (``sides[1].pile``, ``queue``...) in which two states differ, with both values."""
    for name in XevozState.__slots__:
        if name == "sides":
            continue
        if getattr(a, name) != getattr(b, name):
            return f"{name}: reference {getattr(a, name)!r}, fast {getattr(b, name)!r}"
    for seat, (sa, sb) in enumerate(zip(a.sides, b.sides, strict=True)):
        fa, fb = _side_fields(sa), _side_fields(sb)
        for name in fa:
            if fa[name] != fb[name]:
                return f"sides[{seat}].{name}: reference {fa[name]!r}, fast {fb[name]!r}"
    return None


def first_difference(seed: int, vi: int, bot: str) -> str | None:
    """Where the fast path first parts from the reference in the battle of ``seed`` (``None``: nowhere)."""
    variant = VARIANTS[vi]
    ref = Game(XevozRules(), seed=seed, variant=variant, safe=False, log=True)
    twin = Game(XevozRules(), seed=seed, variant=variant, safe=False, log=False)
    twin.tally = {}
    ctx = twin.counting_context()
    kind = BOTS[bot]
    ref_bots = [kind(seed=seed * 7 + s) for s in range(2)]
    fast_bots = [kind(seed=seed * 7 + s) for s in range(2)]
    steps = vars(kind)["sim_steps"]  # the bot's fused steps, as the simulator's worker finds them
    rules = twin.rules
    assert isinstance(rules, XevozRules)
    fired: Counter[tuple[str, int | None]] = Counter()  # from the first action on (as the twin's tally)
    where = f"seed {seed}, variant {vi}, {bot} bots"
    for step in range(5000):
        legal = ref.legal_actions()
        fast_legal = fast.legal_actions(rules, twin.raw_state)
        if legal != fast_legal:
            return f"{where}, step {step}: legal actions: reference {legal}, fast {fast_legal}"
        if ref.is_over:
            return None
        p = ref.current_player
        assert p is not None
        fired.update((e.rule, e.player) for e in ref.play(ref_bots[p].choose(ref, legal)))
        if steps(fast_bots[0], twin, twin.raw_state, ctx, fast_bots, 1) != 1:
            return f"{where}, step {step}: the fast path played no step"
        diff = state_difference(ref.raw_state, twin.raw_state)
        if diff is not None:
            return f"{where}, step {step}: state field {diff}"
        counted = {k: n for k, n in expand_tally(twin.tally).items() if n}
        if counted != fired:
            keys = sorted(set(counted) | set(fired), key=str)
            k = next(k for k in keys if counted.get(k, 0) != fired.get(k, 0))
            return (f"{where}, step {step}: rule firings of {k}: reference {fired.get(k, 0)}, "
                    f"fast {counted.get(k, 0)}")
        if [b.rng.getstate() for b in ref_bots] != [b.rng.getstate() for b in fast_bots]:
            return f"{where}, step {step}: the bots' generators (the fast path drew differently)"
    return f"{where}: no end after 5000 steps"


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("vi", range(len(VARIANTS)))
def test_the_fast_path_plays_the_reference_battles_step_by_step(vi: int, bot: str) -> None:
    phases: set[str] = set()
    for seed in SEEDS:
        assert first_difference(seed, vi, bot) is None
    # the battles reach every kind of decision the fast path plays itself
    for seed in SEEDS[:10]:
        g = Game(XevozRules(), seed=seed, variant=VARIANTS[vi], safe=False, log=False)
        bots = [BOTS[bot](seed=seed * 7 + s) for s in range(2)]
        while not g.is_over:
            phases.add(g.raw_state.phase)
            g.play(bots[g.current_player or 0].choose(g, g.legal_actions()))
    assert {"build", "first", "world", "start", "call", "actions", "move"} <= phases


def test_a_difference_names_seed_step_and_field() -> None:
    a = Game(XevozRules(), seed=1).raw_state
    b = a.copy()
    assert state_difference(a, b) is None
    b.sides[1].pile.append(3)
    assert state_difference(a, b) == "sides[1].pile: reference [], fast [3]"
    b = a.copy()
    b.round_ends = True
    assert state_difference(a, b) == "round_ends: reference False, fast True"


def test_the_fast_path_stops_at_the_end_and_keeps_its_budget() -> None:
    g = Game(XevozRules(), seed=3, safe=False, log=False)
    g.tally = {}
    bots = [BOTS["random"](seed=s) for s in range(2)]
    ctx = g.counting_context()
    assert fast.sim_steps(bots[0], g, g.raw_state, ctx, bots, 0) == 0
    assert fast.sim_steps(bots[0], g, g.raw_state, ctx, bots, 25) == 25 and not g.is_over
    while fast.sim_steps(bots[0], g, g.raw_state, ctx, bots, 100):
        pass
    assert g.is_over and fast.sim_steps(bots[0], g, g.raw_state, ctx, bots, 5) == 0


def test_the_rules_the_fast_path_counts_are_clauses_of_the_catalog() -> None:
    from tabletop.engine.game import _known_rules

    assert set(fast.COUNTED_RULES) <= _known_rules(XevozRules())
