"""Which sounds and which spoken words each moment of a game yields (ui/worker/cues.py), and that
the worker's replies carry them (ui/worker/host.py): pure Python, no browser.  The page plays
them (ui/main_thread/sound.js, tests/e2e/test_sound.py)."""

from __future__ import annotations

import json
import random

from scenarios import tweak_opening

from tweak import Place, TKind
from tweak.cards import Face
from tweak.events import (
    BombPlayed, Captured, ChangePlayed, Drew, GameEnded, GaveUp, JokerPlayed, Placed, RoundEnded,
    TableDealt, TCardWon, ThiefPlayed, callout,
)
from ui.worker.cues import SOUNDS, cues, render_sound_controls
from ui.worker.host import Host

NAMES = ("You", "Ada", "Blaise")
R3, O2, G5 = Face.parse("R3"), Face.parse("O2"), Face.parse("G5")


def capture(seat, tweak=False):
    return Captured(seat, R3, (O2, G5), callout([3, 2, 5]), tweak)


def test_a_placed_card_or_one_given_up_to_a_bomb_is_the_place_sound_and_says_nothing():
    assert cues([Placed(1, R3), Drew(1, 1)], NAMES) == {"sounds": ["place"], "speech": []}
    assert cues([GaveUp(0, O2)], NAMES)["sounds"] == ["place"]


def test_a_capture_calls_out_its_sum_with_the_name_of_who_made_it():
    # R14: the sum is called out as the rule sheet says; the person at the device ("You") is
    # not told their own name.
    heard = cues([capture(1), Drew(1, 1)], NAMES)
    assert heard["sounds"] == ["capture"]
    assert heard["speech"] == [{"text": "Ada: 3 plus 2 is 5, plus 5 is 10.", "lang": "en",
                                "kind": "sum"}]
    assert cues([capture(0)], NAMES)["speech"][0]["text"] == "3 plus 2 is 5, plus 5 is 10."


def test_a_tweak_is_its_own_sound_and_is_said():
    # R15: a capture that clears the table is a TWEAK!, celebrated louder than a capture.
    heard = cues([capture(2, tweak=True), TCardWon(2, TKind.THIEF), Drew(2, 3)], NAMES)
    assert heard["sounds"] == ["tweak"]
    assert heard["speech"][0]["text"] == "Blaise: 3 plus 2 is 5, plus 5 is 10. TWEAK!"


def test_every_t_card_played_is_the_t_card_sound():
    for event in (ThiefPlayed(1, 0, R3), JokerPlayed(1, 1, 9), ChangePlayed(1, G5, 7),
                  BombPlayed(1, (0, 2))):
        assert cues([event], NAMES) == {"sounds": ["tcard"], "speech": []}


def test_the_end_of_a_round_follows_its_last_move_and_the_end_of_the_game_replaces_it():
    assert cues([capture(1), RoundEnded(None)], NAMES)["sounds"] == ["capture", "round"]
    assert cues([Placed(0, R3), RoundEnded(None), GameEnded((1,), (120, 130))],
                NAMES)["sounds"] == ["place", "game"]


def test_a_turn_prompt_comes_last_after_what_the_move_said():
    heard = cues([capture(1), TableDealt((R3,))], NAMES, prompt="Your turn — make 8.")
    assert heard["sounds"] == ["capture", "turn"]
    assert [item["kind"] for item in heard["speech"]] == ["sum", "prompt"]
    assert heard["speech"][1] == {"text": "Your turn — make 8.", "lang": "en", "kind": "prompt"}


def test_the_language_is_a_parameter_for_every_word_spoken():
    heard = cues([capture(1)], NAMES, prompt="Your turn — make 8.", lang="es")
    assert {item["lang"] for item in heard["speech"]} == {"es"}
    assert 'lang="es"' in render_sound_controls("es")


def test_the_controls_carry_the_words_a_person_looks_for():
    html = render_sound_controls()
    for words in ("Sound volume", "Mute", "Sound on", "Speak sums", "Speak turn prompts",
                  "This browser cannot speak.", "This browser cannot play sounds."):
        assert words in html
    assert 'role="switch"' in html and 'type="range"' in html
    assert 'data-sample="2 plus 3 is 5, plus 3 is 8."' in html  # what turning speech on says


