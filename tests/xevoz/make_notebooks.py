"""Writes notebooks/xevoz/*.ipynb (without outputs). Run: python tests/xevoz/make_notebooks.py"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

OUT = Path(__file__).resolve().parents[2] / "notebooks" / "xevoz"

IMPORTS = """from tabletop import xevoz
from tabletop.xevoz import (AttachDrain, Call, Chop, ChooseMat, Flip, FreeDrain, Heal, Move, PickFigure, Place,
                            Ready, RollHelix, Swap)
from tabletop.xevoz.lessons import check_helix, glyph_card, refused, step, stroll"""

START = """board = xevoz.Board(seed={seed})
# Step 1-3, rigged: both pass the pre-battle check, Player 1 rolls 13 against 10 and attacks first,
# then rolls razor-claw (Meta-Beast): the battle is on the Meta-Beast mat, Player 1 on START C3.
step(board, Ready(), Ready(), RollHelix(), RollHelix(), Place("C3"),
     rig=dict(helix1=["4a", "1a"], helix2="2a"))
board"""

YOUR_TURN = """## Your turn

A live board: you are Player 1, the greedy bot plays Player 2. Click the highlighted parts and squares, the
**Call BLACK / WHITE** buttons, or use the keyboard (Tab to a control, Enter to press; 1-9 play a listed move;
K calls black and W white; U undoes). Refused moves show their rule in red right on the board.
Want two players at one screen? Use `xevoz.Board()` without `bots`."""


def nb(title: str, cells: list[tuple[str, str]]) -> nbformat.NotebookNode:
    out = []
    for kind, text in cells:
        out.append(new_markdown_cell(text) if kind == "md" else new_code_cell(text))
    book = new_notebook(cells=out)
    book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    book.metadata["title"] = title
    return book


NB01 = [
    ("md", """# Xevoz 01 — Build your figure and your Battle Helix

Xevoz Battle Terrain is a game for two players (`xevoz.two-players`): each builds a figure and a **Battle Helix**
of six Power Glyphs and rolls it like a die to demolish the other figure part by part. This notebook walks through
the build (Step 1 of every battle); each step names the rule clause it teaches.

