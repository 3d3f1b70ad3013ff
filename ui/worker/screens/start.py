"""The start screen's pieces: HTML strings, drawn before the table's modules are loaded.

This module is what the worker's first answer needs, so it imports nothing of the engine or the
table: ``ui.worker.session`` and the game's screens are imported in the background once that
answer is out (docs/architecture.md, Start-up).

* ``level_options(choices, default, selected)`` — the options of a seat's select: "Human", then
  one per level of ``tweak.levels.CHOICES`` (passed in, never written here).
* ``save_summary(text)`` — a one-line description of a saved game record (players and moves),
  read cheaply from its JSON; ``ValueError`` if the text is not a record at all.  The full check
  (replaying every move) happens when the game is resumed.
* ``render_saves(saves)`` (Resume buttons), ``render_last(text)`` (Review last game),
  ``render_notice(text)`` (a notice with its Dismiss button).
* ``render_daily(...)`` — the "Daily deal" section (``ui.worker.daily``): play today's deal,
  continue it, or, once played, its result with ``share_button`` ("Share result",
  ``share-daily``: the page shares ``data-share`` and the link ``#`` + ``data-fragment``).

Every word shown is in the current language (``ui.worker.i18n``).
"""

from __future__ import annotations

from .. import daily
from ..i18n import N_, _, and_list, ngettext, shown_name
from ..markup import escape
from ..protocol import DAILY_KEY

__all__ = ["level_options", "save_summary", "render_saves", "render_last", "render_notice",
           "render_daily", "share_button"]


def level_options(choices, default: str, selected: str = "") -> str:
    """``selected`` is the select's current value: "human", "bot" (the default level, as the
    plain HTML offers before Python runs) or "bot:LEVEL"."""
    if selected == "bot" or (selected.startswith("bot:") and
                             selected[4:] not in {level for level, _ in choices}):
        selected = f"bot:{default}"
    options = [("human", _("Human")), ("remote", _("On another device"))] + [
        (f"bot:{level}", _("Computer · {level}").format(level=_(label)))
        for level, label in choices]
    return "".join(
        f'<option value="{escape(value)}"{" selected" if value == selected else ""}>'
        f'{escape(label)}</option>'
        for value, label in options
    )


def save_summary(text: str) -> str:
    """"3 players: You, Ada, Blaise · 37 moves played".  Any text may be in storage: it is
    read with the engine's guarded JSON reader (``tweak.record.parse_json``: size and nesting
    limits, so ``"[" * 8000`` is refused instead of overflowing the browser's stack), and
    anything that is not a record raises ``ValueError`` (``RecordError``) with a sentence."""
    # Here, not at the top: the start screen with no save needs no engine.
    from tweak.record import FORMAT, RecordError, parse_json

    data = parse_json(text)  # RecordError: "this is not a game record (...)"
    if (not isinstance(data, dict) or data.get("format") != FORMAT
            or not isinstance(data.get("actions", []), list)
            or type(data.get("players")) is not int):
        raise RecordError(N_("the saved game is not a game record"))
    players = data["players"]
    names = data.get("names")
    names = names if isinstance(names, list) else []
    moves = len(data.get("actions", []))
    # A name is shown as saved, cut to 40 characters (storage may hold anything).
    who = ": " + ", ".join(shown_name(str(name)[:40]) for name in names) if names else ""
    return (ngettext("{n} player", "{n} players", players).format(n=players) + who + " · "
            + ngettext("{n} move played", "{n} moves played", moves).format(n=moves))


def render_saves(saves) -> str:
    """Resume buttons for saved games: ``saves`` is a list of (key, description)."""
    titles = [_("Resume"), _("Resume earlier game")]
    return "".join(
        f'<button type="button" class="btn resume" data-ui="resume:{escape(key)}">'
        f'<span class="resume-title">{titles[min(i, 1)]}</span>'
        f'<span class="resume-detail">{escape(text)}</span></button>'
        for i, (key, text) in enumerate(saves)
    )


