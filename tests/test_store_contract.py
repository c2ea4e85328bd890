"""The store contract (app/store/contract.py), the same tests against both
backends: the SQLite file and a real PostgreSQL 18 with pgvector.

Whatever the indexer, search, the health report and evaluation rely on is
checked here once, so the two backends cannot drift apart."""
from __future__ import annotations

import json

import numpy as np
import pytest

from app.common.chunks import Child
from app.common.documents import PARAGRAPH, Block, Section
from app.store.backends import ServerLocation, open_store, parse_location
from app.store.contract import DocumentRecord, IndexStore, StoreError

DIM = 384
HOSTILE = ["'); DROP TABLE chunks; --", 'a" OR 1=1 --', "leave & !sick | (x <-> y)",
           "NEAR(a b)", "col:value", "*", "^start", "%s %(x)s", "$1", "\\", "{}"]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=[pytest.mark.postgres,
                                                                    pytest.mark.slow])])
def location(request, tmp_path):
    if request.param == "sqlite":
        return tmp_path / "index.sqlite"
    return ServerLocation(request.getfixturevalue("pg_database").uri)


@pytest.fixture
def store(location):
    with open_store(location) as opened:
        yield opened


def unit(seed: int) -> np.ndarray:
    vector = np.random.default_rng(seed).standard_normal(DIM).astype(np.float32)
    return vector / np.linalg.norm(vector)


def document(path: str, paragraphs: list[list[str]], seed: int = 0, heading: str = "Leave"):
    """A record, its sections (one per list of paragraphs) and one child per
    paragraph, with reproducible random vectors."""
    sections, children, offset = [], [], 0
    for number, texts in enumerate(paragraphs):
        body = "\n\n".join(texts)
        blocks, start = [], 0
        for index, text in enumerate(texts):
            blocks.append(Block(PARAGRAPH, start, start + len(text)))
            children.append(Child(
                section=number, chunk_index=index, total_chunks=len(texts), kind=PARAGRAPH,
                text=text, embedded_text=f"{heading} {number}\n{text}", start=start,
                end=start + len(text), page=number + 1, tokens=len(text.split()) + 3,
                tokens_cl100k=len(text.split()) + 2, over_window=False, invisible_tokens=0,
                split_level="paragraph"))
            start += len(text) + 2
        sections.append(Section(heading_path=[f"{heading} {number}"], level=1, body=body,
                                start_char=offset, end_char=offset + len(body), blocks=blocks,
                                page_marks=[(0, number + 1)]))
        offset += len(body) + 1
    vectors = np.stack([unit(seed * 100 + i) for i in range(len(children))])
    record = DocumentRecord(path, f"sha-{path}-{seed}", 100, 1.0, "md", title=path,
                            metadata={"owner": "HR"})
    return record, sections, children, vectors


LEAVE = [["Annual leave is 26 days per year.", "Unused leave may be carried over."],
         ["Sick leave needs a note after three days."]]
TRAVEL = [["The hotel limit in London is 180 pounds a night.", "Trains beat flights."]]


def fill(store: IndexStore) -> None:
    store.set_meta({"profile": "fitted", "window": "128"})
    store.write_document(*document("hr/leave.md", LEAVE, seed=1))
    store.write_document(*document("travel.md", TRAVEL, seed=2, heading="Travel"))


def ids_by_text(store: IndexStore) -> dict[str, int]:
    sections = store.sections_by_id(range(1, 10_000))
    children = store.section_children(list(sections))
    return {row["text"]: row["id"] for row in children}


def test_the_location_names_the_backend(tmp_path):
    assert isinstance(parse_location("postgresql://hr@db.example/handbook"), ServerLocation)
    assert isinstance(parse_location("service=handbook"), ServerLocation)
    assert parse_location(str(tmp_path / "x.sqlite")) == tmp_path / "x.sqlite"
    secret = parse_location("postgresql://hr:s3cret@db.example:5433/handbook")
    assert "s3cret" not in secret.display and "db.example:5433/handbook" in secret.display


