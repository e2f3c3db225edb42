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
  if (ctx.editing) return null;  // editing the position: no plane is selected for a move
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
  if (ctx.editing) { zxEditClick(ctx, id); return; }  // the position editor: never a move
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
  // a highlighted space further than one step: Python flies the whole route there (each step its own move)
  const reach = ctx.view && ctx.view.reach && ctx.view.reach[String(sel)];
  const cost = reach && reach.costs ? reach.costs[id] : 0;
  if (cost && !ctx.legalWhere({ type: "Move", plane: sel, to: id }).length) { zxRoute(ctx, sel, id); return; }
  zxTry(ctx, zxAction("Move", { plane: sel, to: id }));
}

/** Ask Python to fly plane `plane` to space `to` along the route the board offered (one validated message). */
function zxRoute(ctx, plane, to) {
  if (typeof ctx.sendMessage === "function") { ctx.sendMessage("route", { plane, to }); return; }
  const version = ctx.root && ctx.root.dataset.version !== undefined ? Number(ctx.root.dataset.version) : ctx.version;
  // a double click must not send the route twice (the second would be refused as stale): once per board version
  // and message shown
  const mark = `${version}/${ctx.error ? ctx.error.n : 0}`;
  if (ctx.memo.routeSent === mark) return;
  ctx.memo.routeSent = mark;
  ctx.model.send({ type: "route", plane, to, version });
}

const ZX_TARGET_WORDS = { fuel: "fuel tank", silo: "missile silo", turret: "gun turret" };

// -- the teacher's position editor (teacher panel "Edit position": ctx.editing) ------------------------------------
// Click a plane, then a space: the plane is put there (its altitude kept); click the picked plane again: its
// altitude switches High/Low; click a target: destroyed (removed from the board), click the empty space a removed
// target started on: restored. Every edit is a set-up of the patched position (ctx.editPosition): Python checks it
// with the rules (Game.set_up) and a refusal shows in the kit's banner with its rule; a click never plays a move.

function zxPlaneName(p) {
  return `${ZX_SEAT[p.seat]} plane #${p.number}`;
}

/** The plane picked by the first click of an edit (a plane of the state), or null. */
function zxEditPicked(ctx) {
  const pick = typeof ctx.editPick === "function" ? ctx.editPick() : null;
  if (typeof pick !== "string") return null;
  return ctx.state.planes.find((q) => `${q.seat}-${q.number}` === pick) || null;
}

/** The position's planes as {blue: [{space, altitude, ...}, ...], red: [...]} (a copy to change). */
function zxEditPlanes(ctx) {
  const out = {};
  const from = (ctx.position && ctx.position.planes) || null;
  for (const p of ctx.state.planes) {
    const colour = ZX_SEAT[p.seat];
    let d = from && from[colour] ? from[colour][p.number - 1] : null;
    if (typeof d === "string") {  // "G13" / "G13 high"
      const [space, alt] = d.trim().split(/\s+/);
      d = { space, altitude: alt === "high" ? "high" : "low" };
    }
    d = d && typeof d === "object" ? Object.assign({}, d)
      : Object.assign({ space: p.space, altitude: p.altitude }, p.grounded ? { grounded: true } : {},
        p.done ? { shot_zaxxon: true } : {});
    (out[colour] = out[colour] || [])[p.number - 1] = d;
  }
  return out;
}

/** The position's targets map {start space: "removed" | FUEL space} (a copy to change). */
function zxEditTargets(ctx) {
  if (ctx.position && ctx.position.targets && typeof ctx.position.targets === "object") return Object.assign({}, ctx.position.targets);
  const out = {};
  for (const t of ctx.state.targets) if (t.space !== t.start) out[t.start] = t.space ? t.space : "removed";
  return out;
}

/** What a click on space `id` does while editing: {words, run} (run sends the edit or picks a plane). */
function zxEditPlan(ctx, id) {
  const st = ctx.state;
  const pick = zxEditPicked(ctx);
  const put = (p) => ({ words: `edit: put ${zxPlaneName(p)} here`, run: () => {
    const planes = zxEditPlanes(ctx);
    planes[ZX_SEAT[p.seat]][p.number - 1].space = id;
    ctx.setEditPick(null);
    ctx.editPosition({ planes });
  } });
  const plane = st.planes.find((q) => q.space === id);
  if (plane) {
    if (pick && pick === plane) {
      const alt = plane.altitude === "high" ? "low" : "high";
      return { words: `edit: switch ${zxPlaneName(plane)} to ${alt === "high" ? "High" : "Low"} Altitude`, run: () => {
        const planes = zxEditPlanes(ctx);
        planes[ZX_SEAT[plane.seat]][plane.number - 1].altitude = alt;
        ctx.setEditPick(null);
        ctx.editPosition({ planes });
      } };
    }
    if (pick) return put(pick);
    return { words: `edit: pick ${zxPlaneName(plane)} to put it on another space`,
      run: () => ctx.setEditPick(`${plane.seat}-${plane.number}`) };
  }
  const target = st.targets.find((t) => t.space === id);
  if (target) {
    return { words: `edit: destroy the ${zxTargetWords(target).replace(/ on \w+$/, "")}`, run: () => {
      const targets = zxEditTargets(ctx);
      targets[target.start] = "removed";
      ctx.editPosition({ targets });
    } };
  }
  if (pick) return put(pick);
  const gone = st.targets.find((t) => !t.space && t.start === id);
  if (gone) {
    return { words: `edit: restore the ${zxTargetWords(Object.assign({}, gone, { space: id })).replace(/ on \w+$/, "")} here`, run: () => {
      const targets = zxEditTargets(ctx);
      delete targets[gone.start];
      ctx.editPosition({ targets });
    } };
  }
  if (st.zaxxon.spaces.includes(id)) {
    return { words: "edit: Zaxxon is placed in the position text", run: () => zxHint(ctx, "Zaxxon is placed through the position text (Load position); click a plane or a target to edit it.") };
  }
  return { words: "edit: pick a plane first", run: () => zxHint(ctx, "Click a plane first, then the space to put it on; or click a target to destroy or restore it.") };
}

