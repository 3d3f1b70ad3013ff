/* Multi-device play with no server: the WebRTC data channels between the host's device (the
   only engine) and each guest's, and the screens that pass their descriptions by hand
   (window.tweakPeers, at the end of this file; docs/peers.md tells the whole).

   This tab's role comes from its address at load:
     "#join=..."   a guest: the join screen ("You are invited to Ann's table, seat 2"), its name
                   field, and its reply as a QR code and a link, drawn at once, before Python;
     "#reply=..."  a reply opened on the host's own device: handed to the game's tab over the
                   BroadcastChannel "tweak-replies", and a sentence saying whether it arrived;
     otherwise     "" until page.py calls host(), then "host": one RTCPeerConnection per remote
                   seat, each with its invite panel (QR code, link, the reply's paste field,
                   camera scan, status), filled into [data-invite=SEAT] by fill().
   Descriptions travel non-trickle (ICE gathering completed, bounded) in ui/main_thread/signal.js's
   compact links; there is no STUN server unless the player names one (localStorage
   "tweak.stun").

   On a channel every frame is one character of kind, then the text: "m" a message of the
   game, "p" a ping (answered with "q"), sent every HEARTBEAT_MS; a channel silent for
   SILENCE_MS is closed.  Messages over MAX_TO_HOST characters (from a guest) or MAX_TO_GUEST
   (from the host), or beyond a token bucket of RATE a second (burst BURST), are dropped with a
   console warning.  The handler given to
   attach() hears (source, event, text) with event "open", "message" or "closed"; source is
   the seat as a string on the host, "host" on a guest.

   Words go through window.tweakI18n (ui/main_thread/lang.js); {name} placeholders are filled
   after translation.  Timings can be shortened for the browser tests by a window.tweakPeersTimes
   object set before this script runs. */
