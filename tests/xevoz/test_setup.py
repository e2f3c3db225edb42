"""Issue 11, Xevoz: a position is set up through the public API (``XevozRules.set_up`` / ``position``, through
``Game.set_up`` / ``Game.position``). An impossible position is refused naming the catalog clause it breaks and
changes nothing; ``set_up(position(s))`` reproduces any round-start state of random play; a set-up saves, loads,
replays and undoes like a move; the named teaching positions load and teach what they say."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tabletop import xevoz
from tabletop.engine import Game, IllegalAction, RandomBot, SaveError, load_catalog
from tabletop.xevoz import Call, Chop, XevozRules
from tests.xevoz.helpers import battle, round_, rules_of

KNOWN = {c.id for c in load_catalog(XevozRules.catalog_path).clauses}

BASE: dict[str, Any] = {
    "phase": "call", "round": 4, "attacker": 0, "mat": "meta-beast",
    "sides": [
        {"figure": "razorclaw", "chopped": ["horn-l", "claw"], "drain_on": {"figure": "skull-jack", "part": "jaw"},
         "drain_home": "back", "square": "C3"},
        {"figure": "skull-jack", "chopped": ["foot-l", "tailbone"], "drain_on": None, "drain_home": "skull",
         "square": "D3"},
    ],
}


def with_(path: str, value: Any) -> dict[str, Any]:
    """BASE with one field replaced: ``"mat"`` or ``"0.square"`` (seat 0's square)."""
    out = copy.deepcopy(BASE)
    if "." in path:
        seat, key = path.split(".")
        out["sides"][int(seat)][key] = value
    else:
        out[path] = value
    return out


def test_set_up_puts_the_battle_at_the_described_round_start() -> None:
    g = xevoz.new_game(seed=3)
    ev = g.set_up(BASE)
    assert rules_of(ev) == ["xevoz.figure-health", "xevoz.figure-health", "xevoz.attack-call"]
    st = g.state
    assert st["phase"] == "call" and st["round"] == 4 and g.current_player == 0 and st["mat"]["id"] == "meta-beast"
    a, b = st["sides"]
    # points of life follow from the parts chopped (the DRAIN ATTACK part is no point of life)
    assert (a["life"], b["life"]) == (22, 22) and list(a["pile"]) == ["horn-l", "claw"]
    assert a["drain_on"] == "jaw" and a["drain_home"] is None and b["drain_home"] == "skull"
    assert (a["pos"], b["pos"]) == ("C3", "D3") and a["ready"] and b["ready"]
    assert g.legal_actions() == [Call("black"), Call("white")]
    assert g.position()["sides"][0]["drain_on"] == {"figure": "skull-jack", "part": "jaw"}


def test_left_out_keys_keep_their_value_and_json_text_is_accepted() -> None:
    g = battle()
    g.set_up('{"sides": [{"chopped": ["horn-r"]}, {}]}')
    assert list(g.state["sides"][0]["pile"]) == ["horn-r"] and g.state["sides"][0]["life"] == 23
    assert g.state["sides"][0]["pos"] == "C3" and g.state["attacker"] == 0 and g.state["round"] == 1
    g.set_up({"attacker": 1})
    assert g.current_player == 1 and list(g.state["sides"][0]["pile"]) == ["horn-r"]
    # another figure comes whole, with its own helix
    g.set_up({"sides": [{"figure": "thunder-shaman"}, {}]})
    side = g.state["sides"][0]
    assert side["figure"] == "thunder-shaman" and not side["pile"] and side["life"] == 24
    assert side["helix"][0]["glyph"] == "storm-staff" and side["pos"] == "C3"


def test_a_played_battle_goes_on_from_a_set_up_drain_attack() -> None:
    g = xevoz.new_game(seed=2)
    g.set_up(BASE)
    ev = round_(g, "1a", "3a", "white")  # razor-claw white 7 sword beats chain-whip 3
    assert "xevoz.drain-bonus-chop" in rules_of(ev)
    assert [k for k, _, _ in g.raw_state.queue] == ["chop", "chop"]


# -- every invariant: refused naming its clause, and nothing changes --------------------------------------------
REFUSALS = [
    # a part present whose parent is chopped (Razorclaw: Head carries the Jaw Trap and the Horned Helm)
    (with_("0.chopped", ["head"]), "xevoz.stay-connected", "snaps onto"),
    (with_("1.chopped", ["spine", "jaw"]), "xevoz.stay-connected", "Skull"),
    # a part that cannot be chopped
    (with_("0.chopped", ["drain"]), "xevoz.drain-uncuttable", "cannot be chopped"),
    (with_("0.chopped", ["horn-l", "horn-l"]), "xevoz.chop-pile", "chopped twice"),
    (with_("0.chopped", ["wing"]), "xevoz.chop-pile", "no part 'wing'"),
    # a DRAIN ATTACK on a chopped part, on its own figure, on a DRAIN ATTACK part, or at home on a chopped part
    (with_("0.drain_on", {"figure": "skull-jack", "part": "foot-l"}), "xevoz.drain-attach", "chopped"),
    (with_("0.drain_on", {"figure": "razorclaw", "part": "torso"}), "xevoz.drain-attach", "its own Razorclaw"),
    (with_("0.drain_on", {"figure": "skull-jack", "part": "fang"}), "xevoz.drain-attach", "DRAIN ATTACK part"),
    (with_("0.drain_on", {"figure": "skull-jack", "part": "tail"}), "xevoz.drain-attach", "no part 'tail'"),
    (with_("1.drain_home", "tailbone"), "xevoz.drain-home", "chopped"),
    (with_("1.drain_home", "fang"), "xevoz.drain-home", "itself"),
    (with_("1.drain_home", None), "xevoz.drain-home", "drain_home"),
    # squares: two figures on one, off the mat, not next to each other
    (with_("1.square", "C3"), "xevoz.movement", "both figures stand on C3"),
    (with_("1.square", "G3"), "xevoz.movement", "not a square of the 6x6 mat"),
    (with_("1.square", "F6"), "xevoz.defender-follows", "not next to each other"),
    # unknown figure, mat, glyph; a helix or figure the pre-battle check refuses
    (with_("1.figure", "nobody"), "xevoz.redesign", "no ready figure 'nobody'"),
    (with_("mat", "moon"), "xevoz.choose-world", "no mat 'moon'"),
    (with_("1.helix", ["skull-helm", "bone-scythe", "chain-whip", "grave-lantern", "shadow-wing", "ufo"]),
     "xevoz.helix-six", "no glyph 'ufo'"),
    (with_("1.helix", ["skull-helm", "bone-scythe", "chain-whip", "grave-lantern", "shadow-wing"]),
     "xevoz.helix-six", "exactly 6"),
    (with_("1.helix", ["skull-helm", "bone-scythe", "chain-whip", "grave-lantern", "shadow-wing", "razor-claw"]),
     "xevoz.power-parts", "lacks the Power Part"),
    ({**with_("1.figure", "sledge-trooper"), "sides": [BASE["sides"][0], {"figure": "sledge-trooper"}]},
     "xevoz.equal-parts", "same number"),
    # no points of life left: the battle would be over
    (with_("1.chopped", ["helm", "jaw", "skull", "spine", "wing-l", "scythe", "hand-l", "arm-l", "shoulder-l",
                         "hook", "hand-r", "arm-r", "shoulder-r", "chain", "lantern", "foot-l", "shin-l", "leg-l",
                         "foot-r", "shin-r", "leg-r", "tailbone", "pelvis", "ribs"]), "xevoz.winning", "no points"),
    # who attacks, the round's rolls, the shape of a description
    (with_("attacker", 2), "xevoz.next-attacker", "seat 0 or 1"),
    (with_("attacker", True), "xevoz.next-attacker", "seat 0 or 1"),
    (with_("roll", {"kind": "attack", "faces": ["7a", "1a"], "colour": "black", "strength": [1, 2],
                    "bonus": [0, 0], "winner": 1, "warp": -1, "bomb": "", "blast": False, "attacker": 0}),
     "xevoz.helix-roll", "'faces'"),
    (with_("roll", {"kind": "dice"}), "xevoz.helix-roll", "kind"),
    (with_("sides", [BASE["sides"][0]]), "xevoz.two-players", "two objects"),
    (with_("phase", "actions"), "xevoz.forgotten-actions", "not empty exactly while"),
    (with_("phase", "dancing"), "xevoz.setup", "'phase' is one of"),
    ({**BASE, "queue": [{"kind": "chop", "chooser": 0, "owner": 1}]}, "xevoz.forgotten-actions",
     "phase 'call' with 1 decision"),
    ({**BASE, "phase": "actions", "round_winner": 0, "queue": [{"kind": "dance", "chooser": 0, "owner": 1}]},
     "xevoz.actions", "'kind' is one of"),
    ({**BASE, "phase": "actions", "round_winner": 0, "queue": [{"kind": "chop", "chooser": 2, "owner": 1}]},
     "xevoz.forgotten-actions", "are seats"),
    ({**BASE, "phase": "actions", "queue": [{"kind": "chop", "chooser": 0, "owner": 1}]}, "xevoz.setup",
     "'round_winner' names a seat"),
    ({**BASE, "round_winner": 1}, "xevoz.setup", "'round_winner' is -1"),
    ({**BASE, "round_ends": True}, "xevoz.drain-attach", "'round_ends' is true only"),
    ({**BASE, "phase": "move", "round_winner": 0, "chooser": 1}, "xevoz.movement", "round's winner moves"),
    ({**BASE, "phase": "over", "winner": 0}, "xevoz.winning", "still has"),
    ({**BASE, "phase": "build"}, "xevoz.choose-world", "no mat is chosen yet"),
    ({**BASE, "phase": "warp-place", "chooser": 0}, "xevoz.start-spaces", "off the mat in this phase"),
    (with_("0.drain_on", "off"), "xevoz.drain-host-chopped", "only while its reattach"),
    (with_("0.ready", False), "xevoz.pre-battle-check", "'ready' is true or false"),
    (with_("round", 0), "xevoz.setup", "'round'"),
    (with_("weather", "rain"), "xevoz.setup", "no field 'weather'"),
    (with_("0.colour", "red"), "xevoz.setup", "no field 'colour'"),
    (with_("0.chopped", "horn-l"), "xevoz.setup", "lists part ids"),
    (with_("0.drain_on", "jaw"), "xevoz.setup", "'drain_on' is null"),
]


@pytest.mark.parametrize("bad, rule, words", REFUSALS, ids=[f"{r[1]}-{i}" for i, r in enumerate(REFUSALS)])
def test_an_impossible_position_is_refused_naming_its_clause_and_changes_nothing(bad, rule, words) -> None:
    g = xevoz.new_game(seed=4)
    g.set_up(BASE)
    round_(g, "3a", "1a", "white")  # a round played after the set-up: refusals must leave it all as it is
    g.play(g.legal_actions()[0])
    before, version, log = g.save(), g.version, len(g.log)
    with pytest.raises(IllegalAction) as info:
        g.set_up(bad)
    assert info.value.rule == rule, info.value
    assert words in info.value.reason
    assert rule in KNOWN or rule == "xevoz.setup"  # a catalog clause, or the kit's malformed-description id
    assert g.save() == before and g.version == version and len(g.log) == log


def test_a_mat_not_on_the_table_is_refused() -> None:
    g = xevoz.new_game(seed=1, variant={"mats": ("sectoid", "hyperfury")})
    with pytest.raises(IllegalAction, match="not on the table") as info:
        g.set_up(BASE)
    assert info.value.rule == "xevoz.choose-world"
    g.set_up(with_("mat", "sectoid"))
    assert g.state["mat"]["id"] == "sectoid"


def test_a_fresh_game_needs_a_mat_and_squares() -> None:
    g = xevoz.new_game(seed=1)
    with pytest.raises(IllegalAction, match="needs a mat") as info:
        g.set_up({"attacker": 0})
    assert info.value.rule == "xevoz.choose-world"
    with pytest.raises(IllegalAction, match="needs a 'square'") as info:
        g.set_up({"mat": "meta-beast", "attacker": 0})
    assert info.value.rule == "xevoz.start-spaces" and g.state["phase"] == "build"


def _same_position(a: Game, b: Game) -> None:
    """The two games are in the same position: what the board shows, and what the rules read next."""
    assert a.state == b.state
    for field in ("phase", "queue", "chooser", "attacker", "round", "winner", "mat", "table", "max_gold"):
        assert getattr(a.raw_state, field) == getattr(b.raw_state, field), field
    ph = a.raw_state.phase
    if ph in ("actions", "move", "follow"):
        assert a.raw_state.round_winner == b.raw_state.round_winner
    if ph == "actions":
        assert a.raw_state.round_ends == b.raw_state.round_ends
    if ph == "choose-mat":
        assert a.raw_state.mat_context == b.raw_state.mat_context
    for x, y in zip(a.raw_state.sides, b.raw_state.sides, strict=True):
        assert (x.drain_on, x.home_on, x.ready, x.pos, x.pile) == (y.drain_on, y.home_on, y.ready, y.pos, y.pile)
    assert a.legal_actions() == b.legal_actions() and a.current_player == b.current_player


@pytest.mark.parametrize("seed, variant", [(0, None), (1, {"tie": "re-roll"}), (2, {"mats": ("meta-beast", "sectoid")}),
                                           (3, {"parts": 18})])
def test_every_position_of_random_play_is_described_and_set_up_again(seed, variant) -> None:
    """Any position a board can show, in every phase (the build, a warp, the queue of chops, a move, the end), is
    copied by position() and set up again exactly: the same state, the same legal moves, the same next events."""
    g = xevoz.new_game(seed=seed, variant=variant)
    bots = [RandomBot(seed=seed), RandomBot(seed=seed + 7)]
    phases: set[str] = set()
    steps = 0
    while steps < 3000:
        pos = g.position()
        fresh = xevoz.new_game(seed=seed + 100, variant=variant)
        fresh.set_up(json.loads(json.dumps(pos)))
        _same_position(g, fresh)
        assert fresh.position() == pos
        phases.add(pos["phase"])
        if g.is_over:
            break
        act = bots[g.current_player].choose(g, g.legal_actions())
        mine = [e.text for e in g.play(act)]
        if pos["phase"] not in ("first", "world", "call"):  # no helix is rolled: the copy goes on exactly the same
            assert [e.text for e in fresh.play(act)] == mine, (seed, steps, pos["phase"])
            _same_position(g, fresh)
        steps += 1
    assert {"build", "first", "world", "start", "call", "actions", "move", "follow", "over"} <= phases, phases
    if variant == {"mats": ("meta-beast", "sectoid")}:  # this seed warps: a mat chosen, the figures placed again
        assert {"choose-mat", "warp-place", "warp-follow"} <= phases, phases


# -- round trip --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed, variant", [(0, None), (1, None), (2, {"parts": 18}), (3, {"tie": "re-roll"}),
                                           (4, {"mats": ("meta-beast", "sectoid")}), (5, None)])
