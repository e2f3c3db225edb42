"""The notebooks' "Your turn" instructions are true of the live board below them: the board each notebook builds
is played here exactly as the instructions say (clicks through the board's own click code, keys as the kit
sends them), and what the text promises happens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

from tabletop.zaxxon import EndTurn, Roll, Spin  # noqa: E402

from .test_board_clicks import NODE, clicks, deliver  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "zaxxon"
pytestmark = pytest.mark.skipif(NODE is None, reason="needs node to run board.js")


def live_board(name: str):
    """Run the notebook's last code cell (the live board) and return its ``board``."""
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"][-1]
    src = "".join(code["source"])
    scope: dict = {}
    exec(compile(src.rsplit("\n", 1)[0], name, "exec"), scope)  # without the last line (the display)
    return scope["board"], "".join(nb["cells"][-2]["source"])


def act(board, action) -> None:
    assert board.handle_message({"type": "act", "id": action.key, "version": board.version}), board.error


def test_06_radar_instructions() -> None:
    board, text = live_board("06_radar_barrier.ipynb")
    assert "blue rolled 2 and red 5" in text and "F12" in text and "G12" in text
    assert list(board.state["dice"]) == [2, 5] and board.current_player == 0
    deliver(board, clicks(board, ["F12", "G12"])["sent"])
    assert board.error["rule"] == "zaxxon.radar-barrier"
    act(board, EndTurn())
    act(board, EndTurn())
    act(board, Roll())
    assert list(board.state["dice"]) == [6, 2]  # "this time blue rolls 6, red 2"
    act(board, Spin())
    act(board, EndTurn())  # red passes
    deliver(board, clicks(board, ["F12", "G12"])["sent"])
    assert board.state["planes"][0]["space"] == "G12" and board.state["zaxxon"]["active"]


def test_03_wall_instructions() -> None:
    board, text = live_board("03_flying_altitude_walls.ipynb")
    assert "blue rolls 6, red 5" in text
    act(board, Roll())
    act(board, Spin())
    act(board, EndTurn())  # red, the lower roller, ends its turn
    assert board.current_player == 0 and board.state["count"] == 6
    for to in ("E2", "E3", "F3"):
        deliver(board, clicks(board, ["E1" if to == "E2" else board.state["planes"][0]["space"], to])["sent"])
    assert board.state["planes"][0]["space"] == "F3"
    deliver(board, clicks(board, ["F3", "F4"])["sent"])  # "Try F4 at Low Altitude first"
    assert board.error["rule"] == "zaxxon.wall-crossing"
    deliver(board, clicks(board, ["F3"], keys=["a"])["sent"])  # raise
    assert board.state["planes"][0]["altitude"] == "high"
    deliver(board, clicks(board, ["F3", "F4"])["sent"])
    deliver(board, clicks(board, ["F4", "F5"])["sent"])
    assert board.state["planes"][0]["space"] == "F5"
