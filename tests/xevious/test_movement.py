"""Movement through a stage (xevious.move-*, green/must/entrance stops, exits, catch-up, the stage gate, turns).

Panel A (Stages 1 and 7), counted from 0 here:
  area 0: E . G2 g A G3 C F X(S1)      area 1: E G3 g(S1) M2 . C G4+ P X(S1)
  area 2: E . G3 g A G4+STOP Sol G3+ X(W1)
"""

from __future__ import annotations

import pytest

from tabletop.engine import IllegalAction, RandomBot, play_out
from tabletop.xevious.rules import CatchUp, Fly, Roll

from .helpers import game, pilot, put, rules_fired, stop

NO_COND = {"stage_conditions": False}


def test_move_roll_moves_exactly_the_roll_and_follows_the_space() -> None:
    """xevious.move-roll: roll 2 from the start lands on the air-to-ground battle 2 and fights it."""
    g = game()
    g.rig(die=[2, 3])
    ev = g.play(Roll())
    assert (pilot(g, 0).area, pilot(g, 0).idx) == (0, 2)
    assert "xevious.move-roll" in rules_fired(ev) and "xevious.ground-battle" in rules_fired(ev)
    assert g.current_player == 1  # the turn passed


def test_move_forward_never_backwards_and_no_zero_moves() -> None:
    """xevious.move-forward: stops are only ahead; a stop of 0 spaces is refused."""
    g = game()
    g.rig(die=4)  # passes the green space at step 3, ends on the air battle at step 4
    g.play(Roll())
    assert g.raw_state.phase == "stop"
    steps = [a.step for a in g.legal_actions()]
    assert steps == [3, 4]
    with pytest.raises(IllegalAction) as info:
        g.play(stop(g, 0))
    assert info.value.rule == "xevious.move-forward" and "after: 3, 4" in info.value.reason
    with pytest.raises(IllegalAction) as info:
        g.play(stop(g, 2))  # a plain space passed: no early stop there
    assert info.value.rule == "xevious.green-stop" and "after: 3, 4" in info.value.reason
    # in a whole random game a mover's position only goes back when it respawns or a new stage begins
    g = game(seed=9)
    last = [(1, 0, 0)] * 2
    for _ in range(400):
        if g.is_over:
            break
        ev = g.play(RandomBot(seed=len(g.history)).choose(g, g.legal_actions()))
        fired = rules_fired(ev)
        for k in range(2):
            q = pilot(g, k)
            now = (g.raw_state.stage, q.area, q.idx)
            if not ({"xevious.respawn", "xevious.respawn-stage1"} & set(fired)):
                assert now >= last[k] or now[0] > last[k][0]
            last[k] = now


def test_green_stop_you_may_stop_on_a_green_space_you_pass() -> None:
    """xevious.green-stop: the green space passed is offered; stopping there ends the move safely."""
    g = game()
    g.rig(die=4)
    g.play(Roll())
    assert [str(a) for a in g.legal_actions()][0].startswith("stop after 3 spaces (green space")
    ev = g.play(stop(g, 3))
    assert (pilot(g, 0).area, pilot(g, 0).idx) == (0, 3)
    assert "xevious.green-stop" in rules_fired(ev) and "xevious.air-battle" not in rules_fired(ev)
    # a green space with markers gives them when you stop there
    g = game()
    put(g, 0, 1, 1)
    g.rig(die=[3])  # passes green S1 (step 1) ... ends on the plain space
    g.play(Roll())
    g.play(stop(g, 1))
    assert pilot(g, 0).s == 1


def test_must_stop_space_truncates_the_roll() -> None:
    """xevious.must-stop: a roll of 6 from area 3 space 3 ends on the STOP space 3 spaces on."""
    g = game(variant=NO_COND)
    put(g, 0, 2, 2)
    g.rig(die=[6, 6])
    ev = g.play(Roll())
    assert "xevious.must-stop" in rules_fired(ev)
    assert [a.step for a in g.legal_actions()] == [1, 3]  # the green space, or the must-stop space
    ev = g.play(stop(g, 3))
    assert (pilot(g, 0).area, pilot(g, 0).idx) == (2, 5)
    assert "xevious.ground-battle" in rules_fired(ev)


