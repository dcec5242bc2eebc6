// Preferans: the contract, the declarer and the kind of deal, the dealer sitting out at four, the
// bidding, the whists and the discard, the pulka.
import { h } from "../dom.js";
import { t, callText } from "../i18n.js";
import { cardEl } from "../cards.js";
import { prefSheet, kassaSheet, prefF2Sheet } from "../sheets.js";
import { prefLadder } from "../biddingbox.js";

export default {
  suitOrder: ["S", "D", "C", "H"],
  facts({ d, fact, nameOf, phaseFact, labels }) {
    if (d.contract) fact("contract", callText(d.contract));
    if (d.declarer != null) fact("declarer", nameOf(d.declarer));
    if (d.kind) fact("kind", callText(d.kind));
    phaseFact();
    if (Array.isArray(d.active) && d.active.length < labels.length && d.dealer != null) fact("sittingOut", nameOf(d.dealer));
  },
  callsBox: (legal, send) => prefLadder(legal, send),
  bidding({ d, nm }) {
    const out = [h("h3", { text: t("bidding") })];
    const ol = h("ol", { class: "calls" });
    for (const [s, c] of d.auction || []) ol.append(h("li", { text: `${nm(s)}: ${callText(c)}` }));
    out.push(ol);
    if (d.whist && d.whist.length) {
      out.push(h("h4", { text: t("whists") }));
      const wl = h("ol", { class: "calls" });
      for (const [s, c] of d.whist) wl.append(h("li", { text: `${nm(s)}: ${callText(c)}` }));
      out.push(wl);
    }
    if (d.discard && d.discard.length) {
      const dl = h("div", { class: "discard" }, h("small", { text: t("discard") + ": " }));
      for (const c of d.discard) dl.append(cardEl(c));
      out.push(dl);
    }
    return out;
  },
  // the Greek cash box (document 004 §10.4) keeps boxes and chips instead of the pulka; F2 (§10.2) the contracts
  // column and the hat
  sheet: (sheet, ctx) => (sheet && sheet.kind === "kassa" ? kassaSheet(sheet, ctx.names)
    : sheet && sheet.kind === "f2" ? prefF2Sheet(sheet, ctx.names) : prefSheet(sheet, ctx.names)),
  // Preferans bids and contracts ("6S", "10H") read like cards and only the rules tell them apart:
  // without the server's replay the hands are shown as dealt and the actions as recorded.
  recordCard() { return false; },
};
