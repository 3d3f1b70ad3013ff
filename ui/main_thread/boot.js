/* The start screen before Python is ready: plain JavaScript, run as soon as the page is parsed.

   The game's Python starts in two parts: MicroPython on this thread (page.py, a fraction of a
   second) and Pyodide in a worker (ui/worker/__main__.py, seconds on a first visit).  Until
   page.py calls window.tweakBoot.ready(), this script:
   - keeps a progress line moving (the worker's downloads are not visible from this thread, so
     it creeps towards the end and jumps on the stages it can see);
   - answers a click on Deal, How to play or Resume at once (the cards shuffle, a line says what
     will happen) and remembers it: ready() hands it to page.py, which carries it out;
   - offers "Resume" when a game is saved (the worker replaces it with the game's summary);
   - turns a failure to load (a missing runtime file, PyScript's error banner, a rejected
     start) into a clear message with a Retry button, never an endless "Loading…".
   Nothing here reads a rule of the game or leaves this page's own host.
   Its words are in the page's language: it first translates the start screen's static texts
   (window.tweakI18n, lang.js), and writes every message as _("English") — Babel extracts them
   into locale/tweak.pot; placeholders such as {name} are filled after translation.  It also
   stores a language picked on the start screen (page.py then tells the worker).
   docs/architecture.md ("Start-up") tells the whole start. */
