"""The kit's fast paths (issue 13) do exactly what the plain ones did: lazy text from a function and its
arguments, the simulation path of ``play``, the script, inlined chance draws, random bots, the simulator's worker."""

from __future__ import annotations

import gc
import pickle
import random
from collections import Counter

import pytest

from tabletop.engine import Context, Game, IllegalAction, RandomBot, RigError
from tabletop.engine.chance import _GOLDEN, _MASK, Chance, Draw, splitmix64
from tabletop.engine.events import Event
from tabletop.sim.core import play_one
from tests.kit.pig import Hold, PigRules, PigVariant, Roll, Say


def _ctx(player: int | None = 1) -> Context:
    g = Game(PigRules(), seed=1)
    return Context(g.chance, g.players, g.variant, g._known, player)


def test_tell_makes_the_text_once_from_the_function_and_its_arguments() -> None:
    calls: list[tuple[str, int]] = []

    def say(name: str, n: int) -> str:
        calls.append((name, n))
        return f"{name} rolls {n}."

    ctx = _ctx(player=1)
    ev = ctx.tell("pig.roll", -1, say, "Blue", 4, die=4)
    assert calls == [] and ctx.events == [ev]
    assert (ev.rule, ev.player, dict(ev.data)) == ("pig.roll", 1, {"die": 4})  # -1: the acting seat
    assert ev.text == "Blue rolls 4." and ev.text == "Blue rolls 4."
    assert calls == [("Blue", 4)]  # formatted once
    assert ev._args == ()  # the arguments are let go once the text is made
    assert ctx.tell("pig.roll", None, say, "Red", 2).player is None
    back = pickle.loads(pickle.dumps(ctx.events[1]))
    assert back.text == "Red rolls 2." and back == Event("pig.roll", "Red rolls 2.", None, {})


def test_tell_and_emit_refuse_a_clause_the_catalog_lacks() -> None:
    ctx = _ctx()
    with pytest.raises(ValueError, match="unknown rule clause 'pig.nope'"):
        ctx.tell("pig.nope", -1, str, "x")
    with pytest.raises(ValueError, match="unknown rule clause 'pig.nope'"):
        ctx.emit("pig.nope", "x")
    assert ctx.events == []


def test_an_event_without_data_has_an_empty_read_only_mapping() -> None:
    ctx = _ctx()
    a, b = ctx.emit("pig.roll", "one"), ctx.tell("pig.roll", -1, str, "two")
    assert dict(a.data) == {} and dict(b.data) == {} and a.to_dict()["data"] == {}
    with pytest.raises(TypeError):
        a.data["x"] = 1  # type: ignore[index]
    c = ctx.emit("pig.roll", "three", die=3)
    assert dict(c.data) == {"die": 3} and c.data is not a.data


def test_simulation_play_refuses_like_the_checked_path() -> None:
    g = Game(PigRules(), seed=3, safe=False, log=True)
    g.rig(die=[4, 5])
    g.play({"type": "Roll"})  # a dict still decodes on the simulation path
    g.play('{"type":"Roll"}')  # and a key
    with pytest.raises(IllegalAction) as info:
        g.play(PigVariant())  # type: ignore[arg-type]  # not an action at all
    assert info.value.rule == "pig.actions"
    hostile = Say.__new__(Say)  # its slot never set
    with pytest.raises(IllegalAction) as info:
        g.play(hostile)
    assert info.value.rule == "pig.actions" and "Say.text" in info.value.reason
    g.play(Hold())
    assert [type(a).__name__ for a in g.actions] == ["Roll", "Roll", "Hold"]
    assert [t.action for t in g.history[1:]] == g.actions
    over = Game(PigRules(), seed=3, variant={"target": 5}, safe=False)
    while not over.is_over:
        over.play(over.legal_actions()[0] if over.raw_state.pot < 5 else Hold())
    with pytest.raises(IllegalAction) as info:
        over.play(Roll())
    assert info.value.rule == "pig.game-over"


