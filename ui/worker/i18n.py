"""The game's language: which one is in force, and the functions that translate into it.

Pure Python (the standard library's ``gettext``), so every screen renders in any language
under CPython.  The ui modules write their messages in English and mark them:
``_("Deal")``, ``_("Pass the device to {name}.").format(name=n)`` (placeholders are named,
never f-strings), ``ngettext("{n} card", "{n} cards", n).format(n=n)``.  ``_`` and ``ngettext``
look the language up at every call, so the worker may switch languages at any time.

Data:
* ``CATALOGUES`` — ``locale/catalogues.zip`` (made by ``tools/catalogues.py``): a compiled
  ``<lang>/LC_MESSAGES/<DOMAIN>.mo`` per language and ``INDEX``, their codes one a line, read
  straight from the archive with Python's zipimport (nothing to import or unpack for it).
* ``SOURCE`` — ``"en"``, the messages' own language: it needs no catalogue.
* ``PSEUDO`` — ``"xx"``, for tests only (the address hook ``?lang=xx``): every translated
  message shows as ``⟦Ďéàł⟧``, so a test finds any English text that was never marked.
* The language in force (``current()``) and its translations; ``WORDS``, this module as the
  engine's ``translations``; ``YOU``, the person's default name as records keep it.
"""

from __future__ import annotations

import io
import os
import re
import zipimport  # Python's own importer of zips, always loaded: no cost

from tweak import words as tweak_words

__all__ = ["DOMAIN", "SOURCE", "PSEUDO", "CATALOGUES", "available", "choose", "use", "current",
           "_", "ngettext", "N_", "WORDS", "told", "pseudo", "YOU", "shown_name", "and_list",
           "COLOUR_WORDS"]

DOMAIN = "tweak"
SOURCE = "en"
PSEUDO = "xx"
# Where the worker's file system has the compiled catalogues (pyscript.toml's [files]), and the
# archive's list of its languages (catalogues.INDEX).
CATALOGUES = "locale/catalogues.zip"
INDEX = "languages.txt"


class _English:
    """English, the messages' own language: ``gettext.NullTranslations``' two methods.  Not
    that class itself: importing ``gettext`` compiles it from source in Pyodide, which would
    delay the worker's first answer, and English needs no catalogue."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


_state = {"lang": SOURCE, "translations": _English()}


def _archive(catalogues: str):
    """The catalogue archive as a ``zipimport.zipimporter`` (which reads any file of a zip with
    ``get_data``), or None when there is none: English only."""
    try:
        return zipimport.zipimporter(os.path.abspath(catalogues))
    except zipimport.ZipImportError:  # no such file, or not a zip
        return None


def available(catalogues: str = CATALOGUES) -> list:
    """The languages a player may choose: English, then every language the catalogue archive
    lists, sorted.  A new catalogue is a new language; nothing else lists them."""
    archive = _archive(catalogues)
    try:
        listed = archive.get_data(INDEX).decode("ascii").split() if archive else []
    except (OSError, UnicodeDecodeError):  # an archive without its index: English only
        listed = []
    return [SOURCE, *sorted(set(listed) - {SOURCE})]


def choose(stored, browser, languages) -> str:
    """The language to use: the player's remembered choice (``stored``, from localStorage)
    when it is one of ``languages`` (or the pseudo-language), else the first of the browser's
    preferred languages (``navigator.languages``, e.g. ``["es-ES", "es", "en"]``) that we have,
    matched whole ("pt-BR") or by its primary language ("es-ES" → "es"), else English."""
    wanted = {language.lower(): language for language in languages}
    if stored and (stored.lower() in wanted or stored == PSEUDO):
        return wanted.get(stored.lower(), stored)
    for tag in browser or ():
        tag = str(tag).replace("_", "-").lower()
        for candidate in (tag, tag.split("-")[0]):
            if candidate in wanted:
                return wanted[candidate]
    return SOURCE


def _read_catalogue(compiled: bytes):
    """``gettext`` translations of a compiled catalogue's bytes, or None when it is damaged."""
    import gettext  # only for a catalogue (see _English)
    import struct  # what gettext parses the file with

    try:
        return gettext.GNUTranslations(io.BytesIO(compiled))
    except (OSError, ValueError, struct.error):  # a bad magic number, a short or garbled file
        return None


