"""Pure rendering: a ``ui.session.Screen`` (a ``PlayerView`` plus names, seats and the local
selection) → an HTML string.  No browser imports; tests call these under CPython.

The page has no rules of its own: every clickable element carries either the notation of one
of ``view.legal`` in ``data-action`` (``tweak.format_action``) or a UI command in ``data-ui``
(``hand:R3``, ``table:2``, ``flow:thief``, ``clear``, ``reveal``, ``next-round``, ``rules``,
``close-rules``, ``copy-link``, ``speed:fast``, ``quit``, ``new-game``, ``rematch``,
``dismiss``, and issue 11's ``hint``, ``sums``, ``hints``, ``take-back``, ``review`` (the
game review, ``ui.review_page``, whose own controls send ``review:...``), ``share-daily``; the
start screen adds ``deal``, ``resume:KEY``, ``daily`` and ``stats``).  Buttons for moves that are not legal now are disabled and carry no action.

What is drawn comes from the view of the screen's seat only (R20, R21): its own hand, the
public table, and for everyone else only counts, captured totals and face-up [T!] cards.

Keys: a control the keyboard can click carries ``data-key`` (a ``KeyboardEvent.key``, letters
lower-case) and the same ``aria-keyshortcuts``; ui/page.py clicks the visible control whose
``data-key`` is the key pressed, so which keys exist is decided here, and a key is only ever on
a control that is clickable now.  The map (``KEYS`` below names the fixed ones): hand cards
``1``–``3`` by position, table cards ``a``, ``b``, ``c``… (``TABLE_KEYS``: every letter but the
ones named in ``KEYS``), held [T!] cards ``t``, ``u``, ``v``, ``w`` (``TCARD_KEYS``), ``Enter``
captures (or gives the chosen card up to a Bomb), ``p`` places, ``Escape`` clears the
selection or closes a chooser; in a chooser, the Thief's victims are ``1``… and the Joker's
``-`` and ``+``; ``Enter`` also answers the pass screen and the score sheet.  A typical capture
is four keys: ``1`` ``a`` ``b`` ``Enter``.
"""

from __future__ import annotations

from tweak import Capture, PlayBomb, PlayChange, PlayJoker, PlayThief, format_action
from tweak.cards import TKind
from tweak.events import card_name

from .cards import back_card, face_card, face_label, key_badge, tcard, tcard_back, target_card
from .markup import attrs, escape
from .session import Screen, capture_of, place_of
from .start import render_notice, share_button

__all__ = ["render_screen", "render_table", "render_pass", "render_scores", "render_over",
           "render_flash", "round_points", "card_names", "score_sheet", "seat_badges"]

LOG_SHOWN = 8

# The fixed keys (see the module docstring); letters are lower-case, as ui/page.py compares them.
KEYS = {"capture": "Enter", "place": "p", "clear": "Escape", "give-up": "Enter",
        "reveal": "Enter", "next-round": "Enter", "joker-1": "-", "joker+1": "+"}
TCARD_KEYS = "tuvw"  # held [T!] cards, in the order they are drawn
TABLE_KEYS = "".join(letter for letter in "abcdefghijklmnopqrstuvwxyz"
                     if letter not in KEYS.values() and letter not in TCARD_KEYS)


def _keyed(key, extra=None) -> dict:
    """``extra`` with ``key`` as the control's key (nothing if ``key`` is None)."""
    extra = dict(extra or {})
    if key:
        extra["data-key"] = key
        extra["aria-keyshortcuts"] = key
    return extra


def _kbd(key) -> str:
    return key_badge(key) if key else ""


def _e(text) -> str:
    return escape(str(text))


def round_points(view, seat: int) -> int:
    """Points ``seat`` has won so far this round, from public information (R5, R18, R20)."""
    tcards = len(view.tcards_held[seat]) + len(view.tcards_used[seat])
    return view.rules.round_points(view.captured[seat], tcards)


def card_names(view) -> list:
    """A name on screen for each card the seat sees face up — the table's, then its hand's —
    so the page can follow a card from one screen to the next and animate it (ui/motion.js).
    Two red 1s are two cards: a face's copies are numbered in that order ("R1", "R1.2").  A
    card placed from the hand joins the table's end and so keeps its name; a drawn card is a
    new name.  Derived from the view alone: the engine knows nothing of the screen."""
    seen, names = {}, []
    for face in (*view.table, *(view.hand or ())):
        count = seen[face] = seen.get(face, 0) + 1
        names.append(str(face) if count == 1 else f"{face}.{count}")
    return names


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# ---- the table ----------------------------------------------------------------------------


