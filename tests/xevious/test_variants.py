"""The variant-lab options of Super Xevious (issue 6): starting markers, row cap, respawn gifts and the Stage 1
exception. Each test would fail if its option did nothing; refusals name the option, its clause and the reason."""

from __future__ import annotations

import pytest

from tabletop import xevious
from tabletop.xevious.rules import Roll, XeviousVariant

from .helpers import game, pilot, put, rules_fired
from .test_battles import lose_ground_battle


def test_start_solvalou_sets_the_lives_on_every_sheet() -> None:
    """xevious.prep-solvalou: start_solvalou=N puts N Solvalou Markers on every sheet (rulebook 3)."""
    g = game(players=3, variant={"start_solvalou": 1})
    assert [p["solvalou"] for p in g.state["pilots"]] == [1, 1, 1]
    ev = [e for t in g.history for e in t.events if e.rule == "xevious.prep-solvalou"]
    assert ev and "1 Solvalou" in ev[0].text
    # one life: the first unshielded loss is already a respawn
    put(g, 0, w=0, s=0)
    assert "xevious.respawn-stage1" in rules_fired(lose_ground_battle(g))
    assert [p["solvalou"] for p in game(variant={"start_solvalou": 5}).state["pilots"]] == [5, 5]
    assert [p["solvalou"] for p in game().state["pilots"]] == [3, 3]


def test_row_cap_limits_every_row() -> None:
    """xevious.sheet-limit: row_cap=N keeps at most N markers per row; markers beyond are not taken."""
    # area 1 space 8 + 5: the exit gives 1 Shield Marker
    g = game(variant={"row_cap": 3})
    put(g, 0, 0, 7, s=3)
    g.rig(die=5)
    ev = g.play(Roll())
    assert pilot(g, 0).s == 3 and "xevious.sheet-limit" in rules_fired(ev)
    assert any("at most 3 of each" in e.text for e in ev)
    assert g.state["row_cap"] == 3
    # the same move with the rulebook's 5 spaces takes the Shield
    g = game()
    put(g, 0, 0, 7, s=3)
    g.rig(die=5)
    ev = g.play(Roll())
    assert pilot(g, 0).s == 4 and "xevious.sheet-limit" not in rules_fired(ev)
    # a bigger sheet holds more than 5
    g = game(variant={"row_cap": 7})
    put(g, 0, 0, 7, s=5)
    g.rig(die=5)
    g.play(Roll())
    assert pilot(g, 0).s == 6


def test_respawn_gift_changes_what_respawn_gives() -> None:
    """xevious.respawn: respawn_gift=N gives N of each marker ('add' up to the row cap, or 'set' exactly N)."""
    def respawn(variant: dict) -> tuple[int, int, int, list[str]]:
        g = game(variant=variant)
        put(g, 0, 1, 1, w=1, s=0, l=1, stage=2)  # Stage 2, area 2: roll 1 onto the battle 3, roll 2: a loss
        g.rig(die=[1, 2])
        ev = g.play(Roll())
        q = pilot(g, 0)
        return q.l, q.w, q.s, rules_fired(ev)

    assert respawn({})[:3] == (3, 3, 3)  # the rulebook (the lost battle took the only Extra Weapon)
    lives, w, s, fired = respawn({"respawn_gift": 2})
    assert (lives, w, s) == (2, 2, 2) and "xevious.respawn" in fired
    assert respawn({"respawn_gift": 5})[:3] == (5, 5, 5)
    # 'add' stops at the row cap; 'set' sets each row to exactly the gift
    g = game(variant={"respawn_gift": 4, "row_cap": 5})
    put(g, 0, 1, 1, w=4, s=0, l=1, stage=2)
    g.rig(die=[1, 2])
    g.play(Roll())
    assert (pilot(g, 0).l, pilot(g, 0).w, pilot(g, 0).s) == (4, 5, 4)  # 4 - 1 lost + 4 = 7, capped at 5
    g = game(variant={"respawn_gift": 2, "respawn_markers": "set"})
    put(g, 0, 1, 1, w=5, s=0, l=1, stage=2)
    g.rig(die=[1, 2])
    g.play(Roll())
    assert (pilot(g, 0).l, pilot(g, 0).w, pilot(g, 0).s) == (2, 2, 2)


