"""Lessons: step-through teaching scripts whose narration is a contract that tests enforce.

A :class:`Lesson` is a fresh game (``new_game()``, same every time: give it a seed) and a list of
:class:`Step`. Step ``k``'s position is the replay of steps ``0..k`` (each step's rigs, then its actions), so a
lesson is legal play with rigged chance and saves/replays like any game. Each step *declares what it shows*:

- ``fires``: clause ids that must appear in the events of that step's own actions (or be the clause of the
  step's ``refuse`` refusal);
- ``facts``: :class:`Fact` s, the claims its narration makes about the position ("Blue has 3 Solvalou
  Markers"), each with a check evaluated on the step's position. Every step declares at least one.

``md`` may be a function of the step's position, so the parts of a sentence that name a player or a number
are generated and cannot drift. :func:`check_lesson` replays a lesson and lists every broken promise, naming
lesson, step and claim; the tests run it on every lesson of every game. Nothing here imports a widget: the
kit's ``Walkthrough`` (``tabletop.ui``) shows a Lesson beside a board.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, RandomBot, family_of
from .errors import IllegalAction, RigError
from .events import Event
from .game import Game

StepActions = Sequence[Any] | Callable[[Game[Any]], Any]
Check = Callable[[Game[Any]], Any]

#: the most bot moves the hand-over check lets bots make before a human seat must be to move
HAND_OVER_BOT_LIMIT = 400


class StepError(ValueError):
    """A lesson step that cannot be replayed (an illegal action, an impossible rig...)."""


@dataclass(frozen=True)
class Fact:
    """A claim the narration makes about the step's position, and how to check it.

    ``check(game)`` is evaluated on the position *after* the step; it returns ``True`` when the claim holds
    (anything else, or an exception, is a broken claim; a returned string is shown as the reason).
    """

    claim: str
    check: Check

    def verdict(self, game: Game[Any]) -> str | None:
        """``None`` when the claim holds, else why not (in words)."""
        try:
            ok = self.check(game)
        except Exception as exc:  # a check that crashes is a broken claim, reported with its error
            return f"its check raised {type(exc).__name__}: {exc}"
        if ok is True:
            return None
        if isinstance(ok, str) and ok:
            return ok
        return "it is false on the board at this step"


@dataclass(frozen=True)
class Step:
    """One lesson step: a title, Markdown narration, chance to rig, then actions to play.

    ``md`` is Markdown, or a function ``md(game)`` of the position after the step that returns it.
    ``actions`` is a list of Actions / action dicts / action keys / plain words matched with ``game.find``, or
    a callable ``f(game)`` that plays moves itself or returns such a list. ``rules`` names the clause ids the
    step teaches (shown as badges; clause ids written in the narration are found too). ``fires`` and
    ``facts`` are the step's contract (see the module). ``refuse`` is an action (same forms as ``actions``)
    the rules must refuse at the end of the step: the board shows the refusal with its clause and reason.
    """

    title: str
    md: str | Callable[[Game[Any]], str] = ""
    rig: Mapping[str, Any] | None = None
    actions: StepActions = ()
    rules: Sequence[str] = field(default_factory=tuple)
    refuse: Any = None
    fires: Sequence[str] = field(default_factory=tuple)
    facts: Sequence[Fact] = field(default_factory=tuple)
    #: a question asked before the board shows this step's outcome (see :class:`Question`)
    question: Question | None = None
    #: the learner makes this step's last action on the board (see :class:`YourMove`)
    your_move: YourMove | None = None

    def text(self, game: Game[Any]) -> str:
        """The narration at this step's position (``game`` is the position after the step)."""
        return self.md(game) if callable(self.md) else self.md

    def refuse_text(self, game: Game[Any]) -> str:
        try:
            return str(game.decode(self.refuse))
        except ValueError:
            return repr(self.refuse)

    def refusal(self, game: Game[Any]) -> IllegalAction | None:
        """The refusal of ``refuse`` in ``game`` (tried on a fork); ``StepError`` if the rules accept it."""
        if self.refuse is None:
            return None
        a = self.refuse
        try:
            if isinstance(a, str) and not a.lstrip().startswith("{"):
                matches = [x for x in game.legal_actions() if a.lower() in str(x).lower()]
                if matches:
                    raise StepError(f"step {self.title!r}: {a!r} is legal here, but the step shows it refused")
                raise StepError(f"step {self.title!r}: give the refused move as an Action or dict, not words")
            game.fork().play(a)
        except IllegalAction as exc:
            return exc
        except ValueError as exc:
            if isinstance(exc, StepError):
                raise
            return IllegalAction(f"{game.rules.name}.actions", str(exc))
        raise StepError(f"step {self.title!r}: the rules accept {a!r}, but the step shows it refused")

    def apply(self, game: Game[Any]) -> list[Event]:
        """Rig, then play this step's actions on ``game``; return the events they caused."""
        start = len(game.history)
        if self.rig:
            game.rig(**dict(self.rig))
        acts = self.actions
        if callable(acts):
            acts = acts(game) or ()
        for a in acts:
            game.play(resolve(game, a))
        return [e for turn in game.history[start:] for e in turn.events]

    def prelude(self, game: Game[Any], n: int | None) -> list[Any]:
        """Rig, then play only the first ``n`` of this step's actions (``None``: all; negative: all but the
        last ``-n``) on ``game``; return the actions not played, resolved to Actions as far as they can be.

        A question is asked at ``prelude(game, question.after)``'s position; a "your move" step hands the board
        over at ``prelude(game, -1)``'s. Step actions given as a callable cannot be split (``StepError``)."""
        if self.rig:
            game.rig(**dict(self.rig))
        acts = self.actions
        if callable(acts):
            if n is not None:
                raise StepError(f"step {self.title!r}: a question or your-move step lists its actions, "
                                "it does not compute them")
            acts = acts(game) or ()
        acts = list(acts)
        k = len(acts) if n is None else n if n >= 0 else len(acts) + n
        if not 0 <= k <= len(acts):
            raise StepError(f"step {self.title!r} has {len(acts)} actions; it cannot stop after {n}")
        for a in acts[:k]:
            game.play(resolve(game, a))
        return acts[k:]


