"""The fast path (``fast.FastZaxxonRules``, what the games play with) is the same game as the reference
(``rules.ZaxxonRules``): many seeds played step by step through both, comparing every state, legal-action list,
event (its clause, text, seat and data), refusal of probing actions and the rule firings a simulation counts. A
difference names the seed, step and field where it first appears (issue 22: OpenSpiel's consistency test). The
games are played as a board plays them (safe, every event kept), as a logged simulation plays them (``safe=False,
log=True``: bench.py's "logged" figure, random bots) and counted as the simulator counts them. Costs about 10 s of
CPU (the reference is the slow one).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from tabletop.engine import Action, Game
from tabletop.engine.rules import Context
from tabletop.zaxxon import GreedyBot, ZaxxonRandomBot, teaching_positions
from tabletop.zaxxon.actions import Altitude, EndTurn, Move, Shoot
from tabletop.zaxxon.fast import FastZaxxonRules
from tabletop.zaxxon.rules import SCENARIOS, ZaxxonRules
from tabletop.zaxxon.state import MOVE, ZState

REFERENCE, FAST = ZaxxonRules(), FastZaxxonRules()
#: the variants the seeds cycle through (each changes a rule the fast path answers from its tables)
VARIANTS: list[dict[str, Any]] = [
    {}, {"zaxxon_awake": True}, {"radar_barrier": False}, {"must_use_full_count": True},
    {"turret_fires_on_entry": True, "grounded_after_shot": False}, {"spinner_weights": (2.0, 1.0, 0.0, 3.0)},
    *({"scenario": name, "zaxxon_awake": name != "outer"} for name in SCENARIOS),
]
SEEDS = range(36)
STEPS = 160
STATE_FIELDS = ("phase", "round", "dice", "low", "stage", "count", "spin", "planes", "tcell", "tinner", "zx",
                "zx_active", "mission", "winner", "mover")


class Difference(AssertionError):
    pass


def _same(seed: int, step: int, field: str, ref: Any, fast: Any) -> None:
    if ref != fast:
        raise Difference(f"seed {seed}, step {step}: {field} differs: reference {ref!r}, fast {fast!r}")


def _events(events: Any) -> list[tuple[Any, ...]]:
    return [(e.rule, e.text, e.player, dict(e.data)) for e in events]


def _compare(seed: int, step: int, ref: Game[Any], fast: Game[Any]) -> None:
    for name in STATE_FIELDS:
        _same(seed, step, f"state.{name}", getattr(ref.raw_state, name), getattr(fast.raw_state, name))
    _same(seed, step, "to_json", ref.rules.to_json(ref.raw_state), fast.rules.to_json(fast.raw_state))
    _same(seed, step, "legal_actions", ref.legal_actions(), fast.legal_actions())


def _probes(rng: random.Random, game: Game[Any]) -> list[Action]:
    """Actions to try whether or not they are legal: moves to any neighbour (or anywhere), altitude changes,
    shots at nearby spaces, ending the turn."""
    s = game.raw_state
    board = game.rules.board
    if s.mover is None:
        return []
    out: list[Action] = [EndTurn()]
    for num in (1, 2):
        here = s.planes[s.mover * 2 + num - 1][0]
        near = [c for c in board.nbr[here] if c >= 0]
        out += [Move(num, board.names[c]) for c in near]
        out.append(Move(num, board.names[rng.randrange(len(board.names))]))
        out.append(Altitude(num, bool(rng.getrandbits(1))))
        line = board.line(here, rng.randrange(6))
        if line:
            out.append(Shoot(num, board.names[rng.choice(line[:6])]))
    return out


def _refusal(game: Game[Any], action: Action) -> tuple[str, str] | None:
    why = game.explain(action)
    return None if why is None else (why.rule, why.reason)


def _play(seed: int, variant: dict[str, Any], greedy: bool, position: dict[str, Any] | None = None,
          first: Sequence[Action] = (), steps: int = STEPS) -> list[Action]:
    """Play ``seed`` through both engines in step (from ``position`` if given, the ``first`` actions first, then
    random or greedy ones); return the actions played."""
    rng = random.Random(seed)
    ref, fast = Game(REFERENCE, seed=seed, variant=variant), Game(FAST, seed=seed, variant=variant)
    if position is not None:
        ref.set_up(position)
        fast.set_up(position)
    _same(seed, 0, "setup events", _events(ref.log), _events(fast.log))
    bot = GreedyBot(seed=seed)
    played: list[Action] = []
    for step in range(1, steps + 1):
        _compare(seed, step, ref, fast)
        legal = ref.legal_actions()
        if not legal:
            break
        for probe in _probes(rng, ref):
            _same(seed, step, f"refusal of {probe}", _refusal(ref, probe), _refusal(fast, probe))
        if step <= len(first):
            action = first[step - 1]
        elif greedy:
            action = bot.choose(ref, legal)
        else:
            n = len(legal) - (len(legal) > 1 and isinstance(legal[-1], EndTurn))
            action = legal[rng.randrange(n)]
        played.append(action)
        _same(seed, step, f"events of {action}", _events(ref.play(action)), _events(fast.play(action)))
    _compare(seed, len(played) + 1, ref, fast)
    return played


def _tally(rules: ZaxxonRules, seed: int, variant: dict[str, Any], actions: list[Action]) -> dict[Any, int]:
    """The rule firings a simulation counts (no log) for the same actions."""
    game = Game(rules, seed=seed, variant=variant, safe=False, log=False)
    game.tally = {}
    for action in actions:
        game.play(action)
    return game.tally


@pytest.mark.parametrize("seed", SEEDS)
def test_fast_path_plays_the_reference_game(seed: int) -> None:
    variant = VARIANTS[seed % len(VARIANTS)]
    actions = _play(seed, variant, greedy=seed % 3 == 2)
    _same(seed, len(actions), "rule firings (simulation tally)", _tally(REFERENCE, seed, variant, actions),
          _tally(FAST, seed, variant, actions))


@pytest.mark.parametrize("name", sorted(teaching_positions()))
def test_fast_path_plays_the_reference_game_from_each_teaching_position(name: str) -> None:
    position = teaching_positions()[name]["position"]
    for seed in range(2):
        _play(seed, {}, greedy=seed == 1, position=position, steps=60)


#: a plane leaving the inner fortress turns Zaxxon (the fast path skips the facing for most moves): blue #1 on
#: I11 and blue #2 on B20 are equally near Zaxxon on C14-C15, so it faces south; with #1 on the wall, north
LEAVING = {"turn": {"round": 5, "phase": "move", "dice": [2, 5], "spin": "WHITE", "to_move": "blue", "count": 2},
           "planes": {"blue": ["I11 high", "B20"], "red": ["E31", "G31"]},
           "zaxxon": {"awake": True, "spaces": ["C14", "C15"]}}


def test_fast_path_turns_zaxxon_when_a_plane_leaves_the_inner_fortress() -> None:
    game = Game(REFERENCE, seed=1)
    game.set_up(LEAVING)
    assert [e.rule for e in game.play(Move(1, "I10"))][-1] == "zaxxon.zaxxon-moves"  # a case that turns Zaxxon
    for seed in range(4):
        _play(seed, {}, greedy=False, position=LEAVING, first=[Move(1, "I10")], steps=40)


def test_the_comparison_names_seed_step_and_field() -> None:
    """A difference is reported where it first appears (the fast path broken on purpose, for one call)."""

    class Broken(FastZaxxonRules):
        def legal_actions(self, state: Any) -> list[Action]:
            out = super().legal_actions(state)
            return out[:-1] if state.round >= 2 and len(out) > 1 else out

    ref, broken = Game(REFERENCE, seed=3), Game(Broken(), seed=3)
    with pytest.raises(Difference, match=r"seed 3, step \d+: legal_actions differs"):
        for step in range(1, STEPS):
            _compare(3, step, ref, broken)
            action = ref.legal_actions()[0]
            ref.play(action)
            broken.play(action)


class Watched(FastZaxxonRules):
    """The fast path, noting the rules its one-frame steps (a plane's step, an altitude change, the roll, the spin,
    the higher roller's stage) told: the tests below check that those steps were played, in each of their
    branches, not only handed to the reference."""

    def __init__(self) -> None:
        super().__init__()
        self.told: Counter[str] = Counter()

    def _move_step(self, s: ZState, seat: int, action: Move, ctx: Context) -> bool:
        n = len(ctx.events)
        done = super()._move_step(s, seat, action, ctx)
        self.told.update(f"move: {e.rule}" for e in ctx.events[n:] if done)
        return done

    def _altitude_step(self, s: ZState, seat: int, action: Altitude, ctx: Context) -> bool:
        n = len(ctx.events)
        done = super()._altitude_step(s, seat, action, ctx)
        self.told.update(f"altitude: {e.rule}" for e in ctx.events[n:] if done)
        return done

    def _roll_step(self, s: ZState, ctx: Context) -> None:
        n = len(ctx.events)
        super()._roll_step(s, ctx)
        self.told.update(f"roll: {e.rule}" for e in ctx.events[n:])
        self.told.update(["roll: a tie"] if len(ctx.events) - n > 2 else [])

    def _spin_step(self, s: ZState, seat: int, ctx: Context) -> bool:
        n = len(ctx.events)
        done = super()._spin_step(s, seat, ctx)
        self.told.update(f"spin: {e.rule}" for e in ctx.events[n:] if done)
        return done

    def _next_stage(self, s: ZState, ctx: Context) -> None:
        n, stage = len(ctx.events), s.stage
        super()._next_stage(s, ctx)
        self.told.update(f"stage {stage}: {e.rule}" for e in ctx.events[n:])


def _play_logged(seed: int, variant: dict[str, Any], fast_rules: FastZaxxonRules, steps: int,
                 position: dict[str, Any] | None = None, first: Sequence[Action] = (),
                 rig: dict[str, Any] | None = None) -> None:
    """Play ``seed`` as bench.py's logged figure does (``safe=False, log=True``, a random bot per seat seeded
    ``seed * 7 + seat``) through the reference and ``fast_rules`` in step (from ``position`` with ``rig`` if
    given), comparing state, legal actions and every event, then the whole history. The fast game plays, at odd
    steps, the very object its own legal actions list (its prebuilt actions, as a bot passes them back), and at
    even steps the reference's equal one (an action made elsewhere)."""
    ref = Game(REFERENCE, seed=seed, variant=variant, safe=False, log=True)
    fast = Game(fast_rules, seed=seed, variant=variant, safe=False, log=True)
    for game in (ref, fast):
        if position is not None:
            game.set_up(position)
        if rig:
            game.rig(**rig)
    bots = [ZaxxonRandomBot(seed=seed * 7 + seat) for seat in (0, 1)]
    for step in range(1, steps + 1):
        _compare(seed, step, ref, fast)
        seat = ref.current_player
        if seat is None:
            break
        if step <= len(first):
            action = own = first[step - 1]
        else:
            legal = ref.legal_actions()
            action = own = bots[seat].choose(ref, legal)
            if step % 2:
                own = fast.legal_actions()[next(i for i, a in enumerate(legal) if a is action)]
        _same(seed, step, f"events of {action}", _events(ref.play(action)), _events(fast.play(own)))
    _same(seed, steps, "the history", [(t.n, t.player, t.action, _events(t.events), t.draws) for t in ref.history],
          [(t.n, t.player, t.action, _events(t.events), t.draws) for t in fast.history])


