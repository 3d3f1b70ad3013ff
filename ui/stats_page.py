"""The statistics screen: ``ui.stats.Stats`` → HTML, drawn over the game like the rules page.

Pure Python.  The chart is inline SVG (one bar per table of games, won over played) with
sizes as SVG attributes: the page's Content-Security-Policy forbids ``style=""``.  Controls:
``close-rules`` (Back), ``stats-export``, the file input ``#stats-file`` (ui/page.py reads the
chosen file and passes its text to the worker), ``stats-reset`` and, to confirm,
``stats-reset-confirm`` (or ``stats`` to cancel).
"""

from __future__ import annotations

from .markup import escape
from .stats import Stats, current_streak, rows

__all__ = ["render_stats"]

BAR = 200  # the chart's width in SVG units


def _chart(found) -> str:
    if not found:
        return ('<p class="stats-empty">No games counted yet. Finish a game against the '
                'computer and it shows here.</p>')
    most = max(played for _, played, _ in found)
    bars = []
    for label, played, won in found:
        wide = max(2, round(BAR * played / most))
        inner = round(BAR * won / most)
        share = f"{round(100 * won / played)}%" if played else "–"
        bars.append(
            f'<li><span class="stats-label">{escape(label)}</span>'
            f'<svg class="stats-bar" viewBox="0 0 {BAR} 14" width="100%" height="14" '
            f'preserveAspectRatio="none" aria-hidden="true">'
            f'<rect class="played" x="0" y="0" width="{wide}" height="14" rx="3"></rect>'
            f'<rect class="won" x="0" y="0" width="{inner}" height="14" rx="3"></rect></svg>'
            f'<span class="stats-count">{won} won of {played} ({share})</span></li>')
    return (f'<ul class="stats-chart" aria-label="Games won by table">{"".join(bars)}</ul>'
            '<p class="stats-key"><span class="swatch won"></span> won '
            '<span class="swatch played"></span> played</p>')


def _days(count: int) -> str:
    return f"{count} day{'' if count == 1 else 's'}"


def _daily(stats: Stats, today) -> str:
    """The daily deal's counts (issue 11): deals finished, the streak alive today, the best."""
    streak = current_streak(stats, today) if today is not None else stats.daily_streak
    return ('<h2>Daily deal</h2><dl class="stats-facts daily-facts">'
            f'<div><dt>Daily deals played</dt><dd>{stats.daily_played}</dd></div>'
            f'<div><dt>Current streak</dt><dd>{_days(streak)}</dd></div>'
            f'<div><dt>Best streak</dt><dd>{_days(stats.daily_best)}</dd></div>'
            '</dl>')


def render_stats(stats: Stats, notice: str = "", confirm: bool = False, today=None) -> str:
    """``today`` (a date, UTC) decides whether the daily streak is still alive."""
    found = rows(stats)
    biggest = (f"{stats.biggest} points ({escape(stats.biggest_words)})" if stats.biggest
               else "–")
    facts = (
        '<dl class="stats-facts">'
        f'<div><dt>Games</dt><dd>{stats.played}</dd></div>'
        f'<div><dt>Wins</dt><dd>{stats.won}</dd></div>'
        f'<div><dt>Best round</dt><dd>{stats.best_round or "–"}'
        f'{" points" if stats.best_round else ""}</dd></div>'
        f'<div><dt>TWEAK!s</dt><dd>{stats.tweaks}</dd></div>'
        f'<div><dt>Biggest capture</dt><dd>{biggest}</dd></div>'
        '</dl>')
    note = (f'<p class="notice stats-notice" role="status">{escape(notice)}</p>'
            if notice else "")
    if confirm:
        actions = ('<div class="stats-confirm" role="alert"><p>Reset your statistics? Every '
                   'count goes back to zero (export them first to keep a copy).</p>'
                   '<button type="button" class="btn primary" data-ui="stats-reset-confirm">'
                   'Yes, reset</button>'
                   '<button type="button" class="btn" data-ui="stats">Cancel</button></div>')
    else:
        actions = ('<div class="stats-actions">'
                   '<button type="button" class="btn" data-ui="stats-export">Export</button>'
                   '<label class="btn file-btn">Import<input type="file" id="stats-file" '
                   'accept=".json,application/json"></label>'
                   '<button type="button" class="btn ghost" data-ui="stats-reset">Reset'
                   '</button></div>'
                   '<p class="stats-foot">Games against the computer count; practice games '
                   '(a move taken back), replays of a daily deal and games between people do '
                   'not. A streak counts the days in a row (UTC) with a daily deal finished. '
                   'Importing a file replaces the statistics on this device.</p>')
    return (
        '<div class="screen rules-screen stats-screen" data-screen="stats">'
        '<article class="rules stats">'
        '<header class="rules-head"><h1>Statistics</h1>'
        '<button type="button" class="btn primary" data-ui="close-rules" id="close-stats">Back'
        '</button></header>'
        f'{note}{facts}<h2>Games and wins</h2>{_chart(found)}{_daily(stats, today)}{actions}'
        '</article></div>')
