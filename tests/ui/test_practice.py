"""Practice, Python side (fake comm), with a toy practice module for the Pig test game and the real games' ones:
the board shows each item's position read-only, answers are judged by the engine and recorded (kind practice /
review), review re-asks passed clauses longest-ago first, bad messages are refused and change nothing."""

from __future__ import annotations

import random
import types
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from tabletop.engine import Game
from tabletop.engine.lessons import Question, choice_of
from tabletop.engine.practice import PracticeItem
from tabletop.ui.practice import Practice
from tabletop.ui.progress import ProgressStore
from tests.kit.pig import PigRules, Roll
from tests.ui.conftest import browser_message
from tests.ui.pigboard import PigBoard

CHOICES = ("only roll", "roll or hold")


def _may_hold(g: Game[Any]) -> Any:
    can = any(type(a).__name__ == "Hold" for a in g.legal_actions())
    return choice_of(CHOICES, CHOICES[1] if can else CHOICES[0],
                     f"the pot holds {g.state['pot']}: " + ("you may hold it" if can else "nothing to hold"),
                     "pig.hold")


def _score(g: Game[Any]) -> Any:
    s = g.state["scores"][0]
    opts = [str(s), str(s + 1)]
    return choice_of(opts, str(s), "the score is what was banked", "pig.roll")


HOLD_Q = Question("What may the player do now?", CHOICES, _may_hold)
SCORE_Q = Question("What is seat 1's score?", lambda g: [str(g.state["scores"][0]), str(g.state["scores"][0] + 1)],
                   _score)


def toy_practice(seed: int, clauses: Sequence[str] | None = None) -> Iterator[PracticeItem]:
    wanted = list(clauses) if clauses is not None else ["pig.hold", "pig.roll"]
    for c in wanted:
        if c not in ("pig.hold", "pig.roll"):
            raise ValueError(f"cannot practise {c}")
    rng = random.Random(seed)
    i = 0
    while True:
        g = Game(PigRules(), seed=rng.randrange(1000))
        for _ in range(rng.randint(0, 4)):
            if not g.is_over:
                g.play(Roll())
        clause = wanted[i % len(wanted)]
        i += 1
        yield PracticeItem(clause, g.fork(), HOLD_Q if clause == "pig.hold" else SCORE_Q)


TOY = types.SimpleNamespace(practice=toy_practice, COVERED=("pig.hold", "pig.roll"),
                            NOT_COVERED={"pig.setup": "x", "pig.win": "y", "pig.talk": "z"})
PIG = types.SimpleNamespace(__name__="tests.kit.pig", Rules=PigRules,
                            new_game=lambda seed=None: Game(PigRules(), seed=seed))


def loaded_store() -> ProgressStore:
    t = [1000.0]

    def clock() -> float:
        t[0] += 10
        return t[0]

    store = ProgressStore(clock=clock)
    browser_message(store, {"type": "loaded", "record": None, "version": 0})
    return store


def make(review: bool = False, store: ProgressStore | None = None, seed: int = 0) -> Practice:
    return Practice(PIG, seed=seed, review=review, store=store or loaded_store(), module=TOY, board=PigBoard)


def right_index(p: Practice) -> int:
    assert p.item is not None
    return min(p.item.question.answer(p.item.game).right)


def test_the_board_shows_the_question_position_read_only() -> None:
    p = make()
    assert p.item is not None and p.panel.item["n"] == 1
    assert p.board.game.state == p.item.game.state and p.board.game is not p.item.game
    assert not p.board.interactive
    assert p.panel.item["prompt"] == "What may the player do now?" and p.panel.item["choices"] == list(CHOICES)
    assert p.panel.item["clause"] == "pig.hold" and p.panel.item["clause_title"] == "Hold"
    assert p.children == (p.store, p.panel, p.board)


def test_a_right_answer_is_recorded_and_explained_with_the_clause() -> None:
    p = make()
    browser_message(p.panel, {"type": "answer", "item": 1, "picked": [right_index(p)], "version": p.panel.version})
    fb = p.panel.feedback
    assert fb["correct"] and fb["rule"] == "pig.hold" and fb["rule_title"] == "Hold" and "pot holds" in fb["reason"]
    assert p.store.attempts[-1].kind == "practice" and p.store.attempts[-1].clauses == ("pig.hold",)
    assert p.store.progress.clauses["pig.hold"].right == 1
    assert p.panel.score == {"asked": 1, "answered": 1, "right": 1}


def test_a_wrong_answer_is_answered_with_the_right_clause_and_the_right_choice() -> None:
    p = make()
    wrong = 1 - right_index(p)
    browser_message(p.panel, {"type": "answer", "item": 1, "picked": [wrong], "version": p.panel.version})
    fb = p.panel.feedback
    assert not fb["correct"] and fb["rule"] == "pig.hold" and fb["picked"] == [wrong]
    assert fb["right"] == [right_index(p)]
    assert p.store.progress.clauses["pig.hold"].tries == 1 and p.store.progress.clauses["pig.hold"].right == 0


