"""The page's controller (ui/worker/session.py) without a browser: set-up, hooks, bots stepping,
hot-seat pass screens, the Bomb's private question (R13), rounds, saves and links."""

from __future__ import annotations

import json
import re

import pytest

from tweak import Capture, Place, PlayBomb, Record, bots, dumps, to_fragment
from tweak.cards import TKind
from ui.worker.commands import COMMANDS
from ui.worker.computers import drive
from ui.worker.hooks import parse_hooks
from ui.worker.protocol import WORKER_COMMANDS
from ui.worker.errors import SessionError
from ui.worker.hooks import Hooks
from ui.worker.seats import DEFAULT_NAMES, Seat, Setup, parse_setup
from ui.worker.session import Session

from scenarios import tweak_opening


def setup_of(*kinds, edition="classic", names=None):
    fields = {"players": str(len(kinds)), "edition": edition}
    for seat, kind in enumerate(kinds):
        fields[f"kind-{seat}"] = kind
        if names:
            fields[f"name-{seat}"] = names[seat]
    return parse_setup(fields)


def play_human_turn(session: Session) -> None:
    """The person at the device places their first card (or gives it to a Bomb)."""
    me = session.screen().view
    session.act(str(Place(me.hand[0])))


# ---- set-up and hooks -------------------------------------------------------------------


def test_setup_reads_seats_levels_and_edition():
    level = bots.CHOICES[-1][0]
    setup = setup_of("human", "bot", f"bot:{level}", edition="compact",
                     names=["Zoe", "", "Max"])
    assert setup.edition == "compact"
    assert [seat.kind for seat in setup.seats] == ["human", "bot", "bot"]
    assert setup.seats[1].level == bots.DEFAULT_LEVEL  # "bot" means the default level
    assert setup.seats[2].level == level
    assert [seat.name for seat in setup.seats] == ["Zoe", DEFAULT_NAMES[1], "Max"]


@pytest.mark.parametrize("fields, message", [
    ({"players": "7"}, "2 to 6"),
    ({"players": "x"}, "how many players"),
    ({"players": "2", "kind-0": "bot", "kind-1": "bot"}, "At least one seat"),
    ({"players": "2", "kind-1": "bot:nonsense"}, "unknown kind"),
    ({"players": "2", "edition": "deluxe"}, "edition"),
])
def test_bad_setup_says_what_is_wrong(fields, message):
    with pytest.raises(SessionError, match=message):
        parse_setup(fields)


def test_setup_makes_names_distinct_and_renames_you_in_hot_seat():
    setup = setup_of("human", "human", "bot", names=["You", "Ann", "ann"])
    assert [seat.name for seat in setup.seats] == ["Player 1", "Ann", "ann 2"]
    # Only the first seat's default "You" is renamed; a name typed elsewhere is kept.
    setup = setup_of("human", "human", names=["Zoe", "You"])
    assert [seat.name for seat in setup.seats] == ["Zoe", "You"]


def test_hooks_are_read_and_checked():
    hooks = parse_hooks({"seed": "12", "goal": "30", "tcards": "thief,bomb", "dealer": "1",
                         "pace": "instant", "other": "1"})
    assert hooks == Hooks(seed=12, goal=30, tcards=(TKind.THIEF, TKind.BOMB), dealer=1,
                          pace="instant")
    for key, bad in (("seed", "-1"), ("goal", "0"), ("tcards", "thief,cake"), ("pace", "warp"),
                     ("dealer", "9"), ("seed", "")):
        with pytest.raises(SessionError, match=key):
            parse_hooks({key: bad})


def test_goal_hook_is_a_house_rule_recorded_with_the_game():
    session = Session.new(setup_of("human", "bot"), Hooks(seed=3, goal=25))
    assert session.record.rules.goal(2) == 25
    assert session.record.rules.edition == "house"  # R3: the record keeps the full rule set
    assert json.loads(session.save_text())["rules"]["goals"] == [25] * 5


# ---- computer seats -------------------------------------------------------------------------


