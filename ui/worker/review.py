"""A finished game's review: every position of its record, stepped through forwards and back,
with every hand face up, each move told in words and judged by the evaluator (its verbs are
``ui.worker.verbs.review``'s).  Pure Python.

* ``Review(record, names, budget)``: the record replayed once into its positions
  (``positions[0]`` the deal, ``positions[k]`` after the k-th action), the seat that made each
  action, the current ``step`` (0 … ``steps``), the round whose score sheet is open
  (``sheet``, None: none) and the comments judged so far.  ``go(command)`` moves: ``first``,
  ``previous``, ``next``, ``last``, ``round:N`` (its deal), ``step:N``, ``sheet:N`` (round N's
  score sheet) and ``back`` (from a score sheet); anything else, or a step or round the game
  lacks, raises ``ReviewError`` with a sentence and changes nothing.  An unfinished game
  raises it too: a review shows every hand.
* ``Comment``: the evaluator's word on a move where a clearly better one existed (``missed``
  a capture, the ``better`` action, the ``gap`` in points), said in the current language each
  time it is read.  A move is judged by ``tweak.bots.evaluate`` on its player's view before
  it (R21), once, with ``REVIEW_BUDGET`` seeded by the step; it is clearly worse when it is
  ``CLEAR_MARGIN`` points *and* ``tweak.bots.evaluator.PRUNE_Z`` standard errors behind the
  best.  A move with one legal action is not judged.
* ``ReviewScreen``: what ``ui.worker.screens.review`` draws for the current step.  Like
  ``ui.worker.session``, this module holds ``State`` objects and hands the screens views only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .errors import SessionError
from .i18n import _, ngettext, told

# The engine, the evaluator and the words of moves (tweak, tweak.bots, coach, story) are
# imported inside the functions that need them: the host imports this module for the
# worker's first answer, which needs none of them.

__all__ = ["Review", "ReviewScreen", "Comment", "ReviewError", "REVIEW_BUDGET",
           "CLEAR_MARGIN"]

# A judgement's budget (``tweak.bots.Budget``'s fields): engine steps, so the same record
# gets the same comments, and a clock cap, the hard stop that keeps a step of the review
# quick on a slow phone; where the cap cuts a search short, its standard error grows and
# fewer moves are called mistakes.  Its timings are in docs/bots.md.
REVIEW_BUDGET = {"steps": 1000, "time_limit": None, "cap": 0.45, "min_worlds": 8}
CLEAR_MARGIN = 3.0  # points of round score: less is a matter of taste, not a mistake


class ReviewError(SessionError):
    """A review that cannot be opened, or a step it does not have; the message says why."""


@dataclass(frozen=True)
class Comment:
    missed: bool  # the better move was a capture ("Missed"); else another move ("Better")
    better: str  # the better action, in notation
    gap: float  # points the better action is estimated to be worth more
    seen: object = field(repr=False)  # the PlayerView the move was judged on
    names: tuple = field(repr=False)  # the seats' names

    @property
    def lead(self) -> str:
        """"Missed" (a better capture) or "Better" (another better move)."""
        return _("Missed") if self.missed else _("Better")

    @property
    def words(self) -> str:
        """The better move in words and how much better."""
        # Whose card the better move plays, before the card's name: "your red 6", or "their
        # red 6" (the step's heading names the seat: "Ada’s move").  A possessive placed
        # before the card, so one word in Spanish too ("tu", "su"), where "Ada's" would not be.
        from tweak import parse_action

        from .coach import words

        owner = _("your") if self.names[self.seen.seat] == "You" else _("their")
        headline = words(self.seen, parse_action(self.better), self.names, owner=owner)[0]
        if not self.missed:
            headline = headline[:1].lower() + headline[1:]
        gap = round(self.gap)
        return ngettext("{move}. About {gap} point better than the move played.",
                        "{move}. About {gap} points better than the move played.",
                        gap).format(move=headline, gap=gap)

    @property
    def text(self) -> str:
        return _("{lead}: {words}").format(lead=self.lead, words=self.words)


@dataclass(frozen=True)
class ReviewScreen:
    step: int  # 0 (the deal) … steps
    steps: int  # the record's actions
    round: int  # the round of the position shown
    views: tuple  # a PlayerView per seat, of the position after this step
    names: tuple
    actor: Optional[int]  # the seat that made this step's move (None at the deal)
    entries: tuple  # ui.worker.story.Entry of this step
    callout: str  # a capture's called-out sum (R14), "" for other moves
    total: int  # what that sum adds up to
    played: tuple  # the move's cards: (the hand card, *the table cards it took)
    comment: Optional[Comment]
    round_starts: tuple  # (round, its first step), in order
    sheet: Optional[object] = None  # the RoundResult whose score sheet is open

    @property
    def public(self):
        """The view every seat shares (table, deck, scores): seat 0's."""
        return self.views[0]


