"""One or more tests per clause of the Xevoz catalog; each would fail if its rule were broken."""

from __future__ import annotations

import dataclasses

import pytest

from tabletop import xevoz
from tabletop.engine import Game, IllegalAction, RigError
from tabletop.xevoz import (
    AttachDrain,
    Call,
    ChooseMat,
    Chop,
    Flip,
    FreeDrain,
    Heal,
    KeepDrain,
    Move,
    PickFigure,
    Place,
    Ready,
    RollHelix,
    Swap,
)
from tabletop.xevoz.data import DataError, components, parse_figure
from tabletop.xevoz.rules import Side, XevozRules
from tests.xevoz.helpers import battle, chop_parts, pos, put, round_, rules_of


def refused(g: Game, action, rule: str, words: str = "") -> IllegalAction:
    before, v = g.digest(), g.version
    with pytest.raises(IllegalAction) as info:
        g.play(action)
    assert info.value.rule == rule, info.value
    assert words.lower() in info.value.reason.lower(), info.value.reason
    assert g.digest() == before and g.version == v
    return info.value


def queue(g: Game) -> list[tuple[str, int, int]]:
    return list(g.raw_state.queue)


def custom_game(parts: str, helix: list[str], seed: int = 1) -> Game:
    """A game whose seat-1 figure (id razorclaw) is replaced by a custom part tree and helix."""
    comp = components()
    fig = parse_figure({"id": "razorclaw", "name": "Custom", "parts": parts, "helix": helix}, "test", comp.glyphs)
    figs = dict(comp.figures)
    figs["razorclaw"] = fig
    return Game(XevozRules(dataclasses.replace(comp, figures=figs)), seed=seed)


# ---------------------------------------------------------------------------------------------- build
def test_two_players() -> None:  # xevoz.two-players
    g = xevoz.new_game(seed=1)
    assert len(g.players) == 2 and "xevoz.two-players" in rules_of(g.log)
    with pytest.raises(ValueError, match="2 players"):
        xevoz.new_game(players=3)


def test_figure_health_counts_every_part_but_the_drain() -> None:  # xevoz.figure-health
    f = components().figures["razorclaw"]
    assert f.n_parts == 25 and f.life == 24 and f.part_names[f.drain] == "Drain Spike"
    g = battle()
    assert g.state["sides"][1]["life"] == 24
    round_(g, "4a", "2a", "white")  # 9 sword sword beats 7 sword
    g.play(Chop("helm"))
    assert g.state["sides"][1]["life"] == 23


def test_equal_parts_checked_before_battle() -> None:  # xevoz.equal-parts
    g = xevoz.new_game(seed=1)
    g.play(Ready())
    g.play(PickFigure("sledge-trooper"))
    assert Ready() not in g.legal_actions()
    refused(g, Ready(), "xevoz.equal-parts", "27 parts")
    g.play(PickFigure("thunder-shaman"))
    g.play(Ready())
    assert g.raw_state.phase == "first"


def test_at_most_one_drain_part_and_it_is_not_life() -> None:  # xevoz.one-drain-part
    with pytest.raises(DataError, match="xevoz.one-drain-part"):
        parse_figure({"id": "x", "name": "X", "parts": "a A\n  b B [drain]\n  c C [drain]\n"}, "test",
                     components().glyphs)
    f = parse_figure({"id": "x", "name": "X", "parts": "a A\n  b B [drain]\n  c C\n"}, "test", components().glyphs)
    assert f.n_parts == 3 and f.life == 2


def test_power_parts_must_be_on_the_figure() -> None:  # xevoz.power-parts
    g = xevoz.new_game(seed=1)
    refused(g, Swap(1, "storm-staff"), "xevoz.power-parts", "Storm Staff")
    g.play(Swap(1, "jaw-trap"))  # Razorclaw carries the Jaw Trap
    assert g.raw_state.sides[0].helix[0] == ("jaw-trap", False)
    with pytest.raises(DataError, match="Power Part"):
        parse_figure({"id": "x", "name": "X", "parts": "a A\n", "helix": ["storm-staff"]}, "t", components().glyphs)


def test_glyph_keeps_power_after_its_part_is_chopped() -> None:  # xevoz.glyph-keeps-power
    g = battle()
    chop_parts(g, 0, ["claw"])  # the Razor Claw Power Part is gone
    round_(g, "1a", "3a", "white")  # razor-claw: white 7 sword against chain-whip 3
    assert g.raw_state.round_winner == 0 and queue(g) == [("chop", 0, 1)]


