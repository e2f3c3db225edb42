"""The one protocol every game implements (OpenSpiel's Game/State split, boardgame.io's "moves as functions").

A game subclasses :class:`Rules` and keeps its state in its own (mutable, fast) object. The kit's
:class:`~tabletop.engine.game.Game` owns everything else: seeded chance, the log, history, undo, fork,
save/load and replay. ``apply`` may mutate the state it is given freely and raise
:class:`~tabletop.engine.errors.IllegalAction` at any point: the kit applies actions to a copy, so a refused
action never changes the game.
"""

from __future__ import annotations

import copy
import dataclasses
from abc import ABC, abstractmethod
from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from .actions import Action
from .chance import _WEIGHTED, Chance
from .errors import IllegalAction
from .events import _NO_DATA, Event, Text
from .variants import NoVariant, Variant

S = TypeVar("S")
_new = object.__new__


class Context:
    """What ``apply`` and ``initial_state`` may use: chance draws and the event log."""

    __slots__ = ("chance", "events", "draws", "players", "variant", "_known", "player")

    def __init__(self, chance: Chance, players: tuple[str, ...], variant: Variant,
                 known_rules: frozenset[str] | None, player: int | None) -> None:
        self.chance = chance
        self.players = players
        self.variant = variant
        self.events: list[Event] = []
        #: the draws made so far: Draws, or their four fields as a plain tuple (``Game``'s history reads both)
        self.draws: list[tuple[str, Any, bool, int]] = []
        self._known = known_rules
        self.player = player

    def emit(self, rule: str, text: Text, player: int | None = -1, **data: Any) -> Event:
        """Log one event. ``rule`` must be a clause id of the game's catalog. ``text`` is the sentence, or a
        zero-argument callable that makes it when it is first read (``lambda: f"..."`` over values that do not
        change afterwards): simulations that only count rules never format it."""
        known = self._known
        if known is not None and rule not in known:
            raise ValueError(f"event names unknown rule clause {rule!r} (add it to the game's catalog)")
        # Event(rule, text, player, data) without a Python-level __init__ call (millions in a simulation)
        ev = _new(Event)
        ev.rule = rule
        ev._text = text
        ev.player = self.player if player == -1 else player
        ev.data = data or _NO_DATA
        ev._args = ()
        self.events.append(ev)
        return ev

    def tell(self, rule: str, player: int | None, text: Callable[..., str], *args: Any, **data: Any) -> Event:
        """:meth:`emit` with the sentence made when first read as ``text(*args)``: ``text`` is a plain function
        (defined once, at module level) and ``args`` the values it reads, which must not change afterwards (pass
        numbers, names and tuples, not a state that the game goes on changing). No closure is made per event, so
        a long simulation leaves fewer objects for the garbage collector. ``player=-1`` is the acting seat."""
        return self.tell_made(rule, player, text, args, data)

    def tell_made(self, rule: str, player: int | None, text: Callable[..., str], args: tuple[Any, ...],
                  data: Mapping[str, Any]) -> Event:
        """:meth:`tell` with the sentence's arguments as one tuple and the data as one mapping, both made
        beforehand: a fast path may keep them per outcome and hand the same two objects to event after event (so
        ``data`` must be read-only, a ``MappingProxyType``, and ``args`` hold values that never change); ``tell``
        makes its event here too."""
        known = self._known
        if known is not None and rule not in known:
            raise ValueError(f"event names unknown rule clause {rule!r} (add it to the game's catalog)")
        ev = _new(Event)
        ev.rule = rule
        ev._text = text
        ev.player = self.player if player == -1 else player
        ev.data = data or _NO_DATA
        ev._args = args
        self.events.append(ev)
        return ev

    def draw(self, kind: str, options: Sequence[Any] | None = None,
             weights: Sequence[float] | None = None) -> Any:
        """Draw a chance outcome (rigged if a rig is queued for this kind) and return its value."""
        ch = self.chance
        if not ch.queues:
            # the commonest draws without Chance.draw's calls: the kind's whole domain, or a weighted draw (a
            # spinner) whose table Chance.draw has made (chance.weighted_table); both splitmix64 of the next draw
            # number, as Chance.value writes it
            if options is None and weights is None:
                opts: Sequence[Any] | None = ch.domains[kind] or None
                table = None
            elif weights is not None:
                opts = None
                table = _WEIGHTED.get(id(weights))
                if table is not None and (table[0] is not weights or table[1] is not options):
                    table = None
            else:
                opts = table = None
            if opts is not None or table is not None:
                n = ch.counter = ch.counter + 1
                i = n - ch._b0
                blk = ch._blk
                x = blk[i] if 0 <= i < len(blk) else ch._mix(n)  # Chance.value's mix, from the block made ahead
                if table is None:
                    v = opts[(x * len(opts)) >> 64]  # type: ignore[index,arg-type]
                else:
                    v = table[4][bisect_right(table[3], (x >> 11) * (1.0 / (1 << 53)) * table[2])]
                # a Draw's four fields as a plain tuple (a game's history makes the Draw when it is read): a tuple
                # of plain values the garbage collector soon stops visiting
                self.draws.append((kind, v, False, n))
                return v
        d = ch.draw(kind, options, weights)
        self.draws.append(d)
        return d.value

    def roll(self, sides: int = 6) -> int:
        """Roll the game's die (kind ``"die"``)."""
        value: int = self.draw("die")
        return value

    def shuffle(self, items: Sequence[Any]) -> list[Any]:
        return self.chance.shuffle(items)


