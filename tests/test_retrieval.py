"""Retrieval over the sample handbook: ranking, citations, filters, bad input."""
import random
import re

import pytest

from app.common.bundled import SAMPLE_GOLDEN
from app.evaluation.recall import load_cases, normalise
from app.ingest.indexer import Indexer, IndexSettings
from app.search.retrieval import (EXCERPT_SEPARATOR, Candidate, SearchError, Searcher,
                                  SearchSettings, bring_following_code, excerpts_around,
                                  query_terms, fuse, join_excerpts, matches_paths, share_budget)
from app.store.sqlite import Store

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def store(sample_index):
    with Store(sample_index) as opened:
        yield opened


@pytest.fixture(scope="module")
def searcher(store, embedder):
    return Searcher(store, embedder)


@pytest.fixture(scope="module")
def golden():
    return load_cases(SAMPLE_GOLDEN)


def contains(result, span):
    return normalise(span) in normalise(result.text)


def test_parents_keep_the_rank_order_of_their_best_child(searcher):
    response = searcher.search("How long do I have to contest my appraisal result?")
    sections_in_candidate_order = []
    for candidate in response.candidates:
        section = searcher.store.value("SELECT section_id FROM chunks WHERE id = ?",
                                       (candidate.chunk_id,))
        if section not in sections_in_candidate_order:
            sections_in_candidate_order.append(section)
    assert [r.section_id for r in response.results] == sections_in_candidate_order[:3]
    assert [r.rank for r in response.results] == [1, 2, 3]
    scores = [r.score for r in response.results]
    assert scores == sorted(scores, reverse=True)


def test_citation_keys_are_present_on_every_result_of_every_golden_question(searcher, golden):
    for case in golden:
        response = searcher.search(case.question)
        assert response.results, case.id
        for result in response.results:
            data = result.to_json()
            assert data["source"] and data["heading"] and data["section_id"], case.id
            assert "page" in data and data["chunk_indexes"], case.id
            if data["source"].endswith(".pdf"):
                assert isinstance(data["page"], int), case.id


def test_an_answer_at_the_end_of_a_long_section_is_returned(searcher, golden):
    case = next(c for c in golden if c.id == "rollback-review-meeting")
    results = searcher.search(case.question).results
    assert any(contains(r, case.answer_span) for r in results)
    long_end_cases = [c for c in golden if c.position == "end"]
    found = sum(any(contains(r, c.answer_span) for r in searcher.search(c.question).results)
                for c in long_end_cases)
    assert found / len(long_end_cases) >= 0.8


def test_answers_only_in_a_table_row_or_a_code_block_are_found(searcher, golden):
    for kind in ("table", "code"):
        cases = [c for c in golden if c.kind == kind]
        found = [c.id for c in cases
                 if any(contains(r, c.answer_span) for r in searcher.search(c.question).results)]
        assert len(found) / len(cases) >= 0.7, (kind, found)


def test_matched_children_point_into_the_returned_text(searcher, golden):
    kinds = dict(searcher.store.db.execute("SELECT id, kind FROM chunks"))
    located = 0
    for case in golden:
        for result in searcher.search(case.question).results:
            assert result.chunks and result.chunks[0].start is not None, \
                "the best-matching child is always inside the returned text"
            for match in result.chunks:
                if match.start is not None and kinds[match.chunk_id] != "table_row":
                    assert result.text[match.start:match.end] == match.text
                    located += 1
    assert located > 100


@pytest.mark.parametrize("question", [
    'NOT leave', 'leave AND NOT "sick', 'leave*', 'NEAR(a b)',
    'column:value', '"unbalanced quote', "' OR 1=1 --", "^start", "a + b = c?",
])
def test_fts_syntax_in_a_question_is_just_words(searcher, question):
    results = searcher.search(question).results  # no FTS5 syntax error
    assert results
    if "leave" in question:  # "NOT leave" still finds the word leave, as a word
        assert any(m.bm25_rank is not None for r in results for m in r.chunks)


@pytest.mark.parametrize("question", ['"', '***', '-', '?!'])
def test_a_question_without_words_is_told_so(searcher, question):
    with pytest.raises(SearchError, match="no words"):
        searcher.search(question)


