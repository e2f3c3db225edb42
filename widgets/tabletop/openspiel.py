"""Each game as an OpenSpiel Python game (optional extra: ``pip install "tabletop-arcade[openspiel]"``).

    import pyspiel
    import tabletop.openspiel                      # registers python_tabletop_xevious, _xevoz, _zaxxon
    game = pyspiel.load_game("python_tabletop_zaxxon", {"max_game_length": 400})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)

    tabletop.openspiel.load("xevoz")               # the same, by the kit's game id (params as keywords)
    tabletop.openspiel.load(piggame)               # any game package (or Rules object) of the kit, e.g. a toy

The OpenSpiel game is built over the kit's :class:`~tabletop.engine.rules.Rules` protocol, never re-implemented:
a state holds the rules' own state object and every step calls ``rules.legal_actions`` / ``rules.apply``.

**Chance nodes, exactly.** The rules draw chance through ``Context.draw(kind, options, weights)`` in the middle of
``apply`` (and of ``initial_state``). The adapter applies an action on a copy of the position with a *scripted*
chance that hands back the outcomes chosen so far and, at the first draw it has no outcome for, stops ``apply``
(an exception the rules cannot catch) recording what was asked: the kind, the options and the weights. That
draw is an OpenSpiel chance node whose ``chance_outcomes()`` is that draw's own distribution (uniform over the
options, or weighted; an option listed twice counts twice, as ``Chance.draw`` does). Choosing an outcome replays
``apply`` from the same position with one more scripted outcome, so a step with k draws is k chance nodes followed
by the completed action, the rules seeing exactly what they would have seen from the kit's own dice. A chance
outcome's id is the index of its value in the rules' ``chance_domains[kind]`` (stable across states); a
decision's id is the index of the action in ``rules.legal_actions(state)`` (the rules' own order; the string is
the action's plain words).

**Players and rewards.** OpenSpiel player ``i`` is the kit's seat ``i``. Zero-sum terminal rewards: the winner
+1, every other seat ``-1 / (players - 1)``; a game without a winner (a rules' turn cap, or the adapter's step
cap) 0 each.

**What a player sees.** ``observation_string(p)`` is the rules' ``to_json`` of the position (which shows no
secret: Super Xevious writes a face-down Battle Card as ``"face down"``) plus what only ``p`` may see (``p``'s own
face-down card) and, between chance nodes, the action under way and the outcomes drawn so far.
``information_state_string(p)`` is ``p``'s whole history: every step (setup draws, each action with the outcomes
it drew), with an action that is still face down for ``p`` written as hidden (Super Xevious: the Battle Card a
player turns secretly, xevious.air-battle, until the enemy's card is turned and both are revealed). Everything
the search bot's ``sample_hidden`` redraws is covered: the face-down card; the order of the Super Xevious and
Braglease decks is not part of the position here at all (each draw is a chance node over the cards left).

**Serialisation** goes through the action history: a state pickles as its game parameters and its OpenSpiel
action ids, and unpickling replays them through the rules (``state.serialize()`` / ``game.deserialize_state``,
``pyspiel.serialize_game_and_state``). ``state.to_game()`` gives the kit's own :class:`~tabletop.engine.game.Game`
at the same position (the drawn outcomes rigged), whose ``save()`` replays it exactly.

**Parameters**: ``players`` (the seats; Super Xevious 2 to 4), ``max_game_length`` (a step cap: after that many
decisions the game ends without a winner; OpenSpiel needs a bound, and random Zaxxon games can go on for
thousands of actions), ``variant`` (the variant's options as JSON text, e.g. ``'{"enemy_card":"chance"}'``;
OpenSpiel's game strings separate parameters by commas, so :func:`load` writes options whose JSON holds a comma
as ``b64:`` and the JSON in URL-safe base64, see :func:`variant_text`).
"""

from __future__ import annotations

import base64
import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

try:
    import pyspiel
except ImportError as exc:  # pragma: no cover - the optional extra is missing
    raise ImportError("tabletop.openspiel needs OpenSpiel: pip install \"tabletop-arcade[openspiel]\" "
                      "(open-spiel>=1.5)") from exc

from .engine.actions import Action
from .engine.chance import Draw
from .engine.game import Game, _make_variant
from .engine.rules import Rules, TallyContext
from .games import GAMES

