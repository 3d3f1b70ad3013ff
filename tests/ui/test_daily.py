"""The daily deal (ui/worker/daily.py, its verbs called on ui.worker.host.Host): one deal a day
from the UTC date, the same deal and the same computer moves on two fresh devices when the
person plays the same moves, another deal the next day, once per day per device (its own slot,
its result kept, no re-deal), the result to share and the link that deals it to a friend,
replays that count in nothing, bad links as sentences, no take-back in the day's own deal, and
the streak in the statistics."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from datetime import date, datetime, timedelta, timezone

import pytest

from tweak import EDITIONS, Record, dumps, format_action, loads, view
from tweak.record import RecordError
from ui.worker import daily
from ui.worker.protocol import DAILY_BROKEN_KEY, DAILY_KEY
from ui.worker.daily import DailyError, Result
from ui.worker.protocol import LAST_KEY, PREVIOUS_KEY, SAVE_KEY
from ui.worker.host import Host, parse_saves
from ui.worker.screens.game import render_screen
from ui.worker.protocol import STATS_KEY
from ui.worker.stats import (Stats, StatsError, count_daily, current_streak, dumps as stats_dumps,
                             parse as stats_parse)
from ui.worker.screens.stats import render_stats

DAY = date(2026, 12, 1)


def clock_at(day: date, hour: int = 15):
    return lambda: datetime(day.year, day.month, day.day, hour, 30, tzinfo=timezone.utc)


class Device:
    """One browser: a fresh worker (``Host``) and the localStorage the page keeps for it."""

    def __init__(self, day: date = DAY, pace: str = "normal", storage=None):
        self.host = Host(clock=clock_at(day))
        self.storage = dict(storage or {})
        self.keep(self.host.hello("", "", {}, pace))

    def keep(self, reply: dict) -> dict:
        assert "error" not in reply
        json.dumps(reply)  # plain data: it crosses to the main thread
        for key, value in (reply.get("store") or {}).items():
            if value is None:
                self.storage.pop(key, None)
            else:
                self.storage[key] = value
        return reply

    def saves(self) -> dict:
        return parse_saves(json.dumps(self.storage))

    def stats(self) -> str:
        return self.storage.get(STATS_KEY, "")

    def daily(self, text: str = "") -> dict:
        return self.keep(self.host.answer("daily", text, self.saves()))

    def start(self) -> dict:
        return self.keep(self.host.start(self.saves()))

    def step(self, choose=lambda legal: legal[-1]) -> dict:
        """One step of the game: a computer's move, a score sheet acknowledged, or the
        person's move chosen from their legal actions by ``choose``."""
        session = self.host.session
        if session.kind() == "scores":
            return self.keep(self.host.command("next-round"))
        if session.bot_to_act():
            return self.keep(self.host.bot_move(self.stats()))
        legal = view(session.state, session.state.to_act).legal
        return self.keep(self.host.act(format_action(choose(legal)), self.stats()))

    def play_to_the_end(self, choose=lambda legal: legal[-1], limit: int = 5000) -> Record:
        for _ in range(limit):
            if self.host.session.state.is_over:
                return self.host.session.record
            self.step(choose)
        raise AssertionError("the game did not end")


def first_capture_else_last(legal):
    """A person's policy that varies with the position (not always the same index)."""
    captures = [action for action in legal if format_action(action).count("x")]
    return captures[0] if captures else legal[-1]


# ---- the day, the seeds ---------------------------------------------------------------------


def test_the_seeds_come_from_a_hash_of_the_date_and_differ_by_day_seat_and_step():
    expected = int.from_bytes(hashlib.sha256(b"tweak-daily:2026-12-01").digest()[:6], "big")
    assert daily.deal_seed(DAY) == expected  # stable across processes and interpreters
    assert daily.deal_seed(DAY + timedelta(days=1)) != expected
    seeds = {daily.bot_seed(DAY, seat, step) for seat in (1, 2, 3) for step in range(50)}
    assert len(seeds) == 150 and expected not in seeds
    assert daily.today(clock_at(DAY, hour=23)) == DAY
    # 23:30 in New York on 30 November is already 1 December in UTC.
    new_york = timezone(timedelta(hours=-5))
    assert daily.today(lambda: datetime(2026, 11, 30, 23, 30, tzinfo=new_york)) == DAY


