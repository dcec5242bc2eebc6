// The table's social side (issue 14, point 11): claims, undo by agreement, the move timer's notes,
// chat with a mute, and the sound and card-animation switches (kept in localStorage).
// Protocol: docs/room.md ("Claims, undo, chat").
import { t, seatLabel } from "./i18n.js";
import { cardEl } from "./cards.js";
import { h } from "./dom.js";

// ------------------------------------------------------------------ preferences
const PREF = { sound: "cardroom:sound", animation: "cardroom:animation" };
export const prefs = {
  sound: () => localStorage.getItem(PREF.sound) !== "off",
  animation: () => localStorage.getItem(PREF.animation) !== "off",
  set(name, on) { localStorage.setItem(PREF[name], on ? "on" : "off"); applyPrefs(); },
};

export function applyPrefs() {
  document.documentElement.classList.toggle("no-animation", !prefs.animation());
}

let audio = null;
function beep() {
  if (!prefs.sound()) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const o = audio.createOscillator(), g = audio.createGain();
    o.frequency.value = 660; g.gain.value = 0.05;
    o.connect(g); g.connect(audio.destination);
    o.start(); o.stop(audio.currentTime + 0.12);
  } catch { /* no audio here */ }
  window.__cardroom.beeps = (window.__cardroom.beeps || 0) + 1;
}

// A state message arrived: a sound when our turn comes, or a claim or undo asks us.
export function onState(tv, prev, m) {
  if (tv.seat == null) return;
  const mine = (x) => x && (x.waiting || []).includes(tv.seat);
  const turnNow = m.to_act === tv.seat && (!prev || prev.to_act !== tv.seat || prev.seq !== m.seq);
  if (turnNow || (mine(m.claim) && !mine(prev && prev.claim)) || (mine(m.undo) && !mine(prev && prev.undo))) beep();
}

// ------------------------------------------------------------------ messages
// Chat, claim, undo and timer messages; true when the message was one of them.
export function onSocial(tv, m) {
  if (m.type === "chat") {
    tv.chatLog = [...(tv.chatLog || []), m].slice(-50);
    drawChat(tv);
    return true;
  }
  if (m.type === "claim" || m.type === "undo" || m.type === "timer") {
    tv.socialNote = m;
    const el = tv.main.querySelector("#social-note");
    if (el) el.replaceChildren(...noteText(tv, m));
    return true;
  }
  return false;
}

// A seat as the page names it: its label, and the person's name (raw text: never translated).
function who(tv, seat) {
  const s = (tv.msg ? tv.msg.seats : tv.info.seats)[seat];
  if (!s) return h("span", { text: String(seat) });
  const label = seatLabel(s.label);
  return s.name && s.name !== label ? h("span", {}, `${label} (`, h("span", { "data-raw": "", text: s.name }), ")") : h("span", { text: label });
}

function whoList(tv, seats) {
  const out = h("span", {});
  seats.forEach((s, i) => { if (i) out.append(", "); out.append(who(tv, s)); });
  return out;
}

function noteText(tv, m) {
  if (m.type === "timer") return [`${t("sTimerActed")} `, who(tv, m.seat)];
  if (m.type === "claim") return [`${t("sClaimOf")} `, who(tv, m.seat), ` (${m.tricks}): ${t("sClaim_" + m.outcome)}`];
  return [`${t("sUndoOf")} `, who(tv, m.seat), `: ${t("sUndo_" + m.outcome)}`];
}

function wsSend(tv, message) {
  if (!tv.ws || tv.ws.readyState !== 1) return false;
  tv.ws.send(JSON.stringify(message));
  return true;
}

// ------------------------------------------------------------------ the panel
// The claim or undo pending, the claim and undo buttons, the switches and the chat.
export function socialPanel(tv, root) {
  const m = tv.msg;
  const sec = h("section", { class: "panel social", id: "social" });
  const playing = tv.seat != null && tv.token && !m.over;
  const tb = (m.view || {}).table || {};
  if (m.claim) sec.append(claimBox(tv, m.claim));
  if (m.undo) sec.append(undoBox(tv, m.undo));
  sec.append(h("div", { class: "small note", id: "social-note" }, ...(tv.socialNote ? noteText(tv, tv.socialNote) : [])));
  if (playing && !m.claim && !m.undo) {
    const row = h("div", { class: "social-actions" });
    if (tb.phase === "play" && !root.querySelector("#claims")) { // not beside the laws' own claim controls
      const left = ((tb.hands || {})[String(tv.seat)] || []).length; // the tricks still to play, about
      const n = h("input", { type: "number", min: "0", max: String(left + 1), value: String(left), id: "social-claim-tricks", "aria-label": t("sClaimTricks") });
      row.append(h("label", { class: "small" }, `${t("sClaimTricks")} `, n),
        h("button", { id: "social-claim", text: t("sClaim"), onclick: () => { const v = Number(n.value); if (Number.isInteger(v)) wsSend(tv, { type: "claim", tricks: v, seq: m.seq }); } }));
    }
    if ((tv.info.table_options || {}).undo && m.seq > 0) {
      row.append(h("button", { id: "undo", text: t("sUndoAsk"), onclick: () => wsSend(tv, { type: "undo", seq: m.seq }) }));
    }
    if (row.childNodes.length) sec.append(row);
  }
  const timer = (tv.info.table_options || {}).timer;
  if (timer) sec.append(h("div", { class: "small", id: "timer-note", text: `${t("sTimerNote")}: ${timer} ${t("sSeconds")}` }));
  sec.append(switches(), chatBox(tv));
  return sec;
}

