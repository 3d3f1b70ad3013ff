"""The engine's words (tweak/words.py): its errors are English sentences that keep their message
and fields, so the UI can tell them in the player's language; every error a player can meet
(a record, a link, a rule set, an action's notation) is made that way."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from tweak import IllegalAction, RecordError, apply, loads, new_game, parse_action
from tweak.words import N_, Sentence, TweakError

TWEAK = Path(__file__).resolve().parents[2] / "tweak"


class Shouting:
    """A translations object that shows every message in capitals (placeholders kept)."""

    @staticmethod
    def gettext(message):
        return "".join(part if part.startswith("{") else part.upper()
                       for part in _pieces(message))

    @staticmethod
    def ngettext(singular, plural, n):
        return Shouting.gettext(singular if n == 1 else plural)


def _pieces(message):
    import re

    return re.split(r"(\{[^{}]*\})", message)


def test_an_error_is_english_and_keeps_what_made_it():
    error = TweakError(N_("seat {seat} has no {card} in hand"), seat=1, card="R3")
    assert str(error) == "seat 1 has no R3 in hand" and isinstance(error, ValueError)
    assert error.told(Shouting) == "SEAT 1 HAS NO R3 IN HAND"


def test_a_nested_error_and_a_sentence_field_are_told_in_the_same_language():
    state = new_game(2, 1)
    with pytest.raises(IllegalAction) as caught:
        apply(state, parse_action("R1xR2+R3"))
    wrapped = RecordError(N_("action {number} ({text}) cannot be replayed: {error}"),
                          number=1, text="R1xR2+R3", error=caught.value)
    assert str(wrapped) == ("action 1 (R1xR2+R3) cannot be replayed: R1xR2+R3 is not legal: "
                            "seat 0 has no R1 in hand")
    assert wrapped.told(Shouting) == ("ACTION 1 (R1xR2+R3) CANNOT BE REPLAYED: R1xR2+R3 IS NOT "
                                      "LEGAL: SEAT 1 HAS NO R1 IN HAND")  # players count from 1
    titled = Sentence(N_("the number of “{kind}” cards"), kind=Sentence(N_("The Thief")))
    assert (titled, titled.told(Shouting)) == ("the number of “The Thief” cards",
                                               "THE NUMBER OF “THE THIEF” CARDS")


def test_a_message_without_fields_is_never_formatted():
    assert str(TweakError("{not a placeholder")) == "{not a placeholder"


def test_an_error_survives_pickling_with_its_fields():
    """A tournament's worker processes pickle the errors they raise."""
    with pytest.raises(RecordError) as caught:
        loads('{"format": "tweak-record/1", "players": "two", "seed": 1}')
    copy = pickle.loads(pickle.dumps(caught.value))
    assert type(copy) is RecordError and str(copy) == str(caught.value)
    assert copy.told(Shouting) == caught.value.told(Shouting) != str(copy)


PLAYER_FACING = {"RecordError", "NotationError", "RulesError", "IllegalAction", "TweakError"}


def _problems(path: Path) -> list:
    """The raises of a player-facing error in ``path`` whose message is not a marked message
    (``N_("...")``, a name holding one, or an error's own sentence) with fields — an f-string
    would be English for ever."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
            continue
        called = node.exc.func
        if not (isinstance(called, ast.Name) and called.id in PLAYER_FACING):
            continue
        args = node.exc.args
        first = args[0] if args else None
        marked = (isinstance(first, ast.Call) and getattr(first.func, "id", "") == "N_"
                  or isinstance(first, ast.Name)
                  or isinstance(first, ast.Attribute) and first.attr == "message")
        if len(args) != 1 or not marked:
            found.append(f"{path.name}:{node.lineno}")
    return found


def test_every_error_a_player_can_meet_is_a_marked_message():
    problems = [problem for path in sorted(TWEAK.glob("*.py")) for problem in _problems(path)]
    assert not problems, problems


def test_the_check_finds_an_unmarked_message(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('def f(x):\n    raise RecordError(f"no {x}")\n')
    assert _problems(bad) == ["bad.py:2"]


def test_a_seat_is_counted_from_0_for_developers_and_from_1_for_players():
    state = new_game(2, 1)
    with pytest.raises(IllegalAction) as caught:
        apply(state, parse_action("R1xR2+R3"))
    assert str(caught.value).endswith("seat 0 has no R1 in hand")  # as thief@0 counts
    assert caught.value.told(Shouting).endswith("SEAT 1 HAS NO R1 IN HAND")
