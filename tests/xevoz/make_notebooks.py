"""Writes notebooks/xevoz/*.ipynb (without outputs). Each shows one lesson of tabletop/xevoz/lessons.py (rigged
steps, one rule each, with declared clauses and facts that tests/xevoz/test_lesson_contract.py checks) ending in
"Your turn", plus a few code cells of its own. Run: python tests/xevoz/make_notebooks.py"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from tabletop.xevoz.lessons import LESSONS

OUT = Path(__file__).resolve().parents[2] / "notebooks" / "xevoz"

IMPORTS = """from tabletop import xevoz
from tabletop.xevoz import (AttachDrain, Call, Chop, ChooseMat, Flip, FreeDrain, Heal, KeepDrain, Move, PickFigure,
                            Place, Ready, RollHelix, Swap)
from tabletop.xevoz.lessons import LESSONS, check_helix, glyph_card
from tabletop.xevoz.widget import walkthrough"""


def walk(nn: str, var: str = "walk") -> str:
    """A code cell that shows lesson ``xevoz/<nn>`` (tabletop/xevoz/lessons.py) beside a board."""
    return f"{var} = walkthrough(\"{nn}\")\nboard = {var}.board\n{var}"


def nb(title: str, cells: list[tuple[str, str]], stem: str = "cell") -> nbformat.NotebookNode:
    book = new_notebook(cells=[new_markdown_cell(t) if k == "md" else new_code_cell(t) for k, t in cells])
    for i, cell in enumerate(book.cells):  # stable cell ids: regenerating changes only what the cells say
        cell.id = f"{stem[:40]}-{i}"
    book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    book.metadata["title"] = title
    return book


FREE = """## Free play

Two players at one screen: a fresh board with no bot (`xevoz.Board()`), or against the bot:
`xevoz.Board(bots="greedy")`."""

STEP_HELP = """Use **Next** / **Back** (or the arrow keys) to step through: the counter reads *Lesson step n of N*;
the game's own numbering reads *Rulebook step 4 — the call*. Every lesson step names the rules it teaches by their
ids in the rule catalog (`xevoz.sword`...), and each sentence's claims are checked against the board by a test.
Some steps **ask a question** before they show what happens: answer it (the board says right or not, and which
rule decides), then **Next** shows the outcome. Steps marked **Your move** hand you the board for one move: make it
(any move that does what the step asks is accepted; another is explained and taken back), or press **Show me**."""


def your_turn(nn: str) -> str:
    """The "Your turn" cell of lesson ``nn``: its task, who plays whom, how to play (written from the lesson)."""
    lesson = LESSONS[nn]
    task = lesson.task
    assert task is not None
    game, _ = lesson.handed_over()
    return f"""## Your turn

The lesson's last step hands you the board. **Your task:** {task.goal}

**Who plays whom:** {lesson.players_text(game)}

**How to play:** click the outlined parts and squares, and the *Call BLACK / WHITE* buttons, or use the keyboard
(Tab, Enter; keys 1-9 play a listed move; U takes a move back). A click the rules refuse is explained with its rule.
**Hint** gives three hints in turn: the rule's own words, where to look, then a move that makes progress. The board
says the moment the task is done and which rule made it work; **Try again** goes back to the hand-over."""

NB01 = [
    ("md", """# Xevoz 01 — Build your figure and your Battle Helix

Xevoz Battle Terrain is a game for two players (`xevoz.two-players`): each builds a figure and a **Battle Helix**
of six Power Glyphs and rolls it like a die to demolish the other figure part by part.

""" + STEP_HELP + """

> **Reconstructions.** The rulebook prints no glyph numbers, part trees or mat layouts; the values here are
> invented and marked so in the game's data and in the rule catalog (a plain glyph's two strengths add to 10, a
> gold glyph's to 12-13)."""),
    ("code", IMPORTS + """
card = glyph_card("horned-helm")
six = check_helix("razorclaw", ["razor-claw", "bone-blade", "spine-ridge", "tail-club", "jaw-trap"])"""),
    ("code", walk("01")),
    ("md", your_turn("01")),
    ("code", """try:
    xevoz.new_game(variant={"end_caps": ("red", "red")})
except ValueError as exc:
    print(exc)"""),
    ("md", FREE),
]

NB02 = [
    ("md", """# Xevoz 02 — A battle round

Rulebook steps 2-6, 8 and 9, each rigged so it happens every time. Two players (`xevoz.two-players`); the attacker
controls the round.

""" + STEP_HELP),
    ("code", IMPORTS),
    ("code", walk("02")),
    ("md", your_turn("02")),
    ("md", FREE),
    ("code", """xevoz.Board(bots="greedy")"""),
]

NB03 = [
    ("md", """# Xevoz 03 — Warp spaces and bonus spaces

Rulebook step 5: if the species you rolled matches the warp or bonus space your figure stands on, it matters.
(In some steps Player 1 first walks across the mat with rigged rounds in which nothing else happens.)

""" + STEP_HELP),
    ("code", IMPORTS),
    ("code", walk("03")),
    ("md", your_turn("03")),
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

The kit's special part: snapped onto the opponent, it drains a part every round you win.

""" + STEP_HELP),
    ("code", IMPORTS),
    ("code", walk("04")),
    ("md", your_turn("04")),
    ("md", FREE),
]

NB05 = [
    ("md", """# Xevoz 05 — Bombs and Caught in the Blast

""" + STEP_HELP + """ Warping on a bomb's re-roll (`xevoz.warp-bomb`) is the last step of lesson 03."""),
    ("code", IMPORTS),
    ("code", walk("05")),
    ("md", your_turn("05")),
    ("md", FREE),
]

NB06 = [
    ("md", """# Xevoz 06 — A full battle against the bot

The battle goes on, Rulebook steps 4-9 over and over, until one figure has no points of life left; the DRAIN
ATTACK part does not count (`xevoz.winning`). The lesson lets the greedy bot play both seats until Player 1 leads,
then hands Player 1 to you against the random bot: a beginner's opponent.

""" + STEP_HELP),
    ("code", IMPORTS + """
from tabletop.engine import play_out"""),
    ("code", walk("06")),
    ("md", your_turn("06")),
    ("md", """### How much better is greedy? (a tiny simulation; the test suite measures 400 battles)"""),
    ("code", """wins = 0
for s in range(20):
    g = xevoz.new_game(seed=100 + s, safe=False)
    bots = [xevoz.XevozRandomBot(seed=s), xevoz.XevozRandomBot(seed=s)]
    bots[s % 2] = xevoz.GreedyBot(seed=s)
    play_out(g, bots)
    wins += g.winner == s % 2
print(f"greedy won {wins} of 20")"""),
    ("md", """## A whole battle of your own

You play Player 1 (Razorclaw) from the build phase on; the random bot plays Player 2 and answers by itself. Before
you present your helix, Xevolve it (lesson 01): flip every glyph that reads stronger in white, so that BLACK is your
strong call. Then attack with the colour where your glyphs are stronger, snap your DRAIN ATTACK on when you can
(lesson 04), and chop parts the bot could regenerate. Won? Try `xevoz.Board(bots="greedy")`: the greedy bot reads
both helixes before it calls."""),
    ("code", """xevoz.Board(bots="random")"""),
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
        nbformat.write(nb(title, cells, name.removesuffix(".ipynb")), OUT / name)
        print("wrote", OUT / name)


if __name__ == "__main__":
    main()
