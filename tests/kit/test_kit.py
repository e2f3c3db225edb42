"""Unit tests of the game-agnostic kit, driven by the tiny Pig test game."""

from __future__ import annotations

import json

import pytest

from tabletop.engine import (
    FirstBot,
    Game,
    IllegalAction,
    RandomBot,
    RigError,
    SaveError,
    coverage,
    load_catalog,
    play_out,
    thaw,
)
from tests.kit.pig import Hold, PigRules, PigVariant, Roll, Say


def new(seed: int = 1, **kw) -> Game:
    return Game(PigRules(), seed=seed, **kw)


def test_same_seed_same_game() -> None:
    a, b = new(7), new(7)
    for _ in range(30):
        if a.is_over:
            break
        act = a.legal_actions()[-1]
        a.play(act)
        b.play(act)
    assert a.state == b.state and a.digest() == b.digest()
    assert [e.text for e in a.log] == [e.text for e in b.log]


def test_different_seeds_differ() -> None:
    rolls = set()
    for s in range(20):
        g = new(s)
        g.play(Roll())
        rolls.add(g.last_draws[0].value)
    assert len(rolls) > 3


def test_refused_action_names_rule_and_changes_nothing() -> None:
    g = new()
    before, version, hist = g.state, g.version, len(g.history)
    with pytest.raises(IllegalAction) as info:
        g.play(Hold())
    assert info.value.rule == "pig.hold" and "nothing in the pot" in info.value.reason
    with pytest.raises(IllegalAction) as info:
        g.play(Say("hi"))  # Say mutates the working copy before refusing
    assert info.value.rule == "pig.talk"
    assert g.state == before and g.version == version and len(g.history) == hist
    assert g.state["pot"] == 0


def test_state_is_readonly_and_json() -> None:
    g = new()
    with pytest.raises(TypeError):
        g.state["pot"] = 3  # type: ignore[index]
    assert json.loads(json.dumps(g.state))["scores"] == [0, 0]
    assert thaw(g.state)["scores"] == [0, 0]


def test_rig_queues_outcomes_and_marks_them() -> None:
    g = new()
    g.rig(die=[4, 1])
    g.play(Roll())
    assert g.state["pot"] == 4 and g.last_draws[0].rigged
    g.play(Roll())
    assert g.state["pot"] == 0 and g.current_player == 1
    g.play(Roll())
    assert not g.last_draws[0].rigged


def test_impossible_rig_is_refused_and_queues_nothing() -> None:
    g = new()
    with pytest.raises(RigError, match="cannot come up"):
        g.rig(die=[3, 7])
    with pytest.raises(RigError, match="no chance of kind"):
        g.rig(spinner="RED")
    assert g.rigged == {}


def test_rig_does_not_shift_later_randomness() -> None:
    a, b = new(3), new(3)
    b.rig(die=5)
    a.play(Roll())
    b.play(Roll())
    if a.current_player == 0 and b.current_player == 0:
        a.play(Roll())
        b.play(Roll())
        assert a.last_draws[0].value == b.last_draws[0].value


def test_undo_restores_state_chance_and_rigs() -> None:
    g = new()
    g.rig(die=[5, 6])
    g.play(Roll())
    snap, rigs, counter = g.state, g.rigged, g.chance.counter
    g.play(Roll())
    g.undo()
    assert g.state == snap and g.rigged == rigs and g.chance.counter == counter
    g.undo()
    assert g.state["pot"] == 0 and g.rigged == {"die": [5, 6]}
    with pytest.raises(IllegalAction, match="nothing to undo"):
        g.undo()


def test_fork_is_independent() -> None:
    g = new()
    g.play(Roll())
    f = g.fork()
    before = g.state
    play_out(f, [RandomBot(seed=1), RandomBot(seed=2)])
    assert f.is_over and g.state == before and not g.is_over


def test_save_load_replays_exactly_with_rigs() -> None:
    g = new(11, variant={"target": 10})
    g.rig(die=[6, 6])
    play_out(g, [RandomBot(seed=1), RandomBot(seed=2)])
    data = json.loads(json.dumps(g.save()))
    h = Game.load(PigRules(), data)
    assert h.state == g.state and h.winner == g.winner and h.variant == PigVariant(target=10)
    assert [t.to_dict() for t in h.history] == [t.to_dict() for t in g.history]