def render_screen(screen: Screen) -> str:
    if screen.kind == "pass":
        return render_pass(screen)
    if screen.kind == "scores":
        return render_scores(screen)
    if screen.kind == "over":
        return render_over(screen)
    return render_table(screen)


def _topbar(screen: Screen) -> str:
    me = screen.view
    goal = me.rules.goal(me.players) if me else None
    info = (f'<span class="round">Round {me.round}</span>'
            f'<span class="goal" title="The game ends when a total reaches {goal}">Goal '
            f'{goal}</span>') if me else ""
    if screen.daily:  # the daily deal (ui/daily.py): the device's own, or a replay
        from datetime import date

        from .daily import long_date

        when = long_date(date.fromisoformat(screen.daily))
        if screen.daily_counts:
            info += (f'<span class="daily-chip" title="The daily deal of {when}: one game, '
                     f'no take-backs">Daily deal</span>')
        else:
            info += (f'<span class="daily-chip replay" title="A replay of the daily deal of '
                     f'{when}: it counts in no statistics">Daily replay</span>')
    if screen.practice:  # a move was taken back: this game counts in no statistics
        info += ('<span class="practice" title="A move was taken back: this game does not '
                 'count in your statistics">Practice</span>')
    # One button cycles the computers' pace; it names the pace now in force.
    speed_next = "fast" if screen.speed == "normal" else "normal"
    speed_label = "Pace: normal" if screen.speed == "normal" else f"Pace: {screen.speed}"
    return (
        '<header class="topbar">'
        # The screen's main heading: the brand, and for a listener where they are.
        '<h1 class="brand">TWEAK<span class="bang">!</span><span class="visually-hidden"> '
        '— the table</span></h1>'
        f'<span class="info">{info}</span>'
        '<nav class="tools" aria-label="Game">'
        f'<button type="button" class="btn ghost" data-ui="speed:{speed_next}" '
        f'title="Pace of computer moves">{speed_label}</button>'
        '<button type="button" class="btn ghost" data-ui="copy-link" '
        'title="Copy a link to this game">Copy link</button>'
        '<button type="button" class="btn ghost" data-ui="rules">How to play</button>'
        '<button type="button" class="btn ghost" data-ui="quit" '
        'title="Back to the start screen (the game stays saved)">Menu</button>'
        '</nav></header>'
    )


def _tcards_row(view, seat: int, small: bool = True) -> str:
    held = view.tcards_held[seat]
    used = view.tcards_used[seat]
    if not held and not used:
        return ""
    size = ("mini",) if small else ()
    cards = [tcard(kind, classes=size) for kind in held]
    cards += [tcard(kind, classes=size, used=True) for kind in used]
    return f'<div class="tcards-row">{"".join(cards)}</div>'


def seat_badges(view, seat: int) -> str:
    """A seat's chips: Dealer, and its TWEAK!s this round (long and short forms)."""
    badges = []
    # Long and short forms: phones show the short one (ui/style.css).
    if seat == view.dealer:
        badges.append('<span class="chip dealer" title="Dealer this round">'
                      '<span class="long">Dealer</span><span class="short" aria-hidden="true">D</span>'
                      '</span>')
    if view.tweaks[seat]:
        badges.append(f'<span class="chip tweaks" title="TWEAK!s this round">'
                      f'<span class="long">{view.tweaks[seat]}× TWEAK!</span>'
                      f'<span class="short" aria-hidden="true">★{view.tweaks[seat]}</span></span>')
    return "".join(badges)


def _opponent(screen: Screen, seat: int) -> str:
    me = screen.view
    person = screen.seats[seat]
    active = me.to_act == seat
    classes = ["opponent"] + (["active"] if active else [])
    if active and me.phase == "bomb":
        classes.append("bombed")
    size = me.hand_sizes[seat]
    backs = "".join(back_card(classes=("mini",)) for _ in range(size))
    # The status line is always there, empty or not, so the panel keeps its height when a
    # computer starts or stops thinking.
    status = ""
    if screen.thinking == seat:
        status = 'thinking<i>.</i><i>.</i><i>.</i>'
    elif active and me.phase == "bomb":
        status = 'choosing a card for the Bomb'
    elif active:
        status = 'to play'
    status = f'<span class="thinking">{status}</span>'
    return (
        f'<article class="{" ".join(classes)}" data-seat="{seat}" '
        f'aria-label="{_e(person.name)}">'
        f'<div class="opp-head"><span class="name">{_e(person.name)}</span>'
        f'{seat_badges(me, seat)}<span class="opp-kind" title="{_e(person.label)}">'
        f'{_e(person.label)}</span></div>'
        f'<div class="opp-row"><div class="opp-hand" title="{_plural(size, "card")} in hand">'
        f'{backs or "<span class=empty-hand>no cards</span>"}</div>{_tcards_row(me, seat)}</div>'
        f'<div class="opp-stats"><span title="Cards won this round">Won '
        f'{len(me.captured[seat])}</span><span class="pts" title="Points this round">+'
        f'{round_points(me, seat)}</span><span class="total" title="Total of finished rounds">'
        f'{me.totals[seat]} pts</span></div>'
        f'{status}'
        '</article>'
    )