def test_the_script_keeps_actions_rigs_and_clears_in_order() -> None:
    g = Game(PigRules(), seed=4)
    g.rig(die=[3])
    g.play(Roll())
    g.rig(die=[6, 6])
    g.play(Roll())
    g.clear_rigs()
    g.play(Hold())
    save = g.save()
    assert [next(iter(e)) for e in save["script"]] == ["rig", "action", "rig", "action", "clear", "action"]
    assert save["script"][5] == {"action": {"type": "Hold"}}
    assert g.actions == [Roll(), Roll(), Hold()]
    back = Game.load(PigRules(), save)
    assert back.save() == save and back.actions == g.actions
    g.undo()
    assert g.actions == [Roll(), Roll()]
    assert [next(iter(e)) for e in g.save()["script"]] == ["rig", "action", "rig", "action", "clear"]


def test_chance_draws_are_splitmix64_of_the_draw_number() -> None:
    seed, faces = 12345, (1, 2, 3, 4, 5, 6)
    c = Chance(seed, {"die": faces, "coin": ("H", "T")})
    base = splitmix64(seed & _MASK)
    for n in range(1, 200):
        kind = "die" if n % 3 else "coin"
        opts = c.domains[kind]
        d = c.draw(kind)
        want = opts[(splitmix64((base + n * _GOLDEN) & _MASK) * len(opts)) >> 64]
        assert type(d) is Draw and d == (kind, want, False, n) and d.value == want and c.counter == n
    c.rig("die", [2])
    assert c.draw("die") == Draw("die", 2, True, 200)
    w = c.draw("coin", weights=[0.0, 1.0])
    assert w.value == "T" and w.n == 201


def test_chance_mixes_a_block_of_draws_as_splitmix64_mixes_each() -> None:
    """The draws Chance mixes ahead in one block (``_mix_block``) are splitmix64's, draw by draw: for any seed, any
    draw number (the edges of the range where the lanes are used, and past it), and read back through ``value``,
    ``values`` and ``next_u64`` in any order, after the counter is set anew (a fork) and in a copy."""
    from tabletop.engine.chance import _BLOCK, _mix_block

    rng = random.Random(8)
    seeds = [0, 1, _MASK, 2**63, 12345] + [rng.getrandbits(64) for _ in range(20)]
    for seed in seeds:
        base = splitmix64(seed & _MASK)
        c = Chance(seed, {})
        for n in [1, 2, _BLOCK - 1, 2**32, 2**60 - _BLOCK, 2**60 - 1, 2**60, 2**64 + 3, rng.getrandbits(59)]:
            assert _mix_block(c._start, n) == [splitmix64((base + (n + i) * _GOLDEN) & _MASK) for i in range(_BLOCK)]
    faces = tuple(range(12))
    for seed in seeds[:8]:
        base = splitmix64(seed & _MASK)

        def want(n: int, opts: tuple[int, ...], base: int = base) -> int:
            return opts[(splitmix64((base + n * _GOLDEN) & _MASK) * len(opts)) >> 64]

        c = Chance(seed, {"helix1": faces, "die": (1, 2, 3, 4, 5, 6)})
        n = 0
        for step in range(3 * _BLOCK):  # single and paired draws, across the blocks' edges
            if step % 3:
                assert c.values("helix1", "die") == (want(n + 1, faces), want(n + 2, (1, 2, 3, 4, 5, 6)))
                n += 2
            else:
                assert c.value("helix1") == want(n + 1, faces)
                n += 1
            assert c.counter == n
        c.counter = 7  # set anew, as a fork at an earlier position does
        assert [c.value("helix1") for _ in range(5)] == [want(m, faces) for m in range(8, 13)]
        d = c.copy()
        assert d.next_u64() == splitmix64((base + 13 * _GOLDEN) & _MASK) and d.values("die", "helix1") == (
            want(14, (1, 2, 3, 4, 5, 6)), want(15, faces))
        assert c.value("helix1") == want(13, faces)  # the copy drew on its own counter


