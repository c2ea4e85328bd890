"""Question in, evidence and a streamed, fact-checked answer with citations out.

    search → relevance check → evidence (verbatim, before the model)
      → focused prompt within budget → stream (stop on a loop) → citations → fact check

`Answerer.ask` is a generator of events, so the CLI prints them and the GUI
forwards them from its worker thread; a cancel token stops generation
between tokens. The evidence comes first and does not depend on the model:
whatever the model then writes, the user has already seen the passage, and
every number, quote, command and name the model adds is checked against what
it was given.
"""
from __future__ import annotations

import itertools
import re
import threading
import time
from contextlib import closing
from dataclasses import dataclass, field, replace
from typing import Iterator

from app.answers.checks import quote_check
from app.answers.checks.contradiction import contradicting, overlaps
from app.answers.checks.citations import MarkerFilter, attribute, clean_markers, drop_echoed_header, \
    echoed_header_length
from app.answers.checks.fact_check import numbers_not_in, unsupported
from app.answers.checks.markers import MARKER
from app.answers.checks.repetition import RepetitionGuard
from app.answers.evidence.confidence import PASSAGES, SINGLE, answering, card
from app.answers.evidence.relevance import about_the_question
from app.answers.prompting.focused import budgeted_sources, first_sentence_end, focused_sources
from app.answers.prompting.languages import (NO_EVIDENCE_IN, NOTHING_FOUND_IN, REFUSALS,
                                             answer_rule, in_question_language)
from app.answers.prompting.prompt import Prompt, Source, Turn, build_prompt
from app.answers.prompting.styles import PromptStyle, style_for
from app.answers.question_parts import question_parts
from app.common.said import QT_TRANSLATE_NOOP, Said
from app.llm.contract import AnswerModel, Reading
from app.search.retrieval import chunk_texts, merged_responses

# Cosine distance above which the best child is not about the question at
# all, when the searcher's embedder does not say its own
# (Embedder.relevance_threshold, scripts/calibrate_relevance.py): MiniLM's.
RELEVANCE_THRESHOLD = 0.74
DEFAULT_ANSWER_TOKENS = 384
# The focused prompt asks for one or two sentences: a cap well above that
# ends a ramble without cutting an answer (see docs/answers.md).
FOCUSED_ANSWER_TOKENS = 128
EVIDENCE_SHOWN = 3          # the quote and the next two, one click away
# Passages shown for each part of a question in parts: with two a part, the
# part's answer was on the card less often than asked alone (man pages 0.23
# of the parts, sample 0.66; with three 0.32, 0.69: benchmarks/guards/two_part.py)
PER_PART = 3
EVIDENCE, THOROUGH, SECTIONS = "evidence", "thorough", "sections"
# Thorough: the best units and the text around them, up to this many tokens
# of passages (focused.budgeted_sources). On the held-out batches the 1.5B
# was right 22 times of 44 with it against 19 with four units (the quick
# default), and read 796 tokens at the median against 174: four times the
# wait before the first word (docs/answers.md, "The curve").
THOROUGH_TOKENS = 800
# What each reading gives the model beyond its cached system prompt, at the
# median on the held-out batches (benchmarks/experiments/prompt_shapes.py
# --held-out; whole sections: the 1.5B's measurements of 2026-12-04): with the
# reading speed measured on this computer, the wait before the first word.
TYPICAL_PROMPT_TOKENS = {EVIDENCE: 175, THOROUGH: 800, SECTIONS: 1650}
SEARCH_AND_EVIDENCE_S = 0.3   # before the model reads: the search and the evidence step
SEARCHING = QT_TRANSLATE_NOOP("Core", "searching the handbook…")
# Said under a quote when the model answers "The handbook does not say."
# (what both prompts ask for when the sources do not answer): the bundled
# model says it even beside the passage that answers, so its refusal is
# reported as what it is, not as the handbook's word.
MODEL_DECLINED = QT_TRANSLATE_NOOP(
    "Core", "The model found no answer in the passages it read. Read the quote above: "
    "it may answer, or the handbook may not say.")
MODEL_DECLINED_PASSAGES = QT_TRANSLATE_NOOP(
    "Core", "The model found no answer in the passages it read. Read the passages above: "
    "one may answer, or the handbook may not say.")


