"""A shown answer saved and read back (app/answers/records.py), and the check
that keeps a reopened citation from pointing at text that has changed."""
from app.answers import records
from app.answers.evidence.finder import Evidence
from app.answers.checks.fact_check import NUMBER, Fact
from app.search.retrieval import Match, Result, join_excerpts

BODY = ("Everyone gets 28 days of annual leave per year. Leave is booked in the HR portal. "
        "Unused days expire in March.")


def result(body=BODY, excerpts=((0, 47), (82, 110)), section_id=7, source="handbook.md"):
    return Result(rank=1, score=0.8, source=source, heading="Annual leave",
                  heading_path=["Staff handbook", "Annual leave"], page=3, page_end=4,
                  section_id=section_id, document_id=2, text=join_excerpts(body, list(excerpts)),
                  excerpts=list(excerpts),
                  chunks=[Match(chunk_id=11, chunk_index=0, text=body[:47], start=0, end=47,
                                vector_rank=1, vector_distance=0.31, bm25_rank=None,
                                fused_score=0.016)],
                  kind="section")


def evidence(start=0, end=47, section_id=7):
    return Evidence(text=BODY[start:end], source="handbook.md", heading="Annual leave", page=3,
                    start=start, end=end, score=1.1, n=1, section_id=section_id,
                    kind="sentence", chunk_index=0, offset=0, features={"similarity": 0.7},
                    confidence=0.81, checked=True,
                    checked_note="The answer model picked this passage and drew its answer from it.")


def test_results_evidence_and_facts_round_trip_through_json():
    import json

    saved = json.loads(json.dumps({
        "results": records.results_to_json([result()]),
        "evidence": records.evidence_to_json([evidence()]),
        "facts": records.facts_to_json([Fact("28 days", NUMBER, 4, 11)])}))
    assert records.results_from_json(saved["results"]) == [result()]
    [back] = records.evidence_from_json(saved["evidence"])
    assert back.text == evidence().text and back.checked is True and back.confidence == 0.81
    assert back.checked_note == evidence().checked_note, "why it stood alone, when reopened"
    assert back.features == {}  # the ranker's reasons are not kept
    assert records.facts_from_json(saved["facts"]) == [Fact("28 days", NUMBER, 4, 11)]


def test_a_record_from_a_later_version_with_more_fields_still_opens():
    item = records.results_to_json([result()])[0]
    item["something_new"] = 1
    item["chunks"][0]["also_new"] = True
    assert records.results_from_json([item]) == [result()]


def section(body=BODY, path="handbook.md"):
    return {"id": 7, "body": body, "path": path}


def test_an_unchanged_section_is_not_marked():
    assert records.changed_sources({7: section()}, [result()], [evidence()]) == set()


def test_an_edited_section_a_moved_file_or_a_section_gone_is_marked():
    edited = BODY.replace("28 days", "30 days")
    assert records.changed_sources({7: section(edited)}, [result()], [evidence()]) == {1}
    assert records.changed_sources({7: section(path="old/handbook.md")}, [result()], []) == {1}
    assert records.changed_sources({}, [result()], [evidence()]) == {1}


def test_an_edit_outside_what_was_read_changes_nothing():
    later = BODY + " Ask HR for exceptions."
    assert records.changed_sources({7: section(later)}, [result()], [evidence()]) == set()


def test_a_quote_whose_words_moved_is_marked_even_if_the_excerpt_still_reads_the_same():
    moved = "Note. " + BODY  # the quote's offsets now point at other words
    assert records.changed_sources({7: section(moved)}, [], [evidence()]) == {1}
    assert records.section_ids([result()], [evidence(section_id=9)]) == {7, 9}
