"""The Game: one object per play-through, the same for every game.

It owns seeded chance, the log, history, undo, fork, save/load and replay; the rules object only knows the
game's rules. ``play`` applies an action to a copy of the state, so a refused action leaves the game exactly as
it was (chance counter and rigged outcomes included).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from .actions import Action, ActionCodec, encode_action
from .chance import Chance, Draw, fresh_seed
from .errors import IllegalAction, RigError, SaveError
from .events import Event
from .rules import Context, Rules
from .variants import Variant

S = TypeVar("S")

SAVE_FORMAT = "tabletop-save"
SAVE_VERSION = 1


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
        self._known = _known_rules(rules)
        self._script: list[tuple[str, Any]] = []
        self.version = 0
        #: outcomes rigged for the setup itself (saved apart: they must be queued before setup on replay)
        self.setup_rig: dict[str, list[Any]] = _queue_rigs(self.chance, rig or {})
        ctx = Context(self.chance, self.players, self.variant, self._known, None)
        self._state: S = rules.initial_state(ctx)
        self._history: list[Turn] = [Turn(0, None, None, tuple(ctx.events), tuple(ctx.draws))]
        self._undo: list[tuple[S, tuple[int, dict[str, tuple[Any, ...]]], int, int]] = []
        self._legal_cache: tuple[int, list[Action]] | None = None
        self._state_cache: tuple[int, Any] | None = None

    # -- the protocol ------------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """An immutable, JSON-serialisable snapshot of the position."""
        if self._state_cache is None or self._state_cache[0] != self.version:
            self._state_cache = (self.version, freeze(self.rules.to_json(self._state)))
        return self._state_cache[1]

    @property
    def raw_state(self) -> S:
        """The rules' own state object (read it, never change it: bots and widgets use it for speed)."""
        return self._state

    @property
    def current_player(self) -> int | None:
        return self.rules.current_player(self._state)

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
        """An action from an Action, its dict, or its key (``ValueError`` with a reason if malformed)."""
        if isinstance(data, Action):
            return data
        return self.codec.decode(data)

    def play(self, action: Action | Mapping[str, Any] | str) -> list[Event]:
        """Carry out ``action``; return its events. Raises ``IllegalAction`` and changes nothing if refused."""
        act = action if isinstance(action, Action) else self.codec.decode(action)
        rules = self.rules
        if type(act) not in self._action_types:
            raise IllegalAction(f"{rules.name}.actions", f"{type(act).__name__} is not an action of {rules.title}")
        player = rules.current_player(self._state)
        if player is None:
            raise IllegalAction(f"{rules.name}.game-over", "the game is over; no more actions can be played")
        ctx = Context(self.chance, self.players, self.variant, self._known, player)
        if not self.safe:
            # simulation: no copy, no undo; a refusal here is a bot or engine bug, and the state is not kept
            try:
                rules.apply(self._state, act, ctx)
            except (IllegalAction, RigError) as exc:
                raise RuntimeError(f"an action was refused on an unsafe (simulation) game, whose state is now "
                                   f"undefined: {exc}") from exc
        else:
            snap = self.chance.snapshot()
            work = rules.copy_state(self._state)
            try:
                rules.apply(work, act, ctx)
            except BaseException:
                self.chance.restore(snap)
                raise
            self._undo.append((self._state, snap, len(self._script), len(self._history)))
            self._state = work
        self._script.append(("action", act))
        events = ctx.events
        if self.keep_log:
            self._history.append(Turn(len(self._history), player, act, tuple(events), tuple(ctx.draws)))
        self.version += 1
        return events

    def explain(self, action: Action | Mapping[str, Any] | str) -> IllegalAction | None:
        """Why ``play(action)`` would be refused (the ``IllegalAction`` it would raise), or ``None`` if it would
        be accepted. Changes nothing: the action is tried on a fork. A malformed action is explained as a
        refusal of the game's ``<game>.actions`` clause."""
        try:
            self.fork().play(action)
        except IllegalAction as exc:
            return exc
        except (ValueError, TypeError) as exc:
            return IllegalAction(f"{self.rules.name}.actions", str(exc))
        return None

    def rig(self, **outcomes: Any) -> None:
        """Queue the next chance outcomes: ``game.rig(die=[3, 5], spinner="RED")``.

        A single value or a list per kind; each is used by the next draw of that kind. An outcome the kind can
        never show raises :class:`RigError` and queues nothing.
        """
        norm = _queue_rigs(self.chance, outcomes)
        if norm:
            self._script.append(("rig", norm))
            self.version += 1

    @property
    def rigged(self) -> dict[str, list[Any]]:
        """Outcomes queued by ``rig`` and not yet used."""
        return self.chance.pending()

    def undo(self) -> None:
        """Take back the last action: state, chance and queued rigs return exactly to what they were."""
        if not self._undo:
            raise IllegalAction(f"{self.rules.name}.undo", "there is nothing to undo"
                                + ("" if self.safe else " (simulation games keep no undo)"))
        state, snap, script_len, hist_len = self._undo.pop()
        self._state = state
        self.chance.restore(snap)
        del self._script[script_len:]
        del self._history[hist_len:]
        self.version += 1

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def history(self) -> tuple[Turn, ...]:
        return tuple(self._history)

    @property
    def log(self) -> list[Event]:
        return [e for t in self._history for e in t.events]

    @property
    def actions(self) -> list[Action]:
        return [a for kind, a in self._script if kind == "action"]

    @property
    def last_draws(self) -> tuple[Draw, ...]:
        return self._history[-1].draws if self._history else ()

    def fork(self) -> Game[S]:
        """An independent copy from this position (explore a branch; the original is untouched)."""
        g: Game[S] = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g._state = self.rules.copy_state(self._state)
        g.chance = self.chance.copy()
        g._script = list(self._script)
        g._history = list(self._history)
        g._undo = list(self._undo)
        g._legal_cache = None
        g._state_cache = None
        return g

    # -- save / load ---------------------------------------------------------------------------------------
    def save(self) -> dict[str, Any]:
        """A versioned, JSON-safe record; :meth:`load` replays it into the identical game."""
        script: list[dict[str, Any]] = []
        for kind, payload in self._script:
            script.append({"rig": payload} if kind == "rig" else {"action": encode_action(payload)})
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.rules.name,
            "rules_version": self.rules.rules_version, "seed": self.seed, "players": list(self.players),
            "variant": self.variant.to_dict(), "setup_rig": self.setup_rig, "script": script, "digest": self.digest(),
        }

    def digest(self) -> str:
        """A short fingerprint of the position (equal positions, equal digests)."""
        raw = json.dumps(self.rules.to_json(self._state), sort_keys=True, default=str)
        return hashlib.sha256(raw.encode()).hexdigest()[:16]

    @classmethod
    def load(cls, rules: Rules[S], data: Mapping[str, Any], *, check: bool = True) -> Game[S]:
        if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a Tabletop Arcade save (no 'format': 'tabletop-save')")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"save format version {data.get('version')!r} is not supported (this is {SAVE_VERSION})")
        if data.get("game") != rules.name:
            raise SaveError(f"this save is for {data.get('game')!r}, not {rules.name!r}")
        if data.get("rules_version") != rules.rules_version:
            raise SaveError(f"this save was made with rules version {data.get('rules_version')}; "
                            f"these are version {rules.rules_version}")
        try:
            g = cls(rules, seed=int(data["seed"]), variant=data.get("variant"), players=data.get("players"),
                    rig=data.get("setup_rig"))
            for i, entry in enumerate(data.get("script", [])):
                if "rig" in entry:
                    g.rig(**entry["rig"])
                elif "action" in entry:
                    g.play(entry["action"])
                else:
                    raise SaveError(f"script entry {i} is neither a rig nor an action")
        except (IllegalAction, RigError, ValueError, KeyError, TypeError) as exc:
            if isinstance(exc, SaveError):
                raise
            raise SaveError(f"the save does not replay: {exc}") from exc
        if check and "digest" in data and data["digest"] != g.digest():
            raise SaveError("the replayed game differs from the saved one (digest mismatch)")
        return g

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
        return iter(self._history)

    def __repr__(self) -> str:
        status = ("over, winner: " + (self.players[self.winner] if self.winner is not None else "none")
                  if self.is_over else f"{self.players[self.current_player or 0]} to play")
        extra = self.rules.describe(self._state)
        return f"<{self.rules.title} game, seed {self.seed}, {len(self._history) - 1} actions, {status}>" + (
            f"\n{extra}" if extra else "")


