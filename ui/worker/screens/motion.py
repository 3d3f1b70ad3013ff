"""How the cards of the last move travel, for the page's animation (ui/main_thread/motion.js):
the reply key ``motion``, read from the move's public events only (R21).  Imported when a
move is shown, never for the start screen.
"""

from __future__ import annotations

from tweak.events import Captured, ChangePlayed, GaveUp, Placed, RoundStarted, ThiefPlayed

from .cards import face_card

__all__ = ["motion_of"]


def motion_of(events, eyes, rules) -> dict:
    """The ``motion`` of ``events`` (the last step's) seen by seat ``eyes`` (None: nobody's)
    under ``rules``: ``from`` — where cards new on the table come from (``"seat:N"``, a
    player's panel, or ``"deck"``); ``hand_from`` — where cards new in a hand come from;
    ``to`` — where cards that leave the table go (a capturer's panel); ``taking`` — a capture,
    whose cards are shown gathered before they go, with ``played``, the HTML of the card
    another seat captured with (public once played, R20), shown beside them."""
    motion = {"from": "deck", "hand_from": "deck", "to": "", "taking": False, "played": ""}
    for event in events:
        if isinstance(event, Captured):
            motion.update(to=f"seat:{event.seat}", taking=True)
            if event.seat != eyes:
                motion["played"] = face_card(event.card, rules, classes=("played",),
                                             extra={"data-card": "played"})
        elif isinstance(event, (Placed, GaveUp)):
            motion["from"] = f"seat:{event.seat}"
        elif isinstance(event, ThiefPlayed):
            motion["from"] = f"seat:{event.victim}"
        elif isinstance(event, ChangePlayed):
            motion["from"] = "deck"
        elif isinstance(event, RoundStarted):
            motion.update({"from": "deck", "to": ""})
    return motion
