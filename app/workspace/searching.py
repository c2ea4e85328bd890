"""A searcher over what a question asks: one index, or several handbooks at once."""
from __future__ import annotations

import contextlib
from typing import Iterator

from app.search.retrieval import Searcher, SearchSettings
from app.search.several import Handbook, SeveralSearcher
from app.store.backends import Location
from app.workspace.indexes import opened_index


@contextlib.contextmanager
def open_searcher(asked: list[tuple[str, str | Location]], embedder,
                  settings: SearchSettings) -> Iterator[Searcher | SeveralSearcher]:
    """A Searcher over the one index asked, or a SeveralSearcher over all of
    them (its store reads across them, for the evidence step); `asked` is
    [(label, location)], the labels naming each handbook in citations. An
    index that is not there raises NoIndex; a disk or server failing
    mid-search comes out as StoreError in words."""
    with contextlib.ExitStack() as stack:
        handbooks = [Handbook(label, stack.enter_context(opened_index(location)))
                     for label, location in asked]
        if len(handbooks) == 1:
            yield Searcher(handbooks[0].store, embedder, settings)
            return
        searcher = SeveralSearcher(handbooks, embedder, settings)
        stack.callback(searcher.close)
        yield searcher