> **Reconstructions.** The rulebook prints no glyph numbers, part trees or mat layouts. The values here are
> invented (and marked so in `tabletop/xevoz/data/*.toml`): a plain glyph's two strengths add to 10, a gold
> glyph's to 12-13."""),
    ("code", IMPORTS + "\ncomp = xevoz.components()"),
    ("md", """### Step 1 — Your figure is your health meter (`xevoz.figure-health`, `xevoz.one-drain-part`)

Every part that can unsnap is one point of life — except the one DRAIN ATTACK part, which counts as a part but
not as life. Here is Razorclaw's part tree (what snaps onto what):"""),
    ("code", """fig = comp.figures["razorclaw"]
for i, name in enumerate(fig.part_names):
    print("  " * fig.depth[i] + name + ("   <- DRAIN ATTACK (not life)" if i == fig.drain else ""))
print(f"{fig.n_parts} parts, {fig.life} points of life")"""),
    ("md", """### Step 2 — Reading a Power Glyph (`xevoz.glyph-sides`)

One picture side (the Power Part it stands for) and two battle sides. Each battle side shows the species icon,
a white attack and a black attack (strength + action symbols: sword, star, bomb, DRAIN ATTACK) and the part's name.
The two battle sides are mirror images. Gold glyphs are stronger."""),
    ("code", """glyph_card("razor-claw")
print()
glyph_card("horned-helm")"""),
    ("md", """### Step 3 — Six glyphs, and the figure must carry their Power Parts (`xevoz.helix-six`, `xevoz.power-parts`)

A Battle Helix holds exactly 6 glyphs, and your figure must have the Power Part of every glyph in it. Below is the
live board in its build phase; Razorclaw has no Storm Staff, so that glyph is refused."""),
    ("code", """board = xevoz.Board(seed=1)
check_helix("razorclaw", ["razor-claw", "bone-blade", "spine-ridge", "tail-club", "jaw-trap"])
refused(board, Swap(1, "storm-staff"))
board"""),
    ("md", """### Step 4 — At most three gold, at most one DRAIN ATTACK (`xevoz.helix-gold`, `xevoz.helix-drain`)

The pre-battle check lists every problem of a proposed helix, with the rule it breaks:"""),
    ("code", """check_helix("razorclaw", ["horned-helm", "shoulder-spikes", "storm-staff", "lightning-orb", "razor-claw", "bone-blade"])
print()
check_helix("razorclaw", ["drain-spike", "drain-fang", "razor-claw", "bone-blade", "spine-ridge", "tail-club"])"""),
    ("md", """### Step 5 — Rolling lands on one of twelve battle sides (`xevoz.helix-roll`)

The picture sides face inward, so a roll shows one of the 12 battle sides (6 glyphs x 2 sides). In this app a
side is named by slot and side: `"4a"` is side a of the glyph in slot 4. Teachers rig rolls with
`board.rig(helix1="4a", helix2="2b")`."""),
    ("code", """st = board.game.state["sides"][0]
for g in st["helix"]:
    for side in "ab":
        print(f'{g["slot"]}{side}: {g["glyph"]:<14} white {g["white"]["text"]:<16} black {g["black"]["text"]}')"""),
    ("md", """### Step 6 — Redesigning / Xevolve (`xevoz.redesign`)

Between battles you flip glyphs to shift power between black and white, or swap in another glyph whose Power
Part your figure carries. *Reconstruction:* pressing a glyph in the other way round swaps which of its two attacks
reads white and which black — the only way "extra strong in black or white" can work."""),
    ("code", """step(board, Flip(1), Swap(2, "jaw-trap"))
print(board.game.state["sides"][0]["helix"][0]["black"]["text"])"""),
    ("md", """### Step 7 — The pre-battle check: equal figures, different end-caps (`xevoz.pre-battle-check`, `xevoz.equal-parts`, `xevoz.end-caps`)

Player 1 presents. Player 2 tries Sledge Trooper (27 parts, "you can use more") against Razorclaw's 25: refused.
Equal figures pass. End-caps of the two helixes must be different colours."""),
    ("code", """step(board, Ready(), PickFigure("sledge-trooper"))
refused(board, Ready())
step(board, PickFigure("thunder-shaman"), Ready())
try:
    xevoz.new_game(variant={"end_caps": ("red", "red")})
except ValueError as exc:
    print(exc)"""),
    ("md", """Glyphs keep their power even after their Power Part is chopped (`xevoz.glyph-keeps-power`): notebook 05
shows it happen.

""" + YOUR_TURN + "\n\nThis time the board starts at the build phase: flip and swap, then press Ready."),
    ("code", """xevoz.Board(bots="greedy")"""),
]

