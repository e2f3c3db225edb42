"""Position set-up (issue 11): ZaxxonRules.set_up / position, the invariants a position must keep (each refusal
names its clause and changes nothing; its twin without the breach is accepted, so each test fails if its check
were removed), the round trip over positions reached by play, saves that replay a set-up, teaching positions."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest

from tabletop import zaxxon
from tabletop.engine import Game, IllegalAction, SaveError
from tabletop.zaxxon import GreedyBot, Move, Roll, Shoot, Spin
from tabletop.zaxxon.rules import SCENARIOS

# a blue move, Zaxxon awake: most planes may stand anywhere on their side, north of the RADAR barrier included
MOVE = {"round": 5, "phase": "move", "dice": [3, 5], "spin": "WHITE", "to_move": "blue", "count": 3}
AWAKE = {"awake": True, "spaces": ["B15", "B16"]}
HOME = {"blue": ["E1", "G1"], "red": ["E31", "G31"]}
ALL_OUTER = {"C6": "removed", "I6": "removed", "C26": "removed", "I26": "removed"}


def pos(turn: dict[str, Any] | None = None, planes: dict[str, Any] | None = None,
        targets: dict[str, Any] | None = None, zx: dict[str, Any] | None = None) -> dict[str, Any]:
    """A position: blue to move with 3 (WHITE spun), Zaxxon awake on its space, planes home, targets in place."""
    return {"turn": turn or MOVE, "planes": {**HOME, **(planes or {})}, "targets": targets or {},
            "zaxxon": zx or AWAKE}


def snapshot(g: Game[Any]) -> tuple[Any, ...]:
    return (g.digest(), dict(g.state), g.version, len(g.history), json.dumps(g.save(), sort_keys=True))


def refuse(g: Game[Any], position: Any, rule: str, words: str = "") -> IllegalAction:
    before = snapshot(g)
    with pytest.raises(IllegalAction) as info:
        g.set_up(position)
    assert info.value.rule == rule, info.value
    assert words.lower() in info.value.reason.lower(), info.value.reason
    assert snapshot(g) == before  # a refused set-up changes nothing
    return info.value


# (bad position, clause, words in the reason, its twin without the breach): the twin must be accepted
CASES: list[tuple[str, dict[str, Any], str, str, dict[str, Any]]] = [
    ("two planes on one space", pos(planes={"blue": ["E5", "E5"]}), "zaxxon.no-passing-planes", "already",
     pos(planes={"blue": ["E5", "E6"]})),
    ("a plane on the opponent's side", pos(planes={"blue": ["E27", "G1"]}), "zaxxon.own-side",
     "opponent", pos(planes={"blue": ["E5", "G1"]})),
    ("a plane in the Zaxxon area", pos(planes={"blue": ["B13", "G1"]}), "zaxxon.zaxxon-area", "zaxxon area",
     pos(planes={"blue": ["B12", "G1"]})),
    ("a plane on a black space", pos(planes={"blue": ["A1", "G1"]}), "zaxxon.blocked-spaces", "black",
     pos(planes={"blue": ["D1", "G1"]})),
    ("a plane on a high part of a wall", pos(planes={"blue": ["E4 high", "G1"]}), "zaxxon.wall-crossing",
     "low section", pos(planes={"blue": ["E3 high", "G1"]})),
    ("a plane on the wall's low section at Low Altitude", pos(planes={"blue": ["F4 low", "G1"]}),
     "zaxxon.wall-crossing", "high altitude", pos(planes={"blue": ["F4 high", "G1"]})),
    ("a plane left on a wall outside its player's move", pos(turn={"round": 5, "phase": "roll"},
                                                             planes={"blue": ["F4 high", "G1"]}),
     "zaxxon.wall-no-landing", "cannot land", pos(planes={"blue": ["F4 high", "G1"]})),
    ("the other player's plane on a wall", pos(planes={"red": ["F27 high", "G31"]}), "zaxxon.wall-no-landing",
     "cannot land", pos(turn={**MOVE, "to_move": "red", "count": 5}, planes={"red": ["F27 high", "G31"]})),
    ("both planes of a player on walls", pos(planes={"blue": ["F4 high", "I10 high"]}), "zaxxon.wall-no-landing",
     "cannot land", pos(planes={"blue": ["F4 high", "I11 high"]})),
    ("a plane on a target", pos(planes={"blue": ["C6", "G1"]}), "zaxxon.blocked-spaces", "stands there",
     pos(planes={"blue": ["C6", "G1"]}, targets={"C6": "removed"})),
    ("a plane on a fuel tank moved to a FUEL space", pos(planes={"blue": ["I13", "G1"]}, targets={"D8": "I13"}),
     "zaxxon.blocked-spaces", "stands there", pos(planes={"blue": ["I13", "G1"]}, targets={"D8": "C12"})),
    ("an unknown space", pos(planes={"blue": ["Z99", "G1"]}), "zaxxon.board", "not a space",
     pos(planes={"blue": ["e5", "G1"]})),
    ("a space that is not text", pos(planes={"blue": [{"space": 13}, "G1"]}), "zaxxon.setup", "text",
     pos(planes={"blue": [{"space": "E5"}, "G1"]})),
    ("one plane for a player", pos(planes={"blue": ["E1"]}), "zaxxon.setup", "exactly 2",
     pos(planes={"blue": ["E1", "G1"]})),
    ("three planes for a player", pos(planes={"red": ["E31", "G31", "F30"]}), "zaxxon.setup", "exactly 2",
     pos(planes={"red": ["E31", "F30"]})),
    ("a third colour", pos(planes={"green": ["E1", "G1"]}), "zaxxon.setup", "no part",
     pos(planes={"blue": ["E1", "G1"]})),
    ("an unknown altitude", pos(planes={"blue": ["E5 medium", "G1"]}), "zaxxon.altitude", "high",
     pos(planes={"blue": ["E5 high", "G1"]})),
    ("an unknown plane field", pos(planes={"blue": [{"space": "E5", "speed": 3}, "G1"]}), "zaxxon.setup",
     "speed", pos(planes={"blue": [{"space": "E5", "grounded": False}, "G1"]})),
    ("no target starts there", pos(targets={"E5": "removed"}), "zaxxon.setup", "no target starts",
     pos(targets={"J13": "removed"})),
    ("a target key that is no space", pos(targets={"Q1": "removed"}), "zaxxon.board", "not a space",
     pos(targets={"J18": "removed"})),
    ("an indestructible target removed", pos(targets={"D14": "removed"}), "zaxxon.indestructible",
     "purple triangles", pos(targets={"J13": "removed"})),
    ("a missile silo moved", pos(targets={"C6": "C12"}), "zaxxon.shoot-silo-turret", "removed",
     pos(targets={"D8": "C12"})),
    ("a fuel tank moved off the FUEL spaces", pos(targets={"D8": "E12"}), "zaxxon.outer-fuel-tank", "FUEL space",
     pos(targets={"D8": "D12"})),
    ("two fuel tanks on one FUEL space", pos(targets={"D8": "C12", "H8": "C12"}), "zaxxon.outer-fuel-tank",
     "two fuel tanks", pos(targets={"D8": "C12", "H8": "D12"})),
    ("Zaxxon on spaces that are not side by side", pos(zx={"awake": True, "spaces": ["B15", "B17"]}),
     "zaxxon.zaxxon-moves", "side-by-side", pos(zx={"awake": True, "spaces": ["B16", "B17"]})),
    ("Zaxxon out of its area", pos(zx={"awake": True, "spaces": ["D15", "D16"]}), "zaxxon.zaxxon-moves",
     "zaxxon area", pos(zx={"awake": True, "spaces": ["C15", "C16"]})),
    ("Zaxxon moved while asleep", pos(zx={"awake": False, "spaces": ["C15", "C16"]}), "zaxxon.zaxxon-alert",
     "alerted", pos(zx={"awake": False, "spaces": ["B15", "B16"]})),
    ("a Zaxxon move with Zaxxon asleep",
     pos(turn={**MOVE, "phase": "zaxxon", "spin": "Z"}, zx={"awake": False, "spaces": ["B15", "B16"]}),
     "zaxxon.zaxxon-spin", "asleep", pos(turn={**MOVE, "phase": "zaxxon", "spin": "Z"})),
    ("tied dice", pos(turn={**MOVE, "dice": [4, 4]}), "zaxxon.roll", "tie", pos(turn={**MOVE, "dice": [3, 4]})),
    ("a die showing 7", pos(turn={**MOVE, "dice": [3, 7]}), "zaxxon.roll", "1 to 6",
     pos(turn={**MOVE, "dice": [3, 6]})),
    ("red to roll", pos(turn={"round": 2, "phase": "roll", "to_move": "red"}), "zaxxon.roll", "player 1",
     pos(turn={"round": 2, "phase": "roll", "to_move": "blue"})),
    ("the higher roller to spin", pos(turn={"round": 2, "phase": "spin", "dice": [5, 2], "to_move": "blue"}),
     "zaxxon.spinner", "lower roller", pos(turn={"round": 2, "phase": "spin", "dice": [5, 2], "to_move": "red"})),
    ("a spin before the spin", pos(turn={"round": 2, "phase": "spin", "dice": [5, 2], "spin": "RED"}),
     "zaxxon.spinner", "nothing yet", pos(turn={"round": 2, "phase": "spin", "dice": [5, 2], "spin": ""})),
    ("moves before the spin", pos(turn={**MOVE, "spin": ""}), "zaxxon.spinner", "after the spin",
     pos(turn={**MOVE, "spin": "BLUE"})),
    ("a Zaxxon move without a Z", pos(turn={**MOVE, "phase": "zaxxon", "spin": "RED"}), "zaxxon.zaxxon-spin",
     "z is spun", pos(turn={**MOVE, "phase": "zaxxon", "spin": "Z"})),
    ("more count than the die", pos(turn={**MOVE, "count": 4}), "zaxxon.end-turn", "1 to 3",
     pos(turn={**MOVE, "count": 1})),
    ("no count left in a move", pos(turn={**MOVE, "count": 0}), "zaxxon.end-turn", "1 to 3",
     pos(turn={**MOVE, "count": 2})),
    ("a count at the roll", pos(turn={"round": 2, "phase": "roll", "count": 2}), "zaxxon.end-turn", "count 0",
     pos(turn={"round": 2, "phase": "roll", "count": 0})),
    ("an unknown phase", pos(turn={**MOVE, "phase": "dance"}), "zaxxon.order-of-play", "dance",
     pos(turn={**MOVE, "phase": "move"})),
    ("a finished game", pos(turn={**MOVE, "phase": "over"}), "zaxxon.win", "finished", pos()),
    ("turn 0", pos(turn={**MOVE, "round": 0}), "zaxxon.setup", "round", pos(turn={**MOVE, "round": 1})),
    ("a grounded plane at the roll", pos(turn={"round": 2, "phase": "roll"},
                                         planes={"blue": [{"space": "E1", "grounded": True}, "G1"]}),
     "zaxxon.shot-down-outer", "next turn", pos(planes={"blue": [{"space": "E1", "grounded": True}, "G1"]})),
    ("a grounded plane away from home base and RESTART",
     pos(planes={"blue": [{"space": "E5", "grounded": True}, "G1"]}), "zaxxon.shot-down-outer", "restart",
     pos(planes={"blue": [{"space": "E9", "grounded": True}, "G1"]})),
    ("a grounded plane at High Altitude",
     pos(planes={"blue": [{"space": "E1", "altitude": "high", "grounded": True}, "G1"]}),
     "zaxxon.shot-down-outer", "low altitude", pos(planes={"blue": [{"space": "E1", "grounded": True}, "G1"]})),
    ("a plane in a live silo area after RED", pos(turn={**MOVE, "spin": "RED"}, planes={"blue": ["C7", "G1"]}),
     "zaxxon.red-silo-fire", "shot down",
     pos(turn={**MOVE, "spin": "RED"}, planes={"blue": ["C7", "G1"]}, targets={"C6": "removed"})),
    ("a whole mission done",
     pos(planes={"blue": [{"space": "E1", "shot_zaxxon": True}, {"space": "G1", "shot_zaxxon": True}]},
         targets={**ALL_OUTER, "D8": "removed", "H8": "removed"}), "zaxxon.win", "complete",
     pos(planes={"blue": [{"space": "E1", "shot_zaxxon": True}, {"space": "G1", "shot_zaxxon": True}]},
         targets={**ALL_OUTER, "D8": "removed", "H8": "C12"})),
    ("an unknown part", {**pos(), "score": 3}, "zaxxon.setup", "score", pos()),
    ("a turn that is not an object", {**pos(), "turn": "roll"}, "zaxxon.setup", "object", pos()),
]


@pytest.mark.parametrize(("bad", "rule", "words", "good"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_an_impossible_position_names_its_clause_and_changes_nothing(bad, rule, words, good) -> None:
    g = zaxxon.new_game(seed=5)
    g.play(Roll())  # something to keep: a refusal must leave the game exactly as it was
    refuse(g, bad, rule, words)
    g.set_up(good)  # the twin without the breach is a position the game accepts
    again = zaxxon.new_game(seed=6)
    again.set_up(g.position())
    assert again.state == g.state


@pytest.mark.parametrize(("bad", "rule", "words"), [
    (pos(turn={**MOVE, "dice": "35"}), "zaxxon.setup", "two whole numbers"),
    (pos(turn={**MOVE, "dice": [3, 5, 6]}), "zaxxon.setup", "two whole numbers"),
    (pos(turn={**MOVE, "spin": 5}), "zaxxon.spinner", "not spun yet"),
    (pos(turn={**MOVE, "spin": "GREEN"}), "zaxxon.spinner", "not spun yet"),
    (pos(turn={**MOVE, "to_move": "green"}), "zaxxon.setup", "to_move"),
    (pos(turn={**MOVE, "count": "3"}), "zaxxon.setup", "whole number"),
    (pos(turn={**MOVE, "round": True}), "zaxxon.setup", "round"),
    (pos(planes={"blue": ["E5 high fast", "G1"]}), "zaxxon.setup", "SPACE high"),
    (pos(planes={"blue": [{"altitude": "high"}, "G1"]}), "zaxxon.setup", "give its"),
    (pos(planes={"blue": [{"space": "E5", "grounded": "yes"}, "G1"]}), "zaxxon.setup", "true or false"),
    (pos(planes={"blue": [{"space": "E5", "shot_zaxxon": 1}, "G1"]}), "zaxxon.setup", "true or false"),
    (pos(planes={"blue": "E1 G1"}), "zaxxon.setup", "exactly 2"),
    ({**pos(), "targets": ["C6"]}, "zaxxon.setup", "an object"),
    (pos(targets={"D8": "C12", "d8": "D12"}), "zaxxon.setup", "listed twice"),
    (pos(targets={"D8": 12}), "zaxxon.setup", "text"),
    (pos(zx={"awake": "yes"}), "zaxxon.setup", "true or false"),
    (pos(zx={"spaces": "B15"}), "zaxxon.setup", "two spaces"),
    (pos(zx={"awake": True, "facing": "N"}), "zaxxon.setup", "facing"),
    ([1, 2], "zaxxon.setup", "object"),
    ("{not json", "zaxxon.setup", "not JSON"),
])
def test_a_malformed_description_is_refused_naming_the_field(bad, rule, words) -> None:
    g = zaxxon.new_game(seed=5)
    refuse(g, bad, rule, words)


@pytest.mark.parametrize(("variant", "bad", "rule", "good"), [
    ({"zaxxon_awake": True}, pos(zx={"awake": False, "spaces": ["B15", "B16"]}), "zaxxon.zaxxon-alert", pos()),
    ({"max_rounds": 10}, pos(turn={**MOVE, "round": 11}), "zaxxon.turn-cap", pos(turn={**MOVE, "round": 10})),
    ({"spinner_weights": [1, 1, 0, 1]}, pos(turn={**MOVE, "spin": "WHITE"}), "zaxxon.spinner",
     pos(turn={**MOVE, "spin": "BLUE"})),
    ({"grounded_after_shot": False}, pos(planes={"blue": [{"space": "E1", "grounded": True}, "G1"]}),
     "zaxxon.shot-down-outer", pos(planes={"blue": ["E1", "G1"]})),
], ids=["zaxxon_awake", "max_rounds", "spinner_weights", "grounded_after_shot"])
def test_variant_invariants(variant, bad, rule, good) -> None:
    g = zaxxon.new_game(seed=5, variant=variant)
    refuse(g, bad, rule)
    g.set_up(good)


def test_set_up_changes_the_position_and_keeps_what_is_left_out() -> None:
    g = zaxxon.new_game(seed=2)
    events = g.set_up({"planes": {"blue": ["C8", "G3 high"]}, "targets": {"D8": "I13", "C6": "removed"}})
    assert [e.rule for e in events] == ["zaxxon.setup"]
    st = g.state
    assert [(p["space"], p["altitude"]) for p in st["planes"]] == [("C8", "low"), ("G3", "high"), ("E31", "low"),
                                                                 ("G31", "low")]
    assert st["mission"][0] == {"outer_fuel": 1, "outer_silo": 1, "outer_turret": 0, "inner_fuel": 0,
                                "zaxxon": (False, False)}  # mission progress derives from the targets
    assert st["targets"][2]["space"] == "I13" and st["targets"][2]["inner"]
    g.set_up('{"zaxxon": {"awake": true}, "turn": {"round": 7}}')  # JSON text; planes and targets kept
    st = g.state
    assert st["zaxxon"]["active"] and st["round"] == 7 and st["planes"][0]["space"] == "C8"
    assert g.position()["targets"] == {"D8": "I13", "C6": "removed"}
    g.set_up({"targets": {}})  # every target back on its lettered space
    assert g.state["targets"] == zaxxon.new_game(seed=1).state["targets"]
    assert g.state["mission"][0]["outer_silo"] == 0


def test_a_finished_game_is_set_up_only_with_a_turn() -> None:
    g = zaxxon.new_game(seed=2)
    g.set_up(zaxxon.teaching_positions()["last-target"]["position"])
    g.rig(die=[2, 5], spinner="WHITE")
    g.play(Roll())
    g.play(Spin())
    g.play(Shoot(1, "C12"))
    assert g.is_over and g.winner == 0
    refuse(g, {"planes": HOME}, "zaxxon.win", "over")
    g.set_up({"turn": {"round": 1}, "planes": HOME, "targets": {}})
    assert not g.is_over and g.winner is None and g.current_player == 0


def _positions_from_play(seeds: range, every: int) -> list[Game[Any]]:
    """Games paused at many positions reached by play (greedy bots with random moves mixed in)."""
    out = []
    for seed in seeds:
        rnd = random.Random(seed)
        bots = [GreedyBot(seed=seed), GreedyBot(seed=seed + 100)]
        g = zaxxon.new_game(seed=seed, variant={"max_rounds": 120})
        n = 0
        while not g.is_over:
            n += 1
            if n % every == 0:
                out.append(g.fork())
            legal = g.legal_actions()
            g.play(bots[g.current_player].choose(g, legal) if rnd.random() < 0.8 else rnd.choice(legal))
    return out


def test_position_round_trips_for_positions_reached_by_play() -> None:
    seen: Counter[str] = Counter()
    games = _positions_from_play(range(4), 3)
    assert len(games) > 200
    for g in games:
        p = g.position()
        assert json.loads(json.dumps(p)) == p  # plain JSON
        fresh = zaxxon.new_game(seed=999, variant=g.variant)
        fresh.set_up(json.dumps(p))
        assert fresh.state == g.state, p
        assert fresh.legal_actions() == g.legal_actions()
        seen.update([p["turn"]["phase"], "awake" if p["zaxxon"]["awake"] else "asleep", f"targets {len(p['targets'])}"])
        seen.update(k for c in p["planes"].values() for pl in c for k in pl if k in ("grounded", "shot_zaxxon"))
    # the positions cover what a position can hold
    for what in ("roll", "spin", "zaxxon", "move", "awake", "asleep", "grounded", "shot_zaxxon", "targets 0"):
        assert seen[what], (what, seen)
    assert sum(n for k, n in seen.items() if k.startswith("targets ") and k != "targets 0") > 50


VARIANTS = [{"grounded_after_shot": False}, {"turret_fires_on_entry": True, "must_use_full_count": True},
            {"zaxxon_awake": True, "radar_barrier": False}, {"spinner_weights": [2, 1, 0, 1]},
            *({"scenario": name} for name in SCENARIOS)]


@pytest.mark.parametrize("variant", VARIANTS, ids=[",".join(f"{k}={v}" for k, v in v.items()) for v in VARIANTS])
def test_position_round_trips_under_variants_and_from_teaching_scenarios(variant) -> None:
    rnd = random.Random(str(variant))
    g = zaxxon.new_game(seed=3, variant={**variant, "max_rounds": 12})
    n = 0
    while not g.is_over:
        if n % 3 == 0:
            fresh = zaxxon.new_game(seed=4, variant=g.variant)
            fresh.set_up(g.position())
            assert fresh.state == g.state
        n += 1
        g.play(rnd.choice(g.legal_actions()))
    assert n > 20


def test_set_up_of_its_own_position_changes_nothing_but_the_history() -> None:
    for g in _positions_from_play(range(1), 7)[:25]:
        before = g.state
        n = len(g.history)
        g.set_up(g.position())
        assert g.state == before and len(g.history) == n + 1
        g.undo()
        assert g.state == before and len(g.history) == n


def test_a_set_up_game_saves_loads_replays_and_undoes() -> None:
    g = zaxxon.new_game(seed=11)
    g.play(Roll())
    start = g.state
    g.set_up(zaxxon.teaching_positions()["silo-shot"]["position"])
    g.play(Shoot(1, "C6"))
    assert g.state["mission"][0]["outer_silo"] == 1
    g.play(g.legal_actions()[0])
    save = json.loads(json.dumps(g.save()))
    assert any("setup" in e for e in save["script"])
    h = zaxxon.load(save)
    assert h.state == g.state and h.digest() == g.digest() and h.position() == g.position()
    assert [str(a) for a in h.legal_actions()] == [str(a) for a in g.legal_actions()]
    # undo goes back through the set-up to the game before it
    h.undo()
    h.undo()
    h.undo()
    assert h.state == start
    # a save whose set-up entry describes an impossible position does not replay (named in the reason)
    bad = copy.deepcopy(save)
    entry = next(e for e in bad["script"] if "setup" in e)
    entry["setup"]["planes"]["blue"] = ["C8", "C8"]
    with pytest.raises(SaveError, match=r"zaxxon\.no-passing-planes"):
        Game.load(g.rules, bad, check=False)


# -- teaching positions ---------------------------------------------------------------------------------------
def test_teaching_positions_load_and_have_legal_moves() -> None:
    tp = zaxxon.teaching_positions()
    assert 3 <= len(tp) <= 5
    for name, entry in tp.items():
        assert set(entry) <= {"title", "about", "variant", "position"} and {"title", "about", "position"} <= set(entry)
        assert entry["title"] and entry["about"].count(". ") == 0 and entry["about"].endswith(".")
        assert "our reconstruction" in entry["about"], name  # none of them is in the rulebook
        g = zaxxon.new_game(seed=3, variant=entry.get("variant"))
        g.set_up(entry["position"])
        assert g.legal_actions(), name
        assert not g.is_over
        again = zaxxon.new_game(seed=4, variant=entry.get("variant"))
        again.set_up(g.position())
        assert again.state == g.state
    tp["radar"]["title"] = "changed"
    assert zaxxon.teaching_positions()["radar"]["title"] != "changed"  # a fresh copy each time


def test_teaching_positions_show_what_they_say() -> None:
    tp = zaxxon.teaching_positions()
    g = zaxxon.new_game(seed=3)
    g.set_up(tp["silo-shot"]["position"])
    assert Shoot(1, "C6") in g.legal_actions()
    g.set_up(tp["wall"]["position"])
    assert Move(1, "F4") in g.legal_actions()
    g.set_up(tp["radar"]["position"])
    st = g.state
    assert not st["zaxxon"]["active"] and {"G14", "G17"} <= {p["space"] for p in st["planes"]}
    g.set_up(tp["zaxxon-awake"]["position"])
    st = g.state
    assert st["phase"] == "zaxxon" and st["zaxxon"]["active"] and st["zaxxon"]["facing"] == "S"
    g.set_up(tp["last-target"]["position"])
    assert [t["space"] for t in g.state["targets"] if t["owner"] == 0 and t["space"]] == ["C12"]