function claimBox(tv, c) {
  const box = h("div", { class: "claim", id: "claim-pending", "data-claimer": c.seat },
    h("b", {}, `${t("sClaimOf")} `, who(tv, c.seat), `: ${c.tricks} ${t("sClaimOfRest")}`));
  if (c.hand) { // shown to the claimer's opponents (and him) only: the server sends it to them alone
    const row = h("div", { class: "hand claim-hand", id: "claim-hand" });
    for (const card of c.hand) row.append(cardEl(card));
    box.append(h("div", { class: "small", text: t("sClaimHand") }), row);
  }
  box.append(answerRow(tv, c.waiting, "claim_answer", "accept", ["claim-accept", "sAccept"], ["claim-reject", "sReject"]));
  return box;
}

// A pending request's answer: the yes and no buttons ([id, label key]) for a seat the request waits for,
// sending {type, [field]: true or false}; else whom it waits for.
function answerRow(tv, waiting, type, field, [yesId, yes], [noId, no]) {
  if (tv.seat != null && (waiting || []).includes(tv.seat)) {
    return h("div", { class: "social-actions" },
      h("button", { id: yesId, class: "primary", text: t(yes), onclick: () => wsSend(tv, { type, [field]: true }) }),
      h("button", { id: noId, text: t(no), onclick: () => wsSend(tv, { type, [field]: false }) }));
  }
  return h("div", { class: "small" }, `${t("sWaitingFor")} `, whoList(tv, waiting || []));
}

function undoBox(tv, u) {
  const box = h("div", { class: "undo", id: "undo-pending" }, h("b", {}, `${t("sUndoOf")} `, who(tv, u.seat)));
  box.append(answerRow(tv, u.waiting, "undo_answer", "agree", ["undo-agree", "sAgree"], ["undo-refuse", "sRefuse"]));
  return box;
}

function switches() {
  const sw = (name, key) => h("label", { class: "small switch" },
    h("input", { type: "checkbox", id: `pref-${name}`, checked: prefs[name](), onchange: (e) => prefs.set(name, e.target.checked) }), " " + t(key));
  return h("div", { class: "switches", id: "switches" }, sw("sound", "sPrefSound"), " ", sw("animation", "sPrefAnimation"));
}

// ------------------------------------------------------------------ chat
// Kept across renders (a state message redraws the table, never the text being typed).
function chatBox(tv) {
  if (!tv.chatEl) {
    const list = h("ul", { class: "chat-list", id: "chat-list" });
    const input = h("input", { id: "chat-text", maxlength: "200", placeholder: t("sChatPlaceholder"), "aria-label": t("sChat") });
    const send = () => {
      const v = input.value.trim();
      if (v && wsSend(tv, { type: "chat", text: v.slice(0, 200) })) input.value = "";
    };
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") send(); });
    const form = tv.seat != null && tv.token ? h("div", { class: "chat-form" }, input, h("button", { id: "chat-send", text: t("sChatSend"), onclick: send })) : null;
    tv.chatEl = h("details", { class: "chat", id: "chat", open: true }, h("summary", { text: t("sChat") }), list, form);
    tv.chatMuted = new Set(JSON.parse(localStorage.getItem(`cardroom:mute:${tv.table}`) || "[]"));
  }
  drawChat(tv);
  return tv.chatEl;
}

function drawChat(tv) {
  if (!tv.chatEl) return;
  const list = tv.chatEl.querySelector("#chat-list");
  const muted = tv.chatMuted || new Set();
  list.replaceChildren();
  for (const m of tv.chatLog || []) {
    if (muted.has(m.seat)) continue;
    list.append(h("li", { class: "chat-line", "data-chat-seat": m.seat },
      h("b", {}, who(tv, m.seat), ": "), h("span", { "data-raw": "", text: m.text }), " ",
      m.seat !== tv.seat ? h("button", { class: "mute small", "data-mute": m.seat, title: t("sMute"), text: t("sMute"), onclick: () => mute(tv, m.seat) }) : null));
  }
  if (muted.size) {
    const row = h("li", { class: "small muted-list" }, `${t("sMuted")}: `);
    for (const s of muted) row.append(h("button", { class: "unmute small", "data-unmute": s, onclick: () => mute(tv, s, false) }, who(tv, s), " ✕"));
    list.append(row);
  }
}

// A mute per viewer: kept in this browser; a seated viewer's server stops sending him those messages.
function mute(tv, seat, on = true) {
  if (on) tv.chatMuted.add(seat); else tv.chatMuted.delete(seat);
  localStorage.setItem(`cardroom:mute:${tv.table}`, JSON.stringify([...tv.chatMuted]));
  if (tv.seat != null && tv.token) wsSend(tv, { type: "mute", seat, mute: on });
  drawChat(tv);
}
