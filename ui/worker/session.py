"""The turn controller: one game at the table, for ``ui.worker.host`` to play and
``ui.worker.screens.game`` to draw.  Pure Python (no ``js``/``pyscript``), tested under CPython;
with ``ui.worker.review``, the only module of the page that holds a game's ``State``.

Data: ``Session`` (the game's record, state, seats (``ui.worker.seats``), the person's
``Selection``, the move log and the last capture's ``Flash``); it draws itself as a ``Screen``
(``ui.worker.screen_data``).  The person's commands are ``ui.worker.commands``'s, the computers'
moves ``ui.worker.computers``'s, hints ``ui.worker.coach``'s, take-back
``ui.worker.takeback``'s and the daily deal's rules ``ui.worker.daily``'s; docs/architecture.md
follows one move through them.  What a player cannot do raises ``SessionError`` with a
sentence fit to show.
"""

from __future__ import annotations

from collections import deque
from secrets import token_urlsafe
from dataclasses import replace
from typing import Optional

from tweak import (
    EDITIONS, PlayerView, Record, RecordError, apply, dumps,
    from_fragment, legal_actions, loads, new_game, replay, to_fragment, view,
)
from tweak.events import RoundEnded
from tweak.rules import MAX_PLAYERS, MIN_PLAYERS, RulesError

from . import coach, daily
from .commands import COMMANDS
from .computers import Computers, bot_seeds
from .errors import SessionError
from .hooks import Hooks
from .i18n import _, told
from .protocol import NAME_LENGTH, PACES
from .peer_messages import Presence
from .remote import RemoteSeats
from .screen_data import Screen, Selection, checked_move
from .seats import Seat, Setup, clean_name
from .story import Flash, flash_of, tell
from .takeback import TakeBack

__all__ = ["Session", "replay_log", "LOG_LINES"]

LOG_LINES = 60


# ---- the session ------------------------------------------------------------------------


