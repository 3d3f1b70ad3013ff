"""The page's two threads in real Chromium: the game's Python runs in a worker, so the page's
own thread never freezes; a click during start-up is answered at once; a start that fails says
so and offers Retry.  (Figures against goals are printed by tests/bench/bench_startup.py; the
bounds here only catch the page freezing as it did with Python on the main thread, 3 s+.)
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_game import TURN_TIMEOUT_MS, click_hand_card, settle, wait_for_my_turn
from tests.ui.scenarios import query

# Installed before the page's scripts: every long task of the main thread (buffered, so
# none is missed before the observer runs), and how long a click waited for a visible answer.
WATCH_MAIN_THREAD = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__longTasks.push({start: entry.startTime, duration: entry.duration});
  }
}).observe({type: "longtask", buffered: true});
window.__answers = [];
document.addEventListener("click", (event) => {
  const clicked = event.timeStamp;
  const target = event.target.closest("button, label");
  const before = target ? target.outerHTML + document.getElementById("loading").outerHTML : "";
  // The answer is visible at the first frame after the DOM changed for it.
  const look = () => {
    const now = target ? target.outerHTML + document.getElementById("loading").outerHTML : "";
    if (now !== before) {
      requestAnimationFrame(() => window.__answers.push({
        id: target.id, waited: performance.now() - clicked,
        ready: document.documentElement.dataset.python === "ready"}));
    } else {
      requestAnimationFrame(look);
    }
  };
  look();
}, true);
"""

# A frozen page shows up as a task of seconds; the worker architecture's longest measured here
# is a few hundred ms on a loaded machine (MicroPython starting).  See bench_startup.py.
FROZEN_MS = 1000


def longest_task(page) -> float:
    return max((task["duration"] for task in page.evaluate("window.__longTasks")), default=0)


def test_the_main_thread_never_freezes_from_load_through_computer_moves(page, page_log,
                                                                          site_url):
    page.add_init_script(WATCH_MAIN_THREAD)
    page.goto(site_url + query(seed=4, pace="instant"))
    expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=60_000)
    page.locator("input[name=players][value='6'] + span").click()
    page.locator("#deal").click()
    moves = 0
    while moves < 20:  # at least 20 computer moves (5 computers a round of turns)
        wait_for_my_turn(page)
        settle(page)
        moves += 5
        click_hand_card(page)
        page.locator("#place").click()
    settle(page)
    tasks = page.evaluate("window.__longTasks")
    print(f"\nlong tasks (ms): {[round(task['duration']) for task in tasks]}")
    assert longest_task(page) < FROZEN_MS, tasks
    # PyScript's MicroPython prelude ran in short steps (ui/main_thread/pyscript_start.js): a PyScript
    # whose prelude no longer has the shape it splits still works, but shows up here.
    assert page.evaluate("window.tweakPreludeSteps") == "done"
    assert page_log.problems() == []


@pytest.mark.parametrize("control", ["#deal", "#how-to-play"])
def test_a_click_during_start_up_is_answered_at_once(page, page_log, site_url, control):
    page.add_init_script(WATCH_MAIN_THREAD)
    page.goto(site_url + query(pace="instant"), wait_until="domcontentloaded")
    page.evaluate(f"document.querySelector('{control}').scrollIntoView({{block: 'center'}})")
    box = page.locator(control).bounding_box()  # a real pointer click, without waiting
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator("#loading .pending")).not_to_be_empty()
    expect(page.locator(".start-screen .fan")).to_have_class("fan shuffling")
    page.wait_for_function("window.__answers.length > 0")
    answer = page.evaluate("window.__answers[0]")
    print(f"\n{control} answered after {answer['waited']:.0f} ms")
    assert answer["ready"] is False, "Python was ready before the click: nothing was tested"
    # The goal is 100 ms; a shared CI machine can stall any page for a moment, so the bound
    # here only catches waiting for Python (seconds).
    assert answer["waited"] < FROZEN_MS, answer
    screen = "[data-screen=table]" if control == "#deal" else "[data-screen=rules]"
    expect(page.locator(screen)).to_be_visible(timeout=60_000)
    assert page_log.problems() == []


@pytest.mark.parametrize("missing", ["pyodide.asm.wasm", "micropython.wasm", "pyscript.toml",
                                     "python.zip", "catalogues.zip", "pyscript_config.js"])
def test_a_runtime_file_that_fails_to_load_offers_retry(page, site_url, missing):
    def refuse(route):
        route.fulfill(status=404, body="not here")

    page.route(f"**/{missing}", refuse)
    if missing == "python.zip":  # needed when Python starts without the snapshot, which holds it
        page.route("**/python.snapshot", refuse)
    page.goto(site_url)
    loading = page.locator("#loading")
    expect(loading).to_contain_text("could not", timeout=60_000)
    retry = page.get_by_role("button", name="Retry")
    expect(retry).to_be_visible()
    expect(page.locator("html")).not_to_have_attribute("data-python", "ready")
    # The file is back: Retry starts the game.
    page.unroute(f"**/{missing}")
    retry.click()  # (without the snapshot still, for python.zip)
    expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=60_000)
    page.locator("#deal").click()
    expect(page.locator("[data-screen=table]")).to_be_visible(timeout=TURN_TIMEOUT_MS)


def test_python_may_start_before_the_page_has_loaded(page, page_log, site_url):
    # PyScript's tags are in <head> and its loader is async (index.html): MicroPython can be
    # running while the body is still being parsed.  Held up here by a slow head script (the
    # parser waits for it) and a slow async script, the page still starts, in order, and plays.
    def slowly(route):
        page.wait_for_timeout(1500)
        route.continue_()

    page.route("**/ui/main_thread/lang.js", slowly)
    page.route("**/ui/main_thread/sound.js", slowly)
    page.goto(site_url + query(seed=4, pace="instant"), wait_until="commit")
    expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=60_000)
    page.locator("#deal").click()
    wait_for_my_turn(page)
    click_hand_card(page)
    page.locator("#place").click()
    settle(page)
    assert page_log.problems() == []
