// Super Xevious board renderer (joined after the kit's kit.js and chance.js; see tabletop/ui/README.md).
// Draws the current stage panel as SVG (every space type has an icon AND words, never colour alone), the movers,
// the Gump Markers, each player's Attack Strength Sheet (three rows of five), the Battle Card duel (secret, then
// revealed), the last Blaster / Super Xevious Card, and the choices of the moment as big buttons.

// the layout (widget.py's CELL_W, CELL_H, GAP, PAD): every text on the picture is at least 13 units, so it stays
// at least 11 px when the board is drawn 770 px wide or more (issue 12)
// issue 23: a space is 94 x 148 units: its words above y + 86, the movers' lane below (two rows of 28-unit pieces)
const XV_W = 94, XV_H = 148, XV_GAP = 6, XV_M = 8, XV_ROWGAP = 28, XV_LANE = 86, XV_PIECE = 28;
const XV_STEP_MS = 200, XV_MAX_STEPS = 14;
const XV_WORD = {
  entrance: "entrance", exit: "exit", plain: "plain", green: "green", ground: "ground", air: "air-to-air",
  squad: "air-to-air", card: "card", flag: "Flag", pin: "Pin", sol: "Sol", phantom: "Phantom",
};

// An icon from view.icons (SVG paths on a 24-unit grid, the same shapes as the static picture): never a font
// glyph. `opts.label` gives it an accessible name (role img); otherwise it is decorative (aria-hidden).
function xvIcon(ctx, name, opts) {
  const o = opts || {};
  const shapes = ((ctx.view && ctx.view.icons) || {})[name] || [];
  const size = o.size || 18;
  const svg = ctx.s("svg", { viewBox: "0 0 24 24", width: size, height: size, x: o.x, y: o.y, focusable: "false",
    class: ["xv-icon-svg", `xv-icon-${name}`, o.cls], role: o.label ? "img" : null, "aria-label": o.label || null,
    "aria-hidden": o.label ? null : "true", transform: null });
  const g = ctx.s("g", { transform: o.rotate ? `rotate(${o.rotate} 12 12)` : null });
  for (const sh of shapes) {
    g.append(ctx.s("path", { d: sh.d, fill: sh.fill || "none", stroke: sh.stroke || null,
      "stroke-width": sh.stroke ? (sh.sw || 2) : null, transform: sh.t || null }));
  }
  svg.append(g);
  return svg;
}

const XV_TURN = { up: 0, right: 90, down: 180, left: 270 };
function xvArrow(ctx, heading, opts) {
  return xvIcon(ctx, "arrow", Object.assign({ rotate: XV_TURN[heading] || 0 }, opts || {}));
}

function xvAwards(a) {
  const out = [];
  if (a.w) out.push(`+${a.w}W`);
  if (a.s) out.push(`+${a.s}S`);
  if (a.l) out.push(`+${a.l}L`);
  return out.join(" ");
}

function xvPos(area, idx, nAreas) {
  // area 1 along the bottom from the right (the starting point is the bottom right corner), then snake upwards
  const row = nAreas - 1 - area;
  const col = area % 2 === 0 ? 8 - idx : idx;
  return { x: XV_M + col * (XV_W + XV_GAP), y: XV_ROWGAP + row * (XV_H + XV_ROWGAP) };
}

function xvSame(a, b) { return a && b && a[0] === b[0] && a[1] === b[1]; }

// The key of an action exactly as Python's action_key writes it: JSON of {type, ...fields} with sorted keys.
function xvKey(obj) {
  const sorted = {};
  for (const k of Object.keys(obj).sort()) sorted[k] = obj[k];
  return JSON.stringify(sorted);
}

// Send the move a click means, whether or not it is legal now: a legal one is played; for any other the board
// answers with the rule's clause and the reason it is refused ("why not?") — a click is never silent.
function xvTry(ctx, obj) {
  const legal = ctx.legalWhere(obj);
  if (legal.length) { ctx.send(legal[0].id); return; }
  if (typeof ctx.tryAction === "function") { ctx.tryAction(obj); return; }
  ctx.send(xvKey(obj));
}

// A shield drawn as SVG (a font may lack the shield glyph).
function xvShield(ctx, cls) {
  return xvIcon(ctx, "shield", { size: 16, cls: ["xv-shield-icon", cls] });
}

// What clicking space (ai, si) means now: stop there on this move (the phase "stop"), or a move there.
function xvSpaceAction(ctx, st, ai, si, sp) {
  const { state } = ctx;
  const path = state.path || [];
  const k = path.findIndex((p) => p[0] === ai && p[1] === si);
  if (k >= 0) return { type: "StopAt", step: k + 1, space: sp.label };
  const who = ctx.currentPlayer;
  const me = who === null || who === undefined ? null : state.pilots[who];
  let step = 0;
  if (me && !me.at_gate) {
    const lin = (a, i) => st.areas.slice(0, a).reduce((n, area) => n + area.length, 0) + i;
    step = Math.max(0, lin(ai, si) - lin(me.area, me.space));
  }
  return { type: "StopAt", step, space: sp.label };
}

// A click (or Enter / Space) on space (ai, si), read from the newest drawing (ctx) when it comes: the editor puts the
// picked Solvalou there; else a listed stop of the roll is played, or the move the click means is tried.
function xvSpaceGo(ctx, ai, si) {
  if (ctx.editing) { xvEditSpace(ctx, ai, si); return; }
  const st = ctx.view.stage;
  const sp = st.areas[ai][si];
  const state = ctx.state;
  let stop = null;  // (the last listed stop on the space, as the drawing's stops table takes it)
  for (const a of ctx.legalWhere({ type: "StopAt" })) {
    const p = state.path[a.step - 1];
    if (p && p[0] === ai && p[1] === si) stop = a;
  }
  if (stop) ctx.send(stop.id); else xvTry(ctx, xvSpaceAction(ctx, st, ai, si, sp));
}

