"""Asking several handbooks at once: each ranked in its own index, the rankings fused.

Each handbook keeps its own index (its own chunk health, evaluation and
settings check). A question is embedded once and ranked in each index, in
parallel threads (SQLite and the vector matrix release the GIL). The
rankings are then fused as one: the children's vector distances are
comparable across indexes (one embedder), so the vector ranking is global;
BM25 ranks are each index's own and are interleaved rank by rank.
Reciprocal rank fusion of the two (app/search/retrieval.fuse) then orders
every child, and the results are built from that one ranking by the same
code that builds one index's (Searcher.respond), reading through
`SeveralStores`: the best sections overall win, and the context budget is
shared among them alone.

Ids are made unique by handbook: handbook i's ids are its own plus
i × ID_SPACE, and a section's path is the handbook's label and the
document's path ("HR handbook/leave.md"), so every citation names its
folder. `SeveralStores` routes each read (the results, the evidence step,
the window's viewer) to the handbook an id belongs to.
"""
from __future__ import annotations

import contextlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import PurePath

from app.common.said import QT_TRANSLATE_NOOP, Said
from app.search.retrieval import (SearchError, SearchResponse, Searcher, SearchSettings,
                                  checked_question)

ID_SPACE = 1 << 40  # far above any index's own ids (SQLite rowids grow by one)
SEPARATOR = "/"


@dataclass
class Handbook:
    label: str      # how citations name the folder: unique among those asked
    store: object   # its index (app/store/contract.IndexStore)
    embedder: object = None  # the one it was built with; None: the searcher's own


def labels(folders: list[str]) -> list[str]:
    """A short, unique name per folder: its own name, or with its parents'
    names where two folders share one ("hr/handbook", "it/handbook")."""
    parts = [PurePath(f).parts for f in folders]
    depth = {i: 1 for i in range(len(folders))}
    while True:
        names = [SEPARATOR.join(p[-depth[i]:]) for i, p in enumerate(parts)]
        clashes = {i for i, n in enumerate(names) if names.count(n) > 1 and depth[i] < len(parts[i])}
        if not clashes:
            return _numbered(names)
        for i in clashes:
            depth[i] += 1


def _numbered(names: list[str]) -> list[str]:
    """Names still the same (the same folder twice, two servers) get (2), (3)…"""
    seen: dict[str, int] = {}
    unique = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        unique.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return unique


def split_id(global_id: int) -> tuple[int, int]:
    """(handbook's place, its own id)."""
    return divmod(global_id, ID_SPACE)


def split_source(source: str, handbook_labels: list[str]) -> tuple[int, str] | None:
    """(handbook's place, path inside it) of a fused result's source."""
    for place in sorted(range(len(handbook_labels)), key=lambda i: -len(handbook_labels[i])):
        prefix = handbook_labels[place] + SEPARATOR
        if source.startswith(prefix):
            return place, source[len(prefix):]
    return None


class SeveralSearcher:
    """The Searcher's interface (search, store, embedder, profile) over
    several handbooks: each ranks its own children (in parallel threads,
    the question embedded once per embedder), the rankings are fused as one,
    and the results are read through SeveralStores by the same code that
    reads one index's, so the context budget is shared among the winners
    alone. `embedder` is the one the evidence step compares passages of
    every handbook with (one that reads all their languages)."""

    def __init__(self, handbooks: list[Handbook], embedder, settings: SearchSettings | None = None):
        if len(handbooks) < 2:
            raise ValueError("SeveralSearcher asks two handbooks or more; one is a Searcher")
        self.handbooks = handbooks
        self.settings = settings or SearchSettings()
        self.embedder = embedder
        self.searchers = [Searcher(h.store, h.embedder or embedder, self.settings)
                          for h in handbooks]
        profiles = {s.profile for s in self.searchers}
        if len(profiles) > 1:
            odd = next(h.label for h, s in zip(handbooks, self.searchers)
                       if s.profile != self.searchers[0].profile)
            raise SearchError(Said(QT_TRANSLATE_NOOP(
                "Core", "{odd} was indexed with the {profile} profile and {first} with "
                "{first_profile}: results of different profiles (sections and bare chunks) "
                "cannot be ranked together; ask indexes of one profile"),
                odd=odd, profile=next(iter(profiles - {self.searchers[0].profile})),
                first=handbooks[0].label, first_profile=self.searchers[0].profile))
        self.store = SeveralStores(handbooks)
        self._joined = Searcher(self.store, embedder, self.settings)
        self.profile = self._joined.profile
        self._pool = ThreadPoolExecutor(max_workers=min(len(handbooks), 4),
                                        thread_name_prefix="several-handbooks")

    @property
    def result_count(self) -> int:
        return self._joined.result_count

    def index_of(self, chunk_id: int) -> int:
        """Which handbook a candidate comes from (its id says): its distance is
        that handbook's embedder's, held to that model's measure."""
        return chunk_id // ID_SPACE

    def searcher_of(self, index: int) -> Searcher:
        """That handbook's own searcher: its embedder and store."""
        return self.searchers[index]

    def close(self) -> None:
        self._pool.shutdown(wait=True)

    def search(self, question: str) -> SearchResponse:
        question = checked_question(question)
        with self.store.snapshot():
            for searcher in self.searchers:  # each index, and the embedder it was built with
                searcher.check_index()
                # Each index's vectors loaded here, one after the other, not in
                # the threads, where a load would share a connection with BM25.
                searcher.store.lexical_alongside_vectors()
            vectors = self._question_vectors(question)
            rankings = list(self._pool.map(
                lambda s: s.rankings(question, vectors[s.embedder.id]), self.searchers))
            vector_hits, bm25_hits = fused_rankings([(hits, bm25) for _, hits, bm25 in rankings],
                                                    comparable=len(vectors) == 1)
            vector = vectors.get(self.embedder.id)
            if vector is None:
                vector = self.embedder.embed_queries([question])[0]
            return self._joined.respond(question, vector, vector_hits, bm25_hits)

    def _question_vectors(self, question: str) -> dict:
        """The question embedded once by each embedder the handbooks were built with."""
        vectors = {}
        for searcher in self.searchers:
            if searcher.embedder.id not in vectors:
                vectors[searcher.embedder.id] = searcher.embedder.embed_queries([question])[0]
        return vectors


