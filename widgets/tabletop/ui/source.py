"""A rule's code, for learners: the tabletop version of "view source" (issue 22).

Every rule of a game is named by a clause id, and the reference engine writes that id beside the code that carries
the rule out (``ctx.emit("zaxxon.radar-barrier", ...)``, ``IllegalAction("zaxxon.board", ...)``,
``option(..., rule="zaxxon.turn-cap")``, a ``# zaxxon.spinner`` comment). :func:`clause_source` finds those places
in the game's reference modules and returns, for each, the function around it, its file and lines, split into
highlighted tokens; a clause chip on a board or in a lesson shows them (``ui/static/source.js``).

Only the reference engine is read: ``rules.py`` first, then the modules it is split into (set-up, variant,
actions, state, queries); never the fast path, whose code is proven equal to the reference by a test, not meant to
be read. The code is sent as text segments, each with a kind (keyword, string, comment, ...): the browser sets
them with ``textContent`` (nothing is ever rendered as HTML).
"""

from __future__ import annotations

import ast
import builtins
import io
import keyword
import re
import sys
import tokenize
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

#: the reference modules of a game, in the order they are searched (the fast path is never shown)
REFERENCE_MODULES = ("rules.py", "setup.py", "variant.py", "actions.py", "state.py", "queries.py")
#: a clause id as the catalogs write them ("zaxxon.radar-barrier")
CLAUSE_ID = re.compile(r"^[a-z][a-z0-9_]*(?:\.[a-z0-9][a-z0-9_-]*)+$")
MAX_SNIPPETS = 4
#: a function longer than this is shown as a window around the clause's lines
MAX_LINES = 40
WINDOW = 8
#: the repository's folder for the package (paths are shown as a reader finds them in the repository)
_PACKAGE_ROOT = Path(__file__).resolve().parents[1]
_BUILTINS = frozenset(n for n in dir(builtins) if not n.startswith("_"))


class SourceError(ValueError):
    """A request for a clause's code that cannot be answered: ``field`` names what was wrong."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


@dataclass(frozen=True)
class Snippet:
    """One place that carries a clause out: ``path`` (as in the repository), the function's qualified ``name``,
    its first and last lines, the lines naming the clause (``marks``) and the code, one list of
    ``(kind, text)`` segments per line."""

    path: str
    name: str
    start: int
    end: int
    marks: tuple[int, ...]
    lines: tuple[tuple[tuple[str, str], ...], ...]
    #: a function (code that acts) rather than a declaration (a field, a table, a constant)
    function: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "name": self.name, "start": self.start, "end": self.end,
                "marks": list(self.marks), "lines": [[list(seg) for seg in line] for line in self.lines]}

    @property
    def text(self) -> str:
        """The code as plain text (what a reader copies)."""
        return "\n".join("".join(t for _, t in line) for line in self.lines)


def game_folder(rules: Any) -> Path:
    """The folder of a game's package, from its rules object (or class)."""
    cls = rules if isinstance(rules, type) else type(rules)
    mod = sys.modules.get(cls.__module__)
    file = getattr(mod, "__file__", None)
    if not file:
        raise SourceError("game", f"the rules {cls.__name__} have no source file")
    return Path(file).resolve().parent


def clause_source(rules: Any, clause: Any, *, catalog: Any = None, limit: int = MAX_SNIPPETS) -> list[Snippet]:
    """The code that carries out ``clause`` in the reference engine of ``rules``' game, most telling first
    (rules.py before the modules it is split into; in each, in file order). ``catalog`` (a
    :class:`~tabletop.engine.catalog.Catalog`, or anything supporting ``in``) refuses ids the game does not have.
    Raises :class:`SourceError` naming the field for a malformed or unknown id; returns ``[]`` for a clause no
    code names (a rule the board states, such as the box's contents)."""
    if not isinstance(clause, str) or not CLAUSE_ID.match(clause) or len(clause) > 80:
        raise SourceError("rule", "a clause id is text like \"zaxxon.radar-barrier\"")
    if catalog is not None and clause not in catalog:
        raise SourceError("rule", f"{clause} is not a clause of this game's rulebook")
    found: list[Snippet] = []
    folder = game_folder(rules)
    for name in REFERENCE_MODULES:
        path = folder / name
        if path.is_file():
            found.extend(_snippets(path, clause))
    # the code that acts first (functions), then the declarations naming the rule (a variant's option, a table)
    found.sort(key=lambda s: not s.function)
    return found[:limit]


