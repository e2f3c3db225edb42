"""Issue 21, the search bot (tabletop.sim.mcts): usable by name in simulate/stream, seeded and reproducible, and it
never peeks: neither at the dice still to come nor at what its seat cannot see."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from tabletop.engine import Game, RandomBot
from tabletop.engine.chance import Chance
from tabletop.sim import mcts as mcts_module
from tabletop.sim import simulate, stream
from tabletop.sim.core import UnknownName
from tabletop.sim.mcts import DEFAULT_SIMULATIONS, MCTSBot, parse_name
from tests.sim import piggame, secretgame


def test_mcts_by_name_takes_the_games_own_budget() -> None:
    from tabletop import xevious, xevoz, zaxxon
    from tabletop.sim.mcts import game_simulations, make_bot

    for mod in (xevious, xevoz, zaxxon):
        own = mod.bots.STRATEGY.simulations
        want = DEFAULT_SIMULATIONS if own is None else own
        assert game_simulations(mod.BOTS) == want
        bot = make_bot(dict(mod.BOTS), "mcts", 1)
        assert isinstance(bot, MCTSBot) and bot.simulations == want
        named = make_bot(dict(mod.BOTS), "mcts:30", 1)
        assert isinstance(named, MCTSBot) and named.simulations == 30  # a budget by name is that budget
    assert game_simulations(piggame.BOTS) == DEFAULT_SIMULATIONS  # no strategy: the kit's default


def test_names_and_budgets() -> None:
    assert parse_name("mcts") == DEFAULT_SIMULATIONS and parse_name("mcts:200") == 200
    assert parse_name("greedy") is None
    for bad in ("mcts:", "mcts:0", "mcts:ten", "mcts:-5"):
        with pytest.raises(UnknownName, match="after 'mcts:' give the simulations per decision"):
            simulate(piggame, bots=bad, n=1, executor="serial", progress=False)
    with pytest.raises(UnknownName, match="or 'mcts' / 'mcts:N'"):
        simulate(piggame, bots="strong", n=1, executor="serial", progress=False)
    with pytest.raises(ValueError, match="simulations must be a whole number"):
        MCTSBot(simulations=0)
    with pytest.raises(ValueError, match="needs a budget"):
        MCTSBot(simulations=None)


def test_same_seed_same_move_and_the_same_games_on_any_executor() -> None:
    g = piggame.new_game(seed=11)
    for _ in range(3):
        g.play(g.legal_actions()[0])
    a = MCTSBot(seed=5, simulations=150).analyse(g)
    b = MCTSBot(seed=5, simulations=150).analyse(g)
    assert a == b and sum(m.visits for m in a) == 150
    assert g.version == 3 and g.legal_actions()  # searching left the game as it was
    kw = {"bots": ["mcts:20", "greedy"], "n": 6, "seed": 3}
    serial = simulate(piggame, executor="serial", progress=False, **kw)
    with ThreadPoolExecutor(2) as ex:
        threaded = simulate(piggame, executor=ex, workers=2, chunk=2, progress=False, **kw)
    assert serial.records == threaded.records
    snaps = list(stream(piggame, executor="serial", every=0, **kw))
    assert snaps[-1].records == serial.records


def test_it_beats_the_random_bot_at_pig() -> None:
    res1 = simulate(piggame, bots=["mcts:60", "random"], n=15, seed=0, executor="serial", progress=False)
    res2 = simulate(piggame, bots=["random", "mcts:60"], n=15, seed=0, executor="serial", progress=False)
    wins = res1.win_rates(0)[0].k + res2.win_rates(0)[1].k
    assert wins >= 24, f"MCTS won {wins} of 30 games against random (seats swapped)"


def _bet_wins(peek: bool, games: int = 120) -> int:
    rules = secretgame.BetRules()
    wins = 0
    for seed in range(games):
        g = Game(rules, seed=seed)
        bot = MCTSBot(seed=seed, simulations=60)
        if peek:  # what a search would do that forked the real game's dice
            real = g.chance

            def same_dice(_seed: int, domains: object, real: Chance = real) -> Chance:
                c = Chance(real.seed, real.domains)
                c.counter = real.counter
                return c

            with pytest.MonkeyPatch.context() as mp:
                mp.setattr(mcts_module, "Chance", same_dice)
                g.play(bot.choose(g, g.legal_actions()))
        else:
            g.play(bot.choose(g, g.legal_actions()))
        g.play(g.legal_actions()[0])
        wins += g.winner == 0
    return wins


def test_it_samples_the_dice_to_come_instead_of_reading_them() -> None:
    fair = _bet_wins(peek=False)
    assert 0.35 * 120 <= fair <= 0.65 * 120, fair  # a bet on a die nobody has rolled: about half
    assert _bet_wins(peek=True) >= 0.95 * 120  # the test has teeth: forking the real dice wins every bet


class _Clairvoyant(MCTSBot):
    """The hook the oracle of benchmarks/xevious_bound.py uses: every simulation gets the real game's chance."""

    def simulation_chance(self, game: Game[object], seed: int) -> Chance:
        return game.chance.copy()


