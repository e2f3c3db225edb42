// The learner's progress record in the browser (ProgressStore) and the progress map (ProgressMap).
// The store reads localStorage once per view and sends it to Python (validated there); it writes the record
// Python sends, only after Python has read the browser's copy, and fires the "tabletop-progress" window event.
// A change made elsewhere (another notebook on this page: the event; another tab: the storage event) is sent to
// Python as {type: "changed"}. Nothing here trusts what localStorage holds: it is parsed in a try and validated
// in Python.

const TT_STORE_TRAITS = ["record", "loaded", "notice", "version", "persistent"];
const TT_MAX_REASON = 200;

function ttReason(e) {
  return String((e && e.message) || e || "unknown error").slice(0, TT_MAX_REASON);
}

/** What localStorage holds under `key`: {record, text} | {record: null, problem, text} | {unavailable}. */
function ttProgressRead(key) {
  let text;
  try {
    text = window.localStorage.getItem(key);
  } catch (e) {
    return { unavailable: ttReason(e) };
  }
  if (text === null || text === "") return { record: null, text: null };
  try {
    return { record: JSON.parse(text), text };
  } catch (e) {
    return { record: null, problem: ttReason(e), text };
  }
}

/** Send to Python, never throwing (a view whose kernel is gone just stops sending). */
function ttSafeSend(model, msg) {
  try {
    model.send(msg);
    return true;
  } catch (e) {
    return false;
  }
}

function ttRenderProgressStore({ model, el }) {
  const root = ttH("div", { class: "tt-root tt-progress-store", "data-lm-suppress-shortcuts": "true" });
  el.classList.add("tt-host", "tt-progress-host");
  ttReplace(el, root);
  ttKeepKeys(root);
  let alive = true;
  const send = (msg) => { if (alive && !ttSafeSend(model, msg)) alive = false; };
  const recordText = () => JSON.stringify(model.get("record") || {});

  function write() {
    if (!model.get("loaded")) return;  // never overwrite the browser's record before Python has read it
    const key = model.get("key");
    const text = recordText();
    let old;
    try {
      old = window.localStorage.getItem(key);
    } catch (e) {
      return;  // no storage: Python was told when the view loaded
    }
    if (old === text) return;
    try {
      window.localStorage.setItem(key, text);
    } catch (e) {
      send({ type: "write-failed", reason: ttReason(e), version: model.get("version") });
      return;
    }
    root.dataset.writes = String(Number(root.dataset.writes || 0) + 1);
    window.dispatchEvent(new CustomEvent(model.get("event") || "tabletop-progress", { detail: { key } }));
  }

  /** The stored record changed (another notebook, another tab, a hand edit): tell Python if it is not ours. */
  function check(ev) {
    if (!alive || !model.get("loaded")) return;
    if (ev && ev.type === "storage" && ev.key !== null && ev.key !== model.get("key")) return;
    const r = ttProgressRead(model.get("key"));
    if (r.unavailable || r.text === recordText()) return;
    send({ type: "changed", record: r.record, problem: r.problem, version: model.get("version") });
  }

  function draw() {
    const notice = model.get("notice") || "";
    root.dataset.loaded = model.get("loaded") ? "1" : "0";
    root.dataset.version = String(model.get("version"));
    root.dataset.persistent = model.get("persistent") ? "1" : "0";
    root.dataset.clauses = String(Object.keys((model.get("record") || {}).clauses || {}).length);
    root.hidden = !notice;
    if (!notice) { ttReplace(root); return; }
    ttReplace(root, ttH("div", { class: "tt-progress-notice", role: "status" },
      ttIcon("warn", { label: "Note" }), " ", ttH("span", { class: "tt-progress-notice-text" }, notice), " ",
      ttH("button", { type: "button", class: "tt-progress-dismiss", "aria-label": "Dismiss this message",
        onClick: () => send({ type: "dismiss" }) }, "OK")));
  }

  // write only when Python sends something new: a view rendered later must not write over a record another
  // notebook stored meanwhile before Python has seen it (its "loaded" message below reports it first)
  const schedule = ttBatched(() => { write(); draw(); });
  for (const name of TT_STORE_TRAITS) model.on(`change:${name}`, schedule);
  const eventName = model.get("event") || "tabletop-progress";
  window.addEventListener(eventName, check);
  window.addEventListener("storage", check);
  draw();
  const first = ttProgressRead(model.get("key"));
  send({ type: "loaded", record: first.record === undefined ? null : first.record, problem: first.problem,
    unavailable: first.unavailable, version: model.get("version") });
  return () => {
    alive = false;
    window.removeEventListener(eventName, check);
    window.removeEventListener("storage", check);
    for (const name of TT_STORE_TRAITS) model.off(`change:${name}`, schedule);
  };
}