def test_todays_deal_is_the_fixed_line_up_with_the_dates_seed():
    device = Device()
    reply = device.daily()
    session = device.host.session
    assert reply["screen"] == "table" and reply["slot"] == DAILY_KEY
    assert session.record.seed == daily.deal_seed(DAY) and session.record.daily == "2026-12-01"
    assert session.record.seats == ("human", "bot:medium", "bot:hard", "bot:medium")
    assert session.names == ("You", "Ada", "Blaise", "Emmy")
    assert session.record.rules == EDITIONS["classic"]
    assert session.daily_counts
    # Saved in its own slot, not in tweak.save: no other game can push it out.
    assert SAVE_KEY not in device.storage
    assert daily.parse_status(device.storage[DAILY_KEY]).record == session.save_text()
    assert "Daily deal" in reply["html"]


def test_house_rules_in_the_address_do_not_change_the_daily_deal():
    device = Device()
    device.keep(device.host.hello("?seed=5&goal=30&tcards=bomb&dealer=2", "", {}, "normal"))
    device.daily()
    plain = Device()
    plain.daily()
    assert device.host.session.record == plain.host.session.record


def test_same_date_same_deal_and_same_computer_moves_on_two_devices():
    """Two fresh devices, the person playing the same moves: the same records, move for move,
    though one plays at normal pace and the other at instant and reloads mid-game."""
    one = Device(pace="normal")
    one.daily()
    first = one.play_to_the_end(first_capture_else_last)

    two = Device(pace="instant")
    two.daily()
    for _ in range(40):
        two.step(first_capture_else_last)
    # A reload: a new worker resumes the deal from storage (its computers come back as they were).
    reloaded = Device(pace="instant", storage=two.storage)
    reply = reloaded.keep(reloaded.host.hello("", "", reloaded.saves(), "instant",
                                              playing=DAILY_KEY))
    assert reply["slot"] == DAILY_KEY
    assert reloaded.host.session.record.actions == two.host.session.record.actions
    second = reloaded.play_to_the_end(first_capture_else_last)
    assert second.actions == first.actions
    assert second == first
    assert any(tag == "bot:hard" for tag in first.seats)  # Hard, too, decides the same


def test_the_next_day_deals_another_deal():
    today = Device(DAY)
    today.daily()
    tomorrow = Device(DAY + timedelta(days=1))
    tomorrow.daily()
    a, b = today.host.session, tomorrow.host.session
    assert a.record.seed != b.record.seed
    assert view(a.state, 0).hand != view(b.state, 0).hand or a.state.table != b.state.table


# ---- once per day per device ---------------------------------------------------------------


def test_leaving_and_coming_back_continues_the_deal_it_is_never_dealt_again():
    device = Device()
    device.daily()
    for _ in range(12):
        device.step()
    played = device.host.session.record.actions
    start = device.start()["daily"]
    assert "Continue today&#x27;s game" in start or "Continue today's game" in start
    assert f"{len(played)} move" in start
    again = Device(storage=device.storage)  # another visit, a new worker
    again.daily()
    assert again.host.session.record.actions == played
    assert again.host.session.daily_counts


