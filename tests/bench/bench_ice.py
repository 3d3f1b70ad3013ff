"""What Chromium's WebRTC does when people are slow with the invite and the reply: plain peer
connections as ui/main_thread/link.js makes them (no STUN server, one ordered data channel,
non-trickle descriptions), each pair in two browser contexts of one Chromium, inside
tests/netns.py's private network namespace.

* **reply taken late**: the host's offer is made at 0 s; the guest answers it at once (its
  connection checks start then), and the host applies that answer after D seconds;
* **invite opened late**: the offer is made at 0 s and waits D seconds before the guest
  answers it; the host applies the answer at once;
* **host gone**, **guest gone**: the guest answers at once; the host's page closes after D
  seconds, or the guest's page closes at once and the host applies its answer after D seconds;
* **second reply**: a first reply reaches the host's device (its checks and its handshake's
  first message arrive there), then its connection closes and the guest makes a fresh reply
  (what Retry does); the host applies the fresh one D seconds after it was made.

All the pairs of a run wait at the same time.  For each, every change of the two sides'
``iceConnectionState``, ``connectionState``, DTLS transport state and channel, in seconds from
the offer; and how the guest's connection checks went by then (from ``getStats``: requests
sent, responses received).

Then, one after the other, an open channel with a message every 250 ms each way over a bad
network (tests/impair.py: 100 ms each way, 2% loss) and an outage of N seconds: the longest
silence each side heard, and whether every message arrived once, in order.

    python3 tests/netns.py .venv/bin/python tests/bench/bench_ice.py [--late 10,30,60,120] \
        [--open-late 180] [--gone 5] [--second 0,0.5] [--outage 5,8] [--after 40]

Prints the figures; tests/bench/results/ice.txt keeps a run's.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.conftest import SYSTEM_CHROMIUM_FLAGS, chromium_executable  # noqa: E402
from tests.netns import INSIDE  # noqa: E402

# A peer connection as link.js makes one, with every state change written down (Date.now()).
PROBE = """
window.__log = [];
const note = (what) => window.__log.push([Date.now(), what]);
window.__watch = (pc) => {
  pc.addEventListener("iceconnectionstatechange", () => note("ice " + pc.iceConnectionState));
  pc.addEventListener("connectionstatechange", () => note("pc " + pc.connectionState));
  pc.addEventListener("icegatheringstatechange", () => note("gathering " + pc.iceGatheringState));
  const dtls = () => pc.sctp && pc.sctp.transport;
  const watchDtls = () => {
    const transport = dtls();
    if (transport && !transport.__watched) {
      transport.__watched = true;
      transport.addEventListener("statechange", () => note("dtls " + transport.state));
    }
  };
  pc.addEventListener("signalingstatechange", watchDtls);
  window.__watchDtls = watchDtls;
};
window.__channel = (channel) => {
  channel.addEventListener("open", () => { note("channel open"); window.__open = channel; });
  channel.addEventListener("close", () => note("channel closed"));
};
window.__gathered = (pc) => new Promise((resolve) => {
  if (pc.iceGatheringState === "complete") return resolve();
  const timer = setTimeout(resolve, 5000);
  pc.addEventListener("icegatheringstatechange", () => {
    if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
  });
});
window.__offer = async () => {
  const pc = window.__pc = new RTCPeerConnection({ iceServers: [] });
  __watch(pc);
  __channel(pc.createDataChannel("tweak", { ordered: true }));
  await pc.setLocalDescription(await pc.createOffer());
  __watchDtls();
  await __gathered(pc);
  return { type: pc.localDescription.type, sdp: pc.localDescription.sdp };
};
window.__answer = async (offer) => {
  const pc = window.__pc = new RTCPeerConnection({ iceServers: [] });
  __watch(pc);
  pc.addEventListener("datachannel", (event) => __channel(event.channel));
  await pc.setRemoteDescription(offer);
  await pc.setLocalDescription(await pc.createAnswer());
  __watchDtls();
  await __gathered(pc);
  return { type: pc.localDescription.type, sdp: pc.localDescription.sdp };
};
// Messages every 250 ms on the open channel, and the longest silence between those heard.
window.__chatter = () => {
  const channel = window.__open;
  window.__sent = 0; window.__heard = []; window.__gap = 0;
  let last = performance.now();
  channel.addEventListener("message", (event) => {
    const now = performance.now();
    window.__gap = Math.max(window.__gap, now - last);
    last = now;
    window.__heard.push(Number(event.data));
  });
  window.__ticker = setInterval(() => channel.send(String(window.__sent++)), 250);
};
window.__take = async (answer) => {
  note("answer applied");
  await window.__pc.setRemoteDescription(answer);
};
// The connection checks so far: each candidate pair's requests and responses, both ways.
window.__checks = async () => {
  const out = [];
  if (!window.__pc) return out;
  (await window.__pc.getStats()).forEach((s) => {
    if (s.type === "candidate-pair") {
      out.push({ state: s.state, sent: s.requestsSent, answered: s.responsesReceived,
                 heard: s.requestsReceived, replied: s.responsesSent,
                 consent: s.consentRequestsSent });
    }
  });
  return out;
};
"""


def serve_blank():
    """An empty page on 127.0.0.1 (a secure context, like the game's); (server, url)."""
    folder = Path(tempfile.mkdtemp())
    (folder / "blank.html").write_text("<!doctype html><title>ice</title>")
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/blank.html"


class Pair:
    """A host page and a guest page, each in a browser context of its own, and what is due
    when (see KINDS)."""

    def __init__(self, browser, url, kind, delay):
        self.kind, self.delay = kind, delay
        self.pages = {}
        self.gone = {}  # the log of a side whose page was closed
        for side in ("host", "guest"):
            context = browser.new_context()
            context.add_init_script(PROBE)
            page = context.new_page()
            page.goto(url)
            self.pages[side] = page
        self.offer = self.pages["host"].evaluate("__offer()")
        self.began = time.monotonic()
        self.began_ms = self.pages["host"].evaluate("Date.now()")
        self.answer = None
        self.applied_at = None
        self.checks = None
        if kind != "invite opened late":
            self.answer = self.pages["guest"].evaluate("(offer) => __answer(offer)", self.offer)
        if kind == "guest gone":
            self.close("guest")

    def close(self, side):
        page = self.pages.pop(side)
        self.gone[side] = page.evaluate("window.__log")
        page.context.close()

    def step(self, now):
        """Do what is due at ``now`` (monotonic seconds)."""
        if self.kind == "second reply" and self.answer is not None and self.applied_at is None \
                and now - self.began >= 2:
            # The first reply reached the host's device; its page makes a fresh one (Retry:
            # the first connection closed, a new one answers), taken D seconds later.
            guest = self.pages["guest"]
            guest.evaluate("window.__pc.close()")
            self.answer = None
            self.began = time.monotonic()
            self.began_ms = guest.evaluate("Date.now()")
            self.answer = guest.evaluate("(offer) => __answer(offer)", self.offer)
            time.sleep(self.delay)  # at once, not at the next step: a fraction of a second counts
            self.kind = "second reply taken"
            self.pages["host"].evaluate("(answer) => __take(answer)", self.answer)
            self.applied_at = time.monotonic() - self.began
        if self.kind == "second reply" or self.applied_at is not None or \
                now - self.began < self.delay:
            return
        if self.kind == "host gone":
            self.checks = self.pages["guest"].evaluate("__checks()")
            self.close("host")
            self.applied_at = now - self.began
            return
        if self.answer is None:
            self.answer = self.pages["guest"].evaluate("(offer) => __answer(offer)", self.offer)
        if "guest" in self.pages:
            self.checks = self.pages["guest"].evaluate("__checks()")
        self.pages["host"].evaluate("(answer) => __take(answer)", self.answer)
        self.applied_at = now - self.began

    def log(self):
        lines = []
        logs = {**self.gone, **{side: page.evaluate("window.__log")
                                for side, page in self.pages.items()}}
        for side, entries in logs.items():
            for stamp, what in entries:
                lines.append(((stamp - self.began_ms) / 1000, side, what))
        return sorted(lines)

    def report(self):
        title = f"{self.kind}, {self.delay:g} s: " + KINDS[self.kind].format(
            at=self.applied_at or 0)
        lines = [title]
        if self.checks is not None:
            lines.append(f"  the guest's checks then: {self.checks}")
        log = self.log()
        for seconds, side, what in log:
            if not what.startswith("gathering"):
                lines.append(f"  {seconds:7.1f} s  {side:5}  {what}")
        opened = [side for _s, side, what in log if what == "channel open"]
        lines.append("  => " + ("channel open on both sides" if len(opened) == 2
                                else f"channel open on {len(opened)} side(s): no connection"))
        return "\n".join(lines)


def outage(browser, url, seconds: float, delay_ms=100, loss=2) -> str:
    """A pair connected, then messages both ways every 250 ms over a link of ``delay_ms`` each
    way and ``loss`` %, with an outage of ``seconds``: the longest silence each side heard, and
    whether every message arrived, once, in order."""
    from tests.impair import Impairment

    pair = Pair(browser, url, "reply late", 0)
    pair.step(time.monotonic())
    for page in pair.pages.values():
        page.wait_for_function("window.__open && window.__open.readyState === 'open'")
    network = Impairment(delay_ms=delay_ms, loss=loss)
    for page in pair.pages.values():
        page.evaluate("__chatter()")
    time.sleep(3)
    network.set("outage", seconds)
    time.sleep(seconds + 12)
    for page in pair.pages.values():
        page.evaluate("clearInterval(window.__ticker)")
    time.sleep(3)
    counts = network.stop()
    lines = [f"outage of {seconds:g} s, with {delay_ms} ms delay and {loss}% loss: {counts}"]
    for side, page in pair.pages.items():
        other = "guest" if side == "host" else "host"
        heard = page.evaluate("window.__heard")
        sent = pair.pages[other].evaluate("window.__sent")
        whole = heard == list(range(sent))
        lines.append(f"  {side}: longest silence {page.evaluate('window.__gap') / 1000:.1f} s; "
                     f"{len(heard)} of {sent} messages, "
                     + ("all, once, in order" if whole else "NOT all once in order")
                     + f"; channel {page.evaluate('window.__open.readyState')}")
    return "\n".join(lines)


# What each kind of pair does, for its title.
KINDS = {
    "reply late": "offer at 0 s, answered at once, the answer applied at {at:.1f} s",
    "invite opened late": "offer at 0 s, answered and applied at {at:.1f} s",
    "host gone": "offer at 0 s, answered at once, the host's page closed at {at:.1f} s",
    "guest gone": "offer at 0 s, answered at once, the guest's page closed at once, the "
                  "answer applied at {at:.1f} s",
    "second reply taken": "a first reply reached the host's device and was closed; a fresh "
                          "reply made at 0 s, applied at {at:.2f} s",
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--late", default="10,30,60,120",
                        help="seconds before the host applies an answer made at once")
    parser.add_argument("--open-late", default="180",
                        help="seconds before the guest answers the offer")
    parser.add_argument("--gone", default="5",
                        help="seconds before one side's page closes (host gone, guest gone)")
    parser.add_argument("--second", default="0,0.5",
                        help="seconds from a fresh reply (a first one reached the host and "
                             "closed) to the host applying it; three pairs each")
    parser.add_argument("--outage", default="5,8",
                        help="seconds of outage on an open channel (tests/impair.py), each "
                             "after the pairs above")
    parser.add_argument("--after", type=float, default=40,
                        help="seconds to watch each pair after its answer is applied")
    args = parser.parse_args()
    if os.environ.get(INSIDE) != "1":
        print("run it inside the namespace: python3 tests/netns.py .venv/bin/python "
              "tests/bench/bench_ice.py", file=sys.stderr)
        return 2
    numbers = lambda text: [float(n) for n in text.split(",") if n.strip()]  # noqa: E731
    server, url = serve_blank()
    executable = chromium_executable()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            **({"executable_path": str(executable)} if executable else {}),
            args=SYSTEM_CHROMIUM_FLAGS if executable else [])
        print(f"# {browser.version}; load average {os.getloadavg()[0]:.2f}", flush=True)
        wanted = [("reply late", d) for d in numbers(args.late)]
        wanted += [("invite opened late", d) for d in numbers(args.open_late)]
        wanted += [(kind, d) for d in numbers(args.gone) for kind in ("host gone", "guest gone")]
        wanted += [("second reply", d) for d in numbers(args.second) for _ in range(3)]
        # The longest waits first: a pair's clock starts when it is made (a few seconds each),
        # and the shortest must not wait for the others to be made.
        pairs = [Pair(browser, url, kind, d)
                 for kind, d in sorted(wanted, key=lambda pair: -pair[1])]
        end = max((p.delay for p in pairs), default=-5 - args.after) + args.after
        started = time.monotonic()
        while time.monotonic() - started < end + 5:
            now = time.monotonic()
            for pair in pairs:
                pair.step(now)
            time.sleep(0.2)
        for pair in pairs:
            print(pair.report(), flush=True)
        for seconds in numbers(args.outage):
            print(outage(browser, url, seconds), flush=True)
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
