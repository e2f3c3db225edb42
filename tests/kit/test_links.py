"""Links (issue 23): a lesson at a step, a board at a position; a bad or hostile link is refused by field."""

from __future__ import annotations

import base64
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop import xevoz, zaxxon
from tabletop.ui.links import MAX_LINK, Link, LinkError, fragment, parse, share_url


def _b64(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def test_a_position_and_a_step_travel_through_a_link_exactly() -> None:
    g = xevoz.new_game(seed=3)
    for _ in range(40):  # a position in the middle of the build or a battle
        g.play(g.legal_actions()[0])
    pos = g.position()
    link = parse(fragment("xevoz", step=4, position=pos), steps=9)
    assert link == Link("xevoz", 4, pos)
    fresh = xevoz.new_game(seed=99)
    fresh.set_up(link.position)
    assert fresh.state == g.state
    z = zaxxon.new_game(seed=1)
    assert parse("#" + fragment("zaxxon", position=z.position())) == Link("zaxxon", None, z.position())


def test_a_fragment_without_a_link_is_not_one_and_other_anchors_are_left_alone() -> None:
    assert parse("") is None and parse("#the-rules") is None
    assert parse("intro&tt-game=xevoz&tt-step=2", steps=3) == Link("xevoz", 2)


@pytest.mark.parametrize("text, field, words", [
    ("tt-game=xevoz&tt-colour=red", "tt-colour", "not a field"),
    ("tt-game=xevoz&tt-step=2&tt-step=3", "tt-step", "twice"),
    ("tt-step=2", "tt-game", "missing"),
    ("tt-game=Xevoz!&tt-step=1", "tt-game", "short name"),
    ("tt-game=xevoz&tt-step=0", "tt-step", "from 1 to 5"),
    ("tt-game=xevoz&tt-step=6", "tt-step", "from 1 to 5"),
    ("tt-game=xevoz&tt-step=-1", "tt-step", "from 1 to 5"),
    ("tt-game=xevoz&tt-step", "tt-step", "no value"),
    ("tt-game=xevoz", "fragment", "asks for a step"),
    ("tt-game=xevoz&tt-position=%%%", "tt-position", "base64url"),
    ("tt-game=xevoz&tt-position=" + _b64("[1, 2]"), "tt-position", "not a list"),
    ("tt-game=xevoz&tt-position=" + _b64("{'phase': 1}"), "tt-position", "JSON"),
    ("tt-game=xevoz&tt-position=" + _b64('{"round": NaN}'), "tt-position", "NaN"),
    ("tt-game=xevoz&tt-position=" + _b64("[" * 1500 + "]" * 1500), "tt-position", "JSON"),
    ("tt-game=xevoz&tt-position=" + "A" * MAX_LINK, "fragment", "at most"),
])
def test_a_bad_link_is_refused_naming_its_field(text: str, field: str, words: str) -> None:
    with pytest.raises(LinkError) as info:
        parse(text, steps=5)
    assert info.value.field == field and words in info.value.reason, info.value


def test_a_step_on_a_board_that_is_not_a_lesson_is_refused() -> None:
    with pytest.raises(LinkError, match="not a lesson"):
        parse("tt-game=zaxxon&tt-step=1")


def test_a_hostile_position_is_data_the_rules_refuse_never_code() -> None:
    hostile = {"phase": "<script>alert(1)</script>", "__class__": "os.system"}
    link = parse(fragment("xevoz", position=hostile))
    assert link is not None and link.position == hostile  # decoded as JSON, nothing run
    g = xevoz.new_game(seed=1)
    before = g.save()
    with pytest.raises(Exception) as info:
        g.set_up(link.position)
    assert info.value.__class__.__name__ == "IllegalAction" and g.save() == before


def test_share_url_replaces_the_page_fragment() -> None:
    url = share_url("http://localhost:8888/lab/tree/xevoz/04.ipynb#old", Link("xevoz", 2))
    assert url == "http://localhost:8888/lab/tree/xevoz/04.ipynb#tt-game=xevoz&tt-step=2"
    assert parse(url.split("#", 1)[1], steps=3) == Link("xevoz", 2)


def test_fragment_refuses_what_no_link_can_carry() -> None:
    with pytest.raises(LinkError, match="step number"):
        fragment("xevoz", step=0)
    with pytest.raises(LinkError, match="too long"):
        fragment("xevoz", position={"x": "y" * MAX_LINK})
    with pytest.raises(LinkError, match="short name"):
        fragment("../etc", step=1)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300) | st.builds(lambda a, b: f"tt-game={a}&tt-position={b}", st.text(max_size=20),
                                          st.text(alphabet="AZaz09-_=%", max_size=200)))
def test_any_text_parses_or_is_refused_as_a_link_error(text: str) -> None:
    try:
        parse(text, steps=3)
    except LinkError as exc:
        assert exc.field and exc.reason
    json.dumps(text)