class Bundle(tuple):  # type: ignore[type-arg]
    """A tally key standing for several ``(rule, seat)`` keys that always fire together (a game's rules may count
    them once, as one key, where that is the common case: an attack call and both helix rolls, say). It counts as
    one firing of each of them: :func:`expand_tally` gives the plain counts."""

    __slots__ = ()


def expand_tally(tally: Mapping[Any, int]) -> dict[tuple[str, int | None], int]:
    """A tally with every :class:`Bundle` key counted into the ``(rule, seat)`` keys it stands for."""
    out: dict[tuple[str, int | None], int] = {}
    for key, k in tally.items():
        for sub in (key if key.__class__ is Bundle else (key,)):
            out[sub] = out.get(sub, 0) + k
    return out


class TallyContext(Context):
    """The Context of a simulation game that only counts rule firings (``Game.tally``): ``emit`` and ``tell``
    check the clause id and add one to ``tally[rule, seat]``; no Event is made and no sentence kept. Rules that
    count their commonest firings themselves may add one to a :class:`Bundle` key instead of several keys."""

    __slots__ = ("tally",)
    tally: dict[tuple[str, int | None], int]

    def emit(self, rule: str, text: Text, player: int | None = -1, **data: Any) -> None:  # type: ignore[override]
        if self._known is not None and rule not in self._known:
            _unknown_clause(rule)
        key = (rule, self.player if player == -1 else player)
        self.tally[key] = self.tally.get(key, 0) + 1

    def tell(self, rule: str, player: int | None, text: Callable[..., str], *args: Any,  # type: ignore[override]
             **data: Any) -> None:
        # emit's three lines, not a call to it: most rule firings of a simulation come here
        if self._known is not None and rule not in self._known:
            _unknown_clause(rule)
        key = (rule, self.player if player == -1 else player)
        self.tally[key] = self.tally.get(key, 0) + 1

    #: counting ignores the sentence and the data: ``tell_made(rule, player, text, args, data)`` is ``tell``'s count
    tell_made = tell  # type: ignore[assignment]

    def draw(self, kind: str, options: Sequence[Any] | None = None,
             weights: Sequence[float] | None = None) -> Any:
        """The value of the draw, not kept in ``draws``: a counting game keeps no history."""
        if options is None and weights is None:
            return self.chance.value(kind)
        return self.chance.draw(kind, options, weights).value


def _unknown_clause(rule: str) -> None:
    raise ValueError(f"event names unknown rule clause {rule!r} (add it to the game's catalog)")


