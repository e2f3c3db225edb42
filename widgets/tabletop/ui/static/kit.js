// Tabletop Arcade front-end kit.
// Python joins this file + chance.js + a game's board.js into one ES module (no imports, no build step).
// A game's board.js declares `function renderBoard(ctx)` (and optionally `function boardKey(event, ctx)`).
// Names starting with `tt` and drawDie/drawSpinner/drawFaces are reserved for the kit.
// Rule: text from games and players is set with textContent only, never as HTML.

const TT_SVG_NS = "http://www.w3.org/2000/svg";

function ttSetAttrs(node, attrs) {
  if (!attrs) return node;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) {
      if (typeof v !== "function") throw new Error(`tabletop kit: ${k} must be a function`);
      node.addEventListener(k.slice(2).toLowerCase(), v);
    } else if (k === "class" || k === "className") {
      node.setAttribute("class", Array.isArray(v) ? v.filter(Boolean).join(" ") : String(v));
    } else if (k === "dataset") {
      for (const [dk, dv] of Object.entries(v)) if (dv !== null && dv !== undefined) node.dataset[dk] = String(dv);
    } else if (k === "style" && typeof v === "object") {
      for (const [sk, sv] of Object.entries(v)) {
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
    }
  }
  return node;
}

function ttAppend(node, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
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
  if (kindName) chip.append(ttH("span", { class: "tt-draw-kind" }, kindName));
  if (d.rigged) chip.append(ttH("span", { class: "tt-rigged-mark" }, "RIGGED"));
  return chip;
}

const TT_TRAITS = ["title", "game_name", "state", "legal", "events", "error", "version", "players",
  "current_player", "winner", "is_over", "last_draws", "rigged", "view_data", "clauses", "bot_seats", "can_undo",
  "interactive", "notice", "last_move", "bot_to_move", "bots_pending"];

const TT_LIST_MAX = 30;

const TT_HELP = "Keys: Tab moves between controls, Enter or Space presses · 1–9 plays a listed move · " +
  "U undo · B bot move · Esc clears the selection and the message";

