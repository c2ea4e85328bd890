"""reStructuredText (.rst) keeps its structure, and hostile markup reads safely and quietly."""
import pytest

from app.common.documents import CODE, LIST, PARAGRAPH, QUOTE, TABLE, TERM, ReadError
from app.ingest.readers import SUPPORTED_SUFFIXES, read_document
from tests.test_readers import block_texts, check_invariants, write

HANDBOOK = """\
=================
Employee Handbook
=================

:Owner: People Team
:Version: 3

Welcome to |company|. Read :ref:`the leave rules <leave>` and :term:`PTO` first.

.. |company| replace:: Acme Ltd

.. contents::

.. _leave:

Leave
=====

Annual leave is 25 days per year.

Carry-over
----------

- Up to 5 days

  - Only until 31 March

- Ask your manager

#. Fill in the form
#. Send it to HR

.. note:: Carry-over needs your manager's approval.

   Ask before December.

Travel
======

+--------+-------------+
| City   | Hotel limit |
+========+=============+
| London | £180        |
+--------+-------------+
| Paris  | 150 €       |
+--------+-------------+

======  ====  =====
Kind    Days  Paid
======  ====  =====
Mother  90    yes
Father  30    yes
======  ====  =====

.. code-block:: python

   def refund(claim):
       return claim.total

per_diem_rate
   The daily allowance, in euros.

.. glossary::

   PTO
      Paid time off.

A literal block::

    $ hr-submit --claim 42

A quotation:

  Travel light.

  -- The travel office
"""


@pytest.fixture(scope="module")
def document(tmp_path_factory):
    return read_document(write(tmp_path_factory.mktemp("rst"), "handbook.rst", HANDBOOK))


def test_rst_is_read():
    assert ".rst" in SUPPORTED_SUFFIXES


def test_the_title_heads_every_path(document):
    check_invariants(document)
    assert document.format == "rst" and document.title == "Employee Handbook"
    assert [(s.heading_path, s.level) for s in document.sections] == [
        (["Employee Handbook"], 1),
        (["Employee Handbook", "Leave"], 2),
        (["Employee Handbook", "Leave", "Carry-over"], 3),
        (["Employee Handbook", "Travel"], 2)]


def test_fields_substitutions_and_roles_read_as_text(document):
    intro = document.sections[0]
    assert block_texts(intro) == [
        "Owner: People Team", "Version: 3",
        "Welcome to Acme Ltd. Read the leave rules and PTO first."]  # no table of contents


def test_lists_keep_their_kind_and_depth_and_notes_their_label(document):
    carry_over = document.sections[2]
    assert block_texts(carry_over, LIST) == [
        "- Up to 5 days\n  - Only until 31 March\n- Ask your manager",
        "1. Fill in the form\n2. Send it to HR"]
    assert block_texts(carry_over, PARAGRAPH) == [
        "Note: Carry-over needs your manager's approval.", "Ask before December."]


def test_grid_and_simple_tables_are_rows(document):
    travel = document.sections[3]
    grid, simple = (b.table for b in travel.blocks if b.kind == TABLE)
    assert grid.header == ["City", "Hotel limit"]
    assert [row.cells for row in grid.rows] == [["London", "£180"], ["Paris", "150 €"]]
    assert simple.header == ["Kind", "Days", "Paid"]
    assert [row.cells for row in simple.rows] == [["Mother", "90", "yes"], ["Father", "30", "yes"]]
    for row in grid.rows:
        assert travel.body[row.start:row.end] == " | ".join(row.cells)


def test_code_terms_and_quotes(document):
    travel = document.sections[3]
    code = [(travel.body[b.start:b.end], b.language) for b in travel.blocks if b.kind == CODE]
    assert code == [("def refund(claim):\n    return claim.total", "python"),
                    ("$ hr-submit --claim 42", None)]
    assert block_texts(travel, TERM) == ["per_diem_rate", "PTO"]  # the glossary too
    assert "Paid time off." in block_texts(travel, PARAGRAPH)
    assert block_texts(travel, QUOTE) == ["Travel light.", "\u2014 The travel office"]


def test_cells_spanning_rows_and_columns(tmp_path):
    doc = read_document(write(tmp_path, "spans.rst", """\
+------+-------+-------+
| Kind | Days  | Paid  |
+======+=======+=======+
| Sick | 10    | yes   |
+------+-------+       |
| Care | 5     |       |
+------+-------+-------+
| Both by contract     |
+----------------------+
"""))
    check_invariants(doc)
    table = doc.sections[0].blocks[0].table
    assert [row.cells for row in table.rows] == [
        ["Sick", "10", "yes"], ["Care", "5", "yes"], ["Both by contract"]]


