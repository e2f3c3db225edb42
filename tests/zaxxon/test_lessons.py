"""The notebooks' step-through lessons: every step's rule really happens (rigged), and every clause is taught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.engine import load_catalog
from tabletop.zaxxon import Rules
from tabletop.zaxxon.lessons import LESSONS, lesson

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "zaxxon"


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_each_step_makes_its_rule_happen(number: str) -> None:
    les = lesson(number)
    for k, step in enumerate(les.steps):
        g, refusal, fired = les.game_at(k)
        for rule in step.expect:
            assert rule in fired, f"lesson {number} step {k + 1} ({step.title}): {rule} did not happen"
        if step.tries is not None:
            assert refusal is not None and refusal.rule in step.expect
        for rule in step.expect:
            assert f"`{rule}`" in step.text or rule in ("zaxxon.roll", "zaxxon.white-safe", "zaxxon.spinner"), \
                f"step {k + 1} of lesson {number} does not name {rule}"
    # replaying a lesson is deterministic
    assert les.game_at(len(les.steps) - 1)[0].digest() == les.game_at(len(les.steps) - 1)[0].digest()


def test_every_clause_is_taught_in_a_notebook() -> None:
    cat = load_catalog(Rules.catalog_path)
    texts = " ".join(s.text for les in LESSONS.values() for s in les.steps)
    missing = [c for c in cat.ids if f"`{c}`" not in texts]
    assert missing == [], missing
    nb_text = " ".join(p.read_text(encoding="utf-8") for p in sorted(NOTEBOOKS.glob("*.ipynb")))
    assert [c for c in cat.ids if c not in nb_text] == []


def test_notebooks_are_committed_without_outputs() -> None:
    nbs = sorted(NOTEBOOKS.glob("*.ipynb"))
    assert [p.name[:2] for p in nbs] == [f"{i:02d}" for i in range(1, 9)]
    for p in nbs:
        nb = json.loads(p.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, p.name


def test_walkthrough_of_a_lesson_steps_and_hands_over() -> None:
    pytest.importorskip("anywidget")
    from tabletop.zaxxon.widget import walkthrough

    walk = walkthrough("06")
    assert walk.board.interactive is False
    assert len(walk.steps) == len(lesson("06").steps) + 1  # + the "Your turn" hand-over
    walk.goto(len(lesson("06").steps) - 1)
    assert walk.board.game.state["zaxxon"]["active"]
    walk.goto(0)
    assert walk.board.game.state["zaxxon"]["active"] is False
    assert walk.board.error is not None and walk.board.error["rule"] == "zaxxon.radar-barrier"
