"""Search: embed small, return big.

Profile `fitted`: the question is embedded and matched against the small
children by vector (KNN) and by words (BM25 in SQLite, PostgreSQL's own
full-text ranking on a shared index: app/store); the two rankings are fused
with reciprocal rank fusion; code comes along with the child before it (see
bring_following_code); children are grouped by their parent section,
each parent keeping its best fused score; the top parents are returned in
that order, each trimmed to a token budget around its matched children.

Profile `spring-default`: the top chunks by vector similarity alone, no
parents, no BM25, similarity threshold 0.0 — Spring AI's defaults, so both
profiles can be compared on the same questions.
"""
from __future__ import annotations

import bisect
import fnmatch
import itertools
import json
import re
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import asdict, dataclass, field, replace
from typing import Callable, Iterator

from app.common.chunks import TABLE_ROW
from app.common.documents import CODE, HEADING_SEPARATOR
from app.common.language import CYRILLIC, ENGLISH, UNDETERMINED, detect
from app.common.said import QT_TRANSLATE_NOOP, Said
from app.common.tokens import count_cl100k
from app.common.word_forms import forms_of_terms, is_stopword
from app.search.language_balance import handbook_language_first
from app.store.contract import Following, IndexStore

FITTED, SPRING = "fitted", "spring-default"
MAX_CODE_RUN = 2  # code children in a row that ranking may bring along (bring_following_code)
MIN_CONTEXT_TOKENS = 200
MAX_QUERY_TERMS = 64
BM25_POSTINGS_BUDGET = 15_000   # children BM25 may score per question (see query_terms)
_TERM = re.compile(r"\w+", re.UNICODE)
# Starts only at the start of a word, and never gives back what \w++ took:
# without both, a 20,000-letter "word" cost 4 s (every start, every length).
_COMPOUND = re.compile(r"(?<!\w)\w++(?:[./:@+#-]\w++)+", re.UNICODE)
_BM25_THREADS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="bm25")
_STOPWORDS = frozenset("""a an and are as at be by can do does for from how i if in is it
of on or our so that the their there this to was we what when where which who why will
with you your my me""".split())


class SearchError(Exception):
    """A question or an index that cannot be searched; the message says why."""


@dataclass
class SearchSettings:
    candidates: int = 20          # children from each of KNN and BM25
    results: int | None = None    # parents (fitted, default 3) or chunks (spring, default 4)
    hybrid: bool = True
    rrf_k: int = 60
    vector_weight: float = 1.0
    bm25_weight: float = 1.0
    # cl100k tokens of section text for all results together (fitted). Dev-set
    # context recall with 3 sections (151 questions): 0.97 at 1,800, 0.93 at 900,
    # 0.88 at 600, 0.82 at 400.
    context_tokens: int = 1800
    include_deprecated: bool = False
    paths: list[str] = field(default_factory=list)  # sub-folders or globs to search in


@dataclass
class Match:
    """One child that made its parent a result, and why."""

    chunk_id: int
    chunk_index: int
    text: str
    start: int | None        # offsets inside the result's text; None if trimmed away
    end: int | None
    vector_rank: int | None
    vector_distance: float | None
    bm25_rank: int | None
    fused_score: float
    follows: int | None = None  # chunk_index of the child that brought this code along


@dataclass
class Result:
    rank: int
    score: float
    source: str
    heading: str
    heading_path: list[str]
    page: int | None
    page_end: int | None
    section_id: int
    document_id: int
    text: str                 # exactly what goes into the prompt
    excerpts: list[tuple[int, int]]  # the parts of the section body in `text`, in order
    chunks: list[Match]
    kind: str                 # "section" (fitted) or "chunk" (spring-default)

    @property
    def chunk_indexes(self) -> list[int]:
        return [m.chunk_index for m in self.chunks]

    def trace(self) -> dict:
        best = self.chunks[0]
        return {"vector_rank": best.vector_rank, "vector_distance": best.vector_distance,
                "bm25_rank": best.bm25_rank, "fused_score": best.fused_score,
                "matched_chunks": self.chunk_indexes}

    def to_json(self) -> dict:
        data = asdict(self)
        data["chunks"] = [{"chunk_index": m.chunk_index, "text": m.text, "start": m.start,
                           "end": m.end, "vector_rank": m.vector_rank,
                           "vector_distance": m.vector_distance, "bm25_rank": m.bm25_rank,
                           "fused_score": m.fused_score, "follows": m.follows}
                          for m in self.chunks]
        data["chunk_indexes"] = self.chunk_indexes
        data["trace"] = self.trace()
        return data


