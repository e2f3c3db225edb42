""""What would a strong player do here?": the search bot's top moves at a position, in plain words.

The lessons' hint ladder (its last rung at a hand-over) and the teacher panel (**Ask the strong bot**) show the
same list, made here from the numbers of :meth:`tabletop.sim.mcts.MCTSBot.analyse`:

    from tabletop.ui.advice import strong_moves, advice_markdown
    data = strong_moves(board.game)          # {"seat", "player", "simulations", "seed", "moves": [...], ...}
    advice_markdown(data)                    # "A strong player ... 1. **roll both dice** — ..."

* **a small budget** (``ADVICE_SIMULATIONS`` = 200 simulations), so it answers at once; a position with one legal
  move is not searched (there is nothing to choose);
* **seeded by the position**: the bot's seed is a hash of the game's name and :meth:`Game.digest`, so the same
  position gives the same answer every time (on any board, in any lesson); in a game with hidden cards, a hash of
  the game's seed and move number instead (:func:`advice_seed`: never of what the seat cannot see);
* the search bot never reads what the seat to move cannot see (its information-set sampling, see ``sim/mcts.py``);
* **what the numbers mean**: a move's *share* is the part of the bot's simulated games that began with it (the
  bot spends its games on the moves it rates best); its *value* is the bot's estimate of the mover's chance of
  winning after it, from those simulated games (a game without a winner counts as ``1 / players``). Both are
  estimates of a bot, not rules of the game: the words say so.
"""

from __future__ import annotations

import hashlib
import math
from typing import Any

from ..engine import Game

#: simulations per question (a small budget: an answer in well under a second on most positions)
ADVICE_SIMULATIONS = 200
#: how many moves the answer lists
ADVICE_TOP = 3
#: what a hint rung / the teacher panel call the bot
STRONG_NAME = "the strong player (the search bot)"


def advice_seed(game: Game[Any]) -> int:
    """The search's seed for this position: the same position, the same seed (hence the same answer).

    In a game that hides something from the seat to move (its rules offer ``sample_hidden``: Super Xevious's
    face-down cards), the seed is never made from the whole position, which holds what the seat cannot see: it is
    the game's own seed and the number of moves made (the same game at the same moment gives the same answer),
    so the answer cannot depend on a hidden card."""
    if getattr(game.rules, "sample_hidden", None) is None:
        key = game.digest()
    else:
        key = f"seed {game.seed}, move {len(game.history)}, seat {game.current_player}"
    raw = f"{game.rules.name}|{key}".encode()
    return int(hashlib.sha256(raw).hexdigest()[:15], 16)


def strong_moves(game: Game[Any], *, simulations: int = ADVICE_SIMULATIONS, top: int = ADVICE_TOP) -> dict[str, Any]:
    """The search bot's top ``top`` moves for the seat to move at ``game`` (most visited first), as JSON:
    ``{"seat", "player", "simulations", "seed", "legal" (how many legal moves), "only" (one legal move: not
    searched), "moves": [{"id" (the action key), "text", "visits", "share", "value"}]}``. ``ValueError`` when
    nobody is to move (the game is over)."""
    from ..sim.mcts import MCTSBot

    seat = game.current_player
    if seat is None:
        raise ValueError("the game is over: there is no move to suggest")
    legal = game.legal_actions()
    if not legal:
        raise ValueError(f"{game.players[seat]} has no legal move")
    seed = advice_seed(game)
    out: dict[str, Any] = {"seat": seat, "player": str(game.players[seat]), "simulations": simulations,
                           "seed": seed, "legal": len(legal), "only": len(legal) == 1, "moves": []}
    if len(legal) == 1:
        out["moves"] = [{"id": legal[0].key, "text": str(legal[0]), "visits": 0, "share": 1.0, "value": None}]
        return out
    stats = MCTSBot(seed=seed, simulations=simulations).analyse(game, legal)
    for m in stats[:top]:
        if m.visits <= 0:
            break
        value = None if math.isnan(m.value) else round(float(m.value), 4)
        out["moves"].append({"id": m.action.key, "text": str(m.action), "visits": m.visits,
                             "share": round(m.share, 4), "value": value})
    return out


def percent(x: float) -> str:
    """A share as a whole percentage ("<1%" for a share above 0 that rounds to 0)."""
    p = round(100 * x)
    return "<1%" if p == 0 and x > 0 else f"{p}%"


def move_stats(move: dict[str, Any]) -> str:
    """A listed move's numbers in words (no Markdown): its share of the bot's games and its estimated chance of
    winning."""
    if not move.get("visits"):
        return "the only legal move (nothing to choose, so the bot does not search)"
    value = move.get("value")
    chance = "" if value is None else f"; estimated chance of winning about {percent(value)}"
    return f"tried in {percent(move['share'])} of the bot's games{chance}"


def move_sentence(move: dict[str, Any], simulations: int = ADVICE_SIMULATIONS) -> str:
    """One listed move in words, from its numbers (no Markdown)."""
    return f"{move['text']}: {move_stats(move)}"


def shown_moves(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The moves as the panels show them: the numbers, with their words (``words``: the whole sentence, the
    accessible name of a move's button; ``stats``: the words beside the move's text)."""
    return [{**m, "words": move_sentence(m), "stats": move_stats(m)} for m in data["moves"]]


def close_call(data: dict[str, Any]) -> bool:
    """The bot's games were spread almost evenly: its top move got less than twice an even share."""
    moves = data.get("moves") or []
    n = data.get("legal") or 0
    return bool(moves) and not data.get("only") and n > 1 and moves[0]["share"] < 2.0 / n


def advice_intro(data: dict[str, Any]) -> str:
    if data.get("only"):
        return f"{data['player']} has only one legal move here, so a strong player has nothing to choose:"
    n = len(data["moves"])
    return (f"What would a strong player do here? The search bot tried {data['simulations']} games from this "
            f"position for {data['player']}; its top {n} move{'s' if n != 1 else ''}:")


def advice_note(data: dict[str, Any] | None = None) -> str:
    note = ("These are a search bot's estimates from simulated games, not rules: a higher share means the bot "
            "rated the move better.")
    if data is not None and close_call(data):
        note += (f" Here its {data['simulations']} games were spread almost evenly over {data['legal']} legal moves, "
                 "so it barely tells these apart: a rough guide only.")
    return note


def _md_escape(text: str) -> str:
    return "".join("\\" + c if c in "\\`*_[]<>#|" else c for c in text)


def advice_markdown(data: dict[str, Any]) -> str:
    """The answer as a hint rung's Markdown (rendered by the walkthrough with raw HTML escaped)."""
    if data.get("only"):
        return f"{_md_escape(advice_intro(data))} **{_md_escape(data['moves'][0]['text'])}**."
    lines = [_md_escape(advice_intro(data)), ""]
    for i, m in enumerate(data["moves"], 1):
        lines.append(f"{i}. **{_md_escape(m['text'])}**: {_md_escape(move_stats(m))}")
    lines += ["", f"*{_md_escape(advice_note(data))}*"]
    return "\n".join(lines)