class Rules(ABC, Generic[S]):
    """A game's rules. Subclasses set the class attributes and implement the abstract methods."""

    #: short id used in clause ids, saves and the simulator ("zaxxon", "xevoz", "xevious")
    name: ClassVar[str] = "game"
    #: the title learners see
    title: ClassVar[str] = "Game"
    #: every action class of the game (used to decode actions from saves and the browser)
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: each kind of chance and all the outcomes it can show (for rigging)
    chance_domains: ClassVar[Mapping[str, Sequence[Any]]] = {"die": (1, 2, 3, 4, 5, 6)}
    #: the game's Variant dataclass
    variant_type: ClassVar[type[Variant]] = NoVariant
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[tuple[str, ...]] = ("Player 1", "Player 2")
    #: the rule catalog (TOML) of the game; see :mod:`tabletop.engine.catalog`
    catalog_path: ClassVar[Path | None] = None
    #: bump when the rules change so that old saves are refused with a reason instead of replaying wrongly
    rules_version: ClassVar[int] = 1
    #: ``True`` promises that ``apply`` never keeps its Context (nor a text callable that reads it) after it
    #: returns: then a simulation game (``safe=False``) hands the same Context to every step, with a fresh
    #: ``events`` and ``draws`` list and the acting ``player`` set, instead of making one per step
    reuses_context: ClassVar[bool] = False
    #: ``True`` promises that the state holds no reference to the Variant object (the rules read options from
    #: ``ctx.variant``, or copy their values into the state): then the simulator may continue a copy of a
    #: position under another variant that differs only in options not read so far (``tabletop.sim.core``)
    variant_free_state: ClassVar[bool] = False

    @abstractmethod
    def initial_state(self, ctx: Context) -> S:
        """The state after setup; may draw chance and emit setup events."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[Action]:
        """Every action the current player may take now (empty when the game is over)."""

    @abstractmethod
    def apply(self, state: S, action: Action, ctx: Context) -> None:
        """Carry out ``action`` on ``state`` or raise ``IllegalAction(rule, reason)``."""

    @abstractmethod
    def current_player(self, state: S) -> int | None:
        """The seat to act, or ``None`` when the game is over."""

    @abstractmethod
    def winner(self, state: S) -> int | None:
        """The winning seat, or ``None`` (no winner yet, or a draw / turn cap)."""

    def first_player(self, state: S) -> int | None:
        """The seat that moved first in the order of play (read at the end of a game, for first-player
        statistics); ``None`` means "the seat to act right after setup"."""
        return None

    def rig_domain(self, kind: str, variant: Variant, state: S | None) -> Sequence[Any] | None:
        """The outcomes of chance ``kind`` that can come up under ``variant`` now (``state`` is ``None`` before
        setup, for rigs given to the game's constructor). ``None`` means the static ``chance_domains[kind]``.
        ``Game.rig`` refuses any other outcome (a spinner sector of weight 0, a card no longer in the deck...)."""
        return None

    def is_over(self, state: S) -> bool:
        return self.current_player(state) is None

    # -- position set-up (teachers, lessons, tests) --------------------------------------------------------------
    def set_up(self, state: S, position: Mapping[str, Any], ctx: Context) -> None:
        """Change ``state`` into the position ``position`` describes (plain JSON, the game's own short form), or
        raise ``IllegalAction(clause, reason)`` naming the rule an impossible position breaks (two planes on one
        space, six markers in a row...). Keys a description leaves out keep their value; unknown keys and wrong
        types are refused. ``Game.set_up`` runs this on a copy, so a refusal changes nothing. Default: no set-up."""
        raise IllegalAction(f"{self.name}.setup", f"{self.title} has no position set-up")

    def position(self, state: S) -> dict[str, Any]:
        """The position of ``state`` as a description :meth:`set_up` accepts (``set_up(position(s))`` on any
        state of the game gives a state with the same ``to_json``). Default: none."""
        raise NotImplementedError(f"{self.title} has no position description")

    def to_json(self, state: S) -> dict[str, Any]:
        """A JSON-safe picture of the state (default: ``dataclasses.asdict``)."""
        if dataclasses.is_dataclass(state) and not isinstance(state, type):
            return dataclasses.asdict(state)
        raise NotImplementedError("override to_json for a non-dataclass state")

    def copy_state(self, state: S) -> S:
        """A copy ``apply`` can mutate freely (override with a faster one if it matters)."""
        return copy.deepcopy(state)

    def describe(self, state: S) -> str:
        """One or two lines for a text view of the position (used by ``repr(game)``)."""
        return ""
