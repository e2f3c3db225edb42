"""The step-through lessons of the Zaxxon notebooks, as checked data (``tabletop.engine.lessons``).

Each lesson starts from a seed and a teaching position (variant option ``scenario``) and is a list of
:class:`~tabletop.engine.lessons.Step`: narration, rigged dice/spins, the actions it plays, and optionally a
move it tries that the rules refuse. Every step declares its contract: ``fires`` (the clause ids that happen in
that step, or its refusal's clause) and ``facts`` (each claim the narration makes about the position, with a
check). Where a sentence names a player, a roll or a space that could drift, the narration is generated from the
position (``md`` is then a function of the game after the step). ``check_lesson`` replays every lesson in the
tests; ``tabletop.zaxxon.widget.walkthrough(number)`` shows one beside the board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Game
from ..engine.lessons import Fact, Lesson, Step
from ..engine.words import says
from .board import BOARD, FACING_WORD
from .bots import BOTS
from .rules import (
    Altitude,
    EndTurn,
    Move,
    MoveZaxxon,
    Roll,
    Shoot,
    Spin,
    ZaxxonShoot,
)

G = Game[Any]
W = "WHITE"
COLOUR = ("blue", "red")


# -- facts: claims about a position, each with its check ------------------------------------------------------
def _plane(g: G, seat: int, num: int) -> dict[str, Any]:
    p: dict[str, Any] = g.state["planes"][seat * 2 + num - 1]
    return p


def plane_on(seat: int, num: int, space: str, altitude: str | None = None) -> Fact:
    alt = f" at {altitude.capitalize()} Altitude" if altitude else ""

    def check(g: G) -> Any:
        p = _plane(g, seat, num)
        if p["space"] != space:
            return f"it is on {p['space']}"
        if altitude and p["altitude"] != altitude:
            return f"it is at {p['altitude'].capitalize()} Altitude"
        return True

    return Fact(f"{COLOUR[seat]} plane #{num} is on {space}{alt}", check)


def plane_in(seat: int, num: int, zone: str, words: str) -> Fact:
    return Fact(f"{COLOUR[seat]} plane #{num} is in {words}",
                lambda g: BOARD.zone[BOARD.cell(_plane(g, seat, num)["space"])] in zone)


def plane_on_restart(seat: int, num: int) -> Fact:
    spaces = {BOARD.name(c) for c in BOARD.restart[seat]}
    return Fact(f"{COLOUR[seat]} plane #{num} is on a RESTART space of its outer fortress",
                lambda g: _plane(g, seat, num)["space"] in spaces)


def grounded(seat: int, num: int) -> Fact:
    return Fact(f"{COLOUR[seat]} plane #{num} was shot down this turn", lambda g: _plane(g, seat, num)["grounded"])


def to_move(seat: int) -> Fact:
    return Fact(f"{COLOUR[seat]} (Player {seat + 1}) is to move", lambda g: g.current_player == seat)


def phase(name: str) -> Fact:
    return Fact(f"the game is in its {name} phase", lambda g: g.state["phase"] == name)


def count_left(n: int) -> Fact:
    return Fact(f"{n} of the count is left", lambda g: g.state["count"] == n)


def dice(d0: int, d1: int) -> Fact:
    return Fact(f"blue rolled {d0} and red {d1}", lambda g: list(g.state["dice"]) == [d0, d1])


def lower(seat: int) -> Fact:
    return Fact(f"{COLOUR[seat]} rolled the lower number", lambda g: g.state["lower"] == seat)


def spun(v: str) -> Fact:
    return Fact(f"the spinner shows {v}", lambda g: g.state["spin"] == v)


def _target(g: G, start: str) -> dict[str, Any]:
    return next(t for t in g.state["targets"] if t["start"] == start)


def target_gone(start: str, what: str) -> Fact:
    return Fact(f"the {what} from {start} is off the board", lambda g: _target(g, start)["space"] is None)


def target_on(start: str, space: str, what: str) -> Fact:
    return Fact(f"the {what} from {start} stands on {space}", lambda g: _target(g, start)["space"] == space)


def mission(seat: int, key: str, n: int, words: str) -> Fact:
    return Fact(f"{COLOUR[seat]}'s mission counts {n} {words}", lambda g: g.state["mission"][seat][key] == n)


def zaxxon_on(west: str, east: str) -> Fact:
    return Fact(f"Zaxxon stands on {west}-{east}", lambda g: list(g.state["zaxxon"]["spaces"]) == [west, east])


def facing(f: str) -> Fact:
    return Fact(f"Zaxxon faces {FACING_WORD[f]}", lambda g: g.state["zaxxon"]["facing"] == f)


def awake(on: bool = True) -> Fact:
    return Fact("Zaxxon is alerted" if on else "Zaxxon is not alerted yet",
                lambda g: g.state["zaxxon"]["active"] is on)


def refused(action: Any, rule: str) -> Fact:
    """The claim "``action`` is refused by ``rule``" (checked with ``game.explain``, which changes nothing)."""

    def check(g: G) -> Any:
        why = g.explain(action)
        if why is None:
            return "the rules accept it"
        return True if why.rule == rule else f"it is refused by {why.rule} ({why.reason})"

    return Fact(f"{action} is refused ({rule})", check)


def legal(action: Any) -> Fact:
    return Fact(f"{action} is a legal move", lambda g: action in g.legal_actions())


def no_winner() -> Fact:
    return Fact("nobody has won yet", lambda g: g.winner is None and not g.is_over)


def wins_with(action: Any, seat: int) -> Fact:
    def check(g: G) -> Any:
        f = g.fork()
        f.play(action)
        return f.winner == seat or f"after it the winner is {f.winner}"

    return Fact(f"{action} completes {COLOUR[seat]}'s mission and wins", check)


def _as_near(a: str, b: str) -> Callable[[G], Any]:
    def check(g: G) -> Any:
        zw, ze = (BOARD.cell(x) for x in g.state["zaxxon"]["spaces"])
        da, db = (min(BOARD.distance(BOARD.cell(x), zw), BOARD.distance(BOARD.cell(x), ze)) for x in (a, b))
        return da == db or f"{a} is {da} spaces away, {b} {db}"

    return check


# -- narration helpers: names and numbers from the position ---------------------------------------------------
def name(g: G, seat: int) -> str:
    return str(g.players[seat])


def rolls(g: G) -> str:
    """ "Player 1 (blue) rolled 2, Player 2 (red) rolled 5": the dice of the position, with the players' names."""
    d = g.state["dice"]
    return f"{name(g, 0)} rolled **{d[0]}**, {name(g, 1)} rolled **{d[1]}**"