def test_every_simulations_dice_come_from_its_hook_and_the_bots_own_hook_never_peeks() -> None:
    rules = secretgame.BetRules()
    fair = seen = 0
    for seed in range(60):
        for bot, clairvoyant in ((MCTSBot(seed=seed, simulations=60), False),
                                 (_Clairvoyant(seed=seed, simulations=60), True)):
            g = Game(rules, seed=seed)
            counter = g.chance.counter
            g.play(bot.choose(g, g.legal_actions()))
            assert g.chance.counter == counter  # searching drew nothing from the real game's dice
            g.play(g.legal_actions()[0])
            won = g.winner == 0
            seen += won if clairvoyant else 0
            fair += won if not clairvoyant else 0
    assert 0.3 * 60 <= fair <= 0.7 * 60, fair  # the bot's own hook: fresh dice, about half the bets
    assert seen >= 0.95 * 60, seen  # a hook that hands out the real dice wins them: the hook is the only source


def _guesses(rules: secretgame.SecretRules, games: int = 100, ran: list[int] | None = None) -> int:
    right = 0
    for seed in range(games):
        g = Game(rules, seed=seed)
        g.play(RandomBot(seed=seed).choose(g, g.legal_actions()))  # seat 1 lays a card face down
        bot = MCTSBot(seed=seed, simulations=40)
        g.play(bot.choose(g, g.legal_actions()))
        if ran is not None:
            ran.append(bot.last_simulations)
        right += g.winner == 1
    return right


def test_it_never_sees_a_face_down_card() -> None:
    secretgame.SecretRules.asked = []
    ran: list[int] = []
    fair = _guesses(secretgame.SecretRules(), ran=ran)
    assert 30 <= fair <= 70, fair  # about half: the guess cannot depend on the card
    assert set(secretgame.SecretRules.asked) == {1}  # redrawn for the guessing seat, every simulation
    assert len(secretgame.SecretRules.asked) == sum(ran) and all(0 < n <= 40 for n in ran)
    # the test has teeth: the same search on the same game without the hook reads the card and always guesses it
    assert _guesses(secretgame.PeekableRules()) == 100


def test_a_time_budget_and_the_analysis_of_a_position() -> None:
    g = piggame.new_game(seed=2)
    while len(g.legal_actions()) < 2:  # roll until there is a pot to hold: a real choice
        g.play(g.legal_actions()[0])
    bot = MCTSBot(seed=1, simulations=None, max_time=0.05)
    move = bot.choose(g, g.legal_actions())
    assert move in g.legal_actions() and bot.last[0].action == move
    assert sum(m.share for m in bot.last) == pytest.approx(1.0)
    assert all(0 <= m.value <= 1 for m in bot.last if m.visits)
    assert "of the visits, value" in str(bot.last[0])
