"""Every table screen fits the window, in real Chromium: a laptop's 1280x800 and a phone's
390x844, in every language of the game, six players with names as long as the start screen
allows (16 characters).

"Fits" (``problems``): the page does not scroll, either way; no text of the table is cut (wider
or taller than its box: a status, a name, a number, a chip, a button, the prompt, a score
sheet's cell), except a player's name on a phone, which may end in an ellipsis when its title
keeps it whole; a capture's toast covers no opponent's panel, no button of the top bar, no
winner's title.  The states: the table mid-round (a game link: [T!] cards and TWEAK!s held, five
cards on the table), every opponent status of the game written into every panel, the toast, a
hint and the Thief's chooser of five victims, the round's score sheet and the game's results,
and the host's table with two seats away (its banner open, each invitation's QR code in the
window; folded too).  One page per group of states; a language is changed through the page's own
language control where the page has one.

``TWEAK_SHOTS=/some/folder`` saves each state's screenshots, per size and language.
"""

from __future__ import annotations

import gettext
import io
import zipfile

import pytest
from playwright.sync_api import expect

from tests.e2e.test_game import SHOTS, SIZES, open_game, settle, shot  # noqa: F401 (a fixture)
from tools import ROOT, catalogues
from tweak import CLASSIC, PlayThief, Record, apply, legal_actions, to_fragment, view
from tweak.bots import make_bot

LANGUAGES = ("en", "es", "fr", "it", "pt")
# Names of the longest a seat takes (the start screen's maxlength), seat 0 the person.
NAMES = ("You", "Anastasia Wilson", "Maximilian Grant", "Bartholomew Kent", "Wilhelmina Ford",
         "Christopherus Le")
# An opponent's statuses (ui/worker/screens/table.py _opponent, devices.py seat_status), the
# animated dots after the two that have them.
STATUSES = ("thinking", "playing on their device", "away", "away (a computer plays)",
            "on their device", "choosing a card for the Bomb", "to play")
DOTS = "<i>.</i><i>.</i><i>.</i>"

# The page as it is now: what does not fit, in sentences ([] when all is well).
PROBLEMS = """() => {
  const page = document.documentElement, phone = innerWidth <= 420, out = [];
  if (page.scrollHeight > innerHeight) out.push(`the page scrolls: ${page.scrollHeight} px tall in ${innerHeight}`);
  if (page.scrollWidth > innerWidth) out.push(`the page scrolls sideways: ${page.scrollWidth} px wide in ${innerWidth}`);
  const texts = '#game :is(.name, .opp-kind, .opp-stats > span, .thinking, .chip, .prompt, .sumline, '
    + '.btn, .pile-label, .twhy, .keys-help, .topbar .info > span, .table-wrap, .scores th, '
    + '.scores td, .winner, .away-seat p, .peer-status, .rejoin)';
  for (const el of document.querySelectorAll(texts)) {
    const box = el.getBoundingClientRect();
    if (!el.checkVisibility() || box.width <= 1 || box.height <= 1) continue;  // not seen
    if (el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1) continue;
    // A name may end in an ellipsis on a phone when its title keeps it whole.
    const name = el.matches('.name, .scores tbody th');
    if (phone && name && el.title && el.title === el.innerText.trim()) continue;
    out.push(`cut: ${el.className || el.tagName} "${el.innerText.trim().slice(0, 60)}" ` +
             `(${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`);
  }
  const toast = document.querySelector('#fx-toast .toast');
  if (toast) {
    const t = toast.getBoundingClientRect();
    for (const el of document.querySelectorAll('#game :is(.opponent, .topbar .btn, .winner)')) {
      const b = el.getBoundingClientRect();
      if (t.top < b.bottom && t.bottom > b.top && t.left < b.right && t.right > b.left) {
        out.push(`the toast covers ${el.className || el.tagName} "${el.innerText.trim().slice(0, 30)}"`);
      }
    }
  }
  return out;
}"""

# A capture's toast, as ui/worker/screens/game.py render_flash draws it, its call-out long.
TOAST = """() => { document.getElementById('fx-toast').innerHTML =
  '<div class="toast" role="status"><div class="callout"><b>Christopherus Le</b>: ' +
  '1 plus 3 is 4, plus 5 is 9, plus 2 is 11</div></div>'; }"""

# Every opponent's status line says ``text``; nothing else changes.
SAY = """(text) => { for (const line of document.querySelectorAll('.opponent .thinking'))
  line.innerHTML = text; }"""


def fits(page, where: str):
    """Fail, naming ``where``, if the page as it is now does not fit (``PROBLEMS``)."""
    problems = page.evaluate(PROBLEMS)
    assert not problems, f"{where}:\n" + "\n".join(problems)