def low_high(g: G) -> tuple[str, str]:
    lo = g.state["lower"]
    return name(g, lo), name(g, 1 - lo)


Md = Callable[[G], str]

LESSONS: dict[str, Lesson] = {}


def _new(seed: int, scenario: str = "") -> Callable[[], G]:
    def new_game() -> G:
        from . import new_game as make

        return make(seed=seed, variant={"scenario": scenario} if scenario else None)

    return new_game


def _add(number: str, title: str, steps: list[Step], *, seed: int, scenario: str = "",
         bots: dict[int, Any] | None = None) -> None:
    LESSONS[number] = Lesson(f"zaxxon/{number}", title, tuple(steps), _new(seed, scenario), bots=bots or {},
                             bot_table=BOTS)


# == 01 =========================================================================================================
_add("01", "The mission and the board", [
    Step("Setting up", lambda g: f"""Every piece starts on its lettered space (`zaxxon.setup`): missile silos (S)
on the B spaces, gun turrets (T), fuel tanks (F, in your colour), and Zaxxon on the two ZAXXON spaces
{g.state['zaxxon']['spaces'][0]}-{g.state['zaxxon']['spaces'][1]}, facing the purple triangles: **{
    FACING_WORD[g.state['zaxxon']['facing']]}**. Each player's two planes stand on the home base at Low Altitude
(LO): blue (Player 1) on {_plane(g, 0, 1)['space']} and {_plane(g, 0, 2)['space']} at the WEST end, red
(Player 2) on {_plane(g, 1, 1)['space']} and {_plane(g, 1, 2)['space']} at the EAST end. To start, both players
roll (`zaxxon.roll`): {rolls(g)}.""",
         rig={"die": [3, 5]}, actions=[Roll()], fires=("zaxxon.roll",), rules=("zaxxon.setup",),
         facts=(plane_on(0, 1, "E1", "low"), plane_on(0, 2, "G1", "low"), plane_on(1, 1, "E31", "low"),
                plane_on(1, 2, "G31", "low"), zaxxon_on("B15", "B16"), facing("S"), dice(3, 5))),
    Step("The board", lambda g: f"""The hex board is a **reconstruction** (`zaxxon.board`): the rulebook's
pictures are missing, so we drew a board that makes every sentence of the rulebook true. Each home base opens
straight into its outer fortress; the LONG wall (brown, one LOW section) runs across the outer fortress, and the
SHORT wall leads into the shared inner fortress in the middle. The box holds 4 planes, 4 walls (2 long, 2 short),
4 silos, 4 turrets, 4 fuel tanks and Zaxxon (`zaxxon.contents`). {name(g, 0)} rolled lower, spun
{g.state['spin']} and flew plane #1 one space, from the home base into the outer fortress: it is on
{_plane(g, 0, 1)['space']} (`zaxxon.plane-moves`).""",
         rig={"spinner": W}, actions=[Spin(), Move(1, "E2")], fires=("zaxxon.spinner", "zaxxon.plane-moves"),
         rules=("zaxxon.contents",),
         facts=(plane_on(0, 1, "E2"), plane_in(0, 1, "a", "blue's outer fortress"), spun(W), count_left(2))),
    Step("Your mission", lambda g: f"""Your planes must shoot (`zaxxon.mission`): the **2 fuel tanks**, the
**gun turret** and the **missile silo** of your outer fortress; then your **2 fuel tanks again in the inner
fortress** (a shot outer fuel tank flies to a FUEL space there); and **each** of your planes must shoot
**Zaxxon** once. The checklists under the board track it: nothing is done yet. {says(name(g, 0), 'ends')} the
turn; {name(g, 1)}, who rolled higher, plays second (`zaxxon.order-of-play`).""",
         actions=[EndTurn()], fires=("zaxxon.end-turn", "zaxxon.order-of-play"),
         facts=(mission(0, "outer_fuel", 0, "outer fuel tanks"), mission(1, "outer_fuel", 0, "outer fuel tanks"),
                to_move(1), count_left(5))),
    Step("Winning", lambda g: f"""The first player to complete the whole mission wins at once (`zaxxon.win`).
{says(name(g, 1), 'ends')} the turn too, so a new turn begins: the dice are rolled again. Next: dice, the order of
play and the spinner. Press Roll on the live board below to start a game yourself.""",
         actions=[EndTurn()], fires=("zaxxon.end-turn",), rules=("zaxxon.win",),
         facts=(phase("roll"), no_winner(), to_move(0))),
], seed=1)

