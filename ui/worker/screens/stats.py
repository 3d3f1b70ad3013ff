"""The statistics screen: ``ui.worker.stats.Stats`` → HTML, drawn over the game like the rules
page.

The chart is inline SVG (one bar per table of games, won over played) with sizes as SVG
attributes: the page's Content-Security-Policy forbids ``style=""``.  Controls: ``close-rules``
(Back), ``stats-export``, the file input ``#stats-file`` (ui/main_thread/page.py reads the
chosen file and passes its text to the worker), ``stats-reset`` and, to confirm,
``stats-reset-confirm`` (or ``stats`` to cancel).

Every word is in the current language (``ui.worker.i18n``): the facts' terms, the chart's rows
(``ui.worker.stats.rows``), counts and accessible name, the reset question, the buttons.  The
biggest capture's cards are named in it too (``ui.worker.stats.biggest_action`` reads them
back from their stored notation).
"""

from __future__ import annotations

from ..i18n import _, ngettext
from ..markup import escape
from ..stats import Stats, biggest_action, current_streak, rows
from .cards import COLOUR_WORDS

__all__ = ["render_stats"]

BAR = 200  # the chart's width in SVG units


def _chart(found) -> str:
    if not found:
        return ('<p class="stats-empty">'
                + escape(_("No games counted yet. Finish a game against the computer and it "
                           "shows here."))
                + '</p>')
    most = max(played for _label, played, _won in found)
    bars = []
    for label, played, won in found:
        wide = max(2, round(BAR * played / most))
        inner = round(BAR * won / most)
        share = f"{round(100 * won / played)}%" if played else "–"
        count = ngettext("{won} won of {played} ({share})", "{won} won of {played} ({share})",
                         won).format(won=won, played=played, share=share)
        bars.append(
            f'<li><span class="stats-label">{escape(label)}</span>'
            f'<svg class="stats-bar" viewBox="0 0 {BAR} 14" width="100%" height="14" '
            f'preserveAspectRatio="none" aria-hidden="true">'
            f'<rect class="played" x="0" y="0" width="{wide}" height="14" rx="3"></rect>'
            f'<rect class="won" x="0" y="0" width="{inner}" height="14" rx="3"></rect></svg>'
            f'<span class="stats-count">{escape(count)}</span></li>')
    name = escape(_("Games won by table"))
    # The key's words sit between its two colour swatches: one message, its markup kept.
    key = _('<span class="swatch won"></span> won <span class="swatch played"></span> played')
    return (f'<ul class="stats-chart" aria-label="{name}">{"".join(bars)}</ul>'
            f'<p class="stats-key">{key}</p>')


def _days(count: int) -> str:
    return ngettext("{n} day", "{n} days", count).format(n=count)


def _points(count: int) -> str:
    return ngettext("{n} point", "{n} points", count).format(n=count)


def _card(face) -> str:
    """A card by name, "red 5" ("5 rojo" in Spanish)."""
    return _("{colour} {value}").format(colour=_(COLOUR_WORDS[face.colour]), value=face.value)


def _biggest(stats: Stats) -> str:
    """"17 points", then the capture in a smaller line, its cards named in the current
    language: "red 5 took yellow 1, green 2"; the points alone when its cards are not known
    (``ui.worker.stats.biggest_action``)."""
    if not stats.biggest:
        return "–"
    capture = biggest_action(stats)
    detail = ""
    if capture is not None:
        words = _("{card} took {cards}").format(card=_card(capture.card),
                                                cards=", ".join(map(_card, capture.taken)))
        detail = f'<small class="stats-detail">{escape(words)}</small>'
    return escape(_points(stats.biggest)) + detail


def _fact(term: str, value) -> str:
    """A term, already translated, and its value (HTML)."""
    return f'<div><dt>{escape(term)}</dt><dd>{value}</dd></div>'


def _daily(stats: Stats, today) -> str:
    """The daily deal's counts: deals finished, the streak alive today, the best."""
    streak = current_streak(stats, today) if today is not None else stats.daily_streak
    return ('<h2>' + escape(_("Daily deal")) + '</h2><dl class="stats-facts daily-facts">'
            + _fact(_("Daily deals played"), stats.daily_played)
            + _fact(_("Current streak"), escape(_days(streak)))
            + _fact(_("Best streak"), escape(_days(stats.daily_best)))
            + '</dl>')


def _button(ui: str, label: str, classes: str = "btn") -> str:
    return (f'<button type="button" class="{classes}" data-ui="{ui}">{escape(label)}'
            '</button>')


def render_stats(stats: Stats, notice: str = "", confirm: bool = False, today=None) -> str:
    """``today`` (a date, UTC) decides whether the daily streak is still alive."""
    found = rows(stats)
    best_round = escape(_points(stats.best_round)) if stats.best_round else "–"
    facts = ('<dl class="stats-facts">'
             + _fact(_("Games"), stats.played) + _fact(_("Wins"), stats.won)
             + _fact(_("Best round"), best_round) + _fact(_("TWEAK!s"), stats.tweaks)
             + _fact(_("Biggest capture"), _biggest(stats))
             + '</dl>')
    note = (f'<p class="notice stats-notice" role="status">{escape(notice)}</p>'
            if notice else "")
    if confirm:
        actions = ('<div class="stats-confirm" role="alert"><p>'
                   + escape(_("Reset your statistics? Every count goes back to zero (export "
                              "them first to keep a copy)."))
                   + '</p>'
                   + _button("stats-reset-confirm", _("Yes, reset"), "btn primary")
                   + _button("stats", _("Cancel"))
                   + '</div>')
    else:
        actions = ('<div class="stats-actions">'
                   + _button("stats-export", _("Export"))
                   + '<label class="btn file-btn">' + escape(_("Import"))
                   + '<input type="file" id="stats-file" accept=".json,application/json">'
                   '</label>'
                   + _button("stats-reset", _("Reset"), "btn ghost")
                   + '</div><p class="stats-foot">'
                   + escape(_("Games against the computer count; practice games (a move "
                              "taken back), replays of a daily deal and games between people "
                              "do not. A streak counts the days in a row (UTC) with a daily "
                              "deal finished. Importing a file replaces the statistics on "
                              "this device."))
                   + '</p>')
    return (
        '<div class="screen rules-screen stats-screen" data-screen="stats">'
        '<article class="rules stats">'
        '<header class="rules-head"><h1>' + escape(_("Statistics")) + '</h1>'
        '<button type="button" class="btn primary" data-ui="close-rules" id="close-stats">'
        + escape(_("Back")) + '</button></header>'
        + note + facts + '<h2>' + escape(_("Games and wins")) + '</h2>' + _chart(found)
        + _daily(stats, today) + actions + '</article></div>')