def resolve(game: Game[Any], a: Any) -> Any:
    """A step's action in any of its forms (Action, dict, key, plain words) as the Action ``game`` would play."""
    if isinstance(a, str) and not a.lstrip().startswith("{"):
        return game.find(a)
    return game.decode(a)


#: the default hand-over narration (a Walkthrough's last step)
YOUR_TURN_MD = ("The board is yours now: play from this position. Pick a move on the board or in the list of "
                "legal moves (keys **1–9**); **U** takes a move back. Press **Back** (←) to see any lesson step "
                "again: it restores that exact position.")


@dataclass(frozen=True)
class Lesson:
    """A step-through lesson: ``id`` (e.g. ``"zaxxon/06"``), a title, its steps, and a fresh game.

    ``bots`` maps the seats that bots play at the hand-over to a bot (a :class:`Bot`, a Bot class, or a name
    looked up in ``bot_table``); every other seat is a human reader. ``hand_over``: ``True`` (the default
    "Your turn" step), a Markdown string, a :class:`Step`, or ``False`` (no hand-over).
    """

    id: str
    title: str
    steps: tuple[Step, ...]
    new_game: Callable[[], Game[Any]]
    bots: Mapping[int, Any] = field(default_factory=dict)
    bot_table: Mapping[str, type[Bot]] = field(default_factory=dict)
    hand_over: bool | str | Step = True
    #: what the learner must do at the hand-over, checked by the engine (see :class:`Task`)
    task: Task | None = None
    #: the learner plays every seat at the hand-over on purpose (a lesson about hot-seat play); otherwise the
    #: hand-over needs an opponent, a bot
    hot_seat: bool = False
    #: the lesson's notebook file, in its game's folder of notebooks (e.g. "06_radar_barrier.ipynb"): the
    #: "Next lesson" link of the lesson before it points there
    notebook: str = ""

    def players_text(self, game: Game[Any]) -> str:
        """Who plays whom at the hand-over, in words: "You play Blue (Player 1); a bot (greedy) plays Red."."""
        humans = [str(game.players[s]) for s in range(len(game.players)) if s not in self.bots]
        bots = [f"{game.players[s]}" for s in sorted(self.bots)]
        names = sorted({b if isinstance(b, str) else getattr(b, "name", type(b).__name__)
                        for b in self.bots.values()})
        you = " and ".join(humans) if humans else "nobody"
        if not self.bots:
            return f"You play {you} (hot seat: you make every seat's moves)."
        kind = ", ".join(str(n) for n in names)
        return f"You play {you}; a bot ({kind}) plays {' and '.join(bots)} and answers by itself."

    def handed_over(self) -> tuple[Game[Any], dict[int, Bot]]:
        """The position the learner is handed and the bots that play on from it: every step played, then the
        bots' replies until a human seat is to move (a board's hand-over does exactly this)."""
        game = self.game_at(len(self.all_steps) - 1)
        bots = self.make_bots(game)
        for _ in range(HAND_OVER_BOT_LIMIT):
            seat = game.current_player
            if seat is None or seat not in bots or game.is_over:
                break
            game.play(bots[seat].choose(game, game.legal_actions()))
        return game, bots

    def exercised(self) -> tuple[str, ...]:
        """Every clause id this lesson's task, questions and your-move steps exercise (in order, once each)."""
        ids: list[str] = list(self.task.clauses) if self.task else []
        for s in self.steps:
            if s.question is not None:
                ids.extend(s.question.clauses)
            if s.your_move is not None:
                ids.extend(s.your_move.clauses)
        return tuple(dict.fromkeys(ids))

    @property
    def all_steps(self) -> tuple[Step, ...]:
        """The steps, with the hand-over step last (when there is one)."""
        h = self.hand_over_step
        return (*self.steps, *((h,) if h is not None else ()))

    @property
    def hand_over_step(self) -> Step | None:
        h = self.hand_over
        if h is True:
            return Step("Your turn", YOUR_TURN_MD, facts=(Fact("a human seat is to move", human_to_move(self)),))
        if isinstance(h, str):
            return Step("Your turn", h, facts=(Fact("a human seat is to move", human_to_move(self)),))
        if isinstance(h, Step):
            return h
        return None

    def game_at(self, k: int) -> Game[Any]:
        """A fresh game with steps ``0..k`` of :attr:`all_steps` played."""
        game = self.new_game()
        for i, s in enumerate(self.all_steps[: k + 1]):
            _apply(s, i, game)
        return game

    def make_bots(self, game: Game[Any]) -> dict[int, Bot]:
        table: dict[str, type[Bot]] = {"random": RandomBot, **dict(self.bot_table)}
        out: dict[int, Bot] = {}
        for seat, bot in self.bots.items():
            if isinstance(bot, Bot):
                out[seat] = bot
            elif isinstance(bot, type) and issubclass(bot, Bot):
                out[seat] = bot(seed=game.seed + seat)
            elif isinstance(bot, str) and bot in table:
                out[seat] = table[bot](seed=game.seed + seat)
            elif isinstance(bot, str) and (make := family_of(bot)) is not None:
                try:  # the kit's search bot, by name ("mcts", "mcts:200"; registered by tabletop.sim.mcts)
                    out[seat] = make(table, bot, game.seed + seat)
                except (KeyError, ValueError) as exc:
                    raise StepError(f"lesson {self.id}: bots (seat {seat}): {exc}") from None
            else:
                raise StepError(f"lesson {self.id}: bots (seat {seat}): no bot {bot!r} (known: "
                                f"{', '.join(sorted(table))}, and the search bot 'mcts' or 'mcts:N' once "
                                "tabletop.sim.mcts is imported, as boards and lessons do)")
        return out


