"""A table you can follow (issue 9), in real Chromium: every move of every seat reaches the
screen reader's live region in order; cards move and land exactly where the screen without
motion puts them, above what they pass; reduced motion moves nothing and loses nothing.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.e2e.test_game import (
    TURN_TIMEOUT_MS, capture_opening, click_hand_card, open_game, play_to_the_end, set_players,
    settle, wait_for_my_turn,
)
from tests.ui.scenarios import query, tweak_opening
from tweak import loads
from ui.worker.story import tell

__all__ = ["open_game"]

# Installed before the page's scripts: every sentence the live region receives, in order.
LISTEN = """
window.__said = [];
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) window.__said.push(node.textContent);
    }
  }).observe(document.getElementById("announcer"), {childList: true});
});
"""


def test_every_move_of_every_seat_is_announced_in_order(open_game, page):
    page.add_init_script(LISTEN)
    open_game(query(seed=21, goal=60, pace="instant"))
    set_players(page, ["human", "bot", "bot", "bot"])
    page.locator("#deal").click()
    play_to_the_end(page)
    said = page.evaluate("window.__said")
    record = loads(page.evaluate("localStorage.getItem('tweak.last')"))
    assert len(record.actions) > 20
    # What each step of the record tells, replayed here: every move's sentence must have been
    # said, in the record's order.
    expected = []
    for state in list(record.states())[1:]:
        entries = [entry for entry in tell(state.events, record.names) if entry.seat is not None
                   or entry.kind != "round"]
        expected.append(entries[0].text)
    position = 0
    for sentence in expected:
        assert sentence in said[position:], f"never announced (or out of order): {sentence!r}"
        position = said.index(sentence, position) + 1
    assert any(text.startswith("Your turn — make ") for text in said)
    assert any(text.startswith("Round 1 ends:") for text in said)


def landed(page) -> None:
    """Every card has stopped where the screen puts it: no animation running, no card in
    flight, and #game holds exactly the HTML the worker sent (motion never edits it)."""
    # One check, not two: a computer's move arriving between "still" and the comparison would
    # start a new swap (its captured cards lit first) and fail a screen that was right.
    same = ("(() => { const t = document.createElement('template');"
            " t.innerHTML = window.tweakMotion.lastHtml;"
            " const now = document.getElementById('game').childNodes, sent = t.content.childNodes;"
            " return window.tweakMotion.still()"
            " && now.length === sent.length && [...now].every((n, i) => n.isEqualNode(sent[i]))"
            " && !document.querySelector('#fx-ghosts > *')"  # no card still in flight
            " && !document.querySelector('#game [data-card][style]'); })()")  # none displaced
    try:
        page.wait_for_function(same, timeout=TURN_TIMEOUT_MS)
    except PlaywrightTimeout:
        pytest.fail("the screen after motion differs from the screen sent, or a card was left "
                    "in flight or displaced")


@pytest.mark.parametrize("tcard", ["thief", "change", "bomb", "joker"])
def test_each_kind_of_move_ends_with_its_cards_in_place(open_game, page, tcard):
    opening = tweak_opening(2, (tcard,))
    open_game(opening.query(pace="fast", goal=1000))  # the motion, at the fast pace
    set_players(page, ["human", "bot"])
    page.locator("#deal").click()
    wait_for_my_turn(page)
    landed(page)  # the deal
    capture_opening(page, opening)  # a TWEAK!, the [T!] card won, the table refilled
    landed(page)
    wait_for_my_turn(page)  # the computer's move (a place or a capture, gathered first)
    landed(page)
    if tcard == "thief":
        page.locator("[data-ui='flow:thief']").click()
        page.locator("[data-action='thief@1']").click()
    elif tcard == "joker":
        page.locator("[data-ui='flow:joker']").click()
        page.locator("[data-action='joker+1']").click()
    else:
        page.locator(f"[data-action={tcard}]").click()
    settle(page)
    landed(page)
    wait_for_my_turn(page)  # after the Bomb the computer gives a card up, then plays
    settle(page)
    landed(page)
    click_hand_card(page)
    page.locator("#place").click()
    settle(page)
    landed(page)


# Disabled move buttons above a hand card, then a screen with them below it, where the card
# was: the card glides up past them, and their opacity paints them over what comes before.
CARD = ('<div class="hand"><button type="button" class="card face c-red big" data-card="R1" '
        'data-ui="hand:R1"><span class="value">1</span></button></div>')