def test_next_question_moves_on_and_answering_twice_is_refused() -> None:
    p = make()
    browser_message(p.panel, {"type": "answer", "item": 1, "picked": [0], "version": p.panel.version})
    tries = p.store.progress.clauses["pig.hold"].tries
    browser_message(p.panel, {"type": "answer", "item": 1, "picked": [1], "version": p.panel.version})
    assert "answered already" in p.panel.error["reason"] and p.store.progress.clauses["pig.hold"].tries == tries
    browser_message(p.panel, {"type": "next", "version": p.panel.version})
    assert p.panel.item["n"] == 2 and p.panel.item["clause"] == "pig.roll" and p.panel.feedback is None
    assert p.board.game.state == p.item.game.state  # type: ignore[union-attr]


def test_the_same_seed_gives_the_same_questions() -> None:
    a, b = make(seed=3), make(seed=3)
    for _ in range(4):
        assert a.board.game.state == b.board.game.state and a.panel.item == b.panel.item
        a.next()
        b.next()


BAD: list[Any] = [None, 5, "answer", {"type": "guess", "version": 1}, {"type": "answer"},
                  {"type": "answer", "version": 1, "item": 1, "picked": 0},
                  {"type": "answer", "version": 1, "item": 1, "picked": []},
                  {"type": "answer", "version": 1, "item": 1, "picked": [7]},
                  {"type": "answer", "version": 1, "item": 1, "picked": [True]},
                  {"type": "answer", "version": 1, "item": 1, "picked": [0, 1]},
                  {"type": "answer", "version": 1, "item": 1, "picked": ["0"]},
                  {"type": "answer", "version": 1, "item": 9, "picked": [0]},
                  {"type": "answer", "version": 0, "item": 1, "picked": [0]}]


@pytest.mark.parametrize("msg", BAD, ids=range(len(BAD)))
def test_bad_messages_are_refused_and_change_nothing(msg: Any) -> None:
    p = make()
    assert p.panel.version == 1
    before = p.store.progress.to_json()
    browser_message(p.panel, msg)
    assert p.panel.error and p.panel.error["rule"].startswith("ui.")
    assert p.store.progress.to_json() == before and p.panel.feedback is None


def test_review_with_nothing_passed_says_so() -> None:
    p = make(review=True)
    assert p.item is None and "Nothing to review yet" in p.panel.message and p.panel.item == {}
    browser_message(p.panel, {"type": "next", "version": p.panel.version})
    assert p.panel.error and "Nothing to review" in p.panel.error["reason"]


def test_review_reasks_passed_clauses_longest_ago_first_and_records_review() -> None:
    store = loaded_store()
    store.attempt(["pig.roll"], True, "task")      # passed first (longest ago)
    store.attempt(["pig.hold"], True, "question")  # passed later
    store.attempt(["pig.win"], False, "task")      # never passed: not reviewed
    p = make(review=True, store=store)
    assert p.review_clauses() == ["pig.roll", "pig.hold"]
    assert p.panel.item["clause"] == "pig.roll" and p.panel.mode == "review"
    p.answer(right_index(p))
    assert store.attempts[-1].kind == "review" and store.attempts[-1].clauses == ("pig.roll",)
    p.next()
    assert p.panel.item["clause"] == "pig.hold"


def test_a_review_skips_clauses_the_generator_cannot_ask() -> None:
    store = loaded_store()
    store.attempt(["pig.win"], True, "task")
    p = make(review=True, store=store)
    assert p.item is None and "Nothing to review" in p.panel.message


def test_misuse_from_python_raises_clearly() -> None:
    with pytest.raises(TypeError):
        Practice(PIG, seed="x", module=TOY, board=PigBoard)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not a practice module"):
        Practice(PIG, module=object(), board=PigBoard)
    p = make()
    with pytest.raises(ValueError):
        p.answer(5)


@pytest.mark.parametrize("game", ["xevious", "xevoz", "zaxxon"])
def test_every_game_practices_and_reviews_with_its_own_board(game: str) -> None:
    from tabletop import games

    store = loaded_store()
    p = Practice(game, seed=1, store=store)
    assert p.item is not None and type(p.board).__name__ == "Board"
    assert p.board.game.state == p.item.game.state and not p.board.interactive
    mod = p.module
    assert set(mod.COVERED) | set(mod.NOT_COVERED) == set(p.catalog.ids)
    first = p.item.clause
    p.answer(right_index(p))
    assert store.progress.clauses[first].right == 1 and p.panel.feedback["correct"]
    p.next()
    assert p.panel.item["n"] == 2
    r = Practice(game, seed=2, review=True, store=store)
    assert r.item is not None and r.item.clause == first and r.panel.item["clause"] == first
    assert games.get(game)
