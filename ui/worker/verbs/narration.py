"""What assistive technology hears: ``Narration`` remembers the last log entry announced and the
last turn prompt, so that each reply announces only what is new; ``prompt_and_focus`` is the
turn's spoken prompt and the control to focus.  ``news`` only reads; ``heard`` marks it said."""

from __future__ import annotations

from ..i18n import YOU, _, shown_name

__all__ = ["Narration", "prompt_and_focus"]


class Narration:
    """The last log serial announced and the last (prompt, step) said."""

    def __init__(self):
        self.announced = 0  # serial of the last log entry announced
        self.prompted = ("", -1)  # the last turn prompt announced, and its game step

    def restart(self, table) -> None:
        """A game shown anew: its last move is announced, not the whole replayed log."""
        self.announced = table.log[-2].serial if len(table.log) > 1 else 0
        self.prompted = ("", -1)

    def quiet(self, table) -> None:
        """Everything in the log counts as heard (it was told anew: a take-back)."""
        self.announced = table.log[-1].serial if table.log else 0

    def news(self, table, screen) -> tuple:
        """(said, prompt, heard): ``said`` the reply's ``announce`` (the sentences of every
        move logged since the last reply and, when a person's turn begins, its prompt),
        ``focus`` (a selector of the control a person is likely to use next) and ``turn``
        (true when that person's turn has just begun: the page then moves focus); ``prompt``,
        that turn's prompt ("" if none), for ``ui.worker.cues``; ``heard``, for ``heard``."""
        news = [entry.text for entry in table.log if entry.serial > self.announced]
        prompt, focus = prompt_and_focus(screen)
        key = (prompt, table.state.step)  # a new turn, even at the same target
        turn = bool(prompt) and key != self.prompted
        if turn:
            news.append(prompt)
        heard = (table.log[-1].serial if table.log else 0, key)
        return {"announce": news, "focus": focus, "turn": turn}, prompt if turn else "", heard

    def heard(self, heard: tuple) -> None:
        """What ``news`` returned has been said."""
        self.announced, self.prompted = heard


def prompt_and_focus(screen) -> tuple:
    """The turn's spoken prompt (empty when no person is to act on this screen) and the
    selector of the control to focus."""
    if screen.kind == "scores":
        return "", "#next-round"
    if screen.kind == "over":
        return "", "#rematch, #game .share-result"
    if screen.kind == "pass":
        name = shown_name(screen.names[screen.pass_to])
        return _("Pass the device to {name}.").format(name=name), "[data-ui=reveal]"
    me = screen.view
    if not me.my_turn or screen.hide_hand or not me.legal:
        return "", ""
    named = screen.names[me.seat] != YOU and screen.hot_seat
    if me.phase == "bomb":
        prompt = (_("The Bomb, {name}: choose a card to give up.") if named
                  else _("The Bomb: choose a card to give up."))
    else:
        prompt = (_("Your turn, {name} — make {target}.") if named
                  else _("Your turn — make {target}."))
    return (prompt.format(name=screen.names[me.seat], target=me.target),
            ".hand [data-ui^='hand:']")
