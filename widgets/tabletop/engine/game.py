"""The Game: one object per play-through, the same for every game.

It owns seeded chance, the log, history, undo, fork, save/load and replay; the rules object only knows the
game's rules. ``play`` applies an action to a copy of the state, so a refused action leaves the game exactly as
it was (chance counter and rigged outcomes included).

Input contracts (issue 10):

* ``play`` accepts exactly the actions ``legal_actions()`` lists, by value; fields are checked against the action
  class's annotations first (:func:`~tabletop.engine.actions.check_fields`); anything else is an ``IllegalAction``
  (the rules' own clause when they refuse it, else ``<game>.actions``), never a raw ``TypeError``.
* ``rig`` takes outcomes of the exact type that ``Rules.rig_domain`` (default: ``chance_domains``) allows now;
  ``rigged`` lists the pending ones, ``clear_rigs`` drops them (recorded, so saves replay it); ``undo`` returns to
  the moment before the undone action, so rigs made after it go too.
* ``save`` writes format 2: a digest per deciding field and one over them; ``load`` refuses any edit naming the
  field, and any malformed save, with ``SaveError``. Format-1 saves (no field digests) are refused with a reason.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Generic, NamedTuple, TypeVar, overload

from .actions import Action, ActionCodec, check_fields, encode_action, fast_check
from .chance import Chance, Draw, _new_draw, fresh_seed
from .errors import IllegalAction, RigError, SaveError
from .events import Event
from .rules import Context, Rules, TallyContext
from .variants import Variant

S = TypeVar("S")

SAVE_FORMAT = "tabletop-save"
SAVE_VERSION = 2
#: the fields of a save that decide the game, each with its own digest in ``digests``
SAVE_FIELDS = ("format", "version", "game", "rules_version", "seed", "players", "variant", "setup_rig", "script",
               "rigged", "position")
#: limits on a save's contents (anything larger is refused as malformed)
MAX_SCRIPT = 200_000
MAX_SEED = 2**64


class Turn(NamedTuple):
    """One entry of the history: who did what (``action`` is ``None`` for the setup) and what followed."""

    n: int
    player: int | None
    action: Action | None
    events: tuple[Event, ...]
    draws: tuple[Draw, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "player": self.player,
                "action": encode_action(self.action) if self.action is not None else None,
                "text": str(self.action) if self.action is not None else "setup",
                "events": [e.to_dict() for e in self.events], "draws": [d.to_dict() for d in self.draws]}


#: makes a Turn from its 5-tuple without NamedTuple's Python-level ``__new__``
_new_turn = tuple.__new__


class History:
    """A game's history, kept flat: the events and draws of every turn, in order, in one list each, and per turn
    four entries of ``tape`` (the player, the action, and how long ``events`` and ``draws`` were once its events
    and draws were added). A :class:`Turn` is made the first time it is read and kept (``turns``), so reading
    the history twice gives the same objects.

    Why flat: a game that plays thousands of moves with its history kept would otherwise keep a Turn and a tuple
    of events per move, objects the garbage collector visits in each of its collections (and the more objects a
    game keeps, the more often it makes a full one); here a move adds its events and draws to lists that already
    exist. ``Game.play`` adds a turn itself, as :meth:`add` does."""

    __slots__ = ("tape", "events", "draws", "turns")

    def __init__(self) -> None:
        self.tape: list[Any] = []
        self.events: list[Event] = []
        #: the draws, each a Draw or its four fields as a plain tuple (Context.draw's commonest draw)
        self.draws: list[tuple[str, Any, bool, int]] = []
        #: the Turns made so far (the first ``len(turns)`` turns), in order
        self.turns: list[Turn] = []

    def __len__(self) -> int:
        return len(self.tape) >> 2

    def add(self, player: int | None, action: Action | None, events: Iterable[Event],
            draws: Iterable[tuple[str, Any, bool, int]]) -> None:
        """Record one turn (``action`` is ``None`` for the setup or a set-up position)."""
        self.events += events
        self.draws += draws
        self.tape += (player, action, len(self.events), len(self.draws))

    def turn(self, i: int) -> Turn:
        """Turn ``i`` (0 is the setup), made from the flat lists."""
        tape = self.tape
        j = 4 * i
        ev0, dr0 = (tape[j - 2], tape[j - 1]) if i else (0, 0)
        return _new_turn(Turn, (i, tape[j], tape[j + 1], tuple(self.events[ev0:tape[j + 2]]),
                                self._draws(dr0, tape[j + 3])))

    def _draws(self, start: int, stop: int) -> tuple[Draw, ...]:
        return tuple(d if d.__class__ is Draw else _new_draw(Draw, d) for d in self.draws[start:stop])

    def all_turns(self) -> list[Turn]:
        """Every turn, in order (the list kept in ``turns``: do not change it)."""
        turns = self.turns
        for i in range(len(turns), len(self.tape) >> 2):
            turns.append(self.turn(i))
        return turns

    def last_draws(self) -> tuple[Draw, ...]:
        """The draws of the last turn."""
        tape = self.tape
        return self._draws(tape[-5] if len(tape) > 4 else 0, tape[-1]) if tape else ()

    def truncate(self, n: int) -> None:
        """Keep only the first ``n`` turns."""
        tape = self.tape
        if n >= len(tape) >> 2:
            return
        ev, dr = (tape[4 * n - 2], tape[4 * n - 1]) if n else (0, 0)
        del tape[4 * n:], self.events[ev:], self.draws[dr:], self.turns[n:]

    def copy(self) -> History:
        h = History()
        h.tape, h.events, h.draws, h.turns = self.tape[:], self.events[:], self.draws[:], self.turns[:]
        return h


class FrozenDict(dict[str, Any]):
    """A dict that refuses changes (``game.state`` is a snapshot, not a handle)."""

    def _refuse(self, *a: Any, **k: Any) -> Any:
        raise TypeError("game.state is a read-only snapshot; change the game with game.play(action)")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(json.dumps(self, sort_keys=True, default=str))


def freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return FrozenDict({str(k): freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, set | frozenset):
        return tuple(sorted(freeze(v) for v in value))
    return value


def thaw(value: Any) -> Any:
    """A plain, mutable, JSON-ready copy of a frozen snapshot."""
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [thaw(v) for v in value]
    return value


class _Seat:
    """``Game.current_player``: the seat to act, or ``None`` once the game is over (the rules' answer).

    A driver, a bot and ``play`` itself read it several times a move, so ``play`` keeps the answer it works out
    after a move in the game's ``__dict__``, where a read finds it without a call (this descriptor has no
    ``__set__``, so the game's own entry comes first). Whatever else may change the position drops the entry:
    ``raw_state`` (the way to change a state in place), ``set_up``, ``undo`` and ``fork_at``; then a read asks
    the rules again."""

    @overload
    def __get__(self, game: None, owner: type[Any]) -> _Seat: ...

    @overload
    def __get__(self, game: Game[Any], owner: type[Any] | None = None) -> int | None: ...

    def __get__(self, game: Game[Any] | None, owner: type[Any] | None = None) -> int | None | _Seat:
        if game is None:
            return self
        return game.rules.current_player(game._state)


class Game(Generic[S]):
    """A play-through of one game under one set of rules, seed, variant and players."""

    def __init__(self, rules: Rules[S], *, seed: int | None = None, variant: Variant | Mapping[str, Any] | None = None,
                 players: int | Sequence[str] | None = None, rig: Mapping[str, Any] | None = None,
                 safe: bool = True, log: bool = True) -> None:
        self.rules = rules
        self.seed = fresh_seed() if seed is None else int(seed)
        self.variant = _make_variant(rules, variant)
        self.players = _make_players(rules, players)
        self.safe = safe
        self.keep_log = log
        self.chance = Chance(self.seed, rules.chance_domains)
        self.codec = _codec_for(rules)
        self._action_types = frozenset(rules.action_types)
        self._checks = _checks_for(rules)
        #: id -> action object of this game found well-formed (shared by the games of one rules class)
        self._fine = _FINE.setdefault(type(rules), {})
        self._known = _known_rules(rules)
        #: what was done, in order: an Action (played), or ("rig" | "clear" | "setup", payload)
        self._script: list[Action | tuple[str, Any]] = []
        self.version = 0
        #: outcomes rigged for the setup itself (saved apart: they must be queued before setup on replay)
        if rig is not None and not isinstance(rig, Mapping):
            raise RigError("rig must map each kind of chance to an outcome or a list of outcomes")
        self.setup_rig: dict[str, list[Any]] = _queue_rigs(self.chance, rig or {}, rules, self.variant, None)
        ctx = Context(self.chance, self.players, self.variant, self._known, None)
        self._state: S = rules.initial_state(ctx)
        self._history = History()
        self._history.add(None, None, ctx.events, ctx.draws)
        self._undo: list[tuple[S, tuple[int, dict[str, tuple[Any, ...]]], int, int]] = []
        self._legal_cache: tuple[int, list[Action]] | None = None
        self._legal_set_cache: tuple[int, frozenset[Action]] | None = None
        self._state_cache: tuple[int, Any] | None = None
        #: the Context a simulation game reuses step after step (only for rules with ``reuses_context``)
        self._sim_ctx: Context | None = None
        #: whether ``current_player`` holds the seat ``play`` worked out (see :class:`_Seat`)
        self._seat_kept = False
        #: set to a dict on a simulation game (``safe=False, log=False``) to only count rule firings in it, as
        #: ``{(rule, seat): times}`` (a key may be a :class:`~tabletop.engine.rules.Bundle` of such keys counted
        #: together: ``expand_tally``): no Event is made and ``play`` returns an empty list (the simulator's way)
        self.tally: dict[tuple[str, int | None], int] | None = None

    # -- the protocol ------------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """An immutable, JSON-serialisable snapshot of the position."""
        if self._state_cache is None or self._state_cache[0] != self.version:
            self._state_cache = (self.version, freeze(self.rules.to_json(self._state)))
        return self._state_cache[1]

    @property
    def raw_state(self) -> S:
        """The rules' own state object (read it, never change it: bots and widgets use it for speed; a test or tool
        that changes it in place may: ``current_player`` asks the rules again after it was read)."""
        if self._seat_kept:
            del self.current_player
            self._seat_kept = False
        return self._state

    #: the seat to act, or ``None`` once the game is over
    current_player = _Seat()

    def _drop_seat(self) -> None:
        """Forget the seat ``play`` kept (see :class:`_Seat`): the position may have changed."""
        if self._seat_kept:
            del self.current_player
            self._seat_kept = False

    @property
    def is_over(self) -> bool:
        return self.rules.is_over(self._state)

    @property
    def winner(self) -> int | None:
        return self.rules.winner(self._state)

    def legal_actions(self) -> list[Action]:
        if not self.safe:
            return self.rules.legal_actions(self._state)
        if self._legal_cache is None or self._legal_cache[0] != self.version:
            self._legal_cache = (self.version, list(self.rules.legal_actions(self._state)))
        return list(self._legal_cache[1])

    def decode(self, data: Action | Mapping[str, Any] | str) -> Action:
        """An action from an Action, its dict, or its key (``ValueError`` with a reason if malformed: an unknown
        type, a field of the wrong type, input too large or too deeply nested)."""
        if isinstance(data, Action):
            check_fields(data)
            return data
        try:
            return self.codec.decode(data)
        except ValueError:
            raise
        except Exception as exc:  # noqa: BLE001 - hostile input must end as a reason, never a crash
            raise ValueError(f"an action must be a plain object with a 'type' ({type(exc).__name__})") from None

    def _is_listed(self, act: Action) -> bool:
        """Whether ``act`` is among the legal actions now, by value (a set of the listed values, built once per
        version; ``_admit`` has already looked for the very object the list holds)."""
        cache = self._legal_cache
        if cache is None or cache[0] != self.version:
            self.legal_actions()
            cache = self._legal_cache
        assert cache is not None
        values = self._legal_set_cache
        if values is None or values[0] != self.version:
            values = self._legal_set_cache = (self.version, frozenset(cache[1]))
        try:
            return act in values[1]
        except TypeError:  # an unhashable value in a field typed Any: not a listed action
            return False

    def _admit(self, action: Action | Mapping[str, Any] | str) -> tuple[Action, int]:
        """The checks ``play`` makes before anything changes: a well-formed action of this game, the game not
        over, and (safe games) one of the legal actions listed now. Returns the action and the seat to act."""
        rules = self.rules
        if self.safe:
            cache = self._legal_cache
            if cache is not None and cache[0] == self.version:
                for listed in cache[1]:
                    if listed is action:
                        # the very object the rules listed now (what bots and boards pass back): nothing to check
                        player = rules.current_player(self._state)
                        if player is not None:
                            return listed, player
                        break
        if isinstance(action, Action):
            act = action
            if type(act) not in self._action_types:
                raise IllegalAction(f"{rules.name}.actions",
                                    f"{type(act).__name__} is not an action of {rules.title}")
            try:
                check_fields(act)
            except ValueError as exc:
                raise IllegalAction(f"{rules.name}.actions", str(exc)) from None
        else:
            try:
                act = self.decode(action)
            except ValueError as exc:
                raise IllegalAction(f"{rules.name}.actions", str(exc)) from None
        player = rules.current_player(self._state)
        if player is None:
            raise IllegalAction(f"{rules.name}.game-over", "the game is over; no more actions can be played")
        if self.safe and not self._is_listed(act):
            self._refuse_unlisted(act, player)
        return act, player

    def _refuse_unlisted(self, act: Action, player: int) -> None:
        """Raise the refusal of an action that is not among the legal ones: the rules' own clause and reason
        when the rules refuse it (tried on a copy), else ``<game>.actions``."""
        rules = self.rules
        snap = self.chance.snapshot()
        ctx = Context(self.chance, self.players, self.variant, self._known, player)
        try:
            rules.apply(rules.copy_state(self._state), act, ctx)
        except IllegalAction:
            raise
        except Exception:  # noqa: BLE001 - the rules choked on a move they never list: refuse it plainly
            pass
        finally:
            self.chance.restore(snap)
        try:
            words = str(act)
        except Exception:  # noqa: BLE001 - a game's __str__ that only knows the listed values
            words = act.key
        raise IllegalAction(f"{rules.name}.actions", f"{words} is not among the legal moves now")

    def _fine_fields(self, action: Any) -> Action:
        """``action`` itself if it is an object of one of the game's action classes with every field fine (then
        it is remembered by its identity, see ``play``), else the result of ``_admit``'s checks (which refuse it
        with their reason, or give the action a dict or key stands for)."""
        check = self._checks.get(action.__class__)
        try:
            fine = check is not None and check(action)
        except Exception:  # noqa: BLE001 - a missing or hostile field: _admit says which
            fine = False
        if not fine:
            return self._admit(action)[0]
        act: Action = action
        known = self._fine
        if len(known) >= 4096:  # (rules that make new action objects each time: start afresh)
            known.clear()
        known[id(act)] = act  # the entry keeps the action alive, so its id stays its own
        return act

    def play(self, action: Action | Mapping[str, Any] | str) -> list[Event]:
        """Carry out ``action``; return its events. Raises ``IllegalAction`` and changes nothing if refused.

        Accepted: exactly the actions :meth:`legal_actions` lists (compared by value), given as an Action, its
        dict or its key. Anything else is refused with the rules' own clause and reason when they have one, or
        ``<game>.actions`` (malformed input, a field of the wrong type, a move not listed now). Simulation games
        (``safe=False``) check the fields but not the listing (bots choose from it anyway), each action object the
        first time they see it (actions are frozen: one changed by force after it was played is not seen)."""
        rules = self.rules
        if not self.safe:
            # simulation: no copy, no undo; a refusal here is a bot or engine bug, and the state is not kept.
            # The common case, an action object of this game whose fields are fine, is checked by one generated
            # function, and an object found fine once is known by its identity after that (actions are frozen,
            # and rules list the same objects again and again); anything else takes _admit's path, which refuses
            # it with its reason.
            act = action if self._fine.get(id(action)) is action else self._fine_fields(action)
            player = self.current_player
            if player is None:
                raise IllegalAction(f"{rules.name}.game-over", "the game is over; no more actions can be played")
            ctx = self._sim_ctx
            if ctx is not None and ctx.chance is self.chance:
                # rules that promise never to keep their Context (Rules.reuses_context): one per game
                ctx.player = player
                ctx.events = []
                if ctx.draws:  # (a new list only after an action that drew: the history has copied its draws)
                    ctx.draws = []
            else:
                if self.tally is not None and not self.keep_log:
                    ctx = TallyContext(self.chance, self.players, self.variant, self._known, player)
                    ctx.tally = self.tally
                else:
                    ctx = Context(self.chance, self.players, self.variant, self._known, player)
                if rules.reuses_context:
                    self._sim_ctx = ctx
            try:
                rules.apply(self._state, act, ctx)
            except (IllegalAction, RigError) as exc:
                raise RuntimeError(f"an action was refused on an unsafe (simulation) game, whose state is now "
                                   f"undefined: {exc}") from exc
            self._script.append(act)
            events = ctx.events
            if self.keep_log:
                # History.add, inline (one step of a long game): the events and draws to the flat lists, then the tape
                history = self._history
                done = history.events
                done += events
                draws = ctx.draws
                if draws:
                    history.draws += draws
                history.tape += (player, act, len(done), len(history.draws))
            self.version += 1
            self.current_player = rules.current_player(self._state)  # (see _Seat)
            self._seat_kept = True
            return events
        act, player = self._admit(action)
        ctx = Context(self.chance, self.players, self.variant, self._known, player)
        snap = self.chance.snapshot()
        work = rules.copy_state(self._state)
        try:
            rules.apply(work, act, ctx)
        except BaseException:
            self.chance.restore(snap)
            raise
        self._undo.append((self._state, snap, len(self._script), len(self._history)))
        self._state = work
        self._script.append(act)
        events = ctx.events
        if self.keep_log:
            self._history.add(player, act, events, ctx.draws)
        self.version += 1
        self.current_player = rules.current_player(work)  # (see _Seat)
        self._seat_kept = True
        return events

    def counting_context(self) -> TallyContext:
        """A Context that counts rule firings into ``self.tally`` (set it first), for a driver that applies the
        rules itself on a simulation game (``safe=False, log=False``) whose rules promise ``reuses_context``: the
        simulator's worker, which plays only actions that ``legal_actions`` has just listed, so ``play``'s field
        check is not needed. Before each ``rules.apply(game.raw_state, action, ctx)`` set ``ctx.player`` to the
        seat to act; after it, add one to ``version`` (what ``play`` does; caches such as ``state`` key on it).
        Such a driver keeps no script: ``actions`` and ``save`` do not see its moves."""
        if self.safe or self.keep_log or self.tally is None or not self.rules.reuses_context:
            raise ValueError("counting_context is for simulation games (safe=False, log=False) with a tally, of "
                             "rules that reuse their Context")
        ctx = TallyContext(self.chance, self.players, self.variant, self._known, None)
        ctx.tally = self.tally
        return ctx

    def explain(self, action: Action | Mapping[str, Any] | str) -> IllegalAction | None:
        """Why ``play(action)`` would be refused (the ``IllegalAction`` it would raise), or ``None`` if it would
        be accepted. Changes nothing: the checks run here, and a listed action is tried on a fork. Malformed
        input is explained as a refusal of the game's ``<game>.actions`` clause, like ``play`` does."""
        try:
            self._admit(action)
            probe = self.fork()
            probe.safe = True  # a simulation game explains too: its fork refuses instead of breaking
            probe.play(action)
        except IllegalAction as exc:
            return exc
        except RigError as exc:
            return IllegalAction(f"{self.rules.name}.actions", str(exc))
        return None

    def rig(self, /, **outcomes: Any) -> None:
        """Queue the next chance outcomes: ``game.rig(die=[3, 5], spinner="RED")``.

        A single value or a list per kind; each is used by the next draw of that kind. Every outcome must be one
        the kind can show under this variant now (``Rules.rig_domain``; by default ``chance_domains``), with the
        same type (``True`` and ``3.0`` are not die faces); otherwise :class:`RigError` names the kind and the
        possible outcomes, and nothing is queued. Rigs are recorded in the script, so saves replay them.
        """
        self._rig(outcomes)

    def _rig(self, outcomes: Mapping[str, Any]) -> None:
        if not isinstance(outcomes, Mapping):
            raise RigError("rigs map each kind of chance to an outcome or a list of outcomes")
        norm = _queue_rigs(self.chance, outcomes, self.rules, self.variant, self._state)
        if norm:
            self._script.append(("rig", norm))
            self.version += 1

    def clear_rigs(self, kind: str | None = None) -> None:
        """Drop the pending rigged outcomes of ``kind`` (all kinds if ``None``); recorded in the script, so a
        save replays it. An unknown kind raises :class:`RigError`; clearing nothing changes nothing."""
        if kind is not None and (not isinstance(kind, str) or kind not in self.chance.domains):
            self.chance.check_rig(kind, ())  # raises: no such kind
        pending = self.chance.pending()
        if not pending or (kind is not None and kind not in pending):
            return
        self.chance.clear(kind)
        self._script.append(("clear", kind))
        self.version += 1

    def set_up(self, position: Mapping[str, Any] | str) -> list[Event]:
        """Put the game into the position ``position`` describes (``Rules.set_up``: each game's short form, as a
        mapping or its JSON text); return the set-up events. An impossible position raises ``IllegalAction`` naming
        the rule it breaks and changes nothing. A set-up is recorded in the script like a move: it can be undone,
        and saves load and replay it. ``game.set_up(game.position())`` changes nothing but the history."""
        rules = self.rules
        spec = _position_spec(rules, position)
        snap = self.chance.snapshot()
        ctx = Context(self.chance, self.players, self.variant, self._known, None)
        work = rules.copy_state(self._state)
        try:
            rules.set_up(work, spec, ctx)
        except IllegalAction:
            self.chance.restore(snap)
            raise
        except Exception as exc:  # a description the game's set-up could not read: refused plainly
            self.chance.restore(snap)
            raise IllegalAction(f"{rules.name}.setup", f"the position cannot be set up: {_reason(exc)}") from None
        self._undo.append((self._state, snap, len(self._script), len(self._history)))
        self._state = work
        self._drop_seat()
        self._script.append(("setup", spec))
        if self.keep_log:
            self._history.add(None, None, ctx.events, ctx.draws)
        self.version += 1
        return ctx.events

    def position(self) -> dict[str, Any]:
        """The current position as a description that :meth:`set_up` accepts (a teacher's "copy position")."""
        return self.rules.position(self._state)

    @property
    def rigged(self) -> dict[str, list[Any]]:
        """Outcomes queued by ``rig`` and not yet used, per kind, in the order they will be used."""
        return self.chance.pending()

    def undo(self) -> None:
        """Take back the last action: the game returns exactly to the moment before it was played.

        State, chance counter and pending rigs are as they were then: a rig the action used is pending again,
        and rigs queued (or cleared with :meth:`clear_rigs`) *after* the action are taken back with it, since
        they were made for the position that is being undone. ``save()`` after an undo equals the save of a
        game that never played the action.
        """
        if not self._undo:
            raise IllegalAction(f"{self.rules.name}.undo", "there is nothing to undo"
                                + ("" if self.safe else " (simulation games keep no undo)"))
        state, snap, script_len, hist_len = self._undo.pop()
        self._state = state
        self._drop_seat()
        self.chance.restore(snap)
        del self._script[script_len:]
        self._history.truncate(hist_len)
        self.version += 1

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def history(self) -> tuple[Turn, ...]:
        return tuple(self._history.all_turns())

    @property
    def log(self) -> list[Event]:
        return list(self._history.events)

    @property
    def actions(self) -> list[Action]:
        return [a for a in self._script if isinstance(a, Action)]

    @property
    def last_draws(self) -> tuple[Draw, ...]:
        return self._history.last_draws()

    def fork(self) -> Game[S]:
        """An independent copy from this position (explore a branch; the original is untouched)."""
        g: Game[S] = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g._state = self.rules.copy_state(self._state)
        g.chance = self.chance.copy()
        g._script = list(self._script)
        g._history = self._history.copy()
        g._undo = list(self._undo)
        g._legal_cache = self._legal_cache  # same version, same position: the caches still hold
        g._legal_set_cache = self._legal_set_cache
        g._state_cache = self._state_cache
        g._sim_ctx = None  # the original's Context draws from the original's chance
        return g

    def fork_at(self, state: S, *, chance_counter: int, version: int,
                variant: Variant | Mapping[str, Any] | None = None) -> Game[S]:
        """A fork of this game at an earlier position of it: ``state`` (as ``copy_state`` kept it, copied again
        here), the chance counter and version of then, and optionally another variant (checked as the
        constructor does). For the simulator, which continues a game from a position its watched twin kept
        (``tabletop.sim.core``); the script and history are this game's (a simulation game keeps none)."""
        g = self.fork()
        g._state = self.rules.copy_state(state)
        g._drop_seat()
        g.chance.counter = chance_counter
        g.version = version
        g._legal_cache = g._legal_set_cache = g._state_cache = None
        if variant is not None:
            g.variant = _make_variant(self.rules, variant)
        return g

    # -- save / load ---------------------------------------------------------------------------------------
    def save(self) -> dict[str, Any]:
        """A versioned, JSON-safe record; :meth:`load` replays it into the identical game.

        Every field that decides the game (format, version, game, rules version, seed, players, variant, setup
        rigs, script, pending rigs, and the fingerprint of the position) has its own digest in ``digests``, and
        ``digest`` covers them all, so :meth:`load` refuses any edit and names the field that changed.
        """
        script: list[dict[str, Any]] = []
        for entry in self._script:
            if isinstance(entry, Action):
                script.append({"action": encode_action(entry)})
                continue
            kind, payload = entry
            if kind == "rig":
                script.append({"rig": {k: list(v) for k, v in payload.items()}})
            elif kind == "clear":
                script.append({"clear": payload})
            else:
                script.append({"setup": payload})
        out: dict[str, Any] = {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.rules.name,
            "rules_version": self.rules.rules_version, "seed": self.seed, "players": list(self.players),
            "variant": self.variant.to_dict(), "setup_rig": {k: list(v) for k, v in self.setup_rig.items()},
            "script": script, "rigged": self.rigged, "position": self.digest(),
        }
        digests = {f: _hash(_canon(out[f])) for f in SAVE_FIELDS}
        out["digests"] = digests
        out["digest"] = _hash(_canon(digests))
        return out

    def digest(self) -> str:
        """A short fingerprint of the position (equal positions, equal digests)."""
        raw = json.dumps(self.rules.to_json(self._state), sort_keys=True, default=str)
        return hashlib.sha256(raw.encode()).hexdigest()[:16]

    @classmethod
    def load(cls, rules: Rules[S], data: Mapping[str, Any], *, check: bool = True) -> Game[S]:
        """Replay a save made by :meth:`save` into the identical game, or raise :class:`SaveError` with a plain
        reason: not a save, another format version, a missing or unknown key, a field edited after saving (named),
        a malformed field (wrong type, NaN/Infinity, huge numbers, deep nesting), another game or rules version,
        or a replay that does not reach the saved position and pending rigs.

        ``check=False`` skips the digests and the final comparison (for a save edited on purpose); the fields are
        still checked and replayed strictly.
        """
        data = _save_dict(data)
        _check_keys(data, check)
        canon = _canon_fields(data, check)
        _check_fields(rules, data)
        try:
            variant = _make_variant(rules, data["variant"])
        except Exception as exc:  # noqa: BLE001 - every failure of a save is a SaveError with a reason
            raise _bad("variant", f"cannot be played: {_reason(exc)}") from None
        try:
            players = _make_players(rules, data["players"])
        except Exception as exc:  # noqa: BLE001
            raise _bad("players", f"cannot be played: {_reason(exc)}") from None
        try:
            g = cls(rules, seed=data["seed"], variant=variant, players=players, rig=data["setup_rig"])
        except Exception as exc:  # noqa: BLE001
            raise _bad("setup_rig" if isinstance(exc, RigError) else "seed",
                       f"cannot be played: {_reason(exc)}") from None
        for i, entry in enumerate(data["script"]):
            try:
                g.replay_entry(entry)
            except Exception as exc:  # noqa: BLE001
                raise SaveError(f"the save does not replay: 'script' entry {i}: {_reason(exc)}") from None
        if check:
            if g.digest() != data["position"]:
                raise SaveError("the replayed game differs from the saved one ('position' digest mismatch)")
            if _canon(g.rigged) != canon["rigged"]:
                raise SaveError("the replayed game's pending rigs differ from the save's 'rigged'")
        return g

    def replay_entry(self, entry: Mapping[str, Any]) -> None:
        """Carry out one entry of a save's ``script`` on this game, as :meth:`load` does: ``{"action": ...}``,
        ``{"rig": {...}}``, ``{"clear": kind}`` or ``{"setup": {...}}`` (refused like the call it stands for)."""
        if "rig" in entry:
            self._rig(entry["rig"])
        elif "clear" in entry:
            self.clear_rigs(entry["clear"])
        elif "setup" in entry:
            self.set_up(entry["setup"])
        else:
            self.play(entry["action"])

    # -- conveniences ----------------------------------------------------------------------------------------
    def find(self, text: str) -> Action:
        """The legal action whose plain-words text contains ``text`` (for notebooks: ``game.find("move 3")``)."""
        hits = [a for a in self.legal_actions() if text.lower() in str(a).lower()]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            raise LookupError(f"no legal action matches {text!r}; legal now: "
                              + "; ".join(str(a) for a in self.legal_actions()[:12]))
        exact = [a for a in hits if str(a).lower() == text.lower()]
        if len(exact) == 1:
            return exact[0]
        raise LookupError(f"{len(hits)} legal actions match {text!r}: " + "; ".join(str(a) for a in hits[:12]))

    def __iter__(self) -> Iterator[Turn]:
        return iter(self._history.all_turns())

    def __repr__(self) -> str:
        status = ("over, winner: " + (self.players[self.winner] if self.winner is not None else "none")
                  if self.is_over else f"{self.players[self.current_player or 0]} to play")
        extra = self.rules.describe(self._state)
        return f"<{self.rules.title} game, seed {self.seed}, {len(self._history) - 1} actions, {status}>" + (
            f"\n{extra}" if extra else "")


