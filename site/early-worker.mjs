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
// In the kernel's order: piplite.piplite (its package manager), pyodide_kernel (its mocks, then IPython and the
// kernel instance; the kernel imports it again, a no-op, once its drive is mounted), then what the notebook's
// first cell imports: the widgets, and a game lesson's game and its widget, or the start page's progress map.
const NOTEBOOK = GAMES.includes(game) ? [`tabletop.${game}`, `tabletop.${game}.widget`]
  : path.includes("/") ? [] : ["tabletop.ui.progress"];
startEarly(options, ["piplite.piplite", "pyodide_kernel", "ipywidgets", "anywidget", "tabletop.ui.board", ...NOTEBOOK]);
