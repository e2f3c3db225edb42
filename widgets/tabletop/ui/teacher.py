"""The teacher console of a board (``Board(teacher=True)``): rig the next chance outcome, undo / redo, the
timeline of turns and its lines (main line + branches), the position editor, the position as text and the named
teaching positions.

:class:`TeacherConsole` is a mixin of :class:`~tabletop.ui.board.BoardWidget` (it works on the board's game, its
undo floor and its syncing); the panel itself is drawn by ``static/teacher.js`` from the ``teacher_data`` trait
(``_teacher_json``). Every teacher message ``{"type": "teacher", "op": ..., "version": n, ...}`` is untrusted and
validated here (``_teacher_message``): a refusal names the field or the rule and changes nothing.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from ..engine import Game, IllegalAction, RandomBot, RigError, thaw
from . import links

if TYPE_CHECKING:
    from ..engine import Bot

#: what a teacher-panel message ({"type": "teacher", "op": ...}) may ask for
TEACHER_OPS = ("rig", "clear_rigs", "redo", "goto", "line", "setup", "teaching", "analyse")
#: the most outcomes per chance kind, turns on the timeline and characters of a position text the panel takes
MAX_OUTCOMES = 60
MAX_TIMELINE = 300
MAX_POSITION_TEXT = 100_000


class TeacherConsole:
    """The teacher console's state and operations, mixed into ``BoardWidget`` (see the module)."""

    if TYPE_CHECKING:  # what the board gives the console
        _game: Game[Any]
        _bots: dict[int, Bot]
        _undo_floor: int | None
        _undo_floor_reason: str
        game_module: ClassVar[Any]
        teacher: bool
        events: list[dict[str, Any]]
        helper_bot: Bot

        def _change(self, kind: str, step: Callable[[Any], list[Any]], arg: Any) -> list[Any]: ...
        def _at_floor(self) -> bool: ...
        def _cancel_bots(self, *, run_done: bool = True) -> None: ...
        def _sync(self, *, clear_error: bool) -> None: ...
        def _changed(self, what: str) -> None: ...
        def _set_error(self, rule: str, reason: str) -> None: ...
        def _refuse(self, rule: str, reason: str) -> bool: ...
        def _show(self, game: Game[Any], *, reset_lines: bool, what: str = "game") -> None: ...
        def rig(self, **outcomes: Any) -> None: ...
        def clear_rigs(self, kind: str | None = None) -> None: ...
        def set_up(self, position: Mapping[str, Any] | str) -> list[Any]: ...

    def _init_teacher(self) -> None:
        # the teacher's history: the game at the far end of the current line while moves are undone (redo
        # replays toward it), and every line (main line + branches) as saves
        self._tip: Game[Any] | None = None
        self._lines: list[dict[str, Any]] = [{"name": "Main line", "save": None, "at": 0, "from": None}]
        self._line = 0
        self._teaching_cache: dict[str, dict[str, Any]] | None = None
        self._teaching_loaded = ""
        #: the teacher's editing session that made the latest set-up: (session, history length, digest) after it
        self._edit_mark: tuple[int, int, str] | None = None
        #: the strong bot's answer (Ask the strong bot) and the position it answers for: (history length, digest)
        self._analysis: tuple[tuple[int, str], dict[str, Any]] | None = None

    def _reset_lines(self) -> None:
        """A new game (not a switch between the teacher's lines): forget redo and the branches."""
        self._teaching_loaded = ""
        self._tip = None
        self._lines = [{"name": "Main line", "save": None, "at": 0, "from": None}]
        self._line = 0

    def edit_set_up(self, patch: Mapping[str, Any] | str, session: int) -> list[Any]:
        """A set-up made by the teacher's position editor in editing session ``session``: the first edit of a
        session is a set-up like any (a "position set up" entry on the timeline, undoable); each further edit of
        the same session replaces that entry (the session's edits together are one set-up, so one entry and one
        undo). A refusal names the rule the position breaks and changes nothing."""
        g = self._game
        mark = self._edit_mark
        same = (mark is not None and mark[0] == session and mark[1] == len(g.history) and len(g.history) > 1
                and g.history[-1].action is None and g.can_undo and not self._at_floor() and mark[2] == g.digest())
        if not same:
            events = self._change("setup", g.set_up, patch)
        else:
            trial = g.fork()
            try:
                trial.set_up(patch)  # the patch, on the edited position: the whole position it gives
                full = trial.position()
                base = g.fork()
                base.undo()
                base.set_up(full)  # the same position, set up from before the session
            except IllegalAction as exc:
                self._set_error(exc.rule, exc.reason)
                raise

            def again(_: Any) -> list[Any]:
                g.undo()
                return g.set_up(full)

            events = self._change("setup", again, None)
        self._edit_mark = (session, len(g.history), g.digest())
        return events


    @property
    def can_redo(self) -> bool:
        return self._tip is not None and len(self._tip_script()) > len(self._game.save()["script"])

    def redo_problem(self) -> str | None:
        """Why ``redo`` cannot replay a move now (``None``: it can)."""
        if not self.teacher:
            return "redo is part of the teacher panel (Board(teacher=True))"
        if not self.can_redo:
            return "there is nothing to redo (a new move, rig or set-up ends what undo kept)"
        return None

    def redo(self) -> None:
        """Replay the move undo took back last (with the rigs made around it and the bot replies that followed
        it): the board keeps the undone script entries until a new move, rig or set-up is made."""
        problem = self.redo_problem()
        if problem:
            raise IllegalAction("ui.redo", problem)
        self._cancel_bots()
        g = self._game
        self._replay_step()
        while (self.can_redo and g.current_player in self._bots
               and len(self._bots) < len(g.players)):
            self._replay_step()
        self._after_replay()
        self._sync(clear_error=True)
        self._changed("redo")

    def _tip_script(self) -> list[dict[str, Any]]:
        if self._tip is None:
            return []
        if getattr(self, "_tip_cache", (None, None))[0] is not self._tip:
            self._tip_cache = (self._tip, self._tip.save()["script"])
        script: list[dict[str, Any]] = self._tip_cache[1]
        return script

    def _replay_step(self) -> None:
        """Replay the tip's next move (or set-up) and the rigs made before and after it, up to the next one."""
        g = self._game
        script = self._tip_script()
        i = len(g.save()["script"])
        moved = False
        while i < len(script):
            entry = script[i]
            is_move = "action" in entry or "setup" in entry
            if is_move and moved:
                break
            g.replay_entry(entry)
            moved = moved or is_move
            i += 1

    def _after_replay(self) -> None:
        if self._tip is not None and len(self._game.save()["script"]) >= len(self._tip_script()):
            self._tip = None

    def _diverge(self, turn: int) -> None:
        """A new move, rig or set-up was made at turn ``turn``: what redo kept becomes a saved line of its own
        and the game goes on as a new branch from here."""
        tip = self._tip
        if tip is None:
            return
        self._tip = None
        self._lines[self._line].update(save=tip.save(), at=len(tip.history) - 1)
        name = self._lines[self._line]["name"]
        n = sum(1 for line in self._lines if line["name"] != "Main line") + 1
        self._lines.append({"name": f"Branch {n}", "save": None, "at": 0, "from": [name, turn]})
        self._line = len(self._lines) - 1

    def goto_turn(self, turn: int) -> None:
        """Show the position after turn ``turn`` of the timeline (0: the setup): back by undoing (the turns after
        it stay, as redo), or forward by replaying them. Never below the undo floor."""
        if type(turn) is not int:
            raise IllegalAction("ui.message", "the turn must be a whole number")
        hist = (self._tip or self._game).history
        if not 0 <= turn < len(hist):
            raise IllegalAction("ui.message", f"the timeline has turns 0 to {len(hist) - 1}, not {turn}")
        g = self._game
        now = len(g.history) - 1
        if turn < now and self._undo_floor is not None and turn + 1 < self._undo_floor:
            raise IllegalAction("ui.undo", self._undo_floor_reason or "this is the earliest position of this board")
        self._cancel_bots()
        if turn < now:
            if self._tip is None:
                self._tip = g.fork()
            while len(g.history) - 1 > turn and g.can_undo:
                g.undo()
        else:
            while len(g.history) - 1 < turn and self.can_redo:
                self._replay_step()
            self._after_replay()
        self._sync(clear_error=True)
        self._changed("undo" if turn < now else "redo")

    @property
    def lines(self) -> list[dict[str, Any]]:
        """The teacher's lines: ``[{name, current, turns, from: [line name, turn] or None}]`` (0 = main line)."""
        out = []
        for i, line in enumerate(self._lines):
            if i == self._line:
                turns = len((self._tip or self._game).history) - 1
            else:
                turns = sum(1 for e in line["save"]["script"] if "rig" not in e and "clear" not in e)
            out.append({"name": line["name"], "current": i == self._line, "turns": turns, "from": line["from"]})
        return out

    def switch_line(self, index: int) -> None:
        """Show another of the teacher's lines (0: the main line), where it was left; the line left behind is
        kept (as a save) with its own redo."""
        if type(index) is not int or not 0 <= index < len(self._lines):
            raise IllegalAction("ui.message", f"the lines are numbered 0 to {len(self._lines) - 1}")
        if index == self._line:
            return
        target = self._lines[index]
        game: Game[Any] = Game.load(self._game.rules, target["save"])
        here = self._lines[self._line]
        here.update(save=(self._tip or self._game).save(), at=len(self._game.history) - 1)
        tip = None
        if target["at"] < len(game.history) - 1:
            tip = game.fork()
            while len(game.history) - 1 > target["at"] and game.can_undo:
                game.undo()
        target["save"] = None
        self._line = index
        self._tip = tip
        self._show(game, reset_lines=False)

    def teaching_positions(self) -> dict[str, dict[str, Any]]:
        """The game's named teaching positions (``teaching_positions()`` of the board's game module, else of the
        rules' module or its package); malformed entries are left out."""
        if self._teaching_cache is not None:
            return self._teaching_cache
        found: dict[str, dict[str, Any]] = {}
        for mod in self._teaching_modules():
            fn = getattr(mod, "teaching_positions", None)
            if callable(fn):
                raw = fn()
                if isinstance(raw, Mapping):
                    for key, entry in raw.items():
                        if (isinstance(key, str) and isinstance(entry, Mapping)
                                and isinstance(entry.get("title"), str) and isinstance(entry.get("about", ""), str)
                                and isinstance(entry.get("position"), Mapping)
                                and isinstance(entry.get("variant", {}), Mapping)):
                            found[key] = dict(entry)
                break
        self._teaching_cache = found
        return found

    def _teaching_modules(self) -> list[ModuleType]:
        mods: list[ModuleType] = []
        names: list[str] = []
        gm = self.game_module
        if isinstance(gm, ModuleType):
            mods.append(gm)
        elif isinstance(gm, str):
            names.append(gm)
        rules_mod = type(self._game.rules).__module__
        names += [rules_mod, rules_mod.rpartition(".")[0]]
        for name in names:
            if not name:
                continue
            try:
                mods.append(importlib.import_module(name))
            except ImportError:
                continue
        return mods

    def load_teaching(self, key: str) -> Game[Any]:
        """Start a new game at the named teaching position: the same rules and players, the entry's variant
        (over the game's default one), then ``set_up(position)``. A refusal changes nothing (shown like any refusal)."""
        table = self.teaching_positions()
        if not isinstance(key, str) or key not in table:
            raise IllegalAction("ui.message", f"no teaching position {str(key)[:40]!r}; this game has: "
                                + (", ".join(sorted(table)) or "none"))
        entry = table[key]
        old = self._game
        variant = dict(entry.get("variant", {}))  # over the game's default variant: the same position every time
        try:
            game: Game[Any] = Game(old.rules, variant=variant, players=list(old.players))
            game.set_up(dict(entry["position"]))
        except IllegalAction as exc:
            self._set_error(exc.rule, f"teaching position {entry['title']!r}: {exc.reason}")
            raise
        except (ValueError, TypeError) as exc:
            self._set_error("ui.teacher", f"teaching position {entry['title']!r}: {exc}")
            raise IllegalAction("ui.teacher", str(exc)) from None
        self.helper_bot = RandomBot(seed=game.seed)
        for seat, bot in self._bots.items():
            bot.reseed(game.seed + seat)
        self._show(game, reset_lines=True, what="setup")  # a teaching position is a set-up: moves count from 0
        self._teaching_loaded = str(entry["title"])
        self._sync(clear_error=False)
        return game

    def _chance_offer(self) -> dict[str, list[Any]]:
        """Per chance kind, the outcomes the teacher may rig now (``Rules.rig_domain``, else ``chance_domains``)."""
        g = self._game
        out: dict[str, list[Any]] = {}
        for kind, static in g.rules.chance_domains.items():
            try:
                dom = g.rules.rig_domain(kind, g.variant, g.raw_state)
            except Exception:  # noqa: BLE001 - a game that cannot say now offers nothing for this kind
                continue
            values = list(static if dom is None else dom)[:MAX_OUTCOMES]
            out[kind] = [thaw(v) for v in values]
        return out

    def ask_strong_bot(self) -> dict[str, Any]:
        """"What would a strong player do here?" for the teacher: the search bot's top moves at the current
        position (:func:`tabletop.ui.advice.strong_moves`: 200 simulations, seeded by the position), in words,
        shown in the panel until the position changes. ``IllegalAction`` when nobody is to move."""
        from .advice import advice_intro, advice_note, shown_moves, strong_moves

        g = self._game
        seat = g.current_player
        if seat is not None and seat in self._bots and len(self._bots) < len(g.players):
            # a bot seat's options are never sent to the browser (they may show its hidden hand)
            raise IllegalAction("ui.bot", f"it is {g.players[seat]}'s move and a bot plays that seat; ask the strong "
                                "bot when a human seat is to move")
        try:
            data = strong_moves(g)
        except ValueError as exc:
            raise IllegalAction(f"{g.rules.name}.game-over" if g.is_over else "ui.teacher", str(exc)) from None
        shown = {**data, "intro": advice_intro(data), "note": advice_note(data),
                 "moves": shown_moves(data)}
        self._analysis = ((len(g.history), g.digest()), shown)
        self._sync(clear_error=True)
        return shown

    def _analysis_json(self) -> dict[str, Any] | None:
        """The strong bot's answer while the position it answers for is still shown (else ``None``)."""
        if self._analysis is None:
            return None
        (n, digest), data = self._analysis
        g = self._game
        if n != len(g.history) or digest != g.digest():
            return None
        return data

    def _teacher_json(self) -> dict[str, Any]:
        g = self._game
        hist = (self._tip or g).history
        now = len(g.history) - 1
        shown = {r["turn"]: r["action"] for r in self.events}
        first = max(0, len(hist) - MAX_TIMELINE)
        floor = self._undo_floor
        timeline = []
        for turn in hist[first:]:
            if turn.action is not None:
                words = str(shown.get(turn.n, turn.action)) if turn.n <= now else str(turn.action)
            else:
                words = "setup" if turn.n == 0 else "position set up"
            # goto_turn refuses the turns before the undo floor (the lesson's, before the hand-over)
            locked = floor is not None and turn.n + 1 < floor
            timeline.append({"n": turn.n, "seat": turn.player, "text": words,
                             "at": turn.n == now, "future": turn.n > now, "locked": locked})
        link: str | None = None
        try:
            described = g.position()
            position: str | None = json.dumps(described, sort_keys=True)
            no_position = ""
            try:  # Copy link: this page's address with the position in its fragment (tabletop.ui.links)
                link = links.fragment(g.rules.name, position=described)
            except links.LinkError as exc:
                no_position = exc.reason
        except Exception as exc:  # noqa: BLE001 - a game without position set-up
            position, no_position = None, str(exc) or f"{g.rules.title} has no position description"
        teaching = [{"id": k, "title": str(v["title"]), "about": str(v.get("about", ""))}
                    for k, v in self.teaching_positions().items()]
        return {"chance": self._chance_offer(), "can_redo": self.can_redo, "timeline": timeline,
                "lines": self.lines, "line": self._line, "position": position, "no_position": no_position, "link": link,
                "locked_why": (self._undo_floor_reason or "this is the earliest position of this board")
                if floor is not None else "",
                "teaching": teaching, "teaching_loaded": self._teaching_loaded, "strong": self._analysis_json()}


    def _teacher_message(self, content: Mapping[str, Any]) -> bool:
        """``{"type": "teacher", "op": ..., "version": n, ...}``: the teacher panel's controls (untrusted). Each op
        is one small method of the table ``_TEACHER_HANDLERS``: it checks its own fields, refuses (False) naming
        the field, or acts (True)."""
        if not self.teacher:
            return self._refuse("ui.teacher", "the teacher panel is off on this board (Board(teacher=True))")
        op = content.get("op")
        if op not in TEACHER_OPS:
            return self._refuse("ui.message", f"the teacher message's 'op' must be one of {', '.join(TEACHER_OPS)}, "
                                f"not {repr(op)[:40]}")
        try:
            return _TEACHER_HANDLERS[op](self, content)
        except IllegalAction as exc:
            return self._refuse(exc.rule, exc.reason)
        except RigError as exc:
            return self._refuse("ui.rig", str(exc))

    def _op_rig(self, content: Mapping[str, Any]) -> bool:
        return self._rig_message(content.get("kind"), content.get("value"))

    def _op_clear_rigs(self, content: Mapping[str, Any]) -> bool:
        kind = content.get("kind")
        if kind is not None and (not isinstance(kind, str) or kind not in self._game.rules.chance_domains):
            return self._refuse("ui.message", f"the message's 'kind' must be a kind of chance of this game "
                                f"({', '.join(self._game.rules.chance_domains)}) or null (all)")
        self.clear_rigs(kind)
        return True

    def _op_redo(self, content: Mapping[str, Any]) -> bool:
        self.redo()
        return True

    def _op_goto(self, content: Mapping[str, Any]) -> bool:
        turn = content.get("turn")
        if type(turn) is not int:
            return self._refuse("ui.message", "the message's 'turn' must be a whole number")
        self.goto_turn(turn)
        return True

    def _op_line(self, content: Mapping[str, Any]) -> bool:
        line = content.get("line")
        if type(line) is not int or not 0 <= line < len(self._lines):
            return self._refuse("ui.message", f"the message's 'line' must be a line number from 0 to "
                                f"{len(self._lines) - 1}")
        self.switch_line(line)
        return True

    def _op_analyse(self, content: Mapping[str, Any]) -> bool:
        self.ask_strong_bot()
        return True

    def _op_setup(self, content: Mapping[str, Any]) -> bool:
        text = content.get("text")
        if not isinstance(text, str) or not text.strip():
            return self._refuse("ui.message", "the message's 'text' must be the position as JSON text")
        if len(text) > MAX_POSITION_TEXT:
            return self._refuse("ui.message", f"the message's 'text' is longer than {MAX_POSITION_TEXT} characters")
        edit = content.get("edit")
        if edit is None:
            self.set_up(text)
        elif type(edit) is not int or edit < 0:
            return self._refuse("ui.message", "the message's 'edit' must be the editing session's number "
                                "(a whole number) or absent")
        else:
            self.edit_set_up(text, edit)
        return True

    def _op_teaching(self, content: Mapping[str, Any]) -> bool:
        key = content.get("id")
        if not isinstance(key, str) or key not in self.teaching_positions():
            return self._refuse("ui.message", "the message's 'id' must name one of the teaching positions of this "
                                "game")
        self.load_teaching(key)
        return True

    def _rig_message(self, kind: Any, value: Any) -> bool:
        offer = self._chance_offer()
        if not isinstance(kind, str) or kind not in offer:
            return self._refuse("ui.message", "the message's 'kind' must be a kind of chance of this game ("
                                + ", ".join(offer) + ")")
        want = _json_key(value)
        for i, outcome in enumerate(offer[kind]):
            if want is not None and _json_key(outcome) == want:
                domain = self._game.rules.rig_domain(kind, self._game.variant, self._game.raw_state)
                native = list(self._game.rules.chance_domains[kind] if domain is None else domain)[i]
                self.rig(**{kind: [native]})
                return True
        return self._refuse("ui.rig", f"the message's 'value' {repr(value)[:40]} is not an outcome the {kind} can "
                            "show now; it can show: " + ", ".join(map(str, offer[kind][:20])))


#: the teacher panel's ops, each with its handler (one per entry of TEACHER_OPS)
_TEACHER_HANDLERS: dict[str, Callable[[Any, Mapping[str, Any]], bool]] = {
    op: getattr(TeacherConsole, f"_op_{op}") for op in TEACHER_OPS}


def _json_key(value: Any) -> str | None:
    """Canonical JSON of a chance outcome (``None`` if it is not plain JSON): ``3`` and ``True`` differ."""
    try:
        return json.dumps(value, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return None
