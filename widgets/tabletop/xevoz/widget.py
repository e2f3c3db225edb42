"""The Xevoz board widget: the mat, both figures' part trees, both Battle Helixes, the call and the log."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from tabletop.engine import thaw
from tabletop.engine.words import poss, says, verb_for
from tabletop.ui import BoardWidget, Walkthrough

from .data import components
from .queries import helix_face

STATIC = Path(__file__).with_name("static")

#: the teacher panel's one-line hint while "Edit position" is on (the board's editor: static/board.js)
EDITOR_HELP = ("Click a part of either figure to chop or restore it; click a figure on the mat, then a square, to move "
               "it there.")

SYMBOL_WORDS = {"sword": "sword", "star": "star", "bomb": "bomb", "drain": "DRAIN ATTACK"}


def species_view() -> dict[str, dict[str, str]]:
    return {s.id: {"name": s.name, "letter": s.letter, "colour": s.colour, "shape": s.shape}
            for s in components().species.values()}


#: the rulebook's own step numbers, written so that they cannot be mistaken for lesson steps
def rulebook_step(n: int, what: str) -> str:
    """ "Rulebook step 4 — the call" (the kit's walkthrough counts "Lesson step n of N")."""
    return f"Rulebook step {n} — {what}"


def prompt(game: Any) -> str:
    """One sentence: who does what now (shown above the board). Verbs agree with the player's name ("You")."""
    st = game.raw_state  # (read, never changed: the few fields a prompt names, without the state's JSON snapshot)
    p = game.players
    ph = st.phase
    cur = game.current_player
    if ph == "over":
        return (f"{rulebook_step(10, 'winning the battle')}: {says(p[st.winner], 'wins')} the battle; the other "
                "figure has no points of life left.")
    who = p[cur] if cur is not None else ""
    if ph == "build":
        return (f"{rulebook_step(1, 'pre-battle check')}: {who}, redesign your Battle Helix if you like (flip or "
                "swap glyphs), then press Ready.")
    if ph == "first":
        return (f"{rulebook_step(2, 'who attacks first')}: roll both Battle Helixes; black + white added, the "
                "higher total attacks first.")
    if ph == "world":
        return (f"{rulebook_step(3, 'choose the world')}: {who} (attacker) {verb_for(who, 'rolls')} for the "
                "world: the mat of the rolled species.")
    if ph == "choose-mat":
        return f"{rulebook_step(3, 'choose the world')}: {who}, choose a Battle Terrain mat."
    if ph == "start":
        return f"{rulebook_step(3, 'choose the world')}: {who} (attacker), click a START space for your figure."
    if ph == "call":
        return (f"{rulebook_step(4, 'the call')}: {who} (attacker) {verb_for(who, 'calls')} BLACK or WHITE attack; "
                "then both helixes roll.")
    if ph == "warp-place":
        return f"{rulebook_step(5, 'warp')}: {who} warped; click any square of the new mat to place your figure."
    if ph == "warp-follow":
        return f"{rulebook_step(5, 'warp')}: {who}, click a square next to the warping figure."
    if ph == "move":
        return (f"{rulebook_step(8, 'movement')}: {who} (winner), click a square to move one space (no "
                "diagonals).")
    if ph == "follow":
        return f"{rulebook_step(8, 'movement')}: {who}, click a square to stay next to the attacker."
    kind, _chooser, owner_seat = st.queue[0]
    owner = p[owner_seat]
    act = rulebook_step(7, "actions")
    return {"chop": f"{act}: {who}, click a part of {poss(owner)} figure to chop (outlined parts can go).",
            "heal": f"{act}: {who}, click a lost part to regenerate it, or remove the DRAIN ATTACK.",
            "attach": f"{act}: {who}, click a part of {poss(owner)} figure to snap your DRAIN ATTACK onto.",
            "reattach": f"{act}: {who}, click one of your parts to reattach the DRAIN ATTACK to.",
            "rehome": f"{act}: {who}, click one of your parts to snap your own DRAIN ATTACK back onto."}[kind]


def walkthrough(number: int | str, *, presentation: bool = False, teacher: bool = False,
                bots: Any = None) -> Walkthrough:
    """The Xevoz lesson ``number`` ("01".."06", or 1..6) beside a board: ``walkthrough("04")``;
    ``presentation=True`` opens it in the projector view; ``teacher=True`` shows the teacher panel at the hand-over;
    ``bots="mcts"`` (or ``"mcts:200"``, a bot name, ``{seat: bot}``) plays the lesson's bot seats at the hand-over."""
    from .lessons import LESSONS, lesson_key

    return Walkthrough(LESSONS[lesson_key(number)], board=Board, presentation=presentation, teacher=teacher,
                       bots=bots)


class Board(BoardWidget):
    """A whole Xevoz battle: ``Board(seed=1)`` two players at one screen, ``Board(bots="greedy")`` against the
    greedy bot."""

    game_module = "tabletop.xevoz"
    state_json_plain = True
    board_js = STATIC / "board.js"
    board_css = STATIC / "board.css"

    def view(self) -> dict[str, Any]:
        players = self.game.players
        return {"species": species_view(), "prompt": prompt(self.game),
                "chance": {f"helix{seat + 1}": {"mode": "faces", "labels": self.face_labels(seat),
                                                "title": f"{poss(players[seat], start=True)} helix"}
                           for seat in (0, 1)},
                "editor": {"help": EDITOR_HELP}}

    def fixed_catalogue(self) -> list[Any]:
        """Sent once: for each seat and each figure it may pick in the build phase (PickFigure), the side's part tree
        and Battle Helix, the helix's face labels and the legal moves then, so a pick sends indices, not 7 KB. Found
        by playing each pick on a fork of a new game of this variant (the rules' own answer); a game that cannot be
        made so gives nothing to send once, never a wrong value (a patch names a value only when it is the same
        JSON)."""
        try:
            game = self.make_game(seed=self.game.seed, variant=self.game.variant, players=None, rig=None)
        except Exception:  # noqa: BLE001 - an optimisation only: without it every value is sent whole
            return []
        out: list[Any] = []
        for _ in game.players:
            seat = game.current_player
            if game.state["phase"] != "build" or seat is None:
                break
            ready = None
            back = None  # the figure the seat starts with, picked again after another one (another seed's start)
            for act in game.legal_actions():
                kind = type(act).__name__
                if kind == "Ready":
                    ready = act
                if kind not in ("PickFigure", "Ready"):
                    continue
                fork = game.fork() if kind == "PickFigure" else game
                if kind == "PickFigure":
                    fork.play(act)
                    if back is None:
                        back = fork
                side = fork.state["sides"][seat]
                out += [thaw(side["parts"]), thaw(side["helix"]), self.face_labels(seat, fork),
                        [self.legal_entry(a) for a in fork.legal_actions()]]
            start = game.state["sides"][seat]["figure"]
            again = [a for a in (back.legal_actions() if back is not None else []) if type(a).__name__ == "PickFigure"
                     and getattr(a, "figure", None) == start]
            if back is not None and again:
                back.play(again[0])
                out.append([self.legal_entry(a) for a in back.legal_actions()])
            if ready is None:
                break
            game.play(ready)
        return out

    def face_labels(self, seat: int, game: Any = None) -> dict[str, str]:
        """What each battle side of a seat's helix is called ("1a" -> "Razor Claw, side a"), so the roll chips in
        the board's header read as glyphs, not codes (short: the board shows the rolled sides in full)."""
        game = self.game if game is None else game
        labels = {}
        for i in range(len(game.raw_state.sides[seat].helix)):
            for s in "ab":
                part = helix_face(game, seat, f"{i + 1}{s}")["part"]
                labels[f"{i + 1}{s}"] = f"{part}, side {s}"
        return labels

    def static_svg(self) -> str | None:
        return mat_svg(self.game.state)


def mat_svg(state: Any, cell: int = 40) -> str | None:
    """The mat and both figures as a small SVG (for pages without a kernel)."""
    mat = state["mat"]
    if not mat:
        return None
    n = mat["size"]
    sp = components().species
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n * cell + 20} {n * cell + 20}" '
           f'width="{n * cell + 20}" role="img" aria-label="{escape(mat["id"])} mat">']
    for r in range(n):
        for c in range(n):
            name = f"{chr(65 + c)}{r + 1}"
            x, y = 10 + c * cell, 10 + r * cell
            label = ""
            if name in mat["start"]:
                label = "START"
            elif name in mat["warps"]:
                label = "W " + sp[mat["warps"][name]].letter
            elif name in mat["bonuses"]:
                b = mat["bonuses"][name]
                label = f"{sp[b['species']].letter} +{b['plus']}"
            out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="#f4f1e8" stroke="#555"/>')
            if label:
                out.append(f'<text x="{x + 3}" y="{y + 12}" font-size="9">{escape(label)}</text>')
    for s, side in enumerate(state["sides"]):
        if side["pos"]:
            c, r = ord(side["pos"][0]) - 65, int(side["pos"][1:]) - 1
            out.append(f'<circle cx="{10 + c * cell + cell / 2}" cy="{10 + r * cell + cell / 2 + 4}" r="12" '
                       f'fill="{"#222" if s == 0 else "#fff"}" stroke="#000"/>'
                       f'<text x="{10 + c * cell + cell / 2 - 7}" y="{10 + r * cell + cell / 2 + 8}" font-size="11" '
                       f'fill="{"#fff" if s == 0 else "#000"}">P{s + 1}</text>')
    out.append("</svg>")
    return "".join(out)
