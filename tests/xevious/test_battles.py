"""Battles, damage, lives and the Attack Strength Sheet.

Panel A counted from 0: area 0: E . G2 g A G3 C F X(S1); area 1: E G3 g(S1) M2 . C G4+ P X(S1).
"""

from __future__ import annotations

import itertools

import pytest

from tabletop.engine import IllegalAction
from tabletop.xevious.rules import OPPOSITE, Aim, Blast, EnemyAim, Fire, Roll

from .helpers import game, pilot, put, rules_fired


def lose_ground_battle(g, seat: int = 0) -> list:
    """From area 1 space 2 roll 1 onto the battle 2 and roll 1: a loss."""
    put(g, seat, 0, 1)
    g.rig(die=[1, 1])
    return g.play(Roll())


def test_ground_battle_more_wins_equal_or_less_loses() -> None:
    """xevious.ground-battle: against 2, a roll of 3 wins, 2 (equal) loses."""
    g = game()
    put(g, 0, 0, 1)
    g.rig(die=[1, 3])
    ev = g.play(Roll())
    assert g.raw_state.last["won"] is True and pilot(g, 0).l == 3
    assert "xevious.damage-solvalou" not in rules_fired(ev)
    g = game()
    put(g, 0, 0, 1)
    g.rig(die=[1, 2])
    ev = g.play(Roll())
    assert g.raw_state.last["won"] is False and pilot(g, 0).l == 2
    assert "xevious.damage-solvalou" in rules_fired(ev)


def test_damage_shield_first() -> None:
    """xevious.damage-shield and xevious.shield: one Shield Marker goes; Solvalou and Extra Weapons stay."""
    g = game()
    put(g, 0, w=2, s=1)
    ev = lose_ground_battle(g)
    assert (pilot(g, 0).w, pilot(g, 0).s, pilot(g, 0).l) == (2, 0, 3)
    assert {"xevious.damage-shield", "xevious.shield"} <= set(rules_fired(ev))


def test_damage_without_shield_loses_solvalou_and_extra_weapon() -> None:
    """xevious.damage-solvalou: no shield: lose a Solvalou and an Extra Weapon (only the Solvalou if none)."""
    g = game()
    put(g, 0, w=2, s=0)
    lose_ground_battle(g)
    assert (pilot(g, 0).w, pilot(g, 0).s, pilot(g, 0).l) == (1, 0, 2)
    g = game()
    ev = lose_ground_battle(g)
    assert (pilot(g, 0).w, pilot(g, 0).l) == (0, 2)
    assert "no Extra Weapon Marker to lose" in [e.text for e in ev if e.rule == "xevious.damage-solvalou"][0]


def test_solvalou_lives_counted_down() -> None:
    """xevious.solvalou-lives: Solvalou Markers are lives; the log says how many are left."""
    g = game()
    ev = lose_ground_battle(g)
    assert pilot(g, 0).l == 2 and "2 lives left" in " ".join(e.text for e in ev)


def test_respawn_back_to_area_entrance_with_three_of_each() -> None:
    """xevious.respawn: out of Solvalou: back to the area's entrance with 3 Solvalou, Extra Weapon and Shield
    Markers added (up to 5), and the stage's condition begins again for you."""
    g = game()
    put(g, 0, 1, 1, w=1, s=0, l=1, stage=2)
    # Stage 2 is panel B: area 1 = E . G3 M2 ...; roll 1 onto the battle 3, roll 2: a loss
    g.rig(die=[1, 2])
    ev = g.play(Roll())
    assert "xevious.respawn" in rules_fired(ev)
    q = pilot(g, 0)
    assert (q.area, q.idx, q.l, q.w, q.s) == (1, 0, 3, 3, 3)
    # variants: back to the stage's starting point, rows set to exactly 3 (5 Extra Weapons become 3)
    g = game(variant={"respawn_markers": "set", "respawn_point": "stage"})
    put(g, 0, 1, 1, w=5, s=0, l=1, stage=2)
    g.rig(die=[1, 2])
    g.play(Roll())
    q = pilot(g, 0)
    assert (q.area, q.idx, q.l, q.w, q.s) == (0, 0, 3, 3, 3)


