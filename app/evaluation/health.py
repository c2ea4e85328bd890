"""The chunk-health report: what the embedder can and cannot see in this index.

This is `inspect` on the command line and the chunk-health panel in the app:
window and budget, chunk lengths in both tokenizers (median, p95, max), every
chunk longer than the window with how many of its tokens are invisible, and
the share of chunks that needed each split level.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

from app.common.said import QT_TRANSLATE_NOOP, Said
from app.store.contract import IndexStore

SPLIT_LEVELS = ("block", "line", "sentence", "word", "character")
CHARACTER_SPLIT_WARNING = 0.05
# The window words these (app/gui/words.py); the CLI prints their English.
VERDICT = QT_TRANSLATE_NOOP("Core", "{over} of {chunks} chunks exceed the {window}-token window "
                                    "· p95 {p95} tokens")
CHARACTER_SPLITS = QT_TRANSLATE_NOOP("Core", "{share}% of chunks needed character-level splits: "
                                             "some documents have no usable structure (no "
                                             "paragraphs, sentences or spaces)")
P95_OVER_WINDOW = QT_TRANSLATE_NOOP("Core", "p95 chunk length ({p95}) exceeds the window minus "
                                            "special tokens: this index truncates in production")


@dataclass
class LengthStats:
    median: float
    p95: float
    max: int
    mean: float


@dataclass
class OverWindowChunk:
    chunk_id: int
    source: str
    heading: str
    chunk_index: int
    tokens: int
    invisible_tokens: int
    split_level: str


@dataclass
class HealthReport:
    profile: str
    window: int
    budget: int
    overlap: int
    documents: int
    failed_documents: int
    sections: int
    chunks: int
    wordpiece: LengthStats
    cl100k: LengthStats
    over_window: list[OverWindowChunk]
    visible_share: float       # share of all chunk tokens that the embedder reads
    split_levels: dict[str, float] = field(default_factory=dict)
    kinds: dict[str, int] = field(default_factory=dict)
    embedder: str = ""         # the id of the embedder the index was built with
    languages: dict[str, int] = field(default_factory=dict)  # documents per language

    @property
    def character_split_share(self) -> float:
        return self.split_levels.get("character", 0.0)

    @property
    def verdict(self) -> str:
        # numbers, not text: each language writes them its way ("231.5", "231,5")
        return Said(VERDICT, over=len(self.over_window), chunks=self.chunks,
                    window=self.window, p95=float(self.wordpiece.p95))

    def warnings(self) -> list[str]:
        found = []
        if self.character_split_share > CHARACTER_SPLIT_WARNING:
            # a whole percent, rounded as "{:.0%}" rounds it
            share = int(format(self.character_split_share * 100, ".0f"))
            found.append(Said(CHARACTER_SPLITS, share=share))
        if self.wordpiece.p95 > self.window - 2:
            found.append(Said(P95_OVER_WINDOW, p95=float(self.wordpiece.p95)))
        return found

    def to_json(self) -> dict:
        data = asdict(self)
        data["verdict"] = self.verdict
        data["over_window_count"] = len(self.over_window)
        data["character_split_share"] = self.character_split_share
        data["warnings"] = self.warnings()
        return data


def percentile(values: list[int], share: float) -> float:
    """Nearest-rank percentile (what a person counting sorted values would get)."""
    if not values:
        return 0
    ordered = sorted(values)
    rank = max(1, -(-int(share * 100) * len(ordered) // 100))
    return ordered[min(rank, len(ordered)) - 1]


def median(values: list[int]) -> float:
    if not values:
        return 0
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def invisible_percent(tokens: int, invisible: int) -> float:
    """The share of a chunk's tokens the embedder never reads, in percent."""
    return round(100 * invisible / tokens, 1) if tokens else 0.0


def length_stats(values: list[int]) -> LengthStats:
    return LengthStats(median=median(values), p95=percentile(values, 0.95),
                       max=max(values, default=0),
                       mean=round(sum(values) / len(values), 1) if values else 0.0)


def health_report(store: IndexStore) -> HealthReport:
    meta = store.meta()
    window = int(meta.get("window", 0))
    chunks = store.chunk_lengths()
    counts = store.counts()
    wordpiece = [c["tokens"] for c in chunks]
    total_tokens = sum(wordpiece)
    visible = sum(min(t, window) for t in wordpiece)
    return HealthReport(
        profile=meta.get("profile", "fitted"),
        window=window,
        budget=int(meta.get("budget", 0)),
        overlap=int(meta.get("overlap", 0)),
        documents=counts.documents,
        failed_documents=counts.failed_documents,
        sections=counts.sections,
        chunks=len(chunks),
        wordpiece=length_stats(wordpiece),
        cl100k=length_stats([c["tokens_cl100k"] for c in chunks]),
        over_window=_over_window(store),
        visible_share=round(visible / total_tokens, 4) if total_tokens else 1.0,
        split_levels=_shares([c["split_level"] for c in chunks]),
        kinds=_counts([c["kind"] for c in chunks]),
        embedder=meta.get("embedder_id", ""),
        languages=_counts([d["language"] for d in store.documents()
                           if d["status"] == "indexed" and d.get("language")]),
    )


def _over_window(store: IndexStore) -> list[OverWindowChunk]:
    return [OverWindowChunk(*row.values()) for row in store.over_window_chunks()]


def _counts(values: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return dict(sorted(counts.items()))


def _shares(values: list[str]) -> dict[str, float]:
    counts = _counts(values)
    return {level: round(counts.get(level, 0) / len(values), 4) if values else 0.0
            for level in SPLIT_LEVELS}


def format_report(report: HealthReport) -> str:
    lines = [
        report.verdict,
        f"embedder {report.embedder} · profile {report.profile} · window {report.window} · "
        f"budget {report.budget} · overlap {report.overlap}",
        "languages: " + (", ".join(f"{language} {count}" for language, count in
                                   sorted(report.languages.items(), key=lambda i: -i[1]))
                         or "not recorded (indexed before languages were)"),
        f"{report.documents} documents ({report.failed_documents} failed) · "
        f"{report.sections} sections · {report.chunks} chunks",
        f"WordPiece tokens: median {report.wordpiece.median:g} · p95 {report.wordpiece.p95:g} · "
        f"max {report.wordpiece.max}",
        f"cl100k tokens:    median {report.cl100k.median:g} · p95 {report.cl100k.p95:g} · "
        f"max {report.cl100k.max}",
        f"share of chunk tokens the embedder reads: {report.visible_share:.1%}",
        "split levels: " + ", ".join(f"{level} {share:.1%}"
                                     for level, share in report.split_levels.items()),
    ]
    lines += [f"warning: {text}" for text in report.warnings()]
    if report.over_window:
        lines.append("chunks over the window (tokens, invisible):")
        lines += [f"  {c.source} chunk {c.chunk_index} [{c.heading}]: {c.tokens} tokens, "
                  f"{c.invisible_tokens} invisible" for c in report.over_window[:50]]
        if len(report.over_window) > 50:
            lines.append(f"  … and {len(report.over_window) - 50} more (use --json for all)")
    return "\n".join(lines)


def dumps(report: HealthReport) -> str:
    return json.dumps(report.to_json(), indent=2, ensure_ascii=False)
