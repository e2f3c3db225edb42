"""The simulator's fast path for Xevoz, kept apart from the rules (rules.py is the reference).

What is here is speed only, and says nothing a rule does not already say:

- **tables**: each figure's choppable parts as one generated test per part (:func:`chop_table`), each mat's
  movement squares by pair of squares, looked up without a call (:class:`Reach`), the build-phase actions by the
  helix's glyphs (:meth:`Tables.build_actions`: a flip does not change them);
- **fused steps** (:func:`sim_steps`, the random bot's ``sim_steps``; :func:`sim_player`, the same made once per
  game, is what the simulator's worker plays with): a whole battle's decisions picked exactly as
  :class:`~tabletop.xevoz.bots.XevozRandomBot` picks them from :func:`legal_actions` and played with the rules'
  own functions for actions already found legal, without building the lists, dispatching or checking again (the
  commonest steps, and the counting of their rule firings, written out in one frame);
- **counting without events**: the simulator hands in a counting Context (the kit's ``TallyContext``), so each
  rule's ``ctx.tell`` adds one to ``tally[rule, seat]`` and no Event or sentence is made. The rules never ask which
  Context they have.

tests/xevoz/test_differential.py plays many seeds step by step through the reference (``Game.play`` with every
event kept) and through this path, and compares every state, legal-action list and rule firing.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from tabletop.engine import Action, Bot, Game
from tabletop.engine.bots import picker
from tabletop.engine.rules import Bundle

from . import texts
from .actions import Call, Chop, FreeDrain, KeepDrain, Move
from .data import Attack, Components, Figure, Glyph
from .rules import _CALLS, _ROLL, Grid, XevozRules
from .state import COLOURS, FACE_SLOT, Side, XevozState

if TYPE_CHECKING:
    from tabletop.engine.rules import Context

ChopTable = Callable[[Sequence[bool]], list[int]]


def _compile_choppable(f: Figure, blockers: Sequence[Sequence[int]], actions: Sequence[Action] | None) -> Any:
    lines = ["def choppable(p):", "    out = []", "    add = out.append"]
    for i, kids in enumerate(blockers):
        if i == f.drain:
            continue
        free = "".join(f" and not p[{c}]" for c in kids)
        lines.append(f"    if p[{i}]{free}:")
        lines.append(f"        add({i if actions is None else f'A[{i}]'})")
    lines.append("    return out")
    env: dict[str, Any] = {"A": tuple(actions or ())}
    exec("\n".join(lines) + "\n", env)  # noqa: S102 - generated from the figure's own part indices only
    return env["choppable"]


def compile_chop_table(f: Figure, blockers: Sequence[Sequence[int]]) -> ChopTable:
    """``Parts.chop_indices`` of ``f`` (xevoz.chop-pile, xevoz.drain-uncuttable, xevoz.stay-connected) as one
    generated function: a test per part, with the part's blockers written in (a figure has a few dozen parts at
    most: no loop, no call per part)."""
    fn: ChopTable = _compile_choppable(f, blockers, None)
    return fn


def compile_chop_actions(f: Figure, blockers: Sequence[Sequence[int]],
                         chops: Sequence[Action]) -> Callable[[Sequence[bool]], list[Action]]:
    """``Parts.chop_actions`` of ``f`` as one generated function: :func:`compile_chop_table`'s tests, listing
    the part's Chop action (``chops``, by part) instead of its index."""
    fn: Callable[[Sequence[bool]], list[Action]] = _compile_choppable(f, blockers, chops)
    return fn


class Reach(dict[tuple[int, int], tuple[int, ...]]):
    """``grid.steps(me, other, follow)[0]`` by ``(me, other)``: looked up without a call, worked out (by
    ``steps``) the first time a pair is asked for."""

    __slots__ = ("grid", "follow")

    def __init__(self, grid: Grid, follow: bool) -> None:
        super().__init__()
        self.grid = grid
        self.follow = follow

    def __missing__(self, key: tuple[int, int]) -> tuple[int, ...]:
        cells = self[key] = self.grid.steps(key[0], key[1], self.follow)[0]
        return cells


class MoveReach(dict[tuple[int, int], tuple[Move, ...]]):
    """``grid.steps(me, other, follow)[1]`` (the Move actions of :class:`Reach`'s squares) by ``(me, other)``."""

    __slots__ = ("grid", "follow")

    def __init__(self, grid: Grid, follow: bool) -> None:
        super().__init__()
        self.grid = grid
        self.follow = follow

    def __missing__(self, key: tuple[int, int]) -> tuple[Move, ...]:
        moves = self[key] = self.grid.steps(key[0], key[1], self.follow)[1]
        return moves