# == 02 =========================================================================================================
_add("02", "Dice, order of play and the spinner's enemy fire", [
    Step("Both roll at once; ties roll again", lambda g: f"""Both players roll their die at the same time; a
tie is rolled again (`zaxxon.roll`). Here both roll 3, then {rolls(g)}. The lower roller, {low_high(g)[0]},
spins and plays first; {low_high(g)[1]} plays second (`zaxxon.order-of-play`).""",
         rig={"die": [3, 3, 2, 5]}, actions=[Roll()], fires=("zaxxon.roll", "zaxxon.order-of-play"),
         facts=(dice(2, 5), lower(0), phase("spin"), to_move(0))),
    Step("The lower roller spins: RED", lambda g: f"""{says(low_high(g)[0], 'spins')} (`zaxxon.spinner`):
**{g.state['spin']}**. Every plane in a missile silo area (red border, marked m) that still has its silo is shot
down (`zaxxon.red-silo-fire`). Blue plane #1 sat on C7, next to its silo: shot down in the outer fortress, it goes
back to the home base ({_plane(g, 0, 1)['space']}) and flies again next turn (`zaxxon.shot-down-outer`), so moving
it now is refused.""",
         rig={"spinner": "RED"}, actions=[Spin()], refuse=Move(1, "E2"),
         fires=("zaxxon.spinner", "zaxxon.red-silo-fire", "zaxxon.shot-down-outer"),
         facts=(spun("RED"), plane_on(0, 1, "E1", "low"), grounded(0, 1), refused(Move(1, "E2"),
                                                                                  "zaxxon.shot-down-outer"))),
    Step("Splitting the count", lambda g: f"""Blue has 2 to use and may split it between planes in any
combination (`zaxxon.split-count`). Plane #1 was shot down, so plane #2 flies two spaces, one count per space
(`zaxxon.plane-moves`), to {_plane(g, 0, 2)['space']}. Then the higher roller, {name(g, 1)}, plays second
(`zaxxon.order-of-play`) and may end the turn early (`zaxxon.end-turn`).""",
         actions=[Move(2, "E5"), Move(2, "E6"), EndTurn()], rules=("zaxxon.split-count",),
         fires=("zaxxon.plane-moves", "zaxxon.order-of-play", "zaxxon.end-turn"),
         facts=(plane_on(0, 2, "E6"), phase("roll"))),
    Step("BLUE: gun turrets fire", lambda g: f"""New turn: {rolls(g)}; {says(low_high(g)[0], 'spins')}
**{g.state['spin']}**: every plane in a gun turret area (blue dashed border, marked g) that still has its turret
is shot down (`zaxxon.blue-turret-fire`). Red plane #1 was on H25, next to red's turret: it goes home to
{_plane(g, 1, 1)['space']} (`zaxxon.shot-down-outer`).""",
         rig={"die": [4, 1], "spinner": "BLUE"}, actions=[Roll(), Spin()],
         fires=("zaxxon.blue-turret-fire", "zaxxon.shot-down-outer"),
         facts=(dice(4, 1), lower(1), spun("BLUE"), plane_on(1, 1, "E31"), grounded(1, 1))),
    Step("WHITE: all safe", lambda g: f"""Both end their turns; next turn {rolls(g)} and the spinner shows
**{g.state['spin']}**: all planes are safe (`zaxxon.white-safe`). A silo or turret that has been destroyed never
fires again: its area is safe (`zaxxon.destroyed-areas-safe`).""",
         rig={"die": [2, 6], "spinner": W}, actions=[EndTurn(), EndTurn(), Roll(), Spin()],
         rules=("zaxxon.destroyed-areas-safe",), fires=("zaxxon.white-safe", "zaxxon.end-turn"),
         facts=(spun(W), plane_on(0, 2, "E6"), plane_on(1, 2, "G30"), to_move(0))),
], seed=1, scenario="enemy-fire")

