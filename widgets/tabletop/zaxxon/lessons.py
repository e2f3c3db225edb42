"""The step-through lessons of the Zaxxon notebooks, as data.

Each lesson starts from a seed and a teaching position (variant option ``scenario``) and is a list of steps;
a step has Markdown narration naming the rule clause it teaches, optional rigged dice/spins, the actions it
plays, and optionally an action it *tries* that the rules refuse (the refusal is shown). ``expect`` lists the
clause ids that must fire (or refuse) in that step: tests replay every lesson and check them, so each rule
really happens every time. ``tabletop.zaxxon.widget.LessonView`` shows a lesson beside a read-only board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import Action, Game, IllegalAction
from .rules import (
    Altitude,
    EndTurn,
    Move,
    MoveZaxxon,
    Roll,
    Shoot,
    Spin,
    ZaxxonShoot,
    ZState,
)


@dataclass(frozen=True)
class Step:
    title: str
    text: str
    rig: dict[str, Any] = field(default_factory=dict)
    actions: tuple[Action, ...] = ()
    tries: Action | None = None
    expect: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    number: str
    title: str
    steps: tuple[Step, ...]
    seed: int = 1
    scenario: str = ""

    def new_game(self) -> Game[ZState]:
        from . import new_game

        return new_game(seed=self.seed, variant={"scenario": self.scenario} if self.scenario else None)

    def game_at(self, k: int) -> tuple[Game[ZState], IllegalAction | None, list[str]]:
        """The game after steps 0..k; the refusal of step k's ``tries``; the clause ids step k fired."""
        g = self.new_game()
        refusal: IllegalAction | None = None
        fired: list[str] = []
        for i, step in enumerate(self.steps[: k + 1]):
            if step.rig:
                g.rig(**step.rig)
            start = len(g.history)
            for a in step.actions:
                g.play(a)
            if i == k:
                fired += [e.rule for t in g.history[start:] for e in t.events]
            if step.tries is not None:
                try:
                    g.play(step.tries)
                except IllegalAction as exc:
                    if i == k:
                        refusal = exc
                        fired.append(exc.rule)
                else:
                    raise AssertionError(f"lesson {self.number} step {i + 1}: {step.tries} was not refused")
        return g, refusal, fired


W = "WHITE"

LESSONS: dict[str, Lesson] = {}


def _add(lesson: Lesson) -> None:
    LESSONS[lesson.number] = lesson


_add(Lesson("01", "The mission and the board", (
    Step("The board", """The hex board is a **reconstruction** (`zaxxon.board`): the rulebook's pictures are
missing, so we drew a board that makes every sentence of the rulebook true. Blue (Player 1) starts on the
home base at the WEST end, red (Player 2) at the EAST end. From each home base you cross the LONG wall (brown,
one LOW section) into your outer fortress, then the SHORT wall into the shared inner fortress in the middle.
The box holds 4 planes, 4 walls (2 long, 2 short), 4 silos, 4 turrets, 4 fuel tanks and Zaxxon
(`zaxxon.contents`)."""),
    Step("Setting up", """Every piece starts on its lettered space (`zaxxon.setup`): missile silos (S) on the B
spaces, gun turrets (T), fuel tanks (F, in your colour), and Zaxxon on the two ZAXXON spaces facing the purple
triangles, i.e. south. Your two planes stand on your home base at Low Altitude (LO)."""),
    Step("Your mission", """Your planes must shoot (`zaxxon.mission`): the **2 fuel tanks**, the **gun turret**
and the **missile silo** of your outer fortress; then your **2 fuel tanks again in the inner fortress** (a shot
outer fuel tank flies to a FUEL space there); and **each** of your planes must shoot **Zaxxon** once. The
checklists under the board track it."""),
    Step("Winning", """The first player to complete the whole mission wins at once (`zaxxon.win`). Next:
dice, the order of play and the spinner. Press Roll on the live board below to start a game yourself."""),
)))

