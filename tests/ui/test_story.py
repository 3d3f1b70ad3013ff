"""The move log as a story (ui/worker/story.py): one entry per move, what followed from it folded
in, the seat named You in the second person, nobody's drawn cards named (R21)."""

from __future__ import annotations

from tweak import apply, new_game
from tweak.cards import Face
from tweak.events import Captured, Drew, Placed, RoundStarted, TableDealt, TCardWon, TurnStarted
from tweak.cards import TKind
from ui.worker.hooks import Hooks
from ui.worker.seats import parse_setup
from ui.worker.session import Session
from ui.worker.story import tell

from scenarios import tweak_opening

R3, B6, G2, Y1 = (Face.parse(text) for text in ("R3", "B6", "G2", "Y1"))


def test_a_capture_with_its_tcard_and_draw_is_one_entry():
    events = (Captured(1, B6, (R3,), "6 plus 3 is 9", True), TCardWon(1, TKind.THIEF),
              Drew(1, 2, (G2, Y1)), TableDealt((G2,)), TurnStarted(2, 9))
    [entry] = tell(events, ("You", "Ada", "Blaise"))
    assert entry.kind == "tweak" and entry.seat == 1
    assert entry.text == ("Ada captures red 3 with blue 6: 6 plus 3 is 9. TWEAK! Then Ada wins "
                          "The Thief and draws 2 cards. Green 2 goes face up to the table.")


def test_the_seat_named_you_is_spoken_to():
    [entry] = tell((Placed(0, R3), Drew(0, 1, (G2,))), ("You", "Ada"))
    assert entry.text == "You place red 3. Then you draw 1 card."


def test_a_round_start_is_one_entry_and_private_hands_stay_private():
    entries = tell((RoundStarted(2, 0, 1), TableDealt((R3, B6))), ("You", "Ada"))
    assert [entry.kind for entry in entries] == ["round"]
    assert entries[0].text == ("Round 2: You deal, Ada plays first. Red 3 and blue 6 go face up "
                               "to the table.")


def test_every_move_of_a_game_is_one_entry_in_order():
    opening = tweak_opening(3, ("thief",))
    session = Session.new(parse_setup({"players": "3", "kind-0": "human", "kind-1": "bot",
                                       "kind-2": "bot"}),
                          Hooks(seed=opening.seed, dealer=opening.dealer,
                                tcards=tuple(TKind.parse(t) for t in opening.tcards),
                                goal=1000))
    session.act(str(opening.tweak))
    moves = 1 + session.step_bots(limit=2)
    entries = [entry for entry in session.log if entry.kind != "round"]
    assert len(entries) == moves
    assert entries[0].text.startswith("You capture") and "Then you win The Thief" in \
        entries[0].text
    assert [entry.serial for entry in session.log] == sorted(entry.serial for entry in
                                                            session.log)


def test_on_your_turn_the_log_opens_with_what_happened_since_your_last_move():
    from ui.worker.screens.table import render_table

    session = Session.new(parse_setup({"players": "3", "kind-0": "human", "kind-1": "bot",
                                       "kind-2": "bot"}), Hooks(seed=5, dealer=2, goal=1000))
    me = session.screen().view
    session.act(str(me.legal[-1]))
    session.step_bots()
    screen = session.screen()
    assert screen.view.my_turn
    html = render_table(screen)
    news = html.split('<ol class="news">')[1].split("</ol>")[0]
    others = [entry.text for entry in session.log if entry.serial > screen.since]
    assert len(others) >= 2 and all(text.split(":")[0][:20] in news for text in others)
    assert "You " not in news.split("</li>")[-2]  # only the others' moves


def test_the_seat_named_you_is_spoken_to_as_object_and_winner():
    from tweak.events import BombPlayed, GameEnded, ThiefPlayed

    names = ("Ada", "You", "Blaise")
    [thief] = tell((ThiefPlayed(0, 1, R3),), names)
    assert thief.text == "Ada plays The Thief on you: red 3 goes to the table."
    [bomb] = tell((BombPlayed(2, (0, 1)),), names)
    assert bomb.text == "Blaise plays The Bomb on you and Ada."
    [over] = tell((GameEnded((0, 1), (50, 50)),), names)
    assert over.text == "Game over: Ada and you win!"


def test_the_engine_speaks_english_with_no_translations():
    """The CLI's replay (python -m tweak replay) calls describe with names only."""
    from tweak.events import describe

    assert describe(Captured(0, B6, (R3, G2), "6 plus 3 is 9, plus 2 is 11", True),
                    ["Ann", "Bo"]) == \
        "Ann captures red 3 and green 2 with blue 6: 6 plus 3 is 9, plus 2 is 11. TWEAK!"
    assert describe(Drew(1, 2, (G2, Y1)), ["Ann", "Bo"]) == "Bo draws green 2 and yellow 1."


def test_the_log_in_spanish_and_told_again_when_the_language_changes(catalogue_archive):
    from ui.worker import i18n

    events = (Captured(1, B6, (R3,), "6 plus 3 is 9", True), TCardWon(1, TKind.THIEF),
              Drew(1, 2, (G2, Y1)), TableDealt((G2, Y1)))
    [entry] = tell(events, ("You", "Ada", "Blaise"))
    mine = tell((Placed(0, R3), Drew(0, 1, (G2,))), ("You", "Ada"))[0]
    try:
        i18n.use("es", catalogue_archive)
        assert entry.text == ("Ada captura el 3 rojo con el 6 azul: 6 más 3 son 9. TWEAK! Luego "
                              "Ada gana El Ladrón y roba 2 cartas. El 2 verde y el 1 amarillo "
                              "pasan boca arriba a la mesa.")
        assert mine.text == "Dejas el 3 rojo en la mesa. Luego robas 1 carta."
    finally:
        i18n.use("en")
    assert mine.text == "You place red 3. Then you draw 1 card."  # the same entry, told again
