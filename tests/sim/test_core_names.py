"""sim/core.py was split by job (resolve, worker, forks, draws, tasks, progress): every name that code, tests and
notebooks imported from ``tabletop.sim.core`` before the split is still there, and is the very object of the module
that now holds it (so a monkeypatch of a class, or an item of a cache, reaches the code that uses it)."""

from __future__ import annotations

import importlib

import tabletop.sim
from tabletop.sim import core

#: the module-level names of sim/core.py before the split, and the part that holds each now
BEFORE = {
    "resolve": ["UnknownName", "check_int", "check_variant_types", "game_label", "make_variant", "resolve_bots",
                "resolve_game", "variant_labels", "_fits", "_kind", "_type_name"],
    "worker": ["MAX_STEPS", "play_one", "_CACHE", "_RULE_SEAT", "_VARIANTS", "_bot_seeds", "_play_one",
               "_rules_for", "_run", "_variant_for"],
    "forks": ["FORK_EVERY", "play_seeds", "_WATCHED", "_Forks", "_Watch", "_differing", "_resume", "_watching"],
    "draws": ["_COUNTING", "_COUNTS", "_count_draws", "_counts_exactly", "_uncount_draws"],
    "tasks": ["CHUNK_SECONDS", "EXECUTORS", "MAX_CHUNK", "Chunk", "_Tasks", "_chunk_size"],
    "progress": ["Cancel", "Progress", "TextProgress", "WidgetProgress", "_auto_progress", "_in_notebook"],
    "core": ["simulate"],
}


def test_every_name_of_the_old_core_is_importable_from_core_and_is_its_part_s_own() -> None:
    missing, other = [], []
    for part, names in BEFORE.items():
        mod = importlib.import_module(f"tabletop.sim.{part}")
        for name in names:
            if not hasattr(core, name):
                missing.append(name)
            elif getattr(core, name) is not getattr(mod, name):
                other.append(f"{name} (core's is not tabletop.sim.{part}'s)")
    assert not missing and not other, f"missing from tabletop.sim.core: {missing}; not the same object: {other}"
    assert set(core.__all__) == {n for names in BEFORE.values() for n in names} | {"GameRecord", "SimResults"}


def test_the_package_still_offers_the_core_names_it_offered() -> None:
    for name in ["Cancel", "TextProgress", "WidgetProgress", "play_one", "play_seeds", "simulate"]:
        assert getattr(tabletop.sim, name) is getattr(core, name), name
