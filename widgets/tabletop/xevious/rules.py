"""Super Xevious: the rules, in the order of the rulebook, each clause's code beside its id (``rules.toml``).

This is the reference engine: it reads as the rulebook. The pieces and the state are in ``state.py``, the actions
in ``actions.py``, the variant options in ``variant.py``, the sentences in ``texts.py``, position set-up and
serialisation in ``setup.py`` and the questions bots and lessons ask in ``queries.py``. The fast path that games
and simulations play (precomputed move tables, lists made once) is ``fast.FastXeviousRules``, held to this one by
``tests/xevious/test_differential.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ..engine import Action, Context, IllegalAction, Rules, Variant
from . import data, queries, setup
from .actions import (
    ACTIONS,
    AIMS,
    ATTACK,
    BLAST,
    CATCH_UP,
    ENEMY_AIMS,
    FIRE,
    FLY,
    PASS,
    ROLL,
    TRY_AGAIN,
    Aim,
    Attack,
    Blast,
    CatchUp,
    EnemyAim,
    Fire,
    Fly,
    Pass,
    Roll,
    StopAt,
    TryAgain,
    XAction,
    stop_at,
)
from .data import Awards, Space, Stage
from .state import ARROWS, COLOURS, HEADINGS2, HEADINGS4, MAX_MARKERS, Pilot, XeviousState
from .texts import (
    MARKERS,
    _fill,
    _said,
    _sheet_text,
    _t_ahead,
    _t_barra,
    _t_blast,
    _t_cockpit_up,
    _t_condition,
    _t_daley_covers,
    _t_daley_now,
    _t_damage,
    _t_face_down,
    _t_fight_ends,
    _t_fly,
    _t_fog,
    _t_forced,
    _t_full,
    _t_ground,
    _t_leaves,
    _t_next_stage,
    _t_order,
    _t_respawn,
    _t_respawn_stage1,
    _t_reveal,
    _t_shield,
    _t_solvalou_placed,
    _t_space,
    _t_takes,
    _t_victory,
    obj,
)
from .variant import XeviousVariant

if TYPE_CHECKING:
    from .fast import Track

#: every name other modules import from here (the pieces, actions and variant are re-exported)
__all__ = ["ACTIONS", "AIMS", "ARROWS", "ATTACK", "BLAST", "BLASTER_CARDS", "BLASTER_SOURCES", "BLASTER_WEIGHTS",
           "CATCH_UP", "COLOURS", "CONDITION_RULES", "ENEMY_AIMS", "FIRE", "FLY", "FORCED_STOPS", "FORM_RULE",
           "HEADINGS2", "HEADINGS4", "HIDDEN_SOL", "MARKERS", "MAX_MARKERS", "NO_GUARDS", "OPPOSITE", "PASS",
           "PHANTOM_GIFT", "ROLL", "TRY_AGAIN", "Aim", "Attack", "Blast", "CatchUp", "EnemyAim", "Fire", "Fly",
           "Move", "MovePlan", "Pass", "Pilot", "Roll", "StopAt", "TryAgain", "XAction", "XeviousRules",
           "XeviousState", "XeviousVariant", "obj", "stop_at"]

Square = tuple[int, int]
#: a planned move: its squares, why it ends, the steps it may stop after early, the exits it crosses (``MovePlan``)
Move = tuple[tuple[Square, ...], str, tuple[int, ...], tuple[tuple[int, Awards], ...]]
NO_GUARDS: frozenset[Square] = frozenset()


class MovePlan(NamedTuple):
    """A planned move (``XeviousRules.move_plan``): its squares, why it ends, the steps it may stop after early
    (the last square is always a stop too) and the exits it crosses (index in ``squares``, markers)."""

    squares: tuple[Square, ...]
    why: str
    stops: tuple[int, ...]
    exits: tuple[tuple[int, Awards], ...]


# ------------------------------------------------------------------------------------------- the rules' constants
OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}  # Locations 2: "towards each other"
PHANTOM_GIFT = Awards(l=1)  # Stage 4: a rescued Phantom wingman joins you as one more Solvalou Marker
HIDDEN_SOL = Awards(w=1)    # Stage 2: a won air-to-ground battle uncovers a hidden Sol citadel
BLASTER_CARDS = ("HIT!", "MISTAKE")
BLASTER_WEIGHTS = {1: (1, 2), 2: (2, 1)}  # variant blaster_hits: HIT! cards and MISTAKE cards of the three
BLASTER_SOURCES = {k: f"the {k.capitalize()}" for k in data.BLASTER_KINDS}
#: the clause of each stage condition (announced when its stage is put on the table)
CONDITION_RULES = {"andor-genesis": "xevious.condition-andor-genesis", "hidden-sol": "xevious.condition-hidden-sol",
                   "garu-zakato-fog": "xevious.condition-fog", "phantom-wingman": "xevious.condition-phantom",
                   "zoshi-squadrons": "xevious.condition-zoshi", "garu-barra": "xevious.condition-garu-barra",
                   "gump-core": "xevious.condition-gump"}
#: why a move ended early -> (the clause that stopped it, plain words); a guard in Stage 7 is a Gump Marker
FORCED_STOPS = {"entrance": ("xevious.entrance-stop", "the entrance of a new area"),
                "stop": ("xevious.must-stop", "a must-stop space"),
                "guard": ("xevious.condition-andor-genesis", "a standing guard")}

Step = Callable[["XeviousRules", XeviousState, int, Any, Context, XeviousVariant], None]


class XeviousRules(Rules[XeviousState]):
    name = "xevious"
    title = "Super Xevious"
    action_types = ACTIONS
    chance_domains: ClassVar[dict[str, tuple[Any, ...]]] = {
        "die": (1, 2, 3, 4, 5, 6),
        "blaster": ("HIT!", "MISTAKE"),
        "card": tuple(data.cards()),
        "heading": HEADINGS4,
        "braglease": HEADINGS4,
    }
    variant_type = XeviousVariant
    min_players = 1
    max_players = 4
    default_players = ("Blue", "Red")
    catalog_path = Path(__file__).with_name("rules.toml")
    #: 2: the rulebook's defaults (Cockpit Card and Daley Pieces became opt-in variants; Stage 3/4 conditions fill
    #: gaps only; catch-up from the exit gives its markers once; Gump strength from stages.toml)
    rules_version = 2
    #: apply never keeps its Context: event texts capture values (names, numbers), never ``ctx``
    reuses_context = True
    variant_free_state = True  # options are read from ctx.variant (the deck, headings and caps are values)
    SETUP_FIELDS = setup.SETUP_FIELDS
    PLAYER_FIELDS = setup.PLAYER_FIELDS
    #: a search bot's random playouts are cut off after this many actions and scored by :meth:`evaluate` (a random
    #: playout of a whole game runs 200-300 actions)
    playout_depth = 40

    def __init__(self) -> None:
        self.stages: tuple[Stage, ...] = data.stages()
        #: each stage's track, area by area (``boards[stage - 1][area][space]``)
        self.boards: tuple[tuple[tuple[Space, ...], ...], ...] = tuple(st.areas for st in self.stages)
        self.cards = data.cards()
        self._decks = {cockpit: data.deck(cockpit=cockpit) for cockpit in (False, True)}

    @cached_property
    def tracks(self) -> tuple[Track, ...]:
        """The stages' precomputed tracks (``fast.Track``), for bots and lessons that read a stage's squares."""
        from .fast import track_of

        return tuple(track_of(st) for st in self.stages)

    # ==================== the stage on the table and its guards =====================================================
    # clauses: xevious.pieces, condition-andor-genesis, condition-gump
    def stage_of(self, state: XeviousState) -> Stage:
        return self.stages[state.stage - 1]

    @staticmethod
    def _v(ctx: Context) -> XeviousVariant:
        v = ctx.variant
        assert isinstance(v, XeviousVariant)
        return v

    @staticmethod
    def headings(v: XeviousVariant) -> tuple[str, ...]:
        return HEADINGS4 if v.battle_headings == 4 else HEADINGS2

    def gumps_standing(self, state: XeviousState) -> frozenset[Square]:
        """The squares of the Gump Markers still standing (Stage 7; the last ``len(state.gumps)`` of the track)."""
        gp = self.stages[6].gumps
        off = len(gp) - len(state.gumps)
        return frozenset(gp[off + k] for k, up in enumerate(state.gumps) if up)

    def guards_for(self, state: XeviousState, pilot: Pilot) -> frozenset[Square]:
        """The squares where a standing guard blocks ``pilot`` now: the Andor Genesis it has not beaten
        (xevious.condition-andor-genesis, with the stage conditions) or the Gump Markers still standing
        (xevious.condition-gump)."""
        if state.stage == 7:
            return self.gumps_standing(state)
        if not state.cond:
            return NO_GUARDS
        return frozenset(self.stage_of(state).guard) - pilot.beaten

    def guard_at(self, state: XeviousState, pilot: Pilot, pos: Square) -> str | None:
        """'gump' / 'andor' when a standing guard blocks ``pilot`` on ``pos``, else None."""
        if pos not in self.guards_for(state, pilot):
            return None
        return "gump" if state.stage == 7 else "andor"

    # ==================== PREPARATIONS ==============================================================================
    # clauses: xevious.prep-sheet, prep-solvalou, prep-stage, prep-order
    def initial_state(self, ctx: Context) -> XeviousState:
        v = self._v(ctx)
        s = XeviousState()
        s.cond, s.cap = v.stage_conditions, v.row_cap
        players = ctx.players
        s.pilots = [Pilot() for _ in players]
        for i, name in enumerate(players):  # PREPARATIONS 2-3: a mover, its sheet, the Solvalou Markers
            s.pilots[i].cockpit = v.cockpit_card
            s.pilots[i].l = v.start_solvalou
            ctx.emit("xevious.prep-sheet", (_sheet_text, name, COLOURS[i]), player=i, colour=COLOURS[i])
        ctx.emit("xevious.prep-solvalou", (_t_solvalou_placed, v.start_solvalou), player=None,
                 solvalou=v.start_solvalou)
        ctx.emit("xevious.prep-stage", "Stage 1 is put on the table; every mover starts on the starting point "
                 "(bottom right corner).", player=None)
        s.order, s.setup_rolls = self._order_of_play(len(players), ctx)
        ctx.emit("xevious.prep-order", (_t_order, players, s.order, s.setup_rolls), player=None,
                 order=list(s.order))
        s.deck = self._decks[v.cockpit_card]
        s.brag = self.headings(v)
        s.gumps = tuple(True for _ in range(v.gumps))
        return s

    @staticmethod
    def _order_of_play(n: int, ctx: Context) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """PREPARATIONS 5: everyone rolls, the highest starts; ties roll again among themselves. The order, and
        each seat's rolls."""
        rolls: list[tuple[int, ...]] = [() for _ in range(n)]
        groups = [list(range(n))]
        order: list[int] = []
        while groups:
            g = groups.pop(0)
            if len(g) == 1:
                order.append(g[0])
                continue
            got = {}
            for p in g:
                got[p] = ctx.draw("die")
                rolls[p] = rolls[p] + (got[p],)
            ranked = sorted(set(got.values()), reverse=True)
            groups = [[p for p in g if got[p] == r] for r in ranked] + groups
        return tuple(order), tuple(rolls)

    # ==================== TURNS: who plays, what may be played now, and playing it ==================================
    # clauses: xevious.turn-order (each step names the clause it keeps)
    def current_player(self, state: XeviousState) -> int | None:
        if state.winner is not None or state.capped:
            return None
        if state.phase == "enemy":
            return int(state.pend["enemy"])  # type: ignore[index]
        return state.order[state.turn]

    def legal_actions(self, state: XeviousState) -> list[Action]:
        if state.winner is not None or state.capped:
            return []
        pend = state.pend
        ph = state.phase
        if ph == "turn":
            return self._turn_actions(state)
        if ph == "stop":  # MOVEMENT 1: stop on a green / Flag / Pin / Sol / Phantom space passed, or go the whole way
            return [StopAt(k, self.square_label(state, state.path[k - 1])) for k in pend["stops"]]  # type: ignore[index]
        if ph == "retry":  # Locations 5.2, variant retry_uses_turn=False
            return [TRY_AGAIN, PASS]
        assert pend is not None
        if ph == "boost":  # ATTACK STRENGTH SHEET 1.2
            return list(FIRE)
        if ph == "aim":  # Locations 2-3: turn your Battle Card; against several enemies an Extra Weapon destroys one
            acts: list[Action] = [Aim(h) for h in pend["headings"]]
            if pend["kind"] == "squad" and not pend["used"] and state.pilots[pend["who"]].w > 0:
                acts.append(BLAST)
            return acts
        if ph == "enemy":  # Locations 2: another player turns the enemy's Battle Card
            return [EnemyAim(h) for h in pend["headings"]]
        return []  # pragma: no cover

    def _turn_actions(self, state: XeviousState) -> list[Action]:
        """At the start of a turn: attack the guard blocking you, or roll (try the Blaster Card again after a
        MISTAKE, fly with a face-up Cockpit Card); catch up when everybody else is ahead."""
        p = state.order[state.turn]
        me = state.pilots[p]
        pos = (me.area, me.idx)
        out: list[Action]
        if self.guard_at(state, me, pos):
            out = [ATTACK]
        else:
            out = [ROLL]
            if me.retry and pos not in state.daley:
                out.append(TRY_AGAIN)
            if me.cockpit:
                out.extend(FLY)
        if self.can_catch_up(state, p):
            out.append(CATCH_UP)
        return out

    def apply(self, state: XeviousState, action: Action, ctx: Context) -> None:
        if state.winner is not None or state.capped:
            raise IllegalAction("xevious.victory", "the game is over")
        step = self.PHASES.get(state.phase)
        if step is None:  # pragma: no cover
            raise IllegalAction("xevious.turn-order", f"{action} cannot be played now")
        v: XeviousVariant = ctx.variant  # type: ignore[assignment]  # the kit makes it from variant_type
        step(self, state, state.order[state.turn], action, ctx, v)

    # -- phase "turn": MOVEMENT 1 (roll), MOVEMENT 4 (catch up), Locations 5.2 (try again), the guards -------------
    def _on_turn(self, state: XeviousState, p: int, action: Action, ctx: Context, v: XeviousVariant) -> None:
        step = self.TURN_STEPS.get(type(action))
        if step is not None:
            step(self, state, p, action, ctx, v)
        elif type(action) is StopAt:
            raise IllegalAction("xevious.move-roll", "roll the die first: you move exactly the number you roll, "
                                "and may stop early only on a green or Flag / Pin / Sol / Phantom space you pass")
        else:
            raise IllegalAction("xevious.turn-order", f"it is time to move: roll the die (not {action})")

    def _roll(self, state: XeviousState, p: int, action: Roll, ctx: Context, v: XeviousVariant) -> None:
        """MOVEMENT 1: roll the die and move the number rolled (xevious.move-roll)."""
        self._refuse_if_blocked(state, p)
        n: int = ctx.draw("die")
        ctx.emit("xevious.move-roll", (_said, ctx.players[p], "rolls", " {}.", n), die=n)
        state.last = {"kind": "die", "value": n, "player": p}
        self._start_move(state, p, n, ctx, v)

    def _fly(self, state: XeviousState, p: int, action: Fly, ctx: Context, v: XeviousVariant) -> None:
        """Variant cockpit_card: once per stage, fly 1 to 6 instead of rolling (xevious.cockpit-card)."""
        if not v.cockpit_card:
            raise IllegalAction("xevious.move-roll", "roll the die and move the number you rolled: flying a chosen "
                                "number with the Cockpit Card is a variant (cockpit_card=True), not the rulebook's "
                                "rule")
        if not state.pilots[p].cockpit:
            raise IllegalAction("xevious.cockpit-card", "your Cockpit Card is already face down this stage")
        if not 1 <= action.n <= 6:
            raise IllegalAction("xevious.cockpit-card", f"the Cockpit Card flies 1 to 6 spaces, not {action.n}")
        self._refuse_if_blocked(state, p)
        state.pilots[p].cockpit = False
        ctx.emit("xevious.cockpit-card", (_t_fly, ctx.players[p], action.n), n=action.n)
        self._start_move(state, p, action.n, ctx, v)

    def _try_again(self, state: XeviousState, p: int, action: TryAgain, ctx: Context, v: XeviousVariant) -> None:
        """Locations 5.2: after a MISTAKE, stay and draw a Blaster Card again instead of moving."""
        me = state.pilots[p]
        if not me.retry:
            raise IllegalAction("xevious.blaster-mistake", "you can try again only after a MISTAKE on the Flag / "
                                "Pin / Sol / Phantom space you are still on")
        if (me.area, me.idx) in state.daley:
            raise IllegalAction("xevious.daley-piece", "a Daley Piece now covers this space: somebody else got its "
                                "HIT! first")
        me.retry = False
        self._blaster(state, p, ctx, v)
        self._after(state, ctx, v)

    def _attack(self, state: XeviousState, p: int, action: Attack, ctx: Context, v: XeviousVariant) -> None:
        """A standing guard on your space (Andor Genesis, Gump Marker): fight it again instead of moving."""
        me = state.pilots[p]
        if not self.guard_at(state, me, (me.area, me.idx)):
            raise IllegalAction("xevious.condition-gump", "there is no standing guard on your space to attack")
        me.retry = False
        self._land(state, p, ctx, v)
        self._after(state, ctx, v)

    # -- phase "stop": MOVEMENT 1, the green spaces and Flag / Pin / Sol / Phantom passed (green-stop, blaster-stop)
    def _on_stop(self, state: XeviousState, p: int, action: Action, ctx: Context, v: XeviousVariant) -> None:
        if type(action) is not StopAt:
            raise IllegalAction("xevious.green-stop", "choose where to stop on this move first")
        assert isinstance(action, StopAt) and state.pend is not None
        stops = state.pend["stops"]
        if action.step not in stops:
            ok = ", ".join(map(str, stops))
            if not 1 <= action.step <= len(state.path):
                raise IllegalAction("xevious.move-forward", "that space is not on this move: you move forward "
                                    f"(never backwards) the {state.pend['n']} you rolled; you may stop after: "
                                    f"{ok} space(s)")
            raise IllegalAction("xevious.green-stop", f"you may stop early only on a green or Flag / Pin / Sol / "
                                f"Phantom space you pass, not after {action.step} space(s); you may stop after: {ok}")
        self._finish_move(state, p, action.step, ctx, v)

    # -- phase "boost": ATTACK STRENGTH SHEET 1.2, an Extra Weapon adds 1 (weapon-boost, weapon-once) ---------------
    def _on_boost(self, state: XeviousState, p: int, action: Action, ctx: Context, v: XeviousVariant) -> None:
        if type(action) is not Fire:
            raise IllegalAction("xevious.weapon-boost", "decide first whether to fire with an Extra Weapon")
        assert isinstance(action, Fire) and state.pend is not None
        if action.weapon and state.pilots[p].w == 0:
            raise IllegalAction("xevious.weapon-boost", "you have no Extra Weapon Marker to use")
        pend = state.pend
        state.pend = None
        state.phase = "turn"
        self._ground(state, p, pend["n"], action.weapon, pend["what"], pend["guard"], ctx, v)
        self._after(state, ctx, v)

    # -- phase "aim": Locations 2-3, turn your Battle Card secretly (air-battle), or destroy one (weapon-destroy) ----
    def _on_aim(self, state: XeviousState, p: int, action: Action, ctx: Context, v: XeviousVariant) -> None:
        t = type(action)
        if t is Blast:
            self._blast(state, p, ctx, v)
            return
        if t is not Aim:
            raise IllegalAction("xevious.air-battle", "turn your Battle Card first")
        assert isinstance(action, Aim) and state.pend is not None
        pend = state.pend
        self._check_heading(pend, action.heading)
        pend["aim"] = action.heading
        enemy = pend["enemy"]
        if enemy is None:
            self._reveal(state, p, action.heading, self._chance_heading(state, ctx, v), ctx, v)
        else:
            state.phase = "enemy"
            ctx.emit("xevious.air-battle", (_t_face_down, ctx.players[p], ctx.players[enemy]), player=p)

    @staticmethod
    def _check_heading(pend: Mapping[str, Any], heading: str) -> None:
        if heading not in pend["headings"]:
            raise IllegalAction("xevious.battle-cards", f"a Battle Card points {', '.join(pend['headings'])}; "
                                f"not {heading!r}")

    def _blast(self, state: XeviousState, p: int, ctx: Context, v: XeviousVariant) -> None:
        """ATTACK STRENGTH SHEET 1.1: against several enemies an Extra Weapon destroys one outright (one per
        combat: weapon-once)."""
        pend = state.pend
        assert pend is not None
        if pend["kind"] != "squad":
            raise IllegalAction("xevious.weapon-destroy", "an Extra Weapon destroys an enemy outright only in a "
                                "battle against several enemies")
        if pend["used"]:
            raise IllegalAction("xevious.weapon-once", "you already used an Extra Weapon Marker in this combat "
                                "(one per combat)")
        me = state.pilots[p]
        if me.w == 0:
            raise IllegalAction("xevious.weapon-destroy", "you have no Extra Weapon Marker")
        me.w -= 1
        pend["used"] = True
        pend["left"] = left = pend["left"] - 1
        name = ctx.players[p]
        ctx.emit("xevious.weapon-destroy", (_t_blast, name, left), left=left)
        if left == 0:
            ctx.emit("xevious.squad-battle", (_said, name, "destroys", " the whole squadron."))
            state.pend = None
            state.phase = "turn"
            self._after(state, ctx, v)

    # -- phase "enemy": Locations 2, "another player" turns the enemy's Battle Card; then both are revealed ---------
    def _on_enemy(self, state: XeviousState, p: int, action: Action, ctx: Context, v: XeviousVariant) -> None:
        pend = state.pend
        assert pend is not None
        if type(action) is not EnemyAim:
            raise IllegalAction("xevious.air-battle", f"{ctx.players[pend['enemy']]} must turn the enemy's Battle "
                                "Card first")
        assert isinstance(action, EnemyAim)
        self._check_heading(pend, action.heading)
        self._reveal(state, pend["who"], pend["aim"], action.heading, ctx, v)

    # -- phase "retry": Locations 5.2, variant retry_uses_turn=False: try again at once or end the turn -------------
    def _on_retry(self, state: XeviousState, p: int, action: Action, ctx: Context, v: XeviousVariant) -> None:
        t = type(action)
        if t is not TryAgain and t is not Pass:
            raise IllegalAction("xevious.blaster-mistake", "try the Blaster Card again or end your turn")
        state.phase = "turn"
        state.pilots[p].retry = False
        if t is TryAgain:
            self._blaster(state, p, ctx, v, again=False)
            self._after(state, ctx, v)
        else:
            self._end_turn(state, ctx, v)

    # ==================== MOVEMENT 1: roll the die and move; green, must-stop and entrance stops; exits =============
    # clauses: xevious.move-roll, move-forward, green-stop, blaster-stop, must-stop, entrance-stop, exit-markers,
    #          stage-condition
    def _refuse_if_blocked(self, state: XeviousState, p: int) -> None:
        me = state.pilots[p]
        g = self.guard_at(state, me, (me.area, me.idx))
        if g == "gump":
            raise IllegalAction("xevious.condition-gump", "a standing Gump Marker blocks your way: attack it")
        if g == "andor":
            raise IllegalAction("xevious.condition-andor-genesis", "the Andor Genesis blocks your way until you "
                                "win its battle: attack it")

    def plan(self, state: XeviousState, me: Pilot, n: int) -> Move:
        """MOVEMENT 1, one space at a time: forward ``n`` (never backwards); the entrance of a new area, a
        must-stop space or a standing guard ends the move (checked in that order); past the last area is the
        stage gate ``(areas, 0)``, except in Stage 7, whose track ends on its last space. Why it ends: 'roll',
        'entrance', 'stop', 'guard', 'gate' or 'end'. The early stops: every green space and every Flag / Pin /
        Sol / Phantom space passed that no Daley Piece covers. The exits crossed: (index in the path, markers)."""
        st = self.stage_of(state)
        areas = st.areas
        guards = self.guards_for(state, me)
        a, i = me.area, me.idx
        path: list[Square] = []
        why = "roll"
        for _ in range(n):
            if i + 1 < len(areas[a]):
                i += 1
            elif a + 1 < len(areas):
                a, i = a + 1, 0
            elif st.number == 7:
                why = "end"
                break
            else:
                path.append((len(areas), 0))
                why = "gate"
                break
            path.append((a, i))
            if i == 0:
                why = "entrance"
                break
            if areas[a][i].stop:
                why = "stop"
                break
            if (a, i) in guards:
                why = "guard"
                break
        stops = tuple(k + 1 for k, (a, i) in enumerate(path[:-1])
                      if areas[a][i].kind == "green" or (areas[a][i].blaster and (a, i) not in state.daley))
        exits = tuple((k, areas[a][i].awards) for k, (a, i) in enumerate(path)
                      if a < len(areas) and areas[a][i].kind == "exit")
        return tuple(path), why, stops, exits

    def _start_move(self, state: XeviousState, p: int, n: int, ctx: Context, v: XeviousVariant) -> None:
        me = state.pilots[p]
        path, why, stops, crossed = self.plan(state, me, n)
        if not path:
            ctx.emit("xevious.move-forward", (_said, ctx.players[p], "is", " at the end of the track and cannot "
                                              "move (never backwards)."))
            self._land(state, p, ctx, v)
            if state.winner is None and state.phase == "turn":
                self._end_turn(state, ctx, v)
            return
        forced = FORCED_STOPS.get(why)  # the entrance, a must-stop space or a guard ended the move early
        if forced is not None:
            rule, reason = forced
            if why == "guard" and state.stage == 7:
                rule = "xevious.condition-gump"
            ctx.emit(rule, (_t_forced, ctx.players[p], len(path), n, reason))
        if stops:  # MOVEMENT 1 sentence 3, Locations 5: spaces passed where you may stop whatever you rolled
            state.path = path
            state.pend = {"stops": (*stops, len(path)), "n": n}
            state.phase = "stop"
            return
        state.path = ()  # the whole move: no choice to make
        state.pend = None
        state.phase = "turn"
        me.retry = False
        for _, aw in crossed:
            self._take(state, p, aw, ctx, "xevious.exit-markers", "the exit")
        me.area, me.idx = path[-1]
        self._land(state, p, ctx, v)
        if state.winner is None and state.phase == "turn":
            self._end_turn(state, ctx, v)

    def _finish_move(self, state: XeviousState, p: int, step: int, ctx: Context, v: XeviousVariant) -> None:
        """End the pending move (``state.path``) after ``step`` squares, the stop the player chose (a move with
        no choice ends in ``_start_move``)."""
        areas = self.boards[state.stage - 1]
        src = state.path
        me = state.pilots[p]
        state.path = ()
        state.pend = None
        state.phase = "turn"
        me.retry = False
        gate = len(areas)  # the stage gate's area: past the last one
        for a, i in src[:step]:  # xevious.exit-markers: the exits passed on the way
            if a < gate and areas[a][i].kind == "exit":
                self._take(state, p, areas[a][i].awards, ctx, "xevious.exit-markers", "the exit")
        a, i = me.area, me.idx = src[step - 1]
        early = step < len(src)
        if early:
            sp = areas[a][i]
            rule = "xevious.green-stop" if sp.kind == "green" else "xevious.blaster-stop"
            ctx.emit(rule, (_t_space, ctx.players[p], "stops", " on the {} passed on the way.", sp), step=step)
        self._land(state, p, ctx, v, early=early)
        self._after(state, ctx, v)

    def _land(self, state: XeviousState, p: int, ctx: Context, v: XeviousVariant, early: bool = False) -> None:
        """Follow the directions of the space the mover lands on (``early``: it stopped on a space it passed).
        A standing guard on it is fought first (the Andor Genesis, a Gump Marker)."""
        me = state.pilots[p]
        st = self.stages[state.stage - 1]
        areas = self.boards[state.stage - 1]
        pos = (me.area, me.idx)
        if me.area >= len(areas):
            ctx.emit("xevious.stage-gate", (_t_leaves, ctx.players[p], state.stage))
            return
        sp = areas[me.area][me.idx]
        guard = self.guard_at(state, me, pos)
        if guard == "gump":
            self._battle_ground(state, p, st.gump_number, True, ctx, v, what="the Gump Marker", guard=pos)
        elif guard == "andor":
            self._battle_ground(state, p, sp.n, sp.boost, ctx, v, what="the Andor Genesis", guard=pos)
        else:
            self._follow(state, p, st, sp, early, ctx, v)

    def _follow(self, state: XeviousState, p: int, st: Stage, sp: Space, early: bool, ctx: Context,
                v: XeviousVariant) -> None:
        """Locations 1-5 and the stage conditions: what the space ``sp`` of stage ``st`` under the mover does."""
        k = sp.kind
        cond = st.condition if v.stage_conditions else ""
        if k == "ground":
            self._battle_ground(state, p, sp.n, sp.boost, ctx, v)
        elif k == "air":
            self._battle_air(state, p, 1, ctx, v)
        elif k == "squad":
            self._squadron(state, p, sp.n, cond, ctx, v)
        elif k == "card":
            self._draw_card(state, p, ctx, v)
        elif k in data.BLASTER_KINDS:  # Flag / Pin / Sol / Phantom
            if (state.pilots[p].area, state.pilots[p].idx) in state.daley:
                ctx.emit("xevious.daley-piece", (_t_daley_covers, k))
            else:
                self._blaster(state, p, ctx, v)
        elif k == "green":
            self._green(state, p, sp, early and cond == "garu-zakato-fog", ctx)
        elif k == "plain" and cond == "garu-barra":
            ctx.emit("xevious.condition-garu-barra", (_t_barra, ctx.players[p]))
            self._battle_ground(state, p, st.barrage, False, ctx, v, what="the Garu Barra battery")
        elif k != "exit":  # an exit's markers were taken on the way
            ctx.emit("xevious.move-roll", (_t_space, ctx.players[p], "lands", " on the {}: nothing happens.", sp))

    def _squadron(self, state: XeviousState, p: int, n: int, cond: str, ctx: Context, v: XeviousVariant) -> None:
        """Locations 3, and Stage 5's condition (xevious.condition-zoshi): one more enemy in every squadron."""
        if cond == "zoshi-squadrons":
            ctx.emit("xevious.condition-zoshi", (_fill, "Stage 5's Zoshi fly in larger squadrons: {} enemies "
                                                 "instead of {}.", n + 1, n), enemies=n + 1)
            n += 1
        self._battle_air(state, p, n, ctx, v)

    def _green(self, state: XeviousState, p: int, sp: Space, fog: bool, ctx: Context) -> None:
        """A green space gives its markers; in Stage 3's fog only to a roll that ends there exactly
        (xevious.condition-fog)."""
        if sp.awards and fog:
            ctx.emit("xevious.condition-fog", (_t_fog, ctx.players[p], sp.awards))
        elif sp.awards:
            self._take(state, p, sp.awards, ctx, "xevious.green-stop", "the green space")
        else:
            ctx.emit("xevious.green-stop", (_said, ctx.players[p], "rests", " on a green space."))

    # ==================== MOVEMENT 2: losing a battle damages your ship =============================================
    # clauses: xevious.damage-shield, damage-solvalou, shield, solvalou-lives
    def _damage(self, state: XeviousState, p: int, ctx: Context, v: XeviousVariant) -> None:
        me = state.pilots[p]
        name = ctx.players[p]
        if me.s > 0:
            me.s -= 1
            ctx.emit("xevious.damage-shield", (_said, name, "takes", " damage: one Shield Marker is discarded ({} "
                                               "left).", me.s), player=p)
            ctx.emit("xevious.shield", (_t_shield, name), player=p)
            return
        me.l = lives = me.l - 1
        if me.w > 0:
            me.w -= 1
            ctx.emit("xevious.damage-solvalou", (_t_damage, name, " a Solvalou Marker and an Extra Weapon Marker ({} "
                                                 "Solvalou left).", lives), solvalou=lives, player=p)
        else:
            ctx.emit("xevious.damage-solvalou", (_t_damage, name, " a Solvalou Marker (no Extra Weapon Marker to "
                                                 "lose; {} Solvalou left).", lives), solvalou=lives, player=p)
        if lives == 0:
            self._respawn(state, p, ctx, v)
        else:
            ctx.emit("xevious.solvalou-lives", (_said, name, "has", " {} {} left.", lives,
                                                "life" if lives == 1 else "lives"), player=p)

    # ==================== MOVEMENT 3: out of Solvalou Markers =======================================================
    # clauses: xevious.respawn, respawn-stage1
    def _respawn(self, state: XeviousState, p: int, ctx: Context, v: XeviousVariant) -> None:
        me = state.pilots[p]
        name = ctx.players[p]
        to_area = v.respawn_point == "area"
        me.area = area = me.area if to_area else 0
        me.idx = 0
        me.retry = False
        me.phantom = False
        me.beaten = frozenset()
        gift, cap = v.respawn_gift, state.cap
        me.l = lives = min(gift, cap)  # the row was empty: 'add' and 'set' agree
        stage = state.stage
        if stage == 1 and v.stage1_exception:
            ctx.emit("xevious.respawn-stage1", (_t_respawn_stage1, name, area, to_area, lives), solvalou=lives,
                     player=p)
        else:
            if v.respawn_markers == "set":
                me.w, me.s = min(gift, cap), min(gift, cap)
            else:
                me.w, me.s = min(cap, me.w + gift), min(cap, me.s + gift)
            note = " (the Stage 1 exception is switched off: variant stage1_exception=False)" if stage == 1 else ""
            ctx.emit("xevious.respawn", (_t_respawn, name, area, to_area, lives, me.w, me.s, stage, note), w=me.w,
                     s=me.s, player=p)
        if state.phase != "turn":
            state.phase = "turn"
            state.pend = None

    # ==================== MOVEMENT 4: catching up ===================================================================
    # clauses: xevious.catch-up, catch-up-exit-markers
    def can_catch_up(self, state: XeviousState, p: int) -> bool:
        """Whether seat ``p`` may move on to the next area: every other mover is in a later area (and, in Stage 7,
        ``p`` is not in its last area already)."""
        pilots = state.pilots
        me = pilots[p]
        if len(pilots) < 2 or (state.stage == 7 and me.area >= len(self.stages[6].areas) - 1):
            return False
        return all(q.area > me.area for q in pilots if q is not me)

    def _catch_up(self, state: XeviousState, p: int, action: CatchUp, ctx: Context, v: XeviousVariant) -> None:
        if len(state.pilots) < 2:
            raise IllegalAction("xevious.catch-up", "catching up needs other players ahead of you")
        if not self.can_catch_up(state, p):
            raise IllegalAction("xevious.catch-up", "you may move to the next area only when every other player "
                                "has advanced beyond your area")
        me = state.pilots[p]
        areas = self.boards[state.stage - 1]
        ex = areas[me.area][-1]
        name = ctx.players[p]
        ctx.emit("xevious.catch-up", (_t_ahead, name))
        if ex.awards and me.idx == len(areas[me.area]) - 1:  # on the exit already: its markers were taken on arrival
            ctx.emit("xevious.catch-up-exit-markers", (_said, name, "stands", " on the exit and took its markers ({}) "
                                                       "on arriving there: they are not taken a second time.",
                                                       ex.awards))
        elif ex.awards:
            self._take(state, p, ex.awards, ctx, "xevious.catch-up-exit-markers", "the exit of the area left behind")
        me.retry = False
        me.area, me.idx = me.area + 1, 0
        if me.area < len(areas):
            ctx.emit("xevious.entrance-stop", (_said, name, "stops", " on the entrance of area {}.", me.area + 1))
        self._after(state, ctx, v)

    # ==================== ATTACK STRENGTH SHEET: markers go on the sheet, at most 5 a row ===========================
    # clauses: xevious.sheet-rows, sheet-limit (Extra Weapons: weapon-boost, weapon-once, weapon-destroy in the
    #          phases "boost" and "aim" and Locations 1)
    def _take(self, state: XeviousState, p: int, aw: Awards, ctx: Context, rule: str, source: str) -> None:
        me = state.pilots[p]
        cap = state.cap
        kw = min(aw.w, cap - me.w) if aw.w else 0  # a full row takes no more (xevious.sheet-limit)
        ks = min(aw.s, cap - me.s) if aw.s else 0
        kl = min(aw.l, cap - me.l) if aw.l else 0
        me.w, me.s, me.l = me.w + kw, me.s + ks, me.l + kl
        name = ctx.players[p]
        ctx.emit(rule, (_t_takes, name, kw, ks, kl, source), player=p, w=aw.w, s=aw.s, l=aw.l)
        if kw < aw.w or ks < aw.s or kl < aw.l:
            ctx.emit("xevious.sheet-limit", (_t_full, name, aw.w - kw, aw.s - ks, aw.l - kl, cap), player=p)

    # ==================== Locations 1: air-to-ground battles (and the guards: Andor Genesis, Gump Markers) ==========
    # clauses: xevious.ground-battle, weapon-boost, weapon-once, condition-andor-genesis, condition-gump,
    #          condition-hidden-sol
    def _battle_ground(self, state: XeviousState, p: int, n: int, boost: bool, ctx: Context, v: XeviousVariant,
                       what: str = "", guard: Square | None = None) -> None:
        """``what`` names the enemy (default: "the air-to-ground battle <n>", made only when a text is read)."""
        if boost and state.pilots[p].w > 0:
            what = what or f"the air-to-ground battle {n}"
            state.phase = "boost"
            state.pend = {"kind": "ground", "n": n, "what": what, "who": p, "guard": guard}
            ctx.emit("xevious.weapon-boost", (_fill, "{} may spend an Extra Weapon Marker to add 1 to the roll "
                                              "against {}.", ctx.players[p], what))
            return
        self._ground(state, p, n, False, what, guard, ctx, v)

    def _ground(self, state: XeviousState, p: int, n: int, weapon: bool, what: str, guard: Square | None,
                ctx: Context, v: XeviousVariant) -> None:
        """Roll: more than ``n`` wins (+1 with an Extra Weapon), equal or less loses."""
        me = state.pilots[p]
        name = ctx.players[p]
        if weapon:
            me.w -= 1
            ctx.emit("xevious.weapon-once", (_said, name, "discards", " one Extra Weapon Marker for +1 (one per "
                                             "combat)."))
        d: int = ctx.draw("die")
        won = d + (1 if weapon else 0) > n
        state.last = {"kind": "ground", "value": d, "plus": 1 if weapon else 0, "n": n, "won": won, "player": p}
        ctx.emit("xevious.ground-battle", (_t_ground, name, d, weapon, what, n, won), die=d, n=n, won=won)
        if not won:
            self._damage(state, p, ctx, v)
            return
        pos = (me.area, me.idx)
        g = self.guard_at(state, me, pos) if guard is not None and guard == pos else None
        if g == "gump" and self._fell_gump(state, p, pos, ctx):
            return
        if g == "andor":
            me.beaten = me.beaten | {pos}
            ctx.emit("xevious.condition-andor-genesis", (_said, name, "beats", " the Andor Genesis and may fly on."))
        if v.stage_conditions and self.stage_of(state).condition == "hidden-sol":
            self._take(state, p, HIDDEN_SOL, ctx, "xevious.condition-hidden-sol", "a hidden Sol citadel")

    def _fell_gump(self, state: XeviousState, p: int, pos: Square, ctx: Context) -> bool:
        """A won battle destroys the Gump Marker on ``pos``; the last one wins the game (xevious.victory)."""
        gp = self.stages[6].gumps
        k = gp.index(pos) - (len(gp) - len(state.gumps))
        state.gumps = state.gumps[:k] + (False,) + state.gumps[k + 1:]
        left = sum(state.gumps)
        name = ctx.players[p]
        ctx.emit("xevious.condition-gump", (_said, name, "destroys", " a Gump Marker ({} left).", left), left=left)
        if left:
            return False
        state.winner = p
        ctx.emit("xevious.victory", (_t_victory, name))
        return True

    # ==================== Locations 2 and 3: air-to-air battles against one enemy or several ========================
    # clauses: xevious.air-battle, battle-cards, squad-battle, braglease-card
    def _battle_air(self, state: XeviousState, p: int, enemies: int, ctx: Context, v: XeviousVariant) -> None:
        n = len(ctx.players)
        enemy: int | None = None
        if v.enemy_card == "next" and n > 1:
            enemy = state.order[(state.turn + 1) % n]
        state.phase = "aim"
        state.pend = {"kind": "squad" if enemies > 1 else "air", "left": enemies, "used": False, "who": p,
                      "enemy": enemy, "headings": self.headings(v), "aim": None, "won": 0}
        name = ctx.players[p]
        if enemies > 1:
            ctx.emit("xevious.squad-battle", (_said, name, "meets", " {} enemies: win battle after battle; the first "
                                              "loss ends the fight.", enemies), enemies=enemies)
        else:
            ctx.emit("xevious.air-battle", (_said, name, "meets", " an enemy in the air: both Battle Cards are "
                                            "turned secretly."))

    def _chance_heading(self, state: XeviousState, ctx: Context, v: XeviousVariant) -> str:
        """No player turns the enemy's card: the top Braglease Card gives it (our reconstruction, variant extras),
        else it is drawn like a die."""
        if not v.extras:
            h: str = ctx.draw("heading", self.headings(v))
            return h
        if not state.brag:
            state.brag = self.headings(v)
        h = ctx.draw("braglease", state.brag)
        i = state.brag.index(h)
        state.brag = state.brag[:i] + state.brag[i + 1:]
        ctx.emit("xevious.braglease-card", (_fill, "The top Braglease Card gives the enemy's heading: {}.", h),
                 heading=h)
        return h

    def _reveal(self, state: XeviousState, p: int, mine: str, theirs: str, ctx: Context, v: XeviousVariant) -> None:
        """Both cards turned up: arrows pointing towards each other win; several enemies are fought one after
        another until the first loss (xevious.squad-battle), which damages the ship once."""
        pend = state.pend
        assert pend is not None
        won = OPPOSITE[mine] == theirs
        state.last = {"kind": "battle", "mine": mine, "theirs": theirs, "won": won, "player": p,
                      "enemy": pend["enemy"]}
        name = ctx.players[p]
        ctx.emit("xevious.battle-cards", (_t_reveal, name, mine, theirs, won), mine=mine, theirs=theirs, won=won,
                 player=p)
        squad = pend["kind"] == "squad"
        left = pend["left"]
        if won:
            pend["left"] = left = left - 1
            pend["won"] += 1
            ctx.emit("xevious.air-battle", (_said, name, "wins", " the air battle ({} enemies left).", left)
                     if squad else (_said, name, "wins", " the air battle."), player=p)
            if left > 0:
                pend["aim"] = None
                state.phase = "aim"
                return
            if squad:
                ctx.emit("xevious.squad-battle", (_said, name, "destroys", " the whole squadron."), player=p)
        else:
            ctx.emit("xevious.air-battle", (_said, name, "loses", " the air battle."), player=p)
            if squad and left > 1:
                ctx.emit("xevious.squad-battle", (_t_fight_ends, name, left - 1), player=p)
        state.pend = None
        state.phase = "turn"
        if not won:
            self._damage(state, p, ctx, v)
        self._after(state, ctx, v)

    # ==================== Locations 4: Card spaces ==================================================================
    # clauses: xevious.card-space, xevious-cards
    def _draw_card(self, state: XeviousState, p: int, ctx: Context, v: XeviousVariant) -> None:
        if not state.deck:
            state.deck = self._decks[v.cockpit_card]
            ctx.emit("xevious.xevious-cards", "The Super Xevious deck is used up: the discards are shuffled into a "
                     "new deck.")
        cid = ctx.draw("card", state.deck)
        i = state.deck.index(cid)
        state.deck = state.deck[:i] + state.deck[i + 1:]
        card = self.cards[cid]
        state.last = {"kind": "card", "value": cid, "title": card.title, "text": card.text, "player": p}
        ctx.emit("xevious.card-space", (_said, ctx.players[p], "draws", " the Super Xevious Card “{}”: {}",
                                        card.title, card.text), card=cid)
        self._follow_card(state, p, card, ctx, v)

    def _follow_card(self, state: XeviousState, p: int, card: data.Card, ctx: Context, v: XeviousVariant) -> None:
        """Follow its instructions: take markers, move on, fight, take damage, turn the Cockpit Card face up."""
        e = card.effect
        if e == "take":
            self._take(state, p, card.awards, ctx, "xevious.card-space", f"the card “{card.title}”")
        elif e == "move":
            me = state.pilots[p]
            path, _why, _stops, crossed = self.plan(state, me, card.n)
            if path:
                for _, aw in crossed:
                    self._take(state, p, aw, ctx, "xevious.exit-markers", "the exit")
                me.area, me.idx = path[-1]
                self._land(state, p, ctx, v)
        elif e == "ground":
            self._battle_ground(state, p, card.n, False, ctx, v, what=f"the {card.title}")
        elif e in ("air", "squad"):
            self._battle_air(state, p, 1 if e == "air" else card.n, ctx, v)
        elif e == "damage":
            self._damage(state, p, ctx, v)
        elif e == "cockpit" and v.cockpit_card:
            state.pilots[p].cockpit = True
            ctx.emit("xevious.cockpit-card", (_t_cockpit_up, ctx.players[p]))

    # ==================== Locations 5: Flag / Pin / Sol / Phantom ===================================================
    # clauses: xevious.blaster-draw, blaster-mistake, daley-piece (variant), condition-phantom
    def _blaster(self, state: XeviousState, p: int, ctx: Context, v: XeviousVariant, again: bool = True) -> None:
        hits = v.blaster_hits
        card = ctx.draw("blaster", BLASTER_CARDS, BLASTER_WEIGHTS.get(hits) or (hits, 3 - hits))
        state.last = {"kind": "blaster", "value": card, "player": p}
        if card == "HIT!":
            self._hit(state, p, ctx, v)
            return
        name = ctx.players[p]
        ctx.emit("xevious.blaster-draw", (_said, name, "picks", " a Blaster Card: MISTAKE."), card=card)
        if v.retry_uses_turn:
            state.pilots[p].retry = True
            ctx.emit("xevious.blaster-mistake", (_said, name, "gets", " nothing, but may stay here and try again "
                                                 "next turn instead of moving."))
        elif again:
            state.phase = "retry"
            ctx.emit("xevious.blaster-mistake", (_said, name, "gets", " nothing, but may try once more at once."))
        else:
            ctx.emit("xevious.blaster-mistake", (_said, name, "gets", " nothing."))

    def _hit(self, state: XeviousState, p: int, ctx: Context, v: XeviousVariant) -> None:
        """HIT!: the markers of the space; in Stage 4 a Phantom frees the wingman (condition-phantom); variant
        daley_pieces: a Daley Piece covers the space for the rest of the stage."""
        me = state.pilots[p]
        st = self.stage_of(state)
        kind = st.areas[me.area][me.idx].kind
        ctx.emit("xevious.blaster-draw", (_said, ctx.players[p], "picks", " a Blaster Card: HIT!"), card="HIT!")
        self._take(state, p, st.areas[me.area][me.idx].awards, ctx, "xevious.blaster-draw",
                   BLASTER_SOURCES.get(kind) or f"the {kind.capitalize()}")
        if v.stage_conditions and kind == "phantom" and st.condition == "phantom-wingman":
            me.phantom = True
            self._take(state, p, PHANTOM_GIFT, ctx, "xevious.condition-phantom",
                       "the rescued Phantom wingman, who joins you as one more Solvalou")
        if v.daley_pieces:
            state.daley = state.daley | {(me.area, me.idx)}
            ctx.emit("xevious.daley-piece", (_t_daley_now, kind))

    # ==================== VICTORY (the last Gump Marker falls in Locations 1), turn order and the stage gate ========
    # clauses: xevious.victory, turn-order, stage-gate, turn-cap
    def winner(self, state: XeviousState) -> int | None:
        return state.winner

    def _after(self, state: XeviousState, ctx: Context, v: XeviousVariant) -> None:
        """End the turn unless a decision is pending or the game is over."""
        if state.winner is None and state.phase == "turn":
            self._end_turn(state, ctx, v)

    def _end_turn(self, state: XeviousState, ctx: Context, v: XeviousVariant) -> None:
        """The next player in order who is not waiting at the stage gate (one always is not); when every mover is
        at the gate, the next stage first."""
        areas = len(self.boards[state.stage - 1])
        for q in state.pilots:
            if q.area < areas:
                break
        else:  # every mover is at the stage gate
            self._next_stage(state, ctx, v)
            areas = len(self.boards[state.stage - 1])
        n = len(state.order)
        turn = state.turn
        while True:
            turn += 1
            if turn == n:
                turn = 0
                state.rounds += 1
                if state.rounds >= v.turn_cap:
                    state.turn = turn
                    state.capped = True
                    ctx.emit("xevious.turn-cap", (_fill, "The turn cap of {} rounds is reached: the game stops "
                                                  "with no winner.", v.turn_cap), player=None)
                    return
            if state.pilots[state.order[turn]].area < areas:
                state.turn = turn
                return

    def _next_stage(self, state: XeviousState, ctx: Context, v: XeviousVariant) -> None:
        state.stage += 1
        state.daley = frozenset()
        for q in state.pilots:
            q.area = q.idx = 0
            q.retry = q.phantom = False
            q.beaten = frozenset()
            q.cockpit = v.cockpit_card
        st = self.stage_of(state)
        ctx.emit("xevious.stage-gate", (_t_next_stage, st), player=None, stage=st.number)
        if v.stage_conditions or st.number == 7:
            ctx.emit(CONDITION_RULES[st.condition], (_t_condition, st), player=None)

    # ==================== chance: what a rig may ask for under this variant now =====================================
    def rig_domain(self, kind: str, variant: Variant, state: XeviousState | None) -> tuple[Any, ...] | None:
        """The outcomes chance ``kind`` can show under ``variant`` now (``None``: the static domain).

        ``card``: the Super Xevious Cards still in the deck (the whole deck of this variant when it is used up
        or before set-up; the Cockpit Card's card only with variant cockpit_card). ``heading`` / ``braglease``:
        the headings a Battle Card can point under variant battle_headings; ``braglease``: the Braglease Cards
        not yet used (none at all without the Braglease role, variant extras=False)."""
        assert isinstance(variant, XeviousVariant)
        if kind == "card":
            deck = state.deck if state is not None and state.deck else data.deck(cockpit=variant.cockpit_card)
            return tuple(dict.fromkeys(deck))
        if kind == "heading":
            return self.headings(variant)
        if kind == "braglease":
            if not variant.extras:
                return ()
            return state.brag if state is not None and state.brag else self.headings(variant)
        return None

    # ==================== the step of each phase and of each action at the start of a turn ==========================
    PHASES: ClassVar[dict[str, Step]] = {"turn": _on_turn, "stop": _on_stop, "boost": _on_boost, "aim": _on_aim,
                                         "enemy": _on_enemy, "retry": _on_retry}
    TURN_STEPS: ClassVar[dict[type, Step]] = {Roll: _roll, Fly: _fly, CatchUp: _catch_up, TryAgain: _try_again,
                                              Attack: _attack}

    # ==================== the kit's protocol and the public queries, kept in setup.py and queries.py ===============
    def position(self, state: XeviousState) -> dict[str, Any]:
        return setup.position(self, state)

    def set_up(self, state: XeviousState, position: Mapping[str, Any], ctx: Context) -> None:
        setup.set_up(self, state, position, self._v(ctx))

    def to_json(self, state: XeviousState) -> dict[str, Any]:
        return setup.to_json(self, state)

    def describe(self, state: XeviousState) -> str:
        return setup.describe(self, state)

    def copy_state(self, state: XeviousState) -> XeviousState:
        return state.copy()

    def sample_hidden(self, state: XeviousState, seat: int, rng: Any) -> XeviousState:
        return queries.sample_hidden(state, seat, rng)

    def evaluate(self, state: XeviousState) -> tuple[float, ...]:
        return queries.evaluate(self, state)

    def move_plan(self, state: XeviousState, seat: int, n: int) -> MovePlan:
        """The move of ``n`` spaces ``seat``'s mover would make now (see :meth:`plan`; ``state`` is unchanged)."""
        return MovePlan(*self.plan(state, state.pilots[seat], n))

    def pilot_plan(self, state: XeviousState, pilot: Pilot, track: Track, n: int) -> Move:
        """:meth:`plan` for a pilot and the stage's track already at hand (the bots' hot path)."""
        return self.plan(state, pilot, n)

    def space_at(self, state: XeviousState, pos: Square) -> Space | None:
        return queries.space_at(self, state, pos)

    def square_label(self, state: XeviousState, pos: Square) -> str:
        return queries.square_label(self, state, pos)


FORM_RULE = setup.FORM_RULE
