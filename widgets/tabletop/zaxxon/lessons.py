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

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from ..engine import Game, load_catalog
from ..engine.events import Event
from ..engine.lessons import (
    Answer,
    Fact,
    Hint,
    Lesson,
    Question,
    Step,
    Task,
    YourMove,
    choice_of,
    human_to_move,
)
from ..engine.words import says
from ..engine.words import verb_for as verb
from .board import BOARD, DIRS, FACING_WORD
from .bots import BOTS
from .rules import (
    Altitude,
    EndTurn,
    Move,
    MoveZaxxon,
    Roll,
    Shoot,
    Spin,
    ZaxxonRules,
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

# == issue 20: tasks at the hand-over, questions before the reveal, "your move" steps ============================
#: the rule catalog (a hint's first words are its clause's own words)
CLAUSES = {c.id: c for c in load_catalog(ZaxxonRules.catalog_path).clauses}


def rule_words(*ids: str) -> str:
    """The catalog's words for clauses ``ids``, each followed by its id (a task's first hint)."""
    return " ".join(f"{CLAUSES[cid].says} (`{cid}`)" for cid in ids)


def plane_words(g: G, seat: int, num: int) -> str:
    p = _plane(g, seat, num)
    return f"{COLOUR[seat]} plane #{num} on {p['space']}"


def may(prompt: str | Md, action: Any, options: Mapping[str | None, str], rule: str, *,
        after: int | None = None, yes: str | Md = "") -> Question:
    """"May this be done now?": the choices are ``options`` (``None``: the rules allow it; a clause id: they refuse
    it by that clause); the answer is what ``game.explain(action)`` says at the question's position."""
    texts = list(options.values())

    def answer(g: G) -> Answer:
        why = g.explain(action)
        if why is None:
            reason = (yes(g) if callable(yes) else yes) or f"the rules allow it here ({action})."
            return choice_of(texts, options[None], reason, rule)
        if why.rule not in options:
            raise ValueError(f"the rules refuse {action} by {why.rule} ({why.reason}), which no choice names")
        return choice_of(texts, options[why.rule], why.reason, why.rule)

    return Question(prompt, texts, answer, clauses=(rule,), after=after)


def _plane_choices(g: G) -> list[str]:
    return [plane_words(g, seat, num) for seat in (0, 1) for num in (1, 2)]


def planes_or(nothing: str) -> Callable[[G], list[str]]:
    """The choices of "which planes does it shoot down?": every plane where it stands, and ``nothing``."""
    return lambda g: [*_plane_choices(g), nothing]


def shot_down_answer(action: Any, rule: str, nothing: str) -> Callable[[G], Answer]:
    """The answer to "which planes does ``action`` shoot down?", played ahead on a fork: the planes whose
    shooting-down events (``rule``) it causes."""

    def answer(g: G) -> Answer:
        names = _plane_choices(g)
        f = g.fork()
        events = f.play(action)
        hit = sorted({(e.player, e.data["plane"]) for e in events
                      if e.rule == rule and "plane" in e.data and e.player is not None})
        texts = [*names, nothing]
        if not hit:
            return choice_of(texts, nothing, f"{action}: nothing is shot down (`{rule}`).", rule)
        right = [names[seat * 2 + num - 1] for seat, num in hit]
        why = " ".join(e.text for e in events if e.rule == rule)
        return choice_of(texts, right, why, rule)

    return answer


def moved(events: Sequence[Event], seat: int, num: int) -> bool:
    """Did ``seat``'s plane #``num`` fly a space in ``events``?"""
    return any(e.rule == "zaxxon.plane-moves" and e.player == seat and e.data.get("plane") == num for e in events)


def until_next_part(events: Sequence[Event]) -> list[Event]:
    """The events up to the end of the player's current part of the turn (the next "plays second" or roll)."""
    out = []
    for e in events:
        if e.rule in ("zaxxon.order-of-play", "zaxxon.roll"):
            break
        out.append(e)
    return out


@cache
def hand_over_length(number: str) -> int:
    """How many history entries the lesson's hand-over position has (after the bots' replies)."""
    return len(LESSONS[number].handed_over()[0].history)


def on_plan(number: str, off_plan: str | Md) -> Hint:
    """The third hint: the next move of the task's plan while the learner follows it (their own moves since the
    hand-over are read from the history), else ``off_plan``."""

    def hint(g: G) -> str:
        les = LESSONS[number]
        task = les.task
        assert task is not None
        n0 = hand_over_length(number)
        nxt = None
        if len(g.history) >= n0:
            done = [t.action for t in g.history[n0:] if t.action is not None and t.player not in les.bots]
            nxt = task.next_move(g, done)
        if nxt is not None:
            return f"A move that makes progress: **{nxt}**."
        return off_plan(g) if callable(off_plan) else off_plan

    return hint


def your_turn(number: str, md: Md, *, rig: Mapping[str, Any] | None = None,
              actions: Any = ()) -> Step:
    """The hand-over step: the task, who plays whom (from the lesson's bots) and how to play, then ``rig``
    (the chance the task needs, so it is always reachable)."""

    def text(g: G) -> str:
        les = LESSONS[number]
        task = les.task
        goal = f"**Your task:** {task.goal} " if task else ""
        return (f"{goal}{les.players_text(g)} {md(g)} Click a plane, then a highlighted space (it flies the whole "
                "route) or target; **A** changes altitude, **E** ends your part of the turn, **U** takes a move "
                "back. The goal is checked after every move; **Try again** returns here.")

    return Step("Your turn", text, rig=rig, actions=actions,
                facts=(Fact("a human seat is to move", lambda g: human_to_move(LESSONS[number])(g)),))


def _new(seed: int, scenario: str = "") -> Callable[[], G]:
    def new_game() -> G:
        from . import new_game as make

        return make(seed=seed, variant={"scenario": scenario} if scenario else None)

    return new_game


#: the notebooks of notebooks/zaxxon, by lesson
NOTEBOOKS = {"01": "01_mission_and_board.ipynb", "02": "02_dice_order_spinner.ipynb",
             "03": "03_flying_altitude_walls.ipynb", "04": "04_shooting_and_fuel_tanks.ipynb",
             "05": "05_inner_fortress_and_dogfights.ipynb", "06": "06_radar_barrier.ipynb",
             "07": "07_zaxxon_moves_and_shoots.ipynb", "08": "08_full_game_vs_bot.ipynb"}


def _add(number: str, title: str, steps: list[Step], *, seed: int, scenario: str = "",
         bots: dict[int, Any] | None = None, task: Task | None = None, hand_over: bool | str | Step = True,
         hot_seat: bool = False) -> None:
    """Register lesson ``number``; without ``bots`` (and not ``hot_seat``) the greedy bot plays red (Player 2)."""
    if bots is None and not hot_seat:
        bots = {1: "greedy"}
    LESSONS[number] = Lesson(f"zaxxon/{number}", title, tuple(steps), _new(seed, scenario), bots=bots or {},
                             bot_table=BOTS, task=task, hand_over=hand_over, hot_seat=hot_seat,
                             notebook=NOTEBOOKS[number])


# == 01 =========================================================================================================
def who_first(g: G) -> Answer:
    """Who spins and plays first: the seat the rules make move at the spin (the lower roller)."""
    seat = g.current_player
    assert seat is not None and g.state["phase"] == "spin"
    d = g.state["dice"]
    return choice_of([name(g, 0), name(g, 1)], name(g, seat),
                     f"{rolls(g).replace('**', '')}: {name(g, seat)} rolled the lower number ({d[seat]}), so "
                     f"{verb(name(g, seat), 'spins')} the spinner and {verb(name(g, seat), 'plays')} first.",
                     "zaxxon.order-of-play")


def into_outer(seat: int) -> Callable[[G, Any], Any]:
    """Your-move intent: any move of one of ``seat``'s planes onto a space of its outer fortress."""
    zone = "ab"[seat]

    def accept(g: G, a: Any) -> Any:
        if not isinstance(a, Move):
            return "this step asks you to fly a plane (click it, then a neighbouring space)"
        if BOARD.zone[BOARD.cell(a.to)] != zone:
            return f"{a.to} is not in your outer fortress; fly into the open spaces next to the home base"
        return True

    return accept


def both_out(g: G, events: Sequence[Event]) -> Any:
    return all(BOARD.zone[BOARD.cell(_plane(g, 0, n)["space"])] == "a" for n in (1, 2))


TASK_01 = Task(
    "Start a turn yourself: roll, spin, and fly plane #2 out of the home base so that both your planes are in "
    "your outer fortress.",
    ("zaxxon.roll", "zaxxon.spinner", "zaxxon.plane-moves"), both_out,
    plan=[Roll(), Spin(), Move(2, "G2")],
    hints=(rule_words("zaxxon.roll", "zaxxon.plane-moves"),
           lambda g: f"Look at plane #2 on the blue home base ({_plane(g, 0, 2)['space']}, marked HB) at the "
                     "WEST end: the open spaces east of it are your outer fortress.",
           on_plan("01", "Click plane #2, then one of the highlighted spaces next to it.")),
    success="Both planes are out: one count flies a plane one space to any neighbouring space "
            "(`zaxxon.plane-moves`), and the home base opens straight into the outer fortress (`zaxxon.board`).")

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
         question=Question(lambda g: f"{rolls(g)}. Who spins the spinner and plays first?",
                           lambda g: [name(g, 0), name(g, 1)], who_first, clauses=("zaxxon.order-of-play",)),
         your_move=YourMove("Your move: fly blue plane #1 one space out of the home base into the outer "
                            "fortress (click it, then a highlighted space).", ("zaxxon.plane-moves",),
                            into_outer(0)),
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
], seed=1, task=TASK_01, hand_over=your_turn(
    "01", lambda g: "Press **Roll** (R) for both dice; the lower roller spins and plays first, then the other.",
    rig={"die": [3, 5], "spinner": W}))

