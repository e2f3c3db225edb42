// Zaxxon board renderer (joined after the kit's kit.js + chance.js; see tabletop/ui/README.md).
// Click one of your planes, then a highlighted space (move) or a highlighted target (shoot).

const ZX_SEAT = ["blue", "red"];
const ZX_AREA = { s: "missile silo area (red border)", t: "gun turret area (blue border)",
  d: "dogfight area (orange border)", z: "Zaxxon area (purple border)" };

// "Why not?": every click that means a move sends the action it means, legal or not; Python plays a non-legal
// one on a fork and shows the rules' refusal (clause id + reason). The key is built like Python's action_key:
// JSON of {type, ...fields} with sorted keys and no spaces.
function zxKey(obj) {
  const sorted = {};
  for (const k of Object.keys(obj).sort()) sorted[k] = obj[k];
  return JSON.stringify(sorted);
}

function zxTry(ctx, obj) {
  if (typeof ctx.tryAction === "function") { ctx.tryAction(obj); return; }
  const key = zxKey(obj);
  const legal = (ctx.legal || []).find((e) => e.id === key);
  ctx.send(legal ? legal.id : key);
}

function zxFields(type) {
  // every field of each action, with its default (the key names them all, as Python's encode_action does)
  return { Move: { plane: 1, to: "" }, Altitude: { plane: 1, high: true }, Shoot: { plane: 1, at: "", fuel_to: "" },
    MoveZaxxon: { direction: "W" }, ZaxxonShoot: { space: "west", direction: "SW" } }[type] || {};
}

function zxAction(type, fields) {
  return Object.assign({ type }, zxFields(type), fields);
}

function zxSelectedPlane(ctx) {
  // one of the planes of the seat to move (selectable whether or not it can move: a click then says why not)
  const sel = ctx.selected;
  if (typeof sel !== "number" || ctx.isOver || ctx.currentPlayer === null || ctx.currentPlayer === undefined) return null;
  return ctx.state.planes.some((q) => q.seat === ctx.currentPlayer && q.number === sel) ? sel : null;
}

function zxMayAct(ctx) {
  // clicks are for the reader: not on a locked board, and not while a bot's seat is to move
  if (!ctx.interactive) return false;
  const bots = (ctx.model && typeof ctx.model.get === "function" && ctx.model.get("bot_seats")) || {};
  return !(String(ctx.currentPlayer) in bots);
}

function zxHint(ctx, text) {
  ctx.memo.hint = text;
  ctx.rerender();
}

function zxClickHex(ctx, id) {
  if (!zxMayAct(ctx)) return;
  const st = ctx.state;
  const memo = ctx.memo;
  memo.hint = null;
  const sel = zxSelectedPlane(ctx);
  if (memo.pendingShot && sel) {
    const at = memo.pendingShot;
    memo.pendingShot = null;
    zxTry(ctx, zxAction("Shoot", { plane: sel, at, fuel_to: id }));  // the FUEL space for the shot fuel tank
    return;
  }
  memo.pendingShot = null;
  const p = st.planes.find((q) => q.space === id);
  if (p && p.seat === ctx.currentPlayer) {  // one of your planes: select it (not a move)
    ctx.select(p.number);
    return;
  }
  if (!sel) {
    zxHint(ctx, "Click one of your planes first (or press P), then a space to move to or a target to shoot.");
    return;
  }
  const [zw, ze] = st.zaxxon.spaces;
  const piece = p || st.targets.some((t) => t.space === id) || id === zw || id === ze;
  if (piece) {  // something to shoot at: a target, an enemy plane or Zaxxon
    const shots = ctx.legalWhere({ type: "Shoot", plane: sel, at: id });
    if (shots.length > 1) { memo.pendingShot = id; ctx.rerender(); return; }  // a fuel tank: pick its FUEL space
    if (shots.length === 1) { ctx.send(shots[0].id); return; }
    zxTry(ctx, zxAction("Shoot", { plane: sel, at: id }));
    return;
  }
  zxTry(ctx, zxAction("Move", { plane: sel, to: id }));
}

