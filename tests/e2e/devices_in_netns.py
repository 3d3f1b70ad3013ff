"""Friends at one table, each on their own device, in real Chromium with the whole game running:
the host's page deals with seats on other devices, each guest opens its invitation in a
browser context of its own (its own storage: another phone), the host takes the replies, and
they play to the results.  Run by tests/e2e/test_peers.py inside tests/netns.py's private
network namespace; skipped elsewhere.

Every message a guest's page receives is recorded (a wrapper around the data channel's
listener) and checked against the host's game, replayed from its record at the end: each view
is exactly that seat's ``tweak.view``, so no other hand and no deck order ever reached it.
"""

from __future__ import annotations

import json
import os

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SYSTEM_CHROMIUM_FLAGS, chromium_executable
from tests.netns import INSIDE
from tweak import loads, view
from tweak.record import from_dict
from tweak.wire import from_wire

pytestmark = pytest.mark.skipif(os.environ.get(INSIDE) != "1",
                                reason="runs inside tests/netns.py's namespace (test_peers.py)")

READY_MS = 60_000
TURN_MS = 30_000
# Each message a page's data channels deliver ("m" frames: the game's), and the channels, so a
# test can also send what peers.js never would.
RECORD = """
window.__received = [];
window.__channels = [];
const listen = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (type, handler, ...rest) {
  if (type === "message") {
    window.__channels.push(this);
    const inner = handler;
    handler = (event) => {
      if (typeof event.data === "string" && event.data[0] === "m") {
        window.__received.push(event.data.slice(1));
      }
      return inner(event);
    };
  }
  return listen.call(this, type, handler, ...rest);
};
"""


@pytest.fixture(scope="module")
def browser(playwright):
    executable = chromium_executable()
    launched = playwright.chromium.launch(
        **({"executable_path": str(executable)} if executable else {}),
        args=SYSTEM_CHROMIUM_FLAGS if executable else [])
    yield launched
    launched.close()


class Device:
    """One phone or laptop: a browser context of its own, with one page."""

    def __init__(self, browser, locale="en-US", viewport=(390, 844)):
        self.context = browser.new_context(locale=locale, viewport={"width": viewport[0],
                                                                    "height": viewport[1]})
        self.context.add_init_script(RECORD)
        self.errors = []
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def open(self, url):
        self.page.goto(url)
        expect(self.page.locator("html")).to_have_attribute("data-python", "ready",
                                                            timeout=READY_MS)

    def received(self):
        return [json.loads(text) for text in self.page.evaluate("window.__received")]


@pytest.fixture
def devices(browser):
    made = []

    def make(**kwargs):
        device = Device(browser, **kwargs)
        made.append(device)
        return device

    yield make
    errors = [error for device in made for error in device.errors]
    for device in made:
        device.context.close()
    assert not errors, errors


def accessible(device, site_url, where):
    """axe-core finds nothing on the device's screen as it is now (tests/e2e/test_a11y.py)."""
    from tests.e2e.test_a11y import axe_violations

    problems = axe_violations(device.page, site_url)
    assert not problems, f"axe on {where}:\n" + "\n".join(problems)


def deal(host, url, kinds, names=("Ana",)):
    """The host's start screen: seats of ``kinds`` ("human", "remote", "bot:easy"), Deal; the
    lobby's invitation link for each seat on another device."""
    host.open(url)
    page = host.page
    page.locator(f"input[name=players][value='{len(kinds)}'] + span").click()
    for seat, kind in enumerate(kinds):
        page.locator(f"select[name=kind-{seat}]").select_option(kind)
        if seat < len(names):
            page.locator(f"input[name=name-{seat}]").fill(names[seat])
    page.get_by_role("button", name="Deal").click()
    expect(page.locator("[data-screen=lobby]")).to_be_visible()
    links = {}
    for seat, kind in enumerate(kinds):
        if kind == "remote":
            field = page.locator(f"[data-invite='{seat}'] .peer-link")
            expect(field).not_to_have_value("", timeout=READY_MS)
            links[seat] = field.input_value()
    return links


def join(guest, link, name):
    """A guest opens its invitation, types its name; the reply link its page shows."""
    guest.page.goto(link)
    guest.page.locator("#join-name").fill(name)  # "Your name", in the guest's language
    reply = guest.page.locator("#join-link")
    expect(reply).not_to_have_value("", timeout=READY_MS)
    expect(guest.page.locator("html")).to_have_attribute("data-python", "ready",
                                                         timeout=READY_MS)
    return reply.input_value()


def paste_reply(host, seat, reply):
    slot = host.page.locator(f"[data-invite='{seat}']")
    slot.get_by_label("Paste the reply here").fill(reply)
    slot.get_by_role("button", name="Connect").click()


