"""The game page in real Chromium, played as a person would: by clicking.

Address hooks used (ui/worker/session.py ``parse_hooks``): ``seed`` and ``dealer`` make the deal
reproducible, ``tcards`` stacks round 1's [T!] pile, ``goal`` shortens the game (a house rule,
R3), ``pace=instant`` removes the pacing of computer moves.  The deals that open with a TWEAK!
are searched from the engine (tests/ui/scenarios.py), never written down.

Every test fails if the page logged a console error, threw, failed a request or asked for
anything outside 127.0.0.1 (``page_log`` from tests/e2e/conftest.py).
"""

from __future__ import annotations

import os
import re
import time

import pytest
from playwright.sync_api import expect

from tests.ui.scenarios import query, tweak_opening
from tweak import new_game

TURN_TIMEOUT_MS = 30_000
# The two sizes every screen is looked at in (``sized``), and a folder for screenshots a person
# looks at (``shot``), when TWEAK_SHOTS names one.
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SHOTS = os.environ.get("TWEAK_SHOTS", "")


@pytest.fixture(params=list(SIZES))
def sized(request, page):
    """The test runs once per size of ``SIZES``; the page has that viewport."""
    page.set_viewport_size(SIZES[request.param])
    return request.param


def shot(page, name: str, size: str, full_page: bool = False):
    """A screenshot NAME-SIZE.png in the TWEAK_SHOTS folder, if one is named."""
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}-{size}.png"), full_page=full_page)


def button(page, label: str):
    """The button a person would look for by its exact label."""
    return page.get_by_role("button", name=label, exact=True)


@pytest.fixture
def open_game(page, page_log, site_url, wait_for_python):
    """``open_game(query)`` opens the page with that query string and waits for Python; the
    test fails afterwards if the page misbehaved."""

    def go(search: str = "", fragment: str = ""):
        page.goto(site_url + search + fragment)
        wait_for_python(page)
        return page

    yield go
    problems = page_log.problems()
    assert not problems, "the page misbehaved:\n" + "\n".join(problems)
    expect(page.locator(".py-error")).to_have_count(0)


def settle(page):
    """Wait until the screen has stopped changing: no answer from the game's worker is
    pending and no computer's move is on its way (``#app[aria-busy]``, ui/main_thread/page.py)."""
    expect(page.locator("#app")).not_to_have_attribute("aria-busy", "true",
                                                        timeout=TURN_TIMEOUT_MS)


def set_players(page, kinds):
    """Choose the seats on the start screen: ``kinds`` like ["human", "bot"]."""
    page.locator(f"input[name=players][value='{len(kinds)}'] + span").click()
    for seat, kind in enumerate(kinds):
        select = page.locator(f"select[name=kind-{seat}]")
        if kind == "human":
            select.select_option("human")


def click_hand_card(page, face: str = ""):
    selector = f".hand [data-ui='hand:{face}']" if face else ".hand [data-ui^='hand:']"
    page.locator(selector).first.click()


def wait_for_my_turn(page):
    expect(page.locator("#place")).to_be_visible(timeout=TURN_TIMEOUT_MS)


def reveal(page, name: str):
    """Hot-seat: the pass screen names ``name`` and shows no card; then the device is taken."""
    screen = page.locator("[data-screen=pass]")
    expect(screen).to_be_visible(timeout=TURN_TIMEOUT_MS)
    expect(screen.locator("h1")).to_contain_text(name)
    expect(page.locator("#game .card.face")).to_have_count(0)  # every hand hidden (R21)
    page.locator("[data-ui=reveal]").click()


def choose_opening_capture(page, opening):
    """Seat 0 chooses the opening TWEAK!'s cards: its hand card, then the table cards."""
    state = new_game(opening.players, opening.seed, tcards=opening.tcards,
                     dealer=opening.dealer)
    click_hand_card(page, str(opening.tweak.card))
    used = set()
    for face in opening.tweak.taken:
        index = next(i for i, f in enumerate(state.table) if f is face and i not in used)
        used.add(index)
        page.locator(f"[data-ui='table:{index}']").click()