def test_respawn_in_stage_1_only_solvalou() -> None:
    """xevious.respawn-stage1: in Stage 1 only the 3 Solvalou Markers come back."""
    g = game()
    put(g, 0, w=0, s=0, l=1)
    ev = lose_ground_battle(g)
    assert "xevious.respawn-stage1" in rules_fired(ev) and "xevious.respawn" not in rules_fired(ev)
    q = pilot(g, 0)
    assert (q.area, q.idx, q.l, q.w, q.s) == (0, 0, 3, 0, 0)


def test_sheet_rows_and_limit_of_five() -> None:
    """xevious.sheet-rows and xevious.sheet-limit: markers go on their own row; a sixth is not taken."""
    g = game()
    put(g, 0, 0, 7, w=1, s=5, l=2)
    g.rig(die=5)
    ev = g.play(Roll())  # passes the exit (1 Shield)
    q = pilot(g, 0)
    assert (q.w, q.s, q.l) == (1, 5, 2)
    assert "xevious.sheet-limit" in rules_fired(ev)
    row = g.state["pilots"][0]
    assert (row["extra_weapon"], row["shield"], row["solvalou"]) == (1, 5, 2)
    g = game()
    put(g, 0, 0, 7, s=2)
    g.rig(die=5)
    g.play(Roll())
    assert (pilot(g, 0).w, pilot(g, 0).s, pilot(g, 0).l) == (0, 3, 3)


def test_weapon_boost_adds_one_and_is_discarded() -> None:
    """xevious.weapon-boost: at a BOOST location an Extra Weapon adds 1 to the roll, then is discarded."""
    g = game()
    put(g, 0, 1, 4, w=1)
    g.rig(die=[2, 4])
    ev = g.play(Roll())  # onto the battle 4 (boost)
    assert g.raw_state.phase == "boost" and "xevious.weapon-boost" in rules_fired(ev)
    assert set(g.legal_actions()) == {Fire(True), Fire(False)}
    ev = g.play(Fire(True))
    assert g.raw_state.last["won"] is True and pilot(g, 0).w == 0 and pilot(g, 0).l == 3
    assert "xevious.weapon-once" in rules_fired(ev)
    g = game()
    put(g, 0, 1, 4, w=1)
    g.rig(die=[2, 4])
    g.play(Roll())
    g.play(Fire(False))
    assert g.raw_state.last["won"] is False and pilot(g, 0).w == 0  # lost it to the damage instead
    # no boost where the board does not say so: the battle 2 is rolled at once
    g = game()
    put(g, 0, 0, 1, w=3)
    g.rig(die=[1, 2])
    g.play(Roll())
    assert g.raw_state.phase == "turn" and pilot(g, 0).w == 2  # lost one to damage, none spent


def test_air_battle_secret_cards_then_reveal() -> None:
    """xevious.air-battle: both turn a Battle Card secretly; the next player turns the enemy's; head-on wins."""
    g = game()
    put(g, 0, 0, 3)
    g.rig(die=1)
    g.play(Roll())
    assert g.raw_state.phase == "aim" and g.current_player == 0
    g.play(Aim("left"))
    assert g.current_player == 1 and g.state["pending"]["aim"] == "face down"
    with pytest.raises(IllegalAction) as info:
        g.play(Roll())
    assert info.value.rule == "xevious.air-battle"
    ev = g.play(EnemyAim("right"))
    assert g.raw_state.last == {"kind": "battle", "mine": "left", "theirs": "right", "won": True, "player": 0,
                                "enemy": 1}
    assert "xevious.battle-cards" in rules_fired(ev) and pilot(g, 0).l == 3
    assert g.current_player == 1
    g = game()
    put(g, 0, 0, 3)
    g.rig(die=1)
    g.play(Roll())
    g.play(Aim("left"))
    g.play(EnemyAim("left"))
    assert g.raw_state.last["won"] is False and pilot(g, 0).l == 2