def test_entrance_stop_and_exit_markers() -> None:
    """xevious.entrance-stop and xevious.exit-markers: passing the exit gives its markers; the move ends on the
    next area's entrance even with steps left."""
    g = game()
    put(g, 0, 0, 7)
    g.rig(die=5)
    ev = g.play(Roll())
    assert (pilot(g, 0).area, pilot(g, 0).idx) == (1, 0)
    assert "xevious.entrance-stop" in rules_fired(ev) and "xevious.exit-markers" in rules_fired(ev)
    assert pilot(g, 0).s == 1


def test_catch_up_moves_to_the_next_area_and_takes_exit_markers() -> None:
    """xevious.catch-up and xevious.catch-up-exit-markers."""
    g = game()
    put(g, 0, 0, 5)
    put(g, 1, 1, 2)
    assert CatchUp() in g.legal_actions()
    ev = g.play(CatchUp())
    assert (pilot(g, 0).area, pilot(g, 0).idx) == (1, 0)
    assert pilot(g, 0).s == 1  # area 1's exit gives 1 Shield Marker
    assert {"xevious.catch-up", "xevious.catch-up-exit-markers"} <= set(rules_fired(ev))
    # refused while another player is still in your area
    g = game()
    put(g, 0, 0, 5)
    put(g, 1, 0, 6)
    assert CatchUp() not in g.legal_actions()
    with pytest.raises(IllegalAction) as info:
        g.play(CatchUp())
    assert info.value.rule == "xevious.catch-up" and "every other player" in info.value.reason
    # and never in a one-player game
    solo = game(players=1)
    with pytest.raises(IllegalAction, match="other players"):
        solo.play(CatchUp())


def test_stage_gate_waits_then_the_next_stage_begins() -> None:
    """xevious.stage-gate: a mover leaving the stage waits (its turns are skipped); when all have left, the next
    stage begins with everybody on its starting point."""
    g = game(variant=NO_COND)
    put(g, 0, 2, 7)
    put(g, 1, 0, 0)
    g.rig(die=[3])
    ev = g.play(Roll())
    assert pilot(g, 0).area == 3 and "xevious.stage-gate" in rules_fired(ev)
    assert pilot(g, 0).w == 1  # the last exit's Extra Weapon
    g.rig(die=[1, 3])
    g.play(Roll())  # seat 1: lands on the plain space
    assert g.current_player == 1  # seat 0 waits at the gate
    put(g, 1, 2, 8)
    g.rig(die=[1])
    ev = g.play(Roll())
    assert g.raw_state.stage == 2 and g.state["panel"] == "B"
    assert all((q.area, q.idx) == (0, 0) for q in g.raw_state.pilots)
    assert "xevious.stage-gate" in rules_fired(ev)
    assert g.current_player == 0


def test_turn_order_follows_the_rolled_order() -> None:
    """xevious.turn-order: turns go round in the order rolled at the start."""
    from tabletop import xevious
    g = xevious.new_game(seed=2, players=3, rig={"die": [1, 6, 3]})
    seen = []
    for i in range(6):  # roll 1, then 1 again: the plain space, then the battle 2 (rigged to 3, a win)
        seen.append(g.current_player)
        g.rig(die=[1] if i < 3 else [1, 3])
        g.play(Roll())
        assert not g.rigged
    assert seen[:3] == [1, 2, 0] and seen[3:6] == [1, 2, 0]


def test_turn_cap_ends_the_game_without_winner() -> None:
    """xevious.turn-cap: the game stops with no winner after the variant's cap."""
    g = game(variant={"turn_cap": 10}, seed=4)
    play_out(g, [RandomBot(seed=1), RandomBot(seed=2)])
    assert g.is_over and g.winner is None and g.raw_state.rounds == 10
    assert g.log[-1].rule == "xevious.turn-cap"


def test_cockpit_card_flies_the_chosen_number_once_per_stage() -> None:
    """xevious.cockpit-card (variant cockpit_card): fly 1..6 without rolling, once per stage."""
    g = game(variant={"cockpit_card": True})
    n_draws = g.chance.counter
    g.play(Fly(3))  # lands exactly on the green space, no die drawn
    assert (pilot(g, 0).area, pilot(g, 0).idx) == (0, 3) and g.chance.counter == n_draws
    g.rig(die=1)
    g.play(Roll())  # seat 1
    assert not any(isinstance(a, Fly) for a in g.legal_actions())
    with pytest.raises(IllegalAction) as info:
        g.play(Fly(2))
    assert info.value.rule == "xevious.cockpit-card" and "already face down" in info.value.reason
    plain = game()
    with pytest.raises(IllegalAction) as info:
        plain.play(Fly(2))
    assert info.value.rule == "xevious.move-roll" and "variant" in info.value.reason
