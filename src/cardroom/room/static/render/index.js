// The per-game renderers: what the common table (view.table) does not say — the facts of a deal, the
// bidding, the score sheet, the game's own panels. A game is drawn by its family's renderer (a game
// added later draws like its family: auction and straight bridge like contract bridge); a family the
// client does not know is drawn by the generic one.
import { h } from "../dom.js";
import bridge from "./bridge.js";
import preferans from "./preferans.js";
import euchre from "./euchre.js";

// The generic renderer: every hook a renderer may have, doing what a game without one needs.
export const generic = {
  suitOrder: ["S", "H", "C", "D"],
  bowers: false,
  facts(ctx) { ctx.phaseFact(); },
  sitOutNote() { return "youSitOut"; }, // i18n keys: the note to the seat sitting out, the mark on its box
  sitOutMark() { return "dealerSitsOut"; },
  seatNote() { return null; },
  openLabel(name) { return { cls: name, key: name }; },
  lawsExtras() { return []; },
  irregularCalls() { return null; },
  callsBox() { return null; }, // the legal calls drawn the game's way (a bidding box…), or null: a plain list
  bidding(ctx) { return [h("pre", { text: JSON.stringify(ctx.d.auction || ctx.d.calls || null) })]; },
  sheet: null,
  mySide() { return "NS"; },
  recordCard() { return true; }, // in a record without the server's replay: is this card-like text a card?
};

const FAMILIES = { bridge, oldbridge: bridge, preferans, euchre };
const DRAWN_LIKE = { oldbridge: "bridge" };

// The kind a game is drawn as (its family, or the family it draws like), from the lobby's catalogue.
export function kindOf(gs, name) {
  const g = (gs || []).find((x) => x.name === name);
  const fam = g ? g.family || g.name : name;
  return DRAWN_LIKE[fam] || fam;
}

export function rendererFor(kind) { return { ...generic, ...(FAMILIES[kind] || {}) }; }
