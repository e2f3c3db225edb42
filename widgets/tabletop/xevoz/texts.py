"""The sentences of the Xevoz log: each event's text, made only when it is read.

A rule tells an event as ``ctx.tell(clause, seat, texts.say_x, *values)``: the sentence is ``say_x(*values)``,
made the first time the log is read (a simulation that only counts rule firings never makes it). Each function
takes the players' names and plain values captured when the event happened, never the state.
"""

from __future__ import annotations

from tabletop.engine.words import poss, says, verb_for

from .data import Attack, Figure, mat_name


def say_builds(name: str, f: Figure) -> str:
    return f"{says(name, 'builds')} {f.name}: {f.n_parts} parts, {f.life} points of life."


def say_position(name: str, f: Figure, cell: str, life: int, chopped: int) -> str:
    return (f"Position: {poss(name, start=True)} {f.name} on {cell}, {life} of {f.life} points of life"
            + (f" ({chopped} part(s) chopped)" if chopped else "") + ".")


def say_which_chop(chooser: str, owner: str, figure: str) -> str:
    return f"{says(chooser, 'has')} {owner} chop a part of {figure}"


def say_which_heal(owner: str, figure: str) -> str:
    return f"the star regenerates a lost part of {poss(owner)} own {figure}"


def say_which_attach(owner: str, figure: str) -> str:
    return f"the DRAIN ATTACK goes onto a part of {poss(owner)} {figure}"


def say_warp_both(att: str) -> str:
    return f"Both figures activate a warp: the attacker, {att}, warps and the other follows."


def say_call(name: str, colour: str) -> str:
    return f"{says(name, 'calls')} {colour.upper()} attack; both roll."


def say_roll(name: str, words: str) -> str:
    return f"{says(name, 'rolls')} {words}"


def say_bonus(name: str, sp: str, base: int, bonus: int) -> str:
    return f"{name} rolled {sp} on a {sp} Bonus +{bonus}: {base} + {bonus} = {base + bonus}."


def say_tie_keeps(colour: str, sa: int, sd: int, att: str) -> str:
    return (f"{colour.capitalize()} {sa} against {sd}: a tie. No action, no movement; {says(att, 'keeps')} the "
            "attack and calls again (variant tie='re-roll').")


def say_tie_passes(colour: str, sa: int, sd: int, dfn: str) -> str:
    return (f"{colour.capitalize()} {sa} against {sd}: a tie. No action, no movement; {dfn} (the defender) "
            "becomes the attacker.")


def say_resolve(colour: str, players: tuple[str, ...], w: int, st0: int, st1: int, b0: int, b1: int) -> str:
    # each strength next to its player's name, bonus included (never "3 + 3 against 7", read as one score)
    shown = "; ".join(f"{players[s]} {st}" + (f" ({st - b} + {b} bonus)" if b else "")
                      for s, st, b in ((0, st0, b0), (1, st1, b1)))
    return f"{colour.capitalize()} attack: {says(players[w], 'wins')} the round ({shown})."


def say_bonus_chop(w: str, lo: str) -> str:
    return f"{poss(w, start=True)} DRAIN ATTACK is on {poss(lo)} figure: a bonus chop."


def say_no_bonus_chop(w: str, lo: str) -> str:
    return (f"{poss(w, start=True)} DRAIN ATTACK is on {poss(lo)} figure, but this variant has no bonus chop "
            "(bonus_chop off).")


def say_actions(w: str, attack: Attack) -> str:
    return f"{says(w, 'carries')} out {attack}."


def say_bomb(w: str, part: str, black: Attack, white: Attack) -> str:
    return f"Bomb! {w} alone re-rolls: {part}, black {black}, white {white}; both are carried out."


def say_nothing_lost(owner: str) -> str:
    return f"{says(owner, 'has')} no lost part that could attach and no DRAIN ATTACK to remove: the star does nothing."


def say_round_ends(w: str) -> str:
    return (f"A DRAIN ATTACK was snapped on: the round ends (no movement) and {w} {verb_for(w, 'stays')} or "
            f"{verb_for(w, 'becomes')} the attacker.")


