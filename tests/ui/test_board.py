"""BoardWidget, Python side: every browser message is validated; refusals show an error and change nothing."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine import Bot, FirstBot, Game, IllegalAction, thaw
from tabletop.ui import BoardWidget
from tabletop.ui import _bundle as bundle
from tests.kit.pig import Hold, PigRules, Roll, Say
from tests.ui.conftest import browser_message
from tests.ui.pigboard import PigBoard, PlainPigBoard

ROLL, HOLD = Roll().key, Hold().key


def snapshot(board: BoardWidget) -> dict[str, Any]:
    """Everything a refused message must leave untouched."""
    g = board.game
    return {"digest": g.digest(), "history": len(g.history), "game_version": g.version,
            "chance": g.chance.snapshot(), "board_version": board.version, "state": board.state,
            "legal": board.legal, "events": board.events}


def act(board: BoardWidget, action_id: Any, version: int | None = None) -> None:
    browser_message(board, {"type": "act", "id": action_id,
                            "version": board.version if version is None else version})


# -- good messages ---------------------------------------------------------------------------------------
def test_act_plays_the_action_and_syncs_everything() -> None:
    board = PigBoard(seed=1)
    v = board.version
    act(board, ROLL)
    g = board.game
    assert len(g.history) == 2 and isinstance(g.history[-1].action, Roll)
    assert board.version == v + 1 and board.error is None
    assert board.state == thaw(g.state) and board.state["pot"] == g.last_draws[0].value
    assert board.last_draws == [d.to_dict() for d in g.last_draws]
    assert [e["id"] for e in board.legal] == [a.key for a in g.legal_actions()]
    assert board.events[-1] == {"rule": "pig.roll", "text": g.log[-1].text, "player": 0, "turn": 1, "actor": 0,
                                "action": "roll the die"}
    assert board.can_undo
    # what the browser receives: one update carrying the new version together with the new state
    last = board.comm.updates()[-1]
    assert last["version"] == board.version and last["state"]["pot"] == board.state["pot"]


def test_legal_entries_carry_key_words_type_and_fields() -> None:
    board = PigBoard(seed=1)
    board.rig(die=4)
    board.play(Roll())
    assert board.legal == [{"id": ROLL, "text": "roll the die", "type": "Roll"},
                           {"id": HOLD, "text": "hold and bank the pot", "type": "Hold"}]
    entry = board.legal_entry(Say("hi"))
    assert entry == {"text": "say hi", "type": "Say", "id": Say("hi").key}


# -- refusals: nothing changes --------------------------------------------------------------------------
MALFORMED = [
    ("not an object", "roll"),
    ("list", ["act"]),
    ("no type", {"id": ROLL, "version": 1}),
    ("unknown type", {"type": "cheat", "version": 1}),
    ("no version", {"type": "act", "id": ROLL}),
    ("version is text", {"type": "act", "id": ROLL, "version": "1"}),
    ("version is bool", {"type": "act", "id": ROLL, "version": True}),
    ("id missing", {"type": "act", "version": None}),
    ("id not a string", {"type": "act", "id": {"type": "Roll"}, "version": None}),
    ("id empty", {"type": "act", "id": "", "version": None}),
    ("id not JSON", {"type": "act", "id": "roll the die", "version": None}),
    ("id of an unknown action", {"type": "act", "id": '{"type":"Teleport"}', "version": None}),
    ("id with a field the action lacks", {"type": "act", "id": '{"type":"Roll","times":3}', "version": None}),
    ("id with a nested object", {"type": "act", "id": '{"type":"Say","text":{"a":1}}', "version": None}),
    ("id far too long", {"type": "act", "id": '{"type":"Say","text":"' + "x" * 5000 + '"}', "version": None}),
]


@pytest.mark.parametrize(("why", "msg"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_messages_are_refused_with_ui_message(why: str, msg: Any) -> None:
    board = PigBoard(seed=2)
    if isinstance(msg, dict) and "version" in msg and msg["version"] is None:
        msg = dict(msg, version=board.version)
    before = snapshot(board)
    browser_message(board, msg)
    assert board.error is not None and board.error["rule"] == "ui.message", why
    assert board.error["reason"] and board.error["title"] == "Malformed message"
    assert snapshot(board) == before


def test_stale_version_is_refused_and_changes_nothing() -> None:
    board = PigBoard(seed=3)
    old = board.version
    act(board, ROLL)
    before = snapshot(board)
    act(board, ROLL, version=old)  # a second click from a view that had not redrawn yet
    assert board.error["rule"] == "ui.stale"
    assert f"version {old}" in board.error["reason"] and f"now {board.version}" in board.error["reason"]
    assert snapshot(board) == before
    act(board, ROLL, version=board.version + 5)  # from the future: also refused
    assert board.error["rule"] == "ui.stale" and snapshot(board) == before


def test_illegal_action_gets_the_rules_refusal_and_changes_nothing() -> None:
    board = PigBoard(seed=4)
    before = snapshot(board)
    act(board, HOLD)
    assert board.error["rule"] == "pig.hold" and "nothing in the pot" in board.error["reason"]
    assert board.error["title"] == "Hold"
    assert snapshot(board) == before
    # Say mutates the rules' working copy before refusing: the board's game must still be untouched
    act(board, Say("hello").key)
    assert board.error["rule"] == "pig.talk" and board.error["n"] == 2
    assert snapshot(board) == before and board.game.state["pot"] == 0


class StrictPig(PigRules):
    """A game whose legal_actions never offers Hold (stricter than its apply)."""

    def legal_actions(self, state: Any) -> list[Any]:
        return [a for a in super().legal_actions(state) if not isinstance(a, Hold)]


def test_action_the_rules_would_accept_but_not_offered_is_refused() -> None:
    board = PlainPigBoard(Game(StrictPig(), seed=5))
    board.rig(die=3)
    act(board, ROLL)
    before = snapshot(board)
    act(board, HOLD)
    # the kit refuses anything not listed, under the game's own actions clause (issue 10)
    assert board.error["rule"] == "pig.actions" and "not among the legal moves" in board.error["reason"]
    assert snapshot(board) == before


def test_locked_board_refuses_clicks() -> None:
    board = PigBoard(seed=6, interactive=False)
    board.notice = "Step 2 of 5: watch"
    before = snapshot(board)
    act(board, ROLL)
    assert board.error["rule"] == "ui.locked" and board.error["reason"] == "Step 2 of 5: watch"
    browser_message(board, {"type": "undo", "version": board.version})
    browser_message(board, {"type": "bot", "version": board.version})
    assert board.error["n"] == 3 and snapshot(board) == before


def test_undo_with_nothing_to_undo_and_game_over() -> None:
    board = PigBoard(seed=7, variant={"target": 5})
    browser_message(board, {"type": "undo", "version": board.version})
    assert board.error["rule"] == "ui.undo"
    board.rig(die=6)
    board.play("roll")
    board.play("hold")
    assert board.is_over and board.winner == 0
    before = snapshot(board)
    act(board, ROLL)
    assert board.error["rule"] == "ui.game-over"
    browser_message(board, {"type": "bot", "version": board.version})
    assert board.error["rule"] == "ui.game-over" and board.error["n"] == 3
    assert snapshot(board) == before


# -- bots ------------------------------------------------------------------------------------------------
def test_bots_reply_after_a_human_move_and_their_events_are_logged() -> None:
    board = PigBoard(seed=8, bots={1: "random"})
    board.rig(die=[4, 1])  # human: 4 then holds; the bot's first roll is a 1 -> back to the human
    act(board, ROLL)
    act(board, HOLD)
    g = board.game
    assert g.current_player == 0 and board.current_player == 0
    assert [t.player for t in g.history[1:]] == [0, 0, 1]
    assert board.events[-1]["actor"] == 1 and board.events[-1]["rule"] == "pig.roll"
    assert board.bot_seats == {"1": "random"}


def test_human_click_on_a_bot_seat_is_refused_and_the_bot_button_moves_it() -> None:
    board = PigBoard(seed=9, bots={1: FirstBot()}, auto_bots=False)
    board.rig(die=[3, 1])
    board.play("roll")
    board.play("hold")
    assert board.current_player == 1
    before = snapshot(board)
    act(board, ROLL)
    assert board.error["rule"] == "ui.bot" and "Player 2" in board.error["reason"]
    assert snapshot(board) == before
    browser_message(board, {"type": "bot", "version": board.version})
    assert board.error is None and board.game.history[-1].player == 1 and board.current_player == 0


def test_undo_takes_back_the_human_move_and_the_bot_replies() -> None:
    board = PigBoard(seed=10, bots={1: FirstBot()})
    board.rig(die=[5, 1])
    board.play("roll")
    digest_after_roll = board.game.digest()
    board.play("hold")  # the bot rolls the rigged 1 and passes back
    assert len(board.game.history) == 4
    browser_message(board, {"type": "undo", "version": board.version})
    assert board.error is None and len(board.game.history) == 2
    assert board.game.digest() == digest_after_roll and board.current_player == 0


def test_bot_button_for_a_human_seat_uses_the_helper_bot() -> None:
    board = PigBoard(seed=11)
    browser_message(board, {"type": "bot", "version": board.version})
    assert board.error is None and len(board.game.history) == 2 and board.game.history[-1].player == 0


class Crasher(Bot):
    def choose(self, game: Game[Any], legal: Any) -> Any:
        raise RuntimeError("bot exploded")


def test_an_internal_failure_is_reported_not_raised_into_the_comm() -> None:
    board = PigBoard(seed=12, bots={0: Crasher(), 1: Crasher()})
    before = snapshot(board)
    browser_message(board, {"type": "bot", "version": board.version})
    assert board.error["rule"] == "ui.internal" and "bot exploded" in board.error["reason"]
    assert snapshot(board) == before


def test_bot_settings_validate_seats_and_names() -> None:
    board = PigBoard(seed=13)
    board.bots = "random"  # one bot: every seat but the first
    assert set(board.bots) == {1}
    with pytest.raises(ValueError, match="no bot named 'genius'"):
        board.bots = {1: "genius"}
    with pytest.raises(ValueError, match="seat 5"):
        board.bots = {5: "random"}
    with pytest.raises(TypeError):
        board.bots = {1: 42}


def test_all_bot_seats_do_not_autoplay() -> None:
    board = PigBoard(seed=14, bots={0: "random", 1: "random"})
    assert len(board.game.history) == 1
    board.bot_move()
    assert len(board.game.history) >= 2


# -- Python API ----------------------------------------------------------------------------------------------
def test_python_api_play_rig_undo_rebind_and_on_change() -> None:
    seen: list[str] = []
    board = PigBoard(seed=15)
    board.on_change(lambda b, what: seen.append(what))
    board.rig(die=[2, 6])
    assert board.rigged == {"die": [2, 6]}
    board.play("roll")
    assert board.last_draws[0] == {"kind": "die", "value": 2, "rigged": True, "n": 1}
    assert board.rigged == {"die": [6]}
    with pytest.raises(IllegalAction):
        board.play(Say("x"))
    assert board.error["rule"] == "pig.talk"
    board.undo()
    assert board.game.state["pot"] == 0 and board.error is None
    v = board.version
    other = Game(PigRules(), seed=99, players=["Ada", "Bo"])
    board.game = other
    assert board.game is other and board.players == ["Ada", "Bo"] and board.version == v + 1
    assert seen == ["rig", "act", "undo", "game"]
    with pytest.raises(TypeError):
        board.game = "not a game"
    with pytest.raises(TypeError):
        PigBoard(Game(PigRules(), seed=1), seed=2)


def test_version_never_repeats_across_rebinding() -> None:
    """A click from a view of the old game must be stale for the new game, even at the same game.version."""
    board = PigBoard(seed=16)
    old = board.version
    board.game = Game(PigRules(), seed=17)
    before = snapshot(board)
    act(board, ROLL, version=old)
    assert board.error["rule"] == "ui.stale" and snapshot(board) == before


def test_view_must_be_json() -> None:
    class BadView(PigBoard):
        def view(self) -> dict[str, Any]:
            return {"x": object()}

    with pytest.raises(TypeError):
        BadView(seed=1)


def test_clauses_and_error_titles_come_from_the_catalog() -> None:
    board = PigBoard(seed=18)
    assert board.clauses["pig.hold"]["title"] == "Hold" and board.clauses["pig.hold"]["says"]
    assert {"pig.setup", "pig.roll", "pig.hold", "pig.win", "pig.talk"} <= set(board.clauses)


def test_log_is_bounded_and_grouped_by_turn() -> None:
    class Short(PigBoard):
        max_log = 5

    board = Short(seed=19, variant={"target": 100})
    for _ in range(12):
        board.play(board.game.legal_actions()[0])
    assert len(board.events) == 5
    turns = [e["turn"] for e in board.events]
    assert turns == sorted(turns) and turns[-1] == len(board.game.history) - 1


# -- static fallback and bundle -------------------------------------------------------------------------------
def test_static_html_escapes_text_and_includes_the_game_svg() -> None:
    board = PigBoard(Game(PigRules(), seed=20, players=["<b>Eve</b>", "Bob & co"]))
    data, _meta = board._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    page = data["text/html"]
    assert "&lt;b&gt;Eve&lt;/b&gt;" in page and "<b>Eve</b>" not in page and "Bob &amp; co" in page
    assert "<svg" in page and "0 : 0 (pot 0)" in page
    assert "roll the die" in page and "pig.setup" in page


def test_bundle_joins_kit_chance_and_game_js_with_one_default_export() -> None:
    board = PigBoard(seed=21)
    esm = board._esm
    assert esm.count("export default") == 1 and esm.rstrip().endswith("export default { render: ttRenderBoard };")
    assert esm.index("// ---- kit.js") < esm.index("// ---- chance.js") < esm.index("// ---- pig_board.js")
    assert esm.index("\nfunction ttRenderBoard(") < esm.index("\nfunction drawDie(") < esm.index("\nfunction renderBoard(")
    assert "pig-svg" in board._css and ".tt-error" in board._css
    plain = PlainPigBoard(seed=1)
    assert "\nfunction renderBoard(" not in plain._esm and "// ---- pig_board.js" not in plain._esm


def test_kit_js_never_assigns_html_strings() -> None:
    for name in ("kit.js", "chance.js", "advice.js", "teacher.js"):
        text = (bundle.STATIC / name).read_text()
        assert ".innerHTML =" not in text and "insertAdjacentHTML" not in text, name
    walk = (bundle.STATIC / "walkthrough.js").read_text()
    assert walk.count(".innerHTML =") == 1  # the narration: Markdown rendered and escaped in Python


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (JS syntax check)")
def test_joined_modules_are_valid_javascript(tmp_path: Path) -> None:
    from tabletop.ui import ChanceWidget, Walkthrough  # noqa: F401 - bundles of all three widgets
    from tabletop.ui.walkthrough import WalkthroughPanel

    for name, esm in {"board": PigBoard(seed=1)._esm, "plain": PlainPigBoard(seed=1)._esm,
                      "chance": ChanceWidget(seed=1)._esm, "walk": WalkthroughPanel()._esm}.items():
        path = tmp_path / f"{name}.mjs"
        path.write_text(esm)
        res = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True)
        assert res.returncode == 0, f"{name}: {res.stderr}"


def test_import_tabletop_ui_is_lazy() -> None:
    code = ("import sys, tabletop, tabletop.ui; "
            "print(json.dumps(['anywidget' in sys.modules, 'tabletop.ui.board' in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", "import json; " + code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(Path(bundle.__file__).parents[2])}, check=True)
    assert json.loads(out.stdout) == [False, False]


# -- a refusal a lesson step demonstrates (issue 20, item 3) ------------------------------------------------
def test_show_refusal_is_marked_as_demonstrated_and_changes_nothing() -> None:
    board = PigBoard(seed=1)
    before = snapshot(board)
    board.show_refusal("pig.hold", "Tried hold: there is nothing in the pot")
    err = board.error
    assert err is not None and err["demo"] is True and err["rule"] == "pig.hold"
    assert err["title"] == board.clauses["pig.hold"]["title"] and "nothing in the pot" in err["reason"]
    assert snapshot(board) == before
    board.show_refusal("pig.hold", "as a click", demo=False)
    assert board.error["demo"] is False and board.error["n"] == err["n"] + 1
    # a refused click is never marked as demonstrated
    act(board, HOLD)
    assert board.error["rule"] == "pig.hold" and not board.error.get("demo")
    # the next move clears it
    board.play("roll")
    assert board.error is None
    with pytest.raises(TypeError):
        board.show_refusal("", "no rule")


def test_a_walkthrough_step_shows_its_refusal_as_part_of_the_narration() -> None:
    from tabletop.ui import Step, Walkthrough

    steps = [Step("Hold with an empty pot", "Holding needs something in the pot (`pig.hold`).", refuse=Hold())]
    w = Walkthrough(steps, board=PigBoard, new_game=lambda: Game(PigRules(), seed=1), your_turn=False)
    err = w.board.error
    assert err is not None and err["rule"] == "pig.hold" and err["demo"] is True
    assert err["reason"].startswith("Tried ") and "nothing in the pot" in err["reason"]


# -- the bot's turn (issue 20, item 4) ------------------------------------------------------------------------
def test_bot_turn_lists_every_action_of_the_bots_latest_turn() -> None:
    board = PigBoard(seed=8, bots={1: FirstBot()})
    assert board.bot_turn is None and BoardWidget.bot_delay == pytest.approx(0.6)
    board.rig(die=[5, 4, 3, 1])
    board.play("roll")  # the human: 5
    assert board.bot_turn is None  # no bot has moved yet
    board.play("hold")  # the bot replies at once here (no event loop): rolls 4, 3, then a 1 ends its turn
    g = board.game
    bot_turns = [t for t in g.history if t.player == 1 and t.action is not None]
    assert len(bot_turns) == 3
    bt = board.bot_turn
    assert bt["seat"] == 1 and bt["player"] == g.players[1] and bt["more"] == 0
    assert [a["turn"] for a in bt["actions"]] == [t.n for t in bot_turns]
    assert [a["action"] for a in bt["actions"]] == [str(t.action) for t in bot_turns]
    assert bt["actions"][-1]["rules"] == list(dict.fromkeys(e.rule for e in bot_turns[-1].events))
    # the summary stays while the human plays on, and a new bot turn replaces it
    board.rig(die=[2, 6])
    board.play("roll")
    assert board.bot_turn == bt
    board.play("hold")
    last_human = max(t.n for t in g.history if t.player == 0 and t.action is not None)
    newer = [t.n for t in g.history if t.n > last_human and t.player == 1]
    assert newer and [a["turn"] for a in board.bot_turn["actions"]] == newer
    # hot seat (no bots) and bots on every seat: no summary
    assert PigBoard(seed=8).bot_turn is None


def test_paced_bot_replies_are_one_every_bot_delay_and_the_summary_grows() -> None:
    import asyncio

    async def run() -> list[tuple[float, int]]:
        board = PigBoard(seed=8, bots={1: FirstBot()}, bot_delay=0.05)
        board.rig(die=[5, 4, 3, 1])
        board.play("roll")
        seen: list[tuple[float, int]] = []
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        board.on_change(lambda b, what: seen.append((loop.time() - t0, len((b.bot_turn or {}).get("actions", []))))
                        if what == "bot" else None)
        browser_message(board, {"type": "act", "id": HOLD, "version": board.version})
        while board.bots_pending:
            await asyncio.sleep(0.01)
        return seen

    seen = asyncio.run(run())
    assert [n for _, n in seen] == [1, 2, 3]  # one action at a time, the summary listing every one so far
    gaps = [b - a for (a, _), (b, _) in zip([(0.0, 0), *seen], seen, strict=False)]
    assert all(g >= 0.045 for g in gaps), gaps


# -- the shortcut guard for plain ipywidgets layouts (issue 20, item 7) -------------------------------------
def test_shortcut_guard_validates_its_scope_and_guards_a_box_once() -> None:
    import ipywidgets as w

    from tabletop.ui.guard import GUARD_CLASS, ShortcutGuard, guard

    for bad in ("tt-lab", ".", ".a .b", 3):
        with pytest.raises(ValueError):
            ShortcutGuard(bad)  # type: ignore[arg-type]
    box = w.VBox([w.IntSlider()])
    assert guard(box) is box and guard(box) is box
    assert GUARD_CLASS in box._dom_classes
    guards = [c for c in box.children if isinstance(c, ShortcutGuard)]
    assert len(guards) == 1 and guards[0].scope == f".{GUARD_CLASS}"
    assert "function ttGuardShortcuts" in ShortcutGuard._esm and "export default { render: ttRenderGuard }" in \
        ShortcutGuard._esm
    with pytest.raises(TypeError):
        guard(w.IntSlider())  # type: ignore[arg-type]