def source_message(rules: Any, clause: Any, catalog: Any = None) -> dict[str, Any]:
    """The answer a board or lesson sends for a ``{type: "source", rule}`` message: the snippets, or the field
    and reason it was refused (nothing raises)."""
    try:
        snippets = clause_source(rules, clause, catalog=catalog)
    except SourceError as exc:
        return {"type": "source", "rule": clause[:80] if isinstance(clause, str) else None, "error": str(exc)}
    return {"type": "source", "rule": clause, "snippets": [s.to_dict() for s in snippets],
            "note": None if snippets else
            f"No code names {clause}: the rule is stated by the board or the lesson, not carried out by a move."}


# -- finding the places ---------------------------------------------------------------------------------------
def _snippets(path: Path, clause: str) -> list[Snippet]:
    hits = _hit_lines(path, clause)
    if not hits:
        return []
    text, tree = _parsed(path, path.stat().st_mtime_ns)
    lines = text.splitlines()
    out: list[Snippet] = []
    seen: set[tuple[int, int]] = set()
    for line in hits:
        start, end, name, function = _place(tree, line)
        if (start, end) in seen:
            continue
        seen.add((start, end))
        marks = tuple(h for h in hits if start <= h <= end)
        if end - start + 1 > MAX_LINES:  # a long function: the window around its clause lines
            lo, hi = max(start, marks[0] - WINDOW), min(end, marks[-1] + WINDOW)
            if hi - lo + 1 > MAX_LINES:
                hi = lo + MAX_LINES - 1
            start, end = lo, hi
            marks = tuple(m for m in marks if start <= m <= end)
        out.append(Snippet(path=_shown_path(path), name=name, start=start, end=end, marks=marks,
                           lines=_highlight(lines, start, end), function=function))
    return out


@cache
def _parsed(path: Path, _mtime: int) -> tuple[str, ast.Module]:
    text = path.read_text(encoding="utf-8")
    return text, ast.parse(text)


def _first(node: ast.stmt) -> int:
    decorators: list[ast.expr] = getattr(node, "decorator_list", [])
    return min([node.lineno, *(d.lineno for d in decorators)])


def _name(node: ast.stmt, prefix: str) -> str:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return prefix + node.name
    if isinstance(node, ast.Assign):
        return prefix + ast.unparse(node.targets[0])
    if isinstance(node, ast.AnnAssign):
        return prefix + ast.unparse(node.target)
    return prefix.rstrip(".") or "(module)"


def _place(tree: ast.Module, line: int) -> tuple[int, int, str, bool]:
    """The unit of code a clause line belongs to: its function (a method, with any function inside it), else the
    statement of a class or module body around it (a field, a table); a comment between statements belongs to
    the statement after it (a section's heading lists the clauses of the code below it)."""
    body: list[ast.stmt] = tree.body
    prefix = ""
    while True:
        around = next((n for n in body if _first(n) <= line <= (n.end_lineno or n.lineno)), None)
        if around is None:
            after = next((n for n in body if _first(n) > line), None)
            if after is None:
                return line, line, prefix.rstrip(".") or "(module)", False
            return line, after.end_lineno or after.lineno, _name(after, prefix), _is_function(after)
        if isinstance(around, ast.ClassDef) and line > around.lineno:
            prefix += around.name + "."
            body = around.body
            continue
        return _first(around), around.end_lineno or around.lineno, _name(around, prefix), _is_function(around)


def _is_function(node: ast.stmt) -> bool:
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))