# == 03 =========================================================================================================
_add("03", "Flying: moves, altitude and walls", [
    Step("Roll", lambda g: f"""{rolls(g)}: {says(low_high(g)[0], 'spins')} ({g.state['spin']}, all safe)
and has {g.state['count']} to use.""",
         rig={"die": [5, 6], "spinner": W}, actions=[Roll(), Spin()], fires=("zaxxon.roll", "zaxxon.white-safe"),
         facts=(dice(5, 6), count_left(5), to_move(0))),
    Step("One space per count", lambda g: f"""A plane moves to any of the six neighbouring spaces, one count
each; it may turn and even come back (`zaxxon.plane-moves`). The home base opens straight into the outer
fortress: plane #1 flies E1 -> E2 -> E3 -> {_plane(g, 0, 1)['space']}, next to the long wall's LOW section.
Planes never pass over or land on another plane (`zaxxon.no-passing-planes`), nor fly into black spaces or onto a
piece (`zaxxon.blocked-spaces`), and they stay on their own side of the board (`zaxxon.own-side`).
{g.state['count']} left.""",
         actions=[Move(1, "E2"), Move(1, "E3"), Move(1, "F3")], fires=("zaxxon.plane-moves",),
         rules=("zaxxon.no-passing-planes", "zaxxon.blocked-spaces", "zaxxon.own-side"),
         facts=(plane_on(0, 1, "F3", "low"), plane_in(0, 1, "a", "blue's outer fortress"), count_left(2))),
    Step("Walls need High Altitude", """The long wall's LOW section (F4) is next to plane #1, but the plane is
at Low Altitude: refused (`zaxxon.wall-crossing`).""", refuse=Move(1, "F4"), fires=("zaxxon.wall-crossing",),
         facts=(plane_on(0, 1, "F3", "low"), refused(Move(1, "F4"), "zaxxon.wall-crossing"))),
    Step("Changing altitude costs one", lambda g: f"""Raising the plane to High Altitude costs 1 of the count
(`zaxxon.altitude`): {g.state['count']} left. But a plane cannot land on a wall: the wall counts one space and the
plane must get off it in the same turn, so crossing needs 2 - refused (`zaxxon.wall-no-landing`).""",
         actions=[Altitude(1, True)], refuse=Move(1, "F4"), fires=("zaxxon.altitude", "zaxxon.wall-no-landing"),
         facts=(plane_on(0, 1, "F3", "high"), count_left(1), refused(Move(1, "F4"), "zaxxon.wall-no-landing"))),
    Step("Over the wall in one go", lambda g: f"""Both end their turns. Next turn {rolls(g)}: with
{g.state['dice'][0]} and at High Altitude, plane #1 flies onto the low section and off it into the rest of the
outer fortress, {_plane(g, 0, 1)['space']} (`zaxxon.wall-crossing`). {name(g, 1)} plays next.""",
         rig={"die": [2, 5], "spinner": W},
         actions=[EndTurn(), EndTurn(), Roll(), Spin(), Move(1, "F4"), Move(1, "F5")],
         fires=("zaxxon.wall-crossing", "zaxxon.plane-moves"),
         facts=(plane_on(0, 1, "F5", "high"), to_move(1), count_left(5))),
], seed=1)

