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

from app.common.said import QT_TRANSLATE_NOOP, Said, message_of
from app.llm.contract import Chunk, ModelError, Reading

log = logging.getLogger(__name__)

GGUF_MAGIC = b"GGUF"
DEFAULT_N_CTX = 4096
# For the models the app ships (the bundled SmolLM2, the installed Qwen2.5),
# measured on 2 cores: flash attention and 256-token micro-batches read
# prompts at 494 vs 354 tokens/s (SmolLM2, benchmarks/guards/answer.py) and 144 vs
# 136 (Qwen 0.5B, its Q8_0 copy). Not forced on a model the user picks:
# llama.cpp may not support them there.
SHIPPED_SPEED_UPS = {"flash_attn": True, "n_ubatch": 256}

# What the window says of a model file it cannot use (app/gui/words.py words them).
ADVICE = QT_TRANSLATE_NOOP("Core", "choose another .gguf file in Settings, or leave the setting "
                                   "empty for the default model")
NO_FILE = QT_TRANSLATE_NOOP("Core", "the model file {path} does not exist; {advice}")
NOT_A_FILE = QT_TRANSLATE_NOOP("Core", "{path} is not a file; {advice}")
EMPTY_FILE = QT_TRANSLATE_NOOP("Core", "the model file {path} is empty (0 bytes); {advice}")
UNREADABLE_FILE = QT_TRANSLATE_NOOP("Core", "the model file {path} cannot be read ({reason}); "
                                            "{advice}")
NOT_GGUF = QT_TRANSLATE_NOOP("Core", "{path} is not a GGUF model file (llama.cpp models end in "
                                     ".gguf); {advice}")
NOT_LOADED = QT_TRANSLATE_NOOP("Core", "the model file {path} could not be loaded ({reason}); it "
                                       "may be truncated or damaged: download it again or choose "
                                       "another .gguf file")
NO_CHAT_TEMPLATE = QT_TRANSLATE_NOOP("Core", "{name} has no chat template; choose an "
                                             "instruction-tuned (chat) .gguf model")
BUNDLED_MISSING = QT_TRANSLATE_NOOP("Core", "the bundled answer model is missing: {reason}")


def physical_cores() -> int:
    """Threads for llama.cpp: one per physical core. A second thread on a
    hyper-threaded core competes for the same arithmetic units, and llama.cpp's
    own tools default to the physical count too."""
    import psutil

    return psutil.cpu_count(logical=False) or os.cpu_count() or 1


def default_path() -> Path:
    """The file that answers when none is chosen (catalogue.default_model_path)."""
    from app.common.bundled import ModelMissing
    from app.llm.catalogue import default_model_path

    try:
        return default_model_path()
    except ModelMissing as error:
        raise ModelError(Said(BUNDLED_MISSING, reason=message_of(error))) from error


def check_model_file(path: Path) -> None:
    """Cheap checks before llama.cpp sees the file (it would abort or print noise)."""
    path = Path(path)
    advice = Said(ADVICE)
    if not path.exists():
        raise ModelError(Said(NO_FILE, path=str(path), advice=advice))
    if not path.is_file():
        raise ModelError(Said(NOT_A_FILE, path=str(path), advice=advice))
    size = path.stat().st_size
    if size == 0:
        raise ModelError(Said(EMPTY_FILE, path=str(path), advice=advice))
    try:
        with open(path, "rb") as handle:
            magic = handle.read(4)
    except OSError as error:
        raise ModelError(Said(UNREADABLE_FILE, path=str(path), reason=str(error.strerror),
                              advice=advice))
    if magic != GGUF_MAGIC:
        raise ModelError(Said(NOT_GGUF, path=str(path), advice=advice))


