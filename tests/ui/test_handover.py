"""The hand-over that plays (issue 9) and Python-owned widget traits (issue 10), Python side with a fake comm.

Paced bot replies need a running event loop (the kernel's in real use): those tests run one with asyncio.run.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from tabletop.engine import FirstBot, Game
from tabletop.ui import ChanceWidget, Step, Walkthrough
from tabletop.ui.walkthrough import HAND_OVER_UNDO, WalkthroughPanel
from tests.kit.pig import Hold, PigRules, Roll
from tests.ui.conftest import browser_message
from tests.ui.pigboard import PigBoard

ROLL, HOLD = Roll().key, Hold().key


def act(board: Any, action_id: str) -> None:
    browser_message(board, {"type": "act", "id": action_id, "version": board.version})


def front_end_update(widget: Any, state: dict[str, Any]) -> None:
    """What ``model.set(...); model.save_changes()`` in the browser sends."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


# -- trait ownership (issue 10) ------------------------------------------------------------------------
def test_a_front_end_update_cannot_unlock_a_read_only_board_and_is_reverted() -> None:
    board = PigBoard(seed=1, interactive=False)
    n = len(board.comm.updates())
    front_end_update(board, {"interactive": True, "bot_seats": {"0": "x"}, "legal": [], "version": 99,
                             "notice": "hacked", "no_such_trait": 1})
    assert board.interactive is False and board.bot_seats == {} and board.version != 99 and board.notice == ""
    assert board.legal and board.refused_updates == 6
    reverted = board.comm.updates()[n:]  # what the browser receives (a board's patch message, applied)
    assert reverted and reverted[-1]["interactive"] is False and reverted[-1]["notice"] == ""
    assert reverted[-1]["legal"] == board.legal and reverted[-1]["version"] == board.version
    assert "no_such_trait" not in reverted[-1]
    # and a click is still refused as locked
    act(board, ROLL)
    assert board.error["rule"] == "ui.locked" and len(board.game.history) == 1


def test_walkthrough_panel_and_chance_widget_traits_are_owned_by_python_too() -> None:
    w = Walkthrough([Step("Setup", "Both start at 0 (`pig.setup`).")], board=PigBoard,
                    new_game=lambda: Game(PigRules(), seed=1))
    front_end_update(w.panel, {"step": 1, "steps": [], "version": 0})
    assert w.panel.step == 0 and len(w.panel.steps) == 2 and w.panel.version > 0
    front_end_update(w.board, {"interactive": True})
    assert w.board.interactive is False
    die = ChanceWidget(kind="die", seed=1, interactive=False)
    front_end_update(die, {"interactive": True, "value": 6, "rigged": True})
    assert die.interactive is False and die.value is None and die.rigged is False
    browser_message(die, {"type": "roll", "version": die.version})
    assert die.error["rule"] == "ui.locked" and die.n == 0
    assert isinstance(w.panel, WalkthroughPanel)


# -- last move, bots ----------------------------------------------------------------------------------
def test_last_move_names_the_seat_the_words_the_action_and_the_rules() -> None:
    board = PigBoard(seed=8, bots={1: FirstBot()})
    assert board.last_move is None  # only the setup so far
    board.rig(die=[4, 1])
    act(board, ROLL)
    lm = board.last_move
    assert lm["seat"] == 0 and lm["player"] == "Player 1" and lm["action"] == "roll the die"
    assert lm["action_dict"] == {"type": "Roll"} and lm["rules"] == ["pig.roll"] and lm["bot"] is False
    assert lm["turn"] == board.game.history[-1].n
    act(board, HOLD)  # the bot replies at once (no event loop is running): its roll of 1 is the last move
    lm = board.last_move
    assert lm["seat"] == 1 and lm["bot"] is True and lm["action"] == "roll the die"
    assert board.current_player == 0 and board.legal and not board.bot_to_move and not board.bots_pending


