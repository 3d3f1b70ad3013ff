"""What a hostile or careless user can do to the page (issue 8), in real Chromium: a bad save,
a bad link, a bad address, Menu → Resume while a computer thinks, two tabs on one save, a
reload mid-game and mid-Bomb-choice.  Each test ends with a new game dealt and played, and
fails if the page logged an error or showed a Python traceback (``open_game``).
"""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from playwright.sync_api import expect

from tests.e2e.test_game import (
    BOMB_NAMES, TURN_TIMEOUT_MS, click_hand_card, open_game, reach_the_bomb_choice, reveal,
    set_players, settle, wait_for_my_turn,
)
from tests.ui.scenarios import query
from tweak import Record, dumps

__all__ = ["open_game"]  # the fixture, imported for these tests

NESTED_LINK = "#g=" + "[" * 1300  # a 1.3 KB link of nesting: it once killed Pyodide's stack


def packed_link(data: dict) -> str:
    """A ``#g=`` link of any JSON, packed as tweak.to_fragment packs a record."""
    packed = zlib.compress(json.dumps(data).encode("utf-8"), 9)
    return "#g=1." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


RECORD = json.loads(dumps(Record(players=2, seed=5)))
# House-rule targets up to 30 once made legal_actions combinatorial (seconds per click), and a
# legal 143,141-action link froze the tab for 18 s: both are refused before any replay now.
HUGE_TARGETS = packed_link({**RECORD, "rules": {**RECORD["rules"], "targets": [30] * 10}})
TOO_LONG = packed_link({**RECORD, "actions": ["R1"] * 20_000})


def deal_and_play(page):
    """From wherever the page is: to the menu, a new 2-player game, one move played."""
    if page.locator("[data-ui=quit]").count():
        page.locator("[data-ui=quit]").first.click()
    expect(page.locator("#start-screen")).to_be_visible()
    set_players(page, ["human", "bot"])
    page.locator("#deal").click()
    wait_for_my_turn(page)
    settle(page)
    moves = len(page.evaluate("JSON.parse(localStorage.getItem('tweak.save')).actions"))
    click_hand_card(page)
    page.locator("#place").click()
    # The person's next turn: a move, or, when the computer has won and played a Bomb on them,
    # a card to give up (the computers' seeds are the system's: either may come).
    expect(page.locator("#place, #give-up").first).to_be_visible(timeout=TURN_TIMEOUT_MS)
    settle(page)
    after = len(page.evaluate("JSON.parse(localStorage.getItem('tweak.save')).actions"))
    assert after > moves, "the move was not saved"


def no_traceback(page):
    expect(page.locator(".py-error")).to_have_count(0)
    assert "Traceback" not in page.locator("body").inner_text()


