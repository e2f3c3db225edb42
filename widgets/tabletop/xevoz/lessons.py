"""The Xevoz walkthroughs as kit lessons (``tabletop.engine.lessons``): ``LESSONS["01"]`` .. ``LESSONS["06"]``.

Every step declares the clauses that fire in its own events (``fires``) and the facts its narration asserts
(``facts``), checked on the step's position by ``check_lesson`` (tests/xevoz/test_lesson_contract.py). The parts
of a sentence that could drift (who won the round, strengths, which part was chopped, where a DRAIN ATTACK sits,
who is to move) are written from the position by the step's ``md(game)``. Engine only: no widgets here; the
board shows a lesson with ``tabletop.xevoz.widget.walkthrough("04")``.

The small helpers at the end (``check_helix``, ``glyph_card``...) are for the notebooks' own code cells.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tabletop.engine import Fact, Game, IllegalAction, Lesson, Step
from tabletop.engine.words import says

from .actions import (
    AttachDrain,
    Call,
    Chop,
    Flip,
    FreeDrain,
    Heal,
    Move,
    PickFigure,
    Place,
    Ready,
    RollHelix,
    Swap,
)
from .bots import BOTS, GreedyBot
from .data import cell_name, components, mat_name

G = Game[Any]


# -- reading the position (for narration and facts) ------------------------------------------------------------
def name(g: G, seat: int) -> str:
    return str(g.players[seat])


def figure(g: G, seat: int) -> str:
    return str(g.raw_state.sides[seat].figure.name)


def part(g: G, seat: int, pid: str) -> str:
    f = g.raw_state.sides[seat].figure
    return str(f.part_names[f.index(pid)])


def present(g: G, seat: int, pid: str) -> bool:
    side = g.raw_state.sides[seat]
    return bool(side.present[side.figure.index(pid)])


def life(g: G, seat: int) -> int:
    return int(g.raw_state.sides[seat].life)


def pos(g: G, seat: int) -> str:
    st = g.raw_state
    return cell_name(st.sides[seat].pos, components().mats[st.mat].size) if st.mat and st.sides[seat].pos >= 0 else "-"


def drain_host(g: G, owner: int) -> str | None:
    """The part id of the opponent's figure that ``owner``'s DRAIN ATTACK sits on (None: not on it)."""
    st = g.raw_state
    on = st.sides[owner].drain_on
    return st.sides[1 - owner].figure.part_ids[on] if on >= 0 else None


def drain_home(g: G, owner: int) -> str | None:
    """The part id of ``owner``'s own figure its DRAIN ATTACK sits on at home (None: away or off)."""
    side = g.raw_state.sides[owner]
    return side.figure.part_ids[side.home_on] if side.drain_on == -1 and side.home_on >= 0 else None


def roll(g: G) -> dict[str, Any]:
    return dict(g.raw_state.roll)


def winner(g: G) -> int:
    return int(g.raw_state.roll.get("winner", -1))


def strengths(g: G) -> str:
    """The last attack's strengths, one per player: "Player 1: 3 + 3 bonus = 6; Player 2: 7" (never "against")."""
    r = g.raw_state.roll
    out = []
    for s in (0, 1):
        total, bonus = r["strength"][s], r["bonus"][s]
        out.append(f"{name(g, s)}: {total - bonus} + {bonus} bonus = {total}" if bonus else f"{name(g, s)}: {total}")
    return "; ".join(out)


def queue_kinds(g: G) -> list[tuple[str, int, int]]:
    return list(g.raw_state.queue)


def to_move(g: G) -> str:
    cur = g.current_player
    return "nobody (the battle is over)" if cur is None else name(g, cur)


def fact(claim: str, check: Callable[[G], Any]) -> Fact:
    return Fact(claim, check)


def is_phase(ph: str) -> Fact:
    return Fact(f"the phase is {ph}", lambda g: g.raw_state.phase == ph)


def moves_next(seat: int) -> Fact:
    return Fact(f"seat {seat + 1} is to move", lambda g: g.current_player == seat)


def attacker_is(seat: int) -> Fact:
    return Fact(f"seat {seat + 1} is the attacker", lambda g: g.raw_state.attacker == seat)


def won_round(seat: int) -> Fact:
    return Fact(f"seat {seat + 1} won the round", lambda g: winner(g) == seat)


def stands(seat: int, cell: str) -> Fact:
    return Fact(f"seat {seat + 1} stands on {cell}", lambda g: pos(g, seat) == cell)


def chopped(seat: int, pid: str) -> Fact:
    return Fact(f"seat {seat + 1}'s part {pid} is in the pile", lambda g: not present(g, seat, pid))


def on_figure(seat: int, pid: str) -> Fact:
    return Fact(f"seat {seat + 1}'s part {pid} is on the figure", lambda g: present(g, seat, pid))


def drain_on(owner: int, pid: str | None) -> Fact:
    return Fact(f"seat {owner + 1}'s DRAIN ATTACK sits on the opponent's {pid}", lambda g: drain_host(g, owner) == pid)


def life_is(seat: int, n: int) -> Fact:
    return Fact(f"seat {seat + 1} has {n} points of life", lambda g: life(g, seat) == n)


