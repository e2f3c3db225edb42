"""Plain words for learners: verbs that agree with a player's name ("Blue rolls", "You roll").

    >>> says("Blue", "rolls")
    'Blue rolls'
    >>> says("You", "rolls")
    'You roll'
    >>> says("you", "has")
    'you have'
    >>> poss("Blue"), poss("You"), poss("You", start=True)
    ("Blue's", 'your', 'Your')
"""

from __future__ import annotations

#: names that take the plural form of a verb ("You roll", "We win")
PLURAL_NAMES = frozenset({"you", "we", "they"})

_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def base_form(verb: str) -> str:
    """The plural/base form of a third-person singular verb: rolls -> roll, catches -> catch, flies -> fly."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def says(name: str, verb: str) -> str:
    """``name`` followed by ``verb`` (given in its "he/she" form) made to agree with the name."""
    return f"{name} {verb_for(name, verb)}"


def verb_for(name: str, verb: str) -> str:
    """``verb`` (its "he/she" form) as it agrees with ``name``: "rolls" for Blue, "roll" for You."""
    return base_form(verb) if name.strip().lower() in PLURAL_NAMES else verb


def poss(name: str, start: bool = False) -> str:
    """``name``'s, in words that agree with a player called "You": "Blue's", "your" ("Your" to start)."""
    if name.strip().lower() == "you":
        return "Your" if start else "your"
    return f"{name}'s"


__all__ = ["PLURAL_NAMES", "base_form", "poss", "says", "verb_for"]