BUTTONS = ('<div class="actions"><button type="button" class="btn primary" disabled>Capture'
           '</button></div>') * 2
BEFORE, AFTER = BUTTONS + CARD, CARD + BUTTONS


def test_a_gliding_card_is_above_what_it_passes_so_a_tap_lands_on_it(open_game, page):
    open_game(query(seed=31, pace="normal"))
    set_players(page, ["human", "bot"])
    page.locator("#deal").click()
    wait_for_my_turn(page)
    settle(page)
    hit = page.evaluate("""async ([before, after]) => {
      const game = document.getElementById("game");
      await window.tweakMotion.swap(game, before, null, {});
      const lower = game.querySelector("[data-card=R1]").getBoundingClientRect();
      await window.tweakMotion.swap(game, after, {}, {animate: true, duration: 5000});
      const card = game.querySelector("[data-card=R1]");
      const box = card.getBoundingClientRect();  // where it is drawn, early in its glide
      const x = box.left + box.width / 2, y = box.top + box.height / 2;
      const under = document.elementFromPoint(x, y);
      return {moving: card.getAnimations().length, near: Math.abs(box.top - lower.top) < 40,
              overButton: [...game.querySelectorAll(".actions .btn")].some((button) => {
                const edge = button.getBoundingClientRect();
                return y >= edge.top && y <= edge.bottom;
              }),
              onCard: card.contains(under),
              under: under && under.outerHTML.slice(0, 60)};
    }""", [BEFORE, AFTER])
    assert hit["moving"] == 1 and hit["near"] and hit["overButton"], hit  # the case is set up
    assert hit["onCard"], hit


def test_reduced_motion_moves_nothing_and_loses_nothing(open_game, page):
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(LISTEN)
    open_game(query(seed=31, pace="normal"))
    set_players(page, ["human", "bot", "bot"])
    page.locator("#deal").click()
    wait_for_my_turn(page)
    settle(page)
    assert page.evaluate("document.getAnimations().filter(a => !(a instanceof CSSAnimation"
                         " || a instanceof CSSTransition)).length") == 0  # no card moved
    assert page.locator("#fx-ghosts > *").count() == 0
    # The information is all there: the log, and every move said.
    assert page.locator(".log li").count() > 0
    said = page.evaluate("window.__said")
    assert said and said[-1].startswith("Your turn")
    click_hand_card(page)
    page.locator("#place").click()
    wait_for_my_turn(page)
    settle(page)
    assert page.locator("#fx-ghosts > *").count() == 0
    assert json.loads(page.evaluate("localStorage.getItem('tweak.save')"))["actions"]


# The opacity and transform of what a celebration shows, as the person sees it now.
SEEN = """(selector) => { const el = document.querySelector(selector);
  return el && {opacity: +getComputedStyle(el).opacity, transform: getComputedStyle(el).transform}; }"""


def test_with_reduced_motion_a_tweak_and_a_call_out_are_seen_still_then_go(open_game, page):
    page.emulate_media(reduced_motion="reduce")
    opening = tweak_opening(2, ("change",))
    open_game(opening.query(pace="normal", goal=1000))
    set_players(page, ["human", "bot"])
    page.locator("#deal").click()
    wait_for_my_turn(page)
    capture_opening(page, opening)
    page.wait_for_timeout(500)  # past a moving pace's entrance, long past reduced motion's
    assert page.evaluate(SEEN, "#fx-burst .tweak-burst") == {"opacity": 1, "transform": "none"}
    # A call-out over a score sheet, as ui/main_thread/page.py puts it there.
    page.evaluate("""() => { document.getElementById('fx-toast').innerHTML =
      '<div class="toast" role="status"><div class="callout"><b>Ada</b>: 1 plus 3 is 4</div></div>'; }""")
    page.wait_for_timeout(500)
    assert page.evaluate(SEEN, "#fx-toast .callout") == {"opacity": 1, "transform": "none"}
    page.wait_for_timeout(3500)  # as long as with motion, then gone
    assert page.evaluate(SEEN, "#fx-toast .callout")["opacity"] == 0