def capture_opening(page, opening):
    """Seat 0 makes the opening TWEAK! by clicking its hand card, the table cards, Capture."""
    choose_opening_capture(page, opening)
    capture = page.locator("#capture")
    expect(capture).to_be_enabled()
    expect(page.locator(".sumline.exact")).to_be_visible()
    capture.click()
    burst = page.locator("#fx-burst .tweak-burst")
    expect(burst).to_contain_text("TWEAK!")  # R15, celebrated
    expect(burst).to_contain_text(" plus ")  # R14: the called-out sum


def play_to_the_end(page, seconds: float = 600) -> tuple:
    """Play the person's seat to game over by clicking: the first hand card placed (or given
    to a Bomb), every score sheet's "Next round"; the (turns, score sheets) it took."""
    sheets = turns = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        settle(page)
        if page.locator("[data-screen=over]").count():
            return turns, sheets
        if page.locator("#next-round").count():
            expect(page.locator("table.scores")).to_be_visible()
            sheets += 1
            page.locator("#next-round").click()
        elif page.locator("#give-up").count():
            click_hand_card(page)
            page.locator("#give-up").click()
        elif page.locator("#place").count():
            click_hand_card(page)
            page.locator("#place").click()
            turns += 1
        else:
            page.wait_for_timeout(25)
    raise AssertionError(f"no game over after {seconds} s")


# ---- whole games --------------------------------------------------------------------------------


def test_a_person_plays_a_whole_game_against_computers(open_game):
    page = open_game(query(seed=31, goal=200, pace="instant"))
    set_players(page, ["human", "bot"])
    page.locator("#deal").click()
    turns, sheets = play_to_the_end(page)
    over = page.locator("[data-screen=over]")
    expect(over).to_be_visible()
    expect(over.locator(".winner")).to_contain_text("win")
    assert turns > 10 and sheets >= 1, (turns, sheets)
    page.locator("#new-game").click()
    expect(page.locator("#start-screen")).to_be_visible()


def test_two_people_pass_the_device_and_never_see_each_others_hand(open_game):
    page = open_game(query(seed=5, dealer=1, pace="instant"))
    set_players(page, ["human", "human"])
    page.locator("input[name=name-0]").fill("Ann")
    page.locator("input[name=name-1]").fill("Ben")
    page.locator("#deal").click()
    for name in ("Ann", "Ben", "Ann"):
        reveal(page, name)
        wait_for_my_turn(page)
        expect(page.locator(".me .name")).to_have_text(name)
        expect(page.locator(".hand .card.face")).to_have_count(3)
        click_hand_card(page)
        page.locator("#place").click()
    expect(page.locator("[data-screen=pass]")).to_be_visible()


# ---- [T!] flows ------------------------------------------------------------------------------------


def start_opening(open_game, kinds, tcards, **extra):
    opening = tweak_opening(len(kinds), tcards)
    page = open_game(opening.query(pace="instant", **extra))
    set_players(page, kinds)
    page.locator("#deal").click()
    return page, opening


def test_thief_flow(open_game):
    page, _ = start_opening(open_game, ["human", "bot"], ("thief",))
    wait_for_my_turn(page)
    capture_opening(page, tweak_opening(2, ("thief",)))
    wait_for_my_turn(page)
    page.locator("[data-ui='flow:thief']").click()
    page.locator("[data-action='thief@1']").click()  # R13: the victim chosen by the player
    expect(page.locator(".log")).to_contain_text("The Thief on Ada")
    expect(page.locator(".me .card.tcard.used")).to_have_count(1)
    expect(page.locator("[data-ui='flow:thief']")).to_have_count(0)  # one [T!] a turn (R12)


