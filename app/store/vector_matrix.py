"""Exact nearest-neighbour search over an in-memory copy of the vectors.

sqlite-vec stores the vectors and stays the source of truth, but its KNN is a
brute-force scan that reads every row through the virtual-table interface:
65 ms at 100,000 children on 2 cores. The same scan as one float32
matrix-vector product in numpy takes about 10 ms, with identical results
(cosine distance, ties broken by rowid). The matrix is loaded on the first
search and kept for the process, keyed by the index file; a token that the
store replaces in every transaction that writes vectors
(`Store.vectors_version`) tells when it is stale. Above `MAX_BYTES` the
searcher keeps using sqlite-vec, so a huge index never doubles the app's
memory. Several handbooks asked at once each keep their matrix (at most
`MAX_MATRICES`, `MAX_BYTES` together, the least recently searched let go
first): one matrix for the process made each of them reload its vectors at
every question, 2.3 times the search time of the largest alone. Past those
limits they reload in turn: slower, never wrong.
"""
from __future__ import annotations

import logging
import threading
from itertools import islice
from dataclasses import dataclass
from pathlib import Path

import numpy as np

MAX_BYTES = 512 * 1024 * 1024   # ~350,000 children of 384 floats
MAX_MATRICES = 16  # "All handbooks": each asked keeps its own (MAX_BYTES in all)
LOAD_BATCH = 4096
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class VectorMatrix:
    """A read-only snapshot of vec_chunks: row i is chunk ids[i]."""

    version: str
    ids: np.ndarray          # int64, sorted
    document_ids: np.ndarray  # int64
    vectors: np.ndarray      # float32, unit length (rows of zero length stay zero)

    @classmethod
    def load(cls, store) -> VectorMatrix:
        """Read every vector into one preallocated array, normalised in place:
        the peak is the matrix itself, not three copies of it."""
        # One read transaction, so the token, the count and the rows agree.
        with store.db:
            version = store.vectors_version
            count, row_bytes = _shape(store)
            width = row_bytes // 4
            ids = np.empty(count, dtype=np.int64)
            document_ids = np.empty(count, dtype=np.int64)
            vectors = np.empty((count, width), dtype=np.float32)
            cursor = store.db.execute(
                "SELECT rowid, document_id, embedding FROM vec_chunks ORDER BY rowid")
            row = 0
            while row < count and (batch := list(islice(cursor, min(LOAD_BATCH, count - row)))):
                end = row + len(batch)
                ids[row:end] = [r[0] for r in batch]
                document_ids[row:end] = [r[1] for r in batch]
                vectors[row:end] = np.frombuffer(b"".join(r[2] for r in batch),
                                                 dtype=np.float32).reshape(len(batch), width)
                row = end
        norms = np.sqrt(np.einsum("ij,ij->i", vectors, vectors))[:, None]  # no full-size temporary
        np.divide(vectors, norms, out=vectors, where=norms > 0)
        return cls(version, ids[:row], document_ids[:row], vectors[:row])

    def knn(self, query: np.ndarray, k: int,
            allowed: list[int] | None = None) -> list[tuple[int, float]]:
        """The k nearest chunks as (chunk id, cosine distance), nearest first."""
        if not len(self.ids) or k <= 0:
            return []
        query = np.asarray(query, dtype=np.float32)
        norm = float(np.linalg.norm(query))
        distances = 1.0 - self.vectors @ (query / norm if norm else query)
        if allowed is not None:
            distances = np.where(np.isin(self.document_ids, allowed), distances, np.inf)
        k = min(k, len(distances))
        nearest = np.argpartition(distances, k - 1)[:k] if k < len(distances) \
            else np.arange(len(distances))
        nearest = nearest[np.isfinite(distances[nearest])]
        order = np.lexsort((self.ids[nearest], distances[nearest]))
        return [(int(self.ids[i]), float(distances[i])) for i in nearest[order]]


# The indexes being searched, the most recently searched last. Switching
# folders or profiles lets the old ones go (MAX_MATRICES, MAX_BYTES in all)
# rather than piling up copies of up to MAX_BYTES each.
_cached: dict[Path, VectorMatrix] = {}
_lock = threading.Lock()


def matrix_for(store, max_bytes: int | None = None) -> VectorMatrix | None:
    """The current in-memory matrix of this index, or None when it would be
    bigger than `max_bytes` (default MAX_BYTES) or does not fit in memory:
    the caller then searches with sqlite-vec."""
    max_bytes = MAX_BYTES if max_bytes is None else max_bytes
    version = store.vectors_version
    path = Path(store.path).resolve()
    with _lock:
        cached = _cached.pop(path, None)
        if cached is not None and cached.version == version and cached.vectors.nbytes <= max_bytes:
            _cached[path] = cached  # now the most recently searched
            return cached
        del cached  # free a stale copy before reading a new one
        rows, row_bytes = _shape(store)
        if rows * row_bytes > max_bytes:
            return None
        _make_room(rows * row_bytes, max_bytes)
        try:
            matrix = VectorMatrix.load(store)
        except MemoryError:
            log.warning("no memory for the vectors of %s in memory: searching with sqlite-vec",
                        path)
            return None
        _cached[path] = matrix
        return matrix


def _make_room(needed: int, max_bytes: int) -> None:
    """Let the least recently searched matrices go until this one fits."""
    while _cached and (len(_cached) >= MAX_MATRICES or
                       sum(m.vectors.nbytes for m in _cached.values()) + needed > max_bytes):
        del _cached[next(iter(_cached))]


def _shape(store) -> tuple[int, int]:
    """How many vectors the index holds, and the bytes of one."""
    return (store.value("SELECT count(*) FROM vec_chunks") or 0,
            store.value("SELECT length(embedding) FROM vec_chunks LIMIT 1") or 0)
