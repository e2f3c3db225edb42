"""Xevoz bots: a random bot and a greedy bot that reads both helixes before calling."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine import Action, Bot, Game, RandomBot

from . import fast
from .actions import AttachDrain, Chop, Flip, FreeDrain, Heal, Move, PickFigure, Place, Ready
from .data import Attack, cell_name, parse_cell
from .queries import choppable_parts
from .strategy import XevozStrategy


class XevozRandomBot(RandomBot):
    """Uniform among the legal actions (in the build phase it declares ready as soon as it may, half the time,
    so that random battles do not spend most of their moves redesigning)."""

    name = "random"

    def choose(self, game: Game[Any], legal: Sequence[Action]) -> Action:
        n = len(legal)
        rng = self.rng
        if n and isinstance(legal[0], Ready) and game.raw_state.phase == "build" and rng.random() < 0.5:
            return legal[0]
        return legal[rng.randrange(n)]

    #: the simulator's fused steps: the fast path (fast.py), held to choose + apply by tests/xevoz/test_differential.py
    sim_steps = fast.sim_steps
    #: the same, made once per game (the simulator's worker plays a game's steps in a few calls)
    sim_player = fast.sim_player


def attack_value(a: Attack, drain_attached: bool) -> float:
    """How much an attack is worth to its winner, in parts (a rough rule of thumb)."""
    v = a.swords + 0.8 * a.stars
    if a.drain:
        v += 0.8 if drain_attached else 2.0
    if a.bomb:
        v += 1.6
    return v


class GreedyBot(Bot):
    """Builds its helix extra strong in black, calls the colour with the better expected outcome (strengths, bonus spaces and action symbols of both
    helixes), chops the part that hurts most (keeps its DRAIN ATTACK riding, cuts off what the opponent could
    regenerate), heals by first throwing off an enemy DRAIN ATTACK, snaps its DRAIN ATTACK onto the root part
    (chopped last) and moves onto bonus spaces of its own species."""

    name = "greedy"
    #: the simulator's fused steps: the fast path (fast.py), held to choose + apply by tests/xevoz/test_differential.py
    sim_steps = fast.choose_steps

    def choose(self, game: Game[Any], legal: Sequence[Action]) -> Action:
        st = game.raw_state
        rules: Any = game.rules  # the XevozRules (its components and helpers)
        me = game.current_player
        assert me is not None
        ph = st.phase
        if ph == "build":
            # Xevolve: press every glyph in so that its stronger attack reads black, then present it
            side = st.sides[me]
            for slot, (gid, fl) in enumerate(side.helix):
                white, black = rules.comp.glyphs[gid].attacks(fl)
                if white.strength > black.strength:
                    flip = Flip(slot + 1)
                    if flip in legal:
                        return flip
            if isinstance(legal[0], Ready):
                return legal[0]
            # not ready-able: pick a figure with as many parts as the opponent's (the equal-parts check)
            want = st.sides[1 - me].figure.n_parts
            for a in legal:
                if isinstance(a, PickFigure) and rules.comp.figures[a.figure].n_parts == want:
                    return a
            return legal[self.rng.randrange(len(legal))]
        if ph == "call":
            return max(legal, key=lambda a: self._call_value(rules, st, me, a.colour))  # type: ignore[attr-defined]
        if ph == "actions":
            kind, chooser, owner = st.queue[0]
            side = st.sides[owner]
            f = side.figure
            index = rules.parts(f).index  # part id -> index, as f.index gives it
            if kind == "chop":
                mine = st.sides[chooser].drain_on if owner != chooser else -9
                present, children, depth, rnd = side.present, f.children, f.depth, self.rng.random

                def hurt(a: Action) -> tuple[int, int, float]:
                    assert isinstance(a, Chop)
                    i = index[a.part]
                    lost_kids = 0
                    for c in children[i]:
                        if not present[c]:
                            lost_kids += 1
                    return (0 if i == mine else 1, lost_kids, -depth[i] + rnd() * 0.1)
                if owner == chooser:  # cannot happen: nobody chops their own figure by choice
                    return legal[0]
                return max(legal, key=hurt)
            if kind == "heal":
                for a in legal:
                    if isinstance(a, FreeDrain):
                        return a

                def helps(a: Action) -> tuple[int, float]:
                    assert isinstance(a, Heal)
                    i = index[a.part]
                    return (sum(1 for c in f.children[i] if not side.present[c]), self.rng.random())
                return max(legal, key=helps)
            if kind == "rehome":  # its own DRAIN ATTACK back home: onto the part least likely to be chopped
                return min(legal, key=lambda a: f.depth[f.index(a.part)])  # type: ignore[attr-defined]
            if kind == "attach":
                return min(legal, key=lambda a: f.depth[f.index(a.part)])  # type: ignore[attr-defined]
            free = set(choppable_parts(game, owner))  # the public query: parts that may be chopped now
            leafy = [a for a in legal if isinstance(a, AttachDrain) and a.part in free]
            return leafy[0] if leafy else legal[0]
        if ph in ("move", "follow", "warp-place", "warp-follow", "start"):
            m = rules.comp.mats[st.mat]
            cells = rules.grid(m.size).cells  # cell name -> index, as parse_cell reads it
            bonuses = m.bonuses
            species = [rules.comp.glyphs[g].species for g, _ in st.sides[me].helix]
            rnd = self.rng.random

            def value(a: Action) -> float:
                assert isinstance(a, Move | Place)
                b = bonuses.get(cells[a.cell])
                val = 0.0
                if b is not None:
                    val += species.count(b[0]) / 6 * b[1]
                return val + rnd() * 0.01
            return max(legal, key=value)
        return legal[self.rng.randrange(len(legal))]

    def _cell_value(self, rules: Any, st: Any, me: int, a: Action, size: int) -> float:
        """How much standing on the square of ``a`` (a Move or Place) is worth to ``me``: its bonus, weighted by
        how many of the helix's glyphs are of the bonus species."""
        cell = parse_cell(a.cell, size)  # type: ignore[attr-defined]
        assert isinstance(a, Move | Place)
        m = rules.comp.mats[st.mat]
        species = [rules.comp.glyphs[g].species for g, _ in st.sides[me].helix]
        b = m.bonuses.get(cell)
        val = 0.0
        if b is not None:
            val += species.count(b[0]) / 6 * b[1]
        return val if cell_name(cell, size) else 0.0

    def _call_value(self, rules: Any, st: Any, me: int, colour: str) -> float:
        m = rules.comp.mats[st.mat]
        pick = 1 if colour == "black" else 0
        opp = 1 - me
        mine, theirs = st.sides[me], st.sides[opp]
        my_drain = mine.drain_on >= 0
        their_drain = theirs.drain_on >= 0
        # the value depends only on these: worked out once (the same sums in the same order when it is not known)
        h0, h1 = mine.helix, theirs.helix
        comp = rules.comp
        key = (id(comp), id(h0), id(h1), m.bonuses.get(mine.pos), m.bonuses.get(theirs.pos), my_drain, their_drain,
               pick)
        hit = _CALL_VALUES.get(key)
        if hit is not None and hit[0] is comp and hit[1] is h0 and hit[2] is h1:
            return hit[3]
        total = self._call_total(rules, st, me, pick, m, my_drain, their_drain)
        if len(_CALL_VALUES) > 65536:
            _CALL_VALUES.clear()
        _CALL_VALUES[key] = (comp, h0, h1, total)  # the entry keeps comp and both helixes alive (their ids stay)
        return total

    def _call_total(self, rules: Any, st: Any, me: int, pick: int, m: Any, my_drain: bool,
                    their_drain: bool) -> float:
        opp = 1 - me
        rows = []
        for s, drain in ((me, my_drain), (opp, their_drain)):
            side = st.sides[s]
            bonus = m.bonuses.get(side.pos)
            rows.append([(strength + (bonus[1] if bonus is not None and bonus[0] == species else 0), worth[drain])
                         for strength, species, worth in self._faces(rules, side.helix, pick)])
        total = 0.0
        for ms, mine in rows[0]:
            for os_, theirs in rows[1]:
                if ms > os_:
                    total += mine
                elif os_ > ms:
                    total -= theirs
                else:
                    total -= 0.3  # a tie hands the attack to the defender
        return total

    def _faces(self, rules: Any, helix: tuple[tuple[str, bool], ...],
               pick: int) -> list[tuple[int, str, tuple[float, float]]]:
        """Per glyph of ``helix``: the strength, species and worth of its attack in one colour (without and with
        the winner's DRAIN ATTACK attached); worked out once per helix and colour."""
        cache: dict[Any, Any] = self.__dict__.setdefault("_face_cache", {})
        key = (id(rules.comp), helix, pick)
        if key not in cache:
            out = []
            for gid, fl in helix:
                g = rules.comp.glyphs[gid]
                att = g.attacks(fl)[pick]
                out.append((att.strength, g.species, (attack_value(att, False), attack_value(att, True) + 1)))
            cache[key] = out
        return cache[key]  # type: ignore[no-any-return]


#: GreedyBot's value of a call, by what it depends on (components, both helixes, both bonus squares, both DRAIN
#: ATTACKs, the colour)
_CALL_VALUES: dict[tuple[Any, ...], tuple[Any, Any, Any, float]] = {}

BOTS: dict[str, type[Bot]] = {"random": XevozRandomBot, "greedy": GreedyBot}

#: the search bot's strategy for Xevoz (tabletop.sim.mcts finds it here)
STRATEGY = XevozStrategy(GreedyBot)