function zxPlane(ctx, p, x, y, selected) {
  const { s } = ctx;
  const high = p.altitude === "high";
  const k = high ? 1.15 : 0.85;
  const dir = p.seat === 0 ? 1 : -1; // blue flies east, red west
  const pts = [[9 * dir, 0], [-7 * dir, -7], [-3 * dir, 0], [-7 * dir, 7]]
    .map(([a, b]) => `${(x + a * k).toFixed(1)},${(y + b * k - (high ? 3 : 0)).toFixed(1)}`).join(" ");
  const g = s("g", { class: ["zx-plane", `zx-plane-${ZX_SEAT[p.seat]}`, high ? "zx-high" : "zx-low",
    selected && "zx-selected", p.grounded && "zx-grounded"],
  dataset: { plane: `${p.seat}-${p.number}`, space: p.space, altitude: p.altitude, focus: `zx-plane-${p.seat}-${p.number}` } });
  if (high) g.append(s("ellipse", { cx: x, cy: y + 6, rx: 7, ry: 2.5, class: "zx-shadow" }));
  g.append(s("polygon", { points: pts, class: "zx-plane-body" }));
  g.append(s("text", { x: x - 1 * dir, y: y + 3 - (high ? 3 : 0), class: "zx-plane-num" }, String(p.number)));
  g.append(s("text", { x: x, y: y + 12.5, class: "zx-alt" }, high ? "HI" : "LO"));
  g.append(s("title", {}, `${ZX_SEAT[p.seat]} plane #${p.number} on ${p.space}, ${high ? "High" : "Low"} Altitude` +
    (p.grounded ? ", shot down this turn" : "") + (p.done ? ", has shot Zaxxon" : "")));
  return g;
}

function zxTarget(ctx, t, x, y) {
  const { s } = ctx;
  const cls = ["zx-target", `zx-target-${t.kind}`,
    t.owner === 0 ? "zx-own-blue" : t.owner === 1 ? "zx-own-red" : "zx-own-none",
    t.indestructible && "zx-indestructible"];
  const g = s("g", { class: cls, dataset: { target: t.id, space: t.space } });
  if (t.kind === "silo") g.append(s("circle", { cx: x, cy: y, r: 7 }));
  else if (t.kind === "turret") g.append(s("rect", { x: x - 6.5, y: y - 6.5, width: 13, height: 13 }));
  else g.append(s("rect", { x: x - 5, y: y - 7.5, width: 10, height: 15, rx: 4 }));
  const letter = { silo: "S", turret: "T", fuel: "F" }[t.kind];
  g.append(s("text", { x, y: y + 3.5, class: "zx-target-letter" }, letter));
  if (t.indestructible) {
    for (let k = 0; k < 3; k++) {
      const a = (k * 120 - 90) * Math.PI / 180;
      const cx = x + 11 * Math.cos(a);
      const cy = y + 11 * Math.sin(a);
      g.append(s("polygon", { class: "zx-triangle",
        points: `${cx},${cy - 3} ${cx - 3},${cy + 2.5} ${cx + 3},${cy + 2.5}` }));
    }
  }
  const owner = t.owner === 0 ? "blue " : t.owner === 1 ? "red " : t.indestructible ? "indestructible " : "optional ";
  g.append(s("title", {}, `${owner}${t.kind === "fuel" ? "fuel tank" : t.kind === "silo" ? "missile silo" : "gun turret"} on ${t.space}`));
  return g;
}

function zxMission(ctx, seat) {
  const { h } = ctx;
  const m = ctx.state.mission[seat];
  const item = (done, need, text) => h("li", { class: done >= need ? "zx-done" : "zx-todo" },
    `${done >= need ? "[x]" : "[ ]"} ${text} ${need > 1 ? `${done}/${need}` : ""}`);
  return h("div", { class: ["zx-mission", `zx-mission-${seat}`], dataset: { seat } },
    ctx.seatTag(seat),
    h("ul", {},
      item(m.outer_fuel, 2, "outer fuel tanks"),
      item(m.outer_silo, 1, "outer missile silo"),
      item(m.outer_turret, 1, "outer gun turret"),
      item(m.inner_fuel, 2, "inner fuel tanks"),
      item(m.zaxxon[0] ? 1 : 0, 1, "Zaxxon shot by plane #1"),
      item(m.zaxxon[1] ? 1 : 0, 1, "Zaxxon shot by plane #2")));
}

