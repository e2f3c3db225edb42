"""The Xevoz Battle Terrain rules engine (rulebook + Quick Rules Card v2.0).

The code reads in rulebook order, Rulebook step 1 (the pre-battle check) to step 10 (winning), with the clause
ids of rules.toml beside the code that keeps them. The state is a small mutable object with a hand-written
``copy_state``. A round is: the attacker's call (both helixes rolled, warps/bonuses checked, the attack
resolved), then the winner's actions as a queue of decisions (chop / regenerate / snap on a DRAIN ATTACK), then
movement (none when a DRAIN ATTACK was snapped on: "the round ends"). Every refusal names its clause id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tabletop.engine import Action, Context, IllegalAction, Rules
from tabletop.engine.rules import Bundle, TallyContext
from tabletop.engine.words import poss, says, verb_for

from .actions import (
    ACTION_TYPES,
    AttachDrain,
    Call,
    ChooseMat,
    Chop,
    Flip,
    FreeDrain,
    Heal,
    KeepDrain,
    Move,
    PickFigure,
    Place,
    Ready,
    RollHelix,
    Swap,
)
from .data import (
    Attack,
    Components,
    Figure,
    Glyph,
    adjacent,
    cell_name,
    components,
    helix_parts,
    mat_name,
    neighbours,
    parse_cell,
    trim_figure,
)
from .variant import XevozVariant

FACES = tuple(f"{slot}{side}" for slot in range(1, 7) for side in "ab")
COLOURS = ("black", "white")
FACE_SLOT = {face: int(face[0]) - 1 for face in FACES}


# -- the sentences of the log, made only when an event's text is read (Context.tell: ``fn(*args)``) --------------
# Each takes the players' names and plain values captured when the event happened (never the state).
def _say_builds(name: str, f: Figure) -> str:
    return f"{says(name, 'builds')} {f.name}: {f.n_parts} parts, {f.life} points of life."


def _say_position(name: str, f: Figure, cell: str, life: int, chopped: int) -> str:
    return (f"Position: {poss(name, start=True)} {f.name} on {cell}, {life} of {f.life} points of life"
            + (f" ({chopped} part(s) chopped)" if chopped else "") + ".")


def _say_which_chop(chooser: str, owner: str, figure: str) -> str:
    return f"{says(chooser, 'has')} {owner} chop a part of {figure}"


def _say_which_heal(owner: str, figure: str) -> str:
    return f"the star regenerates a lost part of {poss(owner)} own {figure}"


def _say_which_attach(owner: str, figure: str) -> str:
    return f"the DRAIN ATTACK goes onto a part of {poss(owner)} {figure}"


def _say_warp_both(att: str) -> str:
    return f"Both figures activate a warp: the attacker, {att}, warps and the other follows."


def _say_call(name: str, colour: str) -> str:
    return f"{says(name, 'calls')} {colour.upper()} attack; both roll."


def _say_roll(name: str, words: str) -> str:
    return f"{says(name, 'rolls')} {words}"


def _say_bonus(name: str, sp: str, base: int, bonus: int) -> str:
    return f"{name} rolled {sp} on a {sp} Bonus +{bonus}: {base} + {bonus} = {base + bonus}."


def _say_tie_keeps(colour: str, sa: int, sd: int, att: str) -> str:
    return (f"{colour.capitalize()} {sa} against {sd}: a tie. No action, no movement; {says(att, 'keeps')} the "
            "attack and calls again (variant tie='re-roll').")


def _say_tie_passes(colour: str, sa: int, sd: int, dfn: str) -> str:
    return (f"{colour.capitalize()} {sa} against {sd}: a tie. No action, no movement; {dfn} (the defender) "
            "becomes the attacker.")


def _say_resolve(colour: str, players: tuple[str, ...], w: int, st0: int, st1: int, b0: int, b1: int) -> str:
    # each strength next to its player's name, bonus included (never "3 + 3 against 7", read as one score)
    shown = "; ".join(f"{players[s]} {st}" + (f" ({st - b} + {b} bonus)" if b else "")
                      for s, st, b in ((0, st0, b0), (1, st1, b1)))
    return f"{colour.capitalize()} attack: {says(players[w], 'wins')} the round ({shown})."


def _say_bonus_chop(w: str, lo: str) -> str:
    return f"{poss(w, start=True)} DRAIN ATTACK is on {poss(lo)} figure: a bonus chop."


def _say_no_bonus_chop(w: str, lo: str) -> str:
    return (f"{poss(w, start=True)} DRAIN ATTACK is on {poss(lo)} figure, but this variant has no bonus chop "
            "(bonus_chop off).")


def _say_actions(w: str, attack: Attack) -> str:
    return f"{says(w, 'carries')} out {attack}."


def _say_bomb(w: str, part: str, black: Attack, white: Attack) -> str:
    return f"Bomb! {w} alone re-rolls: {part}, black {black}, white {white}; both are carried out."


def _say_nothing_lost(owner: str) -> str:
    return f"{says(owner, 'has')} no lost part that could attach and no DRAIN ATTACK to remove: the star does nothing."


def _say_round_ends(w: str) -> str:
    return (f"A DRAIN ATTACK was snapped on: the round ends (no movement) and {w} {verb_for(w, 'stays')} or "
            f"{verb_for(w, 'becomes')} the attacker.")


def _say_winning(loser: str, winner: str) -> str:
    return f"{poss(loser, start=True)} figure has no points of life left: {says(winner, 'wins')} the battle!"


def _say_sword(chooser: str, owner: str, part: str, life: int) -> str:
    return f"{says(chooser, 'has')} {owner} chop {part} ({life} points of life left)."


def _say_host_chopped(drainer: str, part: str, owner: str) -> str:
    return f"{poss(drainer, start=True)} DRAIN ATTACK sat on {part}: it comes off with the chop, and {owner} must " \
           "reattach it."


def _say_drain_home_off(owner: str, drain: str, part: str) -> str:
    return (f"{poss(owner, start=True)} own {drain} sat on {part}: it comes off with the chop (a DRAIN ATTACK cannot "
            f"be chopped), and {says(owner, 'snaps')} it back onto their figure.")


def _say_star(owner: str, part: str, life: int) -> str:
    return f"{says(owner, 'regenerates')} {part} ({life} points of life)."


def _say_free_drain(owner: str, drainer: str, back_on: str | None) -> str:
    where = (f"it snaps back onto {poss(drainer)} {back_on}" if back_on is not None
             else f"{says(drainer, 'snaps')} it back onto their figure")
    return f"{says(owner, 'spends')} a star to remove {poss(drainer)} DRAIN ATTACK and returns it to its owner: {where}."


def _say_keep_drain(owner: str, drainer: str) -> str:
    return (f"{says(owner, 'leaves')} {poss(drainer)} DRAIN ATTACK where it is; with no lost part that could "
            "attach, the star does nothing.")


def _say_rehome(owner: str, part: str) -> str:
    return f"{says(owner, 'snaps')} their own DRAIN ATTACK back onto their {part}."


def _say_attach(chooser: str, owner: str, part: str) -> str:
    return f"{says(chooser, 'snaps')} their DRAIN ATTACK onto {poss(owner)} {part}."


def _say_reattach(owner: str, part: str) -> str:
    return f"{says(owner, 'reattaches')} the DRAIN ATTACK to {part}."


def _say_no_move(w: str) -> str:
    return f"{says(w, 'has')} no unoccupied square to move into and stays put."


def _say_still_next(lo: str, w: str) -> str:
    return f"{says(lo, 'is')} still next to {w} and does not move."


def _say_cannot_follow(lo: str, w: str) -> str:
    return f"{lo} cannot reach a square next to {w} and stays put."


def _say_follows_to(lo: str, cell: str, w: str) -> str:
    return f"{says(lo, 'moves')} to {cell} to stay next to {w}."


def _say_moves(name: str, cell: str) -> str:
    return f"{says(name, 'moves')} to {cell}."


def _say_follows(name: str, cell: str) -> str:
    return f"{says(name, 'moves')} to {cell} to stay next to the attacker."


def _say_next_attacker(w: str, how: str) -> str:
    return f"{w} {how} the attacker."


#: the drain symbol of an attack whose DRAIN ATTACK is already attached (xevoz.drain-symbol-attached), by variant
#: (drain_symbol_when_attached == "extra-chop", bonus_chop)
_DRAIN_SYMBOL_TEXT = {
    (True, True): "The DRAIN ATTACK is already attached: the symbol chops one part (variant extra-chop), besides the "
                  "bonus chop.",
    (True, False): "The DRAIN ATTACK is already attached: the symbol chops one part (variant extra-chop).",
    (False, True): "The DRAIN ATTACK is already attached: the symbol just gives the bonus chop (card v2.0).",
    (False, False): "The DRAIN ATTACK is already attached: the symbol just does nothing more (bonus chop off in this "
                    "variant).",
}

PHASE_RULE = {
    "build": "xevoz.pre-battle-check", "first": "xevoz.first-attacker", "world": "xevoz.choose-world",
    "choose-mat": "xevoz.choose-world", "start": "xevoz.start-spaces", "call": "xevoz.attack-call",
    "warp-place": "xevoz.warp-place", "warp-follow": "xevoz.warp-place", "actions": "xevoz.forgotten-actions",
    "move": "xevoz.movement", "follow": "xevoz.defender-follows", "over": "xevoz.winning",
}
PHASE_DOES = {
    "build": "the pre-battle check: build and declare ready", "first": "rolling to decide who attacks first",
    "world": "the attacker's roll for the world", "choose-mat": "choosing a mat",
    "start": "placing the figures on the START spaces", "call": "the attacker's black/white call",
    "warp-place": "placing the warping figure", "warp-follow": "placing the pulled-along figure",
    "actions": "the winner's actions", "move": "the winner's move", "follow": "the defender's move",
    "over": "nothing: the battle is over",
}


class Side:
    """One player's figure, helix and position."""

    __slots__ = ("figure", "helix", "present", "life", "pile", "drain_on", "home_on", "ready", "pos")

    def __init__(self, figure: Figure, helix: tuple[tuple[str, bool], ...]) -> None:
        self.figure = figure
        self.helix = helix
        self.present = [True] * figure.n_parts
        self.life = figure.life
        self.pile: list[int] = []
        self.drain_on = -1  # -1: DRAIN ATTACK at home; else the part index of the opponent's figure it sits on
        #                     (-2: off, waiting to be reattached to the opponent's figure)
        # at home the DRAIN ATTACK sits on one of its owner's own parts (-1: off, waiting for its owner to snap it
        # back on: xevoz.drain-home); its tree parent until it is moved
        self.home_on = figure.parent[figure.drain] if figure.drain >= 0 else -1  # own part it sits on at home
        self.ready = False
        self.pos = -1

    def copy(self) -> Side:
        s = Side.__new__(Side)
        s.figure, s.helix, s.present, s.life = self.figure, self.helix, self.present[:], self.life
        s.pile, s.drain_on, s.ready, s.pos = self.pile[:], self.drain_on, self.ready, self.pos
        s.home_on = self.home_on
        return s


class XevozState:
    __slots__ = ("phase", "sides", "attacker", "mat", "queue", "chooser", "round", "round_winner", "roll",
                 "winner", "mat_context", "table", "max_gold", "first", "round_ends")

    def __init__(self, sides: list[Side]) -> None:
        self.phase = "build"
        self.sides = sides
        self.attacker = -1
        self.mat = ""
        self.queue: list[tuple[str, int, int]] = []  # (kind, chooser, figure-owner) kind: chop/heal/attach/reattach
        self.chooser = -1   # who acts in choose-mat / warp-place / move / follow
        self.round = 0
        self.round_winner = -1
        self.roll: dict[str, Any] = {}   # the last round's rolls, for the board and the log
        self.winner = -1
        self.mat_context = ""  # "world" or "warp"
        self.table: tuple[str, ...] = ()  # the mats on the table
        self.max_gold = 3  # variant option max_gold (xevoz.helix-gold)
        self.first = -1  # who won Step 2 and attacked first (for first-player statistics)
        self.round_ends = False  # a DRAIN ATTACK was snapped on this round: no Step 8 movement (xevoz.drain-attach)

    def copy(self) -> XevozState:
        s = XevozState.__new__(XevozState)
        s.phase, s.sides, s.attacker, s.mat = self.phase, [x.copy() for x in self.sides], self.attacker, self.mat
        s.queue, s.chooser, s.round, s.round_winner = self.queue[:], self.chooser, self.round, self.round_winner
        s.roll, s.winner, s.mat_context, s.table = self.roll, self.winner, self.mat_context, self.table
        s.max_gold, s.first, s.round_ends = self.max_gold, self.first, self.round_ends
        return s


def face_parts(face: str) -> tuple[int, str]:
    return int(face[0]) - 1, face[1]


