// Super Xevious board renderer (joined after the kit's kit.js and chance.js; see tabletop/ui/README.md).
// Draws the current stage panel as SVG (every space type has an icon AND words, never colour alone), the movers,
// the Gump Markers, each player's Attack Strength Sheet (three rows of five), the Battle Card duel (secret, then
// revealed), the last Blaster / Super Xevious Card, and the choices of the moment as big buttons.

const XV_W = 78, XV_H = 70, XV_GAP = 6, XV_PAD = 92;
const XV_ICON = {
  entrance: "IN", exit: "OUT", plain: "·", green: "♣", ground: "⊕", air: "✈", squad: "✈✈",
  card: "▤", flag: "⚑", pin: "✦", sol: "☀", phantom: "◈",
};
const XV_WORD = {
  entrance: "entrance", exit: "exit", plain: "", green: "green", ground: "ground", air: "air 1 enemy",
  squad: "air", card: "card", flag: "Flag", pin: "Pin", sol: "Sol", phantom: "Phantom",
};

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
  return { x: XV_PAD + col * (XV_W + XV_GAP), y: 34 + row * (XV_H + 34) };
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
  return ctx.s("svg", { viewBox: "0 0 16 16", width: 14, height: 14, class: ["xv-shield-icon", cls], "aria-hidden": "true", focusable: "false" },
    ctx.s("path", { d: "M8 1 L14 3.2 V8 C14 11.6 11.4 14 8 15.2 C4.6 14 2 11.6 2 8 V3.2 Z" }));
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

