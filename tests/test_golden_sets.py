"""The sample handbook's golden set is usable: every span is findable where it says."""
import csv
import re

import pytest

from app.common.bundled import SAMPLE_GOLDEN, SAMPLE_HANDBOOK
from app.ingest.readers import read_document


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


@pytest.fixture(scope="module")
def cases():
    with open(SAMPLE_GOLDEN, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def test_the_set_has_the_shape_the_article_asks_for(cases):
    assert len(cases) >= 30
    positions = [c["position"] for c in cases]
    assert positions.count("middle") + positions.count("end") >= len(cases) / 3
    kinds = {c["kind"] for c in cases}
    assert {"table", "code"} <= kinds


def test_every_span_lies_in_one_section_of_its_source(cases):
    texts = {}
    for case in cases:
        path = SAMPLE_HANDBOOK / case["source_file"]
        if path not in texts:
            texts[path] = [normalise(s.body) for s in read_document(path).sections]
        span = normalise(case["answer_span"])
        assert any(span in body for body in texts[path]), case["id"]
