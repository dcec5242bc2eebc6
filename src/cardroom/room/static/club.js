// The club table of 1913 (room/clubtable.py): who plays the rubber and where, who waits (law 20), the
// last cut and the cutting out (laws 19, 21), the score book (laws 12-13); a member may join and agree.
import { h } from "/static/dom.js";
import { t, tp, getLang } from "/static/i18n.js";

const params = new URLSearchParams(location.search);
const club = params.get("id");
const tokenKey = `cardroom:club:${club}`;
const SEATS = ["N", "E", "S", "W"];

async function api(path, body) {
  const opts = { headers: { "Accept-Language": getLang() } };
  const tok = localStorage.getItem(tokenKey);
  if (body !== undefined) {
    opts.method = "POST";
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
    if (tok) opts.headers.Authorization = `Bearer ${tok}`;
  }
  const r = await fetch(path, opts);
  const data = await r.json();
  if (!r.ok) throw new Error(data.detail || r.statusText);
  return data;
}

function cutText(cut) {
  return Object.entries(cut.cards).map(([n, c]) => `${n} ${c}`).join(", ");
}

function render(info, error) {
  const app = document.getElementById("app");
  const main = h("main", { id: "club", "data-phase": info.phase, "data-rubbers": String(info.rubbers) });
  main.append(h("h1", {}, `${t("clubTitle")} · ${info.title[getLang()] || info.title.en}`));
  main.append(h("p", { id: "club-phase" }, `${t("clubPhase")}: ${t("clubPhase_" + info.phase)} · ${t("clubRubbers")}: ${info.rubbers}`));
  if (error) main.append(h("p", { class: "error", text: error }));
  const seats = h("table", { id: "club-seats" }, h("tr", {}, h("th", { text: t("seat") }), h("th", { text: t("clubPlayer") })));
  (info.at_table || []).forEach((name, i) => seats.append(h("tr", { "data-seat": SEATS[i] }, h("td", { text: tp("val_", SEATS[i]) }), h("td", { text: name }))));
  main.append(h("h2", { text: t("clubPlaying") }), seats);
  if (info.table) {
    const me = localStorage.getItem(`${tokenKey}:name`);
    const seat = (info.at_table || []).indexOf(me);
    const link = h("a", { id: "club-table-link", href: `/?table=${info.table}${seat >= 0 ? "&seat=" + seat : ""}`, text: t("clubGoTable"),
      onclick: () => { if (seat >= 0) localStorage.setItem(`cardroom:token:${info.table}:${seat}`, localStorage.getItem(tokenKey)); } });
    main.append(h("p", {}, link));
  }
  const waiting = h("ol", { id: "club-waiting" });
  for (const n of info.waiting) waiting.append(h("li", { text: n }));
  main.append(h("h2", { text: t("clubWaiting") }), info.waiting.length ? waiting : h("p", { id: "club-waiting", text: t("clubNobody") }));
  const members = h("ul", { id: "club-members" });
  for (const m of info.members) members.append(h("li", {}, `${m.name} (${m.kind === "bot" ? t("botKind") : t("human")}) · ${t("clubConsecutive")}: ${m.consecutive}`));
  main.append(h("h2", { text: t("clubMembers") }), members);
  if (info.cuts.length) {
    const cuts = h("ul", { id: "club-cuts" });
    for (const c of info.cuts) cuts.append(h("li", {}, `${t("clubCut_" + c.purpose)}: ${cutText(c)}`));
    main.append(h("h2", { text: t("clubCuts") }), cuts);
  }
  if (info.went_out.length || info.came_in.length) {
    main.append(h("p", { id: "club-cutting-out" }, `${t("clubWentOut")}: ${info.went_out.join(", ") || "—"} · ${t("clubCameIn")}: ${info.came_in.join(", ") || "—"}`));
  }
  if (info.book.length) {
    const book = h("table", { id: "club-book" }, h("tr", {}, ...["clubRubber", "clubPlayers", "clubNS", "clubEW", "clubAgreed"].map((k) => h("th", { text: t(k) }))));
    for (const b of info.book) {
      const fig = (s) => `${b.entered[s].trick} / ${b.entered[s].honour}`;
      book.append(h("tr", {}, h("td", { text: String(b.rubber) }), h("td", { text: b.players.join(", ") }), h("td", { text: fig("NS") }),
        h("td", { text: fig("EW") }), h("td", { text: b.agreed ? t("yes") : t("no") })));
    }
    main.append(h("h2", { text: t("clubBook") }), h("p", { class: "note", text: t("clubBookNote") }), book);
  }
  if (info.phase === "broken") main.append(h("p", { id: "club-broken", text: `${t("clubBrokenBy")} ${info.broken_by}; ${t("clubPrior")}: ${info.prior_right.join(", ")}` }));
  if (!localStorage.getItem(tokenKey) && info.members.length < 6 && info.phase !== "broken") {
    const name = h("input", { id: "club-name", "aria-label": t("yourName"), placeholder: t("yourName") });
    main.append(h("p", {}, name, " ", h("button", { id: "club-join", text: t("clubJoin"), onclick: async () => {
      try {
        const r = await api(`/api/clubs/${club}/join`, { name: name.value });
        localStorage.setItem(tokenKey, r.token);
        localStorage.setItem(`${tokenKey}:name`, r.club.members.at(-1).name);
        render(r.club);
      } catch (e) { render(info, e.message); }
    } })));
  } else if (localStorage.getItem(tokenKey) && info.phase === "between" && info.book.length && !info.book.at(-1).agreed) {
    main.append(h("p", {}, h("button", { id: "club-agree", text: t("clubAgree"), onclick: async () => {
      try { render(await api(`/api/clubs/${club}/agree`, {})); } catch (e) { render(info, e.message); }
    } })));
  }
  app.replaceChildren(main);
}

async function poll() {
  try { render(await api(`/api/clubs/${club}`)); } catch (e) { document.getElementById("app").replaceChildren(h("p", { class: "error", text: e.message })); }
  setTimeout(poll, 1000);
}

poll();