def test_joker_flow(open_game):
    page, opening = start_opening(open_game, ["human", "bot"], ("joker",))
    wait_for_my_turn(page)
    capture_opening(page, opening)
    wait_for_my_turn(page)
    target = int(page.locator(".sumline .want, .prompt.you b").first.inner_text())
    page.locator("[data-ui='flow:joker']").click()
    page.locator("[data-action='joker+1']").click()
    expect(page.locator(".pile .joker-badge")).to_have_text("+1")
    expect(page.locator(".prompt.you b")).to_have_text(str(target + 1))  # R13
    click_hand_card(page)
    page.locator("#place").click()
    expect(page.locator(".log")).to_contain_text("The Joker +1")


def test_change_target_flow(open_game):
    page, opening = start_opening(open_game, ["human", "bot"], ("change",))
    wait_for_my_turn(page)
    capture_opening(page, opening)
    wait_for_my_turn(page)
    before = page.locator(".tablecards .card.face").count()
    page.locator("[data-action=change]").click()
    expect(page.locator(".log")).to_contain_text("Change Target:")
    expect(page.locator(".tablecards .card.face")).to_have_count(before + 1)  # R13


BOMB_NAMES = ("Player 1", "Ada")  # a second person keeps the name of seat 2


def reach_the_bomb_choice(open_game):
    """Two people: seat 0 wins The Bomb with its opening TWEAK!, seat 1 places a card, seat 0
    plays the Bomb; the page is at the pass screen that asks for the victim (R13)."""
    page, opening = start_opening(open_game, ["human", "human"], ("bomb",))
    reveal(page, BOMB_NAMES[0])
    capture_opening(page, opening)
    reveal(page, BOMB_NAMES[1])
    click_hand_card(page)
    page.locator("#place").click()
    reveal(page, BOMB_NAMES[0])
    page.locator("[data-action=bomb]").click()
    # R13: the victim chooses in private: the device goes to them first.
    expect(page.locator("[data-screen=pass] .why")).to_contain_text("Bomb")
    return page


def test_bomb_flow_asks_the_other_person_privately(open_game):
    page = reach_the_bomb_choice(open_game)
    names = BOMB_NAMES
    reveal(page, names[1])
    expect(page.locator(".prompt.alert")).to_contain_text("played The Bomb")
    click_hand_card(page)
    page.locator("#give-up").click()
    expect(page.locator("[data-screen=pass] h1")).to_contain_text(names[0])
    page.locator("[data-ui=reveal]").click()
    expect(page.locator(".log")).to_contain_text("to the Bomb")


# ---- start, resume, links, rules --------------------------------------------------------------------


# Installed before the page's scripts: whether Python was ready when Deal was clicked, and every
# label the Deal button showed.
WATCH_DEAL = """
document.addEventListener("click", (event) => {
  if (event.target.id === "deal") {
    window.__readyAtClick = document.documentElement.dataset.python === "ready";
  }
}, true);
window.__dealLabels = [];
new MutationObserver(() => {
  const deal = document.getElementById("deal");
  if (deal && window.__dealLabels.at(-1) !== deal.textContent) {
    window.__dealLabels.push(deal.textContent);
  }
}).observe(document, { childList: true, subtree: true, characterData: true });
"""


def test_deal_clicked_before_python_is_ready_deals_when_ready(page, page_log, site_url):
    page.add_init_script(WATCH_DEAL)
    page.goto(site_url + query(pace="instant"), wait_until="domcontentloaded")
    # A real pointer click at once: locator.click() first waits for the button to be "stable",
    # which on a loaded machine can outlast Python's start.
    box = page.locator("#deal").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.evaluate("window.__readyAtClick") is False, "Python was ready before the click"
    expect(page.locator("[data-screen=table]")).to_be_visible(timeout=60_000)
    labels = page.evaluate("window.__dealLabels")
    assert "Shuffling…" in labels, labels  # the page said it was dealing
    assert labels[-1] == "Deal"  # and put its label back for the next game
    assert page_log.problems() == []


