"""Xevoz variant options. The defaults are the rulebook (Quick Rules Card v2.0 where the two texts differ)."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine import Variant, option

from .data import components


@dataclass(frozen=True)
class XevozVariant(Variant):
    drain_symbol_when_attached: str = option(
        "bonus-only", rule="xevoz.drain-symbol-attached", choices=("bonus-only", "extra-chop"),
        doc="DRAIN ATTACK symbol while your DRAIN ATTACK is already attached: 'bonus-only' (card v2.0: just the "
            "bonus chop, one chop in all) or 'extra-chop' (full rules read as one chop plus the bonus chop).")
    mats: tuple[str, ...] = option(
        (), rule="xevoz.choose-world",
        doc="The Battle Terrain mats on the table (empty: all eight). With fewer mats a rolled species may have "
            "no mat, and the attacker chooses one.")
    figures: tuple[str, ...] = option(
        ("razorclaw", "skull-jack"), rule="xevoz.figure-health",
        doc="The ready-built figure each seat starts the build phase with.")
    end_caps: tuple[str, ...] = option(
        ("red", "blue"), rule="xevoz.end-caps", doc="End-cap colour of each seat's Battle Helix.")

    def validate(self) -> None:
        super().validate()
        comp = components()
        for m in self.mats:
            if m not in comp.mats:
                raise ValueError(f"variant option mats (xevoz.choose-world): no mat {m!r}; mats: "
                                 + ", ".join(comp.mats))
        if len(set(self.mats)) != len(self.mats):
            raise ValueError("variant option mats (xevoz.choose-world): a mat is listed twice")
        if len(self.mats) == 1:
            raise ValueError("variant option mats (xevoz.warp-destination): put at least two mats on the table, "
                             "or a warp has no other mat to go to")
        if len(self.figures) != 2 or any(f not in comp.figures for f in self.figures):
            raise ValueError("variant option figures (xevoz.figure-health): name two figures from: "
                             + ", ".join(comp.figures))
        if len(self.end_caps) != 2 or not all(isinstance(c, str) and c for c in self.end_caps):
            raise ValueError("variant option end_caps (xevoz.end-caps): give two colour names")
        if self.end_caps[0].lower() == self.end_caps[1].lower():
            raise ValueError(f"pre-battle check (xevoz.end-caps): both Battle Helixes have {self.end_caps[0]} "
                             "end-caps; the end-caps must be different colours so no one picks up the wrong one")
