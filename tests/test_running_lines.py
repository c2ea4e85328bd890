"""Running headers and footers are dropped from PDF text, nothing else is."""
from pdfgen import make_pdf

from app.readers import read_document
from app.readers.running_lines import strip_running_lines


BODIES = ["Leave is 28 days.\nAsk your lead.\nPlan ahead.",
          "Sick leave needs a note.\nAfter 3 days.\nCall in early.",
          "Trains: book early.\nHotels: 160 EUR.\nTaxis: at night.",
          "Laptops are encrypted.\nLock your screen.\nReport theft."]


def test_a_footer_with_page_numbers_is_dropped_from_every_page():
    pages = [f"{body}\nAcme Handbook - page {n} of 4" for n, body in enumerate(BODIES, 1)]
    assert strip_running_lines(pages) == BODIES


def test_a_page_is_never_emptied():
    pages = [f"Page {n}" for n in range(1, 6)]
    assert strip_running_lines(pages) == pages


def test_a_header_is_dropped_but_a_line_on_few_pages_is_kept():
    pages = ["CONFIDENTIAL\nIntro.\nSee the table below.", "CONFIDENTIAL\nRules.\nNote:",
             "CONFIDENTIAL\nMore rules.\nSee the table below.", "CONFIDENTIAL\nAppendix.\nEnd."]
    stripped = strip_running_lines(pages)
    assert [p.startswith("CONFIDENTIAL") for p in stripped] == [False] * 4
    assert stripped[0].endswith("See the table below.")  # on 2 of 4 pages: content


def test_short_documents_are_left_alone():
    pages = ["Title\nText one.", "Title\nText two."]
    assert strip_running_lines(pages) == pages


def test_a_repeated_line_in_the_middle_of_pages_is_content():
    pages = [f"Heading {n}\nIntro {n}.\nStep one.\nStep: check the valve.\nStep three.\n"
             f"Outro {n}.\nEnd {n}" for n in range(5)]
    assert all("Step: check the valve." in page for page in strip_running_lines(pages))


def test_pdf_sections_carry_no_footer(tmp_path):
    footer = "Quillmoor Labs Handbook - page {} of 4"
    filler = ["Ask your team lead first.", "Plan it with your team.", "Write it in the rota."]
    pages = [["1 Leave", "Annual leave is 28 days."] + filler,
             ["Sick leave needs a note."] + filler,
             ["2 Travel", "Book trains early."] + filler, ["Hotels up to 160 EUR."] + filler]
    path = make_pdf(tmp_path / "h.pdf", [lines + [footer.format(n)]
                                          for n, lines in enumerate(pages, start=1)],
                    outline=[("1 Leave", 0, 1), ("2 Travel", 2, 1)])
    document = read_document(path)
    assert [s.heading_path for s in document.sections] == [["1 Leave"], ["2 Travel"]]
    assert not any("Quillmoor Labs Handbook" in s.body for s in document.sections)
    assert "Sick leave needs a note." in document.sections[0].body
