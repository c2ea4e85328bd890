"""The card's confidence: when one quote may be shown as the handbook's answer."""
from app.answers.evidence import confidence
from app.answers.evidence.confidence import NONE, PASSAGES, SINGLE, card
from app.answers.evidence.finder import Evidence


def _evidence(score: float, confidence_value: float | None = None) -> Evidence:
    return Evidence(text="x", source="a.md", heading="A", page=None, start=0, end=1,
                    score=score, n=1, section_id=1, kind="sentence", chunk_index=0,
                    confidence=confidence_value)


def _probability(score: float, second: float, similarity: float = 0.6,
                 child_rank: float = 1.0) -> float:
    values = confidence.features([score, second], {"similarity": similarity,
                                                   "child_rank": child_rank}, floor=0.88)
    return confidence.probability(values)


def test_a_first_quote_that_stands_out_is_trusted_more():
    """The lead over the second unit is what says the first is right: the
    same score with a wider lead, or in the best child, is more likely right."""
    assert _probability(1.5, 1.1) > _probability(1.5, 1.45)
    assert _probability(1.5, 1.2, child_rank=1.0) > _probability(1.5, 1.2, child_rank=0.5)
    assert 0.0 < _probability(1.2, 1.19) < _probability(1.9, 1.2) < 1.0


def test_a_lone_unit_leads_over_the_floor():
    alone = confidence.features([1.3], {"similarity": 0.5, "child_rank": 1.0}, floor=0.88)
    assert alone["margin"] == 1.3 - 0.88


def test_the_card_follows_the_first_units_confidence():
    assert card([]) == NONE
    assert card([_evidence(1.4, confidence.SINGLE_QUOTE), _evidence(1.2)]) == SINGLE
    assert card([_evidence(1.4, confidence.SINGLE_QUOTE - 0.01), _evidence(1.2)]) == PASSAGES
    checked = _evidence(1.4, 0.0)
    checked.checked = True  # the answer model picked it too (quote_check.py)
    assert card([checked, _evidence(1.2)]) == SINGLE
    checked.checked = False
    assert card([checked, _evidence(1.2)]) == PASSAGES
    assert card([_evidence(1.4, None)]) == PASSAGES  # never scored: never shown alone


def test_the_finder_gives_the_first_unit_shown_its_confidence():
    from app.answers.evidence.finder import EvidenceFinder

    finder = EvidenceFinder(store=None, embedder=None)
    scored = [_evidence(1.6), _evidence(1.1), _evidence(1.0), _evidence(0.95)]
    for e in scored:
        e.features = {"similarity": 0.6, "child_rank": 1.0}
    shown = finder.best(scored, 3)
    assert len(shown) == 3 and shown[0].confidence is not None
    assert all(e.confidence is None for e in shown[1:])
    assert shown[0].to_json()["confidence"] == round(shown[0].confidence, 3)
    assert "confidence" not in shown[1].to_json()
    assert finder.best([_evidence(0.5)], 3) == []  # below the floor: nothing, no card