_add(Lesson("02", "Dice, order of play and the spinner's enemy fire", (
    Step("Both roll at once; ties roll again", """Both players roll their die at the same time; a tie is
rolled again (`zaxxon.roll`). Here both roll 3, then blue rolls 2 and red 5.""",
         rig={"die": [3, 3, 2, 5]}, actions=(Roll(),), expect=("zaxxon.roll",)),
    Step("The lower roller spins: RED", """The lower roller (blue, 2) spins and plays first; the higher
roller plays second (`zaxxon.spinner`, `zaxxon.order-of-play`). RED: every plane in a missile silo area
(red border, marked m) that still has its silo is shot down (`zaxxon.red-silo-fire`). Blue plane #1 sits next to
its silo: shot down in the outer fortress, it goes back to the home base and flies again next turn
(`zaxxon.shot-down-outer`).""", rig={"spinner": "RED"}, actions=(Spin(),),
         expect=("zaxxon.spinner", "zaxxon.red-silo-fire", "zaxxon.shot-down-outer")),
    Step("Splitting the count", """Blue has 2 to use and may split it between planes in any combination
(`zaxxon.split-count`). Plane #1 was shot down, so plane #2 flies two spaces, one count per space
(`zaxxon.plane-moves`). Then the higher roller, red (5), plays second (`zaxxon.order-of-play`) and may end its
turn early (`zaxxon.end-turn`).""", actions=(Move(2, "E5"), Move(2, "E6"), EndTurn()),
         expect=("zaxxon.plane-moves", "zaxxon.order-of-play", "zaxxon.end-turn")),
    Step("BLUE: gun turrets fire", """New turn: red rolls lower and spins BLUE: every plane in a gun turret
area (blue dashed border, marked g) that still has its turret is shot down (`zaxxon.blue-turret-fire`). Red
plane #1 was next to red's turret.""", rig={"die": [4, 1], "spinner": "BLUE"}, actions=(Roll(), Spin()),
         expect=("zaxxon.blue-turret-fire",)),
    Step("WHITE: all safe", """Both end their turns; next turn the spinner shows WHITE: all planes are safe
(`zaxxon.white-safe`). A silo or turret that has been destroyed never fires again: its area is safe
(`zaxxon.destroyed-areas-safe`).""", rig={"die": [2, 6], "spinner": W},
         actions=(EndTurn(), EndTurn(), Roll(), Spin()), expect=("zaxxon.white-safe",)),
), scenario="enemy-fire"))

_add(Lesson("03", "Flying: moves, altitude and walls", (
    Step("Roll", "Blue rolls 5, red 6: blue spins (WHITE, all safe) and has 5 to use.",
         rig={"die": [5, 6], "spinner": W}, actions=(Roll(), Spin()), expect=("zaxxon.roll",)),
    Step("One space per count", """A plane moves to any of the six neighbouring spaces, one count each; it
may turn and even come back (`zaxxon.plane-moves`). Planes never pass over or land on another plane
(`zaxxon.no-passing-planes`), nor fly into black spaces or onto a piece (`zaxxon.blocked-spaces`).""",
         actions=(Move(1, "E2"), Move(1, "F2")), expect=("zaxxon.plane-moves",)),
    Step("Walls need High Altitude", """The long wall's LOW section is next to plane #1, but the plane is at
Low Altitude: refused (`zaxxon.wall-crossing`).""", tries=Move(1, "F3"), expect=("zaxxon.wall-crossing",)),
    Step("Changing altitude costs one", """Raising the plane to High Altitude costs 1 of the count
(`zaxxon.altitude`). 2 left.""", actions=(Altitude(1, True),), expect=("zaxxon.altitude",)),
    Step("Over the wall in one go", """A plane cannot land on a wall: the wall counts one space and the plane
must get off it in the same turn (`zaxxon.wall-no-landing`). With 2 left and at High Altitude
(`zaxxon.wall-crossing`): onto the low section, then into the outer fortress. Planes stay on their own side of the board (`zaxxon.own-side`).""",
         actions=(Move(1, "F3"), Move(1, "F4")), expect=("zaxxon.wall-crossing",)),
    Step("Not enough count", """Red ends its turn. Next turn blue has only 1: going back over the wall needs 2,
so it is refused (`zaxxon.wall-no-landing`).""", rig={"die": [1, 4], "spinner": W},
         actions=(EndTurn(), Roll(), Spin()), tries=Move(1, "F3"), expect=("zaxxon.wall-no-landing",)),
)))

