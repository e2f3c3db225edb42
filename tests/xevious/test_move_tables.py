"""The fast path's precomputed moves (issue 13) agree with the rules' step-by-step walk of MOVEMENT 1.

The reference ``XeviousRules.plan`` (rules.py) walks a move one space at a time, as the rulebook says (issue 22:
the readable walk that lived here is now the rule). ``fast.Track.plan`` keeps one move per square and roll, and
``FastXeviousRules.plan`` cuts it at a standing guard and drops the early stops a Daley Piece covers. Here every
square of every stage, every roll 1-6, and every guard and Daley set a stage can hold is planned both ways and
compared: the squares, why the move ends, where it may stop early and which exits it crosses. The sensible bot's remembered move values
are compared with values worked out afresh. The sentences the engine keeps per process are compared with the same
sentences made again.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from tabletop import xevious
from tabletop.engine import Game
from tabletop.xevious.bots import SensibleBot, _Eval
from tabletop.xevious.fast import FastXeviousRules
from tabletop.xevious.rules import Pilot, XeviousRules, XeviousState

RULES = XeviousRules()
FAST = FastXeviousRules()


def state_for(stage: int, a: int, i: int, *, cond: bool = True, gumps: tuple[bool, ...] = (True, True, True),
              beaten: frozenset[tuple[int, int]] = frozenset(),
              daley: frozenset[tuple[int, int]] = frozenset()) -> tuple[XeviousState, Pilot]:
    s = XeviousState()
    me = Pilot()
    me.area, me.idx, me.beaten = a, i, beaten
    s.pilots, s.order, s.stage, s.cond, s.gumps, s.daley = [me, Pilot()], (0, 1), stage, cond, gumps, daley
    return s, me


def guard_sets(stage: int) -> list[dict[str, Any]]:
    """Every guard situation of ``stage``: the Andor Genesis standing, beaten or off (no stage conditions); the
    Gump Markers of Stage 7 in every standing combination."""
    if stage == 7:
        return [{"gumps": up} for up in itertools.product((True, False), repeat=3) if any(up)]
    guard = frozenset(RULES.stages[stage - 1].guard)
    out: list[dict[str, Any]] = [{"cond": True}, {"cond": False}]
    if guard:
        out.append({"cond": True, "beaten": guard})
    return out


@pytest.mark.parametrize("stage", range(1, 8))
def test_every_planned_move_is_the_rulebook_walk(stage: int) -> None:
    tr = FAST.tracks[stage - 1]
    blasters = [(a, i) for a, area in enumerate(tr.areas) for i, sp in enumerate(area) if sp.blaster]
    daleys = [frozenset(), frozenset(blasters), frozenset(blasters[::2])]
    checked = 0
    for situation in guard_sets(stage):
        for daley in daleys:
            for a, area in enumerate(tr.areas):
                for i in range(len(area)):
                    s, me = state_for(stage, a, i, daley=daley, **situation)
                    assert FAST.guards_for(s, me) == RULES.guards_for(s, me)
                    for n in range(1, 7):
                        got = FAST.plan(s, me, n)
                        assert got == RULES.plan(s, me, n), (stage, a, i, n, situation)
                        assert FAST.pilot_plan(s, me, tr, n) == got
                        assert tuple(FAST.move_plan(s, 0, n)) == got
                        checked += 1
    assert checked >= 6 * sum(tr.lens)


def test_a_card_moves_further_than_a_die_without_keeping_it() -> None:
    tr = FAST.tracks[1]
    s, me = state_for(2, 0, 0)
    assert FAST.plan(s, me, 9) == RULES.plan(s, me, 9)
    assert all(len(row) == 7 for area in tr.moves for row in area)  # the table keeps rolls 0-6 only


def test_the_bots_remembered_move_values_are_worked_out_afresh() -> None:
    for seed in range(4):
        g: Game[Any] = xevious.new_game(seed=seed)
        bots = [SensibleBot(seed=seed + k) for k in range(2)]
        while g.current_player is not None:
            s = g.raw_state
            if s.phase == "turn" and s.winner is None:
                p = s.order[s.turn]
                ev = _Eval(g.rules, s, p)  # type: ignore[arg-type]
                assert ev.move_values() == [ev.move_value(n) for n in range(1, 7)]
            g.play(bots[g.current_player].choose(g, g.legal_actions()))


def test_sentences_are_made_when_read_and_read_as_if_made_now() -> None:
    g: Game[Any] = xevious.new_game(seed=5, players=["You", "Red"])
    bots = [SensibleBot(seed=1), SensibleBot(seed=2)]
    while g.current_player is not None:
        g.play(bots[g.current_player].choose(g, g.legal_actions()))
    events = [e for turn in g.history for e in turn.events]
    lazy = [e for e in events if isinstance(e._text, tuple)]
    assert len(lazy) > len(events) // 2, "most sentences wait to be read"
    for e in lazy:
        fn, *args = e._text
        assert e.text == fn(*args) and isinstance(e._text, str)
    assert any(t.text.startswith("You roll ") for t in (e for turn in g.history for e in turn.events))