def fused_rankings(rankings: list[tuple[list[tuple[int, float]], list[int]]],
                   comparable: bool = True) -> tuple[list[tuple[int, float]], list[int]]:
    """Each handbook's (vector hits, BM25 hits), ids its own, as one pair of
    rankings with ids made unique: the vector hits by distance across all
    when one embedder made them all (`comparable`), else rank by rank in
    turn, as the BM25 hits always are (scores of different indexes, or
    distances of different models, are not comparable)."""
    vector_hits = [[(own + place * ID_SPACE, distance) for own, distance in hits]
                   for place, (hits, _) in enumerate(rankings)]
    vector = sorted((hit for hits in vector_hits for hit in hits),
                    key=lambda hit: (hit[1], hit[0])) if comparable else _in_turn(vector_hits)
    lexical = [[own + place * ID_SPACE for own in bm25] for place, (_, bm25) in enumerate(rankings)]
    return vector, _in_turn(lexical)


def _in_turn(rankings: list[list]) -> list:
    """The firsts of every ranking, then the seconds, and so on."""
    return [hits[rank] for rank in range(max(map(len, rankings), default=0))
            for hits in rankings if rank < len(hits)]


class SeveralStores:
    """The read calls the answer path and the window make after a search
    (sections, children, chunks by id), each id routed to its handbook and
    the rows' ids and paths given back as the fused results carry them."""

    def __init__(self, handbooks: list[Handbook]):
        self.handbooks = handbooks
        self.shared = any(getattr(h.store, "shared", False) for h in handbooks)

    def _by_place(self, ids) -> dict[int, list[int]]:
        groups: dict[int, list[int]] = {}
        for global_id in ids:
            place, own = split_id(global_id)
            if place < len(self.handbooks):
                groups.setdefault(place, []).append(own)
        return groups

    def _row(self, row: dict, place: int) -> dict:
        offset = place * ID_SPACE
        row = dict(row)
        for key in ("id", "section_id", "document_id"):
            if row.get(key) is not None:
                row[key] += offset
        if row.get("path") is not None:
            row["path"] = f"{self.handbooks[place].label}{SEPARATOR}{row['path']}"
        return row

    def _rows_by_id(self, read: str, ids) -> dict[int, dict]:
        """store.<read>(ids) on each handbook, its rows keyed by their fused id."""
        found = {}
        for place, own in self._by_place(ids).items():
            for row in getattr(self.handbooks[place].store, read)(own).values():
                row = self._row(row, place)
                found[row["id"]] = row
        return found

    def sections_by_id(self, ids) -> dict[int, dict]:
        return self._rows_by_id("sections_by_id", ids)

    def section_children(self, section_ids) -> list[dict]:
        return [self._row(row, place) for place, own in self._by_place(section_ids).items()
                for row in self.handbooks[place].store.section_children(own)]

    def chunks_by_id(self, ids) -> dict[int, dict]:
        return self._rows_by_id("chunks_by_id", ids)

    def section_bodies(self) -> list[str]:
        return [body for h in self.handbooks for body in h.store.section_bodies()]

    def languages(self) -> list[str]:
        """The languages of every handbook's documents (each once)."""
        return sorted({language for h in self.handbooks for language in h.store.languages()})

    def meta(self) -> dict[str, str]:
        """The first handbook's settings (its profile decides the results'
        shape; every handbook's own were checked against the embedder)."""
        return self.handbooks[0].store.meta()

    def chunk_count(self) -> int:
        return sum(h.store.chunk_count() for h in self.handbooks)

    def following(self, ids, steps: int) -> dict:
        found = {}
        for place, own in self._by_place(ids).items():
            offset = place * ID_SPACE
            for child, (kind, after) in self.handbooks[place].store.following(own, steps).items():
                found[child + offset] = (kind, [(i + offset, k) for i, k in after])
        return found

    def chunk_spans(self, section_id: int) -> list[tuple[int, int]]:
        place, own = split_id(section_id)
        return self.handbooks[place].store.chunk_spans(own)

    @contextlib.contextmanager
    def snapshot(self):
        with contextlib.ExitStack() as stack:
            for handbook in self.handbooks:
                stack.enter_context(handbook.store.snapshot())
            yield
