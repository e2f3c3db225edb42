"""play_seeds continues a variant's game from the watched game's last kept position before the first read of one of
its options (sim.forks._Forks), instead of playing the part the two games share again.

The only thing that matters is that the records are those of playing each variant from the start (``play_one``):
these tests check it for Xevoz and Xevious (whose rules promise ``variant_free_state``), every option, positions
kept often and rarely, check that positions are really used, that a generator counted one word short is caught by the
comparison (so it has teeth), and that nothing is kept where it cannot be exact.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.engine import Bot
from tabletop.sim import core, forks
from tabletop.sim.core import play_one, play_seeds

XEVOZ = "tabletop.xevoz"
BOTS = ["random", "random"]
#: options that Xevoz reads mid-battle (extra-chop, the tie rule, the bonus chop) and one it reads at setup
VARIANTS: list[dict[str, Any]] = [{}, {"drain_symbol_when_attached": "extra-chop"}, {"tie": "re-roll"},
                                  {"bonus_chop": False}, {"max_gold": 2}]


def _alone(modname: str, vdicts: list[dict[str, Any]], rec: Any, bots: list[str] = BOTS) -> Any:
    return play_one(modname, vdicts[rec.variant], bots, rec.seed, rec.variant)


def _spy_resumes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of actions into the game of every position a variant continues from."""
    at: list[int] = []
    real = forks._resume

    def spy(watched: Any, snap: tuple[Any, ...], *args: Any) -> Any:
        at.append(snap[4])
        return real(watched, snap, *args)

    monkeypatch.setattr(forks, "_resume", spy)
    return at


def test_counting_generator_draws_as_the_plain_one_and_says_how_far_it_is() -> None:
    a, b = random.Random(2026), random.Random(2026)
    count = core._count_draws(a)
    assert count() == 0

    def draws(r: random.Random) -> list[Any]:
        xs = list(range(30))
        r.shuffle(xs)
        return ([r.randrange(n) for n in range(1, 90)] + [r.random() for _ in range(7)] + [r.getrandbits(70)]
                + [r.choice("abcdefg") for _ in range(12)] + xs + r.sample(range(100), 5) + [r.randint(1, 6)]
                + [r.randrange(2**40)])

    assert draws(a) == draws(b)
    words = count()
    assert words > 0
    c = random.Random(2026)
    c.getrandbits(32 * words)  # a fresh generator advanced by the count is in step with both
    assert c.random() == b.random() == a.random()
    assert count() == words + 2
    a.seed(1)
    assert count() == -1  # reseeded: the count says nothing any more
    d = random.Random(5)
    count_d = core._count_draws(d)
    d.setstate(random.Random(6).getstate())
    assert count_d() == -1
    assert type(a) is random.Random and "random" not in vars(random.Random(0))  # only that instance counts
    core._uncount_draws(a)  # and it stops counting: its own methods again, nothing holding it in a cycle
    assert not set(core._COUNTING) & set(vars(a)) and count() == -1
    e, f = random.Random(9), random.Random(9)
    core._count_draws(e)
    core._uncount_draws(e)
    assert [e.randrange(7) for _ in range(20)] == [f.randrange(7) for _ in range(20)]


@pytest.mark.parametrize("every", [1, 7, 24])
def test_continued_games_are_the_games_played_alone(monkeypatch: pytest.MonkeyPatch, every: int) -> None:
    at = _spy_resumes(monkeypatch)
    chunk = play_seeds(XEVOZ, VARIANTS, BOTS, 300, 12, max_steps=3000, fork_every=every)
    assert len(chunk.records) == 12 * len(VARIANTS)
    for rec in chunk.records:
        assert rec == play_one(XEVOZ, VARIANTS[rec.variant], BOTS, rec.seed, rec.variant, 3000), (rec.seed,
                                                                                                  rec.variant)
    # positions were used, from well into the battles (the options are read mid-battle)
    assert len(at) >= 6 and max(at) > 40
    assert all(n % every == 0 for n in at)  # kept only at looks: every ``every`` actions


@pytest.mark.parametrize(("modname", "bot"), [("tabletop.xevious", "random"), ("tabletop.xevious", "greedy"),
                                              ("tabletop.xevoz", "greedy")])
