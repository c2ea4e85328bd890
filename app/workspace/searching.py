"""A searcher over what a question asks: one index, or several handbooks at once.

Each index is searched with the embedder it was built with (its fingerprint
says which): handbooks asked together may use different ones; the question
is then embedded once per embedder and the rankings fused by rank.
"""
from __future__ import annotations

import contextlib
from typing import Iterator

from app.search.retrieval import Searcher, SearchSettings
from app.search.several import Handbook, SeveralSearcher
from app.store.backends import Location
from app.workspace.embedders import EmbedderCache
from app.workspace.indexes import opened_index


@contextlib.contextmanager
def open_searcher(asked: list[tuple[str, str | Location]], embedders: EmbedderCache,
                  settings: SearchSettings) -> Iterator[Searcher | SeveralSearcher]:
    """A Searcher over the one index asked, or a SeveralSearcher over all of
    them (its store reads across them, for the evidence step); `asked` is
    [(label, location)], the labels naming each handbook in citations. An
    index that is not there raises NoIndex; a disk or server failing
    mid-search comes out as StoreError in words."""
    with contextlib.ExitStack() as stack:
        handbooks = []
        for label, location in asked:
            store = stack.enter_context(opened_index(location))
            handbooks.append(Handbook(label, store, embedders.for_index(store.meta())))
        if len(handbooks) == 1:
            yield Searcher(handbooks[0].store, handbooks[0].embedder, settings)
            return
        searcher = SeveralSearcher(handbooks, widest([h.embedder for h in handbooks]), settings)
        stack.callback(searcher.close)
        yield searcher


def widest(embedders: list):
    """The embedder that reads every handbook's language (for the evidence
    step, which compares passages of all of them with the question)."""
    return next((e for e in embedders if e.languages is None), embedders[0])