# == 04 =========================================================================================================
_add("04", "Shooting targets and moving fuel tanks", [
    Step("Roll a 5", lambda g: f"""{rolls(g)}; {says(low_high(g)[0], 'spins')} {g.state['spin']}.""",
         rig={"die": [5, 6], "spinner": W}, actions=[Roll(), Spin()], fires=("zaxxon.roll", "zaxxon.white-safe"),
         facts=(dice(5, 6), count_left(5), plane_on(0, 1, "C9", "high"))),
    Step("The rulebook's example", """With a 5 (`zaxxon.turn-example`): move one space (1), change altitude to
Low (2, `zaxxon.altitude`) - a plane shoots only at Low Altitude (`zaxxon.shoot-low`) - shoot TWO spaces and
destroy the missile silo on C6 (3, 4), move one space (5). A shot flies straight, in one of six directions,
through empty spaces, one count per space (`zaxxon.shooting`); a shot silo or turret is removed
(`zaxxon.shoot-silo-turret`).""",
         actions=[Move(1, "C8"), Altitude(1, False), Shoot(1, "C6"), Move(1, "B8")],
         rules=("zaxxon.turn-example", "zaxxon.shoot-low", "zaxxon.shooting"),
         fires=("zaxxon.plane-moves", "zaxxon.altitude", "zaxxon.shoot-silo-turret"),
         facts=(target_gone("C6", "blue missile silo"), plane_on(0, 1, "B8", "low"),
                mission(0, "outer_silo", 1, "outer missile silo"), to_move(1))),
    Step("Only in straight lines", lambda g: f"""{says(name(g, 1), 'ends')} the turn; next turn {rolls(g)}.
The gun turret on I6 is not in a straight line from plane #1 on {_plane(g, 0, 1)['space']}: refused
(`zaxxon.shooting`).""",
         rig={"die": [3, 6], "spinner": W}, actions=[EndTurn(), Roll(), Spin()], refuse=Shoot(1, "I6"),
         fires=("zaxxon.shooting", "zaxxon.end-turn"),
         facts=(refused(Shoot(1, "I6"), "zaxxon.shooting"), count_left(3), to_move(0))),
    Step("A fuel tank flies to the inner fortress", """Plane #2 on D7 shoots the fuel tank next to it (1). A
shot outer fuel tank is moved to a FUEL space of the inner fortress - the shooter picks which, here I13 - where it
must be shot again later (`zaxxon.outer-fuel-tank`). Only your own colour's targets count; the other player's are
theirs (`zaxxon.own-targets`).""",
         actions=[Shoot(2, "D8", "I13")], fires=("zaxxon.outer-fuel-tank",), rules=("zaxxon.own-targets",),
         facts=(target_on("D8", "I13", "blue fuel tank"), mission(0, "outer_fuel", 1, "outer fuel tank"),
                count_left(2))),
], seed=1, scenario="outer")