class _Reach(dict[tuple[int, int], tuple[int, ...]]):
    """``Grid.steps(me, other, follow)[0]`` by ``(me, other)``: looked up without a call, worked out (by
    ``steps``) the first time a pair is asked for."""

    __slots__ = ("grid", "follow")

    def __init__(self, grid: Grid, follow: bool) -> None:
        super().__init__()
        self.grid = grid
        self.follow = follow

    def __missing__(self, key: tuple[int, int]) -> tuple[int, ...]:
        cells = self[key] = self.grid.steps(key[0], key[1], self.follow)[0]
        return cells


class Grid:
    """A square mat's geometry, computed once per size: neighbours (no diagonals, in ascending order), cell names
    and the Move/Place actions of every cell (actions are immutable, so they are built once and shared)."""

    __slots__ = ("size", "nbrs", "names", "cells", "moves", "places", "_steps", "free", "near")

    def __init__(self, size: int) -> None:
        self.size = size
        n = size * size
        self.nbrs = tuple(tuple(sorted(neighbours(c, size))) for c in range(n))
        self.names = tuple(cell_name(c, size) for c in range(n))
        self.cells = {name: c for c, name in enumerate(self.names)}
        self.moves = tuple(Move(name) for name in self.names)
        self.places = tuple(Place(name) for name in self.names)
        self._steps: dict[int, tuple[tuple[int, ...], tuple[Move, ...]]] = {}
        #: the squares to move to (``free[me, other]``) and to follow to (``near[me, other]``): ``steps`` without
        #: the call, for the hot paths
        self.free = _Reach(self, False)
        self.near = _Reach(self, True)

    def steps(self, me: int, other: int, follow: bool) -> tuple[tuple[int, ...], tuple[Move, ...]]:
        """The squares a figure on ``me`` may move to (ascending) and their Move actions, worked out once per
        pair of squares: any free neighbour (xevoz.movement), or when following (xevoz.defender-follows) the
        neighbours that are also next to the other figure on ``other``."""
        key = (((me + 1) << 14 | (other + 1)) << 1) | follow
        hit = self._steps.get(key)
        if hit is None:
            nbrs = self.nbrs
            if follow:
                near = nbrs[other]  # squares next to the other figure (never the square it stands on)
                cells = tuple(c for c in nbrs[me] if c in near)
            else:
                cells = tuple(c for c in nbrs[me] if c != other)
            hit = self._steps[key] = (cells, tuple(self.moves[c] for c in cells))
        return hit


class Parts:
    """A figure's lookups, computed once per figure: part index by id, the parts snapped onto each part (leaving
    out the DRAIN ATTACK part, which never blocks a chop) and the Chop/Heal/AttachDrain action of every part."""

    __slots__ = ("figure", "index", "blockers", "chops", "heals", "attaches", "chop_indices", "chop_actions")

    def __init__(self, f: Figure) -> None:
        self.figure = f
        self.index = {pid: i for i, pid in enumerate(f.part_ids)}
        self.blockers = tuple(tuple(c for c in kids if c != f.drain) for kids in f.children)
        self.chops = tuple(Chop(pid) for pid in f.part_ids)
        self.heals = tuple(Heal(pid) for pid in f.part_ids)
        self.attaches = tuple(AttachDrain(pid) for pid in f.part_ids)
        #: the parts that can be chopped when ``present`` says which parts are on the figure (on it, not the
        #: DRAIN ATTACK, nothing else snapped onto them), ascending, as indices and as Chop actions: one
        #: generated test per part of this figure (a figure has up to a few dozen parts: no loops, no cache)
        self.chop_indices: Callable[[Sequence[bool]], list[int]] = self._compile(tuple(range(f.n_parts)))
        self.chop_actions: Callable[[Sequence[bool]], list[Action]] = self._compile(self.chops)

    def _compile(self, items: Sequence[Any]) -> Callable[[Sequence[bool]], list[Any]]:
        lines = ["def choppable(p):", "    out = []", "    add = out.append"]
        for i, kids in enumerate(self.blockers):
            if i == self.figure.drain:
                continue
            free = "".join(f" and not p[{c}]" for c in kids)
            lines.append(f"    if p[{i}]{free}:")
            lines.append(f"        add(items[{i}])")
        lines.append("    return out")
        env: dict[str, Any] = {"items": tuple(items)}
        exec("\n".join(lines) + "\n", env)  # noqa: S102 - generated from the figure's own part indices only
        fn: Callable[[Sequence[bool]], list[Any]] = env["choppable"]
        return fn


_CALLS = (Call("black"), Call("white"))


def _keys(rule: str) -> tuple[tuple[str, int], tuple[str, int]]:
    return (rule, 0), (rule, 1)


# The (rule, seat) keys of the commonest events, by seat. A simulation that only counts rule firings (a
# TallyContext: no Event, no sentence, no data) adds one to them directly where a round is played, instead of a
# ``ctx.tell`` call per event (about 400 events a battle); tests/xevoz/test_sim_fingerprint.py holds the counts
# to those of the events, tests/xevoz/test_rules.py the rules to the catalog.
_K_CALL = _keys("xevoz.attack-call")
_K_ROLL = _keys("xevoz.helix-roll")
_K_RESOLVE = _keys("xevoz.resolve")
_K_ACTIONS = _keys("xevoz.actions")
_K_BONUS_CHOP = _keys("xevoz.drain-bonus-chop")
_K_SWORD = _keys("xevoz.sword")
_K_MOVE = _keys("xevoz.movement")
_K_FOLLOW = _keys("xevoz.defender-follows")
_K_NEXT = _keys("xevoz.next-attacker")
_K_STAR = _keys("xevoz.star")
_K_TIE = _keys("xevoz.tie")
_K_HOST_CHOPPED = _keys("xevoz.drain-host-chopped")
_K_DRAIN_HOME = _keys("xevoz.drain-home")
#: keys that fire together in the common round, counted as one (engine.rules.Bundle): the call with both rolls;
#: the resolution with the actions (and, when the winner's DRAIN ATTACK rides, the bonus-chop ruling)
_B_CALL = tuple(Bundle((_K_CALL[s], *_K_ROLL)) for s in (0, 1))
_B_RESOLVE = tuple(Bundle((_K_RESOLVE[w], _K_ACTIONS[w])) for w in (0, 1))
_B_RESOLVE_DRAINING = tuple(Bundle((_K_RESOLVE[w], _K_BONUS_CHOP[w], _K_ACTIONS[w])) for w in (0, 1))
#: every rule counted directly (each must be a clause of the catalog, as ``tell`` would check)
TALLIED_RULES = tuple(k[0][0] for k in (_K_CALL, _K_ROLL, _K_RESOLVE, _K_ACTIONS, _K_BONUS_CHOP, _K_SWORD, _K_MOVE,
                                        _K_FOLLOW, _K_NEXT, _K_STAR, _K_TIE,
                                        _K_HOST_CHOPPED, _K_DRAIN_HOME))
_ROLL = (RollHelix(),)  # the first attack's and the world's roll: the one legal action then
_READY = Ready()


