"""A tiny Pig board (test-only): exercises the kit's BoardWidget with a game renderer (static/pig_board.js)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.engine import Game
from tabletop.ui import BoardWidget
from tests.kit.pig import PigRules


class PigBoard(BoardWidget):
    board_js = Path(__file__).with_name("static") / "pig_board.js"
    board_css = Path(__file__).with_name("static") / "pig_board.css"

    def make_game(self, *, seed: int | None, variant: Any, players: Any, rig: Any) -> Game[Any]:
        return Game(PigRules(), seed=seed, variant=variant, players=players, rig=rig)

    def view(self) -> dict[str, Any]:
        return {"target": self.game.variant.target}

    def static_svg(self) -> str:
        s = self.game.state
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="240" height="40"><text x="4" y="26">'
                f'{s["scores"][0]} : {s["scores"][1]} (pot {s["pot"]})</text></svg>')


class PlainPigBoard(BoardWidget):
    """No renderer: the kit's fallback (state as JSON + the move list) must be enough to play."""

    def make_game(self, *, seed: int | None, variant: Any, players: Any, rig: Any) -> Game[Any]:
        return Game(PigRules(), seed=seed, variant=variant, players=players, rig=rig)
