"""Issue 9, for every game at once: every walkthrough in every notebook is a registered Lesson whose narration
is a contract (check_lesson: declared clauses fire, declared facts hold, every step declares one, the hand-over
plays), and the checker catches a lesson that lies. The per-game files test each game's lessons in detail."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine import Fact, Lesson, load_catalog
from tabletop.engine.lessons import check_lesson

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("xevious", "xevoz", "zaxxon")
CALL = re.compile(r"""\bwalkthrough\(\s*["'](\d\d)["']\s*\)""")


def lessons_of(game: str) -> dict[str, Lesson]:
    mod = __import__(f"tabletop.{game}.lessons", fromlist=["LESSONS"])
    return dict(mod.LESSONS)


def clauses_of(game: str) -> list[str]:
    mod = __import__(f"tabletop.{game}", fromlist=["Rules"])
    return [c.id for c in load_catalog(mod.Rules.catalog_path).clauses]


def code_of(nb: Path) -> str:
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")


ALL = [(game, num) for game in GAMES for num in sorted(lessons_of(game))]


@pytest.mark.parametrize("game, num", ALL, ids=[f"{g}/{n}" for g, n in ALL])
def test_every_lesson_keeps_its_contract(game: str, num: str) -> None:
    lesson = lessons_of(game)[num]
    assert lesson.id == f"{game}/{num}"
    assert check_lesson(lesson, known_clauses=clauses_of(game)) == []
    # every step (the hand-over included) declares at least one fact its narration asserts
    assert all(step.facts for step in lesson.all_steps)
    assert lesson.hand_over_step is not None, "every walkthrough hands a playable board to the reader"


@pytest.mark.parametrize("game", GAMES)
def test_every_walkthrough_notebook_shows_a_registered_lesson(game: str) -> None:
    """A notebook's walkthrough is a registered Lesson (so the contract test covers it), never an inline script.
    Lesson notebooks are those numbered like a lesson; the folder's others (its progress map, review, practice)
    show no walkthrough."""
    lessons = lessons_of(game)
    shown = set()
    for nb in sorted((ROOT / "notebooks" / game).glob("*.ipynb")):
        code = code_of(nb)
        if nb.name[:2] not in lessons:
            assert not CALL.findall(code) and "Walkthrough(" not in code, f"{nb.name}: a walkthrough outside a lesson"
            continue
        assert "Walkthrough(" not in code, f"{nb.name}: builds a walkthrough inline; register a Lesson instead"
        calls = CALL.findall(code)
        assert calls, f"{nb.name}: shows no walkthrough(\"NN\")"
        for num in calls:
            assert num in lessons, f"{nb.name}: walkthrough({num!r}) is not a registered lesson of {game}"
            assert nb.name.startswith(num), f"{nb.name}: shows lesson {num}, not its own"
            assert lessons[num].notebook in ("", nb.name), f"lesson {game}/{num} names {lessons[num].notebook}"
            shown.add(num)
    assert shown == set(lessons), f"lessons of {game} no notebook shows: {sorted(set(lessons) - shown)}"


def _lying(lesson: Lesson, k: int, claim: str) -> Lesson:
    """``lesson`` with step ``k`` claiming something false about its position."""
    steps = list(lesson.steps)
    steps[k] = replace(steps[k], facts=(*steps[k].facts, Fact(claim, lambda g: g.current_player == -1)))
    return replace(lesson, steps=tuple(steps))


def _silent_clause(lesson: Lesson, k: int) -> Lesson:
    steps = list(lesson.steps)
    steps[k] = replace(steps[k], fires=(*steps[k].fires, "never.fired-here"))
    return replace(lesson, steps=tuple(steps))


@pytest.mark.parametrize("game, num", [("xevious", "06"), ("xevoz", "04"), ("zaxxon", "06")])
def test_the_checker_catches_a_lie_in_each_signature_lesson(game: str, num: str) -> None:
    """The contract would fail: a false claim, a declared clause that did not fire, a finished hand-over."""
    lesson = lessons_of(game)[num]
    lied = check_lesson(_lying(lesson, 0, "nobody is to move"))
    assert any(f"lesson {game}/{num}, step 1" in p and "nobody is to move" in p for p in lied), lied
    silent = check_lesson(_silent_clause(lesson, 0))
    assert any("never.fired-here was declared to fire but did not" in p for p in silent), silent

    def finished() -> Any:
        g = lesson.new_game()
        for s in lesson.steps:
            s.apply(g)
        from tabletop.engine import RandomBot, play_out

        play_out(g, [RandomBot(seed=1), RandomBot(seed=2)], max_steps=200_000)
        assert g.is_over
        return g

    over = replace(lesson, steps=(), new_game=finished)
    problems = check_lesson(over)
    assert any("hand-over is not playable" in p and "already over" in p for p in problems), problems
