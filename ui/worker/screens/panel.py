"""The seat's own panel at the table: a ``ui.worker.screen_data.Screen`` → HTML.

What it draws: the prompt (whose turn, the target to make), one slot for the running sum of the
selection (R14) or an open [T!] chooser, the hand (face up; backs when hands are hidden between
players), the held [T!] cards (ui/worker/screens/tcards.py), the move buttons (Capture, Place,
Clear; Give up during a Bomb), the learning controls (``hint``, ``sums``, ``hints``,
``take-back``), the hint given and one line naming the keys of the controls drawn now.  Every
row is always there, empty or not, so the panel keeps its height while others play.
"""

from __future__ import annotations

from tweak import format_action

from ..i18n import _, ngettext
from ..markup import attrs
from ..screen_data import Screen, capture_of, place_of
from ..story import YOU
from .cards import back_card, face_card
from .parts import (KEYS, TABLE_KEYS, TCARD_KEYS, card_names, esc, kbd, keyed, my_move,
                    said_card, seat_badges, seat_stats, shown, wait_click)
from .tcards import flow_bar, my_tcards, playable_tcards

__all__ = ["render_panel"]


def render_panel(screen: Screen) -> str:
    """The panel of the screen's seat."""
    me = screen.view
    seat = me.seat
    person = screen.seats[seat]
    title = esc(shown(person.name))
    classes = ["me"] + (["active"] if me.to_act == seat and not screen.hide_hand else [])
    # One slot, always there, for the running sum or an open [T!] chooser (which takes its
    # place), so the panel keeps its height as cards are picked and computers play.
    body = flow_bar(screen)
    if not body and my_move(screen) and me.phase == "play":
        body = _sum_line(screen)
    return (
        f'<section class="{" ".join(classes)}" data-seat="{seat}">'
        f'<div class="me-head">{_prompt(screen)}'
        f'<div class="me-id"><span class="name">{title}</span>{seat_badges(me, seat)}'
        f'<span class="opp-stats">{seat_stats(me, seat)}</span></div></div>'
        f'<div class="slot">{body}</div>'
        f'<div class="me-row">{_hand(screen)}{my_tcards(screen)}</div>'
        f'{_actions(screen)}{_learn(screen)}{_coach(screen)}{_keys_help(screen)}'
        '</section>'
    )


def _prompt(screen: Screen) -> str:
    """Whose turn it is and what they are doing; on the viewer's turn, the target to make.
    Markup-bearing messages get the names escaped; the others are escaped whole."""
    me = screen.view
    names = screen.names
    if screen.hide_hand:
        if me.to_act is None:
            return '<p class="prompt">' + esc(_("The game is over.")) + '</p>'
        name = names[me.to_act]
        if screen.thinking == me.to_act:
            text = (_("Hands are hidden between players. <b>You</b> are thinking…")
                    if name == YOU else
                    _("Hands are hidden between players. <b>{name}</b> is thinking…"))
        else:
            text = (_("Hands are hidden between players. <b>You</b> play…") if name == YOU
                    else _("Hands are hidden between players. <b>{name}</b> plays…"))
        return f'<p class="prompt">{text.format(name=esc(name))}</p>'
    if me.my_turn and me.phase == "bomb":
        text = _("<b>{name}</b> played The Bomb: choose a card from your hand to give up to "
                 "the table.").format(name=esc(shown(names[me.turn])))
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
    return f'<p class="prompt">{esc(text.format(name=name))}</p>'


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
        state, why = "exact", esc(_("the target — Capture {total}!").format(total=capture.total))
    elif sel.hand is None:
        state, why = "under", esc(_("now pick a card from your hand"))
    elif not table:
        state, why = "under", esc(_("a capture needs table cards too — or place this card"))
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


def _hand(screen: Screen) -> str:
    """The seat's hand: each card a selection command (``hand:CARD``) on its move."""
    me = screen.view
    if screen.hide_hand:
        backs = "".join(back_card() for _card in range(len(me.hand)))
        label = esc(_("Hidden hand"))
        return f'<div class="hand hidden-hand" role="group" aria-label="{label}">{backs}</div>'
    active = my_move(screen)
    names = card_names(me)[len(me.table):]
    cards = []
    marked = False  # two copies of a face are one choice (R4): light up only the first
    for index, face in enumerate(me.hand):
        selected = screen.selection.hand is face and not marked
        marked = marked or selected
        extra = ({"data-ui": f"hand:{face}", "aria-pressed": "true" if selected else "false"}
                 if active else wait_click(screen, f"hand:{face}"))
        if active and not screen.selection.flow and index < 9:
            extra = keyed(str(index + 1), extra)
        extra["data-card"] = names[index]
        cards.append(face_card(face, me.rules, extra=extra,
                               classes=("big",) + (("selected",) if selected and active else ())))
    if not cards:
        empty = esc(_("No cards in hand."))
        return f'<div class="hand"><p class="empty-hand">{empty}</p></div>'
    label = esc(_("Your hand"))
    return f'<div class="hand" role="group" aria-label="{label}">{"".join(cards)}</div>'


