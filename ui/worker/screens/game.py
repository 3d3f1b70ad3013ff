"""Pure rendering: a ``ui.worker.session.Screen`` (a ``PlayerView`` plus names, seats and the local
selection) → an HTML string.  No browser imports; tests call these under CPython.

The page has no rules of its own: every clickable element carries either the notation of one
of ``view.legal`` in ``data-action`` (``tweak.format_action``) or a UI command in ``data-ui``
(``hand:R3``, ``table:2``, ``flow:thief``, ``clear``, ``reveal``, ``next-round``, ``rules``,
``close-rules``, ``copy-link``, ``pace:fast``, ``quit``, ``new-game``, ``rematch``,
``dismiss``, and issue 11's ``hint``, ``sums``, ``hints``, ``take-back``, ``review`` (the
game review, ``ui.worker.screens.review``, whose own controls send ``review:...``), ``share-daily``; the
start screen adds ``deal``, ``resume:KEY``, ``daily`` and ``stats``).  Buttons for moves that are not legal now are disabled and carry no action.

Every word is written in English and marked for the catalogue (``ui.worker.i18n``: ``_``,
``ngettext``, ``N_``), each sentence one whole message with named placeholders; the engine's
words (card names, [T!] titles) come translated through ``ui.worker.story.WORDS``.  The seat named
"You" is spoken to ("Your turn", "You deal") and shown as the language's word for you.

What is drawn comes from the view of the screen's seat only (R20, R21): its own hand, the
public table, and for everyone else only counts, captured totals and face-up [T!] cards.

Keys: a control the keyboard can click carries ``data-key`` (a ``KeyboardEvent.key``, letters
lower-case) and the same ``aria-keyshortcuts``; ui/main_thread/page.py clicks the visible control whose
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

from tweak import Capture, PlayBomb, PlayChange, PlayJoker, PlayThief, format_action, levels
from tweak.cards import N_, TKind
from tweak.events import card_name, listed

from ..i18n import _, ngettext
from ..markup import attrs, escape
from ..session import Screen, capture_of, place_of
from ..story import WORDS, YOU
from .cards import back_card, face_card, face_label, key_badge, tcard, tcard_back, target_card
from .start import render_notice, share_button

__all__ = ["render_screen", "render_table", "render_pass", "render_scores", "render_over",
           "render_flash", "round_points", "card_names", "score_sheet", "seat_badges"]

LOG_SHOWN = 8
# The pace button's label for each pace (ui.worker.screens.start.PACES), marked for the catalogue.
PACE_LABELS = {"normal": N_("Pace: normal"), "fast": N_("Pace: fast"),
               "instant": N_("Pace: instant")}

# The fixed keys (see the module docstring); letters are lower-case, as ui/main_thread/page.py compares them.
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
    so the page can follow a card from one screen to the next and animate it (ui/main_thread/motion.js).
    Two red 1s are two cards: a face's copies are numbered in that order ("R1", "R1.2").  A
    card placed from the hand joins the table's end and so keeps its name; a drawn card is a
    new name.  Derived from the view alone: the engine knows nothing of the screen."""
    seen, names = {}, []
    for face in (*view.table, *(view.hand or ())):
        count = seen[face] = seen.get(face, 0) + 1
        names.append(str(face) if count == 1 else f"{face}.{count}")
    return names


def shown(name: str) -> str:
    """A player's name as shown: the seat named "You" in the game's language."""
    return _("You") if name == YOU else name


def said_card(face) -> str:
    """A card's name in the game's language: "red 3" — "el 3 rojo"."""
    return card_name(face, WORDS)


