"""The game review's screen: a ``ui.worker.review.ReviewScreen`` → HTML.

What it draws: a top bar (Copy link, Back to results), where the review is ("Step 12 of 140 ·
Round 1"), the four stepping buttons, the move of this step (who, its sentences, its cards and
called-out sum, R14, and the evaluator's comment), the table after it (target, deck, [T!]
pile, table cards), every seat with its hand face up (the game is over; nowhere else are hands
shown), its cards won, points this round and total, and a list of the rounds, each with a
button to its deal and one to its score sheet (``ui.worker.screens.scores.score_sheet``),
which is then drawn in place of the review, with a button back.

Every control carries a ``data-ui`` command ``review:...`` (``ui.worker.review.Review.go``); the
stepping buttons carry keys as the table's controls do (``data-key``: ← and → step, Home and
End go to the first and last step, Escape closes a score sheet) and are disabled where they
would not move.  Every word is in the current language (``ui.worker.i18n``): ``NAV``'s labels
are marked with ``N_`` and translated where drawn; sentences naming a seat are whole messages
("Ada’s move", "Your move"), so a translation can order their words.
"""

from __future__ import annotations

from ..i18n import N_, _, ngettext
from ..markup import attrs, escape
from .cards import face_card, key_badge, tcard
from .parts import piles, round_points, seat_badges
from .scores import score_sheet
from .start import render_notice

__all__ = ["render_review", "position_line", "NAV"]

# (command, label, id, key) of the stepping buttons, in the order drawn: a step each way
# first (the buttons used most), then the jumps to either end.
NAV = (("previous", N_("Previous move"), "review-prev", "ArrowLeft"),
       ("next", N_("Next move"), "review-next", "ArrowRight"),
       ("first", N_("First move"), "review-first", "Home"),
       ("last", N_("Last move"), "review-last", "End"))


# The keys whose names a badge shows in words, as the keyboard prints them in the player's
# language (a Spanish keyboard: "Inicio", "Fin"); the arrows and Esc are shown as they are.
KEY_NAMES = {"Home": N_("Home"), "End": N_("End")}


def _badge(key: str) -> str:
    """``ui.worker.screens.cards.key_badge``, with a named key's name in the current language."""
    if key in KEY_NAMES:
        return f'<kbd class="key" aria-hidden="true">{escape(_(KEY_NAMES[key]))}</kbd>'
    return key_badge(key)


def _e(text) -> str:
    return escape(str(text))


def _whose_move(name: str) -> str:
    """"Ada’s move", and "Your move" for the seat named You."""
    return _("Your move") if name == "You" else _("{name}’s move").format(name=name)


def _whose_hand(name: str) -> str:
    """"Ada’s hand", and "Your hand" for the seat named You."""
    return _("Your hand") if name == "You" else _("{name}’s hand").format(name=name)


def position_line(screen) -> str:
    """"Step 12 of 140 · Round 1" (the deal: "Step 0 of 140 · Round 1 · the deal")."""
    message = (_("Step {step} of {steps} · Round {round} · the deal") if screen.step == 0
               else _("Step {step} of {steps} · Round {round}"))
    return message.format(step=screen.step, steps=screen.steps, round=screen.round)


def render_review(screen, notice: str = "") -> str:
    if screen.sheet is not None:
        return _sheet(screen, notice)
    return (
        f'<div class="screen review-screen" data-screen="review" data-step="{screen.step}">'
        f'{_topbar()}{render_notice(notice)}'
        f'{_move(screen)}{_board(screen)}{_seats(screen)}{_rounds(screen)}'
        '</div>'
    )


def _topbar() -> str:
    title, tools = _e(_("Game review")), _e(_("Review"))
    tip = _e(_("Copy a link to this game: anyone who opens it can review it"))
    copy, back = _e(_("Copy link")), _e(_("Back to results"))
    return (
        '<header class="topbar">'
        '<h1 class="brand">TWEAK<span class="bang">!</span> <span class="review-title">'
        f'{title}</span></h1>'
        f'<nav class="tools" aria-label="{tools}">'
        f'<button type="button" class="btn ghost" data-ui="copy-link" title="{tip}">{copy}'
        '</button>'
        '<button type="button" class="btn ghost" data-ui="review:close" id="review-close">'
        f'{back}</button>'
        '</nav></header>'
    )


def _nav(screen) -> str:
    buttons = []
    for command, label, id_, key in NAV:
        still = (screen.step == 0 if command in ("first", "previous")
                 else screen.step == screen.steps)
        extra = {"type": "button", "class": "btn", "id": id_,
                 "data-ui": None if still else f"review:{command}", "disabled": still,
                 "data-key": None if still else key,
                 "aria-keyshortcuts": None if still else key}
        if command == "next":
            extra["class"] = "btn primary"
        badge = "" if still else _badge(key)
        buttons.append(f'<button{attrs(extra)}>{_e(_(label))}{badge}</button>')
    group = _e(_("Step through the game"))
    return f'<div class="review-nav" role="group" aria-label="{group}">{"".join(buttons)}</div>'