class Review:
    """A finished game under review.  See the module docstring."""

    def __init__(self, record, names=(), budget=None):
        """``record``: a ``tweak.Record``; ``names``: the seats' (else the record's);
        ``budget``: a ``tweak.bots.Budget`` for the judgements (None: ``REVIEW_BUDGET``)."""
        from tweak import RecordError

        try:
            positions = list(record.states())
        except RecordError as error:
            raise ReviewError(_("This game cannot be replayed: {error}").format(
                error=told(error))) from None
        if not positions[-1].is_over:
            # A game still playable is never reviewed: the review shows every hand.
            raise ReviewError(_("Only a finished game can be reviewed: this one is still being "
                                "played, and a review shows every hand."))
        self.record = record
        self.names = tuple(names) or tuple(record.names) or tuple(
            _("Player {n}").format(n=seat + 1) for seat in range(record.players))
        self.positions = positions
        self.actors = [before.to_act for before in positions[:-1]]
        self.budget = budget
        self.step = 0
        self.sheet = None  # the round whose score sheet is open
        self._comments = {}
        starts = [(1, 0)]
        for index in range(1, len(positions)):
            if positions[index].round != positions[index - 1].round:
                starts.append((positions[index].round, index))
        self.round_starts = tuple(starts)

    @property
    def steps(self) -> int:
        return len(self.positions) - 1

    @property
    def rounds(self) -> int:
        return len(self.positions[-1].results)

    # -- moving --

    def go(self, command: str) -> None:
        """Do one of the module docstring's commands."""
        name, _colon, arg = str(command).partition(":")
        if name == "first":
            self._to(0)
        elif name == "previous":
            self._to(max(self.step - 1, 0))
        elif name == "next":
            self._to(min(self.step + 1, self.steps))
        elif name == "last":
            self._to(self.steps)
        elif name == "step":
            step = _number(arg, "step")
            if not 0 <= step <= self.steps:
                raise ReviewError(_("There is no step {step} in this game: its steps go from "
                                    "0 (the deal) to {last}.").format(step=step,
                                                                       last=self.steps))
            self._to(step)
        elif name == "round":
            self._to(dict(self.round_starts)[self._round(arg)])
        elif name == "sheet":
            self.sheet = self._round(arg)
        elif name == "back":
            self.sheet = None
        else:
            raise ReviewError(_("The review has no command {command}.").format(
                command=repr(_short(command))))

    def _to(self, step: int) -> None:
        self.step = step
        self.sheet = None

    def _round(self, text: str) -> int:
        number = _number(text, "round")
        if not 1 <= number <= self.rounds:
            raise ReviewError(ngettext("There is no round {number} in this game: it had "
                                       "{rounds} round.",
                                       "There is no round {number} in this game: it had "
                                       "{rounds} rounds.", self.rounds).format(
                number=number, rounds=self.rounds))
        return number

    # -- what a step shows --

    def round_of(self, step: int) -> int:
        return self.positions[step].round

    def comment(self, step: int) -> Optional[Comment]:
        """The evaluator's comment on the move of ``step`` (None: nothing clearly better, or
        no choice, or the deal); computed once, then kept."""
        if step not in self._comments:
            self._comments[step] = self._judge(step) if step > 0 else None
        return self._comments[step]

    def _judge(self, step: int) -> Optional[Comment]:
        from tweak import Capture, format_action, parse_action, view
        from tweak.bots import Budget, evaluate
        from tweak.bots.evaluator import PRUNE_Z

        before = self.positions[step - 1]
        actor = self.actors[step - 1]
        seen = view(before, actor)  # what the player knew (R21), not the hands shown here
        if len(seen.legal) < 2:
            return None
        played = parse_action(self.record.actions[step - 1])
        budget = Budget(**REVIEW_BUDGET) if self.budget is None else self.budget
        judged = evaluate(seen, budget=budget, seed=step)
        best = judged[0]
        mine = next((item for item in judged if item.action == played), None)
        if mine is None or best.action == played or not mine.worlds or not best.worlds:
            return None
        gap = -mine.value
        if gap < CLEAR_MARGIN or gap < PRUNE_Z * mine.error:
            return None
        return Comment(isinstance(best.action, Capture), format_action(best.action),
                       round(gap, 1), seen, self.names)

    def screen(self) -> ReviewScreen:
        from tweak import view
        from tweak.events import Captured, GaveUp, Placed

        from .story import callout, tell

        step = self.step
        state = self.positions[step]
        said, total, played = "", 0, ()
        for event in state.events:
            if isinstance(event, Captured):
                said = callout([event.card.value, *(face.value for face in event.taken)])
                total = event.card.value + sum(face.value for face in event.taken)
                played = (event.card, *event.taken)
            elif isinstance(event, (Placed, GaveUp)):
                played = (event.card,)
        sheet = self.positions[-1].results[self.sheet - 1] if self.sheet else None
        return ReviewScreen(
            step=step, steps=self.steps, round=self.round_of(step),
            views=tuple(view(state, seat) for seat in range(state.players)),
            names=self.names, actor=self.actors[step - 1] if step else None,
            entries=tuple(tell(state.events, self.names)), callout=said, total=total,
            played=played, comment=self.comment(step), round_starts=self.round_starts,
            sheet=sheet)


def _number(text: str, what: str) -> int:
    """``text`` as the number of a step (``what`` "step") or a round ("round")."""
    # ASCII digits only ("²" passes isdigit() but not int()); a game has < 10,001 steps.
    if not (text.isascii() and text.isdigit()) or len(text) > 5:
        message = (_("The review's steps are numbered: {text} is not one.") if what == "step"
                   else _("The review's rounds are numbered: {text} is not one."))
        raise ReviewError(message.format(text=repr(_short(text))))
    return int(text)


def _short(text: str) -> str:
    """A text to quote in a message, cut short: a hostile one may be very long."""
    text = str(text)
    return text if len(text) <= 20 else text[:20] + "…"
