"""Search: a question → the sections that answer it.

Takes the store and the embedder; gives a `retrieval.SearchResponse`: parents
(whole sections, trimmed to a token budget around their matched children)
ranked by RRF over MiniLM KNN and BM25, with the matched children and the
query vector the answer stage reuses.
"""
