"""Repository-wide test configuration."""

import pytest

# Notebooks used only as fixtures by the browser tests are not product notebooks: nbmake skips them.
collect_ignore_glob = ["browser/notebooks/*", "*/notebooks/*.ipynb"]

# The real-browser fixtures (JupyterLab + Chromium: ``lab``, ``lab_server``, ``chromium``) serve every test folder.
pytest_plugins = ["tests.browser.fixtures"]

#: fixtures that start a real browser or server: a test that uses one must be marked ``browser``
BROWSER_FIXTURES = frozenset({"lab", "lab_server", "chromium", "site", "built_site", "voila"})


@pytest.hookimpl(trylast=True)  # after tests.browser.fixtures has marked its own folder
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests run last, in one block. Playwright's sync API keeps an asyncio loop running in the main thread
    while its session-wide Chromium is open, and a board paces bot replies whenever a loop is running (as in a
    kernel): unit tests that expect immediate replies must not run inside that window. The sort is stable: the
    order within each block is kept.

    A test that asks for a browser fixture without the ``browser`` marker is refused: it would start JupyterLab
    and Chromium among the unit tests (``-m "not browser"``) and leave Playwright's loop running for the tests
    after it (a decorator that had slipped onto a helper did that once)."""
    stray = [item.nodeid for item in items if item.get_closest_marker("browser") is None
             and BROWSER_FIXTURES.intersection(getattr(item, "fixturenames", ()))]
    if stray:
        raise pytest.UsageError("these tests use a browser fixture (" + ", ".join(sorted(BROWSER_FIXTURES))
                                + ") but are not marked @pytest.mark.browser: " + ", ".join(stray))
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