def play_turn(device) -> bool:
    """If this device's person is to act: a hand card, then Place; True if it played."""
    page = device.page
    place = page.locator("#place")
    if not place.is_visible():
        return False
    card = page.locator(".hand [data-ui^='hand:']").first
    try:
        card.click(timeout=2000)
        place.click(timeout=2000)
    except Exception:  # noqa: BLE001 — the screen moved on between the look and the click
        return False
    return True


def play_to_the_end(host, guests, limit=300):
    for _round in range(limit):
        if host.page.locator("[data-screen=over]").is_visible():
            return
        for device in (host, *guests):
            next_round = device.page.locator("#next-round")
            if next_round.is_visible():
                next_round.click()
            play_turn(device)
        host.page.wait_for_timeout(150)
    for number, device in enumerate((host, *guests)):
        device.page.screenshot(path=f"/tmp/devices-stuck-{number}.png")
    raise AssertionError("the game did not end")


def check_views(host, guests_by_seat):
    """Every view each guest received is exactly its seat's view of the host's game then."""
    record = loads(host.page.evaluate("localStorage.getItem('tweak.last')"))
    states = {state.step: state for state in record.states()}
    for seat, guest in guests_by_seat.items():
        views = [message for message in guest.received() if message["t"] == "view"]
        assert views, f"seat {seat} got no view"
        for message in views:
            assert from_wire(message["view"]) == view(states[message["step"]], seat)


def test_a_whole_game_with_the_host_two_guests_and_a_computer(devices, site_url):
    host = devices(viewport=(1280, 800))
    links = deal(host, site_url + "?pace=fast&goal=25&seed=11",
                 ["human", "remote", "remote", "bot:easy"])
    bea, cy = devices(), devices(locale="es-ES")
    reply = join(bea, links[1], "Bea")
    accessible(host, site_url, "the lobby with its invitations")
    accessible(bea, site_url, "the join screen with its reply")
    paste_reply(host, 1, reply)
    paste_reply(host, 2, join(cy, links[2], "Cy"))
    lobby = host.page.locator("[data-screen=lobby]")
    expect(lobby.get_by_text("Bea has joined.")).to_be_visible(timeout=TURN_MS)
    expect(lobby.get_by_text("Cy has joined.")).to_be_visible(timeout=TURN_MS)
    host.page.get_by_role("button", name="Start the game").click()
    for guest in (bea, cy):
        expect(guest.page.locator("[data-screen=table]")).to_be_visible(timeout=TURN_MS)
        expect(guest.page.locator("#join-screen")).to_be_hidden()
    accessible(bea, site_url, "a guest's table")
    expect(cy.page.locator("html")).to_have_attribute("lang", "es")  # in its own language
    expect(cy.page.locator(".topbar .round")).to_contain_text("Ronda")
    expect(host.page.locator(".topbar .round")).to_contain_text("Round")
    play_to_the_end(host, (bea, cy))
    for guest in (bea, cy):
        expect(guest.page.locator("[data-screen=over]")).to_be_visible(timeout=TURN_MS)
    check_views(host, {1: bea, 2: cy})
    # The game's review on a guest's device, from the record the host sent at its end.
    records = [message["record"] for message in cy.received() if message["t"] == "record"]
    assert [from_dict(record) for record in records] == [
        loads(host.page.evaluate("localStorage.getItem('tweak.last')"))]
    cy.page.locator("#review-game").click()
    expect(cy.page.locator("[data-screen=review]")).to_be_visible(timeout=TURN_MS)
    cy.page.locator("#review-next").click()
    expect(cy.page.locator("[data-screen=review]")).to_have_attribute("data-step", "1")


def reply_tab(host, reply):
    """The guest's reply opened on the host's own device: a tab of its own, which hands the
    reply to the game's tab and says to go back there."""
    tab = host.context.new_page()
    tab.goto(reply)
    expect(tab.locator("#reply-status")).to_contain_text("Go back to the TWEAK! tab",
                                                         timeout=TURN_MS)
    tab.close()


def hand_of(device) -> list:
    return sorted(device.page.locator(".hand [data-ui^='hand:']").evaluate_all(
        "(cards) => cards.map((card) => card.dataset.ui.slice(5))"))