@dataclass
class Candidate:
    chunk_id: int
    vector_rank: int | None = None
    vector_distance: float | None = None
    bm25_rank: int | None = None
    fused_score: float = 0.0
    # chunk id of the child that brought this code along (its fused_score is
    # then that child's, or its own if higher: it may not have been ranked)
    follows: int | None = None


@dataclass
class SearchResponse:
    query: str
    profile: str
    results: list[Result]
    candidates: list[Candidate]   # every child considered, best first (for evaluation)
    query_vector: object = field(default=None, repr=False)  # the question's embedding

    def to_json(self) -> dict:
        return {"query": self.query, "profile": self.profile,
                "results": [r.to_json() for r in self.results]}


def merged_responses(question: str, responses: list, limit: int | None = None) -> SearchResponse:
    """Several searches (the parts of a question) as one response: their
    results taken in turn (each part's best first), a section found twice
    kept once, renumbered; their candidates together. `limit`: results kept
    (by default as many as two searches give: each part's best keep their
    room beside the other's)."""
    limit = limit or min(sum(len(r.results) for r in responses),
                         2 * max((len(r.results) for r in responses), default=0))
    results, seen = [], set()
    for row in itertools.zip_longest(*(r.results for r in responses)):
        for result in row:
            key = None if result is None else (result.source, result.section_id)
            if key is not None and key not in seen and len(results) < limit:
                seen.add(key)
                results.append(replace(result, rank=len(results) + 1))
    candidates = [c for r in responses for c in r.candidates]
    profile = getattr(responses[0], "profile", "") if responses else ""
    return SearchResponse(query=question, profile=profile, results=results,
                          candidates=candidates)


def checked_question(question: str) -> str:
    """The question stripped, or SearchError when it has nothing to search."""
    question = (question or "").strip()
    if not question:
        raise SearchError(Said(QT_TRANSLATE_NOOP(
            "Core", "the question is empty: type what you want to know")))
    if not any(character.isalnum() for character in question):
        raise SearchError(Said(QT_TRANSLATE_NOOP(
            "Core", "the question has no words, only punctuation or symbols: type what you want "
            "to know")))
    return question