def _queue_rigs(chance: Chance, outcomes: Mapping[str, Any], rules: Rules[Any], variant: Variant,
                state: Any) -> dict[str, list[Any]]:
    """Check every outcome first (all or nothing), then queue them; returns them as lists."""
    norm: dict[str, list[Any]] = {}
    domains: dict[str, Sequence[Any] | None] = {}
    for kind, vals in outcomes.items():
        seq = list(vals) if isinstance(vals, list | tuple) else [vals]
        chance.check_rig(kind, ())  # the kind exists
        dom = rules.rig_domain(kind, variant, state)
        chance.check_rig(kind, seq, dom)
        norm[kind] = seq
        domains[kind] = dom
    for kind, seq in norm.items():
        chance.rig(kind, seq, domains[kind])
    return norm


def _canon(value: Any) -> str:
    """Canonical JSON (sorted keys, no NaN/Infinity): what the digests of a save are computed on."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False, ensure_ascii=True)


_CANON_ERRORS = (TypeError, ValueError, RecursionError, OverflowError)


def _canon_reason(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    text = str(exc)
    if "Out of range float" in text:
        return "NaN and Infinity are not numbers a save can hold"
    if "Exceeds the limit" in text or isinstance(exc, OverflowError):
        return "a number is too large"
    if "Circular" in text:
        return "it refers to itself"
    return _short(text, 120)


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _short(v: Any, n: int = 40) -> str:
    try:
        r = v if isinstance(v, str) and n > 40 else repr(v)
    except Exception:  # noqa: BLE001 - an int too long to print, a hostile __repr__
        r = f"<{type(v).__name__}>"
    return r if len(r) <= n else r[:n - 3] + "..."


def _reason(exc: BaseException) -> str:
    if isinstance(exc, IllegalAction):
        return f"[{exc.rule}] {_short(exc.reason, 300)}"
    if isinstance(exc, ValueError | SaveError):
        return _short(str(exc), 300)
    return f"{type(exc).__name__}: {_short(str(exc), 300)}"


def _save_dict(data: Any) -> dict[str, Any]:
    """A save as a plain dict of this format and version, or a :class:`SaveError` saying what it is instead."""
    if not isinstance(data, Mapping):
        raise SaveError(f"a save is a JSON object, not {type(data).__name__}")
    try:
        save: dict[str, Any] = dict(data)
    except Exception as exc:  # noqa: BLE001 - a hostile Mapping
        raise SaveError(f"a save is a plain JSON object ({type(exc).__name__})") from None
    if save.get("format") != SAVE_FORMAT:
        raise SaveError("not a Tabletop Arcade save (no 'format': 'tabletop-save')")
    version = save.get("version")
    if type(version) is int and 0 < version < SAVE_VERSION:
        raise SaveError(f"this save has format version {version}, which did not protect its fields with "
                        f"digests; only version {SAVE_VERSION} saves can be loaded (save the game again)")
    if type(version) is not int or version != SAVE_VERSION:
        raise SaveError(f"save format version {_short(version)} is not supported (this is {SAVE_VERSION})")
    return save


def _canon_fields(data: dict[str, Any], check: bool) -> dict[str, Any]:
    """The save's fields in canonical form; with ``check``, each held to its digest and the digests to theirs."""
    canon = {}
    for f in SAVE_FIELDS:
        try:
            canon[f] = _canon(data[f])
        except _CANON_ERRORS as exc:
            raise SaveError(f"the save's {f!r} is not plain JSON ({_canon_reason(exc)})") from None
    if check:
        digests = data["digests"]
        for f in SAVE_FIELDS:
            if _hash(canon[f]) != digests[f]:
                raise SaveError(f"the save's {f!r} was changed after it was saved (its digest does not match)")
        if _hash(_canon({f: digests[f] for f in SAVE_FIELDS})) != data["digest"]:
            raise SaveError("the save's 'digests' were changed after it was saved (the 'digest' does not match)")
    return canon


