// Contract, auction and straight bridge: the vulnerability and the contract, the auction grid from the
// dealer, laws mode's claims and irregular calls, the rubber's we/they sheet.
import { h } from "../dom.js";
import { t, callText, seatLabel } from "../i18n.js";
import { bridgeSheet, playersSheet } from "../sheets.js";
import { biddingBox } from "../biddingbox.js";
import { cardEl } from "../cards.js";

const ORDER = ["N", "E", "S", "W"];

// In a bridge auction "2S" is a bid, not the two of spades: a level-suit text is a bid until the
// auction has ended (three passes after a bid, or four passes).
function isBid(a, calls) {
  const bids = calls.filter((x) => /^[1-7](C|D|H|S|NT)$/.test(x));
  if (!bids.length) return calls.length < 4;
  let passes = 0;
  for (let i = calls.length - 1; i >= 0 && calls[i] === "Pass"; i--) passes++;
  return passes < 3;
}

export default {
  suitOrder: ["S", "H", "C", "D"],
  facts({ d, view, fact, phaseFact }) {
    if (view.deal_number) fact("deal", view.deal_number);
    if (d.vulnerable) fact("vulnerable", Object.entries(d.vulnerable).filter(([, v]) => v).map(([k]) => seatLabel(k)).join(", ") || "—");
    const by = d.declarer ?? d.contract_by;
    if (d.contract) fact("contract", callText(d.contract) + (by ? " " + seatLabel(by) : ""));
    phaseFact();
  },
  // claims and concessions of the remaining tricks (bridge laws 32–33): the other side rules
  lawsExtras({ d, tb, labels, seat, sendIrregular }) {
    if (d.phase !== "play" || !Array.isArray(tb.tricks)) return [];
    const left = 13 - tb.tricks.length;
    const sel = h("select", { id: "claim-tricks", "aria-label": t("claimTricks") });
    for (let k = left; k >= 0; k--) sel.append(h("option", { value: String(k), text: String(k) }));
    return [h("div", { class: "claims", id: "claims" }, h("span", { class: "small", text: t("claimTricks") + " " }), sel, " ",
      h("button", { id: "claim", text: t("claim"), onclick: () => sendIrregular(`claim ${labels[seat]} ${sel.value}`) }), " ",
      h("button", { id: "concede", text: t("concede"), onclick: () => sendIrregular(`concede ${labels[seat]} ${sel.value}`) }))];
  },
  // the calls an irregular call may be, in the auction
  irregularCalls({ d }) {
    if (d.phase !== "auction") return null;
    const all = ["Pass", "X", "XX"];
    for (let lv = 1; lv <= 7; lv++) for (const st of ["C", "D", "H", "S", "NT"]) all.push(`${lv}${st}`);
    return all;
  },
  callsBox: (legal, send, state) => biddingBox(legal, send, state),
  // the auction from the dealer; where the bot's system explains calls, each call is a button asking
  // for its explanation (ctx.explain)
  bidding({ d, explain, explained }) {
    const order = d.piles ? ["N", "E"] : ORDER; // two-handed bridge: two players
    const tbl = h("table", { class: "auction" }, h("thead", {}, h("tr", {}, ...order.map((s) => h("th", { text: seatLabel(s) })))));
    const body = h("tbody");
    const start = order.indexOf(d.dealer);
    // contract bridge lists the calls from the dealer; the older bridges as [{seat, call}]
    const calls = d.auction || (d.calls || []).map((c) => (c && typeof c === "object" ? c.call : c));
    const cells = [...Array(Math.max(start, 0)).fill(""), ...calls];
    const cell = (k) => {
      const c = cells[k], idx = k - Math.max(start, 0);
      if (c == null || c === "" || idx < 0) return h("td", { text: "" });
      if (!explain) return h("td", { text: callText(c) });
      return h("td", {}, h("button", { class: `explain-call${explained && explained.index === idx ? " on" : ""}`, "data-call-index": idx,
        title: t("explainAsk"), text: callText(c), onclick: () => explain(idx) }));
    };
    for (let i = 0; i < cells.length; i += order.length) body.append(h("tr", {}, ...order.map((_, j) => cell(i + j))));
    tbl.append(body);
    return [h("h3", { text: t("auction") }), tbl];
  },
  // two-handed bridge: each player's table piles, the face-up card on top (playable when legal) and a card
  // back where a face-down card lies beneath it, turned up once its cover is played
  seatNote({ d, tb, labels, legalCard, shownCards }, i) {
    const piles = d.piles && d.piles[labels[i]];
    if (!piles) return null;
    const row = h("div", { class: "piles", "data-piles": i, title: t("tablePiles") });
    piles.forEach((p, k) => {
      const pile = h("div", { class: `pile${p.up ? "" : " gone"}`, "data-pile": k, "data-down": p.down ? "1" : "0" });
      if (p.down) pile.append(cardEl(null));
      if (p.up) {
        if (shownCards) shownCards.add(p.up);
        pile.append(cardEl(p.up, { legalId: legalCard ? legalCard.get(p.up) : null, trump: tb.trump }));
      }
      row.append(pile);
    });
    return row;
  },
  openLabel(name) { return /^table_/.test(name) ? null : { cls: name, key: name }; },
  sheet: (sheet, ctx) => (sheet.players ? playersSheet(sheet) : bridgeSheet(sheet, ctx.mySide)),
  mySide(labels, seat) { return seat != null ? (["N", "S"].includes(labels[seat]) ? "NS" : "EW") : "NS"; },
  recordCard(a, calls) { return !isBid(a, calls); },
};
