// Xevoz Battle Terrain board: the mat, both Battle Helixes, both figures' part trees, the call.
// Everything clickable is also focusable (Tab) and pressable with Enter/Space; colour is never the only cue:
// species have a shape + letter, seats are "P1"/"P2" with patterns, the rolled glyph says ROLLED.

const XZ_SYMBOL = { sword: "sword", star: "star", bomb: "bomb", drain: "DRAIN" };

function xzShapePoints(shape, x, y, r) {
  const poly = (n, rot, rr) => Array.from({ length: n }, (_, i) => {
    const a = rot + (2 * Math.PI * i) / n;
    const k = rr ? (i % 2 ? rr : r) : r;
    return `${(x + k * Math.cos(a)).toFixed(1)},${(y + k * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
  switch (shape) {
    case "triangle": return poly(3, -Math.PI / 2);
    case "square": return poly(4, Math.PI / 4);
    case "diamond": return poly(4, 0);
    case "hexagon": return poly(6, 0);
    case "pentagon": return poly(5, -Math.PI / 2);
    case "star": return poly(10, -Math.PI / 2, r * 0.5);
    case "cross": return [[-0.35, -1], [0.35, -1], [0.35, -0.35], [1, -0.35], [1, 0.35], [0.35, 0.35], [0.35, 1],
      [-0.35, 1], [-0.35, 0.35], [-1, 0.35], [-1, -0.35], [-0.35, -0.35]].map(([a, b]) => `${x + a * r},${y + b * r}`).join(" ");
    default: return null;
  }
}

function xzIcon(ctx, speciesId, x, y, r) {
  const sp = (ctx.view.species || {})[speciesId] || { letter: "?", colour: "#999", shape: "circle", name: speciesId };
  const g = ctx.s("g", { class: "xz-icon", dataset: { species: speciesId } });
  const pts = xzShapePoints(sp.shape, x, y, r);
  g.append(pts ? ctx.s("polygon", { points: pts, fill: sp.colour, stroke: "#111", "stroke-width": 1 })
    : ctx.s("circle", { cx: x, cy: y, r, fill: sp.colour, stroke: "#111", "stroke-width": 1 }));
  g.append(ctx.s("text", { x, y: y + r * 0.38, "text-anchor": "middle", class: "xz-icon-letter", "font-size": r * 1.05 }, sp.letter));
  g.append(ctx.s("title", {}, sp.name));
  return g;
}

function xzAttackText(a) {
  // words, not icon fonts: "9 2 swords", "4 star", "4 bomb", "5 DRAIN"
  const counts = {};
  for (const s of a.symbols) counts[s] = (counts[s] || 0) + 1;
  const parts = Object.entries(counts).map(([s, n]) => (n > 1 ? `${n} ${XZ_SYMBOL[s]}s` : XZ_SYMBOL[s]));
  return `${a.strength} ${parts.join(" + ")}`;
}

function xzKey(obj) {
  // the action key Python's action_key builds: JSON of {"type": ClassName, ...fields}, keys sorted, compact
  const out = {};
  for (const k of Object.keys(obj).sort()) out[k] = obj[k];
  return JSON.stringify(out);
}

function xzTry(ctx, obj) {
  // send the move a click means, legal or not: the board answers a refused one with its clause and reason
  if (typeof ctx.tryAction === "function") return ctx.tryAction(obj);
  return ctx.send(xzKey(obj));
}

function xzPressable(ctx, attrs, entry, label, intended) {
  // make an SVG element clickable for the move it means (``intended``, an action object): a legal move is
  // outlined and focusable (Tab, Enter/Space); any other click still sends its move, so the kit shows why not
  if (!ctx.interactive || (!entry && !intended)) return attrs;
  const go = () => (entry ? ctx.send(entry.id) : xzTry(ctx, intended));
  const extra = { onClick: go, class: [].concat(attrs.class || [], entry ? "xz-target" : "xz-why") };
  if (entry) {
    Object.assign(extra, {
      tabindex: 0, role: "button", "aria-label": label || entry.text,
      onKeydown: (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } },
      dataset: Object.assign(attrs.dataset || {}, { focus: `xz-${entry.id}` }),
    });
  }
  return Object.assign(attrs, extra);
}

function xzCallEntry(ctx, colour) {
  return ctx.legal.find((a) => a.type === "Call" && a.colour === colour);
}

function xzButtons(ctx) {
  const row = ctx.h("div", { class: "xz-buttons" });
  const st = ctx.state;
  if (st.mat && st.phase !== "over") {
    // both calls stay on the board through the battle; pressed when it is not time to call, the kit says why not
    for (const colour of ["black", "white"]) {
      const a = xzCallEntry(ctx, colour);
      row.append(ctx.h("button", {
        class: ["xz-call", `xz-call-${colour}`, !a && "xz-call-notnow"], dataset: { call: colour, focus: `xz-call-${colour}` },
        "aria-label": `Call ${colour.toUpperCase()} attack` + (a ? "" : " (not now: press to see why)"),
        disabled: !ctx.interactive, onClick: () => (a ? ctx.send(a.id) : xzTry(ctx, { type: "Call", colour })),
      }, `Call ${colour.toUpperCase()} attack`));
    }
  }
  for (const a of ctx.legal) {
    if (a.type === "Call") {
      continue;
    } else if (["RollHelix", "Ready", "FreeDrain", "KeepDrain", "ChooseMat"].includes(a.type)) {
      row.append(ctx.h("button", { class: "xz-act", dataset: { type: a.type, focus: `xz-${a.id}` },
        disabled: !ctx.interactive, onClick: () => ctx.send(a.id) }, a.text));
    }
  }
  return row.childNodes.length ? row : null;
}

function xzAttackWords(a) {
  const counts = {};
  for (const s of a.symbols) counts[s] = (counts[s] || 0) + 1;
  const parts = Object.entries(counts).map(([s, n]) => `${n} ${s === "drain" ? "DRAIN ATTACK" : s}${n > 1 ? "s" : ""}`);
  return `strength ${a.strength}, ${parts.join(" and ")}`;
}

function xzSymbol(ctx, sym, x, y) {
  // one action symbol as a small picture (its word is in the face's label and in the <title>)
  const g = ctx.s("g", { class: ["xz-sym", `xz-sym-${sym}`], dataset: { symbol: sym } });
  if (sym === "sword") {
    g.append(ctx.s("path", { d: `M${x - 6},${y + 6} L${x + 6},${y - 6} M${x - 5},${y} L${x},${y + 5} M${x - 7},${y + 7} l2,-2`, class: "xz-sym-line" }));
  } else if (sym === "star") {
    g.append(ctx.s("polygon", { points: xzShapePoints("star", x, y, 7), class: "xz-sym-fill" }));
  } else if (sym === "bomb") {
    g.append(ctx.s("circle", { cx: x - 1, cy: y + 1, r: 5.5, class: "xz-sym-fill" }));
    g.append(ctx.s("path", { d: `M${x + 3},${y - 3} q3,-4 5,-3`, class: "xz-sym-line" }));
  } else {
    g.append(ctx.s("polygon", { points: `${x + 2},${y - 8} ${x - 5},${y + 1} ${x},${y + 1} ${x - 2},${y + 8} ${x + 5},${y - 1} ${x},${y - 1}`, class: "xz-sym-fill" }));
  }
  g.append(ctx.s("title", {}, sym === "drain" ? "DRAIN ATTACK" : sym));
  return g;
}

/** The rolled battle side as a picture: species icon, Power Part, both attacks (strength + symbols); the
 *  called colour is outlined and says CALLED (never colour alone). */
function xzFace(ctx, st, seat, face, note) {
  const g = st.sides[seat].helix[Number(face[0]) - 1];
  const r = st.roll || {};
  const called = r.kind === "attack" && r.warp < 0 ? r.colour : "";
  const sp = (ctx.view.species || {})[g.species] || { name: g.species };
  const W = 176, H = 112;
  const label = `${ctx.seatName(seat)} ${note}: ${g.part} (${sp.name}${g.gold ? ", gold" : ""}), ` +
    `battle side ${face[1]}; white ${xzAttackWords(g.white)}; black ${xzAttackWords(g.black)}` +
    (called ? `; ${called} called` : "");
  const svg = ctx.s("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": label,
    class: ["xz-face", g.gold && "xz-face-gold"], dataset: { seat, face, glyph: g.glyph } });
  svg.append(ctx.s("rect", { x: 2, y: 2, width: W - 4, height: H - 4, rx: 10, class: "xz-face-bg" }));
  svg.append(xzIcon(ctx, g.species, 22, 25, 15));
  svg.append(ctx.s("text", { x: 43, y: 20, class: "xz-face-part" }, g.part));
  svg.append(ctx.s("text", { x: 43, y: 35, class: "xz-face-sub" }, `${sp.name} · side ${face[1]}${g.gold ? " · GOLD" : ""}`));
  [["white", 46], ["black", 77]].forEach(([col, y]) => {
    const a = g[col];
    const band = ctx.s("g", { class: ["xz-face-att", `xz-face-${col}`, called === col && "xz-face-called"], dataset: { colour: col } });
    band.append(ctx.s("rect", { x: 8, y, width: W - 16, height: 27, rx: 5, class: "xz-face-band" }));
    band.append(ctx.s("text", { x: 14, y: y + 18, class: "xz-face-col" }, col === "white" ? "W" : "B"));
    band.append(ctx.s("text", { x: 42, y: y + 21, "text-anchor": "middle", class: "xz-face-strength" }, String(a.strength)));
    a.symbols.forEach((sym, i) => band.append(xzSymbol(ctx, sym, 66 + i * 18, y + 13.5)));
    if (called === col) band.append(ctx.s("text", { x: W - 12, y: y + 18, "text-anchor": "end", class: "xz-face-calledtext" }, "CALLED"));
    svg.append(band);
  });
  return ctx.h("figure", { class: "xz-face-box" }, svg, ctx.h("figcaption", {}, ctx.seatTag(seat), ` ${note}`));
}

function xzRollFaces(ctx, st) {
  const r = st.roll || {};
  if (!r.faces) return null;
  const note = { first: "rolled (who attacks first)", world: "rolled for the world", attack: "rolled" }[r.kind] || "rolled";
  const cards = [];
  r.faces.forEach((face, seat) => { if (face) cards.push(xzFace(ctx, st, seat, face, note)); });
  if (r.bomb && r.winner >= 0) cards.push(xzFace(ctx, st, r.winner, r.bomb, "re-rolled (bomb)"));
  return cards.length ? ctx.h("div", { class: "xz-faces", "aria-label": "the battle sides rolled last" }, cards) : null;
}

function xzRollSummary(ctx, st) {
  const r = st.roll || {};
  if (r.kind !== "attack") return null;
  const lines = [];
  for (const seat of [0, 1]) {
    const face = r.faces[seat];
    const g = st.sides[seat].helix[Number(face[0]) - 1];
    const bonus = r.bonus && r.bonus[seat] ? ` + ${r.bonus[seat]} bonus` : "";
    const att = g[r.colour];
    lines.push(ctx.h("li", { dataset: { seat } }, ctx.seatTag(seat),
      ` rolled ${g.part} (side ${face[1]}): ${r.colour} strength ${att.strength}${bonus}` +
      (r.warp < 0 ? `, total ${r.strength[seat]}` : "")));
  }
  let verdict = "";
  if (r.warp >= 0) verdict = `${ctx.seatName(r.warp)} WARPS: no attack this round.`;
  else if (r.winner < 0) verdict = "A tie: the defender becomes the attacker.";
  else verdict = `${ctx.seatName(r.winner)} wins the ${r.colour.toUpperCase()} attack: ` +
    [0, 1].map((s) => `${ctx.seatName(s)} ${r.strength[s]}`).join(", ") + ".";
  if (r.bomb && r.winner >= 0) {
    const b = st.sides[r.winner].helix[Number(r.bomb[0]) - 1];
    verdict += ` Bomb re-roll: ${b ? b.part : `slot ${r.bomb[0]}`}${r.blast ? " — CAUGHT IN THE BLAST" : ""}.`;
  }
  return ctx.h("div", { class: "xz-roll", "aria-live": "polite" },
    ctx.h("strong", {}, `${r.colour.toUpperCase()} attack called by ${ctx.seatName(r.attacker)}`),
    ctx.h("ul", {}, lines), ctx.h("p", { class: "xz-verdict" }, verdict));
}

function xzMat(ctx, st) {
  const mat = st.mat;
  if (!mat) return ctx.h("p", { class: "xz-nomat" }, "No mat yet: Rulebook step 3 — choose the world — picks it.");
  const n = mat.size, C = 56, pad = 22;
  const sp = (ctx.view.species || {})[mat.species] || {};
  const svg = ctx.s("svg", { viewBox: `0 0 ${n * C + pad + 4} ${n * C + pad + 4}`, class: "xz-mat", role: "img",
    "aria-label": `${sp.name || "the"} Battle Terrain mat` });
  const placing = ["start", "warp-place", "warp-follow"].includes(st.phase);
  for (let c = 0; c < n; c++) svg.append(ctx.s("text", { x: pad + c * C + C / 2, y: 14, "text-anchor": "middle", class: "xz-coord" }, String.fromCharCode(65 + c)));
  for (let r = 0; r < n; r++) svg.append(ctx.s("text", { x: 8, y: pad + r * C + C / 2 + 4, "text-anchor": "middle", class: "xz-coord" }, String(r + 1)));
  const occupant = {};
  st.sides.forEach((s, i) => { if (s.pos) occupant[s.pos] = i; });
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const name = `${String.fromCharCode(65 + c)}${r + 1}`;
      const x = pad + c * C, y = pad + r * C;
      const entry = ctx.legal.find((a) => (a.type === "Move" || a.type === "Place") && a.cell === name);
      const kind = mat.start.includes(name) ? "start" : mat.warps[name] ? "warp" : mat.bonuses[name] ? "bonus" : "plain";
      const intended = placing ? { type: "Place", cell: name } : { type: "Move", cell: name };
      const g = ctx.s("g", xzPressable(ctx, { class: ["xz-cell", `xz-cell-${kind}`], dataset: { cell: name } }, entry,
        entry ? `${entry.text}` : null, st.phase === "over" ? null : intended));
      g.append(ctx.s("rect", { x, y, width: C, height: C, class: "xz-cell-bg" }));
      if (kind === "start") g.append(ctx.s("text", { x: x + C / 2, y: y + 12, "text-anchor": "middle", class: "xz-cell-label" }, "START"));
      if (kind === "warp") {
        g.append(xzIcon(ctx, mat.warps[name], x + 16, y + 18, 11));
        g.append(ctx.s("text", { x: x + C - 4, y: y + 14, "text-anchor": "end", class: "xz-cell-label" }, "WARP"));
      }
      if (kind === "bonus") {
        const b = mat.bonuses[name];
        g.append(xzIcon(ctx, b.species, x + 16, y + 18, 11));
        g.append(ctx.s("text", { x: x + C - 4, y: y + 14, "text-anchor": "end", class: "xz-cell-label" }, `+${b.plus}`));
      }
      if (entry) g.append(ctx.s("circle", { cx: x + C / 2, cy: y + C - 10, r: 5, class: "xz-dot" }));
      if (name in occupant) {
        const i = occupant[name];
        g.append(ctx.s("circle", { cx: x + C / 2, cy: y + C / 2 + 6, r: 15, class: ["xz-fig", `xz-fig-${i}`] }));
        g.append(ctx.s("text", { x: x + C / 2, y: y + C / 2 + 11, "text-anchor": "middle", class: ["xz-fig-label", `xz-fig-label-${i}`] },
          `P${i + 1}${st.attacker === i ? "⚔" : ""}`));
      }
      svg.append(g);
    }
  }
  return ctx.h("figure", { class: "xz-mat-box" },
    ctx.h("figcaption", {}, `${sp.name || "Battle Terrain"} mat — START, WARP (to the mat of its species), bonus +N`), svg);
}

function xzHelix(ctx, st, seat) {
  const side = st.sides[seat];
  const r = st.roll || {};
  const rolled = r.faces ? r.faces[seat] : "";
  const box = ctx.h("div", { class: "xz-helix", role: "list", "aria-label": `${ctx.seatName(seat)}'s Battle Helix` });
  for (const g of side.helix) {
    const isRolled = rolled && Number(rolled[0]) === g.slot;
    const isBomb = r.bomb && r.winner === seat && Number(r.bomb[0]) === g.slot;
    const flip = ctx.legal.find((a) => a.type === "Flip" && a.slot === g.slot);
    const called = r.kind === "attack" && isRolled ? r.colour : "";
    const icon = ctx.s("svg", { viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true" });
    icon.append(xzIcon(ctx, g.species, 12, 12, 10));
    box.append(ctx.h("div", {
      class: ["xz-glyph", g.gold && "xz-gold", isRolled && "xz-rolled", isBomb && "xz-bombroll"], role: "listitem",
      dataset: { slot: g.slot, glyph: g.glyph },
    }, icon,
    ctx.h("span", { class: "xz-part" }, `${g.slot}. ${g.part}${g.gold ? " (GOLD)" : ""}`),
    ctx.h("span", { class: ["xz-att", "xz-white", called === "white" && "xz-called"] }, `W ${xzAttackText(g.white)}`),
    ctx.h("span", { class: ["xz-att", "xz-black", called === "black" && "xz-called"] }, `B ${xzAttackText(g.black)}`),
    isRolled ? ctx.h("span", { class: "xz-mark" }, `ROLLED (side ${rolled[1]})`) : null,
    isBomb ? ctx.h("span", { class: "xz-mark" }, "BOMB RE-ROLL") : null,
    flip ? ctx.h("button", { class: "xz-flip", disabled: !ctx.interactive, dataset: { focus: `xz-${flip.id}` },
      onClick: () => ctx.send(flip.id) }, "flip") : null));
  }
  return box;
}

function xzTree(ctx, st, seat) {
  const side = st.sides[seat];
  const other = st.sides[1 - seat];
  const q = st.queue && st.queue[0];
  const mine = q && q.owner === seat;
  const ROW = 19;
  const svg = ctx.s("svg", { viewBox: `0 0 250 ${side.parts.length * ROW + 6}`, class: "xz-tree", role: "group",
    "aria-label": `${ctx.seatName(seat)}'s figure, ${side.name}: ${side.life} of ${side.max_life} points of life` });
  side.parts.forEach((p, i) => {
    const y = 3 + i * ROW;
    const x = 4 + p.depth * 13;
    const entry = mine ? ctx.legal.find((a) => ["Chop", "Heal", "AttachDrain"].includes(a.type) && a.part === p.id) : null;
    const foreign = other.drain_on === p.id;
    const away = p.drain && !p.present;
    // the move a click on this part means: the current decision's kind (chop, regenerate, snap a DRAIN ATTACK on),
    // else a chop; a part of the other figure names its figure, so the rules can say it is the wrong one
    const deciding = q && st.phase === "actions";
    const kind = deciding ? q.kind : "chop";
    const type = kind === "heal" ? "Heal" : ["attach", "reattach", "rehome"].includes(kind) ? "AttachDrain" : "Chop";
    const intended = st.phase === "over" ? null : { type, part: p.id, figure: deciding && !mine ? side.figure : "" };
    const g = ctx.s("g", xzPressable(ctx, {
      class: ["xz-node", !p.present && !p.drain && "xz-chopped", away && "xz-away", p.drain && "xz-drainpart", foreign && "xz-hosting"],
      dataset: { part: p.id, seat, present: p.present ? "1" : "0" },
    }, entry, entry ? `${entry.text} (${p.name})` : null, intended));
    if (p.depth) g.append(ctx.s("path", { d: `M${x - 8},${y - 6} V${y + 8} H${x}`, class: "xz-link" }));
    g.append(ctx.s("rect", { x, y, width: 236 - x, height: ROW - 3, rx: 3, class: "xz-node-bg" }));
    let label = p.name;
    if (!p.present) label = `✂ ${p.name} (in the pile)`;
    if (p.drain) {
      let where = "";
      if (side.drain_on === "off") where = ", off: to be reattached";
      else if (side.drain_on) where = `, on ${ctx.seatName(1 - seat)}'s ${side.drain_on_name}`;
      else if (side.drain_home_name) where = `, on the ${side.drain_home_name}`;
      else where = ", off: to be snapped back on";
      label = `${p.name}: DRAIN (no life)${where}`;
    }
    if (p.power && !p.drain) label += " ◆";
    g.append(ctx.s("text", { x: x + 4, y: y + 12, class: "xz-node-text" }, label));
    if (foreign) g.append(ctx.s("text", { x: 232, y: y + 12, "text-anchor": "end", class: "xz-badge" }, `⚡ ${ctx.seatName(1 - seat)}'s DRAIN`));
    svg.append(g);
  });
  return svg;
}

function xzSide(ctx, st, seat) {
  const side = st.sides[seat];
  const pct = Math.round((100 * side.life) / side.max_life);
  return ctx.h("section", { class: ["xz-side", `xz-side-${seat}`], dataset: { seat } },
    ctx.h("h4", {}, ctx.seatTag(seat), ` — ${side.name}`, st.attacker === seat ? ctx.h("span", { class: "xz-attacker" }, " ATTACKER") : null),
    ctx.h("div", { class: "xz-life", role: "meter", "aria-valuenow": side.life, "aria-valuemin": 0, "aria-valuemax": side.max_life,
      "aria-label": "points of life" },
    ctx.h("span", { class: "xz-life-bar", style: { width: `${pct}%` } }),
    ctx.h("span", { class: "xz-life-text" }, `${side.life} / ${side.max_life} points of life · ${side.n_parts} parts · pile: ${side.pile.length}`)),
    xzHelix(ctx, st, seat), xzTree(ctx, st, seat));
}

function renderBoard(ctx) {
  const st = ctx.state;
  if (!st || !st.sides) return;
  ctx.el.append(
    ctx.h("p", { class: "xz-prompt", "aria-live": "polite" }, ctx.view.prompt || ""),
    xzButtons(ctx) || "",
    xzRollFaces(ctx, st) || "",
    xzRollSummary(ctx, st) || "",
    ctx.h("div", { class: "xz-layout" }, xzMat(ctx, st),
      ctx.h("div", { class: "xz-sides" }, xzSide(ctx, st, 0), xzSide(ctx, st, 1))));
}

function boardKey(event, ctx) {
  // K calls black, W white: sent even when it is not time to call, so the kit says why not
  const colour = { k: "black", w: "white" }[String(event.key).toLowerCase()];
  if (!colour || !ctx.interactive || !ctx.state || !ctx.state.mat) return false;
  const b = xzCallEntry(ctx, colour);
  if (b) ctx.send(b.id); else xzTry(ctx, { type: "Call", colour });
  return true;
}
