"""The engine's words: English messages marked for the game's catalogue, and sentences made of them.

The engine speaks English; the page shows its words in the player's language.  Every message a
player may read (an event in the move log, a [T!] card's title, why a save or a link cannot be
opened) is written once, where the engine makes it, marked with ``N_`` or ``N_plural``
(tools/babel.cfg extracts ``tweak/``), and translated only when told: a ``Sentence`` keeps its
message and fields, and ``told(translations)`` says it in another language.  ``ENGLISH`` is the
default translations object, so the engine needs no catalogue; ``TweakError`` is a
``ValueError`` whose message is a ``Sentence``.  What only programmers meet (what a malformed
object handed to ``apply`` is told, ``engine._malformed``) stays plain English.
"""

from __future__ import annotations

__all__ = ["N_", "N_plural", "English", "ENGLISH", "Sentence", "TweakError", "SeatNumber",
           "told", "callout"]


def N_(message: str) -> str:
    """Marks an English word or sentence the UI shows translated (Babel extracts it into the
    catalogue); returns it unchanged: the engine itself always speaks English."""
    return message


def N_plural(singular: str, plural: str) -> tuple:
    """Marks a message with its plural form for the catalogue; returns the pair unchanged."""
    return (singular, plural)


class English:
    """The engine's words as they are written: ``gettext.NullTranslations``' interface
    (``gettext``, ``ngettext``), every message given back unchanged.  ``ENGLISH`` is the one
    instance; the page passes its own object, which translates."""

    @staticmethod
    def gettext(message: str) -> str:
        return message

    @staticmethod
    def ngettext(singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


ENGLISH = English()


class Sentence(str):
    """A ``str``: the English sentence ``message.format(**fields)`` of a marked ``message`` (or
    an ``N_plural`` pair, whose form the field ``n`` chooses).  It keeps ``message`` and
    ``fields``: ``told(translations, **context)`` says it in that language, telling every
    field that can be told (a ``Sentence``, a ``TweakError``, cards a player reads by name:
    anything with a ``told(translations, **context)`` method) and passing ``context`` (the
    seats' names) on.  Other fields (numbers, notation, a person's text) are shown as they are."""

    def __new__(cls, message, **fields) -> "Sentence":
        # Without fields the message is the sentence: a message holding a brace (a person's
        # text quoted in it) must not be formatted twice.
        english = _form(message, fields, ENGLISH)
        sentence = super().__new__(cls, english.format(**fields) if fields else english)
        sentence.message, sentence.fields = message, fields
        return sentence

    def told(self, translations=ENGLISH, **context) -> str:
        """This sentence in the language of ``translations``, its fields told too."""
        said = _form(self.message, self.fields, translations)
        if not self.fields:
            return said
        return said.format(**{name: told(value, translations, **context)
                              for name, value in self.fields.items()})


def _form(message, fields: dict, translations) -> str:
    """The message in the language of ``translations``; of a plural pair, the form for the
    field ``n``."""
    if isinstance(message, tuple):
        singular, plural = message
        return translations.ngettext(singular, plural, fields["n"])
    return translations.gettext(message)


class TweakError(ValueError):
    """A ``ValueError`` whose message is a ``Sentence`` (``.sentence``): ``str(error)`` is the
    English, ``error.told(translations)`` the translation.  ``RecordError``, ``NotationError``,
    ``RulesError`` and ``IllegalAction`` are ``TweakError``s."""

    def __init__(self, message: str, **fields):
        self.sentence = Sentence(message, **fields)
        super().__init__(str(self.sentence))

    def __reduce__(self):  # pickled (a tournament's worker processes) with its fields
        return _rebuilt, (type(self), self.sentence.message, self.sentence.fields)

    def told(self, translations=ENGLISH, **context) -> str:
        """The message in the language of ``translations``."""
        return self.sentence.told(translations, **context)


def _rebuilt(kind, message, fields):
    return kind(message, **fields)


class SeatNumber(int):
    """A seat in a sentence: the engine's index for developers ("seat 0", as the notation
    counts: ``thief@0``), told to players counted from 1."""

    def told(self, translations=ENGLISH, **context) -> int:
        return int(self) + 1


def told(value, translations=ENGLISH, **context):
    """``value`` in the language of ``translations`` if it can be told (see ``Sentence``); any
    other value as it is (a number stays a number, for its format spec)."""
    tell = getattr(value, "told", None)
    return tell(translations, **context) if callable(tell) else value


def callout(values, translations=ENGLISH) -> str:
    """R14's called-out sum: ``callout([1, 3, 2, 3])`` → "1 plus 3 is 4, plus 2 is 6, plus 3 is 9"
    (in Spanish "1 más 3 son 4, más 2 son 6, más 3 son 9"); ``callout([7])`` → "7"."""
    _ = translations.gettext
    plus = _("plus {value} is {total}")
    values = list(values)
    total = values[0]
    parts = []
    for value in values[1:]:
        total += value
        parts.append(plus.format(value=value, total=total))
    return " ".join([str(values[0]), ", ".join(parts)]) if parts else str(values[0])
