"""Rule sets ("editions"): every number a rule set can change, in one frozen ``Rules``.

A ``Rules`` value is what a game is played with and what its record stores (R3).  ``CLASSIC``
(R1, the default) and ``COMPACT`` (R2) are the printed editions.  ``rules.with_changes(...)``
and ``Rules.from_dict(...)`` make house rules; a setting outside what the printed cards can
support (targets 7–10, goals 1–1000, …: the table of R3 in docs/rules.md) raises
``RulesError`` (a ``ValueError``) with a sentence naming it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .cards import VALUES_PER_COLOUR, Card, Colour, Face, TKind
from .words import N_, Sentence, TweakError

__all__ = ["Rules", "RulesError", "CLASSIC", "COMPACT", "EDITIONS", "MIN_PLAYERS", "MAX_PLAYERS",
           "MIN_TARGET", "MAX_TARGET", "MAX_GOAL"]

MIN_PLAYERS = 2
MAX_PLAYERS = 6
# R3, R6, R7: the printed backs and the blue 7.  They also bound a turn's work: the captures
# grow about twofold per point of target (docs/rules.md, R3).
MIN_TARGET, MAX_TARGET = 7, 10
MAX_GOAL = 1000  # R3, R19: house goals up to about 3.6 times the longest printed one
MAX_EDITION_NAME = 40


class RulesError(TweakError):
    """A rule set that makes no sense; the message says which setting and why."""


@dataclass(frozen=True)
class Rules:
    """One rule set (see the module docstring); validated when made."""

    edition: str = "classic"  # the name shown to players: "classic", "compact" or "house"
    # Colours in play for 2, 3, 4, 5, 6 players (R2): the first ones in printed order.
    colours_by_players: tuple = (6, 6, 6, 6, 6)
    tcard_counts: tuple = (5, 5, 5, 2)  # Thief, Joker, Change Target, Bomb (R1)
    red_multiplier: int = 2  # a red card scores face value × this (R5)
    tcard_points: int = 2  # each [T!] card won during a round (R5)
    # The total that ends the game, for 2, 3, 4, 5, 6 players (R19): a median of 3 rounds
    # between default (Medium) bots; chosen by tests/bench/calibrate_goals.py, whose output is
    # tests/bench/results/goals.txt.
    goals: tuple = (275, 190, 145, 125, 105)
    hand_size: int = 3  # cards a player refills to (R16)
    table_refill: int = 2  # cards dealt face up to an empty table (R9, R16)
    target_cycle: tuple = (7, 8, 9, 10)  # the target backs printed on number cards (R6)
    final_target: int = 7  # the blue card: the target while the deck is empty (R7)

    def __post_init__(self):
        self._validate()

    # ---- derived data -------------------------------------------------------------

    def colours(self, players: int) -> tuple:
        """The colours in play for that many players (R2: red first, drop from the end)."""
        return tuple(Colour)[: self.colours_by_players[players - MIN_PLAYERS]]

    def number_cards(self, players: int) -> tuple:
        """Every number card of a round, in printed order, each with its back (R4, R6)."""
        cycle = self.target_cycle
        return tuple(
            Card(Face.of(colour, value), cycle[(k + colour) % len(cycle)])
            for colour in self.colours(players)
            for k, value in enumerate(VALUES_PER_COLOUR)
        )

    def tcards(self) -> tuple:
        """The [T!] pile of a round, unshuffled."""
        return tuple(
            kind for kind, count in zip(TKind, self.tcard_counts) for _ in range(count)
        )

    def goal(self, players: int) -> int:
        """The total that ends a game of that many players (R19)."""
        return self.goals[players - MIN_PLAYERS]

    def points(self, face: Face) -> int:
        """R5: a number card scores its value; a red card scores value × red_multiplier."""
        return face.value * self.red_multiplier if face.colour == Colour.RED else face.value

    def round_points(self, won, tcards: int) -> int:
        """R18: a seat's points for a round — its captured cards (R5) and ``tcards`` [T!]
        cards won, used or not.  The score sheet and the running score both use this."""
        return sum(self.points(face) for face in won) + tcards * self.tcard_points

    # ---- house rules and serialisation --------------------------------------------

    def with_changes(self, **changes: Any) -> "Rules":
        """A validated copy with some settings changed, named "house" unless told (R3)."""
        changes.setdefault("edition", "house")
        return Rules.from_dict({**self.to_dict(), **changes})

    def to_dict(self) -> dict:
        """Every setting by name, tuples as lists: the form a record stores (JSON)."""
        return {key: list(value) if isinstance(value, tuple) else value
                for key, value in asdict(self).items()}

    @staticmethod
    def from_dict(data: Any) -> "Rules":
        """The rule set of ``to_dict``'s form (settings left out keep Classic's); raises
        ``RulesError`` with a sentence for anything else."""
        if not isinstance(data, dict):
            raise RulesError(N_("a rule set must be an object of settings"))
        known = {f.name for f in fields(Rules)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(N_("unknown rule setting(s): {names}"),
                             names=", ".join(map(str, unknown)))
        values = {}
        for key, value in data.items():
            if isinstance(value, list):
                value = tuple(value)
            values[key] = value
        return Rules(**values)

    # ---- validation ---------------------------------------------------------------

    def _validate(self) -> None:
        def whole(name, value, low, high):
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise RulesError(N_("{name} must be a whole number from {low} to {high}, not {value!r}"),
                                 name=name, low=low, high=high, value=value)

        if (not isinstance(self.edition, str) or not self.edition.strip()
                or len(self.edition) > MAX_EDITION_NAME):
            raise RulesError(N_("edition must be a non-empty name of at most {count} characters"),
                             count=MAX_EDITION_NAME)
        self._tuple_of("colours_by_players", self.colours_by_players, 5)
        self._tuple_of("tcard_counts", self.tcard_counts, 4)
        self._tuple_of("goals", self.goals, 5)
        for players, colours in zip(range(MIN_PLAYERS, MAX_PLAYERS + 1), self.colours_by_players):
            whole(Sentence(N_("the number of colours for {players} players"), players=players),
                  colours, 1, 6)
        for kind, count in zip(TKind, self.tcard_counts):
            whole(Sentence(N_("the number of “{kind}” cards"), kind=Sentence(kind.title)), count, 0, 20)
        whole("red_multiplier", self.red_multiplier, 1, 10)
        whole("tcard_points", self.tcard_points, 0, 50)
        for players, goal in zip(range(MIN_PLAYERS, MAX_PLAYERS + 1), self.goals):
            whole(Sentence(N_("the goal for {players} players"), players=players), goal, 1, MAX_GOAL)
        whole("hand_size", self.hand_size, 1, 6)
        whole("table_refill", self.table_refill, 1, 6)
        self._tuple_of("target_cycle", self.target_cycle, None)
        if len(self.target_cycle) > 14:  # k + c <= 13 (R6): later backs are never printed
            raise RulesError(N_("target_cycle must hold 1 to 14 targets, not {count}"),
                             count=len(self.target_cycle))
        for target in self.target_cycle + (self.final_target,):
            # R3, R6, R7: the printed targets; also what keeps a turn's captures few.
            whole(Sentence(N_("a target")), target, MIN_TARGET, MAX_TARGET)
        # A deal must fit in the deck: every hand, the table, and at least one card to draw.
        for players, colours in zip(range(MIN_PLAYERS, MAX_PLAYERS + 1), self.colours_by_players):
            cards = colours * len(VALUES_PER_COLOUR)
            needed = players * self.hand_size + self.table_refill + 1
            if cards < needed:
                raise RulesError(N_("{colours} colour(s) make {cards} cards, too few to deal to "
                                    "{players} players ({needed} needed)"),
                                 colours=colours, cards=cards, players=players, needed=needed)

    @staticmethod
    def _tuple_of(name, value, length):
        if not isinstance(value, tuple) or (length is not None and len(value) != length) or not value:
            if length:
                raise RulesError(N_("{name} must be {length} numbers, not {value!r}"),
                                 name=name, length=length, value=value)
            raise RulesError(N_("{name} must be a list of numbers, not {value!r}"), name=name,
                             value=value)


CLASSIC = Rules()  # R1

COMPACT = Rules(  # R2
    edition="compact",
    colours_by_players=(4, 4, 5, 6, 6),
    tcard_counts=(4, 3, 2, 1),
    goals=(195, 140, 130, 120, 105),  # R19, calibrated like CLASSIC's for this edition
)

EDITIONS = {"classic": CLASSIC, "compact": COMPACT}
