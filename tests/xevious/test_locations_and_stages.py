"""Cards, Flag/Pin/Sol/Phantom, the stage conditions, Gump Markers and victory; the undescribed pieces."""

from __future__ import annotations

import pytest

from tabletop.engine import IllegalAction, RigError
from tabletop.xevious.rules import Aim, Attack, EnemyAim, Fire, Pass, Roll, TryAgain

from .helpers import game, pilot, put, rules_fired, stop

# Panel A counted from 0: area 0: E . G2 g A G3 C F X(S1)


def to_card(g, card: str, seat: int = 0) -> list:
    put(g, seat, 0, 5)
    g.rig(die=1, card=card)
    return g.play(Roll())


@pytest.mark.parametrize("card, check", [
    ("supply-shield", lambda q, g: q.s == 1),
    ("supply-weapons", lambda q, g: q.w == 1),
    ("special-flag", lambda q, g: q.l == 4),
    ("bacura", lambda q, g: q.l == 2),
    ("toroid", lambda q, g: g.raw_state.phase == "aim" and g.raw_state.pend["left"] == 1),
    ("zoshi-pair", lambda q, g: g.raw_state.phase == "aim" and g.raw_state.pend["left"] == 2),
])
def test_card_space_draw_and_follow(card: str, check) -> None:
    """xevious.card-space: landing on a Card space draws a Super Xevious Card and carries it out."""
    g = game()
    ev = to_card(g, card)
    assert "xevious.card-space" in rules_fired(ev) and g.raw_state.last["value"] == card
    assert check(pilot(g, 0), g)


def test_card_tailwind_moves_and_follows_the_new_space() -> None:
    """xevious.card-space: "Fly forward 2 spaces": passing the exit gives its Shield, then the entrance stops."""
    g = game()
    ev = to_card(g, "tailwind")
    assert (pilot(g, 0).area, pilot(g, 0).idx) == (0, 8) and pilot(g, 0).s == 1
    assert "xevious.exit-markers" in rules_fired(ev)


def test_card_derota_fights_a_ground_battle() -> None:
    g = game()
    put(g, 0, 0, 5)
    g.rig(die=[1, 3], card="derota")  # battle against 3, roll 3: a loss
    g.play(Roll())
    assert pilot(g, 0).l == 2 and g.raw_state.last["n"] == 3


def test_xevious_cards_deck_runs_out_and_is_reshuffled() -> None:
    """xevious.xevious-cards: each card drawn leaves the deck; a card not in it cannot be drawn; an empty deck is
    reshuffled from the discards."""
    g = game()
    to_card(g, "special-flag")
    assert len(g.raw_state.deck) == 12 and "special-flag" not in g.raw_state.deck  # 13 cards: no Cockpit card
    put(g, 1, 0, 5)
    with pytest.raises(RigError, match="'special-flag' cannot come up on the card"):
        g.rig(die=1, card="special-flag")  # refused at rig time (issue 10): nothing queued
    assert g.rigged == {}
    g.raw_state.deck = ()
    put(g, 1, 0, 5)
    g.rig(die=1, card="special-flag")
    ev = g.play(Roll())
    assert "xevious.xevious-cards" in rules_fired(ev) and len(g.raw_state.deck) == 12


def test_blaster_stop_you_may_stop_on_a_flag_you_pass() -> None:
    """xevious.blaster-stop: the Flag passed is offered as a stop, whatever the roll."""
    g = game()
    put(g, 0, 0, 5)
    g.rig(die=4)
    g.play(Roll())
    assert [a.step for a in g.legal_actions()] == [2, 4]
    g.rig(blaster="HIT!")
    ev = g.play(stop(g, 2))
    assert "xevious.blaster-stop" in rules_fired(ev) and (pilot(g, 0).area, pilot(g, 0).idx) == (0, 7)


def test_blaster_draw_hit_gives_the_markers_shown() -> None:
    """xevious.blaster-draw: HIT! gives the Flag's Solvalou Marker."""
    g = game(variant={"extras": False})
    put(g, 0, 0, 6)
    g.rig(die=1, blaster="HIT!")
    ev = g.play(Roll())
    assert pilot(g, 0).l == 4 and "xevious.blaster-draw" in rules_fired(ev)


