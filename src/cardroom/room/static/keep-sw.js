// The score keeper's service worker (served as /keep-sw.js, scope /keep): the phone page opens without a
// connection. It keeps the page, its scripts (keep.js and the room's i18n.js), its styles, its icon, its manifest and the catalogue texts of
// both languages (/api/keep/games) in a cache, asks the network first and falls back to what it kept.
// It never answers a POST: the sheet is computed by the room only (keep.js queues what it cannot send).
"use strict";
const CACHE = "cardroom-keep-1";
const SHELL = ["/keep", "/static/keep.js", "/static/i18n.js", "/static/keep.css", "/static/keep-icon.svg",
  "/api/keep/games?lang=en", "/api/keep/games?lang=ru", "/keep.webmanifest?lang=en", "/keep.webmanifest?lang=ru"];
const PAGE = "/keep";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("cardroom-keep-") && k !== CACHE)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// The cache key of a request: the page whatever its query (?lang=…), every other URL as it is.
function keyOf(request) {
  const url = new URL(request.url);
  return request.mode === "navigate" && url.pathname === PAGE ? PAGE : url.pathname + url.search;
}

function kept(key) {
  return SHELL.includes(key);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  const key = keyOf(request);
  if (!kept(key)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const answer = await fetch(request);
      if (answer.ok) await cache.put(key, answer.clone());
      return answer;
    } catch (e) {
      const got = await cache.match(key);
      if (got) return got;
      throw e;
    }
  })());
});