def _check_keys(data: Mapping[str, Any], check: bool) -> None:
    keys = set(data)
    need = set(SAVE_FIELDS) | ({"digests", "digest"} if check else set())
    missing = [k for k in (*SAVE_FIELDS, "digests", "digest") if k in need and k not in keys]
    if missing:
        raise SaveError(f"the save has no {missing[0]!r}" + (" (a save without its digest is refused)"
                                                              if missing[0].startswith("digest") else ""))
    extra = sorted(str(k)[:40] for k in keys - set(SAVE_FIELDS) - {"digests", "digest"})
    if extra:
        raise SaveError(f"the save has unknown key(s): {', '.join(map(repr, extra[:5]))}")
    if check:
        if type(data["digest"]) is not str:
            raise SaveError("the save's 'digest' must be text")
        digests = data["digests"]
        if not isinstance(digests, dict) or set(digests) != set(SAVE_FIELDS) or not all(
                type(v) is str for v in digests.values()):
            raise SaveError("the save's 'digests' must give one digest (text) for each of: " + ", ".join(SAVE_FIELDS))


def _bad(field: str, what: str) -> SaveError:
    return SaveError(f"the save's {field!r} {what}")


def _check_fields(rules: Rules[Any], data: Mapping[str, Any]) -> None:  # noqa: C901 - one check per field
    """Strict types of every field (after their digests matched, or with ``check=False``)."""
    if data["game"] != rules.name:
        raise SaveError(f"this save is for {_short(data['game'])}, not {rules.name!r}")
    rv = data["rules_version"]
    if type(rv) is not int:
        raise _bad("rules_version", "must be a whole number")
    if rv != rules.rules_version:
        raise SaveError(f"this save was made with rules version {rv}; these are version {rules.rules_version}")
    seed = data["seed"]
    if type(seed) is not int or not -MAX_SEED < seed < MAX_SEED:
        raise _bad("seed", f"must be a whole number below 2**64 either way, not {_short(seed)}")
    players = data["players"]
    if type(players) is not list or not all(type(p) is str and 0 < len(p) <= 200 for p in players):
        raise _bad("players", "must be a list of names (text of 1 to 200 characters)")
    if type(data["variant"]) is not dict or not all(type(k) is str for k in data["variant"]):
        raise _bad("variant", "must be an object of option names and values")
    names = [o.name for o in rules.variant_type.options()]
    missing = [n for n in names if n not in data["variant"]]
    if missing:
        raise _bad("variant", f"has no option {missing[0]!r} (a save lists every option)")
    for field in ("setup_rig", "rigged"):
        _check_rigs(field, data[field])
    script = data["script"]
    if type(script) is not list:
        raise _bad("script", "must be a list")
    if len(script) > MAX_SCRIPT:
        raise _bad("script", f"is longer than {MAX_SCRIPT} entries")
    for i, entry in enumerate(script):
        if type(entry) is not dict or len(entry) != 1 or next(iter(entry)) not in ("rig", "action", "clear", "setup"):
            raise _bad("script", f"entry {i} must be one of {{'action': ...}}, {{'rig': ...}}, {{'clear': ...}}, "
                                 "{'setup': ...}")
        if "setup" in entry:
            if type(entry["setup"]) is not dict:
                raise _bad("script", f"entry {i} must hold a position description (an object)")
            continue
        if "rig" in entry:
            _check_rigs(f"script entry {i} rig", entry["rig"], name=f"'script' entry {i}")
        elif "clear" in entry:
            if entry["clear"] is not None and type(entry["clear"]) is not str:
                raise _bad("script", f"entry {i} must clear a kind of chance (text) or all of them (null)")
        elif type(entry["action"]) is not dict:
            raise _bad("script", f"entry {i} must hold an action object")
    if type(data["position"]) is not str:
        raise _bad("position", "must be text")