class Tables:
    """The fast tables of one rules object (its figures and mats), made the first time each is asked for."""

    def __init__(self, rules: XevozRules) -> None:
        self.rules = rules
        self._chops: dict[int, tuple[Figure, ChopTable]] = {}  # by id() of the figure; the entry keeps it alive
        #: the same as _chops, listing the Chop actions (``Parts.chop_actions``)
        self._chop_acts: dict[int, tuple[Figure, Callable[[Sequence[bool]], list[Action]]]] = {}
        #: per mat: its Move actions by pair of squares, moving and following (``Reach``'s squares as Moves)
        self._move_reach: dict[str, tuple[MoveReach, MoveReach]] = {}
        self._reach: dict[str, tuple[Grid, Reach, Reach]] = {}
        #: id(helix) -> (helix, its reading by face): ``rules.read_face`` found without hashing the helix
        self._readings: dict[int, tuple[Any, dict[str, tuple[Glyph, Attack, Attack, str]]]] = {}
        #: the build-phase actions (``rules._build_actions``) by figure, the helix's glyphs, the presented
        #: opponent's parts and the gold limit (see :meth:`build_actions`)
        self._builds: dict[tuple[Any, ...], tuple[Action, ...]] = {}

    def readings(self, side: Any) -> dict[str, tuple[Glyph, Attack, Attack, str]]:
        """``rules.read_face(side, face)`` by face."""
        h = side.helix
        hit = self._readings.get(id(h))
        if hit is None or hit[0] is not h:
            if len(self._readings) > 4096:  # helixes redesigned in many games: start afresh
                self._readings.clear()
            by_face = {face: XevozRules.read_face(self.rules, side, face) for face in FACE_SLOT}
            hit = self._readings[id(h)] = (h, by_face)  # the entry keeps the helix alive, so its id stays its own
        return hit[1]

    def build_actions(self, state: XevozState, seat: int) -> tuple[Action, ...]:
        """``rules._build_actions(state, seat)``, found again after a flip: the list reads the helix's glyphs (the
        pre-battle check, the spare glyphs to swap in, one Flip per slot), never which way round they are pressed
        in, so it is kept by the glyphs alone (the rules keep it by the whole helix)."""
        side, other = state.sides[seat], state.sides[1 - seat]
        f = side.figure
        key = (f.id, f.n_parts, tuple([g for g, _ in side.helix]), other.figure.n_parts if other.ready else -1,
               state.max_gold)
        hit = self._builds.get(key)
        if hit is None:
            if len(self._builds) > 4096:  # helixes redesigned in many games: start afresh
                self._builds.clear()
            hit = self._builds[key] = XevozRules._build_actions(self.rules, state, seat)
        return hit

    def chop_table(self, f: Figure) -> ChopTable:
        hit = self._chops.get(id(f))
        if hit is None or hit[0] is not f:
            hit = self._chops[id(f)] = (f, compile_chop_table(f, self.rules.parts(f).blockers))
        return hit[1]

    def chop_actions(self, f: Figure) -> tuple[Figure, Callable[[Sequence[bool]], list[Action]]]:
        """The entry of ``_chop_acts`` for ``f`` (made the first time it is asked for)."""
        hit = self._chop_acts.get(id(f))
        if hit is None or hit[0] is not f:
            p = self.rules.parts(f)
            hit = self._chop_acts[id(f)] = (f, compile_chop_actions(f, p.blockers, p.chops))
        return hit

    def move_reach(self, state: XevozState) -> tuple[MoveReach, MoveReach]:
        """The entry of ``_move_reach`` for the state's mat (made the first time it is asked for)."""
        hit = self._move_reach.get(state.mat)
        if hit is None:
            grid = self.rules.mat_grid(state)
            hit = self._move_reach[state.mat] = (MoveReach(grid, False), MoveReach(grid, True))
        return hit

    def reach(self, state: XevozState) -> tuple[Grid, Reach, Reach]:
        """The mat's grid, its movement squares (xevoz.movement) and its following squares
        (xevoz.defender-follows)."""
        hit = self._reach.get(state.mat)
        if hit is None:
            grid = self.rules.mat_grid(state)
            hit = self._reach[state.mat] = (grid, Reach(grid, False), Reach(grid, True))
        return hit


_TABLES: weakref.WeakKeyDictionary[XevozRules, Tables] = weakref.WeakKeyDictionary()


def tables(rules: XevozRules) -> Tables:
    """The fast tables of ``rules`` (a FastXevozRules holds its own: kept in the registry, whose entries hold their
    rules object, every board's rules would stay alive)."""
    if isinstance(rules, FastXevozRules):
        return rules.fast
    t = _TABLES.get(rules)
    if t is None:
        t = _TABLES[rules] = Tables(rules)
    return t