def test_bot_replies_are_paced_on_the_event_loop_and_the_bot_seat_offers_nothing() -> None:
    board = PigBoard(seed=8, bots={1: FirstBot()}, bot_delay=0.02)
    board.rig(die=[4, 3, 2, 1])

    async def scenario() -> None:
        act(board, ROLL)
        act(board, HOLD)
        # the bot has not moved yet: its seat is to move, the browser gets no legal moves and the reason why
        assert board.current_player == 1 and board.bots_pending and board.bot_to_move and board.legal == []
        assert board.last_move["seat"] == 0 and board.last_move["action"] == "hold and bank the pot"
        n = len(board.game.history)
        act(board, ROLL)
        assert board.error["rule"] == "ui.bot" and "Player 2's bot is moving" in board.error["reason"]
        browser_message(board, {"type": "undo", "version": board.version})
        assert board.error["rule"] == "ui.bot" and len(board.game.history) == n
        seen = []
        for _ in range(100):
            await asyncio.sleep(0.01)
            if board.last_move and board.last_move["bot"]:
                seen.append(board.last_move["turn"])
            if not board.bots_pending:
                break
        # FirstBot rolls until the rigged 1: three separate moves, each shown on its own
        assert len(set(seen)) == 3
        assert board.current_player == 0 and board.legal and not board.bot_to_move

    asyncio.run(scenario())


def test_python_api_moves_still_get_bot_replies_at_once_even_with_a_loop() -> None:
    board = PigBoard(seed=8, bots={1: FirstBot()}, bot_delay=5)
    board.rig(die=[4, 1])

    async def scenario() -> None:
        board.play("roll")
        board.play("hold")
        assert board.current_player == 0 and not board.bots_pending

    asyncio.run(scenario())


def test_undo_during_paced_replies_cancels_nothing_half_way() -> None:
    board = PigBoard(seed=8, bots={1: FirstBot()}, bot_delay=0.01)
    board.rig(die=[4, 1])

    async def scenario() -> None:
        act(board, ROLL)
        act(board, HOLD)
        board.undo()  # Python may take back the hold; the scheduled bot move is dropped
        assert board.current_player == 0 and not board.bots_pending
        await asyncio.sleep(0.05)
        assert board.current_player == 0 and board.game.history[-1].action == Roll()

    asyncio.run(scenario())


# -- the walkthrough's hand-over ---------------------------------------------------------------------------
def new_game() -> Game[Any]:
    return Game(PigRules(), seed=1)


STEPS = [
    Step("Setup", "Both players start with **0 points** (`pig.setup`)."),
    Step("Rolling", "A 5 goes into the pot (`pig.roll`).", rig={"die": [5]}, actions=["roll"]),
    Step("Holding", "Hold to bank the pot (`pig.hold`): Player 2 is to move.", actions=["hold"],
         rig={"die": [3, 1]}),
]


def test_lesson_steps_read_lesson_step_n_of_n_and_the_hand_over_is_your_turn() -> None:
    w = Walkthrough(STEPS, board=PigBoard, new_game=new_game)
    assert w.panel.lesson_steps == 3 and len(w.panel.steps) == 4 and w.panel.steps[-1]["title"] == "Your turn"
    w.goto(1)
    assert w.board.notice.startswith("Lesson step 2 of 3: the board follows the narration")
    assert repr(w).startswith("<Walkthrough: Lesson step 2 of 3")
    w.your_turn()
    assert w.board.notice == "" and repr(w).startswith("<Walkthrough: Your turn")


def test_hand_over_bots_move_first_then_undo_stops_at_the_hand_over_position() -> None:
    w = Walkthrough(STEPS, board=PigBoard, new_game=new_game, bots={1: FirstBot()})
    w.your_turn()  # Player 2's bot rolls 3, then 1: back to the reader
    b = w.board
    handed = (b.game.digest(), len(b.game.history))
    assert b.current_player == 0 and b.last_move["bot"] and w.panel.moves_since == 0
    assert b.can_undo is False
    browser_message(b, {"type": "undo", "version": b.version})
    assert b.error["rule"] == "ui.undo" and b.error["reason"] == HAND_OVER_UNDO
    assert (b.game.digest(), len(b.game.history)) == handed
    b.rig(die=[6])
    act(b, ROLL)
    assert w.panel.moves_since == 1 and b.can_undo
    browser_message(b, {"type": "undo", "version": b.version})
    assert b.error is None and (b.game.digest(), len(b.game.history)) == handed and w.panel.moves_since == 0
    browser_message(b, {"type": "undo", "version": b.version})
    assert b.error["rule"] == "ui.undo" and "press Back" in b.error["reason"]
    w.back()  # the lesson steps have no floor (they are locked anyway) and the bots leave
    assert b.bots == {} and not b.interactive


