"""User settings of the desktop app, as plain data (the GUI persists them).

Each setting says which part of the pipeline it touches: anything that changes
chunks or vectors (window, budget, overlap, profile, metadata policy) means a
re-index, which the indexer detects by itself from the index fingerprint.
"""
from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from app.common.chunks import DEFAULT_METADATA_POLICY, HEADROOM, ChunkSettings
from app.search.retrieval import MIN_CONTEXT_TOKENS, SearchSettings
from app.store.postgres_uri import without_password

PROFILES = ("fitted", "spring-default")
# Which embedder indexes a handbook: "auto" MiniLM while every document is
# English, multilingual-e5-small once one is not; or one of them always.
EMBEDDERS = ("auto", "english", "multilingual")
PROMPTS = ("evidence", "thorough", "sections")
CONTEXT_SIZES = (1024, 2048, 4096, 8192, 16384, 32768)


@dataclass
class AppSettings:
    model_path: str = ""            # empty: the default model (answer_models.default_model_path)
    n_ctx: int = 4096
    answer_tokens: int = 384
    prompt: str = "evidence"        # what the model reads: "evidence" (quick), "thorough", "sections"
    results: int = 3                # parents returned (fitted) — "top-k" in the dialog
    candidates: int = 20            # children searched by each of KNN and BM25
    context_tokens: int = SearchSettings.context_tokens  # section text for the model (cl100k)
    overlap: int = 0
    window_override: int = 0        # 0: the embedder's own window
    embedder: str = "auto"          # EMBEDDERS
    profile: str = "fitted"
    metadata: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_METADATA_POLICY))
    model_folders: list[str] = field(default_factory=list)  # searched for .gguf files too
    ocr: bool = True                # read scanned PDF pages with OCR when indexing
    # A team's index on PostgreSQL (libpq URI or service=NAME), never with a
    # password; empty: this computer's own index file of the folder.
    shared_index: str = ""
    maintain_shared: bool = False   # this user indexes the folder into the shared index
    # The window's language: "system" (the first of the system's languages the
    # app speaks) or a language's code ("ru"); the front end knows which exist.
    language: str = "system"

    def chunking(self, embedder) -> ChunkSettings:
        """Children fitted to the embedder's window at its own budget."""
        return ChunkSettings.for_embedder(embedder, overlap=self.overlap,
                                          metadata=dict(self.metadata))

    def search(self) -> SearchSettings:
        results = self.results if self.profile == "fitted" else None
        return SearchSettings(candidates=self.candidates, results=results,
                              context_tokens=self.context_tokens)

    def model_file(self) -> Path | None:
        return Path(self.model_path) if self.model_path else None

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str | None) -> AppSettings:
        """Settings from their saved form; unknown or broken values fall back to defaults."""
        try:
            data = json.loads(text) if text else {}
        except (TypeError, ValueError):
            data = {}
        known = {f.name for f in fields(cls)}
        settings = cls(**{k: v for k, v in data.items() if k in known}) if isinstance(data, dict) \
            else cls()
        return settings.validated()

    def validated(self) -> AppSettings:
        defaults = AppSettings()
        if self.profile not in PROFILES:
            self.profile = defaults.profile
        if self.prompt not in PROMPTS:
            self.prompt = defaults.prompt
        if self.embedder not in EMBEDDERS:
            self.embedder = defaults.embedder
        if not isinstance(self.metadata, dict):
            self.metadata = defaults.metadata
        self.model_folders = _folders(self.model_folders)
        if not isinstance(self.ocr, bool):
            self.ocr = defaults.ocr
        if not isinstance(self.shared_index, str):
            self.shared_index = ""
        self.shared_index = without_password(self.shared_index.strip())
        if not isinstance(self.maintain_shared, bool):
            self.maintain_shared = False
        if not (isinstance(self.language, str) and
                (self.language == "system" or
                 re.fullmatch(r"[a-z]{2,3}(_[A-Z]{2})?", self.language))):
            self.language = defaults.language
        for name in ("n_ctx", "answer_tokens", "results", "candidates", "overlap",
                     "window_override"):
            if not isinstance(getattr(self, name), int) or getattr(self, name) < 0:
                setattr(self, name, getattr(defaults, name))
        if not isinstance(self.context_tokens, int) or self.context_tokens < MIN_CONTEXT_TOKENS:
            self.context_tokens = defaults.context_tokens
        return self

    def reindex_needed(self, other: AppSettings) -> bool:
        """Whether going from `other` to these settings changes chunks or vectors."""
        return (self.overlap, self.window_override, self.profile, self.metadata,
                self.embedder) != (other.overlap, other.window_override, other.profile,
                                   other.metadata, other.embedder)


def _folders(value) -> list[str]:
    """The saved model folders: strings, each once, in order (anything else in a
    hand-edited file is dropped rather than refusing the whole file)."""
    if not isinstance(value, list):
        return []
    return list(dict.fromkeys(v for v in value if isinstance(v, str) and v.strip()))


__all__ = ["AppSettings", "PROFILES", "PROMPTS", "CONTEXT_SIZES", "EMBEDDERS", "HEADROOM"]