@pytest.mark.parametrize("question", ["年次有給休暇は何日ですか", "Сколько дней отпуска?",
                                      "كم عدد أيام الإجازة", "🏖️ leave?"])
def test_non_latin_questions_get_results(searcher, question):
    assert searcher.search(question).results


def test_a_very_long_question_is_searched(searcher):
    question = "How many days of annual leave do I get? " * 250
    assert len(question) >= 10_000
    assert searcher.search(question).results


@pytest.mark.parametrize("question", ["", "   ", "\n\t"])
def test_an_empty_question_is_refused_in_words(searcher, question):
    with pytest.raises(SearchError, match="empty"):
        searcher.search(question)


def test_deprecated_documents_are_filtered_unless_asked(store, embedder):
    question = "What is the per diem for a day in London?"
    default = Searcher(store, embedder).search(question)
    assert all(r.source != "legacy-travel-policy.md" for r in default.results)
    deprecated_id = store.value("SELECT id FROM documents WHERE deprecated = 1")
    candidate_documents = {store.value("SELECT document_id FROM chunks WHERE id = ?",
                                       (c.chunk_id,)) for c in default.candidates}
    assert deprecated_id is not None and deprecated_id not in candidate_documents
    wide = Searcher(store, embedder, SearchSettings(include_deprecated=True, results=10))
    assert any(r.source == "legacy-travel-policy.md" for r in wide.search(question).results)


def test_a_query_can_be_restricted_to_a_sub_folder_or_a_glob(store, embedder):
    question = "What do I do before a deploy?"
    sub = Searcher(store, embedder, SearchSettings(paths=["engineering"])).search(question)
    assert sub.results and {r.source for r in sub.results} == {"engineering/deploy-runbook.md"}
    pdf = Searcher(store, embedder, SearchSettings(paths=["*.pdf"])).search(question)
    assert pdf.results and {r.source for r in pdf.results} == {"travel-and-onboarding.pdf"}
    none = Searcher(store, embedder, SearchSettings(paths=["no-such-folder"])).search(question)
    assert none.results == []


def test_filters_are_not_embedded(store):
    assert not store.rows("SELECT 1 FROM chunks WHERE embedded_text LIKE '%deprecated%'")
    assert not store.rows("SELECT 1 FROM chunks WHERE embedded_text LIKE '%.md%'")


def test_the_trace_explains_each_result(searcher):
    data = searcher.search("Which VPN endpoint should I use in Lisbon?").to_json()
    for result in data["results"]:
        trace = result["trace"]
        assert set(trace) == {"vector_rank", "vector_distance", "bm25_rank", "fused_score",
                              "matched_chunks"}
        assert trace["vector_rank"] is not None or trace["bm25_rank"] is not None
        assert trace["fused_score"] == result["score"]


def test_spring_default_returns_chunks_and_fitted_returns_sections(tmp_path, sample_folder,
                                                                   embedder, searcher):
    with Store(tmp_path / "spring.sqlite") as spring_store:
        Indexer(spring_store, embedder, IndexSettings(profile="spring-default")).run(sample_folder)
        spring = Searcher(spring_store, embedder).search("How much is the hotel limit?")
    assert [r.kind for r in spring.results] == ["chunk"] * 4
    assert all(r.chunks[0].bm25_rank is None for r in spring.results), "no hybrid"
    fitted = searcher.search("How much is the hotel limit?")
    assert [r.kind for r in fitted.results] == ["section"] * 3


def test_an_empty_index_says_so(tmp_path, embedder):
    with Store(tmp_path / "empty.sqlite") as empty:
        with pytest.raises(SearchError, match="index is empty"):
            Searcher(empty, embedder).search("anything")


def test_an_index_built_by_another_embedder_is_refused(tmp_path, sample_index, embedder):
    import shutil

    copy = tmp_path / "other.sqlite"
    shutil.copyfile(sample_index, copy)
    with Store(copy) as other:
        other.set_meta({"model_sha256": "f" * 64, "embedder_id": "some-other-model"})
        with pytest.raises(SearchError, match="another embedder"):
            Searcher(other, embedder).search("leave")


# -- logic, no model ----------------------------------------------------------------