class Searcher:
    def __init__(self, store: IndexStore, embedder, settings: SearchSettings | None = None,
                 count: Callable[[str], int] = count_cl100k):
        self.store = store
        self.embedder = embedder
        self.settings = settings or SearchSettings()
        self.count = count
        self.meta = store.meta()
        self._children = 0
        self.profile = self.meta.get("profile", FITTED)

    def search(self, question: str) -> SearchResponse:
        question = checked_question(question)
        # One snapshot: on a shared index the maintainer may rewrite a document
        # between the ranking and the reading of its children.
        with self.store.snapshot():
            return self._search(question)

    def _search(self, question: str) -> SearchResponse:
        self.check_index()
        vector, vector_hits, bm25_hits = self.rankings(question)
        return self.respond(question, vector, vector_hits, bm25_hits)

    def rankings(self, question: str, vector=None) -> tuple[object, list[tuple[int, float]],
                                                            list[int]]:
        """The question's vector (embedded here unless given), the vector
        hits (id, distance) and the BM25 hits (ids), each best first. The
        caller has checked the index (check_index) and holds a snapshot."""
        allowed = self._allowed_documents()
        # Where the store allows it, BM25 runs while the query is embedded and
        # matched by vector: both release the GIL, so on two cores the lexical
        # ranking costs no wall time.
        bm25 = _BM25_THREADS.submit(self._bm25, question, allowed) \
            if self._hybrid and self.store.lexical_alongside_vectors() else None
        try:
            if vector is None:
                vector = self.embedder.embed_queries([question])[0]
            vector_hits = self._knn(vector, allowed)
        finally:
            # Never leave while the other thread still uses the connection:
            # the caller may close it (apsw refuses, with a misleading error).
            if bm25 is not None:
                wait([bm25])
        if bm25 is not None:
            bm25_hits = bm25.result()
        else:
            bm25_hits = self._bm25(question, allowed) if self._hybrid else []
        return vector, vector_hits, bm25_hits

    def respond(self, question: str, vector, vector_hits: list[tuple[int, float]],
                bm25_hits: list[int]) -> SearchResponse:
        """The two rankings fused, and the results read from the store."""
        candidates = fuse(vector_hits, bm25_hits, self.settings)
        if self.embedder.languages is None:  # a multilingual model's bias (MiniLM reads English)
            candidates = handbook_language_first(candidates, question, self.store.languages,
                                                 lambda ids: chunk_texts(self.store, ids))
        if self.profile == SPRING:
            results = self._chunk_results(candidates)
        else:
            candidates = bring_following_code(candidates, self._following(candidates))
            results = self._parent_results(candidates)
        return SearchResponse(question, self.profile, results, candidates, vector)

    @property
    def _hybrid(self) -> bool:
        return self.settings.hybrid and self.profile != SPRING

    @property
    def result_count(self) -> int:
        return self.settings.results or (4 if self.profile == SPRING else 3)

    @property
    def relevance_threshold(self) -> float:
        """The distance above which nothing this index holds is about a question."""
        return self.embedder.relevance_threshold

    def index_of(self, chunk_id: int) -> int:
        """Which index a candidate comes from (one here: 0)."""
        return 0

    def searcher_of(self, index: int) -> "Searcher":
        """The searcher of that index: its embedder and store."""
        return self

    # -- checks and filters -------------------------------------------------------
    def check_index(self) -> None:
        self._children = self.store.chunk_count()
        if not self.meta or not self._children:
            raise SearchError(Said(QT_TRANSLATE_NOOP(
                "Core", "the index is empty: index a folder first (handbook-qa index FOLDER)")))
        mine = {"embedder_id": self.embedder.id, "model_sha256": self.embedder.model_sha256,
                "tokenizer_sha256": self.embedder.tokenizer_sha256}
        theirs = {key: self.meta.get(key) for key in mine}
        if mine != theirs:
            raise SearchError(Said(QT_TRANSLATE_NOOP(
                "Core", "this index was built with another embedder ({embedder}, model {sha}…); "
                "its vectors cannot be compared with this one's: re-index the folder "
                "(handbook-qa index FOLDER)"),
                embedder=str(theirs['embedder_id']), sha=str(theirs['model_sha256'])[:12]))

    def _allowed_documents(self) -> list[int] | None:
        """Document ids the query may return, or None for all of them."""
        rows = self.store.document_filters()
        keep = [r for r in rows if (self.settings.include_deprecated or not r["deprecated"])
                and matches_paths(r["path"], self.settings.paths)]
        return None if len(keep) == len(rows) else [r["id"] for r in keep]

    # -- the two rankings ---------------------------------------------------------------
    def _knn(self, vector, allowed: list[int] | None) -> list[tuple[int, float]]:
        if allowed == []:
            return []
        k = self.settings.candidates if self.profile != SPRING else self.result_count
        hits = self.store.vector_search(vector, k, allowed)
        if self.profile == SPRING:  # similarity threshold 0.0: cosine distance <= 1
            hits = [(chunk_id, distance) for chunk_id, distance in hits if distance <= 1.0]
        return hits

    def _bm25(self, question: str, allowed: list[int] | None) -> list[int]:
        # Below the budget no term can be dropped: skip the vocabulary lookups.
        budget = self.store.lexical_budget or BM25_POSTINGS_BUDGET
        large = self._children > budget
        terms = query_terms(question, self.store.term_frequency if large else None, budget,
                            forms_for(question, self.store.languages))
        return self.store.lexical_search(terms, self.settings.candidates, allowed)

    def _following(self, candidates: list[Candidate]) -> dict[int, Following]:
        """Each candidate's kind and the MAX_CODE_RUN children after it in its section."""
        return self.store.following([c.chunk_id for c in candidates], MAX_CODE_RUN)

    # -- results --------------------------------------------------------------------------
    def _parent_results(self, candidates: list[Candidate]) -> list[Result]:
        chunks = self.store.chunks_by_id([c.chunk_id for c in candidates])
        groups: dict[int, list[Candidate]] = {}
        for candidate in candidates:  # already best first, so each group is too
            groups.setdefault(chunks[candidate.chunk_id]["section_id"], []).append(candidate)
        top = list(groups)[:self.result_count]  # dicts keep insertion (= rank) order
        sections = self.store.sections_by_id(top)
        sizes = [self.count(sections[i]["body"]) for i in top]
        budgets = share_budget(sizes, self.settings.context_tokens,
                               [rank_weight(rank) for rank in range(1, len(top) + 1)])
        return [self._section_result(rank, sections[section_id], groups[section_id], chunks,
                                     budget, size)
                for rank, (section_id, budget, size) in enumerate(zip(top, budgets, sizes),
                                                                  start=1)]

    def _section_result(self, rank: int, section: dict, group: list[Candidate],
                        chunks: dict[int, dict], budget: int, size: int) -> Result:
        body = section["body"]
        spans = [(chunks[c.chunk_id]["start_char"], chunks[c.chunk_id]["end_char"]) for c in group]
        units = [] if size <= budget else self.store.chunk_spans(section["id"])
        regions = excerpts_around(body, spans, budget, self.count, units)
        marks = json.loads(section["page_marks"])
        matches = [_match(c, chunks[c.chunk_id], regions,
                          None if c.follows is None else chunks[c.follows]["chunk_index"])
                   for c in group]
        return Result(rank=rank, score=round(group[0].fused_score, 6), source=section["path"],
                      heading=HEADING_SEPARATOR.join(json.loads(section["heading_path"])),
                      heading_path=json.loads(section["heading_path"]),
                      page=page_at(marks, regions[0][0]),
                      page_end=page_at(marks, max(regions[-1][0], regions[-1][1] - 1)),
                      section_id=section["id"], document_id=section["document_id"],
                      text=join_excerpts(body, regions), excerpts=regions, chunks=matches,
                      kind="section")

    def _chunk_results(self, candidates: list[Candidate]) -> list[Result]:
        top = candidates[:self.result_count]
        chunks = self.store.chunks_by_id([c.chunk_id for c in top])
        sections = self.store.sections_by_id(sorted({chunks[c.chunk_id]["section_id"]
                                                     for c in top}))
        results = []
        for rank, candidate in enumerate(top, start=1):
            chunk = chunks[candidate.chunk_id]
            section = sections[chunk["section_id"]]
            match = _match(candidate, chunk, [(chunk["start_char"], chunk["end_char"])])
            match.start, match.end = 0, len(chunk["text"])  # table rows are not verbatim
            results.append(Result(
                rank=rank, score=round(1.0 - candidate.vector_distance, 6), source=section["path"],
                heading=HEADING_SEPARATOR.join(json.loads(section["heading_path"])),
                heading_path=json.loads(section["heading_path"]), page=chunk["page"],
                page_end=chunk["page"], section_id=section["id"],
                document_id=section["document_id"], text=chunk["text"],
                excerpts=[(chunk["start_char"], chunk["end_char"])], chunks=[match],
                kind="chunk"))
        return results


