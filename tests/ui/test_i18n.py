"""The game's languages: the catalogues are complete and compile, plural forms are
right, the language is chosen as a player expects, and — in the pseudo-language ``xx``, which
shows every translated message as ``⟦…⟧`` — the screens have no English left unmarked.

``SCREENS`` lists the screens rendered in the pseudo-language.  Babel comes from
``catalogues.ensure_babel`` (pinned).
"""

from __future__ import annotations

import gettext
import html
import html.parser
import io
import json
import random
import re
import zipfile
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from tools import catalogues
from tweak import (EDITIONS, Capture, Record, TKind, apply, bots, format_action, new_game,
                   to_fragment, view)
from tweak.rules import Rules
from ui.worker import i18n
from ui.worker.screens import rules as rules_page
from ui.worker.protocol import SAVE_KEY
from ui.worker.host import Host
from ui.worker.markup import escape
from ui.worker.story import callout

from scenarios import tweak_opening

ROOT = Path(__file__).resolve().parents[2]
FIELDS = {"players": "3", "kind-0": "human", "kind-1": "bot", "kind-2": "bot",
          "edition": "classic", "name-0": "You", "name-1": "Ada", "name-2": "Blaise"}
NAMES = ("You", "Ada", "Blaise")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
TAG = re.compile(r"</?([a-z]+)")


@pytest.fixture(scope="session")
def babel():
    catalogues.ensure_babel(ROOT, log=lambda text: None)


@pytest.fixture(scope="session")
def template(babel, tmp_path_factory):
    """The template extracted now from the sources (not the committed file), as a Catalog."""
    from babel.messages.pofile import read_po

    out = tmp_path_factory.mktemp("pot") / "tweak.pot"
    catalogues.extract(ROOT, out)
    return read_po(io.BytesIO(out.read_bytes()))


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use(i18n.SOURCE)


def languages():
    return sorted(catalogues.catalogue_paths(ROOT))


# ---- the catalogues ------------------------------------------------------------------------


def test_there_is_a_spanish_catalogue():
    assert "es" in languages()


def test_the_committed_template_is_what_the_sources_mark(template, babel):
    committed = catalogues.read(ROOT / catalogues.TEMPLATE)
    assert {m.id if isinstance(m.id, str) else tuple(m.id) for m in committed if m.id} == \
        {m.id if isinstance(m.id, str) else tuple(m.id) for m in template if m.id}, \
        "locale/tweak.pot is out of date: run python3 serve.py catalogues update"


@pytest.mark.parametrize("lang", languages())
def test_every_message_is_translated_not_fuzzy_and_keeps_its_placeholders(template, lang):
    catalog = catalogues.read(catalogues.catalogue_paths(ROOT)[lang])
    problems = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id)
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        if found is None:
            problems.append(f"missing: {ids[0]!r}")
            continue
        strings = [found.string] if isinstance(found.string, str) else list(found.string)
        if found.fuzzy:
            problems.append(f"fuzzy: {ids[0]!r}")
        if not strings or not all(strings):
            problems.append(f"untranslated: {ids[0]!r}")
        if len(ids) == 2 and len(strings) != catalog.num_plurals:
            problems.append(f"{len(strings)} plural forms, {catalog.num_plurals} wanted: "
                            f"{ids[0]!r}")
        wanted = set(PLACEHOLDER.findall(" ".join(ids)))
        for string in strings:
            if set(PLACEHOLDER.findall(string)) != wanted:
                problems.append(f"placeholders {wanted} changed in {string!r}")
            if sorted(TAG.findall(string)) != sorted(TAG.findall(ids[0])):
                problems.append(f"markup changed in {string!r}")
    assert not problems, f"{lang}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", languages())
def test_the_catalogue_compiles_with_babel_and_gettext_reads_it(lang):
    catalog = catalogues.read(catalogues.catalogue_paths(ROOT)[lang])
    assert catalog.plural_forms, "the catalogue must say its plural rule (Plural-Forms)"
    translations = gettext.GNUTranslations(io.BytesIO(catalogues.compile_mo(catalog)))
    assert translations.info()["language"] == lang


def test_plural_forms_in_spanish(catalogue_archive):
    i18n.use("es", catalogue_archive)
    say = lambda n: i18n.ngettext("{n} player", "{n} players", n).format(n=n)  # noqa: E731
    assert (say(1), say(2), say(0)) == ("1 jugador", "2 jugadores", "0 jugadores")
    assert i18n.ngettext("point", "points", 1) == "punto"
    assert i18n.ngettext("point", "points", 6) == "puntos"
    i18n.use("en", catalogue_archive)
    assert i18n.ngettext("point", "points", 1) == "point"


def test_the_called_out_sum_in_spanish(catalogue_archive):
    assert callout([1, 3, 2, 3]) == "1 plus 3 is 4, plus 2 is 6, plus 3 is 9"
    i18n.use("es", catalogue_archive)
    assert callout([1, 3, 2, 3]) == "1 más 3 son 4, más 2 son 6, más 3 son 9"
    assert callout([7]) == "7"


def test_the_start_script_carries_the_first_paints_words(babel):
    script = catalogues.generated(ROOT)[catalogues.START_SCRIPT].decode("utf-8")
    assert '"es": "Español"' in script and '"en": "English"' in script
    assert '"Deal": "Repartir"' in script and '"Retry": "Reintentar"' in script
    assert "Cómo se juega a TWEAK!" not in script  # the worker's words are not in it


def start_script_table(root=ROOT) -> dict:
    """``window.tweakText`` of the generated locale/start.js, as data."""
    script = catalogues.generated(root)[catalogues.START_SCRIPT].decode("utf-8")
    return json.loads(script.split("window.tweakText = ", 1)[1].rstrip().rstrip(";"))


