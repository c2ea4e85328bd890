"""Small GGUF files for tests: the header layout llama.cpp writes (gguf.md,
version 3, little-endian), with a vocabulary to skip, and no weights.

`write_model(path, size=…)` can make the file as large as a real model
without using the disk: the rest is a sparse hole of zeros.
"""
from __future__ import annotations

import struct
from pathlib import Path

UINT32, INT32, FLOAT32, BOOL, STRING, ARRAY, UINT64 = 4, 5, 6, 7, 8, 9, 10


def string(text: str | bytes) -> bytes:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return struct.pack("<Q", len(data)) + data


def value(item) -> bytes:
    """The type and payload of one value, typed as llama.cpp's writer types it."""
    if isinstance(item, bool):
        return struct.pack("<I?", BOOL, item)
    if isinstance(item, int):
        return struct.pack("<II", UINT32, item)
    if isinstance(item, float):
        return struct.pack("<If", FLOAT32, item)
    if isinstance(item, str):
        return struct.pack("<I", STRING) + string(item)
    if isinstance(item, list):
        return struct.pack("<I", ARRAY) + array(item)
    raise TypeError(item)


def array(items: list) -> bytes:
    if items and isinstance(items[0], str):
        return struct.pack("<IQ", STRING, len(items)) + b"".join(string(i) for i in items)
    if items and isinstance(items[0], float):
        return struct.pack("<IQ", FLOAT32, len(items)) + struct.pack(f"<{len(items)}f", *items)
    return struct.pack("<IQ", INT32, len(items)) + struct.pack(f"<{len(items)}i", *items)


def header(pairs: dict, version: int = 3, tensor_count: int = 0, magic: bytes = b"GGUF",
           raw: bytes = b"", extra_count: int = 0) -> bytes:
    """`pairs` as key/value entries; `raw` appended as `extra_count` more (hand-made)."""
    body = b"".join(string(key) + value(item) for key, item in pairs.items())
    return (magic + struct.pack("<IQQ", version, tensor_count, len(pairs) + extra_count)
            + body + raw)


def model_pairs(name: str | None = "Tiny Chat 1B Instruct", architecture: str = "llama",
                context_length: int | None = 4096, file_type: int | None = 15,
                size_label: str | None = "1B", chat_template: bool = True,
                vocabulary: int = 300) -> dict:
    """The keys a converted model carries, in llama.cpp's order."""
    pairs = {"general.architecture": architecture}
    if name is not None:
        pairs["general.name"] = name
    if size_label is not None:
        pairs["general.size_label"] = size_label
    if context_length is not None:
        pairs[f"{architecture}.context_length"] = context_length
    pairs[f"{architecture}.block_count"] = 2
    pairs["tokenizer.ggml.model"] = "gpt2"
    pairs["tokenizer.ggml.tokens"] = [f"tok{i}" for i in range(vocabulary)]
    pairs["tokenizer.ggml.scores"] = [float(i) for i in range(vocabulary)]
    pairs["tokenizer.ggml.token_type"] = [1] * vocabulary
    if chat_template:
        pairs["tokenizer.chat_template"] = "{% for m in messages %}{{ m.content }}{% endfor %}"
    if file_type is not None:
        pairs["general.file_type"] = file_type
    return pairs


def write_model(path: Path, size: int | None = None, **fields) -> Path:
    """A GGUF file at `path` (folders made) with `model_pairs(**fields)`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = header(model_pairs(**fields))
    with open(path, "wb") as handle:
        handle.write(data)
        if size and size > len(data):
            handle.truncate(size)
    return path
