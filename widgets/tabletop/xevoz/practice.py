"""Xevoz practice generated from the engine (``tabletop.engine.practice``): endless, seeded questions asked at
positions that bots reach in real battles ("Which part may be chopped?", "Which of these squares may the winner
move to?", "Who wins if BLACK is called?"), each answered by the rules and tied to one clause of the catalog.

    >>> from tabletop.xevoz.practice import practice, COVERED, NOT_COVERED
    >>> item = next(practice(seed=1))
    >>> item.clause, item.question.prompt_text(item.game)          # doctest: +SKIP

How a question is made: a battle is played by bots (the greedy bot against the random bot, seeded), every position
of it is kept, and each kind of question picks a position that suits it (a chop decision, a move, a call...). A
question about a roll rigs the faces on a copy of that position (the item's ``game``), so the question can name
them; every answer plays the copy ahead or asks the rules (``tabletop.xevoz.queries``), never an answer key.
``COVERED`` and ``NOT_COVERED`` together name every clause of the catalog.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tabletop.engine import Game, load_catalog
from tabletop.engine.lessons import Answer, Question, choice_of
from tabletop.engine.practice import PracticeItem

from .actions import Call, Chop, Flip, FreeDrain, Ready, RollHelix
from .bots import GreedyBot, XevozRandomBot
from .data import cell_name, components, mat_name
from .queries import (
    call_odds,
    call_preview,
    choppable_parts,
    decision,
    healable_parts,
    helix_face,
    helix_problems,
    move_squares,
    part_label,
    place_squares,
    refusal,
)
from .rules import XevozRules

G = Game[Any]
Maker = Callable[[random.Random, G], "tuple[G, Question] | None"]

__all__ = ["COVERED", "NOT_COVERED", "practice", "positions"]

FACES = tuple(XevozRules.chance_domains["helix1"])
YES_NO = ("Yes", "No")
#: the most steps of one bot battle kept as positions
BATTLE_LIMIT = 1500


# -- positions reached by bots ----------------------------------------------------------------------------------
def positions(seed: int) -> list[G]:
    """Every position of one battle played by bots from ``new_game(seed=seed)``: the greedy bot against the random
    bot (which seat is greedy depends on the seed), each position a fork (the battle itself is not kept)."""
    from . import new_game

    game = new_game(seed=seed)
    bots = [GreedyBot(seed=seed), XevozRandomBot(seed=seed + 1)]
    if seed % 2:
        bots.reverse()
    out = [game.fork()]
    for _ in range(BATTLE_LIMIT):
        seat = game.current_player
        if seat is None or game.is_over:
            break
        game.play(bots[seat].choose(game, game.legal_actions()))
        out.append(game.fork())
    return out


# -- words ------------------------------------------------------------------------------------------------------
def _name(g: G, seat: int) -> str:
    return str(g.players[seat])


def _fig(g: G, seat: int) -> str:
    return str(g.raw_state.sides[seat].figure.name)


def _face(g: G, seat: int, face: str) -> str:
    f = helix_face(g, seat, face)
    return f"{f['part']} (white {f['white']}, black {f['black']})"


def _an(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _rigged(g: G, faces: Sequence[str]) -> G:
    """A copy of ``g`` whose next helix rolls are rigged to ``faces`` (helix1, helix2, then the bomb re-roll)."""
    h = g.fork()
    h.clear_rigs()
    h.rig(helix1=faces[0], helix2=faces[1])
    if len(faces) > 2:
        w = int(faces[3]) if len(faces) > 3 else 0
        h.rig(**{f"helix{w + 1}": faces[2]})
    return h


def _yes_no(prompt: str, act: Any, clause: str) -> Question:
    """A yes/no question: may ``act`` be played now? Answered by the rules' refusal (or none)."""

    def answer(g: G) -> Answer:
        why = refusal(g, act)
        if why is None:
            return choice_of(YES_NO, "Yes", f"the rules accept it: {act}", clause)
        return choice_of(YES_NO, "No", why[1], why[0])

    return Question(prompt, YES_NO, answer, clauses=(clause,))


def _pick(rng: random.Random, items: Sequence[Any], k: int) -> list[Any]:
    items = list(items)
    rng.shuffle(items)
    return items[:k]


def _faces_where(rng: random.Random, g: G, colour: str, ok: Callable[[Any], bool],
                 rerolls: bool = False) -> tuple[G, Any] | None:
    """A copy of ``g`` with rigged faces whose call of ``colour`` does what ``ok(preview)`` wants (tried in a
    seeded random order), and its preview; None if no pair of faces does."""
    pairs = [(a, b) for a in FACES for b in FACES]
    rng.shuffle(pairs)
    for a, b in pairs[:60]:
        h = _rigged(g, (a, b))
        if rerolls:
            for c in _pick(rng, FACES, 3):
                h2 = h.fork()
                h2.rig(helix1=c, helix2=c)  # a bomb's re-roll draws the winner's helix again
                p = call_preview(h2, colour)
                if ok(p):
                    return h2, p
            continue
        p = call_preview(h, colour)
        if ok(p):
            return h, p
    return None


def _call_prompt(g: G, colour: str, extra: str = "") -> str:
    st = g.raw_state
    r = g.rigged
    att = st.attacker
    text = (f"{_name(g, att)} attacks and calls {colour.upper()}. The helixes will show (rigged) "
            f"{_face(g, 0, r['helix1'][0])} for {_name(g, 0)} ({_fig(g, 0)}) and {_face(g, 1, r['helix2'][0])} for "
            f"{_name(g, 1)} ({_fig(g, 1)}).")
    return text + (" " + extra if extra else "")


