"""The page's controller: one game session at the table.  Pure Python (no ``js``/``pyscript``),
so every rule of the page's flow is tested under CPython.

Data:
* ``Seat`` — a chair at the table: a name and who sits there, a person (``"human"``) or a
  computer at a level of ``tweak.bots.LEVELS``.  Its ``tag`` (``"human"`` / ``"bot:LEVEL"``) is
  what a game record stores in ``Record.seats``.
* ``Setup`` — what the start screen asked for: seats and edition.  ``parse_setup`` reads it
  from the start form's fields and says in a sentence what is wrong.
* ``Hooks`` — house rules and test hooks from the page's address (``ui.worker.screens.start.parse_hooks``).
* ``Selection`` — what the person at the device has picked so far this turn (a hand card,
  table cards by position, an open [T!] chooser).  It lives here, not in the engine: it is not
  part of the game.
* ``Entry`` (``ui.worker.story``) — one move of the public move log, its sentences told from the
  step's events; the log keeps the last ``LOG_LINES``.
* ``Flash`` — what the last action deserves to show big: a capture's called-out sum (R14), a
  TWEAK! and the [T!] card it won (R15).
* ``Screen`` — everything ``ui.worker.screens.game`` needs to draw the page now: its kind ("table", "pass",
  "scores", "over"), the view of the seat whose eyes the screen shows (a ``PlayerView``, never
  a ``State``), names, seats, selection, log.
* ``Session`` — the game: its ``Record`` and current ``State`` (only this module touches a
  ``State``), the bots, the seat whose cards the screen may show (``viewer``), how many round
  score sheets have been seen.

Learning (issue 11): ``Session.hint`` is the coach's hint for the person to act
(``ui.worker.coach``, from that person's view only), asked for with the "hint" command; hints are on
against computers and off between people at one device until the "hints" command turns them
on.  The "sums" command toggles the teaching switch that marks every table card that is part of
a legal capture (``Screen.marks``).  Against computers the "take-back" command undoes the
person's last move and the computers' moves after it; the record is then marked as practice
(``Record.practice``).

The daily deal (issue 11, ``ui.worker.daily``): ``Session.new_daily(day)`` deals that UTC day's deal
to the fixed line-up; its record carries the date (``Record.daily``).  Its computers decide
with a fresh bot per decision seeded from the date, seat and step and with a step budget and
no clock, so the same play gives the same computer moves on every device, at every pace and
across reloads.  ``daily_counts`` (set by ``ui.worker.host``) marks the device's own daily deal of the
day: Take back is refused in it (one attempt, as dealt); a replay of a daily deal (a past day's
link, or a deal already played) is an ordinary game against the same line-up.

Hot-seat privacy: with two or more people at one device, a seat's hand is shown only while
that seat must act and after a "pass the device" screen; between people, hands are hidden.  A
Bomb's human victim is asked the same way, privately (R13).

Errors a player can cause (a bad save, a bad link, a click at the wrong moment) raise
``SessionError`` with a sentence fit to show; the page shows it instead of a traceback.

Every sentence is in the current language (``ui.worker.i18n``).  Names are the players' own, kept in
the record as typed; the default names of computer seats are names in every language, and the
person's default is ``ui.worker.screens.start.YOU``, kept as that one word whatever the language (the name
field's translation, e.g. "Tú", is read back as it), so a game saved in one language reads
right in another.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, replace
from typing import Optional

from tweak import (
    EDITIONS, Capture, Face, NotationError, Place, PlayerView, Record, RecordError, apply,
    dumps, from_fragment, legal_actions, loads, new_game, parse_action, replay, to_fragment,
    view,
)
from tweak import bots
from tweak.cards import TKind
from tweak.events import Captured, RoundEnded, TCardWon
from tweak.rules import MAX_PLAYERS, MIN_PLAYERS, RulesError

from .hooks import Hooks, SessionError, parse_hooks
from .i18n import YOU, _, shown_name, told
from .protocol import PACES
from .story import Entry, callout, tell

__all__ = [
    "Seat", "Setup", "Hooks", "Selection", "Entry", "Flash", "Screen", "Session",
    "SessionError", "parse_setup", "parse_hooks", "drive", "DEFAULT_NAMES", "MAX_NAME",
    "PACES",
]

# Default names for seats 0..5: the first is the person at the device (``YOU``); the computers
# are named after mathematicians (it is a game of sums).
DEFAULT_NAMES = (YOU, "Ada", "Blaise", "Emmy", "Carl", "Sofia")
MAX_NAME = 16
LOG_LINES = 60
_BOT_SEEDS = random.SystemRandom()  # the bots' seeds: independent of every deal


# ---- seats and set-up -------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # "human" or "bot"
    level: Optional[str] = None  # a key of tweak.bots.LEVELS for a computer seat

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def tag(self) -> str:
        return "human" if self.is_human else f"bot:{self.level}"

    @property
    def label(self) -> str:
        """"Human" or "Computer · Medium": the level's label from ``tweak.bots.CHOICES``, in
        the current language."""
        if self.is_human:
            return _("Human")
        labels = dict(bots.CHOICES)
        return _("Computer · {level}").format(
            level=_(labels.get(self.level, str(self.level).title())))

    @staticmethod
    def from_tag(name: str, tag: str) -> "Seat":
        """The seat a record's tag describes.  A computer level this version no longer has
        (levels get renamed) becomes the default level rather than making a save unreadable."""
        if tag == "human":
            return Seat(name, "human")
        level = tag[4:] if tag.startswith("bot:") else ""
        if level not in bots.LEVELS:
            level = bots.DEFAULT_LEVEL
        return Seat(name, "bot", level)


@dataclass(frozen=True)
class Setup:
    seats: tuple
    edition: str = "classic"


def _player(seat: int) -> str:
    """"Player 3": the name of a person's seat with no name of its own."""
    return _("Player {n}").format(n=seat + 1)


