"""Two devices playing over a WebRTC data channel with no server (ui/main_thread/peers.js), in
real Chromium: two browser contexts are two devices.  Run by tests/e2e/test_peers.py inside the
private network namespace of tests/netns.py (the browsers need an interface to gather a
candidate on, and their traffic must stay off the machine's network); skipped elsewhere.

The page's Python is not started (its loader is refused): these tests drive window.tweakPeers
directly, as page.py will, and record its events with a handler of their own.

* An invite is made, opened on the guest (the join screen shows its reply), and the reply is
  taken each of three ways: pasted, opened in a tab of the host's device (BroadcastChannel),
  and scanned from a fake camera that shows the reply's QR code.
* Once open: messages both ways; an oversized message and a flood are dropped; the guest's
  device going away is "closed" on the host within the heartbeat's window.
* What goes wrong is said in words: a malformed invite, a pasted reply that is not one or is
  for another table, a reply tab with no game waiting, a connection that cannot be made
  (timeouts shortened) with its Retry, which makes a new invite.  (Slow people and a bad
  network: tests/e2e/slow_links_in_netns.py.)
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SYSTEM_CHROMIUM_FLAGS, chromium_executable
from tests.netns import INSIDE

pytestmark = pytest.mark.skipif(os.environ.get(INSIDE) != "1",
                                reason="runs inside tests/netns.py's namespace (test_peers.py)")

OPEN_MS = 20_000
SPEC = {"table": "k3P9xQ", "host": "Ann", "seats": [{"seat": 1, "name": "Bea"}]}
RECORD = """() => { window.__events = []; tweakPeers.attach((source, event, text) =>
  window.__events.push([source, event, text])); }"""
FRAME = (640, 480)


@pytest.fixture(scope="module")
def camera_file(tmp_path_factory):
    """The fake camera's picture, a YUV4MPEG2 file (blank until a test draws a code in it)."""
    path = tmp_path_factory.mktemp("camera") / "camera.y4m"
    write_y4m(path, [])
    return path


@pytest.fixture(scope="module")
def devices_browser(playwright, camera_file):
    executable = chromium_executable()
    args = [*(SYSTEM_CHROMIUM_FLAGS if executable else []),
            "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-video-capture={camera_file}"]
    browser = playwright.chromium.launch(
        **({"executable_path": str(executable)} if executable else {}), args=args)
    yield browser
    browser.close()


class Device:
    """A browser context with one page: one phone or laptop."""

    def __init__(self, browser, url, viewport=(390, 844), times=None):
        self.context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
        self.errors = []
        self.warnings = []
        self.page = self.open(url, times)

    def open(self, url, times=None):
        page = self.context.new_page()
        # No Python: these tests are about the JS; refusing PyScript's loader keeps them fast.
        page.route("**/pyscript_start.js", lambda route: route.abort())
        if times:
            page.add_init_script(f"window.tweakPeersTimes = {json.dumps(times)};")
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda message: message.type == "warning"
                and "tweakPeers" in message.text and self.warnings.append(message.text))
        page.goto(url)
        return page

    def close(self):
        self.context.close()


@pytest.fixture
def devices(devices_browser, site_url):
    made = []

    def make(url=site_url, **kwargs):
        device = Device(devices_browser, url, **kwargs)
        made.append(device)
        return device

    yield make
    errors = [error for device in made for error in device.errors]
    for device in made:
        device.close()
    assert not errors, errors


def host_invites(device, spec=SPEC):
    """The host's page makes its invites and shows them in a slot per seat; the invite link."""
    page = device.page
    page.evaluate(RECORD)
    page.evaluate("""async (spec) => {
        for (const entry of spec.seats) {
            const slot = document.createElement("div");
            slot.dataset.invite = String(entry.seat);
            slot.className = "test-slot";
            document.querySelector("#app").prepend(slot);
        }
        window.__spec = spec;  // welcome() says a seat is taken in it, as the game does
        await tweakPeers.host(JSON.stringify(spec));
        tweakPeers.fill(document);
    }""", spec)
    expect(page.locator(".invite-panel .qr svg")).to_have_count(len(spec["seats"]))
    return page.locator(".invite-panel .peer-link").first.input_value()


def guest_joins(device, name="Bea"):
    """The guest's join screen: its name typed, its reply link once shown."""
    page = device.page
    page.evaluate(RECORD)
    expect(page.locator("#join-screen")).to_be_visible()
    expect(page.locator("#start-screen")).to_be_hidden()
    page.locator("#join-name").fill(name)
    expect(page.locator("#join-qr svg")).to_be_visible(timeout=OPEN_MS)
    return page.locator("#join-link").input_value()


