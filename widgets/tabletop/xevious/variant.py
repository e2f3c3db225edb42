"""Super Xevious: the variant options (the rulebook's game is every default).

Each option names the clause it changes; the lab lists them in this order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Variant, option
from .state import MAX_MARKERS


@dataclass(frozen=True)
class XeviousVariant(Variant):
    respawn_point: str = option(
        "area", rule="xevious.respawn", choices=("area", "stage"),
        doc="Out of Solvalou Markers: back to the entrance of your area ('area', the rulebook's first sentence) "
            "or to the stage's starting point ('stage').")
    respawn_markers: str = option(
        "add", rule="xevious.respawn", choices=("add", "set"),
        doc="How the respawn gift is taken: added to what you hold, up to the row cap ('add'), or each row set "
            "to exactly the gift ('set').")
    # row_cap comes before the counts it bounds: the lab's Rulebook button resets options in this order
    row_cap: int = option(
        MAX_MARKERS, rule="xevious.sheet-limit", low=1, high=9,
        doc="How many markers each row of the Attack Strength Sheet holds (rulebook: 5 spaces per row).")
    respawn_gift: int = option(
        3, rule="xevious.respawn", low=1, high=9,
        doc="How many of each marker (Solvalou, Extra Weapon, Shield) respawn gives; the rulebook's 'take 3'.")
    stage1_exception: bool = option(
        True, rule="xevious.respawn-stage1",
        doc="In Stage 1 respawn gives only the Solvalou Markers (True, the rulebook) or the full gift as in "
            "every other stage (False).")
    start_solvalou: int = option(
        3, rule="xevious.prep-solvalou", low=1, high=9,
        doc="How many Solvalou Markers (lives) each player places on the sheet at the start.")
    retry_uses_turn: bool = option(
        True, rule="xevious.blaster-mistake",
        doc="After a MISTAKE, trying again takes your next turn (True) or may be done once at once (False).")
    blaster_hits: int = option(
        1, rule="xevious.blaster-draw", choices=(1, 2),
        doc="How many of the 3 Blaster Cards say HIT! (the rest say MISTAKE).")
    battle_headings: int = option(
        4, rule="xevious.battle-cards", choices=(2, 4),
        doc="Headings a Battle Card can be turned to: 4 (up/right/down/left) or 2 (left/right).")
    enemy_card: str = option(
        "next", rule="xevious.air-battle", choices=("next", "chance"),
        doc="Who turns the enemy's Battle Card: the next player in the order of play ('next') or chance.")
    stage_conditions: bool = option(
        True, rule="xevious.stage-condition",
        doc="Play each stage's own condition (our reconstruction). False: only Stage 7's Gump Markers.")
    extras: bool = option(
        True, rule="xevious.braglease-card",
        doc="Use our role for the Braglease Cards, a piece the rulebook lists but never describes: when no player "
            "turns the enemy's Battle Card (one player, or enemy_card='chance'), the top Braglease Card gives its "
            "heading. It only fills a gap the rulebook leaves. False: the heading is drawn like a die.")
    cockpit_card: bool = option(
        False, rule="xevious.cockpit-card",
        doc="VARIANT, not the rulebook (it changes MOVEMENT 1: 'Roll the die and move a number of spaces equal to "
            "the number you rolled'): once per stage, instead of rolling, turn your Cockpit Card face down and "
            "fly any number from 1 to 6. Off (False) in the rulebook game.")
    daley_pieces: bool = option(
        False, rule="xevious.daley-piece",
        doc="VARIANT, not the rulebook (it changes Locations 5: 'You may stop on these squares regardless of the "
            "number you rolled'): after a HIT! a Daley Piece covers that Flag / Pin / Sol / Phantom for the rest "
            "of the stage, so it gives nothing more and is no free stop. Off (False) in the rulebook game.")
    gumps: int = option(3, rule="xevious.condition-gump", low=1, high=3,
                        doc="How many Gump Markers stand in Stage 7 (the last ones on the track are used).")
    turn_cap: int = option(400, rule="xevious.turn-cap", low=10, high=10_000,
                           doc="Rounds after which the game stops with no winner (a simulation safeguard).")

    def validate(self) -> None:
        super().validate()
        if self.start_solvalou > self.row_cap:
            raise ValueError(f"variant option start_solvalou={self.start_solvalou} (xevious.prep-solvalou): the "
                             f"sheet's Solvalou row holds only {self.row_cap} markers (row_cap)")
        if self.respawn_gift > self.row_cap:
            raise ValueError(f"variant option respawn_gift={self.respawn_gift} (xevious.respawn): a row of the "
                             f"sheet holds only {self.row_cap} markers (row_cap), so the gift could never be "
                             "taken whole")

