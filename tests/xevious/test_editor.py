"""The position editor's messages, Python side (issue 11): the set-ups board.js sends while the teacher edits (one
player's fields, the others' entries empty; or just ``to_play``) arrive through the teacher panel's "setup"
message, are checked by the rules, and a refusal names the rule and changes nothing."""

from __future__ import annotations

import json
from typing import Any

from tabletop import xevious
from tests.ui.conftest import browser_message

from .test_widget import wire


def _board() -> Any:
    board = xevious.Board(seed=1, teacher=True)
    wire(board)
    return board


def edit(board: Any, patch: dict[str, Any]) -> None:
    """What ``ctx.editPosition(patch)`` sends."""
    browser_message(board, {"type": "teacher", "op": "setup", "text": json.dumps(patch), "version": board.version})


def test_the_board_view_gives_the_editor_its_hint() -> None:
    help_text = _board().view()["editor"]["help"]
    assert "Solvalou" in help_text and "+ / −" in help_text


def test_moving_a_piece_sets_only_that_players_square() -> None:
    board = _board()
    before = board.game.position()
    edit(board, {"players": [{"area": 1, "space": 5}, {}]})
    assert board.error is None
    after = board.game.position()
    assert (after["players"][0]["area"], after["players"][0]["space"]) == (1, 5)
    assert after["players"][1] == before["players"][1]
    assert {k: v for k, v in after.items() if k != "players"} == {k: v for k, v in before.items() if k != "players"}
    assert board.game.history[-1].action is None  # a set-up, not a move: undoable like one
    board.undo()
    assert board.game.position() == before


def test_marker_steps_and_their_refusals() -> None:
    board = _board()
    for n in range(1, 6):
        edit(board, {"players": [{"shield": n}, {}]})
        assert board.error is None and board.game.position()["players"][0]["shield"] == n
    before, history = board.game.position(), len(board.game.history)
    edit(board, {"players": [{"shield": 6}, {}]})
    assert board.error is not None and board.error["rule"] == "xevious.sheet-limit"
    assert board.game.position() == before and len(board.game.history) == history
    edit(board, {"players": [{}, {"solvalou": 0}]})
    assert board.error is not None and board.error["rule"] == "xevious.respawn"
    assert board.game.position() == before


def test_to_play_and_a_square_off_the_track() -> None:
    board = _board()
    edit(board, {"to_play": 1})
    assert board.error is None and board.game.current_player == 1
    before = board.game.position()
    edit(board, {"players": [{"area": 1, "space": 10}, {}]})
    assert board.error is not None and board.error["rule"] == "xevious.pieces"
    assert board.game.position() == before
