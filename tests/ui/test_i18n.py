"""The game's languages (issue 12): the catalogues are complete and compile, plural forms are
right, the language is chosen as a player expects, and — in the pseudo-language ``xx``, which
shows every translated message as ``⟦…⟧`` — the screens have no English left unmarked.

``SCREENS`` lists the screens rendered in the pseudo-language.  Babel comes from ``catalogues.ensure_babel`` (pinned).
"""

from __future__ import annotations

import gettext
import html.parser
import io
import random
import re
import zipfile
from pathlib import Path

import pytest

import catalogues
from tweak import EDITIONS, Capture, TKind, bots
from tweak.rules import Rules
from ui import i18n, rules_page
from ui.host import SAVE_KEY, Host
from ui.story import callout

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


@pytest.fixture(scope="session")
def localedir(babel, tmp_path_factory):
    """The compiled catalogues, unpacked as the worker has them (pyscript.toml)."""
    directory = tmp_path_factory.mktemp("locale")
    archive = catalogues.generated(ROOT)[catalogues.ARCHIVE]
    zipfile.ZipFile(io.BytesIO(archive)).extractall(directory)
    return str(directory)


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
        "locale/tweak.pot is out of date: run python3 catalogues.py update"


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


def test_plural_forms_in_spanish(localedir):
    i18n.use("es", localedir)
    say = lambda n: i18n.ngettext("{n} player", "{n} players", n).format(n=n)  # noqa: E731
    assert (say(1), say(2), say(0)) == ("1 jugador", "2 jugadores", "0 jugadores")
    assert i18n.ngettext("point", "points", 1) == "punto"
    assert i18n.ngettext("point", "points", 6) == "puntos"
    i18n.use("en", localedir)
    assert i18n.ngettext("point", "points", 1) == "point"


def test_the_called_out_sum_in_spanish(localedir):
    assert callout([1, 3, 2, 3]) == "1 plus 3 is 4, plus 2 is 6, plus 3 is 9"
    i18n.use("es", localedir)
    assert callout([1, 3, 2, 3]) == "1 más 3 son 4, más 2 son 6, más 3 son 9"
    assert callout([7]) == "7"


def test_the_start_script_carries_the_first_paints_words(babel):
    script = catalogues.generated(ROOT)[catalogues.START_SCRIPT].decode("utf-8")
    assert '"es": "Español"' in script and '"en": "English"' in script
    assert '"Deal": "Repartir"' in script and '"Retry": "Reintentar"' in script
    assert "Cómo se juega a TWEAK!" not in script  # the worker's words are not in it


def test_a_third_language_is_just_a_catalogue(babel, tmp_path):
    """A copy of the repository's locale/ with one more .po: the archive, the start script
    and the worker's list of languages all have it; nothing else is edited."""
    import shutil

    shutil.copytree(ROOT / "locale", tmp_path / "locale")
    french = tmp_path / "locale/fr/LC_MESSAGES/tweak.po"
    french.parent.mkdir(parents=True)
    french.write_text('msgid ""\nmsgstr ""\n"Language: fr\\n"\n'
                      '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n'
                      '"Content-Type: text/plain; charset=utf-8\\n"\n\n'
                      'msgid "Deal"\nmsgstr "Distribuer"\n', encoding="utf-8")
    made = catalogues.generated(tmp_path)
    assert '"fr": "Français"' in made[catalogues.START_SCRIPT].decode("utf-8")
    zipfile.ZipFile(io.BytesIO(made[catalogues.ARCHIVE])).extractall(tmp_path / "unpacked")
    assert i18n.available(str(tmp_path / "unpacked")) == ["en", "es", "fr"]
    i18n.use("fr", str(tmp_path / "unpacked"))
    assert i18n._("Deal") == "Distribuer"


def test_engine_words_shown_translated_are_marked():
    """Labels the engine writes (levels, [T!] titles, editions) are marked for the catalogue
    where the ui shows them translated."""
    from ui.start import LEVEL_LABELS

    assert {label for _, label in bots.CHOICES} <= set(LEVEL_LABELS)
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


def test_hello_chooses_the_language_and_says_it(localedir):
    host = Host(seeds=random.Random(1), localedir=localedir)
    assert host.hello("", "", {}, "normal", lang="", browser=["es-ES"])["lang"] == "es"
    assert host.hello("", "", {}, "normal", lang="en", browser=["es-ES"])["lang"] == "en"
    reply = host.hello("?seed=x", "", {}, "normal", lang="es", browser=[])
    assert "debe ser un número entero" in reply["notice"]  # said in the language chosen
    assert "Ordenador · Medio" in reply["levels"]["bot"]


def test_switching_language_mid_game_keeps_the_game(localedir):
    host = Host(seeds=random.Random(1), localedir=localedir)
    host.hello("?seed=4&speed=instant", "", {}, "normal", browser=["en"])
    first = host.deal(FIELDS, {})
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
    made.hello("?seed=3&speed=instant", "", {}, "normal")
    save = made.deal(FIELDS, {})["store"][SAVE_KEY]
    reply = host.hello("?lang=xx&seed=oops", "", {}, "normal", browser=["en"])
    saves = host.start({SAVE_KEY: save, "tweak.save.previous": save})
    return "".join([reply["notice"], reply["levels"]["human"], reply["levels"]["bot"],
                    saves["saves"]])


def house_rules_page(host):
    current = Rules(goals=(21, 22, 23, 24, 25))
    return rules_page.render_rules(EDITIONS, current)


def prompts(host):
    host.hello("?lang=xx&seed=4&speed=instant", "", {}, "normal")
    reply = host.deal(FIELDS, {})
    while reply["bot"]:
        reply = host.bot_move()
    return "".join(f"<p>{line}</p>" for line in reply["announce"][-1:])


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
    host.hello(opening.query(lang="xx", speed="instant"), "", {}, "normal")
    host.deal(FIELDS, {})
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
    host.hello(f"?lang=xx&seed=9&speed=instant&goal={goal}", "", {}, "normal")
    reply = host.deal(FIELDS, {})
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
    host.hello("?lang=xx&seed=3&speed=instant&dealer=0", "", {}, "normal")
    reply = host.deal({**FIELDS, "kind-2": "human", "name-0": "Blaise", "name-2": "You"}, {})
    shown = [reply["html"]]
    assert 'class="hand hidden-hand"' in reply["html"]  # Ada, a computer, plays first
    while reply["bot"]:
        reply = host.bot_move()
    assert reply["screen"] == "pass"
    return "".join(shown) + reply["html"]


SCREENS = {
    "start screen (the worker's parts: notice, levels, saves)": start_parts,
    "rules page": lambda host: rules_page.render_rules(EDITIONS),
    "rules page with a game's house-rule goals": house_rules_page,
    "turn prompt": prompts,
    "table": lambda host: (prompts(host), host.screen()["html"])[1],
    "table with a rich log (captures, a TWEAK!, a [T!] card played)": rich_table,
    "a round's score sheet": score_sheet,
    "game over": game_over,
    "pass screen": hot_seat_pass,
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
    marked data-i18n (translated by ui/lang.js from the catalogues), every spoken attribute is
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
