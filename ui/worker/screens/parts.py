"""The pieces the game's screens share, and the keyboard's map of the table.

Words: ``shown(name)`` (a player's name as shown: the seat named "You" in the game's language),
``said_card(face)``, ``esc(value)`` (escaped text).  Pieces, each an HTML string from a
``PlayerView`` and a seat: ``seat_badges``, ``seat_stats``, ``tcards_row``, ``piles`` (the deck
with the target card on it and the [T!] pile), ``menu_button()``; ``round_points`` and
``card_names`` are the numbers and names they show.  The table, the pass screen, the score
sheets and the game review (ui/worker/screens/review.py) draw them.

Keys: a control the keyboard can click carries ``data-key`` (a ``KeyboardEvent.key``, letters
lower-case) and the same ``aria-keyshortcuts`` (``keyed``); ui/main_thread/page.py clicks the
visible control whose ``data-key`` is the key pressed, so the screens decide which keys exist,
and a key is only ever on a control that is clickable now.  ``KEYS`` names the fixed ones; hand
cards are ``1``–``9`` by position, table cards ``TABLE_KEYS`` (every letter not taken), held
[T!] cards ``TCARD_KEYS``, a chooser's choices ``1``… (the Thief) or ``-`` and ``+`` (the
Joker).  A typical capture is four keys: ``1`` ``a`` ``b`` ``Enter``.
"""

from __future__ import annotations

from tweak.events import card_name

from ..i18n import _, ngettext
from ..markup import escape
from ..screen_data import Screen
from ..story import WORDS, YOU
from .cards import key_badge, target_card, tcard, tcard_back

__all__ = ["KEYS", "TCARD_KEYS", "TABLE_KEYS", "keyed", "kbd", "esc", "shown", "said_card",
           "round_points", "card_names", "seat_badges", "seat_stats", "tcards_row", "piles",
           "menu_button", "my_move", "wait_click"]

# The fixed keys: Enter captures (or gives the chosen card up to a Bomb) and answers the pass
# screen and the score sheet; letters are lower-case, as ui/main_thread/page.py compares them.
KEYS = {"capture": "Enter", "place": "p", "clear": "Escape", "give-up": "Enter",
        "reveal": "Enter", "next-round": "Enter", "joker-1": "-", "joker+1": "+"}
TCARD_KEYS = "tuvw"  # held [T!] cards, in the order they are drawn
TABLE_KEYS = "".join(letter for letter in "abcdefghijklmnopqrstuvwxyz"
                     if letter not in KEYS.values() and letter not in TCARD_KEYS)


def keyed(key, extra=None) -> dict:
    """``extra`` with ``key`` as the control's key (nothing if ``key`` is None)."""
    extra = dict(extra or {})
    if key:
        extra["data-key"] = key
        extra["aria-keyshortcuts"] = key
    return extra


def kbd(key) -> str:
    """The badge showing ``key`` on its control ("" if ``key`` is None)."""
    return key_badge(key) if key else ""


def esc(text) -> str:
    """``text`` (any value, as ``str``) escaped for HTML."""
    return escape(str(text))


def shown(name: str) -> str:
    """A player's name as shown: the seat named "You" in the game's language."""
    return _("You") if name == YOU else name


def said_card(face) -> str:
    """A card's name in the game's language: "red 3" — "el 3 rojo"."""
    return card_name(face, WORDS)


def round_points(view, seat: int) -> int:
    """Points ``seat`` has won so far this round, from public information (R5, R18, R20)."""
    tcards = len(view.tcards_held[seat]) + len(view.tcards_used[seat])
    return view.rules.round_points(view.captured[seat], tcards)


def card_names(view) -> list:
    """A name on screen for each card the seat sees face up — the table's, then its hand's —
    so the page can follow a card from one screen to the next and animate it
    (ui/main_thread/motion.js).  Two red 1s are two cards: a face's copies are numbered in
    that order ("R1", "R1.2").  A card placed from the hand joins the table's end and so keeps
    its name; a drawn card is a new name.  Derived from the view alone: the engine knows
    nothing of the screen."""
    seen, names = {}, []
    for face in (*view.table, *(view.hand or ())):
        count = seen[face] = seen.get(face, 0) + 1
        names.append(str(face) if count == 1 else f"{face}.{count}")
    return names