# == issue 20: a task at every hand-over, questions before the reveal, "your move" steps ========================
#: what a task's check and fail predicates are given: the game, and the events since the hand-over
TaskCheck = Callable[[Game[Any], Sequence[Event]], Any]
#: a hint: a sentence, or a function of the current position that writes one
Hint = str | Callable[[Game[Any]], str]
#: the most actions (the learner's and the bots') a task's solution may take
SOLUTION_LIMIT = 2000


def stars(moves: int, par: int, hints: int = 0) -> int:
    """The grade of a completed task, 1 to 3 stars (lichess "Learn" style).

    Three stars at par or under, two up to twice par, one beyond; each hint used takes one star (never below 1).
    ``moves`` and ``par`` count the learner's own actions since the hand-over (bots' replies are not counted).
    """
    if moves < 0 or par < 0 or hints < 0:
        raise ValueError("moves, par and hints are counts, never negative")
    base = 3 if moves <= par else 2 if moves <= 2 * max(par, 1) else 1
    return max(1, base - hints)


@dataclass(frozen=True)
class Task:
    """What the learner must do at a lesson's hand-over, and how the engine knows it was done.

    - ``goal``: one sentence ("Cross the RADAR barrier legally and wake Zaxxon");
    - ``clauses``: the clause ids the task exercises (recorded in the learner's mastery when it is done);
    - ``check(game, events)``: True once the goal is reached, judged from the position and ``events`` (every event
      since the hand-over), never from clicks;
    - ``plan``: the learner's side of a solution: a list of actions (the same forms as ``Step.actions``) or a
      policy ``plan(game) -> action`` for the learner's next move from any position. :meth:`solution` plays it
      with the lesson's bots answering;
    - ``hints``: ordered, from the rule's words, to the piece or area to look at, to a move that makes progress
      (a hint may be a function of the current position);
    - ``success``: which rule made it work, said when the check turns True (a string or a function of the game);
    - ``fail(game, events)``: a reason when the attempt can no longer succeed (``None`` while it still can); a
      finished game that did not reach the goal always fails;
    - ``par``: the learner's moves in a good solution (default: those of :meth:`solution`).
    """

    goal: str
    clauses: tuple[str, ...]
    check: TaskCheck
    plan: Sequence[Any] | Callable[[Game[Any]], Any]
    hints: tuple[Hint, ...] = ()
    success: str | Callable[[Game[Any]], str] = ""
    fail: TaskCheck | None = None
    par: int | None = None

    def reached(self, game: Game[Any], events: Sequence[Event]) -> bool:
        """Whether the goal is reached (a check that raises counts as not reached)."""
        try:
            return self.check(game, events) is True
        except Exception:
            return False

    def failure(self, game: Game[Any], events: Sequence[Event]) -> str | None:
        """Why this attempt can no longer succeed, or ``None`` while it still can (or once it has)."""
        if self.reached(game, events):
            return None
        if self.fail is not None:
            try:
                why = self.fail(game, events)
            except Exception as exc:
                why = f"the task's failure check raised {type(exc).__name__}: {exc}"
            if isinstance(why, str) and why:
                return why
        if game.is_over:
            w = game.winner
            who = "nobody" if w is None else str(game.players[w])
            return f"The game ended ({who} won) before the goal was reached."
        return None

    def hint(self, game: Game[Any], k: int) -> str:
        """Hint ``k`` (0-based) at this position."""
        h = self.hints[k]
        return h(game) if callable(h) else h

    def success_text(self, game: Game[Any]) -> str:
        s = self.success
        return s(game) if callable(s) else s

    def next_move(self, game: Game[Any], done: Sequence[Any] = ()) -> Any:
        """The plan's next move for the learner at ``game`` (``done``: the learner's actions so far), or None.

        A policy is asked directly; a list of actions gives its next entry while the learner has followed it
        (``done`` is a prefix of the plan), else ``None``."""
        plan = self.plan
        try:
            if callable(plan):
                return plan(game)
            done_l = list(done)
            keys = [resolve(game, a) for a in plan[: len(done_l) + 1]]
        except (IllegalAction, LookupError, ValueError):
            return None
        if len(keys) <= len(done_l) or keys[: len(done_l)] != done_l:
            return None
        return keys[len(done_l)]

    def solution(self, game: Game[Any], bots: Mapping[int, Bot]) -> list[Any]:
        """The whole sequence of actions (the learner's and the bots' replies) that reaches the goal from
        ``game`` (the hand-over position; played on a fork, ``game`` is not changed), as a game record.

        Raises :class:`StepError` if the plan does not reach the goal."""
        g = game.fork()
        start = len(g.history)
        done: list[Any] = []
        out: list[Any] = []
        for _ in range(SOLUTION_LIMIT):
            events = [e for t in g.history[start:] for e in t.events]
            if self.reached(g, events):
                return out
            if g.is_over:
                raise StepError(f"task {self.goal!r}: the game ended before the plan reached the goal")
            seat = g.current_player
            if seat is not None and seat in bots:
                act = bots[seat].choose(g, g.legal_actions())
            else:
                act = self.next_move(g, done)
                if act is None:
                    raise StepError(f"task {self.goal!r}: the plan has no move left and the goal is not reached")
                act = resolve(g, act)
                done.append(act)
            try:
                g.play(act)
            except IllegalAction as exc:
                raise StepError(f"task {self.goal!r}: the plan's move {act} is refused: {exc.reason}") from exc
            out.append(act)
        raise StepError(f"task {self.goal!r}: no goal after {SOLUTION_LIMIT} actions")

    def par_for(self, game: Game[Any], bots: Mapping[int, Bot]) -> int:
        """:attr:`par`, or the learner's moves in :meth:`solution` from ``game``."""
        if self.par is not None:
            return self.par
        g = game.fork()
        n = 0
        for act in self.solution(game, bots):
            if g.current_player not in bots:
                n += 1
            g.play(act)
        return n


