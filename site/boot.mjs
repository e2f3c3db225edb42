// Tabletop Arcade: how the site's browser kernel starts Pyodide (site/boot.mjs; site/build.py copies it beside
// pyodide.mjs as static/pyodide/boot.mjs, the kernel's pyodideUrl, and writes the LAZY list below).
//
// The Pyodide kernel imports this module in its web worker and calls loadPyodide(options) with its settings
// (jupyter-lite.json: loadPyodideOptions). This one is Pyodide's own, in two steps, each marked on the worker's
// performance timeline (the site test reads the marks: performance.getEntriesByType("mark") in the kernel):
//   tabletop:boot               the kernel asked for Pyodide
//   tabletop:wasm               pyodide.asm.wasm compiled and instantiated (Emscripten's file system set up,
//                               before Python starts: Pyodide's fsInit hook)
//   tabletop:runtime            the runtime is up: Python started, the stdlib in place
//   tabletop:packages           the preloaded wheels are installed (their download began at tabletop:boot)
// The packages of LAZY are left out of the preload (the kernel still sees their names in its settings, so it
// does not install them itself): site/sitecustomize.py installs one from the site on its first import.

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

export async function loadPyodide(options) {
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
