"""EPUB books are read chapter by chapter in spine order, with the HTML reader's structure."""
import pytest

from app.common.documents import CODE, LIST, PARAGRAPH, TABLE, TERM, ReadError
from app.common.said import Said
from app.ingest.readers import SUPPORTED_SUFFIXES, read_document
from tests.epubgen import CONTAINER, OPF, epub, laughs_chapter, laughs_opf, page
from tests.test_readers import block_texts, check_invariants
from tests.wordgen import zip_bomb


@pytest.fixture(scope="module")
def document(tmp_path_factory):
    return read_document(epub(tmp_path_factory.mktemp("epub") / "handbook.epub"))


def test_epub_is_read():
    assert ".epub" in SUPPORTED_SUFFIXES


def test_chapters_in_spine_order_with_the_book_title(document):
    check_invariants(document)
    assert document.format == "epub" and document.title == "Employee Handbook"
    assert [s.heading_path for s in document.sections] == [
        ["Leave"], ["Leave", "Carry-over"], ["Travel"]]  # the navigation page is not text
    assert document.sections[0].body == "Annual leave is 25 days per year."


def test_lists_tables_code_and_terms(document):
    carry_over, travel = document.sections[1:]
    assert block_texts(carry_over, LIST) == [
        "- Up to 5 days\n  - Only until 31 March\n- Ask your manager",
        "1. Fill in the form\n2. Send it to HR"]
    table, code, term, definition = travel.blocks
    assert table.kind == TABLE and table.table.header == ["City", "Hotel limit"]
    assert [row.cells for row in table.table.rows] == [["London", "£180"], ["Paris", "150 €"]]
    assert (code.kind, code.language) == (CODE, "python")
    assert travel.body[code.start:code.end] == "def refund(claim):\n    return claim.total"
    assert (term.kind, definition.kind) == (TERM, PARAGRAPH)


def test_a_book_in_another_folder_layout(tmp_path):
    """The OPF at the root, an HTML chapter beside it in Windows-1252, as old tools wrote them."""
    opf = ('<package xmlns="http://www.idpf.org/2007/opf" version="2.0"><metadata/><manifest>'
           '<item id="c1" href="cong%C3%A9s.html" media-type="text/html"/></manifest>'
           '<spine><itemref idref="c1"/></spine></package>')
    chapter = ('<html><head><meta charset="windows-1252"><title>Congés</title></head><body>'
               '<h1>Congés</h1><p>Vingt-cinq jours.</p></body></html>')
    doc = read_document(epub(tmp_path / "b.epub", {
        "META-INF/container.xml": CONTAINER.replace("OEBPS/content.opf", "book.opf"),
        "book.opf": opf, "congés.html": chapter.encode("cp1252")}))
    check_invariants(doc)
    assert doc.title == "Congés"  # no dc:title: the first heading
    assert [(s.heading_path, s.body) for s in doc.sections] == [(["Congés"], "Vingt-cinq jours.")]


# ---------------------------------------------------------------- broken and hostile

@pytest.mark.parametrize("make, words", [
    (lambda p: p.write_bytes(b"PK\x03\x04 not really a zip") and p, "not a valid .epub"),
    (lambda p: p.write_bytes(b"") or p, "not a valid .epub"),
    (lambda p: zip_bomb(p, member_name="META-INF/container.xml"), "zip bomb"),
    (lambda p: epub(p, without=("META-INF/container.xml",)), "no META-INF/container.xml"),
    (lambda p: epub(p, without=("OEBPS/content.opf",)), "names no package document"),
    (lambda p: epub(p, {"OEBPS/content.opf": OPF.split("<spine>")[0] + "</package>"}),
     "spine lists no chapter"),
    (lambda p: epub(p, {"OEBPS/content.opf": "<package"}), "not well-formed"),
    (lambda p: epub(p, {"OEBPS/text/leave.xhtml": page("x", "<img src='a.png'/>"),
                        "OEBPS/text/travel rules.xhtml": page("y", "")}), "no text"),
    (lambda p: epub(p, {"META-INF/encryption.xml": ENCRYPTION}), "encrypted"),
], ids=["corrupt zip", "empty", "zip bomb", "no container", "no opf", "no spine", "broken opf",
        "pictures only", "drm"])
def test_broken_books_are_refused_in_words(tmp_path, make, words):
    with pytest.raises(ReadError, match=words) as raised:
        read_document(make(tmp_path / "bad.epub"))
    reason = raised.value.args[0]  # a message the window words (app/common/said.py)
    assert isinstance(reason, Said) and reason == Said(reason.template, **reason.values)


ENCRYPTION = """<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"
 xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData>
<enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>
<enc:CipherData><enc:CipherReference URI="OEBPS/text/leave.xhtml"/></enc:CipherData>
</enc:EncryptedData></encryption>"""


def test_obfuscated_fonts_do_not_stop_the_book(tmp_path):
    fonts = ENCRYPTION.replace("OEBPS/text/leave.xhtml", "OEBPS/fonts/serif.otf")
    doc = read_document(epub(tmp_path / "f.epub", {"META-INF/encryption.xml": fonts}))
    assert doc.sections[0].heading_path == ["Leave"]


def test_billion_laughs_is_not_expanded(tmp_path):
    with pytest.raises(ReadError, match="billion laughs"):
        read_document(epub(tmp_path / "opf.epub", {"OEBPS/content.opf": laughs_opf()}))
    doc = read_document(epub(tmp_path / "chapter.epub",
                             {"OEBPS/text/leave.xhtml": laughs_chapter()}))
    assert len(doc.text) < 10_000 and "25 days" in doc.text


def test_remote_resources_are_never_fetched(tmp_path):
    chapter = page("Remote", "<h1>Remote</h1><img src='http://example.com/t.png'/>"
                   "<script src='http://example.com/x.js'></script>"
                   "<iframe src='http://example.com/f'></iframe><p>Only this text.</p>")
    doc = read_document(epub(tmp_path / "r.epub", {"OEBPS/text/leave.xhtml": chapter}))
    assert doc.sections[0].body == "Only this text."
    assert "example.com" not in doc.text
