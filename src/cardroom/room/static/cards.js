// Cards: reading "10H", "AS"…, sorting a hand by suit (trumps first), drawing a card (its rank in the
// page's language: Т К Д В on a Russian page).
import { cardText, rankText } from "./i18n.js";

export const SUIT_SYM = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const CARD_RE = /^(10|[2-9JQKA])([CDHS])$/;

export function isCard(text) { return typeof text === "string" && CARD_RE.test(text); }
export function rank(card) { return CARD_RE.exec(card)[1]; }
export function suit(card) { return CARD_RE.exec(card)[2]; }

const SAME_COLOUR = { C: "S", S: "C", D: "H", H: "D" };

// A hand sorted by suit in ``suitOrder`` (alternating colours; the trump suit, when there is one, first),
// high cards first; with ``bowers`` (euchre) the knaves of the trump's colour lead the trumps.
export function sortHand(cards, trump, { suitOrder = ["S", "H", "C", "D"], bowers = false } = {}) {
  const order = [...suitOrder];
  if (trump) { order.splice(order.indexOf(trump), 1); order.unshift(trump); }
  const key = (c) => {
    let s = suit(c);
    let r = RANKS.indexOf(rank(c));
    if (bowers && trump && rank(c) === "J") {
      if (s === trump) r = 100; // right bower
      else if (s === SAME_COLOUR[trump]) { s = trump; r = 99; } // left bower
    }
    return order.indexOf(s) * 1000 - r;
  };
  return [...cards].filter(isCard).sort((a, b) => key(a) - key(b));
}

// A card element; hidden cards (null) are drawn face down.
export function cardEl(card, opts = {}) {
  const el = document.createElement(opts.legalId != null ? "button" : "span");
  el.className = "card";
  if (card == null || !isCard(card)) {
    el.classList.add("back");
    el.textContent = "🂠";
    return el;
  }
  const s = suit(card);
  el.classList.add(s === "H" || s === "D" ? "red" : "black");
  el.dataset.card = card;
  el.innerHTML = `<span class="r">${rankText(rank(card))}</span><span class="s">${SUIT_SYM[s]}</span>`;
  if (opts.legalId != null) {
    el.classList.add("legal");
    el.dataset.legalId = String(opts.legalId);
    el.title = cardText(card);
  }
  if (opts.trump && s === opts.trump) el.classList.add("trump");
  return el;
}