def test_stage1_exception_switch() -> None:
    """xevious.respawn-stage1: switched on (the rulebook) Stage 1 respawn gives only Solvalou Markers; switched
    off it gives the full gift as in every other stage, and the log says the exception is off."""
    g = game()
    put(g, 0, w=0, s=0, l=1)
    ev = lose_ground_battle(g)
    assert (pilot(g, 0).l, pilot(g, 0).w, pilot(g, 0).s) == (3, 0, 0)
    assert "xevious.respawn-stage1" in rules_fired(ev)
    g = game(variant={"stage1_exception": False})
    put(g, 0, w=0, s=0, l=1)
    ev = lose_ground_battle(g)
    assert (pilot(g, 0).l, pilot(g, 0).w, pilot(g, 0).s) == (3, 3, 3)
    assert "xevious.respawn-stage1" not in rules_fired(ev) and "xevious.respawn" in rules_fired(ev)
    assert any("exception is switched off" in e.text for e in ev)
    # the switch concerns Stage 1 only: Stage 2 is the same either way
    for variant in ({}, {"stage1_exception": False}):
        g = game(variant=variant)
        put(g, 0, 1, 1, w=0, s=0, l=1, stage=2)
        g.rig(die=[1, 2])
        g.play(Roll())
        assert (pilot(g, 0).l, pilot(g, 0).w, pilot(g, 0).s) == (3, 3, 3)


@pytest.mark.parametrize(("options", "words"), [
    ({"start_solvalou": 0}, "start_solvalou=0 (xevious.prep-solvalou): must be at least 1"),
    ({"row_cap": 0}, "row_cap=0 (xevious.sheet-limit): must be at least 1"),
    ({"respawn_gift": 0}, "respawn_gift=0 (xevious.respawn): must be at least 1"),
    ({"start_solvalou": 4, "row_cap": 3}, "Solvalou row holds only 3 markers"),
    ({"respawn_gift": 5, "row_cap": 4}, "holds only 4 markers (row_cap)"),
    ({"stage1_exception": "no"}, "stage1_exception (xevious.respawn-stage1) must be a bool"),
])
def test_bad_values_and_combinations_are_refused_with_a_reason(options: dict, words: str) -> None:
    """xevious.prep-solvalou, xevious.sheet-limit, xevious.respawn, xevious.respawn-stage1: Variant.validate
    refuses what cannot be played and says why; no game starts."""
    with pytest.raises(ValueError) as err:
        xevious.new_game(seed=1, variant=options)
    assert words in str(err.value)
    XeviousVariant(row_cap=9, start_solvalou=9, respawn_gift=9).validate()  # a big sheet is fine


def test_variant_options_name_their_clauses() -> None:
    """Each new option names the clause it changes and defaults to the rulebook."""
    info = {o.name: o for o in XeviousVariant.options()}
    assert (info["start_solvalou"].rule, info["start_solvalou"].default) == ("xevious.prep-solvalou", 3)
    assert (info["row_cap"].rule, info["row_cap"].default) == ("xevious.sheet-limit", 5)
    assert (info["respawn_gift"].rule, info["respawn_gift"].default) == ("xevious.respawn", 3)
    assert (info["stage1_exception"].rule, info["stage1_exception"].default) == ("xevious.respawn-stage1", True)


def test_bots_play_whole_games_under_the_new_options() -> None:
    """The bots respect a smaller sheet: no row ever exceeds row_cap, and games still end."""
    from tabletop.engine.bots import play_out

    for seed in range(6):
        g = xevious.new_game(seed=seed, variant={"row_cap": 2, "start_solvalou": 1, "respawn_gift": 2,
                                                 "stage1_exception": False, "turn_cap": 150})
        bots = [xevious.BOTS["sensible"](seed=seed), xevious.BOTS["random"](seed=seed + 1)]
        play_out(g, bots)
        assert g.is_over
        assert all(max(p["extra_weapon"], p["shield"], p["solvalou"]) <= 2 for p in g.state["pilots"])
