/* The compact codec of a WebRTC session description for one data channel, and the invite and
   reply links that carry it (window.tweakSignal, for ui/main_thread/join.js and peers.js),
   with the lengths and the rule for a typed name those scripts share with the worker (LIMITS,
   cleanName).

   A browser's non-trickle description is ~600 bytes of SDP; a person carries it as a link or a
   QR code, so only what a data channel's connection needs travels, as bytes:
     ICE credentials   ice-ufrag and ice-pwd (6 bits a character, or 4 when they are hex);
     DTLS              the sha-256 certificate fingerprint (32 bytes) and the setup role;
     the data section  its mid (nothing when it is "0", as every browser writes it);
     candidates        of component 1, UDP ones first (TCP ones only when there is no UDP
                       one): type, protocol, IPv4 / IPv6 address or mDNS <uuid>.local name
                       as bytes (another host name as text), port.
   unpack() writes a fresh SDP from those: the same transport in the form Chromium, Firefox and
   Safari all accept (one m=application section, UDP/DTLS/SCTP, sctp-port 5000).

   Links:  <page address>#join=<payload>    payload: format version, table id, seat (0-based),
                                              host's name, offer
           <page address>#reply=<payload>   payload: format version, table id, seat, the tag of
                                              the offer it answers, answer
   The page address is the host page's origin and path (no query: the address hooks such as
   ?seed= are the host's own).  A payload is base64url of: version byte, fields, description,
   and a CRC-8 of all before it, so a changed character is noticed rather than sent on.

   Every function that reads a link or a packed text throws an Error with a sentence a person
   can act on (in the page's language through window.tweakI18n when it is there), never a
   partial description. */
