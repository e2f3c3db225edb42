// Xevoz Battle Terrain board: the mat, both Battle Helixes, both figures' part trees, the call.
// Everything clickable is also focusable (Tab) and pressable with Enter/Space; colour is never the only cue:
// species have a shape + letter, seats are "P1"/"P2" with patterns, the rolled glyph says ROLLED. Every square, part
// and figure has a name in words; icons are SVG pictures (never font glyphs). The layout keeps a whole round (the
// call, the rolled sides, both helixes, both figures' life and parts, the mat) in one screen at 1280x800.

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
  // the letter is drawn only where it can be read (11 px or more); the shape alone tells species apart
  const sp = (ctx.view.species || {})[speciesId] || { letter: "?", colour: "#999", shape: "circle", name: speciesId };
  const g = ctx.s("g", { class: "xz-icon", dataset: { species: speciesId } });
  const pts = xzShapePoints(sp.shape, x, y, r);
  g.append(pts ? ctx.s("polygon", { points: pts, fill: sp.colour, stroke: "#111", "stroke-width": 1 })
    : ctx.s("circle", { cx: x, cy: y, r, fill: sp.colour, stroke: "#111", "stroke-width": 1 }));
  if (r >= 10.5) g.append(ctx.s("text", { x, y: y + r * 0.38, "text-anchor": "middle", class: "xz-icon-letter", "font-size": r * 1.05 }, sp.letter));
  g.append(ctx.s("title", {}, sp.name));
  return g;
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
        disabled: !ctx.interactive || ctx.editing, onClick: () => (a ? ctx.send(a.id) : xzTry(ctx, { type: "Call", colour })),
      }, `Call ${colour.toUpperCase()} attack`));
    }
  }
  for (const a of ctx.legal) {
    if (a.type === "Call") {
      continue;
    } else if (["RollHelix", "Ready", "FreeDrain", "KeepDrain", "ChooseMat"].includes(a.type)) {
      row.append(ctx.h("button", { class: "xz-act", dataset: { type: a.type, focus: `xz-${a.id}` },
        disabled: !ctx.interactive || ctx.editing, onClick: () => ctx.send(a.id) }, a.text));
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


/** A small inline picture of a symbol (sword, star, bomb, DRAIN ATTACK), drawn in SVG in the text's colour. */
function xzSymbolIcon(ctx, sym, size) {
  const svg = ctx.s("svg", { viewBox: "-9 -9 18 18", width: size || 13, height: size || 13, class: "xz-inline-icon", "aria-hidden": "true" });
  svg.append(xzSymbol(ctx, sym, 0, 0));
  return svg;
}

/** Small SVG marks for the part list: chopped (scissors), Power Part (diamond), a choice to make (arrow). */
function xzMarkIcon(ctx, kind) {
  const svg = ctx.s("svg", { viewBox: "0 0 12 12", width: 12, height: 12, class: ["xz-inline-icon", `xz-mark-${kind}`], "aria-hidden": "true" });
  if (kind === "chopped") {
    svg.append(ctx.s("circle", { cx: 3, cy: 9, r: 2, class: "xz-sym-line" }), ctx.s("circle", { cx: 9, cy: 9, r: 2, class: "xz-sym-line" }),
      ctx.s("path", { d: "M4.2,7.4 L10,1 M7.8,7.4 L2,1", class: "xz-sym-line" }));
  } else if (kind === "power") {
    svg.append(ctx.s("polygon", { points: "6,1 11,6 6,11 1,6", class: "xz-sym-fill" }));
  } else if (kind === "choose") {
    svg.append(ctx.s("polygon", { points: "2,1 11,6 2,11 4,6", class: "xz-sym-fill" }));
  }
  return svg;
}

/** Words only a screen reader reads (the picture says it already). */
function xzSr(ctx, text) {
  return ctx.h("span", { class: "xz-sr" }, text);
}

// == The teacher's position editor (issue 11): while ctx.editing, a click on a part chops or restores it, a click on a
// figure then on a square moves the figure. Every edit is a patch of the position description (Game.position()) that
// Python checks with Game.set_up: an impossible position is refused with its rule in the kit's banner.

/** The side's edit patch: {sides: [{...}, {}]} with ``fields`` for seat ``seat`` (the other side kept as it is). */
function xzSidePatch(seat, fields) {
  return { sides: [seat === 0 ? fields : {}, seat === 1 ? fields : {}] };
}

/** Chop a part that is on the figure, restore one that is in the pile (a DRAIN ATTACK part too: set_up says why not). */
function xzEditPart(ctx, seat, p) {
  const pos = ctx.position;
  if (!pos || !Array.isArray(pos.sides) || !pos.sides[seat]) return;
  const chopped = Array.isArray(pos.sides[seat].chopped) ? pos.sides[seat].chopped.slice() : [];
  const at = chopped.indexOf(p.id);
  if (at >= 0) chopped.splice(at, 1); else chopped.push(p.id);
  ctx.editPosition(xzSidePatch(seat, { chopped }));
}

/** Attributes that make an element an editor control: a button named "edit: <what it does>", Enter/Space press it. */
function xzEditable(ctx, attrs, label, go) {
  return Object.assign({}, attrs, {
    class: [].concat(attrs.class || [], "xz-edit"), tabindex: 0, role: "button", "aria-label": `edit: ${label}`,
    onClick: go, onKeydown: (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } },
    dataset: Object.assign({}, attrs.dataset || {}, { edit: "1" }),
  });
}

/** Make a board element clickable for the move it means (``intended``): a legal move (``entry``) is outlined,
 *  focusable (Tab, Enter/Space) and named "<move>: <what it is>"; any other click still sends its move, so the
 *  kit shows the rule that refuses it. ``name`` is the element's name in words. */
function xzPressable(ctx, attrs, entry, name, intended) {
  const live = ctx.interactive && (entry || intended);
  const go = () => (entry ? ctx.send(entry.id) : xzTry(ctx, intended));
  const out = Object.assign({}, attrs);
  if (live) {
    out.onClick = go;
    out.class = [].concat(attrs.class || [], entry ? "xz-target" : "xz-why");
  }
  if (live && entry) {
    Object.assign(out, {
      tabindex: 0, role: "button", "aria-label": `${entry.text}: ${name}`,
      onKeydown: (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } },
      dataset: Object.assign({}, attrs.dataset || {}, { focus: `xz-${entry.id}`, choice: "1", ttAction: entry.id }),
    });
  }
  return out;
}