def test_a_code_block_in_a_list_item_stays_code(tmp_path):
    doc = read_document(write(tmp_path, "steps.rst", """\
Steps
=====

1. Install the tool:

   .. code-block:: bash

      pip install hr-tools

2. Run it.
"""))
    check_invariants(doc)
    section = doc.sections[0]
    assert [(b.kind, section.body[b.start:b.end]) for b in section.blocks] == [
        (LIST, "1. Install the tool:"), (CODE, "pip install hr-tools"), (LIST, "1. Run it.")]


def test_unknown_directives_and_roles_keep_their_text(tmp_path):
    doc = read_document(write(tmp_path, "sphinx.rst", """\
Before the directive, :kbd:`Ctrl+S` saves and `see this`:guilabel: too.

.. versionadded:: 2.0
   :class: new

   Carry-over was added.

   - one item

.. toctree::
   :maxdepth: 2

   intro
   leave

After the directive.
"""))
    check_invariants(doc)
    assert block_texts(doc.sections[0]) == [
        "Before the directive, Ctrl+S saves and see this too.", "2.0",
        "Carry-over was added.", "- one item", "After the directive."]


def test_the_title_directive_names_the_document(tmp_path):
    doc = read_document(write(tmp_path, "t.rst",
                              ".. title:: Staff Rules\n\nLeave\n-----\n\nText.\n"))
    assert doc.title == "Staff Rules"
    assert doc.sections[0].heading_path == ["Leave"]


# ---------------------------------------------------------------- hostile files

def test_include_and_raw_insert_nothing(tmp_path, capfd):
    secret = write(tmp_path, "secret.txt", "root:x:0:0:the secret line\n")
    doc = read_document(write(tmp_path, "hostile.rst", f"""\
Safe text before.

.. include:: /etc/passwd

.. include:: {secret}

.. literalinclude:: {secret}

.. csv-table:: Users
   :file: {secret}

.. raw:: html

   <script>alert("raw")</script>

.. raw:: html
   :file: {secret}

Safe text after, with :raw-html:`<b>x</b>` role text.
"""))
    check_invariants(doc)
    assert "secret line" not in doc.text and "root:" not in doc.text
    assert "<script>" not in doc.text and "alert" not in doc.text
    assert doc.text.startswith("Safe text before.") and "Safe text after" in doc.text
    out, err = capfd.readouterr()
    assert out == err == ""  # quiet: docutils prints no warning


def test_malformed_markup_is_read_with_its_words(tmp_path, capfd):
    doc = read_document(write(tmp_path, "broken.rst", """\
Title
=====

*unclosed emphasis and ``unclosed literal and |nosuch| substitution

+-----+----+
| a   | b  |
+-----+
| lost words?  |
+-----+----+

Sub
---

Another
=======

Wrong
~~~~~

  Deep
  ----

.. code-block:: python
   :bogus-option: yes

   x = 1

.. [#] A footnote
"""))
    check_invariants(doc)
    for words in ("unclosed emphasis", "|nosuch|", "lost words?", "x = 1", "A footnote"):
        assert words in doc.text, words
    assert capfd.readouterr().err == ""


def test_a_list_nested_hundreds_deep_is_read_as_text(tmp_path):
    deep = "".join("  " * i + f"- level {i}\n\n" for i in range(400))
    doc = read_document(write(tmp_path, "deep.rst", deep))
    check_invariants(doc)
    assert "level 0" in doc.text and "level 399" in doc.text


def test_a_long_list_is_one_list(tmp_path):
    doc = read_document(write(tmp_path, "long.rst", "".join(f"- item {i}\n" for i in range(3000))))
    check_invariants(doc)
    (block,) = doc.sections[0].blocks
    assert block.kind == LIST and doc.text.count("- item") == 3000


@pytest.mark.parametrize("content, words", [
    ("", "empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(200), "binary"),
    (".. a comment only\n\n.. |x| replace:: y\n", "no text"),
], ids=["empty", "binary", "comments only"])
def test_files_without_text_are_refused_in_words(tmp_path, content, words):
    with pytest.raises(ReadError, match=words):
        read_document(write(tmp_path, "bad.rst", content))


def test_a_paragraph_wholly_in_bold_is_a_term_for_what_follows(tmp_path):
    doc = read_document(write(tmp_path, "kernel.rst", """\
Kernel
======

**FreeBSD**

Set kern.ipc.shmall.

**Note:** reboot after.
"""))
    (section,) = doc.sections
    assert [b.kind for b in section.blocks] == [TERM, PARAGRAPH, PARAGRAPH]
    assert block_texts(section, TERM) == ["FreeBSD"]
    quoted = read_document(write(tmp_path, "quoted.rst", "Title\n=====\n\n    **Bold**\n"))
    assert [b.kind for b in quoted.sections[0].blocks] == [QUOTE]  # a quote stays one
