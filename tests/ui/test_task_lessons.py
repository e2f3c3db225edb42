"""Every game lesson through its Walkthrough, driven by the messages the browser sends (no browser): each
question answered (the feedback names a catalog clause), each your-move step played on the board (accepted, the
step's outcome shown), then the hand-over's task completed by sending the learner's side of its solution as
board clicks while the board's own bots answer: the task turns "done" only after the last one, with the stars
the solution earns, and the "Next lesson" link names a notebook that exists."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine.lessons import stars
from tests.ui.conftest import browser_message

REPO = Path(__file__).resolve().parents[2]
GAMES = ("xevious", "xevoz", "zaxxon")
LESSONS = [(g, k) for g in GAMES for k, les in importlib.import_module(f"tabletop.{g}.lessons").LESSONS.items()
           if les.task is not None and les.hand_over_step is not None]


class Recorder:
    def __init__(self) -> None:
        self.log: list[tuple[Any, ...]] = []

    def see(self, clauses: Any) -> None:
        self.log.append(("see", tuple(clauses)))

    def attempt(self, clauses: Any, right: bool, kind: str) -> None:
        self.log.append((kind, tuple(clauses), right))


@pytest.mark.parametrize(("game", "key"), LESSONS, ids=[f"{g}/{k}" for g, k in LESSONS])
def test_a_lesson_walked_and_its_task_done_through_the_walkthrough(game: str, key: str) -> None:
    les = importlib.import_module(f"tabletop.{game}.lessons").LESSONS[key]
    walk = importlib.import_module(f"tabletop.{game}.widget").walkthrough(key)
    rec = Recorder()
    walk.store = rec
    clauses = walk.board.clauses
    asked = moved = 0
    for _ in range(4 * len(walk)):
        p = walk.panel
        if walk.phase == "question":
            browser_message(p, {"type": "answer", "picked": [0], "version": p.version})
            fb = p.question["feedback"]
            assert fb is not None and fb["rule"] in clauses and fb["reason"], (walk.step, fb)
            asked += 1
            browser_message(p, {"type": "reveal", "version": p.version})
        elif walk.phase == "your-move":
            k = walk.step
            browser_message(p, {"type": "show_me", "version": p.version})  # Show me: the step's own move
            assert p.error is None and walk.phase == "shown" and p.your_move["done"], (k, p.error)
            assert walk.game.digest() == les.game_at(k).digest()
            walk.goto(k, "your-move")  # asked again: now the learner makes the move on the board
            mine = walk._ym_scripted
            browser_message(walk.board, {"type": "act", "id": mine.key, "version": walk.board.version})
            assert walk.board.error is None, walk.board.error
            assert walk.phase == "shown" and p.your_move["feedback"]["accepted"], p.your_move
            assert walk.game.digest() == les.game_at(k).digest() and p.your_move["prompt"]
            moved += 1
        elif walk.step < len(walk) - 1:
            browser_message(p, {"type": "goto", "step": walk.step + 1, "version": p.version})
        else:
            break
        assert p.error is None, (walk.step, p.error)
    assert asked == sum(1 for s in les.steps if s.question is not None)
    assert moved == sum(1 for s in les.steps if s.your_move is not None)
    assert [e[2] for e in rec.log if e[0] == "your-move"] == [True] * moved
    start, bots = les.handed_over()
    assert walk.game.digest() == start.digest() and walk.panel.task["status"] == "playing"
    assert walk.panel.task["players"] == les.players_text(walk.game)
    replay, fresh = les.handed_over()
    learner = 0
    for i, act in enumerate(les.task.solution(start, bots)):
        bot = replay.current_player in fresh
        replay.play(act)
        if bot:
            continue  # the board's bot makes this reply by itself
        assert walk.panel.task["status"] == "playing", f"action {i + 1}: {walk.panel.task['status']} too early"
        browser_message(walk.board, {"type": "act", "id": act.key, "version": walk.board.version})
        assert walk.board.error is None, (i, act, walk.board.error)
        learner += 1
    tk = walk.panel.task
    assert tk["status"] == "done" and tk["moves"] == learner
    assert tk["stars"] == stars(learner, tk["par"] if tk["par"] is not None else learner, 0)
    assert [e[2] for e in rec.log if e[0] == "task"] == [True]
    nxt = tk["next"]
    order = list(importlib.import_module(f"tabletop.{game}.lessons").LESSONS)
    if order.index(key) + 1 < len(order):
        assert nxt is not None and (REPO / "notebooks" / game / nxt["notebook"]).is_file(), nxt
    else:
        assert nxt is None
