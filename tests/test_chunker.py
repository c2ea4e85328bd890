"""Profile `fitted`: invariants over every child, measured with the real tokenizer.

Only the tokenizer is loaded here (the ONNX session is lazy), so these are fast.
"""
import ast
import random
import re
import textwrap

import pytest

from app.common.bundled import SAMPLE_HANDBOOK
from app.common.chunks import ChunkSettings, EMBED
from app.common.documents import TABLE
from app.common.chunks import TABLE_ROW
from app.ingest.chunking.fitted import chunk_document
from app.ingest.chunking.guard import WindowExceeded, measure, refuse_over_window
from app.ingest.readers import read_document


@pytest.fixture(scope="module")
def settings(embedder):
    return ChunkSettings.for_window(embedder.window)


def chunk(path, embedder, settings, source="doc"):
    document = read_document(path)
    children = chunk_document(document, source, settings, embedder.count)
    measure(children, embedder.count_many, embedder.window)
    return document, children


def assert_invariants(document, children, settings):
    assert children, "a document with text must give children"
    for number, child in enumerate(children):
        section = document.sections[child.section]
        assert child.chunk_index == number and child.total_chunks == len(children)
        assert section.heading_path, "every child needs a heading path for its citation"
        assert child.tokens <= settings.budget or child.over_window
        assert child.embedded_text.endswith(child.text)
        assert 0 <= child.start < child.end <= len(section.body)
        if child.verbatim:
            assert section.body[child.start:child.end] == child.text
        assert child.page == section.page_at(child.start)
    assert_every_word_in_a_child(document, children)


def assert_every_word_in_a_child(document, children):
    """No text a search could never find: every word of a section lies in one
    of its children, but a table's header line (each row's child carries it
    as "Header: value"), a code block's fences and ruled lines."""
    for number, section in enumerate(document.sections):
        covered = bytearray(len(section.body))
        for child in children:
            if child.section == number:
                covered[child.start:child.end] = b"\1" * (child.end - child.start)
        for block in section.blocks:
            if block.kind == TABLE and block.table and block.table.header and block.table.rows:
                first_row = block.table.rows[0].start
                covered[block.start:first_row] = b"\1" * (first_row - block.start)
        left = "".join(c if not covered[i] else " " for i, c in enumerate(section.body))
        # a code block's fences and ruled lines are in no child, by design
        words = [w for w in left.split()
                 if not re.fullmatch(r"(```|~~~)\S*", w) and re.search(r"\w", w)]
        assert not words, (section.heading_path, words[:12])


def sample_files():
    return sorted(p for p in SAMPLE_HANDBOOK.rglob("*") if p.is_file())


@pytest.mark.parametrize("path", sample_files(), ids=lambda p: p.name)
def test_every_child_of_the_sample_handbook_fits_and_points_into_its_parent(path, embedder,
                                                                             settings):
    document, children = chunk(path, embedder, settings)
    assert_invariants(document, children, settings)
    assert not any(child.over_window for child in children)


def random_markdown(rng: random.Random) -> str:
    vocabulary = ("expense receipt manager approval travel hotel laptop policy "
                  "week month request form employee").split()
    parts = ["# Handbook"]
    for number in range(rng.randint(1, 5)):
        parts.append(f"## Part {number}")
        for _ in range(rng.randint(1, 4)):
            sentences = [" ".join(rng.choice(vocabulary) for _ in range(rng.randint(4, 60)))
                         + "." for _ in range(rng.randint(1, 12))]
            parts.append(" ".join(sentences))
        if rng.random() < 0.3:
            parts.append("- " + "\n- ".join(" ".join(rng.choices(vocabulary, k=rng.randint(2, 30)))
                                            for _ in range(rng.randint(2, 12))))
        if rng.random() < 0.2:
            parts.append("x" * rng.randint(100, 2000))
    return "\n\n".join(parts) + "\n"


