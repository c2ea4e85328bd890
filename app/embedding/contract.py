"""What the pipeline uses of an embedding model: the contract every embedder keeps.

The chunker fits children to `window`, counted with the model's own
tokenizer (`count`); the index records `id` and the two hashes, so vectors
of two models are never compared; the search embeds a question with
`embed_queries` and the indexer a child with `embed` (models trained with a
"query: " / "passage: " pair add them there, and count the passage's). A
new model is a new class that keeps this contract, not edits across the
pipeline.
"""
from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Embedder(Protocol):
    id: str                 # names the model in an index's fingerprint
    window: int             # tokens the model reads of a text, specials included
    child_budget: int       # tokens a child is fitted to by default (chosen per model)
    dimensions: int         # length of each vector
    special_tokens: int     # tokens every text costs before its own (CLS, SEP …)
    batch_size: int         # texts embedded at once when indexing
    languages: frozenset[str] | None  # what it was trained to read (ISO 639-1); None: all
    # Cosine distance of the best child above which a question is about
    # something the handbook does not cover (scripts/calibrate_relevance.py):
    # each model spreads its distances differently.
    relevance_threshold: float
    # (sure, beyond): where the distance alone cannot tell. A question in the
    # handbook's own language whose best child lies between the two counts
    # only if the nearest children share its words (app/answers/evidence/
    # relevance.py); None: the threshold alone decides.
    relevance_band: tuple[float, float] | None
    # Candidate sentences the evidence step embeds per question, at most (the
    # quote waits for them): a deeper model reads fewer.
    evidence_units: int

    @property
    def model_sha256(self) -> str: ...

    @property
    def tokenizer_sha256(self) -> str: ...

    @property
    def tokenizer_name(self) -> str: ...

    def check(self) -> None:
        """Raise ModelMissing (app.common.bundled) when the model is not installed."""

    def count(self, text: str) -> int:
        """The real token length of `text` as embedded, with nothing cut."""

    def count_many(self, texts: list[str]) -> list[int]: ...

    def pieces(self, text: str) -> list[tuple[int, int]]:
        """The character span of each token of `text` (specials left out)."""

    def embed(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        """L2-normalised float32 vectors of passages (children, answer units)."""

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        """L2-normalised float32 vectors of questions, comparable with `embed`'s."""