def _button(label: str, action, *, id_: str, classes: str, key: str) -> str:
    """A move's button: live with its notation and its key when ``action`` is legal (not
    None), else disabled with neither."""
    extra = {"data-action": format_action(action) if action else None,
             "disabled": action is None}
    key = key if action else None
    return (f'<button type="button" class="{classes}" id="{id_}"{attrs(keyed(key, extra))}>'
            f'{esc(label)}{kbd(key)}</button>')


def _actions(screen: Screen) -> str:
    """The move buttons.  The row is there, empty, when the viewer has no move to make, so the
    panel keeps its height while others play."""
    me = screen.view
    if not my_move(screen):
        return '<div class="actions"></div>'
    sel = screen.selection
    place = place_of(me, sel)
    if me.phase == "bomb":
        label = (_("Give up {card}").format(card=said_card(sel.hand)) if place
                 else _("Give up a card"))
        give_up = _button(label, place, id_="give-up", classes="btn primary",
                          key=KEYS["give-up"])
        return f'<div class="actions">{give_up}</div>'
    capture = capture_of(me, sel)
    capture_label = (_("Capture {total}").format(total=capture.total) if capture
                     else _("Capture"))
    clear = ""
    if (sel.hand is not None or sel.table) and not sel.flow:
        clear = (f'<button type="button" class="btn ghost" data-ui="clear"'
                 + f'{attrs(keyed(KEYS["clear"]))}>' + esc(_("Clear"))
                 + f'{kbd(KEYS["clear"])}</button>')
    elif sel.hand is not None or sel.table:  # a chooser is open: its Cancel has the key
        clear = ('<button type="button" class="btn ghost" data-ui="clear">' + esc(_("Clear")) +
                 '</button>')
    with_keys = not sel.flow  # a chooser's keys take over
    return (
        '<div class="actions">'
        + _button(capture_label, capture, id_="capture", classes="btn primary capture",
                  key=KEYS["capture"] if with_keys else None)
        + _button(_("Place card"), place, id_="place", classes="btn place",
                  key=KEYS["place"] if with_keys else None)
        + clear + '</div>'
    )


def _learn(screen: Screen) -> str:
    """The learning controls on the person's turn: Hint (``hint``), Show sums (``sums``),
    Take back (``take-back``), and between people at one device the switch that allows hints
    (``hints``).  The row is always there so the panel keeps its height."""
    buttons = []
    if screen.hot_seat and my_move(screen):
        label = _("Hints: on") if screen.hints else _("Hints: off")
        buttons.append(f'<button type="button" class="btn ghost" data-ui="hints" '
                       f'aria-pressed="{"true" if screen.hints else "false"}">{esc(label)}'
                       '</button>')
    if screen.hints:
        buttons.append('<button type="button" class="btn ghost" data-ui="hint" id="hint">'
                       + esc(_("Hint")) + '</button>')
        if screen.view.phase == "play":
            buttons.append(f'<button type="button" class="btn ghost" data-ui="sums" '
                           f'aria-pressed="{"true" if screen.sums else "false"}">'
                           + esc(_("Show sums")) + '</button>')
    if screen.take_back:
        why = _("Undo your last move and the computers’ moves after it (the game becomes "
                "practice)")
        buttons.append('<button type="button" class="btn ghost" data-ui="take-back" '
                       + f'id="take-back" title="{esc(why)}">' + esc(_("Take back")) + '</button>')
    return f'<div class="learn">{"".join(buttons)}</div>'


def _coach(screen: Screen) -> str:
    """The hint asked for: the move in words with its called-out sum (R14), and why."""
    given = screen.hint
    if given is None:
        return ""
    why = "".join(f"<li>{esc(reason[:1].upper() + reason[1:])}.</li>" for reason in given.reasons)
    runner = f'<p class="coach-next">{esc(given.runner_up)}</p>' if given.runner_up else ""
    head = _("<b>Hint:</b> {headline}.").format(headline=esc(given.headline))
    # Drawn over the log or the opponents where the page has no room for it (ui/assets/
    # style.css): it may scroll in its box, so the keyboard can reach it.
    return (f'<div class="coach" role="status" tabindex="0"><p class="coach-head">{head}</p>'
            f'{f"<ul>{why}</ul>" if why else ""}{runner}</div>')


def _keys_help(screen: Screen) -> str:
    """One line naming the keys of the controls drawn now: the cards by their counts, and
    Enter, P and Esc for the move buttons (whose keys work whenever the button is live).  The
    line is always there, empty when there are no keys, and keeps one height
    (ui/assets/style.css)."""
    me = screen.view
    parts = []
    enter = _("Enter")  # the key's name as printed on the language's keyboards
    if my_move(screen):
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
                tcards = min(playable_tcards(screen), len(TCARD_KEYS))
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
    return f'<p class="keys-help">{esc(text)}</p>'


def _span(first: str, last: str) -> str:
    """Keys in a row: "1–3", or "1" alone."""
    return first if first == last else f"{first}–{last}"
