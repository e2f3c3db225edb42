"""Issue 20: the Zaxxon lessons make the learner act. Every hand-over has a task the engine checks, an opponent
(a bot), three ordered hints and a solution that replays; every lesson asks a question before a reveal, answered by
the engine; most lessons end steps with a "your move" the learner makes. A wrong answer and a wrong move are
answered with the clause that decides them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop import zaxxon
from tabletop.engine import Game, load_catalog
from tabletop.engine.lessons import Question, YourMove, check_learning, events_since, resolve
from tabletop.zaxxon import Rules
from tabletop.zaxxon.lessons import LESSONS, hand_over_length
from tabletop.zaxxon.rules import EndTurn, Move, MoveZaxxon, Roll, Spin

CLAUSES = load_catalog(Rules.catalog_path).ids
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "zaxxon"


def asked(number: str, step: int) -> tuple[Game[Any], Question]:
    """The position lesson ``number``'s step ``step`` (1-based) asks its question at, and the question."""
    les = LESSONS[number]
    g = les.game_at(step - 2) if step > 1 else les.new_game()
    s = les.steps[step - 1]
    assert s.question is not None
    s.prelude(g, s.question.after)
    return g, s.question


def your_move_at(number: str, step: int) -> tuple[Game[Any], YourMove, object]:
    les = LESSONS[number]
    g = les.game_at(step - 2) if step > 1 else les.new_game()
    s = les.steps[step - 1]
    assert s.your_move is not None
    rest = s.prelude(g, -1)
    return g, s.your_move, rest[0]


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_the_lesson_keeps_its_learning_promises(number: str) -> None:
    """check_learning: a task (goal not reached at the hand-over; its solution, with the bot's replies, reaches it
    only at its last action), three hints, an opponent, questions answered at their positions by the engine,
    your-move steps that accept their own move, every clause in the catalog."""
    assert check_learning(LESSONS[number], known_clauses=CLAUSES) == []


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_the_hand_over_has_a_bot_opponent_and_says_who_plays_whom(number: str) -> None:
    les = LESSONS[number]
    assert not les.hot_seat and les.bots == {1: "greedy"}
    start, bots = les.handed_over()
    assert start.current_player == 0 and 1 in bots
    text = les.hand_over_step.text(les.game_at(len(les.all_steps) - 1))  # type: ignore[union-attr]
    assert "You play Player 1 (blue); a bot (greedy) plays Player 2 (red)" in text
    assert les.task is not None and les.task.goal in text


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_the_lesson_names_its_notebook_and_the_task_its_clauses(number: str) -> None:
    les = LESSONS[number]
    assert les.notebook.startswith(number) and (NOTEBOOKS / les.notebook).is_file()
    task = les.task
    assert task is not None and len(task.hints) == 3
    start, _ = les.handed_over()
    # hint 1 is the rule's words: it names a clause the task exercises
    assert any(f"`{cid}`" in task.hint(start, 0) for cid in task.clauses)
    assert set(task.clauses) <= set(les.exercised())


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_the_third_hint_is_the_plans_next_move_then_a_general_one_off_the_plan(number: str) -> None:
    les = LESSONS[number]
    task = les.task
    assert task is not None
    start, bots = les.handed_over()
    assert len(start.history) == hand_over_length(number)
    first = task.solution(start, bots)[0]
    assert f"**{first}**" in task.hint(start, 2)
    # off the plan (the learner did something else first), the hint is the general advice
    other = next((a for a in start.legal_actions() if a != first), None)
    if other is not None:
        g = start.fork()
        g.play(other)
        if g.current_player == 0 and not task.reached(g, events_since(g, len(start.history))):
            assert "A move that makes progress" not in task.hint(g, 2), task.hint(g, 2)


def test_most_lessons_have_a_your_move_step_and_every_one_a_question() -> None:
    with_move = [n for n, les in LESSONS.items() if any(s.your_move for s in les.steps)]
    assert "06" in with_move and len(with_move) >= 7, with_move
    assert all(any(s.question for s in les.steps) for les in LESSONS.values())


def test_a_wrong_answer_about_the_radar_barrier_is_answered_with_its_clause() -> None:
    g, q = asked("06", 1)
    assert list(g.state["dice"]) == [2, 5] and g.current_player == 0
    texts = q.choice_texts(g)
    right = q.judge(g, texts.index("No: only the player who rolled the higher number may cross the RADAR barrier"))
    assert right.correct and right.rule == "zaxxon.radar-barrier"
    wrong = q.judge(g, texts.index("Yes, it may cross"))
    assert not wrong.correct and wrong.rule == "zaxxon.radar-barrier"
    assert wrong.reason == g.explain(Move(1, "G12")).reason  # type: ignore[union-attr]


