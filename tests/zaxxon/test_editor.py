"""Issue 11, the Zaxxon position editor: while the teacher panel's "Edit position" is on, the board's clicks edit
the position (click a plane, then a space: put there, altitude kept; the picked plane again: High/Low; a target:
destroyed / restored) through set-ups Python checks with the rules, and never play a move.

The board's own click code (static/board.js) runs in Node with a fake kit ctx (clicks.js); the set-ups it sends go
through ``Board.handle_message`` exactly as the teacher panel's would."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

pytest.importorskip("anywidget")

from tabletop.zaxxon.widget import EDITOR_HELP, STATIC, Board  # noqa: E402

from .test_board_clicks import HARNESS  # noqa: E402

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs node to run board.js")


def board() -> Board:
    """The browser tests' board (tests/zaxxon/notebooks/zaxxon_editor.ipynb): blue to move, plane #1 High on C9,
    plane #2 Low on D7."""
    b = Board(seed=5, variant={"scenario": "outer"}, teacher=True)
    b.rig(die=[5, 6], spinner="WHITE")
    b.play("roll both dice")
    b.play("spin the spinner")
    return b


def edit_clicks(b: Board, hexes: list[str], keys: list[str] = (), *, editing: bool = True) -> dict[str, Any]:
    data = {"state": b.state, "legal": b.legal, "view": b.view_data, "currentPlayer": b.current_player,
            "botSeats": {}, "clicks": hexes, "keys": list(keys), "editing": editing,
            "position": json.loads(b.teacher_data["position"])}
    out = subprocess.run([NODE, str(HARNESS), str(STATIC / "board.js")], input=json.dumps(data), text=True,
                         capture_output=True, check=True, timeout=60)
    return json.loads(out.stdout)


def deliver(b: Board, edits: list[dict[str, Any]]) -> None:
    for patch in edits:
        b.handle_message({"type": "teacher", "op": "setup", "text": json.dumps(patch), "version": b.version})


def test_the_view_gives_the_panel_its_one_line_hint() -> None:
    assert board().view_data["editor"] == {"help": EDITOR_HELP}
    assert "\n" not in EDITOR_HELP and "target" in EDITOR_HELP


def test_click_a_plane_then_a_space_puts_it_there_keeping_its_altitude() -> None:
    b = board()
    pick = edit_clicks(b, ["C9"])
    assert pick["edits"] == [] and pick["sent"] == [] and pick["pick"] == "0-1"
    out = edit_clicks(b, ["C9", "C12"])
    assert out["sent"] == [] and out["pick"] is None
    assert out["edits"] == [{"planes": {"blue": [{"space": "C12", "altitude": "high"}, {"space": "D7", "altitude": "low"}],
                                        "red": [{"space": "E27", "altitude": "low"}, {"space": "G30", "altitude": "low"}]}}]
    turn = b.game.position()["turn"]
    deliver(b, out["edits"])
    assert b.error is None
    pos = b.game.position()
    assert pos["planes"]["blue"][0] == {"space": "C12", "altitude": "high"}
    assert pos["turn"] == turn  # the rest of the position is kept
    assert b.state["planes"][0]["space"] == "C12"


def test_click_the_picked_plane_again_switches_its_altitude() -> None:
    b = board()
    out = edit_clicks(b, ["D7", "D7"])
    deliver(b, out["edits"])
    assert b.error is None and b.game.position()["planes"]["blue"][1] == {"space": "D7", "altitude": "high"}
    deliver(b, edit_clicks(b, ["C9", "C9"])["edits"])
    assert b.game.position()["planes"]["blue"][0] == {"space": "C9", "altitude": "low"}


def test_click_a_target_destroys_it_and_its_empty_space_restores_it() -> None:
    b = board()
    out = edit_clicks(b, ["D8"])
    assert out["edits"] == [{"targets": {"D8": "removed"}}] and out["sent"] == []
    deliver(b, out["edits"])
    assert b.error is None and b.game.position()["targets"] == {"D8": "removed"}
    assert next(t for t in b.state["targets"] if t["start"] == "D8")["space"] is None
    out = edit_clicks(b, ["D8"])
    assert out["edits"] == [{"targets": {}}]
    deliver(b, out["edits"])
    assert b.game.position()["targets"] == {}


def test_a_refused_edit_names_its_rule_and_changes_nothing() -> None:
    b = board()
    before = b.game.position()
    deliver(b, edit_clicks(b, ["C9", "D7"])["edits"])  # onto the other blue plane
    assert b.error["rule"] == "zaxxon.no-passing-planes"
    assert b.game.position() == before
    deliver(b, edit_clicks(b, ["C9", "B15"])["edits"])  # into the Zaxxon area
    assert b.error["rule"] == "zaxxon.zaxxon-area"
    assert b.game.position() == before


def test_editing_clicks_and_keys_never_play_a_move() -> None:
    b = board()
    out = edit_clicks(b, ["C9", "C10"], keys=["e", "a", "r"])
    assert out["sent"] == [] and len(out["edits"]) == 1
    # an empty space with no plane picked: a hint, no edit
    out = edit_clicks(b, ["C12"])
    assert out["edits"] == [] and out["sent"] == [] and "Click a plane first" in out["hint"]
    # Escape drops the pick
    out = edit_clicks(b, ["C9"], keys=["Escape"])
    assert out["pick"] is None
    # not editing: the same clicks are a move again
    out = edit_clicks(b, ["C9", "C10"], editing=False)
    assert out["edits"] == [] and len(out["sent"]) == 1 and '"Move"' in out["sent"][0]