def _opponents(screen: Screen) -> str:
    me = screen.view
    order = [(me.seat + offset) % me.players for offset in range(1, me.players)]
    return f'<section class="opponents n{len(order)}">{"".join(_opponent(screen, s) for s in order)}</section>'


def _is_my_move(screen: Screen) -> bool:
    me = screen.view
    return me.my_turn and not screen.hide_hand and bool(me.legal)


def _wait_click(screen: Screen, command: str) -> dict:
    """While a computer is to move, the viewer's cards still answer a click — with a notice
    naming who is thinking (``Session.command``) — rather than doing nothing.  No key."""
    if screen.thinking is None or screen.hide_hand:
        return {}
    return {"data-ui": command}


def _board(screen: Screen) -> str:
    me = screen.view
    selectable = _is_my_move(screen) and me.phase == "play"
    keyed = selectable and not screen.selection.flow  # a chooser's keys take over
    chosen = set(screen.selection.table)
    names = card_names(me)
    cards = []
    for index, face in enumerate(me.table):
        classes = ("selected",) if index in chosen and selectable else ()
        extra = ({"data-ui": f"table:{index}", "aria-pressed": "true" if index in chosen else
                  "false"} if selectable else _wait_click(screen, f"table:{index}"))
        if keyed and index < len(TABLE_KEYS):
            extra = _keyed(TABLE_KEYS[index], extra)
        extra["data-card"] = names[index]
        if index in (screen.marks or {}):  # "show all sums": which hand cards take it
            values = sorted({hand.value for hand in screen.marks[index]})
            extra["data-sum"] = "with " + "/".join(map(str, values))
            classes += ("summed",)
        cards.append(face_card(face, me.rules, extra=extra, classes=classes))
    table = "".join(cards) or '<p class="empty-table">The table is empty.</p>'
    return (
        '<section class="board">'
        f'{piles(me)}'
        f'<div class="tablecards" role="group" aria-label="Cards on the table">{table}</div>'
        f'{_ticker(screen)}'
        '</section>'
    )


def piles(me) -> str:
    """The deck (the target card on it, R4, and how many cards it holds) and the [T!] pile
    of a view: the table's and the game review's."""
    deck_label = (_plural(me.deck_size, "card") + " in the deck" if me.deck_size
                  else "Deck empty: the blue 7")
    return (
        '<div class="piles">'
        f'<div class="pile deck">{target_card(me)}<span class="pile-label">{deck_label}</span></div>'
        f'<div class="pile tpile">{tcard_back()}<span class="pile-label">'
        f'{_plural(me.tcard_pile_size, "[T!] card")}</span></div>'
        '</div>'
    )


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
    return f'<p class="ticker log-{line.kind}" aria-hidden="true">{_e(line.text)}</p>'


def _sum_line(screen: Screen) -> str:
    """The running sum of the selection against the target (R14), and in words why it is not
    a capture yet.  The words only compare the selection with ``capture_of`` (the engine's
    legal actions) and the target the view shows: the page decides nothing."""
    me = screen.view
    sel = screen.selection
    table = [me.table[i].value for i in sel.table if i < len(me.table)]
    values = ([sel.hand.value] if sel.hand is not None else []) + table
    if not values:
        return (f'<div class="sumline hint">Pick a card from your hand and table cards that add '
                f'up to <b>{me.target}</b>, or place a card.</div>')
    total = sum(values)
    want = f'<span class="want">{me.target}</span>'
    capture = capture_of(me, sel)
    if capture is not None:
        state, why = "exact", f"the target — Capture {capture.total}!"
    elif sel.hand is None:
        state, why = "under", "now pick a card from your hand"
    elif not table:
        state, why = "under", "a capture needs table cards too — or place this card"
    elif total < me.target:
        state, why = "under", f"you need {want}"
    elif total > me.target:
        state, why = "over", f"that is more than {want}"
    else:
        state, why = "over", f"that adds up to {want}, but it is not a capture you can make now"
    expression = " + ".join(map(str, values))
    return (f'<div class="sumline {state}"><span class="expr">{expression} = <b>{total}</b>'
            f'</span><span class="why">— {why}</span></div>')


