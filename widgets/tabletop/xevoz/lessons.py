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
from dataclasses import replace
from typing import Any

from tabletop.engine import Fact, Game, IllegalAction, Lesson, Step
from tabletop.engine.events import Event
from tabletop.engine.lessons import Answer, Question, Task, YourMove, choice_of, human_to_move
from tabletop.engine.words import says

from .actions import (
    AttachDrain,
    Call,
    Chop,
    Flip,
    FreeDrain,
    Heal,
    KeepDrain,
    Move,
    PickFigure,
    Place,
    Ready,
    RollHelix,
    Swap,
)
from .bots import BOTS, GreedyBot
from .data import cell_name, components, mat_name, part_name
from .queries import call_odds, call_preview, choppable_parts, helix_face, part_labels, place_squares, refusal

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
    return Fact(f"Player {seat + 1} is to move", lambda g: g.current_player == seat)


def attacker_is(seat: int) -> Fact:
    return Fact(f"Player {seat + 1} is the attacker", lambda g: g.raw_state.attacker == seat)


def won_round(seat: int) -> Fact:
    return Fact(f"Player {seat + 1} won the round", lambda g: winner(g) == seat)


def stands(seat: int, cell: str) -> Fact:
    return Fact(f"Player {seat + 1} stands on {cell}", lambda g: pos(g, seat) == cell)


def chopped(seat: int, pid: str) -> Fact:
    return Fact(f"Player {seat + 1}'s {part_name(pid)} is in the pile", lambda g: not present(g, seat, pid))


def on_figure(seat: int, pid: str) -> Fact:
    return Fact(f"Player {seat + 1}'s {part_name(pid)} is on the figure", lambda g: present(g, seat, pid))


def drain_on(owner: int, pid: str | None) -> Fact:
    """Where ``owner``'s DRAIN ATTACK sits: on the opponent's part ``pid``, or (``None``) not on the opponent."""
    if pid is None:
        return Fact(f"Player {owner + 1}'s DRAIN ATTACK is not on the opponent's figure",
                    lambda g: drain_host(g, owner) is None)
    return Fact(f"Player {owner + 1}'s DRAIN ATTACK sits on the opponent's {part_name(pid)}",
                lambda g: drain_host(g, owner) == pid)


def nothing_chopped_yet(seat: int, n: int) -> Fact:
    """The board still shows the figure before this round's chops: all ``n`` points of life, chops pending."""
    return Fact(f"none of this round's chops is made yet: Player {seat + 1} still has {n} points of life",
                lambda g: life(g, seat) == n and bool(queue_kinds(g)) and queue_kinds(g)[0][0] == "chop")


def life_is(seat: int, n: int) -> Fact:
    return Fact(f"Player {seat + 1} has {n} points of life", lambda g: life(g, seat) == n)


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


KEYS = ("Click the outlined parts and squares and the *Call BLACK / WHITE* buttons, or use the keyboard (Tab, Enter; "
        "1-9 play a listed move; K calls black, W white; U undoes). Click anything else and the board says which "
        "rule refuses it.")
BOT_WORDS = {"greedy": "the greedy bot (it reads both helixes before it calls)",
             "random": "the random bot (a beginner's opponent: it picks any legal move)"}


def hand_over_text(bot_seat: int | None = 1, bot: str = "greedy", task: Task | None = None) -> str:
    """The "Your turn" narration: who plays whom, the task, how to play."""
    if bot_seat is None:
        who = "**Your turn.** Two players at one screen: you play both seats from here."
    else:
        who = (f"**Your turn.** You play Player {2 - bot_seat}; {BOT_WORDS.get(bot, bot)} plays Player "
               f"{bot_seat + 1} and answers by itself after each of your moves.")
    goal = f" **Your task:** {task.goal} The board says when it is done, and which rule made it work; **Hint** " \
           "helps when you are stuck." if task is not None else ""
    return f"{who}{goal} {KEYS}"


def new_game_factory(seed: int) -> Callable[[], G]:
    def make() -> G:
        from . import new_game

        return new_game(seed=seed)

    return make


def lesson(nn: str, title: str, seed: int, steps: Sequence[Step], bot_seat: int | None = 1, *,
           task: Task | None = None, rig: dict[str, Any] | None = None, bot: str = "greedy",
           notebook: str = "", hot_seat: bool = False) -> Lesson:
    """A Xevoz lesson; its hand-over rigs ``rig`` (so that the task can be reached the way the hints say) and
    says who plays whom and what the task is."""
    base = Lesson(id=f"xevoz/{nn}", title=title, steps=tuple(steps), new_game=new_game_factory(seed),
                  bots={bot_seat: bot} if bot_seat is not None else {}, bot_table=dict(BOTS), task=task,
                  hot_seat=hot_seat, notebook=notebook)
    facts = [Fact("a human seat is to move", human_to_move(base))]
    if task is not None:
        facts.append(Fact("the task is not done yet at the hand-over", lambda g: not task.reached(g, [])))
    hand = Step("Your turn", hand_over_text(bot_seat, bot, task), rig=rig, facts=tuple(facts))
    return replace(base, hand_over=hand)


# -- tasks: reading the events since the hand-over ----------------------------------------------------------------
def fired(events: Sequence[Event], rule: str, seat: int | None = None) -> list[int]:
    """The indices of the events of clause ``rule`` (concerning ``seat``, when given)."""
    return [i for i, e in enumerate(events) if e.rule == rule and (seat is None or e.player == seat)]


def pending_for(g: G, seat: int) -> bool:
    """``seat`` still has a Rulebook step 7 decision to make this round."""
    st = g.raw_state
    return st.phase == "actions" and any(c == seat for _, c, _ in st.queue)


def policy(call: str = "white", choose: Callable[[G, list[Any]], Any] | None = None) -> Callable[[G], Any]:
    """A plan for a task: call ``call`` when attacking, otherwise ``choose(game, legal)`` (default: the first legal
    move); a function of the position only, so every replay of it plays the same."""

    def plan(g: G) -> Any:
        legal = g.legal_actions()
        if not legal:
            return None
        if g.raw_state.phase == "call":
            return Call(call)
        return choose(g, legal) if choose is not None else legal[0]

    return plan