class XevozRules(Rules[XevozState]):
    name = "xevoz"
    title = "Xevoz Battle Terrain"
    #: 2: a DRAIN ATTACK's host being chopped never leaves it attached to nothing (xevoz.drain-home), the round ends
    #: when a DRAIN ATTACK is snapped on (no Step 8 move), a star may leave a DRAIN ATTACK on (KeepDrain), part ids
    #: name one part each
    rules_version = 2
    action_types = ACTION_TYPES
    chance_domains = {"helix1": FACES, "helix2": FACES}
    variant_type = XevozVariant
    min_players = max_players = 2
    default_players = ("Player 1", "Player 2")
    catalog_path = Path(__file__).with_name("rules.toml")
    #: apply never keeps its Context: event texts capture the players' names, never ``ctx``
    reuses_context = True
    variant_free_state = True  # options are read from ctx.variant; max_gold is copied into the state as a value

    def __init__(self, comp: Components | None = None) -> None:
        self.comp = comp if comp is not None else components()
        self._trimmed: dict[tuple[str, int], Figure] = {}
        self._grids: dict[int, Grid] = {}
        self._mat_grids: dict[str, Grid] = {}
        self._parts: dict[int, Parts] = {}  # by id() of the figure; the entry keeps the figure alive
        self._helixes: dict[tuple[tuple[str, bool], ...], tuple[tuple[Glyph, Attack, Attack, str], ...]] = {}
        self._build_cache: dict[tuple[Any, ...], tuple[Figure, tuple[Action, ...]]] = {}
        self._build_made: dict[Any, Action] = {}
        self._differ_cache: dict[tuple[int, int], tuple[Any, Any, bool]] = {}
        #: id(helix) -> (helix, its reading per face): found without hashing the helix
        self._helix_ids: dict[int, tuple[tuple[tuple[str, bool], ...], dict[str, tuple[Glyph, Attack, Attack, str]]]] = {}

    def rig_domain(self, kind: str, variant: Any, state: XevozState | None) -> Sequence[Any] | None:
        """The outcomes of chance ``kind`` possible now. Static for Xevoz: every Battle Helix holds six glyphs
        (xevoz.helix-six) and a roll shows one of their twelve battle sides (xevoz.helix-roll), whatever the
        variant or the position, so ``None`` (the static ``chance_domains``)."""
        return None

    def grid(self, size: int) -> Grid:
        g = self._grids.get(size)
        if g is None:
            g = self._grids[size] = Grid(size)
        return g

    def mat_grid(self, state: XevozState) -> Grid:
        """The geometry of the mat the battle is on."""
        g = self._mat_grids.get(state.mat)
        if g is None:
            g = self._mat_grids[state.mat] = self.grid(self.comp.mats[state.mat].size)
        return g

    def parts(self, f: Figure) -> Parts:
        p = self._parts.get(id(f))
        if p is None or p.figure is not f:
            p = self._parts[id(f)] = Parts(f)
        return p

    def figure(self, fid: str, parts: int = 0) -> Figure:
        """A ready figure, trimmed to ``parts`` parts when the variant option ``parts`` asks for it."""
        f = self.comp.figures[fid]
        if not parts:
            return f
        key = (fid, parts)
        if key not in self._trimmed:
            self._trimmed[key] = trim_figure(f, parts, helix_parts(f, self.comp))
        return self._trimmed[key]

    # -- helpers ---------------------------------------------------------------------------------------------
    def glyph_at(self, side: Side, face: str) -> tuple[Glyph, Attack, Attack]:
        g, white, black, _ = self.read_face(side, face)
        return g, white, black

    def read_face(self, side: Side, face: str) -> tuple[Glyph, Attack, Attack, str]:
        """The glyph a rolled battle side shows, its white and black attacks, and how the log reads it (both
        battle sides of a glyph read the same: a helix is read once per helix, not once per roll)."""
        h = side.helix
        hit = self._helix_ids.get(id(h))
        if hit is not None and hit[0] is h:
            return hit[1][face]
        slots = self._helixes.get(h)
        if slots is None:
            read = []
            for gid, flipped in side.helix:
                g = self.comp.glyphs[gid]
                white, black = g.attacks(flipped)
                read.append((g, white, black, f"{g.part} ({self.comp.species[g.species].name}): white {white}, "
                                              f"black {black}."))
            slots = self._helixes[side.helix] = tuple(read)
        if len(self._helix_ids) > 4096:  # helixes redesigned in many games: start afresh
            self._helix_ids.clear()
        self._helix_ids[id(h)] = (h, {f: slots[i] for f, i in FACE_SLOT.items()})  # the entry keeps h alive
        return slots[FACE_SLOT[face]]

    def _mat_for(self, species: str, state: XevozState) -> str | None:
        for m in state.table:
            if self.comp.mats[m].species == species:
                return m
        return None

    def helix_problems(self, side: Side, max_gold: int = 3) -> list[tuple[str, str]]:
        """Every reason the side's helix fails the pre-battle check, as (clause, reason)."""
        out: list[tuple[str, str]] = []
        h = side.helix
        if len(h) != 6:
            out.append(("xevoz.helix-six", f"a Battle Helix holds exactly 6 glyphs, this one has {len(h)}"))
        ids = [g for g, _ in h]
        if len(set(ids)) != len(ids):
            out.append(("xevoz.helix-six", "the same glyph appears twice in the helix"))
        glyphs = [self.comp.glyphs[g] for g in ids]
        gold = [g.part for g in glyphs if g.gold]
        if len(gold) > max_gold:
            out.append(("xevoz.helix-gold", f"the helix has {len(gold)} gold glyphs ({', '.join(gold)}); "
                                            f"at most {max_gold} may be gold"))
        drains = [g.part for g in glyphs if g.is_drain]
        if len(drains) > 1:
            out.append(("xevoz.helix-drain", f"the helix has {len(drains)} DRAIN ATTACK glyphs "
                                             f"({', '.join(drains)}); only one is allowed"))
        names = side.figure.part_names
        missing = [g.part for g in glyphs if g.part not in names]
        if missing:
            out.append(("xevoz.power-parts", f"{side.figure.name} lacks the Power Part(s) "
                                             f"{', '.join(missing)} that the helix's glyphs need"))
        return out

    # -- protocol --------------------------------------------------------------------------------------------
    def initial_state(self, ctx: Context) -> XevozState:
        players = ctx.players  # not ctx: a text callable must not hold the context
        v = ctx.variant
        assert isinstance(v, XevozVariant)
        sides = []
        for seat, fid in enumerate(v.figures):
            f = self.figure(fid, v.parts)
            sides.append(Side(f, f.helix))
            ctx.tell("xevoz.figure-health", seat, _say_builds, players[seat], f, figure=fid)
        caps = tuple(v.end_caps)
        ctx.emit("xevoz.two-players", lambda: "Two players, two figures, two Battle Helixes "
                 f"({caps[0]} and {caps[1]} end-caps).", player=None)
        st = XevozState(sides)
        st.table = tuple(v.mats) if v.mats else tuple(self.comp.mats)
        st.max_gold = v.max_gold
        return st

    def current_player(self, state: XevozState) -> int | None:
        ph = state.phase  # the commonest phases first: this is asked twice a step
        if ph == "call":
            return state.attacker
        if ph == "actions":
            return state.queue[0][1]
        if ph == "move" or ph == "follow":
            return state.chooser
        if ph == "over":
            return None
        if ph == "build":
            return 0 if not state.sides[0].ready else 1
        if ph == "first":
            return 0
        if ph in ("world", "start"):
            return state.attacker
        return state.chooser

    def winner(self, state: XevozState) -> int | None:
        return state.winner if state.winner >= 0 else None

    def is_over(self, state: XevozState) -> bool:
        return state.phase == "over"

    def copy_state(self, state: XevozState) -> XevozState:
        return state.copy()

    #: a search bot's random playouts are cut off after this many actions and scored by :meth:`evaluate`
    playout_depth = 60

    def evaluate(self, state: XevozState) -> tuple[float, float]:
        """A cut-off estimate of each seat's chance to win for a search bot (``tabletop.sim.mcts``), from the
        points of life left (xevoz.winning: a figure with no life left is demolished and its owner loses): 1 / 0
        once the battle is won, else ``1/2 + (mine - theirs) / 2`` with each figure's life counted as a share of
        its full life."""
        if state.winner >= 0:
            return (1.0, 0.0) if state.winner == 0 else (0.0, 1.0)
        share = [max(0, x.life) / x.figure.life if x.figure.life > 0 else 0.0 for x in state.sides]
        if len(share) != 2:
            return 0.5, 0.5
        lead = (share[0] - share[1]) / 2
        return 0.5 + lead, 0.5 - lead

    # -- legal actions ---------------------------------------------------------------------------------------
    def legal_actions(self, state: XevozState) -> list[Action]:
        ph = state.phase
        if ph == "over":
            return []
        if ph == "call":
            return list(_CALLS)
        if ph == "actions":
            kind, chooser, owner = state.queue[0]
            side = state.sides[owner]
            p = self.parts(side.figure)
            if kind == "chop":
                return p.chop_actions(side.present)
            if kind == "heal":
                heals = p.heals
                out: list[Action] = [heals[i] for i in self.healable(side)]
                if state.sides[1 - owner].drain_on >= 0:
                    out.append(FreeDrain())  # xevoz.star-remove-drain: "instead of replacing a lost part ... may"
                    if len(out) == 1:
                        out.append(KeepDrain())  # nothing lost that could attach: removing it is a choice
                return out
            attaches = p.attaches
            return [attaches[i] for i in self.drain_hosts(side)]
        if ph == "move" or ph == "follow":
            me = state.chooser
            sides = state.sides
            return list(self.mat_grid(state).steps(sides[me].pos, sides[1 - me].pos, ph == "follow")[1])
        if ph in ("first", "world"):
            return list(_ROLL)
        if ph == "start":
            m = self.comp.mats[state.mat]
            places = self.grid(m.size).places
            return [places[c] for c in m.start]
        if ph in ("warp-place", "warp-follow"):
            places = self.mat_grid(state).places
            return [places[c] for c in self.place_options(state)]
        if ph == "choose-mat":
            return [ChooseMat(m) for m in self.mat_choices(state)]
        # build
        seat = self.current_player(state)
        assert seat is not None
        return list(self._build_actions(state, seat))

    def _build_actions(self, state: XevozState, seat: int) -> tuple[Action, ...]:
        """The build-phase actions of ``seat`` (Ready when the pre-battle check passes, then every Flip, Swap and
        PickFigure), worked out once per figure, helix, opponent readiness and gold limit."""
        side, other = state.sides[seat], state.sides[1 - seat]
        f = side.figure
        key = (id(f), side.helix, other.figure.n_parts if other.ready else -1, state.max_gold)
        hit = self._build_cache.get(key)
        if hit is not None and hit[0] is f:
            return hit[1]
        acts: list[Action] = []
        if not self.ready_problems(state, seat):
            acts.append(_READY)
        made = self._build_made  # actions are immutable: each one is made once and shared (as Grid's moves)
        acts += [made.get(("flip", i)) or made.setdefault(("flip", i), Flip(i + 1)) for i in range(len(side.helix))]
        in_helix = {g for g, _ in side.helix}
        spare = [self.comp.glyph_by_part[n] for n in side.figure.part_names
                 if n in self.comp.glyph_by_part and self.comp.glyph_by_part[n] not in in_helix]
        acts += [made.get((i, g)) or made.setdefault((i, g), Swap(i + 1, g)) for i in range(len(side.helix))
                 for g in spare]
        acts += [made.get(fid) or made.setdefault(fid, PickFigure(fid)) for fid in self.comp.figures
                 if fid != side.figure.id]
        if len(self._build_cache) > 4096:  # many redesigned helixes: start afresh
            self._build_cache.clear()
        out = tuple(acts)
        self._build_cache[key] = (f, out)  # the entry keeps the figure alive, so its id stays its own
        return out

    def choppable(self, side: Side) -> list[int]:
        """Parts that can be chopped now: on the figure, not the DRAIN ATTACK, nothing else snapped onto them."""
        return self.parts(side.figure).chop_indices(side.present)

    def healable(self, side: Side) -> list[int]:
        """Lost parts that can attach again: the part they snap onto is on the figure."""
        parent, pres = side.figure.parent, side.present
        out = [i for i in side.pile if parent[i] < 0 or pres[parent[i]]]
        out.sort()
        return out

    def drain_hosts(self, side: Side) -> list[int]:
        f, pres = side.figure, side.present
        return [i for i in range(f.n_parts) if pres[i] and i != f.drain]

    def move_options(self, state: XevozState, seat: int) -> list[int]:
        """The squares ``seat`` may move to now (xevoz.movement; xevoz.defender-follows when following)."""
        return list(self._steps(state, seat)[0])

    def _steps(self, state: XevozState, seat: int) -> tuple[tuple[int, ...], tuple[Move, ...]]:
        sides = state.sides
        return self.mat_grid(state).steps(sides[seat].pos, sides[1 - seat].pos, state.phase == "follow")

    def place_options(self, state: XevozState) -> list[int]:
        m = self.comp.mats[state.mat]
        if state.phase == "warp-place":
            return list(range(m.size * m.size))
        other = state.sides[1 - state.chooser].pos
        return list(self.grid(m.size).nbrs[other])

    def mat_choices(self, state: XevozState) -> list[str]:
        if state.mat_context == "warp":
            return [m for m in state.table if m != state.mat]
        return list(state.table)

    def ready_problems(self, state: XevozState, seat: int) -> list[tuple[str, str]]:
        side = state.sides[seat]
        probs = self.helix_problems(side, state.max_gold)
        other = state.sides[1 - seat]
        if other.ready and other.figure.n_parts != side.figure.n_parts:
            probs.append(("xevoz.equal-parts", f"{side.figure.name} has {side.figure.n_parts} parts but "
                          f"{other.figure.name} has {other.figure.n_parts}; both figures need the same number"))
        return probs

    # -- apply -----------------------------------------------------------------------------------------------
    def apply(self, state: XevozState, action: Action, ctx: Context) -> None:
        ph = state.phase
        seat = ctx.player
        assert seat is not None
        handler = _BY_TYPE.get(action.__class__, _NO_HANDLERS).get(ph)
        if handler is None:
            raise IllegalAction(PHASE_RULE[ph], f"'{action}' cannot be played now: it is time for "
                                f"{PHASE_DOES[ph]}" + self._waiting_for(state, ctx))
        handler(self, state, action, ctx, seat)

    def _waiting_for(self, state: XevozState, ctx: Context) -> str:
        players = ctx.players  # not ctx: a text callable must not hold the context
        if state.phase != "actions":
            return ""
        kind, chooser, owner = state.queue[0]
        what = {"chop": f"chop a part of {poss(players[owner])} figure",
                "heal": "regenerate a part or remove a DRAIN ATTACK",
                "attach": f"snap the DRAIN ATTACK onto {poss(players[owner])} figure",
                "reattach": "reattach the DRAIN ATTACK to their figure",
                "rehome": "snap their own DRAIN ATTACK back onto their figure"}[kind]
        return (f" ({players[chooser]} must {what} first; actions are never forgotten here, "
                "see xevoz.forgotten-actions)")

    # == Rulebook step 1 — pre-battle check (and Build / Xevolve: redesigning) ==================================
    # xevoz.pre-battle-check, xevoz.redesign, xevoz.helix-six/-gold/-drain, xevoz.power-parts, xevoz.equal-parts
    def _pick(self, state: XevozState, a: PickFigure, ctx: Context, seat: int) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        if a.figure not in self.comp.figures:
            raise IllegalAction("xevoz.redesign", f"there is no ready figure {a.figure!r}; figures: "
                                + ", ".join(self.comp.figures))
        if a.figure == state.sides[seat].figure.id:
            raise IllegalAction("xevoz.redesign", f"you already battle with {state.sides[seat].figure.name}")
        v = ctx.variant
        assert isinstance(v, XevozVariant)
        f = self.figure(a.figure, v.parts)
        state.sides[seat] = Side(f, f.helix)
        ctx.emit("xevoz.redesign", lambda: f"{says(players[seat], 'picks')} {f.name} ({f.n_parts} parts) and its helix.",
                 figure=f.id)

    def _flip(self, state: XevozState, a: Flip, ctx: Context, seat: int) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        side = state.sides[seat]
        if not isinstance(a.slot, int) or not 1 <= a.slot <= len(side.helix):
            raise IllegalAction("xevoz.redesign", f"there is no slot {a.slot!r}; slots are 1 to {len(side.helix)}")
        h = list(side.helix)
        gid, fl = h[a.slot - 1]
        h[a.slot - 1] = (gid, not fl)
        side.helix = tuple(h)
        w, b = self.comp.glyphs[gid].attacks(not fl)
        ctx.emit("xevoz.redesign", lambda: f"{says(players[seat], 'flips')} {self.comp.glyphs[gid].part}: white is now {w}, "
                 f"black {b}.",
                 slot=a.slot)

    def _swap(self, state: XevozState, a: Swap, ctx: Context, seat: int) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        side = state.sides[seat]
        if not isinstance(a.slot, int) or not 1 <= a.slot <= len(side.helix):
            raise IllegalAction("xevoz.redesign", f"there is no slot {a.slot!r}; slots are 1 to {len(side.helix)}")
        g = self.comp.glyphs.get(a.glyph)
        if g is None:
            raise IllegalAction("xevoz.redesign", f"there is no glyph {a.glyph!r}")
        if g.part not in side.figure.part_names:
            raise IllegalAction("xevoz.power-parts", f"{side.figure.name} has no {g.part}, the Power Part that "
                                f"the {g.part} glyph needs")
        if any(gid == g.id for gid, _ in side.helix):
            raise IllegalAction("xevoz.helix-six", f"the {g.part} glyph is already in the helix")
        h = list(side.helix)
        old = h[a.slot - 1][0]
        h[a.slot - 1] = (g.id, False)
        side.helix = tuple(h)
        ctx.emit("xevoz.redesign", lambda: f"{says(players[seat], 'swaps')} {self.comp.glyphs[old].part} out and "
                 f"{g.part} into slot {a.slot}.")

    def _ready(self, state: XevozState, a: Ready, ctx: Context, seat: int) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        probs = self.ready_problems(state, seat)
        if probs:
            rule, reason = probs[0]
            raise IllegalAction(rule, "pre-battle check fails: " + reason)
        side = state.sides[seat]
        side.ready = True
        gold = sum(self.comp.glyphs[g].gold for g, _ in side.helix)
        fig = side.figure
        ctx.emit("xevoz.pre-battle-check", lambda: f"{says(players[seat], 'presents')} {fig.name} "
                 f"({fig.n_parts} parts, {gold} gold glyph(s)): check passed.")
        if all(s.ready for s in state.sides):
            state.phase = "first"
            ctx.emit("xevoz.equal-parts", lambda: f"Both figures have {fig.n_parts} parts; the battle begins.",
                     player=None)

    # == Rulebook step 2 — who attacks first (xevoz.first-attacker); step 3 — choose the world ====================
    # xevoz.choose-world, xevoz.start-spaces; and the placing after a warp (step 5, xevoz.warp-place)
    def _roll(self, state: XevozState, a: RollHelix, ctx: Context, seat: int) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        if state.phase == "first":
            faces = [ctx.draw("helix1"), ctx.draw("helix2")]
            totals = []
            for s in (0, 1):
                g, w, b = self.glyph_at(state.sides[s], faces[s])
                totals.append(w.strength + b.strength)
            state.roll = {"kind": "first", "faces": faces, "totals": totals}
            if totals[0] == totals[1] and not self._totals_can_differ(state):
                # reconstruction: both helixes can only ever add up to this one total, so re-rolling could never
                # end; the black strengths (then the white) of the glyphs rolled decide instead
                blacks = [self.glyph_at(state.sides[s], faces[s])[2].strength for s in (0, 1)]
                whites = [self.glyph_at(state.sides[s], faces[s])[1].strength for s in (0, 1)]
                if blacks[0] != blacks[1] or whites[0] != whites[1]:
                    totals = blacks if blacks[0] != blacks[1] else whites
                    total, which = state.roll["totals"][0], "black" if blacks[0] != blacks[1] else "white"
                    ctx.emit("xevoz.first-attacker", lambda: f"Both helixes can only ever total {total}, so the "
                             f"higher {which} strength decides.", player=None)
            if totals[0] == totals[1]:
                ctx.emit("xevoz.first-attacker", lambda: f"Both roll {totals[0]} (black + white): a tie, re-roll.",
                         player=None, faces=faces, totals=totals)
                return
            first = state.attacker = state.first = 0 if totals[0] > totals[1] else 1
            ctx.emit("xevoz.first-attacker", lambda: f"{says(players[0], 'rolls')} {totals[0]}, "
                     f"{says(players[1], 'rolls')} {totals[1]} (black + white): "
                     f"{says(players[first], 'attacks')} first.",
                     player=first, faces=faces, totals=totals)
            state.phase = "world"
            return
        face = ctx.draw(f"helix{seat + 1}")
        g, _, _ = self.glyph_at(state.sides[seat], face)
        state.roll = {"kind": "world", "faces": [face if s == seat else "" for s in (0, 1)]}
        sp = self.comp.species[g.species].name
        mat = self._mat_for(g.species, state)
        if mat is None:
            state.phase, state.chooser, state.mat_context = "choose-mat", seat, "world"
            ctx.emit("xevoz.choose-world", lambda: f"{says(players[seat], 'rolls')} {g.part} ({sp}): no {sp} mat on the "
                     "table, so the attacker chooses the mat.", face=face, species=g.species)
            return
        state.mat = mat
        state.phase = "start"
        ctx.emit("xevoz.choose-world", lambda: f"{says(players[seat], 'rolls')} {g.part} ({sp}): the battle is on the {sp} "
                 "mat.", face=face, species=g.species, mat=mat)

    def _totals_can_differ(self, state: XevozState) -> bool:
        h0, h1 = state.sides[0].helix, state.sides[1].helix
        hit = self._differ_cache.get((id(h0), id(h1)))
        if hit is not None and hit[0] is h0 and hit[1] is h1:
            return hit[2]
        sums = {self.comp.glyphs[g].white.strength + self.comp.glyphs[g].black.strength
                for side in state.sides for g, _ in side.helix}
        if len(self._differ_cache) > 4096:
            self._differ_cache.clear()
        self._differ_cache[id(h0), id(h1)] = (h0, h1, len(sums) > 1)  # the entry keeps both helixes alive
        return len(sums) > 1

    def _choose_mat(self, state: XevozState, a: ChooseMat, ctx: Context, seat: int) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        choices = self.mat_choices(state)
        if a.mat not in choices:
            raise IllegalAction("xevoz.warp-destination" if state.mat_context == "warp" else "xevoz.choose-world",
                                f"{a.mat!r} cannot be chosen; mats to choose from: "
                                + ", ".join(f"the {mat_name(c)}" for c in choices))
        state.mat = a.mat
        if state.mat_context == "warp":
            state.phase = "warp-place"
            ctx.emit("xevoz.warp-destination", lambda: f"{says(players[seat], 'warps')} to the {mat_name(a.mat)}.",
                     mat=a.mat)
        else:
            state.phase = "start"
            ctx.emit("xevoz.choose-world", lambda: f"{says(players[seat], 'chooses')} the {mat_name(a.mat)}.", mat=a.mat)

    def _place(self, state: XevozState, a: Place, ctx: Context, seat: int) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        m = self.comp.mats[state.mat]
        try:
            cell = parse_cell(a.cell, m.size)
        except ValueError as exc:
            raise IllegalAction(PHASE_RULE[state.phase], str(exc)) from None
        if state.phase == "start":
            if cell not in m.start:
                raise IllegalAction("xevoz.start-spaces", f"{a.cell} is not a START space; the START spaces are "
                                    + " and ".join(cell_name(c, m.size) for c in m.start))
            other = m.start[1] if cell == m.start[0] else m.start[0]
            state.sides[seat].pos, state.sides[1 - seat].pos = cell, other
            ctx.emit("xevoz.start-spaces", lambda: f"{players[seat]} (attacker) takes START {a.cell}; "
                     f"{says(players[1 - seat], 'takes')} {cell_name(other, m.size)}.")
            state.phase = "call"
            state.round = 1
            return
        opts = self.place_options(state)
        if cell not in opts:
            raise IllegalAction("xevoz.warp-place", f"{a.cell} is not next to the warping figure; choose one of "
                                + ", ".join(cell_name(c, m.size) for c in opts))
        state.sides[seat].pos = cell
        if state.phase == "warp-place":
            ctx.emit("xevoz.warp-place", lambda: f"{says(players[seat], 'warps')} in on {a.cell}.")
            state.phase, state.chooser = "warp-follow", 1 - seat
        else:
            ctx.emit("xevoz.warp-place", lambda: f"{says(players[seat], 'is')} pulled along to {a.cell}, next to the warper.")
            state.attacker = att = 1 - seat
            state.phase = "call"
            state.round += 1
            ctx.emit("xevoz.next-attacker", lambda: f"{players[att]} warped and becomes the attacker.",
                     player=att)

    # == Rulebook step 4 — the call (xevoz.attack-call); step 5 — species icons (xevoz.warp, xevoz.bonus-space);
    # == step 6 — resolve the attack (xevoz.resolve, xevoz.tie) =======================================================
    def _warp_of(self, state: XevozState, seat: int, species: str) -> bool:
        m = self.comp.mats[state.mat]
        return m.warps.get(state.sides[seat].pos) == species

    def _start_warp(self, state: XevozState, warper: int, species: str, ctx: Context, rule: str) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        sp = self.comp.species[species].name
        ctx.emit(rule, lambda: f"{sp.upper()} warps! {says(players[warper], 'stands')} on a {sp} warp space and rolled "
                 f"{sp}: the round ends before any action.", player=warper, species=species)
        for s in state.sides:
            s.pos = -1
        state.queue = []
        state.chooser = warper
        dest = self._mat_for(species, state)
        if dest is None or dest == state.mat:
            state.phase, state.mat_context = "choose-mat", "warp"
            ctx.emit("xevoz.warp-destination", lambda: f"No {sp} mat is on the table: {says(players[warper], 'picks')} "
                     "another mat.", player=warper)
            return
        state.mat = dest
        state.phase = "warp-place"
        ctx.emit("xevoz.warp-destination", lambda: f"The warp leads to the {sp} mat.", player=warper, mat=dest)

    def _call(self, state: XevozState, a: Call, ctx: Context, seat: int) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        if a.colour not in COLOURS:
            raise IllegalAction("xevoz.attack-call", f"call 'black' or 'white', not {a.colour!r}")
        colour = a.colour
        att, dfn = state.attacker, 1 - state.attacker
        tell = ctx.tell
        tally = ctx.tally if ctx.__class__ is TallyContext else None  # only counting rule firings (see _K_CALL)
        if tally is None:
            tell("xevoz.attack-call", -1, _say_call, players[att], colour, colour=colour)
        # a counting Context draws values only (TallyContext.draw is chance.value for a kind's whole domain)
        draw = ctx.draw if tally is None else ctx.chance.value
        f0, f1 = draw("helix1"), draw("helix2")
        faces = [f0, f1]
        info: dict[str, Any] = {"kind": "attack", "faces": faces, "colour": colour, "strength": [0, 0],
                                "bonus": [0, 0], "winner": -1, "warp": -1, "bomb": "", "blast": False,
                                "attacker": att}
        state.roll = info
        state.round_ends = False
        sides = state.sides
        s0, s1 = sides
        helix_ids = self._helix_ids  # read_face's look-up, inlined (twice a round)
        h = s0.helix
        hit = helix_ids.get(id(h))
        r0 = hit[1][f0] if hit is not None and hit[0] is h else self.read_face(s0, f0)
        h = s1.helix
        hit = helix_ids.get(id(h))
        r1 = hit[1][f1] if hit is not None and hit[0] is h else self.read_face(s1, f1)
        glyphs = (r0, r1)
        if tally is None:
            tell("xevoz.helix-roll", 0, _say_roll, players[0], r0[3], face=f0, glyph=r0[0].id)
            tell("xevoz.helix-roll", 1, _say_roll, players[1], r1[3], face=f1, glyph=r1[0].id)
        else:  # the call and both rolls, counted as one Bundle key
            kb = _B_CALL[seat]
            tally[kb] = tally.get(kb, 0) + 1
        # Rulebook step 5: warp (the attacker first if both activate: xevoz.warp-both) and bonus
        mat = self.comp.mats[state.mat]
        pos = (s0.pos, s1.pos)
        warps = mat.warps
        if warps:
            att_warps = warps.get(pos[att]) == glyphs[att][0].species
            dfn_warps = warps.get(pos[dfn]) == glyphs[dfn][0].species
            if att_warps or dfn_warps:
                if att_warps and dfn_warps:
                    tell("xevoz.warp-both", att, _say_warp_both, players[att])
                warper = att if att_warps else dfn
                info["warp"] = warper
                self._start_warp(state, warper, glyphs[warper][0].species, ctx, "xevoz.warp")
                return
        called = (r0[2], r1[2]) if colour == "black" else (r0[1], r1[1])
        strength, bonus = info["strength"], info["bonus"]
        bonuses = mat.bonuses
        if bonuses:
            for s in (0, 1):
                g = glyphs[s][0]
                base = called[s].strength
                b = bonuses.get(pos[s])
                add = b[1] if b is not None and b[0] == g.species else 0
                strength[s] = base + add
                bonus[s] = add
                if add:
                    tell("xevoz.bonus-space", s, _say_bonus, players[s], self.comp.species[g.species].name, base, add,
                         bonus=add)
        else:
            strength[0], strength[1] = called[0].strength, called[1].strength
        sa, sd = strength[att], strength[dfn]
        if sa == sd:
            v = ctx.variant
            assert isinstance(v, XevozVariant)
            if v.tie == "re-roll":
                if tally is None:
                    tell("xevoz.tie", att, _say_tie_keeps, colour, sa, sd, players[att])
                else:
                    k = _K_TIE[att]
                    tally[k] = tally.get(k, 0) + 1
                return
            state.attacker = dfn
            state.round += 1
            if tally is None:
                tell("xevoz.tie", dfn, _say_tie_passes, colour, sa, sd, players[dfn])
            else:
                k = _K_TIE[dfn]
                tally[k] = tally.get(k, 0) + 1
            return
        w = att if sa > sd else dfn
        lo = 1 - w
        info["winner"] = w
        state.round_winner = w
        attack = called[w]
        plan: list[tuple[str, int, int]] = []
        if tally is None:
            tell("xevoz.resolve", w, _say_resolve, colour, players, w, strength[0], strength[1], bonus[0], bonus[1],
                 strength=[sa, sd])
            if sides[w].drain_on >= 0:
                if ctx.variant.bonus_chop:  # type: ignore[attr-defined]
                    plan.append(("chop", w, lo))
                    tell("xevoz.drain-bonus-chop", w, _say_bonus_chop, players[w], players[lo])
                else:
                    tell("xevoz.drain-bonus-chop", w, _say_no_bonus_chop, players[w], players[lo])
            tell("xevoz.actions", w, _say_actions, players[w], attack)
        else:  # resolve, the bonus-chop ruling when a DRAIN ATTACK rides, and the actions: one Bundle key
            if sides[w].drain_on >= 0:
                if ctx.variant.bonus_chop:  # type: ignore[attr-defined]
                    plan.append(("chop", w, lo))
                k = _B_RESOLVE_DRAINING[w]
            else:
                k = _B_RESOLVE[w]
            tally[k] = tally.get(k, 0) + 1
        if not attack.bomb and not attack.drain:  # the common case, as _plan_attack does it
            if attack.swords:
                plan += [("chop", w, lo)] * attack.swords
            if attack.stars:
                plan += [("heal", w, w)] * attack.stars
            state.queue = plan
            state.phase = "actions"
            if plan and plan[0][0] != "heal":  # the first decision is taken as it is (what _advance would find)
                return
            self._advance(state, ctx)
            return
        if attack.bomb:
            face = draw(f"helix{w + 1}")
            g, white, black = self.glyph_at(sides[w], face)
            info["bomb"] = face
            tell("xevoz.bomb", w, _say_bomb, players[w], g.part, black, white, face=face, glyph=g.id)
            if self._warp_of(state, w, g.species):
                self._start_warp(state, w, g.species, ctx, "xevoz.warp-bomb")
                return
            if black.bomb or white.bomb:
                info["blast"] = True
                ctx.emit("xevoz.caught-in-blast", "Caught in the Blast! The re-roll shows a bomb: both players "
                         "are affected by the actions.", player=w)
                swords = black.swords + white.swords
                stars = black.stars + white.stars
                if black.drain or white.drain:
                    self._plan_drain(state, w, plan, ctx)
                for _ in range(swords):
                    plan += [("chop", w, lo), ("chop", lo, w)]
                for _ in range(stars):
                    plan += [("heal", w, w), ("heal", lo, lo)]
            else:
                for att_ in (black, white):
                    self._plan_attack(state, w, att_, plan, ctx)
        else:
            self._plan_attack(state, w, attack, plan, ctx)
        state.queue = plan
        state.phase = "actions"
        self._advance(state, ctx)

    # == Rulebook step 7 — actions: DRAIN ATTACK, sword, star, bomb (xevoz.actions, xevoz.drain-*, xevoz.sword,
    # == xevoz.star*, xevoz.bomb, xevoz.caught-in-blast); decisions run as a queue (xevoz.forgotten-actions) =======
    def _plan_drain(self, state: XevozState, w: int, plan: list[tuple[str, int, int]], ctx: Context) -> None:
        side = state.sides[w]
        if side.drain_on < 0:
            if any(k == "attach" for k, _, _ in plan):
                return
            plan.append(("attach", w, 1 - w))
            return
        v = ctx.variant
        assert isinstance(v, XevozVariant)
        extra = v.drain_symbol_when_attached == "extra-chop"
        if extra:
            plan.append(("chop", w, 1 - w))
        ctx.emit("xevoz.drain-symbol-attached", _DRAIN_SYMBOL_TEXT[extra, bool(v.bonus_chop)], player=w)

    def _plan_attack(self, state: XevozState, w: int, attack: Attack, plan: list[tuple[str, int, int]],
                     ctx: Context) -> None:
        if attack.drain:
            self._plan_drain(state, w, plan, ctx)
        plan += [("chop", w, 1 - w)] * attack.swords
        plan += [("heal", w, w)] * attack.stars

    def _advance(self, state: XevozState, ctx: Context) -> None:
        """Skip decisions that cannot be taken; after the last one go on to movement."""
        players = ctx.players  # not ctx: a text callable must not hold the context
        while state.queue:
            kind, chooser, owner = state.queue[0]
            side = state.sides[owner]
            if kind == "heal" and not self.healable(side) and state.sides[1 - owner].drain_on < 0:  # no choice
                ctx.tell("xevoz.star-nothing-lost", owner, _say_nothing_lost, players[owner])
                state.queue.pop(0)
                continue
            return
        if state.round_ends:
            w = state.round_winner
            ctx.tell("xevoz.drain-attach", w, _say_round_ends, players[w])
            self._next_round(state, ctx)
            return
        self._start_move(state, ctx)

    def _finish_decision(self, state: XevozState, ctx: Context) -> None:
        state.queue.pop(0)
        if state.phase != "over":
            self._advance(state, ctx)

    # Rulebook step 10 — winning the battle (xevoz.winning), checked after every chop
    def _check_demolished(self, state: XevozState, owner: int, ctx: Context) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        if state.sides[owner].life <= 0:
            state.phase = "over"
            state.winner = 1 - owner
            state.queue = []
            ctx.tell("xevoz.winning", 1 - owner, _say_winning, players[owner], players[1 - owner])

    def _chop(self, state: XevozState, a: Chop, ctx: Context, seat: int) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        kind, chooser, owner = state.queue[0]
        if kind != "chop":
            raise IllegalAction("xevoz.forgotten-actions", f"'{a}' cannot be played now"
                                + self._waiting_for(state, ctx))
        side = state.sides[owner]
        f = side.figure
        if a.figure != "":
            self._right_figure(state, a.figure, owner, "xevoz.sword", _say_which_chop, players[chooser],
                               players[owner], f.name)
        parts = self.parts(f)
        part = a.part
        found = parts.index.get(part) if isinstance(part, str) else None
        if found is None:
            raise IllegalAction("xevoz.sword", f"{f.name} has no part {part!r}")
        i = found
        present = side.present
        if i == f.drain:
            raise IllegalAction("xevoz.drain-uncuttable", f"the {f.part_names[i]} is a DRAIN ATTACK part: it cannot "
                                "be chopped")
        if not present[i]:
            raise IllegalAction("xevoz.chop-pile", f"the {f.part_names[i]} was already chopped; it is in the pile")
        for c in parts.blockers[i]:
            if present[c]:
                on = [f"the {f.part_names[c]}" for c in parts.blockers[i] if present[c]]
                raise IllegalAction("xevoz.stay-connected", f"the {f.part_names[i]} still has {' and '.join(on)} "
                                    "snapped onto it; "
                                    "chop those first so that what is left stays connected")
        self._chopped(state, ctx, chooser, owner, i)

    def _chopped(self, state: XevozState, ctx: Context, chooser: int, owner: int, i: int) -> None:
        """The chop of part ``i`` of ``owner``'s figure, already found legal (one of the listed Chop actions)."""
        players = ctx.players  # not ctx: a text callable must not hold the context
        side = state.sides[owner]
        f = side.figure
        present = side.present
        present[i] = False
        life = side.life = side.life - 1
        side.pile.append(i)
        tally = ctx.tally if ctx.__class__ is TallyContext else None
        if tally is not None:  # only counting rule firings (see _K_CALL)
            k = _K_SWORD[chooser]
            tally[k] = tally.get(k, 0) + 1
        else:
            ctx.tell("xevoz.sword", chooser, _say_sword, players[chooser], players[owner], f.part_names[i], life,
                     part=f.part_ids[i], owner=owner)
        other = state.sides[1 - owner]
        then: list[tuple[str, int, int]] = []
        if other.drain_on == i:
            other.drain_on = -2  # off the figure, waiting to be reattached
            then.append(("reattach", owner, owner))
            if tally is not None:
                k = _K_HOST_CHOPPED[owner]
                tally[k] = tally.get(k, 0) + 1
            else:
                ctx.tell("xevoz.drain-host-chopped", owner, _say_host_chopped, players[1 - owner], f.part_names[i],
                         players[owner])
        if side.drain_on == -1 and side.home_on == i and f.drain >= 0:
            # the rulebook's sentence speaks of any DRAIN ATTACK on the part being chopped: it comes off (it can
            # never be chopped) and the player whose figure it is reattaches it, so the figure stays connected
            side.home_on = -1
            then.append(("rehome", owner, owner))
            if tally is not None:
                k = _K_DRAIN_HOME[owner]
                tally[k] = tally.get(k, 0) + 1
            else:
                ctx.tell("xevoz.drain-home", owner, _say_drain_home_off, players[owner], f.part_names[f.drain],
                         f.part_names[i])
        if life <= 0:
            self._check_demolished(state, owner, ctx)
            return
        queue = state.queue
        queue[:1] = then
        if queue and queue[0][0] != "heal":  # the next decision is taken as it is (what _advance would find)
            return
        self._advance(state, ctx)

    def _right_figure(self, state: XevozState, figure: object, owner: int, rule: str, what: Callable[..., str],
                      *args: Any) -> None:
        """A Chop/Heal/AttachDrain that names a figure (a click on a part) must name the decision's figure
        (``what(*args)`` says what the decision is, made only for a refusal)."""
        if figure == "":
            return
        if not isinstance(figure, str):
            raise IllegalAction(rule, f"the figure must be named by its id (text), not {figure!r}")
        if figure != state.sides[owner].figure.id:
            raise IllegalAction(rule, f"that part is not on the right figure: {what(*args)}")

    def _heal(self, state: XevozState, a: Heal, ctx: Context, seat: int) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        kind, chooser, owner = state.queue[0]
        if kind != "heal":
            raise IllegalAction("xevoz.forgotten-actions", f"'{a}' cannot be played now"
                                + self._waiting_for(state, ctx))
        side = state.sides[owner]
        f = side.figure
        if a.figure != "":
            self._right_figure(state, a.figure, owner, "xevoz.star", _say_which_heal, players[owner], f.name)
        found = self.parts(f).index.get(a.part) if isinstance(a.part, str) else None
        if found is None:
            raise IllegalAction("xevoz.star", f"{f.name} has no part {a.part!r}")
        i = found
        if side.present[i]:
            raise IllegalAction("xevoz.star", f"the {f.part_names[i]} is not lost: it is still on the figure")
        if f.parent[i] >= 0 and not side.present[f.parent[i]]:
            raise IllegalAction("xevoz.star", f"the {f.part_names[i]} cannot attach: the "
                                f"{f.part_names[f.parent[i]]}, which it "
                                "snaps onto, is not on the figure; regenerate that first")
        self._healed(state, ctx, owner, i)

    def _healed(self, state: XevozState, ctx: Context, owner: int, i: int) -> None:
        """The regeneration of part ``i`` of ``owner``'s figure, already found legal (a listed Heal)."""
        players = ctx.players  # not ctx: a text callable must not hold the context
        side = state.sides[owner]
        f = side.figure
        side.present[i] = True
        life = side.life = side.life + 1
        side.pile.remove(i)
        if ctx.__class__ is TallyContext:  # only counting rule firings (see _K_CALL)
            tally = ctx.tally
            k = _K_STAR[owner]
            tally[k] = tally.get(k, 0) + 1
        else:
            ctx.tell("xevoz.star", owner, _say_star, players[owner], f.part_names[i], life, part=f.part_ids[i])
        self._finish_decision(state, ctx)

    def _free_drain(self, state: XevozState, a: FreeDrain, ctx: Context, seat: int) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        kind, chooser, owner = state.queue[0]
        if kind != "heal":
            raise IllegalAction("xevoz.forgotten-actions", f"'{a}' cannot be played now"
                                + self._waiting_for(state, ctx))
        other = state.sides[1 - owner]
        if other.drain_on < 0:
            raise IllegalAction("xevoz.star-remove-drain", f"there is no DRAIN ATTACK of "
                                f"{players[1 - owner]} on {poss(players[owner])} figure")
        other.drain_on = -1
        of = other.figure
        home = other.home_on
        back = home >= 0 and other.present[home]
        if not back:
            other.home_on = -1
            state.queue.insert(1, ("rehome", 1 - owner, 1 - owner))
        ctx.tell("xevoz.star-remove-drain", owner, _say_free_drain, players[owner], players[1 - owner],
                 of.part_names[home] if back else None)
        self._finish_decision(state, ctx)

    def _keep_drain(self, state: XevozState, a: KeepDrain, ctx: Context, seat: int) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        kind, chooser, owner = state.queue[0]
        if kind != "heal" or state.sides[1 - owner].drain_on < 0:
            raise IllegalAction("xevoz.forgotten-actions" if kind != "heal" else "xevoz.star-remove-drain",
                                f"'{a}' cannot be played now" + (self._waiting_for(state, ctx) if kind != "heal"
                                                                 else ": no DRAIN ATTACK is on your figure"))
        if self.healable(state.sides[owner]):
            raise IllegalAction("xevoz.star", "a lost part can attach: the star regenerates it (or, instead, "
                                "removes the DRAIN ATTACK)")
        ctx.tell("xevoz.star-nothing-lost", owner, _say_keep_drain, players[owner], players[1 - owner])
        self._finish_decision(state, ctx)

    def _attach(self, state: XevozState, a: AttachDrain, ctx: Context, seat: int) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        kind, chooser, owner = state.queue[0]
        if kind not in ("attach", "reattach", "rehome"):
            raise IllegalAction("xevoz.forgotten-actions", f"'{a}' cannot be played now"
                                + self._waiting_for(state, ctx))
        side = state.sides[owner]
        f = side.figure
        rule = {"attach": "xevoz.drain-attach", "reattach": "xevoz.drain-host-chopped", "rehome": "xevoz.drain-home"}[kind]
        if a.figure != "":
            self._right_figure(state, a.figure, owner, rule, _say_which_attach, players[owner], f.name)
        found = self.parts(f).index.get(a.part) if isinstance(a.part, str) else None
        if found is None:
            raise IllegalAction(rule, f"{f.name} has no part {a.part!r}")
        i = found
        if not side.present[i] or i == f.drain:
            raise IllegalAction(rule, f"the DRAIN ATTACK must snap onto a part that is on {f.name} "
                                f"(not the {f.part_names[i]}, " + ("a DRAIN ATTACK part)" if i == f.drain
                                                                   else "which is lost)"))
        self._attached(state, ctx, kind, chooser, owner, i)

    def _attached(self, state: XevozState, ctx: Context, kind: str, chooser: int, owner: int, i: int) -> None:
        """A DRAIN ATTACK snapped onto part ``i`` of ``owner``'s figure (decision ``kind``: attach, reattach or
        rehome), already found legal (a listed AttachDrain)."""
        players = ctx.players  # not ctx: a text callable must not hold the context
        f = state.sides[owner].figure
        part = f.part_ids[i]
        if kind == "rehome":
            state.sides[owner].home_on = i
            ctx.tell("xevoz.drain-home", owner, _say_rehome, players[owner], f.part_names[i], part=part)
            self._finish_decision(state, ctx)
            return
        state.sides[1 - owner].drain_on = i
        if kind == "attach":
            state.round_ends = True
            ctx.tell("xevoz.drain-attach", chooser, _say_attach, players[chooser], players[owner], f.part_names[i],
                     part=part)
        else:
            ctx.tell("xevoz.drain-host-chopped", owner, _say_reattach, players[owner], f.part_names[i], part=part)
        self._finish_decision(state, ctx)

    # == Rulebook step 8 — movement (xevoz.movement, xevoz.defender-follows, xevoz.no-move); step 9 — who attacks
    # == next (xevoz.next-attacker) ===================================================================================
    def _start_move(self, state: XevozState, ctx: Context) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        w = state.round_winner
        state.chooser = w
        state.phase = "move"
        grid = self._mat_grids.get(state.mat) or self.mat_grid(state)
        sides = state.sides
        if not grid.free[sides[w].pos, sides[1 - w].pos]:
            ctx.tell("xevoz.no-move", w, _say_no_move, players[w])
            self._start_follow(state, ctx, grid)

    def _start_follow(self, state: XevozState, ctx: Context, grid: Grid | None = None) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        w = state.round_winner
        lo = 1 - w
        if grid is None:
            grid = self.mat_grid(state)
        sides = state.sides
        there, here = sides[lo].pos, sides[w].pos
        if there in grid.nbrs[here]:
            if ctx.__class__ is TallyContext:  # only counting rule firings (see _K_CALL)
                tally = ctx.tally
                k = _K_FOLLOW[lo]
                tally[k] = tally.get(k, 0) + 1
            else:
                ctx.tell("xevoz.defender-follows", lo, _say_still_next, players[lo], players[w])
            self._next_round(state, ctx)
            return
        state.phase, state.chooser = "follow", lo
        opts = grid.near[there, here]
        if not opts:
            ctx.tell("xevoz.no-move", lo, _say_cannot_follow, players[lo], players[w])
            self._next_round(state, ctx)
        elif len(opts) == 1:
            state.sides[lo].pos = opts[0]
            if ctx.__class__ is TallyContext:  # only counting rule firings (see _K_CALL)
                tally = ctx.tally
                k = _K_FOLLOW[lo]
                tally[k] = tally.get(k, 0) + 1
            else:
                name = grid.names[opts[0]]
                ctx.tell("xevoz.defender-follows", lo, _say_follows_to, players[lo], name, players[w], cell=name)
            self._next_round(state, ctx)

    def _move(self, state: XevozState, a: Move, ctx: Context, seat: int) -> None:
        sides = state.sides
        grid = self.mat_grid(state)
        moving = state.phase == "move"  # else following (xevoz.defender-follows)
        opts = grid.steps(sides[seat].pos, sides[1 - seat].pos, not moving)[0]
        cell = grid.cells.get(a.cell) if isinstance(a.cell, str) else None
        if cell not in opts:
            size = self.comp.mats[state.mat].size
            names = [cell_name(c, size) for c in opts]
            me = state.sides[seat].pos
            rule = "xevoz.movement" if state.phase == "move" else "xevoz.defender-follows"
            reason = f"{a.cell} is not a square you can move to; choose one of {', '.join(names)}"
            try:
                c = parse_cell(a.cell, size)
                if c == state.sides[1 - seat].pos:
                    reason = f"{a.cell} is occupied; you may only move into an unoccupied space"
                elif state.phase == "move" and not adjacent(c, me, size):
                    reason = (f"{a.cell} is not one step up, down, left or right of "
                              f"{cell_name(me, size)} (no diagonal moves)")
                elif state.phase == "follow":
                    reason = (f"{a.cell} would not keep you next to the attacker; choose one of {', '.join(names)}")
            except ValueError:
                pass
            raise IllegalAction(rule, reason)
        assert cell is not None
        self._moved(state, ctx, seat, cell, a.cell, moving, grid)

    def _moved(self, state: XevozState, ctx: Context, seat: int, cell: int, name: str, moving: bool,
               grid: Grid) -> None:
        """The move (``moving``) or follow of ``seat`` to ``cell`` (named ``name``), already found legal."""
        players = ctx.players  # not ctx: a text callable must not hold the context
        state.sides[seat].pos = cell
        if ctx.__class__ is TallyContext:  # only counting rule firings (see _K_CALL)
            tally = ctx.tally
            k = _K_MOVE[seat] if moving else _K_FOLLOW[seat]
            tally[k] = tally.get(k, 0) + 1
        elif moving:
            ctx.tell("xevoz.movement", -1, _say_moves, players[seat], name, cell=name)
        else:
            ctx.tell("xevoz.defender-follows", -1, _say_follows, players[seat], name, cell=name)
        if moving:
            self._start_follow(state, ctx, grid)
        else:
            self._next_round(state, ctx)

    def _next_round(self, state: XevozState, ctx: Context) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        w = state.round_winner
        was = state.attacker
        state.attacker = w
        state.phase = "call"
        state.round += 1
        if ctx.__class__ is TallyContext:  # only counting rule firings (see _K_CALL)
            tally = ctx.tally
            k = _K_NEXT[w]
            tally[k] = tally.get(k, 0) + 1
            return
        how = "won as the attacker and stays" if w == was else "won as the defender and becomes"
        ctx.tell("xevoz.next-attacker", w, _say_next_attacker, players[w], how)

    # == Position set-up (issue 11; any phase since issue 23): a teacher's position, a link's position ==============
    # A description (all keys optional; left out: kept from the current state; "phase" left out: "call"):
    #   {"phase": "call", "round": 3, "attacker": 0, "mat": "meta-beast", "chooser": -1, "roll": {...},
    #    "sides": [{"figure": "razorclaw", "helix": ["razor-claw", "bone-blade~", ...], "chopped": ["horn-l"],
    #               "drain_on": null | "off" | {"figure": "skull-jack", "part": "jaw"}, "drain_home": "back",
    #               "square": "C3", "ready": true}, {...}]}
    # Points of life follow from the parts chopped (figure's life minus the pile). "roll" (the last round's rolls,
    # shown by the board) and "chooser" are kept so a copy is exact. The other phases read their own fields:
    #   "build"  (Rulebook step 1): no mat, the figures off the mat, each side "ready" or not;
    #   "first", "world", "start" (steps 2-3): both ready, no mat before the world is chosen, figures off the mat;
    #   "choose-mat" with "mat_context" "world" (step 3) or "warp" (step 5, the mat warped from), "warp-place",
    #   "warp-follow" (the warper, 1 - "chooser", already placed);
    #   "actions" (step 7): "queue" [{"kind": chop|heal|attach|reattach|rehome, "chooser", "owner"}], "round_winner",
    #   "round_ends"; "move" / "follow" (step 8): "round_winner", "chooser" its winner / loser; "over": "winner".
    def set_up(self, state: XevozState, position: Mapping[str, Any], ctx: Context) -> None:
        players = ctx.players  # not ctx: a text callable must not hold the context
        phase, sides_in = _set_up_shape(position)
        v = ctx.variant
        assert isinstance(v, XevozVariant)
        # the fields of the round in progress (each phase reads only its own; the others must keep their defaults)
        queue, round_winner, winner, round_ends, context = _round_fields(position, phase)
        mat, size = self._set_up_mat(state, position, phase, context)
        chooser = position.get("chooser", state.chooser)
        if type(chooser) is not int or chooser not in (-1, 0, 1):
            raise IllegalAction("xevoz.setup", f"'chooser' is -1, 0 or 1, not {chooser!r:.40}")
        placed = _PLACED.get(phase, (True, True))
        if phase == "warp-follow":  # the warper stands on the new mat; the other figure is placed next
            placed = (chooser != 0, chooser != 1)
        loser = 1 - winner if phase == "over" else -1
        sides = self._set_up_sides(state, sides_in, v, size, placed, phase, loser, queue)
        attacker, rnd = _turn_fields(state, position, phase, context)
        _check_turn(phase, chooser, round_winner, sides, loser)
        roll = position.get("roll", state.roll)
        _check_roll(roll)
        state.sides = sides
        state.mat, state.attacker, state.round, state.chooser, state.roll = mat, attacker, rnd, chooser, dict(roll)
        state.phase, state.queue, state.winner, state.round_winner = phase, queue, winner, round_winner
        state.round_ends, state.mat_context = round_ends, context
        if attacker >= 0 and state.first < 0:
            state.first = attacker
        if phase != "over" and not self.legal_actions(state):
            raise IllegalAction(PHASE_RULE[phase], f"in this position nobody could act: there is no legal move for "
                                f"{PHASE_DOES[phase]}")
        for seat, side in enumerate(sides):
            f, chopped = side.figure, len(side.pile)
            where = cell_name(side.pos, size) if side.pos >= 0 else "off the mat"
            ctx.tell("xevoz.figure-health", seat, _say_position, players[seat], f, where, side.life, chopped,
                     figure=f.id)
        if phase == "call":
            ctx.emit("xevoz.attack-call", lambda: f"Round {rnd} on the {mat_name(mat)}: {players[attacker]} attacks "
                     "and calls black or white.", player=attacker)
        else:
            to_play = self.current_player(state)
            ctx.emit(PHASE_RULE[phase], lambda: "Set up: " + (f"{players[to_play]} to play, "
                                                               if to_play is not None else "")
                     + f"time for {PHASE_DOES[phase]}.", player=to_play)

    def _set_up_mat(self, state: XevozState, position: Mapping[str, Any], phase: str,
                    context: str) -> tuple[str, int]:
        """The mat of a description and its size: the squares are read on it (no mat before the world is
        chosen, Rulebook step 3)."""
        before_mat = phase in ("build", "first", "world") or phase == "choose-mat" and context == "world"
        mat = position.get("mat", None if before_mat else state.mat or None)
        if before_mat:
            if mat not in (None, ""):
                raise IllegalAction("xevoz.choose-world", f"in phase {phase!r} no mat is chosen yet ('mat': null)")
            return "", 0
        if type(mat) is not str or mat not in self.comp.mats:
            raise IllegalAction("xevoz.choose-world", f"there is no mat {mat!r:.40}; mats: "
                                + ", ".join(self.comp.mats) if mat else
                                "a battle position needs a mat (the world chosen in Rulebook step 3)")
        if mat not in state.table:
            raise IllegalAction("xevoz.choose-world", f"the {mat_name(mat)} is not on the table in this variant "
                                "(mats: " + ", ".join(state.table) + ")")
        return mat, self.comp.mats[mat].size

    def _set_up_sides(self, state: XevozState, sides_in: list[Any], v: XevozVariant, size: int,
                      placed: tuple[bool, bool], phase: str, loser: int,
                      queue: list[tuple[str, int, int]]) -> list[Side]:
        """Both sides of a description: figures, helixes, parts, DRAIN ATTACKs and squares, each checked."""
        ready_phase = phase == "build"
        sides = [self._set_up_side(state.sides[seat], sides_in[seat], seat, v, size, placed[seat],
                                   ready_phase, seat == loser) for seat in (0, 1)]
        if all(s.ready for s in sides) and sides[0].figure.n_parts != sides[1].figure.n_parts:
            raise IllegalAction("xevoz.equal-parts", f"{sides[0].figure.name} has {sides[0].figure.n_parts} parts "
                                f"but {sides[1].figure.name} has {sides[1].figure.n_parts}; both figures need the "
                                "same number")
        if ready_phase and all(s.ready for s in sides):
            raise IllegalAction("xevoz.pre-battle-check", "both figures are ready: the battle has begun (phase "
                                "'first', the roll for who attacks first)")
        waiting = {(kind, owner) for kind, _, owner in queue}
        for seat in (0, 1):  # where each DRAIN ATTACK sits, now that both figures are known
            if sides[1 - seat].figure is not state.sides[1 - seat].figure and "drain_on" not in sides_in[seat]:
                sides[seat].drain_on = -1 if sides[seat].drain_on == -1 else -3  # its host figure was replaced
            # at the end of a battle the last chop may have left a DRAIN ATTACK off (its decision never comes)
            self._set_up_drain(sides, seat, sides_in[seat], ("reattach", 1 - seat) in waiting or phase == "over",
                               ("rehome", seat) in waiting or phase == "over")
        a, b = sides[0].pos, sides[1].pos
        if placed[0] and placed[1]:
            if a == b:
                raise IllegalAction("xevoz.movement", f"both figures stand on {cell_name(a, size)}; a figure only ever "
                                    "moves into an unoccupied space")
            if phase != "follow" and b not in self.grid(size).nbrs[a]:
                raise IllegalAction("xevoz.defender-follows", f"{cell_name(a, size)} and {cell_name(b, size)} are "
                                    "not next to each other; in a round the defender stands next to the attacker "
                                    "until the winner moves")
        return sides

    def _set_up_side(self, old: Side, spec: Mapping[str, Any], seat: int, v: XevozVariant, size: int,
                     placed: bool, building: bool, demolished: bool) -> Side:
        """One side of a description: ``placed`` (the figure stands on the mat in this phase), ``building`` (the
        pre-battle check: the side may not be ready yet), ``demolished`` (the loser of a finished battle)."""
        where = f"sides[{seat}]"
        fid = spec.get("figure", old.figure.id)
        if type(fid) is not str or fid not in self.comp.figures:
            raise IllegalAction("xevoz.redesign", f"{where}: there is no ready figure {fid!r:.40}; figures: "
                                + ", ".join(self.comp.figures))
        f = self.figure(fid, v.parts)
        if f is old.figure:
            side = old.copy()
        else:  # another figure: a whole one with its own helix, on the same square, unless the description says
            side = Side(f, f.helix)
            side.pos = old.pos
        ready = spec.get("ready", old.ready if building else True)
        if type(ready) is not bool or not building and not ready:
            raise IllegalAction("xevoz.pre-battle-check", f"{where}: 'ready' is true or false while the figures are "
                                "built (phase 'build'); from then on both figures are ready")
        side.ready = ready
        if "helix" in spec:
            side.helix = self._set_up_helix(spec["helix"], where)
        probs = self.helix_problems(side, v.max_gold) if side.ready else []
        if probs:
            raise IllegalAction(probs[0][0], f"{where}: {probs[0][1]}")
        if "chopped" in spec:
            chopped = spec["chopped"]
            if type(chopped) is not list or not all(type(p) is str for p in chopped):
                raise IllegalAction("xevoz.setup", f"{where}: 'chopped' lists part ids (text)")
            index = self.parts(f).index
            pile: list[int] = []
            for pid in chopped:
                i = index.get(pid)
                if i is None:
                    raise IllegalAction("xevoz.chop-pile", f"{where}: {f.name} has no part {pid!r:.40}")
                if i == f.drain:
                    raise IllegalAction("xevoz.drain-uncuttable", f"{where}: the {f.part_names[i]} is a DRAIN "
                                        "ATTACK part: it cannot be chopped")
                if i in pile:
                    raise IllegalAction("xevoz.chop-pile", f"{where}: the {f.part_names[i]} is chopped twice; a "
                                        "chopped part lies once in the pile")
                pile.append(i)
            side.pile = pile
            side.present = [i not in pile for i in range(f.n_parts)]
            side.life = f.life - len(pile)
        for i in range(f.n_parts):
            p = f.parent[i]
            if i != f.drain and side.present[i] and p >= 0 and not side.present[p]:
                raise IllegalAction("xevoz.stay-connected", f"{where}: the {f.part_names[i]} is on {f.name} but the "
                                    f"{f.part_names[p]} it snaps onto is chopped; the parts that are left stay "
                                    "connected")
        if side.life <= 0 and not demolished:
            raise IllegalAction("xevoz.winning", f"{where}: {f.name} has no points of life left; the battle would "
                                "already be over")
        if not placed:  # before the figures are placed on a mat (or while a warp moves them), off the mat
            if spec.get("square") is not None:
                raise IllegalAction("xevoz.start-spaces", f"{where}: the figure is off the mat in this phase "
                                    "('square': null)")
            side.pos = -1
            return side
        if "square" in spec:
            sq = spec["square"]
            if type(sq) is not str:
                raise IllegalAction("xevoz.setup", f"{where}: 'square' names a square like 'C3'")
            try:
                side.pos = parse_cell(sq, size)
            except ValueError:
                raise IllegalAction("xevoz.movement", f"{where}: {sq!r:.20} is not a square of the {size}x{size} "
                                    "mat") from None
        elif side.pos >= size * size:
            side.pos = -1
        if side.pos < 0:
            raise IllegalAction("xevoz.start-spaces", f"seat {seat + 1}'s figure needs a 'square' on the mat "
                                "(both figures stand on the mat from Rulebook step 3 on)")
        return side

    def _set_up_helix(self, helix: Any, where: str) -> tuple[tuple[str, bool], ...]:
        if type(helix) is not list or not all(type(g) is str for g in helix):
            raise IllegalAction("xevoz.setup", f"{where}: 'helix' lists glyph ids (a '~' at the end: flipped)")
        out = []
        for g in helix:
            gid, flipped = (g[:-1], True) if g.endswith("~") else (g, False)
            if gid not in self.comp.glyphs:
                raise IllegalAction("xevoz.helix-six", f"{where}: there is no glyph {gid!r:.40}")
            out.append((gid, flipped))
        return tuple(out)

    def _set_up_drain(self, sides: list[Side], seat: int, spec: Mapping[str, Any], off: bool = False,
                      rehome: bool = False) -> None:
        """Where ``seat``'s DRAIN ATTACK sits. ``off``: a reattach onto the opponent's figure is queued (the part it
        sat on was chopped: ``"drain_on": "off"``); ``rehome``: its owner is to snap it back onto its own figure
        (``"drain_home": null``)."""
        where = f"sides[{seat}]"
        side, other = sides[seat], sides[1 - seat]
        f, of = side.figure, other.figure
        if "drain_home" in spec:
            home = spec["drain_home"]
            if home is None:
                side.home_on = -1
            else:
                i = self.parts(f).index.get(home) if type(home) is str else None
                if i is None:
                    raise IllegalAction("xevoz.drain-home", f"{where}: {f.name} has no part {home!r:.40} for its "
                                        "DRAIN ATTACK to sit on")
                if i == f.drain:
                    raise IllegalAction("xevoz.drain-home", f"{where}: the DRAIN ATTACK cannot sit on itself")
                side.home_on = i
        if "drain_on" in spec:
            on = spec["drain_on"]
            if on is None:
                side.drain_on = -1
            elif on == "off":
                if not off or f.drain < 0:
                    raise IllegalAction("xevoz.drain-host-chopped", f"{where}: a DRAIN ATTACK is off the figure "
                                        "('drain_on': 'off') only while its reattach is to be chosen (a 'reattach' "
                                        "in the 'queue')")
                side.drain_on = -2
            else:
                if type(on) is not dict or set(on) != {"figure", "part"}:
                    raise IllegalAction("xevoz.setup", f"{where}: 'drain_on' is null (at home) or "
                                        "{'figure': <the opponent's figure>, 'part': <a part id>}")
                if f.drain < 0:
                    raise IllegalAction("xevoz.drain-attach", f"{where}: {f.name} has no DRAIN ATTACK part to attach")
                if on["figure"] != of.id:
                    raise IllegalAction("xevoz.drain-attach", f"{where}: a DRAIN ATTACK snaps onto the opponent's "
                                        f"figure ({of.name}), not " + (f"its own {f.name}" if on["figure"] == f.id
                                                                       else f"{on['figure']!r:.40}"))
                i = self.parts(of).index.get(on["part"]) if type(on["part"]) is str else None
                if i is None:
                    raise IllegalAction("xevoz.drain-attach", f"{where}: {of.name} has no part {on['part']!r:.40}")
                if i == of.drain or not other.present[i]:
                    raise IllegalAction("xevoz.drain-attach", f"{where}: a DRAIN ATTACK snaps onto a part that is on "
                                        f"{of.name}, not the {of.part_names[i]} ("
                                        + ("a DRAIN ATTACK part)" if i == of.drain else "which is chopped)"))
                side.drain_on = i
        if side.drain_on == -2 and not off:
            raise IllegalAction("xevoz.drain-host-chopped", f"{where}: the DRAIN ATTACK is off the figure; say where "
                                "it sits ('drain_on')")
        if side.drain_on < -2 or side.drain_on >= 0 and (side.drain_on >= of.n_parts or not other.present[side.drain_on]
                                   or side.drain_on == of.drain):
            raise IllegalAction("xevoz.drain-attach", f"{where}: the DRAIN ATTACK's part is chopped or gone; say "
                                "where it sits ('drain_on')")
        if f.drain < 0:
            if side.home_on >= 0:
                raise IllegalAction("xevoz.drain-home", f"{where}: {f.name} has no DRAIN ATTACK part")
            return
        if side.home_on < 0 and rehome:
            return  # off its own figure, to be snapped back on (a 'rehome' in the queue)
        if side.home_on < 0 or side.home_on >= f.n_parts:
            raise IllegalAction("xevoz.drain-home", f"{where}: say which part of {f.name} its DRAIN ATTACK sits on "
                                "at home ('drain_home')")
        if side.drain_on == -1 and not side.present[side.home_on]:
            raise IllegalAction("xevoz.drain-home", f"{where}: {f.name}'s DRAIN ATTACK sits at home on the "
                                f"{f.part_names[side.home_on]}, which is chopped; it rides on a part that is on the "
                                "figure")

    def position(self, state: XevozState) -> dict[str, Any]:
        """The position as a description ``set_up`` accepts, in any phase (a teacher's "copy position", a link).
        At the start of a round (phase 'call') it has the fields of a round start only; other phases add the
        fields they read: the queue of decisions, the round's winner, the battle's winner, why a mat is chosen."""
        phase = state.phase
        size = self.comp.mats[state.mat].size if state.mat else 0
        sides = []
        for s, side in enumerate(state.sides):
            f, of = side.figure, state.sides[1 - s].figure
            d: dict[str, Any] = {
                "figure": f.id, "helix": [g + ("~" if fl else "") for g, fl in side.helix],
                "chopped": [f.part_ids[i] for i in side.pile],
                "drain_on": ({"figure": of.id, "part": of.part_ids[side.drain_on]} if side.drain_on >= 0 else
                             "off" if side.drain_on == -2 else None),
                "drain_home": f.part_ids[side.home_on] if side.home_on >= 0 else None,
                "square": cell_name(side.pos, size) if side.pos >= 0 else None,
            }
            if phase == "build":
                d["ready"] = side.ready
            sides.append(d)
        out: dict[str, Any] = {"phase": phase, "round": state.round, "attacker": state.attacker,
                               "mat": state.mat or None, "chooser": state.chooser, "roll": dict(state.roll),
                               "sides": sides}
        if phase == "actions":
            out["queue"] = [{"kind": k, "chooser": c, "owner": o} for k, c, o in state.queue]
            out["round_ends"] = state.round_ends
        if phase in ("actions", "move", "follow"):
            out["round_winner"] = state.round_winner
        if phase == "over":
            out["winner"] = state.winner
        if phase == "choose-mat":
            out["mat_context"] = state.mat_context
        return out

    # -- views -----------------------------------------------------------------------------------------------
    def describe(self, state: XevozState) -> str:
        lines = []
        for s, side in enumerate(state.sides):
            helix = " ".join(("~" if fl else "") + g for g, fl in side.helix)
            pos = cell_name(side.pos, self.comp.mats[state.mat].size) if state.mat and side.pos >= 0 else "-"
            f = side.figure
            home = f"home on {f.part_names[side.home_on]}" if side.home_on >= 0 else "home, off (to snap back on)"
            drain = {-1: home, -2: "off"}.get(side.drain_on, f"on {state.sides[1 - s].figure.part_names[side.drain_on]}"
                                              if side.drain_on >= 0 else "")
            lines.append(f"  seat {s + 1}: {side.figure.name} {side.life}/{side.figure.life} life, at {pos}, "
                         f"drain {drain}; helix [{helix}]")
        head = f"  phase {state.phase}" + (f", round {state.round}" if state.round else "") + (
            f", {state.mat} mat" if state.mat else "") + (
            f", attacker seat {state.attacker + 1}" if state.attacker >= 0 else "")
        return "\n".join([head, *lines])

    def first_player(self, state: XevozState) -> int | None:
        """The seat that attacked first (Rulebook step 2), or None before it."""
        return state.first if state.first >= 0 else None

    def to_json(self, state: XevozState) -> dict[str, Any]:
        comp = self.comp
        mat = comp.mats[state.mat] if state.mat else None
        size = mat.size if mat else 0
        sides = []
        for s, side in enumerate(state.sides):
            f = side.figure
            helix = []
            for slot, (gid, fl) in enumerate(side.helix):
                g = comp.glyphs[gid]
                w, b = g.attacks(fl)
                helix.append({"slot": slot + 1, "glyph": gid, "part": g.part, "species": g.species, "gold": g.gold,
                              "flipped": fl, "white": w.to_json(), "black": b.to_json(), "drain": g.is_drain})
            other = state.sides[1 - s]
            sides.append({
                "figure": f.id, "name": f.name, "n_parts": f.n_parts, "life": side.life, "max_life": f.life,
                # the DRAIN ATTACK part is on its own figure only while at home and snapped on (xevoz.drain-home)
                "parts": [{"id": f.part_ids[i], "name": f.part_names[i],
                           "parent": f.part_ids[f.parent[i]] if f.parent[i] >= 0 else None,
                           "depth": f.depth[i],
                           "present": side.present[i] if i != f.drain else (side.drain_on == -1
                                                                             and side.home_on >= 0),
                           "drain": i == f.drain,
                           "power": f.part_names[i] in comp.glyph_by_part} for i in range(f.n_parts)],
                "pile": [f.part_ids[i] for i in side.pile],
                "drain_part": f.part_ids[f.drain] if f.drain >= 0 else None,
                "drain_on": (other.figure.part_ids[side.drain_on] if side.drain_on >= 0 else
                             ("off" if side.drain_on == -2 else None)),
                "drain_on_name": other.figure.part_names[side.drain_on] if side.drain_on >= 0 else None,
                "drain_home": (f.part_ids[side.home_on] if side.drain_on == -1 and side.home_on >= 0 else None),
                "drain_home_name": (f.part_names[side.home_on] if side.drain_on == -1 and side.home_on >= 0
                                    else None),
                "helix": helix, "ready": side.ready,
                "pos": cell_name(side.pos, size) if mat and side.pos >= 0 else None,
            })
        queue = [{"kind": k, "chooser": c, "owner": o} for k, c, o in state.queue]
        return {
            "phase": state.phase, "round": state.round, "attacker": state.attacker, "winner": state.winner,
            "chooser": state.chooser, "sides": sides, "queue": queue, "roll": dict(state.roll),
            "mat": None if mat is None else {
                "id": mat.id, "species": mat.species, "size": mat.size,
                "start": [cell_name(c, size) for c in mat.start],
                "warps": {cell_name(c, size): sp for c, sp in mat.warps.items()},
                "bonuses": {cell_name(c, size): {"species": sp, "plus": n} for c, (sp, n) in mat.bonuses.items()},
            },
        }


