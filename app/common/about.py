"""Versions of the app and of what it bundles (About dialog and --version)."""
from __future__ import annotations

import importlib.metadata

from app import __version__
from app.common import bundled
from app.common.said import QT_TRANSLATE_NOOP, Said

# The About box's words (the window words them, app/gui/words.py); the
# versions and the packages' names are values.
NOT_INSTALLED = QT_TRANSLATE_NOOP("Core", "not installed")
TITLE = QT_TRANSLATE_NOOP("Core", "Handbook QA {version}")
TAGLINE = QT_TRANSLATE_NOOP("Core", "Ask questions about a local handbook folder, fully offline.")
EMBEDDER = QT_TRANSLATE_NOOP("Core", "embedder: {embedder} ({package} {version}, sha256 {sha}…)")
ANSWER_MODEL = QT_TRANSLATE_NOOP("Core", "answer model: {model} ({package} {version})")
PACKAGE = QT_TRANSLATE_NOOP("Core", "{package}: {version}")
ANSWER_MODEL_NAME = "SmolLM2-135M-Instruct Q4_1"
PACKAGES = {"llama-cpp-python": "llama-cpp-python", "onnxruntime": "onnxruntime",
            "sqlite-vec": "sqlite-vec", "PySide6": "pyside6-essentials"}  # shown → installed as


def _version(package: str) -> str:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return Said(NOT_INSTALLED)


def versions() -> dict[str, str]:
    return {
        "handbook-qa": __version__,
        "embedder": f"{bundled.EMBEDDER_ID} ({bundled.EMBEDDER_PACKAGE} "
                    f"{_version(bundled.EMBEDDER_PACKAGE)}, sha256 {bundled.EMBEDDER_SHA256[:12]}…)",
        "answer model": f"{ANSWER_MODEL_NAME} ({bundled.ANSWER_MODEL_PACKAGE} "
                        f"{_version(bundled.ANSWER_MODEL_PACKAGE)})",
        **{name: _version(package) for name, package in PACKAGES.items()},
    }


def about_lines() -> list[str]:
    """The About box, line by line: Saids the window words (an empty line between)."""
    return [Said(TITLE, version=__version__), Said(TAGLINE), "",
            Said(EMBEDDER, embedder=bundled.EMBEDDER_ID, package=bundled.EMBEDDER_PACKAGE,
                 version=_version(bundled.EMBEDDER_PACKAGE), sha=bundled.EMBEDDER_SHA256[:12]),
            Said(ANSWER_MODEL, model=ANSWER_MODEL_NAME, package=bundled.ANSWER_MODEL_PACKAGE,
                 version=_version(bundled.ANSWER_MODEL_PACKAGE)),
            *(Said(PACKAGE, package=name, version=_version(package))
              for name, package in PACKAGES.items())]


def about_text() -> str:
    """The About box in English."""
    return "\n".join(about_lines())
