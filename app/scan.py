"""Which files of a handbook folder are documents, and whether they changed."""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from app.readers import SUPPORTED_SUFFIXES


@dataclass(frozen=True)
class FoundFile:
    path: Path   # absolute
    rel: str     # relative to the folder, '/'-separated: the citation's `source`
    size: int
    mtime: float


def scan(folder: Path) -> list[FoundFile]:
    """Supported regular files under `folder`, hidden ones skipped, sorted by path.

    Symbolic links are followed only when they point inside the folder, so a
    link cannot pull in files from elsewhere on the laptop or loop forever.
    """
    root = Path(folder).resolve()
    found = []
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
        for name in files:
            if name.startswith(".") or Path(name).suffix.lower() not in SUPPORTED_SUFFIXES:
                continue
            entry = _regular_file(root, Path(directory) / name)
            if entry:
                found.append(entry)
    return sorted(found, key=lambda f: f.rel)


def _regular_file(root: Path, path: Path) -> FoundFile | None:
    try:
        target = path.resolve(strict=True)
        info = target.stat()
    except (OSError, RuntimeError):  # vanished, dangling or looping link
        return None
    if not stat.S_ISREG(info.st_mode) or not target.is_relative_to(root):
        return None
    rel = path.relative_to(root).as_posix()
    return FoundFile(path=path, rel=rel, size=info.st_size, mtime=info.st_mtime)
