"""Each game's ``rules.py`` stays the readable reference (issue 22): counted by ``benchmarks/layout.py`` the way the
issue counts (every line of documentation with the code it documents), at least 80% of its lines are rule logic;
the count itself is checked on a module whose answer is known."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[1]


def _layout():
    return load_script("benchmarks/layout.py", "layout")


def test_the_count_puts_each_line_with_the_code_it_documents() -> None:
    text = textwrap.dedent('''\
        """The module's docstring: declarations."""

        import json

        # a comment above a constant documents the constant
        LIMIT = 3


        def rule(state):
            """A rule's docstring is rule logic."""
            # so is a comment in it

            return json.dumps(state) if state else LIMIT


        def to_json(state):
            return {"state": state}
        ''')
    counts = _layout().attribute(text)
    # declarations: the docstring and the blank after it, the import and its blank, the comment, the constant and
    # the two blanks after it; rule logic: rule's 5 lines and the two blanks after them; plumbing: to_json's 2 lines
    assert counts == {"declarations": 8, "rule logic": 7, "plumbing": 2}, counts
    assert sum(counts.values()) == len(text.splitlines())


@pytest.mark.parametrize("game", ["xevious", "xevoz", "zaxxon"])
def test_rules_py_is_at_least_80_percent_rule_logic(game: str) -> None:
    counts = _layout().attribute((ROOT / "widgets" / "tabletop" / game / "rules.py").read_text(encoding="utf-8"))
    share = counts["rule logic"] / sum(counts.values())
    assert share >= 0.80, f"{game}/rules.py: {share:.1%} rule logic ({dict(counts)}): move plumbing out of it"
