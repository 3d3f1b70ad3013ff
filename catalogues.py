"""TWEAK!'s message catalogues: from the ``.po`` files in ``locale/`` to what the page reads.

    python3 catalogues.py extract    write locale/tweak.pot from the marked messages (babel.cfg)
    python3 catalogues.py update     ... and merge it into every locale/<lang>/LC_MESSAGES/tweak.po
    python3 catalogues.py init LANG  start the catalogue of a new language from the template
    python3 catalogues.py check      compile every catalogue; report missing or fuzzy entries

The data:
* ``locale/tweak.pot`` — the template: every message the ui marks (``_``, ``ngettext``, ``N_``
  in Python, ``_`` in ui/main_thread/boot.js, ``data-i18n`` elements of index.html), extracted by Babel as
  ``babel.cfg`` says.  Committed, so a translator sees what changed.
* ``locale/<lang>/LC_MESSAGES/tweak.po`` — one per language.  The languages of the game are the
  catalogues present: a new language is a new ``.po`` file, nothing else.
* Generated from them (``generated(root)``), never committed: the dev server (serve.py) makes
  them on request, the build writes them into the site:
  - ``locale/catalogues.zip`` — ``<lang>/LC_MESSAGES/tweak.mo`` for every language, compiled by
    Babel, and ``languages.txt`` (``INDEX``: their codes, one a line).  pyscript.toml writes it
    into the worker's file system as it is; ``ui/worker/i18n.py`` reads the index and a catalogue
    straight from it (Python's zipimport: nothing is unpacked before the worker's first answer,
    and the index is the list no zip reader has to be imported for).  One archive, so the
    worker's config names no language.
  - ``locale/start.js`` — ``window.tweakText``: each language's name in itself and the
    translations of the messages of the ``MAIN_THREAD`` files: index.html, ui/main_thread/boot.js and
    ui/main_thread/install.js, which the page's JavaScript shows before Python has started (no flash of
    English for a Spanish player), and ui/main_thread/page.py, the main thread's MicroPython, which has no
    ``gettext`` and translates its notices with ``window.tweakI18n._`` (ui/main_thread/lang.js).

Babel (``BABEL``, pinned) is the only thing this needs beyond the standard library;
``ensure_babel()`` installs it with pip into ``.cache/`` the first time (git ignores it), so
``python3 serve.py`` keeps working on a fresh clone.
"""

from __future__ import annotations

import html.parser
import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
BABEL = "Babel==2.18.0"
DOMAIN = "tweak"
SOURCE = "en"
LOCALE = "locale"
TEMPLATE = f"{LOCALE}/{DOMAIN}.pot"
ARCHIVE = f"{LOCALE}/catalogues.zip"
START_SCRIPT = f"{LOCALE}/start.js"
# The archive's list of its languages (ui/worker/i18n.py reads it; it must match ui/i18n.INDEX).
INDEX = "languages.txt"
# The files whose messages the page's main thread shows by itself, translated by ui/main_thread/lang.js:
# its JavaScript (before Python runs, and the update banner) and ui/main_thread/page.py (MicroPython, no
# gettext: the clipboard's, the file import's and the other tab's messages).  Their
# translations go into start.js; the worker's messages stay in the compiled catalogues.
MAIN_THREAD = ("index.html", "ui/main_thread/boot.js", "ui/main_thread/install.js", "ui/main_thread/page.py")
# A fixed date for the archive's entries, so that the same catalogues give the same bytes (the
# precache list hashes every file: an unchanged catalogue must not look like a new version).
ZIP_DATE = (2024, 1, 1, 0, 0, 0)


class CatalogueError(RuntimeError):
    """A catalogue cannot be read or compiled, or Babel cannot be installed."""


# ---- Babel -------------------------------------------------------------------------------------


def babel_dir(root: Path = ROOT) -> Path:
    return root / ".cache" / BABEL.replace("==", "-").lower()


