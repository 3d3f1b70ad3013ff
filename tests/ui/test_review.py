"""The game review (ui/worker/review.py with its "review" commands, ui/worker/screens/review.py):
it steps through every position of a finished game's record, forwards and back, shows every
hand, jumps to each round's deal and score sheet, and comments where a clearly better move
existed (judged from the mover's own view, R21); an unfinished game is never reviewed."""

from __future__ import annotations

import json
import random

import pytest

from tests.engine.stacking import stacked_deck
from tweak import CLASSIC, PlayerView, Record, apply, format_action, to_fragment, view
from tweak import bots
from tweak.bots import Budget, make_bot
from ui.worker.host import Host
from ui.worker.review import CLEAR_MARGIN, Review, ReviewError
from ui.worker.screens.review import render_review

NAMES = ("You", "Ada")
FAST = Budget(steps=1000, min_worlds=8)  # REVIEW_BUDGET without the clock cap


def finished(record: Record, level: str = "greedy") -> Record:
    """``record`` played on to its game's end by computers of ``level``."""
    state = record.start()
    for text in record.actions:
        state = apply(state, __import__("tweak").parse_action(text))
    players = [make_bot(level, seed=seat) for seat in range(record.players)]
    actions = list(record.actions)
    while not state.is_over:
        action = players[state.to_act].choose(view(state, state.to_act))
        actions.append(format_action(action))
        state = apply(state, action)
    return Record(players=record.players, seed=record.seed, rules=record.rules,
                  actions=tuple(actions), deck=record.deck, tcards=record.tcards,
                  dealer=record.dealer, names=record.names)


def short_game(players: int = 2, seed: int = 3, goal: int = 250) -> Record:
    """A whole game of several rounds between greedy computers (goal lowered, R3)."""
    rules = CLASSIC.with_changes(goals=(goal,) * 5)
    return finished(Record(players=players, seed=seed, rules=rules,
                           names=NAMES + ("Blaise", "Emmy")[:players - 2]))


def stacked(first_move: str) -> Record:
    """Seat 0 ("You") holds red 6, green 3, purple 1; the table shows red 1 and yellow 2;
    target 9 (the deck's top back): red 6 + red 1 + yellow 2 = 9 takes the whole table, a
    TWEAK! worth 16 points (R5: red doubles).  ``first_move`` is what seat 0 does; the one
    round (goal 1, R19) is then played out."""
    deck = stacked_deck([["R6", "G3", "P1"], ["B4", "B5", "B6"]], table=["R1", "Y2"],
                        deck=["R4/9", "G6", "P6", "Y6"], dealer=1)
    rules = CLASSIC.with_changes(goals=(1,) * 5)
    return finished(Record(players=2, seed=0, rules=rules, deck=tuple(deck), dealer=1,
                           tcards=("joker",), names=NAMES, actions=(first_move,)))


@pytest.fixture(scope="module")
def game() -> Record:
    record = short_game()
    assert len(__import__("tweak").replay(record).results) >= 2  # several rounds
    return record


# ---- stepping ---------------------------------------------------------------------------------


def test_stepping_forwards_and_back_shows_every_position_of_the_record(game):
    positions = list(game.states())
    review = Review(game, NAMES, budget=FAST)
    review.comment = lambda step: None  # positions only: judging every move is tested below
    assert review.steps == len(game.actions) == len(positions) - 1

    def shown(step):
        screen = review.screen()
        assert screen.step == step
        state = positions[step]
        assert screen.views == tuple(view(state, seat) for seat in range(game.players))
        assert screen.round == state.round

    shown(0)
    for step in range(1, review.steps + 1):
        review.go("next")
        shown(step)
    review.go("next")  # at the end: stays
    shown(review.steps)
    for step in range(review.steps - 1, -1, -1):
        review.go("previous")
        shown(step)
    review.go("previous")
    shown(0)
    review.go("last")
    shown(review.steps)
    review.go("first")
    shown(0)
    review.go("step:17")
    shown(17)


def test_every_hand_is_shown_face_up_and_the_move_is_told(game):
    review = Review(game, NAMES, budget=FAST)
    review.go("step:5")
    screen = review.screen()
    state = list(game.states())[5]
    html = render_review(screen)
    for seat in range(game.players):
        assert screen.views[seat].hand == state.hands[seat]
        assert f'aria-label="{"Your" if seat == 0 else "Ada’s"} hand"' in html
    assert html.count('class="card face') >= sum(len(hand) for hand in state.hands) + len(
        state.table)
    assert screen.actor == list(game.states())[4].to_act
    assert screen.entries and all(entry.text in html for entry in screen.entries)
    assert "Step 5 of" in html and f"Round {state.round}" in html