def events(page):
    return page.evaluate("window.__events")


def wait_for_event(page, event, timeout=OPEN_MS):
    page.wait_for_function(f"window.__events.some((e) => e[1] === {json.dumps(event)})",
                           timeout=timeout)
    return [e for e in events(page) if e[1] == event]


def both_open(host, guest):
    (opened,) = wait_for_event(host.page, "open")
    assert opened[0] == "1"
    (joined,) = wait_for_event(guest.page, "open")
    assert joined[0] == "host"
    expect(host.page.locator(".invite-panel .peer-status")).to_have_text(
        "Connected to Bea's device: waiting for it to take the seat…")
    expect(guest.page.locator("#join-status")).to_have_text("Connected to Ann's table.")
    return json.loads(joined[2])


def welcome(host, seat=1, check=True):
    """What the host's game does when it gives a device the seat, as page.py passes it on: its
    welcome goes to the device, then the invitations' spec says the seat is taken ("here")."""
    text = json.dumps({"v": 1, "t": "welcome", "seat": seat, "secret": "s3cr3t", "host": "Ann"},
                      separators=(",", ":"))
    host.page.evaluate("""([seat, text]) => {
        tweakPeers.send(seat, text);
        const spec = window.__spec;
        return tweakPeers.host(JSON.stringify({...spec, seats: spec.seats.map((entry) =>
            entry.seat === seat ? {...entry, here: true} : entry)}));
    }""", [seat, text])
    if check:
        expect(host.page.locator(".invite-panel .peer-status")).to_have_text("Bea is connected.")
    return text


def test_a_pasted_reply_connects_and_messages_flow_within_the_limits(devices):
    host = devices(viewport=(1280, 800))
    invite = host_invites(host)
    assert invite.startswith(host.page.url.split("#")[0]) and "#join=" in invite
    guest = devices(invite)
    guest.page.evaluate("""localStorage.setItem("tweak.seat",
        JSON.stringify({table: "k3P9xQ", seat: 1, secret: "s3cr3t"}))""")
    expect(guest.page.locator("#join-title")).to_have_text(
        "You are invited to Ann's table, seat 2")
    reply = guest_joins(guest, "Bea")
    assert "#reply=" in reply
    expect(guest.page.locator("#join-status")).to_have_text("Waiting for Ann to take your reply…")
    assert host.page.evaluate("tweakPeers.role()") == "host"
    assert guest.page.evaluate("tweakPeers.role()") == "guest"

    host.page.locator(".reply-paste").fill(reply)
    host.page.get_by_role("button", name="Connect").click()
    opened = both_open(host, guest)
    assert opened == {"name": "Bea", "secret": "s3cr3t", "table": "k3P9xQ", "seat": 1}
    assert guest.page.evaluate("localStorage.getItem('tweak.name')") == "Bea"

    welcomed = welcome(host)
    host.page.evaluate("tweakPeers.send(1, 'view:' + 'x'.repeat(16000))")
    guest.page.evaluate("tweakPeers.send('host', 'R3xO2')")
    guest.page.wait_for_function("window.__events.filter((e) => e[1] === 'message').length > 1")
    host.page.wait_for_function("window.__events.some((e) => e[1] === 'message')")
    assert [e for e in events(guest.page) if e[1] == "message"] == [
        ["host", "message", welcomed], ["host", "message", "view:" + "x" * 16000]]
    assert [e for e in events(host.page) if e[1] == "message"] == [["1", "message", "R3xO2"]]

    # Over the size cap: dropped, never forwarded.  Then a flood: the bucket's burst gets
    # through, the rest is dropped; a later message gets through again.
    guest.page.evaluate("tweakPeers.send('host', 'y'.repeat(1025))")
    guest.page.evaluate("for (let i = 0; i < 300; i++) tweakPeers.send('host', 'flood ' + i)")
    host.page.wait_for_timeout(1500)
    guest.page.evaluate("tweakPeers.send('host', 'after the flood')")
    host.page.wait_for_function(
        "window.__events.some((e) => e[2] === 'after the flood')", timeout=OPEN_MS)
    got = [e[2] for e in events(host.page) if e[1] == "message"]
    assert not any(text.startswith("yyy") for text in got)
    flood = [text for text in got if text.startswith("flood ")]
    assert 38 <= len(flood) <= 80, len(flood)
    # The burst in order; later ones only as the bucket refills, still in order.  The bucket
    # may hold a token or two less than the burst: the message just before spent one, and how
    # much of it came back depends on the machine's speed.
    numbers = [int(text.split()[1]) for text in flood]
    assert numbers[:37] == list(range(37))
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
    assert any("1025 characters" in text for text in host.warnings)
    assert any("a second" in text for text in host.warnings)
    assert len(host.warnings) < 10  # one warning a second, not one per message
    # Heartbeats are never passed on.
    assert all(e[1] in ("open", "message") for e in events(host.page))

    # The guest's device goes away: "closed" on the host within the heartbeat's window.
    started = time.monotonic()
    guest.close()
    wait_for_event(host.page, "closed", timeout=12_000)
    assert time.monotonic() - started < 9
    # A new invitation for the seat at once, and the status still says what happened.
    expect(host.page.locator(".invite-panel .peer-status")).to_contain_text(
        "Bea's device was disconnected. This new invite lets Bea come back", timeout=OPEN_MS)
    fresh = host.page.locator(".invite-panel .peer-link").first.input_value()
    assert "#join=" in fresh and fresh != invite


