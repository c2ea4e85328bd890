"""Readers: structure, verbatim offsets, and every bad input as a ReadError."""
from __future__ import annotations

import pytest

from app.common.documents import CODE, LIST, PARAGRAPH, QUOTE, TABLE, TERM, Document, ReadError
from app.ingest.readers import SUPPORTED_SUFFIXES, read_document

try:
    from tests.pdfgen import make_pdf
except ImportError:  # tests/ run as a plain folder of modules
    from pdfgen import make_pdf


def check_invariants(doc: Document) -> None:
    """What every reader promises about offsets, whatever the format."""
    previous_end = 0
    for section in doc.sections:
        assert doc.text[section.start_char : section.end_char] == section.body
        assert section.body.strip() and section.body == section.body.strip()
        assert section.start_char >= previous_end  # sections in order, disjoint
        previous_end = section.end_char
        assert section.heading_path and section.level >= 0
        block_end = 0
        for block in section.blocks:
            text = section.body[block.start : block.end]
            assert block_end <= block.start < block.end <= len(section.body)
            assert text and text == text.strip()
            block_end = block.end
            for row in block.table.rows if block.table else []:
                assert block.start <= row.start < row.end <= block.end
        if section.page_marks:
            assert section.page_marks[0][0] == 0
            offsets = [offset for offset, _ in section.page_marks]
            assert offsets == sorted(offsets)


def write(tmp_path, name: str, content: str | bytes):
    path = tmp_path / name
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8", newline="")
    else:
        path.write_bytes(content)
    return path


def block_texts(section, kind=None):
    return [section.body[b.start : b.end] for b in section.blocks if kind in (None, b.kind)]


# ---------------------------------------------------------------- markdown

HANDBOOK_MD = """\
---
title: "Employee Handbook"
deprecated: true
version: 3
owner: 'People Team'
tags: [hr, "leave, policy"]
reviewers:
  - alice
  - bob
---
Read this first. <img src=x> stays text.

# Welcome

Hello **new** colleague.

## Leave

General rules.

### Parental leave

| Kind   | Days |
|--------|-----:|
| Mother | 90   |
| Father | `30` |

```python extra-info
def days(kind):
    return 90
```

- apply early
- tell your manager
  in writing

> Quoted policy.

    indented code

## Empty
## Travel

Book trains.
"""


def test_markdown_front_matter_sections_and_paths(tmp_path):
    doc = read_document(write(tmp_path, "handbook.md", HANDBOOK_MD))
    check_invariants(doc)
    assert doc.format == "markdown" and doc.title == "Employee Handbook"
    assert doc.metadata == {
        "title": "Employee Handbook",
        "deprecated": True,
        "version": 3,
        "owner": "People Team",
        "tags": ["hr", "leave, policy"],
        "reviewers": ["alice", "bob"],
    }
    paths = [(s.heading_path, s.level) for s in doc.sections]
    assert paths == [
        (["Employee Handbook"], 0),
        (["Welcome"], 1),
        (["Welcome", "Leave"], 2),
        (["Welcome", "Leave", "Parental leave"], 3),
        (["Welcome", "Travel"], 2),  # "## Empty" has no body: omitted
    ]
    assert doc.sections[0].body == "Read this first. <img src=x> stays text."
    # Front matter belongs to no section; heading lines are not in bodies.
    assert all("deprecated" not in s.body and "#" not in s.body for s in doc.sections)


def test_markdown_blocks(tmp_path):
    doc = read_document(write(tmp_path, "handbook.md", HANDBOOK_MD))
    section = doc.sections[3]
    assert [b.kind for b in section.blocks] == [TABLE, CODE, LIST, QUOTE, CODE]
    table_block, fence, bullets, quote, indented = section.blocks
    table = table_block.table
    assert table.header == ["Kind", "Days"]
    assert [row.cells for row in table.rows] == [["Mother", "90"], ["Father", "30"]]
    assert section.body[table.rows[0].start : table.rows[0].end] == "| Mother | 90   |"
    assert section.body[table.rows[1].start : table.rows[1].end] == "| Father | `30` |"
    assert fence.language == "python"
    assert section.body[fence.start : fence.end] == "def days(kind):\n    return 90"
    assert section.body[bullets.start : bullets.end] == (
        "- apply early\n- tell your manager\n  in writing"
    )
    assert section.body[quote.start : quote.end] == "> Quoted policy."
    assert indented.language is None
    assert section.body[indented.start : indented.end] == "indented code"


def test_markdown_raw_html_is_literal_text(tmp_path):
    source = (
        "# Page\n\n"
        '<div>\n<img src="/dev/zero">\n</div>\n\n'
        "Inline <script>alert(1)</script> and <b>bold</b>.\n"
    )
    doc = read_document(write(tmp_path, "html.md", source))
    check_invariants(doc)
    (section,) = doc.sections
    paragraphs = block_texts(section)
    assert paragraphs == [
        '<div>\n<img src="/dev/zero">\n</div>',
        "Inline <script>alert(1)</script> and <b>bold</b>.",
    ]
    assert all(b.kind == PARAGRAPH for b in section.blocks)


