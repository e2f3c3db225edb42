"""``Walkthrough``: step-through narration beside a live board, for the rule notebooks.

    walk = Walkthrough([
        Step("The radar barrier", "Only the higher roller may cross (`zaxxon.radar-barrier`).",
             rig={"die": [2, 5]}, actions=["roll", "move plane #1 to F7"]),
        ...
    ], board=zaxxon.Board, new_game=lambda: zaxxon.new_game(seed=1))
    walk

Step k's position is computed by replaying steps 0..k on a fresh ``new_game()`` (each step's rigs, then its
actions), so going back restores the exact earlier position. A final "Your turn" step hands the board over: it
becomes interactive (bots optional) from the last step's position. There, bot seats reply by themselves (paced,
see ``BoardWidget.bot_delay``) and undo stops at the hand-over position.

Projector view: ``Walkthrough(..., presentation=True)``, ``walk.presentation = True`` or the panel's "Projector
view" button (a validated ``{type: "presentation", on: bool, version}`` message) lays narration and board side by
side over the whole window (a fixed layer), in large high-contrast type that shrinks only as far as the step's
narration needs to fit; Esc or the button again leaves it. Python owns the ``presentation`` trait.

Vocabulary: the narrated steps are "Lesson step n of N" (the rulebook's own "Step" numbers keep their wording);
the hand-over is "Your turn".
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, ClassVar

import anywidget
import ipywidgets
import traitlets as t

from ..engine import Game, IllegalAction, RigError
from ..engine.lessons import Lesson, Step, StepError
from . import _bundle
from ._messages import PythonOwned, version_problem
from .board import BoardWidget


@cache
def _markdown() -> Callable[[str], str]:
    import mistune  # lazily (a dependency in pyproject.toml)

    md: Callable[[str], str] = mistune.create_markdown(escape=True, plugins=["strikethrough", "table"])
    return md


def render_markdown(text: str) -> str:
    """Authored Markdown -> HTML with raw HTML escaped (and harmful link schemes dropped by mistune)."""
    try:
        return _markdown()(text)
    except ImportError:  # pragma: no cover - mistune ships with nbconvert
        return "<p>" + html.escape(text).replace("\n\n", "</p><p>") + "</p>"


#: why undo stops at the hand-over (the board's ``ui.undo`` refusal there)
HAND_OVER_UNDO = ("this is where the lesson handed you the board — press Back to see the lesson steps")


def lesson_step_label(k: int, n_lesson: int, hand_over: bool) -> str:
    """What the reader calls step ``k`` (0-based): "Lesson step 3 of 10", or "Your turn" for the hand-over."""
    return "Your turn" if hand_over else f"Lesson step {k + 1} of {n_lesson}"


class WalkthroughPanel(PythonOwned, anywidget.AnyWidget):  # type: ignore[misc]
    """The narration column (the browser side of a Walkthrough)."""

    _entry: ClassVar[str] = "ttRenderWalkthrough"

    steps = t.List().tag(sync=True)
    step = t.Int(0).tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    error = t.Dict(allow_none=True, default_value=None).tag(sync=True)
    version = t.Int(0).tag(sync=True)
    moves_since = t.Int(0).tag(sync=True)
    #: how many steps are lesson steps (the rest, one at most, is the "Your turn" hand-over)
    lesson_steps = t.Int(0).tag(sync=True)
    #: projector view: narration and board side by side over the whole window (set by Python only)
    presentation = t.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        cls = type(self)
        if "_esm" not in cls.__dict__ or _bundle.DEV:
            cls._esm = _bundle.join_js(("kit.js", "walkthrough.js"), cls._entry)
            cls._css = _bundle.join_css(("kit.css", "walkthrough.css"))
        super().__init__(**kwargs)


class Walkthrough(ipywidgets.Box):  # type: ignore[misc]
    """Narration beside a board. ``Walkthrough(steps, *, board, new_game, your_turn=True, bots=None, title="")``.

    ``board`` is a BoardWidget subclass (or an instance); ``new_game()`` returns a fresh Game (same every time:
    give it a seed). ``your_turn``: True (a default hand-over step), a Markdown string, a :class:`Step`, or
    False. ``bots`` ({seat: bot} or one bot for every seat but the first) play against the reader on the
    hand-over step. ``presentation=True`` starts in the projector view (see :attr:`presentation`);
    ``teacher=True`` shows the board's teacher panel at the hand-over (rig, undo/redo, timeline, positions).
    """

    def __init__(self, steps: Sequence[Step] | Lesson, *, board: type[BoardWidget] | BoardWidget,
                 new_game: Callable[[], Game[Any]] | None = None, your_turn: bool | str | Step = True,
                 bots: Any = None, title: str = "", start: int = 0,
                 board_kwargs: Mapping[str, Any] | None = None, presentation: bool = False,
                 teacher: bool = False, **kwargs: Any) -> None:
        if not isinstance(presentation, bool):
            raise TypeError(f"presentation must be True or False, not {type(presentation).__name__}")
        if not isinstance(teacher, bool):
            raise TypeError(f"teacher must be True or False, not {type(teacher).__name__}")
        #: the teacher panel on the board at the hand-over (never on the read-only lesson steps)
        self.teacher = teacher
        self.lesson: Lesson | None = None
        if isinstance(steps, Lesson):
            self.lesson = steps
            new_game = steps.new_game
            your_turn = steps.hand_over_step or False
            bots = dict(steps.bots) or bots
            title = title or steps.title
            steps = steps.steps
        if new_game is None:
            raise TypeError("pass a Lesson, or steps and new_game")
        if not steps:
            raise ValueError("a walkthrough needs at least one step")
        for i, s in enumerate(steps):
            if not isinstance(s, Step):
                raise TypeError(f"step {i + 1} is a {type(s).__name__}, not a Step")
        self.new_game = new_game
        self.bots = bots
        hand_over: Step | None
        if your_turn is True:
            hand_over = Step("Your turn", "The board is yours now: play from this position. Pick a move on the "
                             "board or in the list of legal moves (keys **1–9**), **U** takes a move back. "
                             "Press **Back** (←) to see any step again: it restores that exact position.")
        elif isinstance(your_turn, str):
            hand_over = Step("Your turn", your_turn)
        elif isinstance(your_turn, Step):
            hand_over = your_turn
        else:
            hand_over = None
        self.steps: tuple[Step, ...] = (*steps, *((hand_over,) if hand_over else ()))
        self.has_your_turn = hand_over is not None
        first = self._position(0)
        if isinstance(board, BoardWidget):
            self.board = board
            board.game = first
        elif isinstance(board, type) and issubclass(board, BoardWidget):
            self.board = board(first, interactive=False, auto_bots=False, **dict(board_kwargs or {}))
        else:
            raise TypeError("board must be a BoardWidget subclass or instance")
        self._step = 0
        self._moves_since = 0
        self._pacing = False  # True while handling a panel message: bots at the hand-over are paced
        game = self.board.game
        self.panel = WalkthroughPanel(title=title or game.rules.title,
                                      lesson_steps=len(self.steps) - (1 if self.has_your_turn else 0))
        texts = self._check_all()
        self.panel.steps = [self._step_json(i, s, texts[i]) for i, s in enumerate(self.steps)]
        self.panel.on_msg(self._on_msg)
        self.board.on_change(self._board_changed)
        self.panel.layout = ipywidgets.Layout(flex="1 1 340px", min_width="300px", max_width="640px",
                                             margin="0 14px 10px 0")
        self.board.layout = ipywidgets.Layout(flex="2 1 560px", min_width="320px")
        layout = ipywidgets.Layout(display="flex", flex_flow="row wrap", align_items="flex-start", width="100%")
        super().__init__(children=[self.panel, self.board], layout=layout, **kwargs)
        self.add_class("tt-walkthrough")
        self.panel.add_class("tt-walk-panel-host")
        self.board.add_class("tt-walk-board-host")
        self.presentation = presentation
        self.goto(start)

    # -- projector view --------------------------------------------------------------------------------
    @property
    def presentation(self) -> bool:
        """The projector view: narration and board side by side filling the window, large high-contrast type.
        Set it from Python (``walk.presentation = True``) or with the panel's "Projector view" button."""
        return bool(self.panel.presentation)

    @presentation.setter
    def presentation(self, on: bool) -> None:
        if not isinstance(on, bool):
            raise TypeError(f"presentation must be True or False, not {type(on).__name__}")
        with self.panel.hold_sync():
            self.panel.presentation = on
            self.panel.version = self.panel.version + 1
        if on:
            self.add_class("tt-presenting")
        else:
            self.remove_class("tt-presenting")

    # -- navigation ------------------------------------------------------------------------------------
    @property
    def step(self) -> int:
        """The step shown (0-based)."""
        return self._step

    @property
    def game(self) -> Game[Any]:
        return self.board.game

    def __len__(self) -> int:
        return len(self.steps)

    def goto(self, k: int) -> None:
        """Show step ``k`` (0-based; negative counts from the end): replay steps 0..k on a fresh game."""
        n = len(self.steps)
        if not isinstance(k, int) or isinstance(k, bool):
            raise TypeError("a step number must be an int")
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError(f"there are steps 0 to {n - 1}, not {k}")
        game = self._position(k)
        hand_over = self.has_your_turn and k == n - 1
        n_lesson = n - (1 if self.has_your_turn else 0)
        b = self.board
        with b.hold_sync():
            b.bots = self._hand_over_bots(game) if hand_over else None
            b.auto_bots = hand_over  # at the hand-over bot seats reply to every move by themselves
            b.interactive = hand_over
            b.teacher = self.teacher and hand_over
            b.notice = "" if hand_over else (f"{lesson_step_label(k, n_lesson, False)}: the board follows the "
                                             "narration. Press Next (→) to go on.")
            b.game = game
            refusal = self.steps[k].refusal(game)
            if refusal is not None:
                b.show_refusal(refusal.rule, f"Tried {self.steps[k].refuse_text(game)}: {refusal.reason}")
        self._step = k
        self._moves_since = 0
        with self.panel.hold_sync():
            self.panel.error = None
            self.panel.moves_since = 0
            self.panel.step = k
            self.panel.version = self.panel.version + 1
        if hand_over:
            # a bot seat to play at the hand-over moves first (paced when the reader pressed Next); that is not
            # the reader's move. Undo then stops at the position the bots hand to the reader.
            b.run_bots(paced=self._pacing)
            b.set_undo_floor(HAND_OVER_UNDO)
            self._moves_since = 0
            self.panel.moves_since = 0

    def _hand_over_bots(self, game: Game[Any]) -> Any:
        if self.lesson is not None and self.lesson.bots:
            return self.lesson.make_bots(game)  # the lesson's own bot table
        return self.bots

    def next(self) -> None:
        if self._step < len(self.steps) - 1:
            self.goto(self._step + 1)

    def back(self) -> None:
        if self._step > 0:
            self.goto(self._step - 1)

    def your_turn(self) -> None:
        """Jump to the hand-over."""
        self.goto(len(self.steps) - 1)

    # -- replay ----------------------------------------------------------------------------------------
    def _position(self, k: int) -> Game[Any]:
        game = self.new_game()
        if not isinstance(game, Game):
            raise TypeError("new_game() must return a tabletop Game")
        for i, s in enumerate(self.steps[: k + 1]):
            try:
                s.apply(game)
            except (IllegalAction, RigError, LookupError, ValueError) as exc:
                if isinstance(exc, StepError):
                    raise
                raise StepError(f"step {i + 1} ({s.title!r}) cannot be replayed: {exc}") from exc
        return game

    def _check_all(self) -> list[str]:
        """Replay every step once, so a broken step fails when the notebook runs, not when a reader clicks;
        returns each step's narration (written at its own position)."""
        game = self.new_game()
        texts = []
        for i, s in enumerate(self.steps):
            try:
                s.apply(game)
            except (IllegalAction, RigError, LookupError, ValueError) as exc:
                if isinstance(exc, StepError):
                    raise
                raise StepError(f"step {i + 1} ({s.title!r}) cannot be replayed: {exc}") from exc
            s.refusal(game)
            texts.append(s.text(game))
        return texts

    def _step_json(self, i: int, s: Step, text: str) -> dict[str, Any]:
        clauses = self.board.clauses
        ids = list(dict.fromkeys([*s.rules, *(c for c in _clause_ids(text) if c in clauses)]))
        for cid in s.rules:
            if cid not in clauses:
                raise ValueError(f"step {i + 1} ({s.title!r}) names clause {cid!r}, which is not in the "
                                 f"{self.game.rules.title} catalog")
        return {"title": s.title, "html": render_markdown(text),
                "rules": [{"id": c, "title": clauses[c]["title"], "says": clauses[c]["says"]} for c in ids],
                "your_turn": self.has_your_turn and i == len(self.steps) - 1}

    # -- messages from the panel (untrusted) -----------------------------------------------------------
    def _on_msg(self, _w: Any, content: Any, _b: Any) -> None:
        self.handle_message(content)

    def handle_message(self, content: Any) -> bool:
        p = self.panel
        if not isinstance(content, Mapping) or content.get("type") not in ("goto", "presentation"):
            return self._refuse("ui.message", "expected {type: 'goto', step, version} or "
                                "{type: 'presentation', on, version}")
        problem = version_problem(content, p.version, "walkthrough")
        if problem:
            return self._refuse(*problem)
        if content["type"] == "presentation":
            on = content.get("on")
            if not isinstance(on, bool):
                return self._refuse("ui.message", "the projector view's 'on' must be true or false")
            if on == self.presentation:
                return False
            self.presentation = on
            return True
        k = content.get("step")
        if not isinstance(k, int) or isinstance(k, bool):
            return self._refuse("ui.message", "the step must be a whole number")
        if not 0 <= k < len(self.steps):
            return self._refuse("ui.message", f"there is no step {k + 1} (steps 1 to {len(self.steps)})")
        self._pacing = True
        try:
            self.goto(k)
        except StepError as exc:
            return self._refuse("ui.step", str(exc))
        finally:
            self._pacing = False
        return True

    def _refuse(self, rule: str, reason: str) -> bool:
        n = (self.panel.error or {}).get("n", 0) + 1
        self.panel.error = {"rule": rule, "reason": reason, "n": n}
        return False

    def _board_changed(self, board: BoardWidget, what: str) -> None:
        if what == "bot" and board.last_move is not None and board.last_move.get("bot"):
            return  # a bot's reply is not a move of the reader's
        if what in ("act", "bot", "undo"):
            delta = -1 if what == "undo" else 1
            self._moves_since = max(0, self._moves_since + delta)
            self.panel.moves_since = self._moves_since

    # -- static fallback -------------------------------------------------------------------------------
    def static_html(self) -> str:
        parts = ['<div class="tt-static tt-static-walkthrough" style="font-family:system-ui,sans-serif;'
                 'font-size:16px;line-height:1.45;max-width:60em">',
                 f"<h3>{html.escape(self.panel.title)}: {self.panel.lesson_steps} lesson steps"
                 f"{', then “Your turn”' if self.has_your_turn else ''}</h3><ol>"]
        for s, js in zip(self.steps, self.panel.steps, strict=True):
            badges = " ".join(f"<code>{html.escape(r['id'])}</code>" for r in js["rules"])
            parts.append(f"<li><b>{html.escape(s.title)}</b> {badges}{js['html']}</li>")
        parts.append("</ol><p><i>Board at the step shown:</i></p>")
        parts.append(self.board.static_html())
        parts.append("</div>")
        return "\n".join(parts)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        data["text/html"] = self.static_html()
        return data, meta

    def __repr__(self) -> str:
        n = len(self.steps)
        label = lesson_step_label(self._step, n - self.has_your_turn, self.has_your_turn and self._step == n - 1)
        return f"<Walkthrough: {label}, {self.game!r}>"


_CLAUSE_RE = re.compile(r"\b[a-z0-9]+(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+\b")


def _clause_ids(text: str) -> list[str]:
    return _CLAUSE_RE.findall(text)


__all__ = ["HAND_OVER_UNDO", "Step", "StepError", "Walkthrough", "WalkthroughPanel", "lesson_step_label",
           "render_markdown"]
