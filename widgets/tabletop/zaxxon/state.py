"""The Zaxxon game state (what changes during a game) and the names of its parts."""

from __future__ import annotations

from .variant import ZaxxonVariant

#: the moments of a turn (``ZState.phase``)
ROLL, SPIN, ZAXXON, MOVE, OVER = range(5)
PHASES = ("roll", "spin", "zaxxon", "move", "over")
#: the seats' colours: Player 1 flies the blue planes, Player 2 the red
COLOURS = ("blue", "red")
#: mission counters per player: outer fuel tanks, outer silo, outer turret, inner fuel tanks
MISSION_NEEDS = (2, 1, 1, 2)
MISSION_NAMES = ("outer fuel tanks", "outer missile silo", "outer gun turret", "inner fuel tanks")


class ZState:
    """The mutable game state. Planes are indexed ``seat * 2 + (number - 1)``; each is
    ``[space, high, grounded, shot_zaxxon]`` (planes off the board sit on their home base). ``mover`` is the seat
    to act, kept in step with ``phase``, ``low`` and ``stage`` by the rules (Player 1 rolls for the table; the lower
    roller spins, moves Zaxxon and plays first; then the higher roller; ``None`` once the game is over)."""

    __slots__ = ("phase", "round", "dice", "low", "stage", "count", "spin", "planes", "tcell", "tinner",
                 "zx", "zx_active", "mission", "winner", "variant", "mover")

    def __init__(self, variant: ZaxxonVariant | None = None) -> None:
        self.variant = variant or ZaxxonVariant()
        self.phase = ROLL
        self.round = 1
        self.dice = [0, 0]
        self.low = -1
        self.stage = 0
        self.count = 0
        self.spin = ""
        self.planes: list[list[int]] = []
        self.tcell: list[int] = []
        self.tinner: list[int] = []
        self.zx = -1
        self.zx_active = False
        self.mission = [[0, 0, 0, 0], [0, 0, 0, 0]]
        self.winner: int | None = None
        self.mover: int | None = 0

    def copy(self) -> ZState:
        s = ZState.__new__(ZState)
        s.phase, s.round, s.low, s.stage, s.count, s.spin = (self.phase, self.round, self.low, self.stage,
                                                              self.count, self.spin)
        s.dice = self.dice[:]
        s.planes = [p[:] for p in self.planes]
        s.tcell = self.tcell[:]
        s.tinner = self.tinner[:]
        s.zx, s.zx_active, s.winner, s.variant, s.mover = (self.zx, self.zx_active, self.winner, self.variant,
                                                           self.mover)
        s.mission = [self.mission[0][:], self.mission[1][:]]
        return s

__all__ = ["COLOURS", "MISSION_NAMES", "MISSION_NEEDS", "MOVE", "OVER", "PHASES", "ROLL", "SPIN", "ZAXXON", "ZState"]
