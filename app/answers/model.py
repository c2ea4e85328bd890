"""The local answer model (llama.cpp through llama-cpp-python).

Only ever loaded from a file on disk: the bundled SmolLM2 GGUF or one the user
picked; never `from_pretrained`, never a download. Loading is lazy and
happens once. A Llama object is not thread-safe: whoever creates a
`LocalModel` must use it from one thread (the GUI gives it a worker thread of
its own).
"""
from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Iterator

log = logging.getLogger(__name__)

GGUF_MAGIC = b"GGUF"
DEFAULT_N_CTX = 4096
# For the bundled model, measured: flash attention and 256-token micro-batches
# read prompts at 494 vs 354 tokens/s on 2 cores (benchmarks/answer.py). Not
# forced on a model the user picks: llama.cpp may not support it there.
BUNDLED_SPEED_UPS = {"flash_attn": True, "n_ubatch": 256}


class ModelError(Exception):
    """The answer model cannot be used; the message names the file and what to do."""


def check_model_file(path: Path) -> None:
    """Cheap checks before llama.cpp sees the file (it would abort or print noise)."""
    path = Path(path)
    advice = "choose another .gguf file in Settings, or leave the setting empty for the bundled model"
    if not path.exists():
        raise ModelError(f"the model file {path} does not exist; {advice}")
    if not path.is_file():
        raise ModelError(f"{path} is not a file; {advice}")
    size = path.stat().st_size
    if size == 0:
        raise ModelError(f"the model file {path} is empty (0 bytes); {advice}")
    try:
        with open(path, "rb") as handle:
            magic = handle.read(4)
    except OSError as error:
        raise ModelError(f"the model file {path} cannot be read ({error.strerror}); {advice}")
    if magic != GGUF_MAGIC:
        raise ModelError(f"{path} is not a GGUF model file (llama.cpp models end in .gguf); "
                         f"{advice}")


@dataclass
class Chunk:
    """A piece of generated text."""

    text: str


class LocalModel:
    def __init__(self, path: Path | None = None, n_ctx: int = DEFAULT_N_CTX,
                 threads: int | None = None):
        self._path = Path(path) if path else None
        self.requested_n_ctx = n_ctx
        self.threads = threads or os.cpu_count() or 1

    @cached_property
    def path(self) -> Path:
        if self._path:
            return self._path
        from app.common.bundled import ModelMissing, answer_model_path

        try:
            return answer_model_path()
        except ModelMissing as error:
            raise ModelError(f"the bundled answer model is missing: {error}") from error

    @property
    def name(self) -> str:
        return self.path.name

    @cached_property
    def llama(self):
        check_model_file(self.path)
        if self._path is None:  # the bundled model: its faster copy, same weights
            from app.answers.fast_copy import copy_path, fast_copy

            try:
                return self._load_checked(fast_copy(self.path), BUNDLED_SPEED_UPS)
            except ModelError as error:
                log.warning("%s; using the bundled file itself", error)
                try:
                    copy_path(self.path).unlink(missing_ok=True)  # made again next time
                except OSError:
                    pass
        return self._load_checked(self.path)

    def _load_checked(self, path: Path, options: dict | None = None):
        from llama_cpp import Llama

        options = options or {}
        try:
            model = self._load(Llama, path, self.requested_n_ctx, options)
            trained = self.trained_context(model)
            if trained and self.requested_n_ctx > trained:
                log.info("n_ctx %d is above the model's training context %d: using %d",
                         self.requested_n_ctx, trained, trained)
                model = self._load(Llama, path, trained, options)
        except (ValueError, RuntimeError, OSError) as error:
            raise ModelError(f"the model file {path} could not be loaded ({error}); it may "
                             "be truncated or damaged: download it again or choose another "
                             ".gguf file") from error
        return model

    def _load(self, llama_class, path: Path, n_ctx: int, options: dict):
        return llama_class(model_path=str(path), n_ctx=n_ctx, n_threads=self.threads,
                           n_batch=512, verbose=False, **options)

    @staticmethod
    def trained_context(model) -> int | None:
        for key, value in model.metadata.items():
            if key.endswith(".context_length"):
                return int(value)
        return None

    def load(self) -> None:
        self.llama  # noqa: B018 - loading is the point

    @property
    def n_ctx(self) -> int:
        return self.llama.n_ctx()

    def count(self, text: str) -> int:
        """Tokens of `text` in the model's own tokenizer (special tokens parsed)."""
        return len(self.llama.tokenize(text.encode("utf-8"), add_bos=False, special=True))

    @cached_property
    def formatter(self):
        """The model's own chat template (from the GGUF), rendered by llama-cpp-python."""
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        metadata = self.llama.metadata
        template = metadata.get("tokenizer.chat_template")
        if not template:
            raise ModelError(f"{self.path.name} has no chat template; choose an instruction-"
                             "tuned (chat) .gguf model")
        vocabulary = self.llama
        eos = vocabulary.detokenize([vocabulary.token_eos()]).decode("utf-8", "ignore")
        bos = vocabulary.detokenize([vocabulary.token_bos()]).decode("utf-8", "ignore")
        return Jinja2ChatFormatter(template=template, eos_token=eos, bos_token=bos)

    def render(self, messages: list[dict]) -> tuple[str, list[str]]:
        """The exact prompt string for `messages`, and the stop strings."""
        formatted = self.formatter(messages=messages)
        stop = formatted.stop if isinstance(formatted.stop, list) else [formatted.stop]
        # An empty stop string would end every answer before its first token;
        # llama.cpp stops at the end-of-generation token by itself.
        return formatted.prompt, [s for s in stop if s]

    def generate(self, prompt: str, stop: list[str], max_tokens: int,
                 cancel: threading.Event) -> Iterator[Chunk]:
        """Stream the completion of `prompt`; `cancel` is honoured between tokens.

        llama.cpp cannot be interrupted while it reads the prompt: nothing is
        yielded until then, which callers show as "reading sources…".
        """
        # Greedy decoding with a strong repetition penalty: small models
        # otherwise loop on a phrase; answers should be repeatable anyway.
        stream = self.llama.create_completion(prompt=prompt, max_tokens=max_tokens, stop=stop,
                                              temperature=0.0, repeat_penalty=1.3,
                                              frequency_penalty=0.3, seed=0, stream=True)
        try:
            for part in stream:
                if cancel.is_set():
                    break
                text = part["choices"][0]["text"]
                if text:
                    yield Chunk(text)
        finally:
            stream.close()