// ---- the position editor (teacher panel "Edit position", issue 11): ctx.editing is on ----------------------------
// Click a Solvalou (on the board, or "pick up" on its sheet), then a space: that player is set up there. + / - on a
// sheet row set its markers; "to play" gives a player the turn. Each edit is a set-up (Game.set_up through
// ctx.editPosition): Python checks it against the rules and a refusal (xevious.sheet-limit, xevious.respawn, ...)
// shows in the kit's banner and changes nothing. While editing no click or key plays a move.

// the seat picked up by the first click, or null
function xvPicked(ctx) {
  const p = typeof ctx.editPick === "function" ? ctx.editPick() : null;
  return p && Number.isInteger(p.seat) ? p.seat : null;
}

function xvPick(ctx, seat) {
  ctx.setEditPick(xvPicked(ctx) === seat ? null : { seat });  // a second click on the same piece puts it down
}

// a set-up of one player's fields (the other players' entries are empty: their fields keep their value)
function xvEditPlayer(ctx, seat, fields) {
  const n = ctx.state.pilots.length;
  ctx.editPosition({ players: Array.from({ length: n }, (_, k) => (k === seat ? fields : {})) });
}

// the current count of one row of a sheet: from the position description, else from the state
function xvCount(ctx, seat, key) {
  const pos = ctx.position && Array.isArray(ctx.position.players) ? ctx.position.players[seat] : null;
  const v = pos && Number.isInteger(pos[key]) ? pos[key] : ctx.state.pilots[seat][key];
  return Number(v) || 0;
}

function xvEditSpace(ctx, ai, si) {
  const seat = xvPicked(ctx);
  if (seat === null) return;  // nothing picked up: a space alone is no edit
  ctx.setEditPick(null);
  xvEditPlayer(ctx, seat, { area: ai + 1, space: si + 1 });
}

// ---- the stage panel (issue 23: drawn like the rulebook's stage panels) -------------------------------------------
// Each space is a location card: a tag line (may stop / STOP / ANDOR / Gump / Daley), the location's icon (an
// air-to-ground battle with its number in large type), its words, what it gives; below the words a lane where the
// Solvalou Movers stand (28 units, side by side, never over the words). A faint flight line joins the spaces in
// the order they are flown (area 1 from the starting point, then up the panel). The last move leaves a dashed
// trail in the mover's colour and a ring BEHIND the piece (the piece's own colours never change); a move is
// animated space by space (prefers-reduced-motion: no animation); a roll that passes green / Flag / Pin / Sol /
// Phantom spaces flies a ghost along the roll and lights each stop the engine lists (StopAt) as it passes it.
function xvRoute(st) {
  // the spaces of the stage in flying order: [[area, space], ...] and the index of each
  const route = [];
  st.areas.forEach((area, ai) => area.forEach((_, si) => route.push([ai, si])));
  return route;
}

function xvLin(st, ai, si) {
  let n = 0;
  for (let a = 0; a < ai; a += 1) n += st.areas[a].length;
  return n + si;
}

// the slots of k movers in a lane (centres relative to the cell's top left): 1-2 side by side on the lane's first
// row, 3-4 on two rows of two (the rulebook's start puts every mover on one space)
function xvSlots(k) {
  const cx = XV_W / 2, r1 = XV_LANE + XV_PIECE / 2 + 1, r2 = r1 + XV_PIECE + 2, dx = XV_PIECE / 2 + 5;
  if (k <= 1) return [[cx, r1]];
  if (k === 2) return [[cx - dx, r1], [cx + dx, r1]];
  if (k === 3) return [[cx - dx, r1], [cx + dx, r1], [cx, r2]];
  return [[cx - dx, r1], [cx + dx, r1], [cx - dx, r2], [cx + dx, r2]];
}

// the spaces flown from (a0, s0) to (a1, s1) on this stage, the arrival included; [] when it is no forward flight
function xvFlight(st, from, to) {
  if (!from || !to) return [];
  const a = xvLin(st, from[0], from[1]), b = xvLin(st, to[0], to[1]);
  if (!(b > a) || b - a > XV_MAX_STEPS) return [];
  return xvRoute(st).slice(a + 1, b + 1);
}

let xvMotionQuery = null;  // (one query, read on every redraw: matchMedia makes a new object each call)
function xvReduced() {
  if (xvMotionQuery === null) {
    xvMotionQuery = typeof window !== "undefined" && window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : false;
  }
  return !!(xvMotionQuery && xvMotionQuery.matches);
}

// what the board remembers between redraws (per board view): where each mover was, the last flight, the ghost
const XV_MEMORY = typeof WeakMap === "function" ? new WeakMap() : null;
function xvMemory(ctx) {
  const key = ctx.root || ctx.el;
  if (!XV_MEMORY || !key) return {};
  if (!XV_MEMORY.has(key)) XV_MEMORY.set(key, {});
  return XV_MEMORY.get(key);
}

// animate `el` (a piece or the ghost) through the lane points `pts` ([x, y] in board units), continuing an
// animation begun at `since` across redraws; called once the element is on the page
function xvFly(el, pts, since) {
  if (!el || pts.length < 2 || typeof el.animate !== "function" || xvReduced()) return;
  // the piece stands at its place by its transform attribute; the animation's CSS transform replaces it while it
  // runs, so each frame is an absolute place (board units)
  const frames = pts.map(([x, y]) => ({ transform: `translate(${x}px, ${y}px)` }));
  const duration = (pts.length - 1) * XV_STEP_MS;
  const elapsed = performance.now() - since;
  if (elapsed >= duration) return;
  // a kept element (kit ttMorph) flies on: the flight it is already making is not started again
  const flying = /** @type {any} */ (el);
  if (flying.__xvFlight === `${since}:${frames.length}`) return;
  flying.__xvFlight = `${since}:${frames.length}`;
  el.animate(frames, { duration, delay: -elapsed, easing: "linear", fill: "backwards" });
}