def test_glyph_sides_mirror_and_gold() -> None:  # xevoz.glyph-sides
    comp = components()
    g = comp.glyphs["razor-claw"]
    assert (g.white.strength, g.white.swords, g.black.strength, g.black.stars) == (7, 1, 3, 1)
    assert g.attacks(True) == (g.black, g.white)
    plain = {x.white.strength + x.black.strength for x in comp.glyphs.values() if not x.gold}
    gold = {x.white.strength + x.black.strength for x in comp.glyphs.values() if x.gold}
    assert min(gold) > max(plain)
    assert len(comp.glyphs) >= 24 and sum(x.gold for x in comp.glyphs.values()) >= 4
    rules = XevozRules()
    side = Side(comp.figures["razorclaw"], comp.figures["razorclaw"].helix)
    assert rules.glyph_at(side, "1a") == rules.glyph_at(side, "1b")  # both battle sides read the same


def test_helix_six_glyphs() -> None:  # xevoz.helix-six
    comp = components()
    f = comp.figures["razorclaw"]
    rules = XevozRules()
    assert ("xevoz.helix-six", "a Battle Helix holds exactly 6 glyphs, this one has 5") in rules.helix_problems(
        Side(f, f.helix[:5]))
    g = xevoz.new_game(seed=1)
    refused(g, Swap(2, "razor-claw"), "xevoz.helix-six", "already in the helix")


def test_helix_at_most_three_gold() -> None:  # xevoz.helix-gold
    parts = ("t Torso\n  a Horned Helm\n  b Shoulder Spikes\n  c Storm Staff\n  d Lightning Orb\n"
             "  e Razor Claw\n  f Bone Blade\n")
    g = custom_game(parts, ["horned-helm", "shoulder-spikes", "storm-staff", "lightning-orb", "razor-claw",
                            "bone-blade"])
    refused(g, Ready(), "xevoz.helix-gold", "4 gold")
    g2 = custom_game(parts, ["horned-helm", "shoulder-spikes", "storm-staff", "razor-claw", "bone-blade",
                             "lightning-orb"])
    assert any(r == "xevoz.helix-gold" for r, _ in g2.rules.helix_problems(g2.raw_state.sides[0]))
    g3 = custom_game(parts.replace("Lightning Orb", "Spine Ridge"),
                     ["horned-helm", "shoulder-spikes", "storm-staff", "spine-ridge", "razor-claw", "bone-blade"])
    assert not g3.rules.helix_problems(g3.raw_state.sides[0])  # exactly three gold is fine


def test_helix_at_most_one_drain_glyph() -> None:  # xevoz.helix-drain
    parts = ("t Torso\n  a Drain Spike [drain]\n  b Drain Fang\n  c Razor Claw\n  d Bone Blade\n"
             "  e Spine Ridge\n  f Tail Club\n")
    g = custom_game(parts, ["drain-spike", "drain-fang", "razor-claw", "bone-blade", "spine-ridge", "tail-club"])
    refused(g, Ready(), "xevoz.helix-drain", "2 DRAIN ATTACK glyphs")


def test_helix_roll_lands_on_one_of_twelve_battle_sides() -> None:  # xevoz.helix-roll
    g = battle()
    with pytest.raises(RigError):
        g.rig(helix1="7a")
    with pytest.raises(RigError):
        g.rig(helix1="1c")
    seen = set()
    for s in range(300):
        h = xevoz.new_game(seed=s)
        xevoz.start_battle(h)
        h.play(Call("black"))
        seen.add(h.raw_state.roll["faces"][0] if h.raw_state.roll.get("kind") == "attack" else None)
    assert {f"{i}{s}" for i in range(1, 7) for s in "ab"} <= seen


def test_end_caps_must_differ() -> None:  # xevoz.end-caps
    with pytest.raises(ValueError, match="xevoz.end-caps"):
        xevoz.new_game(variant={"end_caps": ("red", "Red")})
    assert xevoz.new_game(variant={"end_caps": ("green", "black")}).variant.end_caps == ("green", "black")


def test_pre_battle_check_gates_the_battle() -> None:  # xevoz.pre-battle-check
    g = xevoz.new_game(seed=1)
    refused(g, Call("black"), "xevoz.pre-battle-check", "pre-battle check")
    refused(g, RollHelix(), "xevoz.pre-battle-check")
    g.play(Ready())
    assert g.current_player == 1 and g.raw_state.phase == "build"
    g.play(Ready())
    assert g.raw_state.phase == "first" and g.legal_actions() == [RollHelix()]


