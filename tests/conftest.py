"""Repository-wide test configuration."""

# Notebooks used only as fixtures by the browser tests are not product notebooks: nbmake skips them.
collect_ignore_glob = ["browser/notebooks/*", "*/notebooks/*.ipynb"]

# The real-browser fixtures (JupyterLab + Chromium: ``lab``, ``lab_server``, ``chromium``) serve every test folder.
pytest_plugins = ["tests.browser.fixtures"]
