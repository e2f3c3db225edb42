"""Issue 9 item 7, "why not?": every click on the Zaxxon board that means a move sends the action it means, legal
or not, and the board answers a non-legal one with the rules' refusal (clause id + reason) - never silence.

The board's own click code (static/board.js) runs in Node with a fake kit ctx holding the board's synced data;
the ids it sends go through ``Board.handle_message`` exactly as the browser's would."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

from tabletop.zaxxon import Altitude, Move, MoveZaxxon, Roll, Shoot, Spin  # noqa: E402
from tabletop.zaxxon.widget import STATIC, Board  # noqa: E402

NODE = shutil.which("node")
HARNESS = Path(__file__).with_name("clicks.js")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs node to run board.js")


def clicks(board: Board, hexes: list[str], keys: list[str] = (), bot_seats: dict | None = None) -> dict:
    data = {"state": board.state, "legal": board.legal, "view": board.view_data, "version": board.version,
            "currentPlayer": board.current_player, "botSeats": bot_seats or {}, "clicks": hexes, "keys": list(keys)}
    out = subprocess.run([NODE, str(HARNESS), str(STATIC / "board.js")], input=json.dumps(data), text=True,
                         capture_output=True, check=True, timeout=60)
    return json.loads(out.stdout)


def deliver(board: Board, ids: list[str]) -> None:
    for i in ids:
        board.handle_message({"type": "act", "id": i, "version": board.version})


def radar_board() -> Board:
    """The live board of notebook 06 ("Try to cross the RADAR barrier after a lower roll")."""
    b = Board(seed=6, variant={"scenario": "radar"})
    b.rig(die=[2, 5], spinner="WHITE")
    b.play(Roll())
    b.play(Spin())
    return b


def test_clicking_across_the_radar_after_a_lower_roll_shows_the_radar_rule() -> None:
    b = radar_board()
    out = clicks(b, ["F12", "G12"])  # plane #1, then the hex across the barrier
    assert out["sent"] == [Move(1, "G12").key]
    before = b.game.digest()
    deliver(b, out["sent"])
    assert b.error["rule"] == "zaxxon.radar-barrier" and "rolled the lower number" in b.error["reason"]
    assert b.game.digest() == before


def test_a_legal_move_is_sent_as_its_legal_id_and_played() -> None:
    b = radar_board()
    out = clicks(b, ["F12", "F11"])
    assert out["sent"] == [Move(1, "F11").key] and out["sent"][0] in {e["id"] for e in b.legal}
    deliver(b, out["sent"])
    assert b.error is None and b.state["planes"][0]["space"] == "F11"


def test_a_hex_that_is_not_adjacent_gives_a_readable_refusal_naming_the_rule() -> None:
    b = radar_board()
    deliver(b, clicks(b, ["F12", "K3"])["sent"])
    assert b.error["rule"] == "zaxxon.plane-moves"
    assert "K3 is not next to F12" in b.error["reason"] and b.error["title"]


def test_shooting_a_target_out_of_line_altitude_and_zaxxon_say_why_not() -> None:
    b = radar_board()
    deliver(b, clicks(b, ["G14", "D14"])["sent"])  # plane #2, then the indestructible silo
    assert b.error["rule"] == "zaxxon.indestructible"
    deliver(b, clicks(b, ["G14", "B15"])["sent"])  # Zaxxon: not in a straight line / too far
    assert b.error["rule"] == "zaxxon.shooting"
    out = clicks(b, ["F12"], keys=["a"])  # raise plane #1: legal, sent as its id
    assert out["sent"] == [Altitude(1, True).key]


def test_a_shot_down_plane_can_be_selected_and_its_move_is_refused_with_the_reason() -> None:
    b = Board(seed=2, variant={"scenario": "enemy-fire"})
    b.rig(die=[2, 5], spinner="RED")
    b.play(Roll())
    b.play(Spin())  # blue plane #1 on C7 is shot down: home base, grounded
    out = clicks(b, ["E1", "E2"])
    assert out["selected"] == 1 and out["sent"] == [Move(1, "E2").key]
    deliver(b, out["sent"])
    assert b.error["rule"] == "zaxxon.shot-down-outer"


def test_zaxxon_move_buttons_and_shots_send_their_actions() -> None:
    b = Board(seed=7, variant={"scenario": "zaxxon"})
    b.rig(die=[2, 5], spinner="Z")
    b.play(Roll())
    b.play(Spin())
    # a plane click during Zaxxon's part of the turn says the rule: Zaxxon first
    deliver(b, clicks(b, ["B12", "B11"])["sent"])
    assert b.error["rule"] == "zaxxon.zaxxon-spin"
    js = (STATIC / "board.js").read_text()
    assert 'zxAction("MoveZaxxon", { direction: d })' in js  # all six directions, legal or not
    b.handle_message({"type": "act", "id": MoveZaxxon("NW").key, "version": b.version})
    assert b.error["rule"] == "zaxxon.zaxxon-moves" and "Zaxxon area" in b.error["reason"]
    b.clear_error()
    assert Shoot(1, "B15").key  # the key format: sorted keys, no spaces
    assert Move(1, "G12").key == '{"plane":1,"to":"G12","type":"Move"}'


def test_an_empty_click_without_a_selected_plane_says_what_to_do() -> None:
    b = radar_board()
    out = clicks(b, ["H20"])
    assert out["sent"] == [] and "Click one of your planes first" in out["hint"]


def test_no_clicks_for_a_bot_seat() -> None:
    b = radar_board()
    out = clicks(b, ["F12", "G12"], bot_seats={"0": "greedy"})
    assert out["sent"] == [] and out["selected"] is None