#: the variants the logged games cycle through: a turn cap (a step that ends the game), fire on entering a turret
#: area, planes not grounded once shot down, the RADAR barrier open
LOGGED_VARIANTS: list[dict[str, Any]] = [{}, {"max_rounds": 12}, {"turret_fires_on_entry": True},
                                         {"grounded_after_shot": False, "radar_barrier": False}]


def _silo_and_turret(spin: str, plane: str) -> dict[str, Any]:
    """The 'silo-shot' teaching position with ``spin`` spun and blue plane #1 on ``plane``."""
    position = copy.deepcopy(teaching_positions()["silo-shot"]["position"])
    position["turn"]["spin"] = spin
    position["planes"]["blue"][0] = plane
    return position


def test_logged_games_play_the_reference_game_and_every_fused_branch() -> None:
    """Logged simulation games (bench.py's "logged" figure) through the fast path's one-frame steps: the same
    events, states and history as the reference, and every branch of those steps played: a plain step, a wall
    crossed, a plane shot down entering a live silo area (RED) or turret area (BLUE, variant), the count used up
    (the other player plays), the turn cap reached; an altitude change, with and without the count used up."""
    watched = Watched()
    for seed in range(12):
        _play_logged(seed, LOGGED_VARIANTS[seed % len(LOGGED_VARIANTS)], watched, steps=500)
    for spin, plane, move in (("RED", "C8", "C7"), ("BLUE", "G6", "H5")):  # into a silo area / a turret area
        for seed in range(2):
            _play_logged(seed, {"turret_fires_on_entry": True}, watched, steps=30,
                         position=_silo_and_turret(spin, plane), first=[Move(1, move)])
    spinning = _silo_and_turret("", "H5")  # blue plane #1 in a turret area as the lower roller spins
    spinning["turn"] = {"round": 4, "phase": "spin", "dice": [2, 5], "to_move": "blue", "count": 0}
    for spin in ("BLUE", "RED"):
        _play_logged(1, {}, watched, steps=30, position=spinning, rig={"spinner": spin})
    want = {"move: zaxxon.plane-moves", "move: zaxxon.wall-crossing", "move: zaxxon.red-silo-fire",
            "move: zaxxon.blue-turret-fire", "move: zaxxon.shot-down-outer", "move: zaxxon.order-of-play",
            "move: zaxxon.turn-cap", "altitude: zaxxon.altitude", "altitude: zaxxon.order-of-play",
            "roll: zaxxon.roll", "roll: a tie", "roll: zaxxon.order-of-play", "spin: zaxxon.spinner", "spin: zaxxon.white-safe",
            "spin: zaxxon.zaxxon-spin", "spin: zaxxon.red-silo-fire", "spin: zaxxon.blue-turret-fire",
            "spin: zaxxon.shot-down-outer", "spin: zaxxon.destroyed-areas-safe",
            "stage 0: zaxxon.order-of-play", "stage 1: zaxxon.turn-cap"}
    assert want <= set(watched.told), want - set(watched.told)