def _heal_options(rules: XevozRules, state: XevozState, kind: str, owner: int) -> tuple[list[int], int]:
    """The parts of a heal or (re)attach decision and the number of its actions (the DRAIN ATTACK's FreeDrain, and
    KeepDrain when nothing can be regenerated, come after the parts)."""
    side = state.sides[owner]
    if kind == "heal":
        idx = rules.healable(side)
        n = len(idx)
        if state.sides[1 - owner].drain_on >= 0:
            n += 1 if n else 2
        return idx, n
    idx = rules.drain_hosts(side)
    return idx, len(idx)


def legal_actions(rules: XevozRules, state: XevozState, fast: Tables | None = None) -> list[Action]:
    """The legal actions as the fast path lists them (from its tables: ``fast``, default ``tables(rules)``), in
    the order :func:`sim_steps` picks from; any phase it does not play itself is the rules' own list."""
    ph = state.phase
    if ph == "call":
        return list(_CALLS)
    if fast is None:
        fast = tables(rules)
    if ph == "move" or ph == "follow":
        grid, free, near = fast.reach(state)
        seat = state.chooser
        cells = (near if ph == "follow" else free)[state.sides[seat].pos, state.sides[1 - seat].pos]
        return [grid.moves[c] for c in cells]
    if ph == "first" or ph == "world":
        return list(_ROLL)
    if ph == "build":
        return list(fast.build_actions(state, 0 if not state.sides[0].ready else 1))
    if ph != "actions":
        return XevozRules.legal_actions(rules, state)
    kind, _, owner = state.queue[0]
    side = state.sides[owner]
    parts = rules.parts(side.figure)
    if kind == "chop":
        chops = parts.chops
        return [chops[i] for i in fast.chop_table(side.figure)(side.present)]
    idx, n = _heal_options(rules, state, kind, owner)
    out: list[Action] = [(parts.heals if kind == "heal" else parts.attaches)[i] for i in idx]
    return out + [FreeDrain(), KeepDrain()][:n - len(idx)]



