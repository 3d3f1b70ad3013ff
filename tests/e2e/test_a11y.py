"""Accessibility of every screen, checked by axe-core in real Chromium at a desktop and a phone
size: no violation of any impact, on the start screen, the table in each of its states (a
selection made, the Thief's and the Joker's choosers open, the Bomb's choice, a computer
thinking), the hot-seat pass screen, a round's score sheet, game over, the game review (a step,
its last step, a round's score sheet in it) and the rules page.

axe-core is a pinned npm devDependency (package.json); the dev server serves node_modules, so
the script is added to the page by URL — the page's own origin, which a Content-Security-Policy
of 'self' allows.  States are reached as a person would, by clicking (tests/e2e/test_game.py's
flows; deals from tests/ui/scenarios.py), or by a game link, as a friend's link opens: the end
of a round from a link at its last move, a computer's.

The layout checks (issue 9, "steady layout") live here too: they measure the same screens.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_game import (  # noqa: F401  (sized is a fixture)
    sized,
    TURN_TIMEOUT_MS, capture_opening, click_hand_card, open_game, reveal, set_players, settle,
    start_opening, wait_for_my_turn,
)
from tests.ui.scenarios import query
from tests.ui.test_review import short_game
from tweak import to_fragment

__all__ = ["open_game"]  # the fixture, imported for these tests

AXE_PATH = "node_modules/axe-core/axe.min.js"

RUN_AXE = """async (root) => {
  const result = await axe.run(root ? document.querySelector(root) : document,
                               {resultTypes: ["violations"]});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(" ") + " — " +
                                        (n.failureSummary || "").split("\\n").slice(0, 3).join(" ")),
    count: v.nodes.length,
  }));
}"""


def axe_violations(page, site_url) -> list:
    """axe-core's violations on the page as it is now, as readable lines."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(url=site_url + AXE_PATH)
    return [f"{v['id']} ({v['impact']}, {v['count']}×): {v['help']}\n    "
            + "\n    ".join(v["nodes"]) for v in page.evaluate(RUN_AXE, None)]


def check(page, site_url, where: str, settled: bool = True):
    """Fail with every violation axe finds on the current screen, named by ``where``; unless
    ``settled``, at once (the cards of the last move may still be flying)."""
    if settled:
        settle(page)
    problems = axe_violations(page, site_url)
    assert not problems, f"axe on {where}:\n" + "\n".join(problems)


# ---- start and rules ------------------------------------------------------------------------


def test_start_screen_and_rules_page(open_game, page, site_url, sized):
    open_game(query(pace="instant"))
    check(page, site_url, f"the start screen ({sized})")
    page.locator("#how-to-play").click()
    expect(page.locator("[data-screen=rules]")).to_be_visible()
    check(page, site_url, f"the rules page ({sized})")
    page.locator("#close-rules").click()
    page.locator("#deal").click()
    wait_for_my_turn(page)
    page.locator(".topbar [data-ui=rules]").click()
    expect(page.locator("[data-screen=rules]")).to_be_visible()
    check(page, site_url, f"the rules page over a game ({sized})")


# ---- the table ------------------------------------------------------------------------------


def test_table_with_a_selection_and_the_thief_chooser(open_game, page, site_url, sized):
    page, opening = start_opening(open_game, ["human", "bot"], ("thief",))
    wait_for_my_turn(page)
    check(page, site_url, f"the table, my turn ({sized})")
    click_hand_card(page)
    page.locator("[data-ui^='table:']").first.click()
    expect(page.locator(".sumline .expr")).to_be_visible()
    check(page, site_url, f"the table with a selection ({sized})")
    page.locator("[data-ui=clear]").click()
    capture_opening(page, opening)
    check(page, site_url, f"the table with the TWEAK! burst ({sized})")
    wait_for_my_turn(page)
    page.locator("[data-ui='flow:thief']").click()
    expect(page.locator("[data-action='thief@1']")).to_be_visible()
    check(page, site_url, f"the Thief chooser ({sized})")


def test_table_with_the_joker_chooser(open_game, page, site_url, sized):
    page, opening = start_opening(open_game, ["human", "bot", "bot"], ("joker",))
    wait_for_my_turn(page)
    capture_opening(page, opening)
    wait_for_my_turn(page)
    page.locator("[data-ui='flow:joker']").click()
    expect(page.locator("[data-action='joker+1']")).to_be_visible()
    check(page, site_url, f"the Joker chooser ({sized})")


