"""What the benchmarks share: where the golden sets and their indexes are and
how they are split into batches, timing, the synthetic index, the tests'
PostgreSQL, and the command line.

Each benchmark runs from the repository root as a module
(`.venv/bin/python -m benchmarks.guards.search`), so `app`, `benchmarks`
and this module import as they are, with nothing added to sys.path.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import random
import resource
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import ModuleType

import numpy as np

from app.common.bundled import SAMPLE_GOLDEN, SAMPLE_HANDBOOK

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "out"  # indexes and cached rows kept between runs (git ignores it)
GOLDEN = ROOT / "resources" / "golden"
BUILD = ROOT / "devset" / "build"
DEV_CORPUS = BUILD / "corpus"      # devset/build.py: the PostgreSQL manual
DEV_GOLDEN = GOLDEN / "devset.tsv"
FIRST_BATCH_LAST_LINE = 92         # devset.tsv: lines 2-92 tuned on, 93-152 written blind
# devset/build_corpora.py's corpora, each in BUILD / name: the stem of its golden
# files (STEM.tsv its tuning batch, STEM-blind.tsv its held-out one)
CORPORA = {"python": "python-docs", "git": "git-docs", "bash": "bash-pdf", "man": "man-pages"}


# --- the golden sets ---------------------------------------------------------

def folder(name: str) -> Path:
    """A golden set's documents: the sample handbook, the dev corpus, or one
    of devset/build_corpora.py's corpora."""
    return {"sample": SAMPLE_HANDBOOK, "dev": DEV_CORPUS}.get(name, BUILD / name)


def golden(name: str, blind: bool = False) -> Path:
    """A golden set's questions. The sample's and the dev set's are one file
    each (the dev set's batches are told by line: `batch`); of the other
    corpora, the tuning batch's file, or with `blind` the held-out one's."""
    if name == "sample":
        return SAMPLE_GOLDEN
    if name == "dev":
        return DEV_GOLDEN
    return GOLDEN / f"{CORPORA[name]}{'-blind' if blind else ''}.tsv"


def documents(name: str) -> Path:
    """folder(name), or the run stops saying how to build it."""
    path = folder(name)
    if not path.is_dir():
        sys.exit(f"{path} is missing: build it first (devset/README.md: devset/build.py "
                 "for the dev set, devset/build_corpora.py for python, git, bash and man)")
    return path


def batch(label: str, line: int) -> str:
    """The batch of a question: its golden file's label, the dev set's split
    by line into its first (tuned-on) and blind batch."""
    if label != "dev":
        return label
    return "dev-first" if line <= FIRST_BATCH_LAST_LINE else "dev-blind"


def tuned_on(batch_name: str) -> bool:
    """Whether weights may be tuned on this batch; the others are held out."""
    return batch_name == "dev-first" or batch_name.endswith("-tune")