class FastXevozRules(XevozRules):
    """The reference rules, answered from the fast tables where they ask the same question (what games and boards
    play: ``tabletop.xevoz.Rules``): the legal actions from :func:`legal_actions`, a rolled face's reading by
    the helix's identity (:meth:`Tables.readings`, not by hashing the helix each roll). Every rule, event and
    refusal is the reference's own (tests/xevoz/test_differential.py plays both side by side)."""

    def __init__(self, comp: Components | None = None) -> None:
        super().__init__(comp)
        self.fast = Tables(self)

    def current_player(self, state: XevozState) -> int | None:
        # the reference's answer, the commonest phases asked first
        ph = state.phase
        if ph == "actions":
            return state.queue[0][1]
        if ph == "call":
            return state.attacker
        if ph == "move" or ph == "follow":
            return state.chooser
        return XevozRules.current_player(self, state)

    def legal_actions(self, state: XevozState) -> list[Action]:
        # legal_actions(self, state, self.fast) with its commonest lists looked up here: a chop's (the generated
        # table listing the Chop actions), a move's or follow's (the Moves by pair of squares), the call's
        ph = state.phase
        fast = self.fast
        if ph == "actions":
            kind, _, owner = state.queue[0]
            if kind == "chop":
                side = state.sides[owner]
                f = side.figure
                hit = fast._chop_acts.get(id(f))
                if hit is None or hit[0] is not f:
                    hit = fast.chop_actions(f)
                return hit[1](side.present)
        elif ph == "move" or ph == "follow":
            moves = fast._move_reach.get(state.mat) or fast.move_reach(state)
            sides, seat = state.sides, state.chooser
            return list(moves[ph == "follow"][sides[seat].pos, sides[1 - seat].pos])
        elif ph == "call":
            return list(_CALLS)
        return legal_actions(self, state, fast)

    def read_face(self, side: Side, face: str) -> tuple[Glyph, Attack, Attack, str]:
        h = side.helix
        hit = self.fast._readings.get(id(h))
        if hit is not None and hit[0] is h:
            return hit[1][face]
        return self.fast.readings(side)[face]

    # -- the commonest steps of a battle as a board plays them (every event told), each in one frame: the call,
    # a move or a follow, a chop. Anything else, and any action these do not find legal at once, is the
    # reference's own apply (which refuses it with its clause and reason).
    def apply(self, state: XevozState, action: Action, ctx: Context) -> None:
        assert ctx.player is not None
        cls = action.__class__
        ph = state.phase
        if cls is Call:
            if ph == "call" and action.colour in COLOURS:  # type: ignore[attr-defined]
                self._call_step(state, action.colour, ctx)  # type: ignore[attr-defined]
                return
        elif cls is Move:
            if (ph == "move" or ph == "follow") and self._move_step(state, action, ctx, ph == "move"):  # type: ignore[arg-type]
                return
        elif cls is Chop:
            if ph == "actions" and self._chop_step(state, action, ctx):  # type: ignore[arg-type]
                return
        super().apply(state, action, ctx)

    def _call_step(self, state: XevozState, colour: str, ctx: Context) -> None:
        """``XevozRules._call`` for a call of black or white: the call, both rolls (each face read from the
        helix's readings), the species icons and the resolution told as the reference tells them; a warp, a
        tie and the winner's actions by the reference's own steps."""
        tell = ctx.tell
        players = ctx.players
        att = state.attacker
        tell("xevoz.attack-call", -1, texts.say_call, players[att], colour, colour=colour)
        f0, f1 = ctx.draw("helix1"), ctx.draw("helix2")
        s0, s1 = state.sides
        read = self.fast._readings
        hit = read.get(id(s0.helix))
        r0 = hit[1][f0] if hit is not None and hit[0] is s0.helix else self.fast.readings(s0)[f0]
        hit = read.get(id(s1.helix))
        r1 = hit[1][f1] if hit is not None and hit[0] is s1.helix else self.fast.readings(s1)[f1]
        tell("xevoz.helix-roll", 0, texts.say_roll, players[0], r0[3], face=f0, glyph=r0[0].id)
        tell("xevoz.helix-roll", 1, texts.say_roll, players[1], r1[3], face=f1, glyph=r1[0].id)
        won = _strengths(self, state, colour, f0, f1, r0, r1, ctx)
        if won is None:
            return
        w, called, strength, bonus = won
        tell("xevoz.resolve", w, texts.say_resolve, colour, players, w, strength[0], strength[1], bonus[0],
             bonus[1], strength=[strength[att], strength[1 - att]])
        self._actions(state, w, called[w], ctx)

    def _move_step(self, state: XevozState, a: Move, ctx: Context, moving: bool) -> bool:
        """``XevozRules._move`` for a square the seat may move to (else ``False``: not played): the move or
        follow, the defender's follow when it has no choice, and the next attacker, told as the reference
        tells them; a follow with a choice (or with no square) by the reference's own step."""
        name = a.cell
        grid, free, near = self.fast.reach(state)
        cell = grid.cells.get(name) if name.__class__ is str else None
        seat: int = ctx.player  # type: ignore[assignment]  # apply asserted it
        sides = state.sides
        if cell is None or cell not in (free if moving else near)[sides[seat].pos, sides[1 - seat].pos]:
            return False
        sides[seat].pos = cell
        players = ctx.players
        tell = ctx.tell
        w = state.round_winner
        if moving:
            tell("xevoz.movement", -1, texts.say_moves, players[seat], name, cell=name)
            lo = 1 - w
            there, here = sides[lo].pos, sides[w].pos
            if there in grid.nbrs[here]:
                tell("xevoz.defender-follows", lo, texts.say_still_next, players[lo], players[w])
            else:
                opts = near[there, here]
                if len(opts) != 1:
                    self._start_follow(state, ctx)
                    return True
                state.phase, state.chooser = "follow", lo
                sides[lo].pos = opts[0]
                to = grid.names[opts[0]]
                tell("xevoz.defender-follows", lo, texts.say_follows_to, players[lo], to, players[w], cell=to)
        else:
            tell("xevoz.defender-follows", -1, texts.say_follows, players[seat], name, cell=name)
        how = "won as the attacker and stays" if w == state.attacker else "won as the defender and becomes"
        state.attacker = w
        state.phase = "call"
        state.round += 1
        tell("xevoz.next-attacker", w, texts.say_next_attacker, players[w], how)
        return True

    def _chop_step(self, state: XevozState, a: Chop, ctx: Context) -> bool:
        """``XevozRules._chop`` for a part that may be chopped now (else ``False``: not played): on the
        figure, not the DRAIN ATTACK, nothing snapped onto it; then the reference's ``_chopped``."""
        kind, chooser, owner = state.queue[0]
        if kind != "chop":
            return False
        side = state.sides[owner]
        f = side.figure
        fig, part = a.figure, a.part
        if fig.__class__ is not str or part.__class__ is not str or fig != "" and fig != f.id:
            return False
        p = self.parts(f)
        i = p.index.get(part)
        present = side.present
        if i is None or i == f.drain or not present[i]:
            return False
        for c in p.blockers[i]:
            if present[c]:
                return False
        self._chopped(state, ctx, chooser, owner, i)
        return True


def _keys(rule: str) -> tuple[tuple[str, int], tuple[str, int]]:
    return (rule, 0), (rule, 1)


