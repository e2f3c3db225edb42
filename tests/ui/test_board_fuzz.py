"""Untrusted input: random messages never raise out of the handler and never change the game unless valid."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.kit.pig import Hold, Roll, Say
from tests.ui.conftest import browser_message
from tests.ui.pigboard import PigBoard

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10**6) | st.floats(allow_nan=True) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)

ids = st.sampled_from([Roll().key, Hold().key, Say("x").key, '{"type":"Roll","x":1}', "{", ""]) | st.text(
    max_size=40)
messages = st.one_of(
    json_values,
    st.fixed_dictionaries({"type": st.sampled_from(["act", "undo", "bot", "ACT", "roll"]),
                           "id": ids, "version": st.one_of(st.integers(-2, 6), st.booleans(), st.text(max_size=3))}),
)


def state_of(board: PigBoard) -> tuple[Any, ...]:
    g = board.game
    return g.digest(), len(g.history), g.chance.snapshot(), board.version


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(msgs=st.lists(messages, min_size=1, max_size=6))
def test_random_messages_are_refused_cleanly_or_are_valid_moves(msgs: list[Any]) -> None:
    board = PigBoard(seed=7)
    for msg in msgs:
        before = state_of(board)
        legal = {e["id"] for e in board.legal}
        browser_message(board, msg)
        valid = (isinstance(msg, dict) and msg.get("version") == board.version - 1
                 and type(msg.get("version")) is int
                 and ((msg.get("type") == "act" and msg.get("id") in legal)
                      or msg.get("type") == "bot" or (msg.get("type") == "undo" and before[1] > 1)))
        if state_of(board) != before:
            assert valid, f"{msg!r} changed the game"
            assert board.error is None
        else:
            assert board.error is not None and board.error["rule"].startswith(("ui.", "pig.")), msg
            assert board.error["reason"]
