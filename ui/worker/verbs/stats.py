"""The statistics' verbs: the statistics screen, its export and import, and counting a game
that has just ended.  ``stored`` is always the text stored under ``STATS_KEY`` (None: none
yet); one that cannot be read is set aside under ``STATS_BROKEN_KEY`` with a notice, and new
statistics begin.  The statistics themselves are ``ui.worker.stats``'s.  The statistics page
(``ui.worker.screens.stats``) is imported when drawn: the worker's first answer needs none."""

from __future__ import annotations

from datetime import date
from typing import Optional

from ..i18n import _, ngettext
from ..protocol import STATS_BROKEN_KEY, STATS_KEY
from ..stats import Stats, StatsError, count_daily, count_game, dumps, parse

__all__ = ["statistics", "export_stats", "import_stats", "count_ended_game"]


def statistics(host, stored: Optional[str], step: str = "") -> dict:
    """The statistics screen; ``step`` "reset" asks to confirm a reset, "reset-confirmed"
    resets (the stored text is removed)."""
    from ..screens import stats as stats_page

    stats, store, notice = read_stats(stored)
    confirm = step == "reset"
    if step == "reset-confirmed":
        stats, store = Stats(), {**store, STATS_KEY: None}
        notice = _("Your statistics have been reset.")
    return {"screen": "stats",
            "html": stats_page.render_stats(stats, notice, confirm, host.daily.today()),
            "store": store}


def export_stats(host, stored: Optional[str]) -> dict:
    """The statistics as a file to download (a damaged store is exported as it is, so nothing
    is lost)."""
    try:
        text = dumps(parse(stored))
    except StatsError:
        text = stored or ""
    return {"download": {"name": "tweak-statistics.json", "text": text}}


def import_stats(host, text: str, stored: Optional[str]) -> dict:
    """A file's statistics replace the stored ones, if the file is a statistics file."""
    from ..screens import stats as stats_page

    stats, store, notice = read_stats(stored)
    try:
        imported = parse(text)
    except StatsError as error:
        notice = _("That file was not imported: {error}. Your statistics are "
                   "unchanged.").format(error=error)
    else:
        stats = imported
        store[STATS_KEY] = dumps(imported)
        notice = ngettext("Statistics imported: {n} game.", "Statistics imported: {n} games.",
                          imported.played).format(n=imported.played)
    return {"screen": "stats",
            "html": stats_page.render_stats(stats, notice, today=host.daily.today()),
            "store": store}


def read_stats(stored: Optional[str]) -> tuple:
    """(stats, store, notice): a damaged stored text is set aside, new statistics begin."""
    try:
        return parse(stored), {}, ""
    except StatsError as error:
        return Stats(), {STATS_BROKEN_KEY: stored, STATS_KEY: None}, _(
            "Your saved statistics could not be read ({error}). They have been set aside "
            "(nothing is deleted) and new statistics begin.").format(error=error)


def count_ended_game(session, stored: Optional[str]) -> dict:
    """The store with the game ``session`` just ended counted into the statistics, and, for
    the device's daily deal, its day (a notice on the session if the stored text was set
    aside)."""
    stats, store, notice = read_stats(stored)
    if notice:
        session.notice = notice
    counted = count_game(stats, session.record)
    if session.daily_counts:
        counted = count_daily(counted, date.fromisoformat(session.daily))
    if counted != stats or store:
        store[STATS_KEY] = dumps(counted)
    return store
