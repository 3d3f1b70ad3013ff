"""Learning in the session and the protocol (no browser): the Hint command (vs computers on,
between people off until switched on), "show all sums", and Take back (undoes the person's
last move and the computers' after it, marks the game as practice; never between people)."""

from __future__ import annotations

import json

import pytest

from tweak import Place, loads, parse_action, view
from tweak.bots import evaluate
from ui.worker.coach import HINT_BUDGET, capture_marks
from ui.worker.protocol import SAVE_KEY
from ui.worker.host import Host
from ui.worker.errors import SessionError
from ui.worker.hooks import Hooks
from ui.worker.seats import parse_setup
from ui.worker.session import Session


def session_of(*kinds, seed=3):
    fields = {"players": str(len(kinds))}
    for seat, kind in enumerate(kinds):
        fields[f"kind-{seat}"] = kind
    return Session.new(parse_setup(fields), Hooks(seed=seed, dealer=len(kinds) - 1,
                                                   pace="instant"))


def test_a_hint_is_the_evaluators_best_move_for_the_persons_view_and_selects_it():
    session = session_of("human", "bot")
    assert session.human_to_act()
    screen = session.screen()
    assert screen.hints and screen.hint is None
    session.command("hint")
    screen = session.screen()
    me = view(session.state, 0)
    best = evaluate(me, HINT_BUDGET)[0]
    assert screen.hint.action == str(best.action)
    action = parse_action(screen.hint.action)
    assert screen.selection.hand == action.card  # the hinted card is picked for the player
    session.act(screen.hint.action)
    assert session.screen().hint is None  # a hint is for one decision only


def test_show_all_sums_marks_the_legal_captures():
    session = session_of("human", "bot")
    assert session.screen().marks == {}
    session.command("sums")
    screen = session.screen()
    assert screen.sums
    assert screen.marks == capture_marks(view(session.state, 0))
    session.command("sums")
    assert not session.screen().sums


def test_hints_are_off_between_people_until_switched_on():
    session = session_of("human", "human")
    session.command("reveal")
    assert not session.screen().hints
    with pytest.raises(SessionError, match="Hints are off"):
        session.command("hint")
    session.command("hints")
    assert session.screen().hints
    session.command("hint")
    assert session.screen().hint is not None


def test_take_back_undoes_my_move_and_the_computers_and_marks_practice():
    session = session_of("human", "bot", "bot")
    before = session.record.actions
    assert not session.screen().take_back  # nothing of mine to take back yet
    session.act(str(Place(session.screen().view.hand[0])))
    session.step_bots()
    assert len(session.record.actions) >= 3 and session.human_to_act()
    assert session.screen().take_back
    session.command("take-back")
    assert session.record.actions == before
    assert session.record.practice and session.screen().practice
    assert session.human_to_act()
    assert "practice" in session.screen().notice
    assert loads(session.save_text()).practice  # the record says so
    assert Session.from_save(session.save_text()).record.practice


def test_only_the_last_move_is_taken_back_until_the_person_moves_again():
    session = session_of("human", "bot", "bot")
    for _ in range(2):  # two moves of mine, the computers' in between
        session.act(str(Place(session.screen().view.hand[0])))
        session.step_bots()
    session.command("take-back")
    after_first = session.record.actions
    assert not session.can_take_back() and not session.screen().take_back
    with pytest.raises(SessionError, match="last move"):
        session.take_back()
    assert session.record.actions == after_first  # nothing more was undone
    session.act(str(Place(session.screen().view.hand[0])))  # a new decision...
    session.step_bots()
    assert session.screen().take_back  # ...may be taken back in its turn


def test_a_reload_after_a_take_back_never_lets_a_second_one_rewind_further():
    session = session_of("human", "bot", "bot")
    for _ in range(2):
        session.act(str(Place(session.screen().view.hand[0])))
        session.step_bots()
    session.command("take-back")
    taken = session.record.actions
    again = Session.from_save(session.save_text(), "instant")  # the tab reloaded
    assert again.record.practice and not again.screen().take_back
    with pytest.raises(SessionError, match="last move"):
        again.take_back()
    assert again.record.actions == taken
    again.act(str(Place(again.screen().view.hand[0])))  # the person's next decision
    again.step_bots()
    assert again.screen().take_back
    # A game not taken back comes back with its last move still to take back.
    fresh = session_of("human", "bot", "bot")
    fresh.act(str(Place(fresh.screen().view.hand[0])))
    fresh.step_bots()
    assert Session.from_save(fresh.save_text(), "instant").screen().take_back