# == 02 =========================================================================================================
def spin_question(rule: str, after: int) -> Question:
    """"The spinner will show X: which planes are shot down?", answered by playing the spin on a fork."""
    nothing = "none: every plane is safe"

    def prompt(g: G) -> str:
        return (f"{says(name(g, g.state['lower']), 'spins')}, and the spinner will show "
                f"**{g.rigged['spinner'][0]}**. Which planes are shot down? (Pick all that are.)")

    return Question(prompt, planes_or(nothing), shot_down_answer(Spin(), rule, nothing), multiple=True,
                    clauses=(rule,), after=after)


def zaxxon_shot_question(shot: ZaxxonShoot, after: int) -> Question:
    """"Zaxxon shoots D from its S space: which plane does it hit?", answered by playing the shot on a fork."""
    nothing = "none: the shot misses"

    def prompt(g: G) -> str:
        src = g.state["zaxxon"]["spaces"][0 if shot.space == "west" else 1]
        return f"Zaxxon shoots {shot.direction} from its {shot.space} space ({src}). Which plane does the shot hit?"

    return Question(prompt, planes_or(nothing), shot_down_answer(shot, "zaxxon.zaxxon-shoots", nothing),
                    clauses=("zaxxon.zaxxon-shoots",), after=after)


def split_done(g: G, events: Sequence[Event]) -> Any:
    part = until_next_part(events)
    return moved(part, 0, 1) and moved(part, 0, 2)