def sized(page, size: str):
    page.set_viewport_size(SIZES[size])


def translations(lang: str):
    """The game's catalogue of ``lang`` (English: the messages themselves)."""
    if lang == "en":
        return gettext.NullTranslations()
    archive = catalogues.generated_cached(ROOT)[catalogues.ARCHIVE]
    with zipfile.ZipFile(io.BytesIO(archive)) as files:
        return gettext.GNUTranslations(io.BytesIO(files.read(f"{lang}/LC_MESSAGES/tweak.mo")))


def statuses(lang: str) -> list:
    """Every opponent status in ``lang``, as the table writes it."""
    words = translations(lang)
    texts = [words.gettext(message) for message in STATUSES]
    if lang != "en":  # a message renamed in the source must be renamed here too
        assert all(text != message for text, message in zip(texts, STATUSES)), texts
    return [text + (DOTS if message in STATUSES[:2] else "")
            for text, message in zip(texts, STATUSES)]


def choose_language(page, lang: str):
    """The language of the game, from the table: through the How to play page's control."""
    page.locator(".topbar [data-ui=rules]").click()
    page.locator("#rules-language").select_option(value=lang)
    settle(page)
    page.locator("#close-rules").click()
    expect(page.locator("[data-screen=table]")).to_be_visible()
    settle(page)
    expect(page.locator("html")).to_have_attribute("lang", lang)


# ---- game links -----------------------------------------------------------------------------


def played(moves: int = 26, seed: int = 1, until=None) -> str:
    """A game link (``#g=``) of six greedy computers' moves, at seat 0's turn: after ``moves``
    moves, or at the first such turn where ``until(state)`` holds."""
    record = Record(players=6, seed=seed, names=NAMES)
    state = record.start()
    bots = [make_bot("greedy", seed=seat) for seat in range(6)]
    for step in range(200):
        ours = state.to_act == 0 and state.phase.name == "PLAY"
        if ours and (until(state) if until else step >= moves):
            return "#g=" + to_fragment(record)
        if state.to_act is None or state.results:
            break
        action = bots[state.to_act].choose(view(state, state.to_act))
        state, record = apply(state, action), record.then(action)
    raise LookupError(f"no such turn for seat 0 in seed {seed}")


def thief_in_hand() -> str:
    """A game link at seat 0's turn, with a Thief it may play on its five opponents."""
    for seed in range(100):
        try:
            return played(seed=seed, until=lambda state: any(
                isinstance(action, PlayThief) for action in legal_actions(state)))
        except LookupError:
            continue
    raise LookupError("no deal gives seat 0 a Thief to play")


def round_end(goal: int) -> str:
    """A game link at the last move of round 1, a computer's: the score sheet opens at once
    (a high ``goal``), or the game's results (``goal`` 1)."""
    rules = CLASSIC.with_changes(goals=(goal,) * 5)
    for seed in range(100):
        record = Record(players=6, seed=seed, rules=rules, names=NAMES)
        state = record.start()
        while True:
            action = legal_actions(state)[-1]
            after = apply(state, action)
            if after.results:
                break
            state, record = after, record.then(action)
        if state.to_act != 0:
            return "#g=" + to_fragment(record)
    raise LookupError("no deal ends round 1 with a computer's move")


# ---- the table ------------------------------------------------------------------------------


def test_the_table_fits_with_every_status_and_the_toast_in_every_language(open_game):
    page = open_game("?pace=instant", played())
    settle(page)
    for lang in LANGUAGES:
        if lang != "en":
            choose_language(page, lang)
        expect(page.locator(".opponent")).to_have_count(5)
        for size in SIZES:
            sized(page, size)
            shot(page, f"fit-table-{lang}", size)
            fits(page, f"the table ({lang}, {size})")
            if size == "desktop":  # room for every name, whole
                assert page.evaluate("[...document.querySelectorAll('.opponent .name')]"
                                     ".every((name) => name.scrollWidth <= name.clientWidth)")
            for text in statuses(lang):
                page.evaluate(SAY, text)
                fits(page, f"the table with the status {text!r} ({lang}, {size})")
            page.evaluate(TOAST)
            shot(page, f"fit-toast-{lang}", size)
            fits(page, f"the table with a toast ({lang}, {size})")
            page.evaluate("document.getElementById('fx-toast').innerHTML = ''")
        sized(page, "desktop")