def _clean_name(text, seat: int) -> str:
    name = " ".join(str(text or "").split())[:MAX_NAME]
    if name and name.casefold() == _(YOU).casefold():  # the default, in the player's language
        return YOU
    return name or (DEFAULT_NAMES[seat] if seat < len(DEFAULT_NAMES) else _player(seat))


def _unique(names) -> list:
    """Names as given, with " 2", " 3"... added to repeats so every seat can be told apart."""
    seen, result = {}, []
    for name in names:
        count = seen.get(name.casefold(), 0) + 1
        seen[name.casefold()] = count
        result.append(name if count == 1 else f"{name[:MAX_NAME - 2]} {count}")
    return result


def parse_setup(fields) -> Setup:
    """Read the start form: ``players`` (2–6), ``name-N``, ``kind-N`` (``human``, ``bot`` for
    the default level, or ``bot:LEVEL``) for each seat N, and ``edition``."""
    try:
        players = int(str(fields.get("players", "")).strip())
    except ValueError:
        raise SessionError(_("Choose how many players sit at the table ({low} to {high}).").format(
            low=MIN_PLAYERS, high=MAX_PLAYERS)) from None
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SessionError(_("A game needs {low} to {high} players, not {n}.").format(
            low=MIN_PLAYERS, high=MAX_PLAYERS, n=players))
    edition = str(fields.get("edition", "classic") or "classic")
    if edition not in EDITIONS:
        raise SessionError(_("There is no edition called {edition}.").format(
            edition=repr(edition[:40])))
    seats = []
    for seat in range(players):
        kind = str(fields.get(f"kind-{seat}", "human" if seat == 0 else "bot"))
        name = _clean_name(fields.get(f"name-{seat}"), seat)
        if kind == "human":
            seats.append(Seat(name, "human"))
            continue
        level = bots.DEFAULT_LEVEL if kind == "bot" else kind[4:] if kind.startswith("bot:") else ""
        if level not in bots.LEVELS:
            raise SessionError(_("Seat {n} asks for an unknown kind of player ({kind}).").format(
                n=seat + 1, kind=repr(kind[:40])))
        seats.append(Seat(name, "bot", level))
    if not any(seat.is_human for seat in seats):
        raise SessionError(_("At least one seat must be a person (Human)."))
    if sum(seat.is_human for seat in seats) >= 2 and seats[0].name == YOU:
        # The first seat's default "You" means nothing when several people share the device
        # ("Pass the device to You"); a name a player typed in another seat is kept.
        seats[0] = replace(seats[0], name=_player(0))
    names = _unique([seat.name for seat in seats])
    return Setup(tuple(replace(seat, name=name) for seat, name in zip(seats, names)), edition)