def _flow_bar(screen: Screen) -> str:
    """The chooser of an open [T!] flow: The Thief's victim or The Joker's ±1 (R13)."""
    me = screen.view
    flow = screen.selection.flow
    legal = me.legal if _is_my_move(screen) else ()

    def choice(action, label, key):
        playable = action in legal
        key = key if playable else None
        extra = {"data-action": format_action(action) if playable else None,
                 "disabled": not playable}
        return (f'<button type="button" class="btn choice"{attrs(_keyed(key, extra))}>'
                f'{label}{_kbd(key)}</button>')

    if flow == "thief" and any(isinstance(action, PlayThief) for action in legal):
        opponents = [s for s in range(me.players) if s != me.seat]
        buttons = "".join(
            choice(PlayThief(s), f'{_e(screen.seats[s].name)} <small>('
                                 f'{_plural(me.hand_sizes[s], "card")})</small>', str(number))
            for number, s in enumerate(opponents, 1)
        )
        title = "The Thief: steal a random card from"
    elif flow == "joker" and any(isinstance(action, PlayJoker) for action in legal):
        buttons = "".join(
            choice(PlayJoker(d), f'{d:+d} <small>→ target {me.target + d}</small>',
                   KEYS[f"joker{d:+d}"])
            for d in (-1, +1)
        )
        title = "The Joker: change the target by"
    else:
        return ""
    cancel = KEYS["clear"]
    return (f'<div class="flowbar" role="group" aria-label="{_e(title)}"><span>{_e(title)}</span>'
            f'{buttons}<button type="button" class="btn ghost" data-ui="flow:{flow}"'
            f'{attrs(_keyed(cancel))}>Cancel{_kbd(cancel)}</button></div>')


def _my_tcards(screen: Screen) -> str:
    me = screen.view
    if screen.hide_hand:
        return _tcards_row(me, me.seat, small=False)
    held, used = me.tcards_held[me.seat], me.tcards_used[me.seat]
    if not held and not used:
        return ""
    legal = me.legal if _is_my_move(screen) else ()
    keys = iter(TCARD_KEYS if legal and not screen.selection.flow else "")
    cards = []
    for kind in held:
        extra = _tcard_move(kind, legal)
        playable = bool(extra)
        extra = extra or {"disabled": True}
        why = "" if playable else _tcard_why(screen, kind)
        extra["title"] = f"Play {kind.title}" if playable else f"{kind.title}: not playable now"
        if playable:
            extra = _keyed(next(keys, None), extra)
        flow_open = screen.selection.flow == kind.value
        classes = (("playable",) if playable else ()) + (("open",) if flow_open else ())
        # The reason is written under the card (a touch screen shows no tooltip); the card's
        # name says it too, so the caption is hidden from assistive technology.
        cards.append(f'<span class="tslot">{tcard(kind, extra=extra, classes=classes, why=why)}'
                     f'<span class="twhy" aria-hidden="true">{_e(why)}</span></span>')
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


def _playable_tcards(screen: Screen) -> int:
    me = screen.view
    legal = me.legal if _is_my_move(screen) else ()
    return sum(bool(_tcard_move(kind, legal)) for kind in me.tcards_held[me.seat])


def _tcard_why(screen: Screen, kind) -> str:
    """Why a held [T!] card is not among the legal moves now, in a few words.  Only called
    when the engine has left it out of ``view.legal``; the words name what the view shows
    (whose turn, a [T!] card already played, an empty hand or deck, opponents without
    cards), and say "not now" when none of those is the case."""
    me = screen.view
    if not _is_my_move(screen):
        return "on your turn"
    if me.phase == "bomb":
        return "not while giving up a card"
    if me.tcard_played:
        return "one [T!] card a turn"
    if not me.hand:
        return "no card in your hand"
    others = [size for seat, size in enumerate(me.hand_sizes) if seat != me.seat]
    if kind in (TKind.THIEF, TKind.BOMB) and not any(others):
        return "no opponent has cards"
    if kind is TKind.CHANGE and not me.deck_size:
        return "the deck is empty"
    return "not now"


def _prompt(screen: Screen) -> str:
    me = screen.view
    names = screen.names
    if screen.hide_hand:
        if me.to_act is None:
            return "<p class=prompt>The game is over.</p>"
        name = names[me.to_act]
        who = _e(name)
        doing = (f'{_verb(name, "is")} thinking' if screen.thinking == me.to_act
                 else _verb(name, "plays"))
        return f'<p class="prompt">Hands are hidden between players. <b>{who}</b> {doing}…</p>'
    if me.my_turn and me.phase == "bomb":
        bomber = _e(names[me.turn])
        return (f'<p class="prompt alert"><b>{bomber}</b> played The Bomb: choose a card from '
                f'your hand to give up to the table.</p>')
    if me.my_turn:
        return f'<p class="prompt you">Your turn — make <b>{me.target}</b>.</p>'
    name = names[me.to_act]
    who, be = _e(name), _verb(name, "is")
    if screen.thinking == me.to_act:
        return f'<p class="prompt">{who} {be} thinking…</p>'
    if me.phase == "bomb":
        return f'<p class="prompt">{who} {be} choosing a card for the Bomb…</p>'
    return f'<p class="prompt">{"Your" if name == "You" else who + "’s"} turn.</p>'