def _match(candidate: Candidate, chunk: dict, regions: list[tuple[int, int]],
           follows: int | None = None) -> Match:
    """`follows`: the chunk index of the child that brought this code along."""
    start = excerpt_offset(regions, chunk["start_char"])
    end = excerpt_offset(regions, chunk["end_char"])
    inside = start is not None and end is not None and end - start == \
        chunk["end_char"] - chunk["start_char"]
    return Match(chunk_id=chunk["id"], chunk_index=chunk["chunk_index"], text=chunk["text"],
                 start=start if inside else None, end=end if inside else None,
                 vector_rank=candidate.vector_rank, vector_distance=candidate.vector_distance,
                 bm25_rank=candidate.bm25_rank, fused_score=round(candidate.fused_score, 6),
                 follows=follows)


def share_budget(sizes: list[int], total: int, weights: list[float] | None = None) -> list[int]:
    """Split a token budget between results in proportion to `weights` (equal
    by default): short sections take what they need, and what they leave is
    shared again among the longer ones; rounding leftovers go to the first."""
    weights = weights or [1.0] * len(sizes)
    budgets = [0] * len(sizes)
    left, open_results = total, list(range(len(sizes)))
    while open_results and left > 0:
        weight = sum(weights[i] for i in open_results)
        shares = {i: int(left * weights[i] / weight) for i in open_results}
        settled = [i for i in open_results if sizes[i] - budgets[i] <= shares[i]]
        if not settled:  # everyone wants more than their share
            for i in open_results:
                budgets[i] += shares[i]
            budgets[open_results[0]] += left - sum(shares.values())
            break
        for i in settled:
            left -= sizes[i] - budgets[i]
            budgets[i] = sizes[i]
            open_results.remove(i)
    return budgets