@pytest.mark.parametrize("save", [
    '{"format":"tweak-record/1","players":3,"seed":42,"names":5}',
    "[" * 8000,
    '{"format":"tweak-record/1","players":2,"seed":1,"actions":["R\u00b2"]}',
])
def test_a_hostile_save_is_set_aside_with_a_message(open_game, page, save):
    page.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{"
                         f"  localStorage.setItem('tweak.save', {save!r});"
                         f"  sessionStorage.setItem('seeded', '1'); }}")
    open_game(query(pace="instant"))
    expect(page.locator("#start-notice .notice")).to_contain_text("set aside")
    expect(page.locator("[data-ui^='resume:']")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('tweak.save.broken')") == save
    no_traceback(page)
    deal_and_play(page)
    assert page.evaluate("localStorage.getItem('tweak.save.previous')") is None
    page.reload()  # and the bad save never comes back
    expect(page.locator("[data-screen=table]")).to_be_visible(timeout=TURN_TIMEOUT_MS)
    no_traceback(page)


@pytest.mark.parametrize("link", [NESTED_LINK, "#g=1.not-a-game", "#g=" + "A" * 400_000,
                                  HUGE_TARGETS, TOO_LONG])
def test_a_hostile_link_says_why_and_the_game_goes_on(open_game, page, link):
    open_game(query(pace="instant"), fragment=link)
    expect(page.locator("#start-notice .notice")).to_contain_text("cannot be opened")
    no_traceback(page)
    deal_and_play(page)


@pytest.mark.parametrize("address", ["?seed=%C2%B2", "?seed=" + "9" * 5000, "?goal=%D9%A3",
                                     "?pace=<script>alert(1)</script>", "?tcards=" + "x," * 500])
def test_a_hostile_address_says_why_and_the_game_goes_on(open_game, page, address):
    open_game(address)
    expect(page.locator("#start-notice .notice")).to_contain_text("page address")
    expect(page.locator("#loading")).to_be_hidden()  # never stuck on "Loading…"
    no_traceback(page)
    deal_and_play(page)


def test_menu_then_resume_while_a_computer_thinks_does_not_stall(open_game, page):
    # Seat 0 deals, so the computer in seat 1 plays first, at the normal pace (it "thinks").
    open_game(query(seed=3, dealer=0, pace="normal"))
    set_players(page, ["human", "bot"])
    page.locator("#deal").click()
    expect(page.locator(".prompt")).to_contain_text("thinking")
    page.locator("[data-ui=quit]").click()
    page.locator("[data-ui='resume:tweak.save']").click()
    wait_for_my_turn(page)  # the computer moved: its pacing started again
    page.locator("[data-ui=quit]").click()
    page.locator("#deal").click()  # Menu → Deal, the other way out
    wait_for_my_turn(page)
    deal_and_play(page)


def test_two_tabs_never_overwrite_each_other(open_game, page, context, site_url):
    open_game(query(seed=12, pace="instant"))
    set_players(page, ["human", "bot"])
    page.locator("#deal").click()
    wait_for_my_turn(page)
    settle(page)
    other = context.new_page()
    other.goto(site_url)
    other.locator("[data-ui='resume:tweak.save']").click()
    wait_for_my_turn(other)
    settle(other)
    # The first tab hears it and stops: no move of its can overwrite the other tab's game.
    away = page.locator("[data-screen=away]")
    expect(away).to_contain_text("open in another tab")
    expect(page.locator(".hand")).to_have_count(0)
    click_hand_card(other)
    other.locator("#place").click()
    # The computer answers the move at once; the save holds both before it is compared.
    other.wait_for_function(
        "JSON.parse(localStorage.getItem('tweak.save')).actions.length >= 2")
    wait_for_my_turn(other)
    settle(other)
    saved = other.evaluate("localStorage.getItem('tweak.save')")
    # Taking it back brings the other tab's moves along, and the other tab stops in turn.
    page.get_by_role("button", name="Play here").click()
    wait_for_my_turn(page)
    settle(page)
    assert page.evaluate("localStorage.getItem('tweak.save')") == saved
    expect(other.locator("[data-screen=away]")).to_be_visible()
    other.close()
    deal_and_play(page)


def test_a_reload_during_the_bomb_choice_asks_the_victim_again(open_game, page, wait_for_python):
    page = reach_the_bomb_choice(open_game)
    names = BOMB_NAMES
    settle(page)
    page.reload()
    wait_for_python(page)
    # Back at the same moment: the device goes to the victim, in private (R13).
    expect(page.locator("[data-screen=pass] .why")).to_contain_text("Bomb")
    reveal(page, names[1])
    click_hand_card(page)
    page.locator("#give-up").click()
    expect(page.locator("[data-screen=pass] h1")).to_contain_text(names[0])
    deal_and_play(page)


def test_menu_while_the_first_table_shows_and_a_computer_is_to_move_asks_nothing_more(
        open_game, page):
    """Menu clicked the moment it shows, with the first table still coming in and a computer
    to move: the menu shows and stays, and the worker is asked for no computer move after
    it (that would find no game: an error in the console, which the fixture refuses)."""
    # Seat 0 deals, so the computer in seat 1 plays first, at the normal pace.
    open_game(query(seed=3, dealer=0, pace="normal"))
    set_players(page, ["human", "bot"])
    page.locator("#deal").click()
    unseen = page.evaluate("""() => new Promise((resolve) => {
      const look = () => {
        const menu = document.querySelector("#game [data-ui=quit]");
        const unseen = document.querySelectorAll("#game [data-unseen]").length;
        if (menu && getComputedStyle(menu).visibility === "visible" && unseen) {
          menu.click();
          resolve(unseen);
        } else {
          requestAnimationFrame(look);
        }
      };
      look();
    })""")
    assert unseen > 3, unseen  # most of the table was still to come
    expect(page.locator("#deal")).to_be_visible()
    settle(page)
    page.wait_for_timeout(1500)  # longer than a computer's pace
    expect(page.locator("#deal")).to_be_visible()
    expect(page.locator("#game")).to_be_hidden()
