"""One or more tests per rule clause of the Zaxxon catalog; each would fail if its rule were broken."""

from __future__ import annotations

import pytest

from tabletop import zaxxon
from tabletop.engine import IllegalAction
from tabletop.zaxxon.rules import (
    Altitude,
    EndTurn,
    Move,
    MoveZaxxon,
    Roll,
    Shoot,
    Spin,
    ZaxxonShoot,
)

from .helpers import cell, force_place, new, place, plane, remove_target, turn


def refused(g, action, rule: str, match: str = "") -> IllegalAction:
    before = (g.digest(), g.version, g.rigged)
    with pytest.raises(IllegalAction) as info:
        g.play(action)
    assert info.value.rule == rule, info.value
    if match:
        assert match.lower() in info.value.reason.lower(), info.value.reason
    assert (g.digest(), g.version, g.rigged) == before  # a refused move changes nothing
    return info.value


def rules_fired(g) -> list[str]:
    return [e.rule for e in g.history[-1].events]


# -- setup, dice, order ----------------------------------------------------------------------------------------
def test_setup_zaxxon_setup() -> None:
    g = new()
    st = g.state
    assert [p["space"] for p in st["planes"]] == ["E1", "G1", "E31", "G31"]
    assert all(p["altitude"] == "low" for p in st["planes"])
    assert st["zaxxon"] == {"spaces": ("B15", "B16"), "active": False, "facing": "S"}
    starts = {t["kind"] + str(t["owner"]): t["space"] for t in st["targets"] if t["owner"] is not None}
    assert starts["silo0"] == "C6" and starts["turret0"] == "I6"
    assert st["phase"] == "roll" and g.current_player == 0
    assert [e.rule for e in g.log] == ["zaxxon.setup", "zaxxon.mission"]


def test_ties_are_rerolled_zaxxon_roll() -> None:
    g = new()
    g.rig(die=[4, 4, 2, 5], spinner="WHITE")
    g.play(Roll())
    assert g.state["dice"] == (2, 5)
    assert [e.rule for e in g.history[-1].events].count("zaxxon.roll") == 2
    assert "tie" in g.history[-1].events[0].text
    refused(g, Roll(), "zaxxon.spinner", "spin")


def test_lower_roller_spins_and_plays_first_zaxxon_order_of_play() -> None:
    g = new()
    g.rig(die=[5, 2], spinner="WHITE")
    g.play(Roll())
    assert g.current_player == 1  # Player 2 rolled lower: spins
    refused(g, Move(1, "E2"), "zaxxon.spinner")
    g.play(Spin())
    assert g.current_player == 1 and g.state["count"] == 2
    g.play(EndTurn())
    assert g.current_player == 0 and g.state["count"] == 5
    refused(g, Spin(), "zaxxon.order-of-play")
    g.play(EndTurn())
    assert g.state["phase"] == "roll" and g.state["round"] == 2


def test_only_the_lower_roller_spins_zaxxon_spinner() -> None:
    g = new()
    g.rig(die=[3, 6])
    g.play(Roll())
    assert g.current_player == 0 and g.legal_actions() == [Spin()]
    seen = set()
    for seed in range(40):
        h = zaxxon.new_game(seed=seed)
        h.rig(die=[1, 2])
        h.play(Roll())
        h.play(Spin())
        seen.add(h.state["spin"])
    assert len(seen) >= 3  # the spinner really spins


# -- enemy fire --------------------------------------------------------------------------------------------
def test_red_shoots_planes_in_silo_areas_zaxxon_red_silo_fire() -> None:
    g = new()
    place(g, 0, 1, "C7")  # next to player 1's missile silo at C6
    place(g, 1, 1, "C25")  # next to player 2's missile silo at C26
    turn(g, (2, 5), "RED")
    assert plane(g, 0, 1)["space"] == "E1" and plane(g, 1, 1)["space"] == "E31"
    assert "zaxxon.red-silo-fire" in rules_fired(g)


def test_red_shoots_planes_entering_silo_areas_zaxxon_red_silo_fire() -> None:
    g = new()
    place(g, 0, 1, "C8")
    turn(g, (2, 5), "RED")
    assert plane(g, 0, 1)["space"] == "C8"
    g.play(Move(1, "C7"))
    assert plane(g, 0, 1)["space"] == "E1"
    assert "zaxxon.red-silo-fire" in rules_fired(g)


