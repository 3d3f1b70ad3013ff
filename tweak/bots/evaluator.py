"""The search as a judge: every legal action of a seat valued from its view alone (R21).

``evaluate(view, budget=COACH_BUDGET, seed=0)`` returns ``Judgement``s, best first: each action
with its value in round points relative to the best, the value's paired standard error, the
worlds it met and reasons a person can read (``describe``).  ``search`` is the generator under
it and under the Hard bot: worlds sampled from the view (``sampling``), every candidate played
out in each (``playout``), candidates clearly behind dropped as it goes, within a ``Budget``.
How it values actions and how far to trust it: docs/bots.md, "Hard" and "The evaluator".
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from time import perf_counter

from ..actions import Capture, Place, PlayBomb, PlayChange, PlayJoker, PlayThief
from ..cards import TKind
from ..words import N_, N_plural, Sentence
from .heuristics import Appraiser
from .knowledge import Knowledge
from .medium import rank
from .playout import playout, points_table
from .reasons import Cards, Seat, percent, points, tenths, title
from .sampling import PLACE_SLIP, determinize

__all__ = ["Judgement", "Budget", "Result", "evaluate", "finish", "search", "judgements",
           "describe", "COACH_BUDGET", "PRUNE_EVERY", "PRUNE_Z"]

PRUNE_EVERY = 4  # worlds between checks for candidates that are clearly behind
PRUNE_Z = 2.5  # standard errors of the paired difference that mark a candidate as behind
# Playout actions that look one move ahead, per seat: the first turns shape the decision most,
# later ones are played greedily to save time.
LOOK_TURNS = 2
# Deck sizes at or below which playouts run to the round's end, so a [T!] card kept, the last
# cards and the discard (R17) count as they play out.  Earlier in a round a playout to the end
# is mostly noise (dozens of turns later, the worlds of two candidates have nothing left in
# common), so it stops when this seat is to play again after ``SHORT_TURNS`` more turns, and
# the position is scored as Medium's arithmetic does: ``HAND_SHARE`` of the hand's points and
# the option of a held [T!] card (``heuristics``).  The measurements: docs/bots.md, "Hard".
ENDGAME_DECK = 12
SHORT_TURNS = 1
HAND_SHARE = 0.4  # heuristics.PLACE_COST_SHARE: a card in hand mostly scores later
# How much the other seats' points count against this seat's in a short playout with two
# players: what the opponent takes from a table left to them would in part have been this
# seat's next, which a short playout cannot see.  To the round's end: fully.
SHORT_OTHERS_WEIGHT = {2: 0.75}


@dataclass(frozen=True)
class Judgement:
    """One legal action and what the search thinks of it."""

    action: object  # the legal action (``str(action)`` is its notation)
    # Round points relative to the best action (0 for the best, negative for the others):
    # this seat's round points (R18) less the other seats' mean (as ``search`` weighs them),
    # averaged over the worlds.
    value: float
    error: float  # its standard error, paired over the worlds both met (0 for the best)
    worlds: int  # worlds this action met (a clearly worse action is dropped early)
    reasons: tuple  # Sentences a person understands, from the view alone (``describe``)

    def __str__(self) -> str:
        return f"{self.action}: {self.value:+.1f} ({'; '.join(self.reasons)})"


@dataclass(frozen=True)
class Budget:
    """How long a search may take.  ``None`` means no limit of that kind; at least one of
    ``steps``, ``time_limit`` and ``cap`` must be set."""

    steps: object = 4000  # engine steps (``apply`` calls): reproducible
    time_limit: object = None  # seconds: no new world once passed and ``min_worlds`` are done
    cap: object = None  # seconds: a hard stop, even mid-world (that world is not counted)
    min_worlds: int = 8
    slice_seconds: float = 0.02  # how often ``search`` yields, so a page stays responsive
    min_steps: int = 0  # engine steps before ``time_limit`` may stop a search (``cap`` still can)


# The default: no clock.  A page that must answer in time passes its own (docs/bots.md).
COACH_BUDGET = Budget(steps=6000, time_limit=None, cap=None, min_worlds=12)


@dataclass
class Result:
    """What a search found: ``candidates`` (actions, Medium's order), ``values[i]`` the value of
    candidate i in each world it met (seat's points − weight × others' mean points), ``alive``
    the candidates not dropped, ``worlds`` and ``steps`` spent."""

    candidates: list
    values: list
    alive: list
    worlds: int
    steps: int

    def mean(self, index) -> float:
        values = self.values[index]
        return sum(values) / len(values) if values else float("-inf")

    def best(self) -> int:
        """The candidate with the best mean among the survivors (ties: Medium's order)."""
        return max(self.alive, key=lambda index: (self.mean(index), -index))

    def gap(self, better, worse):
        """(mean, standard error) of ``values[better] − values[worse]`` over shared worlds."""
        count = min(len(self.values[better]), len(self.values[worse]))
        gaps = [a - b for a, b in zip(self.values[better][:count], self.values[worse][:count])]
        if not gaps:
            return 0.0, float("inf")
        mean = sum(gaps) / count
        if count < 2:
            return mean, float("inf")
        spread = (sum((gap - mean) ** 2 for gap in gaps) / (count - 1)) ** 0.5
        return mean, spread / count ** 0.5


def others_weight(players) -> float:
    """How much the other seats' mean points count against this seat's (see ``Judgement``)."""
    return 1.0


def search(view, rng, budget: Budget, width=None, ranked=None, look_turns=None,
           endgame=None, short_turns=None, short_others=None, place_slip=PLACE_SLIP):
    """Determinized search of ``view`` (its seat must act, else ``ValueError``) with ``rng``
    within ``budget``: a generator that yields between slices of work and returns a ``Result``.
    All candidates meet the same worlds (common random numbers); every ``PRUNE_EVERY`` worlds
    those ``PRUNE_Z`` standard errors behind the best are dropped.  ``width`` limits the
    candidates to Medium's best ``width`` (None: every legal action); ``ranked`` is Medium's
    ranking if already known.  ``look_turns``, ``endgame``, ``short_turns`` and
    ``short_others`` replace ``LOOK_TURNS``, ``ENDGAME_DECK``, ``SHORT_TURNS`` and
    ``SHORT_OTHERS_WEIGHT`` (for experiments); ``place_slip`` goes to ``sampling.determinize``
    (1: a play tells nothing about the player's hand)."""
    legal = view.legal
    if not legal:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    started = last_yield = perf_counter()
    known = Knowledge(view)
    if ranked is None:
        ranked = rank(view, rng, known)
    candidates = [action for _, action in ranked]
    if width is not None:
        candidates = candidates[:width]
    values = [[] for _ in candidates]
    alive = list(range(len(candidates)))
    if len(candidates) == 1:
        return Result(candidates, values, alive, 0, 0)
    points = points_table(view.rules)
    seat, players = view.seat, view.players
    look_plies = (LOOK_TURNS if look_turns is None else look_turns) * players
    endgame = ENDGAME_DECK if endgame is None else endgame
    short_turns = SHORT_TURNS if short_turns is None else short_turns
    if view.deck_size <= endgame:  # to the round's end: round points only
        weight = others_weight(players) / (players - 1)
        horizon = {}
    else:
        weight = (SHORT_OTHERS_WEIGHT.get(players, others_weight(players))
                  if short_others is None else short_others) / (players - 1)
        horizon = {"seat": seat, "turns": short_turns, "hand_share": HAND_SHARE,
                   "tcard_option": Appraiser(view, known, rng).option}
    steps = worlds = 0
    stopped = False
    while not stopped:
        world = determinize(view, rng, known, place_slip)
        for index in alive:
            scores, used = playout(world, candidates[index], points, look_plies, **horizon)
            values[index].append(scores[seat] - weight * (sum(scores) - scores[seat]))
            steps += used
            now = perf_counter()
            if budget.cap is not None and now - started >= budget.cap:
                stopped = True  # the hard cap: this world is unfinished, forget it
                break
            if now - last_yield >= budget.slice_seconds:
                yield
                last_yield = perf_counter()
        if stopped:
            for index in alive:
                del values[index][worlds:]
            break
        worlds += 1
        if len(alive) > 1 and worlds >= budget.min_worlds and worlds % PRUNE_EVERY == 0:
            alive = _survivors(values, alive)
        if len(alive) == 1:
            break
        if worlds >= budget.min_worlds and (
                (budget.steps is not None and steps >= budget.steps)
                or (budget.time_limit is not None and steps >= budget.min_steps
                    and perf_counter() - started >= budget.time_limit)):
            break
    return Result(candidates, values, alive, worlds, steps)


def _survivors(values, alive):
    """The candidates not clearly worse than the best so far (paired over shared worlds)."""
    result = Result([], values, alive, 0, 0)
    best = result.best()
    kept = []
    for index in alive:
        if index != best:
            mean, error = result.gap(best, index)
            if mean > PRUNE_Z * error:
                continue
        kept.append(index)
    return kept


# ---- reasons a person understands -----------------------------------------------------------
# Each reason is a tweak.words.Sentence of a marked message; its fields are tweak.bots.reasons'
# values, so a developer reads cards in notation and a player by name, in their language.

_TCARD_OF = {PlayThief: TKind.THIEF, PlayJoker: TKind.JOKER, PlayChange: TKind.CHANGE,
             PlayBomb: TKind.BOMB}


def describe(view, action, judge=None) -> tuple:
    """Short reasons (``Sentence``s) for ``action`` from ``view`` only, never naming a card the
    seat cannot see: points taken and red cards among them (R5), a TWEAK! and its [T!] card
    (R15), the card placed, the [T!] card played or kept (2 points either way, R5, R12, R13),
    and what the table left offers the next player at the next target (R11, R16).  ``judge``:
    an ``Appraiser`` of ``view`` if the caller has one."""
    known = judge.known if judge is not None else Knowledge(view)
    judge = judge if judge is not None else Appraiser(view, known, Random(0))
    rules = view.rules
    worth = rules.points
    tcard_points = points(rules.tcard_points)
    held = view.tcards_held[view.seat] if view.phase == "play" else ()
    if view.phase == "bomb":
        return (Sentence(N_("gives {card} ({points}) to the Bomb: it goes to the table at the "
                            "bomber's target {target}"),
                         card=Cards((action.card,)), points=points(worth(action.card)),
                         target=view.target),)
    if type(action) in _TCARD_OF:
        played_title = title(_TCARD_OF[type(action)].title)
        if isinstance(action, PlayThief):
            n = view.hand_sizes[action.victim]
            played = Sentence(N_plural("plays {title} on {name}: a random card of their {n} "
                                       "goes to the table",
                                       "plays {title} on {name}: a random card of their {n} "
                                       "goes to the table"),
                              title=played_title, name=Seat(action.victim), n=n)
        elif isinstance(action, PlayJoker):
            played = Sentence(N_("plays {title}: the target becomes {target}"), title=played_title,
                              target=view.target + action.delta)
        elif isinstance(action, PlayChange):
            played = Sentence(N_("plays {title}: the deck's top card goes to the table, a new "
                                 "target"), title=played_title)
        else:
            n = sum(1 for seat in known.opponents if view.hand_sizes[seat])
            played = Sentence(N_plural("plays {title}: {n} opponent gives a card to the table",
                                       "plays {title}: {n} opponents each give a card to the "
                                       "table"), title=played_title, n=n)
        # R5: a [T!] card scores whether played or kept; R13: kept, it acts later.
        return (played, Sentence(N_("the [T!] card scores its {points} whether played or kept; "
                                    "kept, it could act later this round"),
                                 points=tcard_points))
    table = list(view.table)
    reasons = []
    if isinstance(action, Capture):
        cards = (action.card,) + action.taken
        total = points(sum(worth(face) for face in cards))
        red = sum(1 for face in cards if worth(face) != face.value)  # R5: red cards double
        if red:
            reasons.append(Sentence(N_plural("takes {cards}: {points} ({n} red card, double "
                                             "points)",
                                             "takes {cards}: {points} ({n} red cards, double "
                                             "points)"),
                                    cards=Cards(cards), points=total, n=red))
        else:
            reasons.append(Sentence(N_("takes {cards}: {points}"), cards=Cards(cards),
                                    points=total))
        left = list(table)
        for face in action.taken:
            left.remove(face)
        if not left:  # R15
            reasons.append(Sentence(N_("TWEAK!: clears the table and wins a [T!] card ({points} "
                                       "and an effect)"), points=tcard_points)
                           if view.tcard_pile_size
                           else Sentence(N_("TWEAK! (the [T!] pile is empty: no card)")))
    else:
        reasons.append(Sentence(N_("places {card}: gives up its {points}"),
                                card=Cards((action.card,)), points=points(worth(action.card))))
        left = table + [action.card]
    for kind in dict.fromkeys(held):
        reasons.append(Sentence(N_("keeps {title} for a later turn ({points} either way)"),
                                title=title(kind.title), points=tcard_points))
    reasons.append(_leaves(view, judge, known, action, left))
    return tuple(reasons)


def _leaves(view, judge, known, action, left) -> Sentence:
    """What the table left after this play offers the next player (R11, R16)."""
    if not left and isinstance(action, Capture):
        return Sentence(N_("the next player finds a fresh table of two deck cards"))
    hand_after = len(view.hand) - 1
    draws = min(view.rules.hand_size - hand_after, view.deck_size) if view.deck_size else 0
    targets = known.target_after(draws)
    cards = judge._next_hand(view.seat)
    if not cards:
        return Sentence(N_("leaves {cards} on the table; no one is left to take it"),
                        cards=Cards(tuple(left)))
    items = [(face.value, view.rules.points(face)) for face in left]
    expected = judge.exposure(items, targets, cards)
    total = sum(face.value for face in left)
    tweak = 0.0
    shares = known.value_share
    for target, chance in targets.items():
        need = target - total
        if need in shares:
            tweak += chance * (1.0 - (1.0 - shares[need]) ** cards)
    likely = max(targets.items(), key=lambda item: item[1])
    at = (Sentence(N_("target {target}"), target=likely[0]) if likely[1] >= 0.999
          else Sentence(N_("target {targets} (most likely {target})"),
                        targets="/".join(str(t) for t in targets), target=likely[0]))
    fields = dict(cards=Cards(tuple(left)), points=points(sum(view.rules.points(f) for f in left)),
                  at=at, taken=tenths(expected))
    if tweak < 0.05 and round(expected, 1) == 0:  # a safe play: nothing for the next player
        return Sentence(N_("leaves {cards} ({points}), nothing the next player can take at "
                           "{at}"), **{name: fields[name] for name in ("cards", "points", "at")})
    if tweak >= 0.05:
        return Sentence(N_("leaves {cards} ({points}) to the next player at {at}: they take about "
                           "{taken}, a TWEAK! {chance} of the time"),
                        chance=percent(round(100 * tweak)), **fields)
    return Sentence(N_("leaves {cards} ({points}) to the next player at {at}: they take about "
                       "{taken}"), **fields)


def judgements(view, result: Result) -> list:
    """The ``Judgement`` list of a finished search of ``view``, best first (actions no world
    met last)."""
    best = result.best()
    best_mean = result.mean(best)
    known = Knowledge(view)
    judge = Appraiser(view, known, Random(0))
    found = []
    for index, action in enumerate(result.candidates):
        if index == best:
            value, error = 0.0, 0.0
        elif result.values[index]:
            mean, error = result.gap(best, index)
            value = -mean
            if value > 0:  # a candidate dropped early may have looked better on fewer worlds
                value = min(0.0, result.mean(index) - best_mean)
        else:
            value, error = float("-inf"), float("inf")
        found.append(Judgement(action, round(value, 2), round(error, 2),
                               len(result.values[index]), describe(view, action, judge)))
    found.sort(key=lambda item: (item.worlds == 0, -item.value))
    return found


def finish(steps):
    """Run a generator that yields to let a page breathe (``search``, ``HardBot.think``,
    ``endgame.solve_steps``) to its end; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def evaluate(view, budget: Budget = COACH_BUDGET, seed: int = 0, width=None) -> list:
    """Every legal action of ``view.seat`` (or Medium's best ``width``) judged within
    ``budget``: a list of ``Judgement``, best first.  ``seed`` seeds the sampling (the same
    view, budget and seed give the same answer, unless a clock limit stops the search).
    Raises ``ValueError`` if the seat has nothing to do now."""
    result = finish(search(view, Random(seed), budget, width))
    if result.worlds == 0 and len(result.candidates) > 1:
        # The cap came before one world was done: Medium's order, unvalued.
        result.values = [[0.0] for _ in result.candidates]
        result.alive = [0]
    return judgements(view, result)