def say_winning(loser: str, winner: str) -> str:
    return f"{poss(loser, start=True)} figure has no points of life left: {says(winner, 'wins')} the battle!"


def say_sword(chooser: str, owner: str, part: str, life: int) -> str:
    return f"{says(chooser, 'has')} {owner} chop {part} ({life} points of life left)."


def say_host_chopped(drainer: str, part: str, owner: str) -> str:
    return f"{poss(drainer, start=True)} DRAIN ATTACK sat on {part}: it comes off with the chop, and {owner} must " \
           "reattach it."


def say_drain_home_off(owner: str, drain: str, part: str) -> str:
    return (f"{poss(owner, start=True)} own {drain} sat on {part}: it comes off with the chop (a DRAIN ATTACK cannot "
            f"be chopped), and {says(owner, 'snaps')} it back onto their figure.")


def say_star(owner: str, part: str, life: int) -> str:
    return f"{says(owner, 'regenerates')} {part} ({life} points of life)."


def say_free_drain(owner: str, drainer: str, back_on: str | None) -> str:
    where = (f"it snaps back onto {poss(drainer)} {back_on}" if back_on is not None
             else f"{says(drainer, 'snaps')} it back onto their figure")
    return f"{says(owner, 'spends')} a star to remove {poss(drainer)} DRAIN ATTACK and returns it to its owner: {where}."


def say_keep_drain(owner: str, drainer: str) -> str:
    return (f"{says(owner, 'leaves')} {poss(drainer)} DRAIN ATTACK where it is; with no lost part that could "
            "attach, the star does nothing.")


def say_rehome(owner: str, part: str) -> str:
    return f"{says(owner, 'snaps')} their own DRAIN ATTACK back onto their {part}."


def say_attach(chooser: str, owner: str, part: str) -> str:
    return f"{says(chooser, 'snaps')} their DRAIN ATTACK onto {poss(owner)} {part}."


def say_reattach(owner: str, part: str) -> str:
    return f"{says(owner, 'reattaches')} the DRAIN ATTACK to {part}."


def say_no_move(w: str) -> str:
    return f"{says(w, 'has')} no unoccupied square to move into and stays put."


def say_still_next(lo: str, w: str) -> str:
    return f"{says(lo, 'is')} still next to {w} and does not move."


def say_cannot_follow(lo: str, w: str) -> str:
    return f"{lo} cannot reach a square next to {w} and stays put."


def say_follows_to(lo: str, cell: str, w: str) -> str:
    return f"{says(lo, 'moves')} to {cell} to stay next to {w}."


def say_moves(name: str, cell: str) -> str:
    return f"{says(name, 'moves')} to {cell}."


def say_follows(name: str, cell: str) -> str:
    return f"{says(name, 'moves')} to {cell} to stay next to the attacker."


def say_next_attacker(w: str, how: str) -> str:
    return f"{w} {how} the attacker."


#: the drain symbol of an attack whose DRAIN ATTACK is already attached (xevoz.drain-symbol-attached), by variant
#: (drain_symbol_when_attached == "extra-chop", bonus_chop)
DRAIN_SYMBOL_TEXT = {
    (True, True): "The DRAIN ATTACK is already attached: the symbol chops one part (variant extra-chop), besides the "
                  "bonus chop.",
    (True, False): "The DRAIN ATTACK is already attached: the symbol chops one part (variant extra-chop).",
    (False, True): "The DRAIN ATTACK is already attached: the symbol just gives the bonus chop (card v2.0).",
    (False, False): "The DRAIN ATTACK is already attached: the symbol just does nothing more (bonus chop off in this "
                    "variant).",
}


def glyph_reading(part: str, species: str, white: Attack, black: Attack) -> str:
    """How the log reads a rolled battle side."""
    return f"{part} ({species}): white {white}, black {black}."


# -- Rulebook step 1: the pre-battle check and redesigning -------------------------------------------------------
def say_two_players(cap0: str, cap1: str) -> str:
    return f"Two players, two figures, two Battle Helixes ({cap0} and {cap1} end-caps)."