def test_rrf_rewards_agreement_between_the_rankings():
    fused = fuse([(1, 0.1), (2, 0.2), (3, 0.3)], [3, 4], SearchSettings())
    # 2 and 4 tie on fused score; the one the vector search ranked wins the tie.
    assert [c.chunk_id for c in fused] == [3, 1, 2, 4]
    assert fused[0].vector_rank == 3 and fused[0].bm25_rank == 1
    only_vector = fuse([(1, 0.1)], [], SearchSettings())
    assert only_vector[0].fused_score == pytest.approx(1 / 61)


def test_code_comes_along_with_the_child_before_it():
    ranked = [Candidate(1, vector_rank=1, fused_score=0.03), Candidate(2, fused_score=0.02),
              Candidate(3, fused_score=0.015), Candidate(9, bm25_rank=7, fused_score=0.01),
              Candidate(4, fused_score=0.005), Candidate(11, fused_score=0.004)]
    following = {
        1: ("paragraph", [(9, "code"), (10, "code")]),  # a listing in two pieces after it
        2: ("list", [(5, "paragraph"), (8, "code")]),    # prose, then code: not this code
        3: ("code", [(6, "code"), (7, "code")]),         # a piece brings one more, not two
        9: ("code", [(10, "code")]),
        4: ("table_row", [(8, "code")]),                 # a table row introduces nothing
        11: ("paragraph", [(1, "code")]),                # already ranked higher: stays there
    }
    ordered = bring_following_code(ranked, following)
    assert [c.chunk_id for c in ordered] == [1, 9, 10, 2, 3, 6, 4, 11]
    assert ordered[1].follows == 1 and ordered[1].bm25_rank == 7  # its own trace is kept
    assert ordered[1].fused_score == 0.03
    assert ordered[2].follows == 1 and ordered[2].vector_rank is None
    assert ordered[5].follows == 3
    assert [c.follows for c in ordered if c.chunk_id in (1, 2, 3, 4, 11)] == [None] * 5
    assert bring_following_code(ranked, {}) == ranked


def test_a_sentence_and_its_fenced_command_are_one_excerpt():
    body = ("Unrelated words. " * 40 + "To copy it, run:\n\n```sh\npg_dump db | psql other\n```\n\n"
            + "More unrelated words. " * 40)
    intro = (body.index("To copy"), body.index("run:") + 4)
    command = (body.index("pg_dump"), body.index("other") + 5)
    regions = excerpts_around(body, [intro, command], 10, lambda text: len(text.split()))
    assert len(regions) == 1
    assert "To copy it, run:\n\n```sh\npg_dump db | psql other" in join_excerpts(body, regions)


@pytest.mark.parametrize("seed", range(50))
def test_the_context_budget_is_shared_and_never_exceeded(seed):
    rng = random.Random(seed)
    sizes = [rng.randint(10, 3000) for _ in range(rng.randint(1, 6))]
    total = rng.randint(100, 4000)
    weights = None if seed % 2 else [1 / rank ** 2 for rank in range(1, len(sizes) + 1)]
    budgets = share_budget(sizes, total, weights)
    assert sum(budgets) <= total
    assert all(0 <= b <= size for b, size in zip(budgets, sizes))
    if sum(sizes) <= total:
        assert budgets == sizes
    else:
        assert sum(budgets) == total  # nothing left unused while someone wants more


def test_the_best_ranked_long_section_gets_the_most_room():
    budgets = share_budget([5000, 5000, 5000], 1400, [1, 1 / 4, 1 / 9])
    assert sum(budgets) == 1400 and budgets[0] > 1000 > 4 * budgets[1] - 100 > budgets[2]
    # a short section takes only what it needs; the rest goes to the others
    budgets = share_budget([5000, 100, 5000], 1400, [1, 1 / 4, 1 / 9])
    assert budgets[1] == 100 and sum(budgets) == 1400 and budgets[0] > 4 * budgets[2]


def words(text):
    return len(text.split())


