"""The main thread keeps to the page protocol (ui/worker/protocol.py).

MicroPython cannot import the protocol, so ui/main_thread/page.py and storage.py hold copies
of the names they use; these tests read their source (ast) and the main thread's JavaScript and
fail when one uses a verb, a command, a storage key or a pace the protocol does not define, or
when a screen offers a command nobody carries out.  Pure Python, no browser.
"""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

import pytest

from ui.worker import protocol
from ui.worker.host import Host, parse_saves

ROOT = Path(__file__).resolve().parents[2]
MAIN_THREAD = ROOT / "ui" / "main_thread"
PAGE = MAIN_THREAD / "page.py"
STORAGE = MAIN_THREAD / "storage.py"  # the storage keys
# the main thread's JS that stores, or writes markup
SCRIPTS = ("lang.js", "sound.js", "boot.js", "install.js", "link.js", "join.js", "peers.js")
CALL_HELPERS = ("ask", "call")  # page.py's ways to call a verb: helper("verb", *arguments)
STORAGE_KEY = re.compile(r"(?<![\w./])tweak\.[a-z][a-z.]*[a-z]")
DATA_UI = re.compile(r"""data-ui=["']?([^"'{}\s>\]]*)""")


def page_tree(source: str = "") -> ast.Module:
    return ast.parse(source or PAGE.read_text(encoding="utf-8"))


def storage_tree(source: str = "") -> ast.Module:
    return ast.parse(source or STORAGE.read_text(encoding="utf-8"))


