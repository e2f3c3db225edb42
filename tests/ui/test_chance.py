"""ChanceWidget, Python side: seeded, riggable, validated messages, static fallback."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.engine import Chance, Game, RigError
from tabletop.ui import ChanceWidget
from tabletop.ui.chance import ZAXXON_SPINNER, sector_outcome, spinner_domain
from tests.kit.pig import PigRules
from tests.ui.conftest import browser_message


def test_same_seed_same_rolls_and_same_as_the_engine_chance() -> None:
    a, b = ChanceWidget(kind="die", seed=42), ChanceWidget(kind="die", seed=42)
    rolls = [a.roll() for _ in range(30)]
    assert rolls == [b.roll() for _ in range(30)]
    ref = Chance(42, {"die": (1, 2, 3, 4, 5, 6)})
    assert rolls == [ref.draw("die").value for _ in range(30)]
    assert set(rolls) <= {1, 2, 3, 4, 5, 6} and len(set(rolls)) > 3


def test_rig_marks_the_outcome_and_the_history() -> None:
    w = ChanceWidget(kind="die", seed=1)
    w.rig(6, 2)
    assert w.pending == [6, 2]
    assert w.roll() == 6 and w.rigged and w.pending == [2]
    assert w.roll() == 2 and w.rigged and w.pending == []
    w.roll()
    assert not w.rigged
    assert [h["rigged"] for h in w.history] == [True, True, False] and [h["n"] for h in w.history] == [1, 2, 3]
    assert w.n == 3


def test_impossible_rig_raises_and_queues_nothing() -> None:
    w = ChanceWidget(kind="die", seed=1)
    with pytest.raises(RigError, match="7"):
        w.rig(3, 7)
    assert w.pending == [] and w.chance.pending() == {}


def test_spinner_default_layout_and_outcomes() -> None:
    w = ChanceWidget(kind="spinner", seed=3)
    assert w.sectors == [dict(s) for s in ZAXXON_SPINNER]
    assert set(w.domain) == {"RED", "BLUE", "WHITE", "RED+Z", "BLUE+Z", "WHITE+Z"}
    w.rig("RED+Z")
    assert w.spin() == "RED+Z" and w.rigged
    with pytest.raises(RigError):
        w.rig("GREEN")


def test_spinner_proportions_are_configurable_and_respected() -> None:
    sectors = [{"color": "RED", "weight": 3}, {"color": "BLUE", "weight": 1}, {"color": "WHITE", "z": True}]
    domain, weights = spinner_domain(sectors)
    assert domain == ("RED", "BLUE", "WHITE+Z") and weights == (3.0, 1.0, 1.0)
    w = ChanceWidget(kind="spinner", seed=11, sectors=sectors)
    counts = Counter(w.roll() for _ in range(3000))
    assert 0.55 < counts["RED"] / 3000 < 0.65  # 3/5 of the wheel
    assert 0.15 < counts["BLUE"] / 3000 < 0.25
    with pytest.raises(ValueError, match="weight"):
        spinner_domain([{"color": "RED", "weight": -1}])
    with pytest.raises(ValueError, match="color"):
        ChanceWidget(kind="spinner", sectors=[{"weight": 1}])
    assert sector_outcome({"color": "blue", "z": True}) == "BLUE+Z"
    assert sector_outcome({"color": "Z", "z": True}) == "Z"  # Z as a fourth outcome (the Zaxxon engine's way)
    four = ChanceWidget(kind="spinner", seed=1, sectors=[{"color": c} for c in ("RED", "BLUE", "WHITE")]
                        + [{"color": "Z", "z": True}])
    assert four.domain == ("RED", "BLUE", "WHITE", "Z")


def test_faces_mode_is_the_helix_hook() -> None:
    faces = [{"value": f"g{i}", "label": f"glyph {i}", "detail": "gold"} for i in range(6)]
    w = ChanceWidget(kind="faces", faces=faces, seed=2)
    assert w.roll() in {f["value"] for f in faces}
    w.rig("g5")
    assert w.roll() == "g5" and w.rigged
    with pytest.raises(ValueError):
        ChanceWidget(kind="faces")
    with pytest.raises(ValueError, match="kind"):
        ChanceWidget(kind="coin")
    plain = ChanceWidget(kind="faces", faces=[1, 2, 3], seed=1)
    assert plain.faces == [{"value": 1, "label": "1"}, {"value": 2, "label": "2"}, {"value": 3, "label": "3"}]


def test_browser_roll_message_is_validated() -> None:
    w = ChanceWidget(kind="die", seed=5)
    browser_message(w, {"type": "roll", "version": w.version})
    assert w.n == 1 and w.value in range(1, 7) and w.error is None
    state = (w.n, w.value, w.chance.counter)
    for bad in ("roll", {"type": "act", "version": w.version}, {"type": "roll"},
                {"type": "roll", "version": "2"}, {"type": "roll", "version": True}):
        browser_message(w, bad)
        assert w.error["rule"] == "ui.message"
    browser_message(w, {"type": "roll", "version": 0})
    assert w.error["rule"] == "ui.stale"
    assert (w.n, w.value, w.chance.counter) == state
    locked = ChanceWidget(kind="die", seed=5, interactive=False)
    browser_message(locked, {"type": "roll", "version": locked.version})
    assert locked.error["rule"] == "ui.locked" and locked.n == 0


def test_show_displays_a_games_draw() -> None:
    g = Game(PigRules(), seed=3)
    g.rig(die=5)
    g.play("{\"type\":\"Roll\"}")
    w = ChanceWidget(kind="die", seed=1, interactive=False)
    w.show(g.last_draws[0])
    assert (w.value, w.rigged, w.n) == (5, True, 1)
    w.show({"value": 2, "rigged": False})
    assert (w.value, w.rigged) == (2, False)
    with pytest.raises(ValueError, match="not an outcome"):
        w.show(9)


def test_static_fallback() -> None:
    w = ChanceWidget(kind="die", seed=1, title="<i>My</i> die")
    w.rig(4)
    w.roll()
    data, _ = w._repr_mimebundle_()
    page = data["text/html"]
    assert "die showing 4" in page and "RIGGED" in page and "&lt;i&gt;My&lt;/i&gt;" in page
    s = ChanceWidget(kind="spinner", seed=1)
    assert "not rolled yet" in s.static_html() and "WHITE+Z" in s.static_html()
    s.rig("BLUE+Z")
    s.spin()
    page = s.static_html()
    assert "<svg" in page and "spun <b>BLUE+Z</b>" in page
    assert page.count('stroke="#ff9f1c"') == 2  # the one BLUE+Z sector: colour ring and Z ring outlined
