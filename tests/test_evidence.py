"""The evidence step: verbatim answer units, their offsets, and what a user sees first."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.answers.evidence.units import ITEM, LINE, MAX_UNIT_CHARS, ROW, SENTENCE, units_in
from app.common.documents import CODE, LIST, PARAGRAPH


def unit_texts(body: str, kind: str = PARAGRAPH) -> list[str]:
    return [body[u.start:u.end] for u in units_in(body, 0, len(body), kind)]


# -- units: the invariants, over generated bodies ------------------------------------
_piece = st.one_of(
    st.text(min_size=0, max_size=80),
    st.sampled_from(["Leave is 28 days. ", "e.g. this one. ", "- an item\n", "1. first\n",
                     "| a | b |\n", "```\ncode()\n```\n", "Run this:\n", "\n\n", "x" * 900,
                     "word " * 200, "Dr. Smith said so! ", "  \t", "…", "\u202e", "\x00",
                     "City     Rate     Cap\n", "London   GBP 58   GBP 230\n", "A\tB\n"]))
_body = st.lists(_piece, max_size=12).map("".join)
_kind = st.sampled_from([PARAGRAPH, LIST, CODE, "table_row", "quote", "other"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=_body, kind=_kind, data=st.data())
def test_every_unit_is_a_verbatim_stripped_bounded_span_of_its_child(body, kind, data):
    start = data.draw(st.integers(0, len(body)))
    end = data.draw(st.integers(start, len(body)))
    units = units_in(body, start, end, kind)
    previous_end = start
    for unit in units:
        text = body[unit.start:unit.end]
        assert start <= unit.start < unit.end <= end
        assert unit.start >= previous_end, "units never overlap and come in body order"
        assert text == text.strip() and text
        assert len(text) <= MAX_UNIT_CHARS
        if unit.header is not None:  # a laid-out table's header line, before its rows
            assert unit.kind == ROW and 0 <= unit.header[0] < unit.header[1] <= unit.start
        previous_end = unit.end


def test_prose_is_cut_into_sentences_but_not_at_abbreviations():
    body = "Leave is 28 days a year, e.g. for holidays. Ask Dr. Jones first! Then book it."
    assert unit_texts(body) == ["Leave is 28 days a year, e.g. for holidays.",
                                "Ask Dr. Jones first!", "Then book it."]


def test_list_items_are_units_without_their_markers():
    body = "You need:\n- a laptop\n- a badge, which\n  wraps onto a second line\n2. a desk"
    units = units_in(body, 0, len(body), LIST)
    assert [body[u.start:u.end] for u in units] == [
        "You need:", "a laptop", "a badge, which\n  wraps onto a second line", "a desk"]
    assert [u.kind for u in units] == [SENTENCE, ITEM, ITEM, ITEM]


def test_an_faq_answers_marker_is_no_word_of_the_quote():
    """xz's FAQ: "A:  For now, no. Since XZ Utils supports…" is quoted from
    "For now"; the marker is the FAQ's layout, as a list's "-" is. A word
    ending in a colon mid-line is no marker."""
    body = ("A:  For now, no. Since XZ Utils supports the .lzma format, it's usually\n"
            "    not too bad to keep the old files.\n\nNote: A: is only a marker first.")
    units = units_in(body, 0, len(body), PARAGRAPH)
    assert body[units[0].start:units[0].end] == (
        "For now, no. Since XZ Utils supports the .lzma format, it's usually\n"
        "    not too bad to keep the old files.")
    assert units[0].kind == SENTENCE
    assert body[units[-1].start:units[-1].end] == "Note: A: is only a marker first."


def test_a_one_line_value_under_a_lead_in_is_quoted_with_it():
    # As less(1) and ssh(1) are saved as text: the value or example is an
    # indented line, prose to the reader, under a sentence ending in a colon.
    body = ("The LESSEDIT string is expanded in the same way. The default value for "
            "LESSEDIT is:\n\n               %E ?lm+%lm. %g\n\nFingerprints can be "
            "determined using ssh-keygen(1):\n\n           $ ssh-keygen -l -f "
            "/etc/ssh/ssh_host_rsa_key\n\nIt then says:\n\nFirst line of a long value\n"
            "second line of it.")
    assert unit_texts(body) == [
        "The LESSEDIT string is expanded in the same way.",
        "The default value for LESSEDIT is:\n\n               %E ?lm+%lm. %g",
        "Fingerprints can be determined using ssh-keygen(1):\n\n           "
        "$ ssh-keygen -l -f /etc/ssh/ssh_host_rsa_key",
        # more than one line: what follows is a passage of its own
        "It then says:", "First line of a long value\nsecond line of it."]


def test_code_is_cut_into_stanzas_without_fences_or_blank_lines():
    body = "```sh\nsudo enrol --tenant x\n\nsudo reboot\n```"
    units = units_in(body, 0, len(body), CODE)
    assert [body[u.start:u.end] for u in units] == ["sudo enrol --tenant x", "sudo reboot"]
    assert {u.kind for u in units} == {LINE}


def test_a_short_stanza_of_code_is_one_unit_and_a_long_one_goes_by_lines():
    """`DNS = 10.44.0.53` alone shares no word with "which name server does the
    VPN hand out?"; the [Interface] stanza around it does."""
    stanza = "[Interface]\nAddress = 10.44.12.7/32\nDNS = 10.44.0.53"
    long = "\n".join(f"step_{i} = {i}" for i in range(12))
    body = f"```ini\n{stanza}\n\n{long}\n```"
    units = [body[u.start:u.end] for u in units_in(body, 0, len(body), CODE)]
    assert units[0] == stanza
    assert units[1:] == long.split("\n")


