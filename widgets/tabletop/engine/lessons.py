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

from .bots import Bot, RandomBot
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
            if isinstance(a, str) and not a.lstrip().startswith("{"):
                a = game.find(a)
            game.play(a)
        return [e for turn in game.history[start:] for e in turn.events]


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
            else:
                raise StepError(f"lesson {self.id}: no bot {bot!r} (known: {', '.join(sorted(table))})")
        return out


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


__all__ = ["Fact", "HAND_OVER_BOT_LIMIT", "Lesson", "Step", "StepError", "YOUR_TURN_MD", "check_lesson",
           "human_to_move"]