#: the most characters a position description may take as JSON (a board is a few kB)
MAX_POSITION = 100_000


def _position_spec(rules: Rules[Any], position: Any) -> dict[str, Any]:
    """A position description as plain JSON data (an object), or ``IllegalAction(<game>.setup)`` saying why not."""
    rule = f"{rules.name}.setup"
    if isinstance(position, str):
        if len(position) > MAX_POSITION:
            raise IllegalAction(rule, f"a position description is at most {MAX_POSITION} characters")
        try:
            position = json.loads(position)
        except (ValueError, RecursionError) as exc:
            raise IllegalAction(rule, f"the position text is not JSON: {_short(str(exc), 80)}") from None
    if not isinstance(position, Mapping):
        raise IllegalAction(rule, f"a position is described by an object of fields, not {type(position).__name__}")
    try:
        text = _canon(dict(position))
    except _CANON_ERRORS as exc:
        raise IllegalAction(rule, f"the position is not plain JSON ({_canon_reason(exc)})") from None
    if len(text) > MAX_POSITION:
        raise IllegalAction(rule, f"a position description is at most {MAX_POSITION} characters")
    out = json.loads(text)
    assert isinstance(out, dict)
    return out


def _check_rigs(field: str, value: Any, name: str | None = None) -> None:
    where = name or repr(field)
    if type(value) is not dict:
        raise SaveError(f"the save's {where} must map kinds of chance to lists of outcomes, not {_short(value)}")
    for k, v in value.items():
        if type(k) is not str or type(v) is not list or not all(
                x is None or type(x) in (str, int, float, bool) for x in v):
            raise SaveError(f"the save's {where} must map kinds of chance to lists of outcomes "
                            f"({_short(k)} does not)")


