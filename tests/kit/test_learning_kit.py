"""The kit's learning contract (issue 20): tasks, questions, your-move steps and the mastery record.

Every check here runs on the tiny Pig game of tests/kit/pig.py; the games' own lessons are checked by
tests/test_lessons_contract.py and each game's test_learning.py.
"""

from __future__ import annotations

import dataclasses
import json
import math

import pytest

from tabletop.engine import Game, RandomBot
from tabletop.engine.lessons import (
    Answer,
    Fact,
    Lesson,
    Question,
    Step,
    StepError,
    Task,
    YourMove,
    check_learning,
    choice_of,
    events_since,
    stars,
)
from tabletop.engine.progress import (
    MASTERY_RIGHT,
    Progress,
    ProgressError,
    load_progress,
    parse_progress,
)

from .pig import Hold, PigRules, Roll


def new_pig() -> Game:
    return Game(PigRules(), seed=3)


def banked(g: Game, ev) -> bool:
    return any(e.rule == "pig.hold" for e in ev)


def may_hold(g: Game) -> Answer:
    ok = g.explain(Hold()) is None
    why = g.explain(Hold())
    return choice_of(["yes", "no"], "yes" if ok else "no",
                     "the pot holds points" if ok else why.reason, "pig.hold")


HOLD_Q = Question("May you hold now?", ["yes", "no"], may_hold)


def lesson(**kw) -> Lesson:
    steps = (
        Step("Roll", "Roll the die (`pig.roll`).", rig={"die": [4]}, actions=[Roll()], fires=("pig.roll",),
             facts=(Fact("the pot is 4", lambda g: g.state["pot"] == 4),), question=HOLD_Q),
        Step("Bank", "Hold and bank it (`pig.hold`).", rig={"die": [5]}, actions=[Roll(), Hold()],
             fires=("pig.hold",), facts=(Fact("seat 1 has 9", lambda g: g.state["scores"][0] == 9),),
             your_move=YourMove("Bank your pot.", ("pig.hold",))),
    )
    task = Task("Bank points once more", ("pig.hold",), banked, plan=[Roll(), Hold()],
                hints=("Holding banks the pot (`pig.hold`).", "Look at your pot.", "Roll, then hold."))
    base = Lesson("pig/01", "Pig", steps, new_pig, bots={1: RandomBot}, task=task)
    return dataclasses.replace(base, **kw)


def rigged_pig() -> Game:
    g = new_pig()
    g.rig(die=[4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6])
    return g


def test_a_sound_lesson_has_no_broken_promise():
    from tabletop.engine.lessons import check_lesson

    assert check_lesson(lesson(new_game=rigged_pig)) == []
    assert check_learning(lesson(new_game=rigged_pig), known_clauses=["pig.roll", "pig.hold", "pig.setup"]) == []


def test_missing_task_question_and_opponent_are_each_reported():
    bare = lesson(task=None, bots={})
    bare = dataclasses.replace(bare, steps=tuple(dataclasses.replace(s, question=None) for s in bare.steps))
    problems = " | ".join(check_learning(bare))
    assert "the hand-over has no task" in problems
    assert "no opponent" in problems
    assert "no step asks a question" in problems
    assert not any("no opponent" in p for p in check_learning(dataclasses.replace(bare, hot_seat=True)))


def test_a_goal_already_reached_at_the_hand_over_is_caught():
    always = dataclasses.replace(lesson().task, check=lambda g, ev: True)
    assert any("already reached" in p for p in check_learning(lesson(task=always, new_game=rigged_pig)))


def test_the_solution_stops_where_the_goal_is_first_reached():
    early = dataclasses.replace(lesson().task, check=lambda g, ev: g.state["pot"] > 0 or banked(g, ev),
                                plan=[Roll(), Hold()])
    les = lesson(task=early, new_game=rigged_pig)
    start, bots = les.handed_over()
    assert [str(a) for a in early.solution(start, bots)] == ["roll the die"]
    assert early.par_for(start, les.handed_over()[1]) == 1
    assert check_learning(les) == []


def test_a_plan_that_never_gets_there_is_caught():
    never = dataclasses.replace(lesson().task, check=lambda g, ev: False, plan=[Roll()])
    assert any("no move left" in p for p in check_learning(lesson(task=never, new_game=rigged_pig)))


def test_the_solution_includes_the_bots_replies_and_replays():
    les = lesson(new_game=rigged_pig)
    start, bots = les.handed_over()
    sol = les.task.solution(start, bots)
    g, _ = les.handed_over()
    n0 = len(g.history)
    for a in sol:
        g.play(a)
    assert les.task.reached(g, events_since(g, n0))
    assert les.task.par_for(start, les.handed_over()[1]) == 2  # roll, hold: the learner's own moves


def test_a_question_needs_engine_answers_in_range():
    bad = Question("?", ["yes", "no"], lambda g: Answer(frozenset({5}), "because", "pig.hold"))
    les = lesson(new_game=rigged_pig)
    les = dataclasses.replace(les, steps=(dataclasses.replace(les.steps[0], question=bad), les.steps[1]))
    assert any("not among the 2 choices" in p for p in check_learning(les))


