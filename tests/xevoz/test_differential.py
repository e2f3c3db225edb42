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


def test_the_fused_advance_and_follow_branches_are_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fused path's own steps after the last action of a round (``fast.advance``: the winner to move) and
    after a move that leaves the defender a choice of squares (the move written out in ``fast.sim_steps``, as
    ``fast.moved`` plays it) are played, and so are the rules' own steps they hand over to (the battles above
    compare every step of both with the reference)."""
    seen: Counter[str] = Counter()
    real_advance = fast.advance

    def counting_advance(rules: XevozRules, tb: Any, state: XevozState, ctx: Any) -> None:
        before = seen["rules._advance"]
        real_advance(rules, tb, state, ctx)
        seen["own advance" if seen["rules._advance"] == before else "rules' advance"] += 1

    monkeypatch.setattr(fast, "advance", counting_advance)
    for seed in range(10):
        rules = XevozRules()
        plain = rules._advance

        def counted(state: XevozState, ctx: Any, plain: Any = plain) -> None:
            seen["rules._advance"] += 1
            plain(state, ctx)

        monkeypatch.setattr(rules, "_advance", counted)
        g = Game(rules, seed=seed, variant=VARIANTS[seed % 2], safe=False, log=False)
        g.tally = {}
        bots = [BOTS["random"](seed=seed * 7 + s) for s in range(2)]
        ctx = g.counting_context()
        while True:  # one step at a time, to see where a move leads
            before = g.raw_state.phase
            if not fast.sim_steps(bots[0], g, g.raw_state, ctx, bots, 1):
                break
            if before == "move" and g.raw_state.phase == "follow":
                seen["a choice to follow"] += 1
    assert seen["own advance"] and seen["rules' advance"] and seen["a choice to follow"], seen


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


# -- the fast rules a board plays (FastXevozRules: every event told) against the reference, step by step ----------

def _event_rows(events: Any) -> list[tuple[str, int | None, dict[str, Any], str]]:
    return [(e.rule, e.player, dict(e.data), e.text) for e in events]


def logged_difference(fast_rules: XevozRules, seed: int, vi: int, bot: str, safe: bool) -> str | None:
    """Where ``fast_rules`` (as a board plays it: every event kept) first parts from the reference in the battle of
    ``seed``: the state, the legal actions, each event (clause, seat, data, text) and the draws of every step."""
    variant = VARIANTS[vi]
    ref = Game(XevozRules(), seed=seed, variant=variant, safe=safe, log=True)
    twin = Game(fast_rules, seed=seed, variant=variant, safe=safe, log=True)
    where = f"seed {seed}, variant {vi}, {bot} bots, safe={safe}"
    if _event_rows(ref.history[0].events) != _event_rows(twin.history[0].events):
        return f"{where}: the set-up events differ"
    ref_bots = [BOTS[bot](seed=seed * 7 + s) for s in range(2)]
    twin_bots = [BOTS[bot](seed=seed * 7 + s) for s in range(2)]
    for step in range(5000):
        legal, got = ref.legal_actions(), twin.legal_actions()
        if legal != got or [repr(a) for a in legal] != [repr(a) for a in got]:
            return f"{where}, step {step}: legal actions: reference {legal}, fast {got}"
        if ref.is_over:
            return None if twin.is_over else f"{where}, step {step}: the fast game is not over"
        p = ref.current_player
        if p is None or twin.current_player != p:
            return f"{where}, step {step}: the seat to act: reference {p}, fast {twin.current_player}"
        want = _event_rows(ref.play(ref_bots[p].choose(ref, legal)))
        told = _event_rows(twin.play(twin_bots[p].choose(twin, got)))
        for k, (a, b) in enumerate(zip(want, told, strict=False)):
            if a != b:
                return f"{where}, step {step}: event {k}: reference {a}, fast {b}"
        if len(want) != len(told):
            return f"{where}, step {step}: {len(want)} events, fast {len(told)}"
        if ref.last_draws != twin.last_draws:
            return f"{where}, step {step}: draws: reference {ref.last_draws}, fast {twin.last_draws}"
        diff = state_difference(ref.raw_state, twin.raw_state)
        if diff is not None:
            return f"{where}, step {step}: state field {diff}"
    return f"{where}: no end after 5000 steps"


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("vi", range(len(VARIANTS)))
def test_the_fast_rules_tell_the_reference_battles_event_by_event(vi: int, bot: str) -> None:
    from tabletop.xevoz import Rules

    assert issubclass(Rules, fast.FastXevozRules)  # what games and boards play
    for seed in SEEDS:
        assert logged_difference(Rules(), seed, vi, bot, safe=seed % 3 == 0) is None


class _BrokenFast(fast.FastXevozRules):
    """A fast path with one deliberate bug: a follow with one square tells the wrong square."""

    def _move_step(self, state: XevozState, a: Any, ctx: Any, moving: bool) -> bool:
        played = super()._move_step(state, a, ctx, moving)
        if played and moving and len(ctx.events) >= 2 and ctx.events[-2].rule == "xevoz.defender-follows":
            ctx.events[-2].data = {"cell": "A1"}
        return played


def test_a_broken_fast_rules_is_caught() -> None:
    found = [logged_difference(_BrokenFast(), seed, 0, "random", safe=False) for seed in SEEDS[:10]]
    message = next((m for m in found if m is not None), "")
    assert "seed " in message and "step " in message and "event " in message, found


class _BrokenListing(fast.FastXevozRules):
    """The fast rules with one of their look-ups broken on purpose (``how``): a chop's list missing its last
    Chop, a move's squares out of order, the seat to act of a call given to the defender from round 3."""

    def __init__(self, how: str) -> None:
        super().__init__()
        self.how = how

    def legal_actions(self, state: XevozState) -> list[Any]:
        out = super().legal_actions(state)
        if self.how == "chop" and state.phase == "actions" and state.queue[0][0] == "chop" and len(out) > 1:
            return out[:-1]
        if self.how == "move" and state.phase == "move" and len(out) > 1:
            return out[::-1]
        return out

    def current_player(self, state: XevozState) -> int | None:
        if self.how == "seat" and state.phase == "call" and state.round >= 3:
            return 1 - state.attacker
        return super().current_player(state)


