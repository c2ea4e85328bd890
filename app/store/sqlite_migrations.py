"""Numbered schema migrations, each applied in its own transaction and recorded.

Never edit a migration that has shipped: add a new one. The index is derived
data, so a migration may also simply drop derived rows and let the indexer
rebuild them.
"""
from __future__ import annotations

MIGRATIONS: list[tuple[int, str]] = [
    (1, """
    CREATE TABLE documents(
        id INTEGER PRIMARY KEY,
        path TEXT NOT NULL UNIQUE,         -- relative to the indexed folder, '/'-separated
        sha256 TEXT,
        size INTEGER,
        mtime REAL,
        format TEXT,
        title TEXT,
        metadata TEXT NOT NULL DEFAULT '{}',  -- JSON: front matter fields kept by the policy
        deprecated INTEGER NOT NULL DEFAULT 0,
        pages INTEGER,
        status TEXT NOT NULL,              -- indexed | failed
        error TEXT,
        chunks INTEGER NOT NULL DEFAULT 0,
        over_window INTEGER NOT NULL DEFAULT 0,
        indexed_at REAL
    );
    CREATE TABLE sections(
        id INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        ordinal INTEGER NOT NULL,
        heading TEXT NOT NULL,
        heading_path TEXT NOT NULL,        -- JSON list, top level first
        level INTEGER NOT NULL,
        page_start INTEGER,
        page_end INTEGER,
        page_marks TEXT NOT NULL DEFAULT '[]',  -- JSON [[offset, page], ...]
        body TEXT NOT NULL,
        start_char INTEGER NOT NULL,
        end_char INTEGER NOT NULL
    );
    CREATE INDEX sections_document ON sections(document_id);
    CREATE TABLE chunks(
        id INTEGER PRIMARY KEY,
        section_id INTEGER NOT NULL REFERENCES sections(id) ON DELETE CASCADE,
        document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        chunk_index INTEGER NOT NULL,
        total_chunks INTEGER NOT NULL,
        kind TEXT NOT NULL,
        text TEXT NOT NULL,
        embedded_text TEXT NOT NULL,
        start_char INTEGER NOT NULL,       -- offsets inside the parent section's body
        end_char INTEGER NOT NULL,
        page INTEGER,
        tokens INTEGER NOT NULL,
        tokens_cl100k INTEGER NOT NULL,
        over_window INTEGER NOT NULL,
        invisible_tokens INTEGER NOT NULL,
        split_level TEXT NOT NULL
    );
    CREATE INDEX chunks_section ON chunks(section_id);
    CREATE INDEX chunks_document ON chunks(document_id);
    CREATE VIRTUAL TABLE vec_chunks USING vec0(
        embedding float[384] distance_metric=cosine,
        document_id integer                -- metadata column: filters apply during KNN
    );
    CREATE VIRTUAL TABLE chunks_fts USING fts5(
        embedded_text, content='chunks', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER chunks_fts_insert AFTER INSERT ON chunks BEGIN
        INSERT INTO chunks_fts(rowid, embedded_text) VALUES (new.id, new.embedded_text);
    END;
    CREATE TRIGGER chunks_fts_delete AFTER DELETE ON chunks BEGIN
        INSERT INTO chunks_fts(chunks_fts, rowid, embedded_text)
        VALUES ('delete', old.id, old.embedded_text);
    END;
    CREATE TABLE index_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """),
    (2, """
    -- Parser crashes per file: a file that crashed the reader process twice
    -- with the same content is quarantined until it changes.
    ALTER TABLE documents ADD COLUMN crashes INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE documents ADD COLUMN crash_sha256 TEXT;
    """),
    (3, """
    -- A random token replaced in every transaction that changes vectors, so a
    -- searcher's in-memory copy of them (app/store/vector_matrix.py) knows when it is
    -- stale, across connections and processes, even after the file is rebuilt.
    CREATE TABLE vectors_version(id INTEGER PRIMARY KEY CHECK (id = 1), token TEXT NOT NULL);
    INSERT INTO vectors_version VALUES (1, lower(hex(randomblob(8))));
    """),
    (4, """
    -- Search brings code along with the child before it (app/search/retrieval.py,
    -- bring_following_code): the children after a candidate are looked up by
    -- section and position, which chunks(section_id) alone answers by scanning
    -- the whole section (hundreds of ms for a 20,000-row table).
    CREATE INDEX chunks_section_order ON chunks(section_id, chunk_index);
    DROP INDEX chunks_section;
    """),
    (5, """
    -- The encoding a text file was read in ("UTF-8", "Windows-1252", "UTF-16"),
    -- shown in the library: a wrong guess is then visible, not silent.
    ALTER TABLE documents ADD COLUMN encoding TEXT;
    """),
    (6, """
    -- Scanned PDF pages read with OCR, and the recogniser's mean confidence:
    -- the library marks such documents, since their text may hold misreadings.
    ALTER TABLE documents ADD COLUMN ocr_pages INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE documents ADD COLUMN ocr_confidence REAL;
    """),
    (7, """
    -- The language of a document's text: it decides which embedder the index
    -- needs (MiniLM reads English only) and is shown in the library.
    ALTER TABLE documents ADD COLUMN language TEXT;
    """),
    (8, """
    -- Word forms (app/common/word_forms.py): a Russian, German or Spanish
    -- child's words as their stems, which BM25 reads in place of its text;
    -- NULL for English, which FTS5's porter stems itself. FTS5 reads the
    -- generated column, so its external content (its 'rebuild', its
    -- integrity check) is exactly what the triggers gave it. The documents
    -- in those languages already indexed are marked changed (no hash, no
    -- time), so the next indexing run writes their word forms; until then
    -- they are searched as before (the rebuild reads their embedded_text).
    ALTER TABLE chunks ADD COLUMN word_forms TEXT;
    ALTER TABLE chunks ADD COLUMN lexical TEXT
        GENERATED ALWAYS AS (coalesce(word_forms, embedded_text)) VIRTUAL;
    DROP TRIGGER chunks_fts_insert;
    DROP TRIGGER chunks_fts_delete;
    DROP TABLE chunks_fts;
    CREATE VIRTUAL TABLE chunks_fts USING fts5(
        lexical, content='chunks', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER chunks_fts_insert AFTER INSERT ON chunks BEGIN
        INSERT INTO chunks_fts(rowid, lexical) VALUES (new.id, new.lexical);
    END;
    CREATE TRIGGER chunks_fts_delete AFTER DELETE ON chunks BEGIN
        INSERT INTO chunks_fts(chunks_fts, rowid, lexical) VALUES ('delete', old.id, old.lexical);
    END;
    INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild');
    UPDATE documents SET sha256 = NULL, mtime = -1
        WHERE language IN ('ru', 'de', 'es', 'fr', 'it', 'pt', 'nl');
    """),
    (9, """
    -- Why a file could not be indexed, as a message the window words in its
    -- own language (app/common/said.py, to_json): its English template and
    -- values, beside the English text in `error`. NULL for a reason that is
    -- no marked message, and for failures recorded before this migration
    -- (the window shows their English text as it is).
    ALTER TABLE documents ADD COLUMN error_said TEXT;
    """),
]
