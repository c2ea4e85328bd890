"""Which files of a handbook folder are documents, and whether they changed."""
from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from app.common.said import QT_TRANSLATE_NOOP, Said
from app.ingest.readers import SUPPORTED_SUFFIXES


@dataclass(frozen=True)
class FoundFile:
    path: Path   # absolute
    rel: str     # relative to the folder, '/'-separated: the citation's `source`
    size: int
    mtime: float


@dataclass(frozen=True)
class Skipped:
    rel: str
    reason: str  # a Said (app/common/said.py)


def scan(folder: Path) -> tuple[list[FoundFile], list[Skipped]]:
    """Supported regular files under `folder` (hidden ones ignored), sorted by
    path, and the document-named entries that cannot be read, with why.

    Symbolic links are followed only when they point inside the folder, so a
    link cannot pull in files from elsewhere on the laptop or loop forever.
    FIFOs, sockets and devices are never opened (reading one would block).
    """
    root = Path(folder).resolve()
    found, skipped = [], []
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
        for name in files:
            if name.startswith(".") or Path(name).suffix.lower() not in SUPPORTED_SUFFIXES:
                continue
            entry = _classify(root, Path(directory) / name)
            (found if isinstance(entry, FoundFile) else skipped).append(entry)
    return sorted(found, key=lambda f: f.rel), sorted(skipped, key=lambda s: s.rel)


def display_path(path: Path, root: Path) -> str:
    """The relative path as text; bytes that are not UTF-8 shown as \\xNN
    (SQLite text and JSON need valid UTF-8, and the user needs to see the name)."""
    raw = os.fsencode(path.relative_to(root).as_posix())
    return raw.decode("utf-8", "backslashreplace")


def file_path(root: Path, rel: str) -> Path:
    """The file a `display_path` names: the same text, or, for a name that was
    not UTF-8, the path with its \\xNN escapes turned back into bytes."""
    plain = root / rel
    if plain.exists() or "\\x" not in rel:
        return plain
    raw = re.sub(rb"\\x([0-9a-f]{2})", lambda m: bytes([int(m.group(1), 16)]),
                 rel.encode("utf-8"))
    return root / os.fsdecode(raw)


def _classify(root: Path, path: Path) -> FoundFile | Skipped:
    rel = display_path(path, root)
    try:
        target = path.resolve(strict=True)
        info = target.stat()
    except RuntimeError:
        return Skipped(rel, Said(QT_TRANSLATE_NOOP("Core", "a symbolic link that loops")))
    except OSError:
        return Skipped(rel, Said(QT_TRANSLATE_NOOP("Core", "a broken link, or the file vanished "
                                                           "while scanning")))
    if not target.is_relative_to(root):
        return Skipped(rel, Said(QT_TRANSLATE_NOOP("Core", "a link to a file outside the folder; "
                                                           "open that folder instead")))
    if not stat.S_ISREG(info.st_mode):
        return Skipped(rel, Said(QT_TRANSLATE_NOOP("Core", "not a regular file (a FIFO, socket or "
                                                           "device); never opened")))
    return FoundFile(path=path, rel=rel, size=info.st_size, mtime=info.st_mtime)