function zxEditClick(ctx, id) {
  ctx.memo.hint = null;
  zxEditPlan(ctx, id).run();
}

function zxPlaneWords(p) {
  return `${ZX_SEAT[p.seat]} plane #${p.number}, ${p.altitude === "high" ? "High" : "Low"} Altitude, on ${p.space}` +
    (p.grounded ? ", shot down this turn" : "") + (p.done ? ", has shot Zaxxon" : "");
}

function zxTargetWords(t) {
  const owner = t.owner === 0 ? "blue " : t.owner === 1 ? "red " : t.indestructible ? "indestructible " : "optional ";
  return `${owner}${ZX_TARGET_WORDS[t.kind]} on ${t.space}`;
}

function zxZaxxonWords(state) {
  const [zw, ze] = state.zaxxon.spaces;
  return `Zaxxon on ${zw} and ${ze}, facing ${state.zaxxon.facing === "N" ? "north" : "south"}, ` +
    (state.zaxxon.active ? "ALERTED" : "asleep");
}

/** Everything on one hex in words: its name, terrain, area, what stands on it and what a click there does. */
function zxHexWords(ctx, hx, extra, onWords) {
  const parts = [hx.words || ""];
  if (ZX_AREA[hx.a] && hx.a !== "z") parts.push(ZX_AREA[hx.a].replace(/ \(.*\)$/, ""));
  const on = onWords ? onWords[hx.id] || [] : zxOnWords(ctx.state)[hx.id] || [];
  return `${hx.id} — ${parts.filter(Boolean).join(", ")}${on.length ? "; " + on.join("; ") : ""}${extra ? "; " + extra : ""}`;
}

/** What stands on each hex, in words ({hex id: [words]}): its planes, targets and Zaxxon. */
function zxOnWords(st) {
  const on = {};
  const add = (id, words) => { (on[id] = on[id] || []).push(words); };
  for (const p of st.planes) add(p.space, zxPlaneWords(p).replace(/, on \w+/, ""));
  for (const t of st.targets) if (t.space) add(t.space, zxTargetWords(t).replace(/ on \w+$/, ""));
  for (const z of st.zaxxon.spaces) add(z, `Zaxxon (facing ${st.zaxxon.facing === "N" ? "north" : "south"})`);
  return on;
}

function zxPlane(ctx, p, x, y, selected) {
  const { s } = ctx;
  const high = p.altitude === "high";
  const k = high ? 1.3 : 1.1;
  const dir = p.seat === 0 ? 1 : -1; // blue flies east, red west (the shape says it, not only the colour)
  const cy = y - 3 - (high ? 2 : 0);
  const pts = [[9 * dir, 0], [-7 * dir, -7], [-3 * dir, 0], [-7 * dir, 7]]
    .map(([a, b]) => `${(x + a * k).toFixed(1)},${(cy + b * k).toFixed(1)}`).join(" ");
  const g = s("g", { class: ["zx-plane", `zx-plane-${ZX_SEAT[p.seat]}`, high ? "zx-high" : "zx-low",
    selected && "zx-selected", p.grounded && "zx-grounded"],
  dataset: { plane: `${p.seat}-${p.number}`, space: p.space, altitude: p.altitude, focus: `zx-plane-${p.seat}-${p.number}` },
  "aria-label": zxPlaneWords(p) + (selected ? ", selected" : "") });
  g.append(s("circle", { cx: x, cy: y, r: 11.5, class: "zx-plane-hit" }));  // the whole hex picks the plane
  if (high) g.append(s("ellipse", { cx: x, cy: y + 3, rx: 8, ry: 2.5, class: "zx-shadow" }));
  g.append(s("polygon", { points: pts, class: "zx-plane-body" }));
  g.append(s("text", { x: x + 1 * dir, y: cy + 3.6, class: "zx-plane-num" }, String(p.number)));
  g.append(s("text", { x: x, y: y + 12, class: "zx-alt" }, high ? "HI" : "LO"));
  g.append(s("title", {}, zxPlaneWords(p)));
  return g;
}

