"""Issue 20, the walkthrough's side: questions before the reveal, "your move" steps, the hand-over's task, and
the mastery they record. Everything is driven through the panel's and the board's messages (what the browser
sends), on the Pig test game with a lesson that has a task, a question and a your-move step."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tabletop.engine import Game, RandomBot
from tabletop.engine.lessons import (
    Answer,
    Fact,
    Lesson,
    Question,
    Step,
    Task,
    YourMove,
    check_learning,
    choice_of,
    events_since,
    stars,
)
from tabletop.ui import Walkthrough
from tabletop.ui.walkthrough import next_lesson
from tests.kit.pig import Hold, PigRules, Roll, Say
from tests.ui.conftest import browser_message
from tests.ui.pigboard import PigBoard


class Recorder:
    """A stand-in for the progress store: what the walkthrough recorded, in order."""

    def __init__(self) -> None:
        self.log: list[tuple[Any, ...]] = []

    def see(self, clauses: Any) -> None:
        self.log.append(("see", tuple(clauses)))

    def attempt(self, clauses: Any, right: bool, kind: str) -> None:
        self.log.append(("attempt", tuple(clauses), right, kind))

    def attempts(self, kind: str) -> list[tuple[tuple[str, ...], bool]]:
        return [(e[1], e[2]) for e in self.log if e[0] == "attempt" and e[3] == kind]


def rigged_pig() -> Game[Any]:
    g = Game(PigRules(), seed=3)
    g.rig(die=[4, 5] + [6] * 30)  # the lesson's rolls, then sixes: the hand-over is the same every time
    return g


def may_hold(g: Game[Any]) -> Answer:
    why = g.explain(Hold())
    return choice_of(["yes", "no"], "no" if why else "yes", why.reason if why else "the pot holds points",
                     "pig.hold")


def legal_now(g: Game[Any]) -> Answer:
    texts = ["roll the die", "hold and bank the pot", "say hello"]
    legal = {str(a) for a in g.legal_actions()}
    return choice_of(texts, [t for t in texts if t in legal], "the pot has points: you may roll on or bank them",
                     "pig.hold")


def banked(g: Game[Any], ev: Any) -> bool:
    return any(e.rule == "pig.hold" and e.player == 0 for e in ev)  # the learner's bank, not the bot's


def pot_lost(g: Game[Any], ev: Any) -> str | None:
    if any(e.rule == "pig.roll" and e.data.get("value") == 1 for e in ev):
        return "You rolled a 1: the pot is lost (`pig.roll`), so nothing can be banked this turn."
    return None


TASK = Task("Bank points once more", ("pig.hold",), banked, plan=[Roll(), Hold()],
            hints=("Holding banks the pot (`pig.hold`).", "Look at your pot.", lambda g: f"Pot {g.state['pot']}: "
                   "roll, then hold."),
            success="Holding banked the pot (`pig.hold`).", fail=pot_lost)

STEPS = (
    Step("Roll", "Roll the die (`pig.roll`).", rig={"die": [4]}, actions=[Roll()], fires=("pig.roll",),
         facts=(Fact("the pot is 4", lambda g: g.state["pot"] == 4),),
         question=Question("May you hold now?", ["yes", "no"], may_hold)),
    Step("Choices", "You may roll or hold (`pig.hold`).", facts=(Fact("the pot is 4", lambda g: g.state["pot"] == 4),),
         question=Question("Which moves are legal now?", ["roll the die", "hold and bank the pot", "say hello"],
                           legal_now, multiple=True)),
    Step("Bank", "Roll a 5, then hold and bank 9 (`pig.hold`).", rig={"die": [5]}, actions=[Roll(), Hold()],
         fires=("pig.hold",), facts=(Fact("seat 1 has 9", lambda g: g.state["scores"][0] == 9),),
         your_move=YourMove("Bank your pot.", ("pig.hold",))),
)


def make_lesson(**kw: Any) -> Lesson:
    base = Lesson("pig/01", "Pig", STEPS, rigged_pig, bots={1: RandomBot}, task=TASK, notebook="01_pig.ipynb")
    return dataclasses.replace(base, **kw)


NEXT = Lesson("pig/02", "Pig, again", STEPS[:1], rigged_pig, bots={1: RandomBot}, task=TASK,
              notebook="02_pig_again.ipynb")


def walk(**kw: Any) -> tuple[Walkthrough, Recorder]:
    rec = Recorder()
    les = kw.pop("lesson", None) or make_lesson()
    w = Walkthrough(les, board=PigBoard, progress=rec, lessons={"01": les, "02": NEXT}, **kw)
    return w, rec


def panel(w: Walkthrough, **msg: Any) -> None:
    browser_message(w.panel, {**msg, "version": w.panel.version})


def click(w: Walkthrough, action: Any) -> None:
    browser_message(w.board, {"type": "act", "id": action.key, "version": w.board.version})


def position_before(les: Lesson, k: int, n: int | None) -> Game[Any]:
    g = les.game_at(k - 1) if k else les.new_game()
    les.steps[k].prelude(g, n)
    return g


def test_the_test_lesson_keeps_the_engine_contract() -> None:
    assert check_learning(make_lesson(), known_clauses=["pig.setup", "pig.roll", "pig.hold", "pig.win"]) == []


# -- questions before the reveal -------------------------------------------------------------------------------
def test_a_question_is_asked_at_its_position_before_the_reveal() -> None:
    w, rec = walk()
    les = make_lesson()
    assert w.step == 0 and w.phase == "question" and w.panel.phase == "question"
    assert w.game.digest() == position_before(les, 0, 0).digest() and w.game.state["pot"] == 0
    assert not w.board.interactive and "a question first" in w.board.notice
    q = w.panel.question
    assert "May you hold now?" in q["prompt"] and q["choices"] == ["yes", "no"] and q["multiple"] is False
    assert q["feedback"] is None
    panel(w, type="reveal")  # Next: the step's outcome, the question stays above it
    assert w.phase == "shown" and w.game.digest() == les.game_at(0).digest() and w.game.state["pot"] == 4
    assert w.panel.question["choices"] == ["yes", "no"]
    assert rec.attempts("question") == []  # skipping is not an answer


def test_a_wrong_answer_is_told_with_the_clause_and_the_reason_and_recorded() -> None:
    w, rec = walk()
    digest = w.game.digest()
    panel(w, type="answer", picked=[0])  # "yes": but the pot is empty
    fb = w.panel.question["feedback"]
    assert fb["correct"] is False and fb["rule"] == "pig.hold" and fb["title"] == "Hold"
    assert "nothing in the pot" in fb["reason"] and fb["right"] == [1] and fb["picked"] == [0]
    assert rec.attempts("question") == [(("pig.hold",), False)]
    assert w.game.digest() == digest and w.phase == "question"  # answering changes no position
    panel(w, type="answer", picked=[1])  # answered once: refused, nothing recorded
    assert w.panel.error["rule"] == "ui.question" and rec.attempts("question") == [(("pig.hold",), False)]


def test_a_right_answer_and_a_multiple_choice_question() -> None:
    w, rec = walk()
    panel(w, type="answer", picked=[1])
    assert w.panel.question["feedback"]["correct"] is True and rec.attempts("question") == [(("pig.hold",), True)]
    panel(w, type="reveal")
    panel(w, type="goto", step=1)
    assert w.phase == "question" and w.panel.question["multiple"] is True
    panel(w, type="answer", picked=[0])  # only one of the two legal moves: not right
    fb = w.panel.question["feedback"]
    assert fb["correct"] is False and fb["right"] == [0, 1]
    w.goto(1, "question")
    panel(w, type="answer", picked=[1, 0])
    assert w.panel.question["feedback"]["correct"] is True
    assert [r for _, r in rec.attempts("question")] == [True, False, True]


def test_answers_from_the_browser_are_validated_and_change_nothing() -> None:
    w, rec = walk()
    before = (w.game.digest(), w.panel.question)
    for bad in (None, "1", [True], [2], [-1], [0, 0], [0, 1], [], [0.5], {"0": 1}):
        panel(w, type="answer", picked=bad)
        assert w.panel.error["rule"] == "ui.message" and "picked" in w.panel.error["reason"], bad
    browser_message(w.panel, {"type": "answer", "picked": [1], "version": w.panel.version - 1})
    assert w.panel.error["rule"] == "ui.stale"
    assert (w.game.digest(), w.panel.question) == before and rec.attempts("question") == []
    panel(w, type="reveal")
    panel(w, type="answer", picked=[1])  # no question is waiting now
    assert w.panel.error["rule"] == "ui.question"
    panel(w, type="reveal")
    assert w.panel.error["rule"] == "ui.question" and w.step == 0


def test_going_back_shows_a_revealed_step_without_asking_again() -> None:
    w, _ = walk()
    panel(w, type="reveal")
    panel(w, type="goto", step=1)
    assert w.phase == "question"
    panel(w, type="goto", step=0)
    assert w.phase == "shown" and w.game.state["pot"] == 4


# -- your move -------------------------------------------------------------------------------------------------
def to_your_move(w: Walkthrough) -> None:
    w.goto(2)
    assert w.phase == "your-move"


def test_a_your_move_step_hands_the_board_over_for_its_last_action() -> None:
    w, _ = walk()
    to_your_move(w)
    les = make_lesson()
    assert w.game.digest() == position_before(les, 2, -1).digest() and w.game.state["pot"] == 9
    assert w.board.interactive and w.board.bots == {} and not w.board.auto_bots
    assert "your move" in w.board.notice and "Bank your pot." in w.panel.your_move["prompt"]
    assert [c["id"] for c in w.panel.your_move["clauses"]] == ["pig.hold"]
    browser_message(w.board, {"type": "undo", "version": w.board.version})  # cannot undo into the lesson
    assert w.board.error["rule"] == "ui.undo" and w.game.state["pot"] == 9


def test_a_legal_move_that_is_not_asked_for_is_explained_and_taken_back() -> None:
    w, rec = walk()
    to_your_move(w)
    digest = w.game.digest()
    click(w, Roll())
    fb = w.panel.your_move["feedback"]
    assert fb["accepted"] is False and fb["rule"] == "pig.hold" and fb["action"] == "roll the die"
    assert "hold and bank the pot" in fb["reason"]
    assert w.game.digest() == digest and len(w.game.history) == len(position_before(make_lesson(), 2, -1).history)
    assert w.phase == "your-move" and w.board.interactive and w.panel.your_move["tries"] == 1
    assert rec.attempts("your-move") == [(("pig.hold",), False)]


def test_a_refused_move_is_explained_with_the_rules_clause() -> None:
    w, rec = walk()
    to_your_move(w)
    digest = w.game.digest()
    click(w, Say("hello"))
    fb = w.panel.your_move["feedback"]
    assert fb["accepted"] is False and fb["refused"] and fb["rule"] == "pig.talk"
    assert "talking is not a move" in fb["reason"] and fb["title"] == "No talking"
    assert w.game.digest() == digest and rec.attempts("your-move") == [(("pig.hold",), False)]
    browser_message(w.board, {"type": "act", "id": Roll().key, "version": w.board.version - 3})  # stale: no try
    assert w.board.error["rule"] == "ui.stale" and len(rec.attempts("your-move")) == 1


def test_the_asked_for_move_is_accepted_and_the_step_goes_on_to_its_outcome() -> None:
    w, rec = walk()
    to_your_move(w)
    click(w, Hold())
    assert w.phase == "shown" and w.step == 2
    assert w.game.digest() == make_lesson().game_at(2).digest() and w.game.state["scores"][0] == 9
    fb = w.panel.your_move["feedback"]
    assert fb["accepted"] is True and fb["rule"] == "pig.hold" and w.panel.your_move["done"]
    assert not w.board.interactive and rec.attempts("your-move") == [(("pig.hold",), True)]
    assert ("see", ("pig.hold",)) in rec.log  # the step shown: its clause seen


def test_an_accept_test_takes_any_move_that_fulfils_the_intent_and_the_lesson_keeps_its_own() -> None:
    steps = (*STEPS[:2], dataclasses.replace(STEPS[2], your_move=YourMove(
        "Make any move.", ("pig.roll",), accept=lambda g, a: True)))
    w, rec = walk(lesson=make_lesson(steps=steps))
    to_your_move(w)
    click(w, Roll())
    assert w.phase == "shown" and w.game.digest() == make_lesson().game_at(2).digest()
    assert "its own move, hold and bank the pot" in w.panel.your_move["note"]
    assert rec.attempts("your-move") == [(("pig.roll",), True)]


def test_show_me_plays_the_steps_own_move() -> None:
    w, rec = walk()
    to_your_move(w)
    panel(w, type="show_me")
    assert w.phase == "shown" and w.game.digest() == make_lesson().game_at(2).digest()
    assert w.game.history[-1].action == Hold() and "Shown: hold and bank the pot" in w.panel.your_move["note"]
    assert rec.attempts("your-move") == []  # shown, not done by the learner
    panel(w, type="show_me")
    assert w.panel.error["rule"] == "ui.your-move"


# -- the task at the hand-over ---------------------------------------------------------------------------------
def to_hand_over(w: Walkthrough) -> tuple[Game[Any], int]:
    w.your_turn()
    les = make_lesson()
    start, _bots = les.handed_over()
    assert w.game.digest() == start.digest() and w.phase == "shown"
    return start, len(start.history)


def test_the_hand_over_shows_the_goal_and_who_plays_whom() -> None:
    w, _ = walk()
    to_hand_over(w)
    tk = w.panel.task
    assert "Bank points once more" in tk["goal"] and tk["status"] == "playing" and tk["moves"] == 0
    assert tk["players"] == make_lesson().players_text(w.game) and "a bot (random) plays Player 2" in tk["players"]
    assert [c["id"] for c in tk["clauses"]] == ["pig.hold"] and tk["hints"] == [] and tk["hints_total"] == 3 + 1  # the task's 3, then the strong player's moves
    start, bots = make_lesson().handed_over()
    assert tk["par"] == TASK.par_for(start, bots) == 2
    assert tk["next"] == {"id": "pig/02", "title": "Pig, again", "notebook": "02_pig_again.ipynb"}


def test_replaying_the_solution_by_clicking_completes_the_task_exactly_at_its_end() -> None:
    w, rec = walk()
    start, n0 = to_hand_over(w)
    les = make_lesson()
    sol = TASK.solution(start, les.handed_over()[1])
    mine = [a for a in sol if a in (Roll(), Hold())]
    for i, a in enumerate(sol):
        if w.game.current_player in w.board.bots:
            assert w.game.history[-1].action is not None  # the board's bot answered by itself
            continue
        assert w.panel.task["status"] == "playing", f"done before the solution's end (action {i + 1})"
        click(w, a)
    assert len(mine) >= 2
    tk = w.panel.task
    assert tk["status"] == "done" and TASK.reached(w.game, events_since(w.game, n0))
    assert tk["moves"] == 2 and tk["stars"] == stars(2, 2, 0) == 3
    assert "Holding banked the pot" in tk["success"] and "<code>pig.hold</code>" in tk["success"]
    assert rec.attempts("task") == [(("pig.hold",), True)]


def test_hints_come_in_order_and_each_costs_a_star() -> None:
    w, rec = walk()
    to_hand_over(w)
    panel(w, type="hint")
    panel(w, type="hint")
    assert [h.split("</p>")[0] for h in w.panel.task["hints"]] == [
        "<p>Holding banks the pot (<code>pig.hold</code>).", "<p>Look at your pot."]
    panel(w, type="hint")
    assert "Pot 0: roll, then hold." in w.panel.task["hints"][2]  # written from the position
    assert w.panel.task["strong"] is None
    panel(w, type="hint")  # the last rung: the strong player's moves (tests/kit/test_strong_hint.py checks them)
    assert "strong player" in w.panel.task["hints"][3] and w.panel.task["strong"]["index"] == 3
    panel(w, type="hint")
    assert w.panel.error["rule"] == "ui.task" and "all 4 hints" in w.panel.error["reason"]
    click(w, Roll())
    click(w, Hold())
    tk = w.panel.task
    assert tk["status"] == "done" and tk["stars"] == stars(2, 2, 4) == 1
    panel(w, type="hint")
    assert w.panel.error["rule"] == "ui.task" and "done" in w.panel.error["reason"]


def test_more_moves_than_par_get_fewer_stars() -> None:
    w, _ = walk()
    to_hand_over(w)
    for a in (Roll(), Roll(), Roll(), Hold()):
        click(w, a)
    assert w.panel.task["status"] == "done" and w.panel.task["moves"] == 4 and w.panel.task["stars"] == 2


def test_a_failed_attempt_is_explained_recorded_once_and_try_again_restores_the_hand_over() -> None:
    w, rec = walk()
    start, _ = to_hand_over(w)
    w.board.clear_rigs("die")
    w.board.rig(die=[1])
    click(w, Roll())
    tk = w.panel.task
    assert tk["status"] == "failed" and "the pot is lost" in tk["failure"]
    assert rec.attempts("task") == [(("pig.hold",), False)]
    for a in w.game.legal_actions()[:1]:  # playing on does not record the same failure again
        click(w, a)
    assert rec.attempts("task") == [(("pig.hold",), False)]
    panel(w, type="retry")
    assert w.game.digest() == start.digest() and w.panel.task["status"] == "playing"
    assert w.panel.task["moves"] == 0 and w.panel.task["hints"] == []
    click(w, Roll())
    click(w, Hold())
    assert w.panel.task["status"] == "done" and rec.attempts("task")[-1] == (("pig.hold",), True)


def test_a_game_that_ends_before_the_goal_fails_the_task() -> None:
    never = dataclasses.replace(TASK, check=lambda g, ev: False, fail=None)
    les = make_lesson(task=never)
    w, rec = walk(lesson=les)
    w.your_turn()
    w.board.clear_rigs("die")
    w.board.rig(die=[6] * 5)
    for _ in range(5):
        click(w, Roll())
    click(w, Hold())  # 9 + 30 >= 20: Player 1 wins, and the goal was never reached
    assert w.game.is_over and w.panel.task["status"] == "failed"
    assert "The game ended (Player 1 won)" in w.panel.task["failure"]
    assert rec.attempts("task") == [(("pig.hold",), False)]


def test_task_messages_are_refused_away_from_the_hand_over() -> None:
    w, rec = walk()
    for kind in ("hint", "retry"):
        panel(w, type=kind)
        assert w.panel.error["rule"] == "ui.task", kind
    assert w.step == 0 and rec.attempts("task") == []
    plain, _ = walk(lesson=make_lesson(task=None))
    plain.your_turn()
    assert plain.panel.task == {}
    panel(plain, type="hint")
    assert plain.panel.error["rule"] == "ui.task"


def test_the_last_lesson_has_no_next_lesson_and_the_registry_order_decides() -> None:
    les = make_lesson()
    assert next_lesson(les, {"01": les, "02": NEXT})["id"] == "pig/02"
    assert next_lesson(NEXT, {"01": les, "02": NEXT}) is None
    assert next_lesson(les, None) is None and next_lesson(les, {"02": NEXT}) is None
    from tabletop.xevious.lessons import LESSONS

    first, second = list(LESSONS.values())[:2]
    assert next_lesson(first, LESSONS)["id"] == second.id


# -- mastery in the real store ---------------------------------------------------------------------------------
def test_the_walkthrough_records_into_the_progress_store() -> None:
    from tabletop.ui.progress import ProgressStore

    store = ProgressStore()
    les = make_lesson()
    w = Walkthrough(les, board=PigBoard, progress=store, lessons={"01": les})
    assert store in w.children  # displayed with the lesson, so the browser's record is loaded and saved
    panel(w, type="answer", picked=[1])
    panel(w, type="reveal")
    assert store.state("pig.roll") == "seen"
    w.goto(2)
    click(w, Hold())
    w.your_turn()
    click(w, Roll())
    click(w, Hold())
    assert w.panel.task["status"] == "done"
    kinds = [(a.kind, a.right) for a in store.attempts]
    assert kinds == [("question", True), ("your-move", True), ("task", True)]
    assert store.state("pig.hold") in ("practised", "mastered")


def test_a_failing_store_never_breaks_the_lesson() -> None:
    class Broken(Recorder):
        def attempt(self, clauses: Any, right: bool, kind: str) -> None:
            raise RuntimeError("disk full")

    w = Walkthrough(make_lesson(), board=PigBoard, progress=Broken(), lessons={})
    panel(w, type="answer", picked=[1])
    assert w.panel.question["feedback"]["correct"] and w.panel.error is None
    with pytest.raises(TypeError, match="see"):
        Walkthrough(make_lesson(), board=PigBoard, progress=object())


# -- the "Next lesson" link, computed in the browser from its own address ----------------------------------------
@pytest.mark.skipif(__import__("shutil").which("node") is None, reason="node is not installed")
def test_next_lesson_link_works_in_jupyterlab_voila_and_jupyterlite(tmp_path: Any) -> None:
    import json
    import subprocess

    from tabletop.ui import _bundle as bundle

    cases = [
        {"pathname": "/lab/tree/notebooks/zaxxon/05_x.ipynb", "search": "", "hash": ""},
        {"pathname": "/user/ann/lab/tree/notebooks/zaxxon/05_x.ipynb", "search": "?reset", "hash": ""},
        {"pathname": "/voila/render/notebooks/zaxxon/05_x.ipynb", "search": "", "hash": ""},
        {"pathname": "/site/lab/index.html", "search": "?path=zaxxon/05_x.ipynb", "hash": ""},
        {"pathname": "/site/notebooks/index.html", "search": "?path=notebooks%2Fzaxxon%2F05_x.ipynb&kernel=py",
         "hash": ""},
        {"pathname": "/lab/tree/my%20notes/05_x.ipynb", "search": "", "hash": ""},
        {"pathname": "/lab", "search": "", "hash": ""},
    ]
    code = (f"const cases = {json.dumps(cases)};\n"
            "console.log(JSON.stringify(cases.map((c) => ttSiblingNotebook('06_radar barrier.ipynb', c)).concat("
            "[ttSiblingNotebook('not-a-notebook', cases[0])])));")
    path = tmp_path / "walk_test.mjs"
    path.write_text(bundle.read("kit.js") + "\n" + bundle.read("walkthrough.js") + "\n" + code)
    res = subprocess.run(["node", str(path)], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout) == [
        "/lab/tree/notebooks/zaxxon/06_radar%20barrier.ipynb",
        "/user/ann/lab/tree/notebooks/zaxxon/06_radar%20barrier.ipynb",
        "/voila/render/notebooks/zaxxon/06_radar%20barrier.ipynb",
        "/site/lab/index.html?path=zaxxon%2F06_radar+barrier.ipynb",
        "/site/notebooks/index.html?path=notebooks%2Fzaxxon%2F06_radar+barrier.ipynb&kernel=py",
        "/lab/tree/my%20notes/06_radar%20barrier.ipynb",
        None, None]


def test_a_new_game_or_set_up_position_at_the_hand_over_pauses_the_task() -> None:
    w, rec = walk(teacher=True)
    start, _ = to_hand_over(w)
    browser_message(w.board, {"type": "teacher", "op": "teaching", "id": "close-race", "version": w.board.version})
    assert w.panel.task["status"] == "off" and "Try again" in w.panel.task["note"]
    w.board.rig(die=[5])
    click(w, Roll())
    click(w, Hold())  # banking in the teaching position is not the lesson's task
    assert w.game.state["scores"][0] == 30 and w.game.is_over
    assert w.panel.task["status"] == "off" and rec.attempts("task") == []
    panel(w, type="retry")
    assert w.game.digest() == start.digest() and w.panel.task["status"] == "playing"


def test_the_static_picture_names_the_questions_your_moves_and_the_task() -> None:
    w, _ = walk()
    page = w.static_html()
    assert "Question first:</i> May you hold now?" in page and "Your move:</i> Bank your pot." in page
    assert "Your task:</b> Bank points once more <code>pig.hold</code>" in page