__all__ = ["GAME_SETTINGS", "SHORT_NAMES", "Settings", "TabletopGame", "TabletopState", "load", "register"]

CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


@dataclass(frozen=True)
class Settings:
    """What OpenSpiel must know of a game before it is played: bounds and the seats' secrets.

    ``max_actions``: more than the most legal actions any position lists (a decision's id is its index).
    ``max_draws``: the most chance draws one action (or the setup) makes. ``secret(rules, state)``: the seat whose
    last action is still face down for everyone else in ``state`` (or ``None``); ``private(rules, state, seat)``:
    what only ``seat`` sees of its own secret, as text (``""`` if nothing)."""

    max_actions: int = 64
    max_draws: int = 64
    max_game_length: int = 1000
    min_players: int = 2
    max_players: int = 2
    secret: Callable[[Rules[Any], Any], int | None] | None = None
    private: Callable[[Rules[Any], Any, int], str] | None = None
    hidden_text: str = "(hidden)"


def _xevious_secret(rules: Rules[Any], state: Any) -> int | None:
    pend = state.pend
    if state.phase == "enemy" and pend is not None:
        return int(pend["who"])
    return None


def _xevious_private(rules: Rules[Any], state: Any, seat: int) -> str:
    pend = state.pend
    if state.phase == "enemy" and pend is not None and pend["who"] == seat:
        return f"your Battle Card (face down) points {pend['aim']}"
    return ""


#: the kit's game id -> its OpenSpiel settings (bounds measured on random games with margin; a position past a bound
#: raises a RuntimeError naming it, never a wrong game)
GAME_SETTINGS: dict[str, Settings] = {
    "xevious": Settings(max_actions=64, max_draws=64, max_game_length=1500, min_players=2, max_players=4,
                        secret=_xevious_secret, private=_xevious_private,
                        hidden_text="turns a Battle Card face down"),
    "xevoz": Settings(max_actions=512, max_draws=64, max_game_length=1000),
    "zaxxon": Settings(max_actions=128, max_draws=64, max_game_length=1000),
}
_TITLES = {"xevious": "Super Xevious", "xevoz": "Xevoz Battle Terrain", "zaxxon": "Zaxxon"}
#: the kit's game id -> its OpenSpiel short name
SHORT_NAMES: dict[str, str] = {name: f"python_tabletop_{name}" for name in GAMES}


# ============================================================================================ scripted chance
class _Need(BaseException):  # noqa: N818 - not an error: "apply stopped at a draw it has no outcome for"
    """Raised by the scripted chance at the first draw without an outcome (a BaseException: the rules' own
    ``except Exception`` never swallows it)."""

    def __init__(self, kind: str, options: Sequence[Any] | None, weights: Sequence[float] | None) -> None:
        super().__init__(kind)
        self.kind, self.options, self.weights = kind, options, weights


class _Scripted:
    """A stand-in for :class:`~tabletop.engine.chance.Chance` that returns the outcomes given, in order."""

    __slots__ = ("outcomes", "i", "queues")

    def __init__(self, outcomes: Sequence[tuple[str, Any]]) -> None:
        self.outcomes = outcomes
        self.i = 0
        self.queues: dict[str, Any] = {}

    def draw(self, kind: str, options: Sequence[Any] | None = None, weights: Sequence[float] | None = None) -> Draw:
        i = self.i
        if i < len(self.outcomes):
            k, v = self.outcomes[i]
            if k != kind:
                raise RuntimeError(f"the rules drew {kind!r} where they drew {k!r} before from the same position "
                                   "and outcomes: their apply is not a function of the position and the draws")
            self.i = i + 1
            return Draw(kind, v, False, i + 1)
        raise _Need(kind, options, weights)

    def value(self, kind: str) -> Any:
        return self.draw(kind).value

    def shuffle(self, items: Sequence[Any]) -> list[Any]:
        raise NotImplementedError("rules that shuffle through ctx.shuffle have no OpenSpiel chance nodes here "
                                  "(draw from the deck instead)")

    def next_u64(self) -> int:
        raise NotImplementedError("rules that read raw random numbers have no OpenSpiel chance nodes here")