NB02 = [
    ("md", """# Xevoz 02 — A battle round

Steps 2-6, 8 and 9 of the rules, each rigged so it happens every time. Xevoz is for two players
(`xevoz.two-players`); one of them is the attacker, who controls the round."""),
    ("code", IMPORTS + "\nboard = xevoz.Board(seed=7)\nstep(board, Ready(), Ready())\nboard"),
    ("md", """### Step 2 — Who attacks first (`xevoz.first-attacker`)

Both roll and add black + white. A tie is re-rolled; then the higher total attacks."""),
    ("code", """step(board, RollHelix(), rig=dict(helix1="1a", helix2="2b"))   # 10 against 10: re-roll
step(board, RollHelix(), rig=dict(helix1="4a", helix2="2a"))   # 13 against 10"""),
    ("md", """### Step 3 — Choose the world (`xevoz.choose-world`, `xevoz.start-spaces`)

The attacker alone re-rolls: the mat of the rolled species. The attacker takes a START space first."""),
    ("code", """step(board, RollHelix(), Place("C3"), rig=dict(helix1="1a"))"""),
    ("md", """### Steps 4-6 — Call, roll, resolve (`xevoz.attack-call`, `xevoz.resolve`, `xevoz.actions`, `xevoz.sword`)

The attacker calls WHITE; both roll; only the white attacks count. Horned Helm's white 9 beats Bone Scythe's 7,
so Player 1 carries out *2 swords*: chop two parts of Player 2's figure — the winner chooses which."""),
    ("code", """step(board, Call("white"), rig=dict(helix1="4a", helix2="2a"))"""),
    ("md", """### Step 7 — What is left stays connected (`xevoz.stay-connected`, `xevoz.chop-pile`)

The skull still carries the helmet and the jaw: chop those first. Chopped parts go to the owner's pile."""),
    ("code", """refused(board, Chop("skull"))
step(board, Chop("helm"), Chop("jaw"))
print("pile:", board.game.state["sides"][1]["pile"])"""),
    ("md", """### Step 8 — Movement (`xevoz.movement`, `xevoz.defender-follows`)

The winner moves one square: no diagonals, never onto a figure. If the defender is no longer next to the
attacker it moves one square to be next to it again (here it has two choices and picks D4)."""),
    ("code", """refused(board, Move("D4"))
step(board, Move("C4"), Move("D4"))"""),
    ("md", """### Step 9 — Who attacks next (`xevoz.next-attacker`, `xevoz.tie`)

The attacker won, so stays the attacker. Now a tie: 5 against 5 in black — no action, no movement, the defender
becomes the attacker. Then the new attacker wins and carries out a star (it regenerates its Skull Helm)."""),
    ("code", """step(board, Call("black"), rig=dict(helix1="3a", helix2="1a"))
step(board, Call("black"), Heal("helm"), rig=dict(helix1="1a", helix2="3a"))
board"""),
    ("md", YOUR_TURN),
    ("code", """xevoz.Board(seed=None, bots="greedy")"""),
]

NB03 = [
    ("md", """# Xevoz 03 — Warp spaces and bonus spaces

Step 5: if the species you rolled matches the warp or bonus space your figure stands on, it matters.
(`stroll` walks Player 1 across the mat with rigged rounds in which nothing else happens.)"""),
    ("code", IMPORTS + "\n" + START.format(seed=3)),
    ("md", """### Step 1 — A bonus space (`xevoz.bonus-space`)

Player 1 walks onto B4, a META-BEAST Bonus +3. Like Kate in the rulebook, it rolls a Meta-Beast glyph with
strength 4 and adds 3: 7 beats 5."""),
    ("code", """stroll(board, ["B3", "B4"])
step(board, Call("black"), Move("A4"), Move("B4"), rig=dict(helix1="4a", helix2="1a"))"""),
    ("md", """### Step 2 — A warp space (`xevoz.warp`, `xevoz.warp-destination`)

On A1, a SECTOID warp space, Player 1 rolls a Sectoid glyph: "Sectoid warps!" The round ends before the attack —
no actions, even though Player 2 would have had the stronger white. *Reconstruction:* a warp leads to the mat of
its own species (here the Sectoid mat)."""),
    ("code", """stroll(board, ["A3", "A2", "A1"])
step(board, Call("white"), rig=dict(helix1="3a", helix2="1a"))"""),
    ("md", """### Step 3 — Placing after a warp (`xevoz.warp-place`)

The warper places its figure on any square; the other must go next to it. The warper becomes the attacker."""),
    ("code", """step(board, Place("F1"))
refused(board, Place("A6"))
step(board, Place("E1"))
board"""),
    ("md", """### Step 4 — Both activate a warp (`xevoz.warp-both`)

Player 1 stands on a META-BEAST warp (F1), Player 2 on an UNNATURAL warp (E1). Both roll their warp's species:
the attacker warps, the other follows."""),
    ("code", """step(board, Call("black"), Place("C3"), Place("C4"), rig=dict(helix1="1a", helix2="1a"))"""),
    ("md", """### Step 5 — No mat for the rolled species (`xevoz.choose-world`)

With only two mats on the table (variant option `mats`), a roll of a species without a mat lets the attacker
choose."""),
    ("code", """g = xevoz.new_game(seed=1, variant={"mats": ("meta-beast", "sectoid")})
step(g, Ready(), Ready(), RollHelix(), RollHelix(), rig=dict(helix1=["4a", "2a"], helix2="2a"))
print(g.legal_actions())"""),
    ("md", YOUR_TURN),
    ("code", """xevoz.Board(seed=None, bots="greedy")"""),
]

