"""What a move sounds like and what is said aloud: the worker decides, the main thread plays
it with ``ui/main_thread/sound.js`` (Web Audio sounds, the browser's ``speechSynthesis``) and
filters it by the player's settings (volume, mute, "Speak sums", "Speak turn prompts"), which
this module never knows.

Data:
* ``SOUNDS`` — the sounds ``sound.js`` can make, one per kind of moment: ``place`` (a card put
  on the table, or given up to a Bomb), ``capture``, ``tweak`` (a capture that cleared the
  table, R15), ``tcard`` (a [T!] card played), ``turn`` (a person's turn begins), ``round`` (a
  round ends, R18), ``game`` (the game ends).
* A speech item — ``{"text", "lang", "kind"}``: the words, their language (a BCP 47 tag, the
  game's) and ``"sum"`` (a capture's called-out sum, R14) or ``"prompt"`` (a turn prompt).
* ``LANG`` — the language spoken when none is given.

Every word is made here, translated by ``ui.worker.i18n``, never in JavaScript.
``cues(events, names, prompt, lang)`` gives one step's sounds and speech (public facts only,
R21); ``render_sound_controls(lang)`` is the Sound button and its panel.
"""

from __future__ import annotations

from tweak import words as tweak_words

from .i18n import WORDS, YOU, _
from .markup import escape

__all__ = ["SOUNDS", "LANG", "cues", "callout", "sum_speech", "render_sound_controls"]

SOUNDS = ("place", "capture", "tweak", "tcard", "turn", "round", "game")
LANG = "en"


def callout(values) -> str:
    """R14's called-out sum of card values (the played card's first) in the current language:
    ``callout([1, 3, 2])`` → "1 plus 3 is 4, plus 2 is 6"."""
    return tweak_words.callout(values, WORDS)


def sum_speech(event: Captured, names) -> str:
    """The words said for a capture: who (unless it is the seat called "You": the person at
    the device knows their own move), the called-out sum (R14), and "TWEAK!" if it cleared the
    table (R15).  "Ada: 2 plus 3 is 5, plus 3 is 8. TWEAK!\""""
    said = callout([event.card.value] + [face.value for face in event.taken])  # its language
    return _sum_words(names[event.seat], said, event.tweak)


def _sum_words(name: str, called: str, tweak: bool) -> str:
    text = f"{called}." if name == YOU else f"{name}: {called}."
    return f"{text} TWEAK!" if tweak else text


def cues(events, names, prompt: str = "", lang: str = LANG) -> dict:
    """The sounds and speech of one step, in the order they happened: the move's sound, the
    round's or game's end, then the turn that begins (``prompt``, the turn prompt a person was
    just shown, "" if none).  A game's end is the game's sound, not also the round's."""
    # Imported here, not at the top: the worker's first answer (the start screen, with the
    # Sound controls below) needs no engine.
    from tweak.events import (
        BombPlayed, Captured, ChangePlayed, GameEnded, GaveUp, JokerPlayed, Placed, RoundEnded,
        ThiefPlayed,
    )

    tcard_plays = (ThiefPlayed, JokerPlayed, ChangePlayed, BombPlayed)
    sounds, speech = [], []
    ended = None
    for event in events:
        if isinstance(event, (Placed, GaveUp)):
            sounds.append("place")
        elif isinstance(event, Captured):
            sounds.append("tweak" if event.tweak else "capture")
            speech.append({"text": sum_speech(event, names), "lang": lang, "kind": "sum"})
        elif isinstance(event, tcard_plays):
            sounds.append("tcard")
        elif isinstance(event, RoundEnded):
            ended = ended or "round"
        elif isinstance(event, GameEnded):
            ended = "game"
    if ended:
        sounds.append(ended)
    if prompt:
        sounds.append("turn")
        speech.append({"text": prompt, "lang": lang, "kind": "prompt"})
    return {"sounds": sounds, "speech": speech}


# An outline speaker; its waves or a cross show through CSS (muted or not), no words in them.
_SPEAKER = (
    '<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" '
    'focusable="false"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>'
    '<path class="waves" d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" '
    'stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'
    '<path class="cross" d="M16.5 9.5l5 5M21.5 9.5l-5 5" fill="none" stroke="currentColor" '
    'stroke-width="2" stroke-linecap="round"/></svg>'
)


def render_sound_controls(lang: str = LANG) -> str:
    """The Sound button and the panel it opens (``ui/main_thread/page.py`` puts it in
    ``#sound`` once, outside the game screen, so a computer's move never redraws it under the
    player's finger): "Sound volume" (a slider, 0–100), a "Mute" / "Sound on" button, the
    "Speak sums" and "Speak turn prompts" switches, and the sentences shown when the browser
    cannot play sound or speak.  ``data-sample`` is what each speech switch says when it is
    turned on (a sum, a prompt, as they will be spoken), in ``lang``, the language its words
    are in (the worker's: ``ui.worker.host`` sends the panel again when the language changes).
    The page sets the controls to the stored settings."""
    sample = _sum_words(YOU, callout([2, 3, 3]), False)
    prompt_sample = _("Your turn — make {target}.").format(target=8)  # as ui.worker.host words it
    title = escape(_("Sound and speech"))
    words = {key: escape(text) for key, text in (
        ("sound", _("Sound")), ("volume", _("Sound volume")), ("mute", _("Mute")),
        ("unmute", _("Sound on")), ("no_sound", _("This browser cannot play sounds.")),
        ("sums", _("Speak sums")), ("turns", _("Speak turn prompts")),
        ("no_speech", _("This browser cannot speak.")))}
    return (
        f'<div class="sound-menu" lang="{escape(lang)}">'
        '<button type="button" class="btn ghost sound-toggle" id="sound-toggle" '
        'data-ui="sound-menu" aria-expanded="false" aria-controls="sound-panel" '
        f'title="{title}">{_SPEAKER}<span class="label">{words["sound"]}</span></button>'
        '<div class="sound-panel" id="sound-panel" role="group" '
        'aria-labelledby="sound-panel-title" hidden>'
        f'<h2 id="sound-panel-title">{title}</h2>'
        '<div class="sound-row">'
        f'<label for="sound-volume">{words["volume"]}</label>'
        '<output for="sound-volume" id="sound-level" aria-hidden="true">50%</output>'
        '<input type="range" id="sound-volume" min="0" max="100" step="5" value="50">'
        '</div>'
        '<button type="button" class="btn small sound-mute" id="sound-mute" data-ui="sound-mute">'
        f'<span class="when-on">{words["mute"]}</span>'
        f'<span class="when-muted">{words["unmute"]}</span></button>'
        f'<p class="sound-missing" id="sound-missing" hidden>{words["no_sound"]}</p>'
        '<label class="switch"><input type="checkbox" role="switch" id="speak-sums" '
        f'data-sample="{escape(sample)}"><span>{words["sums"]}</span></label>'
        '<label class="switch"><input type="checkbox" role="switch" id="speak-turns" '
        f'data-sample="{escape(prompt_sample)}">'
        f'<span>{words["turns"]}</span></label>'
        f'<p class="sound-missing" id="speech-missing" hidden>{words["no_speech"]}</p>'
        '</div></div>'
    )
