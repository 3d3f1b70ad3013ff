"""The coach (ui/worker/coach.py) on stacked positions: the hint is the evaluator's best move for
the player's own view, its words name the right cards and the called-out sum (R14), and "show
all sums" marks exactly the table cards of the legal captures."""

from __future__ import annotations

from dataclasses import replace

from tests.engine.stacking import deal
from tweak import Face, TKind, format_action, parse_action, view
from tweak.bots import Budget, evaluate
from tweak.bots.evaluator import describe
from tweak.words import told
from ui.worker.coach import HINT_BUDGET, capture_marks, hint, words

BUDGET = Budget(steps=2000, min_worlds=8)


def red_capture():
    """Seat 0 holds red 6, green 3, purple 1; the table shows red 1 and yellow 2; target 9
    (the deck's top back): R6 + R1 + Y2 = 9 takes the whole table, a TWEAK!."""
    return deal([["R6", "G3", "P1"], ["B4", "B5", "B6"]], table=["R1", "Y2"],
                deck=["R4/9", "G6", "P6", "Y6"], tcards=["joker"])


def test_the_hint_is_the_evaluators_best_move_in_words():
    seen = view(red_capture(), 0)
    best = evaluate(seen, BUDGET)[0]
    given = hint(seen, ("You", "Ada"), step=7, budget=BUDGET)
    assert given.action == format_action(best.action) == "R6xR1+Y2"
    assert given.callout == "6 plus 1 is 7, plus 2 is 9"
    assert given.headline.startswith("6 plus 1 is 7, plus 2 is 9 — your red 6 takes red 1 and "
                                     "yellow 2: 3 cards,")
    assert "16 points" in given.headline  # red cards score double (R5): 12 + 2 + 2
    assert "TWEAK!" in given.headline
    assert given.reasons == tuple(told(reason, names=("You", "Ada")) for reason in best.reasons[1:])
    assert any("TWEAK!" in reason for reason in given.reasons)
    assert given.runner_up.startswith("Next best: ")
    assert given.step == 7


def test_the_hint_reads_the_view_only():
    """Two states that differ only in what seat 0 cannot see get the same hint."""
    state = red_capture()
    other = replace(state, hands=(state.hands[0], tuple(reversed(state.hands[1]))))
    assert view(state, 0) == view(other, 0)
    assert hint(view(state, 0), budget=BUDGET) == hint(view(other, 0), budget=BUDGET)


def test_the_default_budget_is_reproducible():
    seen = view(red_capture(), 0)
    assert hint(seen) == hint(seen)
    assert hint(seen).action == format_action(evaluate(seen, HINT_BUDGET)[0].action)


def test_words_of_a_place_and_of_a_small_capture():
    seen = view(red_capture(), 0)
    assert words(seen, parse_action("P1")) == ("Place your purple 1 on the table", "")
    text, said = words(seen, parse_action("G3xR1"))
    assert said == "3 plus 1 is 4"
    assert text == "3 plus 1 is 4 — your green 3 takes red 1: 2 cards, 5 points"


def test_a_place_is_hinted_when_no_capture_exists():
    state = deal([["B1", "B2", "G1"], ["B4", "B5", "B6"]], table=["Y1", "O1"],
                 deck=["R5/10", "G6", "P6", "Y6"])
    seen = view(state, 0)
    assert not capture_marks(seen)
    given = hint(seen, budget=BUDGET)
    assert given.callout == ""
    assert given.headline.startswith("Place your ")
    assert parse_action(given.action) in seen.legal


def test_show_all_sums_marks_each_table_card_with_the_hand_cards_that_take_it():
    seen = view(red_capture(), 0)
    marks = capture_marks(seen)
    # Target 9: R6+R1+Y2; G3 cannot reach 9 (3+1+2=6); P1 neither.  Only red 6 captures.
    assert marks == {0: (Face.parse("R6"),), 1: (Face.parse("R6"),)}
    state = deal([["R6", "G3", "P5"], ["B5", "B6", "O6"]], table=["R4", "Y2"],
                 deck=["B4/9", "G6", "P6", "Y6"])
    seen = view(state, 0)
    table = [str(face) for face in seen.table]
    marks = {table[index]: [str(face) for face in cards]
             for index, cards in capture_marks(seen).items()}
    # 9 = P5+R4 = G3+R4+Y2: red 4 is taken by green 3 or purple 5, yellow 2 only by green 3.
    assert marks == {"R4": ["G3", "P5"], "Y2": ["G3"]}


def test_reasons_name_cards_for_a_player_and_notation_for_a_developer():
    """A reason's str is the developer's English, cards in notation; told, it names the cards,
    says 1 point in the singular, and names the Thief's victim by name."""
    state = deal([["R6", "G3", "P1"], ["B4", "B5", "B6"]], table=["R1", "Y2"],
                 deck=["R4/9", "G6", "P6", "Y6"], tcards=["joker"])
    placed = describe(view(state, 0), parse_action("P1"))
    assert placed[0] == "places P1: gives up its 1 point"
    assert told(placed[0]) == "places purple 1: gives up its 1 point"
    assert placed[-1].startswith("leaves R1+Y2+P1 (5 points) to the next player at target ")
    assert told(placed[-1]).startswith("leaves red 1, yellow 2 and purple 1 (5 points) to the "
                                       "next player at target ")
    thief = replace(state, tcards_held=((TKind.THIEF,), ()))
    played = describe(view(thief, 0), parse_action("thief@1"))
    assert played[0] == "plays The Thief on seat 1: a random card of their 3 goes to the table"
    assert told(played[0], names=("You", "Ada")) == ("plays The Thief on Ada: a random card of "
                                                     "their 3 goes to the table")
    assert told(played[1]) == ("the [T!] card scores its 2 points whether played or kept; kept, "
                               "it could act later this round")  # no ruling numbers

def test_a_safe_play_says_nothing_is_left_for_the_next_player():
    """The coach's words for a table the next player cannot take from: "leaves red 1 (2 points),
    nothing the next player can take at target 9"; a table they can take from says how much."""
    from types import SimpleNamespace

    from tweak.bots.evaluator import _leaves

    seen = view(red_capture(), 0)
    known = SimpleNamespace(target_after=lambda draws: {9: 1.0}, value_share={})
    for expected, said in ((0.0, "leaves red 1 (2 points), nothing the next player can take at "
                                 "target 9"),
                           (0.4, "leaves red 1 (2 points) to the next player at target 9: they "
                                 "take about 0.4")):
        judge = SimpleNamespace(_next_hand=lambda seat: 3, exposure=lambda *args: expected)
        reason = _leaves(seen, judge, known, parse_action("P1"), [Face.parse("R1")])
        assert told(reason) == said