# ============================================================================================ the game's spec
class _Spec:
    """One game under one set of parameters: the rules object, variant, seats and bounds (shared by every state
    of the game: never copied, and pickled as the parameters that rebuild it)."""

    def __init__(self, short_name: str, make_rules: Callable[[], Rules[Any]], settings: Settings,
                 params: Mapping[str, Any]) -> None:
        self.short_name = short_name
        self.params = dict(params)
        self.rules = rules = make_rules()
        self.settings = settings
        n = int(params.get("players", 2))
        if not settings.min_players <= n <= settings.max_players:
            raise ValueError(f"{rules.title} is played here by {settings.min_players} to {settings.max_players} "
                             f"players, not {n}")
        self.n = n
        default = tuple(rules.default_players)
        self.players = default if len(default) == n else tuple(f"Player {i + 1}" for i in range(n))
        self.variant = _make_variant(rules, variant_options(params.get("variant", "")))
        self.cap = int(params.get("max_game_length", settings.max_game_length))
        if self.cap < 1:
            raise ValueError("max_game_length must be 1 or more")
        self.domains = {k: tuple(v) for k, v in rules.chance_domains.items()}
        self.index = {k: {v: i for i, v in enumerate(vals)} for k, vals in self.domains.items()}
        self.max_outcomes = max((len(v) for v in self.domains.values()), default=1)
        self.scratch: dict[Any, int] = {}

    def context(self, outcomes: Sequence[tuple[str, Any]], player: int | None) -> TallyContext:
        ctx = TallyContext(_Scripted(outcomes), self.players, self.variant, None, player)  # type: ignore[arg-type]
        ctx.tally = self.scratch
        return ctx

    def outcomes(self, need: _Need) -> list[tuple[int, float]]:
        """The OpenSpiel chance outcomes of a draw: (id, probability), ids ascending, zero weights left out."""
        index = self.index.get(need.kind)
        if index is None:
            raise RuntimeError(f"the rules drew chance of kind {need.kind!r}, which is not in chance_domains")
        opts = self.domains[need.kind] if need.options is None else need.options
        weights = need.weights if need.weights is not None else [1.0] * len(opts)
        mass: dict[int, float] = {}
        for v, w in zip(opts, weights, strict=True):
            if w > 0:
                i = index.get(v)
                if i is None:
                    raise RuntimeError(f"the rules drew {v!r} for {need.kind!r}, which chance_domains lacks")
                mass[i] = mass.get(i, 0.0) + float(w)
        total = sum(mass.values())
        if not total:
            raise RuntimeError(f"nothing can come up on the {need.kind} here")
        return [(i, mass[i] / total) for i in sorted(mass)]

    def __deepcopy__(self, memo: Any) -> _Spec:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_spec_for, (self.short_name, self.params))


def variant_text(options: Mapping[str, Any]) -> str:
    """A variant's options as the text of OpenSpiel's ``variant`` parameter: compact JSON, or (when the JSON holds a
    comma, which OpenSpiel's game strings use between parameters) ``b64:`` and its URL-safe base64 unpadded."""
    text = json.dumps(dict(options), sort_keys=True, separators=(",", ":"))
    if "," not in text and "(" not in text and ")" not in text:
        return text
    return "b64:" + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def variant_options(text: Any) -> dict[str, Any]:
    """The options of an OpenSpiel ``variant`` parameter (:func:`variant_text`'s forms; ``""``: the rulebook)."""
    if isinstance(text, Mapping):
        return dict(text)
    text = str(text or "").strip()
    if not text:
        return {}
    if text.startswith("b64:"):
        raw = text[4:]
        text = base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)).decode()
    out = json.loads(text)
    if not isinstance(out, dict):
        raise ValueError("the variant parameter is a JSON object of options (or b64: and its base64)")
    return out


_FACTORIES: dict[str, tuple[Callable[[], Rules[Any]], Settings]] = {}
_SPECS: dict[tuple[str, str], _Spec] = {}


def _spec_for(short_name: str, params: Mapping[str, Any]) -> _Spec:
    key = (short_name, json.dumps(dict(params), sort_keys=True, default=str))
    spec = _SPECS.get(key)
    if spec is None:
        make, settings = _FACTORIES[short_name]
        spec = _SPECS[key] = _Spec(short_name, make, settings, params)
    return spec


# ============================================================================================ a position
_SETUP = object()  # the pending "action" of the setup