@pytest.mark.parametrize("seed", range(40))
def test_invariants_hold_on_generated_documents(seed, tmp_path, embedder, settings):
    path = tmp_path / "generated.md"
    path.write_text(random_markdown(random.Random(seed)))
    document, children = chunk(path, embedder, settings)
    assert_invariants(document, children, settings)


def test_table_rows_become_one_child_each_with_headers(tmp_path, embedder, settings):
    path = tmp_path / "t.md"
    path.write_text("# Expenses\n\n## Limits\n\n| Category | Limit | Approver |\n|---|---|---|\n"
                    "| Meals | 45 EUR per day | Team lead |\n| Hotel | 160 EUR per night | Finance |\n")
    document, children = chunk(path, embedder, settings)
    rows = [c for c in children if c.kind == TABLE_ROW]
    assert [c.text for c in rows] == [
        "Category: Meals; Limit: 45 EUR per day; Approver: Team lead",
        "Category: Hotel; Limit: 160 EUR per night; Approver: Finance"]
    body = document.sections[rows[1].section].body
    assert body[rows[1].start:rows[1].end].startswith("| Hotel")
    assert all(c.embedded_text.startswith("Expenses › Limits\n") for c in rows)


def test_a_note_box_and_a_table_without_header_cells_are_searchable(tmp_path, embedder, settings):
    # AsciiDoc's HTML (git's manual pages) writes each NOTE as a one-row
    # table and a term list as a table of td cells: there is no header row,
    # and taking the first row for one left it out of every child.
    path = tmp_path / "git-rebase.html"
    path.write_text(
        "<h1>git-rebase</h1><p>ORIG_HEAD is set to the tip of the branch.</p>"
        "<div class='admonitionblock'><table><tr><td class='icon'><div class='title'>Note</div>"
        "</td><td class='content'>The previous branch tip is accessible using the reflog of "
        "the current branch.</td></tr></table></div>"
        "<table><tr><td class='hdlist1'>-n</td><td class='hdlist2'>Dry run.</td></tr>"
        "<tr><td class='hdlist1'>-f</td><td class='hdlist2'>Force.</td></tr></table>")
    document, children = chunk(path, embedder, settings)
    assert_invariants(document, children, settings)  # no word in no child
    rows = [c.text for c in children if c.kind == TABLE_ROW]
    assert rows == ["Note; The previous branch tip is accessible using the reflog of the "
                    "current branch.", "-n; Dry run.", "-f; Force."]
    body = document.sections[0].body
    assert all(body[c.start:c.end].replace(" | ", "; ") == c.text
               for c in children if c.kind == TABLE_ROW)


PYTHON = '''
import os

TIMEOUT = 30


def first(values):
    """Return the first value."""
    return values[0]


@decorator
def second():
    {body4}


class Deployer:
    def plan(self):
        return 1

    def apply(self):
        {body8}
'''


def test_python_is_split_at_definitions(tmp_path, embedder, settings):
    steps = [f"step_{i} = run('deploy step number {i} of the rollout')" for i in range(40)]
    code = textwrap.dedent(PYTHON).replace("{body4}", "\n    ".join(steps)).replace(
        "{body8}", "\n        ".join(steps))
    ast.parse(code)
    path = tmp_path / "c.md"
    path.write_text(f"# Runbook\n\n```python\n{code}```\n\nAfter the code, prose continues.\n")
    document, children = chunk(path, embedder, settings)
    code_children = [c for c in children if c.kind == "code"]
    starts = [c.text.splitlines()[0] for c in code_children]
    assert starts[0] == "import os"
    assert "def first(values):" in starts
    assert "@decorator" in starts, "decorators stay with their function"
    assert any(s.startswith("class Deployer") for s in starts)
    # Code is never cut mid-line: every child is whole lines of the block.
    block_lines = set(code.splitlines())
    for child in code_children:
        assert all(line in block_lines for line in child.text.splitlines())
    prose = children[-1]
    assert prose.kind == "paragraph" and prose.embedded_text.startswith("Runbook\n"), \
        "the heading carries forward past the code block"