def test_pass_screen_and_the_bomb_choice(open_game, page, site_url, sized):
    page, opening = start_opening(open_game, ["human", "human"], ("bomb",))
    reveal_name = "Player 1"
    expect(page.locator("[data-screen=pass]")).to_be_visible(timeout=TURN_TIMEOUT_MS)
    check(page, site_url, f"the pass screen ({sized})")
    reveal(page, reveal_name)
    capture_opening(page, opening)
    reveal(page, "Ada")
    click_hand_card(page)
    page.locator("#place").click()
    reveal(page, reveal_name)
    page.locator("[data-action=bomb]").click()
    reveal(page, "Ada")
    expect(page.locator(".prompt.alert")).to_contain_text("played The Bomb")
    check(page, site_url, f"the Bomb choice ({sized})")
    click_hand_card(page)
    expect(page.locator("#give-up")).to_be_enabled()
    check(page, site_url, f"the Bomb choice with a card chosen ({sized})")


def snapshot(page, context, site_url):
    """A frozen copy of the page as it is now (scripts removed), opened in a new tab at an
    address of the same site, so a screen that lasts a second can be checked at leisure."""
    html = page.evaluate("""() => {
      const copy = document.documentElement.cloneNode(true);
      copy.querySelectorAll("script").forEach(s => s.remove());
      return "<!doctype html>" + copy.outerHTML;
    }""")
    frozen = context.new_page()
    frozen.set_viewport_size(page.viewport_size)
    url = site_url + "frozen-snapshot.html"
    frozen.route(url, lambda route: route.fulfill(body=html, content_type="text/html"))
    frozen.goto(url)
    return frozen


def test_table_while_a_computer_thinks(open_game, page, context, site_url, sized):
    # The normal pace: a computer's move shows a second after its turn begins.
    open_game(query(seed=12, dealer=2, pace="normal"))
    set_players(page, ["human", "bot", "bot"])
    page.locator("#deal").click()
    wait_for_my_turn(page)
    settle(page)
    click_hand_card(page)
    page.locator("#place").click()
    expect(page.locator(".opponent .thinking", has_text="thinking")).to_be_visible()
    frozen = snapshot(page, context, site_url)
    expect(frozen.locator(".opponent .thinking", has_text="thinking")).to_have_count(1)
    problems = axe_violations(frozen, site_url)
    frozen.close()
    assert not problems, f"axe on a computer thinking ({sized}):\n" + "\n".join(problems)


# ---- score sheet and game over --------------------------------------------------------------


def one_move_from_the_round_end(players: int, goal: int) -> str:
    """A game link (``#g=``) at the last move of round 1, which a computer makes: opened, the
    round ends at once, as a score sheet (a high ``goal``) or game over (``goal`` 1)."""
    from tweak import CLASSIC, Record, apply, legal_actions

    rules = CLASSIC.with_changes(goals=(goal,) * 5)
    for seed in range(100):
        record = Record(players=players, seed=seed, rules=rules)
        state = record.start()
        while True:
            action = legal_actions(state)[-1]
            after = apply(state, action)
            if after.results:
                break
            state, record = after, record.then(action)
        if state.to_act != 0:  # seat 0 is the person; the others are computers
            return "#g=" + to_fragment(record)
    raise AssertionError("no deal ends with a computer's move")


@pytest.mark.parametrize("goal, screen", [(1000, "scores"), (1, "over")])
def test_score_sheet_and_game_over(open_game, page, site_url, sized, goal, screen):
    open_game(query(pace="instant"), one_move_from_the_round_end(4, goal))
    expect(page.locator(f"[data-screen={screen}]")).to_be_visible(timeout=TURN_TIMEOUT_MS)
    check(page, site_url, f"the {screen} screen ({sized})")


def test_the_table_as_the_deal_lands(open_game, page, site_url, sized):
    open_game(query(seed=4, pace="fast"))
    set_players(page, ["human", "bot"])
    page.locator("#deal").click()
    wait_for_my_turn(page)
    check(page, site_url, f"the table as the deal lands ({sized})", settled=False)


@pytest.mark.parametrize("goal, screen", [(1000, "scores"), (1, "over")])
def test_score_sheet_and_game_over_with_the_cards_in_motion(open_game, page, site_url, sized,
                                                            goal, screen):
    """Motion on (the fast pace): each screen is checked the moment it shows, while the last
    move's cards still fly over it."""
    open_game(query(pace="fast"), one_move_from_the_round_end(2, goal))
    shown = page.locator(f"[data-screen={screen}]")
    expect(shown).to_have_count(1, timeout=TURN_TIMEOUT_MS)
    check(page, site_url, f"the {screen} screen in motion ({sized})", settled=False)


def test_pass_screen_with_the_cards_in_motion(open_game, page, site_url, sized):
    open_game(query(seed=5, dealer=1, pace="fast"))
    set_players(page, ["human", "human"])
    page.locator("input[name=name-0]").fill("Ann")
    page.locator("input[name=name-1]").fill("Ben")
    page.locator("#deal").click()
    reveal(page, "Ann")
    wait_for_my_turn(page)
    click_hand_card(page)
    page.locator("#place").click()
    expect(page.locator("[data-screen=pass]")).to_be_visible(timeout=TURN_TIMEOUT_MS)
    check(page, site_url, f"the pass screen in motion ({sized})", settled=False)