@pytest.mark.parametrize("how", ["chop", "move", "seat"])
def test_broken_listings_of_the_fast_rules_are_caught(how: str) -> None:
    found = [logged_difference(_BrokenListing(how), seed, 0, "random", safe=False) for seed in SEEDS[:10]]
    message = next((m for m in found if m is not None), "")
    assert "seed " in message and "step " in message, found


def _refusal(g: Game[Any], action: Any) -> str:
    from tabletop.engine import IllegalAction

    try:
        g.fork().play(action)
    except IllegalAction as exc:
        return f"[{exc.rule}] {exc.reason}"
    return "played"


def test_the_fast_rules_refuse_as_the_reference_does() -> None:
    """An action the fast steps do not find legal is the reference's to refuse (the same clause and reason), in
    every phase of many battles: a call of no colour, a move to every square, a chop of every part (of the
    figure the decision is about, and naming the other figure)."""
    from tabletop.xevoz import Call, Chop, Move, Rules

    phases: Counter[str] = Counter()
    for seed in range(12):
        games = [Game(r, seed=seed) for r in (XevozRules(), Rules())]
        bots = [BOTS["random"](seed=seed) for _ in range(2)]
        for _ in range(120):
            ref, twin = games
            if ref.is_over:
                break
            st = ref.raw_state
            probes: list[Any] = [Call("green"), Call("white"), Move("A1")]
            if st.phase in ("move", "follow"):
                probes += [Move(name) for name in ref.rules.mat_grid(st).names]
            for side in st.sides:
                probes += [Chop(pid) for pid in side.figure.part_ids]
                probes += [Chop(pid, figure=side.figure.id) for pid in side.figure.part_ids[:3]]
            for probe in probes:
                assert _refusal(ref, probe) == _refusal(twin, probe), (seed, st.phase, probe)
            phases[st.phase] += 1
            legal = ref.legal_actions()
            for g, b in zip(games, bots, strict=True):
                g.play(b.choose(g, legal if g is ref else g.legal_actions()))
            assert ref.state == twin.state
    assert {"call", "move", "actions"} <= set(phases)


def test_the_fast_rules_keep_their_own_tables_and_are_not_kept_alive_by_them() -> None:
    import gc
    import weakref

    from tabletop.xevoz import new_game

    g = new_game(seed=2)
    rules = g.rules
    assert isinstance(rules, fast.FastXevozRules) and fast.tables(rules) is rules.fast
    gone = weakref.ref(rules)
    del g, rules
    gc.collect()
    assert gone() is None  # every board makes its rules: none may stay behind in a registry
