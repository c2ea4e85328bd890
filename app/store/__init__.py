"""Store: the index, behind one contract with two backends.

Takes documents, their sections and embedded children (from `ingest`), one
transaction per document; gives them back to `search` and `evaluation`:
vectors for KNN, a lexical index for BM25, parents and their text. Nothing
above this package writes SQL.

- `contract`: the calls every backend answers (IndexStore), the document
  record, the counts, StoreError;
- `backends`: which backend a location names (a file, or a PostgreSQL URI or
  service) and opening it;
- `sqlite`, `sqlite_migrations`: the default, one file per folder and profile
  (apsw + sqlite-vec + FTS5), with `vector_matrix` (the searcher's in-memory
  copy of the vectors) and `recovery` (the look after an unclean shutdown);
- `postgres`, `postgres_migrations`: the shared index for a team (psycopg 3,
  pgvector HNSW, PostgreSQL full-text search), with `postgres_lexical` (BM25
  over its postings), `postgres_uri` (the address, read without connecting)
  and `postgres_errors` (the server's errors in words);
- `queries`: SQL both backends speak alike.
"""