def test_small_definitions_parse_on_their_own(tmp_path, embedder, settings):
    code = "\n\n".join(f"def handler_{i}(event):\n    return event.get('key_{i}')"
                       for i in range(30))
    path = tmp_path / "c.md"
    path.write_text(f"# Code\n\n```python\n{code}\n```\n")
    _, children = chunk(path, embedder, settings)
    assert len(children) == 30
    for child in children:
        ast.parse(child.text)


def test_text_without_structure_falls_back_to_characters(tmp_path, embedder, settings):
    path = tmp_path / "blob.txt"
    # Punctuation without spaces: many WordPiece tokens, no word boundary to cut at.
    # (A long run of letters would not do: WordPiece reads it as one [UNK].)
    path.write_text(",".join(str(n) for n in range(2000)))
    _, children = chunk(path, embedder, settings)
    assert {c.split_level for c in children} == {"character"}
    assert all(c.tokens <= settings.budget for c in children)


def test_metadata_policy_decides_what_is_embedded(tmp_path, embedder):
    path = tmp_path / "m.md"
    path.write_text("---\ntitle: Guide\naudience: contractors\n---\n# Guide\n\nSome text here.\n")
    default = ChunkSettings.for_window(embedder.window)
    _, children = chunk(path, embedder, default, source="team/guide.md")
    assert children[0].embedded_text == "Guide\nSome text here."
    assert "team/guide.md" not in children[0].embedded_text

    embed_more = ChunkSettings.for_window(embedder.window)
    embed_more.metadata.update(audience=EMBED, source=EMBED)
    _, children = chunk(path, embedder, embed_more, source="team/guide.md")
    assert children[0].embedded_text == ("team/guide.md\naudience: contractors\nGuide\n"
                                         "Some text here.")


def test_an_overlong_heading_is_shortened_not_allowed_to_eat_the_budget(tmp_path, embedder,
                                                                        settings):
    heading = " ".join(["enormous"] * 200)
    path = tmp_path / "h.md"
    path.write_text(f"# {heading}\n\nThe actual content of the section.\n")
    _, children = chunk(path, embedder, settings)
    assert len(children) == 1
    assert children[0].embedded_text.endswith("…\nThe actual content of the section.")
    assert children[0].tokens <= settings.budget


def test_overlap_repeats_the_tail_of_the_previous_child(tmp_path, embedder):
    sentences = " ".join(f"Rule {i} says that request {i} needs form {i}." for i in range(60))
    path = tmp_path / "o.md"
    path.write_text(f"# Rules\n\n{sentences}\n")
    plain = ChunkSettings.for_window(embedder.window)
    overlapping = ChunkSettings.for_window(embedder.window, overlap=12)
    _, without = chunk(path, embedder, plain)
    _, with_overlap = chunk(path, embedder, overlapping)
    assert all(a.end <= b.start for a, b in zip(without, without[1:]))
    body = path.read_text()[len("# Rules\n\n"):]
    repeated = [embedder.count(body[b.start:a.end]) - embedder.count("")
                for a, b in zip(with_overlap, with_overlap[1:])]
    # about the tokens asked for (whole words: a word more would pass 12), not a word or two
    assert all(8 <= tokens <= 12 for tokens in repeated), repeated
    assert all(c.tokens <= overlapping.budget for c in with_overlap)


