"""``BoardWidget``: the anywidget base class every game board builds on.

Python owns the game. The browser only ever sends ``{"type": "act", "id": <action key>, "version": <int>}``
(or ``"undo"`` / ``"bot"``); every message is untrusted and validated here. A malformed, stale or illegal message
sets the ``error`` trait (shown as a banner in the widget, with the clause id) and changes nothing. Every synced
trait is owned by Python: a front-end state update is ignored and reverted (:class:`._messages.PythonOwned`).

Bots reply by themselves after a move made in the browser, one move every ``bot_delay`` (0.6) seconds on the kernel's
event loop (so the reader sees each reply, highlighted through ``last_move``); without a running loop (plain
Python, tests) and after Python API calls they reply at once.

The teacher console (``teacher=True``: rigs, redo, timeline, lines, position editor, teaching positions) lives in
``teacher.py`` (:class:`~tabletop.ui.teacher.TeacherConsole`, a mixin of this class).

See ``tabletop/ui/README.md`` for the full API and the JS conventions.
"""

from __future__ import annotations

import asyncio
import html
import importlib
import json
import pickle
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

import anywidget
import traitlets as t

from ..engine import Action, Bot, Game, IllegalAction, RandomBot, thaw
from ..engine.words import poss
from . import _bundle, links
from ._messages import (
    ITEM_CODECS,
    OptionalDict,
    PythonOwned,
    compress_items,
    json_patch,
    known_index,
    optional_dict,
    sync_message,
    version_problem,
)
from .source import source_message
from .teacher import (  # noqa: F401 - the teacher console's names stay importable from here
    MAX_OUTCOMES,
    MAX_POSITION_TEXT,
    MAX_TIMELINE,
    TEACHER_OPS,
    TeacherConsole,
    _json_key,
)

#: titles of the kit's own refusals (they are not rules of any game, so they live here, not in a catalog)
UI_RULES: dict[str, str] = {
    "ui.message": "Malformed message",
    "ui.stale": "The board had changed",
    "ui.locked": "The board is read-only now",
    "ui.bot": "A bot is moving",
    "ui.game-over": "The game is over",
    "ui.undo": "Nothing to undo here",
    "ui.internal": "The board failed",
    "ui.play-again": "Play again only after the game",
    "ui.teacher": "Teacher panel",
    "ui.rig": "That outcome cannot be rigged now",
    "ui.redo": "Nothing to redo",
    "ui.link": "The page's link was refused",
}

#: the traits every anywidget has (``_dom_classes``, ``layout``, ``tooltip``, ``_esm``, ...): never patched
_PLAIN_TRAITS = frozenset(anywidget.AnyWidget.class_trait_names(sync=True))

MESSAGE_TYPES = ("act", "undo", "bot", "again", "teacher", "link", "sync", "source")
#: what a Play again message may ask for: a fresh seed, or the same seed (the same game again)
AGAIN_SEEDS = ("new", "same")
MAX_ID_LENGTH = 4000

ChangeCallback = Callable[["BoardWidget", str], Any]