def test_documents_come_back_as_written(store):
    fill(store)
    assert store.meta() == {"profile": "fitted", "window": "128"}
    rows = store.documents()
    assert [r["path"] for r in rows] == ["hr/leave.md", "travel.md"]
    leave = store.document("hr/leave.md")
    assert leave["status"] == "indexed" and leave["chunks"] == 3
    assert json.loads(leave["metadata"]) == {"owner": "HR"}
    assert store.document("nowhere.md") is None
    counts = store.counts()
    assert (counts.documents, counts.failed_documents, counts.sections, counts.chunks) == \
        (2, 0, 3, 5)
    assert store.chunk_count() == 5 and counts.last_indexed_at is not None
    assert store.check() == []


def test_document_filters_are_what_search_filters_on(store):
    fill(store)
    filters = store.document_filters()
    assert sorted((r["path"], r["deprecated"]) for r in filters) == \
        [("hr/leave.md", 0), ("travel.md", 0)]
    assert {r["id"] for r in filters} == {d["id"] for d in store.documents()}


def test_every_child_is_its_sections_text_between_its_offsets(store):
    fill(store)
    sections = store.sections_by_id(range(1, 10_000))
    assert sorted(s["path"] for s in sections.values()) == \
        ["hr/leave.md", "hr/leave.md", "travel.md"]
    children = store.section_children(list(sections))
    assert len(children) == 5
    for child in children:
        body = sections[child["section_id"]]["body"]
        assert body[child["start_char"]:child["end_char"]] == child["text"]
    again = store.chunks_by_id([c["id"] for c in children])
    assert {k: again[c["id"]][k] for c in children for k in c} == \
        {k: c[k] for c in children for k in c}
    first = children[0]["section_id"]
    assert store.chunk_spans(first) == [(c["start_char"], c["end_char"])
                                        for c in children if c["section_id"] == first]
    assert sorted(store.section_bodies()) == sorted(s["body"] for s in sections.values())


def test_following_gives_the_children_after_each_one(store):
    fill(store)
    ids = ids_by_text(store)
    first, second = ids[LEAVE[0][0]], ids[LEAVE[0][1]]
    found = store.following([first, second], 2)
    assert found[first] == ("paragraph", [(second, "paragraph")])
    assert found[second] == ("paragraph", [])
    assert store.following([], 2) == {}


def test_vector_search_is_exact_cosine_nearest_first(store):
    fill(store)
    ids = ids_by_text(store)
    texts = [t for group in LEAVE for t in group] + [t for group in TRAVEL for t in group]
    vectors = {ids[t]: v for t, v in zip(texts, [unit(100 + i) for i in range(3)] +
                                          [unit(200 + i) for i in range(2)])}
    query = unit(7)
    want = sorted((1.0 - float(v @ query), i) for i, v in vectors.items())
    got = store.vector_search(query, 3, None)
    assert [i for i, _ in got] == [i for _, i in want[:3]]
    assert np.allclose([d for _, d in got], [d for d, _ in want[:3]], atol=1e-5)
    leave_id = store.document("hr/leave.md")["id"]
    only_leave = store.vector_search(query, 10, [leave_id])
    assert {i for i, _ in only_leave} == {ids[t] for group in LEAVE for t in group}
    assert store.vector_search(query, 3, []) == []


def test_lexical_search_finds_words_best_first(store):
    fill(store)
    ids = ids_by_text(store)
    assert store.lexical_search(["hotel", "london"], 5, None)[0] == ids[TRAVEL[0][0]]
    assert store.lexical_search(["carried"], 5, None) == [ids[LEAVE[0][1]]]  # stemmed: carry
    # BM25: the rarer word weighs more (three children say "leave", one "sick")
    assert store.lexical_search(["leave", "sick"], 5, None)[0] == ids[LEAVE[1][0]]
    assert len(store.lexical_search(["leave", "sick"], 5, None)) == 3
    leave_id = store.document("hr/leave.md")["id"]
    assert store.lexical_search(["hotel"], 5, [leave_id]) == []
    assert store.lexical_search([], 5, None) == []
    store.refresh_statistics()
    # exact on SQLite, estimated on PostgreSQL: the common word never below the rare one
    assert store.term_frequency("leave") >= store.term_frequency("sick") >= 1
    assert store.term_frequency("leave") <= 5 and store.term_frequency("zzqxv") <= 1