# -- the kinds of question, one clause each ---------------------------------------------------------------------
def q_stay_connected(rng: random.Random, g: G) -> tuple[G, Question] | None:
    d = decision(g)
    if d is None or d[0] != "chop":
        return None
    _, chooser, owner = d
    side = g.raw_state.sides[owner]
    f = side.figure
    free = choppable_parts(g, owner)
    blocked = [f.part_ids[i] for i in range(f.n_parts) if side.present[i] and i != f.drain
               and f.part_ids[i] not in free]
    if not free or not blocked:
        return None
    pids = _pick(rng, free, rng.randint(1, min(3, len(free)))) + _pick(rng, blocked, rng.randint(1, min(3, len(blocked))))
    pids.sort(key=f.index)
    labels = [part_label(g, owner, p) for p in pids]

    def answer(h: G) -> Answer:
        ok = set(choppable_parts(h, owner))
        right = [lab for p, lab in zip(pids, labels, strict=True) if p in ok]
        nots = [f"the {lab}: {r[1]}" for p, lab in zip(pids, labels, strict=True) if p not in ok
                for r in [refusal(h, Chop(p))] if r]
        return choice_of(labels, right, "what is left must stay connected: a part may go only when nothing else is "
                         "snapped onto it. " + ("Not: " + "; ".join(nots) + "." if nots else ""),
                         "xevoz.stay-connected")

    prompt = (f"{_name(g, chooser)} must chop a part of {_name(g, owner)}'s {_fig(g, owner)}. Which of these parts "
              "may be chopped now? (Pick every one that may.)")
    return g, Question(prompt, labels, answer, multiple=True, clauses=("xevoz.stay-connected",))


def q_chop_pile(rng: random.Random, g: G) -> tuple[G, Question] | None:
    d = decision(g)
    if d is None or d[0] != "chop":
        return None
    _, chooser, owner = d
    side = g.raw_state.sides[owner]
    if not side.pile:
        return None
    pid = side.figure.part_ids[rng.choice(side.pile)]
    return g, _yes_no(f"{_name(g, chooser)} must chop a part of {_fig(g, owner)}. The {part_label(g, owner, pid)} "
                      "lies in the pile. May it be chopped (again)?", Chop(pid), "xevoz.chop-pile")


def q_drain_uncuttable(rng: random.Random, g: G) -> tuple[G, Question] | None:
    d = decision(g)
    if d is None or d[0] != "chop":
        return None
    _, chooser, owner = d
    f = g.raw_state.sides[owner].figure
    if f.drain < 0:
        return None
    pid = f.part_ids[f.drain]
    return g, _yes_no(f"{_name(g, chooser)} must chop a part of {_fig(g, owner)}. May the "
                      f"{part_label(g, owner, pid)}, {_fig(g, owner)}'s DRAIN ATTACK part, be chopped?", Chop(pid),
                      "xevoz.drain-uncuttable")


def _squares_question(g: G, seat: int, clause: str, what: str) -> Question:
    st = g.raw_state
    size = components().mats[st.mat].size
    me = st.sides[seat].pos
    r, c = divmod(me, size)
    near = [cell_name(rr * size + cc, size) for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1),
                                                             (r - 1, c - 1), (r + 1, c + 1), (r - 1, c + 1),
                                                             (r + 1, c - 1))
            if 0 <= rr < size and 0 <= cc < size]
    choices = sorted(near)

    def answer(h: G) -> Answer:
        ok = set(move_squares(h, seat))
        right = [x for x in choices if x in ok]
        if not right:
            raise ValueError("no square of the choices may be taken")
        return choice_of(choices, right, f"{what}: " + ", ".join(right) + " (one square up, down, left or right, onto "
                         "a free square; never diagonally)", clause)

    return Question(f"{_name(g, seat)}'s {_fig(g, seat)} stands on {cell_name(me, size)}; the other figure on "
                    f"{cell_name(st.sides[1 - seat].pos, size)}. Which of these squares may {_name(g, seat)} move "
                    "to now? (Pick every one that may.)", choices, answer, multiple=True, clauses=(clause,))


def q_movement(rng: random.Random, g: G) -> tuple[G, Question] | None:
    st = g.raw_state
    if st.phase != "move" or not move_squares(g, st.chooser):
        return None
    return g, _squares_question(g, st.chooser, "xevoz.movement", "the winner moves one square")


def q_follow(rng: random.Random, g: G) -> tuple[G, Question] | None:
    st = g.raw_state
    if st.phase != "follow" or not move_squares(g, st.chooser):
        return None
    return g, _squares_question(g, st.chooser, "xevoz.defender-follows",
                                "the defender must move to stay next to the attacker")


def _call_position(g: G) -> bool:
    return bool(g.raw_state.phase == "call")


def _winner_choices(g: G) -> tuple[str, ...]:
    return (_name(g, 0), _name(g, 1), "Nobody: a tie")


def q_resolve(rng: random.Random, g: G) -> tuple[G, Question] | None:
    if not _call_position(g):
        return None
    colour = rng.choice(("black", "white"))
    found = _faces_where(rng, g, colour, lambda p: p.warp < 0 and p.winner >= 0 and not p.bomb)
    if found is None:
        return None
    h, _ = found
    choices = _winner_choices(h)

    def answer(x: G) -> Answer:
        p = call_preview(x, colour)
        right = choices[2] if p.winner < 0 else choices[p.winner]
        return choice_of(choices, right, f"{colour} {p.strength[0]} against {p.strength[1]}"
                         + (" (bonus squares included)" if any(p.bonus) else "") + ": the higher strength wins",
                         "xevoz.resolve" if p.winner >= 0 else "xevoz.tie")

    return h, Question(_call_prompt(h, colour, "Who wins the round?"), choices, answer, clauses=("xevoz.resolve",))


def q_tie(rng: random.Random, g: G) -> tuple[G, Question] | None:
    if not _call_position(g):
        return None
    colour = rng.choice(("black", "white"))
    found = _faces_where(rng, g, colour, lambda p: p.warp < 0 and p.winner < 0)
    if found is None:
        return None
    h, _ = found
    choices = (_name(h, 0), _name(h, 1))

    def answer(x: G) -> Answer:
        p = call_preview(x, colour)
        return choice_of(choices, choices[p.attacker], f"{colour} {p.strength[0]} against {p.strength[1]}"
                         + (": a tie, so no action and no movement, and the defender becomes the attacker"
                            if p.winner < 0 else ": the winner attacks next"), "xevoz.tie")

    return h, Question(_call_prompt(h, colour, "Who attacks in the next round?"), choices, answer,
                       clauses=("xevoz.tie",))


