"""The evidence: verbatim units of the retrieved sections that most likely answer.

    search response → units in and around the best children → scored → best first

Before and independently of the model, the retrieved sections are cut into
answer units (a sentence, a list item, a table row, a line of code; see
units.py) — only inside the children that ranked best and their neighbours,
and only inside the text sent to the model and shown in the sources panel.
Each unit is scored by several signals, because none is enough alone (on
real handbooks MiniLM similarity alone puts the answer sentence first for
24 % of questions):

- its MiniLM similarity to the question, all candidates embedded in one batch;
- term overlap: the question's content words it contains, weighted by how
  rare each is among the candidates (a word every candidate has says nothing);
- the fused rank of the child it sits in (retrieval already did much of the
  work: the best child holds the answer most often);
- for questions asking how many / how long / how much / when, whether it
  holds a number.
- for questions about a default ("out of the box"), whether it states one.

The quote is always `section body[start:end]`; it is never rewritten.
"""
from __future__ import annotations

import math
import re
from collections import OrderedDict
from dataclasses import dataclass, field

import numpy as np

from app.answers.evidence import confidence
from app.answers.evidence.units import ITEM, LINE, ROW, SENTENCE, Unit, layout_cells, units_in
from app.answers.evidence.words import content_stems
from app.common.chunks import MAX_LABEL_CHARS, plain_label
from app.common.documents import CELL_SEPARATOR, CODE, HEADING_SEPARATOR
from app.search.retrieval import excerpt_offset

RANKED_CHILDREN = 8        # the best children (fused rank) whose units are candidates
NEIGHBOURS = 1             # children either side of each of them, in the same section
MAX_UNITS = 40             # a bound on the batch the embedder reads per question
                           # (an embedder may set a lower one: Embedder.evidence_units)
EMBED_CHARS = 300          # of a long unit, the start is embedded (~70 WordPiece tokens)
EMBED_BATCH = 4            # sorted by length: a batch is padded to its longest text (with 8,
                           # 45 % of e5's tokens were padding; 4: 245 ms a question against
                           # 266-282, MiniLM 177-196 either way; docs/retrieval.md)
REMEMBERED_UNITS = 4096    # unit vectors kept between questions (1.5 KiB each): a follow-up
                           # reads the sections its question found
INTRO_DECAY = 0.7          # a code block's n-th line keeps INTRO_DECAY**n of its introduction's


@dataclass(frozen=True)
class Weights:
    similarity: float = 1.0
    overlap: float = 0.3
    child_rank: float = 0.45
    number: float = 0.2
    section_rank: float = 0.2
    introduced: float = 1.0
    fragment: float = -0.1
    # A question about a default ("out of the box", "unless I say otherwise")
    # and a unit that states one: the sentence that defines a setting often
    # outscores the one that gives its default (8 of the 47 evidence@1 misses
    # of the dev set's first batch).
    default: float = 0.45
    # When the best unit scores below this, no evidence is shown: the handbook
    # does not seem to say. Calibrated on the golden and off-topic questions
    # (benchmarks/guards/evidence.py --floor): the best unit of every golden question
    # scores at least 0.908 (sample) and 1.057 (dev set); the best unit of
    # 16 of the 24 off-topic questions on those two indexes scores below 0.88.
    floor: float = 0.88


DEFAULT_WEIGHTS = Weights()
_QUANTITY_QUESTION = re.compile(
    r"\b(how (many|much|long|often|soon|far|big|large|old|early|late)|what (percentage|share|"
    r"proportion|amount|rate|limit|number|size|age|time|date|day)|when|which (year|day|date))\b",
    re.IGNORECASE)
_NUMBER = re.compile(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                     r"fifteen|twenty|thirty|forty|fifty|sixty|hundred|thousand|half|twice|"
                     r"once)\b", re.IGNORECASE)


_DEFAULT_QUESTION = re.compile(
    r"\bdefaults?\b|out of the box|\bunless\b[^?]*\botherwise\b|\bif (i|you|we) (don'?t|do not|"
    r"never) (specify|set|change|configure)|\bwithout (specifying|setting|changing|configuring)"
    r"|\binitially\b", re.IGNORECASE)
_DEFAULT_STATEMENT = re.compile(
    r"\bdefault(s|ed)?\b|\bunless otherwise\b|\bif (not|no|none)( \w+)?( (is|are|was))? "
    r"(specified|given|set)\b|\bif unset\b|\b(if|when) omitted\b|\binitially\b", re.IGNORECASE)