function zxTargetShape(ctx, t, x, y, uid) {
  // the piece's picture (also used by the legend): silo a circle, turret a square, fuel tank a rounded bar; a
  // red fuel tank is striped, a blue one plain (colour is never the only cue)
  const { s } = ctx;
  const out = [];
  if (t.kind === "silo") out.push(s("circle", { cx: x, cy: y, r: 8 }));
  else if (t.kind === "turret") out.push(s("rect", { x: x - 7.5, y: y - 7.5, width: 15, height: 15 }));
  else out.push(s("rect", { x: x - 6, y: y - 8.5, width: 12, height: 17, rx: 4, fill: t.owner === 1 && uid ? `url(#${uid}-stripes)` : null }));
  out.push(s("text", { x, y: y + 3.6, class: "zx-target-letter" }, { silo: "S", turret: "T", fuel: "F" }[t.kind]));
  if (t.indestructible) {
    for (let k = 0; k < 3; k++) {
      const a = (k * 120 - 90) * Math.PI / 180;
      const cx = x + 11.5 * Math.cos(a);
      const cy = y + 11.5 * Math.sin(a);
      out.push(s("polygon", { class: "zx-triangle",
        points: `${cx.toFixed(1)},${(cy - 3).toFixed(1)} ${(cx - 3).toFixed(1)},${(cy + 2.5).toFixed(1)} ${(cx + 3).toFixed(1)},${(cy + 2.5).toFixed(1)}` }));
    }
  }
  return out;
}

function zxTarget(ctx, t, x, y, uid) {
  const { s } = ctx;
  const cls = ["zx-target", `zx-target-${t.kind}`,
    t.owner === 0 ? "zx-own-blue" : t.owner === 1 ? "zx-own-red" : "zx-own-none",
    t.indestructible && "zx-indestructible"];
  const g = s("g", { class: cls, dataset: { target: t.id, space: t.space }, role: "img", "aria-label": zxTargetWords(t) },
    zxTargetShape(ctx, t, x, y, uid));
  g.append(s("title", {}, zxTargetWords(t)));
  return g;
}

/** A tick box drawn in SVG (not a font glyph): ticked when done. */
function zxCheckBox(ctx, done) {
  const { s } = ctx;
  const svg = s("svg", { class: "zx-box", viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 1.5, y: 1.5, width: 13, height: 13, rx: 2, class: "zx-box-frame" }));
  if (done) svg.append(s("path", { d: "M3.5 8.5 L6.8 11.8 L12.8 4.2", class: "zx-box-tick" }));
  return svg;
}

function zxMission(ctx, seat) {
  const { h } = ctx;
  const m = ctx.state.mission[seat];
  const item = (done, need, text) => {
    const ok = done >= need;
    return h("li", { class: ok ? "zx-done" : "zx-todo", dataset: { done: ok ? "1" : "0" } },
      zxCheckBox(ctx, ok), h("span", { class: "zx-item" }, text),
      h("span", { class: "zx-state" }, ok ? "done" : need > 1 ? `${Math.min(done, need)} of ${need}` : "to do"));
  };
  const name = ctx.seatName(seat);
  return h("div", { class: ["zx-mission", `zx-mission-${seat}`], dataset: { seat } },
    h("div", { class: "zx-mission-head" }, ctx.seatTag(seat), "'s mission"),
    h("ul", { "aria-label": `${ctx.poss(name, true)} mission checklist` },
      item(m.outer_fuel, 2, "outer fuel tanks"),
      item(m.outer_silo, 1, "outer missile silo"),
      item(m.outer_turret, 1, "outer gun turret"),
      item(m.inner_fuel, 2, "inner fuel tanks"),
      item(m.zaxxon[0] ? 1 : 0, 1, "Zaxxon shot by plane #1"),
      item(m.zaxxon[1] ? 1 : 0, 1, "Zaxxon shot by plane #2")));
}

/** The dice as pip pictures (the kit's drawDie) and the spin, in words with a patterned swatch. */
function zxChance(ctx) {
  const { h, s, state } = ctx;
  if (!(state.lower >= 0)) return h("div", { class: "zx-chance", dataset: { dice: "" } },
    h("span", { class: "zx-chance-none" }, "Dice not rolled yet this turn."));
  const die = (seat) => h("figure", { class: ["zx-die", `zx-die-${seat}`], dataset: { seat, value: state.dice[seat] } },
    drawDie(state.dice[seat], { size: 44, label: `${ZX_SEAT[seat]} die: ${state.dice[seat]}` }),
    h("figcaption", {}, `${ZX_SEAT[seat] === "blue" ? "Blue" : "Red"}: ${state.dice[seat]}`,
      state.lower === seat ? " (lower: moves first)" : ""));
  const parts = [die(0), die(1)];
  if (state.spin) {
    const c = String(state.spin).toUpperCase();
    parts.push(h("figure", { class: "zx-spin", dataset: { spin: c } },
      s("svg", { class: "zx-spin-swatch", viewBox: "0 0 20 20", width: 36, height: 36, role: "img", "aria-label": `spinner: ${c}` },
        s("circle", { cx: 10, cy: 10, r: 8.5, class: `zx-spin-${c.toLowerCase()}` }),
        c === "RED" ? s("path", { d: "M4 5 L15 16 M7 3 L17 13 M3 8 L12 17", class: "zx-spin-stripes" }) : null,
        c === "BLUE" ? [s("circle", { cx: 7, cy: 7, r: 1.6, class: "zx-spin-dot" }), s("circle", { cx: 13, cy: 7, r: 1.6, class: "zx-spin-dot" }),
          s("circle", { cx: 7, cy: 13, r: 1.6, class: "zx-spin-dot" }), s("circle", { cx: 13, cy: 13, r: 1.6, class: "zx-spin-dot" })] : null,
        c === "Z" ? s("path", { d: "M6 6 H14 L6 14 H14", class: "zx-spin-z" }) : null),
      h("figcaption", {}, `Spin: ${c}`)));
  }
  return h("div", { class: "zx-chance", dataset: { dice: `${state.dice[0]}-${state.dice[1]}` } }, parts);
}