# ---- what the screen shows ----------------------------------------------------------------


@dataclass(frozen=True)
class Selection:
    hand: Optional[object] = None  # a Face from the hand
    table: tuple = ()  # positions in view.table, sorted
    flow: Optional[str] = None  # an open [T!] chooser: "thief" or "joker"


@dataclass(frozen=True)
class Flash:
    """A capture to celebrate: who, the called-out sum, whether it was a TWEAK! and the [T!]
    card it won (None if none, or the pile was empty)."""

    seat: int
    callout: str
    total: int
    tweak: bool
    won: Optional[object] = None
    serial: int = 0


@dataclass(frozen=True)
class Screen:
    kind: str  # "table", "pass", "scores" or "over"
    view: Optional[PlayerView]  # the eyes of the screen (None on a pass screen)
    seats: tuple
    selection: Selection
    log: tuple  # ui.worker.story.Entry, oldest first
    since: int = 0  # serial of the log entry of the eyes' own last move: later ones are news
    hide_hand: bool = False  # hot-seat: the viewer's hand is not theirs to see right now
    pass_to: Optional[int] = None
    pass_reason: str = ""  # "turn", "bomb" or "round"
    hot_seat: bool = False
    thinking: Optional[int] = None  # the computer seat now choosing its move
    notice: str = ""
    pace: str = "normal"
    hints: bool = False  # the Hint button is offered (on the person's turn)
    hint: Optional[object] = None  # ui.worker.coach.Hint for the move now, once asked for
    sums: bool = False  # "show all sums" is on
    marks: dict = None  # table position -> hand faces that capture with it (sums on)
    take_back: bool = False  # the Take back button is offered
    practice: bool = False  # a move was taken back: the game counts in no statistics
    daily: str = ""  # the daily deal's date ("YYYY-MM-DD") if this game is one
    daily_counts: bool = False  # it is this device's daily deal of its day (not a replay)
    rival: Optional[object] = None  # ui.worker.daily.Result: a friend's, from their link, to compare

    @property
    def names(self) -> tuple:
        return tuple(seat.name for seat in self.seats)


def _chosen(bot, seat_view):
    """A bot without ``think``: one call of ``choose``, as a generator that yields nothing."""
    return bot.choose(seat_view)
    yield  # pragma: no cover  (makes this a generator function)


def drive(thinking, deadline: float, clock) -> Optional[object]:
    """Advance a bot's thinking generator until it returns its action (StopIteration.value)
    or ``clock()`` passes ``deadline``; None means "not done, call again later"."""
    try:
        while True:
            next(thinking)
            if clock() >= deadline:
                return None
    except StopIteration as stop:
        if stop.value is None:
            raise SessionError(_("A computer player finished thinking without choosing a "
                                 "move."))
        return stop.value


@dataclass
class BotTurn:
    """A computer seat's move in progress: its view, its thinking, and the step it is for."""

    seat: int
    view: PlayerView
    thinking: object
    step: int


# ---- the session ------------------------------------------------------------------------


