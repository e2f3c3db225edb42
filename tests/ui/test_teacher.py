"""The teacher panel, Python side (comms mocked): every control's message is validated; refusals change nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.engine import FirstBot, Game, IllegalAction
from tabletop.ui import BoardWidget
from tests.kit.pig import Hold, PigRules, Roll
from tests.ui.conftest import browser_message
from tests.ui.pigboard import PigBoard

ROLL, HOLD = Roll().key, Hold().key


def teach(board: BoardWidget, op: str, **fields: Any) -> None:
    browser_message(board, {"type": "teacher", "op": op, "version": board.version, **fields})


def act(board: BoardWidget, action_id: str) -> None:
    browser_message(board, {"type": "act", "id": action_id, "version": board.version})


def snapshot(board: BoardWidget) -> dict[str, Any]:
    g = board.game
    return {"game": g, "save": g.save(), "board_version": board.version, "rigged": board.rigged,
            "teacher": board.teacher_data}


def score(board: BoardWidget) -> dict[str, Any]:
    return board.game.position()


# -- off by default, owned by Python --------------------------------------------------------------------
def test_teacher_is_off_by_default_and_its_messages_are_refused() -> None:
    board = PigBoard(seed=1)
    assert board.teacher is False and board.teacher_data == {}
    before = snapshot(board)
    teach(board, "rig", kind="die", value=6)
    assert board.error is not None and board.error["rule"] == "ui.teacher"
    assert board.game.rigged == {} and board.game.save() == before["save"]


def test_teacher_trait_cannot_be_set_from_the_browser() -> None:
    board = PigBoard(seed=1)
    sent = len(board.comm.sent)
    board._handle_msg({"content": {"data": {"method": "update", "state": {"teacher": True}}}, "buffers": []})
    assert board.teacher is False and board.teacher_data == {}
    assert board.refused_updates == 1
    # the browser's copy is reverted: Python re-sends its value
    assert any(u.get("teacher") is False for u in board.comm.updates()[-1:]) and len(board.comm.sent) > sent
    teach(board, "redo")
    assert board.error["rule"] == "ui.teacher"
    on = PigBoard(seed=1, teacher=True)
    on._handle_msg({"content": {"data": {"method": "update", "state": {"teacher": False,
                                                                       "teacher_data": {}}}}, "buffers": []})
    assert on.teacher is True and on.teacher_data["chance"] == {"die": [1, 2, 3, 4, 5, 6]}


# -- rig ---------------------------------------------------------------------------------------------------
def test_rig_from_the_panel_then_roll_shows_the_rigged_value() -> None:
    board = PigBoard(seed=1, teacher=True)
    assert board.teacher_data["chance"] == {"die": [1, 2, 3, 4, 5, 6]}
    teach(board, "rig", kind="die", value=5)
    assert board.error is None and board.rigged == {"die": [5]}
    teach(board, "rig", kind="die", value=3)
    assert board.rigged == {"die": [5, 3]}
    act(board, ROLL)
    assert board.last_draws[0]["value"] == 5 and board.last_draws[0]["rigged"] is True
    assert board.state["pot"] == 5 and board.rigged == {"die": [3]}
    # a pending rig is removable
    teach(board, "clear_rigs", kind="die")
    assert board.rigged == {} and board.game.rigged == {}
    act(board, ROLL)
    assert board.last_draws[0]["rigged"] is False


@pytest.mark.parametrize(("fields", "rule", "field"), [
    ({"kind": "coin", "value": 3}, "ui.message", "'kind'"),
    ({"kind": None, "value": 3}, "ui.message", "'kind'"),
    ({"value": 3}, "ui.message", "'kind'"),
    ({"kind": "die", "value": 7}, "ui.rig", "'value'"),
    ({"kind": "die", "value": "3"}, "ui.rig", "'value'"),
    ({"kind": "die", "value": True}, "ui.rig", "'value'"),
    ({"kind": "die", "value": 3.5}, "ui.rig", "'value'"),
    ({"kind": "die", "value": [3]}, "ui.rig", "'value'"),
    ({"kind": "die"}, "ui.rig", "'value'"),
])
def test_refused_rig_message_changes_nothing_and_names_the_field(fields: dict[str, Any], rule: str,
                                                                   field: str) -> None:
    board = PigBoard(seed=1, teacher=True)
    board.rig(die=2)
    save = board.game.save()
    teach(board, "rig", **fields)
    assert board.error is not None and board.error["rule"] == rule and field in board.error["reason"]
    assert board.game.save() == save and board.rigged == {"die": [2]}


@pytest.mark.parametrize("content", [
    {"type": "teacher", "op": "cheat"},
    {"type": "teacher"},
    {"type": "teacher", "op": "goto", "turn": "1"},
    {"type": "teacher", "op": "goto", "turn": 9},
    {"type": "teacher", "op": "goto", "turn": True},
    {"type": "teacher", "op": "line", "line": 3},
    {"type": "teacher", "op": "setup", "text": 5},
    {"type": "teacher", "op": "setup", "text": "x" * 100_001},
    {"type": "teacher", "op": "teaching", "id": "nowhere"},
    {"type": "teacher", "op": "clear_rigs", "kind": "coin"},
    {"type": "teacher", "op": "redo"},
])
def test_malformed_teacher_messages_change_nothing(content: dict[str, Any]) -> None:
    board = PigBoard(seed=1, teacher=True)
    board.play(Roll())
    save = board.game.save()
    browser_message(board, {**content, "version": board.version})
    assert board.error is not None and board.error["rule"] in ("ui.message", "ui.redo")
    assert board.game.save() == save


def test_stale_teacher_message_is_refused() -> None:
    board = PigBoard(seed=1, teacher=True)
    browser_message(board, {"type": "teacher", "op": "rig", "kind": "die", "value": 4, "version": board.version - 1})
    assert board.error["rule"] == "ui.stale" and board.rigged == {}


# -- undo / redo -----------------------------------------------------------------------------------------
def test_undo_redo_replays_moves_and_rigs_and_a_new_move_clears_redo() -> None:
    board = PigBoard(seed=1, teacher=True)
    board.rig(die=[4, 5])
    act(board, ROLL)
    act(board, ROLL)
    board.rig(die=6)  # made at the position after the second roll
    end = board.game.save()
    browser_message(board, {"type": "undo", "version": board.version})
    assert score(board)["pot"] == 4 and board.teacher_data["can_redo"] is True
    assert board.game.rigged == {"die": [5]}  # the rig the undone roll used is pending again
    browser_message(board, {"type": "undo", "version": board.version})
    assert score(board)["pot"] == 0
    teach(board, "redo")
    assert score(board)["pot"] == 4
    teach(board, "redo")
    assert board.game.save() == end and board.game.rigged == {"die": [6]}  # the later rig came back too
    assert board.teacher_data["can_redo"] is False
    teach(board, "redo")
    assert board.error["rule"] == "ui.redo"
    # a new move clears redo
    board.undo()
    assert board.can_redo
    act(board, HOLD)
    assert not board.can_redo and board.teacher_data["can_redo"] is False


def test_redo_replays_the_bot_replies_with_the_move() -> None:
    board = PigBoard(seed=1, teacher=True, bots={1: FirstBot()})
    board.rig(die=[1, 2, 1])  # seat 0 rolls 1; the bot rolls 2 then 1
    act(board, ROLL)
    assert board.game.current_player == 0 and len(board.game.history) == 4
    board.undo()  # the move and the bot replies
    assert len(board.game.history) == 1
    board.redo()
    assert len(board.game.history) == 4 and board.game.current_player == 0


# -- the timeline and branches ---------------------------------------------------------------------------
def test_jump_back_on_the_timeline_branch_switch_back_and_restore_the_main_line() -> None:
    board = PigBoard(seed=1, teacher=True)
    board.rig(die=[3, 4, 5])
    for _ in range(3):
        act(board, ROLL)
    main = board.game.save()
    assert [t["n"] for t in board.teacher_data["timeline"]] == [0, 1, 2, 3]
    teach(board, "goto", turn=1)
    assert score(board)["pot"] == 3
    tl = board.teacher_data["timeline"]
    assert [(t["at"], t["future"]) for t in tl] == [(False, False), (True, False), (False, True), (False, True)]
    teach(board, "goto", turn=3)  # forward again: replays
    assert board.game.save() == main
    teach(board, "goto", turn=1)
    # playing from there starts a branch
    act(board, HOLD)
    assert board.error is None
    lines = board.teacher_data["lines"]
    assert [ln["name"] for ln in lines] == ["Main line", "Branch 1"]
    assert lines[1] == {"name": "Branch 1", "current": True, "turns": 2, "from": ["Main line", 1]}
    assert lines[0]["turns"] == 3 and board.teacher_data["line"] == 1
    branch = board.game.save()
    assert score(board) == {"scores": [3, 0], "pot": 0, "turn": 1}
    # switch back: the main line, whole
    teach(board, "line", line=0)
    assert board.game.save() == main and board.teacher_data["line"] == 0
    # and to the branch again, as it was left
    teach(board, "line", line=1)
    assert board.game.save() == branch
    # restore the main line (the panel's button sends line 0)
    teach(board, "line", line=0)
    assert board.game.save() == main
    # a line left mid-way comes back where it was, with its redo
    teach(board, "goto", turn=2)
    teach(board, "line", line=1)
    teach(board, "line", line=0)
    assert score(board)["pot"] == 7 and board.can_redo
    teach(board, "redo")
    assert board.game.save() == main


def test_a_new_game_forgets_lines() -> None:
    board = PigBoard(seed=1, teacher=True)
    board.rig(die=[3, 4])
    board.play(Roll())
    board.play(Roll())
    board.goto_turn(0)
    board.play(Roll())
    assert len(board.lines) == 2
    board.game = Game(PigRules(), seed=2)
    assert len(board.lines) == 1 and not board.can_redo


def test_timeline_respects_the_undo_floor() -> None:
    board = PigBoard(seed=1, teacher=True)
    board.rig(die=[3, 4])
    board.play(Roll())
    board.set_undo_floor("this is where the lesson handed you the board")
    board.play(Roll())
    teach(board, "goto", turn=0)
    assert board.error["rule"] == "ui.undo" and "handed you the board" in board.error["reason"]
    assert score(board)["pot"] == 7


# -- copy / load position --------------------------------------------------------------------------------
def test_copy_and_load_position_round_trip() -> None:
    board = PigBoard(seed=1, teacher=True)
    board.rig(die=[6, 5])
    board.play(Roll())
    board.play(Roll())
    text = board.teacher_data["position"]
    assert json.loads(text) == {"scores": [0, 0], "pot": 11, "turn": 0}
    other = PigBoard(seed=9, teacher=True)
    teach(other, "setup", text=text)
    assert other.error is None and other.game.position() == board.game.position()
    assert other.teacher_data["position"] == text and other.state == board.state
    # the log and the timeline say what happened (no seat played it)
    assert other.events[-1]["action"] == "position set up" and other.events[-1]["actor"] is None
    assert other.teacher_data["timeline"][-1] == {"n": 1, "seat": None, "text": "position set up", "at": True,
                                                  "future": False, "locked": False}
    # like a move: it can be undone
    other.undo()
    assert other.game.position()["pot"] == 0


@pytest.mark.parametrize(("text", "rule"), [
    ('{"scores": [0, 25], "pot": 0}', "pig.win"),
    ('{"pot": 1}', "pig.roll"),
    ('{"dice": 3}', "pig.setup"),
    ("not json", "pig.setup"),
    ("[1, 2]", "pig.setup"),
])
def test_load_position_refusal_names_the_rule_and_changes_nothing(text: str, rule: str) -> None:
    board = PigBoard(seed=1, teacher=True)
    board.play(Roll())
    save = board.game.save()
    teach(board, "setup", text=text)
    assert board.error is not None and board.error["rule"] == rule and board.error["reason"]
    assert board.game.save() == save


# -- teaching positions ----------------------------------------------------------------------------------
def test_load_a_named_teaching_position() -> None:
    board = PigBoard(seed=1, teacher=True)
    teaching = board.teacher_data["teaching"]
    assert [p["id"] for p in teaching] == ["close-race", "big-pot"]
    assert teaching[0]["title"] == "A close race" and "invention" in teaching[0]["about"]
    board.play(Roll())
    teach(board, "teaching", id="close-race")
    assert board.error is None
    assert board.game.variant.target == 30  # the entry's variant
    assert board.game.position() == {"scores": [25, 27], "pot": 0, "turn": 0}
    assert board.teacher_data["teaching_loaded"] == "A close race"
    assert len(board.teacher_data["lines"]) == 1
    teach(board, "teaching", id="big-pot")
    assert board.game.position() == {"scores": [5, 9], "pot": 12, "turn": 1}
    assert board.game.variant.target == 20


def test_no_teaching_positions_without_a_module_that_offers_them() -> None:
    class Bare(BoardWidget):
        def make_game(self, **_: Any) -> Game[Any]:
            return Game(PigRules(), seed=1)

    board = Bare(teacher=True)
    board._teaching_modules = lambda: []  # type: ignore[method-assign]
    board._teaching_cache = None
    assert board.teaching_positions() == {}
    with pytest.raises(IllegalAction):
        board.load_teaching("close-race")


# -- issue 20, item 6 -----------------------------------------------------------------------------------------
def test_timeline_turns_before_the_hand_over_are_marked_locked_with_the_reason() -> None:
    board = PigBoard(seed=1, teacher=True)
    board.rig(die=[3, 4, 5])
    board.play(Roll())
    board.play(Roll())
    board.set_undo_floor("this is where the lesson handed you the board")
    board.play(Roll())
    tl = board.teacher_data["timeline"]
    assert [t["locked"] for t in tl] == [True, True, False, False]  # turns 0, 1 locked; 2 = the hand-over
    assert "handed you the board" in board.teacher_data["locked_why"]
    # exactly the turns goto refuses
    for t in tl:
        before = board.game.save()
        teach(board, "goto", turn=t["n"])
        assert (board.error is not None and board.error["rule"] == "ui.undo") == t["locked"], t
        if t["locked"]:
            assert board.game.save() == before
        teach(board, "goto", turn=3)
    board.clear_undo_floor()
    assert not any(t["locked"] for t in board.teacher_data["timeline"])
    assert board.teacher_data["locked_why"] == ""


def test_an_editing_session_is_one_set_up_entry_and_one_undo() -> None:
    board = PigBoard(seed=1, teacher=True)
    board.play(Roll())
    n0, start = len(board.game.history), board.game.position()
    teach(board, "setup", text='{"pot": 4}', edit=1)
    teach(board, "setup", text='{"scores": [3, 0]}', edit=1)
    teach(board, "setup", text='{"turn": 1}', edit=1)
    assert board.error is None
    assert board.game.position() == {"scores": [3, 0], "pot": 4, "turn": 1}  # every edit of the session kept
    assert len(board.game.history) == n0 + 1
    assert [t["text"] for t in board.teacher_data["timeline"]].count("position set up") == 1
    # a refused edit changes nothing, and the session goes on
    before = board.game.save()
    teach(board, "setup", text='{"pot": 1}', edit=1)
    assert board.error["rule"] == "pig.roll" and board.game.save() == before
    teach(board, "setup", text='{"pot": 6}', edit=1)
    assert board.game.position()["pot"] == 6 and len(board.game.history) == n0 + 1
    # a new session is a new entry; one undo takes a whole session back
    teach(board, "setup", text='{"pot": 8}', edit=2)
    assert len(board.game.history) == n0 + 2
    board.undo()
    assert board.game.position() == {"scores": [3, 0], "pot": 6, "turn": 1}
    board.undo()
    assert len(board.game.history) == n0 and board.game.position() == start
    # a move between two edits of the same session: the next edit is a new entry (the move is kept)
    teach(board, "setup", text='{"pot": 2}', edit=3)
    board.play(Roll())
    teach(board, "setup", text='{"pot": 9}', edit=3)
    assert [t["text"] for t in board.teacher_data["timeline"]].count("position set up") == 2
    # the edit number is checked
    for bad in ("1", -1, 1.5, True):
        teach(board, "setup", text='{"pot": 2}', edit=bad)
        assert board.error["rule"] == "ui.message" and "'edit'" in board.error["reason"]


def test_loading_a_teaching_position_tells_observers_it_is_a_set_up() -> None:
    board = PigBoard(seed=1, teacher=True)
    heard: list[str] = []
    board.on_change(lambda _b, what: heard.append(what))
    teach(board, "teaching", id="big-pot")
    assert heard == ["setup"]
    teach(board, "setup", text='{"pot": 3}')
    assert heard == ["setup", "setup"]
