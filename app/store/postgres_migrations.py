"""Numbered schema migrations of the PostgreSQL store, each applied in its own
transaction and recorded in schema_migrations (as `sqlite_migrations`).

The tables are those of the SQLite store with the vectors and the lexical
index inside `chunks`: `embedding` (pgvector, HNSW over cosine distance) and
`tsv` (a generated tsvector with a GIN index) replace sqlite-vec's `vec_chunks`
and FTS5's `chunks_fts`. BM25 needs what FTS5 keeps for itself: each child's
length in words (`chunks.words`) and the totals (`lexical_stats`), kept in the
same transactions as the children. Never edit a migration that has shipped:
add one.
"""
from __future__ import annotations

DIMENSIONS = 384  # all-MiniLM-L6-v2; the SQLite store's vec0 table has the same width

# The nearest PostgreSQL has to FTS5's "porter unicode61": English Snowball
# stemming (Porter's own successor) and, like FTS5, no stopwords, so a
# question's "not" or "off" still matches. Generated columns need the
# configuration named, so it is part of the schema, not a setting.
TEXT_SEARCH_CONFIG = "hbqa_english"
# PostgreSQL's parser keeps a path, a host, an e-mail address or a decimal as
# one token ("/etc/postgresql/pg_hba.conf"), where FTS5's unicode61 cuts at
# every character that is not a letter or digit: the question's "pg_hba.conf"
# would never match. These characters become spaces before parsing, in the
# stored tsvector and in every query alike (app/store/postgres.py), so the
# tokens are FTS5's. Not a regular expression class: in the C locale
# [[:alnum:]] is ASCII only, and would cut "café" apart.
SEPARATORS = "/.@:_~\\"


def lexical_text(expression: str) -> str:
    """SQL that turns `expression` into the text the lexical index parses."""
    return f"translate({expression}, '{SEPARATORS}', '{' ' * len(SEPARATORS)}')"