def test_bots_step_until_a_person_must_act():
    for seed in range(6):
        session = Session.new(setup_of("human", "bot", "bot"), Hooks(seed=seed))
        session.step_bots()
        assert session.kind() in ("table", "scores", "over")
        if session.kind() == "table":
            assert session.human_to_act() and session.state.to_act == 0
            assert not session.bot_to_act()


def test_a_whole_game_against_bots_reaches_game_over():
    session = Session.new(setup_of("human", "bot"), Hooks(seed=11, goal=60))
    rounds_seen = 0
    for _ in range(2000):
        session.step_bots()
        kind = session.kind()
        if kind == "over":
            break
        if kind == "scores":
            rounds_seen += 1
            assert not session.bot_to_act()  # nothing moves while the sheet is shown
            session.command("next-round")
            continue
        play_human_turn(session)
    assert session.kind() == "over"
    assert session.state.is_over and session.screen().view.winners
    assert rounds_seen == len(session.state.results) - 1  # the last sheet is the game over


class ThinkingBot:
    """A bot whose ``think`` yields a few times before returning its move (the protocol of
    the searching level)."""

    def __init__(self, pauses):
        self.pauses = pauses
        self.yields = 0

    def think(self, view):
        for _ in range(self.pauses):
            self.yields += 1
            yield
        return view.legal[-1]


def test_a_bot_with_think_is_driven_in_slices():
    session = Session.new(setup_of("human", "bot"), Hooks(seed=2, dealer=0))
    assert session.bot_to_act()  # seat 1 plays first when seat 0 deals
    bot = session.bots[1] = ThinkingBot(pauses=5)
    turn = session.start_bot()
    ticks = iter(range(100))
    clock = lambda: next(ticks)  # noqa: E731 - each call is one "millisecond" later
    assert drive(turn.thinking, deadline=2, clock=clock) is None  # not done: page breathes
    action = drive(turn.thinking, deadline=float("inf"), clock=clock)
    assert bot.yields == 5 and action == turn.view.legal[-1]
    assert session.finish_bot(turn, action)
    assert session.record.actions[-1] == str(action)


def test_a_bot_move_for_a_stale_state_is_dropped():
    session = Session.new(setup_of("human", "bot"), Hooks(seed=2, dealer=0))
    turn = session.start_bot()
    action = drive(turn.thinking, float("inf"), lambda: 0)
    session.finish_bot(turn, action)
    assert not session.finish_bot(turn, action)  # the game moved on: not applied twice


# ---- a person's moves -----------------------------------------------------------------------


def test_moves_out_of_turn_or_illegal_are_refused_with_a_sentence():
    session = Session.new(setup_of("human", "bot"), Hooks(seed=2, dealer=0))
    # A computer (Ada, seat 2) plays first: a click names who is thinking.
    with pytest.raises(SessionError, match="^Ada is thinking — wait for your turn.$"):
        session.act("R1")
    hand = session.screen().view.hand
    for command in (f"hand:{hand[0]}", "table:0"):
        with pytest.raises(SessionError, match="^Ada is thinking"):
            session.command(command)
    session.step_bots()
    with pytest.raises(SessionError, match="cannot be read"):
        session.act("R9")
    with pytest.raises(SessionError, match="not a legal move"):
        session.act("bomb")


def test_selection_toggles_and_resets_after_a_move():
    session = Session.new(setup_of("human", "bot"), Hooks(seed=4))
    session.step_bots()
    me = session.screen().view
    session.command(f"hand:{me.hand[0]}")
    session.command("table:0")
    assert session.selection.hand is me.hand[0] and session.selection.table == (0,)
    session.command("table:0")
    assert session.selection.table == ()
    with pytest.raises(SessionError, match="no longer on the table"):  # a stale position:
        session.command("table:99")  # refused with a word, and nothing changes
    assert session.selection.table == ()
    with pytest.raises(SessionError, match="no longer in your hand"):
        session.command("hand:P6" if "P6" not in map(str, me.hand) else "hand:P5")
    assert session.selection.hand is me.hand[0]
    session.command("flow:joker")
    assert session.selection.flow == "joker"
    session.act(str(Place(me.hand[0])))
    assert session.selection.hand is None and session.selection.flow is None


