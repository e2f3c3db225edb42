"""Hold ruff's C901 exceptions to the functions they name (run by `make lint`).

pyproject.toml turns C901 off per file for the functions above the limit today, each named on its line with its
complexity: ``"path" = ["C901"]  # name (N), other (M): why``. A per-file exception would also hide any new complex
function in that file, so this runs ruff's C901 check with no configuration (every file, the same limit) and fails
on a function that is not named in its file's exception, one whose complexity grew past its figure, and a named
function that is no longer above the limit (its exception should go).

    python .ci/check_complexity.py [RUFF]      # RUFF: the ruff executable (default: ruff beside this Python)
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PATHS = ["widgets", "tests", "benchmarks"]
LINE = re.compile(r'^"(?P<path>[^"]+)"\s*=\s*\[[^\]]*"C901"[^\]]*\]\s*#\s*(?P<why>.*)$')
NAMED = re.compile(r"(\w+) \((\d+)\)")
FOUND = re.compile(r"`(\w+)` is too complex \((\d+) > \d+\)")


def exceptions(text: str) -> dict[str, dict[str, int]]:
    """Each excepted file's named functions and their figures, from pyproject.toml's lines."""
    out: dict[str, dict[str, int]] = {}
    for line in text.splitlines():
        m = LINE.match(line.strip())
        if m:
            out[m["path"]] = {name: int(n) for name, n in NAMED.findall(m["why"].split(":")[0])}
    return out


def main(argv: list[str]) -> int:
    ruff = argv[1] if len(argv) > 1 else str(Path(sys.executable).with_name("ruff"))
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    limit = tomllib.loads(text)["tool"]["ruff"]["lint"]["mccabe"]["max-complexity"]
    allowed = exceptions(text)
    run = subprocess.run([ruff, "check", "--isolated", "--select", "C901", "--config",
                          f"lint.mccabe.max-complexity={limit}", "--output-format", "json", *PATHS],
                         cwd=ROOT, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        print(run.stderr, file=sys.stderr)
        return 2
    problems = []
    seen: dict[str, set[str]] = {}
    for d in json.loads(run.stdout):
        path = Path(d["filename"]).resolve().relative_to(ROOT).as_posix()
        m = FOUND.search(d["message"])
        if not m:
            continue
        name, n = m[1], int(m[2])
        seen.setdefault(path, set()).add(name)
        where = f"{path}:{d['location']['row']}: {name} ({n} > {limit})"
        if name not in allowed.get(path, {}):
            problems.append(f"{where} is not named in pyproject.toml's C901 exceptions: simplify it (or name and "
                            "justify it there)")
        elif n > allowed[path][name]:
            problems.append(f"{where} grew past its exception's figure ({allowed[path][name]})")
    for path, names in allowed.items():
        for name in names:
            if name not in seen.get(path, set()):
                problems.append(f"{path}: {name} is at most {limit} now: take it out of pyproject.toml's C901 "
                                "exceptions")
        if not names:
            problems.append(f"{path}: its C901 exception names no function (write `# name (N): why`)")
    for p in problems:
        print(p, file=sys.stderr)
    print(f"C901 exceptions: {sum(map(len, allowed.values()))} functions in {len(allowed)} files, "
          f"{'all as named' if not problems else f'{len(problems)} problem(s)'}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