def _kind_label(person) -> str:
    """"Human" or "Computer · Medium" in the game's language (``Seat.label``'s words, the
    start screen's messages)."""
    if person.is_human:
        return _("Human")
    label = dict(levels.CHOICES).get(person.level)  # marked in tweak/levels.py
    level = _(label) if label else str(person.level).title()
    return _("Computer · {level}").format(level=level)


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
    info = ""
    if me:
        goal = me.rules.goal(me.players)
        round_, goal_word = _("Round {round}"), _("Goal {goal}")
        ends = _("The game ends when a total reaches {goal}")
        info = (f'<span class="round">{_e(round_.format(round=me.round))}</span>'
                f'<span class="goal" title="{_e(ends.format(goal=goal))}">'
                f'{_e(goal_word.format(goal=goal))}</span>')
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
        info += (f'<span class="{chip[0]}" title="{_e(chip[1].format(date=when))}">'
                 f'{_e(chip[2])}</span>')
        if screen.rival is not None:  # a friend's link: their score to beat, all game long
            whole = _("Your friend's result: {result}").format(result=result_line(screen.rival))
            info += (f'<span class="rival-chip" title="{_e(whole)}">'
                     + _e(_("Friend: {points}").format(points=screen.rival.points))
                     + '</span>')
    if screen.practice:  # a move was taken back: this game counts in no statistics
        why = _("A move was taken back: this game does not count in your statistics")
        info += f'<span class="practice" title="{_e(why)}">' + _e(_("Practice")) + '</span>'
    # One button cycles the computers' pace; it names the pace now in force.
    pace_next = "fast" if screen.pace == "normal" else "normal"
    pace_label = _(PACE_LABELS.get(screen.pace, PACE_LABELS["normal"]))
    words = {key: _e(text) for key, text in (
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
        f'title="{words["pace"]}">{_e(pace_label)}</button>'
        '<button type="button" class="btn ghost" data-ui="copy-link" '
        f'title="{words["link"]}">{words["copy"]}</button>'
        f'<button type="button" class="btn ghost" data-ui="rules">{words["rules"]}</button>'
        f'{_menu_button()}'
        '</nav></header>'
    )


def _menu_button() -> str:
    why, label = _("Back to the start screen (the game stays saved)"), _("Menu")
    return (f'<button type="button" class="btn ghost" data-ui="quit" title="{_e(why)}">'
            f'{_e(label)}</button>')


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
    # Long and short forms: phones show the short one (ui/assets/style.css).
    if seat == view.dealer:
        # TRANSLATORS: "D" is the one-letter short form of "Dealer", shown on phones.
        title, long, short = _("Dealer this round"), _("Dealer"), _("D")
        badges.append(f'<span class="chip dealer" title="{_e(title)}">'
                      f'<span class="long">{_e(long)}</span>'
                      f'<span class="short" aria-hidden="true">{_e(short)}</span></span>')
    if view.tweaks[seat]:
        title = _("TWEAK!s this round")
        badges.append(f'<span class="chip tweaks" title="{_e(title)}">'
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
    backs = "".join(back_card(classes=("mini",)) for _card in range(size))
    # The status line is always there, empty or not, so the panel keeps its height when a
    # computer starts or stops thinking.
    status = ""
    if screen.thinking == seat:  # the dots are animated (ui/assets/style.css)
        status = _e(_("thinking")) + '<i>.</i><i>.</i><i>.</i>'
    elif active and me.phase == "bomb":
        status = _e(_("choosing a card for the Bomb"))
    elif active:
        status = _e(_("to play"))
    status = f'<span class="thinking">{status}</span>'
    name, kind = _e(shown(person.name)), _e(_kind_label(person))
    in_hand = ngettext("{n} card in hand", "{n} cards in hand", size).format(n=size)
    empty = '<span class=empty-hand>' + _e(_("no cards")) + '</span>'
    return (
        f'<article class="{" ".join(classes)}" data-seat="{seat}" aria-label="{name}">'
        f'<div class="opp-head"><span class="name">{name}</span>'
        f'{seat_badges(me, seat)}<span class="opp-kind" title="{kind}">{kind}</span></div>'
        f'<div class="opp-row"><div class="opp-hand" title="{_e(in_hand)}">'
        f'{backs or empty}</div>{_tcards_row(me, seat)}</div>'
        f'<div class="opp-stats">{_stats(me, seat)}</div>'
        f'{status}'
        '</article>'
    )


def _stats(me, seat: int) -> str:
    """A seat's cards won and points this round, and its total of finished rounds."""
    won = _("Won {n}").format(n=len(me.captured[seat]))
    total = _("{total} pts").format(total=me.totals[seat])
    titles = [_e(title) for title in (_("Cards won this round"), _("Points this round"),
                                      _("Total of finished rounds"))]
    return (f'<span title="{titles[0]}">{_e(won)}</span>'
            f'<span class="pts" title="{titles[1]}">+{round_points(me, seat)}</span>'
            f'<span class="total" title="{titles[2]}">{_e(total)}</span>')


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
            extra["data-sum"] = _("with {values}").format(values="/".join(map(str, values)))
            classes += ("summed",)
        cards.append(face_card(face, me.rules, extra=extra, classes=classes))
    table = "".join(cards) or '<p class="empty-table">' + _e(_("The table is empty.")) + '</p>'
    return (
        '<section class="board">'
        f'{piles(me)}'
        + '<div class="tablecards" role="group" aria-label="' + _e(_("Cards on the table")) + '">' +
        f'{table}</div>'
        f'{_ticker(screen)}'
        '</section>'
    )


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
        f'<div class="pile deck">{target_card(me)}<span class="pile-label">{_e(deck_label)}'
        '</span></div>'
        f'<div class="pile tpile">{tcard_back()}<span class="pile-label">{_e(tcards)}</span></div>'
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
        return ('<div class="sumline hint">'
                + _("Pick a card from your hand and table cards that add up to "
                    "<b>{target}</b>, or place a card.").format(target=me.target)
                + '</div>')
    total = sum(values)
    want = f'<span class="want">{me.target}</span>'
    capture = capture_of(me, sel)
    if capture is not None:
        state, why = "exact", _e(_("the target — Capture {total}!").format(total=capture.total))
    elif sel.hand is None:
        state, why = "under", _e(_("now pick a card from your hand"))
    elif not table:
        state, why = "under", _e(_("a capture needs table cards too — or place this card"))
    elif total < me.target:
        state, why = "under", _("you need {want}").format(want=want)
    elif total > me.target:
        state, why = "over", _("that is more than {want}").format(want=want)
    else:
        state, why = "over", _("that adds up to {want}, but it is not a capture you can make "
                               "now").format(want=want)
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
        def cards(seat):
            count = me.hand_sizes[seat]
            return _e(ngettext("({n} card)", "({n} cards)", count).format(n=count))

        buttons = "".join(
            choice(PlayThief(s), f'{_e(shown(screen.seats[s].name))} <small>{cards(s)}</small>',
                   str(number))
            for number, s in enumerate(opponents, 1)
        )
        title = _("The Thief: steal a random card from")
    elif flow == "joker" and any(isinstance(action, PlayJoker) for action in legal):
        buttons = "".join(
            choice(PlayJoker(d), f'{d:+d} <small>'
                                 + _e(_("→ target {target}").format(target=me.target + d)) +
                                 '</small>', KEYS[f"joker{d:+d}"])
            for d in (-1, +1)
        )
        title = _("The Joker: change the target by")
    else:
        return ""
    cancel = KEYS["clear"]
    return (f'<div class="flowbar" role="group" aria-label="{_e(title)}"><span>{_e(title)}</span>'
            f'{buttons}<button type="button" class="btn ghost" data-ui="flow:{flow}"'
            + f'{attrs(_keyed(cancel))}>' + _e(_("Cancel")) + f'{_kbd(cancel)}</button></div>')


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
        title = _(kind.title)
        extra["title"] = (_("Play {tcard}") if playable
                          else _("{tcard}: not playable now")).format(tcard=title)
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


def _prompt(screen: Screen) -> str:
    """Whose turn it is and what they are doing; on the viewer's turn, the target to make.
    Markup-bearing messages get the names escaped; the others are escaped whole."""
    me = screen.view
    names = screen.names
    if screen.hide_hand:
        if me.to_act is None:
            return '<p class="prompt">' + _e(_("The game is over.")) + '</p>'
        name = names[me.to_act]
        if screen.thinking == me.to_act:
            text = (_("Hands are hidden between players. <b>You</b> are thinking…")
                    if name == YOU else
                    _("Hands are hidden between players. <b>{name}</b> is thinking…"))
        else:
            text = (_("Hands are hidden between players. <b>You</b> play…") if name == YOU
                    else _("Hands are hidden between players. <b>{name}</b> plays…"))
        return f'<p class="prompt">{text.format(name=_e(name))}</p>'
    if me.my_turn and me.phase == "bomb":
        text = _("<b>{name}</b> played The Bomb: choose a card from your hand to give up to "
                 "the table.").format(name=_e(shown(names[me.turn])))
        return f'<p class="prompt alert">{text}</p>'
    if me.my_turn:
        text = _("Your turn — make <b>{target}</b>.").format(target=me.target)
        return f'<p class="prompt you">{text}</p>'
    name = names[me.to_act]
    you = name == YOU
    if screen.thinking == me.to_act:
        text = _("You are thinking…") if you else _("{name} is thinking…")
    elif me.phase == "bomb":
        text = (_("You are choosing a card for the Bomb…") if you
                else _("{name} is choosing a card for the Bomb…"))
    else:
        text = _("Your turn.") if you else _("{name}’s turn.")
    return f'<p class="prompt">{_e(text.format(name=name))}</p>'


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
        label = (_("Give up {card}").format(card=said_card(sel.hand)) if place
                 else _("Give up a card"))
        return (f'<div class="actions">{_button(label, place, id_="give-up", classes="btn primary", key=KEYS["give-up"])}'
                '</div>')
    capture = capture_of(me, sel)
    capture_label = (_("Capture {total}").format(total=capture.total) if capture
                     else _("Capture"))
    clear = ""
    if (sel.hand is not None or sel.table) and not sel.flow:
        clear = (f'<button type="button" class="btn ghost" data-ui="clear"'
                 + f'{attrs(_keyed(KEYS["clear"]))}>' + _e(_("Clear")) + f'{_kbd(KEYS["clear"])}' +
                 '</button>')
    elif sel.hand is not None or sel.table:  # a chooser is open: its Cancel has the key
        clear = ('<button type="button" class="btn ghost" data-ui="clear">' + _e(_("Clear")) +
                 '</button>')
    keyed = not sel.flow
    return (
        '<div class="actions">'
        + _button(capture_label, capture, id_="capture", classes="btn primary capture",
                  key=KEYS["capture"] if keyed else None)
        + _button(_("Place card"), place, id_="place", classes="btn place",
                  key=KEYS["place"] if keyed else None)
        + clear + '</div>'
    )


def _keys_help(screen: Screen) -> str:
    """One line naming the keys of the controls drawn now: the cards by their counts, and
    Enter, P and Esc for the move buttons (whose keys work whenever the button is live).  The
    line is always there, empty when there are no keys, and keeps one height (ui/assets/style.css)."""
    me = screen.view
    parts = []
    enter = _("Enter")  # the key's name as printed on the language's keyboards
    if _is_my_move(screen):
        sel = screen.selection
        hand = len(me.hand)
        if sel.flow:
            if sel.flow == "thief":
                count = me.players - 1
                parts.append(_("{keys} choose").format(keys=_span("1", str(count))))
            else:
                parts.append(_("{keys} choose").format(keys=_("{minus} or {plus}").format(
                    minus="−", plus="+")))
            parts.append(_("{keys} cancel").format(keys="Esc"))
        else:
            if hand:
                parts.append(_("{keys} hand").format(keys=_span("1", str(hand))))
            if me.phase == "play":
                table = min(len(me.table), len(TABLE_KEYS))
                if table:
                    parts.append(_("{keys} table").format(
                        keys=_span(TABLE_KEYS[0], TABLE_KEYS[table - 1])))
                tcards = min(_playable_tcards(screen), len(TCARD_KEYS))
                if tcards:
                    keys = _span(TCARD_KEYS[0].upper(), TCARD_KEYS[tcards - 1].upper())
                    parts.append(ngettext("{keys} [T!] card", "{keys} [T!] cards",
                                          tcards).format(keys=keys))
                parts += [_("{keys} capture").format(keys=enter),
                          _("{keys} place").format(keys=KEYS["place"].upper()),
                          _("{keys} clear").format(keys="Esc")]
            else:
                parts.append(_("{keys} give up").format(keys=enter))
    text = _("Keys: {keys}").format(keys=" · ".join(parts)) if parts else ""
    return f'<p class="keys-help">{_e(text)}</p>'


def _span(first: str, last: str) -> str:
    """Keys in a row: "1–3", or "1" alone."""
    return first if first == last else f"{first}–{last}"


def _hand(screen: Screen) -> str:
    me = screen.view
    if screen.hide_hand:
        backs = "".join(back_card() for _card in range(len(me.hand)))
        label = _e(_("Hidden hand"))
        return f'<div class="hand hidden-hand" role="group" aria-label="{label}">{backs}</div>'
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
        empty = _e(_("No cards in hand."))
        return f'<div class="hand"><p class="empty-hand">{empty}</p></div>'
    label = _e(_("Your hand"))
    return f'<div class="hand" role="group" aria-label="{label}">{"".join(cards)}</div>'


def _me(screen: Screen) -> str:
    me = screen.view
    seat = me.seat
    person = screen.seats[seat]
    title = _e(shown(person.name))
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
        f'<span class="opp-stats">{_stats(me, seat)}</span></div></div>'
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
        label = _("Hints: on") if screen.hints else _("Hints: off")
        buttons.append(f'<button type="button" class="btn ghost" data-ui="hints" '
                       f'aria-pressed="{"true" if screen.hints else "false"}">{_e(label)}'
                       '</button>')
    if screen.hints:
        buttons.append('<button type="button" class="btn ghost" data-ui="hint" id="hint">'
                       + _e(_("Hint")) + '</button>')
        if screen.view.phase == "play":
            buttons.append(f'<button type="button" class="btn ghost" data-ui="sums" '
                           f'aria-pressed="{"true" if screen.sums else "false"}">'
                           + _e(_("Show sums")) + '</button>')
    if screen.take_back:
        why = _("Undo your last move and the computers’ moves after it (the game becomes "
                "practice)")
        buttons.append('<button type="button" class="btn ghost" data-ui="take-back" '
                       + f'id="take-back" title="{_e(why)}">' + _e(_("Take back")) + '</button>')
    return f'<div class="learn">{"".join(buttons)}</div>'


def _coach(screen: Screen) -> str:
    """The hint asked for: the move in words with its called-out sum (R14), and why."""
    given = screen.hint
    if given is None:
        return ""
    why = "".join(f"<li>{_e(reason[:1].upper() + reason[1:])}.</li>" for reason in given.reasons)
    runner = f'<p class="coach-next">{_e(given.runner_up)}</p>' if given.runner_up else ""
    head = _("<b>Hint:</b> {headline}.").format(headline=_e(given.headline))
    return (f'<div class="coach" role="status"><p class="coach-head">{head}</p>'
            f'{f"<ul>{why}</ul>" if why else ""}{runner}</div>')


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
    since = ('<h3 class="since">' + _e(_("Since your last turn")) + '</h3>' +
             f'<ol class="news">{items(news)}</ol>' if news else "")
    heading = _e(_("Recent moves"))
    return (f'<aside class="log" aria-label="{heading}"><h2>{heading}</h2>{since}'
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
    name = _e(shown(screen.names[screen.pass_to]))
    if screen.pass_reason == "bomb":
        why = _("The Bomb: choose a card to give up, in private.")
    else:
        why = _("It is your turn.")
    recent = "".join(f'<li class="log-{line.kind}">{_e(line.text)}</li>'
                     for line in list(screen.log)[-5:][::-1])
    heading = _('Pass the device to <span class="who">{name}</span>').format(name=name)
    reveal = _("I am {name} — show my cards").format(name=name)
    return (
        f'<div class="screen pass-screen" data-screen="pass" data-pass-to="{screen.pass_to}">'
        '<div class="pass-card">'
        '<span class="brand">TWEAK<span class="bang">!</span></span>'
        f'<h1>{heading}</h1>'
        f'<p class="why">{_e(why)}</p>'
        f'<button type="button" class="btn primary big" data-ui="reveal"'
        f'{attrs(_keyed(KEYS["reveal"]))} autofocus>{reveal}</button>'
        f'<ol class="recent">{recent}</ol>'
        f'{_menu_button()}'
        '</div></div>'
    )


# (ScoreRow field, heading, shorter heading for phones).  Both are words: a phone shows the
# short one and assistive technology always reads the long one (ui/assets/style.css, ``_heading``).
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
        return _e(long)
    return (f'<span class="long">{_e(long)}</span>'
            f'<span class="short" aria-hidden="true">{_e(short)}</span>')


def _score_table(result, names, goal) -> str:
    words = [(_(title), _(short)) for _key, title, short in _SCORE_COLUMNS]
    head = "".join(f'<th scope=col title="{_e(long)}">{_heading(long, short)}</th>'
                   for long, short in words)
    best = max(row.total for row in result.rows)
    rows = []
    for row in result.rows:
        cells = "".join(
            f'<td class="{key}">{getattr(row, key)}</td>' for key, _title, _short in _SCORE_COLUMNS
        )
        lead = " lead" if row.total == best else ""
        dealt = (' <span class=chip>' + _e(_("dealt")) + '</span>' if row.seat == result.dealer
                 else "")
        rows.append(f'<tr class="row{lead}"><th scope=row>{_e(shown(names[row.seat]))}{dealt}'
                    f'</th>{cells}</tr>')
    ends = _("The game ends when a total reaches <b>{goal}</b>.").format(goal=goal)
    player = _e(_("Player"))
    return (f'<div class="table-wrap"><table class="scores"><thead><tr><th scope=col>{player}'
            f'</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f'</div><p class="goal-line">{ends}</p>')


def score_sheet(result, names, goal) -> str:
    """A round's score sheet (``RoundResult``, R18): the table of points and the cards left on
    the table that scored nothing (R17).  The score sheet screen and the game review show it."""
    cards = listed((said_card(face) for face in result.discarded), WORDS)
    discarded = (f'<p class="discarded">'
                 + _e(_("Left on the table, scoring nothing: {cards}.").format(cards=cards)) +
                 '</p>' if result.discarded else "")
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
        + '<h1>' + _e(_("Round {round} — scores").format(round=result.round)) + '</h1>' +
        f'{score_sheet(result, names, goal)}'
        f'<p class="next-info">{_next_round(me.round, names[me.dealer], names[first])}</p>'
        f'<button type="button" class="btn primary big" data-ui="next-round" id="next-round"'
        + f'{attrs(_keyed(KEYS["next-round"]))} autofocus>' + _e(_("Next round")) + '</button>' +
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
    return text.format(round=number, dealer=_e(dealer), first=_e(first))


def render_over(screen: Screen) -> str:
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
    title = _e(title.format(winners=others))
    history = ""
    if me.results:
        head = "".join(
            "<th scope=col>"
            # TRANSLATORS: "R2" is the short form of "Round 2", a column heading on phones.
            + _heading(_("Round {round}").format(round=r.round),
                       _("R{round}").format(round=r.round)) + "</th>"
            for r in me.results)
        body = "".join(
            f'<tr class="{"row lead" if seat in winners else "row"}"><th scope=row>'
            f'{_e(shown(names[seat]))}</th>'
            + "".join(f"<td>{r.rows[seat].points}</td>" for r in me.results)
            + f'<td class="total">{me.totals[seat]}</td></tr>'
            for seat in range(me.players)
        )
        history = (f'<div class="table-wrap"><table class="scores history"><thead><tr>'
                   + '<th scope=col>' + _e(_("Player")) + f'</th>{head}<th scope=col>' +
                   _e(_("Total")) + '</th></tr></thead>' +
                   f'<tbody>{body}</tbody></table></div>')
    last = ""
    if me.results:
        summary = _("Round {round} in detail").format(round=me.results[-1].round)
        last = (f'<details class="last-round" open><summary>{_e(summary)}'
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
        + (f'<p class="practice-note">{_e(practice)}</p>' if screen.practice else '')
        + _daily_result(screen)
        + f'{history}{last}'
        '<div class="sheet-actions">'
        + ('' if screen.daily else
           '<button type="button" class="btn primary big" data-ui="rematch" id="rematch">'
           + _e(_("Play again")) + '</button>')
        # Every move again, every hand face up, with the evaluator's comments (ui/worker/review.py).
        + '<button type="button" class="btn big" data-ui="review" id="review-game">'
        + _e(_("Review game")) + '</button>' +
        '<button type="button" class="btn big" data-ui="new-game" id="new-game">'
        + _e(_("New game")) + '</button></div></div></div>'
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
    note = f'<p class="daily-next">{_e(note)}</p>'
    # A friend's link carried their result: the two side by side.
    rival = (f'<p class="daily-rival">{_e(daily.compare_line(result, screen.rival))}</p>'
             if screen.rival is not None else '')
    shared = share_button(daily.share_text(day, result, replay), daily.fragment(day, result))
    return (f'<section class="daily-result" aria-label="{_e(title)}"><h2>{_e(title)}</h2>'
            f'<p class="daily-line">{_e(daily.result_line(result))}</p>{rival}'
            f'{shared}{note}</section>')


def render_flash(flash, names, big: bool = True) -> str:
    """The celebration of a capture: the called-out sum (R14), and for a TWEAK! a burst with
    the [T!] card won (R15).  ``big=False`` keeps it to a toast (over a score sheet)."""
    if flash is None:
        return ""
    who = _e(shown(names[flash.seat]))
    callout = f'<div class="callout"><b>{who}</b>: {_e(flash.callout)}</div>'
    if not flash.tweak or not big:
        tweak = ' <b class="tweak-word">TWEAK!</b>' if flash.tweak else ""
        return (f'<div class="toast" data-serial="{flash.serial}" role="status">{callout[:-6]}'
                f'{tweak}</div></div>')
    if flash.won is not None:
        wins = _("win {card}") if names[flash.seat] == YOU else _("wins {card}")
        won = f'<div class="won">{wins.format(card=tcard(flash.won))}</div>'
    else:
        won = '<div class="won">' + _e(_("The [T!] pile is empty.")) + '</div>'
    return (f'<div class="tweak-burst" data-serial="{flash.serial}" role="status">'
            f'<div class="burst-word">TWEAK!</div>{callout}{won}</div>')