# Said instead of an answer that is nothing but a citation marker ("[1]"):
# the whole-section prompt got one in 4 of 20 answers (#54). The marker says
# where to look, not what the passage says: no answer to show as one.
MODEL_POINTED = QT_TRANSLATE_NOOP(
    "Core", "The model wrote no answer, only the number of a passage. Read the quote above: "
    "it may answer.")
MODEL_POINTED_PASSAGES = QT_TRANSLATE_NOOP(
    "Core", "The model wrote no answer, only the number of a passage. Read the passages "
    "above: one may answer.")


def declined_text(evidence: list, pointed: bool = False) -> str:
    """What is said, beside the card, when the model found no answer
    (`pointed`: it wrote only a citation marker)."""
    if pointed:
        return Said(MODEL_POINTED if card(evidence) == SINGLE else MODEL_POINTED_PASSAGES)
    return Said(MODEL_DECLINED if card(evidence) == SINGLE else MODEL_DECLINED_PASSAGES)


# Said under the card for each part of a two-part question that nothing in
# the handbook answers ("…, and how many days of leave do I get?").
UNANSWERED_PART = QT_TRANSLATE_NOOP(
    "Core", "Nothing in the handbook seems to answer this part of the question: “{part}”")


def unanswered_text(part: str) -> Said:
    return Said(UNANSWERED_PART, part=part)


NOTHING_FOUND = ("The handbook does not seem to cover this: nothing in the indexed documents "
                 "is close enough to the question to answer it.")
NO_EVIDENCE = ("The handbook does not seem to say: the closest passages do not look like an "
               "answer to this question. They are listed under Sources.")


@dataclass
class Status:
    stage: str        # searching | reading | generating
    message: str


@dataclass
class Token:
    text: str


@dataclass
class EvidenceFound:
    """The verbatim evidence, best first, as soon as it is chosen (before the model)."""

    evidence: list
    seconds: float            # from the end of the search to the evidence


@dataclass
class QuoteChecked:
    """The evidence again, its first unit checked by the answer model (after
    the answer): the card shows it alone when the model picks it too."""

    evidence: list


@dataclass
class Retrieved:
    """The sources, as soon as the search is done (before the model reads them)."""

    results: list


@dataclass
class Answer:
    question: str
    text: str
    citations: list[dict]      # the sources the answer cites (or all it was given)
    cited: bool                # False: the model cited nothing; all sources are listed
    sources: list[dict]        # every source given to the model
    context_tokens: int        # prompt tokens sent to the model
    n_ctx: int
    model: str
    stopped: bool = False
    refused: str | None = None
    budget: str = ""
    dropped_sources: int = 0
    trimmed_sources: int = 0
    sent: list[Source] = field(default_factory=list, repr=False)  # the sources as in the prompt
    evidence: list = field(default_factory=list)       # app.answers.evidence.finder.Evidence
    unsupported: list = field(default_factory=list)    # app.answers.checks.fact_check.Fact
    not_in_quote: list = field(default_factory=list)   # numbers the first quote lacks
    contradicts: list = field(default_factory=list)    # checks.contradiction.Contradiction
    attributed: list[dict] = field(default_factory=list)  # sentence → source, when uncited
    prompt: str = EVIDENCE
    repeated: bool = False     # the model began to repeat itself and was stopped
    declined: bool = False     # the model said "The handbook does not say." (or only "[1]")
    pointed: bool = False      # it wrote nothing but citation markers
    unanswered: list[str] = field(default_factory=list)  # parts of the question nothing answers
    timings: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"answer": self.text,
                "citations": [{k: c[k] for k in ("n", "source", "heading", "page")}
                              for c in self.citations],
                "context_tokens": self.context_tokens, "model": self.model,
                "n_ctx": self.n_ctx, "cited": self.cited, "stopped": self.stopped,
                "refused": self.refused, "sources": self.sources,
                "evidence": [e.to_json() for e in self.evidence],
                "card": card(self.evidence),
                "unsupported": [f.to_json() for f in self.unsupported],
                "not_in_quote": [f.to_json() for f in self.not_in_quote],
                "contradicts": [c.to_json() for c in self.contradicts],
                "attributed": self.attributed, "prompt": self.prompt,
                "repeated": self.repeated, "declined": self.declined,
                "pointed": self.pointed, "unanswered": self.unanswered,
                "timings": self.timings}


