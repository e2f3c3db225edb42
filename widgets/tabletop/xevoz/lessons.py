"""Small helpers for the step-through notebooks (engine only: no widgets here)."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Game, IllegalAction

from .actions import Call, Move


def news(game: Game[Any], since: int) -> list[str]:
    """The log lines (with their clause ids) of the turns after turn ``since``."""
    return [f"{e.text}  [{e.rule}]" for t in game.history[since + 1:] for e in t.events]


def step(board_or_game: Any, *actions: Any, rig: dict[str, Any] | None = None) -> None:
    """Rig, play the actions (an Action, its words, or its key) and print what happened, rule by rule."""
    game = getattr(board_or_game, "game", board_or_game)
    start = len(game.history) - 1
    if rig:
        board_or_game.rig(**rig)
    for a in actions:
        if isinstance(a, str) and not a.startswith("{"):
            a = game.find(a)
        board_or_game.play(a)
    for line in news(game, start):
        print(line)


def refused(board_or_game: Any, action: Any) -> None:
    """Try an action that the rules refuse and print the rule and the reason (nothing changes)."""
    game = getattr(board_or_game, "game", board_or_game)
    before = game.digest()
    try:
        board_or_game.play(action)
    except IllegalAction as exc:
        print(f"refused by {exc.rule}: {exc.reason}")
    else:  # pragma: no cover - a lesson that shows a refusal must get one
        raise AssertionError(f"{action} was expected to be refused")
    assert game.digest() == before


def stroll(board_or_game: Any, cells: list[str]) -> None:
    """Walk seat 1 (Razorclaw, the attacker, nothing lost yet) along ``cells``: each round is rigged so that
    Razorclaw wins a WHITE attack with spine-ridge's star (5 against chain-whip's 3); nothing has been lost, so the
    star does nothing, and the winner moves one square; Skull Jack follows."""
    game = getattr(board_or_game, "game", board_or_game)
    for cell in cells:
        board_or_game.rig(helix1="3a", helix2="3a")
        board_or_game.play(Call("white"))
        board_or_game.play(Move(cell))
        if game.raw_state.phase == "follow":
            board_or_game.play(game.legal_actions()[0])


def check_helix(figure: str, glyphs: list[str]) -> list[str]:
    """The pre-battle check of a helix you propose for a ready figure: one line per problem (empty: it passes)."""
    from .data import components
    from .rules import Side, XevozRules

    comp = components()
    side = Side(comp.figures[figure], tuple((g, False) for g in glyphs))
    out = [f"{rule}: {reason}" for rule, reason in XevozRules().helix_problems(side)]
    for line in out or ["passes the pre-battle check"]:
        print(line)
    return out


def glyph_card(glyph: str) -> str:
    """A Power Glyph in words: its picture side and its two (mirror-image) battle sides."""
    from .data import components

    comp = components()
    g = comp.glyphs[glyph]
    sp = comp.species[g.species].name
    lines = [f"picture side: {g.part}" + (" (GOLD)" if g.gold else ""),
             f"battle side a: [{sp}] white {g.white} | {g.part} | black {g.black}",
             f"battle side b: [{sp}] black {g.black} | {g.part} | white {g.white}   (mirror image)"]
    text = "\n".join(lines)
    print(text)
    return text
