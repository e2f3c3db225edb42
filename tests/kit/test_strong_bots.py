"""Issue 21 on boards and lessons: the search bot by name (``bots="mcts"`` / ``"mcts:N"``) on every board and
lesson, refused names, a click while a bot moves, and "what would a strong player do here?" as the hint ladder's
last rung and the teacher panel's **Ask the strong bot** — both checked against ``MCTSBot.analyse`` itself."""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

import pytest

from tabletop.engine import Game
from tabletop.engine.lessons import StepError, stars
from tabletop.sim.mcts import DEFAULT_SIMULATIONS, MCTSBot
from tabletop.ui.advice import ADVICE_SIMULATIONS, advice_seed, percent
from tabletop.ui.walkthrough import lesson_with_bots
from tests.kit.pig import Hold, Roll
from tests.ui.conftest import browser_message
from tests.ui.pigboard import PigBoard
from tests.ui.test_task_walkthrough import TASK, make_lesson, to_hand_over, walk

GAMES = ("xevious", "xevoz", "zaxxon")


def widget(game: str) -> Any:
    return importlib.import_module(f"tabletop.{game}.widget")


def send(board: Any, **msg: Any) -> None:
    browser_message(board, {**msg, "version": msg.pop("version", board.version)})


def expected(game: Game[Any], top: int = 3) -> list[tuple[str, int, float, float]]:
    """What the search bot itself says at ``game`` (seeded by the position, as the kit seeds it)."""
    stats = MCTSBot(seed=advice_seed(game), simulations=ADVICE_SIMULATIONS).analyse(game)
    return [(m.action.key, m.visits, round(m.share, 4), round(m.value, 4)) for m in stats[:top] if m.visits]


def shown(data: dict[str, Any]) -> list[tuple[str, int, float, float]]:
    return [(m["id"], m["visits"], m["share"], m["value"]) for m in data["moves"]]


# -- the search bot by name ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_board_takes_the_search_bot_by_name_seeded_by_the_boards_seed(game: str) -> None:
    board = widget(game).Board(seed=7, bots="mcts:25", auto_bots=False)
    bot = board.bots[1]
    assert isinstance(bot, MCTSBot) and bot.simulations == 25 and board.bot_seats == {"1": "mcts:25"}
    default = widget(game).Board(seed=7, bots={1: "mcts"}, auto_bots=False).bots[1]
    own = importlib.import_module(f"tabletop.{game}.bots").STRATEGY.simulations  # the game's budget for "mcts"
    assert isinstance(default, MCTSBot) and default.simulations == (own or DEFAULT_SIMULATIONS)
    assert bot.rng.random() == MCTSBot(seed=7 + 1).rng.random()  # seeded as every board seeds its bots


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name, why", [("mcts:0", "after 'mcts:'"), ("mcts:abc", "after 'mcts:'"),
                                       ("mcts:", "after 'mcts:'"), ("MCTS", "no bot named 'MCTS'"),
                                       ("strong", "no bot named 'strong'")])
def test_a_board_refuses_a_bot_name_no_bot_has_naming_the_field(game: str, name: str, why: str) -> None:
    with pytest.raises(ValueError) as err:
        widget(game).Board(seed=1, bots=name)
    assert str(err.value).startswith("bots (seat 1): ") and why in str(err.value)
    assert "'mcts'" in str(err.value) or "mcts:200" in str(err.value)  # says what would do


@pytest.mark.parametrize("game", GAMES)
def test_every_games_lessons_take_the_search_bot_and_refuse_a_bad_name(game: str) -> None:
    lessons = importlib.import_module(f"tabletop.{game}.lessons").LESSONS
    les = next(v for v in lessons.values() if v.bots)
    changed = lesson_with_bots(les, "mcts:30")
    assert set(changed.bots) == set(les.bots) and set(changed.bots.values()) == {"mcts:30"}
    bots = changed.make_bots(changed.new_game())
    assert all(isinstance(b, MCTSBot) and b.simulations == 30 for b in bots.values())
    assert "a bot (mcts:30) plays" in changed.players_text(changed.new_game())
    with pytest.raises(ValueError, match=r"bots \(seat \d\)"):
        lesson_with_bots(les, "mcts:-3")
    seat = next(iter(les.bots))
    with pytest.raises(StepError, match=rf"bots \(seat {seat}\): no bot 'nobody'"):
        dataclasses.replace(les, bots={seat: "nobody"}).make_bots(les.new_game())


