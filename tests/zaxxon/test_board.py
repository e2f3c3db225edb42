"""The board data file: validated on load, and true to the rulebook's Contents list (zaxxon.board, zaxxon.contents)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tabletop.zaxxon import board as board_module
from tabletop.zaxxon.board import BOARD, DIRS, BoardError, build_board

DATA = tomllib.loads(Path(board_module.__file__).with_name("board.toml").read_text(encoding="utf-8"))


def test_contents_counts_zaxxon_contents() -> None:
    # zaxxon.contents: 4 silos, 4 turrets, 4 fuel tanks, 4 walls (2 long, 2 short), 4 planes
    kinds = [t.kind for t in BOARD.targets]
    assert kinds.count("silo") == 4 and kinds.count("turret") == 4 and kinds.count("fuel") == 4
    assert sorted(w["kind"] for w in BOARD.walls) == ["long", "long", "short", "short"]
    assert sum(len(h) for h in BOARD.home) == 4


def test_board_regions_zaxxon_board() -> None:
    # zaxxon.board: home bases at opposite ends, FUEL >= 4, RESTART spaces per outer fortress, areas
    assert BOARD.home[0][0] % BOARD.cols == 0 and BOARD.home[1][0] % BOARD.cols == BOARD.cols - 1
    assert len(BOARD.fuel_spaces) >= 4
    assert all(len(r) >= 1 for r in BOARD.restart)
    assert sorted(a.kind for a in BOARD.areas) == ["silo"] * 4 + ["turret"] * 4
    assert sum(t.indestructible for t in BOARD.targets) == 2
    assert sum(t.optional for t in BOARD.targets) == 2
    for a in BOARD.areas:
        assert BOARD.targets[a.target].cell in a.cells


def test_board_is_mirror_symmetric_zaxxon_board() -> None:
    def mirror(i: int) -> int:
        r, c = divmod(i, BOARD.cols)
        return r * BOARD.cols + (BOARD.cols - 1 - c if r % 2 == 0 else BOARD.cols - 2 - c)
    swap = {"1": "2", "2": "1", "a": "b", "b": "a", "p": "q", "q": "p"}
    for i in range(len(BOARD.terrain)):
        r, c = divmod(i, BOARD.cols)
        if r % 2 and c == BOARD.cols - 1:
            continue
        j = mirror(i)
        assert BOARD.terrain[i] == BOARD.terrain[j], BOARD.name(i)
        assert swap.get(BOARD.zone[i], BOARD.zone[i]) == BOARD.zone[j]
    # the six directions and a straight line
    assert DIRS == ("E", "NE", "NW", "W", "SW", "SE")
    assert [BOARD.name(c) for c in BOARD.line(BOARD.cell("E5"), 0)[:2]] == ["E6", "E7"]


def _broken(**changes: object) -> dict[str, object]:
    d = dict(DATA)
    d.update(changes)
    return d


def test_bad_board_data_is_refused_with_reasons_zaxxon_board() -> None:
    rows = list(DATA["pieces"])
    rows[2] = rows[2].replace("B", ".", 1)  # remove player 1's missile silo
    with pytest.raises(BoardError, match="missile silo|silo"):
        build_board(_broken(pieces=rows))
    terr = list(DATA["terrain"])
    terr[5] = terr[5].replace("w", "W", 1)  # the long wall loses its low section
    with pytest.raises(BoardError, match="low section"):
        build_board(_broken(terrain=terr))
    with pytest.raises(BoardError, match="radar"):
        build_board(_broken(radar_between=["A", "C"]))
    with pytest.raises(BoardError, match="row C"):
        build_board(_broken(areas=DATA["areas"][:2] + ["x" * 31] + DATA["areas"][3:]))
    fuel = [r.replace("F", ".") for r in DATA["terrain"]]
    with pytest.raises(BoardError, match="FUEL"):
        build_board(_broken(terrain=fuel))


def test_teaching_positions_are_validated_zaxxon_setup(tmp_path: Path) -> None:
    from tabletop import zaxxon
    from tabletop.zaxxon.board import load_scenarios

    g = zaxxon.new_game(seed=1, variant={"scenario": "endgame"})
    m = g.state["mission"][0]
    assert (m["outer_fuel"], m["outer_silo"], m["outer_turret"], m["inner_fuel"]) == (2, 1, 1, 1)
    assert zaxxon.load(g.save()).digest() == g.digest()  # the position is part of the variant: saves replay
    with pytest.raises(ValueError, match="choose one of"):
        zaxxon.new_game(seed=1, variant={"scenario": "nowhere"})
    bad = tmp_path / "s.toml"
    for body, reason in (('[scenario.x]\nplanes = { "0-1" = "E31" }', "cannot stand"),
                         ('[scenario.x]\nplanes = { "0-1" = "B14" }', "cannot stand"),
                         ('[scenario.x]\nremoved = ["D8"]', "never moved"),
                         ('[scenario.x]\nmoved = { "D8" = "E12" }', "not a FUEL space"),
                         ('[scenario.x]\nplanes = { "0-1" = "E5", "0-2" = "E5" }', "two planes")):
        bad.write_text(body)
        with pytest.raises(BoardError, match=reason):
            load_scenarios(BOARD, bad)
