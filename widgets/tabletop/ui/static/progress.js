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
    write();
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

  const schedule = ttBatched(draw);
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
