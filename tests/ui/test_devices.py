"""Play across devices, over a fake transport: one host ``Host`` and a ``Host`` per guest
device, their messages carried as the main thread's peers.js carries them (texts, in order).

Shown here: the lobby and its Start, whole games with two guests and a computer, that every
message a guest gets is exactly its own seat's ``tweak.view`` (checked against the host's
state at every step), a Bomb whose victim is a guest, a guest in Spanish at an English host,
a guest's reload and rejoin with its secret, and hostile messages that change nothing.
"""

import json
import random
from datetime import datetime, timezone

import pytest

from tweak import PlayBomb, legal_actions, view
from tweak.record import to_dict
from tweak.wire import from_wire
from ui.worker.host import Host
from ui.worker.protocol import MAX_TO_GUEST, SEAT_KEY

CLOCK = lambda: datetime(2026, 12, 1, tzinfo=timezone.utc)  # noqa: E731


def seats_form(*kinds, names=()):
    fields = {"players": str(len(kinds))}
    for seat, kind in enumerate(kinds):
        fields[f"kind-{seat}"] = kind
        fields[f"name-{seat}"] = names[seat] if seat < len(names) else ""
    return fields


class Table:
    """A host device and its guests, and the messages between them."""

    def __init__(self, kinds, query="?pace=instant", catalogues=None, guest_langs=None):
        extra = {"catalogues": catalogues} if catalogues else {}
        self.host = Host(seeds=random.Random(7), clock=CLOCK, **extra)
        self.host.hello(query, "", {}, "instant", "no", "", ["en"])
        reply = self.host.answer("deal", seats_form(*kinds, names=("Ana",)), {})
        assert reply["screen"] == "lobby"
        self.invited = json.loads(reply["peers"])
        self.guests = {}
        self.received = {}  # seat -> every message text its device got
        self.storage = {}  # seat -> what the guest's device stored
        self.extra = extra
        self.guest_langs = guest_langs or {}

    def join(self, seat, name, secret=""):
        guest = Host(seeds=random.Random(seat), clock=CLOCK, **self.extra)
        lang = self.guest_langs.get(seat, "en")
        assert guest.hello("", "#join=x", {}, "instant", "no", lang, [lang])["screen"] == "join"
        self.guests[seat] = guest
        opened = {"name": name, "secret": secret, "table": self.invited["table"], "seat": seat}
        self.from_guest(seat, guest.peer("host", "open", json.dumps(opened)))
        return guest

    def from_host(self, reply):
        for source, texts in (reply.get("send") or {}).items():
            seat = int(source)
            for text in texts:
                self.received.setdefault(seat, []).append(text)
                self.check(seat, text)
                if seat in self.guests:
                    self.from_guest(seat, self.guests[seat].peer("host", "message", text))
        return reply

    def from_guest(self, seat, reply):
        self.storage.setdefault(seat, {}).update(reply.get("store") or {})
        for source, texts in (reply.get("send") or {}).items():
            assert source == "host"
            for text in texts:
                self.from_host(self.host.peer(str(seat), "message", text))
        return reply

    def check(self, seat, text):
        """What a guest receives holds its own view and nothing more."""
        assert len(text) < MAX_TO_GUEST
        data = json.loads(text)
        if data["t"] == "view":
            assert from_wire(data["view"]) == view(self.host.session.state, seat)
        if data["t"] == "record":  # every hand of the game, so only once it is over
            assert self.host.session.state.is_over
            return
        for other, hand in enumerate(self.host.session.state.hands):
            if other != seat and data["t"] != "view":
                assert not any(f'"{face}"' in text for face in hand)

    def state(self):
        return self.host.session.state


