"""The rules of TWEAK! as functions: ``new_game``, ``legal_actions``, ``apply``.

``legal_actions(state)`` lists every action of the seat that must act now (``state.to_act``):
the active player during a turn, or a bombed player choosing a card (R13).  ``apply`` accepts
exactly those actions and raises ``IllegalAction`` (a ``ValueError``) with a sentence naming the
action and the reason for anything else.  Rounds follow one another inside ``apply``: the
action that ends a round scores it (R17, R18) and deals the next one, or ends the game (R19).

Randomness happens only at chance points (the deal, the first dealer, The Thief's steal), each
drawn from ``seeded_rng(seed, label...)`` so a game is reproducible from its seed and actions.
"""

from __future__ import annotations

from collections import Counter
from random import Random

from .actions import (
    Capture, IllegalAction, PlayBomb, PlayChange, PlayJoker, PlayThief, Place,
)
from .captures import captures, captures_by_total, search_captures
from .cards import RANK, Card, Colour, Face, NotationError, TKind
from .events import (
    BombPlayed, Captured, ChangePlayed, Dealt, Drew, GameEnded, GaveUp, JokerPlayed, Placed,
    RoundEnded, RoundStarted, TableDealt, TCardWon, ThiefPlayed, TurnLost, TurnStarted, callout,
)
from .rules import CLASSIC, MAX_PLAYERS, MIN_PLAYERS, Rules, RulesError
from .state import Phase, RoundResult, ScoreRow, State
from .words import N_, SeatNumber, Sentence, TweakError

__all__ = ["new_game", "legal_actions", "apply", "seeded_rng", "shuffled", "captures",
           "captures_by_total", "illegal_reason"]


# ---- randomness ----------------------------------------------------------------------


def seeded_rng(seed: int, *labels) -> Random:
    """A generator for one chance point.  String seeds hash the same way on every platform
    (64-bit CPython and 32-bit Pyodide alike: docs/architecture.md, "Runtime facts"), so
    records replay everywhere."""
    return Random(":".join(map(str, (seed,) + labels)))


def shuffled(items, rng: Random) -> list:
    """Fisher–Yates over ``rng.random()``, the part of ``random`` that is stable across
    Python versions (``shuffle``'s algorithm is not guaranteed to be)."""
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]
    return items


# ---- a new game ----------------------------------------------------------------------