_add(Lesson("04", "Shooting targets and moving fuel tanks", (
    Step("Roll a 5", "Blue rolls 5 and spins WHITE.", rig={"die": [5, 6], "spinner": W},
         actions=(Roll(), Spin()), expect=("zaxxon.white-safe",)),
    Step("The rulebook's example", """With a 5 (`zaxxon.turn-example`): move one space (1), change altitude to
Low (2, `zaxxon.altitude`) - a plane shoots only at Low Altitude (`zaxxon.shoot-low`) - shoot TWO spaces and destroy the missile
silo (3, 4), move one space (5). A shot flies straight, in one of six directions, through empty spaces, one count
per space (`zaxxon.shooting`); a shot silo or turret is removed (`zaxxon.shoot-silo-turret`).""",
         actions=(Move(1, "C8"), Altitude(1, False), Shoot(1, "C6"), Move(1, "B8")),
         expect=("zaxxon.shoot-silo-turret", "zaxxon.altitude")),
    Step("Only in straight lines", """Red ends its turn; blue rolls 3. The gun turret is not in a straight line
from plane #1: refused (`zaxxon.shooting`).""", rig={"die": [3, 6], "spinner": W},
         actions=(EndTurn(), Roll(), Spin()), tries=Shoot(1, "I6"), expect=("zaxxon.shooting",)),
    Step("A fuel tank flies to the inner fortress", """Plane #2 shoots the fuel tank next to it (1). A shot
outer fuel tank is moved to a FUEL space of the inner fortress - the shooter picks which - where it must be shot
again later (`zaxxon.outer-fuel-tank`). Only your own colour's targets count; the other player's are theirs
(`zaxxon.own-targets`).""", actions=(Shoot(2, "D8", "I13"),), expect=("zaxxon.outer-fuel-tank",)),
), scenario="outer"))

_add(Lesson("05", "The inner fortress and dogfights", (
    Step("Over the short wall", """Blue rolls 5. Plane #1 (High) crosses the short wall: it leaves the outer
fortress and enters the inner fortress (`zaxxon.inner-entry`).""", rig={"die": [5, 6], "spinner": W},
         actions=(Roll(), Spin(), Move(1, "I10"), Move(1, "I11")), expect=("zaxxon.inner-entry",)),
    Step("Inner fuel tanks are removed", """Lower to Low Altitude (1) and shoot your fuel tank on the FUEL space
two spaces away (2): in the inner fortress a shot fuel tank is removed (`zaxxon.inner-fuel-tank`).""",
         actions=(Altitude(1, False), Shoot(1, "I13")), expect=("zaxxon.inner-fuel-tank",)),
    Step("Dogfight", """Red ends its turn; blue rolls 2. Both plane #2 and the red plane are in the dogfight
area (dotted, orange border) at the same altitude: blue shoots it by die count, two spaces (`zaxxon.dogfight`).
The red plane goes to a RESTART space of red's outer fortress.""", rig={"die": [2, 6], "spinner": W},
         actions=(EndTurn(), Roll(), Spin(), Shoot(2, "F14")), expect=("zaxxon.dogfight",)),
    Step("Optional targets", """Red ends; blue rolls 3. The inner silo and turret WITHOUT purple triangles are
optional: anyone may shoot and remove them (`zaxxon.optional-targets`). Those ringed by purple triangles are
indestructible: they cannot be shot and keep firing; a plane they shoot down goes to a RESTART space
(`zaxxon.indestructible`, `zaxxon.shot-down-inner`).""", rig={"die": [3, 6], "spinner": W},
         actions=(EndTurn(), Roll(), Spin(), Move(1, "J11"), Shoot(1, "J13")),
         expect=("zaxxon.optional-targets",)),
    Step("Shot down inside", """Red ends; blue rolls 2 and spins BLUE. The red plane #2 waits next to the
optional gun turret, which still stands: shot down in the inner fortress, it goes to a RESTART space of red's
outer fortress, not to the home base (`zaxxon.blue-turret-fire`, `zaxxon.shot-down-inner`).""",
         rig={"die": [2, 6], "spinner": "BLUE"}, actions=(EndTurn(), Roll(), Spin()),
         expect=("zaxxon.blue-turret-fire", "zaxxon.shot-down-inner")),
), scenario="inner"))