def test_words_of_a_question_are_never_query_syntax(store):
    """SQL, FTS5 and tsquery syntax in a question are words to look for: no
    error, no match beyond the words, and the index is unharmed."""
    fill(store)
    for term in HOSTILE:
        assert isinstance(store.lexical_search([term], 5, None), list), term
        assert isinstance(store.term_frequency(term), int), term
    assert store.chunk_count() == 5 and store.check() == []


def test_text_full_of_sql_is_stored_as_text(store):
    body = [["'); DROP TABLE documents; -- and %s and $1 and \\x00"], HOSTILE]
    record, sections, children, vectors = document("it/'; DROP TABLE x;--.md", body, seed=3)
    store.write_document(record, sections, children, vectors)
    stored = store.section_children(list(store.sections_by_id(range(1, 100))))
    assert [row["text"] for row in stored] == [t for group in body for t in group]
    assert store.document("it/'; DROP TABLE x;--.md")["chunks"] == len(HOSTILE) + 1


def test_a_nul_character_keeps_every_offset(store):
    body = [["before\x00after the NUL", "second paragraph"]]
    store.write_document(*document("nul.md", body, seed=4))
    sections = store.sections_by_id(range(1, 100))
    for child in store.section_children(list(sections)):
        text = sections[child["section_id"]]["body"][child["start_char"]:child["end_char"]]
        assert len(text) == len(child["text"]) and text.endswith(child["text"][-5:])


def test_writing_a_document_again_replaces_it_whole(store):
    fill(store)
    store.write_document(*document("hr/leave.md", [["Annual leave is 30 days now."]], seed=5))
    assert store.document("hr/leave.md")["chunks"] == 1
    assert store.counts().chunks == 3
    texts = {row["text"] for row in store.section_children(list(store.sections_by_id(
        range(1, 10_000))))}
    assert "Annual leave is 26 days per year." not in texts
    assert store.check() == []


def test_a_refused_write_leaves_the_previous_version(store):
    fill(store)
    record, sections, children, vectors = document("hr/leave.md", [["New text."]], seed=6)
    with pytest.raises(ValueError):
        store.write_document(record, sections, children, vectors[:0])
    vectors[0, 0] = np.nan
    with pytest.raises(ValueError):
        store.write_document(record, sections, children, vectors)
    assert store.document("hr/leave.md")["chunks"] == 3 and store.counts().chunks == 5


def test_failures_crashes_touches_and_removals(store):
    fill(store)
    record = DocumentRecord("hr/leave.md", "sha-new", 5, 2.0, "md")
    store.record_failure(record, "cannot be read: broken")
    leave = store.document("hr/leave.md")
    assert (leave["status"], leave["error"]) == ("failed", "cannot be read: broken")
    assert store.counts().chunks == 5  # what was indexed before stays searchable
    store.record_crash(record)
    store.record_crash(record)
    assert store.document("hr/leave.md")["crashes"] == 2
    store.record_crash(DocumentRecord("hr/leave.md", "sha-other", 5, 2.0, "md"))
    assert store.document("hr/leave.md")["crashes"] == 1
    store.touch_document("travel.md", 999, 3.5)
    assert (store.document("travel.md")["size"], store.document("travel.md")["mtime"]) == \
        (999, 3.5)
    store.remove_documents(["travel.md", "not-there.md"])
    assert [d["path"] for d in store.documents()] == ["hr/leave.md"]
    assert store.counts().chunks == 3 and store.counts().failed_documents == 1
    store.remove_documents([])


