// Euchre: the trump, the maker and a lone hand, the turn-up, the making of the trump, the rubber's sheet.
import { h } from "../dom.js";
import { t, tp, callText } from "../i18n.js";
import { euchreSheet } from "../sheets.js";

export default {
  suitOrder: ["S", "H", "C", "D"],
  bowers: true,
  facts({ d, fact, nameOf, phaseFact }) {
    if (d.trump) fact("trump", callText(d.trump));
    if (d.maker) fact("maker", nameOf(d.maker));
    if (d.lone) fact("factAlone", nameOf(d.lone));
    if (d.sitting_out) fact("sittingOut", nameOf(d.sitting_out));
    phaseFact();
  },
  sitOutNote() { return "sitsOutAlone"; },
  sitOutMark() { return "sitsOutAlone"; },
  seatNote({ d, labels }, i) {
    return d.lone != null && labels.indexOf(String(d.lone)) === i ? h("div", { class: "small plays-alone", "data-alone": i, text: t("playsAlone") }) : null;
  },
  openLabel(name, { d }) {
    return name === "turn_up" ? { cls: "turnup", text: `${t("turnUp")} (${tp("turnUp_", d.turn_up_state)}): ` } : { cls: name, key: name };
  },
  bidding({ d, nm }) {
    const ol = h("ol", { class: "calls" });
    for (const [s, c] of d.calls || []) ol.append(h("li", { text: `${nm(s)}: ${callText(c)}` }));
    return [h("h3", { text: t("makingTrump") }), ol];
  },
  sheet: (sheet, ctx) => euchreSheet(sheet, ctx),
};
