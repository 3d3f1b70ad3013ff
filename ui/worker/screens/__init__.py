"""The screens: pure functions from what a seat may see to HTML text (no rules of their own).
``game`` draws the game's screens by kind, ``start``, ``rules``, ``review`` and ``stats`` the
others; ``cards`` and ``parts`` are the pieces they share.
"""