def split_failed(g: G, events: Sequence[Event]) -> str | None:
    part = until_next_part(events)
    if len(part) == len(events):
        return None  # blue's part of the turn is still going on
    flew = [n for n in (1, 2) if moved(part, 0, n)]
    which = f"only plane #{flew[0]} flew" if flew else "no plane flew"
    return (f"Blue's part of the turn is over and {which}: the count could have been split between both planes "
            "in any combination (`zaxxon.split-count`). Press Try again.")


TASK_02 = Task(
    "Split this turn's count between your planes: fly plane #1 AND plane #2 at least one space each before your "
    "part of the turn ends.",
    ("zaxxon.split-count", "zaxxon.plane-moves"), split_done, plan=[Move(1, "E2"), Move(2, "E7")],
    hints=(rule_words("zaxxon.split-count"),
           lambda g: f"Look at the count left ({g.state['count']}) and at both blue planes: "
                     f"{plane_words(g, 0, 1)} (back on the home base) and {plane_words(g, 0, 2)}.",
           on_plan("02", "Give one count to each plane: click plane #1 and fly it one space, then plane #2.")),
    success="Both planes flew on one roll: you may move one plane the full count or split it between both planes "
            "in any combination (`zaxxon.split-count`).",
    fail=split_failed)

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
         question=spin_question("zaxxon.red-silo-fire", 0),
         fires=("zaxxon.spinner", "zaxxon.red-silo-fire", "zaxxon.shot-down-outer"),
         facts=(spun("RED"), plane_on(0, 1, "E1", "low"), grounded(0, 1), refused(Move(1, "E2"),
                                                                                  "zaxxon.shot-down-outer"))),
    Step("Splitting the count", lambda g: f"""Blue has 2 to use and may split it between planes in any
combination (`zaxxon.split-count`). Plane #1 was shot down, so plane #2 flies two spaces, one count per space
(`zaxxon.plane-moves`), to {_plane(g, 0, 2)['space']}. Then the higher roller, {name(g, 1)}, plays second
(`zaxxon.order-of-play`).""",
         actions=[Move(2, "E5"), Move(2, "E6")], rules=("zaxxon.split-count",),
         fires=("zaxxon.plane-moves", "zaxxon.order-of-play"),
         facts=(plane_on(0, 2, "E6"), to_move(1)),
         your_move=YourMove("Your move: blue has 1 left and plane #1 is grounded. Spend it: fly plane #2 one more "
                            "space.", ("zaxxon.split-count", "zaxxon.plane-moves"),
                            lambda g, a: isinstance(a, Move) or "this step spends the count on a move of plane #2")),
    Step("BLUE: gun turrets fire", lambda g: f"""{says(name(g, 1), 'ends')} the turn early, with count left
(`zaxxon.end-turn`). New turn: {rolls(g)}; {says(low_high(g)[0], 'spins')}
**{g.state['spin']}**: every plane in a gun turret area (blue dashed border, marked g) that still has its turret
is shot down (`zaxxon.blue-turret-fire`). Red plane #1 was on H25, next to red's turret: it goes home to
{_plane(g, 1, 1)['space']} (`zaxxon.shot-down-outer`).""",
         rig={"die": [4, 1], "spinner": "BLUE"}, actions=[EndTurn(), Roll(), Spin()],
         fires=("zaxxon.blue-turret-fire", "zaxxon.shot-down-outer", "zaxxon.end-turn"),
         question=spin_question("zaxxon.blue-turret-fire", 2),
         facts=(dice(4, 1), lower(1), spun("BLUE"), plane_on(1, 1, "E31"), grounded(1, 1))),
    Step("WHITE: all safe", lambda g: f"""Both end their turns; next turn {rolls(g)} and the spinner shows
**{g.state['spin']}**: all planes are safe (`zaxxon.white-safe`). A silo or turret that has been destroyed never
fires again: its area is safe (`zaxxon.destroyed-areas-safe`).""",
         rig={"die": [2, 6], "spinner": W}, actions=[EndTurn(), EndTurn(), Roll(), Spin()],
         rules=("zaxxon.destroyed-areas-safe",), fires=("zaxxon.white-safe", "zaxxon.end-turn"),
         facts=(spun(W), plane_on(0, 2, "E6"), plane_on(1, 2, "G30"), to_move(0))),
], seed=1, scenario="enemy-fire", task=TASK_02, hand_over=your_turn(
    "02", lambda g: f"{rolls(g)} and the spinner shows {g.state['spin']}: you play first, with "
                    f"{g.state['count']} to use; then the bot plays red."))

# == 03 =========================================================================================================
#: the LOW section of blue's long wall, and its column: a plane east of it has crossed the wall
LOW_SECTION = "F4"
WALL_COL = BOARD.cell(LOW_SECTION) % BOARD.cols


