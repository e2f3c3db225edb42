"""Zaxxon practice: endless, seeded questions at positions the bots reach, each answered by the engine and tied to
the clause it tests (``tabletop.engine.practice``).

Positions come from games the bots play (the greedy and the random bot, from the rulebook setup or a teaching
position of ``scenarios.toml``), stopped at seeded moments. At each position the generator builds the questions the
position allows:

- "Which of these may Player 1 (blue) do now?": candidate actions (steps to every neighbouring space, altitude
  changes, shots at every piece, Zaxxon's moves and shots, a move out of its phase...), each legal or refused by
  one clause; the item's clause is the clause that refuses one of them (or the rule a legal one follows);
- "What happens if Player 1 (blue) plays <action>?": the effects it has, played ahead on a fork (a fuel tank moves
  to a FUEL space, the plane crosses the RADAR barrier, Zaxxon is alerted, the player wins...);
- "What happens if the lower roller spins RED now?": the planes shot down, Zaxxon going first (a fork, rigged);
- "Player 1 rolls 2, Player 2 rolls 5: who spins and plays first?", "Both roll 4: what happens?";
- "Zaxxon shoots SW from its east space: which plane does it hit?";
- "How many counts does this shot cost?"; "Plane #1 flies first: may plane #2 then fly with what is left?";
- "How many targets must Player 1 still shoot?" (the mission).

Every answer is computed again from the item's position when asked (``Question.answer``): nothing is typed in. The
same seed gives the same stream. ``COVERED`` and ``NOT_COVERED`` together name every clause of the catalog.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..engine import Action, Bot, Game, load_catalog
from ..engine.lessons import Answer, Question, choice_of
from ..engine.practice import PracticeItem
from .board import BOARD, DIRS
from .bots import GreedyBot, ZaxxonRandomBot
from .rules import (
    SCENARIOS,
    Altitude,
    EndTurn,
    Move,
    MoveZaxxon,
    Roll,
    Shoot,
    Spin,
    ZaxxonRules,
    ZaxxonShoot,
)

G = Game[Any]
COLOUR = ("blue", "red")

#: clauses the generator cannot ask about from a position, and why
NOT_COVERED: dict[str, str] = {
    "zaxxon.contents": "what is in the box is not a property of a position (the board shows every piece; the "
                       "lesson 01 narration lists them)",
    "zaxxon.board": "the map itself (zones, walls, areas) is our reconstruction and the same in every position; a "
                    "question about it would test our drawing, not a rule of the rulebook",
    "zaxxon.setup": "every practice position is reached by play after the setup (or a teaching position), so the "
                    "setup itself is never the position asked about",
    "zaxxon.turn-example": "the rulebook's worked example of a roll of 5 is not a rule of its own; its parts "
                           "(moving, altitude, shooting by count) are asked under their own clauses",
    "zaxxon.turn-cap": "a simulation-only variant option, off in rulebook play: practice games have no turn cap",
}

CATALOG = tuple(c.id for c in load_catalog(ZaxxonRules.catalog_path).clauses)
#: the clauses the generator asks about (every other one is in NOT_COVERED)
COVERED: tuple[str, ...] = tuple(c for c in CATALOG if c not in NOT_COVERED)

#: what an action can make happen, in words, by the clause of the event that says it happened
EFFECTS: dict[str, str] = {
    "zaxxon.outer-fuel-tank": "a fuel tank moves to a FUEL space of the inner fortress",
    "zaxxon.inner-fuel-tank": "a fuel tank in the inner fortress is removed",
    "zaxxon.shoot-silo-turret": "a missile silo or gun turret of the mission is destroyed",
    "zaxxon.optional-targets": "an optional target is destroyed",
    "zaxxon.dogfight": "an opponent's plane is shot down in a dogfight",
    "zaxxon.shoot-zaxxon": "the plane shoots Zaxxon and returns home, its mission done",
    "zaxxon.wall-crossing": "the plane flies onto a wall's low section",
    "zaxxon.inner-entry": "the plane enters the inner fortress",
    "zaxxon.radar-barrier": "the plane crosses the RADAR barrier",
    "zaxxon.zaxxon-alert": "Zaxxon is alerted",
    "zaxxon.red-silo-fire": "the plane is shot down by a missile silo",
    "zaxxon.order-of-play": "the other player's part of the turn begins",
    "zaxxon.win": "the player wins the game",
    "zaxxon.zaxxon-moves": "Zaxxon moves or turns",
    "zaxxon.zaxxon-shoots": "Zaxxon fires a shot",
    "zaxxon.end-turn": "the player ends the turn with count unused",
}
NONE_OF_THESE = "none of these"
NOBODY = "no plane is shot down"
ZAXXON_FIRST = "Zaxxon goes first: it moves or shoots by the lower die"
#: the most positions a practice stream looks at for one item before it gives up on the clauses asked for
SEARCH_LIMIT = 4000
#: how many positions a stream passes over to find a clause asked less often than the others
BALANCE_PATIENCE = 60


def _who(g: G, seat: int | None = None) -> str:
    """The name of ``seat`` (default: the seat to move)."""
    s = g.current_player if seat is None else seat
    return str(g.players[s or 0])


def _plane_texts(g: G) -> list[str]:
    """One choice per plane: "blue plane #1 on D6 is shot down"."""
    return [f"{COLOUR[p['seat']]} plane #{p['number']} on {p['space']} is shot down" for p in g.state["planes"]]


def _play_ahead(g: G, action: Any, **rig: Any) -> tuple[G, list[Any]]:
    f = g.fork()
    if rig:
        f.rig(**rig)
    return f, list(f.play(action))


def _shot_down(events: Sequence[Any]) -> list[tuple[int, int]]:
    """(seat, plane number) of every plane the events shoot down (area fire, dogfights, Zaxxon's shots)."""
    out = []
    for e in events:
        d = e.data
        if e.rule in ("zaxxon.red-silo-fire", "zaxxon.blue-turret-fire") and "plane" in d:
            out.append((e.player, d["plane"]))
        elif e.rule == "zaxxon.zaxxon-shoots" and "plane" in d:
            out.append((d["player"], d["plane"]))
    return sorted(set(out))


# -- "Which of these may X do now?" ---------------------------------------------------------------------------
def _candidates(g: G) -> list[Action]:
    """Actions a learner might try here, legal or not: steps to every neighbour, altitude both ways, shots at every
    piece, Zaxxon's moves and shots, and a move out of its phase."""
    st = g.state
    seat = g.current_player
    out: list[Action] = []
    if seat is None:
        return out
    phase = st["phase"]
    mine = [p for p in st["planes"] if p["seat"] == seat]
    if phase in ("roll", "spin", "zaxxon"):
        out += [Roll(), Spin()]
        p = mine[0]
        c = BOARD.cell(p["space"])
        out += [Move(p["number"], BOARD.name(n)) for n in BOARD.nbr[c][:2] if n >= 0]
    if phase == "zaxxon":
        out += [MoveZaxxon(d) for d in ("W", "E", "NW", "NE", "SW", "SE")]
        out += [ZaxxonShoot(side, d) for side in ("west", "east") for d in DIRS]
    if phase != "move":
        return out
    pieces = [t["space"] for t in st["targets"] if t["space"]] + list(st["zaxxon"]["spaces"])
    others = [q["space"] for q in st["planes"] if q["seat"] != seat]
    for p in mine:
        num, c = p["number"], BOARD.cell(p["space"])
        out += [Move(num, BOARD.name(n)) for n in BOARD.nbr[c] if n >= 0]
        far = [n2 for n in BOARD.nbr[c] if n >= 0 for n2 in BOARD.nbr[n] if n2 >= 0 and n2 != c
               and n2 not in BOARD.nbr[c]]
        if far:
            out.append(Move(num, BOARD.name(far[0])))
        out += [Altitude(num, True), Altitude(num, False)]
        for space in (*pieces, *others):
            fuel = ""
            t = next((t for t in st["targets"] if t["space"] == space), None)
            if t is not None and t["kind"] == "fuel" and not t["inner"]:
                free = [BOARD.name(f) for f in BOARD.fuel_spaces
                        if BOARD.name(f) not in pieces and BOARD.name(f) not in others]
                fuel = free[0] if free else ""
            out.append(Shoot(num, space, fuel))
    out.append(EndTurn())
    return list(dict.fromkeys(out))


def _verdict(g: G, a: Action) -> str:
    """The clause that decides ``a`` here: its refusal's, or (legal) the rule its first event names."""
    why = g.explain(a)
    if why is not None:
        return why.rule
    _, events = _play_ahead(g, a)
    return events[0].rule if events else "zaxxon.plane-moves"


def which_legal(actions: Sequence[Action], clause: str) -> Question:
    """"Which of these may the player to move do now?" (several may be right; none: "none of these")."""
    texts = [str(a) for a in actions] + [NONE_OF_THESE]

    def answer(g: G) -> Answer:
        ok, parts = [], []
        for a, t in zip(actions, texts, strict=False):
            why = g.explain(a)
            if why is None:
                ok.append(t)
                parts.append(f"{t}: legal.")
            else:
                parts.append(f"{t}: refused - {why.reason} (`{why.rule}`).")
        return choice_of(texts, ok or [NONE_OF_THESE], " ".join(parts), clause)

    return Question(lambda g: f"Which of these may {_who(g)} do now? (Pick every legal one.)", texts, answer,
                    multiple=True, clauses=(clause,))


def _legal_items(g: G, rng: random.Random) -> list[tuple[str, Question]]:
    by: dict[str, list[Action]] = {}
    for a in _candidates(g):
        by.setdefault(_verdict(g, a), []).append(a)
    out = []
    for clause, acts in by.items():
        pick = rng.choice(acts)
        rest = [a for c, xs in by.items() if c != clause for a in xs]
        others = rng.sample(rest, min(3, len(rest)))
        if len(others) < 3:  # few other clauses here: more of the same one
            same = [a for a in acts if a != pick]
            others += rng.sample(same, min(3 - len(others), len(same)))
        shown = [pick, *others]
        rng.shuffle(shown)
        out.append((clause, which_legal(shown, clause)))
    return out


# -- "What happens if X plays <action>?" ----------------------------------------------------------------------
def what_happens(action: Action, effects: Sequence[str], clause: str) -> Question:
    texts = [EFFECTS[c] for c in effects] + [NONE_OF_THESE]

    def answer(g: G) -> Answer:
        _, events = _play_ahead(g, action)
        fired = {e.rule for e in events}
        right = [EFFECTS[c] for c in effects if c in fired]
        said = " ".join(e.text for e in events)
        return choice_of(texts, right or [NONE_OF_THESE], f"Played ahead: {said}", clause)

    return Question(lambda g: f"What happens if {_who(g)} plays: **{action}**? (Pick everything that happens.)",
                    texts, answer, multiple=True, clauses=(clause,))


def _effect_items(g: G, rng: random.Random) -> list[tuple[str, Question]]:
    if g.state["phase"] not in ("move", "zaxxon"):
        return []
    out = []
    legal = g.legal_actions()
    for a in rng.sample(legal, min(12, len(legal))):
        _, events = _play_ahead(g, a)
        fired = [c for c in dict.fromkeys(e.rule for e in events) if c in EFFECTS]
        if not fired:
            continue
        absent = [c for c in EFFECTS if c not in fired]
        for clause in fired:
            shown = list(dict.fromkeys([clause, *fired[:2], *rng.sample(absent, 2)]))
            rng.shuffle(shown)
            out.append((clause, what_happens(a, shown, clause)))
    return out


# -- the spinner, the roll ------------------------------------------------------------------------------------
SPIN_CLAUSES = ("zaxxon.spinner", "zaxxon.red-silo-fire", "zaxxon.blue-turret-fire", "zaxxon.white-safe",
                "zaxxon.destroyed-areas-safe", "zaxxon.zaxxon-spin", "zaxxon.shot-down-outer",
                "zaxxon.shot-down-inner")


def spin_outcome(value: str, clause: str) -> Question:
    def answer(g: G) -> Answer:
        f, events = _play_ahead(g, Spin(), spinner=[value])
        texts = [*_plane_texts(g), ZAXXON_FIRST, NOBODY]
        hit = _shot_down(events)
        right = [texts[seat * 2 + num - 1] for seat, num in hit] or [NOBODY]
        if f.state["phase"] == "zaxxon":
            right.append(ZAXXON_FIRST)
        said = " ".join(e.text for e in events)
        return choice_of(texts, right, f"Played ahead: {said}", clause)

    return Question(lambda g: f"What happens if {_who(g)} spins **{value}** now? (Pick everything that happens.)",
                    lambda g: [*_plane_texts(g), ZAXXON_FIRST, NOBODY], answer, multiple=True, clauses=(clause,))


def _spin_items(g: G, rng: random.Random) -> list[tuple[str, Question]]:
    if g.state["phase"] != "spin":
        return []
    out = []
    for v in g.rules.rig_domain("spinner", g.variant, g.raw_state) or ("RED", "BLUE", "WHITE", "Z"):
        _, events = _play_ahead(g, Spin(), spinner=[v])
        for clause in dict.fromkeys(e.rule for e in events):
            if clause in SPIN_CLAUSES:
                out.append((clause, spin_outcome(v, clause)))
    return out


def who_first(d0: int, d1: int, clause: str) -> Question:
    def answer(g: G) -> Answer:
        f, _ = _play_ahead(g, Roll(), die=[d0, d1])
        seat = f.current_player
        texts = [_who(g, 0), _who(g, 1)]
        return choice_of(texts, texts[seat or 0], f"{texts[seat or 0]} rolled the lower number: the lower roller "
                         "spins the spinner and plays first, the higher roller second.", clause)

    return Question(lambda g: f"{_who(g, 0)} rolls {d0}, {_who(g, 1)} rolls {d1}. Who spins the spinner and "
                              "plays first?", lambda g: [_who(g, 0), _who(g, 1)], answer, clauses=(clause,))


TIE_CHOICES = ("Both roll again: a tie is rolled again", "Player 1 plays first", "Player 2 plays first")


def tie(d: int, then: tuple[int, int]) -> Question:
    def answer(g: G) -> Answer:
        _, events = _play_ahead(g, Roll(), die=[d, d, *then])
        tied = any(e.rule == "zaxxon.roll" and e.data.get("die") == d for e in events)
        right = TIE_CHOICES[0] if tied else TIE_CHOICES[1 if then[0] < then[1] else 2]
        return choice_of(TIE_CHOICES, right, " ".join(e.text for e in events if e.rule == "zaxxon.roll"),
                         "zaxxon.roll")

    return Question(f"Both players roll {d}. What happens?", TIE_CHOICES, answer, clauses=("zaxxon.roll",))


def _roll_items(g: G, rng: random.Random) -> list[tuple[str, Question]]:
    if g.state["phase"] != "roll":
        return []
    d0, d1 = rng.sample(range(1, 7), 2)
    d = rng.randint(1, 6)
    then = (rng.randint(1, 3), rng.randint(4, 6))
    return [("zaxxon.order-of-play", who_first(d0, d1, "zaxxon.order-of-play")),
            ("zaxxon.spinner", who_first(d0, d1, "zaxxon.spinner")), ("zaxxon.roll", tie(d, then))]


# -- Zaxxon's shots, a shot's cost, splitting the count, the mission ------------------------------------------
def zaxxon_hits(shot: ZaxxonShoot) -> Question:
    def answer(g: G) -> Answer:
        _, events = _play_ahead(g, shot)
        texts = [*_plane_texts(g), NOBODY]
        hit = _shot_down(events)
        right = [texts[seat * 2 + num - 1] for seat, num in hit] or [NOBODY]
        return choice_of(texts, right, " ".join(e.text for e in events if e.rule == "zaxxon.zaxxon-shoots"),
                         "zaxxon.zaxxon-shoots")

    return Question(lambda g: f"Zaxxon (on {'-'.join(g.state['zaxxon']['spaces'])}, facing "
                              f"{'north' if g.state['zaxxon']['facing'] == 'N' else 'south'}) shoots "
                              f"{shot.direction} from its {shot.space} space. Which plane does it shoot down?",
                    lambda g: [*_plane_texts(g), NOBODY], answer, clauses=("zaxxon.zaxxon-shoots",))


def shot_cost(shot: Shoot, options: Sequence[int]) -> Question:
    texts = [str(n) for n in options]

    def answer(g: G) -> Answer:
        before = g.state["count"]
        f, events = _play_ahead(g, shot)
        cost = next((e.data["cost"] for e in events if "cost" in e.data), None)
        if cost is None:
            cost = before - f.state["count"]
        return choice_of(texts, str(cost), f"The shot passes through {cost} space{'s' * (cost != 1)}: one count "
                         "per space.", "zaxxon.shooting")

    return Question(lambda g: f"{_who(g)} has {g.state['count']} to use. How many counts does **{shot}** cost?",
                    texts, answer, clauses=("zaxxon.shooting",))


SPLIT_CHOICES = ("Yes: the count may be split between both planes", "No")


def split(first: Move, then: Move) -> Question:
    def answer(g: G) -> Answer:
        f, _ = _play_ahead(g, first)
        why = f.explain(then) if f.current_player == g.current_player else None
        if f.current_player != g.current_player:
            return choice_of(SPLIT_CHOICES, "No", "The first move used the whole count: the turn passed on.",
                             "zaxxon.split-count")
        if why is None:
            return choice_of(SPLIT_CHOICES, SPLIT_CHOICES[0], f"After {first}, {f.state['count']} is left: you may "
                             "move one plane the full count or split it between both planes.", "zaxxon.split-count")
        return choice_of(SPLIT_CHOICES, "No", why.reason, why.rule)

    return Question(lambda g: f"{_who(g)} has {g.state['count']} to use and plays **{first}** first (1 count). "
                              f"May {_who(g)} then play **{then}**?", SPLIT_CHOICES, answer,
                    clauses=("zaxxon.split-count",))


def _left(g: G, seat: int) -> int:
    m = g.state["mission"][seat]
    need = {"outer_fuel": 2, "outer_silo": 1, "outer_turret": 1, "inner_fuel": 2}
    return int(sum(max(0, n - m[k]) for k, n in need.items()) + sum(not z for z in m["zaxxon"]))


def mission_left(seat: int, options: Sequence[int]) -> Question:
    texts = [str(n) for n in options]

    def answer(g: G) -> Answer:
        n = _left(g, seat)
        m = g.state["mission"][seat]
        return choice_of(texts, str(n), f"{_who(g, seat)} has shot {m['outer_fuel']}/2 outer fuel tanks, "
                         f"{m['outer_silo']}/1 outer silo, {m['outer_turret']}/1 outer turret, {m['inner_fuel']}/2 "
                         f"inner fuel tanks, and Zaxxon with {sum(m['zaxxon'])}/2 planes: {n} to go.",
                         "zaxxon.mission")

    return Question(lambda g: f"How many shots does {_who(g, seat)}'s mission still need (each of their targets "
                              "once, and Zaxxon once with EACH plane)?", texts, answer, clauses=("zaxxon.mission",))


def _options(rng: random.Random, right: int, top: int) -> list[int]:
    pool = [n for n in range(0, top + 1) if n != right]
    out = sorted([right, *rng.sample(pool, min(3, len(pool)))])
    return out


def _misc_items(g: G, rng: random.Random) -> list[tuple[str, Question]]:
    st = g.state
    out: list[tuple[str, Question]] = []
    seat = g.current_player
    if seat is None:
        return out
    out.append(("zaxxon.mission", mission_left(seat, _options(rng, _left(g, seat), 8))))
    legal = g.legal_actions()
    if st["phase"] == "zaxxon":
        out += [("zaxxon.zaxxon-shoots", zaxxon_hits(a)) for a in legal if isinstance(a, ZaxxonShoot)][:2]
    if st["phase"] != "move":
        return out
    shots = [a for a in legal if isinstance(a, Shoot)]
    if shots:
        a = rng.choice(shots)
        f, events = _play_ahead(g, a)
        cost = next((e.data["cost"] for e in events if "cost" in e.data), 1)
        out.append(("zaxxon.shooting", shot_cost(a, _options(rng, cost, 6)[:4] if cost else [1, 2, 3, 4])))
    if st["count"] >= 2:
        m1 = [a for a in legal if isinstance(a, Move) and a.plane == 1]
        m2 = [a for a in legal if isinstance(a, Move) and a.plane == 2]
        if m1 and m2:
            out.append(("zaxxon.split-count", split(rng.choice(m1), rng.choice(m2))))
    return out


def ever_fly(spaces: Sequence[str], seat: int) -> Question:
    """"Which of these spaces may a plane of ``seat`` ever fly onto?" (the rules' own table of each side's
    spaces: its home base, outer fortress, the walls' low sections and the inner fortress, never a black space,
    the Zaxxon area or the other player's side)."""
    texts = list(spaces)

    def answer(g: G) -> Answer:
        rules: ZaxxonRules = g.rules  # type: ignore[assignment]
        ok = [t for t in texts if rules.passable[seat][BOARD.cell(t)]]
        return choice_of(texts, ok or texts[:0], f"A {COLOUR[seat]} plane flies in its home base, its own outer "
                         "fortress and the inner fortress (walls only at their low section); the other player's "
                         f"side is closed to it: {', '.join(ok) or 'none of these'} "
                         f"{'is' if len(ok) == 1 else 'are'} open to it.", "zaxxon.own-side")

    return Question(lambda g: f"Which of these spaces may a {COLOUR[seat]} plane ever fly onto? (Pick every one.)",
                    texts, answer, multiple=True, clauses=("zaxxon.own-side",))


def _side_items(g: G, rng: random.Random) -> list[tuple[str, Question]]:
    seat = g.current_player
    if seat is None:
        return []
    rules: ZaxxonRules = g.rules  # type: ignore[assignment]
    theirs = [c for c in range(len(BOARD.terrain)) if BOARD.terrain[c] == "." and BOARD.zone[c] in "2bq1ap"
              and c not in rules.allowed[seat]]
    mine = [c for c in range(len(BOARD.terrain)) if rules.passable[seat][c]]
    shown = [BOARD.name(c) for c in (*rng.sample(theirs, 2), *rng.sample(mine, 2))]
    rng.shuffle(shown)
    return [("zaxxon.own-side", ever_fly(shown, seat))]


GENERATORS: tuple[Callable[[G, random.Random], list[tuple[str, Question]]], ...] = (
    _legal_items, _effect_items, _spin_items, _roll_items, _misc_items, _side_items)


# -- positions reached by bots --------------------------------------------------------------------------------
def _bot(rng: random.Random) -> Bot:
    kind = GreedyBot if rng.random() < 0.6 else ZaxxonRandomBot
    return kind(seed=rng.randrange(1 << 30))


def positions(rng: random.Random) -> Iterator[G]:
    """Endless positions: bot games from the setup or a teaching position, looked at now and then (a fork of
    each position looked at; the game it comes from plays on)."""
    from . import new_game

    starts = ("", *SCENARIOS)
    while True:
        scenario = rng.choice(starts)
        g = new_game(seed=rng.randrange(1 << 30), variant={"scenario": scenario} if scenario else None)
        bots = (_bot(rng), _bot(rng))
        for _ in range(rng.randint(30, 160)):
            if g.is_over or g.current_player is None:
                break
            if rng.random() < 0.25:
                yield g.fork()
            seat = g.current_player
            g.play(bots[seat].choose(g, g.legal_actions()))


def practice(seed: int, clauses: Sequence[str] | None = None) -> Iterator[PracticeItem]:
    """An endless stream of practice questions (the same ``seed``, the same stream), on the clauses ``clauses``
    (default: every clause in ``COVERED``); the clause asked least so far comes first when a position allows it.
    A clause that is not in ``COVERED`` is refused with ``ValueError`` (``NOT_COVERED`` says why)."""
    wanted = list(dict.fromkeys(COVERED if clauses is None else clauses))
    for c in wanted:
        if c not in COVERED:
            why = NOT_COVERED.get(c, "it is not a clause of the Zaxxon catalog")
            raise ValueError(f"cannot practise {c}: {why}")
    if not wanted:
        raise ValueError("give at least one clause to practise")
    rng = random.Random(seed)
    asked = dict.fromkeys(wanted, 0)
    looked = 0
    for g in positions(rng):
        looked += 1
        found: dict[str, list[Question]] = {}
        for gen in GENERATORS:
            for clause, q in gen(g, rng):
                if clause in asked:
                    found.setdefault(clause, []).append(q)
        if not found:
            if looked > SEARCH_LIMIT:
                raise RuntimeError(f"no position of {SEARCH_LIMIT} asks about {', '.join(wanted)}")
            continue
        clause = min(found, key=lambda c: (asked[c], wanted.index(c)))
        if asked[clause] > min(asked.values()) + 1 and looked < BALANCE_PATIENCE:
            continue  # this position offers only clauses asked often already: look for the others a while
        looked = 0
        asked[clause] += 1
        yield PracticeItem(clause, g, rng.choice(found[clause]))


__all__ = ["COVERED", "EFFECTS", "NOT_COVERED", "practice", "positions", "which_legal", "what_happens"]