def test_hand_over_by_the_panel_paces_the_bots_and_sets_the_floor_after_them() -> None:
    w = Walkthrough(STEPS, board=PigBoard, new_game=new_game, bots={1: FirstBot()})
    w.board.bot_delay = 0.01
    b = w.board

    async def scenario() -> None:
        browser_message(w.panel, {"type": "goto", "step": 3, "version": w.panel.version})
        assert b.bots_pending and b.bot_to_move and b.legal == [] and b.interactive
        for _ in range(100):
            await asyncio.sleep(0.01)
            if not b.bots_pending:
                break
        assert b.current_player == 0 and b.last_move["bot"] and b.legal
        assert not b.can_undo and w.panel.moves_since == 0
        browser_message(b, {"type": "undo", "version": b.version})
        assert b.error["rule"] == "ui.undo" and b.current_player == 0

    asyncio.run(scenario())


def test_a_key_with_other_spacing_or_key_order_is_the_same_legal_action() -> None:
    board = PigBoard(seed=1)
    board.rig(die=[4])
    act(board, json.dumps({"type": "Roll"}, indent=1))
    assert board.error is None and len(board.game.history) == 2


def test_at_the_hand_over_bots_reply_to_every_reader_move_by_themselves() -> None:
    w = Walkthrough(STEPS, board=PigBoard, new_game=new_game, bots={1: FirstBot()})
    w.your_turn()
    b = w.board
    b.rig(die=[4, 2, 1])
    act(b, ROLL)
    act(b, HOLD)  # the bot rolls 2, then 1: back to the reader with no Bot move pressed
    assert b.current_player == 0 and b.last_move["bot"] and b.last_move["seat"] == 1
    assert w.panel.moves_since == 2
    w.goto(1)
    assert not b.auto_bots and b.bots == {}


def test_without_auto_bots_a_bot_seat_offers_nothing_and_waits_for_the_bot_button() -> None:
    board = PigBoard(seed=9, bots={1: FirstBot()}, auto_bots=False)
    board.rig(die=[3, 1])
    board.play("roll")
    board.play("hold")
    assert board.current_player == 1 and board.bot_to_move and not board.bots_pending and board.legal == []
    act(board, ROLL)
    assert board.error["rule"] == "ui.bot" and "press Bot move" in board.error["reason"]
    browser_message(board, {"type": "bot", "version": board.version})
    assert board.current_player == 0 and not board.bot_to_move and board.legal


class SecretPigBoard(PigBoard):
    """Hides what a roll was (like a face-down card): the log shows other words for that turn."""

    def _event_rows(self) -> list[dict[str, Any]]:
        rows = super()._event_rows()
        for r in rows:
            if r["action"] == "roll the die":
                r["action"] = "did something secret"
        return rows


def test_last_move_hides_what_the_log_hides() -> None:
    board = SecretPigBoard(seed=1)
    board.rig(die=[4])
    board.play("roll")
    assert board.last_move["action"] == "did something secret" and board.last_move["action_dict"] is None
    assert "roll the die" not in json.dumps(board.last_move)
    board.play("hold")
    assert board.last_move["action"] == "hold and bank the pot" and board.last_move["action_dict"] == {"type": "Hold"}


def test_a_lesson_hands_over_with_its_own_bot_table_hand_over_step_and_undo_floor() -> None:
    from tabletop.engine.lessons import Fact, Lesson
    from tabletop.engine.lessons import Step as LessonStep

    lesson = Lesson("pig/01", "Pig basics", tuple(
        LessonStep(s.title, s.md, rig=s.rig, actions=s.actions, facts=(Fact("true", lambda g: True),))
        for s in STEPS), new_game, bots={1: "first"}, bot_table={"first": FirstBot})
    w = Walkthrough(lesson, board=PigBoard)
    assert w.panel.title == "Pig basics" and w.panel.lesson_steps == 3 and w.steps[-1].title == "Your turn"
    w.your_turn()
    b = w.board
    assert isinstance(b.bots[1], FirstBot) and b.current_player == 0 and b.last_move["bot"]
    browser_message(b, {"type": "undo", "version": b.version})
    assert b.error["reason"] == HAND_OVER_UNDO