def test_the_main_threads_messages_are_in_the_start_script_translated(babel):
    """ui/main_thread/page.py (MicroPython: no gettext) translates its notices with window.tweakI18n._
    (ui/main_thread/lang.js), which reads locale/start.js: every message it marks is there, in Spanish."""
    from babel.messages.extract import extract_from_file

    marked = {message for _line, message, _comments, _context in extract_from_file(
        "python", str(ROOT / "ui/main_thread/page.py"), keywords={"_": None}) if message}
    assert {"There is nothing to export.", "The file could not be read: {error}",
            "Copy this link to share the game: {url}", "Something went wrong: {error}",
            "This game is open in another tab"} <= marked
    spanish = start_script_table()["messages"]["es"]
    assert not marked - set(spanish), f"not in start.js: {sorted(marked - set(spanish))}"
    assert spanish["There is nothing to export."] == "No hay nada que exportar."
    assert spanish["Copy this link to share the game: {url}"].endswith("{url}")


@pytest.fixture
def page_module(monkeypatch):
    """ui/main_thread/page.py imported under CPython, its browser (js, pyscript) stood in for, and the
    page's translation (window.tweakI18n._) the pseudo-language's."""
    import importlib
    import sys
    import types

    class Element(types.SimpleNamespace):
        def querySelector(self, css):
            return self.inner

    elements = {}

    def get(id_):
        return elements.setdefault(id_, Element(innerHTML="", inner=Element(textContent="")))

    window = types.SimpleNamespace(tweakI18n=types.SimpleNamespace(_=i18n.pseudo))
    js = types.SimpleNamespace(Math=types.SimpleNamespace(random=lambda: 0.25))
    pyscript = types.SimpleNamespace(document=types.SimpleNamespace(getElementById=get),
                                     window=window, workers={})
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyscript", pyscript)
    monkeypatch.setitem(sys.modules, "pyscript.ffi", types.SimpleNamespace(create_proxy=None))
    # In the browser page.py and storage.py sit side by side (ui/main_thread/pyscript_config.js).
    monkeypatch.syspath_prepend(str(ROOT / "ui" / "main_thread"))
    for name in ("ui.main_thread.page", "storage"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    module = importlib.import_module("ui.main_thread.page")
    module.elements = elements
    yield module
    for name in ("ui.main_thread.page", "storage"):
        sys.modules.pop(name, None)


def test_the_main_threads_own_screens_are_marked(page_module):
    """What ui/main_thread/page.py draws itself — the other tab's screen and a notice's button — shows no
    unmarked English in the pseudo-language; its notices are marked messages."""
    import ast

    away = page_module.away_html()
    assert "⟦" in away and not english_left(away), english_left(away)
    page_module.notify(page_module.Page(None), i18n.pseudo("There is nothing to export."))
    notice = page_module.elements["start-notice"].innerHTML
    assert "⟦" in notice and not english_left(notice), english_left(notice)
    # Every sentence passed to notify() or tell() is a marked message (or text from the
    # worker, which translates its own), never a bare English literal.
    def shown(node):
        """The string literals that ``node`` makes part of the text shown (not a dict key,
        not an argument of another call: reply.get("error") is the worker's text)."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, (ast.BinOp, ast.BoolOp, ast.IfExp, ast.JoinedStr)):
            return [text for child in ast.iter_child_nodes(node) for text in shown(child)]
        return []

    tree = ast.parse((ROOT / "ui/main_thread/page.py").read_text(encoding="utf-8"))
    calls = [call for call in ast.walk(tree) if isinstance(call, ast.Call)
             and getattr(call.func, "id", None) in ("notify", "tell")]
    assert len(calls) >= 10
    bare = [text for call in calls for arg in call.args for text in shown(arg)
            if re.search(r"[^\W\d_]", text)]
    assert not bare, f"unmarked messages in ui/main_thread/page.py: {bare}"


def test_a_new_language_is_just_a_catalogue(babel, tmp_path):
    """A copy of the repository's locale/ with one more .po: the archive, the start script
    and the worker's list of languages all have it; nothing else is edited."""
    import shutil

    shutil.copytree(ROOT / "locale", tmp_path / "locale")
    existing = sorted(path.parent.parent.name
                      for path in (ROOT / "locale").glob("*/LC_MESSAGES/tweak.po"))
    german = tmp_path / "locale/de/LC_MESSAGES/tweak.po"
    german.parent.mkdir(parents=True)
    german.write_text('msgid ""\nmsgstr ""\n"Language: de\\n"\n'
                      '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
                      '"Content-Type: text/plain; charset=utf-8\\n"\n\n'
                      'msgid "Deal"\nmsgstr "Austeilen"\n', encoding="utf-8")
    made = catalogues.generated(tmp_path)
    assert '"de": "Deutsch"' in made[catalogues.START_SCRIPT].decode("utf-8")
    (tmp_path / "catalogues.zip").write_bytes(made[catalogues.ARCHIVE])
    languages = i18n.available(str(tmp_path / "catalogues.zip"))
    assert languages[0] == "en" and sorted(languages[1:]) == sorted(existing + ["de"])
    i18n.use("de", str(tmp_path / "catalogues.zip"))
    assert i18n._("Deal") == "Austeilen"


def test_without_catalogues_or_with_a_broken_archive_the_game_speaks_english(tmp_path):
    # No archive at all, a file that is no zip, an archive without its index, and one whose
    # index names a language it has no catalogue for: English, never a broken screen.
    (tmp_path / "not-a-zip").write_bytes(b"not here")
    with zipfile.ZipFile(tmp_path / "no-index.zip", "w") as zipped:
        zipped.writestr("es/LC_MESSAGES/tweak.mo", b"")
    with zipfile.ZipFile(tmp_path / "no-catalogue.zip", "w") as zipped:
        zipped.writestr(i18n.INDEX, "es\n")
    for name in ("missing.zip", "not-a-zip", "no-index.zip"):
        assert i18n.available(str(tmp_path / name)) == ["en"], name
        assert i18n.use("es", str(tmp_path / name)) == "en", name
    assert i18n.available(str(tmp_path / "no-catalogue.zip")) == ["en", "es"]
    assert i18n.use("es", str(tmp_path / "no-catalogue.zip")) == "en"
    assert i18n._("Deal") == "Deal"


def test_engine_words_shown_translated_are_marked(template):
    """Labels the engine writes (levels, [T!] titles, editions) are marked for the catalogue
    where the ui shows them translated."""
    from tweak import levels

    assert {label for _, label in levels.CHOICES} <= {message.id for message in template}
    assert {kind.title for kind in TKind} <= set(rules_page.TCARD_TITLES)
    assert set(EDITIONS) <= set(rules_page.EDITION_NAMES)


# ---- choosing the language -------------------------------------------------------------------


@pytest.mark.parametrize("stored, browser, chosen", [
    (None, ["es-ES", "es", "en"], "es"),
    (None, ["es-MX"], "es"),
    (None, ["fr-FR", "es"], "es"),
    (None, ["fr-FR", "de"], "en"),
    (None, [], "en"),
    ("en", ["es-ES"], "en"),  # a remembered choice wins over the browser
    ("es", ["en-GB"], "es"),
    ("de", ["es-ES"], "es"),  # a choice no longer offered is ignored
    ("xx", ["es-ES"], "xx"),  # the pseudo-language, for tests
])
def test_the_language_is_the_players_choice_else_the_browsers(stored, browser, chosen):
    assert i18n.choose(stored, browser, ["en", "es"]) == chosen


def test_a_bug_in_the_worker_is_told_in_the_players_language(catalogue_archive):
    """ui/worker/__main__.py answers a call that failed with a sentence, never a dead worker: in the
    language in force, the bug's own words inside."""
    from ui.worker import __main__ as worker

    i18n.use("es", catalogue_archive)
    try:
        reply = json.loads(worker._answer(lambda: 1 / 0))
    finally:
        i18n.use(i18n.SOURCE)
    assert reply == {"error": "Algo ha fallado: division by zero"}


def test_hello_chooses_the_language_and_says_it(catalogue_archive):
    host = Host(seeds=random.Random(1), catalogues=catalogue_archive)
    assert host.hello("", "", {}, "normal", lang="", browser=["es-ES"])["lang"] == "es"
    assert host.hello("", "", {}, "normal", lang="en", browser=["es-ES"])["lang"] == "en"
    reply = host.hello("?seed=x", "", {}, "normal", lang="es", browser=[])
    assert "debe ser un número entero" in reply["notice"]  # said in the language chosen
    assert "Ordenador · Medio" in reply["levels"]["bot"]


def _link(data: dict) -> str:
    """A ``#g=`` link's body holding ``data`` as its record (tweak.record's link form)."""
    import base64
    import zlib

    packed = zlib.compress(json.dumps({"format": "tweak-record/1", **data}).encode(), 9)
    return "1." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


# Common English words: none may be left in a notice said in Spanish.
ENGLISH_WORDS = re.compile(r"\b(the|is|not|must|of|has|have|cannot|be|this|that|in|hand|seat|"
                           r"card|cards|record|link|game|table|number|whole|text|players|legal|"
                           r"deck|target|too|large|damaged|rules|field|fields|unknown)\b")
HOSTILE_LINKS = [
    "2.abc",  # not a link of this game
    "1.!!!",  # damaged
    _link({"players": 2, "seed": 1, "actions": ["Q9"]}),  # an action that does not parse
    _link({"players": 2, "seed": 1, "actions": ["R1xR2+R3"]}),  # an illegal action
    _link({"players": 9, "seed": 1}),  # a game that cannot be set up
    _link({"players": 2, "seed": 1, "rules": {"red_multiplier": 99}}),  # rules out of range
    _link({"players": 2, "seed": 1, "rules": {"colours": 3}}),  # a rule setting unknown
    _link({"players": "dos", "seed": 1}),
    _link({"players": 2, "seed": 1, "extra": 1}),
]


def _words_said(notice_html: str) -> str:
    """A notice's text less its markup and what it quotes (a record's field names such as
    «players», a person's text): the words the game itself says."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", notice_html))
    return re.sub(r"«[^»]*»|'[^']*'", " ", text)


@pytest.mark.parametrize("fragment", HOSTILE_LINKS)
def test_a_hostile_link_is_refused_in_the_players_language(fragment, catalogue_archive):
    """The engine's reason (tweak.words) is told in Spanish inside the Spanish notice."""
    host = Host(seeds=random.Random(1), catalogues=catalogue_archive)
    host.hello("", "", {}, "normal", lang="es", browser=[])
    notice = _words_said(host.answer("open_link", fragment, {})["notice"])
    assert "enlace" in notice or "partida" in notice, notice
    assert not ENGLISH_WORDS.findall(notice), notice
    host.language("en", {}, showing="start")
    english = _words_said(host.answer("open_link", fragment, {})["notice"])
    assert ENGLISH_WORDS.findall(english), english  # the same refusal, in English


def test_a_damaged_save_is_set_aside_in_the_players_language(catalogue_archive):
    host = Host(seeds=random.Random(1), catalogues=catalogue_archive)
    host.hello("", "", {}, "normal", lang="es", browser=[])
    reply = host.start({SAVE_KEY: '{"format": "tweak-record/1", "players": 2, "seed": 1, '
                                  '"rules": {"hand_size": 0}}'})
    notice = _words_said(reply["notice"])
    assert "No se puede leer" in notice and "del 1 al 6" in notice, notice
    assert not ENGLISH_WORDS.findall(notice), notice
    assert reply["store"][SAVE_KEY] is None  # set aside, not lost


def test_switching_language_mid_game_keeps_the_game(catalogue_archive):
    host = Host(seeds=random.Random(1), catalogues=catalogue_archive)
    host.hello("?seed=4&pace=instant", "", {}, "normal", browser=["en"])
    first = host.answer("deal", FIELDS, {})
    save = first["store"][SAVE_KEY]
    reply = host.language("es", {}, showing="table")
    assert reply["lang"] == "es" and reply["screen"] == first["screen"]
    assert host.session.save_text() == save  # the same game, not a new deal
    assert host.language("es", {}, showing="rules")["screen"] == "rules"
    assert host.language("en", {}, showing="table")["html"] == host.screen()["html"]


# ---- no unmarked English: the pseudo-language --------------------------------------------------


class _Visible(html.parser.HTMLParser):
    """The text a person meets in an HTML fragment: its text, and the attributes read aloud or
    shown (title, aria-label, alt, placeholder).  A key's badge (``<kbd>``: "a", "P", "Esc")
    names a key of the keyboard, the same in every language: not a word to translate."""

    SPOKEN = ("title", "aria-label", "alt", "placeholder")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text, self.attributes, self.skip = [], [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "svg", "kbd"):
            self.skip += 1
        self.attributes.extend(value for name, value in attrs if name in self.SPOKEN and value)

    def handle_endtag(self, tag):
        if tag in ("script", "style", "svg", "kbd"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.text.append(data)


NEUTRAL = re.compile(r"TWEAK!?|\[T!\]|T!|Esc|" + "|".join(NAMES))


def unmarked(text: str) -> list:
    """The words of ``text`` outside every ⟦…⟧ (nested marks count), neutral ones left out."""
    outside, depth = [], 0
    for char in text:
        if char == "⟦":
            depth += 1
        elif char == "⟧":
            depth -= 1
        elif depth == 0:
            outside.append(char)
    rest = NEUTRAL.sub(" ", "".join(outside))
    return re.findall(r"[^\W\d_]+", rest)


def english_left(fragment: str) -> list:
    parser = _Visible()
    parser.feed(fragment)
    found = unmarked("".join(parser.text))
    for value in parser.attributes:
        found += [f"{word} (in {value!r})" for word in unmarked(value)]
    return found


def start_parts(host):
    made = Host(seeds=random.Random(2))
    made.hello("?seed=3&pace=instant", "", {}, "normal")
    save = made.answer("deal", FIELDS, {})["store"][SAVE_KEY]
    reply = host.hello("?lang=xx&seed=oops", "", {}, "normal", browser=["en"])
    saves = host.start({SAVE_KEY: save, "tweak.save.previous": save})
    return "".join([reply["notice"], reply["levels"]["human"], reply["levels"]["bot"],
                    saves["saves"]])


def house_rules_page(host):
    current = Rules(goals=(21, 22, 23, 24, 25))
    return rules_page.render_rules(EDITIONS, current)


def prompts(host):
    host.hello("?lang=xx&seed=4&pace=instant", "", {}, "normal")
    reply = host.answer("deal", FIELDS, {})
    while reply["bot"]:
        reply = host.bot_move()
    return "".join(f"<p>{line}</p>" for line in reply["announce"][-1:])


# ---- the session's words: hints, take-backs, the daily deal, sound, hot seat ----------------
# These screens also hold the table (ui/worker/screens/, marked on their own): each takes only what the
# worker's session, coach, daily deal and sound modules put on it — notices (render_notice's
# markup, ui/worker/screens/start.py), the words announced and spoken, the coach's hint, the daily section.

_NOTICE = re.compile(r'<div class="notice" role="alert">.*?</div>', re.S)


def notices(reply) -> str:
    """The notices a reply shows (start screen or game), and the turn's prompt it announces
    (the moves it announces are the log's, ui/worker/story.py)."""
    found = _NOTICE.findall(reply.get("html", "") + reply.get("notice", ""))
    prompt = reply.get("announce", [])[-1:] if reply.get("turn") else []
    return "".join(found) + "".join(f"<p>{line}</p>" for line in prompt)


def _hint_parts(given) -> str:
    return (f"<p>{given.headline}</p>" + "".join(f"<li>{r}</li>" for r in given.reasons)
            + f"<p>{given.runner_up}</p>")


def hints(host):
    """The coach's hint on many turns of a game with every [T!] card in play (captures,
    places, the Bomb's give-ups, the [T!] cards played and kept), each hinted move made."""
    host.hello("?lang=xx&seed=4&pace=instant&tcards=thief,joker,bomb,change", "", {}, "normal")
    reply, shown = host.answer("deal", FIELDS, {}), []
    session = host.session
    for _turn in range(24):
        while session.bot_to_act():
            reply = host.bot_move()
        if session.state.is_over:
            break
        if session.kind() == "scores":
            host.command("next-round")
            continue
        reply = host.command("hint")
        shown.append(notices(reply) + _hint_parts(session.hint))
        reply = host.act(session.hint.action)
    return "".join(shown)


def all_sums(host):
    """Show all sums on: the turn's prompt, the hint beside the marks, and between people the
    refusal of a hint while hints are off."""
    host.hello("?lang=xx&seed=4&pace=instant", "", {}, "normal")
    host.answer("deal", FIELDS, {})
    while host.session.bot_to_act():
        host.bot_move()
    shown = [notices(host.command("sums")), notices(host.command("hint"))]
    assert host.session.show_sums and host.session.screen().marks is not None
    shown.append(_hint_parts(host.session.hint))
    hot = Host(seeds=random.Random(3))
    hot.hello("?lang=xx&seed=4&pace=instant", "", {}, "normal")
    hot.answer("deal", {**FIELDS, "kind-1": "human"}, {})
    hot.command("reveal")
    if hot.session.bot_to_act():
        hot.bot_move()
    shown.append(notices(hot.command("hint")))
    return "".join(shown)


def take_back(host):
    """Taking a move back, and each refusal of it: before any move, twice in a row, in the
    daily deal, between people, after the game."""
    from ui.worker.errors import SessionError

    host.hello("?lang=xx&seed=4&pace=instant", "", {}, "normal")
    host.answer("deal", FIELDS, {})
    session = host.session
    while session.bot_to_act():
        host.bot_move()
    shown = []
    try:
        session.take_back()
    except SessionError as error:
        shown.append(f"<p>{error}</p>")
    for _move in range(2):  # two moves of the person's: one is taken back, not the other
        host.act(format_action(session.screen().view.legal[0]))
        while session.bot_to_act():
            if _move == 0:  # a click while a computer is to move
                shown.append(notices(host.act("R1")))
            host.bot_move()
    shown += [notices(host.command("take-back")), notices(host.command("take-back"))]
    assert escape(i18n._("Only your last move can be taken back; make a move first.")) in shown[-1]
    daily = Host(seeds=random.Random(3), clock=lambda: datetime(2026, 12, 1, 15,
                                                               tzinfo=timezone.utc))
    daily.hello("?lang=xx&pace=instant", "", {}, "normal")
    daily.answer("daily", "", {})
    while daily.session.bot_to_act():
        daily.bot_move()
    daily.act(format_action(daily.session.screen().view.legal[0]))
    shown.append(notices(daily.command("take-back")))
    shown.append(notices(daily.answer("rematch")))  # the daily deal has no second game
    hot = Host(seeds=random.Random(3))
    hot.hello("?lang=xx&seed=4&pace=instant", "", {}, "normal")
    hot.answer("deal", {**FIELDS, "kind-1": "human"}, {})
    hot.command("reveal")
    shown.append(notices(hot.command("take-back")))
    assert escape(i18n._("Moves cannot be taken back in a game between people.")) in shown[-1]
    return "".join(shown)


DAY = date(2026, 12, 1)


def daily_section(host):
    """The start screen's daily deal: to play (with a streak), going on, played (its result
    and the text it shares), an earlier day's deal to finish, and a status that cannot be
    read."""
    from ui.worker import daily
    from ui.worker.screens.start import render_daily

    done = daily.Status(DAY, result=daily.Result(142, 3, 1, True, 4))
    shown = [render_daily(None, DAY, streak=3), render_daily(daily.Status(DAY, "{}"), DAY, 5),
             render_daily(done, DAY, streak=1), f"<p>{daily.share_text(DAY, done.result)}</p>",
             render_daily(daily.Status(date(2026, 11, 30), "{}"), DAY)]
    host.hello("?lang=xx", "", {}, "normal")
    shown.append(host.start({"tweak.daily": "not a status"})["notice"])
    return "".join(shown)


def daily_result(host):
    """A finished daily deal's words (the result line, the shared text, a replay's) and the
    notices of daily-deal links: a replay, a day to come, a date that is not one."""
    from ui.worker import daily

    host = Host(seeds=random.Random(3), clock=lambda: datetime(2026, 12, 1, 15,
                                                              tzinfo=timezone.utc))
    host.hello("?lang=xx&pace=instant", "", {}, "normal")
    shown = []
    for result in (daily.Result(142, 3, 2, False, 4), daily.Result(1, 1, 1, True, 4),
                   daily.Result(0, 0, 3, False, 4), daily.Result(22, 0, 4, False, 4)):
        shown += [f"<p>{daily.result_line(result)}</p>",
                  f"<p>{daily.share_text(DAY, result, replay=True)}</p>"]
    shown.append(notices(host.answer("daily", "2026-11-02", {}, link=True)))
    shown.append(notices(host.answer("daily", "2027-01-01", {}, link=True)))
    shown.append(notices(host.answer("daily", "tomorrow", {}, link=True)))
    shown.append(notices(host.answer("daily", "2026-02-30", {}, link=True)))
    return "".join(shown)


def sound_panel(host):
    """The Sound button and panel, with what its speech switches say as samples."""
    from ui.worker.cues import render_sound_controls

    panel = render_sound_controls(i18n.current())
    samples = re.findall(r'data-sample="([^"]*)"', panel)
    return panel + "".join(f"<p>{sample}</p>" for sample in samples)


def pass_device(host):
    """A hot-seat game's pass-the-device screen (the worker's words: the prompt announced,
    the refusal of a move before the hand is revealed) and the turn that follows."""
    host.hello("?lang=xx&seed=4&pace=instant", "", {}, "normal")
    reply = host.answer("deal", {**FIELDS, "kind-1": "human", "name-1": ""}, {})
    assert reply["screen"] == "pass"
    shown = [notices(reply), notices(host.command("reveal"))]
    assert escape(i18n._("Pass the device to {name}.").format(
        name=i18n._("Player {n}").format(n=1))) in shown[0]
    return "".join(shown)


def setup_refusals(host):
    """What the start form refuses, said on the start screen; the seats' kinds."""
    from ui.worker.seats import Seat

    host.hello("?lang=xx", "", {}, "normal")
    shown = [host.answer("deal", {**FIELDS, **bad}, {})["notice"] for bad in (
        {"players": "many"}, {"players": "9"}, {"edition": "deluxe"}, {"kind-1": "robot"},
        {"kind-0": "bot"})]
    shown += [f"<p>{Seat('Ada', 'bot', 'hard').label}</p>", f"<p>{Seat('Bo', 'human').label}</p>"]
    return "".join(shown)


def statistics_words(host):
    """The words ui/worker/stats.py makes: its tables' labels, the biggest capture, the sentences
    refusing a file that is not a statistics file."""
    from ui.worker import stats

    counted = stats.Stats(games={"2 easy": (3, 1), "3 mixed": (1, 1)})
    shown = [f"<p>{label}</p>" for label, _played, _won in stats.rows(counted)]
    for text in ("{", '{"format": "x"}', '{"format": "tweak-stats/1", "extra": 1}',
                 '{"format": "tweak-stats/1", "games": {"9 easy": [1, 0]}}',
                 '{"format": "tweak-stats/1", "games": {"2 easy": [1]}}',
                 '{"format": "tweak-stats/1", "games": {"2 easy": [1, 3]}}',
                 '{"format": "tweak-stats/1", "tweaks": -1}',
                 '{"format": "tweak-stats/1", "biggest_words": 7}',
                 '{"format": "tweak-stats/1", "daily_last": "soon"}',
                 '{"format": "tweak-stats/1", "daily_streak": 2}'):
        try:
            stats.parse(text)
        except stats.StatsError as error:
            shown.append(f"<p>{error}</p>")
    record = Record(2, 4, EDITIONS["classic"].with_changes(goals=(20,) * 5),
                    seats=("human", "bot:easy"), names=("You", "Ada"))
    state, players = record.start(), [bots.make_bot("greedy", seed=i) for i in range(2)]
    while not state.is_over:
        action = players[state.to_act].choose(view(state, state.to_act))
        state, record = apply(state, action), record.then(action)
    # The biggest capture is stored in notation and named on the statistics screen in the
    # language in force (ui.worker.stats.biggest_action).
    shown.append(host.answer("statistics", stats.dumps(stats.count_game(stats.Stats(), record)))["html"])
    return "".join(shown)


# Statistics as a player who has played a while has them: tables of two levels and a mixed
# one, a best round, a biggest capture in notation as ui/worker/stats.py writes it, daily-deal
# streaks.
STATS = json.dumps({"format": "tweak-stats/1",
                    "games": {"2 medium": [5, 3], "3 mixed": [2, 1], "4 hard": [1, 0]},
                    "best_round": 41, "tweaks": 4, "biggest": 13,
                    "biggest_capture": "R5xY1+G2",
                    "daily_played": 3, "daily_streak": 2, "daily_best": 2,
                    "daily_last": "2026-11-29"})


def statistics(host):
    return host.answer("statistics", STATS)["html"]


def statistics_reset_question(host):
    return host.answer("statistics", STATS, "reset")["html"]


def statistics_import_refused(host):
    """A file that is not a statistics file: the refusal (ui/worker/stats.py's reason in ui/worker/host.py's
    sentence), then one whose games do not add up."""
    first = host.answer("import_stats", '{"format": "tweak-record/1"}', STATS)["html"]
    second = host.answer("import_stats", '{"format": "tweak-stats/1", "games": {"2 easy": [1, 3]}}',
                               STATS)["html"]
    return first + second


def finished_game_host(host):
    """``host`` showing the results of a finished game (a link to it, as a friend opens it)."""
    from tests.ui.test_review import short_game

    host.hello("?lang=xx&pace=instant", "", {}, "normal")
    host.answer("open_link", to_fragment(short_game()), {})
    return host


def review_step_with_comment(host):
    """The review at step 2 of tests/ui/test_review.py's short game: the first player placed
    a card where a capture was clearly better (the evaluator's comment)."""
    finished_game_host(host).command("review")
    html = host.command("review:step:2")["html"]
    assert 'class="review-comment"' in html
    return html


def review_score_sheet(host):
    finished_game_host(host).command("review")
    return host.command("review:sheet:1")["html"]


def _said(reply) -> str:
    """What a reply shows and says besides its screen: the celebration, the announcements."""
    return (reply.get("flash") or "") + "".join(f"<p>{line}</p>" for line in reply["announce"])


def _until_my_turn(host, reply, shown):
    while reply["bot"]:
        reply = host.bot_move()
        shown.append(_said(reply))
    return reply


def rich_table(host):
    """The table mid-game with a log of every kind: seat 0's opening TWEAK! (R15) wins The
    Thief, played on Ada next turn (R13); captures follow; a hand card and a table card are
    picked, so the running sum, the move buttons and the keys line show.  With the flashes
    and the sentences announced along the way."""
    opening = tweak_opening(3, ("thief", "joker", "bomb"))
    host.hello(opening.query(lang="xx", pace="instant"), "", {}, "normal")
    host.answer("deal", FIELDS, {})
    shown = []
    reply = host.act(str(opening.tweak))
    shown.append(_said(reply))
    reply = _until_my_turn(host, reply, shown)
    shown.append(host.command("flow:thief")["html"])  # The Thief's chooser
    reply = host.act("thief@1")
    shown.append(_said(reply))
    for _turn in range(30):
        reply = _until_my_turn(host, reply, shown)
        session = host.session
        kinds = {entry.kind for entry in list(session.log)[-8:]}
        if session.kind() == "table" and {"capture", "tweak", "tcard"} <= kinds:
            break
        me = session.screen().view
        captures = [action for action in me.legal if isinstance(action, Capture)]
        reply = host.act(str(captures[0] if captures else me.legal[-1]))
        shown.append(_said(reply))
    else:
        raise AssertionError("no table with a capture, a TWEAK! and a [T!] card in its log")
    me = host.session.screen().view
    host.command(f"hand:{me.hand[0]}")
    reply = host.command("table:0")
    assert 'class="sumline' in reply["html"] and 'class="keys-help"' in reply["html"]
    return reply["html"] + "".join(shown)


def _to_the_end_of_a_round(host, goal):
    host.hello(f"?lang=xx&seed=9&pace=instant&goal={goal}", "", {}, "normal")
    reply = host.answer("deal", FIELDS, {})
    while host.session.kind() == "table":
        reply = host.bot_move() if reply["bot"] else host.act(
            str(host.session.screen().view.legal[-1]))
    return reply


def score_sheet(host):
    reply = _to_the_end_of_a_round(host, 1_000)
    assert reply["screen"] == "scores"
    return reply["html"] + (reply.get("flash") or "")


def game_over(host):
    reply = _to_the_end_of_a_round(host, 1)
    assert reply["screen"] == "over"
    return reply["html"] + (reply.get("flash") or "")


def hot_seat_pass(host):
    """Two people at one device: the table with every hand hidden while a computer plays,
    then the pass screen before a person's turn."""
    host.hello("?lang=xx&seed=3&pace=instant&dealer=0", "", {}, "normal")
    reply = host.answer("deal", {**FIELDS, "kind-2": "human", "name-0": "Blaise", "name-2": "You"}, {})
    shown = [reply["html"]]
    assert 'class="hand hidden-hand"' in reply["html"]  # Ada, a computer, plays first
    while reply["bot"]:
        reply = host.bot_move()
    assert reply["screen"] == "pass"
    return "".join(shown) + reply["html"]


def devices(host):
    """Play across devices: the lobby, the host's table with a seat away, and a guest's table
    drawn from the host's view."""
    host.hello("?lang=xx&seed=3&pace=instant&dealer=0", "", {}, "normal")
    shown = [host.answer("deal", {**FIELDS, "kind-1": "remote"}, {})["html"]]
    guest = Host(seeds=random.Random(6))
    guest.hello("?lang=xx", "#join=x", {}, "normal")
    table = host.session.table
    sent = guest.peer("host", "open", json.dumps({"name": "Ada", "secret": "", "table": table,
                                                  "seat": 1}))["send"]["host"]
    reply = host.peer("1", "message", sent[0])
    shown.append(reply["html"])
    reply = host.command("start-game")
    for text in [*sent[1:], *reply["send"]["1"]]:
        guest.peer("host", "message", text)
    for text in host.peer("1", "message", sent[0])["send"]["1"]:
        shown.append(guest.peer("host", "message", text).get("html", ""))
    shown.append(host.peer("1", "closed", "")["html"])
    return "".join(shown)


SCREENS = {
    "start screen (the worker's parts: notice, levels, saves)": start_parts,
    "rules page": lambda host: rules_page.render_rules(EDITIONS),
    "rules page with a game's house-rule goals": house_rules_page,
    "turn prompt": prompts,
    "a hint on a person's turn (the coach's words), turn after turn": hints,
    "show all sums (the worker's words beside the marks)": all_sums,
    "a take-back and its refusals": take_back,
    "the daily-deal section of the start screen": daily_section,
    "a finished daily deal's result and the daily links' notices": daily_result,
    "the Sound panel": sound_panel,
    "the pass-the-device screen of a hot-seat game (the worker's words)": pass_device,
    "the start form's refusals and the seats' kinds": setup_refusals,
    "the statistics' own words (labels, refusals, biggest capture)": statistics_words,
    "statistics with games, a biggest capture and daily streaks": statistics,
    "statistics: the reset question": statistics_reset_question,
    "statistics: an import refused": statistics_import_refused,
    "statistics: none yet": lambda host: host.answer("statistics", "")["html"],
    "table": lambda host: (prompts(host), host.screen()["html"])[1],
    "table with a rich log (captures, a TWEAK!, a [T!] card played)": rich_table,
    "a round's score sheet": score_sheet,
    "game over": game_over,
    "pass screen": hot_seat_pass,
    "play across devices: the lobby, a seat away, a guest's table": devices,
    "game review: a step with the evaluator's comment": review_step_with_comment,
    "game review: a round's score sheet": review_score_sheet,
}


class _Recording(i18n._Pseudo):
    """The pseudo-language, noting every message asked for."""

    asked = set()

    def gettext(self, message):
        self.asked.add(message)
        return super().gettext(message)

    def ngettext(self, singular, plural, n):
        self.asked.add((singular, plural))
        return super().ngettext(singular, plural, n)


def render_in_pseudo(render, monkeypatch):
    """``render(host)`` in the pseudo-language (also when it says ``?lang=xx`` to the host),
    noting every message asked for."""
    monkeypatch.setattr(i18n, "_Pseudo", _Recording)
    i18n.use(i18n.PSEUDO)
    return render(Host(seeds=random.Random(5)))


@pytest.mark.parametrize("name", list(SCREENS))
def test_every_word_of_the_screen_is_marked_in_the_pseudo_language(name, template, monkeypatch):
    shown = render_in_pseudo(SCREENS[name], monkeypatch)
    assert "⟦" in shown
    assert not english_left(shown), f"{name}: unmarked English: {english_left(shown)}"
    ids = {m.id if isinstance(m.id, str) else tuple(m.id) for m in template if m.id}
    missing = sorted(map(str, _Recording.asked - ids))
    assert not missing, ("translated at run time but not in the template (an _() inside an "
                         "f-string is invisible to Babel): " + ", ".join(missing))


def test_the_pseudo_language_keeps_placeholders_and_markup():
    assert i18n.pseudo("Deal {n} <b>cards</b> &amp; more") == "⟦Ďéàł {n} <b>çàrďs</b> &amp; mõré⟧"
    i18n.use(i18n.PSEUDO)
    assert i18n._("Your turn — make {target}.").format(target=8).startswith("⟦")


def test_the_static_start_screen_marks_every_word(babel):
    """index.html's start screen is shown before Python: every word of it is in an element
    marked data-i18n (translated by ui/main_thread/lang.js from the catalogues), every spoken attribute is
    named by data-i18n-attr, and each is a message of the template."""

    class Static(html.parser.HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.stack, self.problems, self.inside = [], [], False

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            if attrs.get("id") == "start-screen":
                self.inside = True
            marked = "data-i18n" in attrs or any(
                parent for parent in self.stack)
            named = (attrs.get("data-i18n-attr") or "").split()
            for name in ("title", "aria-label", "placeholder", "alt"):
                if self.inside and attrs.get(name) and name not in named:
                    self.problems.append(f"{tag}[{name}={attrs[name]!r}]")
            if tag not in ("input", "meta", "link", "br", "img"):
                self.stack.append(marked)

        def handle_endtag(self, tag):
            if tag not in ("input", "meta", "link", "br", "img") and self.stack:
                self.stack.pop()

        def handle_data(self, data):
            words = re.findall(r"[^\W\d_]+", NEUTRAL.sub(" ", data))
            if self.inside and words and not (self.stack and self.stack[-1]):
                self.problems.append(data.strip())

    parser = Static()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert not parser.problems, "unmarked words on the static start screen: " + \
        ", ".join(parser.problems)
    found = list(catalogues.extract_html(io.BytesIO((ROOT / "index.html").read_bytes()),
                                         [], [], {}))
    ids = {m.id for m in catalogues.read(ROOT / catalogues.TEMPLATE) if m.id}
    assert {message for _, _, message, _ in found} <= ids


# ---- the session's words in Spanish ------------------------------------------------------------


def test_the_daily_deal_speaks_the_players_language_and_its_link_none(catalogue_archive):
    from ui.worker import daily

    result = daily.Result(142, 3, 1, True, 4)
    assert daily.share_text(DAY, result) == "TWEAK! daily 2026-12-01 — 142 points, 3 TWEAK!s, " \
                                            "joint 1st of 4"
    i18n.use("es", catalogue_archive)
    assert daily.long_date(DAY) == "1 de diciembre de 2026"
    assert daily.result_line(daily.Result(1, 1, 2, False, 4)) == "1 punto, 1 TWEAK!, 2.º de 4"
    assert daily.share_text(DAY, result, replay=True) == (
        "TWEAK! Partida del día 2026-12-01 (repetición) — 142 puntos, 3 TWEAK!, 1.º de 4, con "
        "empate")
    assert daily.fragment(DAY) == "daily=2026-12-01"  # the link is the same in every language


def test_the_default_name_you_is_one_word_in_records_shown_in_the_players_language(
        catalogue_archive):
    """The person's default name is kept as "You" whatever the language (so a game saved in
    Spanish reads right in English, and ui.worker.story speaks to that seat), and shown translated;
    the name field's translation ("Tú") is read back as it."""
    from ui.worker.i18n import YOU
    from ui.worker.seats import parse_setup
    from ui.worker.screens.start import save_summary

    i18n.use("es", catalogue_archive)
    setup = parse_setup({**FIELDS, "name-0": "Tú"})
    assert setup.seats[0].name == YOU == "You"
    host = Host(seeds=random.Random(1), catalogues=catalogue_archive)
    host.hello("?seed=4&pace=instant", "", {}, "normal", lang="es")
    save = host.answer("deal", {**FIELDS, "name-0": "tú"}, {})["store"][SAVE_KEY]
    assert '"names":["You","Ada","Blaise"]' in save.replace(" ", "")
    assert save_summary(save).startswith("3 jugadores: Tú, Ada, Blaise · ")
    hot = parse_setup({**FIELDS, "kind-1": "human"})  # between people: "Jugador 1"
    assert [seat.name for seat in hot.seats] == ["Jugador 1", "Ada", "Blaise"]


def test_a_pass_screen_and_a_take_back_in_spanish(catalogue_archive):
    host = Host(seeds=random.Random(1), catalogues=catalogue_archive)
    host.hello("?seed=4&pace=instant", "", {}, "normal", lang="es")
    reply = host.answer("deal", {**FIELDS, "kind-1": "human"}, {})
    assert reply["announce"][-1] == "Pasa el dispositivo a Jugador 1."
    host.answer("deal", FIELDS, {})
    while host.session.bot_to_act():
        host.bot_move()
    host.act(format_action(host.session.screen().view.legal[0]))
    reply = host.command("take-back")
    assert "Jugada deshecha. Ahora esta partida es de práctica" in reply["html"]


def test_every_reason_of_the_evaluator_is_told_in_the_players_language(template):
    """tweak/bots/evaluator.py's reasons for every legal move of many games (their [T!] piles
    large, then small, so that every reason comes up: the Bomb's give-up, each [T!] card, a
    TWEAK! with and without a card to win), told in the pseudo-language: no English left, and
    every message they are made of is in the template (all 17 forms come up)."""
    from tweak import CLASSIC
    from tweak.bots import make_bot
    from tweak.bots.evaluator import describe
    from tweak.words import told

    i18n.use(i18n.PSEUDO)
    ids = {m.id if isinstance(m.id, str) else tuple(m.id) for m in template if m.id}
    messages = set()
    for counts in ((6, 6, 6, 6), (1, 1, 0, 0)):
        rules = CLASSIC.with_changes(tcard_counts=counts)
        for seed in range(8):
            state = new_game(3, seed, rules)
            greedy, chance = make_bot("greedy", seed), random.Random(seed)
            while not state.is_over:
                seen = view(state, state.to_act)
                for action in seen.legal:
                    for reason in describe(seen, action):
                        messages.add(reason.message)
                        said = told(reason, i18n.WORDS, names=("You", "Ada", "Blaise"))
                        assert said.startswith("⟦") and not english_left(said), (reason, said)
                state = apply(state, chance.choice(seen.legal) if chance.random() < 0.5
                              else greedy.choose(seen))
    assert len(messages) == 17, sorted(map(str, messages))  # every form describe() writes
    assert messages <= ids


# ---- every language, every screen ------------------------------------------------------------


class _Noting:
    """A language's catalogue, noting every message asked for."""

    def __init__(self, translations):
        self.translations, self.asked = translations, set()

    def gettext(self, message):
        self.asked.add(message)
        return self.translations.gettext(message)

    def ngettext(self, singular, plural, n):
        self.asked.add((singular, plural))
        return self.translations.ngettext(singular, plural, n)


@pytest.mark.parametrize("lang", [lang for lang in languages()])
@pytest.mark.parametrize("name", list(SCREENS))
def test_every_screen_renders_in_every_language_with_every_message_translated(
        name, lang, catalogue_archive, monkeypatch):
    """The screens of the pseudo-language check, drawn in each catalogue's language (whatever
    language the scenario asks the host for): they render, and every message they ask for
    has a translation in that catalogue."""
    i18n.use(lang, catalogue_archive)
    noting = _Noting(i18n._state["translations"])
    real_use = i18n.use

    def use(wanted, catalogues=i18n.CATALOGUES):
        real_use(lang, catalogue_archive)
        i18n._state["translations"] = noting
        return lang

    monkeypatch.setattr(i18n, "use", use)
    use(lang)
    shown = SCREENS[name](Host(seeds=random.Random(5)))
    assert shown and "⟦" not in shown
    catalog = catalogues.read(catalogues.catalogue_paths(ROOT)[lang])
    untranslated = sorted(str(message) for message in noting.asked
                          if not (catalog.get(message) and all(
                              [catalog.get(message).string] if isinstance(
                                  catalog.get(message).string, str)
                              else catalog.get(message).string)))
    assert not untranslated, f"{lang}, {name}: " + ", ".join(untranslated)


# The called-out sum (R14), as a player at the table says it in each language.
CALLED_OUT = {
    "en": "1 plus 3 is 4, plus 2 is 6, plus 3 is 9",
    "es": "1 más 3 son 4, más 2 son 6, más 3 son 9",
    "fr": "1 plus 3 font 4, plus 2 font 6, plus 3 font 9",
    "it": "1 più 3 fa 4, più 2 fa 6, più 3 fa 9",
    "pt": "1 mais 3 são 4, mais 2 são 6, mais 3 são 9",
}


@pytest.mark.parametrize("lang", sorted(CALLED_OUT))
def test_the_called_out_sum_in_each_language(lang, catalogue_archive):
    assert i18n.use(lang, catalogue_archive) == lang
    assert callout([1, 3, 2, 3]) == CALLED_OUT[lang]
    assert callout([7]) == "7"


def test_every_catalogue_has_its_called_out_sum():
    assert set(CALLED_OUT) == {"en", *languages()}


@pytest.mark.parametrize("lang, one, two, zero", [
    ("fr", "1 joueur", "2 joueurs", "0 joueur"),
    ("it", "1 giocatore", "2 giocatori", "0 giocatori"),
    ("pt", "1 jogador", "2 jogadores", "0 jogadores"),
])
def test_plural_forms_of_the_new_languages(lang, one, two, zero, catalogue_archive):
    i18n.use(lang, catalogue_archive)
    say = lambda n: i18n.ngettext("{n} player", "{n} players", n).format(n=n)  # noqa: E731
    assert (say(1), say(2), say(0)) == (one, two, zero)
