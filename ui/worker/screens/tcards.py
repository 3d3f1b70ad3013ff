"""The seat's [T!] cards at the table (R12, R13): a ``ui.worker.screen_data.Screen`` → HTML.

``my_tcards(screen)`` draws the cards the seat holds, each either playable (it opens its chooser,
``flow:thief`` or ``flow:joker``, or plays at once: ``change``, ``bomb``) or disabled with a few
words of why not, then the cards used this round.  ``flow_bar(screen)`` draws an open chooser:
The Thief's victim or The Joker's ±1, each choice one of ``view.legal``.
``playable_tcards(screen)`` counts the held cards playable now (the line of keys names them).
"""

from __future__ import annotations

from tweak import PlayBomb, PlayChange, PlayJoker, PlayThief, format_action
from tweak.cards import TKind

from ..i18n import _, ngettext
from ..markup import attrs
from ..screen_data import Screen
from .cards import tcard
from .parts import KEYS, TCARD_KEYS, esc, kbd, keyed, my_move, shown, tcards_row

__all__ = ["my_tcards", "flow_bar", "playable_tcards"]


def my_tcards(screen: Screen) -> str:
    """The seat's held and used [T!] cards; face up but not clickable when hands are hidden."""
    me = screen.view
    if screen.hide_hand:
        return tcards_row(me, me.seat, small=False)
    held, used = me.tcards_held[me.seat], me.tcards_used[me.seat]
    if not held and not used:
        return ""
    legal = me.legal if my_move(screen) else ()
    keys = iter(TCARD_KEYS if legal and not screen.selection.flow else "")
    cards = []
    for kind in held:
        extra = _tcard_move(kind, legal)
        playable = bool(extra)
        extra = extra or {"disabled": True}
        why = "" if playable else _tcard_why(screen, kind)
        title = _(kind.title)
        extra["title"] = (_("Play {tcard}") if playable
                          else _("{tcard}: not playable now")).format(tcard=title)
        if playable:
            extra = keyed(next(keys, None), extra)
        flow_open = screen.selection.flow == kind.value
        classes = (("playable",) if playable else ()) + (("open",) if flow_open else ())
        # The reason is written under the card (a touch screen shows no tooltip); the card's
        # name says it too, so the caption is hidden from assistive technology.
        cards.append(f'<span class="tslot">{tcard(kind, extra=extra, classes=classes, why=why)}'
                     f'<span class="twhy" aria-hidden="true">{esc(why)}</span></span>')
    cards += [tcard(kind, used=True) for kind in used]
    return f'<div class="tcards-row mine">{"".join(cards)}</div>'


def _tcard_move(kind, legal) -> dict:
    """What clicking a held [T!] card of ``kind`` does, if one of ``legal`` plays it: open
    its chooser (``data-ui``) or play it (``data-action``); {} if it is not playable."""
    if kind is TKind.THIEF:
        return {"data-ui": "flow:thief"} if any(isinstance(a, PlayThief) for a in legal) else {}
    if kind is TKind.JOKER:
        return {"data-ui": "flow:joker"} if any(isinstance(a, PlayJoker) for a in legal) else {}
    if kind is TKind.CHANGE:
        return {"data-action": "change"} if PlayChange() in legal else {}
    return {"data-action": "bomb"} if PlayBomb() in legal else {}


def playable_tcards(screen: Screen) -> int:
    """How many of the seat's held [T!] cards it may play now."""
    me = screen.view
    legal = me.legal if my_move(screen) else ()
    return sum(bool(_tcard_move(kind, legal)) for kind in me.tcards_held[me.seat])


def _tcard_why(screen: Screen, kind) -> str:
    """Why a held [T!] card is not among the legal moves now, in a few words.  Only called
    when the engine has left it out of ``view.legal``; the words name what the view shows
    (whose turn, a [T!] card already played, an empty hand or deck, opponents without
    cards), and say "not now" when none of those is the case."""
    me = screen.view
    if not my_move(screen):
        return _("on your turn")
    if me.phase == "bomb":
        return _("not while giving up a card")
    if me.tcard_played:
        return _("one [T!] card a turn")
    if not me.hand:
        return _("no card in your hand")
    others = [size for seat, size in enumerate(me.hand_sizes) if seat != me.seat]
    if kind in (TKind.THIEF, TKind.BOMB) and not any(others):
        return _("no opponent has cards")
    if kind is TKind.CHANGE and not me.deck_size:
        return _("the deck is empty")
    return _("not now")


def flow_bar(screen: Screen) -> str:
    """The chooser of an open [T!] flow: The Thief's victim or The Joker's ±1 (R13)."""
    me = screen.view
    flow = screen.selection.flow
    legal = me.legal if my_move(screen) else ()

    def choice(action, label, key):
        playable = action in legal
        key = key if playable else None
        extra = {"data-action": format_action(action) if playable else None,
                 "disabled": not playable}
        return (f'<button type="button" class="btn choice"{attrs(keyed(key, extra))}>'
                f'{label}{kbd(key)}</button>')

    if flow == "thief" and any(isinstance(action, PlayThief) for action in legal):
        opponents = [s for s in range(me.players) if s != me.seat]

        def cards(seat):
            count = me.hand_sizes[seat]
            return esc(ngettext("({n} card)", "({n} cards)", count).format(n=count))

        buttons = "".join(
            choice(PlayThief(s), f'{esc(shown(screen.seats[s].name))} <small>{cards(s)}</small>',
                   str(number))
            for number, s in enumerate(opponents, 1)
        )
        title = _("The Thief: steal a random card from")
    elif flow == "joker" and any(isinstance(action, PlayJoker) for action in legal):
        buttons = "".join(
            choice(PlayJoker(d), f'{d:+d} <small>'
                                 + esc(_("→ target {target}").format(target=me.target + d)) +
                                 '</small>', KEYS[f"joker{d:+d}"])
            for d in (-1, +1)
        )
        title = _("The Joker: change the target by")
    else:
        return ""
    cancel = KEYS["clear"]
    label = esc(_("Cancel"))
    return (f'<div class="flowbar" role="group" aria-label="{esc(title)}">'
            f'<span>{esc(title)}</span>{buttons}'
            f'<button type="button" class="btn ghost" data-ui="flow:{flow}"'
            f'{attrs(keyed(cancel))}>{label}{kbd(cancel)}</button></div>')
