"""What a .gguf file says about itself, read from its header without loading it.

The GGUF layout (https://github.com/ggml-org/ggml/blob/master/docs/gguf.md,
versions 2 and 3, little-endian): "GGUF", a version, the tensor count, the
key/value count, then the key/value pairs; the tensor infos and the weights
follow and are never read. The pairs hold the model's name, architecture,
quantisation, training context and chat template, but also the tokenizer's
vocabulary (hundreds of thousands of strings), which is skipped by seeking.

Files found on a disk may be truncated downloads, HTML error pages saved as
.gguf, or hostile: every count and length is checked against the file's size
and a cap before it is used, and every failure is a `GgufError` whose message
says in words what is wrong with the file.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from app.common.said import QT_TRANSLATE_NOOP, Said

MAGIC = b"GGUF"
VERSIONS = (2, 3)

# Caps, far above any real model (vocabularies hold ~260k tokens, headers a few
# MB), low enough that a hostile header cannot keep the listing busy for long.
MAX_KV = 65_536
MAX_TENSORS = 10_000_000
MAX_KEY_BYTES = 65_535            # the spec's own limit for a key
MAX_KEPT_STRING = 1 << 20         # a value we keep (a chat template is ~10 KB)
MAX_ARRAY_ITEMS = 1 << 22
MAX_ARRAY_DEPTH = 3
MAX_HEADER_BYTES = 128 << 20

# value types (gguf.md, "gguf_metadata_value_type")
STRING, ARRAY = 8, 9
SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?",
           10: "<Q", 11: "<q", 12: "<d"}

# llama.cpp's llama_ftype (include/llama.h): what general.file_type means.
FILE_TYPES = {0: "F32", 1: "F16", 2: "Q4_0", 3: "Q4_1", 4: "Q4_1_SOME_F16", 7: "Q8_0",
              8: "Q5_0", 9: "Q5_1", 10: "Q2_K", 11: "Q3_K_S", 12: "Q3_K_M", 13: "Q3_K_L",
              14: "Q4_K_S", 15: "Q4_K_M", 16: "Q5_K_S", 17: "Q5_K_M", 18: "Q6_K",
              19: "IQ2_XXS", 20: "IQ2_XS", 21: "Q2_K_S", 22: "IQ3_XS", 23: "IQ3_XXS",
              24: "IQ1_S", 25: "IQ4_NL", 26: "IQ3_S", 27: "IQ3_M", 28: "IQ2_S", 29: "IQ2_M",
              30: "IQ4_XS", 31: "IQ1_M", 32: "BF16", 33: "Q4_0_4_4", 34: "Q4_0_4_8",
              35: "Q4_0_8_8", 36: "TQ1_0", 37: "TQ2_0", 38: "MXFP4_MOE", 39: "NVFP4",
              40: "Q1_0", 41: "Q2_0"}

# The keys kept (any other value is skipped); `<arch>.context_length` too.
KEPT = {"general.name", "general.architecture", "general.file_type", "general.size_label",
        "general.basename", "general.finetune", "split.count", "split.no"}
CHAT_TEMPLATE = "tokenizer.chat_template"


class GgufError(ValueError):
    """The file is not a GGUF header this reader accepts; the message says why."""


@dataclass
class GgufHeader:
    version: int
    tensor_count: int
    values: dict = field(default_factory=dict)   # the kept keys only
    chat_template: bool = False                  # tokenizer.chat_template is set

    @property
    def architecture(self) -> str | None:
        return _text(self.values.get("general.architecture"))

    @property
    def name(self) -> str | None:
        return _text(self.values.get("general.name"))

    @property
    def size_label(self) -> str | None:
        return _text(self.values.get("general.size_label"))

    @property
    def context_length(self) -> int | None:
        lengths = {key: value for key, value in self.values.items()
                   if key.endswith(".context_length") and _integer(value) is not None}
        if self.architecture and f"{self.architecture}.context_length" in lengths:
            return lengths[f"{self.architecture}.context_length"]
        return next(iter(lengths.values()), None)

    @property
    def quantisation(self) -> str | None:
        """general.file_type by llama.cpp's name for it (`Q4_K_M`), if the file says."""
        file_type = _integer(self.values.get("general.file_type"))
        if file_type is None:
            return None
        return FILE_TYPES.get(file_type, f"type {file_type}")