def test_blue_shoots_planes_in_turret_areas_zaxxon_blue_turret_fire() -> None:
    g = new()
    place(g, 0, 1, "H6")
    place(g, 0, 2, "I8")
    turn(g, (2, 5), "BLUE")
    assert plane(g, 0, 1)["space"] == "E1"
    g.play(Move(2, "I7"))  # entering after BLUE: the rulebook only says "is in"
    assert plane(g, 0, 2)["space"] == "I7"
    h = new(turret_fires_on_entry=True)
    place(h, 0, 2, "I8")
    turn(h, (2, 5), "BLUE")
    h.play(Move(2, "I7"))
    assert plane(h, 0, 2)["space"] == "G1"
    assert "zaxxon.blue-turret-fire" in rules_fired(h)


def test_white_is_safe_zaxxon_white_safe() -> None:
    g = new()
    place(g, 0, 1, "C7")
    place(g, 0, 2, "H6")
    turn(g, (2, 5), "WHITE")
    assert plane(g, 0, 1)["space"] == "C7" and plane(g, 0, 2)["space"] == "H6"
    assert "zaxxon.white-safe" in rules_fired(g)


def test_destroyed_silo_does_not_fire_zaxxon_destroyed_areas_safe() -> None:
    g = new()
    remove_target(g, "C6")
    place(g, 0, 1, "C7")
    turn(g, (2, 5), "RED")
    assert plane(g, 0, 1)["space"] == "C7"
    assert "zaxxon.destroyed-areas-safe" in rules_fired(g)


def test_shot_down_outer_goes_home_and_waits_zaxxon_shot_down_outer() -> None:
    g = new()
    place(g, 0, 1, "C7")
    turn(g, (2, 5), "RED")
    assert plane(g, 0, 1) | {} == plane(g, 0, 1) and plane(g, 0, 1)["space"] == "E1"
    assert plane(g, 0, 1)["grounded"] and plane(g, 0, 1)["altitude"] == "low"
    refused(g, Move(1, "E2"), "zaxxon.shot-down-outer", "next turn")
    g.play(EndTurn())
    g.play(EndTurn())
    turn(g, (2, 5), "WHITE")
    g.play(Move(1, "E2"))  # flies again on the next turn
    assert plane(g, 0, 1)["space"] == "E2"


def test_shot_down_inner_goes_to_restart_zaxxon_shot_down_inner() -> None:
    g = new()
    place(g, 0, 1, "J12")  # the optional silo's area in the inner fortress
    turn(g, (2, 5), "RED")
    assert plane(g, 0, 1)["space"] == "E9"
    assert g.raw_state.planes[0][0] == cell("E9")
    assert "zaxxon.shot-down-inner" in rules_fired(g)


# -- moving -----------------------------------------------------------------------------------------------------
def test_split_count_between_planes_zaxxon_split_count() -> None:
    g = new()
    turn(g, (3, 5))
    g.play(Move(1, "E2"))
    g.play(Move(2, "G2"))
    assert g.state["count"] == 1 and g.current_player == 0
    g.play(Move(2, "H2"))
    assert g.current_player == 1 and g.state["count"] == 5  # count used up: the higher roller plays
    refused(g, Move(3, "E2"), "zaxxon.split-count", "no plane #3")


def test_end_turn_early_and_full_count_variant_zaxxon_end_turn() -> None:
    g = new()
    turn(g, (3, 5))
    g.play(EndTurn())
    assert g.current_player == 1
    h = new(must_use_full_count=True)
    turn(h, (3, 5))
    refused(h, EndTurn(), "zaxxon.end-turn", "3 to use")


def test_planes_move_to_adjacent_spaces_and_revisit_zaxxon_plane_moves() -> None:
    g = new()
    turn(g, (4, 5))
    refused(g, Move(1, "E3"), "zaxxon.plane-moves", "not next to")
    g.play(Move(1, "E2"))
    g.play(Move(1, "E1"))  # back to the same space
    g.play(Move(1, "E2"))
    assert plane(g, 0, 1)["space"] == "E2" and g.state["count"] == 1
    assert {str(a) for a in g.legal_actions() if isinstance(a, Move) and a.plane == 1} >= {
        "move plane #1 to E1", "move plane #1 to D2", "move plane #1 to F2"}