def test_chance_blocks_on_a_big_endian_machine_are_mixed_draw_by_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the machine's words are big-endian (``memoryview.cast`` would read the block's bytes the wrong way
    round), ``_mix_block`` mixes each draw on its own: the same draws."""
    from tabletop.engine import chance as chance_mod

    monkeypatch.setattr(chance_mod, "_BIG_ENDIAN", True)
    c = Chance(99, {})
    base = splitmix64(99)
    assert chance_mod._mix_block(c._start, 5) == [splitmix64((base + (5 + i) * _GOLDEN) & _MASK)
                                                  for i in range(chance_mod._BLOCK)]


def _walked(seed: int, n: int, opts: tuple[str, ...], weights: tuple[float, ...]) -> str:
    """The weighted draw number ``n`` of a game of ``seed`` as Chance.draw's walk finds it (the reference)."""
    x = splitmix64((splitmix64(seed & _MASK) + n * _GOLDEN) & _MASK)
    u = (x >> 11) * (1.0 / (1 << 53)) * float(sum(weights))
    acc = 0.0
    for o, w in zip(opts, weights, strict=True):
        acc += w
        if u < acc:
            return o
    return opts[-1]


def test_weighted_draws_from_their_table_are_the_walks_draws() -> None:
    """A weighted draw of two tuples is made from a table (chance.weighted_table) by Chance.draw and by Context.draw
    (its inlined branch); shares of zero, whole numbers and lists (not kept in a table) draw what the walk draws."""
    from tabletop.engine import chance

    rng = random.Random(5)
    for trial in range(120):
        k = rng.randint(1, 6)
        opts = tuple(f"o{i}" for i in range(k))
        weights = tuple(rng.choice([0.0, 1.0, 2.0, 0.1, 0.3, 1e-9, 3, 0]) for _ in range(k))
        if not any(weights):
            continue
        seed = rng.getrandbits(40)
        plain = Chance(seed, {"s": opts})
        g = Game(PigRules(), seed=seed)
        ctx = Context(Chance(seed, {"s": opts}), g.players, g.variant, None, 0)
        as_list = list(weights) if trial % 4 == 0 else weights  # a list: never in a table, walked every time
        for n in range(1, 40):
            want = _walked(seed, n, opts, weights)
            assert plain.draw("s", opts, as_list) == Draw("s", want, False, n)
            assert ctx.draw("s", opts, as_list) == want and ctx.draws[-1] == ("s", want, False, n)
        assert (chance._WEIGHTED.get(id(weights)) is not None) == (as_list is weights)
    # the table's branch of Context.draw is the one played (its entry is the one it reads)
    opts, weights = ("RED", "BLUE", "WHITE", "Z"), (1.0, 0.0, 2.0, 1.0)
    ctx = _ctx()
    first = ctx.draw("die", opts, weights)  # the first through Chance.draw, which makes the table
    table = chance._WEIGHTED[id(weights)]
    chance._WEIGHTED[id(weights)] = (weights, opts, table[2], table[3], ("X",) * 5)
    try:
        assert first in opts and ctx.draw("die", opts, weights) == "X"
    finally:
        chance._WEIGHTED[id(weights)] = table


def test_two_values_in_one_call_are_two_value_calls() -> None:
    """Chance.values (the two helix rolls of Xevoz's fused call) draws what value does twice: written out when
    nothing is rigged, value itself when something is (or a kind is empty or unknown)."""
    domains = {"die": (1, 2, 3, 4, 5, 6), "coin": ("H", "T"), "none": ()}
    for seed in (0, 1, 12345, 2**63 + 7):
        a, b = Chance(seed, domains), Chance(seed, domains)
        for i in range(60):
            kinds = ("die", "coin") if i % 3 else ("coin", "coin")
            assert a.values(*kinds) == (b.value(kinds[0]), b.value(kinds[1])) and a.counter == b.counter
        a.rig("coin", ["H", "H"])
        b.rig("coin", ["H", "H"])
        assert a.values("die", "coin") == (b.value("die"), b.value("coin")) and a.counter == b.counter
        assert a.values("coin", "die") == (b.value("coin"), b.value("die")) and a.counter == b.counter
        assert a.values("die", "die") == (b.value("die"), b.value("die")) and a.counter == b.counter
    for bad in ("none", "nothing"):
        a, b = Chance(3, domains), Chance(3, domains)
        with pytest.raises((RigError, KeyError)) as got:
            a.values("die", bad)
        with pytest.raises((RigError, KeyError)) as want:
            (b.value("die"), b.value(bad))
        assert type(got.value) is type(want.value) and a.counter == b.counter


