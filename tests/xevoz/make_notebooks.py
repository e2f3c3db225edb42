"""Writes notebooks/xevoz/*.ipynb (without outputs): each a Walkthrough (rigged steps, one rule each, clause ids
in the narration) ending in "Your turn". Run: python tests/xevoz/make_notebooks.py"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

OUT = Path(__file__).resolve().parents[2] / "notebooks" / "xevoz"

IMPORTS = """from tabletop import xevoz
from tabletop.ui import Step, Walkthrough
from tabletop.xevoz import (AttachDrain, Call, Chop, ChooseMat, Flip, FreeDrain, Heal, Move, PickFigure, Place,
                            Ready, RollHelix, Swap)
from tabletop.xevoz.lessons import check_helix, glyph_card, stroll"""

# Steps 1-3 rigged: both pass the pre-battle check, Player 1 rolls 13 against 10 and attacks, rolls razor-claw
# (Meta-Beast): the battle is on the Meta-Beast mat, Player 1 on START C3, Player 2 on D3.
SETUP = """Step("The battle is set up", "Both figures passed the pre-battle check; Player 1 rolled 13 against 10 and attacks "
     "(`xevoz.first-attacker`), rolled a Meta-Beast glyph: the **Meta-Beast mat** (`xevoz.choose-world`), and "
     "took START C3 (`xevoz.start-spaces`).",
     rig={"helix1": ["4a", "1a"], "helix2": "2a"},
     actions=[Ready(), Ready(), RollHelix(), RollHelix(), Place("C3")]),"""

YOUR_TURN = ("**Your turn.** You are Player 1; the greedy bot plays Player 2. Click the outlined parts and "
             "squares and the *Call BLACK / WHITE* buttons, or use the keyboard (Tab, Enter; 1-9 play a listed "
             "move; K calls black, W white; U undoes). A refused move shows its rule right on the board.")


def nb(title: str, cells: list[tuple[str, str]]) -> nbformat.NotebookNode:
    book = new_notebook(cells=[new_markdown_cell(t) if k == "md" else new_code_cell(t) for k, t in cells])
    book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    book.metadata["title"] = title
    return book


def walk(seed: int, steps: str, bots: str = '{1: "greedy"}', extra: str = "") -> str:
    return (f"{extra}walk = Walkthrough([\n{steps}\n], board=xevoz.Board, new_game=lambda: xevoz.new_game(seed={seed}),\n"
            f"    bots={bots}, your_turn={YOUR_TURN!r})\nboard = walk.board\nwalk")


FREE = """## Free play

Two players at one screen: a fresh board with no bot (`xevoz.Board()`), or against the bot:
`xevoz.Board(bots="greedy")`."""

NB01 = [
    ("md", """# Xevoz 01 — Build your figure and your Battle Helix

Xevoz Battle Terrain is a game for two players (`xevoz.two-players`): each builds a figure and a **Battle Helix**
of six Power Glyphs and rolls it like a die to demolish the other figure part by part. Use **Next** / **Back**
(or the arrow keys) to step through; every step names the rule clause it teaches.

