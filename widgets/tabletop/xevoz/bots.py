"""Xevoz bots: a random bot and a greedy bot that reads both helixes before calling."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from tabletop.engine import Action, Bot, Game, RandomBot
from tabletop.engine.bots import below, below_of

from .actions import AttachDrain, Chop, Flip, FreeDrain, Heal, KeepDrain, Move, PickFigure, Place, Ready
from .data import Attack, cell_name, parse_cell
from .queries import choppable_parts
from .rules import _CALLS, _ROLL, XevozRules  # _CALLS, _ROLL: the legal actions of the call and the rolls
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
        return legal[below(rng, n)]

    def sim_steps(self, game: Game[Any], state: Any, ctx: Any, bots: Sequence[Bot], budget: int) -> int:
        """The simulator's fused steps (see ``tabletop.sim.core``; ``bots`` are the random bots of the seats):
        play the battle's decisions one after another, each seat's action picked exactly as its bot's
        :meth:`choose` would from ``legal_actions`` (the same actions in the same order, the same draws of that
        bot's generator) and played on ``state`` with the counting ``ctx``. The common ones (the call, a move or
        a follow, a chop, a regeneration, snapping on a DRAIN ATTACK, the rolls for the first attack and the world)
        without building the list, dispatching on the action or checking it again; the rest (build, placing,
        warps...) by the seat's ``choose`` and ``apply``. Stops at the end of the battle, after ``budget`` steps,
        or before a decision with no legal action (the plain path reports it); returns the number of steps
        played."""
        rules = cast(XevozRules, game.rules)  # a Xevoz bot plays Xevoz games (the simulator's table says so)
        apply = rules.apply
        call, chopped, moved, roll = rules._call, rules._chopped, rules._moved, rules._roll
        mat_grids, parts_of = rules._mat_grids, rules._parts
        # each pick is engine.bots.below (bound to the seat's generator): exactly rng.randrange(n), as choose
        # draws it
        picks = [below_of(b.rng) for b in bots]
        played = 0
        while played < budget:
            ph = state.phase
            if ph == "call":
                seat = state.attacker  # legal_actions: Call("black"), Call("white")
                r = picks[seat](2)
                ctx.player = seat
                call(state, _CALLS[r], ctx, seat)
            elif ph == "move" or ph == "follow":
                seat = state.chooser
                sides = state.sides
                grid = mat_grids.get(state.mat) or rules.mat_grid(state)
                cells = (grid.near if ph == "follow" else grid.free)[sides[seat].pos, sides[1 - seat].pos]
                n = len(cells)
                if not n:
                    break  # the plain path says that the seat has no legal action
                r = picks[seat](n)
                cell = cells[r]
                ctx.player = seat
                moved(state, ctx, seat, cell, grid.names[cell], ph == "move", grid)
            elif ph == "actions" and state.queue[0][0] == "chop":
                _, seat, owner = state.queue[0]
                side = state.sides[owner]
                f = side.figure
                known = parts_of.get(id(f))  # rules.parts(f), read here (one call less a chop)
                parts = (known if known is not None and known.figure is f else rules.parts(f)).chop_indices(
                    side.present)
                n = len(parts)
                if not n:
                    break
                r = picks[seat](n)
                ctx.player = seat
                chopped(state, ctx, seat, owner, parts[r])
            elif ph == "actions":
                kind, seat, owner = state.queue[0]
                side = state.sides[owner]
                if kind == "heal":  # legal_actions: the Heal of every healable part, then FreeDrain (KeepDrain)
                    idx = rules.healable(side)
                    n = len(idx)
                    if state.sides[1 - owner].drain_on >= 0:
                        n += 1 if n else 2
                else:  # attach, reattach, rehome: the AttachDrain of every host part
                    idx = rules.drain_hosts(side)
                    n = len(idx)
                if not n:
                    break
                r = picks[seat](n)
                ctx.player = seat
                if r >= len(idx):  # the DRAIN ATTACK on the figure: remove it, or (nothing to regenerate) keep it
                    apply(state, FreeDrain() if r == len(idx) else KeepDrain(), ctx)
                elif kind == "heal":
                    rules._healed(state, ctx, owner, idx[r])
                else:
                    rules._attached(state, ctx, kind, seat, owner, idx[r])
            elif ph == "first" or ph == "world":  # legal_actions: RollHelix() alone (both roll for the first attack)
                seat = 0 if ph == "first" else state.attacker
                picks[seat](1)  # choose draws for its pick even among one action
                ctx.player = seat
                roll(state, _ROLL[0], ctx, seat)
            elif ph == "over":
                break
            else:
                seat = rules.current_player(state)
                legal = rules.legal_actions(state)
                if seat is None or not legal:
                    break  # the plain path says that the seat has no legal action
                act = bots[seat].choose(game, legal)
                ctx.player = seat
                apply(state, act, ctx)
            played += 1
        return played


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