def _button(label: str, action, *, id_: str, classes: str, key: str) -> str:
    """A move's button: live with its notation and its key when ``action`` is legal (not
    None), else disabled with neither."""
    extra = {"data-action": format_action(action) if action else None,
             "disabled": action is None}
    key = key if action else None
    return (f'<button type="button" class="{classes}" id="{id_}"{attrs(_keyed(key, extra))}>'
            f'{_e(label)}{_kbd(key)}</button>')


def _actions(screen: Screen) -> str:
    """The move buttons.  The row is there, empty, when the viewer has no move to make, so the
    panel keeps its height while others play."""
    me = screen.view
    if not _is_my_move(screen):
        return '<div class="actions"></div>'
    sel = screen.selection
    place = place_of(me, sel)
    if me.phase == "bomb":
        label = f"Give up {card_name(sel.hand)}" if place else "Give up a card"
        return (f'<div class="actions">{_button(label, place, id_="give-up", classes="btn primary", key=KEYS["give-up"])}'
                '</div>')
    capture = capture_of(me, sel)
    capture_label = f"Capture {capture.total}" if capture else "Capture"
    clear = ""
    if (sel.hand is not None or sel.table) and not sel.flow:
        clear = (f'<button type="button" class="btn ghost" data-ui="clear"'
                 f'{attrs(_keyed(KEYS["clear"]))}>Clear{_kbd(KEYS["clear"])}</button>')
    elif sel.hand is not None or sel.table:  # a chooser is open: its Cancel has the key
        clear = '<button type="button" class="btn ghost" data-ui="clear">Clear</button>'
    keyed = not sel.flow
    return (
        '<div class="actions">'
        + _button(capture_label, capture, id_="capture", classes="btn primary capture",
                  key=KEYS["capture"] if keyed else None)
        + _button("Place card", place, id_="place", classes="btn place",
                  key=KEYS["place"] if keyed else None)
        + clear + '</div>'
    )


def _keys_help(screen: Screen) -> str:
    """One line naming the keys of the controls drawn now: the cards by their counts, and
    Enter, P and Esc for the move buttons (whose keys work whenever the button is live).  The
    line is always there, empty when there are no keys, and keeps one height (ui/style.css)."""
    me = screen.view
    parts = []
    if _is_my_move(screen):
        sel = screen.selection
        hand = len(me.hand)
        if sel.flow:
            if sel.flow == "thief":
                count = me.players - 1
                parts.append(f"1–{count} choose" if count > 1 else "1 choose")
            else:
                parts.append("− or + choose")
            parts.append("Esc cancel")
        else:
            if hand:
                parts.append(f"1–{hand} hand" if hand > 1 else "1 hand")
            if me.phase == "play":
                table = min(len(me.table), len(TABLE_KEYS))
                if table:
                    parts.append(f"a–{TABLE_KEYS[table - 1]} table" if table > 1 else "a table")
                tcards = min(_playable_tcards(screen), len(TCARD_KEYS))
                if tcards:
                    last = TCARD_KEYS[tcards - 1].upper()
                    parts.append("T [T!] card" if tcards == 1 else f"T–{last} [T!] cards")
                parts += ["Enter capture", "P place", "Esc clear"]
            else:
                parts.append("Enter give up")
    text = ("Keys: " + " · ".join(parts)) if parts else ""
    return f'<p class="keys-help">{_e(text)}</p>'


def _hand(screen: Screen) -> str:
    me = screen.view
    if screen.hide_hand:
        backs = "".join(back_card() for _ in range(len(me.hand)))
        return (f'<div class="hand hidden-hand" role="group" aria-label="Hidden hand">{backs}'
                '</div>')
    active = _is_my_move(screen)
    names = card_names(me)[len(me.table):]
    cards = []
    marked = False  # two copies of a face are one choice (R4): light up only the first
    for index, face in enumerate(me.hand):
        selected = screen.selection.hand is face and not marked
        marked = marked or selected
        extra = ({"data-ui": f"hand:{face}", "aria-pressed": "true" if selected else "false"}
                 if active else _wait_click(screen, f"hand:{face}"))
        if active and not screen.selection.flow and index < 9:
            extra = _keyed(str(index + 1), extra)
        extra["data-card"] = names[index]
        cards.append(face_card(face, me.rules, extra=extra,
                               classes=("big",) + (("selected",) if selected and active else ())))
    if not cards:
        return '<div class="hand"><p class="empty-hand">No cards in hand.</p></div>'
    return f'<div class="hand" role="group" aria-label="Your hand">{"".join(cards)}</div>'