def test_each_round_starts_at_its_deal_and_its_score_sheet_opens_and_closes(game):
    positions = list(game.states())
    review = Review(game, NAMES, budget=FAST)
    rounds = len(positions[-1].results)
    assert rounds >= 2 and review.rounds == rounds
    assert [number for number, _ in review.round_starts] == list(range(1, rounds + 1))
    for number, step in review.round_starts:
        review.go("last")
        review.go(f"round:{number}")
        assert review.step == step
        assert positions[step].round == number
        assert step == 0 or positions[step - 1].round == number - 1
    review.go("step:3")
    review.go("sheet:2")
    screen = review.screen()
    assert screen.sheet == positions[-1].results[1]
    html = render_review(screen)
    assert "Round 2 — scores" in html and 'data-ui="review:back"' in html
    assert "<table class=\"scores\">" in html
    review.go("back")
    assert review.sheet is None and review.step == 3


@pytest.mark.parametrize("command", ["step:abc", "step:-1", "step:99999", "step:²", "step:",
                                     "step:" + "9" * 400, "round:0", "round:9", "round:x",
                                     "sheet:0", "sheet:7", "dance", "", "next:now"])
def test_a_step_or_round_the_game_does_not_have_is_refused_with_a_sentence(game, command):
    review = Review(game, NAMES, budget=FAST)
    review.go("step:4")
    if command == "next:now":  # an argument a command does not take is ignored
        review.go(command)
        assert review.step == 5
        return
    with pytest.raises(ReviewError) as refused:
        review.go(command)
    assert str(refused.value)[:1].isupper() and str(refused.value).endswith(".")
    assert review.step == 4 and review.sheet is None


def test_an_unfinished_game_is_not_reviewed(game):
    unfinished = Record(players=game.players, seed=game.seed, rules=game.rules,
                        actions=game.actions[:30])
    with pytest.raises(ReviewError, match="Only a finished game can be reviewed"):
        Review(unfinished)
    broken = Record(players=2, seed=game.seed, rules=game.rules, actions=("R9xR9",))
    with pytest.raises(ReviewError, match="cannot be replayed"):
        Review(broken)


# ---- the evaluator's comments ------------------------------------------------------------------


def test_a_missed_capture_is_named_with_its_cards_and_sum():
    record = stacked("P1")  # places purple 1 instead of the TWEAK!
    review = Review(record, NAMES, budget=FAST)
    comment = review.comment(1)
    assert comment is not None and comment.better == "R6xR1+Y2"
    assert comment.lead == "Missed" and comment.gap >= CLEAR_MARGIN
    assert comment.text.startswith("Missed: 6 plus 1 is 7, plus 2 is 9 — your red 6 takes red 1 "
                                   "and yellow 2: 3 cards, 16 points, and a TWEAK!")
    assert "points better than the move played." in comment.text
    review.go("step:1")
    screen = review.screen()
    assert screen.comment == comment
    html = render_review(screen)
    assert "<b>Missed:</b> 6 plus 1 is 7, plus 2 is 9" in html
    assert "Your move" in html


def test_a_comment_kept_is_said_in_the_language_in_force(catalogue_archive):
    """A judgement is made once and kept; its words are said in the current language each time
    (a switch of language mid-review re-renders the same comment in the new one), and the
    step's heading, sum and buttons are in that language too."""
    from ui.worker import i18n

    review = Review(stacked("P1"), NAMES, budget=FAST)
    review.go("step:1")
    english = review.screen().comment.text
    try:
        i18n.use("es", catalogue_archive)
        screen = review.screen()
        assert screen.comment.text.startswith("Captura perdida: 6 más 1 son 7, más 2 son 9 — ")
        assert screen.comment.text.endswith("puntos más que la jugada hecha.")
        html = render_review(screen)
        for words in ("Paso 1 de ", "Tu jugada", ">Jugada siguiente<", "Volver a los resultados",
                      'aria-label="Mano de Ada"', "Puntuación de la ronda 1"):
            assert words in html, words
        captured = Review(stacked("R6xR1+Y2"), NAMES, budget=FAST)
        captured.go("step:1")
        assert captured.screen().callout == "6 más 1 son 7, más 2 son 9"
    finally:
        i18n.use(i18n.SOURCE)
    assert review.screen().comment.text == english


