"""Python-side tests of the Xevoz board: messages as the browser would send them (a fake comm), validation,
bots, prompts and the static picture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

from tabletop import xevoz  # noqa: E402
from tabletop.xevoz import Call, Chop, Move, Ready  # noqa: E402
from tabletop.xevoz.widget import Board, mat_svg  # noqa: E402


def send(board: Board, action=None, *, kind: str = "act", version: int | None = None) -> bool:
    msg = {"type": kind, "version": board.version if version is None else version}
    if action is not None:
        msg["id"] = action.key if hasattr(action, "key") else action
    return board.handle_message(json.loads(json.dumps(msg)))  # the comm carries plain JSON


def battle_board(**kw) -> Board:
    b = Board(seed=1, **kw)
    b.rig(helix1=["4a", "1a"], helix2="2a")
    for _ in range(4):
        assert send(b, b.game.legal_actions()[0])
    assert send(b, xevoz.Place("C3"))
    return b


def test_board_syncs_state_legal_and_view() -> None:
    b = Board(seed=1)
    assert b.game_name == "xevoz" and b.state["phase"] == "build"
    assert any(e["type"] == "Ready" for e in b.legal)
    assert "pre-battle check" in b.view_data["prompt"]
    assert set(b.view_data["species"]) == {"neo-sapiens", "meta-beast", "sectoid", "hyperfury", "biomecha",
                                           "unnatural", "reptosaur", "arcaster"}
    assert "xevoz.drain-host-chopped" in b.clauses


def test_click_plays_a_round() -> None:
    b = battle_board()
    assert b.state["phase"] == "call" and b.state["mat"]["id"] == "meta-beast"
    b.rig(helix1="4a", helix2="2a")
    assert send(b, Call("white"))
    assert b.state["roll"]["winner"] == 0 and b.state["queue"][0]["kind"] == "chop"
    assert "click a part of Player 2's figure to chop" in b.view_data["prompt"]
    assert send(b, Chop("helm")) and send(b, Chop("jaw"))
    assert b.state["sides"][1]["life"] == 22
    assert b.state["phase"] == "move"
    assert send(b, xevoz.Move("B3"))
    assert b.state["sides"][1]["pos"] == "C3" and b.state["phase"] == "call"
    assert any(e["rule"] == "xevoz.defender-follows" for e in b.events)


def test_refused_click_shows_the_rule_and_changes_nothing() -> None:
    b = battle_board()
    b.rig(helix1="4a", helix2="2a")
    send(b, Call("white"))
    before, v = b.game.digest(), b.version
    assert not send(b, Chop("skull"))
    assert b.error["rule"] == "xevoz.stay-connected" and "Skull Helm" in b.error["reason"]
    assert not send(b, Chop("fang"))
    assert b.error["rule"] == "xevoz.drain-uncuttable"
    assert not send(b, Call("black"))
    assert b.error["rule"] == "xevoz.forgotten-actions"
    assert b.game.digest() == before and b.version == v


def test_stale_and_malformed_messages_are_refused() -> None:
    b = Board(seed=1)
    assert not send(b, Ready(), version=b.version - 1)
    assert b.error["rule"] == "ui.stale"
    assert not send(b, '{"type": "Chop", "part": 7}')
    assert b.error["rule"] in ("ui.message", "xevoz.pre-battle-check")
    assert not b.handle_message({"type": "act"})
    assert b.state["phase"] == "build"


def test_against_the_greedy_bot() -> None:
    b = Board(seed=2, bots="greedy")
    assert b.bot_seats == {"1": "greedy"}
    send(b, Ready())  # the bot readies at once, then it is Step 2 for seat 1 (a human)
    assert b.state["phase"] == "first" and b.current_player == 0
    steps = 0
    while not b.is_over and steps < 400:
        assert b.current_player == 0  # the bot always answers before handing back
        send(b, b.game.legal_actions()[0])
        steps += 1
    assert b.is_over and b.winner in (0, 1)
    assert "wins the battle" in b.view_data["prompt"]


def test_undo_message() -> None:
    b = Board(seed=1)
    send(b, xevoz.Flip(1))
    assert b.state["sides"][0]["helix"][0]["flipped"]
    assert send(b, kind="undo")
    assert not b.state["sides"][0]["helix"][0]["flipped"]


def test_static_picture_shows_mat_and_figures() -> None:
    b = battle_board()
    svg = mat_svg(b.game.state)
    assert svg is not None and "START" in svg and "P1" in svg and "P2" in svg
    html = b.static_html()
    assert "Xevoz Battle Terrain" in html and "<script" not in html
    assert mat_svg(xevoz.new_game(seed=1).state) is None


def test_bundle_contains_the_renderer() -> None:
    Board._prepare_bundle()
    assert "function renderBoard" in Board._esm and "xzTree" in Board._esm


def test_every_part_click_sends_its_move_and_a_refusal_names_the_rule() -> None:
    # issue 9 "why not?": a click on a part that is not a legal choice sends the move it means (the board JS builds
    # the same key as Python's action_key) and the board answers with the clause and the reason
    b = battle_board()
    b.rig(helix1="4a", helix2="2a")
    send(b, Call("white"))  # Player 1 wins: two chops of Skull Jack's parts
    before = b.game.digest()
    mine = Chop("claw", figure="razorclaw")  # a click on the winner's own Razor Claw
    assert mine.key == '{"figure":"razorclaw","part":"claw","type":"Chop"}'
    assert not send(b, mine)
    assert b.error["rule"] == "xevoz.sword" and "Skull Jack" in b.error["reason"]
    assert not send(b, Chop("skull"))  # the right figure, but the helmet is still on
    assert b.error["rule"] == "xevoz.stay-connected"
    assert not send(b, Move("C4"))  # a square while chops are due
    assert b.error["rule"] == "xevoz.forgotten-actions"
    assert not send(b, Call("black"))  # the call button out of turn
    assert b.error["rule"] == "xevoz.forgotten-actions"
    assert b.game.digest() == before
    assert send(b, Chop("helm", figure="skull-jack")) is False  # not a listed move: the kit refuses it, no change
    assert b.game.digest() == before
    assert send(b, Chop("helm"))  # the listed move (figure "") plays


def test_the_board_script_builds_keys_and_shows_names() -> None:
    js = (Path(__file__).resolve().parents[2] / "widgets/tabletop/xevoz/static/board.js").read_text()
    assert "function xzKey" in js and "ctx.tryAction" in js
    assert "${g.glyph}" not in js and "${side.drain_on}`" not in js  # names, not ids
    assert "against" not in js
