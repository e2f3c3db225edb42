"""Issue 11: Super Xevious position set-up (XeviousRules.set_up / position, Game.set_up / Game.position).

A position is the start of a turn: the stage, each player's place and Attack Strength Sheet, the Gump Markers and
Daley Pieces, the order of play and the seat to roll. Each impossible position is refused naming the clause it
breaks and changes nothing; ``set_up(position(s))`` reproduces ``to_json`` (but the hidden decks, the last reveal
and the setup rolls); set-ups save, load and replay; the teaching positions load and can be played from.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tabletop import xevious
from tabletop.engine import Game, IllegalAction, load_catalog, thaw
from tabletop.xevious.rules import Roll, TryAgain

from .helpers import game, pilot, rules_fired
from .test_fuzz_and_bots import VARIANTS

CLAUSES = set(load_catalog(xevious.Rules.catalog_path).ids)
#: what a description leaves out of to_json: hidden decks, the widget's last reveal, the order-of-play rolls
NOT_DESCRIBED = {"deck", "braglease", "last", "setup_rolls"}


def two(first: dict[str, Any] | None = None, second: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    return [first or {}, second or {}]


def test_set_up_places_the_movers_and_fills_the_sheets() -> None:
    g = game()
    g.set_up({"stage": 2, "to_play": 1, "players": two({"area": 2, "space": 3, "solvalou": 1, "extra_weapon": 4},
                                                       {"area": 3, "space": 1, "shield": 5})})
    s = g.state
    assert s["stage"] == 2 and s["panel"] == "B" and g.current_player == 1 and s["phase"] == "turn"
    blue, red = s["pilots"]
    assert (blue["area"], blue["space"], blue["solvalou"], blue["extra_weapon"], blue["shield"]) == (1, 2, 1, 4, 0)
    assert (red["area"], red["space"], red["solvalou"], red["shield"]) == (2, 0, 3, 5)  # left out: kept
    assert g.position()["players"][0] == {"area": 2, "space": 3, "solvalou": 1, "extra_weapon": 4, "shield": 0,
                                          "retry": False, "phantom": False, "cockpit": False, "beaten": []}
    g.rig(die=2)  # play goes on from there: Red rolls from area 3's entrance (card space, then ground 3)
    g.play(Roll())
    assert (pilot(g, 1).area, pilot(g, 1).idx) == (2, 2)


def test_a_description_is_json_text_too_and_fields_left_out_keep_their_value() -> None:
    g = game(players=3)
    before = g.position()
    g.set_up('{"rounds": 5}')
    after = g.position()
    assert after["rounds"] == 5 and {**after, "rounds": 0} == before


def test_a_mover_at_the_stage_gate_stays_there_when_only_the_stage_changes() -> None:
    g = game(players=3)
    g.set_up({"players": [{"gate": True}, {"area": 3}, {}], "to_play": 1})
    assert g.state["pilots"][0]["at_gate"] and g.position()["players"][0]["gate"] is True
    assert "area" not in g.position()["players"][0]
    g.set_up({"stage": 4})
    assert g.state["pilots"][0]["at_gate"] and g.state["pilots"][0]["area"] == 3
    g.set_up({"players": [{"area": 1, "space": 2}, {}, {}]})
    assert not g.state["pilots"][0]["at_gate"]


def test_changing_the_order_drops_the_setup_rolls_that_no_longer_explain_it() -> None:
    g = game()
    assert g.state["setup_rolls"]
    g.set_up({"order": [0, 1]})  # the same order: the rolls still hold
    assert g.state["setup_rolls"]
    g.set_up({"order": [1, 0], "to_play": 0})
    assert list(g.state["order"]) == [1, 0] and g.current_player == 0 and g.state["turn"] == 1
    assert list(g.state["setup_rolls"]) == []


def test_a_set_up_in_the_middle_of_a_turn_starts_the_seat_s_turn() -> None:
    g = game()
    g.set_up({"players": two({"area": 1, "space": 4})})
    g.rig(die=1)
    g.play(Roll())  # lands on the air battle: a decision is pending
    assert g.raw_state.phase == "aim"
    g.set_up({"to_play": 0})
    assert g.raw_state.phase == "turn" and g.state["pending"] is None and g.legal_actions() == [Roll()]


# ---------------------------------------------------------------------------------------- refusals
DAL = {"daley_pieces": True}
REFUSALS: list[tuple[str, dict[str, Any] | None, Any, str, str]] = [
    # (name, variant, description, clause, words)
    ("stage 0", None, {"stage": 0}, "xevious.pieces", "Stages 1 to 7"),
    ("stage 8", None, {"stage": 8}, "xevious.pieces", "not Stage 8"),
    ("area past the stage", None, {"stage": 2, "players": two({"area": 4})}, "xevious.pieces", "areas 1 to 3"),
    ("area 0", None, {"players": two({"area": 0})}, "xevious.pieces", "not area 0"),
    ("space past the area", None, {"stage": 2, "players": two({"area": 1, "space": 9})}, "xevious.pieces",
     "spaces 1 to 8"),
    ("space 0", None, {"players": two({"area": 1, "space": 0})}, "xevious.pieces", "not space 0"),
    ("a kept area on a shorter stage", None, {"stage": 5, "players": two({"space": 8})}, "xevious.pieces",
     "spaces 1 to 7"),
    ("six shields", None, {"players": two({"shield": 6})}, "xevious.sheet-limit", "at most 5 markers, not 6"),
    ("six weapons", None, {"players": two(None, {"extra_weapon": 6})}, "xevious.sheet-limit", "Extra Weapon row"),
    ("six solvalou", None, {"players": two({"solvalou": 6})}, "xevious.sheet-limit", "Solvalou row"),
    ("the variant's row cap", {"row_cap": 3, "start_solvalou": 3, "respawn_gift": 3},
     {"players": two({"shield": 4})}, "xevious.sheet-limit", "at most 3 markers"),
    ("negative markers", None, {"players": two({"extra_weapon": -1})}, "xevious.sheet-rows", "not -1"),
    ("no solvalou", None, {"players": two({"solvalou": 0})}, "xevious.respawn", "respawns"),
    ("the gate of stage 7", None, {"stage": 7, "players": two({"gate": True})}, "xevious.move-forward",
     "no stage gate"),
    ("to play from the gate", None, {"players": two({"gate": True}), "to_play": 0}, "xevious.stage-gate",
     "turns are skipped"),
    ("everybody at the gate", None, {"players": two({"gate": True}, {"gate": True})}, "xevious.stage-gate",
     "waits at the stage gate"),
    ("a seat that is not there", None, {"to_play": 2}, "xevious.turn-order", "0 to 1"),
    ("a seat twice in the order", None, {"order": [0, 0]}, "xevious.prep-order", "each seat once"),
    ("too few players", None, {"players": [{}]}, "xevious.prep-sheet", "2 entries, not 1"),
    ("rounds past the cap", None, {"rounds": 400}, "xevious.turn-cap", "below the turn cap"),
    ("negative rounds", None, {"rounds": -1}, "xevious.turn-cap", "not -1"),
    ("retry off a blaster space", None, {"players": two({"area": 1, "space": 3, "retry": True})},
     "xevious.blaster-mistake", "Flag / Pin / Sol / Phantom"),
    ("retry when it comes at once", {"retry_uses_turn": False}, {"players": two({"area": 1, "space": 8,
                                                                                  "retry": True})},
     "xevious.blaster-mistake", "retry_uses_turn=False"),
    ("a phantom outside stage 4", None, {"players": two({"phantom": True})}, "xevious.condition-phantom",
     "only in Stage 4"),
    ("a phantom without the conditions", {"stage_conditions": False},
     {"stage": 4, "players": two({"phantom": True})}, "xevious.condition-phantom", "only in Stage 4"),
    ("a cockpit card in the rulebook game", None, {"players": two({"cockpit": True})}, "xevious.cockpit-card",
     "cockpit_card=True"),
    ("a beaten guard that is none", None, {"players": two({"beaten": [[3, 5]]})},
     "xevious.condition-andor-genesis", "area 3 space 5"),
    ("a beaten guard off stage 1", None, {"stage": 2, "players": two({"beaten": [[3, 6]]})},
     "xevious.condition-andor-genesis", "Stage 1 only"),
    ("gumps of another game", None, {"gumps": [True, True]}, "xevious.condition-gump", "3 Gump Markers"),
    ("a gump fallen before stage 7", None, {"stage": 3, "gumps": [False, True, True]}, "xevious.condition-gump",
     "only in Stage 7"),
    ("past a standing gump", None, {"stage": 7, "gumps": [False, True, True],
                                    "players": two({"area": 3, "space": 7})},
     "xevious.condition-gump", "past the standing Gump Marker on area 3 space 6"),
    ("every gump fallen", None, {"stage": 7, "gumps": [False, False, False]}, "xevious.victory", "already won"),
    ("daley pieces in the rulebook game", None, {"daley": [[1, 8]]}, "xevious.daley-piece", "daley_pieces=True"),
    ("a daley piece off a blaster space", DAL, {"daley": [[1, 7]]}, "xevious.daley-piece", "not area 1 space 7"),
    ("a daley piece off the board", DAL, {"daley": [[1, 10]]}, "xevious.pieces", "spaces 1 to 9"),
    # the form: unknown fields and wrong types (the kit's xevious.setup)
    ("an unknown field", None, {"lives": 3}, "xevious.setup", "no field 'lives'"),
    ("an unknown player field", None, {"players": two({"lives": 3})}, "xevious.setup", "no field 'lives'"),
    ("a stage as text", None, {"stage": "2"}, "xevious.setup", "whole number"),
    ("a stage as true", None, {"stage": True}, "xevious.setup", "whole number"),
    ("markers as a float", None, {"players": two({"shield": 2.0})}, "xevious.setup", "whole number"),
    ("players not a list", None, {"players": {"0": {}}}, "xevious.setup", "is a list"),
    ("a player not an object", None, {"players": [1, {}]}, "xevious.setup", "object of fields"),
    ("a flag not true or false", None, {"players": two({"retry": 1})}, "xevious.setup", "true or false"),
    ("gate and area", None, {"players": two({"gate": True, "area": 2})}, "xevious.setup", "no area or space"),
    ("a malformed square", None, {"players": two({"beaten": [[3]]})}, "xevious.setup", "[area, space]"),
    ("gumps not booleans", None, {"gumps": [1, 1, 1]}, "xevious.setup", "true (standing)"),
    ("a list", None, [1, 2], "xevious.setup", "object of fields"),
]


@pytest.mark.parametrize("variant, bad, rule, words", [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS])
def test_an_impossible_position_is_refused_naming_its_clause_and_changes_nothing(variant, bad, rule, words) -> None:
    g = game(variant=variant)
    g.set_up({"players": two({"area": 1, "space": 2})})  # a first set-up, and a move: a game under way
    g.rig(die=[1, 6])  # onto the battle 2, won
    g.play(Roll())
    assert g.current_player == 1 and g.position()["players"][0]["space"] == 3
    before, version, state = g.save(), g.version, thaw(g.state)
    with pytest.raises(IllegalAction) as info:
        g.set_up(bad)
    assert info.value.rule == rule and words in info.value.reason, info.value
    assert rule in CLAUSES or rule == "xevious.setup"
    assert g.save() == before and g.version == version and thaw(g.state) == state


def test_a_finished_game_cannot_be_set_up_again_from_its_own_position() -> None:
    """A description is a turn start: a won game's position (no Gump standing) is refused by xevious.victory."""
    g = game()
    g.set_up({"stage": 7, "gumps": [False, False, True], "players": two({"area": 3, "space": 8})})
    g.rig(die=6)
    g.play(Roll() if Roll() in g.legal_actions() else g.legal_actions()[0])
    assert g.winner == 0
    with pytest.raises(IllegalAction) as info:
        game().set_up(g.position())
    assert info.value.rule == "xevious.victory"