def test_redesign_flip_swap_pick_only_before_battle() -> None:  # xevoz.redesign
    g = xevoz.new_game(seed=1)
    g.play(Flip(1))
    s = g.state["sides"][0]["helix"][0]
    assert s["flipped"] and s["white"]["strength"] == 3 and s["black"]["strength"] == 7
    g.play(Swap(2, "jaw-trap"))
    assert g.state["sides"][0]["helix"][1]["glyph"] == "jaw-trap"
    g.play(PickFigure("thunder-shaman"))
    assert g.state["sides"][0]["name"] == "Thunder Shaman"
    refused(g, Flip(9), "xevoz.redesign", "no slot 9")
    b = battle()
    refused(b, Flip(1), "xevoz.attack-call")


def test_flipped_glyph_reads_black_as_white() -> None:  # xevoz.redesign
    g = xevoz.new_game(seed=1)
    g.play(Flip(1))  # razor-claw: black now 7 sword
    g.rig(helix1=["4a", "1a"], helix2="2a")
    xevoz.start_battle(g, start="C3")
    round_(g, "1a", "2a", "black")  # 7 against bone-scythe's black 3
    assert g.raw_state.round_winner == 0 and queue(g) == [("chop", 0, 1)]


# ---------------------------------------------------------------------------------------------- battle
def test_first_attacker_adds_black_and_white_and_rerolls_ties() -> None:  # xevoz.first-attacker
    g = xevoz.new_game(seed=1)
    g.play(Ready())
    g.play(Ready())
    g.rig(helix1="1a", helix2="2b")  # 7+3 against 7+3: tie
    g.play(RollHelix())
    assert g.raw_state.phase == "first" and "re-roll" in g.log[-1].text
    g.rig(helix1="1b", helix2="1a")  # 10 against 13
    g.play(RollHelix())
    assert g.raw_state.attacker == 1 and g.raw_state.phase == "world" and g.current_player == 1


def test_first_attacker_when_totals_can_never_differ() -> None:  # xevoz.first-attacker
    g = xevoz.new_game(seed=1, variant={"figures": ("skull-jack", "skull-jack")})
    for _seat in (0, 1):  # both helixes made of glyphs that all add up to 10
        g.play(Swap(1, "rib-cage"))
        g.play(Ready())
    g.rig(helix1="2a", helix2="3a")  # totals 10 and 10; black 3 against 7
    ev = g.play(RollHelix())
    assert "higher black strength decides" in ev[0].text and g.raw_state.attacker == 1
    h = xevoz.new_game(seed=1)
    h.play(Ready())
    h.play(Ready())
    h.rig(helix1="2a", helix2="3a")  # 10 and 10, but other totals are possible: a plain re-roll
    h.play(RollHelix())
    assert h.raw_state.phase == "first"


def test_choose_world_by_rolled_species() -> None:  # xevoz.choose-world
    g = xevoz.new_game(seed=1)
    g.rig(helix1=["4a", "2a"], helix2="2a")
    xevoz.start_battle(g)
    assert g.raw_state.mat == "reptosaur"  # bone-blade is a Reptosaur glyph


def test_choose_world_attacker_picks_when_no_mat() -> None:  # xevoz.choose-world
    g = xevoz.new_game(seed=1, variant={"mats": ("meta-beast", "sectoid")})
    g.rig(helix1=["4a", "2a"], helix2="2a")
    g.play(Ready())
    g.play(Ready())
    g.play(RollHelix())
    g.play(RollHelix())
    assert g.raw_state.phase == "choose-mat" and g.current_player == 0
    assert set(g.legal_actions()) == {ChooseMat("meta-beast"), ChooseMat("sectoid")}
    refused(g, ChooseMat("reptosaur"), "xevoz.choose-world", "the Meta-Beast mat, the Sectoid mat")
    g.play(ChooseMat("sectoid"))
    assert g.raw_state.mat == "sectoid" and g.raw_state.phase == "start"


def test_start_spaces_attacker_first() -> None:  # xevoz.start-spaces
    g = xevoz.new_game(seed=1)
    g.rig(helix1=["4a", "1a"], helix2="2a")
    for _ in range(4):
        g.play(g.legal_actions()[0])
    assert g.raw_state.phase == "start" and g.current_player == 0
    refused(g, Place("A1"), "xevoz.start-spaces", "C3 and D3")
    g.play(Place("D3"))
    assert pos(g, 0) == "D3" and pos(g, 1) == "C3" and g.raw_state.phase == "call"


def test_attack_call_then_both_roll() -> None:  # xevoz.attack-call
    g = battle()
    assert g.legal_actions() == [Call("black"), Call("white")] and g.current_player == 0
    refused(g, Call("green"), "xevoz.attack-call", "black")
    g.play(Call("white"))
    assert [d.kind for d in g.last_draws] == ["helix1", "helix2"]
    assert g.raw_state.roll["colour"] == "white"


