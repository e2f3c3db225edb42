"""Zaxxon positions: a teaching scenario or a position set up by hand, read and written, and the state's views.

:class:`ZaxxonSetup` is a part of :class:`~tabletop.zaxxon.rules.ZaxxonRules` (its methods are the rules'
``set_up``, ``position``, ``position_problem``, ``to_json`` and ``describe``): what a position may say, each refusal
naming the clause a position breaks, and how a state is shown (JSON for the board, text for a reader).

A position (every key optional; a key left out keeps its value):

- ``"turn"``: ``{"round": 3, "phase": "roll" | "spin" | "zaxxon" | "move", "dice": [blue's, red's],
  "spin": "" | "RED" | "BLUE" | "WHITE" | "Z", "to_move": "blue" | "red", "count": n}`` (parts left out take their
  start-of-phase value: round unchanged, dice [0, 0] before a roll, spin "", Player 1 (blue) to roll, the lower
  roller to spin and move first, the whole die to use)
- ``"planes"``: ``{"blue": [plane #1, plane #2], "red": [...]}``, a plane ``"G13"`` / ``"G13 high"`` or
  ``{"space": "G13", "altitude": "high" | "low", "shot_zaxxon": bool, "grounded": bool}``
- ``"targets"``: ``{start space: "removed" | FUEL space}``, every target NOT standing on its lettered space (a fuel
  tank "removed" was moved to a FUEL space and shot there); the others stand at setup
- ``"zaxxon"``: ``{"awake": bool, "spaces": [west space, east space]}``

Mission progress is derived from the targets (the rulebook counts what was shot, not who shot it). Not refused: a
plane on Zaxxon's side of the RADAR barrier while Zaxxon sleeps. Play cannot reach it (the first crossing alerts
Zaxxon), but the teaching scenarios "inner" and "radar" (scenarios.toml) start so, and every position a game can
be in must set up again (``position()`` round-trips).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..engine import Context, IllegalAction
from . import texts
from .board import DIRS, FACING_WORD, Board
from .state import COLOURS, MISSION_NEEDS, MOVE, OVER, PHASES, ROLL, SPIN, ZAXXON, ZState
from .texts import short as _short
from .variant import SPINNER, ZaxxonVariant

E = DIRS.index("E")


def _keys(value: Any, allowed: Sequence[str], what: str) -> None:
    """A set-up part must be an object whose keys are among ``allowed`` (``zaxxon.setup`` otherwise)."""
    if not isinstance(value, Mapping):
        raise IllegalAction("zaxxon.setup", f"{what} is an object of {', '.join(allowed)}, not {_short(value)}")
    unknown = [k for k in value if k not in allowed]
    if unknown:
        raise IllegalAction("zaxxon.setup", f"{what} has no part {_short(unknown[0])} (its parts: "
                            f"{', '.join(allowed)})")


class ZaxxonSetup:
    """Set-up, serialisation and views of :class:`~tabletop.zaxxon.rules.ZaxxonRules` (a part of that class)."""

    board: Board
    allowed: list[frozenset[int]]
    SETUP_KEYS = ("turn", "planes", "targets", "zaxxon")
    TURN_KEYS = ("round", "phase", "dice", "spin", "to_move", "count")
    PLANE_KEYS = ("space", "altitude", "shot_zaxxon", "grounded")
    ZAXXON_KEYS = ("awake", "spaces")
    MAX_ROUND = 100_000

    if TYPE_CHECKING:  # the rules' public queries these views read (defined in rules.py)
        def facing(self, s: ZState) -> str: ...
        def live_area(self, s: ZState, cell: int, kind: str) -> bool: ...
        def zaxxon_spaces(self, s: ZState) -> tuple[int, int]: ...
        def spinner(self, v: ZaxxonVariant) -> tuple[tuple[str, ...], tuple[float, ...]]: ...

    # -- a teaching scenario (variant option ``scenario``) ------------------------------------------------------------
    def apply_scenario(self, s: ZState, sc: dict[str, Any]) -> None:
        """Put the pieces of teaching scenario ``sc`` (``variant.SCENARIOS``) on the set-up board ``s``."""
        b = self.board
        for pi, (cell, high) in sc["planes"].items():
            s.planes[pi][0], s.planes[pi][1] = cell, int(high)
        for pi in sc["zaxxon_hits"]:
            s.planes[pi][3] = 1
        for ti, dest in sc["moved"].items():
            s.tcell[ti], s.tinner[ti] = dest, 1
        for ti in sc["removed"]:
            t = b.targets[ti]
            if t.kind == "fuel" and s.tinner[ti]:
                s.mission[t.owner or 0][3] += 1
            s.tcell[ti] = -1
        for t in b.targets:
            if t.owner is None:
                continue
            m = s.mission[t.owner]
            if t.kind == "fuel":
                m[0] += s.tcell[t.idx] != t.cell
            elif s.tcell[t.idx] < 0:
                m[1 if t.kind == "silo" else 2] = 1
        s.zx_active = sc["zaxxon_active"]

    # -- a position set up by hand (teachers, lessons, tests) --------------------------------------------------------
    def set_up(self, state: ZState, position: Mapping[str, Any], ctx: Context) -> None:
        s, b = state, self.board
        _keys(position, self.SETUP_KEYS, "a Zaxxon position")
        if "turn" in position:
            self._setup_turn(s, position["turn"])
        elif s.phase == OVER:
            raise IllegalAction("zaxxon.win", "this game is over; give a \"turn\" to set up a game in play")
        if "planes" in position:
            self._setup_planes(s, position["planes"])
        if "targets" in position:
            self._setup_targets(s, position["targets"])
        if "zaxxon" in position:
            self._setup_zaxxon(s, position["zaxxon"])
        s.mission = self._derived_mission(s)
        s.winner = None
        problem = self.position_problem(s)
        if problem:
            raise IllegalAction(*problem)
        gone = sum(c < 0 for c in s.tcell)
        moved = sum(1 for t in b.targets if s.tcell[t.idx] >= 0 and s.tcell[t.idx] != t.cell)
        rnd, phase, mover, awake, zx = s.round, s.phase, s.mover, s.zx_active, s.zx
        ctx.emit("zaxxon.setup", (texts.set_up, rnd, PHASES[phase], mover, gone, moved, awake, b.name(zx)),
                 player=None)

    def position(self, state: ZState) -> dict[str, Any]:
        s, b = state, self.board
        planes: dict[str, list[dict[str, Any]]] = {}
        for seat in (0, 1):
            out = []
            for p in s.planes[seat * 2: seat * 2 + 2]:
                d: dict[str, Any] = {"space": b.name(p[0]), "altitude": "high" if p[1] else "low"}
                if p[3]:
                    d["shot_zaxxon"] = True
                if p[2]:
                    d["grounded"] = True
                out.append(d)
            planes[COLOURS[seat]] = out
        targets = {b.name(t.cell): ("removed" if s.tcell[t.idx] < 0 else b.name(s.tcell[t.idx]))
                   for t in b.targets if s.tcell[t.idx] != t.cell}
        turn = {"round": s.round, "phase": PHASES[s.phase], "dice": list(s.dice), "spin": s.spin,
                "to_move": COLOURS[s.mover] if s.mover is not None else None, "count": s.count}
        return {"turn": turn, "planes": planes, "targets": targets,
                "zaxxon": {"awake": s.zx_active, "spaces": [b.name(c) for c in self.zaxxon_spaces(s)]}}

    def _setup_space(self, name: Any, what: str) -> int:
        if type(name) is not str:
            raise IllegalAction("zaxxon.setup", f"{what}: a space is named by text like \"G13\", not {_short(name)}")
        cell = self.board.index.get(name.upper())
        if cell is None:
            raise IllegalAction("zaxxon.board", f"{what}: {_short(name)} is not a space on the board (spaces are "
                                f"named like E4: row A-{chr(64 + self.board.rows)}, column 1-{self.board.cols})")
        return cell

    def _setup_turn(self, s: ZState, turn: Any) -> None:
        _keys(turn, self.TURN_KEYS, "\"turn\"")
        rnd = turn.get("round", s.round)
        if type(rnd) is not int or not 1 <= rnd <= self.MAX_ROUND:
            raise IllegalAction("zaxxon.setup", f"turn round: a whole number from 1 to {self.MAX_ROUND}, "
                                f"not {_short(rnd)}")
        cap = s.variant.max_rounds
        if cap and rnd > cap:
            raise IllegalAction("zaxxon.turn-cap", f"turn {rnd} is past the turn cap of this game ({cap} turns): "
                                "the game would be over")
        name = turn.get("phase", "roll")
        if name == "over":
            raise IllegalAction("zaxxon.win", "a finished game cannot be set up; set up the position before the "
                                "last move and play it")
        if name not in PHASES:
            raise IllegalAction("zaxxon.order-of-play", f"turn phase: one of roll, spin, zaxxon, move (the moments "
                                f"of a turn), not {_short(name)}")
        phase = PHASES.index(name)
        dice = turn.get("dice", [0, 0])
        if (type(dice) is not list or len(dice) != 2 or not all(type(d) is int for d in dice)):
            raise IllegalAction("zaxxon.setup", f"turn dice: two whole numbers [blue's die, red's die], "
                                f"not {_short(dice)}")
        if not (phase == ROLL and dice == [0, 0]):
            if not all(1 <= d <= 6 for d in dice):
                raise IllegalAction("zaxxon.roll", f"a die shows 1 to 6, not {_short(dice)} (dice [0, 0]: not "
                                    "rolled yet, only before a roll)")
            if dice[0] == dice[1]:
                raise IllegalAction("zaxxon.roll", f"both dice show {dice[0]}: a tie is rolled again, so the "
                                    "dice of a turn always differ")
        low = -1 if dice == [0, 0] else (0 if dice[0] < dice[1] else 1)
        spin = turn.get("spin", "")
        if type(spin) is not str or spin not in ("", *SPINNER):
            raise IllegalAction("zaxxon.spinner", f"turn spin: \"\" (not spun yet) or one of "
                                f"{', '.join(SPINNER)}, not {_short(spin)}")
        if phase in (ROLL, SPIN) and spin:
            raise IllegalAction("zaxxon.spinner", f"the spinner is spun after the roll, so at the {name} "
                                "phase it shows nothing yet (spin \"\")")
        if phase == ZAXXON and spin != "Z":
            raise IllegalAction("zaxxon.zaxxon-spin", "Zaxxon moves only after a Z is spun (spin \"Z\")")
        if phase == MOVE and spin not in self.spinner(s.variant)[0]:
            raise IllegalAction("zaxxon.spinner", f"planes move after the spin: spin one of "
                                f"{', '.join(self.spinner(s.variant)[0])} (the sectors this game's spinner "
                                f"has), not {_short(spin)}")
        default_mover = 0 if phase == ROLL else low
        who = turn.get("to_move", COLOURS[default_mover])
        if who not in COLOURS:
            raise IllegalAction("zaxxon.setup", f"turn to_move: \"blue\" or \"red\", not {_short(who)}")
        mover = COLOURS.index(who)
        if phase == ROLL and mover != 0:
            raise IllegalAction("zaxxon.roll", "Player 1 (blue) rolls both dice for the table: blue is to move at "
                                "the roll")
        if phase in (SPIN, ZAXXON) and mover != low:
            raise IllegalAction("zaxxon.spinner" if phase == SPIN else "zaxxon.zaxxon-spin",
                                f"the lower roller ({COLOURS[low]}) spins and moves Zaxxon, not {who}")
        die = dice[mover] if phase == MOVE else dice[low] if phase == ZAXXON else 0
        count = turn.get("count", die)
        if type(count) is not int:
            raise IllegalAction("zaxxon.setup", f"turn count: a whole number, not {_short(count)}")
        if phase in (ROLL, SPIN) and count != 0:
            raise IllegalAction("zaxxon.end-turn", f"nothing is counted before the spin (count 0 at the {name} "
                                "phase)")
        if phase in (ZAXXON, MOVE) and not 1 <= count <= die:
            raise IllegalAction("zaxxon.end-turn", f"{who} has 1 to {die} left to use (the die count), "
                                f"not {count}")
        s.round, s.phase, s.dice, s.low, s.spin, s.mover, s.count = rnd, phase, list(dice), low, spin, mover, count
        s.stage = 1 if phase == MOVE and mover != low else 0

    def _setup_planes(self, s: ZState, planes: Any) -> None:
        _keys(planes, COLOURS, "\"planes\"")
        for colour, pair in planes.items():
            seat = COLOURS.index(colour)
            if type(pair) is not list or len(pair) != 2:
                raise IllegalAction("zaxxon.setup", f"planes {colour}: a list of exactly 2 planes ([#1, #2]): "
                                    f"each player flies two planes")
            for k, value in enumerate(pair):
                s.planes[seat * 2 + k] = self._setup_plane(value, f"{colour} plane #{k + 1}")

    def _setup_plane(self, value: Any, what: str) -> list[int]:
        if type(value) is str:
            words = value.split()
            if not 1 <= len(words) <= 2:
                raise IllegalAction("zaxxon.setup", f"{what}: \"SPACE\" or \"SPACE high\"/\"SPACE low\", "
                                    f"not {_short(value)}")
            spec: Mapping[str, Any] = {"space": words[0], **({"altitude": words[1]} if len(words) == 2 else {})}
        else:
            _keys(value, self.PLANE_KEYS, what)
            spec = value
        if "space" not in spec:
            raise IllegalAction("zaxxon.setup", f"{what}: give its \"space\"")
        cell = self._setup_space(spec["space"], what)
        alt = spec.get("altitude", "low")
        if alt not in ("high", "low"):
            raise IllegalAction("zaxxon.altitude", f"{what}: altitude \"high\" or \"low\", not {_short(alt)}")
        flags = []
        for key in ("grounded", "shot_zaxxon"):
            v = spec.get(key, False)
            if type(v) is not bool:
                raise IllegalAction("zaxxon.setup", f"{what}: {key} is true or false, not {_short(v)}")
            flags.append(int(v))
        return [cell, int(alt == "high"), *flags]

    def _setup_targets(self, s: ZState, targets: Any) -> None:
        b = self.board
        if not isinstance(targets, Mapping):
            raise IllegalAction("zaxxon.setup", "\"targets\": an object {start space: \"removed\" or FUEL space}")
        by_start = {t.cell: t for t in b.targets}
        s.tcell = [t.cell for t in b.targets]
        s.tinner = [0] * len(b.targets)
        seen: set[int] = set()
        for key, value in targets.items():
            start = self._setup_space(key, "a target's start space")
            t = by_start.get(start)
            if t is None:
                raise IllegalAction("zaxxon.setup", f"no target starts on {b.name(start)} (targets start on "
                                    + ", ".join(b.name(c) for c in by_start) + ")")
            if start in seen:
                raise IllegalAction("zaxxon.setup", f"the target from {b.name(start)} is listed twice")
            seen.add(start)
            name = "fuel tank" if t.kind == "fuel" else "missile silo" if t.kind == "silo" else "gun turret"
            if value == "removed":
                if t.indestructible:
                    raise IllegalAction("zaxxon.indestructible", f"the {name} on {b.name(start)} is ringed by "
                                        "purple triangles: it cannot be destroyed, so it is never removed")
                s.tcell[t.idx], s.tinner[t.idx] = -1, int(t.kind == "fuel")
                continue
            dest = self._setup_space(value, f"the {name} from {b.name(start)} (\"removed\" or a FUEL space)")
            if t.kind != "fuel":
                raise IllegalAction("zaxxon.shoot-silo-turret", f"the {name} from {b.name(start)} never moves: "
                                    "shot, it is removed (\"removed\")")
            if dest not in b.fuel_spaces:
                raise IllegalAction("zaxxon.outer-fuel-tank", f"a fuel tank shot in its outer fortress moves to a "
                                    f"FUEL space of the inner fortress ({', '.join(map(b.name, b.fuel_spaces))}), "
                                    f"not {b.name(dest)}")
            s.tcell[t.idx], s.tinner[t.idx] = dest, 1

    def _setup_zaxxon(self, s: ZState, zx: Any) -> None:
        b = self.board
        _keys(zx, self.ZAXXON_KEYS, "\"zaxxon\"")
        if "awake" in zx:
            if type(zx["awake"]) is not bool:
                raise IllegalAction("zaxxon.setup", f"zaxxon awake: true or false, not {_short(zx['awake'])}")
            s.zx_active = zx["awake"]
        if "spaces" in zx:
            sp = zx["spaces"]
            if type(sp) is not list or len(sp) != 2:
                raise IllegalAction("zaxxon.setup", "zaxxon spaces: its two spaces [west, east], e.g. "
                                    f"[\"{b.name(b.zaxxon_start)}\", \"{b.name(b.nbr[b.zaxxon_start][E])}\"]")
            w, e = (self._setup_space(x, "Zaxxon") for x in sp)
            if e != b.nbr[w][E] or w not in b.zaxxon_area or e not in b.zaxxon_area:
                raise IllegalAction("zaxxon.zaxxon-moves", f"Zaxxon lies on two side-by-side spaces (west, east) "
                                    f"of the Zaxxon area and never leaves it; {b.name(w)}-{b.name(e)} is not such "
                                    "a pair")
            s.zx = w

    def _derived_mission(self, s: ZState) -> list[list[int]]:
        """Mission progress from the targets: fuel tanks moved (outer) or removed after moving (inner), own
        silo and turret removed."""
        m = [[0, 0, 0, 0], [0, 0, 0, 0]]
        for t in self.board.targets:
            if t.owner is None:
                continue
            if t.kind == "fuel":
                m[t.owner][0] += s.tinner[t.idx]
                m[t.owner][3] += s.tcell[t.idx] < 0
            elif s.tcell[t.idx] < 0:
                m[t.owner][1 if t.kind == "silo" else 2] = 1
        return m

    def position_problem(self, s: ZState) -> tuple[str, str] | None:
        """The first rule the position ``s`` breaks (clause, reason), or None: what ``set_up`` refuses."""
        b = self.board
        if s.phase == ZAXXON and not s.zx_active:
            return "zaxxon.zaxxon-spin", "a Z moves Zaxxon only once it has been alerted; Zaxxon is asleep"
        if not s.zx_active and s.zx != b.zaxxon_start:
            return "zaxxon.zaxxon-alert", (f"Zaxxon moves only once it is alerted; asleep, it stays on the ZAXXON "
                                           f"space {b.name(b.zaxxon_start)}-{b.name(b.nbr[b.zaxxon_start][E])}")
        if s.variant.zaxxon_awake and not s.zx_active:
            return "zaxxon.zaxxon-alert", "this game's variant zaxxon_awake has Zaxxon alerted from the start"
        cells: dict[int, str] = {}
        for ti, c in enumerate(s.tcell):
            if c < 0:
                continue
            if c in cells:
                return "zaxxon.outer-fuel-tank", f"two fuel tanks on FUEL space {b.name(c)}; each takes one space"
            cells[c] = f"the {b.targets[ti].kind} on {b.name(c)}"
        planes = s.planes
        flown: dict[int, str] = {}
        for pi, (c, high, grounded, _) in enumerate(planes):
            seat = pi // 2
            what = f"{COLOURS[seat]} plane #{pi % 2 + 1} on {b.name(c)}"
            t = b.terrain[c]
            if t == "#":
                return "zaxxon.blocked-spaces", f"{what}: a black space; planes cannot fly there"
            if t == "Z":
                return "zaxxon.zaxxon-area", f"{what}: planes never enter the Zaxxon area"
            if c not in self.allowed[seat]:
                return "zaxxon.own-side", f"{what}: the opponent's side; a plane stays out of it"
            if t == "W":
                return "zaxxon.wall-crossing", f"{what}: a high part of a wall; walls are crossed only at the low section"
            if t == "w":
                if not high:
                    return "zaxxon.wall-crossing", f"{what}: a wall is crossed only at High Altitude"
                if s.phase != MOVE or s.mover != seat or self.board.terrain[planes[pi ^ 1][0]] == "w":
                    return "zaxxon.wall-no-landing", (f"{what}: planes cannot land on a wall; a plane is on the "
                                                      f"wall only while its player is moving it across")
            if grounded:
                if not s.variant.grounded_after_shot:
                    return "zaxxon.shot-down-outer", (f"{what}: grounded, but in this game's variant a plane shot "
                                                      "down flies again the same turn")
                if s.phase not in (ZAXXON, MOVE):
                    return "zaxxon.shot-down-outer", (f"{what}: grounded at the {PHASES[s.phase]} phase; a plane "
                                                      "shot down flies again on the next turn")
                if t not in "HR" or high:
                    return "zaxxon.shot-down-outer", (f"{what}: grounded; a plane shot down waits at Low Altitude "
                                                      "on its home base or a RESTART space")
            if c in flown:
                return "zaxxon.no-passing-planes", (f"{what}: {flown[c]} is there already; a plane cannot land on "
                                                    "another plane")
            if c in cells:
                return "zaxxon.blocked-spaces", f"{what}: {cells[c]} stands there"
            flown[c] = f"{COLOURS[seat]} plane #{pi % 2 + 1}"
            if s.phase == MOVE and s.spin == "RED" and self.live_area(s, c, "silo"):
                return "zaxxon.red-silo-fire", (f"{what}: RED was spun, so a plane in (or entering) a missile silo "
                                                "area with its silo is shot down")
        for seat in (0, 1):
            if (tuple(s.mission[seat]) == MISSION_NEEDS and planes[seat * 2][3] and planes[seat * 2 + 1][3]):
                return "zaxxon.win", (f"{COLOURS[seat]}'s whole mission is complete: that player would have won "
                                      "already")
        return None

    # -- views: the position as JSON and as text ---------------------------------------------------------------------
    def to_json(self, state: ZState) -> dict[str, Any]:
        s, b = state, self.board
        planes = []
        for i, p in enumerate(s.planes):
            planes.append({"seat": i // 2, "number": i % 2 + 1, "colour": COLOURS[i // 2], "space": b.name(p[0]),
                           "altitude": "high" if p[1] else "low", "grounded": bool(p[2]), "done": bool(p[3])})
        targets = []
        for t in b.targets:
            c = s.tcell[t.idx]
            targets.append({"id": t.idx, "kind": t.kind, "owner": t.owner, "start": b.name(t.cell),
                            "space": b.name(c) if c >= 0 else None, "inner": bool(s.tinner[t.idx]),
                            "indestructible": t.indestructible, "optional": t.optional})
        mission = []
        for seat in (0, 1):
            m = s.mission[seat]
            mission.append({"outer_fuel": m[0], "outer_silo": m[1], "outer_turret": m[2], "inner_fuel": m[3],
                            "zaxxon": [bool(s.planes[seat * 2][3]), bool(s.planes[seat * 2 + 1][3])]})
        w, e = self.zaxxon_spaces(s)
        return {"phase": PHASES[s.phase], "round": s.round, "dice": list(s.dice), "lower": s.low,
                "mover": s.mover, "count": s.count, "spin": s.spin, "planes": planes, "targets": targets,
                "zaxxon": {"spaces": [b.name(w), b.name(e)], "active": s.zx_active, "facing": self.facing(s)},
                "mission": mission, "winner": s.winner}

    def describe(self, state: ZState) -> str:
        s, b = state, self.board
        glyph = {"#": "##", ".": "..", "W": "==", "w": "~~", "H": "hb", "R": "RS", "F": "FU", "Z": "zz"}
        cells = [glyph[t] for t in b.terrain]
        for ti, c in enumerate(s.tcell):
            if c >= 0:
                t = b.targets[ti]
                cells[c] = {"fuel": "F", "silo": "S", "turret": "T"}[t.kind] + (
                    "b" if t.owner == 0 else "r" if t.owner == 1 else "!" if t.indestructible else "o")
        w, e = self.zaxxon_spaces(s)
        cells[w], cells[e] = "<Z", "Z>"
        for i, p in enumerate(s.planes):
            cells[p[0]] = ("B" if i < 2 else "R") + str(i % 2 + 1) if not p[1] else ("b" if i < 2 else "r") + str(
                i % 2 + 1)
        lines = []
        for r in range(b.rows):
            row = "".join(cells[r * b.cols:(r + 1) * b.cols])
            lines.append(f"{chr(65 + r)} {' ' if r & 1 else ''}{row}")
        m = [f"{COLOURS[x]} {sum(min(a, n) for a, n in zip(s.mission[x], MISSION_NEEDS, strict=True))}/6 targets, "
             f"Zaxxon {s.planes[2 * x][3] + s.planes[2 * x + 1][3]}/2" for x in (0, 1)]
        status = (f"turn {s.round}, {PHASES[s.phase]}" + (f", dice {s.dice[0]}-{s.dice[1]}" if s.low >= 0 else "")
                  + (f", spin {s.spin}" if s.spin else "") + (f", {s.count} to use" if s.phase in (MOVE, ZAXXON)
                                                               else "") + ("; Zaxxon awake" if s.zx_active else "")
                  + f"; Zaxxon faces {FACING_WORD[self.facing(s)]}")
        return "\n".join([status, "; ".join(m)] + lines + [
            "B1/B2 blue planes, R1/R2 red (lower case = High Altitude); <Z Z> Zaxxon; Sb/Tb/Fb blue targets, "
            "Sr/Tr/Fr red, So/To optional, S!/T! indestructible; == wall, ~~ low section; RS restart; FU fuel; "
            "radar between rows F and G"])
