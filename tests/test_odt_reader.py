"""OpenDocument text (.odt) keeps its structure; broken and hostile files are refused in words."""
import zipfile

import pytest

from app.common.documents import CODE, LIST, PARAGRAPH, TABLE, TERM, ReadError
from app.common.said import Said
from app.ingest.readers import SUPPORTED_SUFFIXES, read_document
from tests.odtgen import ENCRYPTED_MANIFEST, META, content, laughs, odt
from tests.test_readers import block_texts, check_invariants
from tests.wordgen import zip_bomb


@pytest.fixture(scope="module")
def document(tmp_path_factory):
    return read_document(odt(tmp_path_factory.mktemp("odt") / "handbook.odt"))


def test_odt_is_read():
    assert ".odt" in SUPPORTED_SUFFIXES


def test_headings_title_and_offsets(document):
    check_invariants(document)
    assert document.format == "odt" and document.title == "Employee Handbook"
    assert [s.heading_path for s in document.sections] == [
        ["Employee Handbook"], ["Leave"], ["Leave", "Carry-over"], ["Travel"], ["Appendix"]]
    # spaces written as text:s collapse like any run of spaces; the footnote,
    # the comment and the generated table of contents are left out
    assert document.sections[0].body == "Welcome to Acme. Read this first."
    assert document.sections[1].body == "Annual leave is 25 days per year.\nSecond line."


def test_lists_keep_their_kind_and_depth(document):
    carry_over = document.sections[2]
    assert [b.kind for b in carry_over.blocks] == [LIST, LIST]
    assert block_texts(carry_over) == [
        "- Up to 5 days\n  - Only until 31 March\n- Ask your manager",
        "1. Fill in the form\n2. Send it to HR"]


def test_tables_code_and_terms(document):
    travel = document.sections[3]
    table, code, term, definition, beside = travel.blocks
    assert table.kind == TABLE and table.table.header == ["City", "Hotel limit"]
    assert [row.cells for row in table.table.rows] == [["London", "£180"], ["Paris", "150 €"]]
    assert code.kind == CODE  # the preformatted style, through the automatic style P1
    assert travel.body[code.start:code.end] == "def refund(claim):\n    return claim.total"
    assert term.kind == TERM and travel.body[term.start:term.end] == "per_diem_rate"
    assert definition.kind == beside.kind == PARAGRAPH
    assert travel.body[beside.start:beside.end] == "Beside the box."


def test_what_is_left_out(document):
    for furniture in ("A footnote", "A comment", "..........", "Text box text", "Deleted words",
                      "1.Leave"):
        assert furniture not in document.text, furniture


def test_merged_and_repeated_cells_keep_their_columns(tmp_path):
    table = """<table:table><table:table-row>
      <table:table-cell><text:p>Kind</text:p></table:table-cell>
      <table:table-cell><text:p>Days</text:p></table:table-cell>
      <table:table-cell><text:p>Paid</text:p></table:table-cell></table:table-row>
    <table:table-row><table:table-cell table:number-columns-spanned="2"><text:p>Sick leave</text:p>
      </table:table-cell><table:covered-table-cell/>
      <table:table-cell><text:p>yes</text:p></table:table-cell></table:table-row>
    <table:table-row table:number-rows-repeated="2">
      <table:table-cell table:number-columns-repeated="3"><text:p>same</text:p></table:table-cell>
    </table:table-row>
    <table:table-row table:number-rows-repeated="100000"><table:table-cell
      table:number-columns-repeated="16384"/></table:table-row></table:table>"""
    doc = read_document(odt(tmp_path / "t.odt", content(table)))
    check_invariants(doc)
    block = doc.sections[0].blocks[0]
    assert block.table.header == ["Kind", "Days", "Paid"]
    assert [row.cells for row in block.table.rows] == [
        ["Sick leave", "", "yes"], ["same"] * 3, ["same"] * 3]