# -- playing (step actions) --------------------------------------------------------------------------------------
def finish_round(game: G) -> list[Any]:
    """Rulebook step 8 for a lesson: the winner takes the first square offered, the defender follows the same way."""
    while game.raw_state.phase in ("move", "follow"):
        game.play(game.legal_actions()[0])
    return []


def stroll(board_or_game: Any, cells: list[str]) -> None:
    """Walk seat 1 (Razorclaw, the attacker, nothing lost yet) along ``cells``: each round is rigged so that
    Razorclaw wins a WHITE attack with spine-ridge's star (5 against chain-whip's 3); nothing has been lost, so the
    star does nothing, and the winner moves one square; Skull Jack follows."""
    game = getattr(board_or_game, "game", board_or_game)
    for cell in cells:
        board_or_game.rig(helix1="3a", helix2="3a")
        board_or_game.play(Call("white"))
        board_or_game.play(Move(cell))
        if game.raw_state.phase == "follow":
            board_or_game.play(game.legal_actions()[0])


def walk_then(cells: list[str], rig: dict[str, Any], *actions: Any) -> Callable[[G], list[Any]]:
    """Step actions: stroll along ``cells``, then rig ``rig`` and play ``actions``."""

    def play(game: G) -> list[Any]:
        stroll(game, cells)
        game.rig(**rig)
        return list(actions)

    return play


def then_finish(*actions: Any) -> Callable[[G], list[Any]]:
    def play(game: G) -> list[Any]:
        for a in actions:
            game.play(a)
        return finish_round(game)

    return play


# -- shared steps and texts ---------------------------------------------------------------------------------------
# Rulebook steps 1-3 rigged: both pass the pre-battle check, Player 1 rolls 13 against 10 and attacks, rolls
# razor-claw (Meta-Beast): the battle is on the Meta-Beast mat, Player 1 on START C3, Player 2 on D3.
def setup_step() -> Step:
    return Step(
        "The battle is set up",
        lambda g: (f"Both figures passed the pre-battle check (`xevoz.pre-battle-check`). {name(g, 0)} rolled the "
                   f"higher total and attacks (`xevoz.first-attacker`), rolled a Meta-Beast glyph: the "
                   f"**{mat_name(g.raw_state.mat)}** (`xevoz.choose-world`), and took START {pos(g, 0)}; "
                   f"{name(g, 1)} stands on {pos(g, 1)} (`xevoz.start-spaces`)."),
        rig={"helix1": ["4a", "1a"], "helix2": "2a"},
        actions=[Ready(), Ready(), RollHelix(), RollHelix(), Place("C3")],
        fires=("xevoz.pre-battle-check", "xevoz.first-attacker", "xevoz.choose-world", "xevoz.start-spaces"),
        facts=(attacker_is(0), Fact("the battle is on the Meta-Beast mat", lambda g: g.raw_state.mat == "meta-beast"),
               stands(0, "C3"), stands(1, "D3")))


def hand_over_text(bot_seat: int | None = 1) -> str:
    keys = ("Click the outlined parts and squares and the *Call BLACK / WHITE* buttons, or use the keyboard (Tab, "
            "Enter; 1-9 play a listed move; K calls black, W white; U undoes). Click anything else and the board "
            "says which rule refuses it.")
    if bot_seat is None:
        return "**Your turn.** Two players at one screen: play both seats from here. " + keys
    return (f"**Your turn.** You play Player {2 - bot_seat}; the greedy bot plays Player {bot_seat + 1} and "
            "answers by itself after each of your moves. " + keys)


def new_game_factory(seed: int) -> Callable[[], G]:
    def make() -> G:
        from . import new_game

        return new_game(seed=seed)

    return make


def lesson(nn: str, title: str, seed: int, steps: Sequence[Step], bot_seat: int | None = 1) -> Lesson:
    return Lesson(id=f"xevoz/{nn}", title=title, steps=tuple(steps), new_game=new_game_factory(seed),
                  bots={bot_seat: "greedy"} if bot_seat is not None else {}, bot_table=dict(BOTS),
                  hand_over=hand_over_text(bot_seat))


# -- 01 Build your figure and your Battle Helix ----------------------------------------------------------------
def figure_tree(fid: str) -> str:
    fig = components().figures[fid]
    return "\n".join("    " + "  " * fig.depth[i] + n + ("   <- DRAIN ATTACK" if i == fig.drain else "")
                     for i, n in enumerate(fig.part_names))


def glyph_text(glyph: str) -> str:
    """A Power Glyph in words: its picture side and its two (mirror-image) battle sides."""
    comp = components()
    g = comp.glyphs[glyph]
    sp = comp.species[g.species].name
    return "\n".join([f"picture side: {g.part}" + (" (GOLD)" if g.gold else ""),
                      f"battle side a: [{sp}] white {g.white} | {g.part} | black {g.black}",
                      f"battle side b: [{sp}] black {g.black} | {g.part} | white {g.white}   (mirror image)"])


def helix_check(fid: str, glyphs: list[str]) -> list[tuple[str, str]]:
    from .rules import Side, XevozRules

    side = Side(components().figures[fid], tuple((g, False) for g in glyphs))
    return XevozRules().helix_problems(side)


