// Tabletop Arcade front-end kit.
// Python joins this file + chance.js + a game's board.js into one ES module (no imports, no build step).
// A game's board.js declares `function renderBoard(ctx)` (and optionally `function boardKey(event, ctx)`).
// Names starting with `tt` and drawDie/drawSpinner/drawFaces are reserved for the kit.
// Rule: text from games and players is set with textContent only, never as HTML.

const TT_SVG_NS = "http://www.w3.org/2000/svg";

/** JupyterLab's shortcut guard. Lumino (CommandRegistry.processKeydownEvent) matches a key binding by walking from
 *  the keydown's target up to the document and stops at the first element carrying data-lm-suppress-shortcuts —
 *  but it tests each element's selector match BEFORE it moves on to the parent, and the notebook's command-mode
 *  bindings (r: to Raw, m: to Markdown, x: cut, a/b: insert, arrows, ...) use the selector
 *  ".jp-Notebook.jp-mod-commandMode :focus:not(:read-write)", which the focused element itself matches. So the
 *  attribute on a widget's root guards only the root: with focus on an inner button, summary, banner or hex the
 *  key reaches the notebook. The kit therefore puts the attribute on every element inside a guarded root that
 *  takes focus (at focusin, and again at keydown, in capture), so no key pressed inside a kit widget is ever a
 *  notebook shortcut — whatever renderer, panel or game drew the element. Setting the attribute with ttH/ttSetAttrs
 *  guards the node (every kit widget's root does). */
const TT_SUPPRESS = "data-lm-suppress-shortcuts";

function ttGuardShortcuts(root) {
  if (!root || root.ttShortcutGuard) return root;
  root.ttShortcutGuard = true;
  if (!root.hasAttribute(TT_SUPPRESS)) root.setAttribute(TT_SUPPRESS, "true");
  const mark = (ev) => {
    const t = ev.target;
    if (t instanceof Element && !t.hasAttribute(TT_SUPPRESS)) t.setAttribute(TT_SUPPRESS, "true");
  };
  root.addEventListener("focusin", mark, true);
  root.addEventListener("keydown", mark, true);
  return root;
}

/** The page's link: the text after "#" when it holds a "tt-" field (tabletop.ui.links), at most 8,000 characters,
 *  and whether it is the address shown now ({text, live}); null when there is none. No server sees a fragment, so
 *  a link works in JupyterLab, Voila and JupyterLite alike. JupyterLab rewrites the address as it opens a notebook
 *  (the fragment is dropped): the address the page was opened with is the browser's navigation entry. */
function ttLinkFragment() {
  const live = (typeof location !== "undefined" && location.hash) || "";
  if (live.includes("tt-")) return { text: live.slice(1, 8001), live: true };
  let first = "";
  try {
    const nav = performance.getEntriesByType("navigation")[0];
    first = nav && nav.name ? String(nav.name) : "";
  } catch (_e) { first = ""; }
  const at = first.indexOf("#");
  const text = at >= 0 ? first.slice(at + 1, at + 8001) : "";
  return text.includes("tt-") ? { text, live: false } : null;
}

/** Send the page's link to Python once, when a board or lesson of `game` is first drawn: Python checks it field by
 *  field and opens the lesson at its step or the board at its position (or says why not). The address the page was
 *  opened with is read by the first board or lesson of its game only, not by every notebook opened later. */
function ttSendLink(model, game) {
  const link = ttLinkFragment();
  if (!link) return;
  if (!link.live) {
    const named = /(?:^|&)tt-game=([^&]*)/.exec(link.text);
    if (game && named && decodeURIComponent(named[1]) !== game) return;
    const page = /** @type {any} */ (window);  // one record per page, shared by every widget bundle on it
    const read = (page.ttLinksRead = page.ttLinksRead || new Set());
    if (read.has(link.text)) return;
    read.add(link.text);
  }
  model.send({ type: "link", fragment: link.text });
}

/** This page's address with the link's fragment `fragment` (made by Python), for a Copy link button. */
function ttLinkUrl(fragment) {
  return `${location.href.split("#")[0]}#${fragment}`;
}

/** Copy `text` to the clipboard; where the browser refuses, select it in `box` (an input) for Ctrl+C. */
function ttCopyText(text, box, done) {
  const fallback = () => { if (box) { box.hidden = false; box.value = text; box.select(); } done(false); };
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(() => done(true), fallback);
  else fallback();
}

function ttSetAttrs(node, attrs) {
  if (!attrs) return node;
  // (for...in and no copies: every element of every drawing comes through here)
  for (const k in attrs) {
    const v = attrs[k];
    if (v === null || v === undefined || v === false) continue;
    if (k.charCodeAt(0) === 111 && k.charCodeAt(1) === 110) {  // "on...": a listener
      if (typeof v !== "function") throw new Error(`tabletop kit: ${k} must be a function`);
      ttOn(node, k.slice(2).toLowerCase(), v);
    } else if (k === "class" || k === "className") {
      node.setAttribute("class", Array.isArray(v) ? ttClassList(v) : String(v));
    } else if (k === "dataset") {
      for (const dk in v) { const dv = v[dk]; if (dv !== null && dv !== undefined) node.dataset[dk] = String(dv); }
    } else if (k === "style" && typeof v === "object") {
      for (const sk in v) {
        const sv = v[sk];
        if (sk.startsWith("--")) node.style.setProperty(sk, String(sv)); else node.style[sk] = sv;
      }
    } else if (k === "text") {
      node.textContent = String(v);
    } else if (k === "innerHTML" || k === "outerHTML" || k === "srcdoc") {
      throw new Error("tabletop kit: HTML strings are not allowed; build nodes with h()/s()");
    } else if ((k === "href" || k === "src" || k === "xlink:href") && /^\s*javascript:/i.test(String(v))) {
      throw new Error("tabletop kit: javascript: URLs are not allowed");
    } else {
      node.setAttribute(k, v === true ? "" : String(v));
      if (k === TT_SUPPRESS) ttGuardShortcuts(node);
    }
  }
  return node;
}

/** A class attribute from a list (falsy entries dropped). */
function ttClassList(list) {
  let out = "";
  for (const c of list) if (c) out = out ? `${out} ${c}` : String(c);
  return out;
}

/** Listen to `type` events on `node` through the kit: the node keeps its handlers (node.__ttOn), so a redraw that
 *  keeps the node in the page (ttMorph) hands it the new drawing's handlers, closures over the new state. Board
 *  renderers listen with ttOn (or h()/s()'s onClick... attributes), never addEventListener. While a board is drawn
 *  off the page (ttDeferListen) the browser listener waits: ttMorph adds it to the nodes that reach the page. */
function ttOn(node, type, fn) {
  const n = /** @type {any} */ (node);
  const on = n.__ttOn || (n.__ttOn = {});
  (on[type] || (on[type] = [])).push(fn);
  if (!ttDeferListen) ttListen(n, type);
}

/** True while a board's picture is drawn off the page (most of its nodes never reach it: ttMorph keeps older ones). */
let ttDeferListen = false;

/** The one browser listener of every kit node: it calls the handlers the node holds now. */
function ttDispatch(ev) {
  const fns = (this.__ttOn || {})[ev.type];
  if (fns) for (const f of fns.slice()) f.call(this, ev);
}

function ttListen(n, type) {
  const heard = n.__ttHeard || (n.__ttHeard = {});
  if (heard[type]) return;
  heard[type] = true;
  n.addEventListener(type, ttDispatch);
}

/** The browser listeners of a subtree drawn off the page, now that it is in the page (see ttDeferListen). */
function ttListenAll(node) {
  if (node.nodeType !== 1) return;
  const n = /** @type {any} */ (node);
  if (n.__ttOn) for (const type of Object.keys(n.__ttOn)) ttListen(n, type);
  for (let c = node.firstChild; c; c = c.nextSibling) ttListenAll(c);
}

/** The attributes that name what an element stands for (a space, a part, a piece, a focus target): a redraw keeps
 *  the element that names the same thing (ttMorph), whatever else about it changed. */
const TT_KEY_ATTRS = ["data-tt-key", "data-cell", "data-hex", "data-part", "data-plane", "data-target", "data-slot",
  "data-seat", "data-focus", "id"];

function ttKeyOf(node) {
  if (node.nodeType !== 1) return `#${node.nodeType}`;
  const el = /** @type {Element} */ (node);
  let key = "";
  for (const a of TT_KEY_ATTRS) {
    const v = el.getAttribute(a);
    if (v !== null) { key = `${a}=${v}`; break; }
  }
  const cls = el.getAttribute("class") || "";
  return `${el.nodeName}|${cls.split(" ", 1)[0]}|${key}`;
}

/** Make the element `live` (in the page) look and act like `fresh` (a new drawing of it, not in the page): its
 *  attributes, handlers and children become fresh's, while every child that stands for the same thing (ttKeyOf) is
 *  kept and patched in turn, so what did not change keeps its identity (and its focus, hover and running
 *  animations) and the browser restyles only what changed. `fresh.__ttLive` is set to the node kept. */
function ttMorph(live, fresh) {
  if (live === fresh) return live;
  if (live.isEqualNode(fresh)) {  // drawn the same (compared natively, the whole subtree): only the handlers move
    ttAdopt(live, fresh);
    return live;
  }
  const l = /** @type {any} */ (live);
  const f = /** @type {any} */ (fresh);
  // the shortcut guard's mark (ttGuardShortcuts: set on a focused element by the page, never drawn) stays, or a
  // kept, focused control would pass its next key to the notebook's shortcuts; so does the busy cursor's mark
  // (ttBusyCursor: the button under the pointer while a message is on its way)
  for (const name of live.getAttributeNames()) {
    if (!fresh.hasAttribute(name) && name !== TT_SUPPRESS && name !== "data-tt-busy") live.removeAttribute(name);
  }
  for (const name of fresh.getAttributeNames()) {
    const v = fresh.getAttribute(name);
    if (live.getAttribute(name) !== v) live.setAttribute(name, /** @type {string} */ (v));
  }
  ttHandOver(l, f);
  if ("value" in f && l.value !== f.value && live.ownerDocument.activeElement !== live) l.value = f.value;
  ttMorphChildren(live, fresh);
  return live;
}

/** `live` keeps fresh's handlers (closures over the newest state); fresh.__ttLive names the node kept. */
function ttHandOver(l, f) {
  if (l.__ttOn || f.__ttOn) {
    l.__ttOn = f.__ttOn || {};
    for (const type of Object.keys(l.__ttOn)) ttListen(l, type);
  }
  f.__ttLive = l;
}

/** ttMorph of two subtrees drawn alike (isEqualNode): node by node, the handlers handed over. */
function ttAdopt(live, fresh) {
  ttHandOver(live, fresh);
  let l = live.firstChild;
  let f = fresh.firstChild;
  while (l && f) {
    if (l.nodeType === 1) ttAdopt(l, f);
    l = l.nextSibling;
    f = f.nextSibling;
  }
}

/** ttMorph for the children: `live`'s children become `fresh`'s, each matched (by ttKeyOf, in order) to a child of
 *  `live` that is kept and patched; a new child is moved in; an old child nothing matched is removed. A fresh child
 *  that is a part left as it was (ttPartMemo: a placeholder naming the element in the page) is that element, not
 *  compared at all. */
