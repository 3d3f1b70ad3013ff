"""The layers of the worker, checked on the source (docs/architecture.md, "Layers").

Every import counts, at the top of a module or inside a function (the worker imports some
modules late, for a quicker first answer; a late import is still a dependency).  ``tweak/``,
``ui/`` and each layer of ``ui/worker/`` import no module that imports them back (no cycle),
and each module of ``ui/worker/`` imports only its own layer or the layers below it.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# ui/worker/'s layers, lowest first: a module may import its own layer and those below.
LAYERS = (
    ("leaves", {"protocol", "i18n", "markup", "errors", "address", "cues", "motion", "story",
                "stdlib_rest"}),
    ("models", {"daily", "stats", "seats", "hooks", "slots", "peer_messages"}),
    ("the table", {"table", "screen_data", "commands", "coach", "computers", "takeback",
                   "remote", "session", "mirror", "review"}),
    ("screens", {"screens"}),
    ("verbs", {"verbs"}),
    ("host", {"host", "__main__"}),
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict:
    """Every module of tweak/ and ui/: its dotted name -> its file."""
    found = {module_name(path): path for folder in ("tweak", "ui")
             for path in sorted((ROOT / folder).rglob("*.py"))}
    assert "ui.worker.host" in found and "tweak.engine" in found
    return found


def imports(name: str, source: str, known, package: bool = False) -> set:
    """The modules of ``known`` that the module ``name`` (a package's ``__init__`` when
    ``package``) imports anywhere in its ``source``.  ``from . import x`` imports the module
    ``x``, not its package (which the import of any submodule runs first, and which is
    therefore no dependency of its own)."""
    package = name if package else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            submodules = {f"{base}.{alias.name}" for alias in node.names} & set(known)
            found.update(submodules)
            if len(submodules) < len(node.names):  # names from the module itself
                found.add(base)
    return {module for module in found if module in known and module != name}


def graph() -> dict:
    known = modules()
    return {name: imports(name, path.read_text(encoding="utf-8"), known,
                          package=path.name == "__init__.py")
            for name, path in known.items()}


def cycle(edges: dict):
    """One import cycle of ``edges`` as a list of modules (first == last), or None."""
    state = {}  # module -> "open" while on the path, "done" once every path from it is known

    def visit(module, path):
        state[module] = "open"
        for imported in sorted(edges.get(module, ())):
            if state.get(imported) == "open":
                return path[path.index(imported):] + [imported]
            if imported not in state:
                found = visit(imported, path + [imported])
                if found:
                    return found
        state[module] = "done"
        return None

    for module in sorted(edges):
        if module not in state:
            found = visit(module, [module])
            if found:
                return found
    return None


def layer(name: str):
    """The index in ``LAYERS`` of a ``ui.worker`` module, or None for one outside it."""
    if not name.startswith("ui.worker."):
        return None
    first = name.split(".")[2]
    for index, (_title, members) in enumerate(LAYERS):
        if first in members:
            return index
    raise AssertionError(f"{name} is in no layer of LAYERS: give it one")


def test_no_module_of_tweak_or_ui_imports_one_that_imports_it_back():
    found = cycle(graph())
    assert found is None, "an import cycle: " + " -> ".join(found)


def test_every_worker_module_imports_only_its_layer_and_those_below():
    upward = []
    for name, imported in graph().items():
        mine = layer(name)
        if mine is None:
            continue
        for other in imported:
            theirs = layer(other)
            if theirs is not None and theirs > mine:
                upward.append(f"{name} ({LAYERS[mine][0]}) imports {other} "
                              f"({LAYERS[theirs][0]})")
    assert not upward, "\n".join(sorted(upward))


def test_the_engine_imports_nothing_of_the_page():
    for name, imported in graph().items():
        if name.startswith("tweak"):
            assert all(module.startswith("tweak") for module in imported), (name, imported)


def test_the_checks_see_cycles_inside_functions_and_upward_imports():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
    known = {"ui.worker.host", "ui.worker.errors", "ui.worker.session", "ui.worker.verbs",
             "ui.worker.verbs.relay"}
    source = ("from .errors import SessionError\n"
              "def later():\n    from . import session\n    from .verbs import relay\n")
    # An import inside a function counts like one at the top of the module, and a submodule
    # imported from its package counts as that submodule.
    assert imports("ui.worker.host", source, known) == {
        "ui.worker.errors", "ui.worker.session", "ui.worker.verbs.relay"}
    assert layer("ui.worker.verbs.relay") > layer("ui.worker.session") > layer("ui.worker.seats")


def test_a_session_and_a_mirror_both_speak_the_tables_protocol():
    from ui.worker.mirror import Mirror
    from ui.worker.seats import parse_setup
    from ui.worker.session import Session
    from ui.worker.table import MEMBERS, Table

    declared = {name for name in vars(Table) if not name.startswith("_")} | set(
        Table.__annotations__)
    assert declared == set(MEMBERS)
    session = Session.new(parse_setup({"players": "2"}))
    mirror = Mirror("k3P9xQ", 1)
    for table in (session, mirror):
        missing = [name for name in MEMBERS if not hasattr(type(table), name)
                   and name not in vars(table)]
        assert not missing, f"{type(table).__name__} lacks {missing}"
    assert (session.guest, mirror.guest) == (False, True)
