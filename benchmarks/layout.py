"""The engine layout figures of issue 22: lines per file of each game's package, before and after, and the share
of each ``rules.py`` that is rule logic.

    python benchmarks/layout.py                  # before = fcc7801 (the last commit before the split), after = the tree
    python benchmarks/layout.py --before REV --markdown

How a ``rules.py`` line is counted (by Python's own parser, the same way for both revisions, so the figure is
reproducible; it reads the code's shape, not its meaning):

- **rule logic**: a code line inside the body of a function or method (its docstring left out), unless the
  function is plumbing;
- **plumbing**: the body of a function that implements no clause: the protocol's serialisation and set-up
  (``to_json``, ``position``, ``set_up``, ``describe``, ``copy_state``), caches made in ``__init__``, a search
  bot's ``evaluate``, ``__repr__``, and any function whose whole body is one statement calling into another module
  of the package (``return setup.position(self, state)``);
- **declarations**: every other code line (imports, constants, tables, class headers and class attributes);
- **docs**: docstrings and lines holding only a comment; **blank**: empty lines.

The share of rule logic is given of all lines and of the code lines (all lines but docs and blank ones), and as
the issue counted it (:func:`attribute`: its kinds sum to 100%, each line of documentation counted with the code
it documents; the goal "at least 80% of each rules.py's lines are rule logic" is judged on that column).
"""

from __future__ import annotations

import argparse
import ast
import io
import subprocess
import sys
import tokenize
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("xevious", "xevoz", "zaxxon")
BEFORE = "fcc7801"
#: functions that implement no clause (see the module's docstring)
PLUMBING = frozenset({"__init__", "to_json", "position", "set_up", "describe", "copy_state", "evaluate", "__repr__"})
KINDS = ("rule logic", "plumbing", "declarations", "docs", "blank")


def files_at(rev: str | None, game: str) -> dict[str, str]:
    """The ``.py`` files of the game's package at ``rev`` (``None``: the working tree), by name, with their text."""
    base = f"widgets/tabletop/{game}"
    if rev is None:
        return {p.name: p.read_text() for p in sorted((ROOT / base).glob("*.py"))}
    names = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", f"{rev}:{base}"], check=True,
                           capture_output=True, text=True).stdout.split()
    return {n: subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{base}/{n}"], check=True, capture_output=True,
                              text=True).stdout for n in names if n.endswith(".py")}


def _docstring_lines(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(
                    first.value.value, str):
                out.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return out


def _comment_lines(text: str) -> set[int]:
    """Lines whose only token is a comment."""
    code: set[int] = set()
    comments: set[int] = set()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            comments.add(tok.start[0])
        elif tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER):
            code.update(range(tok.start[0], tok.end[0] + 1))
    return comments - code


def _module_names(tree: ast.Module) -> set[str]:
    """Names the module binds to other modules (``from . import setup, texts``; ``import json``)."""
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level and node.module is None:
            out.update(a.asname or a.name for a in node.names)
        elif isinstance(node, ast.Import):
            out.update((a.asname or a.name).split(".")[0] for a in node.names)
    return out


def _delegates(fn: ast.FunctionDef | ast.AsyncFunctionDef, modules: set[str]) -> bool:
    """Whether the function's whole body (its docstring left out) is one call into another module."""
    body = fn.body[1:] if fn.body and isinstance(fn.body[0], ast.Expr) and isinstance(
        getattr(fn.body[0], "value", None), ast.Constant) else fn.body
    if len(body) != 1 or not isinstance(body[0], ast.Return | ast.Expr) or body[0].value is None:
        return False
    call = body[0].value
    if not isinstance(call, ast.Call):
        return False
    f = call.func
    while isinstance(f, ast.Attribute):
        f = f.value
    return isinstance(f, ast.Name) and f.id in modules


def _function_lines(tree: ast.Module) -> dict[int, str]:
    """Each line inside a function, with the function's kind ("rule logic" or "plumbing"); outer functions come
    first, so a nested function counts as its outer one does."""
    modules = _module_names(tree)
    kind_of: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            kind = "plumbing" if node.name in PLUMBING or _delegates(node, modules) else "rule logic"
            for ln in range(node.lineno, (node.end_lineno or node.lineno) + 1):
                kind_of.setdefault(ln, kind)
    return kind_of


def classify(text: str) -> Counter[str]:
    """Lines of one ``rules.py`` by kind (see the module's docstring)."""
    tree = ast.parse(text)
    lines = text.splitlines()
    docs = _docstring_lines(tree) | _comment_lines(text)
    kind_of = _function_lines(tree)
    out: Counter[str] = Counter()
    for i, line in enumerate(lines, start=1):
        if not line.strip():
            out["blank"] += 1
        elif i in docs:
            out["docs"] += 1
        else:
            out[kind_of.get(i, "declarations")] += 1
    return out


