"""Several handbooks asked at once (app/search/several.py): each in its own
real index, the results fused, every citation naming its folder."""
import pytest

from app.common.bundled import SAMPLE_GOLDEN
from app.evaluation.recall import load_cases, normalise
from app.search.retrieval import Searcher
from app.search.several import (ID_SPACE, Handbook, SeveralSearcher, labels, split_id,
                                split_source)
from app.store.sqlite import Store

IT_HANDBOOK = """# IT handbook

## VPN

Connect to the office VPN with the WireGuard client; the configuration file is sent by the
service desk when you join. The VPN must be on for the build servers.

## Passwords

Passwords must be at least 14 characters long and are changed only when there is a reason to
believe one has leaked. The password manager is Bitwarden.

## Lost laptops

Report a lost or stolen laptop to security@example.com within one hour; the disk is encrypted,
and the laptop is wiped remotely.
"""


def test_labels_are_folder_names_made_unique_by_their_parents():
    assert labels(["/home/a/HR handbook", "/home/a/IT"]) == ["HR handbook", "IT"]
    assert labels(["/srv/hr/handbook", "/srv/it/handbook", "/x/notes"]) == \
        ["hr/handbook", "it/handbook", "notes"]
    assert split_source("it/handbook/vpn.md", ["hr/handbook", "it/handbook"]) == (1, "vpn.md")
    assert split_id(2 * ID_SPACE + 17) == (2, 17)




@pytest.fixture(scope="module")
def it_index(tmp_path_factory, embedder):
    from app.ingest.indexer import Indexer

    folder = tmp_path_factory.mktemp("it") / "IT"
    folder.mkdir()
    (folder / "it-handbook.md").write_text(IT_HANDBOOK)
    db = folder.parent / "it.sqlite"
    with Store(db) as store:
        assert not Indexer(store, embedder).run(folder).failed
    return db


@pytest.fixture
def both(sample_index, it_index, embedder):
    with Store(sample_index) as sample, Store(it_index) as it:
        searcher = SeveralSearcher([Handbook("Quillmoor", sample), Handbook("IT", it)], embedder)
        yield searcher, sample, it
        searcher.close()


@pytest.mark.slow
def test_each_question_finds_its_own_handbook_and_names_it(both):
    searcher, _, _ = both
    it = searcher.search("How long must a password be?")
    assert it.results[0].source == "IT/it-handbook.md"
    assert "14 characters" in it.results[0].text
    hr = searcher.search("How many weeks of parental leave are paid at full salary?")
    assert hr.results[0].source.startswith("Quillmoor/")
    assert [r.rank for r in hr.results] == [1, 2, 3]
    assert all(r.source.split("/")[0] in ("Quillmoor", "IT") for r in hr.results + it.results)


@pytest.mark.slow
def test_fused_ids_lead_back_to_the_right_section_in_the_right_index(both):
    searcher, _, it_store = both
    response = searcher.search("What do I do when my laptop is stolen?")
    top = response.results[0]
    place, own = split_id(top.section_id)
    assert place == 1 and it_store.sections_by_id([own])[own]["heading"].endswith("Lost laptops")
    row = searcher.store.sections_by_id([top.section_id])[top.section_id]
    assert row["path"] == top.source and row["id"] == top.section_id
    children = searcher.store.section_children([top.section_id])
    assert children and all(c["section_id"] == top.section_id for c in children)
    assert {m.chunk_id for m in top.chunks} <= {c["id"] for c in children}
    ids = [c.chunk_id for c in response.candidates]
    assert len(ids) == len(set(ids))  # no two handbooks' children share an id


@pytest.mark.slow
def test_an_unrelated_handbook_beside_it_costs_the_sample_set_no_answer(both, sample_index,
                                                                        embedder):
    """The sample handbook's golden questions, asked of it alone and of it
    with the IT handbook beside it: the fused top 3 holds the answer as often
    (an IT section may take a place only where it ranks better)."""
    searcher, sample, _ = both
    alone = Searcher(sample, embedder)
    cases = load_cases(SAMPLE_GOLDEN)

    def found(response, case):
        return any(normalise(case.answer_span) in normalise(r.text) for r in response.results)

    hits_alone = sum(found(alone.search(c.question), c) for c in cases)
    hits_both = sum(found(searcher.search(c.question), c) for c in cases)
    assert hits_both == hits_alone, (hits_both, hits_alone, len(cases))


@pytest.mark.slow
def test_the_answer_path_quotes_and_cites_across_handbooks(both):
    from app.answers.answerer import Answerer, Conversation, EvidenceFound, Finished
    from fakes import FakeChatModel

    searcher, _, _ = both
    model = FakeChatModel()
    model.enqueue("At", " least", " 14", " characters", " [1].")
    events = list(Answerer(searcher, model).ask("How long must a password be?", Conversation()))
    evidence = next(e for e in events if isinstance(e, EvidenceFound)).evidence
    assert evidence[0].source == "IT/it-handbook.md"
    assert "14 characters" in evidence[0].text
    answer = next(e for e in events if isinstance(e, Finished)).answer
    assert answer.citations[0]["source"] == "IT/it-handbook.md"
    assert not answer.unsupported


@pytest.mark.slow
def test_each_handbook_keeps_its_vectors_in_memory_between_questions(both, monkeypatch):
    """With no matrix loaded yet, the handbooks' threads each load their own
    (a shared one made them reload each other's, and a load raced the BM25
    thread on the same connection); after that no question reloads any."""
    from app.store import vector_matrix

    searcher, _, _ = both
    monkeypatch.setattr(vector_matrix, "_cached", {})
    searcher.search("How long must a password be?")
    loaded = dict(vector_matrix._cached)
    assert len(loaded) == 2
    for question in ("What do I do when my laptop is stolen?", "When can I carry over leave?"):
        searcher.search(question)
    assert all(vector_matrix._cached[path] is matrix for path, matrix in loaded.items())


@pytest.mark.slow
def test_indexes_of_different_profiles_are_refused_in_words(tmp_path, sample_folder, it_index,
                                                            embedder):
    from app.ingest.indexer import Indexer, IndexSettings
    from app.search.retrieval import SearchError

    spring = tmp_path / "spring.sqlite"
    with Store(spring) as store:
        Indexer(store, embedder, IndexSettings(profile="spring-default")).run(sample_folder)
    with Store(spring) as a, Store(it_index) as b:
        with pytest.raises(SearchError, match="IT was indexed with the fitted profile and "
                                              "sample with spring-default"):
            SeveralSearcher([Handbook("sample", a), Handbook("IT", b)], embedder)