GOLD4 = ["horned-helm", "shoulder-spikes", "storm-staff", "lightning-orb", "razor-claw", "bone-blade"]
DRAIN2 = ["drain-spike", "drain-fang", "razor-claw", "bone-blade", "spine-ridge", "tail-club"]
FIVE = ["razor-claw", "bone-blade", "spine-ridge", "tail-club", "jaw-trap"]


def _slot(g: G, seat: int, slot: int) -> tuple[str, bool]:
    gid, flipped = g.raw_state.sides[seat].helix[slot - 1]
    return str(gid), bool(flipped)


def _slot_attacks(g: G, seat: int, slot: int) -> tuple[Any, Any]:
    gid, flipped = _slot(g, seat, slot)
    white, black = components().glyphs[gid].attacks(flipped)
    return white, black


def _lesson_01() -> Lesson:
    rc = components().figures["razorclaw"]
    helm = components().glyphs["horned-helm"]
    steps = [
        Step("Your figure is your health meter",
             lambda g: (f"Every part that can unsnap is one point of life, except the one DRAIN ATTACK part: it "
                        "counts as a part but not as life (`xevoz.figure-health`, `xevoz.one-drain-part`). "
                        f"{name(g, 0)}'s {figure(g, 0)} (what snaps onto what): "
                        f"{g.raw_state.sides[0].figure.n_parts} parts, {life(g, 0)} points of life:\n\n"
                        + figure_tree(g.raw_state.sides[0].figure.id)),
             facts=(Fact("Razorclaw has 25 parts and 24 points of life (one DRAIN ATTACK part)",
                         lambda g: (rc.n_parts, rc.life, life(g, 0), figure(g, 0)) == (25, 24, 24, "Razorclaw")),)),
        Step("Reading a Power Glyph",
             "One picture side (its Power Part) and two battle sides, mirror images of each other: species icon, a "
             "white and a black attack (strength + symbols), the part's name (`xevoz.glyph-sides`). Gold glyphs "
             "are stronger. The board shows each glyph of both helixes as a card:\n\n    "
             + glyph_text("horned-helm").replace("\n", "\n    "),
             facts=(Fact("the Horned Helm glyph is gold, with the attacks shown",
                         lambda g: helm.gold and str(helm.white).startswith("9")),)),
        Step("Six glyphs, and their Power Parts",
             lambda g: ("A helix holds exactly 6 glyphs (`xevoz.helix-six`: "
                        + helix_check("razorclaw", FIVE)[0][1] + "), and the figure must carry every glyph's "
                        f"Power Part (`xevoz.power-parts`): {figure(g, 0)} has no Storm Staff."),
             refuse=Swap(1, "storm-staff"), fires=("xevoz.power-parts",),
             facts=(Fact("Razorclaw has no Storm Staff", lambda g: "Storm Staff" not in rc.part_names),
                    Fact("a five-glyph helix fails xevoz.helix-six",
                         lambda g: helix_check("razorclaw", FIVE)[0][0] == "xevoz.helix-six"))),
        Step("At most three gold, at most one DRAIN ATTACK",
             lambda g: ("The pre-battle check names every problem (`xevoz.helix-gold`, `xevoz.helix-drain`):\n\n- "
                        + "\n- ".join(r for c, r in helix_check("razorclaw", GOLD4) + helix_check("razorclaw", DRAIN2)
                                      if c in ("xevoz.helix-gold", "xevoz.helix-drain"))),
             facts=(Fact("four gold glyphs fail xevoz.helix-gold",
                         lambda g: "xevoz.helix-gold" in {c for c, _ in helix_check("razorclaw", GOLD4)}),
                    Fact("two DRAIN ATTACK glyphs fail xevoz.helix-drain",
                         lambda g: "xevoz.helix-drain" in {c for c, _ in helix_check("razorclaw", DRAIN2)}))),
        Step("Rolling lands on one of twelve battle sides",
             "The picture sides face inward, so a roll shows one of 12 battle sides (`xevoz.helix-roll`). Teachers "
             "rig rolls by slot and side: `board.rig(helix1=\"4a\", helix2=\"2b\")`.",
             facts=(Fact("a helix roll has 12 outcomes", lambda g: len(g.rules.chance_domains["helix1"]) == 12),)),
        Step("Redesign: flip and swap (Xevolve)",
             lambda g: (f"{name(g, 0)} flips slot 1 ({components().glyphs[_slot(g, 0, 1)[0]].part} now reads black "
                        f"{_slot_attacks(g, 0, 1)[1]}, white {_slot_attacks(g, 0, 1)[0]}) and swaps the "
                        f"{components().glyphs[_slot(g, 0, 2)[0]].part} glyph into slot 2 (`xevoz.redesign`). "
                        "*Reconstruction:* pressing a glyph in the other way round swaps its white and black."),
             actions=[Flip(1), Swap(2, "jaw-trap")], fires=("xevoz.redesign",),
             facts=(Fact("slot 1 holds the Razor Claw glyph, flipped", lambda g: _slot(g, 0, 1) == ("razor-claw", True)),
                    Fact("slot 2 holds the Jaw Trap glyph", lambda g: _slot(g, 0, 2)[0] == "jaw-trap"))),
        Step("Equal figures, or no battle",
             lambda g: (f"{says(name(g, 0), 'presents')} {figure(g, 0)}. {says(name(g, 1), 'picks')} {figure(g, 1)} "
                        f"({g.raw_state.sides[1].figure.n_parts} parts) against {figure(g, 0)}'s "
                        f"{g.raw_state.sides[0].figure.n_parts}: the pre-battle check refuses (`xevoz.equal-parts`, "
                        "`xevoz.pre-battle-check`)."),
             actions=[Ready(), PickFigure("sledge-trooper")], refuse=Ready(),
             fires=("xevoz.pre-battle-check", "xevoz.redesign", "xevoz.equal-parts"),
             facts=(Fact("seat 2 battles with Sledge Trooper, 27 parts against 25",
                         lambda g: (figure(g, 1), g.raw_state.sides[1].figure.n_parts,
                                    g.raw_state.sides[0].figure.n_parts) == ("Sledge Trooper", 27, 25)),
                    moves_next(1))),
        Step("Both present: the battle can begin",
             lambda g: (f"{figure(g, 1)} has {g.raw_state.sides[1].figure.n_parts} parts: both pass. The two "
                        "helixes also need different end-caps (`xevoz.end-caps`, variant option `end_caps`). A glyph "
                        "keeps its power even when its Power Part is chopped (`xevoz.glyph-keeps-power`, shown in "
                        f"lesson 05). Next: Rulebook step 2, and {name(g, 0)} rolls first."),
             actions=[PickFigure("thunder-shaman"), Ready()], fires=("xevoz.pre-battle-check", "xevoz.equal-parts"),
             facts=(Fact("both figures have 25 parts", lambda g: {s.figure.n_parts for s in g.raw_state.sides} == {25}),
                    is_phase("first"), moves_next(0))),
    ]
    return lesson("01", "Build your figure and your Battle Helix", 1, steps)


