"""Build the static JupyterLite site: every lesson notebook, run in the browser on Pyodide, nothing fetched at run
time from anywhere but the site itself.

    .venv-site/bin/python site/build.py [--out build/site]      (what `make site` runs)

Steps (everything from the package registries: PyPI through pip, npm for Pyodide's own distribution files):
1. Pyodide's core files (pyodide.mjs, pyodide.asm.mjs/.wasm, python_stdlib.zip, its lock) from the npm package
   ``pyodide`` at the version the installed jupyterlite-pyodide-kernel expects.
2. The runtime wheels (site/requirements-runtime.txt, all pure py3-none-any) from PyPI, the kernel's own wheels
   from the jupyterlite-pyodide-kernel package, and a wheel of tabletop built from this checkout.
3. A pyodide-lock.json that lists ONLY those wheels (file names relative to the lock, sha256 of the files
   shipped, dependencies read from each wheel's metadata for the browser: sys_platform "emscripten"); a shipped
   wheel whose browser dependency is not shipped stops the build, naming it.
4. ``jupyter lite build`` with the notebooks as contents, the JupyterLab extensions of the build venv (anywidget,
   jupyter-widgets, plotly, the Pyodide kernel), and jupyter-lite.json pointing the kernel at the local Pyodide
   and lock, preloading the kernel and tabletop, with the PyPI fallback off.
5. A lighter start: the kernel starts Pyodide through site/boot.mjs (phases marked, the LAZY packages left out:
   site/sitecustomize.py installs each on its first import); jupyterlab-plotly is loaded through
   site/plotly-lazy.js (plotly.js only when a figure is drawn); a lesson's page creates its kernel's worker, and
   Pyodide starts in it, as the page begins to load (site/early-kernel.js, site/early-worker.mjs).
6. Checks: every file the lock names is in the site with its sha256; no setting points outside the site.
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: what the browser kernel loads before the first cell: the kernel itself (these names make the kernel skip its
#: own piplite installs), tabletop with its dependencies (anywidget, ipywidgets, plotly and theirs) and mistune,
#: which the walkthroughs import lazily for their narration (on a server it comes with jupyterlab/nbconvert)
PRELOAD = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", "tabletop-arcade",
           "mistune"]
#: shipped in the site but neither preloaded nor fetched until a notebook imports them: name -> why. Each is
#: installed from the site on its first import (site/sitecustomize.py, put into Pyodide's python_stdlib.zip; the
#: kernel's boot module, site/boot.mjs, leaves them out of the preload). The build fails if a kernel imports one
#: at start (the modules the precompile step sees imported); it logs the MB and files a kernel start is spared
LAZY = {
    "plotly": "only the variant lab and the balance notebooks draw charts (9.7 MB, with narwhals)",
    "jedi": "Tab completion only: IPython imports it on the first completion (jedi and parso: 1,000 files)",
    "parso": "jedi's parser",
    "prompt-toolkit": "IPython's terminal front end and debugger prompt: a browser kernel has no terminal",
    "wcwidth": "prompt_toolkit's",
    "stack-data": "IPython's traceback formatting: the first error imports it",
    "executing": "stack_data's",
    "asttokens": "stack_data's",
    "pure-eval": "stack_data's",
    "decorator": "IPython's magics on first use",
    "matplotlib-inline": "IPython's %matplotlib (no lesson plots with matplotlib)",
    "ipython-pygments-lexers": "IPython's syntax highlighting of code in help and tracebacks",
    "jupyterlab-widgets": "the JupyterLab extension of ipywidgets: the site ships it as a lab extension; "
                          "its Python package holds only a version",
    "packaging": "plotly's and jupyterlab-widgets' (micropip uses its own copy)",
}
SITECUSTOMIZE = HERE / "sitecustomize.py"
#: the kernel's pyodideUrl: Pyodide's loadPyodide in two marked steps, the LAZY packages left out (site/boot.mjs)
BOOT = HERE / "boot.mjs"
#: a lesson's page starts its kernel's worker (and Pyodide in it) as it begins to load, before JupyterLab has opened
#: the notebook: site/early-kernel.js (inline in lab/index.html) creates site/early-worker.mjs (the kernel's own
#: worker, starting Pyodide with the kernel's settings at once); boot.mjs hands that Pyodide to the kernel
EARLY_PAGE = HERE / "early-kernel.js"
EARLY_WORKER = HERE / "early-worker.mjs"
#: jupyterlab-plotly's container as the site loads it at start: its renderer loads the real one (plotly.js) when
#: a figure is first drawn (site/plotly-lazy.js)
PLOTLY_LAZY = HERE / "plotly-lazy.js"
#: what plotly-lazy.js copies of the real extension's renderer plugin: each must be in the real extension's code
PLOTLY_DECLARES = ['id:"@jupyterlab/plotly-extension:factory"', "rank:2", 'dataType:"json"', "safe:!0",
                   '"application/vnd.plotly.v1+json"', 'extensions:[".plotly",".plotly.json"]',
                   'iconClass:"jp-MaterialIcon jp-PlotlyIcon"', 'name:"Plotly",primaryFileType:"plotly"',
                   'fileTypes:["plotly","json"],defaultFor:["plotly"]']
#: files left out of a shipped wheel: name -> (path prefixes, why). The kernel loads jedi at start (its completer);
#: 2.6 of its 4.9 MB are type stubs of third-party packages (requests, six, django, ...) that the browser kernel
#: does not have: without them jedi still completes, from the code itself and the standard library's stubs
TRIM = {"jedi": (("jedi/third_party/typeshed/stubs/", "jedi/third_party/django-stubs/"),
                 "type stubs of third-party packages the browser kernel does not have")}
#: os.environ in the browser kernel: the variant-lab notebooks play TABLETOP_LAB_N games per variant (1000 on a
#: server); the browser plays them one after another, so its default is smaller (the lab's box changes it)
BROWSER_ENV_VARS = {"TABLETOP_LAB_N": "100"}
#: Requires-Dist entries left out on purpose: name -> why (jupyterlab is the server the site replaces; the real
#: widgetsnbextension is the classic-notebook extension, replaced by the kernel's empty shim wheel)
NOT_SHIPPED = {"jupyterlab": "the JupyterLab server: the site is its own front end"}
#: the browser's environment for wheel markers (Pyodide 314 = CPython 3.14 on Emscripten; main() checks the
#: Python version against the kernel add-on's and Pyodide's lock)
BROWSER_ENV = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
               "platform_machine": "wasm32", "implementation_name": "cpython",
               "platform_python_implementation": "CPython", "python_version": "3.14", "python_full_version": "3.14.2",
               "extra": ""}
PYODIDE_CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                "package.json"]


def log(msg: str) -> None:
    print(f"[site] {msg}", flush=True)


def run(cmd: list[str], **kw: object) -> None:
    log(" ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, **kw)  # type: ignore[call-overload]


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def kernel_package() -> tuple[str, Path]:
    """The installed jupyterlite-pyodide-kernel: the Pyodide version it expects and its folder of kernel wheels."""
    from jupyterlite_pyodide_kernel import constants

    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
    pypi = share / "static" / "pypi"
    if not pypi.is_dir():
        sys.exit(f"site: the Pyodide kernel's wheels are not at {pypi}: is jupyterlite-pyodide-kernel installed "
                 f"in {sys.prefix}?")
    return constants.PYODIDE_VERSION, pypi


def fetch_pyodide(version: str, cache: Path, dest: Path) -> dict:
    """Pyodide's core distribution from the npm package ``pyodide@version`` into ``dest``; returns its lock."""
    tgz = cache / f"pyodide-{version}.tgz"
    if not tgz.exists():
        if not shutil.which("npm"):
            sys.exit("site: npm is needed to fetch Pyodide's distribution (apt-get install npm)")
        cache.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", f"pyodide@{version}", "--pack-destination", str(cache), "--silent"])
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_CORE:
            member = tar.getmember(f"package/{name}")
            with tar.extractfile(member) as src, open(dest / name, "wb") as out:  # type: ignore[union-attr]
                shutil.copyfileobj(src, out)
    pkg = json.loads((dest / "package.json").read_text())
    if pkg["version"] != version:
        sys.exit(f"site: npm gave pyodide {pkg['version']}, the kernel expects {version}")
    (dest / "package.json").unlink()
    return json.loads((dest / "pyodide-lock.json").read_text())