def try_move(plan: Callable[[G], Any], why: str = "") -> Callable[[G], str]:
    """Hint 3: the plan's next move from the position the learner is at."""

    def hint(g: G) -> str:
        act = plan(g)
        if act is None:
            return "No move is yours to make now."
        return f"Try this: **{act}**." + (f" {why}" if why else "")

    return hint


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


def helix_lines(g: G, seat: int) -> str:
    """Each glyph of ``seat``'s helix as the board's card reads it: "slot 1 Storm Staff: white 8 (1 sword) | black 5
    (2 stars)"."""
    out = []
    for slot in range(1, len(g.raw_state.sides[seat].helix) + 1):
        white, black = _slot_attacks(g, seat, slot)
        out.append(f"- slot {slot}, {components().glyphs[_slot(g, seat, slot)[0]].part}: white {white} | black {black}")
    return "\n".join(out)


def black_strong(g: G, seat: int) -> int:
    """How many glyphs of ``seat``'s helix read stronger in black than in white."""
    return sum(1 for slot in range(1, 7) if _slot_attacks(g, seat, slot)[1].strength
               > _slot_attacks(g, seat, slot)[0].strength)


def same_parts(g: G, a: Any) -> Any:
    """A your-move test: Player 2 picks a figure with as many parts as Player 1's (xevoz.equal-parts)."""
    if not isinstance(a, PickFigure):
        return "this step asks for another figure: pick one in the figure list"
    want, fig = g.raw_state.sides[0].figure.n_parts, components().figures[a.figure]
    if fig.n_parts != want:
        return (f"{fig.name} has {fig.n_parts} parts but {figure(g, 0)} has {want}: the pre-battle check would refuse "
                "it again (xevoz.equal-parts)")
    return True


def _plan_01(g: G) -> Any:
    """Player 2's Xevolving: flip every glyph that reads stronger in white, then present the helix."""
    st = g.raw_state
    if st.phase != "build" or g.current_player != 1:
        return None
    for slot in range(1, 7):
        white, black = _slot_attacks(g, 1, slot)
        if white.strength > black.strength:
            return Flip(slot)
    return Ready()


def _done_01(g: G, ev: Sequence[Event]) -> bool:
    return bool(fired(ev, "xevoz.pre-battle-check", 1)) and g.raw_state.sides[1].ready and black_strong(g, 1) >= 4


def _fail_01(g: G, ev: Sequence[Event]) -> str | None:
    if g.raw_state.sides[1].ready and black_strong(g, 1) < 4:
        return (f"Player 2 presented a helix with only {black_strong(g, 1)} glyph(s) stronger in black: once both "
                "are ready the battle begins, and a helix is redesigned only between battles (`xevoz.redesign`). "
                "Press **Try again**.")
    return None


def _white_heavy(g: G) -> str:
    slots = [f"slot {s} ({components().glyphs[_slot(g, 1, s)[0]].part}: white {_slot_attacks(g, 1, s)[0].strength}, "
             f"black {_slot_attacks(g, 1, s)[1].strength})" for s in range(1, 7)
             if _slot_attacks(g, 1, s)[0].strength > _slot_attacks(g, 1, s)[1].strength]
    if not slots:
        return "Look at Player 2's helix: every glyph already reads at least as strong in black. Press Ready."
    return ("Look at Player 2's helix cards: these read stronger in white: " + "; ".join(slots)
            + f". {black_strong(g, 1)} of 6 read stronger in black now; four are needed.")


TASK_01 = Task(
    goal=("Xevolve Player 2's Thunder Shaman for black: flip glyphs until at least four of its six read stronger in "
          "black than in white, then press Ready and pass the pre-battle check."),
    clauses=("xevoz.redesign", "xevoz.glyph-sides", "xevoz.pre-battle-check"),
    check=_done_01, plan=_plan_01, fail=_fail_01,
    hints=("Rulebook, *Xevolve*: \"Between battles you can rearrange, or change, your six POWER GLYPHS game pieces, "
           "shifting your figure's power between black and white. This is Redesigning\" (`xevoz.redesign`). A glyph's "
           "two battle sides are mirror images, so pressed in the other way round its white and black attacks swap "
           "(`xevoz.glyph-sides`).",
           _white_heavy,
           try_move(_plan_01, "A flip swaps one glyph's white and black; Ready presents figure and helix.")),
    success=lambda g: (f"Done: {black_strong(g, 1)} of Thunder Shaman's six glyphs read stronger in black, and the "
                       "pre-battle check passed: redesigning (`xevoz.redesign`) only turns glyphs round, so the helix "
                       "still holds six glyphs, at most three gold and one DRAIN ATTACK (`xevoz.pre-battle-check`)."))

READY_CHOICES = ("Yes: the check passes", "No: the two figures have different numbers of parts",
                 "No: the helix has more than three gold glyphs", "No: a glyph's Power Part is not on the figure")
READY_CLAUSE = {None: 0, "xevoz.equal-parts": 1, "xevoz.helix-gold": 2, "xevoz.power-parts": 3}