def past_wall(g: G, seat: int, num: int) -> bool:
    c = BOARD.cell(_plane(g, seat, num)["space"])
    return BOARD.zone[c] == "a" and c % BOARD.cols > WALL_COL


WALL_CHOICES = {None: "Yes, it may fly onto it",
                "zaxxon.wall-crossing": "No: a wall is crossed only at High Altitude",
                "zaxxon.wall-no-landing": "No: it would have to land on the wall (crossing takes 2 counts)"}


def onto_wall(g: G) -> str:
    p = _plane(g, 0, 1)
    return (f"Blue plane #1 is on {p['space']} at {p['altitude'].capitalize()} Altitude, next to the long wall's "
            f"LOW section {LOW_SECTION}, with {g.state['count']} left. May it fly onto {LOW_SECTION} now?")


def off_wall_east(g: G, a: Any) -> Any:
    if not isinstance(a, Move) or a.plane != 1:
        return "plane #1 stands on the wall: it must fly off it now"
    c = BOARD.cell(a.to)
    if c % BOARD.cols <= WALL_COL:
        return f"{a.to} is back on the west side: this step crosses the wall, so fly on to the east"
    return True


def wall_crossed(g: G, events: Sequence[Event]) -> Any:
    return past_wall(g, 0, 2) and any(e.rule == "zaxxon.wall-crossing" and e.player == 0
                                      and e.data.get("plane") == 2 for e in events)


TASK_03 = Task(
    f"Fly plane #2 over the long wall: raise it to High Altitude and cross at the LOW section ({LOW_SECTION}) in "
    "one go, to the far (east) side.",
    ("zaxxon.altitude", "zaxxon.wall-crossing", "zaxxon.wall-no-landing"), wall_crossed,
    plan=[Roll(), Altitude(2, True), Move(2, "G2"), Move(2, "F2"), Move(2, "F3"), Move(2, "F4"), Move(2, "E5")],
    hints=(rule_words("zaxxon.wall-crossing", "zaxxon.wall-no-landing"),
           lambda g: f"Look at plane #2 ({_plane(g, 0, 2)['space']}, {_plane(g, 0, 2)['altitude'].capitalize()}) "
                     f"and the light-brown LOW section {LOW_SECTION} of the long wall: the plane needs High "
                     "Altitude (A), then 2 counts for the wall and the space beyond it.",
           on_plan("03", "Raise plane #2 (A), fly it next to F4 (on F3), and cross when you have 2 counts left.")),
    success="Over the wall: a plane crosses only at the low section, at High Altitude, and with the count to fly "
            "onto the wall and off it on one turn (`zaxxon.wall-crossing`, `zaxxon.wall-no-landing`).")

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
         question=may(onto_wall, Move(1, "F4"), WALL_CHOICES, "zaxxon.wall-crossing"),
         facts=(plane_on(0, 1, "F3", "low"), refused(Move(1, "F4"), "zaxxon.wall-crossing"))),
    Step("Changing altitude costs one", lambda g: f"""Raising the plane to High Altitude costs 1 of the count
(`zaxxon.altitude`): {g.state['count']} left. But a plane cannot land on a wall: the wall counts one space and the
plane must get off it in the same turn, so crossing needs 2 - refused (`zaxxon.wall-no-landing`).""",
         actions=[Altitude(1, True)], refuse=Move(1, "F4"), fires=("zaxxon.altitude", "zaxxon.wall-no-landing"),
         question=may(onto_wall, Move(1, "F4"), WALL_CHOICES, "zaxxon.wall-no-landing"),
         facts=(plane_on(0, 1, "F3", "high"), count_left(1), refused(Move(1, "F4"), "zaxxon.wall-no-landing"))),
    Step("Over the wall in one go", lambda g: f"""Both end their turns. Next turn {rolls(g)}: with
{g.state['dice'][0]} and at High Altitude, plane #1 flies onto the low section and off it into the rest of the
outer fortress, {_plane(g, 0, 1)['space']} (`zaxxon.wall-crossing`). {name(g, 1)} plays next.""",
         rig={"die": [2, 5], "spinner": W},
         actions=[EndTurn(), EndTurn(), Roll(), Spin(), Move(1, "F4"), Move(1, "F5")],
         fires=("zaxxon.wall-crossing", "zaxxon.plane-moves"),
         facts=(plane_on(0, 1, "F5", "high"), to_move(1), count_left(5)),
         your_move=YourMove("Your move: plane #1 is on the wall's low section. Finish the crossing: fly it off "
                            "to the east side.", ("zaxxon.wall-crossing", "zaxxon.wall-no-landing"),
                            off_wall_east)),
], seed=1, task=TASK_03, hand_over=your_turn(
    "03", lambda g: "The bot first plays red's part of this turn; then press **Roll** (R) for the next turn.",
    rig={"die": [6, 2], "spinner": W}))

# == 04 =========================================================================================================
SHOT_CHOICES = {None: "Yes, it may shoot it",
                "zaxxon.shooting": "No: a shot flies only in a straight line through empty spaces",
                "zaxxon.shoot-low": "No: a plane must be at Low Altitude to shoot",
                "zaxxon.own-targets": "No: it is the other player's target"}


def fuel_moved(start: str) -> Callable[[G, Sequence[Event]], Any]:
    return lambda g, events: bool(_target(g, start)["inner"]) and _target(g, start)["space"] is not None


