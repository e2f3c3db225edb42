"""A game-agnostic Monte Carlo tree search bot over the ``Rules`` protocol: ``bots="mcts"`` or ``"mcts:200"``.

    from tabletop.sim.mcts import MCTSBot
    bot = MCTSBot(seed=1, simulations=400)
    action = bot.choose(game, game.legal_actions())
    for move in bot.analyse(game)[:3]:      # "what would a strong player do here?"
        print(move)                          # the action, its share of the visits, its estimated value

How it searches (UCT, Kocsis & Szepesvari 2006, in its open-loop, information-set form: Cowling, Powley &
Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012, the "SO-ISMCTS" of its Section
IV.B, which OpenSpiel's ``ismcts.py`` also implements). Each simulation starts from a fresh *determinization*
of the position the bot's seat sees:

* **chance is sampled, never peeked at.** A game's dice come from a counter-based generator of its seed, so a plain
  fork would replay the real game's future rolls. Every simulation gets its own chance generator, seeded from the
  bot's own random numbers: outcomes are drawn from the rules' own distributions, and values are averaged over
  them (as OpenSpiel's ``MCTSBot`` samples ``chance_outcomes()``);
* **hidden information is sampled.** Rules that hide something from a seat (a face-down Battle Card, a shuffled
  deck) offer ``sample_hidden(state, seat, rng) -> state``: a copy of ``state`` in which everything ``seat`` cannot
  see is redrawn at random, consistently with what it can see. The bot calls it at the start of every simulation,
  so it never reads what its seat cannot see. Rules without it are searched as if nothing but future chance were
  hidden (true of Zaxxon and Xevoz; a game with secrets must offer the hook before its seats use this bot);
* **the tree holds action sequences**, so one tree serves every determinization: at each node the legal actions
  of the current determinization are the candidates, one untried action is expanded per simulation, and the
  others are chosen by UCB1 over each edge's mean reward for the seat that moved, counting an edge's visits
  against the number of times it was *available* (ISMCTS's availability counts);
* **playouts** are uniformly random, cut off after ``playout_depth`` actions (boardgame.io's ``playoutDepth``;
  by default the rules' own ``playout_depth`` attribute when they have one, else 200: Super Xevious and Zaxxon
  ask for 40, Xevoz for 60, so a 1,000-simulation decision takes well under a second on every game); a
  cut-off or step-capped playout is scored by the rules' ``evaluate(state) -> one value in [0, 1] per seat`` when
  they offer it, else as a draw (``1 / seats`` each). A finished game scores 1 for the winner and 0 for the others
  (a game without a winner: ``1 / seats`` each);
* **a game's strategy** (:func:`strategy_for`: ``STRATEGY`` in the game's ``bots`` module, written in its
  ``strategy.py`` on the kit's :class:`HeuristicStrategy`) makes the search play well: its ``playout_bot(seed)``
  plays the playouts (the game's greedy or sensible bot, ``epsilon`` of its moves still uniformly random: Silver &
  Tesauro's heuristic rollouts), its ``evaluate(rules, state)`` scores the cut-off ones (a softmax of each seat's
  ``standing``) and its ``playout_depth`` cuts them; the playout bot's own move at the root gets a prior bonus
  ``prior_bias * sqrt(N) / (1 + n)`` (PUCT's, Silver et al. 2017, a progressive bias, Chaslot et al. 2008), so the
  search starts from the heuristic's move and leaves it only for one its simulations find better; and its
  ``exploration`` sets the UCB1 constant (evaluated rewards lie close together: the 1.4 made for win / loss
  rewards would spread the visits almost evenly). ``MCTSBot(strategy=False)`` searches as above without it;
* the move played is the root's most visited action (ties: the first in the rules' order). A decision
  (:meth:`MCTSBot.choose`) stops its simulation budget early once no other move could overtake that one with the
  simulations left: the same move, fewer simulations.

Speed: with rules that reuse their Context (``Rules.reuses_context``, all three games) one simulation game and one
counting Context serve the whole search, and each simulation only copies the state and gets fresh dice; other rules
get a fork per simulation, played through ``Game.play``. ``benchmarks/mcts_bench.py`` prints the figures beside
OpenSpiel's own ``MCTSBot`` measured in the same run.

Budget: ``simulations`` (default 200; reproducible: the same seed, position and budget give the same move) or
``max_time`` seconds (a time limit: stronger on a faster machine, so not reproducible). The bot's own random
numbers come from its seed (``Bot.rng``), so a simulated game with MCTS bots replays exactly. Searching reads
options of the variant only through the real game's own variant, so the simulator's shared games stay exact.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..engine import Action, Bot, Game
from ..engine.bots import register_bot_family
from ..engine.chance import Chance

#: the budget of ``MCTSBot()`` and of ``bots="mcts"`` on a game whose strategy names none (simulations per decision;
#: each game's strategy names its own: :func:`game_simulations`)
DEFAULT_SIMULATIONS = 200
#: actions a playout may take before it is cut off and evaluated
PLAYOUT_DEPTH = 200
#: the UCB1 exploration constant (rewards are in [0, 1])
EXPLORATION = 1.4
#: the largest budget a bot name may ask for
MAX_SIMULATIONS = 1_000_000


class _Edge:
    __slots__ = ("node", "n", "w", "avail")

    def __init__(self) -> None:
        self.node: dict[Any, _Edge] = {}  # the child node: its edges by action
        self.n = 0  # visits
        self.w = 0.0  # total reward of the seat that played this action
        self.avail = 0  # how often this action was legal when its parent was visited


@dataclass(frozen=True)
class MoveStat:
    """One candidate move of the searched position: how many simulations went through it, their share of the
    root's visits, and its estimated value for the seat to move (its mean reward: the chance of winning, a draw
    counting ``1 / seats``)."""

    action: Action
    visits: int
    share: float
    value: float

    def __str__(self) -> str:
        return f"{self.action}: {100 * self.share:.0f}% of the visits, value {self.value:.2f}"


class MCTSBot(Bot):
    """Information-set Monte Carlo tree search (see the module text) for any game of the kit."""

    name = "mcts"

    def __init__(self, *, seed: int | None = None, simulations: int | None = DEFAULT_SIMULATIONS,
                 max_time: float | None = None, exploration: float | None = None,
                 playout_depth: int | None = None, strategy: bool = True) -> None:
        super().__init__(seed=seed)
        if simulations is None and max_time is None:
            raise ValueError("an MCTS bot needs a budget: simulations (a whole number) or max_time (seconds)")
        if simulations is not None and (isinstance(simulations, bool) or not isinstance(simulations, int)
                                        or not 1 <= simulations <= MAX_SIMULATIONS):
            raise ValueError(f"simulations must be a whole number from 1 to {MAX_SIMULATIONS}, not {simulations!r}")
        if max_time is not None and not (isinstance(max_time, int | float) and 0 < max_time < math.inf):
            raise ValueError(f"max_time must be a number of seconds above 0, not {max_time!r}")
        if playout_depth is not None and (isinstance(playout_depth, bool) or not isinstance(playout_depth, int)
                                          or playout_depth < 0):
            raise ValueError(f"playout_depth must be a whole number of actions (0 or more), not {playout_depth!r}")
        self.simulations = simulations
        self.max_time = max_time
        if exploration is not None and (isinstance(exploration, bool) or not isinstance(exploration, int | float)
                                        or not 0 <= exploration < math.inf):
            raise ValueError(f"exploration must be a number of 0 or more, not {exploration!r}")
        self.exploration = None if exploration is None else float(exploration)
        self.playout_depth = playout_depth
        self.use_strategy = bool(strategy)
        self.last: list[MoveStat] = []
        #: the simulations the last search ran (its budget, or fewer when :meth:`choose` stopped it early)
        self.last_simulations = 0

    def __repr__(self) -> str:
        budget = f"simulations={self.simulations}" if self.simulations is not None else f"max_time={self.max_time}"
        return f"MCTSBot({budget})"

    def choose(self, game: Game[Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        stats = self.analyse(game, legal, decide=True)
        return stats[0].action

    def simulation_chance(self, game: Game[Any], seed: int) -> Chance:
        """The chance generator of one simulation: a fresh one of ``seed`` (drawn from the bot's own numbers) over
        the rules' outcomes, never the real game's (which would replay its future rolls). A subclass that returns
        a copy of ``game.chance`` sees the future (``benchmarks/xevious_bound.py``'s clairvoyant oracle: a
        measuring instrument, not a player)."""
        return Chance(seed, game.rules.chance_domains)

    def _strategy(self, game: Game[Any], moves: Sequence[Action]) -> tuple[
            Callable[..., Sequence[float]] | None, Bot | None, float, float, Any, int, float]:
        """How this search plays out and judges positions: ``(evaluate, policy, epsilon, bias, favoured, depth,
        exploration)`` from the game's search strategy (when it has one and the bot uses it), else the rules' own
        hooks, random playouts and :data:`EXPLORATION`; the bot's own ``playout_depth`` and ``exploration``, when
        given, take the place of the strategy's."""
        rules = game.rules
        strategy = strategy_for(rules) if self.use_strategy else None
        evaluate: Callable[..., Sequence[float]] | None = getattr(rules, "evaluate", None)
        policy: Bot | None = None
        epsilon = 1.0
        if strategy is not None:
            judge = getattr(strategy, "evaluate", None)
            if judge is not None:
                evaluate = partial(judge, rules)
            make_policy = getattr(strategy, "playout_bot", None)
            if make_policy is not None:
                policy = make_policy(self.rng.getrandbits(62))
                epsilon = float(getattr(strategy, "epsilon", 0.0))
        # the playout bot's own choice here, favoured at the root as a prior is in PUCT (Silver et al. 2017: a
        # bonus ``bias * sqrt(N) / (1 + n)``, a progressive bias, Chaslot et al. 2008): the search starts from
        # what the heuristic would play and leaves it only for a move its simulations find clearly better
        bias = float(getattr(strategy, "prior_bias", 0.0)) if policy is not None else 0.0
        favoured: Any = policy.choose(game, moves) if bias > 0 and policy is not None else None
        explore = self.exploration
        if explore is None:
            explore = getattr(strategy, "exploration", None)
        depth = self.playout_depth
        if depth is None:
            depth = getattr(strategy, "playout_depth", None)
        if depth is None:
            depth = getattr(rules, "playout_depth", PLAYOUT_DEPTH)
        return evaluate, policy, epsilon, bias, favoured, int(depth), float(EXPLORATION if explore is None else explore)

    def analyse(self, game: Game[Any], legal: Sequence[Action] | None = None, *,
                decide: bool = False) -> list[MoveStat]:
        """Search the position of ``game`` (for its seat to move) and return every legal move with its visits,
        share and value, most visited first: what a strong player would consider here. Also kept as ``last``.

        ``decide=True`` (what :meth:`choose` asks): stop a simulation budget early once the most visited move
        leads every other by more visits than the simulations left, so that none could overtake it: the move is
        the one the whole budget would give, the statistics are those of the simulations run."""
        rules = game.rules
        root_state = game.raw_state
        seat = rules.current_player(root_state)
        if seat is None:
            raise ValueError("the game is over: there is no move to search")
        moves = list(legal) if legal is not None else list(rules.legal_actions(root_state))
        if not moves:
            raise ValueError(f"{rules.title}: seat {seat} has no legal action")
        seats = len(game.players)
        sample_hidden: Callable[..., Any] | None = getattr(rules, "sample_hidden", None)
        evaluate, policy, epsilon, bias, favoured, depth_cap, explore = self._strategy(game, moves)
        lean = rules.reuses_context
        rng = self.rng
        below = rng.randrange
        current, legal_actions, apply, copy_state = (rules.current_player, rules.legal_actions, rules.apply,
                                                     rules.copy_state)
        make_chance = self.simulation_chance
        counter, version = game.chance.counter, game.version
        chooser: Callable[[Any, Sequence[Action]], Action] | None = policy.choose if policy is not None else None
        coin = rng.random
        view: Any = None
        scratch: dict[Any, int] = {}  # the searches' rule firings: never the real game's
        root: dict[Any, _Edge] = {}
        root_visits = 0
        draw = 1.0 / max(seats, 1)
        deadline = time.perf_counter() + self.max_time if self.max_time is not None else math.inf
        budget = self.simulations if self.simulations is not None else MAX_SIMULATIONS
        sims = 0
        settle = decide and self.simulations is not None  # a simulation budget: it may stop once settled
        log, sqrt = math.log, math.sqrt
        ctx: Any = None
        if lean:  # one simulation game and one counting Context serve every simulation: only state and dice change
            g = game.fork_at(root_state, chance_counter=counter, version=version)
            g.safe, g.keep_log, g.tally = False, False, scratch
            ctx = g.counting_context()
            view = _View(rules)
        while sims < budget and (sims == 0 or time.perf_counter() < deadline):
            sims += 1
            # a copy of the position, with what the seat cannot see redrawn
            chance = make_chance(game, rng.getrandbits(62))  # this simulation's own dice: sampled, not peeked at
            step: Callable[[Action, int], None]
            if lean:  # as the simulator's worker plays: the rules applied directly, rule firings only counted
                state = copy_state(root_state)
                if sample_hidden is not None:
                    state = sample_hidden(state, seat, rng)
                ctx.chance = chance
                step = partial(_apply_counted, apply, state, ctx)
                view.raw_state = state
            else:
                start = root_state if sample_hidden is None else sample_hidden(copy_state(root_state), seat, rng)
                g = game.fork_at(start, chance_counter=counter, version=version)
                g.chance = chance
                g.safe, g.keep_log, g.tally = False, False, scratch
                state = g.raw_state
                step = partial(_play, g.play)
                view = g
            # selection and expansion
            path: list[tuple[_Edge, int]] = []
            node = root
            acts: Sequence[Action] = moves
            while True:
                p = current(state)
                if p is None:
                    break
                if node is not root:
                    acts = legal_actions(state)
                    if not acts:
                        break
                untried = None
                for a in acts:
                    e = node.get(a)
                    if e is None:
                        if untried is None:
                            untried = [a]
                        else:
                            untried.append(a)
                    else:
                        e.avail += 1
                if untried is not None:
                    act = untried[below(len(untried))] if len(untried) > 1 else untried[0]
                    if favoured is not None and node is root and favoured in untried:
                        act = favoured
                    edge = node[act] = _Edge()
                    edge.avail = 1
                    path.append((edge, p))
                    step(act, p)
                    break
                best = -1.0
                act = acts[0]
                edge = node[act]
                for a in acts:
                    e = node[a]
                    en = e.n
                    score = e.w / en + explore * sqrt(log(e.avail) / en)
                    if favoured is not None and node is root and a == favoured:
                        score += bias * sqrt(root_visits + 1) / (en + 1)
                    if score > best:
                        best, act, edge = score, a, e
                path.append((edge, p))
                step(act, p)
                node = edge.node
            # playout
            depth = 0
            over = False
            while True:
                p = current(state)
                if p is None:
                    over = True
                    break
                if depth >= depth_cap:
                    break
                acts = legal_actions(state)
                n_acts = len(acts)
                if not n_acts:
                    over = True
                    break
                if n_acts == 1:
                    step(acts[0], p)
                elif chooser is not None and (not epsilon or coin() >= epsilon):
                    step(chooser(view, acts), p)
                else:
                    step(acts[below(n_acts)], p)
                depth += 1
            rewards = _rewards(rules, state, over, evaluate, seats)
            root_visits += 1
            _backup(path, rewards, draw)
            if settle and _settled(root, budget - sims):
                break
        stats = _root_stats(root, moves, root_visits)
        self.last = stats
        self.last_simulations = sims
        return stats


def _rewards(rules: Any, state: Any, over: bool, evaluate: Callable[..., Sequence[float]] | None,
             seats: int) -> list[float]:
    """A simulation's result for every seat: 1 / 0 for a finished game's winner and the others (an even share
    each when nobody wins), else the evaluation of the cut-off position (clipped to [0, 1]), else an even share."""
    draw = 1.0 / max(seats, 1)
    if over:
        w = rules.winner(state)
        return [draw] * seats if w is None else [1.0 if s == w else 0.0 for s in range(seats)]
    if evaluate is not None:
        return [min(1.0, max(0.0, float(x))) for x in evaluate(state)]
    return [draw] * seats


def _backup(path: list[tuple[_Edge, int]], rewards: Sequence[float], draw: float) -> None:
    """One simulation's result along its path: a visit per edge, and the reward of the seat that moved there (an
    even share for a seat the rewards do not cover)."""
    n_rewards = len(rewards)
    for e, mover in path:
        e.n += 1
        e.w += rewards[mover] if 0 <= mover < n_rewards else draw


def _settled(root: dict[Any, _Edge], left: int) -> bool:
    """Does the root's most visited move lead every other by more than ``left`` visits (so it stays the most
    visited whatever the remaining simulations do)?"""
    first = second = 0
    for e in root.values():
        n = e.n
        if n > first:
            first, second = n, first
        elif n > second:
            second = n
    return first - second > left


def _root_stats(root: dict[Any, _Edge], moves: Sequence[Action], root_visits: int) -> list[MoveStat]:
    """Every legal move with its visits, share and value, most visited first (ties in the rules' order)."""
    total = max(root_visits, 1)
    order = {id(a): i for i, a in enumerate(moves)}
    stats = []
    for a in moves:
        e = root.get(a)
        n = e.n if e is not None else 0
        stats.append(MoveStat(a, n, n / total, (e.w / n) if e is not None and n else math.nan))
    stats.sort(key=lambda m: (-m.visits, order[id(m.action)]))
    return stats


class _View:
    """What a playout bot reads of a simulation (``rules``, ``raw_state``, ``current_player``), as of a Game."""

    __slots__ = ("rules", "raw_state")

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.raw_state: Any = None

    @property
    def current_player(self) -> int | None:
        p: int | None = self.rules.current_player(self.raw_state)
        return p


class HeuristicStrategy:
    """The skeleton every game's search strategy shares (``strategy.py`` of each game subclasses it and gives only
    its :meth:`standing`): playouts by the game's own heuristic bot (``playout_bot``, ``epsilon`` of their moves
    uniformly random), cut off after ``playout_depth`` actions and scored by :meth:`evaluate`, the heuristic's
    own move favoured at the root (``prior_bias``), and the UCB1 constant the search uses with it
    (``exploration``: an evaluation's values lie close together, so the bot's default of 1.4, made for win / loss
    rewards, would spread the visits almost evenly).

    :meth:`evaluate` turns the seats' standings into shares of the win: a softmax of ``standing / scale`` (for
    two seats the logistic of the difference of the two standings), 1 / 0 once the rules name a winner and
    :meth:`finished` otherwise says how a position that needs no standing ends."""

    #: actions a playout may take before it is cut off and evaluated
    playout_depth: int = 40
    #: the share of the playouts' moves still chosen uniformly at random (so the playouts stay varied)
    epsilon: float = 0.1
    #: the weight of the root's prior on the playout bot's own move (PUCT's bonus ``bias * sqrt(N) / (1 + n)``)
    prior_bias: float = 1.0
    #: the UCB1 exploration constant of a search with this strategy (``None``: the bot's own)
    exploration: float | None = None
    #: the temperature of the softmax (the logistic) that turns standings into shares of the win
    scale: float = 1.0
    #: the simulations per decision of ``bots="mcts"`` on this game (``None``: :data:`DEFAULT_SIMULATIONS`)
    simulations: int | None = None

    def __init__(self, playout: type[Bot]) -> None:
        self.playout = playout

    def playout_bot(self, seed: int) -> Bot:
        """The bot that plays the playouts (a fresh one per search, seeded from the search's own numbers)."""
        return self.playout(seed=seed)

    def standing(self, rules: Any, state: Any, seat: int) -> float:
        """How well ``seat`` stands (reading only what every seat sees); larger is better, in the game's units."""
        raise NotImplementedError

    def finished(self, rules: Any, state: Any, seats: int) -> tuple[float, ...] | None:
        """Each seat's value where no standing is needed: the winner's 1 and the others' 0 (the rules' ``winner``);
        ``None`` otherwise. A game adds its own cases (a turn cap: an even share)."""
        w = rules.winner(state)
        if w is None:
            return None
        return tuple(1.0 if s == w else 0.0 for s in range(seats))

    def seats(self, rules: Any, state: Any) -> int:
        """How many seats the position has (two unless the game says otherwise)."""
        return 2

    def evaluate(self, rules: Any, state: Any) -> tuple[float, ...]:
        """Each seat's estimated chance to win, in [0, 1], summing to 1: :meth:`finished` when it has an answer,
        else a softmax of the seats' :meth:`standing` divided by ``scale`` (two seats: ``1 / (1 + exp(-(mine -
        theirs) / scale))``)."""
        n = self.seats(rules, state)
        done = self.finished(rules, state, n)
        if done is not None:
            return done
        if n == 2:
            lead = (self.standing(rules, state, 0) - self.standing(rules, state, 1)) / self.scale
            lead = -30.0 if lead < -30.0 else 30.0 if lead > 30.0 else lead
            p = 1.0 / (1.0 + math.exp(-lead))
            return p, 1.0 - p
        scores = [self.standing(rules, state, s) / self.scale for s in range(n)]
        top = max(scores, default=0.0)
        weights = [math.exp(x - top) for x in scores]
        total = sum(weights) or 1.0
        return tuple(w / total for w in weights)


def strategy_for(rules: Any) -> Any:
    """The search strategy a game registers for this bot: ``STRATEGY`` in the ``bots`` module of the package its
    rules come from (``tabletop.<game>.bots``, each game's ``strategy.py``), or ``None``. A strategy may offer
    (each optional) ``evaluate(rules, state) -> one value in [0, 1] per seat`` for cut-off playouts (read only
    what every seat sees), ``playout_bot(seed) -> Bot`` to pick the playouts' moves (``epsilon``: the share of
    them still picked uniformly at random) and ``playout_depth``. It takes the place of the rules' own
    ``evaluate`` and ``playout_depth``."""
    package = type(rules).__module__.rpartition(".")[0]
    bots = sys.modules.get(package + ".bots") if package else None
    return getattr(bots, "STRATEGY", None)


def _apply_counted(apply: Callable[..., None], state: Any, ctx: Any, act: Action, p: int) -> None:
    ctx.player = p
    apply(state, act, ctx)


def _play(play: Callable[[Action], Any], act: Action, p: int) -> None:
    play(act)


def game_simulations(table: Mapping[str, type[Bot]]) -> int:
    """The budget of ``bots="mcts"`` on the game whose own bots ``table`` lists (its ``BOTS``): its search
    strategy's ``simulations`` (``STRATEGY`` in the module of its bots, each game's ``strategy.py``, which says
    why), else :data:`DEFAULT_SIMULATIONS`."""
    for kind in table.values():
        strategy = getattr(sys.modules.get(kind.__module__), "STRATEGY", None)
        budget = getattr(strategy, "simulations", None)
        if budget is not None:
            return int(budget)
    return DEFAULT_SIMULATIONS


def parse_name(name: str) -> int | None:
    """The budget a bot name asks for: ``"mcts"`` -> :data:`DEFAULT_SIMULATIONS` (a game's own default, when it has
    one, is :func:`game_simulations`'s), ``"mcts:200"`` -> 200; ``None`` if the name is not an MCTS bot's;
    ``ValueError`` (with the reason) for ``"mcts:"`` followed by anything but a budget."""
    if name == "mcts":
        return DEFAULT_SIMULATIONS
    if not name.startswith("mcts:"):
        return None
    text = name[5:]
    if not text.isdigit() or not 1 <= int(text) <= MAX_SIMULATIONS:
        raise ValueError(f"bot {name!r}: after 'mcts:' give the simulations per decision, a whole number from 1 to "
                         f"{MAX_SIMULATIONS} (such as 'mcts:200')")
    return int(text)


def make_bot(table: dict[str, type[Bot]], name: str, seed: int | None) -> Bot:
    """The bot called ``name``: the game's own (``BOTS``), else ``"mcts"`` (the game's default budget:
    :func:`game_simulations`) / ``"mcts:N"`` for any game."""
    kind = table.get(name)
    if kind is not None:
        return kind(seed=seed)
    budget = parse_name(name)
    if budget is None:
        raise KeyError(name)
    if name == "mcts":
        budget = game_simulations(table)
    return MCTSBot(seed=seed, simulations=budget)


def _make_named(table: Mapping[str, type[Bot]], name: str, seed: int) -> Bot:
    return make_bot(dict(table), name, seed)


register_bot_family("mcts", _make_named)  # "mcts" / "mcts:N" wherever bots are named, the engine's lessons too