class BrokenStep(FastZaxxonRules):
    """The fast path with one of its one-frame steps broken on purpose (``how``), to show the comparisons catch
    it: a wall crossed untold, a step that costs nothing, a step's sentence naming another space, an altitude
    change's data, the dice told the wrong way round, WHITE told without its ruling, the higher roller's count
    short."""

    def __init__(self, how: str) -> None:
        super().__init__()
        self.how = how

    def _move_step(self, s: ZState, seat: int, action: Move, ctx: Context) -> bool:
        if self.how == "wall" and self.low_section[self.board.index.get(action.to, 0)]:
            # the wall crossing told without its clause
            done = super()._move_step(s, seat, action, ctx)
            if done and ctx.events[-1].rule == "zaxxon.wall-crossing":
                del ctx.events[-1]
            return done
        if self.how == "count" and super()._move_step(s, seat, action, ctx):
            s.count += s.phase == MOVE and s.count > 0  # the step costs nothing (while the count lasts)
            return True
        if self.how == "text" and super()._move_step(s, seat, action, ctx):
            ctx.events[0]._args = (action.plane, "A1", action.to)  # the sentence names another space
            return True
        return self.how not in ("count", "text") and super()._move_step(s, seat, action, ctx)

    def _altitude_step(self, s: ZState, seat: int, action: Altitude, ctx: Context) -> bool:
        done = super()._altitude_step(s, seat, action, ctx)
        if done and self.how == "altitude":
            ctx.events[-1].data = {"plane": action.plane, "high": not action.high}
        return done

    def _roll_step(self, s: ZState, ctx: Context) -> None:
        super()._roll_step(s, ctx)
        if self.how == "roll":
            ctx.events[-2].data = {"dice": s.dice[::-1]}  # the dice told the wrong way round

    def _spin_step(self, s: ZState, seat: int, ctx: Context) -> bool:
        done = super()._spin_step(s, seat, ctx)
        if done and self.how == "spin" and ctx.events[-1].rule == "zaxxon.white-safe":
            del ctx.events[-1]  # WHITE told without its ruling
        return done

    def _next_stage(self, s: ZState, ctx: Context) -> None:
        stage = s.stage
        super()._next_stage(s, ctx)
        if self.how == "stage" and stage == 0 and s.count > 1:
            s.count -= 1  # the higher roller one count short


