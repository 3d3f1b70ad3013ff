"""``SessionError``: what every part of the worker raises for something a player did or loaded
that cannot be done.  Its message is a sentence in the player's language, fit to show them; the
host turns it into a notice and changes nothing else."""

__all__ = ["SessionError"]


class SessionError(ValueError):
    """Something a player did or loaded cannot be done; the message is fit to show them."""
