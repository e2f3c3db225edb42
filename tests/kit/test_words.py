"""Issue 9: correct grammar for a player named "You" — verbs agree and possessives read "your"."""

from __future__ import annotations

import doctest

import pytest

from tabletop.engine import words
from tabletop.engine.words import base_form, poss, says


@pytest.mark.parametrize("verb, base", [("rolls", "roll"), ("has", "have"), ("catches", "catch"), ("flies", "fly"),
                                        ("passes", "pass"), ("is", "are"), ("misses", "miss")])
def test_base_form(verb: str, base: str) -> None:
    assert base_form(verb) == base


def test_you_takes_the_plural_verb_and_your() -> None:
    assert says("You", "rolls") == "You roll" and says("Blue", "rolls") == "Blue rolls"
    assert poss("You") == "your" and poss("you", start=True) == "Your" and poss("Blue") == "Blue's"


def test_module_examples_hold() -> None:
    assert doctest.testmod(words).failed == 0


def test_log_and_names_for_a_player_called_you() -> None:
    """A whole game with a player called You: no "You rolls", "You's", "You has" anywhere in the log."""
    from tabletop import xevoz
    from tabletop.engine import RandomBot, play_out

    g = xevoz.new_game(seed=3, players=("You", "Rival"))
    play_out(g, [RandomBot(seed=1), RandomBot(seed=2)])
    text = " ".join(e.text for t in g.history for e in t.events)
    assert "You" in text and ("your " in text or "Your " in text)  # possessives were written
    for wrong in ("You's", "you's", "You rolls", "You has", "You wins", "You snaps", "You chops"):
        assert wrong not in text, wrong
