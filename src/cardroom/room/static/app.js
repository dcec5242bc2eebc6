// The card room's browser client: lobby, table, records. Protocol: docs/room.md.
import { t, tp, getLang, setLang, optionLabel, configurationLabel, callText, seatLabel, positionText, rulingOptionText, lawTitle, irregularityKind, effectText } from "./i18n.js";
import { cardEl, isCard, sortHand } from "./cards.js";
import { renderSheet } from "./sheets.js";
import { h } from "./dom.js";
import { kindOf, rendererFor } from "./render/index.js";
import { boardPlaces, bottomSeat, dealOver, handsAfterDeal, placeOf, tableSeats, trickCentre, COMPASS } from "./table.js";
import { explanationPanel } from "./biddingbox.js";
import { tablesList, playerPage, playerLink } from "./lobby.js";
import { applyPrefs, onSocial, onState, socialPanel } from "./social.js";

const app = document.getElementById("app");
const params = new URLSearchParams(location.search);
const debug = (window.__cardroom = { state: null, errors: [] });

// ------------------------------------------------------------------ storage of tokens
const store = {
  token: (table, seat) => localStorage.getItem(`cardroom:token:${table}:${seat}`),
  setToken: (table, seat, tok) => localStorage.setItem(`cardroom:token:${table}:${seat}`, tok),
  owner: (table) => localStorage.getItem(`cardroom:owner:${table}`),
  setOwner: (table, tok) => localStorage.setItem(`cardroom:owner:${table}`, tok),
  name: () => localStorage.getItem("cardroom:name") || "",
  setName: (n) => localStorage.setItem("cardroom:name", n),
  // a token that may invite and call bots at this table: the owner's or any of our seats'
  anyToken(table, nSeats = 8) {
    const o = store.owner(table);
    if (o) return o;
    for (let s = 0; s < nSeats; s++) { const x = store.token(table, s); if (x) return x; }
    return null;
  },
};

// ------------------------------------------------------------------ HTTP
async function api(method, path, body, token) {
  const headers = { "Accept-Language": getLang() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = text; }
  if (!r.ok) {
    const err = new Error((data && data.detail) || `${r.status} ${r.statusText}`);
    err.status = r.status;
    err.code = data && data.code;
    throw err;
  }
  return data;
}

// ------------------------------------------------------------------ page frame
function go(query) { location.href = "/" + (query ? "?" + new URLSearchParams(query).toString() : ""); }

function showError(message) {
  debug.errors.push(String(message));
  const bar = document.getElementById("errors");
  bar.textContent = `${t("error")}: ${message}`;
  bar.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { bar.hidden = true; }, 8000);
}

function frame() {
  document.documentElement.lang = getLang();
  document.title = t("title");
  const langSel = h("select", { id: "lang", "aria-label": t("language"), onchange: (e) => { setLang(e.target.value); location.reload(); } },
    h("option", { value: "en", text: "English" }), h("option", { value: "ru", text: "Русский" }));
  langSel.value = getLang();
  const header = h("header", {},
    h("a", { href: "/", class: "brand", text: "♠♥ " + t("title") }),
    h("nav", {}, h("a", { href: "/", text: t("lobby") }), h("a", { href: "/?page=records", text: t("records") }),
      h("a", { id: "nav-keep", href: `/keep?lang=${getLang()}`, text: t("keeper") })),
    langSel);
  const errors = h("div", { id: "errors", class: "errors", role: "alert", hidden: true, onclick: (e) => { e.currentTarget.hidden = true; } });
  const main = h("main", { id: "main" });
  app.replaceChildren(header, errors, main);
  return main;
}

// ------------------------------------------------------------------ lobby
let catalogue = null;
async function games() { catalogue = catalogue || (await api("GET", "/api/games")).games; return catalogue; }

function titleOf(gs, name) {
  const g = (gs || []).find((x) => x.name === name);
  return g ? g.title[getLang()] || g.title.en : tp("gameTitle_", name);
}

async function lobby(main) {
  const gs = await games();
  const nameIn = h("input", { id: "name", value: store.name(), placeholder: t("yourName"), maxlength: "40" });
  const gameSel = h("select", { id: "game" });
  const seedIn = h("input", { id: "seed", type: "number", min: "0", step: "1", placeholder: t("seedHint") });
  for (const g of gs) gameSel.append(h("option", { value: g.name, text: `${g.title[getLang()] || g.title.en} (${g.seats})` }));
  const optsBox = h("div", { id: "options", class: "options" });
  const presetSel = h("select", { id: "preset" });
  const drawOptions = () => {
    const g = gs.find((x) => x.name === gameSel.value);
    optsBox.replaceChildren();
    presetSel.replaceChildren(h("option", { value: "", text: "—" }));
    g.configurations.forEach((c, i) => presetSel.append(h("option", { value: String(i),
      text: configurationLabel(c) })));
    for (const [name, o] of Object.entries(g.options)) {
      const sel = h("select", { "data-option": name, id: `opt-${name}` });
      const choices = [...o.choices];
      if (!choices.some((c) => c === o.default)) choices.unshift(o.default);
      for (const c of choices) {
        const opt = h("option", { value: JSON.stringify(c), text: optionLabel(c) + (c === o.default ? " ✓" : "") });
        if (c === o.default) opt.selected = true;
        sel.append(opt);
      }
      const title = tp("opt_", name);
      optsBox.append(h("label", { title: name }, h("span", { text: title === name ? name.replaceAll("_", " ") : title }), sel));
    }
  };
  gameSel.addEventListener("change", drawOptions);
  presetSel.addEventListener("change", () => { // a configuration the game lists: set its options
    const g = gs.find((x) => x.name === gameSel.value);
    const c = g.configurations[Number(presetSel.value)] || {};
    for (const sel of optsBox.querySelectorAll("select[data-option]")) {
      const o = g.options[sel.dataset.option];
      sel.value = JSON.stringify(sel.dataset.option in c ? c[sel.dataset.option] : o.default);
    }
  });
  drawOptions();
  const open = async () => {
    const g = gs.find((x) => x.name === gameSel.value);
    const options = {};
    for (const sel of optsBox.querySelectorAll("select[data-option]")) {
      const v = JSON.parse(sel.value);
      if (v !== g.options[sel.dataset.option].default) options[sel.dataset.option] = v;
    }
    store.setName(nameIn.value.trim());
    try {
      const body = { game: g.name, options };
      if (seedIn.value.trim() !== "") { body.seed = Number(seedIn.value); body.practice = true; } // a chosen seed: a practice table
      const r = await api("POST", "/api/tables", body);
      store.setOwner(r.id, r.owner_token);
      go({ table: r.id });
    } catch (e) { showError(e.message); }
  };
  const { filters, list, refresh } = tablesList({ api, store, go, showError, displayName, gs, optionLabel });
  main.append(
    h("section", { class: "panel" }, h("h2", { text: t("openTable") }),
      h("label", {}, h("span", { text: t("yourName") }), nameIn),
      h("label", {}, h("span", { text: t("game") }), gameSel),
      h("h3", { text: t("options") }),
      h("label", {}, h("span", { text: t("preset") }), presetSel), optsBox,
      h("label", {}, h("span", { text: t("seed") }), seedIn),
      h("button", { id: "open-table", class: "primary", onclick: open, text: t("openTable") })),
    h("section", { class: "panel" }, h("h2", {}, t("openTables"), " ", h("button", { onclick: () => refresh(), text: "↻", title: t("refresh") })), filters, list));
  if (store.name()) main.append(h("p", {}, h("a", { id: "my-matches", href: playerLink(store.name()), text: t("myMatches") })));
  refresh();
}

