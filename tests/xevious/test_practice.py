"""Issue 20: practice generated from the engine (tabletop.xevious.practice). Endless seeded questions at positions
the bots reach, each tied to a clause and answered by the engine; COVERED and NOT_COVERED together are the whole
catalog."""

from __future__ import annotations

import itertools
import re

import pytest

from tabletop.engine import load_catalog
from tabletop.engine.practice import PracticeItem
from tabletop.xevious import Rules
from tabletop.xevious import practice as P
from tabletop.xevious.rules import Roll, StopAt

KNOWN = [c.id for c in load_catalog(Rules.catalog_path).clauses]


def items(seed: int, n: int, clauses: list[str] | None = None) -> list[PracticeItem]:
    return list(itertools.islice(P.practice(seed, clauses), n))


def test_covered_and_not_covered_are_the_whole_catalog() -> None:
    assert len(set(P.COVERED)) == len(P.COVERED)
    assert set(P.COVERED).isdisjoint(P.NOT_COVERED)
    assert set(P.COVERED) | set(P.NOT_COVERED) == set(KNOWN)
    assert all(isinstance(why, str) and len(why) > 20 for why in P.NOT_COVERED.values())


def test_the_same_seed_gives_the_same_stream_and_another_seed_another() -> None:
    def key(it: PracticeItem) -> tuple[object, ...]:
        q = it.question
        return (it.clause, q.prompt_text(it.game), tuple(q.choice_texts(it.game)), q.answer(it.game).right,
                it.game.digest())

    a = [key(it) for it in items(11, 25)]
    assert a == [key(it) for it in items(11, 25)]
    assert a != [key(it) for it in items(12, 25)]


def test_every_item_is_answered_by_the_engine_and_tied_to_its_clause() -> None:
    seen = set()
    for it in items(3, 120):
        g, q = it.game, it.question
        assert it.clause in P.COVERED and q.clauses == (it.clause,)
        assert not g.rigged, "the position the bots reached has nothing rigged"
        before = g.digest()
        texts = q.choice_texts(g)
        ans = q.answer(g)
        assert g.digest() == before, "answering plays on a fork, never on the position"
        assert len(texts) >= 2 and len(set(texts)) == len(texts)
        assert ans.right and all(0 <= r < len(texts) for r in ans.right)
        assert q.multiple or len(ans.right) == 1
        assert ans.rule == it.clause and ans.reason
        right = q.judge(g, sorted(ans.right) if q.multiple else next(iter(ans.right)))
        assert right.correct
        wrong = [i for i in range(len(texts)) if i not in ans.right]
        if wrong:
            fb = q.judge(g, wrong[0] if not q.multiple else [wrong[0]])
            assert not fb.correct and fb.rule == it.clause
        seen.add(it.clause)
    assert len(seen) >= 30, "one stream asks about most clauses"


@pytest.mark.parametrize("clause", P.COVERED)
def test_every_covered_clause_can_be_practised_alone(clause: str) -> None:
    got = items(7, 2, [clause])
    assert [it.clause for it in got] == [clause, clause]


def test_a_move_question_lists_exactly_the_stops_the_rules_offer() -> None:
    """Independent of the generator: roll the die of the prompt on a fork and read the rules' stops."""
    checked = 0
    for it in items(5, 60, ["xevious.green-stop", "xevious.blaster-stop", "xevious.entrance-stop"]):
        g, q = it.game, it.question
        k = int(re.search(r"rolls (\d)", q.prompt_text(g)).group(1))  # type: ignore[union-attr]
        f = g.fork()
        f.rig(die=[k, 6, 6])
        seat = f.raw_state.order[f.raw_state.turn]
        fired = {e.rule for e in f.play(Roll())}
        texts = q.choice_texts(g)
        picked = {texts[i] for i in q.answer(g).right}
        if f.raw_state.phase == "stop":
            path = f.raw_state.path
            stops = [P._square(g, path[a.step - 1]) for a in f.legal_actions() if isinstance(a, StopAt)]
            assert picked == set(stops)
        elif not fired & {"xevious.card-space", "xevious.respawn", "xevious.respawn-stage1", "xevious.stage-gate"}:
            q2 = f.raw_state.pilots[seat]
            assert picked == {P._square(g, (q2.area, q2.idx))}
        checked += 1
    assert checked == 60


def test_which_moves_now_is_the_legal_list() -> None:
    for it in items(9, 10, ["xevious.catch-up", "xevious.blaster-mistake"]):
        g, q = it.game, it.question
        legal = {str(a) for a in g.legal_actions()}
        texts = q.choice_texts(g)
        assert {texts[i] for i in q.answer(g).right} == legal & set(texts)


def test_clauses_it_cannot_ask_about_are_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="variant"):
        P.practice(1, ["xevious.cockpit-card"])
    with pytest.raises(ValueError, match="not a clause"):
        P.practice(1, ["xevious.no-such-rule"])
    with pytest.raises(ValueError):
        P.practice(1, [])
    # a review may pass every clause it recorded: the ones practice cannot ask about are left out
    got = items(1, 3, ["xevious.pieces", "xevious.ground-battle"])
    assert {it.clause for it in got} == {"xevious.ground-battle"}


def test_practice_can_re_ask_every_clause_a_lesson_exercises() -> None:
    """A review re-asks the clauses a learner passed in the lessons' tasks, questions and your-move steps: the
    generator covers every one of them."""
    from tabletop.xevious.lessons import LESSONS

    for les in LESSONS.values():
        assert set(les.exercised()) <= set(P.COVERED), (les.id, set(les.exercised()) - set(P.COVERED))
