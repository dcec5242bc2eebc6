// Score sheets in their traditional forms, drawn from the `sheet` of a state message.
import { t, tp, seatLabel, getLang } from "./i18n.js";

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
export function bridgeSheet(sheet, mySide) {
  const we = mySide || "NS";
  const they = we === "NS" ? "EW" : "NS";
  const wrap = h("div", { class: "sheet bridge-sheet", "data-sheet": "bridge" });
  const tbl = h("table", { class: "wethey" });
  tbl.append(h("thead", {}, h("tr", {}, h("th", { text: `${t("we")} (${seatLabel(we)})` }), h("th", { text: `${t("they")} (${seatLabel(they)})` }))));
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
  // the line is drawn even when a section is empty: a penalty above it never reads as trick points
  for (const part of [above, below]) if (!part.children.length) part.append(h("tr", { class: "empty-section" }, h("td", { text: "\u00a0" }), h("td", { text: "\u00a0" })));
  tbl.append(above, below);
  const tot = sheet.totals || {};
  tbl.append(h("tfoot", {}, h("tr", {}, h("th", { text: `${t("total")}: ${tot[we] ?? 0}` }), h("th", { text: `${t("total")}: ${tot[they] ?? 0}` }))));
  wrap.append(tbl);
  const gw = sheet.games || [];
  wrap.append(h("p", { text: `${t("gamesWon")}: ${seatLabel(we)} ${gw.filter((x) => x === we).length} — ${seatLabel(they)} ${gw.filter((x) => x === they).length}` }));
  if (sheet.winner) wrap.append(h("p", { class: "winner", text: `${t("rubberWinner")}: ${seatLabel(sheet.winner)}` }));
  return wrap;
}

// A sheet kept by player (three-handed auction bridge): a column each, the entries as written (trick points
// plain, the others marked *), a line under each game won, the totals and the pairwise settlement.
export function playersSheet(sheet) {
  const players = sheet.players || [];
  const wrap = h("div", { class: "sheet players-sheet", "data-sheet": "players" });
  const tbl = h("table", { class: "players" });
  tbl.append(h("thead", {}, h("tr", {}, ...players.map((p) => h("th", { text: seatLabel(p) })))));
  const body = h("tbody", {});
  const lines = sheet.lines || [];
  const games = [...new Set(lines.map((l) => l.game))];
  for (const g of games) {
    const gl = lines.filter((l) => l.game === g);
    gl.forEach((l, i) => {
      const tr = h("tr", {}, ...players.map((p) => h("td", { title: `${t("deal")} ${l.deal}: ${tp("kind_", l.kind)}`,
        text: p === l.player ? l.text ?? (l.below ? "" : "*") + String(l.points) : "" })));
      const closed = sheet.rounds_closed ?? (sheet.games || []).length;  // a rule under each game (or round) closed
      if (i === gl.length - 1 && closed >= g) tr.className = "game-end";
      body.append(tr);
    });
  }
  tbl.append(body);
  const tot = sheet.totals || {};
  const net = (sheet.settlement || {}).net || {};
  tbl.append(h("tfoot", {}, h("tr", {}, ...players.map((p) => h("th", { text: `${t("total")}: ${tot[p] ?? 0}` }))),
    h("tr", { class: "settlement" }, ...players.map((p) => h("th", { text: `${(net[p] ?? 0) > 0 ? "+" : ""}${net[p] ?? 0}` })))));
  wrap.append(tbl);
  if (sheet.winner) wrap.append(h("p", { class: "winner", text: `${t("rubberWinner")}: ${seatLabel(sheet.winner)}` }));
  return wrap;
}

