"""Issue 10, Xevoz: the rulebook's sentences the engine now keeps true (each test failed on main before the fix).

- "A DRAIN ATTACK part cannot be chopped! ... all the parts that are left must stay connected" and "If a DRAIN
  ATTACK is attached to a part the winner wants to chop, remove the DRAIN ATTACK and chop the part. Then the
  opponent must reattach the DRAIN ATTACK to their figure": also for the owner's own DRAIN ATTACK at home
  (xevoz.drain-home).
- "The winner removes the DRAIN ATTACK part from their figure and snaps it onto the opponent's figure. The round
  ends and the winner becomes the attacker for the next round" (xevoz.drain-attach): no Step 8 move.
- "Instead of replacing a lost part, the winner *may* remove an opponent's DRAIN ATTACK" (xevoz.star-remove-drain).
- The owner's DRAIN ATTACK is not on its own figure while it is attached to the opponent (the state/view).
- Names, not ids, and verbs that agree with a player named "You".
"""

from __future__ import annotations

import re

import pytest

from tabletop import xevoz
from tabletop.engine import Game, IllegalAction, load_catalog
from tabletop.xevoz import AttachDrain, Call, Chop, FreeDrain, Heal, KeepDrain, Move
from tabletop.xevoz.rules import FACES, XevozRules
from tabletop.xevoz.variant import XevozVariant
from tests.xevoz.helpers import battle, chop_parts, pos, round_, rules_of


def connected(g: Game, seat: int) -> bool:
    """Every part on the figure snaps onto a part on the figure; a DRAIN ATTACK at home sits on a present part."""
    side = g.raw_state.sides[seat]
    f = side.figure
    for i in range(f.n_parts):
        if i == f.drain:
            continue
        if side.present[i] and f.parent[i] >= 0 and not side.present[f.parent[i]]:
            return False
    if f.drain >= 0 and side.drain_on == -1:
        return side.home_on >= 0 and side.present[side.home_on]
    return True


def attached(host: str = "ribs") -> Game:
    g = battle()
    round_(g, "6a", "3a", "white")  # Razorclaw: drain-spike white 5 DRAIN ATTACK beats chain-whip 3
    g.play(AttachDrain(host))
    return g


# -- xevoz.drain-home -------------------------------------------------------------------------------------------
def test_chopping_the_part_under_the_owners_own_drain_attack_keeps_the_figure_connected() -> None:
    g = battle()
    chop_parts(g, 0, ["spikes", "ridge"])  # Razorclaw's Back Plate now carries only its own Drain Spike
    assert g.state["sides"][0]["drain_home"] == "back"
    round_(g, "3a", "1a", "white")  # Skull Jack: skull-helm white 8, 2 swords, beats spine-ridge 5
    assert Chop("back") in g.legal_actions()  # the DRAIN ATTACK never blocks a chop...
    ev = g.play(Chop("back"))
    assert "xevoz.drain-home" in rules_of(ev)
    # ...it comes off with the chopped part, and its owner snaps it back onto their figure
    assert g.current_player == 0 and g.raw_state.queue[0] == ("rehome", 0, 0)
    assert g.state["sides"][0]["drain_home"] is None
    assert not any(p["present"] for p in g.state["sides"][0]["parts"] if p["drain"])
    with pytest.raises(IllegalAction) as info:
        g.play(AttachDrain("back"))  # not onto the chopped part
    assert info.value.rule == "xevoz.drain-home"
    g.play(AttachDrain("torso"))
    assert connected(g, 0) and g.state["sides"][0]["drain_home"] == "torso"
    assert g.current_player == 1 and g.raw_state.queue[0] == ("chop", 1, 0)  # then the second sword
    # the Drain Spike is still not choppable and still no point of life
    assert Chop("drain") not in g.legal_actions()
    assert g.raw_state.sides[0].life == 25 - 1 - 3


def test_a_returned_drain_attack_snaps_back_home_or_its_owner_chooses() -> None:
    g = attached()
    chop_parts(g, 0, ["spikes", "ridge", "back"])  # its home part is gone while it is away
    chop_parts(g, 1, ["helm"])
    round_(g, "1a", "1a", "black")  # Skull Jack wins: skull-helm black 5 star
    g.play(FreeDrain())
    assert g.current_player == 0 and g.raw_state.queue[0] == ("rehome", 0, 0)
    g.play(AttachDrain("hips"))
    assert connected(g, 0) and g.state["sides"][0]["drain_home"] == "hips"


def test_every_figure_stays_connected_in_random_battles() -> None:
    for seed in range(12):
        g = xevoz.new_game(seed=seed)
        bots = [xevoz.XevozRandomBot(seed=seed), xevoz.XevozRandomBot(seed=seed + 1)]
        while not g.is_over:
            g.play(bots[g.current_player].choose(g, g.legal_actions()))
            if g.raw_state.phase in ("call", "move", "follow"):
                assert connected(g, 0) and connected(g, 1), (seed, g.rules.describe(g.raw_state))


# -- xevoz.drain-attach: the round ends ---------------------------------------------------------------------------
def test_the_round_ends_when_a_drain_attack_is_snapped_on() -> None:
    g = battle()
    round_(g, "6a", "3a", "white")
    ev = g.play(AttachDrain("ribs"))
    assert "xevoz.movement" not in rules_of(ev) and "xevoz.next-attacker" in rules_of(ev)
    assert g.raw_state.phase == "call" and g.current_player == 0  # no Step 8 move: the winner attacks again
    assert (pos(g, 0), pos(g, 1)) == ("C3", "D3")
    with pytest.raises(IllegalAction):
        g.play(Move("C2"))