// ------------------------------------------------------------------ join (invitation)
async function join(main) {
  // the code comes in the link's fragment (#code=…), which the browser never sends to a server
  const code = new URLSearchParams(location.hash.slice(1)).get("code") || params.get("code");
  const table = params.get("table"), seat = Number(params.get("seat"));
  if (store.token(table, seat)) { main.append(h("p", { text: t("redeeming") })); go({ table, seat }); return; }
  const redeem = async () => {
    try {
      const r = await api("POST", `/api/tables/${table}/seats/${seat}/redeem`, { code, name: store.name() || undefined });
      store.setToken(table, seat, r.token);
      go({ table, seat });
    } catch (e) {
      showError(e.message);
      main.append(h("a", { href: "/", text: t("back") }));
    }
  };
  if (store.name()) { main.append(h("p", { text: t("redeeming") })); await redeem(); return; }
  // an invited player is asked his name first (else the records would say "player 1")
  const nameIn = h("input", { id: "join-name", placeholder: t("yourName"), maxlength: "40" });
  const sit = () => { const n = nameIn.value.trim(); if (!n) { nameIn.focus(); return; } store.setName(n); form.replaceChildren(h("p", { text: t("redeeming") })); redeem(); };
  nameIn.addEventListener("keydown", (e) => { if (e.key === "Enter") sit(); });
  const form = h("section", { class: "panel", id: "join-form" }, h("h2", { text: t("joinTitle") }),
    h("label", {}, h("span", { text: t("yourName") }), nameIn), " ",
    h("button", { id: "join-sit", class: "primary", text: t("sit"), onclick: sit }));
  main.append(form);
  nameIn.focus();
}

// ------------------------------------------------------------------ table
// A seat's name as shown: the server's default names ("bot N", "player 2") in the page's language.
function displayName(s) {
  const name = s.name || "";
  let m = /^bot (\S+)$/.exec(name);
  if (m) return `${t("botKind")} ${seatLabel(m[1])}`;
  m = /^player (\d+)$/.exec(name);
  if (m) return `${t("human")} ${m[1]}`;
  return name || seatLabel(s.label);
}

// Who sits this deal out (the common table's ``out``: the dealer of a four-handed preferans deal, the
// partner of a lone euchre hand), when one seat does.
function sittingOut(tb) {
  return Array.isArray(tb.out) && tb.out.length === 1 ? tb.out[0] : null;
}

function seatIndex(ref, labels) {
  if (ref === null || ref === undefined) return null;
  if (typeof ref === "number") return ref;
  const i = labels.indexOf(String(ref));
  return i >= 0 ? i : null;
}

// Plays of a trick of the common table as [{seat, card}] (seat -1: a card of the talon).
function plays(trick) {
  return ((trick && trick.plays) || []).map(([s, c]) => ({ seat: s, card: c }));
}

// Which deal a state message belongs to (a new key means a new deal).
function dealKey(m) {
  const v = m.view || {}, sh = m.sheet || {};
  if (v.deal_number != null) return `b${v.deal_number}`;
  if (sh.deals != null) return `p${sh.deals}`;
  if (sh.hands != null) return `e${sh.hands.length}/${(v.hand || {}).dealer}`;
  return String(m.seq);
}

// A finished deal's result line (the server's ``deal_end.result``): "3NT by S −5, EW +250".
// ``owner`` names who scored (a side's letters; a player's label where players score alone).
function resultLine(r, who, owner = seatLabel) {
  if (!r) return "";
  let text = r.contract != null ? `${callText(r.contract)}${r.declarer != null ? " " + t("endBy") + " " + who(r.declarer) : ""}` : tp("end_", r.kind ?? "");
  if (r.diff != null) text += ` ${r.diff === 0 ? "=" : r.diff > 0 ? "+" + r.diff : "−" + -r.diff}`;
  else if (r.taken != null) text += `: ${r.taken} ${t("endTaken")}`;
  if (r.score) text += `, ${owner(r.score[0])} +${r.score[1]}`;
  return text;
}

class TableView {
  constructor(main, table, seat) {
    this.main = main;
    this.table = table;
    this.seat = seat;
    this.token = seat == null ? null : store.token(table, seat);
    this.msg = null;
    this.info = null;
    this.ws = null;
    this.retry = 0;
  }