// Preferans pulka: for every player the pulya, the gora and the whists written on each other player,
// as the running sums written on the paper.
export function prefSheet(sheet, names) {
  const n = sheet.players || (sheet.pulya || []).length;
  const wrap = h("div", { class: "sheet pref-sheet", "data-sheet": "preferans" });
  wrap.append(h("p", { text: `${tp("variant_", sheet.variant ?? "")} · ${t("pulyaLength")} ${sheet.pulya_length ?? "?"} · ${t("deals")}: ${sheet.deals ?? 0}` }));
  wrap.append(pulkaDrawing(sheet, names, n));
  if (Array.isArray(sheet.live)) {
    const live = h("p", { class: "pulka-live" }, h("span", { text: `${t("liveSettlement")}: ` }));
    sheet.live.forEach((b, s) => {
      if (s) live.append(", ");
      live.append(h("span", { class: "live-balance", "data-seat": String(s), "data-balance": String(b), text: `${names[s] ?? s} ${b > 0 ? "+" : ""}${b}` }));
    });
    wrap.append(live);
  }
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
      // the rule's name (the tag) is translated here; the server's detail is shown when it is in the
      // page's language (the server translates it with ?lang=ru), else kept for the tooltip only
      const why = l.tag ? tp("tag_", l.tag) : "";
      const detail = l.reason && (getLang() !== "ru" || !/[A-Za-z]{2,}/.test(l.reason)) ? l.reason : "";
      const note = [why, detail && detail !== why ? detail : ""].filter(Boolean).join(": ");
      ul.append(h("li", { "data-tag": l.tag || "", title: l.reason || "", text: `${t("deal")} ${l.deal}: ${names[l.seat] ?? l.seat} — ${t(l.kind)}${l.on != null ? " " + (names[l.on] ?? l.on) : ""} ${l.points}${note ? ` (${note})` : ""}` }));
    }
    wrap.append(h("details", {}, h("summary", { text: `${t("sheet")}: ${lines.length}` }), ul));
  }
  return wrap;
}

// The Greek cash box (document 004 §10.4): for every player his box and his chips as written, one number a deal
// (the box from the agreed size down to zero, the chips a running balance), then the chips and their money.
// With four players the sections are drawn as a cross, two above and two below (§10.4.7).
export function kassaSheet(sheet, names) {
  const n = sheet.players || (sheet.kassa || []).length;
  const wrap = h("div", { class: "sheet kassa-sheet", "data-sheet": "kassa" });
  wrap.append(h("p", { text: `${tp("variant_", sheet.variant ?? "")} · ${t("kassaOf")} ${sheet.kassa_size ?? "?"} · ${t("pointPrice")} ${sheet.point_price ?? "?"} · ${t("deals")}: ${sheet.deals ?? 0}` }));
  const rec = sheet.records || {};
  const chain = (arr, total) => h("span", {}, h("span", { class: "chain", text: (arr || []).map(String).join(". ") }), h("b", { text: ` ${total ?? 0}` }));
  const grid = h("div", { class: "kassa-cross", "data-players": String(n) });
  for (let s = 0; s < n; s++) {
    const sec = h("section", { class: "kassa-section", "data-seat": String(s) }, h("h4", { text: names[s] ?? String(s) }));
    sec.append(h("p", { class: "kassa-box", "data-kassa": String((sheet.kassa || [])[s] ?? "") }, h("span", { text: `${t("kassa")}: ` }), chain((rec.kassa || [])[s], (sheet.kassa || [])[s])));
    sec.append(h("p", { class: "kassa-chips", "data-chips": String((sheet.chips || [])[s] ?? "") }, h("span", { text: `${t("chips")}: ` }), chain((rec.chips || [])[s], (sheet.chips || [])[s])));
    grid.append(sec);
  }
  wrap.append(grid);
  const tbl = h("table", { class: "kassa-count" });
  tbl.append(h("thead", {}, h("tr", {}, h("th", { text: t("player") }), h("th", { text: t("kassa") }), h("th", { text: t("chips") }), h("th", { text: t("money") }))));
  const body = h("tbody");
  for (let s = 0; s < n; s++) {
    const c = (sheet.chips || [])[s] ?? 0, m = (sheet.money || [])[s] ?? 0;
    body.append(h("tr", {}, h("th", { text: names[s] ?? String(s) }), h("td", { text: String((sheet.kassa || [])[s] ?? "") }),
      h("td", { class: "chips", text: `${c > 0 ? "+" : ""}${c}` }), h("td", { text: `${m > 0 ? "+" : ""}${Number(m).toFixed(2)}` })));
  }
  tbl.append(body);
  wrap.append(tbl);
  return wrap;
}