def test_no_comment_when_the_best_move_was_played_and_a_forced_move_is_not_judged():
    record = stacked("R6xR1+Y2")
    review = Review(record, NAMES, budget=FAST)
    assert review.comment(1) is None
    review.go("step:1")
    screen = review.screen()
    assert screen.callout == "6 plus 1 is 7, plus 2 is 9" and screen.total == 9
    assert [str(face) for face in screen.played] == ["R6", "R1", "Y2"]
    assert 'class="review-sum"' in render_review(screen)
    assert review.comment(0) is None  # the deal is no move


def test_a_move_is_judged_from_its_players_view_only(monkeypatch):
    """R21: the evaluator gets the mover's view before the move, never a State."""
    record = stacked("P1")
    seen = []
    real = bots.evaluate

    def spy(judged_view, **options):
        seen.append(judged_view)
        return real(judged_view, **options)

    monkeypatch.setattr(bots, "evaluate", spy)  # review.py imports it when it judges
    review = Review(record, NAMES, budget=FAST)
    review.comment(1)
    review.comment(1)  # kept: judged once
    assert len(seen) == 1
    assert isinstance(seen[0], PlayerView) and seen[0].seat == 0
    assert seen[0] == view(record.start(), 0)


def test_the_same_record_gets_the_same_comments():
    record = stacked("P1")
    first = [Review(record, NAMES, budget=FAST).comment(step) for step in range(1, 8)]
    again = [Review(record, NAMES, budget=FAST).comment(step) for step in range(1, 8)]
    assert first == again and first[0] is not None


# ---- through the page protocol -------------------------------------------------------------------


def over_host(record: Record) -> tuple:
    made = Host(seeds=random.Random(1))
    made.hello("?pace=instant", "", {}, "normal")
    return made, made.answer("open_link", to_fragment(record), {})


def test_a_finished_games_link_opens_on_its_results_and_its_review_steps(game):
    made, reply = over_host(game)
    assert reply["screen"] == "over"
    assert 'data-ui="review"' in reply["html"] and ">Review game<" in reply["html"]
    reply = made.command("review")
    assert reply["screen"] == "review" and json.loads(json.dumps(reply)) == reply
    assert "Step 0 of" in reply["html"] and reply["announce"][0].startswith("Step 0 of")
    assert reply["focus"] == "#review-next" and not reply["bot"]
    assert 'id="review-first" disabled' in reply["html"]
    assert 'id="review-prev" disabled' in reply["html"]
    reply = made.command("review:next")
    assert reply["announce"][0].startswith("Step 1 of")
    assert 'data-key="ArrowRight"' in reply["html"] and 'data-key="ArrowLeft"' in reply["html"]
    reply = made.command("review:last")
    assert 'id="review-next" disabled' in reply["html"] and reply["focus"] == "#review-prev"
    reply = made.command("review:sheet:1")
    assert reply["screen"] == "review" and "Round 1 — scores" in reply["html"]
    assert reply["focus"] == "#review-back"
    reply = made.command("review:back")
    assert reply["focus"] == "[data-ui='review:sheet:1']" and "Step " in reply["html"]
    assert made.screen()["screen"] == "review"  # e.g. after the rules page
    reply = made.command("review:step:99999")
    assert "There is no step 99999" in reply["html"] and reply["screen"] == "review"
    assert made.command("dismiss")["screen"] == "review"
    reply = made.command("review:close")
    assert reply["screen"] == "over" and reply["focus"] == "#review-game"
    assert made.screen()["screen"] == "over"


def test_a_game_still_being_played_offers_no_review_and_says_why(game):
    unfinished = Record(players=game.players, seed=game.seed, rules=game.rules,
                        actions=game.actions[:20], names=NAMES)
    made, reply = over_host(unfinished)
    assert reply["screen"] in ("table", "pass")
    assert 'data-ui="review"' not in reply["html"]
    reply = made.command("review")
    assert reply["screen"] in ("table", "pass")
    assert "Only a finished game can be reviewed" in reply["html"]
    assert made.review is None