class BoardWidget(TeacherConsole, PythonOwned, anywidget.AnyWidget):  # type: ignore[misc, unused-ignore]
    """A live board for one :class:`~tabletop.engine.Game`.

    ``Board(game=None, *, bots=None, seed=None, variant=None, players=None, rig=None, interactive=True,
    auto_bots=True)``: pass a game, or let the board start one with ``game_module.new_game(seed=..., ...)``.
    ``bots`` is ``{seat: Bot or bot name}``, or one Bot/name that plays every seat but the first.
    """

    # -- what a game subclass sets ---------------------------------------------------------------------
    #: the game package (module or dotted name, e.g. "tabletop.zaxxon") used when no game is passed
    game_module: ClassVar[str | ModuleType | None] = None
    #: the game's renderer (declares ``function renderBoard(ctx)``) and its stylesheet
    board_js: ClassVar[str | Path | None] = None
    board_css: ClassVar[str | Path | None] = None
    #: how many of the latest events the widget shows
    max_log: ClassVar[int] = 150
    #: most bot moves played in reply to one message (a safety bound, not a rule)
    bot_limit: ClassVar[int] = 400
    #: seconds between bot moves made in reply to a browser message (0: all at once). Needs a running event
    #: loop (the kernel's); without one (plain Python, unit tests) bots reply synchronously.
    bot_delay: float = 0.6
    #: most actions the "bot's turn" summary lists (the latest ones)
    max_bot_turn: ClassVar[int] = 60
    #: the rules' ``to_json`` writes plain JSON (dicts with text keys, lists, text, numbers, true/false/null: no
    #: tuple, no set): the ``state`` trait is then a copy of it made in C (``pickle``), not the frozen snapshot
    #: thawed (``thaw(game.state)``: two walks in Python). The same value either way (tests/kit check it).
    state_json_plain: ClassVar[bool] = False

    _kit_js: ClassVar[tuple[str, ...]] = ("kit.js", "chance.js", "advice.js", "teacher.js", "source.js")
    _kit_css: ClassVar[tuple[str, ...]] = ("kit.css", "chance.css", "teacher.css", "source.css")
    _entry: ClassVar[str] = "ttRenderBoard"

    # -- synced traits ---------------------------------------------------------------------------------
    title = t.Unicode("").tag(sync=True)
    game_name = t.Unicode("").tag(sync=True)
    #: whether the board reads the page's link (a lesson showing the board reads it instead: ``link_owner``)
    link_reader = t.Bool(True).tag(sync=True)
    state = t.Dict().tag(sync=True)
    legal: t.List[Any] = t.List().tag(sync=True)
    events: t.List[Any] = t.List().tag(sync=True)
    error: OptionalDict = optional_dict()
    version = t.Int(0).tag(sync=True)
    players: t.List[Any] = t.List().tag(sync=True)
    current_player = t.Int(None, allow_none=True).tag(sync=True)
    winner = t.Int(None, allow_none=True).tag(sync=True)
    is_over = t.Bool(False).tag(sync=True)
    last_draws: t.List[Any] = t.List().tag(sync=True)
    rigged = t.Dict().tag(sync=True)
    view_data = t.Dict().tag(sync=True)  # what view() returns (JS: ctx.view)
    clauses = t.Dict().tag(sync=True)
    bot_seats = t.Dict().tag(sync=True)
    can_undo = t.Bool(False).tag(sync=True)
    interactive = t.Bool(True).tag(sync=True)
    notice = t.Unicode("").tag(sync=True)
    #: the latest move of the game: {turn, seat, player, action (words), action_dict, rules, bot} or None
    last_move: OptionalDict = optional_dict()
    #: a bot seat is to move (and not every seat is a bot): the browser gets no legal moves for it
    bot_to_move = t.Bool(False).tag(sync=True)
    #: bot replies are scheduled and not played yet
    bots_pending = t.Bool(False).tag(sync=True)
    #: the bot's latest turn, every action of it: {seat, player, bot, actions: [{turn, action, said (what the log
    #: says of it, up to 3 sentences), rules}], more} or
    #: None (no bot has moved since the game started, or every seat is a bot)
    bot_turn: OptionalDict = optional_dict()
    #: the game's seed (Play again offers "same seed" with it)
    seed = t.Int(0).tag(sync=True)
    #: how many games this board has started with Play again (0 for the first game)
    games_played = t.Int(0).tag(sync=True)
    #: the teacher panel is shown (off by default; Python sets it, the browser cannot)
    teacher = t.Bool(False).tag(sync=True)
    #: what the teacher panel shows ({} while it is off): see ``_teacher_json``
    teacher_data = t.Dict().tag(sync=True)
    #: how many state messages this board has sent the browser (a full state or a patch: see ``send_state``)
    sync_seq = t.Int(0).tag(sync=True)
    #: values the browser gets once, that a patch names by their index instead of sending them (``fixed_values``)
    fixed_values: t.List[Any] = t.List().tag(sync=True)

    def __init__(self, game: Game[Any] | None = None, *, bots: Any = None, seed: int | None = None,
                 variant: Any = None, players: Any = None, rig: Mapping[str, Any] | None = None,
                 interactive: bool = True, auto_bots: bool = True, bot_delay: float | None = None,
                 teacher: bool = False, **kwargs: Any) -> None:
        type(self)._prepare_bundle()
        super().__init__(**kwargs)
        if game is None:
            game = self.make_game(seed=seed, variant=variant, players=players, rig=rig)
        elif seed is not None or variant is not None or players is not None or rig is not None:
            raise TypeError("pass either a game or seed/variant/players/rig to start one, not both")
        if not isinstance(game, Game):
            raise TypeError(f"game must be a tabletop Game, not {type(game).__name__}")
        self._game: Game[Any] = game
        self._bots: dict[int, Bot] = {}
        self._legal_by_id: dict[str, Action] = {}
        self._callbacks: list[ChangeCallback] = []
        self._error_n = 0
        self._paced = False  # True while handling a browser message: bot replies are paced
        self._bot_handle: asyncio.TimerHandle | None = None
        self._bot_gen = 0  # bumped whenever the game changes other than by a paced bot move
        self._bot_done: list[Callable[[], Any]] = []
        self._undo_floor: int | None = None
        self._undo_floor_reason = ""
        self._link_owner: Any = None
        self._link_read = False
        self._init_teacher()  # the teacher console's history, lines and editing session (teacher.py)
        self.teacher = bool(teacher)
        if bot_delay is not None:
            self.bot_delay = float(bot_delay)
        self.auto_bots = auto_bots
        self.helper_bot: Bot = RandomBot(seed=game.seed)
        self.interactive = interactive
        self._set_bots(bots)
        self.on_msg(self._on_msg)
        self._sync(clear_error=True)
        if self.auto_bots:
            self.run_bots()
        self.fixed_values = self.fixed_catalogue()
        self._start_patching()

    # -- what reaches the browser: patches, not whole traits ---------------------------------------------
    #: the browser's copy of each synced trait (what Python last sent it); None: the board sends whole states
    _sent: dict[str, Any] | None = None
    _last_view: dict[str, Any] = {}  # noqa: RUF012 - replaced, never changed in place
    _known: dict[str, int] = {}  # noqa: RUF012 - replaced, never changed in place
    #: a custom message is a patch of the browser's copy (``{"tt": "sync", ...}``: kit.js ``ttApplySync``)
    SYNC_TAG: ClassVar[str] = "sync"

    def _start_patching(self) -> None:
        """From now on a change reaches the browser as one patch message: only what changed (see send_state)."""
        self._sent = dict(self.get_state())
        self._known = known_index(self.fixed_values)

    def send_state(self, key: Any = None) -> None:
        """Send the browser what changed. ``key=None`` (a new page asking for the state, a resync): every trait
        whole, as ipywidgets does. Named traits (after a change): one custom message ``{"tt": "sync", "base": n,
        "seq": n + 1, "p": {trait: patch}}`` holding, for each trait, the patch from the value the browser has
        to the new one (``_messages.json_patch``: the log's new rows, the fields of the state that changed; a
        fixed part such as Zaxxon's hex geometry is never sent again). kit.js applies it to the model only if
        the model is at ``base`` (else it asks for the whole state: ``{"type": "sync", "seq": ...}``), so the
        model's state, what a new view of it reads, stays complete."""
        sent = self._sent
        if sent is None or key is None:
            self._bump_seq()
            super().send_state(None if key is None else [*([key] if isinstance(key, str) else key), "sync_seq"])
            if sent is not None:
                self._start_patching()
            return
        patch: dict[str, Any] = {}
        names = [k for k in ([key] if isinstance(key, str) else list(key)) if k != "sync_seq" and k in self.keys]
        # the widget's own DOM traits (its CSS classes, layout, tooltip: ipywidgets' and anywidget's) go as
        # ipywidgets sends them, so its views apply them as they always do; only the board's traits are patched
        plain = [k for k in names if k in _PLAIN_TRAITS]
        if plain:
            super().send_state(plain)
            names = [k for k in names if k not in _PLAIN_TRAITS]
        if "fixed_values" in names:
            self._known = known_index(self.fixed_values)
        for k, new in self._json_state(names).items():
            codec = ITEM_CODECS.get(k)
            p = json_patch(sent[k], new, self._known, atomic=codec is not None) if k in sent else {"=": new}
            if codec is not None:  # the legal moves, the log: whole items, each new one shortened
                p = compress_items(p, new, codec)
            sent[k] = new
            if p is not None:
                patch[k] = p
        if not patch:
            return
        base = self.sync_seq
        self._bump_seq()
        self.send(sync_message(base, self.sync_seq, patch))  # a long patch goes deflated (tt stays "sync")

    def _json_state(self, names: list[str]) -> dict[str, Any]:
        """The named traits as the browser gets them: the values themselves (a board's traits hold JSON: plain
        dicts, lists, strings, numbers), not ipywidgets' copy of each (``get_state`` rebuilds every dict and list to
        swap widgets for their model ids): a part kept from the last sync (a turn's log rows, ``_event_rows``) is
        the same object in the browser's copy, found kept at once. A trait with its own serializer goes through
        ``get_state``. Trait values are never changed in place (each sync assigns new ones)."""
        out: dict[str, Any] = {}
        other: list[str] = []
        for k in names:
            if self.trait_metadata(k, "to_json") is None:
                out[k] = getattr(self, k)
            else:
                other.append(k)
        if other:
            out.update(self.get_state(other))
        return out

    def _bump_seq(self) -> None:
        # set without a notification (that would send it on its own): it travels inside the message it numbers
        self._trait_values["sync_seq"] = self.sync_seq + 1

    def set_state(self, sync_data: Any) -> None:
        """A front-end update is refused (``PythonOwned``) and the named traits re-sent whole: the browser's copy
        of them is no longer what Python sent."""
        if self._sent is not None and isinstance(sync_data, Mapping):
            for k in sync_data:
                self._sent.pop(k, None)
        super().set_state(sync_data)

    def _resync(self, seq: Any) -> bool:
        """``{"type": "sync", "seq": n}``: a view (just drawn, or one that missed a patch) holds the state of
        message n; unless that is the latest, the whole state is sent again. Never a change of the game."""
        if not isinstance(seq, int) or isinstance(seq, bool):
            return self._refuse("ui.message", "a sync message says which state the page has: 'seq' is a whole "
                                "number")
        if seq != self.sync_seq:
            self.send_state()
        return False

    # -- bundling --------------------------------------------------------------------------------------
    @classmethod
    def _prepare_bundle(cls) -> None:
        """Join the kit JS/CSS with the game's files once per class (every time with TABLETOP_UI_DEV=1)."""
        if "_esm" in cls.__dict__ and not _bundle.DEV:
            return
        js = [*cls._kit_js, *([cls.board_js] if cls.board_js else [])]
        css = [*cls._kit_css, *([cls.board_css] if cls.board_css else [])]
        cls._esm = _bundle.join_js(js, cls._entry)
        cls._css = _bundle.join_css(css)

    # -- the game --------------------------------------------------------------------------------------
    def make_game(self, *, seed: int | None, variant: Any, players: Any,
                  rig: Mapping[str, Any] | None) -> Game[Any]:
        """A new game from ``game_module.new_game`` (override for a game without a package)."""
        mod = self.game_module
        if mod is None:
            raise TypeError(f"{type(self).__name__} has no game_module; pass game=...")
        if isinstance(mod, str):
            mod = importlib.import_module(mod)
        game: Game[Any] = mod.new_game(seed=seed, variant=variant, players=players, rig=rig)
        return game

    @property
    def game(self) -> Game[Any]:
        """The game shown. Setting it shows another game (bots are kept, no bot moves are made)."""
        return self._game

    @game.setter
    def game(self, game: Game[Any]) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"game must be a tabletop Game, not {type(game).__name__}")
        self._show(game, reset_lines=True)

    def _show(self, game: Game[Any], *, reset_lines: bool, what: str = "game") -> None:
        """Show ``game`` (no bot moves, error cleared); a new game (not a switch between the teacher's lines)
        forgets redo and the branches. Observers hear ``what``."""
        self._cancel_bots()
        self._game = game
        self._undo_floor = None
        self._edit_mark = None
        if reset_lines:
            self._reset_lines()
        self._sync(clear_error=True)
        self._changed(what)

    @property
    def bots(self) -> dict[int, Bot]:
        """Seat -> bot. Assign ``{1: RandomBot()}`` (or bot names from the game's ``BOTS``) to change them."""
        return dict(self._bots)

    @bots.setter
    def bots(self, bots: Any) -> None:
        self._cancel_bots()
        self._set_bots(bots)
        self._sync(clear_error=False)

    def _set_bots(self, bots: Any) -> None:
        n = len(self._game.players)
        if bots is None:
            seats: dict[int, Any] = {}
        elif isinstance(bots, Mapping):
            seats = dict(bots)
        else:
            seats = {i: bots for i in range(1, n)}
        out: dict[int, Bot] = {}
        for seat, bot in seats.items():
            if not isinstance(seat, int) or not 0 <= seat < n:
                raise ValueError(f"bot seat {seat!r} is not a seat of this game (seats 0 to {n - 1})")
            out[seat] = self._make_bot(bot, seat)
        self._bots = out

    def _make_bot(self, bot: Any, seat: int) -> Bot:
        if isinstance(bot, Bot):
            return bot
        if isinstance(bot, type) and issubclass(bot, Bot):
            return bot(seed=self._game.seed + seat)
        if isinstance(bot, str):
            return bot_by_name(self._bot_table(), bot, seat, self._game.seed + seat)
        raise TypeError(f"bots (seat {seat}): a bot must be a Bot, a Bot class or a bot name, not "
                        f"{type(bot).__name__}")

    def _bot_table(self) -> dict[str, type[Bot]]:
        mod = self.game_module
        if isinstance(mod, str):
            mod = importlib.import_module(mod)
        table: dict[str, type[Bot]] = {"random": RandomBot}
        if mod is not None:
            table.update(getattr(mod, "BOTS", {}))
        return table

    # -- Python API ------------------------------------------------------------------------------------
    def play(self, action: Action | Mapping[str, Any] | str) -> list[Any]:
        """Play an action (an Action, its dict, its key, or words matching one legal action), then let bots
        reply. A refusal raises ``IllegalAction`` and is also shown in the widget; nothing changes."""
        if isinstance(action, str) and not action.lstrip().startswith("{"):
            action = self._game.find(action)
        events = self._change("act", self._game.play, action)
        if self.auto_bots:
            self.run_bots(paced=self._paced)
        return events

    def play_again(self, *, same_seed: bool = False) -> Game[Any]:
        """Start a new game with the same rules, variant, players and bots (``same_seed=True``: the same seed and
        setup rigs, so the same game again; else a fresh seed). Bots are reseeded from the new game's seed (as
        when a board makes them) and, with ``auto_bots``, a bot seat that is to move first moves."""
        old = self._game
        seed = old.seed if same_seed else None
        rig = {k: list(v) for k, v in old.setup_rig.items()} if same_seed and old.setup_rig else None
        game: Game[Any] = Game(old.rules, seed=seed, variant=old.variant, players=list(old.players), rig=rig)
        for seat, bot in self._bots.items():
            bot.reseed(game.seed + seat)
        self.helper_bot = RandomBot(seed=game.seed)
        self.games_played = self.games_played + 1
        self.game = game  # cancels pending bot replies, clears the undo floor and the error, syncs
        if self.auto_bots:
            self.run_bots(paced=self._paced)
        return game

    def rig(self, **outcomes: Any) -> None:
        """Queue chance outcomes (``board.rig(die=[3, 5])``); the widget shows them as pending rigs."""
        turn = len(self._game.history) - 1
        self._game.rig(**outcomes)
        self._diverge(turn)
        self._sync(clear_error=False)
        self._changed("rig")

    def clear_rigs(self, kind: str | None = None) -> None:
        """Drop the pending rigs of ``kind`` (all kinds if ``None``); the header stops showing them."""
        turn = len(self._game.history) - 1
        before = self._game.version
        self._game.clear_rigs(kind)
        if self._game.version != before:
            self._diverge(turn)
        self._sync(clear_error=False)
        self._changed("rig")

    def set_up(self, position: Mapping[str, Any] | str) -> list[Any]:
        """Put the game into a position (``Game.set_up``: a description or its JSON text, e.g. what the teacher
        panel's "copy position" gives). A refusal raises ``IllegalAction`` (the rule the position breaks) and is
        shown in the widget; nothing changes. Like a move, it can be undone; bots do not reply."""
        return self._change("setup", self._game.set_up, position)

    def _change(self, kind: str, step: Callable[[Any], list[Any]], arg: Any) -> list[Any]:
        """Carry out a move or a set-up on the game (``step(arg)``): a refusal is shown and re-raised, nothing
        changes; else branches diverge here, pending bot replies stop, the widget syncs and observers hear
        ``kind``."""
        turn = len(self._game.history) - 1
        try:
            events = step(arg)
        except IllegalAction as exc:
            self._set_error(exc.rule, exc.reason)
            raise
        self._diverge(turn)
        self._cancel_bots()
        self._sync(clear_error=True)
        self._changed(kind)
        return events

    def undo(self) -> None:
        """Take back the last move made at the board, with the bot replies that followed it.

        Never below the undo floor (see :meth:`set_undo_floor`): there it raises ``IllegalAction("ui.undo")``.
        """
        problem = self.undo_problem()
        if problem:
            raise IllegalAction("ui.undo", problem)
        self._cancel_bots()
        g = self._game
        if self.teacher and self._tip is None:
            self._tip = g.fork()  # redo replays toward it
        g.undo()
        while (g.can_undo and g.current_player in self._bots and len(self._bots) < len(g.players)
               and not self._at_floor()):
            g.undo()
        self._sync(clear_error=True)
        self._changed("undo")

    def set_undo_floor(self, reason: str, *, after_bots: bool = True) -> None:
        """Undo stops here: the current position (or, with ``after_bots``, the one after the bot replies now
        scheduled) is the earliest one ``undo`` returns to; below it undo is refused with ``reason``."""
        self._undo_floor_reason = reason

        def set_floor() -> None:
            self._undo_floor = len(self._game.history)
            self._sync(clear_error=False)

        if after_bots and self._bot_handle is not None:
            self._bot_done.append(set_floor)
        else:
            set_floor()

    def clear_undo_floor(self) -> None:
        self._undo_floor = None
        self._sync(clear_error=False)

    def _at_floor(self) -> bool:
        return self._undo_floor is not None and len(self._game.history) <= self._undo_floor

    def undo_problem(self) -> str | None:
        """Why ``undo`` cannot go back now (``None``: it can)."""
        if self._at_floor():
            return self._undo_floor_reason or "this is the earliest position of this board"
        if not self._game.can_undo:
            return "there is nothing to undo"
        return None

    def bot_move(self) -> Action:
        """Let the bot of the seat to play (or a random helper bot) make one move; then bot seats reply."""
        g = self._game
        seat = g.current_player
        if seat is None:
            raise IllegalAction(f"{g.rules.name}.game-over", "the game is over; no bot can move")
        bot = self._bots.get(seat, self.helper_bot)
        act = bot.choose(g, g.legal_actions())
        self._cancel_bots()
        turn = len(g.history) - 1
        g.play(act)
        self._diverge(turn)
        self._sync(clear_error=True)
        self._changed("bot")
        if self.auto_bots:
            self.run_bots(paced=self._paced)
        return act

    def _bots_play(self) -> bool:
        """Bot seats play (only when some seat is human)."""
        return bool(self._bots) and len(self._bots) < len(self._game.players)

    def _bot_seat_to_move(self) -> int | None:
        g = self._game
        seat = g.current_player
        if seat is None or seat not in self._bots or not self._bots_play():
            return None
        return seat

    def run_bots(self, *, paced: bool = False) -> int:
        """Let bots play while it is a bot seat's turn (not when every seat is a bot: use ``bot_move``).

        ``paced=True`` (replies to a browser message): one move every ``bot_delay`` seconds on the running
        event loop, each shown and highlighted (``last_move``); returns 0 then. Without a running loop, or
        with ``bot_delay`` 0, all replies are played now; returns how many.
        """
        self._cancel_bots(run_done=False)
        if self._bot_seat_to_move() is None:
            self._finish_bots()
            return 0
        loop = _running_loop() if paced and self.bot_delay > 0 else None
        if loop is not None:
            self._schedule_bot(loop, self._bot_gen, 0)
            return 0
        steps = 0
        while steps < self.bot_limit and self._bot_step():
            steps += 1
        if steps:
            self._sync(clear_error=False)
            self._changed("bot")
        self._finish_bots()
        return steps

    def _bot_step(self) -> bool:
        """One bot move of the bot seat to move (no sync). False when no bot can move."""
        g = self._game
        seat = self._bot_seat_to_move()
        if seat is None:
            return False
        legal = g.legal_actions()
        if not legal:
            return False
        act = self._bots[seat].choose(g, legal)
        try:
            g.play(act)
        except IllegalAction as exc:
            self._set_error(exc.rule, f"the bot of {g.players[seat]} chose a refused move ({act}): "
                            f"{exc.reason}")
            return False
        return True

    def _schedule_bot(self, loop: asyncio.AbstractEventLoop, gen: int, steps: int) -> None:
        self._bot_handle = loop.call_later(self.bot_delay, self._paced_bot, loop, gen, steps)
        if not self.bots_pending:
            self.bots_pending = True

    def _paced_bot(self, loop: asyncio.AbstractEventLoop, gen: int, steps: int) -> None:
        self._bot_handle = None
        if gen != self._bot_gen:
            return
        try:
            moved = self._bot_step()
            more = moved and steps + 1 < self.bot_limit and self._bot_seat_to_move() is not None
            if moved:
                # the last reply and what waits for it (the hand-over's undo floor) reach the browser together,
                # in one message: the board never looks settled between the two
                with self.hold_sync():
                    if not more:
                        self._finish_bots()
                    self._sync(clear_error=False)
                self._changed("bot")
            if more:
                self._schedule_bot(loop, gen, steps + 1)
                return
            self._finish_bots()
        except Exception as exc:  # a callback on the kernel's loop must never raise
            self.log.exception("tabletop board: bot move failed")
            self._finish_bots()
            self._set_error("ui.internal", f"{type(exc).__name__}: {exc}")

    def _finish_bots(self) -> None:
        done, self._bot_done = self._bot_done, []
        if self.bots_pending:
            self.bots_pending = False
        for fn in done:
            fn()

    def _cancel_bots(self, *, run_done: bool = True) -> None:
        """Forget scheduled bot replies (the game changed under them)."""
        self._bot_gen += 1
        if self._bot_handle is not None:
            self._bot_handle.cancel()
            self._bot_handle = None
            if run_done:
                self._finish_bots()
            elif self.bots_pending:
                self.bots_pending = False

    def on_change(self, callback: ChangeCallback, *, remove: bool = False) -> None:
        """Call ``callback(board, what)`` after every change: what is "act", "undo", "bot", "rig", "game",
        "redo" or "setup"."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def refresh(self) -> None:
        """Re-send everything (after changing the game behind the board's back)."""
        self._sync(clear_error=False)

    # -- what subclasses may override -------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """Extra JSON the game's renderer needs (board geometry, labels...). Called on every sync."""
        return {}

    def fixed_catalogue(self) -> list[Any]:
        """Values the browser gets once, when the board is made (the ``fixed_values`` trait): a part of a later
        state or view that is one of them, as JSON, is sent as its index (``{"f": i}``), not again (e.g. a figure's
        whole part tree when a player picks it, a stage panel when the game moves to it). Called once."""
        return []

    def legal_entry(self, action: Action) -> dict[str, Any]:
        """How one legal action is sent to the browser: ``{id, text, type, **fields}``."""
        entry = action.to_dict()
        entry.pop("type", None)
        entry.update(id=action.key, text=str(action), type=type(action).__name__)
        return entry

    def static_svg(self) -> str | None:
        """An SVG picture of the board for pages without a kernel (``None``: the kit shows a text summary)."""
        return None

    # -- the browser's messages (untrusted) ---------------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.handle_message(content)
        except Exception as exc:  # the browser must always get an answer
            self.log.exception("tabletop board: message failed")
            self._set_error("ui.internal", f"{type(exc).__name__}: {exc}")

    def handle_message(self, content: Any) -> bool:
        """Validate and carry out one message from the browser. Returns True if the game changed.

        Bot replies to it are paced (``bot_delay``) when an event loop is running."""
        self._paced = True
        try:
            return self._handle(content)
        finally:
            self._paced = False

    def _handle(self, content: Any) -> bool:
        if not isinstance(content, Mapping):
            return self._refuse("ui.message", "a message must be an object with a 'type'")
        kind = content.get("type")
        if kind not in MESSAGE_TYPES:
            shown = repr(kind)[:40]
            return self._refuse("ui.message", f"unknown message type {shown}; expected one of "
                                + ", ".join(MESSAGE_TYPES))
        if kind in ("link", "sync", "source"):  # messages no version guards: they make no move
            return self._unversioned(kind, content)
        stale = version_problem(content, self.version, "board")
        if stale:
            return self._refuse(*stale)
        if not self.interactive:
            return self._refuse("ui.locked", self.notice or "this board is read-only right now")
        g = self._game
        if self._bot_handle is not None and g.current_player is not None:
            return self._refuse("ui.bot", self._bot_moving_text(g.current_player))
        if kind == "teacher":
            return self._teacher_message(content)
        if kind == "again":
            return self._again(content.get("seed"))
        if kind == "undo":
            problem = self.undo_problem()
            if problem:
                return self._refuse("ui.undo", problem)
            self.undo()
            return True
        if g.current_player is None:
            return self._refuse("ui.game-over", "the game is over; press Play again for a new game")
        if kind == "bot":
            try:
                self.bot_move()
            except IllegalAction as exc:
                return self._refuse(exc.rule, f"the bot chose a refused move: {exc.reason}")
            return True
        return self._act(content.get("id"))

    def _unversioned(self, kind: str, content: Mapping[str, Any]) -> bool:
        """The page's link (sent once, when the board is first drawn: before any version can matter), a view's
        request for the whole state (its copy is behind), and a rule's code (tabletop.ui.source: reading it
        changes nothing, so it is never refused, not even on a locked board)."""
        if kind == "link":
            return self._open_link(content.get("fragment"))
        if kind == "sync":
            return self._resync(content.get("seq"))
        self.send(source_message(self._game.rules, content.get("rule"), self.clauses or None))
        return False

    def _open_link(self, text: Any) -> bool:
        """The page's link (``#tt-game=...&tt-position=...``: :mod:`tabletop.ui.links`), read once per board: a
        link for this game's board sets its position up. A bad link, or a position the rules refuse, is shown with
        the field or the rule it breaks, and the board stays as it opened; nothing is raised."""
        if self._link_read or self.link_owner is not None:
            return False
        self._link_read = True
        try:
            link = links.parse(text)
        except links.LinkError as exc:
            return self._refuse("ui.link", f"{exc.field}: {exc.reason}; the board opens as it was")
        if link is None or link.game != self._game.rules.name or link.position is None:
            return False  # no link, or one for another game's board on the page
        try:
            self.set_up(link.position)
        except IllegalAction as exc:
            return self._refuse(exc.rule, f"the link's position is refused: {exc.reason}; the board opens as it was")
        return True

    @property
    def link_owner(self) -> Any:
        """A lesson showing this board reads the page's link itself (a step); the board then ignores it."""
        return self._link_owner

    @link_owner.setter
    def link_owner(self, owner: Any) -> None:
        self._link_owner = owner
        self.link_reader = owner is None

    def link(self, base: str = "") -> str:
        """A link to this board at its position (the teacher panel's **Copy link**): ``base`` (the page's address)
        with the fragment :mod:`tabletop.ui.links` reads; only the fragment when ``base`` is empty."""
        link = links.Link(self._game.rules.name, None, self._game.position())
        return links.share_url(base, link) if base else link.fragment()

    def _again(self, seed: Any) -> bool:
        if seed not in AGAIN_SEEDS:
            return self._refuse("ui.message", "a Play again message says which seed: 'seed' is 'new' or 'same'")
        if not self._game.is_over:
            return self._refuse("ui.play-again", "the game is not over yet; Play again appears when it ends")
        self.play_again(same_seed=seed == "same")
        return True

    def _act(self, action_id: Any) -> bool:
        g = self._game
        if not isinstance(action_id, str) or not action_id:
            return self._refuse("ui.message", "the message names no action (its 'id' must be an action key)")
        if len(action_id) > MAX_ID_LENGTH:
            return self._refuse("ui.message", f"the action id is too long ({len(action_id)} characters)")
        bot_seat = self._bot_seat_to_move()
        if bot_seat is not None:
            return self._refuse("ui.bot", self._bot_moving_text(bot_seat))
        action = self._legal_by_id.get(action_id)
        if action is None:
            try:
                action = g.decode(action_id)
            except ValueError as exc:
                return self._refuse("ui.message", f"not an action of {g.rules.title}: {exc}")
            same = self._legal_by_id.get(action.key)  # e.g. a key written with other spacing or key order
            if same is not None:
                return self._play_clicked(same)
            why = g.explain(action)  # the refusal play would raise (the rules' clause, else <game>.actions)
            if why is not None:
                return self._refuse(why.rule, why.reason)
        return self._play_clicked(action)

    def _play_clicked(self, action: Action) -> bool:
        try:
            self.play(action)
        except IllegalAction as exc:  # legal_actions offered it but the rules refused: show it
            self._set_error(exc.rule, exc.reason)
            return False
        return True

    # -- syncing ---------------------------------------------------------------------------------------
    def _refuse(self, rule: str, reason: str) -> bool:
        self._set_error(rule, reason)
        return False

    def _bot_moving_text(self, seat: int) -> str:
        name = self._game.players[seat]
        if self.auto_bots or self._bot_handle is not None:
            bot = self._bots.get(seat)
            if bot is not None and bot_label(bot).startswith("mcts"):
                return (f"{poss(name, start=True)} search bot ({bot_label(bot)}) is thinking… wait for its move, "
                        "then it is your turn")
            return f"{poss(name, start=True)} bot is moving… wait for it, then it is your turn"
        return f"it is {poss(name)} turn and a bot plays that seat; press Bot move (B)"

    def _set_error(self, rule: str, reason: str) -> None:
        self._error_n += 1
        self.error = {"rule": rule, "reason": reason, "title": self._clause_title(rule), "n": self._error_n}

    def show_refusal(self, rule: str, reason: str, *, demo: bool = True) -> None:
        """Show a refusal on the board, with its clause ``rule`` and ``reason``. ``demo=True``: a refusal a lesson
        step demonstrates on purpose (``Step.refuse``): the board shows it as part of the narration ("The rules
        refuse it", calm colours, announced politely), not as the red "Not allowed" box of a refused click.
        ``demo=False``: shown like the refusal of a click. Nothing in the game changes; the next move clears it."""
        if not isinstance(rule, str) or not rule or not isinstance(reason, str):
            raise TypeError("show_refusal needs a rule id and a reason (strings)")
        self._error_n += 1
        self.error = {"rule": rule, "reason": reason, "title": self._clause_title(rule), "n": self._error_n,
                      "demo": bool(demo)}

    def clear_error(self) -> None:
        self.error = None

    def _clause_title(self, rule: str) -> str:
        if rule in UI_RULES:
            return UI_RULES[rule]
        entry = self.clauses.get(rule)
        return str(entry["title"]) if entry else ""

    def _clause_table(self) -> dict[str, dict[str, str]]:
        rules = self._game.rules
        out: dict[str, dict[str, str]] = {}
        if rules.catalog_path is not None:
            from ..engine import load_catalog

            for c in load_catalog(rules.catalog_path).clauses:
                out[c.id] = {"title": c.title, "says": c.says, "where": c.where,
                             "reconstruction": c.reconstruction}
        name = rules.name
        out.setdefault(f"{name}.game-over", {"title": "The game is over", "says": "", "where": "",
                                             "reconstruction": ""})
        out.setdefault(f"{name}.undo", {"title": "Undo", "says": "", "where": "", "reconstruction": ""})
        out.setdefault(f"{name}.actions", {"title": "Not an action of this game", "says": "", "where": "",
                                           "reconstruction": ""})
        return out

    #: each turn's log rows, by the turn (``Turn`` is immutable): a move builds only its own rows, and the rows the
    #: browser has are the same objects, so the patch finds them kept at once (``_messages._same``). Rows are never
    #: changed in place (a subclass hiding a move replaces its row).
    _turn_rows: dict[int, tuple[Any, list[dict[str, Any]]]] = {}  # noqa: RUF012 - replaced, never changed in place

    def _event_rows(self) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = []
        cache = self._turn_rows
        kept: dict[int, tuple[Any, list[dict[str, Any]]]] = {}
        for turn in reversed(self._game.history):
            hit = cache.get(id(turn))
            if hit is None or hit[0] is not turn:
                hit = (turn, _turn_rows(turn))
            kept[id(turn)] = hit
            its = hit[1]
            need = self.max_log - len(rows)
            rows.extend(reversed(its[-need:] if need < len(its) else its))  # the newest rows of the oldest turn shown
            if len(rows) >= self.max_log:
                break
        self._turn_rows = kept
        rows.reverse()
        return rows

    def _last_move(self, rows: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The latest move, in the words the log shows (``rows`` from ``_event_rows``: a subclass that hides a
        secret move there, e.g. a face-down card, hides it here too: then no ``action_dict`` is sent)."""
        g = self._game
        if not g.history:
            return None
        turn = g.history[-1]
        if turn.action is None:
            return None
        seat = turn.player
        shown = next((r["action"] for r in rows if r.get("turn") == turn.n), None)
        words = str(turn.action)
        public = shown is None or shown == words
        return {"turn": turn.n, "seat": seat,
                "player": g.players[seat] if seat is not None and 0 <= seat < len(g.players) else "",
                "action": words if shown is None else str(shown),
                "action_dict": turn.action.to_dict() if public else None,
                "rules": list(dict.fromkeys(e.rule for e in turn.events)),
                "bot": seat in self._bots and self._bots_play()}

    def _bot_turn(self, rows: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The latest run of consecutive bot moves (the bot's turn: all the actions one human move set off), in
        the words the log shows (``rows``: a move the log hides stays hidden); ``None`` when no bot moved."""
        if not self._bots_play():
            return None
        g = self._game
        shown = {r["turn"]: r["action"] for r in rows}
        said: dict[int, list[str]] = {}
        for r in rows:
            if r.get("rule"):
                said.setdefault(r["turn"], []).append(str(r["text"]))
        hist = g.history
        i = len(hist) - 1
        while i > 0 and hist[i].action is not None and hist[i].player not in self._bots:
            i -= 1  # the human's moves after the bot's turn
        seat = hist[i].player if i > 0 else None
        actions: list[dict[str, Any]] = []
        while (i > 0 and hist[i].action is not None and hist[i].player == seat and seat in self._bots
               and hist[i].n in shown):
            turn = hist[i]
            actions.append({"turn": turn.n, "action": str(shown[turn.n]), "said": said.get(turn.n, [])[:3],
                            "rules": list(dict.fromkeys(e.rule for e in turn.events))})
            i -= 1
        if not actions or seat is None:
            return None
        actions.reverse()
        more = max(0, len(actions) - self.max_bot_turn)
        bot = self._bots[seat]
        return {"seat": seat, "player": g.players[seat], "bot": bot_label(bot),
                "actions": actions[more:], "more": more}

    #: the last sync's legal moves: action -> (key, entry), so a move still legal after the next one keeps its key
    #: and its entry (the same object: the patch of the legal moves finds it kept at once)
    _legal_cache: dict[Action, tuple[str, dict[str, Any]]] = {}  # noqa: RUF012 - replaced, never changed in place

    def _legal_entries(self, legal: list[Action]) -> tuple[dict[str, Action], list[dict[str, Any]]]:
        """``{key: action}`` and the browser's entries of the legal moves (``legal_entry``; remembered by the action
        when a subclass does not draw entries of its own)."""
        if type(self).legal_entry is not BoardWidget.legal_entry:
            return {a.key: a for a in legal}, [self.legal_entry(a) for a in legal]
        cache = self._legal_cache
        kept: dict[Action, tuple[str, dict[str, Any]]] = {}
        by_id: dict[str, Action] = {}
        entries: list[dict[str, Any]] = []
        for a in legal:
            try:
                hit = cache.get(a)
            except TypeError:  # an action that cannot be hashed (not a frozen dataclass): nothing remembered
                return {x.key: x for x in legal}, [self.legal_entry(x) for x in legal]
            if hit is None:
                entry = self.legal_entry(a)
                hit = (str(entry["id"]), entry)
            kept[a] = hit
            by_id[hit[0]] = a
            entries.append(hit[1])
        self._legal_cache = kept
        return by_id, entries

    def _sync(self, *, clear_error: bool) -> None:
        g = self._game
        legal = g.legal_actions()
        self._legal_by_id, entries = self._legal_entries(legal)
        bot_seat = self._bot_seat_to_move()
        with self.hold_sync():
            if self._game.rules.name != self.game_name or not self.clauses:
                self.clauses = self._clause_table()
            self.title = g.rules.title
            self.game_name = g.rules.name
            self.state = self.state_json()
            # a bot seat's moves are never offered to the reader (nothing on the board is clickable for it)
            self.legal = [] if bot_seat is not None else entries
            self.bot_to_move = bot_seat is not None
            # bot replies are coming (now, or paced); without auto_bots the reader presses Bot move instead
            self.bots_pending = bot_seat is not None and (self.auto_bots or self._bot_handle is not None)
            rows = self._event_rows()
            self.events = rows
            self.last_move = self._last_move(rows)
            self.bot_turn = self._bot_turn(rows)
            self.players = list(g.players)
            self.current_player = g.current_player
            self.winner = g.winner
            self.is_over = g.is_over
            self.last_draws = [d.to_dict() for d in g.last_draws]
            self.rigged = thaw(g.rigged)
            self.can_undo = g.can_undo and not self._at_floor()
            self.bot_seats = {str(s): bot_label(b) for s, b in self._bots.items()}
            self.view_data = self.view_json()
            self.seed = g.seed
            self.teacher_data = self._teacher_json() if self.teacher else {}
            if clear_error:
                self.error = None
            self.version = self.version + 1

    def state_json(self) -> dict[str, Any]:
        """The state as the browser gets it: ``thaw(game.state)`` (a plain copy: the trait never shares a list with
        the rules' state, which moves change in place)."""
        g = self._game
        if self.state_json_plain:
            copy: dict[str, Any] = pickle.loads(pickle.dumps(g.rules.to_json(g.raw_state), pickle.HIGHEST_PROTOCOL))
            return copy
        thawed: dict[str, Any] = thaw(g.state)
        return thawed

    def view_json(self) -> dict[str, Any]:
        v = self.view()
        last = self._last_view
        for k, part in v.items():  # a part the last view returned as the same object was checked then
            if last.get(k) is not part:
                json.dumps(part)  # fail here, in Python, with a clear traceback if view() is not JSON-safe
        self._last_view = v
        return v

    def _changed(self, what: str) -> None:
        for cb in list(self._callbacks):
            cb(self, what)

    # -- static fallback (no kernel) ------------------------------------------------------------------------
    def static_html(self) -> str:
        """A self-contained HTML picture of the board (nbconvert / Jupyter Book pages, no kernel)."""
        return static_board_html(self)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, meta = bundle
        data["text/html"] = self.static_html()
        return data, meta

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self._game!r}>"


def _turn_rows(turn: Any) -> list[dict[str, Any]]:
    """One turn's rows of the log, in order: one per event, or one for the action when it logged none."""
    action = str(turn.action) if turn.action is not None else "setup" if turn.n == 0 else "position set up"
    if not turn.events:
        return [{"rule": "", "text": action, "player": turn.player, "turn": turn.n, "actor": turn.player,
                 "action": action}]
    return [{"rule": ev.rule, "text": ev.text, "player": ev.player, "turn": turn.n, "actor": turn.player,
             "action": action} for ev in turn.events]


def bot_by_name(table: Mapping[str, type[Bot]], name: str, seat: int, seed: int) -> Bot:
    """The bot called ``name`` for ``seat``: one of the game's own (``table``), or the kit's search bot
    (``"mcts"``, ``"mcts:200"``: ``tabletop.sim.mcts.make_bot``), seeded with ``seed``. Any other name is refused
    with a ``ValueError`` naming the field (``bots``), the seat and the names this game has."""
    from ..sim.mcts import make_bot

    try:
        return make_bot(dict(table), name, seed)
    except KeyError:
        raise ValueError(f"bots (seat {seat}): no bot named {name!r}; this game has: {', '.join(sorted(table))}, "
                         "or the search bot 'mcts' / 'mcts:N' (N simulations per move)") from None
    except ValueError as exc:
        raise ValueError(f"bots (seat {seat}): {exc}") from None


def bot_label(bot: Bot) -> str:
    """A bot's name as the board shows it: its ``name`` (``"mcts:400"`` for a search bot of another budget than
    the default)."""
    from ..sim.mcts import DEFAULT_SIMULATIONS, MCTSBot

    if isinstance(bot, MCTSBot):
        if bot.simulations is None:
            return f"mcts ({bot.max_time:g} s)"
        return "mcts" if bot.simulations == DEFAULT_SIMULATIONS else f"mcts:{bot.simulations}"
    return str(getattr(bot, "name", type(bot).__name__))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


# -- the static HTML summary ----------------------------------------------------------------------------------
_STATIC_STYLE = ("font-family:system-ui,sans-serif;font-size:16px;line-height:1.4;color:#111;background:#fff;"
                 "border:2px solid #345;border-radius:8px;padding:12px;max-width:60em")


def _esc(value: Any) -> str:
    return html.escape(str(value), quote=True)


def status_text(game: Game[Any]) -> str:
    if game.is_over:
        w = game.winner
        return "Game over: " + (f"{game.players[w]} wins" if w is not None else "no winner")
    p = game.current_player
    return f"{game.players[p]} to play" if p is not None else ""


def static_board_html(board: BoardWidget, *, max_events: int = 12, max_actions: int = 12) -> str:
    g = board.game
    parts = [f'<div class="tt-static tt-static-board" data-game="{_esc(g.rules.name)}" style="{_STATIC_STYLE}">',
             f'<h3 style="margin:0 0 4px 0">{_esc(g.rules.title)}</h3>',
             f'<p style="margin:0 0 8px 0"><b>{_esc(status_text(g))}</b> &middot; players: '
             + ", ".join(_esc(p) for p in g.players) + "</p>"]
    svg = board.static_svg()
    if svg:
        parts.append(f'<div class="tt-static-svg">{svg}</div>')
    draws = g.last_draws
    if draws:
        parts.append("<p>Last chance: " + ", ".join(
            f"{_esc(d.kind)} {_esc(d.value)}" + (" (rigged)" if d.rigged else "") for d in draws) + "</p>")
    desc = g.rules.describe(g.raw_state)
    if desc:
        parts.append(f'<pre style="white-space:pre-wrap">{_esc(desc)}</pre>')
    events = g.log[-max_events:]
    if events:
        parts.append("<p style='margin:8px 0 2px 0'><b>Log</b></p><ol style='margin:0'>")
        parts += [f"<li>{_esc(e.text)} <code>{_esc(e.rule)}</code></li>" for e in events]
        parts.append("</ol>")
    legal = g.legal_actions()
    if legal:
        more = f" (and {len(legal) - max_actions} more)" if len(legal) > max_actions else ""
        parts.append(f"<p style='margin:8px 0 2px 0'><b>Legal moves</b>{_esc(more)}</p><ul style='margin:0'>")
        parts += [f"<li>{_esc(a)}</li>" for a in legal[:max_actions]]
        parts.append("</ul>")
    parts.append(f"<details><summary>State (JSON)</summary><pre style='white-space:pre-wrap'>"
                 f"{_esc(json.dumps(thaw(g.state), indent=1, default=str))}</pre></details>")
    parts.append("<p style='font-size:13px;color:#444;margin:6px 0 0 0'>Static picture: run the notebook to "
                 "play on the live board.</p></div>")
    return "\n".join(parts)