function ttMorphChildren(live, fresh) {
  /** @type {Set<Node> | null} */
  let claimed = null;  // the elements the placeholders among fresh's children keep (no other child takes them)
  for (let c = fresh.firstChild; c; c = c.nextSibling) {
    const kept = /** @type {any} */ (c).__ttKeep;
    if (kept) (claimed || (claimed = new Set())).add(kept);
  }
  /** @type {Map<string, Node[]> | null} */
  let olds = null;  // built at the first child that is not a placeholder
  const want = [];
  let same = true;  // every child kept, in its place
  let at = live.firstChild;
  for (let c = fresh.firstChild; c; c = c.nextSibling) {
    let keep = /** @type {any} */ (c).__ttKeep;
    if (!keep) {
      if (!olds) {
        olds = new Map();
        for (let o = live.firstChild; o; o = o.nextSibling) {
          if (claimed && claimed.has(o)) continue;
          const k = /** @type {any} */ (o).__ttKey || ttKeyOf(o);
          const q = olds.get(k);
          if (q) q.push(o); else olds.set(k, [o]);
        }
      }
      const k = ttKeyOf(c);
      const q = olds.get(k);
      const o = q && q.length ? q.shift() : null;
      if (!o) { keep = c; ttListenAll(c); }
      else if (c.nodeType === 1) keep = ttMorph(o, c);
      else { if (o.nodeValue !== c.nodeValue) o.nodeValue = c.nodeValue; keep = o; }
      /** @type {any} */ (keep).__ttKey = k;
    }
    if (keep !== at) same = false;
    at = at && at.nextSibling;
    want.push(keep);
  }
  if (!same || at) ttSyncChildren(live, want);
}

/** The parts of a drawing (ctx.part): an element drawn again only when its signature changed since the view's last
 *  drawing; else the drawing holds a placeholder (an empty comment naming the element in the page) that ttMorph
 *  takes for that element, as it is, without drawing or comparing it. begin() before a drawing, end() once it is
 *  patched into the page (ttMorph): each part's element in the page is remembered, and a placeholder that reached
 *  the page inside a new element is replaced by its element. */
function ttPartMemo() {
  /** @typedef {{sig: string, node: Node | null, live: Node | null, kids: string[]}} TTPart */
  /** @type {Map<string, TTPart>} */
  let last = new Map();
  /** @type {Map<string, TTPart>} */
  let next = new Map();
  /** @type {Node[]} */
  let holders = [];
  let kept = 0;
  /** @type {TTPart | null} */
  let building = null;  // the part whose build() is running (a part drawn inside it is its kid)
  // a kept part keeps the parts inside it too (their elements are in it): the next drawing of it finds them
  /** @type {Set<string>} */
  let carried = new Set();
  const carry = (e) => {
    for (const k of e.kids) {
      const kid = last.get(k);
      if (kid && !next.has(k)) { next.set(k, kid); carried.add(k); carry(kid); }
    }
  };
  return {
    begin() { next = new Map(); holders = []; kept = 0; building = null; carried = new Set(); },
    /** the element of part `key` (unique in a drawing) whose drawing is named by `sig` (a string): drawn by build()
     *  when sig changed (or the part is new), else a placeholder for the element in the page */
    part(key, sig, build) {
      if (next.has(key) && !carried.delete(key)) throw new Error(`tabletop kit: the part ${key} is drawn twice`);
      if (building) building.kids.push(key);
      const was = last.get(key);
      // (globalThis.ttBreakParts, tests only: every part kept as it was, to show a stale part is found)
      const same = was && (was.sig === sig || /** @type {any} */ (globalThis).ttBreakParts);
      if (same && was.live && was.live.isConnected) {
        const ph = document.createComment("");
        /** @type {any} */ (ph).__ttKeep = was.live;
        holders.push(ph);
        next.set(key, was);
        carry(was);
        kept += 1;
        return ph;
      }
      /** @type {TTPart} */
      const e = { sig, node: null, live: null, kids: [] };
      next.set(key, e);
      const outer = building;
      building = e;
      try {
        e.node = build();
      } finally {
        building = outer;
      }
      return e.node;
    },
    end() {
      for (const ph of holders) if (ph.isConnected) /** @type {ChildNode} */ (ph).replaceWith(/** @type {any} */ (ph).__ttKeep);
      for (const e of next.values()) if (e.node) { e.live = ttLive(e.node); e.node = null; }
      last = next;
      return { parts: next.size, kept };
    },
    clear() { last = new Map(); },
  };
}

/** A board picture as text, for comparing a patched picture with one drawn from scratch (tests: the board's
 *  checkRedraw, tests/browser/test_board_patch_browser.py): without what belongs to one drawing's moment or one view
 *  (the last move's flash, a hovered move's preview, a Super Xevious flight and the lighting of its stops, the
 *  shortcut guard's mark, the busy cursor's mark), attributes in one order. */
function ttPictureText(el) {
  const copy = /** @type {Element} */ (el.cloneNode(true));
  for (const x of copy.querySelectorAll(".xv-trail, .xv-ghost")) x.remove();
  for (const x of copy.querySelectorAll("*")) {
    x.classList.remove("tt-last-move-flash", "tt-move-preview", "xv-lit-later");
    if (!x.getAttribute("class")) x.removeAttribute("class");
    for (const a of ["data-preview", "data-flash", TT_SUPPRESS, "data-tt-busy"]) x.removeAttribute(a);
    const st = /** @type {any} */ (x).style;
    if (st) { st.removeProperty("animation-delay"); st.removeProperty("--xv-lit-delay"); }
    if (x.getAttribute("style") === "") x.removeAttribute("style");
    const attrs = [...x.attributes].map((a) => [a.name, a.value]).sort();
    for (const [k] of attrs) x.removeAttribute(k);
    for (const [k, v] of attrs) x.setAttribute(k, v);
  }
  return copy.innerHTML;
}

/** The node in the page that a node of a fresh drawing became (ttMorph kept an older one), else the node. */
function ttLive(node) {
  return node && /** @type {any} */ (node).__ttLive ? /** @type {any} */ (node).__ttLive : node;
}

function ttAppend(node, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) ttAppend(node, c);  // (nested lists, without copying them flat)
    else node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** Replace a node's children (null/false children are skipped, strings become text). */
function ttReplace(node, ...children) {
  node.replaceChildren();
  return ttAppend(node, children);
}

/** h("button", {class: "x", onClick: fn}, "text", child...) -> HTMLElement (strings become text nodes). */
function ttH(tag, attrs, ...children) {
  return ttAppend(ttSetAttrs(document.createElement(tag), attrs), children);
}

/** s("circle", {cx: 1, cy: 2, r: 3}) -> SVGElement (strings become text nodes). */
function ttS(tag, attrs, ...children) {
  return ttAppend(ttSetAttrs(document.createElementNS(TT_SVG_NS, tag), attrs), children);
}

/** Small kit icons drawn as SVG (never a font glyph: a font may lack it). Decorative unless opts.label is given
 *  (then role="img" with that accessible name). Shapes on a 16x16 grid. */
const TT_ICONS = {
  warn: [["path", { d: "M8 1.5 L15 14.5 H1 Z", fill: "currentColor" }],
    ["rect", { x: 7.1, y: 5.5, width: 1.8, height: 5, fill: "#fff" }], ["circle", { cx: 8, cy: 12.4, r: 1, fill: "#fff" }]],
  close: [["path", { d: "M3 3 L13 13 M13 3 L3 13", stroke: "currentColor", "stroke-width": 2.4, "stroke-linecap": "round", fill: "none" }]],
  left: [["path", { d: "M11 2 L3 8 L11 14 Z", fill: "currentColor" }]],
  up: [["path", { d: "M8 2 L14 13 H2 Z", fill: "currentColor" }]],
  again: [["path", { d: "M13 8 A5 5 0 1 1 8 3 H10", stroke: "currentColor", "stroke-width": 2, fill: "none" }],
    ["path", { d: "M9 0.5 L12.5 3 L9 5.5 Z", fill: "currentColor" }]],
};

function ttIcon(name, opts) {
  const o = opts || {};
  const size = o.size || 16;
  const svg = ttS("svg", { class: ["tt-icon", `tt-icon-${name}`], viewBox: "0 0 16 16", width: size, height: size,
    focusable: "false", role: o.label ? "img" : null, "aria-label": o.label || null, "aria-hidden": o.label ? null : "true" });
  for (const [tag, attrs] of TT_ICONS[name] || []) svg.append(ttS(tag, attrs));
  return svg;
}

/** Text for a learner: null/undefined become "" (never the words "null" or "undefined"). */
function ttTxt(v) {
  if (v === null || v === undefined) return "";
  if (typeof v === "number" && !Number.isFinite(v)) return "";
  return String(v);
}

/** The key Python's action_key gives an action dict: JSON with sorted keys, compact separators, arrays for
 *  tuples, non-ASCII escaped as \uXXXX (json.dumps' ensure_ascii). */
function ttActionKey(action) {
  const enc = (v) => {
    if (v === null || v === undefined) return "null";
    if (Array.isArray(v)) return `[${v.map(enc).join(",")}]`;
    if (typeof v === "object") {
      return `{${Object.keys(v).filter((k) => v[k] !== undefined).sort().map((k) => `${enc(k)}:${enc(v[k])}`).join(",")}}`;
    }
    if (typeof v === "string") return JSON.stringify(v).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    if (typeof v === "number" && !Number.isFinite(v)) return v > 0 ? "Infinity" : v < 0 ? "-Infinity" : "NaN";
    return JSON.stringify(v);
  };
  return enc(action);
}

function ttSeatName(players, i) {
  if (i === null || i === undefined || i < 0) return "table";
  return players && players[i] !== undefined && players[i] !== null ? String(players[i]) : `Player ${i + 1}`;
}

/** The teacher panel's position text as an object (null when there is none or it does not parse). */
function ttParsePosition(d) {
  if (!d || typeof d.position !== "string") return null;
  try { const p = JSON.parse(d.position); return p && typeof p === "object" ? p : null; } catch (_e) { return null; }
}

/** "Blue's" — or "your" / "Your" (start) for a player called "You" (engine/words.py poss, the same rule). */
function ttPoss(name, start = false) {
  const n = String(name);
  if (n.trim().toLowerCase() === "you") return start ? "Your" : "your";
  return `${n}'s`;
}

/** A coloured, patterned swatch + name for a seat (colour is never the only cue). */
function ttSeatTag(players, i) {
  return ttH("span", { class: `tt-seat tt-seat-${i}`, dataset: { seat: i } },
    ttH("span", { class: "tt-seat-swatch", "aria-hidden": "true" }), ttSeatName(players, i));
}

function ttFmtOutcome(v) {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return v.map(ttFmtOutcome).filter((x) => x !== "").join(" ");
  if (typeof v === "object") return Object.values(v).map(ttFmtOutcome).filter((x) => x !== "").join(" ");
  return ttTxt(v);
}

/** A small picture of one chance draw {kind, value, rigged} for the header of every board.
 *  view.chance[kind] may give {mode, labels: {outcome: words}, title: "card"}: labels name the outcomes. */
function ttDrawChip(d, view) {
  const kind = ttTxt(d.kind);
  const cfg = (view && view.chance && view.chance[kind]) || {};
  const mode = cfg.mode || (kind === "die" ? "die" : kind === "spinner" ? "spinner" : "faces");
  // a game may name its faces (view.chance[kind].labels: outcome -> words), e.g. a helix roll "1a" -> its glyph
  const raw = ttFmtOutcome(d.value);
  const named = cfg.labels && typeof cfg.labels[raw] === "string" && cfg.labels[raw] ? cfg.labels[raw] : null;
  const kindName = typeof cfg.title === "string" && cfg.title ? cfg.title : kind;
  const label = [kindName, named || raw].filter(Boolean).join(" ") + (d.rigged ? " (rigged)" : "");
  const chip = ttH("span", { class: ["tt-draw", d.rigged && "tt-draw-rigged"], dataset: { kind: d.kind, value: ttFmtOutcome(d.value), rigged: d.rigged ? "1" : "0" }, role: "img", "aria-label": label, title: label });
  let pic = null;
  if (mode === "die" && typeof d.value === "number" && d.value >= 1 && d.value <= 6) {
    pic = drawDie(d.value, { size: 44 });
  } else if (mode === "spinner") {
    pic = drawSpinner(d.value, { size: 56, sectors: cfg.sectors });
  }
  if (pic) chip.append(pic);
  else if (named) chip.append(ttH("span", { class: "tt-draw-name" }, named));
  else if (raw) chip.append(ttH("span", { class: "tt-draw-text" }, raw));
  if (kindName) chip.append(ttH("span", { class: "tt-draw-kind" }, mode === "spinner" && pic && (named || raw) ? `${kindName}: ${named || raw}` : kindName));
  if (d.rigged) chip.append(ttH("span", { class: "tt-rigged-mark" }, "RIGGED"));
  return chip;
}