def test_a_reply_opened_on_the_hosts_device_reaches_the_game_tab(devices, site_url):
    host = devices()
    invite = host_invites(host)
    guest = devices(invite)
    reply = guest_joins(guest)
    # The host opens the reply link on their own device: a second tab of the same browser.
    tab = host.open(reply)
    expect(tab.locator("#reply-screen")).to_be_visible()
    expect(tab.locator("#start-screen")).to_be_hidden()
    expect(tab.locator("#reply-status")).to_have_text(
        "The reply is with the game. Go back to the TWEAK! tab.")
    assert tab.evaluate("tweakPeers.role()") == "reply"
    both_open(host, guest)
    # A tab that showed a page before (here about:blank) may not close itself: it stays,
    # and its words say where to go.
    tab.wait_for_timeout(2500)
    assert not tab.is_closed() and tab.evaluate("history.length") > 1
    expect(tab.locator("#reply-status")).to_have_text(
        "The reply is with the game. Go back to the TWEAK! tab.")
    # The same reply again: the game tab answers why it is not taken twice.
    again = host.open(reply)
    expect(again.locator("#reply-status")).to_have_text("Bea is already connected.")
    # On a device where no game waits, the reply tab says so after a moment.
    elsewhere = devices(reply)
    expect(elsewhere.page.locator("#reply-status")).to_have_text(
        "No game on this device is waiting for this reply: open it on the device of the person "
        "who invited you, or paste it there.")
    elsewhere.page.get_by_role("button", name="Go to the game's start screen").click()
    expect(elsewhere.page.locator("#start-screen")).to_be_visible()
    assert "#" not in elsewhere.page.url


def test_a_reply_tab_opened_from_a_link_closes_itself_once_the_reply_is_taken(devices):
    """A link opened in a new tab (from a chat, a mail, the camera's QR reader: no history,
    no opener) may close itself: it says the reply is with the game, then closes."""
    host = devices(times={"leave": 300})
    guest = devices(host_invites(host))
    reply = guest_joins(guest)
    somewhere = host.context.new_page()  # another site's page, with the link in it
    host.context.route("**/pyscript_start.js", lambda route: route.abort())
    with host.context.expect_page() as opened:
        somewhere.evaluate("(url) => window.open(url, '_blank', 'noopener')", reply)
    tab = opened.value
    tab.on("pageerror", lambda error: host.errors.append(str(error)))
    tab.wait_for_function("""() => (document.querySelector("#reply-status") || {}).textContent
        === "The reply is with the game. Go back to the TWEAK! tab." """, timeout=OPEN_MS)
    tab.wait_for_event("close", timeout=OPEN_MS)
    both_open(host, guest)


