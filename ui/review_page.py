"""The game review's screen: a ``ui.review.ReviewScreen`` → HTML.  Pure functions, no browser
imports; tests call them under CPython.

What it draws: a top bar (Copy link, Back to results), where the review is ("Step 12 of 140 ·
Round 1"), the four stepping buttons, the move of this step (who, its sentences, its cards and
called-out sum, R14, and the evaluator's comment), the table after it (target, deck, [T!]
pile, table cards), every seat with its hand face up (the game is over; nowhere else are hands
shown), its cards won, points this round and total, and a list of the rounds, each with a
button to its deal and one to its score sheet (``ui.render.score_sheet``).  A round's score
sheet is drawn in place of the review, with a button back.

Every control carries a ``data-ui`` command ``review:...`` (``ui.review.Review.go``); the
stepping buttons carry keys as the table's controls do (``data-key``: ← and → step, Home and
End go to the first and last step, Escape closes a score sheet) and are disabled where they
would not move.
"""

from __future__ import annotations

from .cards import face_card, key_badge, tcard
from .markup import attrs, escape
from .render import piles, round_points, score_sheet, seat_badges
from .start import render_notice

__all__ = ["render_review", "position_line", "NAV"]

# (command, label, id, key) of the stepping buttons, in the order drawn: a step each way
# first (the buttons used most), then the jumps to either end.
NAV = (("previous", "Previous move", "review-prev", "ArrowLeft"),
       ("next", "Next move", "review-next", "ArrowRight"),
       ("first", "First move", "review-first", "Home"),
       ("last", "Last move", "review-last", "End"))


def _e(text) -> str:
    return escape(str(text))


def _whose(name: str) -> str:
    """"Ada’s", and "Your" for the seat named You."""
    return "Your" if name == "You" else f"{name}’s"


def position_line(screen) -> str:
    """"Step 12 of 140 · Round 1" (the deal: "Step 0 of 140 · Round 1 · the deal")."""
    line = f"Step {screen.step} of {screen.steps} · Round {screen.round}"
    return line + (" · the deal" if screen.step == 0 else "")


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
    return (
        '<header class="topbar">'
        '<h1 class="brand">TWEAK<span class="bang">!</span> <span class="review-title">'
        'Game review</span></h1>'
        '<nav class="tools" aria-label="Review">'
        '<button type="button" class="btn ghost" data-ui="copy-link" '
        'title="Copy a link to this game: anyone who opens it can review it">Copy link</button>'
        '<button type="button" class="btn ghost" data-ui="review:close" id="review-close">'
        'Back to results</button>'
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
        badge = "" if still else key_badge(key)
        buttons.append(f'<button{attrs(extra)}>{label}{badge}</button>')
    return f'<div class="review-nav" role="group" aria-label="Step through the game">{"".join(buttons)}</div>'


def _move(screen) -> str:
    """This step's move: who made it, its sentences, its cards and sum, the comment."""
    names = screen.names
    me = screen.public
    if screen.actor is None:
        who = "The deal"
    else:
        who = f"{_e(_whose(names[screen.actor]))} move"
    lines = "".join(f'<li class="log-{entry.kind}">{_e(entry.text)}</li>'
                    for entry in screen.entries)
    cards = ""
    if screen.played:
        shown = "".join(face_card(face, me.rules, classes=("small",)) for face in screen.played)
        what = "Cards captured" if screen.callout else "Card played"
        cards = f'<div class="review-cards" role="group" aria-label="{what}">{shown}</div>'
    said = (f'<p class="review-sum"><span class="visually-hidden">Called out: </span>'
            f'{_e(screen.callout)}</p>' if screen.callout else "")
    comment = (f'<p class="review-comment"><b>{_e(screen.comment.lead)}:</b> '
               f'{_e(screen.comment.words)}</p>' if screen.comment else "")
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
    return '<p class="keys-help">Keys: ← previous · → next · Home first · End last</p>'


def _board(screen) -> str:
    me = screen.public
    cards = "".join(face_card(face, me.rules) for face in me.table)
    table = cards or '<p class="empty-table">The table is empty.</p>'
    return (
        '<section class="board" aria-label="The table after this move">'
        f'{piles(me)}'
        f'<div class="tablecards" role="group" aria-label="Cards on the table">{table}</div>'
        '</section>'
    )


def _seat(screen, seat: int) -> str:
    me = screen.public
    name = screen.names[seat]
    hand = screen.views[seat].hand
    cards = "".join(face_card(face, me.rules, classes=("small",)) for face in hand)
    cards = cards or '<span class="empty-hand">no cards</span>'
    held = [tcard(kind, classes=("mini",)) for kind in me.tcards_held[seat]]
    held += [tcard(kind, classes=("mini",), used=True) for kind in me.tcards_used[seat]]
    tcards = f'<div class="tcards-row">{"".join(held)}</div>' if held else ""
    classes = "review-seat" + (" active" if seat == screen.actor else "")
    return (
        f'<article class="{classes}" aria-label="{_e(name)}">'
        f'<div class="opp-head"><span class="name">{_e(name)}</span>{seat_badges(me, seat)}'
        '</div>'
        f'<div class="review-hand" role="group" aria-label="{_e(_whose(name))} hand">{cards}</div>'
        f'{tcards}'
        f'<div class="opp-stats"><span title="Cards won this round">Won '
        f'{len(me.captured[seat])}</span><span class="pts" title="Points this round">+'
        f'{round_points(me, seat)}</span><span class="total" title="Total of finished rounds">'
        f'{me.totals[seat]} pts</span></div>'
        '</article>'
    )


def _seats(screen) -> str:
    panels = "".join(_seat(screen, seat) for seat in range(screen.public.players))
    return (f'<section class="review-seats" aria-label="Every hand, face up">{panels}'
            '</section>')


def _rounds(screen) -> str:
    items = []
    for number, _ in screen.round_starts:
        here = "true" if screen.round == number else None
        items.append(
            f'<li><button type="button" class="btn" data-ui="review:round:{number}"'
            f'{attrs({"aria-current": here})}>Start of round {number}</button>'
            f'<button type="button" class="btn" data-ui="review:sheet:{number}">'
            f'Round {number} score sheet</button></li>')
    return (f'<nav class="review-rounds" aria-labelledby="review-rounds"><h2 id="review-rounds">'
            f'Rounds</h2><ul>{"".join(items)}</ul></nav>')


def _sheet(screen, notice: str) -> str:
    """A round's score sheet, in place of the review, with the way back."""
    result = screen.sheet
    me = screen.public
    return (
        f'<div class="screen sheet-screen review-sheet" data-screen="review-sheet" '
        f'data-round="{result.round}">'
        '<div class="sheet">'
        f'{render_notice(notice)}'
        f'<h1>Round {result.round} — scores</h1>'
        f'{score_sheet(result, screen.names, me.rules.goal(me.players))}'
        '<div class="sheet-actions">'
        '<button type="button" class="btn primary big" data-ui="review:back" id="review-back" '
        f'data-key="Escape" aria-keyshortcuts="Escape">Back to the review{key_badge("Escape")}'
        '</button></div></div></div>'
    )
