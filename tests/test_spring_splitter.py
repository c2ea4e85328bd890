"""Profile `spring-default`: the emulation of Spring AI's default TokenTextSplitter.

Only the tokenizer is loaded (the ONNX session is lazy), so these are fast.
"""
import re
from pathlib import Path

from app.common.bundled import SAMPLE_HANDBOOK
from app.common.chunks import ChunkSettings
from app.common.documents import Document, Section
from app.common.tokens import cl100k
from app.ingest.chunking.guard import measure
import app.ingest.chunking.spring as spring
from app.ingest.chunking.spring import chunk_document, split_text
from app.ingest.readers import read_document

MINILM_WINDOW = 128  # the spring profile embeds with the bundled MiniLM
from pdfgen import make_pdf


def encode(text):
    return cl100k().encode_ordinary(text)


def squash(text):
    return "".join(text.split())


def one_section_document(text):
    section = Section(["Text"], 1, text, 0, len(text))
    return Document(Path("doc.txt"), "text", "Text", text, [section])


def sentences(count, start=0):
    return " ".join(f"Sentence {n} says that the travel desk books trains and hotels."
                    for n in range(start, start + count))


# --- the algorithm on hand-made texts --------------------------------------------

def test_spring_defaults():
    assert (spring.DEFAULT_CHUNK_SIZE, spring.MIN_CHUNK_SIZE_CHARS,
            spring.MIN_CHUNK_LENGTH_TO_EMBED, spring.MAX_NUM_CHUNKS, spring.KEEP_SEPARATOR) == \
        (800, 350, 5, 10000, True)
    assert spring.DEFAULT_PUNCTUATION_MARKS == (".", "?", "!", "\n")


def test_a_text_under_the_chunk_size_is_one_chunk_never_cut_at_punctuation():
    text = "\n\n  " + sentences(40) + "\nIs that all? Yes!\n\n  \t"
    assert len(encode(text)) < 800 and len(text) > 2 * 350
    assert split_text(text) == [text.strip()]


def test_blank_text_gives_no_chunks():
    assert split_text("") == [] and split_text(" \n\t \n") == []


def test_a_long_text_is_cut_at_800_tokens_then_backed_up_to_the_last_punctuation():
    text = sentences(300)
    tokens = encode(text)
    assert len(tokens) > 2 * 800
    chunks = split_text(text)
    window = cl100k().decode(tokens[:800])
    last = max(window.rfind(mark) for mark in ".?!\n")
    assert last > 350
    assert chunks[0] == window[:last + 1].strip()
    assert chunks[0].endswith("hotels.") and len(encode(chunks[0])) <= 800
    assert text.startswith(chunks[0])
    # The next chunk starts right after the cut.
    assert text[len(chunks[0]):].lstrip().startswith(chunks[1])
    assert squash("".join(chunks)) == squash(text)


def test_newlines_count_as_punctuation():
    text = "".join(f"line {n} of the onboarding checklist for new starters\n" for n in range(400))
    chunks = split_text(text)
    assert len(chunks) > 1
    window = cl100k().decode(encode(text)[:800])
    assert chunks[0] == window[:window.rfind("\n") + 1].strip()
    assert chunks[0].endswith("new starters")


def test_punctuation_within_the_first_350_characters_is_not_a_cut_point():
    text = "Intro." + " word" * 2000  # the only punctuation mark is at index 5
    chunks = split_text(text)
    assert len(encode(chunks[0])) == 800, "no cut: the whole 800-token window is kept"
    assert chunks[0] == cl100k().decode(encode(text)[:800]).strip()
    assert squash("".join(chunks)) == squash(text)


def test_chunks_of_five_characters_or_fewer_are_dropped():
    assert split_text("Hi.") == []
    assert split_text("  Hello  ") == []   # exactly 5 after trim: dropped (> 5 is kept)
    assert split_text("Hello!") == ["Hello!"]


def test_trim_is_javas_only_control_and_space_characters():
    # Java's String.trim() keeps a non-breaking space; Python's str.strip() would not.
    text = "\u00a0Meals are reimbursed.\u00a0"
    assert split_text(text + "\n") == [text]


def test_character_counts_are_java_utf16_units():
    # Ten emoji are 20 UTF-16 units: the "." at Python index 344 is at Java index 354,
    # beyond minChunkSizeChars, so Spring cuts there.
    head = "\U0001F600" * 10 + "x" * 334 + "."
    assert head.index(".") == 344
    chunks = split_text(head + " word" * 2000)
    assert chunks[0] == head


def test_characters_split_between_token_windows_are_still_located():
    # No marks in Japanese text here: windows end mid-character, decoded as U+FFFD.
    text = "日本語の文章を書きます語" * 400
    document = one_section_document(text)
    children = chunk_document(document, "ja.txt", ChunkSettings.for_window(MINILM_WINDOW))
    assert len(children) > 2 and any("\ufffd" in child.text for child in children)
    for child in children:
        source = document.sections[0].body[child.start:child.end]
        assert len(source) == len(child.text)
        assert all(a == b or b == "\ufffd" for a, b in zip(source, child.text))


def test_locate_falls_back_to_a_whitespace_insensitive_search():
    assert spring._locate("xx a  b\nc yy", "a b c", None, 0) == (3, 9)
    assert spring._locate("xx a b c a b c", "a b c", None, 4) == (9, 14)


def test_max_chunks_then_the_rest_is_one_tail_chunk_with_newlines_as_spaces(monkeypatch):
    text = "".join(f"Rule {n}: keep receipts for every expense you claim.\n" for n in range(600))
    full = split_text(text)
    assert len(full) > 4
    monkeypatch.setattr(spring, "MAX_NUM_CHUNKS", 2)
    limited = split_text(text)
    assert len(limited) == 3, "two chunks from the loop, then the remaining text in one"
    assert limited[:2] == full[:2]
    tail = limited[2]
    assert "\n" not in tail and tail.startswith(full[2].replace("\n", " "))
    assert squash("".join(limited)) == squash(text)