def test_a_table_row_is_one_unit():
    body = "| City | Cap |\n|---|---|\n| London | GBP 230 |"
    start = body.index("| London")
    (unit,) = units_in(body, start, len(body), "table_row")
    assert body[unit.start:unit.end] == "| London | GBP 230 |" and unit.kind == ROW


def test_a_row_is_shown_with_its_headers_and_a_note_box_row_with_nothing_more():
    from app.answers.evidence.finder import _row_context

    body = "| City | Cap |\n|---|---|\n| London | GBP 230 |"
    start = body.index("| London")
    (unit,) = units_in(body, start, len(body), "table_row")
    row = {"body": body, "text": "City: London; Cap: GBP 230"}
    assert _row_context(row, unit) == "City: London; Cap: GBP 230"
    note = "Note | The previous tip is in the reflog."  # a one-row table: no header
    (unit,) = units_in(note, 0, len(note), "table_row")
    assert _row_context({"body": note, "text": "Note; The previous tip is in the reflog."},
                        unit) == ""


def test_text_without_any_boundary_becomes_readable_pieces_not_one_huge_quote():
    cell = "verylongtoken" * 400          # 5,200 characters, no space, no full stop
    line = "x = 1; " * 800                # one huge line of code
    for body, kind in ((cell, PARAGRAPH), (line, CODE)):
        pieces = unit_texts(body, kind)
        assert len(pieces) > 5 and all(len(p) <= MAX_UNIT_CHARS for p in pieces)
        assert "".join(pieces).replace(" ", "") == body.replace(" ", "")


# -- the evidence on the real sample index -------------------------------------------
@pytest.fixture(scope="module")
def finder_and_searcher(sample_index, embedder):
    from app.answers.evidence.finder import EvidenceFinder
    from app.search.retrieval import Searcher
    from app.store.sqlite import Store

    store = Store(sample_index)
    yield EvidenceFinder(store, embedder), Searcher(store, embedder), store
    store.close()


@pytest.mark.slow
def test_the_first_quote_answers_the_parental_leave_question(finder_and_searcher):
    finder, searcher, _ = finder_and_searcher
    evidence = finder.find(searcher.search(
        "How many weeks of parental leave are paid at full salary?"))
    assert "the first 18 weeks are paid at full salary" in evidence[0].text
    assert evidence[0].source == "employee-handbook.md" and evidence[0].n == 1
    assert len(evidence) == 3


@pytest.mark.slow
def test_every_quote_of_every_golden_question_is_verbatim_at_its_offsets(finder_and_searcher):
    from app.common.bundled import RESOURCES
    from app.evaluation.recall import load_cases

    finder, searcher, store = finder_and_searcher
    bodies = {row["id"]: row["body"] for row in store.rows("SELECT id, body FROM sections")}
    checked = 0
    for case in load_cases(RESOURCES / "golden" / "sample-handbook.tsv"):
        response = searcher.search(case.question)
        results = {r.section_id: r for r in response.results}
        for evidence in finder.score(response):
            assert bodies[evidence.section_id][evidence.start:evidence.end] == evidence.text
            text = results[evidence.section_id].text
            assert text[evidence.offset:evidence.offset + len(evidence.text)] == evidence.text
            assert evidence.source and evidence.heading
            checked += 1
    assert checked > 68 * 10


