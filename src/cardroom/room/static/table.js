// The cards at the players' places, from the common table view (view.table) of any game: where each
// seat sits (the viewer at the bottom; a spectator sees the usual bridge diagram, South at the bottom,
// North at the top, West left, East right), the trick laid out by seat around the centre, the last
// trick on request and the earlier tricks of the deal reviewable during the play.
import { h } from "./dom.js";
import { t, seatLabel } from "./i18n.js";
import { cardEl } from "./cards.js";

// The places around the board, from the bottom clockwise, for n seats.
export function boardPlaces(n) {
  return n === 4 ? ["south", "west", "north", "east"] : n === 3 ? ["south", "west", "east"] : n === 2 ? ["south", "north"]
    : ["south", "west", "north", "east", "northeast"];
}

// The seat drawn at the bottom: the viewer's; a spectator's is South where a seat is labelled so
// (the bridge diagram), else the first seat.
export function bottomSeat(seat, labels) {
  if (seat != null) return seat;
  const s = labels.indexOf("S");
  return s >= 0 ? s : 0;
}

// The table's seats as the board draws them. In most games the players are the table's seats; where they
// sit at other seats (the view's ``places``: player p at table seat places[p], as in the three-player
// bridges, where the widow is the declarer's dummy opposite him and a player sitting there moves to the
// vacant seat), the board has the table's compass seats (N E S W), each drawn with the player sitting
// there (none: the dummy's vacant seat). ``labels`` are the players' seat labels, ``mine`` the viewer's
// player number (null: a spectator).
export const COMPASS = ["N", "E", "S", "W"];
export function tableSeats(tb, labels, mine) {
  const places = Array.isArray(tb.places) ? tb.places : null;
  if (!places) {
    return { places, n: labels.length, labels, playerAt: (s) => s, seatOf: (p) => p, me: bottomSeat(mine, labels) };
  }
  const tl = COMPASS.slice(0, tb.seats || COMPASS.length);
  const playerAt = (s) => { const p = places.indexOf(s); return p >= 0 ? p : null; };
  const seatOf = (p) => (p == null ? null : places[p]);
  return { places, n: tl.length, labels: tl, playerAt, seatOf, me: bottomSeat(seatOf(mine), tl) };
}

// The place of seat i with seat ``me`` at the bottom.
export function placeOf(i, me, n) { return boardPlaces(n)[((i - me) % n + n) % n]; }

// Plays of a trick of the common table as [{seat, card}] (seat -1: a card of the talon).
function playsOf(trick) { return ((trick && trick.plays) || []).map(([s, c]) => ({ seat: s, card: c })); }

// The centre of the board: the trick in play laid out by seat (or, between tricks, the last one), the
// "last trick" button, and ◀ ▶ through the deal's finished tricks. ``review`` is what the viewer asked
// to see (null: the trick in play; a number: that finished trick, 0 first) and ``setReview`` changes it.
export function trickCentre({ tb, labels, me, review, setReview }) {
  const n = labels.length;
  const tricks = tb.tricks || [];
  const current = playsOf(tb.trick);
  let shown = current, title = t("trick"), winner = null, k = null;
  if (review != null && review >= 0 && review < tricks.length) {
    k = review;
    shown = playsOf(tricks[k]);
    winner = tricks[k].winner;
    title = `${t("trickNo")} ${k + 1}/${tricks.length}`;
  } else if (!current.length && tricks.length) {
    k = tricks.length - 1;
    shown = playsOf(tricks[k]);
    winner = tricks[k].winner;
    title = t("lastTrick");
  }
  const box = h("div", { class: "trick-area" });
  box.append(h("div", { class: "small trick-title", id: "trick-title", text: title }));
  const tr = h("div", { class: `trick by-seat seats-${n}`, id: "trick", "data-trick": k == null ? "current" : String(k) });
  const placed = new Set(); // two players, two cards each a trick (two-handed bridge): the second beside the first
  for (const p of shown) {
    let place = p.seat === -1 ? "talon" : placeOf(p.seat, me, n);
    if (placed.has(place)) place += "2";
    placed.add(place);
    tr.append(h("div", { class: `played pos-${place}${p.seat === winner ? " winner" : ""}`, "data-played-by": p.seat, "data-place": place },
      h("small", { text: p.seat === -1 ? t("talon") : seatLabel(labels[p.seat] ?? p.seat) }), cardEl(p.card)));
  }
  box.append(tr);
  if (tricks.length) {
    const at = review != null ? review : null;
    const nav = h("div", { class: "trick-nav" },
      h("button", { id: "trick-prev", title: t("earlierTrick"), text: "◀", disabled: at === 0,
        onclick: () => setReview(at == null ? tricks.length - 1 : Math.max(0, at - 1)) }),
      h("button", { id: "last-trick", class: at === tricks.length - 1 ? "on" : "", "aria-pressed": String(at === tricks.length - 1),
        text: t("lastTrick"), onclick: () => setReview(at === tricks.length - 1 ? null : tricks.length - 1) }),
      h("button", { id: "trick-next", title: t("laterTrick"), text: "▶", disabled: at == null,
        onclick: () => setReview(at == null || at + 1 >= tricks.length ? null : at + 1) }),
      at != null ? h("button", { id: "trick-back", text: t("backToPlay"), onclick: () => setReview(null) }) : null);
    box.append(nav);
  }
  return box;
}

// Whether the deal of the table is played out (the match may be over too): its hands may be shown.
export function dealOver(tb) { return tb.phase === "deal_over" || tb.phase === "match_over"; }

// Every card each seat held this deal as far as the table shows it: the cards it played to the tricks
// and those still in its hand the table shows — after the deal, what a spectator sees of all hands.
export function handsAfterDeal(tb) {
  const out = {};
  const n = tb.seats || 0;
  for (let s = 0; s < n; s++) out[s] = ((tb.hands || {})[String(s)] || []).filter(Boolean);
  for (const tr of [...(tb.tricks || []), tb.trick]) {
    for (const [s, c] of (tr && tr.plays) || []) if (s >= 0 && out[s] && !out[s].includes(c)) out[s].push(c);
  }
  return out;
}
