"""Which table cards a capture can take: every distinct multiset of table faces adding up to a
total (R14), searched once per table for all of a hand's cards, and cached for the bots'
searches, which meet the same table again and again.  ``tweak.engine`` offers these too.
"""

from __future__ import annotations

from .cards import RANK
from .rules import MAX_TARGET

__all__ = ["captures", "captures_by_total", "search_captures"]


def captures(table, total: int) -> list:
    """Every distinct multiset of one or more table faces whose values add up to ``total``,
    each as a sorted tuple (R14)."""
    return list(captures_by_total(table, (total,)).get(total, ()))


# Every capture of each table met by ``captures_by_total``, up to the largest sum a capture can
# need (the highest target with a Joker's +1, less a hand card's 1: R11, R13, R14): a bot's
# search meets the same table again and again (every candidate in every sampled world starts
# from it).  ``legal_actions`` meets each table once in a game, so it searches without it.
_CACHED_SUMS = frozenset(range(1, MAX_TARGET + 1))
_CACHED_TABLES = 4096  # the cache is emptied when it holds this many tables
_captures_of_table = {}


def captures_by_total(table, totals) -> dict:
    """``{total: [taken, ...]}`` for each wanted total: every distinct multiset of one or more
    table faces adding up to it, each a sorted tuple, in canonical order.  One search serves
    all the hand's cards, and later calls with the same table (its lists are shared: read
    them, do not change them)."""
    wanted = {total for total in totals if total > 0}
    if not wanted or not table:
        return {}
    key = table if type(table) is tuple else tuple(table)
    by_total = _captures_of_table.get(key)
    if by_total is None:
        if not wanted <= _CACHED_SUMS:  # no capture needs such a sum (R3): searched, not kept
            return search_captures(key, wanted)
        if len(_captures_of_table) >= _CACHED_TABLES:
            _captures_of_table.clear()
        by_total = _captures_of_table[key] = search_captures(key, _CACHED_SUMS)
    elif not wanted <= _CACHED_SUMS:
        return search_captures(key, wanted)
    return {total: by_total[total] for total in wanted if total in by_total}


def search_captures(table, wanted) -> dict:
    """``{total: [taken, ...]}`` for each total in ``wanted`` (positive sums) that some
    multisets of ``table``'s faces add up to (see ``captures_by_total``)."""
    limit = max(wanted)
    counts = {}
    for face in table:
        counts[face] = counts.get(face, 0) + 1
    # Canonical order, so every combination comes out sorted.
    items = [(face, face.value, counts[face]) for face in sorted(counts, key=RANK.__getitem__)]
    found = {total: [] for total in wanted}

    def search(start, total, prefix):
        for index in range(start, len(items)):
            face, value, count = items[index]
            combination, reached = prefix, total
            for _ in range(count):  # one, two, ... copies of this face
                reached += value
                if reached > limit:
                    break
                combination += (face,)
                if reached in wanted:
                    found[reached].append(combination)
                if reached < limit:
                    search(index + 1, reached, combination)

    search(0, 0, ())
    return {total: combos for total, combos in found.items() if combos}