def _may_present(g: G) -> Answer:
    """May the player to move present for the pre-battle check? From the rules' own check of Ready."""
    why = refusal(g, Ready())
    rule = None if why is None else why[0]
    if rule not in READY_CLAUSE:
        raise ValueError(f"the check refuses with {rule}, which the question has no choice for")
    return choice_of(READY_CHOICES, READY_CHOICES[READY_CLAUSE[rule]],
                     "the check passes" if why is None else f"the check refuses: {why[1]}",
                     rule or "xevoz.pre-battle-check")


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
             question=Question(lambda g: (f"{name(g, 0)} is ready with {figure(g, 0)} "
                                          f"({g.raw_state.sides[0].figure.n_parts} parts). {says(name(g, 1), 'picks')} "
                                          f"{figure(g, 1)} ({g.raw_state.sides[1].figure.n_parts} parts). May "
                                          f"{name(g, 1)} present for the pre-battle check now?"),
                               READY_CHOICES, _may_present, after=None,
                               clauses=("xevoz.equal-parts", "xevoz.pre-battle-check")),
             facts=(Fact("Player 2 battles with Sledge Trooper, 27 parts against 25",
                         lambda g: (figure(g, 1), g.raw_state.sides[1].figure.n_parts,
                                    g.raw_state.sides[0].figure.n_parts) == ("Sledge Trooper", 27, 25)),
                    moves_next(1))),
        Step("Another figure, as many parts",
             lambda g: (f"{says(name(g, 1), 'battles')} with {figure(g, 1)} instead: "
                        f"{g.raw_state.sides[1].figure.n_parts} parts, as many as {figure(g, 0)}, so the check can "
                        "pass (`xevoz.equal-parts`). The two helixes also need different end-caps (`xevoz.end-caps`, "
                        "variant option `end_caps`). A glyph keeps its power even when its Power Part is chopped "
                        f"(`xevoz.glyph-keeps-power`, shown in lesson 05). {figure(g, 1)}'s helix, white | black:\n\n"
                        + helix_lines(g, 1)),
             actions=[PickFigure("thunder-shaman")], fires=("xevoz.redesign",),
             your_move=YourMove("Pick a figure for Player 2 that can pass the pre-battle check against Razorclaw.",
                                ("xevoz.equal-parts",), accept=same_parts),
             facts=(Fact("both figures have 25 parts", lambda g: {s.figure.n_parts for s in g.raw_state.sides} == {25}),
                    is_phase("build"), moves_next(1),
                    Fact("no glyph of Thunder Shaman's helix reads stronger in black yet",
                         lambda g: black_strong(g, 1) == 0))),
    ]
    return lesson("01", "Build your figure and your Battle Helix", 1, steps, bot_seat=0, task=TASK_01,
                  notebook="01_build_figure_and_helix.ipynb")


# -- 02 A battle round --------------------------------------------------------------------------------------------
WIN_CHOICES = ("Player 1", "Player 2", "Nobody: a tie")


def face_words(g: G, seat: int, k: int = 0) -> str:
    """The ``k``-th rigged face of ``seat``'s helix in words: "Horned Helm (white 9 (2 swords), black 4 (1 star))"."""
    face = g.rigged[f"helix{seat + 1}"][k]
    f = helix_face(g, seat, face)
    return f"{f['part']} (white {f['white']}, black {f['black']})"


def who_wins(g: G, colour: str) -> Answer:
    """Who wins the round if ``colour`` is called now: the call played ahead on a fork (``call_preview``)."""
    p = call_preview(g, colour)
    s0, s1 = p.strength
    if p.warp >= 0:
        raise ValueError("the call warps: no round is won")
    right = WIN_CHOICES[2] if p.winner < 0 else WIN_CHOICES[p.winner]
    why = (f"{colour} {s0} against {s1}" + (" (bonus included)" if any(p.bonus) else "") + ": "
           + ("a tie; the defender becomes the attacker" if p.winner < 0 else "the higher strength wins the round"))
    return choice_of(WIN_CHOICES, right, why, "xevoz.tie" if p.winner < 0 else "xevoz.resolve")


CHOP_CHOICES_02 = ("helm", "skull", "jaw", "fang", "spine", "foot-l")


def which_choppable(g: G, owner: int, pids: Sequence[str]) -> Answer:
    """Which of ``pids`` may be chopped now (``queries.choppable_parts``), and why the others may not."""
    free = set(choppable_parts(g, owner))
    labels = part_labels(g, owner, list(pids))
    right = [lab for pid, lab in zip(pids, labels, strict=True) if pid in free]
    why = []
    for pid, lab in zip(pids, labels, strict=True):
        if pid not in free:
            r = refusal(g, Chop(pid))
            why.append(f"the {lab}: {r[1] if r else 'it may'}")
    reason = ("May go: " + ", ".join(right) + ". " + ("Not: " + "; ".join(why) + "." if why else ""))
    return choice_of(labels, right, reason, "xevoz.stay-connected")


def is_kind(kind: type, what: str) -> Callable[[G, Any], Any]:
    """A your-move test: any legal action of type ``kind`` fulfils the step (the rules already refused the rest)."""

    def accept(g: G, a: Any) -> Any:
        return True if isinstance(a, kind) else f"this step asks for {what}, not to {a}"

    return accept


def _done_02(g: G, ev: Sequence[Event]) -> bool:
    wins = fired(ev, "xevoz.resolve", 1)
    return bool(wins) and any(e.rule in ("xevoz.movement", "xevoz.no-move") and e.player == 1 for e in ev[wins[-1]:])


def _colours(g: G) -> str:
    sums = []
    for seat in (1, 0):
        w = sum(_slot_attacks(g, seat, s)[0].strength for s in range(1, 7))
        b = sum(_slot_attacks(g, seat, s)[1].strength for s in range(1, 7))
        sums.append(f"{figure(g, seat)}'s glyphs add up to white {w}, black {b}")
    att = g.raw_state.attacker
    return (f"Look at both helixes: {sums[0]}; {sums[1]}. " + (
        "You are the attacker: the call (Rulebook step 4) is yours, pick the colour where you are stronger."
        if att == 1 else "The bot attacks and calls; win its call and the round is yours."))


_plan_02 = policy("white")

