// Chance pictures: drawDie, drawSpinner, drawFaces (joined into every board, reused by game renderers),
// and ttRenderChance, the view of the standalone ChanceWidget. Needs kit.js (ttH, ttS) before it.

const TT_PIPS = {
  1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

/** An SVG die face showing `value` (1..6) with pips. opts: {size, label}. */
function drawDie(value, opts) {
  const o = opts || {};
  const size = o.size || 72;
  const n = Math.max(1, Math.min(6, Math.round(Number(value)) || 1));
  const svg = ttS("svg", { class: "tt-die", viewBox: "0 0 100 100", width: size, height: size, role: "img",
    "aria-label": o.label || `die showing ${n}`, dataset: { value: n } });
  svg.append(ttS("rect", { x: 4, y: 4, width: 92, height: 92, rx: 16, class: "tt-die-face" }));
  for (const [c, r] of TT_PIPS[n]) {
    svg.append(ttS("circle", { cx: 25 + c * 25, cy: 25 + r * 25, r: 9, class: "tt-die-pip" }));
  }
  return svg;
}

/** Zaxxon spinner layout used when a game gives none. The rulebook gives no proportions: this is a
 *  reconstruction (equal RED/BLUE/WHITE thirds; "Z" on the outer ring of one sector in four). */
const TT_DEFAULT_SECTORS = [
  { color: "RED", z: true }, { color: "BLUE" }, { color: "WHITE" }, { color: "RED" },
  { color: "BLUE", z: true }, { color: "WHITE" }, { color: "RED" }, { color: "BLUE" },
  { color: "WHITE", z: true }, { color: "RED" }, { color: "BLUE" }, { color: "WHITE" },
];

const TT_SPIN_COLORS = {
  RED: { fill: "#d7263d", ink: "#fff", pattern: "stripes", short: "R" },
  BLUE: { fill: "#1f4fd1", ink: "#fff", pattern: "dots", short: "B" },
  WHITE: { fill: "#f4f4f4", ink: "#111", pattern: "none", short: "W" },
};

let ttUid = 0;

/** Black or white text, whichever reads better on a #rrggbb fill. */
function ttInkFor(fill) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(String(fill));
  if (!m) return "#111";
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => parseInt(x, 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.18 ? "#111" : "#fff";
}

/** Which sector a spinner outcome points at: a sector index, "RED", "Z", "RED+Z" or {color, z}. */
function ttSpinnerIndex(sectors, value) {
  if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value < sectors.length) return value;
  let color = null;
  let z = null;
  if (value && typeof value === "object") {
    color = value.color ? String(value.color).toUpperCase() : null;
    z = value.z === undefined ? null : !!value.z;
  } else if (typeof value === "string") {
    for (const tok of value.toUpperCase().split(/[^A-Z]+/).filter(Boolean)) {
      if (tok === "Z") z = true; else color = tok;
    }
    if (color !== null && z === null) z = false;
  }
  const score = (s) => (color === null || String(s.color).toUpperCase() === color ? 2 : 0) + (z === null || !!s.z === z ? 1 : 0);
  let best = -1;
  let bestScore = -1;
  sectors.forEach((s, i) => { const sc = score(s); if (sc > bestScore) { best = i; bestScore = sc; } });
  return bestScore >= 2 || (color === null && bestScore >= 1) ? best : -1;
}

function ttSectorAngles(sectors) {
  const total = sectors.reduce((a, s) => a + (Number(s.weight) > 0 ? Number(s.weight) : 1), 0);
  let a = 0;
  return sectors.map((s) => {
    const w = (Number(s.weight) > 0 ? Number(s.weight) : 1) / total * 360;
    const out = [a, a + w];
    a += w;
    return out;
  });
}

function ttArc(cx, cy, r0, r1, a0, a1) {
  const p = (r, a) => {
    const t = (a - 90) * Math.PI / 180;
    return `${(cx + r * Math.cos(t)).toFixed(2)} ${(cy + r * Math.sin(t)).toFixed(2)}`;
  };
  const large = a1 - a0 > 180 ? 1 : 0;
  return `M ${p(r1, a0)} A ${r1} ${r1} 0 ${large} 1 ${p(r1, a1)} L ${p(r0, a1)} A ${r0} ${r0} 0 ${large} 0 ${p(r0, a0)} Z`;
}