def q_bonus(rng: random.Random, g: G) -> tuple[G, Question] | None:
    if not _call_position(g):
        return None
    st = g.raw_state
    m = components().mats[st.mat]
    on = [s for s in (0, 1) if st.sides[s].pos in m.bonuses]
    if not on:
        return None
    seat = rng.choice(on)
    sp, plus = m.bonuses[st.sides[seat].pos]
    colour = rng.choice(("black", "white"))
    found = _faces_where(rng, g, colour, lambda p: p.warp < 0 and p.bonus[seat] > 0)
    if found is None:
        return None
    h, p0 = found
    base = p0.strength[seat] - p0.bonus[seat]
    nums = sorted({base, base + plus, max(0, base - plus), base + plus + 1})
    choices = [str(n) for n in nums]
    size = m.size

    def answer(x: G) -> Answer:
        p = call_preview(x, colour)
        return choice_of(choices, str(p.strength[seat]), f"the glyph's species matches the "
                         f"{components().species[sp].name} Bonus +{plus} square the figure stands on: "
                         f"{p.strength[seat] - p.bonus[seat]} + {p.bonus[seat]} = {p.strength[seat]}",
                         "xevoz.bonus-space")

    return h, Question(_call_prompt(h, colour, f"{_name(h, seat)} stands on {cell_name(st.sides[seat].pos, size)}, "
                                    f"{_an(components().species[sp].name.upper())} Bonus +{plus}. What is "
                                    f"{_name(h, seat)}'s strength this round?"), choices, answer,
                       clauses=("xevoz.bonus-space",))


def q_attack_call(rng: random.Random, g: G) -> tuple[G, Question] | None:
    if not _call_position(g):
        return None
    att = g.raw_state.attacker
    choices = ("BLACK", "WHITE", "Both the same")

    def answer(x: G) -> Answer:
        b, w = call_odds(x, "black"), call_odds(x, "white")
        right = choices[0 if b[0] > w[0] else 1 if w[0] > b[0] else 2]
        return choice_of(choices, right, f"of the 144 pairs of battle sides the helixes can roll, BLACK wins {b[0]} "
                         f"and WHITE wins {w[0]} for the attacker (bonus squares and warps included)",
                         "xevoz.attack-call")

    return g, Question(f"{_name(g, att)} attacks and must call BLACK or WHITE. Which call wins more of the rolls the "
                       "two helixes can make now?", choices, answer, clauses=("xevoz.attack-call",))


COUNT_CHOICES = ("0", "1", "2", "3", "4")


def _won_round(rng: random.Random, g: G, ok: Callable[[G, Any], bool]) -> tuple[G, Any, str] | None:
    """A call position and a colour whose rolled sides give a plain won round (no warp, no bomb) for which ``ok``
    holds: the position with those sides rolled, its preview, and the colour."""
    if not _call_position(g):
        return None
    colour = rng.choice(("black", "white"))
    found = _faces_where(rng, g, colour, lambda p: p.warp < 0 and p.winner >= 0 and not p.bomb and ok(g, p))
    if found is None:
        return None
    return found[0], found[1], colour


def _chop_count(rng: random.Random, g: G, clause: str, ok: Callable[[G, Any], bool], why: str) -> tuple[G, Question] | None:
    won = _won_round(rng, g, ok)
    if won is None:
        return None
    h, p0, colour = won

    def answer(x: G) -> Answer:
        p = call_preview(x, colour)
        n = p.chops[p.winner] if p.winner >= 0 else 0
        return choice_of(COUNT_CHOICES, str(min(n, 4)), f"{n} chop(s): {why}", clause)

    w = p0.winner
    return h, Question(_call_prompt(h, colour, f"{_name(h, w)} wins this round. How many parts must "
                                    f"{_name(h, 1 - w)}'s {_fig(h, 1 - w)} give up?"), COUNT_CHOICES, answer,
                       clauses=(clause,))


def _won_attack(g: G, p: Any) -> Any:
    f = helix_face(g, p.winner, p.faces[p.winner])
    return f["black"] if p.colour == "black" else f["white"]


def q_sword(rng: random.Random, g: G) -> tuple[G, Question] | None:
    return _chop_count(rng, g, "xevoz.sword", lambda g, p: g.raw_state.sides[p.winner].drain_on < 0
                       and _won_attack(g, p).swords > 0, "one for each sword of the winning attack")


def q_bonus_chop(rng: random.Random, g: G) -> tuple[G, Question] | None:
    return _chop_count(rng, g, "xevoz.drain-bonus-chop", lambda g, p: g.raw_state.sides[p.winner].drain_on >= 0
                       and not _won_attack(g, p).drain, "the winning attack's swords plus one bonus chop, because the "
                       "winner's DRAIN ATTACK rides on the loser")


def q_drain_symbol_attached(rng: random.Random, g: G) -> tuple[G, Question] | None:
    return _chop_count(rng, g, "xevoz.drain-symbol-attached", lambda g, p: g.raw_state.sides[p.winner].drain_on >= 0
                       and _won_attack(g, p).drain, "the DRAIN ATTACK is already attached, so its symbol just gives "
                       "the bonus chop (Quick Rules card v2.0)")


HAPPEN = ("The winner snaps its DRAIN ATTACK onto the loser; the round ends without a move",
          "The winner chops parts of the loser", "The winner regenerates a lost part",
          "Nothing: the winner has lost no part, yet it moves and attacks next")


def _what_happens(rng: random.Random, g: G, clause: str, ok: Callable[[G, Any], bool]) -> tuple[G, Question] | None:
    won = _won_round(rng, g, ok)
    if won is None:
        return None
    h, p0, colour = won

    def answer(x: G) -> Answer:
        p = call_preview(x, colour)
        k = 0 if p.attach else 1 if p.chops[p.winner] else 2 if p.heals[p.winner] else 3
        rule = {0: "xevoz.drain-attach", 1: "xevoz.sword", 2: "xevoz.star", 3: "xevoz.star-nothing-lost"}[k]
        return choice_of(HAPPEN, HAPPEN[k], f"the winning attack is {_won_attack(x, p)}: "
                         + {0: "its DRAIN ATTACK symbol snaps the DRAIN ATTACK on, and the round ends",
                            1: "its swords chop", 2: "its star regenerates a lost part that can attach",
                            3: "its star finds nothing lost to regenerate"}[k], rule)

    return h, Question(_call_prompt(h, colour, f"{_name(h, p0.winner)} wins. What happens next?"), HAPPEN, answer,
                       clauses=(clause,))


