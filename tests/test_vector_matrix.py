"""The in-memory vector matrix: the same answers as sqlite-vec, never stale,
and sqlite-vec again when the matrix would be too big."""
import shutil
from pathlib import Path

import numpy as np
import pytest

from app.common.chunks import Child
from app.common.documents import PARAGRAPH, Block, Section
from app.search.retrieval import Searcher, SearchSettings, query_terms
from app.store.sqlite import DocumentRecord, Store
import app.store.vector_matrix as vector_matrix
from app.store.vector_matrix import VectorMatrix, matrix_for

pytestmark = pytest.mark.slow

QUESTIONS = ["How many days of annual leave do I get?", "What is the hotel limit in London?",
             "How do I reset my VPN password?", "Who approves an expense claim?",
             "Wie viele Urlaubstage habe ich?", "deploy window Friday"]


@pytest.fixture
def copy_of_index(sample_index, tmp_path):
    target = tmp_path / "index.sqlite"
    shutil.copy(sample_index, target)
    return target


def test_matrix_knn_equals_sqlite_vec_knn(sample_index, embedder):
    with Store(sample_index) as store:
        matrix = VectorMatrix.load(store)
        documents = [row[0] for row in store.db.execute("SELECT id FROM documents")]
        for question in QUESTIONS:
            vector = embedder.embed([question])[0]
            for allowed in (None, documents[:2], documents[-1:]):
                want = store.knn_sqlite_vec(vector, 20, allowed)
                got = matrix.knn(vector, 20, allowed)
                assert [i for i, _ in got] == [i for i, _ in want], (question, allowed)
                assert np.allclose([d for _, d in got], [d for _, d in want], atol=1e-5)


def test_matrix_knn_handles_k_beyond_the_rows_and_an_empty_filter(sample_index, embedder):
    with Store(sample_index) as store:
        matrix = VectorMatrix.load(store)
        vector = embedder.embed(["annual leave"])[0]
        everything = matrix.knn(vector, 10**6)
        assert len(everything) == len(matrix.ids)
        distances = [d for _, d in everything]
        assert distances == sorted(distances)
        assert matrix.knn(vector, 20, allowed=[-1]) == []


def test_a_reindexed_document_is_searched_with_its_new_vectors(copy_of_index, embedder):
    """The matrix is cached across Store objects (the GUI opens one per question);
    a write in another connection must still be seen by the next search."""
    question = "What is the name of the office parrot?"
    with Store(copy_of_index) as store:
        before = Searcher(store, embedder).search(question)
        assert "Captain Biscuit" not in " ".join(r.text for r in before.results)
        first = matrix_for(store)
        assert matrix_for(store) is first  # unchanged index: the same copy, no reload
    with Store(copy_of_index) as writer:
        assert writer.document("office-faq.txt") is not None
        text = "The office parrot is called Captain Biscuit and lives in the kitchen."
        writer.write_document(
            DocumentRecord("office-faq.txt", "0" * 64, 1, 0.0, "text", "Office FAQ"),
            [Section(["Office FAQ", "Office parrot"], 2, text, 0, len(text),
                     [Block(PARAGRAPH, 0, len(text))])],
            [Child(0, PARAGRAPH, text, text, 0, len(text), None, "block", tokens=20,
                   tokens_cl100k=18)],
            embedder.embed([text]))
    with Store(copy_of_index) as store:
        after = Searcher(store, embedder).search(question)
        assert matrix_for(store) is not first
        assert "Captain Biscuit" in after.results[0].text
        assert after.results[0].source == "office-faq.txt"


def test_vectors_version_changes_only_with_vectors(copy_of_index):
    with Store(copy_of_index) as store:
        token = store.vectors_version
        store.set_meta({"note": "x"})
        store.touch_document("office-faq.txt", 1, 2.0)
        assert store.vectors_version == token
        store.remove_documents(["office-faq.txt"])
        assert store.vectors_version != token
        token = store.vectors_version
        store.clear(store.meta())
        assert store.vectors_version != token


def test_too_big_for_memory_falls_back_to_sqlite_vec(sample_index, embedder, monkeypatch):
    with Store(sample_index) as store:
        with_matrix = [Searcher(store, embedder).search(q) for q in QUESTIONS]
        monkeypatch.setattr(vector_matrix, "MAX_BYTES", 1024)
        assert matrix_for(store) is None
        without = [Searcher(store, embedder).search(q) for q in QUESTIONS]
    for a, b in zip(with_matrix, without):
        assert [r.section_id for r in a.results] == [r.section_id for r in b.results]
        assert [c.chunk_id for c in a.candidates] == [c.chunk_id for c in b.candidates]