def test_planes_block_planes_zaxxon_no_passing_planes() -> None:
    g = new()
    place(g, 0, 2, "E2")
    turn(g, (4, 5))
    refused(g, Move(1, "E2"), "zaxxon.no-passing-planes", "plane")


def test_black_spaces_and_pieces_block_zaxxon_blocked_spaces() -> None:
    g = new()
    place(g, 0, 1, "D1")
    place(g, 0, 2, "D7")
    turn(g, (4, 5))
    refused(g, Move(1, "C1"), "zaxxon.blocked-spaces", "black")
    refused(g, Move(2, "D8"), "zaxxon.blocked-spaces", "target")


def test_planes_stay_on_their_own_side_zaxxon_own_side() -> None:
    g = new()
    place(g, 0, 1, "I21", high=True)
    turn(g, (2, 5))
    refused(g, Move(1, "I22"), "zaxxon.own-side", "opponent")


def test_altitude_costs_one_zaxxon_altitude() -> None:
    g = new()
    turn(g, (3, 5))
    g.play(Altitude(1, True))
    assert plane(g, 0, 1)["altitude"] == "high" and g.state["count"] == 2
    refused(g, Altitude(1, True), "zaxxon.altitude", "already at High")
    g.play(Altitude(1, False))
    assert plane(g, 0, 1)["altitude"] == "low" and g.state["count"] == 1


def test_walls_only_at_low_section_and_high_zaxxon_wall_crossing() -> None:
    g = new()
    place(g, 0, 1, "F3")
    place(g, 0, 2, "E3", high=True)
    turn(g, (4, 5))
    err = refused(g, Move(1, "F4"), "zaxxon.wall-crossing")
    assert err.reason == "Your plane is at Low Altitude; walls are crossed only at High Altitude"
    refused(g, Move(2, "E4"), "zaxxon.wall-crossing", "low section")
    g.play(Altitude(1, True))
    g.play(Move(1, "F4"))
    assert "zaxxon.wall-crossing" in rules_fired(g)
    g.play(Move(1, "F5"))
    assert plane(g, 0, 1)["space"] == "F5"


def test_no_landing_on_a_wall_zaxxon_wall_no_landing() -> None:
    g = new()
    place(g, 0, 1, "F3", high=True)
    place(g, 0, 2, "G3", high=True)
    turn(g, (1, 5))
    refused(g, Move(1, "F4"), "zaxxon.wall-no-landing", "2 counts")
    g.play(EndTurn())
    g.play(EndTurn())
    turn(g, (3, 5))
    g.play(Move(1, "F4"))
    assert {type(a) for a in g.legal_actions()} == {Move}  # must step off the wall
    refused(g, EndTurn(), "zaxxon.wall-no-landing", "cannot land")
    refused(g, Altitude(1, False), "zaxxon.wall-no-landing")
    refused(g, Move(2, "G4"), "zaxxon.wall-no-landing", "step off")
    g.play(Move(1, "F5"))
    assert g.state["count"] == 1


def test_walls_count_one_and_short_wall_enters_inner_zaxxon_inner_entry() -> None:
    g = new()
    place(g, 0, 1, "I9", high=True)
    turn(g, (2, 5))
    g.play(Move(1, "I10"))
    g.play(Move(1, "I11"))
    assert "zaxxon.inner-entry" in rules_fired(g)
    assert g.current_player == 1  # wall (1) + space beyond (1) = 2


# -- shooting ---------------------------------------------------------------------------------------------------
def test_the_worked_example_with_a_five_zaxxon_turn_example() -> None:
    """zaxxon.turn-example: move, change altitude, shoot TWO spaces and destroy a silo, move = 5."""
    g = new()
    place(g, 0, 1, "C9", high=True)
    turn(g, (5, 6))
    g.play(Move(1, "C8"))  # 1 move one space
    g.play(Altitude(1, False))  # 2 change altitude
    g.play(Shoot(1, "C6"))  # 3-4 shoot TWO spaces and destroy the missile silo
    assert g.state["count"] == 1
    assert "zaxxon.shoot-silo-turret" in rules_fired(g)
    g.play(Move(1, "B8"))  # 5 move one space
    assert g.current_player == 1 and g.state["mission"][0]["outer_silo"] == 1