def rank_weight(rank: int) -> float:
    """A result's share of the context budget: 1/rank². The best section is
    where the answer is (on the PostgreSQL dev set with no budget limit, 76 of
    90 found answers sat in the rank-1 section, 11 in rank 2, 3 below), so it
    gets most of the room and the others enough for their best match: context
    recall@5 0.91 with equal shares, 0.96 with these; the sample set is
    unchanged at 0.93."""
    return 1.0 / rank ** 2


def fuse(vector_hits: list[tuple[int, float]], bm25_hits: list[int],
         settings: SearchSettings) -> list[Candidate]:
    """Reciprocal rank fusion of the two rankings, best first."""
    found: dict[int, Candidate] = {}
    for rank, (chunk_id, distance) in enumerate(vector_hits, start=1):
        found[chunk_id] = Candidate(chunk_id, vector_rank=rank, vector_distance=round(distance, 6),
                                    fused_score=settings.vector_weight / (settings.rrf_k + rank))
    for rank, chunk_id in enumerate(bm25_hits, start=1):
        candidate = found.setdefault(chunk_id, Candidate(chunk_id))
        candidate.bm25_rank = rank
        candidate.fused_score += settings.bm25_weight / (settings.rrf_k + rank)
    return sorted(found.values(), key=lambda c: (-c.fused_score, c.vector_rank or 10**9,
                                                 c.chunk_id))


def bring_following_code(candidates: list[Candidate],
                         following: dict[int, Following]) -> list[Candidate]:
    """Code brought in right after the child before it, in the ranking.

    Code rarely shares words or meaning with the question it answers ("Can I
    copy a database to another server in one go?" → `pg_dump -h host1 dbname |
    psql -X -h host2 dbname`); the sentence before it says what it does, and
    that sentence is what the question finds. A long listing is cut into
    pieces, and the piece that answers may not be the one that matched. So a
    ranked child followed in its section by code brings that code along, just
    after itself, as long as no more than MAX_CODE_RUN code children stand in
    a row (the child itself counted), so a long listing cannot fill the top;
    code already ranked higher stays where it was. `following`: candidate id
    → (its kind, [(id, kind) of the children after it]).

    LlamaIndex's PrevNextNodePostprocessor brings any neighbour; here only
    code, because that is what helps. Chunk recall@5, PostgreSQL dev set 0.81
    → 0.86 (code 0.60 → 0.80), sample set 0.87 → 0.90 (code 0.57 → 0.86),
    nothing lost on either; bringing the next child whatever its kind crowds
    the top instead: 0.78 on the dev set.
    """
    ranked = {c.chunk_id: c for c in candidates}
    ordered: list[Candidate] = []
    placed: set[int] = set()
    for candidate in candidates:
        if candidate.chunk_id in placed:
            continue
        ordered.append(candidate)
        placed.add(candidate.chunk_id)
        kind, after = following.get(candidate.chunk_id, (None, []))
        if kind == TABLE_ROW:
            continue
        run = 1 if kind == CODE else 0
        for chunk_id, next_kind in after:
            if next_kind != CODE or run >= MAX_CODE_RUN or chunk_id in placed:
                break
            own = ranked.get(chunk_id, Candidate(chunk_id))
            ordered.append(replace(own, fused_score=max(own.fused_score, candidate.fused_score),
                                   follows=candidate.chunk_id))
            placed.add(chunk_id)
            run += 1
    return ordered


def chunk_texts(store, ids: list[int]) -> dict[int, str]:
    """The texts of the children `ids` (those the store still has)."""
    return {i: row["text"] for i, row in store.chunks_by_id(ids).items()}


