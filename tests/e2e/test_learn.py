"""Issue 11 ("Learn and come back") in real Chromium, used by the visible labels a person
reads, on a phone (390×844) and a desktop (1280×800): Hint (the best move and why, with the
called-out sum, R14), Show sums, Take back (the game becomes practice), the hint switch of a
hot-seat game, and Statistics (counted at a game's end, export, import, reset with a
confirmation, a damaged store set aside).

The expected hint is computed here from the same deal's view (ui/worker/coach.py under CPython): the
page must show exactly the evaluator's best move for the player's own view.
"""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.e2e.test_game import (  # noqa: F401  (open_game, sized: fixtures)
    button, shot, sized,
    click_hand_card, open_game, play_to_the_end, reveal, set_players, settle, wait_for_my_turn,
)
from tests.ui.scenarios import query, tweak_opening
from tweak import new_game, view
from ui.worker.coach import capture_marks, hint

def test_hint_names_the_best_move_and_show_sums_marks_the_captures(open_game, sized):
    opening = tweak_opening(2, ("joker",))
    page = open_game(opening.query(pace="instant"))
    set_players(page, ["human", "bot"])
    page.locator("#deal").click()
    wait_for_my_turn(page)
    settle(page)
    seen = view(new_game(2, opening.seed, tcards=opening.tcards, dealer=opening.dealer), 0)
    expected = hint(seen, ("You", "Ada"))

    button(page, "Show sums").click()
    settle(page)
    marks = capture_marks(seen)
    expect(page.locator(".tablecards .card.summed")).to_have_count(len(marks))
    shot(page, "sums", sized)

    button(page, "Hint").click()
    settle(page)
    coach = page.locator(".coach")
    expect(coach).to_be_visible()
    expect(coach).to_contain_text(expected.headline)
    assert expected.callout and " plus " in expected.callout  # a capture: the sum is said
    expect(coach).to_contain_text(expected.callout)
    coach.scroll_into_view_if_needed()
    shot(page, "hint", sized)
    # The hinted cards are picked: one click on Capture makes the move.
    expect(page.locator(".sumline.exact")).to_be_visible()
    page.locator("#capture").click()
    settle(page)
    expect(page.locator(".log")).to_contain_text(expected.callout)


def test_take_back_undoes_my_move_and_marks_the_game_practice(open_game, sized):
    page = open_game(query(seed=12, dealer=1, pace="instant"))
    set_players(page, ["human", "bot"])
    page.locator("#deal").click()
    wait_for_my_turn(page)
    settle(page)
    expect(button(page, "Take back")).to_have_count(0)  # nothing of mine to take back yet
    hand = page.locator(".hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    table = page.locator(".tablecards .card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")
    click_hand_card(page)
    page.locator("#place").click()
    settle(page)
    wait_for_my_turn(page)
    button(page, "Take back").click()
    settle(page)
    expect(page.locator(".table-screen .notice")).to_contain_text("practice")
    expect(page.locator(".topbar .practice")).to_have_text("Practice")
    shot(page, "take-back", sized)
    assert page.locator(".hand .card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)") == hand
    assert page.locator(".tablecards .card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)") == table
    saved = json.loads(page.evaluate("localStorage.getItem('tweak.save')"))
    assert saved["practice"] is True and saved["actions"] == []
    expect(button(page, "Take back")).to_have_count(0)


def test_hot_seat_hints_wait_for_the_switch_and_nothing_is_taken_back(open_game, sized):
    page = open_game(query(seed=5, dealer=1, pace="instant"))
    set_players(page, ["human", "human"])
    page.locator("#deal").click()
    reveal(page, "Player 1")
    wait_for_my_turn(page)
    expect(button(page, "Hint")).to_have_count(0)
    button(page, "Hints: off").click()
    settle(page)
    button(page, "Hint").click()
    settle(page)
    expect(page.locator(".coach")).to_be_visible()
    shot(page, "hot-seat-hint", sized)
    page.locator("[data-ui=clear]").click()  # the hint picked its cards; pick anew
    click_hand_card(page)
    page.locator("#place").click()
    reveal(page, "Ada")
    wait_for_my_turn(page)
    expect(button(page, "Take back")).to_have_count(0)


def test_statistics_count_a_game_export_import_and_reset(open_game, sized, tmp_path):
    page = open_game(query(seed=31, goal=1, pace="instant"))
    set_players(page, ["human", "bot"])
    page.locator("#deal").click()
    play_to_the_end(page)
    stored = json.loads(page.evaluate("localStorage.getItem('tweak.stats')"))
    assert stored["format"] == "tweak-stats/1" and list(stored["games"]) == ["2 medium"]
    assert stored["games"]["2 medium"][0] == 1
    page.locator("#new-game").click()
    button(page, "Statistics").click()
    screen = page.locator("[data-screen=stats]")
    expect(screen).to_be_visible()
    expect(screen).to_contain_text("2 players · Medium")
    expect(screen.locator("svg.stats-bar")).to_have_count(1)
    shot(page, "stats", sized)

    with page.expect_download() as caught:
        button(page, "Export").click()
    exported = json.loads(open(caught.value.path()).read())
    assert exported == stored

    bigger = dict(exported, games={"2 medium": [5, 3], "4 hard": [2, 1]}, tweaks=4)
    path = tmp_path / "stats.json"
    path.write_text(json.dumps(bigger))
    page.get_by_label("Import").set_input_files(str(path))
    expect(screen).to_contain_text("Statistics imported: 7 games")
    expect(screen).to_contain_text("4 players · Hard")
    assert json.loads(page.evaluate("localStorage.getItem('tweak.stats')"))["tweaks"] == 4
    path.write_text('{"format": "something else"}')
    page.get_by_label("Import").set_input_files(str(path))
    expect(screen).to_contain_text("not imported")

    button(page, "Reset").click()
    expect(screen).to_contain_text("Reset your statistics?")
    shot(page, "stats-reset", sized)
    button(page, "Yes, reset").click()
    expect(screen).to_contain_text("have been reset")
    expect(screen).to_contain_text("No games counted yet")
    assert page.evaluate("localStorage.getItem('tweak.stats')") is None
    button(page, "Back").click()
    expect(page.locator("#start-screen")).to_be_visible()


def test_a_damaged_statistics_store_is_set_aside_with_a_message(open_game, sized):
    page = open_game()
    page.evaluate("localStorage.setItem('tweak.stats', '{damaged')")
    button(page, "Statistics").click()
    screen = page.locator("[data-screen=stats]")
    expect(screen).to_contain_text("could not be read")
    expect(screen).to_contain_text("set aside")
    assert page.evaluate("localStorage.getItem('tweak.stats.broken')") == "{damaged"
    assert page.evaluate("localStorage.getItem('tweak.stats')") is None