/** Everything about a focusable element that names it across redraws: tag + data-* attributes. */
function ttFocusSig(el) {
  if (!el || !el.dataset) return "";
  const data = Object.keys(el.dataset).filter((k) => !/^(version|draws|rtt|rtts|pending|n)$/.test(k)).sort()
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
      const a = document.activeElement;
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
      if (a && a !== document.body && root.contains(a) && a.isConnected) return a;
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

/** Record a click-to-redraw round trip (ms since `since`) on the root: data-rtt and data-rtts (for tests). */
function ttRecordRtt(root, rtts, since) {
  const dt = performance.now() - since;
  rtts.push(Math.round(dt * 10) / 10);
  root.dataset.rtt = dt.toFixed(1);
  root.dataset.rtts = JSON.stringify(rtts.slice(-100));
}

/** data attributes that name a place or piece on a board; a renderer may also use data-tt-at explicitly */
const TT_PLACE_ATTRS = ["tt-at", "hex", "cell", "part", "target", "place"];

/** Outline what the last move touched: each board element whose data-tt-at / data-hex / data-cell / data-part /
 *  data-target / data-place equals one of the move's text fields (when exactly one element has that value). */
function ttMarkLastMove(box, lm) {
  if (!lm || !lm.action_dict) return;
  const values = Object.entries(lm.action_dict).filter(([k, v]) => k !== "type" && typeof v === "string" && v.length > 0)
    .map(([, v]) => v);
  for (const v of values) {
    for (const attr of TT_PLACE_ATTRS) {
      const hits = box.querySelectorAll(`[data-${attr}="${CSS.escape(v)}"]`);
      if (hits.length === 1) {
        hits[0].classList.add("tt-last-move-mark");
        hits[0].setAttribute("data-last-move", "1");
        break;
      }
    }
  }
}

function ttRenderBoard({ model, el }) {
  const memo = { selected: null, filter: "", openLog: new Set() };
  const root = ttH("div", {
    class: "tt-root tt-board", tabindex: "0", role: "group", "data-lm-suppress-shortcuts": "true",
  });
  el.classList.add("tt-host");
  ttReplace(el, root);
  let pendingAt = 0;
  let sentMark = "";
  let pendingTimer = null;
  let dismissedError = 0;
  let lastCtx = null;
  let visibleActions = [];
  let shownError = 0;
  const rtts = [];
  const focus = ttFocusKeeper(root);

  const schedule = ttBatched(() => draw());
  for (const name of TT_TRAITS) model.on(`change:${name}`, schedule);

  function read() {
    const m = {};
    for (const name of TT_TRAITS) m[name] = model.get(name);
    return m;
  }

  let sends = 0;
  let localNote = null;  // a reason the kit gives by itself (a click on a locked board's picture)
  let localN = 0;

  function send(type, extra) {
    sends += 1;
    // one message at a time: a double click must not turn into a "stale board" refusal
    if (pendingAt && performance.now() - pendingAt < 3000) return;
    const version = Number(root.dataset.version);
    const err = model.get("error");
    sentMark = `${model.get("version")}/${err ? err.n : 0}`;
    pendingAt = performance.now();
    root.dataset.pending = "1";
    clearTimeout(pendingTimer);
    pendingTimer = setTimeout(() => { pendingAt = 0; delete root.dataset.pending; }, 3000);
    model.send(Object.assign({ type, version }, extra || {}));
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
    }, index < 9 ? ttH("span", { class: "tt-key", "aria-hidden": "true" }, String(index + 1)) : null,
    ttH("span", { class: "tt-action-text" }, ttTxt(entry.text)));
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
    return ttH("div", { class: ["tt-last-move", lm.bot && "tt-last-move-bot"], role: "status", "aria-live": "polite",
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
        ? ttH("span", { class: "tt-status tt-bot-moving" }, ttSeatTag(m.players, m.current_player), "'s bot is moving…")
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
      ttH("div", { class: "tt-turn", "aria-live": "polite" }, status),
      draws.length ? ttH("div", { class: "tt-draws", "aria-label": "last chance outcomes" }, draws) : null,
      rigs);
  }

  /** Why a click on the board picture did nothing (a renderer may send nothing on a locked board): never silence. */
  function whyInert(m) {
    if (m.is_over) return { rule: "ui.game-over", reason: "the game is over; press Play again for a new game" };
    if (!m.interactive) return { rule: "ui.locked", reason: ttTxt(m.notice) || "this board is read-only right now" };
    if (m.bot_to_move) {
      const name = ttSeatName(m.players, m.current_player);
      return { rule: "ui.bot", reason: m.bots_pending ? `${name}'s bot is moving… wait for it, then it is your turn`
        : `it is ${name}'s turn and a bot plays that seat; press Bot move (B)` };
    }
    return null;
  }

  let clickSends = 0;
  root.addEventListener("click", () => { clickSends = sends; }, true);
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
      "ui.game-over": "The game is over" })[why.rule], n: `local-${localN}`, mark: `${m.version}/${err ? err.n : 0}` }, why);
    schedule();
  });

  function errorBanner(m) {
    const err = m.error;
    if (localNote && localNote.mark !== `${m.version}/${err ? err.n : 0}`) localNote = null;  // Python spoke since
    const e = localNote || m.error;
    // always in the DOM (an empty live region), so screen readers announce each refusal as it arrives
    if (!e || e.n === dismissedError) return ttH("div", { class: "tt-error", hidden: true, role: "alert", "aria-live": "assertive" });
    const clause = (m.clauses || {})[e.rule];
    const head = String(e.rule).startsWith("ui.") ? "Not now" : "Not allowed";
    return ttH("div", { class: "tt-error", role: "alert", "aria-live": "assertive", tabindex: "-1",
      dataset: { rule: e.rule, n: e.n, focus: "error" } },
      ttH("span", { class: "tt-error-icon", "aria-hidden": "true" }, "⚠"),
      ttH("div", { class: "tt-error-body" },
        ttH("div", { class: "tt-error-head" }, ttH("strong", {}, head),
          e.title ? ` — ${ttTxt(e.title)}` : "", " ", ttH("code", { class: "tt-rule" }, ttTxt(e.rule))),
        ttH("div", { class: "tt-error-reason" }, ttTxt(e.reason)),
        clause && clause.says ? ttH("div", { class: "tt-error-says" }, "The rule: ", ttTxt(clause.says)) : null),
      ttH("button", { type: "button", class: "tt-dismiss", "aria-label": "Dismiss message", dataset: { focus: "dismiss" },
        onClick: () => { dismissedError = e.n; schedule(); } }, "×"));
  }

  function actionsPanel(m) {
    const legal = m.legal || [];
    const interactive = m.interactive && !m.is_over;
    const words = memo.filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const matching = words.length ? legal.filter((a) => words.every((w) => String(a.text).toLowerCase().includes(w))) : legal;
    visibleActions = matching.slice(0, TT_LIST_MAX);
    const who = m.current_player === null || m.current_player === undefined ? "" : ` for ${ttSeatName(m.players, m.current_player)}`;
    const list = ttH("ul", { class: "tt-action-list" }, visibleActions.map((a, i) => ttH("li", {}, actionButton(a, i, interactive))));
    if (botMoving(m) || botWaiting(m)) {
      const name = ttSeatName(m.players, m.current_player);
      return ttH("section", { class: "tt-actions", "aria-label": "legal moves" },
        ttH("h4", {}, "Legal moves"),
        ttH("p", { class: "tt-more tt-bot-moving", role: "status" },
          botMoving(m) ? `${name}'s bot is moving…` : `${name} is played by a bot: press Bot move (B).`));
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
    if (!legal.length) parts.push(ttH("p", { class: "tt-more" }, m.is_over ? "No moves: the game is over." : "No moves."));
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

  function logPanel(m) {
    const clauses = m.clauses || {};
    const items = [];
    let lastTurn = null;
    const lastMoveTurn = m.last_move ? m.last_move.turn : null;
    for (const ev of m.events || []) {
      const isLast = lastMoveTurn !== null && ev.turn === lastMoveTurn;
      if (ev.turn !== lastTurn) {
        lastTurn = ev.turn;
        items.push(ttH("li", { class: ["tt-log-turn", isLast && "tt-log-last"], dataset: { turn: ev.turn } },
          ev.turn === 0 ? "Setup" : [`${ev.turn}. `, ttSeatTag(m.players, ev.actor), `: ${ttTxt(ev.action)}`],
          isLast ? ttH("span", { class: "tt-log-last-mark" }, m.last_move.bot ? " ◀ bot's last move" : " ◀ last move") : null));
      }
      if (!ev.rule) continue;
      const c = clauses[ev.rule];
      const summary = ttH("summary", {}, ttH("span", { class: "tt-log-text" }, ttTxt(ev.text)), " ",
        ttH("code", { class: "tt-rule" }, ev.rule));
      const body = c ? ttH("div", { class: "tt-explain" }, ttH("strong", {}, c.title), c.says ? `: ${c.says}` : "",
        c.where ? ttH("span", { class: "tt-where" }, ` (rulebook: ${c.where})`) : null,
        c.reconstruction ? ttH("div", { class: "tt-reconstruction" }, "Reconstruction: ", c.reconstruction) : null)
        : ttH("div", { class: "tt-explain" }, "No catalog entry.");
      const key = `${ev.turn}:${ev.rule}:${ev.text}`;  // keeps an opened explanation open across redraws
      items.push(ttH("li", { class: ["tt-log-event", isLast && "tt-log-last"], dataset: { rule: ev.rule } }, ttH("details", {
        open: memo.openLog.has(key),
        onToggle: (e) => { if (e.target.open) memo.openLog.add(key); else memo.openLog.delete(key); },
      }, summary, body)));
    }
    const list = ttH("ol", { class: "tt-log-list" }, items);
    return ttH("section", { class: "tt-log", "aria-label": "game log" }, ttH("h4", {}, "Log"), list);
  }

  function stage(m) {
    const box = ttH("div", { class: "tt-stage" });
    const ctx = {
      el: box, root, model, memo,
      state: m.state, legal: m.legal || [], view: m.view_data || {}, players: m.players || [],
      currentPlayer: m.current_player, winner: m.winner, isOver: m.is_over, version: m.version,
      lastDraws: m.last_draws || [], rigged: m.rigged || {}, events: m.events || [], clauses: m.clauses || {},
      interactive: !!m.interactive && !m.is_over && !m.bot_to_move, error: m.error,
      lastMove: m.last_move || null, botToMove: !!m.bot_to_move,
      h: ttH, s: ttS, drawDie, drawSpinner, drawFaces,
      send: (id) => sendAct(id),
      tryAction,
      actionKey: ttActionKey,
      /** Does the last move's action have these fields ({to: "F7"}), or pass this test (fn(actionDict))? */
      lastMoveHas(match) {
        const lm = m.last_move;
        if (!lm || !lm.action_dict) return false;
        if (typeof match === "function") return !!match(lm.action_dict, lm);
        return Object.entries(match || {}).every(([k, v]) => JSON.stringify(lm.action_dict[k]) === JSON.stringify(v));
      },
      get selected() { return memo.selected; },
      select(value) { memo.selected = value; schedule(); },
      clearSelection() { memo.selected = null; schedule(); },
      isSelected(value) { return memo.selected !== null && JSON.stringify(memo.selected) === JSON.stringify(value); },
      legalWhere(match) {
        const legal = m.legal || [];
        if (typeof match === "function") return legal.filter(match);
        return legal.filter((a) => Object.entries(match).every(([k, v]) => JSON.stringify(a[k]) === JSON.stringify(v)));
      },
      isLegal(id) { return (m.legal || []).some((a) => a.id === id); },
      seatName: (i) => ttSeatName(m.players, i),
      seatTag: (i) => ttSeatTag(m.players, i),
      explain: (rule) => ((m.clauses || {})[rule] || {}).title || "",
      rerender: schedule,
    };
    lastCtx = ctx;
    if (typeof renderBoard === "function") {
      try {
        renderBoard(ctx);
      } catch (err) {
        console.error("tabletop: renderBoard failed", err);
        ttReplace(box, ttH("p", { class: "tt-render-error" }, `The board could not be drawn: ${err}`));
      }
    } else {
      box.append(ttH("pre", { class: "tt-state-json", "aria-label": "game state" }, JSON.stringify(m.state, null, 1)));
    }
    ttMarkLastMove(box, m.last_move);
    return box;
  }

  function draw() {
    const m = read();
    const active = document.activeElement;
    focus.take();
    const filterCaret = active && active.classList && active.classList.contains("tt-filter") ? active.selectionStart : null;
    root.dataset.version = String(m.version);
    root.dataset.game = m.game_name || "";
    root.dataset.currentPlayer = m.current_player === null || m.current_player === undefined ? "" : String(m.current_player);
    root.dataset.over = m.is_over ? "1" : "0";
    root.dataset.interactive = m.interactive ? "1" : "0";
    root.dataset.botMoving = botMoving(m) ? "1" : "0";
    root.dataset.bots = String(Object.keys(m.bot_seats || {}).length);
    root.dataset.lastTurn = m.last_move ? String(m.last_move.turn) : "";
    root.classList.toggle("tt-locked", !m.interactive);
    root.setAttribute("aria-label", `${m.title || "game"} board`);
    const side = ttH("aside", { class: "tt-side" }, actionsPanel(m), controls(m), logPanel(m));
    // the refusal sits right above the board picture (sticky while the board is on screen), not in the margin
    const banner = errorBanner(m);
    ttReplace(root,
      header(m),
      ttTxt(m.notice) ? ttH("div", { class: "tt-notice", role: "status" }, ttTxt(m.notice)) : null,
      lastMoveLine(m),
      banner,
      ttH("div", { class: "tt-main" }, stage(m), side),
      ttH("footer", { class: "tt-help" }, TT_HELP));
    const log = root.querySelector(".tt-log-list");
    if (log) log.scrollTop = log.scrollHeight;
    const target = focus.give(root);
    if (target && filterCaret !== null && target.setSelectionRange && target.classList.contains("tt-filter")) {
      target.setSelectionRange(filterCaret, filterCaret);
    }
    const shown = banner.hidden ? null : banner.dataset.n;
    if (shown && shown !== String(shownError)) {
      shownError = shown;
      if (banner.scrollIntoView) banner.scrollIntoView({ block: "nearest" });
    }
    const mark = `${m.version}/${m.error ? m.error.n : 0}`;
    if (pendingAt && mark !== sentMark) {  // Python answered (new version or a new refusal)
      ttRecordRtt(root, rtts, pendingAt);
      pendingAt = 0;
      delete root.dataset.pending;
      clearTimeout(pendingTimer);
    }
    root.dataset.draws = String(Number(root.dataset.draws || 0) + 1);
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
  return () => {
    for (const name of TT_TRAITS) model.off(`change:${name}`, schedule);
    clearTimeout(pendingTimer);
  };
}
