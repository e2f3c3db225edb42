// The narration column of a Walkthrough: "Lesson step n of N", jump-to-step, Markdown narration (rendered and
// escaped in Python from authored text), clause badges, Back/Next buttons and keys, the "Your turn" hand-over,
// and the projector view toggle (Python owns the `presentation` trait; the button only asks, Esc leaves).

const TT_WALK_TRAITS = ["steps", "step", "title", "error", "version", "moves_since", "lesson_steps", "presentation"];
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
  const rtts = [];
  const focus = ttFocusKeeper(root);

  const schedule = ttBatched(() => draw());
  for (const name of TT_WALK_TRAITS) model.on(`change:${name}`, schedule);

  function go(k) {
    const steps = model.get("steps") || [];
    if (k < 0 || k >= steps.length || k === model.get("step")) return;
    pendingAt = performance.now();
    root.dataset.pending = "1";
    model.send({ type: "goto", step: k, version: Number(root.dataset.version) });
  }

  function present(on) {
    pendingAt = performance.now();
    root.dataset.pending = "1";
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
  const onResize = () => fitType();

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
    } else if (!on && placeholder) {
      if (host) {
        if (placeholder.isConnected) placeholder.replaceWith(host);
        else host.remove();  // the notebook output was cleared meanwhile
      }
      placeholder.remove();
      placeholder = null;
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

    const select = ttH("select", { class: "tt-walk-jump", "aria-label": "jump to a lesson step", dataset: { focus: "jump" },
      onChange: (ev) => go(Number(ev.target.value)) },
    steps.map((st, i) => ttH("option", { value: i, selected: i === k }, st.your_turn ? "Your turn" : `${i + 1}. ${ttTxt(st.title)}`)));

    const narration = ttH("div", { class: "tt-walk-text" });
    // Markdown rendered by Python (mistune, raw HTML escaped) from the notebook author's text, never user text.
    narration.innerHTML = s.html;

    const badges = s.rules.length ? ttH("div", { class: "tt-walk-rules", "aria-label": "rules in this step" },
      s.rules.map((r) => ttH("details", { class: "tt-walk-rule", dataset: { rule: r.id } },
        ttH("summary", {}, ttH("code", { class: "tt-rule" }, r.id), " ", r.title),
        ttH("div", { class: "tt-explain" }, r.says)))) : null;

    const err = model.get("error");
    const banner = err && err.n !== dismissed ? ttH("div", { class: "tt-error", role: "alert", dataset: { rule: err.rule } },
      ttH("div", { class: "tt-error-body" }, ttH("code", { class: "tt-rule" }, err.rule), " ", ttH("span", { class: "tt-error-reason" }, err.reason)),
      ttH("button", { type: "button", class: "tt-dismiss", "aria-label": "Dismiss message", onClick: () => { dismissed = err.n; schedule(); } }, "×")) : null;

    const moves = model.get("moves_since");
    const yours = s.your_turn ? ttH("div", { class: "tt-walk-yours", role: "status" },
      ttH("strong", {}, "Your turn!"), " The board is live.",
      moves ? ` You have made ${moves} move${moves === 1 ? "" : "s"} since the hand-over; Back (←) restores the lesson.` : "") : null;

    const nav = ttH("div", { class: "tt-walk-nav" },
      ttH("button", { type: "button", class: "tt-walk-back", disabled: k <= 0, dataset: { focus: "back" }, onClick: () => go(k - 1) }, "← Back"),
      ttH("span", { class: "tt-walk-count", "aria-live": "polite" }, label(k)),
      ttH("button", { type: "button", class: ["tt-walk-next", k === n - 2 && steps[n - 1] && steps[n - 1].your_turn && "tt-walk-handover"],
        disabled: k >= n - 1, dataset: { focus: "next" }, onClick: () => go(k + 1) },
      k === n - 2 && steps[n - 1] && steps[n - 1].your_turn ? "Your turn →" : "Next →"));

    ttReplace(root,
      ttH("header", { class: "tt-walk-head" }, ttH("h3", { class: "tt-title" }, model.get("title") || "Walkthrough"), select,
        ttH("button", { type: "button", class: "tt-walk-present", "aria-pressed": presenting ? "true" : "false",
          title: presenting ? "Back to the notebook layout (Esc)" : "Narration and board side by side over the whole window, large type",
          dataset: { focus: "present" }, onClick: () => present(!presenting) },
        presenting ? "Leave projector view" : "Projector view")),
      ttH("h4", { class: "tt-walk-title" }, ttTxt(s.title)),
      banner, badges, narration, yours, nav,
      ttH("footer", { class: "tt-help" }, presenting ? "Keys: ← / → back and next · Esc leaves the projector view"
        : "Keys: ← / → back and next · Home / End first and last step · Tab to the board"));
    fitType();
    focus.give(root.querySelector(".tt-walk-next:not([disabled])") || root.querySelector(".tt-walk-back:not([disabled])") || root);
    if (pendingAt) {
      ttRecordRtt(root, rtts, pendingAt);
      pendingAt = 0;
      delete root.dataset.pending;
    }
  }

  root.addEventListener("keydown", (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const tag = ev.target && ev.target.tagName;
    if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA") return;
    const k = model.get("step");
    const n = (model.get("steps") || []).length;
    let handled = true;
    if (ev.key === "ArrowRight" || ev.key === "PageDown") go(k + 1);
    else if (ev.key === "ArrowLeft" || ev.key === "PageUp") go(k - 1);
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(n - 1);
    else if (ev.key === "Escape" && model.get("presentation")) present(false);
    else handled = false;
    if (handled) { ev.preventDefault(); ev.stopPropagation(); }
  });

  draw();
  return () => {
    for (const name of TT_WALK_TRAITS) model.off(`change:${name}`, schedule);
    window.removeEventListener("resize", onResize);
    portal(false);
  };
}
