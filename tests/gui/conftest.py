"""GUI test fixtures: real widgets, offscreen, settings in a temporary file, and
the folders where other applications keep models laid out in tmp_path."""
import os
import threading
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

GIB = 1 << 30


@pytest.fixture(scope="session", autouse=True)
def english_window(qapp):
    """The window in English, the language its strings are written in, with
    its plural forms ("1 passage", "3 passages"); a test of another language
    installs it and returns to English when it ends."""
    from app.gui import catalogues
    from app.gui.translations import LANGUAGE

    catalogues.compile_all()
    LANGUAGE.install("en")
    yield


@pytest.fixture
def qsettings(tmp_path):
    from PySide6.QtCore import QSettings

    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture(autouse=True)
def apps_home(tmp_path, monkeypatch):
    """The home whose GPT4All, LM Studio, Ollama… folders the Settings dialog
    searches (empty until a test lays models out in it): the user's real
    folders are never read. The machine has 16 GB of memory. Searches still
    running when the test ends are waited for before the patches are undone."""
    from app.llm import discovery as model_discovery
    from app.gui import model_list

    home = tmp_path / "apps-home"
    real = model_discovery.model_folders

    def fake_folders(*args, **kwargs):
        return real(home=home, env={}, system="Linux", root=tmp_path / "root")

    monkeypatch.setattr(model_discovery, "model_folders", fake_folders)
    monkeypatch.setattr(model_list, "total_memory", lambda: 16 * GIB)
    yield home
    for thread in threading.enumerate():
        if thread.name == model_list.SEARCH_THREAD:
            thread.join(timeout=60)


@pytest.fixture
def models_on_disk(apps_home, tmp_path):
    """Models as a laptop holds them: small real GGUF headers, sparse to the
    size of the real files (no disk used), in each application's folders, and
    a folder of the user's with a truncated download and a base model."""
    from ggufgen import write_model
    from test_model_discovery import ollama_manifest

    from app.common.bundled import answer_model_path

    home = apps_home
    paths = {}
    paths["llama"] = write_model(
        home / ".local/share/nomic.ai/GPT4All/Llama-3.2-3B-Instruct-Q4_0.gguf",
        size=1_920_000_000, name="Llama 3.2 3B Instruct", file_type=2, size_label="3B",
        context_length=131072)
    paths["unfinished"] = write_model(
        home / ".local/share/nomic.ai/GPT4All/incomplete-Phi-3-mini-4k-instruct.Q4_0.gguf",
        name="Phi 3 Mini 4k Instruct")
    paths["qwen"] = write_model(
        home / ".lmstudio/models/lmstudio-community/Qwen2.5-7B-Instruct-GGUF"
        / "Qwen2.5-7B-Instruct-Q4_K_M.gguf", size=4_680_000_000, name="Qwen2.5 7B Instruct",
        architecture="qwen2", context_length=32768, size_label="7B")
    store = home / ".ollama/models"
    digest = "ab" * 32
    paths["big"] = write_model(store / "blobs" / f"sha256-{digest}", size=42_500_000_000,
                               name="Llama 3.3 70B Instruct", size_label="70B",
                               context_length=131072)
    ollama_manifest(store, "llama3.3", "70b", f"sha256:{digest}")
    repo = home / ".cache/huggingface/hub/models--bartowski--gemma-2-2b-it-GGUF"
    write_model(repo / "blobs" / ("ef" * 32), size=1_710_000_000, name="Gemma 2 2b It",
                architecture="gemma2", context_length=8192, size_label="2B")
    snapshot = repo / "snapshots" / "1111aaaa"
    snapshot.mkdir(parents=True)
    paths["gemma"] = snapshot / "gemma-2-2b-it-Q4_K_M.gguf"
    paths["gemma"].symlink_to(Path("../../blobs") / ("ef" * 32))
    mine = tmp_path / "my-models"
    paths["base"] = write_model(mine / "mistral-7b-v0.1.Q8_0.gguf", size=7_700_000_000,
                                name="Mistral 7B v0.1", file_type=7, chat_template=False)
    paths["truncated"] = mine / "phi-2.Q4_K_M.gguf"
    with open(answer_model_path(), "rb") as source:  # a download cut off in its vocabulary
        paths["truncated"].write_bytes(source.read(100_000))
    paths["mine"] = mine
    return paths
