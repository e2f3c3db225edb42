"""Issue 20: Zaxxon practice questions come from the engine. The stream is endless and seeded, every question is
asked at a position bots reached and answered by the rules (checked here against the rules independently), and
COVERED + NOT_COVERED name every clause of the catalog."""

from __future__ import annotations

import itertools
import re

import pytest

from tabletop.engine import load_catalog
from tabletop.engine.practice import PracticeItem
from tabletop.zaxxon import Rules
from tabletop.zaxxon import practice as zp
from tabletop.zaxxon.rules import Spin

CATALOG = load_catalog(Rules.catalog_path).ids


def items(seed: int, n: int, clauses: list[str] | None = None) -> list[PracticeItem]:
    return list(itertools.islice(zp.practice(seed, clauses), n))


def summary(it: PracticeItem) -> tuple[object, ...]:
    q, g = it.question, it.game
    return (it.clause, g.digest(), q.prompt_text(g), tuple(q.choice_texts(g)), tuple(sorted(q.answer(g).right)))


def test_covered_and_not_covered_name_every_clause_once_with_reasons() -> None:
    assert set(zp.COVERED) | set(zp.NOT_COVERED) == set(CATALOG)
    assert not set(zp.COVERED) & set(zp.NOT_COVERED)
    assert len(zp.COVERED) == len(set(zp.COVERED))
    assert all(len(why) > 30 for why in zp.NOT_COVERED.values())


@pytest.mark.parametrize("clause", zp.COVERED)
def test_every_covered_clause_is_asked_at_some_position(clause: str) -> None:
    it = next(zp.practice(11, [clause]))
    assert it.clause == clause
    q, g = it.question, it.game
    assert clause in q.clauses
    texts = q.choice_texts(g)
    ans = q.answer(g)
    assert len(texts) >= 2 and len(set(texts)) == len(texts)
    assert ans.right and all(0 <= i < len(texts) for i in ans.right)
    assert q.multiple or len(ans.right) == 1
    assert ans.rule in CATALOG and ans.reason


def test_the_same_seed_gives_the_same_stream_and_another_seed_another() -> None:
    a, b, c = items(4, 25), items(4, 25), items(5, 25)
    assert [summary(x) for x in a] == [summary(x) for x in b]
    assert [summary(x) for x in a] != [summary(x) for x in c]


def test_the_stream_goes_on_and_spreads_over_the_clauses() -> None:
    got = items(2, 150)
    assert len(got) == 150
    assert len({it.clause for it in got}) >= 25


def test_asking_changes_nothing_and_positions_are_in_play() -> None:
    for it in items(6, 40):
        before = it.game.digest()
        it.question.answer(it.game)
        it.question.judge(it.game, 0)
        assert it.game.digest() == before
        assert not it.game.is_over and it.game.current_player is not None


def test_legal_move_answers_match_the_rules() -> None:
    """"Which of these may X do now?": the right choices are exactly those the rules list as legal (compared by
    their words with legal_actions, independently of the question's own computation)."""
    seen = 0
    for it in items(8, 200):
        q, g = it.question, it.game
        if not q.prompt_text(g).startswith("Which of these may"):
            continue
        seen += 1
        texts = q.choice_texts(g)
        legal = {str(a) for a in g.legal_actions()}
        want = {i for i, t in enumerate(texts) if t in legal}
        assert set(q.answer(g).right) == (want or {texts.index(zp.NONE_OF_THESE)})
        wrong = q.judge(g, [i for i in range(len(texts)) if i not in want][:1] or [0])
        assert wrong.correct == (wrong.picked == q.answer(g).right)
    assert seen >= 20


def test_spin_answers_match_the_spin_played_by_the_rules() -> None:
    seen = 0
    for it in items(9, 400):
        q, g = it.question, it.game
        m = re.match(r"What happens if .* spins \*\*(\w+)\*\* now", q.prompt_text(g))
        if not m:
            continue
        seen += 1
        f = g.fork()
        f.rig(spinner=[m.group(1)])
        f.play(Spin())
        texts = q.choice_texts(g)
        right = {texts[i] for i in q.answer(g).right}
        down = {f"{p['colour']} plane #{p['number']} on {g.state['planes'][k]['space']} is shot down"
                for k, p in enumerate(f.state["planes"]) if p["grounded"] and not g.state["planes"][k]["grounded"]}
        assert right - {zp.NOBODY, zp.ZAXXON_FIRST} == down
        assert (zp.ZAXXON_FIRST in right) == (f.state["phase"] == "zaxxon")
    assert seen >= 5


def test_a_clause_that_cannot_be_practised_is_refused_with_its_reason() -> None:
    with pytest.raises(ValueError, match="turn cap|simulation"):
        next(zp.practice(1, ["zaxxon.turn-cap"]))
    with pytest.raises(ValueError, match="not a clause"):
        next(zp.practice(1, ["zaxxon.no-such-rule"]))


def test_a_review_asks_only_the_clauses_it_names() -> None:
    want = ["zaxxon.radar-barrier", "zaxxon.wall-crossing"]
    got = items(3, 12, want)
    assert {it.clause for it in got} == set(want)
