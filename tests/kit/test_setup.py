"""Issue 11: position set-up is public engine API (Rules.set_up / Rules.position, Game.set_up / Game.position):
validated (a refusal names the rule and changes nothing), undoable, and saved, loaded and replayed like a move."""

from __future__ import annotations

import json

import pytest

from tabletop.engine import Game, IllegalAction, Rules, SaveError

from .pig import Hold, PigRules, Roll


def pig(seed: int = 1) -> Game:
    return Game(PigRules(), seed=seed)


def test_set_up_moves_the_game_to_the_described_position() -> None:
    g = pig()
    ev = g.set_up({"scores": [12, 7], "pot": 5, "turn": 1})
    assert [e.rule for e in ev] == ["pig.setup"]
    assert list(g.state["scores"]) == [12, 7] and g.state["pot"] == 5 and g.current_player == 1
    assert g.position() == {"scores": [12, 7], "pot": 5, "turn": 1}
    assert Hold() in g.legal_actions()  # play goes on from there
    g.rig(die=6)
    g.play(Roll())
    assert g.state["pot"] == 11


def test_a_description_may_be_json_text_and_leaves_out_fields() -> None:
    g = pig()
    g.set_up('{"scores": [3, 4]}')
    assert g.position() == {"scores": [3, 4], "pot": 0, "turn": 0}


@pytest.mark.parametrize("bad, rule, words", [
    ({"scores": [20, 0]}, "pig.win", "already won"),
    ({"pot": 1}, "pig.roll", "a roll of 1"),
    ({"turn": 2}, "pig.setup", "seat 0 or 1"),
    ({"turn": True}, "pig.setup", "seat 0 or 1"),
    ({"dice": 3}, "pig.setup", "no field 'dice'"),
    ({"pot": float("nan")}, "pig.setup", "NaN"),
    ([1, 2], "pig.setup", "object of fields"),
    ("{not json", "pig.setup", "not JSON"),
    ({"scores": "x" * 200_000}, "pig.setup", "at most"),
])
def test_an_impossible_position_is_refused_naming_the_rule_and_changes_nothing(bad, rule, words) -> None:
    g = pig()
    g.rig(die=4)
    g.play(Roll())
    before, version = g.save(), g.version
    with pytest.raises(IllegalAction) as info:
        g.set_up(bad)
    assert info.value.rule == rule and words in info.value.reason
    assert g.save() == before and g.version == version


def test_set_up_is_undone_like_a_move_and_saves_replay_it() -> None:
    g = pig(seed=5)
    g.rig(die=3)
    g.play(Roll())
    g.set_up({"scores": [10, 15], "pot": 0, "turn": 1})
    g.rig(die=[5, 2])
    g.play(Roll())
    data = json.loads(json.dumps(g.save()))
    assert {"setup": {"scores": [10, 15], "pot": 0, "turn": 1}} in data["script"]
    back = Game.load(PigRules(), data)
    assert back.digest() == g.digest() and back.position() == g.position() and back.rigged == g.rigged
    # an edited set-up is refused, naming the field
    next(e for e in data["script"] if "setup" in e)["setup"]["scores"] = [19, 0]
    with pytest.raises(SaveError, match="'script' was changed"):
        Game.load(PigRules(), data)
    # undo takes the roll back, then the set-up
    g.undo()
    g.undo()
    assert g.position() == {"scores": [0, 0], "pot": 3, "turn": 0}


def test_a_malformed_setup_entry_in_a_save_is_a_plain_save_error() -> None:
    g = pig()
    g.set_up({"scores": [1, 2]})
    data = g.save()
    data["script"][0] = {"setup": [1]}
    with pytest.raises(SaveError, match="position description"):
        Game.load(PigRules(), data, check=False)
    data["script"][0] = {"setup": {"scores": [25, 0]}}
    with pytest.raises(SaveError, match="does not replay.*already won"):
        Game.load(PigRules(), data, check=False)


class NoSetupPig(PigRules):
    """A game that offers no position set-up: the kit's default."""

    set_up = Rules.set_up  # type: ignore[assignment]


def test_a_game_without_set_up_says_so() -> None:
    g = Game(NoSetupPig(), seed=1)
    with pytest.raises(IllegalAction, match="has no position set-up") as info:
        g.set_up({})
    assert info.value.rule.endswith(".setup")