const TT_TRAITS = ["title", "game_name", "state", "legal", "events", "error", "version", "players",
  "current_player", "winner", "is_over", "last_draws", "rigged", "view_data", "clauses", "bot_seats", "can_undo",
  "interactive", "notice", "last_move", "bot_to_move", "bots_pending", "seed", "games_played", "teacher",
  "teacher_data", "bot_turn"];

/** Apply one patch of board.py's send_state (tabletop/ui/_messages.py json_patch) to `old`: a new value, built
 *  anew along the changed paths (so the model sees a change) and sharing every unchanged part with `old`.
 *  {"=": v} whole value · {o: {k: patch}, x: [keys]} object · {i: {"3": patch}} list items · {l: [[a, b],
 *  {v: [items]}]} a list made of copied runs of `old` and new items · {f: i} fixed value i · {s: [p, q, text]} a
 *  text's start and end kept. Inside o and i a value that is not an object is the value itself. */
function ttPatch(old, patch, fixed) {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;  // inside o / i: the value
  if ("=" in patch) return patch["="];
  if (patch.s) {
    const [p, q, mid] = patch.s;
    const text = typeof old === "string" ? old : "";
    return text.slice(0, p) + mid + text.slice(text.length - q);
  }
  if ("f" in patch) {
    const known = fixed || [];
    if (!(patch.f in known)) throw new Error("tabletop kit: a patch names a fixed value the page does not have");
    return known[patch.f];
  }
  if (patch.o) {
    const out = Object.assign({}, old && typeof old === "object" && !Array.isArray(old) ? old : {});
    for (const k of patch.x || []) delete out[k];
    for (const [k, p] of Object.entries(patch.o)) out[k] = ttPatch(out[k], p, fixed);
    return out;
  }
  const src = Array.isArray(old) ? old : [];
  if (patch.i) {
    const out = src.slice();
    for (const [i, p] of Object.entries(patch.i)) out[Number(i)] = ttPatch(out[Number(i)], p, fixed);
    return out;
  }
  if (Array.isArray(patch.l)) {
    const out = [];
    for (const seg of patch.l) {
      if (Array.isArray(seg)) { for (let i = seg[0]; i < seg[1]; i++) out.push(src[i]); }
      else for (const v of seg.v) out.push(v);
    }
    return out;
  }
  throw new Error("tabletop kit: unknown patch");
}

/** Traits whose items a patch shortens (_messages.py ITEM_CODECS): the keys a new item takes from the item before
 *  it when it leaves them out, and whether its id is rebuilt from its type and fields (ttActionKey, like Python's
 *  action_key). */
const TT_ITEM_CODECS = { legal: [["type"], true], events: [["turn", "actor", "action", "player"], false] };

/** A patched list's items made whole again (_messages.py expand_items): keys taken from the item before, a text
 *  [n, rest] = the first n characters of the text before + rest, the id rebuilt; a copied item is whole already. */
function ttExpandItems(items, codec) {
  const [keys, ids] = codec;
  const out = [];
  for (let e of items || []) {
    if (e && typeof e === "object" && !Array.isArray(e)) {
      const prev = out.length ? out[out.length - 1] : null;
      if (prev && typeof prev === "object" && keys.some((k) => !(k in e))) {
        const fill = {};
        for (const k of keys) if (!(k in e) && k in prev) fill[k] = prev[k];
        e = Object.assign(fill, e);
      }
      if (prev && typeof prev === "object" && Array.isArray(e.text)) {
        const [n, rest] = e.text;
        e = Object.assign({}, e, { text: String(prev.text === undefined ? "" : prev.text).slice(0, n) + rest });
      }
      if (ids && !("id" in e)) {
        const fields = Object.assign({}, e);
        delete fields.text;
        e = Object.assign({}, e, { id: ttActionKey(fields) });
      }
    }
    out.push(e);
  }
  return out;
}

/** Deflate's tables (RFC 1951 3.2.5): each length and distance code's base and its extra bits; the order of the
 *  code length code's lengths in a dynamic block's header (3.2.7). */
const TT_LEN_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
  163, 195, 227, 258];
const TT_LEN_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const TT_DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
  2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const TT_DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
  13];
const TT_CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** A canonical Huffman code from its code lengths (RFC 1951 3.2.2): how many codes of each length, and the
 *  symbols in code order. */
function ttHuffman(lengths) {
  const count = new Uint16Array(16);
  for (const n of lengths) count[n] += 1;
  count[0] = 0;
  const offs = new Uint16Array(16);
  for (let n = 1; n < 16; n++) offs[n] = offs[n - 1] + count[n - 1];
  const symbol = new Uint16Array(lengths.length);
  for (let v = 0; v < lengths.length; v++) if (lengths[v]) symbol[offs[lengths[v]]++] = v;
  return { count, symbol };
}

/** The bytes a zlib stream (RFC 1950; Python's zlib.compress) holds, inflated at once, in this task (RFC 1951:
 *  stored, fixed and dynamic Huffman blocks; the Adler-32 checked). The browser's DecompressionStream would do it
 *  too, but only asynchronously: a Blob stream read over several tasks, 1.4-3 ms even in an idle page, while a
 *  board's answer waited for it. Malformed data throws. */
function ttInflate(data) {
  const bad = (why) => new Error(`tabletop kit: deflated data ${why}`);
  if (data.length < 6 || (data[0] & 15) !== 8 || ((data[0] << 8) | data[1]) % 31 !== 0 || data[1] & 32) {
    throw bad("has no zlib header");
  }
  let pos = 2;
  let buf = 0;  // bits read ahead, lowest first (at most 23: whole bytes are taken as needed)
  let have = 0;
  const bits = (n) => {
    while (have < n) {
      if (pos >= data.length) throw bad("ends early");
      buf |= data[pos++] << have;
      have += 8;
    }
    const v = buf & ((1 << n) - 1);
    buf >>>= n;
    have -= n;
    return v;
  };
  const decode = (h) => {  // one symbol, its code read bit by bit (codes are sent most significant bit first)
    let code = 0;
    let first = 0;
    let index = 0;
    for (let n = 1; n < 16; n++) {
      code |= bits(1);
      const c = h.count[n];
      if (code - c < first) return h.symbol[index + (code - first)];
      index += c;
      first = (first + c) << 1;
      code <<= 1;
    }
    throw bad("has a code no table holds");
  };
  let out = new Uint8Array(Math.max(1024, data.length * 8));
  let size = 0;
  const room = (n) => {
    if (size + n <= out.length) return;
    const bigger = new Uint8Array(Math.max(out.length * 2, size + n));
    bigger.set(out.subarray(0, size));
    out = bigger;
  };
  let fixed = null;
  let last = 0;
  while (!last) {
    last = bits(1);
    const type = bits(2);
    if (type === 0) {  // stored: the rest of this byte dropped, then LEN, NLEN and LEN bytes
      buf = 0;
      have = 0;
      if (pos + 4 > data.length) throw bad("ends early");
      const len = data[pos] | (data[pos + 1] << 8);
      if ((len ^ (data[pos + 2] | (data[pos + 3] << 8))) !== 0xffff) throw bad("has a stored block of a wrong length");
      pos += 4;
      if (pos + len > data.length) throw bad("ends early");
      room(len);
      out.set(data.subarray(pos, pos + len), size);
      size += len;
      pos += len;
      continue;
    }
    let lit;
    let dist;
    if (type === 1) {
      if (!fixed) {
        const l = new Uint8Array(288);
        l.fill(8, 0, 144); l.fill(9, 144, 256); l.fill(7, 256, 280); l.fill(8, 280, 288);
        fixed = [ttHuffman(l), ttHuffman(new Uint8Array(30).fill(5))];
      }
      [lit, dist] = fixed;
    } else if (type === 2) {
      const nlen = bits(5) + 257;
      const ndist = bits(5) + 1;
      const ncode = bits(4) + 4;
      const cl = new Uint8Array(19);
      for (let i = 0; i < ncode; i++) cl[TT_CL_ORDER[i]] = bits(3);
      const clh = ttHuffman(cl);
      const lengths = new Uint8Array(nlen + ndist);
      for (let i = 0; i < nlen + ndist;) {
        const sym = decode(clh);
        if (sym < 16) { lengths[i++] = sym; continue; }
        let rep = 0;
        let n;
        if (sym === 16) {
          if (i === 0) throw bad("repeats a length before any");
          rep = lengths[i - 1];
          n = 3 + bits(2);
        } else n = sym === 17 ? 3 + bits(3) : 11 + bits(7);
        if (i + n > nlen + ndist) throw bad("has too many code lengths");
        while (n--) lengths[i++] = rep;
      }
      lit = ttHuffman(lengths.subarray(0, nlen));
      dist = ttHuffman(lengths.subarray(nlen));
    } else throw bad("has a block of an unknown type");
    for (;;) {
      let sym = decode(lit);
      if (sym < 256) { room(1); out[size++] = sym; continue; }
      if (sym === 256) break;
      sym -= 257;
      if (sym >= 29) throw bad("has a length code out of range");
      const len = TT_LEN_BASE[sym] + bits(TT_LEN_EXTRA[sym]);
      const d = decode(dist);
      if (d >= 30) throw bad("has a distance code out of range");
      const back = TT_DIST_BASE[d] + bits(TT_DIST_EXTRA[d]);
      if (back > size) throw bad("refers back before its start");
      room(len);
      for (let k = 0; k < len; k++, size++) out[size] = out[size - back];  // (may overlap: byte by byte)
    }
  }
  // the checksum: the next 4 whole bytes (bits left in `buf` are the last byte's padding; whole bytes are read
  // only as needed, so none beyond it was taken)
  if (pos + 4 > data.length) throw bad("has no checksum");
  let a = 1;
  let b = 0;
  for (let i = 0; i < size; i++) { a = (a + out[i]) % 65521; b = (b + a) % 65521; }
  const want = ((data[pos] << 24) | (data[pos + 1] << 16) | (data[pos + 2] << 8) | data[pos + 3]) >>> 0;
  if (((b << 16) | a) >>> 0 !== want) throw bad("fails its checksum");
  return out.subarray(0, size);
}

/** A sync message with its patch at hand: msg itself, or (msg.z: a long patch, base64 of its zlib-deflated JSON,
 *  _messages.py sync_message) the message with msg.p inflated (ttInflate, at once). Malformed data throws. */
function ttSyncPatch(msg) {
  if (!msg || typeof msg.z !== "string") return msg;
  const bin = atob(msg.z);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const text = new TextDecoder("utf-8", { fatal: true }).decode(ttInflate(bytes));
  return Object.assign({}, msg, { p: JSON.parse(text), z: undefined });
}

/** A board's state message (board.py send_state: {tt: "sync", base, seq, p: {trait: patch}}), applied to the model
 *  once whatever number of views share it: "applied"; "old" (a view of this model applied it already, or a whole
 *  state since is newer); "gap" (the model missed a message: the caller asks Python for the whole state). Every
 *  trait is set before any change event's redraw runs (the kit redraws once per microtask). */
function ttApplySync(model, msg) {
  const seq = Number(model.get("sync_seq") || 0);
  if (msg.seq <= seq) return "old";
  if (msg.base !== seq) return "gap";
  const next = {};
  const p = msg.p || {};
  const fixed = "fixed_values" in p ? ttPatch(model.get("fixed_values"), p.fixed_values) : model.get("fixed_values");
  for (const [k, q] of Object.entries(p)) next[k] = k === "fixed_values" ? fixed : ttPatch(model.get(k), q, fixed);
  for (const [k, codec] of Object.entries(TT_ITEM_CODECS)) if (k in next) next[k] = ttExpandItems(next[k], codec);
  model.set("sync_seq", msg.seq);
  for (const [k, v] of Object.entries(next)) model.set(k, v);
  return "applied";
}