def test_the_radar_answer_is_computed_by_the_engine_not_typed_in() -> None:
    """The same question at a turn blue rolled higher: the engine now allows the crossing, and so does the answer."""
    _, q = asked("06", 1)
    g = zaxxon.new_game(seed=1, variant={"scenario": "radar"})
    g.rig(die=[6, 2], spinner="WHITE")
    g.play(Roll())
    g.play(Spin())
    g.play(EndTurn())  # red, the lower roller, passes; blue plays second
    assert g.current_player == 0
    ans = q.answer(g)
    assert [q.choice_texts(g)[i] for i in ans.right] == ["Yes, it may cross"]


def test_a_spin_question_is_answered_by_playing_the_spin_ahead() -> None:
    g, q = asked("02", 2)
    texts = q.choice_texts(g)
    ans = q.answer(g)
    assert [texts[i] for i in ans.right] == ["blue plane #1 on C7"] and ans.rule == "zaxxon.red-silo-fire"
    assert g.state["phase"] == "spin"  # the question did not spin the real game
    fb = q.judge(g, [texts.index("blue plane #1 on C7"), texts.index("none: every plane is safe")])
    assert not fb.correct and fb.rule == "zaxxon.red-silo-fire"


def test_a_wrong_your_move_is_answered_with_the_right_clause() -> None:
    g, ym, scripted = your_move_at("06", 3)
    assert list(g.state["dice"]) == [6, 2] and g.current_player == 0
    ok, rule, _ = ym.judge(g, resolve(g, scripted), scripted)
    assert ok and rule == "zaxxon.radar-barrier"
    # a legal move that stays on its side of the barrier: not what the step asks
    stay = next(a for a in g.legal_actions() if isinstance(a, Move) and a.plane == 2
                and a.to[0] == "G")
    ok, rule, why = ym.judge(g, stay, scripted)
    assert not ok and rule == "zaxxon.radar-barrier" and "same side of the RADAR barrier" in why
    # another crossing (plane #1 to another space across) is accepted too: the step's intent, not its script
    other = [a for a in g.legal_actions() if isinstance(a, Move) and a != scripted and ym.judge(g, a, scripted)[0]]
    assert other, "any move across the barrier fulfils the step"
    # an illegal move is refused with the rule that refuses it
    ok, rule, _ = ym.judge(g, Move(1, "B15"), scripted)
    assert not ok and rule == g.explain(Move(1, "B15")).rule  # type: ignore[union-attr]


def test_a_your_move_for_zaxxon_takes_any_zaxxon_move_but_not_a_shot() -> None:
    g, ym, scripted = your_move_at("06", 4)
    moves = [a for a in g.legal_actions() if isinstance(a, MoveZaxxon)]
    assert len(moves) >= 2 and all(ym.judge(g, a, scripted)[0] for a in moves)
    shot = next(a for a in g.legal_actions() if not isinstance(a, MoveZaxxon))
    assert not ym.judge(g, shot, scripted)[0]


def test_the_split_count_task_fails_when_one_plane_takes_the_whole_count() -> None:
    les = LESSONS["02"]
    task = les.task
    assert task is not None
    g, _ = les.handed_over()
    n0 = len(g.history)
    g.play(Move(2, "E7"))
    assert task.failure(g, events_since(g, n0)) is None  # one count left: it can still succeed
    g.play(Move(2, "E8"))
    why = task.failure(g, events_since(g, n0))
    assert why and "zaxxon.split-count" in why and "only plane #2 flew" in why
    assert not task.reached(g, events_since(g, n0))


def test_the_radar_task_is_not_done_by_a_refused_crossing_and_is_done_by_a_legal_one() -> None:
    les = LESSONS["06"]
    task = les.task
    assert task is not None
    g, bots = les.handed_over()
    n0 = len(g.history)
    assert not g.state["zaxxon"]["active"], "the hand-over puts Zaxxon to sleep again"
    g.play(Roll())
    g.play(Spin())
    assert g.explain(Move(1, "G12")).rule == "zaxxon.radar-barrier"  # type: ignore[union-attr]
    assert not task.reached(g, events_since(g, n0))
    for act in task.solution(les.handed_over()[0], bots)[2:]:
        g.play(act)
    assert task.reached(g, events_since(g, n0)) and g.state["zaxxon"]["active"]
    assert "zaxxon.radar-barrier" in task.success_text(g)