# A move's screen against the one before: a card captured, one moved along the hand, one new,
# a prompt's words and class changed, attributes given in another order, an input retyped.
# In the page: whether #game holds exactly the screen `html` (node for node: the same elements,
# attributes and texts; isEqualNode does not mind the order of an element's attributes).
IS_SCREEN = """const isScreen = (game, html) => {
  const template = document.createElement("template");
  template.innerHTML = html;
  const now = game.childNodes, sent = template.content.childNodes;
  return now.length === sent.length && [...now].every((node, i) => node.isEqualNode(sent[i]));
};
"""

SCREEN_BEFORE = (
    '<p class="prompt you" id="prompt">Your turn — make <b>7</b>.</p>'
    '<div class="hand"><button class="card" data-card="R1" data-ui="hand:R1">1</button>'
    '<button class="card" data-card="B3" data-ui="hand:B3">3</button>'
    '<button class="card" data-card="Y5" data-ui="hand:Y5">5</button></div>'
    '<input name="note" value="old"><span data-a="1" data-b="2">x</span>')
SCREEN_AFTER = (
    '<p class="prompt" id="prompt">Ada is thinking…</p>'
    '<div class="hand"><button class="card" data-card="Y5" data-ui="hand:Y5">5</button>'
    '<button class="card" data-card="R1" data-ui="hand:R1" disabled>1</button>'
    '<button class="card" data-card="G2" data-ui="hand:G2">2</button></div>'
    '<input name="note" value="new"><span data-b="2" data-a="1">x</span>')


def test_a_new_screen_keeps_what_did_not_change_and_reads_exactly_as_sent(open_game, page):
    """The browser redraws only what a move changed (motion.js morph), yet #game then holds
    exactly the screen the worker sent (node for node): the cards that stay are the same
    elements, wherever they moved to; what is gone is gone."""
    open_game(query(seed=31, pace="normal"))
    found = page.evaluate("""async ([before, after]) => {""" + IS_SCREEN + """
      const game = document.getElementById("game");
      game.hidden = false;
      await window.tweakMotion.swap(game, before, null, {});
      const old = {};
      for (const el of game.querySelectorAll("[data-card], #prompt, input")) {
        old[el.dataset.card || el.id || el.name] = el;
      }
      await window.tweakMotion.swap(game, after, null, {});
      const same = (name, selector) => game.querySelector(selector) === old[name];
      return {exact: isScreen(game, after),
              kept: [same("R1", "[data-card=R1]"), same("Y5", "[data-card=Y5]"),
                     same("prompt", "#prompt")],
              captured: old.B3.isConnected, input: same("note", "input"),
              order: [...game.querySelectorAll(".hand .card")].map((el) => el.dataset.card)};
    }""", [SCREEN_BEFORE, SCREEN_AFTER])
    assert found["exact"], found
    assert found["kept"] == [True, True, True], found
    assert not found["captured"] and not found["input"], found  # a field is made afresh
    assert found["order"] == ["Y5", "R1", "G2"], found


# Installed before the page's scripts: at the start of every frame, once the game screen is in
# #game, how many parts it has, how many of its elements are unseen, whether anything of it
# shows, and whether its prompt shows while a card of the hand does not.
FRAMES = """
window.__frames = [];
const look = () => {
  const game = document.getElementById("game");
  const screen = game && game.querySelector("[data-screen]");
  if (screen) {
    const shows = (el) => el && getComputedStyle(el).visibility === "visible";
    window.__frames.push({
      parts: screen.children.length,
      unseen: game.querySelectorAll("[data-unseen]").length,
      shows: shows(screen),
      promptBeforeHand: shows(screen.querySelector(".prompt"))
        && [...screen.querySelectorAll(".hand .card")].some((card) => !shows(card)),
    });
  }
  requestAnimationFrame(look);
};
requestAnimationFrame(look);
"""

# A hand that loses its first card and gains one, a key hint gone from a card, and an action
# card's picture that did not change.
HAND_BEFORE = (
    '<div class="hand"><button class="card" data-card="R4">4<kbd>1</kbd></button>'
    '<button class="card" data-card="B3">3<kbd>2</kbd></button>'
    '<button class="card" data-card="B2">2<kbd>3</kbd></button></div>'
    '<span class="card tcard"><svg viewBox="0 0 24 24"><path d="M5 9h14"></path></svg>'
    '<span class="tname">Bomb</span></span>')
HAND_AFTER = (
    '<div class="hand"><button class="card" data-card="B3">3</button>'
    '<button class="card" data-card="B2">2</button>'
    '<button class="card" data-card="G1">1</button></div>'
    '<span class="card tcard"><svg viewBox="0 0 24 24"><path d="M5 9h14"></path></svg>'
    '<span class="tname">Bomb</span></span>')