TASK_02 = Task(
    goal="Win a round and carry it through: win the call, make the winner's actions, then the winner's move.",
    clauses=("xevoz.attack-call", "xevoz.resolve", "xevoz.actions", "xevoz.movement"),
    check=_done_02, plan=_plan_02,
    hints=("Rulebook step 6: \"The player with the higher strength number wins the round\" (`xevoz.resolve`); "
           "step 7: the winner performs the actions next to the winning strength (`xevoz.actions`); step 8: "
           "\"After performing the action(s) the winner must move one space\" (`xevoz.movement`).",
           _colours,
           try_move(_plan_02)),
    success=("You won the round: the higher strength in the colour called wins it (`xevoz.resolve`); you made its "
             "actions (`xevoz.actions`) and the winner's one-square move (`xevoz.movement`): a whole round, Rulebook "
             "steps 4 to 8."))


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
             question=Question(lambda g: (f"{says(name(g, 0), 'calls')} WHITE. The helixes will show (rigged) "
                                          f"{face_words(g, 0)} for {name(g, 0)} and {face_words(g, 1)} for "
                                          f"{name(g, 1)}. Who wins the round?"),
                               WIN_CHOICES, lambda g: who_wins(g, "white"), clauses=("xevoz.resolve",)),
             facts=(won_round(0), Fact("white 9 against 7", lambda g: roll(g)["strength"] == [9, 7]),
                    Fact("two chops to make", lambda g: queue_kinds(g) == [("chop", 0, 1)] * 2))),
        Step("What is left stays connected",
             lambda g: (f"The {part(g, 1, 'skull')} still carries the {part(g, 1, 'helm')} and the "
                        f"{part(g, 1, 'jaw')}: it cannot be chopped yet (`xevoz.stay-connected`)."),
             refuse=Chop("skull"), fires=("xevoz.stay-connected",),
             question=Question(lambda g: (f"{says(name(g, 0), 'has')} two swords to use on {figure(g, 1)}. Which of "
                                          "these parts may be chopped now? (Pick every one that may.)"),
                               lambda g: part_labels(g, 1, list(CHOP_CHOICES_02)),
                               lambda g: which_choppable(g, 1, CHOP_CHOICES_02), multiple=True, after=None,
                               clauses=("xevoz.stay-connected", "xevoz.drain-uncuttable")),
             facts=(on_figure(1, "helm"), on_figure(1, "jaw"))),
        Step("Chop, into the pile",
             lambda g: (f"The {part(g, 1, 'helm')}, then the {part(g, 1, 'jaw')}: both go to {figure(g, 1)}'s pile "
                        f"(`xevoz.sword`, `xevoz.chop-pile`); {life(g, 1)} points of life left."),
             actions=[Chop("helm"), Chop("jaw")], fires=("xevoz.sword",),
             your_move=YourMove(lambda g: (f"The {part(g, 1, 'helm')} is in the pile. Make {name(g, 0)}'s second "
                                           f"chop yourself: click any part of {figure(g, 1)} that can go."),
                                ("xevoz.sword", "xevoz.stay-connected"), accept=is_kind(Chop, "a chop")),
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
             your_move=YourMove(lambda g: (f"{figure(g, 0)} moved to {pos(g, 0)}: {figure(g, 1)} is no longer next to "
                                           "it. Make the defender's move yourself."),
                                ("xevoz.defender-follows",), accept=is_kind(Move, "a move of the defender")),
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
    return lesson("02", "A battle round", 7, steps, bot_seat=0, task=TASK_02, rig={"helix1": "1a", "helix2": "1a"},
                  notebook="02_battle_round.ipynb")


# -- 03 Warp spaces and bonus spaces ------------------------------------------------------------------------------
PLACE_CHOICES_03 = ("E1", "F2", "E2", "A6")


def which_places(g: G) -> Answer:
    """Which of the offered squares the figure to be placed may take (``queries.place_squares``)."""
    ok = set(place_squares(g))
    right = [c for c in PLACE_CHOICES_03 if c in ok]
    return choice_of(PLACE_CHOICES_03, right, f"the pulled-along figure goes next to the warper: {', '.join(right)} "
                     "(up, down, left or right of it); any other square is refused", "xevoz.warp-place")


def _warps_here(g: G) -> list[tuple[str, str]]:
    """The warp squares of the mat the battle is on, as (square, species name)."""
    st = g.raw_state
    if not st.mat:
        return []
    m = components().mats[st.mat]
    return [(cell_name(c, m.size), components().species[sp].name) for c, sp in sorted(m.warps.items())]


def _my_species(g: G, seat: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for gid, _ in g.raw_state.sides[seat].helix:
        sp = components().species[components().glyphs[gid].species].name
        out[sp] = out.get(sp, 0) + 1
    return out


def _plan_03(g: G) -> Any:
    """Stand on a warp square of a species the helix can roll (the one it rolls most), then attack."""
    st, legal = g.raw_state, g.legal_actions()
    if not legal:
        return None
    if st.phase == "call":
        return Call("white")
    mine = _my_species(g, 0)
    good = sorted(((mine.get(sp, 0), cell) for cell, sp in _warps_here(g)), reverse=True)
    targets = [cell for n, cell in good if n]
    for a in legal:
        if isinstance(a, Place | Move) and a.cell in targets[:1]:
            return a
    return legal[0]


def _where_warp(g: G) -> str:
    mine = _my_species(g, 0)
    warps = ", ".join(f"{cell} ({sp.upper()} warp: {mine.get(sp, 0)} of your 6 glyphs are {sp})"
                      for cell, sp in _warps_here(g))
    return (f"Look at the warp squares of the {mat_name(g.raw_state.mat)}: {warps or 'none'}. Stand on one whose "
            "species your helix rolls often, then call.")


TASK_03 = Task(
    goal=("Warp again: place Razorclaw on a warp space of a species its helix can roll, then roll that species and "
          "warp to another mat."),
    clauses=("xevoz.warp", "xevoz.warp-place"),
    check=lambda g, ev: bool(fired(ev, "xevoz.warp", 0) or fired(ev, "xevoz.warp-bomb", 0)),
    plan=_plan_03,
    hints=("Rulebook step 5, *Warp Spaces*: \"If the species icon of the POWER GLYPH you rolled matches the species "
           "warp space your figure stands on, then you must warp to the other mat\" (`xevoz.warp`). After a warp the "
           "warper places its figure on any square (`xevoz.warp-place`).",
           _where_warp,
           try_move(_plan_03)),
    success=lambda g: (f"Warped! You stood on a warp space and rolled its species, so the round ended before any "
                       f"attack and the battle moved on (`xevoz.warp`): now to the {mat_name(g.raw_state.mat)}."))


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
             facts=(Fact("Player 1 warped", lambda g: roll(g)["warp"] == 0),
                    Fact("to the Sectoid mat", lambda g: g.raw_state.mat == "sectoid"), is_phase("warp-place"))),
        Step("Placing after a warp",
             lambda g: (f"The warper places anywhere ({name(g, 0)} on {pos(g, 0)}); the other must go next to it "
                        "(`xevoz.warp-place`)."),
             actions=[Place("F1")], refuse=Place("A6"), fires=("xevoz.warp-place",),
             question=Question(lambda g: (f"{name(g, 0)} warped and placed its figure on {pos(g, 0)}. Which of these "
                                          f"squares may {name(g, 1)} take? (Pick every one that may.)"),
                               PLACE_CHOICES_03, which_places, multiple=True, after=None,
                               clauses=("xevoz.warp-place",)),
             facts=(stands(0, "F1"), moves_next(1))),
        Step("Pulled along",
             lambda g: (f"{name(g, 1)} goes to {pos(g, 1)}, next to the warper; {name(g, 0)} warped and "
                        f"{'is' if name(g, 0).lower() != 'you' else 'are'} the attacker (`xevoz.next-attacker`)."),
             actions=[Place("E1")], fires=("xevoz.warp-place", "xevoz.next-attacker"),
             your_move=YourMove(lambda g: f"Place {name(g, 1)}'s figure yourself: on a square the rule allows.",
                                ("xevoz.warp-place",), accept=is_kind(Place, "placing the figure")),
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
             facts=(Fact("Player 1 won and warped on the re-roll", lambda g: winner(g) == 0 and g.raw_state.roll["bomb"]
                         == "3a"), Fact("to the Sectoid mat", lambda g: g.raw_state.mat == "sectoid"),
                    Fact("Skull Jack lost nothing", lambda g: life(g, 1) == 24), moves_next(0))),
    ]
    return lesson("03", "Warp spaces and bonus spaces", 3, steps, task=TASK_03, rig={"helix1": "1a", "helix2": "3a"},
                  notebook="03_warp_and_bonus.ipynb")


