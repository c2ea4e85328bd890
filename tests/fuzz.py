"""Fuzzing strategies: file names, contents and folders as the filesystem allows them.

Used by tests/test_fuzz.py (a short, seeded run in CI) and scripts/fuzz.py
(the long run, which prints what it tried and found). Contents start from
real files — the sample handbook's Markdown, text and PDF — and are mutated
the way damaged downloads and bad converters damage them: bits flipped,
cut short, bytes duplicated, two files spliced; or made from scratch:
random bytes, random Markdown built from its block syntax.
"""
from __future__ import annotations

import os
from pathlib import Path

from hypothesis import strategies as st

from app.common.bundled import SAMPLE_HANDBOOK

SEEDS = {path.suffix: path.read_bytes() for path in sorted(SAMPLE_HANDBOOK.rglob("*"))
         if path.is_file() and path.suffix in (".md", ".txt", ".pdf")}
SUFFIXES = (".md", ".txt", ".pdf", ".markdown", ".MD")
GOOD_TEXT = "The quarterly fire drill starts at the west staircase.\n"  # searched for after

# Any byte a POSIX file name may hold (all but NUL and "/"), newlines,
# control and bidi characters included, UTF-8 or not.
_NAME_BYTES = st.binary(min_size=1, max_size=60).map(
    lambda raw: raw.replace(b"\0", b"_").replace(b"/", b"_"))
_NAME_TEXT = st.text(alphabet=st.characters(blacklist_characters="/\0",
                                             blacklist_categories=("Cs",)),
                     min_size=1, max_size=60)
_SPECIAL = st.sampled_from(["new\nline", "tab\there", "\u202eevil", "\u200b", " lead",
                            "trail ", "-dash", "x" * 200, "é" * 80, "\x1b[31mred"])


@st.composite
def file_names(draw) -> bytes:
    stem = draw(st.one_of(_NAME_BYTES, _NAME_TEXT.map(os.fsencode),
                          _SPECIAL.map(os.fsencode)))
    suffix = draw(st.sampled_from(SUFFIXES)).encode()
    name = (stem + suffix)[-250:]  # most filesystems stop at 255 bytes
    return b"x" + name if name.startswith(b".") else name


def _mutations(seed: bytes):
    size = max(len(seed), 1)
    positions = st.integers(0, size - 1)
    return st.one_of(
        st.lists(positions, min_size=1, max_size=20).map(            # flip bits
            lambda spots: bytes(b ^ 0x5A if i in set(spots) else b for i, b in enumerate(seed))),
        positions.map(lambda cut: seed[:cut]),                       # cut short
        st.tuples(positions, st.integers(1, 4000)).map(              # duplicate a run
            lambda t: seed[:t[0]] + seed[t[0]:t[0] + t[1]] * 3 + seed[t[0]:]),
        st.tuples(positions, st.sampled_from(list(SEEDS.values()))).map(  # splice two files
            lambda t: seed[:t[0]] + t[1][t[0]:]),
    )


_MARKDOWN_BLOCK = st.one_of(
    st.text(max_size=80).map(lambda t: "#" * 3 + " " + t),
    st.text(max_size=200),
    st.lists(st.text(max_size=30), max_size=6).map(lambda items: "".join(f"- {i}\n" for i in items)),
    st.lists(st.text(alphabet="ab|-: ", max_size=20), max_size=5).map("\n".join),
    st.text(max_size=100).map(lambda t: f"```\n{t}\n```"),
    st.just("---\ntitle: [unclosed\n---"),
    st.text(alphabet="*_`[]()<>!#>\\", max_size=60),
)


@st.composite
def contents(draw, suffix: str) -> bytes:
    seed = SEEDS.get(suffix.lower() if suffix.lower() != ".markdown" else ".md",
                     SEEDS[".md"])
    return draw(st.one_of(
        _mutations(seed),
        st.binary(max_size=3000),
        st.lists(_MARKDOWN_BLOCK, max_size=12).map(lambda b: "\n\n".join(b).encode("utf-8",
                                                                                 "replace")),
    ))


LINK_KINDS = ("to a file inside", "to a folder inside", "to itself", "to outside", "dangling")


@st.composite
def folders(draw) -> dict:
    """A folder shape: files (relative path as bytes, content), nested up to 12
    levels, empty folders, and symbolic links of every kind."""
    files = []
    for _ in range(draw(st.integers(1, 6))):
        name = draw(file_names())
        depth = draw(st.one_of(st.integers(0, 3), st.just(12)))
        parts = [draw(_NAME_BYTES)[:20] for _ in range(depth)]
        parts = [b"d" + p if p.startswith(b".") else p for p in parts]
        suffix = os.fsdecode(os.path.splitext(name)[1]) or ".md"
        files.append((b"/".join(parts + [name]), draw(contents(suffix))))
    empty = draw(st.lists(_NAME_BYTES.map(lambda n: b"e" + n[:20]), max_size=3))
    links = draw(st.lists(st.tuples(file_names(), st.sampled_from(LINK_KINDS)), max_size=3))
    return {"files": files, "empty": empty, "links": links}


def write_folder(root: Path, shape: dict) -> dict[bytes, int]:
    """Write the folder (and a good file), skipping names the filesystem refuses.
    Returns {relative path: size} of the files written."""
    written: dict[bytes, int] = {}
    base = os.fsencode(root)
    for relative, data in shape["files"] + [(b"good-file.md", GOOD_TEXT.encode())]:
        target = base + b"/" + relative
        try:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as handle:
                handle.write(data)
            written[relative] = len(data)
        except OSError:
            continue  # a name this filesystem does not take: nothing to index
    for name in shape["empty"]:
        try:
            os.makedirs(base + b"/" + name, exist_ok=True)
        except OSError:
            continue
    targets = {"to a file inside": base + b"/good-file.md", "to a folder inside": base,
               "to outside": b"/etc/hostname", "dangling": base + b"/no-such-file.md"}
    for name, kind in shape["links"]:
        link = base + b"/link-" + name
        try:
            os.symlink(link if kind == "to itself" else targets[kind], link)
        except OSError:
            continue
    return written
