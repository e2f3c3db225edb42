"""Helpers for the Super Xevious tests: a game whose order of play is seat 0, 1, 2..., and a way to place movers.

Positions are (area, space) counted from 0 here; the board and the notebooks count from 1.
"""

from __future__ import annotations

from typing import Any

from tabletop import xevious
from tabletop.engine import Game


def game(players: int = 2, variant: dict[str, Any] | None = None, seed: int = 1) -> Game[Any]:
    """A new game in which seat 0 plays first, then seat 1, ... (the order-of-play rolls are rigged)."""
    rig = {"die": [6 - i for i in range(players)]} if players > 1 else None  # one player rolls for nothing
    return xevious.new_game(seed=seed, players=players, variant=variant, rig=rig)


def put(g: Game[Any], seat: int, area: int | None = None, idx: int | None = None, *, w: int | None = None,
        s: int | None = None, l: int | None = None, stage: int | None = None, **extra: Any) -> None:  # noqa: E741
    """Set up a position (test set-up only: edits the raw state before the next action)."""
    st = g.raw_state
    if stage is not None:
        st.stage = stage
    p = st.pilots[seat]
    if area is not None:
        p.area = area
    if idx is not None:
        p.idx = idx
    for k, v in (("w", w), ("s", s), ("l", l)):
        if v is not None:
            setattr(p, k, v)
    for k, v in extra.items():
        setattr(p, k, v)
    g.version += 1  # drop the kit's cached legal actions and snapshot


def rules_fired(events: list[Any]) -> list[str]:
    return [e.rule for e in events]


def pilot(g: Game[Any], seat: int) -> Any:
    return g.raw_state.pilots[seat]


def stop(g: Any, step: int) -> Any:
    """The listed stop of ``step`` spaces (``play`` takes exactly the listed action)."""
    from tabletop.xevious.rules import stop_at

    return stop_at(g, step)