def test_tell_made_makes_the_event_tell_makes_and_counts_as_tell_does() -> None:
    """Context.tell_made (the arguments and data made beforehand, shared by events) makes the Event that tell
    makes; a counting Context counts it as tell counts it."""
    from types import MappingProxyType

    from tabletop.engine.rules import TallyContext

    def say(name: str, n: int) -> str:
        return f"{name} rolls {n}."

    ctx, ref = _ctx(player=1), _ctx(player=1)
    data = MappingProxyType({"die": 4})
    for player in (-1, None, 0):
        ev = ctx.tell_made("pig.roll", player, say, ("Blue", 4), data)
        want = ref.tell("pig.roll", player, say, "Blue", 4, die=4)
        assert ev == want and (ev.rule, ev.player, dict(ev.data), ev.text) == (want.rule, want.player, {"die": 4},
                                                                             want.text)
        assert ctx.events[-1] is ev and ev.data is data
    with pytest.raises(ValueError, match="unknown rule clause"):
        ctx.tell_made("pig.nothing", -1, say, ("Blue", 4), data)
    g = Game(PigRules(), seed=1)
    tally: dict[tuple[str, int | None], int] = {}
    counting = TallyContext(g.chance, g.players, g.variant, g._known, 1)
    counting.tally = tally
    assert counting.tell_made("pig.roll", -1, say, ("Blue", 4), data) is None
    counting.tell_made("pig.roll", None, say, ("Blue", 4), data)
    assert tally == {("pig.roll", 1): 1, ("pig.roll", None): 1} and counting.events == []


def test_random_bot_draws_what_randrange_draws() -> None:
    bot, ref = RandomBot(seed=99), random.Random(99)
    for n in [1, 2, 3, 5, 7, 8, 13, 64, 100, 1, 9] * 20:
        legal = list(range(n))
        assert bot.choose(None, legal) == ref.randrange(n)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        bot.choose(None, [])  # type: ignore[arg-type]


def test_the_random_bots_draw_what_randrange_draws_and_count_their_draws_alike() -> None:
    """Each game's random bot picks what ``randrange`` picks from a twin generator, and a generator that counts its
    draws (the simulator's forks) counts the same as a twin that draws through ``randrange``."""
    from tabletop.sim.draws import _count_draws
    from tabletop.xevoz import XevozRandomBot
    from tabletop.zaxxon import ZaxxonRandomBot

    sizes = [1, 2, 3, 5, 7, 8, 13, 64, 100, 1, 9] * 20
    for kind in (RandomBot, XevozRandomBot, ZaxxonRandomBot):
        bot, ref = kind(seed=7), random.Random(7)
        counted, twin = _count_draws(bot.rng), random.Random(7)
        twin_counted = _count_draws(twin)
        for n in sizes:
            assert bot.choose(None, list(range(n))) == ref.randrange(n) == twin.randrange(n), kind  # type: ignore[arg-type]
        assert counted() == twin_counted() > 0 and bot.rng.getstate() == ref.getstate()


def test_the_picker_draws_what_randrange_draws_and_counts_alike() -> None:
    """``engine.bots.picker`` (the fast paths' pick): what ``randrange`` picks from a twin generator, leaving it in
    the same state, on a plain generator and on one that counts its draws (the simulator's forks); a generator of
    another class keeps its own ``randrange``."""
    from tabletop.engine.bots import picker
    from tabletop.sim.draws import _count_draws

    sizes = [1, 2, 3, 5, 7, 8, 13, 64, 100, 1, 9, 2**31 - 1, 2**32 + 1] * 20
    for counting in (False, True):
        rng, twin = random.Random(5), random.Random(5)
        counted = _count_draws(rng) if counting else None
        twin_counted = _count_draws(twin) if counting else None
        pick = picker(rng)
        assert [pick(n) for n in sizes] == [twin.randrange(n) for n in sizes]
        assert rng.getstate() == twin.getstate()
        if counted is not None and twin_counted is not None:
            assert counted() == twin_counted() > 0

    class Loaded(random.Random):
        def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
            return 0

    loaded = Loaded(5)
    assert picker(loaded) == loaded.randrange and picker(loaded)(9) == 0


