"""SQL that both backends speak alike (standard SQL over the same tables).

Placeholders are psycopg's `%s`; the SQLite store swaps them for `?`.
"""
from __future__ import annotations

# embedded_text: the evidence step reads a definition's term from it (evidence._term_context)
CHUNK_COLUMNS = ("id, section_id, document_id, chunk_index, kind, text, start_char, end_char, "
                 "page, embedded_text")
SECTION_COLUMNS = ("s.id, s.document_id, s.heading, s.heading_path, s.body, s.page_start, "
                   "s.page_marks, s.start_char")

DOCUMENT_FILTERS_SQL = "SELECT id, path, deprecated FROM documents"
# The languages of the indexed text: a question's words are folded into each
# one's word forms (app/common/word_forms.py).
LANGUAGES_SQL = ("SELECT DISTINCT language FROM documents "
                 "WHERE status = 'indexed' AND language IS NOT NULL ORDER BY language")

OVER_WINDOW_SQL = (
    "SELECT c.id, d.path, s.heading, c.chunk_index, c.tokens, c.invisible_tokens, "
    "c.split_level FROM chunks c JOIN sections s ON s.id = c.section_id "
    "JOIN documents d ON d.id = c.document_id WHERE c.over_window <> 0 "
    "ORDER BY c.invisible_tokens DESC, d.path, c.chunk_index")

CHUNK_DETAIL_SQL = (
    "SELECT c.embedded_text, c.tokens, c.invisible_tokens, c.chunk_index, c.section_id, "
    "d.path, s.heading, s.page_start FROM chunks c JOIN sections s ON s.id = c.section_id "
    "JOIN documents d ON d.id = c.document_id WHERE c.id = %s")