/** How long a message may go unanswered before the button under the pointer shows the progress cursor (ms). */
const TT_BUSY_AFTER_MS = 150;

/** How long the last move flashes on the board and in the "Last move" line (ms); then it stays outlined. */
const TT_FLASH_MS = 2000;

/** Put `nodes` (in order) as the children of `parent`, moving nothing that is already in place: a persistent
 *  node (a live region) keeps its identity and position, so screen readers announce only what changed in it. */
function ttSyncChildren(parent, nodes) {
  const want = nodes.filter((n) => n !== null && n !== undefined && n !== false);
  let at = parent.firstChild;
  let prev = null;
  let i = 0;
  while (at && i < want.length && at === want[i]) { prev = at; at = at.nextSibling; i += 1; }  // already in place
  if (!at && i === want.length) return;
  const keep = new Set(want);
  for (let c = at; c;) { const next = c.nextSibling; if (!keep.has(c)) c.remove(); c = next; }
  at = prev ? prev.nextSibling : parent.firstChild;
  for (; i < want.length; i += 1) {
    const n = want[i];
    if (at === n) at = at.nextSibling; else parent.insertBefore(n, at);
  }
}

/** The board elements a legal move entry touches: those that play it (data-tt-action = its id), and the one
 *  element whose data-tt-at / data-hex / ... equals one of its text fields (the last-move outline's matching). */
function ttMoveTargets(box, entry) {
  if (!box || !entry) return [];
  const out = new Set(box.querySelectorAll(`[data-tt-action="${CSS.escape(String(entry.id))}"]`));
  for (const [k, v] of Object.entries(entry)) {
    if (k === "id" || k === "text" || k === "type" || typeof v !== "string" || !v) continue;
    for (const attr of TT_PLACE_ATTRS) {
      const hits = box.querySelectorAll(`[data-${attr}="${CSS.escape(v)}"]`);
      if (hits.length === 1) { out.add(hits[0]); break; }
    }
  }
  return [...out];
}

const TT_LIST_MAX = 30;

const TT_HELP = "Keys: Tab moves between controls, Enter or Space presses · 1–9 plays a listed move · " +
  "U undo · B bot move · N play again (at game over) · Esc clears the selection and the message";

/** Everything about a focusable element that names it across redraws: tag + data-* attributes. */
function ttFocusSig(el) {
  if (!el || !el.dataset) return "";
  const data = Object.keys(el.dataset).filter((k) => !/^(version|draws|rtt|rtts|pending|n|lmSuppressShortcuts)$/.test(k)).sort()
    .map((k) => `${k}=${el.dataset[k]}`);
  return data.length ? `${el.tagName}|${data.join("|")}` : "";
}

const TT_FOCUSABLE = "button, [tabindex], a[href], input, select, textarea, summary";

/** Keep keyboard focus inside a widget across redraws: the element with the same data-focus key, else the one
 *  with the same tag and data attributes, else `fallback` (the widget root). */
function ttFocusKeeper(root) {
  let inside = false;
  let key = null;
  let sig = "";
  root.addEventListener("focusin", (ev) => {
    inside = true;
    const t = ev.target;
    key = t === root ? "root" : (t.dataset && t.dataset.focus) || null;
    sig = t === root ? "" : ttFocusSig(t);
  });
  root.addEventListener("focusout", (ev) => {
    const to = ev.relatedTarget;
    if (to && !root.contains(to)) { inside = false; return; }
    if (!to) {
      // focus went to the page body: because the focused element was removed (a redraw), or a click outside
      const gone = ev.target;
      setTimeout(() => { if (gone && gone.isConnected && !root.contains(document.activeElement)) inside = false; }, 0);
    }
  });
  return {
    /** Before a redraw: was focus inside, and on what? */
    take() {
      const a = /** @type {HTMLElement | null} */ (document.activeElement);
      if (a && root.contains(a)) {
        inside = true;
        key = a === root ? "root" : (a.dataset && a.dataset.focus) || null;
        sig = a === root ? "" : ttFocusSig(a);
      }
      return inside;
    },
    /** After a redraw: put focus back (never leave it on the page body). */
    give(fallback) {
      if (!inside) return null;
      const a = document.activeElement;
      // a redraw keeps the elements it patches (ttMorph): the focused one may be kept but disabled now, and the
      // browser drops focus from a disabled control (later, to the page body): then it is not kept
      const off = a && (/** @type {any} */ (a).disabled || a.getAttribute("aria-hidden") === "true");
      if (a && a !== document.body && root.contains(a) && a.isConnected && !off) return a;
      let target = null;
      if (key === "root") target = root;
      else if (key) target = root.querySelector(`[data-focus="${CSS.escape(key)}"]`);
      if (!target && sig) {
        for (const el of root.querySelectorAll(TT_FOCUSABLE)) if (ttFocusSig(el) === sig) { target = el; break; }
      }
      if (target && (target.disabled || target.getAttribute("aria-hidden") === "true")) target = null;
      target = target || fallback || root;
      target.focus({ preventScroll: true });
      if (document.activeElement !== target) root.focus({ preventScroll: true });
      return target;
    },
  };
}

/** The view of a BoardWidget: frame (title, turn, error banner, moves, log, controls) around renderBoard(ctx). */
/** One redraw per microtask, however many traits changed together. */
function ttBatched(fn) {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => { scheduled = false; fn(); });
  };
}

/** While a board's message is on its way, the button under the pointer shows the progress cursor (kit.css
 *  button[data-tt-busy]): only that button is marked, and the one the pointer moves onto, so a click restyles one
 *  button instead of every button of the board (a rule on the root's data-pending did, at the click and again
 *  with the answer). */
function ttBusyCursor(root) {
  /** @type {Element | null} */
  let marked = null;
  const mark = (/** @type {Element | null} */ el) => {
    if (el === marked) return;
    if (marked) marked.removeAttribute("data-tt-busy");
    marked = el;
    if (el) el.setAttribute("data-tt-busy", "");
  };
  const over = (/** @type {Event} */ ev) => {
    const t = ev.target instanceof Element ? ev.target.closest("button") : null;
    mark(t && root.contains(t) ? t : null);
  };
  return {
    on() { root.addEventListener("mouseover", over); mark(root.querySelector("button:hover")); },
    off() { root.removeEventListener("mouseover", over); mark(null); },
  };
}

/** Record a click-to-redraw round trip (ms since `since`) on the root: data-rtt and data-rtts (for tests). */
function ttRecordRtt(root, rtts, since) {
  const dt = performance.now() - since;
  rtts.push(Math.round(dt * 10) / 10);
  root.dataset.rtt = dt.toFixed(1);
  root.dataset.rtts = JSON.stringify(rtts.slice(-100));
}

/** data attributes that name a place or piece on a board; a renderer may also use data-tt-at explicitly */
const TT_PLACE_ATTRS = ["tt-at", "hex", "cell", "part", "target", "place"];

/** A named part of a board picture must reach a screen reader: an SVG shape with an aria-label but no role is
 *  ignored by assistive technology (and axe flags it), so the kit gives it one: "button" when it is focusable
 *  (a clickable target), else "img". A renderer's own role always wins. */
function ttNameParts(box) {
  for (const el of box.querySelectorAll("svg [aria-label]:not([role])")) {
    el.setAttribute("role", el.getAttribute("tabindex") !== null && el.getAttribute("tabindex") !== "-1" ? "button" : "img");
  }
}

/** Outline what the last move touched: each board element whose data-tt-at / data-hex / data-cell / data-part /
 *  data-target / data-place equals one of the move's text fields (when exactly one element has that value). */
function ttMarkLastMove(box, lm) {
  /** @type {{el: Element, cls: boolean, attr: boolean}[]} */
  const added = [];  // what the kit added to each element it marked (unmarked: as it was drawn)
  const values = !lm || !lm.action_dict ? [] : Object.entries(lm.action_dict)
    .filter(([k, v]) => k !== "type" && typeof v === "string" && v.length > 0).map(([, v]) => v);
  for (const v of values) {
    for (const attr of TT_PLACE_ATTRS) {
      const hits = box.querySelectorAll(`[data-${attr}="${CSS.escape(v)}"]`);
      if (hits.length === 1) {
        const el = hits[0];
        const mark = { el, cls: !el.classList.contains("tt-last-move-mark"), attr: !el.hasAttribute("data-last-move") };
        if (mark.cls) el.classList.add("tt-last-move-mark");
        if (mark.attr) el.setAttribute("data-last-move", "1");
        if (mark.cls || mark.attr) added.push(mark);
        break;
      }
    }
  }
  return { added, all: [...box.querySelectorAll(".tt-last-move-mark")] };
}

