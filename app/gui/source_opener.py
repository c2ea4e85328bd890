"""Opening a source in the viewer: a quote, a citation, a result or a chunk.

What is opened is read from the index as it is now; a saved answer's source
that has changed since is not opened on other text (the viewer would
highlight whatever sits there now), and a source of an answer from several
handbooks is read from, and found in, its own handbook's folder.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from app.gui.sources_panel import SHOWN_MATCHES
from app.search.spans import Location
from app.workspace.handbooks import file_of


class SourceOpener:
    """The window's sources panel and viewer, pointed at what the user opened."""

    def __init__(self, window):
        self.window = window
        self.shown_turn = None  # the turn whose sources the panel shows

    def open_quote(self, turn_index: int, position: int) -> None:
        """Show a quote in the sources panel and the viewer, highlighted at its offsets."""
        if not 0 <= turn_index < len(self.window.conversation.turns):
            return
        turn = self.window.conversation.turns[turn_index]
        if not 0 <= position < len(turn.evidence):
            return
        evidence = turn.evidence[position]
        if self._changed_since(turn, evidence.n):
            return
        self.window.sources.show_results(turn.results, turn.cited_numbers())
        self.window.sources.show_evidence(turn.evidence, position)
        self.window.sources.select(evidence.n)
        self.shown_turn = turn
        self.open_evidence(evidence, turn.handbooks)

    def open_evidence(self, evidence, handbooks=()) -> None:
        self._show_spans(evidence.source, evidence.heading, evidence.page, evidence.section_id,
                         [(evidence.start, evidence.end)], [evidence.text], handbooks)

    def open_citation(self, turn_index: int, n: int) -> None:
        if not 0 <= turn_index < len(self.window.conversation.turns):
            return
        turn = self.window.conversation.turns[turn_index]
        if not 1 <= n <= len(turn.results):
            return  # a citation can only point at a retrieved section
        if self._changed_since(turn, n):
            return
        self.window.sources.show_results(turn.results, turn.cited_numbers())
        self.window.sources.show_evidence(turn.evidence)
        self.window.sources.select(n)
        self.shown_turn = turn
        self.open_result(turn.results[n - 1])

    def _changed_since(self, turn, n: int) -> bool:
        """A saved answer's source that no longer reads as it did is not
        opened: the viewer would highlight whatever text sits there now."""
        if n not in turn.changed:
            return False
        self.window._say(QCoreApplication.translate(
            "SourceOpener",
            "Source [{n}] has changed in the handbook since this answer was given (or is no "
            "longer indexed), so it is not opened here: ask the question again for an answer "
            "from the current text.").format(n=n))
        return True

    def open_result(self, result) -> None:
        """Show a source at its best match (and the next two), at the right page:
        a source of the turn the Sources panel shows, so a saved one that has
        changed since is not opened on other text."""
        turn = self.shown_turn
        handbooks = turn.handbooks if turn is not None else []
        if turn is not None and result in turn.results and \
                self._changed_since(turn, turn.results.index(result) + 1):
            return
        self._show_chunks(result.source, result.heading, result.page, result.section_id,
                          [m.chunk_id for m in result.chunks[:SHOWN_MATCHES]], handbooks)

    def open_chunk(self, chunk_id: int) -> None:
        """Show one chunk (from the chunk-health panel) in its source."""
        row = self.window.reader.read(lambda store: store.chunk_detail(chunk_id))
        if row is None:
            self.window._say(QCoreApplication.translate(
                "SourceOpener", "This chunk is no longer in the index; re-index the folder."))
            return
        self._show_chunks(row["path"], row["heading"], row["page_start"], row["section_id"],
                          [chunk_id])

    def _show_chunks(self, source: str, heading: str, page, section_id: int, ids: list,
                     handbooks=()) -> None:
        rows = self.window.reader.read(lambda store: store.chunks_by_id(ids), {}, handbooks)
        chunks = [rows[i] for i in ids if i in rows]  # in our order, not the index's
        if not chunks:
            self._source_gone()
            return
        self._show_spans(source, heading, chunks[0]["page"] or page, section_id,
                         [(c["start_char"], c["end_char"]) for c in chunks],
                         [c["text"] for c in chunks], handbooks)

    def _show_spans(self, source: str, heading: str, page, section_id: int,
                    spans: list[tuple[int, int]], texts: list[str], handbooks=()) -> None:
        """The viewer at a section, these spans of its body highlighted."""
        section = self.window.reader.read(
            lambda store: store.sections_by_id([section_id]).get(section_id), None, handbooks)
        if section is None:
            self._source_gone()
            return
        path = file_of(source, section_id, handbooks, self.window.folder)
        if self.window.shared and not path.is_file():
            self.window._say(QCoreApplication.translate(
                "SourceOpener",
                "{source} is in the shared index but not in your copy of the folder ({folder}), "
                "so it cannot be shown here. Open your copy of the handbook folder (File › Open "
                "folder), or update it; the quote and its citation above are from the shared "
                "index.").format(source=source, folder=self.window.folder))
            return
        self.window.viewer.show_location(Location(
            path=path, source=source, heading=heading, page=page,
            section_start=section["start_char"], spans=spans, texts=texts))
        self.window.side.setCurrentWidget(self.window.viewer)

    def _source_gone(self) -> None:
        self.window._say(QCoreApplication.translate(
            "SourceOpener", "This source is no longer in the index; re-index the folder and ask "
                            "again."))