function xvTags(ctx, sp, flags) {
  // [left tags, right tags]: each {text, cls}
  const left = [], right = [];
  if (flags.guard) left.push({ text: "Andor", cls: "xv-guard-tag" });
  // a Gump Marker standing, or its space once it is destroyed (the word struck through: the marker is gone)
  if (flags.gump === 1) left.push({ text: "GUMP", cls: "xv-gump-tag" });
  if (flags.gump === 0) left.push({ text: "GUMP", cls: "xv-gump-tag xv-gump-gone-tag" });
  if (sp.kind === "green" && !flags.guard) left.push({ text: "may stop", cls: "xv-may-tag" });
  if (sp.stop) right.push({ text: "STOP", cls: "xv-stop-tag" });
  if (flags.daley) (sp.stop ? left : right).push({ text: "Daley", cls: "xv-daley" });
  return [left, right];
}

function xvAwardsDrawn(ctx, s, aw, x, y, boost) {
  // what a space gives, as "+1" and the marker's icon (the space's name says it in words)
  const out = [];
  const items = [["w", "weapon"], ["s", "shield"], ["l", "solvalou"]].filter(([k]) => aw[k]);
  /** @type {{ text: string, icon: string, pre?: boolean }[]} */
  const parts = items.map(([k, icon]) => ({ text: `+${aw[k]}`, icon }));
  if (boost) parts.push({ text: "+1 roll", icon: "weapon", pre: true });
  const widthOf = (p) => (p.text.length * 9 + 16);
  const total = parts.reduce((n, p) => n + widthOf(p), 0) + Math.max(0, parts.length - 1) * 4;
  let cx = x - total / 2;
  for (const p of parts) {
    const w = widthOf(p);
    if (p.pre) {
      out.push(xvIcon(ctx, p.icon, { x: cx, y: y - 12, size: 14, cls: `xv-aw-icon xv-aw-${p.icon}` }));
      out.push(s("text", { x: cx + 16, y, class: "xv-extra xv-extra-start" }, p.text));
    } else {
      out.push(s("text", { x: cx, y, class: "xv-extra xv-extra-start" }, p.text));
      out.push(xvIcon(ctx, p.icon, { x: cx + p.text.length * 9 + 3, y: y - 12, size: 14, cls: `xv-aw-icon xv-aw-${p.icon}` }));
    }
    cx += w + 4;
  }
  return out;
}

