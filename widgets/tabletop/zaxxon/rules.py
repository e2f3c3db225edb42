"""The Zaxxon rules: the reference engine, in the rulebook's order (every rule named by a clause id of rules.toml).

A turn: ``Roll`` (both dice at once, ties re-rolled) -> ``Spin`` by the lower roller (enemy fire; with Zaxxon
awake a "Z" gives ``MoveZaxxon`` / ``ZaxxonShoot`` first) -> the lower roller spends the die count on ``Move``,
``Altitude`` and ``Shoot`` (``EndTurn`` to stop early) -> the higher roller does the same.

``ZaxxonRules`` is sectioned by the rulebook's headings and steps ("How to Play the Game, 2. Using the Spinner",
"Game Play in the Outer Fortress, 3. Planes Shot Down", ...), each listing the clause ids it implements; every
event and refusal names its clause beside the code. Elsewhere: the actions (``actions.py``), the variant options
(``variant.py``), the state (``state.py``), the sentences (``texts.py``), set-up, saving and the views
(``setup.py``) and the fast path the games play with (``fast.py``, held equal to this file by
``tests/zaxxon/test_differential.py``).

Public queries (for bots, boards and lessons): :meth:`~ZaxxonRules.plane_at`, :meth:`~ZaxxonRules.target_at`,
:meth:`~ZaxxonRules.zaxxon_spaces`, :meth:`~ZaxxonRules.live_area`, :meth:`~ZaxxonRules.on_wall`,
:meth:`~ZaxxonRules.move_problem`, :meth:`~ZaxxonRules.plane_steps`, :meth:`~ZaxxonRules.plane_shots`,
:meth:`~ZaxxonRules.shot_line`,
:meth:`~ZaxxonRules.target_problem`, :meth:`~ZaxxonRules.free_fuel_spaces`, :meth:`~ZaxxonRules.zaxxon_shot_hit`,
:meth:`~ZaxxonRules.facing`, :meth:`~ZaxxonRules.progress`; ``queries.py`` adds routes over several steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..engine import Action, Context, IllegalAction, Rules, Variant
from . import texts
from .actions import Altitude, EndTurn, Move, MoveZaxxon, Roll, Shoot, Spin, ZaxxonShoot
from .board import BOARD, DIRS, FACING_WORD, ZAXXON_MOVES, ZAXXON_SHOTS, Board, zaxxon_move_words
from .setup import ZaxxonSetup
from .state import COLOURS, MISSION_NAMES, MISSION_NEEDS, MOVE, OVER, PHASES, ROLL, SPIN, ZAXXON, ZState
from .variant import SCENARIOS, SPINNER, ZaxxonVariant

E = DIRS.index("E")
#: what each phase waits for, and its clause (refusing an action out of turn)
_WAITING = {ROLL: ("zaxxon.roll", "the dice must be rolled"),
            SPIN: ("zaxxon.spinner", "the lower roller must spin the spinner"),
            ZAXXON: ("zaxxon.zaxxon-spin", "the lower roller must first move Zaxxon (a Z was spun)"),
            MOVE: ("zaxxon.order-of-play", "it is time to move planes"), OVER: ("zaxxon.win", "the game is over")}


class ZaxxonRules(ZaxxonSetup, Rules[ZState]):
    """The rules of Zaxxon, read as the rulebook (set-up and views: :class:`~tabletop.zaxxon.setup.ZaxxonSetup`)."""

    name = "zaxxon"
    title = "Zaxxon"
    action_types = (Roll, Spin, Move, Altitude, Shoot, EndTurn, MoveZaxxon, ZaxxonShoot)
    chance_domains = {"die": (1, 2, 3, 4, 5, 6), "spinner": SPINNER}
    variant_type = ZaxxonVariant
    default_players = ("Player 1 (blue)", "Player 2 (red)")
    #: 2: Zaxxon faces the nearest attacking plane (its shots follow), the home bases open into the outer
    #: fortresses (board.toml)
    rules_version = 2
    #: apply never keeps its Context: event texts capture values (names, numbers), never ``ctx``
    reuses_context = True
    catalog_path = Path(__file__).with_name("rules.toml")
    #: a search bot's random playouts are cut off after this many actions and scored by :meth:`evaluate` (random
    #: Zaxxon games almost never end)
    playout_depth = 40

    # == How to Set Up the Game ======================================================================================
    #    zaxxon.contents, zaxxon.board, zaxxon.setup (steps 6-8); Your Mission: zaxxon.mission
    def __init__(self, board: Board | None = None) -> None:
        self.board = b = board or BOARD
        n = len(b.terrain)
        #: per seat: the spaces its planes may ever occupy (zaxxon.own-side: its home base, outer fortress, the
        #: walls and the inner fortress; never a black space or the Zaxxon area)
        self.allowed = [frozenset(i for i, (z, t) in enumerate(zip(b.zone, b.terrain, strict=True))
                                  if z in zones and t != "Z" and t != "#") for zones in ("1api", "2bqi")]
        #: per seat and space: may a plane of this seat ever stand on / fly over it (walls: only the low section)
        self.passable = [[i in self.allowed[s] and b.terrain[i] != "W" for i in range(n)] for s in (0, 1)]
        #: per seat and space: the neighbours (in direction order) a plane of that seat may ever step to
        self.steps = [tuple(tuple(to for to in b.nbr[c] if to >= 0 and self.passable[s][to]) for c in range(n))
                      for s in (0, 1)]
        #: per space: what flying onto it costs (zaxxon.wall-crossing: the wall counts one, the space beyond one)
        self.step_cost = tuple(2 if t == "w" else 1 for t in b.terrain)
        #: per space and direction: every space in a straight line to the board's edge (shots)
        self.lines = [tuple(tuple(b.line(c, d)) for d in range(6)) for c in range(n)]
        self._handlers = {Roll: self._apply_roll, Spin: self._apply_spin, MoveZaxxon: self._apply_zaxxon,
                          ZaxxonShoot: self._apply_zaxxon, Move: self._apply_move, Altitude: self._apply_altitude,
                          Shoot: self._apply_shoot, EndTurn: self._apply_end}

    def initial_state(self, ctx: Context) -> ZState:
        b = self.board
        assert isinstance(ctx.variant, ZaxxonVariant)
        s = ZState(ctx.variant)
        for seat in (0, 1):
            for k in (0, 1):
                s.planes.append([b.home[seat][k], 0, 0, 0])
        s.tcell = [t.cell for t in b.targets]
        s.tinner = [0] * len(b.targets)
        s.zx = b.zaxxon_start
        if ctx.variant.scenario:
            self.apply_scenario(s, SCENARIOS[ctx.variant.scenario])
            ctx.emit("zaxxon.setup", (texts.scenario, SCENARIOS[ctx.variant.scenario]["title"]), player=None)
        if ctx.variant.zaxxon_awake and not s.zx_active:
            s.zx_active = True
            ctx.emit("zaxxon.zaxxon-alert", texts.AWAKE_FROM_START, player=None)
        ctx.emit("zaxxon.setup", texts.SETUP, player=None)
        ctx.emit("zaxxon.mission", texts.MISSION, player=None)
        return s

    # -- the kit's questions ------------------------------------------------------------------------------------------
    def current_player(self, state: ZState) -> int | None:
        return state.mover

    def winner(self, state: ZState) -> int | None:
        return state.winner

    def copy_state(self, state: ZState) -> ZState:
        return state.copy()

    def progress(self, state: ZState, seat: int) -> int:
        """How much of ``seat``'s mission is done (zaxxon.mission, zaxxon.win): each target it needs that it has
        shot (at most the number needed of each kind: six) plus each of its planes that has shot Zaxxon (two);
        8 is the whole mission."""
        done = sum(min(a, need) for a, need in zip(state.mission[seat], MISSION_NEEDS, strict=True))
        return done + state.planes[seat * 2][3] + state.planes[seat * 2 + 1][3]

    def evaluate(self, state: ZState) -> tuple[float, float]:
        """A cut-off estimate of each seat's chance to win, from the mission progress (zaxxon.win: the first to
        complete the whole mission wins): 1 / 0 once the game is won, else ``1/2 + (mine - theirs) / 20`` from
        each seat's :func:`~tabletop.zaxxon.queries.standing` (its progress plus how near its planes are to a
        firing position), kept within 0.01-0.99. Random playouts of Zaxxon almost never finish a mission, so a
        search bot (``tabletop.sim.mcts``) scores its cut-off playouts with this."""
        from .queries import standing

        if state.winner is not None:
            return (1.0, 0.0) if state.winner == 0 else (0.0, 1.0)
        lead = (standing(self, state, 0) - standing(self, state, 1)) / 20
        lead = -0.49 if lead < -0.49 else 0.49 if lead > 0.49 else lead
        return 0.5 + lead, 0.5 - lead

    def rig_domain(self, kind: str, variant: Variant, state: ZState | None) -> Sequence[Any] | None:
        """The outcomes chance ``kind`` can show under ``variant`` (``zaxxon.spinner``): a spinner sector whose
        share (variant option ``spinner_weights``) is 0 never comes up, so it cannot be rigged either. The die
        is always 1-6 (None: the static domain)."""
        if kind == "spinner" and isinstance(variant, ZaxxonVariant):
            return self.spinner(variant)[0]
        return None

    # == How to Play the Game: what may be done at each moment =======================================================
    #    zaxxon.roll, zaxxon.spinner, zaxxon.zaxxon-spin, zaxxon.split-count, zaxxon.end-turn; every action goes
    #    through apply
    def legal_actions(self, state: ZState) -> list[Action]:
        s = state
        if s.phase == OVER:
            return []
        if s.phase == ROLL:
            return [Roll()]
        if s.phase == SPIN:
            return [Spin()]
        if s.phase == ZAXXON:
            moves: list[Action] = [MoveZaxxon(d) for d in ZAXXON_MOVES if self.zaxxon_move_ok(s, d)]
            return moves + [ZaxxonShoot(side, d) for side, ds in ZAXXON_SHOTS[self.facing(s)].items() for d in ds]
        seat = s.mover
        assert seat is not None
        out: list[Action] = []
        wall = self.on_wall(s, seat)
        # zaxxon.split-count: either plane may use the count (the one on a wall must first step off it)
        for pi in (wall,) if wall >= 0 else (seat * 2, seat * 2 + 1):
            p = s.planes[pi]
            if p[2]:
                continue  # zaxxon.shot-down-outer: shot down this turn
            num = pi % 2 + 1
            out += [Move(num, self.board.names[to]) for to in self.plane_steps(s, pi)]
            if wall < 0:
                out.append(Altitude(num, not p[1]))
                out += self.plane_shots(s, pi)
        # zaxxon.end-turn: stop with count left (never on top of a wall)
        if wall < 0 and not (out and s.variant.must_use_full_count):
            out.append(EndTurn())
        return out

    def apply(self, state: ZState, action: Action, ctx: Context) -> None:
        seat = state.mover
        assert seat is not None
        handler = self._handlers.get(type(action))
        if handler is None:
            raise IllegalAction("zaxxon.actions", f"{action} is not a Zaxxon move")
        before = self.facing(state)
        handler(state, seat, action, ctx)
        self._turned(state, ctx, before)

    def _turned(self, s: ZState, ctx: Context, before: str) -> None:
        """zaxxon.zaxxon-moves: Zaxxon turns when the nearest attacking plane is now on its other side (``before``:
        where it faced)."""
        after = self.facing(s)
        if after != before:
            ctx.emit("zaxxon.zaxxon-moves", texts.FACE[after], player=None, facing=after)

    def _phase(self, s: ZState, want: int, what: object) -> None:
        if s.phase != want:
            rule, now = _WAITING[s.phase]
            raise IllegalAction(rule, f"you cannot {what} now: {now}")

    # == How to Play the Game, 1. Rolling the Die ====================================================================
    #    zaxxon.roll
    def _apply_roll(self, s: ZState, seat: int, action: Any, ctx: Context) -> None:
        """Both players roll at once (ties re-rolled); the lower roller spins and plays first."""
        self._phase(s, ROLL, "roll the dice")
        while True:
            d0, d1 = ctx.draw("die"), ctx.draw("die")  # (what ctx.roll() draws)
            if d0 != d1:
                break
            ctx.emit("zaxxon.roll", (texts.tie, d0), player=None, die=d0)
        s.dice = [d0, d1]
        s.low = low = 0 if d0 < d1 else 1
        s.phase, s.mover = SPIN, low
        players = ctx.players
        ctx.emit("zaxxon.roll", (texts.roll, s.round, players[0], d0, players[1], d1), player=None, dice=[d0, d1])
        ctx.emit("zaxxon.order-of-play", (texts.lower, players[low], players[1 - low]), player=low)

    # == How to Play the Game, 2. Using the Spinner ==================================================================
    #    zaxxon.spinner, zaxxon.red-silo-fire, zaxxon.blue-turret-fire, zaxxon.white-safe, zaxxon.destroyed-areas-safe
    def spinner(self, v: ZaxxonVariant) -> tuple[tuple[str, ...], tuple[float, ...]]:
        """The sectors the spinner can show under variant ``v`` and their weights (``ZaxxonVariant.spinner_draw``)."""
        return v.spinner_draw()

    def _apply_spin(self, s: ZState, seat: int, action: Any, ctx: Context) -> None:
        """The lower roller spins: enemy fire from silos/turrets, all safe, or Zaxxon."""
        self._phase(s, SPIN, "spin")
        v = s.spin = ctx.draw("spinner", *self.spinner(s.variant))
        name = ctx.players[seat]
        ctx.emit("zaxxon.spinner", (texts.spin, name, v), spin=v)
        s.phase, s.stage, s.count = MOVE, 0, s.dice[s.low]
        if v == "RED":
            self._area_fire(s, ctx, "silo")
        elif v == "BLUE":
            self._area_fire(s, ctx, "turret")
        elif v == "WHITE":
            ctx.emit("zaxxon.white-safe", texts.WHITE, player=None)
        elif s.zx_active:
            s.phase = ZAXXON
            ctx.emit("zaxxon.zaxxon-spin", (texts.zaxxon_spin, name, s.count), count=s.count)
        else:
            ctx.emit("zaxxon.zaxxon-spin", texts.Z_ASLEEP, player=None)

    def live_area(self, s: ZState, cell: int, kind: str) -> bool:
        """Is ``cell`` in a ``kind`` ("silo"/"turret") area whose silo or turret still stands (so it fires)?"""
        a = self.board.area_of[cell]
        return a >= 0 and self.board.areas[a].kind == kind and s.tcell[self.board.areas[a].target] >= 0

    def _area_fire(self, s: ZState, ctx: Context, kind: str) -> None:
        """RED: every plane in a missile silo area with its silo is shot down; BLUE: the same for gun turrets."""
        rule = "zaxxon.red-silo-fire" if kind == "silo" else "zaxxon.blue-turret-fire"
        b = self.board
        for pi, p in enumerate(s.planes):
            a = b.area_of[p[0]]
            if a < 0 or b.areas[a].kind != kind:
                continue
            if s.tcell[b.areas[a].target] < 0:
                ctx.emit("zaxxon.destroyed-areas-safe", (texts.safe, b.name(p[0]), kind), player=pi // 2)
                continue
            t = b.targets[b.areas[a].target]
            self._shoot_down(s, ctx, pi, rule, f"the {'missile silo' if kind == 'silo' else 'gun turret'} at "
                             f"{b.name(t.cell)}")

    # == How to Play the Game, 3. Order of Play ======================================================================
    #    zaxxon.order-of-play, zaxxon.split-count, zaxxon.end-turn, zaxxon.turn-cap
    def _spend(self, s: ZState, ctx: Context, n: int) -> None:
        """Use ``n`` of the die count; the count spent, the other player plays (or the turn is over)."""
        s.count -= n
        if s.count <= 0 and s.phase == MOVE:
            self._next_stage(s, ctx)

    def _next_stage(self, s: ZState, ctx: Context) -> None:
        if s.stage == 0:
            hi = 1 - s.low
            s.stage, s.mover = 1, hi
            s.count = s.dice[hi]
            ctx.emit("zaxxon.order-of-play", (texts.higher, ctx.players[hi], s.dice[hi]), player=hi)
            return
        s.phase, s.stage, s.spin, s.count, s.mover = ROLL, 0, "", 0, 0
        for p in s.planes:
            p[2] = 0
        s.round += 1
        cap = s.variant.max_rounds
        if cap and s.round > cap:
            s.phase, s.mover = OVER, None
            ctx.emit("zaxxon.turn-cap", (texts.turn_cap, cap), player=None)

    def _apply_end(self, s: ZState, seat: int, action: Any, ctx: Context) -> None:
        """End the turn with count left (the next player plays, or the turn is over)."""
        self._phase(s, MOVE, action)
        w = self.on_wall(s, seat)
        if w >= 0:
            raise IllegalAction("zaxxon.wall-no-landing", f"plane #{w % 2 + 1} is on top of the wall and must "
                                "cross it first; planes cannot land on a wall")
        if s.variant.must_use_full_count and EndTurn() not in self.legal_actions(s):
            raise IllegalAction("zaxxon.end-turn", f"you still have {s.count} to use and the variant "
                                "must_use_full_count is on")
        ctx.emit("zaxxon.end-turn", (texts.end, ctx.players[seat], s.count))
        self._next_stage(s, ctx)

    # == How to Play the Game, 4. How a Fighter Plane Moves ==========================================================
    #    zaxxon.plane-moves, zaxxon.no-passing-planes, zaxxon.blocked-spaces, zaxxon.own-side, zaxxon.altitude; the
    #    checks of walls (Outer Fortress 2), the RADAR barrier (Inner Fortress 4) and the Zaxxon area (Inner Fortress 10)
    #    are made here too, as a move is checked
    def plane_at(self, s: ZState, cell: int) -> int:
        """The plane (index ``seat * 2 + number - 1``) on ``cell``, or -1."""
        return next((i for i, p in enumerate(s.planes) if p[0] == cell), -1)

    def _plane(self, s: ZState, seat: int, number: Any) -> int:
        if number not in (1, 2) or isinstance(number, bool):
            raise IllegalAction("zaxxon.split-count", f"there is no plane #{number}; you fly planes #1 and #2")
        pi: int = seat * 2 + number - 1
        p = s.planes[pi]
        if p[2]:
            rule = "zaxxon.shot-down-inner" if self.board.terrain[p[0]] == "R" else "zaxxon.shot-down-outer"
            raise IllegalAction(rule, f"plane #{number} was shot down this turn; it flies again on your next turn")
        return pi

    def _cell(self, name: Any, rule: str) -> int:
        if not isinstance(name, str) or name.upper() not in self.board.index:
            raise IllegalAction(rule, f"{name!r} is not a space on the board (spaces are named like E4: row A-K, "
                                "column 1-31)")
        return self.board.index[name.upper()]

    def _flying(self, s: ZState, seat: int, action: Move | Altitude | Shoot) -> int:
        """The plane (index) a move, altitude change or shot is for, after the checks they share."""
        self._phase(s, MOVE, action)
        pi = self._plane(s, seat, action.plane)
        wall = self.on_wall(s, seat)
        if wall >= 0 and (wall != pi or type(action) is not Move):
            raise IllegalAction("zaxxon.wall-no-landing", f"plane #{wall % 2 + 1} is on top of the wall: it must "
                                "step off it first (planes cannot land on a wall)")
        return pi

    def move_problem(self, s: ZState, seat: int, pi: int, to: int) -> tuple[str, str] | None:
        """Why plane ``pi`` (of ``seat``) cannot step to space ``to`` now, as (clause, reason), or None: how a
        fighter plane moves, written once (``legal_actions`` lists the steps it allows, ``apply`` refuses the
        others with its reason)."""
        b = self.board
        p = s.planes[pi]
        here = p[0]
        if to not in b.nbr[here]:
            return "zaxxon.plane-moves", (f"{b.name(to)} is not next to {b.name(here)}; a plane moves one space at a "
                                          "time to one of the six adjacent spaces")
        t = b.terrain[to]
        if t == "#":
            return "zaxxon.blocked-spaces", f"{b.name(to)} is a black space; planes cannot fly there"
        if t == "Z":
            return "zaxxon.zaxxon-area", (f"{b.name(to)} is in the Zaxxon area; planes can come only to the white "
                                          "spaces next to it")
        if to not in self.allowed[seat]:
            return "zaxxon.own-side", f"{b.name(to)} is on your opponent's side; your planes stay out of it"
        if t == "W":
            return "zaxxon.wall-crossing", (f"{b.name(to)} is a high part of the wall; walls are crossed only at "
                                            "the low section")
        if t == "w":  # zaxxon.wall-crossing, zaxxon.wall-no-landing (Outer Fortress 2)
            if not p[1]:
                return "zaxxon.wall-crossing", ("Your plane is at Low Altitude; walls are crossed only at High "
                                                "Altitude")
            if s.count < 2:
                return "zaxxon.wall-no-landing", (f"crossing the wall takes 2 counts (the wall and the space "
                                                  f"beyond) and you have {s.count} left; planes cannot land on a wall")
        if self.plane_at(s, to) >= 0:
            return "zaxxon.no-passing-planes", f"a plane is on {b.name(to)}; planes cannot pass over or land on planes"
        if self.target_at(s, to) >= 0:
            return "zaxxon.blocked-spaces", f"a target stands on {b.name(to)}; planes cannot fly onto it"
        if s.low == seat and s.variant.radar_barrier and b.crosses_radar(here, to):  # Inner Fortress 4
            return "zaxxon.radar-barrier", (f"you rolled the lower number ({s.dice[seat]} against "
                                            f"{s.dice[1 - seat]}); a plane may cross the RADAR barrier only on a turn "
                                            "its player rolled higher (shooting through it is allowed)")
        return None

    def plane_steps(self, s: ZState, pi: int) -> list[int]:
        """The spaces plane ``pi`` may step to now (one count each; onto a wall's low section only with 2 left), in
        direction order: its neighbours :meth:`move_problem` allows."""
        seat = pi // 2
        return [to for to in self.board.nbr[s.planes[pi][0]] if to >= 0 and self.move_problem(s, seat, pi, to) is None]

    def _apply_move(self, s: ZState, seat: int, action: Move, ctx: Context) -> None:
        """A plane moves one space (one count)."""
        b = self.board
        pi = self._flying(s, seat, action)
        p = s.planes[pi]
        to = self._cell(action.to, "zaxxon.plane-moves")
        prob = self.move_problem(s, seat, pi, to)
        if prob:
            raise IllegalAction(*prob)
        here = p[0]
        p[0] = to
        num = action.plane
        ctx.emit("zaxxon.plane-moves", (texts.move, num, b.names[here], b.names[to]), plane=num, to=b.names[to])
        if b.terrain[to] == "w":
            ctx.emit("zaxxon.wall-crossing", texts.WALL[num], plane=num)
        if b.terrain[here] == "w" and b.zone[to] == "i":  # Inner Fortress 1
            ctx.emit("zaxxon.inner-entry", texts.INNER[num], plane=num)
        if b.crosses_radar(here, to):  # Inner Fortress 4-5
            ctx.emit("zaxxon.radar-barrier", texts.RADAR[num], plane=num)
            if not s.zx_active:
                s.zx_active = True
                ctx.emit("zaxxon.zaxxon-alert", texts.ALERTED, player=None)
        if s.spin == "RED" and self.live_area(s, to, "silo") and not self.live_area(s, here, "silo"):
            self._shoot_down(s, ctx, pi, "zaxxon.red-silo-fire", "a missile silo (RED: planes entering a "
                             "silo area are shot down)")
        elif (s.spin == "BLUE" and s.variant.turret_fires_on_entry
              and self.live_area(s, to, "turret") and not self.live_area(s, here, "turret")):
            self._shoot_down(s, ctx, pi, "zaxxon.blue-turret-fire", "a gun turret (BLUE, variant: entering)")
        self._spend(s, ctx, 1)

    def _apply_altitude(self, s: ZState, seat: int, action: Altitude, ctx: Context) -> None:
        """A plane changes altitude (one count)."""
        pi = self._flying(s, seat, action)
        p = s.planes[pi]
        if bool(action.high) == bool(p[1]):
            raise IllegalAction("zaxxon.altitude", f"plane #{action.plane} is already at "
                                f"{'High' if p[1] else 'Low'} Altitude")
        p[1] = 1 if action.high else 0
        ctx.emit("zaxxon.altitude", texts.ALTITUDE[action.plane, bool(p[1])], plane=action.plane, high=bool(p[1]))
        self._spend(s, ctx, 1)

    # == Game Play in the Outer Fortress, 1. Shooting Targets ========================================================
    #    zaxxon.shooting, zaxxon.shoot-low, zaxxon.shoot-silo-turret, zaxxon.outer-fuel-tank, zaxxon.own-targets,
    #    zaxxon.turn-example; the same shot serves the Inner Fortress (2. zaxxon.inner-fuel-tank, 3. zaxxon.dogfight,
    #    zaxxon.shoot-zaxxon, 8.-9. zaxxon.optional-targets, zaxxon.indestructible)
    def target_at(self, s: ZState, cell: int) -> int:
        """The target (index into ``board.targets``) standing on ``cell``, or -1."""
        return s.tcell.index(cell) if cell in s.tcell else -1

    def shot_line(self, s: ZState, pi: int, at: int) -> tuple[int, str, list[int]] | tuple[None, str, list[int]]:
        """The cost of a shot from plane ``pi`` at space ``at``, its direction and the spaces it passes, or None
        and why it cannot reach (a straight line through empty spaces; one count per space)."""
        b = self.board
        here = s.planes[pi][0]
        for d in range(6):
            line = self.lines[here][d]
            if at in line:
                n = line.index(at) + 1
                path = list(line[: n - 1])
                for c in path:
                    t = b.terrain[c]
                    if t == "#":
                        return None, f"the black space at {b.name(c)} stops the shot", path
                    if t in "Ww":
                        return None, f"the wall at {b.name(c)} stops the shot", path
                    if self.plane_at(s, c) >= 0:
                        return None, f"the plane at {b.name(c)} is in the way", path
                    if self.target_at(s, c) >= 0 or c in self.zaxxon_spaces(s):
                        return None, f"the piece at {b.name(c)} is in the way", path
                return n, DIRS[d], path
        return None, (f"{b.name(at)} is not in a straight line from {b.name(here)}; shots go in one of the six "
                      "directions"), []

    def plane_shots(self, s: ZState, pi: int) -> list[Shoot]:
        """Plane ``pi``'s shots now: in each direction, the first piece (plane, target, Zaxxon) within the count
        before a wall or black space, if it may be shot (a fuel tank of an outer fortress once per free FUEL
        space it could be sent to)."""
        b = self.board
        num = pi % 2 + 1
        out: list[Shoot] = []
        for line in self.lines[s.planes[pi][0]]:
            for c in line[:s.count]:
                if b.terrain[c] in "#Ww":
                    break
                if self.plane_at(s, c) < 0 and self.target_at(s, c) < 0 and c not in self.zaxxon_spaces(s):
                    continue
                if self.target_problem(s, pi // 2, pi, c) is None:
                    ti = self.target_at(s, c)
                    if ti >= 0 and b.targets[ti].kind == "fuel" and not s.tinner[ti]:
                        out += [Shoot(num, b.names[c], b.names[f]) for f in self.free_fuel_spaces(s)]
                    else:
                        out.append(Shoot(num, b.names[c]))
                break
        return out

    def free_fuel_spaces(self, s: ZState) -> list[int]:
        """The FUEL spaces of the inner fortress with no fuel tank or plane on them (where a shot tank may go)."""
        return [f for f in self.board.fuel_spaces if f not in s.tcell and self.plane_at(s, f) < 0]

    def target_problem(self, s: ZState, seat: int, pi: int, at: int) -> tuple[str, str] | None:
        """Why the thing on ``at`` may not be shot by plane ``pi`` of ``seat`` (ignoring line and count), or None."""
        b = self.board
        p = s.planes[pi]
        other = self.plane_at(s, at)
        if other >= 0:  # Inner Fortress 3
            if other // 2 == seat:
                return "zaxxon.dogfight", "that is your own plane"
            if at not in b.dogfight or p[0] not in b.dogfight:
                return "zaxxon.dogfight", ("dogfights happen only when both planes are inside the dogfight area "
                                           "(dotted spaces, orange border)")
            if s.planes[other][1] != p[1]:
                return "zaxxon.dogfight", "in a dogfight both planes must be at the same altitude"
            return None
        if at in self.zaxxon_spaces(s):  # Inner Fortress 2
            if p[3]:
                return "zaxxon.shoot-zaxxon", (f"plane #{pi % 2 + 1} has already shot Zaxxon; each plane shoots it "
                                               "once")
            if p[1]:
                return "zaxxon.shoot-low", ("Your plane is at High Altitude; lower it to Low Altitude to shoot a "
                                            "target")
            return None
        ti = self.target_at(s, at)
        if ti < 0:
            return "zaxxon.shooting", f"there is nothing to shoot at {b.name(at)}"
        t = b.targets[ti]
        if t.indestructible:  # Inner Fortress 9
            return "zaxxon.indestructible", (f"the {t.kind} at {b.name(at)} is ringed by purple triangles: it is "
                                             "indestructible and cannot be shot")
        if p[1]:
            return "zaxxon.shoot-low", "Your plane is at High Altitude; lower it to Low Altitude to shoot a target"
        if t.owner is not None and t.owner != seat:
            return "zaxxon.own-targets", f"the {COLOURS[t.owner]} {t.kind} at {b.name(at)} is your opponent's target"
        return None

    def _fuel_destination(self, s: ZState, action: Shoot, fuel_outer: bool) -> int:
        """zaxxon.outer-fuel-tank: the FUEL space a fuel tank shot in an outer fortress is sent to (-1: no tank)."""
        b = self.board
        if action.fuel_to and not fuel_outer:
            raise IllegalAction("zaxxon.outer-fuel-tank", "only a fuel tank shot in an outer fortress is moved to a "
                                "FUEL space")
        if not fuel_outer:
            return -1
        if not action.fuel_to:
            raise IllegalAction("zaxxon.outer-fuel-tank", "say which FUEL space of the inner fortress the fuel "
                                "tank moves to (fuel_to)")
        dest = self._cell(action.fuel_to, "zaxxon.outer-fuel-tank")
        if dest not in b.fuel_spaces:
            raise IllegalAction("zaxxon.outer-fuel-tank", f"{b.name(dest)} is not a FUEL space of the inner "
                                "fortress")
        if dest not in self.free_fuel_spaces(s):
            raise IllegalAction("zaxxon.outer-fuel-tank", f"FUEL space {b.name(dest)} is taken")
        return dest

    def _apply_shoot(self, s: ZState, seat: int, action: Shoot, ctx: Context) -> None:
        """A plane shoots along a straight line: one count per space the shot passes through."""
        b = self.board
        pi = self._flying(s, seat, action)
        at = self._cell(action.at, "zaxxon.shooting")
        prob = self.target_problem(s, seat, pi, at)
        if prob:
            raise IllegalAction(*prob)
        cost, why, _ = self.shot_line(s, pi, at)
        if cost is None:
            raise IllegalAction("zaxxon.shooting", why)
        if cost > s.count:
            raise IllegalAction("zaxxon.shooting", f"the shot passes through {cost} spaces and costs {cost}; "
                                f"you have {s.count} left")
        other, ti = self.plane_at(s, at), self.target_at(s, at)
        dest = self._fuel_destination(s, action, ti >= 0 and b.targets[ti].kind == "fuel" and not s.tinner[ti])
        s.count -= cost
        if other >= 0:
            self._dogfight(s, ctx, action.plane, other, at, cost)
        elif at in self.zaxxon_spaces(s):
            self._shoot_zaxxon(s, ctx, pi, cost)
        else:
            self._shoot_target(s, ctx, pi, ti, dest, cost)
        self._check_win(s, ctx, seat)
        if s.phase == MOVE and s.count <= 0:
            self._next_stage(s, ctx)

    def _shoot_target(self, s: ZState, ctx: Context, pi: int, ti: int, dest: int, cost: int) -> None:
        """A target is hit: a fuel tank of an outer fortress moves to FUEL space ``dest`` (zaxxon.outer-fuel-tank),
        one in the inner fortress is removed (zaxxon.inner-fuel-tank); a silo or turret is removed."""
        b = self.board
        seat, num = pi // 2, pi % 2 + 1
        t = b.targets[ti]
        at = b.name(s.tcell[ti])
        m = s.mission[seat]
        if t.kind == "fuel" and s.tinner[ti]:
            s.tcell[ti] = -1
            m[3] += 1
            ctx.emit("zaxxon.inner-fuel-tank", (texts.inner_fuel, num, seat, at, cost), plane=num, cost=cost)
        elif t.kind == "fuel":
            s.tcell[ti], s.tinner[ti] = dest, 1
            m[0] += 1
            ctx.emit("zaxxon.outer-fuel-tank", (texts.outer_fuel, num, at, cost, b.name(dest)),
                     plane=num, cost=cost, to=b.name(dest))
        else:
            s.tcell[ti] = -1
            name = "missile silo" if t.kind == "silo" else "gun turret"
            if t.owner is None:  # Inner Fortress 8
                ctx.emit("zaxxon.optional-targets", (texts.optional_target, num, name, at, cost), plane=num,
                         cost=cost)
            else:
                m[1 if t.kind == "silo" else 2] += 1
                ctx.emit("zaxxon.shoot-silo-turret", (texts.silo_turret, num, name, at, cost), plane=num, cost=cost)

    # == Game Play in the Outer Fortress, 2. Crossing Walls ==========================================================
    #    zaxxon.wall-crossing, zaxxon.wall-no-landing (the step itself: move_problem)
    def on_wall(self, s: ZState, seat: int) -> int:
        """The plane (index) of ``seat`` standing on a wall's low section (it must step off first), or -1."""
        for pi in (seat * 2, seat * 2 + 1):
            if self.board.terrain[s.planes[pi][0]] == "w":
                return pi
        return -1

    # == Game Play in the Outer Fortress, 3. Planes Shot Down ========================================================
    #    zaxxon.shot-down-outer, zaxxon.shot-down-inner
    def _send_home(self, s: ZState, pi: int) -> int:
        seat, k = divmod(pi, 2)
        spots = self.board.home[seat]
        for c in (spots[k], spots[1 - k]):
            if self.plane_at(s, c) < 0:
                return c
        raise AssertionError("a home base always has room for its own two planes")

    def _restart(self, s: ZState, pi: int) -> int:
        """The RESTART space of its outer fortress a plane shot down in the inner fortress goes to (its home base
        when every RESTART space is taken)."""
        free = [c for c in self.board.restart[pi // 2] if self.plane_at(s, c) < 0]
        return free[0] if free else self._send_home(s, pi)

    def _ground(self, s: ZState, pi: int, dest: int) -> None:
        """Plane ``pi`` shot down lands on ``dest`` at Low Altitude (grounded until next turn, by the variant)."""
        p = s.planes[pi]
        p[0], p[1] = dest, 0
        if s.variant.grounded_after_shot:
            p[2] = 1

    def _shoot_down(self, s: ZState, ctx: Context, pi: int, rule: str, by: str) -> None:
        """Plane ``pi`` is shot down: home base from its outer fortress, a RESTART space from the inner."""
        b = self.board
        p = s.planes[pi]
        here = p[0]
        if b.zone[here] == "i":
            where_rule = "zaxxon.shot-down-inner"
            dest = self._restart(s, pi)
            place = f"RESTART space {b.name(dest)}" if b.terrain[dest] == "R" else "its home base (RESTART taken)"
        else:
            where_rule = "zaxxon.shot-down-outer"
            p[0] = -1
            dest = self._send_home(s, pi)
            place = "its home base"
        self._ground(s, pi, dest)
        ctx.emit(rule, (texts.shot_down, pi, b.name(here), by), player=pi // 2, plane=pi % 2 + 1, space=b.name(here))
        ctx.emit(where_rule, (texts.goes_to, pi, place, s.variant.grounded_after_shot),
                 player=pi // 2, plane=pi % 2 + 1, to=b.name(dest))

    # == Game Play in the Inner Fortress, 2. Shooting Targets in the Inner Fortress ==================================
    #    zaxxon.shoot-zaxxon (zaxxon.inner-fuel-tank: _shoot_target)
    def zaxxon_spaces(self, s: ZState) -> tuple[int, int]:
        """Zaxxon's two spaces (west, east)."""
        return s.zx, self.board.nbr[s.zx][E]

    def _shoot_zaxxon(self, s: ZState, ctx: Context, pi: int, cost: int) -> None:
        """zaxxon.shoot-zaxxon: the plane's mission is complete (home base); Zaxxon returns to its space."""
        p = s.planes[pi]
        p[0] = -1
        p[0], p[1], p[3] = self._send_home(s, pi), 0, 1
        s.zx = self.board.zaxxon_start
        ctx.emit("zaxxon.shoot-zaxxon", (texts.shoot_zaxxon, pi % 2 + 1, cost), plane=pi % 2 + 1, cost=cost)

    # == Game Play in the Inner Fortress, 3. Dogfights ===============================================================
    #    zaxxon.dogfight (which planes may be shot: target_problem)
    def _dogfight(self, s: ZState, ctx: Context, num: int, other: int, at: int, cost: int) -> None:
        b = self.board
        ctx.emit("zaxxon.dogfight", (texts.dogfight, num, other, cost), plane=num, at=b.name(at), cost=cost)
        dest = self._restart(s, other)
        self._ground(s, other, dest)
        ctx.emit("zaxxon.dogfight", (texts.dogfight_restart, other, b.name(dest)), player=other // 2,
                 to=b.name(dest))

    # == Game Play in the Inner Fortress, 5.-7. Zaxxon ===============================================================
    #    zaxxon.zaxxon-alert (in _apply_move), zaxxon.zaxxon-spin, zaxxon.zaxxon-moves, zaxxon.zaxxon-shoots
    def facing(self, s: ZState) -> str:
        """Where Zaxxon's front points, "S" or "N" (``zaxxon.zaxxon-moves``: "Zaxxon always faces toward the
        attacking fighter planes no matter where it moves").

        Reconstruction: its body lies west-east on two spaces, so its front points north or south. The attacking
        planes are the planes in the inner fortress; Zaxxon faces the nearest of them (hex distance to either of
        its spaces): north when every nearest one is on a row north of Zaxxon's, otherwise south - the setup
        facing, toward the purple triangles - also when no plane is in the inner fortress.
        """
        b = self.board
        attackers = [c for c, *_ in s.planes if c >= 0 and b.zone[c] == "i"]  # (-1: off the board, in a handler)
        if not attackers:
            return "S"
        w, e = self.zaxxon_spaces(s)
        near = {c: min(b.distance(w, c), b.distance(e, c)) for c in attackers}
        best = min(near.values())
        north = [c // b.cols < w // b.cols for c in attackers if near[c] == best]
        return "N" if all(north) else "S"

    def zaxxon_move_ok(self, s: ZState, d: str) -> bool:
        """May Zaxxon move in direction ``d`` (both its spaces stay in the Zaxxon area)?"""
        b = self.board
        w = b.nbr[s.zx][DIRS.index(d)]
        if w < 0 or w not in b.zaxxon_area:
            return False
        e = b.nbr[w][E]
        return e >= 0 and e in b.zaxxon_area

    def zaxxon_shot_hit(self, s: ZState, space: str, direction: str) -> int:
        """The plane (index) Zaxxon's shot from its ``space`` ("west"/"east") in ``direction`` hits, or -1: the shot
        travels until it hits a plane or a black space."""
        b = self.board
        src = self.zaxxon_spaces(s)[0 if space == "west" else 1]
        for c in self.lines[src][DIRS.index(direction)]:
            if b.terrain[c] == "#":
                return -1
            hit = self.plane_at(s, c)
            if hit >= 0:
                return hit
        return -1

    def _apply_zaxxon(self, s: ZState, seat: int, action: Any, ctx: Context) -> None:
        """After a Z: move Zaxxon or let it shoot, one count each."""
        self._phase(s, ZAXXON, "move Zaxxon")
        if isinstance(action, MoveZaxxon):
            self._move_zaxxon(s, ctx, action.direction)
        else:
            self._zaxxon_shoots(s, ctx, action)
        s.count -= 1
        if s.count == 0:
            s.phase, s.count = MOVE, s.dice[s.low]
            ctx.emit("zaxxon.zaxxon-spin", (texts.zaxxon_done, ctx.players[seat], s.count), count=s.count)

    def _move_zaxxon(self, s: ZState, ctx: Context, direction: Any) -> None:
        """zaxxon.zaxxon-moves: sideways or diagonally, never out of the Zaxxon area."""
        b = self.board
        if direction not in ZAXXON_MOVES:
            raise IllegalAction("zaxxon.zaxxon-moves", f"Zaxxon moves {', '.join(ZAXXON_MOVES)} only "
                                f"(sideways or diagonally), not {direction!r}")
        if not self.zaxxon_move_ok(s, direction):
            raise IllegalAction("zaxxon.zaxxon-moves", f"Zaxxon cannot move {direction}: it would "
                                "leave the Zaxxon area")
        old, facing = s.zx, self.facing(s)
        s.zx = new = b.nbr[s.zx][DIRS.index(direction)]
        ctx.emit("zaxxon.zaxxon-moves", (texts.zaxxon_moves, zaxxon_move_words(direction, facing), b.name(old),
                                         b.name(new), b.name(b.nbr[new][E]), self.facing(s)), to=b.name(new))

    def _zaxxon_shoots(self, s: ZState, ctx: Context, action: ZaxxonShoot) -> None:
        """zaxxon.zaxxon-shoots: W from its west space, E from its east space, or forward from either; a plane hit
        goes to a RESTART space of its outer fortress."""
        b = self.board
        facing = self.facing(s)
        ds = ZAXXON_SHOTS[facing].get(action.space) if isinstance(action.space, str) else None
        if ds is None or action.direction not in ds:
            fwd = "/".join(ZAXXON_SHOTS[facing]["west"][1:])
            raise IllegalAction("zaxxon.zaxxon-shoots", f"Zaxxon faces {FACING_WORD[facing]}: it shoots W "
                                f"from its west space, E from its east space, or {fwd} (forward) from either "
                                "space")
        hit = self.zaxxon_shot_hit(s, action.space, action.direction)
        if hit < 0:
            ctx.emit("zaxxon.zaxxon-shoots", (texts.zaxxon_misses, action.direction), direction=action.direction)
            return
        ctx.emit("zaxxon.zaxxon-shoots", (texts.zaxxon_hits, action.direction), direction=action.direction)
        here = s.planes[hit][0]
        dest = self._restart(s, hit)
        self._ground(s, hit, dest)
        ctx.emit("zaxxon.zaxxon-shoots", (texts.zaxxon_shot_down, hit, b.name(here), b.name(dest)),
                 player=hit // 2, plane=hit % 2 + 1, to=b.name(dest))

    # == How to Win the Game =========================================================================================
    #    zaxxon.win
    def _check_win(self, s: ZState, ctx: Context, seat: int) -> None:
        if tuple(s.mission[seat]) == MISSION_NEEDS and s.planes[seat * 2][3] and s.planes[seat * 2 + 1][3]:
            s.winner = seat
            s.phase, s.mover = OVER, None
            ctx.emit("zaxxon.win", (texts.win, ctx.players[seat]), player=seat)


__all__ = ["COLOURS", "MISSION_NAMES", "MISSION_NEEDS", "MOVE", "OVER", "PHASES", "ROLL", "SCENARIOS", "SPIN",
           "SPINNER", "ZAXXON", "Altitude", "EndTurn", "Move", "MoveZaxxon", "Roll", "Shoot", "Spin", "ZState",
           "ZaxxonRules", "ZaxxonShoot", "ZaxxonVariant"]
