"""Borrow the front-end kit's real-browser fixtures (``lab``) for the Xevoz browser test, when they exist."""

from __future__ import annotations

try:  # the kit's fixtures live in tests/browser/conftest.py
    from tests.browser.conftest import chromium, lab, lab_server  # noqa: F401
except ImportError:  # pragma: no cover - the browser kit is not merged yet: the browser test skips
    pass