def forms_for(question: str, languages: Callable[[], list[str]]) -> list[str]:
    """The languages whose word forms a question's words are looked up in:
    the question's own, when the index holds text in it (a question too
    short to tell is Russian by its letters, and otherwise left as it is).
    An English question on a German handbook keeps its words as they are:
    their German "stems" would only match German words by chance, and its
    "man" is no German stopword. `languages`: the index's, asked of the
    store only for a question in another language than English."""
    asked = detect(question)
    if asked == UNDETERMINED:  # too short to tell: only its letters may say
        asked = "ru" if CYRILLIC.search(question) else ENGLISH
    return [] if asked == ENGLISH or asked not in languages() else [asked]


def query_terms(question: str, frequency: Callable[[str], int] | None = None,
                budget: int = BM25_POSTINGS_BUDGET, languages=()) -> list[str]:
    """The words of a question that BM25 looks for (the store quotes each one:
    never operators or syntax), with their word forms in each of the
    index's `languages` that the store indexes as forms (app/common/word_forms.py).

    BM25 scores every child that contains any term, so a term found in tens of
    thousands of children costs tens of milliseconds while adding almost
    nothing (its IDF is near zero). Given each term's document frequency, the
    rarest terms are kept while their matches fit `budget`; the rarest one
    always stays.
    """
    terms: list[str] = []
    # "1/8/1999", "pg_hba.conf", "vm.overcommit_memory": a compound is kept
    # whole (the store matches it as a phrase of its parts), next to the parts.
    for term in _COMPOUND.findall(question.lower()) + _TERM.findall(question.lower()):
        if term not in _STOPWORDS and term not in terms and not is_stopword(term, languages):
            terms.append(term)
    terms = forms_of_terms(terms[:MAX_QUERY_TERMS], languages)
    if frequency is not None and terms:
        frequencies = {term: frequency(term) for term in terms}
        # A word found nowhere matches nothing: it must not take the place of
        # the rarest word that does.
        terms = [term for term in terms if frequencies[term] > 0]
        kept, total = set(), 0
        for term in sorted(terms, key=lambda t: (frequencies[t], terms.index(t))):
            if kept and total + frequencies[term] > budget:
                break
            kept.add(term)
            total += frequencies[term]
        terms = [term for term in terms if term in kept]
    return terms


def matches_paths(path: str, patterns: list[str]) -> bool:
    """Whether a document path is inside one of the sub-folders or globs (all if none)."""
    if not patterns:
        return True
    for pattern in patterns:
        pattern = pattern.strip().strip("/")
        if any(ch in pattern for ch in "*?["):
            if fnmatch.fnmatchcase(path, pattern):
                return True
        elif path == pattern or path.startswith(pattern + "/"):
            return True
    return False


def page_at(marks: list, offset: int) -> int | None:
    page = None
    for mark_offset, mark_page in marks:
        if mark_offset > offset:
            break
        page = mark_page
    return page


_WORD = re.compile(r"\S+")
_BLANK_OR_FENCE = re.compile(r"\s*(?:(?:```|~~~)[^\n]*\s*)*")  # ```sql, ~~~
EXCERPT_SEPARATOR = "\n[…]\n"
MAX_EXCERPTS = 3

Span = tuple[int, int]


def excerpts_around(body: str, spans: list[Span], budget: int,
                    count: Callable[[str], int], units: list[Span] = ()) -> list[Span]:
    """The parts of `body` to return, in body order.

    All of it when it fits the budget. Otherwise the matched spans, best
    first, as long as they fit together (at most three separate excerpts);
    then each excerpt grows by whole `units` (the section's children, so an
    answer is never cut in half at an excerpt's edge), the text after it
    first, while the budget allows; what budget is left widens all excerpts
    by the same number of whole words. An answer a few paragraphs away from
    the best match in the same section still reaches the model.
    """
    if not spans or count(body) <= budget:
        return [(0, len(body))]

    def fits(regions: list[Span]) -> bool:
        return count(join_excerpts(body, regions)) <= budget

    regions: list[Span] = [spans[0]]
    if not fits(regions):  # a small share: the best match's first words only
        return [_head(body, spans[0], fits)]
    for span in spans[1:]:
        candidate = _merge(regions + [span], body)
        if len(candidate) <= MAX_EXCERPTS and fits(candidate):
            regions = candidate
    regions = _grow_by_units(regions, sorted(units), body, fits)
    starts = [m.start() for m in _WORD.finditer(body)]
    ends = [m.end() for m in _WORD.finditer(body)]
    widest = _largest(lambda n: fits(_merge(_widen(regions, n, starts, ends), body)),
                      len(starts))
    return _merge(_widen(regions, widest, starts, ends), body)