_add(Lesson("06", "The radar barrier and waking Zaxxon", (
    Step("The lower roller cannot cross", """Blue rolls 2, red 5. The RADAR barrier (green dashed line) runs
across the dogfight area. A plane may cross it only on a turn its player rolled the HIGHER number
(`zaxxon.radar-barrier`): blue's move is refused.""", rig={"die": [2, 5], "spinner": W},
         actions=(Roll(), Spin()), tries=Move(1, "G12"), expect=("zaxxon.radar-barrier",)),
    Step("Shooting through the radar is allowed", """But shots fly through the radar whatever you rolled:
plane #2 shoots the red plane on the other side, two spaces (`zaxxon.radar-barrier`, `zaxxon.dogfight`).""",
         actions=(Shoot(2, "E15"),), expect=("zaxxon.dogfight",)),
    Step("The higher roller crosses", """Red ends its turn. Next turn blue rolls 6 (higher): red plays first
and passes, then blue's plane #1 crosses the barrier (`zaxxon.radar-barrier`). The first crossing ALERTS Zaxxon: from now on a Z on the
spinner moves it (`zaxxon.zaxxon-alert`).""", rig={"die": [6, 2], "spinner": W},
         actions=(EndTurn(), Roll(), Spin(), EndTurn(), Move(1, "G12")),
         expect=("zaxxon.radar-barrier", "zaxxon.zaxxon-alert")),
    Step("Z on the spinner", """Blue ends. Blue rolls 1 and spins Z: Zaxxon is awake, so blue must move it by
the die count, then moves its own planes by the same count (`zaxxon.zaxxon-spin`). Lesson 07 shows how Zaxxon
moves and shoots.""", rig={"die": [1, 4], "spinner": "Z"},
         actions=(EndTurn(), Roll(), Spin(), MoveZaxxon("W")), expect=("zaxxon.zaxxon-spin",)),
), scenario="radar"))

_add(Lesson("07", "Zaxxon moves and shoots", (
    Step("Z: Zaxxon's turn first", """Zaxxon is awake. Blue rolls 2 and spins Z: blue moves Zaxxon by 2 first
(`zaxxon.zaxxon-spin`).""", rig={"die": [2, 5], "spinner": "Z"}, actions=(Roll(), Spin()),
         expect=("zaxxon.zaxxon-spin",)),
    Step("How Zaxxon moves", """Zaxxon fills two side-by-side spaces and always faces south, toward the
attacking planes. It moves sideways (W/E) or diagonally forward (SW/SE) or backward (NW/NE), one count each,
never out of its area (`zaxxon.zaxxon-moves`).""", actions=(MoveZaxxon("W"),), expect=("zaxxon.zaxxon-moves",)),
    Step("How Zaxxon shoots", """Zaxxon shoots from either of its spaces in four directions (W, E, SW, SE); the
shot runs until it hits a plane or a black space, and costs 1 whatever the distance. The red plane is hit and
goes to a RESTART space (`zaxxon.zaxxon-shoots`).""", actions=(ZaxxonShoot("east", "SW"),),
         expect=("zaxxon.zaxxon-shoots",)),
    Step("Planes stay out of Zaxxon's area", """Now blue moves its planes by the same 2. Planes can never enter
the Zaxxon area, only the white spaces next to it (`zaxxon.zaxxon-area`).""", tries=Move(2, "C16"),
         expect=("zaxxon.zaxxon-area",)),
    Step("Shooting Zaxxon", """Plane #1 (Low) shoots Zaxxon two spaces away. Its part of the mission is done: it
returns to the home base and Zaxxon returns to its ZAXXON space (`zaxxon.shoot-zaxxon`).""",
         actions=(Shoot(1, "B14"),), expect=("zaxxon.shoot-zaxxon",)),
), scenario="zaxxon"))

_add(Lesson("08", "A full game against the bot", (
    Step("One target left", """Near the end of a game: blue has destroyed everything except one fuel tank in
the inner fortress, and both blue planes have shot Zaxxon. (The rulebook plays until someone wins; only
simulations use a turn cap, `zaxxon.turn-cap`, a variant option that is off by default.)""", rig={"die": [2, 5], "spinner": W},
         actions=(Roll(), Spin()), expect=("zaxxon.white-safe",)),
    Step("Mission complete", """Plane #1 shoots the last fuel tank (`zaxxon.inner-fuel-tank`): the whole mission is complete and blue wins
at once (`zaxxon.win`). Now play a whole game against the greedy bot below.""",
         actions=(Shoot(1, "C12"),), expect=("zaxxon.win", "zaxxon.inner-fuel-tank")),
), scenario="endgame"))


def lesson(number: str | int) -> Lesson:
    key = f"{int(number):02d}"
    if key not in LESSONS:
        raise KeyError(f"no Zaxxon lesson {number!r}; lessons: {', '.join(LESSONS)}")
    return LESSONS[key]
