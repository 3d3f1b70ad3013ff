/* The screens of a tab opened from a link another device made (window.tweakJoin), drawn at
   once, before Python, where the start screen would show:
     "#join=..."   a guest: the join screen ("You are invited to Ann's table, seat 2"), its name
                   field, and its reply as a QR code and a link; then its connection to the
                   host (ui/main_thread/link.js), whose events go to the page's Python;
     "#reply=..."  a reply opened on the host's own device: handed to the game's tab over a
                   BroadcastChannel, and a sentence saying whether it arrived; once it has,
                   the tab closes itself where the browser allows it.
   The guest's name is kept in localStorage "tweak.name"; the seat it had at a table, with its
   secret, in "tweak.seat" (the worker writes it).  Words go through window.tweakI18n
   (ui/main_thread/lang.js); {name} placeholders are filled after translation. */
(() => {
  "use strict";
  const signal = window.tweakSignal;
  const link = window.tweakLink;
  const handoff = window.tweakHandoff;
  const i18n = window.tweakI18n || { _: (message) => message };
  const _ = (message) => i18n._(message);
  const fill = (message, values) => message.replace(/\{(\w+)\}/g, (all, key) => values[key]);
  const $ = (id) => document.getElementById(id);
  const NAME_KEY = "tweak.name";
  const SEAT_KEY = "tweak.seat";

  const hash = location.hash;
  const role = hash.startsWith(signal.JOIN) ? "guest" : hash.startsWith(signal.REPLY) ? "reply" : "";

  const stored = (key) => {
    try {
      return localStorage.getItem(key) || "";
    } catch (error) {
      return "";  // no storage (a privacy setting): nothing remembered
    }
  };

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
      if (!link.canConnect()) {
        this.state = "failed";
        this.say(_("This browser cannot connect to other devices. Open the invitation in Chrome, Edge, Firefox or Safari."));
        $("join-body").hidden = true;  // no name to type, no reply to make here
        $("join-start").hidden = false;  // a game against the computer still can be
        return;
      }
      const pc = new RTCPeerConnection(link.rtcConfig());
      const current = new link.Link("host", pc, (what) => this.changed(current, what));
      this.link = current;
      this.state = "preparing";
      this.reached = false;
      this.ice = "new";
      pc.addEventListener("iceconnectionstatechange", () => this.checked(current));
      this.say(_("Preparing your reply…"));
      $("join-reply").hidden = true;
      pc.addEventListener("datachannel", (event) => current.attachChannel(event.channel));
      try {
        await pc.setRemoteDescription(this.invite.offer);
        await pc.setLocalDescription(await pc.createAnswer());
        await link.gathered(pc);
      } catch (error) {
        if (this.link !== current) return;
        console.error("tweakPeers: the answer could not be made", error);
        this.state = "failed";
        this.say(_("This browser could not answer the invite: ask for a new invite, or open it in another browser."), true);
        return;
      }
      if (this.link !== current) return;
      this.reply = signal.replyLink(location.href, { table: this.invite.table, seat: this.invite.seat,
        tag: this.invite.tag, answer: pc.localDescription });
      $("join-link").value = this.reply;
      $("join-qr").replaceChildren(await handoff.qrCode(this.reply, _("QR code of your reply")));
      $("join-reply").hidden = false;
      this.state = "waiting";
      this.say(this.waiting());
      // While the host's device answers this connection's checks, its invite is open there
      // and the reply stays good until the browser's own handshake gives up (Chromium: about
      // 220 s after the reply was made; tests/bench/results/ice.txt).  Only a host's device
      // that never answered is given up on here.
      this.timer = setTimeout(() => {
        if (this.link === current && this.state === "waiting" && !this.reached) this.failed();
      }, link.times.guestConnect);
    }
    waiting() {
      return fill(_("Waiting for {host} to take your reply…"), { host: this.invite.host });
    }
    /** The connection's checks changed: the host's device answers them (again), or has not
     *  for a few seconds. */
    checked(current) {
      if (this.link !== current) return;
      const ice = this.ice = current.pc.iceConnectionState;
      if (ice === "connected" || ice === "completed") {
        this.reached = true;
        if (this.state === "waiting") this.say(this.waiting());
      } else if (ice === "disconnected" && this.state === "waiting") {
        this.say(fill(_("{host}'s device is not answering at the moment: waiting for it…"),
          { host: this.invite.host }));
      }
    }
    changed(current, what) {
      if (this.link !== current) return;
      clearTimeout(this.timer);
      if (what === "open") {
        this.state = "open";
        this.say(fill(_("Connected to {host}'s table."), { host: this.invite.host }));
        $("join-reply").hidden = true;
        link.emit("host", "open", JSON.stringify({ name: this.name(), secret: this.secret(),
          table: this.invite.table, seat: this.invite.seat }));
      } else if (what === "closed") {
        this.state = "closed";
        this.say(fill(_("The connection to {host}'s device was lost."), { host: this.invite.host }), false);
        link.emit("host", "closed", "");
      } else {
        this.failed();
      }
    }
    /** The connection cannot be made: the host's device never answered its checks; or it
     *  answers them still, but the reply was not taken before the browser's handshake gave
     *  up; or it stopped answering them, and the browser gave up. */
    failed() {
      const answering = this.ice === "connected" || this.ice === "completed";
      this.state = "failed";
      this.say(fill(!this.reached
        ? _("Could not connect to {host}'s device. Are both devices on the same Wi-Fi?")
        : answering
          ? _("Your reply timed out: {host} did not take it within a few minutes.")
          : _("The connection to {host}'s device timed out: it stopped answering (the invite was closed there, or a device left the Wi-Fi)."), { host: this.invite.host }), true);
    }
    /** The host's game turned this device away (its seat is another device's): the channel
     *  closes once that is said, and so does this screen, with why (the worker's words). */
    refused(why) {
      const current = this.link;
      this.link = null;
      clearTimeout(this.timer);
      this.state = "refused";
      if (current) current.part();
      $("join-title").textContent = fill(_("Seat {seat} at {host}'s table is not free"),
        { host: this.invite.host, seat: this.invite.seat + 1 });
      $("join-body").hidden = true;
      this.say(why);
      $("join-start").hidden = false;
    }
    name() {
      return signal.cleanName($("join-name").value);
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
    handoff.preload().catch(() => {});
    $("join-title").textContent = fill(_("You are invited to {host}'s table, seat {seat}"),
      { host: invite.host, seat: invite.seat + 1 });
    const name = $("join-name");
    name.value = stored(NAME_KEY);
    name.addEventListener("input", () => {
      try {
        localStorage.setItem(NAME_KEY, signal.cleanName(name.value));
      } catch (error) {
        // Not stored: the name is asked again next time.
      }
    });
    $("join-stun").replaceChildren(link.setting());
    guest = new Guest(invite);
    $("join-screen").addEventListener("click", async (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      if (button.id === "join-copy") {
        const done = await handoff.copy(guest.reply);
        $("join-status").textContent = done ? _("The reply link is copied: send it to the person who invited you.") : _("Select the link and copy it.");
        if (!done) $("join-link").select();
      } else if (button.id === "join-share") {
        navigator.share({ title: "TWEAK!", text: _("My reply to your TWEAK! invite"), url: guest.reply }).catch(() => {});
      } else if (button.id === "join-retry") {
        guest.answer();
      }
    });
    $("join-share").hidden = !navigator.share;
    // A STUN server saved here: the reply is made again with it.
    document.addEventListener("tweak-stun-saved", () => {
      if (guest.state !== "open" && guest.state !== "refused") guest.answer();
    });
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
    const replies = handoff.replies();
    const nobody = _("No game on this device is waiting for this reply: open it on the device of the person who invited you, or paste it there.");
    if (!replies) {
      status.textContent = nobody;
      $("reply-start").hidden = false;
      return;
    }
    status.textContent = _("Handing the reply to the game…");
    const id = Math.random().toString(36).slice(2);
    const timer = setTimeout(() => {
      status.textContent = nobody;
      $("reply-start").hidden = false;
    }, link.times.ack);
    replies.addEventListener("message", (event) => {
      const data = event.data || {};
      if (data.type !== "ack" || data.id !== id) return;
      clearTimeout(timer);
      status.textContent = data.taken ? _("The reply is with the game. Go back to the TWEAK! tab.") : data.message;
      // Its work done, the tab closes itself a moment later, where the browser lets a page
      // close (a tab opened for this link alone, with no history); elsewhere it stays, and
      // the sentence says where to go.  No browser lets it bring the game's tab forward.
      if (data.taken) setTimeout(() => window.close(), link.times.leave);
    });
    replies.postMessage({ type: "reply", id, text: hash });
  };

  window.tweakJoin = {
    role,
    /** The guest's live link to the host, or null. */
    link: () => (guest && guest.link) || null,
    /** The host turned this device away, for the reason why (a sentence). */
    part: (why) => guest && guest.refused(why),
  };

  // Where the start screen would show, the join or reply screen shows instead, before Python.
  if (role === "guest") startGuest();
  else if (role === "reply") startReply();
  for (const id of ["join-start", "reply-start"]) {
    const button = $(id);
    if (button) button.addEventListener("click", () => location.assign(signal.pageAddress(location.href)));
  }
  // An invite or a reply opened in a tab already showing the game (typed or pasted into its
  // address bar) changes only the fragment: the page starts again, as that link asks.
  window.addEventListener("hashchange", () => {
    if (/^#(join|reply)=/.test(location.hash)) location.reload();
  });
})();
