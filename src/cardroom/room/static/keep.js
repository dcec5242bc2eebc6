// The score keeper's phone page: the sheet lives in localStorage, every change is replayed by /api/keep (the
// room's one scoring code). Without a connection the page opens from its service worker's cache (keep-sw.js)
// and the changes wait in a queue in localStorage, shown as pending under the last sheet the room computed;
// when the connection is back they are sent in order, and a refused one stops the queue there.
import { configurationLabel, useLang } from "./i18n.js";

(() => {
  const params = new URLSearchParams(location.search);
  const asked = params.get("lang");  // English or Russian, the two the catalogue (and the worker's cache) has
  const lang = asked === "en" || asked === "ru" ? asked
    : ((navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en");
  useLang(lang);
  const $ = (id) => document.getElementById(id);
  const STORE = "cardroom-keeper";  // the keeper's JSON as the room last computed it
  const VIEW = "cardroom-keeper-view";  // that answer (drawn in every language), shown while offline
  const QUEUE = "cardroom-keeper-queue";  // the changes not sent yet, in order
  const RETRY_MS = 3000;
  const QUEUE_MAX = 200;  // changes kept without a connection at most (localStorage is small)
  let texts = {};
  let games = [];
  let keeper = null;
  let queue = [];
  let flushing = false;
  const fmt = (key, kw) => (texts[key] || key).replace(/\{(\w+)\}/g, (_, k) => (kw && k in kw ? kw[k] : ""));

  function say(text, kind) {
    $("k-said").textContent = text;
    $("k-said").className = kind || "";
  }

  function load(key, fallback) {
    try {
      const v = JSON.parse(localStorage.getItem(key) || "null");
      return v === null ? fallback : v;
    } catch (e) {
      return fallback;
    }
  }

  function saveQueue() {
    localStorage.setItem(QUEUE, JSON.stringify(queue));
    showQueue();
  }

  function fieldsLine() {
    const g = games.find((x) => x.name === (keeper ? keeper.game : $("k-game").value));
    if (!g) return;
    $("k-fields").textContent = fmt("keep.fields", {
      fields: g.fields.map((f) => f.name + (f.required ? "*" : "")).join(" "),
    });
  }

  function draw(answer) {  // the answer and the keeper it is of
    const mine = (answer.drawn && answer.drawn[lang]) || answer;  // the sheet and history in this page's language
    $("k-sheet").textContent = mine.sheet;
    $("k-settlement").textContent = answer.settlement
      ? fmt("keep.settlement", { scores: answer.settlement.map((v, i) => i + ": " + v).join(", ") }) +
        (answer.over ? " — " + fmt("keep.over") : "")
      : "";
    const ol = $("k-history");
    ol.textContent = "";
    for (const row of ((mine.history_rows || []).length ? mine.history_rows : [fmt("keep.no_history")])) {
      const li = document.createElement("li");
      li.textContent = row;
      ol.appendChild(li);
    }
    $("k-n").value = String(Math.max(1, answer.deals));
    const blob = new Blob([JSON.stringify(keeper, null, 1)], { type: "application/json" });
    $("k-download").href = URL.createObjectURL(blob);
  }

  // The choices above set to the sheet's own: its game, the configuration its options are (the one that
  // sets the most of them) and its first dealer.
  function setup(k) {
    if ($("k-game").value !== k.game) {
      $("k-game").value = k.game;
      fillOptions();
    }
    let best = null;
    for (const o of $("k-options").options) {
      const c = JSON.parse(o.value || "{}");
      const n = Object.keys(c).length;
      if (Object.entries(c).every(([key, v]) => k.options[key] === v) && (!best || n > best.n)) best = { o, n };
    }
    if (best) $("k-options").value = best.o.value;
    $("k-dealer").value = String(k.first_dealer);
    fieldsLine();
  }

  function show(answer) {
    keeper = answer.keeper;
    localStorage.setItem(STORE, JSON.stringify(keeper));
    localStorage.setItem(VIEW, JSON.stringify(Object.assign({}, answer, { keeper: undefined })));  // kept once
    draw(answer);
    setup(keeper);
  }

  function label(change) {
    const what = fmt("keep.page.op." + change.op, { n: change.n });
    return change.op === "add" || change.op === "fix" ? what + ": " + change.text : what;
  }

  function showQueue() {
    $("k-pending").hidden = queue.length === 0;
    $("k-pending-label").textContent = fmt("keep.page.pending", { n: queue.length });
    const ol = $("k-queue");
    ol.textContent = "";
    for (const change of queue) {
      const li = document.createElement("li");
      li.textContent = label(change);
      if (change.refused) li.className = "refused";
      ol.appendChild(li);
    }
    $("k-drop").hidden = !(queue.length && queue[0].refused);
  }

  // One change sent to the room: "ok" (the answer shown), "refused" (the room's reason said) or "offline".
  async function send(change) {
    const body = Object.assign({}, change, { keeper: change.op === "new" ? null : keeper });
    delete body.refused;
    delete body.taken;
    let r;
    try {
      r = await fetch("/api/keep?lang=" + lang, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      });
    } catch (e) {
      return { kind: "offline" };
    }
    if (r.status >= 500) return { kind: "offline" };
    let data = null;
    try {
      data = await r.json();
    } catch (e) {
      if (r.ok) return { kind: "offline" };  // cut off on the way: sent again
    }
    if (!r.ok) return { kind: "refused", text: (data && (data.text || data.detail)) || String(r.status) };
    show(data);
    return { kind: "ok", said: data.said || "" };
  }

  // The queue sent in order until it is empty, the connection fails or the room refuses one.
  async function flush() {
    if (flushing || !queue.length || queue[0].refused) return;
    flushing = true;
    try {
      while (queue.length && !queue[0].refused) {
        const got = await send(queue[0]);
        if (got.kind === "offline") {
          say(fmt("keep.page.offline"), "offline");
          return;
        }
        if (got.kind === "refused") {
          queue[0].refused = got.text;
          saveQueue();
          say(fmt("keep.page.queue_refused", { what: label(queue[0]), why: got.text }), "error");
          return;
        }
        queue.shift();
        saveQueue();
      }
      say(fmt("keep.page.sent"), "");
    } finally {
      flushing = false;
    }
  }

  // A change the person made: sent at once when nothing waits, else (or without a connection) queued. One at
  // a time: a change made while the previous one is on its way is applied to that one's answer.
  let last = Promise.resolve(true);
  function change(op, extra) {
    const c = Object.assign({ op, game: $("k-game").value, options: JSON.parse($("k-options").value || "{}"),
      dealer: Number($("k-dealer").value || 0) }, extra);
    last = last.then(() => apply(c), () => apply(c));
    return last;
  }

  async function apply(c) {
    if (queue.length >= QUEUE_MAX && !queue[0].taken) {
      say(fmt("keep.page.queue_full", { n: queue.length }), "error");
      return false;
    }
    if (queue.length) {
      if (queue[0].taken) queue[0] = c; else queue.push(c);  // a correction takes the refused change's place
      saveQueue();
      await flush();
      return true;
    }
    const got = await send(c);
    if (got.kind === "ok") {
      say(got.said, "");
    } else if (got.kind === "refused") {
      say(got.text, "error");
      return false;
    } else {
      queue.push(c);
      saveQueue();
      say(fmt("keep.page.offline"), "offline");
    }
    return true;
  }

  // The refused change taken back into the fields to be corrected: the next change takes its place at the head
  // of the queue (what follows it waits for that correction, over a reload too).
  function takeBack() {
    if (!queue.length || !queue[0].refused) return;
    const c = queue[0];
    if (c.text !== undefined) $("k-text").value = c.text;
    if (c.n !== undefined) $("k-n").value = String(c.n);
    c.taken = true;
    saveQueue();
    say("", "");
  }

  function fillOptions() {
    const g = games.find((x) => x.name === $("k-game").value);
    const sel = $("k-options");
    sel.textContent = "";
    for (const c of (g ? g.configurations : [{}])) {
      const o = document.createElement("option");
      o.value = JSON.stringify(c);
      o.textContent = configurationLabel(c);
      sel.appendChild(o);
    }
    fieldsLine();
  }

  async function start() {
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("/keep-sw.js", { scope: "/keep" }).catch(() => {});
    }
    $("k-manifest").href = "/keep.webmanifest?lang=" + lang;
    const r = await fetch("/api/keep/games?lang=" + lang);
    const data = await r.json();
    texts = data.texts;
    games = data.games;
    document.documentElement.lang = lang;
    document.title = texts["keep.page.title"];
    const labels = { "k-title": "keep.page.title", "k-game-label": "keep.page.game", "k-options-label": "keep.page.options",
      "k-dealer-label": "keep.page.dealer", "k-new": "keep.page.new", "k-deal-label": "keep.page.deal",
      "k-write": "keep.page.write", "k-undo": "keep.page.undo", "k-redo": "keep.page.redo", "k-fix": "keep.page.fix",
      "k-history-label": "keep.page.history", "k-download": "keep.page.download", "k-drop": "keep.page.drop" };
    for (const [id, key] of Object.entries(labels)) $(id).textContent = texts[key];
    for (const g of games) {
      const o = document.createElement("option");
      o.value = g.name;
      o.textContent = g.title;
      $("k-game").appendChild(o);
    }
    $("k-game").addEventListener("change", fillOptions);
    fillOptions();
    $("k-new").addEventListener("click", () => change("new", {}));
    $("k-write").addEventListener("click", () => {
      const text = $("k-text").value;  // emptied once taken, unless the next deal is being typed already
      change("add", { text }).then((taken) => { if (taken && $("k-text").value === text) $("k-text").value = ""; });
    });
    $("k-text").addEventListener("keydown", (e) => { if (e.key === "Enter") $("k-write").click(); });
    $("k-undo").addEventListener("click", () => change("undo", {}));
    $("k-redo").addEventListener("click", () => change("redo", {}));
    $("k-fix").addEventListener("click", () => change("fix", { n: Number($("k-n").value), text: $("k-text").value }));
    $("k-drop").addEventListener("click", takeBack);
    queue = load(QUEUE, []);
    keeper = load(STORE, null);
    if (keeper) {
      setup(keeper);
      const seen = load(VIEW, null);
      if (seen && seen.drawn && seen.drawn[lang]) draw(seen);
    }
    showQueue();
    window.addEventListener("online", flush);
    setInterval(flush, RETRY_MS);
    if (queue.length) {
      await flush();
    } else if (keeper) {  // drawn anew by the room (in this page's language); without a connection as kept
      const got = await send({ op: "view" });
      if (got.kind === "offline") say(fmt("keep.page.offline"), "offline");
    }
  }
  start();
})();