/** The rolled battle side as a compact picture (drawn 1:1, so its text keeps its size): species icon, Power
 *  Part, both attacks (strength + symbols); the called colour is outlined and says CALLED (never colour alone). */
function xzFace(ctx, st, seat, face, note) {
  const g = st.sides[seat].helix[Number(face[0]) - 1];
  const r = st.roll || {};
  const called = r.kind === "attack" && r.warp < 0 ? r.colour : "";
  const sp = (ctx.view.species || {})[g.species] || { name: g.species };
  const W = 172, H = 74;
  const label = `${ctx.seatName(seat)} ${note}: ${g.part} (${sp.name}${g.gold ? ", gold" : ""}), ` +
    `battle side ${face[1]}; white ${xzAttackWords(g.white)}; black ${xzAttackWords(g.black)}` +
    (called ? `; ${called} called` : "");
  const svg = ctx.s("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": label,
    class: ["xz-face", g.gold && "xz-face-gold"], dataset: { seat, face, glyph: g.glyph } });
  svg.append(ctx.s("rect", { x: 1.5, y: 1.5, width: W - 3, height: H - 3, rx: 7, class: "xz-face-bg" }));
  svg.append(xzIcon(ctx, g.species, 15, 15, 11));
  svg.append(ctx.s("text", { x: 31, y: 14, class: "xz-face-part" }, g.part));
  svg.append(ctx.s("text", { x: 31, y: 27, class: "xz-face-sub" }, `side ${face[1]}${g.gold ? " · GOLD" : ""} · ${ctx.seatName(seat)}`));
  /** @type {[string, number][]} */ ([["white", 31], ["black", 51]]).forEach(([col, y]) => {
    const a = g[col];
    const band = ctx.s("g", { class: ["xz-face-att", `xz-face-${col}`, called === col && "xz-face-called"], dataset: { colour: col } });
    band.append(ctx.s("rect", { x: 5, y, width: W - 10, height: 19, rx: 4, class: "xz-face-band" }));
    band.append(ctx.s("text", { x: 10, y: y + 14, class: "xz-face-col" }, col === "white" ? "W" : "B"));
    band.append(ctx.s("text", { x: 33, y: y + 15, "text-anchor": "middle", class: "xz-face-strength" }, String(a.strength)));
    a.symbols.forEach((sym, i) => band.append(xzSymbol(ctx, sym, 52 + i * 17, y + 9.5)));
    if (called === col) band.append(ctx.s("text", { x: W - 9, y: y + 14, "text-anchor": "end", class: "xz-face-calledtext" }, "CALLED"));
    svg.append(band);
  });
  return svg;
}

