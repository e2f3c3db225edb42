"""A rule's code, for learners (issue 22, tabletop.ui.source): a clause's code found in the reference engine, shown
with its file and lines; requests from the browser checked field by field."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine import load_catalog
from tabletop.ui import source
from tabletop.ui.source import REFERENCE_MODULES, SourceError, clause_source, source_message

GAMES = ("xevious", "xevoz", "zaxxon")
REPO = Path(__file__).resolve().parents[2]


def _named_in_code(folder: Path) -> set[str]:
    """The strings the game's reference modules write as whole literals (read with ast, not as the finder does)."""
    out: set[str] = set()
    for name in REFERENCE_MODULES:
        path = folder / name
        if path.is_file():
            out.update(n.value for n in ast.walk(ast.parse(path.read_text()))
                       if isinstance(n, ast.Constant) and isinstance(n.value, str))
    return out


@pytest.fixture(params=GAMES)
def game_rules(request: pytest.FixtureRequest) -> Any:
    return importlib.import_module(f"tabletop.{request.param}.widget").Board(seed=1).game.rules


def test_every_clause_the_code_names_is_found_at_its_lines(game_rules: Any) -> None:
    catalog = load_catalog(game_rules.catalog_path)
    folder = source.game_folder(game_rules)
    literals = _named_in_code(folder)
    named = [c for c in catalog.ids if c in literals]
    assert len(named) >= 10, f"{game_rules.name}: only {len(named)} clauses named in the code"
    for clause in named:
        snippets = clause_source(game_rules, clause, catalog=catalog)
        assert snippets, f"{clause} is written in the code but not found"
        for s in snippets:
            file = REPO / s.path
            assert file.is_file(), s.path
            assert Path(s.path).name in REFERENCE_MODULES, f"{s.path}: only the reference engine is shown"
            lines = file.read_text().splitlines()
            # the segments join back to the file's own lines, numbered as in the file
            assert s.text.splitlines() == lines[s.start - 1:s.end], f"{clause}: {s.path} {s.start}-{s.end}"
            assert s.marks, f"{clause}: {s.name} marks no line"
            for m in s.marks:
                assert clause in lines[m - 1], f"{clause}: line {m} of {s.path} does not name it"
            assert s.end - s.start + 1 <= source.MAX_LINES


def test_the_code_that_acts_comes_first_and_names_its_function() -> None:
    from tabletop.zaxxon.widget import Board

    rules = Board(seed=1).game.rules
    snippets = clause_source(rules, "zaxxon.radar-barrier")
    # the reference engine's method (the board plays the fast path, which is never shown)
    assert snippets[0].function and snippets[0].name.startswith("ZaxxonRules.")
    assert all(not s.path.endswith("fast.py") for s in snippets)
    firsts = [s.function for s in snippets]
    assert firsts == sorted(firsts, reverse=True), "functions before declarations"
    # the variant's option names the rule too: it is shown, after the code
    assert any(not s.function and "radar_barrier" in s.name for s in snippets)


def test_python_is_highlighted_by_kind() -> None:
    lines = ["    def move(self, n: int) -> str:  # zaxxon.move", "        return f\"{n} spaces\" if n else 'none' + str(3)"]
    segs = source._highlight(lines, 1, 2)
    kinds = {text: kind for line in segs for kind, text in line}
    assert kinds["def"] == "kw" and kinds["move"] == "def" and kinds["return"] == "kw"
    assert kinds["# zaxxon.move"] == "com" and kinds["3"] == "num" and kinds["str"] == "builtin"
    assert kinds["'none'"] == "str"
    assert ["".join(t for _, t in line) for line in segs] == lines


@pytest.mark.parametrize("bad, why", [
    (None, "a clause id is text"), (3, "a clause id is text"), ("<b>x</b>", "a clause id is text"),
    ("zaxxon", "a clause id is text"), ("zaxxon." + "x" * 90, "a clause id is text"),
    ("xevoz.bombs", "is not a clause of this game's rulebook"),
])
def test_a_bad_request_is_refused_naming_the_field(bad: Any, why: str) -> None:
    from tabletop.zaxxon.widget import Board

    board = Board(seed=1)
    with pytest.raises(SourceError) as err:
        clause_source(board.game.rules, bad, catalog=board.clauses)
    assert err.value.field == "rule" and why in err.value.reason
    msg = source_message(board.game.rules, bad, board.clauses)
    assert msg["type"] == "source" and why in msg["error"] and "snippets" not in msg


def test_a_board_answers_a_source_message_and_changes_nothing() -> None:
    from tabletop.xevoz.widget import Board

    board = Board(seed=3)
    sent: list[dict[str, Any]] = []
    # the board's own messages (state patches, tagged "tt") are not the answer
    board.send = lambda content, buffers=None: sent.append(content) if "type" in content else None  # type: ignore
    before = (board.version, board.game.digest(), board.error)
    board.interactive = False  # reading a rule's code is never refused, not even on a locked board
    assert board.handle_message({"type": "source", "rule": "xevoz.drain-attach"}) is False
    assert (board.version, board.game.digest(), board.error) == before
    [msg] = sent
    assert msg["rule"] == "xevoz.drain-attach" and msg["snippets"]
    assert all("xevoz.drain-attach" in "".join(t for _, t in msg_line)
               for s in msg["snippets"] for i, msg_line in enumerate(s["lines"]) if s["start"] + i in s["marks"])
    board.handle_message({"type": "source", "rule": {"x": 1}})
    assert "error" in sent[-1] and board.error == before[2]


def test_a_lesson_answers_a_source_message() -> None:
    from tabletop.xevious.widget import walkthrough

    w = walkthrough("01")
    sent: list[dict[str, Any]] = []
    w.panel.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    version = w.panel.version
    rule = next(r for s in w.steps for r in s.rules)
    assert w.handle_message({"type": "source", "rule": rule}) is False
    assert w.panel.version == version and sent and sent[0]["rule"] == rule
    assert "error" not in sent[0] and isinstance(sent[0]["snippets"], list)
