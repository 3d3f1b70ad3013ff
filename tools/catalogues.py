"""The message catalogues: from the ``.po`` files in ``locale/`` to what the page reads, with
Babel (``BABEL``, pinned; ``ensure_babel`` installs it into ``.cache/`` the first time).

* ``locale/tweak.pot``: the template, every message the page marks, extracted by Babel as
  tools/babel.cfg says (``extract``); committed, so a translator sees what changed.
* ``locale/<lang>/LC_MESSAGES/tweak.po``: one per language (``update`` merges the template into
  each, ``init`` starts one, ``check`` reports what is missing).  The languages of the game are
  the catalogues present: a new language is a new ``.po`` file, nothing else.
* Generated from them (``generated``), never committed; the dev server makes them on request,
  the build writes them into the site:
  - ``locale/catalogues.zip`` (``ARCHIVE``): ``<lang>/LC_MESSAGES/tweak.mo`` for every language
    and ``languages.txt`` (``INDEX``: their codes, one a line), which ui/worker/i18n.py reads
    straight from the archive in the worker's file system;
  - ``locale/start.js`` (``START_SCRIPT``): ``window.tweakText``, each language's name in itself
    and the translations of the messages of the ``MAIN_THREAD`` files, which the page shows
    before Python has started, or from MicroPython, which has no gettext (ui/main_thread/lang.js).
"""

from __future__ import annotations

import html.parser
import io
import json
import os
import re
import subprocess
import sys
import zipfile
from datetime import datetime, timezone
from pathlib import Path

from tools import ROOT, ZIP_DATE

BABEL = "Babel==2.18.0"
DOMAIN = "tweak"
SOURCE = "en"
LOCALE = "locale"
TEMPLATE = f"{LOCALE}/{DOMAIN}.pot"
ARCHIVE = f"{LOCALE}/catalogues.zip"
START_SCRIPT = f"{LOCALE}/start.js"
# The archive's list of its languages (it must match ui/worker/i18n.py's INDEX, which reads it).
INDEX = "languages.txt"
# The files whose messages the page's main thread shows by itself, translated by
# ui/main_thread/lang.js: its JavaScript (before Python runs, and the update banner) and
# ui/main_thread/page.py (MicroPython, no gettext: the clipboard's, the file import's and the
# other tab's messages).  Their translations go into start.js; the worker's messages stay in the
# compiled catalogues.
MAIN_THREAD = ("index.html", "ui/main_thread/boot.js", "ui/main_thread/install.js",
               "ui/main_thread/signal.js", "ui/main_thread/link.js", "ui/main_thread/join.js",
               "ui/main_thread/peers.js", "ui/main_thread/page.py")
# Babel's mapping file: which sources it extracts messages from, and how.
MAPPING = "tools/babel.cfg"
# A language code ``init`` accepts: "fr", "pt_BR".
LANGUAGE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")


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
            text = file.read()
        catalog = read_po(io.BytesIO(text), abort_invalid=True)
    except (PoFileError, ValueError, OSError) as error:
        raise CatalogueError(f"{path}: {error}") from None
    if b"POT-Creation-Date:" not in text:
        # Babel would date it (and the .mo made from it) to the present minute: the same
        # sources must make the same bytes, whenever they are built.
        catalog.creation_date = datetime(*ZIP_DATE, tzinfo=timezone.utc)
    return catalog


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
    script = ("// Generated from locale/*/LC_MESSAGES/tweak.po by serve.py: do not edit.\n"
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


# ---- extraction: index.html's messages (Babel calls this; tools/babel.cfg names it) -------------


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
    """Babel extraction method for HTML (tools/babel.cfg: ``[html: index.html]``)."""
    parser = _Marked()
    parser.feed(fileobj.read().decode(options.get("encoding", "utf-8")))
    parser.close()
    for line, message in parser.found:
        yield line, None, message, []


# ---- the commands (serve.py's catalogue sub-commands) ------------------------------------------


def pybabel(*args: str, root: Path = ROOT) -> None:
    """Run Babel's command line (``pybabel``) with ``args``, quietly."""
    ensure_babel(root)
    from babel.messages.frontend import CommandLineInterface

    sys.path.insert(0, str(root))  # the mapping's extractor: tools.catalogues:extract_html
    CommandLineInterface().run(["pybabel", "-q", *args])


# The marking function Babel looks for besides its defaults (_, gettext, ngettext, N_...):
# tweak/words.py's N_plural(singular, plural), a message with its plural form.
KEYWORDS = ("N_plural:1,2",)


def extract(root: Path = ROOT, output=None) -> None:
    """Write the template (``output``, by default ``TEMPLATE``) from the sources, with their
    paths relative to the repository."""
    here = os.getcwd()
    os.chdir(root)
    try:
        pybabel("extract", "-F", MAPPING, "-o", str(output or TEMPLATE), "--project", "TWEAK!",
                "--copyright-holder", "the TWEAK! project", "--no-wrap", "--sort-by-file",
                *(f"-k{keyword}" for keyword in KEYWORDS), ".", root=root)
    finally:
        os.chdir(here)


def update(root: Path = ROOT) -> None:
    """Extract the template and merge it into every catalogue (obsolete entries dropped)."""
    extract(root)
    pybabel("update", "-i", str(root / TEMPLATE), "-d", str(root / LOCALE), "-D", DOMAIN,
            "--no-wrap", "--ignore-obsolete", root=root)


def init(lang: str, root: Path = ROOT) -> None:
    """Start the catalogue of language ``lang`` (a ``LANGUAGE`` code) from the template."""
    pybabel("init", "-i", str(root / TEMPLATE), "-d", str(root / LOCALE), "-D", DOMAIN,
            "-l", lang, "--no-wrap", root=root)


def check(root: Path = ROOT) -> list:
    """Sentences about what is wrong with the catalogues (empty when all is well): each must
    compile and translate every message of the template, none fuzzy."""
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