# -- position set-up: the fields of a description and of a roll ------------------------------------------------------
SETUP_KEYS = frozenset({"phase", "round", "attacker", "mat", "chooser", "roll", "sides", "queue", "round_winner",
                        "round_ends", "winner", "mat_context"})
SIDE_KEYS = frozenset({"figure", "helix", "chopped", "drain_on", "drain_home", "square", "ready"})
#: whether each seat's figure stands on the mat in a phase (warp-follow: the warper only, worked out from 'chooser')
_PLACED = {ph: (False, False) for ph in ("build", "first", "world", "choose-mat", "start", "warp-place")}
#: the phases whose acting seat is 'chooser'
_CHOOSER_PHASES = frozenset({"choose-mat", "warp-place", "warp-follow", "move", "follow"})
#: the kinds of decision in a round's queue (Rulebook step 7; xevoz.forgotten-actions)
QUEUE_KINDS = ("chop", "heal", "attach", "reattach", "rehome")
MAX_ROUND = 100_000
_SEATS = (0, 1)
#: the kinds of "roll" (the last round's rolls): each field and what it holds
ROLL_FIELDS: dict[str, dict[str, str]] = {
    "first": {"faces": "faces", "totals": "ints"},
    "world": {"faces": "faces-or-blank"},
    "attack": {"faces": "faces", "colour": "colour", "strength": "ints", "bonus": "ints", "winner": "seat-or-none",
               "warp": "seat-or-none", "bomb": "face-or-blank", "blast": "bool", "attacker": "seat"},
}