def play(table, choose=lambda actions: actions[0], limit=4000):
    """Play to the end: the host's person, the computers and the guests, each from their own
    device; every score sheet is seen on every device."""
    host = table.host
    for _step in range(limit):
        session = host.session
        if session.state.is_over:
            return
        for guest in table.guests.values():
            if guest.session.kind() == "scores":
                guest.command("next-round")
        if session.kind() == "scores":
            table.from_host(host.command("next-round"))
            continue
        seat = session.state.to_act
        kind = session.seats[seat].kind
        if kind == "human":
            table.from_host(host.act(str(choose(legal_actions(session.state)))))
        elif kind == "remote" and not session.remote[seat].stood_in():
            guest = table.guests[seat]
            mine = guest.session.view
            assert mine.my_turn and guest.session.kind() == "table"
            table.from_guest(seat, guest.act(str(choose(list(mine.legal)))))
        else:
            table.from_host(host.bot_move())
    raise AssertionError("the game did not end")


def test_the_lobby_waits_for_every_seat_then_starts():
    table = Table(("human", "remote", "remote", "bot:easy"))
    assert [seat["seat"] for seat in table.invited["seats"]] == [1, 2]
    html = table.host.screen()["html"]
    assert html.count("data-invite=") == 2 and "disabled" in html
    assert "every seat is taken" in table.host.command("start-game")["html"]
    assert table.host.session.kind() == "lobby"
    table.join(1, "Bea")
    table.join(2, "Cy")
    assert table.host.session.names == ("Ana", "Bea", "Cy", table.host.session.names[3])
    reply = table.from_host(table.host.command("start-game"))
    assert reply["screen"] == "table"
    for seat in (1, 2):
        assert table.guests[seat].session.kind() == "table"
        assert 'data-screen="table"' in table.guests[seat].screen()["html"]


def test_a_seat_nobody_joins_can_be_a_computer():
    table = Table(("human", "remote", "remote"))
    table.join(1, "Bea")
    table.from_host(table.host.command("seat-computer:2"))
    assert table.host.session.seats[2].tag == "bot:medium"
    table.from_host(table.host.command("start-game"))
    play(table)
    assert table.state().is_over


def test_a_whole_game_with_two_guests_and_a_computer_shows_each_only_its_view():
    table = Table(("human", "remote", "remote", "bot:easy"), query="?pace=instant&goal=60")
    table.join(1, "Bea")
    table.join(2, "Cy")
    table.from_host(table.host.command("start-game"))
    play(table, choose=lambda actions: random.Random(len(actions)).choice(actions))
    assert table.state().is_over
    for seat in (1, 2):
        guest = table.guests[seat].session
        assert guest.view.totals == table.state().totals and guest.kind() == "over"
        steps = [json.loads(text)["step"] for text in table.received[seat]
                 if json.loads(text)["t"] == "view"]
        assert steps == sorted(set(steps))  # each step once, in order
        assert 'data-screen="over"' in table.guests[seat].screen()["html"]


def test_a_bomb_asks_its_guest_victim_on_the_guests_device():
    bombs = ",".join(["bomb"] * 8)
    table = Table(("human", "remote", "bot:easy"), query=f"?pace=instant&tcards={bombs}")
    table.join(1, "Bea")
    table.from_host(table.host.command("start-game"))
    asked = []
    host = table.host

    def choose(actions):
        if host.session.state.phase.value == "bomb" and host.session.state.to_act == 1:
            asked.append(table.guests[1].session.view.phase)
        bomb = [action for action in actions if isinstance(action, PlayBomb)]
        return bomb[0] if bomb else actions[0]
    play(table, choose=choose)
    assert "bomb" in asked  # the guest's own view asked it to give up a card


def test_a_spanish_guest_at_an_english_host(catalogue_archive):
    table = Table(("human", "remote"), catalogues=catalogue_archive, guest_langs={1: "es"})
    table.join(1, "Bea")
    reply = table.from_host(table.host.command("start-game"))
    assert "Invite" not in reply["html"] and 'lang' not in reply  # the host stays English
    html = table.guests[1].screen()["html"]
    assert "Ronda" in html and "Round" not in html


