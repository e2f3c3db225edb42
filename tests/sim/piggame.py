"""The kit's test game Pig, wrapped as a game package so the simulator and the lab can be tested without a
real game (test-only; not registered in ``tabletop.games``)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from tabletop.engine import Action, Bot, Game, RandomBot
from tests.kit.pig import Hold, PigRules, PigVariant, Roll

Rules = PigRules
Variant = PigVariant


class GreedyBot(Bot):
    """Holds once the pot reaches ``hold_at`` points (or when holding wins)."""

    name = "greedy"
    hold_at = 20

    def choose(self, game: Game[Any], legal: Sequence[Action]) -> Action:
        st = game.raw_state
        if Hold() in legal and (st.pot >= self.hold_at or st.scores[st.turn] + st.pot >= st.target):
            return Hold()
        return Roll()


class CautiousBot(GreedyBot):
    name = "cautious"
    hold_at = 8


class SlowBot(GreedyBot):
    """The greedy bot, thinking for a few milliseconds per move (a game lasts tens of milliseconds, like a real
    game's, so cancelling a process pool mid-run can be tested)."""

    name = "slow"

    def choose(self, game: Game[Any], legal: Sequence[Action]) -> Action:
        time.sleep(0.002)
        return super().choose(game, legal)


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "cautious": CautiousBot, "slow": SlowBot}


def new_game(*, seed: int | None = None, variant: Any = None, players: Any = None, rig: Any = None) -> Game[Any]:
    return Game(PigRules(), seed=seed, variant=variant, players=players, rig=rig)