def test_question_feedback_names_the_clause_and_the_reason():
    g = new_pig()  # nothing in the pot: holding is refused
    right = HOLD_Q.judge(g, 1)
    wrong = HOLD_Q.judge(g, 0)
    assert right.correct and not wrong.correct
    assert wrong.rule == "pig.hold" and "nothing in the pot" in wrong.reason
    with pytest.raises(ValueError):
        HOLD_Q.judge(g, 2)
    with pytest.raises(ValueError):
        HOLD_Q.judge(g, [0, 1])  # one choice only


def test_your_move_accepts_the_intent_and_explains_the_rest():
    g = new_pig()
    g.rig(die=[5])
    g.play(Roll())
    ym = YourMove("Bank your pot.", ("pig.hold",))
    assert ym.judge(g, Hold(), Hold())[0] is True
    ok, rule, why = ym.judge(g, Roll(), Hold())
    assert not ok and rule == "pig.hold" and "hold and bank the pot" in why
    fresh = new_pig()
    ok, rule, why = ym.judge(fresh, Hold(), Hold())  # refused by the rules: their clause and words
    assert not ok and rule == "pig.hold" and "nothing in the pot" in why
    custom = YourMove("Do anything legal.", ("pig.roll",), accept=lambda gg, a: True)
    assert custom.judge(g, Roll(), Hold())[0] is True


def test_prelude_stops_before_the_asked_move():
    step = lesson().steps[1]
    g = lesson().game_at(0)
    rest = step.prelude(g, -1)
    assert [str(a) for a in rest] == ["hold and bank the pot"] and g.state["pot"] == 9
    with pytest.raises(StepError):
        step.prelude(lesson().game_at(0), 5)


def test_players_text_says_who_plays_whom():
    g = new_pig()
    assert "You play" in lesson().players_text(g) and "bot" in lesson().players_text(g)
    assert "hot seat" in lesson(bots={}).players_text(g)


@pytest.mark.parametrize(("moves", "par", "hints", "want"), [
    (2, 2, 0, 3), (3, 2, 0, 2), (4, 2, 0, 2), (5, 2, 0, 1), (2, 2, 1, 2), (2, 2, 5, 1), (0, 0, 0, 3), (3, 0, 0, 1)])
def test_stars(moves, par, hints, want):
    assert stars(moves, par, hints) == want


def test_stars_refuses_negative_counts():
    with pytest.raises(ValueError):
        stars(-1, 2)


# -- the mastery record ------------------------------------------------------------------------------------------
def test_states_go_new_seen_practised_mastered():
    p = Progress()
    assert p.state("pig.hold") == "new"
    p.see(["pig.hold"], 10.0)
    assert p.state("pig.hold") == "seen"
    p.attempt(["pig.hold"], False, 11.0)
    assert p.state("pig.hold") == "practised"
    for k in range(MASTERY_RIGHT):
        p.attempt(["pig.hold"], True, 12.0 + k)
    assert p.state("pig.hold") == "mastered"
    p.attempt(["pig.hold"], False, 20.0)
    assert p.state("pig.hold") == "practised"  # the latest attempt was wrong


def test_review_order_is_longest_ago_first_and_only_passed_clauses():
    p = Progress()
    p.attempt(["pig.win"], True, 30.0)
    p.attempt(["pig.hold"], True, 10.0)
    p.attempt(["pig.roll"], False, 5.0)
    assert p.review_order() == ["pig.hold", "pig.win"]
    assert p.review_order(["pig.win", "pig.roll"]) == ["pig.win"]


def test_record_round_trips_through_json():
    p = Progress()
    p.see(["zaxxon.radar-barrier"], 1.5)
    p.attempt(["zaxxon.radar-barrier", "zaxxon.dogfight"], True, 2.5)
    back, why = load_progress(json.loads(json.dumps(p.to_json())))
    assert why is None and back.to_json() == p.to_json()


GOOD = {"format": "tabletop-progress", "version": 1, "clauses": {
    "pig.hold": {"seen": 1.0, "tries": 2, "right": 1, "streak": 1, "last": 3.0, "last_right": 3.0}}}


def _with(**rec):
    d = json.loads(json.dumps(GOOD))
    d["clauses"]["pig.hold"].update(rec)
    return d


@pytest.mark.parametrize(("data", "says"), [
    ([1, 2], "JSON object"),
    ({"format": "other"}, "not a Tabletop Arcade progress record"),
    ({**GOOD, "version": 9}, "version 9"),
    ({**GOOD, "extra": 1}, "unknown field 'extra'"),
    ({**GOOD, "clauses": []}, "'clauses'"),
    ({**GOOD, "clauses": {"<script>": GOOD["clauses"]["pig.hold"]}}, "not a clause id"),
    (_with(tries=-1), "tries"),
    (_with(tries=True), "tries"),
    (_with(tries=1.5), "tries"),
    (_with(seen=math.inf), "seen"),
    (_with(right=5), "more right attempts"),
    ({**GOOD, "clauses": {"pig.hold": {"seen": 1}}}, "exactly the fields"),
])
def test_a_bad_record_is_refused_with_the_field_and_replaced(data, says):
    with pytest.raises(ProgressError, match=says):
        parse_progress(data)
    fresh, why = load_progress(data)
    assert fresh.clauses == {} and why is not None and "replaced by a fresh record" in why


def test_nothing_stored_yet_is_not_a_complaint():
    for empty in (None, "", {}):
        assert load_progress(empty) == (Progress(), None)


def test_recording_an_invalid_clause_id_is_refused():
    with pytest.raises(ProgressError):
        Progress().see(["not a clause"], 1.0)