def seat_badges(view, seat: int) -> str:
    """A seat's chips: Dealer, and its TWEAK!s this round (long and short forms)."""
    badges = []
    # Long and short forms: phones show the short one (ui/assets/style.css).
    if seat == view.dealer:
        # TRANSLATORS: "D" is the one-letter short form of "Dealer", shown on phones.
        title, long, short = _("Dealer this round"), _("Dealer"), _("D")
        badges.append(f'<span class="chip dealer" title="{esc(title)}">'
                      f'<span class="long">{esc(long)}</span>'
                      f'<span class="short" aria-hidden="true">{esc(short)}</span></span>')
    if view.tweaks[seat]:
        title = _("TWEAK!s this round")
        badges.append(f'<span class="chip tweaks" title="{esc(title)}">'
                      f'<span class="long">{view.tweaks[seat]}× TWEAK!</span>'
                      f'<span class="short" aria-hidden="true">★{view.tweaks[seat]}</span>'
                      '</span>')
    return "".join(badges)


def seat_stats(me, seat: int) -> str:
    """A seat's cards won and points this round, and its total of finished rounds."""
    won = _("Won {n}").format(n=len(me.captured[seat]))
    total = _("{total} pts").format(total=me.totals[seat])
    titles = [esc(title) for title in (_("Cards won this round"), _("Points this round"),
                                      _("Total of finished rounds"))]
    return (f'<span class="won" title="{titles[0]}">{esc(won)}</span>'
            f'<span class="pts" title="{titles[1]}">+{round_points(me, seat)}</span>'
            f'<span class="total" title="{titles[2]}">{esc(total)}</span>')


def tcards_row(view, seat: int, small: bool = True) -> str:
    """A seat's [T!] cards, held then used, face up and not clickable ("" if none)."""
    held = view.tcards_held[seat]
    used = view.tcards_used[seat]
    if not held and not used:
        return ""
    size = ("mini",) if small else ()
    cards = [tcard(kind, classes=size) for kind in held]
    cards += [tcard(kind, classes=size, used=True) for kind in used]
    return f'<div class="tcards-row">{"".join(cards)}</div>'


def piles(me) -> str:
    """The deck (the target card on it, R4, and how many cards it holds) and the [T!] pile
    of a view: the table's and the game review's."""
    deck_label = (ngettext("{n} card in the deck", "{n} cards in the deck",
                           me.deck_size).format(n=me.deck_size) if me.deck_size
                  else _("Deck empty: the blue 7"))
    tcards = ngettext("{n} [T!] card", "{n} [T!] cards",
                      me.tcard_pile_size).format(n=me.tcard_pile_size)
    return (
        '<div class="piles">'
        f'<div class="pile deck">{target_card(me)}<span class="pile-label">{esc(deck_label)}'
        '</span></div>'
        f'<div class="pile tpile">{tcard_back()}<span class="pile-label">{esc(tcards)}</span></div>'
        '</div>'
    )


def menu_button() -> str:
    """"Menu": back to the start screen (``quit``)."""
    why, label = _("Back to the start screen (the game stays saved)"), _("Menu")
    return (f'<button type="button" class="btn ghost" data-ui="quit" title="{esc(why)}">'
            f'{esc(label)}</button>')


def my_move(screen: Screen) -> bool:
    """The screen's seat has a move to make now, its hand shown."""
    me = screen.view
    return me.my_turn and not screen.hide_hand and bool(me.legal)


def wait_click(screen: Screen, command: str) -> dict:
    """While a computer is to move, the viewer's cards still answer a click — with a notice
    naming who is thinking (``Session.command``) — rather than doing nothing.  No key."""
    if screen.thinking is None or screen.hide_hand:
        return {}
    return {"data-ui": command}