@pytest.mark.parametrize("collecting", [True, False])
def test_play_one_counts_every_rule_firing_and_restores_the_collector(collecting: bool) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if collecting else gc.disable)()
        rec = play_one("tests.sim.piggame", {"target": 30}, ["random", "random"], 17, 1, 5000)
        assert gc.isenabled() is collecting
    finally:
        (gc.enable if was else gc.disable)()
    # the same game, logged: the same winner, steps and rule firings per rule and per seat
    g = Game(PigRules(), seed=17, variant={"target": 30}, players=2, safe=False)
    bots = [RandomBot(seed=17 * 1_000_003 + s) for s in range(2)]
    steps = 0
    while not g.is_over:
        g.play(bots[g.current_player].choose(g, g.legal_actions()))  # type: ignore[index]
        steps += 1
    fired = Counter((e.rule, e.player) for e in g.log)
    assert (rec.winner, rec.steps, rec.finished, rec.variant) == (g.winner, steps, True, 1)
    assert rec.rules == dict(Counter(e.rule for e in g.log))
    for rule, per_seat in rec.seat_rules.items():
        assert per_seat == (fired[rule, 0], fired[rule, 1])


def test_variant_options_are_a_fresh_list_each_time() -> None:
    first = PigVariant.options()
    first.clear()
    again = PigVariant.options()
    assert [o.name for o in again] == ["target"] and again is not first


class _ReusingPig(PigRules):
    reuses_context = True


def test_a_reused_context_gives_each_step_its_own_events_and_draws() -> None:
    g = Game(_ReusingPig(), seed=8, safe=False, log=True)
    g.rig(die=[3, 4])
    first = g.play(Roll())
    second = g.play(Roll())
    assert [e.data["value"] for e in first] == [3] and [e.data["value"] for e in second] == [4]
    assert [d.value for d in g.history[1].draws] == [3] and [d.value for d in g.history[2].draws] == [4]
    assert first is not second and g._sim_ctx is not None and g._sim_ctx.player == 0
    # a fork draws from its own chance, not through the original's Context
    fork = g.fork()
    fork.rig(die=[6])
    fork.play(Roll())
    assert fork.raw_state.pot == 13 and g.raw_state.pot == 7 and g.rigged == {}
    plain = Game(PigRules(), seed=8, safe=False)
    plain.play(Roll())
    assert plain._sim_ctx is None  # rules that do not promise it get a Context per step


def test_a_tally_game_counts_rule_firings_without_events() -> None:
    """``Game.tally`` (the simulator's way): the same firings as the events of a logged game, and no Event."""
    from collections import Counter

    from tabletop import games
    from tabletop.engine import Game
    from tabletop.engine.rules import TallyContext, expand_tally

    for name in ("xevious", "xevoz", "zaxxon"):
        mod = games.get(name)
        logged: Game = Game(mod.Rules(), seed=11, safe=False, log=True)
        counted: Game = Game(mod.Rules(), seed=11, safe=False, log=False)
        counted.tally = {}
        want: Counter = Counter()
        bots = [mod.BOTS["random"](seed=s) for s in range(2)]
        twins = [mod.BOTS["random"](seed=s) for s in range(2)]
        for _ in range(300):
            p = logged.current_player
            if p is None:
                break
            want.update((e.rule, e.player) for e in logged.play(bots[p].choose(logged, logged.legal_actions())))
            assert counted.play(twins[p].choose(counted, counted.legal_actions())) == []
        assert expand_tally(counted.tally) == dict(want) and want, name
        assert logged.rules.to_json(logged.raw_state) == counted.rules.to_json(counted.raw_state)
    ctx = TallyContext(counted.chance, counted.players, counted.variant, frozenset({"pig.roll"}), 0)
    ctx.tally = {}
    ctx.emit("pig.roll", "x")
    ctx.tell("pig.roll", 1, str, "y")
    assert ctx.tally == {("pig.roll", 0): 1, ("pig.roll", 1): 1}
    with pytest.raises(ValueError, match="unknown rule clause 'pig.nope'"):
        ctx.emit("pig.nope", "x")