@pytest.mark.parametrize("lang", ["fr", "pt"])
def test_a_hint_and_the_thiefs_chooser_fit(open_game, lang):
    page = open_game(f"?pace=instant&lang={lang}", thief_in_hand())
    settle(page)
    page.locator("#hint").click()
    expect(page.locator(".coach")).to_be_visible()
    for size in SIZES:
        sized(page, size)
        shot(page, f"fit-hint-{lang}", size)
        fits(page, f"the table with a hint ({lang}, {size})")
    page.locator(".me [data-ui='flow:thief']").click()
    expect(page.locator(".flowbar [data-action^=thief]")).to_have_count(5)
    for size in SIZES:
        sized(page, size)
        shot(page, f"fit-thief-{lang}", size)
        fits(page, f"the Thief's chooser ({lang}, {size})")


@pytest.mark.parametrize("screen, goal", [("scores", 1000), ("over", 1)])
def test_the_round_and_the_game_results_fit_in_every_language(open_game, page, screen, goal):
    link = round_end(goal)
    for lang in LANGUAGES:
        open_game(f"?pace=instant&lang={lang}", link)
        expect(page.locator(f"[data-screen={screen}]")).to_be_visible()
        settle(page)
        page.evaluate(TOAST)
        for size in SIZES:
            sized(page, size)
            shot(page, f"fit-{screen}-{lang}", size)
            fits(page, f"the {screen} screen with a toast ({lang}, {size})")
        sized(page, "desktop")
        page.goto("about:blank")


# ---- the host's table, seats away -----------------------------------------------------------


def seats_away() -> dict:
    """The storage of a host's tab whose six-seat game has two seats on other devices: reloaded,
    it resumes the game with both seats away (tests/ui/test_devices.py's fake transport)."""
    from tests.ui.test_devices import Table

    table = Table(("human", "remote", "remote", "bot:easy", "bot:easy", "bot:easy"))
    table.join(1, "Bartholomew Kent")
    table.join(2, "Wilhelmina Ford")
    reply = table.from_host(table.host.command("start-game"))
    return {"tweak.save": table.host.session.save_text(),
            "tweak.table": reply["store"]["tweak.table"]}


# The invitations need no network: WebRTC here gathers no candidate at all (no UDP without a
# proxy), so an invite is made, its QR code drawn, and nothing leaves the machine.
NO_NETWORK = "--force-webrtc-ip-handling-policy=disable_non_proxied_udp"

IN_WINDOW = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const box = el.getBoundingClientRect();
  return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth; })"""


def test_the_hosts_table_with_seats_away_fits_its_invitations_open(
        browser_type, browser_type_launch_args, site_url, wait_for_python):
    args = [*browser_type_launch_args.get("args", []), NO_NETWORK]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        page = browser.new_page(viewport=SIZES["desktop"])
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(site_url + "?pace=instant")
        wait_for_python(page)
        page.evaluate("""(saves) => { for (const [key, text] of Object.entries(saves))
                           localStorage.setItem(key, text);
                         sessionStorage.setItem('tweak.playing', 'tweak.save'); }""", seats_away())
        page.reload()
        wait_for_python(page)
        settle(page)
        banner = page.locator(".devices-banner")
        expect(banner.locator(".away-seat")).to_have_count(2)
        expect(banner.locator(".qr-code")).to_have_count(2, timeout=15_000)
        for lang in LANGUAGES:
            if lang != "en":
                choose_language(page, lang)
            # The invitations are drawn again in the language chosen.
            words = translations(lang)
            expect(banner.locator(".invite-copy").first).to_have_text(
                words.gettext("Copy invite link"))
            expect(banner.locator(".peer-field").first).to_have_text(words.gettext("Invite link"))
            for size in SIZES:
                sized(page, size)
                expect(banner.locator(".away-sheet")).to_have_attribute("open", "")
                shot(page, f"fit-away-{lang}", size)
                fits(page, f"the host's table with two seats away ({lang}, {size})")
                # Above the fold and open: its heading, the first seat's words and switch, and
                # the first invitation's QR code, whole in the window.
                assert all(page.evaluate(IN_WINDOW, ".away-sheet > summary, "
                                         ".away-seat[data-seat='1'] > :is(p, .btn), "
                                         ".away-seat[data-seat='1'] .qr")), (lang, size)
        for size in SIZES:  # folded by its heading: the table fits around its bar
            sized(page, size)
            page.locator(".away-sheet > summary").click()
            settle(page)
            expect(banner.locator(".away-sheet")).not_to_have_attribute("open", "")
            shot(page, "fit-away-folded", size)
            fits(page, f"the host's table, its banner folded ({size})")
            assert all(page.evaluate(IN_WINDOW, ".away-sheet > summary"))
            page.locator(".away-sheet > summary").click()
            settle(page)
            expect(banner.locator(".away-sheet")).to_have_attribute("open", "")
        assert not errors, errors
    finally:
        browser.close()