def test_a_guest_reloads_and_takes_its_seat_back_with_its_hand():
    table = Table(("human", "remote", "bot:easy"))
    table.join(1, "Bea")
    table.from_host(table.host.command("start-game"))
    kept = json.loads(table.storage[1][SEAT_KEY])
    assert kept["seat"] == 1 and kept["secret"]
    table.from_host(table.host.peer("1", "closed", ""))
    assert table.host.session.remote[1].state == "away"
    assert "is away" in table.host.screen()["html"]
    # Another device with the invitation but not the secret is refused.
    stranger = table.join(1, "Mallory", secret="guess")
    assert stranger.session.view is None
    assert json.loads(table.received[1][-1]) == {"v": 1, "t": "refused", "why": "taken"}
    assert table.host.session.remote[1].state == "away"
    back = table.join(1, "Bea", secret=kept["secret"])
    assert back.session.view.hand == table.state().hands[1]
    assert table.host.session.remote[1].state == "here"
    play(table)


def test_a_stranger_with_the_come_back_invitation_is_turned_away_its_channel_closed():
    table = Table(("human", "remote", "bot:easy"))
    table.join(1, "Bea")
    table.from_host(table.host.command("start-game"))
    kept = json.loads(table.storage[1][SEAT_KEY])
    # A hello with a wrong secret on the channel of the device that holds the seat changes
    # nothing and closes nothing (it is that device's channel).
    hostile = json.dumps({"v": 1, "t": "hello", "name": "Mallory", "secret": "x"})
    (refused,) = table.host.peer("1", "message", hostile)["send"]["1"]
    assert "part" not in table.host.peer("1", "message", hostile)
    assert "part" not in table.guests[1].peer("host", "message", refused)  # it was welcomed
    table.from_host(table.host.peer("1", "closed", ""))
    # A stranger answers the invitation to come back: refused, and its channel closed.
    stranger = Host(seeds=random.Random(9), clock=CLOCK)
    stranger.hello("", "#join=x", {}, "instant", "no", "en", ["en"])
    opened = {"name": "Mallory", "secret": "", "table": table.invited["table"], "seat": 1}
    (hello,) = stranger.peer("host", "open", json.dumps(opened))["send"]["host"]
    turned_away = table.host.peer("1", "message", hello)
    assert turned_away["part"] == {"1": ""}
    (refused,) = turned_away["send"]["1"]
    assert json.loads(refused) == {"v": 1, "t": "refused", "why": "taken"}
    assert table.host.session.remote[1].state == "away"
    assert table.host.session.names[1] == "Bea"
    # The stranger's device is told why, in its join screen, and closes its side too.
    told = stranger.peer("host", "message", refused)
    assert told["part"]["host"].startswith("Another device plays this seat: only that device")
    assert "screen" not in told and not stranger.session.connected
    # The seat's person comes back with the secret, and has the same hand.
    back = table.join(1, "Bea", secret=kept["secret"])
    assert back.session.view.hand == table.state().hands[1]
    assert table.host.session.remote[1].state == "here"


def test_the_invitations_name_the_seat_by_the_name_its_person_typed_and_say_it_is_taken():
    """The main thread's invitations (peers.js) are renamed with the seat: the one to come
    back names the person as they called themselves, not as the start screen did; and they
    say when the game has given the seat to the device on its channel ("here"), and when that
    device has gone."""
    table = Table(("human", "remote"))
    assert [seat["name"] for seat in table.invited["seats"]] == ["Ada"]  # the start screen's
    assert [seat["here"] for seat in table.invited["seats"]] == [False]
    guest = Host(seeds=random.Random(3), clock=CLOCK)
    guest.hello("", "#join=x", {}, "instant", "no", "en", ["en"])
    opened = {"name": "Bea", "secret": "", "table": table.invited["table"], "seat": 1}
    (hello,) = guest.peer("host", "open", json.dumps(opened))["send"]["host"]
    welcomed = table.host.peer("1", "message", hello)
    assert json.loads(welcomed["send"]["1"][0])["t"] == "welcome"
    assert json.loads(welcomed["peers"])["seats"] == [{"seat": 1, "name": "Bea", "here": True}]
    gone = table.host.peer("1", "closed", "")
    assert json.loads(gone["peers"])["seats"] == [{"seat": 1, "name": "Bea", "here": False}]