def _me(screen: Screen) -> str:
    me = screen.view
    seat = me.seat
    person = screen.seats[seat]
    title = _e(person.name) if screen.hot_seat or person.name != "You" else "You"
    classes = ["me"] + (["active"] if me.to_act == seat and not screen.hide_hand else [])
    # One slot, always there, for the running sum or an open [T!] chooser (which takes its
    # place), so the panel keeps its height as cards are picked and computers play.
    body = _flow_bar(screen)
    if not body and _is_my_move(screen) and me.phase == "play":
        body = _sum_line(screen)
    return (
        f'<section class="{" ".join(classes)}" data-seat="{seat}">'
        f'<div class="me-head">{_prompt(screen)}'
        f'<div class="me-id"><span class="name">{title}</span>{seat_badges(me, seat)}'
        f'<span class="opp-stats"><span title="Cards won this round">Won '
        f'{len(me.captured[seat])}</span><span class="pts" title="Points this round">+'
        f'{round_points(me, seat)}</span><span class="total" title="Total of finished rounds">'
        f'{me.totals[seat]} pts</span></span></div></div>'
        f'<div class="slot">{body}</div>'
        f'<div class="me-row">{_hand(screen)}{_my_tcards(screen)}</div>'
        f'{_actions(screen)}{_learn(screen)}{_coach(screen)}{_keys_help(screen)}'
        '</section>'
    )


def _learn(screen: Screen) -> str:
    """Issue 11's controls on the person's turn: Hint (``hint``), Show sums (``sums``), Take
    back (``take-back``), and between people at one device the switch that allows hints
    (``hints``).  The row is always there so the panel keeps its height."""
    buttons = []
    if screen.hot_seat and _is_my_move(screen):
        label = "Hints: on" if screen.hints else "Hints: off"
        buttons.append(f'<button type="button" class="btn ghost" data-ui="hints" '
                       f'aria-pressed="{"true" if screen.hints else "false"}">{label}</button>')
    if screen.hints:
        buttons.append('<button type="button" class="btn ghost" data-ui="hint" id="hint">'
                       'Hint</button>')
        if screen.view.phase == "play":
            buttons.append(f'<button type="button" class="btn ghost" data-ui="sums" '
                           f'aria-pressed="{"true" if screen.sums else "false"}">Show sums'
                           f'</button>')
    if screen.take_back:
        buttons.append('<button type="button" class="btn ghost" data-ui="take-back" '
                       'id="take-back" title="Undo your last move and the computers\' moves '
                       'after it (the game becomes practice)">Take back</button>')
    return f'<div class="learn">{"".join(buttons)}</div>'


def _coach(screen: Screen) -> str:
    """The hint asked for: the move in words with its called-out sum (R14), and why."""
    given = screen.hint
    if given is None:
        return ""
    why = "".join(f"<li>{_e(reason[:1].upper() + reason[1:])}.</li>" for reason in given.reasons)
    runner = f'<p class="coach-next">{_e(given.runner_up)}</p>' if given.runner_up else ""
    return (f'<div class="coach" role="status"><p class="coach-head"><b>Hint:</b> '
            f'{_e(given.headline)}.</p>{f"<ul>{why}</ul>" if why else ""}{runner}</div>')


def _log(screen: Screen) -> str:
    """The latest moves, newest first; on the viewer's turn, what happened since their last
    move comes first under its own heading (every such move, however many)."""
    lines = list(screen.log)
    news = ([entry for entry in lines if entry.serial > screen.since]
            if screen.since and screen.view.my_turn and not screen.hide_hand else [])

    def items(entries):
        return "".join(f'<li class="log-{entry.kind}">{_e(entry.text)}</li>'
                       for entry in entries[::-1])

    older = [entry for entry in lines if entry not in news][-max(LOG_SHOWN - len(news), 3):]
    since = (f'<h3 class="since">Since your last turn</h3><ol class="news">{items(news)}</ol>'
             if news else "")
    return (f'<aside class="log" aria-label="Recent moves"><h2>Recent moves</h2>{since}'
            f'<ol>{items(older)}</ol></aside>')


def render_table(screen: Screen) -> str:
    me = screen.view
    return (
        f'<div class="screen table-screen" data-screen="table" data-to-act="{me.to_act}">'
        f'{_topbar(screen)}{render_notice(screen.notice)}'
        f'{_opponents(screen)}{_board(screen)}{_me(screen)}{_log(screen)}'
        '</div>'
    )