def test_a_device_turned_away_is_closed_and_a_new_invite_follows_under_the_typed_name(devices):
    """What page.py does when the host's game refuses a device (tweakPeers.part), and when a
    guest's device says its person's name (tweakPeers.host again, with that name)."""
    host = devices(viewport=(1280, 800))
    spec = {**SPEC, "seats": [{"seat": 1, "name": "Ada"}]}  # the start screen's name
    invite = host_invites(host, spec)
    title = host.page.locator(".invite-panel .invite-title")
    expect(title).to_have_text("Invite for Ada")
    guest = devices(invite)
    host.page.locator(".reply-paste").fill(guest_joins(guest, "Bea"))
    host.page.get_by_role("button", name="Connect").click()
    wait_for_event(host.page, "open")
    wait_for_event(guest.page, "open")
    host.page.evaluate("tweakPeers.host(%s)" % json.dumps(json.dumps(SPEC)))  # now "Bea"
    expect(title).to_have_text("Invite for Bea")
    status = host.page.locator(".invite-panel .peer-status")
    expect(status).to_have_text("Connected to Bea's device: waiting for it to take the seat…")
    expect(host.page.locator(".invite-panel .qr svg")).to_have_attribute(
        "aria-label", "QR code of the invite link for Bea")
    # The host's game refuses the device: its last message arrives, then its channel closes,
    # and the seat has a new invite at once (nothing waits for the other device).
    host.page.evaluate("tweakPeers.send(1, 'refused'); tweakPeers.part(1, '')")
    expect(status).to_have_text(
        "A device that is not Bea's answered the invite and was turned away. This new invite "
        "lets Bea come back: waiting for the reply…", timeout=OPEN_MS)
    fresh = host.page.locator(".invite-panel .peer-link").input_value()
    assert "#join=" in fresh and fresh != invite
    wait_for_event(guest.page, "closed", timeout=8000)
    assert [e[1:] for e in events(guest.page)] == [["open", events(guest.page)[0][2]],
                                                    ["message", "refused"], ["closed", ""]]
    assert [e[1] for e in events(host.page)] == ["open"]  # the worker never had that device
    # The guest's side: its join screen says why, in the words its worker gives.
    guest.page.evaluate("tweakPeers.part('host', 'Another device plays this seat.')")
    expect(guest.page.locator("#join-title")).to_have_text("Seat 2 at Ann's table is not free")
    expect(guest.page.locator("#join-status")).to_have_text("Another device plays this seat.")
    expect(guest.page.get_by_role("button", name="Go to the game's start screen")).to_be_visible()
    expect(guest.page.locator("#join-name")).to_be_hidden()


def test_a_device_that_never_takes_its_seat_is_closed_and_a_new_invite_follows(devices):
    """A device whose channel opens but which never says who it is (a stranger's page that
    stays silent, a broken one) holds the seat only so long: its channel is closed and the seat
    has a new invite, with why.  One that is welcomed in time keeps its channel."""
    times = {"hello": 2500}
    host = devices(times=times)
    invite = host_invites(host)
    guest = devices(invite, times=times)
    host.page.locator(".reply-paste").fill(guest_joins(guest))
    host.page.get_by_role("button", name="Connect").click()
    both_open(host, guest)
    status = host.page.locator(".invite-panel .peer-status")
    expect(status).to_have_text(
        "A device connected to the invite but never took the seat, and was disconnected. This "
        "new invite lets Bea join: waiting for the reply…", timeout=10_000)
    fresh = host.page.locator(".invite-panel .peer-link").input_value()
    assert "#join=" in fresh and fresh != invite
    wait_for_event(guest.page, "closed", timeout=8000)
    # The fresh invite, answered by a device the game welcomes: it stays connected.
    other = devices(fresh, times=times)
    host.page.locator(".reply-paste").fill(guest_joins(other))
    host.page.get_by_role("button", name="Connect").click()
    expect(status).to_have_text("Connected to Bea's device: waiting for it to take the seat…",
                                timeout=OPEN_MS)
    welcome(host)
    host.page.wait_for_timeout(4000)
    expect(status).to_have_text("Bea is connected.")
    assert not [e for e in events(other.page) if e[1] == "closed"]


