"""HTML pages as wikis, intranets and site generators export them."""
import socket

import pytest

from app.common.documents import CODE, LIST, PARAGRAPH, TABLE, TERM, ReadError
from app.ingest.readers import SUPPORTED_SUFFIXES, read_document
from tests.test_readers import check_invariants

PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Travel policy – Acme wiki</title>
<style>p { color: red }</style><script>var secret = "do not index";</script></head>
<body>
<header class="site-header"><a href="/">Acme wiki</a> <input name="q"></header>
<nav><ul><li><a href="/a">Home</a></li><li><a href="/b">Policies</a></li></ul></nav>
<main>
<h1>Travel policy</h1>
<p>Book   trips through the
   <a href="https://travel.example.com">travel portal</a>&nbsp;&amp; keep receipts.</p>
<h2>Hotels</h2>
<table><thead><tr><th>City</th><th>Limit per night</th></tr></thead>
<tbody><tr><td>London</td><td>£180</td></tr><tr><td>Paris</td><td>150&nbsp;€</td></tr></tbody></table>
<h2>Per diem</h2>
<ul><li>Breakfast: 15 €</li><li>Lunch: 25 €<ul><li>with a client: 40 €</li></ul></li><li>Dinner: 35 €</li></ul>
<ol><li>Submit the claim</li><li>Attach receipts</li></ol>
<h3>Export script</h3>
<pre><code class="language-python">def export(claims):
    return [c for c in claims if c.approved]
</code></pre>
<dl><dt>per_diem_rate</dt><dd>The daily allowance, in euros.</dd></dl>
<div class="note"><h3>Note</h3><p>Rates change every January.</p></div>
<p>Line one<br>line two</p>
</main>
<footer>© Acme · <a href="/privacy">Privacy</a></footer>
</body></html>"""


def write(tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def test_html_and_htm_are_read():
    assert {".html", ".htm"} <= SUPPORTED_SUFFIXES


def test_a_wiki_page_keeps_its_structure(tmp_path):
    document = read_document(write(tmp_path, "travel.html", PAGE))
    check_invariants(document)
    assert document.format == "html"
    assert document.title == "Travel policy – Acme wiki"  # the page's own <title>
    paths = [section.heading_path for section in document.sections]
    assert paths == [["Travel policy"], ["Travel policy", "Hotels"], ["Travel policy", "Per diem"],
                     ["Travel policy", "Per diem", "Export script"]]
    intro = document.sections[0]
    assert intro.body == "Book trips through the travel portal & keep receipts."


def test_tables_lists_code_and_terms(tmp_path):
    document = read_document(write(tmp_path, "travel.html", PAGE))
    hotels, per_diem, script = document.sections[1:]
    (table,) = hotels.blocks
    assert table.kind == TABLE and table.table.header == ["City", "Limit per night"]
    assert [row.cells for row in table.table.rows] == [["London", "£180"], ["Paris", "150 €"]]
    assert [hotels.body[row.start:row.end] for row in table.table.rows] == [
        "London | £180", "Paris | 150 €"]
    kinds = [block.kind for block in per_diem.blocks]
    assert kinds == [LIST, LIST]
    assert per_diem.body[per_diem.blocks[0].start:per_diem.blocks[0].end] == (
        "- Breakfast: 15 €\n- Lunch: 25 €\n  - with a client: 40 €\n- Dinner: 35 €")
    assert per_diem.body[per_diem.blocks[1].start:per_diem.blocks[1].end] == (
        "1. Submit the claim\n2. Attach receipts")
    code, term, definition, *rest = script.blocks
    assert code.kind == CODE and code.language == "python"
    assert script.body[code.start:code.end].startswith("def export(claims):\n    return")
    assert term.kind == TERM and script.body[term.start:term.end] == "per_diem_rate"
    assert definition.kind == PARAGRAPH
    # a note box's heading titles the box: no section of its own
    assert "Note\n\nRates change every January." in script.body
    assert "Line one\nline two" in script.body


def test_navigation_scripts_and_page_furniture_are_dropped(tmp_path):
    text = read_document(write(tmp_path, "travel.html", PAGE)).text
    for dropped in ("do not index", "color: red", "Acme wiki\n", "Home", "Policies",
                    "Privacy", "©"):
        assert dropped not in text, dropped


def test_without_main_the_body_is_read_and_menus_still_go(tmp_path):
    page = ("<html><body><div id='sidebar'><p>Menu entry</p></div>"
            "<div role='navigation'><p>Jump to</p></div><div class='breadcrumbs'>Home › HR</div>"
            "<h1>Leave</h1><p>Annual leave is 25 days.</p>"
            "<div class='footer'>Last edited by Ann</div></body></html>")
    document = read_document(write(tmp_path, "leave.htm", page))
    assert document.text.strip() == "Leave\n\nAnnual leave is 25 days."
    assert document.title == "Leave"  # no <title>: the first h1


def test_only_the_articles_when_the_page_marks_them(tmp_path):
    page = ("<body><div class='banner'><p>Welcome to the portal</p></div>"
            "<article><h2>Expenses</h2><p>Claims within 30 days.</p></article>"
            "<p>Related: more</p></body>")
    document = read_document(write(tmp_path, "a.html", page))
    assert document.text.strip() == "Expenses\n\nClaims within 30 days."


def test_nothing_is_fetched_and_nothing_runs(tmp_path, monkeypatch):
    def no_network(*args, **kwargs):
        raise AssertionError("the HTML reader opened a socket")

    monkeypatch.setattr(socket, "socket", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    page = ("<html><head><link rel='stylesheet' href='http://example.com/a.css'>"
            "<script src='http://example.com/x.js'></script>"
            "<base href='http://example.com/'></head><body>"
            "<img src='http://example.com/track.png' alt='tracker'>"
            "<iframe src='http://example.com/frame'>frame text</iframe>"
            "<object data='http://example.com/o.swf'>object text</object>"
            "<p onclick='alert(1)'>Visible text</p>"
            "<script>document.write('<p>written by script</p>')</script></body></html>")
    document = read_document(write(tmp_path, "remote.html", page))
    assert document.text.strip() == "Visible text"


def test_entities_and_declared_legacy_charset(tmp_path):
    page = ("<html><head><meta http-equiv='Content-Type' content='text/html; charset=iso-8859-1'>"
            "</head><body><p>Caf\xe9 &amp; cr&egrave;me &#8212; &lt;b&gt; 50&#160;&euro;</p></body></html>")
    document = read_document(write(tmp_path, "menu.html", page.encode("cp1252")))
    assert document.sections[0].body == "Café & crème — <b> 50 €"  # no-break spaces read as spaces
    assert document.encoding == "Windows-1252"  # what browsers read for iso-8859-1


def test_deep_nesting_and_stray_tags_cost_no_recursion(tmp_path):
    page = "<div>" * 100_000 + "<p>deep text</p>" + "</span>" * 50_000  # never closed
    document = read_document(write(tmp_path, "deep.html", page))
    assert document.sections[0].body == "deep text"


def test_unclosed_paragraphs_and_list_items(tmp_path):
    page = "<h1>Rules</h1><p>First rule.<p>Second rule.<ul><li>one<li>two</ul>"
    section = read_document(write(tmp_path, "r.html", page)).sections[0]
    assert section.body == "First rule.\n\nSecond rule.\n\n- one\n- two"


@pytest.mark.parametrize("page, words", [
    ("", "empty"),
    ("<html><head><script>only()</script></head><body><nav>menu</nav></body></html>", "no text"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not a text file"),
], ids=["empty", "markup only", "binary"])
def test_pages_without_text_are_refused_in_words(tmp_path, page, words):
    with pytest.raises(ReadError, match=words):
        read_document(write(tmp_path, "bad.html", page))


def test_a_sphinx_page(tmp_path):
    page = """<div class="sphinxsidebar" role="navigation"><h3>Table of Contents</h3>
    <ul><li><a href="#">Install</a></li></ul></div>
    <div class="body" role="main"><section id="install"><h1>Install<a class="headerlink" href="#install">¶</a></h1>
    <p>Run the installer.</p><div class="highlight-console notranslate"><div class="highlight"><pre><span></span>$ ./install --user
