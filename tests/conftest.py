"""Shared fixtures: isolation from the user's machine, the real models, and
a session-wide index of the bundled sample handbook."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))  # helpers such as pdfgen

from pg_fixtures import pg_database, postgres  # noqa: E402,F401  (a real PostgreSQL)
from app.llm.catalogue import bundle_dir  # noqa: E402

INSTALLED_MODELS = bundle_dir()  # before any test points it elsewhere


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    """Never touch the real per-user data folder or settings."""
    home = tmp_path / "home"
    monkeypatch.setenv("HANDBOOK_QA_HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("HANDBOOK_QA_MODELS", raising=False)
    # set-up's answer models (Qwen) are looked for in an empty folder unless a
    # test asks for the installed ones (`installed_models`)
    monkeypatch.setattr("app.llm.catalogue.bundle_dir", lambda: tmp_path / "bundle")
    return home


@pytest.fixture
def installed_models(monkeypatch):
    """The folder where scripts/setup-env installed the Qwen answer models."""
    folder = INSTALLED_MODELS
    monkeypatch.setattr("app.llm.catalogue.bundle_dir", lambda: folder)
    return folder


@pytest.fixture(scope="session")
def embedder():
    from app.embedding.minilm import MiniLM

    return MiniLM()


@pytest.fixture(scope="session")
def sample_folder(tmp_path_factory):
    """A private copy of the sample handbook (tests may not edit the real one)."""
    from app.common.bundled import SAMPLE_HANDBOOK

    target = tmp_path_factory.mktemp("sample") / "handbook"
    shutil.copytree(SAMPLE_HANDBOOK, target)
    return target


@pytest.fixture(scope="session")
def sample_index(tmp_path_factory, sample_folder, embedder):
    """The sample handbook indexed once with the default settings (read-only for tests)."""
    from app.ingest.indexer import Indexer
    from app.store.sqlite import Store

    db = tmp_path_factory.mktemp("index") / "sample.sqlite"
    with Store(db) as store:
        report = Indexer(store, embedder).run(sample_folder)
    assert not report.failed, report.failed
    return db
