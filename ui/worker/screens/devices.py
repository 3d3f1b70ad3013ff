"""The screens of play across devices: the host's lobby (kind "lobby"), the table's line about
seats played on other devices, and a seat's status there.

Each seat not yet at the table gets an empty ``<div data-invite="N">``: the main thread fills
it with that seat's invitation (QR code, link, the ways to take the reply: peers.js), so a
redraw of the lobby never makes a new one.  Everything here reads ``Screen.presence`` (per
seat: "" for this device and computers, else ``ui.worker.peer_messages.Presence.state``).
"""

from __future__ import annotations

from ..i18n import _
from ..screen_data import Screen
from .parts import esc, shown

__all__ = ["render_lobby", "devices_banner", "seat_status"]


def _invite(seat: int, name: str) -> str:
    label = _("Invitation for {name}").format(name=shown(name))
    return (f'<div class="invite" data-invite="{seat}" role="group" '
            f'aria-label="{esc(label)}"></div>')


def render_lobby(screen: Screen) -> str:
    """The lobby (kind "lobby"): each seat on another device with its invitation until its
    device has joined, Start once every seat is taken, and a computer for a seat at will."""
    rows = []
    for seat, state in enumerate(screen.presence):
        if not state:
            continue
        name = screen.names[seat]
        heading = _("Seat {n}: {name}").format(n=seat + 1, name=shown(name))
        if state == "here":
            status = _("{name} has joined.").format(name=shown(name))
            body = ""
        else:
            status = _("Waiting for {name} to join…").format(name=shown(name))
            body = (_invite(seat, name) +
                    f'<button type="button" class="btn small" data-ui="seat-computer:{seat}">'
                    + esc(_("Let a computer play this seat")) + '</button>')
        rows.append(f'<li class="lobby-seat {state}" data-seat="{seat}"><h2>{esc(heading)}</h2>'
                    f'<p class="presence" role="status">{esc(status)}</p>{body}</li>')
    ready = all(state in ("", "here") for state in screen.presence)
    how = _("Each player opens their invitation on their own device: scan its code with the "
            "phone's camera, or send them the link. Their device then shows a reply for this "
            "one: open it here, scan it, or paste it. Both devices must be on the same Wi-Fi "
            "(or one phone's hotspot).")
    waiting = "" if ready else (' disabled aria-describedby="lobby-wait"')
    note = "" if ready else (f'<p id="lobby-wait" class="next-info">'
                             + esc(_("The game starts when every seat is taken.")) + '</p>')
    title, start = _("Invite the players"), _("Start the game")
    return (
        '<div class="screen sheet-screen lobby-screen" data-screen="lobby"><div class="sheet">'
        f'<h1>{esc(title)}</h1>'
        f'<p class="next-info">{esc(how)}</p>'
        + (f'<div class="notice" role="alert"><span>{esc(screen.notice)}</span></div>'
           if screen.notice else '')
        + f'<ol class="lobby-seats">{"".join(rows)}</ol>{note}'
        '<div class="sheet-actions">'
        f'<button type="button" class="btn primary big" data-ui="start-game" id="start-game"'
        f'{waiting}>{esc(start)}</button>'
        '<button type="button" class="btn big" data-ui="quit">' + esc(_("Menu")) + '</button>'
        '</div></div></div>'
    )


def devices_banner(screen: Screen) -> str:
    """At the table: on a guest's device, a lost connection; on the host's, each seat whose
    device is away, with its invitation to come back and the choice of a computer meanwhile,
    in one banner, open unless the host has folded it (``Screen.away_open``)."""
    if screen.guest:
        if screen.connected:
            return ""
        text = _("The connection to the host's device is lost. Ask the host for a new "
                 "invitation: it is on their screen.")
        return f'<div class="devices-banner" role="alert"><p>{esc(text)}</p></div>'
    parts = []
    for seat, state in enumerate(screen.presence):
        if state not in ("away", "computer", "open"):
            continue
        name = shown(screen.names[seat])
        if state == "computer":
            text = _("{name} is away: a computer plays for them until they are back.")
            toggle = _("Wait for {name} instead")
        else:
            text = _("{name} is away: the game waits for them.")
            toggle = _("Let a computer play for {name}")
        rejoin = _("Invitation to come back, for {name}").format(name=name)
        parts.append(
            f'<div class="away-seat" data-seat="{seat}"><p>{esc(text.format(name=name))}</p>'
            f'<button type="button" class="btn small" data-ui="stand-in:{seat}">'
            f'{esc(toggle.format(name=name))}</button>'
            f'<p class="rejoin">{esc(rejoin)}</p>{_invite(seat, screen.names[seat])}</div>')
    if not parts:
        return ""
    # Open until the host folds it (the "away" command): the invitations are at hand at once.
    # A heading, so the invitations' own headings follow it.
    label = esc(_("Players away"))
    opened = " open" if screen.away_open else ""
    return (f'<section class="devices-banner" aria-label="{label}">'
            f'<details class="away-sheet"{opened}><summary data-ui="away"><h2>{label}</h2>'
            '</summary>' + "".join(parts) + '</details></section>')


def seat_status(screen: Screen, seat: int) -> str:
    """A seat's status line on the table, when it is played on another device ("" if not)."""
    state = screen.presence[seat] if seat < len(screen.presence) else ""
    if not state or screen.view.to_act == seat and state == "here":
        return ""
    return {"away": _("away"), "computer": _("away (a computer plays)"), "open": _("away"),
            "here": _("on their device")}.get(state, "")
