"""Running headers and footers belong to no block (so to no fitted child), and
stay in the flat text that the spring-default profile reads, as Tika's would."""
import re

from pdfgen import make_pdf

from app.common.chunks import ChunkSettings
from app.ingest.chunking.fitted import chunk_document
from app.ingest.readers import read_document
from app.ingest.readers.running_lines import line_key, running_keys

BODIES = ["Leave is 28 days.\nAsk your lead.\nPlan ahead.",
          "Sick leave needs a note.\nAfter 3 days.\nCall in early.",
          "Trains: book early.\nHotels: 160 EUR.\nTaxis: at night.",
          "Laptops are encrypted.\nLock your screen.\nReport theft."]


def test_a_footer_with_page_numbers_is_recognised_on_every_page():
    pages = [f"{body}\nAcme Handbook - page {n} of 4" for n, body in enumerate(BODIES, 1)]
    assert running_keys(pages) == {line_key("Acme Handbook - page 1 of 4")}


def test_a_header_on_most_pages_counts_but_a_line_on_few_pages_does_not():
    pages = ["CONFIDENTIAL\nIntro.\nSee the table below.", "CONFIDENTIAL\nRules.\nNote:",
             "CONFIDENTIAL\nMore rules.\nSee the table below.", "CONFIDENTIAL\nAppendix.\nEnd."]
    assert running_keys(pages) == {"confidential"}


def test_short_documents_and_one_line_pages_have_none():
    assert running_keys(["Title\nText one.", "Title\nText two."]) == frozenset()
    assert running_keys([f"Page {n}" for n in range(1, 6)]) == frozenset()


def test_a_repeated_line_in_the_middle_of_pages_is_content():
    pages = [f"Heading {n}\nIntro {n}.\nStep one.\nStep: check the valve.\nStep three.\n"
             f"Outro {n}.\nEnd {n}" for n in range(5)]
    assert line_key("Step: check the valve.") not in running_keys(pages)


def test_pdf_children_carry_no_footer_but_the_flat_text_does(tmp_path, embedder):
    footer = "Quillmoor Labs Handbook - page {} of 4"
    filler = ["Ask your team lead first.", "25", "Plan it with your team.",
              "Write it in the rota."]  # "25" mid-page looks like a page number: content
    pages = [["1 Leave", "Annual leave is 28 days."] + filler,
             ["Sick leave needs a note."] + filler,
             ["2 Travel", "Book trains early."] + filler, ["Hotels up to 160 EUR."] + filler]
    path = make_pdf(tmp_path / "h.pdf", [lines + [footer.format(n)]
                                          for n, lines in enumerate(pages, start=1)],
                    outline=[("1 Leave", 0, 1), ("2 Travel", 2, 1)])
    document = read_document(path)
    assert [s.heading_path for s in document.sections] == [["1 Leave"], ["2 Travel"]]
    assert "Quillmoor Labs Handbook - page 2 of 4" in document.text
    for section in document.sections:
        for block in section.blocks:
            assert "Quillmoor Labs" not in section.body[block.start:block.end]
    children = chunk_document(document, "h.pdf", ChunkSettings.for_window(embedder.window),
                              embedder.count)
    assert children and not any("Quillmoor Labs" in c.embedded_text for c in children)
    assert any("Sick leave needs a note." in c.text for c in children)
    assert all(re.search(r"\b25\b", c.text) for c in children)  # a mid-page number stays


def test_a_bare_page_number_footer_does_not_hide_numbers_inside_pages(tmp_path):
    filler = ["Parking spaces per floor:", "25", "Bike racks per floor:", "30",
              "Ask reception for a permit."]
    path = make_pdf(tmp_path / "p.pdf", [[f"Floor {n} of the office."] + filler + [str(n)]
                                          for n in range(1, 5)])
    document = read_document(path)
    for section in document.sections:
        blocked = "\n".join(section.body[b.start:b.end] for b in section.blocks)
        assert "25" in blocked and "30" in blocked
        assert not blocked.rstrip().endswith(("1", "2", "3", "4"))  # the page number is out
