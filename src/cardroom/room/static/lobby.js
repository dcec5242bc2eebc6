// The lobby's list of tables and a player's page. The list: filters by game, by variant (the game's
// "variant" option, or the options its configurations set) and free seats; each table's free seats
// taken from the list; its options in one line, the rest behind "more"; the owner's "close". A
// player's page: the matches played under a name, with the results the server keeps.
// ``deps``: what the page frame gives (api, store, go, showError, displayName, games, titleOf, optionLabel).
import { h } from "./dom.js";
import { t, tp, getLang, seatLabel, positionText, configurationLabel } from "./i18n.js";

export function playerLink(name) { return `/?page=player&name=${encodeURIComponent(name)}`; }

// The variants a game's lobby filter offers: [{label, query}] (query: extra /api/tables parameters).
function variantsOf(g, optionLabel) {
  if (!g) return [];
  const v = g.options.variant;
  if (v) return v.choices.filter((c) => c != null).map((c) => ({ label: optionLabel(c), query: { variant: c } }));
  const out = [];
  for (const c of g.configurations) {
    const entries = Object.entries(c);
    if (!entries.length) continue;
    out.push({ label: configurationLabel(c),
      query: Object.fromEntries(entries.map(([k, x]) => [`opt.${k}`, typeof x === "string" ? x : JSON.stringify(x)])) });
  }
  return out;
}

// A table's options as one line (those not at the game's default), and every option for "more".
function optionsSummary(tb, g, optionLabel) {
  const opts = tb.options || {};
  const name = (k) => { const x = tp("opt_", k); return x === k ? k.replaceAll("_", " ") : x; };
  const changed = Object.entries(opts).filter(([k, v]) => !g || !(k in g.options) || g.options[k].default !== v);
  const line = changed.map(([k, v]) => `${name(k)}: ${optionLabel(v)}`).join(", ") || t("defaultOptions");
  const all = Object.entries(opts).map(([k, v]) => `${name(k)}: ${optionLabel(v)}`);
  return { line, all };
}

export function tablesList(deps) {
  const { api, store, go, showError, displayName, gs, optionLabel } = deps;
  const list = h("div", { id: "tables" });
  const gameF = h("select", { id: "filter-game", "aria-label": t("filterGame") }, h("option", { value: "", text: t("allGames") }));
  for (const g of gs) gameF.append(h("option", { value: g.name, text: g.title[getLang()] || g.title.en }));
  const variantF = h("select", { id: "filter-variant", "aria-label": t("filterVariant") });
  const freeF = h("input", { type: "checkbox", id: "filter-free" });
  const fillVariants = () => {
    variantF.replaceChildren(h("option", { value: "", text: t("allVariants") }));
    variantsOf(gs.find((g) => g.name === gameF.value), optionLabel).forEach((v, i) =>
      variantF.append(h("option", { value: String(i), text: v.label, "data-query": JSON.stringify(v.query) })));
    variantF.disabled = variantF.options.length < 2;
  };
  const query = () => {
    const q = {};
    if (gameF.value) q.game = gameF.value;
    const opt = variantF.selectedOptions[0];
    if (opt && opt.dataset.query) Object.assign(q, JSON.parse(opt.dataset.query));
    if (freeF.checked) q.free = "true";
    const s = new URLSearchParams(q).toString();
    return "/api/tables" + (s ? "?" + s : "");
  };
  const sit = async (tb, seat) => {
    try {
      const r = await api("POST", `/api/tables/${tb.id}/seats/${seat}`, { name: store.name() || undefined });
      store.setToken(tb.id, seat, r.token);
      go({ table: tb.id, seat });
    } catch (e) { showError(e.message); }
  };
  const closeTable = async (tb) => {
    if (!window.confirm(t("closeConfirm"))) return;
    try { await api("POST", `/api/tables/${tb.id}/close`, undefined, store.owner(tb.id)); refresh(); } catch (e) { showError(e.message); }
  };
  let first = null;
  const refresh = async (path) => {
    const more = path != null;
    path = path || query();
    try {
      const { tables, next } = await api("GET", path); // one page, newest first; `next`: the following page
      if (!more) { list.replaceChildren(); first = path; }
      list.querySelector("#more-tables")?.remove();
      if (!tables.length && !more) { list.append(h("p", { class: "no-tables", text: t("noTables") })); return; }
      let tbl = list.querySelector("table.tables");
      if (!tbl) { tbl = h("table", { class: "tables" }); list.append(tbl); }
      for (const tb of tables) {
        const g = gs.find((x) => x.name === tb.game);
        const mine = tb.seats.find((s) => store.token(tb.id, s.seat));
        const free = tb.seats.filter((s) => s.kind === "empty");
        const seatsCell = h("td", { class: "small seats-cell" });
        tb.seats.forEach((s, k) => {
          if (k) seatsCell.append(", ");
          seatsCell.append(h("b", { text: seatLabel(s.label) + ": " }));
          if (s.kind === "empty" && !tb.over && !mine) seatsCell.append(h("button", { class: "sit-free", "data-sit-table": tb.id, "data-sit": s.seat, text: t("sitShort"), onclick: () => sit(tb, s.seat) }));
          else if (s.kind === "empty") seatsCell.append("—");
          else if (s.kind === "invited") seatsCell.append(t("invited"));
          else if (s.kind === "human" && s.name) seatsCell.append(h("a", { href: playerLink(s.name), "data-raw": "", text: displayName(s) }));
          else seatsCell.append(displayName(s));
        });
        const { line, all } = optionsSummary(tb, g, optionLabel);
        const optsCell = h("td", { class: "small options-cell" }, h("span", { class: "options-line", text: line }));
        if (all.length) optsCell.append(h("details", { class: "options-more" }, h("summary", { text: t("moreOptions") }),
          h("ul", {}, ...all.map((x) => h("li", { text: x })))));
        tbl.append(h("tr", { "data-table": tb.id, "data-game": tb.game, "data-free": String(free.length) },
          h("td", {}, g ? g.title[getLang()] || g.title.en : tb.game,
            tb.laws ? h("span", { class: "badge laws-badge", "data-laws": "", title: t("lawsMode"), text: " " + t("lawsBadge") }) : null,
            tb.practice ? h("span", { class: "badge practice-badge", "data-practice": "", title: t("practiceHint"), text: " " + t("practiceBadge") }) : null),
          optsCell,
          seatsCell,
          h("td", { class: "small" }, tb.over ? t("matchOver") : positionText(tb.position),
            !tb.over && free.length ? h("span", { class: "free-seats", text: ` · ${t("freeSeats")}: ${free.length}` }) : null),
          h("td", {},
            h("a", { href: `/?table=${tb.id}${mine ? "&seat=" + mine.seat : ""}`, text: mine ? t("join") : t("watch") }), " ",
            tb.over ? h("a", { href: `/?page=records&table=${tb.id}`, text: t("replay") }) : null,
            !tb.over && store.owner(tb.id) ? h("button", { class: "danger close-table", "data-close": tb.id, text: t("closeTable"), onclick: () => closeTable(tb) }) : null)));
      }
      if (next) list.append(h("button", { id: "more-tables", onclick: () => refresh(next), text: t("moreTables") }));
    } catch (e) { showError(e.message); }
  };
  gameF.addEventListener("change", () => { fillVariants(); refresh(); });
  variantF.addEventListener("change", () => refresh());
  freeF.addEventListener("change", () => refresh());
  fillVariants();
  const filters = h("div", { class: "filters", id: "filters" },
    h("label", {}, h("span", { text: t("game") }), gameF),
    h("label", {}, h("span", { text: t("variantFilter") }), variantF),
    h("label", { class: "inline" }, freeF, " " + t("onlyFree")),
    h("a", { id: "club-evening-link", href: `/club/evening?lang=${getLang()}`, text: t("clubEvening") }), " ",
    h("a", { id: "pref-tournament-link", href: `/club/tournament?lang=${getLang()}`, text: t("prefTournament") }));
  return { filters, list, refresh: () => refresh(), current: () => first };
}