def test_a_computer_stands_in_while_a_guest_is_away():
    table = Table(("human", "remote"))
    table.join(1, "Bea")
    table.from_host(table.host.command("start-game"))
    table.from_host(table.host.peer("1", "closed", ""))
    table.from_host(table.host.command("stand-in:1"))
    assert table.host.session.remote[1].state == "computer"
    del table.guests[1]
    play(table)  # the host's computer plays seat 1 to the end
    assert table.state().is_over


def test_the_banner_of_seats_away_opens_folds_on_its_heading_and_opens_for_the_next():
    table = Table(("human", "remote", "bot:easy"))
    table.join(1, "Bea")
    table.from_host(table.host.command("start-game"))
    reply = table.from_host(table.host.peer("1", "closed", ""))
    # Open at once, the invitation in it; the notice says where it is.
    assert '<details class="away-sheet" open><summary data-ui="away">' in reply["html"]
    assert 'data-invite="1"' in reply["html"]
    assert "Their invitation to come back is under “Players away”." in reply["html"]
    folded = table.host.command("away")["html"]
    assert '<details class="away-sheet"><summary' in folded and 'data-invite="1"' in folded
    assert '<details class="away-sheet"><summary' in table.host.screen()["html"]  # it stays
    assert 'class="away-sheet" open' in table.host.command("away")["html"]
    table.host.command("away")
    secret = json.loads(table.storage[1][SEAT_KEY])["secret"]
    table.join(1, "Bea", secret=secret)
    assert "away-sheet" not in table.host.screen()["html"]
    table.from_host(table.host.peer("1", "closed", ""))
    assert 'class="away-sheet" open' in table.host.screen()["html"]  # the next one finds it open


@pytest.mark.parametrize("text", [
    "{not json", "[]", json.dumps({"v": 1, "t": "act", "action": "R3"}),  # a field missing
    json.dumps({"v": 2, "t": "act", "action": "R3", "step": 0}),
    json.dumps({"v": 1, "t": "view", "view": {}, "step": 0, "actor": 0}),  # host-only type
    json.dumps({"v": 1, "t": "act", "action": "R3", "step": 0, "seat": 0}),  # an extra field
    json.dumps({"v": 1, "t": "act", "action": ["R3"], "step": 0}),
    "x" * (1 << 20),
])
def test_malformed_guest_messages_are_dropped(text):
    table = Table(("human", "remote"))
    table.join(1, "Bea")
    table.from_host(table.host.command("start-game"))
    before = table.host.session.record
    assert table.host.peer("1", "message", text) == {}
    assert table.host.session.record == before


def test_a_guest_cannot_act_for_another_seat_or_out_of_turn():
    table = Table(("human", "remote", "remote"))
    table.join(1, "Bea")
    table.join(2, "Cy")
    table.from_host(table.host.command("start-game"))
    state = table.state()
    seat = state.to_act
    move = str(legal_actions(state)[0])
    step = state.step
    for sender in {1, 2} - {seat}:  # every guest whose turn it is not
        reply = table.host.peer(str(sender), "message", json.dumps(
            {"v": 1, "t": "act", "action": move, "step": step}))
        assert json.loads(reply["send"][str(sender)][0])["why"] == "turn"
    for source in ("0", "3", "host", "", "9" * 40):  # not a seat on another device
        assert table.host.peer(source, "message", json.dumps(
            {"v": 1, "t": "act", "action": move, "step": step})) == {}
    for _flood in range(200):
        table.host.peer("1", "message", json.dumps({"v": 1, "t": "act", "action": "R3xR3",
                                                    "step": step}))
    assert table.state() is state


