"""tabletop.xevoz.queries: the public questions about a position answer as the rules play (issue 20)."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import xevoz
from tabletop.engine import Game, IllegalAction
from tabletop.xevoz import Chop, Move, queries
from tabletop.xevoz.lessons import LESSONS


def at(nn: str, k: int) -> Game[Any]:
    return LESSONS[nn].game_at(k)


def test_choppable_parts_are_the_legal_chops_and_the_others_are_refused() -> None:
    g = at("02", 4)  # Player 1 has two swords to use on Skull Jack
    free = queries.choppable_parts(g, 1)
    assert free == [a.part for a in g.legal_actions() if isinstance(a, Chop)]
    assert "helm" in free and "skull" not in free and "fang" not in free
    assert queries.refusal(g, Chop("skull"))[0] == "xevoz.stay-connected"  # type: ignore[index]
    assert queries.refusal(g, Chop("fang"))[0] == "xevoz.drain-uncuttable"  # type: ignore[index]
    assert queries.refusal(g, Chop("helm")) is None
    assert queries.decision(g) == ("chop", 0, 1)
    assert queries.part_label(g, 1, "helm") == "Skull Helm"


def test_move_squares_are_the_legal_moves_of_the_seat_to_move_only() -> None:
    g = at("02", 6)  # the winner, Player 1 on C3, moves
    assert queries.square_of(g, 0) == "C3"
    squares = queries.move_squares(g, 0)
    assert squares == [a.cell for a in g.legal_actions() if isinstance(a, Move)]
    assert "D4" not in squares and "D3" not in squares  # diagonal; occupied
    assert queries.move_squares(g, 1) == []


def test_call_preview_plays_a_fork_and_call_odds_counts_every_pair_of_sides() -> None:
    g = at("02", 3)
    before = g.digest()
    g.rig(helix1="4a", helix2="2a")
    p = queries.call_preview(g, "white")
    assert (p.winner, p.strength, p.chops) == (0, (9, 7), (2, 0))
    assert g.raw_state.phase == "call" and g.rigged == {"helix1": ["4a"], "helix2": ["2a"]}
    win, lose, tie, warp = queries.call_odds(g, "white")
    assert win + lose + tie + warp == 144
    assert g.rigged == {"helix1": ["4a"], "helix2": ["2a"]}  # the odds ignore and keep the game's own rigs
    g.clear_rigs()
    assert g.digest() == before  # the preview and the odds played forks only
    with pytest.raises(IllegalAction, match="no call is due"):
        queries.call_odds(at("02", 4), "black")  # no call is due during the actions


def test_helix_problems_names_every_clause() -> None:
    own = [gid for gid, _ in xevoz.components().figures["razorclaw"].helix]
    assert queries.helix_problems("razorclaw", own) == []
    probs = {c for c, _ in queries.helix_problems("razorclaw", ["razor-claw", "bone-blade", "spine-ridge"])}
    assert probs == {"xevoz.helix-six"}
    probs = {c for c, _ in queries.helix_problems("razorclaw", ["drain-spike", "drain-fang", "razor-claw",
                                                                "bone-blade", "spine-ridge", "tail-club"])}
    assert probs == {"xevoz.helix-drain", "xevoz.power-parts"}
    with pytest.raises(ValueError, match="no ready figure"):
        queries.helix_problems("nobody", [])


def test_a_query_of_a_seat_that_is_not_there_is_refused() -> None:
    with pytest.raises(ValueError, match="seat is 0 or 1"):
        queries.choppable_parts(at("02", 4), 2)
    with pytest.raises(IllegalAction):
        queries.call_preview(at("02", 4), "white")  # the call is refused during the actions: nothing is previewed
