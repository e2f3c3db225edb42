"""The variant labs draw no conclusion in fixed prose: Markdown poses the question and explains the method, and
every conclusion is printed by code from the numbers of the run (``Comparison.conclusions()``, ``verdict()``,
``.summary()``).

Prose written for one run is never checked against the next one (under nbmake the labs play 40 games), so a
Markdown cell that reports a result ("what we saw", "78 actions longer", "was not distinguishable from noise")
is a bug even when it was true once. The check below is a list of regular expressions, in two groups:

* ``REPORTS`` flag a cell wherever they occur, questions included: they report a run ("we saw", "it turns out",
  a number of actions/points with a change word, "about 78 actions", "+40%").
* ``VERDICTS`` flag a sentence that *states* a verdict ("more than noise", "was not distinguishable", "favours
  the", "rises", "shows no", "is not needed"). A question ("Does the barrier make games longer?") poses, so
  sentences ending in "?" pass. A method explanation may *name* the verdict words: a phrase in quotes or bold
  that follows a cue such as "says", "when", "calls" or "marks" in the same sentence is taken as a name, not a
  claim (``the summary says in plain words when it is **not distinguishable from noise**`` passes).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LABS = ROOT / "notebooks" / "variants"
NOTEBOOKS = sorted(LABS.glob("*.ipynb"))
GUIDED = ("02_xevious_stage1_exception.ipynb", "04_xevoz_drain_attack.ipynb", "06_zaxxon_radar_barrier.ipynb")

_CHANGE = r"(longer|shorter|more|less|fewer|higher|lower|up|down|sooner|later)"
_UNIT = r"(%|per\s?cent|actions?|points?|percentage points|games?|battles?|moves?|rounds?|turns?)"

#: phrases that report a run, flagged anywhere
REPORTS: list[tuple[str, str]] = [
    (r"\bwe (saw|see|found|find|got|observed|measured)\b", "reports what a run showed"),
    (r"\bwhen we ran\b|\bwe ran it\b", "reports what a run showed"),
    (r"\bit turns out\b|\bturned out\b", "reports a finding"),
    (rf"\b\d+(\.\d+)?\s*{_UNIT}\s+{_CHANGE}\b", "states a measured change"),
    (rf"\b(about|roughly|around|nearly|almost) \d+(\.\d+)?\s*{_UNIT}", "states a measured amount"),
    (r"(?<![\w.])[+\u2212-]\d+(\.\d+)?\s*%", "states a measured percentage"),  # "+40%", not "10-90%"
    (rf"\bby (about |roughly |around )?\d+(\.\d+)?\s*{_UNIT}", "states a measured amount"),
]

#: phrases that state a verdict, flagged outside questions and outside named method terms
VERDICTS: list[tuple[str, str]] = [
    (r"\bmore than noise\b", "states a verdict"),
    (r"\b(in)?distinguishable from (noise|zero|chance)\b", "states a verdict"),
    (r"\b(was|were|is|are) (not |clearly |hardly )?(in)?distinguishable\b", "states a verdict"),
    (r"\bcannot (be )?tell\b[^.?!]*\bfrom (zero|noise)\b", "states a verdict"),
    (rf"\b(clearly|significantly|markedly|slightly|much|far) {_CHANGE}\b", "states the size of a change"),
    (r"\b(favou?rs|favou?red|decides|hurts|helps|helped) (the|one|seat|either|neither|player|"
     r"battles?|games?|who|how)\b", "states what a rule does"),
    (r"\b(rises|rose|falls|fell|drops|dropped|grows|grew|shrinks|shrank)\b", "states the direction of a change"),
    (r"\b(shows?|showed|shown) (no|that|a clear|a real|an effect|the effect)\b", "states a finding"),
    (r"\b(does|did|do) not (change|matter|decide)\b|\bno effect\b|\bmakes no difference\b", "states a finding"),
    (r"\b(is|are|was|were) (not )?needed\b", "states a finding"),
    (r"\bverdict\b[^.?!]*\b(always|never|usually)\b", "predicts the verdict"),
    (r"\b(always|almost never|rarely|never|usually|mostly) (finish|finishes|wins?|ends?|decides?)\b",
     "states how games turn out"),
    (r"\b(is|are) expected\b|\bshould be (longer|shorter|more|less)\b", "predicts a result"),
]

#: a quoted or bold phrase after a method cue in the same sentence names a verdict word; it does not state one
METHOD_NAME = re.compile(r"\b(says?|said|when|calls?|called|marks?|marked|prints?|reads?|means|labels?|labell?ed|"
                         r"word|words)\b([^.?!]*?)(\*\*[^*]+\*\*|\"[^\"]+\"|\u201c[^\u201d]+\u201d)",
                         re.IGNORECASE)
SENTENCE = re.compile(r"(?<=[.!?])\s+|\n\s*\n|\n(?=\s*(?:#|[-*] |\d+\. ))")


def _compile(patterns: list[tuple[str, str]]) -> list[tuple[re.Pattern[str], str]]:
    """A space in a pattern matches any run of white space (Markdown wraps lines anywhere)."""
    return [(re.compile(p.replace(" ", r"\s+"), re.IGNORECASE), why) for p, why in patterns]


_REPORTS = _compile(REPORTS)
_VERDICTS = _compile(VERDICTS)


def markdown_cells(path: Path) -> list[tuple[int, str]]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [(i, "".join(c["source"])) for i, c in enumerate(nb["cells"]) if c["cell_type"] == "markdown"]


def code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def _strip_method_names(text: str) -> str:
    previous = None
    while previous != text:
        previous = text
        text = METHOD_NAME.sub(lambda m: f"{m.group(1)}{m.group(2)}\u00abterm\u00bb", text)
    return text


def _is_question(sentence: str) -> bool:
    return sentence.strip().rstrip("*_)\"'\u201d`").rstrip().endswith("?")


def result_claims(text: str) -> list[str]:
    """Every phrase in a Markdown text that states or reports a result, as ``'phrase' (why)``."""
    found = []
    for pattern, why in _REPORTS:
        found += [f"{' '.join(m.group(0).split())!r} ({why})" for m in pattern.finditer(text)]
    for sentence in SENTENCE.split(_strip_method_names(text)):
        if not sentence or _is_question(sentence):
            continue
        for pattern, why in _VERDICTS:
            found += [f"{' '.join(m.group(0).split())!r} ({why})" for m in pattern.finditer(sentence)]
    return found


# -- the checker itself ---------------------------------------------------------------------------------------
OLD_04 = """*What we saw when we ran it* (600 greedy-against-greedy battles per variant, seeds 1-600; your numbers at another
`N` will differ a little): without the bonus chop, battles were about 78 actions longer (+40%, clearly more than
noise), while the change in who wins was *not* distinguishable from noise. For these bots the bonus chop decides
how fast a battle ends more than who wins it; the extra-chop reading, by contrast, moved seat 1's win rate by about
4 points (more than noise at that size)."""

METHOD = [
    "Every rate comes with a 95% interval (Wilson); a difference between variants comes with a 95% interval of the\n"
    "paired differences, and the summary says in plain words when it is **not distinguishable from noise**.",
    'The cell below turns the numbers above into sentences. It says "more than noise" only when the 95% interval\n'
    "excludes zero, so with few games it will refuse to conclude anything.",
    'A filled diamond marks a difference the summary calls "more than noise"; an open circle marks one it calls\n'
    '"not distinguishable from noise".',
    "## 2. Does taking the bonus chop away change who wins, or only how long battles last?",
    "# Does DRAIN ATTACK decide battles? (Xevoz Battle Terrain, a guided lab)",
    "Does the barrier make games longer? If it holds planes back, would they be shorter without it?",
]


def test_the_checker_flags_the_old_result_prose() -> None:
    claims = " ".join(result_claims(OLD_04)).lower()
    for phrase in ("'we saw'", "'when we ran'", "'about 78 actions'", "'78 actions longer'", "'+40%'",
                   "'clearly more'", "'more than noise'", "'distinguishable from noise'", "'decides how'",
                   "'about 4 points'"):
        assert phrase in claims, (phrase, claims)
    assert result_claims("The bonus chop was not distinguishable from noise.")
    assert result_claims("Without it, seat 1's win rate falls by 3.6 points.")
    assert result_claims("Under the tests the verdict there is always \"noise\".")
    assert result_claims("Games were 12.5 actions shorter.")
    assert result_claims("Does it matter? It turns out it does not matter.")
    assert result_claims('The summary is "more than noise".')  # no method cue before the quote: a claim
    assert result_claims("In the end the change is **not distinguishable from noise**.")
    assert result_claims("Rulebook battles took -12% time.")
    assert not result_claims("The 10-90% range of lengths and a 95% interval.")


@pytest.mark.parametrize("text", METHOD)
def test_the_checker_passes_method_text(text: str) -> None:
    assert result_claims(text) == []


# -- the notebooks --------------------------------------------------------------------------------------------
def test_there_are_lab_notebooks() -> None:
    names = [p.name for p in NOTEBOOKS]
    assert len(names) >= 6 and set(GUIDED) <= set(names), names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_markdown_states_no_result(path: Path) -> None:
    bad = [f"{path.name} cell {i}: {claim}" for i, text in markdown_cells(path) for claim in result_claims(text)]
    assert not bad, "Markdown states a result; print it from the numbers instead:\n" + "\n".join(bad)


GENERATED = re.compile(r"\.conclusions\(\)|\bverdict\(|print\([^\n]*\.summary\(\)")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_notebook_that_plays_prints_generated_conclusions(path: Path) -> None:
    cells = code_cells(path)
    if not any("simulate(" in c or ".run()" in c for c in cells):
        pytest.skip("plays no games")
    assert any(GENERATED.search(c) for c in cells), f"{path.name} plays games but prints no generated conclusion"
    own = [c for c in cells if re.search(r"^\s*def (verdict|conclusions?)\b", c, re.MULTILINE)]
    assert not own, f"{path.name} defines its own verdict: use tabletop.sim.verdict / Comparison.conclusions()"


@pytest.mark.parametrize("name", GUIDED)
def test_guided_labs_print_conclusions_from_the_package(name: str) -> None:
    cells = code_cells(LABS / name)
    uses = [c for c in cells if re.search(r"\.conclusions\(\)|\bverdict\(", c) and "print" in c]
    assert uses, f"{name}: no code cell prints Comparison.conclusions() or tabletop.sim.verdict()"