def _logged_record(mod_bots: dict, names: list[str], seed: int, variant: dict) -> tuple:
    """A Xevoz battle played the plain way (a safe, logged Game and ``play``): winner, steps, firings per seat."""
    from tabletop.xevoz import XevozRules

    g = Game(XevozRules(), seed=seed, variant=variant, players=2)
    bots = [mod_bots[n](seed=seed * 1_000_003 + s) for s, n in enumerate(names)]
    steps = 0
    while not g.is_over:
        g.play(bots[g.current_player].choose(g, g.legal_actions()))  # type: ignore[index]
        steps += 1
    fired = Counter((e.rule, e.player) for e in g.log)
    seat_rules = {r: (fired[r, 0], fired[r, 1]) for r, _ in fired if any(fired[r, s] for s in (0, 1))}
    return g.winner, steps, dict(Counter(e.rule for e in g.log)), seat_rules


@pytest.mark.parametrize("names", [["random", "random"], ["greedy", "greedy"], ["random", "greedy"]])
def test_the_worker_plays_xevoz_as_a_logged_game(names: list[str]) -> None:
    """The worker's lean path (rules applied directly with a counting Context, fused runs of random-bot steps,
    firings counted without events) plays the battles a logged, checked game plays."""
    from tabletop.xevoz import BOTS

    variant = {"tie": "re-roll", "mats": ["sectoid", "biomecha", "arcaster"]}
    for seed in range(6):
        for v in ({}, variant):
            rec = play_one("tabletop.xevoz", v, names, seed)
            assert rec.finished
            assert (rec.winner, rec.steps, rec.rules, rec.seat_rules) == _logged_record(BOTS, names, seed, v)


def test_a_subclass_that_changes_choose_does_not_inherit_the_fused_steps() -> None:
    from tabletop.sim.core import _play_one
    from tabletop.xevoz import XevozRandomBot, XevozRules

    class FirstRandom(XevozRandomBot):
        def choose(self, game, legal):  # type: ignore[no-untyped-def]
            self.rng.random()
            return legal[0]

    table = {"first": FirstRandom}
    for seed in range(3):
        rec = _play_one(XevozRules(), table, {}, ["first", "first"], seed, 0, 5000)  # type: ignore[arg-type]
        assert (rec.winner, rec.steps, rec.rules, rec.seat_rules) == _logged_record(table, ["first", "first"], seed,
                                                                                    {})


def test_counting_context_is_only_for_counting_simulation_games() -> None:
    from tabletop.xevoz import XevozRules

    for kw in ({"safe": True, "log": False}, {"safe": False, "log": True}, {"safe": False, "log": False}):
        g = Game(XevozRules(), seed=1, **kw)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="counting_context"):
            g.counting_context()  # the last one: no tally set
    g = Game(PigRules(), seed=1, safe=False, log=False)
    g.tally = {}
    with pytest.raises(ValueError, match="reuse their Context"):
        g.counting_context()  # pig rules may keep their Context
    g = Game(XevozRules(), seed=1, safe=False, log=False)
    g.tally = {}
    ctx = g.counting_context()
    assert ctx.tally is g.tally and ctx.chance is g.chance


def test_a_bundle_key_counts_as_each_of_its_keys() -> None:
    """A Bundle in a tally (several (rule, seat) keys that fire together, counted once) expands into each of them,
    added to the same keys counted alone; the simulator's records count it the same way."""
    from tabletop.engine.rules import Bundle, expand_tally

    both = Bundle((("pig.roll", 0), ("pig.hold", 0)))
    tally = {both: 3, ("pig.roll", 0): 2, ("pig.win", None): 1}
    assert expand_tally(tally) == {("pig.roll", 0): 5, ("pig.hold", 0): 3, ("pig.win", None): 1}
    assert isinstance(both, tuple) and both.__class__ is Bundle
    # Xevoz's fast path (xevoz/fast.py: the random bot's fused steps, as the simulator plays them) counts its
    # common round as Bundle keys: a simulated battle's tally holds some (the reference rules never make one)
    from tabletop.xevoz import BOTS
    from tabletop.xevoz import Rules as XevozRules

    g: Game = Game(XevozRules(), seed=3, safe=False, log=False)
    g.tally = {}
    bots = [BOTS["random"](seed=s) for s in range(2)]
    ctx = g.counting_context()
    played = type(bots[0]).sim_steps(bots[0], g, g.raw_state, ctx, bots, 300)
    assert played > 0
    assert any(k.__class__ is Bundle for k in g.tally)
    assert all(k.__class__ is not Bundle for k in expand_tally(g.tally))