def test_once_finished_the_day_shows_its_result_and_share_and_cannot_be_played_again():
    device = Device()
    device.daily()
    record = device.play_to_the_end(first_capture_else_last)
    state = device.host.session.state
    status = daily.parse_status(device.storage[DAILY_KEY])
    assert status.done and status.day == DAY and not status.record  # only the result is kept
    assert status.result == daily.result_of(state, 0)
    assert loads(device.storage[LAST_KEY]) == record
    over = render_screen(device.host.session.screen())
    assert "Share result" in over and 'data-ui="rematch"' not in over
    text = daily.share_text(DAY, status.result)
    assert text.startswith("TWEAK! daily 2026-12-01 — ")
    link = "daily=2026-12-01&vs=" + daily.rival_text(status.result)
    assert f'data-share="{text}"' in over and f'data-fragment="{link}"' in over.replace(
        "&amp;", "&")

    # A reload of the finished daily's tab shows its results again (the last game, with its
    # Share and its review), never another saved game, and writes nothing.
    other = {**device.storage, SAVE_KEY: dumps(Record(2, 9))}
    reload = Host(clock=clock_at(DAY)).hello("", "", parse_saves(json.dumps(other)), "normal",
                                             playing=DAILY_KEY)
    assert reload["screen"] == "over" and not reload["store"]
    assert f'data-share="{text}"' in reload["html"] and 'data-ui="rematch"' not in reload["html"]
    section = Device(storage=device.storage).start()["daily"]
    assert "Today's deal: " + daily.result_line(status.result) in section.replace("&#x27;", "'")
    assert "Share result" in section and "Play today" not in section
    # Asked again (the same button, or a link to today): a replay, never the day's own deal.
    reply = Device(storage=device.storage).daily()
    assert "you have played today's deal" in reply["html"].replace("&#x27;", "'")
    assert device.storage[DAILY_KEY] == Device(storage=device.storage).storage[DAILY_KEY]


def test_the_share_text_and_the_result_in_words():
    assert (daily.share_text(DAY, Result(142, 3, 2, False, 4))
            == "TWEAK! daily 2026-12-01 — 142 points, 3 TWEAK!s, 2nd of 4")
    assert (daily.share_text(DAY, Result(1, 1, 1, True, 4), replay=True)
            == "TWEAK! daily 2026-12-01 (replay) — 1 point, 1 TWEAK!, joint 1st of 4")
    assert [daily.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "111th"]
    assert daily.fragment(DAY) == "daily=2026-12-01"


# ---- links ----------------------------------------------------------------------------------


def test_a_past_days_link_deals_that_day_as_a_replay_that_counts_in_nothing():
    friend = Device(DAY - timedelta(days=3))
    friend.daily()
    theirs = friend.play_to_the_end(first_capture_else_last)

    device = Device(DAY)
    device.storage[SAVE_KEY] = dumps(Record(2, 9))  # an unfinished game: it is kept
    reply = device.keep(device.host.hello("", "#daily=2026-11-28", device.saves(), "normal"))
    session = device.host.session
    assert reply["slot"] == SAVE_KEY and not session.daily_counts
    assert "A replay of the daily deal of 28 November 2026" in reply["html"]
    assert "Daily replay" in reply["html"]
    assert device.storage[PREVIOUS_KEY] == dumps(Record(2, 9))
    mine = device.play_to_the_end(first_capture_else_last)
    assert mine == theirs  # the very same deal and computer moves as the friend's day
    assert DAILY_KEY not in device.storage and STATS_KEY not in device.storage
    over = render_screen(device.host.session.screen())
    assert "Replay of the daily deal of 28 November 2026" in over
    assert "TWEAK! daily 2026-11-28 (replay) — " in over


def test_a_link_to_today_counts_as_the_daily_deal_if_not_played_here():
    device = Device()
    reply = device.keep(device.host.hello("", "#daily=2026-12-01", {}, "normal"))
    assert reply["slot"] == DAILY_KEY and device.host.session.daily_counts