</pre></div></div>
    <div class="admonition warning"><p class="admonition-title">Warning</p><p>Needs 2 GB.</p></div>
    </section></div>"""
    document = read_document(write(tmp_path, "install.html", page))
    check_invariants(document)
    (section,) = document.sections
    assert section.heading_path == ["Install"]  # no pilcrow from the header link
    assert [block.kind for block in section.blocks] == [PARAGRAPH, CODE, PARAGRAPH, PARAGRAPH]
    assert "Table of Contents" not in document.text


def test_a_paragraph_wholly_in_bold_is_a_term_for_what_follows(tmp_path):
    """As Markdown's `**FreeBSD**` line: the paragraphs after it are embedded
    with the term, so "on FreeBSD, …" finds them. Bold inside a sentence,
    or a long bold paragraph, is still a paragraph."""
    page = ("<h1>Kernel</h1><p><strong>FreeBSD</strong></p><p>Set kern.ipc.shmall.</p>"
            "<p><b>Note:</b> reboot after.</p>"
            f"<p><b>{'A long bold warning that goes on. ' * 4}</b></p>")
    (section,) = read_document(write(tmp_path, "kernel.html", page)).sections
    assert [(b.kind, section.body[b.start:b.end][:20]) for b in section.blocks] == [
        (TERM, "FreeBSD"), (PARAGRAPH, "Set kern.ipc.shmall."),
        (PARAGRAPH, "Note: reboot after."), (PARAGRAPH, "A long bold warning ")]
