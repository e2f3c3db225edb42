"""Super Xevious: the questions its bots, lessons, practice and board ask of the rules, as public functions.

None of them changes the state. Squares are ``(area, space)`` counted from 0; the stage gate is
``(number of areas, 0)``. The search bot's hooks (``XeviousRules.evaluate``, ``sample_hidden``) are written here
and called through the rules' methods of the same names.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .data import Space
from .state import Pilot, XeviousState

if TYPE_CHECKING:
    from .fast import Track
    from .rules import MovePlan, XeviousRules

Square = tuple[int, int]


def move_plan(rules: XeviousRules, state: XeviousState, seat: int, n: int) -> MovePlan:
    """The move of ``n`` spaces that ``seat``'s mover would make now: its squares, why it ends ('roll',
    'entrance', 'stop', 'guard', 'gate', 'end'), the steps after which the mover may stop early (green and Flag /
    Pin / Sol / Phantom spaces passed: xevious.green-stop, blaster-stop) and the exits it crosses (index in the
    path, markers: xevious.exit-markers). A standing guard cuts the move short (xevious.condition-andor-genesis,
    condition-gump)."""
    return rules.move_plan(state, seat, n)


def guards_for(rules: XeviousRules, state: XeviousState, pilot: Pilot) -> frozenset[Square]:
    """The squares where a standing guard blocks ``pilot`` now: the Andor Genesis it has not beaten
    (xevious.condition-andor-genesis) or the Gump Markers still standing (xevious.condition-gump)."""
    return rules.guards_for(state, pilot)


def can_catch_up(rules: XeviousRules, state: XeviousState, seat: int) -> bool:
    """Whether ``seat`` may move on to the next area now (xevious.catch-up)."""
    return rules.can_catch_up(state, seat)


def space_at(rules: XeviousRules, state: XeviousState, pos: Square) -> Space | None:
    """The space on square ``pos`` of the stage on the table; ``None`` for the stage gate."""
    a, i = pos
    areas = rules.stage_of(state).areas
    return areas[a][i] if a < len(areas) else None


def square_label(rules: XeviousRules, state: XeviousState, pos: Square) -> str:
    """Plain words for square ``pos``: its space's label ("air-to-ground battle 3") or "stage gate"."""
    sp = space_at(rules, state, pos)
    return sp.label() if sp is not None else "stage gate"


def space_kind(rules: XeviousRules, state: XeviousState, pos: Square) -> str:
    """The kind of the space on ``pos`` ("ground", "green", "flag", ...), or "gate" for the stage gate."""
    sp = space_at(rules, state, pos)
    return sp.kind if sp is not None else "gate"


def track(rules: XeviousRules, state: XeviousState) -> Track:
    """The precomputed track of the stage on the table (``fast.Track``: its squares' kinds, labels and moves)."""
    return rules.tracks[state.stage - 1]


def sample_hidden(state: XeviousState, seat: int, rng: Any) -> XeviousState:
    """``state`` (a copy the caller may change) with everything ``seat`` cannot see redrawn at random,
    consistently with what it can see: the hook a search bot (``tabletop.sim.mcts``) calls before every
    simulation. Hidden in Super Xevious: the Battle Card turned face down (xevious.air-battle: "both Battle
    Cards are turned secretly"), while the other player, who turns the enemy's card, waits (phase "enemy"):
    redrawn from the headings a Battle Card can point (xevious.battle-cards) for every seat but its owner; and
    the order of the Super Xevious and Braglease decks (xevious.xevious-cards, braglease-card), shuffled for
    every seat (which cards are left is known: every drawn card is shown). ``rng``: a ``random.Random``."""
    pend = state.pend
    if state.phase == "enemy" and pend is not None and pend.get("who") != seat:
        headings = pend["headings"]
        pend = state.pend = dict(pend)
        pend["aim"] = headings[rng.randrange(len(headings))]
    # (sorted first: the redrawn order depends only on which cards are left, never on the real order)
    if len(state.deck) > 1:
        deck = sorted(state.deck)
        rng.shuffle(deck)
        state.deck = tuple(deck)
    if len(state.brag) > 1:
        brag = sorted(state.brag)
        rng.shuffle(brag)
        state.brag = tuple(brag)
    return state


def evaluate(rules: XeviousRules, state: XeviousState) -> tuple[float, ...]:
    """A cut-off estimate of each seat's chance to win for a search bot (``tabletop.sim.mcts``), read from what
    every player sees (the sheets, the movers, the stage; never a face-down card or the decks' order): 1 / 0
    once someone has won (xevious.victory), an even share after the turn cap; else each pilot is scored by
    the markers on its sheet (Solvalou 2.5, Shield 1.5, Extra Weapon 1 each, as the sensible bot weighs
    them: before Stage 7 the stage gate and catch-up undo any lead, so the markers brought to the Gumps count
    most) plus its progress through the stage (worth 1 before Stage 7, 6 in it), and the seats' shares are
    a softmax of the scores (temperature 4). One seat alone: its progress through the seven stages."""
    pilots = state.pilots
    n = len(pilots)
    if state.winner is not None:
        return tuple(1.0 if i == state.winner else 0.0 for i in range(n))
    if state.capped or n == 0:
        return tuple(1.0 / max(n, 1) for _ in range(n))
    stage = state.stage
    tr = rules.tracks[stage - 1]
    areas, lens = tr.n_areas, tr.lens
    fracs = [1.0 if q.area >= areas else (q.area + q.idx / max(lens[q.area], 1)) / areas for q in pilots]
    if n == 1:
        return (min(1.0, max(0.0, (stage - 1 + fracs[0]) / 7)),)
    pace = 6.0 if stage == 7 else 1.0
    scores = [(2.5 * q.l + 1.5 * q.s + q.w + pace * f) / 4.0 for q, f in zip(pilots, fracs, strict=True)]
    top = max(scores)
    weights = [math.exp(x - top) for x in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)