function renderBoard(ctx) {
  const { h, s, state, view } = ctx;
  const st = view.stage;
  if (!st || !state || !state.pilots) return;
  const nA = st.areas.length;
  const width = XV_M * 2 + 9 * XV_W + 8 * XV_GAP;
  const height = XV_ROWGAP + nA * XV_H + (nA - 1) * XV_ROWGAP + 8;
  const mem = xvMemory(ctx);
  const now = typeof performance !== "undefined" ? performance.now() : 0;
  // a group, not an image: its spaces and pieces are named parts a screen reader can reach
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "xv-board", role: "group",
    "aria-label": `Stage ${st.number}: ${st.title}, panel ${st.panel}` });

  // legal stops of the move being made (phase "stop"): the squares of state.path
  const stops = {};
  for (const a of ctx.legalWhere({ type: "StopAt" })) {
    const p = state.path[a.step - 1];
    if (p) stops[`${p[0]},${p[1]}`] = a;
  }
  const path = state.phase === "stop" ? (state.path || []) : [];
  const onPath = new Set(path.map((p) => `${p[0]},${p[1]}`));
  const gumpsLeft = state.gumps || [];
  const botSeats = (ctx.model && typeof ctx.model.get === "function" && ctx.model.get("bot_seats")) || {};
  const botTurn = Object.prototype.hasOwnProperty.call(botSeats, String(ctx.currentPlayer));
  const editing = !!ctx.editing;  // the teacher's position editor: clicks edit, never play
  const picked = editing ? xvPicked(ctx) : null;
  const dropName = picked === null ? "" : `press to put ${ctx.whose(picked)} Solvalou here`;

  // who stands where, and where each mover stands in its lane
  const byCell = {};
  state.pilots.forEach((p, i) => {
    if (p.at_gate) return;
    const k = `${p.area},${p.space}`;
    (byCell[k] = byCell[k] || []).push(i);
  });
  const slotOf = {};
  for (const [k, seats] of Object.entries(byCell)) {
    const [ai, si] = k.split(",").map(Number);
    const { x, y } = xvPos(ai, si, nA);
    const slots = xvSlots(seats.length);
    seats.forEach((seat, j) => { slotOf[seat] = [x + slots[j][0], y + slots[j][1]]; });
  }
  const laneAt = (ai, si) => { const { x, y } = xvPos(ai, si, nA); return [x + XV_W / 2, y + XV_LANE + XV_PIECE / 2 + 1]; };

  // what moved since the last drawing: a forward flight of one mover on the same stage (not while editing)
  const stageKey = `${(ctx.model && typeof ctx.model.get === "function" && ctx.model.get("games_played")) || 0}/${st.number}`;
  const where = state.pilots.map((p) => (p.at_gate ? null : [p.area, p.space]));
  if (mem.stageKey !== stageKey) { mem.flight = null; mem.ghost = null; }
  else if (mem.where && JSON.stringify(mem.where) !== JSON.stringify(where)) {
    mem.flight = null;
    where.forEach((w, seat) => {
      const was = mem.where[seat];
      const cells = editing ? [] : xvFlight(st, was, w);
      if (cells.length) mem.flight = { seat, from: was, cells, since: now };
    });
  }
  mem.stageKey = stageKey;
  mem.where = where;
  if (!ctx.lastMove) mem.flight = null;
  const flight = state.phase === "stop" ? null : mem.flight;
  // the ghost of a pending roll (phase "stop"): flies the roll once, lighting each listed stop as it passes
  const ghostKey = path.length ? `${stageKey}/${ctx.currentPlayer}/${JSON.stringify(path)}/${(ctx.lastMove || {}).turn}` : "";
  if (ghostKey && (!mem.ghost || mem.ghost.key !== ghostKey)) mem.ghost = { key: ghostKey, since: now };
  if (!ghostKey) mem.ghost = null;
  const ghostAge = mem.ghost ? now - mem.ghost.since : 0;

  // issue 23: the stage's spaces, its flight line and labels, the sheets and the movers are parts (ctx.part): each
  // is drawn again only when what it shows changed; their handlers read the newest drawing's ctx when they run
  const part = xvPart(ctx);
  const stageId = `${stageKey}/${nA}`;
  // the flight line: through every space in flying order (drawn first: the spaces cover it); the areas' labels
  svg.append(part("xv-flightline", stageId, () => {
    const route = xvRoute(st);
    const line = route.map(([ai, si]) => { const { x, y } = xvPos(ai, si, nA); return [x + XV_W / 2, y + XV_H / 2]; });
    const gateTo = st.number < 7 ? (() => { const { x, y } = xvPos(nA - 1, st.areas[nA - 1].length - 1, nA); return [[x + XV_W / 2, y - XV_ROWGAP + 6]]; })() : [];
    return s("path", { class: "xv-flightline", d: "M" + line.concat(gateTo).map(([x, y]) => `${x} ${y}`).join("L"), "aria-hidden": "true" });
  }));

  // what stands on or marks each space, by "area,space"
  const guarded = new Set(st.guard.map((g) => `${g[0]},${g[1]}`));
  const gumpAt = new Map();
  st.gumps.forEach((g, i) => { const k = `${g[0]},${g[1]}`; if (!gumpAt.has(k)) gumpAt.set(k, i); });
  const daleys = new Set((state.daley || []).map((d) => `${d[0]},${d[1]}`));
  st.areas.forEach((area, ai) => {
    const first = xvPos(ai, 0, nA);
    const lastCell = xvPos(ai, area.length - 1, nA);
    const mid = (first.x + lastCell.x + XV_W) / 2;
    const dir = ai % 2 === 0 ? "left" : "right";
    svg.append(part(`xv-area-${ai}`, stageId, () => s("text", { x: mid - 10, y: first.y - 9, class: "xv-area-label" }, `Area ${ai + 1} — flies ${dir}`)));
    svg.append(part(`xv-area-arrow-${ai}`, stageId, () => xvArrow(ctx, dir, { x: mid + 76, y: first.y - 26, size: 18, cls: "xv-area-arrow" })));
    area.forEach((sp, si) => {
      const { x, y } = xvPos(ai, si, nA);
      const key = `${ai},${si}`;
      const stop = stops[key];
      const guard = !!view.conditions_on && guarded.has(key);
      const gi = gumpAt.has(key) ? gumpAt.get(key) : -1;
      const daley = daleys.has(key);
      const go = () => xvSpaceGo(ctx, ai, si);
      const here = (byCell[key] || []).map((i) => ctx.seatName(i));
      const entry = sp.kind === "entrance" && ai > 0;
      const name = [`Area ${ai + 1}, space ${si + 1}: ${sp.label}`,
        entry ? "you must stop here when you enter the area" : "",
        ai === 0 && si === 0 ? "the starting point" : "",
        guard ? "guarded by Andor Genesis" : "", gi >= 0 ? (gumpsLeft[gi] ? "a Gump Marker stands here" : "its Gump Marker is gone") : "",
        daley ? "Daley" : "", here.length ? `here: ${here.map((n) => `${ctx.poss(n)} Solvalou`).join(", ")}` : "",
        editing ? dropName : stop ? (stop.step === path.length ? "press to end the roll here" : "press to stop here") : ""].filter(Boolean).join(", ");
      const clickable = editing || !botTurn;
      const tags = xvTags(ctx, sp, { guard, gump: gi >= 0 ? (gumpsLeft[gi] ? 1 : 0) : -1, daley });
      // a listed stop of the roll being made: lit when the ghost reaches it
      const k = stop && !editing ? path.findIndex((p) => p[0] === ai && p[1] === si) : -1;
      const delay = (k + 1) * XV_STEP_MS - ghostAge;
      const lit = stop && !editing && delay > 0 && mem.ghost && !xvReduced();  // lit when the ghost gets there (not again on a redraw)
      const pill = stop && !editing && (byCell[key] || []).length <= 2 ? (stop.step === path.length ? "roll ends" : "stop here") : "";
      const sig = [stageId, name, stop && !editing ? stop.id : "", onPath.has(key), picked !== null, editing, clickable,
        JSON.stringify(tags), pill, lit ? `${mem.ghost.key}` : ""].join("|");
      svg.append(part(`xv-space-${ai}-${si}`, sig, () => {
      const g = s("g", {
        class: ["xv-space", `xv-${sp.kind}`, sp.stop && "xv-must", entry && "xv-entry", stop && !editing && "xv-target", onPath.has(key) && "xv-path",
          picked !== null && "xv-drop"],
        dataset: { area: ai + 1, space: si + 1, kind: sp.kind, focus: `xv-space-${ai}-${si}`, ttAction: stop && !editing ? stop.id : null },
        tabindex: (editing ? picked !== null : stop) ? 0 : null, role: clickable ? "button" : "img",
        "aria-label": name,
        onClick: clickable ? go : null,
        onKeydown: clickable ? (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); go(); } } : null,
      });
      g.append(s("rect", { x, y, width: XV_W, height: XV_H, rx: 8, class: "xv-cell" }));
      g.append(s("rect", { x: x + 3, y: y + XV_LANE, width: XV_W - 6, height: XV_H - XV_LANE - 3, rx: 6, class: "xv-lane", "aria-hidden": "true" }));
      const cx = x + XV_W / 2;
      // the tag line
      const [left, right] = tags;
      left.forEach((t, k) => g.append(s("text", { x: x + 4, y: y + 16 + k * 15, class: ["xv-tag", t.cls] }, t.text)));
      right.forEach((t, k) => g.append(s("text", { x: x + XV_W - 4, y: y + 16 + k * 15, class: ["xv-tag", "xv-tag-end", t.cls] }, t.text)));
      // the location: its icon (an air-to-ground battle with its number large), its words, what it gives: the same
      // for the whole stage, a part of its own (a space drawn again for its marks or pieces leaves it as it is)
      g.append(part(`xv-face-${stageId}-${ai}-${si}`, "", () => {
        const face = s("g", { class: "xv-face" });
        const iy = y + 21;
        if (sp.kind === "entrance" || sp.kind === "exit") {
          face.append(s("text", { x: cx, y: iy + 23, class: "xv-io" }, sp.kind === "entrance" ? "IN" : "OUT"));
        } else if (sp.kind === "ground" || sp.kind === "squad" || sp.kind === "air") {
          face.append(xvIcon(ctx, sp.kind, { x: cx - 27, y: iy, size: 26 }));
          face.append(s("text", { x: cx + 3, y: iy + 22, class: "xv-num" }, sp.kind === "ground" ? String(sp.n) : `×${sp.kind === "air" ? 1 : sp.n}`));
        } else {
          face.append(xvIcon(ctx, sp.kind, { x: cx - 13, y: iy, size: 26 }));
        }
        const word = XV_WORD[sp.kind];
        if (word) face.append(s("text", { x: cx, y: y + 64, class: "xv-word" }, word));
        const extra = xvAwardsDrawn(ctx, s, sp.awards || {}, cx, y + 81, sp.boost);
        if (extra.length) face.append(s("g", { class: "xv-awards" }, extra));
        else if (entry) face.append(s("text", { x: cx, y: y + 81, class: "xv-extra" }, "must stop"));
        else if (ai === 0 && si === 0) face.append(s("text", { x: cx, y: y + 81, class: "xv-extra xv-start" }, "START"));
        return face;
      }));
      if (lit) {
        g.classList.add("xv-lit-later");
        g.style.setProperty("--xv-lit-delay", `${Math.round(delay)}ms`);
      }
      if (pill) {
        g.append(s("g", { class: "xv-stop-pill", "aria-hidden": "true" },
          s("rect", { x: x + 8, y: y + XV_H - 27, width: XV_W - 16, height: 21, rx: 10 }),
          s("text", { x: cx, y: y + XV_H - 12 }, pill)));
      }
      return g;
      }));
    });
  });
  if (st.number < 7) {
    const { x, y } = xvPos(nA - 1, st.areas[nA - 1].length - 1, nA);
    svg.append(part("xv-gate", stageId, () => s("text", { x: x + XV_W / 2 + 9, y: y - 9, class: "xv-gate" }, "to the stage gate")));
  }

  // the trail of the last flight (dashed, the mover's colour), under the pieces
  if (flight && !editing) {
    const pts = [flight.from, ...flight.cells].map(([a, i]) => laneAt(a, i));
    const end = slotOf[flight.seat];
    if (end) pts[pts.length - 1] = end;
    svg.append(s("path", { class: ["xv-trail", `xv-trail-${flight.seat}`], d: "M" + pts.map(([px, py]) => `${px} ${py}`).join("L"),
      "aria-hidden": "true", dataset: { seat: flight.seat, steps: flight.cells.length } }));
  }

  // the ghost of the pending roll
  let ghost = null;
  if (path.length && ctx.currentPlayer !== null && ctx.currentPlayer !== undefined && !editing) {
    const seat = ctx.currentPlayer;
    const me = state.pilots[seat];
    const pts = [[me.area, me.space], ...path.filter((p) => p[0] < nA)].map(([a, i]) => laneAt(a, i));
    if (slotOf[seat]) pts[0] = slotOf[seat];
    const [gx, gy] = pts[pts.length - 1];
    const dur = (pts.length - 1) * XV_STEP_MS;
    if (!xvReduced() && ghostAge < dur + 400) {
      ghost = s("g", { class: ["xv-ghost", `xv-mover-${seat}`], "aria-hidden": "true", transform: `translate(${gx} ${gy})` },
        s("circle", { class: "xv-body", r: XV_PIECE / 2 }), s("text", { class: "xv-num-piece", y: 6 }, String(seat + 1)));
      svg.append(ghost);
      const g0 = ghost;
      const since = mem.ghost.since;
      // the element in the page: a redraw keeps the one shown (kit ttMorph), not necessarily this drawing's
      queueMicrotask(() => { const el = ttLive(g0); if (el.isConnected) xvFly(el, pts, since); });
      setTimeout(() => { const el = ttLive(g0); if (el.isConnected) el.remove(); }, Math.max(0, dur + 400 - ghostAge));
    }
  }

  // the Solvalou Movers: numbered pieces in the players' colours, in the lane
  const lm = ctx.lastMove;
  for (const [seatText, [px, py]] of Object.entries(slotOf)) {
    const seat = Number(seatText);
    const p = state.pilots[seat];
    const moved = !!(lm && lm.seat === seat && lm.action_dict);
    const whereName = `${ctx.whose(seat, true)} Solvalou, area ${p.area + 1}, space ${p.space + 1}`;
    const flies = flight && flight.seat === seat ? flight : null;
    svg.append(part(`xv-mover-${seat}`, JSON.stringify([px, py, moved, picked === seat, editing, whereName, flies ? flies.since : 0]), () => {
    const pick = () => xvPick(ctx, seat);
    const piece = s("g", { class: ["xv-mover", `xv-mover-${seat}`, moved && "xv-moved", picked === seat && "xv-picked"],
      transform: `translate(${px} ${py})`,
      dataset: { seat, lastMove: moved ? 1 : null, focus: editing ? `xv-mover-${seat}` : null },
      role: editing ? "button" : "img", tabindex: editing ? 0 : null, "aria-pressed": editing ? String(picked === seat) : null,
      "aria-label": editing ? (picked === seat ? `${whereName}: picked up, press a space to put it there (press again to put it back)`
        : `pick up ${whereName}, then press a space to put it there`) : whereName,
      onClick: editing ? (ev) => { ev.stopPropagation(); pick(); } : null,
      onKeydown: editing ? (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); pick(); } } : null },
    // the last-move ring sits BEHIND the piece (kit: tt-last-move-mark flashes it): it never recolours the piece
    moved ? s("circle", { class: "xv-halo tt-last-move-mark", r: XV_PIECE / 2 + 3, "aria-hidden": "true" }) : null,
    s("circle", { class: "xv-body", r: XV_PIECE / 2 }),
    s("circle", { class: "xv-rim", r: XV_PIECE / 2 - 3.5, "aria-hidden": "true" }),
    s("text", { class: "xv-num-piece", y: 6 }, String(seat + 1)));
    if (flies) {
      const pts = [flies.from, ...flies.cells].map(([a, i]) => laneAt(a, i));
      pts[pts.length - 1] = [px, py];
      queueMicrotask(() => { const el = ttLive(piece); if (el.isConnected) xvFly(el, pts, flies.since); });
    }
    return piece;
    }));
  }

  const gate = state.pilots.map((p, i) => (p.at_gate ? i : null)).filter((i) => i !== null);
  const panel = h("div", { class: "xv-wrap" },
    h("div", { class: "xv-stagehead" },
      h("strong", {}, `Stage ${st.number}: ${st.title}`), ` — panel ${st.panel} (${st.panel_name})`),
    h("p", { class: "xv-condition", dataset: { condition: st.condition } },
      view.conditions_on || st.number === 7 ? ["Stage condition (our reconstruction): ", st.text]
        : "Stage conditions are off in this variant."),
    svg,
    gate.length ? h("p", { class: "xv-gate-line" }, "Waiting at the stage gate: ", gate.map((i) => [ctx.seatTag(i), " "])) : null,
    editing ? h("p", { class: "xv-edit-note" }, "Editing the position: no move is played until you stop editing. ",
      picked === null ? "Pick up a Solvalou (on the board or its sheet), then press a space."
        : [ctx.seatTag(picked), " is picked up: press the space to put it on."])
      : part("xv-choices", JSON.stringify([state.phase, state.pending, ctx.legal, ctx.currentPlayer, ctx.interactive, ctx.isOver,
        botSeats, ctx.players, !!view.cockpit, ctx.currentPlayer === null || ctx.currentPlayer === undefined ? null : state.pilots[ctx.currentPlayer]]),
      () => xvChoices(ctx)),
    xvReveal(ctx),
    h("div", { class: "xv-sheets" }, state.pilots.map((p, i) => part(`xv-sheet-${i}`,
      JSON.stringify([p, ctx.currentPlayer === i, state.row_cap, ctx.players, editing, picked === i, !!ctx.view.cockpit]),
      () => xvSheet(ctx, p, i)))));
  ctx.el.append(panel);
}

