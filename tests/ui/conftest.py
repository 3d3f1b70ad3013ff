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
