"""Repository-wide test configuration."""

import pytest

# Notebooks used only as fixtures by the browser tests are not product notebooks: nbmake skips them.
collect_ignore_glob = ["browser/notebooks/*", "*/notebooks/*.ipynb"]

# The real-browser fixtures (JupyterLab + Chromium: ``lab``, ``lab_server``, ``chromium``) serve every test folder.
pytest_plugins = ["tests.browser.fixtures"]



@pytest.hookimpl(trylast=True)  # after tests.browser.fixtures has marked its own folder
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests run last, in one block. Playwright's sync API keeps an asyncio loop running in the main thread
    while its session-wide Chromium is open, and a board paces bot replies whenever a loop is running (as in a
    kernel): unit tests that expect immediate replies must not run inside that window. The sort is stable: the
    order within each block is kept."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
