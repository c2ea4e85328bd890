"""The answer model contract: what the answerer, the prompt builder, the quote
check and the front ends ask of an answer model, whichever runs it.

Two classes keep it: `local.LocalModel` (llama.cpp in this process) and
`process.ModelProcess` (the same in a child process); the tests' fakes keep it
too. A second runtime is a new class here, not edits across the pipeline.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Iterator, Protocol, runtime_checkable


class ModelError(Exception):
    """The answer model cannot be used; the message names the file and what to do."""


@dataclass
class Chunk:
    """A piece of generated text."""

    text: str


@dataclass
class Reading:
    """How much of the prompt the model has read (before the first Chunk):
    `done` of `total` tokens, `cached` of them already in the model's cache
    when the reading began (what it shares with the prompt before)."""

    done: int
    total: int
    cached: int = 0

    @property
    def to_read(self) -> int:
        """The tokens the model reads for this prompt: what the wait is."""
        return self.total - self.cached

    @property
    def share(self) -> float:
        """How much of what it reads is read, 0 to 1."""
        return (self.done - self.cached) / self.to_read if self.to_read > 0 else 1.0


@runtime_checkable
class AnswerModel(Protocol):
    """A loaded (or lazily loading) answer model, used from one thread at a time.

    Anything that needs the model loads it on first use; `load` does it ahead
    (the app's warm-up) and `close` lets it go (a model that holds nothing
    does nothing)."""

    @property
    def name(self) -> str:
        """What an answer says it was written by: the model file's name."""
    @property
    def n_ctx(self) -> int:
        """The context, in tokens, that the prompt and the answer share."""
    @property
    def architecture(self) -> str | None:
        """The GGUF's `general.architecture` ("llama", "qwen2"…): picks the prompt style."""
    @property
    def size_label(self) -> str | None:
        """The GGUF's `general.size_label` ("1.5B"), which the prompt style also reads."""

    def load(self) -> None: ...
    def close(self) -> None: ...

    def count(self, text: str) -> int:
        """Tokens of `text` in the model's own tokenizer."""
    def render(self, messages: list[dict]) -> tuple[str, list[str]]:
        """The exact prompt string for chat `messages` (its template), and the stop strings."""
    def generate(self, prompt: str, stop: list[str], max_tokens: int,
                 cancel: threading.Event) -> Iterator[Reading | Chunk]:
        """Stream the completion of `prompt`: `Reading` steps, then `Chunk`s;
        `cancel` is honoured between them."""
    def next_token_probabilities(self, prompt: str, options: list[str],
                                 cancel: threading.Event) -> list[float] | None:
        """How likely each option is as the next token after `prompt` (shares
        of the options' total); None when `cancel` was set first."""