# == 05 =========================================================================================================
_add("05", "The inner fortress and dogfights", [
    Step("Over the short wall", lambda g: f"""{rolls(g)}. Plane #1 (High) crosses the short wall at its low
section I10: it leaves the outer fortress and enters the inner fortress on {_plane(g, 0, 1)['space']}
(`zaxxon.inner-entry`).""",
         rig={"die": [5, 6], "spinner": W}, actions=[Roll(), Spin(), Move(1, "I10"), Move(1, "I11")],
         fires=("zaxxon.inner-entry", "zaxxon.wall-crossing"),
         facts=(plane_on(0, 1, "I11", "high"), plane_in(0, 1, "i", "the inner fortress"), count_left(3))),
    Step("Inner fuel tanks are removed", """Lower to Low Altitude (1) and shoot your fuel tank on the FUEL space
I13, two spaces away (2): in the inner fortress a shot fuel tank is removed (`zaxxon.inner-fuel-tank`).""",
         actions=[Altitude(1, False), Shoot(1, "I13")], fires=("zaxxon.altitude", "zaxxon.inner-fuel-tank"),
         facts=(target_gone("D8", "blue fuel tank"), mission(0, "inner_fuel", 1, "inner fuel tank"), to_move(1))),
    Step("Dogfight", lambda g: f"""{says(name(g, 1), 'ends')} the turn; next turn {rolls(g)}. Blue plane #2
(F12) and red plane #1 (F14) are both in the dogfight area (dotted, orange border) at the same altitude: blue
shoots it by die count, two spaces (`zaxxon.dogfight`). The red plane goes to a RESTART space of red's outer
fortress: {_plane(g, 1, 1)['space']}.""",
         rig={"die": [2, 6], "spinner": W}, actions=[EndTurn(), Roll(), Spin(), Shoot(2, "F14")],
         fires=("zaxxon.dogfight",),
         facts=(plane_on_restart(1, 1), plane_on(0, 2, "F12"), to_move(1))),
    Step("Optional targets", lambda g: f"""{says(name(g, 1), 'ends')}; {rolls(g)}. The inner silo and turret
WITHOUT purple triangles are optional: anyone may shoot and remove them (`zaxxon.optional-targets`) - plane #1
moves to J11 and shoots the silo on J13. Those ringed by purple triangles (D14, D17) are indestructible: they
cannot be shot and keep firing; a plane they shoot down goes to a RESTART space (`zaxxon.indestructible`,
`zaxxon.shot-down-inner`).""",
         rig={"die": [3, 6], "spinner": W},
         actions=[EndTurn(), Roll(), Spin(), Move(1, "J11"), Shoot(1, "J13")],
         fires=("zaxxon.optional-targets",), rules=("zaxxon.indestructible", "zaxxon.shot-down-inner"),
         facts=(target_gone("J13", "optional missile silo"), plane_on(0, 1, "J11", "low"),
                target_on("D14", "D14", "indestructible missile silo"),
                target_on("D17", "D17", "indestructible gun turret"))),
    Step("Shot down inside", lambda g: f"""{says(name(g, 1), 'ends')}; {rolls(g)} and the spinner shows
**{g.state['spin']}**. Red plane #2 waited on J19, next to the optional gun turret, which still stands: shot down
in the inner fortress, it goes to a RESTART space of red's outer fortress ({_plane(g, 1, 2)['space']}), not to
the home base (`zaxxon.blue-turret-fire`, `zaxxon.shot-down-inner`).""",
         rig={"die": [2, 6], "spinner": "BLUE"}, actions=[EndTurn(), Roll(), Spin()],
         fires=("zaxxon.blue-turret-fire", "zaxxon.shot-down-inner"),
         facts=(spun("BLUE"), plane_on_restart(1, 2), grounded(1, 2))),
], seed=1, scenario="inner")

