"""The lab's browser test uses the front-end kit's JupyterLab + Chromium fixtures."""

from tests.browser.conftest import chromium, lab, lab_server  # noqa: F401