def test_unit_vectors_are_embedded_once_and_the_least_recently_used_forgotten():
    """A conversation comes back to the same sections: a unit's vector is
    embedded once, kept while it is used, and the store stays bounded."""
    import numpy as np

    from app.answers.evidence.finder import _UnitVectors

    class Counting:
        """A fake embedder: a text's vector is its length; counts what it reads."""
        def __init__(self):
            self.read: list[str] = []

        def embed(self, texts, batch_size=None):
            self.read += texts
            return np.array([[float(len(t))] for t in texts], dtype=np.float32)

    embedder = Counting()
    vectors = _UnitVectors(embedder, limit=3)
    assert vectors.of(["aa", "b", "aa"]).ravel().tolist() == [2.0, 1.0, 2.0]
    assert sorted(embedder.read) == ["aa", "b"]                 # each text embedded once
    assert vectors.of(["b", "cccc"]).ravel().tolist() == [1.0, 4.0]
    assert embedder.read.count("b") == 1                        # "b" was remembered
    vectors.of(["ddd"])                                         # four known: "aa" goes
    assert list(vectors._known) == ["b", "cccc", "ddd"]
    vectors.of(["aa"])
    assert embedder.read.count("aa") == 2 and "b" not in vectors._known


@pytest.mark.slow
def test_a_question_asked_after_others_gets_the_scores_it_gets_asked_first(sample_index,
                                                                            embedder):
    """Unit vectors are remembered between questions (a follow-up reads the
    same sections): remembering must never change a score, nor grow without end."""
    from app.answers.evidence import finder as module
    from app.search.retrieval import Searcher
    from app.store.sqlite import Store

    store = Store(sample_index)
    searcher = Searcher(store, embedder)
    talked = module.EvidenceFinder(store, embedder)
    talked._vectors.limit = 50
    questions = ["How many days of annual leave do I get?",
                 "Can I carry unused leave over to next year?",
                 "How many weeks of parental leave are paid at full salary?"]
    for question in questions + questions[:1]:
        response = searcher.search(question)
        fresh = module.EvidenceFinder(store, embedder).score(response)
        remembered = talked.score(response)
        assert [(e.start, e.section_id) for e in remembered] == \
            [(e.start, e.section_id) for e in fresh]
        assert [e.score for e in remembered] == pytest.approx([e.score for e in fresh], abs=1e-5)
        assert len(talked._vectors._known) <= 50
    store.close()


@pytest.mark.slow
def test_a_question_the_handbook_does_not_answer_gets_no_evidence(finder_and_searcher):
    finder, searcher, _ = finder_and_searcher
    assert finder.find(searcher.search("Who won the 2018 football world cup?")) == []


@pytest.mark.slow
@pytest.mark.parametrize("question", [
    "leave " * 2000,                                      # 12,000 characters
    "Combien de jours de congés annuels ai-je ?",         # another language
    "年假有多少天？",                                        # another script
    "\" OR 1=1; DROP TABLE chunks; -- NEAR(leave*)",       # SQL and FTS syntax
])
def test_odd_questions_get_verbatim_evidence_or_none_never_a_crash(finder_and_searcher,
                                                                   question):
    finder, searcher, store = finder_and_searcher
    bodies = {row["id"]: row["body"] for row in store.rows("SELECT id, body FROM sections")}
    for evidence in finder.find(searcher.search(question)):
        assert bodies[evidence.section_id][evidence.start:evidence.end] == evidence.text


@pytest.mark.slow
def test_a_question_of_punctuation_only_is_told_so(finder_and_searcher):
    from app.search.retrieval import SearchError

    _, searcher, _ = finder_and_searcher
    with pytest.raises(SearchError, match="no words"):
        searcher.search("?!… —")


@pytest.mark.slow
def test_a_question_about_a_default_is_answered_by_the_sentence_that_states_it(tmp_path,
                                                                                embedder):
    """The sentence that defines a setting shares the question's words; the one
    that answers "out of the box" only says "The default is …"."""
    from dataclasses import replace

    from app.answers.evidence.finder import DEFAULT_WEIGHTS, EvidenceFinder
    from app.ingest.indexer import Indexer
    from app.search.retrieval import Searcher
    from app.store.sqlite import Store

    folder = tmp_path / "handbook"
    folder.mkdir()
    (folder / "vpn.md").write_text(
        "# VPN\n\n## Idle timeout\n\nThe VPN client disconnects a session that has been "
        "idle for longer than the idle timeout. A shorter idle timeout frees licences "
        "sooner but interrupts long downloads. The default is 45 minutes.\n")
    question = "How long can a VPN session stay idle out of the box?"
    with Store(tmp_path / "index.sqlite") as store:
        Indexer(store, embedder).run(folder)
        response = Searcher(store, embedder).search(question)
        first = EvidenceFinder(store, embedder).find(response)[0].text
        without = EvidenceFinder(store, embedder, replace(DEFAULT_WEIGHTS, default=0.0)) \
            .find(response)[0].text
    assert first == "The default is 45 minutes."
    assert without != first  # the cue, not the other signals, puts it first