def test_a_guest_drops_what_the_host_should_never_send():
    table = Table(("human", "remote"))
    guest = table.join(1, "Bea")
    table.from_host(table.host.command("start-game"))
    shown = guest.screen()["html"]
    for text in ("{", json.dumps({"v": 1, "t": "view", "view": {"v": 1, "view": {}},
                                  "step": 99, "actor": None}),
                 json.dumps({"v": 1, "t": "hello", "name": "x", "secret": ""}),
                 json.dumps({"v": 1, "t": "view", "view": {"v": 1, "view": {"seat": 0}},
                             "step": 99, "actor": 0}),
                 json.dumps({"v": 1, "t": "record", "record": {"players": 9}}),
                 # A record of this very game, which is not over: its hands are hidden.
                 json.dumps({"v": 1, "t": "record",
                             "record": to_dict(table.host.session.record)})):
        reply = guest.peer("host", "message", text)
        assert "traceback" not in json.dumps(reply).lower()
        assert "cannot show" in reply["html"]
    assert guest.screen()["html"] == shown
    assert guest.session.record is None and "review-game" not in shown


def test_take_back_is_off_and_the_link_is_the_hosts():
    table = Table(("human", "remote"))
    guest = table.join(1, "Bea")
    table.from_host(table.host.command("start-game"))
    assert 'data-ui="take-back"' not in table.host.screen()["html"]
    assert 'data-ui="copy-link"' not in guest.screen()["html"]
    with pytest.raises(Exception, match="host"):
        guest.link()


def test_the_host_leaving_tells_the_guests_and_the_game_counts_in_no_statistics():
    from ui.worker.stats import Stats, count_game

    table = Table(("human", "remote"), query="?pace=instant&goal=30")
    guest = table.join(1, "Bea")
    table.from_host(table.host.command("start-game"))
    play(table)
    assert count_game(Stats(), table.host.session.record) == Stats()  # a game between people
    reply = table.host.start({})
    assert json.loads(reply["peers"]) == {"seats": []}
    assert [json.loads(text)["t"] for text in reply["send"]["1"]] == ["bye"]
    assert "closed the table" in guest.peer("host", "message", reply["send"]["1"][0])["html"]


def test_a_reload_of_the_hosts_tab_resumes_the_game_and_its_guests_take_their_seats_back():
    table = Table(("human", "remote", "bot:easy"))
    table.join(1, "Bea")
    reply = table.from_host(table.host.command("start-game"))
    kept = json.loads(table.storage[1][SEAT_KEY])
    saves = {"tweak.save": table.host.session.save_text(),
             "tweak.table": reply["store"]["tweak.table"]}
    step = table.state().step
    # The host's tab reloads: a new worker resumes the saved game, every remote seat away.
    table.host = Host(seeds=random.Random(8), clock=CLOCK)
    reply = table.host.hello("?pace=instant", "", saves, "instant", "tweak.save", "", ["en"])
    assert reply["screen"] == "table" and table.state().step == step
    assert table.host.session.remote[1].state == "away"
    assert json.loads(reply["peers"])["table"] == table.invited["table"]
    assert table.join(1, "Mallory", secret="guess").session.view is None  # not that device
    back = table.join(1, "Bea", secret=kept["secret"])
    assert back.session.view.hand == table.state().hands[1]
    play(table)