class _Track:
    """Everything a state is, in one object OpenSpiel's ``clone`` deep-copies fast (``rules.copy_state``) and
    pickles as the action ids that replay it."""

    __slots__ = ("spec", "s", "pending", "player", "drawn", "need", "chance", "steps", "ids", "decisions", "legal")

    def __init__(self, spec: _Spec) -> None:
        self.spec = spec
        self.s: Any = None  # the rules' state after the last completed step (None before the setup is done)
        self.pending: Any = _SETUP  # the action under way (between its chance nodes), _SETUP, or None
        self.player: int | None = None  # who plays the pending action
        self.drawn: list[tuple[str, Any]] = []  # its outcomes so far
        self.need: _Need | None = None
        self.chance: list[tuple[int, float]] = []
        #: completed steps: (seat or None for the setup, the action or None, its outcomes)
        self.steps: list[tuple[int | None, Action | None, tuple[tuple[str, Any], ...]]] = []
        self.ids: list[int] = []  # every OpenSpiel action id applied, chance included (the serialisation)
        self.decisions = 0
        self.legal: list[Action] | None = None
        self._advance()

    def _advance(self) -> None:
        """Run the pending step with the outcomes drawn so far: either it asks for one more draw (a chance node)
        or it completes (the position moves on)."""
        spec = self.spec
        rules = spec.rules
        ctx = spec.context(self.drawn, self.player)
        try:
            if self.pending is _SETUP:
                work = rules.initial_state(ctx)
            else:
                work = rules.copy_state(self.s)
                rules.apply(work, self.pending, ctx)
        except _Need as need:
            if len(self.drawn) >= spec.settings.max_draws:
                raise RuntimeError(f"{rules.title}: one step drew more than {spec.settings.max_draws} times "
                                   "(raise Settings.max_draws)") from None
            self.need = need
            self.chance = spec.outcomes(need)
            return
        self.steps.append((self.player, None if self.pending is _SETUP else self.pending, tuple(self.drawn)))
        if self.pending is not _SETUP:
            self.decisions += 1
        self.s = work
        self.pending = None
        self.player = None
        self.drawn = []
        self.need = None
        self.chance = []
        self.legal = None

    def legal_actions(self) -> list[Action]:
        if self.legal is None:
            self.legal = list(self.spec.rules.legal_actions(self.s))
            if len(self.legal) > self.spec.settings.max_actions:
                raise RuntimeError(f"{self.spec.rules.title}: a position lists {len(self.legal)} legal actions, more "
                                   f"than the {self.spec.settings.max_actions} this game declared to OpenSpiel")
        return self.legal

    def current(self) -> int:
        if self.pending is not None:
            return CHANCE
        p = self.spec.rules.current_player(self.s)
        if p is None or self.decisions >= self.spec.cap:
            return TERMINAL
        return int(p)

    def apply(self, action: int) -> None:
        action = int(action)
        if self.pending is not None:
            if not any(i == action for i, _ in self.chance):
                raise ValueError(f"chance outcome {action} cannot come up here")
            assert self.need is not None
            kind = self.need.kind
            self.drawn = [*self.drawn, (kind, self.spec.domains[kind][action])]
        else:
            p = self.current()
            if p < 0:
                raise ValueError("the game is over: no action can be applied")
            legal = self.legal_actions()
            if not 0 <= action < len(legal):
                raise ValueError(f"action {action} is not legal here (0 to {len(legal) - 1})")
            self.pending = legal[action]
            self.player = p
            self.drawn = []
        self.ids.append(action)
        self._advance()

    def __deepcopy__(self, memo: Any) -> _Track:
        t = _Track.__new__(_Track)
        t.spec = self.spec
        t.s = self.s if self.s is None else self.spec.rules.copy_state(self.s)
        t.pending, t.player, t.drawn, t.need, t.chance = self.pending, self.player, self.drawn, self.need, self.chance
        t.steps = list(self.steps)
        t.ids = list(self.ids)
        t.decisions = self.decisions
        t.legal = self.legal  # the same position: the same list (never changed in place)
        return t

    def __reduce__(self) -> tuple[Any, ...]:
        return (_replay, (self.spec, list(self.ids)))