// The pulka as drawn on paper: the sheet cut into one sector per player from the centre (where the
// agreed pulya is written); in each sector, from the centre outwards, the player's gora, his pulya and,
// at the edge, his whists on each opponent, each a running record ("2.6.8.") as players write it.
const SVGNS = "http://www.w3.org/2000/svg";
function svgEl(tag, attrs = {}, text) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text != null) el.textContent = text;
  return el;
}

function pulkaDrawing(sheet, names, n) {
  const size = 400, c = size / 2, r0 = 34, r1 = 92, r2 = 140;
  const svg = svgEl("svg", { class: "pulka-drawing", viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": t("sheet") });
  svg.append(svgEl("rect", { x: 1, y: 1, width: size - 2, height: size - 2, class: "pk-edge" }),
    svgEl("circle", { cx: c, cy: c, r: r2, class: "pk-ring" }), svgEl("circle", { cx: c, cy: c, r: r1, class: "pk-ring" }));
  const rec = sheet.records || {};
  const chain = (xs) => ((xs || []).length ? xs.map(String).join(".") + "." : "—");
  const step = (2 * Math.PI) / n;
  const at = (a, r) => [c + r * Math.cos(a), c + r * Math.sin(a)];
  for (let p = 0; p < n; p++) { // the borders between the sectors, from the centre to the edge
    const a = Math.PI / 2 + (p + 0.5) * step;
    const [x, y] = at(a, size);
    svg.append(svgEl("line", { x1: c, y1: c, x2: x, y2: y, class: "pk-border" }));
  }
  for (let p = 0; p < n; p++) {
    const a = Math.PI / 2 + p * step; // the first player's sector faces the bottom of the sheet
    const put = (r, cls, text, extra = {}, dy = 0) => {
      const [x, y] = at(a, r);
      svg.append(svgEl("text", { x: x.toFixed(1), y: (y + dy).toFixed(1), class: cls, "data-seat": p, "text-anchor": "middle", ...extra }, text));
    };
    put((r0 + r1) / 2, "pk-gora", chain((rec.gora || [])[p]));
    put((r1 + r2) / 2, "pk-pulya", chain((rec.pulya || [])[p]));
    const opp = [...Array(n).keys()].filter((o) => o !== p);
    opp.forEach((o, i) => put(r2 + 20, "pk-whist", `${names[o] ?? o}: ${chain(((rec.whists || [])[p] || [])[o])}`, { "data-on": o }, (i - (opp.length - 1) / 2) * 13));
    put(r2 + 20, "pk-name", names[p] ?? String(p), {}, (opp.length / 2 + 0.6) * 13 * (Math.sin(a) >= 0 ? 1 : -1));
  }
  svg.append(svgEl("circle", { cx: c, cy: c, r: r0, class: "pk-centre" }),
    svgEl("text", { x: c, y: c + 5, class: "pk-length", "text-anchor": "middle" }, String(sheet.pulya_length ?? "")));
  return svg;
}

// Euchre: the traditional sheet. Game by game, each side's points hand by hand with the running
// score (a game is five points; with the lap the winner's surplus opens the next game), the game's
// winner and worth, then the games won, the rubber points and the rubber's winner. The hands are
// grouped by replaying the server's hand points through the rubber's rules (as RubberScore does);
// the game records the server sent (`games`) are what is shown as each game's result.
const GAME_POINTS = 5;

export function euchreGroups(sheet) {
  const opts = sheet.options || {};
  const lap = opts.lap !== false, fourth = opts.fourth_game_after_lap !== false;
  const penalties = sheet.penalties || {};
  const groups = [];
  let score = [0, 0], over = false, done = 0;
  let group = { game: 1, carried: [0, 0], rows: [] };
  const side = (s) => (s === "NS" || s === 0 ? 0 : 1);
  const gain = (s, p) => {
    score[s] += p;
    if (score[s] < GAME_POINTS) return;
    done += 1;
    const carried = lap ? score[s] - GAME_POINTS : 0;
    over = done >= 4 || (done === 3 && !(carried && fourth));
    group.final = [score[0], score[1]];
    groups.push(group);
    score = [0, 0];
    if (!over) score[s] = carried;
    group = { game: done + 1, carried: [score[0], score[1]], rows: [] };
  };
  (sheet.hands || []).forEach((pts, i) => {
    const row = { hand: i + 1, points: [pts[0] || 0, pts[1] || 0], game: group.game };
    const g = group;
    g.rows.push(row);
    const entries = penalties[String(i)];
    if (entries) {
      for (const e of entries) {
        if (over) break;
        if (e.points > 0) gain(side(e.side), e.points);
        else score[side(e.side)] = Math.max(0, score[side(e.side)] + e.points);
      }
    } else {
      for (const s of [0, 1]) if (row.points[s] && !over) gain(s, row.points[s]);
    }
    row.after = g.final && g !== group ? g.final : [score[0], score[1]];
  });
  if (!over) groups.push(group); // the game in play (it may open with a lap and no hand yet)
  return groups;
}

export function euchreSheet(sheet, ctx = {}) {
  const unfinished = !!(sheet.unfinished || ctx.abandoned);
  const wrap = h("div", { class: "sheet euchre-sheet", "data-sheet": "euchre" });
  const NS = seatLabel("NS"), EW = seatLabel("EW");
  const sc = sheet.score || {};
  if (!sheet.over && !unfinished) wrap.append(h("p", { class: "score-now", text: `${t("gameNo")} ${sheet.game ?? 1}: ${NS} ${sc.NS ?? 0} — ${EW} ${sc.EW ?? 0}` }));
  const records = sheet.games || [];
  const cell = (p, run) => h("td", {}, p ? h("span", { class: "pts", text: `+${p} ` }) : null, h("b", { class: "run", text: String(run) }));
  for (const g of euchreGroups(sheet)) {
    const rec = records.find((r) => r.game === g.game);
    const tbl = h("table", { class: "euchre-game", "data-game": String(g.game) });
    tbl.append(h("caption", { text: `${t("gameNo")} ${g.game}` + (rec ? "" : ` · ${unfinished ? t("unfinishedGame") : t("inPlay")}`) }),
      h("thead", {}, h("tr", {}, h("th", { text: t("handNo") }), h("th", { text: NS }), h("th", { text: EW }))));
    const body = h("tbody");
    if (g.carried[0] || g.carried[1]) {
      body.append(h("tr", { class: "lap-in" }, h("td", { text: t("lapIn") }), cell(g.carried[0], g.carried[0]), cell(g.carried[1], g.carried[1])));
    }
    for (const r of g.rows) {
      body.append(h("tr", { class: "hand-row", "data-hand-no": String(r.hand), "data-game": String(g.game) },
        h("td", { text: String(r.hand) }), cell(r.points[0], r.after[0]), cell(r.points[1], r.after[1])));
    }
    tbl.append(body);
    if (rec) {
      const w = seatLabel(rec.winner);
      const [a, b] = rec.winner === "NS" ? rec.score : [rec.score[1], rec.score[0]];
      const text = `${t("gameWonBy")} ${w} ${a}:${b} · ${t("worth")} ${rec.value}` + (rec.lap ? ` · ${t("lapOut")} ${rec.lap}` : "");
      tbl.append(h("tfoot", {}, h("tr", { class: "game-won", "data-winner": rec.winner, "data-value": String(rec.value) }, h("td", { colspan: "3", text }))));
    }
    wrap.append(tbl);
  }
  const won = (s) => records.filter((r) => r.winner === s).length;
  wrap.append(h("p", { class: "games-won", text: `${t("gamesWon")}: ${NS} ${won("NS")} — ${EW} ${won("EW")}` }));
  const rp = sheet.rubber_points || {};
  wrap.append(h("p", { class: "rubber-points", text: `${t("rubberPoints")}: ${NS} ${rp.NS ?? 0} — ${EW} ${rp.EW ?? 0}` }));
  if (sheet.winner) wrap.append(h("p", { class: "winner", text: `${t("rubberWinner")}: ${seatLabel(sheet.winner)}` }));
  if (unfinished) wrap.append(h("p", { class: "winner unfinished", text: t("unfinishedMatch") }));
  return wrap;
}

// A sheet drawn by ``draw`` (the game's renderer's), or as its JSON when the client has no drawing for it.
export function renderSheet(sheet, draw, ctx) {
  if (sheet == null) return h("p", { class: "sheet", text: t("noSheet") });
  if (typeof sheet === "string") return h("pre", { class: "sheet", "data-sheet": "text", text: sheet });
  if (draw) return draw(sheet, ctx);
  return h("pre", { class: "sheet", "data-sheet": "json", text: JSON.stringify(sheet, null, 1) });
}

// Preferans F2 (document 004 §10.2, «Пример записи»): for each player the whists on the player before him,
// his contracts column (started at −start) and his whists on the players after him; one line per deal with
// the running values written on it, a row of dashes for an all-pass; ∩ the hat (the column crossed zero),
// ∪ the inverted hat, ® a refet used. Under it the columns as they stand, the refets held and the live count.
export function prefF2Sheet(sheet, names) {
  const n = sheet.players || 3;
  const nm = (s) => names[s] ?? String(s);
  const wrap = h("div", { class: "sheet pref-f2-sheet", "data-sheet": "preferans-f2" });
  wrap.append(h("p", { text: `${tp("variant_", sheet.variant ?? "")} · ${t("f2Start")} ${sheet.pulya_length ?? "?"} · ${t("deals")}: ${sheet.deals ?? 0}` }));
  const order = (s) => [(s + n - 1) % n, null, ...Array.from({ length: n - 2 }, (_, k) => (s + k + 1) % n)];
  const tbl = h("table", { class: "pref-f2" });
  const head1 = h("tr", {}), head2 = h("tr", {});
  for (let s = 0; s < n; s++) {
    head1.append(h("th", { colspan: String(n), class: "f2-player", text: nm(s) }));
    for (const c of order(s)) head2.append(h("th", { text: c === null ? t("f2Contracts") : `${t("f2On")} ${nm(c)}` }));
  }
  tbl.append(h("thead", {}, head1, head2));
  const body = h("tbody");
  const HATS = { hat: "∩", "inverted-hat": "∪" };
  for (const l of sheet.lines || []) {
    const tr = h("tr", { "data-deal": String(l.deal), "data-event": l.event || "" });
    const dashes = l.event === "passed" || l.event === "refets";
    for (let s = 0; s < n; s++) {
      for (const c of order(s)) {
        let text = "";
        if (dashes) text = "—";
        else if (c === null) {
          const v = (l.contracts || [])[s];
          text = v == null ? "" : String(v) + (HATS[(l.hats || [])[s]] || "") + (l.refet_used && l.declarer === s ? "®" : "");
        } else {
          const v = ((l.whists || [])[s] || [])[c];
          text = v == null ? "" : String(v);
        }
        const td = h("td", { class: c === null ? "f2-contracts" : "f2-whists", "data-seat": String(s), text });
        if (c !== null) td.dataset.on = String(c);
        tr.append(td);
      }
    }
    body.append(tr);
  }
  tbl.append(body);
  const foot = h("tr", { class: "f2-totals" });
  for (let s = 0; s < n; s++) {
    for (const c of order(s)) {
      const v = c === null ? (sheet.contracts || [])[s] : ((sheet.whists || [])[s] || [])[c];
      const td = h("th", { class: c === null ? "f2-contracts" : "f2-whists", "data-seat": String(s), text: String(v ?? 0) });
      if (c !== null) td.dataset.on = String(c);
      foot.append(td);
    }
  }
  tbl.append(h("tfoot", {}, foot));
  wrap.append(tbl);
  const refets = (sheet.refets || []).map((r, s) => `${nm(s)} ${r}`).join(", ");
  wrap.append(h("p", { class: "f2-refets", text: `${t("f2Refets")}: ${refets} (${sheet.refets_given ?? 0} / ${sheet.max_refets ?? 0}) · ∩ ${t("f2Hat")} · ∪ ${t("f2InvertedHat")} · ® ${t("f2RefetUsed")}` }));
  if (Array.isArray(sheet.live)) {
    const live = h("p", { class: "pulka-live" }, h("span", { text: `${t("liveSettlement")}: ` }));
    sheet.live.forEach((b, s) => {
      if (s) live.append(", ");
      live.append(h("span", { class: "live-balance", "data-seat": String(s), "data-balance": String(b), text: `${nm(s)} ${b > 0 ? "+" : ""}${b}` }));
    });
    wrap.append(live);
  }
  return wrap;
}