/** An SVG spinner (colour ring + outer "Z" ring) pointing at `value`.
 *  opts: {size, sectors: [{color, weight, z, label}], rotation (deg, overrides value), label, labels}.
 *  `labels` (default: size >= 120): draw the sector words; a small chip leaves them out (they would be a few
 *  px tall) and is named by its aria-label and caption instead, with patterns so colour is not the only cue. */
function drawSpinner(value, opts) {
  const o = opts || {};
  const size = o.size || 180;
  const labels = o.labels === undefined ? size >= 120 : !!o.labels;
  const sectors = (o.sectors && o.sectors.length) ? o.sectors : TT_DEFAULT_SECTORS;
  const angles = ttSectorAngles(sectors);
  const idx = ttSpinnerIndex(sectors, value);
  const uid = `tt${++ttUid}`;
  const svg = ttS("svg", { class: "tt-spinner", viewBox: "0 0 200 200", width: size, height: size, role: "img",
    "aria-label": o.label || (idx >= 0 ? `spinner pointing at ${ttSectorName(sectors[idx])}` : "spinner"),
    dataset: { value: ttFmtOutcome(value), sector: idx } });
  const defs = ttS("defs", {},
    ttS("pattern", { id: `${uid}-stripes`, width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      ttS("rect", { width: 8, height: 8, fill: TT_SPIN_COLORS.RED.fill }),
      ttS("rect", { width: 3, height: 8, fill: "rgba(0,0,0,0.28)" })),
    ttS("pattern", { id: `${uid}-dots`, width: 8, height: 8, patternUnits: "userSpaceOnUse" },
      ttS("rect", { width: 8, height: 8, fill: TT_SPIN_COLORS.BLUE.fill }),
      ttS("circle", { cx: 4, cy: 4, r: 1.6, fill: "rgba(255,255,255,0.45)" })));
  svg.append(defs);
  const wheel = ttS("g", { class: "tt-spinner-wheel" });
  sectors.forEach((s, i) => {
    const [a0, a1] = angles[i];
    const known = TT_SPIN_COLORS[String(s.color).toUpperCase()];
    const col = known && !s.fill ? known : {
      fill: s.fill || (known && known.fill) || "#999", pattern: "none",
      ink: s.ink || ttInkFor(s.fill || (known && known.fill) || "#999"),
      short: s.short || String(s.color || "?").slice(0, 1),
    };
    const fill = col.pattern === "none" ? col.fill : `url(#${uid}-${col.pattern})`;
    const on = i === idx;
    wheel.append(ttS("path", { d: ttArc(100, 100, 18, 74, a0, a1), fill, class: ["tt-sector", on && "tt-sector-on"],
      dataset: { index: i, color: s.color, z: s.z ? "1" : "0" } }));
    wheel.append(ttS("path", { d: ttArc(100, 100, 76, 96, a0, a1), class: ["tt-zring", s.z && "tt-zring-z", on && "tt-sector-on"] }));
    const mid = (a0 + a1) / 2;
    const t = (mid - 90) * Math.PI / 180;
    const lr = 50;
    if (labels) wheel.append(ttS("text", { x: (100 + lr * Math.cos(t)).toFixed(1), y: (100 + lr * Math.sin(t)).toFixed(1),
      class: "tt-sector-label", fill: col.ink, transform: `rotate(${mid.toFixed(1)} ${(100 + lr * Math.cos(t)).toFixed(1)} ${(100 + lr * Math.sin(t)).toFixed(1)})` },
      s.label || (a1 - a0 >= 40 ? String(s.color) : col.short)));
    if (s.z && labels) {
      const zr = 86;
      wheel.append(ttS("text", { x: (100 + zr * Math.cos(t)).toFixed(1), y: (100 + zr * Math.sin(t)).toFixed(1),
        class: "tt-z-label", transform: `rotate(${mid.toFixed(1)} ${(100 + zr * Math.cos(t)).toFixed(1)} ${(100 + zr * Math.sin(t)).toFixed(1)})` }, "Z"));
    }
  });
  let rot = 0;
  if (typeof o.rotation === "number") rot = o.rotation;
  else if (idx >= 0) rot = -(angles[idx][0] + angles[idx][1]) / 2;
  wheel.style.transform = `rotate(${rot}deg)`;
  wheel.style.transformOrigin = "100px 100px";
  svg.append(wheel);
  svg.append(ttS("circle", { cx: 100, cy: 100, r: 16, class: "tt-spinner-hub" }));
  svg.append(ttS("path", { d: "M 100 22 L 91 2 L 109 2 Z", class: "tt-spinner-pointer" }));
  return svg;
}

function ttSectorName(s) {
  return `${String(s.color).toUpperCase()}${s.z ? " with Z" : ""}`;
}

/** The rotation (deg) that brings the sector of `value` under the pointer. */
function ttSpinnerRotation(sectors, value) {
  const sec = (sectors && sectors.length) ? sectors : TT_DEFAULT_SECTORS;
  const idx = ttSpinnerIndex(sec, value);
  if (idx < 0) return 0;
  const [a0, a1] = ttSectorAngles(sec)[idx];
  return -(a0 + a1) / 2;
}

/** A row of labelled faces (Xevoz Battle Helix hook): faces = [{value, label, detail, color}], `value` lit. */
function drawFaces(faces, value, opts) {
  const o = opts || {};
  const key = ttFmtOutcome(value);
  const row = ttH("div", { class: "tt-faces", role: "list", "aria-label": o.label || "faces" });
  (faces || []).forEach((f, i) => {
    const fv = f && typeof f === "object" && "value" in f ? f.value : f;
    const on = ttFmtOutcome(fv) === key;
    row.append(ttH("div", {
      class: ["tt-face", on && "tt-face-on"], role: "listitem", "aria-current": on ? "true" : null,
      dataset: { index: i, value: ttFmtOutcome(fv) },
      style: f && f.color ? { "--tt-face-color": String(f.color) } : null,
    }, ttH("span", { class: "tt-face-label" }, (f && f.label) || ttFmtOutcome(fv)),
    f && f.detail ? ttH("span", { class: "tt-face-detail" }, f.detail) : null,
    on ? ttH("span", { class: "tt-face-mark" }, ttIcon("up", { size: 12 }), " this one") : null));
  });
  return row;
}

const TT_CHANCE_TRAITS = ["kind", "title", "faces", "sectors", "value", "rigged", "n", "history", "pending", "error", "version"];

/** The view of the standalone ChanceWidget: a big roll button with the picture, the outcome, the history. */
function ttRenderChance({ model, el }) {
  const root = ttH("div", { class: "tt-root tt-chance", "data-lm-suppress-shortcuts": "true" });
  el.classList.add("tt-host");
  ttReplace(el, root);
  let shownN = model.get("n");
  let rotation = ttSpinnerRotation(model.get("sectors"), model.get("value"));
  let animTimer = null;
  let pendingAt = 0;
  const rtts = [];
  const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  const verb = (k) => (k === "spinner" ? "Spin the spinner" : k === "die" ? "Roll the die" : "Roll");
  const noun = (k) => (k === "spinner" ? "Spun" : "Rolled");

  function picture(kind, value, rot) {
    if (kind === "die") return drawDie(value === null || value === undefined ? 1 : value, { size: 120 });
    if (kind === "spinner") return drawSpinner(value, { size: 220, sectors: model.get("sectors"), rotation: rot });
    return drawFaces(model.get("faces"), value, {});
  }

  function outcomeText(kind, value) {
    if (value === null || value === undefined) return `${verb(kind)}: press the button or Enter.`;
    return `${noun(kind)}: ${ttFmtOutcome(value)}`;  // a rigged outcome gets the RIGGED badge next to it
  }

  function draw(animate) {
    const kind = model.get("kind");
    const value = model.get("value");
    const rigged = model.get("rigged");
    const n = model.get("n");
    root.dataset.kind = kind;
    root.dataset.value = ttFmtOutcome(value);
    root.dataset.n = String(n);
    root.dataset.rigged = rigged ? "1" : "0";
    root.dataset.version = String(model.get("version"));
    let target = rotation;
    if (kind === "spinner") {
      target = ttSpinnerRotation(model.get("sectors"), value);
      if (animate && !reduced) {
        // keep turning clockwise: at least three full turns past the current angle
        const base = rotation - (((rotation - target) % 360) + 360) % 360;
        target = base - 3 * 360;
      }
    }
    const pic = picture(kind, value, kind === "spinner" ? rotation : undefined);
    const button = ttH("button", { type: "button", class: "tt-roll", "aria-label": `${verb(kind)} (Enter or Space)`,
      onClick: () => {
        pendingAt = performance.now();
        model.send({ type: "roll", version: Number(root.dataset.version) });
      } }, pic, ttH("span", { class: "tt-roll-label" }, verb(kind)));
    const outcome = ttH("div", { class: "tt-outcome", "aria-live": "polite", role: "status" });
    const hist = (model.get("history") || []).slice(-12);
    const pend = model.get("pending") || [];
    const err = model.get("error");
    ttReplace(root, 
      ttH("h3", { class: "tt-title" }, model.get("title") || verb(kind)),
      button, outcome,
      pend.length ? ttH("div", { class: "tt-rigs" }, ttH("span", { class: "tt-rigged-mark" }, "RIGGED NEXT"), ` ${pend.map(ttFmtOutcome).join(", ")}`) : null,
      err ? ttH("div", { class: "tt-error", role: "alert" }, ttH("code", { class: "tt-rule" }, err.rule), " ", err.reason) : null,
      hist.length ? ttH("ol", { class: "tt-history", "aria-label": "earlier outcomes" },
        hist.map((h) => ttH("li", { class: h.rigged ? "tt-draw-rigged" : "", dataset: { n: h.n } }, ttFmtOutcome(h.value), h.rigged ? ttH("span", { class: "tt-rigged-mark" }, "R") : null))) : null);
    const settle = () => {
      ttReplace(outcome, ttH("span", { class: "tt-outcome-text" }, outcomeText(kind, value)),
        rigged ? ttH("span", { class: "tt-rigged-mark", title: "This outcome was rigged with rig()" }, "RIGGED") : null);
      root.dataset.settled = "1";
    };
    clearTimeout(animTimer);
    if (animate && !reduced && value !== null && value !== undefined) {
      root.dataset.settled = "0";
      root.classList.add("tt-rolling");
      outcome.textContent = kind === "spinner" ? "Spinning…" : "Rolling…";
      if (kind === "spinner") {
        const wheel = pic.querySelector(".tt-spinner-wheel");
        requestAnimationFrame(() => requestAnimationFrame(() => { wheel.style.transform = `rotate(${target}deg)`; }));
        rotation = target;
        animTimer = setTimeout(() => { root.classList.remove("tt-rolling"); settle(); }, 950);
      } else {
        let ticks = 0;
        const faces = model.get("faces") || [];
        const tick = () => {
          ticks += 1;
          if (ticks >= 8) {
            button.replaceChild(picture(kind, value), button.firstChild);
            root.classList.remove("tt-rolling");
            settle();
            return;
          }
          const fake = kind === "die" ? 1 + Math.floor(Math.random() * 6)
            : (faces.length ? (faces[ticks % faces.length].value ?? faces[ticks % faces.length]) : value);
          button.replaceChild(picture(kind, fake), button.firstChild);
          animTimer = setTimeout(tick, 70);
        };
        tick();
      }
    } else {
      rotation = target;
      settle();
    }
    if (pendingAt) {
      ttRecordRtt(root, rtts, pendingAt);
      pendingAt = 0;
    }
  }

  let animateNext = false;
  const redraw = ttBatched(() => { const a = animateNext; animateNext = false; draw(a); });
  const onChange = () => {
    const n = model.get("n");
    if (n !== shownN) { animateNext = true; shownN = n; }
    redraw();
  };
  for (const name of TT_CHANCE_TRAITS) model.on(`change:${name}`, onChange);
  draw(false);
  return () => {
    for (const name of TT_CHANCE_TRAITS) model.off(`change:${name}`, onChange);
    clearTimeout(animTimer);
  };
}