/** ctx.part (issue 23: a part of the picture drawn again only when its signature changed), or a plain drawing. */
function xvPart(ctx) {
  return typeof ctx.part === "function" ? ctx.part : (_key, _sig, build) => build();
}

function xvSheet(ctx, p, i) {
  const { h, state } = ctx;
  const rows = [["Extra Weapon", "extra_weapon", "weapon"], ["Shield", "shield", "shield"], ["Solvalou", "solvalou", "solvalou"]];
  const turn = ctx.currentPlayer === i;
  const cap = state.row_cap || 5;  // variant row_cap (the rulebook's rows have 5 spaces)
  const cells = Array.from({ length: cap }, (_, k) => k);
  const who = ctx.seatName(i);
  const editing = !!ctx.editing;
  const picked = editing && xvPicked(ctx) === i;
  // editing: a button of the sheet (never a move), with its name in words
  const edit = (cls, label, text, onClick, extra) => h("button", Object.assign({ type: "button", class: ["xv-edit", cls],
    "aria-label": label, title: label, dataset: { seat: i, focus: `${cls}-${i}` }, onClick }, extra || {}), text);
  // (the count is read when the button is pressed: the sheet is kept while it shows the same, ctx.part)
  const step = (key, name, d) => edit(d > 0 ? "xv-edit-plus" : "xv-edit-minus",
    d > 0 ? `add a ${name} Marker to ${ctx.poss(who)} sheet` : `remove a ${name} Marker from ${ctx.poss(who)} sheet`,
    xvIcon(ctx, d > 0 ? "plus" : "minus", { size: 14 }), () => xvEditPlayer(ctx, i, { [key]: xvCount(ctx, i, key) + d }),
    { dataset: { seat: i, row: key, focus: `xv-edit-${key}-${d}-${i}` } });
  return h("div", { class: ["xv-sheet", `xv-sheet-${i}`, turn && "xv-sheet-turn", picked && "xv-sheet-picked"], dataset: { seat: i }, role: "group",
    "aria-label": `${ctx.poss(who, true)} Attack Strength Sheet` },
  h("div", { class: "xv-sheet-head" }, ctx.seatTag(i), turn ? [" ", xvIcon(ctx, "arrow", { rotate: 270, size: 14 }), " to play"] : "",
    editing ? h("span", { class: "xv-edit-head" },
      edit("xv-edit-pick", picked ? `put ${ctx.poss(who)} Solvalou back (do not move it)` : `pick up ${ctx.poss(who)} Solvalou, then press a space to put it there`,
        picked ? "picked up: press a space" : "pick up Solvalou", () => xvPick(ctx, i), { "aria-pressed": picked ? "true" : "false" }),
      turn ? null : edit("xv-edit-turn", `give ${who} the turn (to roll next)`, "to play",
        () => ctx.editPosition({ to_play: i }))) : null),
  // the rows: drawn again only when a count changes (a turn passing redraws the head only)
  xvPart(ctx)(`xv-rows-${i}`, JSON.stringify([rows.map(([, key]) => p[key]), cap, who, editing]), () =>
  h("table", { class: "xv-rows", "aria-label": `${ctx.poss(who, true)} markers` }, rows.map(([name, key, mark]) => h("tr", { dataset: { row: key },
    "aria-label": `${ctx.poss(who, true)} ${name} row: ${p[key]} of ${cap} markers` },
    h("th", { scope: "row" }, name),
    cells.map((k) => h("td", { class: k < p[key] ? "xv-full" : "xv-empty" }, k < p[key] ? xvIcon(ctx, mark, { size: 16 }) : "")),
    h("td", { class: "xv-count", title: `${p[key]} of ${cap} ${name} markers` }, `${p[key]}/${cap}`),
    editing ? h("td", { class: "xv-edit-cell" }, step(key, name, -1), step(key, name, 1)) : null)))),
  h("div", { class: "xv-badges" },
    ctx.view.cockpit ? h("span", { class: "xv-badge" }, p.cockpit ? "Cockpit Card face up (variant)" : "Cockpit Card used (variant)") : null,
    p.phantom ? h("span", { class: "xv-badge" }, "Phantom wingman") : null,
    p.retry ? h("span", { class: "xv-badge" }, "may try the Blaster again") : null,
    p.at_gate ? h("span", { class: "xv-badge" }, "at the stage gate") : null,
    h("span", { class: "xv-where" }, p.at_gate ? "" : `area ${p.area + 1}, space ${p.space + 1}`)));
}

