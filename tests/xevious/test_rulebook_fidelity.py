"""Issue 10: where the rulebook speaks, the default game follows it; an invented role only fills a gap, and one that
would change a stated rule is an opt-in variant. Each test quotes the sentence it keeps true (each failed on the
main branch before this change)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tabletop import xevious
from tabletop.engine import IllegalAction, RandomBot, load_catalog, play_out
from tabletop.xevious import Rules, data
from tabletop.xevious.rules import Aim, CatchUp, Fly, Roll, TryAgain, XeviousVariant

from .helpers import game, pilot, put, rules_fired, stop

CATALOG = {c.id: c for c in load_catalog(Rules.catalog_path).clauses}


def test_movement_roll_the_die_and_move_the_number_rolled() -> None:
    """MOVEMENT 1: "Roll the die and move a number of spaces equal to the number you rolled". The Cockpit Card's
    "fly 1-6" is an opt-in variant (cockpit_card), refused by default with the clause of the rule it would bend."""
    g = game()
    assert not any(isinstance(a, Fly) for a in g.legal_actions())
    with pytest.raises(IllegalAction) as info:
        g.play(Fly(3))
    assert info.value.rule == "xevious.move-roll" and "cockpit_card" in info.value.reason
    assert not pilot(g, 0).cockpit and "cockpit-check" not in g.raw_state.deck
    v = game(variant={"cockpit_card": True})
    assert Fly(3) in v.legal_actions() and "cockpit-check" in v.raw_state.deck


def test_flag_stays_a_free_stop_after_a_hit() -> None:
    """Locations 5: "Flag/Pin/Sol/Phantom: You may stop on these squares regardless of the number you rolled" —
    also after somebody else's HIT! there (the Daley Pieces' covering role is the opt-in variant daley_pieces)."""
    g = game()
    put(g, 0, 0, 6)
    g.rig(die=1, blaster="HIT!")
    ev = g.play(Roll())  # seat 0 lands on the Flag (area 1 space 8): HIT!
    assert pilot(g, 0).l == 4 and "xevious.daley-piece" not in rules_fired(ev) and not g.raw_state.daley
    put(g, 1, 0, 5)
    g.rig(die=3)
    g.play(Roll())  # seat 1 passes the Flag: it is offered as a stop
    assert [a.step for a in g.legal_actions()] == [2, 3]
    g.rig(blaster="HIT!")
    ev = g.play(stop(g, 2))
    assert "xevious.blaster-draw" in rules_fired(ev) and pilot(g, 1).l == 4
    # the variant keeps its old behaviour, marked as such
    v = game(variant={"daley_pieces": True})
    put(v, 0, 0, 6)
    v.rig(die=1, blaster="HIT!")
    assert "xevious.daley-piece" in rules_fired(v.play(Roll()))
    assert CATALOG["xevious.daley-piece"].title.endswith("(variant)")
    assert CATALOG["xevious.cockpit-card"].title.endswith("(variant)")


def test_retry_after_a_mistake_is_not_blocked_by_another_players_hit() -> None:
    """Locations 5.2: "you may remain on the location to try again"."""
    g = game()
    put(g, 0, 0, 6)
    g.rig(die=1, blaster="MISTAKE")
    g.play(Roll())
    put(g, 1, 0, 6)
    g.rig(die=1, blaster="HIT!")
    g.play(Roll())
    assert TryAgain() in g.legal_actions()


def test_catch_up_from_the_exit_takes_its_markers_once() -> None:
    """MOVEMENT 4: "If the exit location of the area you are in directs you to take Markers you must take those
    Markers even though you might not go thru the exit location" — once: a player standing on the exit took them
    on arriving there."""
    g = game()
    put(g, 0, 0, 7)
    g.rig(die=1)
    ev = g.play(Roll())  # seat 0 lands on the exit of area 1 (S1)
    assert pilot(g, 0).s == 1 and "xevious.exit-markers" in rules_fired(ev)
    put(g, 1, 1, 3)
    g.rig(die=1)
    g.play(Roll())  # seat 1 is in area 2: seat 0 may catch up
    ev = g.play(CatchUp())
    assert pilot(g, 0).s == 1 and (pilot(g, 0).area, pilot(g, 0).idx) == (1, 0)
    assert "xevious.catch-up-exit-markers" in rules_fired(ev)


def test_gump_strength_has_one_source_of_truth() -> None:
    """VICTORY / Stage 7: the number a Gump Marker is fought against is stages.toml's gump_number; the catalog's
    text and the board's text say the same number, and the engine fights that number."""
    n = data.stages()[6].gump_number
    assert 1 <= n <= 5
    assert f"against {n}" in CATALOG["xevious.condition-gump"].says
    assert f"against {n}" in data.stages()[6].text
    other = {int(x) for x in re.findall(r"against (\d)", CATALOG["xevious.condition-gump"].says)}
    assert other == {n}
    barrage = data.stages()[5].barrage
    assert f"against {barrage}" in CATALOG["xevious.condition-garu-barra"].says
    assert f"against {barrage}" in data.stages()[5].text
    g = game()
    put(g, 0, 2, 1, stage=7)
    g.set_up({"gumps": [True, True, True]})
    g.rig(die=[1, 6])
    g.play(Roll())  # area 3 space 3 is the first Gump Marker
    assert g.raw_state.last["n"] == n


