"""The recursive splitter over many generated texts, with a trivial counter."""
import random
import re

import pytest

from app.ingest.chunking.splitter import CHARACTER, LEVELS, split

WORDS = "leave policy the of a employee must days request manager approve form".split()


def words(text: str) -> int:
    return len(text.split())


def generated_text(rng: random.Random) -> str:
    paragraphs = []
    for _ in range(rng.randint(1, 6)):
        sentences = []
        for _ in range(rng.randint(1, 8)):
            length = rng.choice([3, 8, 15, 40])
            sentence = " ".join(rng.choice(WORDS) for _ in range(length))
            sentences.append(sentence.capitalize() + rng.choice([".", "?", "!", ";"]))
        joiner = rng.choice([" ", "\n"])
        paragraphs.append(joiner.join(sentences))
    if rng.random() < 0.2:
        paragraphs.append("x" * rng.randint(50, 400))  # an unbreakable run
    return "\n\n".join(paragraphs)


@pytest.mark.parametrize("seed", range(200))
def test_pieces_fit_are_verbatim_ordered_and_lose_nothing(seed):
    rng = random.Random(seed)
    text = generated_text(rng)
    budget = rng.choice([5, 12, 30])
    # words() cannot see inside an unbreakable run, so count characters there.
    fits = lambda s: words(s) <= budget and len(s) <= budget * 12
    pieces = split(text, 0, len(text), fits)

    for piece in pieces:
        chunk = text[piece.start:piece.end]
        assert chunk == chunk.strip() and chunk
        assert fits(chunk) or piece.level == CHARACTER and piece.end - piece.start == 1
    assert all(a.end <= b.start for a, b in zip(pieces, pieces[1:]))
    covered = "".join(text[p.start:p.end] for p in pieces)
    assert re.sub(r"\s", "", covered) == re.sub(r"\s", "", text)


def test_a_text_that_fits_is_one_block_piece():
    text = "  Short paragraph.\n\nAnother one.  "
    (piece,) = split(text, 0, len(text), lambda s: True)
    assert (text[piece.start:piece.end], piece.level) == (text.strip(), "block")


def test_only_the_oversized_part_drops_to_a_finer_level():
    text = "One two three.\nFour five six seven eight nine ten eleven twelve thirteen."
    pieces = split(text, 0, len(text), lambda s: words(s) <= 5)
    assert text[pieces[0].start:pieces[0].end] == "One two three."
    assert pieces[0].level == "line"
    assert {p.level for p in pieces[1:]} == {"word"}


def test_levels_are_in_order_of_fineness():
    assert LEVELS == ("block", "line", "sentence", "word", "character")