def test_battle_cards_head_on_rule_and_headings() -> None:
    """xevious.battle-cards: four headings; you win exactly when the arrows are opposite (1 in 4 combinations);
    a heading the card cannot show is refused; battle_headings=2 allows only left and right."""
    wins = [(a, b) for a, b in itertools.product(("up", "right", "down", "left"), repeat=2) if OPPOSITE[a] == b]
    assert len(wins) == 4 and ("up", "down") in wins and ("left", "left") not in wins
    g = game()
    put(g, 0, 0, 3)
    g.rig(die=1)
    g.play(Roll())
    with pytest.raises(IllegalAction) as info:
        g.play(Aim("sideways"))
    assert info.value.rule == "xevious.battle-cards"
    g = game(variant={"battle_headings": 2})
    put(g, 0, 0, 3)
    g.rig(die=1)
    g.play(Roll())
    assert {a.heading for a in g.legal_actions()} == {"left", "right"}
    with pytest.raises(IllegalAction, match="not 'up'"):
        g.play(Aim("up"))


def squad_game(w: int = 0, variant=None):
    g = game(variant=variant)
    put(g, 0, 1, 2, w=w)
    g.rig(die=1)
    g.play(Roll())  # onto the squad of 2
    return g


def test_squad_battle_first_loss_ends_it_one_damage_only() -> None:
    """xevious.squad-battle: win battle after battle; the first loss ends the fight with damage from one enemy."""
    g = squad_game()
    assert g.raw_state.pend["left"] == 2
    g.play(Aim("up"))
    g.play(EnemyAim("down"))  # win: one enemy left
    assert g.raw_state.phase == "aim" and g.raw_state.pend["left"] == 1 and g.current_player == 0
    g.play(Aim("up"))
    ev = g.play(EnemyAim("up"))  # loss: the fight ends
    assert g.raw_state.phase == "turn" and g.current_player == 1
    assert pilot(g, 0).l == 2 and rules_fired(ev).count("xevious.damage-solvalou") == 1
    g = squad_game()
    g.play(Aim("up"))
    ev = g.play(EnemyAim("left"))  # a first loss against 2 enemies: one damage, fight over
    assert pilot(g, 0).l == 2 and "xevious.squad-battle" in rules_fired(ev) and g.current_player == 1


def test_weapon_destroy_one_enemy_outright_once_per_combat() -> None:
    """xevious.weapon-destroy and xevious.weapon-once: an Extra Weapon destroys one enemy; a second is refused."""
    g = squad_game(w=2)
    assert Blast() in g.legal_actions()
    ev = g.play(Blast())
    assert pilot(g, 0).w == 1 and g.raw_state.pend["left"] == 1 and "xevious.weapon-destroy" in rules_fired(ev)
    assert Blast() not in g.legal_actions()
    with pytest.raises(IllegalAction) as info:
        g.play(Blast())
    assert info.value.rule == "xevious.weapon-once"
    g.play(Aim("down"))
    g.play(EnemyAim("up"))
    assert g.raw_state.phase == "turn" and pilot(g, 0).l == 3 and pilot(g, 0).w == 1
    # not against a single enemy
    g = game()
    put(g, 0, 0, 3, w=2)
    g.rig(die=1)
    g.play(Roll())
    assert Blast() not in g.legal_actions()
    with pytest.raises(IllegalAction) as info:
        g.play(Blast())
    assert info.value.rule == "xevious.weapon-destroy"


def test_enemy_card_by_chance_variant_and_solo_braglease() -> None:
    """xevious.air-battle / xevious.braglease-card: with nobody to turn the enemy's card, the top Braglease Card
    gives its heading (a plain random heading with extras=False)."""
    g = game(players=1)
    put(g, 0, 0, 3)
    g.rig(die=1, braglease="down")
    g.play(Roll())
    ev = g.play(Aim("up"))
    assert g.raw_state.last["won"] is True and "xevious.braglease-card" in rules_fired(ev)
    assert len(g.raw_state.brag) == 3
    g = game(variant={"enemy_card": "chance", "extras": False})
    put(g, 0, 0, 3)
    g.rig(die=1, heading="up")
    g.play(Roll())
    ev = g.play(Aim("up"))
    assert g.raw_state.last["won"] is False and "xevious.braglease-card" not in rules_fired(ev)
    assert g.current_player == 1