def _evidence_in(tmp_path, embedder, name: str, text: str, question: str,
                 scored: bool = False) -> list:
    """The evidence for `question` from a real index of one Markdown file: the
    best units shown, or with `scored` every candidate, best first, with its
    features."""
    from app.answers.evidence.finder import EvidenceFinder
    from app.ingest.indexer import Indexer
    from app.search.retrieval import Searcher
    from app.store.sqlite import Store

    folder = tmp_path / "handbook"
    folder.mkdir()
    (folder / name).write_text(text)
    with Store(tmp_path / "index.sqlite") as store:
        Indexer(store, embedder).run(folder)
        finder, response = EvidenceFinder(store, embedder), \
            Searcher(store, embedder).search(question)
        return finder.score(response, question) if scored else finder.find(response)


@pytest.mark.slow
def test_a_bold_label_line_is_never_the_quote(tmp_path, embedder):
    """The label names the setting the question asks about, so it shares the
    question's words; the sentence after it is what answers."""
    evidence = _evidence_in(
        tmp_path, embedder, "vacuum.md",
        "# Vacuum\n\n## Cost-based delay\n\n**`vacuum_cost_limit` (`integer`)**\n\n"
        "The accumulated cost that will cause the vacuuming process to sleep. "
        "The default is 200.\n", "What does the vacuum_cost_limit setting control?")
    assert evidence and not any(e.text.startswith("**") for e in evidence)
    assert evidence[0].text == "The accumulated cost that will cause the vacuuming process " \
                               "to sleep."


@pytest.mark.slow
def test_a_one_or_two_word_item_is_never_quoted(tmp_path, embedder):
    """A list of setting names shares the question's words and says nothing:
    the sentence that answers is quoted, not "`max_connections`"."""
    evidence = _evidence_in(
        tmp_path, embedder, "connections.md",
        "# Connections\n\n## Limits\n\nThese settings limit connections:\n\n"
        "- `max_connections`\n- `superuser_reserved_connections`\n\n"
        "The server accepts at most 100 connections unless max_connections says otherwise.\n",
        "What is the default of max_connections?")
    assert evidence and all(len(e.text.split()) >= 3 for e in evidence)
    assert evidence[0].text.startswith("The server accepts at most 100 connections")


@pytest.mark.slow
def test_an_faq_entrys_question_is_never_the_quote(tmp_path, embedder):
    """An FAQ restates the question it answers, in the user's words: the
    sentences after it are what answer."""
    evidence = _evidence_in(
        tmp_path, embedder, "faq.md",
        "# FAQ\n\n## Credentials\n\nHow do I change the password I saved in my credential "
        "manager?\n\nRun the credential manager's erase command for the host, then push "
        "again: you are asked for the new password.\n",
        "How do I change the password I saved in my credential manager?")
    assert evidence and not any(e.text.rstrip().endswith("?") for e in evidence)
    assert evidence[0].text.startswith("Run the credential manager's erase command")


# -- tables laid out with spaces (PDF text) ------------------------------------------
RATES = ("Per diem rates apply to every trip.\n"
         "City or region            Daily rate     Hotel cap per night\n"
         "London, United Kingdom    GBP 58         GBP 230\n"
         "Berlin, Germany           EUR 62         EUR 185\n"
         "Munich, Germany           EUR 66         EUR 210\n"
         "The rates are reviewed every year.\n")


def test_a_table_laid_out_with_spaces_is_quoted_row_by_row_under_its_header():
    units = units_in(RATES, 0, len(RATES), PARAGRAPH)
    rows = [u for u in units if u.kind == ROW]
    assert [RATES[u.start:u.end].split("  ")[0] for u in rows] == [
        "London, United Kingdom", "Berlin, Germany", "Munich, Germany"]
    header = RATES[rows[0].header[0]:rows[0].header[1]]
    assert header.startswith("City or region") and all(u.header == rows[0].header for u in rows)
    assert unit_texts(RATES)[0] == "Per diem rates apply to every trip."
    assert unit_texts(RATES)[-1] == "The rates are reviewed every year."
    assert not any(text.startswith("City or region") for text in unit_texts(RATES)), \
        "the header names the columns and answers nothing"


def test_a_child_that_starts_inside_a_laid_out_table_finds_its_header():
    start = RATES.index("Munich")
    (row, sentence) = units_in(RATES, start, len(RATES), PARAGRAPH)
    assert row.kind == ROW and RATES[row.header[0]:row.header[1]].startswith("City or region")
    assert RATES[sentence.start:sentence.end] == "The rates are reviewed every year."