def test_resolve_higher_strength_in_called_colour() -> None:  # xevoz.resolve
    g = battle()
    round_(g, "4a", "3a", "black")  # black: 4 star against chain-whip's 7 star: the defender wins
    assert g.raw_state.round_winner == 1
    h = battle()
    round_(h, "4a", "3a", "white")  # white: 9 sword sword against 3 sword sword sword
    assert h.raw_state.round_winner == 0 and queue(h) == [("chop", 0, 1), ("chop", 0, 1)]


def test_tie_defender_attacks_no_action_no_move() -> None:  # xevoz.tie
    g = battle()
    ev = round_(g, "3a", "1a", "black")  # 5 against 5
    assert "xevoz.tie" in rules_of(ev)
    st = g.raw_state
    assert st.attacker == 1 and st.phase == "call" and not st.queue
    assert pos(g, 0) == "C3" and pos(g, 1) == "D3" and st.sides[1].life == 24 and st.sides[0].life == 24


def test_bonus_space_adds_when_species_match() -> None:  # xevoz.bonus-space
    g = battle()
    put(g, 0, "B4")  # META-BEAST Bonus +3
    ev = round_(g, "1a", "2a", "black")  # razor-claw (Meta-Beast) 3 + 3 = 6 against 3
    assert "xevoz.bonus-space" in rules_of(ev) and g.raw_state.roll["strength"] == [6, 3]
    assert g.raw_state.round_winner == 0
    h = battle()
    put(h, 0, "B4")
    round_(h, "2a", "2a", "white")  # bone-blade is Reptosaur: no bonus, 4 against 7
    assert h.raw_state.roll["bonus"] == [0, 0] and h.raw_state.round_winner == 1


def test_warp_ends_round_before_attack() -> None:  # xevoz.warp
    g = battle()
    put(g, 1, "A1")  # Sectoid warp space on the Meta-Beast mat
    ev = round_(g, "4a", "3a", "white")  # Skull Jack rolls chain-whip (Sectoid); Razorclaw would have won
    assert "xevoz.warp" in rules_of(ev) and "xevoz.resolve" not in rules_of(ev)
    st = g.raw_state
    assert st.sides[1].life == 24 and st.mat == "sectoid" and st.phase == "warp-place" and g.current_player == 1


def test_warp_place_anywhere_then_adjacent() -> None:  # xevoz.warp-place
    g = battle()
    put(g, 1, "A1")
    round_(g, "4a", "3a", "white")
    assert len(g.legal_actions()) == 36
    g.play(Place("B2"))
    assert g.current_player == 0
    assert {a.cell for a in g.legal_actions()} == {"A2", "C2", "B1", "B3"}
    refused(g, Place("E5"), "xevoz.warp-place", "next to")
    g.play(Place("B3"))
    assert g.raw_state.phase == "call" and g.raw_state.attacker == 1  # xevoz.next-attacker: the warper


def test_warp_both_attacker_warps() -> None:  # xevoz.warp-both
    g = battle()
    put(g, 0, "F6")  # Reptosaur warp
    put(g, 1, "A1")  # Sectoid warp
    ev = round_(g, "2a", "3a")  # bone-blade Reptosaur, chain-whip Sectoid: both activate
    assert "xevoz.warp-both" in rules_of(ev)
    assert g.raw_state.mat == "reptosaur" and g.current_player == 0


def test_warp_destination_is_warp_species_mat_or_warper_choice() -> None:  # xevoz.warp-destination
    g = battle(variant={"mats": ("meta-beast", "unnatural")})
    put(g, 1, "A1")
    round_(g, "4a", "3a", "white")
    assert g.raw_state.phase == "choose-mat" and g.current_player == 1
    assert g.legal_actions() == [ChooseMat("unnatural")]
    refused(g, ChooseMat("meta-beast"), "xevoz.warp-destination", "unnatural")
    g.play(ChooseMat("unnatural"))
    assert g.raw_state.phase == "warp-place" and g.raw_state.mat == "unnatural"


def test_warp_on_bomb_reroll_ignores_actions() -> None:  # xevoz.warp-bomb
    g = battle()
    put(g, 0, "A1")  # Sectoid warp; the bomb glyph tail-club is Reptosaur, so the attack roll does not warp
    g.rig(helix1=["5a", "3a"], helix2="2a")  # black 4 bomb beats 3; re-roll spine-ridge (Sectoid)
    ev = g.play(Call("black"))
    assert "xevoz.bomb" in rules_of(ev) and "xevoz.warp-bomb" in rules_of(ev)
    st = g.raw_state
    assert st.phase == "warp-place" and st.mat == "sectoid" and st.sides[1].life == 24 and not st.queue