def requirement_lines(path: Path) -> list[str]:
    return [ln.split("#")[0].strip() for ln in path.read_text().splitlines() if ln.split("#")[0].strip()]


def fetch_wheels(cache: Path) -> list[Path]:
    """The pinned pure runtime wheels from PyPI (no resolution: the list is complete; build_lock checks it)."""
    reqs = requirement_lines(HERE / "requirements-runtime.txt")
    wheels = cache / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    want = {canonicalize_name(Requirement(r).name): r for r in reqs}
    pinned = {n: str(next(iter(Requirement(r).specifier)).version) for n, r in want.items()}
    have = {wheel_name(p): p for p in wheels.glob("*.whl") if wheel_version(p) == pinned.get(wheel_name(p))}
    missing = [r for n, r in want.items() if n not in have]
    if missing:
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--python-version", BROWSER_ENV["python_version"], "--implementation", "py", "--abi", "none", "--platform", "any",
             "-d", str(wheels), *missing])
    have = {wheel_name(p): p for p in wheels.glob("*.whl") if wheel_version(p) == pinned.get(wheel_name(p))}
    out = []
    for n, r in want.items():
        p = have.get(n)
        if p is None or not p.name.endswith("-none-any.whl"):
            sys.exit(f"site: no pure (py3-none-any) wheel for {r} on PyPI: the browser kernel cannot install it")
        out.append(p)
    return out


