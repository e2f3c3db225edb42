"""Super Xevious: a teacher's position set up and checked against the rules (issue 11), and the state as JSON
and as text.

Every refusal names the clause an impossible position breaks; a malformed description (unknown field, wrong
type) breaks no rule of the game and is refused under the kit's own ``<game>.setup`` clause (``FORM_RULE``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..engine import IllegalAction
from .data import Stage
from .state import COLOURS, Pilot, XeviousState

if TYPE_CHECKING:
    from .rules import XeviousRules
    from .variant import XeviousVariant

#: a malformed description (unknown field, wrong type) breaks no rule of the game: it is refused under the kit's
#: own ``<game>.setup`` clause, as ``Game.set_up`` does (like ``<game>.actions`` for malformed actions)
FORM_RULE = "xevious.setup"


def _only(spec: Mapping[str, Any], fields: tuple[str, ...], what: str) -> None:
    unknown = sorted(str(k) for k in spec if k not in fields)
    if unknown:
        raise IllegalAction(FORM_RULE, f"no field {unknown[0]!r} in {what} (fields: {', '.join(fields)})")


def _int(x: Any, field: str) -> int:
    if type(x) is not int:
        raise IllegalAction(FORM_RULE, f"{field} is a whole number, not {x!r}")
    return x


def _list(x: Any, field: str) -> list[Any]:
    if type(x) is not list:
        raise IllegalAction(FORM_RULE, f"{field} is a list, not {type(x).__name__}")
    return x


def _squares(x: Any, field: str) -> list[tuple[int, int]]:
    """``[[area, space], ...]`` counted from 1 -> (area, space) counted from 0."""
    out = []
    for sq in _list(x, field):
        if type(sq) is not list or len(sq) != 2 or not all(type(c) is int for c in sq):
            raise IllegalAction(FORM_RULE, f"{field} lists squares as [area, space], not {sq!r}")
        out.append((sq[0] - 1, sq[1] - 1))
    return out


# clauses: xevious.pieces (stages and their tracks), sheet-rows, sheet-limit, respawn, move-forward, stage-gate,
#          prep-sheet, prep-order, turn-order, turn-cap, blaster-mistake, condition-phantom, cockpit-card,
#          condition-andor-genesis, condition-gump, victory, daley-piece; FORM_RULE (<game>.setup): the form
#
# A position is the start of a turn: the stage on the table, each player's mover and Attack Strength Sheet,
# the Gump Markers and Daley Pieces, the order of play and the seat to roll. Areas and spaces count from 1, as on
# the board (``to_json`` counts from 0). The description covers everything ``to_json`` shows except the hidden
# decks (Super Xevious and Braglease Cards stay as they are), ``last`` (the widget's last reveal),
# ``setup_rolls`` (cleared when the order changes) and what only exists in the middle of a turn (phase,
# pending decision, path: a set-up is always the start of ``to_play``'s turn, with no winner).
SETUP_FIELDS = ("stage", "to_play", "order", "rounds", "players", "gumps", "daley")
PLAYER_FIELDS = ("area", "space", "gate", "solvalou", "extra_weapon", "shield", "retry", "phantom", "cockpit",
                 "beaten")

def position(rules: XeviousRules, state: XeviousState) -> dict[str, Any]:
    """The position of ``state`` as a description :meth:`set_up` accepts (see the section's comment)."""
    n_areas = len(rules.stage_of(state).areas)
    players = []
    for q in state.pilots:
        where: dict[str, Any] = ({"gate": True} if q.area >= n_areas
                                 else {"area": q.area + 1, "space": q.idx + 1})
        players.append({**where, "solvalou": q.l, "extra_weapon": q.w, "shield": q.s, "retry": q.retry,
                        "phantom": q.phantom, "cockpit": q.cockpit,
                        "beaten": [[a + 1, i + 1] for a, i in sorted(q.beaten)]})
    return {"stage": state.stage, "to_play": state.order[state.turn], "order": list(state.order),
            "rounds": state.rounds, "players": players, "gumps": list(state.gumps),
            "daley": [[a + 1, i + 1] for a, i in sorted(state.daley)]}

def set_up(rules: XeviousRules, state: XeviousState, position: Mapping[str, Any], v: XeviousVariant) -> None:
    """Change ``state`` into the position ``position`` describes, or raise ``IllegalAction`` naming the clause
    an impossible position breaks. Fields left out keep their value; the whole result is checked, kept values
    too. ``Game.set_up`` runs this on a copy, so a refusal changes nothing.

    ``{"stage": 1-7, "to_play": seat, "order": [seats], "rounds": n, "gumps": [standing...],
    "daley": [[area, space]...], "players": [{"area": a, "space": s} or {"gate": true}, "solvalou": n,
    "extra_weapon": n, "shield": n, "retry": bool, "phantom": bool, "cockpit": bool,
    "beaten": [[area, space]...]}, ...one per seat]}``."""
    if not isinstance(position, Mapping):
        raise IllegalAction(FORM_RULE, "a position is an object of fields")
    _only(position, SETUP_FIELDS, "a Super Xevious position")
    old_gate = [q.area >= len(rules.stage_of(state).areas) for q in state.pilots]
    if "stage" in position:
        stage = _int(position["stage"], "stage")
        if not 1 <= stage <= len(rules.stages):
            raise IllegalAction("xevious.pieces", f"the game has Stages 1 to {len(rules.stages)}, not Stage "
                                f"{stage}")
        state.stage = stage
    to_play = _set_up_turn(state, position, v)
    _set_up_players(state, position, old_gate, len(rules.stage_of(state).areas))
    if "gumps" in position:
        gumps = _list(position["gumps"], "gumps")
        if not all(type(x) is bool for x in gumps):
            raise IllegalAction(FORM_RULE, "gumps lists true (standing) or false (destroyed) per Gump "
                                "Marker")
        if len(gumps) != len(state.gumps):
            raise IllegalAction("xevious.condition-gump", f"this game has {len(state.gumps)} Gump Markers "
                                f"(variant gumps), not {len(gumps)}")
        state.gumps = tuple(gumps)
    if "daley" in position:
        state.daley = frozenset(_squares(position["daley"], "daley"))
    state.phase, state.pend, state.path = "turn", None, ()
    state.winner, state.capped = None, False
    check_position(rules, state, v, to_play)


def _set_up_turn(state: XeviousState, position: Mapping[str, Any], v: XeviousVariant) -> int:
    """The order of play, the seat to roll and the rounds played; the seat to roll."""
    n = len(state.pilots)
    if "order" in position:
        order = _list(position["order"], "order")
        if sorted(x if type(x) is int else -1 for x in order) != list(range(n)):
            raise IllegalAction("xevious.prep-order", f"the order of play lists each seat once (0 to {n - 1}): "
                                f"{order!r} does not")
        if tuple(order) != state.order:
            state.order = tuple(order)
            state.setup_rolls = ()  # the rolls no longer explain the order
    to_play = state.order[state.turn]
    if "to_play" in position:
        to_play = _int(position["to_play"], "to_play")
        if not 0 <= to_play < n:
            raise IllegalAction("xevious.turn-order", f"the seat to roll is a player's seat, 0 to {n - 1}: not "
                                f"{to_play}")
    state.turn = state.order.index(to_play)
    if "rounds" in position:
        state.rounds = _int(position["rounds"], "rounds")
    if not 0 <= state.rounds < v.turn_cap:
        raise IllegalAction("xevious.turn-cap", f"rounds played count from 0 and stay below the turn cap "
                            f"({v.turn_cap}, variant turn_cap): not {state.rounds}")
    return to_play


def _set_up_players(state: XeviousState, position: Mapping[str, Any], old_gate: list[bool], n_areas: int) -> None:
    n = len(state.pilots)
    if "players" not in position:
        for k, q in enumerate(state.pilots):
            if old_gate[k]:
                q.area, q.idx = n_areas, 0
        return
    given = _list(position["players"], "players")
    if len(given) != n:
        raise IllegalAction("xevious.prep-sheet", f"the position describes one mover and sheet per player: "
                            f"{n} entries, not {len(given)}")
    for k, spec in enumerate(given):
        set_up_pilot(state.pilots[k], k, spec, old_gate[k], n_areas, state.stage)


def set_up_pilot(q: Pilot, k: int, spec: Any, was_at_gate: bool, n_areas: int, stage: int) -> None:
    where = f"players[{k}]"
    if not isinstance(spec, Mapping):
        raise IllegalAction(FORM_RULE, f"{where} is an object of fields")
    _only(spec, PLAYER_FIELDS, f"a player ({where})")
    _set_up_square(q, where, spec, was_at_gate, n_areas, stage)
    for key, attr in (("solvalou", "l"), ("extra_weapon", "w"), ("shield", "s")):
        if key in spec:
            setattr(q, attr, _int(spec[key], f"{where}.{key}"))
    for key in ("retry", "phantom", "cockpit"):
        if key in spec:
            flag = spec[key]
            if type(flag) is not bool:
                raise IllegalAction(FORM_RULE, f"{where}.{key} is true or false, not {flag!r}")
            setattr(q, key, flag)
    if "beaten" in spec:
        q.beaten = frozenset(_squares(spec["beaten"], f"{where}.beaten"))


def _set_up_square(q: Pilot, where: str, spec: Mapping[str, Any], was_at_gate: bool, n_areas: int,
                   stage: int) -> None:
    """Where the mover stands: an area and space, or the stage gate."""
    gate = spec.get("gate", False)
    if type(gate) is not bool:
        raise IllegalAction(FORM_RULE, f"{where}.gate is true or false, not {gate!r}")
    if gate:
        if "area" in spec or "space" in spec:
            raise IllegalAction(FORM_RULE, f"{where}: a mover at the stage gate has no area or space")
        q.area, q.idx = n_areas, 0
    elif "area" in spec:
        q.area = _int(spec["area"], f"{where}.area") - 1
        if not 0 <= q.area < n_areas:  # checked here: area n_areas + 1 would read as the stage gate
            raise IllegalAction("xevious.pieces", f"{where}: Stage {stage} has areas 1 to {n_areas}, not area "
                                f"{q.area + 1} (a mover past the last area is at the gate: \"gate\": true)")
        q.idx = _int(spec["space"], f"{where}.space") - 1 if "space" in spec else 0
    elif was_at_gate:
        if "gate" in spec or "space" in spec:
            raise IllegalAction(FORM_RULE, f"{where}: a mover leaving the stage gate needs its area (and "
                                "space)")
        q.area, q.idx = n_areas, 0  # still waiting at the gate of the stage on the table
    elif "space" in spec:
        q.idx = _int(spec["space"], f"{where}.space") - 1


def _on_track(st: Stage, pos: tuple[int, int], what: str) -> None:
    a, i = pos
    n_areas = len(st.areas)
    if not 0 <= a < n_areas:
        raise IllegalAction("xevious.pieces", f"{what}: Stage {st.number} has areas 1 to {n_areas}, not "
                            f"area {a + 1}")
    if not 0 <= i < len(st.areas[a]):
        raise IllegalAction("xevious.pieces", f"{what}: area {a + 1} of Stage {st.number} has spaces 1 to "
                            f"{len(st.areas[a])}, not space {i + 1}")


def check_position(rules: XeviousRules, state: XeviousState, v: XeviousVariant, to_play: int) -> None:
    """Refuse a position the rules could never reach, naming the clause it breaks (each check in turn)."""
    st = rules.stage_of(state)
    standing = rules.gumps_standing(state) if state.stage == 7 else frozenset()
    for k, q in enumerate(state.pilots):
        _check_pilot(state, st, v, f"player {k + 1} ({COLOURS[k]})", q, standing)
    if state.stage != 7 and not all(state.gumps):
        raise IllegalAction("xevious.condition-gump", "Gump Markers fall only in Stage 7: before it they all "
                            "stand")
    if state.gumps and not any(state.gumps):
        raise IllegalAction("xevious.victory", "every Gump Marker is destroyed: the game is already won, no "
                            "turn starts")
    for sq in sorted(state.daley):
        if not v.daley_pieces:
            raise IllegalAction("xevious.daley-piece", "Daley Pieces cover spaces only with the variant "
                                "daley_pieces=True; the rulebook game gives them no role")
        _on_track(st, sq, "daley")
        if not st.areas[sq[0]][sq[1]].blaster:
            raise IllegalAction("xevious.daley-piece", f"a Daley Piece covers only a Flag / Pin / Sol / Phantom "
                                f"space, not area {sq[0] + 1} space {sq[1] + 1}")
    if state.pilots[to_play].area >= len(st.areas):
        raise IllegalAction("xevious.stage-gate", f"player {to_play + 1} waits at the stage gate: their turns "
                            "are skipped, so they cannot be the one to roll")


def _check_pilot(state: XeviousState, st: Stage, v: XeviousVariant, who: str, q: Pilot,
                 standing: frozenset[tuple[int, int]]) -> None:
    at_gate = q.area == len(st.areas) and q.idx == 0
    if at_gate and state.stage == 7:
        raise IllegalAction("xevious.move-forward", f"{who}: Stage 7 has no stage gate; its track ends on "
                            "the last space")
    if not at_gate:
        _on_track(st, (q.area, q.idx), who)
    _check_sheet(state.cap, who, q)
    if q.retry:
        if not v.retry_uses_turn:
            raise IllegalAction("xevious.blaster-mistake", f"{who}: with variant retry_uses_turn=False "
                                "the second try comes at once, never on a later turn")
        if at_gate or not st.areas[q.area][q.idx].blaster:
            raise IllegalAction("xevious.blaster-mistake", f"{who}: only a mover on a Flag / Pin / Sol / "
                                "Phantom space may try the Blaster Card again")
    if q.phantom and not (state.cond and st.condition == "phantom-wingman"):
        raise IllegalAction("xevious.condition-phantom", f"{who}: the Phantom wingman flies only in "
                            "Stage 4 (with the stage conditions)")
    if q.cockpit and not v.cockpit_card:
        raise IllegalAction("xevious.cockpit-card", f"{who}: a face-up Cockpit Card belongs to the variant "
                            "cockpit_card=True; the rulebook game gives it no role")
    for sq in sorted(q.beaten):
        if not state.cond or sq not in st.guard:
            raise IllegalAction("xevious.condition-andor-genesis", f"{who}: beaten lists the Andor "
                                "Genesis' square of Stage 1 only (with the stage conditions), not area "
                                f"{sq[0] + 1} space {sq[1] + 1}")
    for g in standing:
        if not at_gate and g < (q.area, q.idx):
            raise IllegalAction("xevious.condition-gump", f"{who} is past the standing Gump Marker on area "
                                f"{g[0] + 1} space {g[1] + 1}: nobody flies past one")


def _check_sheet(cap: int, who: str, q: Pilot) -> None:
    for attr, name in (("w", "Extra Weapon"), ("s", "Shield"), ("l", "Solvalou")):
        count = getattr(q, attr)
        if count < 0:
            raise IllegalAction("xevious.sheet-rows", f"{who}: a row of the sheet holds a number of "
                                f"{name} Markers from 0 up, not {count}")
        if count > cap:
            raise IllegalAction("xevious.sheet-limit", f"{who}: the {name} row of the sheet has {cap} "
                                f"spaces, so it holds at most {cap} markers, not {count}")
    if q.l == 0:
        raise IllegalAction("xevious.respawn", f"{who} has no Solvalou Marker: a player who runs out "
                            "respawns at once with new markers, so no turn starts with 0 Solvalou")


def to_json(rules: XeviousRules, state: XeviousState) -> dict[str, Any]:
    pend = None
    if state.pend is not None:
        pend = {k: (list(x) if isinstance(x, tuple) else x) for k, x in state.pend.items()}
        if state.phase == "enemy":
            pend["aim"] = "face down"  # the secret stays secret until both cards are down
    st = rules.stage_of(state)
    return {
        "stage": state.stage, "panel": st.panel.id, "condition": st.condition,
        "order": list(state.order), "turn": state.turn, "phase": state.phase, "pending": pend,
        "pilots": [{"colour": COLOURS[i], "area": q.area, "space": q.idx, "at_gate": q.area >= len(st.areas),
                    "extra_weapon": q.w, "shield": q.s, "solvalou": q.l, "retry": q.retry,
                    "phantom": q.phantom, "cockpit": q.cockpit, "beaten": sorted(list(b) for b in q.beaten)}
                   for i, q in enumerate(state.pilots)],
        "gumps": list(state.gumps), "daley": sorted(list(d) for d in state.daley),
        "deck": len(state.deck), "braglease": len(state.brag), "rounds": state.rounds,
        "winner": state.winner, "capped": state.capped, "path": [list(x) for x in state.path],
        "row_cap": state.cap,
        "last": dict(state.last) if state.last else None,
        "setup_rolls": [list(r) for r in state.setup_rolls],
    }

def describe(rules: XeviousRules, state: XeviousState) -> str:
    st = rules.stage_of(state)
    sym = {"entrance": "E", "exit": "X", "plain": ".", "green": "g", "ground": "G", "air": "A", "squad": "M",
           "card": "C", "flag": "F", "pin": "P", "sol": "S", "phantom": "H"}
    lines = [f"Stage {st.number} ({st.title}), panel {st.panel.id}; phase {state.phase}"]
    gp = rules.stages[6].gumps[len(rules.stages[6].gumps) - len(state.gumps):] if state.stage == 7 else ()
    for a, area in enumerate(st.areas):
        cells = []
        for i, sp in enumerate(area):
            c = sym[sp.kind] + (str(sp.n) if sp.n else "")
            if (a, i) in gp and state.gumps[gp.index((a, i))]:
                c = "Γ"
            who = "".join(str(k + 1) for k, q in enumerate(state.pilots) if (q.area, q.idx) == (a, i))
            cells.append(c + (f"[{who}]" if who else ""))
        lines.append(f"  area {a + 1}: " + " ".join(cells))
    for k, q in enumerate(state.pilots):
        where = "stage gate" if q.area >= len(st.areas) else f"area {q.area + 1} space {q.idx + 1}"
        lines.append(f"  {k + 1} {COLOURS[k]:<6} {where:<20} W{q.w} S{q.s} L{q.l}")
    return "\n".join(lines)
