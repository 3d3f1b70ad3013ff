/* TWEAK!'s service worker: the game works offline after one visit, and a new deploy is offered,
   never forced.

   Its data: `precache.json`, written by `python3 serve.py --build DIR` next to this file, lists
   every file of the built site (paths relative to the site's root) with an SRI hash of its
   content, and a `version` derived from that list.  The build stamps the same version into the
   VERSION line below, so every deploy that changes any file changes this file's bytes too: that
   is what makes the browser install a new worker.  Each version keeps its files in its own
   Cache Storage cache, `tweak-<version>`.

   In development (`python3 serve.py` serves the repository, unbuilt) VERSION stays null: the
   worker has no fetch handler, so the browser sends every request to the network and nothing
   can go stale, and it deletes whatever a built site served on the same origin left behind.

   The page's side (registering, the "A new version is ready" banner) is
   ui/main_thread/install.js; docs/architecture.md ("Build, cache, offline") has the whole. */

"use strict";

// The build (tools/build.py, stamp_service_worker) replaces this line with the list's version.
const VERSION = null;

const PREFIX = "tweak-";
const CACHE = PREFIX + VERSION;
const LIST = "precache.json";

/** The Cache Storage caches this site made, but not the given one. */
async function ourCaches(except) {
  return (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== except);
}

/** Put every file of precache.json into this version's cache, checked against its hash.  A file
    an earlier version cached with the same hash is copied from there rather than downloaded
    again (a deploy that changes one Python file must not cost a phone the whole site).  Any
    failure fails the install; the browser retries on a later visit and the old version keeps
    working. */
async function precache() {
  const response = await fetch(LIST, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${LIST}: HTTP ${response.status}`);
  const list = await response.clone().json();
  if (list.version !== VERSION) {
    // This worker and the list come from different deploys (one is being uploaded): wait.
    throw new Error(`${LIST} is version ${list.version}, this worker ${VERSION}`);
  }
  const cache = await caches.open(CACHE);
  const known = await earlierCopies();
  await Promise.all(Object.entries(list.files).map(async ([path, integrity]) => {
    const url = new URL(path, location).href;
    const earlier = known.get(url);
    if (earlier && earlier.integrity === integrity) {
      const copy = await earlier.cache.match(url);
      if (copy) return cache.put(url, copy);
    }
    // no-cache: revalidate with the server (a 304 costs nothing) rather than trust a copy the
    // HTTP cache kept from before the deploy; the integrity check rejects a stale body anyway.
    const fresh = await fetch(new Request(url, { cache: "no-cache", integrity }));
    if (!fresh.ok) throw new Error(`${path}: HTTP ${fresh.status}`);
    return cache.put(url, fresh);
  }));
  await cache.put(new URL(LIST, location).href, response);  // last: marks the cache complete
}

/** URL -> {integrity, cache} for the files of complete earlier caches. */
async function earlierCopies() {
  const known = new Map();
  for (const name of await ourCaches(CACHE)) {
    const cache = await caches.open(name);
    const stored = await cache.match(new URL(LIST, location).href);
    if (!stored) continue;
    const { files } = await stored.json();
    for (const [path, integrity] of Object.entries(files)) {
      known.set(new URL(path, location).href, { integrity, cache });
    }
  }
  return known;
}

/** This version's copy of a GET of this site, or the network's answer when it has none.  The
    query string is ignored (`/?seed=3` is the page itself) and a directory means its
    index.html. */
async function cacheFirst(request) {
  const url = new URL(request.url);
  url.search = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  const cache = await caches.open(CACHE);
  return (await cache.match(url.href)) || fetch(request);
}

if (VERSION === null) {
  self.addEventListener("install", () => self.skipWaiting());
  self.addEventListener("activate", (event) => event.waitUntil((async () => {
    await Promise.all((await ourCaches(null)).map((name) => caches.delete(name)));
    // Pages a built site's worker controlled until now were served from its cache: load them
    // again from the network (on the dev server only; a player never gets this worker).
    for (const client of await self.clients.matchAll({ type: "window" })) {
      client.navigate(client.url);
    }
  })()));
} else {
  self.addEventListener("install", (event) => event.waitUntil(precache()));
  self.addEventListener("activate", (event) => event.waitUntil((async () => {
    await Promise.all((await ourCaches(CACHE)).map((name) => caches.delete(name)));
    await self.clients.claim();  // the first visit's page works offline without a reload
  })()));
  self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
    event.respondWith(cacheFirst(request));
  });
  // ui/main_thread/install.js sends this when the player presses Reload on the banner.
  self.addEventListener("message", (event) => {
    if (event.data === "skip-waiting") self.skipWaiting();
  });
}