def q_drain_attach(rng: random.Random, g: G) -> tuple[G, Question] | None:
    return _what_happens(rng, g, "xevoz.drain-attach", lambda g, p: p.attach)


def q_star_nothing_lost(rng: random.Random, g: G) -> tuple[G, Question] | None:
    return _what_happens(rng, g, "xevoz.star-nothing-lost",
                         lambda g, p: "xevoz.star-nothing-lost" in p.rules and not p.chops[p.winner] and not p.attach)


def q_next_attacker(rng: random.Random, g: G) -> tuple[G, Question] | None:
    if not _call_position(g):
        return None
    colour = rng.choice(("black", "white"))
    found = _faces_where(rng, g, colour, lambda p: p.warp < 0 and p.winner >= 0 and p.winner != g.raw_state.attacker)
    if found is None:
        return None
    h, _ = found
    choices = (_name(h, 0), _name(h, 1))

    def answer(x: G) -> Answer:
        y = x.fork()
        y.play(Call(colour))
        for _ in range(200):  # the round's decisions and moves, taken as listed, until the next call
            if y.raw_state.phase in ("call", "over", "warp-place", "choose-mat"):
                break
            y.play(y.legal_actions()[0])
        att = y.raw_state.attacker
        return choice_of(choices, choices[att], "the defender won the round, so it becomes the attacker",
                         "xevoz.next-attacker")

    return h, Question(_call_prompt(h, colour, "Who attacks in the next round?"), choices, answer,
                       clauses=("xevoz.next-attacker",))


BOMB = ("Both attacks of the re-rolled glyph, black and white", "Only the attack of the colour called",
        "Caught in the Blast: both players are hit", "Nothing more")


def q_bomb(rng: random.Random, g: G, blast: bool = False) -> tuple[G, Question] | None:
    if not _call_position(g):
        return None
    colour = rng.choice(("black", "white"))
    found = _faces_where(rng, g, colour, lambda p: p.warp < 0 and p.winner >= 0 and bool(p.bomb) and p.blast == blast,
                         rerolls=True)
    if found is None:
        return None
    h, p0 = found
    w = p0.winner
    reroll = h.rigged[f"helix{w + 1}"][1]

    def answer(x: G) -> Answer:
        p = call_preview(x, colour)
        k = 2 if p.blast else 0
        return choice_of(BOMB, BOMB[k], "the winner alone re-rolls and carries out both the black and the white "
                         "actions" + ("; a bomb on the re-roll catches both players in the blast" if p.blast else ""),
                         "xevoz.caught-in-blast" if p.blast else "xevoz.bomb")

    clause = "xevoz.caught-in-blast" if blast else "xevoz.bomb"
    return h, Question(_call_prompt(h, colour, f"{_name(h, w)} wins with a bomb and re-rolls (rigged): "
                                    f"{_face(h, w, reroll)}. What does {_name(h, w)} carry out?"), BOMB, answer,
                       clauses=(clause,))


def q_blast(rng: random.Random, g: G) -> tuple[G, Question] | None:
    return q_bomb(rng, g, blast=True)


def q_star(rng: random.Random, g: G) -> tuple[G, Question] | None:
    d = decision(g)
    if d is None or d[0] != "heal":
        return None
    _, chooser, owner = d
    side = g.raw_state.sides[owner]
    if len(side.pile) < 2:
        return None
    f = side.figure
    pids = [f.part_ids[i] for i in _pick(rng, side.pile, 5)]
    pids.sort(key=f.index)
    labels = [part_label(g, owner, p) for p in pids]
    if not set(pids) & set(healable_parts(g, owner)):
        return None

    def answer(x: G) -> Answer:
        ok = set(healable_parts(x, owner))
        right = [lab for p, lab in zip(pids, labels, strict=True) if p in ok]
        return choice_of(labels, right, "a regenerated part must attach to the figure: the part it snaps onto must "
                         "be on the figure", "xevoz.star")

    return g, Question(f"{_name(g, chooser)} won a star and may regenerate a lost part of {_fig(g, owner)}. Which of "
                       "these lost parts may come back now? (Pick every one that may.)", labels, answer, multiple=True,
                       clauses=("xevoz.star",))


def q_star_remove_drain(rng: random.Random, g: G) -> tuple[G, Question] | None:
    d = decision(g)
    if d is None or d[0] != "heal":
        return None
    _, chooser, owner = d
    rides = g.raw_state.sides[1 - owner].drain_on >= 0
    return g, _yes_no(f"{_name(g, chooser)} won a star. "
                      + (f"{_name(g, 1 - owner)}'s DRAIN ATTACK rides on {_fig(g, owner)}. " if rides else
                         f"No DRAIN ATTACK rides on {_fig(g, owner)}. ")
                      + "May the star remove the opponent's DRAIN ATTACK instead of regenerating a part?", FreeDrain(),
                      "xevoz.star-remove-drain")


def q_forgotten(rng: random.Random, g: G) -> tuple[G, Question] | None:
    d = decision(g)
    if d is None:
        return None
    kinds = {"chop": "a chop", "heal": "a regeneration", "attach": "snapping on a DRAIN ATTACK",
             "reattach": "reattaching a DRAIN ATTACK", "rehome": "snapping a DRAIN ATTACK back home"}
    return g, _yes_no(f"{_name(g, d[1])} still has {kinds[d[0]]} to make this round. May the next attack be called "
                      "now?", Call("black"), "xevoz.forgotten-actions")


def q_drain_host_chopped(rng: random.Random, g: G) -> tuple[G, Question] | None:
    d = decision(g)
    if d is None or d[0] != "chop":
        return None
    _, chooser, owner = d
    on = g.raw_state.sides[chooser].drain_on
    f = g.raw_state.sides[owner].figure
    if on < 0 or f.part_ids[on] not in choppable_parts(g, owner) or g.raw_state.sides[owner].life <= 1:
        return None  # (the last point of life: the chop would end the battle, not move the DRAIN ATTACK)
    host = f.part_ids[on]
    choices = (f"The DRAIN ATTACK comes off; {_name(g, owner)} must reattach it to its figure",
               "The DRAIN ATTACK is chopped with it", "The chop is refused: the part carries the DRAIN ATTACK")

    def answer(x: G) -> Answer:
        if refusal(x, Chop(host)) is not None:
            return choice_of(choices, choices[2], str(refusal(x, Chop(host))), "xevoz.drain-host-chopped")
        y = x.fork()
        y.play(Chop(host))
        nxt = decision(y)
        if y.is_over:
            raise ValueError("the chop ends the battle")
        k = 0 if nxt is not None and nxt[0] == "reattach" else 1
        return choice_of(choices, choices[k], "a chop of the part a DRAIN ATTACK sits on takes the DRAIN ATTACK off; "
                         "the figure's owner must reattach it", "xevoz.drain-host-chopped")

    return g, Question(f"{_name(g, chooser)}'s DRAIN ATTACK sits on {_fig(g, owner)}'s {part_label(g, owner, host)}. "
                       f"What happens if {_name(g, chooser)} chops the {part_label(g, owner, host)}?", choices, answer,
                       clauses=("xevoz.drain-host-chopped",))