> **Reconstructions.** The rulebook prints no glyph numbers, part trees or mat layouts; the values here are
> invented and marked so in `tabletop/xevoz/data/*.toml` (a plain glyph's two strengths add to 10, a gold
> glyph's to 12-13)."""),
    ("code", IMPORTS + """
comp = xevoz.components()
fig = comp.figures["razorclaw"]
tree = "\\n".join("    " + "  " * fig.depth[i] + n + ("   <- DRAIN ATTACK" if i == fig.drain else "")
                  for i, n in enumerate(fig.part_names))
card = glyph_card("horned-helm")
gold = check_helix("razorclaw", ["horned-helm", "shoulder-spikes", "storm-staff", "lightning-orb", "razor-claw", "bone-blade"])
drain = check_helix("razorclaw", ["drain-spike", "drain-fang", "razor-claw", "bone-blade", "spine-ridge", "tail-club"])
six = check_helix("razorclaw", ["razor-claw", "bone-blade", "spine-ridge", "tail-club", "jaw-trap"])"""),
    ("code", walk(1, '''Step("Your figure is your health meter",
     "Every part that can unsnap is one point of life, except the one DRAIN ATTACK part: it counts as a part "
     "but not as life (`xevoz.figure-health`, `xevoz.one-drain-part`). Razorclaw's tree (what snaps onto what), "
     f"{fig.n_parts} parts, {fig.life} points of life:\\n\\n" + tree),
Step("Reading a Power Glyph",
     "One picture side (its Power Part) and two battle sides, mirror images of each other: species icon, a "
     "white and a black attack (strength + symbols), the part's name (`xevoz.glyph-sides`). Gold glyphs are "
     "stronger. The board shows each glyph of both helixes as a card:\\n\\n    " + card.replace("\\n", "\\n    ")),
Step("Six glyphs, and their Power Parts",
     "A helix holds exactly 6 glyphs (`xevoz.helix-six`: " + six[0].split(": ", 1)[1] + "), and the figure "
     "must carry every glyph's Power Part (`xevoz.power-parts`): Razorclaw has no Storm Staff.",
     refuse=Swap(1, "storm-staff")),
Step("At most three gold, at most one DRAIN ATTACK",
     "The pre-battle check names every problem (`xevoz.helix-gold`, `xevoz.helix-drain`):\\n\\n- "
     + "\\n- ".join(gold[:1] + drain[:1])),
Step("Rolling lands on one of twelve battle sides",
     "The picture sides face inward, so a roll shows one of 12 battle sides (`xevoz.helix-roll`). Teachers rig "
     "rolls by slot and side: `board.rig(helix1=\\"4a\\", helix2=\\"2b\\")`."),
Step("Redesign: flip and swap (Xevolve)",
     "Flip slot 1 (Razor Claw now reads black 7 sword, white 3 star) and swap the Jaw Trap into slot 2 "
     "(`xevoz.redesign`). *Reconstruction:* pressing a glyph in the other way round swaps its white and black.",
     actions=[Flip(1), Swap(2, "jaw-trap")]),
Step("Equal figures, or no battle",
     "Player 1 presents. Player 2 picks Sledge Trooper (27 parts) against Razorclaw's 25: the pre-battle check "
     "refuses (`xevoz.equal-parts`, `xevoz.pre-battle-check`).",
     actions=[Ready(), PickFigure("sledge-trooper")], refuse=Ready()),
Step("Both present: the battle can begin",
     "Thunder Shaman has 25 parts: both pass. The two helixes also need different end-caps (`xevoz.end-caps`, "
     "variant option `end_caps`). A glyph keeps its power even when its Power Part is chopped "
     "(`xevoz.glyph-keeps-power`, shown in notebook 05).",
     actions=[PickFigure("thunder-shaman"), Ready()]),''')),
    ("code", """try:
    xevoz.new_game(variant={"end_caps": ("red", "red")})
except ValueError as exc:
    print(exc)"""),
    ("md", FREE),
]