def render_last(text: str) -> str:
    """"Review last game": the last game played to its end (``text``, its summary), every
    move again with every hand face up (ui/worker/review.py)."""
    title = escape(_("Review last game"))  # (outside the f-string, where Babel finds it)
    return (f'<button type="button" class="btn resume last-game" data-ui="review-last">'
            f'<span class="resume-title">{title}</span>'
            f'<span class="resume-detail">{escape(text)}</span></button>')


def render_notice(text: str) -> str:
    if not text:
        return ""
    dismiss, ok = escape(_("Dismiss")), escape(_("OK"))
    return (f'<div class="notice" role="alert"><span>{escape(text)}</span>'
            f'<button type="button" class="btn small" data-ui="dismiss" '
            f'title="{dismiss}">{ok}</button></div>')


def share_button(text: str, link: str) -> str:
    """"Share result": ui/main_thread/page.py shares ``text`` and the address with ``#link``,
    through the system share sheet or the clipboard, and says which in the status beside it."""
    label = escape(_("Share result"))
    return (f'<div class="share"><button type="button" class="btn primary share-result" '
            f'data-ui="share-daily" data-share="{escape(text)}" data-fragment="{escape(link)}">'
            f'{label}</button><span class="share-status" role="status"></span></div>')


def _opponents() -> str:
    """"Ada (Medium), Blaise (Hard) and Emmy (Medium)": the daily deal's computers."""
    return and_list(_("{name} ({level})").format(name=name, level=_(tag[4:].title()))
                    for name, tag in daily.LINEUP if tag != "human")


def render_daily(status, today, moves: int = 0, streak: int = 0) -> str:
    """The "Daily deal" section for ``today`` (a date), given the device's ``status``
    (``ui.worker.daily.Status`` or None), the moves of a deal in progress and the streak alive."""
    title = ('<h2 id="daily-title">' + escape(_("Daily deal")) + ' <span class="daily-date">'
             + escape(daily.long_date(today)) + '</span></h2>')
    streak_line = ('<p class="daily-streak">' + escape(ngettext(
        "Streak: {n} day", "Streak: {n} days", streak).format(n=streak)) + '</p>'
        if streak else "")
    about = ('<p class="daily-about">' + escape(_(
        "The same deal for everyone today: you against {opponents}. One game a day; a new "
        "deal at midnight UTC.").format(opponents=_opponents())) + '</p>')
    play = ('<button type="button" class="btn primary daily-play" data-ui="daily">{}</button>')
    if status is not None and status.day == today and status.done:
        line = daily.result_line(status.result)
        rival = ('<p class="daily-rival">' + escape(daily.compare_line(
            status.result, status.rival)) + '</p>' if status.rival is not None else '')
        body = ('<p class="daily-result">' + escape(_("Today's deal: {result}").format(
                    result=line)) + '</p>' + rival
                + share_button(daily.share_text(today, status.result),
                               daily.fragment(today, status.result))
                + '<p class="daily-next">' + escape(_(
                    "Played. The next deal comes at midnight UTC.")) + '</p>')
    elif status is not None and status.day == today:
        body = (play.format(escape(_("Continue today's game")))
                + '<p class="daily-about">' + escape(ngettext(
                    "{n} move played: it goes on where you left it.",
                    "{n} moves played: it goes on where you left it.", moves).format(n=moves))
                + '</p>')
    else:
        body = about + play.format(escape(_("Play today's game")))
        if status is not None and not status.done:  # an earlier day's deal, unfinished
            finish = _("Finish the game of {date}").format(date=daily.long_date(status.day))
            body += (f'<button type="button" class="btn daily-finish" data-ui="resume:'
                     f'{DAILY_KEY}">{escape(finish)}</button><p class="daily-about">'
                     + escape(_("It still counts for its day. Once today's deal begins, it "
                                "stays under Resume as an ordinary game.")) + '</p>')
    return (f'<section class="daily" aria-labelledby="daily-title">{title}{body}{streak_line}'
            '</section>')