# ---- the other screens -------------------------------------------------------------------


def render_pass(screen: Screen) -> str:
    """Hot-seat: the device goes to ``pass_to``; no hand is on this screen at all."""
    name = _e(screen.names[screen.pass_to])
    if screen.pass_reason == "bomb":
        why = "The Bomb: choose a card to give up, in private."
    else:
        why = "It is your turn."
    recent = "".join(f'<li class="log-{line.kind}">{_e(line.text)}</li>'
                     for line in list(screen.log)[-5:][::-1])
    return (
        f'<div class="screen pass-screen" data-screen="pass" data-pass-to="{screen.pass_to}">'
        '<div class="pass-card">'
        '<span class="brand">TWEAK<span class="bang">!</span></span>'
        f'<h1>Pass the device to <span class="who">{name}</span></h1>'
        f'<p class="why">{_e(why)}</p>'
        f'<button type="button" class="btn primary big" data-ui="reveal"'
        f'{attrs(_keyed(KEYS["reveal"]))} autofocus>I am {name} — show my cards</button>'
        f'<ol class="recent">{recent}</ol>'
        '<button type="button" class="btn ghost" data-ui="quit" '
        'title="Back to the start screen (the game stays saved)">Menu</button>'
        '</div></div>'
    )


# (ScoreRow field, heading, shorter heading for phones).  Both are words: a phone shows the
# short one and assistive technology always reads the long one (ui/style.css, ``_heading``).
_SCORE_COLUMNS = (
    ("cards", "Cards won", "Cards"), ("card_points", "Card points", "Points"),
    ("red_bonus", "Red bonus", "Red"), ("tcard_points", "[T!] points", "[T!]"),
    ("tweaks", "TWEAK!s", "TWEAK!"), ("points", "Round", "Round"), ("total", "Total", "Total"),
)


def _verb(name: str, verb: str) -> str:
    """"Ada plays", but "You play" for the seat named You ("is" → "are")."""
    if name != "You":
        return verb
    return {"is": "are", "has": "have"}.get(verb, verb[:-1] if verb.endswith("s") else verb)


def _heading(long: str, short: str) -> str:
    """A heading cell's text: the long form, and if it differs a short one that phones show
    instead; the short one is hidden from assistive technology, the long one only from the
    eye (never ``display: none``), so a listener always hears the words."""
    if long == short:
        return _e(long)
    return (f'<span class="long">{_e(long)}</span>'
            f'<span class="short" aria-hidden="true">{_e(short)}</span>')


def _score_table(result, names, goal) -> str:
    head = "".join(f'<th scope=col title="{_e(title)}">{_heading(title, short)}</th>'
                   for _, title, short in _SCORE_COLUMNS)
    best = max(row.total for row in result.rows)
    rows = []
    for row in result.rows:
        cells = "".join(
            f'<td class="{key}">{getattr(row, key)}</td>' for key, _, _ in _SCORE_COLUMNS
        )
        lead = " lead" if row.total == best else ""
        rows.append(f'<tr class="row{lead}"><th scope=row>{_e(names[row.seat])}'
                    f'{" <span class=chip>dealt</span>" if row.seat == result.dealer else ""}'
                    f'</th>{cells}</tr>')
    return (f'<div class="table-wrap"><table class="scores"><thead><tr><th scope=col>Player'
            f'</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
            f'<p class="goal-line">The game ends when a total reaches <b>{goal}</b>.</p>')


def score_sheet(result, names, goal) -> str:
    """A round's score sheet (``RoundResult``, R18): the table of points and the cards left on
    the table that scored nothing (R17).  The score sheet screen and the game review show it."""
    discarded = (f'<p class="discarded">Left on the table, scoring nothing: '
                 f'{_e(", ".join(card_name(f) for f in result.discarded))}.</p>'
                 if result.discarded else "")
    return _score_table(result, names, goal) + discarded


def render_scores(screen: Screen) -> str:
    me = screen.view
    result = me.results[-1]
    names = screen.names
    goal = me.rules.goal(me.players)
    first = (me.dealer + 1) % me.players
    return (
        f'<div class="screen sheet-screen" data-screen="scores" data-round="{result.round}">'
        '<div class="sheet">'
        f'<h1>Round {result.round} — scores</h1>'
        f'{score_sheet(result, names, goal)}'
        f'<p class="next-info">Round {me.round}: <b>{_e(names[me.dealer])}</b> '
        f'{_verb(names[me.dealer], "deals")}, '
        f'<b>{_e(names[first])}</b> {_verb(names[first], "plays")} first.</p>'
        f'<button type="button" class="btn primary big" data-ui="next-round" id="next-round"'
        f'{attrs(_keyed(KEYS["next-round"]))} autofocus>Next round</button>'
        '</div></div>'
    )