def test_a_friends_link_carries_their_result_to_compare_with_across_a_reload():
    sharer = Device()
    sharer.daily()
    sharer.play_to_the_end(first_capture_else_last)
    theirs = daily.parse_status(sharer.storage[DAILY_KEY]).result
    link = "#" + daily.fragment(DAY, theirs)
    assert daily.parse_rival(daily.rival_text(theirs)) == theirs

    friend = Device()
    reply = friend.keep(friend.host.hello("", link, {}, "normal"))
    assert reply["slot"] == DAILY_KEY and friend.host.session.daily_counts
    assert ("Your friend's result on this deal: " + daily.result_line(theirs)) in \
        reply["html"].replace("&#x27;", "'")
    friend.step()
    # The tab reloads mid-game: the friend's result is kept with the day's deal.
    again = Device(storage=friend.storage)
    again.keep(again.host.hello("", "", again.saves(), "normal", playing=DAILY_KEY))
    assert again.host.session.rival == theirs
    table = again.host.screen()["html"]  # the table shows the score to beat, all game long
    assert f'>Friend: {theirs.points}</span>' in table
    assert ("Your friend&#x27;s result: " + daily.result_line(theirs)) in table
    again.play_to_the_end(lambda legal: legal[0])
    mine = daily.parse_status(again.storage[DAILY_KEY]).result
    over = render_screen(again.host.session.screen())
    compared = daily.compare_line(mine, theirs)
    assert compared.startswith("Your friend: " + daily.result_line(theirs) + " — you made ")
    assert compared.replace("'", "&#x27;") in over
    assert compared.replace("'", "&#x27;") in again.start()["daily"]


@pytest.mark.parametrize("vs", ["142.3.2", "142.3.2.6.0", "a.b.c.d.e", "142.3.9.4.0",
                                "1.2.3.4.5", "9" * 80])
def test_a_friends_result_that_cannot_be_read_is_said_and_the_deal_is_the_same(vs):
    device = Device()
    reply = device.keep(device.host.hello("", "#daily=2026-12-01&vs=" + vs, {}, "normal"))
    assert device.host.session.daily_counts and device.host.session.rival is None
    assert "friend&#x27;s result in this link cannot be read" in reply["html"]
    with pytest.raises(DailyError):
        daily.parse_rival(vs)


def test_the_comparison_in_words():
    mine, theirs = Result(142, 3, 2, False, 4), Result(130, 1, 3, False, 4)
    assert daily.compare_line(mine, theirs) == \
        "Your friend: 130 points, 1 TWEAK!, 3rd of 4 — you made 12 points more"
    assert daily.compare_line(theirs, mine).endswith("you made 12 points less")
    assert daily.compare_line(mine, mine).endswith("the same points as you")


@pytest.mark.parametrize("fragment, words", [
    ("#daily=2026-13-01", "no such day"),
    ("#daily=2026-02-30", "no such day"),
    ("#daily=yesterday", "not a date of the form YYYY-MM-DD"),
    ("#daily=", "not a date"),
    ("#daily=%3Cb%3E", "not a date"),
    ("#daily=" + "9" * 5000, "not a date"),
    ("#daily=2026-12-02", "has not come yet"),
    ("#daily=2030-01-01", "has not come yet"),
])
def test_a_bad_daily_link_says_why_and_changes_nothing(fragment, words):
    device = Device()
    before = {SAVE_KEY: dumps(Record(2, 9))}
    reply = device.host.hello("", fragment, dict(before), "normal")
    assert reply["screen"] == "start" and words in reply["notice"]
    assert "Traceback" not in reply["notice"] and len(reply["notice"]) < 400
    assert not reply["store"]
    assert "Play today" in reply["daily"]


def test_the_today_hook_sets_the_day_and_a_bad_one_says_why():
    made = Host(clock=clock_at(DAY))
    reply = made.hello("?today=2027-03-04", "", {}, "normal")
    assert "4 March 2027" in reply["daily"]
    made.answer("daily", "", {})
    assert made.session.record.daily == "2027-03-04"
    bad = Host(clock=clock_at(DAY)).hello("?today=2027-3-4", "", {}, "normal")
    assert "today=" in bad["notice"] and "1 December 2026" in bad["daily"]