# ---------------------------------------------------------------------------------------------- actions
def test_actions_follow_the_winning_symbols() -> None:  # xevoz.actions
    g = battle()
    ev = round_(g, "4a", "2a", "white")  # 9 sword sword
    assert "xevoz.actions" in rules_of(ev) and queue(g) == [("chop", 0, 1), ("chop", 0, 1)]
    h = battle()
    chop_parts(h, 1, ["helm"])
    round_(h, "1a", "1a", "black")  # Skull Jack wins with skull-helm's black 5 star
    assert queue(h) == [("heal", 1, 1)] and h.legal_actions() == [Heal("helm")]


def test_forgotten_actions_are_never_skipped() -> None:  # xevoz.forgotten-actions
    g = battle()
    round_(g, "4a", "2a", "white")
    err = refused(g, Call("black"), "xevoz.forgotten-actions", "must chop a part")
    assert "Player 1" in err.reason
    refused(g, Move("C4"), "xevoz.forgotten-actions")
    refused(g, Heal("helm"), "xevoz.forgotten-actions")


def test_drain_attach_on_drain_symbol() -> None:  # xevoz.drain-attach
    g = battle()
    round_(g, "6a", "3a", "white")  # drain-spike: white 5 DRAIN ATTACK beats 3
    assert queue(g) == [("attach", 0, 1)] and g.current_player == 0
    assert AttachDrain("fang") not in g.legal_actions()  # not onto a DRAIN ATTACK part
    refused(g, AttachDrain("fang"), "xevoz.drain-attach", "DRAIN ATTACK part")
    g.play(AttachDrain("ribs"))
    assert g.state["sides"][0]["drain_on"] == "ribs" and g.state["sides"][1]["life"] == 24
    # "The round ends and the winner becomes the attacker for the next round": no Step 8 move
    assert g.raw_state.phase == "call" and g.current_player == 0 and g.raw_state.attacker == 0
    assert pos(g, 0) == "C3" and pos(g, 1) == "D3" and g.raw_state.round == 2


def attached(seed: int = 1, host: str = "ribs", variant=None) -> Game:
    g = battle(seed=seed, variant=variant)
    round_(g, "6a", "3a", "white")
    g.play(AttachDrain(host))  # the round ends: no movement
    return g


def test_drain_bonus_chop_every_round_won() -> None:  # xevoz.drain-bonus-chop
    g = attached()
    ev = round_(g, "1a", "3a", "white")  # razor-claw 7 sword beats 3
    assert "xevoz.drain-bonus-chop" in rules_of(ev)
    assert queue(g) == [("chop", 0, 1), ("chop", 0, 1)]  # the bonus chop plus the sword
    h = battle()
    round_(h, "1a", "3a", "white")
    assert queue(h) == [("chop", 0, 1)]  # without the DRAIN ATTACK: the sword alone


def test_drain_symbol_when_attached_variant() -> None:  # xevoz.drain-symbol-attached
    g = attached()
    ev = round_(g, "6a", "3a", "white")
    assert "xevoz.drain-symbol-attached" in rules_of(ev) and queue(g) == [("chop", 0, 1)]
    h = attached(variant={"drain_symbol_when_attached": "extra-chop"})
    round_(h, "6a", "3a", "white")
    assert queue(h) == [("chop", 0, 1), ("chop", 0, 1)]


def test_drain_host_chopped_is_reattached_by_its_bearer() -> None:  # xevoz.drain-host-chopped
    g = attached(host="helm")
    round_(g, "1a", "3a", "white")
    ev = g.play(Chop("helm"))
    assert "xevoz.drain-host-chopped" in rules_of(ev)
    st = g.raw_state
    assert st.sides[0].drain_on == -2 and st.queue[0] == ("reattach", 1, 1) and g.current_player == 1
    refused(g, AttachDrain("helm"), "xevoz.drain-host-chopped", "lost")
    g.play(AttachDrain("jaw"))
    assert g.state["sides"][0]["drain_on"] == "jaw" and g.current_player == 0 and queue(g) == [("chop", 0, 1)]


def test_drain_part_cannot_be_chopped_nor_blocks() -> None:  # xevoz.drain-uncuttable
    g = battle()
    chop_parts(g, 1, ["helm", "jaw"])
    round_(g, "4a", "3a", "white")
    assert Chop("fang") not in g.legal_actions()
    refused(g, Chop("fang"), "xevoz.drain-uncuttable", "cannot be chopped")
    g.play(Chop("skull"))  # only the DRAIN ATTACK part sits on the skull now
    assert not g.raw_state.sides[1].present[g.raw_state.sides[1].figure.index("skull")]


