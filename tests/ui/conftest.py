"""Fixtures shared by the page's pure-Python tests (CPython only)."""

import pytest

from tools import catalogues


@pytest.fixture(scope="session")
def catalogue_archive(tmp_path_factory) -> str:
    """The path of the compiled catalogues' archive, as the worker has it (pyscript.toml;
    ui/worker/i18n.py reads it)."""
    catalogues.ensure_babel(log=lambda text: None)
    path = tmp_path_factory.mktemp("locale") / "catalogues.zip"
    path.write_bytes(catalogues.generated()[catalogues.ARCHIVE])
    return str(path)


@pytest.fixture(autouse=True)
def replies_hold_only_the_protocols_keys(monkeypatch):
    """Every reply a ``Host`` gives in these tests, by ``answer`` or by calling a verb's method,
    holds only ``REPLY_KEYS`` (the page does what each key says and nothing else: a key it
    does not know would be dropped without a word)."""
    from ui.worker.host import Host

    checked = reply_checked
    made = Host.__init__

    def init(self, *arguments, **options):
        made(self, *arguments, **options)
        for name in list(self.verbs):
            self.verbs[name] = checked(self.verbs[name])
            if hasattr(Host, name):  # the table's own verbs are methods too
                setattr(self, name, checked(getattr(self, name)))

    monkeypatch.setattr(Host, "__init__", init)


def reply_checked(verb):
    """``verb``, whose replies are checked to hold only ``REPLY_KEYS``."""
    from ui.worker.protocol import REPLY_KEYS

    def call(*arguments, **options):
        reply = verb(*arguments, **options)
        unknown = set(reply) - set(REPLY_KEYS)
        assert not unknown, f"a reply with keys the protocol lacks: {sorted(unknown)}"
        return reply
    return call