def test_markdown_comments_are_no_text_to_retrieve(tmp_path):
    """Node.js's API docs put a YAML history in an HTML comment above every
    entry; a reader of the page never sees it. It stays in the section's text
    (offsets are the file's) but is no block: not embedded, never quoted."""
    source = ("# fs.rm(path)\n\n<!-- YAML\nadded: v14.14.0\nchanges:\n  - version: v17.3.0\n-->\n\n"
              "<!--introduced_in=v0.10.0--> <!-- type=misc -->\n\n"
              "Removes files and directories. <!-- not a comment-only paragraph -->\n")
    doc = read_document(write(tmp_path, "fs.md", source))
    check_invariants(doc)
    (section,) = doc.sections
    assert "added: v14.14.0" in section.body
    assert block_texts(section) == [
        "Removes files and directories. <!-- not a comment-only paragraph -->"]


def test_markdown_comment_markers_in_code_or_left_open_hide_nothing(tmp_path):
    """A "<!--" inside backticks or a fence opens no comment over the text
    after it; thousands left open read in linear time."""
    source = ("# Notes\n\nWrite `<!--` to open a comment.\n\nEverything here is real.\n\n"
              "```html\n<!-- header\n```\n\nReal paragraph.\n\nClose it with `-->`.\n")
    (section,) = read_document(write(tmp_path, "notes.md", source)).sections
    texts = block_texts(section)
    assert "Everything here is real." in texts and "Real paragraph." in texts
    many = read_document(write(tmp_path, "many.md", "# M\n\n" + "a <!-- b\n\n" * 20000))
    assert len(block_texts(many.sections[0])) == 20000


def test_markdown_parser_configuration():
    """HTML and typographer off (see DESIGN pitfalls); block parsing skips inline rules."""
    from app.ingest.readers.markdown import _INLINE, _MD

    for parser in (_MD, _INLINE):
        assert parser.options["html"] is False and parser.options["typographer"] is False
    assert "inline" not in _MD.get_active_rules()["core"]
    assert "table" in _MD.get_active_rules()["block"]


def test_markdown_heading_inline_text(tmp_path):
    source = (
        "# See [the *policy*][p] and `code` ![logo](x.png)\n\n"
        "Text.\n\n[p]: https://example.org\n"
    )
    doc = read_document(write(tmp_path, "refs.md", source))
    check_invariants(doc)
    assert doc.title == "See the policy and code logo"
    assert doc.sections[0].heading_path == [doc.title]


def test_markdown_title_fallbacks_and_setext(tmp_path):
    source = "Intro.\n\nMain Title\n==========\n\nText.\n\nSub\n---\n\nMore.\n"
    doc = read_document(write(tmp_path, "guide.md", source))
    check_invariants(doc)
    assert doc.title == "Main Title"
    assert [(s.heading_path, s.level) for s in doc.sections] == [
        (["Main Title"], 0),
        (["Main Title"], 1),
        (["Main Title", "Sub"], 2),
    ]
    untitled = read_document(write(tmp_path, "notes-2024.markdown", "## Only level two\n\nBody.\n"))
    assert untitled.title == "notes-2024"
    assert untitled.sections[0].heading_path == ["Only level two"]


def test_markdown_crlf_bom_and_unclosed_fence(tmp_path):
    raw = "\ufeff# Title\r\n\r\nLine one.\r\n\r\n~~~js\r\nlet a = 1;\r\n".encode("utf-8")
    doc = read_document(write(tmp_path, "crlf.md", raw))
    check_invariants(doc)
    assert "\r" not in doc.text and not doc.text.startswith("\ufeff")
    (section,) = doc.sections
    code = section.blocks[-1]
    assert code.kind == CODE and code.language == "js"
    assert section.body[code.start : code.end] == "let a = 1;"


def test_markdown_front_matter_edge_cases(tmp_path):
    source = "---\nempty:\nflag: False\nratio: 0.5\nlist: []\n---\n---\n\nText after a rule.\n"
    doc = read_document(write(tmp_path, "fm.md", source))
    check_invariants(doc)
    assert doc.metadata == {"empty": None, "flag": False, "ratio": 0.5, "list": []}
    assert doc.title == "fm"
    assert block_texts(doc.sections[0]) == ["Text after a rule."]
    # An opening "---" that is never closed is a thematic break, not front matter.
    unclosed = read_document(write(tmp_path, "rule.md", "---\ntitle: x\n"))
    assert unclosed.metadata == {}


# ---------------------------------------------------------------- plain text

HANDBOOK_TXT = """\
Staff Guide
===========

Welcome to the guide.
It is short.

1 Leave

General leave text.

1.1 Annual leave

- 25 days a year
- carry over 5
  days at most

1.2 Sick leave
Call in before 9am; this line keeps the number from being a heading.

2.1.3 Deep rule

Deep text.

1. This numbered line ends with a full stop.

Travel
------
Book early.
"""


def test_text_headings_and_blocks(tmp_path):
    doc = read_document(write(tmp_path, "guide.txt", HANDBOOK_TXT))
    check_invariants(doc)
    assert doc.format == "text" and doc.title == "Staff Guide"
    assert [(s.heading_path, s.level) for s in doc.sections] == [
        (["Staff Guide"], 1),
        (["1 Leave"], 1),
        (["1 Leave", "1.1 Annual leave"], 2),
        (["1 Leave", "1.1 Annual leave", "2.1.3 Deep rule"], 3),
        (["1 Leave", "Travel"], 2),
    ]
    annual = doc.sections[2]
    assert [b.kind for b in annual.blocks] == [LIST, PARAGRAPH]
    assert block_texts(annual)[1].startswith("1.2 Sick leave\nCall in")
    assert "This numbered line ends" in doc.sections[3].body
    assert block_texts(doc.sections[0]) == ["Welcome to the guide.\nIt is short."]