def new_game(players: int, seed: int, rules: Rules = CLASSIC, *, deck=None, tcards=None,
             dealer=None) -> State:
    """Round 1 of a new game of ``players`` (2–6) seats, dealt from ``seed`` (0 to 2**63−1)
    under ``rules``: its ``State``.

    ``deck`` (tests and puzzles) stacks round 1's number cards (``Card``s or text like
    ``"R3/7"``), top first: the first ``players × hand_size`` are dealt one at a time starting
    with the first player, the next ``table_refill`` go to the table, the rest form the deck
    (R9).  It may hold fewer cards than the edition, but only cards of the edition, each at
    most once.  ``tcards`` stacks the [T!] pile (top first) and ``dealer`` fixes the first
    dealer; both default to the seed.  Anything else raises a ``TweakError`` (a
    ``ValueError``; ``RulesError`` for ``rules``, ``NotationError`` for a card's text) with a
    sentence naming it.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise TweakError(N_("a game needs {low} to {high} players, not {players!r}"),
                         low=MIN_PLAYERS, high=MAX_PLAYERS, players=players)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise TweakError(N_("the seed must be a whole number from 0 to 2**63-1, not {seed!r}"),
                         seed=seed)
    if not isinstance(rules, Rules):
        raise RulesError(N_("rules must be a Rules object"))
    if dealer is None:
        dealer = int(seeded_rng(seed, "dealer").random() * players)  # R8
    elif isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise TweakError(N_("the dealer must be a seat from 0 to {last}, not {dealer!r}"),
                         last=players - 1, dealer=dealer)
    if deck is not None:
        deck = _checked_deck(deck, players, rules)
    if tcards is not None:
        tcards = tuple(kind if isinstance(kind, TKind) else TKind.parse(kind) for kind in tcards)
    blank = tuple(() for _ in range(players))
    game = _Game(
        rules=rules, players=players, seed=seed, round=0, dealer=dealer, turn=dealer,
        phase=Phase.PLAY, deck=(), table=(), hands=blank, won=blank, tcard_pile=(),
        tcards_held=blank, tcards_used=blank, tweaks=(0,) * players, joker=0,
        tcard_played=False, bomb_queue=(), step=0, totals=(0,) * players, results=(),
        winners=(), events=(),
    )
    game.deal_round(1, dealer, deck, tcards)
    return game.freeze()


def _checked_deck(deck, players, rules):
    cards = tuple(card if isinstance(card, Card) else Card.parse(card) for card in deck)
    allowed = Counter(rules.number_cards(players))
    for card, count in Counter(cards).items():
        if allowed[card] < count:
            raise TweakError(N_("the stacked deck holds {card}, which is not a card of this "
                                "edition for {players} players (or is there twice)"),
                             card=str(card), players=players)
    needed = players * rules.hand_size + rules.table_refill
    if len(cards) < needed:
        raise TweakError(N_("a stacked deck needs at least {needed} cards to deal, not {count}"),
                         needed=needed, count=len(cards))
    return cards


# ---- legal actions -------------------------------------------------------------------


def legal_actions(state: State) -> tuple:
    """Every legal action of ``state.to_act`` (the active seat, or a bombed seat choosing a
    card, R13) as a tuple: [T!] plays first, then captures, then places; () once the game is
    over."""
    if state.phase is Phase.OVER:
        return ()
    if state.phase is Phase.BOMB:
        return tuple([Place(face) for face in _distinct(state.hands[state.bomb_queue[0]])])
    seat = state.turn
    hand = state.hands[seat]
    actions = []
    if not state.tcard_played:  # R12: at most one [T!] card, before the hand card
        held = state.tcards_held[seat]
        if TKind.THIEF in held:
            actions += [PlayThief(victim) for victim in _opponents_with_cards(state, seat)]
        if TKind.JOKER in held:
            actions.extend((PlayJoker(+1), PlayJoker(-1)))
        if TKind.CHANGE in held and state.deck:
            actions.append(PlayChange())
        if TKind.BOMB in held and _opponents_with_cards(state, seat):
            actions.append(PlayBomb())
    faces = _distinct(hand)
    target = state.target
    # Each table is met once here, so no cache (``captures_by_total``'s is for bots' searches).
    wanted = {target - face.value for face in faces if face.value < target}
    found = search_captures(state.table, wanted) if wanted and state.table else {}
    # Plain loops and comprehensions: under Pyodide, builtins fed by generators cost more.
    for face in faces:
        for taken in found.get(target - face.value, ()):
            actions.append(Capture(face, taken))
    actions += [Place(face) for face in faces]
    return tuple(actions)


def _distinct(faces) -> list:
    return sorted(set(faces), key=RANK.__getitem__)


def _opponents_with_cards(state, seat) -> list:
    """Other seats with at least one card, in play order after ``seat`` (R13).  ``state`` is a
    ``State`` or the engine's working copy of one."""
    players = state.players
    return [s % players for s in range(seat + 1, seat + players) if state.hands[s % players]]


# The fields each kind of action holds.  An action is one of these classes exactly, with exactly
# these fields, each of the right type (``_malformed``).
_FIELDS = {Place: {"card"}, Capture: {"card", "taken"}, PlayThief: {"victim"},
           PlayJoker: {"delta"}, PlayChange: set(), PlayBomb: set()}
_KIND = {PlayThief: TKind.THIEF, PlayJoker: TKind.JOKER, PlayChange: TKind.CHANGE,
         PlayBomb: TKind.BOMB}


