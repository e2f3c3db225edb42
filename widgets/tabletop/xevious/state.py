"""Super Xevious: the pieces on the table and the state of a game.

``Pilot`` is one player's Solvalou Mover and Attack Strength Sheet (PREPARATIONS 2-3, ATTACK STRENGTH SHEET);
``XeviousState`` the whole table: the stage, the order of play, the phase of the turn and what is pending. Both
are small mutable objects with a fast ``copy`` (the kit applies actions to a copy). The phases of a turn:

``turn``   roll (catch up, try the Blaster again, attack a guard; variant cockpit_card: fly with the Cockpit Card)
``stop``   choose where to stop when green / Flag-Pin-Sol-Phantom spaces were passed
``boost``  decide whether to spend an Extra Weapon for +1 before an air-to-ground roll
``aim``    turn your Battle Card secretly (or, against several enemies, use an Extra Weapon on one)
``enemy``  the enemy's player turns the enemy's Battle Card; then both are revealed
``retry``  (variant retry_uses_turn=False) try the Blaster Card again at once, or end the turn
"""

from __future__ import annotations

from typing import Any

COLOURS = ("blue", "red", "green", "orange")  # the kit's seat colours (each also has a pattern)
HEADINGS4 = ("up", "right", "down", "left")  # the headings a Battle Card can point (xevious.battle-cards)
HEADINGS2 = ("left", "right")                # variant battle_headings=2
ARROWS = {"up": "↑", "right": "→", "down": "↓", "left": "←"}
MAX_MARKERS = 5  # ATTACK STRENGTH SHEET: "each row has 5 spaces" (xevious.sheet-limit)


class Pilot:
    """One player's mover and Attack Strength Sheet."""

    __slots__ = ("area", "idx", "w", "s", "l", "retry", "phantom", "cockpit", "beaten")

    def __init__(self) -> None:
        self.area = 0
        self.idx = 0
        self.w = 0          # Extra Weapon Markers (top row)
        self.s = 0          # Shield Markers (middle row)
        self.l = 3          # noqa: E741 - Solvalou Markers (bottom row): lives
        self.retry = False  # may try the Blaster Card again on this space (after a MISTAKE)
        self.phantom = False  # Stage 4: the Phantom wingman flies with you
        self.cockpit = True   # Cockpit Card face up
        self.beaten: frozenset[tuple[int, int]] = frozenset()  # guards you beat this stage

    def copy(self) -> Pilot:
        p = Pilot.__new__(Pilot)
        p.area, p.idx, p.w, p.s, p.l = self.area, self.idx, self.w, self.s, self.l
        p.retry, p.phantom, p.cockpit, p.beaten = self.retry, self.phantom, self.cockpit, self.beaten
        return p


class XeviousState:
    __slots__ = ("stage", "order", "turn", "phase", "pend", "pilots", "gumps", "daley", "deck", "brag", "rounds",
                 "winner", "capped", "path", "last", "setup_rolls", "cond", "cap")

    def __init__(self) -> None:
        self.stage = 1
        self.order: tuple[int, ...] = ()
        self.turn = 0
        self.phase = "turn"
        self.pend: dict[str, Any] | None = None
        self.pilots: list[Pilot] = []
        self.gumps: tuple[bool, ...] = ()
        self.daley: frozenset[tuple[int, int]] = frozenset()
        self.deck: tuple[str, ...] = ()
        self.brag: tuple[str, ...] = ()
        self.rounds = 0
        self.winner: int | None = None
        self.capped = False
        self.path: tuple[tuple[int, int], ...] = ()  # the squares of the pending move (phase "stop")
        self.last: dict[str, Any] | None = None       # the last reveal, for the widget
        self.setup_rolls: tuple[tuple[int, ...], ...] = ()
        self.cond = True     # variant stage_conditions (kept here: legal_actions sees only the state)
        self.cap = MAX_MARKERS  # variant row_cap: markers per row of the sheet

    @property
    def player(self) -> int:
        return self.order[self.turn]

    def copy(self) -> XeviousState:
        s = XeviousState.__new__(XeviousState)
        s.stage, s.order, s.turn, s.phase = self.stage, self.order, self.turn, self.phase
        s.pend = dict(self.pend) if self.pend is not None else None
        s.pilots = [p.copy() for p in self.pilots]
        s.gumps, s.daley, s.deck, s.brag = self.gumps, self.daley, self.deck, self.brag
        s.rounds, s.winner, s.capped, s.path, s.last = self.rounds, self.winner, self.capped, self.path, self.last
        s.setup_rolls, s.cond, s.cap = self.setup_rolls, self.cond, self.cap
        return s