def test_set_up_of_position_reproduces_every_round_start_of_random_play(seed, variant) -> None:
    g = xevoz.new_game(seed=seed, variant=variant)
    bots = [RandomBot(seed=seed), RandomBot(seed=seed + 7)]  # uniform: picks figures, flips and swaps glyphs
    checked = steps = 0
    while not g.is_over and steps < 4000:
        if g.raw_state.phase == "call" and steps % 3 == 0:
            pos = g.position()
            fresh = xevoz.new_game(seed=seed + 100, variant=variant)
            fresh.set_up(json.loads(json.dumps(pos)))
            assert fresh.state == g.state, (seed, steps)
            assert fresh.position() == pos
            checked += 1
        g.play(bots[g.current_player].choose(g, g.legal_actions()))
        steps += 1
    assert checked >= 5


# -- save, load, replay, undo ------------------------------------------------------------------------------------
def test_a_set_up_position_saves_loads_replays_and_undoes() -> None:
    g = battle()
    first = g.position()
    g.set_up(BASE)
    round_(g, "1a", "3a", "white")
    while g.raw_state.phase != "call":
        g.play(g.legal_actions()[0])
    data = json.loads(json.dumps(g.save()))
    assert {"setup": BASE} in data["script"]
    back = xevoz.load(data)
    assert back.state == g.state and back.position() == g.position() and back.digest() == g.digest()
    assert [e.rule for e in back.log] == [e.rule for e in g.log]
    # an edited set-up is refused, and a set-up that cannot replay says which entry
    edited = copy.deepcopy(data)
    next(e for e in edited["script"] if "setup" in e)["setup"]["sides"][1]["square"] = "C3"
    with pytest.raises(SaveError, match="'script' was changed"):
        Game.load(XevozRules(), edited)
    with pytest.raises(SaveError, match="does not replay.*both figures stand on C3"):
        Game.load(XevozRules(), edited, check=False)
    # undo takes back the round, then the set-up
    while g.raw_state.phase != "call" or g.raw_state.round != 4:
        g.undo()
    g.undo()
    assert g.position() == first