def _malformed(action) -> str:
    """Why ``action`` is not an action of the right shape, or "" if it is.  Anything may be
    handed to ``apply`` (a page, a bot, a test): ``Capture(face, None)``, ``PlayThief(1.0)``
    (equal to ``PlayThief(1)``, but no seat index) or ``PlayJoker(True)`` must be refused here,
    before the rules compare them with legal actions and the engine indexes with them."""
    kind = type(action)  # the exact class: a subclass may redefine anything
    fields = _FIELDS.get(kind)
    if fields is None:
        return "it is not an action"
    held = action.__dict__  # every action class is a plain dataclass, so it has one
    if held.keys() != fields:
        return f"a {kind.__name__} holds exactly {', '.join(sorted(fields)) or 'nothing'}"
    if kind is Place or kind is Capture:
        if type(held["card"]) is not Face:
            return "its card must be a card face, e.g. Face.parse('R3')"
        if kind is Capture:
            taken = held["taken"]
            if type(taken) is not tuple:
                return "the cards it takes must be a tuple of card faces"
            for face in taken:  # a few cards: a plain loop is cheapest
                if type(face) is not Face:
                    return "the cards it takes must be a tuple of card faces"
    elif kind is PlayThief:
        if type(held["victim"]) is not int:
            return "The Thief's victim must be a seat number (an int)"
    elif kind is PlayJoker and type(held["delta"]) is not int:
        return "The Joker's change must be the int +1 or -1"
    return ""


def illegal_reason(state: State, action) -> str:
    """Why ``action`` is not legal now, or "" if it is.  Agrees with ``legal_actions``
    (tests/engine/test_invariants.py checks the two against each other over thousands of
    random games).  A reason a player can meet (a record's action replayed) is a
    ``tweak.words.Sentence``, so the UI can tell it in the player's language."""
    malformed = _malformed(action)
    if malformed:
        return malformed
    if state.phase is Phase.OVER:
        return Sentence(N_("the game is over"))
    seat = state.to_act
    hand = state.hands[seat]
    if state.phase is Phase.BOMB:
        if not isinstance(action, Place):
            return Sentence(N_("seat {seat} must first give a card to the Bomb"),
                            seat=SeatNumber(seat))
        return "" if action.card in hand else _not_in_hand(seat, action.card)
    if isinstance(action, Place):
        return "" if action.card in hand else _not_in_hand(seat, action.card)
    if isinstance(action, Capture):
        if action.card not in hand:
            return _not_in_hand(seat, action.card)
        if not action.taken:
            return Sentence(N_("a capture must take at least one table card"))  # R14
        table = list(state.table)  # a few cards: cheaper than comparing Counters
        missing = []
        for face in action.taken:
            if face in table:
                table.remove(face)
            else:
                missing.append(face)
        if missing:
            return Sentence(N_("{cards} not on the table"),
                            cards="+".join(map(str, sorted(missing))))
        if action.total != state.target:
            return Sentence(N_("the cards add up to {total}, not the target {target}"),
                            total=action.total, target=state.target)
        return ""
    if isinstance(action, (PlayThief, PlayJoker, PlayChange, PlayBomb)):
        if state.tcard_played:
            return Sentence(N_("only one [T!] card may be played in a turn (R12)"))
        kind = _KIND[type(action)]
        if kind not in state.tcards_held[seat]:
            return Sentence(N_("seat {seat} holds no “{kind}” card"), seat=SeatNumber(seat),
                            kind=Sentence(kind.title))
        if isinstance(action, PlayThief):
            if action.victim not in _opponents_with_cards(state, seat):
                return Sentence(N_("seat {victim} is not an opponent with cards in hand"),
                                victim=SeatNumber(action.victim))
        elif isinstance(action, PlayJoker):
            if action.delta not in (1, -1):
                return Sentence(N_("The Joker changes the target by +1 or -1"))
        elif isinstance(action, PlayChange):
            if not state.deck:
                return Sentence(N_("the deck is empty, so there is no target to change (R13)"))
        elif not _opponents_with_cards(state, seat):
            return Sentence(N_("no other player has a card to give up (R13)"))
        return ""
    return f"{action!r} is not an action"


