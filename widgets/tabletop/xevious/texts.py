"""Super Xevious: the sentences its events tell.

Each sentence is a function of the values it names, as they were at the emit: an event's text is the tuple
``(fn, values...)`` and the kit calls ``fn(*values)`` only when the text is first read (tabletop.engine.events).
A simulation that only counts rules never formats one, and no closure is made per event. The rules
(``rules.py``) say which clause fires and with which values; this module only says it in words.
"""

from __future__ import annotations

from ..engine.words import poss, says, verb_for
from .data import Awards, Space, Stage
from .state import ARROWS

MARKERS = ("Extra Weapon", "Shield", "Solvalou")


def obj(name: str) -> str:
    """``name`` as the object of a sentence: "Blue", "you"."""
    return "you" if name.strip().lower() == "you" else name



def _said(name: str, verb: str, tail: str = "", *args: object) -> str:
    """``name`` and ``verb`` agreeing with it ("Blue rolls", "You roll"), then ``tail`` filled with ``args``."""
    return says(name, verb) + (tail.format(*args) if args else tail)


def _fill(pattern: str, *args: object) -> str:
    return pattern.format(*args)


def _t_fly(name: str, n: int) -> str:
    return f"{says(name, 'turns')} the Cockpit Card face down and {verb_for(name, 'flies')} {n}."


def _t_blast(name: str, left: int) -> str:
    return (f"{says(name, 'discards')} an Extra Weapon Marker and {verb_for(name, 'destroys')} one enemy outright "
            f"({left} left).")


def _t_face_down(name: str, foe: str) -> str:
    return f"{says(name, 'puts')} a Battle Card down face down; {says(foe, 'turns')} the enemy's card now."


def _t_forced(name: str, k: int, n: int, reason: str) -> str:
    return f"{name} must stop after {k} of {n} spaces ({reason})."


def _t_leaves(name: str, stage: int) -> str:
    return f"{says(name, 'leaves')} Stage {stage} and {verb_for(name, 'waits')} at the stage gate for the others."


def _t_daley_covers(kind: str) -> str:
    return f"A Daley Piece covers this {kind.capitalize()}: it gives nothing more this stage."


def _t_daley_now(kind: str) -> str:
    return f"A Daley Piece now covers this {kind.capitalize()} for the rest of the stage."


def _t_fog(name: str, awards: Awards) -> str:
    return (f"Fog over Stage 3: {says(name, 'stops')} on the green space passed, but its markers ({awards}) go only "
            "to a roll that ends here exactly.")


def _t_barra(name: str) -> str:
    return f"A hidden Garu Barra battery opens fire on {obj(name)} (Stage 6)."


def _t_shield(name: str) -> str:
    return f"The shield saves {poss(name)} Solvalou and Extra Weapon Markers."


def _t_damage(name: str, tail: str, lives: int) -> str:
    return f"{says(name, 'takes')} damage without a shield: {verb_for(name, 'loses')}" + tail.format(lives)


def _t_ahead(name: str) -> str:
    return f"Everybody else is ahead: {says(name, 'moves')} on to the next area."


def _t_takes(name: str, w: int, s: int, l: int, source: str) -> str:  # noqa: E741 - the Solvalou row
    return f"{says(name, 'takes')} {_markers(w, s, l) or 'nothing'} from {source}."


def _t_full(name: str, w: int, s: int, l: int, cap: int) -> str:  # noqa: E741 - the Solvalou row
    return f"{poss(name, start=True)} sheet is full: {_markers(w, s, l)} Marker(s) not taken (at most {cap} of each)."


def _t_ground(name: str, d: int, weapon: bool, what: str, n: int, won: bool) -> str:
    return (f"{says(name, 'rolls')} {d}{' + 1' if weapon else ''} against {what or f'the air-to-ground battle {n}'} "
            f"({n}): {'more, a win' if won else 'not more, a loss'}.")


def _t_victory(name: str) -> str:
    return f"{says(name, 'destroys')} the last Gump Marker and {verb_for(name, 'wins')}!"


def _t_reveal(name: str, mine: str, theirs: str, won: bool) -> str:
    return (f"Reveal: {poss(name)} arrow points {mine} {ARROWS[mine]}, the enemy's points {theirs} {ARROWS[theirs]}: "
            + ("head-on, towards each other." if won else "not towards each other."))


def _t_fight_ends(name: str, away: int) -> str:
    return f"The fight ends at the first loss: {says(name, 'takes')} damage from one enemy only ({away} fly away)."


def _t_cockpit_up(name: str) -> str:
    return f"{poss(name, start=True)} Cockpit Card is face up again."


def _sheet_text(name: str, colour: str) -> str:
    return f"{says(name, 'takes')} the {colour} Solvalou Mover and the {colour} Attack Strength Sheet."


def _markers(w: int, s: int, l: int) -> str:  # noqa: E741 - the Solvalou row
    """"1 Extra Weapon, 2 Solvalou": the counts that are not 0, in the order of the sheet's rows."""
    return ", ".join(f"{k} {name}" for k, name in zip((w, s, l), MARKERS, strict=True) if k)



def _t_space(name: str, verb: str, tail: str, sp: Space) -> str:
    """:func:`_said` with the words of space ``sp`` (made only when the text is read)."""
    return says(name, verb) + tail.format(sp.label())


def _t_solvalou_placed(solvalou: int) -> str:
    return f"Everybody places {solvalou} Solvalou Markers on their sheet (no Extra Weapon or Shield Markers yet)."


def _t_order(players: tuple[str, ...], first: tuple[int, ...], done: tuple[tuple[int, ...], ...]) -> str:
    return ("Rolls for the order of play: " + ", ".join(f"{players[p]} ({'/'.join(map(str, done[p]))})"
                                                        for p in first)
            + f". {says(players[first[0]], 'starts')}.")


def _where(area: int, to_area: bool) -> str:
    return f"the entrance of area {area + 1}" if to_area else "the stage's starting point"


def _t_respawn_stage1(name: str, area: int, to_area: bool, lives: int) -> str:
    return (f"{says(name, 'is')} out of Solvalou Markers and {verb_for(name, 'returns')} to {_where(area, to_area)}; "
            f"in Stage 1 only {lives} Solvalou Markers are taken.")


def _t_respawn(name: str, area: int, to_area: bool, lives: int, w: int, s: int, stage: int, note: str) -> str:
    return (f"{says(name, 'is')} out of Solvalou Markers: back to {_where(area, to_area)} with {lives} Solvalou, {w} "
            f"Extra Weapon and {s} Shield Markers; Stage {stage} begins again for {obj(name)}{note}.")


def _t_next_stage(st: Stage) -> str:
    return (f"Every mover has left the stage: Stage {st.number} (panel {st.panel.id}) is put on the table and every "
            "mover starts on its starting point.")


def _t_condition(st: Stage) -> str:
    return f"Stage {st.number}: {st.title}. {st.text}"