function zxButton(ctx, entry, label, key) {
  return ctx.h("button", { class: "zx-btn", dataset: { actionId: entry.id, key: key || "", focus: `zx-btn-${key || label}` },
    onClick: () => ctx.send(entry.id), disabled: !ctx.interactive }, label);
}

function zxTryButton(ctx, obj, label, key) {
  // a button for an action that may not be legal now: pressing it shows why not (never a silent click)
  const legal = ctx.isLegal(zxKey(obj));
  return ctx.h("button", { class: ["zx-btn", !legal && "zx-btn-not-legal"], dataset: { action: zxKey(obj), key: key || "", legal: legal ? "1" : "0", focus: `zx-btn-${key || label}` },
    title: legal ? null : "Not legal now: press to see the rule that forbids it",
    onClick: () => zxTry(ctx, obj), disabled: !ctx.interactive }, label);
}

function renderBoard(ctx) {
  const { h, s, view, state } = ctx;
  const memo = ctx.memo;
  const sel = zxSelectedPlane(ctx);
  if (!sel) memo.pendingShot = null;
  const moveTo = {};
  const shotAt = {};
  const fuelTo = {};
  if (sel) {
    for (const e of ctx.legalWhere({ type: "Move", plane: sel })) moveTo[e.to] = e;
    for (const e of ctx.legalWhere({ type: "Shoot", plane: sel })) (shotAt[e.at] = shotAt[e.at] || []).push(e);
    if (memo.pendingShot) for (const e of shotAt[memo.pendingShot] || []) fuelTo[e.fuel_to] = e;
  }
  const ownPlanes = new Set(ctx.legalWhere((e) => e.plane !== undefined).map((e) => e.plane));
  if (!memo.centers) {
    memo.centers = {};
    memo.points = {};
    for (const hx of view.hexes) {
      memo.centers[hx.id] = [hx.x, hx.y];
      const r = view.R;
      memo.points[hx.id] = [0, 1, 2, 3, 4, 5].map((k) => {
        const a = (60 * k - 30) * Math.PI / 180;
        return `${(hx.x + r * Math.cos(a)).toFixed(1)},${(hx.y + r * Math.sin(a)).toFixed(1)}`;
      }).join(" ");
    }
  }
  const svg = s("svg", { viewBox: `0 0 ${view.width} ${view.height}`, class: "zx-svg", role: "group",
    "aria-label": "Zaxxon hex board" });
  for (const hx of view.hexes) {
    const target = !!(moveTo[hx.id] || shotAt[hx.id] || fuelTo[hx.id]);
    const cls = ["zx-hex", `zx-t-${hx.t === "#" ? "black" : hx.t === "." ? "open" : hx.t === "w" ? "low" : hx.t}`,
      hx.a !== "." && `zx-area-${hx.a}`, moveTo[hx.id] && "zx-can-move", shotAt[hx.id] && "zx-can-shoot",
      fuelTo[hx.id] && "zx-can-fuel", memo.pendingShot === hx.id && "zx-pending"];
    const label = `${hx.id}${hx.label ? " " + hx.label : ""}${ZX_AREA[hx.a] ? ", " + ZX_AREA[hx.a] : ""}` +
      (moveTo[hx.id] ? ": move here" : shotAt[hx.id] ? ": shoot here" : fuelTo[hx.id] ? ": put the fuel tank here" : "");
    const pts = memo.points[hx.id];
    svg.append(s("polygon", { points: pts, class: cls, dataset: { hex: hx.id, focus: `zx-hex-${hx.id}` },
      tabindex: target ? 0 : -1, "aria-label": label,
      onClick: () => zxClickHex(ctx, hx.id),
      onKeydown: (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); zxClickHex(ctx, hx.id); } } }));
    if (hx.a === "d" || hx.a === "z") svg.append(s("circle", { cx: hx.x, cy: hx.y + 8, r: 1.3, class: `zx-dot zx-dot-${hx.a}` }));
    if (hx.a === "s" || hx.a === "t") svg.append(s("text", { x: hx.x - 7, y: hx.y - 5, class: `zx-area-mark zx-area-mark-${hx.a}` }, hx.a === "s" ? "m" : "g"));
    if (hx.label) svg.append(s("text", { x: hx.x, y: hx.y + 10, class: "zx-hex-label" }, hx.label));
  }
  const [x1, y1, x2, y2] = view.radar;
  svg.append(s("line", { x1, y1, x2, y2, class: "zx-radar" }));
  svg.append(s("text", { x: x1 + 4, y: y1 - 2, class: "zx-radar-label" }, "RADAR"));
  const c = memo.centers;
  for (const t of state.targets) {
    if (!t.space) continue;
    const g = zxTarget(ctx, t, c[t.space][0], c[t.space][1]);
    if (shotAt[t.space] || fuelTo[t.space]) {
      g.classList.add("zx-can-shoot");
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", `shoot the ${t.kind === "fuel" ? "fuel tank" : t.kind === "silo" ? "missile silo" : "gun turret"} on ${t.space}`);
      g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); zxClickHex(ctx, t.space); } });
    }
    g.addEventListener("click", (ev) => { ev.stopPropagation(); zxClickHex(ctx, t.space); });
    svg.append(g);
  }
  const [zw, ze] = state.zaxxon.spaces;
  const zxg = s("g", { class: ["zx-zaxxon", state.zaxxon.active && "zx-active", shotAt[zw] && "zx-can-shoot"],
    dataset: { spaces: `${zw} ${ze}`, active: state.zaxxon.active ? "1" : "0" },
    onClick: () => zxClickHex(ctx, shotAt[ze] && !shotAt[zw] ? ze : zw) });
  zxg.append(s("rect", { x: c[zw][0] - 9, y: c[zw][1] - 9, width: c[ze][0] - c[zw][0] + 18, height: 18, rx: 5 }));
  zxg.append(s("text", { x: (c[zw][0] + c[ze][0]) / 2, y: c[zw][1] + 1, class: "zx-zaxxon-name" }, "ZAXXON"));
  // its front (Zaxxon always faces toward the attacking planes): a marker on the front edge and words
  const facing = state.zaxxon.facing === "N" ? "N" : "S";
  const word = facing === "N" ? "north" : "south";
  const mx = (c[zw][0] + c[ze][0]) / 2;
  const fy = facing === "N" ? c[zw][1] - 9 : c[zw][1] + 9;
  const tip = facing === "N" ? fy - 6 : fy + 6;
  zxg.append(s("polygon", { class: "zx-front", points: `${mx - 6},${fy} ${mx + 6},${fy} ${mx},${tip}` }));
  zxg.dataset.facing = facing;
  zxg.append(s("text", { x: mx, y: c[zw][1] + 8, class: "zx-facing" }, facing === "N" ? "^ faces north ^" : "v faces south v"));
  zxg.append(s("title", {}, `Zaxxon on ${zw}-${ze}, facing ${word} (toward the nearest attacking plane), ${state.zaxxon.active ? "ALERTED" : "asleep"}`));
  svg.append(zxg);
  for (const p of state.planes) {
    const g = zxPlane(ctx, p, c[p.space][0], c[p.space][1], p.seat === ctx.currentPlayer && p.number === sel);
    if (p.seat === ctx.currentPlayer && zxMayAct(ctx)) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      if (ownPlanes.has(p.number)) g.classList.add("zx-mine");
      g.addEventListener("click", (ev) => { ev.stopPropagation(); zxClickHex(ctx, p.space); });
      g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); ctx.select(p.number); } });
    } else {
      g.setAttribute("tabindex", "-1");
      if (shotAt[p.space]) g.classList.add("zx-can-shoot");
      g.addEventListener("click", (ev) => { ev.stopPropagation(); zxClickHex(ctx, p.space); });
    }
    svg.append(g);
  }

  // controls: phase buttons, altitude, end turn, Zaxxon's moves
  const buttons = [];
  for (const e of ctx.legalWhere({ type: "Roll" })) buttons.push(zxButton(ctx, e, "Roll both dice (R)", "r"));
  for (const e of ctx.legalWhere({ type: "Spin" })) buttons.push(zxButton(ctx, e, "Spin the spinner (S)", "s"));
  if (sel) {
    const mine = state.planes.find((q) => q.seat === ctx.currentPlayer && q.number === sel);
    const high = mine.altitude !== "high";
    buttons.push(zxTryButton(ctx, zxAction("Altitude", { plane: sel, high }), `${high ? "Raise" : "Lower"} plane #${sel} (A)`, "a"));
  }
  if (state.phase === "zaxxon") {
    for (const d of ["W", "E", "SW", "SE", "NW", "NE"]) {
      buttons.push(zxTryButton(ctx, zxAction("MoveZaxxon", { direction: d }), `Move Zaxxon ${d}`));
    }
  }
  for (const e of ctx.legalWhere({ type: "ZaxxonShoot" })) buttons.push(zxButton(ctx, e, e.text));
  for (const e of ctx.legalWhere({ type: "EndTurn" })) buttons.push(zxButton(ctx, e, "End the turn (E)", "e"));
  const info = h("div", { class: "zx-info" },
    h("p", { class: "zx-prompt", "aria-live": "polite" }, view.prompt),
    h("p", { class: "zx-count", dataset: { count: state.count, phase: state.phase } },
      `Turn ${state.round} · phase: ${state.phase}` + (state.lower >= 0 ? ` · dice ${state.dice[0]} (blue) - ${state.dice[1]} (red)` : "") +
      (state.spin ? ` · spin ${state.spin}` : "") + ((state.phase === "move" || state.phase === "zaxxon") ? ` · COUNT LEFT: ${state.count}` : "") +
      (state.zaxxon.active ? " · ZAXXON ALERTED" : "")),
    sel ? h("p", { class: "zx-sel" }, `Plane #${sel} selected` + (memo.pendingShot ? ` — pick a FUEL space for the fuel tank at ${memo.pendingShot}` : "")) : null,
    memo.hint ? h("p", { class: "zx-hint", role: "status" }, memo.hint) : null,
    h("div", { class: "zx-buttons" }, buttons),
    h("div", { class: "zx-missions" }, zxMission(ctx, 0), zxMission(ctx, 1)),
    h("p", { class: "zx-legend" }, "Legend: S missile silo, T gun turret, F fuel tank (blue/red), purple triangles = indestructible; " +
      "m = missile silo area (red solid border), g = gun turret area (blue dashed border), dots = dogfight area (orange) and Zaxxon area (purple); " +
      "brown = brick wall, LOW = its low section; planes show HI/LO altitude (High planes cast a shadow). Board layout is a reconstruction."));
  ctx.el.append(h("div", { class: "zx-wrap" }, svg, info));
}

function boardKey(event, ctx) {
  const k = event.key.toLowerCase();
  const first = (q) => { const e = ctx.legalWhere(q); if (e.length) { ctx.send(e[0].id); return true; } return false; };
  if (k === "r") return first({ type: "Roll" });
  if (k === "s") return first({ type: "Spin" });
  if (k === "e") return first({ type: "EndTurn" });
  if (k === "a") {
    const sel = zxSelectedPlane(ctx);
    if (!sel || !ctx.interactive) return false;
    const mine = ctx.state.planes.find((q) => q.seat === ctx.currentPlayer && q.number === sel);
    zxTry(ctx, zxAction("Altitude", { plane: sel, high: mine.altitude !== "high" }));
    return true;
  }
  if (k === "p") {
    const nums = ctx.state.planes.filter((q) => q.seat === ctx.currentPlayer).map((q) => q.number).sort();
    if (!nums.length) return false;
    const cur = zxSelectedPlane(ctx);
    ctx.select(nums[(nums.indexOf(cur) + 1) % nums.length]);
    return true;
  }
  return false;
}
