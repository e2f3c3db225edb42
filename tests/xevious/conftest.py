"""Fixtures of the Super Xevious tests: the front-end kit's browser fixtures (JupyterLab + Chromium)."""

from tests.browser.conftest import chromium, lab, lab_server  # noqa: F401 - fixtures used by test_browser.py