# -- 02 A battle round --------------------------------------------------------------------------------------------
def _lesson_02() -> Lesson:
    steps = [
        Step("Pre-battle check", lambda g: f"{name(g, 0)} and {name(g, 1)} present their figures and helixes "
             "(`xevoz.pre-battle-check`).", actions=[Ready(), Ready()], fires=("xevoz.pre-battle-check",),
             facts=(is_phase("first"),)),
        Step("Who attacks first: a tie",
             lambda g: ("Both roll and add black + white: "
                        + " against ".join(map(str, roll(g)["totals"])) + " is a tie, so re-roll "
                        "(`xevoz.first-attacker`)."),
             rig={"helix1": "1a", "helix2": "2b"}, actions=[RollHelix()], fires=("xevoz.first-attacker",),
             facts=(Fact("both totals are equal", lambda g: len(set(roll(g)["totals"])) == 1), is_phase("first"))),
        Step("Who attacks first",
             lambda g: (f"{name(g, 0)} rolls {roll(g)['totals'][0]}, {name(g, 1)} rolls {roll(g)['totals'][1]}: "
                        f"{says(name(g, g.raw_state.attacker), 'attacks')} first (`xevoz.first-attacker`)."),
             rig={"helix1": "4a", "helix2": "2a"}, actions=[RollHelix()], fires=("xevoz.first-attacker",),
             facts=(Fact("the totals are 13 and 10", lambda g: roll(g)["totals"] == [13, 10]), attacker_is(0))),
        Step("Choose the world",
             lambda g: ("The attacker alone re-rolls: Razor Claw is a Meta-Beast glyph, so the "
                        f"{mat_name(g.raw_state.mat)} (`xevoz.choose-world`); the attacker takes a START space first "
                        f"(`xevoz.start-spaces`): {name(g, 0)} on {pos(g, 0)}, {name(g, 1)} on {pos(g, 1)}."),
             rig={"helix1": "1a"}, actions=[RollHelix(), Place("C3")],
             fires=("xevoz.choose-world", "xevoz.start-spaces"),
             facts=(Fact("the mat is the Meta-Beast mat", lambda g: g.raw_state.mat == "meta-beast"),
                    stands(0, "C3"), stands(1, "D3"))),
        Step("Call, roll, resolve",
             lambda g: (f"{says(name(g, 0), 'calls')} WHITE (`xevoz.attack-call`); both roll. {strengths(g)}: "
                        f"{says(name(g, winner(g)), 'wins')} the round (`xevoz.resolve`) and carries out "
                        f"{len(queue_kinds(g))} swords (`xevoz.actions`), choosing the parts."),
             rig={"helix1": "4a", "helix2": "2a"}, actions=[Call("white")],
             fires=("xevoz.attack-call", "xevoz.resolve", "xevoz.actions"),
             facts=(won_round(0), Fact("white 9 against 7", lambda g: roll(g)["strength"] == [9, 7]),
                    Fact("two chops to make", lambda g: queue_kinds(g) == [("chop", 0, 1)] * 2))),
        Step("What is left stays connected",
             lambda g: (f"The {part(g, 1, 'skull')} still carries the {part(g, 1, 'helm')} and the "
                        f"{part(g, 1, 'jaw')}: it cannot be chopped yet (`xevoz.stay-connected`)."),
             refuse=Chop("skull"), fires=("xevoz.stay-connected",),
             facts=(on_figure(1, "helm"), on_figure(1, "jaw"))),
        Step("Chop, into the pile",
             lambda g: (f"The {part(g, 1, 'helm')}, then the {part(g, 1, 'jaw')}: both go to {figure(g, 1)}'s pile "
                        f"(`xevoz.sword`, `xevoz.chop-pile`); {life(g, 1)} points of life left."),
             actions=[Chop("helm"), Chop("jaw")], fires=("xevoz.sword",),
             facts=(chopped(1, "helm"), chopped(1, "jaw"), life_is(1, 22))),
        Step("No diagonal moves",
             lambda g: (f"Rulebook step 8: the winner, {name(g, 0)}, moves one square from {pos(g, 0)}: up, down, "
                        "left or right, never onto a figure (`xevoz.movement`)."),
             refuse=Move("D4"), fires=("xevoz.movement",), facts=(is_phase("move"), moves_next(0))),
        Step("The winner moves, the defender follows",
             lambda g: (f"{figure(g, 0)} moves to {pos(g, 0)}; {figure(g, 1)} is no longer next to it and moves to "
                        f"{pos(g, 1)} (`xevoz.defender-follows`). The attacker won, so {says(name(g, 0), 'stays')} "
                        "the attacker (`xevoz.next-attacker`)."),
             actions=[Move("C4"), Move("D4")],
             fires=("xevoz.movement", "xevoz.defender-follows", "xevoz.next-attacker"),
             facts=(stands(0, "C4"), stands(1, "D4"), attacker_is(0))),
        Step("A tie",
             lambda g: (f"{strengths(g)}: a tie. No action, no movement; the defender, {name(g, 1)}, becomes the "
                        "attacker (`xevoz.tie`)."),
             rig={"helix1": "3a", "helix2": "1a"}, actions=[Call("black")], fires=("xevoz.tie",),
             facts=(Fact("the strengths are equal", lambda g: len(set(roll(g)["strength"])) == 1), attacker_is(1))),
        Step("The attacker is now the other player",
             lambda g: (f"{says(name(g, 1), 'attacks')} now and wins black: {strengths(g)}, with a star: "
                        f"{says(name(g, 1), 'regenerates')} the {part(g, 1, 'helm')} (`xevoz.star`). "
                        f"Rulebook step 8: {to_move(g)} moves next (`xevoz.movement`)."),
             rig={"helix1": "1a", "helix2": "3a"}, actions=[Call("black"), Heal("helm")],
             fires=("xevoz.resolve", "xevoz.star"),
             facts=(won_round(1), on_figure(1, "helm"), moves_next(1), is_phase("move"))),
    ]
    return lesson("02", "A battle round", 7, steps, bot_seat=None)


