"""Variant options of the lab (issue 6): spinner shares, Zaxxon always awake, must-use-full-count.

Each test would fail if its option did nothing: the option changes what the engine draws or allows.
"""

from __future__ import annotations

import collections

import pytest

from tabletop import zaxxon
from tabletop.engine import IllegalAction, RigError, play_out
from tabletop.zaxxon.rules import SPINNER, EndTurn, MoveZaxxon, Roll, Spin, ZaxxonVariant

from .helpers import new, turn


def spins(g, n: int) -> collections.Counter[str]:
    """Spin ``n`` times (ending both players' turns each time) and count the outcomes."""
    out: collections.Counter[str] = collections.Counter()
    for _ in range(n):
        g.play(Roll())
        g.play(Spin())
        out[g.state["spin"]] += 1
        while g.state["phase"] == "zaxxon":
            g.play(next(a for a in g.legal_actions() if isinstance(a, MoveZaxxon)))
        while g.state["phase"] == "move":
            g.play(EndTurn())
    return out


# -- spinner shares (zaxxon.spinner) -------------------------------------------------------------------------
def test_spinner_default_shares_are_equal_zaxxon_spinner() -> None:
    info = next(o for o in ZaxxonVariant.options() if o.name == "spinner_weights")
    assert info.default == (1.0, 1.0, 1.0, 1.0) and info.rule == "zaxxon.spinner"
    assert "reconstruction" in info.doc
    counts = spins(new(), 400)
    assert set(counts) == set(SPINNER)
    assert all(60 <= counts[o] <= 140 for o in SPINNER), counts  # about 100 each


def test_spinner_weights_change_the_draw_zaxxon_spinner() -> None:
    only_red = spins(new(spinner_weights=(1, 0, 0, 0)), 60)
    assert only_red == {"RED": 60}
    skewed = spins(new(spinner_weights=(3.0, 1.0, 0.0, 0.0)), 400)
    assert set(skewed) == {"RED", "BLUE"}  # a share of 0 never comes up
    assert 250 <= skewed["RED"] <= 350, skewed  # about 3 in 4


def test_spinner_zero_share_cannot_be_rigged_zaxxon_spinner() -> None:
    """A spinner colour with share 0 cannot come up, so it cannot be rigged: refused at rig time, nothing queued."""
    g = new(spinner_weights=(1.0, 1.0, 1.0, 0.0))
    before = g.save()
    with pytest.raises(RigError, match="'Z' cannot come up on the spinner; possible outcomes: RED, BLUE, WHITE"):
        g.rig(die=[2, 5], spinner="Z")
    assert g.save() == before and g.rigged == {}
    g.rig(die=[2, 5], spinner="RED")  # a colour with a share is fine
    g.play(Roll())
    g.play(Spin())
    assert g.state["phase"] != "spin"


@pytest.mark.parametrize("bad, words", [
    ((1.0, 1.0, 1.0), "give 4 shares"),
    ((1.0, -1.0, 1.0, 1.0), "share of BLUE must be a finite number of at least 0"),
    ((0.0, 0.0, 0.0, 0.0), "all zero"),
    ((1.0, float("nan"), 1.0, 1.0), "finite"),
    ((1.0, 1.0, float("inf"), 1.0), "finite"),
    ((1.0, "x", 1.0, 1.0), "must be a number"),
    ((True, 1.0, 1.0, 1.0), "must be a number"),
])
def test_bad_spinner_weights_are_refused_with_a_reason_zaxxon_spinner(bad, words) -> None:
    with pytest.raises(ValueError, match="spinner_weights") as info:
        zaxxon.new_game(seed=1, variant={"spinner_weights": list(bad)})
    assert words in str(info.value)


def test_spinner_weights_reach_the_board_and_saves_zaxxon_spinner() -> None:
    pytest.importorskip("anywidget")
    from tabletop.zaxxon.widget import Board

    b = Board(seed=1, variant={"spinner_weights": [2, 1, 1, 0]})
    sectors = b.view_data["chance"]["spinner"]["sectors"]
    assert [(s["color"], s["weight"]) for s in sectors] == [("RED", 2.0), ("BLUE", 1.0), ("WHITE", 1.0)]
    assert [s["weight"] for s in Board(seed=1).view_data["chance"]["spinner"]["sectors"]] == [1.0] * 4
    g = zaxxon.new_game(seed=3, variant={"spinner_weights": [2, 1, 1, 0]})
    assert g.save()["variant"]["spinner_weights"] == [2, 1, 1, 0]
    assert zaxxon.load(g.save()).variant.spinner_weights == (2, 1, 1, 0)