def test_a_bomb_victim_a_hostile_guest_and_a_guest_that_reloads(devices, site_url):
    from tests.e2e.test_game import capture_opening
    from tests.ui.scenarios import tweak_opening

    opening = tweak_opening(3, ("bomb",))
    host = devices(viewport=(1280, 800))
    # A computer too: it captures, so a game of people who only place still ends.
    links = deal(host, site_url + opening.query(pace="fast", goal=20),
                 ["human", "remote", "bot:easy"])
    bea = devices()
    reply_tab(host, join(bea, links[1], "Bea"))  # the second way of taking a reply
    expect(host.page.get_by_text("Bea has joined.")).to_be_visible(timeout=TURN_MS)
    host.page.get_by_role("button", name="Start the game").click()
    expect(host.page.locator("#place")).to_be_visible(timeout=TURN_MS)
    capture_opening(host.page, opening)  # a TWEAK!: the host wins The Bomb
    expect(bea.page.locator("#place")).to_be_visible(timeout=TURN_MS)
    bea.page.locator(".hand [data-ui^='hand:']").first.click()
    bea.page.locator("#place").click()
    host.page.locator("[data-action=bomb]").click(timeout=TURN_MS)
    # The victim is asked on its own device.
    expect(bea.page.locator(".prompt.alert")).to_contain_text("played The Bomb", timeout=TURN_MS)
    bea.page.locator(".hand [data-ui^='hand:']").first.click()
    bea.page.locator("#give-up").click()
    expect(host.page.locator(".log")).to_contain_text("to the Bomb", timeout=TURN_MS)
    expect(host.page.locator("#place")).to_be_visible(timeout=TURN_MS)

    # Hostile messages from the guest's page, past peers.js: the host's game does not change.
    saved = host.page.evaluate("localStorage.getItem('tweak.save')")
    state = loads(saved).states()
    *_, now = state
    host_move = str(view(now, 0).legal[-1])
    for text in (
        json.dumps({"v": 1, "t": "act", "action": host_move, "step": now.step}),  # not its turn
        json.dumps({"v": 1, "t": "act", "action": "R1", "step": now.step}),
        "{not json", json.dumps({"v": 1, "t": "hello", "name": "Mallory", "secret": "x"}),
        # A megabyte cannot be sent at all (the channel's max-message-size is 256 KiB): the
        # largest that can is dropped by the host's page.
        "x" * 250_000,
    ):
        bea.page.evaluate("(text) => window.__channels[0].send('m' + text)", text)
    bea.page.evaluate("""(text) => { for (let i = 0; i < 300; i++)
                                       window.__channels[0].send('m' + text); }""",
                      json.dumps({"v": 1, "t": "act", "action": host_move, "step": now.step}))
    host.page.wait_for_timeout(2000)
    assert host.page.evaluate("localStorage.getItem('tweak.save')") == saved
    assert loads(saved).names[1] == "Bea"  # the hello with a wrong secret took nothing
    expect(host.page.locator("#place")).to_be_visible()

    # The guest's page reloads: the host shows the seat away, with an invitation to come back.
    bea.page.reload()
    away = host.page.locator(".away-seat[data-seat='1']")
    expect(away).to_be_visible(timeout=TURN_MS)
    away.get_by_text("Invitation to come back").click()
    accessible(host, site_url, "the host's table with a seat away and its invitation")
    field = away.locator(".peer-link")
    expect(field).not_to_have_value("", timeout=TURN_MS)
    paste_reply(host, 1, join(bea, field.input_value(), "Bea"))
    expect(bea.page.locator("[data-screen=table]")).to_be_visible(timeout=TURN_MS)
    expect(away).to_have_count(0, timeout=TURN_MS)
    play_turn(host)
    expect(bea.page.locator("#place")).to_be_visible(timeout=TURN_MS)  # its cards answer
    *_, now = loads(host.page.evaluate("localStorage.getItem('tweak.save')")).states()
    assert hand_of(bea) == sorted(str(face) for face in now.hands[1])  # its hand intact
    play_to_the_end(host, (bea,))
    check_views(host, {1: bea})