def test_a_move_leaves_what_it_did_not_change_where_it_is(open_game, page):
    """A node taken out and put back is styled and laid out afresh, as a new one is: the cards
    after one played, a card's label after its key hint, and a picture that is the same stay in
    the page untouched (no mutation takes them out)."""
    open_game(query(seed=31, pace="normal"))
    found = page.evaluate("""async ([before, after]) => {""" + IS_SCREEN + """
      const game = document.getElementById("game");
      game.hidden = false;
      await window.tweakMotion.swap(game, before, null, {});
      const moved = [];
      const watch = new MutationObserver((changes) => {
        for (const change of changes) {
          for (const node of change.removedNodes) moved.push(node.outerHTML || node.nodeValue);
        }
      });
      watch.observe(game, {childList: true, subtree: true});
      await window.tweakMotion.swap(game, after, null, {});
      watch.disconnect();
      return {exact: isScreen(game, after), moved};
    }""", [HAND_BEFORE, HAND_AFTER])
    assert found["exact"], found
    assert sorted(found["moved"]) == sorted([
        '<button class="card" data-card="R4">4<kbd>1</kbd></button>',
        "<kbd>2</kbd>", "<kbd>3</kbd>"]), found



def test_a_game_s_first_table_goes_in_unseen_then_shows_a_piece_per_frame(open_game, page):
    """A game's first screen comes into an empty #game a part per frame, unseen until it is
    whole (on a phone, each frame then lays out a part, not the whole table); then it shows a
    piece per frame, top to bottom, its cards dealt as they show, the prompt only once the hand
    is there; and at the end it takes the clicks and reads exactly as sent."""
    page.add_init_script(FRAMES)
    open_game(query(seed=31, pace="normal"))
    set_players(page, ["human", "bot", "bot", "bot"])
    page.locator("#deal").click()
    wait_for_my_turn(page)
    landed(page)
    frames = page.evaluate("window.__frames")
    first_shown = next(at for at, frame in enumerate(frames) if frame["shows"])
    whole = frames[first_shown]["parts"]
    assert whole >= 4, frames[:first_shown + 1]
    going_in = [frame["parts"] for frame in frames[:first_shown]]
    assert len(set(going_in)) >= 3, frames[:first_shown + 1]  # part by part, frame by frame
    assert going_in == sorted(going_in) and max(going_in) == whole, frames[:first_shown + 1]
    showing = [frame["unseen"] for frame in frames[first_shown:]]
    done = showing.index(0)
    assert done >= 3 and showing[:done] == sorted(showing[:done], reverse=True), showing
    assert len(set(showing[:done])) == done, showing  # a piece per frame, none skipped
    assert not any(frame["promptBeforeHand"] for frame in frames), frames
    assert page.locator("#game [data-unseen]").count() == 0
    click_hand_card(page)
    expect(page.locator(".hand [data-ui^='hand:'][aria-pressed=true]")).to_have_count(1)


def test_a_click_while_the_first_table_shows_shows_it_whole_and_is_taken(open_game, page):
    """A quick player clicks the top bar's How to play the moment it shows, with the rest of
    the first table still to show: the rest shows at once, its cards land, and the click does
    what it says."""
    open_game(query(seed=31, pace="normal"))
    set_players(page, ["human", "bot", "bot", "bot"])
    page.locator("#deal").click()
    clicked = page.evaluate("""() => new Promise((resolve) => {
      const look = () => {
        const rules = [...document.querySelectorAll("#game .topbar button")]
          .find((button) => button.textContent.trim() === "How to play");
        const unseen = document.querySelectorAll("#game [data-unseen]").length;
        if (rules && getComputedStyle(rules).visibility === "visible" && unseen) {
          rules.click();
          // Two frames later: one per frame, most of the table would still be to show.
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(
            [unseen, document.querySelectorAll("#game [data-unseen]").length])));
        } else {
          requestAnimationFrame(look);
        }
      };
      look();
    })""")
    before, after = clicked
    assert before > 3 and after == 0, clicked  # most of it was still to show, then none
    expect(page.get_by_role("heading", name="How to play")).to_be_visible()
    expect(page.locator("#game [data-unseen]")).to_have_count(0)
    landed(page)
