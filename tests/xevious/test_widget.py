"""Python-side tests of the Super Xevious board, driven like the browser drives it: through a fake comm."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop import xevious
from tabletop.xevious.rules import Aim, EnemyAim, Roll, StopAt

from .helpers import game, put


class FakeComm:
    """Stands in for the kernel comm: records what the widget sends to the browser."""

    kernel = object()
    comm_id = "fake"

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.start: dict[str, Any] = {}

    def send(self, data: Any = None, buffers: Any = None, **_: Any) -> None:
        self.sent.append(json.loads(json.dumps(data, default=str)))

    def on_msg(self, *_: Any) -> None: ...

    def on_close(self, *_: Any) -> None: ...

    def close(self, *_: Any, **__: Any) -> None: ...


def wire(board: Any) -> FakeComm:
    comm = FakeComm()
    comm.start = json.loads(json.dumps(board.get_state(), default=str))  # what the browser has at that point
    board.comm = comm
    return comm


def click(board: Any, action: Any, version: int | None = None) -> None:
    """What the browser sends when a button or a space is clicked."""
    key = action if isinstance(action, str) else action.key
    msg = {"type": "act", "id": key, "version": board.version if version is None else version}
    board._handle_msg({"content": {"data": {"method": "custom", "content": msg}}, "buffers": []})


def sent_states(comm: FakeComm) -> list[dict[str, Any]]:
    """What the browser received: whole updates' states, and the traits a board's patch messages set (applied to
    the board's state when the fake comm was attached: ``wire``)."""
    from tabletop.ui._messages import received_state

    copy = dict(comm.start)
    return [got for m in comm.sent if (got := received_state(copy, m)) is not None]


def test_board_shows_the_stage_panel_and_sheets() -> None:
    b = xevious.Board(seed=1)
    st = b.view_data["stage"]
    assert st["number"] == 1 and st["panel"] == "A" and len(st["areas"]) == 3
    assert st["areas"][0][0]["kind"] == "entrance" and st["areas"][0][-1]["kind"] == "exit"
    assert st["guard"] == [[2, 5]] and st["text"].startswith("The Andor Genesis")
    assert [p["solvalou"] for p in b.state["pilots"]] == [3, 3]
    assert any(e["rule"] == "xevious.prep-order" for e in b.events)
    js = b._esm
    assert "function renderBoard" in js and "xvSheet" in js and "boardKey" in js


def test_click_roll_and_stop_on_a_highlighted_green_space() -> None:
    """xevious.green-stop through the widget: the stop choices arrive as legal entries with their step."""
    b = xevious.Board(game=game())
    comm = wire(b)
    b.rig(die=4)
    click(b, Roll())
    assert b.state["phase"] == "stop" and [e["step"] for e in b.legal] == [3, 4]
    assert b.state["path"][2] == [0, 3]
    assert sent_states(comm), "the board pushed the new position to the browser"
    click(b, b.legal[0]["id"])
    assert (b.state["pilots"][0]["area"], b.state["pilots"][0]["space"]) == (0, 3)
    assert b.error is None


def test_secret_battle_card_stays_hidden_until_the_enemy_has_chosen() -> None:
    """xevious.air-battle in the widget: after the attacker's pick the browser sees a face-down card only."""
    g = game()
    put(g, 0, 0, 3)
    b = xevious.Board(game=g)
    comm = wire(b)
    b.rig(die=1)
    click(b, Roll())
    n_before = len(sent_states(comm))
    click(b, Aim("left"))
    assert b.current_player == 1 and b.state["pending"]["aim"] == "face down"
    secret = "turn your Battle Card to point left"
    after_aim = json.dumps([b.state, b.events])
    assert secret not in after_aim and "face down" in after_aim
    pushed = sent_states(comm)[n_before:]  # what the browser then holds (patches applied), not their shorthand
    assert pushed and all(secret not in json.dumps(m) for m in pushed)
    click(b, EnemyAim("right"))
    assert b.state["last"]["mine"] == "left" and b.state["last"]["won"] is True
    assert any(secret in e["action"] for e in b.events)  # revealed now


def test_refused_and_stale_clicks_change_nothing_and_explain() -> None:
    b = xevious.Board(game=game())
    before = b.game.digest()
    click(b, StopAt(3, "green space"))
    assert b.error["rule"] == "xevious.move-roll" and "roll the die" in b.error["reason"]
    assert b.game.digest() == before
    click(b, Roll(), version=b.version - 1)
    assert b.error["rule"] == "ui.stale" and b.game.digest() == before
    click(b, '{"type": "Aim", "heading": "north"}')
    assert b.error["rule"] in ("xevious.air-battle", "xevious.turn-order") and b.game.digest() == before


def test_hot_seat_with_a_bot_seat_and_bot_replies() -> None:
    b = xevious.Board(seed=2, players=["Ann", "Bot"], bots={1: "sensible"})
    for _ in range(12):
        if b.is_over:
            break
        assert b.current_player == 0 or b.state["phase"] == "enemy"
        click(b, b.legal[0]["id"])
        assert b.error is None
    assert len(b.game.history) > 12
    with pytest.raises(ValueError):
        xevious.Board(seed=2, bots={7: "random"})


def test_static_html_and_text_picture() -> None:
    b = xevious.Board(seed=3)
    html = b.static_html()
    assert "Super Xevious" in html and "Stage 1" in html and "<script" not in html


def test_walkthrough_steps_restore_exact_positions_and_hand_over() -> None:
    """The notebooks' step-through: each step replays its rigged moves; Back restores the exact position; the
    last step hands the board over (xevious.squad-battle happens in lesson 04's step 2)."""
    from tabletop.xevious.lessons import lesson
    from tabletop.xevious.widget import walkthrough

    w = walkthrough("04")
    les = lesson("04")
    assert len(w.steps) == len(les.steps) + 1 and not w.board.interactive
    w.goto(1, "shown")  # the step's outcome (a question or your-move part comes first when Next reaches it)
    digest = w.board.game.digest()
    assert any(e.rule == "xevious.squad-battle" for e in w.board.game.log)
    w.goto(3, "shown")
    w.goto(1, "shown")
    assert w.board.game.digest() == digest == les.game_at(1).digest()
    w.goto(len(w.steps) - 1)
    assert w.board.interactive


def test_static_svg_draws_the_stage_with_words_and_movers() -> None:
    from tabletop.xevious.widget import render_svg

    g = game()
    put(g, 1, 2, 5)
    svg = render_svg(g)
    assert svg.startswith("<svg") and svg.count("<rect") == 27
    assert "Area 3, space 6: air-to-ground battle 4, Extra Weapon +1, must stop" in svg
    assert svg.count("<circle") == 2 and "STOP" in svg
    html = xevious.Board(game=g).static_html()
    assert "<svg" in html and "Stage 1" in html


def _node_key(obj: dict[str, Any]) -> str:
    """board.js's xvKey(obj), run in node (the key a click sends for a move that is not legal)."""
    import shutil
    import subprocess
    from pathlib import Path

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    js = (Path(xevious.__file__).parent / "static" / "board.js").read_text(encoding="utf-8")
    script = js + f"\nprocess.stdout.write(xvKey({json.dumps(obj)}));\n"
    return subprocess.run([node, "-e", script], capture_output=True, text=True, check=True).stdout


def test_board_js_builds_the_python_action_key() -> None:
    for action in (Roll(), StopAt(3, "green space"), Aim("left"), EnemyAim("up")):
        obj = {"type": type(action).__name__, **action.to_dict()}
        obj.pop("type", None)
        obj = {**obj, "type": type(action).__name__}
        assert json.loads(_node_key(obj)) == json.loads(action.key)
        assert _node_key(obj) == json.dumps(json.loads(action.key), separators=(",", ":"), sort_keys=True,
                                            ensure_ascii=False)


@pytest.mark.parametrize("obj, rule", [
    ({"type": "CatchUp"}, "xevious.catch-up"),
    ({"type": "TryAgain"}, "xevious.blaster-mistake"),
    ({"type": "StopAt", "step": 2, "space": "air-to-ground battle 2"}, "xevious.move-roll"),
    ({"type": "Fly", "n": 3}, "xevious.move-roll"),
])
def test_a_click_on_a_move_that_is_not_legal_is_answered_why_not(obj: dict[str, Any], rule: str) -> None:
    """Issue 9 "Why not?": the board sends the key of the move a click means; the answer names the clause."""
    b = xevious.Board(game=game())
    before = b.game.digest()
    key = json.dumps(obj, separators=(",", ":"), sort_keys=True)
    click(b, key)
    assert b.error is not None and b.error["rule"] == rule and b.error["reason"]
    assert b.game.digest() == before


def test_a_stop_click_off_the_path_is_answered_why_not() -> None:
    b = xevious.Board(game=game())
    b.rig(die=4)
    click(b, Roll())
    click(b, '{"space":"card","step":0,"type":"StopAt"}')
    assert b.error["rule"] == "xevious.move-forward"
    click(b, '{"space":"air-to-ground battle 2","step":2,"type":"StopAt"}')
    assert b.error["rule"] == "xevious.green-stop"
    click(b, '{"type":"Roll"}')
    assert b.error["rule"] == "xevious.green-stop" and "choose where to stop" in b.error["reason"]


def test_a_card_chip_shows_the_card_title_not_its_id() -> None:
    g = game()
    put(g, 0, 0, 5)
    b = xevious.Board(game=g)
    b.rig(die=1, card="derota")
    click(b, Roll())
    chips = [d for d in b.last_draws if d["kind"] == "card"]
    assert chips and chips[0]["value"] == "Derota cannon"
    assert b.view_data["chance"]["card"]["labels"]["Derota cannon"]
    assert "derota" not in json.dumps(b.last_draws)
    assert "Super Xevious Card Derota cannon" in b.static_html() and "card derota" not in b.static_html()


def test_board_js_draws_the_shield_as_svg_and_names_seats() -> None:
    """No font glyph that may be missing for the Shield Marker; seats by name (ctx.seatName), never by index."""
    from pathlib import Path

    js = (Path(xevious.__file__).parent / "static" / "board.js").read_text(encoding="utf-8")
    assert "⛨" not in js and 'xvIcon(ctx, "shield"' in js
    # issue 12: every icon is an SVG drawing (view()["icons"]), never a font glyph; the only non-ASCII characters
    # left in the renderer are punctuation in words (the dash, the multiplication sign of "air ×3")
    assert {c for c in js if ord(c) > 127} <= {"—", "×"}
    from tabletop.xevious.widget import ICONS

    assert {"green", "ground", "air", "squad", "card", "flag", "pin", "sol", "phantom", "shield", "arrow"} <= set(ICONS)


def test_teacher_rig_menu_names_every_card_by_its_title() -> None:
    """Issue 9/11: the teacher panel's card menu shows card titles, never ids such as 'derota'."""
    b = xevious.Board(game=game(), teacher=True)
    cards = b.teacher_data["chance"]["card"]
    words = b.view_data["chance"]["card"]["choice_labels"]
    assert cards and all(words.get(c) and words[c] != c and "-" not in words[c] for c in cards)