@dataclass
class Finished:
    answer: Answer


class Halt:
    """What tells the model to stop: set here (a loop, the first sentence is
    complete) or by the user's Stop, which the model sees at once, also while
    it is still reading the prompt (no token has come back to look at it)."""

    def __init__(self, user: threading.Event):
        self._own, self._user = threading.Event(), user

    def set(self) -> None:
        self._own.set()

    def is_set(self) -> bool:
        return self._own.is_set() or self._user.is_set()


def reading_message(passages: int, reading: Reading) -> str:
    """"reading 3 passages (1,240 tokens)… 40 %": the wait before the first
    word, visible, and what it is made of (the tokens still to read: what the
    model shares with the prompt before is in its cache already)."""
    if reading.to_read > 0:
        return Said("reading %n passage(s) ({tokens} tokens)… {share} %", n=passages,
                    tokens=reading.to_read, share=int(100 * reading.share))
    return Said("reading %n passage(s)…", n=passages)


_FOLLOW_UPS = frozenset({"and", "or", "but", "also", "what about", "how about", "then", "so"})
_POINTING_BACK = frozenset({"it", "that", "this", "them", "those", "they", "there", "one"})


@dataclass
class Conversation:
    """Follow-up questions keep a short history (trimmed to the budget later)."""

    turns: list[Turn] = field(default_factory=list)

    def add(self, answer: Answer) -> None:
        if not answer.refused:
            self.turns.append(Turn(answer.question, answer.text, answer.sent))

    def is_follow_up(self, question: str) -> bool:
        """A question that leans on the one before: it starts like a follow-up
        ("and in Lisbon?", "what about Berlin?"), is a word or two ("why?"), or
        is short and points back ("is it paid?"). "What is the hotel cap?" is
        a new question, however short."""
        words = re.findall(r"\w+", question.lower())
        if not self.turns or not words:
            return False
        return (words[0] in _FOLLOW_UPS or " ".join(words[:2]) in _FOLLOW_UPS
                or len(words) <= 2 or (len(words) <= 5 and bool(set(words) & _POINTING_BACK)))

    def retrieval_query(self, question: str) -> str:
        """A follow-up is searched together with the previous question."""
        if self.is_follow_up(question):
            return f"{self.turns[-1].question} {question}"
        return question

    def history_for(self, question: str) -> list[Turn]:
        """The turns the model is shown: all of them for a follow-up; none for a
        new question (a small model mixes an earlier answer into a new one:
        asked about per diems after parental leave, it answered "26 weeks")."""
        return self.turns if self.is_follow_up(question) else []


