// Score sheets in their traditional forms, drawn from the `sheet` of a state message.
import { t, tp } from "./i18n.js";

function h(tag, attrs = {}, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") el.className = v; else if (k === "text") el.textContent = v; else el.setAttribute(k, v);
  }
  for (const k of kids) if (k != null) el.append(k);
  return el;
}

// Bridge (rubber): "we" and "they" columns, premiums above the line, trick points below it,
// a line under each game won.
function bridgeSheet(sheet, mySide) {
  const we = mySide || "NS";
  const they = we === "NS" ? "EW" : "NS";
  const wrap = h("div", { class: "sheet bridge-sheet", "data-sheet": "bridge" });
  const tbl = h("table", { class: "wethey" });
  tbl.append(h("thead", {}, h("tr", {}, h("th", { text: `${t("we")} (${we})` }), h("th", { text: `${t("they")} (${they})` }))));
  const lines = sheet.lines || [];
  const entry = (l) => {
    const span = h("span", { class: "entry" + (l.annulled ? " annulled" : ""), title: `${t("deal")} ${l.deal}: ${tp("kind_", l.kind)}${l.annulled ? " (" + t("annulled") + ")" : ""}`, text: String(l.points) });
    span.dataset.deal = String(l.deal);
    return span;
  };
  const above = h("tbody", { class: "above" });
  const aboveLines = lines.filter((l) => !l.below).reverse(); // written upwards from the line
  const aw = aboveLines.filter((l) => l.side === we), at = aboveLines.filter((l) => l.side === they);
  for (let i = 0; i < Math.max(aw.length, at.length); i++) {
    above.append(h("tr", {}, h("td", {}, aw[i] ? entry(aw[i]) : ""), h("td", {}, at[i] ? entry(at[i]) : "")));
  }
  const below = h("tbody", { class: "below" });
  const games = [...new Set(lines.filter((l) => l.below).map((l) => l.game))];
  for (const g of games) {
    const gl = lines.filter((l) => l.below && l.game === g);
    const bw = gl.filter((l) => l.side === we), bt = gl.filter((l) => l.side === they);
    const n = Math.max(bw.length, bt.length);
    for (let i = 0; i < n; i++) {
      const tr = h("tr", {}, h("td", {}, bw[i] ? entry(bw[i]) : ""), h("td", {}, bt[i] ? entry(bt[i]) : ""));
      if (i === n - 1 && (sheet.games || []).length >= g) tr.className = "game-end";
      below.append(tr);
    }
  }
  tbl.append(above, below);
  const tot = sheet.totals || {};
  tbl.append(h("tfoot", {}, h("tr", {}, h("th", { text: `${t("total")}: ${tot[we] ?? 0}` }), h("th", { text: `${t("total")}: ${tot[they] ?? 0}` }))));
  wrap.append(tbl);
  const gw = sheet.games || [];
  wrap.append(h("p", { text: `${t("gamesWon")}: ${we} ${gw.filter((x) => x === we).length} — ${they} ${gw.filter((x) => x === they).length}` }));
  if (sheet.winner) wrap.append(h("p", { class: "winner", text: `${t("rubberWinner")}: ${sheet.winner}` }));
  return wrap;
}