# The (rule, seat) keys the fused call counts itself, several of them as one Bundle key when they always fire
# together (engine.rules.Bundle; the simulator's records count a Bundle as one firing of each of its keys): the
# call with both rolls; the resolution with the actions (and, when the winner's DRAIN ATTACK rides on the loser,
# the bonus-chop ruling).
_K_CALL, _K_ROLL = _keys("xevoz.attack-call"), _keys("xevoz.helix-roll")
_K_RESOLVE, _K_ACTIONS = _keys("xevoz.resolve"), _keys("xevoz.actions")
_K_BONUS_CHOP = _keys("xevoz.drain-bonus-chop")
#: the decisions a winner's sword and star add to the queue, by winner (the same tuples every time)
_CHOP, _HEAL = (("chop", 0, 1), ("chop", 1, 0)), (("heal", 0, 0), ("heal", 1, 1))
_B_CALL = tuple(Bundle((_K_CALL[s], *_K_ROLL)) for s in (0, 1))
_B_RESOLVE = tuple(Bundle((_K_RESOLVE[w], _K_ACTIONS[w])) for w in (0, 1))
_B_RESOLVE_DRAINING = tuple(Bundle((_K_RESOLVE[w], _K_BONUS_CHOP[w], _K_ACTIONS[w])) for w in (0, 1))
#: every rule the fast path counts itself
COUNTED_RULES: tuple[str, ...] = ("xevoz.attack-call", "xevoz.helix-roll", "xevoz.resolve", "xevoz.actions",
                 "xevoz.drain-bonus-chop")


def _strengths(rules: XevozRules, state: XevozState, colour: str, f0: int, f1: int, r0: Any, r1: Any,
               ctx: Any) -> tuple[int, tuple[Any, Any], list[int], list[int]] | None:
    """The call after both rolls, as ``XevozRules._call`` plays it (Rulebook steps 5-7), for the logged and the
    counted call alike: the roll kept on the state, a warp (xevoz.warp) and a tie (xevoz.tie) by the rules' own
    steps (``None``: they took over), else the called attacks' strengths with any bonus space and the winner,
    returned as ``(winner, called attacks, strength, bonus)``."""
    att = state.attacker
    s0, s1 = state.sides
    strength, bonus = [0, 0], [0, 0]
    roll = state.roll = {"kind": "attack", "faces": [f0, f1], "colour": colour, "strength": strength,
                         "bonus": bonus, "winner": -1, "warp": -1, "bomb": "", "blast": False, "attacker": att}
    state.round_ends = False
    mat = rules.comp.mats[state.mat]
    g0, g1 = r0[0], r1[0]
    warps = mat.warps
    if warps and (warps.get(s0.pos) == g0.species or warps.get(s1.pos) == g1.species):
        rules._warp_check(state, (g0, g1), ctx)
        return None
    called = (r0[2], r1[2]) if colour == "black" else (r0[1], r1[1])
    strength[0], strength[1] = called[0].strength, called[1].strength
    bonuses = mat.bonuses
    if bonuses:
        b0, b1 = bonuses.get(s0.pos), bonuses.get(s1.pos)
        if b0 is not None and b0[0] == g0.species or b1 is not None and b1[0] == g1.species:
            rules._bonus_spaces(state, list(called), (g0, g1), ctx)
    sa, sd = strength[att], strength[1 - att]
    if sa == sd:
        rules._resolve(state, colour, ctx)  # the tie
        return None
    w = att if sa > sd else 1 - att
    roll["winner"] = state.round_winner = w
    return w, called, strength, bonus


def advance(rules: XevozRules, fast: Tables, state: XevozState, ctx: Any) -> None:
    """``rules._advance`` once the queue is empty and the round goes on to the move (Rulebook step 8): the winner
    is to move, and has a square to move to (nothing told); a star still queued, the end of a round and no
    square by the rules' own steps."""
    if state.queue or state.round_ends:
        rules._advance(state, ctx)
        return
    w = state.round_winner
    sides = state.sides
    free = fast._reach.get(state.mat) or fast.reach(state)
    if not free[1][sides[w].pos, sides[1 - w].pos]:
        rules._advance(state, ctx)  # xevoz.no-move: told by the rules
        return
    state.chooser = w  # rules._start_move
    state.phase = "move"