def q_winning(rng: random.Random, g: G) -> tuple[G, Question] | None:
    d = decision(g)
    if d is None or d[0] != "chop" or g.raw_state.sides[d[2]].life != 1:
        return None
    _, chooser, owner = d
    choices = (f"{_name(g, chooser)} wins the battle", "The battle goes on: the DRAIN ATTACK part still stands",
               "The battle goes on to the next round")

    def answer(x: G) -> Answer:
        y = x.fork()
        y.play(y.legal_actions()[0])
        k = 0 if y.is_over and y.winner == chooser else 2
        return choice_of(choices, choices[k], "a figure with no points of life left is demolished; its DRAIN ATTACK "
                         "part does not count", "xevoz.winning")

    return g, Question(f"{_fig(g, owner)} has 1 point of life left, and {_name(g, chooser)} must chop one of its "
                       "parts. What happens after the chop?", choices, answer, clauses=("xevoz.winning",))


def q_figure_health(rng: random.Random, g: G) -> tuple[G, Question] | None:
    st = g.raw_state
    seat = rng.randint(0, 1)
    side = st.sides[seat]
    f = side.figure
    on = sum(side.present)
    nums = sorted({side.life, on, side.life + 1, max(0, side.life - 1)})
    choices = [str(n) for n in nums]

    def answer(x: G) -> Answer:
        s = x.raw_state.sides[seat]
        return choice_of(choices, str(s.life), f"every part counts as a point of life except the DRAIN ATTACK part: "
                         f"{s.life} of {f.life}", "xevoz.figure-health")

    return g, Question(f"{_name(g, seat)}'s {f.name} has {f.n_parts} parts when whole (one of them its DRAIN ATTACK) "
                       f"and has lost {len(side.pile)}. How many points of life does it have?", choices, answer,
                       clauses=("xevoz.figure-health",))


PROBLEMS = (("xevoz.helix-six", "It does not hold six different glyphs"),
            ("xevoz.helix-gold", "More than three of its glyphs are gold"),
            ("xevoz.helix-drain", "More than one DRAIN ATTACK glyph"),
            ("xevoz.power-parts", "A glyph's Power Part is not on the figure"))
PASSES = "None: it passes the check"


def _helix_question(rng: random.Random, g: G, clause: str) -> tuple[G, Question] | None:
    st = g.raw_state
    if st.phase != "build":
        return None
    comp = components()
    seat = g.current_player if g.current_player is not None else 0
    fig = st.sides[seat].figure
    glyphs = list(comp.glyphs)
    n = 6 if clause != "xevoz.helix-six" else rng.choice((5, 7))
    own = [comp.glyph_by_part[p] for p in fig.part_names if p in comp.glyph_by_part]
    pool = own if clause not in ("xevoz.power-parts", "xevoz.helix-gold", "xevoz.helix-drain") else glyphs
    if clause == "xevoz.helix-gold":
        gold = [x for x in glyphs if comp.glyphs[x].gold]
        pick = _pick(rng, gold, 4) + _pick(rng, [x for x in pool if x not in gold], n - 4)
    elif clause == "xevoz.helix-drain":
        drains = [x for x in glyphs if comp.glyphs[x].is_drain]
        pick = _pick(rng, drains, 2) + _pick(rng, [x for x in pool if x not in drains], n - 2)
    else:
        pick = _pick(rng, pool, n)
    probs = {c for c, _ in helix_problems(fig.id, pick, st.max_gold)}
    if clause != "xevoz.pre-battle-check" and clause not in probs:
        return None
    choices = [t for _, t in PROBLEMS] + [PASSES]
    names = ", ".join(comp.glyphs[x].part + (" (gold)" if comp.glyphs[x].gold else "") for x in pick)

    def answer(x: G) -> Answer:
        found = helix_problems(fig.id, pick, x.raw_state.max_gold)
        ids = {c for c, _ in found}
        right = [t for c, t in PROBLEMS if c in ids] or [PASSES]
        return choice_of(choices, right, "; ".join(r for _, r in found) or "six glyphs, at most three gold, one DRAIN "
                         "ATTACK, every Power Part on the figure", found[0][0] if found else "xevoz.pre-battle-check")

    return g, Question(f"{_name(g, seat)} proposes this Battle Helix for {fig.name}: {names}. Which problems does the "
                       "pre-battle check find? (Pick every one.)", choices, answer, multiple=True, clauses=(clause,))


def q_helix_six(rng: random.Random, g: G) -> tuple[G, Question] | None:
    return _helix_question(rng, g, "xevoz.helix-six")


def q_helix_gold(rng: random.Random, g: G) -> tuple[G, Question] | None:
    return _helix_question(rng, g, "xevoz.helix-gold")


def q_helix_drain(rng: random.Random, g: G) -> tuple[G, Question] | None:
    return _helix_question(rng, g, "xevoz.helix-drain")


def q_power_parts(rng: random.Random, g: G) -> tuple[G, Question] | None:
    return _helix_question(rng, g, "xevoz.power-parts")


def q_pre_battle(rng: random.Random, g: G) -> tuple[G, Question] | None:
    return _helix_question(rng, g, "xevoz.pre-battle-check")