def test_a_lesson_walkthrough_plays_its_hand_over_with_the_named_search_bot() -> None:
    w, _ = walk(bots="mcts:20")
    w.your_turn()  # the hand-over the lesson's bot seat reached playing as the search bot
    assert isinstance(w.board.bots[1], MCTSBot) and w.board.bot_seats == {"1": "mcts:20"}
    assert "a bot (mcts:20) plays Player 2" in w.panel.task["players"]


def test_the_same_seed_and_clicks_give_the_same_game_with_the_search_bot() -> None:
    def play() -> list[Any]:
        board = PigBoard(seed=11, bots="mcts:40")
        for _ in range(6):
            if board.game.is_over:
                break
            send(board, type="act", id=(Roll() if board.game.state["pot"] < 8 else Hold()).key)
        return board.game.save()["script"]

    assert play() == play()


def test_a_click_while_the_search_bot_is_to_move_is_refused_and_never_applied_twice() -> None:
    board = PigBoard(seed=4, bots="mcts:30", auto_bots=False)
    send(board, type="act", id=Hold().key)  # the human's pot is empty: hold is refused, nothing changes
    send(board, type="act", id=Roll().key)
    while board.game.current_player == 0 and not board.game.is_over:
        send(board, type="act", id=Hold().key)
    assert board.game.current_player == 1 and board.bot_to_move and board.legal == []
    before = board.game.save()
    send(board, type="act", id=Roll().key)  # the bot's seat: the reader's click is refused, with the reason
    assert board.error["rule"] == "ui.bot" and board.game.save() == before
    v, n = board.version, len(board.game.history)
    send(board, type="bot", version=v)  # Bot move (B): one move of the search bot
    after = len(board.game.history)
    assert after == n + 1 and board.game.history[-1].player == 1
    send(board, type="bot", version=v)  # the same press again (a double click): stale, not a second move
    assert board.error["rule"] == "ui.stale" and len(board.game.history) == after


# -- "what would a strong player do here?" -----------------------------------------------------------------
def test_the_hint_ladders_last_rung_is_the_strong_players_top_moves_from_analyse() -> None:
    w, _ = walk()
    start, _n = to_hand_over(w)
    for _ in range(3):
        browser_message(w.panel, {"type": "hint", "version": w.panel.version})
    tk = w.panel.task
    assert tk["hints_total"] == 4 and tk["strong"] is None
    browser_message(w.board, {"type": "act", "id": Roll().key, "version": w.board.version})  # a choice now
    assert len(w.game.legal_actions()) >= 2
    browser_message(w.panel, {"type": "hint", "version": w.panel.version})
    tk = w.panel.task
    strong = tk["strong"]
    assert strong["index"] == 3 and len(tk["hints"]) == 4
    assert shown(strong) == expected(w.game) and 1 <= len(strong["moves"]) <= 3
    assert strong["simulations"] == ADVICE_SIMULATIONS and strong["seed"] == advice_seed(w.game)
    for m in strong["moves"]:  # the words are written from the numbers
        assert m["words"] == f"{m['text']}: {m['stats']}"
        assert f"tried in {percent(m['share'])} of the bot's games" in m["stats"]
        assert f"estimated chance of winning about {percent(m['value'])}" in m["stats"]
        assert m["text"] in tk["hints"][3]
    assert "strong player" in strong["intro"] and f"tried {ADVICE_SIMULATIONS} games" in strong["intro"]
    assert "estimates" in strong["note"]
    # the rung counts as a hint: finishing the task now gets stars(moves, par, 4)
    asked_at = w.game.digest()
    browser_message(w.board, {"type": "act", "id": Hold().key, "version": w.board.version})
    tk = w.panel.task
    assert tk["status"] == "done" and tk["stars"] == stars(tk["moves"], tk["par"], 4)
    # the same position gives the same answer (a fresh walkthrough, the same moves)
    w2, _ = walk()
    to_hand_over(w2)
    assert w2.game.digest() == start.digest()
    for _ in range(3):
        browser_message(w2.panel, {"type": "hint", "version": w2.panel.version})
    browser_message(w2.board, {"type": "act", "id": Roll().key, "version": w2.board.version})
    browser_message(w2.panel, {"type": "hint", "version": w2.panel.version})
    assert w2.game.digest() == asked_at and w2.panel.task["strong"]["moves"] == strong["moves"]


def test_with_one_legal_move_the_strong_rung_says_so_without_searching() -> None:
    w, _ = walk()
    to_hand_over(w)
    assert [a.key for a in w.game.legal_actions()] == [Roll().key]  # an empty pot: roll is the only move
    for _ in range(4):
        browser_message(w.panel, {"type": "hint", "version": w.panel.version})
    strong = w.panel.task["strong"]
    assert "only one legal move" in strong["intro"] and shown(strong) == [(Roll().key, 0, 1.0, None)]
    assert "chance of winning" not in strong["moves"][0]["words"]  # nothing was estimated


