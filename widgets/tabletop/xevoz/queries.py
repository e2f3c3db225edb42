"""Public questions about a Xevoz position, answered by the rules: what a bot, a board, a lesson or a practice
question may ask without reaching into the rules' private helpers.

    >>> from tabletop import xevoz
    >>> from tabletop.xevoz import queries
    >>> g = xevoz.start_battle(xevoz.new_game(seed=1))
    >>> queries.move_squares(g, 0)      # doctest: +SKIP

Every function reads the position only (``game`` is never changed; a preview plays a fork). Parts are named by
their ids ("horn-l"), squares by their names ("C3"); :func:`part_label` gives a part's name as a learner reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine import Game, IllegalAction

from .actions import Call, Move, Place
from .data import cell_name, components
from .rules import XevozRules

G = Game[Any]

__all__ = ["CallPreview", "call_odds", "call_preview", "choppable_parts", "decision", "drain_hosts", "healable_parts",
           "helix_face", "move_squares", "part_label", "place_squares", "part_labels", "refusal", "square_of"]


def _rules(game: G) -> XevozRules:
    rules = game.rules
    if not isinstance(rules, XevozRules):
        raise TypeError(f"a Xevoz query needs a Xevoz game, not a {rules.name} game")
    return rules


def _side(game: G, seat: int) -> Any:
    if seat not in (0, 1):
        raise ValueError(f"a seat is 0 or 1, not {seat!r}")
    return game.raw_state.sides[seat]


def decision(game: G) -> tuple[str, int, int] | None:
    """The pending Rulebook step 7 decision ``(kind, chooser, owner)`` (kind: chop, heal, attach, reattach or
    rehome; ``owner`` is the seat whose figure it is about), or ``None`` when no action is waiting."""
    st = game.raw_state
    if st.phase != "actions" or not st.queue:
        return None
    kind, chooser, owner = st.queue[0]
    return str(kind), int(chooser), int(owner)


def choppable_parts(game: G, owner: int) -> list[str]:
    """The parts of ``owner``'s figure that may be chopped now: on the figure, not the DRAIN ATTACK part
    (xevoz.drain-uncuttable), nothing else snapped onto them (xevoz.stay-connected). In figure order."""
    side = _side(game, owner)
    f = side.figure
    return [f.part_ids[i] for i in _rules(game).choppable(side)]


def healable_parts(game: G, owner: int) -> list[str]:
    """The lost parts of ``owner``'s figure that a star may regenerate now: the part each snaps onto is on the
    figure (xevoz.star)."""
    side = _side(game, owner)
    f = side.figure
    return [f.part_ids[i] for i in _rules(game).healable(side)]


def drain_hosts(game: G, owner: int) -> list[str]:
    """The parts of ``owner``'s figure a DRAIN ATTACK may be snapped onto (on the figure, not its own DRAIN
    ATTACK part)."""
    side = _side(game, owner)
    f = side.figure
    return [f.part_ids[i] for i in _rules(game).drain_hosts(side)]


def square_of(game: G, seat: int) -> str | None:
    """The square ``seat``'s figure stands on ("C3"), or ``None`` off the mat."""
    st = game.raw_state
    side = _side(game, seat)
    if not st.mat or side.pos < 0:
        return None
    return cell_name(side.pos, components().mats[st.mat].size)


def move_squares(game: G, seat: int) -> list[str]:
    """The squares ``seat`` may move to now (Rulebook step 8: one square up, down, left or right onto a free
    square, xevoz.movement; when following, only squares next to the attacker, xevoz.defender-follows). Empty
    when ``seat`` has no move to make now."""
    st = game.raw_state
    if st.phase not in ("move", "follow") or st.chooser != seat:
        return []
    return [a.cell for a in game.legal_actions() if isinstance(a, Move)]


def place_squares(game: G) -> list[str]:
    """The squares the figure to be placed may take now: a START space (xevoz.start-spaces), after a warp any
    square for the warper and a square next to it for the other (xevoz.warp-place). Empty when nobody places."""
    if game.raw_state.phase not in ("start", "warp-place", "warp-follow"):
        return []
    return [a.cell for a in game.legal_actions() if isinstance(a, Place)]


