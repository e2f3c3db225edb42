"""Resolving and checking a run's arguments: games and bots by name, variants as validated dicts, whole numbers.

Everything here runs before anything is played, so a wrong argument is refused with a plain message (the unknown
name and the choices, the option and its rule, the type expected) and nothing starts.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from ..engine import Bot, Rules, Variant


class UnknownName(KeyError, ValueError):
    """An unknown game, bot or executor name: the message names the choices. A ``KeyError`` (and a
    ``ValueError``) whose text is the plain message, without the quotes ``KeyError`` adds."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


# -- checking arguments ----------------------------------------------------------------------------------------
def _kind(x: object) -> str:
    return type(x).__name__


def check_int(name: str, value: object, *, low: int | None = None, optional: bool = False) -> int | None:
    """``value`` as an int of at least ``low`` (``None`` allowed when ``optional``), or a plain error."""
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a whole number (an int), not {value!r} (a {_kind(value)})")
    if low is not None and value < low:
        word = "a positive whole number" if low == 1 else f"at least {low}"
        raise ValueError(f"{name} must be {word}, not {value}")
    return value


def _type_name(like: object) -> str:
    return {bool: "true or false (a bool)", int: "a whole number (an int)", float: "a number",
            str: "a text (a str)", tuple: "a list of values"}.get(type(like), type(like).__name__)


def _fits(value: object, like: object) -> bool:
    if isinstance(like, bool):
        return isinstance(value, bool)
    if isinstance(like, int):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(like, float):
        return isinstance(value, int | float) and not isinstance(value, bool)
    if isinstance(like, str):
        return isinstance(value, str)
    if isinstance(like, tuple):
        return isinstance(value, list | tuple)
    return True


def check_variant_types(vt: type[Variant], data: dict[str, Any]) -> None:
    """Refuse a value of the wrong type for an option with a plain reason (before the rules compare it)."""
    for info in vt.options():
        if info.name not in data or info.default is None:
            continue
        v = data[info.name]
        where = f"variant option {info.name} ({info.rule})" if info.rule else f"variant option {info.name}"
        if not _fits(v, info.default):
            raise TypeError(f"{where} must be {_type_name(info.default)}, not {v!r} (a {_kind(v)})")
        if isinstance(info.default, tuple) and info.default:
            kinds = {type(x) for x in info.default}
            if len(kinds) == 1:
                like = info.default[0]
                for x in v:
                    if not _fits(x, like):
                        raise TypeError(f"{where}: every value must be {_type_name(like)}, not {x!r} "
                                        f"(a {_kind(x)})")


# -- resolving games and bots --------------------------------------------------------------------------------
def resolve_game(game: str | ModuleType) -> ModuleType:
    """The game module for a registered name ("zaxxon") or a module (a test game, a hobbyist's own)."""
    from .. import games

    choices = f"games: {', '.join(games.GAMES)} (or a game module's path)"
    if isinstance(game, ModuleType):
        mod = game
    elif not isinstance(game, str):
        raise TypeError(f"game must be a name or a module, not {game!r} (a {_kind(game)}); {choices}")
    elif game in games.GAMES:
        mod = games.get(game)
    else:
        try:
            mod = importlib.import_module(game)
        except ModuleNotFoundError as exc:
            if exc.name and game != exc.name and not game.startswith(exc.name + "."):
                raise  # the game exists but needs a module that is missing: say that, not "no game"
            raise UnknownName(f"no game {game!r}; {choices}") from None
        except (ImportError, ValueError, TypeError):
            raise UnknownName(f"no game {game!r}; {choices}") from None
    if not isinstance(getattr(mod, "Rules", None), type):
        raise UnknownName(f"{mod.__name__} is not a game (it has no Rules class); {choices}")
    return mod


def game_label(mod: ModuleType) -> str:
    rules_cls = mod.Rules
    return str(getattr(rules_cls, "name", mod.__name__.rsplit(".", 1)[-1]))


def resolve_bots(mod: ModuleType, bots: Sequence[str] | str | None, seats: int) -> list[str]:
    """Bot names, one per seat (a single name is used for every seat); unknown names are refused."""
    table: dict[str, type[Bot]] = getattr(mod, "BOTS", {})
    if bots is None:
        chosen = ["random"] * seats
    elif isinstance(bots, str):
        chosen = [bots] * seats
    elif isinstance(bots, Sequence):
        chosen = [b if isinstance(b, str) else getattr(b, "name", repr(b)) for b in bots]
    else:
        raise TypeError(f"bots must be a bot name or a list of names, one per seat, not {bots!r}; "
                        f"bots: {', '.join(table) or 'none'}")
    from .mcts import parse_name

    for b in chosen:
        if b in table:
            continue
        try:
            search = parse_name(b)
        except ValueError as exc:
            raise UnknownName(str(exc)) from None
        if search is None:
            raise UnknownName(f"no bot {b!r} for {game_label(mod)}; bots: {', '.join(table) or 'none'}, or "
                              "'mcts' / 'mcts:N' (a tree search with N simulations per decision)")
    return chosen


def make_variant(rules: Rules[Any], v: Variant | dict[str, Any] | None) -> dict[str, Any]:
    """A variant as a validated plain dict (refuses unknown options and bad combinations with a reason)."""
    vt = rules.variant_type
    if isinstance(v, Variant):
        if not isinstance(v, vt):
            raise TypeError(f"{type(v).__name__} is not a variant of {rules.title} (expected {vt.__name__})")
        check_variant_types(vt, {i.name: getattr(v, i.name) for i in vt.options()})
        v.validate()
        return v.to_dict()
    if v is not None and not isinstance(v, dict):
        raise TypeError(f"a variant is None (the rulebook), a {vt.__name__} or a dict of options, not {v!r}")
    check_variant_types(vt, dict(v or {}))
    return vt.from_dict(v).to_dict()


def variant_labels(rules: Rules[Any], vdicts: Sequence[dict[str, Any]]) -> list[str]:
    """Plain names for variants: "rulebook rules" or the options changed from the rulebook."""
    out = []
    for i, vd in enumerate(vdicts):
        label = rules.variant_type.from_dict(vd).describe()
        out.append(label if vdicts.index(vd) == i else f"{label} (#{i + 1})")
    return out