@dataclass(frozen=True)
class Answer:
    """The engine's answer to a :class:`Question`: the right choices (indices), why, and the deciding clause."""

    right: frozenset[int]
    reason: str
    rule: str


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after answering: right or not, the clause, the reason, the right choices."""

    correct: bool
    rule: str
    reason: str
    right: frozenset[int]
    picked: frozenset[int]


@dataclass(frozen=True)
class Question:
    """A question asked *before* the board shows the outcome of its step.

    It is asked at the position before the step's actions (its rigs made): ``prompt`` and ``choices`` (strings,
    or functions of that position), and ``answer(game) -> Answer`` computes the right choices from the engine
    (``explain``, legal actions, a fork played ahead), never from a typed answer key. ``multiple``: the learner
    may pick several choices (all right ones, and only those, are a right answer). ``clauses`` are recorded in
    the learner's mastery (default: the answer's clause).
    """

    prompt: str | Callable[[Game[Any]], str]
    choices: Sequence[str] | Callable[[Game[Any]], Sequence[str]]
    answer: Callable[[Game[Any]], Answer]
    multiple: bool = False
    clauses: tuple[str, ...] = ()
    #: how many of the step's actions are played before the question is asked (``None``: all of them, for a
    #: question about a refusal the step shows; negative: all but that many)
    after: int | None = 0

    def prompt_text(self, game: Game[Any]) -> str:
        return self.prompt(game) if callable(self.prompt) else self.prompt

    def choice_texts(self, game: Game[Any]) -> list[str]:
        c = self.choices(game) if callable(self.choices) else self.choices
        return [str(x) for x in c]

    def judge(self, game: Game[Any], picked: Sequence[int] | int) -> Feedback:
        """Judge the learner's pick (a choice index, or several when ``multiple``) at ``game``."""
        n = len(self.choice_texts(game))
        chosen = frozenset([picked] if isinstance(picked, int) else picked)
        if not chosen or any(not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < n for i in chosen):
            raise ValueError(f"pick one of the choices 0 to {n - 1}")
        if not self.multiple and len(chosen) != 1:
            raise ValueError("this question takes one choice")
        ans = self.answer(game)
        return Feedback(chosen == ans.right, ans.rule, ans.reason, ans.right, chosen)

    def clause_ids(self, game: Game[Any]) -> tuple[str, ...]:
        return self.clauses or (self.answer(game).rule,)