// A player's page: the matches played under ``name`` at this room, with his result in each.
export async function playerPage(main, deps) {
  const { api, gs, titleOf } = deps;
  const name = new URLSearchParams(location.search).get("name") || "";
  const data = await api("GET", `/api/players/${encodeURIComponent(name)}?lang=${getLang()}`);
  const s = data.summary;
  const sec = h("section", { class: "panel player", id: "player" },
    h("h2", {}, `${t("playerPage")}: `, h("span", { "data-raw": "", text: data.name })),
    h("p", { id: "player-summary", text: `${t("matchesPlayed")}: ${s.matches} · ${t("finished")}: ${s.finished} · ${t("wonMatches")}: ${s.won} · ${t("lostMatches")}: ${s.lost}` }));
  if (!data.matches.length) sec.append(h("p", { text: t("noMatches") }));
  else {
    const tbl = h("table", { class: "tables player-matches" },
      h("thead", {}, h("tr", {}, ...["game", "seat", "players", "position", "result", ""].map((k) => h("th", { text: k ? t(k === "players" ? "otherPlayers" : k === "result" ? "resultCol" : k) : "" })))));
    for (const m of data.matches) {
      const res = m.result == null ? "—" : (m.result > 0 ? "+" : "") + String(Math.round(m.result * 100) / 100);
      tbl.append(h("tr", { "data-table": m.table, "data-result": m.result == null ? "" : String(m.result) },
        h("td", { text: titleOf(gs, m.game) }),
        h("td", { "data-label": t("seat"), text: seatLabel(m.label) }),
        h("td", { class: "small", "data-label": t("otherPlayers"), text: m.players.filter((p) => p.seat !== m.seat).map((p) => `${seatLabel(p.label)}: ${p.name || "—"}`).join(", ") }),
        h("td", { class: "small", text: m.over ? (m.abandoned ? t("abandoned") : t("matchOver")) : positionText(m.position) }),
        h("td", { class: "result", "data-label": t("resultCol"), text: res }),
        h("td", {}, h("a", { href: m.over ? `/?page=records&table=${m.table}` : `/?table=${m.table}`, text: m.over ? t("replay") : t("watch") }))));
    }
    sec.append(tbl);
  }
  main.append(sec);
}
