"""The rules' lookups and the fast path's tables agree with the rules read straight from the rulebook, position by
position: choppable parts (the rules' ``Parts`` and the fast path's generated chop tables), movement squares,
build-phase actions, helix readings, the greedy bot's call values. (The fast path as a whole is held to the
rules step by step by test_differential.py.)"""

from __future__ import annotations

import random

import pytest

from tabletop import xevoz
from tabletop.engine import Game
from tabletop.xevoz import bots as xbots
from tabletop.xevoz import fast
from tabletop.xevoz.actions import Chop, Flip, Move, PickFigure, Ready, Swap
from tabletop.xevoz.data import neighbours
from tabletop.xevoz.rules import FACES, Grid, XevozRules

RULES = XevozRules()


def _choppable(f, present) -> list[int]:  # type: ignore[no-untyped-def]
    """xevoz.sword / xevoz.stay-connected / xevoz.drain-uncuttable, read straight from the figure."""
    return [i for i in range(f.n_parts) if present[i] and i != f.drain
            and not any(present[c] for c in f.children[i] if c != f.drain)]


@pytest.mark.parametrize("fid", sorted(RULES.comp.figures))
def test_choppable_parts_match_the_rule_for_any_parts_on_the_figure(fid: str) -> None:
    rng = random.Random(fid)
    for parts in (0, 12):
        try:
            f = RULES.figure(fid, parts)
        except Exception:  # noqa: BLE001 - a figure that cannot be trimmed that far
            continue
        p = RULES.parts(f)
        subsets = [[True] * f.n_parts, [False] * f.n_parts]
        subsets += [[rng.random() < q for _ in range(f.n_parts)] for q in (0.2, 0.5, 0.8) for _ in range(200)]
        for present in subsets:
            want = _choppable(f, present)
            assert p.chop_indices(present) == want
            assert fast.tables(RULES).chop_table(f)(present) == want
            assert p.chop_actions(present) == [Chop(f.part_ids[i]) for i in want]
            assert all(a is p.chops[i] for a, i in zip(p.chop_actions(present), want, strict=True))


@pytest.mark.parametrize("size", sorted({m.size for m in RULES.comp.mats.values()}))
def test_movement_squares_match_the_rule_for_every_pair_of_squares(size: int) -> None:
    grid = Grid(size)
    n = size * size
    for me in range(n):
        mine = sorted(neighbours(me, size))
        for other in range(n):
            if other == me:
                continue
            cells, moves = grid.steps(me, other, False)  # xevoz.movement: any free neighbour
            assert list(cells) == [c for c in mine if c != other]
            assert list(moves) == [Move(grid.names[c]) for c in cells]
            near = set(neighbours(other, size))  # xevoz.defender-follows: stay next to the other figure
            cells, moves = grid.steps(me, other, True)
            assert list(cells) == [c for c in mine if c in near]
            assert grid.steps(me, other, True) is grid.steps(me, other, True)  # worked out once


def _build_actions(rules: XevozRules, g: Game) -> list[object]:
    """The build phase's actions worked out from scratch (xevoz.pre-battle-check, xevoz.redesign)."""
    st = g.raw_state
    seat = g.current_player
    side = st.sides[seat]
    acts: list[object] = [] if rules.ready_problems(st, seat) else [Ready()]
    acts += [Flip(i + 1) for i in range(len(side.helix))]
    in_helix = {gid for gid, _ in side.helix}
    spare = [rules.comp.glyph_by_part[n] for n in side.figure.part_names
             if n in rules.comp.glyph_by_part and rules.comp.glyph_by_part[n] not in in_helix]
    acts += [Swap(i + 1, gid) for i in range(len(side.helix)) for gid in spare]
    acts += [PickFigure(fid) for fid in rules.comp.figures if fid != side.figure.id]
    return acts


def test_build_actions_follow_every_redesign() -> None:
    rng = random.Random(5)
    seen = 0
    for seed in range(12):
        g = xevoz.new_game(seed=seed)
        while g.raw_state.phase == "build":
            legal = g.legal_actions()
            assert legal == _build_actions(g.rules, g)
            seen += 1
            not_ready = [a for a in legal if not isinstance(a, Ready)]
            g.play(legal[0] if isinstance(legal[0], Ready) and rng.random() < 0.15 else rng.choice(not_ready))
    assert seen > 50


def test_the_fast_build_actions_are_found_again_after_a_flip() -> None:
    """The fast path's build-phase list is kept by the helix's glyphs, not which way round they are pressed in:
    after a flip it is the same list, and the one the reference works out afresh for the flipped helix."""
    for seed in range(6):
        g = xevoz.new_game(seed=seed)
        rules: XevozRules = g.rules  # type: ignore[assignment]
        tb = fast.tables(rules)
        for slot in (1, 3, 6, 1):
            before = tb.build_actions(g.raw_state, 0)
            g.play(Flip(slot))
            after = tb.build_actions(g.raw_state, 0)
            assert after is before
            assert list(after) == list(XevozRules()._build_actions(g.raw_state, 0)) == g.legal_actions()


def test_a_flipped_helix_is_read_afresh() -> None:
    g = xevoz.new_game(seed=2)
    rules: XevozRules = g.rules  # type: ignore[assignment]
    side = g.raw_state.sides[0]
    before = {face: rules.read_face(side, face) for face in FACES}
    g.play(Flip(1))
    side = g.raw_state.sides[0]
    gid, flipped = side.helix[0]
    glyph = rules.comp.glyphs[gid]
    white, black = glyph.attacks(flipped)
    for face in ("1a", "1b"):
        g_, w, b, _ = rules.read_face(side, face)
        assert (g_, w, b) == (glyph, white, black) and (w, b) == (before[face][2], before[face][1])
    assert [rules.read_face(side, f) for f in FACES[2:]] == [before[f] for f in FACES[2:]]


def test_greedy_call_values_are_the_sums_worked_out_afresh() -> None:
    bot = xbots.GreedyBot(seed=1)
    checked = 0
    for seed in range(6):
        g = xevoz.new_game(seed=seed)
        bots = [xbots.GreedyBot(seed=seed * 3 + s) for s in range(2)]
        while not g.is_over and checked < 400:
            st = g.raw_state
            me = g.current_player
            if st.phase == "call":
                m = g.rules.comp.mats[st.mat]
                for colour, pick in (("black", 1), ("white", 0)):
                    fresh = bot._call_total(g.rules, st, me, pick, m, st.sides[me].drain_on >= 0,
                                            st.sides[1 - me].drain_on >= 0)
                    assert bot._call_value(g.rules, st, me, colour) == fresh
                    checked += 1
            g.play(bots[me].choose(g, g.legal_actions()))
    assert checked > 50


def test_random_bot_draws_what_randrange_draws() -> None:
    class _Game:
        class raw_state:  # noqa: N801 - a stand-in for the state the bot reads
            phase = "call"

    bot, ref = xbots.XevozRandomBot(seed=42), random.Random(42)
    for n in [1, 2, 3, 4, 6, 9, 16, 25, 1, 2] * 30:
        legal = [Move(f"A{i + 1}") for i in range(n)]
        assert bot.choose(_Game(), legal) is legal[ref.randrange(n)]  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        bot.choose(_Game(), [])  # type: ignore[arg-type]
