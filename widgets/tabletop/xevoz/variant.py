"""Xevoz variant options. The defaults are the rulebook (Quick Rules Card v2.0 where the two texts differ)."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine import Variant, option

from .data import components, helix_parts, protected_parts


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
    max_gold: int = option(
        3, rule="xevoz.helix-gold", low=0, high=6,
        doc="How many gold glyphs a Battle Helix may hold (rulebook: 3). The pre-battle check refuses more.")
    bonus_chop: bool = option(
        True, rule="xevoz.drain-bonus-chop",
        doc="The DRAIN ATTACK bonus chop (card v2.0 and full rules: on). Off: an attached DRAIN ATTACK gives no "
            "extra chop; it still has to be removed with a star and still moves when its host part is chopped.")
    tie: str = option(
        "defender-attacks", rule="xevoz.tie", choices=("defender-attacks", "re-roll"),
        doc="What a tied attack roll does. 'defender-attacks' (rulebook): no action, no movement, the defender "
            "becomes the attacker. 're-roll' (a house rule): no action, no movement, the attacker keeps the attack "
            "and calls again.")
    parts: int = option(
        0, rule="xevoz.equal-parts", low=0, high=99,
        doc="Parts per figure. 0 (rulebook): the figures as built (about 25 parts). N: before the battle each "
            "figure is trimmed to N parts by unsnapping plain tip parts (never the root, the DRAIN ATTACK part, a "
            "Power Part its helix needs, or a part those snap onto), for shorter battles. N must lie between the "
            "most parts any chosen figure has to keep and the fewest parts a chosen figure has. The pre-battle "
            "equal-parts check still applies (a redesign that picks a figure that cannot be trimmed to N fails it).")

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
        if self.parts:
            for fid in self.figures:
                f = comp.figures[fid]
                need = len(protected_parts(f, helix_parts(f, comp)))
                if not need <= self.parts <= f.n_parts:
                    raise ValueError(
                        f"variant option parts={self.parts} (xevoz.equal-parts): {f.name} has {f.n_parts} parts "
                        f"and must keep {need} (root, DRAIN ATTACK part, its helix's Power Parts and what they "
                        f"snap onto); choose 0 or a number from {need} to {f.n_parts}")
        if self.end_caps[0].lower() == self.end_caps[1].lower():
            raise ValueError(f"pre-battle check (xevoz.end-caps): both Battle Helixes have {self.end_caps[0]} "
                             "end-caps; the end-caps must be different colours so no one picks up the wrong one")