def test_a_guest_asks_for_a_rematch_and_the_hosts_play_again_deals_it_to_every_device():
    table = Table(("human", "remote", "bot:easy"), query="?pace=instant&goal=20")
    guest = table.join(1, "Bea")
    table.from_host(table.host.command("start-game"))
    play(table)
    assert "Ask for a rematch" in guest.screen()["html"]
    asked = guest.answer("rematch", {})
    assert "asked for a rematch" in asked["html"]
    assert "would like a rematch" in table.host.peer("1", "message",
                                                     asked["send"]["host"][0])["html"]
    first = table.host.session
    table.from_host(table.host.answer("rematch", {}))
    assert table.host.session is not first and table.host.session.remote[1].here
    assert guest.session.kind() == "table"  # the new deal reached the guest's device
    assert guest.session.record is None  # the last game's review is past
    assert guest.session.view == view(table.state(), 1)
    play(table)


def test_a_guest_reviews_the_finished_game_on_its_own_device(catalogue_archive):
    table = Table(("human", "remote", "bot:easy"), query="?pace=instant&goal=20",
                  catalogues=catalogue_archive, guest_langs={1: "es"})
    guest = table.join(1, "Bea")
    table.from_host(table.host.command("start-game"))
    # Before the end no record is sent: it holds every hand.
    table.from_host(table.host.bot_move())
    assert not any(json.loads(text)["t"] == "record" for text in table.received[1])
    play(table)
    assert [json.loads(text)["t"] for text in table.received[1]].count("record") == 1
    assert guest.session.record == table.host.session.record
    over = guest.screen()
    assert 'id="review-game"' in over["html"]
    review = guest.command("review")
    assert review["screen"] == "review" and "Puntuación de la ronda 1" in review["html"]
    last = guest.command("review:last")
    steps = len(table.host.session.record.actions)
    assert f"{steps}" in last["html"] and last["screen"] == "review"
    # A message from the host while the review is open (who sits where) keeps it open.
    seated = [text for text in table.received[1] if json.loads(text)["t"] == "table"][-1]
    assert guest.peer("host", "message", seated)["screen"] == "review"
    back = guest.command("review:close")
    assert back["screen"] == "over" and back["focus"] == "#review-game"
    assert table.host.review is None  # the host's device reviews on its own


def test_a_move_lost_with_its_channel_is_sent_again_once_back_and_applied_once():
    """A guest's move sent just as its channel closed may never have reached the host: once
    the device is back (its secret, the same seat), the person's move is sent again; a move
    that did arrive is applied once, however the channel came and went."""
    table = Table(("human", "remote"))
    guest = table.join(1, "Bea")
    table.from_host(table.host.command("start-game"))
    secret = json.loads(table.storage[1][SEAT_KEY])["secret"]
    opened = json.dumps({"name": "Bea", "secret": secret, "table": table.invited["table"],
                         "seat": 1})

    def to_guests_turn():
        while table.state().to_act != 1:
            table.from_host(table.host.act(str(legal_actions(table.state())[0])))

    def gone_and_back():
        guest.peer("host", "closed", "")
        table.from_host(table.host.peer("1", "closed", ""))
        table.from_guest(1, guest.peer("host", "open", opened))
        assert table.host.session.remote[1].state == "here"

    to_guests_turn()
    step, actions = table.state().step, len(table.host.session.record.actions)
    move = str(guest.session.view.legal[0])
    assert guest.act(move)["send"]["host"]  # sent, but lost with its channel
    gone_and_back()
    assert guest.session.step == step and table.state().step == step
    table.from_guest(1, guest.act(move))  # the person plays it again: it is sent
    assert table.state().step > step
    assert table.host.session.record.actions[actions:] == (move,)

    # A move that arrived, its answer lost with the channel: applied once, and the device,
    # back, is at the step after it.
    to_guests_turn()
    step = table.state().step
    move = str(guest.session.view.legal[0])
    for text in guest.act(move)["send"]["host"]:
        table.host.peer("1", "message", text)  # the host's answer never reaches the guest
    assert table.state().step > step
    gone_and_back()
    assert guest.session.step == table.state().step
    record = table.host.session.record
    assert [a for state, a in zip(record.states(), record.actions) if state.step == step] == [move]
