"""Fingerprints of seeded bot games: every action, event rule, seat and event *text* (and the final state).

``tests/golden/event_text.json`` was written by this script from the engines *before* event text became lazy
(issue 13); ``tests/test_event_text.py`` replays the same games and compares, so a faster engine must play the
same games and write exactly the same sentences. Re-run only when a rule change is meant to change them:

    python tests/golden/make_event_golden.py
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "widgets") not in sys.path:
    sys.path.insert(0, str(ROOT / "widgets"))

from tabletop import games  # noqa: E402
from tabletop.engine import Game  # noqa: E402

GAMES = ("xevious", "xevoz", "zaxxon")
SEEDS = range(12)
MAX_STEPS = 600
OUT = Path(__file__).with_name("event_text.json")


def bot_names(mod: Any) -> list[str]:
    names = ["random"]
    for b in ("greedy", "sensible"):
        if b in mod.BOTS:
            names.append(b)
            break
    return names


def play(mod: Any, bot: str, seed: int, *, read_now: bool) -> tuple[str, list[str], Game[Any]]:
    """Play one seeded game; hash every action and event. ``read_now`` reads each event's text as soon as it is
    made (as an eager engine did); otherwise texts are read only at the end, from the history."""
    g: Game[Any] = Game(mod.Rules(), seed=seed)
    seats = len(g.players)
    bots = [mod.BOTS[bot](seed=seed * 1_000_003 + s) for s in range(seats)]
    early: list[str] = []
    if read_now:
        early += [e.text for e in g.history[0].events]
    for _ in range(MAX_STEPS):
        p = g.current_player
        if p is None:
            break
        act = bots[p].choose(g, g.legal_actions())
        evs = g.play(act)
        if read_now:
            early += [e.text for e in evs]
    h = hashlib.sha256()
    texts: list[str] = []
    for t in g.history:
        h.update(repr(t.action.key if t.action is not None else None).encode())
        for e in t.events:
            texts.append(e.text)
            h.update(f"{e.rule}|{e.player}|{e.text}\n".encode())
    h.update(json.dumps(g.rules.to_json(g.raw_state), sort_keys=True, default=str).encode())
    if read_now:
        assert early == texts, "eager reading changed a text"
    return h.hexdigest(), texts, g


def fingerprints() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in GAMES:
        mod = games.get(name)
        for bot in bot_names(mod):
            for seed in SEEDS:
                digest, texts, _ = play(mod, bot, seed, read_now=False)
                out[f"{name}/{bot}/{seed}"] = {"sha256": digest, "events": len(texts), "first": texts[:3],
                                               "last": texts[-3:]}
    return out


if __name__ == "__main__":
    OUT.write_text(json.dumps(fingerprints(), indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {OUT}")
