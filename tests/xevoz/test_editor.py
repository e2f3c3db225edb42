"""The Xevoz position editor's contract with Python (issue 11): the board's view gives the teacher panel its one-line
hint, and the patches the editor sends (static/board.js: chop/restore a part, move a figure) are set-ups that
Game.set_up applies or refuses with the rule."""

from __future__ import annotations

import pytest

from tabletop import xevoz
from tabletop.engine import IllegalAction
from tabletop.xevoz.widget import EDITOR_HELP
from tests.xevoz.helpers import battle


def test_view_gives_the_editor_help() -> None:
    board = xevoz.Board(battle(), teacher=True)
    assert board.view()["editor"] == {"help": EDITOR_HELP}
    assert "chop or restore" in EDITOR_HELP and "then a square" in EDITOR_HELP


def test_the_editor_patches_chop_restore_and_move() -> None:
    g = battle()
    g.set_up({"sides": [{}, {"chopped": ["helm"]}]})  # a click on Skull Jack's Skull Helm
    assert g.position()["sides"][1]["chopped"] == ["helm"] and g.state["sides"][1]["life"] == 23
    g.set_up({"sides": [{}, {"chopped": []}]})  # again: restored
    assert g.position()["sides"][1]["chopped"] == [] and g.state["sides"][1]["life"] == 24
    g.set_up({"sides": [{}, {"square": "C4"}]})  # P2 picked on D3, put on C4
    assert [s["square"] for s in g.position()["sides"]] == ["C3", "C4"]
    before = g.position()
    for patch, rule in (({"sides": [{}, {"chopped": ["arm-l"]}]}, "xevoz.stay-connected"),
                        ({"sides": [{}, {"chopped": ["fang"]}]}, "xevoz.drain-uncuttable"),
                        ({"sides": [{}, {"square": "F6"}]}, "xevoz.defender-follows")):
        with pytest.raises(IllegalAction) as err:
            g.set_up(patch)
        assert err.value.rule == rule
        assert g.position() == before