(() => {
  "use strict";
  const signal = window.tweakSignal;
  const i18n = window.tweakI18n || { _: (message) => message };
  const _ = (message) => i18n._(message);
  const fill = (message, values) => message.replace(/\{(\w+)\}/g, (all, key) => values[key]);
  const $ = (id) => document.getElementById(id);

  const TIMES = Object.assign({
    gather: 5000,        // ICE gathering of a non-trickle description, at most
    hostConnect: 20000,  // from a reply taken to the channel open
    guestConnect: 90000, // from the reply shown to the channel open (a person carries it)
    heartbeat: 2000,     // a ping this often
    silence: 6000,       // no frame for this long: the other device is gone
    ack: 1500,           // a reply tab waits this long for the game tab's answer
    scan: 200,           // a camera frame looked at this often
  }, window.tweakPeersTimes || {});
  // The longest message taken (ui/worker/protocol.py MAX_TO_HOST, MAX_TO_GUEST): a guest's
  // are short; the host's views may carry a long game's score sheets.
  const MAX_TO_HOST = 1024;
  const MAX_TO_GUEST = 65536;
  const RATE = 20;
  const BURST = 40;
  const CHANNEL = "tweak-replies";
  const STUN_KEY = "tweak.stun";
  const NAME_KEY = "tweak.name";
  const SEAT_KEY = "tweak.seat";
  const QR_MODULE = "./node_modules/qr/index.js";
  const QR_DECODER = "./node_modules/qr/decode.js";
  const MAX_QR_VERSION = 10;  // medium error correction while it fits, low past that

  const hash = location.hash;
  const role = hash.startsWith(signal.JOIN) ? "guest" : hash.startsWith(signal.REPLY) ? "reply" : "";
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
  const stored = (key) => {
    try {
      return localStorage.getItem(key) || "";
    } catch (error) {
      return "";  // no storage (a privacy setting): nothing remembered
    }
  };
  const store = (key, value) => {
    try {
      if (value) localStorage.setItem(key, value);
      else localStorage.removeItem(key);
    } catch (error) {
      // Not stored: the setting lasts until the page is closed.
    }
  };
  const stunServer = () => stored(STUN_KEY).trim();
  const rtcConfig = () => ({ iceServers: stunServer() ? [{ urls: stunServer() }] : [] });
  const copyText = async (text) => {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (error) {
      return false;  // no clipboard permission: the link is there to select by hand
    }
  };
  let serial = 0;
  const uid = (what) => `peers-${what}-${++serial}`;

  /** Resolves when pc has gathered its candidates, or after TIMES.gather (what it has then). */
  const gathered = (pc) => new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, TIMES.gather);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") {
        clearTimeout(timer);
        resolve();
      }
    });
  });

  // ---- QR codes ------------------------------------------------------------------------------
  let encoder = null;
  const loadEncoder = () => {
    encoder = encoder || import(new URL(QR_MODULE, document.baseURI).href).then((module) => module.default);
    return encoder;
  };

  /** An <svg> QR code of text with the accessible name label: medium error correction up to
      version MAX_QR_VERSION, low when that would be larger (a screen is clean; a smaller code
      is what a phone's camera needs). */
  const qrCode = async (text, label) => {
    const encodeQR = await loadEncoder();
    let matrix = encodeQR(text, "raw", { ecc: "medium", border: 4 });
    if ((matrix.length - 8 - 17) / 4 > MAX_QR_VERSION) matrix = encodeQR(text, "raw", { ecc: "low", border: 4 });
    const size = matrix.length;
    let path = "";
    matrix.forEach((row, y) => {
      for (let x = 0; x < size; x++) {
        if (!row[x]) continue;
        let run = 1;
        while (x + run < size && row[x + run]) run++;
        path += `M${x} ${y}h${run}v1h-${run}z`;
        x += run - 1;
      }
    });
    const svgNS = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(svgNS, "svg");
    svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
    svg.setAttribute("class", "qr-code");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
    svg.setAttribute("shape-rendering", "crispEdges");
    svg.dataset.version = String((size - 8 - 17) / 4);
    const background = document.createElementNS(svgNS, "rect");
    background.setAttribute("width", size);
    background.setAttribute("height", size);
    background.setAttribute("fill", "#fff");
    const modules = document.createElementNS(svgNS, "path");
    modules.setAttribute("d", path);
    modules.setAttribute("fill", "#000");
    svg.append(background, modules);
    return svg;
  };

  // ---- events to the page's Python ---------------------------------------------------------
  let handler = null;
  const queued = [];
  const emit = (source, event, text = "") => {
    if (!handler) {
      queued.push([source, event, text]);
      return;
    }
    try {
      handler(source, event, text);
    } catch (error) {
      console.error("tweakPeers: the handler failed on", event, "from", source, error);
    }
  };

  /** Whether this browser has WebRTC's peer connections (some builds leave them out, e.g.
   *  Debian's WebKitGTK). */
  const canConnect = () => typeof window.RTCPeerConnection === "function";

  // ---- a data channel with its heartbeat, caps and rate limit -----------------------------
  /** The live link to one other device: its peer connection and channel. */
  class Link {
    constructor(source, pc, onState) {
      this.source = source;
      this.pc = pc;
      this.channel = null;
      this.onState = onState;  // onState("open" | "closed")
      this.state = "new";
      this.tokens = BURST;
      this.filled = performance.now();
      this.heard = performance.now();
      this.dropped = 0;
      pc.addEventListener("connectionstatechange", () => {
        if (pc.connectionState === "failed" || pc.connectionState === "closed") this.close();
      });
    }
    attachChannel(channel) {
      this.channel = channel;
      channel.addEventListener("open", () => this.opened());
      channel.addEventListener("close", () => this.close());
      channel.addEventListener("message", (event) => this.received(event.data));
      if (channel.readyState === "open") this.opened();
    }
    opened() {
      if (this.state !== "new") return;
      this.state = "open";
      this.heard = performance.now();
      let pinged = 0;
      // Checked twice a beat, so a silent device is noticed soon after SILENCE_MS.
      this.beat = setInterval(() => {
        const now = performance.now();
        if (now - this.heard > TIMES.silence) {
          this.close();
        } else if (now - pinged >= TIMES.heartbeat) {
          pinged = now;
          this.frame("p");
        }
      }, TIMES.heartbeat / 2);
      this.onState("open");
    }
    frame(text) {
      if (this.channel && this.channel.readyState === "open") {
        try {
          this.channel.send(text);
        } catch (error) {
          this.close();  // the channel went away between the check and the send
        }
      }
    }
    send(text) {
      if (this.state === "open") this.frame("m" + text);
    }
    allowed() {
      const now = performance.now();
      this.tokens = Math.min(BURST, this.tokens + ((now - this.filled) / 1000) * RATE);
      this.filled = now;
      if (this.tokens < 1) return false;
      this.tokens -= 1;
      return true;
    }
    received(data) {
      if (this.state !== "open") return;
      this.heard = performance.now();
      if (typeof data !== "string" || !data) return this.drop("a frame that is not text");
      const kind = data[0];
      if (kind === "p") return this.frame("q");
      if (kind === "q") return undefined;
      if (kind !== "m") return this.drop("a frame of unknown kind");
      const limit = this.source === "host" ? MAX_TO_GUEST : MAX_TO_HOST;
      if (data.length - 1 > limit) {
        return this.drop(`a message of ${data.length - 1} characters (the limit is ${limit})`, "size");
      }
      if (!this.allowed()) return this.drop(`a message past ${RATE} a second`, "rate");
      emit(this.source, "message", data.slice(1));
      return undefined;
    }
    drop(what, why = what) {
      this.dropped += 1;
      // One warning a second for each reason at most: a flood must not flood the console too.
      const now = performance.now();
      this.warned = this.warned || {};
      if (!this.warned[why] || now - this.warned[why] > 1000) {
        console.warn(`tweakPeers: dropped ${what} from ${this.source} (${this.dropped} dropped so far)`);
        this.warned[why] = now;
      }
    }
    close() {
      if (this.state === "closed") return;
      const was = this.state;
      this.state = "closed";
      clearInterval(this.beat);
      try {
        if (this.channel) this.channel.close();
        this.pc.close();
      } catch (error) {
        // Already closed.
      }
      if (was === "open") this.onState("closed");
      else this.onState("failed");
    }
  }

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
      this.status = "";
      this.make();
    }
    get key() {
      return String(this.number);
    }
    /** A new connection and invite (the first, or after Retry, or `lost`: after the seat's
     *  device went away, which the status keeps saying). */
    make(lost = false) {
      if (this.link) this.link.close();
      clearTimeout(this.timer);
      this.state = "preparing";
      this.invite = "";
      this.tag = null;
      if (!canConnect()) {
        this.state = "failed";
        this.say(_("This browser cannot connect to other devices. Host the table from Chrome, Edge, Firefox or Safari, or let a computer play this seat."));
        return Promise.resolve();
      }
      this.say(_("Preparing the invite…"));
      const pc = new RTCPeerConnection(rtcConfig());
      const link = new Link(this.key, pc, (what) => this.changed(link, what));
      this.link = link;
      link.attachChannel(pc.createDataChannel("tweak", { ordered: true }));
      this.ready = (async () => {
        await pc.setLocalDescription(await pc.createOffer());
        await gathered(pc);
        if (this.link !== link) return;
        const offer = pc.localDescription;
        this.tag = signal.offerTag(offer.sdp);
        this.invite = signal.inviteLink(location.href, { table, seat: this.number, host: hostName, offer });
        this.state = "waiting";
        this.say(fill(lost ? _("{name}'s device was disconnected. This new invite lets {name} come back: waiting for the reply…")
          : _("Waiting for {name}'s reply…"), { name: this.name }));
        await this.drawInvite();
      })().catch((error) => {
        if (this.link !== link) return;
        console.error("tweakPeers: the invite could not be made", error);
        this.state = "failed";
        this.say(_("This device could not make an invite: reload the page and try again."), true);
      });
      return this.ready;
    }
    changed(link, what) {
      if (this.link !== link) return;
      clearTimeout(this.timer);
      if (what === "open") {
        this.state = "open";
        this.say(fill(_("{name} is connected."), { name: this.name }));
        emit(this.key, "open", "");
      } else if (what === "closed") {
        // A device that went away comes back only with a new handshake: its invite is made
        // at once, so the host has it to show.
        this.state = "closed";
        emit(this.key, "closed", "");
        this.make(true);
      } else if (this.state === "connecting") {
        this.failed();
      }
    }
    failed() {
      this.state = "failed";
      this.say(fill(_("Could not connect to {name}'s device. Are both devices on the same Wi-Fi? Retry makes a new invite: {name} must open it again."), { name: this.name }), true);
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
      this.say(fill(_("Reply taken: connecting to {name}'s device…"), { name: this.name }));
      this.timer = setTimeout(() => {
        if (this.link === link && this.state === "connecting") {
          link.close();
          this.failed();
        }
      }, TIMES.hostConnect);
      return "";
    }
    say(text, retry = false) {
      this.status = text;
      this.retry = retry;
      if (!this.panel) return;
      this.panel.querySelector(".peer-status").textContent = text;
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
    /** This seat's invite panel, made once: fill() moves the same node into a redrawn screen. */
    panelNode() {
      if (this.panel) return this.panel;
      const ids = { link: uid("link"), paste: uid("paste"), stun: uid("stun"), how: uid("how") };
      const panel = element("div", { class: "invite-panel", "data-seat": this.key });
      panel.append(
        element("h3", { class: "invite-title", text: fill(_("Invite for {name}"), { name: this.name }) }),
        element("div", { class: "invite-main" },
          element("div", { class: "qr", "aria-busy": "true" }),
          element("div", { class: "invite-side" },
            element("p", { class: "invite-how", id: ids.how, text: fill(_("{name} scans this code with their phone's camera, or you send them the link."), { name: this.name }) }),
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
        stunSetting(ids.stun));
      panel.addEventListener("click", (event) => this.clicked(event));
      panel.querySelector(".reply-paste").addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          this.pasted();
        }
      });
      this.panel = panel;
      this.say(this.status, this.retry);
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
  let decoder = null;
  const loadDecoder = async () => {
    if (!decoder) {
      decoder = (async () => {
        if ("BarcodeDetector" in window) {
          try {
            const formats = await window.BarcodeDetector.getSupportedFormats();
            if (formats.includes("qr_code")) {
              const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
              return async (canvas) => {
                const found = await detector.detect(canvas);
                return found.length ? found[0].rawValue : null;
              };
            }
          } catch (error) {
            // This BarcodeDetector cannot read QR codes here: the JS decoder does.
          }
        }
        const module = await import(new URL(QR_DECODER, document.baseURI).href);
        return async (canvas) => {
          const context = canvas.getContext("2d", { willReadFrequently: true });
          try {
            return module.default(context.getImageData(0, 0, canvas.width, canvas.height));
          } catch (error) {
            return null;  // no code in this frame
          }
        };
      })();
    }
    return decoder;
  };

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

  // ---- "Playing across networks": the STUN setting -------------------------------------------
  const STUN_PATTERN = /^stuns?:[A-Za-z0-9.\-[\]:]+$/;
  const stunSetting = (id) => {
    const note = uid("stun-note");
    return element("details", { class: "peer-stun" },
      element("summary", { text: _("Playing across networks") }),
      element("p", { id: note, text: _("On the same Wi-Fi, leave this empty. For devices on different networks, name a STUN server: it tells each device its public address so that they can find each other (the game itself still goes straight between them). Both devices need it.") }),
      element("label", { class: "peer-field", for: id, text: _("STUN server (optional)") }),
      element("p", { class: "peer-row" },
        element("input", { class: "stun-field", id, type: "text", value: stunServer(), placeholder: "stun:stun.example.org:3478", autocomplete: "off", spellcheck: "false", "aria-describedby": note }),
        element("button", { type: "button", class: "btn small stun-save", text: _("Save") })),
      element("p", { class: "stun-status", role: "status", "aria-live": "polite" }));
  };

  /** The Save of any STUN setting: checks and stores it, then makes the invites (or the reply)
      that are still waiting again with it. */
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest(".stun-save");
    if (!button) return;
    const box = button.closest(".peer-stun");
    const value = box.querySelector(".stun-field").value.trim();
    const status = box.querySelector(".stun-status");
    if (value && !STUN_PATTERN.test(value)) {
      status.textContent = _("A STUN server's address starts with stun: (for example stun:stun.example.org:3478).");
      return;
    }
    store(STUN_KEY, value);
    for (const field of document.querySelectorAll(".stun-field")) field.value = value;
    status.textContent = value ? _("Saved: new invites and replies use it.") : _("Saved: no STUN server.");
    for (const seat of seats.values()) {
      if (seat.state === "waiting" || seat.state === "failed") seat.make();
    }
    if (role === "guest" && guest && guest.state !== "open") guest.answer();
  });

  // ---- the host's side of the API ----------------------------------------------------------
  const host = (specJSON) => {
    const spec = typeof specJSON === "string" ? JSON.parse(specJSON) : specJSON;
    if (!spec || !Array.isArray(spec.seats)) throw new TypeError("tweakPeers.host: the spec needs a seats list");
    const wanted = new Map();
    for (const entry of spec.seats) {
      if (!Number.isInteger(entry.seat) || entry.seat < 1 || entry.seat > 255) {
        throw new TypeError(`tweakPeers.host: bad seat ${JSON.stringify(entry.seat)}`);
      }
      wanted.set(String(entry.seat), String(entry.name || fill(_("Player {n}"), { n: entry.seat + 1 })));
    }
    const newTable = spec.seats.length ? String(spec.table || "") : table;
    if (spec.seats.length && !newTable) throw new TypeError("tweakPeers.host: the spec needs a table id");
    const newHost = [...String(spec.host || "").trim()].slice(0, 16).join("") || _("The host");
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
      } else if (seat.state === "closed" || seat.state === "failed") {
        seat.name = name;
        making.push(seat.make());
      } else {
        making.push(seat.ready);
      }
    }
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
  const replies = "BroadcastChannel" in window ? new BroadcastChannel(CHANNEL) : null;
  if (replies && role === "") {
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

  // ---- the guest -----------------------------------------------------------------------------
  let guest = null;

  /** This device's side of an invite: its connection and the join screen. */
  class Guest {
    constructor(invite) {
      this.invite = invite;
      this.state = "new";
      this.link = null;
    }
    /** A fresh answer to the invite, and the reply that carries it. */
    async answer() {
      if (this.link) this.link.close();
      clearTimeout(this.timer);
      if (!canConnect()) {
        this.state = "failed";
        this.say(_("This browser cannot connect to other devices. Open the invitation in Chrome, Edge, Firefox or Safari."));
        $("join-body").hidden = true;  // no name to type, no reply to make here
        $("join-start").hidden = false;  // a game against the computer still can be
        return;
      }
      const pc = new RTCPeerConnection(rtcConfig());
      const link = new Link("host", pc, (what) => this.changed(link, what));
      this.link = link;
      this.state = "preparing";
      this.say(_("Preparing your reply…"));
      $("join-reply").hidden = true;
      pc.addEventListener("datachannel", (event) => link.attachChannel(event.channel));
      try {
        await pc.setRemoteDescription(this.invite.offer);
        await pc.setLocalDescription(await pc.createAnswer());
        await gathered(pc);
      } catch (error) {
        if (this.link !== link) return;
        console.error("tweakPeers: the answer could not be made", error);
        this.state = "failed";
        this.say(_("This browser could not answer the invite: ask for a new invite, or open it in another browser."), true);
        return;
      }
      if (this.link !== link) return;
      this.reply = signal.replyLink(location.href, { table: this.invite.table, seat: this.invite.seat,
        tag: this.invite.tag, answer: pc.localDescription });
      $("join-link").value = this.reply;
      $("join-qr").replaceChildren(await qrCode(this.reply, _("QR code of your reply")));
      $("join-reply").hidden = false;
      this.state = "waiting";
      this.say(fill(_("Waiting for {host} to take your reply…"), { host: this.invite.host }));
      this.timer = setTimeout(() => {
        if (this.link === link && this.state === "waiting") this.failed();
      }, TIMES.guestConnect);
    }
    changed(link, what) {
      if (this.link !== link) return;
      clearTimeout(this.timer);
      if (what === "open") {
        this.state = "open";
        this.say(fill(_("Connected to {host}'s table."), { host: this.invite.host }));
        $("join-reply").hidden = true;
        emit("host", "open", JSON.stringify({ name: this.name(), secret: this.secret(),
          table: this.invite.table, seat: this.invite.seat }));
      } else if (what === "closed") {
        this.state = "closed";
        this.say(fill(_("The connection to {host}'s device was lost."), { host: this.invite.host }), false);
        emit("host", "closed", "");
      } else {
        this.failed();
      }
    }
    failed() {
      this.state = "failed";
      this.say(fill(_("Could not connect to {host}'s device. Are both devices on the same Wi-Fi?"), { host: this.invite.host }), true);
    }
    name() {
      return $("join-name").value.trim().slice(0, 16);
    }
    secret() {
      try {
        const saved = JSON.parse(stored(SEAT_KEY) || "null");
        if (saved && saved.table === this.invite.table && saved.seat === this.invite.seat) {
          return String(saved.secret || "");
        }
      } catch (error) {
        // Not what this page stores: no secret.
      }
      return "";
    }
    say(text, retry = false) {
      $("join-status").textContent = text;
      $("join-retry").hidden = !retry;
      $("join-retry-note").hidden = !retry;
      $("join-retry-note").textContent = retry
        ? fill(_("Retry makes a new reply to this invite. If {host} has already taken a reply, {host} must make a new invite (Retry on {host}'s device): open that one instead."), { host: this.invite.host })
        : "";
    }
  }

  const showScreen = (id) => {
    $("start-screen").hidden = true;
    $(id).hidden = false;
  };

  const startGuest = () => {
    showScreen("join-screen");
    let invite;
    try {
      invite = signal.parseInvite(hash);
    } catch (error) {
      $("join-title").textContent = _("This invite cannot be opened");
      $("join-body").hidden = true;
      $("join-status").textContent = error.message;
      $("join-start").hidden = false;
      return;
    }
    loadEncoder().catch(() => {});
    $("join-title").textContent = fill(_("You are invited to {host}'s table, seat {seat}"),
      { host: invite.host, seat: invite.seat + 1 });
    const name = $("join-name");
    name.value = stored(NAME_KEY);
    name.addEventListener("input", () => store(NAME_KEY, name.value.trim().slice(0, 16)));
    $("join-stun").replaceChildren(stunSetting(uid("stun")));
    guest = new Guest(invite);
    $("join-screen").addEventListener("click", async (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      if (button.id === "join-copy") {
        const done = await copyText(guest.reply);
        $("join-status").textContent = done ? _("The reply link is copied: send it to the person who invited you.") : _("Select the link and copy it.");
        if (!done) $("join-link").select();
      } else if (button.id === "join-share") {
        navigator.share({ title: "TWEAK!", text: _("My reply to your TWEAK! invite"), url: guest.reply }).catch(() => {});
      } else if (button.id === "join-retry") {
        guest.answer();
      }
    });
    $("join-share").hidden = !navigator.share;
    guest.answer();
  };

  // ---- a reply tab ---------------------------------------------------------------------------
  const startReply = () => {
    showScreen("reply-screen");
    const status = $("reply-status");
    try {
      signal.parseReply(hash);
    } catch (error) {
      status.textContent = error.message;
      $("reply-start").hidden = false;
      return;
    }
    if (!replies) {
      status.textContent = _("No game on this device is waiting for this reply: open it on the device of the person who invited you, or paste it there.");
      $("reply-start").hidden = false;
      return;
    }
    status.textContent = _("Handing the reply to the game…");
    const id = Math.random().toString(36).slice(2);
    const timer = setTimeout(() => {
      status.textContent = _("No game on this device is waiting for this reply: open it on the device of the person who invited you, or paste it there.");
      $("reply-start").hidden = false;
    }, TIMES.ack);
    replies.addEventListener("message", (event) => {
      const data = event.data || {};
      if (data.type !== "ack" || data.id !== id) return;
      clearTimeout(timer);
      status.textContent = data.taken ? _("The reply is with the game. Go back to the TWEAK! tab.") : data.message;
    });
    replies.postMessage({ type: "reply", id, text: hash });
  };

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

  window.tweakPeers = {
    host,
    fill: fillPanels,
    send(seat, text) {
      const key = String(seat);
      const link = key === "host" ? guest && guest.link : seats.has(key) && seats.get(key).link;
      if (link) link.send(String(text));
    },
    attach(fn) {
      handler = fn;
      while (queued.length && handler === fn) emit(...queued.shift());
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

  // Where the start screen would show, the join or reply screen shows instead, before Python.
  const begin = () => {
    if (role === "guest") startGuest();
    else if (role === "reply") startReply();
  };
  for (const id of ["join-start", "reply-start"]) {
    const button = $(id);
    if (button) button.addEventListener("click", () => location.assign(signal.pageAddress(location.href)));
  }
  // An invite or a reply opened in a tab already showing the game (typed or pasted into its
  // address bar) changes only the fragment: the page starts again, as that link asks.
  window.addEventListener("hashchange", () => {
    if (/^#(join|reply)=/.test(location.hash)) location.reload();
  });
  begin();
})();
