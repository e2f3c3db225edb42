"""Wilson intervals, paired differences and the plain-words verdicts."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.sim.results import GameRecord, SimResults
from tabletop.sim.stats import paired_diff, quantile, wilson


def test_wilson_known_values() -> None:
    # textbook example: 81 successes in 263 trials -> (0.2553, 0.3662)
    r = wilson(81, 263)
    assert math.isclose(r.low, 0.2553, abs_tol=5e-4) and math.isclose(r.high, 0.3662, abs_tol=5e-4)
    zero = wilson(0, 10)
    assert zero.low == 0 and 0.25 < zero.high < 0.35
    assert math.isnan(wilson(0, 0).p)


@given(st.integers(1, 5000), st.data())
def test_wilson_contains_the_estimate(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, n))
    r = wilson(k, n)
    assert 0 <= r.low <= r.p <= r.high <= 1
    assert wilson(k * 4, n * 4).high - wilson(k * 4, n * 4).low < r.high - r.low


def test_paired_diff_and_significance() -> None:
    same = paired_diff([1, 0, 1, 0], [1, 0, 1, 0])
    assert same.mean == 0 and not same.significant
    up = paired_diff([0.0] * 50, [1.0] * 40 + [0.0] * 10)
    assert up.mean == 0.8 and up.significant and up.low > 0
    noisy = paired_diff([0, 1] * 10, [1, 0] * 10)
    assert noisy.mean == 0 and noisy.low < 0 < noisy.high and not noisy.significant
    assert quantile([1, 2, 3, 4], 0.5) == 2.5


def _res(winners_a: list[int | None], winners_b: list[int | None]) -> SimResults:
    recs = [GameRecord(i, 0, w, 10, 0) for i, w in enumerate(winners_a)]
    recs += [GameRecord(i, 1, w, 12, 0) for i, w in enumerate(winners_b)]
    return SimResults("demo", [{"x": 1}, {"x": 2}], ["random", "random"], len(winners_a), 0, recs)


def test_comparison_says_noise_when_it_is_noise() -> None:
    res = _res([0, 1] * 10, [1, 0] * 10)
    text = res.compare().summary()
    assert "not distinguishable from noise" in text
    # lengths differ by exactly 2 in every pair: that is not noise
    assert "2.0 actions longer" in text and "more than noise" in text


def test_comparison_reports_a_real_shift() -> None:
    res = _res([0] * 100, [1] * 80 + [0] * 20)
    cmp = res.compare()
    assert cmp.seats[0].mean == -0.8 and cmp.seats[0].significant
    assert "falls by 80.0 points" in cmp.summary() and "more than noise" in cmp.summary()
    assert "rises by 80.0 points" in cmp.summary()


def test_first_player_advantage_and_win_rates() -> None:
    res = _res([0] * 70 + [1] * 30, [0] * 50 + [1] * 50)
    fp = res.first_player(0)
    assert fp.rate.k == 70 and fp.rate.n == 100 and math.isclose(fp.advantage, 0.2)
    assert "is an advantage" in fp.summary()
    assert "not distinguishable from a fair game" in res.first_player(1).summary()
    rates = res.win_rates(0)
    assert [r.k for r in rates] == [70, 30]


def test_paired_comparison_uses_only_common_seeds() -> None:
    res = _res([0] * 10, [1] * 10)
    res.records = [r for r in res.records if not (r.variant == 1 and r.seed >= 6)]
    assert res.compare().n == 6


def test_rule_edge_counts_the_seat_the_rule_favoured() -> None:
    recs = [GameRecord(i, 0, 0, 10, 0, True, {"x.boost": 3}, {"x.boost": [2, 1]}) for i in range(30)]
    recs += [GameRecord(30 + i, 0, 0, 10, 0, True, {"x.boost": 2}, {"x.boost": [1, 1]}) for i in range(5)]  # tie
    recs += [GameRecord(40 + i, 0, 1, 10, 0, True, {}, {}) for i in range(5)]  # never fired
    recs += [GameRecord(50 + i, 0, 1, 10, 0, True, {"x.boost": 1}, {"x.boost": [1, 0]}) for i in range(10)]
    res = SimResults("demo", [{}], ["random", "random"], 50, 0, recs)
    edge = res.rule_edge("x.boost")
    assert (edge.rate.k, edge.rate.n, edge.games_fired, edge.games) == (30, 40, 45, 50)
    assert "wins more often than chance" in edge.summary() and "favours" not in edge.summary()
    assert "nothing to say" in res.rule_edge("x.other").summary()


def _edge_results(module: str = "") -> SimResults:
    # the clause's event names seat 1 more often in 30 games seat 2 won, seat 2 in 2 games seat 2 won
    recs = [GameRecord(i, 0, 1, 10, 0, True, {"x.chopped": 2}, {"x.chopped": (2, 0)}) for i in range(30)]
    recs += [GameRecord(30 + i, 0, 1, 10, 0, True, {"x.chopped": 1}, {"x.chopped": (0, 1)}) for i in range(2)]
    return SimResults("demo", [{}], ["random", "random"], 32, 0, recs, module=module)


def test_rule_edge_says_whom_the_event_names() -> None:
    res = _edge_results()
    victim = res.rule_edge("x.chopped", names="victim").summary()
    assert victim.startswith("when x.chopped fired most often against one seat (the seat it is done to), that seat "
                             "won 6.2% of 32 such games")
    assert victim.endswith(": the seat it is done to wins less often than chance")
    actor = res.rule_edge("x.chopped", names="actor").summary()
    assert "fired most often for one seat (the seat that does it)" in actor
    assert actor.endswith(": the seat that does it wins less often than chance")
    plain = res.rule_edge("x.chopped").summary()  # not declared anywhere: no guess about who it favours
    assert plain.endswith(": the seat its event names wins less often than chance") and "favour" not in plain
    with pytest.raises(ValueError, match="names must be one of actor, victim"):
        res.rule_edge("x.chopped", names="winner")


def test_rule_edge_reads_the_declaration_from_the_games_catalog(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A clause's ``event_seat`` in the game's rules.toml says whom its event names (data, not code)."""
    import sys
    import types

    toml = tmp_path / "rules.toml"
    toml.write_text('game = "x"\ntitle = "X"\nrulebook = "-"\n\n[[clause]]\nid = "x.chopped"\ntitle = "t"\n'
                    'says = "s"\nwhere = "w"\nevent_seat = "victim"\n\n[[clause]]\nid = "x.other"\ntitle = "t"\n'
                    'says = "s"\nwhere = "w"\n')
    mod = types.ModuleType("tests_sim_edge_catalog_game")

    class Rules:
        catalog_path = toml

    mod.Rules = Rules  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    res = _edge_results(module=mod.__name__)
    edge = res.rule_edge("x.chopped")
    assert edge.names == "victim" and "(the seat it is done to)" in edge.summary()
    assert res.rule_edge("x.other").names == ""
    # running totals say the same
    tally = SimResults("demo", [{}], ["random", "random"], 32, 0, [], module=mod.__name__, tally=_tally(res))
    assert tally.rule_edge("x.chopped").summary() == edge.summary()


def _tally(res: SimResults):  # type: ignore[no-untyped-def]
    from tabletop.sim.tally import Tally

    t = Tally(1, 2)
    for r in res.records:
        t.fold([r])
    return t