NB02 = [
    ("md", """# Xevoz 02 — A battle round

Steps 2-6, 8 and 9, each rigged so it happens every time. Two players (`xevoz.two-players`); the attacker
controls the round."""),
    ("code", IMPORTS),
    ("code", walk(7, '''Step("Pre-battle check", "Both present their figures and helixes (`xevoz.pre-battle-check`).",
     actions=[Ready(), Ready()]),
Step("Who attacks first: a tie", "Both roll and add black + white: 10 against 10 is a tie, so re-roll "
     "(`xevoz.first-attacker`).", rig={"helix1": "1a", "helix2": "2b"}, actions=[RollHelix()]),
Step("Who attacks first", "13 against 10: Player 1 attacks (`xevoz.first-attacker`).",
     rig={"helix1": "4a", "helix2": "2a"}, actions=[RollHelix()]),
Step("Choose the world", "The attacker alone re-rolls: Razor Claw is a Meta-Beast glyph, so the Meta-Beast mat "
     "(`xevoz.choose-world`); the attacker takes a START space first (`xevoz.start-spaces`).",
     rig={"helix1": "1a"}, actions=[RollHelix(), Place("C3")]),
Step("Call, roll, resolve", "Player 1 calls WHITE (`xevoz.attack-call`); both roll. White 9 beats 7 "
     "(`xevoz.resolve`): Player 1 carries out 2 swords (`xevoz.actions`, `xevoz.sword`) and chooses the parts.",
     rig={"helix1": "4a", "helix2": "2a"}, actions=[Call("white")]),
Step("What is left stays connected", "The skull still carries the helmet and the jaw: it cannot be chopped yet "
     "(`xevoz.stay-connected`).", refuse=Chop("skull")),
Step("Chop, into the pile", "Helmet, then jaw: both go to Skull Jack's pile (`xevoz.chop-pile`).",
     actions=[Chop("helm"), Chop("jaw")]),
Step("No diagonal moves", "The winner moves one square: up, down, left or right, never onto a figure "
     "(`xevoz.movement`).", refuse=Move("D4")),
Step("The winner moves, the defender follows", "Razorclaw moves to C4; Skull Jack is no longer next to it and "
     "moves to D4 (`xevoz.defender-follows`). The attacker won, so stays the attacker (`xevoz.next-attacker`).",
     actions=[Move("C4"), Move("D4")]),
Step("A tie", "Black 5 against 5: no action, no movement; the defender becomes the attacker (`xevoz.tie`).",
     rig={"helix1": "3a", "helix2": "1a"}, actions=[Call("black")]),
Step("The defender side wins", "Player 2 now attacks and wins black 7 against 3 with a star: it regenerates its "
     "Skull Helm (`xevoz.star`). Its turn to move (`xevoz.next-attacker`).",
     rig={"helix1": "1a", "helix2": "3a"}, actions=[Call("black"), Heal("helm")]),''', bots="None")),
    ("md", FREE),
    ("code", """xevoz.Board(bots="greedy")"""),
]

NB03 = [
    ("md", """# Xevoz 03 — Warp spaces and bonus spaces

Step 5: if the species you rolled matches the warp or bonus space your figure stands on, it matters.
(In some steps Player 1 first walks across the mat with rigged rounds in which nothing else happens.)"""),
    ("code", IMPORTS),
    ("code", walk(3, SETUP + '''
Step("A bonus space", "Player 1 walks to B4, a META-BEAST Bonus +3. Like Kate in the rulebook it rolls a "
     "Meta-Beast strength 4 and adds 3: 7 beats 5 (`xevoz.bonus-space`).",
     actions=lambda game: (stroll(game, ["B3", "B4"]), game.rig(helix1="4a", helix2="1a"),
                           [Call("black"), Move("A4"), Move("B4")])[2]),
Step("A warp space", "On A1, a SECTOID warp, Player 1 rolls a Sectoid glyph: it warps. The round ends before the "
     "attack (`xevoz.warp`). *Reconstruction:* a warp leads to the mat of its species (`xevoz.warp-destination`).",
     actions=lambda game: (stroll(game, ["A3", "A2", "A1"]), game.rig(helix1="3a", helix2="1a"),
                           [Call("white")])[2]),
Step("Placing after a warp", "The warper places anywhere; the other must go next to it (`xevoz.warp-place`).",
     actions=[Place("F1")], refuse=Place("A6")),
Step("Pulled along", "Player 2 goes to E1, next to the warper, who becomes the attacker (`xevoz.next-attacker`).",
     actions=[Place("E1")]),
Step("Both activate a warp", "Player 1 on a META-BEAST warp, Player 2 on an UNNATURAL warp, both roll their warp's "
     "species: the attacker warps, the other follows (`xevoz.warp-both`).",
     rig={"helix1": "1a", "helix2": "1a"}, actions=[Call("black"), Place("C3"), Place("C4")]),''')),
    ("md", """### No mat for the rolled species (`xevoz.choose-world`)

With only two mats on the table (variant option `mats`), a species without a mat lets the attacker choose:"""),
    ("code", """g = xevoz.new_game(seed=1, variant={"mats": ("meta-beast", "sectoid")})
g.rig(helix1=["4a", "2a"], helix2="2a")
for a in (Ready(), Ready(), RollHelix(), RollHelix()):
    g.play(a)
print(g.log[-1].text, g.legal_actions())"""),
]