# ---- applying an action --------------------------------------------------------------


def apply(state: State, action) -> State:
    """The state after ``action``, one of ``legal_actions(state)``; raises ``IllegalAction``
    (a ``ValueError``) with a sentence naming the action and the reason for anything else.
    The action that ends a round scores it (R17, R18) and deals the next, or ends the game."""
    reason = "" if _plainly_legal(state, action) else illegal_reason(state, action)
    if reason:
        raise IllegalAction(N_("{action} is not legal: {reason}"), action=_named(action),
                            reason=reason)
    if type(action) is Capture and not _in_order(action.taken):
        # R14: the taken table cards are a set; store them sorted, as the notation and
        # legal_actions do, so a game replays from its record to the very same state.
        action = Capture.of(action.card, action.taken)
    game = _Game.thaw(state)
    game.step += 1
    game.play(action)
    return game.freeze()


def _plainly_legal(state: State, action) -> bool:
    """True if ``action`` is a well-formed place or capture that ``illegal_reason`` would
    accept: the checks of the commonest steps, in a few operations.  False means "ask
    ``illegal_reason``", which also finds the reason."""
    kind = type(action)
    if kind is Place:
        held = action.__dict__
        if len(held) != 1 or type(held.get("card")) is not Face or state.phase is Phase.OVER:
            return False
        seat = state.turn if state.phase is Phase.PLAY else state.bomb_queue[0]
        return held["card"] in state.hands[seat]
    if kind is Capture and state.phase is Phase.PLAY:
        held = action.__dict__
        card, taken = held.get("card"), held.get("taken")
        if (len(held) != 2 or type(card) is not Face or type(taken) is not tuple or not taken
                or card not in state.hands[state.turn]):
            return False
        table = list(state.table)
        total = card.value
        for face in taken:
            if type(face) is not Face or face not in table:
                return False
            table.remove(face)
            total += face.value
        return total == state.target
    return False


def _in_order(faces) -> bool:
    """Whether ``faces`` are in canonical order already (as ``Capture.of`` sorts them)."""
    rank = RANK
    for index in range(1, len(faces)):
        if rank[faces[index]] < rank[faces[index - 1]]:
            return False
    return True


def _callout(values: tuple) -> str:
    """``words.callout(values)``, kept: a capture's sum is told in its event at every step of a
    search, and the same few sums recur."""
    text = _CALLOUTS.get(values)
    if text is None:
        if len(_CALLOUTS) >= 4096:
            _CALLOUTS.clear()
        text = _CALLOUTS[values] = callout(values)
    return text


_CALLOUTS = {}


def _not_in_hand(seat: int, face: Face) -> Sentence:
    return Sentence(N_("seat {seat} has no {card} in hand"), seat=SeatNumber(seat),
                    card=str(face))


def _named(action) -> str:
    """The notation of a well-formed action; a description of anything else (whose ``str``
    may itself fail: ``str(Capture(face, None))`` raises)."""
    if not _malformed(action):
        return str(action)
    try:
        return repr(action)
    except Exception:  # any object may be passed in; its repr may raise anything
        return f"a {type(action).__name__} object"


def _without(items: tuple, item) -> tuple:
    """``items`` less one occurrence of ``item``."""
    index = items.index(item)
    return items[:index] + items[index + 1:]


def _with(items: tuple, index: int, value) -> tuple:
    """``items`` with ``items[index]`` replaced by ``value``."""
    return items[:index] + (value,) + items[index + 1:]