def _prior(rank: int | None) -> float:
    """The child-rank prior: 1 for the best child, 2/3 for the second, …; 0 for none."""
    return 1.0 / (1.0 + (rank - 1) / 2.0) if rank else 0.0


@dataclass
class Evidence:
    """One verbatim unit that may answer the question."""

    text: str                 # == the section body between start and end
    source: str
    heading: str
    page: int | None
    start: int                # offsets in the section body
    end: int
    score: float
    n: int                    # the number of the source (result) it comes from
    section_id: int
    kind: str                 # sentence | item | row | code
    chunk_index: int
    # A reading aid under the quote, not part of it: a table row as "Header:
    # value; …", or the term a definition's unit describes ("-k, --insecure").
    context: str = ""
    offset: int | None = None  # where `text` starts inside the result's text (sources panel)
    features: dict = field(default_factory=dict, repr=False)
    # On the first unit shown: the calibrated probability that it holds the
    # answer (app/answers/evidence/confidence.py), which decides how the card shows it.
    confidence: float | None = None
    # On the first unit, once the answer model has read the best five
    # (app/answers/checks/quote_check.py): True when it picked the search's first
    # too, so the card shows it alone; False when the two did not both pick
    # one, and the passages are in the order they agree on; None: not checked.
    checked: bool | None = None
    # Why a checked unit is shown alone (quote_check.BOTH_PICK or ANSWER_PICK;
    # "" in conversations saved before there were two reasons: BOTH_PICK).
    checked_note: str = ""

    @property
    def page_end(self) -> int | None:
        return self.page  # a unit is cited at the page it starts on

    def to_json(self) -> dict:
        return {"text": self.text, "source": self.source, "heading": self.heading,
                "page": self.page, "start": self.start, "end": self.end,
                "score": round(self.score, 4), "n": self.n, "kind": self.kind,
                "section_id": self.section_id, "chunk_index": self.chunk_index,
                "context": self.context,
                **({} if self.confidence is None else {"confidence": round(self.confidence, 3)}),
                **({} if self.checked is None else {"checked": self.checked}),
                **({"checked_note": self.checked_note} if self.checked else {})}


@dataclass
class _Candidate:
    unit: Unit
    result: object            # app.search.retrieval.Result
    child: dict
    child_rank: int | None    # 1-based fused rank of its child, None for a neighbour
    text: str


