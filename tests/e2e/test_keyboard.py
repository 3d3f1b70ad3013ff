"""A whole game by keyboard only, in real Chromium: no click from deal to game over.
The keys come from what the screen shows (each control's key badge, ``data-key``); the test
finds a capture the way a player reads the table, and prints the keys each turn took.
"""

from __future__ import annotations

import itertools
import statistics
import time

from playwright.sync_api import expect

from tests.e2e.test_game import open_game, settle
from tests.ui.scenarios import query

__all__ = ["open_game"]


def keyed(page, selector: str) -> list:
    """(key, value) of the keyed cards under ``selector``: the key shown, the value printed."""
    return page.eval_on_selector_all(
        selector + " [data-key]",
        "cards => cards.map(c => [c.dataset.key, Number(c.querySelector('.value').textContent)])")


def find_capture(hand, table, target):
    """The keys of a capture (a hand card and table cards adding up to the target, R11), the
    fewest table cards first; None when there is none."""
    for size in range(1, len(table) + 1):
        for (hand_key, value) in hand:
            for combo in itertools.combinations(table, size):
                if value + sum(card for _, card in combo) == target:
                    return [hand_key, *(key for key, _ in combo), "Enter"]
    return None


def test_a_whole_game_by_keyboard(open_game, page):
    open_game(query(seed=44, goal=200, pace="instant"))
    page.locator("input[name=name-0]").focus()  # the first control a Tab reaches
    page.keyboard.type("Kay")
    page.keyboard.press("Enter")  # submits the start form: Deal
    per_turn, captures, sheets = [], [], 0
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        settle(page)
        if page.locator("[data-screen=over]").count():
            break
        if page.locator("#next-round").count():
            page.keyboard.press("Enter")
            sheets += 1
            continue
        if page.locator("#give-up").count():
            keys = ["1", "Enter"]
        elif page.locator("#place").count():
            target = int(page.locator(".prompt.you b").inner_text())
            keys = find_capture(keyed(page, ".hand"), keyed(page, ".tablecards"), target)
            if keys:
                captures.append(len(keys))
            else:
                keys = ["1", "p"]
        else:
            page.wait_for_timeout(25)
            continue
        for key in keys:
            page.keyboard.press(key)
            settle(page)
        per_turn.append(len(keys))
    expect(page.locator("[data-screen=over]")).to_be_visible()
    print(f"\nkeys per turn: {per_turn}\ncaptures: {len(captures)}, keys per capture: "
          f"median {statistics.median(captures) if captures else '-'}, max "
          f"{max(captures) if captures else '-'}; score sheets: {sheets}")
    assert len(per_turn) > 10 and captures and sheets >= 1
    assert statistics.median(captures) <= 5  # a typical capture: at most 5 presses
    assert page.locator(".winner").count() == 1
