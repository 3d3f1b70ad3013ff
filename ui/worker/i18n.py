"""The game's language: which one is in force, and the functions that translate into it.

Pure Python (the standard library's ``gettext``; no ``js``/``pyscript``), so every screen can be
rendered in any language under CPython.  The ui modules write their messages in English and
mark them:

    from .i18n import _, ngettext
    _("Deal")                                       # "Repartir" in Spanish
    _("Pass the device to {name}.").format(name=n)  # placeholders are named, never f-strings
    ngettext("{n} card", "{n} cards", n).format(n=n)

``_`` and ``ngettext`` look the current language up at every call, so a module may import them
once and the worker switch languages at any time (the screen is then rendered again).

Data:
* ``CATALOGUES`` — where the compiled catalogues are: ``locale/catalogues.zip``, made by
  ``catalogues.py`` from ``locale/<lang>/LC_MESSAGES/tweak.po`` and written into the worker's
  file system as it is (pyscript.toml).  It holds ``<lang>/LC_MESSAGES/<DOMAIN>.mo`` for each
  language and ``INDEX``, their codes one a line; both are read straight from the archive by
  Python's zipimport (already at work for the game's modules, so nothing is imported or
  unpacked for it before the worker's first answer, issue 7).
* ``SOURCE`` — ``"en"``: the language the messages are written in; it needs no catalogue.
* ``PSEUDO`` — ``"xx"``: a pseudo-language for tests, never offered to players (only the address
  hook ``?lang=xx`` selects it).  It shows every translated message as ``⟦Ďéàł⟧``: accented,
  and bracketed so that a test can find any English text that was never marked.
* The module's state: the language in force (``current()``) and its ``gettext`` translations.

Functions: ``available(catalogues)`` (the languages with a catalogue, English first),
``choose(stored, browser, available)`` (which language to use), ``use(lang, catalogues)``
(switch), ``current()``, ``_``, ``ngettext``, ``N_`` (marks a message for the catalogue
without translating it: for words translated later, by lookup), ``WORDS`` (this module as a
``translations`` object for the engine's words), ``told(error)`` (an error's sentence in the
language in force, the engine's included), ``pseudo(text)``.
"""

from __future__ import annotations

import io
import os
import re
import zipimport  # Python's own importer of zips, always loaded: no cost

from tweak import words as tweak_words

__all__ = ["DOMAIN", "SOURCE", "PSEUDO", "CATALOGUES", "available", "choose", "use", "current",
           "_", "ngettext", "N_", "WORDS", "told", "pseudo", "YOU", "shown_name", "and_list"]

DOMAIN = "tweak"
SOURCE = "en"
PSEUDO = "xx"
# Where the worker's file system has the compiled catalogues (pyscript.toml's [files]), and the
# archive's list of its languages (catalogues.INDEX).
CATALOGUES = "locale/catalogues.zip"
INDEX = "languages.txt"



class _English:
    """English, the messages' own language: ``gettext.NullTranslations``' two methods.  Not
    that class itself: importing ``gettext`` compiles it from source in Pyodide (about 10 ms
    of the worker's first answer, issue 7), and English needs no catalogue."""

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


# The default name of the person at the device, as records keep it (see the module docstring).
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
