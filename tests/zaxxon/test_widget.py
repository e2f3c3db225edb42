"""Python-side tests of the Zaxxon board widget: messages as the browser sends them (a fake comm)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("anywidget")

from tabletop.zaxxon import Altitude, EndTurn, Move, Roll, Shoot, Spin  # noqa: E402
from tabletop.zaxxon.widget import Board, board_svg  # noqa: E402


def send(board: Board, action=None, *, kind: str = "act", version: int | None = None) -> bool:
    msg = {"type": kind, "version": board.version if version is None else version}
    if action is not None:
        msg["id"] = action.key if hasattr(action, "key") else action
    return board.handle_message(json.loads(json.dumps(msg)))


def test_board_syncs_state_view_and_catalog() -> None:
    b = Board(seed=1)
    assert b.game_name == "zaxxon" and b.state["phase"] == "roll"
    assert [e["type"] for e in b.legal] == ["Roll"]
    v = b.view_data
    assert len(v["hexes"]) == 11 * 31 - 5  # the padding space of each odd row is not drawn
    kinds = {h["t"] for h in v["hexes"]}
    assert kinds == {"#", ".", "W", "w", "H", "R", "F", "Z"}
    assert {h["a"] for h in v["hexes"]} >= {"s", "t", "d", "z"}
    assert [s["color"] for s in v["chance"]["spinner"]["sectors"]] == ["RED", "BLUE", "WHITE", "Z"]
    assert "zaxxon.radar-barrier" in b.clauses and "Roll" in v["prompt"]


def test_clicks_play_a_turn_zaxxon_order_of_play() -> None:
    b = Board(seed=1)
    b.rig(die=[2, 5], spinner="WHITE")
    assert send(b, Roll()) and send(b, Spin())
    assert b.current_player == 0 and b.state["count"] == 2
    assert "2 to use" in b.view_data["prompt"]
    assert send(b, Altitude(1, True)) and send(b, Move(1, "E2"))
    assert b.current_player == 1 and b.state["planes"][0]["altitude"] == "high"
    assert any(e["rule"] == "zaxxon.altitude" for e in b.events)
    assert send(b, EndTurn())
    assert b.state["phase"] == "roll"


def test_refused_click_shows_the_rule_and_changes_nothing_zaxxon_wall_crossing() -> None:
    b = Board(seed=1)
    b.rig(die=[4, 5], spinner="WHITE")
    send(b, Roll())
    send(b, Spin())
    send(b, Move(2, "G2"))
    send(b, Move(2, "G3"))
    send(b, Move(2, "F3"))
    before, v = b.game.digest(), b.version
    assert not send(b, Move(2, "F4"))
    assert b.error["rule"] == "zaxxon.wall-crossing"
    assert b.error["reason"] == "Your plane is at Low Altitude; walls are crossed only at High Altitude"
    assert b.game.digest() == before and b.version == v
    assert not send(b, Move(1, "E2"), version=v - 1)  # a stale click
    assert b.error["rule"] == "ui.stale"
    assert not send(b, '{"type":"Teleport"}')
    assert b.error["rule"] == "ui.message"


def test_shooting_a_fuel_tank_by_clicks_zaxxon_outer_fuel_tank() -> None:
    b = Board(seed=1)
    g = b.game
    g.raw_state.planes[0][0] = g.rules.board.cell("D7")
    b.refresh()
    b.rig(die=[3, 5], spinner="WHITE")
    send(b, Roll())
    send(b, Spin())
    shots = [e for e in b.legal if e["type"] == "Shoot"]
    assert {e["at"] for e in shots} == {"D8"} and len({e["fuel_to"] for e in shots}) == 6
    assert send(b, Shoot(1, "D8", "C12"))
    assert b.state["targets"][2]["space"] == "C12"
    assert b.state["mission"][0]["outer_fuel"] == 1


def test_against_the_greedy_bot_zaxxon_spinner() -> None:
    b = Board(seed=3, bots="greedy")
    b.bot_delay = 0  # the bot replies at once, whatever event loop the test process may be running (no pacing)
    assert b.bot_seats == {"1": "greedy"}
    b.rig(die=[5, 2], spinner="WHITE")  # red (the bot) rolls lower: it spins and moves, then it is blue's turn
    assert send(b, Roll())
    assert b.current_player == 0 and b.state["phase"] == "move" and b.state["count"] == 5
    assert any(e["rule"] == "zaxxon.spinner" for e in b.events)


def test_static_picture() -> None:
    b = Board(seed=1)
    svg = board_svg(b.game.state)
    assert svg.startswith("<svg") and "ZAXXON" in svg and svg.count("<polygon") == 336
    assert "Zaxxon" in b.static_html()
