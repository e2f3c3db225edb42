"""Issue 20 item 2: a click on a highlighted hex "3 counts away" flies the whole route there - never a refusal of a
hex the board itself offered. The routes come from the rules (``tabletop.zaxxon.queries``: the rules' own moves
applied to copies of the position); the browser sends one validated message ``{"type": "route", ...}`` (board.js,
run in Node with a fake kit ctx) and Python plays each step as its own logged ``Move``, with the same events as
clicking step by step."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

from tabletop import zaxxon  # noqa: E402
from tabletop.zaxxon import Move, Roll, Spin  # noqa: E402
from tabletop.zaxxon.bots import GreedyBot  # noqa: E402
from tabletop.zaxxon.queries import reach_view, reachable, route, unreachable  # noqa: E402
from tabletop.zaxxon.widget import Board  # noqa: E402

from .test_board_clicks import NODE, clicks  # noqa: E402


def outer_board(**kw: object) -> Board:
    """Blue to move with 5 (plane #2 on D7, Low Altitude) in the teaching position "outer"."""
    b = Board(seed=1, variant={"scenario": "outer"}, **kw)
    b.rig(die=[5, 6], spinner="WHITE")
    b.play(Roll())
    b.play(Spin())
    return b


def route_msg(b: Board, plane: object, to: object, **extra: object) -> dict[str, object]:
    return {"type": "route", "plane": plane, "to": to, "version": b.version, **extra}


def test_every_route_is_a_sequence_of_moves_the_rules_allow_and_its_cost_is_its_length() -> None:
    g = zaxxon.new_game(seed=3)
    bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
    checked = 0
    for _ in range(400):
        if g.is_over:
            break
        if g.state["phase"] == "move" and checked < 40:
            checked += 1
            seat = g.current_player
            for num in (1, 2):
                routes = reachable(g, num)
                first = {a.to for a in g.legal_actions() if isinstance(a, Move) and a.plane == num}
                assert {s for s, r in routes.items() if r.cost == 1} == first
                for to, r in routes.items():
                    f = g.fork()
                    for m in r.moves:
                        assert f.explain(m) is None, (to, r.path, m)
                        f.play(m)
                    here = f.state["planes"][seat * 2 + num - 1]["space"]
                    assert (here == to) != r.shot_down and r.path[-1] == to and r.cost <= g.state["count"]
        g.play(bots[g.current_player].choose(g, g.legal_actions()))
    assert checked == 40


def _forked_routes(g: zaxxon.Game, plane: int) -> dict[str, tuple[tuple[Move, ...], bool]]:
    """The oracle: the same breadth-first search played move by move on ``Game.fork`` copies, through
    ``Game.play`` (each step checked and logged as a board plays it): per space its moves and whether the plane is
    shot down on entering."""
    seat = g.current_player
    assert seat is not None
    start = g.state["planes"][seat * 2 + plane - 1]["space"]
    out: dict[str, tuple[tuple[Move, ...], bool]] = {}
    frontier: list[tuple[zaxxon.Game, tuple[Move, ...]]] = [(g, ())]
    seen = {start}
    while frontier:
        nxt = []
        for h, moves in frontier:
            for a in h.legal_actions():
                if not isinstance(a, Move) or a.plane != plane or a.to in seen:
                    continue
                seen.add(a.to)
                f = h.fork()
                f.play(a)
                st = f.state
                down = st["planes"][seat * 2 + plane - 1]["space"] != a.to
                out[a.to] = ((*moves, a), down)
                if not down and st["phase"] == "move" and f.current_player == seat:
                    nxt.append((f, (*moves, a)))
        frontier = nxt
    return out


@pytest.mark.parametrize("variant", [{}, {"radar_barrier": False, "turret_fires_on_entry": True},
                                     {"scenario": "outer", "grounded_after_shot": False}, {"zaxxon_awake": True, "spinner_weights": (2, 1, 1, 1)}])
def test_reachable_equals_the_search_played_on_forks(variant: dict[str, object]) -> None:
    """``reachable`` applies the rules' moves to copies of the position; the same search played through
    ``Game.fork`` and ``Game.play`` finds the same spaces, the same moves and the same shot-down stops, in every
    move-phase position of greedy games (and the game is left as it was)."""
    compared = downs = 0
    for seed in range(3):
        g = zaxxon.new_game(seed=seed, variant=variant)
        bots = [GreedyBot(seed=seed), GreedyBot(seed=seed + 10)]
        for _ in range(300):
            if g.is_over:
                break
            if g.state["phase"] == "move":
                before = (g.save(), g.version, g.chance.counter)
                for num in (1, 2):
                    got = {to: (r.moves, r.shot_down) for to, r in reachable(g, num).items()}
                    assert got == _forked_routes(g, num), (seed, g.version, num)
                    compared += 1
                    downs += sum(d for _, d in got.values())
                assert (g.save(), g.version, g.chance.counter) == before
            g.play(bots[g.current_player].choose(g, g.legal_actions()))
    assert compared > 100 and downs > 0, (compared, downs)


def test_a_route_is_the_cheapest_one() -> None:
    """Breadth-first over the plane's own legal steps gives the same cost for every space (a plain search here)."""
    b = outer_board()
    g = b.game
    costs = {s: r.cost for s, r in reachable(g, 2).items()}
    frontier, seen, dist = [g], {"D7"}, {}
    for k in range(1, g.state["count"] + 1):
        nxt = []
        for h in frontier:
            for a in h.legal_actions():
                if isinstance(a, Move) and a.plane == 2 and a.to not in seen:
                    seen.add(a.to)
                    dist[a.to] = k
                    f = h.fork()
                    f.play(a)
                    if f.current_player == 0 and f.state["phase"] == "move":
                        nxt.append(f)
        frontier = nxt
    assert costs == dist


@pytest.mark.skipif(NODE is None, reason="needs node to run board.js")
def test_clicking_a_hex_three_counts_away_flies_the_whole_route_step_by_step() -> None:
    b = outer_board()
    assert b.view_data["reach"]["2"]["costs"]["A8"] == 3
    out = clicks(b, ["D7", "A8"])  # plane #2, then a highlighted hex 3 counts away
    assert out["sent"] == [] and out["messages"] == [route_msg(b, 2, "A8")]
    way = route(b.game, 2, "A8")
    assert way is not None and way.cost == 3
    twin = b.game.fork()  # the same steps clicked one by one
    twin_events = [e.text for m in way.moves for e in twin.play(m)]
    n = len(b.game.history)
    assert b.handle_message(out["messages"][0])
    assert b.error is None and b.state["planes"][1]["space"] == "A8" and b.state["count"] == 2
    played = b.game.history[n:]
    assert [t.action for t in played] == list(way.moves)  # each step its own logged action
    assert [e.text for t in played for e in t.events] == twin_events
    b.undo()  # one step back, not the whole route
    assert b.state["planes"][1]["space"] == way.path[-2]


@pytest.mark.skipif(NODE is None, reason="needs node to run board.js")
def test_a_neighbouring_hex_is_still_one_move() -> None:
    b = outer_board()
    out = clicks(b, ["D7", "E7"])
    assert out["sent"] == [Move(2, "E7").key] and out["messages"] == []


def test_a_route_into_a_live_silo_area_on_red_ends_with_the_plane_shot_down() -> None:
    b = Board(seed=1, variant={"scenario": "enemy-fire"})
    b.rig(die=[5, 6], spinner="RED")
    b.play(Roll())
    b.play(Spin())
    r = b.view_data["reach"]["2"]
    assert "D6" in r["stops"] and r["costs"]["D6"] == 2
    assert b.handle_message(route_msg(b, 2, "D6"))
    rules = [e.rule for t in b.game.history[-2:] for e in t.events]
    assert "zaxxon.red-silo-fire" in rules and b.state["planes"][1]["space"] == "G1"  # its home base


def test_the_route_of_the_last_counts_hands_the_move_to_the_bot() -> None:
    b = outer_board(bots="greedy")
    b.bot_delay = 0  # the bot replies at once, whatever event loop the test process may be running (no pacing)
    far = max(reachable(b.game, 2).values(), key=lambda r: r.cost)
    assert far.cost == 5
    assert b.handle_message(route_msg(b, 2, far.to))
    assert b.state["planes"][1]["space"] == far.to
    moves = [t for t in b.game.history if t.player == 0 and isinstance(t.action, Move)]
    assert [t.action for t in moves[-5:]] == list(far.moves)
    assert b.game.current_player != 1  # the bot (red) has played its part by itself


@pytest.mark.parametrize("msg, rule, words", [
    ({"plane": 3, "to": "A8"}, "ui.message", "'plane' is 1 or 2"),
    ({"plane": True, "to": "A8"}, "ui.message", "'plane' is 1 or 2"),
    ({"plane": "2", "to": "A8"}, "ui.message", "'plane' is 1 or 2"),
    ({"plane": 2, "to": 88}, "zaxxon.board", "a space of the board"),
    ({"plane": 2, "to": "Z99"}, "zaxxon.board", "a space of the board"),
    ({"plane": 2, "to": "A8", "via": ["B8"]}, "ui.message", "no field 'via'"),
    ({"plane": 2, "to": "K20"}, "zaxxon.plane-moves", "cannot reach K20 with the 5 counts left"),
    ({"plane": 2, "to": "A8", "version": -1}, "ui.stale", ""),
])
def test_a_bad_route_message_is_refused_with_its_rule_and_changes_nothing(msg: dict[str, object], rule: str,
                                                                          words: str) -> None:
    b = outer_board()
    before, n = b.game.digest(), len(b.game.history)
    full = {"type": "route", "version": b.version, **msg}
    assert b.handle_message(full) is False
    assert b.error is not None and b.error["rule"].startswith(rule.split(".")[0]) and words in b.error["reason"]
    if rule != "ui.stale":
        assert b.error["rule"] == rule
    assert b.game.digest() == before and len(b.game.history) == n


def test_a_route_across_the_radar_is_not_offered_to_the_lower_roller_and_is_refused() -> None:
    b = Board(seed=6, variant={"scenario": "radar"})
    b.rig(die=[2, 5], spinner="WHITE")
    b.play(Roll())
    b.play(Spin())
    assert "G12" not in b.view_data["reach"]["1"]["costs"]
    assert b.handle_message(route_msg(b, 1, "G12")) is False
    assert b.error["rule"] == "zaxxon.radar-barrier"
    assert unreachable(b.game, 1, "G12")[0] == "zaxxon.radar-barrier"


def test_reach_view_is_the_routes_costs_and_outside_the_move_phase_empty() -> None:
    b = outer_board()
    view = reach_view(b.game)
    assert view["2"]["costs"] == {s: r.cost for s, r in reachable(b.game, 2).items()}
    g = zaxxon.new_game(seed=1)
    assert reach_view(g) == {} and reachable(g, 1) == {}


@pytest.mark.skipif(NODE is None, reason="needs node to run board.js")
def test_a_double_click_sends_the_route_once() -> None:
    b = outer_board()
    out = clicks(b, ["D7", "A8", "A8"])
    assert out["messages"] == [route_msg(b, 2, "A8")]
