// A rule's code, for learners (issue 22): the tabletop version of "view source".
// A "Show the code" button beside a clause asks Python ({type: "source", rule}) for the code of the reference
// engine that carries the rule out (tabletop.ui.source) and shows it in a dialog: file and lines, the function's
// name, the lines that name the clause marked, Python highlighted by kind. Text is set with textContent only.

/** The dialog, one per widget host; made on first use. */
function ttSourceDialog(host) {
  const found = host.querySelector(":scope > dialog.tt-source");
  if (found) return /** @type {HTMLDialogElement} */ (found);
  const title = ttH("h3", { class: "tt-source-title", id: `tt-source-title-${Math.random().toString(36).slice(2)}` });
  const body = ttH("div", { class: "tt-source-body", "aria-live": "polite" });
  const close = ttH("button", { type: "button", class: "tt-source-close", onClick: () => dialog.close() }, "Close (Esc)");
  const dialog = /** @type {HTMLDialogElement} */ (ttH("dialog", { class: "tt-source tt-root", "aria-labelledby": title.id,
    "data-lm-suppress-shortcuts": "true" }, ttH("div", { class: "tt-source-head" }, title, close), body));
  // no key pressed in the dialog is a notebook shortcut (Escape still closes it and Tab still moves: defaults)
  dialog.addEventListener("keydown", (ev) => ev.stopPropagation());
  ttGuardShortcuts(dialog);
  dialog.addEventListener("click", (ev) => { if (ev.target === dialog) dialog.close(); });  // a click on the backdrop
  host.appendChild(dialog);
  return dialog;
}

/** One snippet as a figure: "widgets/tabletop/zaxxon/rules.py, lines 1189-1192 (ZaxxonRules._radar_problem)"
 *  and its numbered, highlighted lines. */
function ttSourceSnippet(s) {
  const marks = new Set(s.marks || []);
  const rows = (s.lines || []).map((segs, i) => {
    const n = s.start + i;
    return ttH("span", { class: ["tt-source-line", marks.has(n) && "tt-source-mark"] },
      ttH("span", { class: "tt-source-n", "aria-hidden": "true" }, String(n).padStart(5, " ") + "  "),
      (segs || []).map(([kind, text]) => kind ? ttH("span", { class: `tt-py-${kind}` }, ttTxt(text)) : ttTxt(text)),
      "\n");
  });
  return ttH("figure", { class: "tt-source-snippet" },
    ttH("figcaption", {}, ttH("code", {}, ttTxt(s.path)), `, lines ${s.start}–${s.end} `,
      ttH("span", { class: "tt-source-name" }, `(${ttTxt(s.name)})`)),
    ttH("pre", { class: "tt-source-code", tabindex: "0", "aria-label": `${ttTxt(s.path)} lines ${s.start} to ${s.end}` },
      ttH("code", {}, rows)));
}

/** A "Show the code" button for clause `rule`; `model` is the widget's model (its Python answers the request). */
function ttSourceButton(model, rule, host) {
  const button = ttH("button", { type: "button", class: "tt-source-button", dataset: { rule },
    "aria-label": `Show the code of rule ${rule}`, title: "Show the code that carries this rule out" }, "</> Code");
  button.addEventListener("click", (ev) => {
    ev.stopPropagation();
    ev.preventDefault();
    const where = host || button.closest(".tt-host") || document.body;
    const dialog = ttSourceDialog(where);
    const title = /** @type {HTMLElement} */ (dialog.querySelector(".tt-source-title"));
    const body = /** @type {HTMLElement} */ (dialog.querySelector(".tt-source-body"));
    title.textContent = `The code of rule ${rule}`;
    body.replaceChildren(ttH("p", { class: "tt-source-wait" }, "Reading the rules engine…"));
    dialog.dataset.rule = rule;
    const onMsg = (msg) => {
      if (!msg || msg.type !== "source" || msg.rule !== rule) return;
      model.off("msg:custom", onMsg);
      if (msg.error) { body.replaceChildren(ttH("p", { class: "tt-source-error", role: "alert" }, ttTxt(msg.error))); return; }
      const snippets = msg.snippets || [];
      ttReplace(body,
        ttH("p", { class: "tt-source-intro" }, snippets.length
          ? `The reference engine carries this rule out in ${snippets.length === 1 ? "this place" : `these ${snippets.length} places`}; the marked lines name the rule.`
          : ttTxt(msg.note || "No code names this rule.")),
        snippets.map(ttSourceSnippet));
    };
    model.on("msg:custom", onMsg);
    model.send({ type: "source", rule });
    if (!dialog.open) dialog.showModal();
  });
  return button;
}