def test_lab_controls_parse_spinner_weights_zaxxon_spinner() -> None:
    pytest.importorskip("ipywidgets")
    from tabletop.lab.ui import control_for, value_of

    infos = {o.name: o for o in ZaxxonVariant.options()}
    ctl = control_for(infos["spinner_weights"])
    assert ctl.value == "1.0, 1.0, 1.0, 1.0"
    ctl.value = "2, 1, 1, 0"
    v = ZaxxonVariant.from_dict({"spinner_weights": value_of(infos["spinner_weights"], ctl)})
    assert v.spinner_weights == (2.0, 1.0, 1.0, 0.0)
    assert control_for(infos["zaxxon_awake"]).value is False


# -- Zaxxon always awake (zaxxon.zaxxon-alert) -------------------------------------------------------------------
def test_zaxxon_awake_variant_makes_z_move_zaxxon_from_the_start_zaxxon_zaxxon_alert() -> None:
    asleep = new()
    turn(asleep, (2, 5), "Z")
    assert asleep.state["phase"] == "move" and not asleep.state["zaxxon"]["active"]

    g = new(zaxxon_awake=True)
    assert g.state["zaxxon"]["active"]
    assert "zaxxon.zaxxon-alert" in [e.rule for e in g.history[0].events]  # said at setup, not silently
    turn(g, (2, 5), "Z")
    assert g.state["phase"] == "zaxxon" and g.current_player == 0
    g.play(MoveZaxxon("W"))
    assert g.state["zaxxon"]["spaces"] == ("B14", "B15")


def test_zaxxon_awake_with_a_teaching_position_zaxxon_zaxxon_alert() -> None:
    g = zaxxon.new_game(seed=1, variant={"scenario": "endgame", "zaxxon_awake": True})
    assert g.state["zaxxon"]["active"]


# -- must use the full count (zaxxon.end-turn) -------------------------------------------------------------------
def test_full_count_variant_hides_end_turn_and_bots_finish_zaxxon_end_turn() -> None:
    g = new(must_use_full_count=True)
    turn(g, (3, 5))
    assert EndTurn() not in g.legal_actions()  # the bots never pick a move the rules refuse
    with pytest.raises(IllegalAction, match="must_use_full_count"):
        g.play(EndTurn())
    for seed in range(6):
        h = zaxxon.new_game(seed=seed, safe=False, variant={"must_use_full_count": True, "max_rounds": 40})
        play_out(h, [zaxxon.BOTS["greedy"](seed=seed), zaxxon.BOTS["random"](seed=seed + 1)])
        assert h.is_over


# -- the fast paths keep the rules (zaxxon.order-of-play, zaxxon.shooting, zaxxon.end-turn) -----------------------
def derived_mover(s) -> int | None:
    """The seat to act as the rules define it (zaxxon.order-of-play), from phase, lower roller and stage."""
    from tabletop.zaxxon.rules import MOVE, OVER, ROLL

    if s.phase == OVER:
        return None
    if s.phase == ROLL:
        return 0
    if s.phase != MOVE:
        return s.low
    return s.low if s.stage == 0 else 1 - s.low


def test_stored_mover_follows_the_order_of_play_zaxxon_order_of_play() -> None:
    for seed in range(4):
        g = zaxxon.new_game(seed=seed, safe=False, variant={"max_rounds": 30, "zaxxon_awake": seed % 2 == 1})
        bots = [zaxxon.BOTS["greedy"](seed=seed), zaxxon.BOTS["random"](seed=seed)]
        while True:
            s = g.raw_state
            assert s.mover == derived_mover(s)
            if s.mover is None:
                break
            legal = g.legal_actions()
            assert all(type(a) is not EndTurn for a in legal[:-1])  # EndTurn, when legal, comes last
            g.play(bots[s.mover].choose(g, legal))


def test_precomputed_shot_rays_stop_at_walls_and_black_spaces_zaxxon_shooting() -> None:
    rules = zaxxon.Rules()
    b = rules.board
    for c in range(len(b.terrain)):
        for d in range(6):
            line = b.line(c, d)
            ray = rules.rays[c][d]
            assert list(ray) == line[:len(ray)] and rules.lines[c][d] == tuple(line)
            assert all(b.terrain[x] not in "#Ww" for x in ray)
            if len(ray) < len(line):
                assert b.terrain[line[len(ray)]] in "#Ww"
        for k in range(7):  # what a shot with count k could reach: the first k spaces of each ray (a bit mask)
            assert rules.near[c][k] == sum(1 << x for x in {x for d in range(6) for x in rules.rays[c][d][:k]})