class Session:
    """One game at the table.  See the module docstring."""

    def __init__(self, record: Record, seats, state=None, *, pace: str = "normal",
                 history=None):
        """``history``: (the seat that acted or None, the step's events) of the steps up to
        ``state`` to fill the move log with, oldest first (by default the last step's only;
        ``replay_log`` gives them)."""
        if len(seats) != record.players:
            raise SessionError(_("The game has {players} players but {seats} seats.").format(
                players=record.players, seats=len(seats)))
        self.seats = tuple(seats)
        self.record = replace(record, names=tuple(seat.name for seat in self.seats),
                              seats=tuple(seat.tag for seat in self.seats))
        self.state = state if state is not None else replay(self.record)
        self.humans = tuple(i for i, seat in enumerate(self.seats) if seat.is_human)
        if not self.humans:
            raise SessionError(_("This game has no human seat to play from."))
        # Bots draw from seeds of their own, unrelated to the deal's: a seed derived from the
        # game's could be inverted to replay the deal and see hidden cards (R21).  Records keep
        # the actions, so a replay never needs the bots' seeds.
        # The daily deal's computers are seeded from its date instead (``bot``, ui/worker/daily.py).
        self.bot_seeds = {i: _BOT_SEEDS.randrange(2**31)
                          for i, seat in enumerate(self.seats) if not seat.is_human}
        self.daily_counts = False  # ui.worker.host marks the device's own daily deal
        self.rival = None  # a daily deal's friend's result (ui.worker.daily.Result), set by ui.worker.host
        self.bots = {}  # seat -> its bot, made on its first move (``bot``)
        self._paces = {}  # seat -> the pace its bot was made for
        self.viewer = self.humans[0] if not self.hot_seat else None
        self.selection = Selection()
        self.log = deque(maxlen=LOG_LINES)  # ui.worker.story.Entry, oldest first
        self.own_move = {}  # seat -> serial of the log entry of its last move
        self.flash: Optional[Flash] = None
        self.notice = ""
        self.pace = pace if pace in PACES else "normal"
        self._serial = 0
        self.hints_on = not self.hot_seat  # between people, hints wait for the "hints" switch
        self.hint = None  # ui.worker.coach.Hint, for the step it was asked at
        self.show_sums = False
        self._actors = None  # the seat that made each action of the record (``actors``)
        # A move taken back cannot be followed by another take-back until the person moves
        # again: the undo is of the last move only, not a rewind of the game (issue 11).
        self.taken_back = False
        # A round's score sheet is shown once (R18).  A save made just after a round ended
        # shows that sheet again on resume: the last step's events tell.
        just_ended = any(isinstance(event, RoundEnded) for event in self.state.events)
        self.acknowledged = len(self.state.results) - (1 if just_ended else 0)
        self._fill_log(history if history is not None else ((None, self.state.events),))

    # -- making one --

    @staticmethod
    def new(setup: Setup, hooks: Hooks = Hooks(), seed: int = 0) -> "Session":
        """A new game for ``setup``.  ``hooks.seed`` wins over ``seed`` (reproducible deals)."""
        rules = EDITIONS[setup.edition]
        if hooks.goal is not None:  # R3 house rule: one goal for every number of players
            rules = rules.with_changes(goals=(hooks.goal,) * (MAX_PLAYERS - MIN_PLAYERS + 1))
        players = len(setup.seats)
        dealer = hooks.dealer
        if dealer is not None and dealer >= players:
            raise SessionError(_("The page address makes seat {seat} deal, but there are only "
                                 "{players} players.").format(seat=dealer + 1, players=players))
        record = Record(players=players, seed=hooks.seed if hooks.seed is not None else seed,
                        rules=rules, tcards=hooks.tcards, dealer=dealer)
        try:
            state = new_game(record.players, record.seed, record.rules, tcards=record.tcards,
                             dealer=record.dealer)
        except (ValueError, RulesError) as error:
            raise SessionError(_("This game cannot be dealt: {error}").format(
                error=told(error))) from None
        return Session(record, setup.seats, state, pace=hooks.pace or "normal")

    @staticmethod
    def new_daily(day, pace: str = "normal") -> "Session":
        """The daily deal of ``day`` (a ``datetime.date``): its seed, line-up and edition from
        ``ui.worker.daily``; no house rule applies (everyone's deal is the same)."""
        from . import daily

        seats = tuple(Seat.from_tag(name, tag) for name, tag in daily.LINEUP)
        record = Record(players=len(seats), seed=daily.deal_seed(day),
                        rules=EDITIONS[daily.EDITION], daily=daily.day_text(day))
        return Session(record, seats, pace=pace)

    @property
    def daily(self) -> str:
        return self.record.daily

    def rematch(self, seed: int) -> "Session":
        """A new game with the same seats and rule set, dealt from a new seed."""
        record = Record(players=self.record.players, seed=seed, rules=self.record.rules)
        return Session(record, self.seats, pace=self.pace)

    @staticmethod
    def from_record(record: Record, pace: str = "normal") -> "Session":
        names = record.names or tuple(_clean_name("", i) for i in range(record.players))
        tags = record.seats or ("human",) + ("bot",) * (record.players - 1)
        seats = tuple(Seat.from_tag(_clean_name(name, i), tag)
                      for i, (name, tag) in enumerate(zip(names, tags)))
        if not any(seat.is_human for seat in seats):
            seats = (replace(seats[0], kind="human", level=None),) + seats[1:]
        if record.daily:  # its computers are seeded from this date (ui/worker/daily.py)
            from .daily import DailyError, read_day

            try:
                read_day(record.daily)
            except DailyError as error:
                raise SessionError(_("This game cannot be replayed: its daily deal's date "
                                     "{date} is wrong ({error}).").format(
                    date=repr(record.daily), error=told(error))) from None
        # Replayed step by step so the move log comes back too (a reload resumes the exact
        # table, "since your last turn" included).
        try:
            state, actors, history = replay_log(record)
        except RecordError as error:
            raise SessionError(_("This game cannot be replayed: {error}").format(
                error=told(error))) from None
        session = Session(record, seats, state, pace=pace, history=history)
        session._actors = actors
        # A practice game come back at a person's decision may be just where a take back
        # left it (the record does not say): a second take back there would rewind a move
        # further, so it waits for the person's next move.  (A move was taken back at most
        # once per decision; this may cost a practice game one take back after a reload.)
        session.taken_back = record.practice and session.human_to_act()
        return session

    @staticmethod
    def from_save(text: str, pace: str = "normal") -> "Session":
        """The game of an autosave (``save_text``)."""
        try:
            record = loads(text)
        except RecordError as error:
            raise SessionError(_("The saved game cannot be read: {error}").format(
                error=told(error))) from None
        return Session.from_record(record, pace)

    @staticmethod
    def from_link(fragment: str, pace: str = "normal") -> "Session":
        """The game of a link's ``#g=...`` fragment (the part after ``g=``)."""
        try:
            record = from_fragment(fragment)
        except RecordError as error:
            raise SessionError(_("This game link cannot be opened: {error}").format(
                error=told(error))) from None
        return Session.from_record(record, pace)

    # -- what is true now --

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) >= 2

    @property
    def names(self) -> tuple:
        return tuple(seat.name for seat in self.seats)

    @property
    def to_act(self):
        return self.state.to_act

    def kind(self) -> str:
        """Which screen the page shows: "over", "scores", "pass" or "table"."""
        if len(self.state.results) > self.acknowledged:
            return "over" if self.state.is_over else "scores"
        if self.state.is_over:
            return "over"
        seat = self.state.to_act
        if self.hot_seat and self.seats[seat].is_human and self.viewer != seat:
            return "pass"
        return "table"

    def bot_to_act(self) -> bool:
        """A computer seat must move now and nothing waits for a person (a score sheet)."""
        return self.kind() == "table" and not self.seats[self.state.to_act].is_human

    def human_to_act(self) -> bool:
        return self.kind() == "table" and self.seats[self.state.to_act].is_human

    def screen(self) -> Screen:
        kind = self.kind()
        seat = self.state.to_act
        pass_to, reason = None, ""
        if kind == "pass":
            pass_to = seat
            reason = "bomb" if self.state.phase.value == "bomb" else "turn"
        eyes = self.viewer if self.viewer is not None else self.humans[0]
        hide = self.hot_seat and (self.viewer is None or self.viewer != seat or kind != "table")
        mine = kind == "table" and self.human_to_act() and not hide
        marks = {}
        if mine and self.show_sums and self.hints_on:
            from .coach import capture_marks

            marks = capture_marks(view(self.state, seat))
        hint = self.hint if mine and self.hint and self.hint.step == self.state.step else None
        return Screen(
            hints=mine and self.hints_on,
            hint=hint,
            sums=self.show_sums and self.hints_on,
            marks=marks,
            take_back=mine and self.can_take_back(),
            practice=self.record.practice,
            daily=self.record.daily,
            daily_counts=self.daily_counts,
            rival=self.rival,
            kind=kind,
            view=None if kind == "pass" else view(self.state, eyes),
            seats=self.seats,
            selection=self.selection,
            log=tuple(self.log),
            since=self.own_move.get(eyes, 0),
            hide_hand=hide,
            pass_to=pass_to,
            pass_reason=reason,
            hot_seat=self.hot_seat,
            thinking=seat if self.bot_to_act() else None,
            notice=self.notice,
            pace=self.pace,
        )

    def save_text(self) -> str:
        """The autosave: the game record as JSON (``tweak.dumps``)."""
        return dumps(self.record)

    def link_fragment(self) -> str:
        return "g=" + to_fragment(self.record)

    # -- a person's commands --

    def act(self, text: str) -> None:
        """Apply the action in notation ``text`` (a clicked ``data-action``) for the person
        who must act now."""
        if not self.human_to_act() or (self.hot_seat and self.viewer != self.state.to_act):
            raise SessionError(self._wait_sentence())
        try:
            action = parse_action(text)
        except NotationError as error:
            raise SessionError(_("That move cannot be read: {error}").format(
                error=told(error))) from None
        if action not in legal_actions(self.state):
            raise SessionError(_("{move} is not a legal move now.").format(move=text[:40]))
        self._apply(action)

    def command(self, text: str) -> None:
        """A UI command (a clicked ``data-ui``) that is not a move: selecting cards, opening a
        [T!] chooser, revealing a hand after a pass screen, going to the next round."""
        name, _sep, arg = text.partition(":")
        self.notice = ""
        if name == "reveal":
            if self.kind() != "pass":
                return
            self.viewer = self.state.to_act
            self.selection = Selection()
        elif name == "next-round":
            if self.kind() == "scores":
                self.acknowledged = len(self.state.results)
                self.selection = Selection()
                if self.hot_seat:  # anyone may hold the device after a score sheet
                    self.viewer = None
        elif name == "hand":
            self._select_hand(arg)
        elif name == "table":
            self._select_table(arg)
        elif name == "clear":
            self.selection = Selection()
        elif name == "flow":
            flow = arg if arg in ("thief", "joker") else None
            self.selection = replace(self.selection,
                                     flow=None if self.selection.flow == flow else flow)
        elif name == "pace":
            if arg in PACES:
                self.pace = arg
        elif name == "dismiss":
            pass
        elif name == "hint":
            self._hint()
        elif name == "sums":
            if self.hints_on:
                self.show_sums = not self.show_sums
        elif name == "hints":
            if self.hot_seat:
                self.hints_on = not self.hints_on
                self.hint = None
        elif name == "take-back":
            self.take_back()
        else:
            raise SessionError(_("Unknown command {command}.").format(
                command=repr(text[:40])))

    # -- learning: hints and taking back (issue 11) --

    def _hint(self) -> None:
        """The coach's hint for the person to act, from their own view (``ui.worker.coach``); the
        hinted move's cards are selected, so one more click makes it."""
        from .coach import hint

        if not self.hints_on:
            raise SessionError(_("Hints are off in this game."))
        me = self._my_view()
        if me is None or not me.legal:
            return
        self.hint = hint(me, self.names, step=self.state.step)
        action = parse_action(self.hint.action)
        if isinstance(action, Capture):
            chosen, used = [], set()
            for face in action.taken:
                index = next(i for i, card in enumerate(me.table)
                             if card == face and i not in used)
                used.add(index)
                chosen.append(index)
            self.selection = Selection(hand=action.card, table=tuple(sorted(chosen)))
        elif isinstance(action, Place):
            self.selection = Selection(hand=action.card)
        else:
            self.selection = Selection()

    def actors(self) -> list:
        """The seat that made each action of the record, in order (replayed once, then kept
        up to date by ``_apply``)."""
        if self._actors is None:
            actors = []
            states = self.record.states()
            previous = next(states)
            for state in states:
                actors.append(previous.to_act)
                previous = state
            self._actors = actors
        return self._actors

    def can_take_back(self) -> bool:
        """One person against computers, the game not over, not the device's daily deal, and a
        move of theirs to undo that was not taken back already: only the last move, until the
        person decides again."""
        return (not self.hot_seat and not self.state.is_over and not self.taken_back
                and not self.daily_counts
                and any(self.seats[seat].is_human for seat in self.actors()))

    def take_back(self) -> None:
        """Undo the person's last move and every computer move after it; the game becomes
        practice (``Record.practice``): it counts in no statistics."""
        if self.hot_seat:
            raise SessionError(_("Moves cannot be taken back in a game between people."))
        if self.state.is_over:
            raise SessionError(_("The game is over: its moves stand."))
        if self.daily_counts:
            raise SessionError(_("Moves cannot be taken back in the daily deal: it is played "
                                 "once, as dealt."))
        actors = self.actors()
        mine = [index for index, seat in enumerate(actors) if self.seats[seat].is_human]
        if not mine:
            raise SessionError(_("You have no move to take back yet."))
        if self.taken_back:
            raise SessionError(_("Only your last move can be taken back; make a move first."))
        cut = mine[-1]
        record = replace(self.record, actions=self.record.actions[:cut], practice=True)
        self.state, self._actors, history = replay_log(record)
        self.record = record
        self.log.clear()
        self.own_move = {}
        self._serial = 0
        self._fill_log(history)
        self.selection = Selection()
        self.hint = None
        self.flash = None
        self.acknowledged = len(self.state.results)
        self.taken_back = True
        self.notice = _("Move taken back. This game is now practice: it will not count in "
                        "your statistics.")

    def _wait_sentence(self) -> str:
        """Why a move clicked now cannot be made: who is to move instead."""
        if self.bot_to_act():
            name = self.seats[self.state.to_act].name
            bomb = self.state.phase.value == "bomb"
            if name == YOU:  # a computer seat someone named "You"
                return (_("You are choosing a card for the Bomb — wait for your turn.") if bomb
                        else _("You are thinking — wait for your turn."))
            return (_("{name} is choosing a card for the Bomb — wait for your turn.") if bomb
                    else _("{name} is thinking — wait for your turn.")).format(name=name)
        return _("It is not your turn to play.")

    def _my_view(self) -> Optional[PlayerView]:
        if not self.human_to_act() or (self.hot_seat and self.viewer != self.state.to_act):
            if self.bot_to_act():  # a card clicked while a computer plays (ui/worker/screens/game.py)
                raise SessionError(self._wait_sentence())
            return None
        return view(self.state, self.state.to_act)

    def _select_hand(self, text: str) -> None:
        me = self._my_view()
        if me is None:
            return
        try:
            face = Face.parse(text)
        except NotationError:
            raise SessionError(_("{text} is not a card.").format(text=repr(text[:40]))) from None
        if face not in me.hand:
            return
        hand = None if self.selection.hand is face else face
        self.selection = replace(self.selection, hand=hand, flow=None)

    def _select_table(self, text: str) -> None:
        me = self._my_view()
        if me is None or me.phase == "bomb":
            return
        # ASCII digits only: "²" passes isdigit() but not int() (a table holds < 100 cards).
        if not (text.isascii() and text.isdigit()) or len(text) > 2 or int(text) >= len(me.table):
            return
        index = int(text)
        chosen = set(self.selection.table)
        chosen ^= {index}
        self.selection = replace(self.selection, table=tuple(sorted(chosen)), flow=None)

    # -- computer seats --

    def start_bot(self) -> BotTurn:
        """Begin the move of the computer seat that must act: its ``think(view)`` generator if
        it has one (driven across event-loop turns by the page), else one ``choose(view)``."""
        if not self.bot_to_act():
            raise SessionError(_("No computer player is to move now."))
        seat = self.state.to_act
        bot = self.bot(seat)
        seat_view = view(self.state, seat)  # bots get their own view only (R21)
        think = getattr(bot, "think", None)
        thinking = think(seat_view) if callable(think) else _chosen(bot, seat_view)
        return BotTurn(seat, seat_view, thinking, self.state.step)

    def bot(self, seat: int):
        """The computer at ``seat``, thinking at the pace now in force (``tweak.bots``: Hard's
        budget follows it); remade, from its own seed, when the pace changes.  In the daily
        deal, a bot made for this decision from the date (ui/worker/daily.py), whatever the pace."""
        if self.record.daily:
            from datetime import date

            from . import daily

            return daily.make_bot(self.seats[seat].level,
                                  date.fromisoformat(self.record.daily), seat, self.state.step)
        if seat not in self.bots or self._paces.get(seat, self.pace) != self.pace:
            self.bots[seat] = bots.make_bot(self.seats[seat].level, seed=self.bot_seeds[seat],
                                            pace=self.pace)
            self._paces[seat] = self.pace
        return self.bots[seat]

    def finish_bot(self, turn: BotTurn, action) -> bool:
        """Apply a computer's chosen move; False if the game moved on meanwhile."""
        if self.state.step != turn.step or self.state.to_act != turn.seat:
            return False
        if action not in turn.view.legal:
            raise SessionError(_("{name} (computer) chose {move}, which is not a legal "
                                 "move.").format(name=shown_name(self.seats[turn.seat].name),
                                                 move=action))
        self._apply(action)
        return True

    def step_bots(self, limit: int = 10_000) -> int:
        """Play computer moves at once until a person must act or a screen waits; the number
        of moves played.  (The page paces moves instead; tests and "instant" use this.)"""
        moves = 0
        while self.bot_to_act() and moves < limit:
            turn = self.start_bot()
            action = drive(turn.thinking, float("inf"), lambda: 0.0)
            self.finish_bot(turn, action)
            moves += 1
        return moves

    # -- applying a move --

    def _apply(self, action) -> None:
        before = len(self.state.results)
        seat = self.state.to_act
        self.state = apply(self.state, action)
        self.record = self.record.then(action)
        if self._actors is not None:
            self._actors.append(seat)
        self.selection = Selection()
        self.hint = None
        mark = self._serial
        self._log_events(self.state.events)
        if self.seats[seat].is_human:
            self.own_move[seat] = mark + 1  # the entry of this move
            self.taken_back = False  # a new decision: it may be taken back in its turn
        self._flash_from(self.state.events)
        if len(self.state.results) > before and self.hot_seat:
            self.viewer = None

    def _fill_log(self, history) -> None:
        for actor, events in history:
            if actor is not None and self.seats[actor].is_human:
                self.own_move[actor] = self._serial + 1  # that move's entry comes next
            self._log_events(events)

    def _log_events(self, events) -> None:
        for entry in tell(events, self.names):  # public events only (R21)
            self._serial += 1
            self.log.append(replace(entry, serial=self._serial))

    def _flash_from(self, events) -> None:
        self.flash = None
        for index, event in enumerate(events):
            if isinstance(event, Captured):
                won = None
                for later in events[index + 1:]:
                    if isinstance(later, TCardWon) and later.seat == event.seat:
                        won = later.kind
                total = event.card.value + sum(face.value for face in event.taken)
                said = callout([event.card.value] + [face.value for face in event.taken])
                self.flash = Flash(event.seat, said, total, event.tweak, won, self._serial)

    def take_flash(self) -> Optional[Flash]:
        """The last move's celebration, once: the page shows it, then it is gone."""
        flash, self.flash = self.flash, None
        return flash


def replay_log(record: Record):
    """Replay ``record``: its last state, the seat that made each action, and (seat or None,
    events) of the last ``LOG_LINES`` steps, for the move log.  ``RecordError`` if it cannot
    be replayed."""
    actors, history, previous = [], deque(maxlen=LOG_LINES), None
    for state in record.states():
        actor = previous.to_act if previous is not None else None
        if actor is not None:
            actors.append(actor)
        history.append((actor, state.events))
        previous = state
    return previous, actors, tuple(history)


def capture_of(me: PlayerView, selection: Selection):
    """The capture the selection spells, if it is one of ``me.legal``; else None.  The UI
    decides nothing itself: it looks the selection up among the engine's legal actions."""
    if selection.hand is None or not selection.table:
        return None
    try:
        taken = [me.table[index] for index in selection.table]
    except IndexError:
        return None
    action = Capture.of(selection.hand, taken)
    return action if action in me.legal else None


def place_of(me: PlayerView, selection: Selection):
    """Placing (or, bombed, giving up) the selected hand card, if legal now; else None."""
    if selection.hand is None:
        return None
    action = Place(selection.hand)
    return action if action in me.legal else None
