"""Load one of the repository's scripts (benchmarks/*.py) as a module, by its path: the scripts are not a package,
and their tests call their ``main(argv)`` in process."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(path: str, name: str | None = None) -> ModuleType:
    """The module of the script at ``path`` (relative to the repository root), freshly executed each call."""
    file = ROOT / path
    spec = importlib.util.spec_from_file_location(name or file.stem, file)
    assert spec and spec.loader, f"cannot load {file}"
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
