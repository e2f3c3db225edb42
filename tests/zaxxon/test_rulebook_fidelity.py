"""Issue 10, Zaxxon: the rulebook's sentences that the engine and the board data now keep true.

Each test names the sentence it keeps; each failed on the engine and map before the fix."""

from __future__ import annotations

import pytest

from tabletop.engine import IllegalAction, load_catalog
from tabletop.zaxxon.board import BOARD
from tabletop.zaxxon.rules import Move, MoveZaxxon, ZaxxonRules, ZaxxonShoot

from .helpers import new, place, plane, turn

RULES = ZaxxonRules()


# "Your plane remains in the game, of course, and you can move it back into your outer fortress on your next
# turn." (Game Play in the Outer Fortress, 3) - with ANY roll: one count from the home base into the fortress
@pytest.mark.parametrize("seat", [0, 1])
def test_home_base_spaces_touch_the_outer_fortress(seat: int) -> None:
    outer = "ab"[seat]
    for spot in BOARD.home[seat]:
        steps = [n for n in BOARD.nbr[spot] if n >= 0 and BOARD.zone[n] == outer and BOARD.terrain[n] not in "#Ww"]
        assert steps, f"{BOARD.name(spot)} does not touch the outer fortress"


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_a_plane_shot_down_moves_back_into_its_outer_fortress_next_turn_with_any_roll(roll: int) -> None:
    g = new()
    place(g, 0, 1, "C7")  # in blue's missile silo area
    other = 6 if roll < 6 else 1
    turn(g, (roll, other) if roll < 6 else (roll, other), "RED")
    assert plane(g, 0, 1)["space"] == "E1" and plane(g, 0, 1)["grounded"]
    while g.state["round"] == 1:
        g.play(g.find("end the turn"))
    turn(g, (roll, other), "WHITE")
    if g.current_player != 0:
        g.play(g.find("end the turn"))
    assert g.state["count"] == roll
    into = [a for a in g.legal_actions() if isinstance(a, Move) and a.plane == 1
            and BOARD.zone[BOARD.cell(a.to)] == "a"]
    assert into, f"with a roll of {roll} plane #1 cannot get back into its outer fortress"
    g.play(into[0])
    assert BOARD.zone[BOARD.cell(plane(g, 0, 1)["space"])] == "a"


# "Notice that Zaxxon always faces toward the attacking fighter planes no matter where it moves."
# (Game Play in the Inner Fortress, 6) - reconstruction: the nearest plane in the inner fortress
def _zaxxon_game(west_space: str):
    g = new()
    s = g.raw_state
    s.zx_active = True
    s.zx = BOARD.cell(west_space)
    return g


def test_zaxxon_faces_south_at_setup_and_without_attackers() -> None:
    g = new()
    assert g.state["zaxxon"]["facing"] == "S"  # toward the small purple triangles (setup, step 6)


def test_zaxxon_turns_north_toward_the_nearest_attacking_plane_and_shoots_that_way() -> None:
    g = _zaxxon_game("C14")
    place(g, 0, 1, "B12")  # north-west of Zaxxon, next to its area
    place(g, 1, 1, "H14")  # far south
    assert g.state["zaxxon"]["facing"] == "N"
    turn(g, (2, 5), "Z")
    shots = {(a.space, a.direction) for a in g.legal_actions() if type(a).__name__ == "ZaxxonShoot"}
    assert shots == {("west", "W"), ("west", "NW"), ("west", "NE"), ("east", "E"), ("east", "NW"),
                     ("east", "NE")}
    with pytest.raises(IllegalAction) as info:
        g.play(ZaxxonShoot("west", "SW"))
    assert info.value.rule == "zaxxon.zaxxon-shoots" and "faces north" in info.value.reason


def test_zaxxon_faces_south_when_the_nearest_plane_is_south_and_turns_when_it_moves() -> None:
    g = _zaxxon_game("C14")
    place(g, 0, 1, "B12")
    place(g, 1, 1, "D15")  # right below Zaxxon: nearer than B12
    assert g.state["zaxxon"]["facing"] == "S"
    turn(g, (5, 2), "WHITE")  # red rolled lower: red moves first
    g.play(Move(1, "E15"))
    g.play(Move(1, "F15"))
    assert g.state["zaxxon"]["facing"] == "N"  # B12 is nearest now
    turned = [e for e in g.history[-1].events if e.rule == "zaxxon.zaxxon-moves"]
    assert turned and "face north" in turned[0].text