def build_tabletop_wheel(dest: Path) -> Path:
    """A wheel of tabletop from this checkout (its static board files included)."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    tmp = dest / "build-src"
    # build from a clean copy: setuptools' build/ folder must not leak stale files into the wheel
    shutil.copytree(REPO, tmp, ignore=shutil.ignore_patterns(".git", ".venv*", "build", "dist", "notebooks",
                                                             "tests", "benchmarks", "__pycache__", "*.egg-info",
                                                             "test-artifacts", "results", "node_modules"))
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(dest),
         str(tmp)])
    shutil.rmtree(tmp)
    (whl,) = dest.glob("tabletop_arcade-*.whl")
    return whl


def trim_wheel(whl: Path, prefixes: tuple[str, ...], dest: Path) -> Path:
    """A copy of ``whl`` (same file name) without the files under ``prefixes``; its RECORD rewritten to match."""
    import base64

    dest.mkdir(parents=True, exist_ok=True)
    out = dest / whl.name
    with zipfile.ZipFile(whl) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        (record,) = [n for n in src.namelist() if re.fullmatch(r"[^/]+\.dist-info/RECORD", n)]
        rows = []
        for info in src.infolist():
            if info.filename.startswith(prefixes) or info.filename == record:
                continue
            data = src.read(info)
            dst.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
            if not info.is_dir():
                digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                rows.append(f"{info.filename},sha256={digest},{len(data)}")
        dst.writestr(record, "\n".join([*rows, f"{record},,"]) + "\n")
    return out


#: compiled ahead: the modules a lesson's kernel imports (found by importing PRECOMPILE_ROOTS in the site's own
#: Pyodide) get ``__pycache__/*.cpython-314.pyc`` beside them (unchecked-hash pycs, never re-validated), in every
#: shipped wheel but the lazy ones. Compiling in the browser is about half of the time those imports take there
#: (IPython, ipywidgets, tabletop); modules not imported at start stay source only (a pyc is 2-3x its source)
NOT_PRECOMPILED = {*LAZY, "narwhals"}
PRECOMPILE_ROOTS = ["pyodide_kernel", "piplite.piplite", "micropip", "IPython", "ipykernel", "comm", "ipywidgets",
                    "anywidget", "mistune", "tabletop", "tabletop.ui.walkthrough", "tabletop.ui.progress",
                    "tabletop.ui.practice", "tabletop.xevious.widget", "tabletop.xevoz.widget",
                    "tabletop.zaxxon.widget", "tabletop.xevious.practice", "tabletop.xevoz.practice",
                    "tabletop.zaxxon.practice", "tabletop.xevious.lessons", "tabletop.xevoz.lessons",
                    "tabletop.zaxxon.lessons",
                    # the standard library's modules a kernel's start imports besides: Pyodide's loadPackage
                    # unpacking a wheel (tarfile, 117 KB of source)
                    "tarfile"]
_PRECOMPILE_PY = r"""
import base64, hashlib, importlib, importlib.util, json, os, sys, sysconfig, warnings, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
warnings.simplefilter("ignore")
jobs, roots = json.loads(JOBS), json.loads(ROOTS)
site = "/" + sysconfig.get_paths()["purelib"].lstrip("/")
for src, _ in jobs:
    zipfile.ZipFile(src).extractall(site)
importlib.invalidate_caches()
failed = []
for root in roots:
    try:
        importlib.import_module(root)
    except Exception as exc:
        failed.append(f"{root}: {exc!r}")
if failed:
    raise SystemExit("cannot import in Pyodide: " + "; ".join(failed))
files = ["/" + m.__file__.lstrip("/") for m in list(sys.modules.values()) if getattr(m, "__file__", None)]
imported = {os.path.relpath(f, site) for f in files if f.startswith(site + "/") and f.endswith(".py")}
with open("/work/imported.json", "w") as f:
    json.dump(sorted(imported), f)
