// The club evening page (/club/evening): posts the form to /api/club/evenings, follows the evening's rounds and
// opens its printable score card once every table is over. Every text comes from the page (the server's
// catalogue, in the page's language).
"use strict";
(function () {
  const form = document.getElementById("evening");
  const status = document.getElementById("status");
  if (!form || !status) return;
  const lang = form.dataset.lang || "en";
  const say = (template, key, value) => { status.textContent = template.replace("{" + key + "}", value); };
  const list = document.getElementById("tables");

  // The tables of the latest round (a six-handed evening: its three rubber tables), each linked to its room table.
  function showTables(tables) {
    if (!list) return;
    const last = Math.max(0, ...tables.map((tb) => tb.round));
    const rows = tables.filter((tb) => tb.round === last).map((tb) => {
      const li = document.createElement("li");
      const s = tb.seats;
      li.textContent = form.dataset.line.replace("{n}", String(tb.table)).replace("{ns}", s.N + " & " + s.S)
        .replace("{ew}", s.E + " & " + s.W) + " ";
      const seg = tb.segments[tb.segments.length - 1];
      if (seg) {
        const a = document.createElement("a");
        a.href = "/?table=" + encodeURIComponent(seg.table_id);
        a.textContent = form.dataset.watch;
        li.append(a);
      }
      return li;
    });
    list.replaceChildren(...rows);
  }

  async function follow(id) {
    for (;;) {
      const r = await fetch("/api/club/evenings/" + encodeURIComponent(id) + "?lang=" + lang);
      const info = await r.json();
      if (info.failed) { say(form.dataset.failed, "why", info.failed); return; }
      if (info.over) { window.location.assign(info.card + "?lang=" + lang); return; }
      const playing = info.kind === "six-handed" ? form.dataset.playingDeal : form.dataset.playing;
      say(playing, "round", String(info.round || 1));
      showTables(info.tables || []);
      await new Promise((ok) => setTimeout(ok, 300));
    }
  }

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(form);
    const body = {
      movement: f.get("movement"), tables: Number(f.get("tables")), seed: Number(f.get("seed")),
      players: String(f.get("players") || "").split(",").map((p) => p.trim()).filter((p) => p),
    };
    if (f.get("game")) body.game = f.get("game");
    if (body.movement === "progressive") body.progressive_move = f.get("progressive_move");  // the others refuse it
    const r = await fetch("/api/club/evenings?lang=" + lang, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const got = await r.json();
    if (r.status !== 201) { say(form.dataset.failed, "why", got.detail || String(r.status)); return; }
    follow(got.id);
  });
})();
