"""PDF paragraphs read as running text: wrapped lines joined, hyphenation at a
line end undone, the writer's own breaks kept, every offset still exact."""
from pdfgen import make_pdf
from test_readers import block_texts, check_invariants

from app.common.documents import PARAGRAPH, Block, Section
from app.ingest.readers import read_document
from app.common.typography import fold_glyphs
from app.ingest.readers.pdf_reflow import reflow


def section_of(text: str, blocks: list[tuple[int, int]]) -> Section:
    return Section(["T"], 1, text, 0, len(text), [Block(PARAGRAPH, a, b) for a, b in blocks],
                   page_marks=[(0, 1)])


def test_ligatures_and_minus_signs_read_as_typed():
    assert fold_glyphs("the \ufb01le and \ufb02ags, \u2212\u2212login, soft\u00adhyphen") == \
        "the file and flags, --login, softhyphen"


def test_a_word_hyphenated_at_a_line_end_is_joined():
    text = "Arguments are passed to the shell when includ-\ning the options given here."
    section = section_of(text, [(0, len(text))])
    new = reflow(text, [section])
    assert new == "Arguments are passed to the shell when including the options given here."
    assert section.body == new and section.blocks[0].end == len(new)


def test_a_word_in_another_alphabet_hyphenated_at_a_line_end_is_joined():
    """groff hyphenates translated man pages as it does English ones."""
    for text, joined in (
            ("Die Datei wird beim Start der Konfigura-\ntion gelesen und geprüft.",
             "Die Datei wird beim Start der Konfiguration gelesen und geprüft."),
            ("Файл читается из дирек-\nтории пользователя при каждом запуске.",
             "Файл читается из директории пользователя при каждом запуске."),
            ("El fichero se lee del direc-\ntorio del usuario en cada arranque.",
             "El fichero se lee del directorio del usuario en cada arranque.")):
        assert reflow(text, [section_of(text, [(0, len(text))])]) == joined


def test_a_compound_the_document_writes_with_a_hyphen_keeps_it():
    text = ("A built-in command runs in the shell itself; a line that breaks at built-\n"
            "in keeps the hyphen the rest of the document writes.")
    (section,) = sections = [section_of(text, [(0, len(text))])]
    assert "at built-in keeps" in reflow(text, sections)
    assert section.body.count("built-in") == 2


def test_the_writers_breaks_stay():
    lines = ["-i If the -i option is present, the shell is interactive.",
             "-l Make bash act as if it had been invoked as a login shell and read the files.",
             "* a bullet that wraps onto a second line of the same list item, at the margin",
             "item, which is joined",
             "Name      Default      Meaning",
             "timeout   30           seconds before the job stops"]
    text = "\n".join(lines)
    section = section_of(text, [(0, len(text))])
    new = reflow(text, [section])
    assert new.split("\n") == [lines[0], lines[1], lines[2] + " " + lines[3], lines[4], lines[5]]


def test_sections_blocks_and_page_marks_move_with_the_text():
    first = "One sen-\ntence wraps.\n\nSecond block."
    second = "Another para-\ngraph here that is long."
    text = first + "\n\n" + second
    one = section_of(first, [(0, 21), (23, 36)])
    two = Section(["U"], 1, second, len(first) + 2, len(text),
                  [Block(PARAGRAPH, 0, len(second))], page_marks=[(0, 2)])
    new = reflow(text, [one, two])
    assert new == "One sentence wraps.\n\nSecond block.\n\nAnother paragraph here that is long."
    for section in (one, two):
        assert new[section.start_char:section.end_char] == section.body
    assert [one.body[b.start:b.end] for b in one.blocks] == ["One sentence wraps.", "Second block."]
    assert two.body == "Another paragraph here that is long." and two.page_marks == [(0, 2)]


def test_a_real_pdf_reads_as_paragraphs_with_exact_offsets(tmp_path):
    pages = [["Overview",
              "The scheduler starts every job at the time written in its entry and keeps",
              "a log of what ran. Jobs that fail are retried after a delay that doub-",
              "les each time.",
              "Next paragraph starts here."],
             ["The second page goes on with a sentence that wraps over the end of",
              "its line."]]
    document = read_document(make_pdf(tmp_path / "r.pdf", pages, outline=[("Overview", 0, 1)]))
    check_invariants(document)
    (section,) = document.sections
    assert block_texts(section) == [
        "The scheduler starts every job at the time written in its entry and keeps a log of "
        "what ran. Jobs that fail are retried after a delay that doubles each time.",
        "Next paragraph starts here.",
        "The second page goes on with a sentence that wraps over the end of its line."]
    second = section.body.index("The second page")
    assert section.page_at(second) == 2 and section.page_at(second - 3) == 1


def test_words_a_typeset_text_layer_splits_are_mended_where_the_document_vouches():
    from app.ingest.readers.pdf_words import run_together_edits, split_edits
    from app.ingest.readers.pdf_reflow import _apply

    whole = "The shell executes the command and reports the event. " * 20
    broken = ("When the shell e xecutes a script, the v ariable is set in to the "
              "environment and the e vent is logged. Ifthe value is empty it stays. ")
    text = whole + broken * 3 + "If the value is set. " * 4
    once = _apply(text, split_edits(text, [(0, len(text))]))
    assert "the shell executes a script, the variable is set in to the" in once
    assert "and the event is logged" in once  # not "thee vent"
    twice = _apply(once, run_together_edits(once, [(0, len(once))]))
    assert "If the value is empty" in twice


def test_a_well_made_text_layer_is_left_alone():
    from app.ingest.readers.pdf_words import split_edits

    text = "The shell executes a script and logs the event in to the journal. " * 50
    assert split_edits(text, [(0, len(text))]) == []