class EvidenceFinder:
    def __init__(self, store, embedder, weights: Weights = DEFAULT_WEIGHTS):
        self.store = store
        self.embedder = embedder
        self.weights = weights
        self._vectors = _UnitVectors(embedder)

    def find(self, response, limit: int = 3) -> list[Evidence]:
        """The best `limit` units, best first; none when the best is below the floor."""
        return self.best(self.score(response), limit)

    def best(self, scored: list[Evidence], limit: int = 3) -> list[Evidence]:
        """Of units scored best first: the first `limit`, or none below the floor.
        The first carries its confidence (see app/answers/evidence/confidence.py)."""
        if not scored or scored[0].score < self.weights.floor:
            return []
        values = confidence.features([e.score for e in scored], scored[0].features,
                                     self.weights.floor)
        scored[0].confidence = confidence.probability(values)
        return scored[:limit]

    def score(self, response, question: str | None = None) -> list[Evidence]:
        """Every candidate unit, scored, best first (for tuning and evaluation).

        `question`: what the user asked, when the search ran on more (a
        follow-up is searched together with the question before it, but its
        answer is what this question asks)."""
        candidates = self._candidates(response)
        if not candidates:
            return []
        question = question or response.query
        vector = getattr(response, "query_vector", None)
        if vector is None or question != response.query:
            vector = self.embedder.embed_queries([question])[0]
        similarities = self._vectors.of([c.text[:EMBED_CHARS] for c in candidates]) @ vector
        introductions = _introductions(candidates, similarities)
        overlaps = _overlaps(question, [c.text for c in candidates])
        wants_number = bool(_QUANTITY_QUESTION.search(question))
        wants_default = bool(_DEFAULT_QUESTION.search(question))
        evidence = [self._evidence(c, {
            "similarity": float(s), "overlap": o, "introduced": intro,
            "fragment": _fragment(c.text),
            "default": float(wants_default and bool(_DEFAULT_STATEMENT.search(c.text)))},
            wants_number)
            for c, s, o, intro in zip(candidates, similarities, overlaps, introductions)]
        # Scored with the others (a two-word "For example:" still introduces
        # the code after it, and counts in the words' rarity), never quoted.
        evidence = [e for e in evidence if not _too_short(e) and not _asks(e)]
        evidence.sort(key=lambda e: (-e.score, e.n, e.start))
        return evidence

    def _evidence(self, candidate: _Candidate, features: dict, wants_number: bool) -> Evidence:
        rank = candidate.child_rank
        result, unit, child = candidate.result, candidate.unit, candidate.child
        features["child_rank"] = _prior(rank)
        features["number"] = 1.0 if wants_number and _NUMBER.search(candidate.text) else 0.0
        features["section_rank"] = 1.0 / result.rank
        score = weighted(features, self.weights)
        return Evidence(
            text=candidate.text, source=result.source, heading=result.heading,
            page=_page(result, child), start=unit.start, end=unit.end, score=score,
            n=result.rank, section_id=result.section_id, kind=unit.kind,
            chunk_index=child["chunk_index"],
            context=_row_context(child, unit) or _term_context(child, candidate.text, result),
            offset=_offset_in(result, unit, candidate.text), features=features)

    # -- candidates -----------------------------------------------------------------
    def _candidates(self, response) -> list[_Candidate]:
        # Several results may share a section (spring-default returns chunks):
        # a unit belongs to the best-ranked result whose text holds it.
        results: dict[int, list] = {}
        for result in response.results:
            results.setdefault(result.section_id, []).append(result)
        if not results:
            return []
        children = self._children(list(results))
        by_id = {c["id"]: c for rows in children.values() for c in rows}
        wanted: dict[int, int | None] = {}   # child id → its fused rank (None: a neighbour)
        ranked = [c.chunk_id for c in response.candidates
                  if c.chunk_id in by_id][:RANKED_CHILDREN]
        for rank, chunk_id in enumerate(ranked, start=1):
            wanted[chunk_id] = rank
        for chunk_id in ranked:
            child = by_id[chunk_id]
            siblings = children[child["section_id"]]
            for step in range(-NEIGHBOURS, NEIGHBOURS + 1):
                position = child["position"] + step
                if 0 <= position < len(siblings):
                    wanted.setdefault(siblings[position]["id"], None)
        candidates: list[_Candidate] = []
        seen: set[tuple[int, int, int]] = set()
        for chunk_id, rank in sorted(wanted.items(), key=lambda item: item[1] or 10**6):
            child = by_id[chunk_id]
            body = child["body"]
            for unit in units_in(body, child["start_char"], child["end_char"], child["kind"]):
                result = next((r for r in results[child["section_id"]]
                               if _inside(r.excerpts, unit)), None)
                key = (child["section_id"], unit.start, unit.end)
                if result is None or key in seen or _label(body[unit.start:unit.end]):
                    continue
                seen.add(key)
                candidates.append(_Candidate(unit, result, child, rank,
                                             body[unit.start:unit.end]))
        return candidates[:getattr(self.embedder, "evidence_units", MAX_UNITS)]

    def _children(self, section_ids: list[int]) -> dict[int, list[dict]]:
        """Each section's children in order, with the section body attached."""
        with self.store.snapshot():  # the bodies and the children of one version
            bodies = {section_id: row["body"] for section_id, row
                      in self.store.sections_by_id(section_ids).items()}
            rows = self.store.section_children(section_ids)
        children: dict[int, list[dict]] = {}
        for row in rows:
            siblings = children.setdefault(row["section_id"], [])
            row["position"], row["body"] = len(siblings), bodies[row["section_id"]]
            siblings.append(row)
        return children


# One weight per feature, of the same name (see Weights).
FEATURES = ("similarity", "overlap", "child_rank", "number", "section_rank", "introduced",
            "fragment", "default")


def weighted(features: dict, weights: Weights) -> float:
    return sum(getattr(weights, name) * features[name] for name in FEATURES)


_BETWEEN_INTRO_AND_CODE = re.compile(r"\s*(?:(?:```|~~~)[^\n]*\s*)*")


