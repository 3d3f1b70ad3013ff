/* Makes TWEAK! an offline app: registers the site's service worker (sw.js at the site's root,
   which precaches the built site) and offers a new deploy with a banner, "A new version is
   ready", whose Reload button switches to it.  Nothing here reloads the page unasked: a game in
   progress stays until the player presses Reload.

   Loaded as a module from index.html's head (no inline script: the page has a strict
   Content-Security-Policy).  Its only data are the banner's elements and whether the player has
   asked for the reload.  The banner's look is the "update banner" block of ui/assets/style.css.
   Its words are in the page's language (lang.js; Babel extracts the _() calls).
   docs/architecture.md ("Build, cache, offline") tells what the service worker caches. */

const container = navigator.serviceWorker;  // undefined off a secure context (plain http://host)
let reloadAsked = false;
const _ = (message) => (window.tweakI18n ? window.tweakI18n._(message) : message);

if (container) {
  // A page the worker already serves costs nothing to register at once.  On a first visit,
  // wait until Python has started: the worker's install downloads the whole runtime again
  // (revalidated), which must not compete with the page's own first load.
  (container.controller ? Promise.resolve() : pageStarted()).then(register);
  container.addEventListener("controllerchange", () => {
    if (reloadAsked) location.reload();
  });
}

async function register() {
  let registration;
  try {
    registration = await container.register("./sw.js");
  } catch (error) {
    console.warn(`TWEAK! cannot be made available offline here: ${error.message}`);
    return;
  }
  // A worker that finished installing before this page opened (a deploy seen on an earlier
  // visit, or in another tab) waits for the player's choice like a new one.
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker.addEventListener("statechange", () => {
      // With no controller this is the first install: nothing older to replace.
      if (worker.state === "installed" && container.controller) offer(worker);
    });
  });
  // The browser looks for a new sw.js on every navigation; a game left open for days should
  // hear of a deploy too, so look again whenever the page comes back into view.  Offline that
  // check fails, which only means "no news".
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
}

/** Resolves when the page is usable (`<html data-python="ready">`), or 20 s after its load
    event should Python never start (the worker must still learn of a fixed deploy). */
function pageStarted() {
  const root = document.documentElement;
  return new Promise((resolve) => {
    if (root.dataset.python === "ready") return resolve();
    const observer = new MutationObserver(() => {
      if (root.dataset.python === "ready") done();
    });
    const done = () => { observer.disconnect(); resolve(); };
    observer.observe(root, { attributes: true, attributeFilter: ["data-python"] });
    addEventListener("load", () => setTimeout(done, 20_000));
  });
}

/** Show the banner offering `worker` (an installed, waiting service worker), once. */
function offer(worker) {
  if (document.querySelector(".update-banner")) return;
  const banner = element("div", "update-banner");
  banner.setAttribute("role", "status");
  const reload = element("button", "btn small primary", _("Reload"));
  const later = element("button", "btn small ghost", _("Later"));
  reload.addEventListener("click", () => {
    reloadAsked = true;
    reload.disabled = true;
    // The worker takes over, then "controllerchange" reloads the page.  If another tab has
    // already switched to it (or a newer one replaced it), a plain reload does the rest.
    if (worker.state === "installed") worker.postMessage("skip-waiting");
    else location.reload();
  });
  later.addEventListener("click", () => banner.remove());
  banner.append(element("span", "update-text", _("A new version is ready")), reload, later);
  document.body.append(banner);
}

function element(tag, className, text = "") {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  if (tag === "button") node.type = "button";
  return node;
}
