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

let clubList = [];  // the room's other club tables (GET /api/clubs), refreshed every few polls
let shownError = null;  // a refusal's message, shown for a few seconds across the polls
let polls = 0;

function otherClubs(select) {
  for (const c of clubList) if (c.id !== club && c.phase !== "broken") select.append(h("option", { value: c.id, text: `${c.id} · ${t("clubPhase_" + c.phase)} · ${c.members}` }));
  return select;
}

function cutText(cut) {
  return Object.entries(cut.cards).map(([n, c]) => `${n} ${c}`).join(", ");
}

function render(info, error) {
  const app = document.getElementById("app");
  const main = h("main", { id: "club", "data-phase": info.phase, "data-rubbers": String(info.rubbers) });
  main.append(h("h1", {}, `${t("clubTitle")} · ${info.title[getLang()] || info.title.en}`));
  main.append(h("p", { id: "club-phase" }, `${t("clubPhase")}: ${t("clubPhase_" + info.phase)} · ${t("clubRubbers")}: ${info.rubbers}`));
  if (error) shownError = { text: error, until: Date.now() + 6000 };
  if (shownError && shownError.until > Date.now()) main.append(h("p", { id: "club-error", class: "error", role: "alert", text: shownError.text }));
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
  } else if (localStorage.getItem(tokenKey)) {
    main.append(memberActions(info));
  }
  if (info.rulings.length) {
    const rulings = h("ul", { id: "club-rulings" });
    for (const r of info.rulings) rulings.append(h("li", { text: r.text }));
    main.append(h("h2", { text: t("clubRulings") }), rulings);
  }
  app.replaceChildren(main);
}

// A member's actions, each a POST of the club's API; a refusal shows the catalogue's message and the
// state stays as it was (the next poll shows it).
function memberActions(info) {
  const me = localStorage.getItem(`${tokenKey}:name`);
  const box = h("section", { id: "club-actions" }, h("h2", { text: t("clubActions") }));
  const act = (id, label, route, body, gone) => h("button", { id, text: t(label), onclick: async () => {
    try {
      const r = await api(`/api/clubs/${club}/${route}`, body ? body() : {});
      shownError = null;
      if (gone) { localStorage.removeItem(tokenKey); localStorage.removeItem(`${tokenKey}:name`); }
      render(r);
    } catch (e) { render(info, e.message); }
  } });
  const select = (id, label, values) => {
    const s = h("select", { id, "aria-label": t(label) });
    for (const [v, text] of values) s.append(h("option", { value: v, text }));
    return s;
  };
  const row = (...kids) => h("p", {}, ...kids.flatMap((k) => [k, " "]));
  const playing = info.phase === "rubber" && (info.at_table || []).includes(me);
  if (info.phase === "between" && info.book.length && !info.book.at(-1).agreed) {
    box.append(row(act("club-agree", "clubAgree", "agree")));
    const last = info.book.at(-1).rubber;
    const side = select("club-fix-side", "clubSide", [["NS", t("clubNS")], ["EW", t("clubEW")]]);
    const part = select("club-fix-part", "clubPart", [["trick", t("clubPart_trick")], ["honour", t("clubPart_honour")]]);
    const points = h("input", { id: "club-fix-points", type: "number", "aria-label": t("clubPoints"), placeholder: t("clubPoints") });
    const body = () => ({ rubber: last, side: side.value, part: part.value, points: Number(points.value) });
    box.append(h("p", { class: "note", text: t("clubFixNote") }), row(side, part, points, act("club-book-write", "clubWrite", "book", body), act("club-correct", "clubCorrect", "correct", body)));
  }
  if (playing) {
    const fault = select("club-fault", "clubFault", "abcdef".split("").map((l) => [l, t("clubFault_" + l)]));
    const inTime = h("input", { id: "club-in-time", type: "checkbox", checked: true });
    box.append(row(fault, h("label", {}, inTime, " ", t("clubInTime")), act("club-claim", "clubClaim", "claims", () => ({ fault: fault.value, in_time: inTime.checked }))));
    if (info.waiting.length) {
      const sub = select("club-sub-name", "clubSubstitute", info.waiting.map((n) => [n, n]));
      box.append(row(sub, act("club-substitute", "clubSubstitute", "substitute", () => ({ substitute: sub.value }))));
    }
    const others = (info.playing || []).filter((n) => n !== me);
    const absent = select("club-consent-for", "clubConsent", others.map((n) => [n, n]));
    box.append(row(absent, act("club-consent", "clubConsent", "consent", () => ({ absent: absent.value }))));
  }
  const out = otherClubs(select("club-move-to", "clubMoveTo", []));
  const back = h("input", { id: "club-return", type: "checkbox" });
  box.append(row(out, h("label", {}, back, " ", t("clubReturn")), act("club-move", "clubMove", "move", () => ({ to: out.value, return: back.checked }))));
  box.append(row(act("club-leave", "clubLeave", "leave", null, true), act("club-break", "clubBreak", "break", null, true)));
  if (info.phase === "broken" && info.prior_right.includes(me)) box.append(priorEntry(info, me));
  return box;
}

// Law 27: a member of a table broken up claims entry at another table with the prior right.
function priorEntry(info, me) {
  const to = otherClubs(h("select", { id: "club-entry-to", "aria-label": t("clubEntry") }));
  return h("p", {}, to, " ", h("button", { id: "club-entry", text: t("clubEntry"), onclick: async () => {
    try {
      const r = await api(`/api/clubs/${to.value}/join`, { name: me, broken: club });
      localStorage.setItem(`cardroom:club:${to.value}`, r.token);
      localStorage.setItem(`cardroom:club:${to.value}:name`, r.club.members.find((m) => m.name === me)?.name || me);
      location.href = `/club?id=${to.value}`;
    } catch (e) { render(info, e.message); }
  } }));
}

async function poll() {
  // a member filling in an action's fields keeps them: no re-render while one has the focus
  const el = document.activeElement;
  const busy = el && el.matches && el.matches("input, select") && el.closest("#club");
  if (polls++ % 5 === 0) { try { clubList = (await api("/api/clubs")).clubs; } catch (e) { /* the list waits for the next poll */ } }
  if (busy) { setTimeout(poll, 1000); return; }
  try { render(await api(`/api/clubs/${club}`)); } catch (e) { document.getElementById("app").replaceChildren(h("p", { class: "error", text: e.message })); }
  setTimeout(poll, 1000);
}

poll();