def choice_of(choices: Sequence[str], right: str | Sequence[str], reason: str, rule: str) -> Answer:
    """An :class:`Answer` naming the right choice(s) by text (each must be one of ``choices``)."""
    want = [right] if isinstance(right, str) else list(right)
    idx = frozenset(list(choices).index(w) for w in want)
    return Answer(idx, reason, rule)


#: what a "your move" step's acceptance test returns: True, or why the move does not do what the step asks
Accept = Callable[[Game[Any], Any], Any]


@dataclass(frozen=True)
class YourMove:
    """A step whose last action the learner makes on the board (a worked example that fades into a problem).

    The step's other actions are played first; then ``prompt`` asks for the move. ``accept(game, action)``
    (``game``: the position before it) says whether a legal move fulfils the step's intent: True, or a reason in
    words (default: only the step's own last action). A refused or unaccepted move is explained and taken back;
    **Show me** plays the step's own last action. ``clauses`` are recorded in the learner's mastery.
    """

    prompt: str | Callable[[Game[Any]], str]
    clauses: tuple[str, ...]
    accept: Accept | None = None

    def prompt_text(self, game: Game[Any]) -> str:
        return self.prompt(game) if callable(self.prompt) else self.prompt

    def judge(self, game: Game[Any], action: Any, scripted: Any) -> tuple[bool, str, str]:
        """``(accepted, rule, reason)`` for the learner's ``action`` at ``game`` (not changed)."""
        try:
            act = game.decode(action)
        except ValueError as exc:
            return False, f"{game.rules.name}.actions", str(exc)
        refusal = game.explain(act)
        if refusal is not None:
            return False, refusal.rule, refusal.reason
        rule = self.clauses[0] if self.clauses else f"{game.rules.name}.actions"
        if self.accept is None:
            ok: Any = act == game.decode(scripted)
            why = f"it is legal, but this step asks for {game.decode(scripted)}"
        else:
            try:
                ok = self.accept(game, act)
            except Exception as exc:
                ok = f"its check raised {type(exc).__name__}: {exc}"
            why = ok if isinstance(ok, str) and ok else "it is legal, but it does not do what this step asks"
        if ok is True:
            return True, rule, f"{act}: that is it."
        return False, rule, why


