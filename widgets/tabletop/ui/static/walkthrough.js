// The narration column of a Walkthrough: "Lesson step n of N", jump-to-step, Markdown narration (rendered and
// escaped in Python from authored text), clause badges, Back/Next buttons and keys, the "Your turn" hand-over,
// and the projector view toggle (Python owns the `presentation` trait; the button only asks, Esc leaves).
// Issue 20: a question before a step's reveal (radio buttons or checkboxes, feedback with the clause), a "your
// move" step (the prompt, the verdict on the learner's move, Show me), and the hand-over's task (goal, who plays
// whom, moves against par, stars, hints, Try again, Next lesson). Every control only sends a message; Python
// judges it and owns every trait.

const TT_WALK_TRAITS = ["steps", "step", "title", "error", "version", "moves_since", "lesson_steps", "presentation",
  "phase", "question", "your_move", "task"];

/** The URL of a sibling notebook `name` of the notebook shown: JupyterLite (`...?path=dir/x.ipynb`), JupyterLab
 *  (`/lab/tree/dir/x.ipynb`), Voilà (`/voila/render/dir/x.ipynb`), or any URL ending in the notebook's file. */
function ttSiblingNotebook(name, loc) {
  const where = loc || window.location;
  const file = String(name || "").split("/").pop();
  if (!/\.ipynb$/i.test(file)) return null;
  const params = new URLSearchParams(where.search || "");
  const p = params.get("path");
  if (p && /\.ipynb$/i.test(p)) {
    params.set("path", p.replace(/[^/]*$/, file));
    return `${where.pathname}?${params.toString()}${where.hash || ""}`;
  }
  let path = where.pathname || "";
  try { path = decodeURI(path); } catch (_e) { /* keep it as it is */ }
  if (/\.ipynb$/i.test(path)) {
    return encodeURI(path.replace(/[^/]*$/, file));  // not "?reset" and the like: they belong to this page
  }
  return null;
}

/** A node holding HTML that Python rendered (mistune, raw HTML escaped) from a lesson's authored Markdown: the
 *  narration, a question's prompt, a your-move prompt, a task's goal, hints, success and failure sentences.
 *  The one place the panel inserts HTML; game and player text never comes here. */
function ttRendered(tag, attrs, rendered) {
  const node = ttH(tag, attrs);
  node.innerHTML = typeof rendered === "string" ? rendered : "";
  return node;
}

/** "★★☆" with its words for screen readers */
function ttStars(n) {
  const k = Math.max(0, Math.min(3, Number(n) || 0));
  return ttH("span", { class: "tt-stars", role: "img", "aria-label": `${k} of 3 stars`, dataset: { stars: k } },
    "★".repeat(k) + "☆".repeat(3 - k));
}

function ttClauseChip(c) {
  return ttH("span", { class: "tt-clause-chip", dataset: { rule: c.id }, title: ttTxt(c.says) || null },
    ttH("code", { class: "tt-rule" }, ttTxt(c.id)), c.title ? ` ${ttTxt(c.title)}` : "");
}
/** projector view: the narration's type starts this large (px, at 1280 px wide; it grows with the window) and
 *  shrinks step by step, never below TT_WALK_MIN_PX, until the whole panel fits the window's height */
const TT_WALK_MAX_PX = 30;
const TT_WALK_MIN_PX = 16;

