/* Multi-device play with no server, on the host's device (the only engine): one WebRTC
   connection per remote seat (ui/main_thread/link.js), each with its invite panel (QR code,
   link, the reply's paste field, camera scan, status), and the page's API for all of it,
   window.tweakPeers (docs/peers.md tells the whole).

   A tab opened from an invite or a reply link shows that link's screen instead
   (ui/main_thread/join.js): its role is then "guest" or "reply"; otherwise it is "" until
   page.py calls host(), then "host".  Descriptions travel non-trickle (ICE gathering
   completed, bounded) in ui/main_thread/signal.js's compact links, by hand
   (ui/main_thread/handoff.js).

   Words go through window.tweakI18n (ui/main_thread/lang.js); {name} placeholders are filled
   after translation. */
(() => {
  "use strict";
  const signal = window.tweakSignal;
  const { Link, gathered, canConnect, rtcConfig, emit, attach, setting, times: TIMES } = window.tweakLink;
  const { qrCode, preload: loadEncoder, reader: loadDecoder, copy: copyText, replies: repliesChannel } =
    window.tweakHandoff;
  const i18n = window.tweakI18n || { _: (message) => message };
  const _ = (message) => i18n._(message);
  // A message marked for the catalogues, translated only when shown: a seat's status is kept
  // in English, so that it shows in the language in force after a change of language.
  const N_ = (message) => message;
  const fill = (message, values) => message.replace(/\{(\w+)\}/g, (all, key) => values[key]);
  const $ = (id) => document.getElementById(id);

  const role = window.tweakJoin.role;
  let hosting = false;

  // ---- small helpers -------------------------------------------------------------------------
  const element = (tag, attributes = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === "text") node.textContent = value;
      else if (value !== false && value !== null && value !== undefined) node.setAttribute(name, value === true ? "" : value);
    }
    node.append(...children);
    return node;
  };
  let serial = 0;
  const uid = (what) => `peers-${what}-${++serial}`;

  // ---- the host: one seat's invite -------------------------------------------------------------
  const seats = new Map();  // "1".."5" -> Seat
  let table = "";
  let hostName = "";

  /** One remote seat on the host: its connection, invite and panel. */
  class Seat {
    constructor(number, name) {
      this.number = number;
      this.name = name;
      this.panel = null;
      this.words = "";
      this.make();
    }
    get key() {
      return String(this.number);
    }
    /** A new connection and invite: the first, or after Retry, or after what `why` says and the
     *  status keeps saying: "lost" (the seat's device went away) or "refused" (a device that
     *  was not the seat's answered the last invite, and was turned away). */
    make(why = "") {
      if (this.link) this.link.close();
      clearTimeout(this.timer);
      this.state = "preparing";
      this.invite = "";
      this.tag = null;
      if (!canConnect()) {
        this.state = "failed";
        this.say(N_("This browser cannot connect to other devices. Host the table from Chrome, Edge, Firefox or Safari, or let a computer play this seat."));
        return Promise.resolve();
      }
      this.say(N_("Preparing the invite…"));
      const pc = new RTCPeerConnection(rtcConfig());
      const link = new Link(this.key, pc, (what) => this.changed(link, what));
      this.link = link;
      // Whether a device that opened this invite reached this one before its reply was
      // taken: the invite's connection starts checking when the first such check arrives.
      this.heard = false;
      pc.addEventListener("iceconnectionstatechange", () => {
        if (this.link === link && this.state === "waiting" && pc.iceConnectionState !== "new") this.heard = true;
      });
      link.attachChannel(pc.createDataChannel("tweak", { ordered: true }));
      this.ready = (async () => {
        await pc.setLocalDescription(await pc.createOffer());
        await gathered(pc);
        if (this.link !== link) return;
        const offer = pc.localDescription;
        this.tag = signal.offerTag(offer.sdp);
        this.invite = signal.inviteLink(location.href, { table, seat: this.number, host: hostName, offer });
        this.state = "waiting";
        this.say(why === "lost" ? N_("{name}'s device was disconnected. This new invite lets {name} come back: waiting for the reply…")
          : why === "refused" ? N_("A device that is not {name}'s answered the invite and was turned away. This new invite lets {name} come back: waiting for the reply…")
          : why === "silent" ? N_("A device connected to the invite but never took the seat, and was disconnected. This new invite lets {name} join: waiting for the reply…")
            : N_("Waiting for {name}'s reply…"));
        await this.drawInvite();
      })().catch((error) => {
        if (this.link !== link) return;
        console.error("tweakPeers: the invite could not be made", error);
        this.state = "failed";
        this.say(N_("This device could not make an invite: reload the page and try again."), true);
      });
      return this.ready;
    }
    changed(link, what) {
      if (this.link !== link) return;
      clearTimeout(this.timer);
      if (what === "open") {
        this.state = "open";
        this.seated = false;
        this.say(N_("Connected to {name}'s device: waiting for it to take the seat…"));
        emit(this.key, "open", "");
        this.timer = setTimeout(() => {
          if (this.link !== link || this.state !== "open" || this.seated) return;
          this.link = null;
          link.close();
          this.make("silent");
        }, TIMES.hello);
      } else if (what === "closed") {
        // A device that went away comes back only with a new handshake: its invite is made
        // at once, so the host has it to show.
        this.state = "closed";
        emit(this.key, "closed", "");
        this.make("lost");
      } else if (this.state === "connecting") {
        this.failed();
      }
    }
    /** The reply taken cannot connect.  When {name}'s device had reached this one while the
     *  invite waited, the devices can reach each other: the reply is no longer open there. */
    failed() {
      this.state = "failed";
      this.say(this.heard
        ? N_("The connection to {name}'s device timed out: that reply is no longer open on it (it timed out or was replaced there, or its page was closed). Retry makes a new invite: {name} must open it again.")
        : N_("Could not connect to {name}'s device. Are both devices on the same Wi-Fi? Retry makes a new invite: {name} must open it again."), true);
    }
    /** The host's game gave this seat's device the seat (its welcome has been sent): the
     *  spec of host() says so ("here"). */
    welcomed() {
      if (this.state !== "open" || this.seated) return;
      this.seated = true;
      clearTimeout(this.timer);
      this.say(N_("{name} is connected."));
    }
    /** The device on this seat's channel was turned away (the host's game refused it): its
     *  channel closes once the refusal has left, and a new invite is made at once. */
    part() {
      if (this.state !== "open") return;
      const link = this.link;
      this.link = null;
      link.part();
      this.make("refused");
    }
    how() {
      return fill(_("{name} scans this code with their phone's camera, or you send them the link."), { name: this.name });
    }
    /** The seat's person is called name from now on (the name they typed on their device). */
    rename(name) {
      if (name === this.name) return;
      this.name = name;
      if (!this.panel) return;
      this.panel.querySelector(".invite-title").textContent = fill(_("Invite for {name}"), { name });
      this.panel.querySelector(".invite-how").textContent = this.how();
      this.say(this.words, this.retry);
      this.drawInvite();  // the code's accessible name says whose it is
    }
    /** Take a parsed reply for this seat; a sentence when it is refused, else "". */
    async take(reply) {
      if (this.state === "open") return fill(_("{name} is already connected."), { name: this.name });
      if (this.state === "connecting") return fill(_("A reply from {name} was already taken: wait for it to connect."), { name: this.name });
      if (this.state !== "waiting") return fill(_("The invite for {name} is not ready yet: try again in a moment."), { name: this.name });
      if (reply.tag !== this.tag) {
        return fill(_("This reply answers an older invite for {name}: {name} must open the invite shown here now."), { name: this.name });
      }
      const link = this.link;
      try {
        this.state = "connecting";
        await link.pc.setRemoteDescription(reply.answer);
      } catch (error) {
        console.error("tweakPeers: the reply was refused", error);
        this.state = "waiting";
        return _("This browser refused the reply: ask for a new one.");
      }
      // The channel may have opened already, while the description was being applied.
      if (this.link !== link || this.state !== "connecting") return "";
      this.say(N_("Reply taken: connecting to {name}'s device…"));
      this.timer = setTimeout(() => {
        if (this.link === link && this.state === "connecting") {
          link.close();
          this.failed();
        }
      }, TIMES.hostConnect);
      return "";
    }
    /** The status: words (in English, marked N_; translated and {name} filled here, so a new
     *  name or language shows at once). */
    say(words, retry = false) {
      this.words = words;
      this.retry = retry;
      if (!this.panel) return;
      this.panel.querySelector(".peer-status").textContent = fill(_(words), { name: this.name });
      this.panel.querySelector(".peer-retry").hidden = !retry;
      this.panel.dataset.state = this.state;
      this.panel.querySelector(".invite-reply").hidden = this.state === "open";
    }
    close() {
      clearTimeout(this.timer);
      if (this.link) this.link.close();
      this.link = null;
      stopScan(this);
      if (this.panel) this.panel.remove();
    }
    async drawInvite() {
      if (!this.panel || !this.invite) return;
      const panel = this.panel;
      panel.querySelector(".peer-link").value = this.invite;
      const code = await qrCode(this.invite, fill(_("QR code of the invite link for {name}"), { name: this.name }));
      panel.querySelector(".qr").replaceChildren(code);
      panel.querySelector(".invite-copy").disabled = false;
      panel.querySelector(".invite-share").disabled = false;
    }
    /** The page's language changed: the panel is made again in it, in the same place, with
     *  what was typed in it (a scan in progress stops: its button starts it again). */
    translate() {
      if (!this.panel) return;
      stopScan(this);
      const old = this.panel;
      this.panel = null;
      const fresh = this.panelNode();
      fresh.querySelector(".reply-paste").value = old.querySelector(".reply-paste").value;
      old.replaceWith(fresh);
      this.say(this.words, this.retry);
      this.drawInvite();
    }
    /** This seat's invite panel, made once: fill() moves the same node into a redrawn screen. */
    panelNode() {
      if (this.panel) return this.panel;
      const ids = { link: uid("link"), paste: uid("paste"), how: uid("how") };
      const panel = element("div", { class: "invite-panel", "data-seat": this.key });
      panel.append(
        element("h3", { class: "invite-title", text: fill(_("Invite for {name}"), { name: this.name }) }),
        element("div", { class: "invite-main" },
          element("div", { class: "qr", "aria-busy": "true" }),
          element("div", { class: "invite-side" },
            element("p", { class: "invite-how", id: ids.how, text: this.how() }),
            element("label", { class: "peer-field", for: ids.link, text: _("Invite link") }),
            element("input", { class: "peer-link", id: ids.link, readonly: true, spellcheck: "false", "aria-describedby": ids.how }),
            element("p", { class: "peer-actions" },
              element("button", { type: "button", class: "btn primary invite-copy", disabled: true, text: _("Copy invite link") }),
              navigator.share ? element("button", { type: "button", class: "btn invite-share", disabled: true, text: _("Share invite") }) : element("span", { class: "invite-share", hidden: true })))),
        element("div", { class: "invite-reply" },
          element("label", { class: "peer-field", for: ids.paste, text: _("Paste the reply here") }),
          element("p", { class: "peer-row" },
            element("input", { class: "reply-paste", id: ids.paste, type: "text", autocomplete: "off", spellcheck: "false", inputmode: "url" }),
            element("button", { type: "button", class: "btn reply-connect", text: _("Connect") })),
          element("p", { class: "peer-actions" },
            element("button", { type: "button", class: "btn reply-scan", text: _("Scan the reply") })),
          element("div", { class: "scan", hidden: true },
            element("video", { class: "scan-video", muted: true, playsinline: true, "aria-label": _("The camera's picture") }),
            element("button", { type: "button", class: "btn small scan-stop", text: _("Stop scanning") }))),
        element("p", { class: "peer-status", role: "status", "aria-live": "polite" }),
        element("p", { class: "peer-actions" },
          element("button", { type: "button", class: "btn peer-retry", hidden: true, text: _("Retry") })),
        setting());
      panel.addEventListener("click", (event) => this.clicked(event));
      panel.querySelector(".reply-paste").addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          this.pasted();
        }
      });
      this.panel = panel;
      this.say(this.words, this.retry);
      this.drawInvite();
      return panel;
    }
    async clicked(event) {
      const button = event.target.closest("button");
      if (!button) return;
      if (button.classList.contains("invite-copy")) {
        const done = await copyText(this.invite);
        this.hint(done ? _("The invite link is copied.") : _("Select the link and copy it."));
        if (!done) this.panel.querySelector(".peer-link").select();
      } else if (button.classList.contains("invite-share")) {
        navigator.share({ title: "TWEAK!", text: fill(_("Join my TWEAK! table"), {}), url: this.invite }).catch(() => {});
      } else if (button.classList.contains("reply-connect")) {
        this.pasted();
      } else if (button.classList.contains("reply-scan")) {
        startScan(this);
      } else if (button.classList.contains("scan-stop")) {
        stopScan(this);
      } else if (button.classList.contains("peer-retry")) {
        this.make();
      }
    }
    pasted() {
      const field = this.panel.querySelector(".reply-paste");
      if (!field.value.trim()) {
        this.hint(_("Paste the reply link first."));
        field.focus();
        return;
      }
      takeReply(field.value, this).then((message) => {
        if (!message) field.value = "";
      });
    }
    /** A passing sentence in the status line; the state's own sentence comes back with the
        next change. */
    hint(text) {
      if (this.panel) this.panel.querySelector(".peer-status").textContent = text;
    }
  }

  /** Take a reply's text (pasted, scanned, or from a reply tab); the sentence that refuses it,
      or "" when taken.  at is the seat whose panel it came through (null from a reply tab). */
  const takeReply = async (text, at) => {
    let reply;
    try {
      reply = signal.parseReply(text);
    } catch (error) {
      if (at) at.hint(error.message);
      return error.message;
    }
    let message;
    const seat = seats.get(String(reply.seat));
    if (!hosting || reply.table !== table) {
      message = _("This reply is for another table (an older invite?): ask for a reply to the invite shown here.");
    } else if (!seat) {
      message = fill(_("No invite for seat {seat} is waiting here."), { seat: reply.seat + 1 });
    } else {
      message = await seat.take(reply);
      if (!message && at && at !== seat) {
        at.hint(fill(_("That reply is from {name}: it was taken in {name}'s invite."), { name: seat.name }));
      }
    }
    if (message && at) at.hint(message);
    return message;
  };

  // ---- the camera ----------------------------------------------------------------------------
  const startScan = async (seat) => {
    const panel = seat.panel;
    const box = panel.querySelector(".scan");
    if (seat.stream) return;
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      seat.hint(_("This browser cannot use the camera here: paste the reply instead."));
      return;
    }
    try {
      seat.stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch (error) {
      seat.stream = null;
      seat.hint(error && error.name === "NotAllowedError"
        ? _("The camera was not allowed: paste the reply instead, or allow the camera and scan again.")
        : _("No camera could be opened on this device: paste the reply instead."));
      return;
    }
    const video = box.querySelector("video");
    video.srcObject = seat.stream;
    box.hidden = false;
    seat.hint(_("Hold the reply's QR code in front of the camera."));
    video.play().catch(() => {});
    const read = await loadDecoder();
    const canvas = document.createElement("canvas");
    const look = async () => {
      if (!seat.stream) return;
      if (video.videoWidth) {
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        canvas.getContext("2d", { willReadFrequently: true }).drawImage(video, 0, 0);
        const text = await read(canvas);
        if (text && seat.stream) {
          if (text.includes(signal.JOIN)) {
            seat.hint(_("That is an invite's code: scan the reply shown on the other device after it opened the invite."));
          } else {
            stopScan(seat);
            const message = await takeReply(text, seat);
            if (message) seat.hint(message);
            return;
          }
        }
      }
      seat.scanTimer = setTimeout(look, TIMES.scan);
    };
    look();
  };

  const stopScan = (seat) => {
    clearTimeout(seat.scanTimer);
    if (seat.stream) {
      for (const track of seat.stream.getTracks()) track.stop();
    }
    seat.stream = null;
    if (seat.panel) {
      seat.panel.querySelector(".scan").hidden = true;
      seat.panel.querySelector("video").srcObject = null;
    }
  };

  // A STUN server saved: the invites still waiting are made again with it.
  document.addEventListener("tweak-stun-saved", () => {
    for (const seat of seats.values()) {
      if (seat.state === "waiting" || seat.state === "failed") seat.make();
    }
  });

  // ---- the host's side of the API ----------------------------------------------------------
  const host = (specJSON) => {
    const spec = typeof specJSON === "string" ? JSON.parse(specJSON) : specJSON;
    if (!spec || !Array.isArray(spec.seats)) throw new TypeError("tweakPeers.host: the spec needs a seats list");
    const wanted = new Map();
    const present = [];  // the seats the game has given to the device on their channel
    for (const entry of spec.seats) {
      if (!Number.isInteger(entry.seat) || entry.seat < 1 || entry.seat > 255) {
        throw new TypeError(`tweakPeers.host: bad seat ${JSON.stringify(entry.seat)}`);
      }
      wanted.set(String(entry.seat), String(entry.name || fill(_("Player {n}"), { n: entry.seat + 1 })));
      if (entry.here === true) present.push(String(entry.seat));
    }
    const newTable = spec.seats.length ? String(spec.table || "") : table;
    if (spec.seats.length && !newTable) throw new TypeError("tweakPeers.host: the spec needs a table id");
    // The fallback is cut too: a translation must fit in the invite like any name.
    const newHost = signal.cleanName(spec.host) || signal.cleanName(_("The host"));
    if (newTable !== table || newHost !== hostName) {
      for (const seat of seats.values()) seat.close();
      seats.clear();
    }
    table = newTable;
    hostName = newHost;
    for (const [key, seat] of seats) {
      if (!wanted.has(key)) {
        seat.close();
        seats.delete(key);
      }
    }
    const making = [];
    for (const [key, name] of wanted) {
      const seat = seats.get(key);
      if (!seat) {
        const made = new Seat(Number(key), name);
        seats.set(key, made);
        making.push(made.ready);
      } else {
        seat.rename(name);  // a guest's device says what its person is called
        making.push(seat.state === "closed" || seat.state === "failed" ? seat.make() : seat.ready);
      }
    }
    for (const key of present) seats.get(key).welcomed();
    hosting = seats.size > 0;
    if (hosting) loadEncoder().catch(() => {});
    return Promise.all(making).then(() => undefined);
  };

  const fillPanels = (rootNode) => {
    for (const slot of (rootNode || document).querySelectorAll("[data-invite]")) {
      const seat = seats.get(slot.dataset.invite);
      if (!seat) continue;
      const panel = seat.panelNode();
      if (panel.parentNode !== slot) slot.replaceChildren(panel);
    }
  };

  // A reply opened in another tab of this device arrives here.
  const replies = role === "" ? repliesChannel() : null;
  if (replies) {
    replies.addEventListener("message", async (event) => {
      const data = event.data || {};
      if (data.type !== "reply" || !hosting) return;
      let reply;
      try {
        reply = signal.parseReply(data.text);
      } catch (error) {
        return;  // the reply tab says itself what is wrong with it
      }
      if (reply.table !== table) return;  // for another game tab, if any
      const message = await takeReply(data.text, null);
      replies.postMessage({ type: "ack", id: data.id, taken: !message, message });
      const seat = seats.get(String(reply.seat));
      if (seat && message) seat.hint(message);
    });
  }

  // ---- the wake lock -----------------------------------------------------------------------
  let wanted = false;
  let lock = null;
  const takeLock = async () => {
    if (!wanted || lock || !navigator.wakeLock || document.visibilityState !== "visible") return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => {
        lock = null;
      });
    } catch (error) {
      lock = null;  // refused (battery saver, no permission): the screen may sleep
    }
  };
  document.addEventListener("visibilitychange", takeLock);

  window.addEventListener("tweak:language", () => {
    for (const seat of seats.values()) seat.translate();
  });

  window.tweakPeers = {
    host,
    fill: fillPanels,
    send(seat, text) {
      const key = String(seat);
      const taker = key === "host" ? null : seats.get(key);
      const link = taker ? taker.link : key === "host" && window.tweakJoin.link();
      if (!link) return;
      link.send(String(text));
    },
    attach,
    /** Close source's channel once what was sent on it has left: on the host, a seat whose
     *  device was turned away (a new invite follows); on a guest ("host"), this device's, the
     *  join screen saying why (the sentence, in the worker's words). */
    part(source, why) {
      const key = String(source);
      if (key === "host") window.tweakJoin.part(String(why || ""));
      else if (seats.has(key)) seats.get(key).part();
    },
    role() {
      return role || (hosting ? "host" : "");
    },
    wake(on) {
      wanted = Boolean(on);
      if (wanted) takeLock();
      else if (lock) {
        lock.release().catch(() => {});
        lock = null;
      }
    },
    joined() {
      $("join-screen").hidden = true;
    },
  };
})();
