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


# -- boards and lessons read the page's link (the message their front end sends once) --------------------------
def test_a_board_opens_at_the_linked_position_and_a_bad_one_is_shown_not_raised() -> None:
    from tabletop.xevoz.widget import Board

    source = xevoz.new_game(seed=3)
    for _ in range(60):
        source.play(source.legal_actions()[0])
    b = Board(seed=8)
    assert b.handle_message({"type": "link", "fragment": "#" + fragment("xevoz", position=source.position())})
    assert b.game.state == source.state and b.error is None
    assert not b.handle_message({"type": "link", "fragment": fragment("xevoz", position={})})  # once per board
    # another game's link is left alone; a bad position is refused naming the rule, the board as it opened
    other = Board(seed=8)
    assert not other.handle_message({"type": "link", "fragment": fragment("zaxxon", position={"x": 1})})
    assert other.error is None
    bad = Board(seed=8)
    before = bad.game.save()
    pos = source.position()
    pos["sides"][1]["square"] = pos["sides"][0]["square"]
    assert not bad.handle_message({"type": "link", "fragment": fragment("xevoz", position=pos)})
    assert bad.error["rule"] == "xevoz.movement" and "link's position is refused" in bad.error["reason"]
    assert bad.game.save() == before
    hostile = Board(seed=8)
    assert not hostile.handle_message({"type": "link", "fragment": "tt-game=xevoz&tt-position=!!"})
    assert hostile.error["rule"] == "ui.link" and "tt-position" in hostile.error["reason"]
    assert not Board(seed=8).handle_message({"type": "link", "fragment": ["not", "text"]})
    # the teacher panel's Copy link is a fragment that opens this very position
    t = Board(seed=8, teacher=True)
    t.game = source.fork()
    copied = t.link("http://host/lab/tree/x.ipynb#old")
    again = Board(seed=1)
    again.handle_message({"type": "link", "fragment": copied.split("#", 1)[1]})
    assert again.game.state == source.state


def test_a_lesson_opens_at_the_linked_step_and_its_board_leaves_the_link_to_it() -> None:
    from tabletop.zaxxon.widget import walkthrough

    w = walkthrough("02")
    assert w.board.link_owner is w
    assert not w.board.handle_message({"type": "link", "fragment": "tt-game=zaxxon&tt-position=" + "e30"})
    assert w.handle_message({"type": "link", "fragment": "tt-game=zaxxon&tt-step=3"})
    assert w.step == 2
    assert w.link() == "tt-game=zaxxon&tt-step=3" and w.panel.link_game == "zaxxon"
    late = walkthrough("02")
    assert not late.handle_message({"type": "link", "fragment": f"tt-game=zaxxon&tt-step={len(late) + 1}"})
    assert late.step == 0 and late.panel.error["rule"] == "ui.link"
    pos = walkthrough("02")
    assert not pos.handle_message({"type": "link", "fragment": "tt-game=zaxxon&tt-position=e30"})
    assert pos.step == 0 and "a position is for a board" in pos.panel.error["reason"]