def q_equal_parts(rng: random.Random, g: G) -> tuple[G, Question] | None:
    st = g.raw_state
    if st.phase != "build" or g.current_player != 0:
        return None
    h = g.fork()
    h.play(Ready())
    if h.current_player != 1:
        return None
    fid = rng.choice([f for f in components().figures if f != st.sides[1].figure.id])
    from .actions import PickFigure

    try:
        h.play(PickFigure(fid))
    except Exception:
        return None
    other = h.raw_state.sides[0].figure
    mine = h.raw_state.sides[1].figure
    return h, _yes_no(f"{_name(h, 0)} is ready with {other.name} ({other.n_parts} parts). {_name(h, 1)} picks "
                      f"{mine.name} ({mine.n_parts} parts). May {_name(h, 1)} present for the pre-battle check now?",
                      Ready(), "xevoz.equal-parts")


def q_redesign(rng: random.Random, g: G) -> tuple[G, Question] | None:
    st = g.raw_state
    if st.phase != "build" or g.current_player is None:
        return None
    seat = g.current_player
    slot = rng.randint(1, len(st.sides[seat].helix))
    gid, _ = st.sides[seat].helix[slot - 1]
    white, black = components().glyphs[gid].attacks(st.sides[seat].helix[slot - 1][1])
    nums = sorted({white.strength, black.strength, white.strength + 1, max(0, black.strength - 1)})
    choices = [str(n) for n in nums]

    def answer(x: G) -> Answer:
        y = x.fork()
        y.play(Flip(slot))
        gid2, fl = y.raw_state.sides[seat].helix[slot - 1]
        b = components().glyphs[gid2].attacks(fl)[1]
        return choice_of(choices, str(b.strength), "pressed in the other way round, a glyph's white and black "
                         f"attacks swap: black now reads {b}", "xevoz.redesign")

    return g, Question(f"Slot {slot} of {_name(g, seat)}'s helix holds the {components().glyphs[gid].part} glyph: "
                       f"white {white}, black {black}. {_name(g, seat)} flips it. What strength does its black "
                       "attack read now?", choices, answer, clauses=("xevoz.redesign",))


def q_glyph_sides(rng: random.Random, g: G) -> tuple[G, Question] | None:
    st = g.raw_state
    if st.phase == "build":
        return None
    seat = rng.randint(0, 1)
    slot = rng.randint(1, 6)
    a = f"{slot}a"
    fa = helix_face(g, seat, a)
    fb = helix_face(g, seat, f"{slot}b")
    choices = (f"white {fa['white']}, black {fa['black']}: the same attacks (a mirror image)",
               f"white {fa['black']}, black {fa['white']}: white and black swapped",
               "another glyph's attacks")

    def answer(x: G) -> Answer:
        b = helix_face(x, seat, f"{slot}b")
        same = (b["white"], b["black"]) == (fa["white"], fa["black"])
        return choice_of(choices, choices[0 if same else 1], "a glyph's two battle sides are mirror images: each "
                         "reads the same white and black attack, so either side rolled reads the same",
                         "xevoz.glyph-sides")

    del fb
    return g, Question(f"Battle side a of the {fa['part']} glyph in {_name(g, seat)}'s helix reads white "
                       f"{fa['white']}, black {fa['black']}. What does its battle side b read when rolled?", choices,
                       answer, clauses=("xevoz.glyph-sides",))


def q_helix_roll(rng: random.Random, g: G) -> tuple[G, Question] | None:
    if g.raw_state.phase != "call":
        return None
    seat = rng.randint(0, 1)
    choices = ("6", "12", "18", "3")

    def answer(x: G) -> Answer:
        n = len(x.rules.chance_domains[f"helix{seat + 1}"])
        return choice_of(choices, str(n), f"six glyphs, each with two battle sides (the picture sides face in): {n}",
                         "xevoz.helix-roll")

    return g, Question(f"{_name(g, seat)} rolls the Battle Helix. How many different battle sides can land face-up?",
                       choices, answer, clauses=("xevoz.helix-roll",))


def q_first_attacker(rng: random.Random, g: G) -> tuple[G, Question] | None:
    if g.raw_state.phase != "first":
        return None
    h = _rigged(g, (rng.choice(FACES), rng.choice(FACES)))
    r = h.rigged
    choices = (_name(h, 0), _name(h, 1), "Nobody yet: a tie, both re-roll")

    def answer(x: G) -> Answer:
        y = x.fork()
        y.play(RollHelix())
        tot = y.raw_state.roll["totals"]
        k = 2 if y.raw_state.phase == "first" else y.raw_state.attacker
        return choice_of(choices, choices[k], f"black + white added: {tot[0]} against {tot[1]}", "xevoz.first-attacker")

    return h, Question(f"Rulebook step 2: both roll (rigged) {_face(h, 0, r['helix1'][0])} for {_name(h, 0)} and "
                       f"{_face(h, 1, r['helix2'][0])} for {_name(h, 1)}. Who attacks first?", choices, answer,
                       clauses=("xevoz.first-attacker",))


def q_choose_world(rng: random.Random, g: G) -> tuple[G, Question] | None:
    st = g.raw_state
    if st.phase != "world":
        return None
    att = st.attacker
    face = rng.choice(FACES)
    h = g.fork()
    h.clear_rigs()
    h.rig(**{f"helix{att + 1}": face})
    sp = helix_face(h, att, face)["species"]
    mats = list(st.table)
    choices = [mat_name(m) for m in _pick(rng, [m for m in mats if components().mats[m].species != sp], 2)]
    match = [m for m in mats if components().mats[m].species == sp]
    choices += [mat_name(m) for m in match] or ["The attacker chooses: no mat of that species"]
    choices.sort()

    def answer(x: G) -> Answer:
        y = x.fork()
        y.play(RollHelix())
        right = mat_name(y.raw_state.mat) if y.raw_state.phase != "choose-mat" else \
            "The attacker chooses: no mat of that species"
        return choice_of(choices, right, "the attacker re-rolls alone and turns to the mat of the rolled glyph's "
                         "species", "xevoz.choose-world")

    return h, Question(f"Rulebook step 3: {_name(h, att)} re-rolls alone and gets (rigged) {_face(h, att, face)}, a "
                       f"{_an(components().species[sp].name)} glyph. Where is the battle fought?", choices, answer,
                       clauses=("xevoz.choose-world",))