/** One player's strength in the round, in words next to the name: "Player 1: 3 + 3 bonus = 6". */
function xzStrength(ctx, r, seat) {
  const total = r.strength[seat], bonus = (r.bonus && r.bonus[seat]) || 0;
  return ctx.h("span", { class: "xz-strength", dataset: { seat } }, ctx.seatTag(seat),
    bonus ? `: ${total - bonus} + ${bonus} bonus = ${total}` : `: ${total}`);
}

/** The round: the rolled sides of both players, the call, each player's strength beside its name, the verdict. */
function xzRound(ctx, st) {
  const r = st.roll || {};
  const buttons = xzButtons(ctx);
  if (!r.faces) {
    return ctx.h("div", { class: "xz-round xz-round-none" }, ctx.h("div", { class: "xz-round-text" }, buttons,
      st.mat ? ctx.h("p", { class: "xz-roll" }, "No attack called yet: the attacker calls BLACK or WHITE, then both helixes roll.") : null));
  }
  const note = { first: "rolled (who attacks first)", world: "rolled for the world", attack: "rolled" }[r.kind] || "rolled";
  // each rolled side a part (ctx.part): drawn again only when what it shows changes
  const part = xzPart(ctx);
  const face = (key, seat, f, words) => {
    const g = st.sides[seat].helix[Number(f[0]) - 1];
    return part(key, JSON.stringify([seat, f, words, g, r.kind, r.warp, r.colour, ctx.seatName(seat), (ctx.view.species || {})[g.species] || null]),
      () => xzFace(ctx, st, seat, f, words));
  };
  const faces = [];
  r.faces.forEach((f, seat) => { if (f) faces.push(face(`xz-face-${seat}`, seat, f, note)); });
  if (r.bomb && r.winner >= 0) faces.push(face("xz-face-bomb", r.winner, r.bomb, "re-rolled (bomb)"));
  let text = null;
  if (r.kind === "attack") {
    let verdict = "";
    if (r.warp >= 0) verdict = `${ctx.seatName(r.warp)} WARPS: no attack this round.`;
    else if (r.winner < 0) verdict = "A tie: no action, no movement.";
    else verdict = `${ctx.seatName(r.winner)} wins the ${r.colour.toUpperCase()} attack.`;  // strengths: the line below
    if (r.bomb && r.winner >= 0) {
      const b = st.sides[r.winner].helix[Number(r.bomb[0]) - 1];
      verdict += ` Bomb re-roll: ${b ? b.part : `slot ${r.bomb[0]}`}${r.blast ? " — CAUGHT IN THE BLAST" : ""}.`;
    }
    text = ctx.h("div", { class: "xz-roll", "aria-live": "polite" },
      ctx.h("p", { class: "xz-verdict" }, `${ctx.seatName(r.attacker)} called ${r.colour.toUpperCase()}: ${verdict}`),
      r.warp < 0 ? ctx.h("p", { class: "xz-compare" }, `${r.colour} strength — `, xzStrength(ctx, r, 0), " · ", xzStrength(ctx, r, 1)) : null);
  } else {
    text = ctx.h("div", { class: "xz-roll", "aria-live": "polite" }, ctx.h("strong", {}, note === "rolled" ? "Rolled" : `Both ${note}`));
  }
  return ctx.h("div", { class: "xz-round" },
    ctx.h("div", { class: "xz-faces", role: "group", "aria-label": "the battle sides rolled last" }, faces),
    ctx.h("div", { class: "xz-round-text" }, buttons, text));
}