def test_a_bombs_other_actions_still_happen_before_the_round_ends() -> None:
    # tail-club black 4 bomb wins; the re-roll shows drain-spike: black 5 sword and white 5 DRAIN ATTACK
    g = battle()
    g.rig(helix1=["5a", "6a"], helix2="2a")
    g.play(Call("black"))
    kinds = [k for k, _, _ in g.raw_state.queue]
    assert kinds == ["chop", "attach"]
    g.play(g.legal_actions()[0])
    g.play(AttachDrain("ribs"))
    assert g.raw_state.phase == "call" and g.current_player == 0


# -- xevoz.star-remove-drain: "may" -------------------------------------------------------------------------------
def test_star_may_leave_the_drain_attack_on() -> None:
    g = attached()
    round_(g, "1a", "1a", "black")  # Skull Jack wins with a star and has lost nothing
    assert set(g.legal_actions()) == {FreeDrain(), KeepDrain()}
    ev = g.play(KeepDrain())
    assert "xevoz.star-nothing-lost" in rules_of(ev)
    assert g.state["sides"][0]["drain_on"] == "ribs" and g.raw_state.phase == "move"


def test_with_a_part_to_regenerate_the_star_heals_or_removes_but_is_not_skipped() -> None:
    g = attached()
    chop_parts(g, 1, ["helm"])
    round_(g, "1a", "1a", "black")
    assert set(g.legal_actions()) == {Heal("helm"), FreeDrain()}
    with pytest.raises(IllegalAction) as info:
        g.play(KeepDrain())
    assert info.value.rule == "xevoz.star"


# -- the state/view: where the drain part is ------------------------------------------------------------------
def test_the_drain_part_is_not_on_its_owners_figure_while_attached_to_the_opponent() -> None:
    g = battle()
    drain = next(p for p in g.state["sides"][0]["parts"] if p["drain"])
    assert drain["present"] and g.state["sides"][0]["drain_home"] == "back"
    g = attached()
    side = g.state["sides"][0]
    assert side["drain_on"] == "ribs" and side["drain_on_name"] == "Rib Cage"
    assert not next(p for p in side["parts"] if p["drain"])["present"]
    assert side["drain_home"] is None
    assert "on Rib Cage" in g.rules.describe(g.raw_state)


# -- rig_domain -----------------------------------------------------------------------------------------------
def test_rig_domain_is_static_for_the_helix() -> None:
    rules = XevozRules()
    g = battle()
    for kind in ("helix1", "helix2"):
        assert rules.rig_domain(kind, XevozVariant(), None) is None
        assert rules.rig_domain(kind, XevozVariant(), g.raw_state) is None
        assert set(rules.chance_domains[kind]) == set(FACES)


# -- names, not ids; grammar for "You" ------------------------------------------------------------------------
def test_actions_read_part_glyph_figure_and_mat_names() -> None:
    assert str(Chop("fang")) == "chop the Drain Fang"
    assert str(AttachDrain("horn-l")) == "snap the DRAIN ATTACK onto the Left Horn"
    assert str(Heal("helm")) == "regenerate the Skull Helm"
    assert str(xevoz.Swap(2, "jaw-trap")) == "swap the Jaw Trap glyph into slot 2"
    assert str(xevoz.PickFigure("thunder-shaman")) == "pick the figure Thunder Shaman"
    assert str(xevoz.ChooseMat("meta-beast")) == "choose the Meta-Beast mat"


def test_a_part_id_names_one_part() -> None:
    names: dict[str, str] = {}
    for f in xevoz.components().figures.values():
        for pid, name in zip(f.part_ids, f.part_names, strict=True):
            assert names.setdefault(pid, name) == name, pid


ID = re.compile(r"\b(horn-[lr]|foot-[lr]|shin-[lr]|arm-[lr]|skull-helm|razor-claw|drain-spike|drain-fang|"
                r"meta-beast mat|sectoid mat)\b")
BAD_YOU = re.compile(r"\bYou (rolls|has|is|wins|moves|picks|presents|builds|calls|takes|warps|chooses|stands|"
                     r"spends|snaps|regenerates|reattaches|keeps|carries|leaves|attacks|flips|swaps)\b")


def test_a_player_named_you_reads_right_and_no_id_reaches_the_log() -> None:
    for seed in range(6):
        g = xevoz.new_game(seed=seed, players=["You", "Blue"])
        bots = [xevoz.GreedyBot(seed=seed), xevoz.XevozRandomBot(seed=seed)]
        while not g.is_over:
            g.play(bots[g.current_player].choose(g, g.legal_actions()))
        for e in g.log:
            assert not BAD_YOU.search(e.text), e.text
            assert not ID.search(e.text), e.text
        for a in (*g.legal_actions(), *(t.action for t in g.history if t.action is not None)):
            assert not ID.search(str(a)), str(a)


def test_rulebook_steps_cannot_be_mistaken_for_lesson_steps() -> None:
    cat = load_catalog(XevozRules.catalog_path)
    titles = [c.title for c in cat.clauses]
    assert not [t for t in titles if t.lower().startswith("step")]
    assert "Rulebook step 4 — the attack call" in titles
    from tabletop.xevoz.widget import prompt

    g = battle()
    assert prompt(g).startswith("Rulebook step 4 — the call: Player 1")
    g2 = xevoz.new_game(seed=1, players=["You", "Blue"])
    g2.rig(helix1=["4a", "1a"], helix2="2a")
    xevoz.start_battle(g2, start="C3")
    assert "You (attacker) call BLACK" in prompt(g2)