NB04 = [
    ("md", """# Xevoz 04 — The DRAIN ATTACK

The kit's special part: snapped onto the opponent, it drains a part every round you win."""),
    ("code", IMPORTS + "\n" + START.format(seed=4)),
    ("md", """### Step 1 — The DRAIN ATTACK symbol (`xevoz.drain-attach`)

Player 1 wins with Drain Spike's white *5 DRAIN ATTACK* and snaps its DRAIN ATTACK onto Skull Jack's helmet
(*reconstruction:* the winner chooses the part). The round ends."""),
    ("code", """step(board, Call("white"), AttachDrain("helm"), Move("B3"), rig=dict(helix1="6a", helix2="3a"))"""),
    ("md", """### Step 2 — The bonus chop, and chopping the part it sits on (`xevoz.drain-bonus-chop`, `xevoz.drain-host-chopped`, `xevoz.drain-uncuttable`)

Every round Player 1 wins while its DRAIN ATTACK is attached: one extra chop. Chopping the helmet it sits on
takes the DRAIN ATTACK off — Player 2 must reattach it (to the tailbone here). A DRAIN ATTACK part itself can never
be chopped."""),
    ("code", """step(board, Call("white"), rig=dict(helix1="1a", helix2="3a"))
refused(board, Chop("fang"))
step(board, Chop("helm"), AttachDrain("tailbone"), Chop("foot-l"))"""),
    ("md", """### Step 3 — The symbol again while attached (`xevoz.drain-symbol-attached`)

The full rules and the v2.0 card differ here. Default (card v2.0): the symbol just gives the bonus chop — one
chop in all. Variant `drain_symbol_when_attached="extra-chop"` gives one more."""),
    ("code", """step(board, Move("A3"))
step(board, Call("white"), rig=dict(helix1="6a", helix2="3a"))
print([q["kind"] for q in board.game.state["queue"]])
step(board, Chop("shin-l"))"""),
    ("md", """### Step 4 — A star removes the DRAIN ATTACK (`xevoz.star-remove-drain`)

Regenerate/Heal is the only thing that gets rid of a DRAIN ATTACK: Player 2 wins with a star and, instead of
replacing a part, returns the DRAIN ATTACK to its owner."""),
    ("code", """step(board, Move("A4"), Move("B4"))
step(board, Call("black"), FreeDrain(), Move("C4"), rig=dict(helix1="1a", helix2="3a"))"""),
    ("md", """### Step 5 — Stars regenerate what can attach (`xevoz.star`, `xevoz.star-nothing-lost`)

A lost part comes back only if the part it snaps onto is on the figure. With nothing lost, a star does nothing —
but the winner still becomes the attacker."""),
    ("code", """step(board, Call("black"), rig=dict(helix1="1a", helix2="3a"))   # 3 + 3 bonus against 7
print("Player 2 may now:", [str(a) for a in board.game.legal_actions()])
refused(board, Heal("foot-l"))   # its shin is in the pile: it could not attach
step(board, Heal("shin-l"), Move("C5"), Move("B5"))
step(board, Call("white"), rig=dict(helix1="3a", helix2="3a"))   # Player 1 wins a star with nothing lost
board"""),
    ("md", YOUR_TURN),
    ("code", """xevoz.Board(seed=None, bots="greedy")"""),
]