def write_y4m(path: Path, matrix, scale=8):
    """A two-frame YUV4MPEG2 picture of a QR matrix (rows of booleans), black on white,
    centred on a grey frame; grey only when matrix is empty."""
    width, height = FRAME
    luma = bytearray([160]) * (width * height)
    size = len(matrix) * scale
    left, top = (width - size) // 2, (height - size) // 2
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            value = 0 if dark else 255
            for dy in range(scale):
                start = (top + y * scale + dy) * width + left + x * scale
                luma[start:start + scale] = bytes([value]) * scale
    chroma = bytes([128]) * (width * height // 2)
    frame = b"FRAME\n" + bytes(luma) + chroma
    path.write_bytes(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode()
                     + frame + frame)


def test_a_scanned_reply_connects(devices, camera_file):
    host = devices()
    invite = host_invites(host)
    guest = devices(invite)
    reply = guest_joins(guest)
    # The code as the guest's screen shows it, into the host's (fake) camera.
    matrix = guest.page.evaluate("""async (text) => {
        const encode = (await import("./node_modules/qr/index.js")).default;
        return encode(text, "raw", {ecc: "medium", border: 4});
    }""", reply)
    assert len(matrix) * 8 <= min(FRAME)
    write_y4m(camera_file, matrix)
    host.context.grant_permissions(["camera"])
    host.page.get_by_role("button", name="Scan the reply").click()
    both_open(host, guest)
    # The camera is released once the code is read.
    expect(host.page.locator(".scan")).to_be_hidden()


def test_what_goes_wrong_is_said_in_words(devices, site_url):
    broken = devices(site_url + "#join=AQZrM1A5eFEBA0FubgAE")
    expect(broken.page.locator("#join-title")).to_have_text("This invite cannot be opened")
    expect(broken.page.locator("#join-status")).to_have_text(
        "The link is incomplete: part of it is missing. Copy or scan it again.")
    expect(broken.page.get_by_role("button", name="Go to the game's start screen")).to_be_visible()

    host = devices()
    invite = host_invites(host)
    paste, status = host.page.locator(".reply-paste"), host.page.locator(".invite-panel .peer-status")
    host.page.get_by_role("button", name="Connect").click()
    expect(status).to_have_text("Paste the reply link first.")
    paste.fill(invite)
    paste.press("Enter")
    expect(status).to_have_text("This is an invite link, not a reply: open it on the other device.")
    paste.fill("hello")
    paste.press("Enter")
    expect(status).to_have_text("This is not a TWEAK! reply link.")
    # A reply to another table's invite (an older game of this host, say).
    other = devices(invite)
    other_reply = guest_joins(other)
    host.page.evaluate("tweakPeers.host(JSON.stringify({...%s, table: 'zzzz'}))" % json.dumps(SPEC))
    host.page.evaluate("tweakPeers.fill(document)")
    paste = host.page.locator(".reply-paste")
    paste.fill(other_reply)
    paste.press("Enter")
    expect(host.page.locator(".invite-panel .peer-status")).to_have_text(
        "This reply is for another table (an older invite?): ask for a reply to the invite shown here.")


def test_a_connection_that_cannot_be_made_says_so_and_retry_makes_a_new_invite(devices):
    times = {"guestConnect": 2500, "hostConnect": 2500}
    # An invite whose host's page is gone: nothing answers the guest's connection checks.
    gone = devices(times=times)
    stale = host_invites(gone)
    gone.close()
    guest = devices(stale, times=times)
    reply = guest_joins(guest)
    # The host's device never answers: the guest says what to check, and offers Retry.
    expect(guest.page.locator("#join-status")).to_have_text(
        "Could not connect to Ann's device. Are both devices on the same Wi-Fi?", timeout=10_000)
    expect(guest.page.locator("#join-retry-note")).to_contain_text("Ann must make a new invite")
    guest.page.get_by_role("button", name="Retry").click()
    expect(guest.page.locator("#join-status")).to_have_text("Waiting for Ann to take your reply…")
    assert guest.page.locator("#join-link").input_value() != reply
    # The host takes a reply whose device is gone: it cannot connect, and says so.  (That
    # device had reached this one: the reply is what is gone, not the Wi-Fi.  The words for
    # devices that never reach each other: tests/e2e/slow_links_in_netns.py.)
    host = devices(times=times)
    invite = host_invites(host)
    guest = devices(invite, times=times)
    reply = guest_joins(guest)
    guest.close()
    host.page.locator(".reply-paste").fill(reply)
    host.page.locator(".reply-paste").press("Enter")
    status = host.page.locator(".invite-panel .peer-status")
    expect(status).to_have_text(
        "The connection to Bea's device timed out: that reply is no longer open on it (it timed "
        "out or was replaced there, or its page was closed). Retry makes a new invite: Bea must "
        "open it again.", timeout=10_000)
    host.page.get_by_role("button", name="Retry").click()
    expect(status).to_have_text("Waiting for Bea's reply…")
    assert host.page.locator(".invite-panel .peer-link").input_value() != invite
    # The old reply answers the old invite: refused with a sentence.
    host.page.locator(".reply-paste").fill(reply)
    host.page.locator(".reply-paste").press("Enter")
    expect(status).to_have_text(
        "This reply answers an older invite for Bea: Bea must open the invite shown here now.")