function xvChoices(ctx) {
  const { h, state } = ctx;
  const legal = ctx.legal;
  if (ctx.isOver || ctx.currentPlayer === null || ctx.currentPlayer === undefined) return null;
  const phase = state.phase;
  // every button sends the move it means; one that is not legal now stays clickable and is answered "why not"
  // (each button a part: `text` its words, `icon()` its picture, `name` its accessible name when not its words)
  const part = xvPart(ctx);
  const btn = (obj, text, extra, icon, name) => {
    const hit = ctx.legalWhere(obj)[0];
    return part(`xv-btn-${xvKey(obj)}`, JSON.stringify([hit ? hit.id : "", ctx.interactive, text, extra || "", !!icon, name || ""]), () => {
      const b = h("button", {
        type: "button", class: ["xv-choice", extra, !hit && "xv-not-legal"], "aria-disabled": ctx.interactive ? null : "true",
        dataset: { actionId: hit ? hit.id : xvKey(obj), type: obj.type, legal: hit ? "1" : "0", focus: `xv-btn-${xvKey(obj)}` },
        title: hit ? null : "not a legal move now: click to see why",
        onClick: () => xvTry(ctx, obj) }, icon ? [icon(), text] : typeof text === "function" ? text() : text);
      if (name) b.setAttribute("aria-label", name);
      return b;
    });
  };
  const who = ctx.currentPlayer;
  const pend = state.pending || {};
  const parts = [];
  const bots = (ctx.model && typeof ctx.model.get === "function" && ctx.model.get("bot_seats")) || {};
  if (Object.prototype.hasOwnProperty.call(bots, String(who))) {  // a bot's seat offers no targets: it moves by itself
    return h("section", { class: "xv-choices", "aria-label": "your choices" },
      h("p", { class: "xv-bot-turn" }, ctx.seatTag(who), ` (${bots[String(who)]} bot) is to move and answers by itself.`));
  }
  if (phase === "aim" || phase === "enemy") {
    const mine = phase === "aim";
    parts.push(h("p", { class: "xv-secret" }, mine
      ? [ctx.seatTag(who), pend.kind === "squad" ? ` — ${pend.left} enemies left: turn your Battle Card secretly (arrow keys) ` : " — turn your Battle Card secretly (arrow keys) ", "— others look away!"]
      : [ctx.seatTag(pend.who), "'s card is face down ", h("span", { class: "xv-card xv-card-back", role: "img", "aria-label": "a face-down Battle Card" }, "?"), ". ", ctx.seatTag(who), " turns the enemy's card (arrow keys):"]));
    const row = h("div", { class: "xv-arrows" });
    const type = mine ? "Aim" : "EnemyAim";
    for (const heading of ["up", "right", "down", "left"]) row.append(btn({ type, heading }, ` ${heading}`, "xv-arrow", () => xvArrow(ctx, heading)));
    if (mine && pend.kind === "squad") row.append(btn({ type: "Blast" }, " use an Extra Weapon: destroy one enemy", "xv-blast", () => xvIcon(ctx, "weapon")));
    parts.push(row);
  } else if (phase === "boost") {
    parts.push(h("p", {}, `Battle against ${pend.what} (${pend.n}): spend an Extra Weapon to add 1 to the roll?`));
    parts.push(h("div", { class: "xv-arrows" }, btn({ type: "Fire", weapon: true }, " yes, +1 (Y)", null, () => xvIcon(ctx, "weapon")), btn({ type: "Fire", weapon: false }, "no (N)")));
  } else if (phase === "stop") {
    parts.push(h("p", {}, "Where do you stop?", h("span", { class: "xv-stop-how" }, " Click a highlighted space or a button.")));
    // (the projector view leaves out the space's words, which its pill on the picture shows: the words stay the
    // button's accessible name)
    const stopLabel = (a) => { const k = a.text.indexOf(" ("); return k < 0 ? a.text : [a.text.slice(0, k), h("span", { class: "xv-stop-where" }, a.text.slice(k))]; };
    parts.push(h("div", { class: "xv-arrows" }, legal.map((a) => {
      return btn({ type: "StopAt", step: a.step, space: a.space }, () => stopLabel(a), null, null, a.text);
    })));
  } else if (phase === "retry") {
    parts.push(h("div", { class: "xv-arrows" }, btn({ type: "TryAgain" }, " Try the Blaster again (T)", null, () => xvIcon(ctx, "retry")), btn({ type: "Pass" }, "End turn")));
  } else {
    const me = state.pilots[who] || {};
    const sp = (ctx.view.stage.areas[me.area] || [])[me.space] || {};
    const row = [btn({ type: "Roll" }, " Roll (R)", null, () => xvIcon(ctx, "die")), btn({ type: "CatchUp" }, " Catch up (C)", null, () => xvIcon(ctx, "catchup"))];
    if (["flag", "pin", "sol", "phantom"].includes(sp.kind) || ctx.legalWhere({ type: "TryAgain" }).length) row.push(btn({ type: "TryAgain" }, " Try the Blaster again (T)", null, () => xvIcon(ctx, "retry")));
    if (ctx.legalWhere({ type: "Attack" }).length) row.push(btn({ type: "Attack" }, " Attack (A)", null, () => xvIcon(ctx, "attack")));
    parts.push(h("div", { class: "xv-arrows" }, row));
    if (ctx.view.cockpit) {
      parts.push(h("div", { class: "xv-arrows xv-fly" }, h("span", {}, "Cockpit Card (variant): fly "),
        [1, 2, 3, 4, 5, 6].map((n) => btn({ type: "Fly", n }, String(n)))));
    }
  }
  return h("section", { class: "xv-choices", "aria-label": "your choices" }, parts);
}