def test_no_strong_rung_when_it_is_off_and_none_while_the_bot_is_to_move() -> None:
    w, _ = walk(strong_hint=False)
    to_hand_over(w)
    assert w.panel.task["hints_total"] == 3
    endless = dataclasses.replace(TASK, check=lambda g, ev: False, fail=None)  # the task stays open
    w, _ = walk(lesson=make_lesson(task=endless))
    w.your_turn()
    for _ in range(3):
        browser_message(w.panel, {"type": "hint", "version": w.panel.version})
    w.board.auto_bots = False  # the bot seat waits for Bot move: it is the bot's turn when the hint is asked
    browser_message(w.board, {"type": "act", "id": Roll().key, "version": w.board.version})
    while w.game.current_player == 0:
        browser_message(w.board, {"type": "act", "id": Hold().key, "version": w.board.version})
    hints = list(w.panel.task["hints"])
    browser_message(w.panel, {"type": "hint", "version": w.panel.version})
    assert w.panel.error["rule"] == "ui.task" and "a bot's" in w.panel.error["reason"]
    assert w.panel.task["hints"] == hints  # refused: no star spent


def test_the_teacher_panel_asks_the_strong_bot_and_a_listed_move_plays_like_a_click() -> None:
    board = widget("zaxxon").Board(seed=3, teacher=True)
    while len(board.game.legal_actions()) < 3:  # to a position with a choice (the dice rolled)
        send(board, type="act", id=board.game.legal_actions()[0].key)
    assert board.teacher_data["strong"] is None
    send(board, type="teacher", op="analyse")
    strong = board.teacher_data["strong"]
    assert board.error is None and shown(strong) == expected(board.game) and len(strong["moves"]) == 3
    assert all(m["text"] in m["words"] and percent(m["share"]) in m["words"] for m in strong["moves"])
    assert [m["id"] for m in strong["moves"]] == [m["id"] for m in board.teacher_data["strong"]["moves"]]
    pick = strong["moves"][1]
    n = len(board.game.history)
    send(board, type="act", id=pick["id"])
    assert board.game.history[n].action.key == pick["id"]
    assert board.teacher_data["strong"] is None  # the answer was for the position before the move


def test_the_teacher_panels_strong_bot_refuses_when_the_game_is_over_or_the_panel_is_off() -> None:
    board = PigBoard(seed=1, teacher=True)
    off = PigBoard(seed=1)
    send(off, type="teacher", op="analyse")
    assert off.error["rule"] == "ui.teacher" and "off" in off.error["reason"]
    send(board, type="act", id=Roll().key)
    send(board, type="teacher", op="analyse")
    assert board.error is None and shown(board.teacher_data["strong"]) == expected(board.game)
    while not board.game.is_over:
        board.play(Roll() if board.game.state["pot"] < 6 else Hold())
    before = board.game.save()
    send(board, type="teacher", op="analyse")
    assert board.error["rule"] == "pig.game-over" and board.game.save() == before


def test_the_teacher_panel_never_shows_a_bot_seats_options() -> None:
    board = PigBoard(seed=2, teacher=True, bots="random", auto_bots=False)
    send(board, type="act", id=Roll().key)
    while board.game.current_player == 0:
        send(board, type="act", id=Hold().key)
    assert board.bot_to_move and board.legal == []
    send(board, type="teacher", op="analyse")
    assert board.error["rule"] == "ui.bot" and board.teacher_data["strong"] is None


def test_the_advice_seed_never_reads_what_the_seat_cannot_see() -> None:
    """Super Xevious hides cards: two positions that differ only in what the seat to move cannot see (redrawn by
    the rules' own sample_hidden) get the same seed, hence the same answer; a game without secrets is seeded by its
    position."""
    import random

    from tabletop import xevious, zaxxon

    g = xevious.new_game(seed=5)
    for _ in range(30):
        if g.is_over:
            break
        g.play(g.legal_actions()[0])
    rules, seat = g.rules, g.current_player
    other = g.fork_at(rules.sample_hidden(rules.copy_state(g.raw_state), seat, random.Random(1)),
                      chance_counter=g.chance.counter, version=g.version)
    assert advice_seed(other) == advice_seed(g)
    z = zaxxon.new_game(seed=1)
    assert advice_seed(z) != advice_seed(z.fork()) or z.digest() == z.fork().digest()