# ---------------------------------------------------------------------------------------- round trip
def _described(g: Game[Any]) -> dict[str, Any]:
    return {k: v for k, v in thaw(g.state).items() if k not in NOT_DESCRIBED}


@pytest.mark.parametrize("seed", range(8))
def test_set_up_of_position_round_trips_at_every_turn_start_of_random_play(seed: int) -> None:
    variant = VARIANTS[seed % len(VARIANTS)]
    players = 1 + seed % 4
    g = xevious.new_game(seed=seed, players=players, variant=variant)
    rng = random.Random(seed)
    stages, checked = set(), 0
    for _ in range(1500):
        if g.is_over:
            break
        if g.raw_state.phase == "turn":
            fresh = xevious.new_game(seed=seed + 100, players=players, variant=variant)
            fresh.set_up(g.position())
            assert _described(fresh) == _described(g)
            assert fresh.position() == g.position()
            checked += 1
            stages.add(g.state["stage"])
            if checked % 25 == 0:  # on the game itself the set-up changes nothing but the history
                probe = g.fork()
                probe.set_up(g.position())
                assert thaw(probe.state) == thaw(g.state)
        acts = g.legal_actions()
        g.play(acts[rng.randrange(len(acts))])
    assert checked > 50 and len(stages) >= 2


