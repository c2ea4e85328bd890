"""Fuzzing (Hypothesis): random names, mutated contents and folder shapes; random questions.

A short, seeded run here (bounded in examples and time, the same examples
every run); scripts/fuzz.py is the long run. Properties:
- indexing never raises; every file gets a status, a failure a reason in words;
- the good file beside the bad ones is searchable;
- a second run changes nothing;
- the index passes its integrity and chunk/vector checks;
- search and ask never raise on any question but in words, and every result
  carries its citation fields.
"""
from __future__ import annotations

import json
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.ingest.indexer import FAILED, INDEXED, SKIPPED, UNCHANGED, Indexer
from app.search.retrieval import SearchError, Searcher
from app.store.sqlite import Store
from fuzz import GOOD_TEXT, folders, write_folder

pytestmark = pytest.mark.slow  # the real embedder and reader process

CI = settings(max_examples=6, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def check_folder(shape, embedder) -> dict:
    """Index a generated folder twice and check every property; the report's
    statuses for the long run's summary."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "handbook"
        root.mkdir()
        write_folder(root, shape)
        with Store(Path(tmp) / "index.sqlite") as store:
            report = Indexer(store, embedder).run(root)
            json.dumps(report.to_json())  # every name and reason is valid JSON text
            statuses = {f.path: f for f in report.files}
            assert statuses["good-file.md"].status == INDEXED
            for result in report.files:
                assert result.status in (INDEXED, FAILED, SKIPPED), result
                if result.status != INDEXED:
                    assert result.reason and result.reason.strip(), result
            assert store.check() == []
            found = Searcher(store, embedder).search("Where does the fire drill start?")
            assert any(GOOD_TEXT.strip() in r.text for r in found.results)
            again = Indexer(store, embedder).run(root)
            for result in again.files:
                before = statuses[result.path]
                assert result.status == UNCHANGED or (result.status, result.reason) == \
                    (before.status, before.reason) or before.status == SKIPPED, (before, result)
            assert store.check() == []
        return {f.path: f.status for f in report.files}


@CI
@given(shape=folders())
def test_any_folder_is_indexed_without_a_traceback(shape, embedder):
    check_folder(shape, embedder)


def test_thousands_of_small_files_and_a_deep_tree(tmp_path, embedder):
    files = [(f"dept-{i % 20}/team-{i % 7}/note-{i}.txt".encode(), f"Note {i}.\n".encode())
             for i in range(1500)]
    deep = "/".join(f"level-{i}" for i in range(60)).encode()
    shape = {"files": files + [(deep + b"/deep.md", b"# Deep\n\nAt the bottom.\n")],
             "empty": [b"empty-a", b"empty-b/empty-c"], "links": []}
    statuses = check_folder(shape, embedder)
    assert len(statuses) == 1502 and set(statuses.values()) == {INDEXED}


QUESTIONS = st.one_of(
    st.text(max_size=200),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=50),
    st.sampled_from(['" OR 1=1 --', "NEAR(a b", "*", "leave AND NOT", "\x00\x01\x02",
                     "\u202e" * 10, "a" * 100_000, "; DROP TABLE chunks;", "column:leave"]),
    st.text(alphabet="()*\"':^-+~<>=!?", max_size=40),
)


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(question=QUESTIONS)
def test_any_question_is_searched_and_answered_or_told_why(question, sample_index, embedder):
    from app.answers.answerer import Answerer, Finished
    from app.answers.prompting.prompt import PromptTooLarge
    from fakes import FakeChatModel

    with Store(sample_index) as store:
        searcher = Searcher(store, embedder)
        try:
            response = searcher.search(question)
        except SearchError as error:
            assert str(error)
            return
        for result in response.results:
            assert result.source and result.heading is not None and result.text
            assert "page" in result.to_json()
        model = FakeChatModel()
        model.enqueue("An", " answer", " [1].")
        try:
            events = list(Answerer(searcher, model).ask(question, cancel=threading.Event()))
        except PromptTooLarge as error:  # a 100,000-character question: said in words
            assert "shorter question" in str(error)
            return
        answer = [e for e in events if isinstance(e, Finished)][0].answer
        for citation in answer.citations:
            assert {"n", "source", "heading", "page"} <= set(citation)
        data = json.dumps(answer.to_json())
        assert data