def refusal(game: G, action: Any) -> tuple[str, str] | None:
    """``(clause, reason)`` if the rules refuse ``action`` now, else ``None`` (nothing changes)."""
    exc: IllegalAction | None = game.explain(action)
    return None if exc is None else (exc.rule, exc.reason)


def part_label(game: G, owner: int, pid: str) -> str:
    """A part of ``owner``'s figure as a learner reads it ("the Skull Helm")."""
    f = _side(game, owner).figure
    return str(f.part_names[f.index(pid)])


def part_labels(game: G, owner: int, pids: list[str]) -> list[str]:
    return [part_label(game, owner, p) for p in pids]


def helix_face(game: G, seat: int, face: str) -> dict[str, Any]:
    """What battle side ``face`` ("1a".."6b") of ``seat``'s helix shows: its glyph id, Power Part, species,
    white and black attacks (as the board shows them)."""
    side = _side(game, seat)
    g, white, black = _rules(game).glyph_at(side, face)
    return {"glyph": g.id, "part": g.part, "species": g.species, "white": white, "black": black}


def call_odds(game: G, colour: str) -> tuple[int, int, int, int]:
    """Of the 144 equally likely pairs of battle sides the two helixes can roll (12 each, xevoz.helix-roll), how
    many a call of ``colour`` now would make the attacker win, lose, tie, or end in a warp: every pair played on
    a fork (bonus spaces, warps and all). Raises ``IllegalAction`` when no call is due now."""
    st = game.raw_state
    if st.phase != "call":
        raise IllegalAction("xevoz.attack-call", "no call is due now")
    att = st.attacker
    base = game.fork()
    base.clear_rigs()
    faces = list(game.rules.chance_domains["helix1"])
    win = lose = tie = warp = 0
    for f0 in faces:
        for f1 in faces:
            g = base.fork()
            g.rig(helix1=f0, helix2=f1)
            g.play(Call(colour))
            r = g.raw_state.roll
            if r["warp"] >= 0:
                warp += 1
            elif r["winner"] < 0:
                tie += 1
            elif r["winner"] == att:
                win += 1
            else:
                lose += 1
    return win, lose, tie, warp


@dataclass(frozen=True)
class CallPreview:
    """What a call would do from this position with the chance that is queued (rigged) or drawn: played on a
    fork. ``winner`` is -1 for a tie or a warp; ``warp`` the seat that warps (-1: none); ``chops`` and ``heals``
    count the decisions the round queues for each seat (index: the seat that makes them)."""

    colour: str
    faces: tuple[str, str]
    strength: tuple[int, int]
    bonus: tuple[int, int]
    winner: int
    warp: int
    bomb: str
    blast: bool
    chops: tuple[int, int]
    heals: tuple[int, int]
    attach: bool
    rules: tuple[str, ...]
    #: the attacker after the call (a tie hands the attack to the defender at once: xevoz.tie)
    attacker: int
    #: the mat after the call (a warp leads to another mat: xevoz.warp-destination)
    mat: str


def call_preview(game: G, colour: str) -> CallPreview:
    """Play ``Call(colour)`` on a fork of ``game`` (the attacker's call, Rulebook step 4) and read what it did:
    the faces rolled, strengths, the winner, and the decisions it queued. Raises ``IllegalAction`` when no call is
    due now."""
    g = game.fork()
    start = len(g.history)
    g.play(Call(colour))
    st = g.raw_state
    r = st.roll
    q = list(st.queue) if st.phase == "actions" else []
    chops = tuple(sum(1 for k, c, _ in q if k == "chop" and c == s) for s in (0, 1))
    heals = tuple(sum(1 for k, c, _ in q if k == "heal" and c == s) for s in (0, 1))
    fired = tuple(dict.fromkeys(e.rule for t in g.history[start:] for e in t.events))
    return CallPreview(colour, (str(r["faces"][0]), str(r["faces"][1])), (int(r["strength"][0]), int(r["strength"][1])),
                       (int(r["bonus"][0]), int(r["bonus"][1])), int(r["winner"]), int(r["warp"]), str(r["bomb"]),
                       bool(r["blast"]), (chops[0], chops[1]), (heals[0], heals[1]),
                       any(k == "attach" for k, _, _ in q) or "xevoz.drain-attach" in fired, fired, int(st.attacker),
                       str(st.mat))