# ---- take back, statistics ----------------------------------------------------------------


def test_take_back_is_refused_in_the_days_own_deal_and_it_counts():
    device = Device()
    device.daily()
    while not device.host.session.human_to_act():
        device.step()
    device.step()  # the person's first move
    while not device.host.session.human_to_act():
        device.step()
    session = device.host.session
    screen = session.screen()
    assert not screen.take_back and 'data-ui="take-back"' not in render_screen(screen)
    before = session.record
    reply = device.keep(device.host.command("take-back"))
    assert "cannot be taken back in the daily deal" in reply["html"]
    assert session.record == before and not session.record.practice
    device.play_to_the_end()
    stats = stats_parse(device.stats())
    assert stats.daily_played == 1 and stats.daily_streak == 1 and stats.played == 1
    assert stats.daily_last == "2026-12-01"


def test_a_replay_may_be_taken_back():
    device = Device()
    device.daily("2026-11-20")
    while not device.host.session.human_to_act():
        device.step()
    device.step()
    while not device.host.session.human_to_act():
        device.step()
    assert device.host.session.screen().take_back
    device.keep(device.host.command("take-back"))
    assert device.host.session.record.practice


def test_the_streak_over_consecutive_and_broken_days():
    storage = {}
    for day in (DAY, DAY + timedelta(days=1), DAY + timedelta(days=2)):
        device = Device(day, storage=storage)
        device.daily()
        device.play_to_the_end()
        storage = device.storage
    stats = stats_parse(storage[STATS_KEY])
    assert (stats.daily_played, stats.daily_streak, stats.daily_best) == (3, 3, 3)
    assert "Streak: 3 days" in Device(DAY + timedelta(days=3), storage=storage).start()["daily"]
    later = DAY + timedelta(days=5)  # two days missed: the streak is broken
    assert "Streak" not in Device(later, storage=storage).start()["daily"]
    device = Device(later, storage=storage)
    device.daily()
    device.play_to_the_end()
    stats = stats_parse(device.storage[STATS_KEY])
    assert (stats.daily_played, stats.daily_streak, stats.daily_best) == (4, 1, 3)
    page = render_stats(stats, today=later)
    for words in ("Daily deals played</dt><dd>4", "Current streak</dt><dd>1 day<",
                  "Best streak</dt><dd>3 days"):
        assert words in page


def test_count_daily_and_current_streak():
    one = count_daily(Stats(), DAY)
    assert (one.daily_played, one.daily_streak, one.daily_best) == (1, 1, 1)
    assert count_daily(one, DAY) == one  # a day counts once
    assert count_daily(one, DAY - timedelta(days=1)) == one  # an older day changes nothing
    two = count_daily(one, DAY + timedelta(days=1))
    assert two.daily_streak == 2 and two.daily_best == 2
    gap = count_daily(two, DAY + timedelta(days=3))
    assert (gap.daily_played, gap.daily_streak, gap.daily_best) == (3, 1, 2)
    last = DAY + timedelta(days=3)
    assert [current_streak(gap, last + timedelta(days=n)) for n in (0, 1, 2)] == [1, 1, 0]
    assert current_streak(Stats(), DAY) == 0


def test_the_daily_counts_survive_export_and_import_and_a_bad_file_is_refused():
    stats = count_daily(count_daily(Stats(), DAY), DAY + timedelta(days=1))
    assert stats_parse(stats_dumps(stats)) == stats
    made = Host(clock=clock_at(DAY + timedelta(days=1)))
    exported = made.answer("export_stats", stats_dumps(stats))["download"]["text"]
    reply = made.answer("import_stats", exported, "")
    assert stats_parse(reply["store"][STATS_KEY]) == stats
    assert "Current streak</dt><dd>2 days" in reply["html"]
    old = '{"format": "tweak-stats/1", "games": {}, "tweaks": 2}'  # before the daily deal
    assert stats_parse(old).daily_played == 0
    for bad in ('{"format": "tweak-stats/1", "daily_last": "2026-1-1", "daily_streak": 1, '
                '"daily_best": 1, "daily_played": 1}',
                '{"format": "tweak-stats/1", "daily_streak": 3, "daily_best": 2, '
                '"daily_played": 5, "daily_last": "2026-12-01"}',
                '{"format": "tweak-stats/1", "daily_streak": 1, "daily_best": 1, '
                '"daily_played": 1}'):
        with pytest.raises(StatsError):
            stats_parse(bad)


