"""Sound and speech in real Chromium, with the browser's audio and speech stubbed in
the page before it loads (``page.add_init_script``): a fake ``AudioContext`` that counts the
sound sources started, a fake ``speechSynthesis`` that records every utterance (text,
language, order) and counts one started while another was still being said, and a
``document.hidden`` the test can switch.  ui/main_thread/sound.js tells each sound it plays as a
"tweaksound" event on document; the fake records those names.

Games are dealt from tests/ui/scenarios.py (seat 0 opens with a TWEAK!) and played by clicking,
as a person would; the settings are set with the Sound panel's visible labels.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from tests.e2e.test_a11y import axe_violations
from tests.e2e.test_game import (
    capture_opening, click_hand_card, open_game, set_players, settle, wait_for_my_turn,
)
from tests.ui.scenarios import tweak_opening

__all__ = ["open_game"]

FAKES = """
(() => {
  const heard = window.__heard = {sounds: [], utterances: [], overlaps: 0, sources: 0,
                                  contexts: 0, cancels: 0};
  window.__hidden = false;
  Object.defineProperty(document, "hidden", {configurable: true, get: () => window.__hidden});
  Object.defineProperty(document, "visibilityState", {configurable: true,
                        get: () => (window.__hidden ? "hidden" : "visible")});
  document.addEventListener("tweaksound", (event) => heard.sounds.push(event.detail.name));

  class Param {
    constructor(value) { this.value = value; }
    setValueAtTime(value) { return this; }
    linearRampToValueAtTime() { return this; }
    exponentialRampToValueAtTime() { return this; }
    setTargetAtTime(value) { this.value = value; return this; }
  }
  class Node {
    constructor() { this.gain = new Param(1); this.frequency = new Param(440); this.Q = new Param(1); }
    connect(node) { return node; }
    disconnect() {}
    start() { heard.sources += 1; }
    stop() {}
  }
  window.AudioContext = class {
    constructor() { heard.contexts += 1; this.state = "running"; this.sampleRate = 8000;
                    this.destination = new Node(); this.born = performance.now(); }
    get currentTime() { return (performance.now() - this.born) / 1000; }
    createGain() { return new Node(); }
    createOscillator() { return new Node(); }
    createBufferSource() { return new Node(); }
    createBiquadFilter() { return new Node(); }
    createBuffer(channels, length) { const data = new Float32Array(length);
                                     return {getChannelData: () => data}; }
    resume() { this.state = "running"; return Promise.resolve(); }
    suspend() { this.state = "suspended"; return Promise.resolve(); }
  };

  if (window.__noSpeech) {
    Object.defineProperty(window, "speechSynthesis", {configurable: true, value: undefined});
    Object.defineProperty(window, "SpeechSynthesisUtterance", {configurable: true, value: undefined});
    return;
  }
  const synth = {
    speaking: false, paused: false, now: null,
    getVoices: () => [{lang: "fr-FR", name: "Fake French", localService: true},
                      {lang: "en-US", name: "Fake English", localService: true}],
    speak(utterance) {
      if (this.speaking) heard.overlaps += 1;
      this.speaking = true;
      this.now = utterance;
      heard.utterances.push({text: utterance.text, lang: utterance.lang,
                             voice: utterance.voice ? utterance.voice.name : null});
      setTimeout(() => {  // each utterance "lasts" 400 ms
        if (this.now !== utterance) return;
        this.now = null;
        this.speaking = false;
        if (utterance.onend) utterance.onend({});
      }, 400);
    },
    cancel() {
      heard.cancels += 1;
      const utterance = this.now;
      this.now = null;
      this.speaking = false;
      if (utterance && utterance.onerror) utterance.onerror({error: "canceled"});
    },
    resume() {}, pause() {},
  };
  Object.defineProperty(window, "speechSynthesis", {configurable: true, value: synth});
  window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; this.lang = "";
                                                              this.voice = null; } };
})();
"""

NO_SPEECH = "window.__noSpeech = true;"
OPENING = tweak_opening(2, ("thief",))


def heard(page) -> dict:
    return page.evaluate("JSON.parse(JSON.stringify(window.__heard))")


def open_sound_panel(page):
    toggle = page.get_by_role("button", name="Sound", exact=True)
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    expect(page.get_by_role("slider", name="Sound volume")).to_be_visible()


def close_sound_panel(page):
    page.keyboard.press("Escape")
    expect(page.get_by_role("slider", name="Sound volume")).to_be_hidden()


def deal_opening(page):
    set_players(page, ["human", "bot"])
    page.locator("#deal").click()
    wait_for_my_turn(page)
    settle(page)


def place_a_card(page):
    wait_for_my_turn(page)
    click_hand_card(page)
    page.locator("#place").click()
    settle(page)
    wait_for_my_turn(page)
    settle(page)


def test_sums_and_prompts_are_spoken_in_order_and_in_the_game_language_once_turned_on(
        open_game, page):
    page.add_init_script(FAKES)
    open_game(OPENING.query(pace="fast"))
    deal_opening(page)
    first = heard(page)
    assert first["utterances"] == [], "speech must be off on a first visit"
    assert first["sounds"] == ["turn"]  # sound is on: the deal was a click, the turn begins

    open_sound_panel(page)
    sums = page.get_by_role("switch", name="Speak sums")
    expect(sums).not_to_be_checked()
    sums.check()
    page.get_by_role("switch", name="Speak turn prompts").check()
    close_sound_panel(page)
    assert page.evaluate("localStorage.getItem('tweak.speech')") == "on"
    assert page.evaluate("localStorage.getItem('tweak.speech.turn')") == "on"

    capture_opening(page, OPENING)  # the opening TWEAK! (R15) and its called-out sum (R14)
    wait_for_my_turn(page)
    settle(page)
    place_a_card(page)
    page.wait_for_timeout(1500)  # the last words said
    now = heard(page)
    texts = [item["text"] for item in now["utterances"]]
    # The switches' samples, the TWEAK!'s sum, then whatever the computer's moves called out,
    # each turn's prompt last; never two at once, all in English with an English voice.
    assert texts[0] == "2 plus 3 is 5, plus 3 is 8." and texts[1] == "Your turn — make 8."
    tweak = next(i for i, text in enumerate(texts) if text.endswith("TWEAK!"))
    assert re.fullmatch(r"\d( plus \d is \d+,?)+\. TWEAK!", texts[tweak])
    log = page.locator(".log li").all_inner_texts()
    spoken_sums = [text for text in texts[tweak + 1:] if " plus " in text]
    assert all(any(text.split(": ", 1)[-1].rstrip(".") in line for line in log)
               for text in spoken_sums), (spoken_sums, log)
    assert re.fullmatch(r"Your turn — make \d+\.", texts[-1])
    assert now["overlaps"] == 0
    assert {item["lang"] for item in now["utterances"]} == {"en-US"}
    assert {item["voice"] for item in now["utterances"]} == {"Fake English"}
    # Sounds per event: the TWEAK!, the computer's move, each turn, the card placed.
    sounds = now["sounds"]
    assert sounds[:2] == ["turn", "tweak"] and "place" in sounds[2:]
    assert sounds.count("turn") >= 3 and sounds[-1] == "turn"
    assert set(sounds) <= {"place", "capture", "tweak", "tcard", "turn", "round", "game"}
    assert now["sources"] > 0 and now["contexts"] == 1


# Every media element played, told on the console once its play() has ended (a message, not
# page.evaluate: Playwright's evaluations count as a user gesture): its source, whether muted,
# whether the page had had a gesture when it was played, and how play() ended.
BLIPS = """
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () {
  const blip = {src: this.src.slice(0, 22), muted: this.muted,
                gesture: navigator.userActivation.hasBeenActive};
  const tell = (ended) => console.log("blip: " + JSON.stringify({...blip, ended}));
  const running = play.call(this);
  running.then(() => tell("played"), (error) => tell(String(error)));
  return running;
};
"""


def test_the_audio_output_is_started_by_a_muted_blip_as_the_page_opens(
        page, page_log, site_url, wait_for_python):
    """With sound on, a muted clip of silence plays as a fresh page opens, before any
    gesture and under the page's policy (the real Web Audio here): Chromium's audio output then
    starts off the main thread, so the first sound's context is made quickly.  Muted, nothing
    plays."""
    page.add_init_script(BLIPS)
    blips = []
    page.on("console", lambda message: message.text.startswith("blip: ") and
            blips.append(json.loads(message.text[len("blip: "):])))
    with page.expect_console_message(lambda message: message.text.startswith("blip: ")):
        page.goto(site_url)
    assert blips == [{"src": "data:audio/wav;base64,", "muted": True, "gesture": False,
                      "ended": "played"}]

    wait_for_python(page)
    page.evaluate("localStorage.setItem('tweak.sound', JSON.stringify({volume: 0.5, muted: true}))")
    blips.clear()
    page.reload()
    wait_for_python(page)
    page.evaluate("new Promise((done) => requestIdleCallback(() => setTimeout(done, 300)))")
    assert blips == [], "muted, yet the page played a clip"
    problems = page_log.problems()
    assert not problems, "the page misbehaved:\n" + "\n".join(problems)


def test_mute_silences_and_the_volume_is_remembered_after_a_reload(open_game, page, site_url):
    page.add_init_script(FAKES)
    open_game(OPENING.query(pace="fast"))
    open_sound_panel(page)
    assert axe_violations(page, site_url) == [], "the open Sound panel is not accessible"
    slider = page.get_by_role("slider", name="Sound volume")
    expect(slider).to_have_value("50")  # moderate on a first visit
    slider.fill("20")
    assert json.loads(page.evaluate("localStorage.getItem('tweak.sound')")) == \
        {"volume": 0.2, "muted": False}
    assert heard(page)["sounds"] == ["capture"]  # letting go of the slider: a sample
    page.get_by_role("button", name="Mute").click()
    expect(page.get_by_role("button", name="Sound on")).to_be_visible()
    close_sound_panel(page)
    before = heard(page)
    deal_opening(page)
    place_a_card(page)
    muted = heard(page)
    assert muted["sounds"] == before["sounds"] and muted["sources"] == before["sources"], \
        "muted, yet sounds played"

    page.reload()
    settle(page)
    open_sound_panel(page)
    expect(page.get_by_role("slider", name="Sound volume")).to_have_value("20")
    page.get_by_role("button", name="Sound on").click()  # a sample says sound is back
    expect(page.get_by_role("button", name="Mute")).to_be_visible()
    assert json.loads(page.evaluate("localStorage.getItem('tweak.sound')")) == \
        {"volume": 0.2, "muted": False}
    assert heard(page)["sounds"] == ["capture"]


def test_a_hidden_page_is_silent_and_speech_stops(open_game, page):
    page.add_init_script("localStorage.setItem('tweak.speech', 'on');"
                         "localStorage.setItem('tweak.speech.turn', 'on');")
    page.add_init_script(FAKES)
    open_game(OPENING.query(pace="fast"))
    deal_opening(page)
    before = heard(page)
    assert before["sounds"] == ["turn"] and len(before["utterances"]) == 1  # remembered: on
    page.evaluate("window.__hidden = true; document.dispatchEvent(new Event('visibilitychange'))")
    capture_opening(page, OPENING)
    wait_for_my_turn(page)
    settle(page)
    hidden = heard(page)
    assert hidden["sounds"] == before["sounds"] and hidden["utterances"] == before["utterances"]
    page.evaluate("window.__hidden = false; "
                  "document.dispatchEvent(new Event('visibilitychange'))")
    place_a_card(page)
    back = heard(page)
    assert back["sounds"][len(before["sounds"]):][-1] == "turn" and \
        len(back["utterances"]) > len(before["utterances"])


def test_a_browser_that_cannot_speak_still_plays_with_sound(open_game, page):
    page.add_init_script(NO_SPEECH)
    page.add_init_script(FAKES)
    open_game(OPENING.query(pace="fast"))
    open_sound_panel(page)
    expect(page.get_by_role("switch", name="Speak sums")).to_be_disabled()
    expect(page.get_by_text("This browser cannot speak.")).to_be_visible()
    close_sound_panel(page)
    deal_opening(page)
    capture_opening(page, OPENING)
    wait_for_my_turn(page)
    settle(page)
    assert heard(page)["sounds"][:2] == ["turn", "tweak"]


def test_the_sound_button_takes_a_quick_click_while_a_resumed_table_comes_in(open_game, page):
    # A slow phone (CPU 8x slower) reloads a game in play.  The Sound button shows with the
    # first screen; the table then comes in over several frames.  A tap on the button in
    # that time must open the panel, not be lost.
    page.add_init_script(FAKES)
    page.add_init_script("""
      document.addEventListener("click", (event) => {
        if (event.target.closest && event.target.closest("#sound-toggle")) {
          window.__soundClicked = document.documentElement.dataset.python || "loading";
        }
      }, { capture: true });
    """)
    open_game(OPENING.query(pace="fast"))
    deal_opening(page)
    button = page.get_by_role("button", name="Sound", exact=True)
    box = button.bounding_box()  # where it shows again after the reload
    devtools = page.context.new_cdp_session(page)
    devtools.send("Emulation.setCPUThrottlingRate", {"rate": 8})
    page.reload(wait_until="commit")
    # A tap there the moment the button shows (a locator's click would first wait for frames
    # in which nothing moves, which a busy phone is slow to give).
    button.wait_for(timeout=60_000)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.get_by_role("slider", name="Sound volume")).to_be_visible()
    devtools.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    # The tap came while the table was coming in, before the game called itself ready.
    assert page.evaluate("window.__soundClicked") == "loading"
    expect(page.locator("#game .hand")).to_be_visible()
