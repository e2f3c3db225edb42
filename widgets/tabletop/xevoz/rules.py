"""The Xevoz Battle Terrain rules engine (rulebook + Quick Rules Card v2.0): the reference.

The code reads in rulebook order, Rulebook step 1 (the pre-battle check) to step 10 (winning), with the clause
ids of rules.toml beside the code that keeps them. A round is: the attacker's call (step 4: both helixes rolled),
the species icons (step 5: warps, bonus spaces), the resolution (step 6), then the winner's actions as a queue of
decisions (step 7: chop / regenerate / snap on a DRAIN ATTACK), then movement (step 8; none when a DRAIN ATTACK
was snapped on: "the round ends") and the next attacker (step 9). Every refusal names its clause id.

The rest lives beside it: the state (state.py), the sentences (texts.py), position set-up and serialisation
(setup.py), the actions (actions.py), the options (variant.py), public questions (queries.py) and the
simulator's fast path (fast.py, held to these rules by tests/xevoz/test_differential.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tabletop.engine import Action, Context, IllegalAction, Rules
from tabletop.engine.words import poss

from . import setup, texts
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
from .setup import MAX_ROUND, ROLL_FIELDS, SETUP_KEYS, SIDE_KEYS
from .state import (
    COLOURS,
    FACE_SLOT,
    FACES,
    PHASE_DOES,
    PHASE_RULE,
    QUEUE_KINDS,
    Side,
    XevozState,
    face_parts,
)
from .variant import XevozVariant

__all__ = ["COLOURS", "FACES", "FACE_SLOT", "MAX_ROUND", "PHASE_DOES", "PHASE_RULE", "QUEUE_KINDS", "ROLL_FIELDS",
           "SETUP_KEYS", "SIDE_KEYS", "Grid", "Parts", "Side", "XevozRules", "XevozState", "face_parts"]

Decision = tuple[str, int, int]  # (kind, chooser, figure owner); kind: chop/heal/attach/reattach/rehome


class Grid:
    """A square mat's geometry, computed once per size: neighbours (no diagonals, in ascending order), cell names
    and the Move/Place actions of every cell (actions are immutable, so they are built once and shared)."""

    __slots__ = ("size", "nbrs", "names", "cells", "moves", "places", "_steps")

    def __init__(self, size: int) -> None:
        self.size = size
        n = size * size
        self.nbrs = tuple(tuple(sorted(neighbours(c, size))) for c in range(n))
        self.names = tuple(cell_name(c, size) for c in range(n))
        self.cells = {name: c for c, name in enumerate(self.names)}
        self.moves = tuple(Move(name) for name in self.names)
        self.places = tuple(Place(name) for name in self.names)
        self._steps: dict[tuple[int, int, bool], tuple[tuple[int, ...], tuple[Move, ...]]] = {}

    def steps(self, me: int, other: int, follow: bool) -> tuple[tuple[int, ...], tuple[Move, ...]]:
        """The squares a figure on ``me`` may move to (ascending) and their Move actions, worked out once per
        pair of squares: one step up, down, left or right into an unoccupied square (xevoz.movement), or when
        following (xevoz.defender-follows) the squares that are also next to the other figure on ``other``."""
        key = (me, other, follow)
        hit = self._steps.get(key)
        if hit is None:
            if follow:
                cells = tuple(c for c in self.nbrs[me] if c in self.nbrs[other])
            else:
                cells = tuple(c for c in self.nbrs[me] if c != other)
            hit = self._steps[key] = (cells, tuple(self.moves[c] for c in cells))
        return hit


class Parts:
    """A figure's lookups, computed once per figure: part index by id, the parts snapped onto each part (leaving
    out the DRAIN ATTACK part, which never blocks a chop) and the Chop/Heal/AttachDrain action of every part."""

    __slots__ = ("figure", "index", "blockers", "not_drain", "chops", "heals", "attaches")

    def __init__(self, f: Figure) -> None:
        self.figure = f
        self.index = {pid: i for i, pid in enumerate(f.part_ids)}
        self.blockers = tuple(tuple(c for c in kids if c != f.drain) for kids in f.children)
        self.not_drain = tuple(i for i in range(f.n_parts) if i != f.drain)  # the parts but the DRAIN ATTACK
        self.chops = tuple(Chop(pid) for pid in f.part_ids)
        self.heals = tuple(Heal(pid) for pid in f.part_ids)
        self.attaches = tuple(AttachDrain(pid) for pid in f.part_ids)

    def chop_indices(self, present: Sequence[bool]) -> list[int]:
        """The parts that may be chopped when ``present`` says which parts are on the figure, ascending: on it
        (xevoz.chop-pile), not the DRAIN ATTACK (xevoz.drain-uncuttable), and not holding a part still snapped
        onto it (xevoz.stay-connected: what is left stays connected; a DRAIN ATTACK on it never holds it)."""
        parent, parts = self.figure.parent, self.not_drain
        holding = {parent[c] for c in parts if present[c]}
        return [i for i in parts if present[i] and i not in holding]

    def chop_actions(self, present: Sequence[bool]) -> list[Action]:
        """The Chop actions of :meth:`chop_indices`."""
        return [self.chops[i] for i in self.chop_indices(present)]


_CALLS = (Call("black"), Call("white"))  # the call's legal actions
_ROLL = (RollHelix(),)  # the first attack's and the world's roll: the one legal action then


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
    #: a search bot's random playouts are cut off after this many actions and scored by :meth:`evaluate`
    playout_depth = 60

    def __init__(self, comp: Components | None = None) -> None:
        self.comp = comp if comp is not None else components()
        self._trimmed: dict[tuple[str, int], Figure] = {}
        self._grids: dict[int, Grid] = {}
        self._mat_grids: dict[str, Grid] = {}
        self._parts: dict[int, Parts] = {}  # by id() of the figure; the entry keeps the figure alive
        self._readings: dict[tuple[tuple[str, bool], ...], tuple[tuple[Glyph, Attack, Attack, str], ...]] = {}
        self._build: dict[tuple[Any, ...], tuple[Action, ...]] = {}

    # -- the components: mats, figures, helixes ----------------------------------------------------------------
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

    def read_face(self, side: Side, face: str) -> tuple[Glyph, Attack, Attack, str]:
        """The glyph a rolled battle side shows (xevoz.helix-roll), its white and black attacks (xevoz.glyph-sides:
        the two battle sides of a glyph read the same), and how the log reads it; read once per helix."""
        slots = self._readings.get(side.helix)
        if slots is None:
            read = []
            for gid, flipped in side.helix:
                g = self.comp.glyphs[gid]
                white, black = g.attacks(flipped)
                read.append((g, white, black, texts.glyph_reading(g.part, self.comp.species[g.species].name,
                                                                  white, black)))
            slots = self._readings[side.helix] = tuple(read)
        return slots[FACE_SLOT[face]]

    def glyph_at(self, side: Side, face: str) -> tuple[Glyph, Attack, Attack]:
        g, white, black, _ = self.read_face(side, face)
        return g, white, black

    def rig_domain(self, kind: str, variant: Any, state: XevozState | None) -> Sequence[Any] | None:
        """The outcomes of chance ``kind`` possible now. Static for Xevoz: every Battle Helix holds six glyphs
        (xevoz.helix-six) and a roll shows one of their twelve battle sides (xevoz.helix-roll), whatever the
        variant or the position, so ``None`` (the static ``chance_domains``)."""
        return None

    # -- protocol --------------------------------------------------------------------------------------------
    def initial_state(self, ctx: Context) -> XevozState:
        """Two players, two figures, two Battle Helixes (xevoz.two-players); each figure's parts are its points
        of life (xevoz.figure-health)."""
        v = ctx.variant
        assert isinstance(v, XevozVariant)
        sides = []
        for seat, fid in enumerate(v.figures):
            f = self.figure(fid, v.parts)
            sides.append(Side(f, f.helix))
            ctx.tell("xevoz.figure-health", seat, texts.say_builds, ctx.players[seat], f, figure=fid)
        ctx.tell("xevoz.two-players", None, texts.say_two_players, v.end_caps[0], v.end_caps[1])
        st = XevozState(sides)
        st.table = tuple(v.mats) if v.mats else tuple(self.comp.mats)
        st.max_gold = v.max_gold
        return st

    def current_player(self, state: XevozState) -> int | None:
        ph = state.phase
        if ph == "over":
            return None
        if ph == "build":
            return 0 if not state.sides[0].ready else 1
        if ph == "first":
            return 0
        if ph in ("world", "start", "call"):
            return state.attacker
        if ph == "actions":
            return state.queue[0][1]
        return state.chooser

    def winner(self, state: XevozState) -> int | None:
        return state.winner if state.winner >= 0 else None

    def is_over(self, state: XevozState) -> bool:
        return state.phase == "over"

    def copy_state(self, state: XevozState) -> XevozState:
        return state.copy()

    def first_player(self, state: XevozState) -> int | None:
        """The seat that attacked first (Rulebook step 2), or None before it."""
        return state.first if state.first >= 0 else None

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

    def set_up(self, state: XevozState, position: Mapping[str, Any], ctx: Context) -> None:
        setup.set_up(self, state, position, ctx)

    def position(self, state: XevozState) -> dict[str, Any]:
        return setup.position(self, state)

    def to_json(self, state: XevozState) -> dict[str, Any]:
        return setup.to_json(self, state)

    def describe(self, state: XevozState) -> str:
        return setup.describe(self, state)

    # -- legal actions ---------------------------------------------------------------------------------------
    def legal_actions(self, state: XevozState) -> list[Action]:
        ph = state.phase
        if ph == "build":
            seat = self.current_player(state)
            assert seat is not None
            return list(self._build_actions(state, seat))
        if ph in ("first", "world"):
            return list(_ROLL)
        if ph == "choose-mat":
            return [ChooseMat(m) for m in self.mat_choices(state)]
        if ph == "start":
            places = self.mat_grid(state).places
            return [places[c] for c in self.comp.mats[state.mat].start]
        if ph in ("warp-place", "warp-follow"):
            places = self.mat_grid(state).places
            return [places[c] for c in self.place_options(state)]
        if ph == "call":
            return list(_CALLS)
        if ph == "actions":
            return self._decision_actions(state)
        if ph in ("move", "follow"):
            sides, me = state.sides, state.chooser
            return list(self.mat_grid(state).steps(sides[me].pos, sides[1 - me].pos, ph == "follow")[1])
        return []  # over

    def _build_actions(self, state: XevozState, seat: int) -> tuple[Action, ...]:
        """The build-phase actions of ``seat``: Ready when the pre-battle check passes, then every Flip, Swap and
        PickFigure (xevoz.redesign); worked out once per figure, helix, opponent readiness and gold limit."""
        side, other = state.sides[seat], state.sides[1 - seat]
        key = (side.figure.id, side.figure.n_parts, side.helix, other.figure.n_parts if other.ready else -1,
               state.max_gold)
        hit = self._build.get(key)
        if hit is None:
            acts: list[Action] = [] if self.ready_problems(state, seat) else [Ready()]
            acts += [Flip(i + 1) for i in range(len(side.helix))]
            in_helix = {g for g, _ in side.helix}
            spare = [self.comp.glyph_by_part[n] for n in side.figure.part_names
                     if n in self.comp.glyph_by_part and self.comp.glyph_by_part[n] not in in_helix]
            acts += [Swap(i + 1, g) for i in range(len(side.helix)) for g in spare]
            acts += [PickFigure(fid) for fid in self.comp.figures if fid != side.figure.id]
            hit = self._build[key] = tuple(acts)
        return hit

    def _decision_actions(self, state: XevozState) -> list[Action]:
        """The actions of the round's next decision (Rulebook step 7)."""
        kind, _, owner = state.queue[0]
        side = state.sides[owner]
        p = self.parts(side.figure)
        if kind == "chop":
            return p.chop_actions(side.present)
        if kind == "heal":
            out: list[Action] = [p.heals[i] for i in self.healable(side)]
            if state.sides[1 - owner].drain_on >= 0:
                out.append(FreeDrain())  # xevoz.star-remove-drain: "instead of replacing a lost part ... may"
                if len(out) == 1:
                    out.append(KeepDrain())  # nothing lost that could attach: removing it is a choice
            return out
        return [p.attaches[i] for i in self.drain_hosts(side)]

    def choppable(self, side: Side) -> list[int]:
        """Parts that can be chopped now: on the figure, not the DRAIN ATTACK, nothing else snapped onto them."""
        return self.parts(side.figure).chop_indices(side.present)

    def healable(self, side: Side) -> list[int]:
        """Lost parts that can attach again: the part they snap onto is on the figure (xevoz.star)."""
        parent, pres = side.figure.parent, side.present
        out = [i for i in side.pile if parent[i] < 0 or pres[parent[i]]]
        out.sort()
        return out

    def drain_hosts(self, side: Side) -> list[int]:
        """The parts a DRAIN ATTACK may snap onto: on the figure, not its own DRAIN ATTACK part."""
        f, pres = side.figure, side.present
        return [i for i in range(f.n_parts) if pres[i] and i != f.drain]

    def move_options(self, state: XevozState, seat: int) -> list[int]:
        """The squares ``seat`` may move to now (xevoz.movement; xevoz.defender-follows when following)."""
        return list(self._steps(state, seat)[0])

    def _steps(self, state: XevozState, seat: int) -> tuple[tuple[int, ...], tuple[Move, ...]]:
        sides = state.sides
        return self.mat_grid(state).steps(sides[seat].pos, sides[1 - seat].pos, state.phase == "follow")

    def place_options(self, state: XevozState) -> list[int]:
        """The squares the figure to be placed after a warp may take: any square for the warper, a square next to
        it for the other (xevoz.warp-place)."""
        m = self.comp.mats[state.mat]
        if state.phase == "warp-place":
            return list(range(m.size * m.size))
        other = state.sides[1 - state.chooser].pos
        return list(self.grid(m.size).nbrs[other])

    def mat_choices(self, state: XevozState) -> list[str]:
        """The mats that may be chosen: any on the table (xevoz.choose-world), another one after a warp
        (xevoz.warp-destination)."""
        if state.mat_context == "warp":
            return [m for m in state.table if m != state.mat]
        return list(state.table)

    # -- apply -----------------------------------------------------------------------------------------------
    def apply(self, state: XevozState, action: Action, ctx: Context) -> None:
        ph = state.phase
        seat = ctx.player
        assert seat is not None
        handler = _HANDLERS.get(action.__class__, {}).get(ph)
        if handler is None:
            raise IllegalAction(PHASE_RULE[ph], f"'{action}' cannot be played now: it is time for "
                                f"{PHASE_DOES[ph]}" + self._waiting_for(state, ctx))
        handler(self, state, action, ctx, seat)

    def _waiting_for(self, state: XevozState, ctx: Context) -> str:
        if state.phase != "actions":
            return ""
        kind, chooser, owner = state.queue[0]
        return texts.waiting_for(kind, ctx.players[chooser], ctx.players[owner])

    # == Rulebook step 1 — pre-battle check (and Build / Xevolve: redesigning) ==================================
    def helix_problems(self, side: Side, max_gold: int = 3) -> list[tuple[str, str]]:
        """Every reason the side's helix fails the pre-battle check, as (clause, reason)."""
        out: list[tuple[str, str]] = []
        h = side.helix
        if len(h) != 6:  # xevoz.helix-six
            out.append(("xevoz.helix-six", f"a Battle Helix holds exactly 6 glyphs, this one has {len(h)}"))
        ids = [g for g, _ in h]
        if len(set(ids)) != len(ids):
            out.append(("xevoz.helix-six", "the same glyph appears twice in the helix"))
        glyphs = [self.comp.glyphs[g] for g in ids]
        gold = [g.part for g in glyphs if g.gold]
        if len(gold) > max_gold:  # xevoz.helix-gold
            out.append(("xevoz.helix-gold", f"the helix has {len(gold)} gold glyphs ({', '.join(gold)}); "
                                            f"at most {max_gold} may be gold"))
        drains = [g.part for g in glyphs if g.is_drain]
        if len(drains) > 1:  # xevoz.helix-drain
            out.append(("xevoz.helix-drain", f"the helix has {len(drains)} DRAIN ATTACK glyphs "
                                             f"({', '.join(drains)}); only one is allowed"))
        names = side.figure.part_names
        missing = [g.part for g in glyphs if g.part not in names]
        if missing:  # xevoz.power-parts
            out.append(("xevoz.power-parts", f"{side.figure.name} lacks the Power Part(s) "
                                             f"{', '.join(missing)} that the helix's glyphs need"))
        return out

    def ready_problems(self, state: XevozState, seat: int) -> list[tuple[str, str]]:
        """Every reason ``seat`` may not declare ready: its helix (:meth:`helix_problems`), then
        xevoz.equal-parts against a figure already presented."""
        side = state.sides[seat]
        probs = self.helix_problems(side, state.max_gold)
        other = state.sides[1 - seat]
        if other.ready and other.figure.n_parts != side.figure.n_parts:
            probs.append(("xevoz.equal-parts", f"{side.figure.name} has {side.figure.n_parts} parts but "
                          f"{other.figure.name} has {other.figure.n_parts}; both figures need the same number"))
        return probs

    def _pick(self, state: XevozState, a: PickFigure, ctx: Context, seat: int) -> None:
        """xevoz.redesign: another ready figure, with its own helix."""
        if a.figure not in self.comp.figures:
            raise IllegalAction("xevoz.redesign", f"there is no ready figure {a.figure!r}; figures: "
                                + ", ".join(self.comp.figures))
        if a.figure == state.sides[seat].figure.id:
            raise IllegalAction("xevoz.redesign", f"you already battle with {state.sides[seat].figure.name}")
        v = ctx.variant
        assert isinstance(v, XevozVariant)
        f = self.figure(a.figure, v.parts)
        state.sides[seat] = Side(f, f.helix)
        ctx.tell("xevoz.redesign", -1, texts.say_picks, ctx.players[seat], f.name, f.n_parts, figure=f.id)

    def _flip(self, state: XevozState, a: Flip, ctx: Context, seat: int) -> None:
        """xevoz.redesign: a glyph pressed in the other way round (its black and white attacks flip-flop)."""
        side = state.sides[seat]
        if not isinstance(a.slot, int) or not 1 <= a.slot <= len(side.helix):
            raise IllegalAction("xevoz.redesign", f"there is no slot {a.slot!r}; slots are 1 to {len(side.helix)}")
        h = list(side.helix)
        gid, fl = h[a.slot - 1]
        h[a.slot - 1] = (gid, not fl)
        side.helix = tuple(h)
        w, b = self.comp.glyphs[gid].attacks(not fl)
        ctx.tell("xevoz.redesign", -1, texts.say_flips, ctx.players[seat], self.comp.glyphs[gid].part, w, b,
                 slot=a.slot)

    def _swap(self, state: XevozState, a: Swap, ctx: Context, seat: int) -> None:
        """xevoz.redesign: another of the figure's Power Parts' glyphs into a slot (xevoz.power-parts,
        xevoz.helix-six)."""
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
        ctx.tell("xevoz.redesign", -1, texts.say_swaps, ctx.players[seat], self.comp.glyphs[old].part, g.part,
                 a.slot)

    def _ready(self, state: XevozState, a: Ready, ctx: Context, seat: int) -> None:
        """xevoz.pre-battle-check: present the figure and the helix; with both presented (xevoz.equal-parts) the
        battle begins."""
        probs = self.ready_problems(state, seat)
        if probs:
            rule, reason = probs[0]
            raise IllegalAction(rule, "pre-battle check fails: " + reason)
        side = state.sides[seat]
        side.ready = True
        gold = sum(self.comp.glyphs[g].gold for g, _ in side.helix)
        fig = side.figure
        ctx.tell("xevoz.pre-battle-check", -1, texts.say_presents, ctx.players[seat], fig.name, fig.n_parts, gold)
        if all(s.ready for s in state.sides):
            state.phase = "first"
            ctx.tell("xevoz.equal-parts", None, texts.say_battle_begins, fig.n_parts)

    # == Rulebook step 2 — who attacks first (xevoz.first-attacker) ==============================================
    def _roll(self, state: XevozState, a: RollHelix, ctx: Context, seat: int) -> None:
        if state.phase == "first":
            self._roll_first(state, ctx)
        else:
            self._roll_world(state, ctx, seat)

    def _roll_first(self, state: XevozState, ctx: Context) -> None:
        """Both roll and add black and white; the higher total attacks first; a tie re-rolls."""
        players = ctx.players
        faces = [ctx.draw("helix1"), ctx.draw("helix2")]
        read = [self.glyph_at(state.sides[s], faces[s]) for s in (0, 1)]
        totals = [w.strength + b.strength for _, w, b in read]
        state.roll = {"kind": "first", "faces": faces, "totals": totals}
        if totals[0] == totals[1] and not self._totals_can_differ(state):
            # reconstruction: both helixes can only ever add up to this one total, so re-rolling could never
            # end; the black strengths (then the white) of the glyphs rolled decide instead
            blacks = [b.strength for _, _, b in read]
            whites = [w.strength for _, w, _ in read]
            if blacks[0] != blacks[1] or whites[0] != whites[1]:
                which = "black" if blacks[0] != blacks[1] else "white"
                ctx.tell("xevoz.first-attacker", None, texts.say_only_total, totals[0], which)
                totals = blacks if which == "black" else whites
        if totals[0] == totals[1]:
            ctx.tell("xevoz.first-attacker", None, texts.say_first_tie, totals[0], faces=faces, totals=totals)
            return
        first = state.attacker = state.first = 0 if totals[0] > totals[1] else 1
        ctx.tell("xevoz.first-attacker", first, texts.say_first, players[0], totals[0], players[1], totals[1],
                 players[first], faces=faces, totals=totals)
        state.phase = "world"

    def _totals_can_differ(self, state: XevozState) -> bool:
        sums = {self.comp.glyphs[g].white.strength + self.comp.glyphs[g].black.strength
                for side in state.sides for g, _ in side.helix}
        return len(sums) > 1

    # == Rulebook step 3 — choose the world (xevoz.choose-world, xevoz.start-spaces) =============================
    def _mat_for(self, species: str, state: XevozState) -> str | None:
        for m in state.table:
            if self.comp.mats[m].species == species:
                return m
        return None

    def _roll_world(self, state: XevozState, ctx: Context, seat: int) -> None:
        """The attacker alone re-rolls: the mat of the species rolled, or (none on the table) the attacker's
        choice."""
        face = ctx.draw(f"helix{seat + 1}")
        g, _, _ = self.glyph_at(state.sides[seat], face)
        state.roll = {"kind": "world", "faces": [face if s == seat else "" for s in (0, 1)]}
        sp = self.comp.species[g.species].name
        mat = self._mat_for(g.species, state)
        if mat is None:
            state.phase, state.chooser, state.mat_context = "choose-mat", seat, "world"
            ctx.tell("xevoz.choose-world", -1, texts.say_no_world_mat, ctx.players[seat], g.part, sp, face=face,
                     species=g.species)
            return
        state.mat = mat
        state.phase = "start"
        ctx.tell("xevoz.choose-world", -1, texts.say_world, ctx.players[seat], g.part, sp, face=face,
                 species=g.species, mat=mat)

    def _choose_mat(self, state: XevozState, a: ChooseMat, ctx: Context, seat: int) -> None:
        """The mat chosen by the attacker (xevoz.choose-world) or the warper (xevoz.warp-destination)."""
        choices = self.mat_choices(state)
        warp = state.mat_context == "warp"
        if a.mat not in choices:
            raise IllegalAction("xevoz.warp-destination" if warp else "xevoz.choose-world",
                                f"{a.mat!r} cannot be chosen; mats to choose from: "
                                + ", ".join(f"the {mat_name(c)}" for c in choices))
        state.mat = a.mat
        if warp:
            state.phase = "warp-place"
            ctx.tell("xevoz.warp-destination", -1, texts.say_warps_to, ctx.players[seat], a.mat, mat=a.mat)
        else:
            state.phase = "start"
            ctx.tell("xevoz.choose-world", -1, texts.say_chooses, ctx.players[seat], a.mat, mat=a.mat)

    def _place(self, state: XevozState, a: Place, ctx: Context, seat: int) -> None:
        m = self.comp.mats[state.mat]
        try:
            cell = parse_cell(a.cell, m.size)
        except ValueError as exc:
            raise IllegalAction(PHASE_RULE[state.phase], str(exc)) from None
        if state.phase == "start":
            self._place_start(state, a, ctx, seat, cell)
        else:
            self._place_warped(state, a, ctx, seat, cell)

    def _place_start(self, state: XevozState, a: Place, ctx: Context, seat: int, cell: int) -> None:
        """xevoz.start-spaces: the attacker takes either START space, the defender the other."""
        m = self.comp.mats[state.mat]
        if cell not in m.start:
            raise IllegalAction("xevoz.start-spaces", f"{a.cell} is not a START space; the START spaces are "
                                + " and ".join(cell_name(c, m.size) for c in m.start))
        other = m.start[1] if cell == m.start[0] else m.start[0]
        state.sides[seat].pos, state.sides[1 - seat].pos = cell, other
        ctx.tell("xevoz.start-spaces", -1, texts.say_start, ctx.players[seat], a.cell, ctx.players[1 - seat],
                 cell_name(other, m.size))
        state.phase = "call"
        state.round = 1

    # == Rulebook step 4 — attacking (xevoz.attack-call, xevoz.helix-roll) =======================================
    def _call(self, state: XevozState, a: Call, ctx: Context, seat: int) -> None:
        """The attacker calls black or white, then both roll their Battle Helix; steps 5 to 7 follow."""
        if a.colour not in COLOURS:
            raise IllegalAction("xevoz.attack-call", f"call 'black' or 'white', not {a.colour!r}")
        players = ctx.players
        att = state.attacker
        ctx.tell("xevoz.attack-call", -1, texts.say_call, players[att], a.colour, colour=a.colour)
        faces = [ctx.draw("helix1"), ctx.draw("helix2")]
        read = (self.read_face(state.sides[0], faces[0]), self.read_face(state.sides[1], faces[1]))
        for s in (0, 1):
            ctx.tell("xevoz.helix-roll", s, texts.say_roll, players[s], read[s][3], face=faces[s], glyph=read[s][0].id)
        state.roll = {"kind": "attack", "faces": faces, "colour": a.colour, "strength": [0, 0], "bonus": [0, 0],
                      "winner": -1, "warp": -1, "bomb": "", "blast": False, "attacker": att}
        state.round_ends = False
        if self._warp_check(state, (read[0][0], read[1][0]), ctx):
            return
        called = [r[2] if a.colour == "black" else r[1] for r in read]
        self._bonus_spaces(state, called, (read[0][0], read[1][0]), ctx)
        w = self._resolve(state, a.colour, ctx)
        if w >= 0:
            self._actions(state, w, called[w], ctx)

    # == Rulebook step 5 — check species icon: warps (xevoz.warp, xevoz.warp-both) and bonus spaces ==============
    def _warp_check(self, state: XevozState, glyphs: tuple[Glyph, Glyph], ctx: Context) -> bool:
        """A figure on a warp space of the species it rolled warps (the attacker first if both do:
        xevoz.warp-both), before any action. Whether a warp happened."""
        att, dfn = state.attacker, 1 - state.attacker
        att_warps = self._warp_of(state, att, glyphs[att].species)
        dfn_warps = self._warp_of(state, dfn, glyphs[dfn].species)
        if not (att_warps or dfn_warps):
            return False
        if att_warps and dfn_warps:
            ctx.tell("xevoz.warp-both", att, texts.say_warp_both, ctx.players[att])
        warper = att if att_warps else dfn
        state.roll["warp"] = warper
        self._start_warp(state, warper, glyphs[warper].species, ctx, "xevoz.warp")
        return True

    def _warp_of(self, state: XevozState, seat: int, species: str) -> bool:
        return self.comp.mats[state.mat].warps.get(state.sides[seat].pos) == species

    def _start_warp(self, state: XevozState, warper: int, species: str, ctx: Context, rule: str) -> None:
        """Both figures leave the mat; the warper goes to the other mat (xevoz.warp-destination)."""
        players = ctx.players
        sp = self.comp.species[species].name
        ctx.tell(rule, warper, texts.say_warp, sp, players[warper], species=species)
        for s in state.sides:
            s.pos = -1
        state.queue = []
        state.chooser = warper
        dest = self._mat_for(species, state)
        if dest is None or dest == state.mat:
            state.phase, state.mat_context = "choose-mat", "warp"
            ctx.tell("xevoz.warp-destination", warper, texts.say_no_warp_mat, sp, players[warper])
            return
        state.mat = dest
        state.phase = "warp-place"
        ctx.tell("xevoz.warp-destination", warper, texts.say_warp_leads, sp, mat=dest)

    def _place_warped(self, state: XevozState, a: Place, ctx: Context, seat: int, cell: int) -> None:
        """xevoz.warp-place: the warper on any square, the other figure next to it; the warper attacks
        (xevoz.next-attacker)."""
        players = ctx.players
        opts = self.place_options(state)
        if cell not in opts:
            size = self.comp.mats[state.mat].size
            raise IllegalAction("xevoz.warp-place", f"{a.cell} is not next to the warping figure; choose one of "
                                + ", ".join(cell_name(c, size) for c in opts))
        state.sides[seat].pos = cell
        if state.phase == "warp-place":
            ctx.tell("xevoz.warp-place", -1, texts.say_warps_in, players[seat], a.cell)
            state.phase, state.chooser = "warp-follow", 1 - seat
            return
        ctx.tell("xevoz.warp-place", -1, texts.say_pulled_along, players[seat], a.cell)
        state.attacker = att = 1 - seat
        state.phase = "call"
        state.round += 1
        ctx.tell("xevoz.next-attacker", att, texts.say_warped_attacker, players[att])

    def _bonus_spaces(self, state: XevozState, called: list[Attack], glyphs: tuple[Glyph, Glyph],
                      ctx: Context) -> None:
        """xevoz.bonus-space: a figure on a bonus space of the species it rolled adds the bonus to its
        strength."""
        bonuses = self.comp.mats[state.mat].bonuses
        strength, bonus = state.roll["strength"], state.roll["bonus"]
        for s in (0, 1):
            b = bonuses.get(state.sides[s].pos)
            add = b[1] if b is not None and b[0] == glyphs[s].species else 0
            strength[s] = called[s].strength + add
            bonus[s] = add
            if add:
                ctx.tell("xevoz.bonus-space", s, texts.say_bonus, ctx.players[s],
                         self.comp.species[glyphs[s].species].name, called[s].strength, add, bonus=add)

    # == Rulebook step 6 — resolve the attack (xevoz.resolve, xevoz.tie) =========================================
    def _resolve(self, state: XevozState, colour: str, ctx: Context) -> int:
        """The higher strength in the colour called wins the round; a tie hands the attack to the defender (or,
        variant tie='re-roll', the attacker calls again). The winner, or -1 after a tie."""
        players = ctx.players
        att, dfn = state.attacker, 1 - state.attacker
        roll = state.roll
        strength = roll["strength"]
        sa, sd = strength[att], strength[dfn]
        if sa == sd:
            v = ctx.variant
            assert isinstance(v, XevozVariant)
            if v.tie == "re-roll":
                ctx.tell("xevoz.tie", att, texts.say_tie_keeps, colour, sa, sd, players[att])
                return -1
            state.attacker = dfn
            state.round += 1
            ctx.tell("xevoz.tie", dfn, texts.say_tie_passes, colour, sa, sd, players[dfn])
            return -1
        w = att if sa > sd else dfn
        roll["winner"] = w
        state.round_winner = w
        bonus = roll["bonus"]
        ctx.tell("xevoz.resolve", w, texts.say_resolve, colour, players, w, strength[0], strength[1], bonus[0],
                 bonus[1], strength=[sa, sd])
        return w

    # == Rulebook step 7 — actions: DRAIN ATTACK, sword, star, bomb; the decisions run as a queue ================
    def _actions(self, state: XevozState, w: int, attack: Attack, ctx: Context) -> None:
        """The winner carries out the attack's actions (xevoz.actions), after the bonus chop of a DRAIN ATTACK
        riding on the loser (xevoz.drain-bonus-chop); a bomb re-rolls first (xevoz.bomb)."""
        players, lo = ctx.players, 1 - w
        plan: list[Decision] = []
        if state.sides[w].drain_on >= 0:
            if ctx.variant.bonus_chop:  # type: ignore[attr-defined]
                plan.append(("chop", w, lo))
                ctx.tell("xevoz.drain-bonus-chop", w, texts.say_bonus_chop, players[w], players[lo])
            else:
                ctx.tell("xevoz.drain-bonus-chop", w, texts.say_no_bonus_chop, players[w], players[lo])
        ctx.tell("xevoz.actions", w, texts.say_actions, players[w], attack)
        if attack.bomb:
            if self._bomb(state, w, plan, ctx):
                return
        else:
            self._plan_attack(state, w, attack, plan, ctx)
        state.queue = plan
        state.phase = "actions"
        self._advance(state, ctx)

    def _plan_attack(self, state: XevozState, w: int, attack: Attack, plan: list[Decision], ctx: Context) -> None:
        """One attack's symbols: the DRAIN ATTACK (xevoz.drain-attach), a chop per sword (xevoz.sword), a
        regeneration per star (xevoz.star)."""
        if attack.drain:
            self._plan_drain(state, w, plan, ctx)
        plan += [("chop", w, 1 - w)] * attack.swords
        plan += [("heal", w, w)] * attack.stars

    def _plan_drain(self, state: XevozState, w: int, plan: list[Decision], ctx: Context) -> None:
        """xevoz.drain-attach: snap the DRAIN ATTACK on; already attached (xevoz.drain-symbol-attached), the
        symbol gives only the bonus chop (card v2.0) or, variant extra-chop, one chop more."""
        if state.sides[w].drain_on < 0:
            if not any(k == "attach" for k, _, _ in plan):
                plan.append(("attach", w, 1 - w))
            return
        v = ctx.variant
        assert isinstance(v, XevozVariant)
        extra = v.drain_symbol_when_attached == "extra-chop"
        if extra:
            plan.append(("chop", w, 1 - w))
        ctx.emit("xevoz.drain-symbol-attached", texts.DRAIN_SYMBOL_TEXT[extra, bool(v.bonus_chop)], player=w)

    def _bomb(self, state: XevozState, w: int, plan: list[Decision], ctx: Context) -> bool:
        """xevoz.bomb: the winner alone re-rolls and carries out both the black and the white actions; a warp
        on the re-roll (xevoz.warp-bomb) ends the round; a bomb on it catches both players in the blast
        (xevoz.caught-in-blast). Whether it warped."""
        face = ctx.draw(f"helix{w + 1}")
        g, white, black = self.glyph_at(state.sides[w], face)
        state.roll["bomb"] = face
        ctx.tell("xevoz.bomb", w, texts.say_bomb, ctx.players[w], g.part, black, white, face=face, glyph=g.id)
        if self._warp_of(state, w, g.species):
            self._start_warp(state, w, g.species, ctx, "xevoz.warp-bomb")
            return True
        if not (black.bomb or white.bomb):
            for attack in (black, white):
                self._plan_attack(state, w, attack, plan, ctx)
            return False
        lo = 1 - w
        state.roll["blast"] = True
        ctx.emit("xevoz.caught-in-blast", texts.CAUGHT_IN_BLAST, player=w)
        if black.drain or white.drain:
            self._plan_drain(state, w, plan, ctx)
        for _ in range(black.swords + white.swords):  # the other player chops first, then the winner
            plan += [("chop", w, lo), ("chop", lo, w)]
        for _ in range(black.stars + white.stars):  # the winner regenerates first, then the other player
            plan += [("heal", w, w), ("heal", lo, lo)]
        return False

    def _advance(self, state: XevozState, ctx: Context) -> None:
        """The next decision of the queue (xevoz.forgotten-actions), skipping a star with nothing to do
        (xevoz.star-nothing-lost); after the last one, Rulebook step 8 (none when a DRAIN ATTACK was snapped on
        this round: xevoz.drain-attach)."""
        while state.queue:
            kind, _, owner = state.queue[0]
            side = state.sides[owner]
            if kind == "heal" and not self.healable(side) and state.sides[1 - owner].drain_on < 0:  # no choice
                ctx.tell("xevoz.star-nothing-lost", owner, texts.say_nothing_lost, ctx.players[owner])
                state.queue.pop(0)
                continue
            return
        if state.round_ends:
            w = state.round_winner
            ctx.tell("xevoz.drain-attach", w, texts.say_round_ends, ctx.players[w])
            self._next_round(state, ctx)
            return
        self._start_move(state, ctx)

    def _finish_decision(self, state: XevozState, ctx: Context) -> None:
        state.queue.pop(0)
        if state.phase != "over":
            self._advance(state, ctx)

    def _decision(self, state: XevozState, a: Action, ctx: Context, kinds: tuple[str, ...]) -> Decision:
        """The pending decision, when it is of one of ``kinds`` (xevoz.forgotten-actions)."""
        kind, chooser, owner = state.queue[0]
        if kind not in kinds:
            raise IllegalAction("xevoz.forgotten-actions", f"'{a}' cannot be played now"
                                + self._waiting_for(state, ctx))
        return kind, chooser, owner

    def _right_figure(self, state: XevozState, figure: object, owner: int, rule: str, what: str) -> None:
        """A Chop/Heal/AttachDrain that names a figure (a click on a part) must name the decision's figure
        (``what`` says what the decision is)."""
        if figure == "":
            return
        if not isinstance(figure, str):
            raise IllegalAction(rule, f"the figure must be named by its id (text), not {figure!r}")
        if figure != state.sides[owner].figure.id:
            raise IllegalAction(rule, f"that part is not on the right figure: {what}")

    def _part(self, f: Figure, part: object, rule: str) -> int:
        """The index of part id ``part`` of ``f``."""
        found = self.parts(f).index.get(part) if isinstance(part, str) else None
        if found is None:
            raise IllegalAction(rule, f"{f.name} has no part {part!r}")
        return found

    # -- sword (xevoz.sword, xevoz.drain-uncuttable, xevoz.chop-pile, xevoz.stay-connected) ----------------------
    def _chop(self, state: XevozState, a: Chop, ctx: Context, seat: int) -> None:
        _, chooser, owner = self._decision(state, a, ctx, ("chop",))
        side = state.sides[owner]
        f = side.figure
        if a.figure != "":
            self._right_figure(state, a.figure, owner, "xevoz.sword", texts.say_which_chop(
                ctx.players[chooser], ctx.players[owner], f.name))
        i = self._part(f, a.part, "xevoz.sword")
        if i == f.drain:
            raise IllegalAction("xevoz.drain-uncuttable", f"the {f.part_names[i]} is a DRAIN ATTACK part: it cannot "
                                "be chopped")
        if not side.present[i]:
            raise IllegalAction("xevoz.chop-pile", f"the {f.part_names[i]} was already chopped; it is in the pile")
        on = [f"the {f.part_names[c]}" for c in self.parts(f).blockers[i] if side.present[c]]
        if on:
            raise IllegalAction("xevoz.stay-connected", f"the {f.part_names[i]} still has {' and '.join(on)} "
                                "snapped onto it; chop those first so that what is left stays connected")
        self._chopped(state, ctx, chooser, owner, i)

    def _chopped(self, state: XevozState, ctx: Context, chooser: int, owner: int, i: int) -> None:
        """The chop of part ``i`` of ``owner``'s figure, already found legal (one of the listed Chop actions): to
        the pile (xevoz.chop-pile); a DRAIN ATTACK on it comes off (xevoz.drain-host-chopped, xevoz.drain-home);
        a figure with no life left is demolished (Rulebook step 10)."""
        players = ctx.players
        side = state.sides[owner]
        f = side.figure
        side.present[i] = False
        side.life -= 1
        side.pile.append(i)
        ctx.tell("xevoz.sword", chooser, texts.say_sword, players[chooser], players[owner], f.part_names[i],
                 side.life, part=f.part_ids[i], owner=owner)
        other = state.sides[1 - owner]
        then: list[Decision] = []
        if other.drain_on == i:
            other.drain_on = -2  # off the figure, waiting to be reattached
            then.append(("reattach", owner, owner))
            ctx.tell("xevoz.drain-host-chopped", owner, texts.say_host_chopped, players[1 - owner], f.part_names[i],
                     players[owner])
        if side.drain_on == -1 and side.home_on == i and f.drain >= 0:
            # the rulebook's sentence speaks of any DRAIN ATTACK on the part being chopped: it comes off (it can
            # never be chopped) and the player whose figure it is reattaches it, so the figure stays connected
            side.home_on = -1
            then.append(("rehome", owner, owner))
            ctx.tell("xevoz.drain-home", owner, texts.say_drain_home_off, players[owner], f.part_names[f.drain],
                     f.part_names[i])
        if side.life <= 0:
            self._demolished(state, owner, ctx)
            return
        state.queue[:1] = then
        self._advance(state, ctx)

    # -- star (xevoz.star, xevoz.star-remove-drain, xevoz.star-nothing-lost) ---------------------------------
    def _heal(self, state: XevozState, a: Heal, ctx: Context, seat: int) -> None:
        _, _, owner = self._decision(state, a, ctx, ("heal",))
        side = state.sides[owner]
        f = side.figure
        if a.figure != "":
            self._right_figure(state, a.figure, owner, "xevoz.star", texts.say_which_heal(ctx.players[owner], f.name))
        i = self._part(f, a.part, "xevoz.star")
        if side.present[i]:
            raise IllegalAction("xevoz.star", f"the {f.part_names[i]} is not lost: it is still on the figure")
        if f.parent[i] >= 0 and not side.present[f.parent[i]]:
            raise IllegalAction("xevoz.star", f"the {f.part_names[i]} cannot attach: the "
                                f"{f.part_names[f.parent[i]]}, which it "
                                "snaps onto, is not on the figure; regenerate that first")
        self._healed(state, ctx, owner, i)

    def _healed(self, state: XevozState, ctx: Context, owner: int, i: int) -> None:
        """The regeneration of part ``i`` of ``owner``'s figure, already found legal (a listed Heal)."""
        side = state.sides[owner]
        f = side.figure
        side.present[i] = True
        side.life += 1
        side.pile.remove(i)
        ctx.tell("xevoz.star", owner, texts.say_star, ctx.players[owner], f.part_names[i], side.life,
                 part=f.part_ids[i])
        self._finish_decision(state, ctx)

    def _free_drain(self, state: XevozState, a: FreeDrain, ctx: Context, seat: int) -> None:
        """Instead of a lost part, the star removes the opponent's DRAIN ATTACK and returns it to its owner."""
        players = ctx.players
        _, _, owner = self._decision(state, a, ctx, ("heal",))
        other = state.sides[1 - owner]
        if other.drain_on < 0:
            raise IllegalAction("xevoz.star-remove-drain", f"there is no DRAIN ATTACK of "
                                f"{players[1 - owner]} on {poss(players[owner])} figure")
        other.drain_on = -1
        home = other.home_on
        back = home >= 0 and other.present[home]
        if not back:  # the part it sat on at home is chopped: its owner snaps it back on (xevoz.drain-home)
            other.home_on = -1
            state.queue.insert(1, ("rehome", 1 - owner, 1 - owner))
        ctx.tell("xevoz.star-remove-drain", owner, texts.say_free_drain, players[owner], players[1 - owner],
                 other.figure.part_names[home] if back else None)
        self._finish_decision(state, ctx)

    def _keep_drain(self, state: XevozState, a: KeepDrain, ctx: Context, seat: int) -> None:
        """With nothing lost that could attach, the star may leave the DRAIN ATTACK on (and does nothing)."""
        kind, _, owner = state.queue[0]
        if kind != "heal" or state.sides[1 - owner].drain_on < 0:
            raise IllegalAction("xevoz.forgotten-actions" if kind != "heal" else "xevoz.star-remove-drain",
                                f"'{a}' cannot be played now" + (self._waiting_for(state, ctx) if kind != "heal"
                                                                 else ": no DRAIN ATTACK is on your figure"))
        if self.healable(state.sides[owner]):
            raise IllegalAction("xevoz.star", "a lost part can attach: the star regenerates it (or, instead, "
                                "removes the DRAIN ATTACK)")
        ctx.tell("xevoz.star-nothing-lost", owner, texts.say_keep_drain, ctx.players[owner], ctx.players[1 - owner])
        self._finish_decision(state, ctx)

    # -- DRAIN ATTACK (xevoz.drain-attach, xevoz.drain-host-chopped, xevoz.drain-home) -----------------------
    def _attach(self, state: XevozState, a: AttachDrain, ctx: Context, seat: int) -> None:
        kind, chooser, owner = self._decision(state, a, ctx, ("attach", "reattach", "rehome"))
        side = state.sides[owner]
        f = side.figure
        rule = {"attach": "xevoz.drain-attach", "reattach": "xevoz.drain-host-chopped",
                "rehome": "xevoz.drain-home"}[kind]
        if a.figure != "":
            self._right_figure(state, a.figure, owner, rule, texts.say_which_attach(ctx.players[owner], f.name))
        i = self._part(f, a.part, rule)
        if not side.present[i] or i == f.drain:
            raise IllegalAction(rule, f"the DRAIN ATTACK must snap onto a part that is on {f.name} "
                                f"(not the {f.part_names[i]}, " + ("a DRAIN ATTACK part)" if i == f.drain
                                                                   else "which is lost)"))
        self._attached(state, ctx, kind, chooser, owner, i)

    def _attached(self, state: XevozState, ctx: Context, kind: str, chooser: int, owner: int, i: int) -> None:
        """A DRAIN ATTACK snapped onto part ``i`` of ``owner``'s figure (decision ``kind``: attach, reattach or
        rehome), already found legal (a listed AttachDrain). Snapped on by the winner, it ends the round."""
        players = ctx.players
        f = state.sides[owner].figure
        part = f.part_ids[i]
        if kind == "rehome":
            state.sides[owner].home_on = i
            ctx.tell("xevoz.drain-home", owner, texts.say_rehome, players[owner], f.part_names[i], part=part)
        elif kind == "attach":
            state.sides[1 - owner].drain_on = i
            state.round_ends = True
            ctx.tell("xevoz.drain-attach", chooser, texts.say_attach, players[chooser], players[owner],
                     f.part_names[i], part=part)
        else:
            state.sides[1 - owner].drain_on = i
            ctx.tell("xevoz.drain-host-chopped", owner, texts.say_reattach, players[owner], f.part_names[i],
                     part=part)
        self._finish_decision(state, ctx)

    # == Rulebook step 8 — movement (xevoz.movement, xevoz.defender-follows, xevoz.no-move) ======================
    def _start_move(self, state: XevozState, ctx: Context) -> None:
        """After the actions the winner must move one space (none free: it stays put, xevoz.no-move)."""
        w = state.round_winner
        state.chooser = w
        state.phase = "move"
        if not self._steps(state, w)[0]:
            ctx.tell("xevoz.no-move", w, texts.say_no_move, ctx.players[w])
            self._start_follow(state, ctx)

    def _start_follow(self, state: XevozState, ctx: Context) -> None:
        """The defender moves one space to stay next to the attacker, unless it is still next to it."""
        players = ctx.players
        w = state.round_winner
        lo = 1 - w
        grid = self.mat_grid(state)
        there, here = state.sides[lo].pos, state.sides[w].pos
        if there in grid.nbrs[here]:
            ctx.tell("xevoz.defender-follows", lo, texts.say_still_next, players[lo], players[w])
            self._next_round(state, ctx)
            return
        state.phase, state.chooser = "follow", lo
        opts = grid.steps(there, here, True)[0]
        if not opts:
            ctx.tell("xevoz.no-move", lo, texts.say_cannot_follow, players[lo], players[w])
            self._next_round(state, ctx)
        elif len(opts) == 1:  # one square keeps it next to the attacker: no choice to make
            state.sides[lo].pos = opts[0]
            name = grid.names[opts[0]]
            ctx.tell("xevoz.defender-follows", lo, texts.say_follows_to, players[lo], name, players[w], cell=name)
            self._next_round(state, ctx)

    def _move(self, state: XevozState, a: Move, ctx: Context, seat: int) -> None:
        grid = self.mat_grid(state)
        moving = state.phase == "move"  # else following (xevoz.defender-follows)
        opts = grid.steps(state.sides[seat].pos, state.sides[1 - seat].pos, not moving)[0]
        cell = grid.cells.get(a.cell) if isinstance(a.cell, str) else None
        if cell is None or cell not in opts:
            raise IllegalAction("xevoz.movement" if moving else "xevoz.defender-follows",
                                self._move_problem(state, a, seat, opts))
        self._moved(state, ctx, seat, cell, a.cell, moving)

    def _move_problem(self, state: XevozState, a: Move, seat: int, opts: Sequence[int]) -> str:
        """Why ``a`` is not a square ``seat`` may move to: occupied, a diagonal or a long step
        (xevoz.movement), or not next to the attacker (xevoz.defender-follows)."""
        size = self.comp.mats[state.mat].size
        names = ", ".join(cell_name(c, size) for c in opts)
        me = state.sides[seat].pos
        try:
            c = parse_cell(a.cell, size)
        except ValueError:
            c = -1
        if c >= 0 and c == state.sides[1 - seat].pos:
            return f"{a.cell} is occupied; you may only move into an unoccupied space"
        if c >= 0 and state.phase == "move" and not adjacent(c, me, size):
            return f"{a.cell} is not one step up, down, left or right of {cell_name(me, size)} (no diagonal moves)"
        if c >= 0 and state.phase == "follow":
            return f"{a.cell} would not keep you next to the attacker; choose one of {names}"
        return f"{a.cell} is not a square you can move to; choose one of {names}"

    def _moved(self, state: XevozState, ctx: Context, seat: int, cell: int, name: str, moving: bool) -> None:
        """The move (``moving``) or follow of ``seat`` to ``cell`` (named ``name``), already found legal."""
        state.sides[seat].pos = cell
        if moving:
            ctx.tell("xevoz.movement", -1, texts.say_moves, ctx.players[seat], name, cell=name)
            self._start_follow(state, ctx)
        else:
            ctx.tell("xevoz.defender-follows", -1, texts.say_follows, ctx.players[seat], name, cell=name)
            self._next_round(state, ctx)

    # == Rulebook step 9 — who attacks next (xevoz.next-attacker) ================================================
    def _next_round(self, state: XevozState, ctx: Context) -> None:
        """The round's winner attacks next (warps and ties: see steps 5 and 6)."""
        w = state.round_winner
        how = "won as the attacker and stays" if w == state.attacker else "won as the defender and becomes"
        state.attacker = w
        state.phase = "call"
        state.round += 1
        ctx.tell("xevoz.next-attacker", w, texts.say_next_attacker, ctx.players[w], how)

    # == Rulebook step 10 — winning the battle (xevoz.winning), checked after every chop ========================
    def _demolished(self, state: XevozState, owner: int, ctx: Context) -> None:
        """A figure with no points of life left is demolished: the other player wins the battle."""
        state.phase = "over"
        state.winner = 1 - owner
        state.queue = []
        ctx.tell("xevoz.winning", 1 - owner, texts.say_winning, ctx.players[owner], ctx.players[1 - owner])


#: the rule function of each action, by action class and phase
_HANDLERS: dict[type, dict[str, Any]] = {
    PickFigure: {"build": XevozRules._pick},
    Flip: {"build": XevozRules._flip},
    Swap: {"build": XevozRules._swap},
    Ready: {"build": XevozRules._ready},
    RollHelix: {"first": XevozRules._roll, "world": XevozRules._roll},
    ChooseMat: {"choose-mat": XevozRules._choose_mat},
    Place: {"start": XevozRules._place, "warp-place": XevozRules._place, "warp-follow": XevozRules._place},
    Call: {"call": XevozRules._call},
    Chop: {"actions": XevozRules._chop},
    Heal: {"actions": XevozRules._heal},
    FreeDrain: {"actions": XevozRules._free_drain},
    KeepDrain: {"actions": XevozRules._keep_drain},
    AttachDrain: {"actions": XevozRules._attach},
    Move: {"move": XevozRules._move, "follow": XevozRules._move},
}