@pytest.mark.parametrize("hits, low, high", [(1, 0.25, 0.42), (2, 0.58, 0.75)])
def test_blaster_card_mix(hits: int, low: float, high: float) -> None:
    """xevious.blaster-draw: the three Blaster Cards are 1 HIT! and 2 MISTAKE (variant: 2 and 1)."""
    got = 0
    n = 600
    for seed in range(n):
        g = game(seed=seed, variant={"blaster_hits": hits, "extras": False})
        put(g, 0, 0, 6)
        g.rig(die=1)
        g.play(Roll())
        got += g.raw_state.last["value"] == "HIT!"
    assert low < got / n < high


def test_blaster_mistake_stay_and_try_again_next_turn() -> None:
    """xevious.blaster-mistake: MISTAKE gives nothing; you may stay and try again (on your next turn)."""
    g = game(variant={"extras": False})
    put(g, 0, 0, 6)
    g.rig(die=1, blaster="MISTAKE")
    ev = g.play(Roll())
    assert pilot(g, 0).l == 3 and pilot(g, 0).retry and "xevious.blaster-mistake" in rules_fired(ev)
    assert g.current_player == 1
    with pytest.raises(IllegalAction) as info:
        g.play(TryAgain())
    assert info.value.rule == "xevious.blaster-mistake"
    g.rig(die=1)
    g.play(Roll())
    assert TryAgain() in g.legal_actions()
    g.rig(blaster="HIT!")
    g.play(TryAgain())
    assert pilot(g, 0).l == 4 and (pilot(g, 0).area, pilot(g, 0).idx) == (0, 7)
    # variant: try again at once
    g = game(variant={"extras": False, "retry_uses_turn": False})
    put(g, 0, 0, 6)
    g.rig(die=1, blaster=["MISTAKE", "MISTAKE"])
    g.play(Roll())
    assert g.raw_state.phase == "retry" and set(g.legal_actions()) == {TryAgain(), Pass()}
    g.play(TryAgain())
    assert g.current_player == 1 and not pilot(g, 0).retry  # only once


def test_daley_piece_covers_a_hit_location() -> None:
    """xevious.daley-piece (variant daley_pieces): after a HIT! the location gives nothing more this stage."""
    g = game(variant={"daley_pieces": True})
    put(g, 0, 0, 6)
    g.rig(die=1, blaster="HIT!")
    ev = g.play(Roll())
    assert "xevious.daley-piece" in rules_fired(ev) and (0, 7) in g.raw_state.daley
    put(g, 1, 0, 6)
    g.rig(die=1)
    ev = g.play(Roll())
    assert pilot(g, 1).l == 3 and "xevious.blaster-draw" not in rules_fired(ev)
    put(g, 0, 0, 5)
    g.rig(die=4)
    g.play(Roll())  # passes the covered Flag: no choice of stop, straight to the next entrance
    assert g.raw_state.phase == "turn" and (pilot(g, 0).area, pilot(g, 0).idx) == (1, 0)


# ----------------------------------------------------------------------------------------------- stage conditions
def test_stage_condition_off_plays_without_them() -> None:
    """xevious.stage-condition: variant stage_conditions=False removes the seven conditions (not the Gumps)."""
    g = game(variant={"stage_conditions": False})
    put(g, 0, 2, 4)
    g.rig(die=[2, 6])
    g.play(Roll())  # the Andor Genesis space is an ordinary must-stop battle now: win and no guard
    assert not pilot(g, 0).beaten
    g = game(variant={"stage_conditions": False})
    put(g, 0, 1, 1, stage=2)
    g.rig(die=[1, 6])
    ev = g.play(Roll())
    assert pilot(g, 0).w == 0 and "xevious.condition-hidden-sol" not in rules_fired(ev)


