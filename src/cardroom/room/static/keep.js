// The score keeper's phone page: the sheet lives in localStorage, every change is replayed by /api/keep.
"use strict";
(() => {
  const params = new URLSearchParams(location.search);
  const lang = params.get("lang") || ((navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en");
  const $ = (id) => document.getElementById(id);
  const STORE = "cardroom-keeper";
  let texts = {};
  let games = [];
  let keeper = null;
  const fmt = (key, kw) => (texts[key] || key).replace(/\{(\w+)\}/g, (_, k) => (kw && k in kw ? kw[k] : ""));

  function say(text, error) {
    $("k-said").textContent = text;
    $("k-said").className = error ? "error" : "";
  }

  function fieldsLine() {
    const g = games.find((x) => x.name === (keeper ? keeper.game : $("k-game").value));
    if (!g) return;
    $("k-fields").textContent = fmt("keep.fields", {
      fields: g.fields.map((f) => f.name + (f.required ? "*" : "")).join(" "),
    });
  }

  function show(answer) {
    keeper = answer.keeper;
    localStorage.setItem(STORE, JSON.stringify(keeper));
    $("k-sheet").textContent = answer.sheet;
    $("k-settlement").textContent = answer.settlement
      ? fmt("keep.settlement", { scores: answer.settlement.map((v, i) => i + ": " + v).join(", ") }) +
        (answer.over ? " — " + fmt("keep.over") : "")
      : "";
    const ol = $("k-history");
    ol.textContent = "";
    for (const h of answer.history) {
      const li = document.createElement("li");
      const txt = (e) => (e ? Object.entries(e).map(([k, v]) => k + "=" + v).join(" ") : "—");
      li.textContent = h.op + " " + h.deal + ": " + txt(h.before) + " → " + txt(h.after);
      ol.appendChild(li);
    }
    $("k-n").value = String(Math.max(1, answer.deals));
    const blob = new Blob([JSON.stringify(keeper, null, 1)], { type: "application/json" });
    $("k-download").href = URL.createObjectURL(blob);
    fieldsLine();
  }

  async function post(body) {
    if (!body.keeper) {  // no sheet yet: the one chosen above is begun
      Object.assign(body, { game: $("k-game").value, options: JSON.parse($("k-options").value || "{}"),
        dealer: Number($("k-dealer").value || 0) });
    }
    let r;
    try {
      r = await fetch("/api/keep?lang=" + lang, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      });
    } catch (e) {
      say(String(e), true);
      return;
    }
    const data = await r.json();
    if (!r.ok) {
      say(data.text || String(r.status), true);
      return;
    }
    say(data.said || "", false);
    show(data);
  }

  function fillOptions() {
    const g = games.find((x) => x.name === $("k-game").value);
    const sel = $("k-options");
    sel.textContent = "";
    for (const c of (g ? g.configurations : [{}])) {
      const o = document.createElement("option");
      o.value = JSON.stringify(c);
      o.textContent = Object.entries(c).map(([k, v]) => k + "=" + v).join(", ") || "—";
      sel.appendChild(o);
    }
    fieldsLine();
  }

  async function start() {
    const r = await fetch("/api/keep/games?lang=" + lang);
    const data = await r.json();
    texts = data.texts;
    games = data.games;
    document.documentElement.lang = lang;
    document.title = texts["keep.page.title"];
    const label = { "k-title": "keep.page.title", "k-game-label": "keep.page.game", "k-options-label": "keep.page.options",
      "k-dealer-label": "keep.page.dealer", "k-new": "keep.page.new", "k-deal-label": "keep.page.deal",
      "k-write": "keep.page.write", "k-undo": "keep.page.undo", "k-redo": "keep.page.redo", "k-fix": "keep.page.fix",
      "k-history-label": "keep.page.history", "k-download": "keep.page.download" };
    for (const [id, key] of Object.entries(label)) $(id).textContent = texts[key];
    for (const g of games) {
      const o = document.createElement("option");
      o.value = g.name;
      o.textContent = g.title;
      $("k-game").appendChild(o);
    }
    $("k-game").addEventListener("change", fillOptions);
    fillOptions();
    $("k-new").addEventListener("click", () => post({ op: "new", game: $("k-game").value,
      options: JSON.parse($("k-options").value || "{}"), dealer: Number($("k-dealer").value || 0) }));
    $("k-write").addEventListener("click", () => post({ op: "add", keeper, text: $("k-text").value })
      .then(() => { if (!$("k-said").className) $("k-text").value = ""; }));
    $("k-text").addEventListener("keydown", (e) => { if (e.key === "Enter") $("k-write").click(); });
    $("k-undo").addEventListener("click", () => post({ op: "undo", keeper }));
    $("k-redo").addEventListener("click", () => post({ op: "redo", keeper }));
    $("k-fix").addEventListener("click", () => post({ op: "fix", keeper, n: Number($("k-n").value), text: $("k-text").value }));
    const saved = localStorage.getItem(STORE);
    if (saved) {
      try {
        keeper = JSON.parse(saved);
        $("k-game").value = keeper.game;
        await post({ op: "view", keeper });
      } catch (e) {
        keeper = null;
      }
    }
  }
  start();
})();
