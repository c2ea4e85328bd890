"""Question in, streamed answer with citations out.

    search → relevance check → prompt within budget → stream → citations

`Answerer.ask` is a generator of events, so the CLI prints them and the GUI
forwards them from its worker thread; a cancel token stops generation
between tokens.
"""
from __future__ import annotations

import threading
from dataclasses import asdict, dataclass, field
from typing import Iterator

from app.answers.citations import MarkerFilter, clean_markers
from app.answers.prompt import Prompt, Source, Turn, build_prompt

# Cosine distance above which the best child is not about the question at
# all. Calibrated with scripts/calibrate_relevance.py: the best child of every
# golden question lies within 0.707 (sample) and 0.631 (dev set, 151 questions);
# off-topic questions start at 0.755 (dev index) and 0.767 (sample).
RELEVANCE_THRESHOLD = 0.74
DEFAULT_ANSWER_TOKENS = 384
NOTHING_FOUND = ("The handbook does not seem to cover this: nothing in the indexed documents "
                 "is close enough to the question to answer it.")


@dataclass
class Status:
    stage: str        # searching | reading | generating
    message: str


@dataclass
class Token:
    text: str


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

    def to_json(self) -> dict:
        return {"answer": self.text,
                "citations": [{k: c[k] for k in ("n", "source", "heading", "page")}
                              for c in self.citations],
                "context_tokens": self.context_tokens, "model": self.model,
                "n_ctx": self.n_ctx, "cited": self.cited, "stopped": self.stopped,
                "refused": self.refused, "sources": self.sources}


@dataclass
class Finished:
    answer: Answer


@dataclass
class Conversation:
    """Follow-up questions keep a short history (trimmed to the budget later)."""

    turns: list[Turn] = field(default_factory=list)

    def add(self, answer: Answer) -> None:
        if not answer.refused:
            self.turns.append(Turn(answer.question, answer.text, answer.sent))

    def retrieval_query(self, question: str) -> str:
        """A follow-up ("and in Lisbon?") is searched together with the previous question."""
        if self.turns and len(question.split()) < 8:
            return f"{self.turns[-1].question} {question}"
        return question


class Answerer:
    def __init__(self, searcher, model, answer_tokens: int = DEFAULT_ANSWER_TOKENS,
                 relevance_threshold: float = RELEVANCE_THRESHOLD):
        self.searcher = searcher
        self.model = model
        self.answer_tokens = answer_tokens
        self.relevance_threshold = relevance_threshold

    def ask(self, question: str, conversation: Conversation | None = None,
            cancel: threading.Event | None = None
            ) -> Iterator[Status | Retrieved | Token | Finished]:
        conversation = conversation or Conversation()
        cancel = cancel or threading.Event()
        yield Status("searching", "searching the handbook…")
        response = self.searcher.search(conversation.retrieval_query(question))
        sources = [Source.from_result(n, r) for n, r in enumerate(response.results, start=1)]
        yield Retrieved(response.results)
        if not self._relevant(response):
            yield Finished(self._refusal(question, sources))
            return
        yield Status("reading", "reading sources…")
        prompt = build_prompt(self.model, question, sources, conversation.turns,
                              self.model.n_ctx, self.answer_tokens)
        raw, stopped = [], False
        markers = MarkerFilter({s.n for s in prompt.sources})
        for number, chunk in enumerate(self.model.generate(prompt.text, prompt.stop,
                                                            self.answer_tokens, cancel)):
            if number == 0:
                yield Status("generating", "writing the answer…")
            raw.append(chunk.text)
            shown = markers.feed(chunk.text)
            if shown:
                yield Token(shown)
        stopped = cancel.is_set()
        tail = markers.flush()
        if tail:
            yield Token(tail)
        yield Finished(self._answer(question, "".join(raw), prompt, stopped))

    def _relevant(self, response) -> bool:
        distances = [c.vector_distance for c in response.candidates
                     if c.vector_distance is not None]
        return bool(response.results) and bool(distances) and \
            min(distances) <= self.relevance_threshold

    def _answer(self, question: str, raw: str, prompt: Prompt, stopped: bool) -> Answer:
        by_number = {s.n: s for s in prompt.sources}
        text, cited = clean_markers(raw.strip(), set(by_number))
        citations = [by_number[n].citation() for n in cited] or \
            [s.citation() for s in prompt.sources]
        return Answer(question=question, text=text, citations=citations, cited=bool(cited),
                      sources=[s.citation() for s in prompt.sources],
                      context_tokens=prompt.prompt_tokens, n_ctx=prompt.n_ctx,
                      model=self.model.name, stopped=stopped, budget=prompt.budget_line,
                      dropped_sources=prompt.dropped_sources,
                      trimmed_sources=prompt.trimmed_sources, sent=prompt.sources)

    def _refusal(self, question: str, sources: list[Source]) -> Answer:
        return Answer(question=question, text=NOTHING_FOUND, citations=[], cited=False,
                      sources=[], context_tokens=0, n_ctx=0, model=self.model.name,
                      refused="nothing relevant was retrieved")


def as_dict(answer: Answer) -> dict:
    return asdict(answer)
