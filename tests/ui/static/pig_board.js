// Test-only renderer for the Pig board: scores, the pot, the last die, and big Roll/Hold buttons.
function renderBoard(ctx) {
  const { h, s, state, view } = ctx;
  const bar = (i) => {
    const w = Math.min(1, state.scores[i] / view.target) * 300;
    return s("g", { class: "pig-score", dataset: { seat: i } },
      s("rect", { x: 110, y: 20 + i * 40, width: 300, height: 26, class: "pig-track" }),
      s("rect", { x: 110, y: 20 + i * 40, width: w, height: 26, class: `pig-fill pig-fill-${i}` }),
      s("text", { x: 4, y: 39 + i * 40, class: "pig-name" }, ctx.seatName(i)),
      s("text", { x: 420, y: 39 + i * 40, class: "pig-points" }, `${state.scores[i]} / ${view.target}`));
  };
  const svg = s("svg", { viewBox: "0 0 500 100", class: "pig-svg", role: "img", "aria-label": "scores" }, bar(0), bar(1));
  const die = ctx.lastDraws.length ? drawDie(ctx.lastDraws[0].value, { size: 64 }) : null;
  const buttons = ctx.legal.map((a) => h("button", {
    type: "button", class: "pig-move", disabled: !ctx.interactive, dataset: { actionId: a.id, focus: `pig:${a.id}` },
    onClick: () => ctx.send(a.id),
  }, a.type === "Roll" ? "Roll" : "Hold"));
  // "the bank": always clickable, it means Hold whether or not Hold is legal (ctx.tryAction: Python says why not).
  // No data-focus on purpose: the kit must find its replacement after a redraw by its data attributes.
  // data-tt-action: the kit highlights the bank when the reader hovers or focuses "hold" in its move list
  const bank = h("span", { class: "pig-bank", tabindex: 0, role: "button", dataset: { part: "bank", ttAction: ctx.actionKey({ type: "Hold" }) },
    onClick: () => ctx.tryAction({ type: "Hold" }),
    onKeydown: (ev) => { if (ev.key === "Enter") { ev.preventDefault(); ctx.tryAction({ type: "Hold" }); } },
  }, "Bank");
  ctx.el.append(svg, h("div", { class: "pig-row" }, h("span", { class: "pig-pot" }, `Pot: ${state.pot}`), die, buttons, bank));
}