  async start() {
    try { this.info = await api("GET", `/api/tables/${this.table}`); } catch (e) {
      showError(e.message); this.main.append(h("h2", { text: t("unknownTable") }), h("a", { href: "/", text: t("back") })); return;
    }
    if (this.seat != null && !this.token) { this.seat = null; history.replaceState(null, "", `/?table=${this.table}`); }
    try {
      const gs = await games();
      this.kind = kindOf(gs, this.info.game); this.title = titleOf(gs, this.info.game);
      this.explains = !!(gs.find((g) => g.name === this.info.game) || {}).explains_calls;
    } catch { /* drawn by name */ }
    this.renderer = rendererFor(this.kind || this.info.game);
    this.connect();
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const q = new URLSearchParams({ lang: getLang() });
    // the seat token travels as a subprotocol, never in the URL; the server answers "cardroom"
    const protocols = this.token ? ["cardroom", `token.${this.token}`] : ["cardroom"];
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${this.table}?${q}`, protocols);
    this.ws = ws;
    this.status = t("connecting");
    ws.onopen = () => { this.retry = 0; this.status = t("connected"); };
    ws.onmessage = (ev) => this.onMessage(JSON.parse(ev.data));
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      if (ev.code === 4404 || ev.code === 4400) return;
      if (ev.code === 4403 && this.token) { // a stale token: forget it and watch instead
        localStorage.removeItem(`cardroom:token:${this.table}:${this.seat}`);
        this.token = null; this.seat = null;
        history.replaceState(null, "", `/?table=${this.table}`);
        this.connect();
        return;
      }
      this.status = t("disconnected");
      this.renderStatus();
      this.retry = Math.min(this.retry + 1, 5);
      setTimeout(() => this.connect(), 500 * this.retry);
    };
  }

  onMessage(m) {
    if (m.type === "state") {
      if (m.deal_end) this.lastEnd = m.deal_end; // kept once the next deal begins: the previous deal
      onState(this, this.msg, m);
      this.msg = m;
      debug.state = m;
      this.render();
    } else if (m.type === "error") {
      showError(m.message || m.code);
    } else if (m.type === "rematch") {
      if (this.msg) { this.msg.next = m.next; this.render(); }
    } else if (onSocial(this, m) && m.type !== "chat" && this.msg) {
      this.render();
    }
  }

  send(action) {
    if (!this.msg || !this.ws || this.ws.readyState !== 1) { showError(t("disconnected")); return; }
    this.ws.send(JSON.stringify({ type: "act", action, seq: this.msg.seq }));
    for (const b of this.main.querySelectorAll("[data-legal-id]")) b.disabled = true; // one click per state
  }

  // Laws mode: an irregular action by our seat (or, in bridge, dummy's card by declarer: "!N 8D"),
  // sent even when it is not our turn, after a confirmation.
  sendIrregular(text) {
    if (!this.msg || !this.ws || this.ws.readyState !== 1) { showError(t("disconnected")); return; }
    const shown = text.startsWith("!") ? callText(text.replace(/^![^ ]+ /, "")) : text; // "claim N 7": N is a seat
    if (!window.confirm(`${t("irregularConfirm")} ${shown}`)) return;
    this.ws.send(JSON.stringify({ type: "act", irregular: text, seq: this.msg.seq }));
  }

  lawsPanel(R, ctx, rulingLegal) {
    const { labels, names } = ctx;
    const m = this.msg;
    const laws = ctx.tb.laws || {};
    const lt = m.laws_text || {}; // the server's texts of the laws in the reader's language
    const who = (ref) => { const i = typeof ref === "number" ? ref : seatIndex(ref, labels); return i == null ? String(ref) : `${seatLabel(labels[i])}${names[i] !== seatLabel(labels[i]) ? " (" + names[i] + ")" : ""}`; };
    const sec = h("section", { class: "panel laws", id: "laws-panel" }, h("h3", { text: t("lawsMode") }));
    const r = laws.ruling;
    if (r) {
      const irr = r.irregularity || {};
      const box = h("div", { class: "ruling", id: "ruling", "data-law": r.law });
      box.append(h("div", { class: "ruling-law" }, h("b", { text: `${lt.law_name && lt.law_name !== r.law ? lt.law_name : t("law") + " " + r.law}: ${lawTitle(r.title)}` })));
      box.append(h("div", { class: "small" }, `${t("offender")}: `, h("b", { id: "ruling-offender", text: who(irr.offender) })));
      const cardsIn = (x) => String(x).replace(/\b(10|[2-9JQKA])(C|D|H|S)\b/g, (c) => callText(c)); // cards only: "S" may be a seat
      const what = [irregularityKind(irr.kind), irr.action ? cardsIn(irr.action.replace(/^![^ ]+ /, "")) : "", (lt.detail || irr.detail) ? `(${cardsIn(lt.detail || irr.detail)})` : ""].filter(Boolean).join(" ");
      box.append(h("div", { class: "small" }, `${t("happened")}: `, h("span", { id: "ruling-what", text: what })));
      if (r.lapses) box.append(h("div", { class: "small", text: `${t("lapses")}: ${r.lapses}` }));
      if (rulingLegal.length) {
        box.append(h("div", { text: t("youChoose") }));
        const opts = h("div", { class: "ruling-options", id: "ruling-options" });
        for (const l of rulingLegal) {
          const name = String(l.text).split(" ")[2] || l.text;
          const o = (r.options || []).find((x) => x.name === name);
          opts.append(h("div", { class: "ruling-option" },
            h("button", { class: "call legal ruling-choice", "data-legal-id": l.id, "data-text": l.text, "data-option": name, title: l.text, text: rulingOptionText(name), onclick: () => this.send(l.id) }),
            o ? h("span", { class: "small effect", "data-effect": o.effect, text: " " + effectText(o.effect) }) : null));
        }
        box.append(opts);
      } else if (r.chooser != null) {
        box.append(h("div", { class: "small", id: "ruling-waiting", text: `${t("theyChoose")} ${who(r.chooser)}` }));
        const list = h("ul", { class: "small" });
        for (const o of r.options || []) list.append(h("li", { "data-effect": o.effect }, h("b", { text: rulingOptionText(o.name) }), ` — ${effectText(o.effect)}`));
        box.append(list);
      }
      sec.append(box);
    }
    const fu = (laws.face_up || []).filter(([, cs]) => cs && cs.length);
    if (fu.length) {
      const box = h("div", { class: "face-up", id: "face-up" }, h("div", { class: "small", text: t("faceUp") }));
      for (const [seat, cs] of fu) { // seat null: the game does not say whose
        const row = h("div", { class: "hand", "data-face-up": seat == null ? "" : labels[seat] }, seat == null ? null : h("small", { text: who(seat) + ": " }));
        for (const c of cs) row.append(cardEl(c));
        box.append(row);
      }
      sec.append(box);
    }
    if ((laws.restrictions || []).length) {
      const ul = h("ul", { class: "restrictions", id: "restrictions" });
      for (const x of (lt.restrictions && lt.restrictions.length === laws.restrictions.length ? lt.restrictions : laws.restrictions)) ul.append(h("li", { text: String(x).replace(/\b(10|[2-9JQKA])(C|D|H|S)\b/g, (c) => callText(c)) }));
      sec.append(h("div", { class: "small", text: t("restrictions") }), ul);
    }
    if ((laws.irregularities || []).length) {
      const ul = h("ul", { class: "small irregularities" });
      for (const x of laws.irregularities) ul.append(h("li", { text: x }));
      sec.append(h("details", {}, h("summary", { text: t("irregularities") }), ul));
    }
    if (this.seat != null && this.token && !m.over) {
      sec.append(h("label", { class: "irregular-toggle" },
        h("input", { type: "checkbox", id: "irregular-toggle", checked: !!this.irregular, onchange: (e) => { this.irregular = e.target.checked; this.render(); } }),
        " " + t("irregularToggle")));
      sec.append(...R.lawsExtras(ctx));
      if (this.irregular) {
        sec.append(h("div", { class: "small", id: "irregular-on", text: t("irregularOn") }));
        const me = labels[this.seat];
        const all = R.irregularCalls(ctx);
        if (all) {
          const calls = h("div", { class: "actions irregular-calls", id: "irregular-calls" }, h("div", { class: "small", text: t("irregularCalls") }));
          for (const c of all) calls.append(h("button", { class: "call irregular", "data-irregular": `!${me} ${c}`, text: callText(c), onclick: () => this.sendIrregular(`!${me} ${c}`) }));
          sec.append(calls);
        }
        const input = h("input", { id: "irregular-text", placeholder: t("irregularOther"), "aria-label": t("irregularOther") });
        sec.append(h("div", { class: "irregular-other" }, input,
          h("button", { id: "irregular-send", text: t("irregularSend"), onclick: () => { const v = input.value.trim(); if (v) this.sendIrregular(v.startsWith("!") ? v : `!${me} ${v}`); } })));
      }
    }
    return sec;
  }

  labels() { return (this.msg ? this.msg.seats : this.info.seats).map((s) => s.label); }
  names() { return (this.msg ? this.msg.seats : this.info.seats).map(displayName); }

  renderStatus() { const el = this.main.querySelector("#status"); if (el) el.textContent = this.status; }

  // --- seats panel: sit, invite, bots
  seatsPanel() {
    const seats = this.msg ? this.msg.seats : this.info.seats;
    const tok = store.anyToken(this.table, seats.length);
    const box = h("section", { class: "panel seats-panel", id: "seats" }, h("h3", { text: t("seats") }));
    const started = this.msg && this.msg.seq > 0;
    const ul = h("ul", { class: "seat-list" });
    for (const s of seats) {
      const li = h("li", { "data-seat": s.seat }, h("b", { text: seatLabel(s.label) }), " ",
        h("span", { text: s.kind === "empty" ? t("empty") : s.kind === "invited" ? t("invited") : `${displayName(s)} (${t(s.kind === "bot" ? "botKind" : s.kind)})` }),
        s.seat === this.seat ? h("em", { text: ` — ${t("you")}` }) : null);
      if (s.kind === "empty" && this.seat == null) li.append(" ", h("button", { class: "sit", "data-sit": s.seat, text: t("sit"), onclick: () => this.sit(s.seat) }));
      if ((s.kind === "empty" || s.kind === "invited") && tok) {
        li.append(" ", h("button", { class: "invite", "data-invite": s.seat, text: t("invite"), onclick: () => this.invite(s.seat, tok) }));
        if (s.kind === "empty") li.append(" ", h("button", { "data-bot": s.seat, text: t("bot"), onclick: () => this.bots([s.seat], tok) }));
      }
      ul.append(li);
    }
    box.append(ul);
    if (tok && seats.some((s) => s.kind === "empty")) box.append(h("button", { id: "fill-bots", class: "primary", text: t("fillBots"), onclick: () => this.bots(undefined, tok) }));
    if (store.owner(this.table)) box.append(h("p", { class: "small", text: t("owner") }));
    const inv = h("p", { class: "small invite-url", id: "invite-url", "data-copied": this.inviteUrl ? String(!!this.inviteCopied) : "" });
    if (this.inviteUrl) inv.append(t(this.inviteCopied ? "copied" : "copyFailed") + " ", h("a", { href: this.inviteUrl, text: this.inviteUrl }));
    box.append(inv);
    if (started) return h("details", { class: "seats-details" }, h("summary", { text: t("seats") }), box);
    return box;
  }

  async sit(seat) {
    try {
      const r = await api("POST", `/api/tables/${this.table}/seats/${seat}`, { name: store.name() || undefined });
      store.setToken(this.table, seat, r.token);
      this.seat = seat; this.token = r.token;
      history.replaceState(null, "", `/?table=${this.table}&seat=${seat}`);
      const old = this.ws; this.ws = null; if (old) old.close();
      this.connect();
    } catch (e) { showError(e.message); }
  }

  async invite(seat, tok) {
    try {
      const r = await api("POST", `/api/tables/${this.table}/seats/${seat}/invite`, undefined, tok);
      const url = new URL(r.url, location.href).href; // relative unless the server has a public URL
      let copied = false;
      try { await navigator.clipboard.writeText(url); copied = true; } catch { /* clipboard needs a secure context */ }
      this.inviteUrl = url; // kept across renders (the seat change is broadcast too)
      this.inviteCopied = copied; // "copied" only when it was
      const el = this.main.querySelector("#invite-url");
      if (el) { el.dataset.copied = String(copied); el.replaceChildren(t(copied ? "copied" : "copyFailed") + " ", h("a", { href: url, text: url })); }
    } catch (e) { showError(e.message); }
  }

  async bots(seats, tok) {
    try { await api("POST", `/api/tables/${this.table}/bots`, seats ? { seats } : {}, tok); } catch (e) { showError(e.message); }
  }

  async abandon() {
    if (!window.confirm(t("abandonConfirm"))) return;
    try { await api("POST", `/api/tables/${this.table}/abandon`, undefined, this.token); } catch (e) { showError(e.message); }
  }

  async rematch() {
    try {
      const r = await api("POST", `/api/tables/${this.table}/rematch`, undefined, this.token || store.anyToken(this.table));
      if (this.seat != null) store.setToken(r.id, this.seat, this.token);
      if (store.owner(this.table)) store.setOwner(r.id, store.owner(this.table));
      go(this.seat != null ? { table: r.id, seat: this.seat } : { table: r.id });
    } catch (e) { showError(e.message); }
  }

  // --- a call of the auction explained by the bot's system (from the calls alone: anyone may ask)
  async explain(index) {
    const key = this.msg ? dealKey(this.msg) : null;
    try {
      const r = await api("GET", `/api/tables/${this.table}/explain?call=${index}&lang=${getLang()}`);
      const x = r.explanation.params || {};
      this.explained = { index, seq: key, call: x.call, seat: x.seat, text: r.explanation.text };
    } catch (e) { this.explained = { index, seq: key, error: e.message }; }
    if (this.msg) this.render();
  }

  // --- hint (issue 6): what the strongest bot would do, asked for this seat's turn only
  hintButton(m) {
    if (this.seat == null || !this.token || m.over || m.to_act !== this.seat || !m.hint) return null; // offered by the server
    const busy = this.hintPending === m.seq;
    return h("button", { id: "hint-button", class: "hint-button", title: t("hintTitle"), disabled: busy,
      text: busy ? `${t("hint")}: ${t("hintWait")}` : `? ${t("hint")}`, onclick: () => this.askHint() });
  }

  async askHint() {
    const m = this.msg;
    if (!m) return;
    const seq = m.seq;
    this.hintPending = seq;
    this.render();
    try {
      const r = await api("GET", `/api/tables/${this.table}/hint?lang=${getLang()}`, undefined, this.token);
      this.hint = { ...r, seq: r.seq ?? seq };
    } catch (e) { showError(e.message); }
    if (this.hintPending === seq) this.hintPending = null;
    if (this.msg) this.render();
  }

  // The legal action a hint's action names (by its text, as the server writes it), or undefined.
  hintLegal(x, legal) {
    const want = [x.action, x.text].filter((v) => typeof v === "string").map((v) => v.trim().toUpperCase());
    return legal.find((l) => want.includes(String(l.text).toUpperCase())) ||
      (typeof x.action === "number" ? legal.find((l) => l.id === x.action) : undefined);
  }

  hintPanel(legal) {
    const hn = this.hint;
    const best = this.hintLegal(hn, legal);
    const sec = h("section", { class: "panel hint", id: "hint" }, h("h3", { text: t("hintTitle") }));
    const ol = h("ol", { class: "hint-candidates" });
    const cands = hn.candidates || []; // best first, as the hint orders them (fewest tricks first on a misère)
    for (const c of cands) {
      const l = this.hintLegal(c, legal);
      const isBest = l && best ? l.id === best.id : c.text === hn.text;
      ol.append(h("li", { class: isBest ? "best" : "", "data-hint-id": l ? l.id : "", "data-tricks": String(c.tricks) },
        h("b", { text: callText(l ? l.text : c.text ?? c.action) }),
        c.tricks != null ? ` — ${t("hintTricks")}: ${Number(c.tricks).toFixed(2)}` : "",
        c.score != null ? ` — ${t("hintScore")}: ${Number(c.score).toFixed(2)}` : "",
        isBest ? h("em", { text: ` (${t("hintBest")})` }) : null));
    }
    sec.append(h("p", {}, `${t("hintBestLabel")}: `, h("b", { id: "hint-best", "data-hint-id": best ? best.id : "", text: callText(best ? best.text : hn.text ?? hn.action) })), ol);
    return { sec, best };
  }

  // --- the table
  render() {
    const m = this.msg;
    const game = this.kind || this.info.game;
    const R = this.renderer || rendererFor(game);
    const labels = this.labels(), names = this.names();
    const view = m.view || {};
    const d = view.deal || view.hand || {}; // the game's own part, for its renderer
    const tb = view.table || {}; // the common table
    const trump = tb.trump || null;
    const legal = m.legal || [];
    // Cards are played (or discarded) when every legal action is a card, or when the deal's view says its
    // cards are cards beside calls (a discard before a declaration); otherwise "6S" is a bid.
    const cardTurn = legal.length > 0 && (legal.every((l) => isCard(l.text)) || !!d.cards_with_calls);
    const legalCard = new Map(cardTurn ? legal.filter((l) => isCard(l.text)).map((l) => [l.text, l.id]) : []);
    const shownCards = new Set();
    const root = h("div", { class: `table game-${game}`, id: "table", "data-seq": String(m.seq), "data-over": String(m.over) });

    // header line
    const toAct = m.to_act;
    root.append(h("div", { class: "topline" },
      h("span", { class: "game-title" }, `${t("table")} `, h("span", { class: "table-id", "data-raw": "", text: this.table }), ` · ${this.title || tp("gameTitle_", game)}`),
      h("span", { class: "position", id: "position", text: positionText(m.position) }),
      h("span", { id: "status", class: "small", text: this.status || "" }),
      this.seat == null ? h("span", { class: "badge", text: t("spectator") }) : null,
      m.practice ? h("span", { class: "badge practice-badge", id: "practice", "data-practice": "", title: t("practiceHint"), text: t("practiceBadge") }) : null,
      h("span", { id: "turn", class: toAct === this.seat && this.seat != null ? "badge turn" : "badge", text:
        m.over ? t("matchOver") : toAct == null ? ((m.awaited || []).length ? t("endTitle") : m.chance_next ? t("chance") : t("waiting")) : toAct === this.seat ? t("yourTurn") : `${names[toAct]} ${t("toAct")}` }),
      this.hintButton(m)));

    if (!m.seq && m.seats.some((s) => s.kind === "empty" || s.kind === "invited")) root.append(h("p", { class: "waiting", text: t("waiting") }));
    root.append(this.seatsPanel());

    // facts of the deal: the dealer, the game's own (its renderer's), the phase
    const facts = h("div", { class: "facts" });
    const fact = (k, v) => { if (v != null && v !== "" && v !== false) facts.append(h("span", { class: "fact" }, h("small", { text: t(k) + ": " }), h("b", { text: String(v) }))); };
    const word = this.seatWord(labels, names); // a seat's letter, or the player's name for a numbered seat
    const fin = m.deal_end || null; // the deal just finished, while the next one waits (or the match's last)
    const between = fin && !(tb.tricks || []).length && !plays(tb.trick).length;
    // the board's seats: the players', or the table's compass seats where the players sit elsewhere (the
    // finished deal's places between deals); a spectator sees the bridge diagram: South at the bottom
    const T = tableSeats(between && fin.places ? { ...tb, places: fin.places } : tb, labels, this.seat);
    const n = T.n, me = T.me, mine = T.seatOf(this.seat);
    const playerName = (s) => { const p = T.playerAt(s); return p == null ? null : names[p]; };
    const seatWord = T.places ? (s) => seatLabel(T.labels[s]) : word; // a table seat as the board names it
    // a table seat as the deal's end and the previous deal name it: its compass letter and its player
    const namer = (pl) => (!pl ? word : (s) => { const p = pl.indexOf(s); return p >= 0 ? `${seatLabel(COMPASS[s])} (${names[p]})` : seatLabel(COMPASS[s]); });
    const who = namer(T.places);
    // who scored a deal: where the players sit elsewhere, a player (his label, or his number from 1), by name
    const owner = !T.places ? seatLabel : (lab) => {
      const x = String(lab), p = /^\d+$/.test(x) ? Number(x) - 1 : labels.indexOf(x);
      return p >= 0 && p < names.length ? names[p] : seatLabel(x);
    };
    const nameOf = (ref) => {
      if (T.places && T.labels.includes(ref)) return who(T.labels.indexOf(ref)); // a compass seat
      if (T.places && typeof ref === "number") return who(T.seatOf(ref)); // a player: at the seat he sits at
      const i = seatIndex(ref, labels); return i == null ? ref : `${word(i)} ${names[i] !== word(i) ? "(" + names[i] + ")" : ""}`.trim(); };
    const nm = (ref) => { const i = seatIndex(ref, labels); return i == null ? String(ref) : word(i); };
    const ctx = { d, tb, view, labels, names, seat: this.seat, fact, nameOf, nm, legalCard, shownCards,
      explain: this.explains ? (i) => this.explain(i) : null, explained: this.explained,
      phaseFact: () => { if (tb.step) fact("phase", tp("phase_", tb.step)); },
      sendIrregular: (text) => this.sendIrregular(text) };
    if (d.dealer != null) fact("dealer", nameOf(d.dealer));
    R.facts(ctx);
    root.append(facts);
    const out = sittingOut(tb);
    if (out != null && out === mine) root.append(h("p", { class: "note sit-out-note", id: "sit-out-note", text: t(R.sitOutNote()) }));

    // the board: seats around, trick in the middle
    const board = h("div", { class: `board seats-${n}` });
    const places = boardPlaces(n);
    const hands = tb.hands || {};
    const playsFor = Array.isArray(tb.plays_for) ? tb.plays_for : [];
    const actsAt = T.places ? tb.to_act : toAct; // the table seat of the player to act
    const sideWon = Array.isArray((between ? fin : tb).side_won) ? (between ? fin : tb).side_won : null;
    const wonBy = between ? fin.won : tb.won;
    const afterDeal = dealOver(tb) && !this.extraHands ? handsAfterDeal(tb) : null; // the deal played: every hand
    const handOf = (i) => {
      if (between && !(hands[String(i)] || []).length) return fin.hands[String(i)] || []; // every hand, once over
      if (afterDeal && afterDeal[i] && afterDeal[i].length) return afterDeal[i];
      if (i === mine) return hands[String(i)] || [];
      if (hands[String(i)]) return hands[String(i)];
      if (this.extraHands && this.extraHands[i]) return this.extraHands[i]; // replay: hands from the record
      return null;
    };
    for (let k = 0; k < n; k++) {
      const i = (me + k) % n;
      const p = T.playerAt(i), pname = playerName(i); // the player sitting here (none: a dummy's vacant seat)
      const box = h("div", { class: `seat-box ${places[k]}${actsAt === i ? " to-act" : ""}${out === i ? " sitting-out" : ""}`, "data-seat-box": i,
        "data-place": places[k], "data-player": p == null ? "" : String(p) });
      const tricksWon = sideWon == null && Array.isArray(wonBy) ? wonBy[i] : null;
      box.append(h("div", { class: "seat-name" }, h("b", { text: seatWord(i) }), " ", pname != null && pname !== seatWord(i) ? h("span", { "data-raw": "", class: "player-name", text: pname }) : "",
        i === mine && mine != null ? h("em", { text: ` (${t("you")})` }) : null,
        actsAt === i ? h("span", { class: "dot", text: " ●" }) : null,
        tricksWon != null && out !== i ? h("span", { class: "small", text: ` · ${t("tricks")}: ${tricksWon}` }) : null));
      if (out === i) box.append(h("div", { class: "small sit-out", "data-sit-out": i, text: t(R.sitOutMark()) }));
      box.append(R.seatNote(ctx, i) || "");
      const cards = out === i ? null : handOf(i); // sitting out: no cards shown, none playable
      if (cards) {
        const row = h("div", { class: "hand", "data-hand": i });
        if (i !== mine && tb.dummy === i) box.append(h("div", { class: "small", text: t("dummy") }));
        // laws mode, irregular actions on: our own cards (and dummy's, for declarer) may be played anyway
        const ours = i === mine || (this.seat != null && playsFor.includes(i));
        const irregular = m.laws && this.irregular && this.token && !m.over && ours;
        for (const c of sortHand(cards.filter((x) => x != null), trump, R)) {
          shownCards.add(c);
          const el = cardEl(c, { legalId: legalCard.get(c), trump });
          if (irregular && legalCard.get(c) == null) {
            el.classList.add("irregular");
            el.dataset.irregular = `!${T.labels[i]} ${c}`;
            el.setAttribute("role", "button");
            el.tabIndex = 0;
            el.addEventListener("click", () => this.sendIrregular(`!${T.labels[i]} ${c}`));
          }
          row.append(el);
        }
        box.append(row);
      }
      board.append(box);
    }
    // the trick laid out by seat (or the last one, just finished; earlier ones on request)
    const centre = h("div", { class: "centre" });
    if (this.review != null && this.review >= (tb.tricks || []).length) this.review = null; // a new deal
    // between two deals the trick area shows the deal just finished: its last trick, its tricks reviewable
    const trickTb = between && fin.last_trick ? { ...tb, trick: null, tricks: fin.tricks } : tb;
    const trickLabels = T.labels.map((l, i) => (/^\d+$/.test(l) ? word(i) : l)); // a numbered seat: its player
    centre.append(trickCentre({ tb: trickTb, labels: trickLabels, me, review: this.review ?? null, setReview: (k) => { this.review = k; this.render(); } }));
    if (sideWon) centre.append(h("div", { class: "small", text: `${t("tricks")}: ${seatLabel("NS")} ${sideWon[0] ?? 0} — ${seatLabel("EW")} ${sideWon[1] ?? 0}` }));
    for (const [name, cs] of Object.entries(tb.open || {})) { // cards open on the table: the turn-up, the talon
      if (!cs || !cs.length) continue;
      const label = R.openLabel(name, ctx);
      if (!label) continue; // drawn by the renderer elsewhere (two-handed bridge's table piles, at each seat)
      const { cls, text, key } = label;
      const el = h("div", { class: cls }, h("small", { text: text ?? `${t(key)}: ` }));
      for (const c of cs) el.append(cardEl(c));
      centre.append(el);
    }
    board.append(centre);
    root.append(board);
    if (fin) root.append(this.dealEnd(fin, m, nameOf, who, owner));

    // laws mode: the pending ruling, face-up cards, restrictions, the irregular-action toggle
    const rulingLegal = legal.filter((l) => String(l.text).startsWith("ruling "));
    if (m.laws) root.append(this.lawsPanel(R, ctx, rulingLegal));
    root.append(socialPanel(this, root)); // claims, undo, chat, sound and animation (social.js)

    // legal actions that are not cards in a shown hand: calls, bids, whists, choices
    const other = legal.filter((l) => !(legalCard.has(l.text) && shownCards.has(l.text)) && !rulingLegal.includes(l));
    if (other.length) {
      const acts = h("div", { class: "actions", id: "actions" }, h("div", { class: "small", text: t("actions") }));
      if (this.bbSeq !== m.seq) { this.bbState = { level: null }; this.bbSeq = m.seq; } // the box starts afresh each turn
      const box = R.callsBox(other, (id) => this.send(id), this.bbState); // the game's bidding box or ladder
      if (box) acts.append(box);
      else for (const l of other) acts.append(h("button", { class: "call legal", "data-legal-id": l.id, "data-text": l.text, title: l.text, text: callText(l.text), onclick: () => this.send(l.id) }));
      root.append(acts);
    }
    for (const b of root.querySelectorAll(".card.legal")) b.addEventListener("click", () => this.send(Number(b.dataset.legalId)));
    if (this.hint && this.hint.seq === m.seq && legal.length) { // the hint for this very state
      const { sec, best } = this.hintPanel(legal);
      if (best) for (const el of root.querySelectorAll(`[data-legal-id='${best.id}']`)) el.classList.add("hinted");
      root.append(sec);
    }

    // the bidding (a call's explanation by the bot's system, when asked for)
    if (this.explained && this.explained.seq !== dealKey(m)) this.explained = null; // another deal
    root.append(h("section", { class: "panel bidding", id: "bidding" }, ...R.bidding(ctx),
      explanationPanel(this.explained, () => { this.explained = null; this.render(); }) || ""));
    if (this.lastEnd && !fin) root.append(this.previous(namer(this.lastEnd.places), owner));

    // the score sheet
    const mySide = R.mySide(labels, this.seat);
    root.append(h("section", { class: "panel", id: "sheet" }, h("h3", { text: t("sheet") }), renderSheet(m.sheet, R.sheet, { mySide, names, abandoned: !!m.abandoned })));

    // a seated person may end the match unfinished (the server scores it by the game's laws)
    if (!m.over && m.seq > 0 && this.seat != null && this.token) {
      root.append(h("section", { class: "panel match-controls", id: "match-controls" },
        h("button", { id: "abandon", class: "danger", text: t("abandon"), onclick: () => this.abandon() })));
    }

    // the end of the match
    if (m.over) {
      const end = h("section", { class: "panel match-over", id: "match-over" }, h("h3", { text: m.abandoned ? t("abandoned") : t("matchOver") }),
        h("a", { class: "button", id: "download-json", href: `/api/tables/${this.table}/record`, download: `${this.table}.json`, text: t("downloadJson") }), " ",
        (this.info.records || []).includes("pbn") ? h("a", { class: "button", id: "download-pbn", href: `/api/tables/${this.table}/record.pbn`, download: `${this.table}.pbn`, text: t("downloadPbn") }) : null, " ",
        h("a", { class: "button", href: `/?page=records&table=${this.table}`, text: t("replay") }), " ");
      if (m.next) end.append(h("p", {}, `${t("nextTable")} ${m.next} `, h("a", { href: `/?table=${m.next}${this.seat != null ? "&seat=" + this.seat : ""}`, text: t("goNext"), onclick: () => { if (this.seat != null) store.setToken(m.next, this.seat, this.token); } })));
      else if (this.token || store.anyToken(this.table)) end.append(h("button", { id: "rematch", class: "primary", text: t("anotherMatch"), onclick: () => this.rematch() }));
      root.append(end);
    }

    const openDetails = this.main.querySelector(".seats-details")?.open;
    this.main.replaceChildren(root);
    if (openDetails) { const det = this.main.querySelector(".seats-details"); if (det) det.open = true; }
  }

  // The end of the deal just finished (the server's ``deal_end``): its result line, the tricks won, every
  // trick (the last one whole) and, while the next deal waits, who has still to ask for it.
  dealEnd(end, m, nameOf, who, owner) {
    const sec = h("section", { class: "panel deal-end", id: "deal-end", "data-deal": String(end.number) },
      h("h3", { text: `${t("endTitle")} ${end.number}` }),
      h("p", { class: "result-line", id: "result-line", text: resultLine(end.result, who, owner) }),
      h("p", { class: "small", id: "end-tricks", text: this.wonText(end, who) }));
    sec.append(this.trickList(end.tricks || [], who));
    const awaited = m.awaited || [];
    if (awaited.length && !m.over) {
      if (this.seat != null && this.token && awaited.includes(this.seat)) {
        sec.append(h("button", { class: "primary", id: "next-deal", text: t("endNext"), onclick: (e) => { e.target.disabled = true; this.nextDeal(); } }));
      }
      sec.append(h("p", { class: "small", id: "end-waiting", text: `${t("endWaiting")}: ${awaited.map((i) => nameOf(i)).join(", ")}` }));
    }
    return sec;
  }

  // A seat as a result line names it: its letter (N, E… in the page's language) or, for a seat without
  // one (a number), the player's name.
  seatWord(labels, names) {
    return (i) => { const lab = labels[i]; return lab == null ? String(i) : /^\d+$/.test(lab) ? names[i] : seatLabel(lab); };
  }

  // The tricks a finished deal gave each side (or each seat).
  wonText(end, who) {
    if (Array.isArray(end.side_won)) return `${t("tricks")}: ${seatLabel("NS")} ${end.side_won[0] ?? 0} — ${seatLabel("EW")} ${end.side_won[1] ?? 0}`;
    return `${t("tricks")}: ` + (end.won || []).map((w, i) => `${who(i)} ${w}`).join(", ");
  }

  trickList(tricks, who) {
    const ol = h("ol", { class: "prev-tricks" });
    for (const tr of tricks) {
      const li = h("li", { "data-winner": String(tr.winner) });
      for (const p of plays(tr)) li.append(h("span", { class: "played-inline" }, h("small", { text: (p.seat === -1 ? t("talon") : who(p.seat)) + " " }), cardEl(p.card)));
      ol.append(li);
    }
    return ol;
  }

  // The previous deal, once the next one is in play: as its end showed it, every card of it.
  previous(who, owner) {
    const end = this.lastEnd;
    const sec = h("details", { class: "panel previous", id: "previous" }, h("summary", { text: `${t("previousDeal")}: ${resultLine(end.result, who, owner)}` }));
    sec.append(h("p", { text: this.wonText(end, who) }), this.trickList(end.tricks || [], who));
    return sec;
  }

  nextDeal() {
    if (!this.ws || this.ws.readyState !== 1) { showError(t("disconnected")); return; }
    this.ws.send(JSON.stringify({ type: "next" }));
  }
}

// ------------------------------------------------------------------ records and replay
async function records(main) {
  const table = params.get("table");
  if (!table) {
    const { tables: done } = await api("GET", "/api/tables?over=true&limit=200");  // the newest 200
    const ul = h("ul", { id: "records" });
    for (const tb of done) ul.append(h("li", {}, h("a", { href: `/?page=records&table=${tb.id}`, text: `${tp("gameTitle_", tb.game)} · ${tb.id} · ${tb.seats.map(displayName).join(", ")}` })));
    main.append(h("section", { class: "panel" }, h("h2", { text: t("records") }), done.length ? ul : h("p", { text: t("noTables") })));
    main.append(fileReview());
    return;
  }
  const info = await api("GET", `/api/tables/${table}`);
  if (!info.over) { // the record of a match in play would show every hand
    main.append(h("p", { class: "note", text: t("notFinished") }), h("a", { href: `/?table=${table}`, text: t("watch") }));
    return;
  }
  const rec = await api("GET", `/api/tables/${table}/record`);
  const actions = rec.actions || [];
  const gs = await games();
  const game = kindOf(gs, rec.game);
  const R = rendererFor(game);
  const labels = info.seats.map((s) => s.label), names = info.seats.map(displayName);
  // deals start at their "deal …" chance action
  const dealSteps = actions.map((a, i) => (/^deal\b/i.test(a) ? i : -1)).filter((i) => i >= 0);
  const sec = h("section", { class: "panel replay", id: "replay" });
  main.append(h("h2", {}, `${t("replay")}: ${titleOf(gs, rec.game)} · `, h("span", { "data-raw": "", text: table })),
    h("p", {}, h("a", { class: "button", href: `/api/tables/${table}/record`, download: `${table}.json`, text: t("downloadJson") }), " ",
      (info.records || []).includes("pbn") ? h("a", { class: "button", href: `/api/tables/${table}/record.pbn`, download: `${table}.pbn`, text: t("downloadPbn") }) : null),
    sec);
  let step = actions.length;
  let hasEndpoint = true;
  const view = h("div", { id: "replay-view" });
  const label = h("span", { id: "replay-step" });
  const slider = h("input", { type: "range", min: "0", max: String(actions.length), value: String(step), oninput: (e) => show(Number(e.target.value)) });
  const dealOf = (s) => dealSteps.filter((x) => x < s).length;
  const btn = (text, f) => h("button", { text, onclick: () => show(Math.max(0, Math.min(actions.length, f()))) });
  sec.append(h("div", { class: "controls" },
    btn(t("first"), () => 0), btn(t("prevDeal"), () => { const prev = dealSteps.filter((x) => x < step - 1); return prev.length ? prev[prev.length - 1] + 1 : 0; }),
    btn(t("prev"), () => step - 1), slider, btn(t("next"), () => step + 1),
    btn(t("nextDeal"), () => { const nx = dealSteps.find((x) => x >= step); return nx == null ? actions.length : nx + 1; }), btn(t("last"), () => actions.length), label), view);
  // the record's own notation (as in the downloaded JSON), shown as it is written
  const log = h("ol", { class: "action-log", start: "1", "data-raw": "", lang: "en" });
  actions.forEach((a) => log.append(h("li", { text: a })));
  sec.append(h("details", {}, h("summary", { text: `${t("actionsLog")}: ${actions.length}` }), log));
  async function show(s) {
    step = s;
    slider.value = String(s);
    label.textContent = `${t("step")} ${s}/${actions.length} · ${t("deal")} ${dealOf(s)}/${dealSteps.length}`;
    [...log.children].forEach((li, i) => li.classList.toggle("current", i === s - 1));
    if (hasEndpoint && info.over) {
      try {
        const r = await api("GET", `/api/tables/${table}/replay?step=${s}`);
        // the hands of a finished match are in its record: the cards dealt less those seen played
        let start = -1;
        for (let i = 0; i < s; i++) if (/^deal\b/i.test(actions[i])) start = i;
        let extra = null;
        if (start >= 0) {
          const dealt = parseDeal(actions[start], labels).hands;
          const d = (r.view || {}).deal || (r.view || {}).hand || {};
          const tb = (r.view || {}).table || {};
          const seen = new Set([...(tb.tricks || []).flatMap((x) => plays(x)), ...plays(tb.trick)].map((p) => p.card));
          for (const c of d.discard || []) if (c) seen.add(c);
          const parsed = parseDeal(actions[start], labels);
          for (const a of actions.slice(start + 1, s)) { // euchre writes the discard in the record
            const m = /^discard\s+(\S+)$/i.exec(a);
            if (m) seen.add(m[1].toUpperCase().replace(/^T/, "10"));
          }
          const takeUp = (d.calls || []).find(([, c]) => c === "take up");
          const turn = (parsed.extra.turn || [])[0];
          if (takeUp && turn) { const k = seatIndex(takeUp[0], labels); if (k != null && dealt[k]) dealt[k] = [...dealt[k], turn]; }
          extra = {};
          for (const [k, cards] of Object.entries(dealt)) extra[k] = cards.filter((c) => !seen.has(c));
        }
        view.replaceChildren(replayBoard(game, r, labels, names, extra));
        return;
      } catch (e) {
        if (e.status === 404 && e.code !== "unknown_table") hasEndpoint = false; else { showError(e.message); return; }
      }
    }
    view.replaceChildren(h("p", { class: "note", text: t("noReplay") }), recordStep(R, actions, s, labels, names));
  }
  show(step);
  main.append(reviewPanel(tableReview(table), dealSteps.length));
}

// Where a review's answers come from: a finished table's deal (GET /review, POST /review/whatif) or an uploaded
// record file (POST /api/review/file, the file's name and text sent with each question; nothing is stored).
function tableReview(table) {
  return {
    review: (deal) => api("GET", `/api/tables/${table}/review?deal=${deal}`),
    whatIf: (question) => api("POST", `/api/tables/${table}/review/whatif`, question),
  };
}

function uploadReview(name, text) {
  return {
    review: (deal) => api("POST", "/api/review/file", { name, text, deal }),
    whatIf: (question) => api("POST", "/api/review/file", { name, text, ...question }),
  };
}

// The records page's file review: a .lin or .pbn file chosen here is read in the page and reviewed by the room.
function fileReview() {
  const sec = h("section", { class: "panel", id: "review-upload" });
  const panel = h("div", { id: "review-upload-panel" });
  const input = h("input", { type: "file", id: "review-file", accept: ".lin,.pbn" });
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    panel.replaceChildren(reviewPanel(uploadReview(file.name, await file.text()), 0));
  });
  // the file kinds are the files' own names (notation), not words of the page's language
  sec.append(h("h2", {}, t("reviewFile"), " ", h("span", { "data-raw": "", text: "(.lin, .pbn)" })),
    h("div", { class: "controls" }, input), panel);
  return sec;
}

// The review of a finished deal with open cards and a what-if from any point, from ``source`` (tableReview,
// uploadReview); ``deals``: the deals to choose from (0: not known until the first answer names them).
function reviewPanel(source, deals) {
  const sec = h("section", { class: "panel review", id: "review" });
  const dealIn = h("input", { type: "number", min: "1", value: "1", id: "review-deal" });
  if (deals > 0) dealIn.max = String(deals);
  const out = h("div", { id: "review-out" });
  const fromIn = h("input", { type: "number", min: "0", value: "0", id: "whatif-from" });
  const cardsIn = h("input", { type: "text", id: "whatif-cards", "data-raw": "", lang: "en" });
  const whatOut = h("div", { id: "whatif-out" });
  const rows = (cards) => {
    const tb = h("table", { class: "review-cards" }, h("tr", {}, ...["reviewTrick", "reviewSeat", "reviewCard", "reviewSide", "reviewValue", "reviewCost", "reviewBest"].map((k) => h("th", { text: t(k) }))));
    for (const c of cards) {
      const raw = (text) => h("td", { "data-raw": "", text });  // seats, cards and sides as the record writes them
      tb.append(h("tr", { class: c.cost > 0 ? "costly" : "" }, h("td", { text: String(c.trick ?? "") }), raw(c.seat),
        raw(c.card), raw(c.side ?? ""), h("td", { text: c.irregular ? t("reviewIrregular") : c.unvalued ? t("reviewUnvalued") : String(c.after) }),
        h("td", { text: c.cost > 0 ? `−${c.cost}` : "" }), raw(c.cost > 0 ? `${c.before}: ${c.best.join(" ")}` : "")));
    }
    return h("div", { class: "review-scroll" }, tb);
  };
  const review = async () => {
    try {
      const r = await source.review(Number(dealIn.value));
      if (r.deals && r.deals.length) dealIn.max = String(Math.max(...r.deals));
      out.replaceChildren(h("p", { text: `${t("reviewCostly")}: ${r.costly.length}` }), rows(r.cards));
    } catch (e) { showError(e.message); }
  };
  const whatIf = async () => {
    try {
      const cards = cardsIn.value.trim() ? cardsIn.value.trim().split(/[\s,]+/) : [];
      const w = await source.whatIf({ deal: Number(dealIn.value), from: Number(fromIn.value), cards });
      const p = w.position;
      whatOut.replaceChildren(rows(w.cards), h("p", { id: "whatif-position", "data-raw": "", text: w.over ? t("whatIfOver") : `${p.seat} ${t("whatIfToPlay")} (${p.side}): ${p.best} · ${Object.entries(p.values).map(([c, v]) => `${c} ${v}`).join(", ")}` }));
    } catch (e) { showError(e.message); }
  };
  sec.append(h("h2", { text: t("reviewTitle") }),
    h("div", { class: "controls" }, h("label", {}, `${t("deal")} `, dealIn), " ", h("button", { id: "review-show", text: t("reviewShow"), onclick: review })), out,
    h("h3", { text: t("whatIf") }),
    h("div", { class: "controls" }, h("label", {}, `${t("whatIfFrom")} `, fromIn), " ", h("label", {}, `${t("whatIfCards")} `, cardsIn), " ",
      h("button", { id: "whatif-run", text: t("whatIfRun"), onclick: whatIf })), whatOut);
  return sec;
}

// Cards of a "deal" action: PBN hands (spades.hearts.diamonds.clubs) or lists of cards, by seat label.
function cardsOfToken(tok) {
  if (tok.includes(".")) {
    const suits = ["S", "H", "D", "C"];
    return tok.split(".").flatMap((ranks, k) => [...ranks.replace(/10/g, "T")].map((r) => (r === "T" ? "10" : r) + suits[k]));
  }
  const c = tok.toUpperCase().replace(/^T/, "10");
  return isCard(c) ? [c] : [];
}

function parseDeal(text, labels) {
  const hands = {}; // seat index -> cards
  const extra = {}; // talon, turn, stock
  const segs = text.replace(/^deal\s+/i, "").split("|").map((x) => x.trim().split(/\s+/).filter(Boolean));
  let next = 0;
  for (const seg of segs) {
    if (!seg.length) continue;
    const head = seg[0];
    if (labels.includes(head) && !head.includes(".") && !isCard(head) && seg.length > 1) {
      hands[labels.indexOf(head)] = seg.slice(1).flatMap(cardsOfToken);
    } else if (/^[a-z]+$/i.test(head) && !labels.includes(head)) {
      extra[head] = seg.slice(1).flatMap(cardsOfToken);
    } else if (next < labels.length && Object.keys(hands).length < labels.length) {
      for (const tok of seg) { if (next < labels.length) hands[next++] = cardsOfToken(tok); else (extra.talon ||= []).push(...cardsOfToken(tok)); }
    } else {
      (extra.talon ||= []).push(...seg.flatMap(cardsOfToken));
    }
  }
  return { hands, extra };
}

// The replay of a record without the server's help: the hands as dealt, less the cards played so far,
// and the calls and plays of the deal up to the step.
function recordStep(R, actions, s, labels, names) {
  let start = -1;
  for (let i = 0; i < s; i++) if (/^deal\b/i.test(actions[i])) start = i;
  const box = h("div", { class: "record-step" });
  if (start < 0) { box.append(h("pre", { text: actions.slice(0, s).join("\n") })); return box; }
  const { hands, extra } = parseDeal(actions[start], labels);
  const owner = (c) => Object.keys(hands).find((k) => hands[k].includes(c));
  const plays = [], calls = [];
  for (const a of actions.slice(start + 1, s)) {
    const m = /^(?:discard\s+)?((?:10|[2-9JQKAT])[CDHS])$/i.exec(a);
    let c = m ? m[1].toUpperCase().replace(/^T/, "10") : null;
    if (c && !R.recordCard(a, calls)) c = null; // "2S" in a bridge auction is a bid, a preferans "6S" always
    const k = c ? owner(c) : undefined;
    if (c && k !== undefined) {
      hands[k] = hands[k].filter((x) => x !== c);
      plays.push(`${labels[k]}:${c}`);
    } else calls.push(a);
  }
  const board = h("div", { class: "board seats-" + labels.length });
  const bottom = bottomSeat(null, labels); // the bridge diagram: South at the bottom
  labels.forEach((l, i) => {
    const sb = h("div", { class: `seat-box ${placeOf(i, bottom, labels.length)}`, "data-seat-box": i }, h("div", { class: "seat-name" }, h("b", { text: seatLabel(l) }), " ", names[i] !== seatLabel(l) ? names[i] : ""));
    const row = h("div", { class: "hand", "data-hand": i });
    for (const c of sortHand(hands[i] || [], null, R)) row.append(cardEl(c));
    sb.append(row);
    board.append(sb);
  });
  const centre = h("div", { class: "centre" });
  for (const [k, v] of Object.entries(extra)) { const e = h("div", { class: "talon" }, h("small", { text: k + ": " })); v.forEach((c) => e.append(cardEl(c))); centre.append(e); }
  board.append(centre);
  box.append(board,
    h("p", {}, h("b", { text: t("calls") + ": " }), calls.map(callText).join(", ")),
    h("p", {}, h("b", { text: t("tricks") + ": " }), plays.join(" ")));
  return box;
}

// One step of a replay as the server describes it: {"view", "sheet", "position", …} (public view).
function replayBoard(game, r, labels, names, extraHands) {
  const tv = Object.create(TableView.prototype);
  tv.main = h("div");
  tv.table = params.get("table");
  tv.seat = null;
  tv.token = null;
  tv.extraHands = extraHands;
  tv.info = { game, seats: labels.map((l, i) => ({ seat: i, label: l, name: names[i], kind: "bot" })) };
  tv.msg = { type: "state", seq: r.step, view: r.view, sheet: r.sheet ?? (r.view || {}).sheet, position: r.position, legal: [], to_act: r.to_act ?? null,
    over: false, seats: tv.info.seats, next: null, chance_next: false };
  tv.status = "";
  tv.render();
  for (const el of tv.main.querySelectorAll(".seats-panel, .seats-details, #turn")) el.remove();
  return tv.main;
}

// ------------------------------------------------------------------ routing
async function main() {
  if (location.pathname === "/club") { await import("/static/club.js"); return; } // the club table of 1913
  applyPrefs();
  const m = frame();
  try {
    if (location.pathname === "/join") await join(m);
    else if (params.get("page") === "records") await records(m);
    else if (params.get("page") === "player") await playerPage(m, { api, gs: await games(), titleOf });
    else if (params.get("table")) {
      const seat = params.get("seat");
      const tv = new TableView(m, params.get("table"), seat == null || seat === "" ? null : Number(seat));
      window.__cardroom.table = tv;
      await tv.start();
    } else await lobby(m);
  } catch (e) { showError(e.message); }
}

main();