def _replay(spec: _Spec, ids: Sequence[int]) -> _Track:
    t = _Track(spec)
    for a in ids:
        t.apply(a)
    return t


# ============================================================================================ OpenSpiel classes
class TabletopState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A position of a tabletop game as an OpenSpiel state (see the module text)."""

    def __init__(self, game: TabletopGame) -> None:
        super().__init__(game)
        self._spec = game.spec
        self._t: _Track | None = None  # made when first read: OpenSpiel's clone makes a state and overwrites it

    @property
    def track(self) -> _Track:
        t = self._t
        if t is None:
            t = self._t = _Track(self._spec)
        return t

    # -- the OpenSpiel API
    def current_player(self) -> int:
        return self.track.current()

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self.track.legal_actions())))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self.track.chance)

    def _apply_action(self, action: int) -> None:
        self.track.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        t = self.track
        if player == CHANCE:
            if t.need is not None:
                return f"{t.need.kind}: {t.spec.domains[t.need.kind][action]}"
            return f"chance outcome {action}"
        if t.pending is None and t.current() >= 0:
            legal = t.legal_actions()
            if 0 <= action < len(legal):
                return str(legal[action])
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self.track.current() == TERMINAL

    def returns(self) -> list[float]:
        t = self.track
        n = t.spec.n
        if t.current() != TERMINAL:
            return [0.0] * n
        w = t.spec.rules.winner(t.s)
        if w is None:
            return [0.0] * n
        lose = -1.0 / (n - 1) if n > 1 else -1.0
        return [1.0 if i == w else lose for i in range(n)]

    def __str__(self) -> str:
        t = self.track
        if t.s is None:
            return f"setup; drawn: {_drawn(t)}"
        text = json.dumps(t.spec.rules.to_json(t.s), sort_keys=True, default=str)
        return text + _pending(t) + f"; decisions {t.decisions}"

    # -- the kit
    @property
    def rules_state(self) -> Any:
        """The rules' own state after the last completed step (read it, never change it)."""
        return self.track.s

    def to_game(self) -> Game[Any]:
        """The kit's :class:`Game` at the last completed step: the same steps, with every outcome drawn here
        rigged (so ``save()`` / ``load`` replay it exactly; chance after it comes from the game's seed 0)."""
        return to_game(self)


def to_game(state: TabletopState, seed: int = 0) -> Game[Any]:
    """The kit's :class:`Game` replaying the completed steps of ``state`` (setup rigs, then per action its drawn
    outcomes rigged before it is played)."""
    t = state.track
    spec = t.spec
    setup = t.steps[0][2] if t.steps else ()
    g = Game(spec.rules, seed=seed, variant=spec.variant, players=spec.players, rig=_group(setup))
    for _p, action, outcomes in t.steps[1:]:
        rig = _group(outcomes)
        if rig:
            g.rig(**rig)
        assert action is not None
        g.play(action)
    return g


