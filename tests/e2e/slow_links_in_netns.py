"""Slow people and a bad network, in real Chromium: run by tests/e2e/test_peers.py inside a
private network namespace of its own (tests/netns.py), where tests/impair.py may delay, drop
and cut the browsers' packets to each other without touching any other test.

* **Slow scans** (peers.js driven directly, no Python, with its real timings): a host with
  seven seats.  Four guests show their replies at once and the host takes them 10, 30, 60 and
  120 s later; a fifth guest opens its invite 120 s after it was made.  All connect, and every
  guest says it waits for the host all along.  Two more replies are left until Chromium's
  handshake gives up on them (about 220 s after they were made: tests/bench/results/ice.txt):
  both of those guests say their reply timed out; one makes a fresh reply with one tap, which
  connects; the host takes the other's expired reply, says so, makes a fresh invite with one
  tap, and that connects.
* **Checks that give up**: a network outage while two replies wait: the guests say the host's
  device is not answering, then that the connection timed out; after it, a fresh reply (one
  tap) connects to the same invite, and the host that takes a dead reply says so and makes a
  fresh invite (one tap) that connects.
* **Devices that never reach each other** (everything dropped from the start): both say so,
  asking whether they are on the same Wi-Fi.
* **A game over a bad network** (the whole game, Python running): 100 ms delay each way and
  2% loss from the invite on, and two outages of 5 s, each with a move in flight through it
  (the host's view to the guest, then the guest's move, tapped twice): every move applied
  exactly once, in the host's record as the guest sent it, every view the guest got its
  seat's view of that step, in order, and no device ever seen away.
"""

from __future__ import annotations

import json
import os
import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e import devices_in_netns as game
from tests.e2e import peers_in_netns as peers
# Fixtures: a browser for whole games (Python running); devices of peers.js alone.
from tests.e2e.devices_in_netns import browser  # noqa: F401
from tests.e2e.peers_in_netns import camera_file, devices, devices_browser  # noqa: F401
from tests.impair import Impairment, impairment_problem
from tests.netns import INSIDE
from tweak import loads

pytestmark = pytest.mark.skipif(os.environ.get(INSIDE) != "1",
                                reason="runs inside tests/netns.py's namespace (test_peers.py)")

