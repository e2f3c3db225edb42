"""Component files load, validate and refuse bad data with clear reasons; the catalog is fully tested."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tabletop.engine import coverage, load_catalog
from tabletop.xevoz import Rules
from tabletop.xevoz.data import DATA_DIR, DataError, components, load_components


def test_components_complete() -> None:
    c = components()
    assert len(c.species) == 8 and len({s.shape for s in c.species.values()}) == 8
    assert len(c.glyphs) >= 24
    assert {g.species for g in c.glyphs.values()} == set(c.species)
    assert {m.species for m in c.mats.values()} == set(c.species)  # one mat per species
    assert any(not m.warps for m in c.mats.values())  # not all mats have warp spaces
    for f in c.figures.values():
        assert 24 <= f.n_parts <= 28 and f.drain >= 0 and len(f.helix) == 6
        drains = [g for g, _ in f.helix if c.glyphs[g].is_drain]
        assert len(drains) == 1  # one DRAIN ATTACK glyph per kit
    names = {f.name for f in c.figures.values()}
    assert {"Razorclaw", "Thunder Shaman", "Sledge Trooper", "Skull Jack"} <= names


def test_every_glyph_has_its_power_part_on_some_figure() -> None:
    c = components()
    carried = {n for f in c.figures.values() for n in f.part_names}
    assert {g.part for g in c.glyphs.values()} <= carried


@pytest.mark.parametrize("file, old, new, message", [
    ("glyphs.toml", 'white = "7 sword"', 'white = "7 laser"', "unknown action symbol 'laser'"),
    ("glyphs.toml", 'white = "7 sword"', 'white = "sword"', "strength"),
    ("glyphs.toml", 'species = "meta-beast"', 'species = "gremlin"', "unknown species 'gremlin'"),
    ("mats.toml", 'start = ["C3", "D3"]', 'start = ["C3", "E3"]', "next to each other"),
    ("mats.toml", 'warps = [["A1", "sectoid"]', 'warps = [["A1", "meta-beast"]', "same mat"),
    ("mats.toml", '["B4", "meta-beast", 3]', '["Z9", "meta-beast", 3]', "off a 6x6 mat"),
    ("figures.toml", "    drain Drain Spike [drain]", "    drain Drain Spike [drain]\n    d2 Extra [drain]",
     "more than one DRAIN ATTACK"),
    ("figures.toml", '"razor-claw", "bone-blade"', '"storm-staff", "bone-blade"', "lacks"),
    ("species.toml", 'shape = "circle"', 'shape = "blob"', "shape 'blob'"),
])
def test_bad_data_is_refused_with_a_reason(tmp_path: Path, file: str, old: str, new: str, message: str) -> None:
    for p in DATA_DIR.glob("*.toml"):
        shutil.copy(p, tmp_path / p.name)
    text = (tmp_path / file).read_text()
    assert old in text
    (tmp_path / file).write_text(text.replace(old, new, 1))
    with pytest.raises(DataError, match=message):
        load_components(tmp_path)


def test_every_clause_is_named_by_a_test() -> None:
    cat = load_catalog(Rules.catalog_path)
    tests = sorted(Path(__file__).parent.glob("*.py"))
    cov = coverage(cat, tests, [])
    missing = [cid for cid, where in cov.items() if not where["tests"]]
    assert not missing, f"clauses without a test: {missing}"
    assert len(cat.clauses) >= 40