# ---- the device's slot: damaged, or an earlier day's deal unfinished ------------------------


def test_a_damaged_daily_slot_is_set_aside_with_a_message():
    device = Device(storage={DAILY_KEY: "{not json"})
    reply = device.start()
    assert "daily deal" in reply["notice"] and "set aside" in reply["notice"]
    assert device.storage[DAILY_BROKEN_KEY] == "{not json" and DAILY_KEY not in device.storage
    assert "Play today" in reply["daily"]
    for bad in ('{"format": "tweak-daily/1", "date": "2026-12-01"}',
                '{"format": "tweak-daily/1", "date": "2026-12-01", "result": {"points": -1}}',
                '{"format": "tweak-daily/1", "date": "someday", "record": "x"}'):
        with pytest.raises(DailyError):
            daily.parse_status(bad)


def test_an_unfinished_deal_of_yesterday_can_be_finished_and_counts_for_its_day():
    yesterday = Device(DAY - timedelta(days=1))
    yesterday.daily()
    for _ in range(10):
        yesterday.step()
    today = Device(DAY, storage=yesterday.storage)
    section = today.start()["daily"]
    assert "Play today" in section and "Finish the game of 30 November 2026" in section
    today.keep(today.host.answer("resume", DAILY_KEY, today.saves()))
    assert today.host.session.daily_counts and today.host.session.daily == "2026-11-30"
    today.play_to_the_end()
    stats = stats_parse(today.stats())
    assert stats.daily_last == "2026-11-30" and stats.daily_streak == 1
    assert "Play today" in today.start()["daily"]


def test_todays_deal_turns_an_unfinished_earlier_one_into_an_ordinary_saved_game():
    yesterday = Device(DAY - timedelta(days=1))
    yesterday.daily()
    for _ in range(10):
        yesterday.step()
    old = daily.parse_status(yesterday.storage[DAILY_KEY]).record
    today = Device(DAY, storage={**yesterday.storage, SAVE_KEY: dumps(Record(2, 9))})
    today.daily()
    assert today.storage[SAVE_KEY] == old and today.storage[PREVIOUS_KEY] == dumps(Record(2, 9))
    assert daily.parse_status(today.storage[DAILY_KEY]).day == DAY
    # Resumed from Resume, it is a replay: it counts in nothing.
    today.keep(today.host.answer("resume", SAVE_KEY, today.saves()))
    assert today.host.session.daily == "2026-11-30" and not today.host.session.daily_counts


# ---- the record's field ---------------------------------------------------------------------


def test_a_records_daily_date_round_trips_and_a_bad_one_is_refused():
    record = Record(4, daily.deal_seed(DAY), daily="2026-12-01")
    assert loads(dumps(record)) == record and '"daily":' in dumps(record)
    assert '"daily"' not in dumps(Record(2, 1))
    data = json.loads(dumps(record))
    for bad in ("2026-12", 20261201, "<script>", "2026-12-01x"):
        with pytest.raises(RecordError):
            loads(json.dumps({**data, "daily": bad}))
    from ui.worker.errors import SessionError
    from ui.worker.session import Session

    with pytest.raises(SessionError, match="daily deal's date"):
        Session.from_save(json.dumps({**data, "daily": "2026-99-99",
                                      "seats": ["human", "bot:medium", "bot:hard", "bot:medium"]}))