def _only(spec: Mapping[str, Any], keys: frozenset[str], what: str) -> None:
    unknown = sorted(set(spec) - keys)
    if unknown:
        raise IllegalAction("xevoz.setup", f"no field {unknown[0]!r:.40} in {what} ({', '.join(sorted(keys))})")


def _set_up_shape(position: Mapping[str, Any]) -> tuple[str, list[Any]]:
    """The phase of a description and its two sides' objects (their fields checked by name only)."""
    _only(position, SETUP_KEYS, "a Xevoz position")
    phase = position.get("phase", "call")
    if type(phase) is not str or phase not in PHASE_DOES:
        raise IllegalAction("xevoz.setup", "'phase' is one of " + ", ".join(PHASE_DOES) + f", not {phase!r:.40}")
    sides_in = position.get("sides", [{}, {}])
    if type(sides_in) is not list or len(sides_in) != 2:
        raise IllegalAction("xevoz.two-players", "'sides' lists the two players' figures (two objects, seat 1 "
                            "first)")
    for seat, spec in enumerate(sides_in):
        if not isinstance(spec, dict):
            raise IllegalAction("xevoz.setup", f"sides[{seat}] is an object of fields, not {spec!r:.40}")
        _only(spec, SIDE_KEYS, f"sides[{seat}]")
    return phase, sides_in