@pytest.mark.parametrize("seed", range(50))
def test_excerpts_fit_the_budget_and_keep_the_best_match(seed):
    rng = random.Random(seed)
    body = " ".join(f"w{i}" for i in range(rng.randint(50, 800)))
    positions = [m for m in range(len(body)) if body[m] == "w"]
    spans = []
    for _ in range(rng.randint(1, 5)):
        start = rng.choice(positions)
        end = body.find(" ", start + rng.randint(5, 60))
        spans.append((start, end if end != -1 else len(body)))
    budget = rng.randint(5, 300)
    units = chunk_tiling(body, 12) if seed % 2 else []
    regions = excerpts_around(body, spans, budget, words, units)
    text = EXCERPT_SEPARATOR.join(body[s:e] for s, e in regions)
    best_start, best_end = spans[0]
    assert words(text) <= budget
    if words(body[best_start:best_end]) <= budget:
        assert any(s <= best_start and best_end <= e for s, e in regions)
    else:  # only the best match's first words fit
        assert regions[0][0] == best_start and regions[0][1] < best_end
    assert all(a[1] < b[0] for a, b in zip(regions, regions[1:]))


def chunk_tiling(body, size):
    """Spans of `size` words each, covering `body` like a section's children."""
    found = [m.span() for m in re.finditer(r"\S+", body)]
    return [(found[i][0], found[min(i + size, len(found)) - 1][1])
            for i in range(0, len(found), size)]


def test_excerpts_grow_by_whole_children_so_an_answer_is_never_cut():
    body = " ".join(f"w{i}" for i in range(300))
    units = chunk_tiling(body, 10)
    best = units[10]                      # words w100..w109
    regions = excerpts_around(body, [best], 26, words, units)
    # the child after the match comes whole, before any word-by-word widening
    assert any(s <= units[11][0] and units[11][1] <= e for s, e in regions)
    assert words(EXCERPT_SEPARATOR.join(body[s:e] for s, e in regions)) <= 26
    text = body[regions[0][0]:regions[0][1]]
    assert text.startswith("w97 ") and text.endswith(" w122")  # the rest: 3 words either side


def test_query_terms_are_words_without_syntax():
    assert query_terms('NOT "leave" AND sick*') == ["not", "leave", "sick"]
    assert query_terms("the of a") == []


def test_path_filters():
    assert matches_paths("engineering/deploy.md", ["engineering"])
    assert matches_paths("engineering/deploy.md", ["engineering/"])
    assert not matches_paths("engineering-old/deploy.md", ["engineering"])
    assert matches_paths("a/b/c.pdf", ["*.pdf"])
    assert matches_paths("x.md", [])


def test_compound_terms_are_also_searched_as_phrases():
    assert query_terms("How is 1/8/1999 read?") == ["1/8/1999", "1", "8", "1999", "read"]
    assert query_terms("edit pg_hba.conf") == ["pg_hba.conf", "edit", "pg_hba", "conf"]


def test_a_date_in_a_table_row_is_found_by_its_exact_form(tmp_path, embedder):
    """The parts of 1/8/1999 are common numbers in this table; the phrase is not."""
    folder = tmp_path / "docs"
    folder.mkdir()
    rows = "\n".join(f"| {d}/{m}/1999 | an example date with parts {d} and {m} |"
                     for d in range(1, 9) for m in range(1, 9) if (d, m) != (1, 8))
    (folder / "dates.md").write_text("# Dates\n\n## Input\n\n| Example | Meaning |\n|---|---|\n"
                                     f"{rows}\n| 1/8/1999 | January 8 in MDY mode |\n")
    with Store(tmp_path / "i.sqlite") as store:
        Indexer(store, embedder).run(folder)
        target = store.value("SELECT id FROM chunks WHERE text LIKE '%January 8%'")
        bm25 = Searcher(store, embedder)._bm25("What does 1/8/1999 mean?", None)
    assert bm25[0] == target