def test_sword_winner_chooses_one_part_per_sword() -> None:  # xevoz.sword
    g = battle()
    round_(g, "4a", "2a", "white")
    assert g.current_player == 0 and Chop("foot-l") in g.legal_actions()
    g.play(Chop("foot-l"))
    g.play(Chop("helm"))
    st = g.raw_state
    assert st.sides[1].life == 22 and st.phase == "move"


def test_stay_connected_helmet_before_head() -> None:  # xevoz.stay-connected
    g = battle()
    round_(g, "4a", "2a", "white")
    refused(g, Chop("skull"), "xevoz.stay-connected", "helm")
    assert Chop("skull") not in g.legal_actions() and Chop("helm") in g.legal_actions()
    g.play(Chop("foot-l"))
    g.play(Chop("shin-l"))  # two swords: the foot, then the shin it was on
    assert g.state["sides"][1]["pile"] == ("foot-l", "shin-l")


def test_chopped_parts_go_to_the_pile() -> None:  # xevoz.chop-pile
    g = battle()
    round_(g, "4a", "2a", "white")
    g.play(Chop("helm"))
    assert g.state["sides"][1]["pile"] == ("helm",)
    refused(g, Chop("helm"), "xevoz.chop-pile", "already chopped")


def test_star_heals_a_part_that_can_attach() -> None:  # xevoz.star
    g = battle()
    chop_parts(g, 0, ["horn-l", "horn-r", "horned-helm"])
    round_(g, "1a", "2a", "black")  # 3 star against 3 star is a tie: no healing
    assert g.raw_state.phase == "call" and g.raw_state.sides[0].life == 21
    h = battle()
    chop_parts(h, 0, ["horn-l", "horn-r", "horned-helm"])
    put(h, 0, "B4")
    round_(h, "1a", "2a", "black")  # 3 + 3 star against 3
    assert [a for a in h.legal_actions()] == [Heal("horned-helm")]
    refused(h, Heal("horn-l"), "xevoz.star", "Horned Helm")
    h.play(Heal("horned-helm"))
    assert h.state["sides"][0]["life"] == 22 and h.state["sides"][0]["pile"] == ("horn-l", "horn-r")


def test_star_removes_opponents_drain_instead() -> None:  # xevoz.star-remove-drain
    g = attached()
    round_(g, "1a", "1a", "black")  # Skull Jack: skull-helm 5 star beats 3
    # nothing lost: the winner *may* remove it (or leave it on: test_star_may_leave_the_drain_attack_on)
    assert g.current_player == 1 and g.legal_actions() == [FreeDrain(), KeepDrain()]
    g.play(FreeDrain())
    assert g.state["sides"][0]["drain_on"] is None
    assert g.state["sides"][0]["drain_home"] == "back"  # back on the part it sat on at home (xevoz.drain-home)
    h = battle()
    round_(h, "1a", "1a", "black")
    assert h.raw_state.phase == "move"  # nothing to heal, no DRAIN ATTACK: the star did nothing


def test_star_with_nothing_lost_does_nothing_but_winner_attacks() -> None:  # xevoz.star-nothing-lost
    g = battle()
    ev = round_(g, "1a", "1a", "black")  # the defender wins with a star and has lost nothing
    assert "xevoz.star-nothing-lost" in rules_of(ev)
    assert g.raw_state.phase == "move" and g.current_player == 1
    g.play(g.legal_actions()[0])
    if g.raw_state.phase == "follow":
        g.play(g.legal_actions()[0])
    assert g.raw_state.attacker == 1


def test_bomb_rerolls_and_does_black_then_white() -> None:  # xevoz.bomb
    g = battle()
    chop_parts(g, 0, ["club"])
    g.rig(helix1=["5a", "4a"], helix2="2a")  # black 4 bomb beats 3; re-roll horned-helm: B 4 star, W 9 sword x2
    ev = g.play(Call("black"))
    assert "xevoz.bomb" in rules_of(ev) and [d.kind for d in g.last_draws] == ["helix1", "helix2", "helix1"]
    assert queue(g) == [("heal", 0, 0), ("chop", 0, 1), ("chop", 0, 1)]
    g.play(Heal("club"))
    assert g.current_player == 0 and isinstance(g.legal_actions()[0], Chop)