def _round_fields(position: Mapping[str, Any], phase: str) -> tuple[list[tuple[str, int, int]], int, int, bool, str]:
    """The queue of decisions, the round's winner, the battle's winner, whether the round ends after its actions,
    and why a mat is chosen: each read only in its own phase, left at its default in the others."""
    queue = _set_up_queue(position.get("queue", []), phase)
    round_winner = _seat_field(position, "round_winner", phase in ("actions", "move", "follow"))
    winner = _seat_field(position, "winner", phase == "over")
    round_ends = position.get("round_ends", False)
    if type(round_ends) is not bool or round_ends and phase != "actions":
        raise IllegalAction("xevoz.drain-attach", "'round_ends' is true only while the actions of a round whose "
                            "DRAIN ATTACK was snapped on are taken (phase 'actions'), not "
                            f"{round_ends!r:.40} in phase {phase!r}")
    context = position.get("mat_context", "world" if phase == "choose-mat" else "")
    if phase == "choose-mat" and context not in ("world", "warp") or phase != "choose-mat" and context != "":
        raise IllegalAction("xevoz.setup", "'mat_context' says why a mat is chosen ('world': Rulebook step 3, "
                            "'warp': step 5), only in phase 'choose-mat'; not " f"{context!r:.40}")
    return queue, round_winner, winner, round_ends, str(context)


