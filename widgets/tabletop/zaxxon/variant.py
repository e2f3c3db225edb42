"""The Zaxxon variant options (the lab's knobs, each naming the clause it changes) and the spinner's sectors."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..engine import Variant, option
from .board import BOARD, load_scenarios

#: the teaching positions of scenarios.toml (variant option ``scenario``)
SCENARIOS = load_scenarios(BOARD)
#: the spinner's sectors (zaxxon.spinner)
SPINNER = ("RED", "BLUE", "WHITE", "Z")


@dataclass(frozen=True)
class ZaxxonVariant(Variant):
    radar_barrier: bool = option(True, rule="zaxxon.radar-barrier",
                                 doc="Planes may cross the RADAR barrier only on a turn their player rolled higher.")
    turret_fires_on_entry: bool = option(False, rule="zaxxon.blue-turret-fire",
                                         doc="BLUE also shoots down planes that ENTER a live gun turret area "
                                             "(the rulebook says this only for RED).")
    must_use_full_count: bool = option(False, rule="zaxxon.end-turn",
                                       doc="A player may not end the turn while another action is possible.")
    grounded_after_shot: bool = option(True, rule="zaxxon.shot-down-outer",
                                       doc="A plane shot down does not move again until the next turn.")
    scenario: str = option("", rule="zaxxon.setup", doc="Start from a named teaching position of scenarios.toml "
                           "(as if the game had been played for a while) instead of the rulebook setup.",
                           choices=("", *SCENARIOS))
    max_rounds: int = option(0, rule="zaxxon.turn-cap", doc="End the game without a winner after this many "
                             "turns (0 = never, as in the rulebook).", low=0, high=100_000)
    spinner_weights: tuple[float, ...] = option(
        (1.0, 1.0, 1.0, 1.0), rule="zaxxon.spinner",
        doc="Shares of RED, BLUE, WHITE and Z on the spinner (reconstruction: the rulebook gives no proportions, "
            "so all four are equally likely). 2, 1, 1, 0 = RED twice as likely as BLUE or WHITE, never Z.")
    zaxxon_awake: bool = option(False, rule="zaxxon.zaxxon-alert",
                                doc="Zaxxon is active from the start, as if the RADAR barrier had already been "
                                    "crossed (the rulebook: only the first crossing alerts it).")

    def validate(self) -> None:
        super().validate()
        w = self.spinner_weights
        where = "variant option spinner_weights (zaxxon.spinner)"
        if len(w) != len(SPINNER):
            raise ValueError(f"{where}: give {len(SPINNER)} shares, for {', '.join(SPINNER)} in this order "
                             f"(got {len(w)})")
        for name, x in zip(SPINNER, w, strict=True):
            if isinstance(x, bool) or not isinstance(x, int | float):
                raise ValueError(f"{where}: the share of {name} must be a number, not {x!r}")
            if not math.isfinite(x) or x < 0:
                raise ValueError(f"{where}: the share of {name} must be a finite number of at least 0, not {x!r}")
        if not any(w):
            raise ValueError(f"{where}: the shares are all zero; at least one sector must be able to come up")

    def spinner_draw(self) -> tuple[tuple[str, ...], tuple[float, ...]]:
        """The outcomes the spinner can show under this variant (share above zero) and their weights."""
        pairs = [(o, float(x)) for o, x in zip(SPINNER, self.spinner_weights, strict=True) if x > 0]
        return tuple(o for o, _ in pairs), tuple(x for _, x in pairs)


__all__ = ["SCENARIOS", "SPINNER", "ZaxxonVariant"]
