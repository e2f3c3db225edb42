"""The game-agnostic kit: one protocol for every game (see :mod:`tabletop.engine.rules`).

Nothing here imports widgets, plotly or any game.
"""

from .actions import Action, ActionCodec, action_key, encode_action
from .bots import Bot, FirstBot, RandomBot, play_out
from .catalog import Catalog, Clause, coverage, load_catalog
from .chance import Chance, Draw
from .errors import IllegalAction, RigError, SaveError
from .events import Event
from .game import FrozenDict, Game, Turn, freeze, thaw
from .lessons import Fact, Lesson, Step, StepError, check_lesson
from .rules import Context, Rules
from .variants import NoVariant, OptionInfo, Variant, option

__all__ = [
    "Action", "ActionCodec", "Bot", "Fact", "Lesson", "Step", "StepError", "check_lesson", "Catalog", "Chance", "Clause", "Context", "Draw", "Event", "FirstBot",
    "FrozenDict", "Game", "IllegalAction", "NoVariant", "OptionInfo", "RandomBot", "RigError", "Rules",
    "SaveError", "Turn", "Variant", "action_key", "coverage", "encode_action", "freeze", "load_catalog",
    "option", "play_out", "thaw",
]
