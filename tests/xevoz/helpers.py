"""Test helpers: start a battle with rigged rolls and put figures where a test needs them."""

from __future__ import annotations

from typing import Any

from tabletop import xevoz
from tabletop.engine import Game
from tabletop.xevoz.data import cell_name, parse_cell

# Razorclaw (seat 1) slots:   1 razor-claw  meta-beast W 7 sword / B 3 star
#   2 bone-blade reptosaur W 4 sword sword / B 6 sword    3 spine-ridge sectoid W 5 star / B 5 sword
#   4 horned-helm (gold) meta-beast W 9 sword sword / B 4 star   5 tail-club reptosaur W 6 sword / B 4 bomb
#   6 drain-spike meta-beast W 5 drain / B 5 sword
# Skull Jack (seat 2) slots:  1 skull-helm (gold) unnatural W 8 sword sword / B 5 star
#   2 bone-scythe unnatural W 7 sword / B 3 star    3 chain-whip sectoid W 3 sword sword sword / B 7 star
#   4 grave-lantern arcaster W 6 star / B 4 bomb    5 shadow-wing hyperfury W 6 sword / B 4 sword sword
#   6 drain-fang unnatural W 6 drain / B 4 sword


def battle(seed: int = 1, variant: Any = None, world: str = "1a") -> Game:
    """Seat 1 (Razorclaw) attacks first (13 against 10) on the mat of ``world``'s species (default Meta-Beast),
    standing on C3; seat 2 (Skull Jack) on D3. Phase: the attack call."""
    g = xevoz.new_game(seed=seed, variant=variant)
    g.rig(helix1=["4a", world], helix2="2a")
    xevoz.start_battle(g, start="C3")
    return g


def put(g: Game, seat: int, cell: str) -> None:
    """Test setup only: stand a figure on ``cell`` of the current mat."""
    st = g.raw_state
    st.sides[seat].pos = parse_cell(cell, g.rules.comp.mats[st.mat].size)
    g.version += 1


def pos(g: Game, seat: int) -> str:
    st = g.raw_state
    return cell_name(st.sides[seat].pos, g.rules.comp.mats[st.mat].size)


def round_(g: Game, f1: str, f2: str, colour: str = "black") -> list:
    g.rig(helix1=f1, helix2=f2)
    return g.play(xevoz.Call(colour))


def chop_parts(g: Game, seat: int, parts: list[str]) -> None:
    """Set up the position with ``parts`` chopped off seat ``seat``'s figure too (at the start of a round; the
    set-up refuses a position the rules could not reach, naming the clause)."""
    sides: list[dict[str, Any]] = [{}, {}]
    sides[seat]["chopped"] = [*g.position()["sides"][seat]["chopped"], *parts]
    g.set_up({"sides": sides})


def rules_of(events: list) -> list[str]:
    return [e.rule for e in events]
