"""Word documents (.docx) keep their structure: headings, lists, tables, code."""
import pytest

from app.common.documents import CODE, LIST, PARAGRAPH, TABLE, TERM, ReadError
from app.common.said import Said
from app.ingest.readers import SUPPORTED_SUFFIXES, read_document
from tests.test_readers import check_invariants
from tests.wordgen import handbook, replace_part, without_styles, zip_bomb


@pytest.fixture(scope="module")
def document(tmp_path_factory):
    return read_document(handbook(tmp_path_factory.mktemp("word") / "handbook.docx"))


def test_docx_is_read():
    assert ".docx" in SUPPORTED_SUFFIXES


def test_headings_title_and_offsets(document):
    check_invariants(document)
    assert document.format == "docx" and document.title == "Employee Handbook"
    assert [s.heading_path for s in document.sections] == [
        ["Employee Handbook"], ["Leave"], ["Leave", "Carry-over"], ["Travel"],
        ["Appendix by outline level"]]
    assert document.sections[0].body == "Welcome to Acme. Read this first."


def test_lists_keep_their_kind_and_depth(document):
    carry_over = document.sections[2]
    assert [b.kind for b in carry_over.blocks] == [LIST, LIST]
    bullets, numbers = (carry_over.body[b.start:b.end] for b in carry_over.blocks)
    assert bullets == "- Up to 5 days\n  - Only until 31 March\n- Ask your manager"
    assert numbers == "1. Fill in the form\n2. Send it to HR"


def test_tables_code_and_terms(document):
    travel = document.sections[3]
    table, code, term, definition = travel.blocks
    assert table.kind == TABLE and table.table.header == ["City", "Hotel limit"]
    assert [row.cells for row in table.table.rows] == [["London", "£180"], ["Paris", "150 €"]]
    assert code.kind == CODE
    assert travel.body[code.start:code.end] == "def refund(claim):\n    return claim.total"
    assert term.kind == TERM and travel.body[term.start:term.end] == "per_diem_rate"
    assert definition.kind == PARAGRAPH


def test_line_breaks_and_what_is_left_out(document):
    assert "First line\nsecond line" in document.sections[-1].body
    for furniture in ("Confidential", "Page footer text"):
        assert furniture not in document.text


@pytest.mark.parametrize("make, words", [
    (lambda t: t.write_bytes(b"PK\x03\x04 not really a zip") and t, "not a valid .docx"),
    (lambda t: t.write_bytes(b"") or t, "not a valid .docx"),
    (lambda t: zip_bomb(t), "zip bomb"),
], ids=["corrupt zip", "empty", "zip bomb"])
def test_broken_packages_are_refused_in_words(tmp_path, make, words):
    with pytest.raises(ReadError, match=words) as raised:
        read_document(make(tmp_path / "bad.docx"))
    reason = raised.value.args[0]  # a message the window words (app/common/said.py)
    assert isinstance(reason, Said) and reason == Said(reason.template, **reason.values)


def test_a_truncated_docx(tmp_path):
    data = handbook(tmp_path / "whole.docx").read_bytes()
    (tmp_path / "cut.docx").write_bytes(data[: len(data) // 2])
    with pytest.raises(ReadError, match="not a valid .docx"):
        read_document(tmp_path / "cut.docx")


def test_another_office_format_renamed(tmp_path):
    import zipfile

    with zipfile.ZipFile(tmp_path / "sheet.docx", "w") as package:
        package.writestr("xl/workbook.xml", "<workbook/>")
    with pytest.raises(ReadError, match="no word/document.xml"):
        read_document(tmp_path / "sheet.docx")


def test_billion_laughs_is_not_expanded(tmp_path):
    laughs = ('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
              + "".join(f'<!ENTITY lol{i} "{("&lol%s;" % (i - 1 if i > 1 else "")) * 10}">'
                        for i in range(1, 10))
              + ']><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
              '<w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p>'
              '<w:p><w:r><w:t>Plain text survives.</w:t></w:r></w:p></w:body></w:document>')
    path = replace_part(handbook(tmp_path / "ok.docx"), tmp_path / "lol.docx",
                        "word/document.xml", laughs.encode())
    try:
        document = read_document(path)
    except ReadError as error:
        assert str(error)  # refused in words is fine too
        return
    assert len(document.text) < 10_000  # 10^9 "lol"s were never written out
    assert "Plain text survives." in document.text


def test_embedded_objects_leave_the_text_alone(tmp_path):
    ole = ('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
           'xmlns:o="urn:schemas-microsoft-com:office:office" '
           'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
           '<w:body><w:p><w:r><w:t>Before the object.</w:t></w:r>'
           '<w:r><w:object><o:OLEObject ProgID="Excel.Sheet.12" r:id="rId99"/></w:object></w:r>'
           '<w:r><w:t> After it.</w:t></w:r></w:p></w:body></w:document>')
    path = replace_part(handbook(tmp_path / "ok.docx"), tmp_path / "ole.docx",
                        "word/document.xml", ole.encode())
    assert read_document(path).sections[0].body == "Before the object. After it."


def test_a_body_with_no_text(tmp_path):
    empty = ('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
             '<w:body><w:p/></w:body></w:document>')
    path = replace_part(handbook(tmp_path / "ok.docx"), tmp_path / "empty.docx",
                        "word/document.xml", empty.encode())
    with pytest.raises(ReadError, match="no text"):
        read_document(path)


def test_a_file_without_a_styles_part_keeps_its_headings(tmp_path):
    path = without_styles(tmp_path / "travel-notes.docx", [
        ("Title", "Travel Policy"), ("Heading1", "Booking"), (None, "Book trains early."),
        ("Heading2", "Hotels"), (None, "Hotels up to 160 EUR."), ("Heading1", "Claims"),
        (None, "Claim within 30 days.")])
    document = read_document(path)
    check_invariants(document)
    assert document.title == "Travel Policy"
    assert [(s.heading_path, s.body) for s in document.sections] == [
        (["Booking"], "Book trains early."), (["Booking", "Hotels"], "Hotels up to 160 EUR."),
        (["Claims"], "Claim within 30 days.")]


def test_a_file_without_properties_is_titled_by_its_name_never_its_format(tmp_path):
    path = without_styles(tmp_path / "travel-notes.docx", [(None, "Book trains early.")])
    document = read_document(path)
    assert document.title == "travel-notes"
    assert document.sections[0].heading_path == ["travel-notes"]