def test_without_a_title_paragraph_meta_names_it(tmp_path):
    doc = read_document(odt(tmp_path / "m.odt", content('<text:h text:outline-level="2">Rules'
                                                        '</text:h><text:p>Text.</text:p>')))
    assert doc.title == "Handbook from meta.xml"
    assert doc.sections[0].heading_path == ["Handbook from meta.xml", "Rules"]


# ---------------------------------------------------------------- broken and hostile

def _renamed_spreadsheet(path):
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("content.xml", content().replace("office:text>", "office:spreadsheet>"))
    return path


@pytest.mark.parametrize("make, words", [
    (lambda p: p.write_bytes(b"PK\x03\x04 not really a zip") and p, "not a valid .odt"),
    (lambda p: p.write_bytes(b"") or p, "not a valid .odt"),
    (lambda p: zip_bomb(p, member_name="content.xml"), "zip bomb"),
    (lambda p: odt(p, extra={"META-INF/manifest.xml": ENCRYPTED_MANIFEST}), "password"),
    (lambda p: odt(p, "<office:document-content><unclosed>"), "not well-formed"),
    (_renamed_spreadsheet, "spreadsheet"),
    (lambda p: odt(p, content("<text:p> </text:p>")), "no text"),
], ids=["corrupt zip", "empty", "zip bomb", "encrypted", "broken xml", "spreadsheet", "no text"])
def test_broken_packages_are_refused_in_words(tmp_path, make, words):
    with pytest.raises(ReadError, match=words) as raised:
        read_document(make(tmp_path / "bad.odt"))
    reason = raised.value.args[0]  # a message the window words (app/common/said.py)
    assert isinstance(reason, Said) and reason == Said(reason.template, **reason.values)


def test_a_truncated_odt(tmp_path):
    data = odt(tmp_path / "whole.odt").read_bytes()
    (tmp_path / "cut.odt").write_bytes(data[: len(data) // 2])
    with pytest.raises(ReadError, match="not a valid .odt"):
        read_document(tmp_path / "cut.odt")


def test_billion_laughs_is_not_expanded(tmp_path):
    try:
        doc = read_document(odt(tmp_path / "lol.odt", laughs()))
    except ReadError as error:
        assert "billion laughs" in str(error)  # refused in words is fine too
        return
    assert len(doc.text) < 10_000 and "Plain text survives." in doc.text


def test_an_external_entity_is_never_read(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("the secret line")
    doctype = f'<!DOCTYPE office:document-content [<!ENTITY x SYSTEM "file://{secret}">]>'
    xml = content("<text:p>Before &x; after.</text:p>", doctype)
    doc = read_document(odt(tmp_path / "xxe.odt", xml))
    assert "secret" not in doc.text and "Before" in doc.text


def test_a_damaged_meta_costs_only_the_title(tmp_path):
    doc = read_document(odt(tmp_path / "m.odt", content("<text:p>Text.</text:p>"),
                            extra={"meta.xml": META[:40]}))
    assert doc.title == "m" and doc.sections[0].body == "Text."


def test_a_paragraph_wholly_in_bold_is_a_term_for_what_follows(tmp_path):
    """Bold comes from an automatic text style (what pandoc and LibreOffice
    write for **FreeBSD**); a bold word inside a sentence is still a paragraph."""
    bold = ('<style:style style:name="T1" style:family="text"><style:text-properties '
            'fo:font-weight="bold"/></style:style></office:automatic-styles>')
    body = ('<text:h text:outline-level="1">Kernel</text:h>'
            '<text:p><text:span text:style-name="T1">FreeBSD</text:span></text:p>'
            '<text:p>Set kern.ipc.shmall.</text:p>'
            '<text:p><text:span text:style-name="T1">Note:</text:span> reboot after.</text:p>')
    xml = content(body).replace("</office:automatic-styles>", bold)
    (section,) = read_document(odt(tmp_path / "kernel.odt", xml)).sections
    assert [b.kind for b in section.blocks] == [TERM, PARAGRAPH, PARAGRAPH]
    assert block_texts(section, TERM) == ["FreeBSD"]
