"""The translation catalogues: the `.ts` sources kept in the repo, the `.qm`
files the app loads, built from them with Qt's own tools (which PySide6 ships).

    python -m app.gui.catalogues compile   # .qm for every .ts that changed (set-up, packaging)
    python -m app.gui.catalogues update    # the .ts files from the code (after marking strings)
    python -m app.gui.catalogues check     # unfinished and obsolete entries per language (CI)
    python -m app.gui.catalogues new fr    # a catalogue for a new language, every entry to do

`update` is lupdate over the whole `app` package: the window's strings
(`self.tr`, `QCoreApplication.translate`) and the core's messages, marked
with `QT_TRANSLATE_NOOP` in app/common/said.py's way.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

I18N = Path(__file__).resolve().parent / "i18n"
APP = Path(__file__).resolve().parents[1]


def sources() -> list[Path]:
    return sorted(I18N.glob("handbook_qa_*.ts"))


def tool(name: str) -> str:
    """PySide6's wrapper of a Qt tool, beside this Python (the venv's bin)."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if not found:
        raise SystemExit(f"{name} not found: it comes with PySide6 (pip install PySide6)")
    return found


def code_files() -> list[str]:
    return sorted(str(p) for p in APP.rglob("*.py") if "__pycache__" not in p.parts)


def compile_all(force: bool = False) -> list[Path]:
    """Build the .qm of every .ts that is newer than it; returns those built."""
    built = []
    for ts in sources():
        qm = ts.with_suffix(".qm")
        if force or not qm.exists() or qm.stat().st_mtime < ts.stat().st_mtime:
            subprocess.run([tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(qm)],
                           check=True)
            built.append(qm)
    return built


ENGLISH = I18N / "handbook_qa_en.ts"


def update(folder: Path = I18N, keep_obsolete: bool = False) -> None:
    """Bring the .ts files in `folder` in line with the code: new strings
    unfinished, vanished ones dropped. No line numbers are kept, so a change to
    the code around a string leaves the catalogues untouched. English, the
    source, has a catalogue of its plural forms only ("1 passage", "3
    passages" for "%n passage(s)"), Qt's way for a source language."""
    with tempfile.NamedTemporaryFile("w", suffix=".lst", delete=False) as listing:
        listing.write("\n".join(code_files()))
    options = ["-silent", "-locations", "none"] + ([] if keep_obsolete else ["-no-obsolete"])
    others = [ts for ts in folder.glob("handbook_qa_*.ts") if ts.name != ENGLISH.name]
    english = folder / ENGLISH.name
    try:
        subprocess.run([tool("pyside6-lupdate"), *options, f"@{listing.name}",
                        "-ts", *map(str, others)], check=True)
        subprocess.run([tool("pyside6-lupdate"), *options, "-pluralonly", f"@{listing.name}",
                        "-ts", str(english)], check=True)
    finally:
        Path(listing.name).unlink()


@dataclass
class Count:
    language: str
    finished: int
    unfinished: int
    obsolete: int


def count(ts: Path) -> Count:
    root = ET.parse(ts).getroot()
    finished = unfinished = obsolete = 0
    for translation in root.iter("translation"):
        kind = translation.get("type")
        if kind in ("obsolete", "vanished"):
            obsolete += 1
        elif kind == "unfinished" or not _text_of(translation):
            unfinished += 1
        else:
            finished += 1
    return Count(root.get("language") or ts.stem, finished, unfinished, obsolete)


def _text_of(translation) -> str:
    forms = translation.findall("numerusform")
    texts = [f.text or "" for f in forms] if forms else [translation.text or ""]
    return "" if any(not t.strip() for t in texts) else "".join(texts)


def check() -> list[Count]:
    """What lupdate would leave unfinished or obsolete if run on the code now
    (on copies: the repo's files are not touched)."""
    with tempfile.TemporaryDirectory() as folder:
        copies = [Path(shutil.copy(ts, folder)) for ts in sources()]
        update(Path(folder), keep_obsolete=True)
        return [count(ts) for ts in copies]


def new(code: str) -> Path:
    """An empty catalogue for the language `code` ("fr", "pt_BR"), filled with
    every string of the window, unfinished."""
    ts = I18N / f"handbook_qa_{code}.ts"
    if ts.exists():
        raise SystemExit(f"{ts} exists already")
    ts.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
                  f'<TS version="2.1" language="{code}" sourcelanguage="en">\n</TS>\n',
                  encoding="utf-8")
    update()
    return ts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.gui.catalogues")
    parser.add_argument("action", choices=("compile", "update", "check", "new"))
    parser.add_argument("code", nargs="?", help="new: the language's code (fr, pt_BR)")
    parser.add_argument("--force", action="store_true", help="compile every catalogue")
    args = parser.parse_args(argv)
    if args.action == "new":
        if not args.code:
            parser.error("new needs the language's code, e.g. fr")
        print(f"created {new(args.code)}: translate it with pyside6-linguist")
    elif args.action == "compile":
        for qm in compile_all(args.force):
            print(f"built {qm.name}")
    elif args.action == "update":
        update()
    else:
        counts = check()
        for c in counts:
            print(f"{c.language}: {c.finished} finished, {c.unfinished} unfinished, "
                  f"{c.obsolete} obsolete")
        return 1 if any(c.unfinished or c.obsolete for c in counts) else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
