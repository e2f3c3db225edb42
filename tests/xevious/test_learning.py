"""Issue 20: lessons that make the learner act. Every Super Xevious lesson hands over a board with a task the engine
checks (a goal not yet reached, a solution that reaches it only at its end, three hints, a failure it recognises),
asks at least one question whose answer the engine computes, and lets the learner make scripted moves ("your
move") that are judged by what they do — a wrong answer and a wrong move are answered with the right clause."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop.engine import Game, load_catalog
from tabletop.engine.lessons import Lesson, Question, YourMove, check_learning, events_since, resolve
from tabletop.xevious import Rules
from tabletop.xevious.lessons import LESSONS
from tabletop.xevious.rules import CatchUp, Fire, Roll, StopAt, TryAgain

ROOT = Path(__file__).resolve().parents[2]
KNOWN = [c.id for c in load_catalog(Rules.catalog_path).clauses]


def at_question(les: Lesson, k: int) -> tuple[Game[Any], Question]:
    """The position lesson step ``k`` (0-based) asks its question at."""
    step = les.steps[k]
    assert step.question is not None
    g = les.game_at(k - 1) if k else les.new_game()
    step.prelude(g, step.question.after)
    return g, step.question


def at_your_move(les: Lesson, k: int) -> tuple[Game[Any], YourMove, Any]:
    """The position of lesson step ``k``'s "your move", its YourMove and the step's own (scripted) move."""
    step = les.steps[k]
    assert step.your_move is not None
    g = les.game_at(k - 1) if k else les.new_game()
    rest = step.prelude(g, -1)
    return g, step.your_move, resolve(g, rest[0])


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_every_lesson_keeps_its_learning_contract(number: str) -> None:
    assert check_learning(LESSONS[number], known_clauses=KNOWN) == []


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_the_task_is_open_at_the_hand_over_and_its_solution_reaches_it_only_at_the_end(number: str) -> None:
    les = LESSONS[number]
    task = les.task
    assert task is not None and task.goal and task.clauses and len(task.hints) == 3
    assert set(task.clauses) <= set(KNOWN)
    start, bots = les.handed_over()
    assert not task.reached(start, []) and task.failure(start, []) is None
    sol = task.solution(start, bots)
    g, fresh = les.handed_over()
    n0 = len(g.history)
    for j, act in enumerate(sol):
        if g.current_player in fresh:
            assert fresh[g.current_player].choose(g, g.legal_actions()) == act, "a bot reply in the record"
        g.play(act)
        assert task.reached(g, events_since(g, n0)) == (j == len(sol) - 1)
    text = task.success_text(g)
    assert any(f"`{cid}`" in text for cid in task.clauses), f"{les.id}: the success names no rule: {text}"
    # the third hint is a move the learner can make now
    hint = task.hint(start, 2)
    assert any(f"**{a}**" in hint for a in start.legal_actions()), hint


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_the_hand_over_says_the_task_and_who_plays_whom(number: str) -> None:
    les = LESSONS[number]
    assert les.task is not None and les.hand_over_step is not None
    g = les.game_at(len(les.all_steps) - 1)
    md = les.hand_over_step.text(g)
    assert les.task.goal in md and les.players_text(g) in md
    assert "You play You" not in md and "you play You" not in md
    if les.hot_seat:
        assert not les.bots and "hot seat" in md
    else:
        assert les.bots and "a bot" in md
    assert (ROOT / "notebooks" / "xevious" / les.notebook).is_file()


def test_exactly_one_lesson_is_hot_seat_and_it_says_why() -> None:
    hot = [les for les in LESSONS.values() if les.hot_seat]
    assert [les.id for les in hot] == ["xevious/01"]
    g = hot[0].game_at(len(hot[0].all_steps) - 1)
    assert "1–4 players at one screen" in hot[0].hand_over_step.text(g)  # type: ignore[union-attr]


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_every_lesson_asks_and_the_engine_answers(number: str) -> None:
    les = LESSONS[number]
    asked = [k for k, s in enumerate(les.steps) if s.question is not None]
    assert asked
    for k in asked:
        g, q = at_question(les, k)
        ans = q.answer(g)
        assert ans.rule in KNOWN and ans.reason
        right = q.judge(g, sorted(ans.right) if q.multiple else next(iter(ans.right)))
        assert right.correct and right.rule == ans.rule


def test_a_wrong_answer_is_answered_with_the_clause_and_the_reason() -> None:
    g, q = at_question(LESSONS["03"], 1)  # Red rolls 2 against 2: equal loses
    choices = q.choice_texts(g)
    fb = q.judge(g, choices.index("a win"))
    assert not fb.correct and fb.rule == "xevious.ground-battle"
    assert "2 is not more than 2" in fb.reason and fb.right == {choices.index("a loss")}


def test_an_answer_is_computed_from_the_position_not_typed_in() -> None:
    """The same question at a position with another die rigged gets the other answer."""
    les = LESSONS["03"]
    step = les.steps[1]
    g = les.game_at(0)
    g.rig(die=[2, 3])  # the same battle, a 3 this time
    for a in step.actions:
        assert a is not None
    assert step.question is not None
    ans = step.question.answer(g)
    assert ans.right == {step.question.choice_texts(g).index("a win")} and "3 is more than 2" in ans.reason


def test_the_stop_question_lists_exactly_the_engine_stops() -> None:
    g, q = at_question(LESSONS["02"], 1)  # Red rolls 4 past a green space
    texts = q.choice_texts(g)
    ans = q.answer(g)
    picked = {texts[i] for i in ans.right}
    assert picked == {"area 1, space 4 (green space)", "area 1, space 5 (air-to-air battle (one enemy))"}
    fb = q.judge(g, [texts.index("area 1, space 4 (green space)")])
    assert not fb.correct and fb.rule == "xevious.green-stop"


def test_a_wrong_your_move_is_answered_with_the_clause() -> None:
    # xevious/06: Blue may catch up; rolling is legal but does not do what the step asks
    g, ym, scripted = at_your_move(LESSONS["06"], 1)
    assert isinstance(scripted, CatchUp)
    ok, rule, why = ym.judge(g, Roll(), scripted)
    assert not ok and rule == "xevious.catch-up" and "catch-up" in why
    assert ym.judge(g, CatchUp(), scripted)[0]
    # an illegal move is refused with the rules' own clause
    ok, rule, why = ym.judge(g, TryAgain(), scripted)
    assert not ok and rule == "xevious.blaster-mistake"
    # xevious/04: without the Extra Weapon the engine, playing ahead, sees the battle lost
    g, ym, scripted = at_your_move(LESSONS["04"], 3)
    ok, rule, why = ym.judge(g, Fire(False), scripted)
    assert not ok and rule == "xevious.weapon-boost" and "4 against 4" in why
    assert ym.judge(g, Fire(True), scripted)[0]


def test_a_your_move_accepts_any_move_that_does_what_the_step_asks() -> None:
    g, ym, scripted = at_your_move(LESSONS["02"], 2)  # fly Red on into area 2: only the entrance does
    stops = [a for a in g.legal_actions() if isinstance(a, StopAt)]
    verdicts = {a.step: ym.judge(g, a, scripted)[0] for a in stops}
    assert verdicts == {4: False, 6: True}
    g, ym, scripted = at_your_move(LESSONS["03"], 2)  # as Red, turn the enemy's card head-on
    heads = {a.heading: ym.judge(g, a, scripted)[0] for a in g.legal_actions()}
    assert heads == {"up": False, "right": False, "down": True, "left": False}


def test_failed_attempts_are_recognised_and_explained() -> None:
    # xevious/03: a lost air-to-ground battle
    les = LESSONS["03"]
    g, bots = les.handed_over()
    n0 = len(g.history)
    g.clear_rigs()
    g.rig(die=[1, 3])
    g.play(Roll())
    why = les.task.failure(g, events_since(g, n0))  # type: ignore[union-attr]
    assert why and "3 against 3" in why and "xevious.ground-battle" in why
    # xevious/02: Blue flies past the green space
    les = LESSONS["02"]
    g, bots = les.handed_over()
    n0 = len(g.history)
    g.play(Roll())  # the rigged 4 passes the green space
    g.play(g.legal_actions()[-1])  # ...and flies on
    why = les.task.failure(g, events_since(g, n0))  # type: ignore[union-attr]
    assert why and "xevious.move-forward" in why
    # xevious/06: Blue rolls into area 2 instead of catching up
    les = LESSONS["06"]
    g, bots = les.handed_over()
    n0 = len(g.history)
    for _ in range(40):  # Blue rolls (never catches up) until a roll carries it into area 2; the bot answers
        if g.raw_state.pilots[0].area >= 1:
            break
        legal = g.legal_actions()
        if g.current_player in bots:
            g.play(bots[g.current_player].choose(g, legal))
        elif Roll() in legal:
            g.rig(die=6)
            g.play(Roll())
        else:
            g.play(legal[-1])
    assert g.raw_state.pilots[0].area == 1 and not les.task.reached(g, events_since(g, n0))  # type: ignore[union-attr]
    why = les.task.failure(g, events_since(g, n0))  # type: ignore[union-attr]
    assert why and "xevious.catch-up" in why


def test_lesson_8_names_the_seats_without_a_player_called_you() -> None:
    les = LESSONS["08"]
    g = les.game_at(len(les.all_steps) - 1)
    assert "You" not in g.players
    assert les.players_text(g) == "You play Blue; a bot (sensible) plays Red and answers by itself."