(() => {
  "use strict";
  const root = document.documentElement;
  const $ = (id) => document.getElementById(id);
  // lang.js, or English only if it did not load (the game must still start).
  const i18n = window.tweakI18n = window.tweakI18n || {
    lang: "en", languages: { en: "English" }, _: (message) => message, apply() {}, remember() {},
  };
  const _ = (message) => i18n._(message);
  const fill = (message, values) => message.replace(/\{(\w+)\}/g, (all, key) => values[key]);
  i18n.apply(i18n.lang);
  // A language picked here: the static texts change at once and the choice is remembered;
  // once the game has loaded page.py also has the worker draw its parts again.
  document.addEventListener("change", (event) => {
    if (event.target.matches && event.target.matches("select[data-languages]")) {
      i18n.remember(event.target.value);
      i18n.apply(event.target.value);
    }
  });
  const loading = $("loading");
  const bar = loading.querySelector(".bar span");
  const text = loading.querySelector(".text");
  const pending = loading.querySelector(".pending");
  const deal = $("deal");
  const fan = document.querySelector(".start-screen .fan");
  const SLOW_MS = 30000;  // past this with no answer the player is offered a Retry
  const PROBE_MS = 10000;  // past this Python's files are checked (a first visit: ~3 s)
  // What Python's start loads: PyScript's loader and the configs it gives (index.html loads
  // them before this script runs: their error events may have gone by unheard), and what the
  // game's worker loads: its config and script (index.html), its interpreter module and the
  // archives it writes (ui/worker/interpreter.mjs), and the Pyodide runtime.
  const PYTHON_FILES = [
    "./ui/main_thread/pyscript_start.js", "./ui/main_thread/pyscript_config.js",
    "./node_modules/@pyscript/core/dist/core.js",
    "./pyscript.toml", "./ui/worker/__main__.py", "./ui/worker/interpreter.mjs",
    "./python.zip", "./locale/catalogues.zip", "./stdlib.zip",
    "./node_modules/pyodide/pyodide.mjs",
    "./node_modules/pyodide/pyodide.asm.mjs", "./node_modules/pyodide/pyodide.asm.wasm",
    "./node_modules/pyodide/pyodide-lock.json",
  ];
  let chosen = "";  // the click to carry out when ready: "deal", "rules" or "resume:KEY"
  let done = false;
  let shown = 4;
  const started = performance.now();

  const isReady = () => root.dataset.python === "ready";

  // ---- progress: a line that keeps moving ---------------------------------------------------
  const stage = (percent, message) => {
    if (done) return;
    shown = Math.max(shown, percent);
    if (message) text.textContent = message;
  };
  const creep = () => {
    if (done) return;
    // Half of what is left every ~3 s: it slows down but never stops.  Twice a second, as a
    // transform the compositor animates: no layout and no script on every frame.
    const seconds = (performance.now() - started) / 1000;
    const target = 92 - 88 * Math.pow(0.5, seconds / 3);
    shown = Math.min(96, Math.max(shown + 0.5, target));
    bar.style.transform = "scaleX(" + (shown / 100).toFixed(3) + ")";
    setTimeout(creep, 500);
  };
  creep();
  const seen = [
    ["core.js", 10, _("Loading PyScript…")],
    ["micropython.wasm", 20, _("Starting Python…")],
    ["worker.py", 30, _("Loading the game…")],
  ];
  if (window.PerformanceObserver) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        for (const [name, percent, message] of seen) {
          if (entry.name.endsWith("/" + name)) stage(percent, message);
        }
      }
    }).observe({ type: "resource", buffered: true });
  }

  // ---- clicks before ready ------------------------------------------------------------------
  const remember = (what, message) => {
    if (isReady()) return false;
    chosen = what;
    pending.textContent = message;
    fan.classList.add("shuffling");
    return true;
  };
  $("setup").addEventListener("submit", (event) => {
    event.preventDefault();  // the game deals from Python (a click on #deal), never a reload
    if (remember("deal", _("Your cards are dealt as soon as the game has loaded."))) {
      deal.textContent = _("Shuffling…");
      deal.classList.add("waiting");
      deal.setAttribute("aria-busy", "true");
    }
  });
  $("how-to-play").addEventListener("click", () => {
    remember("rules", _("The rules open as soon as the game has loaded."));
  });
  $("saves").addEventListener("click", (event) => {
    const button = event.target.closest("[data-ui^='resume:']");
    if (button &&
        remember(button.dataset.ui, _("Your game comes back as soon as it has loaded."))) {
      button.classList.add("waiting");
    }
  });
  try {
    if (localStorage.getItem("tweak.save") && !$("saves").children.length) {
      $("saves").innerHTML =
        '<button type="button" class="btn resume" data-ui="resume:tweak.save">' +
        '<span class="resume-title"></span><span class="resume-detail"></span></button>';
      $("saves").querySelector(".resume-title").textContent = _("Resume");
      $("saves").querySelector(".resume-detail").textContent = _("your last game");
    }
  } catch (error) {
    // No storage here (a sandboxed frame, a privacy setting): there is nothing to resume.
  }

  // ---- failure: a message and a Retry, never an endless "Loading…" --------------------------
  const fail = (message) => {
    if (done || isReady()) return;
    done = true;
    loading.classList.add("failed");
    loading.setAttribute("role", "alert");
    bar.parentElement.hidden = true;
    text.textContent = message;
    pending.textContent = _("Check your connection, then try again.");
    fan.classList.remove("shuffling");
    offerRetry().classList.add("primary");
    loading.querySelector(".retry").focus();
  };
  const offerRetry = () => {
    let retry = loading.querySelector(".retry");
    if (!retry) {
      retry = document.createElement("button");
      retry.type = "button";
      retry.className = "btn retry";
      retry.textContent = _("Retry");
      retry.addEventListener("click", () => location.reload());
      loading.append(retry);
    }
    return retry;
  };
  // A runtime file that fails to load: a <script>/<link> error event does not bubble, but it
  // does pass the window in the capture phase.
  addEventListener("error", (event) => {
    const target = event.target;
    if (target && target !== window && (target.src || target.href)) {
      fail(fill(_("A file of the game could not be loaded ({name})."),
                { name: (target.src || target.href).split("/").pop() }));
    }
  }, true);
  // An error nobody caught while starting (MicroPython's wasm missing aborts the runtime; a
  // missing config makes PyScript try elsewhere and fail): the game will not become ready.
  addEventListener("error", (event) => {
    if (event.message) fail(fill(_("The game could not start: {error}"), { error: event.message }));
  });
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    fail(fill(_("The game could not start: {error}"),
              { error: (reason && reason.message) || reason }));
  });
  // Pyodide in the worker waits for ever when one of its files fails (it only warns, in the
  // worker): if the game is not ready after a while, ask the host for Python's files
  // (HEAD: no download) and name one that is missing.  A network error says nothing (offline,
  // the service worker serves them), so only a real "not found" counts.
  setTimeout(() => {
    if (done || isReady()) return;
    // Offline, or served from the service worker's cache, there is no host to ask.
    if (!navigator.onLine || (navigator.serviceWorker && navigator.serviceWorker.controller)) {
      return;
    }
    for (const url of PYTHON_FILES) {
      fetch(url, { method: "HEAD", cache: "no-store" }).then((response) => {
        if (!response.ok) {
          fail(fill(_("A file of the game could not be loaded ({name})."),
                    { name: url.split("/").pop() }));
        }
      }, () => {});
    }
  }, PROBE_MS);
  // PyScript reports what went wrong while starting (a bad config, a runtime file missing in
  // the worker) in a .py-error banner.  PyScript starts before this script runs (index.html),
  // so the banner may already be there.
  const reportBanner = () => {
    const banner = document.querySelector(".py-error");
    if (banner) {
      fail(fill(_("The game could not start: {error}"),
                { error: banner.textContent.trim().split("\n").pop() }));
    }
  };
  new MutationObserver(reportBanner).observe(document.body, { childList: true });
  reportBanner();
  setTimeout(() => {
    if (!done && !isReady()) {
      text.textContent = _("This is taking longer than usual…");
      offerRetry();
    }
  }, SLOW_MS);

  // ---- the hand-over to page.py -------------------------------------------------------------
  window.tweakBoot = {
    /* The game is ready: stop the loading line, and hand over the click made meanwhile. */
    ready() {
      done = true;
      root.dataset.python = "ready";
      loading.hidden = true;
      fan.classList.remove("shuffling");
      deal.textContent = _("Deal");
      deal.classList.remove("waiting");
      deal.removeAttribute("aria-busy");
      const what = chosen;
      chosen = "";
      return what;
    },
    fail,
    _,
  };
})();