def test_every_option_continues_exactly(monkeypatch: pytest.MonkeyPatch, modname: str, bot: str) -> None:
    """Every option of each game whose rules promise variant_free_state, changed one at a time: the continued
    games are those played alone (Xevious's options are read anywhere from the set-up to the last stage)."""
    from tests.sim.test_shared_games import _alternatives

    at = _spy_resumes(monkeypatch)
    vdicts: list[dict[str, Any]] = [{}, *_alternatives(modname)]
    bots = [bot, bot]
    chunk = play_seeds(modname, vdicts, bots, 0, 6, max_steps=3000, fork_every=6)
    for rec in chunk.records:
        assert rec == play_one(modname, vdicts[rec.variant], bots, rec.seed, rec.variant, 3000), (rec.seed,
                                                                                                  vdicts[rec.variant])
    assert len(at) >= 5 and max(at) > 30


def test_mixed_bots_continue_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A random bot against a greedy one (no fused steps: every action through choose and apply) continues from
    kept positions just as well."""
    at = _spy_resumes(monkeypatch)
    bots = ["random", "greedy"]
    vd = VARIANTS[:3]
    chunk = play_seeds(XEVOZ, vd, bots, 50, 8, max_steps=3000, fork_every=10)
    for rec in chunk.records:
        assert rec == play_one(XEVOZ, vd[rec.variant], bots, rec.seed, rec.variant, 3000)
    assert at


def test_no_positions_gives_the_same_records(monkeypatch: pytest.MonkeyPatch) -> None:
    at = _spy_resumes(monkeypatch)
    kept = play_seeds(XEVOZ, VARIANTS[:3], BOTS, 40, 8)
    n = len(at)
    assert n > 0
    none = play_seeds(XEVOZ, VARIANTS[:3], BOTS, 40, 8, fork_every=0)
    assert len(at) == n  # fork_every=0 keeps nothing: every touched variant played from the start
    assert none.records == kept.records and none.shared == kept.shared


def test_a_generator_one_word_short_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the count (one word short once anything was drawn): the continued games then draw differently, and
    the comparison with play_one fails. So the equality test above has teeth."""
    real = forks._count_draws

    def short(rng: random.Random) -> Callable[[], int]:
        count = real(rng)
        return lambda: max(count() - 1, 0) if count() >= 0 else -1

    monkeypatch.setattr(forks, "_count_draws", short)
    vd = VARIANTS[:2]
    chunk = play_seeds(XEVOZ, vd, BOTS, 0, 20)
    assert [r for r in chunk.records if r != _alone(XEVOZ, vd, r)]


def test_a_position_kept_after_the_read_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the look (it never settles a variant, so the position it hands out may come after the read): the
    comparison fails. The look before the read is the one that counts."""
    real = forks._Forks.look

    def late(self: Any, g: Any, state: Any, steps: int, bots: Any) -> bool:
        seen = self.seen
        self.seen = set()
        try:
            return real(self, g, state, steps, bots)
        finally:
            self.seen = seen

    monkeypatch.setattr(forks._Forks, "look", late)
    vd = VARIANTS[:2]
    chunk = play_seeds(XEVOZ, vd, BOTS, 0, 20)
    assert [r for r in chunk.records if r != _alone(XEVOZ, vd, r)]


def test_nothing_is_kept_where_it_could_not_be_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules that keep the Variant in their state (Zaxxon) and bots with more state than their generator play
    every touched variant from the start; their records are still those of each variant played alone."""
    at = _spy_resumes(monkeypatch)
    vd: list[dict[str, Any]] = [{}, {"turret_fires_on_entry": True}]
    chunk = play_seeds("tabletop.zaxxon", vd, ["greedy", "greedy"], 0, 3, max_steps=2000)
    assert at == [] and len(chunk.shared) < 3  # played, not shared: the option was read
    for r in chunk.records:
        assert r == play_one("tabletop.zaxxon", vd[r.variant], ["greedy", "greedy"], r.seed, r.variant, 2000)

    import tabletop.xevoz as xevoz

    class Moody(xevoz.BOTS["random"]):  # type: ignore[misc,valid-type]
        """A random bot with a mood: state besides its generator."""

        name = "random"

        def __init__(self, *, seed: int | None = None) -> None:
            super().__init__(seed=seed)
            self.mood = 0

    monkeypatch.setitem(core._CACHE, XEVOZ, (core._rules_for(XEVOZ)[0], {"random": Moody}))
    play_seeds(XEVOZ, VARIANTS[:2], BOTS, 0, 6)
    assert at == []
    assert issubclass(Moody, Bot)