// Preferans pulka: for every player the pulya, the gora and the whists written on each other player,
// as the running sums written on the paper.
function prefSheet(sheet, names) {
  const n = sheet.players || (sheet.pulya || []).length;
  const wrap = h("div", { class: "sheet pref-sheet", "data-sheet": "preferans" });
  wrap.append(h("p", { text: `${sheet.variant ?? ""} · ${t("pulyaLength")} ${sheet.pulya_length ?? "?"} · ${t("deals")}: ${sheet.deals ?? 0}` }));
  const tbl = h("table", { class: "pulka" });
  const head = h("tr", {}, h("th", { text: t("player") }), h("th", { text: t("pulya") }), h("th", { text: t("gora") }));
  for (let o = 0; o < n; o++) head.append(h("th", { text: `${t("whistsOn")} ${names[o] ?? o}` }));
  tbl.append(h("thead", {}, head));
  const body = h("tbody");
  const rec = sheet.records || {};
  const chain = (arr, total) => {
    const list = (arr || []).map(String);
    return h("span", {}, h("span", { class: "chain", text: list.length ? list.join(".") + "." : "" }), h("b", { text: ` ${total ?? 0}` }));
  };
  for (let s = 0; s < n; s++) {
    const tr = h("tr", {}, h("th", { text: names[s] ?? String(s) }),
      h("td", { class: "pulya" }, chain((rec.pulya || [])[s], (sheet.pulya || [])[s])),
      h("td", { class: "gora" }, chain((rec.gora || [])[s], (sheet.gora || [])[s])));
    for (let o = 0; o < n; o++) {
      tr.append(o === s ? h("td", { class: "self", text: "—" }) : h("td", { class: "whist" }, chain(((rec.whists || [])[s] || [])[o], ((sheet.whists || [])[s] || [])[o])));
    }
    body.append(tr);
  }
  tbl.append(body);
  wrap.append(tbl);
  const lines = sheet.lines || [];
  if (lines.length) {
    const ul = h("ol", { class: "sheet-lines" });
    for (const l of lines) {
      ul.append(h("li", { text: `${t("deal")} ${l.deal}: ${names[l.seat] ?? l.seat} — ${t(l.kind)}${l.on != null ? " " + (names[l.on] ?? l.on) : ""} ${l.points} (${l.reason})` }));
    }
    wrap.append(h("details", {}, h("summary", { text: `${t("sheet")}: ${lines.length}` }), ul));
  }
  return wrap;
}

// Euchre: points of each hand towards the game of five, the games won, and the rubber.
function euchreSheet(sheet) {
  const wrap = h("div", { class: "sheet euchre-sheet", "data-sheet": "euchre" });
  const sc = sheet.score || {};
  wrap.append(h("p", { class: "score-now", text: `${t("gameNo")} ${sheet.game ?? 1}: NS ${sc.NS ?? 0} — EW ${sc.EW ?? 0}` }));
  const games = sheet.games || [];
  if (games.length) {
    const tbl = h("table", { class: "euchre-games" });
    tbl.append(h("thead", {}, h("tr", {}, h("th", { text: t("gameNo") }), h("th", { text: t("winner") }), h("th", { text: t("score") }), h("th", { text: t("value") }))));
    const b = h("tbody");
    for (const g of games) b.append(h("tr", {}, h("td", { text: String(g.game) }), h("td", { text: g.winner }), h("td", { text: (g.score || []).join(" : ") }), h("td", { text: String(g.value) })));
    tbl.append(b);
    wrap.append(tbl);
  }
  const hands = sheet.hands || [];
  const ht = h("table", { class: "euchre-hands" });
  ht.append(h("thead", {}, h("tr", {}, h("th", { text: "#" }), h("th", { text: "NS" }), h("th", { text: "EW" }))));
  const hb = h("tbody");
  hands.forEach((p, i) => hb.append(h("tr", {}, h("td", { text: String(i + 1) }), h("td", { text: p[0] ? `+${p[0]}` : "" }), h("td", { text: p[1] ? `+${p[1]}` : "" }))));
  ht.append(hb);
  wrap.append(h("details", { open: "" }, h("summary", { text: `${t("handsPlayed")}: ${hands.length}` }), ht));
  const rp = sheet.rubber_points || {};
  wrap.append(h("p", { text: `${t("rubberPoints")}: NS ${rp.NS ?? 0} — EW ${rp.EW ?? 0}` }));
  if (sheet.winner) wrap.append(h("p", { class: "winner", text: `${t("winner")}: ${sheet.winner}` }));
  return wrap;
}

export function renderSheet(game, sheet, ctx) {
  if (sheet == null) return h("p", { class: "sheet", text: t("noSheet") });
  if (typeof sheet === "string") return h("pre", { class: "sheet", "data-sheet": "text", text: sheet });
  if (game === "bridge") return bridgeSheet(sheet, ctx.mySide);
  if (game === "preferans") return prefSheet(sheet, ctx.names);
  if (game === "euchre") return euchreSheet(sheet);
  return h("pre", { class: "sheet", "data-sheet": "json", text: JSON.stringify(sheet, null, 1) });
}