def worker_calls(tree: ast.Module) -> list:
    """(verb, number of arguments, line) of every call of a verb in page.py: a call of a
    helper whose first argument is the verb's name.  The helpers' own bodies are not calls of a
    verb; a call that is not of a literal verb, or whose arguments cannot be counted, is
    (None, ..., line)."""
    found = []

    def visit(node):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                node.name in CALL_HELPERS:
            return
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in CALL_HELPERS:
                first = node.args[0] if node.args else None
                literal = isinstance(first, ast.Constant) and isinstance(first.value, str)
                countable = not any(isinstance(arg, ast.Starred) for arg in node.args)
                found.append((first.value if literal and countable else None,
                              len(node.args) - 1, node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def constants(tree: ast.Module) -> dict:
    """A module's constants (UPPER_CASE names bound to literals, or to sums of other
    constants), evaluated."""
    statements = [node for node in tree.body if isinstance(node, ast.Assign)
                  and all(isinstance(target, ast.Name) and target.id.isupper()
                          for target in node.targets)]
    values = {}
    for statement in statements:
        try:
            exec(compile(ast.Module(body=[statement], type_ignores=[]), "<constants>", "exec"),
                 {"__builtins__": {}}, values)
        except NameError:  # bound to something else than constants (COMMANDS: functions)
            continue
    return values


def command_table(tree: ast.Module) -> dict:
    """page.py's ``COMMANDS``: {command name: the handler's source}."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(target, "id", None) == "COMMANDS"
                                                for target in node.targets):
            assert isinstance(node.value, ast.Dict), "COMMANDS is a dict literal"
            assert all(isinstance(key, ast.Constant) for key in node.value.keys)
            return {key.value: ast.unparse(value)
                    for key, value in zip(node.value.keys, node.value.values)}
    raise AssertionError("page.py has no COMMANDS table")


def storage_keys(text: str) -> set:
    return set(STORAGE_KEY.findall(text))


def page_storage_keys(tree: ast.Module) -> set:
    """Every string constant of a module that is a storage key ("tweak.…")."""
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and STORAGE_KEY.fullmatch(node.value)}


def check_verbs(tree: ast.Module) -> list:
    """What is wrong with page.py's calls of verbs: an empty list when nothing is."""
    problems = []
    for verb, count, line in worker_calls(tree):
        if verb is None:
            problems.append(f"line {line}: not a literal verb with countable arguments")
        elif verb not in protocol.VERBS:
            problems.append(f"line {line}: {verb!r} is no verb of the protocol")
        elif count > len(protocol.VERBS[verb]):
            problems.append(f"line {line}: {verb} takes {len(protocol.VERBS[verb])} "
                            f"arguments, not {count}")
    return problems


def test_the_page_calls_only_the_protocols_verbs_with_their_arguments():
    tree = page_tree()
    assert check_verbs(tree) == []
    used = {verb for verb, _count, _line in worker_calls(tree)}
    # Every verb of a game's life is called: memory is the soak benchmark's, and a link is
    # opened by hello.
    assert set(protocol.VERBS) - used <= {"memory", "open_link"}, set(protocol.VERBS) - used


def test_a_verb_the_protocol_lacks_or_an_argument_too_many_is_caught():
    source = PAGE.read_text(encoding="utf-8")
    assert 'self.call("bot_move", stats_text())' in source
    misspelt = page_tree(source.replace('self.call("bot_move"', 'self.call("bot_moves"'))
    assert any("'bot_moves' is no verb" in problem for problem in check_verbs(misspelt))
    too_many = page_tree(source.replace('self.call("bot_move", stats_text())',
                                        'self.call("bot_move", stats_text(), "")'))
    assert any("bot_move takes 1 arguments, not 2" in problem
               for problem in check_verbs(too_many))
    computed = page_tree(source.replace('self.call("bot_move"', 'self.call("bot_" + "move"'))
    assert any("not a literal verb" in problem for problem in check_verbs(computed))


def test_the_page_carries_out_exactly_the_page_commands():
    table = command_table(page_tree())
    assert set(table) - set(protocol.PAGE_COMMANDS) == set(), "not in PAGE_COMMANDS"
    assert set(protocol.PAGE_COMMANDS) - set(table) == set(), "no handler"


def test_every_storage_key_the_main_thread_uses_is_the_protocols():
    tree = storage_tree()
    in_page = page_storage_keys(tree) | page_storage_keys(page_tree())
    assert in_page - set(protocol.STORAGE) == set()
    assert {"tweak.pace", "tweak.owner", "tweak.playing", "tweak.lang"} <= in_page
    for name in SCRIPTS:
        used = storage_keys((MAIN_THREAD / name).read_text(encoding="utf-8"))
        assert used - set(protocol.STORAGE) == set(), name
    assert storage_keys((MAIN_THREAD / "sound.js").read_text(encoding="utf-8")) >= {
        "tweak.sound", "tweak.speech", "tweak.speech.turn"}
    assert "tweak.lang" in storage_keys((MAIN_THREAD / "lang.js").read_text(encoding="utf-8"))
    # What a ``saves`` argument holds is the protocol's list, in its order.
    names = constants(tree)
    assert names["STORED_KEYS"] == protocol.STORED_KEYS
    assert names["SAVE_KEYS"] == protocol.SAVE_KEYS


def test_a_storage_key_the_protocol_lacks_is_caught():
    source = STORAGE.read_text(encoding="utf-8")
    assert 'PACE_KEY = "tweak.pace"' in source
    tree = storage_tree(source.replace('PACE_KEY = "tweak.pace"', 'PACE_KEY = "tweak.paces"'))
    assert page_storage_keys(tree) - set(protocol.STORAGE) == {"tweak.paces"}
    script = (MAIN_THREAD / "sound.js").read_text(encoding="utf-8")
    assert storage_keys(script.replace('"tweak.speech.turn"', '"tweak.speech.turns"')) - \
        set(protocol.STORAGE) == {"tweak.speech.turns"}


def test_the_pages_paces_are_the_protocols():
    assert constants(page_tree())["PACES"] == protocol.PACES
    assert protocol.DEFAULT_PACE in protocol.PACES


def literal_commands() -> dict:
    """{command name: where} of every ``data-ui`` written as a literal: in the worker's Python
    (markup text, or a ``{"data-ui": ...}`` attribute), in index.html and in the main thread's
    own markup.  A value made at run time (``data-ui="{ui}"``) is left to ``rendered_commands``."""
    found = {}

    def note(text, where):
        for value in DATA_UI.findall(text):
            if value:
                found.setdefault(protocol.command_name(value), where)

    for path in sorted((ROOT / "ui").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                note(node.value, where)
            elif isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values):
                    if isinstance(key, ast.Constant) and key.value == "data-ui":
                        if isinstance(value, ast.JoinedStr):
                            value = value.values[0]
                        if isinstance(value, ast.Constant) and value.value:
                            found.setdefault(protocol.command_name(value.value), where)
    for path in [ROOT / "index.html", *(MAIN_THREAD / name for name in SCRIPTS)]:
        note(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    return found


def rendered_commands() -> set:
    """The command names of every ``data-ui`` in what the worker answers along a short game
    played to its end: the start screen (with a game to resume and the last game), the table,
    a selection, the game over, its review, the statistics and the rules."""
    fields = {"players": "2", "kind-0": "human", "kind-1": "bot", "edition": "classic"}
    host = Host(seeds=random.Random(1))
    replies = [host.hello("?seed=7&pace=instant&goal=1", "", {}, "normal")]
    reply = host.answer("deal", fields, {})
    saves = dict(reply["store"])  # the game in progress, to resume
    while reply["screen"] != "over":
        replies.append(reply)
        if reply["bot"]:
            reply = host.bot_move()
        elif reply["screen"] == "scores":
            reply = host.command("next-round")
        else:
            hand = re.search(r'data-ui="(hand:[^"]+)"', reply["html"])
            if hand:
                replies.append(host.command(hand.group(1)))
                replies.append(host.command("clear"))
            reply = host.act(str(host.session.screen().view.legal[-1]))
    replies += [reply, host.command("review"), host.answer("statistics", None, ""),
                host.answer("statistics", None, "reset"), host.rules()]
    saves[protocol.LAST_KEY] = reply["store"][protocol.LAST_KEY]
    replies.append(Host().hello("", "", parse_saves(json.dumps(saves)), "normal"))
    text = json.dumps(replies)  # every piece of markup, wherever in the replies it is
    return {protocol.command_name(value) for value in DATA_UI.findall(text.replace('\\"', '"'))
            if value}


def test_every_command_a_screen_offers_is_carried_out():
    known = set(protocol.PAGE_COMMANDS) | set(protocol.WORKER_COMMANDS)
    literal = literal_commands()
    assert {name: where for name, where in literal.items() if name not in known} == {}
    rendered = rendered_commands()
    assert rendered - known == set()
    # The scans see what they should: the selection, the game over, the review, the
    # statistics' buttons and the start screen's Resume and last game; the markup written out.
    assert {"hand", "table", "clear", "rematch", "review", "stats-reset", "stats-export",
            "resume", "review-last", "rules", "copy-link"} <= rendered
    assert {"deal", "rules", "stats", "take-over", "quit", "dismiss", "sound-menu",
            "sound-mute", "pace", "flow", "hint", "next-round", "daily",
            "share-daily"} <= set(literal)


def test_a_command_nobody_carries_out_is_caught():
    known = set(protocol.PAGE_COMMANDS) | set(protocol.WORKER_COMMANDS)
    markup = '<button data-ui="hints">a</button><b data-ui=\'review:sheet:2\'></b>' \
             '<i data-ui="rematchs"></i>'
    assert {protocol.command_name(value) for value in DATA_UI.findall(markup)} - known == \
        {"rematchs"}


def test_the_hosts_dispatch_table_answers_exactly_the_protocols_verbs():
    # "memory" is the worker script's own (ui/worker/__main__.py), not the game's.
    assert set(Host().verbs) == set(protocol.VERBS) - {"memory"}
    with pytest.raises(KeyError):
        Host().answer("no-such-verb")


def test_every_argument_the_worker_decodes_is_described_and_every_description_is_used():
    source = (ROOT / "ui" / "worker" / "__main__.py").read_text(encoding="utf-8")
    decode = ast.parse(source)
    decoded = next(node.value for node in ast.walk(decode) if isinstance(node, ast.Assign)
                   and getattr(node.targets[0], "id", "") == "DECODE")
    decoded = {key.value for key in decoded.keys}
    used = {argument for arguments in protocol.VERBS.values() for argument in arguments}
    assert decoded <= set(protocol.ARGUMENTS), "an argument decoded but not described"
    assert set(protocol.ARGUMENTS) <= used, "ARGUMENTS describes an argument no verb takes"


def test_a_reply_key_the_protocol_lacks_is_caught():
    from conftest import reply_checked

    assert reply_checked(lambda: {"screen": "start"})() == {"screen": "start"}
    with pytest.raises(AssertionError, match="surprise"):
        reply_checked(lambda: {"screen": "start", "surprise": 1})()


def test_every_refusal_the_host_sends_is_one_a_guest_can_word():
    from ui.worker.mirror import REFUSED

    assert set(REFUSED) == set(protocol.REFUSALS)
    relay = (ROOT / "ui" / "worker" / "verbs" / "relay.py").read_text(encoding="utf-8")
    said = set(re.findall(r'"(\w+)"', " ".join(re.findall(r'why = [^\n]+', relay))))
    said |= set(re.findall(r'message\("refused", why="(\w+)"\)', relay))
    assert said == set(protocol.REFUSALS), said
