"""The game review (issue 11) in real Chromium, by its visible labels, on a phone (390×844) and
a desktop (1280×800): a game played to its end, "Review game", stepping with the buttons and
with the arrow keys, Home and End, a round's score sheet and back, "Back to results"; and a
``#g=`` link of a finished game, which opens on its results, from where the review is one
click away (a link of a game still being played offers no review: it would show its hands).

``TWEAK_SHOTS=/some/folder`` saves screenshots of the screens for a person to look at.
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from tests.e2e.test_game import (  # noqa: F401  (open_game, sized: fixtures)
    button, open_game, play_to_the_end, set_players, settle, sized,
)
from tests.e2e.test_game import shot as game_shot
from tests.ui.scenarios import query
from tests.ui.test_review import short_game
from tweak import Record, to_fragment
from ui.worker.review import Review

WIDE = "document.documentElement.scrollWidth <= window.innerWidth"


def shot(page, name, sized):
    game_shot(page, "review-" + name, sized, full_page=True)


def position(page):
    return page.locator(".review-pos")


def test_review_a_game_by_buttons_and_keys(open_game, page, sized, wait_for_python):
    open_game(query(seed=31, goal=60, pace="instant"))
    set_players(page, ["human", "bot"])
    page.locator("#deal").click()
    play_to_the_end(page)
    shot(page, "over", sized)

    button(page, "Review game").click()
    settle(page)
    review = page.locator("[data-screen=review]")
    expect(review).to_be_visible()
    expect(position(page)).to_have_text(re.compile(r"^Step 0 of \d+ · Round 1 · the deal$"))
    steps = int(re.search(r"of (\d+)", position(page).inner_text()).group(1))
    expect(button(page, "First move")).to_be_disabled()
    expect(button(page, "Previous move")).to_be_disabled()
    expect(page.locator(".review-seat")).to_have_count(2)
    for seat in page.locator(".review-hand").all():  # every hand face up: dealt 3 cards each
        expect(seat.locator(".card.face")).to_have_count(3)
    expect(page.locator(":focus")).to_have_id("review-next")
    shot(page, "deal", sized)

    started = time.monotonic()
    button(page, "Next move").click()
    expect(position(page)).to_have_text(f"Step 1 of {steps} · Round 1")
    first_step = time.monotonic() - started
    expect(page.locator(".review-who")).to_have_text(re.compile(r"move$"))
    expect(page.locator("#announcer")).to_contain_text(f"Step 1 of {steps}")
    page.keyboard.press("ArrowRight")
    settle(page)
    expect(position(page)).to_have_text(re.compile(rf"^Step 2 of {steps} · Round \d$"))
    page.keyboard.press("ArrowLeft")
    settle(page)
    expect(position(page)).to_have_text(f"Step 1 of {steps} · Round 1")
    timings = []
    for step in range(2, 8):  # each step is judged by the evaluator when first shown
        started = time.monotonic()
        page.keyboard.press("ArrowRight")
        expect(position(page)).to_have_text(re.compile(rf"^Step {step} of "))
        timings.append(time.monotonic() - started)
    print(f"\nfirst step {first_step:.2f} s; next steps {[round(t, 2) for t in timings]} s")
    expect(position(page)).to_have_text(re.compile(rf"^Step 7 of {steps} "))
    shot(page, "step", sized)

    page.keyboard.press("End")
    settle(page)
    expect(position(page)).to_have_text(re.compile(rf"^Step {steps} of {steps} "))
    expect(button(page, "Next move")).to_be_disabled()
    expect(button(page, "Last move")).to_be_disabled()
    expect(page.locator(".review-lines")).to_contain_text("Game over")
    assert page.evaluate(WIDE), "the review is wider than the window"
    page.keyboard.press("Home")
    settle(page)
    expect(position(page)).to_have_text(re.compile(r"^Step 0 of "))

    if page.locator("[data-ui='review:round:2']").count():
        button(page, "Start of round 2").click()
        settle(page)
        expect(position(page)).to_have_text(re.compile(r" · Round 2$"))
    at = position(page).inner_text()
    button(page, "Round 1 score sheet").click()
    settle(page)
    sheet = page.locator("[data-screen=review-sheet]")
    expect(sheet).to_be_visible()
    expect(sheet.locator("h1")).to_have_text("Round 1 — scores")
    expect(sheet.locator("table.scores")).to_be_visible()
    expect(page.locator(":focus")).to_have_id("review-back")
    shot(page, "sheet", sized)
    page.keyboard.press("Escape")  # the way back, by key
    settle(page)
    expect(position(page)).to_have_text(at)
    expect(page.locator(":focus")).to_have_attribute("data-ui", "review:sheet:1")
    button(page, "Round 1 score sheet").click()
    settle(page)
    button(page, "Back to the review").click()
    settle(page)
    expect(position(page)).to_have_text(at)

    button(page, "Back to results").click()
    settle(page)
    expect(page.locator("[data-screen=over]")).to_be_visible()
    expect(button(page, "Review game")).to_be_focused()

    # A reload brings the results back (the finished game is "tweak.last"), review and all.
    title = page.locator("[data-screen=over] h1").inner_text()
    page.reload()
    wait_for_python(page)
    settle(page)
    expect(page.locator("[data-screen=over] h1")).to_have_text(title)
    button(page, "Review game").click()
    settle(page)
    expect(position(page)).to_have_text(re.compile(rf"^Step 0 of {steps} · Round 1"))
    button(page, "Back to results").click()
    settle(page)
    # From the menu, "Review last game" opens the same review; back to its results.
    button(page, "New game").click()
    settle(page)
    last = page.get_by_role("button", name=re.compile(r"^Review last game"))
    expect(last).to_be_visible()
    shot(page, "start-last", sized)
    last.click()
    settle(page)
    expect(position(page)).to_have_text(re.compile(rf"^Step 0 of {steps} · Round 1"))
    button(page, "Back to results").click()
    settle(page)
    expect(page.locator("[data-screen=over] h1")).to_have_text(title)


def test_a_finished_games_link_opens_on_its_results_and_its_review(open_game, page, sized):
    record = short_game()
    open_game(fragment="#g=" + to_fragment(record))
    settle(page)
    expect(page.locator("[data-screen=over]")).to_be_visible()
    button(page, "Review game").click()
    settle(page)
    expect(position(page)).to_have_text(
        re.compile(rf"^Step 0 of {len(record.actions)} · Round 1 · the deal$"))
    # The evaluator's comment (ui/worker/review.py), as computed under CPython for the same record
    # (tests/ui/test_review.py): at step 2 the first player placed a card where a capture of
    # 3 cards was clearly better.
    expected = Review(record, record.names).comment(2)
    assert expected is not None and expected.lead == "Missed"
    button(page, "Next move").click()
    button(page, "Next move").click()
    expect(position(page)).to_have_text(re.compile(r"^Step 2 of "))
    expect(page.locator(".review-comment")).to_have_text(expected.text)
    expect(page.locator("#announcer")).to_contain_text(expected.text)
    shot(page, "comment", sized)
    button(page, "Last move").click()
    settle(page)
    expect(position(page)).to_have_text(
        re.compile(rf"^Step {len(record.actions)} of {len(record.actions)} "))
    assert page.evaluate(WIDE), "the review is wider than the window"
    shot(page, "link-last", sized)

    unfinished = Record(players=record.players, seed=record.seed, rules=record.rules,
                        actions=record.actions[:10], names=record.names)
    page.goto("about:blank")
    open_game(fragment="#g=" + to_fragment(unfinished))
    settle(page)
    expect(page.locator("[data-screen=table]")).to_be_visible()
    expect(button(page, "Review game")).to_have_count(0)