def test_condition_andor_genesis_blocks_until_beaten() -> None:
    """xevious.condition-andor-genesis: nobody passes area 3 space 6 until they win its battle themselves."""
    g = game()
    put(g, 0, 2, 4)
    put(g, 1, 2, 4)
    g.rig(die=[6, 2])  # stopped by the guard at step 1; roll 2 against 4: a loss
    g.play(Roll())
    assert (pilot(g, 0).area, pilot(g, 0).idx) == (2, 5) and pilot(g, 0).l == 2
    g.rig(die=[1, 1])
    g.play(Roll())  # seat 1 to the guard too, loses
    assert g.legal_actions() == [Attack()]
    with pytest.raises(IllegalAction) as info:
        g.play(Roll())
    assert info.value.rule == "xevious.condition-andor-genesis"
    g.rig(die=6)
    ev = g.play(Attack())
    assert (2, 5) in pilot(g, 0).beaten and "xevious.condition-andor-genesis" in rules_fired(ev)
    assert g.legal_actions() == [Attack()]  # seat 1 has not beaten it
    g.rig(die=1)
    g.play(Attack())
    g.rig(die=[1])
    g.play(Roll())  # seat 0 flies on
    assert (pilot(g, 0).area, pilot(g, 0).idx) == (2, 6)


def test_condition_hidden_sol_stage2_ground_wins_give_a_weapon() -> None:
    """xevious.condition-hidden-sol."""
    g = game()
    put(g, 0, 1, 1, stage=2)
    g.rig(die=[1, 6])
    ev = g.play(Roll())
    assert pilot(g, 0).w == 1 and "xevious.condition-hidden-sol" in rules_fired(ev)


def test_condition_fog_stage3_stop_on_passed_green_but_no_markers() -> None:
    """xevious.condition-fog: panel C area 2 = E G3 M2 gS1 . ...; from space 3 a roll of 2 passes the green S1.
    MOVEMENT 1 still holds ("You may stop on a green colored space as you pass it"): the stop is offered; the fog
    only keeps the green space's markers (our reconstruction) for a roll that ends there exactly."""
    g = game()
    put(g, 0, 1, 2, stage=3)
    g.rig(die=[2])
    g.play(Roll())
    assert [a.step for a in g.legal_actions()] == [1, 2]
    ev = g.play(stop(g, 1))
    assert (pilot(g, 0).area, pilot(g, 0).idx) == (1, 3) and pilot(g, 0).s == 0
    assert "xevious.condition-fog" in rules_fired(ev) and "xevious.green-stop" in rules_fired(ev)
    put(g, 1, 1, 2)
    g.rig(die=1)
    g.play(Roll())  # lands on it exactly: the markers
    assert pilot(g, 1).s == 1
    g = game(variant={"stage_conditions": False})
    put(g, 0, 1, 2, stage=3)
    g.rig(die=[2])
    g.play(Roll())
    g.play(stop(g, 1))
    assert pilot(g, 0).s == 1


def test_condition_phantom_wingman_joins_as_a_solvalou() -> None:
    """xevious.condition-phantom: panel D area 2 = E . Phantom ...; a HIT! rescues the Phantom, who joins as one
    more Solvalou Marker. Damage stays the rulebook's (MOVEMENT 2): the shield goes first, the Phantom takes none."""
    g = game()
    put(g, 0, 1, 1, stage=4)
    g.rig(die=1, blaster="HIT!")
    ev = g.play(Roll())
    q = pilot(g, 0)
    assert q.phantom and (q.w, q.s, q.l) == (1, 1, 4) and "xevious.condition-phantom" in rules_fired(ev)
    put(g, 1, 1, 1)
    g.rig(die=1, blaster="HIT!")
    g.play(Roll())  # no Daley Piece in the rulebook game: seat 1 may take it too
    assert pilot(g, 1).phantom and pilot(g, 1).l == 4
    put(g, 0, 1, 2)
    g.rig(die=[1, 1])  # G3, roll 1: a loss; the shield is discarded (MOVEMENT 2.1)
    ev = g.play(Roll())
    assert (pilot(g, 0).s, pilot(g, 0).l) == (0, 4) and "xevious.damage-shield" in rules_fired(ev)
    assert "xevious.condition-phantom" not in rules_fired(ev)