# == 06 =========================================================================================================
_add("06", "The radar barrier and waking Zaxxon", [
    Step("The lower roller cannot cross", lambda g: f"""{rolls(g)}. The RADAR barrier (green dashed line)
runs across the dogfight area. A plane may cross it only on a turn its player rolled the HIGHER number
(`zaxxon.radar-barrier`): {name(g, 0)} rolled lower, so plane #1 on {_plane(g, 0, 1)['space']} is refused when it
tries to cross to G12.""",
         rig={"die": [2, 5], "spinner": W}, actions=[Roll(), Spin()], refuse=Move(1, "G12"),
         fires=("zaxxon.radar-barrier",),
         facts=(dice(2, 5), lower(0), plane_on(0, 1, "F12"), refused(Move(1, "G12"), "zaxxon.radar-barrier"))),
    Step("Shooting through the radar is allowed", lambda g: f"""But shots fly through the radar whatever you
rolled: blue plane #2 on G14 shoots red plane #1 on the other side, two spaces (`zaxxon.radar-barrier`,
`zaxxon.dogfight`). The red plane goes to {_plane(g, 1, 1)['space']}.""",
         actions=[Shoot(2, "E15")], fires=("zaxxon.dogfight",),
         facts=(plane_on_restart(1, 1), plane_on(0, 2, "G14"), to_move(1))),
    Step("The higher roller crosses", lambda g: f"""{says(name(g, 1), 'ends')} the turn. Next turn {rolls(g)}:
{low_high(g)[0]} plays first and passes, then {name(g, 0)}'s plane #1 crosses the barrier to
{_plane(g, 0, 1)['space']} (`zaxxon.radar-barrier`). The first crossing ALERTS Zaxxon: from now on a Z on the
spinner moves it (`zaxxon.zaxxon-alert`).""",
         rig={"die": [6, 2], "spinner": W}, actions=[EndTurn(), Roll(), Spin(), EndTurn(), Move(1, "G12")],
         fires=("zaxxon.radar-barrier", "zaxxon.zaxxon-alert"),
         facts=(dice(6, 2), plane_on(0, 1, "G12"), awake())),
    Step("Z on the spinner", lambda g: f"""Blue ends. Next turn {rolls(g)} and {says(low_high(g)[0], 'spins')}
**Z**: Zaxxon is awake, so {low_high(g)[0]} must move it by the die count first, then moves the planes by the
same count (`zaxxon.zaxxon-spin`): Zaxxon now stands on {g.state['zaxxon']['spaces'][0]}-{
    g.state['zaxxon']['spaces'][1]}. Lesson 07 shows how Zaxxon moves and shoots.""",
         rig={"die": [1, 4], "spinner": "Z"}, actions=[EndTurn(), Roll(), Spin(), MoveZaxxon("W")],
         fires=("zaxxon.zaxxon-spin", "zaxxon.zaxxon-moves"),
         facts=(spun("Z"), zaxxon_on("B14", "B15"), phase("move"), count_left(1), to_move(0))),
], seed=1, scenario="radar")

# == 07 =========================================================================================================
_add("07", "Zaxxon moves and shoots", [
    Step("Z: Zaxxon's turn first", lambda g: f"""Zaxxon is awake. {rolls(g)} and {says(low_high(g)[0], 'spins')}
Z: {low_high(g)[0]} moves Zaxxon by {g.state['count']} first (`zaxxon.zaxxon-spin`).""",
         rig={"die": [3, 5], "spinner": "Z"}, actions=[Roll(), Spin()], fires=("zaxxon.zaxxon-spin",),
         facts=(phase("zaxxon"), count_left(3), to_move(0), awake())),
    Step("How Zaxxon moves", lambda g: f"""Zaxxon fills two side-by-side spaces. It moves sideways (W/E) or
diagonally forward or backward, one count each, never out of its area (`zaxxon.zaxxon-moves`): here sideways west,
then diagonally forward south-west, to {g.state['zaxxon']['spaces'][0]}-{g.state['zaxxon']['spaces'][1]}. It
always faces toward the attacking planes - the nearest plane in the inner fortress - no matter where it moves:
blue plane #2 on {_plane(g, 0, 2)['space']} is as near as plane #1 on B12, so it faces
**{FACING_WORD[g.state['zaxxon']['facing']]}**, as at the start.""",
         actions=[MoveZaxxon("W"), MoveZaxxon("SW")], fires=("zaxxon.zaxxon-moves",),
         facts=(zaxxon_on("C14", "C15"), facing("S"), count_left(1), plane_on(0, 2, "D16"),
                Fact("blue plane #2 on D16 is as near to Zaxxon as plane #1 on B12", _as_near("D16", "B12")))),
    Step("How Zaxxon shoots", lambda g: f"""Zaxxon shoots from either of its spaces in four directions: sideways
(W from its west space, E from its east space) and its two forward diagonals (facing south: SW and SE). The shot
runs until it hits a plane or a black space - walls and pieces do not stop it - and costs 1 whatever the
distance. From C15 it shoots south-west: red plane #1 far down that line on H12 is hit and goes to a RESTART
space, {_plane(g, 1, 1)['space']} (`zaxxon.zaxxon-shoots`). Then {name(g, 0)} moves the planes by the same
{g.state['count']}.""",
         actions=[ZaxxonShoot("east", "SW")], fires=("zaxxon.zaxxon-shoots", "zaxxon.zaxxon-spin"),
         facts=(plane_on_restart(1, 1), phase("move"), count_left(3))),
    Step("Planes stay out of Zaxxon's area", """Planes can never enter the Zaxxon area, only the white spaces
next to it (`zaxxon.zaxxon-area`): plane #2 on D16 cannot fly to C16.""", refuse=Move(2, "C16"),
         fires=("zaxxon.zaxxon-area",),
         facts=(refused(Move(2, "C16"), "zaxxon.zaxxon-area"), plane_on(0, 2, "D16"))),
    Step("Zaxxon turns toward the planes", lambda g: f"""Plane #2 flies away, to {_plane(g, 0, 2)['space']}.
Now the nearest attacking plane is plane #1 on B12, on the row north of Zaxxon: Zaxxon turns to face
**{FACING_WORD[g.state['zaxxon']['facing']]}** (`zaxxon.zaxxon-moves`), and its shots follow its front: W, E, NW
and NE. The board shows its front with a purple arrow.""",
         actions=[Move(2, "E17")], fires=("zaxxon.plane-moves", "zaxxon.zaxxon-moves"),
         facts=(plane_on(0, 2, "E17"), facing("N"), count_left(2))),
    Step("Shooting Zaxxon", lambda g: f"""Both end their turns; next turn {rolls(g)}. Plane #1 (Low) moves to
C13 and shoots Zaxxon on the next space east (`zaxxon.shoot-zaxxon`). Its part of the mission is done: it returns
to the home base ({_plane(g, 0, 1)['space']}) and Zaxxon returns to its ZAXXON space
{g.state['zaxxon']['spaces'][0]}-{g.state['zaxxon']['spaces'][1]}.""",
         rig={"die": [2, 5], "spinner": W},
         actions=[EndTurn(), EndTurn(), Roll(), Spin(), Move(1, "C13"), Shoot(1, "C14")],
         fires=("zaxxon.shoot-zaxxon",),
         facts=(plane_on(0, 1, "E1"), zaxxon_on("B15", "B16"),
                Fact("blue plane #1 has shot Zaxxon", lambda g: list(g.state["mission"][0]["zaxxon"]) == [True, False]),
                to_move(1))),
], seed=1, scenario="zaxxon")