def test_clear_drops_everything_derived(store):
    fill(store)
    store.clear({"profile": "spring-default"})
    assert store.meta() == {"profile": "spring-default"}
    assert store.documents() == [] and store.counts().chunks == 0
    assert store.vector_search(unit(1), 5, None) == []


def test_chunk_health_reads(store):
    fill(store)
    record, sections, children, vectors = document("long.md", [["x " * 300]], seed=8)
    children[0].over_window, children[0].invisible_tokens = True, 170
    store.write_document(record, sections, children, vectors)
    lengths = store.chunk_lengths()
    assert len(lengths) == 6 and set(lengths[0]) == {"tokens", "tokens_cl100k", "split_level",
                                                     "kind"}
    over = store.over_window_chunks()
    assert [(row["path"], row["invisible_tokens"]) for row in over] == [("long.md", 170)]
    detail = store.chunk_detail(over[0]["id"])
    assert detail["path"] == "long.md" and detail["embedded_text"].startswith("Leave 0")
    assert detail["heading"] == "Leave 0" and detail["page_start"] == 1
    assert store.chunk_detail(10**9) is None
    assert store.counts().over_window == 1


def test_a_store_reopened_keeps_everything(location):
    with open_store(location) as store:
        fill(store)
    with open_store(location) as store:
        assert store.counts().chunks == 5 and store.meta()["window"] == "128"


@pytest.mark.postgres
@pytest.mark.slow
def test_a_server_that_does_not_answer_is_said_in_words(tmp_path):
    location = ServerLocation(f"postgresql://nobody@/handbook?host={tmp_path}&port=5999")
    with pytest.raises(StoreError, match="does not answer"):
        open_store(location)


def test_a_compound_term_is_found_inside_a_path_as_a_phrase(store):
    """"pg_hba.conf" inside "/etc/postgresql/15/main/pg_hba.conf": both backends
    cut at the same characters, and the parts standing elsewhere in another
    child do not make that child the phrase's match."""
    body = [["Edit /etc/postgresql/15/main/pg_hba.conf, then reload.",
             "For pg the conf file of hba rules is read at start."]]
    store.write_document(*document("auth.md", body, seed=9))
    ids = ids_by_text(store)
    found = store.lexical_search(["pg_hba.conf", "pg_hba", "conf"], 5, None)
    assert found[0] == ids[body[0][0]] and set(found) == set(ids.values())
    # at least the phrase's children, at most its rarest part's (SQLite counts so)
    store.refresh_statistics()
    assert 1 <= store.term_frequency("pg_hba.conf") <= 2


def test_accents_are_ignored_both_ways(store):
    """FTS5 folds diacritics (remove_diacritics 2): "cafe" finds "Café" and
    "résumé" finds "resume". The shared index must find the same (a French or
    German handbook asked without accents, or the other way round)."""
    if getattr(store, "shared", False) and not store.value(
            "SELECT count(*) FROM pg_extension WHERE extname = 'unaccent'"):
        pytest.skip("this PostgreSQL has no unaccent: accents are kept there, by design")
    body = [["The Café Crème on the ground floor opens at eight.",
             "Send your resume to the naïve hiring manager in Zürich."]]
    store.write_document(*document("office.md", body, seed=11))
    ids = ids_by_text(store)
    assert store.lexical_search(["cafe", "creme"], 5, None)[0] == ids[body[0][0]]
    assert store.lexical_search(["résumé"], 5, None) == [ids[body[0][1]]]
    assert store.lexical_search(["zurich", "naive"], 5, None) == [ids[body[0][1]]]


WORD_FORMS = {
    "ru": [["Неиспользованные дни отпуска переносятся на следующий год.",
            "Машину можно оставить на парковке у входа."]],
    "de": [["Überstunden werden mit Freizeit ausgeglichen.",
            "Urlaubstage verfallen Ende März."]],
    "es": [["Las vacaciones no usadas se pierden en marzo.",
            "Los días de enfermedad necesitan un certificado médico."]],
}


