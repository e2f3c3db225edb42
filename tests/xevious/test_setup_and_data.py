"""Pieces, preparations and the data files (xevious.pieces, xevious.prep-*)."""

from __future__ import annotations

import pytest

from tabletop import xevious
from tabletop.engine import load_catalog, thaw
from tabletop.xevious import data
from tabletop.xevious.rules import Fly, Roll

from .helpers import game, pilot


def test_pieces_six_panels_seven_stages_stage1_and_7_share_a_panel() -> None:
    """xevious.pieces: seven stages on six panels, Stage 1 and Stage 7 on the same one; Gump Markers in Stage 7."""
    st = data.stages()
    assert len(st) == 7 and len({s.panel.id for s in st}) == 6
    assert st[0].panel is st[6].panel
    assert st[6].gumps and all(not s.gumps for s in st[:6])
    for s in st:
        for area in s.areas:
            assert area[0].kind == "entrance" and area[-1].kind == "exit"
    assert len(data.deck(cockpit=True)) == 14 and set(data.cards()) == set(xevious.Rules.chance_domains["card"])
    assert len(data.deck()) == 13 and "cockpit-check" not in data.deck()  # its card only with the variant


@pytest.mark.parametrize("bad, says", [
    ('"ground"', "needs its number"),
    ('"ground 9"', "out of range"),
    ('"lava"', "unknown space kind"),
    ('"air W1"', "only exits, green spaces"),
    ('"air boost"', "only air-to-ground battles"),
    ('"green X3"', "not an award"),
])
def test_data_file_errors_name_the_space(bad: str, says: str) -> None:
    """xevious.pieces: a broken board is refused with the file, panel, area, space and the reason."""
    text = data.STAGES_FILE.read_text().replace('"plain", "ground 2", "green", "air"', f'"plain", {bad}, "green", "air"', 1)
    with pytest.raises(ValueError) as info:
        data.parse_stages(text)
    assert says in str(info.value) and "panel A, area 1, space 3" in str(info.value)


def test_data_file_structure_errors() -> None:
    """xevious.pieces: the structural rules of the board are checked on load."""
    text = data.STAGES_FILE.read_text()
    with pytest.raises(ValueError, match="first space must be the entrance"):
        data.parse_stages(text.replace('["entrance", "plain", "ground 2"', '["plain", "plain", "ground 2"', 1))
    with pytest.raises(ValueError, match="same panel"):
        data.parse_stages(text.replace('number = 7\npanel = "A"', 'number = 7\npanel = "B"'))
    with pytest.raises(ValueError, match="Gump Markers"):
        data.parse_stages(text.replace("gumps = [[3, 3], [3, 6], [3, 8]]", ""))
    with pytest.raises(ValueError, match="no area 9"):
        data.parse_stages(text.replace("guard = [[3, 6]]", "guard = [[9, 6]]"))
    with pytest.raises(ValueError, match="unknown effect"):
        data.parse_cards(data.CARDS_FILE.read_text().replace('effect = "damage"', 'effect = "explode"'))


def test_catalog_loads_and_every_engine_rule_is_in_it() -> None:
    """Every clause id the engine emits must exist (the kit refuses unknown ones); the catalog parses."""
    cat = load_catalog(xevious.Rules.catalog_path)
    assert len(cat.clauses) >= 45 and "xevious.victory" in cat
    src = (data.HERE / "rules.py").read_text()
    import re
    used = set(re.findall(r'"(xevious\.[a-z0-9-]+)"', src))
    assert used and used <= set(cat.ids)


def test_prep_sheet_colours_and_three_solvalou() -> None:
    """xevious.prep-sheet and xevious.prep-solvalou: a mover and sheet of one colour, 3 Solvalou and nothing else."""
    g = xevious.new_game(seed=3, players=4)
    colours = [p["colour"] for p in g.state["pilots"]]
    assert colours == ["blue", "red", "green", "orange"]
    for p in g.state["pilots"]:
        assert (p["solvalou"], p["extra_weapon"], p["shield"]) == (3, 0, 0)
    rules = [e.rule for e in g.log]
    assert rules.count("xevious.prep-sheet") == 4 and "xevious.prep-solvalou" in rules


def test_prep_stage_everyone_on_the_starting_point_of_stage_1() -> None:
    """xevious.prep-stage: Stage 1 on the table, every mover on the starting point (area 1's entrance)."""
    g = xevious.new_game(seed=5, players=3)
    assert g.state["stage"] == 1 and g.state["panel"] == "A"
    assert all((p["area"], p["space"]) == (0, 0) for p in g.state["pilots"])


def test_prep_order_highest_roll_first_ties_roll_again() -> None:
    """xevious.prep-order: the highest roll starts; tied players roll again among themselves."""
    g = xevious.new_game(seed=1, players=3, rig={"die": [2, 5, 5, 3, 6]})
    # seat 0 rolled 2, seats 1 and 2 tied on 5 and rolled again: 3 and 6
    assert thaw(g.state["order"]) == [2, 1, 0]
    assert g.current_player == 2
    assert thaw(g.state["setup_rolls"]) == [[2], [5, 3], [5, 6]]
    assert "xevious.prep-order" in [e.rule for e in g.log]


def test_new_game_reads_well() -> None:
    g = game()
    text = repr(g)
    assert "Stage 1" in text and "area 1" in text and "W0 S0 L3" in text
    assert str(g.legal_actions()[0]) == "roll the die and move"
    assert g.legal_actions() == [Roll()] and Fly(6) not in g.legal_actions()  # MOVEMENT 1: roll the die
    assert pilot(g, 0).l == 3
