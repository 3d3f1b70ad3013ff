"""Deals that guarantee a page flow, found from the engine rather than written down.

The page's address hooks (``?seed=N&tcards=...&dealer=N``, ui/worker/session.py) make a deal
reproducible.  ``tweak_opening`` searches seeds for a deal where seat 0 plays first and can
make a TWEAK! at once (R15), so it wins the top card of a stacked [T!] pile and can play it on
its next turn — the start of every [T!] flow test, in CPython (tests/ui) and in the browser
(tests/e2e).  Searching, not hard-coding, keeps the tests valid when the engine's shuffle or
the rule set's defaults change.
"""

from __future__ import annotations

from dataclasses import dataclass

from tweak import CLASSIC, Capture, legal_actions, new_game

__all__ = ["Opening", "tweak_opening", "query"]


@dataclass(frozen=True)
class Opening:
    players: int
    seed: int
    dealer: int
    tcards: tuple  # [T!] kinds in notation, top of the pile first
    tweak: Capture  # seat 0's first move: it takes every table card

    def query(self, **extra) -> str:
        return query(seed=self.seed, dealer=self.dealer, tcards=",".join(self.tcards), **extra)


def query(**params) -> str:
    return "?" + "&".join(f"{key}={value}" for key, value in params.items())


def tweak_opening(players: int, tcards, rules=CLASSIC, max_seed: int = 5000) -> Opening:
    """The first seed whose deal lets seat 0 (first to play: the last seat deals, R8) capture
    the whole table on its first turn."""
    dealer = players - 1
    kinds = tuple(tcards)
    for seed in range(max_seed):
        state = new_game(players, seed, rules, tcards=kinds, dealer=dealer)
        for action in legal_actions(state):
            if isinstance(action, Capture) and len(action.taken) == len(state.table):
                return Opening(players, seed, dealer, kinds, action)
    raise LookupError(f"no seed below {max_seed} opens with a TWEAK! for {players} players")
