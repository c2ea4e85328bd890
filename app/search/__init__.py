"""Search: a question → the sections that answer it.

Takes the store and the embedder; gives a `retrieval.SearchResponse`: parents
(whole sections, trimmed to a token budget around their matched children)
ranked by RRF over MiniLM KNN and BM25, with the matched children and the
query vector the answer stage reuses.

`spans` and `page_boxes` find a cited passage again in its file, for the
viewer: in the text (which may have changed since it was indexed) and on a
PDF page.
"""
