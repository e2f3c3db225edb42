"""Tabletop Arcade's JupyterLite site: packages shipped in the site but not preloaded are installed from the site
on their first import (site/build.py puts this file into Pyodide's python_stdlib.zip; Python imports it at start).

The kernel preloads only what a lesson needs. Plotly (9.7 MB, its dependency narwhals too) is needed only by the
variant lab and the balance notebooks: their first ``import plotly`` fetches its wheel from the site (the
same file, checked against the sha256 in the site's pyodide-lock.json), unpacks it into site-packages and goes
on. The fetch is a synchronous request, which a web worker (where the kernel runs) may make; nothing is
fetched from anywhere but the site. Outside a browser kernel this module does nothing.
"""

from __future__ import annotations

import sys

#: import name -> the package in the site's pyodide-lock.json (written by site/build.py: LAZY)
LAZY = {"plotly": "plotly"}


def _install(package: str) -> None:
    import hashlib
    import io
    import sysconfig
    import zipfile
    from urllib.parse import urljoin

    import js  # type: ignore[import-not-found]
    import pyodide_js  # type: ignore[import-not-found]

    lock = pyodide_js._api.lockfile_packages.to_py()
    base = urljoin(str(js.location.href), str(pyodide_js._api.config.lockFileURL))
    target = sysconfig.get_paths()["purelib"]
    todo, seen = [package], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        pkg = lock[name]
        todo += pkg["depends"]
        if name in pyodide_js.loadedPackages.to_py():
            continue
        req = js.XMLHttpRequest.new()
        req.open("GET", urljoin(base, pkg["file_name"]), False)
        req.responseType = "arraybuffer"
        req.send(None)
        if req.status != 200:
            raise ImportError(f"{name}: the site did not serve {pkg['file_name']} (HTTP {req.status})")
        data = req.response.to_bytes()
        if hashlib.sha256(data).hexdigest() != pkg["sha256"]:
            raise ImportError(f"{name}: {pkg['file_name']} differs from the site's pyodide-lock.json")
        zipfile.ZipFile(io.BytesIO(data)).extractall(target)
    import importlib

    importlib.invalidate_caches()


class LazySitePackages:
    """A meta-path finder: the first import of a LAZY name installs its package from the site, once."""

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> object:
        if fullname not in LAZY:
            return None
        package = LAZY.pop(fullname)
        if not LAZY:
            sys.meta_path.remove(self)
        try:
            _install(package)
        except ImportError:
            raise
        except Exception as exc:  # a failed fetch reads as what it is, not as a JavaScript error
            raise ImportError(f"{fullname} could not be installed from the site: {exc}") from exc
        import importlib.machinery

        return importlib.machinery.PathFinder.find_spec(fullname)  # the finders before this one had said no


if sys.platform == "emscripten":
    sys.meta_path.append(LazySitePackages())