def render_over(screen: Screen) -> str:
    me = screen.view
    names = screen.names
    winners = me.winners
    who = " and ".join(_e(names[s]) for s in winners)
    single = len(winners) == 1 and names[winners[0]] != "You"
    title = (f"{who} win{'s' if single else ''}!" if winners else "Game over")
    if winners and len(winners) > 1:
        title = f"{who} share the win!"
    history = ""
    if me.results:
        head = "".join(f"<th scope=col>{_heading(f'Round {r.round}', f'R{r.round}')}</th>"
                       for r in me.results)
        body = "".join(
            f'<tr class="{"row lead" if seat in winners else "row"}"><th scope=row>'
            f'{_e(names[seat])}</th>'
            + "".join(f"<td>{r.rows[seat].points}</td>" for r in me.results)
            + f'<td class="total">{me.totals[seat]}</td></tr>'
            for seat in range(me.players)
        )
        history = (f'<div class="table-wrap"><table class="scores history"><thead><tr>'
                   f'<th scope=col>Player</th>{head}<th scope=col>Total</th></tr></thead>'
                   f'<tbody>{body}</tbody></table></div>')
    last = ""
    if me.results:
        last = (f'<details class="last-round" open><summary>Round {me.results[-1].round} in detail'
                f'</summary>{_score_table(me.results[-1], names, me.rules.goal(me.players))}'
                f'</details>')
    return (
        f'<div class="screen sheet-screen over" data-screen="over">'
        '<div class="sheet">'
        '<div class="trophy" aria-hidden="true">★</div>'
        f'<h1 class="winner">{title}</h1>'
        f'{render_notice(screen.notice)}'
        + ('<p class="practice-note">A practice game (a move was taken back): it does not count '
           'in your statistics.</p>' if screen.practice else '')
        + _daily_result(screen)
        + f'{history}{last}'
        '<div class="sheet-actions">'
        + ('' if screen.daily else
           '<button type="button" class="btn primary big" data-ui="rematch" id="rematch">'
           'Play again</button>')
        # Every move again, every hand face up, with the evaluator's comments (ui/review.py).
        + '<button type="button" class="btn big" data-ui="review" id="review-game">Review game'
        '</button>'
        '<button type="button" class="btn big" data-ui="new-game" id="new-game">New game'
        '</button></div></div></div>'
    )


def _daily_result(screen: Screen) -> str:
    """A daily deal's result in words and "Share result" (its text and the link that deals
    the same deal to a friend, ``#daily=DAY``); the daily deal has no "Play again"."""
    if not screen.daily:
        return ""
    from datetime import date

    from . import daily

    me = screen.view
    day = date.fromisoformat(screen.daily)
    result = daily.result_of(me, me.seat)
    replay = not screen.daily_counts
    title = (f"Replay of the daily deal of {daily.long_date(day)}" if replay
             else f"Daily deal of {daily.long_date(day)}")
    note = ('<p class="daily-next">A replay: it counts in no statistics.</p>' if replay else
            '<p class="daily-next">Counted. The next deal comes at midnight UTC.</p>')
    return (f'<section class="daily-result" aria-label="{_e(title)}"><h2>{_e(title)}</h2>'
            f'<p class="daily-line">{_e(daily.result_line(result))}</p>'
            f'{share_button(daily.share_text(day, result, replay), daily.fragment(day))}'
            f'{note}</section>')


def render_flash(flash, names, big: bool = True) -> str:
    """The celebration of a capture: the called-out sum (R14), and for a TWEAK! a burst with
    the [T!] card won (R15).  ``big=False`` keeps it to a toast (over a score sheet)."""
    if flash is None:
        return ""
    who = _e(names[flash.seat])
    callout = f'<div class="callout"><b>{who}</b>: {_e(flash.callout)}</div>'
    if not flash.tweak or not big:
        tweak = ' <b class="tweak-word">TWEAK!</b>' if flash.tweak else ""
        return (f'<div class="toast" data-serial="{flash.serial}" role="status">{callout[:-6]}'
                f'{tweak}</div></div>')
    wins = _verb(names[flash.seat], "wins")
    won = (f'<div class="won">{wins} {tcard(flash.won)}</div>' if flash.won is not None
           else '<div class="won">The [T!] pile is empty.</div>')
    return (f'<div class="tweak-burst" data-serial="{flash.serial}" role="status">'
            f'<div class="burst-word">TWEAK!</div>{callout}{won}</div>')