def _group(outcomes: Sequence[tuple[str, Any]]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for k, v in outcomes:
        out.setdefault(k, []).append(v)
    return out


def _drawn(t: _Track) -> str:
    return ", ".join(f"{k}={v}" for k, v in t.drawn) or "nothing yet"


def _pending(t: _Track) -> str:
    if t.pending is None:
        return f"; to play: seat {t.current()}" if t.current() >= 0 else "; over"
    what = "setup" if t.pending is _SETUP else f"seat {t.player}: {t.pending}"
    return f"; under way: {what}, drawn: {_drawn(t)}, drawing: {t.need.kind if t.need else '?'}"


class _Observer:
    """OpenSpiel's Python observer: strings only (see the module text)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: TabletopState, player: int) -> None:
        pass

    def string_from(self, state: TabletopState, player: int) -> str:
        t = state.track
        settings = t.spec.settings
        secret = None
        if t.pending is None and settings.secret is not None and t.s is not None:
            secret = settings.secret(t.spec.rules, t.s)
        if self.perfect_recall:
            parts = [f"seat {player}"]
            last = len(t.steps) - 1
            for i, (p, action, drawn) in enumerate(t.steps):
                if i == last and secret is not None and p == secret and player != secret:
                    words = settings.hidden_text
                else:
                    words = "setup" if action is None else str(action)
                seen = ",".join(f"{k}={v}" for k, v in drawn)
                parts.append(("" if p is None else f"{p}:") + words + (f"[{seen}]" if seen else ""))
            if t.pending is not None and t.pending is not _SETUP:
                parts.append(f"{t.player}:{t.pending}[{_drawn(t)}...]")
            elif t.pending is _SETUP:
                parts.append(f"setup[{_drawn(t)}...]")
            return " | ".join(parts)
        if t.s is None:
            return f"seat {player}; setup; drawn: {_drawn(t)}"
        text = json.dumps(t.spec.rules.to_json(t.s), sort_keys=True, default=str)
        mine = settings.private(t.spec.rules, t.s, player) if settings.private is not None else ""
        return f"seat {player}; " + text + (f"; {mine}" if mine else "") + _pending(t)


class TabletopGame(pyspiel.Game):  # type: ignore[misc]
    """A tabletop game as an OpenSpiel game (registered per game: see :func:`register`)."""

    short_name = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.spec = spec = _spec_for(self.short_name, params)
        gtype = _TYPES[self.short_name]
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.settings.max_actions,
            max_chance_outcomes=spec.max_outcomes,
            num_players=spec.n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=spec.cap)
        super().__init__(gtype, info, params)

    def new_initial_state(self) -> TabletopState:
        return TabletopState(self)

    def max_chance_nodes_in_history(self) -> int:
        return int(self.spec.settings.max_draws * (self.spec.cap + 1))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return _Observer(bool(iig_obs_type is not None and iig_obs_type.perfect_recall))


_TYPES: dict[str, Any] = {}
_CLASSES: dict[str, type[TabletopGame]] = {}


def register(rules: Callable[[], Rules[Any]] | Rules[Any] | ModuleType, *, short_name: str | None = None,
             settings: Settings | None = None, long_name: str | None = None) -> str:
    """Register a game of the kit with OpenSpiel (once; again is a no-op) and return its short name.
    ``rules``: a Rules class or factory, a Rules object, or a game package with a ``Rules`` attribute."""
    make: Callable[[], Rules[Any]]
    if isinstance(rules, ModuleType):
        make = rules.Rules
    elif isinstance(rules, Rules):
        obj = rules
        make = lambda: obj  # noqa: E731
    else:
        make = rules
    if short_name is None or settings is None or long_name is None:
        probe = make()
        settings = settings or Settings(min_players=max(2, probe.min_players),
                                        max_players=max(2, min(probe.max_players, 4)))
        short_name = short_name or f"python_tabletop_{probe.name}"
        long_name = long_name or f"Tabletop Arcade: {probe.title}"
    short = short_name
    if short in _TYPES:
        return short
    secret = settings.secret is not None
    gtype = pyspiel.GameType(
        short_name=short,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if secret
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=settings.max_players,
        min_num_players=settings.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": 2, "max_game_length": settings.max_game_length, "variant": ""})
    _FACTORIES[short] = (make, settings)
    _TYPES[short] = gtype
    # one subclass per game, kept here: OpenSpiel's registry holds the class, and a Python object only it held
    # would be freed at exit after the interpreter let go of it (a crash)
    cls = _CLASSES[short] = type(f"TabletopGame_{short}", (TabletopGame,), {"short_name": short})
    if short not in pyspiel.registered_names():
        pyspiel.register_game(gtype, cls)
    return short


def load(game: str | ModuleType | Rules[Any], **params: Any) -> Any:
    """The OpenSpiel game of ``game`` (a kit game id such as ``"zaxxon"``, an OpenSpiel short name, a game package
    or a Rules object), with OpenSpiel parameters ``players``, ``max_game_length``, ``variant``."""
    if isinstance(game, str):
        short = SHORT_NAMES.get(game, game)
    else:
        short = register(game)
    if isinstance(params.get("variant"), Mapping):
        params["variant"] = variant_text(params["variant"])
    return pyspiel.load_game(short, params)


def _rules_of(name: str) -> Callable[[], Rules[Any]]:
    def make() -> Rules[Any]:
        rules: Rules[Any] = importlib.import_module(GAMES[name]).Rules()
        return rules
    return make


for _name, _short in SHORT_NAMES.items():
    register(_rules_of(_name), short_name=_short,
             settings=GAME_SETTINGS[_name], long_name=f"Tabletop Arcade: {_TITLES[_name]}")