# -- teaching positions -------------------------------------------------------------------------------------------
def test_each_teaching_position_loads_with_legal_moves_and_round_trips() -> None:
    named = xevoz.teaching_positions()
    assert 3 <= len(named) <= 5
    for key, entry in named.items():
        assert set(entry) <= {"title", "about", "variant", "position"} and entry["title"], key
        about = entry["about"]
        assert about.count(". ") == 0 and about.endswith("."), f"{key}: one sentence"
        assert "reconstruction" in about or "rulebook's" in about, f"{key}: say where it comes from"
        g = xevoz.new_game(seed=1, variant=entry.get("variant"))
        g.set_up(entry["position"])
        assert g.legal_actions() and not g.is_over, key
        got, want = g.position(), entry["position"]
        assert {k: got[k] for k in want if k != "sides"} == {k: v for k, v in want.items() if k != "sides"}, key
        for seat in (0, 1):
            assert {k: got["sides"][seat][k] for k in want["sides"][seat]} == want["sides"][seat], (key, seat)
    named["on-the-warp-square"]["title"] = "changed"
    assert xevoz.teaching_positions()["on-the-warp-square"]["title"] != "changed"  # a fresh copy each call


def position_game(key: str) -> Game:
    g = xevoz.new_game(seed=1)
    g.set_up(xevoz.teaching_positions()[key]["position"])
    return g


def test_the_teaching_positions_teach_what_they_say() -> None:
    g = position_game("drain-attached-bonus-chop")
    assert "xevoz.drain-bonus-chop" in rules_of(round_(g, "1a", "3a", "white"))
    g = position_game("one-part-from-defeat")
    round_(g, "1a", "3a", "white")  # Razorclaw's razor-claw: white 7, a sword
    g.play(Chop("ribs"))
    assert g.is_over and g.winner == 0
    g = position_game("on-the-warp-square")
    assert "xevoz.warp" in rules_of(round_(g, "3a", "1a", "black"))  # Spine Ridge, a Sectoid glyph, on A1
    assert g.raw_state.mat == "sectoid"
    g = position_game("on-a-bonus-square")
    ev = round_(g, "1a", "3a", "white")  # a Meta-Beast glyph on the Meta-Beast Bonus +3
    assert "xevoz.bonus-space" in rules_of(ev) and g.raw_state.roll["strength"][0] == 7 + 3