def _introductions(candidates: list[_Candidate], similarities) -> list[float]:
    """For a line of code, the similarity of the sentence that introduces its
    block ("For example, to allow 16 GB:" before `sysctl -w kernel.shmmax=…`),
    fading with the line's place in the block; 0 for everything else. Code
    shares few words or meaning with its question; its introduction does (the
    same reason retrieval brings code along after the child before it)."""
    order = sorted(range(len(candidates)), key=lambda i: (candidates[i].result.section_id,
                                                          candidates[i].unit.start))
    found = [0.0] * len(candidates)
    intro, line, previous = 0.0, 0, None
    for i in order:
        unit, body = candidates[i].unit, candidates[i].child["body"]
        prior = candidates[previous] if previous is not None else None
        adjacent = prior is not None and prior.result.section_id == candidates[i].result.section_id \
            and _BETWEEN_INTRO_AND_CODE.fullmatch(body, prior.unit.end, unit.start)
        if unit.kind == LINE:
            if adjacent and prior.unit.kind != LINE:
                intro, line = float(similarities[previous]), 0
            elif adjacent:
                line += 1
            else:
                intro = 0.0
            found[i] = intro * INTRO_DECAY ** line
        previous = i
    _shell_examples(candidates, similarities, order, found)
    return found


# A command typed at a shell prompt, set in a man page's prose as an indented
# line ("$ find /tmp -type f,d,l"), not as code.
_SHELL_EXAMPLE = re.compile(r"\s*\$ \S")


def _shell_examples(candidates: list[_Candidate], similarities, order: list[int],
                    found: list[float]) -> None:
    """A shell example in prose (a man page's "$ find /tmp -type f,d,l") takes
    the better similarity of the sentence right before it and the one right
    after it: find(1) explains its examples after them, grep(1) before."""
    for position, i in enumerate(order):
        example = candidates[i]
        if example.unit.kind == LINE or not _SHELL_EXAMPLE.match(example.text):
            continue
        beside = [order[p] for p in (position - 1, position + 1) if 0 <= p < len(order)]
        found[i] = max((float(similarities[j]) for j in beside
                        if _adjacent_prose(example, candidates[j])), default=0.0)


def _adjacent_prose(unit: _Candidate, other: _Candidate) -> bool:
    """Whether `other` is prose right before or after `unit` in its section."""
    first, second = sorted((unit, other), key=lambda c: c.unit.start)
    return other.unit.kind != LINE and other.result.section_id == unit.result.section_id \
        and _BETWEEN_INTRO_AND_CODE.fullmatch(first.child["body"], first.unit.end,
                                              second.unit.start) is not None


def _fragment(text: str) -> float:
    """1 for a unit that cannot answer much by itself: a sentence that only
    announces what follows ("For example:"), or a few words."""
    stripped = text.strip()
    return 1.0 if stripped.endswith(":") or len(stripped.split()) < 5 else 0.0


def _too_short(evidence: Evidence) -> bool:
    """A sentence or list item of one or two words only names something
    ("`max_connections`" in a list of settings, quoted first for "What is
    the default of max_connections?"): none of the 87 among the golden
    questions' candidates holds a span. A short line of code can be the
    whole answer, and a table row carries its header: both stay. (Chinese,
    Japanese, Korean or Thai text counts a word a character: split at spaces,
    a whole sentence would be one "word".)"""
    return evidence.kind in (SENTENCE, ITEM) and _word_count(evidence.text) < 3


_QUESTION_END = re.compile(r"\?[\"'”’)\]*_`]*\s*$")


def _asks(evidence: Evidence) -> bool:
    """A sentence or list item that is itself a question: an FAQ's entry
    ("How do I change the password I've saved in my credential manager?",
    git's gitfaq) restates what the user asked, and shares the most words
    with it, but the answer is what follows it. None of the 24 question units
    among the five corpora's golden candidates holds a span
    (docs/answers.md)."""
    return evidence.kind in (SENTENCE, ITEM) and bool(_QUESTION_END.search(evidence.text))


# Scripts written without spaces between words: each character counts as one.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\u0e00-\u0e7f]")


def _word_count(text: str) -> int:
    return len(text.split()) + len(_UNSPACED.findall(text))


def _label(text: str) -> bool:
    """A line wholly in bold ("**`vacuum_cost_limit` (`integer`)**"): it names
    what follows and never answers (no golden span of either set lies in one),
    but it shares the question's words, so it would take the first place, as
    it did for "What does the vacuum_cost_limit setting control?". Not a
    candidate at all."""
    stripped = text.strip()
    return stripped.startswith(("**", "__")) and \
        stripped.rstrip(")").rstrip().endswith(("**", "__"))