def test_shots_go_straight_through_empty_spaces_zaxxon_shooting() -> None:
    g = new()
    place(g, 0, 1, "C9")
    place(g, 0, 2, "C7")
    turn(g, (5, 6))
    refused(g, Shoot(1, "C6"), "zaxxon.shooting", "in the way")
    refused(g, Shoot(1, "H8", "C12"), "zaxxon.shooting", "straight line")
    refused(g, Shoot(1, "D6"), "zaxxon.shooting", "nothing to shoot")
    refused(g, Shoot(1, "C8"), "zaxxon.shooting", "nothing to shoot")
    g.play(Move(2, "B7"))
    g.play(Move(2, "A7"))
    g.play(Move(2, "A6"))
    g.play(Move(2, "A5"))
    refused(g, Shoot(1, "C6"), "zaxxon.shooting", "costs 3; you have 1")
    h = new()
    place(h, 0, 1, "C9")
    turn(h, (3, 6))
    h.play(Shoot(1, "C6"))  # three spaces: C8, C7 and the silo's own space
    assert h.current_player == 1


def test_shoot_only_at_low_altitude_zaxxon_shoot_low() -> None:
    g = new()
    place(g, 0, 1, "C8", high=True)
    turn(g, (4, 6))
    refused(g, Shoot(1, "C6"), "zaxxon.shoot-low", "Low Altitude")
    assert not any(isinstance(a, Shoot) for a in g.legal_actions())


def test_turret_is_removed_zaxxon_shoot_silo_turret() -> None:
    g = new()
    place(g, 0, 1, "I8")
    turn(g, (4, 6))
    g.play(Shoot(1, "I6"))
    assert g.state["targets"][8]["space"] is None and g.state["mission"][0]["outer_turret"] == 1
    g.play(Move(1, "I7"))  # the turret's space is free now
    g.play(Move(1, "I6"))
    assert plane(g, 0, 1)["space"] == "I6"


def test_outer_fuel_tank_moves_to_fuel_space_zaxxon_outer_fuel_tank() -> None:
    g = new()
    place(g, 0, 1, "D7")
    turn(g, (4, 6))
    refused(g, Shoot(1, "D8"), "zaxxon.outer-fuel-tank", "which FUEL space")
    refused(g, Shoot(1, "D8", "E12"), "zaxxon.outer-fuel-tank", "not a FUEL space")
    g.play(Shoot(1, "D8", "I13"))
    tank = g.state["targets"][2]
    assert tank["space"] == "I13" and tank["inner"] and g.state["mission"][0]["outer_fuel"] == 1
    assert "zaxxon.outer-fuel-tank" in rules_fired(g)
    place(g, 0, 2, "H7")
    refused(g, Shoot(2, "H8", "I13"), "zaxxon.outer-fuel-tank", "taken")


def test_inner_fuel_tank_is_removed_zaxxon_inner_fuel_tank() -> None:
    g = new()
    s = g.raw_state
    s.tcell[2], s.tinner[2] = cell("I13"), 1
    place(g, 0, 1, "I12")
    turn(g, (4, 6))
    g.play(Shoot(1, "I13"))
    assert g.state["targets"][2]["space"] is None and g.state["mission"][0]["inner_fuel"] == 1
    assert "zaxxon.inner-fuel-tank" in rules_fired(g)


def test_not_the_opponents_targets_zaxxon_own_targets() -> None:
    g = new()
    s = g.raw_state
    s.tcell[5], s.tinner[5] = cell("I13"), 1  # a red fuel tank on a FUEL space
    place(g, 0, 1, "I12")
    turn(g, (4, 6))
    refused(g, Shoot(1, "I13"), "zaxxon.own-targets", "opponent")


def test_each_plane_shoots_zaxxon_once_zaxxon_shoot_zaxxon() -> None:
    g = new()
    g.raw_state.zx = cell("B14")  # Zaxxon moved one space west (asleep: a position set_up refuses, so forced)
    force_place(g, 0, 1, "B12")
    turn(g, (4, 6))
    g.play(Shoot(1, "B14"))
    st = g.state
    assert plane(g, 0, 1)["space"] == "E1" and plane(g, 0, 1)["done"]
    assert st["zaxxon"]["spaces"] == ("B15", "B16")  # back to the ZAXXON space
    assert st["mission"][0]["zaxxon"] == (True, False)
    g.play(EndTurn())
    g.play(EndTurn())
    force_place(g, 0, 1, "B12")
    turn(g, (4, 6))
    refused(g, Shoot(1, "B15"), "zaxxon.shoot-zaxxon", "already shot Zaxxon")