// ---- the progress map ----------------------------------------------------------------------------------------
const TT_MAP_TRAITS = ["games", "states", "record", "notice", "version", "title", "open_lists"];
const TT_STATES = ["new", "seen", "practised", "mastered"];
const TT_STATE_WORDS = { new: "new", seen: "seen", practised: "practised", mastered: "mastered" };
const TT_STATE_HELP = {
  new: "not met yet",
  seen: "shown in a lesson, not yet tried",
  practised: "tried, not (yet) mastered",
  mastered: "right at least {n} times, the latest try right",
};
const TT_MAX_IMPORT = 2000000;

/** Every key pressed on a focused element of ours stays ours: JupyterLab matches the focused element's own
 *  selectors first, so each focused element carries data-lm-suppress-shortcuts (not only the root). */
function ttKeepKeys(root) {
  root.addEventListener("focusin", (ev) => {
    const t = ev.target;
    if (t && t.setAttribute && !t.hasAttribute("data-lm-suppress-shortcuts")) t.setAttribute("data-lm-suppress-shortcuts", "true");
  });
}

/** The state's shape (never colour alone): an empty ring, a ring with a dot, half full, full with a tick. */
function ttStateIcon(state) {
  const parts = [ttS("circle", { cx: 8, cy: 8, r: 6.2, fill: state === "mastered" ? "currentColor" : "none",
    stroke: "currentColor", "stroke-width": 1.8 })];
  if (state === "seen") parts.push(ttS("circle", { cx: 8, cy: 8, r: 2.2, fill: "currentColor" }));
  if (state === "practised") parts.push(ttS("path", { d: "M8 1.8 A6.2 6.2 0 0 1 8 14.2 Z", fill: "currentColor" }));
  if (state === "mastered") parts.push(ttS("path", { d: "M4.6 8.2 L7 10.6 L11.4 5.6", stroke: "#fff", "stroke-width": 2, fill: "none",
    "stroke-linecap": "round", "stroke-linejoin": "round" }));
  return ttS("svg", { class: "tt-state-icon", viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true",
    focusable: "false" }, parts);
}

function ttStateChip(state) {
  return ttH("span", { class: ["tt-chip", `tt-chip-${state}`], "data-state": state }, ttStateIcon(state),
    ttH("span", { class: "tt-chip-word" }, TT_STATE_WORDS[state] || state));
}

function ttCountText(c, total) {
  return `${c.mastered} mastered · ${c.practised} practised · ${c.seen} seen · ${c.new} new, of ${total} rules`;
}

function ttCountBar(c, total) {
  const bar = ttH("div", { class: "tt-progress-bar", "aria-hidden": "true" });
  for (const st of ["mastered", "practised", "seen"]) {
    if (!c[st]) continue;
    bar.append(ttH("span", { class: ["tt-bar", `tt-bar-${st}`], style: { width: `${(100 * c[st]) / total}%` } }));
  }
  return bar;
}

