"""Bots for Super Xevious: a random bot and a sensible one.

The sensible bot looks at the squares a move can end on and scores each: progress along the track, markers
it would take (worth more when the sheet row is low), and the risk of the battle waiting there. With the Cockpit
Card variant (cockpit_card=True) it spends the card when one exact landing is clearly better than an average roll.
It always catches up, and saves its Extra
Weapons for the Gump Markers of Stage 7: the stage gate and the catch-up rule undo any lead before Stage 7, so
what counts is the markers a player brings there.
Battle Cards are turned at random: against a thinking enemy no heading is better than another.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Action, Bot, Game, RandomBot
from .rules import (
    ROLL,
    Aim,
    Attack,
    Blast,
    CatchUp,
    EnemyAim,
    Fire,
    Fly,
    Roll,
    StopAt,
    TryAgain,
    XeviousRules,
    XeviousState,
)
from .strategy import XeviousStrategy


class RandomXeviousBot(RandomBot):
    """Picks uniformly among the legal actions."""

    name = "random"


class SensibleBot(Bot):
    name = "sensible"

    def choose(self, game: Game[Any], legal: Sequence[Action]) -> Action:
        rules: XeviousRules = game.rules  # type: ignore[assignment]
        s: XeviousState = game.raw_state
        types = {type(a) for a in legal}
        if EnemyAim in types or (Aim in types and Blast not in types):
            return legal[self.rng.randrange(len(legal))] if Blast not in types else Blast()
        if Blast in types:
            me = s.pilots[s.order[s.turn]]
            if me.w >= s.cap - 1 or (s.stage < 7 and me.s == 0 and me.l == 1):
                return Blast()
            return legal[self.rng.randrange(len(legal) - 1)]  # an Aim: keep the weapon for the Gumps
        if Fire in types:
            assert s.pend is not None
            me = s.pilots[s.pend["who"]]
            last_gump = s.stage == 7 and s.pend.get("guard") is not None and sum(s.gumps) == 1
            andor = s.stage == 1 and s.pend.get("guard") is not None
            use = last_gump or andor or me.w >= s.cap or (s.stage < 7 and me.s == 0 and me.l == 1)
            return Fire(use)
        if Attack in types:
            return Attack()
        if CatchUp in types:
            return CatchUp()
        if TryAgain in types and Roll not in types:
            return TryAgain()  # the at-once retry of variant retry_uses_turn=False
        p = s.order[s.turn]
        if StopAt in types:
            ev = _Eval(rules, s, p)
            path = s.path
            best = max(legal, key=lambda a: ev.score(path[a.step - 1], a.step) if isinstance(a, StopAt) else -99.0)
            return best
        if TryAgain in types:
            me = s.pilots[p]
            sp = rules.space_at(s, (me.area, me.idx))
            cap = s.cap
            if sp is not None and s.stage < 7 and ((sp.awards.l and me.l < cap) or (sp.awards.s and me.s < cap)
                                or (sp.awards.w and me.w < cap)):
                return TryAgain()
        if Roll in types:
            values = _Eval(rules, s, p).move_values()
            avg = sum(values) / 6
            if Fly in types:
                top = max(values)
                if top - avg > (1.0 if s.stage == 7 else 2.0):
                    return Fly(values.index(top) + 1)
            return ROLL
        return legal[self.rng.randrange(len(legal))]

    # -- evaluation (kept for scripts; the bot itself uses _Eval, which works out the same numbers faster) ------
    def _move_value(self, rules: XeviousRules, s: XeviousState, p: int, n: int) -> float:
        return _Eval(rules, s, p).move_value(n)

    def _score(self, rules: XeviousRules, s: XeviousState, p: int, pos: tuple[int, int], step: int) -> float:
        return _Eval(rules, s, p).score(pos, step)


MEMO_LIMIT = 100_000  # move values kept per track


class _Eval:
    """The sensible bot's view of one decision of seat ``p``: what a square is worth to land on (markers it would
    take, worth more when the sheet row is low; the risk of the battle waiting there), and what a move of n is
    worth (its best square to stop on). Everything that does not depend on the square is worked out once."""

    __slots__ = ("rules", "s", "me", "tr", "per_step", "hurt", "fw", "fs", "fl")

    def __init__(self, rules: XeviousRules, s: XeviousState, p: int) -> None:
        me = s.pilots[p]
        cap = s.cap
        self.rules, self.s, self.me = rules, s, me
        self.tr = rules.tracks[s.stage - 1]
        # before Stage 7 the stage gate and the catch-up rule undo any lead: markers matter, distance little
        self.per_step = 1.0 if s.stage == 7 else 0.25
        self.hurt = 1.5 if me.s else (2.5 + (1.0 if me.w else 0) if me.l > 1 else 6.0)
        self.fw = 1.0 if me.w < cap else 0
        self.fs = 1.5 if me.s < cap else 0
        self.fl = 2.5 if me.l < cap else 0

    def worth(self, aw: Any) -> float:
        return aw.w * self.fw + aw.s * self.fs + aw.l * self.fl  # type: ignore[no-any-return]

    def score(self, pos: tuple[int, int], step: int) -> float:
        tr = self.tr
        value = float(step) * self.per_step
        a, i = pos
        if a >= tr.n_areas:
            return value + 1.0
        sp = tr.areas[a][i]
        k = sp.kind
        if k == "green":
            value += self.worth(sp.awards) + 0.3
        elif tr.blaster[a][i] and pos not in self.s.daley:
            value += self.worth(sp.awards) * 0.5
        elif k == "ground":
            value -= self.hurt * min(sp.n, 6) / 6
        elif k == "air":
            value -= self.hurt * 0.75
        elif k == "squad":
            value -= self.hurt * 0.9
        return value

    def move_values(self) -> list[float]:
        """``move_value`` of 1 to 6, remembered per track for the same square, sheet and guards."""
        s, me = self.s, self.me
        key = (me.area, me.idx, self.hurt, self.fw, self.fs, self.fl, self.rules.guards_for(s, me), s.daley)
        memo = self.tr.memo
        values = memo.get(key)
        if values is None:
            if len(memo) >= MEMO_LIMIT:  # Daley Pieces can make many guard/cover combinations: start again
                memo.clear()
            values = memo[key] = tuple(self.move_value(n) for n in range(1, 7))
        return list(values)

    def move_value(self, n: int) -> float:
        tr = self.tr
        path = self.rules.pilot_plan(self.s, self.me, tr, n)[0]
        if not path:
            return 0.0
        score = self.score
        best = score(path[-1], len(path))
        green, blaster = tr.green, tr.blaster
        for k in range(len(path) - 1):
            a, i = pos = path[k]  # never the stage gate: that is only ever a path's last square
            if green[a][i] or blaster[a][i]:
                best = max(best, score(pos, k + 1))
        return best


BOTS: dict[str, type[Bot]] = {"random": RandomXeviousBot, "sensible": SensibleBot, "greedy": SensibleBot}

#: the search bot's strategy for Super Xevious (tabletop.sim.mcts finds it here)
STRATEGY = XeviousStrategy(SensibleBot)