def test_stage_conditions_fill_gaps_and_bend_no_stated_rule() -> None:
    """MOVEMENT 1 sentence 3 holds in Stage 3 ("You may stop on a green colored space as you pass it regardless of
    the number you rolled"); MOVEMENT 2 holds in Stage 4 (a lost battle discards a Shield Marker first)."""
    g = game()
    put(g, 0, 0, 2, stage=3)
    g.rig(die=2)
    g.play(Roll())
    assert [a.step for a in g.legal_actions()] == [1, 2]  # the green space passed is a stop
    g = game()
    put(g, 0, 1, 1, stage=4, s=1)
    g.rig(die=1, blaster="HIT!")
    g.play(Roll())  # rescues the Phantom
    put(g, 0, 1, 2)
    put(g, 1, 0, 0)
    g.rig(die=1)
    g.play(Roll())
    g.rig(die=[1, 1])
    ev = g.play(Roll())  # a lost ground battle: the shield goes
    assert "xevious.damage-shield" in rules_fired(ev) and pilot(g, 0).s == 1  # 1 + 1 (Phantom space) - 1


def test_defaults_are_the_rulebook() -> None:
    """The variant docs say the defaults are the rulebook's rules: every option whose doc calls it a VARIANT is off
    by default, and the roles that change a stated rule are exactly those."""
    opts = {o.name: o for o in XeviousVariant.options()}
    variants = {name for name, o in opts.items() if o.doc.startswith("VARIANT")}
    assert variants == {"cockpit_card", "daley_pieces"}
    assert all(opts[name].default is False for name in variants)
    assert "only fills a gap" in opts["extras"].doc


def test_rig_domain_follows_the_variant_and_the_deck() -> None:
    r = xevious.Rules()
    v = XeviousVariant()
    assert "cockpit-check" not in r.rig_domain("card", v, None)
    assert "cockpit-check" in r.rig_domain("card", XeviousVariant(cockpit_card=True), None)
    g = game()
    g.rig(card="special-flag")
    put(g, 0, 0, 5)
    g.rig(die=1)
    g.play(Roll())  # draws the only Special Flag
    assert "special-flag" not in r.rig_domain("card", g.variant, g.raw_state)
    assert r.rig_domain("heading", XeviousVariant(battle_headings=2), None) == ("left", "right")
    assert r.rig_domain("braglease", XeviousVariant(battle_headings=2), None) == ("left", "right")
    assert r.rig_domain("braglease", XeviousVariant(extras=False), None) == ()
    assert r.rig_domain("die", v, None) is None and r.rig_domain("blaster", v, None) is None


def _browser_view(board: Any) -> str:
    """Everything the widget syncs to the browser."""
    state = {k: v for k, v in board.get_state().items()
             if k != "version" and not (isinstance(v, str) and v.startswith("IPY_MODEL_"))}
    return json.dumps(state, sort_keys=True, default=str)


def test_a_face_down_battle_card_never_reaches_the_browser() -> None:
    """Locations 2: "Rotate the card so that the other player does not know which way it points". Two boards
    whose attackers turned their cards differently show the browser exactly the same synced traits until the
    reveal (board state, legal moves, log, view, draws, errors)."""
    views = []
    for heading in ("left", "right"):
        g = game()
        put(g, 0, 0, 3)
        b = xevious.Board(game=g)
        b.rig(die=1)
        b.play(Roll())
        b.play(Aim(heading))
        b.handle_message({"type": "act", "id": '{"heading":"up","type":"Aim"}', "version": b.version})  # why not?
        assert b.error is not None
        views.append(_browser_view(b))
    assert views[0] == views[1]


def test_player_named_you_reads_well() -> None:
    """Issue 9: "You rolls 1", "You meets an enemy": verbs agree with a player called You; no id or null."""
    bad = re.compile(r"\bYou [a-z]*[^s\W]s\b|\bYou's\b|\byou's\b|\bnull\b|\bNone\b")
    for seed in range(6):
        g = xevious.new_game(seed=seed, players=["You", "Bot"], safe=False)
        play_out(g, [RandomBot(seed=seed), RandomBot(seed=seed + 1)], max_steps=600)
        for e in g.log:
            assert not bad.search(e.text), e.text
