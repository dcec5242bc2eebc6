// The preferans tournament page (/club/tournament): posts the registration to /api/club/tournaments and opens
// the director's page of the new tournament. Every text comes from the page (the server's catalogue).
"use strict";
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