def call(rules: XevozRules, fast: Tables, state: XevozState, a: Call, ctx: Any, seat: int) -> None:
    """``rules._call(state, a, ctx, seat)`` on a counting ``ctx`` (a TallyContext: ``ctx.tally``) for a legal
    call: Rulebook step 4, the strengths (:func:`_strengths`) and the common resolution (no bomb, no DRAIN ATTACK
    symbol) counted here, the call and the resolution as Bundle keys; warps, bonus spaces, ties, bombs and DRAIN
    ATTACK symbols by the rules' own steps."""
    tally = ctx.tally
    colour = a.colour
    f0, f1 = ctx.chance.values("helix1", "helix2")  # a counting Context's two draws (nothing kept)
    s0, s1 = state.sides
    read = fast._readings  # fast.readings(side), without the call
    hit = read.get(id(s0.helix))
    r0 = hit[1][f0] if hit is not None and hit[0] is s0.helix else fast.readings(s0)[f0]
    hit = read.get(id(s1.helix))
    r1 = hit[1][f1] if hit is not None and hit[0] is s1.helix else fast.readings(s1)[f1]
    k = _B_CALL[seat]
    tally[k] = tally.get(k, 0) + 1
    won = _strengths(rules, state, colour, f0, f1, r0, r1, ctx)
    if won is None:  # a warp or a tie: the rules' own steps have played it
        return
    w, called, _, _ = won
    attack = called[w]
    plan: list[tuple[str, int, int]] = []
    if state.sides[w].drain_on >= 0:
        if ctx.variant.bonus_chop:
            plan.append(("chop", w, 1 - w))
        k = _B_RESOLVE_DRAINING[w]
    else:
        k = _B_RESOLVE[w]
    tally[k] = tally.get(k, 0) + 1
    if attack.bomb:
        if rules._bomb(state, w, plan, ctx):
            return
    elif attack.drain:
        rules._plan_attack(state, w, attack, plan, ctx)
    else:  # rules._plan_attack without a DRAIN ATTACK symbol: a chop per sword, a regeneration per star
        if attack.swords:
            plan += [_CHOP[w]] * attack.swords
        if attack.stars:
            plan += [_HEAL[w]] * attack.stars
    state.queue = plan
    state.phase = "actions"
    if plan and plan[0][0] != "heal":  # the first decision is taken as it is (what _advance would find)
        return
    advance(rules, fast, state, ctx)



_K_MOVE, _K_FOLLOW, _K_NEXT = _keys("xevoz.movement"), _keys("xevoz.defender-follows"), _keys("xevoz.next-attacker")
_K_SWORD, _K_STAR = _keys("xevoz.sword"), _keys("xevoz.star")
COUNTED_RULES += ("xevoz.movement", "xevoz.defender-follows", "xevoz.next-attacker", "xevoz.sword", "xevoz.star")


def moved(rules: XevozRules, fast: Tables, state: XevozState, ctx: Any, seat: int, cell: int, moving: bool) -> None:
    """``rules._moved`` on a counting ``ctx`` for a listed square: the move or follow, the defender's follow
    (xevoz.defender-follows) and the next attacker (xevoz.next-attacker) counted here; a follow with a choice, or
    with no square, by the rules' own steps."""
    tally = ctx.tally
    sides = state.sides
    sides[seat].pos = cell
    k = _K_MOVE[seat] if moving else _K_FOLLOW[seat]
    tally[k] = tally.get(k, 0) + 1
    if moving:  # rules._start_follow
        grid, _, near = fast._reach.get(state.mat) or fast.reach(state)
        lo = 1 - seat
        there = sides[lo].pos
        if there not in grid.nbrs[cell]:
            opts = near[there, cell]
            if len(opts) != 1:
                if opts:  # rules._start_follow with a choice: the defender picks its square (nothing told yet)
                    state.phase, state.chooser = "follow", lo
                    return
                rules._start_follow(state, ctx)  # no square: the rules tell it
                return
            state.chooser = lo
            sides[lo].pos = opts[0]
        k = _K_FOLLOW[lo]
        tally[k] = tally.get(k, 0) + 1
    w = state.round_winner  # rules._next_round
    state.attacker = w
    state.phase = "call"
    state.round += 1
    k = _K_NEXT[w]
    tally[k] = tally.get(k, 0) + 1


def chopped(rules: XevozRules, fast: Tables, state: XevozState, ctx: Any, chooser: int, owner: int, i: int) -> None:
    """``rules._chopped`` on a counting ``ctx`` for a listed part: a chop that leaves the figure standing and
    no DRAIN ATTACK to move counted here; the others by the rules."""
    side = state.sides[owner]
    if side.life <= 1 or state.sides[1 - owner].drain_on == i or side.drain_on == -1 and side.home_on == i:
        rules._chopped(state, ctx, chooser, owner, i)
        return
    side.present[i] = False
    side.life -= 1
    side.pile.append(i)
    tally = ctx.tally
    k = _K_SWORD[chooser]
    tally[k] = tally.get(k, 0) + 1
    queue = state.queue
    del queue[0]
    if queue and queue[0][0] != "heal":  # the next decision is taken as it is (what _advance would find)
        return
    advance(rules, fast, state, ctx)