_CODECS: dict[type, ActionCodec] = {}
_KNOWN: dict[type, frozenset[str] | None] = {}


def _codec_for(rules: Rules[Any]) -> ActionCodec:
    t = type(rules)
    if t not in _CODECS:
        _CODECS[t] = ActionCodec(rules.action_types)
    return _CODECS[t]


_CHECKS: dict[type, dict[type, Callable[[Any], bool]]] = {}
#: per rules class: id -> an action object found well-formed (``Game.play``'s simulation path)
_FINE: dict[type, dict[int, Action]] = {}


def _checks_for(rules: Rules[Any]) -> dict[type, Callable[[Any], bool]]:
    """Per action class of the game, the generated check that all its fields are fine (``play``'s fast path)."""
    t = type(rules)
    if t not in _CHECKS:
        _CHECKS[t] = {cls: fast_check(cls) for cls in rules.action_types}
    return _CHECKS[t]


def _known_rules(rules: Rules[Any]) -> frozenset[str] | None:
    t = type(rules)
    if t not in _KNOWN:
        if rules.catalog_path is None:
            _KNOWN[t] = None
        else:
            from .catalog import load_catalog
            ids = set(load_catalog(rules.catalog_path).ids)
            ids |= {f"{rules.name}.actions", f"{rules.name}.game-over", f"{rules.name}.undo"}
            _KNOWN[t] = frozenset(ids)
    return _KNOWN[t]


