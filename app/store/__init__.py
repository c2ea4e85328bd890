"""Store: the index, one SQLite file per folder and profile.

Takes documents, their sections and embedded children (from `ingest`), one
transaction per document; gives them back to `search` and `evaluation`:
vectors for KNN, an FTS5 table for BM25, parents and their text.

- `sqlite`: the `Store` (apsw + sqlite-vec + FTS5) and its fingerprint rules,
- `sqlite_migrations`: the numbered schema migrations, each recorded,
- `vector_matrix`: the searcher's in-memory float32 copy of the vectors,
- `recovery`: the look at the index after an unclean shutdown.
"""