def test_bad_saves_are_refused_with_reason() -> None:
    g = new()
    g.play(Roll())
    data = g.save()
    with pytest.raises(SaveError, match="not a Tabletop Arcade save"):
        Game.load(PigRules(), {"x": 1})
    with pytest.raises(SaveError, match="'game' was changed"):
        Game.load(PigRules(), {**data, "game": "chess"})
    with pytest.raises(SaveError, match="for 'chess'"):  # an intact save of another game
        Game.load(PigRules(), resign({**data, "game": "chess"}))
    with pytest.raises(SaveError, match="digest"):
        Game.load(PigRules(), {**data, "digest": "0" * 16})
    with pytest.raises(SaveError, match="does not replay"):
        Game.load(PigRules(), resign({**data, "script": [{"action": {"type": "Hold"}}]}))


def resign(data: dict) -> dict:
    """The save with its digests recomputed (as if it had been saved that way)."""
    from tabletop.engine.game import SAVE_FIELDS, _canon, _hash

    out = dict(data)
    out["digests"] = {f: _hash(_canon(out[f])) for f in SAVE_FIELDS}
    out["digest"] = _hash(_canon(out["digests"]))
    return out


def test_actions_round_trip_and_bad_keys_are_refused() -> None:
    g = new()
    for a in [Roll(), Hold(), Say("x")]:
        assert g.decode(a.key) == a and g.decode(a.to_dict()) == a
    for bad in ["{", '{"type":"Fly"}', '{"type":"Say","text":{"a":1}}', '{"type":"Say","nope":1}', "[1]"]:
        with pytest.raises(ValueError):
            g.decode(bad)


def test_variant_validation() -> None:
    with pytest.raises(ValueError, match="at least 5"):
        new(variant={"target": 2})
    with pytest.raises(ValueError, match="unknown variant option"):
        new(variant={"speed": 2})
    assert PigVariant(target=30).changes() == {"target": 30}


def test_players_count_checked() -> None:
    with pytest.raises(ValueError, match="played by 2 players"):
        new(players=3)
    assert new(players=["Ann", "Bo"]).players == ("Ann", "Bo")


def test_events_carry_rule_and_unknown_rules_are_bugs() -> None:
    g = new()
    g.rig(die=3)
    evs = g.play(Roll())
    assert evs[0].rule == "pig.roll" and "Rolled 3" in evs[0].text and evs[0].player == 0
    from tabletop.engine import Context

    ctx = Context(g.chance, g.players, g.variant, frozenset({"pig.roll"}), 0)
    with pytest.raises(ValueError, match="unknown rule clause"):
        ctx.emit("pig.nonsense", "x")


def test_game_over_refuses_actions() -> None:
    g = new(variant={"target": 5})
    play_out(g, [FirstBot(), FirstBot()])
    if not g.is_over:
        g.rig(die=[6])
        play_out(g, [RandomBot(seed=0), RandomBot(seed=1)])
    assert g.is_over and g.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        g.play(Roll())


def test_find_by_words() -> None:
    g = new()
    assert g.find("roll") == Roll()
    with pytest.raises(LookupError, match="no legal action"):
        g.find("hold")


def test_catalog_coverage(tmp_path) -> None:
    cat = load_catalog(PigRules.catalog_path)
    t = tmp_path / "t.py"
    t.write_text("# pig.roll and pig.hold-extra\n")
    cov = coverage(cat, [t], [])
    assert cov["pig.roll"]["tests"] == [str(t)] and cov["pig.hold"]["tests"] == []
    bad = tmp_path / "bad.toml"
    bad.write_text('game="pig"\ntitle="P"\nrulebook="x"\n[[clause]]\nid="chess.x"\ntitle="t"\nsays="s"\nwhere="w"\n')
    with pytest.raises(ValueError, match="must look like"):
        load_catalog(bad)


def test_setup_rig_is_used_by_setup_and_replayed() -> None:
    class RollAtSetup(PigRules):
        def initial_state(self, ctx):  # type: ignore[no-untyped-def]
            st = super().initial_state(ctx)
            st.pot = ctx.roll()  # a die rolled during setup (e.g. "roll for the order of play")
            return st

    g = Game(RollAtSetup(), seed=4, rig={"die": [5]})
    assert g.state["pot"] == 5 and g.history[0].draws[0].rigged and g.rigged == {}
    g.play(Roll())
    h = Game.load(RollAtSetup(), json.loads(json.dumps(g.save())))
    assert h.state == g.state and h.history[0].draws[0].value == 5
    with pytest.raises(RigError):
        Game(RollAtSetup(), seed=4, rig={"die": [9]})
