"""Issue 9: the Zaxxon lessons cannot lie. Every step of every lesson declares the clauses that fire and the
facts its narration asserts; ``check_lesson`` replays each lesson and finds every broken promise."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from tabletop.engine import Fact, check_lesson, load_catalog
from tabletop.zaxxon import Rules
from tabletop.zaxxon.lessons import LESSONS, plane_on

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "zaxxon"
CLAUSES = load_catalog(Rules.catalog_path).ids


def test_lessons_are_keyed_01_to_08_with_their_ids() -> None:
    assert sorted(LESSONS) == [f"{i:02d}" for i in range(1, 9)]
    assert all(les.id == f"zaxxon/{k}" for k, les in LESSONS.items())


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_the_lesson_cannot_lie(number: str) -> None:
    assert check_lesson(LESSONS[number], known_clauses=CLAUSES) == []


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_every_step_declares_facts_and_clauses_that_fire(number: str) -> None:
    for i, step in enumerate(LESSONS[number].steps):
        assert len(step.facts) >= 1, f"lesson {number} step {i + 1} declares no fact"
        assert len(step.fires) >= 1, f"lesson {number} step {i + 1} declares no clause that fires"


def test_every_notebook_walkthrough_uses_a_registered_lesson() -> None:
    seen = []
    for nb in sorted(NOTEBOOKS.glob("*.ipynb")):
        src = " ".join("".join(c["source"]) for c in json.loads(nb.read_text(encoding="utf-8"))["cells"]
                       if c["cell_type"] == "code")
        for call in re.findall(r"walkthrough\(([^)]*)\)", src):
            m = re.fullmatch(r"""\s*["'](\d\d)["']\s*""", call)
            assert m, f"{nb.name}: walkthrough({call}) does not name a lesson as '01'..'08'"
            assert m.group(1) in LESSONS, f"{nb.name}: no lesson {m.group(1)}"
            assert nb.name.startswith(m.group(1)), f"{nb.name} shows lesson {m.group(1)}"
            seen.append(m.group(1))
    assert sorted(seen) == sorted(LESSONS)


def test_a_deliberately_wrong_fact_is_caught() -> None:
    les = LESSONS["06"]
    step = les.steps[0]
    wrong = dataclasses.replace(step, facts=(*step.facts, plane_on(0, 1, "G12")))  # it was refused: still F12
    bad = dataclasses.replace(les, steps=(wrong, *les.steps[1:]))
    problems = check_lesson(bad, known_clauses=CLAUSES)
    assert len(problems) == 1
    assert "zaxxon/06, step 1" in problems[0] and "blue plane #1 is on G12" in problems[0]
    assert "it is on F12" in problems[0]


def test_a_clause_that_does_not_fire_and_an_unknown_clause_are_caught() -> None:
    les = LESSONS["03"]
    step = les.steps[1]
    wrong = dataclasses.replace(step, fires=("zaxxon.wall-crossing", "zaxxon.no-such-rule"))
    problems = check_lesson(dataclasses.replace(les, steps=(les.steps[0], wrong, *les.steps[2:])),
                            known_clauses=CLAUSES)
    assert any("zaxxon.wall-crossing was declared to fire but did not" in p for p in problems)
    assert any("zaxxon.no-such-rule is not in the catalog" in p for p in problems)


def test_a_hand_over_into_a_finished_game_is_caught() -> None:
    from tabletop.zaxxon.rules import Shoot

    les = LESSONS["08"]
    last = les.steps[-1]
    over = dataclasses.replace(last, actions=[*last.actions, Shoot(1, "C12")],
                               facts=(Fact("blue won", lambda g: g.winner == 0),))
    problems = check_lesson(dataclasses.replace(les, steps=(*les.steps[:-1], over)), known_clauses=CLAUSES)
    assert any("hand-over is not playable" in p and "already over" in p for p in problems)
