"""First-player statistics for Xevoz count the seat that won Step 2 (xevoz.first-attacker), not seat 1."""

from __future__ import annotations

from tabletop.sim.core import play_one


def test_first_player_is_the_first_attacker_of_step_2() -> None:
    firsts = set()
    for seed in range(40):
        rec = play_one("tabletop.xevoz", {}, ["random", "random"], seed)
        firsts.add(rec.first)
        assert rec.rules.get("xevoz.first-attacker", 0) >= 1
    assert firsts == {0, 1}, "over 40 battles both seats must sometimes attack first"