def attribute(text: str) -> Counter[str]:
    """Lines of one ``rules.py`` by kind as the issue counted them (its five kinds, rule logic, plumbing, sentences,
    set-up and declarations, sum to 100%: a line of documentation belongs to the code it documents). A docstring or
    comment inside a function counts as that function does; one outside any function counts as the next code line
    does (a comment above a constant documents the constant: declarations); a blank line counts as the line above
    it; the module's docstring is declarations."""
    tree = ast.parse(text)
    lines = text.splitlines()
    docs = _docstring_lines(tree) | _comment_lines(text)
    kind_of = _function_lines(tree)
    first = tree.body[0] if tree.body else None
    module_doc = set(range(first.lineno, (first.end_lineno or 0) + 1)) if (
        isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)) else set()
    kinds: list[str] = ["declarations"] * len(lines)
    # outside functions: a documentation line takes the kind of the next code line (a blank one, of the line above)
    nxt = "declarations"
    for i in range(len(lines), 0, -1):
        if i in kind_of:
            kinds[i - 1] = nxt = kind_of[i]
        elif i in module_doc:
            kinds[i - 1] = "declarations"
        elif lines[i - 1].strip() and i not in docs:
            kinds[i - 1] = nxt = "declarations"
        else:
            kinds[i - 1] = nxt
    prev = "declarations"
    for i, line in enumerate(lines, start=1):
        if not line.strip() and i not in kind_of:
            kinds[i - 1] = prev
        prev = kinds[i - 1]
    return Counter(kinds)


def report(before: str) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for game in GAMES:
        old, new = files_at(before, game), files_at(None, game)
        out[game] = {"before": {n: t.count("\n") for n, t in old.items()},
                     "after": {n: t.count("\n") for n, t in new.items()},
                     "rules_before": classify(old["rules.py"]), "rules_after": classify(new["rules.py"]),
                     "text_before": old["rules.py"], "text_after": new["rules.py"]}
    return out


def _share(c: Counter[str]) -> tuple[float, float]:
    total = sum(c.values())
    code = total - c["docs"] - c["blank"]
    return c["rule logic"] / total, c["rule logic"] / code if code else 0.0


def _attributed(text: object) -> str:
    assert isinstance(text, str)
    c = attribute(text)
    return f"{c['rule logic'] / sum(c.values()):.1%}"


def markdown(data: dict[str, dict[str, object]], before: str) -> str:
    out = [f"### Lines per file (before: `{before}`, the last commit before the split; after: this tree)", ""]
    for game, row in data.items():
        old, new = row["before"], row["after"]
        assert isinstance(old, dict) and isinstance(new, dict)
        out += [f"**{game}**", "", "| file | before | after |", "|---|---:|---:|"]
        for name in sorted(set(old) | set(new), key=lambda n: (n != "rules.py", n)):
            out.append(f"| {name} | {old.get(name, '-')} | {new.get(name, '-')} |")
        out += [f"| all | {sum(old.values())} | {sum(new.values())} |", ""]
    out += ["### The share of each rules.py that is rule logic (benchmarks/layout.py: how lines are counted is in its "
            "docstring)", "", "| game | rules.py lines before -> after | " + " | ".join(KINDS) + " (after) | "
            "rule logic of all lines, before -> after | of code lines, before -> after | as the issue counts (docs "
            "with their code), before -> after (goal >= 80%) |",
            "|---|---:|" + "---:|" * len(KINDS) + "---:|---:|---:|"]
    for game, row in data.items():
        cb, ca = row["rules_before"], row["rules_after"]
        assert isinstance(cb, Counter) and isinstance(ca, Counter)
        (ab, cb_), (aa, ca_) = _share(cb), _share(ca)
        out.append(f"| {game} | {sum(cb.values())} -> {sum(ca.values())} | "
                   + " | ".join(str(ca[k]) for k in KINDS)
                   + f" | {ab:.0%} -> {aa:.0%} | {cb_:.0%} -> {ca_:.0%} | {_attributed(row['text_before'])} -> "
                   f"{_attributed(row['text_after'])} |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", default=BEFORE, help=f"the revision before the split (default {BEFORE})")
    ap.add_argument("--markdown", action="store_true", help="print markdown tables (default: the same)")
    args = ap.parse_args(argv)
    sys.stdout.write(markdown(report(args.before), args.before))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