def shoots_at(space: str, what: str) -> Callable[[G, Any], Any]:
    """Your-move intent: any shot at ``space`` (a fuel tank may be sent to any free FUEL space)."""
    return lambda g, a: (isinstance(a, Shoot) and a.at == space) or f"this step shoots {what} on {space}"


TASK_04 = Task(
    "Shoot your second outer fuel tank (on H8) and send it to a FUEL space of the inner fortress.",
    ("zaxxon.outer-fuel-tank", "zaxxon.shooting", "zaxxon.shoot-low"), fuel_moved("H8"),
    plan=[EndTurn(), Roll(), Spin(), Move(2, "D6"), Shoot(2, "H8", "C20")],
    hints=(rule_words("zaxxon.shooting", "zaxxon.outer-fuel-tank"),
           lambda g: f"Look at the fuel tank on H8 and the six straight lines out of it: "
                     f"{plane_words(g, 0, 2)} is at {_plane(g, 0, 2)['altitude'].capitalize()} Altitude, a few "
                     "spaces away. Each space the shot passes through costs 1.",
           on_plan("04", "Keep plane #2 at Low Altitude and fly it onto a straight line to H8 that the count left "
                         "can cover, then click the fuel tank.")),
    success="The fuel tank flew to the inner fortress: a plane at Low Altitude shoots in a straight line, one count "
            "per space (`zaxxon.shooting`), and a shot outer fuel tank moves to a FUEL space, to be shot again "
            "there (`zaxxon.outer-fuel-tank`).")

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
         question=may(lambda g: f"Blue has {g.state['count']} to use. May {plane_words(g, 0, 1)} "
                                f"({_plane(g, 0, 1)['altitude'].capitalize()} Altitude) shoot the gun turret on I6?",
                      Shoot(1, "I6"), SHOT_CHOICES, "zaxxon.shooting"),
         fires=("zaxxon.shooting", "zaxxon.end-turn"),
         facts=(refused(Shoot(1, "I6"), "zaxxon.shooting"), count_left(3), to_move(0))),
    Step("A fuel tank flies to the inner fortress", """Plane #2 on D7 shoots the fuel tank next to it (1). A
shot outer fuel tank is moved to a FUEL space of the inner fortress - the shooter picks which, here I13 - where it
must be shot again later (`zaxxon.outer-fuel-tank`). Only your own colour's targets count; the other player's are
theirs (`zaxxon.own-targets`).""",
         actions=[Shoot(2, "D8", "I13")], fires=("zaxxon.outer-fuel-tank",), rules=("zaxxon.own-targets",),
         facts=(target_on("D8", "I13", "blue fuel tank"), mission(0, "outer_fuel", 1, "outer fuel tank"),
                count_left(2)),
         your_move=YourMove("Your move: shoot the blue fuel tank next to plane #2 (click plane #2, then the tank; "
                            "pick the FUEL space it flies to).", ("zaxxon.outer-fuel-tank", "zaxxon.shooting"),
                            shoots_at("D8", "the fuel tank"))),
], seed=1, scenario="outer", task=TASK_04, hand_over=your_turn(
    "04", lambda g: f"You have {g.state['count']} left this turn (end it with **E**, or fly); the bot plays red "
                    "next, then you roll for a new turn.", rig={"die": [5, 6], "spinner": W}))

# == 05 =========================================================================================================
DOGFIGHT_CHOICES = {None: "Yes: both planes are in the dogfight area at the same altitude",
                    "zaxxon.dogfight": "No: a dogfight needs both planes in the dogfight area, at the same altitude",
                    "zaxxon.shooting": "No: the shot is not in a straight line, or the count is too small"}


def tank_gone(start: str) -> Callable[[G, Sequence[Event]], Any]:
    return lambda g, events: _target(g, start)["space"] is None


TASK_05 = Task(
    "Shoot your last fuel tank in the inner fortress (on C12) and remove it.",
    ("zaxxon.inner-fuel-tank", "zaxxon.shooting", "zaxxon.shoot-low"), tank_gone("H8"),
    plan=[EndTurn(), Roll(), Spin(), Move(2, "F13"), Shoot(2, "C12")],
    hints=(rule_words("zaxxon.inner-fuel-tank", "zaxxon.shooting"),
           lambda g: f"Look at the blue fuel tank on the FUEL space C12 and at {plane_words(g, 0, 2)}: which "
                     "straight line out of C12 can it reach, at Low Altitude, with the count you have?",
           on_plan("05", "Fly plane #2 one space onto a straight line to C12 and shoot along it.")),
    success="Removed: in the inner fortress a shot fuel tank is taken off the board (`zaxxon.inner-fuel-tank`); "
            "the shot flew straight, one count per space (`zaxxon.shooting`).")

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
         facts=(target_gone("D8", "blue fuel tank"), mission(0, "inner_fuel", 1, "inner fuel tank"), to_move(1)),
         your_move=YourMove("Your move: plane #1 is at Low Altitude now. Shoot your fuel tank on I13.",
                            ("zaxxon.inner-fuel-tank", "zaxxon.shooting"), shoots_at("I13", "the fuel tank"))),
    Step("Dogfight", lambda g: f"""{says(name(g, 1), 'ends')} the turn; next turn {rolls(g)}. Blue plane #2
(F12) and red plane #1 (F14) are both in the dogfight area (dotted, orange border) at the same altitude: blue
shoots it by die count, two spaces (`zaxxon.dogfight`). The red plane goes to a RESTART space of red's outer
fortress: {_plane(g, 1, 1)['space']}.""",
         rig={"die": [2, 6], "spinner": W}, actions=[EndTurn(), Roll(), Spin(), Shoot(2, "F14")],
         fires=("zaxxon.dogfight",),
         question=may(lambda g: f"{rolls(g)}. May {plane_words(g, 0, 2)} shoot {plane_words(g, 1, 1)}?",
                      Shoot(2, "F14"), DOGFIGHT_CHOICES, "zaxxon.dogfight", after=3,
                      yes=lambda g: f"Both planes are in the dogfight area at {_plane(g, 0, 2)['altitude']} "
                                    "altitude, in a straight line two spaces apart: a dogfight shot costs 2."),
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
         question=spin_question("zaxxon.blue-turret-fire", 2),
         facts=(spun("BLUE"), plane_on_restart(1, 2), grounded(1, 2))),
], seed=1, scenario="inner", task=TASK_05, hand_over=your_turn(
    "05", lambda g: f"You have {g.state['count']} left this turn (end it with **E**, or fly); the bot plays red "
                    "next, then you roll for a new turn.", rig={"die": [5, 6], "spinner": W}))

