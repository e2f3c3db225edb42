"""The browser fixture's skip/fail policy and notebook helpers (no browser needed)."""

from __future__ import annotations

import json

import pytest

from tests.browser import fixtures as fx


def test_missing_browser_skips_locally_and_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no chromium"):
        fx._missing("no chromium found")
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        fx._missing("no chromium found")


def test_find_chromium_prefers_the_env_variable(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    fake = tmp_path / "my-chrome"
    fake.write_text("")
    monkeypatch.setenv("TABLETOP_CHROMIUM", str(fake))
    assert fx.find_chromium() == str(fake)


def test_lab_settings_turn_off_virtualisation_and_news(tmp_path) -> None:
    fx._write_settings(tmp_path / "s")
    tracker = json.loads((tmp_path / "s/@jupyterlab/notebook-extension/tracker.jupyterlab-settings").read_text())
    notes = json.loads((tmp_path / "s/@jupyterlab/apputils-extension/notification.jupyterlab-settings").read_text())
    assert tracker["windowingMode"] == "none" and tracker["autoStartDefaultKernel"] is True
    assert notes == {"fetchNews": "false", "checkForUpdates": False}


def test_browser_test_notebooks_are_stored_without_outputs() -> None:
    for nb in (fx.REPO / "tests" / "browser" / "notebooks").glob("*.ipynb"):
        data = json.loads(nb.read_text())
        for cell in data["cells"]:
            assert cell.get("outputs", []) == [] and cell.get("execution_count") is None, nb.name