def say_picks(name: str, figure: str, n_parts: int) -> str:
    return f"{says(name, 'picks')} {figure} ({n_parts} parts) and its helix."


def say_flips(name: str, part: str, white: Attack, black: Attack) -> str:
    return f"{says(name, 'flips')} {part}: white is now {white}, black {black}."


def say_swaps(name: str, old: str, new: str, slot: int) -> str:
    return f"{says(name, 'swaps')} {old} out and {new} into slot {slot}."


def say_presents(name: str, figure: str, n_parts: int, gold: int) -> str:
    return f"{says(name, 'presents')} {figure} ({n_parts} parts, {gold} gold glyph(s)): check passed."


def say_battle_begins(n_parts: int) -> str:
    return f"Both figures have {n_parts} parts; the battle begins."


# -- Rulebook steps 2-3: who attacks first, the world, the START spaces; step 5: placing after a warp ------------
def say_only_total(total: int, which: str) -> str:
    return f"Both helixes can only ever total {total}, so the higher {which} strength decides."


def say_first_tie(total: int) -> str:
    return f"Both roll {total} (black + white): a tie, re-roll."


def say_first(p0: str, t0: int, p1: str, t1: int, first: str) -> str:
    return f"{says(p0, 'rolls')} {t0}, {says(p1, 'rolls')} {t1} (black + white): {says(first, 'attacks')} first."


def say_no_world_mat(name: str, part: str, sp: str) -> str:
    return f"{says(name, 'rolls')} {part} ({sp}): no {sp} mat on the table, so the attacker chooses the mat."


def say_world(name: str, part: str, sp: str) -> str:
    return f"{says(name, 'rolls')} {part} ({sp}): the battle is on the {sp} mat."


def say_warps_to(name: str, mat: str) -> str:
    return f"{says(name, 'warps')} to the {mat_name(mat)}."


def say_chooses(name: str, mat: str) -> str:
    return f"{says(name, 'chooses')} the {mat_name(mat)}."


def say_start(att: str, cell: str, dfn: str, other: str) -> str:
    return f"{att} (attacker) takes START {cell}; {says(dfn, 'takes')} {other}."


def say_warps_in(name: str, cell: str) -> str:
    return f"{says(name, 'warps')} in on {cell}."


def say_pulled_along(name: str, cell: str) -> str:
    return f"{says(name, 'is')} pulled along to {cell}, next to the warper."


def say_warped_attacker(name: str) -> str:
    return f"{name} warped and becomes the attacker."


# -- Rulebook step 5: warps ------------------------------------------------------------------------------------------
def say_warp(sp: str, warper: str) -> str:
    return (f"{sp.upper()} warps! {says(warper, 'stands')} on a {sp} warp space and rolled {sp}: the round ends "
            "before any action.")


def say_no_warp_mat(sp: str, warper: str) -> str:
    return f"No {sp} mat is on the table: {says(warper, 'picks')} another mat."


def say_warp_leads(sp: str) -> str:
    return f"The warp leads to the {sp} mat."


CAUGHT_IN_BLAST = ("Caught in the Blast! The re-roll shows a bomb: both players are affected by the actions.")


# -- refusals: what the round waits for (xevoz.forgotten-actions) ------------------------------------------------
def waiting_for(kind: str, chooser: str, owner: str) -> str:
    what = {"chop": f"chop a part of {poss(owner)} figure",
            "heal": "regenerate a part or remove a DRAIN ATTACK",
            "attach": f"snap the DRAIN ATTACK onto {poss(owner)} figure",
            "reattach": "reattach the DRAIN ATTACK to their figure",
            "rehome": "snap their own DRAIN ATTACK back onto their figure"}[kind]
    return f" ({chooser} must {what} first; actions are never forgotten here, see xevoz.forgotten-actions)"


# -- position set-up ---------------------------------------------------------------------------------------------
def say_round_set_up(rnd: int, mat: str, attacker: str) -> str:
    return f"Round {rnd} on the {mat_name(mat)}: {attacker} attacks and calls black or white."


def say_set_up(to_play: str | None, does: str) -> str:
    return "Set up: " + (f"{to_play} to play, " if to_play is not None else "") + f"time for {does}."