# -- 04 The DRAIN ATTACK ------------------------------------------------------------------------------------------
CHOP_COUNTS = ("1", "2", "3")


def chops_coming(g: G, colour: str) -> Answer:
    """How many chops the call gives the winner (the sword and the DRAIN ATTACK's bonus chop), played ahead."""
    p = call_preview(g, colour)
    if p.winner < 0:
        raise ValueError("the call does not win a round")
    n = p.chops[p.winner]
    bonus = "xevoz.drain-bonus-chop" in p.rules
    return choice_of(CHOP_COUNTS, str(n), f"{n} chop(s): the winning attack's swords"
                     + (" plus one bonus chop, since the winner's DRAIN ATTACK rides on the loser" if bonus else ""),
                     "xevoz.drain-bonus-chop" if bonus else "xevoz.sword")


STAR_CHOICES = ("Regenerate one of its lost parts", "Remove the opponent's DRAIN ATTACK from its figure",
                "Chop a part of the opponent's figure", "Leave the DRAIN ATTACK on: the star does nothing")


def star_options(g: G) -> Answer:
    """What the star's owner may do now: read from the legal actions of the heal decision."""
    legal = g.legal_actions()
    right = [STAR_CHOICES[i] for i, ok in enumerate((any(isinstance(a, Heal) for a in legal),
                                                     any(isinstance(a, FreeDrain) for a in legal),
                                                     any(isinstance(a, Chop) for a in legal),
                                                     any(isinstance(a, KeepDrain) for a in legal))) if ok]
    return choice_of(STAR_CHOICES, right, "a star regenerates a lost part that can attach (`xevoz.star`) or, "
                     "instead, removes the opponent's DRAIN ATTACK (`xevoz.star-remove-drain`); it never chops, and "
                     "leaving the DRAIN ATTACK on is offered only when no lost part can attach",
                     "xevoz.star-remove-drain")


def _done_04(g: G, ev: Sequence[Event]) -> bool:
    att = fired(ev, "xevoz.drain-attach", 0)
    return bool(att) and any(i > att[0] for i in fired(ev, "xevoz.drain-bonus-chop", 0)) and not pending_for(g, 0)


def _drain_where(g: G) -> str:
    host = drain_host(g, 0)
    slot = next((i + 1 for i, (gid, _) in enumerate(g.raw_state.sides[0].helix)
                 if components().glyphs[gid].is_drain), 0)
    if host is None:
        white, black = _slot_attacks(g, 0, slot) if slot else (None, None)
        return (f"Look at slot {slot} of your helix, the Drain Spike: white {white}, black {black}. Only a win in the "
                "colour of its DRAIN ATTACK symbol snaps it on; then every round you win gives a bonus chop.")
    return (f"Your DRAIN ATTACK rides on {figure(g, 1)}'s {part(g, 1, host)}. Now win any round: the bonus chop comes "
            "on top of the winning attack's actions.")


_plan_04 = policy("white")

