"""What every ONNX embedder does alike: a CPU session, mean pooling, batches."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import numpy as np


def cpu_session(model_path: Path, threads: int):
    """An ONNX Runtime session on the CPU with `threads` threads."""
    import onnxruntime as ort

    # ONNX Runtime sends usage telemetry to Microsoft unless told not to
    # (measured: DNS lookups of mobile.events.data.microsoft.com during
    # `ask`). Offline means offline.
    ort.disable_telemetry_events()
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    return ort.InferenceSession(str(model_path), options, providers=["CPUExecutionProvider"])


def mean_pooled(hidden: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """L2-normalised float32 means of each text's token states, padding left
    out through the attention mask (so a batch padded to its longest text
    gives the same vectors as texts embedded one by one)."""
    weights = mask[:, :, None].astype(np.float32)
    pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    return (pooled / np.maximum(norms, 1e-12)).astype(np.float32)


def in_batches(texts: list[str], size: int, dimensions: int,
               embed_batch: Callable[[list[str]], np.ndarray]) -> np.ndarray:
    """embed_batch over `texts` `size` at a time, one row per text."""
    if not texts:
        return np.zeros((0, dimensions), dtype=np.float32)
    return np.concatenate([embed_batch(texts[i:i + size]) for i in range(0, len(texts), size)])