def _row_context(child: dict, unit: Unit) -> str:
    """A table row as "Header: value; …": a Markdown row's child text is
    that already; a laid-out row is paired with its header line's cells when
    both have as many (else none: a guess would misname a value)."""
    if unit.kind != ROW:
        return ""
    if unit.header is None:
        # A row of a table without a header (a one-row note box) names no
        # columns: its child's text is the quote again, and says nothing more.
        body = child["body"]
        return "" if child["text"] == body[unit.start:unit.end].replace(CELL_SEPARATOR, "; ") \
            else child["text"]
    body = child["body"]
    headers = layout_cells(body[unit.header[0]:unit.header[1]])
    cells = layout_cells(body[unit.start:unit.end])
    if len(headers) != len(cells) or len(cells) < 2:
        return ""
    return "; ".join(f"{header}: {cell}" for header, cell in zip(headers, cells))


TERM_WINDOW = 20_000  # characters before a child where its term may stand (a long description)


def _term_context(child: dict, text: str, result) -> str:
    """The term whose definition the unit is part of, when the unit does not
    say it: "-k, --insecure" under "When this option is not used for
    protocols using TLS, curl verifies the server's TLS certificate…", which
    read alone is of no option in particular. The chunker embeds a term
    before each child of its definition (chunking.fitted.label_text); it is
    the embedded text's line before the child's own, when that line is not
    the heading (the prefix's last line) and stands in the section before
    the child."""
    embedded, own = child.get("embedded_text") or "", child["text"]
    # code is embedded after the sentence that introduces it: a lead-in, no term
    if child["kind"] == CODE or not own or not embedded.endswith("\n" + own):
        return ""
    label = embedded[:len(embedded) - len(own) - 1].rsplit("\n", 1)[-1].strip()
    path = result.heading_path or []
    headings = {HEADING_SEPARATOR.join(path[-n:]) for n in (1, 2)} | {result.source}
    if not label or len(label) > MAX_LABEL_CHARS or label in headings or label.endswith(" …") \
            or label in text:
        return ""
    before = child["body"][max(0, child["start_char"] - TERM_WINDOW):child["start_char"]]
    return label if label in plain_label(before) else ""


def _offset_in(result, unit: Unit, text: str) -> int | None:
    """Where the quote starts in the result's text, if it is there verbatim
    (a spring-default chunk's text need not be a slice of its section)."""
    offset = excerpt_offset(result.excerpts, unit.start)
    if offset is None or result.text[offset:offset + len(text)] != text:
        return None
    return offset


def _inside(regions: list[tuple[int, int]], unit: Unit) -> bool:
    return any(start <= unit.start and unit.end <= end for start, end in regions)


def _page(result, child: dict) -> int | None:
    return child["page"] if child["page"] is not None else result.page


class _UnitVectors:
    """The embedder's vectors of unit texts, remembered between questions: a
    sentence's vector never changes, and a conversation keeps coming back to
    the same sections (the evidence step is most of the wait for the quote)."""

    def __init__(self, embedder, limit: int = REMEMBERED_UNITS):
        self.embedder, self.limit = embedder, limit
        self._known: OrderedDict[str, np.ndarray] = OrderedDict()

    def of(self, texts: list[str]) -> np.ndarray:
        """One row per text, in the order given."""
        missing = list(dict.fromkeys(t for t in texts if t not in self._known))
        if missing:
            for text, vector in zip(missing, _embed_sorted(self.embedder, missing)):
                self._known[text] = vector
        for text in texts:
            self._known.move_to_end(text)   # used now: the last to be forgotten
        rows = np.stack([self._known[t] for t in texts])
        while len(self._known) > self.limit:
            self._known.popitem(last=False)
        return rows


def _embed_sorted(embedder, texts: list[str]) -> np.ndarray:
    """Vectors in the order given, embedded shortest first in small batches: a
    batch is padded to its longest text, so similar lengths together waste least."""
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    vectors = embedder.embed([texts[i] for i in order], batch_size=EMBED_BATCH)
    result = np.empty_like(vectors)
    result[order] = vectors
    return result


def _overlaps(question: str, texts: list[str]) -> list[float]:
    """Share of the question's content words (weighted by rarity among the
    candidates) that each text contains."""
    terms = set(content_stems(question))
    if not terms:
        return [0.0] * len(texts)
    stems = [set(content_stems(text)) for text in texts]
    n = len(texts)
    weight = {t: math.log(1.0 + n / (1.0 + sum(t in s for s in stems))) for t in terms}
    total = sum(weight.values()) or 1.0
    return [sum(weight[t] for t in terms if t in s) / total for s in stems]

