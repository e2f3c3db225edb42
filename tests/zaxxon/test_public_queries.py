"""The public queries of the Zaxxon rules (what bots, boards and lessons ask instead of reaching into private
methods) agree with what the rules allow and do: a plane's steps and shots are exactly its legal moves and shots,
a refused step is refused with ``move_problem``'s reason, Zaxxon's shot hits the plane ``zaxxon_shot_hit`` names,
and the look-ups find the pieces on the board. Costs about 1 s.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop import zaxxon
from tabletop.engine import Game
from tabletop.zaxxon.actions import Move, Shoot, ZaxxonShoot
from tabletop.zaxxon.fast import FastZaxxonRules
from tabletop.zaxxon.rules import ZaxxonRules

ENGINES = [ZaxxonRules(), FastZaxxonRules()]


def _positions(rules: ZaxxonRules, seed: int, steps: int = 120) -> Any:
    """The states of a random game (greedy bots every other seed, so planes reach the inner fortress)."""
    game = Game(rules, seed=seed, variant={"zaxxon_awake": True})
    rng = random.Random(seed)
    bot = zaxxon.GreedyBot(seed=seed)
    for _ in range(steps):
        legal = game.legal_actions()
        if not legal:
            return
        yield game, legal
        game.play(bot.choose(game, legal) if seed % 2 else legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("rules", ENGINES, ids=["reference", "fast"])
def test_plane_steps_and_shots_are_the_legal_moves_and_shots_zaxxon_plane_moves(rules: ZaxxonRules) -> None:
    seen_shots = 0
    for seed in range(4):
        for game, legal in _positions(rules, seed):
            s = game.raw_state
            if s.phase != 3:  # the move phase
                continue
            for pi in (s.mover * 2, s.mover * 2 + 1):
                num = pi % 2 + 1
                flying = not s.planes[pi][2] and rules.on_wall(s, s.mover) in (-1, pi)
                steps = [rules.board.name(c) for c in rules.plane_steps(s, pi)] if flying else []
                assert steps == [a.to for a in legal if isinstance(a, Move) and a.plane == num]
                shots = rules.plane_shots(s, pi) if flying and rules.on_wall(s, s.mover) < 0 else []
                assert shots == [a for a in legal if isinstance(a, Shoot) and a.plane == num]
                seen_shots += len(shots)
                for c in rules.board.nbr[s.planes[pi][0]]:  # every other neighbour: refused with its reason
                    if flying and c >= 0 and c not in rules.plane_steps(s, pi):
                        why = game.explain(Move(num, rules.board.name(c)))
                        assert why is not None
                        assert (why.rule, why.reason) == rules.move_problem(s, s.mover, pi, c)
    assert seen_shots > 0


@pytest.mark.parametrize("rules", ENGINES, ids=["reference", "fast"])
def test_zaxxon_shot_hit_names_the_plane_zaxxon_shoots_zaxxon_zaxxon_shoots(rules: ZaxxonRules) -> None:
    tried = hits = 0
    for seed in range(12):
        for game, legal in _positions(rules, seed, steps=200):
            for a in legal:
                if isinstance(a, ZaxxonShoot):
                    hit = rules.zaxxon_shot_hit(game.raw_state, a.space, a.direction)
                    f = game.fork()
                    events = f.play(a)
                    tried += 1
                    said = [e.text for e in events if e.rule == "zaxxon.zaxxon-shoots"]
                    assert ("hits a plane" in said[0]) == (hit >= 0), said
                    if hit >= 0:
                        hits += 1
                        assert f.raw_state.planes[hit][0] != game.raw_state.planes[hit][0]  # it was shot down
    assert tried > 0 and hits > 0


@pytest.mark.parametrize("rules", ENGINES, ids=["reference", "fast"])
def test_look_ups_find_the_pieces_zaxxon_setup(rules: ZaxxonRules) -> None:
    game = Game(rules, seed=0)
    s, b = game.raw_state, rules.board
    for pi, p in enumerate(s.planes):
        assert rules.plane_at(s, p[0]) == pi
    for t in b.targets:
        assert rules.target_at(s, t.cell) == t.idx
    assert rules.zaxxon_spaces(s) == (b.zaxxon_start, b.nbr[b.zaxxon_start][0])
    assert rules.plane_at(s, b.zaxxon_start) == -1 and rules.target_at(s, b.zaxxon_start) == -1
    for area in b.areas:  # every silo and turret stands at setup: its whole area fires
        assert all(rules.live_area(s, c, area.kind) for c in area.cells)
    assert rules.free_fuel_spaces(s) == list(b.fuel_spaces)
    assert rules.on_wall(s, 0) == rules.on_wall(s, 1) == -1