# -- 03 Warp spaces and bonus spaces ------------------------------------------------------------------------------
def _lesson_03() -> Lesson:
    steps = [
        setup_step(),
        Step("A bonus space",
             lambda g: (f"{name(g, 0)} walks to B4, a META-BEAST Bonus +3. Like Kate in the rulebook it rolls a "
                        f"Meta-Beast strength 4 and adds 3. {strengths(g)}: {says(name(g, winner(g)), 'wins')} "
                        "(`xevoz.bonus-space`)."),
             actions=walk_then(["B3", "B4"], {"helix1": "4a", "helix2": "1a"}, Call("black"), Move("A4"),
                               Move("B4")),
             fires=("xevoz.bonus-space", "xevoz.resolve"),
             facts=(won_round(0), Fact("4 + 3 bonus = 7 against 5",
                                       lambda g: roll(g)["strength"] == [7, 5] and roll(g)["bonus"] == [3, 0]))),
        Step("A warp space",
             lambda g: (f"On A1, a SECTOID warp, {says(name(g, 0), 'rolls')} a Sectoid glyph: it warps. The round "
                        "ends before the attack (`xevoz.warp`). *Reconstruction:* a warp leads to the mat of its "
                        f"species: the {mat_name(g.raw_state.mat)} (`xevoz.warp-destination`)."),
             actions=walk_then(["A3", "A2", "A1"], {"helix1": "3a", "helix2": "1a"}, Call("white")),
             fires=("xevoz.warp", "xevoz.warp-destination"),
             facts=(Fact("seat 1 warped", lambda g: roll(g)["warp"] == 0),
                    Fact("to the Sectoid mat", lambda g: g.raw_state.mat == "sectoid"), is_phase("warp-place"))),
        Step("Placing after a warp",
             lambda g: (f"The warper places anywhere ({name(g, 0)} on {pos(g, 0)}); the other must go next to it "
                        "(`xevoz.warp-place`)."),
             actions=[Place("F1")], refuse=Place("A6"), fires=("xevoz.warp-place",),
             facts=(stands(0, "F1"), moves_next(1))),
        Step("Pulled along",
             lambda g: (f"{name(g, 1)} goes to {pos(g, 1)}, next to the warper; {name(g, 0)} warped and "
                        f"{'is' if name(g, 0).lower() != 'you' else 'are'} the attacker (`xevoz.next-attacker`)."),
             actions=[Place("E1")], fires=("xevoz.warp-place", "xevoz.next-attacker"),
             facts=(stands(1, "E1"), attacker_is(0))),
        Step("Both activate a warp",
             lambda g: (f"{name(g, 0)} on a META-BEAST warp, {name(g, 1)} on an UNNATURAL warp, both roll their "
                        "warp's species: the attacker warps, the other follows (`xevoz.warp-both`). Now on the "
                        f"{mat_name(g.raw_state.mat)}: {name(g, 0)} on {pos(g, 0)}, {name(g, 1)} on {pos(g, 1)}."),
             rig={"helix1": "1a", "helix2": "1a"}, actions=[Call("black"), Place("C3"), Place("C4")],
             fires=("xevoz.warp-both", "xevoz.warp"),
             facts=(Fact("back on the Meta-Beast mat", lambda g: g.raw_state.mat == "meta-beast"),
                    stands(0, "C3"), stands(1, "C4"), attacker_is(0))),
        Step("Warping on a bomb re-roll",
             lambda g: (f"{name(g, 0)} walks to A1, a SECTOID warp, and wins with Tail Club's bomb; the bomb's "
                        "re-roll is Spine Ridge, a Sectoid glyph: it warps, and every action of the round is "
                        f"ignored (`xevoz.warp-bomb`). Off to the {mat_name(g.raw_state.mat)}."),
             actions=walk_then(["B3", "A3", "A2", "A1"], {"helix1": ["5a", "3a"], "helix2": "2a"}, Call("black")),
             fires=("xevoz.bomb", "xevoz.warp-bomb"),
             facts=(Fact("seat 1 won and warped on the re-roll", lambda g: winner(g) == 0 and g.raw_state.roll["bomb"]
                         == "3a"), Fact("to the Sectoid mat", lambda g: g.raw_state.mat == "sectoid"),
                    Fact("Skull Jack lost nothing", lambda g: life(g, 1) == 24), moves_next(0))),
    ]
    return lesson("03", "Warp spaces and bonus spaces", 3, steps)