class LocalModel:
    """The answer model in this process (app/llm/contract.py's AnswerModel)."""

    def __init__(self, path: Path | None = None, n_ctx: int = DEFAULT_N_CTX,
                 threads: int | None = None):
        self._path = Path(path) if path else None
        self.requested_n_ctx = n_ctx
        self.threads = threads or physical_cores()
        self._kept: _Kept | None = None  # the last answer's cache (see _keep)

    @cached_property
    def path(self) -> Path:
        """The file chosen, else the default model's (app/llm/catalogue.py)."""
        return self._path or default_path()

    @property
    def name(self) -> str:
        return self.path.name

    @cached_property
    def llama(self):
        check_model_file(self.path)
        if not self.shipped:
            return self._load_checked(self.path)
        if not self.faster_as_q8:
            return self._load_checked(self.path, SHIPPED_SPEED_UPS)
        from app.llm.fast_copy import copy_path, fast_copy

        try:  # its faster copy, same weights
            return self._load_checked(fast_copy(self.path), SHIPPED_SPEED_UPS)
        except ModelError as error:
            log.warning("%s; using the model's own file", error)
            try:
                copy_path(self.path).unlink(missing_ok=True)  # made again next time
            except OSError:
                pass
        return self._load_checked(self.path, SHIPPED_SPEED_UPS)

    @property
    def shipped(self) -> bool:
        """The bundled SmolLM2 or a checked copy of a model the app installs
        (not a file the user picked, which is used as it is)."""
        return self._shipped_as[0]

    @property
    def faster_as_q8(self) -> bool:
        """Whether a Q8_0 copy reads faster (app/llm/fast_copy.py): measured
        for SmolLM2 and the Qwen 0.5B, not for the 1.5B."""
        return self._shipped_as[1]

    @cached_property
    def _shipped_as(self) -> tuple[bool, bool]:
        """(shipped, faster as Q8_0), from one look at the file's check stamp."""
        from app.common.bundled import ModelMissing, answer_model_path
        from app.llm.catalogue import catalogued

        try:
            if self.path == answer_model_path():
                return True, True
        except ModelMissing:
            pass
        model = catalogued(self.path)
        return model is not None, model is not None and model.faster_as_q8

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
            raise ModelError(Said(NOT_LOADED, path=str(path), reason=str(error))) from error
        return model

    def _load(self, llama_class, path: Path, n_ctx: int, options: dict):
        return llama_class(model_path=str(path), n_ctx=n_ctx, n_threads=self.threads,
                           n_threads_batch=self.threads, n_batch=512, verbose=False, **options)

    @staticmethod
    def trained_context(model) -> int | None:
        for key, value in model.metadata.items():
            if key.endswith(".context_length"):
                return int(value)
        return None

    def load(self) -> None:
        self.llama  # noqa: B018 - loading is the point

    def close(self) -> None:
        """Let the loaded model go (its memory with it); the next use loads it again."""
        llama = self.__dict__.pop("llama", None)
        self.__dict__.pop("formatter", None)
        self._kept = None
        if llama is not None:
            llama.close()

    @property
    def n_ctx(self) -> int:
        return self.llama.n_ctx()

    @property
    def architecture(self) -> str | None:
        """The GGUF's `general.architecture` ("llama", "qwen2"…): picks the prompt style."""
        return self.llama.metadata.get("general.architecture")

    @property
    def size_label(self) -> str | None:
        """The GGUF's `general.size_label` ("1.5B"), which the prompt style also reads."""
        return self.llama.metadata.get("general.size_label")

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
            raise ModelError(Said(NO_CHAT_TEMPLATE, name=self.path.name))
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
                 cancel: threading.Event) -> Iterator[Reading | Chunk]:
        """Stream the completion of `prompt`: first how much of it is read
        (`Reading`, step by step), then the text (`Chunk`s). `cancel` is
        honoured between reading steps and between tokens."""
        # Tokenized as create_completion would (a BOS only where the model
        # wants one), and handed over as tokens so it is not done twice.
        tokens = self.llama.tokenize(prompt.encode("utf-8"), add_bos=True, special=True)
        self._restore(tokens)
        cached = None
        for done in self._read(tokens, cancel):
            cached = done if cached is None else cached  # _read yields the cached part first
            yield Reading(done, len(tokens), cached)
        if cancel.is_set():
            return
        # Greedy decoding with a strong repetition penalty: small models
        # otherwise loop on a phrase; answers should be repeatable anyway.
        stream = self.llama.create_completion(prompt=tokens, max_tokens=max_tokens, stop=stop,
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
            self._keep()

    def next_token_probabilities(self, prompt: str, options: list[str],
                                 cancel: threading.Event) -> list[float] | None:
        """How likely each option is as the model's next token after `prompt`
        (each option's first token; shares of the options' total), from one
        forward pass and no generation; None when `cancel` is set before it
        is done. The prompt is read as generate() reads it, from the cache on."""
        import numpy as np

        llama = self.llama
        tokens = llama.tokenize(prompt.encode("utf-8"), add_bos=True, special=True)
        for _ in self._read(tokens, cancel):
            pass
        if cancel.is_set():
            return None
        llama.eval(tokens[llama.n_tokens:])
        # Without logits_all llama-cpp-python keeps no scores to read: the
        # last token's logits come from the context itself.
        logits = np.ctypeslib.as_array(llama._ctx.get_logits(), shape=(llama.n_vocab(),))
        ids = [llama.tokenize(option.encode("utf-8"), add_bos=False, special=False)[0]
               for option in options]
        chosen = logits[ids].astype(np.float64)
        shares = np.exp(chosen - chosen.max())
        return [float(p) for p in shares / shares.sum()]

    def _read(self, tokens: list[int], cancel: threading.Event) -> Iterator[int]:
        """Read the prompt ahead of generation one micro-batch at a time,
        yielding how many tokens are read. A call into llama.cpp cannot be
        interrupted: this is what lets Stop work while a long prompt is read.

        What the previous prompt shares with this one (the system prompt; the
        sources of a follow-up) stays in llama.cpp's cache and is not read
        again. The last micro-batch is left to create_completion, so the
        prompt is cut into the same micro-batches as when it is read in one
        call, and the answer is the same to the last bit (a different cut
        changes the last logits slightly, and a greedy choice between two
        near-equal tokens with them)."""
        llama = self.llama
        step = llama.context_params.n_ubatch
        cached = _common_prefix(llama.input_ids[:llama.n_tokens], tokens[:-1])
        llama.n_tokens = cached  # eval() drops whatever followed it from the cache
        yield cached
        for start in range(cached, len(tokens), step):
            end = start + step
            if end >= len(tokens) or cancel.is_set():
                return
            llama.eval(tokens[start:end])
            yield end

    def _keep(self) -> None:
        """Copy what the cache holds after an answer. The quote check reads a
        prompt of its own after each answer (next_token_probabilities), which
        pushes the answer's system prompt out of the cache: without the copy
        the next answer reads its ~60-token system prompt again (~1 s for the
        1.5B on 2 cores). The check's own prompt is not kept, so it is read as
        it was measured (benchmarks/experiments/card_order.py). Only the sequence's KV
        cells are copied (llama.cpp's per-sequence state: ~28 kB a token for
        the 1.5B), not llama-cpp-python's per-token logits."""
        import ctypes

        import llama_cpp

        llama = self.llama
        context = llama._ctx.ctx
        size = llama_cpp.llama_state_seq_get_size(context, 0)
        if not llama.n_tokens or not size or size > KEEP_AT_MOST:
            self._kept = None  # a big model's long prompt: a copy would cost more than a read
            return
        buffer = (ctypes.c_uint8 * size)()
        written = llama_cpp.llama_state_seq_get_data(context, buffer, size, 0)
        self._kept = _Kept(list(llama.input_ids[:llama.n_tokens]), bytes(buffer[:written]))

    def _restore(self, tokens: list[int]) -> None:
        """Put the kept cache back when it shares more with `tokens` than
        what the cache holds now (see _keep)."""
        import ctypes

        import llama_cpp

        kept, llama = self._kept, self.llama
        if kept is None:
            return
        now = _common_prefix(llama.input_ids[:llama.n_tokens], tokens[:-1])
        if _common_prefix(kept.tokens, tokens[:-1]) <= now:
            return
        data = (ctypes.c_uint8 * len(kept.data)).from_buffer_copy(kept.data)
        if not llama_cpp.llama_state_seq_set_data(llama._ctx.ctx, data, len(kept.data), 0):
            llama.reset()  # nothing restored: the next eval drops the cache and reads from the start
            return
        llama.input_ids[:len(kept.tokens)] = kept.tokens
        llama.n_tokens = len(kept.tokens)


KEEP_AT_MOST = 64 * 2**20  # bytes: the 1.5B's focused answer is ~7 MB; a 7B's sections ~1 GB


@dataclass(frozen=True)
class _Kept:
    tokens: list[int]
    data: bytes


def _common_prefix(cached, tokens: list[int]) -> int:
    length = 0
    for old, new in zip(cached, tokens):
        if old != new:
            break
        length += 1
    return length