def test_never_take_back_between_people():
    session = session_of("human", "human", "bot")
    session.command("reveal")
    session.act(str(Place(session.screen().view.hand[0])))
    assert not session.screen().take_back
    with pytest.raises(SessionError, match="between people"):
        session.take_back()


def test_the_protocol_takes_back_and_saves_the_practice_record():
    host = Host()
    fields = {"players": "2", "kind-0": "human", "kind-1": "bot"}
    host.hooks = Hooks(seed=3, dealer=1, pace="instant")
    reply = host.answer("deal", fields, {})
    me = host.session.screen().view
    host.act(str(Place(me.hand[0])))
    host.bot_move()
    reply = host.command("take-back")
    saved = loads(reply["store"][SAVE_KEY])
    assert saved.practice and saved.actions == ()
    assert "Take back" not in reply["html"]  # nothing left to take back
    assert "practice" in reply["html"]
    reply = host.command("hint")
    assert 'class="coach' in reply["html"]


# ---- statistics through the protocol ------------------------------------------------------


def finish_against_computers(host, stats_text=""):
    """Deal 2 players (a person and an Easy computer) with a goal of 1 and play the person's
    first legal move each turn until the game ends; the last reply."""
    host.hooks = Hooks(seed=5, dealer=1, pace="instant", goal=1)
    host.answer("deal", {"players": "2", "kind-0": "human", "kind-1": "bot:easy"}, {})
    reply = {}
    while not host.session.state.is_over:
        session = host.session
        if session.kind() == "scores":
            host.command("next-round")
        elif session.bot_to_act():
            reply = host.bot_move(stats_text)
        else:
            me = session.screen().view
            reply = host.act(str(me.legal[-1]), stats_text)
    return reply


def test_a_game_that_ends_is_counted_in_the_stored_statistics():
    from ui.worker.protocol import STATS_KEY
    from ui.worker.stats import parse

    host = Host()
    reply = finish_against_computers(host)
    stats = parse(reply["store"][STATS_KEY])
    assert stats.played == 1 and list(stats.games) == ["2 easy"]
    assert "tweak.save" in reply["store"]  # the save is removed as before
    shown = host.answer("statistics", reply["store"][STATS_KEY])
    assert shown["screen"] == "stats" and "2 players · Easy" in shown["html"]
    assert "<svg" in shown["html"] and "style=" not in shown["html"]


def test_a_damaged_statistics_store_is_set_aside_with_a_message():
    from ui.worker.protocol import STATS_BROKEN_KEY as BROKEN_KEY, STATS_KEY
    from ui.worker.stats import parse

    host = Host()
    reply = finish_against_computers(host, "{not json")
    assert reply["store"][BROKEN_KEY] == "{not json"
    assert parse(reply["store"][STATS_KEY]).played == 1
    assert "set aside" in reply["html"]
    shown = host.answer("statistics", "{not json")
    assert shown["store"] == {BROKEN_KEY: "{not json", STATS_KEY: None}
    assert "set aside" in shown["html"]


def test_export_import_and_reset_with_a_confirmation():
    from ui.worker.protocol import STATS_KEY
    from ui.worker.stats import parse

    host = Host()
    stored = finish_against_computers(host)["store"][STATS_KEY]
    download = host.answer("export_stats", stored)["download"]
    assert download["name"].endswith(".json") and parse(download["text"]).played == 1
    refused = host.answer("import_stats", '{"format": "other"}', stored)
    assert STATS_KEY not in refused["store"] and "not imported" in refused["html"]
    taken = host.answer("import_stats", download["text"], None)
    assert taken["store"][STATS_KEY] == download["text"] and "imported: 1 game." in taken["html"]
    asked = host.answer("statistics", stored, "reset")
    assert "Yes, reset" in asked["html"] and asked["store"] == {}
    done = host.answer("statistics", stored, "reset-confirmed")
    assert done["store"] == {STATS_KEY: None} and "have been reset" in done["html"]