@pytest.mark.parametrize("how", ["wall", "count", "text", "altitude", "roll", "spin", "stage"])
def test_a_broken_fused_step_is_caught(how: str) -> None:
    with pytest.raises(Difference, match=r"seed \d+, step \d+: (events of .*|state\.\w+) differs"):
        for seed in range(12):
            _play_logged(seed, LOGGED_VARIANTS[seed % len(LOGGED_VARIANTS)], BrokenStep(how), steps=500)


class BrokenMasks(FastZaxxonRules):
    """The fast path with its bit-mask tables broken on purpose (``how``): a plane on an odd-numbered space not
    counted in the spaces taken (so a step onto it is listed), or nothing counted within a shot of 3 counts or
    more (so far shots are not looked for)."""

    def __init__(self, how: str) -> None:
        super().__init__()
        if how == "bit":
            self.bit = tuple(b if c % 2 == 0 else 0 for c, b in enumerate(self.bit))
        else:
            self.near = [(*row[:3], 0, 0, 0, 0) for row in self.near]
            self.near_at = (*self.near_at[:3], *(tuple(0 for _ in row) for row in self.near_at[3:]))


@pytest.mark.parametrize("how", ["bit", "near"])
def test_broken_masks_are_caught(how: str) -> None:
    with pytest.raises(Difference, match=r"seed \d+, step \d+: legal_actions differs"):
        for seed in range(12):
            _play_logged(seed, LOGGED_VARIANTS[seed % len(LOGGED_VARIANTS)], BrokenMasks(how), steps=500)
