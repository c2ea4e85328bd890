"""Children: the small, window-fitted units that are embedded and searched."""
from __future__ import annotations

from dataclasses import dataclass, field

# Metadata policy values: where a field goes.
EMBED = "embed"        # prefixed to the embedded string (counts against the window)
RETRIEVE = "retrieve"  # stored and returned with results, never embedded
DROP = "drop"          # not stored at all
POLICY_VALUES = (EMBED, RETRIEVE, DROP)

# Fields a citation needs can never be dropped.
CITATION_FIELDS = ("heading", "source", "chunk_index", "total_chunks", "page")
DEFAULT_METADATA_POLICY = {
    "heading": EMBED,         # headings disambiguate ("Leave › Sick leave")
    "title": RETRIEVE,
    "source": RETRIEVE,       # paths and ids pollute the semantic space
    "chunk_index": RETRIEVE,
    "total_chunks": RETRIEVE,
    "page": RETRIEVE,
}
FRONT_MATTER_DEFAULT = RETRIEVE
MIN_BUDGET = 16
TABLE_ROW = "table_row"  # a child's kind: one row as "Header: value; …"
MAX_LABEL_CHARS = 120    # a bold label line at most, embedded with what follows it
HEADROOM = 8  # default budget = window - headroom (120 of MiniLM's 128)


@dataclass
class ChunkSettings:
    window: int                # the embedder's own (Embedder.window); never a default
    budget: int                # tokens per embedded child, specials and prefix included
    overlap: int = 0           # tokens carried over between neighbouring prose children
    metadata: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_METADATA_POLICY))

    @classmethod
    def for_embedder(cls, embedder, **options) -> ChunkSettings:
        """Children fitted to the embedder's window, at its own budget unless
        `budget` is given (app/embedding/contract.py)."""
        return cls(window=embedder.window,
                   budget=options.pop("budget", None) or embedder.child_budget, **options)

    @classmethod
    def for_window(cls, window: int, **options) -> ChunkSettings:
        return cls(window=window, budget=options.pop("budget", None) or window - HEADROOM,
                   **options)

    def policy(self, name: str) -> str:
        return self.metadata.get(name, FRONT_MATTER_DEFAULT)

    def validate(self) -> None:
        # A budget above the window is allowed on purpose: the guard then flags
        # (or, in strict mode, refuses) every chunk the embedder would truncate.
        if self.budget < MIN_BUDGET:
            raise ValueError(f"the chunk budget ({self.budget}) must be at least {MIN_BUDGET} tokens")
        if not 0 <= self.overlap < self.budget // 2:
            raise ValueError(f"overlap ({self.overlap}) must be below half the budget")
        for name, value in self.metadata.items():
            if value not in POLICY_VALUES:
                raise ValueError(f"metadata policy for '{name}' must be one of {POLICY_VALUES}")
            if name in CITATION_FIELDS and value == DROP:
                raise ValueError(f"'{name}' is needed by citations and cannot be dropped")


def plain_label(text: str) -> str:
    """Text as a label is embedded: Markdown's emphasis and code marks gone,
    whitespace runs as single spaces."""
    return " ".join(text.replace("*", "").replace("__", "").replace("`", "").split())


@dataclass
class Child:
    section: int        # index into Document.sections (the parent)
    kind: str           # paragraph/list/quote/code/table_row/...
    text: str           # what is shown and matched; verbatim body[start:end] except table rows
    embedded_text: str  # exactly the string given to the embedder
    start: int          # offsets inside the parent section's body
    end: int
    page: int | None
    split_level: str
    chunk_index: int = 0
    total_chunks: int = 0
    tokens: int = 0             # WordPiece tokens of embedded_text, specials included
    tokens_cl100k: int = 0
    over_window: bool = False
    invisible_tokens: int = 0   # tokens past the window: never seen by the embedder

    @property
    def verbatim(self) -> bool:
        """Whether `text` is exactly its parent's body between start and end.

        Table rows are reformatted (`Header: value`); a spring-default chunk may
        run on past its first section, so its offsets cover only that part."""
        return self.kind not in ("table_row", "spring")
