"""The shared index's lexical side: BM25 as FTS5 computes it (k1 = 1.2,
b = 0.75, its IDF), over PostgreSQL's full-text index and the postings
table built from it (migration 3). PostgreSQL's own ts_rank has no IDF, and
on the dev set it lost 0.07 of chunk recall@5 against SQLite.

Every term travels as a value: a question's words are never read as
tsquery syntax."""
from __future__ import annotations

import re

from app.store.postgres_migrations import TEXT_SEARCH_CONFIG, lexical_text

K1, B = 1.2, 0.75            # FTS5's bm25() defaults
WORD = re.compile(r"[^\W_]+")  # a token as FTS5's unicode61 cuts them (underscore splits)


def _tsvector(expression: str) -> str:
    """SQL: the lexemes of `expression` as the stored tsvector has them."""
    return f"to_tsvector('{TEXT_SEARCH_CONFIG}', {lexical_text(expression)})"


def _phrase(expression: str) -> str:
    """SQL: `expression` as a phrase query, its words never read as syntax."""
    return f"phraseto_tsquery('{TEXT_SEARCH_CONFIG}', {lexical_text(expression)})"


def bm25(store, terms: list[str], k: int, allowed: list[int] | None) -> list[int]:
    """BM25 as FTS5 scores it, over the children that match any term, in
    one statement (one snapshot: the totals agree with the children),
    read from the postings table as FTS5 reads its own (migration 3).

    Each term is its own phraseto_tsquery: a value, never tsquery syntax.
    A compound ("pg_hba.conf") counts only where its parts stand as the
    phrase; its frequency in a child is that of its rarest part (FTS5
    counts whole phrase matches: near enough). IDF is counted over the
    whole index, before the document filter, as FTS5 does. `terms`: at
    least one, as PostgreSQL text (the store's _text); `allowed` not empty."""
    found = store.rows(
        f"SELECT ARRAY(SELECT lexeme FROM unnest({_tsvector('term')})) AS lexemes, "
        f"numnode({_phrase('term')}) > 1 AS compound "
        "FROM unnest(%s::text[]) WITH ORDINALITY AS t(term, n) ORDER BY n", (terms,))
    kept = [(term, row["lexemes"], row["compound"]) for term, row in zip(terms, found)
            if row["lexemes"]]
    if not kept:
        return []
    numbers = [n for n, (_, parts, _) in enumerate(kept) for _ in parts]
    names = [lexeme for _, parts, _ in kept for lexeme in parts]
    sizes = [len(parts) for _, parts, _ in kept for _ in parts]
    where, params = ("", []) if allowed is None else \
        ("WHERE f.document_id = ANY(%s)", [list(allowed)])
    # A compound is checked as its phrase ("1.1" has one lexeme, twice).
    compounds = [term if compound else None for term, _, compound in kept]
    rows = store.rows(
        # The question's lexemes, each with its term's number and part count.
        "WITH terms AS (SELECT * FROM unnest(%s::int[], %s::text[], %s::int[]) "
        "AS t(n, lexeme, parts)), "
        "phrases AS (SELECT n - 1 AS n, CASE WHEN term IS NOT NULL THEN "
        f"{_phrase('term')} END AS query "
        "FROM unnest(%s::text[]) WITH ORDINALITY AS x(term, n)), "
        "stats AS (SELECT greatest(chunks, 1) AS total, "
        "greatest(words, 1)::float8 / greatest(chunks, 1) AS mean FROM lexical_stats), "
        # A child matches a term when it holds all of the term's parts…
        "parts AS (SELECT t.n, p.chunk_id, p.document_id, p.words, min(p.tf) AS tf "
        "FROM terms t JOIN postings p ON p.lexeme = t.lexeme "
        "GROUP BY t.n, t.parts, p.chunk_id, p.document_id, p.words "
        "HAVING count(*) = t.parts), "
        # …and, for a compound, holds them as the phrase.
        "f AS (SELECT parts.* FROM parts JOIN phrases ph USING (n) "
        "WHERE ph.query IS NULL OR EXISTS (SELECT 1 FROM chunks c "
        "WHERE c.id = parts.chunk_id AND c.tsv @@ ph.query)), "
        "df AS (SELECT n, count(*) AS df FROM f GROUP BY n) "
        "SELECT f.chunk_id AS id, sum(greatest(ln((greatest(s.total - df.df, 0) + 0.5) "
        "/ (df.df + 0.5)), 1e-6) * f.tf * (%s + 1) / "
        "(f.tf + %s * (1 - %s + %s * f.words / s.mean))) AS score "
        f"FROM f JOIN df USING (n) CROSS JOIN stats s {where} "
        "GROUP BY f.chunk_id ORDER BY score DESC, f.chunk_id LIMIT %s",
        [numbers, names, sizes, compounds, K1, K1, B, B, *params, k])
    return [row["id"] for row in rows]


def term_frequency(store, word: str, statistics: tuple[dict[str, float], float]) -> int:
    """An estimate, from the planner's statistics of the tsvector column
    (ANALYZE, run by autovacuum): how often its most common lexemes occur.
    Search asks this only to drop the most common words of a question on a
    large index (app/search/retrieval.py, query_terms), and counting each
    word's matches would cost a GIN scan per word (tens of milliseconds at
    100,000 children); FTS5 reads the same from its vocabulary. A lexeme
    the statistics do not list is rarer than all they do: counted as 1, so
    it is never dropped as absent. A phrase counts as its rarest part.
    `statistics`: lexeme_statistics's, which the store keeps until it
    refreshes them."""
    frequencies, rows = statistics
    parts = store.rows(f"SELECT ARRAY(SELECT lexeme FROM unnest({_tsvector('%s')})) AS p",
                       (word,))[0]["p"]
    if not parts:
        return 0
    return min(max(round(frequencies.get(part, 0.0) * rows), 1) for part in parts)


def lexeme_statistics(store) -> tuple[dict[str, float], float]:
    """The planner's share of children holding each of the most common
    lexemes, and how many children it counted (none yet: empty, 0)."""
    found = store.rows(
        "SELECT most_common_elems::text::text[] AS lexemes, most_common_elem_freqs "
        "AS shares, (SELECT reltuples FROM pg_class WHERE oid = 'chunks'::regclass) "
        "AS rows FROM pg_stats WHERE tablename = 'chunks' AND attname = 'tsv' "
        "AND schemaname = current_schema()")
    if not found or not found[0]["lexemes"]:
        return {}, 0.0
    row = found[0]
    return dict(zip(row["lexemes"], row["shares"])), max(float(row["rows"] or 0), 0.0)
