"""Play again (issue 12): at game over the browser asks for a new game; Python validates the message and starts
it with the same rules, variant, players and bots, on a new seed or the same one."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine import FirstBot
from tests.ui.conftest import browser_message
from tests.ui.pigboard import PigBoard


def finished(bots: Any = None, **kw: Any) -> PigBoard:
    board = PigBoard(seed=7, variant={"target": 5}, players=["Ann", "Bob"], bots=bots, **kw)
    board.rig(die=6)
    board.play("roll")
    board.play("hold")
    assert board.is_over and board.winner == 0
    return board


def again(board: PigBoard, seed: Any, version: int | None = None) -> None:
    browser_message(board, {"type": "again", "seed": seed,
                            "version": board.version if version is None else version})


def test_play_again_same_seed_replays_the_same_game_with_the_same_variant_players_and_bots() -> None:
    bot = FirstBot()
    board = finished(bots={1: bot})
    first = board.game
    again(board, "same")
    g = board.game
    assert g is not first and board.error is None
    assert g.seed == first.seed == board.seed == 7
    assert g.variant == first.variant and g.variant.target == 5
    assert g.players == ("Ann", "Bob") and board.players == ["Ann", "Bob"]
    assert board.bots == {1: bot} and list(board.bot_seats) == ["1"]
    assert len(g.history) == 1 and not board.is_over and board.current_player == 0
    assert board.games_played == 1
    assert board.last_move is None and board.can_undo is False
    # the same seed: the same dice as a fresh game with that seed
    board.play("roll")
    assert g.last_draws[0].value == PigBoard(seed=7, variant={"target": 5}).game.chance.draw("die").value


def test_play_again_new_seed_starts_a_fresh_seed() -> None:
    board = finished()
    again(board, "new")
    assert board.error is None and board.game.seed != 7 and board.seed == board.game.seed
    assert board.game.variant.target == 5 and len(board.game.history) == 1


def test_play_again_keeps_the_setup_rigs_with_the_same_seed_only() -> None:
    board = PigBoard(seed=3, rig={"die": [6]}, variant={"target": 5})
    board.play("roll")
    board.play("hold")
    assert board.is_over
    board.play_again(same_seed=True)
    assert board.game.seed == 3 and board.game.setup_rig == {"die": [6]}
    board.play("roll")
    assert board.game.last_draws[0].value == 6 and board.game.last_draws[0].rigged
    board.play("hold")
    board.play_again()
    assert board.game.setup_rig == {} and board.game.rigged == {}


@pytest.mark.parametrize("msg, rule", [
    ({"type": "again", "seed": "other"}, "ui.message"),
    ({"type": "again"}, "ui.message"),
    ({"type": "again", "seed": 5}, "ui.message"),
    ({"type": "again", "seed": "new", "version": "x"}, "ui.message"),
])
def test_malformed_play_again_is_refused(msg: dict[str, Any], rule: str) -> None:
    board = finished()
    g, v = board.game, board.version
    msg = dict(msg)
    msg.setdefault("version", v)
    browser_message(board, msg)
    assert board.error["rule"] == rule and board.game is g and board.version == v


def test_play_again_before_the_end_stale_or_locked_changes_nothing() -> None:
    board = PigBoard(seed=1)
    g = board.game
    again(board, "new")
    assert board.error["rule"] == "ui.play-again" and board.game is g
    assert board.error["title"] == "Play again only after the game"
    done = finished()
    g = done.game
    again(done, "new", version=done.version - 1)
    assert done.error["rule"] == "ui.stale" and done.game is g
    done.interactive = False
    again(done, "new")
    assert done.error["rule"] == "ui.locked" and done.game is g


def test_play_again_lets_a_bot_that_moves_first_move_and_reports_game_change() -> None:
    board = PigBoard(seed=7, variant={"target": 5}, bots={0: FirstBot(), 1: "random"})
    # every seat a bot: nothing auto-plays; step with bot_move until the game ends
    while not board.is_over:
        board.bot_move()
    seen: list[str] = []
    board.on_change(lambda b, what: seen.append(what))
    board.play_again()
    assert seen[0] == "game" and len(board.game.history) == 1
    assert set(board.bots) == {0, 1}