NB04 = [
    ("md", """# Xevoz 04 — The DRAIN ATTACK

The kit's special part: snapped onto the opponent, it drains a part every round you win."""),
    ("code", IMPORTS),
    ("code", walk(4, SETUP + '''
Step("The DRAIN ATTACK symbol", "Player 1 wins with Drain Spike's white 5 DRAIN ATTACK and snaps it onto "
     "Skull Jack's helmet (`xevoz.drain-attach`; *reconstruction:* the winner picks the part). The round ends.",
     rig={"helix1": "6a", "helix2": "3a"}, actions=[Call("white"), AttachDrain("helm"), Move("B3")]),
Step("The bonus chop", "Player 1 wins again: one chop for the sword plus the bonus chop (`xevoz.drain-bonus-chop`). "
     "The DRAIN ATTACK part itself can never be chopped (`xevoz.drain-uncuttable`).",
     rig={"helix1": "1a", "helix2": "3a"}, actions=[Call("white")], refuse=Chop("fang")),
Step("Chopping the part it sits on", "Chopping the helmet takes the DRAIN ATTACK off; Player 2 must reattach it "
     "(to the tailbone here) (`xevoz.drain-host-chopped`). Then the second chop.",
     actions=[Chop("helm"), AttachDrain("tailbone"), Chop("foot-l"), Move("A3")]),
Step("The symbol while attached", "Default (card v2.0): the symbol just gives the bonus chop, one chop in all "
     "(`xevoz.drain-symbol-attached`; variant `drain_symbol_when_attached=\\"extra-chop\\"` gives one more).",
     rig={"helix1": "6a", "helix2": "3a"}, actions=[Call("white"), Chop("shin-l")]),
Step("A star removes the DRAIN ATTACK", "Player 2 wins with a star and, instead of replacing a part, returns the "
     "DRAIN ATTACK to its owner (`xevoz.star-remove-drain`).",
     rig={"helix1": "1a", "helix2": "3a"},
     actions=[Move("A4"), Move("B4"), Call("black"), FreeDrain(), Move("C4")]),
Step("A lost part must attach", "Player 2 wins a star again (3 + 3 bonus against 7). The foot cannot come back: "
     "its shin is in the pile (`xevoz.star`).", rig={"helix1": "1a", "helix2": "3a"}, actions=[Call("black")],
     refuse=Heal("foot-l")),
Step("Regenerate", "The shin attaches to the leg: back on the figure (`xevoz.star`).",
     actions=[Heal("shin-l"), Move("C5"), Move("B5")]),
Step("A star with nothing lost", "Player 1 wins with a star but has lost nothing: nothing happens, yet it becomes "
     "the attacker (`xevoz.star-nothing-lost`).", rig={"helix1": "3a", "helix2": "3a"}, actions=[Call("white")]),''')),
    ("md", FREE),
]