def test_a_large_overlap_under_a_long_heading_and_a_label_keeps_whole_sentences(tmp_path,
                                                                                embedder):
    """The largest overlap the settings allow, under a long heading and a bold
    term: children still hold whole sentences, not words or characters."""
    sentences = " ".join(f"Rule {i} says that request {i} needs form {i}." for i in range(20))
    heading = "Chapter 7. Requests, forms and the rules that govern them in every office"
    path = tmp_path / "o.md"
    path.write_text(f"# {heading}\n\n## 7.1. Forms for every request\n\n"
                    f"**request_forms** (`list`)\n\n{sentences}\n")
    plain = ChunkSettings.for_window(embedder.window)
    largest = ChunkSettings.for_window(embedder.window, overlap=plain.budget // 2 - 1)
    largest.validate()
    _, without = chunk(path, embedder, plain)
    _, with_overlap = chunk(path, embedder, largest)
    assert len(with_overlap) <= 2 * len(without)
    assert {c.split_level for c in with_overlap} <= {"block", "sentence"}
    assert all(c.tokens <= largest.budget for c in with_overlap)


def test_a_budget_above_the_window_is_flagged_and_refused_in_strict_mode(tmp_path, embedder):
    path = tmp_path / "long.md"
    path.write_text("# Long\n\n" + " ".join(f"Sentence number {i} is here." for i in range(80)))
    too_big = ChunkSettings.for_window(embedder.window, budget=400)
    _, children = chunk(path, embedder, too_big, source="long.md")
    flagged = [c for c in children if c.over_window]
    assert flagged and all(c.invisible_tokens == c.tokens - embedder.window for c in flagged)
    with pytest.raises(WindowExceeded, match=r"long.md chunk 0 is \d+ tokens; the model reads 128"):
        refuse_over_window("long.md", children, embedder.window)


def test_a_bold_term_is_embedded_with_every_child_of_its_definition(tmp_path, embedder,
                                                                    settings):
    """Reference pages (settings, options) name their subject on a bold line;
    the third paragraph about `log_temp_files` must still say so when embedded."""
    long_definition = " ".join(f"Sentence {i} about how temporary files are logged when they "
                               "are deleted after a sort or a hash." for i in range(12))
    path = tmp_path / "config.md"
    path.write_text("# Logging\n\n## What to log\n\n**`log_lock_waits` (`boolean`)**\n\n"
                    "Controls whether a log message is produced when a session waits too "
                    "long for a lock.\n\n**`log_temp_files` (`integer`)**\n\n"
                    f"{long_definition}\n\nThe default setting is -1, which disables such "
                    "logging.\n")
    document, children = chunk(path, embedder, settings)
    assert_invariants(document, children, settings)
    about_temp = [c for c in children if "temporary files" in c.text or "-1" in c.text]
    assert len(about_temp) >= 3  # the definition really was cut
    for child in about_temp:
        assert "log_temp_files (integer)" in child.embedded_text \
            or child.text.startswith("**`log_temp_files`")
        assert "log_lock_waits" not in child.embedded_text
    lock = next(c for c in children if "waits too long" in c.text)
    assert "log_temp_files" not in lock.text  # a term never ends the previous definition's child
    assert all(c.tokens <= settings.budget for c in children)


@pytest.mark.parametrize("text, label", [
    ("**`work_mem` (`integer`)**", "work_mem (integer)"),
    ("**Annual leave**", "Annual leave"),
    ("__Parking__", "Parking"),
    ("**Bold** start of an ordinary sentence.", ""),
    ("**a** and **b**", ""),
    ("Plain paragraph.", ""),
])
def test_what_counts_as_a_term_line(text, label):
    from app.common.documents import PARAGRAPH, Block
    from app.ingest.chunking.fitted import label_text

    assert label_text(text, Block(PARAGRAPH, 0, len(text))) == label


def test_a_deep_section_embeds_two_heading_levels_and_keeps_its_whole_path(tmp_path, embedder,
                                                                           settings):
    path = tmp_path / "deep.md"
    path.write_text("# Operations Manual\n\n## Databases\n\n### Vacuuming\n\n"
                    "#### Preventing wraparound\n\nRun VACUUM before two billion transactions.\n")
    document, children = chunk(path, embedder, settings)
    child = children[-1]
    assert document.sections[child.section].heading_path == [
        "Operations Manual", "Databases", "Vacuuming", "Preventing wraparound"]
    assert child.embedded_text == ("Vacuuming › Preventing wraparound\n"
                                   "Run VACUUM before two billion transactions.")


def test_a_ruled_line_of_code_is_no_child_of_its_own(tmp_path, embedder, settings):
    """EXPLAIN's `-----` under QUERY PLAN is 80 tokens of dashes: it cannot
    share a child, and a child of dashes alone matched unrelated questions.
    It stays in the section; operators (`<  <=  =`) are still children."""
    plan = "\n".join(f"   ->  Seq Scan on measurement_y2008m{i:02d}  (cost=0.00..33.12 rows=617)"
                     for i in range(1, 8))
    path = tmp_path / "explain.md"
    path.write_text(
        "# Partitioning\n\nWith pruning on:\n\n```sql\nSET enable_partition_pruning = on;\n"
        "EXPLAIN SELECT count(*) FROM measurement WHERE logdate >= DATE '2008-01-01';\n"
        + " " * 36 + "QUERY PLAN\n" + "-" * 80 + "\n"
        " Aggregate  (cost=37.75..37.76 rows=1 width=8) (actual time=0.041..0.042 rows=1)\n"
        f"{plan}\n```\n\nB-trees handle these operators:\n\n```\n<   <=   =   >=   >\n```\n")
    document, children = chunk(path, embedder, settings)
    assert_invariants(document, children, settings)
    assert "-" * 80 in document.sections[0].body
    assert not any(set(c.text) <= set("- \n") for c in children)
    assert any(c.text == "<   <=   =   >=   >" for c in children)
    assert any("QUERY PLAN" in c.text for c in children) and \
        any("Aggregate" in c.text for c in children)


def test_a_document_of_ruled_lines_alone_still_gives_a_child(tmp_path, embedder, settings):
    path = tmp_path / "rule.md"
    path.write_text("```\n" + "-" * 200 + "\n```\n")
    document, children = chunk(path, embedder, settings)
    assert_invariants(document, children, settings)


def test_every_child_of_a_long_man_page_option_names_the_option(tmp_path, embedder, settings):
    """curl's OPTIONS is one section of 250 options; read as paragraphs, the
    children of a long description did not say which option they describe
    ("What does curl -k do" was answered from --pinnedpubkey's entry)."""
    description = " ".join(f"Sentence {n} of what the insecure mode skips." for n in range(60))
    page = ("CURLISH(1)              Curl Manual              CURLISH(1)\n\nOPTIONS\n"
            "       --pinnedpubkey <hashes>\n              Use the public key to verify the"
            " peer.\n\n       -k, --insecure\n"
            + textwrap.fill(description, 66, initial_indent=" " * 14,
                            subsequent_indent=" " * 14)
            + "\n\ncurl 7.88.1               February 20 2023              CURLISH(1)\n")
    path = tmp_path / "curlish.txt"
    path.write_text(page, encoding="utf-8")
    document, children = chunk(path, embedder, settings)
    insecure = [c for c in children if "insecure mode" in c.text]
    assert len(insecure) > 1, "a long description takes several children"
    assert all("-k, --insecure" in c.embedded_text for c in insecure)
    assert not any("--pinnedpubkey" in c.embedded_text for c in insecure)


def test_a_paragraph_back_at_a_terms_column_is_not_part_of_its_definition(tmp_path, embedder,
                                                                          settings):
    """date(1): after the last option, "FORMAT controls the output" and the
    `%D` lines sit at the options' own column. They were embedded (and the
    card named them) as the text of `--version`."""
    page = ("DATEISH(1)              User Commands              DATEISH(1)\n\nDESCRIPTION\n"
            "       -u, --utc\n              print Coordinated Universal Time (UTC)\n\n"
            "       --version\n              output version information and exit\n\n"
            "       FORMAT controls the output.  Interpreted sequences are:\n\n"
            "       %D     date; same as %m/%d/%y\n\n"
            "       %e     day of month, space padded; same as %_d\n\n"
            "coreutils 9.1              September 2022              DATEISH(1)\n")
    path = tmp_path / "dateish.txt"
    path.write_text(page, encoding="utf-8")
    document, children = chunk(path, embedder, settings)
    version = [c for c in children if "output version information" in c.text]
    formats = [c for c in children if "%D" in c.text]
    assert version and all("--version" in c.embedded_text for c in version)
    assert formats and not any("--version" in c.embedded_text for c in formats)
