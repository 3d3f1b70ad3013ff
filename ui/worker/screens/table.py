"""The table: a ``ui.worker.screen_data.Screen`` of kind "table" → HTML.

What it draws, from the view of the screen's seat only (R20, R21): the top bar (round, goal,
the daily deal's and practice's chips, pace, Copy link, How to play, Menu), every opponent
(name, kind, cards in hand as backs, face-up [T!] cards, cards won and points), the board (the
deck with the target card, the [T!] pile, the table's cards, selectable on the seat's move),
the seat's own panel (ui/worker/screens/panel.py) and the log of recent moves.
"""

from __future__ import annotations

from tweak.cards import N_

from ..i18n import _, ngettext
from ..screen_data import Screen
from .cards import back_card, face_card
from .devices import devices_banner, seat_status
from .panel import render_panel
from .parts import (TABLE_KEYS, card_names, esc, keyed, menu_button, my_move, piles, seat_badges,
                    seat_stats, shown, tcards_row, wait_click)
from .start import render_notice

__all__ = ["render_table"]

# The log shows what is new since the seat's last move, then older lines up to LOG_SHOWN in all
# (at least 3 older ones).
LOG_SHOWN = 8
# The pace button's label for each pace (ui.worker.protocol.PACES), marked for the catalogue.
PACE_LABELS = {"normal": N_("Pace: normal"), "fast": N_("Pace: fast"),
               "instant": N_("Pace: instant")}


def _topbar(screen: Screen) -> str:
    """The screen's heading, the game's chips and its tools."""
    me = screen.view
    info = ""
    if me:
        goal = me.rules.goal(me.players)
        round_, goal_word = _("Round {round}"), _("Goal {goal}")
        ends = _("The game ends when a total reaches {goal}")
        info = (f'<span class="round">{esc(round_.format(round=me.round))}</span>'
                f'<span class="goal" title="{esc(ends.format(goal=goal))}">'
                f'{esc(goal_word.format(goal=goal))}</span>')
    if screen.daily:  # the daily deal (ui/worker/daily.py): the device's own, or a replay
        from datetime import date

        from ..daily import long_date, result_line

        when = long_date(date.fromisoformat(screen.daily))
        if screen.daily_counts:
            chip = ("daily-chip", _("The daily deal of {date}: one game, no take-backs"),
                    _("Daily deal"))
        else:
            chip = ("daily-chip replay",
                    _("A replay of the daily deal of {date}: it counts in no statistics"),
                    _("Daily replay"))
        info += (f'<span class="{chip[0]}" title="{esc(chip[1].format(date=when))}">'
                 f'{esc(chip[2])}</span>')
        if screen.rival is not None:  # a friend's link: their score to beat, all game long
            whole = _("Your friend's result: {result}").format(result=result_line(screen.rival))
            info += (f'<span class="rival-chip" title="{esc(whole)}">'
                     + esc(_("Friend: {points}").format(points=screen.rival.points))
                     + '</span>')
    if screen.practice:  # a move was taken back: this game counts in no statistics
        why = _("A move was taken back: this game does not count in your statistics")
        info += f'<span class="practice" title="{esc(why)}">' + esc(_("Practice")) + '</span>'
    # One button cycles the computers' pace; it names the pace now in force.
    pace_next = "fast" if screen.pace == "normal" else "normal"
    pace_label = _(PACE_LABELS.get(screen.pace, PACE_LABELS["normal"]))
    words = {key: esc(text) for key, text in (
        ("where", _("— the table")), ("tools", _("Game")), ("pace", _("Pace of computer moves")),
        ("link", _("Copy a link to this game")), ("copy", _("Copy link")),
        ("rules", _("How to play")))}
    return (
        '<header class="topbar">'
        # The screen's main heading: the brand, and for a listener where they are.
        '<h1 class="brand">TWEAK<span class="bang">!</span><span class="visually-hidden"> '
        f'{words["where"]}</span></h1>'
        f'<span class="info">{info}</span>'
        f'<nav class="tools" aria-label="{words["tools"]}">'
        f'<button type="button" class="btn ghost" data-ui="pace:{pace_next}" '
        f'title="{words["pace"]}">{esc(pace_label)}</button>'
        + ('' if screen.guest else  # the game's record, every hand in it, is the host's
           '<button type="button" class="btn ghost" data-ui="copy-link" '
           f'title="{words["link"]}">{words["copy"]}</button>') +
        f'<button type="button" class="btn ghost" data-ui="rules">{words["rules"]}</button>'
        f'{menu_button()}'
        '</nav></header>'
    )


