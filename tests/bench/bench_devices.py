"""Play across devices, timed as people meet it (real Chromium, two browser contexts as two
devices, inside tests/netns.py's private network namespace):

* invite opened -> reply shown on the guest, on a first visit (a fresh device) and a later one
  (the site already in its cache);
* reply taken on the host -> both pages say so (the host's lobby "has joined"), and Start ->
  the guest's table drawn;
* a move applied on the host (Place clicked) -> drawn on the guest's page (loopback): median
  and longest over the moves of a game's first turns, split into the host's part, the
  channel's and the guest's; and each page's longest main-thread task meanwhile;
* the invite's and the reply's length and QR code version.

    python3 tests/netns.py .venv/bin/python tests/bench/bench_devices.py [--moves 20] [--shots DIR]

Prints the figures; tests/bench/results/devices.txt keeps a run's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from tests.e2e.conftest import SYSTEM_CHROMIUM_FLAGS, chromium_executable  # noqa: E402
from tools import devserver  # noqa: E402
from tests.netns import INSIDE  # noqa: E402

LONG_MS = 120_000
# When the guest's #game last changed (Date.now(), the same clock as the host's page).
WATCH = """() => { window.__changed = []; new MutationObserver(() =>
  window.__changed.push(Date.now())).observe(document.querySelector('#game'),
  {childList: true, subtree: true, characterData: true}); }"""
# When the host's page handed a text to its channels, and when a guest's channel delivered one:
# a move's way splits into the host (click -> sent), the network (sent -> arrived) and the
# guest (arrived -> drawn).
STAMPS = """
window.__sent = []; window.__arrived = []; window.__long = [];
// Every main-thread task over 50 ms (start, duration), from the page's first moment.
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__long.push([entry.startTime, entry.duration]);
}).observe({type: "longtask", buffered: true});
// The person's click as the page gets it (Playwright's own checks before it are not the game's).
addEventListener("click", () => { window.__clicked = Date.now(); }, true);
const listen = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (type, handler, ...rest) {
  if (type === "message") {
    const inner = handler;
    handler = (event) => {
      if (String(event.data)[0] === "m") window.__arrived.push(Date.now());  // not a heartbeat
      return inner(event);
    };
  }
  return listen.call(this, type, handler, ...rest);
};
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) {
  if (String(data)[0] === "m") window.__sent.push(Date.now());
  return send.call(this, data);
};
"""


def qr_version(page, selector):
    """The version of the QR code drawn in ``selector`` (its SVG's modules, border excluded)."""
    size = page.locator(selector).first.evaluate(
        "(svg) => svg.viewBox.baseVal.width || svg.getAttribute('width')")
    return (int(size) - 8 - 17) // 4  # four modules of border each side


def main() -> int:
    import os

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--shots", type=Path, default=None, help="save screenshots here")
    args = parser.parse_args()
    if os.environ.get(INSIDE) != "1":
        print("run it inside the namespace: python3 tests/netns.py .venv/bin/python "
              "tests/bench/bench_devices.py", file=sys.stderr)
        return 2
    server, url = devserver.start_server(ROOT, port=0)
    executable = chromium_executable()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            **({"executable_path": str(executable)} if executable else {}),
            args=SYSTEM_CHROMIUM_FLAGS if executable else [])
        host_context = browser.new_context(viewport={"width": 1280, "height": 800})
        host_context.add_init_script(STAMPS)
        host = host_context.new_page()
        host.goto(url + "?pace=fast&goal=500")
        expect(host.locator("html")).to_have_attribute("data-python", "ready", timeout=LONG_MS)
        host.locator("input[name=players][value='2'] + span").click()
        host.locator("select[name=kind-1]").select_option("remote")
        host.locator("input[name=name-0]").fill("Ana")
        host.get_by_role("button", name="Deal").click()
        field = host.locator("[data-invite='1'] .peer-link")
        expect(field).not_to_have_value("", timeout=LONG_MS)
        invite = field.input_value()
        invite_qr = qr_version(host, "[data-invite='1'] .qr svg")

        guest_context = browser.new_context(viewport={"width": 390, "height": 844})
        guest_context.add_init_script(STAMPS)
        guest = guest_context.new_page()
        figures = {}
        for visit in ("first visit", "later visit"):
            started = time.perf_counter()
            # The second time: the same device again, the site in its cache (the first reply
            # was not taken, so the host's invitation still stands).
            guest.goto(invite)
            expect(guest.locator("#join-link")).not_to_have_value("", timeout=LONG_MS)
            figures[visit] = time.perf_counter() - started
            expect(guest.locator("html")).to_have_attribute("data-python", "ready",
                                                            timeout=LONG_MS)
        reply = guest.locator("#join-link").input_value()
        reply_qr = qr_version(guest, "#join-qr svg")
        guest.locator("#join-name").fill("Bea")
        if args.shots:
            args.shots.mkdir(parents=True, exist_ok=True)
            host.screenshot(path=str(args.shots / "lobby.png"), full_page=True)
            guest.screenshot(path=str(args.shots / "join.png"), full_page=True)
        started = time.perf_counter()
        slot = host.locator("[data-invite='1']")
        slot.get_by_label("Paste the reply here").fill(reply)
        slot.get_by_role("button", name="Connect").click()
        expect(host.get_by_text("Bea has joined.")).to_be_visible(timeout=LONG_MS)
        joined = time.perf_counter() - started
        started = time.perf_counter()
        host.get_by_role("button", name="Start the game").click()
        expect(guest.locator("[data-screen=table]")).to_be_visible(timeout=LONG_MS)
        tabled = time.perf_counter() - started
        guest.evaluate(WATCH)
        play_from = {page: page.evaluate("performance.now()") for page in (host, guest)}
        delays, parts = [], []
        hand = ".hand [data-ui^='hand:']"
        while len(delays) < args.moves:
            page = host if host.locator("#place").is_visible() else guest
            expect(page.locator(hand).first).to_be_visible(timeout=LONG_MS)
            page.locator(hand).first.click()
            place = page.locator("#place")
            expect(place).to_be_enabled()
            if page is host:
                guest.evaluate("window.__changed = []; window.__arrived = []")
                host.evaluate("window.__sent = []")
            place.click()
            if page is host:
                clicked = host.evaluate("window.__clicked")
                guest.wait_for_function("window.__changed.length > 0", timeout=LONG_MS)
                drawn = guest.evaluate("window.__changed[0]")
                delays.append(drawn - clicked)
                # The first game message ("m" frames, not heartbeats) after the click.
                sent = min(host.evaluate("window.__sent") or [drawn])
                arrived = min(guest.evaluate("window.__arrived") or [drawn])
                parts.append((sent - clicked, arrived - sent, drawn - arrived))
            expect(place).to_be_hidden(timeout=LONG_MS)
            page.wait_for_function("!document.querySelector('#app').hasAttribute('aria-busy')",
                                   timeout=LONG_MS)
        # The main thread only relays strings: its longest task while the moves were played.
        during = {name: [(round(start - play_from[page]), round(duration))
                         for start, duration in page.evaluate("window.__long")
                         if start >= play_from[page]]
                  for name, page in (("host", host), ("guest", guest))}
        longest = {name: max([duration for _start, duration in tasks] or [0])
                   for name, tasks in during.items()}
        if args.shots:
            guest.screenshot(path=str(args.shots / "guest-table.png"))
            host.screenshot(path=str(args.shots / "host-table.png"))
        browser.close()
    server.shutdown()
    server.server_close()
    print(f"invite opened -> reply shown: first visit {figures['first visit']:.2f} s, "
          f"later visit {figures['later visit']:.2f} s")
    print(f"reply taken -> host shows the guest joined: {joined:.2f} s; "
          f"Start -> guest's table drawn: {tabled:.2f} s")
    print(f"move on the host -> drawn on the guest ({len(delays)} moves): median "
          f"{statistics.median(delays):.0f} ms, longest {max(delays):.0f} ms")
    host_ms, wire_ms, guest_ms = (statistics.median(part) for part in zip(*parts))
    print(f"  medians of its parts: host (click -> sent) {host_ms:.0f} ms, channel (sent -> "
          f"arrived) {wire_ms:.0f} ms, guest (arrived -> drawn) {guest_ms:.0f} ms")
    print(f"  longest main-thread task while they were played: host {longest['host']:.0f} ms, "
          f"guest {longest['guest']:.0f} ms (0: none over 50 ms); every one (ms after the "
          f"first move, duration): {during}")
    print(f"invite: {len(invite)} characters, QR version {invite_qr}; "
          f"reply: {len(reply)} characters, QR version {reply_qr} (at {url})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
