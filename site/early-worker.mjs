// Tabletop Arcade: the Pyodide kernel's worker, started early (site/early-worker.mjs; site/build.py copies it
// beside boot.mjs as static/pyodide/early-worker.mjs and fills in the two lines marked below).
//
// site/early-kernel.js creates this worker as a lesson's page begins to load. It is the kernel's own worker
// (the Pyodide kernel extension's comlink worker, imported below: it answers the kernel's calls as ever) that
// starts Pyodide at once with the site's kernel settings (jupyter-lite.json: loadPyodideOptions, as the build
// wrote them), so the wasm is compiled, Python started and the preloaded wheels installed while JupyterLab
// loads and opens the notebook. When the kernel starts, it initializes this worker, and boot.mjs's loadPyodide
// hands it the Pyodide already started (site/boot.mjs: startEarly).

import { startEarly } from "./boot.mjs";
import "../../extensions/@jupyterlite/pyodide-kernel-extension/static/comlink.worker.js";

/** The kernel's loadPyodideOptions as site/build.py wrote them into jupyter-lite.json (URLs relative to the site). */
const OPTIONS = {};

const root = new URL("../../", import.meta.url);
const options = { indexURL: new URL("./", import.meta.url).href, ...OPTIONS };
for (const [key, value] of Object.entries(options)) {
  if (key.endsWith("URL") && typeof value === "string") options[key] = new URL(value, root).href;
}
/** The games (tabletop's subpackages, the notebooks' folders): a lesson of one imports its engine first. */
const GAMES = [];
// the notebook's path, as site/early-kernel.js named this worker
const path = self.name.startsWith("tabletop:") ? self.name.slice("tabletop:".length) : "";
const game = path.split("/")[0];
// the kernel's start imports piplite.piplite before anything else (its package manager); a game's lesson imports
// tabletop.<game> (its engine: no widget, no IPython, which must come after the kernel's own mocks)
startEarly(options, ["piplite.piplite", ...(GAMES.includes(game) ? [`tabletop.${game}`] : [])]);
