"""A quick player's clicks: the moment the page says "Your turn", it takes the click.

At every pace, over a whole game against computers, the person acts the instant the prompt is
visible — a mouse click where the card is, or its key — while the computers' last move may
still be shown (a capture lit, cards in flight).  Each click must be taken (the card selected,
the move made); none is dropped, none is applied twice.  The same for "Next round".
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.ui.scenarios import query

GAME_SECONDS = 300
TAKEN_MS = 5_000  # generous: a dropped click is never taken at all


def click_at(page, locator):
    """A mouse click at the middle of what ``locator`` shows, as a person's pointer lands:
    no waiting for the element to stop moving (Playwright's own click would wait)."""
    box = locator.bounding_box()
    assert box, "nothing to click"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def act_at_once(page, turn: int) -> str:
    """One turn of the person's, the instant its prompt is visible: select the first hand
    card and place it (by mouse on even turns, by keys 1 and P on odd ones); a Bomb's choice
    is given up the same way.  Returns what was done."""
    card = page.locator(".hand [data-ui^='hand:']").first
    by_keys = turn % 2 == 1
    if by_keys:
        page.keyboard.press("1")
    else:
        click_at(page, card)
    expect(page.locator(".hand [data-ui^='hand:'][aria-pressed=true]")).to_have_count(
        1, timeout=TAKEN_MS)
    move = page.locator("#place:enabled, #give-up:enabled")
    expect(move).to_have_count(1, timeout=TAKEN_MS)
    name = move.get_attribute("id")
    if by_keys:
        page.keyboard.press("p" if name == "place" else "Enter")
    else:
        click_at(page, move)
    return name


@pytest.mark.parametrize("pace", ["normal", "fast", "instant"])
def test_every_click_at_the_prompt_is_taken_at_every_pace(page, page_log, site_url,
                                                         wait_for_python, pace):
    page.goto(site_url + query(seed=23, goal=1, pace=pace))
    wait_for_python(page)
    page.locator("input[name=players][value='4'] + span").click()
    page.locator("#deal").click()
    prompt = page.locator(".prompt.you, .prompt.alert")
    turns = sheets = 0
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        if page.locator("[data-screen=over]").count():
            break
        if page.locator("#next-round").count():
            click_at(page, page.locator("#next-round"))
            expect(page.locator("#next-round")).to_have_count(0, timeout=TAKEN_MS)
            sheets += 1
            continue
        if prompt.count() and page.locator(".hand [data-ui^='hand:']").count():
            act_at_once(page, turns)
            turns += 1
            # The move was made: no card of the hand stays selected, waiting.
            expect(page.locator(".hand [data-ui^='hand:'][aria-pressed=true]")).to_have_count(
                0, timeout=TAKEN_MS)
            continue
        page.wait_for_timeout(5)
    else:
        raise AssertionError(f"no game over after {GAME_SECONDS} s")
    expect(page.locator("[data-screen=over]")).to_be_visible()
    assert turns >= 5, turns
    assert not page_log.problems(), page_log.problems()