class _Game:
    """A working copy of a ``State`` during one ``apply``.  Its fields hold the same immutable
    tuples as the state and are rebound as the step goes (copy on write): only what changes is
    rebuilt, which keeps ``apply`` fast for bots that search."""

    @staticmethod
    def thaw(state: State) -> "_Game":
        game = _Game.__new__(_Game)
        game.__dict__.update(state.__dict__)
        game.events = []
        return game

    def __init__(self, **fields):
        self.__dict__.update(fields)
        self.events = []

    def freeze(self) -> State:
        self.events = tuple(self.events)
        # Every field was given a valid value above; skipping the dataclass __init__ (23
        # frozen-attribute writes) makes each step measurably cheaper.
        state = object.__new__(State)
        state.__dict__.update(self.__dict__)
        return state

    @property
    def target(self) -> int:
        return (self.deck[0].back if self.deck else self.rules.final_target) + self.joker

    def take_from_hand(self, seat, face) -> None:
        self.hands = _with(self.hands, seat, _without(self.hands[seat], face))

    # -- the actions --

    def play(self, action) -> None:
        if isinstance(action, Place):
            if self.phase is Phase.BOMB:  # R13: a bombed player's own choice
                seat = self.bomb_queue[0]
                self.take_from_hand(seat, action.card)
                self.table += (action.card,)
                self.events.append(GaveUp(seat, action.card))
                self.bomb_queue = self.bomb_queue[1:]
                if not self.bomb_queue:
                    self.phase = Phase.PLAY
            else:  # R14: place
                self.take_from_hand(self.turn, action.card)
                self.table += (action.card,)
                self.events.append(Placed(self.turn, action.card))
                self.end_turn()
        elif isinstance(action, Capture):
            self.capture(self.turn, action)
            self.end_turn()
        else:
            self.play_tcard(self.turn, action)

    def capture(self, seat, action: Capture) -> None:
        self.take_from_hand(seat, action.card)
        table = self.table
        for face in action.taken:
            table = _without(table, face)
        self.table = table
        self.won = _with(self.won, seat, self.won[seat] + (action.card,) + action.taken)
        tweak = not table  # R15: the capture took every table card
        self.events.append(Captured(
            seat, action.card, action.taken,
            _callout((action.card.value,) + tuple([face.value for face in action.taken])), tweak,
        ))
        if tweak:
            self.tweaks = _with(self.tweaks, seat, self.tweaks[seat] + 1)
            won = None
            if self.tcard_pile:  # R15: with an empty pile it is still a TWEAK!, winning nothing
                won, self.tcard_pile = self.tcard_pile[0], self.tcard_pile[1:]
                self.tcards_held = _with(self.tcards_held, seat, self.tcards_held[seat] + (won,))
            self.events.append(TCardWon(seat, won))

    def play_tcard(self, seat, action) -> None:
        kind = _KIND[type(action)]
        self.tcards_held = _with(self.tcards_held, seat, _without(self.tcards_held[seat], kind))
        # R13: a played [T!] card is set aside face up in front of its owner; it still scores.
        self.tcards_used = _with(self.tcards_used, seat, self.tcards_used[seat] + (kind,))
        self.tcard_played = True  # R12
        if isinstance(action, PlayThief):
            hand = self.hands[action.victim]
            # R13: a uniformly random card of the victim's hand, from the seeded stream.
            card = hand[int(seeded_rng(self.seed, "thief", self.step).random() * len(hand))]
            self.take_from_hand(action.victim, card)
            self.table += (card,)
            self.events.append(ThiefPlayed(seat, action.victim, card))
        elif isinstance(action, PlayJoker):
            self.joker = action.delta
            self.events.append(JokerPlayed(seat, action.delta, self.target))
        elif isinstance(action, PlayChange):
            card = self.deck[0].face
            self.deck = self.deck[1:]
            self.table += (card,)
            self.events.append(ChangePlayed(seat, card, self.target))
        else:  # PlayBomb: victims give a card each, in seat order after the player (R13)
            self.bomb_queue = tuple(_opponents_with_cards(self, seat))
            self.phase = Phase.BOMB
            self.events.append(BombPlayed(seat, self.bomb_queue))

    # -- the end of a turn, a round, the game --

    def draw(self, count) -> tuple:
        """The faces of the deck's top ``count`` cards, which leave the deck."""
        drawn = tuple(card.face for card in self.deck[:count])
        self.deck = self.deck[count:]
        return drawn

    def refill(self, seat) -> None:
        """R16: the hand first, then an empty table, as far as the deck goes."""
        count = min(self.rules.hand_size - len(self.hands[seat]), len(self.deck))
        if count > 0:
            drawn = self.draw(count)
            self.hands = _with(self.hands, seat, self.hands[seat] + drawn)
            self.events.append(Drew(seat, count, drawn))
        if not self.table and self.deck:
            self.table = self.draw(self.rules.table_refill)
            self.events.append(TableDealt(self.table))

    def end_turn(self) -> None:
        self.refill(self.turn)
        self.joker = 0
        self.tcard_played = False
        self.next_turn()

    def next_turn(self) -> None:
        players = self.players
        while True:
            if not self.deck and not any(self.hands):  # R17
                self.end_round()
                return
            self.turn = (self.turn + 1) % players
            if self.hands[self.turn]:
                self.events.append(TurnStarted(self.turn, self.target))
                return
            self.events.append(TurnLost(self.turn))  # R10: refill and pass
            self.refill(self.turn)

    def end_round(self) -> None:
        rules = self.rules
        rows = []
        totals = list(self.totals)
        for seat in range(self.players):
            won = self.won[seat]
            card_points = sum(face.value for face in won)
            red_bonus = sum(rules.points(face) - face.value for face in won)  # R5
            tcards = len(self.tcards_held[seat]) + len(self.tcards_used[seat])
            points = rules.round_points(won, tcards)  # R18: card points + red bonus + [T!]
            totals[seat] += points
            rows.append(ScoreRow(seat, len(won), card_points, red_bonus, tcards,
                                 tcards * rules.tcard_points, self.tweaks[seat], points,
                                 totals[seat]))
        # R17: the cards left on the table are discarded and score nothing.
        result = RoundResult(self.round, self.dealer, tuple(rows), self.table)
        self.table = ()
        self.totals = tuple(totals)
        self.results = self.results + (result,)
        self.events.append(RoundEnded(result))
        best = max(totals)
        if best >= rules.goal(self.players):  # R19: the highest total wins; ties share
            self.winners = tuple(seat for seat in range(self.players) if totals[seat] == best)
            self.phase = Phase.OVER
            self.events.append(GameEnded(self.winners, self.totals))
            return
        self.deal_round(self.round + 1, (self.dealer + 1) % self.players)  # R8

    def deal_round(self, number, dealer, deck=None, tcards=None) -> None:
        """R9: shuffle, deal hands one card at a time from the first player, then the table."""
        rules, players = self.rules, self.players
        if deck is None:
            deck = shuffled(rules.number_cards(players), seeded_rng(self.seed, "deck", number))
        if tcards is None:
            tcards = shuffled(rules.tcards(), seeded_rng(self.seed, "tcards", number))
        first = (dealer + 1) % players
        self.round, self.dealer, self.turn = number, dealer, first
        self.phase = Phase.PLAY
        empty = ((),) * players
        self.won = self.tcards_held = self.tcards_used = empty  # R17: [T!] cards go back
        self.tweaks = (0,) * players
        self.tcard_pile = tuple(tcards)
        self.joker = 0
        self.tcard_played = False
        self.bomb_queue = ()
        self.events.append(RoundStarted(number, dealer, first))
        dealt = players * rules.hand_size
        faces = [card.face for card in deck[:dealt]]
        # One card at a time, starting with the first player: card i goes to first + i.
        self.hands = tuple(
            tuple(faces[(seat - first) % players::players]) for seat in range(players)
        )
        for seat in range(players):
            self.events.append(Dealt(seat, rules.hand_size, self.hands[seat]))
        self.deck = tuple(deck[dealt:])
        self.table = self.draw(rules.table_refill)
        self.events.append(TableDealt(self.table))
        self.events.append(TurnStarted(first, self.target))
