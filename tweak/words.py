"""The engine's words: English messages marked for the game's catalogue, and sentences made of them.

The engine speaks English; the UI shows its words in the player's language.  So every message a
player may read — an event told in the move log (``tweak.events``), a [T!] card's title, the
reason a saved game or a link cannot be opened — is written where the engine makes it, once, in
English, marked with ``N_`` (Babel's default keyword; babel.cfg extracts ``tweak/``), and is
translated only when the UI tells it.  This module's data:

  N_(message)            marks ``message`` for the catalogue; returns it unchanged
  ENGLISH                a translations object (the interface of ``gettext.NullTranslations``:
                         ``gettext``, ``ngettext``) that gives every message back as written:
                         the engine's default, so it needs no catalogue and its CLI speaks English
  N_plural(singular, plural)
                         marks a message with a plural form (Babel keyword ``N_plural:1,2``);
                         returns the pair, whose form the field ``n`` chooses in a ``Sentence``
  Sentence(message, **fields)
                         a ``str``: the English sentence ``message.format(**fields)``.  It keeps
                         ``message`` and ``fields``, so ``told(translations)`` says it in another
                         language; a field that can be told itself (a ``Sentence``, a
                         ``TweakError``, or any value with a ``told(translations, **context)``
                         method, e.g. cards that a player reads by name, ``tweak.bots.reasons``)
                         is told in that language too ("action 12 (R3xO2) cannot be replayed:
                         {error}").  Other fields (numbers, card notation, the text a person
                         typed) are shown as they are.  ``context`` (e.g. the seats' names)
                         passes to every field told.
  SeatNumber(index)      a seat in a sentence: the engine's index for developers ("seat 0", as
                         the notation counts: ``thief@0``), counted from 1 for players
  TweakError(message, **fields)
                         a ``ValueError`` whose message is such a ``Sentence`` (``.sentence``):
                         ``str(error)`` is the English, ``error.told(translations)`` the
                         translation.  ``RecordError``, ``NotationError``, ``RulesError`` and
                         ``IllegalAction`` are ``TweakError``s.

Only messages a player can meet are marked: what a malformed Python object handed to ``apply``
is told (``engine._malformed``) is for programmers and stays plain English.
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
    """The engine's words as they are written: ``gettext.NullTranslations``' interface, every
    message given back unchanged.  The UI passes its own object, which translates."""

    @staticmethod
    def gettext(message: str) -> str:
        return message

    @staticmethod
    def ngettext(singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


ENGLISH = English()


class Sentence(str):
    """An English sentence made from a marked ``message`` and the ``fields`` it names."""

    def __new__(cls, message, **fields) -> "Sentence":
        # Without fields the message is the sentence: a message holding a brace (a person's
        # text quoted in it) must not be formatted twice.
        english = _form(message, fields, ENGLISH)
        sentence = super().__new__(cls, english.format(**fields) if fields else english)
        sentence.message, sentence.fields = message, fields
        return sentence

    def told(self, translations=ENGLISH, **context) -> str:
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
    """A ``ValueError`` whose message is a ``Sentence``, so the UI can show it translated."""

    def __init__(self, message: str, **fields):
        self.sentence = Sentence(message, **fields)
        super().__init__(str(self.sentence))

    def __reduce__(self):  # pickled (a tournament's worker processes) with its fields
        return _rebuilt, (type(self), self.sentence.message, self.sentence.fields)

    def told(self, translations=ENGLISH, **context) -> str:
        return self.sentence.told(translations, **context)


def _rebuilt(kind, message, fields):
    return kind(message, **fields)


class SeatNumber(int):
    """A seat's index (0-based, as the engine and the notation count); told from 1."""

    def told(self, translations=ENGLISH, **context) -> int:
        return int(self) + 1


def told(value, translations=ENGLISH, **context):
    """``value`` in the language of ``translations`` if it can be told (see the module
    docstring); any other value as it is (a number stays a number, for its format spec)."""
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