/** The legend: each entry with its picture drawn as on the board. */
function zxLegend(ctx, uid) {
  const { h, s } = ctx;
  const icon = (...kids) => s("svg", { class: "zx-legend-icon", viewBox: "-13 -13 26 26", width: 32, height: 32, "aria-hidden": "true", focusable: "false" }, kids);
  const hexPts = [0, 1, 2, 3, 4, 5].map((k) => { const a = (60 * k - 30) * Math.PI / 180; return `${(11 * Math.cos(a)).toFixed(1)},${(11 * Math.sin(a)).toFixed(1)}`; }).join(" ");
  const hex = (cls) => s("polygon", { points: hexPts, class: ["zx-hex", cls] });
  const plane = (seat) => {
    const dir = seat === 0 ? 1 : -1;
    return s("polygon", { class: `zx-plane-body zx-legend-plane-${seat}`, points: [[9 * dir, 0], [-7 * dir, -7], [-3 * dir, 0], [-7 * dir, 7]].map((p) => p.join(",")).join(" ") });
  };
  const item = (pic, text) => h("li", {}, pic, h("span", {}, text));
  return h("div", { class: "zx-legend" }, h("h4", { class: "zx-legend-head" }, "Legend"), h("ul", {},
    item(icon(plane(0)), "blue plane (points east)"),
    item(icon(plane(1)), "red plane (points west); HI / LO = High / Low Altitude, a High plane casts a shadow"),
    item(icon(s("g", { class: "zx-target zx-target-silo" }, zxTargetShape(ctx, { kind: "silo" }, 0, 0, uid))), "S missile silo"),
    item(icon(s("g", { class: "zx-target zx-target-turret" }, zxTargetShape(ctx, { kind: "turret" }, 0, 0, uid))), "T gun turret"),
    item(icon(s("g", { class: "zx-target zx-target-fuel zx-own-blue" }, zxTargetShape(ctx, { kind: "fuel", owner: 0 }, 0, 0, uid))), "F blue fuel tank (plain)"),
    item(icon(s("g", { class: "zx-target zx-target-fuel zx-own-red" }, zxTargetShape(ctx, { kind: "fuel", owner: 1 }, 0, 0, uid))), "F red fuel tank (striped)"),
    item(icon(s("polygon", { class: "zx-triangle", points: "0,-7 -7,5 7,5" })), "purple triangles: indestructible target"),
    item(icon(hex("zx-area-s")), "m: missile silo area (red solid border)"),
    item(icon(hex("zx-area-t")), "g: gun turret area (blue dashed border)"),
    item(icon(hex("zx-area-d"), s("circle", { cx: 0, cy: 6, r: 1.5, class: "zx-dot-d" })), "dot: dogfight area (orange border)"),
    item(icon(s("line", { x1: -12, y1: 0, x2: 12, y2: 0, class: "zx-radar" })), "RADAR barrier (green dashed line)"),
    item(icon(hex("zx-t-W")), "brown: brick wall; LOW: its low section (cross at High Altitude)"),
    item(icon(hex("zx-t-H")), "HB home base, RS RESTART space, FU FUEL space"),
    item(icon(hex("zx-can-move"), s("text", { x: 0, y: 3.6, class: "zx-cost" }, "2")), "a number: counts to fly there (selected plane)")),
  h("p", { class: "zx-legend-note" }, "The board layout is a reconstruction."));
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

/** The row letters and column numbers on the board's edges (fixed: drawn once per view, ctx.stamp). */
function zxCoords(ctx) {
  const { s, view } = ctx;
  const g = s("g", { class: "zx-coords", "aria-hidden": "true" });
  for (const r of view.coords.rows) {
    g.append(s("text", { x: view.mx / 2, y: r.y + 3.6, class: "zx-coord zx-coord-row", dataset: { row: r.t } }, r.t));
    g.append(s("text", { x: view.width - view.mx / 2, y: r.y + 3.6, class: "zx-coord zx-coord-row", dataset: { row: r.t } }, r.t));
  }
  for (const c of view.coords.cols) {
    g.append(s("text", { x: c.x, y: view.my - 3, class: "zx-coord zx-coord-col", dataset: { col: c.t } }, c.t));
    g.append(s("text", { x: c.x, y: view.height - 3.5, class: "zx-coord zx-coord-col", dataset: { col: c.t } }, c.t));
  }
  return g;
}

let zxUid = 0;

/** The hex next to `id` in the direction of an arrow key (rows A.., columns 1..), or null at the edge. */
function zxNeighbour(ctx, id, key) {
  const m = /^([A-Z])(\d+)$/.exec(id);
  if (!m) return null;
  let r = m[1].charCodeAt(0) - 65;
  let c = Number(m[2]);
  if (key === "ArrowLeft") c -= 1; else if (key === "ArrowRight") c += 1;
  else if (key === "ArrowUp") r -= 1; else if (key === "ArrowDown") r += 1;
  else return null;
  const have = ctx.memo.centers;
  const name = (rr, cc) => `${String.fromCharCode(65 + rr)}${cc}`;
  if (have[name(r, c)]) return name(r, c);
  if ((key === "ArrowUp" || key === "ArrowDown") && have[name(r, c - 1)]) return name(r, c - 1);
  return null;
}

function renderBoard(ctx) {
  const { h, s, view, state } = ctx;
  // the board's geometry comes with its first sync: until it is there, say so (never a failed drawing)
  if (!view || !Array.isArray(view.hexes) || !view.hexes.length || !state || !Array.isArray(state.planes)) {
    ctx.el.append(h("p", { class: "zx-loading", role: "status" }, "Drawing the board…"));
    return;
  }
  const memo = ctx.memo;
  const uid = memo.uid || (memo.uid = `zx${++zxUid}`);  // one per view: the same ids on every redraw
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
  // where the selected plane can fly with the count left, and the counts it costs (view.reach, from the rules)
  const reach = sel && zxMayAct(ctx) && view.reach && view.reach[String(sel)];
  const costs = (reach && reach.costs) || {};
  const stops = new Set((reach && reach.stops) || []);
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
  const occupied = new Set();
  for (const p of state.planes) occupied.add(p.space);
  for (const t of state.targets) if (t.space) occupied.add(t.space);
  for (const z of state.zaxxon.spaces) occupied.add(z);
  const hexById = {};
  for (const hx of view.hexes) hexById[hx.id] = hx;
  const cursor = memo.cursor && hexById[memo.cursor] ? memo.cursor : view.hexes[0].id;

  // the status line: the hex under the pointer or with the keyboard focus, in words
  const idle = "Point at a space or move to it with the arrow keys to read its name here.";
  const where = h("p", { class: "zx-where", dataset: { shown: "" } }, idle);
  const costWords = (id) => (costs[id] ? `${costs[id]} count${costs[id] > 1 ? "s" : ""} away for plane #${sel}` +
    (stops.has(id) ? " (shot down on entering)" : "") + (costs[id] > 1 ? ": click to fly the whole route" : "") : "");
  // the line in the page (a redraw keeps the one shown: kit ttMorph), not necessarily this drawing's
  const whereLine = () => ttLive(where);
  const show = (id) => {
    const hx = hexById[id];
    if (!hx) return;
    whereLine().textContent = zxHexWords(ctx, hx, costWords(id));
    whereLine().dataset.shown = id;
  };
  // (through memo.show: a piece kept from an earlier drawing, ctx.part, shows what the newest drawing knows)
  const onPiece = (el, id) => {
    ttOn(el, "mouseenter", () => memo.show(id));
    ttOn(el, "focus", () => memo.show(id));
  };
  // issue 23: the hexes, their dots and labels, the pieces, the dice, the missions, the legend are parts
  // (ctx.part): each is drawn again only when what it shows changed; their handlers read the newest drawing
  const part = typeof ctx.part === "function" ? ctx.part : (_key, _sig, build) => build();
  const onWords = zxOnWords(state);

  const rows = view.coords ? view.coords.rows.length : 11;
  const cols = view.coords ? view.coords.cols.length : 31;
  const svg = s("svg", { viewBox: `0 0 ${view.width} ${view.height}`, class: "zx-svg", role: "group",
    "aria-label": `Zaxxon hex board, rows A to ${String.fromCharCode(64 + rows)} (north to south), columns 1 to ${cols} (west to east)`,
    dataset: { rows, cols } });
  ttOn(svg, "mouseleave", () => { whereLine().textContent = idle; whereLine().dataset.shown = ""; });
  svg.append(part("zx-defs", uid, () => s("defs", {},
    s("pattern", { id: `${uid}-stripes`, width: 4, height: 4, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("rect", { width: 4, height: 4, fill: "#e03030" }), s("rect", { width: 1.6, height: 4, fill: "#fff" })))));
  // coordinates on the edges: row letters left and right, column numbers above and below
  if (view.coords) svg.append(part("zx-coords", "", () => zxCoords(ctx)));
  memo.ctx = ctx;  // what the hexes' handlers read
  memo.show = show;
  const editing = !!ctx.editing;
  // the hexes row by row (a group per row: a row nothing on it changed is kept whole, its hexes not even looked at);
  // a row's signature is made from the few hexes anything marks (targets, costs, pieces, the cursor), not from all
  const rowsOf = memo.rows || (memo.rows = (() => {
    const out = new Map();
    for (const hx of view.hexes) {
      const r = /^[A-Z]+/.exec(hx.id);
      const k = r ? r[0] : "";
      if (!out.has(k)) out.set(k, []);
      out.get(k).push(hx);
    }
    return out;
  })());
  const rowOf = (id) => { const r = /^[A-Z]+/.exec(id); return r ? r[0] : ""; };
  const marks = new Map();
  const note = (id, what) => { const r = rowOf(id); if (!marks.has(r)) marks.set(r, []); marks.get(r).push(`${id}:${what}`); };
  for (const id of Object.keys(moveTo)) note(id, "m");
  for (const id of Object.keys(costs)) note(id, `c${costs[id]}/${sel}`);
  for (const id of stops) note(id, "s");
  for (const id of Object.keys(shotAt)) note(id, "x");
  for (const id of Object.keys(fuelTo)) note(id, "f");
  if (memo.pendingShot) note(memo.pendingShot, "p");
  note(cursor, "k");
  for (const id of Object.keys(onWords)) note(id, `o${onWords[id].join(";")}`);
  // everything a hex's drawing depends on; most hexes of a move have none of it, and are kept as they are
  const hexSig = (id) => {
    const cost = costs[id];
    return `${moveTo[id] ? 1 : ""}|${cost || ""}|${stops.has(id) ? 1 : ""}|${shotAt[id] ? 1 : ""}|${fuelTo[id] ? 1 : ""}|` +
      `${memo.pendingShot === id ? 1 : ""}|${id === cursor ? 1 : ""}|${cost ? sel : ""}|${(onWords[id] || []).join(";")}|` +
      (editing ? zxEditPlan(ctx, id).words : "");
  };
  for (const [row, hexes] of rowsOf) {
    const rowSig = editing ? hexes.map((hx) => hexSig(hx.id)).join("\n") : (marks.get(row) || []).sort().join(",");
    svg.append(part(`zx-row-${row}`, rowSig, () => {
      const g = s("g", { class: "zx-row", dataset: { ttKey: `row-${row}` } });
      for (const hx of hexes) zxHex(g, hx);
      return g;
    }));
  }
  function zxHex(g, hx) {
    const id = hx.id;
    const cost = costs[id];
    g.append(part(`zx-hex-${id}`, hexSig(id), () => {
      const target = !!(moveTo[id] || shotAt[id] || fuelTo[id]);
      const cls = ["zx-hex", `zx-t-${hx.t === "#" ? "black" : hx.t === "." ? "open" : hx.t === "w" ? "low" : hx.t}`,
        hx.a !== "." && `zx-area-${hx.a}`, moveTo[id] && "zx-can-move", cost && !moveTo[id] && "zx-reach",
        stops.has(id) && "zx-stop", shotAt[id] && "zx-can-shoot",
        fuelTo[id] && "zx-can-fuel", memo.pendingShot === id && "zx-pending"];
      const does = editing ? zxEditPlan(ctx, id).words : moveTo[id] ? `move here (${cost || 1} count)` : shotAt[id] ? "shoot here"
        : fuelTo[id] ? "put the fuel tank here" : costWords(id);
      const tab = target || id === cursor ? 0 : -1;
      return s("polygon", { points: memo.points[id], class: cls, dataset: { hex: id, focus: `zx-hex-${id}`, cost: cost || null },
        role: "button", tabindex: tab, "aria-label": zxHexWords(ctx, hx, does, onWords),
        onClick: () => { memo.cursor = id; zxClickHex(memo.ctx, id); },
        onKeydown: (ev) => {
          if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); memo.cursor = id; zxClickHex(memo.ctx, id); return; }
          const next = zxNeighbour(memo.ctx, id, ev.key);
          if (ev.key.startsWith("Arrow")) {
            ev.preventDefault(); ev.stopPropagation();
            const box = ev.currentTarget && ev.currentTarget.ownerSVGElement;
            const el = next && box && box.querySelector(`polygon[data-hex="${next}"]`);
            if (el) { memo.cursor = next; el.focus(); }
          }
        },
        onMouseenter: () => memo.show(id), onFocus: () => memo.show(id) });
    }));
    if (hx.a === "d" || hx.a === "z") {
      g.append(part(`zx-dot-${id}`, "", () => s("circle", { cx: hx.x, cy: hx.y + 9.5, r: 1.3, class: `zx-dot zx-dot-${hx.a}`, "aria-hidden": "true" })));
    }
  }
  // the hexes' own labels (the selected plane's costs instead, where it can fly), on the hexes nothing stands on
  const labelSig = JSON.stringify([[...occupied].sort(), costs, [...stops].sort()]);
  svg.append(part("zx-hex-labels", labelSig, () => {
    const labels = s("g", { class: "zx-hex-labels", "aria-hidden": "true" });
    // (each label a part of its own: the group drawn again for a few costs leaves the other labels as they are)
    for (const hx of view.hexes) {
      if (occupied.has(hx.id)) continue;
      const cost = costs[hx.id];
      if (cost) {  // the selected plane's cost to fly here replaces the space's own label (its name says it all)
        labels.append(part(`zx-cost-${hx.id}`, `${cost}|${stops.has(hx.id) ? 1 : ""}`, () => s("text", { x: hx.x, y: hx.y + 3.6,
          class: ["zx-cost", stops.has(hx.id) && "zx-cost-stop"], dataset: { hex: null, at: hx.id } }, String(cost))));
        continue;
      }
      const mark = hx.a === "s" ? "m" : hx.a === "t" ? "g" : null;
      if (mark && hx.label) {
        labels.append(part(`zx-mark-${hx.id}`, "2", () => s("text", { x: hx.x, y: hx.y - 2, class: `zx-area-mark zx-area-mark-${hx.a}` }, mark)));
        labels.append(part(`zx-label-${hx.id}`, "2", () => s("text", { x: hx.x, y: hx.y + 9, class: "zx-hex-label" }, hx.label)));
      } else if (mark) {
        labels.append(part(`zx-mark-${hx.id}`, "1", () => s("text", { x: hx.x, y: hx.y + 3.6, class: `zx-area-mark zx-area-mark-${hx.a}` }, mark)));
      } else if (hx.label) {
        labels.append(part(`zx-label-${hx.id}`, "1", () => s("text", { x: hx.x, y: hx.y + 3.6, class: "zx-hex-label" }, hx.label)));
      }
    }
    return labels;
  }));
  const [x1, y1, x2, y2] = view.radar;
  svg.append(part("zx-radar", "", () => s("line", { x1, y1, x2, y2, class: "zx-radar", "aria-hidden": "true" })));
  svg.append(part("zx-radar-label", "", () => s("text", { x: x2 - 2, y: y1 + 3.6, class: "zx-radar-label", "aria-hidden": "true" }, "RADAR")));
  const c = memo.centers;
  const picked = ctx.editing ? zxEditPicked(ctx) : null;
  if (ctx.editing) {  // where each removed target stood: a faint outline (a click on the space restores it)
    for (const t of state.targets) {
      if (t.space || !c[t.start]) continue;
      svg.append(s("g", { class: ["zx-target", `zx-target-${t.kind}`, "zx-target-gone"], dataset: { gone: t.id, space: t.start },
        "aria-hidden": "true" }, zxTargetShape(ctx, t, c[t.start][0], c[t.start][1], null)));
    }
  }
  for (const t of state.targets) {
    if (!t.space) continue;
    const tsig = JSON.stringify([t, uid, editing, editing ? zxEditPlan(ctx, t.space).words : "", !!(shotAt[t.space] || fuelTo[t.space])]);
    svg.append(part(`zx-target-${t.id}`, tsig, () => {
    const g = zxTarget(ctx, t, c[t.space][0], c[t.space][1], uid);
    if (ctx.editing) {
      g.classList.add("zx-edit");
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", `${zxTargetWords(t)}; ${zxEditPlan(ctx, t.space).words}`);
      ttOn(g, "keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); zxClickHex(ctx, t.space); } });
    } else if (shotAt[t.space] || fuelTo[t.space]) {
      g.classList.add("zx-can-shoot");
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", `shoot the ${zxTargetWords(t)}`);
      ttOn(g, "keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); zxClickHex(ctx, t.space); } });
    }
    ttOn(g, "click", (ev) => { ev.stopPropagation(); zxClickHex(ctx, t.space); });
    onPiece(g, t.space);
    return g;
    }));
  }
  const [zw, ze] = state.zaxxon.spaces;
  const facing = state.zaxxon.facing === "N" ? "N" : "S";
  const zxg = s("g", { class: ["zx-zaxxon", state.zaxxon.active && "zx-active", shotAt[zw] && "zx-can-shoot"],
    dataset: { spaces: `${zw} ${ze}`, active: state.zaxxon.active ? "1" : "0", facing },
    role: shotAt[zw] || shotAt[ze] || ctx.editing ? "button" : "img",
    "aria-label": (shotAt[zw] || shotAt[ze] ? "shoot " : "") + zxZaxxonWords(state) + (ctx.editing ? `; ${zxEditPlan(ctx, zw).words}` : ""),
    onClick: () => zxClickHex(ctx, shotAt[ze] && !shotAt[zw] ? ze : zw) });
  zxg.append(s("rect", { x: c[zw][0] - 11, y: c[zw][1] - 9, width: c[ze][0] - c[zw][0] + 22, height: 18, rx: 5 }));
  zxg.append(s("text", { x: (c[zw][0] + c[ze][0]) / 2, y: c[zw][1] + 3.6, class: "zx-zaxxon-name" }, "ZAXXON"));
  // its front (Zaxxon always faces toward the attacking planes): an arrow on the front edge (and words in its name)
  const mx = (c[zw][0] + c[ze][0]) / 2;
  const fy = facing === "N" ? c[zw][1] - 9 : c[zw][1] + 9;
  const tip = facing === "N" ? fy - 6 : fy + 6;
  zxg.append(s("polygon", { class: "zx-front", points: `${mx - 6},${fy} ${mx + 6},${fy} ${mx},${tip}` }));
  zxg.append(s("title", {}, `${zxZaxxonWords(state)} (it faces the nearest attacking plane)`));
  onPiece(zxg, zw);
  svg.append(zxg);
  const mayAct = zxMayAct(ctx);
  for (const p of state.planes) {
    const psig = JSON.stringify([p, p.seat === ctx.currentPlayer && p.number === sel, editing, picked === p,
      editing ? zxEditPlan(ctx, p.space).words : "", p.seat === ctx.currentPlayer && mayAct, ownPlanes.has(p.number),
      !!shotAt[p.space]]);
    svg.append(part(`zx-plane-${p.seat}-${p.number}`, psig, () => {
    const g = zxPlane(ctx, p, c[p.space][0], c[p.space][1], p.seat === ctx.currentPlayer && p.number === sel);
    if (ctx.editing) {  // every plane can be picked, moved and switched High/Low
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.classList.add("zx-edit");
      if (picked === p) g.classList.add("zx-edit-picked");
      g.setAttribute("aria-label", `${zxPlaneWords(p)}${picked === p ? ", picked" : ""}; ${zxEditPlan(ctx, p.space).words}`);
      ttOn(g, "click", (ev) => { ev.stopPropagation(); zxClickHex(ctx, p.space); });
      ttOn(g, "keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); zxClickHex(ctx, p.space); } });
    } else if (p.seat === ctx.currentPlayer && zxMayAct(ctx)) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      if (ownPlanes.has(p.number)) g.classList.add("zx-mine");
      g.setAttribute("aria-label", `${g.getAttribute("aria-label")}${p.number === sel ? "" : ": select it"}`);
      ttOn(g, "click", (ev) => { ev.stopPropagation(); zxClickHex(ctx, p.space); });
      ttOn(g, "keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); ctx.select(p.number); } });
    } else {
      g.setAttribute("tabindex", "-1");
      g.setAttribute("role", shotAt[p.space] ? "button" : "img");
      if (shotAt[p.space]) { g.classList.add("zx-can-shoot"); g.setAttribute("aria-label", `shoot the ${g.getAttribute("aria-label")}`); }
      ttOn(g, "click", (ev) => { ev.stopPropagation(); zxClickHex(ctx, p.space); });
    }
    onPiece(g, p.space);
    return g;
    }));
  }

  // controls: phase buttons, altitude, end turn, Zaxxon's moves
  const buttons = [];
  if (ctx.editing) {
    buttons.push(h("p", { class: "zx-edit-status", role: "status", dataset: { picked: picked ? `${picked.seat}-${picked.number}` : "" } },
      picked ? `Editing: ${zxPlaneName(picked)} picked — click the space to put it on, or the plane again to switch its altitude ` +
        "(Escape drops the pick)." : "Editing the position: click a plane, then the space to put it on; click a target to destroy or restore it."));
    if (picked) buttons.push(h("button", { class: "zx-btn zx-edit-drop", dataset: { focus: "zx-edit-drop" }, onClick: () => ctx.setEditPick(null) }, "Drop the pick"));
  }
  for (const e of ctx.editing ? [] : ctx.legalWhere({ type: "Roll" })) buttons.push(zxButton(ctx, e, "Roll both dice (R)", "r"));
  for (const e of ctx.editing ? [] : ctx.legalWhere({ type: "Spin" })) buttons.push(zxButton(ctx, e, "Spin the spinner (S)", "s"));
  if (sel) {
    const mine = state.planes.find((q) => q.seat === ctx.currentPlayer && q.number === sel);
    const high = mine.altitude !== "high";
    buttons.push(zxTryButton(ctx, zxAction("Altitude", { plane: sel, high }), `${high ? "Raise" : "Lower"} plane #${sel} (A)`, "a"));
  }
  if (state.phase === "zaxxon" && !ctx.editing) {
    for (const d of ["W", "E", "SW", "SE", "NW", "NE"]) {
      buttons.push(zxTryButton(ctx, zxAction("MoveZaxxon", { direction: d }), `Move Zaxxon ${d}`));
    }
  }
  for (const e of ctx.editing ? [] : ctx.legalWhere({ type: "ZaxxonShoot" })) buttons.push(zxButton(ctx, e, e.text));
  for (const e of ctx.editing ? [] : ctx.legalWhere({ type: "EndTurn" })) buttons.push(zxButton(ctx, e, "End the turn (E)", "e"));
  const nReach = Object.keys(costs).length;
  const info = h("div", { class: "zx-info" },
    h("p", { class: "zx-prompt", "aria-live": "polite" }, view.prompt_help && view.help ? `${view.prompt} ${view.help}` : view.prompt),
    part("zx-chance", JSON.stringify([state.lower, state.dice, state.spin]), () => zxChance(ctx)),
    h("p", { class: "zx-count", dataset: { count: state.count, phase: state.phase } },
      `Turn ${state.round} · phase: ${state.phase}` +
      ((state.phase === "move" || state.phase === "zaxxon") ? ` · COUNT LEFT: ${state.count}` : "") +
      ` · Zaxxon faces ${facing === "N" ? "north" : "south"}` + (state.zaxxon.active ? " · ZAXXON ALERTED" : "")),
    sel ? h("p", { class: "zx-sel", dataset: { reach: nReach } }, `Plane #${sel} selected` +
      (memo.pendingShot ? ` — pick a FUEL space for the fuel tank at ${memo.pendingShot}`
        : nReach ? ` — it can reach ${nReach} space${nReach > 1 ? "s" : ""}; the number on each is the counts it costs; click one to fly the whole route` : "")) : null,
    memo.hint ? h("p", { class: "zx-hint", role: "status" }, memo.hint) : null,
    h("div", { class: "zx-buttons" }, buttons),
    h("div", { class: "zx-missions" }, [0, 1].map((seat) => part(`zx-mission-${seat}`,
      JSON.stringify([state.mission[seat], ctx.players]), () => zxMission(ctx, seat)))),
    part("zx-legend", uid, () => zxLegend(ctx, uid)));
  ctx.el.append(h("div", { class: ["zx-wrap", ctx.editing && "zx-editing"] }, h("div", { class: "zx-map" }, where, svg), info));
}

function boardKey(event, ctx) {
  if (ctx.editing) {  // editing the position: no move shortcuts; Escape drops the picked plane
    if (event.key === "Escape" && typeof ctx.editPick === "function" && ctx.editPick() !== null) { ctx.setEditPick(null); return true; }
    return false;
  }
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
