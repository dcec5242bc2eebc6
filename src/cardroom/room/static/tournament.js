// The preferans tournament page (/club/tournament): posts the registration to /api/club/tournaments and opens
// the director's page of the new tournament. Every text comes from the page (the server's catalogue).
"use strict";
// The director's page (/club/tournaments/{id}): its ruling form posts to /api/club/tournaments/{id}/rulings
// and reloads the page, whose protocol then shows the arbiter's results.
(function () {
  const form = document.getElementById("ruling");
  if (!form) return;
  const lang = form.dataset.lang || "en";
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(form);
    const body = { round: Number(f.get("round")), table: Number(f.get("table")), board: Number(f.get("board")),
      rule: f.get("rule"), faults: {}, offenders: [] };
    for (const x of ["N", "E", "S", "W"]) {
      if (f.get("fault_" + x)) body.faults[x] = f.get("fault_" + x);
      if (f.get("offender_" + x) === "on") body.offenders.push(x);
    }
    for (const k of ["bid_with_wrong_hand", "after_play", "play_began"]) body[k] = f.get(k) === "on";
    const r = await fetch("/api/club/tournaments/" + encodeURIComponent(form.dataset.tournament) + "/rulings?lang="
      + lang, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const got = await r.json();
    if (r.status !== 201) {
      document.getElementById("ruling-status").textContent = form.dataset.failed.replace("{why}", got.detail || "");
      return;
    }
    window.location.reload();
  });
})();
(function () {
  const form = document.getElementById("tournament");
  const status = document.getElementById("status");
  if (!form || !status) return;
  const lang = form.dataset.lang || "en";
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(form);
    const body = {
      participants: Number(f.get("participants")), deals: Number(f.get("deals")), seed: Number(f.get("seed")),
      variant: f.get("variant"), autoplay: f.get("autoplay") === "on",
      players: String(f.get("players") || "").split(",").map((p) => p.trim()).filter((p) => p),
    };
    const r = await fetch("/api/club/tournaments?lang=" + lang, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const got = await r.json();
    if (r.status !== 201) { status.textContent = form.dataset.failed.replace("{why}", got.detail || String(r.status)); return; }
    window.location.assign(got.page + "?lang=" + lang);
  });
})();