def test_the_session_takes_exactly_the_worker_commands_and_refuses_any_other():
    assert set(COMMANDS) == set(WORKER_COMMANDS) - {"review"}  # "review" is the host's
    session = Session.new(setup_of("human", "bot"), Hooks(seed=4))
    session.notice = "Something to say"
    with pytest.raises(SessionError, match=r"^Unknown command 'shuffle:all'\.$"):
        session.command("shuffle:all")
    assert session.notice == ""  # a command clears the notice, even a refused one


# ---- hot-seat --------------------------------------------------------------------------------


def test_pass_screen_between_two_people_hides_every_hand():
    session = Session.new(setup_of("human", "human"), Hooks(seed=5, dealer=1))
    assert session.kind() == "pass" and session.screen().pass_to == 0
    assert session.screen().view is None  # nothing of any hand on a pass screen
    with pytest.raises(SessionError):
        session.act("R1")  # nobody plays before the device has been passed
    session.command("reveal")
    screen = session.screen()
    assert screen.kind == "table" and screen.view.seat == 0 and not screen.hide_hand
    play_human_turn(session)
    screen = session.screen()
    assert screen.kind == "pass" and screen.pass_to == 1 and screen.view is None
    session.command("reveal")
    assert session.screen().view.seat == 1


def test_between_people_the_table_shows_no_hand_while_a_bot_plays():
    session = Session.new(setup_of("human", "bot", "human"), Hooks(seed=8, dealer=2))
    session.command("reveal")
    play_human_turn(session)  # seat 0 played; seat 1 (a computer) is next
    screen = session.screen()
    assert screen.kind == "table" and screen.hide_hand


def test_a_bombed_person_is_asked_privately():
    opening = tweak_opening(2, ("bomb", "thief"))
    session = Session.new(setup_of("human", "human"),
                          Hooks(seed=opening.seed, dealer=opening.dealer,
                                tcards=tuple(TKind(k) for k in opening.tcards)))
    session.command("reveal")
    session.act(str(opening.tweak))  # R15: seat 0 wins The Bomb
    assert session.state.tcards_held[0] == (TKind.BOMB,)
    session.command("reveal")
    play_human_turn(session)  # seat 1 plays its turn
    session.command("reveal")
    session.act(str(PlayBomb()))
    # R13: seat 1 chooses which card to give up, after the device is passed to it.
    screen = session.screen()
    assert screen.kind == "pass" and screen.pass_to == 1 and screen.pass_reason == "bomb"
    session.command("reveal")
    screen = session.screen()
    assert screen.view.seat == 1 and screen.view.phase == "bomb" and not screen.hide_hand
    given = screen.view.hand[0]
    session.act(str(Place(given)))
    assert given in session.state.table
    screen = session.screen()  # back to the bomber, privately again
    assert screen.kind == "pass" and screen.pass_to == 0 and screen.pass_reason == "turn"


class ScriptedBot:
    """A computer that plays the given moves when legal, else its first legal move."""

    def __init__(self, *moves):
        self.moves = list(moves)

    def choose(self, view):
        for move in self.moves:
            if move in view.legal:
                self.moves.remove(move)
                return move
        return view.legal[0]


def test_a_person_bombed_by_a_bot_is_asked_without_a_pass_screen():
    opening = tweak_opening(2, ("bomb",))
    # Seat 0 is a computer that opens with the TWEAK! (winning The Bomb) and bombs next turn;
    # seat 1 is the only person, so no pass screen: their own table asks them (R13).
    session = Session.new(setup_of("bot", "human"),
                          Hooks(seed=opening.seed, dealer=opening.dealer,
                                tcards=(TKind.BOMB,)))
    session.bots[0] = ScriptedBot(opening.tweak, PlayBomb())
    session.step_bots()
    play_human_turn(session)
    session.step_bots()
    screen = session.screen()
    assert session.state.tcards_used[0] == (TKind.BOMB,)
    assert screen.kind == "table" and screen.view.seat == 1 and screen.view.phase == "bomb"
    assert screen.view.my_turn and all(isinstance(a, Place) for a in screen.view.legal)
    given = screen.view.hand[0]
    session.act(str(Place(given)))
    assert session.state.phase.value == "play" and given in session.state.table