def test_dogfights_zaxxon_dogfight() -> None:
    g = new()
    place(g, 0, 1, "F12")
    place(g, 1, 1, "F15")
    place(g, 0, 2, "D12")
    place(g, 1, 2, "D15")
    turn(g, (4, 6))
    refused(g, Shoot(2, "D15"), "zaxxon.dogfight", "dogfight area")
    g.raw_state.planes[2][1] = 1
    refused(g, Shoot(1, "F15"), "zaxxon.dogfight", "same altitude")
    g.raw_state.planes[0][1] = 1  # both at High Altitude: allowed (same altitude)
    g.play(Shoot(1, "F15"))
    assert plane(g, 1, 1)["space"] == "E23" and plane(g, 1, 1)["grounded"]
    assert "zaxxon.dogfight" in rules_fired(g)
    assert g.state["count"] == 1  # F13, F14, F15: three counts


# -- radar and Zaxxon ----------------------------------------------------------------------------------------------
def test_radar_barrier_needs_the_higher_roll_zaxxon_radar_barrier() -> None:
    g = new()
    place(g, 0, 1, "F12")
    place(g, 1, 1, "F15")
    turn(g, (2, 5))
    err = refused(g, Move(1, "G12"), "zaxxon.radar-barrier", "lower number")
    assert "RADAR" in err.reason
    g.play(EndTurn())
    g.play(Move(1, "G16"))  # Player 2 rolled higher: may cross
    assert "zaxxon.radar-barrier" in rules_fired(g)
    h = new(radar_barrier=False)
    place(h, 0, 1, "F12")
    turn(h, (2, 5))
    h.play(Move(1, "G12"))
    assert plane(h, 0, 1)["space"] == "G12"


def test_shooting_through_the_radar_is_allowed_zaxxon_radar_barrier() -> None:
    g = new()
    place(g, 0, 1, "G12")
    place(g, 1, 1, "E13")
    turn(g, (2, 5))  # Player 1 rolled LOWER, still shoots across the radar
    g.play(Shoot(1, "E13"))
    assert plane(g, 1, 1)["space"] == "E23"


def test_first_crossing_alerts_zaxxon_zaxxon_zaxxon_alert() -> None:
    g = new()
    place(g, 0, 1, "F12")
    turn(g, (5, 2))
    g.play(EndTurn())
    assert not g.state["zaxxon"]["active"]
    g.play(Move(1, "G12"))
    assert g.state["zaxxon"]["active"] and "zaxxon.zaxxon-alert" in rules_fired(g)
    g.play(Move(1, "F12"))  # crossing back: Zaxxon stays awake, no second alert
    assert g.state["zaxxon"]["active"] and "zaxxon.zaxxon-alert" not in rules_fired(g)


def test_z_spin_moves_zaxxon_then_planes_zaxxon_zaxxon_spin() -> None:
    g = new()
    turn(g, (2, 5), "Z")  # not alerted yet: nothing happens
    assert g.state["phase"] == "move" and g.state["zaxxon"]["spaces"] == ("B15", "B16")
    assert "zaxxon.zaxxon-spin" in rules_fired(g)
    g.play(EndTurn())
    g.play(EndTurn())
    g.raw_state.zx_active = True
    turn(g, (2, 5), "Z")
    assert g.state["phase"] == "zaxxon" and g.current_player == 0 and g.state["count"] == 2
    refused(g, Move(1, "E2"), "zaxxon.zaxxon-spin", "Zaxxon")
    g.play(MoveZaxxon("W"))
    g.play(MoveZaxxon("E"))
    assert g.state["phase"] == "move" and g.state["count"] == 2  # the same die count again for the planes
    refused(g, MoveZaxxon("W"), "zaxxon.order-of-play")