NB05 = [
    ("md", """# Xevoz 05 — Bombs and Caught in the Blast"""),
    ("code", IMPORTS),
    ("code", walk(5, SETUP + '''
Step("The bomb", "Tail Club's black 4 bomb wins: Player 1 alone re-rolls and carries out BOTH attacks of the new "
     "glyph, Horned Helm: black star (nothing lost: nothing) and white 2 swords (`xevoz.bomb`).",
     rig={"helix1": ["5a", "4a"], "helix2": "2a"}, actions=[Call("black")]),
Step("Never forgotten", "The rulebook says forgotten actions are lost at the next roll; this app never forgets: the "
     "next call is refused until every action is done (`xevoz.forgotten-actions`).", refuse=Call("black")),
Step("Chop, chop, move", "The two swords, then the winner's move.", actions=[Chop("helm"), Chop("jaw"), Move("B3")]),
Step("Caught in the Blast", "The re-roll shows a bomb again: both players are hit. For each sword the winner has "
     "the other chop a part, then the other has the winner chop one: Razorclaw loses its Tail Club "
     "(`xevoz.caught-in-blast`). The winner stays the attacker.",
     rig={"helix1": ["5a", "5b"], "helix2": "2a"}, actions=[Call("black"), Chop("foot-l"), Chop("club"), Move("A3")]),
Step("Glyphs keep their power", "The Tail Club is in the pile, yet its glyph still bombs; the re-roll (Razor Claw) "
     "brings it back with a star and chops with a sword (`xevoz.glyph-keeps-power`).",
     rig={"helix1": ["5a", "1a"], "helix2": "2a"}, actions=[Call("black"), Heal("club"), Chop("foot-r")]),''')),
    ("md", """### Warping on a bomb re-roll (`xevoz.warp-bomb`)

A second walkthrough: Player 1 walks to A1, a SECTOID warp. The bomb glyph is Reptosaur (no warp), but the
re-roll is a Sectoid glyph: it warps, and every action of the round is ignored."""),
    ("code", walk(6, SETUP + '''
Step("Warp on the re-roll", "Walk to A1, win with the bomb, re-roll Spine Ridge (Sectoid): warp (`xevoz.warp-bomb`).",
     actions=lambda game: (stroll(game, ["B3", "A3", "A2", "A1"]), game.rig(helix1=["5a", "3a"], helix2="2a"),
                           [Call("black")])[2]),''').replace("walk = ", "walk2 = ").replace("board = walk.board\nwalk", "walk2")),
]

NB06 = [
    ("md", """# Xevoz 06 — A full battle against the bot

The battle goes on, Steps 4-9 over and over, until one figure has no points of life left; the DRAIN ATTACK part
does not count (`xevoz.winning`). Step 8 never says what happens if a figure cannot move; *reconstruction:* it
stays put (`xevoz.no-move`) — two figures side by side on a grid always have a free square, so it only matters
on odd set-ups."""),
    ("code", IMPORTS + """
from tabletop.engine import play_out

def whole_battle(game):
    helper, greedy = xevoz.XevozRandomBot(seed=3), xevoz.GreedyBot(seed=4)
    while not game.is_over:
        bot = greedy if game.current_player == 1 else helper
        game.play(bot.choose(game, game.legal_actions()))
    return []"""),
    ("code", walk(11, '''Step("A whole battle", "A random bot plays Player 1 against the greedy bot, which builds its helix strong in "
     "black, calls the colour with the better odds, chops to hurt and throws off DRAIN ATTACKs. It ends when a figure "
     "has no life left (`xevoz.winning`).", actions=whole_battle),''')),
    ("md", """### How much better is greedy? (a tiny simulation; the test suite measures 400 battles)"""),
    ("code", """wins = 0
for s in range(20):
    g = xevoz.new_game(seed=100 + s, safe=False)
    bots = [xevoz.XevozRandomBot(seed=s), xevoz.XevozRandomBot(seed=s)]
    bots[s % 2] = xevoz.GreedyBot(seed=s)
    play_out(g, bots)
    wins += g.winner == s % 2
print(f"greedy won {wins} of 20")"""),
    ("md", "## Your turn\n\nBeat the greedy bot. Tip: Xevolve first (flip glyphs in the build phase)."),
    ("code", """xevoz.Board(bots="greedy")"""),
]

BOOKS = {
    "01_build_figure_and_helix.ipynb": ("Build your figure and Battle Helix", NB01),
    "02_battle_round.ipynb": ("A battle round", NB02),
    "03_warp_and_bonus.ipynb": ("Warp and bonus spaces", NB03),
    "04_drain_attack.ipynb": ("The DRAIN ATTACK", NB04),
    "05_bombs_and_blast.ipynb": ("Bombs and Caught in the Blast", NB05),
    "06_full_battle.ipynb": ("A full battle against the bot", NB06),
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (title, cells) in BOOKS.items():
        nbformat.write(nb(title, cells), OUT / name)
        print("wrote", OUT / name)


if __name__ == "__main__":
    main()
