"""Fail when a notebook is stored with outputs or execution counts (notebooks are committed clean)."""

from __future__ import annotations

import json
import sys
from pathlib import Path


def dirty(root: Path) -> list[str]:
    bad = []
    for p in sorted(root.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in p.parts:
            continue
        try:
            nb = json.loads(p.read_text(encoding="utf-8"))
        except ValueError as exc:
            bad.append(f"{p}: not valid JSON ({exc})")
            continue
        for i, cell in enumerate(nb.get("cells", [])):
            if cell.get("cell_type") == "code" and (cell.get("outputs") or cell.get("execution_count")):
                bad.append(f"{p}: cell {i} has outputs; strip them (nbstripout {p})")
                break
    return bad


if __name__ == "__main__":
    roots = [Path(a) for a in sys.argv[1:]] or [Path("notebooks")]
    problems = [b for r in roots for b in dirty(r)]
    print("\n".join(problems) if problems else f"notebooks clean: {', '.join(map(str, roots))}")
    sys.exit(1 if problems else 0)
