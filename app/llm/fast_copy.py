"""A faster copy of the bundled answer model, made once per machine.

The bundled SmolLM2 GGUF is quantised as Q4_1, for which llama.cpp's CPU
backend has no repacked fast path: it reads prompts at ~250 tokens/s on
2 cores. The same weights re-quantised to Q8_0 read at ~380 tokens/s (~490
with flash attention) with the same quality: perplexity on the sample
handbook 23.18 (Q4_1) vs 23.21 (Q8_0); every Q4_1 weight lies within half a
Q8_0 step of a representable value. (Q4_0 would be faster still, 500 tokens/s,
but its perplexity is 28.9: rejected.) The copy takes about a second to make,
145 MB in the per-user cache folder.

The Qwen2.5 models the app installs (app/llm/catalogue.py) come as
Q4_K_M; their Q8_0 copies read prompts at 146 vs 107 tokens/s (0.5B, flash
attention on both) and write at 34 vs 31 tokens/s, for 676 MB instead of
491 MB (made in ~5 s on first use). Only models the app ships get a copy: a
model the user picked is used as it is.
"""
from __future__ import annotations

import ctypes
import logging
import os
import time
from pathlib import Path

from app.common.paths import cache_dir

log = logging.getLogger(__name__)

SUFFIX = "Q8_0.gguf"
STALE_AFTER_S = 600  # a copy takes about a second to make


def copy_path(source: Path) -> Path:
    """Where the fast copy of `source` lives (its size names the version)."""
    source = Path(source)
    stem = source.name.removesuffix(".gguf")
    return cache_dir() / "models" / f"{stem}-{source.stat().st_size}.{SUFFIX}"


def fast_copy(source: Path) -> Path:
    """The Q8_0 copy of `source`, made now if missing; `source` itself if it
    cannot be made (the answer is then only slower)."""
    target = copy_path(source)
    if target.is_file():
        return target
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale_partials(target)
        _quantize(Path(source), partial)
        os.replace(partial, target)  # never a half-written model under the real name
        return target
    except Exception as error:  # noqa: BLE001 - any failure here only costs speed
        log.warning("could not make a faster copy of %s (%s): using it as it is", source, error)
        partial.unlink(missing_ok=True)
        return Path(source)


def _remove_stale_partials(target: Path) -> None:
    """Half-made copies left by a process killed while quantising (145 MB each)."""
    now = time.time()
    for partial in target.parent.glob(f".{target.name}.*.partial"):
        try:
            if now - partial.stat().st_mtime > STALE_AFTER_S:
                partial.unlink()
        except OSError:
            pass  # another process's, or already gone


def _quantize(source: Path, target: Path) -> None:
    import llama_cpp
    from llama_cpp._utils import suppress_stdout_stderr

    params = llama_cpp.llama_model_quantize_default_params()
    params.ftype = llama_cpp.LLAMA_FTYPE_MOSTLY_Q8_0
    params.allow_requantize = True
    params.nthread = os.cpu_count() or 1
    with suppress_stdout_stderr(disable=False):  # llama.cpp prints every tensor
        status = llama_cpp.llama_model_quantize(str(source).encode(), str(target).encode(),
                                                ctypes.byref(params))
    if status != 0 or not target.is_file():
        raise RuntimeError(f"llama.cpp could not re-quantise the model (status {status})")