# the standard library (Pyodide ships it as sources in python_stdlib.zip): the modules imported get a sourceless
# pyc beside their source in a copy of the zip (zipimport takes name.pyc first; unchecked, never re-validated)
(stdlib,) = [p for p in sys.path if p.endswith(".zip") and os.path.isfile(p)]
std = {os.path.relpath(f, stdlib) for f in files if f.startswith(stdlib + "/") and f.endswith(".py")}
with zipfile.ZipFile(stdlib) as zin, zipfile.ZipFile(STDLIB_OUT, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
    for info in zin.infolist():
        data = zin.read(info)
        zout.writestr(info, data)
        if info.filename in std:
            code = compile(data, os.path.join(stdlib, info.filename), "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            zout.writestr(info.filename[:-3] + ".pyc", pyc, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
with open("/work/stdlib.json", "w") as f:
    json.dump(sorted(std), f)
def b64(data):
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
for src, dst in jobs:
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        (record,) = [n for n in zin.namelist() if n.count("/") == 1 and n.endswith(".dist-info/RECORD")]
        rows = [r for r in zin.read(record).decode().splitlines() if r and not r.startswith(record + ",")]
        for info in zin.infolist():
            if info.filename == record:
                continue
            data = zin.read(info)
            zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
            n = info.filename
            if n not in imported:
                continue
            code = compile(data, os.path.join(site, n), "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            d, _, f = n.rpartition("/")
            name = (d + "/" if d else "") + "__pycache__/" + f[:-3] + "." + sys.implementation.cache_tag + ".pyc"
            zout.writestr(name, pyc, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
            rows.append(f"{name},sha256={b64(pyc)},{len(pyc)}")
        zout.writestr(record, "\n".join([*rows, record + ",,"]) + "\n")
"""
_PRECOMPILE_JS = """
const [pyodideDir, workDir, jobs, roots, stdlibOut] = process.argv.slice(1);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.FS.mkdirTree("/work");
py.mountNodeFS("/work", workDir);
py.globals.set("JOBS", jobs);
py.globals.set("ROOTS", roots);
py.globals.set("STDLIB_OUT", stdlibOut);
py.runPython(await (await import("node:fs/promises")).readFile(workDir + "/precompile.py", "utf8"));
"""


def precompile(wheels: list[Path], pyo: Path, cache: Path) -> tuple[list[Path], list[str]]:
    """The wheels with the modules a kernel imports compiled by the site's own Pyodide (run in node: the same
    interpreter the browser runs), and Pyodide's python_stdlib.zip in ``pyo`` replaced by a copy with the standard
    library's modules imported compiled too; kept in the cache under a digest of every input wheel, the stdlib zip
    and this recipe. Returns the wheels and the modules imported (site-packages paths)."""
    digest = hashlib.sha256((_PRECOMPILE_PY + _PRECOMPILE_JS + json.dumps(PRECOMPILE_ROOTS)).encode())
    digest.update(sha256(pyo / "python_stdlib.zip").encode())
    for whl in sorted(wheels, key=lambda p: p.name):  # by content: a rebuilt tabletop wheel of the same files hits
        with zipfile.ZipFile(whl) as z:
            digest.update(json.dumps([whl.name, *sorted(f"{i.filename}:{i.CRC}" for i in z.infolist())]).encode())
    work = cache / "compiled"
    done = work / digest.hexdigest()[:16]
    todo = [w for w in wheels if wheel_name(w) not in NOT_PRECOMPILED]
    if (not all((done / w.name).exists() for w in todo) or not (done / "imported.json").exists()
            or not (done / "python_stdlib.zip").exists()):
        if not shutil.which("node"):
            sys.exit("site: node is needed to compile the wheels with Pyodide (apt-get install nodejs)")
        if work.exists():
            shutil.rmtree(work)
        (work / "in").mkdir(parents=True)
        done.mkdir()
        for w in wheels:
            shutil.copy2(w, work / "in" / w.name)
        (work / "precompile.py").write_text(_PRECOMPILE_PY)
        jobs = [[f"/work/in/{w.name}", f"/work/{done.name}/{w.name}"] for w in wheels]
        log(f"compiling what a kernel imports ({', '.join(PRECOMPILE_ROOTS[:4])}, ...) with Pyodide in node")
        proc = subprocess.run(["node", "--input-type=module", "-e", _PRECOMPILE_JS, str(pyo), str(work),
                               json.dumps(jobs), json.dumps(PRECOMPILE_ROOTS), f"/work/{done.name}/python_stdlib.zip"],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"site: compiling in Pyodide failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
        log(f"{len(json.loads((work / 'imported.json').read_text()))} modules compiled ahead, and "
            f"{len(json.loads((work / 'stdlib.json').read_text()))} of the standard library")
        shutil.rmtree(work / "in")
        (work / "imported.json").rename(done / "imported.json")
        (work / "stdlib.json").rename(done / "stdlib.json")
    imported = json.loads((done / "imported.json").read_text())
    shutil.copy2(done / "python_stdlib.zip", pyo / "python_stdlib.zip")
    return [done / w.name if wheel_name(w) not in NOT_PRECOMPILED else w for w in wheels], imported


def wheel_name(path: Path) -> str:
    return canonicalize_name(path.name.split("-")[0])


def wheel_version(path: Path) -> str:
    return path.name.split("-")[1]


def wheel_metadata(path: Path) -> email.message.Message:
    with zipfile.ZipFile(path) as z:
        (meta,) = [n for n in z.namelist() if re.fullmatch(r"[^/]+\.dist-info/METADATA", n)]
        return email.parser.Parser().parsestr(z.read(meta).decode())


def wheel_imports(path: Path) -> list[str]:
    """The top-level importable names in a wheel (packages and modules)."""
    names = set()
    with zipfile.ZipFile(path) as z:
        for n in z.namelist():
            top = n.split("/")[0]
            if top.endswith((".dist-info", ".data")):
                continue
            if "/" in n:
                names.add(top)
            elif n.endswith(".py"):
                names.add(n[:-3])
    return sorted(names)


def browser_depends(meta: email.message.Message) -> list[str]:
    """The Requires-Dist names that apply in the browser kernel (no extras)."""
    out = []
    for line in meta.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is not None and not Marker(str(req.marker)).evaluate(BROWSER_ENV):
            continue
        out.append(canonicalize_name(req.name))
    return out


def build_lock(npm_lock: dict, wheels: list[Path], dest: Path) -> dict:
    """A pyodide-lock.json naming only the wheels shipped in ``dest`` (copied there)."""
    packages: dict[str, dict] = {}
    metas = {}
    for whl in wheels:
        name = wheel_name(whl)
        if name in packages:
            sys.exit(f"site: two wheels for {name}: {packages[name]['file_name']} and {whl.name}")
        shutil.copy2(whl, dest / whl.name)
        metas[name] = wheel_metadata(whl)
        packages[name] = {"name": name, "version": wheel_version(whl), "file_name": whl.name,
                          "install_dir": "site", "sha256": sha256(dest / whl.name), "package_type": "package",
                          "imports": wheel_imports(whl), "depends": [], "unvendored_tests": False,
                          "shared_library": False}
    problems = []
    for name, meta in metas.items():
        deps = []
        for dep in browser_depends(meta):
            if dep in packages:
                deps.append(dep)
            elif dep not in NOT_SHIPPED:
                problems.append(f"{name} needs {dep} in the browser, and no wheel of it is shipped "
                                f"(add it to site/requirements-runtime.txt)")
        if name not in LAZY:  # the lazy ones come on their first import, not with what needs them
            deps = [d for d in deps if d not in LAZY]
        packages[name]["depends"] = sorted(set(deps))
    closure, todo = set(), [p for p in PRELOAD if p not in LAZY]
    while todo:
        n = todo.pop()
        if n in packages and n not in closure:
            closure.add(n)
            todo += packages[n]["depends"]
    eager = sorted(closure & set(LAZY))
    if eager:
        problems.append(f"{eager} would be preloaded (a preloaded package depends on it), not fetched on import")
    for lazy in LAZY:
        if lazy not in packages:
            problems.append(f"{lazy} is to be installed on its first import but is not shipped")
    missing_preload = [p for p in PRELOAD if p not in packages]
    if missing_preload:
        problems.append(f"preloaded but not shipped: {missing_preload}")
    if problems:
        sys.exit("site: the browser lock is incomplete:\n  " + "\n  ".join(problems))
    lock = {"info": npm_lock["info"], "packages": dict(sorted(packages.items()))}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    return lock


_LAZY_LINE = 'LAZY = {"plotly": "plotly"}\n'
_BOOT_LINE = "const LAZY = new Set([]);\n"


def lazy_imports(lock: dict) -> dict[str, str]:
    """Every top-level import name of a LAZY package -> the package (what sitecustomize.py installs)."""
    return {imp: name for name in sorted(LAZY) for imp in lock["packages"][name]["imports"]}


def add_sitecustomize(pyo: Path, lock: dict) -> None:
    """site/sitecustomize.py, with the site's table of lazy imports, into Pyodide's python_stdlib.zip (on sys.path
    from the start): Python imports it at start-up, and it installs the LAZY packages on their first import."""
    stdlib = pyo / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib) as z:
        if any(n.split("/")[-1].startswith("sitecustomize.") for n in z.namelist()):
            sys.exit(f"site: {stdlib} already has a sitecustomize: cannot add the site's")
    table = lazy_imports(lock)
    text = SITECUSTOMIZE.read_text()
    if text.count(_LAZY_LINE) != 1:
        sys.exit(f"site: {SITECUSTOMIZE.name} lacks the line {_LAZY_LINE.strip()!r} the build fills in")
    text = text.replace(_LAZY_LINE, f"LAZY = {json.dumps(table)}\n")
    ns: dict[str, object] = {}
    exec(compile(text, str(SITECUSTOMIZE), "exec"), ns)  # noqa: S102 - our own file
    if ns["LAZY"] != table:
        sys.exit(f"site: {SITECUSTOMIZE.name}'s LAZY {ns['LAZY']} differs from the lock's {table}")
    with zipfile.ZipFile(stdlib, "a", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("sitecustomize.py", text)


def write_boot(pyo: Path) -> None:
    """site/boot.mjs beside pyodide.mjs (the kernel's pyodideUrl), told which preloaded names are LAZY."""
    text = BOOT.read_text()
    if text.count(_BOOT_LINE) != 1:
        sys.exit(f"site: {BOOT.name} lacks the line {_BOOT_LINE.strip()!r} the build fills in")
    (pyo / BOOT.name).write_text(text.replace(_BOOT_LINE, f"const LAZY = new Set({json.dumps(sorted(LAZY))});\n"))


def check_lazy(lock: dict, imported: list[str], pyo: Path) -> None:
    """No LAZY package is imported by a kernel's start or a lesson (the precompile step's imports); logs what
    the lazy packages spare a kernel start."""
    table = lazy_imports(lock)
    early = sorted({table[m.split("/")[0].removesuffix(".py")] for m in imported
                    if m.split("/")[0].removesuffix(".py") in table})
    if early:
        sys.exit(f"site: {early} are to be installed on their first import, but a kernel imports them at start "
                 f"({', '.join(PRECOMPILE_ROOTS[:4])}, ...): preload them (take them out of build.py's LAZY)")
    files, size = 0, 0
    for name in LAZY:
        whl = pyo / lock["packages"][name]["file_name"]
        with zipfile.ZipFile(whl) as z:
            files += len(z.namelist())
        size += whl.stat().st_size
    log(f"on first import ({len(LAZY)} packages, {size / 1e6:.1f} MB in {files} files): {', '.join(sorted(LAZY))}")


def lite_config(out: Path) -> dict:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Tabletop Arcade",
            # window.jupyterapp, as `jupyter lab --LabApp.expose_app_in_browser` (the browser test drives it)
            "exposeAppInBrowser": True,
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",  # point_kernel_at_boot: boot.mjs
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"lockFileURL": "./static/pyodide/pyodide-lock.json",
                                           "packages": PRELOAD, "env": BROWSER_ENV_VARS},
                }
            },
        },
    }


