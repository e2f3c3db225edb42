// Tabletop Arcade: a lesson's kernel worker started as its page begins to load (site/early-kernel.js; site/build.py
// puts it inline in lab/index.html's head, before JupyterLab's own scripts, and fills in WORKER).
//
// JupyterLite starts a notebook's kernel only once JupyterLab has loaded and shown the notebook (about 2 s on a
// first visit); the kernel then creates its web worker, which compiles Pyodide's wasm, starts Python and installs
// the preloaded wheels (about 3 s more). On a page that opens a notebook (?path=...ipynb) this creates that
// worker at once (static/pyodide/early-worker.mjs: the kernel's own worker, starting Pyodide with the site's
// kernel settings), and the first Pyodide kernel to ask for its worker gets this one: the two loads overlap.
// Every other worker is created as usual, and so is every kernel's on any other page.
(function () {
  "use strict";
  /** The Pyodide kernel's worker file (the extension's comlink.worker.<hash>.js). */
  const WORKER = "";
  const path = new URLSearchParams(window.location.search).get("path") || "";
  if (!/\.ipynb$/.test(path) || window.crossOriginIsolated || typeof window.Worker !== "function") return;
  const Native = window.Worker;
  let spare;
  try {
    spare = new Native(new URL("../static/pyodide/early-worker.mjs", window.location.href),
      { type: "module", name: "tabletop:" + path });
  } catch (err) {
    return; // no module workers here: the kernel starts its own worker, as without this script
  }
  function KernelWorker(url, options) {
    const name = String(url).split("?")[0].split("/").pop();
    if (spare && name === WORKER && options && options.type === "module") {
      const worker = spare;
      spare = null;
      return worker;
    }
    return new Native(url, options);
  }
  KernelWorker.prototype = Native.prototype;
  window.Worker = KernelWorker;
})();