def test_two_spaces_after_full_stops_are_no_table():
    body = ("Leave is booked in HR.  Ask early.\nSick days are logged.  Tell your manager.\n"
            "Carry over five days.  Use them by March.\n")
    assert ROW not in {u.kind for u in units_in(body, 0, len(body), PARAGRAPH)}
    assert "Ask early." in unit_texts(body)


@pytest.mark.slow
def test_a_laid_out_row_is_quoted_with_its_header_as_context(tmp_path, embedder):
    evidence = _evidence_in(tmp_path, embedder, "rates.txt", RATES,
                            "What is the hotel cap per night in London?")
    london = next(e for e in evidence if e.text.startswith("London"))  # among the three shown
    assert london.kind == ROW and london.text == RATES.splitlines()[2]
    assert london.context == ("City or region: London, United Kingdom; Daily rate: GBP 58; "
                              "Hotel cap per night: GBP 230")


def test_part_of_a_row_is_plain_text_and_the_next_row_still_finds_its_header():
    """A table has no sentence ends, so the chunker may cut a child inside a
    row: that piece's cells do not line up with the header's."""
    start = RATES.index("Germany           EUR 62")  # inside the Berlin row
    piece, munich, *_ = units_in(RATES, start, len(RATES), PARAGRAPH)
    assert piece.kind != ROW and piece.header is None
    assert munich.kind == ROW and RATES[munich.start:munich.end].startswith("Munich")
    assert RATES[munich.header[0]:munich.header[1]].startswith("City or region")


def test_a_short_sentence_in_a_script_without_spaces_is_still_quoted():
    from app.answers.evidence.finder import Evidence, _too_short

    def unit(text: str, kind: str) -> Evidence:
        return Evidence(text=text, source="a.md", heading="A", page=None, start=0,
                        end=len(text), score=1.0, n=1, section_id=1, kind=kind, chunk_index=0)

    assert _too_short(unit("`max_connections`", ITEM))
    assert not _too_short(unit("年假为每年二十天。", SENTENCE))
    assert not _too_short(unit("make deploy", LINE))


@pytest.mark.slow
def test_a_quote_from_deep_in_a_definition_names_the_term_it_describes(tmp_path, embedder):
    """The third paragraph about a setting reads as if of nothing in
    particular; the card shows the setting's name under it (a reading aid,
    `context`, never part of the quote)."""
    filler = " ".join(f"Group commit step {n} waits for the other transactions to arrive."
                      for n in range(12))
    evidence = _evidence_in(
        tmp_path, embedder, "wal.md",
        "# WAL\n\n## Settings\n\n**`commit_siblings` (`integer`)**\n\n" + filler + "\n\n"
        "The default is five transactions.\n\n**`wal_level` (`enum`)**\n\nHow much "
        "information is written to the WAL.\n", "What is the default of commit_siblings?")
    answer = next(e for e in evidence if e.text == "The default is five transactions.")
    assert answer.context == "commit_siblings (integer)"
    assert all("commit_siblings" not in e.text for e in evidence if e.context)
    assert all(e.context != "WAL › Settings" for e in evidence), "a heading is no term"


@pytest.mark.slow
def test_a_shell_example_in_prose_is_scored_by_the_sentence_that_explains_it(tmp_path,
                                                                            embedder):
    """find(1) sets "$ find /tmp -type f,d,l" as an indented line of prose,
    explained by the sentence after it. The command shares little with the
    question; like code, it takes the similarity of its explanation."""
    scored = _evidence_in(
        tmp_path, embedder, "find.md",
        "# Find\n\n## Examples\n\nSearch for several file types.\n\n$ find /tmp -type f,d,l\n\n"
        "Search for files, directories, and symbolic links in the directory /tmp passing "
        "these types as a comma-separated list.\n\nThe -prune action skips a directory.\n",
        "How do I search for files, directories and symlinks in one find command?", scored=True)
    example = next(e for e in scored if e.text == "$ find /tmp -type f,d,l")
    explanation = next(e for e in scored if e.text.startswith("Search for files, directories"))
    prune = next(e for e in scored if e.text.startswith("The -prune action"))
    assert example.features["introduced"] == pytest.approx(
        max(explanation.features["similarity"], _similarity_of(scored, "Search for several")))
    assert prune.features["introduced"] == 0.0, "prose is not introduced"
    assert scored.index(example) < 3


def _similarity_of(scored: list, start: str) -> float:
    return next(e.features["similarity"] for e in scored if e.text.startswith(start))
