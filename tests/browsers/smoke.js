// The browser smoke flow, installed in the game page before any of its own scripts run
// (puppeteer: evaluateOnNewDocument; WebKitGTK: an inline <script> put in front of the page's
// first script, see tests/browsers/drivers.py).  The same file serves every browser, so the
// flow and its timings are the same whichever engine runs them.
//
// It does two things, using only the page's contract (README of issue 7: data-python, the start
// form, #deal, the hand/table buttons, #place, #next-round, [data-screen=over]):
//
// 1. Records every error the page reports, from the very first script on: console.error calls,
//    uncaught exceptions, unhandled promise rejections, resources that fail to load, errors of
//    the page's Web Workers (PyScript runs Python in one), and PyScript's `.py-error` boxes.
//    Warnings are not errors (PyScript's worker warns that it cannot use `document`: expected).
// 2. Plans the flow: `window.__smoke.next(turns)` says what a person would do next
//    ({click: css}, {select: css, value}, {wait: why} or {done: true}); the driver then does it
//    with a real pointer click.  The plan follows what the page shows, so a click that was lost
//    (the element was re-drawn under the pointer) is simply asked for again.
//
// Timings (performance.now(), ms since navigation started) are taken here, inside the page, so
// that a driver's round trips (WebDriver over HTTP, BiDi over a socket) do not enter them:
//   ready     <html data-python="ready"> appeared
//   dealClick the click on #deal reached the page
//   table     the human's hand cards were in the DOM after that click
//   turns[i]  from the click on #place until the human's next turn was drawn (their card
//             placed, the computer's move made and shown), or a score sheet / game over
(() => {
  if (window.__smoke) return;

  const errors = [];
  const marks = {};
  // Installed before the page's own scripts?  (0 when so; this file's own <script> aside.)
  const scriptsBefore = Array.from(document.querySelectorAll("script"))
    .filter((script) => script !== document.currentScript).length;
  const workers = [];
  const turns = [];
  const state = { phase: "start", placed: null, placedAt: 0, rounds: 0, mutations: 0,
                  lastClick: null, outcome: null };

  const describe = (value) => {
    try {
      if (value instanceof Error) return `${value.name}: ${value.message}`;
      if (value && typeof value === "object") return JSON.stringify(value);
      return String(value);
    } catch (_) {
      return String(value);
    }
  };

  // -- 1. errors -------------------------------------------------------------------------
  const consoleError = console.error;
  console.error = function (...args) {
    errors.push("console.error: " + args.map(describe).join(" "));
    return consoleError.apply(this, args);
  };
  // Capturing, so that a <script>/<link> that fails to load (its error event does not bubble)
  // is seen too.
  window.addEventListener("error", (event) => {
    const target = event.target;
    if (target && target !== window && target.tagName) {
      errors.push(`failed to load <${target.tagName.toLowerCase()}> ` +
                  (target.src || target.href || ""));
    } else {
      errors.push(`uncaught: ${event.message} (${event.filename}:${event.lineno})`);
    }
  }, true);
  window.addEventListener("unhandledrejection", (event) => {
    errors.push("unhandled rejection: " + describe(event.reason));
  });
  // An uncaught error inside a dedicated worker is fired at its Worker object in this page;
  // listen on every worker the page creates.  (console.error *inside* a worker cannot be seen
  // from here; PyScript shows a worker's Python errors as .py-error boxes, checked below.)
  const NativeWorker = window.Worker;
  if (NativeWorker) {
    window.Worker = class extends NativeWorker {
      constructor(...args) {
        super(...args);
        workers.push(String(args[0]));
        this.addEventListener("error", (event) => {
          errors.push(`worker error: ${event.message || "the worker failed"} (${args[0]})`);
        });
      }
    };
  }

  // -- 2. the flow -----------------------------------------------------------------------
  const q = (css) => document.querySelector(css);
  const HAND = ".hand [data-ui^='hand:']";
  const now = () => performance.now();

  const pythonReady = () => document.documentElement &&
                            document.documentElement.dataset.python === "ready";
  const handDrawn = () => Boolean(q(HAND));
  const gameOver = () => Boolean(q("[data-screen=over]"));
  const sheet = () => Boolean(q("#next-round"));
  // The human's turn is drawn: their hand and a Place button that is not the one they just
  // pressed (the page re-drew it), or the same button with no card chosen any more.
  const myTurnDrawn = () => {
    const place = q("#place");
    return Boolean(place) && handDrawn() && (place !== state.placed || place.disabled);
  };

  const observe = () => {
    if (marks.ready === undefined && pythonReady()) marks.ready = now();
    if (marks.dealClick !== undefined && marks.table === undefined && handDrawn()) {
      marks.table = now();
    }
    if (state.placed && (myTurnDrawn() || sheet() || gameOver())) {
      turns.push(now() - state.placedAt);
      state.placed = null;
    }
  };

  new MutationObserver(() => {
    state.mutations += 1;
    observe();
  }).observe(document, { attributes: true, childList: true, subtree: true });

  // Clicks as they reach the page (whoever made them), to time from the real event.
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (target.closest("#deal") && marks.dealClick === undefined) marks.dealClick = now();
    const place = target.closest("#place");
    if (place && !place.disabled && state.phase === "turns" && !state.placed) {
      state.placed = place;
      state.placedAt = now();
    }
    if (target.closest("#next-round")) state.rounds += 1;
    if (target.closest(`${HAND}, #place, #next-round, #give-up`)) {
      state.lastClick = { at: now(), mutations: state.mutations };
    }
  }, true);

  const errorBoxes = () => Array.from(document.querySelectorAll(".py-error"),
                                      (box) => box.textContent.trim().slice(0, 500));

  const next = (wanted) => {
    observe();
    if (!pythonReady()) return { wait: "python" };
    if (state.phase === "start") {
      const two = q("input[name=players][value='2']");
      if (!two) return { fail: "the start screen has no input[name=players][value='2']" };
      // A person clicks the radio's label (the input itself may be drawn as a styled span).
      if (!two.checked) return { click: "label:has(input[name=players][value='2'])" };
      const human = q("select[name=kind-0]");
      const other = q("select[name=kind-1]");
      if (!human || !other) return { fail: "the start screen has no select[name=kind-0/1]" };
      if (human.value !== "human") return { select: "select[name=kind-0]", value: "human" };
      if (other.value === "human") {
        const computer = Array.from(other.options).find((option) => option.value !== "human");
        return { select: "select[name=kind-1]", value: computer.value };
      }
      if (marks.dealClick === undefined) return { click: "#deal" };
      state.phase = "deal";
    }
    if (state.phase === "deal") {
      if (marks.table === undefined) return { wait: "the table after Deal" };
      state.phase = "turns";
    }
    if (gameOver()) {
      state.outcome = "game over";
      return { done: true };
    }
    if (state.placed) return { wait: "the computer's move" };
    // After a click on the table, wait for the page to redraw before the next one: a second
    // click on a hand card before the first was drawn would take the card back.
    const last = state.lastClick;
    if (last && state.mutations === last.mutations && now() - last.at < 5000) {
      return { wait: "the page to redraw" };
    }
    if (turns.length >= wanted && myTurnDrawn()) {
      state.outcome = "turns played";
      marks.done = now();
      return { done: true };
    }
    if (sheet()) return { click: "#next-round" };
    const giveUp = q("#give-up");  // a Bomb asks this seat to give up a card (rule R13)
    if (giveUp) return giveUp.disabled ? { click: HAND } : { click: "#give-up" };
    const place = q("#place");
    if (place && handDrawn()) return place.disabled ? { click: HAND } : { click: "#place" };
    return { wait: "the human's turn" };
  };

  // Proof that the recorder hears this browser: one error of each kind, marked so the caller
  // can tell them from the page's own (SELF_CHECK in tests/browsers/drivers.py).
  const selfCheck = () => {
    console.error("smoke self-check: console.error");
    setTimeout(() => { throw new Error("smoke self-check: uncaught"); });
    Promise.reject(new Error("smoke self-check: rejection"));
  };

  const report = () => ({
    scriptsBefore,
    workers: workers.slice(),
    marks: { ...marks },
    turns: turns.slice(),
    rounds: state.rounds,
    outcome: state.outcome,
    phase: state.phase,
    errors: errors.concat(errorBoxes().map((text) => "PyScript error box: " + text)),
    userAgent: navigator.userAgent,
  });

  window.__smoke = { next, report, selfCheck };
})();