def test_zaxxon_keeps_facing_the_planes_no_matter_where_it_moves() -> None:
    g = _zaxxon_game("C14")
    place(g, 0, 1, "B12")
    place(g, 1, 1, "H14")
    turn(g, (3, 5), "Z")
    g.play(MoveZaxxon("E"))  # sideways, away from the plane
    assert g.state["zaxxon"]["facing"] == "N"
    text = [e.text for e in g.history[-1].events if e.rule == "zaxxon.zaxxon-moves"][0]
    assert "sideways east" in text and "facing north" in text
    g.play(MoveZaxxon("NE"))  # diagonally forward while facing north
    assert "diagonally forward north-east" in [e.text for e in g.history[-1].events][0]


def test_the_board_shows_zaxxons_facing() -> None:
    pytest.importorskip("anywidget")
    from tabletop.zaxxon.widget import STATIC, board_svg

    js = (STATIC / "board.js").read_text()
    assert "state.zaxxon.facing" in js and "zx-front" in js
    g = _zaxxon_game("C14")
    place(g, 0, 1, "B12")
    assert "ZAXXON (faces north)" in board_svg(g.state)


# Walls and Zaxxon's shot (decision, documented in rules.toml zaxxon.zaxxon-shoots): "The shot travels in one
# direction through adjacent spaces until it hits either a fighter plane, black space or black area on the
# gameboard." Walls are not in that list, so the shot passes over them - into an outer fortress too.
def test_zaxxons_shot_passes_over_the_short_wall_into_an_outer_fortress() -> None:
    g = _zaxxon_game("B13")
    place(g, 0, 1, "J9")  # blue's outer fortress, beyond the short wall H10 / I10 on the SW line
    place(g, 1, 1, "E31")
    line = [BOARD.name(c) for c in BOARD.line(BOARD.cell("B13"), 4)]
    assert line.index("H10") < line.index("J9") and BOARD.terrain[BOARD.cell("H10")] == "W"
    assert g.state["zaxxon"]["facing"] == "S"
    turn(g, (2, 5), "Z")
    g.play(ZaxxonShoot("west", "SW"))
    assert plane(g, 0, 1)["space"] in {BOARD.name(c) for c in BOARD.restart[0]}
    assert "zaxxon.zaxxon-shoots" in [e.rule for e in g.history[-1].events]
    doc = load_catalog(RULES.catalog_path)["zaxxon.zaxxon-shoots"].reconstruction
    assert "passes over walls" in doc and "outer fortress" in doc


# rig_domain: what the spinner can show under the variant
def test_rig_domain_spinner_follows_the_variant() -> None:
    from tabletop.zaxxon.rules import ZaxxonVariant

    assert RULES.rig_domain("die", ZaxxonVariant(), None) is None
    assert tuple(RULES.rig_domain("spinner", ZaxxonVariant(), None)) == ("RED", "BLUE", "WHITE", "Z")
    no_z = ZaxxonVariant(spinner_weights=(2.0, 1.0, 1.0, 0.0))
    assert "Z" not in RULES.rig_domain("spinner", no_z, None)


# names: correct grammar for a player named "You", no internal ids
def test_a_player_named_you_reads_correctly() -> None:
    from tabletop import zaxxon

    g = zaxxon.new_game(seed=3, players=["You", "Bot"])
    g.rig(die=[2, 5], spinner="WHITE")
    g.play(g.find("roll both dice"))
    g.play(g.find("spin the spinner"))
    g.play(g.find("end the turn"))
    text = " ".join(e.text for t in g.history for e in t.events)
    assert "You rolled lower and spin, then play first" in text
    assert "You spin WHITE" in text and "You end the turn" in text
    assert "You spins" not in text and "You ends" not in text and "You plays" not in text
    assert "Bot plays second" in text


def test_the_board_prompt_agrees_with_you() -> None:
    pytest.importorskip("anywidget")
    from tabletop import zaxxon
    from tabletop.zaxxon.widget import prompt

    g = zaxxon.new_game(seed=1, players=["You", "Bot"], variant={"scenario": "endgame"})
    g.rig(die=[2, 5], spinner="WHITE")
    g.play(g.find("roll both dice"))
    g.play(g.find("spin the spinner"))
    g.play(g.find("plane #1 shoots at C12"))
    assert prompt(g) == "You completed the mission and win!"
    assert "You have completed the whole mission and win!" in [e.text for e in g.history[-1].events]