def test_condition_zoshi_stage5_squads_have_one_more() -> None:
    """xevious.condition-zoshi: panel E area 1 = E . M2 ...: three enemies in Stage 5."""
    g = game()
    put(g, 0, 0, 1, stage=5)
    g.rig(die=1)
    ev = g.play(Roll())
    assert g.raw_state.pend["left"] == 3 and "xevious.condition-zoshi" in rules_fired(ev)


def test_condition_garu_barra_stage6_plain_spaces_fire() -> None:
    """xevious.condition-garu-barra: panel F area 1 = E . G3 ...; ending on the plain space fights a battle 2."""
    g = game()
    put(g, 0, 0, 0, stage=6)
    g.rig(die=[1, 2])
    ev = g.play(Roll())
    assert "xevious.condition-garu-barra" in rules_fired(ev) and pilot(g, 0).l == 2


# ----------------------------------------------------------------------------------------------- Stage 7
def stage7(g) -> None:
    for k in range(len(g.raw_state.pilots)):
        put(g, k, 2, 0, stage=7)


def test_condition_gump_markers_block_and_must_be_destroyed() -> None:
    """xevious.condition-gump: nobody flies past a standing Gump; attack it (against 5, Extra Weapon +1)."""
    g = game()
    stage7(g)
    g.rig(die=[6, 5])  # stopped by the first Gump at area 3 space 3; 5 is not more than 5
    ev = g.play(Roll())
    assert (pilot(g, 0).area, pilot(g, 0).idx) == (2, 2) and "xevious.condition-gump" in rules_fired(ev)
    assert g.raw_state.gumps == (True, True, True) and pilot(g, 0).l == 2
    g.rig(die=[1])
    g.play(Roll())  # seat 1 to space 2
    assert g.legal_actions() == [Attack()]
    with pytest.raises(IllegalAction) as info:
        g.play(Roll())
    assert info.value.rule == "xevious.condition-gump"
    put(g, 0, w=1)
    g.play(Attack())
    assert g.raw_state.phase == "boost"
    g.rig(die=5)
    ev = g.play(Fire(True))
    assert g.raw_state.gumps == (False, True, True) and g.winner is None and pilot(g, 0).w == 0


def test_victory_whoever_destroys_the_last_gump_wins() -> None:
    """xevious.victory: destroying the last Gump Marker wins; the game is then over."""
    g = game()
    stage7(g)
    g.set_up({"gumps": [False, False, True]})
    put(g, 0, 2, 6)
    g.rig(die=[1, 6])
    ev = g.play(Roll())
    assert g.winner == 0 and g.is_over and g.legal_actions() == []
    assert ev[-1].rule == "xevious.victory"
    with pytest.raises(IllegalAction) as info:
        g.play(Roll())
    assert info.value.rule == "xevious.game-over"


def test_gumps_variant_fewer_markers() -> None:
    """xevious.condition-gump: variant gumps=1 keeps only the last Gump Marker."""
    g = game(variant={"gumps": 1})
    stage7(g)
    put(g, 0, 2, 1)
    g.rig(die=[2])
    g.play(Roll())  # no Gump on area 3 space 3 now: on to the green space
    assert (pilot(g, 0).area, pilot(g, 0).idx) == (2, 3) and g.raw_state.gumps == (True,)


def test_air_battle_enemy_is_the_next_player_in_order() -> None:
    """xevious.air-battle: in a 3-player game the next player in the order turns the enemy's card."""
    from tabletop import xevious
    g = xevious.new_game(seed=1, players=3, rig={"die": [2, 6, 4]})  # order: 1, 2, 0
    put(g, 1, 0, 3)
    g.rig(die=1)
    g.play(Roll())
    g.play(Aim("up"))
    assert g.current_player == 2
    g.play(EnemyAim("down"))
    assert g.raw_state.last["won"] and g.current_player == 2
