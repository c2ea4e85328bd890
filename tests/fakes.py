"""Fakes for unit tests of logic (never a substitute for the product path)."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from app.llm.contract import Chunk


class FakeChatModel:
    """An AnswerModel (app/llm/contract.py) that counts one token per
    whitespace-separated word and replies from a queue."""

    name = "fake.gguf"
    architecture = None   # an unknown family: the default (SmolLM2) prompt style
    size_label = None

    def __init__(self, n_ctx: int = 4096, replies: list[list[str]] | None = None,
                 delay: float = 0.0):
        self.n_ctx = n_ctx
        self.delay = delay  # seconds per token, for tests that act mid-answer
        self.replies = list(replies or [])
        self.prompts: list[str] = []

    def enqueue(self, *tokens: str) -> None:
        self.replies.append(list(tokens))

    def load(self) -> None:
        pass  # nothing to load

    def close(self) -> None:
        pass  # nothing held

    def count(self, text: str) -> int:
        return len(text.split())

    def render(self, messages: list[dict]) -> tuple[str, list[str]]:
        text = "".join(f"<{m['role']}> {m['content']} </{m['role']}>\n" for m in messages)
        return text + "<assistant>", ["</assistant>"]

    def generate(self, prompt: str, stop: list[str], max_tokens: int,
                 cancel: threading.Event):
        self.prompts.append(prompt)
        for token in (self.replies.pop(0) if self.replies else [])[:max_tokens]:
            if cancel.is_set():
                break
            if self.delay:
                time.sleep(self.delay)
            yield Chunk(token)

    def next_token_probabilities(self, prompt: str, options: list[str],
                                 cancel: threading.Event) -> list[float] | None:
        return None  # no pick, as if stopped: its prompt style never checks (FakeCheckingModel does)


class FakeCheckingModel(FakeChatModel):
    """A Qwen 1.5B as the prompt styles see it (so it checks the card's first
    passage, app/answers/checks/quote_check.py), whose pick among the units is given."""

    architecture, size_label = "qwen2", "1.5B"

    def __init__(self, pick: list[float] | None, **kwargs):
        super().__init__(**kwargs)
        self.pick = pick
        self.checked: list[tuple[str, list[str]]] = []

    def next_token_probabilities(self, prompt, options, cancel):
        self.checked.append((prompt, options))
        if cancel.is_set():
            return None
        # a pick given as a function of the list read ([n] unit, a line each)
        return self.pick(prompt, options) if callable(self.pick) else self.pick[:len(options)]


@dataclass
class FakeResult:
    rank: int
    source: str
    heading: str
    text: str
    page: int | None = None
    page_end: int | None = None
    section_id: int | None = None     # one section per result unless given
    chunk_indexes: list[int] = field(default_factory=lambda: [0])

    def __post_init__(self):
        if self.section_id is None:
            self.section_id = self.rank


@dataclass
class FakeCandidate:
    vector_distance: float
    chunk_id: int = 1


@dataclass
class FakeResponse:
    results: list
    candidates: list


class FakeSearcher:
    store = embedder = None

    def __init__(self, results: list[FakeResult], distance: float = 0.3):
        self.results = results
        self.distance = distance
        self.queries: list[str] = []

    def search(self, question: str) -> FakeResponse:
        self.queries.append(question)
        return FakeResponse(self.results, [FakeCandidate(self.distance)])


class FakeFinder:
    """Evidence without the embedder: each result's first sentence, best first by rank.
    `confidence`: what the first unit shown carries (app/answers/evidence/confidence.py);
    by default sure enough for the single quote card."""

    floor = 0.0

    def __init__(self, confidence: float = 1.0):
        self.confidence = confidence

    def score(self, response, question=None) -> list:
        from app.answers.evidence.finder import Evidence
        from app.answers.evidence.units import units_in

        found = []
        for result in response.results:
            units = units_in(result.text, 0, len(result.text), "paragraph")
            for index, unit in enumerate(units):
                found.append(Evidence(
                    text=result.text[unit.start:unit.end], source=result.source,
                    heading=result.heading, page=result.page, start=unit.start, end=unit.end,
                    score=1.0 / result.rank - index * 0.01, n=result.rank,
                    section_id=result.section_id, kind=unit.kind, chunk_index=0,
                    offset=unit.start))
        return sorted(found, key=lambda e: -e.score)

    def best(self, scored: list, limit: int = 3) -> list:
        if scored:
            scored[0].confidence = self.confidence
        return scored[:limit]

    def find(self, response, limit: int = 3) -> list:
        return self.best(self.score(response), limit)