@pytest.mark.parametrize("language, question, answer", [
    ("ru", "Сколько дней отпуск можно перенести?", 0),
    ("ru", "где оставить машины", 1),
    ("de", "Wie wird eine Überstunde ausgeglichen?", 0),
    ("de", "Wann verfällt ein Urlaubstag?", 1),
    ("es", "¿Qué pasa con mis vacación?", 0),
    ("es", "certificados medicos", 1),
])
def test_a_word_is_found_in_its_other_forms(store, language, question, answer):
    """Russian, German and Spanish words are matched by their stems: the
    question's "отпуск" finds the text's "отпуска", "Überstunde" finds
    "Überstunden", accents or none. The question goes through the search's
    own word processing (query_terms), with the languages the index holds."""
    from app.search.retrieval import query_terms

    record, sections, children, vectors = document(f"{language}.md", WORD_FORMS[language], 21)
    record.language = language
    store.write_document(record, sections, children, vectors)
    store.write_document(*document("en.md", LEAVE, seed=1))
    assert language in store.languages()
    store.refresh_statistics()
    ids = ids_by_text(store)
    terms = query_terms(question, None, languages=store.languages())
    assert store.lexical_search(terms, 5, None)[0] == ids[WORD_FORMS[language][0][answer]]
    assert store.lexical_search(["carried"], 5, None) == [ids[LEAVE[0][1]]]  # English as before


def test_a_rewritten_document_leaves_no_word_forms_behind(store):
    record, sections, children, vectors = document("ru.md", WORD_FORMS["ru"], 22)
    record.language = "ru"
    store.write_document(record, sections, children, vectors)
    store.write_document(*document("ru.md", [["Парковка закрыта по воскресеньям."]], 23))
    store.refresh_statistics()
    assert store.lexical_search(["отпуск"], 5, None) == []
    assert store.check() == []


def test_a_failure_keeps_its_message_beside_the_english(store):
    """record_failure stores a marked message (app/common/said.py) beside its
    English text; the row reads it back whole, and indexing clears both."""
    from app.common.said import Said
    from app.workspace.reading import failure_reason

    fill(store)
    record = DocumentRecord("hr/leave.md", "sha-new", 5, 2.0, "md")
    reason = Said("the PDF is damaged: page {page} cannot be read ({error})", page=3,
                  error="xref «Ошибка» {0} \"bad\"")
    store.record_failure(record, reason)
    row = store.document("hr/leave.md")
    assert row["error"] == 'the PDF is damaged: page 3 cannot be read (xref «Ошибка» {0} "bad")'
    read = failure_reason(row)
    assert isinstance(read, Said) and read == reason
    assert (read.template, read.values) == (reason.template, reason.values)
    assert [failure_reason(d) for d in store.documents() if d["path"] == "hr/leave.md"] == [reason]

    store.record_failure(record, "cannot be read: broken")  # no marked message: English only
    row = store.document("hr/leave.md")
    assert row["error_said"] is None and failure_reason(row) == "cannot be read: broken"
    assert not isinstance(failure_reason(row), Said)

    store.record_crash(record)
    assert failure_reason(store.document("hr/leave.md")).template == \
        "the parser crashed on this file"
    store.write_document(*document("hr/leave.md", [["Readable again."]], seed=7))
    row = store.document("hr/leave.md")
    assert (row["status"], row["error"], row["error_said"]) == ("indexed", None, None)
    assert failure_reason(row) is None