def human_to_move(lesson: Lesson) -> Check:
    """A check: after the bots of ``lesson`` have replied, a human seat is to move and has a legal move."""

    def check(game: Game[Any]) -> Any:
        g = game.fork()
        bots = lesson.make_bots(g)
        for _ in range(HAND_OVER_BOT_LIMIT):
            seat = g.current_player
            if seat is None or seat not in bots:
                break
            g.play(bots[seat].choose(g, g.legal_actions()))
        if g.is_over:
            return "the game is already over at the hand-over"
        if g.current_player in bots:
            return "the bots never hand the move to a human seat"
        if not g.legal_actions():
            return "the seat to move has no legal move"
        return True

    return check


def _apply(step: Step, i: int, game: Game[Any]) -> list[Event]:
    try:
        return step.apply(game)
    except (IllegalAction, RigError, LookupError, ValueError) as exc:
        if isinstance(exc, StepError):
            raise
        raise StepError(f"step {i + 1} ({step.title!r}) cannot be replayed: {exc}") from exc


def check_lesson(lesson: Lesson, *, known_clauses: Sequence[str] | None = None) -> list[str]:
    """Replay ``lesson`` step by step; return every broken promise (empty: the lesson cannot lie).

    Checks, per step: it replays; it declares at least one fact; each declared fact holds on its position;
    each ``fires`` clause fired in the step's own events (or is its refusal's clause); ``refuse`` is refused;
    ``rules``/``fires`` name clauses of the catalog (when ``known_clauses`` is given). The hand-over step
    (if any) must leave a human seat to move with a legal move, after the bots' replies.
    """
    problems: list[str] = []
    game = lesson.new_game()
    known = set(known_clauses) if known_clauses is not None else None
    for i, step in enumerate(lesson.all_steps):
        where = f"lesson {lesson.id}, step {i + 1} ({step.title!r})"
        try:
            events = _apply(step, i, game)
            refusal = step.refusal(game)
        except StepError as exc:
            problems.append(f"{where}: {exc}")
            return problems  # later positions are meaningless
        fired = {e.rule for e in events} | ({refusal.rule} if refusal is not None else set())
        for cid in step.fires:
            if cid not in fired:
                problems.append(f"{where}: clause {cid} was declared to fire but did not "
                                f"(fired: {', '.join(sorted(fired)) or 'nothing'})")
        if known is not None:
            for cid in (*step.rules, *step.fires):
                if cid not in known:
                    problems.append(f"{where}: clause {cid} is not in the catalog")
        if not step.facts:
            problems.append(f"{where}: declares no fact about the position its narration describes")
        for fact in step.facts:
            why = fact.verdict(game)
            if why is not None:
                problems.append(f"{where}: claim {fact.claim!r} does not hold: {why}")
        try:
            step.text(game)
        except Exception as exc:
            problems.append(f"{where}: its narration cannot be written: {type(exc).__name__}: {exc}")
        if i == len(lesson.steps) and lesson.hand_over_step is not None:
            why = Fact("a human seat is to move", human_to_move(lesson)).verdict(game)
            if why is not None:
                problems.append(f"{where}: the hand-over is not playable: {why}")
    return problems


