// Runs the Zaxxon board's click handling (static/board.js) in Node with a fake kit ctx, for
// tests/zaxxon/test_board_clicks.py. Input on stdin: {state, legal, view, currentPlayer, botSeats, clicks, keys}.
// Output: the action ids the clicks sent, and the hint shown (if any). With {editing: true, position} the ctx is
// in the teacher's position editor: "edits" are the set-up patches the clicks sent (ctx.editPosition), "pick" the
// editor's pick after the clicks. "messages" are the other messages the clicks sent (a route: {type: "route", ...}).
const fs = require("fs");
const src = fs.readFileSync(process.argv[2], "utf8");
const api = new Function(`${src}; return { zxClickHex, boardKey, zxKey };`)();
const data = JSON.parse(fs.readFileSync(0, "utf8"));
const sent = [];
const messages = [];
const ctx = {
  root: { dataset: { version: String(data.version ?? 0) } }, version: data.version ?? 0,
  state: data.state, legal: data.legal, view: data.view, currentPlayer: data.currentPlayer, isOver: false,
  interactive: true, memo: {}, selected: null,
  model: { get: (k) => (k === "bot_seats" ? data.botSeats || {} : undefined), send: (m) => messages.push(m) },
  select(v) { this.selected = v; }, rerender() {}, send(id) { sent.push(id); },
  legalWhere(match) {
    if (typeof match === "function") return this.legal.filter(match);
    return this.legal.filter((a) => Object.entries(match).every(([k, v]) => JSON.stringify(a[k]) === JSON.stringify(v)));
  },
  isLegal(id) { return this.legal.some((a) => a.id === id); },
  editing: !!data.editing, position: data.position || null, pick: null,
  editPick() { return this.pick; }, setEditPick(v) { this.pick = v === undefined ? null : v; },
  editPosition(patch) { edits.push(JSON.parse(JSON.stringify(patch))); },
};
const edits = [];
for (const c of data.clicks || []) api.zxClickHex(ctx, c);
for (const k of data.keys || []) api.boardKey({ key: k }, ctx);
process.stdout.write(JSON.stringify({ sent, messages, hint: ctx.memo.hint || null, selected: ctx.selected, edits,
  pick: ctx.pick }));