@cache
def off_topic() -> list[str]:
    """The questions no handbook answers (resources/golden/off-topic.txt)."""
    lines = (GOLDEN / "off-topic.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def index_path(name: str) -> Path:
    """Where a golden set's documents are indexed for the benchmarks (made by
    benchmarks.guards.evidence, and by the answer benchmarks when missing)."""
    return OUT / f"evidence-{name}.sqlite"


def indexed(name: str, embedder):
    """The golden set's index in benchmarks/out/, brought up to date with its
    documents (unchanged files are skipped), open: the caller closes it."""
    from app.ingest.indexer import Indexer
    from app.store.sqlite import Store

    source = documents(name)
    OUT.mkdir(parents=True, exist_ok=True)
    store = Store(index_path(name))
    Indexer(store, embedder).run(source)
    return store


def built_index(name: str) -> Path:
    """index_path(name), or the run stops: benchmarks.guards.evidence builds it."""
    path = index_path(name)
    if not path.exists():
        sys.exit(f"{path} is missing: run python -m benchmarks.guards.evidence --set {name} first")
    return path


# --- timing ------------------------------------------------------------------

def percentile(values: list[float], share: float) -> float:
    """The value at `share` of the sorted values (nearest rank, no interpolation)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def milliseconds(times: list[float], prefix: str = "") -> dict:
    """p50 and p95 of times in seconds, in milliseconds, named with `prefix`
    (one percentile rule for both: with a handful of samples, a median
    against a lower-rank p95 could put p95 below p50)."""
    return {f"{prefix}p50_ms": round(percentile(times, 0.5) * 1000, 1),
            f"{prefix}p95_ms": round(percentile(times, 0.95) * 1000, 1)}


def search_times(searcher, questions: list[str], repeat: int = 1) -> list[float]:
    """Each question's search time in seconds, the list asked `repeat` times."""
    times = []
    for _ in range(repeat):
        for question in questions:
            started = time.perf_counter()
            searcher.search(question)
            times.append(time.perf_counter() - started)
    return times


def peak_rss_mib() -> float:
    """This process's peak resident memory so far (Linux: ru_maxrss is in KiB)."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


# --- the synthetic index -----------------------------------------------------
# Texts are windows of the sample handbook's own words (BM25 sees a real
# vocabulary); vectors are real MiniLM vectors of such texts, varied with noise.

QUESTIONS = ["How many days of annual leave do I get?", "What is the hotel limit in London?",
             "How do I reset my VPN password?", "Who approves an expense claim?",
             "When is the deploy window on Fridays?", "How do I report a security incident?",
             "What does the pension scheme pay?", "Where do I park my car?"]
CHILDREN_PER_SECTION, SECTIONS_PER_DOCUMENT = 10, 20
# Every 5th child is code (one in nine in the dev index: a heavier share, so
# the figure errs on the slow side), so the search path's step that brings
# code along after a matched child has code to bring.
CODE_EVERY = 5


def synthetic_questions(count: int) -> list[str]:
    """`count` distinct questions: QUESTIONS in turn, numbered."""
    return [f"{QUESTIONS[i % len(QUESTIONS)]} ({i})" for i in range(count)]


@cache
def _words() -> list[str]:
    return " ".join(p.read_text() for p in SAMPLE_HANDBOOK.rglob("*.md")).split()


def sentence(rng: random.Random) -> str:
    words = _words()
    start = rng.randrange(len(words) - 20)
    return " ".join(words[start:start + rng.randint(8, 20)])


def realistic_vectors(embedder, size: int, seed: int = 0) -> np.ndarray:
    """`size` vectors: 1,000 real ones repeated, each with a little noise."""
    rng = random.Random(seed)
    base = embedder.embed([" ".join(sentence(rng) for _ in range(3)) for _ in range(1000)])
    noise = np.random.default_rng(seed).standard_normal((size, base.shape[1])).astype(np.float32)
    vectors = base[np.arange(size) % len(base)] + 0.02 * noise
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def spread_vectors(embedder, size: int, seed: int = 0) -> np.ndarray:
    """Unit vectors between real MiniLM vectors of the sample handbook's
    sentences: each a random mix of two of 1,000 with a little noise. Unlike
    realistic_vectors (copies of the 1,000 with noise), they do not form
    tight clusters of near-ties, so "the exact 20 nearest" means something
    and HNSW's recall against it can be measured."""
    base = realistic_vectors(embedder, 1000, seed)
    rng = np.random.default_rng(seed)
    first, second = rng.integers(0, len(base), size), rng.integers(0, len(base), size)
    share = rng.uniform(0.3, 1.0, size)[:, None]
    vectors = base[first] * share + base[second] * (1 - share) \
        + 0.05 * rng.standard_normal((size, base.shape[1]))
    return (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)


def fill(store, size: int, embedder, seed: int = 0, vectors: np.ndarray | None = None) -> None:
    """`size` synthetic children written into any store (the contract's
    write_document, one transaction per document of 200 children)."""
    from app.common.chunks import Child
    from app.common.documents import CODE, PARAGRAPH, Block, Section
    from app.ingest.indexer import IndexSettings, index_fingerprint
    from app.store.sqlite import DocumentRecord

    rng = random.Random(seed)
    vectors = realistic_vectors(embedder, size, seed) if vectors is None else vectors
    per_document = CHILDREN_PER_SECTION * SECTIONS_PER_DOCUMENT
    store.set_meta(index_fingerprint(embedder, IndexSettings()) | {"root": "/synthetic"})
    for number, start in enumerate(range(0, size, per_document)):
        sections, children = [], []
        for s in range(SECTIONS_PER_DOCUMENT):
            texts = [" ".join(sentence(rng) for _ in range(3)) for _ in range(CHILDREN_PER_SECTION)]
            body = "\n\n".join(texts)
            sections.append(Section([f"Doc {number}", f"Part {s}"], 2, body, 0, len(body),
                                    [Block(PARAGRAPH, 0, len(body))]))
            offset = 0
            for i, text in enumerate(texts):
                kind = CODE if i % CODE_EVERY == CODE_EVERY - 1 else PARAGRAPH
                children.append(Child(s, kind, text, f"Doc {number} › Part {s}\n{text}",
                                      offset, offset + len(text), None, "block", tokens=90,
                                      tokens_cl100k=85))
                offset += len(text) + 2
        children = children[:size - start]
        for index, child in enumerate(children):
            child.chunk_index, child.total_chunks = index, len(children)
        record = DocumentRecord(f"doc-{number:05d}.md", f"{number:064x}", 1, 0.0, "markdown",
                                f"Doc {number}")
        store.write_document(record, sections, children, vectors[start:start + len(children)])


class Precomputed:
    """An embedder that answers from vectors computed beforehand: clients
    asking at once then spend their time in the store, not in ONNX."""

    def __init__(self, embedder, questions: list[str]):
        self.id, self.model_sha256 = embedder.id, embedder.model_sha256
        self.tokenizer_sha256 = embedder.tokenizer_sha256
        self.vectors = dict(zip(questions, embedder.embed(questions)))

    def embed(self, texts: list[str]) -> np.ndarray:
        return np.stack([self.vectors[text] for text in texts])


# --- the tests' PostgreSQL ---------------------------------------------------

def from_tests(name: str) -> ModuleType:
    """A helper module of tests/ (pg_server, pg_bouncer), imported under the
    bare name the tests know it by: tests/ is no package, and pg_bouncer
    imports pg_server by that name, so pg_server is always imported first."""
    for needed in dict.fromkeys(("pg_server", name)):
        if needed not in sys.modules:
            spec = importlib.util.spec_from_file_location(needed, ROOT / "tests" / f"{needed}.py")
            module = importlib.util.module_from_spec(spec)
            sys.modules[needed] = module
            spec.loader.exec_module(module)
    return sys.modules[name]


@contextmanager
def postgres_server(database: str | None = "bench") -> Iterator:
    """The tests' PostgreSQL (tests/pg_server.py: PostgreSQL 18 with pgvector
    on a Unix socket in a temporary folder, fsync off), started for the block
    and stopped after it; with `database`, an empty database of that name."""
    import psycopg

    server = from_tests("pg_server").PostgresServer()
    server.start()
    try:
        if database:
            with psycopg.connect(server.conninfo(), autocommit=True) as conn:
                conn.execute(f"CREATE DATABASE {database}")
                # As the owner of a server holding a million children would set
                # it: an HNSW graph of that size (2 GB) is built in memory
                # (app/store/postgres_graph.py).
                conn.execute(f"ALTER DATABASE {database} SET maintenance_work_mem = '4GB'")
        yield server
    finally:
        server.stop()


# --- the command line --------------------------------------------------------

def arguments(doc: str, with_json: bool = False) -> argparse.ArgumentParser:
    """A benchmark's command line, its docstring's first line as the
    description; with `with_json`, its --json option."""
    parser = argparse.ArgumentParser(description=doc.strip().splitlines()[0])
    if with_json:
        parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser


def print_figures(figures, as_json: bool, text: Callable[..., str] | None = None) -> None:
    """The figures as JSON (--json), or as `text` writes them (by default one
    `name: value` line each)."""
    if as_json:
        print(json.dumps(figures, indent=2))
    elif text is not None:
        print(text(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>24}: {value}")
