"""Tabletop Arcade's JupyterLite site: packages shipped in the site but not preloaded are installed from the site
on their first import (site/build.py puts this file into Pyodide's python_stdlib.zip; Python imports it at start).

The kernel preloads only what a lesson needs (site/build.py: LAZY says why each other one waits). Plotly (9.7 MB,
its dependency narwhals too) is needed only by the variant lab and the balance notebooks; jedi only for Tab
completion; stack_data and its helpers only for IPython's first traceback. The first ``import plotly`` fetches its
wheel from the site (the same file, checked against the sha256 in the site's pyodide-lock.json), unpacks it into
site-packages and goes on. The fetch is a synchronous request, which a web worker (where the kernel runs) may make;
nothing is fetched from anywhere but the site. Outside a browser kernel this module does nothing.

Only an import installs: ``importlib.util.find_spec("jedi")`` (IPython asks it at start, to know whether it may
complete with jedi) gets a spec at once, and the wheel comes when the module is executed.
"""

from __future__ import annotations

import sys

#: import name -> the package in the site's pyodide-lock.json; site/build.py writes the site's table on this line
LAZY = {"plotly": "plotly"}
#: the packages installed here so far (a second lazy package that shares a dependency does not fetch it again)
_INSTALLED: set[str] = set()


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
        if name in seen or name in _INSTALLED:
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
        _INSTALLED.add(name)
    import importlib

    importlib.invalidate_caches()


class _InstallOnImport:
    """The loader of a LAZY module: executing the module installs its package, then runs the real module."""

    def __init__(self, package: str) -> None:
        self.package = package

    def create_module(self, spec: object) -> None:
        return None  # the default module object; exec_module fills it

    def exec_module(self, module: object) -> None:
        import importlib.machinery

        name = module.__name__  # type: ignore[attr-defined]
        try:
            _install(self.package)
        except ImportError:
            raise
        except Exception as exc:  # a failed fetch reads as what it is, not as a JavaScript error
            raise ImportError(f"{name} could not be installed from the site: {exc}", name=name) from exc
        real = importlib.machinery.PathFinder.find_spec(name)  # the finders before this one had said no
        if real is None or real.loader is None:
            raise ImportError(f"{name}: its package {self.package} was installed from the site but has no {name}",
                              name=name)
        # the module becomes the real one's (its file, its package's folders for the submodules), then runs
        module.__spec__ = real  # type: ignore[attr-defined]
        module.__loader__ = real.loader  # type: ignore[attr-defined]
        module.__file__ = real.origin  # type: ignore[attr-defined]
        module.__cached__ = real.cached  # type: ignore[attr-defined]
        module.__package__ = real.parent  # type: ignore[attr-defined]
        if real.submodule_search_locations is not None:
            module.__path__ = list(real.submodule_search_locations)  # type: ignore[attr-defined]
        real.loader.exec_module(module)


class LazySitePackages:
    """A meta-path finder (the last one): a LAZY name gets a spec whose loader installs its package, once."""

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> object:
        package = LAZY.get(fullname)
        if package is None:
            return None
        import importlib.machinery

        return importlib.machinery.ModuleSpec(fullname, _InstallOnImport(package))


if sys.platform == "emscripten":
    sys.meta_path.append(LazySitePackages())
