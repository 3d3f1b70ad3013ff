/* The table's type, laid out before the first table: plain JavaScript on the main thread.

   The data: PIECES, small pieces of the game table's markup (ui/worker/screens/table.py,
   cards.py, tcards.py) with the table's own classes and sample words, and no data-* attribute
   or id (nothing that queries the page finds them).  Each piece carries the text styles of a
   part of the table: the font sizes, weights and styles the stylesheet gives it at this
   viewport.  The start screen uses few of them.

   Why: on Linux, Chromium asks its browser process, synchronously, for the rendering settings
   of every font size and weight the first time a page lays text out in it.  The first table
   needs about twenty new ones at once (and the start screen four more once Python is ready),
   and on a busy machine those calls made its first layout a task of 70-120 ms
   (tests/bench/results/play.txt).  Laid out here first, in idle moments while Python starts,
   they are asked for one piece at a time, each a short task.

   The pieces go, one per idle callback, into a box that is fixed, clipped to nothing,
   invisible, inert and hidden from assistive technology, and each leaves it in the same task
   (no other script can find a second prompt or hand in the page).  Once all are laid
   out (or the game screen is shown first: the person was quicker) the box is removed, and the
   page is as before.  <html data-warmup="done"> says it has run.  Nothing here reads a rule
   of the game.
   docs/architecture.md ("Start-up") tells the whole start. */
(() => {
  "use strict";
  const card = (classes, value, points) =>
    `<span class="card face ${classes}"><span class="value">${value}</span>` +
    '<span class="visually-hidden"> red, </span>' +
    `<span class="points">${points}</span><kbd class="key">1</kbd></span>`;
  const tcard = (kind, name) =>
    `<span class="card tcard t-${kind}"><span class="tmark">T!</span>` +
    `<span class="tname">${name}</span><span class="visually-hidden"> [T!] card</span></span>`;
  const stats = '<span class="opp-stats"><span>Won 0</span><span class="pts">+0</span>' +
    '<span class="total">0 pts</span></span>';
  // What the start screen shows once Python is ready (the daily deal, the Sound button), then
  // the first table's parts: a quick person may deal before the last piece is laid out.  A
  // piece holds the text of a few fonts, inside the ancestors that give them: each is a short
  // task even on a phone (4x slower than this machine) beside a busy machine.
  const board = (inner) => `<section class="board">${inner}</section>`;
  const me = (inner, active = " active") => `<section class="me${active}">${inner}</section>`;
  const opponent = (inner) => '<section class="opponents n3"><article class="opponent">' +
    `${inner}</article></section>`;
  const PIECES = [
    '<div class="daily"><h2>Daily deal <span class="daily-date">5 December</span></h2></div>',
    '<div class="daily"><p class="daily-about">The same deal for everyone today.</p></div>' +
      '<span class="btn ghost sound-toggle"><span class="label">Sound</span></span>',
    '<header class="topbar"><h1 class="brand">TWEAK<span class="bang">!</span></h1></header>',
    '<header class="topbar"><span class="info"><span>Round 1</span><span>Goal 145</span>' +
      '</span><nav class="tools"><span class="btn ghost">Pace: normal</span></nav></header>',
    opponent('<div class="opp-head"><span class="name">Ada</span><span class="chip dealer">' +
      '<span class="long">Dealer</span><span class="short">D</span></span>' +
      '<span class="opp-kind">Computer · Medium</span></div>'),
    opponent('<div class="opp-row"><div class="opp-hand"><span class="card back mini">' +
      `<span class="logo">T!</span></span></div></div>${stats}` +
      '<span class="thinking">Ada is thinking…</span>'),
    board('<div class="piles"><div class="pile deck"><span class="card target">' +
      '<span class="label">Target</span><span class="value">7</span></span>' +
      '<span class="pile-label">39 cards in the deck</span></div></div>'),
    board('<div class="piles"><div class="pile tpile"><span class="card tback">' +
      '<span class="tmark big">T!</span></span></div></div>'),
    board(`<div class="tablecards">${card("c-orange", 2, 2)}${card("c-blue", 5, 5)}</div>`),
    board('<p class="ticker">Emmy captures blue 5 with yellow 3: 3 plus 5 is 8.</p>'),
    me('<div class="me-head"><p class="prompt you">Your turn — make <b>7</b>.</p>' +
      `<div class="me-id"><span class="name">You</span>${stats}</div></div>`),
    me('<div class="slot"><div class="sumline hint">Pick a card that adds up to <b>7</b>.' +
      '</div></div>'),
    me(`<div class="me-row"><div class="hand">${card("c-red big", 4, 8)}` +
      `${card("c-blue big", 3, 3)}</div></div>`),
    me('<div class="actions"><span class="btn primary capture">Capture</span>' +
      '<span class="btn place">Place card</span></div><p class="keys-help">Keys: 1–3 hand · ' +
      'a table</p>'),
    '<aside class="log"><h2>Recent moves</h2><ol><li class="log-capture">Emmy captures blue 5' +
      '</li><li class="log-round">Round 1: Blaise deals.</li><li class="log-tweak">TWEAK!</li>' +
      '</ol></aside>',
    me('<div class="slot"><div class="sumline">3 + 4 = 7 <span class="why">makes the target' +
      '</span></div></div>', ""),
    me(`<div class="tcards-row mine"><span class="tslot">${tcard("thief", "Thief")}` +
      `<span class="twhy">on your turn</span></span>${tcard("joker", "Joker")}</div>`, ""),
  ];
  // A piece waits for an idle moment at least MIN_IDLE_MS long, or WAIT_MS at most: Python's
  // start runs in short steps back to back, and on a slow phone it leaves no idle moment
  // before it is ready (and an idle callback's own timeout waits behind those steps).  A
  // piece is short: it may then run as a task of its own between them.
  const MIN_IDLE_MS = 8;
  const WAIT_MS = 50;
  const idle = (callback) => {
    let asked = null;
    let waited = false;
    const late = () => {
      if (waited) return;
      waited = true;
      if (asked !== null) cancelIdleCallback(asked);
      callback({ didTimeout: true, timeRemaining: () => 0 });
    };
    if (window.scheduler && scheduler.postTask) {
      scheduler.postTask(late, { priority: "user-visible", delay: WAIT_MS });
    } else {
      setTimeout(late, WAIT_MS);
    }
    if (window.requestIdleCallback) {
      asked = requestIdleCallback((deadline) => {
        if (waited) return;
        waited = true;
        callback(deadline);
      });
    }
  };

  let box = null;
  let next = 0;
  const finish = () => {
    if (box) box.remove();
    box = null;
    document.documentElement.dataset.warmup = "done";
  };
  const gameShown = () => {
    const game = document.getElementById("game");
    return !!game && !game.hidden;
  };
  const layOut = (deadline) => {
    if (gameShown() || next >= PIECES.length) {
      finish();
      return;
    }
    if (deadline.didTimeout || deadline.timeRemaining() >= MIN_IDLE_MS) {
      // In and out in one task: laid out, then gone before any other script can meet it.
      box.innerHTML = `<div class="table-screen">${PIECES[next]}</div>`;
      box.firstChild.getBoundingClientRect();  // style and layout now
      box.textContent = "";
      next += 1;
    }
    idle(layOut);
  };
  const start = () => {
    box = document.createElement("div");
    box.className = "warm-up";
    box.setAttribute("aria-hidden", "true");
    box.inert = true;
    document.body.append(box);
    idle(layOut);
  };
  // In the first idle moment: after the first paint, and between the steps of Python's start
  // (a phone's may leave few idle moments after the page's load event).
  idle(start);
})();