# ---- rounds, saves and links ------------------------------------------------------------------


def test_round_sheet_waits_for_next_round_and_shows_the_new_dealer():
    session = Session.new(setup_of("human", "bot"), Hooks(seed=9, goal=1_000))
    while session.kind() != "scores":
        session.step_bots()
        if session.kind() == "table":
            play_human_turn(session)
    screen = session.screen()
    assert screen.view.results[-1].round == 1 and screen.view.round == 2
    assert screen.view.dealer == (screen.view.results[-1].dealer + 1) % 2  # R8
    session.command("next-round")
    assert session.kind() == "table"


def test_resume_from_saved_text_restores_the_game():
    session = Session.new(setup_of("human", "bot", "bot", names=["Zoe", "Ada", "Cy"]),
                          Hooks(seed=21))
    for _ in range(3):
        session.step_bots()
        play_human_turn(session)
    text = session.save_text()
    resumed = Session.from_save(text)
    assert resumed.state == session.state
    assert resumed.names == ("Zoe", "Ada", "Cy")
    assert [seat.tag for seat in resumed.seats] == [seat.tag for seat in session.seats]
    link = Session.from_link(session.link_fragment()[2:])
    assert link.state == session.state


def test_a_save_from_just_after_a_round_shows_its_sheet_again():
    session = Session.new(setup_of("human", "bot"), Hooks(seed=9, goal=1_000))
    while session.kind() != "scores":
        session.step_bots()
        if session.kind() == "table":
            play_human_turn(session)
    assert Session.from_save(session.save_text()).kind() == "scores"


@pytest.mark.parametrize("text, message", [
    ("", "cannot be read"),
    ("{not json", "cannot be read"),
    ('{"format": "tweak-record/1", "players": 2, "seed": 1, "actions": ["R1xR2"]}',
     "cannot be replayed"),
])
def test_a_bad_save_gives_a_message_not_a_traceback(text, message):
    with pytest.raises(SessionError, match=message):
        Session.from_save(text)


def test_a_bad_link_gives_a_message():
    with pytest.raises(SessionError, match="cannot be opened"):
        Session.from_link("1.this-is-not-a-game")
    with pytest.raises(SessionError, match="cannot be opened"):
        Session.from_link("nonsense")


def test_a_save_naming_a_vanished_level_falls_back_to_the_default():
    record = Record(players=2, seed=1, names=("Zoe", "Bot"), seats=("human", "bot:retired"))
    session = Session.from_save(dumps(record))
    assert session.seats[1] == Seat("Bot", "bot", bots.DEFAULT_LEVEL)


def test_a_record_without_seats_gets_one_person_and_computers():
    session = Session.from_link(to_fragment(Record(players=3, seed=4)))
    assert [seat.is_human for seat in session.seats] == [True, False, False]


# ---- the move log -------------------------------------------------------------------------------


def test_the_log_is_public_and_calls_out_sums():
    session = Session.new(setup_of("human", "bot", "bot"), Hooks(seed=13, goal=1_000))
    for _ in range(30):
        session.step_bots()
        if session.kind() != "table":
            break
        me = session.screen().view
        captures = [a for a in me.legal if isinstance(a, Capture)]
        session.act(str(captures[0] if captures else me.legal[-1]))
    texts = [line.text for line in session.log]
    drawn = [word for text in texts for word in re.findall(r"\bdraws? (\S+)", text)]
    assert drawn and all(word.isdigit() for word in drawn)  # how many, never which (R21)
    captured = [line for line in session.log if line.kind in ("capture", "tweak")]
    assert captured and all(" plus " in line.text for line in captured)  # R14


def test_a_computer_thinks_at_the_pace_in_force():
    session = Session.new(setup_of("human", "bot:hard"), Hooks(seed=3, dealer=0))
    assert session.bot(1).pace == "normal"
    session.command("pace:instant")
    assert session.bot(1).pace == "instant"  # remade from its own seed, not the deal's
    assert session.bot_seeds[1] != session.record.seed