def test_bm25_budget_drops_the_most_common_terms_first():
    frequency = {"annual": 300, "leave": 9000, "days": 12000, "many": 50}.get
    assert query_terms("How many days of annual leave?", frequency, budget=10_000) == \
        ["many", "annual", "leave"]
    assert query_terms("How many days of annual leave?", frequency, budget=100) == ["many"]
    # the rarest term always stays, however common
    assert query_terms("days", frequency, budget=10) == ["days"]
    assert query_terms("How many days of annual leave?") == ["many", "days", "annual", "leave"]


def test_term_frequency_is_fts5s_own_count_for_stemmed_words(sample_index):
    with Store(sample_index) as store:
        for word in ("approves", "approval", "leave", "hotel", "parrot"):
            want = store.value("SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?",
                               (f'"{word}"',))
            assert store.term_frequency(word) == want, word
        assert store.term_frequency("leave") > 0
        assert store.term_frequency("zzqxv") == 0


def test_large_index_search_drops_only_common_terms(sample_index, embedder, monkeypatch):
    """With the budget forced low, BM25 still runs on the rarest term, and the
    question is still answered (the vector side is untouched)."""
    import app.search.retrieval as retrieval

    monkeypatch.setattr(retrieval, "BM25_POSTINGS_BUDGET", 1)
    with Store(sample_index) as store:
        response = Searcher(store, embedder, SearchSettings()).search(
            "What is the hotel limit in London?")
    assert any(c.bm25_rank for c in response.candidates)
    assert "London" in response.results[0].text


def test_a_few_matrices_are_kept_the_least_recently_searched_let_go_first(
        sample_index, copy_of_index, embedder, monkeypatch):
    """Several handbooks asked at once keep their matrices; a folder no
    longer searched lets its matrix go when the room is needed."""
    with Store(sample_index) as first, Store(copy_of_index) as second:
        a = matrix_for(first)
        b = matrix_for(second)
        assert a is not None and b is not None
        assert matrix_for(first) is a and matrix_for(second) is b  # both kept
        monkeypatch.setattr(vector_matrix, "MAX_BYTES", a.vectors.nbytes + b.vectors.nbytes - 1)
        c = matrix_for(first)  # a was searched longest ago... but is searched again now
        assert c is a
        vector_matrix._cached.pop(Path(first.path).resolve())
        again = matrix_for(first)  # no room for two: the other one is let go
        assert again is not a and list(vector_matrix._cached.values()) == [again]


def test_no_memory_for_the_matrix_means_sqlite_vec(sample_index, embedder, monkeypatch):
    def no_memory(store):
        raise MemoryError

    with Store(sample_index) as store:
        want = Searcher(store, embedder).search("How many days of annual leave do I get?")
        monkeypatch.setattr(vector_matrix, "_cached", {})
        monkeypatch.setattr(VectorMatrix, "load", no_memory)
        assert matrix_for(store) is None
        got = Searcher(store, embedder).search("How many days of annual leave do I get?")
    assert [r.section_id for r in got.results] == [r.section_id for r in want.results]


def test_a_failing_embedder_is_reported_after_bm25_has_let_go_of_the_index(
        sample_index, embedder, monkeypatch):
    """BM25 runs in another thread; the caller must get the embedder's error,
    not apsw's "connection busy in another thread" from closing the index."""
    import threading
    import time

    finished = threading.Event()
    real_bm25 = Searcher._bm25

    def slow_bm25(self, question, allowed):
        time.sleep(0.3)
        try:
            return real_bm25(self, question, allowed)
        finally:
            finished.set()

    class BrokenEmbedder:
        id, model_sha256, tokenizer_sha256 = (embedder.id, embedder.model_sha256,
                                              embedder.tokenizer_sha256)

        def embed_queries(self, texts):
            raise RuntimeError("onnx failed")

    monkeypatch.setattr(Searcher, "_bm25", slow_bm25)
    with Store(sample_index) as store:
        with pytest.raises(RuntimeError, match="onnx failed"):
            Searcher(store, BrokenEmbedder()).search("annual leave")
        assert finished.is_set()
    # closed cleanly: the with-block raised nothing


def test_words_found_nowhere_never_crowd_out_the_real_ones():
    frequency = {"common": 20_000, "xyzzy": 0}.get
    assert query_terms("common xyzzy", frequency, budget=15_000) == ["common"]