function xvReveal(ctx) {
  const { h, state } = ctx;
  const last = state.last;
  if (!last) return null;
  if (last.kind === "battle") {
    return h("div", { class: ["xv-reveal", last.won ? "xv-won" : "xv-lost"], dataset: { kind: "battle", won: last.won ? 1 : 0 } },
      h("span", { class: "xv-card", role: "img", "aria-label": `${ctx.whose(last.player, true)} card points ${last.mine}` }, xvArrow(ctx, last.mine, { size: 22 })),
      h("span", { class: "xv-card xv-card-enemy", role: "img", "aria-label": `the enemy's card points ${last.theirs}` }, xvArrow(ctx, last.theirs, { size: 22 })),
      h("span", {}, ` ${ctx.seatName(last.player)}: ${last.mine}, enemy: ${last.theirs} — `,
        h("strong", {}, last.won ? "head-on: WIN" : "not towards each other: LOSS")));
  }
  if (last.kind === "blaster") {
    return h("div", { class: ["xv-reveal", last.value === "HIT!" ? "xv-won" : "xv-lost"], dataset: { kind: "blaster", value: last.value } },
      "Blaster Card: ", h("span", { class: "xv-card" }, last.value));
  }
  if (last.kind === "card") {
    return h("div", { class: "xv-reveal", dataset: { kind: "card", value: last.value } },
      "Super Xevious Card: ", h("strong", {}, last.title), ` — ${last.text}`);
  }
  if (last.kind === "ground") {
    return h("div", { class: ["xv-reveal", last.won ? "xv-won" : "xv-lost"], dataset: { kind: "ground" } },
      `Air-to-ground battle: rolled ${last.value}${last.plus ? " + 1" : ""} against ${last.n} — `,
      h("strong", {}, last.won ? "WIN" : "LOSS"));
  }
  return null;
}

function boardKey(ev, ctx) {
  if (!ctx.interactive) return false;
  if (ctx.editing) {  // editing the position: no key plays a move; Escape puts a picked-up Solvalou back
    if (ev.key === "Escape" && xvPicked(ctx) !== null) ctx.setEditPick(null);
    return false;
  }
  const k = ev.key;
  const phase = ctx.state.phase;
  const heading = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" }[k];
  let a = null;
  if (heading) {
    if (phase !== "aim" && phase !== "enemy") return false;  // arrows turn Battle Cards only
    a = { type: phase === "enemy" ? "EnemyAim" : "Aim", heading };
  }
  else if (k === "r" || k === "R") a = { type: "Roll" };
  else if (k === "c" || k === "C") a = { type: "CatchUp" };
  else if (k === "t" || k === "T") a = { type: "TryAgain" };
  else if (k === "a" || k === "A") a = { type: "Attack" };
  else if (k === "y" || k === "Y") a = { type: "Fire", weapon: true };
  else if (k === "n" || k === "N") a = { type: "Fire", weapon: false };
  if (!a) return false;
  xvTry(ctx, a);  // the move the key means, legal or not: a refused one is explained
  return true;
}