def test_a_command_is_found_through_the_sentence_that_introduces_it(tmp_path, embedder):
    """The question is close to the sentence before the command and to several
    other paragraphs, not to the command itself (on its own it ranks last
    here); the command must come right after its sentence, in the ranking and
    in the text sent to the model."""
    folder = tmp_path / "docs"
    folder.mkdir()
    topics = ["connecting psql to a database on another server",
              "upgrading the database server on a new machine",
              "replicating a database to a standby machine",
              "renaming a database on the same server",
              "moving the data directory to a different disk",
              "copying one table between two databases",
              "restoring a database from last night's dump file",
              "checking that two servers hold the same data"]
    prose = "\n\n".join(
        f"Backups and {topic}: this paragraph explains {topic} for the operators of the "
        "service, step by step, with the reasons behind each choice and what to check "
        "afterwards when something goes wrong." for topic in topics)
    script = "\n".join([
        "set -euo pipefail", "export PGOPTIONS='-c statement_timeout=0'",
        "pg_dump --format=plain --no-owner --no-privileges --verbose \\",
        "    -h host1 -p 5432 -U admin dbname \\",
        "  | psql -X --set ON_ERROR_STOP=1 --single-transaction -h host2 -p 5432 -U admin dbname",
        "echo done >> /var/log/transfer.log"])
    (folder / "backup.md").write_text(
        f"# Backups\n\n## Copying data\n\n{prose}\n\n"
        "The next section is about moving data.\n\n"
        "## Moving data\n\n```\nrm -rf /var/lib/postgresql/old-cluster\n```\n\n"
        f"{prose}\n\n"
        "Because pg_dump writes to its standard output and psql reads from its standard "
        "input, a whole database can be moved from one server to another machine in one go, "
        "with nothing written to disk in between; the transfer then runs as a single "
        "pipeline, which the operators start like this:\n\n"
        f"```\n{script}\n```\n")
    with Store(tmp_path / "i.sqlite") as store:
        Indexer(store, embedder).run(folder)
        code = store.value("SELECT id FROM chunks WHERE text LIKE '%pg_dump --format%'")
        other_code = store.value("SELECT id FROM chunks WHERE text LIKE 'rm -rf%'")
        section_end = store.value("SELECT id FROM chunks WHERE text LIKE '%next section is%'")
        intro = store.value("SELECT id FROM chunks WHERE text LIKE '%with nothing written%'")
        # little room: the section is cut to excerpts around its matches
        response = Searcher(store, embedder, SearchSettings(context_tokens=600)).search(
            "Can I move a database to a different machine in one go?")
    ranked = [c.chunk_id for c in response.candidates]
    assert ranked.index(code) == ranked.index(intro) + 1 < len(ranked) - 1
    assert response.candidates[ranked.index(code)].follows == intro
    # the code opening the next section is not the code of the sentence ending this one
    assert section_end in ranked
    assert all(c.follows is None for c in response.candidates if c.chunk_id == other_code)
    result = next(r for r in response.results if any(m.chunk_id == code for m in r.chunks))
    assert EXCERPT_SEPARATOR in result.text and script in result.text
    match = next(m for m in result.chunks if m.chunk_id == code)
    assert match.follows == next(m.chunk_index for m in result.chunks if m.chunk_id == intro)
    assert {"chunk_index": match.chunk_index, "follows": match.follows}.items() \
        <= next(c for c in result.to_json()["chunks"]
                if c["chunk_index"] == match.chunk_index).items()


def test_growing_a_long_table_excerpt_takes_few_token_counts():
    body = "\n".join(f"| row {i} | value {i} | note about row {i} |" for i in range(3000))
    units = [(m.start(), m.end()) for m in re.finditer(r"[^\n]+", body)]
    calls = []

    def counting(text):
        calls.append(1)
        return words(text)

    regions = excerpts_around(body, [units[1500]], 1200, counting, units)
    text = EXCERPT_SEPARATOR.join(body[s:e] for s, e in regions)
    assert words(text) <= 1200 and words(text) > 1100
    assert len(calls) < 60, len(calls)


def test_a_question_that_is_one_enormous_word_is_searched_at_once():
    """Found by the fuzzer: a 100,000-letter question took 124 s, the compound
    pattern trying every start and every length (now 0.06 s). The margin here
    is a thousandfold, so a loaded machine cannot fail it."""
    import threading

    from app.search.retrieval import query_terms

    done = threading.Event()
    thread = threading.Thread(target=lambda: (query_terms("a" * 100_000), done.set()), daemon=True)
    thread.start()
    thread.join(60)
    assert done.is_set()
