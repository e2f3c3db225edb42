"""Lessons that cannot lie (issue 9): every Super Xevious lesson passes the kit's ``check_lesson`` with the
catalog's clause ids — each step's declared clauses fire in its own events, each claim its narration makes holds on
the board at that step, and the hand-over leaves a human seat to move with a legal move. The checker is shown to
catch a lie, and the notebooks show only registered lessons, with free-play text that is true of the live board."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine import Fact, check_lesson, load_catalog
from tabletop.xevious import Rules
from tabletop.xevious.lessons import L06, LESSONS, lesson

ROOT = Path(__file__).resolve().parents[2]
#: the lesson notebooks (the folder also holds its progress map 00, review 90 and practice 91, which show no board)
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks" / "xevious").glob("*.ipynb") if p.name[:2] in LESSONS)
KNOWN = [c.id for c in load_catalog(Rules.catalog_path).clauses]


def test_lessons_are_registered_01_to_08() -> None:
    assert sorted(LESSONS) == [f"{k:02d}" for k in range(1, 9)]
    for key, les in LESSONS.items():
        assert les.id == f"xevious/{key}" and lesson(int(key)) is les


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_lesson_cannot_lie(number: str) -> None:
    assert check_lesson(LESSONS[number], known_clauses=KNOWN) == []


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_every_step_declares_a_fact_and_reads_well(number: str) -> None:
    les = LESSONS[number]
    g = les.new_game()
    for k, step in enumerate(les.all_steps):
        step.apply(g)
        assert len(step.facts) >= 1, f"{les.id} step {k + 1} declares no fact"
        text = step.text(g)
        for bad in ("None", "null", "You rolls", "You meets", "You takes", "You's", "You loses", "You has"):
            assert bad not in text, f"{les.id} step {k + 1}: {bad!r} in {text!r}"


def test_the_checker_catches_the_issue_9_lie() -> None:
    """xevious/06 step 1 once narrated Blue's respawn over a board where Red had respawned. A claim that Red
    respawned (false on today's board) is reported, naming lesson, step and claim."""
    first = L06.steps[0]
    lie = Fact("Red is the player who respawned, back on area 1 space 1",
               lambda g: (g.raw_state.pilots[1].area, g.raw_state.pilots[1].idx) == (0, 0))
    bad = replace(L06, steps=(replace(first, facts=(*first.facts, lie)), *L06.steps[1:]))
    problems = check_lesson(bad, known_clauses=KNOWN)
    assert len(problems) == 1
    assert "xevious/06" in problems[0] and "step 1" in problems[0] and "Red is the player who respawned" in problems[0]


def test_the_checker_catches_a_clause_that_did_not_fire_and_a_bad_hand_over() -> None:
    first = L06.steps[0]
    bad = replace(L06, steps=(replace(first, fires=("xevious.respawn",)), *L06.steps[1:]))
    problems = check_lesson(bad, known_clauses=KNOWN)
    assert any("xevious.respawn was declared to fire but did not" in p for p in problems)
    # a lesson whose steps end the game cannot hand over
    from tabletop.engine import Step
    from tabletop.xevious.lessons import until_winner_for_tests

    over = replace(LESSONS["07"], steps=(*LESSONS["07"].steps, Step(
        "The end", "Somebody wins.", actions=until_winner_for_tests, facts=(Fact("over", lambda g: g.is_over),))))
    problems = check_lesson(over, known_clauses=KNOWN)
    assert problems and "hand-over is not playable" in problems[-1] and "already over" in problems[-1]


def _cells(nb: Path) -> list[dict[str, Any]]:
    return list(json.loads(nb.read_text(encoding="utf-8"))["cells"])


def _source(cell: dict[str, Any]) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else str(src)


def test_every_walkthrough_in_the_notebooks_is_a_registered_lesson() -> None:
    shown = []
    for nb in NOTEBOOKS:
        for cell in _cells(nb):
            if cell["cell_type"] != "code":
                continue
            for m in re.finditer(r"walkthrough\(\s*[\"']?(\d+)[\"']?", _source(cell)):
                key = f"{int(m.group(1)):02d}"
                assert key in LESSONS, f"{nb.name} shows walkthrough {m.group(1)!r}, not a registered lesson"
                assert nb.name.startswith(key), f"{nb.name} shows lesson {key}"
                shown.append(key)
    assert sorted(shown) == sorted(LESSONS), "every lesson is shown by its notebook"


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=lambda p: p.name)
def test_free_play_boards_are_live_for_a_human(nb: Path) -> None:
    """Every live board a notebook hands the reader: the game is not over, a human seat is to move (bots have
    answered by themselves) with a legal move, and the text above it names only moves that board offers."""
    ns: dict[str, Any] = {}
    cells = _cells(nb)
    boards = 0
    for i, cell in enumerate(cells):
        src = _source(cell)
        if cell["cell_type"] != "code":
            continue
        exec(compile(src, f"{nb.name} cell {i}", "exec"), ns)  # noqa: S102 - our own notebooks
        board = ns.get("board")
        if board is None:
            continue
        boards += 1
        g = board.game
        assert not g.is_over and g.legal_actions(), f"{nb.name}: the free-play board is over"
        assert g.current_player not in board._bots, f"{nb.name}: a bot seat is to move"
        above = _source(cells[i - 1]) if i else ""
        legal_types = {type(a).__name__ for a in g.legal_actions()}
        if "Click **Roll**" in above:
            assert "Roll" in legal_types
        if re.search(r"\bbots?\b", above.lower()):
            assert board._bots, f"{nb.name}: the text promises a bot"
        ns.pop("board")
    if "08_" not in nb.name:
        assert boards >= 1


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_walkthrough_steps_are_the_lesson_and_the_hand_over_plays(number: str) -> None:
    """Next through every step (each is the lesson's exact position), then one human move on the hand-over: the
    bot seats answer by themselves and the board comes back to a human seat."""
    from tabletop.xevious.widget import walkthrough

    les = LESSONS[number]
    w = walkthrough(number)
    assert len(w) == len(les.all_steps)
    for k in range(len(w) - 1):
        w.goto(k)  # a your-move step hands the board over for its move first; otherwise it is read-only
        assert w.board.interactive == (les.steps[k].your_move is not None), (k, w.phase)
        w.goto(k, "shown")
        assert not w.board.interactive and w.board.game.digest() == les.game_at(k).digest()
    w.your_turn()
    b = w.board
    assert b.interactive and not b.is_over and b.current_player not in les.bots and b.legal
    n = len(b.game.history)
    b.handle_message({"type": "act", "id": b.legal[0]["id"], "version": b.version})
    assert b.error is None and len(b.game.history) > n
    assert b.is_over or b.current_player not in les.bots
