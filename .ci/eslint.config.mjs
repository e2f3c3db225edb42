// The JavaScript check of `make test` / `make lint-js` (eslint's recommended rules, browser globals).
// ESLint and its two packages live in .ci/js (installed there by `make lint-js` on first use; the project itself
// needs no Node), so they are loaded from there rather than from a node_modules beside this file.
//
// The widgets' static files are of two kinds:
// - fragments (kit.js, chance.js, teacher.js, progress.js, practice.js, walkthrough.js, each game's board.js):
//   tabletop.ui._bundle joins several of them, then `export default { render: ... }`, into one ES module per
//   widget class, so they share one scope: each fragment is checked in strict mode as a script whose globals are
//   the names the other fragments declare at top level (found below), and a top-level declaration that its own
//   file does not use is not "unused" (another fragment or the entry uses it);
// - whole ES modules (a file with an `export`, e.g. lab/static/aria.js), checked as modules.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "js", "node_modules", "eslint-packages.cjs"));
const js = require("@eslint/js");
const globals = require("globals");

const root = path.resolve(here, "..");

function staticFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith(".js") && path.basename(path.dirname(p)) === "static") out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

const isModule = (text) => /^\s*export\s/m.test(text);
// top-level declarations of a fragment: `function name`, `async function name`, `class name`, `const|let|var name`
const topLevel = (text) =>
  [...text.matchAll(/^(?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]);

const files = staticFiles(path.join(root, "widgets"));
const fragments = [];
const modules = [];
const declared = new Map(); // fragment (path relative to the repository) -> its top-level names
for (const file of files) {
  const text = readFileSync(file, "utf8");
  const rel = path.relative(root, file).split(path.sep).join("/");
  if (isModule(text)) modules.push(rel);
  else {
    fragments.push(rel);
    declared.set(rel, new Set(topLevel(text)));
  }
}

const shared = (own) => {
  const names = {};
  for (const [file, decl] of declared) {
    if (file === own) continue;
    for (const name of decl) if (!declared.get(own).has(name)) names[name] = "readonly";
  }
  return names;
};

const rules = {
  ...js.configs.recommended.rules,
  "no-unused-vars": ["error", { vars: "local", args: "none", caughtErrors: "none" }],
};

export default [
  { ignores: ["**/node_modules/**", "build/**", ".venv*/**"] },
  ...fragments.map((file) => ({
    files: [file],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      parserOptions: { ecmaFeatures: { impliedStrict: true } },
      globals: { ...globals.browser, ...shared(file) },
    },
    rules,
  })),
  {
    files: modules,
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
    rules: { ...rules, "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }] },
  },
];
