"""Xevoz practice (issue 20): endless, seeded questions at positions bots reach, answered by the engine and tied to
a clause; COVERED and NOT_COVERED together name every clause of the catalog."""

from __future__ import annotations

import itertools

import pytest

from tabletop.engine import Game, load_catalog
from tabletop.engine.practice import PracticeItem
from tabletop.xevoz import Call, Chop, Move
from tabletop.xevoz.practice import COVERED, NOT_COVERED, practice
from tabletop.xevoz.rules import XevozRules

CATALOG = [c.id for c in load_catalog(XevozRules.catalog_path).clauses]


def first(seed: int, clauses: list[str] | None = None, n: int = 1) -> list[PracticeItem]:
    return list(itertools.islice(practice(seed, clauses), n))


def test_covered_and_not_covered_name_every_clause_once() -> None:
    assert set(COVERED) | set(NOT_COVERED) == set(CATALOG)
    assert not set(COVERED) & set(NOT_COVERED)
    assert len(COVERED) == len(set(COVERED))
    assert all(isinstance(why, str) and len(why) > 30 for why in NOT_COVERED.values())


def test_the_same_seed_gives_the_same_stream_and_another_seed_another() -> None:
    def texts(seed: int) -> list[tuple[str, str, tuple[str, ...]]]:
        return [(i.clause, i.question.prompt_text(i.game), tuple(i.question.choice_texts(i.game)))
                for i in first(seed, n=25)]

    assert texts(3) == texts(3)
    assert texts(3) != texts(4)


def test_the_stream_is_endless_and_ranges_over_the_covered_clauses() -> None:
    items = first(11, n=250)
    assert len(items) == 250
    assert len({i.clause for i in items}) >= len(COVERED) - 3


@pytest.mark.parametrize("clause", COVERED)
def test_every_covered_clause_is_asked_and_answered_by_the_engine(clause: str) -> None:
    for item in first(5, [clause], n=2):
        q, g = item.question, item.game
        assert item.clause == clause and clause in q.clauses
        before = g.digest()
        texts = q.choice_texts(g)
        ans = q.answer(g)
        assert g.digest() == before, "answering a question must not change its position"
        assert len(texts) >= 2 and len(set(texts)) == len(texts)
        assert ans.right and all(0 <= r < len(texts) for r in ans.right)
        assert q.multiple or len(ans.right) == 1
        assert ans.rule in CATALOG and ans.reason
        assert q.prompt_text(g)
        # a right answer is judged right, a wrong one wrong, with the deciding clause
        assert q.judge(g, sorted(ans.right) if q.multiple else min(ans.right)).correct
        wrong = next(i for i in range(len(texts)) if i not in ans.right)
        fb = q.judge(g, [wrong] if q.multiple else wrong)
        assert not fb.correct and fb.rule == ans.rule


def _choices(item: PracticeItem) -> tuple[Game, list[str], frozenset[int]]:
    g = item.game
    return g, item.question.choice_texts(g), item.question.answer(g).right


def test_which_part_may_be_chopped_agrees_with_the_legal_chops() -> None:
    for item in first(2, ["xevoz.stay-connected"], n=4):
        g, texts, right = _choices(item)
        st = g.raw_state
        owner = st.queue[0][2]
        f = st.sides[owner].figure
        legal = {f.part_names[f.index(a.part)] for a in g.legal_actions() if isinstance(a, Chop)}
        assert {texts[i] for i in right} == legal & set(texts)
        for i, t in enumerate(texts):  # the others are refused by the stay-connected rule
            if i not in right:
                refusal = g.explain(Chop(f.part_ids[f.part_names.index(t)]))
                assert refusal is not None and refusal.rule == "xevoz.stay-connected"


def test_which_squares_agree_with_the_legal_moves() -> None:
    for clause in ("xevoz.movement", "xevoz.defender-follows"):
        for item in first(4, [clause], n=3):
            g, texts, right = _choices(item)
            legal = {a.cell for a in g.legal_actions() if isinstance(a, Move)}
            assert {texts[i] for i in right} == legal & set(texts), clause


def test_who_wins_is_the_call_played_ahead() -> None:
    for item in first(6, ["xevoz.resolve"], n=4):
        g, texts, right = _choices(item)
        colour = "black" if "calls BLACK" in item.question.prompt_text(g) else "white"
        ahead = g.fork()
        ahead.play(Call(colour))
        won = ahead.raw_state.roll["winner"]
        assert texts[min(right)] == str(g.players[won])


def test_a_clause_it_cannot_ask_about_is_refused_with_the_reason() -> None:
    clause = next(iter(NOT_COVERED))
    with pytest.raises(ValueError, match="cannot ask"):
        practice(1, [clause])
    with pytest.raises(ValueError, match="not a clause"):
        practice(1, ["xevoz.no-such-rule"])