def _turn_fields(state: XevozState, position: Mapping[str, Any], phase: str, context: str) -> tuple[int, int]:
    """Who attacks and the round's number: nobody and round 0 before the world is chosen (Rulebook steps 1-3)."""
    attacker = position.get("attacker", state.attacker if phase not in ("build", "first") else -1)
    if phase in ("build", "first"):
        if attacker != -1:
            raise IllegalAction("xevoz.first-attacker", f"in phase {phase!r} nobody attacks yet ('attacker': -1)")
    elif type(attacker) is not int or attacker not in (0, 1):
        raise IllegalAction("xevoz.next-attacker", f"'attacker' is seat 0 or 1 (one player attacks), not "
                            f"{attacker!r:.40}")
    battle = phase not in ("build", "first", "world", "start") and not (phase == "choose-mat" and context == "world")
    rnd = position.get("round", (state.round or 1) if battle else 0)
    lo_round = 1 if battle else 0
    if type(rnd) is not int or not lo_round <= rnd <= (MAX_ROUND if battle else 0):
        raise IllegalAction("xevoz.setup", f"'round' is a whole number from {lo_round} to "
                            f"{MAX_ROUND if battle else 0} in phase {phase!r}, not {rnd!r:.40}")
    return int(attacker), rnd


def _check_turn(phase: str, chooser: int, round_winner: int, sides: list[Side], loser: int) -> None:
    """The seat that acts in the phase, and a finished battle's loser without points of life."""
    if phase in _CHOOSER_PHASES and chooser == -1:
        raise IllegalAction("xevoz.setup", f"in phase {phase!r} 'chooser' names the seat that acts (0 or 1)")
    if phase in ("move", "follow") and chooser != (round_winner if phase == "move" else 1 - round_winner):
        raise IllegalAction("xevoz.movement" if phase == "move" else "xevoz.defender-follows",
                            f"in phase {phase!r} the " + ("round's winner moves" if phase == "move" else
                                                           "round's loser follows") + " ('chooser')")
    if phase == "over" and sides[loser].life > 0:
        raise IllegalAction("xevoz.winning", f"the battle is over only when a figure has no points of life left; "
                            f"{sides[loser].figure.name} still has {sides[loser].life}")