# == 06 =========================================================================================================
RADAR_CHOICES = {None: "Yes, it may cross",
                 "zaxxon.radar-barrier": "No: only the player who rolled the higher number may cross the RADAR "
                                         "barrier",
                 "zaxxon.no-passing-planes": "No: another plane is in the way"}
RADAR_SHOT_CHOICES = {None: "Yes: shots fly through the RADAR barrier whatever you rolled",
                      "zaxxon.radar-barrier": "No: the lower roller cannot shoot across the RADAR barrier",
                      "zaxxon.dogfight": "No: the planes are not both in the dogfight area at the same altitude"}


def crossing_events(events: Sequence[Event], seat: int) -> list[Event]:
    return [e for e in events if e.rule == "zaxxon.radar-barrier" and e.player == seat]


def crosses_radar(g: G, a: Any) -> Any:
    """Your-move intent: a move across the RADAR barrier (played ahead on a fork)."""
    if not isinstance(a, Move):
        return "this step flies a plane across the RADAR barrier"
    f = g.fork()
    return bool(crossing_events(f.play(a), g.current_player or 0)) or (
        f"{a.to} is on the same side of the RADAR barrier (the green dashed line): fly across it")


def radar_woken(g: G, events: Sequence[Event]) -> Any:
    return bool(crossing_events(events, 0)) and any(e.rule == "zaxxon.zaxxon-alert" for e in events)


def radar_failed(g: G, events: Sequence[Event]) -> str | None:
    if g.state["zaxxon"]["active"] and not crossing_events(events, 0):
        return ("A red plane crossed the RADAR barrier first and woke Zaxxon: only the first crossing alerts it "
                "(`zaxxon.zaxxon-alert`). Press Try again.")
    return None


def zaxxon_asleep_again(g: G) -> None:
    """The hand-over of lesson 06: a fresh turn, Zaxxon asleep again on its ZAXXON space and blue's planes back on
    F12 and G14, so the learner wakes it (a position set up, recorded in the game like a move). A finished game
    is left finished (the hand-over check then says so)."""
    if g.is_over:
        return
    g.set_up({"turn": {"round": g.state["round"] + 1, "phase": "roll"},
              "planes": {"blue": ["F12", "G14"]},
              "zaxxon": {"awake": False, "spaces": list(BOARD_ZAXXON_START)}})


BOARD_ZAXXON_START = (BOARD.name(BOARD.zaxxon_start), BOARD.name(BOARD.nbr[BOARD.zaxxon_start][DIRS.index("E")]))

TASK_06 = Task(
    "Cross the RADAR barrier legally and wake Zaxxon.",
    ("zaxxon.radar-barrier", "zaxxon.zaxxon-alert"), radar_woken,
    plan=[Roll(), Spin(), EndTurn(), Roll(), Move(1, "G12")],
    hints=(rule_words("zaxxon.radar-barrier", "zaxxon.zaxxon-alert"),
           lambda g: f"Look at the dice ({rolls(g).replace('**', '')}) and the green dashed RADAR line between rows "
                     f"F and G: {plane_words(g, 0, 1)} is right above it."
                     if g.state["phase"] != "roll" else
                     "Look at the dice after you roll, and at the green dashed RADAR line between rows F and G: "
                     f"{plane_words(g, 0, 1)} is right above it.",
           on_plan("06", lambda g: "On a turn you rolled lower, do not try to cross: end your part (E) or shoot. "
                                   "On a turn you rolled higher, fly plane #1 from F12 down to G12.")),
    success="Zaxxon is awake: you crossed the RADAR barrier on a turn you rolled the higher number "
            "(`zaxxon.radar-barrier`), and the first crossing alerts Zaxxon (`zaxxon.zaxxon-alert`).",
    fail=radar_failed)

