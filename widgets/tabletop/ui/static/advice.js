// ---- "what would a strong player do here?" (tabletop/ui/advice.py) ----
// The search bot's top moves, as Python wrote them: {intro, note, simulations, moves: [{id, text, share, value,
// visits, words}]}. Every word comes from Python (set as text only); the numbers are only put in data attributes.
// Shared by the lessons' hint ladder (walkthrough.js) and the teacher panel (teacher.js).

/** The list of the strong player's moves. opts: {onPick(move), onPreview(id|null, how), live, label}: with
 *  onPick each move is a button (Enter / Space / click picks it; hover / focus previews it on the board). */
function ttStrongMoves(data, opts) {
  const o = opts || {};
  const moves = (data && data.moves) || [];
  const item = (mv, i) => {
    const data = { actionId: ttTxt(mv.id), share: String(mv.share), visits: String(mv.visits), rank: String(i + 1),
      value: mv.value === null || mv.value === undefined ? "" : String(mv.value) };
    // the move's own words, then its numbers in words beside it (the whole sentence is the button's name)
    const stats = ttH("span", { class: "tt-strong-stats" }, `: ${ttTxt(mv.stats)}`);
    if (!o.onPick) {
      return ttH("li", { class: "tt-strong-move", dataset: data }, ttH("strong", {}, ttTxt(mv.text)), stats);
    }
    return ttH("li", { class: "tt-strong-item" }, ttH("button", {
      type: "button", class: ["tt-strong-move", "tt-strong-pick", o.live === false && "tt-inert"],
      dataset: Object.assign({ focus: `strong:${ttTxt(mv.id)}` }, data),
      "aria-label": `play the strong player's move ${i + 1}: ${ttTxt(mv.words)}`,
      onClick: () => o.onPick(mv),
      onMouseenter: () => o.onPreview && o.onPreview(mv.id, "hover"), onMouseleave: () => o.onPreview && o.onPreview(null, "hover"),
      onFocus: () => o.onPreview && o.onPreview(mv.id, "focus"), onBlur: () => o.onPreview && o.onPreview(null, "focus"),
    }, ttTxt(mv.text)), stats);
  };
  return ttH("div", { class: "tt-strong", dataset: { simulations: ttTxt(data && data.simulations), n: moves.length } },
    ttH("p", { class: "tt-strong-intro" }, ttTxt(data && data.intro)),
    ttH("ol", { class: "tt-strong-list", "aria-label": o.label || "the strong player's top moves" }, moves.map(item)),
    ttH("p", { class: "tt-strong-note" }, ttTxt(data && data.note)));
}