# == 08 =========================================================================================================
_add("08", "A full game against the bot", [
    Step("One target left", lambda g: f"""Near the end of a game: blue has destroyed everything except one fuel
tank in the inner fortress (on C12), and both blue planes have shot Zaxxon. {rolls(g)}; the spinner shows
{g.state['spin']} (`zaxxon.white-safe`). (The rulebook plays until someone wins; only simulations use a turn cap,
`zaxxon.turn-cap`, a variant option that is off by default.)""",
         rig={"die": [2, 5], "spinner": W}, actions=[Roll(), Spin()], fires=("zaxxon.roll", "zaxxon.white-safe"),
         rules=("zaxxon.turn-cap",),
         facts=(mission(0, "inner_fuel", 1, "inner fuel tank"), target_on("H8", "C12", "blue fuel tank"),
                Fact("both blue planes have shot Zaxxon", lambda g: list(g.state["mission"][0]["zaxxon"]) == [True, True]),
                no_winner())),
    Step("One shot from winning", lambda g: f"""Plane #2 flies one space out of the home base, to
{_plane(g, 0, 2)['space']} (`zaxxon.plane-moves`). {name(g, 0)} has {g.state['count']} left: exactly enough for
plane #1 on D12 to shoot the fuel tank next to it (`zaxxon.inner-fuel-tank`) - that shot completes the mission
and wins at once (`zaxxon.win`). **Your turn**: make the winning shot on the board, then play a whole game
against the greedy bot on the live board below.""",
         actions=[Move(2, "E2")], fires=("zaxxon.plane-moves",), rules=("zaxxon.inner-fuel-tank", "zaxxon.win"),
         facts=(plane_on(0, 2, "E2"), count_left(1), legal(Shoot(1, "C12")), wins_with(Shoot(1, "C12"), 0),
                to_move(0))),
], seed=1, scenario="endgame", bots={1: "greedy"})


def lesson(number: str | int) -> Lesson:
    """The lesson ``"01"``..``"08"`` (an int works too)."""
    key = f"{int(number):02d}"
    if key not in LESSONS:
        raise KeyError(f"no Zaxxon lesson {number!r}; lessons: {', '.join(LESSONS)}")
    return LESSONS[key]