class Session(TakeBack, Computers, RemoteSeats):
    """One game at the table: its ``record`` and ``state``, its ``seats``, the bots, the seat
    whose eyes the screen shows (``viewer``), the selection, the move log and how many round
    score sheets have been seen.  With two or more people at one device (``hot_seat``), a seat's
    hand is shown only while it must act and after a "pass the device" screen; a Bomb's human
    victim is asked the same way, privately (R13)."""

    def __init__(self, record: Record, seats, state=None, *, pace: str = "normal",
                 history=None):
        """The game of ``record`` at ``state`` (by default its replay), for ``seats`` (``Seat``s:
        the record takes their names and tags), its computers at ``pace``.  ``history``: (the
        seat that acted or None, the step's events) of the steps to fill the move log with,
        oldest first (``replay_log``; by default the last step's).  ``SessionError`` if the
        seats do not fit the record or none is a person's."""
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
        self.bot_seeds = bot_seeds(self.seats)  # unrelated to the deal's (R21)
        # Seats of people on other devices: their presence (ui.worker.peer_messages); none of them is
        # at the table until their device joins.
        self.remote = {i: Presence() for i, seat in enumerate(self.seats) if seat.is_remote}
        self.lobby = False  # a new game with seats on other devices waits for them to join
        # The id of this game's table for other devices (ui.worker.verbs.relay).
        self.table = token_urlsafe(6) if self.remote else ""
        self.away_folded = False  # the host folded the banner of seats away ("away" command)
        self.last_actor = None  # the seat that made the last action
        self.daily_counts = False  # ui.worker.host marks the device's own daily deal
        self.rival = None  # a daily deal's friend's result (ui.worker.daily.Result), from host
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
        self.taken_back = False  # the last move was taken back: the next waits for a move
        # A round's score sheet is shown once (R18).  A save made just after a round ended
        # shows that sheet again on resume: the last step's events tell.
        just_ended = any(isinstance(event, RoundEnded) for event in self.state.events)
        self.acknowledged = len(self.state.results) - (1 if just_ended else 0)
        self._fill_log(history if history is not None else ((None, self.state.events),))

    # -- making one --

    @staticmethod
    def new(setup: Setup, hooks: Hooks = Hooks(), seed: int = 0) -> "Session":
        """A new game for ``setup`` with the address's house rules (``hooks``); ``hooks.seed``
        wins over ``seed`` (reproducible deals).  ``SessionError`` if it cannot be dealt."""
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
        session = Session(record, setup.seats, state, pace=hooks.pace or "normal")
        session.lobby = bool(session.remote)
        return session

    @staticmethod
    def new_daily(day, pace: str = "normal") -> "Session":
        """The daily deal of ``day`` (a ``datetime.date``): ``ui.worker.daily``'s record."""
        seats = tuple(Seat.from_tag(name, tag) for name, tag in daily.LINEUP)
        return Session(daily.new_record(day), seats, pace=pace)

    @property
    def daily(self) -> str:
        """The daily deal's date ("YYYY-MM-DD") if this game is one, else ""."""
        return self.record.daily

    def rematch(self, seed: int) -> "Session":
        """A new game with the same seats and rule set, dealt from a new seed; the devices
        that play seats here play them there too."""
        record = Record(players=self.record.players, seed=seed, rules=self.record.rules)
        session = Session(record, self.seats, pace=self.pace)
        session.remote = {seat: replace(presence) for seat, presence in self.remote.items()}
        session.table = self.table
        return session

    @staticmethod
    def from_record(record: Record, pace: str = "normal") -> "Session":
        """The game of ``record`` replayed step by step, so the move log comes back too (a
        reload resumes the exact table); its seats from its names and tags, defaults where it
        has none.  ``SessionError`` if it cannot be replayed."""
        names = record.names or tuple(clean_name("", i) for i in range(record.players))
        tags = record.seats or ("human",) + ("bot",) * (record.players - 1)
        seats = tuple(Seat.from_tag(clean_name(name, i), tag)
                      for i, (name, tag) in enumerate(zip(names, tags)))
        if not any(seat.is_human for seat in seats):
            seats = (replace(seats[0], kind="human", level=None),) + seats[1:]
        try:
            daily.check_replay(record)
        except daily.DailyError as error:
            raise SessionError(str(error)) from None
        try:
            state, actors, history = replay_log(record)
        except RecordError as error:
            raise SessionError(_("This game cannot be replayed: {error}").format(
                error=told(error))) from None
        session = Session(record, seats, state, pace=pace, history=history)
        session._actors = actors
        session.taken_back = record.practice and session.human_to_act()  # see TakeBack
        return session

    @staticmethod
    def from_save(text: str, pace: str = "normal") -> "Session":
        """The game of an autosave (``save_text``); ``SessionError`` if it cannot be read."""
        try:
            record = loads(text)
        except RecordError as error:
            raise SessionError(_("The saved game cannot be read: {error}").format(
                error=told(error))) from None
        return Session.from_record(record, pace)

    @staticmethod
    def from_link(fragment: str, pace: str = "normal") -> "Session":
        """The game of a link's ``#g=...`` fragment (the part after ``g=``); ``SessionError``
        if it cannot be opened."""
        try:
            record = from_fragment(fragment)
        except RecordError as error:
            raise SessionError(_("This game link cannot be opened: {error}").format(
                error=told(error))) from None
        return Session.from_record(record, pace)

    # -- what is true now --

    guest = False  # the game is this device's (ui.worker.mirror.Mirror: another device's)

    @property
    def moves(self) -> int:
        """The moves made so far (a take-back makes it smaller)."""
        return len(self.record.actions)

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) >= 2

    @property
    def names(self) -> tuple:
        return tuple(seat.name for seat in self.seats)

    @property
    def rules(self):
        return self.record.rules

    def kind(self) -> str:
        """Which screen the page shows: "lobby", "over", "scores", "pass" or "table"."""
        if self.lobby:
            return "lobby"
        if len(self.state.results) > self.acknowledged:
            return "over" if self.state.is_over else "scores"
        if self.state.is_over:
            return "over"
        seat = self.state.to_act
        if self.hot_seat and self.seats[seat].is_human and self.viewer != seat:
            return "pass"
        return "table"

    def bot_to_act(self) -> bool:
        """A computer seat must move now, or one stands in for a person who is away, and
        nothing waits for a person at this device (a score sheet)."""
        if self.kind() != "table":
            return False
        seat = self.state.to_act
        presence = self.remote.get(seat)
        return presence.stood_in() if presence else not self.seats[seat].is_human

    def human_to_act(self) -> bool:
        return self.kind() == "table" and self.seats[self.state.to_act].is_human

    def screen(self) -> Screen:
        """What the page shows now, from the view of the seat whose eyes it is."""
        kind = self.kind()
        seat = self.state.to_act
        pass_to, reason = None, ""
        if kind == "pass":
            pass_to = seat
            reason = "bomb" if self.state.phase.value == "bomb" else "turn"
        eyes = self.viewer if self.viewer is not None else self.humans[0]
        hide = self.hot_seat and (self.viewer is None or self.viewer != seat or kind != "table")
        seen = None if kind == "pass" else view(self.state, eyes)
        mine = kind == "table" and self.human_to_act() and not hide  # then eyes == seat
        return Screen(
            **coach.on_screen(self, seen if mine else None),
            take_back=mine and self.can_take_back(),
            practice=self.record.practice,
            daily=self.record.daily,
            daily_counts=self.daily_counts,
            rival=self.rival,
            kind=kind,
            view=seen,
            seats=self.seats,
            selection=self.selection,
            log=tuple(self.log),
            since=self.own_move.get(eyes, 0),
            hide_hand=hide,
            pass_to=pass_to,
            pass_reason=reason,
            hot_seat=self.hot_seat,
            thinking=seat if self.bot_to_act() else None,
            waiting=self.remote_to_act(),
            presence=tuple(self.remote[i].state if i in self.remote else ""
                           for i in range(len(self.seats))),
            away_open=not self.away_folded,
            notice=self.notice,
            pace=self.pace,
        )

    def save_text(self) -> str:
        """The autosave: the game record as JSON (``tweak.dumps``)."""
        return dumps(self.record)

    def link_fragment(self) -> str:
        """The game's link fragment: ``g=`` and ``tweak.to_fragment`` of the record."""
        return "g=" + to_fragment(self.record)

    # -- a person's moves and commands --

    def act(self, text: str) -> None:
        """Apply the action in notation ``text`` (a clicked ``data-action``) for the person
        who must act now; ``SessionError`` if it is not theirs to make or not legal now."""
        if not self.human_to_act() or (self.hot_seat and self.viewer != self.state.to_act):
            raise SessionError(self._wait_sentence())
        self._apply(checked_move(text, legal_actions(self.state)))

    def command(self, text: str) -> None:
        """A UI command that is not a move (a clicked ``data-ui``, ``name`` or
        ``name:argument``): its handler in ``ui.worker.commands.COMMANDS``, after clearing the
        notice.  ``SessionError`` for an unknown command, or one that cannot be done now."""
        name, _sep, arg = text.partition(":")
        self.notice = ""
        handler = COMMANDS.get(name)
        if handler is None:
            raise SessionError(_("Unknown command {command}.").format(
                command=repr(text[:40])))
        handler(self, arg)

    def rename(self, seat: int, name: str) -> None:
        """Seat ``seat`` is called ``name`` from now on (cleaned, and told apart from the
        others' names): a person on another device says what they are called."""
        others = [seat_.name.casefold() for i, seat_ in enumerate(self.seats) if i != seat]
        name = base = clean_name(name, seat)
        count = 1
        while name.casefold() in others:
            count += 1
            name = f"{base[:NAME_LENGTH - 2]} {count}"
        self.seats = self.seats[:seat] + (replace(self.seats[seat], name=name),) + \
            self.seats[seat + 1:]
        self.record = replace(self.record, names=self.names)
        # The log is told with the names as they are now (an entry is worded when read).
        self.log = deque((replace(entry, names=self.names) for entry in self.log),
                         maxlen=LOG_LINES)

    def person_view(self) -> Optional[PlayerView]:
        """The view of the person to act, if the device is theirs now; None if it is not,
        ``SessionError`` (who is to move) while a computer plays."""
        if not self.human_to_act() or (self.hot_seat and self.viewer != self.state.to_act):
            if self.bot_to_act():  # a card clicked while a computer plays
                raise SessionError(self._wait_sentence())
            return None
        return view(self.state, self.state.to_act)

    # -- applying a move --

    def _apply(self, action) -> None:
        before = len(self.state.results)
        seat = self.state.to_act
        self.state = apply(self.state, action)
        self.record = self.record.then(action)
        self.last_actor = seat
        if self._actors is not None:
            self._actors.append(seat)
        self.selection = Selection()
        self.hint = None
        mark = self._serial
        self._log_events(self.state.events)
        if self.seats[seat].is_human:
            self.own_move[seat] = mark + 1  # the entry of this move
            self.taken_back = False  # a new decision: it may be taken back in its turn
        self.flash = flash_of(self.state.events, self._serial)
        if len(self.state.results) > before and self.hot_seat:
            self.viewer = None

    def _rewind(self, record: Record) -> None:
        """Go back to the end of ``record``, a shorter record of this game (a take-back):
        the state, actors and move log replayed; selection, hint and flash gone; every score
        sheet up to there counts as seen."""
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

    def _fill_log(self, history) -> None:
        for actor, events in history:
            if actor is not None and self.seats[actor].is_human:
                self.own_move[actor] = self._serial + 1  # that move's entry comes next
            self._log_events(events)

    def _log_events(self, events) -> None:
        for entry in tell(events, self.names):  # public events only (R21)
            self._serial += 1
            self.log.append(replace(entry, serial=self._serial))


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
