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
    """Set up a position through the public ``Game.set_up`` (issue 11): the rules check it (a test cannot put a
    mover where the rules could never have it) and it is recorded like a move. ``area``/``idx`` count from 0 here;
    the description counts from 1, as the board does. ``extra``: other player fields of the description
    (``retry``, ``phantom``, ``cockpit``, ``beaten``)."""
    me: dict[str, Any] = dict(extra)
    if area is not None:
        me["area"] = area + 1
        me["space"] = (idx if idx is not None else g.raw_state.pilots[seat].idx) + 1
    elif idx is not None:
        me["space"] = idx + 1
    for key, value in (("extra_weapon", w), ("shield", s), ("solvalou", l)):
        if value is not None:
            me[key] = value
    players: list[dict[str, Any]] = [{} for _ in g.raw_state.pilots]
    players[seat] = me
    position: dict[str, Any] = {"players": players}
    if stage is not None:
        position["stage"] = stage
    g.set_up(position)


def rules_fired(events: list[Any]) -> list[str]:
    return [e.rule for e in events]


def pilot(g: Game[Any], seat: int) -> Any:
    return g.raw_state.pilots[seat]


def stop(g: Any, step: int) -> Any:
    """The listed stop of ``step`` spaces (``play`` takes exactly the listed action)."""
    from tabletop.xevious.rules import stop_at

    return stop_at(g, step)