# -- 04 The DRAIN ATTACK ------------------------------------------------------------------------------------------
def _lesson_04() -> Lesson:
    steps = [
        setup_step(),
        Step("The DRAIN ATTACK symbol",
             lambda g: (f"{says(name(g, 0), 'wins')} ({strengths(g)}) with Drain Spike's white DRAIN ATTACK and "
                        f"snaps it onto {figure(g, 1)}'s {part(g, 1, drain_host(g, 0) or 'helm')} (`xevoz.drain-attach`;"
                        " *reconstruction:* the winner picks the part). **The round ends**: no Rulebook step 8 move, "
                        f"{name(g, 0)} stays on {pos(g, 0)} and attacks again (`xevoz.next-attacker`). The Drain "
                        f"Spike is no longer on {figure(g, 0)}."),
             rig={"helix1": "6a", "helix2": "3a"}, actions=[Call("white"), AttachDrain("helm")],
             fires=("xevoz.drain-attach", "xevoz.next-attacker"),
             facts=(won_round(0), drain_on(0, "helm"), is_phase("call"), attacker_is(0), stands(0, "C3"),
                    stands(1, "D3"), Fact("the Drain Spike is not on Razorclaw", lambda g: drain_home(g, 0) is None))),
        Step("The bonus chop",
             lambda g: (f"{says(name(g, 0), 'wins')} again ({strengths(g)}): one chop for the sword plus the bonus "
                        f"chop, {len(queue_kinds(g))} in all (`xevoz.drain-bonus-chop`). The DRAIN ATTACK part "
                        "itself can never be chopped (`xevoz.drain-uncuttable`)."),
             rig={"helix1": "1a", "helix2": "3a"}, actions=[Call("white")], refuse=Chop("fang"),
             fires=("xevoz.drain-bonus-chop", "xevoz.drain-uncuttable"),
             facts=(won_round(0), Fact("two chops to make", lambda g: queue_kinds(g) == [("chop", 0, 1)] * 2))),
        Step("Chopping the part it sits on",
             lambda g: (f"Chopping the {part(g, 1, 'helm')} takes the DRAIN ATTACK off; {name(g, 1)} must reattach "
                        f"it, here to the {part(g, 1, drain_host(g, 0) or 'tailbone')} (`xevoz.drain-host-chopped`). "
                        f"Then the second chop, the {part(g, 1, 'foot-l')}, and the Rulebook step 8 moves: "
                        f"{name(g, 0)} on {pos(g, 0)}, {name(g, 1)} on {pos(g, 1)}."),
             actions=then_finish(Chop("helm"), AttachDrain("tailbone"), Chop("foot-l")),
             fires=("xevoz.drain-host-chopped", "xevoz.sword"),
             facts=(chopped(1, "helm"), chopped(1, "foot-l"), drain_on(0, "tailbone"), is_phase("call"))),
        Step("The symbol while attached",
             lambda g: ("Default (card v2.0): the symbol just gives the bonus chop, one chop in all "
                        f"(`xevoz.drain-symbol-attached`; variant `drain_symbol_when_attached=\"extra-chop\"` gives "
                        f"one more): the {part(g, 1, 'shin-l')}. {figure(g, 1)}: {life(g, 1)} points of life."),
             rig={"helix1": "6a", "helix2": "3a"}, actions=then_finish(Call("white"), Chop("shin-l")),
             fires=("xevoz.drain-symbol-attached", "xevoz.drain-bonus-chop"),
             facts=(chopped(1, "shin-l"), life_is(1, 21), is_phase("call"))),
        Step("A star may remove the DRAIN ATTACK",
             lambda g: (f"{says(name(g, 1), 'wins')} ({strengths(g)}) with a star and, instead of replacing a part,"
                        " returns the DRAIN ATTACK to its owner (`xevoz.star-remove-drain`): it snaps back onto "
                        f"{figure(g, 0)}'s {part(g, 0, drain_home(g, 0) or 'back')} (`xevoz.drain-home`). With "
                        "nothing lost it could also be left on: removing it is a choice."),
             rig={"helix1": "1a", "helix2": "3a"}, actions=then_finish(Call("black"), FreeDrain()),
             fires=("xevoz.star-remove-drain",),
             facts=(won_round(1), drain_on(0, None),
                    Fact("the Drain Spike is back on Razorclaw's Back Plate", lambda g: drain_home(g, 0) == "back"),
                    life_is(1, 21))),
        Step("A lost part must attach",
             lambda g: (f"{says(name(g, 1), 'wins')} a star again ({strengths(g)}). The {part(g, 1, 'foot-l')} "
                        f"cannot come back: the {part(g, 1, 'shin-l')} it snaps onto is in the pile (`xevoz.star`)."),
             rig={"helix1": "1a", "helix2": "3a"}, actions=[Call("black")], refuse=Heal("foot-l"),
             fires=("xevoz.star",), facts=(won_round(1), chopped(1, "shin-l"), moves_next(1))),
        Step("Regenerate",
             lambda g: (f"The {part(g, 1, 'shin-l')} attaches to the leg: back on the figure (`xevoz.star`), "
                        f"{life(g, 1)} points of life."),
             actions=then_finish(Heal("shin-l")), fires=("xevoz.star",),
             facts=(on_figure(1, "shin-l"), life_is(1, 22))),
        Step("A star with nothing lost",
             lambda g: (f"{says(name(g, 0), 'wins')} ({strengths(g)}) with a star but has lost nothing: nothing "
                        f"happens, yet the winner moves and attacks next (`xevoz.star-nothing-lost`). {to_move(g)} "
                        "to move."),
             rig={"helix1": "3a", "helix2": "3a"}, actions=[Call("white")], fires=("xevoz.star-nothing-lost",),
             facts=(won_round(0), life_is(0, 24), moves_next(0), is_phase("move"))),
    ]
    return lesson("04", "The DRAIN ATTACK", 4, steps)


