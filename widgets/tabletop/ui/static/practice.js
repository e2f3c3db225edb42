// The question column of a Practice widget: the question, its choices (buttons; several may be picked when the
// question says so), immediate feedback from Python (right or not, the clause chip with the rule's words, the
// engine's reason, the right choices marked) and "Next question". Keys (focus in the panel): 1-9 pick a choice,
// Enter checks a multiple-choice answer, N asks the next question. Every choice is sent to Python and judged
// there; the panel never decides anything itself.

const TT_PRACTICE_TRAITS = ["title", "mode", "item", "feedback", "message", "error", "score", "version"];

function ttRenderPractice({ model, el }) {
  const root = ttH("div", { class: "tt-root tt-practice", tabindex: "0", role: "region", "data-lm-suppress-shortcuts": "true" });
  el.classList.add("tt-host");
  ttReplace(el, root);
  ttKeepKeys(root);
  const focus = ttFocusKeeper(root);
  let picked = new Set();
  let shownItem = 0;
  let alive = true;
  let pendingAt = 0;
  const rtts = [];
  const send = (msg) => {
    pendingAt = performance.now();
    root.dataset.pending = "1";
    root.dataset.busy = "1";
    if (alive && !ttSafeSend(model, msg)) alive = false;
  };

  function choose(i) {
    const item = model.get("item") || {};
    if (!item.n || model.get("feedback")) return;
    if (item.multiple) {
      if (picked.has(i)) picked.delete(i); else picked.add(i);
      draw();
    } else {
      send({ type: "answer", item: item.n, picked: [i], version: model.get("version") });
    }
  }
  function check() {
    const item = model.get("item") || {};
    if (!item.n || model.get("feedback")) return;
    send({ type: "answer", item: item.n, picked: [...picked].sort((a, b) => a - b), version: model.get("version") });
  }
  function next() {
    send({ type: "next", version: model.get("version") });
  }

  function draw() {
    focus.take();
    const item = model.get("item") || {};
    const fb = model.get("feedback");
    const err = model.get("error");
    const score = model.get("score") || {};
    if (item.n !== shownItem) { shownItem = item.n; picked = new Set(); }
    if (pendingAt) { ttRecordRtt(root, rtts, pendingAt); pendingAt = 0; }
    delete root.dataset.pending;
    delete root.dataset.busy;
    root.dataset.version = String(model.get("version"));
    root.dataset.item = String(item.n || 0);
    root.dataset.clause = item.clause || "";
    root.dataset.answered = fb ? (fb.correct ? "right" : "wrong") : "";
    root.dataset.mode = model.get("mode") || "practice";
    root.setAttribute("aria-label", ttTxt(model.get("title")) || "Practice");
    const right = new Set((fb && fb.right) || []);
    const mine = new Set((fb && fb.picked) || [...picked]);
    const choices = (item.choices || []).map((text, i) => {
      const cls = ["tt-practice-choice"];
      let mark = null;
      if (fb) {
        if (right.has(i)) { cls.push("tt-choice-right"); mark = "right answer"; }
        else if (mine.has(i)) { cls.push("tt-choice-wrong"); mark = "not right"; }
      } else if (mine.has(i)) cls.push("tt-choice-picked");
      const label = `${i + 1}. ${text}${mark ? ` (${mark}${mine.has(i) ? ", your pick" : ""})` : ""}`;
      return ttH("li", {},
        ttH("button", { type: "button", class: cls, "data-choice": i, "data-focus": `choice:${i}`,
          "aria-pressed": item.multiple && !fb ? (mine.has(i) ? "true" : "false") : null,
          "aria-label": label, onClick: () => choose(i) },
          ttH("span", { class: "tt-choice-key", "aria-hidden": "true" }, String(i + 1)), " ",
          ttH("span", { class: "tt-choice-text" }, text),
          mark ? ttH("span", { class: "tt-choice-mark", "aria-hidden": "true" }, right.has(i) ? " ✓ right" : " ✗ your pick") : null));
    });
    const feedback = fb ? ttH("div", { class: ["tt-practice-feedback", fb.correct ? "tt-fb-right" : "tt-fb-wrong"], role: "status" },
      ttH("p", { class: "tt-fb-verdict" }, fb.correct ? "Right." : "Not quite."), " ",
      ttH("p", { class: "tt-fb-reason" }, fb.reason),
      ttH("details", { class: "tt-fb-rule", "data-rule": fb.rule },
        ttH("summary", { "data-focus": "fb-rule" }, ttH("code", { class: "tt-rule-chip" }, fb.rule), " ", fb.rule_title),
        fb.rule_says ? ttH("p", {}, fb.rule_says) : null)) : null;
    const err_ = err ? ttH("div", { class: "tt-practice-error", role: "alert", "data-rule": err.rule },
      ttIcon("warn", { label: "Not done" }), " ", ttH("code", {}, err.rule), " ", err.reason) : null;
    const canNext = !!item.n || false;
    ttReplace(root,
      ttH("div", { class: "tt-practice-head" },
        ttH("h3", { class: "tt-title" }, ttTxt(model.get("title"))),
        ttH("span", { class: "tt-practice-score", "aria-live": "off" },
          score.answered ? `${score.right} of ${score.answered} right` : "No answers yet")),
      model.get("message") ? ttH("p", { class: "tt-practice-message", role: "status" }, model.get("message")) : null,
      item.n ? [
        ttH("p", { class: "tt-practice-meta" }, `Question ${item.n} · rule `, ttH("code", {}, item.clause), ` (${item.clause_title}) · `,
          ttStateChip(item.state || "new")),
        ttH("p", { class: "tt-practice-prompt", id: `tt-q-${item.n}` }, item.prompt),
        item.multiple && !fb ? ttH("p", { class: "tt-practice-hint" }, "Pick every right answer, then Check.") : null,
        ttH("ol", { class: "tt-practice-choices", "aria-labelledby": `tt-q-${item.n}` }, choices),
        item.multiple && !fb ? ttH("button", { type: "button", class: "tt-practice-check", "data-focus": "check", onClick: check },
          "Check my answer") : null,
        err_, feedback,
      ] : err_,
      canNext ? ttH("div", { class: "tt-practice-nav" },
        ttH("button", { type: "button", class: ["tt-practice-next", fb ? "tt-next-ready" : null], "data-focus": "next", onClick: next },
          fb ? "Next question" : "Skip: next question"),
        ttH("span", { class: "tt-practice-keys" }, "Keys: 1–9 choose · Enter checks · N next")) : null);
    focus.give(root);
  }

  root.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const item = model.get("item") || {};
    const n = Number(ev.key);
    if (Number.isInteger(n) && n >= 1 && n <= 9 && item.choices && n <= item.choices.length) {
      choose(n - 1); ev.preventDefault(); ev.stopPropagation();
    } else if ((ev.key === "n" || ev.key === "N") && item.n) {
      next(); ev.preventDefault(); ev.stopPropagation();
    } else if (ev.key === "Enter" && item.multiple && !model.get("feedback") && ev.target === root) {
      check(); ev.preventDefault(); ev.stopPropagation();
    }
  });
  const schedule = ttBatched(draw);
  for (const name of TT_PRACTICE_TRAITS) model.on(`change:${name}`, schedule);
  draw();
  return () => {
    alive = false;
    for (const name of TT_PRACTICE_TRAITS) model.off(`change:${name}`, schedule);
  };
}