NB05 = [
    ("md", """# Xevoz 05 — Bombs and Caught in the Blast"""),
    ("code", IMPORTS + "\n" + START.format(seed=5)),
    ("md", """### Step 1 — The bomb (`xevoz.bomb`, `xevoz.forgotten-actions`)

Player 1 wins with Tail Club's black *4 bomb*: it alone re-rolls and carries out BOTH attacks of the re-rolled
glyph — Horned Helm: black *star* (nothing lost, so nothing) and white *2 swords*. The rulebook warns that
forgotten actions are lost once the next roll is made; this app never forgets: it refuses the next call until
every action is done."""),
    ("code", """step(board, Call("black"), rig=dict(helix1=["5a", "4a"], helix2="2a"))
refused(board, Call("black"))
step(board, Chop("helm"), Chop("jaw"), Move("B3"))"""),
    ("md", """### Step 2 — Caught in the Blast (`xevoz.caught-in-blast`)

The re-roll shows a bomb again: both players are affected. For each sword the winner has the other chop a part,
then the other has the winner chop one. Player 2 chooses Razorclaw's Tail Club. The winner stays the attacker."""),
    ("code", """step(board, Call("black"), Chop("foot-l"), Chop("club"), Move("A3"),
     rig=dict(helix1=["5a", "5b"], helix2="2a"))"""),
    ("md", """### Step 3 — Glyphs keep their power (`xevoz.glyph-keeps-power`)

The Tail Club part is in Razorclaw's pile, yet its glyph still bombs. The re-roll (Razor Claw) gives a black
star — the Tail Club comes back — and a white sword."""),
    ("code", """if board.game.raw_state.phase == "follow":
    step(board, board.game.legal_actions()[0])
step(board, Call("black"), Heal("club"), Chop("foot-r"), rig=dict(helix1=["5a", "1a"], helix2="2a"))
board"""),
    ("md", """### Step 4 — Warping on a bomb re-roll (`xevoz.warp-bomb`)

A fresh battle: Player 1 walks to A1, a SECTOID warp. Its bomb glyph is Reptosaur (no warp), but the re-roll is
a Sectoid glyph: it warps, and every action of the round is ignored."""),
    ("code", """board2 = xevoz.Board(seed=6)
step(board2, Ready(), Ready(), RollHelix(), RollHelix(), Place("C3"), rig=dict(helix1=["4a", "1a"], helix2="2a"))
stroll(board2, ["B3", "A3", "A2", "A1"])
step(board2, Call("black"), rig=dict(helix1=["5a", "3a"], helix2="2a"))"""),
    ("md", YOUR_TURN),
    ("code", """xevoz.Board(seed=None, bots="greedy")"""),
]

NB06 = [
    ("md", """# Xevoz 06 — A full battle against the bot

The battle goes on, Steps 4-9 over and over, until one figure has no points of life left: the DRAIN ATTACK part
does not count (`xevoz.winning`). Step 8 never says what happens if a figure cannot move; *reconstruction:* it
stays put (`xevoz.no-move`) — with two figures side by side on a grid there is always a free square, so it only
matters on odd set-ups."""),
    ("code", IMPORTS + "\nfrom tabletop.engine import play_out\nboard = xevoz.Board(seed=11, bots=\"greedy\")\nboard"),
    ("md", """### Step 1 — Watch a whole battle (`xevoz.winning`)

Here a random bot plays your seat against the greedy bot (which builds its helix strong in black, calls the
colour with the better odds, chops to hurt, and throws off DRAIN ATTACKs)."""),
    ("code", """helper = xevoz.XevozRandomBot(seed=3)
while not board.is_over:
    board.play(helper.choose(board.game, board.game.legal_actions()))
print(board.game.players[board.winner], "wins")
print([e.text for e in board.game.log if e.rule == "xevoz.winning"])"""),
    ("md", """### Step 2 — How much better is greedy? (a tiny simulation)

20 battles each way, seats alternating; the test suite measures 400."""),
    ("code", """wins = 0
for s in range(20):
    g = xevoz.new_game(seed=100 + s, safe=False)
    bots = [xevoz.XevozRandomBot(seed=s), xevoz.XevozRandomBot(seed=s)]
    bots[s % 2] = xevoz.GreedyBot(seed=s)
    play_out(g, bots)
    wins += g.winner == s % 2
print(f"greedy won {wins} of 20")"""),
    ("md", YOUR_TURN + "\n\nBeat the greedy bot! Tip: Xevolve first (flip glyphs in the build phase)."),
    ("code", """xevoz.Board(seed=None, bots="greedy")"""),
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
