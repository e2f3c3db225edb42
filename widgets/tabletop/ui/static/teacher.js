// ---- the teacher panel (Board(teacher=True)) ----
// Drawn by the kit under the board when the `teacher` trait is on. Every control sends one message
// {type: "teacher", op, version, ...}; Python validates it and answers (a refusal shows in the error banner).
// Text from games and users is set as text only.

/** The teacher panel: choose the next chance outcome, pending rigs, undo/redo, the timeline of turns, the lines
 *  (main line + branches), copy/load a position as text, and named teaching positions.
 *  api: {send(type, extra), memo, schedule, root, preview(id|null, how)}. */
function ttTeacherPanel(m, api) {
  const d = m.teacher_data || {};
  const memo = api.memo;
  const live = !!m.interactive;
  const tsend = (op, extra) => api.send("teacher", Object.assign({ op }, extra || {}));
  const inert = (ok) => (!live || !ok) && "tt-inert";
  const sections = [];

  // -- chance: choose the next die / spinner / helix side / card
  const chance = Object.entries(d.chance || {});
  if (chance.length) {
    const rows = chance.map(([kind, outcomes]) => {
      const cfg = ((m.view_data || {}).chance || {})[kind] || {};
      const name = typeof cfg.title === "string" && cfg.title ? cfg.title : kind;
      const label = (v) => {
        const raw = ttFmtOutcome(v);
        // choice_labels: words for an outcome id in the rig menu (a card's title for its id); else the chip's labels
        for (const table of [cfg.choice_labels, cfg.labels]) {
          if (table && typeof table[raw] === "string" && table[raw]) return table[raw];
        }
        return raw;
      };
      let pick;
      if (outcomes.length <= 12) {
        pick = ttH("div", { class: "tt-rig-choices", role: "group", "aria-label": `next ${name}` },
          outcomes.map((v, i) => ttH("button", {
            type: "button", class: ["tt-rig-choice", inert(true)], dataset: { kind, value: ttFmtOutcome(v), focus: `rig:${kind}:${i}` },
            "aria-label": `rig the next ${name}: ${label(v)}`, onClick: () => tsend("rig", { kind, value: v }),
          }, label(v))));
      } else {
        const key = `rig:${kind}`;
        const chosen = Math.min(Number(memo.teacherPick[key] || 0), outcomes.length - 1);
        pick = ttH("span", { class: "tt-rig-choices" },
          ttH("select", { class: "tt-rig-select", dataset: { kind, focus: `rigsel:${kind}` }, "aria-label": `next ${name}`,
            onChange: (ev) => { memo.teacherPick[key] = ev.target.selectedIndex; } },
          outcomes.map((v, i) => ttH("option", { value: String(i), selected: i === chosen }, label(v)))),
          " ",
          ttH("button", { type: "button", class: ["tt-rig-go", inert(true)], dataset: { kind, focus: `riggo:${kind}` },
            onClick: () => tsend("rig", { kind, value: outcomes[Number(memo.teacherPick[key] || 0)] }) }, "Rig it"));
      }
      return ttH("div", { class: "tt-rig-row", dataset: { kind } }, ttH("span", { class: "tt-rig-kind" }, `Next ${name}: `), pick);
    });
    const pending = Object.entries(m.rigged || {}).filter(([, vs]) => (vs || []).length);
    const list = pending.length
      ? ttH("ul", { class: "tt-rig-pending-list" }, pending.map(([kind, vs]) => ttH("li", { class: "tt-rig-pending", dataset: { kind } },
        ttH("span", { class: "tt-rigged-mark" }, "RIGGED"), ` ${kind}: ${vs.map(ttFmtOutcome).join(", ")} `,
        ttH("button", { type: "button", class: ["tt-rig-clear", inert(true)], dataset: { kind, focus: `rigclear:${kind}` },
          "aria-label": `remove the rigged ${kind} outcomes`, onClick: () => tsend("clear_rigs", { kind }) }, "Remove"))))
      : ttH("p", { class: "tt-teacher-note" }, "Nothing rigged: chance decides.");
    sections.push(ttH("section", { class: "tt-teacher-chance", "aria-label": "rig chance" },
      ttH("h5", {}, "Next chance outcome"), rows, list));
  }

  // -- undo / redo and the timeline of turns
  const timeline = d.timeline || [];
  const label = (t) => (t.n === 0 ? "Setup" : [`${t.n}. `, t.seat === null || t.seat === undefined ? "" : `${ttSeatName(m.players, t.seat)}: `, ttTxt(t.text)]);
  const locked = timeline.filter((t) => t.locked);
  // turns before the hand-over are the lesson's: not buttons (the board cannot go back there), and why
  const lockedNote = locked.length ? ttH("p", { class: "tt-teacher-note tt-timeline-locked-note" },
    `Turns ${locked[0].n}–${locked[locked.length - 1].n} are before the hand-over and cannot be shown again: ${ttTxt(d.locked_why)}.`) : null;
  const turns = ttH("ol", { class: "tt-timeline", "aria-label": "turns" }, timeline.map((t) => ttH("li", {},
    t.locked ? ttH("span", { class: "tt-timeline-turn tt-timeline-locked", dataset: { turn: t.n, locked: "1" },
      title: `before the hand-over: ${ttTxt(d.locked_why)}` }, label(t)) : ttH("button", {
      type: "button", class: ["tt-timeline-turn", t.at && "tt-timeline-at", t.future && "tt-timeline-future", !live && "tt-inert"],
      dataset: { turn: t.n, at: t.at ? "1" : "0", future: t.future ? "1" : "0", focus: `turn:${t.n}` },
      "aria-current": t.at ? "step" : null, title: t.at ? "the position shown" : "show the position after this turn",
      onClick: () => tsend("goto", { turn: t.n }),
    }, label(t)))));
  sections.push(ttH("section", { class: "tt-teacher-history", "aria-label": "timeline" },
    ttH("h5", {}, "Timeline"),
    ttH("div", { class: "tt-teacher-buttons" },
      ttH("button", { type: "button", class: ["tt-teacher-undo", inert(m.can_undo)], dataset: { focus: "t-undo" },
        onClick: () => api.send("undo") }, "Undo"),
      ttH("button", { type: "button", class: ["tt-redo", inert(d.can_redo)], dataset: { focus: "t-redo" },
        onClick: () => tsend("redo") }, "Redo")),
    lockedNote, turns));

  // -- "what would a strong player do here?": the search bot's top moves (tabletop/ui/advice.py); a move is played
  // like a click on it (one "act" message), hovering / focusing it previews it on the board
  const strong = d.strong && typeof d.strong === "object" ? d.strong : null;
  const over = !!m.is_over;
  sections.push(ttH("section", { class: "tt-teacher-strong", "aria-label": "strong bot", dataset: { shown: strong ? "1" : "0" } },
    ttH("h5", {}, "Strong bot"),
    ttH("button", { type: "button", class: ["tt-ask-strong", inert(!over)], dataset: { focus: "ask-strong" },
      "aria-label": "Ask the strong bot: its top moves for the position shown",
      onClick: () => tsend("analyse") }, "Ask the strong bot"),
    strong
      ? ttStrongMoves(strong, { live, label: "the strong bot's top moves: press one to play it",
        onPick: (mv) => api.send("act", { id: String(mv.id) }), onPreview: api.preview })
      : ttH("p", { class: "tt-teacher-note" }, over ? "The game is over: there is no move to suggest."
        : "What would a strong player do here? The search bot's top moves for this position, with their share of its simulated games and its estimated chance of winning.")));

  // -- lines: the main line and the branches
  const lines = d.lines || [];
  if (lines.length > 1) {
    sections.push(ttH("section", { class: "tt-teacher-lines", "aria-label": "lines" },
      ttH("h5", {}, "Lines"),
      ttH("ul", { class: "tt-lines" }, lines.map((ln, i) => ttH("li", {},
        ttH("button", { type: "button", class: ["tt-line", ln.current && "tt-line-current", !live && "tt-inert"],
          dataset: { line: i, current: ln.current ? "1" : "0", focus: `line:${i}` }, "aria-current": ln.current ? "true" : null,
          onClick: () => tsend("line", { line: i }) },
        `${ttTxt(ln.name)} (${ttTxt(ln.turns)} turns)`,
        ln.from ? ttH("span", { class: "tt-line-from" }, ` from ${ttTxt(ln.from[0])}, turn ${ttTxt(ln.from[1])}`) : null)))),
      d.line ? ttH("button", { type: "button", class: ["tt-main-line", !live && "tt-inert"], dataset: { focus: "main-line" },
        onClick: () => tsend("line", { line: 0 }) }, "Restore the main line") : null));
  }

  // -- copy / load a position as text
  const copy = () => {
    const box = api.root.querySelector(".tt-position-text");
    const text = box ? box.value : "";
    const done = () => { memo.teacherCopied = text; api.schedule(); };
    const fallback = () => { if (box) { box.select(); try { document.execCommand("copy"); } catch (_e) { /* selected: Ctrl+C */ } } done(); };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, fallback);
    else fallback();
  };
  const canEdit = d.position !== null && d.position !== undefined;
  sections.push(ttH("section", { class: "tt-teacher-position", "aria-label": "position as text" },
    ttH("h5", {}, "Position"),
    canEdit ? ttH("button", { type: "button", class: ["tt-edit-position", memo.editing && "tt-editing", !live && "tt-inert"],
      "aria-pressed": memo.editing ? "true" : "false", dataset: { focus: "edit-position" },
      onClick: () => {
        memo.editing = !memo.editing;
        memo.editPick = null;
        if (memo.editing) memo.editSession = (memo.editSession || 0) + 1;  // its edits are one timeline entry
        api.schedule();
      } },
    memo.editing ? "Stop editing" : "Edit position (click the board)") : null,
    canEdit && memo.editing ? ttH("p", { class: "tt-teacher-note tt-edit-help" },
      ttTxt(((m.view_data || {}).editor || {}).help) || "Click the board to change the position.") : null,
    d.position === null || d.position === undefined
      ? ttH("p", { class: "tt-teacher-note" }, ttTxt(d.no_position) || "This game has no position text.")
      : [ttH("textarea", { class: "tt-position-text", readonly: true, rows: 3, "aria-label": "the position as text (read only)",
        dataset: { focus: "position-text" } }, ttTxt(d.position)),
      ttH("button", { type: "button", class: "tt-copy-position", dataset: { focus: "copy-position" }, onClick: copy },
        memo.teacherCopied === d.position ? "Copied" : "Copy position"),
      d.link ? [" ", ttH("button", { type: "button", class: "tt-copy-link", dataset: { focus: "copy-link" },
        title: "A link to this page that opens this board at this position (works in JupyterLab, Voila and the site)",
        onClick: () => {
          const url = ttLinkUrl(d.link);
          ttCopyText(url, api.root.querySelector(".tt-link-text"), (ok) => { memo.linkCopied = ok ? url : `select:${url}`; api.schedule(); });
        } }, memo.linkCopied === ttLinkUrl(d.link) ? "Link copied" : "Copy link"),
      ttH("input", { class: "tt-link-text", readonly: true, hidden: !(memo.linkCopied || "").startsWith("select:"),
        "aria-label": "a link to this position (select and copy it)", value: (memo.linkCopied || "").replace(/^select:/, ""),
        dataset: { focus: "link-text" } })] : null],
    ttH("textarea", { class: "tt-load-text", rows: 3, placeholder: "paste a position here", "aria-label": "position to load",
      dataset: { focus: "load-text" }, onInput: (ev) => { memo.teacherLoad = ev.target.value; } }, memo.teacherLoad || ""),
    ttH("button", { type: "button", class: ["tt-load-position", !live && "tt-inert"], dataset: { focus: "load-position" },
      onClick: () => tsend("setup", { text: memo.teacherLoad || "" }) }, "Load position")));

  // -- named teaching positions
  const teaching = d.teaching || [];
  if (teaching.length) {
    const idx = Math.max(0, teaching.findIndex((p) => p.id === memo.teachingId));
    const chosen = teaching[idx];
    sections.push(ttH("section", { class: "tt-teacher-teaching", "aria-label": "teaching positions" },
      ttH("h5", {}, "Teaching positions"),
      ttH("select", { class: "tt-teaching-select", "aria-label": "teaching position", dataset: { focus: "teaching-select" },
        onChange: (ev) => { memo.teachingId = teaching[ev.target.selectedIndex].id; api.schedule(); } },
      teaching.map((p, i) => ttH("option", { value: p.id, selected: i === idx }, ttTxt(p.title)))),
      " ",
      ttH("button", { type: "button", class: ["tt-teaching-load", !live && "tt-inert"], dataset: { focus: "teaching-load", id: chosen.id },
        onClick: () => tsend("teaching", { id: chosen.id }) }, "Load"),
      ttH("p", { class: "tt-teaching-about" }, ttTxt(chosen.about)),
      d.teaching_loaded ? ttH("p", { class: "tt-teacher-note tt-teaching-loaded" }, `Loaded: ${ttTxt(d.teaching_loaded)}`) : null));
  }

  return ttH("section", { class: "tt-teacher", "aria-label": "teacher panel", dataset: { line: ttTxt(d.line) } },
    ttH("h4", {}, "Teacher"), sections);
}