def point_kernel_at_boot(out: Path) -> None:
    """The kernel's pyodideUrl -> static/pyodide/boot.mjs. ``jupyter lite build`` sets it to the local Pyodide's
    pyodide.mjs after its build (the pyodide add-on's post_build), so this comes after the build."""
    path = out / "jupyter-lite.json"
    cfg = json.loads(path.read_text())
    kernel = cfg["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        sys.exit(f"site: the kernel's pyodideUrl is {kernel.get('pyodideUrl')!r}, not the local Pyodide: "
                 f"cannot put {BOOT.name} in front of it")
    kernel["pyodideUrl"] = f"./static/pyodide/{BOOT.name}"
    path.write_text(json.dumps(cfg, indent=2))


_EARLY_IMPORT = 'import "../../extensions/@jupyterlite/pyodide-kernel-extension/static/comlink.worker.js";\n'
_EARLY_OPTIONS = "const OPTIONS = {};\n"
_EARLY_GAMES = "const GAMES = [];\n"
_EARLY_WORKER_LINE = 'const WORKER = "";\n'


def early_kernel(out: Path) -> None:
    """static/pyodide/early-worker.mjs (the Pyodide kernel's comlink worker, starting Pyodide with the kernel's
    settings of the built jupyter-lite.json at once) and site/early-kernel.js inline in lab/index.html's head (a
    page opening a notebook creates that worker at once; the first Pyodide kernel gets it)."""
    static = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    workers = sorted(static.glob("comlink.worker.*.js"))
    if len(workers) != 1:
        sys.exit(f"site: the Pyodide kernel's worker is not one comlink.worker.*.js in {static}: {workers}")
    (worker,) = workers
    cfg = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    options = cfg["litePluginSettings"][KERNEL_PLUGIN]["loadPyodideOptions"]
    text = EARLY_WORKER.read_text()
    if text.count(_EARLY_IMPORT) != 1 or text.count(_EARLY_OPTIONS) != 1:
        sys.exit(f"site: {EARLY_WORKER.name} lacks the lines the build fills in")
    text = text.replace(_EARLY_IMPORT, _EARLY_IMPORT.replace("comlink.worker.js", worker.name))
    text = text.replace(_EARLY_OPTIONS, f"const OPTIONS = {json.dumps(options)};\n")
    games = sorted(p.name for p in (REPO / "notebooks").iterdir()
                   if p.is_dir() and (REPO / "widgets" / "tabletop" / p.name / "__init__.py").is_file())
    if text.count(_EARLY_GAMES) != 1 or not games:
        sys.exit(f"site: {EARLY_WORKER.name} lacks the line {_EARLY_GAMES.strip()!r}, or no game has notebooks")
    text = text.replace(_EARLY_GAMES, f"const GAMES = {json.dumps(games)};\n")
    (out / "static" / "pyodide" / EARLY_WORKER.name).write_text(text)
    page = EARLY_PAGE.read_text()
    if page.count(_EARLY_WORKER_LINE) != 1:
        sys.exit(f"site: {EARLY_PAGE.name} lacks the line {_EARLY_WORKER_LINE.strip()!r} the build fills in")
    page = page.replace(_EARLY_WORKER_LINE, f"const WORKER = {json.dumps(worker.name)};\n")
    index = out / "lab" / "index.html"
    html = index.read_text()
    anchor = '<meta charset="utf-8">'
    if html.count(anchor) != 1 or "</script>" in page:
        sys.exit(f"site: {index} has no single {anchor!r}: cannot put {EARLY_PAGE.name} after it")
    index.write_text(html.replace(anchor, f"{anchor}\n    <script>\n{page}    </script>"))
    log(f"lab/index.html starts the kernel's worker ({worker.name}) as a lesson's page loads")