def _head(body: str, span: Span, fits: Callable[[list[Span]], bool]) -> Span:
    """The longest run of whole words from the start of `span` that fits."""
    ends = [m.end() for m in _WORD.finditer(body, span[0], span[1])]
    words = _largest(lambda n: n == 0 or fits([(span[0], ends[n - 1])]), len(ends))
    return (span[0], ends[words - 1]) if words else (span[0], span[0])


def _grow_by_units(regions: list[Span], units: list[Span], body: str,
                   fits: Callable[[list[Span]], bool]) -> list[Span]:
    """Extend the regions by whole neighbouring units, each region in turn (the
    unit after it, else the one before), as far as the result fits. Growth only
    ever adds text, so the number of steps is found by doubling and then
    halving: a handful of token counts even for a table of thousands of rows."""
    states = [regions]
    steps = _unit_steps(regions, units, body)

    def state(n: int) -> list[Span] | None:
        while len(states) <= n:
            following = next(steps, None)
            if following is None:
                return None
            states.append(following)
        return states[n]

    good, bad = 0, 1
    while state(bad) is not None and fits(states[bad]):
        good, bad = bad, bad * 2
    while bad - good > 1:  # states[good] fits; states[bad] does not, or does not exist
        middle = (good + bad) // 2
        if state(middle) is not None and fits(states[middle]):
            good = middle
        else:
            bad = middle
    return states[good]


def _unit_steps(regions: list[Span], units: list[Span], body: str) -> Iterator[list[Span]]:
    """The regions after each further step of growth, round-robin over them."""
    index, stuck = 0, 0
    while regions and stuck < len(regions):
        index %= len(regions)
        start, end = regions[index]
        unit = next((u for u in units if u[1] > end and u[0] >= start), None) or \
            next((u for u in reversed(units) if u[0] < start and u[1] <= end), None)
        if unit is None:
            stuck += 1
            index += 1
            continue
        stuck = 0
        grown = (min(start, unit[0]), max(end, unit[1]))
        regions = _merge(regions[:index] + [grown] + regions[index + 1:], body)
        yield regions
        index += 1


def join_excerpts(body: str, regions: list[Span]) -> str:
    return EXCERPT_SEPARATOR.join(body[s:e] for s, e in regions)


def excerpt_offset(regions: list[Span], body_offset: int) -> int | None:
    """Where a body offset lands in the joined excerpts, or None if cut out."""
    position = 0
    for start, end in regions:
        if start <= body_offset <= end:
            return position + body_offset - start
        position += end - start + len(EXCERPT_SEPARATOR)
    return None


def _widen(regions: list[Span], words: int, starts: list[int], ends: list[int]) -> list[Span]:
    if not words:
        return list(regions)
    widened = []
    for start, end in regions:
        first = bisect.bisect_left(starts, start)
        last = bisect.bisect_right(ends, end)
        widened.append((min(start, starts[max(first - words, 0)]),
                        max(end, ends[min(last + words - 1, len(ends) - 1)])))
    return widened


def _merge(regions: list[Span], body: str) -> list[Span]:
    """Sorted regions, overlapping ones joined, and those apart by nothing but
    whitespace or a code fence (a sentence and the command it introduces)."""
    merged: list[Span] = []
    for start, end in sorted(regions):
        if merged and (start <= merged[-1][1] or
                       _BLANK_OR_FENCE.fullmatch(body, merged[-1][1], start)):
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _largest(ok: Callable[[int], bool], high: int, low: int = 0) -> int:
    """The largest n in [low, high] with ok(n), given ok(low) and monotonicity."""
    while low < high:
        middle = (low + high + 1) // 2
        if ok(middle):
            low = middle
        else:
            high = middle - 1
    return low
