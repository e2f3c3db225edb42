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

Lessons that make the learner act (issue 20), when the walkthrough shows a :class:`Lesson`:

- a step with ``Step.question`` first shows the board at the question's position (``step.prelude(game,
  question.after)``) and asks it in the panel; the answer is judged by the engine (``Question.judge``: right or
  wrong, the clause, the reason); Next then reveals the step's outcome;
- a step with ``Step.your_move`` hands the board over at ``step.prelude(game, -1)`` for one move (no bots): an
  accepted move (``YourMove.judge``) is said so and the step's outcome follows; a refused or unaccepted one is
  explained with its clause and taken back; **Show me** plays the step's own last action;
- the hand-over shows the lesson's :class:`Task` (goal, who plays whom), rechecks it on every board change
  (``task.reached(game, events_since(game, start))``, ``start`` = the turns of the hand-over position after the
  bots' replies), says which rule made it work, grades it (:func:`stars`, hints cost a star), recognises a failed
  attempt, and offers **Hint**, **Try again** and **Next lesson** (the next entry of the game's ``LESSONS``);
- every task result, question answer and your-move attempt is recorded (``store.attempt(clauses, right, kind)``)
  and every step shown records its clauses as seen (``store.see``), in ``tabletop.ui.progress.shared_store()``.

Panel messages (all validated; a refusal sets the panel's ``error`` and changes nothing): ``{type: "goto", step}``,
``{type: "presentation", on}``, ``{type: "answer", picked: [i, ...]}``, ``{type: "reveal"}``, ``{type:
"show_me"}``, ``{type: "hint"}``, ``{type: "retry"}``, each with the panel's ``version``.

Vocabulary: the narrated steps are "Lesson step n of N" (the rulebook's own "Step" numbers keep their wording);
the hand-over is "Your turn".
"""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import Any, ClassVar, Protocol, cast

import anywidget
import ipywidgets
import traitlets as t

from ..engine import Game, IllegalAction, RigError
from ..engine.lessons import Feedback, Lesson, Step, StepError, Task, events_since, resolve, stars
from . import _bundle, links
from ._messages import OptionalDict, PythonOwned, optional_dict, version_problem
from .advice import advice_intro, advice_markdown, advice_note, shown_moves, strong_moves
from .board import BoardWidget
from .source import source_message


@cache
def _markdown() -> Callable[[str], str]:
    import mistune  # lazily (a dependency in pyproject.toml)

    # the HTML renderer (create_markdown's default) returns a str; mistune types the call for any renderer
    # (the AST renderer returns a list of tokens)
    return cast("Callable[[str], str]", mistune.create_markdown(escape=True, plugins=["strikethrough", "table"]))


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


#: the walkthrough's own refusals (panel messages that do not fit the step shown)
WALK_RULES: dict[str, str] = {
    "ui.question": "No question to answer here",
    "ui.your-move": "No move asked for here",
    "ui.task": "No task here",
    "ui.step": "The step cannot be shown",
    "ui.link": "The page's link was refused",
}

#: what the panel may send
PANEL_MESSAGES = ("goto", "presentation", "answer", "reveal", "show_me", "hint", "retry", "link", "source")

#: the phases of a step: a question first, then the learner's own move, then the step's outcome
PHASES = ("question", "your-move", "shown")


class WalkthroughPanel(PythonOwned, anywidget.AnyWidget):
    """The narration column (the browser side of a Walkthrough)."""

    _entry: ClassVar[str] = "ttRenderWalkthrough"

    steps: t.List[Any] = t.List().tag(sync=True)
    step = t.Int(0).tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    error: OptionalDict = optional_dict()
    version = t.Int(0).tag(sync=True)
    moves_since = t.Int(0).tag(sync=True)
    #: how many steps are lesson steps (the rest, one at most, is the "Your turn" hand-over)
    lesson_steps = t.Int(0).tag(sync=True)
    #: projector view: narration and board side by side over the whole window (set by Python only)
    presentation = t.Bool(False).tag(sync=True)
    #: which part of the step is shown: "question" (asked before the reveal), "your-move" (the learner makes the
    #: step's last move) or "shown" (the step's outcome and narration)
    phase = t.Unicode("shown").tag(sync=True)
    #: the question asked now ({} when none): {prompt (HTML), choices, multiple, clauses, feedback (or null)}
    question = t.Dict().tag(sync=True)
    #: the "your move" of the step ({} when none): {prompt (HTML), clauses, feedback (or null), done}
    your_move = t.Dict().tag(sync=True)
    #: the hand-over's task ({} when none): goal, players, status, moves, par, stars, hints, success, failure, next
    task = t.Dict().tag(sync=True)
    #: the game a link to a step of this lesson names (``tt-game``; the panel's Copy link makes the link)
    link_game = t.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        cls = type(self)
        if "_esm" not in cls.__dict__ or _bundle.DEV:
            cls._esm = _bundle.join_js(("kit.js", "advice.js", "source.js", "walkthrough.js"), cls._entry)
            cls._css = _bundle.join_css(("kit.css", "source.css", "walkthrough.css"))
        super().__init__(**kwargs)


class Recorder(Protocol):
    """Where the learner's mastery goes (``tabletop.ui.progress.shared_store()``, a ``ProgressStore``)."""

    def see(self, clauses: Sequence[str]) -> Any: ...

    def attempt(self, clauses: Sequence[str], right: bool, kind: str) -> Any: ...


def _shared_store() -> Any:
    try:
        from .progress import shared_store
    except ImportError:  # the progress store is not part of this checkout
        return None
    return shared_store()


def _registry(lesson: Lesson) -> Mapping[str, Lesson] | None:
    """The ordered lessons of ``lesson``'s game (``tabletop.<game>.lessons.LESSONS``), or None."""
    game = lesson.id.split("/")[0]
    if not re.fullmatch(r"[a-z0-9_]+", game):
        return None
    try:
        mod = importlib.import_module(f"tabletop.{game}.lessons")
    except ImportError:
        return None
    reg = getattr(mod, "LESSONS", None)
    return reg if isinstance(reg, Mapping) else None


def next_lesson(lesson: Lesson, lessons: Mapping[str, Lesson] | None) -> dict[str, str] | None:
    """``{id, title, notebook}`` of the lesson after ``lesson`` in ``lessons`` (its game's ``LESSONS``), or None."""
    if not lessons:
        return None
    order = list(lessons.values())
    ids = [les.id for les in order]
    if lesson.id not in ids:
        return None
    i = ids.index(lesson.id)
    if i + 1 >= len(order):
        return None
    nxt = order[i + 1]
    return {"id": nxt.id, "title": nxt.title, "notebook": nxt.notebook}


def lesson_with_bots(lesson: Lesson, bots: Any) -> Lesson:
    """``lesson`` with other bots at its hand-over: ``bots`` is ``{seat: bot}`` (a Bot, a Bot class or a name:
    the game's own, ``"random"``, ``"mcts"`` or ``"mcts:200"``) or one bot for every seat the lesson's bots play
    (every seat but the first in a hot-seat lesson). A name no bot has is refused here, naming the field."""
    if isinstance(bots, Mapping):
        seats: dict[int, Any] = dict(bots)
    else:
        players = len(lesson.new_game().players)
        seats = {s: bots for s in (lesson.bots or range(1, players))}
    changed = replace(lesson, bots=seats)
    from ..sim import mcts  # noqa: F401 - registers the search bot's names ("mcts", "mcts:N") with the engine

    try:
        changed.make_bots(lesson.new_game())
    except StepError as exc:
        raise ValueError(str(exc)) from None
    return changed


class Walkthrough(ipywidgets.Box):  # type: ignore[misc]
    """Narration beside a board. ``Walkthrough(steps, *, board, new_game, your_turn=True, bots=None, title="")``.

    ``board`` is a BoardWidget subclass (or an instance); ``new_game()`` returns a fresh Game (same every time:
    give it a seed). ``your_turn``: True (a default hand-over step), a Markdown string, a :class:`Step`, or
    False. ``bots`` ({seat: bot} or one bot for every seat but the first) play against the reader on the
    hand-over step. ``presentation=True`` starts in the projector view (see :attr:`presentation`);
    ``teacher=True`` shows the board's teacher panel at the hand-over (rig, undo/redo, timeline, positions).

    Given a :class:`Lesson`, its questions are asked before their steps' reveal, its "your move" steps hand the
    board over for one move, and its task is set at the hand-over (see the module). ``progress``: where the
    learner's mastery is recorded (default ``tabletop.ui.progress.shared_store()``; ``None``: nowhere);
    ``lessons``: the game's ordered lessons, for the "Next lesson" link (default: ``tabletop.<game>.lessons``);
    ``strong_hint`` (default True): after the task's own hints, a last rung gives the strong player's top moves.
    ``bots`` given with a Lesson: those bots play the lesson's bot seats at the hand-over (``"mcts"``, ``"mcts:200"``).
    """

    def __init__(self, steps: Sequence[Step] | Lesson, *, board: type[BoardWidget] | BoardWidget,
                 new_game: Callable[[], Game[Any]] | None = None, your_turn: bool | str | Step = True,
                 bots: Any = None, title: str = "", start: int = 0,
                 board_kwargs: Mapping[str, Any] | None = None, presentation: bool = False,
                 teacher: bool = False, progress: Any = "shared",
                 lessons: Mapping[str, Lesson] | None = None, strong_hint: bool = True, **kwargs: Any) -> None:
        if not isinstance(presentation, bool):
            raise TypeError(f"presentation must be True or False, not {type(presentation).__name__}")
        if not isinstance(teacher, bool):
            raise TypeError(f"teacher must be True or False, not {type(teacher).__name__}")
        #: the teacher panel on the board at the hand-over (never on the read-only lesson steps)
        self.teacher = teacher
        if not isinstance(strong_hint, bool):
            raise TypeError(f"strong_hint must be True or False, not {type(strong_hint).__name__}")
        #: the hint ladder's last rung at a task: the strong player's top moves (tabletop.ui.advice)
        self.strong_hint = strong_hint
        self.lesson: Lesson | None = None
        if isinstance(steps, Lesson):
            if bots is not None:
                steps = lesson_with_bots(steps, bots)
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
                             "board or among the moves offered (keys **1–9**), **U** takes a move back. "
                             "Press **Back** (←) to see any step again: it restores that exact position.")
        elif isinstance(your_turn, str):
            hand_over = Step("Your turn", your_turn)
        elif isinstance(your_turn, Step):
            hand_over = your_turn
        else:
            hand_over = None
        self.steps: tuple[Step, ...] = (*steps, *((hand_over,) if hand_over else ()))
        self.has_your_turn = hand_over is not None
        #: where mastery is recorded: an object with ``see(clauses)`` and ``attempt(clauses, right, kind)``
        self.store: Recorder | None = _shared_store() if progress == "shared" else progress
        if self.store is not None and not (callable(getattr(self.store, "see", None))
                                           and callable(getattr(self.store, "attempt", None))):
            raise TypeError("progress must have see(clauses) and attempt(clauses, right, kind) (a ProgressStore)")
        self._lessons = lessons if lessons is not None else (_registry(self.lesson) if self.lesson else None)
        first = self._position(0)
        self.board: BoardWidget
        if isinstance(board, BoardWidget):
            # checked just above; mypy cannot narrow the class away, as BoardWidget has an untyped (Any) base
            self.board = cast(BoardWidget, board)
            self.board.game = first
        elif isinstance(board, type) and issubclass(board, BoardWidget):
            self.board = board(first, interactive=False, auto_bots=False, **dict(board_kwargs or {}))
        else:
            raise TypeError("board must be a BoardWidget subclass or instance")
        self.board.link_owner = self  # the page's link opens the lesson at a step: the lesson reads it
        self._link_read = False
        self._step = 0
        self._phase = "shown"
        self._moves_since = 0
        self._pacing = False  # True while handling a panel message: bots at the hand-over are paced
        self._quiet = False  # True while the walkthrough itself changes the board (not the reader's move)
        self._revealed: set[int] = set()  # steps whose question / your move the reader has been through
        self._q_game: Game[Any] | None = None  # the position a question is asked at
        self._ym_before: Game[Any] | None = None  # the position a your-move step hands over
        self._ym_scripted: Any = None  # the step's own last action
        self._ym_note = ""  # what the reveal after a your-move says
        self._task_state: dict[str, Any] = {}
        self._par: int | None = None
        self._par_known = False
        self._start_turns: int | None = None
        game = self.board.game
        self.panel = WalkthroughPanel(title=title or game.rules.title,
                                      lesson_steps=len(self.steps) - (1 if self.has_your_turn else 0),
                                      link_game=game.rules.name)
        texts = self._check_all()
        self.panel.steps = [self._step_json(i, s, texts[i]) for i, s in enumerate(self.steps)]
        self.panel.on_msg(self._on_msg)
        self.board.on_change(self._board_changed)
        self.board.observe(self._board_error, names="error")
        self.panel.layout = ipywidgets.Layout(flex="1 1 340px", min_width="300px", max_width="640px",
                                             margin="0 14px 10px 0")
        self.board.layout = ipywidgets.Layout(flex="2 1 560px", min_width="320px")
        layout = ipywidgets.Layout(display="flex", flex_flow="row wrap", align_items="flex-start", width="100%")
        children: list[Any] = [self.panel, self.board]
        if isinstance(self.store, ipywidgets.DOMWidget):
            children.append(self.store)  # rendered, so the learner's record loads from and saves to the browser
        super().__init__(children=children, layout=layout, **kwargs)
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
    def phase(self) -> str:
        """What of the step is shown: "question", "your-move" or "shown" (see :data:`PHASES`)."""
        return self._phase

    @property
    def game(self) -> Game[Any]:
        return self.board.game

    @property
    def task(self) -> Task | None:
        """The lesson's task at the hand-over (``None`` without a Lesson or a task)."""
        return self.lesson.task if self.lesson is not None and self.has_your_turn else None

    def __len__(self) -> int:
        return len(self.steps)

    def _first_phase(self, k: int) -> str:
        s = self.steps[k]
        if k in self._revealed:
            return "shown"
        if s.question is not None:
            return "question"
        if s.your_move is not None:
            return "your-move"
        return "shown"

    def goto(self, k: int, phase: str | None = None) -> None:
        """Show step ``k`` (0-based; negative counts from the end): replay steps 0..k on a fresh game.

        A step with a question first asks it (``phase="question"``), one with a your-move hands the board over
        for that move (``"your-move"``), each once; ``phase="shown"`` shows the step's outcome at once."""
        n = len(self.steps)
        if not isinstance(k, int) or isinstance(k, bool):
            raise TypeError("a step number must be an int")
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError(f"there are steps 0 to {n - 1}, not {k}")
        if phase is None:
            phase = self._first_phase(k)
        if phase not in PHASES:
            raise ValueError(f"a phase is one of {', '.join(PHASES)}, not {phase!r}")
        step = self.steps[k]
        if (phase == "question" and step.question is None) or (phase == "your-move" and step.your_move is None):
            raise ValueError(f"step {k + 1} ({step.title!r}) has no {phase} part")
        self._quiet = True
        try:
            if phase == "shown":
                self._show_step(k)
            else:
                self._show_part(k, phase)
        finally:
            self._quiet = False
        if phase == "shown" and self.has_your_turn and k == n - 1:
            self._start_task()

    def _lock(self, b: BoardWidget, notice: str) -> None:
        b.bots = None
        b.auto_bots = False
        b.interactive = False
        b.teacher = False
        b.notice = notice

    def _show_step(self, k: int) -> None:
        n = len(self.steps)
        game = self._position(k)
        hand_over = self.has_your_turn and k == n - 1
        n_lesson = n - (1 if self.has_your_turn else 0)
        b = self.board
        self._phase = "shown"
        self._q_game = self._ym_before = None
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
                # a refusal the step demonstrates: shown as part of the narration, not as an error box
                b.show_refusal(refusal.rule, f"Tried {self.steps[k].refuse_text(game)}: {refusal.reason}")
        self._step = k
        self._moves_since = 0
        your_move = self._your_move_json(k, done=True) if self.steps[k].your_move is not None else {}
        with self.panel.hold_sync():
            self.panel.error = None
            self.panel.moves_since = 0
            self.panel.step = k
            self.panel.phase = "shown"
            self.panel.question = self.panel.question if self._keeps_question(k) else {}
            self.panel.your_move = your_move
            self.panel.task = {}
            self.panel.version = self.panel.version + 1
        self._record_seen(k)
        if hand_over:
            # a bot seat to play at the hand-over moves first (paced when the reader pressed Next); that is not
            # the reader's move. Undo then stops at the position the bots hand to the reader.
            b.run_bots(paced=self._pacing)
            b.set_undo_floor(HAND_OVER_UNDO)
            self._moves_since = 0
            self.panel.moves_since = 0

    def _keeps_question(self, k: int) -> bool:
        """After the reveal the answered question stays in the panel (with its feedback) above the outcome."""
        q = self.panel.question
        return bool(q) and q.get("step") == k

    def _show_part(self, k: int, phase: str) -> None:
        """A question (asked at ``prelude(question.after)``) or a your-move (board handed over at
        ``prelude(-1)``) of step ``k``, on the position after the steps before it."""
        step = self.steps[k]
        n_lesson = len(self.steps) - (1 if self.has_your_turn else 0)
        label = lesson_step_label(k, n_lesson, False)
        game = self._position(k - 1)
        b = self.board
        try:
            if phase == "question":
                assert step.question is not None
                step.prelude(game, step.question.after)
            else:
                rest = step.prelude(game, -1)
                self._ym_scripted = resolve(game, rest[0])
        except (IllegalAction, RigError, LookupError, ValueError) as exc:
            if isinstance(exc, StepError):
                raise
            raise StepError(f"step {k + 1} ({step.title!r}) cannot reach its {phase} position: {exc}") from exc
        self._phase = phase
        with b.hold_sync():
            if phase == "question":
                self._lock(b, f"{label}: a question first. Answer it beside the board, then press Next (→) "
                              "to see what happens.")
            else:
                b.bots = None
                b.auto_bots = False
                b.teacher = False
                b.interactive = True
                b.notice = f"{label}: your move. Make it on the board (or press Show me)."
            b.game = game.fork() if phase == "your-move" else game
        if phase == "question":
            self._q_game = game
            self._ym_before = None
        else:
            self._q_game = None
            self._ym_before = game.fork()
            b.set_undo_floor("this is the position the step asks you to move from", after_bots=False)
        self._step = k
        self._moves_since = 0
        with self.panel.hold_sync():
            self.panel.error = None
            self.panel.moves_since = 0
            self.panel.step = k
            self.panel.phase = phase
            self.panel.question = self._question_json(k, game) if phase == "question" else (
                self.panel.question if self._keeps_question(k) else {})
            self.panel.your_move = self._your_move_json(k) if phase == "your-move" else {}
            self.panel.task = {}
            self.panel.version = self.panel.version + 1

    def _hand_over_bots(self, game: Game[Any]) -> Any:
        if self.lesson is not None and self.lesson.bots:
            from ..sim import mcts  # noqa: F401 - registers the search bot's names with the engine

            return self.lesson.make_bots(game)  # the lesson's own bot table
        return self.bots

    def next(self) -> None:
        """The next part of the lesson: the reveal of a question or your-move step, else the next step."""
        if self._phase != "shown":
            self.reveal()
        elif self._step < len(self.steps) - 1:
            self.goto(self._step + 1)

    def back(self) -> None:
        if self._step > 0:
            self.goto(self._step - 1)

    def your_turn(self) -> None:
        """Jump to the hand-over."""
        self.goto(len(self.steps) - 1)

    def reveal(self) -> None:
        """Go on from a question (to the step's your-move, else its outcome) or a your-move (to the outcome)."""
        k = self._step
        if self._phase == "question" and self.steps[k].your_move is not None:
            self.goto(k, "your-move")
            return
        self._revealed.add(k)
        self.goto(k, "shown")

    # -- questions -------------------------------------------------------------------------------------
    def _clause_info(self, ids: Sequence[str]) -> list[dict[str, str]]:
        clauses = self.board.clauses
        out = []
        for c in ids:
            entry = clauses.get(c) or {}
            out.append({"id": c, "title": str(entry.get("title", "")), "says": str(entry.get("says", ""))})
        return out

    def _question_json(self, k: int, game: Game[Any]) -> dict[str, Any]:
        q = self.steps[k].question
        assert q is not None
        return {"step": k, "prompt": render_markdown(q.prompt_text(game)), "choices": q.choice_texts(game),
                "multiple": q.multiple, "feedback": None}

    def answer(self, picked: int | Sequence[int]) -> Feedback:
        """Answer the question shown (a choice index, or several when it takes several): judged by the engine,
        recorded in the learner's mastery, and shown with its clause and reason. ``ValueError`` if not a valid
        pick, ``RuntimeError`` when no question waits for an answer."""
        k = self._step
        q = self.steps[k].question
        if self._phase != "question" or q is None or self._q_game is None:
            raise RuntimeError("no question is asked now")
        if self.panel.question.get("feedback") is not None:
            raise RuntimeError("this question is answered; press Next (→) to see what happens")
        fb = q.judge(self._q_game, picked)
        self._record("attempt", q.clause_ids(self._q_game), fb.correct, "question")
        info = self._clause_info([fb.rule])[0]
        with self.panel.hold_sync():
            self.panel.question = {**self.panel.question, "feedback": {
                "correct": fb.correct, "rule": fb.rule, "title": info["title"], "says": info["says"],
                "reason": fb.reason, "right": sorted(fb.right), "picked": sorted(fb.picked)}}
            self.panel.version = self.panel.version + 1
        return fb

    # -- your move -------------------------------------------------------------------------------------
    def _your_move_json(self, k: int, *, done: bool = False) -> dict[str, Any]:
        ym = self.steps[k].your_move
        assert ym is not None
        old = self.panel.your_move if self.panel.your_move.get("step") == k else {}
        if old.get("prompt"):
            prompt_html = str(old["prompt"])
        else:  # the prompt is written at the position it asks about: before the step's last action
            game = self._ym_before
            if game is None:
                game = self._position(k - 1)
                self.steps[k].prelude(game, -1)
            prompt_html = render_markdown(ym.prompt_text(game))
        return {"step": k, "prompt": prompt_html, "clauses": self._clause_info(ym.clauses),
                "feedback": old.get("feedback") if done else None, "done": done,
                "note": self._ym_note if done else "", "tries": int(old.get("tries", 0)),
                "shown": bool(old.get("shown")) if done else False}

    def _judge_move(self) -> None:
        """The reader's move at a your-move step: accepted -> the step's outcome; else explained, taken back."""
        k = self._step
        ym = self.steps[k].your_move
        before = self._ym_before
        g = self.board.game
        if ym is None or before is None or len(g.history) <= len(before.history):
            return
        action = g.history[len(before.history)].action
        ok, rule, reason = ym.judge(before, action, self._ym_scripted)
        self._record("attempt", ym.clauses, ok, "your-move")
        info = self._clause_info([rule])[0]
        fb = {"accepted": ok, "rule": rule, "title": info["title"], "says": info["says"], "reason": reason,
              "action": str(action)}
        tries = int(self.panel.your_move.get("tries", 0)) + 1
        if ok:
            same = action == self._ym_scripted
            self._ym_note = "" if same else (f"The lesson goes on with its own move, {self._ym_scripted}, so the "
                                             "narration matches the board.")
            self.panel.your_move = {**self.panel.your_move, "feedback": fb, "tries": tries}
            self._revealed.add(k)
            self._pacing_safe(lambda: self.goto(k, "shown"))
            return
        self._take_back(before)
        with self.panel.hold_sync():
            self.panel.your_move = {**self.panel.your_move, "feedback": fb, "tries": tries}
            self.panel.version = self.panel.version + 1

    def _take_back(self, before: Game[Any]) -> None:
        b = self.board
        self._quiet = True
        try:
            b.game = before.fork()
            b.set_undo_floor("this is the position the step asks you to move from", after_bots=False)
        finally:
            self._quiet = False

    def _pacing_safe(self, fn: Callable[[], Any]) -> None:
        pacing, self._pacing = self._pacing, False
        try:
            fn()
        finally:
            self._pacing = pacing

    def _refused_move(self, err: Mapping[str, Any]) -> None:
        """A move the board refused at a your-move step: a wrong try, explained with the rule."""
        k = self._step
        ym = self.steps[k].your_move
        if ym is None:
            return
        self._record("attempt", ym.clauses, False, "your-move")
        rule = str(err.get("rule", ""))
        info = self._clause_info([rule])[0]
        fb = {"accepted": False, "rule": rule, "title": info["title"] or str(err.get("title", "")),
              "says": info["says"], "reason": str(err.get("reason", "")), "action": "", "refused": True}
        tries = int(self.panel.your_move.get("tries", 0)) + 1
        with self.panel.hold_sync():
            self.panel.your_move = {**self.panel.your_move, "feedback": fb, "tries": tries}
            self.panel.version = self.panel.version + 1

    def show_me(self) -> None:
        """At a your-move step: play the step's own last action, then show the outcome."""
        if self._phase != "your-move":
            raise RuntimeError("no move is asked for now")
        self._ym_note = f"Shown: {self._ym_scripted}."
        self.panel.your_move = {**self.panel.your_move, "shown": True}
        self.reveal()

    # -- the task at the hand-over ---------------------------------------------------------------------
    def _start_task(self) -> None:
        task = self.task
        if task is None:
            return
        assert self.lesson is not None
        if self._start_turns is None:
            handed, _bots = self.lesson.handed_over()
            self._start_turns = len(handed.history)
        self._task_state = {"status": "playing", "hints": [], "recorded": False, "stars": 0}
        self._update_task()

    def _par_value(self) -> int | None:
        if not self._par_known and self.task is not None and self.lesson is not None:
            self._par_known = True
            try:
                self._par = self.task.par_for(*self.lesson.handed_over())
            except (StepError, IllegalAction, ValueError):
                self._par = None
        return self._par

    def _learner_moves(self) -> int:
        g = self.board.game
        start = self._start_turns or 0
        bots = set(self.board.bots)
        return sum(1 for turn in g.history[start:] if turn.action is not None and turn.player not in bots)

    def _update_task(self, what: str = "") -> None:
        """Recheck the task on the current position (every board change at the hand-over). A failed attempt
        stays failed (the game played on after it) until Try again, or an undo takes the failing move back."""
        task = self.task
        st = self._task_state
        if task is None or not st or self._step != len(self.steps) - 1 or self._phase != "shown":
            return
        g = self.board.game
        start = self._start_turns or 0
        if st["status"] == "failed" and what == "undo":
            st["status"] = "playing"
        if st["status"] == "off":
            st["note"] = ("The board no longer plays on from the lesson's hand-over (a new game or a set-up "
                          "position), so the task is not checked here. Press Try again to go back to it.")
        if st["status"] == "playing" and len(g.history) >= start:
            events = events_since(g, start)
            if task.reached(g, events):
                st["status"] = "done"
                st["moves"] = self._learner_moves()
                par = self._par_value()
                st["stars"] = stars(st["moves"], par if par is not None else st["moves"], len(st["hints"]))
                try:
                    st["success"] = render_markdown(task.success_text(g))
                except Exception as exc:  # an authored sentence that cannot be written is not the reader's fault
                    st["success"] = render_markdown(f"(the success sentence failed: {type(exc).__name__})")
                self._record("attempt", task.clauses, True, "task")
                st["recorded"] = True
            else:
                why = task.failure(g, events)
                if why:
                    st["status"] = "failed"
                    st["failure"] = render_markdown(why)
                    if not st["recorded"]:
                        self._record("attempt", task.clauses, False, "task")
                        st["recorded"] = True
                else:
                    st["status"] = "playing"
        assert self.lesson is not None
        par = self._par_value()
        self.panel.task = {
            "goal": render_markdown(task.goal), "players": self.lesson.players_text(g),
            "clauses": self._clause_info(task.clauses), "status": st["status"],
            "moves": st.get("moves", self._learner_moves()), "par": par, "stars": st.get("stars", 0),
            "hints": list(st["hints"]), "hints_total": self._hints_total(),
            "strong": st.get("strong"), "strong_rung": self.strong_hint,
            "success": st.get("success", "") if st["status"] == "done" else "",
            "failure": st.get("failure", "") if st["status"] == "failed" else "",
            "note": st.get("note", "") if st["status"] == "off" else "",
            "next": next_lesson(self.lesson, self._lessons)}

    def _hints_total(self) -> int:
        """The rungs of the hint ladder: the task's own hints, then (``strong_hint``) the strong player's moves."""
        task = self.task
        return 0 if task is None else len(task.hints) + (1 if self.strong_hint else 0)

    def _strong_problem(self) -> str | None:
        """Why the strong player's rung cannot be asked now (``None``: it can)."""
        g = self.board.game
        seat = g.current_player
        if seat is None:
            return "the game is over: there is no move to suggest"
        if seat in self.board.bots:
            return f"it is {g.players[seat]}'s move (a bot's); ask when it is your move"
        return None

    def hint(self) -> str:
        """The task's next hint (each one costs a star), at the current position. After the task's own hints, the
        last rung (``strong_hint``) is "what would a strong player do here?": the search bot's top moves
        (:func:`tabletop.ui.advice.strong_moves`), with their shares and estimated chances of winning."""
        task = self.task
        st = self._task_state
        if task is None or not st or self._step != len(self.steps) - 1:
            raise RuntimeError("there is no task here")
        if st["status"] == "done":
            raise RuntimeError("the task is done; press Try again to play it once more")
        k = len(st["hints"])
        if k >= self._hints_total():
            raise RuntimeError(f"all {self._hints_total()} hints are shown")
        if k < len(task.hints):
            text = task.hint(self.board.game, k)
        else:
            problem = self._strong_problem()
            if problem:
                raise RuntimeError(problem)
            data = strong_moves(self.board.game)
            text = advice_markdown(data)
            st["strong"] = {"index": k, "turn": len(self.board.game.history) - 1, "intro": advice_intro(data),
                            "note": advice_note(data), "simulations": data["simulations"], "seed": data["seed"],
                            "moves": shown_moves(data)}
        st["hints"].append(render_markdown(text))
        self._update_task()
        return text

    def retry(self) -> None:
        """Try the task again: back to the hand-over position."""
        if self.task is None:
            raise RuntimeError("there is no task here")
        self.goto(len(self.steps) - 1, "shown")

    # -- mastery ---------------------------------------------------------------------------------------
    def _record(self, what: str, clauses: Sequence[str], right: bool = False, kind: str = "") -> None:
        store = self.store
        ids = [c for c in dict.fromkeys(clauses) if c]
        if store is None or not ids:
            return
        try:
            if what == "see":
                store.see(ids)
            else:
                store.attempt(ids, right, kind)
        except Exception:  # the learner's record must never break the lesson
            self.log.exception("tabletop walkthrough: recording progress failed")

    def _record_seen(self, k: int) -> None:
        ids = [r["id"] for r in self.panel.steps[k]["rules"]] if k < len(self.panel.steps) else []
        self._record("see", ids)

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
                "your_turn": self.has_your_turn and i == len(self.steps) - 1,
                "question": s.question is not None, "your_move": s.your_move is not None}

    # -- messages from the panel (untrusted) -----------------------------------------------------------
    def _on_msg(self, _w: Any, content: Any, _b: Any) -> None:
        try:
            self.handle_message(content)
        except Exception as exc:  # the browser must always get an answer, never a traceback in the notebook
            self.log.exception("tabletop walkthrough: message failed")
            self._refuse("ui.internal", f"{type(exc).__name__}: {exc}")

    def handle_message(self, content: Any) -> bool:
        p = self.panel
        if not isinstance(content, Mapping) or content.get("type") not in PANEL_MESSAGES:
            return self._refuse("ui.message", "expected {type: 'goto', step, version}, {type: 'presentation', on, "
                                "version} or a lesson control ('answer', 'reveal', 'show_me', 'hint', 'retry')")
        # messages that change nothing the version guards: the page's link (sent once, when the panel is first
        # drawn) and a rule's code (tabletop.ui.source)
        if content["type"] in ("link", "source"):
            return self._open_link(content.get("fragment")) if content["type"] == "link" else self._send_source(content)
        stale = version_problem(content, p.version, "walkthrough")
        if stale:
            return self._refuse(*stale)
        kind = content["type"]
        if kind == "presentation":
            on = content.get("on")
            if not isinstance(on, bool):
                return self._refuse("ui.message", "the projector view's 'on' must be true or false")
            if on == self.presentation:
                return False
            self.presentation = on
            return True
        self._pacing = True
        try:
            if kind == "goto":
                k = content.get("step")
                if not isinstance(k, int) or isinstance(k, bool):
                    return self._refuse("ui.message", "the step must be a whole number")
                if not 0 <= k < len(self.steps):
                    return self._refuse("ui.message", f"there is no step {k + 1} (steps 1 to {len(self.steps)})")
                self.goto(k)
            elif kind == "answer":
                return self._answer_message(content.get("picked"))
            elif kind == "reveal":
                if self._phase == "shown":
                    return self._refuse("ui.question", "this step is already shown; press Next (→) for the next one")
                self.reveal()
            elif kind == "show_me":
                if self._phase != "your-move":
                    return self._refuse("ui.your-move", "this step does not ask you for a move now")
                self.show_me()
            elif kind == "hint":
                if self.task is None or self._step != len(self.steps) - 1:
                    return self._refuse("ui.task", "hints are for the task at “Your turn”")
                st = self._task_state
                if st.get("status") == "done":
                    return self._refuse("ui.task", "the task is done; press Try again to play it once more")
                if len(st.get("hints", [])) >= self._hints_total():
                    return self._refuse("ui.task", f"all {self._hints_total()} hints are shown")
                if len(st.get("hints", [])) >= len(self.task.hints):
                    problem = self._strong_problem()
                    if problem:
                        return self._refuse("ui.task", f"the strong player's moves: {problem}")
                self.hint()
            else:
                if self.task is None or self._step != len(self.steps) - 1:
                    return self._refuse("ui.task", "Try again is for the task at “Your turn”")
                self.retry()
        except StepError as exc:
            return self._refuse("ui.step", str(exc))
        finally:
            self._pacing = False
        return True

    def _send_source(self, content: Mapping[str, Any]) -> bool:
        self.panel.send(source_message(self.board.game.rules, content.get("rule"), self.board.clauses or None))
        return False

    def _open_link(self, text: Any) -> bool:
        """The page's link (``#tt-game=...&tt-step=k``: :mod:`tabletop.ui.links`), read once: a link to this
        lesson's game opens the lesson at step ``k``. A bad link is shown with its field and the lesson stays at
        its start; nothing is raised."""
        if self._link_read:
            return False
        self._link_read = True
        try:
            link = links.parse(text, steps=len(self.steps))
        except links.LinkError as exc:
            return self._refuse("ui.link", f"{exc.field}: {exc.reason}; the lesson opens at its start")
        if link is None or link.game != self.board.game.rules.name:
            return False
        if link.position is not None:
            return self._refuse("ui.link", "tt-position: a lesson's link opens it at a step ('tt-step'); a position "
                                "is for a board; the lesson opens at its start")
        if link.step is None:
            return False
        try:
            self.goto(link.step - 1)
        except StepError as exc:
            return self._refuse("ui.step", str(exc))
        return True

    def link(self, base: str = "") -> str:
        """A link to this lesson at its current step: ``base`` (the page's address) with the fragment; only the
        fragment when ``base`` is empty."""
        link = links.Link(self.board.game.rules.name, self._step + 1)
        return links.share_url(base, link) if base else link.fragment()

    def _answer_message(self, picked: Any) -> bool:
        q = self.steps[self._step].question
        if self._phase != "question" or q is None or self._q_game is None:
            return self._refuse("ui.question", "no question is asked now")
        if self.panel.question.get("feedback") is not None:
            return self._refuse("ui.question", "this question is answered; press Next (→) to see what happens")
        n = len(self.panel.question.get("choices", []))
        if isinstance(picked, int) and not isinstance(picked, bool):
            picked = [picked]
        if (not isinstance(picked, list) or not picked or len(picked) > n
                or any(not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < n for i in picked)
                or len(set(picked)) != len(picked)):
            return self._refuse("ui.message", f"the answer's 'picked' must list choices from 0 to {n - 1}, each once")
        if not q.multiple and len(picked) != 1:
            return self._refuse("ui.message", "this question takes one choice ('picked' has one number)")
        self.answer(picked if q.multiple else picked[0])
        return True

    def _refuse(self, rule: str, reason: str) -> bool:
        n = (self.panel.error or {}).get("n", 0) + 1
        title = WALK_RULES.get(rule, "")
        self.panel.error = {"rule": rule, "reason": reason, "title": title, "n": n}
        return False

    def _board_changed(self, board: BoardWidget, what: str) -> None:
        if self._quiet:
            return
        if self._phase == "your-move":
            if what in ("act", "bot"):  # a click, a key, or Bot move: the learner's move at this step
                self._judge_move()
            return
        if self._step == len(self.steps) - 1 and self._task_state:
            if what in ("game", "setup") and self._task_state.get("status") in ("playing", "failed"):
                # a teaching position, a set-up or Play again: no longer the lesson's hand-over; the task waits
                self._task_state["status"] = "off"
                self._task_state["failure"] = ""
            if what in ("act", "bot", "undo", "redo", "game", "setup"):
                self._update_task(what)
        if what in ("game", "setup"):  # a teaching position, a set-up, Play again: a new start, no moves made yet
            self._moves_since = 0
            self.panel.moves_since = 0
            return
        if what == "bot" and board.last_move is not None and board.last_move.get("bot"):
            return  # a bot's reply is not a move of the reader's
        if what in ("act", "bot", "undo"):
            delta = -1 if what == "undo" else 1
            self._moves_since = max(0, self._moves_since + delta)
            self.panel.moves_since = self._moves_since

    def _board_error(self, change: Mapping[str, Any]) -> None:
        err = change.get("new")
        if self._quiet or self._phase != "your-move" or not isinstance(err, Mapping):
            return
        rule = str(err.get("rule", ""))
        if rule.startswith("ui.") or err.get("demo"):
            return
        self._refused_move(err)

    # -- static fallback -------------------------------------------------------------------------------
    def static_html(self) -> str:
        parts = ['<div class="tt-static tt-static-walkthrough" style="font-family:system-ui,sans-serif;'
                 'font-size:16px;line-height:1.45;max-width:60em">',
                 f"<h3>{html.escape(self.panel.title)}: {self.panel.lesson_steps} lesson steps"
                 f"{', then “Your turn”' if self.has_your_turn else ''}</h3><ol>"]
        for s, js in zip(self.steps, self.panel.steps, strict=True):
            badges = " ".join(f"<code>{html.escape(r['id'])}</code>" for r in js["rules"])
            extra = ""
            if s.question is not None and not callable(s.question.prompt):
                extra += f"<p><i>Question first:</i> {html.escape(s.question.prompt)}</p>"
            if s.your_move is not None and not callable(s.your_move.prompt):
                extra += f"<p><i>Your move:</i> {html.escape(s.your_move.prompt)}</p>"
            parts.append(f"<li><b>{html.escape(s.title)}</b> {badges}{extra}{js['html']}</li>")
        if self.task is not None:
            parts.append(f"<li><b>Your task:</b> {html.escape(self.task.goal)} "
                         + " ".join(f"<code>{html.escape(c)}</code>" for c in self.task.clauses) + "</li>")
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


__all__ = ["HAND_OVER_UNDO", "PANEL_MESSAGES", "PHASES", "WALK_RULES", "Step", "StepError", "Walkthrough",
           "WalkthroughPanel", "lesson_step_label", "next_lesson", "render_markdown"]