# -- 05 Bombs and Caught in the Blast -----------------------------------------------------------------------------
def _lesson_05() -> Lesson:
    steps = [
        setup_step(),
        Step("The bomb",
             lambda g: (f"Tail Club's black 4 bomb wins ({strengths(g)}): {name(g, 0)} alone re-rolls and carries "
                        "out BOTH attacks of the new glyph, Horned Helm: black star (nothing lost: nothing) and white "
                        "2 swords (`xevoz.bomb`)."),
             rig={"helix1": ["5a", "4a"], "helix2": "2a"}, actions=[Call("black")],
             fires=("xevoz.bomb", "xevoz.star-nothing-lost"),
             facts=(won_round(0), Fact("the re-roll is Horned Helm", lambda g: roll(g)["bomb"] == "4a"),
                    Fact("two chops to make", lambda g: queue_kinds(g) == [("chop", 0, 1)] * 2))),
        Step("Never forgotten",
             "The rulebook says forgotten actions are lost at the next roll; this app never forgets: the next call "
             "is refused until every action is done (`xevoz.forgotten-actions`).",
             refuse=Call("black"), fires=("xevoz.forgotten-actions",),
             facts=(Fact("chops are still to make", lambda g: bool(queue_kinds(g))),)),
        Step("Chop, chop, move",
             lambda g: (f"The two swords (the {part(g, 1, 'helm')} and the {part(g, 1, 'jaw')}), then the winner's "
                        f"move: {name(g, 0)} on {pos(g, 0)}, {name(g, 1)} on {pos(g, 1)}."),
             actions=then_finish(Chop("helm"), Chop("jaw")), fires=("xevoz.sword", "xevoz.movement"),
             facts=(chopped(1, "helm"), chopped(1, "jaw"), is_phase("call"), attacker_is(0))),
        Step("Caught in the Blast",
             lambda g: ("The re-roll shows a bomb again: both players are hit. For each sword the winner has the "
                        f"other chop a part, then the other has the winner chop one: {figure(g, 0)} loses its "
                        f"{part(g, 0, 'club')} (`xevoz.caught-in-blast`). {name(g, 0)} still attacks next."),
             rig={"helix1": ["5a", "5b"], "helix2": "2a"},
             actions=then_finish(Call("black"), Chop("foot-l"), Chop("club")),
             fires=("xevoz.caught-in-blast",),
             facts=(won_round(0), Fact("the re-roll shows a bomb", lambda g: roll(g)["blast"] is True),
                    chopped(1, "foot-l"), chopped(0, "club"), attacker_is(0), is_phase("call"))),
        Step("Glyphs keep their power",
             lambda g: (f"The {part(g, 0, 'club')} is in the pile, yet its glyph still bombs; the re-roll (Razor "
                        f"Claw) brings it back with a star and chops the {part(g, 1, 'foot-r')} with a sword "
                        "(`xevoz.glyph-keeps-power`)."),
             rig={"helix1": ["5a", "1a"], "helix2": "2a"}, actions=[Call("black"), Heal("club"), Chop("foot-r")],
             fires=("xevoz.bomb", "xevoz.star", "xevoz.sword"),
             facts=(won_round(0), Fact("the bomb's re-roll is Razor Claw", lambda g: roll(g)["bomb"] == "1a"),
                    on_figure(0, "club"), chopped(1, "foot-r"), moves_next(0))),
    ]
    return lesson("05", "Bombs and Caught in the Blast", 5, steps)