def lazy_plotly(out: Path) -> None:
    """jupyterlab-plotly's entry in the site's jupyter-lite.json -> site/plotly-lazy.js (named by its content, so
    cached as the other hashed files), told where the real remoteEntry is; the real extension must still declare
    what the lazy one copies of it."""
    path = out / "jupyter-lite.json"
    cfg = json.loads(path.read_text())
    (entry,) = [e for e in cfg["jupyter-config-data"]["federated_extensions"] if e["name"] == "jupyterlab-plotly"]
    static = out / "extensions" / "jupyterlab-plotly" / "static"
    real = out / "extensions" / "jupyterlab-plotly" / entry["load"]
    if entry.get("mimeExtension") != "./mimeExtension" or entry.get("extension") or real.parent != static:
        sys.exit(f"site: jupyterlab-plotly's entry is not one mime extension in static/: {entry}")
    code = "".join(f.read_text() for f in static.glob("*.js") if f != real)
    missing = [d for d in PLOTLY_DECLARES if d not in code]
    if missing:
        sys.exit(f"site: jupyterlab-plotly no longer declares {missing}: update {PLOTLY_LAZY.name}")
    text = PLOTLY_LAZY.read_text()
    if text.count('const REAL_ENTRY = "";') != 1:
        sys.exit(f"site: {PLOTLY_LAZY.name} lacks the line the build fills in")
    text = text.replace('const REAL_ENTRY = "";', f"const REAL_ENTRY = {json.dumps(real.name)};")
    name = f"lazy-entry.{hashlib.sha256(text.encode()).hexdigest()[:12]}.js"
    (static / name).write_text(text)
    entry["load"] = f"static/{name}"
    path.write_text(json.dumps(cfg, indent=2))


