"""The score sheets: a ``ui.worker.screen_data.Screen`` of kind "scores" or "over" → HTML.

``render_scores`` draws the round just finished (R18): each seat's cards won, card points, red
bonus, [T!] points, TWEAK!s, round points and total, the cards left on the table that scored
nothing (R17), who deals and plays first next (R8) and "Next round" (``next-round``).
``render_over`` draws the game's end (R19): the winners, every round's points and the totals,
the last round in detail, a daily deal's result to share, and "Play again" (``rematch``),
"Review game" (``review``) and "New game" (``new-game``).  ``score_sheet`` is one round's
sheet, which the game review shows too.
"""

from __future__ import annotations

from tweak.cards import N_
from tweak.events import listed

from ..i18n import _
from ..markup import attrs
from ..screen_data import Screen
from ..story import WORDS, YOU
from .parts import KEYS, esc, keyed, said_card, shown
from .start import render_notice, share_button

__all__ = ["render_scores", "render_over", "score_sheet"]

# (ScoreRow field, heading, shorter heading for phones).  Both are words: a phone shows the
# short one and assistive technology always reads the long one (ui/assets/style.css,
# ``_heading``).
# The words are marked here and translated when drawn.
_SCORE_COLUMNS = (
    ("cards", N_("Cards won"), N_("Cards")), ("card_points", N_("Card points"), N_("Points")),
    ("red_bonus", N_("Red bonus"), N_("Red")), ("tcard_points", N_("[T!] points"), N_("[T!]")),
    ("tweaks", N_("TWEAK!s"), N_("TWEAK!")), ("points", N_("Round"), N_("Round")),
    ("total", N_("Total"), N_("Total")),
)


def _heading(long: str, short: str) -> str:
    """A heading cell's text: the long form, and if it differs a short one that phones show
    instead; the short one is hidden from assistive technology, the long one only from the
    eye (never ``display: none``), so a listener always hears the words."""
    if long == short:  # (the same words in this language, too)
        return esc(long)
    return (f'<span class="long">{esc(long)}</span>'
            f'<span class="short" aria-hidden="true">{esc(short)}</span>')


