"""The table's type, laid out before the first table (ui/main_thread/warmup.js), in real
Chromium: the warm-up runs while Python starts, leaves nothing behind in the page, and lays out
every font (family, size, weight, style) that the start screen shows once Python is ready and
the first table's text is drawn in, at a desktop's and at a phone's size, so neither asks the
browser for a new one.  (What it saves is a figure: tests/bench/bench_play.py,
tests/bench/results/play.txt.)
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_game import open_game, set_players, wait_for_my_turn
from tests.ui.scenarios import query

__all__ = ["open_game"]

# Installed before the page's scripts: the font of every piece of text the warm-up lays out,
# read when the warm-up asks for the piece's box (which lays it out), and any element of it
# that could be seen, take the focus or a click.
RECORD = """
window.__warmFonts = [];
window.__warmReachable = [];
window.__fontOf = (el) => {
  const s = getComputedStyle(el);
  return [s.fontFamily, s.fontSize, s.fontWeight, s.fontStyle, s.fontStretch].join(" | ");
};
window.__hasText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.data.trim());
// The fonts of the text shown (not inside display: none) under the roots a selector finds.
window.__fontsShown = (selector) => {
  const fonts = new Set();
  for (const root of document.querySelectorAll(selector)) {
    for (const el of root.querySelectorAll("*")) {
      if (el.closest(".warm-up") || !window.__hasText(el) || !el.checkVisibility()) continue;
      fonts.add(window.__fontOf(el));
    }
  }
  return [...fonts];
};
// The fonts of the start screen's first frame, before Python is ready.
document.addEventListener("DOMContentLoaded", () => requestAnimationFrame(() => {
  window.__firstFonts = window.__fontsShown("body > :not(#game)");
}));
const boxOf = Element.prototype.getBoundingClientRect;
Element.prototype.getBoundingClientRect = function () {
  const box = boxOf.call(this);
  if (this.parentElement && this.parentElement.matches(".warm-up")) {
    for (const el of [this, ...this.querySelectorAll("*")]) {
      if (window.__hasText(el)) window.__warmFonts.push(window.__fontOf(el));
      if (el.matches("a[href], button, input, select, textarea, [tabindex], [contenteditable]")
          || el.checkVisibility({visibilityProperty: true})
          || getComputedStyle(el).pointerEvents !== "none") {
        window.__warmReachable.push(el.outerHTML.slice(0, 80));
      }
    }
  }
  return box;
};
"""

@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_the_first_table_needs_no_font_the_warm_up_did_not_lay_out(open_game, page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_init_script(RECORD)
    open_game(query(seed=11, pace="instant"))
    expect(page.locator("html")).to_have_attribute("data-warmup", "done", timeout=30_000)
    # Nothing left behind, and nothing of it was ever seen, focusable or clickable.
    expect(page.locator(".warm-up")).to_have_count(0)
    assert page.evaluate("window.__warmReachable") == []
    warm = set(page.evaluate("window.__warmFonts"))
    assert warm, "the warm-up laid no text out"
    before_ready = set(page.evaluate("window.__firstFonts"))
    ready = set(page.evaluate("window.__fontsShown('body > :not(#game)')"))
    new = sorted(ready - warm - before_ready)
    assert not new, ("the start screen, once Python is ready, lays text out in fonts neither its "
                     "first frame nor ui/main_thread/warmup.js laid out (add a piece with them "
                     f"to its PIECES): {new}")

    set_players(page, ["human", "bot", "bot", "bot"])
    page.locator("#deal").click()
    wait_for_my_turn(page)
    table = set(page.evaluate("window.__fontsShown('#game')"))
    assert table, "no text found on the table"
    new = sorted(table - warm - ready)
    assert not new, ("the first table lays text out in fonts neither the start screen nor "
                     "ui/main_thread/warmup.js laid out before it (add a piece with them to "
                     f"its PIECES): {new}")
