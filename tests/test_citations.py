"""`[n]` markers map to the sources given; anything else is removed, even mid-stream."""
import random

import pytest

from app.answers.checks.citations import MarkerFilter, clean_markers
from app.answers.checks.markers import numbers_in


def test_marker_forms_small_models_write():
    assert numbers_in("1") == [1]
    assert numbers_in("1, 3") == [1, 3]
    assert numbers_in("2-4") == [2, 3, 4]


def test_markers_to_nothing_are_removed_and_cited_numbers_kept_in_order():
    text, cited = clean_markers("Leave is 28 days [2]. Parking is free [9]. See [1, 7].",
                                {1, 2, 3})
    assert text == "Leave is 28 days [2]. Parking is free. See [1]."
    assert cited == [2, 1]


def test_no_markers_means_nothing_cited():
    assert clean_markers("Plain answer.", {1}) == ("Plain answer.", [])


def test_brackets_that_are_not_markers_stay():
    assert clean_markers("Use array[index] and [optional] args.", {1})[0] == \
        "Use array[index] and [optional] args."


@pytest.mark.parametrize("seed", range(100))
def test_streaming_shows_exactly_what_the_full_cleaning_shows(seed):
    rng = random.Random(seed)
    pieces = ["Leave", " is", " 28", " days", " [", "1", "]", " [", "9", "]", ".", " [2",
              ", 5]", " x[", "3]", " [12]", " done", " [", "1-3", "]"]
    text = "".join(rng.choice(pieces) for _ in range(30))
    cuts = sorted(rng.sample(range(1, len(text)), k=min(10, len(text) - 1)))
    chunks = [text[a:b] for a, b in zip([0] + cuts, cuts + [len(text)])]
    marker_filter = MarkerFilter({1, 2, 3})
    shown = "".join(marker_filter.feed(c) for c in chunks) + marker_filter.flush()
    assert shown == clean_markers(text, {1, 2, 3})[0]