def test_a_stranger_with_the_invitation_to_come_back_is_turned_away(devices, site_url):
    """A guest's page closes mid-game; another device opens the invitation to come back: it
    is refused and told so, its channel is closed, the seat gets a new invitation at once,
    and the seat's person comes back with it, to the same hand.  The invitation names the
    person as they called themselves."""
    host = devices(viewport=(1280, 800))
    links = deal(host, site_url + "?pace=fast&goal=500&seed=5", ["human", "remote"],
                 names=("Ana", "Ada"))
    bea = devices()
    paste_reply(host, 1, join(bea, links[1], "Bea"))
    expect(host.page.get_by_text("Bea has joined.")).to_be_visible(timeout=TURN_MS)
    host.page.get_by_role("button", name="Start the game").click()
    expect(bea.page.locator("[data-screen=table]")).to_be_visible(timeout=TURN_MS)
    bea.page.close()  # its storage (the seat's secret) stays, as a closed tab's does

    away = host.page.locator(".away-seat[data-seat='1']")
    expect(away).to_contain_text("Bea is away", timeout=TURN_MS)
    away.get_by_text("Invitation to come back, for Bea").click()
    panel = away.locator(".invite-panel")
    status = panel.locator(".peer-status")
    expect(panel.locator(".invite-title")).to_have_text("Invite for Bea")
    expect(status).to_contain_text("Bea's device was disconnected. This new invite lets Bea "
                                   "come back", timeout=TURN_MS)
    field = panel.locator(".peer-link")
    expect(field).not_to_have_value("", timeout=TURN_MS)
    come_back = field.input_value()

    stranger = devices()
    paste_reply(host, 1, join(stranger, come_back, "Mallory"))
    expect(stranger.page.locator("#join-title")).to_have_text(
        "Seat 2 at Ana's table is not free", timeout=TURN_MS)
    expect(stranger.page.locator("#join-status")).to_have_text(
        "Another device plays this seat: only that device can take it back. If you played it, "
        "open the invitation on the device and in the browser you played on.")
    expect(stranger.page.get_by_role("button", name="Go to the game's start screen")).to_be_visible()
    stranger.page.wait_for_function(
        "window.__channels.length && window.__channels.every((c) => c.readyState === 'closed')",
        timeout=TURN_MS)
    # The host's panel says what happened, with a new invitation, while the stranger's page
    # is still open; the banner still says Bea is away.
    expect(status).to_have_text(
        "A device that is not Bea's answered the invite and was turned away. This new invite "
        "lets Bea come back: waiting for the reply…", timeout=TURN_MS)
    expect(field).not_to_have_value(come_back, timeout=TURN_MS)
    expect(field).not_to_have_value("")
    expect(away).to_contain_text("Bea is away")
    assert "Mallory" not in host.page.locator("#game").inner_text()
    status.scroll_into_view_if_needed()
    host.page.screenshot(path="/tmp/stranger-host.png")
    stranger.page.screenshot(path="/tmp/stranger-guest.png")
    accessible(stranger, site_url, "the join screen of a device turned away")

    bea.page = bea.context.new_page()
    bea.page.on("pageerror", lambda error: bea.errors.append(str(error)))
    paste_reply(host, 1, join(bea, field.input_value(), "Bea"))
    expect(bea.page.locator("[data-screen=table]")).to_be_visible(timeout=TURN_MS)
    expect(away).to_have_count(0, timeout=TURN_MS)
    *_, now = loads(host.page.evaluate("localStorage.getItem('tweak.save')")).states()
    assert hand_of(bea) == sorted(str(face) for face in now.hands[1])  # its hand intact


def test_a_firefox_guest_joins_and_plays_a_move(devices, site_url):
    """Another engine on the guest's side: Firefox ESR, driven by tests/browsers/guest.mjs,
    answers a Chromium host's invitation and plays a move there."""
    import queue
    import subprocess
    import threading

    from tests.browsers import drivers

    problem = drivers.firefox_problem()
    if problem:
        pytest.skip(problem)
    host = devices(viewport=(1280, 800))
    links = deal(host, site_url + "?pace=fast&goal=500&seed=5", ["human", "remote"])
    guest = subprocess.Popen(
        ["node", str(drivers.HERE / "guest.mjs"), "--browser", "firefox",
         "--executable", str(drivers.FIREFOX), "--invite", links[1], "--name", "Flo"],
        stdout=subprocess.PIPE, text=True)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(json.loads(line)) for line in guest.stdout],
                     daemon=True).start()

    def heard(key, seconds=READY_MS / 1000):
        line = lines.get(timeout=seconds)
        assert key in line, line
        return line

    try:
        paste_reply(host, 1, heard("reply")["reply"])
        expect(host.page.get_by_text("Flo has joined.")).to_be_visible(timeout=TURN_MS)
        host.page.get_by_role("button", name="Start the game").click()
        heard("table")
        played = None
        for _turn in range(200):
            play_turn(host)
            try:
                played = lines.get(timeout=0.2)
                break
            except queue.Empty:
                continue
        assert played and "played" in played, played
        last = heard("done")
        assert last["failure"] is None and not last["pageErrors"], last
        assert "firefox" in last["version"].lower(), last["version"]
    finally:
        guest.wait(timeout=60)
    # The host's game holds Firefox's move, made for seat 2 by that device.
    record = loads(host.page.evaluate("localStorage.getItem('tweak.save')"))
    moves = [(before.to_act, action) for before, action in zip(record.states(), record.actions)]
    assert (1, played["played"]) in moves, moves