# -- 06 A full battle against the bot --------------------------------------------------------------------------
LOW = 6  # the battle is handed over when a figure is down to this many points of life


def battle_until_close(game: G) -> list[Any]:
    """The greedy bot on both seats until a figure is down to ``LOW`` points of life and seat 1 (the reader's) is
    to call: the reader finishes the battle against the greedy bot."""
    helper, greedy = GreedyBot(seed=7), GreedyBot(seed=4)
    while not game.is_over:
        st = game.raw_state
        if st.phase == "call" and game.current_player == 0 and min(s.life for s in st.sides) <= LOW:
            break
        bot = greedy if game.current_player == 1 else helper
        game.play(bot.choose(game, game.legal_actions()))
    return []


def _lesson_06() -> Lesson:
    steps = [
        Step("A whole battle, nearly",
             lambda g: (f"The greedy bot plays both seats: it builds its helix strong in black, calls the colour "
                        "with the better odds, chops to hurt and throws off DRAIN ATTACKs. "
                        f"After {g.raw_state.round} rounds {figure(g, 0)} has {life(g, 0)} and {figure(g, 1)} "
                        f"{life(g, 1)} points of life; the battle goes on, Rulebook steps 4-9 over and over."),
             actions=battle_until_close, fires=("xevoz.attack-call", "xevoz.resolve", "xevoz.sword"),
             facts=(Fact("a figure is down to a few points of life",
                         lambda g: min(life(g, 0), life(g, 1)) <= LOW),
                    Fact("the battle is not over", lambda g: not g.is_over))),
        Step("Winning the battle",
             lambda g: ("It ends when a figure has no points of life left; the DRAIN ATTACK part does not count "
                        f"(`xevoz.winning`). {name(g, 0)} ({life(g, 0)} life) is the "
                        f"{'attacker' if g.raw_state.attacker == 0 else 'defender'} and calls next. Rulebook step 8 "
                        "never says what happens if a figure cannot move; *reconstruction:* it stays put "
                        "(`xevoz.no-move`)."),
             facts=(moves_next(0), is_phase("call"),
                    Fact("seat 1 still stands", lambda g: life(g, 0) > 0 and life(g, 1) > 0))),
    ]
    return lesson("06", "A full battle against the bot", 12, steps)


LESSONS: dict[str, Lesson] = {
    "01": _lesson_01(), "02": _lesson_02(), "03": _lesson_03(), "04": _lesson_04(), "05": _lesson_05(),
    "06": _lesson_06(),
}


def lesson_key(number: int | str) -> str:
    """``4``, ``"4"``, ``"04"`` or ``"xevoz/04"`` -> ``"04"`` (a KeyError names the lessons there are)."""
    text = str(number).removeprefix("xevoz/")
    key = f"{int(text):02d}" if text.isdigit() else text
    if key not in LESSONS:
        raise KeyError(f"no Xevoz lesson {number!r}; lessons: {', '.join(LESSONS)}")
    return key


# -- helpers for the notebooks' code cells ------------------------------------------------------------------------
def news(game: G, since: int) -> list[str]:
    """The log lines (with their clause ids) of the turns after turn ``since``."""
    return [f"{e.text}  [{e.rule}]" for t in game.history[since + 1:] for e in t.events]


def step(board_or_game: Any, *actions: Any, rig: dict[str, Any] | None = None) -> None:
    """Rig, play the actions (an Action, its words, or its key) and print what happened, rule by rule."""
    game = getattr(board_or_game, "game", board_or_game)
    start = len(game.history) - 1
    if rig:
        board_or_game.rig(**rig)
    for a in actions:
        if isinstance(a, str) and not a.startswith("{"):
            a = game.find(a)
        board_or_game.play(a)
    for line in news(game, start):
        print(line)


def refused(board_or_game: Any, action: Any) -> None:
    """Try an action that the rules refuse and print the rule and the reason (nothing changes)."""
    game = getattr(board_or_game, "game", board_or_game)
    before = game.digest()
    try:
        board_or_game.play(action)
    except IllegalAction as exc:
        print(f"refused by {exc.rule}: {exc.reason}")
    else:  # pragma: no cover - a lesson that shows a refusal must get one
        raise AssertionError(f"{action} was expected to be refused")
    assert game.digest() == before


def check_helix(figure: str, glyphs: list[str]) -> list[str]:
    """The pre-battle check of a helix you propose for a ready figure: one line per problem (empty: it passes)."""
    out = [f"{rule}: {reason}" for rule, reason in helix_check(figure, glyphs)]
    for line in out or ["passes the pre-battle check"]:
        print(line)
    return out


def glyph_card(glyph: str) -> str:
    """Print and return a Power Glyph in words (see :func:`glyph_text`)."""
    text = glyph_text(glyph)
    print(text)
    return text


__all__ = ["LESSONS", "check_helix", "finish_round", "glyph_card", "glyph_text", "lesson_key", "news", "refused",
           "step", "stroll"]