def q_start_spaces(rng: random.Random, g: G) -> tuple[G, Question] | None:
    st = g.raw_state
    if st.phase != "start":
        return None
    m = components().mats[st.mat]
    starts = [cell_name(c, m.size) for c in m.start]
    others = [cell_name(c, m.size) for c in _pick(rng, [c for c in range(m.size * m.size) if c not in m.start], 3)]
    choices = sorted(starts + others)

    def answer(x: G) -> Answer:
        ok = set(place_squares(x))
        return choice_of(choices, [c for c in choices if c in ok], "the attacker places its figure on either of the two "
                         "START spaces in the centre of the mat", "xevoz.start-spaces")

    return g, Question(f"{_name(g, st.attacker)} attacks first and places its figure. Which of these squares may it "
                       "take? (Pick every one that may.)", choices, answer, multiple=True,
                       clauses=("xevoz.start-spaces",))


def _on_warp(g: G) -> list[int]:
    st = g.raw_state
    if st.phase != "call":
        return []
    m = components().mats[st.mat]
    return [s for s in (0, 1) if m.warps.get(st.sides[s].pos)]


def q_warp(rng: random.Random, g: G) -> tuple[G, Question] | None:
    on = _on_warp(g)
    if not on:
        return None
    seat = rng.choice(on)
    colour = rng.choice(("black", "white"))
    want = rng.random() < 0.6
    found = _faces_where(rng, g, colour, lambda p: (p.warp == seat) == want and (p.warp >= 0 or p.winner >= 0))
    if found is None:
        return None
    h, _ = found
    choices = (f"{_name(h, seat)} warps: the round ends before any attack", "No warp: the attack is resolved")

    def answer(x: G) -> Answer:
        p = call_preview(x, colour)
        return choice_of(choices, choices[0 if p.warp >= 0 else 1], "a warp activates when the rolled glyph's species "
                         "matches the warp space the figure stands on", "xevoz.warp")

    st = g.raw_state
    m = components().mats[st.mat]
    sp = components().species[m.warps[st.sides[seat].pos]].name
    return h, Question(_call_prompt(h, colour, f"{_name(h, seat)} stands on {_an(sp.upper())} warp space. What "
                                    "happens?"), choices, answer, clauses=("xevoz.warp",))


def _warped(rng: random.Random, g: G) -> tuple[G, Any] | None:
    on = _on_warp(g)
    if not on:
        return None
    colour = rng.choice(("black", "white"))
    return _faces_where(rng, g, colour, lambda p: p.warp >= 0 and p.mat != g.raw_state.mat)


def q_warp_destination(rng: random.Random, g: G) -> tuple[G, Question] | None:
    found = _warped(rng, g)
    if found is None:
        return None
    h, p0 = found
    colour = p0.colour
    w = p0.warp
    sp = helix_face(h, w, p0.faces[w])["species"]
    mats = list(h.raw_state.table)
    choices = sorted({mat_name(m) for m in _pick(rng, [m for m in mats if m != p0.mat], 2)} | {mat_name(p0.mat)})

    def answer(x: G) -> Answer:
        p = call_preview(x, colour)
        return choice_of(choices, mat_name(p.mat), "reconstruction: a warp leads to the mat of the warp's species",
                         "xevoz.warp-destination")

    return h, Question(_call_prompt(h, colour, f"{_name(h, w)} warps on {_an(components().species[sp].name)} warp space. "
                                    "To which mat?"), choices, answer, clauses=("xevoz.warp-destination",))


def q_warp_place(rng: random.Random, g: G) -> tuple[G, Question] | None:
    found = _warped(rng, g)
    if found is None:
        return None
    h, p0 = found
    y = h.fork()
    y.play(Call(p0.colour))
    if y.raw_state.phase != "warp-place":
        return None
    y.play(GreedyBot(seed=rng.randint(0, 999)).choose(y, y.legal_actions()))
    st = y.raw_state
    if st.phase != "warp-follow":
        return None
    m = components().mats[st.mat]
    here = st.sides[p0.warp].pos
    r, c = divmod(here, m.size)
    near = [cell_name(rr * m.size + cc, m.size) for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1),
                                                                 (r - 1, c - 1), (r + 1, c + 1))
            if 0 <= rr < m.size and 0 <= cc < m.size]
    far = [cell_name(x, m.size) for x in _pick(rng, range(m.size * m.size), 2) if cell_name(x, m.size) not in near
           and x != here]
    choices = sorted(set(near + far))
    other = 1 - p0.warp

    def answer(x: G) -> Answer:
        ok = set(place_squares(x))
        return choice_of(choices, [q for q in choices if q in ok], "the pulled-along figure goes on a square next to "
                         "the warping figure (up, down, left or right)", "xevoz.warp-place")

    return y, Question(f"{_name(y, p0.warp)} warped and placed its figure on {cell_name(here, m.size)}. Which of these "
                       f"squares may {_name(y, other)} take? (Pick every one that may.)", choices, answer,
                       multiple=True, clauses=("xevoz.warp-place",))


def q_glyph_keeps_power(rng: random.Random, g: G) -> tuple[G, Question] | None:
    if not _call_position(g):
        return None
    st = g.raw_state
    comp = components()
    cands = []
    for s in (0, 1):
        side = st.sides[s]
        lost = {side.figure.part_names[i] for i in side.pile}
        for slot, (gid, _) in enumerate(side.helix):
            if comp.glyphs[gid].part in lost:
                cands.append((s, slot + 1))
    if not cands:
        return None
    seat, slot = rng.choice(cands)
    colour = rng.choice(("black", "white"))
    faces = [rng.choice(FACES), rng.choice(FACES)]
    faces[seat] = f"{slot}{rng.choice('ab')}"
    h = _rigged(g, faces)
    p0 = call_preview(h, colour)
    if p0.warp >= 0:
        return None
    base = p0.strength[seat] - p0.bonus[seat]
    choices = sorted({"0", str(base), str(base + p0.bonus[seat] + 1), str(max(0, base - 2))} | {str(p0.strength[seat])})

    def answer(x: G) -> Answer:
        p = call_preview(x, colour)
        return choice_of(choices, str(p.strength[seat]), "a glyph keeps all its attack power even when its Power "
                         f"Part is chopped: strength {p.strength[seat]}" + (" (bonus included)" if p.bonus[seat]
                                                                             else ""), "xevoz.glyph-keeps-power")

    part = comp.glyphs[st.sides[seat].helix[slot - 1][0]].part
    return h, Question(_call_prompt(h, colour, f"{_fig(h, seat)}'s {part} is in its pile. What strength does "
                                    f"{_name(h, seat)}'s {part} glyph give this round?"), choices, answer,
                       clauses=("xevoz.glyph-keeps-power",))