function renderBoard(ctx) {
  const { h, s, state, view } = ctx;
  const st = view.stage;
  if (!st || !state || !state.pilots) return;
  const nA = st.areas.length;
  const width = XV_PAD + 9 * (XV_W + XV_GAP) + 10;
  const height = 34 + nA * (XV_H + 34) + 4;
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "xv-board", role: "img",
    "aria-label": `Stage ${st.number}: ${st.title}, panel ${st.panel}` });

  // legal stops of the move being made (phase "stop"): the squares of state.path
  const stops = {};
  for (const a of ctx.legalWhere({ type: "StopAt" })) {
    const p = state.path[a.step - 1];
    if (p) stops[`${p[0]},${p[1]}`] = a;
  }
  const onPath = new Set((state.path || []).map((p) => `${p[0]},${p[1]}`));
  const gumpsLeft = state.gumps || [];
  const botSeats = (ctx.model && typeof ctx.model.get === "function" && ctx.model.get("bot_seats")) || {};
  const botTurn = Object.prototype.hasOwnProperty.call(botSeats, String(ctx.currentPlayer));

  st.areas.forEach((area, ai) => {
    const first = xvPos(ai, 0, nA);
    svg.append(s("text", { x: 6, y: first.y + XV_H / 2, class: "xv-area-label" }, `Area ${ai + 1}`));
    svg.append(s("text", { x: 6, y: first.y + XV_H / 2 + 16, class: "xv-area-dir" }, ai % 2 === 0 ? "← flies left" : "flies right →"));
    area.forEach((sp, si) => {
      const { x, y } = xvPos(ai, si, nA);
      const key = `${ai},${si}`;
      const stop = stops[key];
      const guard = st.guard.some((g) => xvSame(g, [ai, si])) && view.conditions_on;
      const gi = st.gumps.findIndex((g) => xvSame(g, [ai, si]));
      const daley = (state.daley || []).some((d) => xvSame(d, [ai, si]));
      const go = () => (stop ? ctx.send(stop.id) : xvTry(ctx, xvSpaceAction(ctx, st, ai, si, sp)));
      const g = s("g", {
        class: ["xv-space", `xv-${sp.kind}`, sp.stop && "xv-must", stop && "xv-target", onPath.has(key) && "xv-path"],
        dataset: { area: ai + 1, space: si + 1, kind: sp.kind, focus: `xv-space-${ai}-${si}` },
        tabindex: stop ? 0 : null, role: botTurn ? null : "button",
        "aria-label": `Area ${ai + 1} space ${si + 1}: ${sp.label}${stop ? " — click to stop here" : ""}`,
        onClick: botTurn ? null : go,
        onKeydown: botTurn ? null : (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); go(); } },
      });
      g.append(s("title", {}, `Area ${ai + 1}, space ${si + 1}: ${sp.label}`));
      g.append(s("rect", { x, y, width: XV_W, height: XV_H, rx: 8, class: "xv-cell" }));
      g.append(s("text", { x: x + XV_W / 2, y: y + 26, class: "xv-icon", "aria-hidden": "true" }, XV_ICON[sp.kind] || "?"));
      let word = XV_WORD[sp.kind] || sp.kind;
      if (sp.kind === "ground") word = `ground ${sp.n}`;
      if (sp.kind === "squad") word = `air ×${sp.n}`;
      g.append(s("text", { x: x + XV_W / 2, y: y + 44, class: "xv-word" }, word));
      const extra = [sp.kind === "green" ? "may stop" : "", xvAwards(sp.awards), sp.boost ? "W: +1" : ""].filter(Boolean).join(" ");
      if (extra) g.append(s("text", { x: x + XV_W / 2, y: y + 57, class: "xv-extra" }, extra));
      if (sp.stop) g.append(s("text", { x: x + XV_W - 4, y: y + 12, class: "xv-stop-tag" }, "STOP"));
      if (guard) g.append(s("text", { x: x + 4, y: y + 12, class: "xv-guard-tag" }, "ANDOR"));
      if (gi >= 0) {
        const standing = gumpsLeft[gi];
        g.append(s("g", { class: ["xv-gump", !standing && "xv-gump-gone"], dataset: { gump: gi + 1, standing: standing ? 1 : 0 } },
          s("polygon", { points: `${x + 4},${y + 30} ${x + 14},${y + 18} ${x + 26},${y + 30} ${x + 14},${y + 42}` }),
          s("text", { x: x + 15, y: y + 55, class: "xv-gump-text" }, standing ? "GUMP" : "× gone")));
      }
      if (daley) g.append(s("text", { x: x + 4, y: y + XV_H - 4, class: "xv-daley" }, "Daley"));
      if (si === area.length - 1 && ai === nA - 1 && st.number < 7) {
        g.append(s("text", { x: x + XV_W / 2, y: y - 6, class: "xv-gate" }, "to the stage gate"));
      }
      svg.append(g);
    });
  });
  // the starting point
  const start = xvPos(0, 0, nA);
  svg.append(s("text", { x: start.x + XV_W / 2, y: start.y + XV_H + 14, class: "xv-start" }, "START ▲"));

  // movers: numbered discs (seat number + colour + pattern)
  const byCell = {};
  state.pilots.forEach((p, i) => {
    if (p.at_gate) return;
    const k = `${p.area},${p.space}`;
    (byCell[k] = byCell[k] || []).push(i);
  });
  for (const [k, seats] of Object.entries(byCell)) {
    const [ai, si] = k.split(",").map(Number);
    const { x, y } = xvPos(ai, si, nA);
    seats.forEach((seat, j) => {
      const cx = x + XV_W - 12 - j * 17, cy = y + XV_H - 12;
      svg.append(s("g", { class: `xv-mover xv-mover-${seat}`, dataset: { seat }, "aria-label": `${ctx.seatName(seat)}'s Solvalou` },
        s("circle", { cx, cy, r: 9 }), s("text", { x: cx, y: cy + 4 }, String(seat + 1))));
    });
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
    xvChoices(ctx),
    xvReveal(ctx),
    h("div", { class: "xv-sheets" }, state.pilots.map((p, i) => xvSheet(ctx, p, i))));
  ctx.el.append(panel);
}

