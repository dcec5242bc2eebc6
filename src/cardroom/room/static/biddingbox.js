// Making a call: the bridges' bidding box (a level, then a strain; Pass, X, XX), the preferans ladder
// (only the bids allowed now, by level), and the bot's explanation of a call of the auction.
// Only legal calls carry data-legal-id and can be clicked: the box is drawn from the state message's
// legal actions; every other button is there, disabled, so the box keeps its shape.
import { h } from "./dom.js";
import { t, callText, seatLabel } from "./i18n.js";

const BID = /^([1-7])(C|D|H|S|NT)$/;
const STRAINS = ["C", "D", "H", "S", "NT"];
const OTHER = ["Pass", "X", "XX"];

function callButton(text, legalByText, send, extra = {}) {
  const l = legalByText.get(text);
  return h("button", { class: `call bb-call${l ? " legal" : ""}`, "data-call": text, disabled: !l, text: callText(text),
    ...(l ? { "data-legal-id": l.id, "data-text": l.text, title: callText(l.text), onclick: () => send(l.id) } : {}), ...extra });
}

// The bidding box for the legal calls ``legal`` ([{id, text}]), or null when one of them is not a
// bridge call (another kind of choice: drawn as a plain list). ``state.level``: the level picked.
export function biddingBox(legal, send, state) {
  if (!legal.length || !legal.every((l) => BID.test(l.text) || OTHER.includes(l.text))) return null;
  const byText = new Map(legal.map((l) => [l.text, l]));
  const levels = new Set(legal.map((l) => BID.exec(l.text)).filter(Boolean).map((m) => Number(m[1])));
  const box = h("div", { class: "bidding-box", id: "bidding-box", "data-level": state.level ?? "" });
  const levelRow = h("div", { class: "bb-levels", role: "group", "aria-label": t("bbLevel") });
  for (let lv = 1; lv <= 7; lv++) {
    levelRow.append(h("button", { class: `bb-level${state.level === lv ? " on" : ""}`, "data-level": lv, text: String(lv),
      "aria-pressed": String(state.level === lv), disabled: !levels.has(lv),
      onclick: () => { state.level = state.level === lv ? null : lv; draw(); } }));
  }
  const strains = h("div", { class: "bb-strains" });
  for (let lv = 1; lv <= 7; lv++) {
    if (!levels.has(lv)) continue;
    const row = h("div", { class: "bb-strain-row", "data-row-level": lv, hidden: state.level !== lv });
    for (const s of STRAINS) row.append(callButton(`${lv}${s}`, byText, send, { class: `call bb-call bb-strain strain-${s}${byText.has(`${lv}${s}`) ? " legal" : ""}` }));
    strains.append(row);
  }
  const others = h("div", { class: "bb-others" }, ...OTHER.map((x) => callButton(x, byText, send)));
  box.append(levelRow, strains, others);
  function draw() { box.replaceWith(biddingBox(legal, send, state)); }
  return box;
}

const PREF_BID = /^(6|7|8|9|10)(S|C|D|H|NT)$/;

// The preferans ladder: the bids allowed now by level (six to ten, suits in rank order), then the
// other calls allowed now (pass, misère…); null when no bid is allowed (whists, choices: a plain list).
export function prefLadder(legal, send) {
  const bids = legal.filter((l) => PREF_BID.test(l.text));
  if (!bids.length) return null;
  const box = h("div", { class: "pref-ladder", id: "pref-ladder" });
  const byLevel = new Map();
  for (const l of bids) {
    const lv = PREF_BID.exec(l.text)[1];
    if (!byLevel.has(lv)) byLevel.set(lv, []);
    byLevel.get(lv).push(l);
  }
  const order = ["S", "C", "D", "H", "NT"];
  for (const [lv, ls] of [...byLevel.entries()].sort((a, b) => Number(a[0]) - Number(b[0]))) {
    ls.sort((a, b) => order.indexOf(PREF_BID.exec(a.text)[2]) - order.indexOf(PREF_BID.exec(b.text)[2]));
    box.append(h("div", { class: "ladder-row", "data-ladder-level": lv },
      ...ls.map((l) => h("button", { class: "call legal", "data-legal-id": l.id, "data-text": l.text, title: l.text, text: callText(l.text), onclick: () => send(l.id) }))));
  }
  const rest = legal.filter((l) => !PREF_BID.test(l.text));
  if (rest.length) box.append(h("div", { class: "ladder-other" },
    ...rest.map((l) => h("button", { class: "call legal", "data-legal-id": l.id, "data-text": l.text, title: l.text, text: callText(l.text), onclick: () => send(l.id) }))));
  return box;
}

// The explanation of a call the viewer asked for ({index, call, text} or {error}), or null.
export function explanationPanel(x, close) {
  if (!x) return null;
  return h("div", { class: "explanation", id: "explanation", role: "status", "data-call-index": String(x.index) },
    h("b", { text: x.call ? `${callText(x.call)} (${seatLabel(x.seat)}): ` : `${t("explainTitle")}: ` }),
    h("span", { id: "explanation-text", text: x.text || x.error || "" }), " ",
    h("button", { class: "small", id: "explanation-close", text: "×", title: t("close"), onclick: close }));
}