function ttRenderWalkthrough({ model, el }) {
  const root = ttH("div", { class: "tt-root tt-walk", tabindex: "0", role: "region", "data-lm-suppress-shortcuts": "true" });
  el.classList.add("tt-host");
  ttReplace(el, root);
  let pendingAt = 0;
  let dismissed = 0;
  let picks = { key: "", set: new Set() };  // the learner's choices before they press Check
  let linkCopied = "";  // the link last copied (or "select:" + the link, shown to copy by hand)
  const rtts = [];
  const focus = ttFocusKeeper(root);

  const schedule = ttBatched(() => draw());
  for (const name of TT_WALK_TRAITS) model.on(`change:${name}`, schedule);

  function go(k) {
    const steps = model.get("steps") || [];
    if (k < 0 || k >= steps.length || k === model.get("step")) return;
    pendingAt = performance.now();
    root.dataset.pending = "1";
    root.dataset.busy = "1";
    model.send({ type: "goto", step: k, version: Number(root.dataset.version) });
  }

  function ask(type, extra) {
    pendingAt = performance.now();
    root.dataset.pending = "1";
    root.dataset.busy = "1";
    model.send({ type, version: Number(root.dataset.version), ...(extra || {}) });
  }

  /** Next: a question or your-move step goes on to its reveal; else the next step */
  function forward() {
    const phase = model.get("phase") || "shown";
    if (phase === "question") ask("reveal");
    else if (phase === "your-move") ask("show_me");
    else go(model.get("step") + 1);
  }

  /** After the reveal the question stays, folded to one line (the narration now tells the outcome); the prompt,
   *  the clause and the reason open from it. */
  function answeredLine(q) {
    const fb = q.feedback;
    const rightTexts = (fb ? fb.right : []).map((i) => ttTxt(q.choices[i])).join("; ");
    const head = !fb ? "Question skipped." : fb.correct ? `✓ You answered right: ${rightTexts}` : `✗ The answer: ${rightTexts}`;
    return ttH("section", { class: "tt-question tt-question-done", dataset: { answered: fb ? "1" : "0" }, "aria-label": "the question" },
      ttH("details", { class: ["tt-q-summary", fb && (fb.correct ? "tt-ok" : "tt-wrong")], dataset: { correct: fb ? (fb.correct ? "1" : "0") : null, rule: fb ? fb.rule : null } },
        ttH("summary", {}, head),
        ttRendered("div", { class: "tt-q-prompt" }, q.prompt),
        fb ? ttH("div", {}, ttClauseChip({ id: fb.rule, title: fb.title, says: fb.says }), " ", ttH("span", { class: "tt-q-reason" }, ttTxt(fb.reason))) : null));
  }

  function questionBox(q, phase) {
    if (!q || !q.choices) return null;
    if (phase === "shown") return answeredLine(q);
    const key = `${model.get("step")}/${q.prompt}`;
    if (picks.key !== key) picks = { key, set: new Set() };
    const fb = q.feedback;
    const answered = !!fb;
    const name = `tt-q-${key.length}-${model.get("step")}`;
    const right = new Set(fb ? fb.right : []);
    const picked = new Set(fb ? fb.picked : picks.set);
    const choices = q.choices.map((text, i) => {
      const input = ttH("input", { type: q.multiple ? "checkbox" : "radio", name, value: String(i),
        class: "tt-q-input", checked: picked.has(i), disabled: answered, dataset: { focus: `choice-${i}`, index: i },
        onChange: (ev) => {
          if (!q.multiple) picks.set.clear();
          if (ev.target.checked) picks.set.add(i); else picks.set.delete(i);
          schedule();
        } });
      const verdict = answered && (right.has(i) ? "right" : picked.has(i) ? "wrong" : "");
      return ttH("li", { class: ["tt-q-choice", verdict && `tt-q-${verdict}`], dataset: { index: i, verdict: verdict || null } },
        ttH("label", {}, input, " ", ttTxt(text),
          verdict === "right" ? ttH("span", { class: "tt-q-mark" }, " ✓ the right answer") : null,
          verdict === "wrong" ? ttH("span", { class: "tt-q-mark" }, " ✗ your choice") : null));
    });
    const prompt = ttRendered("div", { class: "tt-q-prompt", id: `${name}-prompt` }, q.prompt);
    const check = answered ? null : ttH("button", { type: "button", class: "tt-q-check", dataset: { focus: "check" },
      disabled: picks.set.size === 0, title: picks.set.size ? null : "pick an answer first",
      onClick: () => ask("answer", { picked: [...picks.set].sort((a, b) => a - b) }) }, "Check my answer");
    const feedback = fb ? ttH("div", { class: ["tt-q-feedback", fb.correct ? "tt-ok" : "tt-wrong"], role: "status",
      dataset: { correct: fb.correct ? "1" : "0", rule: fb.rule } },
    ttH("strong", {}, fb.correct ? "Right." : "Not quite."), " ",
    ttClauseChip({ id: fb.rule, title: fb.title, says: fb.says }), " ",
    ttH("span", { class: "tt-q-reason" }, ttTxt(fb.reason)),
    phase === "question" ? ttH("div", { class: "tt-q-next" }, "Press Next (→) to see what happens.") : null) : null;
    return ttH("section", { class: "tt-question", dataset: { answered: answered ? "1" : "0", multiple: q.multiple ? "1" : "0" },
      "aria-label": "question" },
    ttH("h5", {}, phase === "question" ? "Question — before you see it" : "The question"),
    prompt,
    ttH("fieldset", { class: "tt-q-choices", "aria-labelledby": `${name}-prompt` },
      ttH("legend", { class: "tt-q-legend" }, q.multiple ? "Pick every right answer" : "Pick one answer"),
      ttH("ul", {}, choices)),
    check, feedback);
  }

  function yourMoveBox(y, phase) {
    if (!y || !y.prompt) return null;
    const fb = y.feedback;
    if (phase === "shown") {  // after the move: one line (the narration now tells the outcome)
      const text = fb && fb.accepted ? `✓ Your move: ${ttTxt(fb.action)}.` : ttTxt(y.note) || "Shown.";
      return ttH("section", { class: "tt-your-move tt-your-move-done", dataset: { done: "1", tries: y.tries || 0 }, "aria-label": "your move" },
        ttH("p", { class: "tt-ym-line" }, ttH("strong", {}, "Your move: "), text,
          fb && fb.accepted && y.note ? ` ${ttTxt(y.note)}` : ""),
        fb && fb.accepted ? ttH("div", { class: "tt-ym-feedback tt-ok", dataset: { accepted: "1", rule: fb.rule } },
          ttClauseChip({ id: fb.rule, title: fb.title, says: fb.says })) : null);
    }
    const prompt = ttRendered("div", { class: "tt-ym-prompt" }, y.prompt);
    const feedback = fb ? ttH("div", { class: ["tt-ym-feedback", fb.accepted ? "tt-ok" : "tt-wrong"],
      role: fb.accepted ? "status" : "alert", dataset: { accepted: fb.accepted ? "1" : "0", rule: fb.rule } },
    ttH("strong", {}, fb.accepted ? "Yes!" : fb.refused ? "Not allowed." : "Not this one."), " ",
    fb.action ? ttH("span", { class: "tt-ym-action" }, `${ttTxt(fb.action)}: `) : null,
    ttH("span", { class: "tt-ym-reason" }, ttTxt(fb.reason)), " ", ttClauseChip({ id: fb.rule, title: fb.title, says: fb.says }),
    !fb.accepted && phase === "your-move" ? ttH("div", { class: "tt-ym-again" }, "The move was taken back: try another, or press Show me.") : null) : null;
    return ttH("section", { class: "tt-your-move", dataset: { done: y.done ? "1" : "0", tries: y.tries || 0 }, "aria-label": "your move" },
      ttH("h5", {}, y.done ? "Your move" : "Your move — make it on the board"),
      prompt,
      y.clauses && y.clauses.length ? ttH("div", { class: "tt-chips" }, y.clauses.map(ttClauseChip)) : null,
      feedback,
      y.done && y.note ? ttH("p", { class: "tt-ym-note" }, ttTxt(y.note)) : null,
      phase === "your-move" ? ttH("button", { type: "button", class: "tt-ym-show", dataset: { focus: "show-me" },
        onClick: () => ask("show_me") }, "Show me") : null);
  }

  function taskBox(tk) {
    if (!tk || !tk.goal) return null;
    const goal = ttRendered("div", { class: "tt-task-goal" }, tk.goal);
    const status = tk.status;
    const par = tk.par === null || tk.par === undefined ? "" : ` (par ${tk.par})`;
    // the last rung may be the strong player's moves (tk.strong, words from Python): drawn as a list, not Markdown
    const strong = tk.strong && typeof tk.strong === "object" ? tk.strong : null;
    const hints = (tk.hints || []).map((h, i) => (strong && strong.index === i
      ? ttH("li", { class: ["tt-task-hint", "tt-task-hint-strong"], dataset: { index: i, turn: ttTxt(strong.turn) } },
        ttStrongMoves(strong, { label: "the strong player's top moves" }))
      : ttRendered("li", { class: "tt-task-hint", dataset: { index: i } }, h)));
    const left = (tk.hints_total || 0) - (tk.hints || []).length;
    // the next rung is the strong player's when only it is left (the task's own hints come first)
    const strongNext = left === 1 && (tk.hints_total || 0) > 1 && !strong && tk.strong_rung;
    const next = tk.next;
    const href = next ? ttSiblingNotebook(next.notebook) || next.notebook : null;
    const nextLink = next && next.notebook ? ttH("a", { class: "tt-task-next", href, target: "_self",
      dataset: { notebook: next.notebook, lesson: next.id } }, "Next lesson",
    ttH("span", { class: "tt-long" }, `: ${ttTxt(next.title)}`), " →") : null;
    const retry = ttH("button", { type: "button", class: "tt-task-retry", dataset: { focus: "retry" },
      onClick: () => ask("retry") }, "Try again");
    let result = null;
    if (status === "done") {
      const success = ttRendered("div", { class: "tt-task-success-text" }, tk.success);
      result = ttH("div", { class: "tt-task-result tt-ok", role: "status", dataset: { status } },
        ttH("strong", {}, "Done! "), ttStars(tk.stars),
        ttH("span", { class: "tt-task-score" }, ` in ${tk.moves} move${tk.moves === 1 ? "" : "s"}${par}` +
          ((tk.hints || []).length ? `, ${(tk.hints || []).length} hint${(tk.hints || []).length === 1 ? "" : "s"}` : "")),
        success);
    } else if (status === "failed") {
      const failure = ttRendered("div", { class: "tt-task-failure" }, tk.failure);
      result = ttH("div", { class: "tt-task-result tt-wrong", role: "alert", dataset: { status } },
        ttH("strong", {}, "Not this time."), failure,
        ttH("div", {}, "Press Try again to start again from the hand-over."));
    }
    if (status === "off") {
      result = ttH("div", { class: "tt-task-result tt-task-off", role: "status", dataset: { status } }, ttTxt(tk.note));
    }
    return ttH("section", { class: "tt-task", dataset: { status, stars: tk.stars || 0, hints: (tk.hints || []).length },
      "aria-label": "your task" },
    ttH("h5", {}, "Your task"),
    goal,
    ttH("p", { class: "tt-task-players" }, ttTxt(tk.players)),
    tk.clauses && tk.clauses.length ? ttH("div", { class: "tt-chips" }, tk.clauses.map((c) => [ttClauseChip(c), ttSourceButton(model, c.id, el), " "])) : null,
    status === "playing" ? ttH("p", { class: "tt-task-moves", "aria-live": "polite" },
      `Your moves so far: ${tk.moves}${par}.`) : null,
    result,
    hints.length ? ttH("ol", { class: "tt-task-hints", "aria-label": "hints" }, hints) : null,
    ttH("div", { class: "tt-task-buttons" },
      status !== "done" && left > 0 ? ttH("button", { type: "button", class: "tt-task-hint-btn",
        dataset: { focus: "hint", strong: strongNext ? "1" : "0" },
        onClick: () => ask("hint") }, strongNext ? "Hint: what would a strong player do?" : "Hint",
      ttH("span", { class: "tt-long" }, ` (${left} left, each costs a star)`),
      ttH("span", { class: "tt-short" }, ` (${left} left)`)) : null,
      retry,
      nextLink || (status === "done" ? ttH("span", { class: "tt-task-last" }, "That was the last lesson of this game.") : null)));
  }

  function present(on) {
    pendingAt = performance.now();
    root.dataset.pending = "1";
    root.dataset.busy = "1";
    model.send({ type: "presentation", on, version: Number(root.dataset.version) });
  }

  /** In the projector view the panel fills the window's height: the largest type (up to TT_WALK_MAX_PX, scaled
   *  with the window's width) at which nothing in the panel is cut off. */
  function fitType() {
    if (!model.get("presentation")) { root.style.fontSize = ""; delete root.dataset.fontPx; return; }
    const top = Math.min(Math.max(TT_WALK_MAX_PX * window.innerWidth / 1280, TT_WALK_MIN_PX), 48);
    let px = Math.round(top);
    root.style.fontSize = `${px}px`;
    while (px > TT_WALK_MIN_PX && root.scrollHeight > root.clientHeight + 1) {
      px -= 1;
      root.style.fontSize = `${px}px`;
    }
    root.dataset.fontPx = String(px);
  }
  /** Projector view (issue 23): the board beside the narration fills the rest of the window with no scrolling.
   *  Its picture and panels (the board's .tt-main) are laid out at the design width that lets them grow most,
   *  then zoomed to the room left under the board's header (CSS: --tt-fit-w, --tt-fit-zoom on the board). */
  const TT_FIT_WIDTHS = [560, 680, 800, 920, 1040, 1160, 1300, 1460];
  let fitting = false;
  function fitBoard() {
    const host = el.closest(".tt-walkthrough");
    const board = host && host.querySelector(".tt-walk-board-host .tt-root.tt-board");
    if (!board) return;
    const main = board.querySelector(":scope > .tt-main");
    if (!model.get("presentation") || !main || !board.isConnected) {
      board.style.removeProperty("--tt-fit-w");
      board.style.removeProperty("--tt-fit-zoom");
      delete board.dataset.fitZoom;
      return;
    }
    fitting = true;
    const cs = getComputedStyle(board);
    const availW = board.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const availH = board.clientHeight - parseFloat(cs.paddingBottom) - (main.getBoundingClientRect().top - board.getBoundingClientRect().top);
    board.style.setProperty("--tt-fit-zoom", "1");
    // each width: the zoom that fits it, and the area the board's picture (its largest drawing) then covers; the
    // largest picture whose type is at least 80% of the largest type any width allows
    const tries = TT_FIT_WIDTHS.map((w) => {
      board.style.setProperty("--tt-fit-w", `${w}px`);
      const h = main.getBoundingClientRect().height;
      let area = 0;
      for (const svg of main.querySelectorAll(":scope > .tt-stage svg")) {
        const r = svg.getBoundingClientRect();
        area = Math.max(area, r.width * r.height);
      }
      const z = Math.min(availW / w, availH / Math.max(h, 1));
      return { w, z, area: area * z * z };
    });
    // (of pictures within 10% of that one, the one with the largest type)
    const zTop = Math.max(...tries.map((t) => t.z));
    const ok = tries.filter((t) => t.z >= 0.8 * zTop);
    const aTop = Math.max(...ok.map((t) => t.area));
    const best = ok.filter((t) => t.area >= 0.9 * aTop).reduce((a, b) => (b.z > a.z ? b : a));
    // (a hair under it: zoomed text lines round to whole device pixels)
    const z = Math.max(0.3, Math.floor(best.z * 0.99 * 1000) / 1000);
    board.style.setProperty("--tt-fit-w", `${best.w}px`);
    board.style.setProperty("--tt-fit-zoom", String(z));
    board.dataset.fitZoom = String(z);
    board.dataset.fitW = String(best.w);
    lastFit = fitKey(board, main);
    fitting = false;
  }
  /** what a fit depends on: the board's box and the height its picture and panels take (a redraw that changes
   *  neither, like the map's "where" line under the pointer, needs no new fit) */
  let lastFit = "";
  function fitKey(board, main) {
    return `${board.clientWidth}x${board.clientHeight}:${Math.round(main.getBoundingClientRect().height)}`;
  }
  // the board redraws by itself (moves, bots): fit it again once it has (only its children are watched, and the
  // fit changes only the board's style, so this cannot loop)
  let fitQueued = false;
  const refit = () => {
    if (fitQueued) return;
    fitQueued = true;
    requestAnimationFrame(() => {
      fitQueued = false;
      const board = el.closest(".tt-walkthrough") && el.closest(".tt-walkthrough").querySelector(".tt-walk-board-host .tt-root.tt-board");
      const main = board && board.querySelector(":scope > .tt-main");
      if (!fitting && !(main && model.get("presentation") && fitKey(board, main) === lastFit)) fitBoard();
    });
  };
  // and when its box changes (the projector layer's class comes from Python in a message of its own)
  const boardWatch = typeof MutationObserver === "function" ? new MutationObserver(refit) : null;
  const boardBox = typeof ResizeObserver === "function" ? new ResizeObserver(refit) : null;
  function watchBoard(on) {
    if (boardWatch) boardWatch.disconnect();
    if (boardBox) boardBox.disconnect();
    const board = on && el.closest(".tt-walkthrough") && el.closest(".tt-walkthrough").querySelector(".tt-walk-board-host .tt-root.tt-board");
    if (board && boardWatch) boardWatch.observe(board, { childList: true, subtree: true });
    if (board && boardBox) boardBox.observe(board);
    refit();
  }
  const onResize = () => { fitType(); refit(); };
  // the panel's own box changes when it moves into the projector layer and when the board beside it redraws:
  // fit the type again then (fitType changes only the type, never the box, so this cannot loop)
  let lastBox = "";
  const boxWatch = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    const b = `${root.clientWidth}x${root.clientHeight}`;
    if (b !== lastBox) { lastBox = b; fitType(); }
  }) : null;
  if (boxWatch) boxWatch.observe(root);

  // JupyterLab's panels use `contain: strict`, which turns a fixed layer into one fixed to the notebook panel:
  // while presenting, the whole walkthrough box (panel + board) moves to <body>; a placeholder keeps its place.
  let placeholder = null;
  let portalTries = 0;
  function portal(on) {
    const host = el.closest(".tt-walkthrough");
    if (on && !placeholder) {
      if (!host) {  // not attached to its box yet: try again on the next frames
        if (portalTries++ < 120) requestAnimationFrame(() => portal(!!model.get("presentation")));
        return;
      }
      portalTries = 0;
      placeholder = document.createElement("div");
      placeholder.className = "tt-walk-placeholder";
      placeholder.textContent = "The walkthrough is in projector view (Esc leaves it).";
      host.parentNode.insertBefore(placeholder, host);
      document.body.append(host);
      requestAnimationFrame(fitType);
      watchBoard(true);
    } else if (!on && placeholder) {
      if (host) {
        if (placeholder.isConnected) placeholder.replaceWith(host);
        else host.remove();  // the notebook output was cleared meanwhile
      }
      placeholder.remove();
      placeholder = null;
      watchBoard(false);
      fitBoard();
    }
  }
  window.addEventListener("resize", onResize);

  function draw() {
    const steps = model.get("steps") || [];
    const k = model.get("step");
    const n = steps.length;
    const s = steps[k] || { title: "", html: "", rules: [], your_turn: false };
    focus.take();
    const nLesson = model.get("lesson_steps") || steps.filter((st) => !st.your_turn).length;
    const label = (i) => (steps[i] && steps[i].your_turn ? "Your turn" : `Lesson step ${i + 1} of ${nLesson}`);
    root.dataset.step = String(k);
    root.dataset.steps = String(n);
    root.dataset.lessonSteps = String(nLesson);
    root.dataset.version = String(model.get("version"));
    root.dataset.yourTurn = s.your_turn ? "1" : "0";
    const presenting = !!model.get("presentation");
    root.dataset.presentation = presenting ? "1" : "0";
    root.classList.toggle("tt-walk-presenting", presenting);
    portal(presenting);
    root.setAttribute("aria-label", `walkthrough: ${label(k)}`);

    const phase = model.get("phase") || "shown";  // the narration tells the outcome: only after the reveal
    root.dataset.phase = phase;
    const select = ttH("select", { class: "tt-walk-jump", "aria-label": "jump to a lesson step", dataset: { focus: "jump" },
      onChange: (ev) => go(Number(ev.target.value)) },
    steps.map((st, i) => ttH("option", { value: i, selected: i === k }, st.your_turn ? "Your turn" : `${i + 1}. ${ttTxt(st.title)}`)));

    // Markdown rendered by Python (mistune, raw HTML escaped) from the notebook author's text, never user text.
    const narration = ttRendered("div", { class: "tt-walk-text" }, phase === "shown" ? s.html : "");

    const badges = s.rules.length ? ttH("div", { class: "tt-walk-rules", "aria-label": "rules in this step" },
      s.rules.map((r) => ttH("details", { class: "tt-walk-rule", dataset: { rule: r.id } },
        ttH("summary", {}, ttH("code", { class: "tt-rule" }, r.id), " ", r.title),
        ttH("div", { class: "tt-explain" }, r.says, " ", ttSourceButton(model, r.id, el))))) : null;

    const err = model.get("error");
    const banner = err && err.n !== dismissed ? ttH("div", { class: "tt-error", role: "alert", dataset: { rule: err.rule } },
      ttH("div", { class: "tt-error-body" }, ttH("code", { class: "tt-rule" }, err.rule), " ", ttH("span", { class: "tt-error-reason" }, err.reason)),
      ttH("button", { type: "button", class: "tt-dismiss", "aria-label": "Dismiss message", onClick: () => { dismissed = err.n; schedule(); } }, "×")) : null;


    const q = model.get("question") || {};
    const ym = model.get("your_move") || {};
    const tk = model.get("task") || {};
    root.dataset.task = tk.status || "";
    const askBox = questionBox(q, phase);
    const moveBox = yourMoveBox(ym, phase);
    const task = s.your_turn ? taskBox(tk) : null;

    const moves = model.get("moves_since");
    const yours = s.your_turn ? ttH("div", { class: "tt-walk-yours", role: "status" },
      ttH("strong", {}, "Your turn!"), " The board is live.",
      moves ? ` You have made ${moves} move${moves === 1 ? "" : "s"} since the hand-over; Back (←) restores the lesson.` : "") : null;

    const toHandOver = phase === "shown" && k === n - 2 && steps[n - 1] && steps[n - 1].your_turn;
    const nextText = phase === "question" ? (q.feedback ? "Next: see what happens →" : "Skip: see what happens →")
      : phase === "your-move" ? "Show me →" : toHandOver ? "Your turn →" : "Next →";
    const nav = ttH("div", { class: "tt-walk-nav" },
      ttH("button", { type: "button", class: "tt-walk-back", disabled: k <= 0, dataset: { focus: "back" }, onClick: () => go(k - 1) }, "← Back"),
      ttH("span", { class: "tt-walk-count", "aria-live": "polite" }, label(k)),
      ttH("button", { type: "button", class: ["tt-walk-next", toHandOver && "tt-walk-handover"],
        disabled: phase === "shown" && k >= n - 1, dataset: { focus: "next" }, onClick: forward }, nextText));

    ttReplace(root,
      ttH("header", { class: "tt-walk-head" }, ttH("h3", { class: "tt-title" }, model.get("title") || "Walkthrough"), select,
        ttH("button", { type: "button", class: "tt-walk-present", "aria-pressed": presenting ? "true" : "false",
          title: presenting ? "Back to the notebook layout (Esc)" : "Narration and board side by side over the whole window, large type",
          dataset: { focus: "present" }, onClick: () => present(!presenting) },
        presenting ? "Leave projector view" : "Projector view")),
      ttH("h4", { class: "tt-walk-title" }, ttTxt(s.title)),
      banner, task, badges, askBox, moveBox, narration, yours, nav,
      ttH("footer", { class: "tt-help" }, presenting ? "Keys: ← / → back and next · Esc leaves the projector view"
        : "Keys: ← / → back and next · Home / End first and last step · Tab to the board",
        model.get("link_game") ? [" · ", ttH("button", { type: "button", class: "tt-walk-link", dataset: { focus: "copy-link" },
          title: "A link to this page that opens the lesson at this step (JupyterLab, Voila and the site)",
          onClick: () => {
            const url = ttLinkUrl(`tt-game=${model.get("link_game")}&tt-step=${k + 1}`);
            ttCopyText(url, root.querySelector(".tt-walk-link-text"), (ok) => { linkCopied = ok ? url : `select:${url}`; schedule(); });
          } }, linkCopied === ttLinkUrl(`tt-game=${model.get("link_game")}&tt-step=${k + 1}`) ? "Link copied" : "Copy link to this step"),
        ttH("input", { class: "tt-walk-link-text", readonly: true, hidden: !linkCopied.startsWith("select:"),
          "aria-label": "a link to this step (select and copy it)", value: linkCopied.replace(/^select:/, "") })] : null));
    fitType();
    // and again once the browser has laid the new parts out beside the board (measured at draw time, the
    // panel can still be in its previous layout: the type came out smaller than the room allows)
    if (presenting) { requestAnimationFrame(fitType); setTimeout(fitType, 120); refit(); }
    focus.give(root.querySelector(".tt-walk-next:not([disabled])") || root.querySelector(".tt-walk-back:not([disabled])") || root);
    if (pendingAt) {
      ttRecordRtt(root, rtts, pendingAt);
      pendingAt = 0;
      delete root.dataset.pending;
      delete root.dataset.busy;
    }
  }

  root.addEventListener("keydown", (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const tag = ev.target && ev.target.tagName;
    const own = tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && (ev.target.type === "radio"
      ? !/^(PageDown|PageUp)$/.test(ev.key) : !/^(ArrowRight|ArrowLeft|PageDown|PageUp)$/.test(ev.key)));
    if (own) {  // the control's own keys (arrows pick a radio choice); never JupyterLab's shortcuts
      if (ev.key !== "Tab" && ev.key !== "Escape") ev.stopPropagation();
      return;
    }
    const k = model.get("step");
    const n = (model.get("steps") || []).length;
    let handled = true;
    if (ev.key === "ArrowRight" || ev.key === "PageDown") forward();
    else if (ev.key === "ArrowLeft" || ev.key === "PageUp") go(k - 1);
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(n - 1);
    else if (ev.key === "Escape" && model.get("presentation")) present(false);
    else handled = false;
    if (handled) { ev.preventDefault(); ev.stopPropagation(); return; }
    // a key the panel does not use never reaches JupyterLab's notebook shortcuts (`m` would turn the lesson's
    // cell into Markdown, `x` cut it): its default (typing, Space on a checkbox, Enter on a button) still happens
    if (ev.key !== "Tab" && ev.key !== "Escape") ev.stopPropagation();
  });

  draw();
  ttSendLink(model, model.get("link_game"));
  return () => {
    for (const name of TT_WALK_TRAITS) model.off(`change:${name}`, schedule);
    window.removeEventListener("resize", onResize);
    if (boxWatch) boxWatch.disconnect();
    portal(false);
  };
}