def _text(value) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def _integer(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def read_header(path: Path) -> GgufHeader:
    """The header of the GGUF file at `path`; `GgufError` (or `OSError` from
    opening it) when it cannot be read."""
    with open(path, "rb") as handle:
        return _HeaderReader(handle, Path(path).stat().st_size).read()


class _HeaderReader:
    """A cursor over the header that never reads or seeks past the file's end."""

    def __init__(self, handle: BinaryIO, size: int):
        self.handle, self.size, self.position = handle, size, 0

    def read(self) -> GgufHeader:
        self._check_magic()
        version = self._scalar("<I")
        if version not in VERSIONS:
            raise GgufError(_version_message(version))
        tensors, pairs = self._scalar("<Q"), self._scalar("<Q")
        if tensors > MAX_TENSORS:
            raise GgufError(Said(QT_TRANSLATE_NOOP(
                "Core", "the header claims {count} tensors (damaged, or not a model)"),
                count=tensors))
        if pairs > MAX_KV:
            raise GgufError(Said(QT_TRANSLATE_NOOP(
                "Core", "the header claims {count} metadata entries (damaged, or not a model)"),
                count=pairs))
        header = GgufHeader(version=version, tensor_count=tensors)
        for _ in range(pairs):
            self._pair(header)
        return header

    def _check_magic(self) -> None:
        start = self._bytes(min(self.size, 32)) if self.size else b""
        if start[:4] == MAGIC:
            self._seek(4)
            return
        raise GgufError(_not_gguf_message(start))

    def _pair(self, header: GgufHeader) -> None:
        key = self._string(MAX_KEY_BYTES, too_long=LONG_KEY)
        kind = self._scalar("<I")
        if key == CHAT_TEMPLATE and kind == STRING:
            header.chat_template = self._skip_string() > 0
        elif key in KEPT or key.endswith(".context_length"):
            header.values[key] = self._value(kind)
        else:
            self._skip_value(kind, depth=0)

    def _value(self, kind: int):
        if kind == STRING:
            return self._string(MAX_KEPT_STRING, too_long=LONG_VALUE)
        if kind in SCALARS:
            return self._scalar(SCALARS[kind])
        self._skip_value(kind, depth=0)
        return None

    def _skip_value(self, kind: int, depth: int) -> None:
        if kind in SCALARS:
            self._skip(struct.calcsize(SCALARS[kind]))
        elif kind == STRING:
            self._skip_string()
        elif kind == ARRAY:
            self._skip_array(depth + 1)
        else:
            raise GgufError(Said(QT_TRANSLATE_NOOP(
                "Core", "a value of unknown type {kind} in the header (damaged, or a GGUF "
                "version newer than this app reads)"), kind=str(kind)))

    def _skip_array(self, depth: int) -> None:
        if depth > MAX_ARRAY_DEPTH:
            raise GgufError(Said(QT_TRANSLATE_NOOP(
                "Core", "arrays nested more than three deep in the header (damaged or hostile)")))
        kind, count = self._scalar("<I"), self._scalar("<Q")
        if count > MAX_ARRAY_ITEMS:
            raise GgufError(Said(QT_TRANSLATE_NOOP(
                "Core", "an array of {count} items in the header (damaged or hostile)"),
                count=count))
        if kind in SCALARS:  # fixed-size items: one seek over all of them
            self._skip(count * struct.calcsize(SCALARS[kind]))
            return
        for _ in range(count):
            self._skip_value(kind, depth)

    def _string(self, cap: int, too_long: str) -> str:
        length = self._scalar("<Q")
        if length > cap:
            raise GgufError(Said(too_long, length=length))
        return self._bytes(length).decode("utf-8", "replace")

    def _skip_string(self) -> int:
        length = self._scalar("<Q")
        self._skip(length)
        return length

    def _scalar(self, layout: str):
        return struct.unpack(layout, self._bytes(struct.calcsize(layout)))[0]

    def _bytes(self, count: int) -> bytes:
        self._need(count)
        data = self.handle.read(count)
        if len(data) != count:  # the file shrank while it was read
            raise GgufError(Said(_TRUNCATED))
        self.position += count
        return data

    def _skip(self, count: int) -> None:
        self._need(count)
        self.position += count
        self.handle.seek(self.position)

    def _seek(self, position: int) -> None:
        self.position = position
        self.handle.seek(position)

    def _need(self, count: int) -> None:
        if self.position + count > self.size:
            raise GgufError(Said(_TRUNCATED))
        if self.position + count > MAX_HEADER_BYTES:  # also bounds the work per file
            raise GgufError(Said(QT_TRANSLATE_NOOP(
                "Core", "the header is larger than {size} MB (damaged, or not a model)"),
                size=MAX_HEADER_BYTES >> 20))


# Why a file cannot be read, as the model list says it (app/gui/words.py words it).
_TRUNCATED = QT_TRANSLATE_NOOP("Core", "truncated: the file ends inside its header (an "
                                       "unfinished or damaged download)")
LONG_KEY = QT_TRANSLATE_NOOP("Core", "a key name of {length} bytes in the header (damaged or "
                                     "hostile)")
LONG_VALUE = QT_TRANSLATE_NOOP("Core", "a text value of {length} bytes in the header (damaged or "
                                       "hostile)")


def _version_message(version: int) -> str:
    if version == 1:
        return Said(QT_TRANSLATE_NOOP("Core", "GGUF version 1 (from 2023), which llama.cpp no "
                                              "longer loads"))
    if version >= 1 << 16 and (version >> 24) in VERSIONS:
        return Said(QT_TRANSLATE_NOOP("Core", "a big-endian GGUF file (made for another kind of "
                                              "machine)"))
    return Said(QT_TRANSLATE_NOOP("Core", "GGUF version {version}; this app reads versions 2 "
                                          "and 3"), version=str(version))


def _not_gguf_message(start: bytes) -> str:
    """Why a file named .gguf is not one, in the words a user would check."""
    if not start:
        return Said(QT_TRANSLATE_NOOP("Core", "empty (0 bytes)"))
    lowered = start.lstrip().lower()
    if lowered.startswith((b"<!doctype", b"<html")):
        return Said(QT_TRANSLATE_NOOP("Core", "a web page saved as .gguf, not a model (a failed "
                                              "download?)"))
    if lowered.startswith(b"version https://git-lfs"):
        return Said(QT_TRANSLATE_NOOP("Core", "a Git LFS pointer, not the model itself (only the "
                                              "pointer was downloaded)"))
    if start[:4] in (b"lmgg", b"fmgg", b"tjgg", b"algg"):  # GGML-era magics, stored reversed
        return Said(QT_TRANSLATE_NOOP("Core", "an old GGML model (from before GGUF), which "
                                              "llama.cpp no longer loads"))
    return Said(QT_TRANSLATE_NOOP("Core", "not a GGUF model file (it does not start with "
                                          "'GGUF')"))