def test_game_review_and_its_score_sheet(open_game, page, site_url, sized):
    """The review of a finished game (a ``#g=`` link opens on its results): a step with a
    move told, a comment and every hand shown, the last step (its forward buttons disabled),
    and a round's score sheet."""
    record = short_game()
    open_game(fragment="#g=" + to_fragment(record))
    page.get_by_role("button", name="Review game", exact=True).click()
    expect(page.locator("[data-screen=review]")).to_be_visible()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".review-pos")).to_have_text(re.compile(r"^Step 2 of "))
    check(page, site_url, f"the game review ({sized})")
    page.keyboard.press("End")
    expect(page.get_by_role("button", name="Last move", exact=True)).to_be_disabled()
    check(page, site_url, f"the game review's last step ({sized})")
    page.get_by_role("button", name="Round 1 score sheet", exact=True).click()
    expect(page.locator("[data-screen=review-sheet]")).to_be_visible()
    check(page, site_url, f"a round's score sheet in the review ({sized})")


# ---- steady layout --------------------------------------------------------------------------

HEIGHTS = """() => [...document.querySelectorAll('.topbar, .opponent, .me, .me > *, .me .slot, .me-row')]
  .map(e => [e.className.split(' ')[0] + (e.dataset.seat || ''), Math.round(e.getBoundingClientRect().height)])"""


def test_panels_keep_their_size_and_buttons_their_reach(open_game, page, sized):
    """No panel grows or shrinks when a card is picked or a computer starts thinking; on a
    phone every button is at least 44 px tall; a toast leaves the top bar's buttons free."""
    open_game(query(seed=12, dealer=2, pace="normal"))
    set_players(page, ["human", "bot", "bot"])
    page.locator("#deal").click()
    wait_for_my_turn(page)
    settle(page)
    page.wait_for_function("window.tweakMotion.still()")  # the deal's cards have landed
    before = page.evaluate(HEIGHTS)
    click_hand_card(page)
    page.locator("[data-ui^='table:']").first.click()
    expect(page.locator(".sumline .why")).to_be_visible()
    assert page.evaluate(HEIGHTS) == before, "picking cards changed a panel's height"
    page.locator("[data-ui=clear]").click()
    click_hand_card(page)
    page.locator("#place").click()
    expect(page.locator(".opponent .thinking", has_text="thinking")).to_be_visible()
    assert page.evaluate(HEIGHTS) == before, "a computer thinking changed a panel's height"

    if sized == "phone":
        heights = page.evaluate("""() => [...document.querySelectorAll('#game .btn')]
            .filter(b => b.offsetParent).map(b => [b.textContent, b.getBoundingClientRect().height])""")
        assert heights and all(h >= 44 for _, h in heights), heights

    # A capture's toast (ui/worker/screens/game.py render_flash), as the page shows it.
    page.evaluate("""() => { document.getElementById('fx-toast').innerHTML =
        '<div class="toast" role="status"><div class="callout"><b>Ada</b>: 1 plus 3 is 4, ' +
        'plus 5 is 9, and a long name to fill the line</div></div>'; }""")
    page.wait_for_timeout(500)  # past the toast's slide-in
    toast = page.locator("#fx-toast .toast").bounding_box()
    for button in page.locator(".topbar .btn").all():
        box = button.bounding_box()
        assert (toast["y"] >= box["y"] + box["height"] or toast["y"] + toast["height"] <= box["y"]
                or toast["x"] >= box["x"] + box["width"] or toast["x"] + toast["width"] <= box["x"]), \
            f"the toast covers {button.inner_text()!r}"


# ---- statistics -----------------------------------------------------------------------------

STATS = ('{"format": "tweak-stats/1", "games": {"2 medium": [5, 3], "4 hard": [2, 1]}, '
         '"best_round": 41, "tweaks": 4, "biggest": 17, "biggest_words": "P9 takes P2 + G3"}')


def test_statistics_screen_and_its_reset_question(open_game, page, site_url, sized):
    open_game(query(pace="instant"))
    page.evaluate(f"localStorage.setItem('tweak.stats', {STATS!r})")
    page.get_by_role("button", name="Statistics").click()
    screen = page.locator("[data-screen=stats]")
    expect(screen.locator("svg.stats-bar")).to_have_count(2)  # the chart, one bar per row
    check(page, site_url, f"the statistics screen ({sized})")
    page.get_by_role("button", name="Reset").click()
    expect(screen).to_contain_text("Reset your statistics?")
    check(page, site_url, f"the statistics reset question ({sized})")
