/* The live link to one other device: a WebRTC data channel with its heartbeat, its size caps
   and its rate limit; the events it gives the page's Python; and the one setting of a
   connection, the STUN server (window.tweakLink; docs/peers.md tells the whole).

   On a channel every frame is one character of kind, then the text: "m" a message of the
   game, "p" a ping (answered with "q"), sent every times.heartbeat ms; a channel silent for
   times.silence ms is closed.  Messages over MAX_TO_HOST characters (from a guest) or
   MAX_TO_GUEST (from the host), or beyond a token bucket of RATE a second (burst BURST), are
   dropped with a console warning.

   Events: the handler given to attach() hears (source, event, text) with event "open",
   "message" or "closed"; source is the seat as a string on the host, "host" on a guest.  Events
   before attach() wait, in order.

   The STUN server is used only when the player names one (localStorage "tweak.stun"), in the
   "Playing across networks" form that setting() makes; saving it fires "tweak-stun-saved" on
   the document, for the invites and the reply still waiting to be made again with it.

   part() closes a link once its last messages have left (a device the host turned away).

   Timings can be shortened for the browser tests by a window.tweakPeersTimes object set before
   this script runs. */
(() => {
  "use strict";
  const i18n = window.tweakI18n || { _: (message) => message };
  const _ = (message) => i18n._(message);

  // Every timing of multi-device play, in ms.
  const times = Object.assign({
    gather: 5000,        // ICE gathering of a non-trickle description, at most
    hostConnect: 20000,  // from a reply taken to the channel open
    // From a channel open to its device taking the seat: its game may still be starting (a
    // phone's first visit), but a device that never says who it is must not hold the seat.
    hello: 60000,
    guestConnect: 90000, // from the reply shown, for the host's device to answer its checks
    heartbeat: 2000,     // a ping this often
    // No frame for this long: the other device is gone.  A few seconds of a network's
    // outage must not end a game: the channel's retransmissions resume up to 1-2 s after the
    // outage ends (tests/bench/results/ice.txt), so a 5 s outage leaves a 6-7 s silence.
    silence: 15000,
    ack: 1500,           // a reply tab waits this long for the game tab's answer
    leave: 1500,         // then, its reply taken, shows so this long before it closes
    scan: 200,           // a camera frame looked at this often
    part: 3000,          // a channel closed after its last message waits this long at most
  }, window.tweakPeersTimes || {});
  // The longest message taken (ui/worker/protocol.py MAX_TO_HOST, MAX_TO_GUEST): a guest's
  // are short; the host's views may carry a long game's score sheets.
  const MAX_TO_HOST = 1024;
  const MAX_TO_GUEST = 65536;
  const RATE = 20;
  const BURST = 40;
  const STUN_KEY = "tweak.stun";
  const STUN_PATTERN = /^stuns?:[A-Za-z0-9.\-[\]:]+$/;

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
  const attach = (fn) => {
    handler = fn;
    while (queued.length && handler === fn) emit(...queued.shift());
  };

  // ---- the connection ----------------------------------------------------------------------
  /** Whether this browser has WebRTC's peer connections (some builds leave them out, e.g.
   *  Debian's WebKitGTK). */
  const canConnect = () => typeof window.RTCPeerConnection === "function";

  const stunServer = () => {
    try {
      return (localStorage.getItem(STUN_KEY) || "").trim();
    } catch (error) {
      return "";  // no storage (a privacy setting): no server remembered
    }
  };
  const rtcConfig = () => ({ iceServers: stunServer() ? [{ urls: stunServer() }] : [] });

  /** Resolves when pc has gathered its candidates, or after times.gather (what it has then). */
  const gathered = (pc) => new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, times.gather);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") {
        clearTimeout(timer);
        resolve();
      }
    });
  });

  // The links not closed yet: a page that goes away closes them, and its channels' closing
  // tells the other devices at once (else only their heartbeat's silence would, much later).
  const live = new Set();
  window.addEventListener("pagehide", () => {
    for (const link of [...live]) link.close();
  });

  /** The live link to one other device: its peer connection and channel.  onState hears
   *  "open", then "closed"; or "failed" when it closes before it opened. */
  class Link {
    constructor(source, pc, onState) {
      this.source = source;
      this.pc = pc;
      this.channel = null;
      this.onState = onState;
      this.state = "new";
      this.tokens = BURST;
      this.filled = performance.now();
      this.heard = performance.now();
      this.dropped = 0;
      live.add(this);
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
      // Checked twice a beat, so a silent device is noticed soon after times.silence.
      this.beat = setInterval(() => {
        const now = performance.now();
        if (now - this.heard > times.silence) {
          this.close();
        } else if (now - pinged >= times.heartbeat) {
          pinged = now;
          this.frame("p");
        }
      }, times.heartbeat / 2);
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
    /** Close once what was sent has reached the other device: the channel's own closing
     *  sends what it holds first, and its "close" event then closes the connection (or
     *  times.part ms do). */
    part() {
      if (this.state === "closed") return;
      if (!this.channel || this.channel.readyState !== "open") return this.close();
      this.channel.close();
      setTimeout(() => this.close(), times.part);
      return undefined;
    }
    close() {
      if (this.state === "closed") return;
      const was = this.state;
      this.state = "closed";
      live.delete(this);
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

  // ---- "Playing across networks": the STUN setting -------------------------------------------
  let serial = 0;
  const make = (tag, attributes, text) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    if (text) node.textContent = text;
    return node;
  };

  /** The form that names the STUN server: on the invite panels and on the join screen. */
  const setting = () => {
    const id = `peers-stun-${++serial}`;
    const note = `${id}-note`;
    const details = make("details", { class: "peer-stun" });
    const field = make("input", { class: "stun-field", id, type: "text",
      placeholder: "stun:stun.example.org:3478", autocomplete: "off", spellcheck: "false",
      "aria-describedby": note });
    field.value = stunServer();
    const row = make("p", { class: "peer-row" });
    row.append(field, make("button", { type: "button", class: "btn small stun-save" }, _("Save")));
    details.append(
      make("summary", {}, _("Playing across networks")),
      make("p", { id: note }, _("On the same Wi-Fi, leave this empty. For devices on different networks, name a STUN server: it tells each device its public address so that they can find each other (the game itself still goes straight between them). Both devices need it.")),
      make("label", { class: "peer-field", for: id }, _("STUN server (optional)")),
      row,
      make("p", { class: "stun-status", role: "status", "aria-live": "polite" }));
    return details;
  };

  /** The Save of any STUN setting: checks and stores it, then tells whoever waits on it. */
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
    try {
      if (value) localStorage.setItem(STUN_KEY, value);
      else localStorage.removeItem(STUN_KEY);
    } catch (error) {
      // Not stored: the setting lasts until the page is closed.
    }
    for (const field of document.querySelectorAll(".stun-field")) field.value = value;
    status.textContent = value ? _("Saved: new invites and replies use it.") : _("Saved: no STUN server.");
    document.dispatchEvent(new Event("tweak-stun-saved"));
  });

  window.tweakLink = { Link, gathered, canConnect, rtcConfig, emit, attach, setting, times };
})();
