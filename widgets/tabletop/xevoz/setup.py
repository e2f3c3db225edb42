"""Setting up a Xevoz position and writing one down: ``set_up`` (a teacher's position, a link's), ``position`` (its
description), ``to_json`` (what the board draws) and ``describe`` (a text summary).

Every field of a description is checked and a refusal names the clause it breaks (issue 11; any phase since issue
23). The rules (rules.py) call these through their protocol methods of the same names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.engine import Context, IllegalAction

from . import texts
from .data import cell_name, mat_name, parse_cell
from .state import COLOURS, FACES, PHASE_DOES, PHASE_RULE, QUEUE_KINDS, Side, XevozState
from .variant import XevozVariant

if TYPE_CHECKING:
    from .rules import XevozRules

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
def set_up(rules: XevozRules, state: XevozState, position: Mapping[str, Any], ctx: Context) -> None:
    players = ctx.players  # not ctx: a text callable must not hold the context
    phase, sides_in = _set_up_shape(position)
    v = ctx.variant
    assert isinstance(v, XevozVariant)
    # the fields of the round in progress (each phase reads only its own; the others must keep their defaults)
    queue, round_winner, winner, round_ends, context = _round_fields(position, phase)
    mat, size = _set_up_mat(rules, state, position, phase, context)
    chooser = position.get("chooser", state.chooser)
    if type(chooser) is not int or chooser not in (-1, 0, 1):
        raise IllegalAction("xevoz.setup", f"'chooser' is -1, 0 or 1, not {chooser!r:.40}")
    placed = _PLACED.get(phase, (True, True))
    if phase == "warp-follow":  # the warper stands on the new mat; the other figure is placed next
        placed = (chooser != 0, chooser != 1)
    loser = 1 - winner if phase == "over" else -1
    sides = _set_up_sides(rules, state, sides_in, v, size, placed, phase, loser, queue)
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
    if phase != "over" and not rules.legal_actions(state):
        raise IllegalAction(PHASE_RULE[phase], f"in this position nobody could act: there is no legal move for "
                            f"{PHASE_DOES[phase]}")
    for seat, side in enumerate(sides):
        f, chopped = side.figure, len(side.pile)
        where = cell_name(side.pos, size) if side.pos >= 0 else "off the mat"
        ctx.tell("xevoz.figure-health", seat, texts.say_position, players[seat], f, where, side.life, chopped,
                 figure=f.id)
    if phase == "call":
        ctx.tell("xevoz.attack-call", attacker, texts.say_round_set_up, rnd, mat, players[attacker])
    else:
        to_play = rules.current_player(state)
        ctx.tell(PHASE_RULE[phase], to_play, texts.say_set_up, players[to_play] if to_play is not None else None,
                 PHASE_DOES[phase])


def _set_up_mat(rules: XevozRules, state: XevozState, position: Mapping[str, Any], phase: str,
                context: str) -> tuple[str, int]:
    """The mat of a description and its size: the squares are read on it (no mat before the world is
    chosen, Rulebook step 3)."""
    before_mat = phase in ("build", "first", "world") or phase == "choose-mat" and context == "world"
    mat = position.get("mat", None if before_mat else state.mat or None)
    if before_mat:
        if mat not in (None, ""):
            raise IllegalAction("xevoz.choose-world", f"in phase {phase!r} no mat is chosen yet ('mat': null)")
        return "", 0
    if type(mat) is not str or mat not in rules.comp.mats:
        raise IllegalAction("xevoz.choose-world", f"there is no mat {mat!r:.40}; mats: "
                            + ", ".join(rules.comp.mats) if mat else
                            "a battle position needs a mat (the world chosen in Rulebook step 3)")
    if mat not in state.table:
        raise IllegalAction("xevoz.choose-world", f"the {mat_name(mat)} is not on the table in this variant "
                            "(mats: " + ", ".join(state.table) + ")")
    return mat, rules.comp.mats[mat].size

def _set_up_sides(rules: XevozRules, state: XevozState, sides_in: list[Any], v: XevozVariant, size: int,
                  placed: tuple[bool, bool], phase: str, loser: int,
                  queue: list[tuple[str, int, int]]) -> list[Side]:
    """Both sides of a description: figures, helixes, parts, DRAIN ATTACKs and squares, each checked."""
    ready_phase = phase == "build"
    sides = [_set_up_side(rules, state.sides[seat], sides_in[seat], seat, v, size, placed[seat],
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
        _set_up_drain(rules, sides, seat, sides_in[seat], ("reattach", 1 - seat) in waiting or phase == "over",
                           ("rehome", seat) in waiting or phase == "over")
    a, b = sides[0].pos, sides[1].pos
    if placed[0] and placed[1]:
        if a == b:
            raise IllegalAction("xevoz.movement", f"both figures stand on {cell_name(a, size)}; a figure only ever "
                                "moves into an unoccupied space")
        if phase != "follow" and b not in rules.grid(size).nbrs[a]:
            raise IllegalAction("xevoz.defender-follows", f"{cell_name(a, size)} and {cell_name(b, size)} are "
                                "not next to each other; in a round the defender stands next to the attacker "
                                "until the winner moves")
    return sides

def _set_up_side(rules: XevozRules, old: Side, spec: Mapping[str, Any], seat: int, v: XevozVariant, size: int,
                 placed: bool, building: bool, demolished: bool) -> Side:
    """One side of a description: ``placed`` (the figure stands on the mat in this phase), ``building`` (the
    pre-battle check: the side may not be ready yet), ``demolished`` (the loser of a finished battle)."""
    where = f"sides[{seat}]"
    fid = spec.get("figure", old.figure.id)
    if type(fid) is not str or fid not in rules.comp.figures:
        raise IllegalAction("xevoz.redesign", f"{where}: there is no ready figure {fid!r:.40}; figures: "
                            + ", ".join(rules.comp.figures))
    f = rules.figure(fid, v.parts)
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
        side.helix = _set_up_helix(rules, spec["helix"], where)
    probs = rules.helix_problems(side, v.max_gold) if side.ready else []
    if probs:
        raise IllegalAction(probs[0][0], f"{where}: {probs[0][1]}")
    if "chopped" in spec:
        chopped = spec["chopped"]
        if type(chopped) is not list or not all(type(p) is str for p in chopped):
            raise IllegalAction("xevoz.setup", f"{where}: 'chopped' lists part ids (text)")
        index = rules.parts(f).index
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

def _set_up_helix(rules: XevozRules, helix: Any, where: str) -> tuple[tuple[str, bool], ...]:
    if type(helix) is not list or not all(type(g) is str for g in helix):
        raise IllegalAction("xevoz.setup", f"{where}: 'helix' lists glyph ids (a '~' at the end: flipped)")
    out = []
    for g in helix:
        gid, flipped = (g[:-1], True) if g.endswith("~") else (g, False)
        if gid not in rules.comp.glyphs:
            raise IllegalAction("xevoz.helix-six", f"{where}: there is no glyph {gid!r:.40}")
        out.append((gid, flipped))
    return tuple(out)

def _set_up_drain(rules: XevozRules, sides: list[Side], seat: int, spec: Mapping[str, Any], off: bool = False,
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
            i = rules.parts(f).index.get(home) if type(home) is str else None
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
            i = rules.parts(of).index.get(on["part"]) if type(on["part"]) is str else None
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

def position(rules: XevozRules, state: XevozState) -> dict[str, Any]:
    """The position as a description ``set_up`` accepts, in any phase (a teacher's "copy position", a link).
    At the start of a round (phase 'call') it has the fields of a round start only; other phases add the
    fields they read: the queue of decisions, the round's winner, the battle's winner, why a mat is chosen."""
    phase = state.phase
    size = rules.comp.mats[state.mat].size if state.mat else 0
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
def describe(rules: XevozRules, state: XevozState) -> str:
    lines = []
    for s, side in enumerate(state.sides):
        helix = " ".join(("~" if fl else "") + g for g, fl in side.helix)
        pos = cell_name(side.pos, rules.comp.mats[state.mat].size) if state.mat and side.pos >= 0 else "-"
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

def first_player(rules: XevozRules, state: XevozState) -> int | None:
    """The seat that attacked first (Rulebook step 2), or None before it."""
    return state.first if state.first >= 0 else None

def to_json(rules: XevozRules, state: XevozState) -> dict[str, Any]:
    comp = rules.comp
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