def test_zaxxon_moves_within_its_area_zaxxon_zaxxon_moves() -> None:
    g = new()
    g.raw_state.zx_active = True
    turn(g, (3, 5), "Z")
    legal = {a.direction for a in g.legal_actions() if isinstance(a, MoveZaxxon)}
    assert legal == {"W", "E", "SW", "SE"}  # backward would leave the Zaxxon area
    refused(g, MoveZaxxon("NW"), "zaxxon.zaxxon-moves", "leave the Zaxxon area")
    refused(g, MoveZaxxon("N"), "zaxxon.zaxxon-moves")
    g.play(MoveZaxxon("SW"))
    assert g.state["zaxxon"]["spaces"] == ("C15", "C16") and g.state["zaxxon"]["facing"] == "S"
    g.play(MoveZaxxon("NE"))  # diagonally backward
    assert g.state["zaxxon"]["spaces"] == ("B15", "B16")


def test_zaxxon_shoots_one_count_until_plane_or_black_zaxxon_zaxxon_shoots() -> None:
    g = new()
    g.raw_state.zx_active = True
    place(g, 1, 1, "H12")  # far down the SW line, across the radar
    place(g, 0, 1, "B9")  # beyond the black space west of the inner fortress
    turn(g, (2, 5), "Z")
    refused(g, ZaxxonShoot("west", "E"), "zaxxon.zaxxon-shoots")
    g.play(ZaxxonShoot("west", "W"))
    assert plane(g, 0, 1)["space"] == "B9"  # the black space at B10 stopped the shot
    g.play(ZaxxonShoot("west", "SW"))
    assert plane(g, 1, 1)["space"] == "E23"  # a RESTART space of red's outer fortress
    assert g.state["phase"] == "move"  # two shots, two counts


def test_optional_targets_zaxxon_optional_targets() -> None:
    g = new()
    place(g, 0, 1, "J11")
    turn(g, (4, 6))
    g.play(Shoot(1, "J13"))
    assert g.state["targets"][10]["space"] is None
    assert g.state["mission"][0] == {"outer_fuel": 0, "outer_silo": 0, "outer_turret": 0, "inner_fuel": 0,
                                     "zaxxon": (False, False)}
    assert "zaxxon.optional-targets" in rules_fired(g)


def test_indestructible_targets_zaxxon_indestructible() -> None:
    g = new()
    place(g, 0, 1, "D12")
    place(g, 1, 1, "D13")  # inside the indestructible silo's area
    turn(g, (4, 6), "RED")
    assert plane(g, 1, 1)["space"] == "E23"
    refused(g, Shoot(1, "D14"), "zaxxon.indestructible", "purple triangles")


def test_planes_never_enter_the_zaxxon_area_zaxxon_zaxxon_area() -> None:
    g = new()
    place(g, 0, 1, "B12")
    turn(g, (4, 6))
    refused(g, Move(1, "B13"), "zaxxon.zaxxon-area", "white spaces")


def test_mission_needs_everything_zaxxon_mission() -> None:
    g = new()
    s = g.raw_state
    s.mission[0] = [2, 1, 1, 1]
    s.tcell[2], s.tinner[2], s.tcell[6] = cell("C12"), 1, -1
    place(g, 0, 1, "D12")
    s.planes[1][3] = 1  # plane #2 shot Zaxxon, plane #1 has not
    turn(g, (4, 6))
    g.play(Shoot(1, "C12"))
    assert g.winner is None and not g.is_over


def test_first_to_complete_the_mission_wins_zaxxon_win() -> None:
    g = new()
    s = g.raw_state
    s.mission[0] = [2, 1, 1, 1]
    s.tcell[2], s.tinner[2], s.tcell[6] = cell("C12"), 1, -1
    s.planes[0][3] = s.planes[1][3] = 1
    force_place(g, 0, 1, "D12")  # the state above is written directly: keep it as it is
    turn(g, (4, 6))
    g.play(Shoot(1, "C12"))
    assert g.winner == 0 and g.is_over and g.legal_actions() == []
    assert "zaxxon.win" in rules_fired(g)
    refused(g, EndTurn(), "zaxxon.game-over")


def test_turn_cap_variant_zaxxon_turn_cap() -> None:
    g = new(max_rounds=1)
    turn(g)
    g.play(EndTurn())
    g.play(EndTurn())
    assert g.is_over and g.winner is None and "zaxxon.turn-cap" in rules_fired(g)
    assert new().variant.max_rounds == 0  # the rulebook has no cap