_add("06", "The radar barrier and waking Zaxxon", [
    Step("The lower roller cannot cross", lambda g: f"""{rolls(g)}. The RADAR barrier (green dashed line)
runs across the dogfight area. A plane may cross it only on a turn its player rolled the HIGHER number
(`zaxxon.radar-barrier`): {name(g, 0)} rolled lower, so plane #1 on {_plane(g, 0, 1)['space']} is refused when it
tries to cross to G12.""",
         rig={"die": [2, 5], "spinner": W}, actions=[Roll(), Spin()], refuse=Move(1, "G12"),
         question=may(lambda g: f"{rolls(g)}. May {plane_words(g, 0, 1)} cross the RADAR barrier to G12?",
                      Move(1, "G12"), RADAR_CHOICES, "zaxxon.radar-barrier"),
         fires=("zaxxon.radar-barrier",),
         facts=(dice(2, 5), lower(0), plane_on(0, 1, "F12"), refused(Move(1, "G12"), "zaxxon.radar-barrier"))),
    Step("Shooting through the radar is allowed", lambda g: f"""But shots fly through the radar whatever you
rolled: blue plane #2 on G14 shoots red plane #1 on the other side, two spaces (`zaxxon.radar-barrier`,
`zaxxon.dogfight`). The red plane goes to {_plane(g, 1, 1)['space']}.""",
         actions=[Shoot(2, "E15")], fires=("zaxxon.dogfight",),
         question=may(lambda g: f"Blue still rolled lower. May {plane_words(g, 0, 2)} shoot "
                                f"{plane_words(g, 1, 1)}, on the other side of the RADAR barrier?",
                      Shoot(2, "E15"), RADAR_SHOT_CHOICES, "zaxxon.radar-barrier", after=0,
                      yes="Shots fly through the RADAR barrier whatever you rolled (`zaxxon.radar-barrier`); both "
                          "planes are in the dogfight area at the same altitude (`zaxxon.dogfight`)."),
         facts=(plane_on_restart(1, 1), plane_on(0, 2, "G14"), to_move(1))),
    Step("The higher roller crosses", lambda g: f"""{says(name(g, 1), 'ends')} the turn. Next turn {rolls(g)}:
{low_high(g)[0]} plays first and passes, then {name(g, 0)}'s plane #1 crosses the barrier to
{_plane(g, 0, 1)['space']} (`zaxxon.radar-barrier`). The first crossing ALERTS Zaxxon: from now on a Z on the
spinner moves it (`zaxxon.zaxxon-alert`).""",
         rig={"die": [6, 2], "spinner": W}, actions=[EndTurn(), Roll(), Spin(), EndTurn(), Move(1, "G12")],
         fires=("zaxxon.radar-barrier", "zaxxon.zaxxon-alert"),
         facts=(dice(6, 2), plane_on(0, 1, "G12"), awake()),
         your_move=YourMove("Your move: blue rolled higher this turn. Fly a plane across the RADAR barrier.",
                            ("zaxxon.radar-barrier", "zaxxon.zaxxon-alert"), crosses_radar)),
    Step("Z on the spinner", lambda g: f"""Blue ends. Next turn {rolls(g)} and {says(low_high(g)[0], 'spins')}
**Z**: Zaxxon is awake, so {low_high(g)[0]} must move it by the die count first, then moves the planes by the
same count (`zaxxon.zaxxon-spin`): Zaxxon now stands on {g.state['zaxxon']['spaces'][0]}-{
    g.state['zaxxon']['spaces'][1]}. Lesson 07 shows how Zaxxon moves and shoots.""",
         rig={"die": [1, 4], "spinner": "Z"}, actions=[EndTurn(), Roll(), Spin(), MoveZaxxon("W")],
         fires=("zaxxon.zaxxon-spin", "zaxxon.zaxxon-moves"),
         facts=(spun("Z"), zaxxon_on("B14", "B15"), phase("move"), count_left(1), to_move(0)),
         your_move=YourMove("Your move: a Z was spun and Zaxxon is awake, so Zaxxon goes first. Move Zaxxon by "
                            "your count of 1 (the buttons under the board).", ("zaxxon.zaxxon-spin",),
                            lambda g, a: isinstance(a, MoveZaxxon) or "this step moves Zaxxon (not a shot)")),
], seed=1, scenario="radar", task=TASK_06, hand_over=your_turn(
    "06", lambda g: f"The board is set back to a fresh turn (turn {g.state['round']}): Zaxxon sleeps again on "
                    f"{g.state['zaxxon']['spaces'][0]}-{g.state['zaxxon']['spaces'][1]} and your planes wait on "
                    f"{_plane(g, 0, 1)['space']} and {_plane(g, 0, 2)['space']}, just above and below the RADAR "
                    "line. Press **Roll** (R); a turn you roll lower, you may not cross.",
    rig={"die": [2, 5, 6, 3], "spinner": [W, W]}, actions=zaxxon_asleep_again))

# == 07 =========================================================================================================
AREA_CHOICES = {None: "Yes, it may fly there",
                "zaxxon.zaxxon-area": "No: planes never enter the Zaxxon area, only the white spaces next to it",
                "zaxxon.blocked-spaces": "No: a piece stands there"}


def shoots_zaxxon(g: G, a: Any) -> Any:
    spaces = g.state["zaxxon"]["spaces"]
    return (isinstance(a, Shoot) and a.at in spaces) or f"this step shoots Zaxxon (on {spaces[0]}-{spaces[1]})"