def _hit_lines(path: Path, clause: str) -> list[int]:
    """The lines of ``path`` where ``clause`` is written as a whole string or in a comment (not as part of a
    longer id)."""
    return list(_index(path, path.stat().st_mtime_ns).get(clause, ()))


_ID_IN_TEXT = re.compile(r"(?<![\w.-])([a-z][a-z0-9_]*(?:\.[a-z0-9][a-z0-9_-]*)+)(?![\w-])")


@cache
def _index(path: Path, _mtime: int) -> dict[str, tuple[int, ...]]:
    """Every clause-like id of a file, with the lines naming it: string literals equal to it, comments naming it
    (read again when the file changes: a hobbyist edits the rules)."""
    text = path.read_text(encoding="utf-8")
    found: dict[str, set[int]] = {}
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.STRING:
            try:
                value = ast.literal_eval(tok.string)
            except (ValueError, SyntaxError):
                continue
            if isinstance(value, str) and CLAUSE_ID.match(value):
                found.setdefault(value, set()).add(tok.start[0])
        elif tok.type == tokenize.COMMENT:
            for m in _ID_IN_TEXT.finditer(tok.string):
                found.setdefault(m.group(1), set()).add(tok.start[0])
    return {k: tuple(sorted(v)) for k, v in found.items()}


def _shown_path(path: Path) -> str:
    try:
        rel = path.resolve().relative_to(_PACKAGE_ROOT.parent)
    except ValueError:
        return path.name
    # installed from the repository (editable): the reader finds it under widgets/
    prefix = "widgets/" if (_PACKAGE_ROOT.parent.name == "widgets") else ""
    return prefix + rel.as_posix()


# -- highlighting ---------------------------------------------------------------------------------------------
def _highlight(lines: list[str], start: int, end: int) -> tuple[tuple[tuple[str, str], ...], ...]:
    """Lines ``start``..``end`` (1-based) as ``(kind, text)`` segments: kinds are "kw", "str", "com", "num",
    "def" (a name being defined), "builtin", "deco" and "" (anything else). The segments of a line join back to
    the line exactly."""
    chunk = lines[start - 1:end]
    src = "\n".join(chunk) + "\n"
    kinds: list[list[tuple[int, int, str]]] = [[] for _ in chunk]  # per line: (col0, col1, kind)
    prev = ""
    try:
        for tok in tokenize.generate_tokens(io.StringIO(src).readline):
            kind = _kind(tok, prev)
            if tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
                prev = tok.string
            if not kind:
                continue
            (r0, c0), (r1, c1) = tok.start, tok.end
            for r in range(r0, r1 + 1):
                if 1 <= r <= len(chunk):
                    a = c0 if r == r0 else 0
                    b = c1 if r == r1 else len(chunk[r - 1])
                    kinds[r - 1].append((a, b, kind))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass  # a window that cuts a bracket or a string: what was read so far is kept, the rest is plain
    out = []
    for i, line in enumerate(chunk):
        segs: list[tuple[str, str]] = []
        col = 0
        for a, b, kind in sorted(kinds[i]):
            if a < col:
                continue
            if a > col:
                segs.append(("", line[col:a]))
            segs.append((kind, line[a:b]))
            col = b
        if col < len(line):
            segs.append(("", line[col:]))
        out.append(tuple(segs))
    return tuple(out)


def _kind(tok: tokenize.TokenInfo, prev: str) -> str:
    if tok.type == tokenize.COMMENT:
        return "com"
    if tok.type == tokenize.STRING or tok.type in _FSTRING_TOKENS:
        return "str"
    if tok.type == tokenize.NUMBER:
        return "num"
    if tok.type == tokenize.NAME:
        if prev in ("def", "class"):
            return "def"
        if keyword.iskeyword(tok.string):
            return "kw"
        if tok.string in _BUILTINS:
            return "builtin"
        if prev == "@":
            return "deco"
    return ""


_FSTRING_TOKENS = frozenset(getattr(tokenize, n) for n in ("FSTRING_START", "FSTRING_MIDDLE", "FSTRING_END")
                            if hasattr(tokenize, n))
