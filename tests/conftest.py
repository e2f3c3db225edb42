"""Repository-wide test configuration."""

# Notebooks used only as fixtures by the browser tests are not product notebooks: nbmake skips them.
collect_ignore_glob = ["browser/notebooks/*", "*/notebooks/*.ipynb"]
