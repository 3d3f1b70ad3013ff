/* Card motion: swaps in the game screen's new HTML and animates every card from where it was
   to where it is now.  Plain JavaScript on the main thread, called by page.py: measuring
   rectangles and starting Web Animations is the browser's own work, done here without a
   round trip through Python for each card.

   The data: every face-up card on screen carries data-card, a name ui/worker/screens/parts.py
   derives from the view ("R1", and "R1.2" for a second red 1); players' panels carry
   data-seat; the deck is .pile.deck.  A move's reply from the game's worker carries `motion`
   (ui/worker/motion.py motion_of): where new table cards come from ("seat:N" or "deck"), where
   new hand cards come from, where cards that leave go ("seat:N", a capturer's pile), and
   whether it was a capture.

   The motion never changes the new screen: #game then holds exactly the screen given (the
   elements that did not change are kept, so a move redraws only what it changed), cards glide
   in with transforms that end at their place, and cards that left fly as ghosts in a layer of
   their own (#fx-ghosts) that empties when they land.  Reduced motion and the instant pace
   swap the HTML and animate nothing; the information is the same (docs/architecture.md,
   "One move, end to end"). */
(() => {
  "use strict";
  const layer = () => document.getElementById("fx-ghosts");
  const UNSEEN = "data-unseen";  // a piece of a screen not shown yet (assemble; the stylesheet)

  const cardsIn = (root) => {
    const found = new Map();
    for (const el of root.querySelectorAll("[data-card]")) {
      found.set(el.dataset.card, { el, rect: el.getBoundingClientRect() });
    }
    return found;
  };

  const anchor = (root, where) => {
    if (!where) return null;
    const el = where === "deck" ? root.querySelector(".pile.deck .card")
      : root.querySelector(`[data-seat="${where.split(":")[1]}"]`);
    return el ? el.getBoundingClientRect() : null;
  };

  /* The next animation frame, or 100 ms at most: a hidden page draws no frames. */
  const nextFrame = () => new Promise((resolve) => {
    requestAnimationFrame(() => resolve());
    setTimeout(resolve, 100);
  });

  const centre = (rect) => [rect.left + rect.width / 2, rect.top + rect.height / 2];

  /* A task of its own, next: a message to this page (a timer would wait up to a second in a
     hidden page). */
  const channel = new MessageChannel();
  const woken = [];
  channel.port1.onmessage = () => woken.shift()();
  const nextTask = () => new Promise((resolve) => {
    woken.push(resolve);
    channel.port2.postMessage(null);
  });

  /* Swap #game's HTML; animate unless told not to.  Resolves once the new HTML is in (after a
     computer's capture has shown its cards for `hold` ms) and the focused control's twin has
     the focus (when cards move, in the next task: the patch's); the cards then travel on
     their own (`still()` says when they have landed).  Without motion the swap is done at
     once, in this task. */
  async function swap(game, html, motion, options) {
    const { animate = false, hold = 0, duration = 380, idle = false } = options || {};
    const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
    const moving = animate && motion && !reduced && !game.hidden;
    if (!moving) {
      const focused = focusedControl();
      put(game, html);
      settle(game, focused, idle);
      return;
    }
    swapping += 1;
    try {
      // The new screen is parsed in this task, where page.py reads the worker's answer, and
      // patched in and laid out at the next: two tasks, not one long one on a phone.
      const incoming = document.createElement("template");
      incoming.innerHTML = html;
      await nextTask();
      await glide(game, html, incoming.content, motion, hold, duration, idle, focusedControl());
    } finally {
      swapping -= 1;
      rushed = false;
      if (!swapping) for (const resolve of settling.splice(0)) resolve();
    }
  }

  /* The person acts while a move is still being shown: the lit capture's pause ends now and
     every card lands at once, so the click or key is the person's move, never lost to an
     animation.  True when a new screen was on its way (the clicked element may be gone:
     `settled()` resolves once the new screen is in). */
  function hurry() {
    const showing = swapping > 0;
    rushed = showing;  // flights a swap has yet to start land at once too
    if (endHold) endHold();
    for (const flight of [...flying]) flight.finish();
    return showing;
  }

  const settling = [];
  const settled = () => new Promise((resolve) => {
    if (!swapping) resolve();
    else settling.push(resolve);
  });

  /* Once the new screen is in: the control on it that stands for `target`, a control of the
     screen a click was made on — `target` itself if still there, else the same card
     (data-card) or the same command — or false when it is gone (a card just captured). */
  async function twin(target) {
    await settled();
    if (target.isConnected) return target;
    const game = document.getElementById("game");
    const card = target.getAttribute("data-card");
    if (card) {
      return game.querySelector(`[data-card="${card}"][data-ui], [data-card="${card}"] [data-ui]`)
        || false;
    }
    for (const name of ["data-action", "data-ui"]) {
      const value = target.getAttribute(name);
      if (value) {
        const same = (el) => el.getAttribute(name) === value;
        return [...game.querySelectorAll(`[${name}]`)].find(same) || false;
      }
    }
    return false;
  }

  /* The focused control's [attribute, value] (data-action or data-ui), or null: after the swap
     the control of the new HTML with the same command gets the focus. */
  const focusedControl = () => {
    const active = document.activeElement;
    if (!active || !active.getAttribute) return null;
    for (const name of ["data-action", "data-ui"]) {
      const value = active.getAttribute(name);
      if (value) return [name, value];
    }
    return null;
  };

  /* The control under `root` with the command `focused` ([attribute, value]), or undefined. */
  const twinIn = (root, [name, value]) => [...root.querySelectorAll(`[${name}]`)]
    .find((el) => el.getAttribute(name) === value);

  const refocus = (game, focused) => {
    const twin = focused && twinIn(game, focused);
    if (twin) twin.focus();
  };

  let swapping = 0;  // swaps between their start and the new HTML going in
  let endHold = null;  // ends a computer's capture's pause early (hurry)
  let rushed = false;  // hurry() came while a swap was under way
  const flying = new Set();  // the cards' flights not yet ended

  /* `run` (an Animation) is one of the flights hurry() ends and still() waits for. */
  const fly = (run) => {
    flying.add(run);
    const ended = () => flying.delete(run);
    run.finished.then(ended, ended);
    return run;
  };

  /* The new screen goes in: `html`, or the same already parsed (a template's `content`).
     What did not change stays as it was (`morph`): the browser styles, lays out and paints
     again only what a move changed, not the whole table. */
  const put = (game, html, parsed = null) => {
    if (!parsed) {
      const incoming = document.createElement("template");
      incoming.innerHTML = html;
      parsed = incoming.content;
    }
    letGoOfFocus(game, parsed);
    morph(game, parsed);
    window.tweakMotion.lastHtml = html;  // what #game holds once the cards have landed
  };

  /* The focused control has no twin in the new screen (a card played, a command done): it
     lets go of the focus before the patch.  Removed while it has the focus, it would make the
     browser style and lay out the half-patched screen there and then, and again in the frame
     (on a phone, the larger part of a move's longest task).  The focus goes where it would
     have gone anyway: to the page, until the screen's own focus is given. */
  const letGoOfFocus = (game, parsed) => {
    const focused = focusedControl();
    if (focused && game.contains(document.activeElement) && !twinIn(parsed, focused)) {
      document.activeElement.blur();
    }
  };

  /* A screen that comes into an empty #game (a game begins) goes in a piece per frame, unseen:
     its parts, and the elements of a part that has several, each hidden (the attribute
     UNSEEN) as it goes in.  The style, layout and paint of a whole table at once make its
     first frame a long task on a phone; a piece at a time, each frame is shorter, and the
     layout is final before anything shows.  Returns the stages in which the caller shows it,
     one per frame: each the elements to show, in the order they went in, except that the
     piece holding the prompt comes last in its part (when it says "Your turn", the hand is
     there).  A screen that is not one element with parts goes in at once and shown: no
     stages. */
  async function assemble(game, html, parsed) {
    const root = parsed.firstElementChild;
    if (!root || root !== parsed.lastElementChild || root.children.length < 2 || rushed) {
      put(game, html, parsed);
      return [];
    }
    const parts = [...root.childNodes];
    for (const part of parts) part.remove();
    root.setAttribute(UNSEEN, "");
    game.append(root);
    window.tweakMotion.lastHtml = html;
    const stages = [];
    for (const part of parts) {
      if (part.nodeType !== Node.ELEMENT_NODE) {
        root.append(part);
        continue;
      }
      // (Your panel alone is its prompt, hand and buttons: a phone's long frame.)
      const pieces = part.children.length > 1 ? [...part.childNodes] : [];
      for (const piece of pieces) piece.remove();
      if (stages.length && !rushed) await nextFrame();  // a frame for each part
      part.setAttribute(UNSEEN, "");
      root.append(part);
      const shown = [];
      for (const piece of pieces) {
        if (piece.nodeType === Node.ELEMENT_NODE) {
          if (!rushed) await nextFrame();
          piece.setAttribute(UNSEEN, "");
          shown.push(piece);
        }
        part.append(piece);
      }
      const prompt = shown.findIndex((piece) => piece.matches(".prompt")
                                      || piece.querySelector(".prompt"));
      if (prompt >= 0) shown.push(...shown.splice(prompt, 1));
      stages.push(...(shown.length ? shown.map((piece, at) => (at ? [piece] : [part, piece]))
                                   : [[part]]));
    }
    stages[0].unshift(root);
    return stages;
  }

  /* Shows the elements of `stage` (assemble's). */
  const show = (stage) => {
    for (const el of stage) el.removeAttribute(UNSEEN);
  };

  /* An element's identity across screens: its id, its card or its seat ("" for none). */
  const keyOf = (node) => (node.nodeType !== Node.ELEMENT_NODE ? ""
    : node.id || node.getAttribute("data-card") || node.getAttribute("data-seat") || "");

  // Elements whose state is more than their markup (a typed value, a drawing): replaced whole.
  const STATEFUL = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION", "CANVAS", "VIDEO"]);

  /* Same kind, same key; a field is never kept, a picture (svg) only when it is the same. */
  const alike = (node, fresh) => node.nodeType === fresh.nodeType &&
    node.nodeName === fresh.nodeName && keyOf(node) === keyOf(fresh) &&
    !STATEFUL.has(node.nodeName) && (node.nodeName !== "svg" || node.isEqualNode(fresh));

  /* Make `parent`'s children what `fresh`'s are (its nodes are taken): the children alike
     (same kind, same key) are kept and patched in place, others are put in.  An old child the
     new screen no longer has is taken out before those after it are matched, so that they stay
     where they are: a node moved is styled and laid out afresh, as a new one is.  The result
     is `fresh` node for node (the same elements, attributes and texts: isEqualNode). */
  function morph(parent, fresh) {
    let keyed = null;  // the old children not yet kept, by key: made at the first mismatch
    let wanted = null;  // the keys of the new children: made at the first mismatch
    let current = parent.firstChild;
    for (let next = fresh.firstChild; next;) {
      const following = next.nextSibling;
      while (current && !alike(current, next)) {
        const key = keyOf(current);
        if (key && !wanted) {
          wanted = new Set();
          for (let node = next; node; node = node.nextSibling) wanted.add(keyOf(node));
        }
        const gone = key ? !wanted.has(key)
          : current.nextSibling !== null && alike(current.nextSibling, next);
        if (!gone) break;
        const after = current.nextSibling;
        current.remove();
        current = after;
      }
      let kept = current && alike(current, next) ? current : null;
      const key = kept ? "" : keyOf(next);
      if (key) {
        if (!keyed) {
          keyed = new Map();
          for (let old = current; old; old = old.nextSibling) {
            if (keyOf(old)) keyed.set(keyOf(old), old);
          }
        }
        const match = keyed.get(key);
        if (match && alike(match, next)) {
          parent.insertBefore(match, current);  // a card that moved along its row
          kept = match;
        }
      }
      if (kept) {
        if (keyed) keyed.delete(keyOf(kept));  // each old node is kept once at most
        patch(kept, next);
        current = kept.nextSibling;
      } else {
        parent.insertBefore(next, current);
      }
      next = following;
    }
    while (current) {
      const after = current.nextSibling;
      current.remove();
      current = after;
    }
  }

  function patch(node, fresh) {
    if (node.nodeType !== Node.ELEMENT_NODE) {
      if (node.nodeValue !== fresh.nodeValue) node.nodeValue = fresh.nodeValue;
      return;
    }
    // The same subtree (attributes, children and texts): nothing to do.  Most of a table is.
    if (node.nodeName === "svg" || node.isEqualNode(fresh)) return;
    const mine = node.getAttributeNames();
    const theirs = fresh.getAttributeNames();
    let sameNames = mine.length === theirs.length;
    for (let i = 0; sameNames && i < mine.length; i += 1) sameNames = mine[i] === theirs[i];
    if (!sameNames) {
      for (const name of mine) node.removeAttribute(name);
    }
    for (const name of theirs) {
      const value = fresh.getAttribute(name);
      if (node.getAttribute(name) !== value) node.setAttribute(name, value);
    }
    morph(node, fresh);
  }

  /* Once the new screen is in: the focus goes back to the control it was on; with `idle`,
     nothing more is on its way (no worker answer, no computer to move), so #app stops being
     busy as the screen shows its prompt. */
  const settle = (game, focused, idle) => {
    refocus(game, focused);
    if (idle) document.getElementById("app").removeAttribute("aria-busy");
  };

  async function glide(game, html, parsed, motion, hold, duration, idle, focused) {
    const staying = new Set([...parsed.querySelectorAll("[data-card]")]
      .map((el) => el.dataset.card));
    if (motion.taking && motion.played && hold > 0) {
      // Another seat's capture: the card it played joins the cards it takes.
      const table = game.querySelector(".tablecards");
      if (table) table.insertAdjacentHTML("beforeend", motion.played);
    }
    let before = cardsIn(game);
    const leaving = [...before.values()].filter(({ el }) => !staying.has(el.dataset.card));
    const held = motion.taking && leaving.length > 0 && hold > 0;
    if (held) {
      // A computer's capture: its cards gather (lit) before they leave the table.
      for (const { el } of leaving) el.classList.add("taking");
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, hold);
        endHold = () => { clearTimeout(timer); resolve(); };
      });
      endHold = null;
      before = cardsIn(game);
    }
    const ghosts = leaving.map(({ el }) => {
      const rect = before.get(el.dataset.card).rect;
      const ghost = el.cloneNode(true);
      ghost.removeAttribute("id");
      ghost.setAttribute("aria-hidden", "true");
      ghost.classList.add("ghost");
      // A picture of a card, not a control: nothing in it can take the focus or a click.
      ghost.inert = true;
      for (const part of [ghost, ...ghost.querySelectorAll("*")]) {
        for (const name of ["data-ui", "data-action", "data-key", "data-card"]) {
          part.removeAttribute(name);
        }
        if (part.matches("button, a, input, select, textarea, [tabindex]")) {
          part.setAttribute("tabindex", "-1");
          if ("disabled" in part) part.disabled = true;
        }
      }
      Object.assign(ghost.style, { left: rect.left + "px", top: rect.top + "px",
                                   width: rect.width + "px", height: rect.height + "px" });
      return { ghost, rect };
    });
    // The ghosts go in over the cards they stand for.  After a capture's pause they are styled
    // and laid out in this task (the timer's), and the new screen comes at the next: on a phone,
    // two shorter tasks.
    for (const { ghost } of ghosts) layer().append(ghost);
    if (held) {
      layer().getBoundingClientRect();
      await nextTask();
    }

    // A game's first screen goes in unseen, in stages (assemble); any other is patched in.
    const arriving = !game.firstElementChild;
    const stages = arriving ? await assemble(game, html, parsed) : [];
    if (!arriving) put(game, html, parsed);
    if (stages.length) await nextFrame();
    // The new screen is laid out in this task, the patch's, and every card's flight starts here
    // from where it was (a flight's first keyframe holds until its first frame): the next frame
    // mostly paints, so the move's work is split between the two.  Every rectangle is measured
    // before the first flight starts: a flight started makes the next measure lay the page out
    // again.
    if (!stages.length) settle(game, focused, idle);
    const tableFrom = anchor(game, motion.from);
    const handFrom = anchor(game, motion.hand_from);
    const to = anchor(game, motion.to);
    const starts = [];
    for (const [name, { el, rect }] of cardsIn(game)) {
      const was = before.get(name);
      const from = was ? was.rect : el.closest(".hand") ? handFrom : tableFrom;
      if (!from) continue;
      const [x0, y0] = centre(from);
      const [x1, y1] = centre(rect);
      const dx = x0 - x1, dy = y0 - y1;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      starts.push([el, was, was ? `translate(${dx}px, ${dy}px)`
                             : `translate(${dx}px, ${dy}px) scale(.6)`]);
    }

    const easing = "cubic-bezier(.2, .8, .2, 1)";
    const depart = (flights) => {
      for (const [el, was, start] of flights) {
        el.classList.add("flying");  // above what it passes over (ui/assets/style.css)
        const flight = fly(el.animate([{ transform: start, opacity: was ? 1 : 0.2 },
                                       { transform: "none", opacity: 1 }], { duration, easing }));
        const landed = () => el.classList.remove("flying");
        flight.finished.then(landed, landed);
      }
    };
    if (stages.length) {
      // A first table shows a stage per frame, top to bottom, and a card is dealt (its flight
      // starts) in the frame that shows it: shown whole in one frame, the table's style and
      // paint with every card's flight were one long task on a phone.
      const stageOf = new Map(stages.flatMap((stage, at) => stage.map((el) => [el, at])));
      const dealt = stages.map(() => []);
      for (const start of starts) {
        dealt[stageOf.get(start[0].closest(`[${UNSEEN}]`)) ?? 0].push(start);
      }
      for (const [at, stage] of stages.entries()) {
        if (at && !rushed) await nextFrame();
        show(stage);
        depart(dealt[at]);
      }
      settle(game, focused, idle);
    } else {
      depart(starts);
    }
    for (const { ghost, rect } of ghosts) {
      const [x0, y0] = centre(rect);
      const [x1, y1] = to ? centre(to) : [x0, y0 + 30];
      const flight = fly(ghost.animate(
        [{ transform: "none", opacity: 1 },
         { transform: `translate(${x1 - x0}px, ${y1 - y0}px) scale(.35)`, opacity: 0 }],
        { duration: duration + 120, easing, fill: "forwards" }));
      flight.finished.then(() => ghost.remove(), () => ghost.remove());
    }
    if (rushed) for (const flight of [...flying]) flight.finish();  // hurry() came meanwhile
  }

  /* True once no card is moving: every flight ended and no ghost is in flight. */
  const still = () => !swapping && [...flying].every((run) => run.playState !== "running")
    && !layer().children.length;

  window.tweakMotion = { swap, still, hurry, twin };
})();
