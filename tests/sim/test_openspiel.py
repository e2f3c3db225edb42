"""tabletop.openspiel: each game as an OpenSpiel Python game (issue 21, "OpenSpiel interop").

OpenSpiel's own conformance check on every game (and the toy Pig), no peeking at Super Xevious' face-down Battle
Card, chance nodes carrying the rules' own distributions, the kit's save of an adapter state, and OpenSpiel's
MCTSBot playing our games to the end. Small budgets and short step caps: a few seconds in all."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402 - after the skip: numpy comes with open-spiel
from open_spiel.python.algorithms import mcts  # noqa: E402

import tabletop.openspiel as tos  # noqa: E402
from tabletop import xevious, zaxxon  # noqa: E402
from tests.sim import piggame  # noqa: E402

GAMES = [("pig", None), ("xevoz", 40), ("zaxxon", 40), ("xevious", 60)]


def _load(name: str, cap: int | None, **params: Any) -> Any:
    if name == "pig":
        return tos.load(piggame, **params)
    return tos.load(name, max_game_length=cap, **params)


def _sample(st: Any, rng: random.Random) -> int:
    if st.is_chance_node():
        outs = st.chance_outcomes()
        return int(rng.choices([a for a, _ in outs], [p for _, p in outs])[0])
    return int(rng.choice(st.legal_actions()))


@pytest.mark.parametrize(("name", "cap"), GAMES)
def test_random_sim_test(name: str, cap: int | None) -> None:
    """OpenSpiel's conformance check: random games, clones, legal actions, chance outcomes, returns,
    observation and information-state strings, and serialise / deserialise of every state."""
    pyspiel.random_sim_test(_load(name, cap), num_sims=2, serialize=True, verbose=False)


def test_random_sim_test_secret_and_more_seats() -> None:
    """Super Xevious with the enemy's card turned by the next player (the face-down card comes up) and three
    seats: an imperfect-information game OpenSpiel accepts too."""
    game = tos.load("xevious", max_game_length=60, players=3, variant={"enemy_card": "next"})
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_players() == 3
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_variant_of_several_options_survives_serialisation() -> None:
    """OpenSpiel's game strings separate parameters by commas: a variant whose JSON holds one still loads back
    (``b64:`` form) as the same variant."""
    options = {"enemy_card": "chance", "cockpit_card": True}
    game = tos.load("xevious", max_game_length=40, variant=options)
    assert game.spec.variant.enemy_card == "chance" and game.spec.variant.cockpit_card is True
    assert tos.variant_options(tos.variant_text(options)) == options
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    again = pyspiel.load_game(str(game))
    assert again.spec.variant == game.spec.variant


def test_registered_names_and_parameters() -> None:
    names = set(pyspiel.registered_names())
    for short in ("python_tabletop_xevious", "python_tabletop_xevoz", "python_tabletop_zaxxon"):
        assert short in names
    game = pyspiel.load_game("python_tabletop_zaxxon", {"max_game_length": 7})
    assert game.max_game_length() == 7
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    st = game.new_initial_state()
    rng = random.Random(3)
    decisions = 0
    while not st.is_terminal():
        decisions += not st.is_chance_node()
        st.apply_action(_sample(st, rng))
    assert decisions == 7 and st.returns() == [0.0, 0.0]  # the step cap: no winner
    with pytest.raises(ValueError, match="2 to 4 players"):
        pyspiel.load_game("python_tabletop_xevious", {"players": 5})


def _at_face_down_choice(seed: int) -> Any:
    """A Super Xevious state (enemy_card='next') where a player is about to turn a Battle Card secretly."""
    game = tos.load("xevious", max_game_length=300, variant={"enemy_card": "next"})
    rng = random.Random(seed)
    st = game.new_initial_state()
    while not st.is_terminal():
        if not st.is_chance_node() and st.rules_state.phase == "aim":
            return st
        st.apply_action(_sample(st, rng))
    raise AssertionError("no air battle in this game")


@pytest.mark.parametrize("seed", [0, 3])
def test_no_peeking_at_the_face_down_battle_card(seed: int) -> None:
    """xevious.air-battle: 'both Battle Cards are turned secretly'. Two states that differ only in the heading
    the owner turned face down: the enemy's information-state and observation strings are the same, the owner's
    differ; once the enemy's card is turned and both are revealed, the enemy's strings tell them apart."""
    st = _at_face_down_choice(seed)
    owner = st.current_player()
    aims = [a for a in st.legal_actions() if "turn your Battle Card" in st.action_to_string(owner, a)]
    assert len(aims) == 4
    after = []
    for a in aims[:2]:
        s = st.clone()
        s.apply_action(a)
        assert s.rules_state.phase == "enemy"
        after.append(s)
    enemy = after[0].current_player()
    assert enemy != owner
    a, b = after
    assert a.information_state_string(enemy) == b.information_state_string(enemy)
    assert a.observation_string(enemy) == b.observation_string(enemy)
    assert a.information_state_string(owner) != b.information_state_string(owner)
    assert a.observation_string(owner) != b.observation_string(owner)
    heading = a.rules_state.pend["aim"]
    assert heading in a.observation_string(owner) and "face down" in a.information_state_string(enemy)
    # the enemy turns the same card in both: both are revealed, and the outcome differs
    for s in after:
        s.apply_action(s.legal_actions()[0])
        while s.is_chance_node():
            s.apply_action(s.chance_outcomes()[0][0])
    assert a.information_state_string(enemy) != b.information_state_string(enemy)


def _chance_nodes(game: Any, games: int, seed: int) -> list[Any]:
    rng = random.Random(seed)
    nodes = []
    for _ in range(games):
        st = game.new_initial_state()
        while not st.is_terminal():
            if st.is_chance_node():
                nodes.append(st.clone())
            st.apply_action(_sample(st, rng))
    return nodes


def test_chance_outcomes_are_the_rules_distributions() -> None:
    """Every chance node's probabilities sum to 1, ids ascending; they are the distributions the rules draw
    from: Zaxxon's die uniform and its spinner weighted by the variant's spinner (zaxxon.spinner); Super Xevious'
    Super Xevious Card uniform over the cards left in the deck (xevious.card-space) and its Blaster Card
    weighted by blaster_hits (xevious.blaster-draw)."""
    seen: Counter[str] = Counter()
    zopts, zweights = zaxxon.Variant().spinner_draw()
    for name, variant in (("zaxxon", {}), ("xevious", {"blaster_hits": 2})):
        game = tos.load(name, max_game_length=40, variant=variant)
        spec = game.spec
        for st in _chance_nodes(game, 3, seed=5):
            outs = st.chance_outcomes()
            assert abs(sum(p for _, p in outs) - 1.0) < 1e-9
            assert [a for a, _ in outs] == sorted({a for a, _ in outs})
            kind = st.track.need.kind
            seen[f"{name}.{kind}"] += 1
            got = {spec.domains[kind][a]: p for a, p in outs}
            if kind == "die":
                assert got == pytest.approx({v: 1 / 6 for v in range(1, 7)})
            elif kind == "spinner":
                total = sum(zweights)
                want = {o: w / total for o, w in zip(zopts, zweights, strict=True) if w}
                assert got == pytest.approx(want)
            elif kind == "card":
                deck = Counter(st.rules_state.deck)
                assert got == pytest.approx({c: k / sum(deck.values()) for c, k in deck.items()})
            elif kind == "blaster":
                assert got == pytest.approx({"HIT!": 2 / 3, "MISTAKE": 1 / 3})
    assert seen["zaxxon.die"] and seen["zaxxon.spinner"] and seen["xevious.die"]
    assert seen["xevious.card"] and seen["xevious.blaster"]
    assert xevious.Rules.chance_domains["blaster"] == ("HIT!", "MISTAKE")


@pytest.mark.parametrize("name", ["xevoz", "zaxxon", "xevious"])
def test_the_kit_game_of_a_state_is_the_same_game(name: str) -> None:
    """state.to_game(): the kit's Game with the same steps (every outcome rigged) reaches the very position the
    adapter holds, and its save loads back to it: the adapter plays the rules, it does not re-implement them."""
    game = tos.load(name, max_game_length=30)
    rng = random.Random(11)
    st = game.new_initial_state()
    while not st.is_terminal():
        st.apply_action(_sample(st, rng))
    kit = st.to_game()
    rules = kit.rules
    assert rules.to_json(kit.raw_state) == rules.to_json(st.rules_state)
    again = type(kit).load(rules, kit.save())
    assert again.digest() == kit.digest()
    # and OpenSpiel's own round trip of the state (the action history, replayed)
    back = game.deserialize_state(st.serialize())
    assert str(back) == str(st) and back.history() == st.history()
    _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, st))
    assert str(back) == str(st) and back.information_state_string(0) == st.information_state_string(0)


@pytest.mark.parametrize(("name", "cap"), [("pig", None), ("zaxxon", 12)])
def test_openspiel_mcts_bot_plays_to_the_end(name: str, cap: int | None) -> None:
    game = _load(name, cap)
    rs = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 12, mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
    st = game.new_initial_state()
    rng = random.Random(2)
    while not st.is_terminal():
        if st.is_chance_node():
            st.apply_action(_sample(st, rng))
        else:
            st.apply_action(bot.step(st))
    assert sum(st.returns()) == pytest.approx(0.0)
