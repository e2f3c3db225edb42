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
            best = max(legal, key=lambda a: self._score(rules, s, p, s.path[a.step - 1], a.step)
                       if isinstance(a, StopAt) else -99.0)
            return best
        if TryAgain in types:
            me = s.pilots[p]
            sp = rules._space(s, (me.area, me.idx))
            cap = s.cap
            if s.stage < 7 and ((sp.awards.l and me.l < cap) or (sp.awards.s and me.s < cap)
                                or (sp.awards.w and me.w < cap)):
                return TryAgain()
        if Roll in types:
            values = [self._move_value(rules, s, p, n) for n in range(1, 7)]
            avg = sum(values) / 6
            if Fly in types:
                best = max(values)
                if best - avg > (1.0 if s.stage == 7 else 2.0):
                    return Fly(values.index(best) + 1)
            return Roll()
        return legal[self.rng.randrange(len(legal))]

    # -- evaluation -------------------------------------------------------------------------------------
    def _move_value(self, rules: XeviousRules, s: XeviousState, p: int, n: int) -> float:
        path, _ = rules._walk(s, p, n)
        if not path:
            return 0.0
        best = self._score(rules, s, p, path[-1], len(path))
        tr = rules.tracks[s.stage - 1]
        green, blaster = tr.green, tr.blaster
        for k in range(len(path) - 1):
            a, i = pos = path[k]  # never the stage gate: that is only ever a path's last square
            if green[a][i] or blaster[a][i]:
                best = max(best, self._score(rules, s, p, pos, k + 1))
        return best

    def _score(self, rules: XeviousRules, s: XeviousState, p: int, pos: tuple[int, int], step: int) -> float:
        me = s.pilots[p]
        tr = rules.tracks[s.stage - 1]
        # before Stage 7 the stage gate and the catch-up rule undo any lead: markers matter, distance little
        value = float(step) * (1.0 if s.stage == 7 else 0.25)
        a, i = pos
        if a >= tr.n_areas:
            return value + 1.0
        sp = tr.areas[a][i]
        cap = s.cap
        hurt = 1.5 if me.s else (2.5 + (1.0 if me.w else 0) if me.l > 1 else 6.0)

        def worth(aw: Any) -> float:
            return (aw.w * (1.0 if me.w < cap else 0) + aw.s * (1.5 if me.s < cap else 0)
                    + aw.l * (2.5 if me.l < cap else 0))

        k = sp.kind
        if k == "green":
            value += worth(sp.awards) + 0.3
        elif tr.blaster[a][i] and pos not in s.daley:
            value += worth(sp.awards) * 0.5
        elif k == "ground":
            value -= hurt * min(sp.n, 6) / 6
        elif k == "air":
            value -= hurt * 0.75
        elif k == "squad":
            value -= hurt * 0.9
        return value


BOTS: dict[str, type[Bot]] = {"random": RandomXeviousBot, "sensible": SensibleBot, "greedy": SensibleBot}
