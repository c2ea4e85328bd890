"""Profile `spring-default`: a faithful emulation of Spring AI 2.0.x's default
`TokenTextSplitter`, so the same folder can be indexed "the Spring way" and
the cost of 800-token chunks in front of a 128-token embedder can be *seen*.

Source followed (read from spring-projects/spring-ai,
`spring-ai-commons/src/main/java/org/springframework/ai/transformer/splitter/
TokenTextSplitter.java`, newest stored version, commit e4f41562; the older
stored version 1206a401 has the same algorithm without configurable marks):

- defaults: DEFAULT_CHUNK_SIZE 800, MIN_CHUNK_SIZE_CHARS 350,
  MIN_CHUNK_LENGTH_TO_EMBED 5, MAX_NUM_CHUNKS 10000, KEEP_SEPARATOR true,
  DEFAULT_PUNCTUATION_MARKS ['.', '?', '!', '\\n'], EncodingType.CL100K_BASE
  (jtokkit);
- `doSplit`: an all-blank text gives no chunks; then, while tokens remain and
  `num_chunks < maxNumChunks`: decode the first `min(chunkSize, size)` tokens;
  a blank chunk is skipped (its tokens dropped, *not* counted); only when
  `tokens.size() > chunkSize` (more text remains after this chunk; the fix of
  spring-ai PR #5005, merged into main and 1.1.x) the text is cut after the
  last punctuation mark if that mark's index is `> minChunkSizeChars`; the
  chunk is `trim()`med (keepSeparator) and kept if its length is
  `> minChunkLengthToEmbed`; then as many tokens are dropped as
  *re-encoding the (cut) chunk text* gives, and `num_chunks` is incremented
  whether or not the chunk was kept;
- only when the loop stopped at maxNumChunks, the whole rest is decoded,
  `replace(System.lineSeparator(), " ")`, trimmed and kept if long enough.
- `TextSplitter.doSplitDocuments` splits `doc.getText()` (no metadata) and
  each chunk becomes a new Document whose content is exactly the chunk.

Reproduced on purpose, quirks included: Java `trim()` (strips code points
<= U+0020 only), Java string indices/lengths in UTF-16 units, and the
re-encode step, which can drop or repeat text when the cut falls inside a
cl100k token (e.g. `example.com` cut after `.` loses `com`).

Approximated: the text is `Document.text` (our readers' flat text, not
Tika's); jtokkit's `encode` would throw on special-token text such as
`<|endoftext|>`, here it is encoded as ordinary text; decoding replaces a
split UTF-8 sequence with U+FFFD as Java's decoder does (the count of
replacement characters may differ in rare cases); System.lineSeparator() is
taken as "\\n" (a Unix JVM); a re-encode longer than the remaining tokens
(Java: IndexOutOfBoundsException) simply ends the loop here.
"""
from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass
from typing import Callable

from app.common.chunks import Child, ChunkSettings
from app.common.documents import Document
from app.common.tokens import cl100k

# Spring AI's names and defaults (TokenTextSplitter, 2.0.x).
DEFAULT_CHUNK_SIZE = 800             # tokens, cl100k_base
MIN_CHUNK_SIZE_CHARS = 350           # a cut never leaves fewer characters than this
MIN_CHUNK_LENGTH_TO_EMBED = 5        # chunks of this length or shorter are dropped
MAX_NUM_CHUNKS = 10000
KEEP_SEPARATOR = True
DEFAULT_PUNCTUATION_MARKS = (".", "?", "!", "\n")
LINE_SEPARATOR = "\n"                # System.lineSeparator() on a Unix JVM

KIND = "spring"
SPLIT_LEVEL = "token"

_JAVA_TRIM = "".join(chr(code) for code in range(0x21))  # String.trim(): all chars <= ' '


@dataclass
class SpringChunk:
    text: str                 # exactly what Spring's splitText returns
    hint: int | None = None   # where it should start in the split text (from token bytes)


def split_text(text: str) -> list[str]:
    """Spring's `TokenTextSplitter().splitText(text)`, with the module's settings."""
    return [chunk.text for chunk in _do_split(text)]


def chunk_document(document: Document, source: str, settings: ChunkSettings,
                   count: Callable[[str], int] | None = None) -> list[Child]:
    """All Spring chunks of a document as children, numbered in reading order.

    `source`, `settings` (budget, overlap, metadata policy) and `count` are
    accepted for the indexer's sake and ignored: Spring's default splitter
    knows nothing of the embedder, and its chunks are embedded as they are.
    """
    if not document.sections:
        return []
    text = document.text
    children: list[Child] = []
    floor = 0
    for chunk in _do_split(text):
        start, end = _locate(text, chunk.text, chunk.hint, floor)
        floor = start
        index = _section_index(document, start)
        section = document.sections[index]
        body_length = len(section.body)
        body_start = min(max(start - section.start_char, 0), body_length)
        body_end = min(max(end - section.start_char, body_start), body_length)
        children.append(Child(section=index, kind=KIND, text=chunk.text,
                              embedded_text=chunk.text, start=body_start, end=body_end,
                              page=section.page_at(body_start), split_level=SPLIT_LEVEL))
    for number, child in enumerate(children):
        child.chunk_index, child.total_chunks = number, len(children)
    return children


# --- the splitter ---------------------------------------------------------------

