"""Where a cited passage lies in a text or on a page, without Qt: the matching
that survives two PDF extractors' differences and a file changed since it was
indexed (app/search/spans.py)."""
from app.search.spans import find_span, heading_line_start, key_of


def test_find_span_survives_extractor_differences():
    page = key_of("The quick brown fox jumps over the lazy dog and keeps run\ufffening "
                  "across the ﬁeld until night. Then it sleeps.")
    span = find_span(page, "quick brown fox jumps over the lazy dog and keeps run-\n"
                           "ning across the field until night.")
    assert page[span[0]:span[1]] == key_of("quick brown fox jumps over the lazy dog and "
                                           "keeps running across the field until night")


def test_find_span_on_a_page_with_only_the_end_of_the_passage():
    page = key_of("the project code written on it. Per diem rates follow below here.")
    passage = ("Expense reports are due at the end of each month and must include "
               "every receipt with the project code written on it.")
    for lenient in (True, False):
        span = find_span(page, passage, lenient=lenient, page=True)
        assert span == (0, len(key_of("the project code written on it.")))
    # Far down another page, the same end phrase is not the passage's end.
    far = key_of("Unrelated words " * 40) + page
    assert find_span(far, passage, lenient=False, page=True) is None


def test_find_span_pairs_a_repeated_opening_with_the_right_end():
    first = "Returns: success if the structure was created, an error code otherwise."
    second = "Returns: success if the structure was created, and the element name is set."
    page = key_of(f"{first} Some words between the two. {second}")
    span = find_span(page, second.replace("created,", "created, [Function]"))
    assert span is not None and page[span[0]:span[1]].endswith(key_of("name is set"))
    assert span[0] == page.index(key_of("Returns"), 1)


def test_find_span_trusts_an_unpaired_start_only_where_the_passage_is_expected():
    passage = ("Travellers to Berlin receive a per diem of sixty euros for each full "
               "day away, paid with the next salary.")
    page = key_of("Header line. Travellers to Berlin receive a per diem of sixty euros "
                  "but the rest differs entirely on this page. " + "Filler words. " * 30)
    assert find_span(page, passage, lenient=True, page=True) is not None  # the cited page
    assert find_span(page, passage, lenient=False, page=True) is None  # any other page


def test_heading_line_start():
    text = "# Title\n\nIntro\n\n## Leave\n\n\nBody text\n"
    assert heading_line_start(text, text.index("Body")) == text.index("## Leave")
    assert heading_line_start(text, 0) == 0
    underlined = "Title\n=====\n\nBody\n"
    assert heading_line_start(underlined, underlined.index("Body")) == 0