def test_blank_windows_are_skipped_without_counting_towards_max_chunks(monkeypatch):
    monkeypatch.setattr(spring, "MAX_NUM_CHUNKS", 1)
    text = " \n" * 3000 + "Real content\nhere."  # 1500 blank tokens first
    # Through the loop (newline kept), not the tail (which would turn it into a space).
    assert split_text(text) == ["Real content\nhere."]


def test_the_re_encode_quirk_is_reproduced():
    # Spring drops as many tokens as the *cut* text re-encodes to. A cut inside
    # the token ".com" re-encodes "." as one token, so ".com" is skipped whole.
    text = "word " * 790 + "see example.com for more " + "word " * 500
    chunks = split_text(text)
    assert chunks[0].endswith("see example.")
    assert chunks[1].startswith("for more word")


def test_chunks_cover_the_text_in_order():
    parts = []
    for n in range(60):
        parts.append(f"## Part {n}\n\n" + sentences(5, n * 5) + "\nDoes it apply to "
                     "contractors? Only with approval!\n- first item\n- second")
    text = "\n\n".join(parts)
    chunks = split_text(text)
    assert len(chunks) > 3
    assert squash("".join(chunks)) == squash(text)


# --- children of documents ----------------------------------------------------

def assert_children(document, children):
    assert children
    previous = -1
    for number, child in enumerate(children):
        assert (child.chunk_index, child.total_chunks) == (number, len(children))
        assert child.kind == "spring" and child.split_level == "token"
        assert child.embedded_text == child.text, "Spring embeds the chunk as it is"
        section = document.sections[child.section]
        assert 0 <= child.start <= child.end <= len(section.body)
        assert child.page == section.page_at(child.start)
        located = section.start_char + child.start
        assert located >= previous
        previous = located
        part = squash(section.body[child.start:child.end])
        assert part and part in squash(child.text)
        if child.start > 0:  # the chunk starts inside this section's body
            assert squash(child.text).startswith(part)
        if child.end < len(section.body):  # it also ends there: the whole chunk is found
            assert part == squash(child.text)
    # Spring's chunks, unchanged and in order.
    assert [child.text for child in children] == split_text(document.text)


def test_markdown_children_point_into_their_sections(tmp_path):
    body = "\n\n".join(f"## Topic {n}\n\n{sentences(12, n * 12)}\n\n- a list item\n- another one"
                       for n in range(12))
    path = tmp_path / "handbook.md"
    path.write_text(f"# Handbook\n\n{body}\n")
    document = read_document(path)
    children = chunk_document(document, "handbook.md", ChunkSettings.for_window(MINILM_WINDOW))
    assert len(children) > 2
    assert_children(document, children)
    # The first chunk starts at the "# Handbook" heading line, outside every
    # section body: it belongs to the next section.
    assert children[0].text.startswith("# Handbook") and children[0].section == 0


def test_pdf_children_carry_the_page_they_start_on(tmp_path):
    pages = [[f"p{page} l{line} the traveller books a hotel near the office and keeps receipts"
              for line in range(40)] for page in range(1, 8)]
    path = make_pdf(tmp_path / "travel.pdf", pages,
                    outline=[("Travel", 0, 1), ("Onboarding", 4, 1)])
    document = read_document(path)
    children = chunk_document(document, "travel.pdf", ChunkSettings.for_window(MINILM_WINDOW))
    assert_children(document, children)
    assert len(children) > 3
    assert {child.page for child in children} > {1}
    for child in children:
        first = re.match(r"p(\d+) l\d+ ", child.text)
        assert first, "chunks are cut at line ends, so each starts with a line marker"
        assert child.page == int(first.group(1))


def test_a_whitespace_changed_tail_is_still_located(tmp_path, monkeypatch):
    monkeypatch.setattr(spring, "MAX_NUM_CHUNKS", 1)
    path = tmp_path / "faq.txt"
    path.write_text("".join(f"Question {n}? Ask the office team.\n" for n in range(300)))
    document = read_document(path)
    children = chunk_document(document, "faq.txt", ChunkSettings.for_window(MINILM_WINDOW))
    assert len(children) == 2 and "\n" not in children[1].text
    assert_children(document, children)


# --- the point of the profile ------------------------------------------------------

def test_most_chunks_of_the_sample_handbook_are_over_the_window(embedder):
    long_files = 0
    children = []
    for path in sorted(p for p in SAMPLE_HANDBOOK.rglob("*") if p.is_file()):
        document = read_document(path)
        if len(spring._do_split(document.text)) < 2:
            continue  # a short file is a single chunk; the claim is about long ones
        long_files += 1
        file_children = chunk_document(document, path.name, ChunkSettings.for_window(MINILM_WINDOW))
        assert_children(document, file_children)
        children += file_children
    measure(children, embedder.count_many, embedder.window)
    over = [child for child in children if child.over_window]
    share = len(over) / len(children)
    invisible = sum(c.invisible_tokens for c in over) / sum(c.tokens for c in over)
    print(f"\nspring-default on the sample handbook: {long_files} long files, "
          f"{len(children)} chunks, {len(over)} over the {embedder.window}-token window "
          f"({share:.0%}); {invisible:.0%} of their WordPiece tokens are invisible; "
          f"median chunk {sorted(c.tokens for c in children)[len(children) // 2]} tokens")
    assert long_files >= 4
    assert share >= 0.8
    assert max(child.tokens_cl100k for child in children) <= 800 + 5
