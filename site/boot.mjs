// Tabletop Arcade: how the site's browser kernel starts Pyodide (site/boot.mjs; site/build.py copies it beside
// pyodide.mjs as static/pyodide/boot.mjs, the kernel's pyodideUrl, and writes the LAZY list below).
//
// The Pyodide kernel imports this module in its web worker and calls loadPyodide(options) with its settings
// (jupyter-lite.json: loadPyodideOptions). This one is Pyodide's own, in two steps, each marked on the worker's
// performance timeline (the site test reads the marks: performance.getEntriesByType("mark") in the kernel):
//   tabletop:boot               the boot began (at the worker's start when site/early-worker.mjs started it)
//   tabletop:wasm               pyodide.asm.wasm compiled and instantiated (Emscripten's file system set up,
//                               before Python starts: Pyodide's fsInit hook)
//   tabletop:runtime            the runtime is up: Python started, the stdlib in place
//   tabletop:packages           the preloaded wheels are installed (their download began at tabletop:boot)
//   tabletop:preimported        after an early start: the modules the kernel and the notebook import first
//   tabletop:kernel-asked       the kernel called loadPyodide (later than tabletop:boot after an early start)
// The packages of LAZY are left out of the preload (the kernel still sees their names in its settings, so it
// does not install them itself): site/sitecustomize.py installs one from the site on its first import.
//
// An early start (site/early-kernel.js, site/early-worker.mjs): a lesson's page creates the kernel's worker as
// the page begins to load, and the worker calls startEarly with the site's own kernel settings at once, while
// JupyterLab is still loading; the kernel, started once the notebook is open, gets that worker, and its
// loadPyodide here receives the Pyodide already started (its settings must be the same, else a fresh one).

import { loadPyodide as pyodideLoadPyodide, version } from "./pyodide.mjs";

export { version };

/** Package names installed on their first import, not at start (site/build.py: LAZY). */
const LAZY = new Set([]);

/** The wheels of ``names`` and of everything they depend on, as the lock names them. */
function closure(lock, names) {
  const seen = new Set();
  const todo = [...names];
  while (todo.length) {
    const name = todo.pop();
    const pkg = lock.packages[name];
    if (!pkg || seen.has(name)) continue;
    seen.add(name);
    todo.push(...pkg.depends);
  }
  return [...seen].map((name) => lock.packages[name].file_name);
}

/** Start downloading the wheels now, while the runtime compiles and boots: loadPackage then finds them in the
 * browser's cache. Best effort: a failure here is loadPackage's to report. */
function prefetch(lockURL, names) {
  fetch(lockURL)
    .then((r) => r.json())
    .then((lock) => {
      for (const file of closure(lock, names)) {
        fetch(new URL(file, lockURL)).then((r) => r.arrayBuffer()).catch(() => {});
      }
    })
    .catch(() => {});
}

async function boot(options) {
  performance.mark("tabletop:boot");
  const packages = (options.packages || []).filter((name) => !LAZY.has(name));
  if (options.lockFileURL) prefetch(options.lockFileURL, packages);
  const fsInit = async (FS, info) => {
    performance.mark("tabletop:wasm");
    if (options.fsInit) await options.fsInit(FS, info);
  };
  const pyodide = await pyodideLoadPyodide({ ...options, packages: [], fsInit });
  performance.mark("tabletop:runtime");
  await pyodide.loadPackage(packages, { messageCallback() {} });
  performance.mark("tabletop:packages");
  return pyodide;
}

/** What makes two starts the same Pyodide: every setting but the output callbacks (which an early start
 * forwards to the kernel's). A setting holding a function (fsInit, ...) is never started early. */
function sameKey(options) {
  const { stdout, stderr, ...rest } = options;
  if (Object.values(rest).some((v) => typeof v === "function")) return null;
  const abs = (u) => (typeof u === "string" ? new URL(u, self.location.href).href : u);
  const norm = { ...rest, indexURL: abs(rest.indexURL), lockFileURL: abs(rest.lockFileURL) };
  return JSON.stringify(Object.keys(norm).sort().map((k) => [k, norm[k]]));
}

/** The early start, {key, sinks, pyodide (a promise)}, taken by the first loadPyodide with the same settings
 * (kept on the worker's global: one per worker, whichever URL this module was imported by). */
const EARLY = "__tabletopEarlyPyodide";

/** Import ``modules`` (a failure is left for the kernel or the notebook to meet). */
function preimport(pyodide, modules) {
  if (!modules.length) return;
  pyodide.runPython(`import importlib
for _name in ${JSON.stringify(modules)}:
    try:
        importlib.import_module(_name)
    except Exception:
        pass
del importlib, _name`);
  performance.mark("tabletop:preimported");
}

/** Start Pyodide now with ``options`` (site/early-worker.mjs: the site's kernel settings), then import
 * ``modules`` (what the kernel and the notebook will import first, and nothing that must come after the kernel's
 * own start); its output goes to the console until the kernel's loadPyodide hands over its own callbacks. */
export function startEarly(options, modules = []) {
  const key = sameKey(options);
  if (key === null || self[EARLY]) return;
  const sinks = { stdout: (s) => console.log(s), stderr: (s) => console.error(s) };
  const pyodide = boot({ ...options, stdout: (s) => sinks.stdout(s), stderr: (s) => sinks.stderr(s) }).then(
    (py) => {
      preimport(py, modules);
      return py;
    });
  pyodide.catch(() => {}); // the kernel's loadPyodide reports it
  self[EARLY] = { key, sinks, pyodide };
}

export async function loadPyodide(options) {
  performance.mark("tabletop:kernel-asked");
  const early = self[EARLY];
  if (early) {
    self[EARLY] = null;
    if (early.key === sameKey(options)) {
      if (options.stdout) early.sinks.stdout = options.stdout;
      if (options.stderr) early.sinks.stderr = options.stderr;
      return early.pyodide;
    }
    // not the settings the site was built with (a changed jupyter-lite.json): the early one is left unused
    performance.mark("tabletop:early-unused");
    console.warn("tabletop: the kernel's Pyodide settings differ from the early start's; starting afresh",
      sameKey(options), early.key);
  }
  return boot(options);
}
