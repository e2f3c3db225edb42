"""The state of a Xevoz battle: each player's side (figure, helix, parts, DRAIN ATTACK, square) and the round.

A small mutable object with a hand-written ``copy``: the rules (rules.py) change it in place, the kit copies it
before each checked action. The phases name the Rulebook step the battle is at (``PHASE_RULE``).
"""

from __future__ import annotations

from typing import Any

from .data import Figure

#: the twelve battle sides of a Battle Helix: slot 1-6, side a or b (xevoz.helix-roll)
FACES = tuple(f"{slot}{side}" for slot in range(1, 7) for side in "ab")
COLOURS = ("black", "white")
#: the helix slot (0-5) each battle side belongs to
FACE_SLOT = {face: int(face[0]) - 1 for face in FACES}
#: the kinds of decision in a round's queue (Rulebook step 7; xevoz.forgotten-actions)
QUEUE_KINDS = ("chop", "heal", "attach", "reattach", "rehome")

PHASE_RULE = {
    "build": "xevoz.pre-battle-check", "first": "xevoz.first-attacker", "world": "xevoz.choose-world",
    "choose-mat": "xevoz.choose-world", "start": "xevoz.start-spaces", "call": "xevoz.attack-call",
    "warp-place": "xevoz.warp-place", "warp-follow": "xevoz.warp-place", "actions": "xevoz.forgotten-actions",
    "move": "xevoz.movement", "follow": "xevoz.defender-follows", "over": "xevoz.winning",
}
PHASE_DOES = {
    "build": "the pre-battle check: build and declare ready", "first": "rolling to decide who attacks first",
    "world": "the attacker's roll for the world", "choose-mat": "choosing a mat",
    "start": "placing the figures on the START spaces", "call": "the attacker's black/white call",
    "warp-place": "placing the warping figure", "warp-follow": "placing the pulled-along figure",
    "actions": "the winner's actions", "move": "the winner's move", "follow": "the defender's move",
    "over": "nothing: the battle is over",
}


class Side:
    """One player's figure, helix and position."""

    __slots__ = ("figure", "helix", "present", "life", "pile", "drain_on", "home_on", "ready", "pos")

    def __init__(self, figure: Figure, helix: tuple[tuple[str, bool], ...]) -> None:
        self.figure = figure
        self.helix = helix
        self.present = [True] * figure.n_parts
        self.life = figure.life
        self.pile: list[int] = []
        self.drain_on = -1  # -1: DRAIN ATTACK at home; else the part index of the opponent's figure it sits on
        #                     (-2: off, waiting to be reattached to the opponent's figure)
        # at home the DRAIN ATTACK sits on one of its owner's own parts (-1: off, waiting for its owner to snap it
        # back on: xevoz.drain-home); its tree parent until it is moved
        self.home_on = figure.parent[figure.drain] if figure.drain >= 0 else -1  # own part it sits on at home
        self.ready = False
        self.pos = -1

    def copy(self) -> Side:
        s = Side.__new__(Side)
        s.figure, s.helix, s.present, s.life = self.figure, self.helix, self.present[:], self.life
        s.pile, s.drain_on, s.ready, s.pos = self.pile[:], self.drain_on, self.ready, self.pos
        s.home_on = self.home_on
        return s


class XevozState:
    __slots__ = ("phase", "sides", "attacker", "mat", "queue", "chooser", "round", "round_winner", "roll",
                 "winner", "mat_context", "table", "max_gold", "first", "round_ends")

    def __init__(self, sides: list[Side]) -> None:
        self.phase = "build"
        self.sides = sides
        self.attacker = -1
        self.mat = ""
        self.queue: list[tuple[str, int, int]] = []  # (kind, chooser, figure-owner) kind: chop/heal/attach/reattach
        self.chooser = -1   # who acts in choose-mat / warp-place / move / follow
        self.round = 0
        self.round_winner = -1
        self.roll: dict[str, Any] = {}   # the last round's rolls, for the board and the log
        self.winner = -1
        self.mat_context = ""  # "world" or "warp"
        self.table: tuple[str, ...] = ()  # the mats on the table
        self.max_gold = 3  # variant option max_gold (xevoz.helix-gold)
        self.first = -1  # who won Step 2 and attacked first (for first-player statistics)
        self.round_ends = False  # a DRAIN ATTACK was snapped on this round: no Step 8 movement (xevoz.drain-attach)

    def copy(self) -> XevozState:
        s = XevozState.__new__(XevozState)
        s.phase, s.sides, s.attacker, s.mat = self.phase, [x.copy() for x in self.sides], self.attacker, self.mat
        s.queue, s.chooser, s.round, s.round_winner = self.queue[:], self.chooser, self.round, self.round_winner
        s.roll, s.winner, s.mat_context, s.table = self.roll, self.winner, self.mat_context, self.table
        s.max_gold, s.first, s.round_ends = self.max_gold, self.first, self.round_ends
        return s


def face_parts(face: str) -> tuple[int, str]:
    return int(face[0]) - 1, face[1]

