"""Versions of the app and of what it bundles (About dialog and --version)."""
from __future__ import annotations

import importlib.metadata

from app import __version__
from app.common import bundled


def _version(package: str) -> str:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def versions() -> dict[str, str]:
    return {
        "handbook-qa": __version__,
        "embedder": f"{bundled.EMBEDDER_ID} ({bundled.EMBEDDER_PACKAGE} "
                    f"{_version(bundled.EMBEDDER_PACKAGE)}, sha256 {bundled.EMBEDDER_SHA256[:12]}…)",
        "answer model": f"SmolLM2-135M-Instruct Q4_1 ({bundled.ANSWER_MODEL_PACKAGE} "
                        f"{_version(bundled.ANSWER_MODEL_PACKAGE)})",
        "llama-cpp-python": _version("llama-cpp-python"),
        "onnxruntime": _version("onnxruntime"),
        "sqlite-vec": _version("sqlite-vec"),
        "PySide6": _version("pyside6-essentials"),
    }


def about_text() -> str:
    lines = [f"Handbook QA {__version__}",
             "Ask questions about a local handbook folder, fully offline.", ""]
    lines += [f"{name}: {value}" for name, value in versions().items() if name != "handbook-qa"]
    return "\n".join(lines)