def _make_variant(rules: Rules[Any], variant: Variant | Mapping[str, Any] | None) -> Variant:
    vt = rules.variant_type
    if variant is None:
        # the rulebook's options: one object per variant class (frozen, so every game may share it)
        known = _DEFAULT.get(vt)
        v = known if known is not None else _DEFAULT.setdefault(vt, vt())
    elif isinstance(variant, vt):
        v = variant
    elif isinstance(variant, Mapping):
        v = vt.from_dict(variant)
    else:
        raise TypeError(f"variant must be a {vt.__name__}, a dict of its options, or None")
    if _VALID.get(id(v)) is not v:
        v.validate()
        # a Variant is frozen: once valid, always valid (a simulation makes many games with one variant);
        # the entry keeps v alive, so its id is not reused while it is here
        if len(_VALID) >= 64:
            _VALID.clear()
        _VALID[id(v)] = v
    return v


#: id -> Variant already validated (see _make_variant)
_VALID: dict[int, Variant] = {}
#: variant class -> its rulebook options (see _make_variant)
_DEFAULT: dict[type, Variant] = {}


#: number of players -> their default names ("Player 1", ...), made once (a simulation makes a game per seed)
_NUMBERED: dict[int, tuple[str, ...]] = {}


def _numbered(n: int) -> tuple[str, ...]:
    names = tuple(f"Player {i + 1}" for i in range(n))
    if 0 <= n <= 64:
        _NUMBERED[n] = names
    return names


def _make_players(rules: Rules[Any], players: int | Sequence[str] | None) -> tuple[str, ...]:
    if players is None:
        names = tuple(rules.default_players)
    elif isinstance(players, int):
        names = _NUMBERED.get(players) or _numbered(players)
    else:
        names = tuple(str(p) for p in players)
    if not rules.min_players <= len(names) <= rules.max_players:
        span = (str(rules.min_players) if rules.min_players == rules.max_players
                else f"{rules.min_players} to {rules.max_players}")
        raise ValueError(f"{rules.title} is played by {span} players, not {len(names)}")
    return names