def events_since(game: Game[Any], start: int) -> list[Event]:
    """Every event of ``game`` after its first ``start`` turns (the events since a hand-over)."""
    return [e for t in game.history[start:] for e in t.events]


def check_learning(lesson: Lesson, *, known_clauses: Sequence[str] | None = None) -> list[str]:
    """Every broken promise of ``lesson``'s task, questions and your-move steps (empty: none).

    The lesson must have a task unless it has no hand-over, and at least one question. The task's goal is not
    already reached at the hand-over; its solution, replayed from the hand-over with fresh bots, reaches it only
    at its last action, and every bot reply in it is the move the bot makes there. A lesson that is not
    ``hot_seat`` has a bot at the hand-over. Every question's answer is computed at its position, names valid
    choices (one, unless ``multiple``) and a clause of the catalog; every your-move step accepts its own move.
    """
    problems: list[str] = []
    known = set(known_clauses) if known_clauses is not None else None
    where = f"lesson {lesson.id}"

    def clause_ok(cid: str, what: str) -> None:
        if known is not None and cid not in known:
            problems.append(f"{where}: {what} names clause {cid}, which is not in the catalog")

    if lesson.hand_over_step is not None:
        if lesson.task is None:
            problems.append(f"{where}: the hand-over has no task")
        if not lesson.bots and not lesson.hot_seat:
            problems.append(f"{where}: the hand-over has no opponent (give it a bot, or mark it hot_seat)")
    if not any(s.question is not None for s in lesson.steps):
        problems.append(f"{where}: no step asks a question before its reveal")
    game = lesson.new_game()
    for i, step in enumerate(lesson.steps):
        w = f"{where}, step {i + 1} ({step.title!r})"
        for item, n in ((step.question, getattr(step.question, "after", 0)), (step.your_move, -1)):
            if item is None:
                continue
            pos = game.fork()
            try:
                rest = step.prelude(pos, n)
            except (StepError, IllegalAction, RigError, LookupError, ValueError) as exc:
                problems.append(f"{w}: cannot reach the position it asks at: {exc}")
                continue
            if isinstance(item, Question):
                _question_problems(item, pos, w, problems, clause_ok)
            else:
                _your_move_problems(item, pos, rest, w, problems, clause_ok)
        try:
            _apply(step, i, game)
        except StepError as exc:
            problems.append(f"{w}: {exc}")
            return problems
    task = lesson.task
    if task is not None and lesson.hand_over_step is not None:
        _task_problems(lesson, task, where, problems, clause_ok)
    return problems


def _question_problems(item: Question, pos: Game[Any], w: str, problems: list[str],
                       clause_ok: Callable[[str, str], None]) -> None:
    """check_learning's promises of a question, asked at ``pos`` (``w`` says which step)."""
    try:
        texts = item.choice_texts(pos)
        item.prompt_text(pos)
        ans = item.answer(pos)
    except Exception as exc:
        problems.append(f"{w}: its question cannot be asked: {type(exc).__name__}: {exc}")
        return
    if len(texts) < 2 or len(set(texts)) != len(texts):
        problems.append(f"{w}: a question needs two or more different choices, not {texts}")
    if not ans.right or any(not 0 <= r < len(texts) for r in ans.right):
        problems.append(f"{w}: the answer {sorted(ans.right)} is not among the {len(texts)} choices")
    if not item.multiple and len(ans.right) != 1:
        problems.append(f"{w}: a one-choice question has {len(ans.right)} right choices")
    if not ans.reason:
        problems.append(f"{w}: the answer gives no reason")
    for cid in (ans.rule, *item.clauses):
        clause_ok(cid, "its question")