def test_caught_in_the_blast_swords_other_first() -> None:  # xevoz.caught-in-blast
    g = battle()
    g.rig(helix1=["5a", "5b"], helix2="2a")  # bomb wins; re-roll tail-club again: W 6 sword, B 4 bomb
    ev = g.play(Call("black"))
    assert "xevoz.caught-in-blast" in rules_of(ev)
    assert queue(g) == [("chop", 0, 1), ("chop", 1, 0)]
    g.play(Chop("helm"))
    assert g.current_player == 1  # now the other player has the winner chop a part
    g.play(Chop("club"))
    assert g.raw_state.sides[0].life == 23 and g.raw_state.sides[1].life == 23
    g.play(g.legal_actions()[0])
    if g.raw_state.phase == "follow":
        g.play(g.legal_actions()[0])
    assert g.raw_state.attacker == 0  # still the attacker


def test_caught_in_the_blast_stars_winner_first() -> None:  # xevoz.caught-in-blast
    g = battle()
    chop_parts(g, 0, ["club"])
    chop_parts(g, 1, ["helm"])
    g.rig(helix1="1a", helix2=["4a", "4b"])  # grave-lantern black 4 bomb beats 3; re-roll: W 4 bomb, B 6 star
    g.play(Call("black"))
    assert queue(g) == [("heal", 1, 1), ("heal", 0, 0)]
    g.play(Heal("helm"))
    g.play(Heal("club"))
    assert g.raw_state.sides[0].life == 24 and g.raw_state.sides[1].life == 24


# ---------------------------------------------------------------------------------------------- movement
def test_winner_moves_one_orthogonal_unoccupied_space() -> None:  # xevoz.movement
    g = battle()
    round_(g, "1a", "3a", "white")
    g.play(Chop("helm"))
    assert {a.cell for a in g.legal_actions()} == {"B3", "C2", "C4"}
    refused(g, Move("D4"), "xevoz.movement", "diagonal")
    refused(g, Move("D3"), "xevoz.movement", "occupied")
    refused(g, Move("C5"), "xevoz.movement")
    g.play(Move("B3"))
    assert pos(g, 0) == "B3"


def test_defender_follows_only_when_no_longer_next() -> None:  # xevoz.defender-follows
    g = battle()
    round_(g, "1a", "3a", "white")
    g.play(Chop("helm"))
    g.play(Move("B3"))  # straight away: one square keeps Skull Jack next to Razorclaw
    assert pos(g, 1) == "C3" and g.raw_state.phase == "call"
    h = battle()
    round_(h, "1a", "3a", "white")
    h.play(Chop("helm"))
    h.play(Move("C4"))  # diagonal from D3: two squares would do, Skull Jack chooses
    assert h.raw_state.phase == "follow" and h.current_player == 1
    assert {a.cell for a in h.legal_actions()} == {"C3", "D4"}
    refused(h, Move("E3"), "xevoz.defender-follows", "next to the attacker")
    h.play(Move("D4"))
    assert h.raw_state.phase == "call"
    k = battle()
    put(k, 1, "D4")  # test setup: diagonal to C3, so moving to C4 brings them next to each other
    round_(k, "1a", "3a", "white")
    k.play(Chop("helm"))
    ev = k.play(Move("C4"))
    assert pos(k, 1) == "D4" and "does not move" in ev[-2].text


def test_no_move_possible_stays_put() -> None:  # xevoz.no-move
    g = battle()
    put(g, 1, "E5")  # test setup only: far apart, which a real battle never produces
    round_(g, "1a", "3a", "white")
    g.play(Chop("helm"))
    ev = g.play(Move("B3"))
    assert "xevoz.no-move" in rules_of(ev) and pos(g, 1) == "E5" and g.raw_state.phase == "call"


def test_next_attacker_rules() -> None:  # xevoz.next-attacker
    g = battle()
    round_(g, "1a", "3a", "white")  # the attacker wins
    g.play(Chop("helm"))
    ev = g.play(Move("B3"))
    assert g.raw_state.attacker == 0 and "xevoz.next-attacker" in rules_of(ev)
    round_(g, "1a", "3a", "black")  # the defender wins (7 star against 3)
    g.play(g.legal_actions()[0])
    if g.raw_state.phase == "move":
        g.play(g.legal_actions()[0])
    if g.raw_state.phase == "follow":
        g.play(g.legal_actions()[0])
    assert g.raw_state.attacker == 1


