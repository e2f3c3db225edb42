"""kit.js pieces that can run without a browser (node): ctx.tryAction's key matches Python's action_key."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine import action_key
from tabletop.ui import _bundle as bundle
from tests.kit.pig import Hold, Roll, Say

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def run_kit(tmp_path: Path, code: str) -> Any:
    src = bundle.read("kit.js") + "\n" + code
    path = tmp_path / "kit_test.mjs"
    path.write_text(src)
    res = subprocess.run(["node", str(path)], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def game_actions() -> list[Any]:
    """Legal actions of every game a few moves in (real field shapes: ints, strings, tuples, bools)."""
    import importlib

    out: list[Any] = [Roll(), Hold(), Say("héllo \"wörld\" \\ ✈ 😀 \n\t\x7f")]
    for name in ("tabletop.xevious", "tabletop.xevoz", "tabletop.zaxxon"):
        game = importlib.import_module(name).new_game(seed=3)
        for _ in range(6):
            legal = game.legal_actions()
            if not legal:
                break
            out += legal
            game.play(legal[len(legal) // 2])
    return out


def test_try_action_builds_the_same_key_as_python(tmp_path: Path) -> None:
    actions = game_actions()
    dicts = [a.to_dict() for a in actions]
    keys = run_kit(tmp_path, f"console.log(JSON.stringify({json.dumps(dicts)}.map(ttActionKey)));")
    assert keys == [action_key(a) for a in actions]
    assert len({type(a).__name__ for a in actions}) > 8


def test_kit_text_never_says_null_or_undefined(tmp_path: Path) -> None:
    out = run_kit(tmp_path, """console.log(JSON.stringify([
      ttFmtOutcome(["derota", null, "card"]), ttFmtOutcome({a: null, b: undefined, c: 3}), ttTxt(null),
      ttTxt(undefined), ttTxt(NaN), ttTxt(0), ttSeatName([null], 0), ttSeatName(["Blue"], null)]));""")
    assert out == ["derota card", "3", "", "", "", "0", "Player 1", "table"]