START_PAGE = "lab/index.html?path=00_start_here.ipynb"

def write_start_redirect(out: Path) -> None:
    """The site's root opens the start page (JupyterLite's root would open an empty lab). The root's
    ``jupyter-config-data`` element stays: every app page reads it."""
    index = out / "index.html"
    text = index.read_text()
    loader = "await import('./config-utils.js');"
    if loader not in text:
        sys.exit(f"site: {index} is not JupyterLite's root page any more; cannot point it at the start page")
    index.write_text(text.replace(loader, f"location.replace({START_PAGE!r});").replace(
        "</head>", f'<noscript><a href="{START_PAGE}">Open the Tabletop Arcade start page</a></noscript></head>'))



def small_favicon(out: Path) -> None:
    """lab/favicon.ico is a 319 KB icon of every size up to 256 px, fetched on every visit (twice on the first):
    JupyterLab's own 32 KB favicon (static/favicons/favicon.ico, the one it shows while idle) replaces it. The
    same icon at the site's root answers the browser's own /favicon.ico request (a 404 was a console error)."""
    big, small = out / "lab" / "favicon.ico", out / "static" / "favicons" / "favicon.ico"
    if not small.is_file():
        sys.exit(f"site: {small} is missing: JupyterLite's layout changed")
    if big.is_file():
        shutil.copy2(small, big)
    if not (out / "favicon.ico").exists():
        shutil.copy2(small, out / "favicon.ico")