def test_winning_when_no_life_left_drain_does_not_count() -> None:  # xevoz.winning
    g = battle()
    f = g.raw_state.sides[1].figure
    order = sorted((i for i in range(1, f.n_parts) if i != f.drain), key=lambda i: -f.depth[i])
    # its Drain Fang rides on the Rib Cage, the one part left (on a chopped part the figure would not be connected)
    g.set_up({"sides": [{}, {"chopped": [f.part_ids[i] for i in order], "drain_home": "ribs"}]})
    assert g.raw_state.sides[1].life == 1
    round_(g, "1a", "3a", "white")
    assert g.legal_actions() == [Chop("ribs")]
    ev = g.play(Chop("ribs"))
    assert "xevoz.winning" in rules_of(ev)
    assert g.is_over and g.winner == 0 and g.legal_actions() == []
    assert g.raw_state.sides[1].present[f.drain]  # the DRAIN ATTACK part is still there: it is not life
    with pytest.raises(IllegalAction):
        g.play(Call("black"))


# ---------------------------------------------------------------------------------------------- variant options
def test_variant_max_gold() -> None:  # xevoz.helix-gold
    parts = "t Torso\n  a Horned Helm\n  b Shoulder Spikes\n  c Storm Staff\n  e Razor Claw\n  f Bone Blade\n"
    three = ["horned-helm", "shoulder-spikes", "storm-staff", "razor-claw", "bone-blade", "drain-spike"]
    g = custom_game(parts + "  d Drain Spike [drain]\n", three)
    assert g.play(Ready()) and g.raw_state.sides[0].ready  # rulebook: three gold is fine
    h = custom_game(parts + "  d Drain Spike [drain]\n", three)
    h = Game(h.rules, seed=1, variant={"max_gold": 2})
    refused(h, Ready(), "xevoz.helix-gold", "at most 2 may be gold")
    with pytest.raises(ValueError, match="max_gold"):
        xevoz.new_game(variant={"max_gold": 7})


def test_variant_bonus_chop_off() -> None:  # xevoz.drain-bonus-chop
    g = attached(variant={"bonus_chop": False})
    ev = round_(g, "1a", "3a", "white")  # razor-claw 7 sword beats 3; the DRAIN ATTACK is attached
    assert "xevoz.drain-bonus-chop" in rules_of(ev)
    assert queue(g) == [("chop", 0, 1)]  # the sword alone: no bonus chop
    assert g.raw_state.sides[0].drain_on >= 0  # the DRAIN ATTACK stays attached
    with pytest.raises(ValueError, match="bonus_chop"):
        xevoz.new_game(variant={"bonus_chop": "yes"})


def test_variant_tie_re_roll() -> None:  # xevoz.tie
    g = battle(variant={"tie": "re-roll"})
    ev = round_(g, "3a", "1a", "black")  # 5 against 5
    st = g.raw_state
    assert "xevoz.tie" in rules_of(ev) and "re-roll" in ev[-1].text
    assert st.attacker == 0 and st.phase == "call" and not st.queue  # the attacker keeps the attack
    assert pos(g, 0) == "C3" and pos(g, 1) == "D3" and st.sides[1].life == 24 and st.sides[0].life == 24
    with pytest.raises(ValueError, match="tie"):
        xevoz.new_game(variant={"tie": "coin-flip"})


def test_variant_parts_trims_figures() -> None:  # xevoz.equal-parts
    g = xevoz.new_game(seed=1, variant={"parts": 18})
    for side in g.raw_state.sides:
        f = side.figure
        assert f.n_parts == 18 and side.life == 17 and f.drain >= 0
        assert f.part_names[0] == components().figures[f.id].part_names[0]  # the root stays
        power = {components().glyphs[gid].part for gid, _ in f.helix}
        assert power <= set(f.part_names)  # every Power Part the helix needs stays
        assert all(p < i for i, p in enumerate(f.parent))  # still one connected tree
    assert not g.rules.helix_problems(g.raw_state.sides[0])
    g.play(Ready())
    g.play(Ready())
    assert g.raw_state.phase == "first"
    # a figure that cannot be trimmed to 14 parts fails the equal-parts check after a redesign
    h = xevoz.new_game(seed=1, variant={"parts": 17, "figures": ("skull-jack", "skull-jack")})
    assert h.raw_state.sides[0].figure.n_parts == 17
    h.play(Ready())
    h.play(PickFigure("razorclaw"))
    h.play(Ready())  # Razorclaw keeps 17 parts: equal
    k = xevoz.new_game(seed=1, variant={"parts": 13, "figures": ("skull-jack", "sledge-trooper")})
    k.play(Ready())
    k.play(PickFigure("razorclaw"))  # Razorclaw must keep 17 parts
    refused(k, Ready(), "xevoz.equal-parts", "17 parts")
    for bad in (16, 26):
        with pytest.raises(ValueError, match="parts"):
            xevoz.new_game(variant={"parts": bad})