TASK_07 = Task(
    "A Z comes first: spend Zaxxon's count without shooting down your own plane, then shoot Zaxxon with plane #2.",
    ("zaxxon.zaxxon-spin", "zaxxon.zaxxon-moves", "zaxxon.zaxxon-shoots", "zaxxon.shoot-zaxxon"),
    lambda g, events: g.state["mission"][0]["zaxxon"][1] is True,
    plan=[Roll(), Spin(), MoveZaxxon("W"), MoveZaxxon("E"), MoveZaxxon("W"), MoveZaxxon("E"), Shoot(2, "B15")],
    hints=(rule_words("zaxxon.zaxxon-spin", "zaxxon.shoot-zaxxon"),
           lambda g: f"Look at Zaxxon on {g.state['zaxxon']['spaces'][0]}-{g.state['zaxxon']['spaces'][1]} and at "
                     f"{plane_words(g, 0, 2)}: after a Z you first use the whole count on Zaxxon (moves or shots), "
                     "then your planes get the same count. Keep Zaxxon's shots off your own plane.",
           on_plan("07", "Move Zaxxon sideways and back (it stays in plane #2's line), then shoot it with plane #2 "
                         "at Low Altitude.")),
    success="Zaxxon is hit: after a Z the lower roller moves Zaxxon first, then the planes by the same count "
            "(`zaxxon.zaxxon-spin`), and each plane that shoots Zaxxon completes its part of the mission "
            "(`zaxxon.shoot-zaxxon`).")

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
         question=zaxxon_shot_question(ZaxxonShoot("east", "SW"), 0),
         facts=(plane_on_restart(1, 1), phase("move"), count_left(3))),
    Step("Planes stay out of Zaxxon's area", """Planes can never enter the Zaxxon area, only the white spaces
next to it (`zaxxon.zaxxon-area`): plane #2 on D16 cannot fly to C16.""", refuse=Move(2, "C16"),
         question=may(lambda g: f"May {plane_words(g, 0, 2)} fly to C16, next to Zaxxon?", Move(2, "C16"),
                      AREA_CHOICES, "zaxxon.zaxxon-area"),
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
                to_move(1)),
         your_move=YourMove("Your move: plane #1 is on C13 at Low Altitude, next to Zaxxon. Shoot Zaxxon.",
                            ("zaxxon.shoot-zaxxon",), shoots_zaxxon)),
], seed=1, scenario="zaxxon", task=TASK_07, hand_over=your_turn(
    "07", lambda g: "The bot first plays red's part of this turn; then press **Roll** (R). After a **Z**, the "
                    "buttons under the board move Zaxxon or fire its shots.",
    rig={"die": [4, 6], "spinner": "Z"}))

# == 08 =========================================================================================================
def wins_question(actions: Sequence[Any]) -> Question:
    """"Which of these moves wins at once?", answered by playing each on a fork."""
    texts = [str(a) for a in actions]

    def answer(g: G) -> Answer:
        right = []
        for a, t in zip(actions, texts, strict=True):
            f = g.fork()
            if g.explain(a) is None:
                f.play(a)
                if f.winner == g.current_player:
                    right.append(t)
        who = name(g, g.current_player or 0)
        return choice_of(texts, right, f"Played ahead, only {', '.join(right)} completes {who}'s whole mission: "
                         "the first player to complete it wins at once.", "zaxxon.win")

    return Question(lambda g: f"{name(g, 0)} has {g.state['count']} to use. Which of these moves wins the game at "
                              "once?", texts, answer, clauses=("zaxxon.win", "zaxxon.mission"))


def keeps_the_win(g: G, a: Any) -> Any:
    """Your-move intent: fly plane #2 and keep the count the winning shot needs."""
    if not (isinstance(a, Move) and a.plane == 2):
        return "this step flies plane #2 out of the home base first (the shot comes next)"
    f = g.fork()
    f.play(a)
    return f.explain(Shoot(1, "C12")) is None or "after that move the shot at C12 would no longer be possible"


TASK_08 = Task(
    "Win the game: make the shot that completes your whole mission.",
    ("zaxxon.win", "zaxxon.inner-fuel-tank", "zaxxon.mission"), lambda g, events: g.winner == 0,
    plan=[Shoot(1, "C12")],
    hints=(rule_words("zaxxon.mission", "zaxxon.win"),
           lambda g: "Look at your mission checklist under the board: only the inner fuel tank on C12 is left, "
                     f"next to {plane_words(g, 0, 1)}.",
           on_plan("08", "Shoot the fuel tank on C12 with plane #1 (Low Altitude, one space away).")),
    success="You won: the first player to complete the whole mission - every target and Zaxxon shot by both "
            "planes - wins at once (`zaxxon.win`).")

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
                to_move(0)),
         question=wins_question([Move(2, "E2"), Shoot(1, "C12"), EndTurn()]),
         your_move=YourMove("Your move: fly plane #2 one space out of the home base, and keep the count the winning "
                            "shot needs.", ("zaxxon.plane-moves", "zaxxon.split-count"), keeps_the_win)),
], seed=1, scenario="endgame", bots={1: "greedy"}, task=TASK_08, hand_over=your_turn(
    "08", lambda g: f"You have {g.state['count']} left. After the task, play on: a whole game against the bot "
                    "waits on the live board below the lesson."))


def lesson(number: str | int) -> Lesson:
    """The lesson ``"01"``..``"08"`` (an int works too)."""
    key = f"{int(number):02d}"
    if key not in LESSONS:
        raise KeyError(f"no Zaxxon lesson {number!r}; lessons: {', '.join(LESSONS)}")
    return LESSONS[key]