def _queue_rigs(chance: Chance, outcomes: Mapping[str, Any]) -> dict[str, list[Any]]:
    """Check every outcome first (all or nothing), then queue them; returns them as lists."""
    norm: dict[str, list[Any]] = {}
    for kind, vals in outcomes.items():
        seq = list(vals) if isinstance(vals, list | tuple) else [vals]
        chance.check_rig(kind, seq)
        norm[kind] = seq
    for kind, seq in norm.items():
        chance.rig(kind, seq)
    return norm


_CODECS: dict[type, ActionCodec] = {}
_KNOWN: dict[type, frozenset[str] | None] = {}


def _codec_for(rules: Rules[Any]) -> ActionCodec:
    t = type(rules)
    if t not in _CODECS:
        _CODECS[t] = ActionCodec(rules.action_types)
    return _CODECS[t]


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
        v = vt()
    elif isinstance(variant, vt):
        v = variant
    elif isinstance(variant, Mapping):
        v = vt.from_dict(variant)
    else:
        raise TypeError(f"variant must be a {vt.__name__}, a dict of its options, or None")
    v.validate()
    return v


def _make_players(rules: Rules[Any], players: int | Sequence[str] | None) -> tuple[str, ...]:
    if players is None:
        names = tuple(rules.default_players)
    elif isinstance(players, int):
        names = tuple(f"Player {i + 1}" for i in range(players))
    else:
        names = tuple(str(p) for p in players)
    if not rules.min_players <= len(names) <= rules.max_players:
        span = (str(rules.min_players) if rules.min_players == rules.max_players
                else f"{rules.min_players} to {rules.max_players}")
        raise ValueError(f"{rules.title} is played by {span} players, not {len(names)}")
    return names
