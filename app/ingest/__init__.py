"""Ingest: a handbook folder → documents in the store.

scan → read → chunk → (embed) → store, driven by `indexer.Indexer`:
- `scan`: the folder's supported files, links and odd names handled,
- `reader_process`: parsing in a child process with time and memory limits,
- `readers`: one reader per format (Markdown, PDF, text) → `common.documents`,
- `chunking`: sections as parents, window-fitted children (and Spring AI's
  splitter, for comparison), the window guard.

The indexer drives the stages and writes into the store, so `ingest` sits
above `store` in the import layers (see `[tool.importlinter]` in pyproject).
"""