def test_text_without_headings(tmp_path):
    doc = read_document(write(tmp_path, "memo.TEXT", "First paragraph.\n\nSecond one.\n"))
    check_invariants(doc)
    assert doc.title == "memo"
    (section,) = doc.sections
    assert section.heading_path == ["memo"] and section.level == 0
    assert block_texts(section) == ["First paragraph.", "Second one."]


# ---------------------------------------------------------------- pdf


def test_pdf_outline_sections(tmp_path):
    path = make_pdf(
        tmp_path / "book.pdf",
        [
            ["Acme Handbook", "Edition 2 (draft) \\ internal"],
            ["1 Introduction", "This is the intro.", "- first point", "- second point"],
            ["1.1 Scope", "Scope text that runs", "onto the next page."],
            ["More scope text.", "2 Rules", "Rule text."],
        ],
        outline=[("1 Introduction", 1, 1), ("1.1 Scope", 2, 2), ("2 Rules", 3, 1)],
        title="Acme Handbook",
    )
    doc = read_document(path)
    check_invariants(doc)
    assert doc.format == "pdf" and doc.pages == 4 and doc.title == "Acme Handbook"
    assert "Edition 2 (draft) \\ internal" in doc.text  # pdfgen escapes correctly
    assert [(s.heading_path, s.level) for s in doc.sections] == [
        (["Acme Handbook"], 0),
        (["1 Introduction"], 1),
        (["1 Introduction", "1.1 Scope"], 2),
        (["2 Rules"], 1),
    ]
    cover, intro, scope, rules = doc.sections
    assert cover.page_marks == [(0, 1)]
    assert not intro.body.startswith("1 Introduction")  # heading line not in body
    assert [b.kind for b in intro.blocks] == [PARAGRAPH, LIST]
    assert block_texts(intro, LIST) == ["- first point\n- second point"]
    # A section spanning a page break: marks, page_at, and blocks per page.
    assert [page for _, page in scope.page_marks] == [3, 4]
    second_page = scope.body.index("More scope text.")
    assert scope.page_marks[1][0] <= second_page
    assert scope.page_at(0) == 3 and scope.page_at(second_page) == 4
    assert (scope.page_start, scope.page_end) == (3, 4)
    assert block_texts(scope) == ["Scope text that runs onto the next page.", "More scope text."]
    assert rules.body == "Rule text." and rules.page_marks == [(0, 4)]


def test_pdf_without_outline_is_one_section_per_page(tmp_path):
    path = make_pdf(tmp_path / "plain.pdf", [["Page one text."], [], ["Page three text."]])
    doc = read_document(path)
    check_invariants(doc)
    assert doc.title == "plain" and doc.pages == 3
    assert [(s.heading_path, s.level, s.page_marks) for s in doc.sections] == [
        (["plain"], 1, [(0, 1)]),
        (["plain"], 1, [(0, 3)]),  # the blank page 2 has no section
    ]


def test_pdf_title_from_outline_and_unfound_heading(tmp_path):
    path = make_pdf(
        tmp_path / "x.pdf",
        [["Opening words."], ["Body of chapter one."]],
        outline=[("Chapter One", 1, 1)],
    )
    doc = read_document(path)
    check_invariants(doc)
    assert doc.title == "Chapter One"
    # The title is not printed on its page: the section starts at the page start.
    assert doc.sections[-1].body == "Body of chapter one."
    assert doc.sections[-1].page_marks == [(0, 2)]


def test_pdf_heading_found_after_a_page_number(tmp_path):
    pages = [["Cover."], ["12   Chapter   TWO", "Chapter two text."]]
    doc = read_document(make_pdf(tmp_path / "n.pdf", pages, outline=[("Chapter Two", 1, 1)]))
    check_invariants(doc)
    assert doc.sections[-1].heading_path == ["Chapter Two"]
    assert doc.sections[-1].body == "Chapter two text."


def test_pdf_paragraphs_split_at_sentence_ends(tmp_path):
    lines = ["First sentence ends here.", "Second paragraph starts", "and goes on.", "* a bullet"]
    doc = read_document(make_pdf(tmp_path / "p.pdf", [lines]))
    check_invariants(doc)
    (section,) = doc.sections
    assert block_texts(section) == [
        "First sentence ends here.",
        "Second paragraph starts and goes on.",  # a wrapped line joined (pdf_reflow)
        "* a bullet",
    ]
    assert [b.kind for b in section.blocks] == [PARAGRAPH, PARAGRAPH, LIST]


def test_pdf_encrypted_with_empty_user_password_opens(tmp_path):
    doc = read_document(make_pdf(tmp_path / "owner.pdf", [["Open content."]], user_password=""))
    assert doc.sections[0].body == "Open content."


# ---------------------------------------------------------------- dispatch and errors


def test_supported_suffixes_and_case_insensitive_dispatch(tmp_path):
    assert SUPPORTED_SUFFIXES == {".md", ".markdown", ".txt", ".text", ".pdf", ".html", ".htm",
                                  ".docx", ".rst", ".odt", ".epub"}
    assert read_document(write(tmp_path, "E.RST", "Hi\n==\n\nx\n")).format == "rst"
    assert read_document(write(tmp_path, "D.HTM", "<h1>Hi</h1><p>x</p>")).format == "html"
    assert read_document(write(tmp_path, "A.MD", "# Hi\n\nx\n")).format == "markdown"
    assert read_document(write(tmp_path, "B.Txt", "x\n")).format == "text"
    assert read_document(make_pdf(tmp_path / "C.PDF", [["x"]])).format == "pdf"