def _seat_field(position: Mapping[str, Any], key: str, needed: bool) -> int:
    """A seat field of a description: a seat (0 or 1) where the phase reads it, else -1 (or left out)."""
    v = position.get(key, -1)
    if needed and (type(v) is not int or v not in _SEATS):
        raise IllegalAction("xevoz.setup", f"{key!r} names a seat (0 or 1) in this phase, not {v!r:.40}")
    if not needed and v != -1:
        raise IllegalAction("xevoz.setup", f"{key!r} is -1 (or left out) in this phase, not {v!r:.40}")
    return int(v)


def _set_up_queue(value: Any, phase: str) -> list[tuple[str, int, int]]:
    """The decisions still to take in the round (phase 'actions' only): [{"kind", "chooser", "owner"}, ...]."""
    if type(value) is not list or len(value) > 64:
        raise IllegalAction("xevoz.forgotten-actions", "'queue' lists the round's decisions still to take (at most "
                            "64 objects {'kind', 'chooser', 'owner'})")
    out = []
    for n, item in enumerate(value):
        if type(item) is not dict or set(item) != {"kind", "chooser", "owner"}:
            raise IllegalAction("xevoz.forgotten-actions", f"queue[{n}] is an object with exactly 'kind', 'chooser' "
                                "and 'owner'")
        kind, chooser, owner = item["kind"], item["chooser"], item["owner"]
        if kind not in QUEUE_KINDS:
            raise IllegalAction("xevoz.actions", f"queue[{n}]: 'kind' is one of {', '.join(QUEUE_KINDS)}, not "
                                f"{kind!r:.40}")
        if type(chooser) is not int or chooser not in _SEATS or type(owner) is not int or owner not in _SEATS:
            raise IllegalAction("xevoz.forgotten-actions", f"queue[{n}]: 'chooser' and 'owner' are seats (0 or 1)")
        out.append((kind, chooser, owner))
    if (phase == "actions") != bool(out):
        raise IllegalAction("xevoz.forgotten-actions", "the 'queue' of decisions is not empty exactly while the "
                            f"round's actions are taken (phase 'actions'); phase {phase!r} with {len(out)} "
                            "decision(s)")
    return out


def _roll_value_ok(kind: str, v: Any) -> bool:
    if kind == "faces" or kind == "faces-or-blank":
        blank = ("",) if kind == "faces-or-blank" else ()
        return type(v) is list and len(v) == 2 and all(type(x) is str and (x in FACES or x in blank) for x in v)
    if kind == "ints":
        return type(v) is list and len(v) == 2 and all(type(x) is int and 0 <= x <= 999 for x in v)
    if kind == "colour":
        return v in COLOURS
    if kind == "seat" or kind == "seat-or-none":
        return type(v) is int and (v in _SEATS or (v == -1 and kind == "seat-or-none"))
    if kind == "face-or-blank":
        return type(v) is str and (v == "" or v in FACES)
    return type(v) is bool


def _check_roll(roll: Any) -> None:
    """The last round's rolls, as ``to_json`` shows them: empty, or one of the kinds of ROLL_FIELDS exactly."""
    if type(roll) is not dict:
        raise IllegalAction("xevoz.setup", "'roll' is an object (the last round's rolls; {} for none)")
    if not roll:
        return
    kind = roll.get("kind")
    fields = ROLL_FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise IllegalAction("xevoz.helix-roll", "'roll' has a 'kind': " + ", ".join(ROLL_FIELDS))
    if set(roll) != {"kind", *fields}:
        raise IllegalAction("xevoz.setup", f"a {roll['kind']!r} roll has exactly the fields "
                            + ", ".join(["kind", *fields]))
    for name, kind in fields.items():
        if not _roll_value_ok(kind, roll[name]):
            raise IllegalAction("xevoz.helix-roll", f"the roll's {name!r} cannot be {roll[name]!r:.40}: each helix "
                                "shows one of its twelve battle sides (" + ", ".join(FACES[:3]) + ", ...)")


_HANDLERS: dict[tuple[str, type], Any] = {
    ("build", PickFigure): XevozRules._pick,
    ("build", Flip): XevozRules._flip,
    ("build", Swap): XevozRules._swap,
    ("build", Ready): XevozRules._ready,
    ("first", RollHelix): XevozRules._roll,
    ("world", RollHelix): XevozRules._roll,
    ("choose-mat", ChooseMat): XevozRules._choose_mat,
    ("start", Place): XevozRules._place,
    ("warp-place", Place): XevozRules._place,
    ("warp-follow", Place): XevozRules._place,
    ("call", Call): XevozRules._call,
    ("actions", Chop): XevozRules._chop,
    ("actions", Heal): XevozRules._heal,
    ("actions", FreeDrain): XevozRules._free_drain,
    ("actions", KeepDrain): XevozRules._keep_drain,
    ("actions", AttachDrain): XevozRules._attach,
    ("move", Move): XevozRules._move,
    ("follow", Move): XevozRules._move,
}
#: the same, by action class then phase (apply's lookup, without a tuple per step)
_BY_TYPE: dict[type, dict[str, Any]] = {}
for (_ph, _cls), _fn in _HANDLERS.items():
    _BY_TYPE.setdefault(_cls, {})[_ph] = _fn
_NO_HANDLERS: dict[str, Any] = {}