function xzSquareWords(ctx, st, name, kind, occupant) {
  const mat = st.mat;
  const spName = (id) => ((ctx.view.species || {})[id] || { name: id }).name;
  let words = `${name}, plain square`;
  if (kind === "start") words = `${name}, START square`;
  if (kind === "warp") words = `${name}, WARP square to the ${spName(mat.warps[name])} mat`;
  if (kind === "bonus") words = `${name}, ${spName(mat.bonuses[name].species)} bonus square +${mat.bonuses[name].plus}`;
  if (name in occupant) {
    const i = occupant[name];
    words += `, ${ctx.whose(i)} figure ${st.sides[i].name}${st.attacker === i ? " (attacker)" : ""}`;
  }
  return words;
}

/** A square in the editor: a figure's square picks the figure up (again: puts it down); with a figure picked, any
 *  other square moves it there (a square set_up refuses, e.g. not next to the other figure, says why). */
function xzEditCell(ctx, st, base, name, words, occupant, picked) {
  if (!ctx.position) return base;
  const here = name in occupant ? occupant[name] : null;
  if (here !== null && here === picked) {
    return xzEditable(ctx, base, `put down ${ctx.whose(here)} figure: ${words}`, () => ctx.setEditPick(null));
  }
  if (here !== null) {
    return xzEditable(ctx, base, `pick up ${ctx.whose(here)} figure to move it: ${words}`, () => ctx.setEditPick({ seat: here }));
  }
  if (picked === null) return Object.assign({}, base, { role: "img", "aria-label": words });
  return xzEditable(ctx, base, `move ${ctx.whose(picked)} figure here: ${words}`, () => {
    ctx.setEditPick(null);
    ctx.editPosition(xzSidePatch(picked, { square: name }));
  });
}

function xzMat(ctx, st) {
  const mat = st.mat;
  if (!mat) return ctx.h("p", { class: "xz-nomat" }, "No mat yet: Rulebook step 3 — choose the world — picks it.");
  const n = mat.size, C = 40, pad = 16;
  const sp = (ctx.view.species || {})[mat.species] || {};
  const svg = ctx.s("svg", { viewBox: `0 0 ${n * C + pad + 2} ${n * C + pad + 2}`, width: n * C + pad + 2, height: n * C + pad + 2,
    class: "xz-mat", role: "group", "aria-label": `${sp.name || "the"} Battle Terrain mat, ${n} by ${n} squares` });
  const placing = ["start", "warp-place", "warp-follow"].includes(st.phase);
  const part = xzPart(ctx);
  for (let c = 0; c < n; c++) svg.append(part(`xz-coord-c${c}`, "", () => ctx.s("text", { x: pad + c * C + C / 2, y: 12, "text-anchor": "middle", class: "xz-coord", "aria-hidden": "true" }, String.fromCharCode(65 + c))));
  for (let r = 0; r < n; r++) svg.append(part(`xz-coord-r${r}`, "", () => ctx.s("text", { x: 6, y: pad + r * C + C / 2 + 4, "text-anchor": "middle", class: "xz-coord", "aria-hidden": "true" }, String(r + 1))));
  const occupant = {};
  st.sides.forEach((s, i) => { if (s.pos) occupant[s.pos] = i; });
  const pick = ctx.editing ? ctx.editPick() : null;
  const picked = pick && (pick.seat === 0 || pick.seat === 1) ? pick.seat : null;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const name = `${String.fromCharCode(65 + c)}${r + 1}`;
      const x = pad + c * C, y = pad + r * C;
      const entry = ctx.legal.find((a) => (a.type === "Move" || a.type === "Place") && a.cell === name);
      const kind = mat.start.includes(name) ? "start" : mat.warps[name] ? "warp" : mat.bonuses[name] ? "bonus" : "plain";
      const intended = placing ? { type: "Place", cell: name } : { type: "Move", cell: name };
      const words = xzSquareWords(ctx, st, name, kind, occupant);
      // everything the square's drawing and its handlers' captured values depend on (ctx.part)
      const sig = JSON.stringify([words, kind, mat.warps[name] || "", mat.bonuses[name] || "", entry ? [entry.id, entry.text] : "",
        st.phase === "over" ? null : intended, ctx.interactive, ctx.editing, !!ctx.position, picked,
        name in occupant ? occupant[name] : -1, st.attacker]);
      svg.append(part(`xz-cell-${name}`, sig, () => {
      const base = { class: ["xz-cell", `xz-cell-${kind}`, picked !== null && occupant[name] === picked && "xz-edit-picked"],
        dataset: { cell: name } };
      const attrs = ctx.editing ? xzEditCell(ctx, st, base, name, words, occupant, picked)
        : xzPressable(ctx, base, entry, words, st.phase === "over" ? null : intended);
      if (!attrs.role) Object.assign(attrs, { role: "img", "aria-label": words });
      const g = ctx.s("g", attrs);
      g.append(ctx.s("rect", { x, y, width: C, height: C, class: "xz-cell-bg" }));
      if (kind === "start") g.append(ctx.s("text", { x: x + 3, y: y + 12, class: "xz-cell-label" }, "START"));
      if (kind === "warp") {
        g.append(ctx.s("text", { x: x + 3, y: y + 12, class: "xz-cell-label" }, "WARP"));
        g.append(xzIcon(ctx, mat.warps[name], x + 12, y + 27, 10.5));
      }
      if (kind === "bonus") {
        const b = mat.bonuses[name];
        g.append(ctx.s("text", { x: x + 3, y: y + 12, class: "xz-cell-label" }, `+${b.plus}`));
        g.append(xzIcon(ctx, b.species, x + 12, y + 27, 10.5));
      }
      if (entry && ctx.interactive) g.append(ctx.s("polygon", { points: `${x + C - 10},${y + 3} ${x + C - 3},${y + 3} ${x + C - 3},${y + 10}`, class: "xz-dot" }));
      if (name in occupant) {
        const i = occupant[name];
        if (st.attacker === i) g.append(ctx.s("circle", { cx: x + 28, cy: y + 26, r: 11, class: "xz-fig-ring" }));
        g.append(ctx.s("circle", { cx: x + 28, cy: y + 26, r: 9, class: ["xz-fig", `xz-fig-${i}`] }));
        g.append(ctx.s("text", { x: x + 28, y: y + 30, "text-anchor": "middle", class: ["xz-fig-label", `xz-fig-label-${i}`] }, `P${i + 1}`));
      }
      return g;
      }));
    }
  }
  return ctx.h("figure", { class: "xz-mat-box" }, svg,
    ctx.h("figcaption", {}, `${sp.name || "Battle Terrain"} mat: START, WARP (to the mat of its species), +N bonus; double ring = attacker`));
}