class Answerer:
    """`prompt`: EVIDENCE (the focused prompt, default) or SECTIONS (whole
    sections, for large models). `prompt_units`: evidence units the focused
    prompt reads, and `style`: its wording (both by default the model
    family's, app/answers/prompting/styles.py). `finder`: the evidence step (by
    default an EvidenceFinder over the searcher's index)."""

    def __init__(self, searcher, model: AnswerModel, answer_tokens: int = DEFAULT_ANSWER_TOKENS,
                 relevance_threshold: float | None = None, prompt: str = EVIDENCE,
                 prompt_units: int | None = None, finder=None, one_sentence: bool = True,
                 style: PromptStyle | None = None, reading_budget: int | None = None):
        from app.answers.evidence.finder import EvidenceFinder

        self.searcher = searcher
        self.model = model
        if prompt == THOROUGH:   # the focused prompt, reading the text around its units too
            prompt, reading_budget = EVIDENCE, reading_budget or THOROUGH_TOKENS
        self.prompt = prompt
        self.prompt_units = prompt_units
        # tokens of passages the focused prompt reads: the best units and the
        # text around them up to it (focused.budgeted_sources); None: the
        # style's units alone
        self.reading_budget = reading_budget
        self._style = style
        self.answer_tokens = min(answer_tokens, FOCUSED_ANSWER_TOKENS) if prompt == EVIDENCE \
            else answer_tokens
        # None: each candidate's own embedder says (they spread distances
        # their own ways, and several handbooks may have several embedders)
        self.relevance_threshold = relevance_threshold
        # The focused answer ends with its first whole sentence: the bundled
        # model's next one mostly invents (docs/answers.md: answers with an
        # unsupported fact, dev blind batch 0.37 → 0.20, sample 0.16 → 0.13).
        self.one_sentence = one_sentence and prompt == EVIDENCE
        self.finder = finder or EvidenceFinder(searcher.store, searcher.embedder)

    def ask(self, question: str, conversation: Conversation | None = None,
            cancel: threading.Event | None = None
            ) -> Iterator[Status | Retrieved | EvidenceFound | Token | QuoteChecked | Finished]:
        conversation = conversation or Conversation()
        cancel = cancel or threading.Event()
        started = time.perf_counter()
        yield Status("searching", Said(SEARCHING))
        parts, responses, relevant, response = self.searched(question, conversation)
        searched = time.perf_counter()
        yield Retrieved(response.results)
        if not any(relevant):
            yield Finished(self._refusal(question, NOTHING_FOUND))
            return
        scored, evidence, unanswered = self.found_evidence(parts, relevant, response, responses)
        timings = {"search_s": round(searched - started, 3),
                   "evidence_s": round(time.perf_counter() - searched, 3)}
        yield EvidenceFound(evidence, timings["evidence_s"])
        if not evidence:
            yield Finished(self._refusal(question, NO_EVIDENCE, timings))
            return
        yield Status("reading", Said(QT_TRANSLATE_NOOP("Core", "reading sources…")))
        prompt = self._prompt(question, response.results, scored, conversation,
                              len(parts) - len(unanswered))
        raw, repeated = yield from self._generate(prompt, cancel, timings, started)
        answer = self._answer(question, raw, prompt, cancel.is_set() and not repeated)
        answer.unanswered = unanswered
        if len(parts) == 1 and self._checks(evidence, cancel):
            yield Status("checking", Said(QT_TRANSLATE_NOOP("Core",
                                                            "checking which passage answers…")))
            evidence = self._check(question, scored, evidence, cancel, timings, answer)
            if evidence[0].checked is not None:
                yield QuoteChecked(evidence)
        answer.evidence, answer.repeated = evidence, repeated
        # What the answer says otherwise than the passage it stands under
        # (of what the sources hold: one they lack is unsupported, named as
        # that), then the numbers the card's answering passages lack (one
        # said otherwise is named once, as said otherwise).
        if not answer.declined:  # a fact no source holds is named as that, once
            answer.contradicts = [c for c in contradicting(answer.text, evidence, question)
                                  if not overlaps(c, answer.unsupported)]
        answer.not_in_quote = [f for f in numbers_not_in(
            answer.text, "\n".join(e.text for e in answering(evidence)), answer.unsupported,
            question) if not overlaps(f, answer.contradicts)]
        timings["total_s"] = round(time.perf_counter() - started, 3)
        answer.timings = timings
        yield Finished(answer)

    def searched(self, question: str, conversation: Conversation | None = None) -> tuple:
        """(parts, each part's search, whether each is close to its part, the
        results shown): a question in parts is searched part by part, and a
        part nothing is close to lends no results (the others keep their room)."""
        conversation = conversation or Conversation()
        parts = [question] if conversation.is_follow_up(question) else question_parts(question)
        responses = [self.searcher.search(conversation.retrieval_query(part)) for part in parts]
        relevant = [self._relevant(r) for r in responses]
        response = responses[0] if len(parts) == 1 else merged_responses(
            question, [r for r, close in zip(responses, relevant) if close] or responses)
        return parts, responses, relevant, response

    def found_evidence(self, parts: list[str], relevant: list[bool], response,
                  responses: list) -> tuple[list, list, list[str]]:
        """Every unit scored, the card's units, and the parts of the question
        nothing answers. One question: as the evidence step finds them. Two
        or more parts: each part's units scored for it in its own search's
        results (their ranks are what the evidence step weighs), numbered as
        the joined results are; the card the best of each in turn, shown as
        equals (no one quote answers two questions); a part whose own search
        found nothing close, or whose best unit is below the evidence floor,
        named as unanswered."""
        if len(parts) == 1:
            scored = self.finder.score(response, parts[0])
            return scored, self.finder.best(scored, EVIDENCE_SHOWN), []
        number = {(r.source, r.section_id): r.rank for r in response.results}
        scored_parts, best_parts, unanswered = [], [], []
        for part, close, own in zip(parts, relevant, responses):
            scored = _renumbered(self.finder.score(own, part), own.results, number) \
                if close else []
            best = self.finder.best(scored, EVIDENCE_SHOWN) if scored else []
            if best:
                scored_parts.append(scored)
                best_parts.append(best)
            else:
                unanswered.append(part)
        card = [replace(e, confidence=None) for e in _in_turn([b[:PER_PART] for b in best_parts])]
        return _in_turn(scored_parts), card, unanswered

    def _checks(self, evidence: list, cancel: threading.Event) -> bool:
        """Whether the answer model reads the best units again: only a model
        whose style measured it useful, only when the card is not already one
        quote, and not after a Stop."""
        return (self.style.checks_quote and card(evidence) == PASSAGES and not cancel.is_set()
                and len(evidence) > 1)  # a list of one says nothing

    def _check(self, question: str, scored: list, evidence: list, cancel: threading.Event,
               timings: dict, answer: Answer) -> list:
        """The evidence after the check (a new list: the first was handed to
        the window already): in the order the ranker, the model's pick and
        the passages its answer drew on agree on best, its first unit marked
        checked when it is shown alone (quote_check.alone, with the note
        saying why); unchanged when stopped."""
        began = time.perf_counter()
        units = scored[:quote_check.DEPTH]
        probabilities = quote_check.pick_probabilities(self.model, question,
                                                       [e.text for e in units], cancel)
        timings["check_s"] = round(time.perf_counter() - began, 3)
        if not probabilities:
            return evidence
        # an answer that says nothing drew on nothing: "does not say" shares words at random
        support = () if answer.declined else \
            quote_check.answer_support(answer.text, question, [e.text for e in units])
        order = quote_check.fused_order(probabilities, support=support)
        single = quote_check.alone(probabilities, support)
        if single is not None:
            order.remove(single)
            order.insert(0, single)
        first, *others = [units[i] for i in order][:len(evidence)]
        note = "" if single is None else \
            quote_check.BOTH_PICK if single == 0 else quote_check.ANSWER_PICK
        # The confidence is said of the search's first unit as the first one
        # shown: it goes with it only while it stays first.
        return [replace(first, checked=single is not None, checked_note=note,
                        confidence=first.confidence if first is units[0] else None),
                *(replace(e, confidence=None) for e in others)]

    @property
    def style(self) -> PromptStyle:
        """The prompt's wording: the one given, or the model family's (this
        loads the model, which the prompt needs next anyway)."""
        if self._style is None:
            self._style = style_for(self.model.architecture, self.model.size_label)
        return self._style

    def _prompt(self, question: str, results: list, scored: list,
                conversation: Conversation, parts: int = 1) -> Prompt:
        style = self.style
        if self.prompt == EVIDENCE:
            # a unit for each part answered at least (`scored` takes them in turn)
            units = max(self.prompt_units or style.units, parts)
            sources = focused_sources(scored, results, units, style.neighbours) \
                if self.reading_budget is None else \
                budgeted_sources(scored, results, self.reading_budget, self.model.count, units)
            system = style.focused_system
        else:
            sources = [Source.from_result(r.rank, r) for r in results]
            system = style.sections_system
        system += answer_rule(question)  # the asker's language, when it is not English
        if style.best_last:
            sources = sources[::-1]
        return build_prompt(self.model, question, sources, conversation.history_for(question),
                            self.model.n_ctx, self.answer_tokens, system=system,
                            label=style.label, question_first=style.question_first)

    def _generate(self, prompt: Prompt, cancel: threading.Event, timings: dict,
                  started: float):
        """Stream the model's answer; stop on the user's Stop or when it loops.
        Returns the raw text (a repeat cut off) and whether it looped."""
        raw, repeated = [], False
        halt = Halt(cancel)  # the user's Stop, the guard's, or the first sentence's end
        guard = RepetitionGuard()
        markers = MarkerFilter({s.n for s in prompt.sources})
        # One line (SmolLM2's style): the focused prompt asks for one sentence,
        # and what a small model writes on the next line is a ramble of made-up
        # references (docs/answers.md: answers with an unsupported fact, dev
        # 0.58 → 0.45). Qwen may write a copied header on the first line.
        stop = prompt.stop + (["\n"] if self.prompt == EVIDENCE and self.style.one_line else [])
        # Closed as soon as the answer ends, not whenever it is garbage-collected:
        # a model in its own process must hear "stop" before the next question's
        # first request, or that request is answered with this answer's tokens.
        first_at = read_from = None
        with closing(self.model.generate(prompt.text, stop, self.answer_tokens, halt)) as stream:
            for chunk in stream:
                if isinstance(chunk, Reading):  # Stop reaches the model through `halt`
                    if read_from is None:  # the reading speed: its tokens, from its start
                        read_from, timings["read_tokens"] = time.perf_counter(), chunk.to_read
                    yield Status("reading", reading_message(len(prompt.sources), chunk))
                    continue
                if first_at is None:
                    first_at = time.perf_counter()
                    timings["first_token_s"] = round(first_at - started, 3)
                    if read_from is not None:
                        timings["reading_s"] = round(first_at - read_from, 3)
                    yield Status("generating", Said(QT_TRANSLATE_NOOP("Core",
                                                                      "writing the answer…")))
                text, written = chunk.text, "".join(raw)
                end = self._sentence_end(written + text)
                if end is not None:
                    text = text[:max(0, end - len(written))]  # what this chunk adds to it
                raw.append(text)
                if guard.feed(text):
                    repeated = True
                    halt.set()
                    break
                shown = markers.feed(text)
                if shown:
                    yield Token(shown)
                if end is not None:
                    halt.set()
                    break
        tail = markers.flush()
        if tail and not repeated:
            yield Token(tail)
        if raw:  # the writing speed (`handbook-qa models` shows it); a chunk is a token
            timings["written_tokens"] = len(raw)
            timings["writing_s"] = round(time.perf_counter() - first_at, 3)
        return (guard.cut() if repeated else "".join(raw)), repeated

    def _sentence_end(self, written: str) -> int | None:
        """Where the answer's first sentence ends (None: not yet, or no cut),
        counted after a source header the model may have copied first: a
        heading such as "8.14. JSON Types" is no sentence."""
        header = echoed_header_length(written) if self.one_sentence else None
        if header is None:
            return None
        end = first_sentence_end(written[header:])
        return None if end is None else header + end

    def _relevant(self, response) -> bool:
        """Whether a child came close enough to what was searched (a follow-up
        with the question before it), by the measure of the embedder it was
        found with (app/answers/evidence/relevance.py)."""
        if not response.results:
            return False
        index_of = getattr(self.searcher, "index_of", None)
        if self.relevance_threshold is not None or index_of is None:
            threshold = RELEVANCE_THRESHOLD if self.relevance_threshold is None \
                else self.relevance_threshold  # as asked, or a searcher without embedders
            return any(c.vector_distance is not None and c.vector_distance <= threshold
                       for c in response.candidates)
        by_index: dict[int, list] = {}
        for candidate in response.candidates:  # one index's candidates: one embedder's measure
            by_index.setdefault(index_of(candidate.chunk_id), []).append(candidate)
        return any(self._about(response.query, index, candidates)
                   for index, candidates in by_index.items())

    def _about(self, query: str, index: int, candidates: list) -> bool:
        """One index's candidates held to its own embedder's measure (their
        ids are the searcher's, so their texts are read through it)."""
        searcher = self.searcher.searcher_of(index)
        return about_the_question(query, candidates, searcher.embedder, searcher.store.languages,
                                  lambda ids: chunk_texts(self.searcher.store, ids))

    def _answer(self, question: str, raw: str, prompt: Prompt, stopped: bool) -> Answer:
        by_number = {s.n: s for s in prompt.sources}
        text, cited = clean_markers(drop_echoed_header(raw.strip()), set(by_number))
        pointed = points_only(text)
        attributed = [] if cited else attribute(text, prompt.sources, question)
        attributed_numbers = list(dict.fromkeys(a["n"] for a in attributed))
        citations = [by_number[n].citation() for n in cited or attributed_numbers] or \
            [s.citation() for s in prompt.sources]
        return Answer(question=question, text=text, citations=citations, cited=bool(cited),
                      sources=[s.citation() for s in prompt.sources],
                      context_tokens=prompt.prompt_tokens, n_ctx=prompt.n_ctx,
                      model=self.model.name, stopped=stopped, budget=prompt.budget_line,
                      dropped_sources=prompt.dropped_sources,
                      trimmed_sources=prompt.trimmed_sources, sent=prompt.sources,
                      unsupported=unsupported(text, [_fact_check_text(self.style, s)
                                                     for s in prompt.sources], question),
                      attributed=attributed, prompt=self.prompt,
                      declined=declines(text) or pointed, pointed=pointed)

    def _refusal(self, question: str, text: str, timings: dict | None = None) -> Answer:
        nothing = text == NOTHING_FOUND
        said = in_question_language(question, text,
                                    NOTHING_FOUND_IN if nothing else NO_EVIDENCE_IN)
        return Answer(question=question, text=said, citations=[], cited=False,
                      sources=[], context_tokens=0, n_ctx=0, model=self.model.name,
                      refused="nothing relevant was retrieved" if nothing
                      else "no passage looks like an answer", prompt=self.prompt,
                      timings=timings or {})