def test_a_reload_brings_back_the_exact_table_and_the_menu_stays_the_menu(open_game, page,
                                                                         wait_for_python):
    open_game(query(seed=12, pace="instant"))
    page.locator("#deal").click()
    wait_for_my_turn(page)
    click_hand_card(page)
    page.locator("#place").click()
    wait_for_my_turn(page)
    settle(page)
    log_before = page.locator(".log li").all_inner_texts()
    hand_before = page.locator(".hand .card").evaluate_all("cards => cards.map(c => c.dataset.ui)")
    page.reload()
    wait_for_python(page)
    wait_for_my_turn(page)  # no menu, no Resume to find: the same table
    settle(page)
    assert page.locator(".log li").all_inner_texts() == log_before  # the log is replayed
    assert page.locator(".hand .card").evaluate_all(
        "cards => cards.map(c => c.dataset.ui)") == hand_before
    # Left for the menu, a reload keeps the menu, with the game to resume.
    page.locator("[data-ui=quit]").click()
    expect(page.locator("#start-screen")).to_be_visible()
    page.reload()
    wait_for_python(page)
    resume = page.locator("[data-ui='resume:tweak.save']")
    expect(resume).to_be_visible()
    resume.click()
    wait_for_my_turn(page)


def test_a_damaged_save_or_link_gives_a_message_and_loses_nothing(open_game, page):
    page.add_init_script("localStorage.setItem('tweak.save', '{damaged')")
    open_game(fragment="#g=1.not-a-game")
    notice = page.locator("#start-notice .notice")
    expect(notice).to_contain_text("cannot")
    expect(page.locator("#start-screen")).to_be_visible()
    assert page.evaluate("localStorage.getItem('tweak.save.broken')") == "{damaged"


def test_a_link_opens_its_game(open_game, page):
    open_game(query(seed=3, pace="instant"))
    page.locator("#deal").click()
    wait_for_my_turn(page)
    fragment = page.evaluate("localStorage.getItem('tweak.save')")
    assert fragment
    from tweak import loads, to_fragment
    link = "#g=" + to_fragment(loads(fragment))
    page.evaluate("localStorage.clear()")
    page.goto("about:blank")
    open_game(fragment=link)
    wait_for_my_turn(page)
    expect(page.locator("[data-screen=table]")).to_be_visible()


def test_rules_page_from_the_start_screen_and_during_play(open_game, page):
    open_game(query(pace="instant"))
    page.locator("#how-to-play").click()
    rules = page.locator("[data-screen=rules]")
    expect(rules).to_be_visible()
    expect(rules).to_contain_text("Table rules where the printed sheet is silent")
    expect(rules.locator("#goals-table")).to_be_visible()
    page.locator("#close-rules").click()
    page.locator("#deal").click()
    page.locator(".topbar [data-ui=rules]").click()
    expect(page.locator("[data-screen=rules]")).to_be_visible()
    page.locator("#close-rules").click()
    expect(page.locator("[data-screen=table]")).to_be_visible()


@pytest.mark.parametrize("width, height", [(375, 667), (1280, 800)])
def test_nothing_spills_sideways_on_a_phone_or_a_desktop(open_game, page, width, height):
    page.set_viewport_size({"width": width, "height": height})
    open_game(query(seed=8, pace="instant"))
    wide = "document.documentElement.scrollWidth <= window.innerWidth"
    assert page.evaluate(wide), "the start screen is wider than the window"
    page.locator("input[name=players][value='6'] + span").click()
    page.locator("#deal").click()
    wait_for_my_turn(page)
    click_hand_card(page)
    assert page.evaluate(wide), "the table is wider than the window"


def test_copy_link_gives_a_link_to_this_game(open_game, page):
    open_game(query(seed=3, pace="instant"))
    page.locator("#deal").click()
    wait_for_my_turn(page)
    page.locator("[data-ui=copy-link]").click()
    notice = page.locator(".notice")
    # Headless Chromium may refuse the clipboard: the page then shows the link to copy by hand.
    expect(notice).to_contain_text(re.compile(r"clipboard|#g=1\."))
