"""Repository-wide checks: every rule clause is tested, layers point one way, notebooks are clean."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import games
from tabletop.engine import coverage, load_catalog

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "widgets" / "tabletop"
TEST_FILES = sorted(p for p in (ROOT / "tests").rglob("*.py"))
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


@pytest.mark.parametrize("name", games.available())
def test_every_catalog_clause_is_named_by_a_test(name: str) -> None:
    rules = games.get(name).Rules()
    assert rules.catalog_path is not None, f"{name} has no rule catalog"
    cat = load_catalog(rules.catalog_path)
    own_tests = [p for p in TEST_FILES if "kit" not in p.parts and p.name != "test_repository.py"]
    cov = coverage(cat, own_tests, NOTEBOOKS)
    untested = [cid for cid, where in cov.items() if not where["tests"]]
    assert not untested, f"{name}: clauses with no test naming them: {untested}"


@pytest.mark.parametrize("name", games.available())
def test_game_package_exposes_the_protocol(name: str) -> None:
    mod = games.get(name)
    for attr in ("new_game", "load", "Rules", "Variant", "BOTS"):
        assert hasattr(mod, attr), f"tabletop.{name} lacks {attr}"
    g = mod.new_game(seed=5)
    assert g.rules.name == name and g.legal_actions(), "a new game must offer legal actions"
    assert {"random"} <= set(mod.BOTS)
    again = mod.load(json.loads(json.dumps(g.save())))
    assert again.state == g.state


FORBIDDEN_MODULES = ("anywidget", "ipywidgets", "plotly", "traitlets", "IPython")
FORBIDDEN_PROJECT = ("tabletop.ui", "tabletop.lab", "..ui", "..lab", ".widget", "tabletop.games")


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(("." * node.level) + node.module)
    return out


def _forbidden(imp: str) -> bool:
    top = imp.split(".")[0]
    return top in FORBIDDEN_MODULES or any(imp == f or imp.startswith(f + ".") for f in FORBIDDEN_PROJECT)


def test_layers_point_one_way() -> None:
    """The kit and the rules engines import no widget, plotting or lab code (a game's widget.py may)."""
    engine_files = list((PKG / "engine").rglob("*.py"))
    for name in games.GAMES:
        d = PKG / name
        if d.exists():
            engine_files += [p for p in d.rglob("*.py") if p.name not in ("widget.py", "__init__.py")]
    offenders = [f"{p.relative_to(ROOT)} imports {imp}" for p in engine_files for imp in _imports(p)
                 if _forbidden(imp)]
    assert not offenders, offenders
    kit_out = [f"{p.name}: {i}" for p in (PKG / "engine").rglob("*.py") for i in _imports(p)
               if i.startswith("tabletop.") and not i.startswith("tabletop.engine") or i.startswith("..")]
    assert not kit_out, f"the kit reaches outside itself: {kit_out}"


def test_notebooks_are_stored_without_outputs() -> None:
    r = subprocess.run([sys.executable, str(ROOT / ".ci" / "check_notebooks.py"), str(ROOT / "notebooks")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_start_here_notebook_links_every_notebook() -> None:
    start = ROOT / "notebooks" / "00_start_here.ipynb"
    text = "".join("".join(c["source"]) for c in json.loads(start.read_text())["cells"])
    missing = [str(p.relative_to(ROOT / "notebooks")) for p in NOTEBOOKS
               if p != start and str(p.relative_to(ROOT / "notebooks")) not in text]
    assert not missing, f"00_start_here.ipynb does not link: {missing}"