def _move(screen) -> str:
    """This step's move: who made it, its sentences, its cards and sum, the comment."""
    names = screen.names
    me = screen.public
    if screen.actor is None:
        who = _e(_("The deal"))
    else:
        who = _e(_whose_move(names[screen.actor]))
    lines = "".join(f'<li class="log-{entry.kind}">{_e(entry.text)}</li>'
                    for entry in screen.entries)
    cards = ""
    if screen.played:
        shown = "".join(face_card(face, me.rules, classes=("small",)) for face in screen.played)
        what = _e(_("Cards captured") if screen.callout else _("Card played"))
        cards = f'<div class="review-cards" role="group" aria-label="{what}">{shown}</div>'
    said = ""
    if screen.callout:
        # The label is for the ear only: the sum shows as it is called out.
        label = _e(_("Called out:"))
        said = (f'<p class="review-sum"><span class="visually-hidden">{label} </span>'
                f'{_e(screen.callout)}</p>')
    comment = ""
    if screen.comment:
        comment = ('<p class="review-comment">'
                   + _("<b>{lead}:</b> {words}").format(lead=_e(screen.comment.lead),
                                                        words=_e(screen.comment.words))
                   + '</p>')
    return (
        '<section class="review-move" aria-labelledby="review-position">'
        f'<h2 class="review-pos" id="review-position">{_e(position_line(screen))}</h2>'
        f'{_nav(screen)}'
        '<div class="review-what">'
        f'<h3 class="review-who">{who}</h3>'
        f'<ol class="review-lines">{lines}</ol>'
        f'{cards}{said}{comment}'
        '</div>'
        f'{_keys_help()}'
        '</section>'
    )


def _keys_help() -> str:
    words = _("Keys: ← previous · → next · Home first · End last")
    return f'<p class="keys-help">{_e(words)}</p>'


def _board(screen) -> str:
    me = screen.public
    cards = "".join(face_card(face, me.rules) for face in me.table)
    table = cards or '<p class="empty-table">' + _e(_("The table is empty.")) + '</p>'
    board, on_table = _e(_("The table after this move")), _e(_("Cards on the table"))
    return (
        f'<section class="board" aria-label="{board}">'
        f'{piles(me)}'
        f'<div class="tablecards" role="group" aria-label="{on_table}">{table}</div>'
        '</section>'
    )


def _seat(screen, seat: int) -> str:
    me = screen.public
    name = screen.names[seat]
    hand = screen.views[seat].hand
    cards = "".join(face_card(face, me.rules, classes=("small",)) for face in hand)
    cards = cards or '<span class="empty-hand">' + _e(_("no cards")) + '</span>'
    held = [tcard(kind, classes=("mini",)) for kind in me.tcards_held[seat]]
    held += [tcard(kind, classes=("mini",), used=True) for kind in me.tcards_used[seat]]
    tcards = f'<div class="tcards-row">{"".join(held)}</div>' if held else ""
    classes = "review-seat" + (" active" if seat == screen.actor else "")
    won = _e(_("Won {n}").format(n=len(me.captured[seat])))
    total = _e(ngettext("{n} pt", "{n} pts", me.totals[seat]).format(n=me.totals[seat]))
    won_tip, points_tip = _e(_("Cards won this round")), _e(_("Points this round"))
    total_tip = _e(_("Total of finished rounds"))
    return (
        f'<article class="{classes}" aria-label="{_e(name)}">'
        f'<div class="opp-head"><span class="name">{_e(name)}</span>{seat_badges(me, seat)}'
        '</div>'
        f'<div class="review-hand" role="group" aria-label="{_e(_whose_hand(name))}">{cards}'
        '</div>'
        f'{tcards}'
        f'<div class="opp-stats"><span title="{won_tip}">{won}</span>'
        f'<span class="pts" title="{points_tip}">+{round_points(me, seat)}</span>'
        f'<span class="total" title="{total_tip}">{total}</span></div>'
        '</article>'
    )


def _seats(screen) -> str:
    panels = "".join(_seat(screen, seat) for seat in range(screen.public.players))
    label = _e(_("Every hand, face up"))
    return f'<section class="review-seats" aria-label="{label}">{panels}</section>'


def _rounds(screen) -> str:
    items = []
    for number, _first in screen.round_starts:
        here = "true" if screen.round == number else None
        start = _e(_("Start of round {n}").format(n=number))
        sheet = _e(_("Round {n} score sheet").format(n=number))
        items.append(
            f'<li><button type="button" class="btn" data-ui="review:round:{number}"'
            f'{attrs({"aria-current": here})}>{start}</button>'
            f'<button type="button" class="btn" data-ui="review:sheet:{number}">'
            f'{sheet}</button></li>')
    heading = _e(_("Rounds"))
    return (f'<nav class="review-rounds" aria-labelledby="review-rounds"><h2 id="review-rounds">'
            f'{heading}</h2><ul>{"".join(items)}</ul></nav>')


def _sheet(screen, notice: str) -> str:
    """A round's score sheet, in place of the review, with the way back."""
    result = screen.sheet
    me = screen.public
    heading = _e(_("Round {n} — scores").format(n=result.round))
    back = _e(_("Back to the review"))
    return (
        f'<div class="screen sheet-screen review-sheet" data-screen="review-sheet" '
        f'data-round="{result.round}">'
        '<div class="sheet">'
        f'{render_notice(notice)}'
        f'<h1>{heading}</h1>'
        f'{score_sheet(result, screen.names, me.rules.goal(me.players))}'
        '<div class="sheet-actions">'
        '<button type="button" class="btn primary big" data-ui="review:back" id="review-back" '
        f'data-key="Escape" aria-keyshortcuts="Escape">{back}{key_badge("Escape")}'
        '</button></div></div></div>'
    )