# ---------------------------------------------------------------------------------------- save, load, replay
def test_a_set_up_saves_loads_and_replays_like_any_game() -> None:
    g = game(seed=7)
    g.rig(die=3)
    g.play(Roll())
    g.set_up({"stage": 2, "to_play": 0, "players": two({"area": 2, "space": 2, "solvalou": 1, "extra_weapon": 1})})
    g.rig(die=[1, 2])  # onto the battle 3, and a loss: the last Solvalou goes, respawn in Stage 2
    ev = g.play(Roll())
    assert "xevious.respawn" in rules_fired(ev) and (pilot(g, 0).l, pilot(g, 0).w, pilot(g, 0).s) == (3, 3, 3)
    data = json.loads(json.dumps(g.save()))
    assert any("setup" in entry for entry in data["script"])
    back = xevious.load(data)
    assert back.digest() == g.digest() and back.position() == g.position() and thaw(back.state) == thaw(g.state)
    assert [e.rule for e in back.log] == [e.rule for e in g.log]
    g.undo()
    g.undo()  # the roll, then the set-up
    assert g.state["stage"] == 1 and g.position()["players"][0]["solvalou"] == 3


# ---------------------------------------------------------------------------------------- teaching positions
def test_teaching_positions_load_and_can_be_played_from() -> None:
    positions = xevious.teaching_positions()
    assert 3 <= len(positions) <= 5
    for name, entry in positions.items():
        assert set(entry) <= {"title", "about", "variant", "position"}, name
        assert entry["title"] and entry["about"].endswith(".") and "reconstruction" in entry["about"], name
        spec = entry["position"]
        g = xevious.new_game(seed=1, players=len(spec["players"]), variant=entry.get("variant"))
        g.set_up(spec)
        assert g.legal_actions() and not g.is_over, name
        for k, described in enumerate(spec["players"]):  # the game shows what the description says
            mine = g.position()["players"][k]
            assert {f: mine[f] for f in described} == described, (name, k)
        g.play(g.legal_actions()[0])  # and play goes on


def test_teaching_positions_show_what_their_titles_say() -> None:
    positions = xevious.teaching_positions()

    def start(name: str) -> Game[Any]:
        spec = positions[name]["position"]
        g = xevious.new_game(seed=1, players=len(spec["players"]))
        g.set_up(spec)
        return g

    g = start("last-solvalou-stage-2")
    g.rig(die=[1, 1])  # onto the battle 3; a loss: the last Solvalou goes
    g.play(g.legal_actions()[0])
    if g.raw_state.phase == "boost":
        g.play(g.legal_actions()[-1])  # without the Extra Weapon
    assert "xevious.respawn" in [e.rule for e in g.log] and pilot(g, 0).s == 3
    assert TryAgain() in start("on-the-flag").legal_actions()
    assert "catch up" in str(start("left-behind").legal_actions())
    assert "attack" in str(start("andor-genesis").legal_actions())
    gumps = start("gump-markers")
    assert sum(gumps.raw_state.gumps) == 2 and "attack" in str(gumps.legal_actions())
    assert xevious.teaching_positions() is not xevious.teaching_positions()  # a fresh copy each call
