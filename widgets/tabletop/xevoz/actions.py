"""Xevoz actions: small frozen dataclasses whose ``str`` reads as plain words."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine import Action


@dataclass(frozen=True, slots=True)
class XevozAction(Action):
    """Base of the Xevoz actions: ``repr`` shows the plain words too."""

    def __repr__(self) -> str:
        return f"<{self}>"


def _of(figure: object) -> str:
    """ " of Razorclaw" when an action names a figure (a click on a part of the other figure), else ""."""
    if not figure:
        return ""
    from .data import components

    f = components().figures.get(figure) if isinstance(figure, str) else None
    return f" of {f.name if f is not None else repr(figure)}"


@dataclass(frozen=True, slots=True, repr=False)
class PickFigure(XevozAction):
    """Build phase: battle with another ready-built figure (its suggested helix comes with it)."""

    figure: str = ""

    def __str__(self) -> str:
        from .data import components

        f = components().figures.get(self.figure) if isinstance(self.figure, str) else None
        return f"pick the figure {f.name if f is not None else repr(self.figure)}"


@dataclass(frozen=True, slots=True, repr=False)
class Flip(XevozAction):
    """Build phase: press the glyph in slot 1-6 in the other way round (white and black swap)."""

    slot: int = 1

    def __str__(self) -> str:
        return f"flip the glyph in slot {self.slot}"


@dataclass(frozen=True, slots=True, repr=False)
class Swap(XevozAction):
    """Build phase: put another glyph (its Power Part must be on the figure) into slot 1-6."""

    slot: int = 1
    glyph: str = ""

    def __str__(self) -> str:
        from .data import glyph_name

        return f"swap the {glyph_name(self.glyph)} glyph into slot {self.slot}"


@dataclass(frozen=True, slots=True, repr=False)
class Ready(XevozAction):
    """Build phase: present figure and helix for the pre-battle check."""

    def __str__(self) -> str:
        return "ready: present figure and helix"


@dataclass(frozen=True, slots=True, repr=False)
class RollHelix(XevozAction):
    """Rulebook step 2 (both roll to decide the attacker) or step 3 (the attacker rolls for the world)."""

    def __str__(self) -> str:
        return "roll the Battle Helix"


@dataclass(frozen=True, slots=True, repr=False)
class ChooseMat(XevozAction):
    mat: str = ""

    def __str__(self) -> str:
        from .data import mat_name

        return f"choose the {mat_name(self.mat)}"


@dataclass(frozen=True, slots=True, repr=False)
class Place(XevozAction):
    """Put your figure on a square (START space, or after a warp)."""

    cell: str = ""

    def __str__(self) -> str:
        return f"place figure on {self.cell}"


@dataclass(frozen=True, slots=True, repr=False)
class Call(XevozAction):
    """Rulebook step 4: the attacker calls black or white; both helixes are rolled."""

    colour: str = "black"

    def __str__(self) -> str:
        return f"call {self.colour} attack"


@dataclass(frozen=True, slots=True, repr=False)
class Chop(XevozAction):
    part: str = ""
    #: "" (the default, what the legal moves list): a part of the figure the decision is about. A board click on a
    #: part of the *other* figure names that figure's id here, so the rules can say why not (never a silent click)
    figure: str = ""

    def __str__(self) -> str:
        from .data import part_name

        return f"chop the {part_name(self.part)}{_of(self.figure)}"


@dataclass(frozen=True, slots=True, repr=False)
class Heal(XevozAction):
    part: str = ""
    #: "" (the default, what the legal moves list): a part of the figure the decision is about. A board click on a
    #: part of the *other* figure names that figure's id here, so the rules can say why not (never a silent click)
    figure: str = ""

    def __str__(self) -> str:
        from .data import part_name

        return f"regenerate the {part_name(self.part)}{_of(self.figure)}"


@dataclass(frozen=True, slots=True, repr=False)
class FreeDrain(XevozAction):
    """A star spent on removing the opponent's DRAIN ATTACK from your figure."""

    def __str__(self) -> str:
        return "remove the opponent's DRAIN ATTACK"


@dataclass(frozen=True, slots=True, repr=False)
class KeepDrain(XevozAction):
    """A star with no lost part that could attach, and the opponent's DRAIN ATTACK on your figure: the winner *may*
    remove it (``FreeDrain``) or leave it where it is (this action: the star does nothing)."""

    def __str__(self) -> str:
        return "leave the opponent's DRAIN ATTACK where it is (the star does nothing)"


@dataclass(frozen=True, slots=True, repr=False)
class AttachDrain(XevozAction):
    part: str = ""
    #: "" (the default, what the legal moves list): a part of the figure the decision is about. A board click on a
    #: part of the *other* figure names that figure's id here, so the rules can say why not (never a silent click)
    figure: str = ""

    def __str__(self) -> str:
        from .data import part_name

        return f"snap the DRAIN ATTACK onto the {part_name(self.part)}{_of(self.figure)}"


@dataclass(frozen=True, slots=True, repr=False)
class Move(XevozAction):
    cell: str = ""

    def __str__(self) -> str:
        return f"move to {self.cell}"


ACTION_TYPES: tuple[type[Action], ...] = (PickFigure, Flip, Swap, Ready, RollHelix, ChooseMat, Place, Call, Chop,
                                          Heal, FreeDrain, KeepDrain, AttachDrain, Move)
