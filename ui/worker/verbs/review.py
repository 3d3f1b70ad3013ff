"""The review's verbs: the "review" commands on the finished game at the table.  ``host.review``
is its open ``ui.worker.review.Review`` (None: none is); the review itself is that module's."""

from __future__ import annotations

from ..errors import SessionError
from ..i18n import _
from ..review import Review, ReviewError

__all__ = ["review", "review_reply"]


def review(host, arg: str) -> dict:
    """The "review" commands: "review" opens the review of the finished game on the table (at
    its first step), "review:close" goes back to its results, and "review:CMD" is
    ``Review.go(CMD)``.  A game still being played is not reviewed (the review shows every
    hand): the table says why."""
    table = host.table()
    if arg == "close":
        host.review = None
        return {**host.reply(), "focus": "#review-game"}  # where the person left
    if host.review is None or host.review.record is not table.record:
        try:
            if table.record is None:  # a guest's device, before the host sent it
                raise ReviewError(_("This game's record has not reached this device."))
            host.review = Review(table.record, table.names)
        except SessionError as error:
            host.review = None
            table.notice = str(error)
            return host.reply()
    notice = ""
    back_from = host.review.sheet
    if arg:
        try:
            host.review.go(arg)
        except SessionError as error:
            notice = str(error)
    return review_reply(host, notice=notice, back_from=back_from if arg == "back" else None)


def review_reply(host, notice: str = "", back_from=None, announce: bool = True) -> dict:
    """The review's screen; ``announce`` says the step (position, move, comment) or the score
    sheet opened.  Focus goes where the person is likely to go on: a stepping button still
    enabled, the way back from a score sheet, or (``back_from`` a score sheet) that round's
    score sheet button."""
    from ..screens import review as review_page

    screen = host.review.screen()
    if screen.sheet is not None:
        said = [_("Round {n} score sheet.").format(n=screen.sheet.round)]
        focus = "#review-back"
    else:
        said = [review_page.position_line(screen) + "."]
        said += [entry.text for entry in screen.entries]
        if screen.comment:
            said.append(screen.comment.text)
        focus = "#review-prev" if screen.step == screen.steps else "#review-next"
        if back_from:
            focus = f"[data-ui='review:sheet:{back_from}']"
    return {"screen": "review", "html": review_page.render_review(screen, notice),
            "bot": False, "store": {}, "pace": host.pace,
            "announce": said if announce else [], "focus": focus, "turn": False}