def _score_table(result, names, goal) -> str:
    """The table of a round's points (``RoundResult``), the leaders marked, and the goal."""
    words = [(_(title), _(short)) for _key, title, short in _SCORE_COLUMNS]
    head = "".join(f'<th scope=col title="{esc(long)}">{_heading(long, short)}</th>'
                   for long, short in words)
    best = max(row.total for row in result.rows)
    rows = []
    for row in result.rows:
        cells = "".join(f'<td class="{key}">{getattr(row, key)}</td>'
                        for key, _title, _short in _SCORE_COLUMNS)
        lead = " lead" if row.total == best else ""
        dealt = (' <span class=chip>' + esc(_("dealt")) + '</span>' if row.seat == result.dealer
                 else "")
        name = esc(shown(names[row.seat]))  # cut short on a phone: the title keeps it whole
        rows.append(f'<tr class="row{lead}"><th scope=row title="{name}">{name}{dealt}'
                    f'</th>{cells}</tr>')
    ends = _("The game ends when a total reaches <b>{goal}</b>.").format(goal=goal)
    player = esc(_("Player"))
    return (f'<div class="table-wrap"><table class="scores"><thead><tr><th scope=col>{player}'
            f'</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f'</div><p class="goal-line">{ends}</p>')


def score_sheet(result, names, goal) -> str:
    """A round's score sheet (``RoundResult``, R18): the table of points and the cards left on
    the table that scored nothing (R17).  The score sheet screen and the game review show it."""
    cards = listed((said_card(face) for face in result.discarded), WORDS)
    discarded = (f'<p class="discarded">'
                 + esc(_("Left on the table, scoring nothing: {cards}.").format(cards=cards)) +
                 '</p>' if result.discarded else "")
    return _score_table(result, names, goal) + discarded


def render_scores(screen: Screen) -> str:
    """The score sheet of the round just finished (kind "scores")."""
    me = screen.view
    result = me.results[-1]
    names = screen.names
    goal = me.rules.goal(me.players)
    first = (me.dealer + 1) % me.players
    return (
        f'<div class="screen sheet-screen" data-screen="scores" data-round="{result.round}">'
        '<div class="sheet">'
        + '<h1>' + esc(_("Round {round} — scores").format(round=result.round)) + '</h1>' +
        f'{score_sheet(result, names, goal)}'
        f'<p class="next-info">{_next_round(me.round, names[me.dealer], names[first])}</p>'
        f'<button type="button" class="btn primary big" data-ui="next-round" id="next-round"'
        + f'{attrs(keyed(KEYS["next-round"]))} autofocus>' + esc(_("Next round")) + '</button>' +
        '</div></div>'
    )


def _next_round(number: int, dealer: str, first: str) -> str:
    """"Round 2: <b>Ada</b> deals, <b>You</b> play first." (R8)."""
    if dealer == YOU:
        text = _("Round {round}: <b>You</b> deal, <b>{first}</b> plays first.")
    elif first == YOU:
        text = _("Round {round}: <b>{dealer}</b> deals, <b>You</b> play first.")
    else:
        text = _("Round {round}: <b>{dealer}</b> deals, <b>{first}</b> plays first.")
    return text.format(round=number, dealer=esc(dealer), first=esc(first))


def render_over(screen: Screen) -> str:
    """The results of the game (kind "over")."""
    me = screen.view
    names = screen.names
    winners = me.winners
    you = any(names[seat] == YOU for seat in winners)
    others = listed((names[seat] for seat in winners if names[seat] != YOU), WORDS)
    if not winners:
        title = _("Game over")
    elif len(winners) == 1:
        title = _("You win!") if you else _("{winners} wins!")
    else:
        title = (_("You and {winners} share the win!") if you
                 else _("{winners} share the win!"))
    title = esc(title.format(winners=others))
    history = ""
    if me.results:
        head = "".join(
            "<th scope=col>"
            # TRANSLATORS: "R2" is the short form of "Round 2", a column heading on phones.
            + _heading(_("Round {round}").format(round=r.round),
                       _("R{round}").format(round=r.round)) + "</th>"
            for r in me.results)
        body = "".join(
            f'<tr class="{"row lead" if seat in winners else "row"}">'
            f'<th scope=row title="{esc(shown(names[seat]))}">{esc(shown(names[seat]))}</th>'
            + "".join(f"<td>{r.rows[seat].points}</td>" for r in me.results)
            + f'<td class="total">{me.totals[seat]}</td></tr>'
            for seat in range(me.players)
        )
        history = (f'<div class="table-wrap"><table class="scores history"><thead><tr>'
                   + '<th scope=col>' + esc(_("Player")) + f'</th>{head}<th scope=col>' +
                   esc(_("Total")) + '</th></tr></thead>' +
                   f'<tbody>{body}</tbody></table></div>')
    last = ""
    if me.results:
        summary = _("Round {round} in detail").format(round=me.results[-1].round)
        last = (f'<details class="last-round" open><summary>{esc(summary)}'
                f'</summary>{_score_table(me.results[-1], names, me.rules.goal(me.players))}'
                f'</details>')
    practice = _("A practice game (a move was taken back): it does not count in your "
                 "statistics.")
    return (
        f'<div class="screen sheet-screen over" data-screen="over">'
        '<div class="sheet">'
        '<div class="trophy" aria-hidden="true">★</div>'
        f'<h1 class="winner">{title}</h1>'
        f'{render_notice(screen.notice)}'
        + (f'<p class="practice-note">{esc(practice)}</p>' if screen.practice else '')
        + _daily_result(screen)
        + f'{history}{last}'
        '<div class="sheet-actions">'
        + ('' if screen.daily else
           '<button type="button" class="btn primary big" data-ui="rematch" id="rematch">'
           + esc(_("Ask for a rematch") if screen.guest else _("Play again")) + '</button>')
        # Every move again, every hand face up, with the evaluator's comments
        # (ui/worker/review.py), where the game's record is: a guest's device has it once
        # the host has sent it at the game's end.
        + ('' if not screen.reviewable else
           '<button type="button" class="btn big" data-ui="review" id="review-game">'
           + esc(_("Review game")) + '</button>') +
        '<button type="button" class="btn big" data-ui="new-game" id="new-game">'
        + esc(_("New game")) + '</button></div></div></div>'
    )


def _daily_result(screen: Screen) -> str:
    """A daily deal's result in words and "Share result" (its text and the link that deals
    the same deal to a friend, ``#daily=DAY``); the daily deal has no "Play again"."""
    if not screen.daily:
        return ""
    from datetime import date

    from .. import daily

    me = screen.view
    day = date.fromisoformat(screen.daily)
    result = daily.result_of(me, me.seat)
    replay = not screen.daily_counts
    title = (_("Replay of the daily deal of {date}") if replay
             else _("Daily deal of {date}")).format(date=daily.long_date(day))
    note = (_("A replay: it counts in no statistics.") if replay
            else _("Counted. The next deal comes at midnight UTC."))
    note = f'<p class="daily-next">{esc(note)}</p>'
    # A friend's link carried their result: the two side by side.
    rival = (f'<p class="daily-rival">{esc(daily.compare_line(result, screen.rival))}</p>'
             if screen.rival is not None else '')
    shared = share_button(daily.share_text(day, result, replay), daily.fragment(day, result))
    return (f'<section class="daily-result" aria-label="{esc(title)}"><h2>{esc(title)}</h2>'
            f'<p class="daily-line">{esc(daily.result_line(result))}</p>{rival}'
            f'{shared}{note}</section>')