def sim_player(bot: Bot, game: Game[Any], state: XevozState, ctx: Context, bots: Sequence[Bot]) -> Callable[[int], int]:
    """:func:`sim_steps` made once for a game: ``steps(budget)`` plays as ``sim_steps(bot, game, state, ctx, bots,
    budget)`` does (the kit's worker asks for it once per game, then plays a game's steps in a few calls: the
    tables and the seats' picks are found once, not on every call)."""
    rules = game.rules
    assert isinstance(rules, XevozRules)  # a Xevoz bot plays Xevoz games (the simulator's table says so)
    # each pick is the seat's generator's randrange, as choose draws it (the kit's picker: the same draws)
    picks = [picker(b.rng) for b in bots]
    return partial(_fused, rules, tables(rules), picks, game, state, ctx, bots)


def sim_steps(bot: Bot, game: Game[Any], state: XevozState, ctx: Context, bots: Sequence[Bot], budget: int) -> int:
    """The simulator's fused steps (see ``tabletop.sim.worker``; ``bots`` are the random bots of the seats): play
    the battle's decisions one after another, each seat's action picked exactly as its bot's ``choose`` would
    from ``legal_actions`` (the same actions in the same order, the same draws of that bot's generator) and
    played on ``state`` with the counting ``ctx``. The common ones (the call, a move or a follow, a chop, a
    regeneration, snapping on a DRAIN ATTACK, the rolls for the first attack and the world) without building the
    list, dispatching on the action or checking it again; the rest (build, placing, warps...) by the seat's
    ``choose`` and ``apply``. Stops at the end of the battle, after ``budget`` steps, or before a decision with no
    legal action (the plain path reports it); returns the number of steps played."""
    return sim_player(bot, game, state, ctx, bots)(budget)


def _fused(rules: XevozRules, fast: Tables, picks: list[Callable[[int], int]], game: Game[Any], state: XevozState,
           ctx: Any, bots: Sequence[Bot], budget: int) -> int:
    """The loop of :func:`sim_steps`: the call, a move or a follow and a chop written out in this frame (``ctx`` is
    a counting Context: ``ctx.tally``), any other decision by :func:`_other_step`."""
    reach, chops = fast._reach, fast._chops
    tally: dict[Any, int] = ctx.tally
    played = 0
    while played < budget:
        ph = state.phase
        if ph == "call":
            seat = state.attacker  # legal_actions: Call("black"), Call("white")
            r = picks[seat](2)
            ctx.player = seat
            call(rules, fast, state, _CALLS[r], ctx, seat)
        elif ph == "move" or ph == "follow":
            seat = state.chooser
            sides = state.sides
            grid, free, near = reach.get(state.mat) or fast.reach(state)
            cells = (near if ph == "follow" else free)[sides[seat].pos, sides[1 - seat].pos]
            n = len(cells)
            if not n:
                break  # the plain path says that the seat has no legal action
            ctx.player = seat
            # moved(rules, fast, state, ctx, seat, cell, ph == "move"), written out
            cell = cells[picks[seat](n)]
            sides[seat].pos = cell
            if ph == "move":
                k = _K_MOVE[seat]
                tally[k] = tally.get(k, 0) + 1
                lo = 1 - seat
                there = sides[lo].pos
                if there not in grid.nbrs[cell]:
                    opts = near[there, cell]
                    if len(opts) != 1:
                        if opts:  # rules._start_follow with a choice: the defender picks its square
                            state.phase, state.chooser = "follow", lo
                        else:
                            rules._start_follow(state, ctx)  # no square: the rules tell it
                        played += 1
                        continue
                    state.chooser = lo
                    sides[lo].pos = opts[0]
                k = _K_FOLLOW[lo]
            else:
                k = _K_FOLLOW[seat]
            tally[k] = tally.get(k, 0) + 1
            w = state.round_winner  # rules._next_round
            state.attacker = w
            state.phase = "call"
            state.round += 1
            k = _K_NEXT[w]
            tally[k] = tally.get(k, 0) + 1
        elif ph == "actions" and state.queue[0][0] == "chop":
            _, seat, owner = state.queue[0]
            side = state.sides[owner]
            f = side.figure
            hit = chops.get(id(f))  # fast.chop_table(f), without the call
            parts = (hit[1] if hit is not None and hit[0] is f else fast.chop_table(f))(side.present)
            n = len(parts)
            if not n:
                break
            i = parts[picks[seat](n)]
            ctx.player = seat
            # chopped(rules, fast, state, ctx, seat, owner, i), written out
            if side.life <= 1 or state.sides[1 - owner].drain_on == i or side.drain_on == -1 and side.home_on == i:
                rules._chopped(state, ctx, seat, owner, i)
            else:
                side.present[i] = False
                side.life -= 1
                side.pile.append(i)
                k = _K_SWORD[seat]
                tally[k] = tally.get(k, 0) + 1
                queue = state.queue
                del queue[0]
                if not queue or queue[0][0] == "heal":  # else the next decision is taken as it is
                    advance(rules, fast, state, ctx)
        elif not _other_step(rules, fast, picks, game, state, ctx, bots, ph):
            break
        played += 1
    return played