# The refusal, also as models wrap it: SmolLM2 usually says "The answer is: The
# handbook does not say."; Qwen says "The passages do not mention this." The
# whole answer must be the refusal: "does not say how long, but…" is an answer.
_REFUSAL_LEAD = r"(?:(?:the )?(?:answer|response)(?: is)?\s*[:\-–]?\s*|(?:i'?m )?sorry,?\s*(?:but )?" \
                r"|unfortunately,?\s*)?"
_REFUSAL = (r"(?:the )?(?:provided |given )?(?:handbook|passages?|sources?|documents?|text|context)(?: provided)? "
            r"(?:does|do) not (?:say|seem to say|mention|cover|contain|specify|state)"
            r"(?: (?:so|this|that|it))?\W*")
_DECLINED = re.compile(_REFUSAL_LEAD + "(?:" + "|".join((_REFUSAL, *REFUSALS)) + ")",
                       re.IGNORECASE)
_DECORATION = re.compile(r"\[\d+\]|[*_\"“”'‘’]")


def _fact_check_text(style: PromptStyle, source) -> str:
    """What an answer's facts are looked up in for one source: what the model
    read (its header and text) and the file name the citation shows. Some
    styles leave the file out of the header, but a reader sees it on every
    citation: `ls` in an answer from `ls.txt` is no name the sources lack."""
    return f"{source.source}\n{style.label(source.n, source)}\n{source.text}"


def _renumbered(units: list, results: list, number: dict) -> list:
    """Units scored in one part's results, numbered as the joined results
    are (a unit whose section the joined results left out is left out)."""
    by_rank = {r.rank: (r.source, r.section_id) for r in results}
    return [replace(u, n=number[by_rank[u.n]]) for u in units if by_rank.get(u.n) in number]


def _in_turn(lists: list[list]) -> list:
    """Units of several lists taken in turn (each list's best first), each
    unit once."""
    taken, seen = [], set()
    for row in itertools.zip_longest(*lists):
        for unit in row:
            if unit is not None and (unit.n, unit.start) not in seen:
                seen.add((unit.n, unit.start))
                taken.append(unit)
    return taken


def points_only(text: str) -> bool:
    """Whether the answer is nothing but citation markers ("[1]", "[1], [3].")."""
    return bool(MARKER.search(text)) and not _WORD.search(MARKER.sub("", text))


_WORD = re.compile(r"[^\W_]", re.UNICODE)


def declines(text: str) -> bool:
    """Whether the model's whole answer is the refusal the prompts ask for
    (its citation markers, quotes and emphasis aside: "The handbook does not
    say [1].")."""
    return _DECLINED.fullmatch(_DECORATION.sub("", text).strip()) is not None