MIGRATIONS: list[tuple[int, str]] = [
    (1, f"""
    CREATE EXTENSION IF NOT EXISTS vector;
    CREATE TEXT SEARCH DICTIONARY hbqa_english_stem (TEMPLATE = snowball, LANGUAGE = english);
    CREATE TEXT SEARCH CONFIGURATION {TEXT_SEARCH_CONFIG} (COPY = english);
    ALTER TEXT SEARCH CONFIGURATION {TEXT_SEARCH_CONFIG}
        ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
        WITH hbqa_english_stem;
    CREATE TABLE documents(
        id bigserial PRIMARY KEY,
        path text NOT NULL UNIQUE,          -- relative to the indexed folder, '/'-separated
        sha256 text,
        size bigint,
        mtime double precision,
        format text,
        title text,
        metadata text NOT NULL DEFAULT '{{}}',  -- JSON: front matter fields kept by the policy
        deprecated integer NOT NULL DEFAULT 0,
        pages integer,
        status text NOT NULL,               -- indexed | failed
        error text,
        chunks integer NOT NULL DEFAULT 0,
        over_window integer NOT NULL DEFAULT 0,
        indexed_at double precision,
        crashes integer NOT NULL DEFAULT 0,
        crash_sha256 text,
        encoding text,
        ocr_pages integer NOT NULL DEFAULT 0,
        ocr_confidence double precision
    );
    CREATE TABLE sections(
        id bigserial PRIMARY KEY,
        document_id bigint NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        ordinal integer NOT NULL,
        heading text NOT NULL,
        heading_path text NOT NULL,         -- JSON list, top level first
        level integer NOT NULL,
        page_start integer,
        page_end integer,
        page_marks text NOT NULL DEFAULT '[]',
        body text NOT NULL,
        start_char integer NOT NULL,
        end_char integer NOT NULL
    );
    CREATE INDEX sections_document ON sections(document_id);
    CREATE TABLE chunks(
        id bigserial PRIMARY KEY,
        section_id bigint NOT NULL REFERENCES sections(id) ON DELETE CASCADE,
        document_id bigint NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        chunk_index integer NOT NULL,
        total_chunks integer NOT NULL,
        kind text NOT NULL,
        text text NOT NULL,
        embedded_text text NOT NULL,
        start_char integer NOT NULL,        -- offsets inside the parent section's body
        end_char integer NOT NULL,
        page integer,
        tokens integer NOT NULL,
        tokens_cl100k integer NOT NULL,
        over_window integer NOT NULL,
        invisible_tokens integer NOT NULL,
        split_level text NOT NULL,
        words integer NOT NULL,             -- BM25's length of the child: words of embedded_text
        embedding vector({DIMENSIONS}) NOT NULL,
        tsv tsvector GENERATED ALWAYS AS
            (to_tsvector('{TEXT_SEARCH_CONFIG}', {lexical_text("embedded_text")})) STORED
    );
    CREATE INDEX chunks_section_order ON chunks(section_id, chunk_index);
    CREATE INDEX chunks_document ON chunks(document_id);
    CREATE INDEX chunks_tsv ON chunks USING gin(tsv);
    CREATE INDEX chunks_embedding ON chunks USING hnsw(embedding vector_cosine_ops);
    CREATE TABLE index_meta(key text PRIMARY KEY, value text NOT NULL);
    CREATE TABLE lexical_stats(
        id integer PRIMARY KEY CHECK (id = 1),
        chunks bigint NOT NULL,             -- BM25's N
        words bigint NOT NULL               -- and the words of them all, for the mean length
    );
    INSERT INTO lexical_stats VALUES (1, 0, 0);
    """),
    # FTS5 folds diacritics ("cafe" finds "Café"); PostgreSQL does with the
    # unaccent dictionary in front of the stemmer. unaccent ships with
    # PostgreSQL's contrib and is a trusted extension; a server without it
    # keeps accents as before rather than refusing to index. The stored
    # tsvectors were made with the old mapping, so the column is made again
    # (DROP/ADD, which PostgreSQL 12+ all have).
    (2, f"""
    DO $$
    BEGIN
        IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'unaccent') THEN
            CREATE EXTENSION IF NOT EXISTS unaccent;
            ALTER TEXT SEARCH CONFIGURATION {TEXT_SEARCH_CONFIG}
                ALTER MAPPING FOR word, hword, hword_part WITH unaccent, hbqa_english_stem;
        END IF;
    EXCEPTION WHEN insufficient_privilege OR undefined_object THEN
        RAISE NOTICE 'unaccent could not be used: accents are kept';
    END $$;
    ALTER TABLE chunks DROP COLUMN tsv;
    ALTER TABLE chunks ADD COLUMN tsv tsvector GENERATED ALWAYS AS
        (to_tsvector('{TEXT_SEARCH_CONFIG}', {lexical_text("embedded_text")})) STORED;
    CREATE INDEX chunks_tsv ON chunks USING gin(tsv);
    ANALYZE chunks;
    """),
    # BM25 read each matching child's whole tsvector (about 9 µs a child: a
    # common word made a question cost 130 ms at 100,000 children), where
    # FTS5 reads postings. This is FTS5's postings list: one row per lexeme of
    # a child, with its count there and what scoring needs of the child (its
    # length, its document), so that BM25 reads one index range per question
    # word and nothing else. Kept by a trigger in the transaction that writes
    # the child (COPY fires it too) and removed with it. The tsvector stays:
    # compounds ("pg_hba.conf") are checked as phrases against it. A later
    # migration that remakes `tsv` must rebuild this table too.
    (3, """
    CREATE TABLE postings(
        chunk_id bigint NOT NULL REFERENCES chunks(id) ON DELETE CASCADE,
        lexeme text NOT NULL,
        document_id bigint NOT NULL,
        tf integer NOT NULL,                -- occurrences of the lexeme in the child
        words integer NOT NULL,             -- the child's length, as chunks.words
        PRIMARY KEY (chunk_id, lexeme)
    );
    CREATE FUNCTION hbqa_postings() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'UPDATE' THEN  -- no code updates children today; if one does
            DELETE FROM postings WHERE chunk_id = OLD.id;
        END IF;
        INSERT INTO postings(chunk_id, lexeme, document_id, tf, words)
        SELECT NEW.id, u.lexeme, NEW.document_id, coalesce(cardinality(u.positions), 1),
               NEW.words
        FROM unnest(NEW.tsv) AS u;
        RETURN NULL;
    END $$;
    CREATE TRIGGER chunks_postings AFTER INSERT ON chunks
        FOR EACH ROW EXECUTE FUNCTION hbqa_postings();
    CREATE TRIGGER chunks_postings_update AFTER UPDATE OF embedded_text, words, document_id
        ON chunks FOR EACH ROW EXECUTE FUNCTION hbqa_postings();
    INSERT INTO postings(chunk_id, lexeme, document_id, tf, words)
    SELECT c.id, u.lexeme, c.document_id, coalesce(cardinality(u.positions), 1), c.words
    FROM chunks c, unnest(c.tsv) AS u;
    CREATE INDEX postings_lexeme ON postings(lexeme) INCLUDE (chunk_id, document_id, tf, words);
    ANALYZE postings;
    """),
    (4, """
    -- The language of a document's text: it decides which embedder the index
    -- needs (MiniLM reads English only) and is shown in the library.
    ALTER TABLE documents ADD COLUMN language text;
    """),
    # Word forms (app/common/word_forms.py): a Russian, German or Spanish
    # child's words as their stems, which the lexical index reads in place of
    # its text (NULL for English, which the configuration stems itself), as in
    # the SQLite store. The postings need no rebuild: every word_forms is NULL
    # here, so each tsv is what it was. The documents in those languages are
    # marked changed, so the maintainer's next indexing run writes their forms.
    (5, f"""
    ALTER TABLE chunks ADD COLUMN word_forms text;
    ALTER TABLE chunks DROP COLUMN tsv;
    ALTER TABLE chunks ADD COLUMN tsv tsvector GENERATED ALWAYS AS
        (to_tsvector('{TEXT_SEARCH_CONFIG}',
                     {lexical_text("coalesce(word_forms, embedded_text)")})) STORED;
    CREATE INDEX chunks_tsv ON chunks USING gin(tsv);
    DROP TRIGGER chunks_postings_update ON chunks;
    CREATE TRIGGER chunks_postings_update
        AFTER UPDATE OF embedded_text, word_forms, words, document_id
        ON chunks FOR EACH ROW EXECUTE FUNCTION hbqa_postings();
    UPDATE documents SET sha256 = NULL, mtime = -1
        WHERE language IN ('ru', 'de', 'es', 'fr', 'it', 'pt', 'nl');
    ANALYZE chunks;
    """),
    (6, """
    -- Why a file could not be indexed, as a message the window words in its
    -- own language (app/common/said.py, to_json): its English template and
    -- values, beside the English text in `error`. NULL for a reason that is
    -- no marked message, and for failures recorded before this migration.
    ALTER TABLE documents ADD COLUMN error_said text;
    """),
]
