"""The bundled MiniLM embedder (all-MiniLM-L6-v2, int8 ONNX): real token
counts and mean-pooled vectors; it keeps the contract in `contract.py`.

Two tokenizers are built from the same shipped `tokenizer.json`:
- the *counter* has truncation off, so `count()` tells the real length of a
  text (specials included) — what the window guard needs to see;
- the *embedding* tokenizer keeps the shipped truncation (max_length 128,
  longest-first), so a vector is computed from exactly what the model reads.
Padding is changed from the shipped fixed 128 to the batch's longest sequence:
pooling ignores padded positions through the attention mask, so vectors are
the same while short batches run faster.
"""
from __future__ import annotations

import json
import logging
import os
from functools import cached_property
from pathlib import Path

import numpy as np

from app.common import bundled
from app.common.chunks import HEADROOM
from app.embedding.onnx import cpu_session, in_batches, mean_pooled

log = logging.getLogger(__name__)

DIMENSIONS = 384
MAX_POSITIONS = 512  # MiniLM's position embeddings


class MiniLM:
    def __init__(self, model_path: Path | None = None,
                 tokenizer_path: Path = bundled.TOKENIZER_PATH,
                 batch_size: int = 32, threads: int | None = None,
                 window: int | None = None):
        from tokenizers import Tokenizer

        self._model_path = model_path
        self.tokenizer_path = Path(tokenizer_path)
        self.batch_size = batch_size
        self._threads = threads or os.cpu_count() or 1
        config = json.loads(self.tokenizer_path.read_text(encoding="utf-8"))
        truncation = config.get("truncation") or {}
        if "max_length" not in truncation:
            raise ValueError(f"{self.tokenizer_path} has no truncation.max_length: "
                             "the embedding window cannot be known")
        self.window: int = int(truncation["max_length"])
        self._counter = Tokenizer.from_file(str(self.tokenizer_path))
        self._counter.no_truncation()
        self._counter.no_padding()
        self._tokenizer = Tokenizer.from_file(str(self.tokenizer_path))
        self._tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        if window and window != self.window:
            # A user's window override: the model then reads `window` tokens
            # (MiniLM has 512 positions; it was trained on 128).
            if not 16 <= window <= MAX_POSITIONS:
                raise ValueError(f"the embedding window must be between 16 and {MAX_POSITIONS}")
            self._tokenizer.enable_truncation(window, strategy="longest_first")
            self.window = window
        self.special_tokens: int = len(self._counter.encode("").ids)
        # A few tokens under the window: the 128-token window gives 120
        # (the budget the dev sets were tuned on, docs/retrieval.md).
        self.child_budget: int = self.window - HEADROOM

    id = bundled.EMBEDDER_ID
    dimensions = DIMENSIONS
    languages = frozenset({"en"})  # trained on English: 1.2 nDCG@10 on Russian MIRACL
    # the best child of every golden question lies within 0.707 (sample) and
    # 0.631 (dev set, 151 questions); off-topic questions start at 0.755
    # (dev index) and 0.767 (sample)
    relevance_threshold = 0.74
    relevance_band = None  # a clean gap: the distance decides alone
    evidence_units = 40

    def check(self) -> None:
        self.model_path  # noqa: B018 - resolving it checks the installed package

    @property
    def tokenizer_name(self) -> str:
        return self.tokenizer_path.name

    @cached_property
    def model_path(self) -> Path:
        return self._model_path or bundled.embedder_model_path()

    @cached_property
    def tokenizer_sha256(self) -> str:
        return bundled.sha256_of(self.tokenizer_path)

    @cached_property
    def model_sha256(self) -> str:
        return bundled.sha256_of(self.model_path)

    @cached_property
    def _session(self):
        session = cpu_session(self.model_path, self._threads)
        log.info("embedder %s: window %d WordPiece tokens (%d special), model %s",
                 self.id, self.window, self.special_tokens, self.model_path)
        return session

    def count(self, text: str) -> int:
        """Real WordPiece length of `text`, specials included, truncation off."""
        return len(self._counter.encode(text).ids)

    def count_many(self, texts: list[str]) -> list[int]:
        return [len(e.ids) for e in self._counter.encode_batch(texts)]

    def pieces(self, text: str) -> list[tuple[int, int]]:
        """Character span of every token of `text` (specials excluded)."""
        encoding = self._counter.encode(text, add_special_tokens=False)
        return list(encoding.offsets)

    def embed(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        """L2-normalised float32 vectors, one row per text, as the model sees them.

        A batch is padded to its longest text: for many short texts of mixed
        length, sorted by length, small batches waste least (`batch_size`)."""
        return in_batches(texts, batch_size or self.batch_size, DIMENSIONS, self._embed_batch)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        """MiniLM embeds a question as any other text."""
        return self.embed(texts)

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        encodings = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        types = np.array([e.type_ids for e in encodings], dtype=np.int64)
        (hidden,) = self._session.run(["last_hidden_state"], {
            "input_ids": ids, "attention_mask": mask, "token_type_ids": types})
        return mean_pooled(hidden, mask)
