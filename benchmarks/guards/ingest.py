"""Ingestion benchmark: the whole pipeline against the raw embedder, same run.

    python -m benchmarks.guards.ingest [FOLDER] [--copies N] [--json]

Indexes FOLDER (default: the bundled sample handbook; with --copies N, N
renamed copies of it, e.g. 40 copies ≈ 1,000 pages) into a fresh temporary
index and prints pages/s, chunks/s, WordPiece tokens/s and peak RSS. Then it
embeds exactly the same chunk texts with the bare embedder (no reading,
chunking or storing) and prints the pipeline's throughput as a ratio of that.
Target: ratio ≥ 0.85; peak RSS < 1 GB on a 1,000-page handbook.
"""
from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from app.common.bundled import SAMPLE_HANDBOOK
from app.embedding.minilm import MiniLM
from app.ingest.indexer import Indexer
from app.store.sqlite import Store
from benchmarks.common import arguments, peak_rss_mib, print_figures

WORDS_PER_PAGE = 450  # for formats without pages


def replicate(folder: Path, copies: int, target: Path) -> Path:
    for number in range(copies):
        shutil.copytree(folder, target / f"copy-{number:03d}")
    return target


def count_pages(store: Store) -> int:
    pages = store.value("SELECT coalesce(sum(pages), 0) FROM documents WHERE pages IS NOT NULL")
    words = sum(len(row["body"].split()) for row in store.rows(
        "SELECT s.body FROM sections s JOIN documents d ON d.id = s.document_id "
        "WHERE d.pages IS NULL"))
    return pages + round(words / WORDS_PER_PAGE)


def run(folder: Path, work: Path) -> dict:
    embedder = MiniLM()
    embedder.embed(["warm up the session"])  # model loading is not ingestion
    with Store(work / "bench.sqlite") as store:
        started = time.perf_counter()
        report = Indexer(store, embedder).run(folder)
        pipeline_seconds = time.perf_counter() - started
        texts = [row["embedded_text"] for row in store.rows("SELECT embedded_text FROM chunks")]
        pages = count_pages(store)
    tokens = sum(embedder.count_many(texts))
    started = time.perf_counter()
    embedder.embed(texts)
    raw_seconds = time.perf_counter() - started
    return {
        "folder": str(folder), "files": len(report.files), "pages": pages,
        "chunks": len(texts), "wordpiece_tokens": tokens,
        "pipeline_seconds": round(pipeline_seconds, 2),
        "pages_per_second": round(pages / pipeline_seconds, 2),
        "chunks_per_second": round(len(texts) / pipeline_seconds, 2),
        "tokens_per_second": round(tokens / pipeline_seconds, 1),
        "raw_embedder_seconds": round(raw_seconds, 2),
        "raw_chunks_per_second": round(len(texts) / raw_seconds, 2),
        "ratio_to_raw_embedder": round(raw_seconds / pipeline_seconds, 3),
        "peak_rss_mb": peak_rss_mib(),
    }


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("folder", nargs="?", type=Path, default=SAMPLE_HANDBOOK)
    parser.add_argument("--copies", type=int, default=0,
                        help="index N renamed copies of FOLDER (40 ≈ 1,000 pages)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        folder = replicate(args.folder, args.copies, work / "corpus") if args.copies else args.folder
        result = run(folder, work)
    print_figures(result, args.json)


if __name__ == "__main__":
    main()
