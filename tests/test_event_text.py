"""Event text is formatted only when read, and reads exactly as the engines wrote it before (issue 13).

The golden fingerprints (``tests/golden/event_text.json``) hash every action, event rule, seat and event text
of seeded bot games under each engine, written before event text became lazy. Each game is replayed twice:
texts read at the end of the game (lazy: a text formatted late must not see a later state) and texts read
as soon as each action is played (as the log and the widget do). Both must match the golden hash exactly.
"""

from __future__ import annotations

import importlib.util
import json
import pickle
from pathlib import Path

import pytest

from tabletop import games
from tabletop.engine import Game
from tabletop.engine.events import Event

HERE = Path(__file__).parent / "golden"
GOLDEN = json.loads((HERE / "event_text.json").read_text())


def _maker():
    spec = importlib.util.spec_from_file_location("make_event_golden", HERE / "make_event_golden.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


MAKER = _maker()


@pytest.mark.parametrize("key", sorted(GOLDEN))
@pytest.mark.parametrize("read_now", [False, True], ids=["read-at-end", "read-at-once"])
def test_event_text_is_exactly_todays(key: str, read_now: bool) -> None:
    name, bot, seed = key.split("/")
    want = GOLDEN[key]
    digest, texts, _ = MAKER.play(games.get(name), bot, int(seed), read_now=read_now)
    assert texts[:3] == want["first"] and texts[-3:] == want["last"]
    assert len(texts) == want["events"]
    assert digest == want["sha256"], f"{key}: an event text, rule, seat or action differs from the golden game"


def test_lazy_text_is_formatted_once_on_read() -> None:
    calls = []

    def fmt() -> str:
        calls.append(1)
        return "Blue rolls 6."

    ev = Event("game.roll", fmt, 0, {"die": 6})
    assert calls == []
    assert ev.text == "Blue rolls 6." and ev.text == "Blue rolls 6."
    assert calls == [1]
    assert ev.to_dict() == {"rule": "game.roll", "text": "Blue rolls 6.", "player": 0, "data": {"die": 6}}
    assert str(ev) == "Blue rolls 6. (game.roll)"
    assert ev == Event("game.roll", "Blue rolls 6.", 0, {"die": 6})
    back = pickle.loads(pickle.dumps(ev))
    assert back == ev and back.text == "Blue rolls 6."
    assert Event.from_dict(ev.to_dict()) == ev


def test_the_log_record_carries_the_formatted_text() -> None:
    mod = games.get("xevoz")
    g = Game(mod.Rules(), seed=3)
    g.play(g.legal_actions()[0])
    turn = json.loads(json.dumps(g.history[-1].to_dict()))
    assert turn["events"] and all(isinstance(e["text"], str) and e["text"] for e in turn["events"])
    assert [e["text"] for e in turn["events"]] == [e.text for e in g.history[-1].events]


def test_a_tuple_text_is_fn_of_values_made_on_first_read() -> None:
    calls = []

    def fmt(name: str, n: int) -> str:
        calls.append((name, n))
        return f"{name} rolls {n}."

    ev = Event("game.roll", (fmt, "Blue", 4), 0)
    assert calls == []
    assert ev.text == "Blue rolls 4." == ev.text
    assert calls == [("Blue", 4)]


@pytest.mark.parametrize("name", ["xevious", "xevoz", "zaxxon"])
def test_most_sentences_wait_to_be_read(name: str) -> None:
    """Each engine hands the kit a callable or ``(fn, values...)`` for its sentences, not a formatted string:
    only fixed sentences (constants made once at import) may arrive as text."""
    mod = games.get(name)
    g = Game(mod.Rules(), seed=4)
    bots = [mod.BOTS["random"](seed=s) for s in range(len(g.players))]
    for _ in range(400):
        p = g.current_player
        if p is None:
            break
        g.play(bots[p].choose(g, g.legal_actions()))
    events = [e for t in g.history[1:] for e in t.events]
    waiting = [e for e in events if not isinstance(e._text, str)]
    assert len(waiting) >= 0.6 * len(events), f"{name}: {len(waiting)} of {len(events)} sentences were lazy"
    assert all(isinstance(e.text, str) and e.text for e in waiting)
    assert all(isinstance(e._text, str) for e in waiting)  # formatted once, kept