def check_site(out: Path, lock: dict) -> None:
    """Every file the lock names is in the site (same sha256); the kernel settings point inside the site."""
    pyo = out / "static" / "pyodide"
    if "function KernelWorker(" not in (out / "lab" / "index.html").read_text():
        sys.exit("site: lab/index.html does not start the kernel's worker early (site/early-kernel.js)")
    for name in [BOOT.name, EARLY_WORKER.name, "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]:
        if not (pyo / name).is_file():
            sys.exit(f"site: {pyo / name} is missing")
    for pkg in lock["packages"].values():
        f = pyo / pkg["file_name"]
        if not f.is_file() or sha256(f) != pkg["sha256"]:
            sys.exit(f"site: {f} is missing or differs from the lock")
    with zipfile.ZipFile(pyo / "python_stdlib.zip") as z:
        if "sitecustomize.py" not in z.namelist():
            sys.exit("site: python_stdlib.zip lacks the site's sitecustomize.py (the lazy installs)")
    cfg = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = cfg["litePluginSettings"][KERNEL_PLUGIN]
    if kernel["pyodideUrl"] != f"./static/pyodide/{BOOT.name}":
        sys.exit(f"site: the kernel starts Pyodide from {kernel['pyodideUrl']}, not the site's {BOOT.name}")
    urls = [kernel["pyodideUrl"], kernel["loadPyodideOptions"]["lockFileURL"], *kernel.get("pipliteUrls", [])]
    outside = [u for u in urls if not u.startswith("./")]
    if outside or not kernel.get("disablePyPIFallback"):
        sys.exit(f"site: the kernel settings reach outside the site: {kernel}")
    for ext in ("anywidget", "@jupyter-widgets/jupyterlab-manager", "jupyterlab-plotly",
                "@jupyterlite/pyodide-kernel-extension"):
        if not any(e["name"] == ext for e in cfg.get("federated_extensions", [])):
            sys.exit(f"site: the JupyterLab extension {ext} is not in the site")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(REPO / "build" / "site"), help="the site folder (default build/site)")
    ap.add_argument("--cache", default=str(REPO / "build" / "site-cache"),
                    help="downloads kept between builds (default build/site-cache)")
    args = ap.parse_args()
    out, cache = Path(args.out).resolve(), Path(args.cache).resolve()
    t0 = time.time()
    version, kernel_wheels = kernel_package()
    log(f"Pyodide {version} (what jupyterlite-pyodide-kernel expects)")
    from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION

    if PYODIDE_PYTHON_VERSION != BROWSER_ENV["python_version"]:
        sys.exit(f"site: the kernel add-on's Pyodide runs Python {PYODIDE_PYTHON_VERSION}; build.py's BROWSER_ENV "
                 f"and the wheels are for {BROWSER_ENV['python_version']}: update them together")

    work = cache / "lite"  # the lite dir: jupyter-lite.json, static/pyodide (the well-known local Pyodide), files
    if work.exists():
        shutil.rmtree(work)
    pyo = work / "static" / "pyodide"
    npm_lock = fetch_pyodide(version, cache, pyo)
    if npm_lock["info"]["python"] != BROWSER_ENV["python_full_version"]:
        sys.exit(f"site: Pyodide {version} runs Python {npm_lock['info']['python']}, BROWSER_ENV says "
                 f"{BROWSER_ENV['python_full_version']}")
    wheels = fetch_wheels(cache)
    for i, whl in enumerate(wheels):
        if wheel_name(whl) in TRIM:
            prefixes, why = TRIM[wheel_name(whl)]
            wheels[i] = trim_wheel(whl, prefixes, cache / "trimmed")
            log(f"{whl.name}: {whl.stat().st_size / 1e6:.1f} -> {wheels[i].stat().st_size / 1e6:.1f} MB without "
                f"{', '.join(prefixes)} ({why})")
    wheels += [p for p in sorted(kernel_wheels.glob("*.whl")) if not p.name.startswith("widgetsnbextension-3")]
    wheels.append(build_tabletop_wheel(cache / "tabletop"))
    wheels, imported = precompile(wheels, pyo, cache)
    lock = build_lock(npm_lock, wheels, pyo)
    check_lazy(lock, imported, pyo)
    add_sitecustomize(pyo, lock)
    write_boot(pyo)
    log(f"lock: {len(lock['packages'])} wheels, preloaded: {', '.join(PRELOAD)}; on first import: "
        f"{', '.join(LAZY)}")

    (work / "jupyter-lite.json").write_text(json.dumps(lite_config(out), indent=1))
    # JupyterLab settings for every learner: no news feed, no update check (both would reach the internet)
    # and a notebook starts its kernel (the only one: Python on Pyodide) without asking
    (work / "overrides.json").write_text(json.dumps({
        "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
        "@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True}}))
    files = work / "files"
    for nb in sorted((REPO / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in nb.parts:
            continue
        dst = files / nb.relative_to(REPO / "notebooks")
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(nb, dst)

    if out.exists():
        shutil.rmtree(out)
    env = dict(os.environ, JUPYTERLITE_NO_LIBARCHIVE="1")
    env.pop("JUPYTERLITE_PYODIDE_URL", None)
    run([str(Path(sys.executable).parent / "jupyter"), "lite", "build", "--lite-dir", str(work),
         "--contents", str(files), "--output-dir", str(out), "--apps", "lab", "--no-sourcemaps",
         "--no-unused-shared-packages"],
        cwd=work, env=env)
    point_kernel_at_boot(out)
    early_kernel(out)
    lazy_plotly(out)
    write_start_redirect(out)
    small_favicon(out)
    check_site(out, lock)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"built {out} in {time.time() - t0:.0f} s: {size / 1e6:.1f} MB in "
        f"{sum(1 for p in out.rglob('*') if p.is_file())} files; start page: {START_PAGE}")


if __name__ == "__main__":
    main()