def test_an_index_from_before_word_forms_is_upgraded_and_still_found(tmp_path, monkeypatch):
    """An index written by the app before migration 8 (FTS5 over
    embedded_text): upgrading remakes the word index from what is stored,
    nothing is lost, its words are found as before, and its pages in a
    stemmed language are left for the next run to index with their forms."""
    import app.store.sqlite as sqlite_store
    from app.store.sqlite_migrations import MIGRATIONS

    def old_insert(self, document_id, section_id, child, language):
        self.db.execute(
            "INSERT INTO chunks(section_id, document_id, chunk_index, total_chunks, kind, text, "
            "embedded_text, start_char, end_char, page, tokens, tokens_cl100k, over_window, "
            "invisible_tokens, split_level) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (section_id, document_id, child.chunk_index, child.total_chunks, child.kind,
             child.text, child.embedded_text, child.start, child.end, child.page, child.tokens,
             child.tokens_cl100k, 0, 0, child.split_level))
        return self.db.last_insert_rowid()

    path = tmp_path / "old.sqlite"
    with monkeypatch.context() as old_app:
        old_app.setattr(sqlite_store, "MIGRATIONS", MIGRATIONS[:7])
        old_app.setattr(sqlite_store.Store, "_insert_chunk", old_insert)
        old_app.setattr(sqlite_store, "ERROR_COLUMNS", ("error",))  # migration 9 adds error_said
        with open_store(path) as old:
            fill(old)
            record, sections, children, vectors = document("ru.md", WORD_FORMS["ru"], 24)
            record.language = "ru"
            old.write_document(record, sections, children, vectors)
    with open_store(path) as upgraded:
        assert upgraded.value("SELECT max(version) FROM schema_migrations") == MIGRATIONS[-1][0]
        assert upgraded.check() == [] and upgraded.chunk_count() == 7
        # the Russian page is indexed again by the next run, with its word forms
        assert upgraded.document("ru.md")["sha256"] is None
        assert upgraded.document("travel.md")["sha256"] is not None
        ids = ids_by_text(upgraded)
        assert upgraded.lexical_search(["carried"], 5, None) == [ids[LEAVE[0][1]]]
        assert upgraded.lexical_search(["hotel", "london"], 5, None)[0] == ids[TRAVEL[0][0]]


def test_an_index_from_before_failure_messages_is_upgraded(tmp_path, monkeypatch):
    """An index written by the app before migration 9 (failures as English
    text only): it opens, gains error_said, its old failures read as their
    English text, and new ones keep their message."""
    import app.store.sqlite as sqlite_store
    from app.common.said import Said
    from app.store.sqlite_migrations import MIGRATIONS
    from app.workspace.reading import failure_reason

    path = tmp_path / "old.sqlite"
    with monkeypatch.context() as old_app:
        old_app.setattr(sqlite_store, "MIGRATIONS", MIGRATIONS[:8])
        old_app.setattr(sqlite_store, "ERROR_COLUMNS", ("error",))
        with open_store(path) as old:
            fill(old)
            with old.db:  # as that app's record_failure wrote it
                old.db.execute("INSERT INTO documents(path, size, mtime, format, title, status, "
                               "error) VALUES ('old.pdf', 9, 1.0, 'pdf', 'old.pdf', 'failed', "
                               "'the PDF is encrypted and needs a password')")
            assert "error_said" not in old.document("old.pdf")
    with open_store(path) as upgraded:
        assert upgraded.value("SELECT max(version) FROM schema_migrations") == MIGRATIONS[-1][0]
        assert upgraded.check() == [] and upgraded.chunk_count() == 5
        row = upgraded.document("old.pdf")
        assert row["error_said"] is None
        reason = failure_reason(row)
        assert reason == "the PDF is encrypted and needs a password"
        assert not isinstance(reason, Said)
        assert upgraded.document("travel.md")["error_said"] is None
        upgraded.record_failure(DocumentRecord("old.pdf", None, 9, 2.0, "pdf"),
                                Said("the PDF is damaged: {error}", error="no xref"))
        now = failure_reason(upgraded.document("old.pdf"))
        assert (now, now.template, now.values) == ("the PDF is damaged: no xref",
                                                   "the PDF is damaged: {error}",
                                                   {"error": "no xref"})
        upgraded.write_document(*document("old.pdf", [["Readable now."]], seed=8))
        assert upgraded.document("old.pdf")["error_said"] is None
