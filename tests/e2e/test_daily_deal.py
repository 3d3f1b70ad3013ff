"""The daily deal (issue 11 item 4) in real Chromium, by its visible labels, on a desktop
(1280×800) and a phone (390×844): today's deal (``?today=`` fixes the day) played to the end,
its result and "Share result" (the system share sheet on the phone, the clipboard on the
desktop: both stubbed in the page, and the shared text checked), a reload that shows the
result and no way to play again, the streak on the statistics screen, and the ``#daily=``
link opened in a fresh browser context: today's deal counts there, a past day's is a replay
that says so, a bad date gets a sentence.

The expected result is computed here under CPython from the same day's deal with the same
moves the test clicks (the first hand card each turn): the browser's computers (Pyodide) must
play exactly as CPython's do, which is what makes the deal the same on every device.
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from tests.e2e.test_game import (  # noqa: F401  (open_game is a fixture)
    SIZES, button, open_game, play_to_the_end, settle, wait_for_my_turn,
)
from tests.e2e.test_a11y import check
from tests.e2e.test_game import shot as game_shot
from tests.ui.scenarios import query
from tweak import Place, view
from ui.worker import daily
from ui.worker.session import Session

DAY = date(2026, 12, 1)
TODAY = query(today="2026-12-01", pace="instant")

# The page's sharing, recorded instead of done: the phone has a share sheet, the desktop only
# the clipboard (as desktop Chrome on Linux).
STUB_SHARE = """
window.__shared = [];
Object.defineProperty(navigator, 'share', {configurable: true, value: async (data) => {
  window.__shared.push({via: 'share', text: data.text, url: data.url});
}});
"""
STUB_CLIPBOARD = """
window.__shared = [];
delete Navigator.prototype.share;
Object.defineProperty(navigator, 'clipboard', {configurable: true, value: {
  writeText: async (text) => { window.__shared.push({via: 'clipboard', text: text}); },
}});
"""


def shot(page, name, size):
    game_shot(page, "daily-" + name, size, full_page=True)


def expected_result() -> daily.Result:
    """The day's result under CPython when the person places their first hand card every turn
    (and gives it up to a Bomb), as ``play_to_the_end`` clicks."""
    session = Session.new_daily(DAY, "instant")
    while not session.state.is_over:
        if session.kind() == "scores":
            session.command("next-round")
        elif session.bot_to_act():
            session.step_bots(limit=1)
        else:
            me = view(session.state, session.state.to_act)
            session._apply(Place(me.hand[0]))
    return daily.result_of(session.state, 0)


@pytest.mark.parametrize("size", list(SIZES))
def test_todays_deal_played_shared_and_not_played_again(open_game, page, size, site_url):
    page.set_viewport_size(SIZES[size])
    page.add_init_script(STUB_SHARE if size == "phone" else STUB_CLIPBOARD)
    open_game(TODAY)
    section = page.locator("#daily section.daily")
    expect(section.get_by_role("heading", name=re.compile("Daily deal"))).to_contain_text(
        "1 December 2026")
    expect(section).to_contain_text("Ada (Medium), Blaise (Hard) and Emmy (Medium)")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "start", size)

    button(page, "Play today's game").click()
    wait_for_my_turn(page)
    expect(page.locator(".topbar .daily-chip")).to_have_text("Daily deal")
    page.locator(".hand [data-ui^='hand:']").first.click()
    page.locator("#place").click()
    wait_for_my_turn(page)
    settle(page)
    expect(button(page, "Take back")).to_have_count(0)  # one try, as dealt
    shot(page, "table", size)

    play_to_the_end(page)
    result = expected_result()
    line = daily.result_line(result)
    vs = daily.rival_text(result)  # the link carries the result, for the friend to compare
    over = page.locator("[data-screen=over] .daily-result")
    expect(over.locator(".daily-line")).to_have_text(line)
    expect(button(page, "Play again")).to_have_count(0)
    button(page, "Share result").click()
    status = over.locator(".share-status")
    expect(status).to_have_text("Shared." if size == "phone" else
                                "Copied — paste it to a friend.")
    shared = page.evaluate("window.__shared")
    text = f"TWEAK! daily 2026-12-01 — {line}"
    if size == "phone":
        assert shared == [{"via": "share", "text": text, "url": shared[0]["url"]}]
        assert shared[0]["url"].endswith(f"/#daily=2026-12-01&vs={vs}")
    else:
        assert len(shared) == 1 and shared[0]["via"] == "clipboard"
        assert re.fullmatch(re.escape(text) + r"\nhttp://127\.0\.0\.1:\d+/#daily=2026-12-01"
                            + re.escape(f"&vs={vs}"),
                            shared[0]["text"])
    shot(page, "over", size)
    check(page, site_url, f"the daily deal's results, shared ({size})")

    # Back to the menu, and a reload: the day's result, no way to play it again.
    button(page, "New game").click()
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=60_000)
    section = page.locator("#daily section.daily")
    expect(section).to_contain_text(f"Today's deal: {line}")
    expect(section).to_contain_text("Streak: 1 day")
    expect(button(page, "Play today's game")).to_have_count(0)
    expect(button(page, "Continue today's game")).to_have_count(0)
    expect(button(page, "Share result")).to_be_visible()
    shot(page, "played", size)
    check(page, site_url, f"the start screen with today's result ({size})")

    button(page, "Statistics").click()
    facts = page.locator(".daily-facts")
    expect(facts).to_contain_text("Daily deals played1")
    expect(facts).to_contain_text("Current streak1 day")
    expect(facts).to_contain_text("Best streak1 day")
    shot(page, "stats", size)


def test_the_daily_link_in_a_fresh_browser(browser, site_url, open_game, page):
    """A friend opens the link: today's deal counts as theirs (it is their first today); a past
    day's is a replay that says so; a date to come or no date at all gets a sentence."""
    errors = []

    def fresh(fragment: str):
        context = browser.new_context(viewport=SIZES["phone"])
        friend = context.new_page()
        friend.on("pageerror", lambda error: errors.append(str(error)))
        friend.goto(site_url + TODAY + fragment)
        expect(friend.locator("html")).to_have_attribute("data-python", "ready",
                                                          timeout=60_000)
        settle(friend)
        return context, friend

    context, friend = fresh("#daily=2026-12-01&vs=130.1.3.4.0")  # a link with its result
    expect(friend.locator(".topbar .daily-chip")).to_have_text("Daily deal")
    # (The sentence that tells it shows until the next move, which a computer may make at
    # once; the table keeps the score to beat in sight all game long.)
    rival = friend.locator(".topbar .rival-chip")
    expect(rival).to_have_text("Friend: 130")
    expect(rival).to_have_attribute("title",
                                    "Your friend's result: 130 points, 1 TWEAK!, 3rd of 4")
    shot(friend, "friend", "phone")
    assert "#" not in friend.url  # the game is saved now: a reload resumes it, not the link
    context.close()

    context, friend = fresh("#daily=2026-11-28")
    expect(friend.locator(".topbar .daily-chip")).to_have_text("Daily replay")
    expect(friend.locator(".notice")).to_contain_text(
        "A replay of the daily deal of 28 November 2026")
    shot(friend, "replay", "phone")
    context.close()

    for fragment, words in (("#daily=2026-12-02", "has not come yet"),
                            ("#daily=2026-13-01", "no such day")):
        context, friend = fresh(fragment)
        expect(friend.locator("#start-notice")).to_contain_text(words)
        expect(button(friend, "Play today's game")).to_be_visible()
        context.close()
    assert not errors

    # The same link on a device that has played today: a replay, and the day's result stays.
    open_game(TODAY)
    page.evaluate("localStorage.setItem('tweak.daily', JSON.stringify({format: 'tweak-daily/1',"
                  " date: '2026-12-01', result: {points: 40, tweaks: 1, place: 2, tied: false,"
                  " players: 4}}))")
    page.goto("about:blank")  # (a change of the fragment alone would not load the page)
    page.goto(site_url + TODAY + "#daily=2026-12-01")
    expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=60_000)
    chip = page.locator(".topbar .daily-chip")
    expect(chip).to_have_text("Daily replay")
    # (The sentence saying why shows until the next move; a computer may move first at once.)
    expect(chip).to_have_attribute("title", re.compile("counts in no statistics"))
    assert "40" in page.evaluate("localStorage.getItem('tweak.daily')")