def ensure_babel(root: Path = ROOT, log=print) -> None:
    """Make ``import babel`` work: the pinned version if this Python has it, else the copy in
    ``.cache/``, installed there with pip the first time."""
    target = babel_dir(root)
    if str(target) not in sys.path and target.is_dir():
        sys.path.insert(0, str(target))
    try:
        import babel
        if babel.__version__ == BABEL.split("==")[1]:
            return
    except ImportError:
        pass
    log(f"Installing {BABEL} into {target.relative_to(root)} (to compile the catalogues)")
    result = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                             "--disable-pip-version-check", "--no-deps", "--upgrade",
                             "--target", str(target), BABEL])
    if result.returncode != 0:
        raise CatalogueError(f"pip could not install {BABEL} (exit {result.returncode}); "
                             f"install it, e.g. `python3 -m pip install {BABEL}`")
    for name in [name for name in sys.modules if name == "babel" or name.startswith("babel.")]:
        del sys.modules[name]
    if str(target) not in sys.path:
        sys.path.insert(0, str(target))
    import babel  # noqa: F401  (now importable, or this raises)


# ---- the catalogues ----------------------------------------------------------------------------


def catalogue_paths(root: Path = ROOT) -> dict:
    """{language: path of its .po}: every catalogue present, by language code, sorted."""
    return {path.parent.parent.name: path
            for path in sorted((root / LOCALE).glob(f"*/LC_MESSAGES/{DOMAIN}.po"))}


def read(path: Path):
    """A ``babel.messages.Catalog`` read from a .po file; ``CatalogueError`` if it is broken."""
    ensure_babel()
    from babel.messages.pofile import PoFileError, read_po

    try:
        with open(path, "rb") as file:
            return read_po(file, abort_invalid=True)
    except (PoFileError, ValueError, OSError) as error:
        raise CatalogueError(f"{path}: {error}") from None


def compile_mo(catalog) -> bytes:
    """The .mo bytes of a catalogue (fuzzy entries left out, as gettext expects)."""
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def language_name(lang: str) -> str:
    """A language's name in itself, as a player looks for it: "English", "Español"."""
    if lang == SOURCE:
        return "English"
    from babel import Locale

    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