NAMES = ("Bea", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal")
WAITING = "Waiting for Ann to take your reply…"
# Chromium gives up a reply's handshake 222 s after the reply was made when its first wait is
# the shortest, 50 ms; libwebrtc bases that wait on the connection's round trip, so on a busy
# machine it has come later than 240 s: the test waits for it at most this long.  Its
# connection checks fail about 15 s after the other device stopped answering them.
EXPIRED_S = 400
GIVE_UP_MS = 40_000
# The guest's frames to the host, as sent (the game's own "m" frames).
SENT = """
window.__sent = [];
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) {
  if (typeof data === "string" && data[0] === "m") window.__sent.push(data.slice(1));
  return send.call(this, data);
};
"""


@pytest.fixture
def impaired():
    """The namespace's bad network, removed after the test: start(delay_ms, loss)."""
    problem = impairment_problem()
    if problem:
        pytest.fail(problem)
    started = []

    def start(**kwargs):
        impairment = Impairment(**kwargs)
        started.append(impairment)
        return impairment

    yield start
    for impairment in started:
        impairment.stop()


def spec(seats: int) -> dict:
    return {"table": "k3P9xQ", "host": "Ann",
            "seats": [{"seat": seat, "name": NAMES[seat - 1]} for seat in range(1, seats + 1)]}


def panel(host, seat: int):
    return host.page.locator(f".invite-panel[data-seat='{seat}']")


def invite_of(host, seat: int) -> str:
    field = panel(host, seat).locator(".peer-link")
    expect(field).to_have_value(re.compile("#join="), timeout=peers.OPEN_MS)
    return field.input_value()


def take(host, seat: int, reply: str) -> None:
    paste = panel(host, seat).locator(".reply-paste")
    paste.fill(reply)
    paste.press("Enter")


def connected(host, guest, seat: int) -> None:
    """Both pages have the channel open, say so, and a message goes each way."""
    name = NAMES[seat - 1]
    host.page.wait_for_function(
        f"window.__events.some((e) => e[0] === '{seat}' && e[1] === 'open')",
        timeout=peers.OPEN_MS)
    peers.wait_for_event(guest.page, "open")
    expect(panel(host, seat).locator(".peer-status")).to_have_text(
        f"Connected to {name}'s device: waiting for it to take the seat…")
    expect(guest.page.locator("#join-status")).to_have_text("Connected to Ann's table.")
    peers.welcome(host, seat, check=False)  # the host's game gives it the seat
    expect(panel(host, seat).locator(".peer-status")).to_have_text(f"{name} is connected.")
    host.page.evaluate(f"tweakPeers.send({seat}, 'to {name}')")
    guest.page.evaluate(f"tweakPeers.send('host', 'from {name}')")
    guest.page.wait_for_function(f"window.__events.some((e) => e[2] === 'to {name}')",
                                 timeout=peers.OPEN_MS)
    host.page.wait_for_function(f"window.__events.some((e) => e[2] === 'from {name}')",
                                timeout=peers.OPEN_MS)


def retried_reply(guest, old: str) -> str:
    """The guest's one tap on Retry: its fresh reply link."""
    guest.page.get_by_role("button", name="Retry").click()
    expect(guest.page.locator("#join-status")).to_have_text(WAITING, timeout=peers.OPEN_MS)
    fresh = guest.page.locator("#join-link").input_value()
    assert fresh != old and "#reply=" in fresh
    # A person takes a moment to show and scan the fresh code.  (Taken within a fraction of a
    # second, when the earlier reply had reached the host's device, it would meet the earlier
    # reply's first handshake message, which Chromium keeps there: no connection.
    # tests/bench/results/ice.txt, "second reply".)
    guest.page.wait_for_timeout(1000)
    return fresh


def fresh_invite_connects(host, guest, seat: int, old_invite: str) -> None:
    """The host's one tap on Retry: a fresh invite, which the guest opens; its reply connects."""
    name = NAMES[seat - 1]
    panel(host, seat).get_by_role("button", name="Retry").click()
    expect(panel(host, seat).locator(".peer-status")).to_have_text(
        f"Waiting for {name}'s reply…", timeout=peers.OPEN_MS)
    invite = invite_of(host, seat)
    assert invite != old_invite
    guest.page = guest.open(invite)  # the guest opens the new invite
    reply = peers.guest_joins(guest, name)
    take(host, seat, reply)
    connected(host, guest, seat)


def test_replies_taken_late_and_an_invite_opened_late_connect_and_expired_ones_say_so(devices):
    """The slow scans, all at once: see the module's docstring."""
    host = devices(viewport=(1280, 800))
    began = time.monotonic()
    peers.host_invites(host, spec(7))
    invites = {seat: invite_of(host, seat) for seat in range(1, 8)}
    late = {1: 10, 2: 30, 3: 60, 4: 120}  # seat: seconds from its reply shown to taken
    guests, replies, shown = {}, {}, {}
    for seat in (1, 2, 3, 4, 6, 7):
        guests[seat] = devices(invites[seat])
        replies[seat] = peers.guest_joins(guests[seat], NAMES[seat - 1])
        shown[seat] = time.monotonic()
    waiting = set(late)
    while waiting or 5 not in guests:
        now = time.monotonic()
        for seat in sorted(waiting):
            # Never a silent wait, and never given up while the host's device answers.
            expect(guests[seat].page.locator("#join-status")).to_have_text(WAITING)
            if now - shown[seat] >= late[seat]:
                take(host, seat, replies[seat])
                connected(host, guests[seat], seat)
                waiting.discard(seat)
        if 5 not in guests and now - began >= 120:
            # The invite opened two minutes after it was made: the reply, taken at once.
            guests[5] = devices(invites[5])
            take(host, 5, peers.guest_joins(guests[5], NAMES[4]))
            connected(host, guests[5], 5)
        host.page.wait_for_timeout(500)
    assert time.monotonic() - shown[4] >= 120

    # Seats 6 and 7: their replies were never taken.  Chromium gives up their handshake; the
    # guests say so, with Retry (a fresh reply), until then they say they wait.
    for seat in (6, 7):
        expect(guests[seat].page.locator("#join-status")).to_have_text(WAITING)
    for seat in (6, 7):
        expect(guests[seat].page.locator("#join-status")).to_have_text(
            "Your reply timed out: Ann did not take it within a few minutes.",
            timeout=max(1, EXPIRED_S - (time.monotonic() - shown[seat])) * 1000)
        expect(guests[seat].page.locator("#join-retry-note")).to_contain_text(
            "Retry makes a new reply to this invite")
    assert time.monotonic() - shown[6] > 180
    # One tap makes a fresh reply to the same invite, which still connects.
    take(host, 6, retried_reply(guests[6], replies[6]))
    connected(host, guests[6], 6)
    # The host takes the expired reply: its connection checks find nobody, and it says so.
    take(host, 7, replies[7])
    expect(panel(host, 7).locator(".peer-status")).to_have_text(
        "The connection to Hal's device timed out: that reply is no longer open on it (it "
        "timed out or was replaced there, or its page was closed). Retry makes a new invite: "
        "Hal must open it again.", timeout=GIVE_UP_MS)
    fresh_invite_connects(host, guests[7], 7, invites[7])
    assert not host.warnings


def test_when_an_outage_makes_the_checks_give_up_both_devices_say_so(devices, impaired):
    host = devices(viewport=(1280, 800))
    peers.host_invites(host, spec(2))
    invites = {seat: invite_of(host, seat) for seat in (1, 2)}
    guests = {seat: devices(invites[seat]) for seat in (1, 2)}
    replies = {seat: peers.guest_joins(guests[seat], NAMES[seat - 1]) for seat in (1, 2)}
    for guest in guests.values():
        expect(guest.page.locator("#join-status")).to_have_text(WAITING)

    network = impaired()
    network.set("outage", 60)  # nothing gets through, until it is ended below
    for guest in guests.values():
        expect(guest.page.locator("#join-status")).to_have_text(
            "Ann's device is not answering at the moment: waiting for it…", timeout=GIVE_UP_MS)
    for guest in guests.values():
        expect(guest.page.locator("#join-status")).to_have_text(
            "The connection to Ann's device timed out: it stopped answering (the invite was "
            "closed there, or a device left the Wi-Fi).", timeout=GIVE_UP_MS)
        expect(guest.page.get_by_role("button", name="Retry")).to_be_visible()
    network.set("outage", 0)  # the network is back

    # Bea: one tap, a fresh reply to the same invite; it connects.
    take(host, 1, retried_reply(guests[1], replies[1]))
    connected(host, guests[1], 1)
    # Cy's old reply, taken now, cannot connect: the host says so, and one tap makes a fresh
    # invite that connects.
    take(host, 2, replies[2])
    expect(panel(host, 2).locator(".peer-status")).to_contain_text(
        "The connection to Cy's device timed out", timeout=GIVE_UP_MS)
    fresh_invite_connects(host, guests[2], 2, invites[2])
    counts = network.stop()
    assert counts["dropped"] > 0, counts


def test_devices_that_never_reach_each_other_say_so(devices, impaired):
    """The network drops everything from the start (devices on two networks, say): the guest
    gives up when the host's device has never answered (its wait shortened here), and the
    host, whose reply's checks find nobody, asks about the Wi-Fi too."""
    network = impaired()
    network.set("outage", 120)
    host = devices(viewport=(1280, 800))
    invite = peers.host_invites(host, spec(1))
    guest = devices(invite, times={"guestConnect": 5000})
    reply = peers.guest_joins(guest, "Bea")
    expect(guest.page.locator("#join-status")).to_have_text(
        "Could not connect to Ann's device. Are both devices on the same Wi-Fi?",
        timeout=GIVE_UP_MS)
    guest.close()
    take(host, 1, reply)
    expect(panel(host, 1).locator(".peer-status")).to_have_text(
        "Could not connect to Bea's device. Are both devices on the same Wi-Fi? Retry makes a "
        "new invite: Bea must open it again.", timeout=GIVE_UP_MS)
    network.set("outage", 0)
    assert network.stop()["dropped"] > 0


def test_a_game_over_a_slow_lossy_link_with_outages_loses_and_repeats_no_move(browser,
                                                                               site_url,
                                                                               impaired):
    from tweak import view
    from tweak.wire import from_wire

    made = []

    def device(**kwargs):
        made.append(game.Device(browser, **kwargs))
        return made[-1]

    host, bea = device(viewport=(1280, 800)), device()
    bea.context.add_init_script(SENT)
    network = impaired(delay_ms=100, loss=2, seed=3)
    played = []  # the devices that moved, in order

    def move(who=None, outage=False, twice=False):
        """Whoever is to play plays (a hand card, Place), and the move comes back; with
        ``who``, until it is that device's turn, whose move then starts an outage of 5 s (so
        that the move, or the view it makes, is in flight through it); ``twice``: its person
        taps again a moment later, since nothing seems to happen."""
        deadline = time.monotonic() + game.TURN_MS / 1000
        while time.monotonic() < deadline:
            for each in (host, bea):
                next_round = each.page.locator("#next-round")
                if next_round.is_visible():
                    next_round.click()
                if not each.page.locator("#place").is_visible():
                    continue
                ours = who is None or each is who
                if ours and outage:
                    network.set("outage", 5)
                if game.play_turn(each):
                    played.append(each)
                    if ours and twice:
                        each.page.wait_for_timeout(1000)
                        game.play_turn(each)
                    # Its turn is over once the move is back from the host's game.
                    expect(each.page.locator("#place")).to_be_hidden(timeout=game.TURN_MS)
                    if ours:
                        return
            host.page.wait_for_timeout(200)
        raise AssertionError("nobody could play")

    try:
        links = game.deal(host, site_url + "?pace=fast&goal=500&seed=5", ["human", "remote"])
        game.paste_reply(host, 1, game.join(bea, links[1], "Bea"))
        expect(host.page.get_by_text("Bea has joined.")).to_be_visible(timeout=game.TURN_MS)
        host.page.get_by_role("button", name="Start the game").click()
        expect(bea.page.locator("[data-screen=table]")).to_be_visible(timeout=game.TURN_MS)
        for _ in range(6):
            move()
        move(host, outage=True)  # the host's move, its view to the guest in flight
        move(bea, outage=True, twice=True)  # the guest's move in flight, tapped twice
        for _ in range(6):
            move()
        # The last move has reached both devices: someone may play again.
        page = host.page if played[-1] is bea else bea.page
        expect(page.locator("#place")).to_be_visible(timeout=game.TURN_MS)
        counts = network.stop()
        assert counts["dropped"] > 0, counts

        record = loads(host.page.evaluate("localStorage.getItem('tweak.save')"))
        states = list(record.states())
        moves = {before.step: (before.to_act, action)
                 for before, action in zip(states, record.actions)}
        sent = [json.loads(text) for text in bea.page.evaluate("window.__sent")]
        acts = [(message["step"], message["action"]) for message in sent if message["t"] == "act"]
        # Each of the guest's moves sent once (the second tap sent nothing), and applied once,
        # at the step it was made at; the host applied no other move for that seat.
        assert len(acts) == played.count(bea), (acts, played.count(bea))
        assert len({step for step, _action in acts}) == len(acts), acts
        assert {step: (1, action) for step, action in acts} == {
            step: mover for step, mover in moves.items() if mover[0] == 1}, (acts, moves)
        assert len(record.actions) >= len(played)
        # Every view reached the guest once, in order, up to the last; each is its seat's.
        received = bea.received()
        assert not [message for message in received if message["t"] == "refused"], received
        views = [message for message in received if message["t"] == "view"]
        steps = [message["step"] for message in views]
        assert steps == sorted(set(steps)) and steps[-1] == states[-1].step, steps
        by_step = {state.step: state for state in states}
        for message in views:
            assert from_wire(message["view"]) == view(by_step[message["step"]], 1)
        # Nobody was ever seen away: the channel lived through it all.
        expect(host.page.locator(".away-seat")).to_have_count(0)
        expect(bea.page.locator(".devices-banner")).to_have_count(0)
    finally:
        errors = [error for each in made for error in each.errors]
        for each in made:
            each.context.close()
    assert not errors, errors