def _your_move_problems(item: YourMove, pos: Game[Any], rest: Sequence[Any], w: str, problems: list[str],
                        clause_ok: Callable[[str, str], None]) -> None:
    """check_learning's promises of a your-move step at ``pos``, whose own actions are ``rest``."""
    if not rest:
        problems.append(f"{w}: a your-move step has no action of its own to ask for")
        return
    ok, _rule, why = item.judge(pos, resolve(pos, rest[0]), rest[0])
    if not ok:
        problems.append(f"{w}: its own move is not accepted: {why}")
    if not item.clauses:
        problems.append(f"{w}: a your-move step names no clause")
    for cid in item.clauses:
        clause_ok(cid, "its your-move")


def _task_problems(lesson: Lesson, task: Task, where: str, problems: list[str],
                   clause_ok: Callable[[str, str], None]) -> None:
    """check_learning's promises of the task at the hand-over: goal, clauses, hints, and its solution."""
    for cid in task.clauses:
        clause_ok(cid, "its task")
    if not task.goal or not task.clauses:
        problems.append(f"{where}: the task needs a goal and the clauses it exercises")
    if len(task.hints) < 3:
        problems.append(f"{where}: the task has {len(task.hints)} hints; it needs three (the rule's words, "
                        "where to look, a move that makes progress)")
    try:
        start, bots = lesson.handed_over()
    except (StepError, IllegalAction, RigError, LookupError, ValueError) as exc:
        problems.append(f"{where}: the hand-over cannot be reached: {exc}")
        return
    n0 = len(start.history)
    if task.reached(start, []):
        problems.append(f"{where}: the task's goal is already reached at the hand-over")
    for k in range(len(task.hints)):
        try:
            task.hint(start, k)
        except Exception as exc:
            problems.append(f"{where}: hint {k + 1} cannot be written: {type(exc).__name__}: {exc}")
    try:
        sol = task.solution(start, bots)
    except StepError as exc:
        problems.append(f"{where}: {exc}")
        return
    if not sol:
        problems.append(f"{where}: the task's solution is empty")
        return
    _solution_problems(lesson, task, sol, n0, where, problems)


def _solution_problems(lesson: Lesson, task: Task, sol: Sequence[Any], n0: int, where: str,
                       problems: list[str]) -> None:
    """check_learning's promises of the task's solution ``sol``, replayed from the hand-over with fresh bots
    (``n0``: the hand-over's length of history)."""
    g, fresh = lesson.handed_over()  # the same position, with bots of their own
    for j, act in enumerate(sol):
        seat = g.current_player
        if seat in fresh:
            want = fresh[seat].choose(g, g.legal_actions())
            if want != act:
                problems.append(f"{where}: solution action {j + 1} ({act}) is not the bot's reply ({want})")
                return
        try:
            g.play(act)
        except IllegalAction as exc:
            problems.append(f"{where}: solution action {j + 1} ({act}) is refused: {exc.reason}")
            return
        hit = task.reached(g, events_since(g, n0))
        if hit and j < len(sol) - 1:
            problems.append(f"{where}: the goal is reached after solution action {j + 1} of {len(sol)}")
            return
        if not hit and j == len(sol) - 1:
            problems.append(f"{where}: the goal is not reached at the end of the solution")
    try:
        task.success_text(g)
    except Exception as exc:
        problems.append(f"{where}: the success sentence cannot be written: {type(exc).__name__}: {exc}")


__all__ = ["Answer", "Fact", "Feedback", "Question", "Task", "YourMove", "check_learning", "choice_of",
           "events_since", "resolve", "stars", "HAND_OVER_BOT_LIMIT", "Lesson", "Step", "StepError", "YOUR_TURN_MD", "check_lesson",
           "human_to_move"]