def q_actions(rng: random.Random, g: G) -> tuple[G, Question] | None:
    if not _call_position(g):
        return None
    colour = rng.choice(("black", "white"))
    found = _faces_where(rng, g, colour, lambda p: p.warp < 0 and p.winner >= 0 and not p.bomb)
    if found is None:
        return None
    h, p0 = found
    w = p0.winner
    choices = (f"The symbols next to {_name(h, w)}'s winning {colour} strength", f"The symbols of both of "
               f"{_name(h, w)}'s attacks, black and white", f"The symbols next to the loser's {colour} strength")

    def answer(x: G) -> Answer:
        p = call_preview(x, colour)
        att = _won_attack(x, p)
        return choice_of(choices, choices[0], f"the winner performs the actions of its winning attack ({att}); only a "
                         "bomb's re-roll carries out both colours", "xevoz.actions")

    return h, Question(_call_prompt(h, colour, f"{_name(h, w)} wins. Which actions are carried out?"), choices, answer,
                       clauses=("xevoz.actions",))


MAKERS: dict[str, Maker] = {
    "xevoz.figure-health": q_figure_health, "xevoz.equal-parts": q_equal_parts, "xevoz.power-parts": q_power_parts,
    "xevoz.glyph-keeps-power": q_glyph_keeps_power, "xevoz.glyph-sides": q_glyph_sides,
    "xevoz.helix-six": q_helix_six, "xevoz.helix-gold": q_helix_gold, "xevoz.helix-drain": q_helix_drain,
    "xevoz.helix-roll": q_helix_roll, "xevoz.pre-battle-check": q_pre_battle, "xevoz.redesign": q_redesign,
    "xevoz.first-attacker": q_first_attacker, "xevoz.choose-world": q_choose_world,
    "xevoz.start-spaces": q_start_spaces, "xevoz.attack-call": q_attack_call, "xevoz.warp": q_warp,
    "xevoz.warp-place": q_warp_place, "xevoz.warp-destination": q_warp_destination, "xevoz.bonus-space": q_bonus,
    "xevoz.resolve": q_resolve, "xevoz.tie": q_tie, "xevoz.actions": q_actions,
    "xevoz.forgotten-actions": q_forgotten, "xevoz.drain-attach": q_drain_attach,
    "xevoz.drain-symbol-attached": q_drain_symbol_attached, "xevoz.drain-bonus-chop": q_bonus_chop,
    "xevoz.drain-host-chopped": q_drain_host_chopped, "xevoz.drain-uncuttable": q_drain_uncuttable,
    "xevoz.sword": q_sword, "xevoz.stay-connected": q_stay_connected, "xevoz.chop-pile": q_chop_pile,
    "xevoz.star": q_star, "xevoz.star-remove-drain": q_star_remove_drain,
    "xevoz.star-nothing-lost": q_star_nothing_lost, "xevoz.bomb": q_bomb, "xevoz.caught-in-blast": q_blast,
    "xevoz.movement": q_movement, "xevoz.defender-follows": q_follow, "xevoz.next-attacker": q_next_attacker,
    "xevoz.winning": q_winning,
}

COVERED: tuple[str, ...] = tuple(MAKERS)

NOT_COVERED: dict[str, str] = {
    "xevoz.two-players": "a fact of every battle's set-up (two players, two figures, two helixes), not a decision "
                        "any position poses",
    "xevoz.one-drain-part": "the figures are ready-built from the data files with one DRAIN ATTACK part each; no "
                            "position lets a player add a second one, so there is nothing to ask",
    "xevoz.end-caps": "a variant option checked when a game is made (end-cap colours), never a position a battle "
                      "reaches",
    "xevoz.warp-both": "needs both figures on warp spaces at a call, which bot battles almost never reach (the "
                       "generator asks only at positions bots reach); lesson 03 shows it",
    "xevoz.warp-bomb": "needs a bomb won on a warp space and a re-roll of the warp's species: too rare at the "
                       "positions bots reach for an endless stream; lesson 03 shows it",
    "xevoz.drain-home": "a DRAIN ATTACK at home whose part is chopped comes up only inside a Caught-in-the-Blast "
                        "round at the right part, too rare in bot battles to ask about",
    "xevoz.no-move": "a figure with no free square to move to (cornered) is too rare in bot battles to ask about",
}


def _catalog() -> list[str]:
    return [c.id for c in load_catalog(XevozRules.catalog_path).clauses]


def practice(seed: int, clauses: Sequence[str] | None = None) -> Iterator[PracticeItem]:
    """Endless practice questions (the same ``seed`` gives the same stream), limited to ``clauses`` when given.

    Raises ``ValueError`` for a clause the generator cannot ask about (see ``NOT_COVERED``) or that is not in the
    catalog; a clause the positions of many battles in a row give no question for is dropped from the stream."""
    known = set(_catalog())
    want = list(clauses) if clauses is not None else list(COVERED)
    for c in want:
        if c not in known:
            raise ValueError(f"{c!r} is not a clause of the Xevoz catalog")
        if c not in MAKERS:
            raise ValueError(f"practice cannot ask about {c}: {NOT_COVERED.get(c, 'no question kind for it')}")
    if not want:
        raise ValueError("practice needs at least one clause to ask about")
    return _stream(seed, want)


def _stream(seed: int, want: list[str]) -> Iterator[PracticeItem]:
    rng = random.Random(seed)
    battle = 0
    pool = positions(seed * 1000 + battle)
    misses = {c: 0 for c in want}
    active = list(want)
    while active:
        clause = rng.choice(active)
        made = None
        for _ in range(40):
            made = MAKERS[clause](rng, rng.choice(pool))
            if made is not None:
                break
        if made is None:
            misses[clause] += 1
            if misses[clause] % 3 == 0:  # this battle's positions do not suit it: play another battle
                battle += 1
                pool = positions(seed * 1000 + battle)
            if misses[clause] > 12:
                active.remove(clause)
            continue
        misses[clause] = 0
        game, question = made
        yield PracticeItem(clause, game, question)
