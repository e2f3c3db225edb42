"""Fixtures of the Super Xevious tests: the browser ``lab`` (the front-end kit's when present, else ours)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .browser_lab import xv_chromium, xv_lab, xv_lab_server  # noqa: F401 - fixtures


@pytest.fixture
def board_lab(request: pytest.FixtureRequest) -> Iterator[Any]:
    """The kit's ``lab`` fixture if the kit provides one here, else the xevious fallback."""
    try:
        yield request.getfixturevalue("lab")
    except pytest.FixtureLookupError:
        yield request.getfixturevalue("xv_lab")