def _truncated_pdf(tmp_path):
    path = make_pdf(tmp_path / "whole.pdf", [["Hello"] * 20, ["World"]])
    data = path.read_bytes()
    return write(tmp_path, "cut.pdf", data[: len(data) // 2])


BAD_INPUTS = {
    "empty md": (lambda t: write(t, "e.md", ""), "empty"),
    "whitespace txt": (lambda t: write(t, "e.txt", " \n\t\n"), "empty"),
    "empty pdf": (lambda t: write(t, "e.pdf", b""), "empty"),
    "binary md": (lambda t: write(t, "img.md", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "binary"),
    "no encoding reads it": (lambda t: write(t, "noise.txt", bytes(range(1, 256)) * 9),
                             "no text encoding"),
    "NUL bytes txt": (lambda t: write(t, "nul.txt", b"text\x00more"), "binary"),
    "garbage pdf": (lambda t: write(t, "g.pdf", b"this is not a pdf at all" * 20), "not a PDF"),
    "garbage after header": (
        lambda t: write(t, "h.pdf", b"%PDF-1.7\n" + bytes(range(256)) * 4),
        "damaged",
    ),
    "truncated pdf": (_truncated_pdf, "damaged"),
    "encrypted pdf": (
        lambda t: make_pdf(t / "enc.pdf", [["Secret"]], user_password="secret"),
        "password",
    ),
    "blank pdf": (lambda t: make_pdf(t / "scan.pdf", [[], []]), "no text layer"),
    "unsupported": (lambda t: write(t, "x.doc", b"\xd0\xcf\x11\xe0"), "unsupported"),
    "missing": (lambda t: t / "gone.md", "does not exist"),
    "folder": (lambda t: (t / "dir.md").mkdir() or t / "dir.md", "folder"),
}


@pytest.mark.parametrize("case", BAD_INPUTS, ids=list(BAD_INPUTS))
def test_bad_inputs_raise_read_error(tmp_path, case):
    make, words = BAD_INPUTS[case]
    with pytest.raises(ReadError, match=words):
        read_document(make(tmp_path))


def test_truncated_pdf_mentions_truncation(tmp_path):
    with pytest.raises(ReadError, match="truncated"):
        read_document(_truncated_pdf(tmp_path))


def test_pypdf_errors_outside_its_hierarchy_become_read_errors(tmp_path, monkeypatch):
    from pypdf import PageObject, PdfReader
    from pypdf.errors import DependencyError

    path = make_pdf(tmp_path / "ok.pdf", [["Fine."], ["Also fine."]])

    def broken_extract(self, *args, **kwargs):
        raise NotImplementedError("unsupported filter /JBIG2Decode")

    monkeypatch.setattr(PageObject, "extract_text", broken_extract)
    with pytest.raises(ReadError, match="damaged: page 1 .*JBIG2"):
        read_document(path)
    monkeypatch.undo()

    def needs_aes(self, password):
        raise DependencyError("cryptography>=3.1 is required for AES algorithm")

    encrypted = make_pdf(tmp_path / "aes.pdf", [["Fine."]], user_password="")
    monkeypatch.setattr(PdfReader, "decrypt", needs_aes)
    with pytest.raises(ReadError, match="AES.*cryptography"):
        read_document(encrypted)
    monkeypatch.undo()

    def bad_init(self, *args, **kwargs):
        raise ValueError("invalid literal for int() with base 10: b'x'")

    monkeypatch.setattr(PdfReader, "__init__", bad_init)
    with pytest.raises(ReadError, match="damaged: invalid literal"):
        read_document(path)


# ---------------------------------------------------------------- reasons the window can word

@pytest.mark.parametrize("case", BAD_INPUTS, ids=list(BAD_INPUTS))
def test_every_read_error_is_a_message_the_window_can_word(tmp_path, case):
    """Why a file could not be read is a marked message (app/common/said.py):
    its English text as before, and a template with the values apart."""
    from app.common.said import Said, from_json, to_json

    make, _ = BAD_INPUTS[case]
    with pytest.raises(ReadError) as raised:
        read_document(make(tmp_path))
    reason = raised.value.args[0]
    assert isinstance(reason, Said), reason
    assert str(raised.value) == reason == Said(reason.template, **reason.values)
    stored = from_json(to_json(reason), "")
    assert (stored.template, stored.values, stored) == (reason.template, reason.values, reason)


def test_a_read_error_keeps_the_data_apart_from_its_words(tmp_path, monkeypatch):
    from pypdf import PageObject

    with pytest.raises(ReadError) as raised:
        read_document(write(tmp_path, "x.doc", b"\xd0\xcf\x11\xe0"))
    reason = raised.value.args[0]
    assert (reason.template, reason.values) == ("unsupported file type {suffix}",
                                                {"suffix": "'.doc'"})
    assert reason == "unsupported file type '.doc'"

    def broken_extract(self, *args, **kwargs):
        raise NotImplementedError("unsupported filter /JBIG2Decode")

    path = make_pdf(tmp_path / "ok.pdf", [["Fine."], ["Also fine."]])
    monkeypatch.setattr(PageObject, "extract_text", broken_extract)
    with pytest.raises(ReadError) as raised:
        read_document(path)
    reason = raised.value.args[0]
    assert reason.template == "the PDF is damaged: page {page} cannot be read ({error})"
    assert reason.values == {"page": 1, "error": "unsupported filter /JBIG2Decode"}
    monkeypatch.undo()

    blank = make_pdf(tmp_path / "scan.pdf", [[], []])
    with pytest.raises(ReadError) as raised:
        read_document(blank, ocr=False)
    reason = raised.value.args[0]
    assert (reason.template, reason.values) == (
        "the PDF has no text layer (scanned images?); it would need OCR, which is switched off",
        {})


def test_a_reason_crosses_the_reader_process_whole(tmp_path):
    """The reader process sends the message itself back, not its text."""
    from app.common.said import Said
    from app.common.said import message_of
    from app.ingest.reader_process import ReaderProcess

    bad = write(tmp_path, "bad.docx", b"PK\x03\x04 not really a zip")
    empty = write(tmp_path, "empty.md", "")
    with ReaderProcess() as reader:
        with pytest.raises(ReadError) as raised:
            reader.read(bad)
        reason = message_of(raised.value)
        assert isinstance(reason, Said)
        assert reason.template == ("not a Word document: the file is not a valid .docx package "
                                   "({error})")
        assert reason.values == {"error": "File is not a zip file"}
        assert reason == str(raised.value) == ("not a Word document: the file is not a valid "
                                               ".docx package (File is not a zip file)")
        with pytest.raises(ReadError) as raised:
            reader.read(empty)
        assert message_of(raised.value).template == "the file is empty"
    assert message_of(ReadError("plain words")) == "plain words"  # not marked: its text


# ---------------------------------------------------------------- PDFs without an outline

def _styled_handbook(tmp_path, extra_first_page=(), header=None):
    first = [("Employee Handbook", 1), ("1. Leave", 2),
             "Annual leave is 25 days per year. It is paid in full.", ("1.1 Carry-over", 3),
             "Up to five days can be carried over.", *extra_first_page]
    second = [("2. Travel", 2), "Book trips through the travel portal.",
              ("Per diem rates", 3), "Breakfast is 15 EUR."]
    pages = [first, second]
    if header:
        pages = [[(header, 1), *page] for page in pages] * 2
    return make_pdf(tmp_path / "printed.pdf", pages, title="Employee Handbook")


def test_pdf_without_outline_gets_its_headings_from_the_layout(tmp_path):
    doc = read_document(_styled_handbook(tmp_path))
    check_invariants(doc)
    assert [(s.heading_path, s.page_start) for s in doc.sections] == [
        (["Employee Handbook", "1. Leave"], 1),
        (["Employee Handbook", "1. Leave", "1.1 Carry-over"], 1),
        (["Employee Handbook", "2. Travel"], 2),
        (["Employee Handbook", "2. Travel", "Per diem rates"], 2)]


def test_bold_table_rows_and_sentences_are_not_headings(tmp_path):
    doc = read_document(_styled_handbook(tmp_path, extra_first_page=[
        ("Grade    Hotel    Meals", 4), "A    150    40",
        ("This whole sentence is printed in bold for emphasis.", 4)]))
    headings = {s.heading_path[-1] for s in doc.sections}
    assert not any("Grade" in h or "emphasis" in h for h in headings)
    assert "Grade    Hotel    Meals" in doc.sections[1].body


def test_a_running_header_set_large_is_not_a_heading(tmp_path):
    doc = read_document(_styled_handbook(tmp_path, header="ACME CONFIDENTIAL"))
    assert all("ACME" not in h for s in doc.sections for h in s.heading_path)
    assert {s.heading_path[-1] for s in doc.sections} >= {"1. Leave", "Per diem rates"}


def test_a_heading_wrapped_over_two_lines_is_one(tmp_path):
    pages = [[("Reimbursement of travel, accommodation and meal expenses for", 2),
              ("employees on assignment abroad", 2), "Claims are paid within 30 days.",
              ("Another section", 2), "Text."]]
    doc = read_document(make_pdf(tmp_path / "wrapped.pdf", pages))
    assert doc.sections[0].heading_path[-1] == (
        "Reimbursement of travel, accommodation and meal expenses for employees on "
        "assignment abroad")


def test_a_manual_pages_bold_terms_are_not_headings(tmp_path):
    """groff prints a manual's headings in bold at body size left of the text,
    and its definition terms in bold too, at the text's edge with the
    definition indented under them: the terms stay in their section."""
    page = [("NAME", 4, 0), ("bash - GNU Bourne-Again SHell", None, 36),
            ("OPTIONS", 4, 0), ("All of the options can be given when the shell starts.", None, 36),
            ("--norc", 4, 36), ("Do not read the personal startup file.", None, 72),
            ("--posix", 4, 36), ("Change the behaviour to match the standard.", None, 72),
            ("Shell Variables", 4, 15), ("These variables are set by the shell.", None, 36),
            ("HISTSIZE", 4, 36), ("The number of commands remembered in the history.", None, 72),
            ("BUILTINS", 4, 0), ("Builtins run inside the shell.", None, 36),
            ("cd", 4, 36), ("Change the current directory.", None, 72)]
    doc = read_document(make_pdf(tmp_path / "bash.pdf", [page, page]))
    check_invariants(doc)
    headings = [s.heading_path[-1] for s in doc.sections]
    assert headings[:5] == ["NAME", "OPTIONS", "Shell Variables", "BUILTINS", "NAME"]
    # a subsection, bold at body size as its section, sits under it by its indent
    assert doc.sections[2].heading_path[-2:] == ["OPTIONS", "Shell Variables"]
    assert doc.sections[3].heading_path[-1:] == ["BUILTINS"]
    assert "OPTIONS" not in doc.sections[3].heading_path
    options = doc.sections[1]
    assert "--norc" in options.body and "--posix" in options.body
    assert "HISTSIZE" in doc.sections[2].body and "cd" in doc.sections[3].body
    # each term is a block of its own, which the chunker puts before the
    # children of its definition (chunking.fitted.label_text)
    terms = [s.body[b.start:b.end] for s in doc.sections for b in s.blocks if b.kind == TERM]
    assert terms == ["--norc", "--posix", "HISTSIZE", "cd"] * 2
    definition = next(b for b in options.blocks
                      if options.body[b.start:b.end].startswith("Do not read"))
    assert definition.kind == PARAGRAPH


def test_bold_lines_flush_with_the_text_stay_headings_where_none_stands_left_of_it(tmp_path):
    """A word processor prints headings at the text's left edge: those stay."""
    page = [("Leave", 4, 0), "Annual leave is 25 days per year.",
            ("Travel", 4, 0), "Book trips through the travel portal.",
            ("Expenses", 4, 0), "Claims are paid within 30 days.",
            ("Badges", 4, 0), "Lost badges are replaced at reception."]
    doc = read_document(make_pdf(tmp_path / "flush.pdf", [page]))
    assert [s.heading_path[-1] for s in doc.sections] == ["Leave", "Travel", "Expenses", "Badges"]
    assert not [b for s in doc.sections for b in s.blocks if b.kind == TERM]


# ---------------------------------------------------------------- plain text layouts

MAN_PAGE = """\
BACKUP(1)                 Acme Tools                 BACKUP(1)

NAME
       backup - copy the shared drive to the archive

SYNOPSIS
       backup [--full] [--since DATE] TARGET

DESCRIPTION
       Backup copies every file changed since the last run. A full
       run copies everything and takes about four hours.

EXIT STATUS
       0 on success, 2 when the archive is full.
"""

RFC = """\
Acme Working Group                                          A. Writer
Request for Comments: 9999                                 March 2026

1.  Introduction

   This memo describes the leave request protocol used by Acme.

2.  Requests

2.1.  Request Format

   A request is one line of text with the dates and the kind of leave.

Appendix Notes

   The protocol has no version field; later versions add one.
"""

TABLE_TXT = """\
Hotel limits

The limits below apply to every trip booked through the portal.

City      Limit     Meals
London    180       45

2026      150       40

Ask the travel desk before you book anything above these limits.
"""


def test_a_man_page_gets_its_sections(tmp_path):
    doc = read_document(write(tmp_path, "backup.txt", MAN_PAGE))
    check_invariants(doc)
    headings = [s.heading_path[-1] for s in doc.sections]
    assert headings == ["NAME", "SYNOPSIS", "DESCRIPTION", "EXIT STATUS"]
    description = doc.sections[2]
    assert "A full run copies everything" in description.body, "groff's line breaks joined"


MAN_PAGE_SAVED = """\
GREPISH(1)                    User Commands                   GREPISH(1)

NAME
       grepish - print lines that match patterns

OPTIONS
   Output Line Prefix Control
       -n, --line-number
              Prefix each line of output with the 1-based line number
              within its input file, as the direc\u2010
              tory listing does.

   Context Line Control
       -A NUM, --after-context=NUM
              Print NUM lines of trailing context after matching lines.

EXIT STATUS
       0      A line was selected.

       2      Could not read a file. Permissions?

       3      Out of memory.

SEE ALSO
       grep(1), sed(1)

GNU grepish 3.8                     2019-12-29                   GREPISH(1)
"""


def test_a_man_page_saved_as_text_is_titled_by_its_header_and_read_as_a_user_reads_it(
        tmp_path):
    """Every man page used to be titled "NAME" (its first heading) and the
    command's name reached none of its children."""
    doc = read_document(write(tmp_path, "grepish.txt", MAN_PAGE_SAVED))
    check_invariants(doc)
    assert doc.title == "GREPISH(1) — User Commands"
    assert [s.heading_path for s in doc.sections] == [
        ["NAME"], ["OPTIONS", "Output Line Prefix Control"],
        ["OPTIONS", "Context Line Control"], ["EXIT STATUS"], ["SEE ALSO"]]
    prefix = doc.sections[1].body
    assert prefix.startswith("-n, --line-number\n"), "an option's name keeps its own line"
    assert "line number within its input file, as the directory listing does." in prefix
    assert "GNU grepish" not in doc.sections[-1].body, "the footer is no text of a section"
    assert all("User Commands" not in s.body for s in doc.sections)


def test_a_man_page_saved_through_col_reads_as_one_saved_with_spaces(tmp_path):
    """`man ls | col -b > ls.txt` writes tabs where runs of spaces reach a tab
    stop: a description's lines were taken for table rows and never joined."""
    tabbed = "\n".join(line.replace(" " * 14, "\t      ", 1) if line.startswith(" " * 14)
                       else line for line in MAN_PAGE_SAVED.split("\n"))
    assert "\t" in tabbed
    doc = read_document(write(tmp_path, "grepish.txt", tabbed))
    check_invariants(doc)
    spaced = read_document(write(tmp_path, "spaced.txt", MAN_PAGE_SAVED))
    assert [s.body for s in doc.sections] == [s.body for s in spaced.sections]
    assert [s.blocks for s in doc.sections] == [s.blocks for s in spaced.sections]


def test_a_man_pages_option_names_are_terms_and_its_tags_and_bullets_are_not(tmp_path):
    """An option's name (a line of its own, its description indented deeper)
    names what follows, as a <dt> does: the chunker embeds it with every
    child of the description. An exit code set inline with its text
    ("0      A line was selected.") and a bullet are no terms; of a tag
    run on with its wrapped text, only the tag is."""
    page = MAN_PAGE_SAVED.replace(
        "EXIT STATUS", "   Notes\n       \u2022 one\n         wrapped bullet\n\n"
        "       -prune True; if the file is a directory, do not descend into it.  If\n"
        "              -depth is given, then -prune has no effect.\n\n"
        "       -R port:host:hostport\n       -R port\n"
        "              Forward the remote port to the local side.\n\n"
        "              When this option is not used, the port stays closed and\n"
        "              the connection is refused; see the online resource:\n"
        "               https://example.com/ports\n\n"
        "               curl -F '=(;type=multipart' \\\n"
        "                    -F '=)' smtp://example.com\n\nEXIT STATUS")
    doc = read_document(write(tmp_path, "grepish.txt", page))
    check_invariants(doc)
    terms = [s.body[b.start:b.end] for s in doc.sections for b in s.blocks if b.kind == TERM]
    assert terms == ["-n, --line-number", "-A NUM, --after-context=NUM", "-prune",
                     "-R port:host:hostport\n       -R port"], "an option's forms, a line each"
    prefix = doc.sections[1]
    assert [b.kind for b in prefix.blocks] == [TERM, PARAGRAPH]
    described = prefix.body[prefix.blocks[1].start:prefix.blocks[1].end]
    assert described.startswith("Prefix each line") and described.endswith("listing does.")
    notes = next(s for s in doc.sections if s.heading_path[-1] == "Notes")
    # a command continued on the next line (a backslash) is no term over its text
    # nor are a paragraph's lines over a deeper one (a link set under it)
    assert [b.kind for b in notes.blocks] == [LIST, TERM, PARAGRAPH, TERM, PARAGRAPH, PARAGRAPH,
                                              PARAGRAPH]
    pruned = notes.body[notes.blocks[2].start:notes.blocks[2].end]
    assert pruned.startswith("True; if the file"), "a tag run on with its text: the tag is the term"


def test_a_text_that_only_looks_like_a_man_page_header_keeps_its_lines(tmp_path):
    text = "Leave(2026)   Policy   Travel(2026)\n\nLEAVE\n       Ask two\n       weeks ahead.\n"
    doc = read_document(write(tmp_path, "leave.txt", text))
    check_invariants(doc)
    assert "Ask two\n       weeks ahead." in doc.sections[-1].body


def test_an_rfc_gets_numbered_sections_and_levels(tmp_path):
    doc = read_document(write(tmp_path, "rfc9999.txt", RFC))
    check_invariants(doc)
    assert [s.heading_path for s in doc.sections][1:] == [
        ["1.  Introduction"], ["2.  Requests", "2.1.  Request Format"], ["Appendix Notes"]]


# The shapes of two real plain-text FAQs (xz-utils' faq.txt, Valgrind's FAQ.txt).
QA_FAQ_TXT = """
XZ Utils FAQ
============

Q:  What do the letters XZ mean?

A:  Nothing. They are just two letters, which come from the file format
    suffix .xz.


Q:  Why is liblzma named liblzma if its primary file format is .xz?
    Shouldn't it be e.g. libxz?

A:  When the designing of the .xz format began, the idea was to replace
    the .lzma format.

Q: Can I list an archive?
A: Yes, with xz --list.
"""

NUMBERED_FAQ_TXT = """
Valgrind FAQ
Release 3.19.0 11 Apr 2022

Contents:
1. Background

1.1. How do you pronounce "Valgrind"?
1.2. Where does the name come from?
2.1. How can I improve stack traces?

------------------------------------------------------------------------
1. Background
------------------------------------------------------------------------

1.1. How do you pronounce "Valgrind"?
The "Val" as in the word "value".

Don't feel bad: almost everyone gets it wrong at first.
------------------------------------------------------------------------

------------------------------------------------------------------------
2. Behaviour
------------------------------------------------------------------------

2.1. The stack traces given by Memcheck (or another tool) aren't
helpful. How can I improve them?

Use --num-callers.

   Match position   HHsed   GNU sed
   ---------------------------------
   start of word    \\<      \\< or \\b

2.2. Memcheck doesn't report any errors and I know my program has
errors.

There are two possible causes of this.

Before you report a bug, check:

1. Is the program built with -g?
2. Is it the latest release?
"""


def test_an_faqs_questions_head_their_answers(tmp_path):
    """Each "Q:" heads the answer after it, one level below the FAQ's title,
    wrapped lines joined, up to a blank line or the "A:": the question
    names the section instead of standing in it as text that only restates
    what the reader asked."""
    doc = read_document(write(tmp_path, "faq.txt", QA_FAQ_TXT))
    check_invariants(doc)
    assert doc.title == "XZ Utils FAQ"
    assert [(s.heading_path[1:], s.level) for s in doc.sections] == [
        (["What do the letters XZ mean?"], 2),
        (["Why is liblzma named liblzma if its primary file format is .xz? "
          "Shouldn't it be e.g. libxz?"], 2),
        (["Can I list an archive?"], 2)]
    assert doc.sections[0].body.strip().startswith("A:  Nothing.")
    assert doc.sections[2].body.strip() == "A: Yes, with xz --list."


def test_numbered_faq_entries_boxed_chapters_and_rules_that_separate(tmp_path):
    """Valgrind's FAQ: chapters boxed between rules, entries numbered "N.M."
    whose text follows with no blank line; an entry that states its problem
    instead of asking is one too, once questions show what the numbers are.
    A sentence over a rule longer than it is no heading, and a list of
    questions stays a list, and so does a table of contents. Its first
    heading is a chapter, so the file names the document."""
    doc = read_document(write(tmp_path, "valgrind-FAQ.txt", NUMBERED_FAQ_TXT))
    check_invariants(doc)
    assert doc.title == "valgrind-FAQ"
    assert [s.heading_path for s in doc.sections[1:]] == [
        ["1. Background", '1.1. How do you pronounce "Valgrind"?'],
        ["2. Behaviour", "2.1. The stack traces given by Memcheck (or another tool) aren't "
                         "helpful. How can I improve them?"],
        ["2. Behaviour", "2.2. Memcheck doesn't report any errors and I know my program has "
                         "errors."]]
    assert "1.2. Where does the name come from?\n2.1. How can" in doc.sections[0].body
    assert "Don't feel bad" in doc.sections[1].body
    assert "Match position   HHsed" in doc.sections[2].body, "a table's header is no heading"
    assert "1. Is the program built with -g?\n2. Is it" in doc.sections[-1].body


@pytest.mark.parametrize("name, text, headings", [
    # a "Q:" whose answer has no "A:" keeps its answer as text
    ("printer.txt", "Printer FAQ\n===========\n\nQ: How do I reset it?\nHold the button.\n",
     ["Printer FAQ", "How do I reset it?"]),
    # "Question:" in prose asks nothing on a line of its own
    ("readme.txt", "Tool\n====\n\nQuestion: does it run on Windows? Not yet, but a\n"
                   "port is planned.\n", ["Tool"]),
    # one question among numbered clauses does not make the clauses headings
    ("policy.txt", "Policy\n\n3.1. Can staff work from home?\nYes, two days.\n\n"
                   "3.2. Staff must agree their days.\n\n3.3. Managers may refuse.\n\n"
                   "3.4. Is it paid?\nYes.\n", ["3.1. Can staff work from home?",
                                                  "3.4. Is it paid?"]),
    # an answer starting with a number is no list's next item
    ("disk.txt", "Disk FAQ\n\n1.1. How fast is it?\n100 MB/s on a laptop.\n",
     ["Disk FAQ", "1.1. How fast is it?"]),
    # a year is no chapter number; an RFC's title keeps its spaces
    ("guide.txt", "2024 Benefits Guide\n===================\n\nThe benefits.\n\n"
                  "1.  Introduction\n================\n\nWhat it is.\n",
     ["2024 Benefits Guide", "1.  Introduction"]),
    # a table's header or a warning between rules is no heading, nor are records apart by rules
    ("boxes.txt", "Prices\n\n------------------------\nOffice   Desk   Room\n"
                  "------------------------\n\n------------------------\n"
                  "WARNING: back up first.\n------------------------\n\nFirst record.\n-----\n"
                  "Second record\n-----\nThird record.\n", []),
    # a command over a long separator rule is no heading
    ("run.txt", "Run FAQ\n\n1.1. How do I run it?\nType this:\n\n"
                "valgrind --leak-check=full ./prog\n" + "-" * 72 + "\n\n1.2. Is it fast?\nNo.\n",
     ["1.1. How do I run it?", "1.2. Is it fast?"]),
])
def test_text_headings_never_swallow_text(tmp_path, name, text, headings):
    """Every word of the file stays in a section's text or a short heading,
    and only the layouts meant as headings become headings."""
    import re as regex

    doc = read_document(write(tmp_path, name, text))
    check_invariants(doc)
    kept = " ".join(s.body + " " + " ".join(s.heading_path) for s in doc.sections)
    for word in regex.findall(r"[A-Za-z0-9]+", text):
        assert word in kept, f"{word!r} was lost"
    found = [h for s in doc.sections for h in s.heading_path]
    assert all(len(h) <= 300 for h in found)
    assert [h for h in headings if h not in found] == []
    assert not any(h.startswith(("Office", "WARNING", "First", "Second", "valgrind", "3.2.", "3.3."))
                   for h in found)


def test_table_rows_in_text_are_never_headings(tmp_path):
    doc = read_document(write(tmp_path, "limits.txt", TABLE_TXT))
    check_invariants(doc)
    assert [s.heading_path for s in doc.sections] == [["Hotel limits"]]
    assert "2026      150       40" in doc.sections[0].body


def test_a_scan_where_the_ocr_engine_cannot_start_says_why(tmp_path, monkeypatch):
    from app.ingest.readers import ocr

    def missing(*args, **kwargs):
        raise ImportError("No module named 'PIL'")

    monkeypatch.setattr(ocr, "read_pages", missing)
    with pytest.raises(ReadError, match=r"would need OCR, which could not start here \(No mod"):
        read_document(make_pdf(tmp_path / "scan.pdf", [[]]))
