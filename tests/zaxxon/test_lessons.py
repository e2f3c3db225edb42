"""The notebooks' step-through lessons: every clause is taught, notebooks are clean, the walkthrough works."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.engine import load_catalog
from tabletop.zaxxon import Rules
from tabletop.zaxxon.lessons import LESSONS, lesson

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "zaxxon"


def _texts() -> str:
    out = []
    for les in LESSONS.values():
        g = les.new_game()
        for s in les.steps:
            s.apply(g)
            out.append(s.text(g) + " " + " ".join(f"`{r}`" for r in (*s.rules, *s.fires)))
    return " ".join(out)


def test_every_clause_is_taught_in_a_lesson_and_a_notebook() -> None:
    cat = load_catalog(Rules.catalog_path)
    texts = _texts()
    missing = [c for c in cat.ids if f"`{c}`" not in texts]
    assert missing == [], missing
    nb_text = " ".join(p.read_text(encoding="utf-8") for p in sorted(NOTEBOOKS.glob("*.ipynb")))
    assert [c for c in cat.ids if c not in nb_text] == []


def test_replaying_a_lesson_is_deterministic() -> None:
    for les in LESSONS.values():
        n = len(les.steps) - 1
        assert les.game_at(n).digest() == les.game_at(n).digest()


def test_notebooks_are_committed_without_outputs() -> None:
    nbs = sorted(NOTEBOOKS.glob("*.ipynb"))
    # the lessons 01-08, and the folder's progress map (00), review (90) and practice (91)
    assert [p.name[:2] for p in nbs] == ["00", *(f"{i:02d}" for i in range(1, 9)), "90", "91"]
    for p in nbs:
        nb = json.loads(p.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, p.name


def test_walkthrough_of_a_lesson_steps_and_hands_over() -> None:
    pytest.importorskip("anywidget")
    from tabletop.ui import Walkthrough
    from tabletop.zaxxon.widget import BOARD_FLEX, walkthrough

    walk = walkthrough("06")
    assert isinstance(walk, Walkthrough) and walk.lesson is LESSONS["06"]
    assert walk.board.layout.flex == BOARD_FLEX
    assert walk.board.interactive is False
    assert len(walk.steps) == len(lesson("06").steps) + 1  # + the "Your turn" hand-over
    walk.goto(len(lesson("06").steps) - 1, "shown")
    assert walk.board.game.state["zaxxon"]["active"]
    walk.goto(0)  # step 1 asks first (may plane #1 cross?): the refusal it shows comes with the reveal
    assert walk.phase == "question" and walk.board.error is None
    walk.goto(0, "shown")
    assert walk.board.game.state["zaxxon"]["active"] is False
    assert walk.board.error is not None and walk.board.error["rule"] == "zaxxon.radar-barrier"
    assert walk.board.error["demo"] is True  # demonstrated by the lesson, not a refused click
    walk.your_turn()
    assert walk.board.interactive and walk.board.game.legal_actions()


def test_the_last_lesson_hands_over_to_a_human_against_the_bot() -> None:
    pytest.importorskip("anywidget")
    from tabletop.zaxxon.widget import walkthrough

    walk = walkthrough("08")
    walk.your_turn()
    b = walk.board
    assert not b.game.is_over and b.game.current_player == 0 and b.bots and 1 in b.bots
    shot = next(a for a in b.game.legal_actions() if str(a) == "plane #1 shoots at C12")
    b.play(shot)
    assert b.game.winner == 0
