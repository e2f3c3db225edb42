"""The Zaxxon board's view data for issue 12: coordinates on the edges, words for every hex, and where the
selected plane can fly with the count left (``widget.reach``) - checked against the rules by playing the moves."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("anywidget")

from tabletop.zaxxon import Move  # noqa: E402
from tabletop.zaxxon.board import BOARD  # noqa: E402
from tabletop.zaxxon.widget import Board, board_view, reach  # noqa: E402

from .helpers import new, place, turn  # noqa: E402


def test_coordinates_sit_on_the_edges_of_the_map() -> None:
    v = board_view()
    assert [r["t"] for r in v["coords"]["rows"]] == [chr(65 + r) for r in range(BOARD.rows)]
    assert [c["t"] for c in v["coords"]["cols"]] == [str(c + 1) for c in range(BOARD.cols)]
    xs = [h["x"] for h in v["hexes"]]
    ys = [h["y"] for h in v["hexes"]]
    # the labels lie outside every hex (radius R) and inside the picture
    assert all(0 < r["y"] < v["height"] for r in v["coords"]["rows"])
    assert v["mx"] / 2 < min(xs) - v["R"] * 0.8 and v["width"] - v["mx"] / 2 > max(xs) + v["R"] * 0.8
    assert v["my"] - 3 < min(ys) - v["R"] and v["height"] - 3.5 - 7.5 > max(ys) + v["R"] - 0.5
    by_id = {h["id"]: h for h in v["hexes"]}
    assert [c["x"] for c in v["coords"]["cols"]] == [by_id[f"A{c + 1}"]["x"] for c in range(BOARD.cols)]


def test_every_hex_has_words() -> None:
    words = {h["id"]: h["words"] for h in board_view()["hexes"]}
    assert words["E1"] == "home base, Player 1's home base"
    assert words["G13"] == "open space, inner fortress"
    assert words["A1"] == "black space"
    assert words["F4"] == "low section of a wall, Player 1's side"
    assert all(words.values())


def _play_path(game, plane: int, to: str, parents: dict[str, str]) -> None:
    path = [to]
    while path[-1] in parents:
        path.append(parents[path[-1]])
    for step in reversed(path):
        game.play(Move(plane, step))


def _parents(game, plane: int, costs: dict[str, int]) -> dict[str, str]:
    """For each reachable space, a neighbour one count nearer (or nothing: it is a first step)."""
    here = game.state["planes"][game.current_player * 2 + plane - 1]["space"]
    out = {}
    for name, k in costs.items():
        if k == 1:
            continue
        c = BOARD.cell(name)
        prev = [BOARD.names[n] for n in BOARD.nbr[c] if n >= 0 and costs.get(BOARD.names[n]) == k - 1]
        assert prev, (name, k)
        out[name] = prev[0]
    assert here not in costs
    return out


def test_reach_first_steps_are_the_legal_moves_and_every_cost_can_be_flown() -> None:
    rng = random.Random(12)
    checked = 0
    for scenario in ("outer", "radar", "enemy-fire", None):
        for dice, spin in (((2, 5), "WHITE"), ((5, 2), "WHITE"), ((3, 6), "RED"), ((6, 4), "BLUE")):
            g = new(**({"scenario": scenario} if scenario else {}))
            turn(g, dice, spin)
            if g.state["phase"] != "move":
                continue
            r = reach(g)
            seat = g.current_player
            for num in (1, 2):
                legal = {a.to for a in g.legal_actions() if isinstance(a, Move) and a.plane == num}
                costs = r.get(str(num), {}).get("costs", {})
                assert {h for h, k in costs.items() if k == 1} == legal
                assert all(1 <= k <= g.state["count"] for k in costs.values())
                parents = _parents(g, num, costs)
                stops = set(r[str(num)]["stops"]) if costs else set()
                for to in rng.sample(sorted(costs), min(6, len(costs))):
                    if any(p in stops for p in _chain(parents, to)[1:]):
                        continue
                    f = g.fork()
                    _play_path(f, num, to, parents)  # raises IllegalAction if the cost were a lie
                    p = f.state["planes"][seat * 2 + num - 1]
                    assert p["space"] == to or p["grounded"] or to in stops
                    checked += 1
    assert checked > 30


def _chain(parents: dict[str, str], to: str) -> list[str]:
    out = [to]
    while out[-1] in parents:
        out.append(parents[out[-1]])
    return out


def test_reach_is_closed_across_the_radar_for_the_lower_roller_and_walls_need_high_altitude() -> None:
    g = new(scenario="radar")
    turn(g, (2, 5), "WHITE")  # blue rolled lower: the barrier is closed to it
    costs = reach(g)["1"]["costs"]
    assert g.state["planes"][0]["space"] == "F12" and "G12" not in costs and "F11" in costs
    g = new()
    place(g, 0, 2, "F3", high=False)
    turn(g, (4, 5), "WHITE")
    assert "F4" not in reach(g)["2"]["costs"]  # the wall's low section: Low Altitude cannot cross
    g = new()
    place(g, 0, 2, "F3", high=True)
    turn(g, (4, 5), "WHITE")
    costs = reach(g)["2"]["costs"]
    assert costs["F4"] == 1 and costs["F5"] == 2


def test_reach_stops_where_a_red_spin_shoots_the_plane_down() -> None:
    g = new()
    place(g, 1, 1, "E26")  # next to the red side's missile silo area (D25-D26)
    turn(g, (6, 5), "RED")
    seat = g.current_player
    r = reach(g)
    assert seat == 1 and r
    stops = {s for v in r.values() for s in v["stops"]}
    assert "D26" in stops and r["1"]["costs"]["D26"] == 1
    f = g.fork()
    f.play(Move(1, "D26"))  # the rules agree: entering it on RED, the plane is shot down
    assert f.state["planes"][2]["grounded"] or f.state["planes"][2]["space"] != "D26"
    for v in r.values():
        costs, stop = v["costs"], set(v["stops"])
        for name, k in costs.items():  # nothing is reached through a space where the plane is shot down
            if k > 1:
                assert any(costs.get(BOARD.names[n]) == k - 1 and BOARD.names[n] not in stop
                           for n in BOARD.nbr[BOARD.cell(name)] if n >= 0), name


def test_view_sends_reach_only_in_the_move_phase() -> None:
    b = Board(seed=1)
    assert b.view_data["reach"] == {}
    b.rig(die=[2, 5], spinner="WHITE")
    b.play("roll both dice")
    b.play("spin the spinner")
    assert set(b.view_data["reach"]) == {"1", "2"} and b.view_data["reach"]["1"]["costs"]