function ttRenderProgressMap({ model, el }) {
  const root = ttH("div", { class: "tt-root tt-progress-map", role: "region", tabindex: "-1", "data-lm-suppress-shortcuts": "true" });
  el.classList.add("tt-host");
  ttReplace(el, root);
  ttKeepKeys(root);
  const focus = ttFocusKeeper(root);
  const open = new Map();  // details key -> open (kept across redraws)
  let confirming = false;
  let local = null;  // a note made here (Export), shown until Python's next notice
  let lastNotice = 0;
  const input = ttH("input", { type: "file", accept: ".json,application/json", class: "tt-progress-file",
    tabindex: "-1", "aria-hidden": "true" });
  let alive = true;
  const send = (msg) => { if (alive && !ttSafeSend(model, msg)) alive = false; };

  function exportFile() {
    const record = model.get("record") || {};
    const n = Object.keys(record.clauses || {}).length;
    const day = new Date().toISOString().slice(0, 10);
    const name = `tabletop-progress-${day}.json`;
    const url = URL.createObjectURL(new Blob([JSON.stringify(record, null, 2) + "\n"], { type: "application/json" }));
    const a = ttH("a", { href: url, download: name, class: "tt-progress-download" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 30000);
    local = { ok: true, text: `Exported ${n} rule${n === 1 ? "" : "s"} to ${name} (in your downloads). Import it in another browser to carry on there.` };
    root.dataset.exported = String(Number(root.dataset.exported || 0) + 1);
    draw();
  }

  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    let text;
    try {
      text = await file.slice(0, TT_MAX_IMPORT + 1).text();
    } catch (e) {
      text = null;
    }
    local = null;
    root.dataset.pending = "1";
    root.dataset.busy = "1";
    send({ type: "import", name: String(file.name || "").slice(0, 200), text, version: model.get("version") });
  });

  function toggleKey(node, key) {
    if (open.has(key)) node.open = open.get(key);
    node.addEventListener("toggle", () => open.set(key, node.open));
    return node;
  }

  function clauseItem(c, st) {
    const state = st.state || "new";
    const tries = st.tries ? `Tried ${st.tries} time${st.tries === 1 ? "" : "s"}, ${st.right} right.` : "Not tried yet.";
    const det = toggleKey(ttH("details", { class: "tt-progress-rule" },
      ttH("summary", { "data-focus": `rule:${c.id}`, "aria-label": `${c.title}: ${TT_STATE_WORDS[state]} (${c.id})` },
        ttStateChip(state), " ", ttH("span", { class: "tt-progress-rule-title" }, c.title), " ",
        ttH("code", { class: "tt-progress-rule-id" }, c.id)),
      ttH("div", { class: "tt-progress-rule-body" },
        ttH("p", {}, c.says),
        c.reconstruction ? ttH("p", { class: "tt-progress-recon" }, ttH("strong", {}, "Reconstruction: "), c.reconstruction) : null,
        ttH("p", { class: "tt-progress-where" }, `Rulebook: ${c.where}. ${tries}`))), `rule:${c.id}`);
    return ttH("li", { class: "tt-progress-clause", "data-clause": c.id, "data-state": state }, det);
  }

  function count(ids, states) {
    const c = { new: 0, seen: 0, practised: 0, mastered: 0 };
    for (const id of ids) c[(states[id] && states[id].state) || "new"] += 1;
    return c;
  }

  function draw() {
    focus.take();
    const games = model.get("games") || [];
    const states = model.get("states") || {};
    const openLists = !!model.get("open_lists");
    const notice = model.get("notice");
    if (notice && notice.n !== lastNotice) { lastNotice = notice.n; local = null; delete root.dataset.pending; delete root.dataset.busy; }
    const shown = local || notice;
    const all = [];
    const gameNodes = games.map((g) => {
      const ids = g.sections.flatMap((s) => s.clauses.map((c) => c.id));
      all.push(...ids);
      const c = count(ids, states);
      const sections = g.sections.map((s) => {
        const sid = s.clauses.map((x) => x.id);
        const sc = count(sid, states);
        const key = `section:${g.game}:${s.name}`;
        return toggleKey(ttH("details", { class: "tt-progress-section", "data-section": s.name, open: openLists },
          ttH("summary", { "data-focus": key },
            ttH("span", { class: "tt-progress-section-name" }, s.name), " ",
            ttH("span", { class: "tt-progress-section-count" }, `${sc.mastered} of ${sid.length} mastered`)),
          ttH("ul", { class: "tt-progress-rules" }, s.clauses.map((x) => clauseItem(x, states[x.id] || {})))), key);
      });
      const key = `game:${g.game}`;
      const head = [ttH("span", { class: "tt-progress-game-title" }, g.title), " ",
        ttH("span", { class: "tt-progress-count" }, ttCountText(c, ids.length))];
      return ttH("section", { class: "tt-progress-game", "data-game": g.game, "aria-label": `${g.title}: ${ttCountText(c, ids.length)}`,
        dataset: { new: c.new, seen: c.seen, practised: c.practised, mastered: c.mastered } },
        games.length > 1
          ? toggleKey(ttH("details", { class: "tt-progress-game-list", open: openLists },
            ttH("summary", { "data-focus": key }, head), ttCountBar(c, ids.length), sections), key)
          : [ttH("h4", { class: "tt-progress-game-head" }, head), ttCountBar(c, ids.length), sections]);
    });
    const total = count(all, states);
    const legend = ttH("ul", { class: "tt-progress-legend", "aria-label": "What the marks mean" },
      TT_STATES.map((st) => ttH("li", {}, ttStateChip(st), " ",
        TT_STATE_HELP[st].replace("{n}", String(model.get("mastery_right") || 2)))));
    const tools = ttH("div", { class: "tt-progress-tools", role: "group", "aria-label": "Your progress file" },
      ttH("button", { type: "button", class: "tt-progress-export", "data-focus": "export", onClick: exportFile,
        title: "Save your progress as a file (to carry it to another browser)" }, "Export"),
      ttH("button", { type: "button", class: "tt-progress-import", "data-focus": "import", onClick: () => input.click(),
        title: "Add the progress saved in a file (made by Export)" }, "Import…"),
      ttH("button", { type: "button", class: "tt-progress-reset", "data-focus": "reset", "aria-expanded": confirming ? "true" : "false",
        onClick: () => { confirming = true; local = null; draw(); root.querySelector(".tt-progress-confirm-no").focus(); } }, "Reset…"),
      input);
    const confirm = confirming ? ttH("div", { class: "tt-progress-confirm", role: "alertdialog", "aria-label": "Reset your progress?" },
      ttH("p", {}, "Clear your progress for every game in this browser? Every rule becomes new again. This cannot be undone: Export first to keep a copy."),
      ttH("button", { type: "button", class: "tt-progress-confirm-yes", "data-focus": "reset-yes",
        onClick: () => { confirming = false; root.dataset.pending = "1"; root.dataset.busy = "1"; send({ type: "reset", version: model.get("version") }); draw(); } }, "Yes, clear it"),
      " ",
      ttH("button", { type: "button", class: "tt-progress-confirm-no", "data-focus": "reset-no",
        onClick: () => { confirming = false; draw(); root.querySelector(".tt-progress-reset").focus(); } }, "Keep it")) : null;
    root.setAttribute("aria-label", ttTxt(model.get("title")) || "Your progress");
    root.dataset.version = String(model.get("version"));
    root.dataset.clauses = String(all.length);
    for (const st of TT_STATES) root.dataset[st] = String(total[st]);
    ttReplace(root,
      ttH("h3", { class: "tt-title" }, ttTxt(model.get("title"))),
      games.length > 1 ? ttH("p", { class: "tt-progress-total" }, ttCountText(total, all.length)) : null,
      legend, tools, confirm,
      ttH("div", { class: ["tt-progress-note", shown && !shown.ok ? "tt-progress-note-bad" : null], role: "status",
        hidden: !shown }, shown ? shown.text : ""),
      gameNodes);
    focus.give(root);
  }

  root.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && confirming) { confirming = false; draw(); root.querySelector(".tt-progress-reset").focus(); ev.stopPropagation(); }
  });
  const schedule = ttBatched(draw);
  for (const name of TT_MAP_TRAITS) model.on(`change:${name}`, schedule);
  draw();
  return () => {
    alive = false;
    for (const name of TT_MAP_TRAITS) model.off(`change:${name}`, schedule);
  };
}
