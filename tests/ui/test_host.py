"""The worker's side of the page protocol (ui/worker/host.py and the verbs it mixes in, exported
by ui/worker/__main__.py) without a browser: what each verb answers, what it asks the main
thread to store, and how bad saves, links and addresses are turned into sentences while nothing
a player made is lost."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tweak import Place, loads
from ui.worker.protocol import BROKEN_KEY, LAST_BROKEN_KEY, LAST_KEY, PREVIOUS_KEY, SAVE_KEY
from ui.worker.host import Host, parse_saves

FIELDS = {"players": "2", "kind-0": "human", "kind-1": "bot", "edition": "classic"}


def host(query: str = "?seed=7&pace=instant") -> Host:
    made = Host(seeds=random.Random(1))
    made.hello(query, "", {}, "normal")
    return made


def dealt(query: str = "?seed=7&pace=instant"):
    made = host(query)
    reply = made.answer("deal", FIELDS, {})
    return made, reply


def play_until_my_turn(made: Host, reply: dict) -> dict:
    while reply["bot"]:
        reply = made.bot_move()
    return reply


def test_hello_answers_the_start_screen_with_the_levels_of_each_select():
    reply = Host().hello("", "", {}, "fast")
    assert reply["screen"] == "start"
    assert 'value="human" selected' in reply["levels"]["human"]
    assert 'value="human" selected' not in reply["levels"]["bot"]
    assert json.loads(json.dumps(reply)) == reply  # plain data: it crosses to the main thread


@pytest.mark.parametrize("query", ["?seed=%C2%B2", "?seed=" + "9" * 5000, "?pace=warp",
                                   "?goal=0", "?tcards=cake"])
def test_a_bad_address_says_why_on_the_start_screen_and_a_game_can_still_be_dealt(query):
    made = Host()
    reply = made.hello(query, "", {}, "normal")
    assert reply["screen"] == "start" and "page address" in reply["notice"]
    assert made.answer("deal", FIELDS, {})["screen"] in ("table", "pass")


def test_a_deal_stores_the_game_and_keeps_the_game_it_replaces():
    made, first = dealt("?pace=instant")  # no seed hook: each deal is a new one
    old = first["store"][SAVE_KEY]
    assert loads(old).players == 2
    reply = made.answer("deal", FIELDS, {SAVE_KEY: old})
    assert reply["store"][PREVIOUS_KEY] == old
    assert reply["store"][SAVE_KEY] != old


@pytest.mark.parametrize("bad", ['{"format":"tweak-record/1","players":3,"seed":42,"names":5}',
                                 "[" * 8000, "not json", '{"format": "tweak-record/1"}'])
def test_a_bad_save_is_set_aside_once_never_offered_and_never_kept_as_previous(bad):
    made = host()
    start = made.start({SAVE_KEY: bad})
    assert start["store"] == {BROKEN_KEY: bad, SAVE_KEY: None}
    assert "set aside" in start["notice"] and "resume:" not in start["saves"]
    # Dealt over anyway (another tab wrote it meanwhile): it goes aside, not to "previous".
    reply = made.answer("deal", FIELDS, {SAVE_KEY: bad})
    assert reply["store"][BROKEN_KEY] == bad and PREVIOUS_KEY not in reply["store"]


def test_resume_swaps_the_two_saves_and_a_broken_one_is_set_aside():
    made, first = dealt()
    current = first["store"][SAVE_KEY]
    other = made.answer("deal", FIELDS, {SAVE_KEY: current})["store"][SAVE_KEY]
    reply = made.answer("resume", PREVIOUS_KEY, {SAVE_KEY: other, PREVIOUS_KEY: current})
    assert reply["store"][PREVIOUS_KEY] == other and reply["store"][SAVE_KEY] == current
    damaged = made.answer("resume", SAVE_KEY, {SAVE_KEY: current[:-40]})
    assert damaged["screen"] == "start" and damaged["store"][BROKEN_KEY] == current[:-40]


def test_moves_are_stored_as_they_are_made_and_selection_is_not():
    made, reply = dealt()
    reply = play_until_my_turn(made, reply)
    me = made.session.screen().view
    selected = made.command(f"hand:{me.hand[0]}")
    assert selected["store"] == {} and 'aria-pressed="true"' in selected["html"]
    moved = made.act(str(Place(me.hand[0])))
    assert loads(moved["store"][SAVE_KEY]).actions[-1] == str(Place(me.hand[0]))


def test_a_move_refused_is_a_sentence_on_the_table_not_an_error():
    made, reply = dealt()
    reply = play_until_my_turn(made, reply)
    refused = made.act("R9")
    assert refused["screen"] == "table" and "cannot be read" in refused["html"]
    assert refused["store"] == {}


def test_computer_moves_come_one_per_call_and_the_thinking_seat_is_shown():
    made, reply = dealt("?seed=3&pace=instant&dealer=0")  # the computer plays first
    assert reply["bot"] and "thinking" in reply["html"]
    moved = made.bot_move()
    assert loads(moved["store"][SAVE_KEY]).actions  # one computer move, stored
    assert len(loads(moved["store"][SAVE_KEY]).actions) == 1


def test_a_reloaded_tab_that_was_playing_gets_its_table_back_with_its_log():
    made, reply = dealt()
    reply = play_until_my_turn(made, reply)
    reply = play_until_my_turn(made, made.act(str(made.session.screen().view.legal[-1])))
    assert "Since your last turn" in reply["html"]
    save = made.session.save_text()
    again = Host().hello("", "", {SAVE_KEY: save}, "normal", playing=True)
    assert again["screen"] == "table"

    def log_of(html):
        return html[html.index('<aside class="log"'):html.index("</aside>")]

    assert log_of(again["html"]) == log_of(made.draw()["html"])  # "since your turn" too
    assert Host().hello("", "", {SAVE_KEY: save}, "normal")["screen"] == "start"


def test_a_link_opens_its_game_and_keeps_the_saved_one():
    made, first = dealt()
    fragment = made.link()["fragment"]
    other, _ = dealt("?seed=8")
    saved = other.session.save_text()
    reply = Host().hello("", "#" + fragment, {SAVE_KEY: saved}, "normal")
    assert reply["screen"] in ("table", "pass") and reply["store"][PREVIOUS_KEY] == saved
    broken = Host().hello("", "#g=" + "[" * 3000, {SAVE_KEY: saved}, "normal")
    assert broken["screen"] == "start" and "cannot be opened" in broken["notice"]
    assert SAVE_KEY not in broken["store"]


def test_the_worker_reads_only_save_keys_from_the_main_thread():
    text = json.dumps({SAVE_KEY: "a", PREVIOUS_KEY: None, "other": "b"})
    assert parse_saves(text) == {SAVE_KEY: "a"}
    assert parse_saves("[]") == {}


def test_every_move_is_announced_once_and_a_turn_with_its_prompt():
    made, reply = dealt("?seed=3&pace=instant&dealer=0")  # the computer plays first
    heard = list(reply["announce"])
    while reply["bot"]:
        reply = made.bot_move()
        heard += reply["announce"]
    assert reply["turn"] and heard[-1].startswith("Your turn — make ")
    assert reply["focus"] == ".hand [data-ui^='hand:']"
    selected = made.command(f"hand:{made.session.screen().view.hand[0]}")
    assert selected["announce"] == [] and not selected["turn"]  # nothing new happened
    moves = [entry.text for entry in made.session.log if entry.kind != "round"]
    assert [text for text in heard if text in moves] == moves


def test_drawing_changes_nothing_and_a_reply_shows_the_flash_and_the_notice_once():
    made, _reply = dealt("?seed=3&pace=instant&dealer=0")
    session = made.session
    for _turn in range(200):  # moves made at the table, not drawn, until one is celebrated
        if session.flash is not None:
            break
        if session.bot_to_act():
            session.step_bots(limit=1)
        elif session.kind() == "table":
            session.act(str(session.person_view().legal[0]))
        else:
            session.command("next-round")
    assert made.session.flash is not None, "no capture came"
    made.session.notice = "A notice to show once."
    drawn = made.draw(saved=True, moved=True)
    assert "flash" in drawn and "A notice to show once." in drawn["html"]
    assert made.draw(saved=True, moved=True) == drawn  # drawn twice: the same, nothing used up
    shown = made.reply(saved=True, moved=True)
    assert shown["html"] == drawn["html"] and shown["announce"] == drawn["announce"]
    assert shown["flash"] == drawn["flash"]
    again = made.reply()
    assert "flash" not in again and "A notice to show once." not in again["html"]
    assert again["announce"] == [] and not again["turn"]  # heard once


def test_motion_says_where_cards_go():
    made, reply = dealt("?seed=3&pace=instant&dealer=0")
    assert reply["motion"]["from"] == "deck"  # the deal
    moved = made.bot_move()
    motion = moved["motion"]
    if motion["taking"]:
        assert motion["to"] == "seat:1" and 'data-card="played"' in motion["played"]
    else:
        assert motion["from"] == "seat:1"


def short_game_played_out():
    """(host, its last reply): a short game (goal 1) played to its end, the person playing
    their last legal action each turn."""
    made = host("?seed=7&pace=instant&goal=1")
    reply = made.answer("deal", FIELDS, {})
    while reply["screen"] != "over":
        if reply["bot"]:
            reply = made.bot_move()
        elif reply["screen"] == "scores":
            reply = made.command("next-round")
        else:
            reply = made.act(str(made.session.screen().view.legal[-1]))
    return made, reply


def test_a_finished_game_is_kept_as_the_last_game():
    made, reply = short_game_played_out()
    assert reply["store"]["tweak.save"] is None
    assert loads(reply["store"]["tweak.last"]).actions == made.session.record.actions


def finished_game() -> str:
    """The record of a short game (goal 1) played to its end, as ``tweak.last`` holds it."""
    return short_game_played_out()[1]["store"][LAST_KEY]


def test_a_reload_after_the_game_ended_shows_its_results_and_its_review_again():
    last = finished_game()
    saves = parse_saves(json.dumps({SAVE_KEY: None, LAST_KEY: last}))
    again = Host().hello("", "", saves, "normal", playing=SAVE_KEY)
    assert again["screen"] == "over" and 'data-ui="review"' in again["html"]
    assert again["store"] == {} and again["slot"] == LAST_KEY  # nothing rewritten
    made = Host()
    made.hello("", "", saves, "normal", playing=SAVE_KEY)
    review = made.command("review")
    assert review["screen"] == "review" and 'data-ui="review:sheet:1"' in review["html"]
    assert made.command("review:sheet:1")["screen"] == "review"
    # A reload of a tab that showed that game (its slot now "tweak.last") shows it again;
    # a tab that was on the menu stays on the menu.
    assert Host().hello("", "", saves, "normal", playing=LAST_KEY)["screen"] == "over"
    assert Host().hello("", "", saves, "normal")["screen"] == "start"


def test_the_start_screen_offers_the_last_game_review_and_keeps_the_game_in_progress():
    last = finished_game()
    playing, _reply = dealt()
    in_progress = playing.session.save_text()
    saves = {SAVE_KEY: in_progress, LAST_KEY: last}
    made = host()
    start = made.start(saves)
    assert 'data-ui="review-last"' in start["saves"] and "Review last game" in start["saves"]
    assert 'data-ui="resume:tweak.save"' in start["saves"]
    review = made.answer("review_last", saves)
    assert review["screen"] == "review" and "Next move" in review["html"]
    assert not review["store"]  # the game in progress is not touched
    assert made.command("review:close")["screen"] == "over"
    # Play again from there: the game in progress is kept as the previous save.
    again = made.answer("rematch", saves)
    assert again["store"][PREVIOUS_KEY] == in_progress and again["screen"] in ("table", "pass")
    assert loads(again["store"][SAVE_KEY]).actions == made.session.record.actions
    assert 'data-ui="review-last"' not in host().start({SAVE_KEY: in_progress})["saves"]


@pytest.mark.parametrize("bad", ["{not json", json.dumps({"format": "other"})])
def test_a_last_game_that_cannot_be_read_is_set_aside_with_a_notice(bad):
    start = host().start({LAST_KEY: bad})
    assert 'data-ui="review-last"' not in start["saves"]
    assert "last finished game cannot be read" in start["notice"]
    assert start["store"] == {LAST_BROKEN_KEY: bad, LAST_KEY: None}
    reply = host().answer("review_last", {LAST_KEY: bad})
    assert reply["screen"] == "start" and reply["store"][LAST_BROKEN_KEY] == bad


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(st.text(alphabet="ab=&+%?2EeFf8c ;é", max_size=30))
def test_the_address_is_read_as_urllib_reads_it(query):
    """ui.worker.address.query_params (no urllib import at start-up) gives what parse_qsl
    gives."""
    from urllib.parse import parse_qsl

    from ui.worker.address import query_params

    expected = {}
    for key, value in parse_qsl(query.lstrip("?"), keep_blank_values=True):
        expected.setdefault(key, value)
    assert query_params(query) == expected
