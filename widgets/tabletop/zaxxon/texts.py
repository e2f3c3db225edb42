"""The sentences of the Zaxxon events (what the log and the narration say), one function or constant per event.

``rules.py`` tells an event one way: ``ctx.emit(clause, (texts.fn, values...), **data)`` (the kit makes the
sentence ``fn(*values)`` when it is first read, so a simulation that only counts rule firings never formats it) or
``ctx.emit(clause, texts.CONSTANT)``. The values are names and numbers, never the state. The frequent sentences are
cached: a long log shares one string per wording.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..engine.words import says, verb_for
from .board import FACING_WORD, ZAXXON_SHOTS
from .state import COLOURS


def short(v: Any, n: int = 40) -> str:
    """``repr(v)``, cut to ``n`` characters (refusals quote what the browser sent)."""
    r = repr(v)
    return r if len(r) <= n else r[:n - 3] + "..."


# -- How to Set Up the Game; Your Mission (zaxxon.setup, zaxxon.mission, zaxxon.zaxxon-alert) -------------------------
SETUP = ("The pieces stand on their lettered spaces; Zaxxon faces the purple triangles. Each player has two planes "
         "on the home base (at Low Altitude) and a die.")
MISSION = ("Mission: shoot 2 fuel tanks, the gun turret and the missile silo in your outer fortress, your 2 fuel "
           "tanks in the inner fortress, and Zaxxon once with EACH plane.")
AWAKE_FROM_START = ("Variant zaxxon_awake: Zaxxon is alerted from the start, as if the RADAR barrier had already "
                    "been crossed; a Z on the spinner moves Zaxxon.")


def scenario(title: str) -> str:
    return f"Teaching position: {title}."


def set_up(rnd: int, phase: str, mover: int | None, gone: int, moved: int, awake: bool, zx: str) -> str:
    return (f"Position set up: turn {rnd}, {phase}" + (f" ({COLOURS[mover]} to play)" if mover is not None else "")
            + f"; {gone} target(s) removed, {moved} fuel tank(s) on FUEL spaces; Zaxxon "
            + ("awake" if awake else "asleep") + f" on {zx}.")


# -- How to Play the Game, 1.-3. (zaxxon.roll, zaxxon.order-of-play, zaxxon.spinner, zaxxon.end-turn, ...) ----------
def roll(turn: int, a: str, da: int, b: str, db: int) -> str:
    return f"Turn {turn}: {a} rolled {da}, {b} rolled {db}."


def tie(d: int) -> str:
    return f"Both players rolled {d}: a tie, so both roll again."


@lru_cache(maxsize=1024)
def lower(lo: str, hi: str) -> str:
    return (f"{lo} rolled lower and {verb_for(lo, 'spins')}, then {verb_for(lo, 'plays')} first; "
            f"{says(hi, 'plays')} second.")


@lru_cache(maxsize=1024)
def higher(name: str, die: int) -> str:
    return f"{name} rolled the higher number ({die}) and {verb_for(name, 'moves')} second."


@lru_cache(maxsize=1024)
def spin(name: str, v: str) -> str:
    return f"{says(name, 'spins')} {v}."


WHITE = "WHITE: all planes are safe this turn."
Z_ASLEEP = "Z, but Zaxxon has not been alerted yet: Zaxxon does not move and nothing fires."


def safe(space: str, kind: str) -> str:
    return f"Plane at {space} is safe: the {kind} of this area was destroyed."


@lru_cache(maxsize=1024)
def end(name: str, count: int) -> str:
    return f"{says(name, 'ends')} the turn with {count} unused."


def turn_cap(cap: int) -> str:
    return f"The turn cap ({cap} turns) is reached: the game ends without a winner."


# -- How to Play the Game, 4.; Outer Fortress 2.; Inner Fortress 1., 4. (moves, walls, RADAR) ------------------------
@lru_cache(maxsize=8192)
def move(num: int, here: str, to: str) -> str:
    return f"Plane #{num} moves {here} -> {to}."


ALTITUDE = {(num, high): f"Plane #{num} changes to {'High' if high else 'Low'} Altitude (costs 1)."
            for num in (1, 2) for high in (True, False)}
WALL = {num: f"Plane #{num} flies over the low section of the wall at High Altitude." for num in (1, 2)}
INNER = {num: f"Plane #{num} crosses the short wall into the inner fortress." for num in (1, 2)}
RADAR = {num: f"Plane #{num} crosses the RADAR barrier." for num in (1, 2)}
ALERTED = "Zaxxon is alerted! From now on a Z on the spinner moves Zaxxon."


# -- Outer Fortress 1., 3.; Inner Fortress 2., 3., 8., 9. (shots, planes shot down) ----------------------------------
def dogfight(num: int, other: int, cost: int) -> str:
    return f"Dogfight! Plane #{num} shoots {COLOURS[other // 2]} plane #{other % 2 + 1} ({cost} spaces)."


def dogfight_restart(other: int, to: str) -> str:
    return f"The {COLOURS[other // 2]} plane goes to {to}."


def shoot_zaxxon(num: int, cost: int) -> str:
    return (f"Plane #{num} shoots Zaxxon ({cost} spaces)! Its mission is complete: it returns to the home base, and "
            "Zaxxon returns to the ZAXXON space.")


def inner_fuel(num: int, seat: int, at: str, cost: int) -> str:
    return f"Plane #{num} shoots the {COLOURS[seat]} fuel tank at {at} ({cost} spaces): removed."


def outer_fuel(num: int, at: str, cost: int, to: str) -> str:
    return (f"Plane #{num} shoots the fuel tank at {at} ({cost} spaces); it moves to FUEL space {to} in the inner "
            "fortress.")


def optional_target(num: int, name: str, at: str, cost: int) -> str:
    return f"Plane #{num} destroys the optional {name} at {at} ({cost} spaces); its area is safe now."


def silo_turret(num: int, name: str, at: str, cost: int) -> str:
    return f"Plane #{num} destroys the {name} at {at} ({cost} spaces); it is removed from the board."


def shot_down(pi: int, here: str, by: str) -> str:
    return f"{COLOURS[pi // 2].capitalize()} plane #{pi % 2 + 1} at {here} is shot down by {by}."


def goes_to(pi: int, place: str, again: bool) -> str:
    return (f"{COLOURS[pi // 2].capitalize()} plane #{pi % 2 + 1} goes to {place}"
            + (" and flies again next turn." if again else "."))


# -- Inner Fortress 5.-7. (Zaxxon) ----------------------------------------------------------------------------------
@lru_cache(maxsize=1024)
def zaxxon_spin(name: str, count: int) -> str:
    return f"Z: {says(name, 'moves')} Zaxxon by {count}, then {verb_for(name, 'moves')} their own planes by {count}."


@lru_cache(maxsize=1024)
def zaxxon_done(name: str, count: int) -> str:
    return f"Zaxxon is done; {name} now {verb_for(name, 'moves')} their planes by the same count, {count}."


def zaxxon_moves(words: str, old: str, new: str, east: str, facing: str) -> str:
    return (f"Zaxxon moves {words} from {old} to {new}-{east}, facing {FACING_WORD[facing]} (toward the nearest "
            "attacking plane).")


def zaxxon_hits(direction: str) -> str:
    return f"Zaxxon shoots {direction} and hits a plane."


def zaxxon_misses(direction: str) -> str:
    return f"Zaxxon shoots {direction} and misses."


def zaxxon_shot_down(pi: int, here: str, to: str) -> str:
    return f"{COLOURS[pi // 2].capitalize()} plane #{pi % 2 + 1} at {here} is shot down by Zaxxon and goes to {to}."


#: per facing: Zaxxon turns (zaxxon.zaxxon-moves: it "always faces toward the attacking fighter planes")
FACE = {f: f"Zaxxon turns to face {FACING_WORD[f]}, toward the nearest attacking plane; it now shoots "
        f"{', '.join(sorted({d for ds in ZAXXON_SHOTS[f].values() for d in ds}))}." for f in ZAXXON_SHOTS}


# -- How to Win the Game (zaxxon.win) ----------------------------------------------------------------------------------
def win(name: str) -> str:
    return f"{says(name, 'has')} completed the whole mission and {verb_for(name, 'wins')}!"