def test_the_worker_makes_a_bots_sim_player_once_per_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot class's ``sim_player`` (its fused steps made once per game) is what the simulator's worker plays with,
    once per game even where positions are kept for the variants (play_seeds: a call every few steps); the records
    are those of its ``sim_steps`` alone and of the plain path (choose + apply)."""
    from tabletop.sim.forks import play_seeds
    from tabletop.xevoz import XevozRandomBot, fast

    made: list[int] = []
    real = fast.sim_player

    def counted(*args: object) -> object:
        made.append(1)
        return real(*args)  # type: ignore[arg-type]

    variants = [{}, {"drain_symbol_when_attached": "extra-chop"}]
    monkeypatch.setattr(XevozRandomBot, "sim_player", counted)
    with_player = play_seeds("tabletop.xevoz", variants, ["random", "random"], 0, 12, 5000)
    assert 12 <= len(made) <= 24 - len(with_player.shared)  # one per game played: the watched ones, the others
    monkeypatch.delattr(XevozRandomBot, "sim_player")
    steps_only = play_seeds("tabletop.xevoz", variants, ["random", "random"], 0, 12, 5000)
    monkeypatch.delattr(XevozRandomBot, "sim_steps")
    plain = play_seeds("tabletop.xevoz", variants, ["random", "random"], 0, 12, 5000)
    assert with_player.records == steps_only.records == plain.records
    assert with_player.shared == steps_only.shared == plain.shared


def test_fork_at_an_earlier_position_plays_on_from_there() -> None:
    """Game.fork_at: a fork at a position this game kept earlier (state, chance counter, version) plays on
    exactly as the game did from there; another variant is checked as the constructor checks it."""
    g: Game = Game(PigRules(), seed=5, variant={"target": 30}, players=2, safe=False, log=False)
    bots = [RandomBot(seed=s) for s in range(2)]
    for _ in range(6):
        g.play(bots[g.current_player].choose(g, g.legal_actions()))  # type: ignore[index]
    kept = (g.rules.copy_state(g.raw_state), g.chance.counter, g.version)
    twins = [RandomBot(seed=s) for s in range(2)]
    for b, t in zip(bots, twins, strict=True):
        t.rng.setstate(b.rng.getstate())
    then = g.rules.to_json(kept[0])
    for _ in range(8):
        g.play(bots[g.current_player].choose(g, g.legal_actions()))  # type: ignore[index]
    f = g.fork_at(kept[0], chance_counter=kept[1], version=kept[2])
    assert f.rules.to_json(f.raw_state) == then and f.version == kept[2] and f.raw_state is not kept[0]
    for _ in range(8):
        f.play(twins[f.current_player].choose(f, f.legal_actions()))  # type: ignore[index]
    assert f.rules.to_json(f.raw_state) == g.rules.to_json(g.raw_state) and f.chance.counter == g.chance.counter
    assert g.fork_at(kept[0], chance_counter=kept[1], version=kept[2], variant={"target": 40}).variant.target == 40
    with pytest.raises((ValueError, TypeError)):
        g.fork_at(kept[0], chance_counter=kept[1], version=kept[2], variant={"nope": 1})


def test_the_flat_history_reads_as_a_list_of_turns() -> None:
    """``Game``'s history is kept flat (``History``); read, it is the Turns a list of them would hold: after moves
    with and without draws, a set-up, undo, a fork that plays on, for safe and simulation games alike."""
    for safe in (True, False):
        g = Game(PigRules(), seed=5, safe=safe, log=True, variant={"target": 100})
        want = [(None, None, [e.text for e in g.log], [])]
        for k in range(12):
            act = Hold() if k % 4 == 3 and g.raw_state.pot else Roll()
            events = g.play(act)
            want.append((g.history[-1].player, act, [e.text for e in events], [d.value for d in g.last_draws]))
            assert g.history[-1].events == tuple(events) and g.history[-1].events[0] is events[0]
        if safe:
            g.set_up({"scores": [1, 2], "pot": 0, "turn": 1})
            want.append((None, None, [e.text for e in g.log[-1:]], []))
        turns = g.history
        assert [t.n for t in turns] == list(range(len(want)))
        assert [(t.player, t.action, [e.text for e in t.events], [d.value for d in t.draws]) for t in turns] == want
        assert g.history == turns and all(a is b for a, b in zip(g.history, turns, strict=True))  # kept, not remade
        assert list(g) == list(turns) and g.log == [e for t in turns for e in t.events]
        assert all(isinstance(d, Draw) for t in turns for d in t.draws) and g.last_draws == turns[-1].draws
        fork = g.fork()
        fork.play(Roll())
        assert len(fork.history) == len(turns) + 1 and g.history == turns  # the original is untouched
        if safe:
            g.play(Roll())
            g.play(Roll())
            full = g.history
            for _ in range(3):  # the two rolls (a draw each) and the set-up
                g.undo()
            assert g.history == full[:-3] and g.log == [e for t in full[:-3] for e in t.events]
            assert g.last_draws == full[-4].draws
            again = g.play(Roll())
            assert g.history[-1].n == len(full) - 3 and g.history[-1].events == tuple(again)
            assert [d.n for d in g.history[-1].draws] == [g.chance.counter]  # one roll: the draw just made
        assert repr(g).startswith(f"<Pig game, seed 5, {len(g.history) - 1} actions")


def test_the_seat_play_keeps_is_asked_again_once_the_position_may_change() -> None:
    """``current_player`` after ``play`` is the seat ``play`` worked out (no call to the rules); a state changed in
    place through ``raw_state``, a set-up, an undo and ``fork_at`` each make the game ask the rules again."""
    for safe in (True, False):
        g = Game(PigRules(), seed=3, safe=safe, variant={"target": 100})
        assert g.current_player == 0
        while g.current_player == 0:
            g.play(Roll())
        assert g._seat_kept and g.current_player == 1  # kept by play
        assert g.rules.current_player(g.raw_state) == 1 and not g._seat_kept  # raw_state lets it go
        g.raw_state.turn = 0  # a test or tool changing the state in place
        assert g.current_player == 0
        g.play(Roll())
        assert g.current_player == g.rules.current_player(g.raw_state)
        g.raw_state.winner = 1
        assert g.current_player is None and g.is_over
        g.raw_state.winner = None
        g.play(Roll())
        seat = g.current_player
        assert seat is not None and g._seat_kept
        other = g.rules.copy_state(g._state)  # (not through raw_state: the kept seat stays)
        other.turn = 1 - seat
        back = g.fork_at(other, chance_counter=g.chance.counter, version=g.version)
        assert back.current_player == 1 - seat and g.current_player == seat
        if safe:
            g.set_up({"scores": [3, 4], "pot": 0, "turn": 1 - seat})
            assert g.current_player == 1 - seat
            g.play(Roll())
            g.undo()
            assert g.current_player == 1 - seat
            g.undo()
            assert g.current_player == seat
        fork = g.fork()
        assert fork.current_player == g.current_player


def test_a_simulation_game_knows_an_action_object_it_found_well_formed() -> None:
    """``play`` on a simulation game checks an action object's fields the first time it sees it, then knows it by
    its identity (the rules list the same objects again and again); a new object, a dict or a key is checked as
    before, and a malformed one refused with its reason."""
    from tabletop.engine import game as game_module

    g = Game(PigRules(), seed=4, safe=False, variant={"target": 100})
    roll = Roll()
    g.play(roll)
    known = game_module._FINE[PigRules]
    assert known[id(roll)] is roll and g._fine is known
    g.play(roll)  # known: not checked again
    bad = Say()
    object.__setattr__(bad, "text", ["deep"])
    with pytest.raises(IllegalAction, match="Say.text must be text"):
        g.play(bad)
    assert id(bad) not in known
    g.play({"type": "Roll"})  # a dict is decoded (and checked) each time, never remembered
    assert all(type(a) is not dict for a in known.values())
    known.clear()
    sizes = set()
    for i in range(4100):  # objects made anew each time: the table starts afresh rather than grow
        assert g._fine_fields(Say(str(i))) == Say(str(i))
        sizes.add(len(known))
    assert max(sizes) == 4096 and len(known) < 10