def use(lang: str, catalogues: str = CATALOGUES) -> str:
    """Translate into ``lang`` from now on; return the language in force (English when ``lang``
    has no catalogue in the ``catalogues`` archive)."""
    if lang == PSEUDO:
        translations = _Pseudo()
    elif lang == SOURCE:
        translations = _English()
    else:
        archive = _archive(catalogues)
        try:
            compiled = archive.get_data(f"{lang}/LC_MESSAGES/{DOMAIN}.mo") if archive else None
        except OSError:
            compiled = None
        translations = _read_catalogue(compiled) if compiled is not None else None
        if translations is None:  # no such catalogue: English, rather than a broken screen
            lang, translations = SOURCE, _English()
    _state.update(lang=lang, translations=translations)
    return lang


def current() -> str:
    """The language in force, e.g. "es": also the page's ``<html lang>``."""
    return _state["lang"]


def _(message: str) -> str:
    """``message`` in the current language (itself when it has no translation)."""
    return _state["translations"].gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, by the current language's plural rule."""
    return _state["translations"].ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue and returns it untranslated (translated later with
    ``_(variable)``, e.g. a label read from a table of words)."""
    return message


class _GameLanguage:
    """``gettext.NullTranslations``' interface over this module: the language in force at
    each call (so one object serves across language switches).  The engine's words
    (``tweak.events``, ``tweak.words``) take it as their ``translations``."""

    @staticmethod
    def gettext(message: str) -> str:
        return _(message)

    @staticmethod
    def ngettext(singular: str, plural: str, n: int) -> str:
        return ngettext(singular, plural, n)


WORDS = _GameLanguage()

# The cards' colours in English, by ``tweak.cards.Colour`` (translated when shown: ``_(word)``).
COLOUR_WORDS = (N_("red"), N_("orange"), N_("yellow"), N_("green"), N_("blue"), N_("purple"))


def told(error) -> str:
    """An error's sentence in the language in force: an engine error (``tweak.words``) is told
    from its English message and fields; any other error is already in words."""
    return str(tweak_words.told(error, WORDS))


# ---- the pseudo-language ----------------------------------------------------------------------

_ACCENTED = str.maketrans("aeiouyAEIOUYcnCNlLdDgG", "àéîõüýÀÉÎÕÜÝçñÇÑłŁďĎğĞ")
# Left as they are: {placeholders}, markup (<b>, &amp;) and card notation is not in messages.
_KEEP = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&#?\w+;)")


def pseudo(text: str) -> str:
    """``"Deal {n}"`` → ``"⟦Ďéàł {n}⟧"``: what the pseudo-language shows for a message."""
    parts = _KEEP.split(text)
    return "⟦" + "".join(part if index % 2 else part.translate(_ACCENTED)
                         for index, part in enumerate(parts)) + "⟧"


class _Pseudo(_English):
    def gettext(self, message):
        return pseudo(message)

    def ngettext(self, singular, plural, n):
        return pseudo(singular if n == 1 else plural)


# The default name of the person at the device, as records keep it: this one word whatever
# the language, so a game saved in one language reads right in another (``shown_name``).
YOU = N_("You")


def shown_name(name: str) -> str:
    """A seat's name as the player reads it: ``YOU`` in their language, any other as typed."""
    return _(YOU) if name == YOU else name


def and_list(items) -> str:
    """``["a", "b", "c"]`` → "a, b and c" in the current language (one item: itself)."""
    items = [str(item) for item in items]
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])