function xvSheet(ctx, p, i) {
  const { h, state } = ctx;
  const rows = [["Extra Weapon", "extra_weapon", "◆"], ["Shield", "shield", null], ["Solvalou", "solvalou", "▲"]];
  const turn = ctx.currentPlayer === i;
  const cap = state.row_cap || 5;  // variant row_cap (the rulebook's rows have 5 spaces)
  const cells = Array.from({ length: cap }, (_, k) => k);
  return h("div", { class: ["xv-sheet", `xv-sheet-${i}`, turn && "xv-sheet-turn"], dataset: { seat: i },
    "aria-label": `${ctx.seatName(i)}'s Attack Strength Sheet` },
  h("div", { class: "xv-sheet-head" }, ctx.seatTag(i), turn ? " ◀ to play" : ""),
  h("table", { class: "xv-rows" }, rows.map(([name, key, mark]) => h("tr", { dataset: { row: key } },
    h("th", { scope: "row" }, name),
    cells.map((k) => h("td", { class: k < p[key] ? "xv-full" : "xv-empty" }, k < p[key] ? (mark || xvShield(ctx)) : "")),
    h("td", { class: "xv-count" }, `${p[key]}/${cap}`)))),
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
  const btn = (obj, label, extra) => {
    const hit = ctx.legalWhere(obj)[0];
    return h("button", {
      type: "button", class: ["xv-choice", extra, !hit && "xv-not-legal"], "aria-disabled": ctx.interactive ? null : "true",
      dataset: { actionId: hit ? hit.id : xvKey(obj), type: obj.type, legal: hit ? "1" : "0", focus: `xv-btn-${xvKey(obj)}` },
      title: hit ? null : "not a legal move now: click to see why",
      onClick: () => xvTry(ctx, obj) }, label);
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
      : [ctx.seatTag(pend.who), "'s card is face down ", h("span", { class: "xv-card xv-card-back", "aria-label": "a face-down Battle Card" }, "?"), ". ", ctx.seatTag(who), " turns the enemy's card (arrow keys):"]));
    const row = h("div", { class: "xv-arrows" });
    const type = mine ? "Aim" : "EnemyAim";
    for (const heading of ["up", "right", "down", "left"]) row.append(btn({ type, heading }, `${ctx.view.arrows[heading]} ${heading}`, "xv-arrow"));
    if (mine && pend.kind === "squad") row.append(btn({ type: "Blast" }, "◆ use an Extra Weapon: destroy one enemy", "xv-blast"));
    parts.push(row);
  } else if (phase === "boost") {
    parts.push(h("p", {}, `Battle against ${pend.what} (${pend.n}): spend an Extra Weapon to add 1 to the roll?`));
    parts.push(h("div", { class: "xv-arrows" }, btn({ type: "Fire", weapon: true }, "◆ yes, +1 (Y)"), btn({ type: "Fire", weapon: false }, "no (N)")));
  } else if (phase === "stop") {
    parts.push(h("p", {}, "Where do you stop? Click a highlighted space or a button."));
    parts.push(h("div", { class: "xv-arrows" }, legal.map((a) => btn({ type: "StopAt", step: a.step, space: a.space }, a.text))));
  } else if (phase === "retry") {
    parts.push(h("div", { class: "xv-arrows" }, btn({ type: "TryAgain" }, "⟳ Try the Blaster again (T)"), btn({ type: "Pass" }, "End turn")));
  } else {
    const me = state.pilots[who] || {};
    const sp = (ctx.view.stage.areas[me.area] || [])[me.space] || {};
    const row = [btn({ type: "Roll" }, "⚅ Roll (R)"), btn({ type: "CatchUp" }, "» Catch up (C)")];
    if (["flag", "pin", "sol", "phantom"].includes(sp.kind) || ctx.legalWhere({ type: "TryAgain" }).length) row.push(btn({ type: "TryAgain" }, "⟳ Try the Blaster again (T)"));
    if (ctx.legalWhere({ type: "Attack" }).length) row.push(btn({ type: "Attack" }, "⊕ Attack (A)"));
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
    const ar = ctx.view.arrows;
    return h("div", { class: ["xv-reveal", last.won ? "xv-won" : "xv-lost"], dataset: { kind: "battle", won: last.won ? 1 : 0 } },
      h("span", { class: "xv-card", "aria-label": `${ctx.seatName(last.player)}'s card points ${last.mine}` }, ar[last.mine]),
      h("span", { class: "xv-card xv-card-enemy", "aria-label": `the enemy's card points ${last.theirs}` }, ar[last.theirs]),
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