def _do_split(text: str) -> list[SpringChunk]:
    """`doSplit(text, chunkSize)`, step for step; each chunk also gets a position hint."""
    chunk_size = DEFAULT_CHUNK_SIZE
    if _java_trim(text) == "":
        return []
    encoding = cl100k()
    tokens = encoding.encode_ordinary(text)
    to_char = _ByteToChar(text, encoding.decode_tokens_bytes(tokens))
    chunks: list[SpringChunk] = []
    position = 0  # Spring re-slices `tokens`; an index into the list is the same thing
    num_chunks = 0
    while position < len(tokens) and num_chunks < MAX_NUM_CHUNKS:
        chunk = tokens[position:position + min(chunk_size, len(tokens) - position)]
        chunk_text = encoding.decode(chunk)
        if _java_trim(chunk_text) == "":
            position += len(chunk)
            continue
        if len(tokens) - position > chunk_size:
            last_punctuation = _last_punctuation_index(chunk_text)
            if last_punctuation != -1 and \
                    _utf16_index(chunk_text, last_punctuation) > MIN_CHUNK_SIZE_CHARS:
                chunk_text = chunk_text[:last_punctuation + 1]
        kept = chunk_text if KEEP_SEPARATOR else chunk_text.replace(LINE_SEPARATOR, " ")
        to_append = _java_trim(kept)
        if _utf16_length(to_append) > MIN_CHUNK_LENGTH_TO_EMBED:
            chunks.append(SpringChunk(to_append, to_char.hint(position, kept)))
        # Not len(chunk): the cut text is re-encoded, exactly as Spring does.
        position = min(position + len(encoding.encode_ordinary(chunk_text)), len(tokens))
        num_chunks += 1
    if position < len(tokens):  # only when MAX_NUM_CHUNKS stopped the loop
        remaining = encoding.decode(tokens[position:]).replace(LINE_SEPARATOR, " ")
        remaining_text = _java_trim(remaining)
        if _utf16_length(remaining_text) > MIN_CHUNK_LENGTH_TO_EMBED:
            chunks.append(SpringChunk(remaining_text, to_char.hint(position, remaining)))
    return chunks


def _last_punctuation_index(chunk_text: str) -> int:
    return max(chunk_text.rfind(mark) for mark in DEFAULT_PUNCTUATION_MARKS)


def _java_trim(value: str) -> str:
    return value.strip(_JAVA_TRIM)


def _utf16_length(value: str) -> int:
    return len(value) + sum(1 for char in value if ord(char) > 0xFFFF)


def _utf16_index(value: str, index: int) -> int:
    return _utf16_length(value[:index])


class _ByteToChar:
    """Token index -> character offset in the split text, via the tokens' bytes."""

    def __init__(self, text: str, token_bytes: list[bytes]):
        self.token_offsets = [0, *itertools.accumulate(len(piece) for piece in token_bytes)]
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates: tiktoken replaced them
            data = b""
        self.valid = data == b"".join(token_bytes)
        # Byte offset where each character starts (UTF-8 continuation bytes are 10xxxxxx).
        self.char_starts = [offset for offset, byte in enumerate(data) if byte & 0xC0 != 0x80] \
            if self.valid and len(data) != len(text) else None

    def hint(self, token_index: int, decoded: str) -> int | None:
        """Where `_java_trim(decoded)` starts, `decoded` being the decode from `token_index`."""
        if not self.valid:
            return None
        offset = self.token_offsets[token_index]
        if self.char_starts is not None:  # non-ASCII text; a split character counts as its start
            offset = bisect.bisect_right(self.char_starts, offset) - 1
        return offset + len(decoded) - len(decoded.lstrip(_JAVA_TRIM))


# --- back from chunk strings to document offsets --------------------------------

def _locate(text: str, chunk: str, hint: int | None, floor: int) -> tuple[int, int]:
    """The span of `text` a chunk came from: the token-byte hint when it matches,
    else the first exact match from `floor`, else a whitespace-insensitive one."""
    if hint is not None and _same(text[hint:hint + len(chunk)], chunk):
        return hint, hint + len(chunk)
    found = text.find(chunk, floor)
    if found >= 0:
        return found, found + len(chunk)
    match = _loose_pattern(chunk).search(text, floor) or _loose_pattern(chunk).search(text)
    if match:
        return match.span()
    start = min(hint if hint is not None else floor, len(text))
    return start, min(start + len(chunk), len(text))


def _same(source: str, chunk: str) -> bool:
    """Equal, allowing a replacement character for a split UTF-8 sequence and
    any whitespace for whitespace (the tail's newlines become spaces)."""
    if source == chunk:
        return True
    if len(source) != len(chunk):
        return False
    return all(a == b or b == "\ufffd" or (a.isspace() and b.isspace())
               for a, b in zip(source, chunk))


def _loose_pattern(chunk: str) -> re.Pattern:
    def run_pattern(run: str) -> str:
        # A split character decodes to one U+FFFD per stray byte: match 0..n characters.
        return "".join(f".{{0,{len(part)}}}" if part.startswith("\ufffd") else re.escape(part)
                       for part in re.split("(\ufffd+)", run) if part)

    return re.compile(r"\s+".join(run_pattern(run) for run in chunk.split()), re.DOTALL)


def _section_index(document: Document, offset: int) -> int:
    """The section holding `offset`; text between sections (a heading line)
    belongs to the next section, text after the last one to the last."""
    for index, section in enumerate(document.sections):
        if offset < section.end_char:
            return index
    return len(document.sections) - 1