(() => {
  "use strict";
  const root = typeof window !== "undefined" ? window : globalThis;
  const _ = (message) => (root.tweakI18n ? root.tweakI18n._(message) : message);
  const fill = (message, values) => message.replace(/\{(\w+)\}/g, (all, key) => values[key]);

  const VERSION = 1;
  const JOIN = "#join=";
  const REPLY = "#reply=";
  const MAX_CANDIDATES = 8;
  // Lengths in characters (code points, as Python counts them) that the worker cuts or checks
  // too: ui/worker/protocol.py's constants of the same names; tests/ui/test_limits.py keeps
  // the two equal.  join.js and peers.js take them from here.
  const LIMITS = Object.freeze({
    NAME_LENGTH: 16,  // a player's name: a guest's, the host's in an invite
    TABLE_ID_LENGTH: 16,  // a table's id
  });
  const MAX_PAYLOAD = 8192;  // characters of a payload: a description makes under 4000
  const SETUPS = ["actpass", "active", "passive"];
  const TYPES = ["host", "srflx", "prflx", "relay"];
  const TCP_TYPES = ["active", "passive", "so"];
  // RFC 8445's type preferences, for the priorities unpack() writes (host first).
  const TYPE_PREFERENCE = { host: 126, prflx: 110, srflx: 100, relay: 0 };
  const [ADDRESS_V4, ADDRESS_V6, ADDRESS_MDNS, ADDRESS_NAME] = [0, 1, 2, 3];  // kinds of address
  const MDNS = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;
  const HOST_NAME = /^[A-Za-z0-9.-]{1,253}$/;
  const ICE_CHARS = /^[A-Za-z0-9+/]+$/;
  const HEX = /^[0-9a-f]+$/;
  const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  // ---- names -------------------------------------------------------------------------------
  // What Python's str.split() splits on (str.isspace()): JavaScript's \s differs (it has
  // U+FEFF, and lacks U+001C..U+001F and U+0085).
  const SPACES = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

  /** text cut to its first limit characters: code points, as Python's text[:limit] cuts, so
      an emoji is never split into half a surrogate pair. */
  const cut = (text, limit) => [...text].slice(0, limit).join("");

  /** A typed name as the worker keeps it (ui/worker/seats.py clean_name): runs of whitespace
      made one space, none at either end, then cut to LIMITS.NAME_LENGTH characters.  "" when
      text is empty, blank, undefined or null. */
  const cleanName = (text) => {
    const words = String(text === undefined || text === null ? "" : text).split(SPACES);
    return cut(words.filter(Boolean).join(" "), LIMITS.NAME_LENGTH);
  };

  // ---- errors ------------------------------------------------------------------------------
  const fail = (message) => {
    throw new Error(message);
  };
  const cannotSend = (what) => fail(fill(
    _("This browser described the connection in a way the game cannot send ({what})."),
    { what }));
  const incomplete = () => {
    const error = new Error(_("The link is incomplete: part of it is missing. Copy or scan it again."));
    error.incomplete = true;
    throw error;
  };
  const damaged = () => fail(_("The link is damaged: some of its characters were changed. Copy or scan it again."));

  // ---- bytes -------------------------------------------------------------------------------
  const utf8 = (text) => new TextEncoder().encode(text);
  const fromUtf8 = (bytes) => {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (error) {
      return damaged();
    }
  };

  /** A growing byte buffer. */
  class Writer {
    constructor() {
      this.bytes = [];
    }
    byte(value) {
      this.bytes.push(value & 0xff);
    }
    all(values) {
      for (const value of values) this.byte(value);
    }
    text(value) {  // a length byte, then UTF-8
      const bytes = utf8(value);
      if (bytes.length > 255) cannotSend("text over 255 bytes");
      this.byte(bytes.length);
      this.all(bytes);
    }
    done() {
      return Uint8Array.from(this.bytes);
    }
  }

  /** Reads what Writer wrote; running past the end means the link was cut. */
  class Reader {
    constructor(bytes) {
      this.bytes = bytes;
      this.at = 0;
    }
    byte() {
      if (this.at >= this.bytes.length) incomplete();
      return this.bytes[this.at++];
    }
    take(count) {
      if (this.at + count > this.bytes.length) incomplete();
      const part = this.bytes.slice(this.at, this.at + count);
      this.at += count;
      return part;
    }
    text() {
      return fromUtf8(this.take(this.byte()));
    }
    end() {
      if (this.at !== this.bytes.length) damaged();
    }
  }

  const toBase64url = (bytes) => {
    let text = "";
    for (let i = 0; i < bytes.length; i += 3) {
      const n = (bytes[i] << 16) | ((bytes[i + 1] || 0) << 8) | (bytes[i + 2] || 0);
      const chars = i + 1 >= bytes.length ? 2 : i + 2 >= bytes.length ? 3 : 4;
      for (let k = 0; k < chars; k++) text += B64URL[(n >> (18 - 6 * k)) & 63];
    }
    return text;
  };
  const fromBase64url = (text) => {
    const digits = Array.from(text, (char) => B64URL.indexOf(char));
    if (digits.includes(-1)) damaged();  // a character no link holds: changed, not cut
    if (text.length % 4 === 1) incomplete();
    const bytes = [];
    let [bits, value] = [0, 0];
    for (const digit of digits) {
      value = (value << 6) | digit;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        bytes.push((value >> bits) & 0xff);
      }
    }
    return Uint8Array.from(bytes);
  };

  /** CRC-8 (polynomial 0x07) of bytes. */
  const crc8 = (bytes) => {
    let crc = 0;
    for (const byte of bytes) {
      crc ^= byte;
      for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
    }
    return crc;
  };

  // ---- ICE credentials: a length byte (bit 7: hex), then the characters packed ----------------
  const writeCredential = (writer, value, what) => {
    if (!value || value.length > 127 || !ICE_CHARS.test(value)) cannotSend(what);
    const hex = HEX.test(value);
    writer.byte(value.length | (hex ? 0x80 : 0));
    const radix = hex ? 4 : 6;
    let [bits, acc] = [0, 0];
    for (const char of value) {
      acc = (acc << radix) | (hex ? parseInt(char, 16) : B64.indexOf(char));
      bits += radix;
      while (bits >= 8) {
        bits -= 8;
        writer.byte(acc >> bits);
      }
      acc &= (1 << bits) - 1;
    }
    if (bits) writer.byte(acc << (8 - bits));
  };
  const readCredential = (reader) => {
    const head = reader.byte();
    const length = head & 0x7f;
    const hex = Boolean(head & 0x80);
    const radix = hex ? 4 : 6;
    if (!length) damaged();
    const bytes = reader.take(Math.ceil((length * radix) / 8));
    let text = "";
    let [bits, acc] = [0, 0];
    for (const byte of bytes) {
      acc = (acc << 8) | byte;
      bits += 8;
      while (bits >= radix && text.length < length) {
        bits -= radix;
        const digit = (acc >> bits) & ((1 << radix) - 1);
        text += hex ? digit.toString(16) : B64[digit];
      }
      acc &= (1 << bits) - 1;
    }
    return text;
  };

  // ---- addresses ---------------------------------------------------------------------------
  const ipv4Bytes = (text) => {
    const parts = text.split(".");
    if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && +part < 256)) {
      return null;
    }
    return parts.map(Number);
  };
  const ipv6Bytes = (text) => {
    if (!/^[0-9a-fA-F:.]+$/.test(text) || text.split("::").length > 2) return null;
    const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
    const groups = (part) => (part ? part.split(":") : []);
    const words = (list) => {
      const out = [];
      for (const [i, group] of list.entries()) {
        if (group.includes(".") && i === list.length - 1) {  // an embedded IPv4 (::ffff:1.2.3.4)
          const v4 = ipv4Bytes(group);
          if (!v4) return null;
          out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
        } else if (/^[0-9a-fA-F]{1,4}$/.test(group)) {
          out.push(parseInt(group, 16));
        } else {
          return null;
        }
      }
      return out;
    };
    const left = words(groups(head));
    const right = tail === null ? [] : words(groups(tail));
    if (!left || !right) return null;
    const missing = 8 - left.length - right.length;
    if ((tail === null && missing !== 0) || (tail !== null && missing < 1)) return null;
    const all = [...left, ...Array(tail === null ? 0 : missing).fill(0), ...right];
    return all.flatMap((word) => [word >> 8, word & 0xff]);
  };
  const ipv6Text = (bytes) => {
    const words = [];
    for (let i = 0; i < 16; i += 2) words.push((bytes[i] << 8) | bytes[i + 1]);
    // RFC 5952: the longest run (2 or more) of zero words becomes "::".
    let [best, bestLength] = [-1, 1];
    for (let i = 0; i < 8;) {
      let j = i;
      while (j < 8 && words[j] === 0) j++;
      if (j - i > bestLength) {
        best = i;
        bestLength = j - i;
      }
      i = j === i ? i + 1 : j;
    }
    const hex = words.map((word) => word.toString(16));
    if (best < 0) return hex.join(":");
    return hex.slice(0, best).join(":") + "::" + hex.slice(best + bestLength).join(":");
  };
  const hexBytes = (text) => text.match(/../g).map((pair) => parseInt(pair, 16));
  const hexText = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

  // ---- SDP -> fields -----------------------------------------------------------------------
  /** The fields of a session description that its data channel's connection needs:
      {ufrag, pwd, fingerprint (32 bytes), setup, mid, candidates: [{type, protocol, tcptype,
      address, port}]}.  ICE and DTLS attributes come from the session level and the first
      m-section (with BUNDLE every section shares the first one's transport); mid is the
      m=application section's (null when there is none).  Throws an Error naming what is
      missing. */
  const parse = (sdp) => {
    if (typeof sdp !== "string" || !sdp.startsWith("v=0")) cannotSend("not an SDP");
    const lines = sdp.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
    const transport = {};  // attribute name -> [values], session level and first m-section
    const candidates = [];
    let section = -1;  // -1: session level
    let kind = "";
    let mid = null;
    for (const line of lines) {
      if (line.startsWith("m=")) {
        section += 1;
        kind = line.slice(2).split(" ")[0];
        continue;
      }
      if (!line.startsWith("a=")) continue;
      const colon = line.indexOf(":");
      const name = colon < 0 ? line.slice(2) : line.slice(2, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1);
      if (name === "mid" && kind === "application" && mid === null) mid = value;
      if (section > 0) continue;
      if (name === "candidate") candidates.push(value);
      else (transport[name] = transport[name] || []).push(value);
    }
    const one = (name) => (transport[name] || [])[0];
    const fingerprint = (transport.fingerprint || [])
      .map((value) => value.trim().split(/\s+/))
      .find(([algorithm]) => algorithm.toLowerCase() === "sha-256");
    if (!fingerprint) cannotSend("no sha-256 fingerprint");
    const digits = (fingerprint[1] || "").replace(/:/g, "");
    if (!/^[0-9A-Fa-f]{64}$/.test(digits)) cannotSend("a malformed fingerprint");
    const setup = one("setup");
    if (!SETUPS.includes(setup)) cannotSend("no setup role");
    return {
      ufrag: one("ice-ufrag"),
      pwd: one("ice-pwd"),
      fingerprint: hexBytes(digits.toLowerCase()),
      setup,
      mid,
      candidates: candidates.map(parseCandidate).filter(Boolean),
    };
  };

  /** One a=candidate value as {type, protocol, tcptype, address, port}, or null for one the
      codec does not carry (another component, an unknown type or transport). */
  const parseCandidate = (value) => {
    const words = value.trim().split(/\s+/);
    if (words.length < 8 || words[1] !== "1" || words[6] !== "typ") return null;
    const protocol = words[2].toLowerCase();
    const type = words[7];
    const port = Number(words[5]);
    if (!["udp", "tcp"].includes(protocol) || !TYPES.includes(type) ||
        !Number.isInteger(port) || port < 0 || port > 65535) {
      return null;
    }
    let tcptype = null;
    for (let i = 8; i + 1 < words.length; i += 2) {
      if (words[i] === "tcptype") tcptype = words[i + 1];
    }
    if (protocol === "tcp" && !TCP_TYPES.includes(tcptype)) return null;
    return { type, protocol, tcptype: protocol === "tcp" ? tcptype : null, address: words[4], port };
  };

  // ---- fields -> bytes -> fields -------------------------------------------------------------
  /** The candidates pack() sends: UDP ones (TCP ones only when there is none), without
      repeats, at most MAX_CANDIDATES. */
  const chosenCandidates = (candidates) => {
    const udp = candidates.filter((candidate) => candidate.protocol === "udp");
    const seen = new Set();
    return (udp.length ? udp : candidates).filter((candidate) => {
      const key = [candidate.protocol, candidate.tcptype, candidate.address, candidate.port].join(" ");
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }).slice(0, MAX_CANDIDATES);
  };

  const writeFields = (writer, fields) => {
    const mid = fields.mid === null || fields.mid === undefined ? "0" : fields.mid;
    writer.byte(SETUPS.indexOf(fields.setup) | (mid !== "0" ? 4 : 0));
    writeCredential(writer, fields.ufrag, "no ice-ufrag");
    writeCredential(writer, fields.pwd, "no ice-pwd");
    writer.all(fields.fingerprint);
    if (mid !== "0") writer.text(mid);
    const candidates = chosenCandidates(fields.candidates);
    writer.byte(candidates.length);
    for (const candidate of candidates) {
      let form;
      let bytes;
      const mdns = MDNS.exec(candidate.address);
      if ((bytes = ipv4Bytes(candidate.address))) form = ADDRESS_V4;
      else if ((bytes = ipv6Bytes(candidate.address))) form = ADDRESS_V6;
      else if (mdns) {
        form = ADDRESS_MDNS;
        bytes = hexBytes(mdns.slice(1).join("").toLowerCase());
      } else if (HOST_NAME.test(candidate.address)) {
        form = ADDRESS_NAME;
        bytes = null;
      } else {
        cannotSend("a candidate's address");
      }
      writer.byte(form | (candidate.protocol === "tcp" ? 4 : 0) |
                  (Math.max(0, TCP_TYPES.indexOf(candidate.tcptype)) << 3) |
                  (TYPES.indexOf(candidate.type) << 5));
      if (bytes) writer.all(bytes);
      else writer.text(candidate.address);
      writer.byte(candidate.port >> 8);
      writer.byte(candidate.port);
    }
  };

  const readFields = (reader) => {
    const flags = reader.byte();
    if (flags & 0xf8 || (flags & 3) === 3) damaged();
    const fields = { setup: SETUPS[flags & 3] };
    fields.ufrag = readCredential(reader);
    fields.pwd = readCredential(reader);
    fields.fingerprint = Array.from(reader.take(32));
    fields.mid = flags & 4 ? reader.text() : "0";
    if (!fields.mid || !/^[\x21-\x7e]+$/.test(fields.mid)) damaged();
    const count = reader.byte();
    if (count > MAX_CANDIDATES) damaged();
    fields.candidates = [];
    for (let i = 0; i < count; i++) {
      const head = reader.byte();
      if (head & 0x80) damaged();
      const form = head & 3;
      const tcp = Boolean(head & 4);
      const tcpIndex = (head >> 3) & 3;
      if (tcpIndex === 3 || (!tcp && tcpIndex)) damaged();
      let address;
      if (form === ADDRESS_V4) address = Array.from(reader.take(4)).join(".");
      else if (form === ADDRESS_V6) address = ipv6Text(reader.take(16));
      else if (form === ADDRESS_MDNS) {
        const hex = hexText(reader.take(16));
        address = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20),
          hex.slice(20)].join("-") + ".local";
      } else {
        address = reader.text();
        if (!HOST_NAME.test(address)) damaged();
      }
      const port = (reader.byte() << 8) | reader.byte();
      fields.candidates.push({ type: TYPES[(head >> 5) & 3], protocol: tcp ? "tcp" : "udp",
        tcptype: tcp ? TCP_TYPES[tcpIndex] : null, address, port });
    }
    return fields;
  };

  // ---- fields -> SDP -----------------------------------------------------------------------
  /** A complete data-channel session description of type "offer" or "answer" from fields. */
  const build = (fields, type) => {
    const fingerprint = fields.fingerprint.map((byte) => byte.toString(16).padStart(2, "0")
      .toUpperCase()).join(":");
    // The session id only has to be a number; taken from the fingerprint, the same fields
    // always give the same text.
    const session = fields.fingerprint.slice(0, 6).reduce((n, byte) => n * 256 + byte, 0) + 1;
    const lines = [
      "v=0", `o=- ${session} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0",
      `a=group:BUNDLE ${fields.mid}`,
      "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ];
    fields.candidates.forEach((candidate, index) => {
      let preference = TYPE_PREFERENCE[candidate.type];
      if (candidate.protocol === "tcp") preference = Math.max(0, preference - 36);
      const priority = preference * 2 ** 24 + (65535 - index) * 2 ** 8 + 255;
      let line = `a=candidate:${index + 1} 1 ${candidate.protocol} ${priority} ` +
        `${candidate.address} ${candidate.port} typ ${candidate.type}`;
      if (candidate.type !== "host") line += " raddr 0.0.0.0 rport 0";
      if (candidate.protocol === "tcp") line += ` tcptype ${candidate.tcptype}`;
      lines.push(line);
    });
    lines.push("a=end-of-candidates", `a=ice-ufrag:${fields.ufrag}`, `a=ice-pwd:${fields.pwd}`,
      `a=fingerprint:sha-256 ${fingerprint}`, `a=setup:${fields.setup}`, `a=mid:${fields.mid}`,
      "a=sctp-port:5000", "a=max-message-size:262144");
    return { type, sdp: lines.join("\r\n") + "\r\n" };
  };

  const checkType = (type) => {
    if (type !== "offer" && type !== "answer") {
      throw new TypeError(`type must be "offer" or "answer", not ${JSON.stringify(type)}`);
    }
  };
  const checkSetup = (fields, type) => {
    // An offer proposes actpass; an answer picks a side.  Anything else cannot connect.
    if ((type === "offer") !== (fields.setup === "actpass")) damaged();
  };

  const descriptionFields = (description) => {
    const fields = parse(description && description.sdp);
    if (fields.mid === null) cannotSend("no data channel section");
    return fields;
  };

  // ---- the public codec --------------------------------------------------------------------
  /** {type, sdp} -> the short text of its data channel's transport. */
  const pack = (description) => {
    const writer = new Writer();
    writeFields(writer, descriptionFields(description));
    return toBase64url(writer.done());
  };

  /** pack()'s text -> {type, sdp}; throws an Error with a sentence when the text is not one. */
  const unpack = (text, type) => {
    checkType(type);
    const reader = new Reader(fromBase64url(String(text)));
    const fields = readFields(reader);
    reader.end();
    checkSetup(fields, type);
    return build(fields, type);
  };

  /** A 16-bit tag of an offer (its ICE credentials): a reply names the offer it answers, so
      the host can tell a reply to an older invite of the same seat. */
  const offerTag = (sdp) => {
    const fields = parse(sdp);
    let hash = 0x811c9dc5;  // FNV-1a
    for (const byte of utf8(`${fields.ufrag}:${fields.pwd}`)) {
      hash ^= byte;
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash & 0xffff;
  };

  /** The page address links start with: origin and path, no query, no fragment. */
  const pageAddress = (href) => {
    const url = new URL(href);
    return url.origin + url.pathname;
  };

  const checkedText = (value, limit, what) => {
    const text = String(value);
    if (!text || [...text].length > limit) {
      throw new RangeError(`${what} must be 1 to ${limit} characters, not ${JSON.stringify(text)}`);
    }
    return text;
  };
  const checkedSeat = (seat) => {
    if (!Number.isInteger(seat) || seat < 0 || seat > 255) {
      throw new RangeError(`seat must be an integer 0..255, not ${JSON.stringify(seat)}`);
    }
    return seat;
  };

  const sealed = (writer) => {
    writer.byte(crc8(writer.bytes));
    return toBase64url(writer.done());
  };

  /** The invite link of a seat: href is the host page's address; offer its {type, sdp}. */
  const inviteLink = (href, { table, seat, host, offer }) => {
    const writer = new Writer();
    writer.byte(VERSION);
    writer.text(checkedText(table, LIMITS.TABLE_ID_LENGTH, "table"));
    writer.byte(checkedSeat(seat));
    writer.text(checkedText(host, LIMITS.NAME_LENGTH, "host"));
    writeFields(writer, descriptionFields(offer));
    return pageAddress(href) + JOIN + sealed(writer);
  };

  /** The reply link to an invite: tag is offerTag() of the offer it answers. */
  const replyLink = (href, { table, seat, tag, answer }) => {
    const writer = new Writer();
    writer.byte(VERSION);
    writer.text(checkedText(table, LIMITS.TABLE_ID_LENGTH, "table"));
    writer.byte(checkedSeat(seat));
    writer.byte(tag >> 8);
    writer.byte(tag);
    writeFields(writer, descriptionFields(answer));
    return pageAddress(href) + REPLY + sealed(writer);
  };

  /** The fields of the payload after the marker in text (a whole link, a fragment, or a link
      pasted with a sentence's punctuation around it): {table, seat, ...readBody(reader)},
      checked against its CRC and its version. */
  const opened = (text, marker, other, wrongKind, notOurs, readBody) => {
    const value = String(text === undefined || text === null ? "" : text).replace(/\s+/g, "");
    const at = value.indexOf(marker);
    if (at < 0) fail(value.includes(other) ? wrongKind : notOurs);
    const written = value.slice(at + marker.length);
    const payload = written.replace(/[.,;:!?)\]}>'"»]+$/, "");
    // Punctuation alone, or more than any description makes: not a link cut short.
    if ((written && !payload) || payload.length > MAX_PAYLOAD) damaged();
    const bytes = fromBase64url(payload);
    if (bytes.length < 3) incomplete();
    const read = (body) => {
      const reader = new Reader(body);
      const table = reader.text();
      if (!table || [...table].length > LIMITS.TABLE_ID_LENGTH) damaged();
      const seat = reader.byte();
      const rest = readBody(reader);
      reader.end();
      return { version: VERSION, table, seat, ...rest };
    };
    if (!bytes[0]) damaged();  // no version 0: all-zero bytes (a run of "A") pass the CRC
    if (crc8(bytes.slice(0, -1)) !== bytes[bytes.length - 1]) {
      // A link cut short fails the check too: its fields then run out before its end, or
      // (the check byte itself cut off) they end exactly where it should begin.
      if (bytes[0] !== VERSION) damaged();  // a cut link still begins as ours
      try {
        read(bytes.slice(1));
      } catch (error) {
        if (error.incomplete) throw error;
        damaged();
      }
      incomplete();
    }
    if (bytes[0] !== VERSION) {
      fail(_("The link was made by another version of the game: reload the game on both devices, then make a new invite."));
    }
    return read(bytes.slice(1, -1));
  };

  /** An invite link (or its #join= fragment) -> {table, seat, host, offer: {type, sdp}, tag}. */
  const parseInvite = (text) => opened(text, JOIN, REPLY,
    _("This is a reply link, not an invite: open it on the device of the person who invited you, or paste it there."),
    _("This is not a TWEAK! invite link."),
    (reader) => {
      const host = reader.text();
      if (!host || [...host].length > LIMITS.NAME_LENGTH) damaged();
      const fields = readFields(reader);
      checkSetup(fields, "offer");
      const offer = build(fields, "offer");
      return { host, offer, tag: offerTag(offer.sdp) };
    });

  /** A reply link (or its #reply= fragment) -> {table, seat, tag, answer: {type, sdp}}. */
  const parseReply = (text) => opened(text, REPLY, JOIN,
    _("This is an invite link, not a reply: open it on the other device."),
    _("This is not a TWEAK! reply link."),
    (reader) => {
      const tag = (reader.byte() << 8) | reader.byte();
      const fields = readFields(reader);
      checkSetup(fields, "answer");
      return { tag, answer: build(fields, "answer") };
    });

  root.tweakSignal = {
    VERSION, JOIN, REPLY, LIMITS, pack, unpack, parse, build, offerTag, pageAddress,
    inviteLink, replyLink, parseInvite, parseReply, cleanName,
  };
})();