def generated(root: Path = ROOT) -> dict:
    """{site path: bytes} of the files made from the catalogues (``ARCHIVE``, ``START_SCRIPT``);
    see the module docstring."""
    paths = catalogue_paths(root)
    archive = io.BytesIO()
    table = {"languages": {SOURCE: language_name(SOURCE)}, "messages": {}}
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        def write(name: str, data: bytes) -> None:
            entry = zipfile.ZipInfo(name, ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            zipped.writestr(entry, data)

        for lang, path in paths.items():
            catalog = read(path)
            write(f"{lang}/LC_MESSAGES/{DOMAIN}.mo", compile_mo(catalog))
            table["languages"][lang] = language_name(lang)
            table["messages"][lang] = {
                message.id: message.string for message in catalog
                if message.id and isinstance(message.id, str) and message.string
                and not message.fuzzy
                and any(file in MAIN_THREAD for file, _ in message.locations)}
        write(INDEX, "".join(f"{lang}\n" for lang in paths).encode("ascii"))
    script = ("// Generated from locale/*/LC_MESSAGES/tweak.po by catalogues.py: do not edit.\n"
              "// The languages, and the main thread's messages in each (ui/main_thread/lang.js).\n"
              f"window.tweakText = {json.dumps(table, ensure_ascii=False, sort_keys=True)};\n")
    return {ARCHIVE: archive.getvalue(), START_SCRIPT: script.encode("utf-8")}


_cache = {}


def generated_cached(root: Path = ROOT) -> dict:
    """``generated(root)``, made again only when a catalogue changed (for the dev server)."""
    paths = catalogue_paths(root)
    key = (str(root), tuple((str(path), path.stat().st_mtime_ns) for path in paths.values()))
    if _cache.get("key") != key:
        _cache.update(key=key, files=generated(root))
    return _cache["files"]


# ---- extraction: index.html's messages (Babel calls this; babel.cfg names it) -------------------


class _Marked(html.parser.HTMLParser):
    """Collects the messages of elements marked ``data-i18n`` (their text, which must be plain
    text) and ``data-i18n-attr="aria-label ..."`` (those attributes' values)."""

    VOID = {"meta", "input", "link", "br", "img", "hr", "source"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found = []  # (line, message)
        self.open = []  # [line, text parts] of each data-i18n element being read, or None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        line = self.getpos()[0]
        for name in (attrs.get("data-i18n-attr") or "").split():
            if attrs.get(name):
                self.found.append((line, attrs[name]))
        if tag not in self.VOID:
            self.open.append([line, []] if "data-i18n" in attrs else None)

    def handle_endtag(self, tag):
        if tag in self.VOID or not self.open:
            return
        marked = self.open.pop()
        if marked is not None:
            text = " ".join("".join(marked[1]).split())
            if text:
                self.found.append((marked[0], text))

    def handle_data(self, data):
        for marked in self.open:
            if marked is not None:
                marked[1].append(data)


def extract_html(fileobj, keywords, comment_tags, options):
    """Babel extraction method for HTML (babel.cfg: ``[html: index.html]``)."""
    parser = _Marked()
    parser.feed(fileobj.read().decode(options.get("encoding", "utf-8")))
    parser.close()
    for line, message in parser.found:
        yield line, None, message, []


# ---- the commands ------------------------------------------------------------------------------


def pybabel(*args: str, root: Path = ROOT) -> None:
    ensure_babel(root)
    from babel.messages.frontend import CommandLineInterface

    sys.path.insert(0, str(root))  # babel.cfg's extractor: catalogues:extract_html
    CommandLineInterface().run(["pybabel", "-q", *args])


# The marking functions Babel looks for besides its defaults (_, gettext, ngettext, N_...):
# ui/worker/screens/rules.py's filled(), which translates and fills in the rule set's numbers, and
# tweak/words.py's N_plural(singular, plural), a message with its plural form.
KEYWORDS = ("filled", "N_plural:1,2")


def extract(root: Path = ROOT, output=None) -> None:
    """Write the template (``output``, by default ``TEMPLATE``) from the sources, with their
    paths relative to the repository."""
    import os

    here = os.getcwd()
    os.chdir(root)
    try:
        pybabel("extract", "-F", "babel.cfg", "-o", str(output or TEMPLATE), "--project", "TWEAK!",
                "--copyright-holder", "the TWEAK! project", "--no-wrap", "--sort-by-file",
                *(f"-k{keyword}" for keyword in KEYWORDS), ".", root=root)
    finally:
        os.chdir(here)


def check(root: Path = ROOT) -> list:
    """Sentences about what is wrong with the catalogues (empty when all is well)."""
    problems = []
    template = read(root / TEMPLATE)
    for lang, path in catalogue_paths(root).items():
        catalog = read(path)
        compile_mo(catalog)
        for message in template:
            if not message.id:
                continue
            found = catalog.get(message.id)
            if found is None:
                problems.append(f"{lang}: missing {message.id!r}")
            elif found.fuzzy:
                problems.append(f"{lang}: fuzzy {message.id!r}")
            elif not all([found.string] if isinstance(found.string, str) else found.string):
                problems.append(f"{lang}: untranslated {message.id!r}")
    return problems


def main(argv) -> int:
    command = argv[0] if argv else ""
    root = ROOT
    if command == "extract":
        extract(root)
    elif command == "update":
        extract(root)
        pybabel("update", "-i", str(root / TEMPLATE), "-d", str(root / LOCALE), "-D", DOMAIN,
                "--no-wrap", "--ignore-obsolete")
    elif command == "init" and len(argv) == 2 and re.fullmatch(r"[a-z]{2,3}(_[A-Z]{2})?", argv[1]):
        pybabel("init", "-i", str(root / TEMPLATE), "-d", str(root / LOCALE), "-D", DOMAIN,
                "-l", argv[1], "--no-wrap")
    elif command == "check":
        problems = check(root)
        print("\n".join(problems) or f"{len(catalogue_paths(root))} catalogue(s): complete")
        return 1 if problems else 0
    else:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