# ---- in the worker's replies ------------------------------------------------------------------


def opening_host():
    """A 2-player game whose first move, seat 0's, can be a TWEAK! (tests/ui/scenarios.py)."""
    opening = tweak_opening(2, ("thief",))
    made = Host(seeds=random.Random(1))
    hello = made.hello(opening.query(pace="instant"), "", {}, "normal")
    reply = made.answer("deal", {"players": "2", "kind-0": "human", "kind-1": "bot"}, {})
    return made, opening, hello, reply


def test_the_first_reply_carries_the_controls_and_a_new_game_opens_with_the_turn():
    made, opening, hello, reply = opening_host()
    assert 'id="sound-toggle"' in hello["sound"]
    assert reply["sounds"] == ["turn"]
    assert reply["speech"] == [{"text": reply["announce"][-1], "lang": "en", "kind": "prompt"}]
    assert json.loads(json.dumps(reply)) == reply  # plain data: it crosses to the main thread


def test_a_move_is_heard_once_and_a_selection_or_a_resume_makes_no_sound():
    made, opening, hello, reply = opening_host()
    me = made.session.screen().view
    selected = made.command(f"hand:{me.hand[0]}")
    assert selected["sounds"] == [] and selected["speech"] == []
    tweak = made.act(str(opening.tweak))
    assert tweak["sounds"][0] == "tweak"
    assert tweak["speech"][0]["kind"] == "sum" and tweak["speech"][0]["text"].endswith("TWEAK!")
    assert tweak["speech"][0]["text"].startswith(callout(
        [opening.tweak.card.value] + [face.value for face in opening.tweak.taken]))
    again = made.screen()
    assert again["sounds"] == [] and again["speech"] == []  # the same screen, nothing new
    resumed = Host().hello("", "", {"tweak.save": made.session.save_text()}, "normal",
                           playing=True)
    assert "tweak" not in resumed["sounds"] and all(item["kind"] == "prompt"
                                                    for item in resumed["speech"])


def test_computers_moves_are_heard_and_the_turn_comes_back_with_its_sound():
    made, opening, hello, reply = opening_host()
    made.act(str(opening.tweak))
    reply = made.bot_move()
    assert reply["sounds"][0] in ("place", "capture", "tweak", "tcard")
    while reply["bot"]:
        reply = made.bot_move()
    assert reply["sounds"][-1] == "turn" and reply["speech"][-1]["kind"] == "prompt"


def test_a_taken_back_move_is_not_heard_again():
    made, opening, hello, reply = opening_host()
    made.act(str(opening.tweak))
    reply = made.bot_move()
    while reply["bot"]:
        reply = made.bot_move()
    back = made.command("take-back")
    assert not {"place", "capture", "tweak", "tcard"} & set(back["sounds"])
    assert all(item["kind"] == "prompt" for item in back["speech"])


def test_a_whole_game_yields_only_known_sounds_and_ends_with_the_game_sound():
    made = Host(seeds=random.Random(1))
    made.hello("?seed=7&pace=instant&goal=1", "", {}, "normal")
    reply = made.answer("deal", {"players": "2", "kind-0": "human", "kind-1": "bot"}, {})
    heard, rounds = [], 0
    while reply["screen"] != "over":
        heard += reply["sounds"]
        if reply["bot"]:
            reply = made.bot_move()
        elif reply["screen"] == "scores":
            rounds += 1
            reply = made.command("next-round")
        else:
            reply = made.act(str(Place(made.session.screen().view.hand[0]))
                             if made.session.screen().view.hand else
                             str(made.session.screen().view.legal[0]))
    heard += reply["sounds"]
    assert set(heard) <= set(SOUNDS)
    assert heard[-1] == "game" and heard.count("round") == rounds


def test_the_game_language_is_what_the_replies_speak():
    made, opening, hello, reply = opening_host()
    made.lang = "es"  # the worker's language, nothing else to change
    tweak = made.act(str(opening.tweak))
    assert {item["lang"] for item in tweak["speech"]} == {"es"}