def _other_step(rules: XevozRules, fast: Tables, picks: list[Callable[[int], int]], game: Game[Any],
                state: XevozState, ctx: Context, bots: Sequence[Bot], ph: str) -> bool:
    """One decision of :func:`sim_steps` other than the call, a move or follow and a chop: a regeneration or
    snapping on a DRAIN ATTACK, the rolls for the first attack and the world without building the list; the rest
    (build, placing, warps...) by the seat's ``choose`` and the reference's own listing and apply (none is a
    call, a move or a chop, which FastXevozRules.apply would take in one frame: the same step, one call more).
    False (nothing played) at the end of the battle or before a decision with no legal action."""
    if ph == "actions":
        kind, seat, owner = state.queue[0]
        idx, n = _heal_options(rules, state, kind, owner)
        if not n:
            return False
        r = picks[seat](n)
        ctx.player = seat
        if r >= len(idx):  # the DRAIN ATTACK on the figure: remove it, or (nothing to regenerate) keep it
            XevozRules.apply(rules, state, FreeDrain() if r == len(idx) else KeepDrain(), ctx)
        elif kind == "heal":  # rules._healed for a listed part, counted here; then rules._finish_decision
            i = idx[r]
            side = state.sides[owner]
            side.present[i] = True
            side.life += 1
            side.pile.remove(i)
            tally = ctx.tally  # type: ignore[attr-defined]  # a counting Context
            k = _K_STAR[owner]
            tally[k] = tally.get(k, 0) + 1
            state.queue.pop(0)
            if state.phase != "over":
                advance(rules, fast, state, ctx)
        else:
            rules._attached(state, ctx, kind, seat, owner, idx[r])
        return True
    if ph == "first" or ph == "world":  # legal_actions: RollHelix() alone (both roll for the first attack)
        seat = 0 if ph == "first" else state.attacker
        picks[seat](1)  # choose draws for its pick even among one action
        ctx.player = seat
        rules._roll(state, _ROLL[0], ctx, seat)
        return True
    if ph == "over":
        return False
    if ph == "build":  # the seat not yet presented picks from the build actions (listed by fast.build_actions)
        seat = 0 if not state.sides[0].ready else 1
        acts = fast.build_actions(state, seat)
        if not acts:
            return False
        ctx.player = seat
        XevozRules.apply(rules, state, bots[seat].choose(game, acts), ctx)
        return True
    seat_or_none = rules.current_player(state)
    legal = XevozRules.legal_actions(rules, state)
    if seat_or_none is None or not legal:
        return False  # the plain path says that the seat has no legal action
    ctx.player = seat_or_none
    XevozRules.apply(rules, state, bots[seat_or_none].choose(game, legal), ctx)
    return True


def choose_steps(bot: Bot, game: Game[Any], state: XevozState, ctx: Context, bots: Sequence[Bot], budget: int) -> int:
    """Fused steps for bots that choose by looking (the greedy bot's ``sim_steps``): each seat's bot chooses from
    :func:`legal_actions` as it would from the rules' list, and the call, a chop, a move or a follow is played
    by the fast path's :func:`call`, :func:`chopped` and :func:`moved`; anything else by ``apply``. Stops as
    :func:`sim_steps` does; returns the number of steps played."""
    rules = game.rules
    assert isinstance(rules, XevozRules)
    fast = tables(rules)
    played = 0
    while played < budget:
        seat = rules.current_player(state)
        if seat is None:
            break
        legal = legal_actions(rules, state, fast)
        if not legal:
            break  # the plain path says that the seat has no legal action
        act = bots[seat].choose(game, legal)
        ctx.player = seat
        ph = state.phase
        if ph == "call":
            call(rules, fast, state, act, ctx, seat)  # type: ignore[arg-type]
        elif ph == "actions" and act.__class__ is Chop and state.queue[0][0] == "chop":
            owner = state.queue[0][2]
            chopped(rules, fast, state, ctx, seat, owner, rules.parts(state.sides[owner].figure).index[act.part])
        elif ph in ("move", "follow") and act.__class__ is Move:
            grid = fast.reach(state)[0]
            moved(rules, fast, state, ctx, seat, grid.cells[act.cell], ph == "move")
        else:
            rules.apply(state, act, ctx)
        played += 1
    return played
