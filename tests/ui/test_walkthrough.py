"""Walkthrough, Python side: replayed steps, exact back, hand-over, validated panel messages."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine import Game, thaw
from tabletop.ui import Step, Walkthrough
from tabletop.ui.walkthrough import StepError, render_markdown
from tests.kit.pig import Hold, PigRules, Roll
from tests.ui.conftest import browser_message
from tests.ui.pigboard import PigBoard


def new_game() -> Game[Any]:
    return Game(PigRules(), seed=1)


STEPS = [
    Step("Setup", "Both players start with **0 points** (`pig.setup`)."),
    Step("Rolling", "Anything but a 1 goes into the pot (`pig.roll`).", rig={"die": [5]}, actions=["roll"]),
    Step("Rolling again", "A rigged 3.", rig={"die": 3}, actions=[Roll()], rules=["pig.roll"]),
    Step("Holding", "Hold to bank the pot.", actions=lambda g: [Hold()], rules=["pig.hold"]),
]


def walk(**kw: Any) -> Walkthrough:
    return Walkthrough(STEPS, board=PigBoard, new_game=new_game, **kw)


def manual(k: int) -> Game[Any]:
    g = new_game()
    for s in STEPS[: k + 1]:
        s.apply(g)
    return g


def test_each_step_is_the_replay_of_the_steps_before_it() -> None:
    w = walk()
    assert len(w) == 5 and w.step == 0
    for k in range(4):
        w.goto(k)
        ref = manual(k)
        assert w.game.digest() == ref.digest() and w.game.chance.snapshot() == ref.chance.snapshot()
        assert w.board.state == thaw(ref.state) and w.board.version > 0
    w.goto(2)
    assert w.game.state["pot"] == 8 and [d.value for d in w.game.last_draws] == [3]
    assert w.board.last_draws[0]["rigged"] is True


def test_back_restores_the_exact_earlier_position_even_after_the_reader_played() -> None:
    w = walk()
    w.goto(1)
    snap = (w.game.digest(), w.game.chance.snapshot(), len(w.game.history))
    w.your_turn()
    assert w.board.interactive and w.board.notice == ""
    for _ in range(5):
        if w.game.is_over:
            break
        w.board.play(w.game.legal_actions()[0])
    assert w.panel.moves_since >= 1
    w.goto(1)
    assert (w.game.digest(), w.game.chance.snapshot(), len(w.game.history)) == snap
    assert not w.board.interactive and w.panel.moves_since == 0


def test_board_is_locked_during_narration_and_bots_play_only_after_the_hand_over() -> None:
    w = walk(bots={1: "random"})
    browser_message(w.board, {"type": "act", "id": Roll().key, "version": w.board.version})
    assert w.board.error["rule"] == "ui.locked" and "Lesson step 1 of 4" in w.board.error["reason"]
    w.goto(3)  # after the hold it is Player 2's turn: no bot moves while narrating
    assert w.game.current_player == 1 and w.board.bots == {} and len(w.game.history) == 4
    w.next()  # the hand-over: Player 2's bot takes its turn, then the reader plays Player 1
    assert w.step == 4 and set(w.board.bots) == {1}
    assert w.game.current_player == 0 and len(w.game.history) > 4
    assert w.panel.moves_since == 0


def test_navigation_bounds_and_negative_index() -> None:
    w = walk()
    w.back()
    assert w.step == 0
    w.goto(-1)
    assert w.step == 4
    w.next()
    assert w.step == 4
    with pytest.raises(IndexError):
        w.goto(5)
    with pytest.raises(TypeError):
        w.goto("2")  # type: ignore[arg-type]


def test_panel_messages_are_validated() -> None:
    w = walk()
    browser_message(w.panel, {"type": "goto", "step": 2, "version": w.panel.version})
    assert w.step == 2 and w.panel.step == 2 and w.panel.error is None
    digest = w.game.digest()
    for bad in ("next", {"type": "jump", "step": 1, "version": w.panel.version},
                {"type": "goto", "step": "1", "version": w.panel.version},
                {"type": "goto", "step": True, "version": w.panel.version},
                {"type": "goto", "step": 99, "version": w.panel.version},
                {"type": "goto", "step": -1, "version": w.panel.version}):
        browser_message(w.panel, bad)
        assert w.panel.error["rule"] == "ui.message"
    browser_message(w.panel, {"type": "goto", "step": 0, "version": w.panel.version - 1})
    assert w.panel.error["rule"] == "ui.stale"
    assert w.step == 2 and w.game.digest() == digest


def test_a_broken_step_fails_at_construction_naming_the_step() -> None:
    bad = [*STEPS[:1], Step("Oops", "Hold with an empty pot.", actions=["hold"])]
    with pytest.raises(StepError, match=r"step 2 \('Oops'\)"):
        Walkthrough(bad, board=PigBoard, new_game=new_game)
    with pytest.raises(StepError, match="step 1"):
        Walkthrough([Step("Rig", "", rig={"die": 9})], board=PigBoard, new_game=new_game)
    with pytest.raises(ValueError, match="pig.nonsense"):
        Walkthrough([Step("x", "", rules=["pig.nonsense"])], board=PigBoard, new_game=new_game)
    with pytest.raises(ValueError):
        Walkthrough([], board=PigBoard, new_game=new_game)


def test_narration_is_markdown_with_raw_html_escaped_and_clause_badges() -> None:
    w = Walkthrough([Step("Intro", "**Bold** and `pig.roll` <script>alert(1)</script> [x](javascript:alert(1))")],
                    board=PigBoard, new_game=new_game)
    s = w.panel.steps[0]
    assert "<strong>Bold</strong>" in s["html"] and "<script>" not in s["html"] and "&lt;script&gt;" in s["html"]
    assert "javascript:" not in s["html"]
    assert [r["id"] for r in s["rules"]] == ["pig.roll"] and s["rules"][0]["title"] == "Roll"
    assert render_markdown("a <b>b</b>") == "<p>a &lt;b&gt;b&lt;/b&gt;</p>\n"
    explicit = walk().panel.steps
    assert [r["id"] for r in explicit[0]["rules"]] == ["pig.setup"]
    assert [r["id"] for r in explicit[3]["rules"]] == ["pig.hold"]


def test_your_turn_options() -> None:
    assert len(walk(your_turn=False)) == 4
    w = walk(your_turn=False)
    w.goto(-1)
    assert not w.board.interactive  # no hand-over: the last step stays read-only
    w2 = walk(your_turn="Now **you** play.")
    assert w2.panel.steps[-1]["your_turn"] and "<strong>you</strong>" in w2.panel.steps[-1]["html"]
    w3 = walk(your_turn=Step("Try it", "Roll a rigged six.", rig={"die": 6}))
    w3.your_turn()
    assert w3.game.rigged == {"die": [6]} and w3.board.interactive


def test_an_existing_board_instance_can_be_used() -> None:
    board = PigBoard(seed=50)
    w = Walkthrough(STEPS, board=board, new_game=new_game)
    assert w.board is board and w.game.digest() == manual(0).digest()


def test_static_fallback_lists_the_steps() -> None:
    w = walk()
    data, _ = w._repr_mimebundle_()
    page = data["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in data
    for s in STEPS:
        assert s.title in page
    assert "<code>pig.hold</code>" in page and "Your turn" in page and "tt-static-board" in page


def test_a_step_can_show_a_refused_move_with_its_rule_and_the_game_unchanged() -> None:
    steps = [Step("Hold with an empty pot", "Holding needs something in the pot (`pig.hold`).", refuse=Hold())]
    w = Walkthrough(steps, board=PigBoard, new_game=new_game, your_turn=False)
    assert w.board.error is not None and w.board.error["rule"] == "pig.hold"
    assert "hold and bank the pot" in w.board.error["reason"] and "nothing in the pot" in w.board.error["reason"]
    assert w.game.state == new_game().state
    # a move the rules accept cannot be shown as refused: the walkthrough fails at construction
    with pytest.raises(StepError, match="accept"):
        Walkthrough([Step("Roll", "", refuse=Roll())], board=PigBoard, new_game=new_game)


def test_a_teaching_position_loaded_at_the_hand_over_resets_the_moves_count() -> None:
    """Issue 20 item 6: after loading a teaching position the narration no longer counts the moves made before it."""
    w = walk(teacher=True)
    w.your_turn()
    w.board.play(w.game.legal_actions()[0])
    assert w.panel.moves_since == 1
    w.board.load_teaching("big-pot")
    assert w.game.state["pot"] == 12 and w.panel.moves_since == 0
    w.board.play(w.game.legal_actions()[0])
    assert w.panel.moves_since == 1