TASK_04 = Task(
    goal=("Make a drain attack: win with your Drain Spike's DRAIN ATTACK to snap it onto Skull Jack, then win "
          "another round and take the bonus chop it gives."),
    clauses=("xevoz.drain-attach", "xevoz.drain-bonus-chop"),
    check=_done_04, plan=_plan_04,
    hints=("Rulebook step 7, *DRAIN ATTACK Symbol*: \"The winner removes the DRAIN ATTACK part from their figure and "
           "snaps it onto the opponent's figure\" (`xevoz.drain-attach`); \"If the winner's DRAIN ATTACK is attached "
           "to their opponent's figure, they get to chop an extra part every round they win\" "
           "(`xevoz.drain-bonus-chop`).",
           _drain_where,
           try_move(_plan_04)),
    success=("Drained! Your DRAIN ATTACK rides on Skull Jack (`xevoz.drain-attach`), and the round you won after it "
             "gave one chop more than its swords (`xevoz.drain-bonus-chop`): every round you win now costs Skull Jack "
             "an extra part."))


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
                        f"chop, {len(queue_kinds(g))} chops to make (`xevoz.drain-bonus-chop`). None is made yet: "
                        f"{figure(g, 1)} still has all {life(g, 1)} points of life, and {name(g, 0)} picks the parts. "
                        "The DRAIN ATTACK part itself can never be chopped (`xevoz.drain-uncuttable`)."),
             rig={"helix1": "1a", "helix2": "3a"}, actions=[Call("white")], refuse=Chop("fang"),
             fires=("xevoz.drain-bonus-chop", "xevoz.drain-uncuttable"),
             question=Question(lambda g: (f"{name(g, 0)}'s DRAIN ATTACK rides on {figure(g, 1)}'s "
                                          f"{part(g, 1, drain_host(g, 0) or 'helm')}. {says(name(g, 0), 'calls')} "
                                          f"WHITE; the helixes will show (rigged) {face_words(g, 0)} against "
                                          f"{face_words(g, 1)}. How many parts will {figure(g, 1)} have to give up "
                                          "this round?"),
                               CHOP_COUNTS, lambda g: chops_coming(g, "white"), clauses=("xevoz.drain-bonus-chop",)),
             facts=(won_round(0), Fact("two chops to make", lambda g: queue_kinds(g) == [("chop", 0, 1)] * 2),
                    nothing_chopped_yet(1, 24))),
        Step("Chopping the part it sits on",
             lambda g: (f"{says(name(g, 0), 'chops')} the {part(g, 1, 'helm')}: that takes the DRAIN ATTACK off, and "
                        f"{name(g, 1)} must reattach it, here to the {part(g, 1, drain_host(g, 0) or 'tailbone')} "
                        f"(`xevoz.drain-host-chopped`). One chop is still to make."),
             actions=[Chop("helm"), AttachDrain("tailbone")], fires=("xevoz.drain-host-chopped", "xevoz.sword"),
             your_move=YourMove(lambda g: (f"The {part(g, 1, 'helm')} is chopped and the DRAIN ATTACK is off. Reattach "
                                           f"it for {name(g, 1)}: click a part of {figure(g, 1)}."),
                                ("xevoz.drain-host-chopped",), accept=is_kind(AttachDrain, "reattaching the DRAIN "
                                                                                           "ATTACK")),
             facts=(chopped(1, "helm"), drain_on(0, "tailbone"),
                    Fact("one chop is still to make", lambda g: queue_kinds(g) == [("chop", 0, 1)]))),
        Step("The second chop, then the moves",
             lambda g: (f"The second chop, the {part(g, 1, 'foot-l')}, then the Rulebook step 8 moves: "
                        f"{name(g, 0)} on {pos(g, 0)}, {name(g, 1)} on {pos(g, 1)}."),
             actions=then_finish(Chop("foot-l")), fires=("xevoz.sword", "xevoz.movement"),
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
             rig={"helix1": "1a", "helix2": "3a"}, actions=[Call("black"), FreeDrain(), Move("E1")],
             fires=("xevoz.star-remove-drain",),
             question=Question(lambda g: (f"{says(name(g, 1), 'wins')} black ({strengths(g)}) with a star, and "
                                          f"{name(g, 0)}'s DRAIN ATTACK rides on {figure(g, 1)}. What may "
                                          f"{name(g, 1)} do with the star? (Pick every one that may.)"),
                               STAR_CHOICES, star_options, multiple=True, after=1,
                               clauses=("xevoz.star-remove-drain", "xevoz.star")),
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
    return lesson("04", "The DRAIN ATTACK", 4, steps, task=TASK_04,
                  rig={"helix1": ["6a", "1a"], "helix2": ["3a", "3a"]}, notebook="04_drain_attack.ipynb")


# -- 05 Bombs and Caught in the Blast -----------------------------------------------------------------------------
BOMB_CHOICES = ("Both attacks of the re-rolled glyph, black and white", "Only the re-rolled glyph's black attack",
                "Only the bomb: nothing more happens", "Caught in the Blast: both players chop")


def _reroll(g: G, p: Any) -> tuple[Any, Any]:
    f = helix_face(g, p.winner, p.bomb)
    return f["white"], f["black"]


def bomb_outcome(g: G) -> Answer:
    """What the bomb's winner carries out, played ahead: the decisions the round queues after the re-roll."""
    p = call_preview(g, "black")
    if p.winner < 0 or not p.bomb:
        raise ValueError("the call does not win with a bomb")
    white, black = _reroll(g, p)
    if p.blast:
        right = BOMB_CHOICES[3]
    elif p.chops[p.winner] == white.swords + black.swords and (white.swords + white.stars) > 0:
        right = BOMB_CHOICES[0]
    elif p.chops[p.winner] == black.swords:
        right = BOMB_CHOICES[1]
    else:
        right = BOMB_CHOICES[2]
    return choice_of(BOMB_CHOICES, right, f"the winner alone re-rolls and carries out both the black ({black}) and the "
                     f"white ({white}) actions of the new glyph: {p.chops[p.winner]} chop(s) for the swords"
                     + (", the star with nothing lost does nothing" if "xevoz.star-nothing-lost" in p.rules else ""),
                     "xevoz.bomb")


BLAST_CHOICES = ("Only the loser", "Only the winner", "Both: the loser first, then the winner", "Nobody")


def blast_outcome(g: G) -> Answer:
    p = call_preview(g, "black")
    if p.winner < 0:
        raise ValueError("the call does not win a round")
    w, lo = p.winner, 1 - p.winner
    cut_lo, cut_w = p.chops[w] > 0, p.chops[lo] > 0
    right = BLAST_CHOICES[2 if cut_lo and cut_w else 0 if cut_lo else 1 if cut_w else 3]
    return choice_of(BLAST_CHOICES, right, "a bomb on the re-roll catches the winner in the blast: for each sword the "
                     "winner has the other chop a part first, then the other has the winner chop one",
                     "xevoz.caught-in-blast" if p.blast else "xevoz.bomb")


def _done_05(g: G, ev: Sequence[Event]) -> bool:
    bombs = fired(ev, "xevoz.bomb", 0)
    return bool(bombs) and not pending_for(g, 0) and g.raw_state.phase != "warp-place"


def _bomb_where(g: G) -> str:
    slots = [f"slot {i + 1} ({components().glyphs[gid].part}: {'black' if _slot_attacks(g, 0, i + 1)[1].bomb else 'white'})"
             for i, (gid, _) in enumerate(g.raw_state.sides[0].helix)
             if _slot_attacks(g, 0, i + 1)[0].bomb or _slot_attacks(g, 0, i + 1)[1].bomb]
    return ("Look at your helix for the bomb symbol: " + (", ".join(slots) or "none") + ". Call the colour of the bomb "
            "and win: then the re-roll's black and white actions are both yours.")


_plan_05 = policy("black")

TASK_05 = Task(
    goal=("Win a round with a bomb: call the colour of your Tail Club's bomb, win, and carry out both attacks of the "
          "glyph you re-roll."),
    clauses=("xevoz.bomb",),
    check=_done_05, plan=_plan_05,
    hints=("Rulebook step 7, *Bomb Symbol*: \"The winner alone re-rolls their BATTLE HELIX, then carries out both the "
           "black and the white actions\" (`xevoz.bomb`).",
           _bomb_where,
           try_move(_plan_05)),
    success=("Boom! The bomb won, you re-rolled alone and carried out both the black and the white actions of the new "
             "glyph (`xevoz.bomb`)."))


def _lesson_05() -> Lesson:
    steps = [
        setup_step(),
        Step("The bomb",
             lambda g: (f"Tail Club's black 4 bomb wins ({strengths(g)}): {name(g, 0)} alone re-rolls and carries "
                        "out BOTH attacks of the new glyph, Horned Helm: black star (nothing lost: nothing) and white "
                        "2 swords (`xevoz.bomb`)."),
             rig={"helix1": ["5a", "4a"], "helix2": "2a"}, actions=[Call("black")],
             fires=("xevoz.bomb", "xevoz.star-nothing-lost"),
             question=Question(lambda g: (f"{says(name(g, 0), 'calls')} BLACK; the helixes will show (rigged) "
                                          f"{face_words(g, 0)} against {face_words(g, 1)}. If the bomb wins, "
                                          f"{name(g, 0)} re-rolls and gets {face_words(g, 0, 1)}. What does "
                                          f"{name(g, 0)} carry out?"),
                               BOMB_CHOICES, bomb_outcome, clauses=("xevoz.bomb",)),
             facts=(won_round(0), Fact("the re-roll is Horned Helm", lambda g: roll(g)["bomb"] == "4a"),
                    Fact("two chops to make", lambda g: queue_kinds(g) == [("chop", 0, 1)] * 2))),
        Step("Never forgotten",
             "The rulebook says forgotten actions are lost at the next roll; this app never forgets: the next call "
             "is refused until every action is done (`xevoz.forgotten-actions`).",
             refuse=Call("black"), fires=("xevoz.forgotten-actions",),
             facts=(Fact("chops are still to make", lambda g: bool(queue_kinds(g))),)),
        Step("Chop, chop",
             lambda g: (f"The two swords: the {part(g, 1, 'helm')} and the {part(g, 1, 'jaw')} go to "
                        f"{figure(g, 1)}'s pile (`xevoz.sword`); {life(g, 1)} points of life left."),
             actions=[Chop("helm"), Chop("jaw")], fires=("xevoz.sword",),
             your_move=YourMove(lambda g: (f"The {part(g, 1, 'helm')} is chopped. Make the second sword's chop "
                                           f"yourself: click any part of {figure(g, 1)} that can go."),
                                ("xevoz.sword", "xevoz.stay-connected"), accept=is_kind(Chop, "a chop")),
             facts=(chopped(1, "helm"), chopped(1, "jaw"), life_is(1, 22), is_phase("move"))),
        Step("The winner moves",
             lambda g: (f"Every action is done; then the winner's move (Rulebook step 8): {name(g, 0)} on "
                        f"{pos(g, 0)}, {name(g, 1)} on {pos(g, 1)}."),
             actions=then_finish(), fires=("xevoz.movement",),
             facts=(is_phase("call"), attacker_is(0), stands(0, "C2"), stands(1, "D2"))),
        Step("Caught in the Blast",
             lambda g: ("The re-roll shows a bomb again: both players are hit. For each sword the winner has the "
                        f"other chop a part, then the other has the winner chop one: {figure(g, 0)} loses its "
                        f"{part(g, 0, 'club')} (`xevoz.caught-in-blast`). {name(g, 0)} still attacks next."),
             rig={"helix1": ["5a", "5b"], "helix2": "2a"},
             actions=[Call("black"), Chop("foot-l"), Chop("club"), Move("C1"), Move("D1")],
             fires=("xevoz.caught-in-blast",),
             question=Question(lambda g: (f"{says(name(g, 0), 'calls')} BLACK again: {face_words(g, 0)} against "
                                          f"{face_words(g, 1)}, and the bomb's re-roll (rigged) shows "
                                          f"{face_words(g, 0, 1)}: a bomb again. Who loses parts this round?"),
                               BLAST_CHOICES, blast_outcome, clauses=("xevoz.caught-in-blast",)),
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
    return lesson("05", "Bombs and Caught in the Blast", 5, steps, task=TASK_05,
                  rig={"helix1": ["5a", "1a"], "helix2": "2a"}, notebook="05_bombs_and_blast.ipynb")


# -- 06 A full battle against the bot --------------------------------------------------------------------------
LOW, LEAD = 8, 6  # the battle is handed over when Skull Jack is down to LOW points of life and Razorclaw leads by LEAD


def battle_until_close(game: G) -> list[Any]:
    """The greedy bot on both seats until Skull Jack is down to ``LOW`` points of life, Razorclaw leads by ``LEAD``
    and seat 1 (the reader's) is to call: the reader finishes the battle against the random bot."""
    helper, greedy = GreedyBot(seed=7), GreedyBot(seed=4)
    while not game.is_over:
        st = game.raw_state
        if (st.phase == "call" and game.current_player == 0 and st.sides[1].life <= LOW
                and st.sides[0].life >= st.sides[1].life + LEAD):
            break
        bot = greedy if game.current_player == 1 else helper
        game.play(bot.choose(game, game.legal_actions()))
    return []


COLOUR_CHOICES = ("BLACK", "WHITE", "Both the same")


def better_call(g: G) -> Answer:
    """Which call wins more of the 144 rolls now (``queries.call_odds``: every pair of battle sides played ahead)."""
    b, w = call_odds(g, "black"), call_odds(g, "white")
    right = COLOUR_CHOICES[0 if b[0] > w[0] else 1 if w[0] > b[0] else 2]
    return choice_of(COLOUR_CHOICES, right, f"of the 144 pairs of battle sides the two helixes can roll, a BLACK call "
                     f"wins {b[0]} (loses {b[1]}, ties {b[2]}) and a WHITE call wins {w[0]} (loses {w[1]}, ties "
                     f"{w[2]}), bonus squares included", "xevoz.attack-call")


def _plan_06(g: G) -> Any:
    """What the greedy bot would do in Razorclaw's place (seeded by the position: every replay plays the same)."""
    legal = g.legal_actions()
    return GreedyBot(seed=len(g.history)).choose(g, legal) if legal else None


def _odds_hint(g: G) -> str:
    st = g.raw_state
    if st.phase == "call" and st.attacker == 0:
        b, w = call_odds(g, "black"), call_odds(g, "white")
        return (f"You attack: the call is yours. Of the 144 rolls, BLACK wins {b[0]} and WHITE wins {w[0]} for you "
                f"now. Your life: {life(g, 0)}; {figure(g, 1)}'s: {life(g, 1)}.")
    if st.phase == "actions":
        return ("Chop parts that the bot could otherwise regenerate easily, and keep your DRAIN ATTACK riding: "
                f"{figure(g, 1)} has {life(g, 1)} points of life left.")
    return (f"{figure(g, 0)}: {life(g, 0)} points of life, {figure(g, 1)}: {life(g, 1)}. Win the bot's call and the "
            "call becomes yours.")


TASK_06 = Task(
    goal="Win the battle: chop Skull Jack down to no points of life before the random bot demolishes Razorclaw.",
    clauses=("xevoz.winning", "xevoz.attack-call", "xevoz.resolve"),
    check=lambda g, ev: g.is_over and g.winner == 0,
    plan=_plan_06,
    fail=lambda g, ev: ("Razorclaw has no points of life left: the bot won the battle (`xevoz.winning`). Press "
                        "**Try again**; calling the colour with the better odds helps." if g.is_over
                        and g.winner == 1 else None),
    hints=("Rulebook step 10: \"The battle continues, following steps 4-8, until one player's figure has been "
           "demolished and has no more parts left to lose\" (`xevoz.winning`). The attacker calls the colour "
           "(`xevoz.attack-call`); the higher strength wins the round (`xevoz.resolve`).",
           _odds_hint,
           try_move(_plan_06, "(what the greedy bot would do in your place)")),
    success=("You won the battle: Skull Jack has no points of life left, and its DRAIN ATTACK part never counted "
             "(`xevoz.winning`)."))


def _lesson_06() -> Lesson:
    steps = [
        Step("A whole battle, nearly",
             lambda g: (f"The greedy bot plays both seats: it builds its helix strong in black, calls the colour "
                        "with the better odds, chops to hurt and throws off DRAIN ATTACKs. "
                        f"After {g.raw_state.round} rounds {figure(g, 0)} has {life(g, 0)} and {figure(g, 1)} "
                        f"{life(g, 1)} points of life; the battle goes on, Rulebook steps 4-9 over and over."),
             actions=battle_until_close, fires=("xevoz.attack-call", "xevoz.resolve", "xevoz.sword"),
             facts=(Fact(f"Skull Jack is down to {LOW} points of life or fewer", lambda g: life(g, 1) <= LOW),
                    Fact(f"Razorclaw leads by {LEAD} points of life or more", lambda g: life(g, 0) >= life(g, 1) + LEAD),
                    Fact("the battle is not over", lambda g: not g.is_over))),
        Step("Winning the battle",
             lambda g: ("It ends when a figure has no points of life left; the DRAIN ATTACK part does not count "
                        f"(`xevoz.winning`). {name(g, 0)} ({life(g, 0)} life) is the "
                        f"{'attacker' if g.raw_state.attacker == 0 else 'defender'} and calls next. Rulebook step 8 "
                        "never says what happens if a figure cannot move; *reconstruction:* it stays put "
                        "(`xevoz.no-move`)."),
             question=Question(lambda g: (f"{says(name(g, 0), 'calls')} next. Which colour wins {figure(g, 0)} more of "
                                          "the rolls the two helixes can make now?"),
                               COLOUR_CHOICES, better_call, clauses=("xevoz.attack-call", "xevoz.helix-roll")),
             facts=(moves_next(0), is_phase("call"),
                    Fact("both figures still stand", lambda g: life(g, 0) > 0 and life(g, 1) > 0))),
    ]
    return lesson("06", "A full battle against the bot", 8, steps, task=TASK_06, bot="random",
                  notebook="06_full_battle.ipynb")


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