def _opponent(screen: Screen, seat: int) -> str:
    """One opponent's panel: what everyone may see of ``seat``."""
    me = screen.view
    person = screen.seats[seat]
    active = me.to_act == seat
    classes = ["opponent"] + (["active"] if active else [])
    if active and me.phase == "bomb":
        classes.append("bombed")
    size = me.hand_sizes[seat]
    backs = "".join(back_card(classes=("mini",)) for _card in range(size))
    # The status line is always there, empty or not, so the panel keeps its height when a
    # computer starts or stops thinking.
    status = ""
    if screen.thinking == seat:  # the dots are animated (ui/assets/style.css)
        status = esc(_("thinking")) + '<i>.</i><i>.</i><i>.</i>'
    elif screen.waiting == seat:
        status = esc(_("playing on their device")) + '<i>.</i><i>.</i><i>.</i>'
    elif seat_status(screen, seat):
        status = esc(seat_status(screen, seat))
    elif active and me.phase == "bomb":
        status = esc(_("choosing a card for the Bomb"))
    elif active:
        status = esc(_("to play"))
    status = f'<span class="thinking">{status}</span>'
    name, kind = esc(shown(person.name)), esc(person.label)
    in_hand = ngettext("{n} card in hand", "{n} cards in hand", size).format(n=size)
    empty = '<span class=empty-hand>' + esc(_("no cards")) + '</span>'
    # The name is shown whole where it fits, else cut with an ellipsis; its title and the
    # panel's label keep it whole (ui/assets/style.css).
    return (
        f'<article class="{" ".join(classes)}" data-seat="{seat}" aria-label="{name}">'
        f'<div class="opp-head"><span class="name" title="{name}">{name}</span>'
        f'<span class="badges">{seat_badges(me, seat)}</span>'
        f'<span class="opp-kind" title="{kind}">{kind}</span></div>'
        f'<div class="opp-row"><div class="opp-hand" title="{esc(in_hand)}">'
        f'{backs or empty}</div>{tcards_row(me, seat)}</div>'
        f'<div class="opp-stats">{seat_stats(me, seat)}</div>'
        f'{status}'
        '</article>'
    )


def _opponents(screen: Screen) -> str:
    """The opponents in play order from the screen's seat."""
    me = screen.view
    order = [(me.seat + offset) % me.players for offset in range(1, me.players)]
    panels = "".join(_opponent(screen, seat) for seat in order)
    return f'<section class="opponents n{len(order)}">{panels}</section>'


def _board(screen: Screen) -> str:
    """The piles and the table's cards, each a selection command on the seat's move."""
    me = screen.view
    selectable = my_move(screen) and me.phase == "play"
    with_keys = selectable and not screen.selection.flow  # a chooser's keys take over
    chosen = set(screen.selection.table)
    names = card_names(me)
    cards = []
    for index, face in enumerate(me.table):
        classes = ("selected",) if index in chosen and selectable else ()
        extra = ({"data-ui": f"table:{index}", "aria-pressed": "true" if index in chosen else
                  "false"} if selectable else wait_click(screen, f"table:{index}"))
        if with_keys and index < len(TABLE_KEYS):
            extra = keyed(TABLE_KEYS[index], extra)
        extra["data-card"] = names[index]
        if index in (screen.marks or {}):  # "show all sums": which hand cards take it
            values = sorted({hand.value for hand in screen.marks[index]})
            extra["data-sum"] = _("with {values}").format(values="/".join(map(str, values)))
            classes += ("summed",)
        cards.append(face_card(face, me.rules, extra=extra, classes=classes))
    table = "".join(cards) or '<p class="empty-table">' + esc(_("The table is empty.")) + '</p>'
    label = esc(_("Cards on the table"))
    return (f'<section class="board">{piles(me)}'
            f'<div class="tablecards" role="group" aria-label="{label}">{table}</div>'
            f'{_ticker(screen)}</section>')


def _ticker(screen: Screen) -> str:
    """One line of the log for phones, where the log is below the fold: the last move of
    another seat since the viewer's own that mattered (a capture, a [T!] card), else the
    latest line."""
    if not screen.log:
        return ""
    me = screen.view.seat
    news = [entry for entry in screen.log if entry.serial > screen.since and entry.seat != me]
    mattered = [entry for entry in news if entry.matters]
    line = (mattered or [screen.log[-1]])[-1]
    return f'<p class="ticker log-{line.kind}" aria-hidden="true">{esc(line.text)}</p>'


def _log(screen: Screen) -> str:
    """The latest moves, newest first; on the viewer's turn, what happened since their last
    move comes first under its own heading (every such move, however many)."""
    lines = list(screen.log)
    news = ([entry for entry in lines if entry.serial > screen.since]
            if screen.since and screen.view.my_turn and not screen.hide_hand else [])

    # A line's id is its entry's serial: a move adds one line and the others, keyed, stay as
    # they are in the page (ui/main_thread/motion.js keeps an element by its id).
    def items(entries):
        return "".join(f'<li class="log-{entry.kind}" id="move-{entry.serial}">'
                       f'{esc(entry.text)}</li>' for entry in entries[::-1])

    older = [entry for entry in lines if entry not in news][-max(LOG_SHOWN - len(news), 3):]
    since = ('<h3 class="since">' + esc(_("Since your last turn")) + '</h3>' +
             f'<ol class="news">{items(news)}</ol>' if news else "")
    heading = esc(_("Recent moves"))
    # It scrolls within its box when its lines do not fit: the keyboard can scroll it too.
    return (f'<aside class="log" aria-label="{heading}" tabindex="0"><h2>{heading}</h2>{since}'
            f'<ol>{items(older)}</ol></aside>')


def render_table(screen: Screen) -> str:
    """The table screen of ``screen`` (kind "table")."""
    me = screen.view
    return (
        f'<div class="screen table-screen" data-screen="table" data-to-act="{me.to_act}">'
        f'{_topbar(screen)}{render_notice(screen.notice)}'
        f'{_opponents(screen)}{_board(screen)}{render_panel(screen)}'
        # Beside the table on a wide screen: the seats away, then the log.
        f'<div class="side">{devices_banner(screen)}{_log(screen)}</div>'
        '</div>'
    )