function ttRenderBoard({ model, el }) {
  const memo = { selected: null, filter: "", openLog: new Set(), teacherPick: {}, teacherLoad: "", teachingId: null,
    teacherCopied: null, editing: false, editPick: null, editSession: 0 };
  const root = ttH("div", {
    class: "tt-root tt-board", tabindex: "0", role: "group", "data-lm-suppress-shortcuts": "true",
  });
  el.classList.add("tt-host");
  ttReplace(el, root);
  let pendingAt = 0;
  let sentMark = "";
  let pendingTimer = null;
  let busyTimer = null;
  let dismissedError = 0;
  let lastCtx = null;
  let draws = 0;
  let visibleActions = [];
  let shownError = 0;
  const rtts = [];
  const focus = ttFocusKeeper(root);
  const busy = ttBusyCursor(root);
  // persistent live regions (never rebuilt, never moved): the refusal banner (assertive) and the announcer,
  // which says each new log sentence once, politely (screen readers; visually hidden)
  // "why not?" is a popover beside the element the reader clicked (absolutely placed: the board never moves)
  const banner = ttH("div", { class: "tt-error tt-pop", hidden: true, role: "alert", "aria-live": "assertive" });
  let bannerKey = "";
  let bannerAnchor = null;  // where the refused click was: {left, top, right, bottom} in the root's coordinates
  // a refusal a lesson step demonstrates (BoardWidget.show_refusal): part of the narration, in the page flow
  const demoBox = ttH("div", { class: "tt-demo-refusal", hidden: true, role: "status", "aria-live": "polite" });
  let demoKey = "";
  const announcer = ttH("div", { class: "tt-announce tt-sr-only", role: "log", "aria-live": "polite",
    "aria-relevant": "additions", "aria-label": "game announcements" });
  let ann = null;  // what has been announced: {turn, count, games, status, notice}
  let flash = { key: "", at: 0 };  // the last move's flash: which move, since when
  let flashTimer = null;

  const schedule = ttBatched(() => draw());
  for (const name of TT_TRAITS) model.on(`change:${name}`, schedule);
  // Python sends what changed as patches of the model's state (board.py send_state); a view that finds the model
  // behind (a message it missed before it was drawn) asks for the whole state once
  let askedAt = -1;
  const askWhole = () => {
    const seq = Number(model.get("sync_seq") || 0);
    if (askedAt === seq) return;
    askedAt = seq;
    model.send({ type: "sync", seq });
  };
  // a long patch comes deflated (ttSyncPatch inflates it at once); one that cannot be read: the whole state
  const onCustom = (msg) => {
    if (!msg || msg.tt !== "sync") return;
    let read;
    try {
      read = ttSyncPatch(msg);
    } catch (err) {
      console.error("tabletop: a state patch could not be read; asking for the whole state", err);
      askWhole();
      return;
    }
    if (ttApplySync(model, read) === "gap") askWhole();
  };
  model.on("msg:custom", onCustom);

  function read() {
    const m = {};
    for (const name of TT_TRAITS) m[name] = model.get(name);
    return m;
  }

  let sends = 0;
  /** @type {{el: Element | null, at: any} | null} */
  let sentAnchor = null;  // the element the last message came from, and where it was (null: not read yet)
  let answeredAt = -1e9;
  let localNote = null;  // a reason the kit gives by itself (a click on a locked board's picture)
  let localN = 0;

  function send(type, extra) {
    sends += 1;
    if ((type === "act" || type === "undo" || type === "bot") && editingNow()) {
      // the teacher is editing the position: moves, undo and bot moves wait until editing stops (never silence)
      const m = read();
      const err = m.error;
      localN += 1;
      localNote = { rule: "ui.editing", title: "Editing the position",
        reason: "you are editing the position: press Stop editing in the teacher panel to play again",
        n: `local-${localN}`, mark: `${m.version}/${err ? err.n : 0}`,
        anchor: anchorOf(clickEl && performance.now() - clickAt < 1000 ? clickEl : document.activeElement) };
      schedule();
      return;
    }
    // one message at a time: a double click must not turn into a "stale board" refusal
    if (pendingAt && performance.now() - pendingAt < 3000) return;
    // the element the reader acted on (clicked, or pressed a key on): a refusal of this message appears beside it
    // (where it is is read at the next frame, when the page is laid out anyway, or when a refusal needs it: reading
    // it here would lay the page out before the message leaves)
    const from = clickEl && performance.now() - clickAt < 1000 ? clickEl : document.activeElement;
    const version = Number(root.dataset.version);
    const err = model.get("error");
    sentMark = `${model.get("version")}/${err ? err.n : 0}`;
    pendingAt = performance.now();
    // the message leaves first: nothing the page does for the click below may hold it
    model.send(Object.assign({ type, version }, extra || {}));
    sentAnchor = { el: from, at: null };
    const anchor = sentAnchor;
    requestAnimationFrame(() => { if (anchor.at === null) anchor.at = anchorOf(anchor.el); });
    root.dataset.pending = "1";
    clearTimeout(pendingTimer);
    clearTimeout(busyTimer);
    // the progress cursor only when the answer is slow (most come within a frame or two: marking a button at every
    // click would restyle it twice for nothing)
    busyTimer = setTimeout(() => { if (pendingAt) busy.on(); }, TT_BUSY_AFTER_MS);
    pendingTimer = setTimeout(() => { pendingAt = 0; delete root.dataset.pending; busy.off(); }, 3000);
  }
  const sendAct = (id) => send("act", { id: String(id) });
  /** Send the action the reader meant, legal or not: Python plays it or answers why not (clause + reason). */
  const tryAction = (action) => {
    if (typeof action === "string") return sendAct(action);
    if (!action || typeof action !== "object" || typeof action.type !== "string") {
      throw new Error("tabletop kit: tryAction needs an action object {type: 'ClassName', ...fields}");
    }
    return sendAct(ttActionKey(action));
  };

  function actionButton(entry, index, interactive) {
    // never a dead button: a click on a locked board is sent too, and Python says why it is refused
    return ttH("button", {
      type: "button", class: ["tt-action", !interactive && "tt-inert"], title: interactive ? null : "Not now: press to see why",
      dataset: { actionId: entry.id, index: index, focus: `act:${entry.id}`, type: entry.type },
      onClick: (ev) => { ev.preventDefault(); sendAct(ev.currentTarget.dataset.actionId); },
      onMouseenter: () => preview(entry.id, "hover"), onMouseleave: () => preview(null, "hover"),
      onFocus: () => preview(entry.id, "focus"), onBlur: () => preview(null, "focus"),
    }, index < 9 ? ttH("span", { class: "tt-key", "aria-hidden": "true" }, String(index + 1)) : null,
    ttH("span", { class: "tt-action-text" }, ttTxt(entry.text)));
  }

  /** Hovering or focusing a listed move highlights what it touches on the board (class tt-move-preview). */
  const previewBy = { hover: null, focus: null };
  function preview(id, how) {
    previewBy[how] = id;
    applyPreview();
  }
  function applyPreview() {
    const box = root.querySelector(".tt-stage");
    if (!box) return;
    for (const el of box.querySelectorAll(".tt-move-preview")) { el.classList.remove("tt-move-preview"); delete el.dataset.preview; }
    const id = previewBy.hover || previewBy.focus;
    const entry = id && (model.get("legal") || []).find((a) => a.id === id);
    if (!entry) { delete root.dataset.preview; return; }
    const hits = ttMoveTargets(box, entry);
    for (const el of hits) { el.classList.add("tt-move-preview"); el.dataset.preview = "1"; }
    root.dataset.preview = String(hits.length);
  }

  /** The seat to move is played by the kit's search bot ("mcts", "mcts:400"): it thinks before it moves. */
  function botSearching(m) {
    const name = (m.bot_seats || {})[String(m.current_player)];
    return typeof name === "string" && name.startsWith("mcts");
  }

  function botMoving(m) {
    return !!(m.bot_to_move && m.bots_pending && m.current_player !== null && m.current_player !== undefined);
  }

  /** A bot seat is to move but nothing will move it by itself (auto_bots off): the reader presses Bot move. */
  function botWaiting(m) {
    return !!(m.bot_to_move && !m.bots_pending && m.current_player !== null && m.current_player !== undefined);
  }

  function lastMoveLine(m) {
    const lm = m.last_move;
    if (!lm || !ttTxt(lm.action)) return null;
    // not a live region itself (it is rebuilt on every redraw): the announcer says each new move once
    return ttH("div", { class: ["tt-last-move", lm.bot && "tt-last-move-bot"],
      dataset: { turn: lm.turn, seat: ttTxt(lm.seat), bot: lm.bot ? "1" : "0" } },
    ttH("span", { class: "tt-last-move-label" }, "Last move: "),
    lm.seat === null || lm.seat === undefined ? null : [ttSeatTag(m.players, lm.seat), lm.bot ? " (bot)" : "", ": "],
    ttH("span", { class: "tt-last-move-text" }, ttTxt(lm.action)));
  }

  function header(m) {
    let status;
    if (m.is_over) {
      status = ttH("span", { class: "tt-status tt-over" }, "Game over: ",
        m.winner === null || m.winner === undefined ? "no winner" : [ttSeatTag(m.players, m.winner), " wins"]);
    } else if (m.current_player !== null && m.current_player !== undefined) {
      const bot = (m.bot_seats || {})[String(m.current_player)];
      status = botMoving(m)
        ? ttH("span", { class: ["tt-status", "tt-bot-moving", botSearching(m) && "tt-bot-thinking"] }, ttSeatTag(m.players, m.current_player),
          botSearching(m) ? `'s search bot (${ttTxt(bot)}) is thinking…` : "'s bot is moving…")
        : botWaiting(m)
        ? ttH("span", { class: "tt-status" }, ttSeatTag(m.players, m.current_player), "'s bot plays next: press Bot move (B)")
        : ttH("span", { class: "tt-status" }, ttSeatTag(m.players, m.current_player), " to play",
          bot ? ttH("span", { class: "tt-botnote" }, ` (${ttTxt(bot)} bot)`) : null);
    } else {
      status = ttH("span", { class: "tt-status" }, "");
    }
    const draws = (m.last_draws || []).map((d) => ttDrawChip(d, m.view_data));
    const rigKinds = Object.entries(m.rigged || {});
    const rigs = rigKinds.length ? ttH("span", { class: "tt-rigs", title: "Outcomes queued by rig()" },
      ttH("span", { class: "tt-rigged-mark" }, "RIGGED NEXT"), " ",
      rigKinds.map(([k, vs]) => `${k}: ${(vs || []).map(ttFmtOutcome).filter(Boolean).join(", ")}`).join("; ")) : null;
    return ttH("header", { class: "tt-head" },
      ttH("h3", { class: "tt-title" }, m.title || "Board"),
      ttH("div", { class: "tt-turn" }, status),
      m.is_over ? playAgain(m) : null,
      draws.length ? ttH("div", { class: "tt-draws", "aria-label": "last chance outcomes" }, draws) : null,
      rigs);
  }

  /** At game over: Play again with the same variant and bots, on a new seed or the same one (Python starts it). */
  function playAgain(m) {
    const live = m.interactive;
    const again = (seed) => send("again", { seed });
    return ttH("div", { class: "tt-again", role: "group", "aria-label": "play again" },
      ttH("button", { type: "button", class: ["tt-again-btn", !live && "tt-inert"], dataset: { seed: "new", focus: "again-new" },
        onClick: () => again("new") }, ttIcon("again"), " Play again (N): new seed"),
      ttH("button", { type: "button", class: ["tt-again-btn", !live && "tt-inert"], dataset: { seed: "same", focus: "again-same" },
        title: `the same game again: seed ${ttTxt(m.seed)}`,
        onClick: () => again("same") }, ttIcon("again"), ` Same seed (${ttTxt(m.seed)})`));
  }

  /** What changed since the last announcement, in sentences: new log events (grouped by turn, with who played
   *  what), a new game, a move taken back, whose turn it is now, a new notice. The first draw announces nothing. */
  function announce(m) {
    const events = m.events || [];
    const lastTurn = events.length ? events[events.length - 1].turn : 0;
    const countIn = (turn) => events.filter((e) => e.turn === turn).length;
    const status = m.is_over ? `Game over: ${m.winner === null || m.winner === undefined ? "no winner" : `${ttSeatName(m.players, m.winner)} wins`}.`
      : m.current_player === null || m.current_player === undefined ? "" : `${ttSeatName(m.players, m.current_player)} to play.`;
    const games = Number(m.games_played || 0);
    const notice = ttTxt(m.notice);
    const said = [];
    if (ann === null) {
      ann = { turn: lastTurn, count: countIn(lastTurn), games, status, notice };
      return;
    }
    if (games !== ann.games) {
      said.push(`New game (seed ${ttTxt(m.seed)}).`);
      ann.turn = -1; ann.count = 0;
    } else if (lastTurn < ann.turn) {
      said.push(`Move taken back: back to turn ${lastTurn}.`);
      ann.turn = lastTurn; ann.count = countIn(lastTurn);
    }
    if (notice && notice !== ann.notice) said.push(notice);
    let group = null;
    let k = 0;
    for (const ev of events) {
      k = group === ev.turn ? k + 1 : 0;
      group = ev.turn;
      const fresh = ev.turn > ann.turn || (ev.turn === ann.turn && k >= ann.count);
      if (!fresh) continue;
      if (k === 0 && ev.turn > 0) {
        const bot = (m.bot_seats || {})[String(ev.actor)] ? " (bot)" : "";
        said.push(ev.actor === null || ev.actor === undefined ? `${ttTxt(ev.action)}.`
          : `${ttSeatName(m.players, ev.actor)}${bot}: ${ttTxt(ev.action)}.`);
      }
      if (ev.rule && ttTxt(ev.text)) said.push(ttTxt(ev.text));
    }
    if (status && status !== ann.status) said.push(status);
    ann = { turn: lastTurn, count: countIn(lastTurn), games, status, notice };
    for (const line of said) announcer.append(ttH("p", { class: "tt-announce-line" }, line));
    while (announcer.childNodes.length > 12) announcer.firstChild.remove();
  }

  /** The teacher's position editor is on (clicks on the board edit; moves wait). */
  function editingNow() {
    const m = read();
    return !!(m.teacher && memo.editing && m.interactive);
  }

  /** Why a click on the board picture did nothing (a renderer may send nothing on a locked board): never silence. */
  function whyInert(m) {
    if (m.is_over) return { rule: "ui.game-over", reason: "the game is over; press Play again for a new game" };
    if (!m.interactive) return { rule: "ui.locked", reason: ttTxt(m.notice) || "this board is read-only right now" };
    if (m.bot_to_move) {
      const name = ttSeatName(m.players, m.current_player);
      return { rule: "ui.bot", reason: m.bots_pending ? `${ttPoss(name, true)} bot is moving… wait for it, then it is your turn`
        : `it is ${ttPoss(name)} turn and a bot plays that seat; press Bot move (B)` };
    }
    return null;
  }

  let clickSends = 0;
  let clickEl = null;
  let clickAt = 0;
  root.addEventListener("click", (ev) => { clickSends = sends; clickEl = ev.target; clickAt = performance.now(); }, true);
  root.addEventListener("click", (ev) => {
    if (sends !== clickSends) return;  // the click sent something: Python answers
    const t = ev.target;
    if (!(t instanceof Element) || !t.closest(".tt-stage")) return;
    const m = read();
    const why = whyInert(m);
    if (!why) return;
    localN += 1;
    const err = m.error;
    localNote = Object.assign({ title: ({ "ui.locked": "The board is read-only now", "ui.bot": "A bot is moving",
      "ui.game-over": "The game is over" })[why.rule], n: `local-${localN}`, mark: `${m.version}/${err ? err.n : 0}`,
    anchor: anchorOf(t) }, why);
    schedule();
  });

  function errorBanner(m) {
    const err = m.error;
    if (localNote && localNote.mark !== `${m.version}/${err ? err.n : 0}`) localNote = null;  // Python spoke since
    const demo = !localNote && m.error && m.error.demo ? m.error : null;
    demoRefusal(m, demo);
    const e = localNote || (demo ? null : m.error);
    // always the same element in the DOM (a live region), filled only when a new refusal arrives: screen readers
    // announce each refusal once, not again on every redraw
    const key = !e || e.n === dismissedError ? "" : String(e.n);
    if (key === bannerKey) return banner;
    bannerKey = key;
    // beside the element the refused message came from (a click the kit answered itself: that element); a
    // refusal nobody clicked for (a Python call) sits over the top of the board
    // (an answer may set the error twice: the second one still answers that message)
    const answering = pendingAt || performance.now() - answeredAt < 1000;
    if (answering && sentAnchor && sentAnchor.at === null) sentAnchor.at = anchorOf(sentAnchor.el);
    bannerAnchor = !key ? null : e === localNote ? e.anchor || null : answering && sentAnchor ? sentAnchor.at : null;
    if (!key) {
      banner.hidden = true;
      banner.removeAttribute("tabindex");
      delete banner.dataset.rule; delete banner.dataset.n; delete banner.dataset.focus;
      banner.replaceChildren();
      return banner;
    }
    const clause = (m.clauses || {})[e.rule];
    const head = String(e.rule).startsWith("ui.") ? "Not now" : "Not allowed";
    banner.hidden = false;
    banner.setAttribute("tabindex", "-1");
    Object.assign(banner.dataset, { rule: e.rule, n: e.n, focus: "error" });
    return ttReplace(banner,
      ttH("span", { class: "tt-error-icon" }, ttIcon("warn", { size: 24 })),
      ttH("div", { class: "tt-error-body" },
        ttH("div", { class: "tt-error-head" }, ttH("strong", {}, head),
          e.title ? ` — ${ttTxt(e.title)}` : "", " ", ttH("code", { class: "tt-rule" }, ttTxt(e.rule)),
          clause ? [" ", ttSourceButton(model, e.rule)] : null),
        ttH("div", { class: "tt-error-reason" }, ttTxt(e.reason)),
        clause && clause.says ? ttH("div", { class: "tt-error-says" }, "The rule: ", ttTxt(clause.says)) : null,
        clause && clause.reconstruction ? ttH("div", { class: "tt-error-says tt-reconstruction" },
          "Reconstruction (the rulebook does not say it in these words): ", ttTxt(clause.reconstruction)) : null),
      ttH("button", { type: "button", class: "tt-dismiss", "aria-label": "Dismiss message", dataset: { focus: "dismiss" },
        onClick: () => { dismissedError = e.n; schedule(); } }, ttIcon("close")));
  }

  /** A refusal the lesson step shows on purpose (error.demo): narration style, no "Not allowed" alarm. */
  function demoRefusal(m, e) {
    const key = e ? String(e.n) : "";
    if (key === demoKey) return;
    demoKey = key;
    if (!e) {
      demoBox.hidden = true;
      delete demoBox.dataset.rule;
      demoBox.replaceChildren();
      return;
    }
    const clause = (m.clauses || {})[e.rule];
    demoBox.hidden = false;
    demoBox.dataset.rule = e.rule;
    ttReplace(demoBox,
      ttH("div", { class: "tt-demo-head" }, ttH("span", { class: "tt-demo-label" }, "The rules refuse it"),
        e.title ? ` — ${ttTxt(e.title)}` : "", " ", ttH("code", { class: "tt-rule" }, ttTxt(e.rule)),
        clause ? [" ", ttSourceButton(model, e.rule)] : null),
      ttH("div", { class: "tt-demo-reason" }, ttTxt(e.reason)),
      clause && clause.says ? ttH("div", { class: "tt-demo-says" }, "The rule: ", ttTxt(clause.says)) : null,
      clause && clause.reconstruction ? ttH("div", { class: "tt-demo-says tt-reconstruction" },
        "Reconstruction (the rulebook does not say it in these words): ", ttTxt(clause.reconstruction)) : null,
      ttH("div", { class: "tt-demo-note" }, "This step of the lesson shows the refusal: nothing went wrong."));
  }

  /** Where an element is, in the root's coordinates (null: not a visible element of this board). */
  function anchorOf(el) {
    if (!(el instanceof Element) || el === root || !root.contains(el) || banner.contains(el)) return null;
    const r = el.getBoundingClientRect();
    const o = root.getBoundingClientRect();
    if (!r.width && !r.height) return null;
    return { left: r.left - o.left, top: r.top - o.top, right: r.right - o.left, bottom: r.bottom - o.top };
  }

  /** Put the "why not?" popover just below the clicked element (above it when there is no room below), inside the
   *  root; with no clicked element, over the top of the board. It is out of the page flow: nothing moves. */
  function placeBanner() {
    if (banner.hidden) return;
    const a = bannerAnchor;
    const W = root.clientWidth;
    banner.style.maxWidth = `${Math.max(200, Math.min(560, W - 16))}px`;
    banner.style.left = "0px";
    banner.style.top = "0px";
    const w = banner.offsetWidth;
    const h = banner.offsetHeight;
    let top;
    let left;
    let below = true;
    if (a) {
      top = a.bottom + 10;
      if (top + h > root.clientHeight - 4 && a.top - 10 - h >= 0) { top = a.top - 10 - h; below = false; }
      left = Math.max(8, Math.min((a.left + a.right) / 2 - 40, W - w - 8));
      banner.style.setProperty("--tt-pop-arrow", `${Math.max(12, Math.min(w - 24, (a.left + a.right) / 2 - left - 8))}px`);
    } else {
      const main = root.querySelector(".tt-main");
      top = main ? main.offsetTop : 0;
      left = Math.max(8, Math.min(W - w - 8, 24));
    }
    banner.style.left = `${Math.round(left)}px`;
    banner.style.top = `${Math.round(top)}px`;
    banner.dataset.anchored = a ? "1" : "0";
    banner.dataset.side = !a ? "top" : below ? "below" : "above";
  }

  /** The bot's latest turn: every action it played (one human move may set off several), the newest marked;
   *  it grows as the paced moves come in, one every bot_delay seconds. In the side panel: the board never moves. */
  function botTurnPanel(m) {
    const bt = m.bot_turn;
    const acts = (bt && bt.actions) || [];
    if (!acts.length) return null;
    const n = acts.length + Number(bt.more || 0);
    const playing = botMoving(m) && m.current_player === bt.seat;
    const lastTurn = m.last_move ? m.last_move.turn : null;
    const many = `${n} action${n === 1 ? "" : "s"}`;
    return ttH("section", { class: ["tt-bot-turn", playing && "tt-bot-turn-playing"], "aria-label": "the bot's turn",
      dataset: { seat: bt.seat, n, playing: playing ? "1" : "0" } },
    ttH("h4", {}, playing ? [ttSeatTag(m.players, bt.seat), `'s bot is playing its turn: ${many} so far`]
      : [ttSeatTag(m.players, bt.seat), `'s bot played its turn: ${many}`]),
    bt.more ? ttH("p", { class: "tt-more" }, `(${bt.more} earlier action${bt.more === 1 ? "" : "s"} of this turn are in the log)`) : null,
    // it may scroll (max-height): focusable, so a keyboard can scroll it too (axe: scrollable-region-focusable)
    ttH("ol", { class: "tt-bot-turn-list", start: bt.more ? Number(bt.more) + 1 : null, tabindex: "0",
      "aria-label": "the bot's actions this turn", "data-lm-suppress-shortcuts": "true" },
      acts.map((a) => ttH("li", { class: ["tt-bot-turn-item", a.turn === lastTurn && "tt-bot-turn-last"], dataset: { turn: a.turn } },
        ttH("span", { class: "tt-bot-turn-action" }, ttTxt(a.action)),
        (a.said || []).length ? ttH("span", { class: "tt-bot-turn-said" }, ` — ${(a.said || []).map(ttTxt).join(" ")}`) : null))));
  }

  // each listed move's entry is drawn once for its place in the list (ttPartMemo): a move draws the new ones only
  const actionParts = ttPartMemo();
  let actionPartsOpen = false;
  function actionsPanel(m) {
    const legal = m.legal || [];
    const interactive = m.interactive && !m.is_over && !editingNow();
    const words = memo.filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const matching = words.length ? legal.filter((a) => words.every((w) => String(a.text).toLowerCase().includes(w))) : legal;
    visibleActions = matching.slice(0, TT_LIST_MAX);
    const who = m.current_player === null || m.current_player === undefined ? "" : ` for ${ttSeatName(m.players, m.current_player)}`;
    actionParts.begin();
    actionPartsOpen = true;
    const list = ttH("ul", { class: "tt-action-list" }, visibleActions.map((a, i) => actionParts.part(`act:${a.id}`,
      `${i}|${interactive ? 1 : 0}|${a.type}|${ttTxt(a.text)}`, () => ttH("li", {}, actionButton(a, i, interactive)))));
    if (botMoving(m) || botWaiting(m)) {
      const name = ttSeatName(m.players, m.current_player);
      return ttH("section", { class: "tt-actions", "aria-label": "legal moves" },
        ttH("h4", {}, "Legal moves"),
        ttH("p", { class: "tt-more tt-bot-moving" },
          botMoving(m) ? (botSearching(m) ? `${ttPoss(name, true)} search bot is thinking… your moves are back when it has moved.`
            : `${ttPoss(name, true)} bot is moving…`) : `${name} is played by a bot: press Bot move (B).`));
    }
    const parts = [ttH("h4", {}, `Legal moves${who} (${legal.length})`)];
    if (legal.length > 12 || memo.filter) {
      parts.push(ttH("input", {
        type: "search", class: "tt-filter", placeholder: "type to filter moves", "aria-label": "filter moves",
        value: memo.filter, dataset: { focus: "filter" },
        onInput: (ev) => { memo.filter = ev.target.value; schedule(); },
      }));
    }
    parts.push(list);
    if (matching.length > visibleActions.length) {
      parts.push(ttH("p", { class: "tt-more" }, `${matching.length - visibleActions.length} more — type to filter`));
    }
    if (!legal.length) parts.push(ttH("p", { class: "tt-more" }, m.is_over ? "No moves: the game is over. Play again is at the top." : "No moves."));
    return ttH("section", { class: "tt-actions", "aria-label": "legal moves" }, parts);
  }

  function controls(m) {
    const live = m.interactive;
    const seat = m.current_player;
    const bot = seat === null || seat === undefined ? null : m.bot_seats[String(seat)];
    // Undo stays pressable on a live board: where it cannot go back, Python says why (e.g. the hand-over)
    return ttH("div", { class: "tt-controls" },
      ttH("button", { type: "button", class: ["tt-undo", !(live && m.can_undo) && "tt-inert"], disabled: !live,
        title: live && m.can_undo ? null : "Nothing to take back now: press to see why", dataset: { focus: "undo" },
        onClick: () => send("undo") }, "Undo (U)"),
      ttH("button", { type: "button", class: "tt-bot", disabled: !(live && !m.is_over) || botMoving(m), dataset: { focus: "bot" },
        onClick: () => send("bot") }, bot ? `Bot move: ${ttTxt(bot)} (B)` : "Bot move (B)"));
  }

  /** The log, grouped by turn. Each entry's element is kept across redraws while it reads the same (same turn, words,
   *  last-move mark, the same players and catalog): a move appends its rows, the rest of the list is not rebuilt. */
  const main = ttH("div", { class: "tt-main" });
  const side = ttH("aside", { class: "tt-side" });
  /** Keep the log scrolled to its newest entry when entries came: at the next frame, where the browser lays the
   *  page out anyway (reading scrollHeight in the redraw itself would make it lay out the whole page twice). */
  let logScroll = { n: -1, last: null, frame: 0 };
  function scrollLog() {
    const list = logSection && logSection.querySelector(".tt-log-list");
    if (!list) return;
    const last = list.lastElementChild;
    if (list.childElementCount === logScroll.n && last === logScroll.last) return;
    logScroll = { n: list.childElementCount, last, frame: logScroll.frame };
    cancelAnimationFrame(logScroll.frame);
    logScroll.frame = requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  }
  let logCache = { clauses: null, players: null, nodes: new Map(), bodies: new Map() };
  /** @type {WeakMap<object, {t: string, e: string}>} */
  const logSigs = new WeakMap();
  /** @type {Record<string, Element>} */
  const lastMarks = {};  // the log's "last move" marks, drawn once and copied
  let logSection = null;
  function logPanel(m) {
    const clauses = m.clauses || {};
    if (logCache.clauses !== clauses || logCache.players !== m.players) {
      logCache = { clauses, players: m.players, nodes: new Map(), bodies: new Map() };
    }
    const old = logCache.nodes;
    const nodes = new Map();
    const seen = new Map();
    const keep = (sig, build) => {
      const n = (seen.get(sig) || 0) + 1;  // the same words twice in a turn: two entries
      seen.set(sig, n);
      const key = `${sig}#${n}`;
      const node = old.get(key) || build();
      nodes.set(key, node);
      return node;
    };
    const items = [];
    let lastTurn = null;
    const lastMoveTurn = m.last_move ? m.last_move.turn : null;
    const botMark = m.last_move && m.last_move.bot ? "1" : "0";
    // an entry is drawn once, as it reads; the last move's mark (tt-log-last, the header's "last move") is put on
    // and taken off the kept entries, so a move draws only its own new entries
    const lastMark = (li, mark) => {
      if ((li.__ttLast || "") === mark) return;
      li.__ttLast = mark;
      li.classList.toggle("tt-log-last", !!mark);
      if (li.classList.contains("tt-log-turn")) {
        const had = li.lastElementChild;
        if (had && had.classList.contains("tt-log-last-mark")) had.remove();
        if (mark) {
          const made = lastMarks[mark] || (lastMarks[mark] = ttH("span", { class: "tt-log-last-mark" }, " ",
            ttIcon("left", { size: 12 }), mark === "bot" ? " bot's last move" : " last move"));
          li.append(made.cloneNode(true));
        }
      }
    };
    // each row's signatures, by the row: a patch keeps the rows it did not change (the same objects)
    const sigOf = (ev) => {
      let sig = logSigs.get(ev);
      if (!sig) {
        sig = { t: JSON.stringify(["t", ev.turn, ev.actor, ev.action]), e: JSON.stringify(["e", ev.turn, ev.rule, ev.text]) };
        logSigs.set(ev, sig);
      }
      return sig;
    };
    for (const ev of m.events || []) {
      const isLast = lastMoveTurn !== null && ev.turn === lastMoveTurn;
      const sig = sigOf(ev);
      if (ev.turn !== lastTurn) {
        lastTurn = ev.turn;
        const li = keep(sig.t, () =>
          ttH("li", { class: "tt-log-turn", dataset: { turn: ev.turn } },
            ev.turn === 0 ? "Setup" : ev.actor === null || ev.actor === undefined ? `${ev.turn}. ${ttTxt(ev.action)}`
              : [`${ev.turn}. `, ttSeatTag(m.players, ev.actor), `: ${ttTxt(ev.action)}`]));
        lastMark(li, isLast ? (botMark === "1" ? "bot" : "move") : "");
        items.push(li);
      }
      if (!ev.rule) continue;
      const li = keep(sig.e, () => logEntry(ev, clauses[ev.rule]));
      lastMark(li, isLast ? "1" : "");
      items.push(li);
    }
    logCache.nodes = nodes;
    if (!logSection) {
      logSection = ttH("section", { class: "tt-log", "aria-label": "game log" }, ttH("h4", {}, "Log"),
        ttH("ol", { class: "tt-log-list" }));
    }
    ttSyncChildren(logSection.querySelector(".tt-log-list"), items);
    return logSection;
  }

  function logEntry(ev, c) {
    const summary = ttH("summary", {}, ttH("span", { class: "tt-log-text" }, ttTxt(ev.text)), " ",
      ttH("code", { class: "tt-rule" }, ev.rule));
    // a rule's explanation is drawn once and copied (natively) for each of its entries, its code button added
    let body;
    if (c) {
      let made = logCache.bodies.get(ev.rule);
      if (!made) {
        made = ttH("div", { class: "tt-explain" }, ttH("strong", {}, c.title), c.says ? `: ${c.says}` : "",
          c.where ? ttH("span", { class: "tt-where" }, ` (rulebook: ${c.where})`) : null,
          c.reconstruction ? ttH("div", { class: "tt-reconstruction" }, "Reconstruction: ", c.reconstruction) : null, " ");
        logCache.bodies.set(ev.rule, made);
      }
      body = made.cloneNode(true);
      body.append(ttSourceButton(model, ev.rule));
    } else {
      body = ttH("div", { class: "tt-explain" }, "No catalog entry.");
    }
    const key = `${ev.turn}:${ev.rule}:${ev.text}`;  // keeps an opened explanation open across redraws
    return ttH("li", { class: "tt-log-event", dataset: { rule: ev.rule } }, ttH("details", {
      open: memo.openLog.has(key),
      onToggle: (e) => { if (e.target.open) memo.openLog.add(key); else memo.openLog.delete(key); },
    }, summary, body));
  }

  // the board's picture stays in the page: each redraw draws it off the page and patches the one shown (ttMorph):
  // what did not change keeps its element, so the browser restyles and repaints only what changed; a part the
  // renderer names (ctx.part) whose signature did not change is not even drawn again (ttPartMemo)
  const stageBox = ttH("div", { class: "tt-stage" });
  const parts = ttPartMemo();
  // the stage's data each drawing shows (ctx's methods read it): the newest drawing's
  /** @type {any} */
  let cur = {};
  // the kit's own marks on the picture in the page (the last move's outline, its flash): taken off before the next
  // drawing is patched in (a kept part is then as it was drawn) and put on again after
  /** @type {{el: Element, cls: boolean, attr: boolean}[]} */
  let kitMarks = [];
  /** @type {Element[]} */
  let flashed = [];
  let stageMs = { drawn: 0, patched: 0, parts: 0, kept: 0 };  // the last redraw's board (ms; parts drawn / kept)
  /** What renderBoard gets: one object per view, its data refreshed for each drawing, so a handler of an element
   *  kept from an earlier drawing (ctx.part) reads the newest state through it. */
  const ctx = {
    root, model, memo,
    /** @type {Element} */ el: stageBox,
    h: ttH, s: ttS, drawDie, drawSpinner, drawFaces,
    send: (id) => sendAct(id),
    tryAction,
    /** Set up a changed position (keys left out keep their value); Python validates it (Game.set_up). */
    editPosition: (patch) => send("teacher", { op: "setup", text: JSON.stringify(patch), edit: memo.editSession }),
    /** The editor's own pick between two clicks (e.g. the piece to move), kept across redraws. */
    editPick: () => memo.editPick,
    setEditPick: (v) => { memo.editPick = v === undefined ? null : v; schedule(); },
    actionKey: ttActionKey,
    /** A part of the picture that is the same whatever the state and has no handlers (a legend, the edge
     *  coordinates): drawn once per view by build(), then copied each redraw (a native deep copy: much cheaper
     *  than drawing it again; ttMorph then finds it unchanged). */
    stamp(key, build) {
      const stamps = memo.stamps || (memo.stamps = {});
      if (!stamps[key]) stamps[key] = build();
      return stamps[key].cloneNode(true);
    },
    /** A part of the picture (one element, `key` unique in the drawing) drawn by build() only when `sig` (a string
     *  naming everything its drawing depends on) changed since the last drawing; else the element in the page is
     *  kept as it is. Its handlers must read the state through ctx when the event comes (ctx is always the newest
     *  drawing's), never values of the drawing that made them that sig does not name. */
    part: (key, sig, build) => parts.part(key, sig, build),
    /** Does the last move's action have these fields ({to: "F7"}), or pass this test (fn(actionDict))? */
    lastMoveHas(match) {
      const lm = cur.last_move;
      if (!lm || !lm.action_dict) return false;
      if (typeof match === "function") return !!match(lm.action_dict, lm);
      return Object.entries(match || {}).every(([k, v]) => JSON.stringify(lm.action_dict[k]) === JSON.stringify(v));
    },
    get selected() { return memo.selected; },
    select(value) { memo.selected = value; schedule(); },
    clearSelection() { memo.selected = null; schedule(); },
    isSelected(value) { return memo.selected !== null && JSON.stringify(memo.selected) === JSON.stringify(value); },
    legalWhere(match) {
      const legal = cur.legal || [];
      if (typeof match === "function") return legal.filter(match);
      return legal.filter((a) => Object.entries(match).every(([k, v]) => JSON.stringify(a[k]) === JSON.stringify(v)));
    },
    isLegal(id) { return (cur.legal || []).some((a) => a.id === id); },
    seatName: (i) => ttSeatName(cur.players, i),
    /** the seat's name as a possessive: "Blue's", "your" ("Your" with start) */
    whose: (i, start = false) => ttPoss(ttSeatName(cur.players, i), start),
    poss: ttPoss,
    seatTag: (i) => ttSeatTag(cur.players, i),
    explain: (rule) => ((cur.clauses || {})[rule] || {}).title || "",
    rerender: schedule,
  };
  function stage(m) {
    const box = ttH("div", { class: "tt-stage" });
    cur = m;
    Object.assign(ctx, {
      el: box,
      state: m.state, legal: m.legal || [], view: m.view_data || {}, players: m.players || [],
      currentPlayer: m.current_player, winner: m.winner, isOver: m.is_over, version: m.version,
      lastDraws: m.last_draws || [], rigged: m.rigged || {}, events: m.events || [], clauses: m.clauses || {},
      interactive: !!m.interactive && !m.is_over && !m.bot_to_move, error: m.error,
      lastMove: m.last_move || null, botToMove: !!m.bot_to_move,
      /** The teacher's position editor is on (teacher panel, "Edit position"): clicks edit instead of playing. */
      editing: !!(m.teacher && memo.editing && m.interactive),
      /** The current position description (Game.position()), or null. */
      position: ttParsePosition(m.teacher_data),
    });
    lastCtx = ctx;
    const b0 = performance.now();
    parts.begin();
    if (typeof renderBoard === "function") {
      ttDeferListen = true;  // its nodes listen once they are in the page (ttMorph)
      try {
        renderBoard(ctx);
      } catch (err) {
        console.error("tabletop: renderBoard failed", err);
        ttReplace(box, ttH("p", { class: "tt-render-error" }, `The board could not be drawn: ${err}`));
        parts.clear();
      } finally {
        ttDeferListen = false;
      }
    } else {
      box.append(ttH("pre", { class: "tt-state-json", "aria-label": "game state" }, JSON.stringify(m.state, null, 1)));
    }
    ttNameParts(box);
    const b1 = performance.now();
    unmarkStage();
    ttMorph(stageBox, box);
    const p = parts.end();
    const marked = ttMarkLastMove(stageBox, m.last_move);
    kitMarks = marked.added;
    flashLastMove(m, marked.all.concat([...root.querySelectorAll(".tt-last-move")]));
    stageMs = { drawn: b1 - b0, patched: performance.now() - b1, parts: p.parts, kept: p.kept };
    if (/** @type {any} */ (globalThis).ttCheckRedraws) checkRedraw(m);
    return stageBox;
  }

  /** Tests only (globalThis.ttCheckRedraws): the picture drawn again from scratch (every part drawn, none kept),
   *  off the page, must read as the patched one in the page (ttPictureText); each redraw that differs is counted
   *  on the root (data-tt-check-diffs, the first difference in data-tt-check-diff), every check too
   *  (data-tt-checks). */
  function checkRedraw(m) {
    if (typeof renderBoard !== "function") return;
    const box = ttH("div", { class: "tt-stage" });
    const saved = Object.assign({}, memo);  // what a drawing writes in memo (the handlers' ctx, a hover's line)
    const part = ctx.part;
    const el = ctx.el;
    ctx.el = box;
    ctx.part = (_key, _sig, build) => build();
    ttDeferListen = true;
    try {
      renderBoard(ctx);
    } catch (err) {
      box.append(`check failed: ${err}`);
    } finally {
      ttDeferListen = false;
      ctx.part = part;
      ctx.el = el;
      for (const k of Object.keys(memo)) if (!(k in saved)) delete memo[k];
      Object.assign(memo, saved);
    }
    ttNameParts(box);
    ttMarkLastMove(box, m.last_move);
    const patched = ttPictureText(stageBox);
    const fresh = ttPictureText(box);
    root.dataset.ttChecks = String(Number(root.dataset.ttChecks || 0) + 1);
    if (patched === fresh) return;
    root.dataset.ttCheckDiffs = String(Number(root.dataset.ttCheckDiffs || 0) + 1);
    if (!root.dataset.ttCheckDiff) {
      let at = 0;
      while (at < patched.length && patched[at] === fresh[at]) at += 1;
      root.dataset.ttCheckDiff = `version ${m.version}: patched ...${patched.slice(Math.max(0, at - 150), at + 150)}... ` +
        `from scratch ...${fresh.slice(Math.max(0, at - 150), at + 150)}...`;
    }
  }

  /** The picture in the page as its drawings made it: the kit's last-move marks and flash taken off. */
  function unmarkStage() {
    for (const { el, cls, attr } of kitMarks) {
      if (cls) el.classList.remove("tt-last-move-mark");
      if (attr) el.removeAttribute("data-last-move");
      if (el.getAttribute("class") === "") el.removeAttribute("class");
    }
    kitMarks = [];
    unflash();
  }

  function unflash() {
    for (const el of flashed) {
      el.classList.remove("tt-last-move-flash");
      if (el.getAttribute("class") === "") el.removeAttribute("class");
      const st = /** @type {any} */ (el).style;
      if (st && st.animationDelay) st.animationDelay = "";
      if (el.getAttribute("style") === "") el.removeAttribute("style");
    }
    flashed = [];
  }

  /** The frame's parts (header, the last-move line, the moves, the controls...) are patched the same way: `slot`'s
   *  element in the page becomes `node` (kept when it is the same kind of element), or goes when node is null. */
  const kept = {};
  function keep(slot, node) {
    const old = kept[slot];
    if (!node) { kept[slot] = null; return null; }
    if (old && old.nodeName === node.nodeName) return ttMorph(old, node);
    kept[slot] = node;
    return node;
  }
  /** keep(slot, build()), drawn only when one of `deps` (everything the part shows and its handlers read, compared
   *  with ===: a trait a patch did not name keeps its object) changed since the slot was last drawn. */
  const keptDeps = {};
  function keepIf(slot, deps, build) {
    const was = keptDeps[slot];
    if (was && slot in kept && was.length === deps.length && was.every((d, i) => d === deps[i])) return kept[slot];
    keptDeps[slot] = deps;
    return keep(slot, build());
  }

  /** The last move (of any seat, a bot's or the other human's) flashes for TT_FLASH_MS: on the board and in the
   *  "Last move" line (class tt-last-move-flash, continued across redraws); then it stays outlined. */
  function flashLastMove(m, els) {
    const lm = m.last_move;
    const key = lm ? `${m.games_played || 0}/${lm.turn}/${lm.action}` : "";
    if (key !== flash.key) flash = { key, at: lastCtx && draws > 0 ? performance.now() : 0 };
    const left = flash.at ? TT_FLASH_MS - (performance.now() - flash.at) : 0;
    if (!key || left <= 0) { delete root.dataset.flash; return; }
    root.dataset.flash = "1";
    for (const el of els) {
      el.classList.add("tt-last-move-flash");
      el.style.animationDelay = `-${Math.round(TT_FLASH_MS - left)}ms`;
    }
    flashed = els;
    clearTimeout(flashTimer);
    flashTimer = setTimeout(schedule, left + 30);  // redraw without the flash when it is over
  }

  function draw() {
    const m = read();
    const active = /** @type {HTMLInputElement | null} */ (document.activeElement);
    focus.take();
    const filterCaret = active && active.classList && active.classList.contains("tt-filter") ? active.selectionStart : null;
    // (each written only when it changed: an attribute written restyles what CSS selects by it)
    const data = (k, v) => { if (root.dataset[k] !== v) root.dataset[k] = v; };
    data("version", String(m.version));
    data("game", m.game_name || "");
    data("currentPlayer", m.current_player === null || m.current_player === undefined ? "" : String(m.current_player));
    data("over", m.is_over ? "1" : "0");
    data("interactive", m.interactive ? "1" : "0");
    if (!m.teacher) memo.editing = false;
    data("editing", m.teacher && memo.editing && m.interactive ? "1" : "0");
    data("botMoving", botMoving(m) ? "1" : "0");
    data("botThinking", botMoving(m) && botSearching(m) ? "1" : "0");
    data("bots", String(Object.keys(m.bot_seats || {}).length));
    data("lastTurn", m.last_move ? String(m.last_move.turn) : "");
    if (root.classList.contains("tt-locked") !== !m.interactive) root.classList.toggle("tt-locked", !m.interactive);
    const label = `${m.title || "game"} board`;
    if (root.getAttribute("aria-label") !== label) root.setAttribute("aria-label", label);
    const t0 = performance.now();
    // the side panel and the main row stay in the page (only their changed parts are replaced): the log inside is
    // kept as it is, so the browser restyles only what is new
    const bots = [m.current_player, m.players, m.bot_seats, m.bot_to_move, m.bots_pending];
    const sideParts = [
      keepIf("bot", [...bots, m.bot_turn, m.last_move], () => botTurnPanel(m)),
      keepIf("actions", [...bots, m.legal, m.interactive, m.is_over, m.teacher, memo.editing, memo.filter], () => actionsPanel(m)),
      keepIf("controls", [m.interactive, m.can_undo, m.is_over, botMoving(m),
        m.current_player === null || m.current_player === undefined ? null : (m.bot_seats || {})[String(m.current_player)]],
      () => controls(m))];
    if (actionPartsOpen) { actionParts.end(); actionPartsOpen = false; }
    const t1 = performance.now();
    sideParts.push(logPanel(m));
    ttSyncChildren(side, sideParts);
    const t2 = performance.now();
    // "why not?": a popover beside the clicked element (placed after the redraw, out of the flow); a refusal a lesson
    // step demonstrates: a narration box above the board
    errorBanner(m);
    const line = keepIf("line", [m.last_move, m.players], () => lastMoveLine(m));
    ttSyncChildren(root, [
      keepIf("header", [...bots, m.title, m.is_over, m.winner, m.last_draws, (m.view_data || {}).chance, m.rigged,
        m.interactive, m.seed], () => header(m)),
      keepIf("notice", [m.notice], () => (ttTxt(m.notice) ? ttH("div", { class: "tt-notice" }, ttTxt(m.notice)) : null)),
      line,
      demoBox,
      main,
      banner,
      m.teacher && typeof ttTeacherPanel === "function"
        ? ttTeacherPanel(m, { send, memo, schedule, root, preview }) : null,
      keepIf("help", [], () => ttH("footer", { class: "tt-help" }, TT_HELP)),
      announcer]);
    const t3 = performance.now();
    ttSyncChildren(main, [stage(m), side]);
    const t4 = performance.now();
    if (previewBy.hover && !root.querySelector(".tt-action:hover")) previewBy.hover = null;
    applyPreview();
    const t5 = performance.now();
    announce(m);
    const t6 = performance.now();
    scrollLog();
    const t7 = performance.now();
    const target = focus.give(root);
    if (target && filterCaret !== null && target.setSelectionRange && target.classList.contains("tt-filter")) {
      target.setSelectionRange(filterCaret, filterCaret);
    }
    const t8 = performance.now();
    placeBanner();
    const shown = banner.hidden ? null : banner.dataset.n;
    if (shown && shown !== String(shownError)) {
      shownError = shown;
      // beside a clicked element it is in view already; scrolling would move the board under the pointer
      if (!bannerAnchor && banner.scrollIntoView) banner.scrollIntoView({ block: "nearest" });
    }
    const mark = `${m.version}/${m.error ? m.error.n : 0}`;
    if (pendingAt && mark !== sentMark) {  // Python answered (new version or a new refusal)
      ttRecordRtt(root, rtts, pendingAt);
      pendingAt = 0;
      answeredAt = performance.now();
      delete root.dataset.pending;
      clearTimeout(busyTimer);
      busy.off();
      clearTimeout(pendingTimer);
    }
    draws += 1;
    root.dataset.draws = String(Number(root.dataset.draws || 0) + 1);
    // where the last redraw's time went (ms; benchmarks/latency_bench.py reads it): the side panel's moves and
    // controls, the log, the frame (header, banner, teacher panel), the game's board, the rest (focus, preview)
    const r = (x) => Math.round(x * 100) / 100;
    root.dataset.drawMs = JSON.stringify({ total: r(performance.now() - t0), side: r(t1 - t0), log: r(t2 - t1),
      frame: r(t3 - t2), board: r(t4 - t3), drawn: r(stageMs.drawn), patched: r(stageMs.patched),
      parts: stageMs.parts, kept: stageMs.kept, after: r(performance.now() - t4), preview: r(t5 - t4), announce: r(t6 - t5),
      scroll: r(t7 - t6), focus: r(t8 - t7), banner: r(performance.now() - t8) });
  }

  function onKey(ev) {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const tag = ev.target && ev.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") {
      if (ev.key === "Escape") { ev.target.blur(); root.focus(); ev.preventDefault(); }
      return;
    }
    if (typeof boardKey === "function" && lastCtx && boardKey(ev, lastCtx) === true) {
      ev.preventDefault(); ev.stopPropagation(); return;
    }
    const m = read();
    let handled = true;
    if (/^[1-9]$/.test(ev.key)) {
      const a = visibleActions[Number(ev.key) - 1];
      if (a) sendAct(a.id); else handled = false;  // on a locked board Python answers why not
    } else if (ev.key === "u" || ev.key === "U") {
      send("undo");  // where undo cannot go back, Python says why
    } else if (ev.key === "b" || ev.key === "B") {
      if (m.interactive && !m.is_over) send("bot"); else handled = false;
    } else if ((ev.key === "n" || ev.key === "N") && m.is_over) {
      send("again", { seed: "new" });
    } else if (ev.key === "Escape") {
      memo.selected = null;
      if (localNote) dismissedError = localNote.n;
      else if (m.error) dismissedError = m.error.n;
      schedule();
    } else {
      handled = false;
    }
    if (handled) { ev.preventDefault(); ev.stopPropagation(); }
  }
  root.addEventListener("keydown", onKey);
  // Enter/Space on a board control: a click follows; after it the redraw puts focus back (ttFocusKeeper)

  draw();
  askWhole();  // Python answers only if this model's copy is not the latest (messages sent before any view existed)
  if (model.get("link_reader")) ttSendLink(model, model.get("game_name"));
  return () => {
    for (const name of TT_TRAITS) model.off(`change:${name}`, schedule);
    model.off("msg:custom", onCustom);
    clearTimeout(pendingTimer);
    clearTimeout(busyTimer);
    clearTimeout(flashTimer);
    busy.off();
  };
}