function xzAttChip(ctx, colour, a, called) {
  const counts = {};
  for (const s of a.symbols) counts[s] = (counts[s] || 0) + 1;
  return ctx.h("span", { class: ["xz-att", `xz-${colour}`, called && "xz-called"], dataset: { colour } },
    ctx.h("span", { "aria-hidden": "true" }, `${colour === "white" ? "W" : "B"} ${a.strength}`),
    a.symbols.map((sym) => xzSymbolIcon(ctx, sym, 12)),
    xzSr(ctx, `${colour} ${xzAttackWords(a)}${called ? ", called" : ""}`));
}

function xzHelix(ctx, st, seat) {
  // one line per glyph: species shape, slot and Power Part, both attacks; the rolled one outlined and says ROLLED
  const side = st.sides[seat];
  const r = st.roll || {};
  const rolled = r.faces ? r.faces[seat] : "";
  const box = ctx.h("ul", { class: "xz-helix", "aria-label": `${ctx.whose(seat, true)} Battle Helix` });
  const part = xzPart(ctx);
  for (const g of side.helix) {
    const isRolled = rolled && Number(rolled[0]) === g.slot;
    const isBomb = r.bomb && r.winner === seat && Number(r.bomb[0]) === g.slot;
    const flip = ctx.legal.find((a) => a.type === "Flip" && a.slot === g.slot);
    const called = r.kind === "attack" && isRolled ? r.colour : "";
    const sig = JSON.stringify([g, (ctx.view.species || {})[g.species] || null, isRolled ? rolled : "", !!isBomb,
      flip ? flip.id : "", called, ctx.interactive, ctx.editing]);
    box.append(part(`xz-glyph-${seat}-${g.slot}`, sig, () => {
    const icon = ctx.s("svg", { viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true", class: "xz-inline-icon" });
    icon.append(xzIcon(ctx, g.species, 8, 8, 7));
    const sp = (ctx.view.species || {})[g.species] || { name: g.species };
    return ctx.h("li", {
      class: ["xz-glyph", g.gold && "xz-gold", isRolled && "xz-rolled", isBomb && "xz-bombroll"],
      dataset: { slot: g.slot, glyph: g.glyph },
    }, icon,
    ctx.h("span", { class: "xz-part" }, `${g.slot}. ${g.part}`, xzSr(ctx, ` (${sp.name}${g.gold ? ", gold glyph" : ""})`)),
    xzAttChip(ctx, "white", g.white, called === "white"), xzAttChip(ctx, "black", g.black, called === "black"),
    isRolled ? ctx.h("span", { class: "xz-mark" }, `ROLLED: battle side ${rolled[1]}`) : null,
    isBomb ? ctx.h("span", { class: "xz-mark" }, "BOMB RE-ROLL") : null,
    flip ? ctx.h("button", { class: "xz-flip", disabled: !ctx.interactive || ctx.editing, dataset: { focus: `xz-${flip.id}` },
      "aria-label": `flip glyph ${g.slot}, ${g.part}`, onClick: () => ctx.send(flip.id) }, "flip") : null);
    }));
  }
  return box;
}

/** A part in words: "Player 2's Skull Helm, attached", "DRAIN ATTACK of Player 1, on Player 2's Neck Joint". */
function xzPartWords(ctx, st, seat, p) {
  const side = st.sides[seat];
  const other = st.sides[1 - seat];
  const owner = ctx.seatName(seat);
  if (p.drain) {
    let where = "";
    if (side.drain_on === "off") where = "off the figures: to be reattached";
    else if (side.drain_on) where = `on ${ctx.whose(1 - seat)} ${side.drain_on_name}`;
    else if (side.drain_home_name) where = `on ${ctx.poss(owner)} ${side.drain_home_name}`;
    else where = "off: to be snapped back on";
    return `DRAIN ATTACK of ${owner} (${p.name}, no life), ${where}`;
  }
  let words = `${ctx.poss(owner, true)} ${p.name}, ${p.present ? "attached" : "chopped (in the pile)"}`;
  if (p.power) words += ", Power Part";
  if (other.drain_on === p.id) words += `, carrying ${ctx.whose(1 - seat)} DRAIN ATTACK`;
  return words;
}

/** ctx.part (issue 23: a part of the picture drawn again only when its signature changed), or a plain drawing. */
function xzPart(ctx) {
  return typeof ctx.part === "function" ? ctx.part : (_key, _sig, build) => build();
}

function xzTree(ctx, st, seat) {
  const part = xzPart(ctx);
  const side = st.sides[seat];
  const other = st.sides[1 - seat];
  const q = st.queue && st.queue[0];
  const mine = q && q.owner === seat;
  const deciding = q && st.phase === "actions";
  const list = ctx.h("ul", { class: "xz-tree", "aria-label": `${ctx.whose(seat, true)} figure, ${side.name}: parts` });
  for (const p of side.parts) {
    const entry = mine ? ctx.legal.find((a) => ["Chop", "Heal", "AttachDrain"].includes(a.type) && a.part === p.id) : null;
    const foreign = other.drain_on === p.id;
    const away = p.drain && !p.present;
    // the move a click on this part means: the current decision's kind (chop, regenerate, snap a DRAIN ATTACK on),
    // else a chop; a part of the other figure names its figure, so the rules can say it is the wrong one
    const kind = deciding ? q.kind : "chop";
    const type = kind === "heal" ? "Heal" : ["attach", "reattach", "rehome"].includes(kind) ? "AttachDrain" : "Chop";
    const intended = st.phase === "over" ? null : { type, part: p.id, figure: deciding && !mine ? side.figure : "" };
    const words = xzPartWords(ctx, st, seat, p);
    const base = {
      class: ["xz-node", !p.present && !p.drain && "xz-chopped", away && "xz-away", p.drain && "xz-drainpart", foreign && "xz-hosting"],
      dataset: { part: p.id, seat, present: p.present ? "1" : "0" },
    };
    const restore = !p.present && !p.drain;
    const attrs = ctx.editing
      ? (ctx.position ? xzEditable(ctx, base, `${restore ? "restore" : "chop"} ${words}`, () => xzEditPart(ctx, seat, p)) : base)
      : xzPressable(ctx, base, entry, words, intended);
    let shown = p.name;
    if (p.drain) {
      if (side.drain_on && side.drain_on !== "off") shown = `${p.name}: on ${ctx.whose(1 - seat)} ${side.drain_on_name}`;
      else if (side.drain_on === "off" || !side.drain_home_name) shown = `${p.name}: off`;
    }
    // everything the part's drawing and its handlers' captured values depend on (ctx.part)
    const sig = JSON.stringify([p, words, shown, foreign, entry ? [entry.id, entry.text] : "", intended, ctx.interactive,
      ctx.editing, !!ctx.position]);
    list.append(part(`xz-part-${seat}-${p.id}`, sig, () => {
    const node = ctx.h("span", attrs,
      !p.present && !p.drain ? xzMarkIcon(ctx, "chopped") : null,
      p.drain ? xzSymbolIcon(ctx, "drain", 12) : p.power ? xzMarkIcon(ctx, "power") : null,
      ctx.h("span", { class: "xz-node-text", "aria-hidden": attrs.role ? null : "true" }, shown),
      !p.present && !p.drain ? ctx.h("span", { class: "xz-tag", "aria-hidden": "true" }, "pile") : null,
      foreign ? ctx.h("span", { class: "xz-badge", "aria-hidden": "true" }, xzSymbolIcon(ctx, "drain", 11), `P${2 - seat} DRAIN`) : null,
      attrs.role ? null : xzSr(ctx, words));
    return ctx.h("li", { class: "xz-row", style: { paddingLeft: `${p.depth * 8}px` }, dataset: { depth: p.depth } }, node);
    }));
  }
  return list;
}

function xzSide(ctx, st, seat) {
  const side = st.sides[seat];
  const pct = Math.round((100 * side.life) / side.max_life);
  const part = xzPart(ctx);
  const who = ctx.whose(seat, true);
  return ctx.h("section", { class: ["xz-side", `xz-side-${seat}`], dataset: { seat },
    "aria-label": `${who} figure ${side.name}` },
  part(`xz-side-head-${seat}`, JSON.stringify([ctx.seatName(seat), side.name, st.attacker === seat]), () =>
    ctx.h("h4", {}, ctx.seatTag(seat), ` — ${side.name}`, st.attacker === seat ? ctx.h("span", { class: "xz-attacker" }, "ATTACKER") : null)),
  part(`xz-life-${seat}`, JSON.stringify([who, side.life, side.max_life, side.n_parts, side.pile.length]), () =>
    ctx.h("div", { class: "xz-life", role: "meter", "aria-valuenow": side.life, "aria-valuemin": 0, "aria-valuemax": side.max_life,
      "aria-valuetext": `${side.life} of ${side.max_life} points of life`, "aria-label": `${who} points of life` },
    ctx.h("span", { class: "xz-life-bar", style: { width: `${pct}%` } }),
    ctx.h("span", { class: "xz-life-text" }, `${side.life} / ${side.max_life} life · ${side.n_parts} parts · pile ${side.pile.length}`))),
  xzHelix(ctx, st, seat), xzTree(ctx, st, seat));
}

function renderBoard(ctx) {
  const st = ctx.state;
  if (!st || !st.sides) return;
  ctx.el.append(ctx.h("div", { class: "xz-view" },
    ctx.h("p", { class: "xz-prompt", "aria-live": "polite" }, ctx.view.prompt || ""),
    xzRound(ctx, st),
    ctx.h("div", { class: "xz-layout" }, xzMat(ctx, st), xzSide(ctx, st, 0), xzSide(ctx, st, 1))));
}

function boardKey(event, ctx) {
  // K calls black, W white: sent even when it is not time to call, so the kit says why not
  const colour = { k: "black", w: "white" }[String(event.key).toLowerCase()];
  if (!colour || !ctx.interactive || ctx.editing || !ctx.state || !ctx.state.mat) return false;
  const b = xzCallEntry(ctx, colour);
  if (b) ctx.send(b.id); else xzTry(ctx, { type: "Call", colour });
  return true;
}
