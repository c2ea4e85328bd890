"""Incremental indexing of a handbook folder into the store.

scan → hash → read → chunk → guard → embed → store, one document at a time,
one transaction per document. Progress goes to a callback; a cancel token is
checked between documents and between embedding batches, so a cancel takes
effect within about one batch and leaves every finished document in place.
"""
from __future__ import annotations

import json
import logging
import threading
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Callable

from app.common import bundled
from app.common.chunks import ChunkSettings, DROP
from app.common.documents import Document, ReadError
from app.common.language import SAMPLE_CHARS, UNDETERMINED, detect
from app.common.said import QT_TRANSLATE_NOOP, Said, message_of
from app.common.tokens import ENCODING_NAME
from app.ingest.chunking import fitted, spring
from app.ingest.chunking.guard import WindowExceeded, measure, refuse_over_window
from app.ingest.reader_process import (DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT, ReadOptions,
                                       ReaderCrashed, ReaderProcess)
from app.ingest.scan import FoundFile, scan
from app.store.contract import DocumentRecord, IndexStore, StoreError

log = logging.getLogger(__name__)

CHUNKER_VERSION = "16"  # 9: PDF lines reflowed, ligatures folded, Word style ids; 10: manual-page PDFs: terms, not headings; 11: one-row and header-less HTML tables are content; 12: man pages saved as text: titled by their header, subsections, lines joined; 13: a man page's option names are terms; 14: and a tag run on with its text, tabs (col -b) expanded; 15: a paragraph back at a term's column ends its definition; 16: plain-text FAQs: questions head their answers, boxed chapters, rules that only separate; Markdown comments are no blocks
PROFILES = ("fitted", "spring-default")

INDEXED, UNCHANGED, REMOVED, FAILED = "indexed", "unchanged", "removed", "failed"
SKIPPED = "skipped"  # not a file that can be read (FIFO, device, link outside the folder)


QUARANTINE_AFTER = 2  # parser crashes on the same content before it is no longer tried


@dataclass
class IndexSettings:
    profile: str = "fitted"
    chunking: ChunkSettings | None = None  # None: fitted to the embedder's window
    strict: bool = False
    read_timeout: float = DEFAULT_TIMEOUT   # seconds per file, in the reader process
    read_memory_mb: int = DEFAULT_MEMORY_MB
    # Chunks embedded per file at most: about 1,250 pages, 3-4 minutes on 2
    # cores. A 10 MB text file of one line would otherwise take over an hour.
    max_chunks_per_file: int = 10_000
    ocr: bool = True                  # read scanned PDF pages with OCR
    ocr_max_pages: int | None = None  # per file; None: the OCR module's limit (300)
    # A shared index has one writer at a time: wait for another indexer to
    # finish (True), or stop at once saying who it is (False).
    wait_for_writer: bool = False
    # A shared index built with other chunking or another embedder is rebuilt
    # for everyone only when asked (index --rebuild): a maintainer whose own
    # settings differ must not wipe the team's index by accident.
    rebuild_shared: bool = False
    # A document in a language the embedder was not trained on stops the run
    # (LanguageNotRead) before anything of it is written: the caller then
    # indexes with an embedder that reads it. False: indexed all the same.
    stop_at_unread_language: bool = False


@dataclass
class FileResult:
    path: str
    status: str
    reason: str | None = None  # a Said (app/common/said.py) where the core words it
    chunks: int = 0
    over_window: int = 0


@dataclass
class Progress:
    stage: str  # waiting (for another indexer) | scanning | indexing | measuring | done
    files_done: int = 0
    files_total: int = 0
    chunks_done: int = 0
    chunks_per_second: float = 0.0
    eta_seconds: float | None = None
    current: str | None = None


@dataclass
class IndexReport:
    folder: str
    profile: str
    files: list[FileResult]
    chunks: int          # chunks in the whole index after this run
    over_window: int     # over-window chunks in the whole index
    seconds: float
    cancelled: bool = False
    rebuilt: str | None = None  # why the whole index was rebuilt, if it was
    stopped: str | None = None  # why indexing stopped before the last file (disk full): a Said

    def count(self, status: str) -> int:
        return sum(1 for f in self.files if f.status == status)

    @property
    def failed(self) -> list[FileResult]:
        return [f for f in self.files if f.status == FAILED]

    def to_json(self) -> dict:
        return {
            "folder": self.folder, "profile": self.profile,
            "indexed": self.count(INDEXED), "unchanged": self.count(UNCHANGED),
            "removed": self.count(REMOVED), "failed": self.count(FAILED),
            "skipped": self.count(SKIPPED),
            "failures": [{"path": f.path, "reason": f.reason} for f in self.failed],
            "skips": [{"path": f.path, "reason": f.reason} for f in self.files
                      if f.status == SKIPPED],
            "chunks": self.chunks, "over_window": self.over_window,
            "seconds": round(self.seconds, 3), "cancelled": self.cancelled,
            "rebuilt": self.rebuilt, "stopped": self.stopped, "files": [asdict(f) for f in self.files],
        }


def index_fingerprint(embedder, settings: IndexSettings) -> dict[str, str]:
    """Everything that changes chunks or vectors; a difference means a rebuild."""
    chunking = settings.chunking or ChunkSettings.for_embedder(embedder)
    return {
        "embedder_id": embedder.id,
        "model_sha256": embedder.model_sha256,
        "tokenizer_sha256": embedder.tokenizer_sha256,
        "window": str(chunking.window),
        "budget": str(chunking.budget),
        "overlap": str(chunking.overlap),
        "profile": settings.profile,
        "metadata_policy": json.dumps(chunking.metadata, sort_keys=True),
        "chunker_version": CHUNKER_VERSION,
        "splitter_encoding": ENCODING_NAME,
    }


def log_encodings(embedder) -> None:
    log.info("embedding tokenizer of %s: window %d tokens (%d special) from %s",
             embedder.id, embedder.window, embedder.special_tokens, embedder.tokenizer_name)
    log.info("comparison tokenizer: cl100k_base (tiktoken, %s)", ENCODING_NAME)


class Cancelled(Exception):
    pass


class SkippedByUser(Exception):
    """The user asked to skip the file being indexed (the app's Skip file)."""


SKIPPED_BY_USER = QT_TRANSLATE_NOOP("Core", "skipped while indexing (Skip file); the rest of "
                                           "the folder was indexed, and this file is tried "
                                           "again at the next run")
QUARANTINED = QT_TRANSLATE_NOOP("Core", "quarantined: it crashed the parser {times} times; it "
                                       "will be tried again when the file changes")


class StorageFull(Exception):
    """The index cannot be written (disk full, size limit, I/O error); stop the run."""

    def __init__(self, result: FileResult):
        super().__init__(result.reason)
        self.result = result


def _storage_reason(error: Exception) -> Said:
    import apsw

    if isinstance(error, apsw.FullError):
        return Said(QT_TRANSLATE_NOOP(
            "Core", "the disk is full (or the index reached its size limit): this file could "
                    "not be written; the index is unchanged; free some space and index again "
                    "(indexing stopped here: the remaining files were not tried)"))
    return Said(QT_TRANSLATE_NOOP(
        "Core", "the index could not be written (input/output error: {error}); the index is "
                "unchanged; free some space and index again (indexing stopped here: the "
                "remaining files were not tried)"), error=str(error))


class LanguageNotRead(Exception):
    """A document in a language the index's embedder does not read."""

    def __init__(self, path: str, language: str, embedder_id: str):
        super().__init__(f"{path} is in a language ({language}) that {embedder_id} does not read")
        self.path, self.language = path, language


def reads(embedder, language: str) -> bool:
    """Whether the embedder was trained on `language` (undetermined: assumed so)."""
    return embedder.languages is None or language in embedder.languages or \
        language == UNDETERMINED


class SharedIndexMismatch(StoreError):
    """A shared index built with other settings, and no rebuild asked for."""


class Indexer:
    def __init__(self, store: IndexStore, embedder, settings: IndexSettings | None = None,
                 on_progress: Callable[[Progress], None] | None = None,
                 cancel: threading.Event | None = None, skip: threading.Event | None = None):
        self.store = store
        self.skip = skip or threading.Event()  # set: leave the current file, go on
        self.embedder = embedder
        settings = settings or IndexSettings()
        self.settings = replace(settings, chunking=settings.chunking or
                                ChunkSettings.for_embedder(embedder))
        self.settings.chunking.validate()
        self.on_progress = on_progress or (lambda progress: None)
        self._progress: Progress | None = None  # the last one sent, for OCR's page count
        self.cancel = cancel or threading.Event()

    def run(self, folder: Path) -> IndexReport:
        root = Path(folder).resolve()
        if not root.is_dir():
            raise NotADirectoryError(f"{folder} is not a folder")
        on_wait = self._waiting if self.settings.wait_for_writer else None
        with self.store.writer_lock(on_wait):
            return self._run(root)

    def _waiting(self, holder: str) -> None:
        log.warning("another indexer is writing this index (%s): waiting for it", holder)
        self.on_progress(Progress("waiting", current=holder))

    def _run(self, root: Path) -> IndexReport:
        started = time.monotonic()
        log_encodings(self.embedder)
        rebuilt = self._check_fingerprint(root)
        self.on_progress(Progress("scanning"))
        found, skipped = scan(root)
        results = self._remove_missing(found)
        results += [FileResult(entry.rel, SKIPPED, entry.reason) for entry in skipped]
        pending, unchanged = self._changed(found)
        # Small files first: one huge file must not keep every other one waiting.
        pending.sort(key=lambda item: (item[0].size, item[0].rel))
        results += unchanged
        done, cancelled, stopped = self._index_files(pending)
        results += done
        if any(r.status in (INDEXED, REMOVED) for r in results):
            self.store.refresh_statistics()
        # On every run, changes or not: an index written by an older app, or
        # one whose measurement was cut short, is measured on the next run.
        if not (cancelled or stopped) and self.store.vector_search_stale():
            def measuring(step: str) -> None:
                self.on_progress(Progress("measuring", len(pending), len(pending), current=step))

            measuring(Said(QT_TRANSLATE_NOOP(
                "Core", "checking the shared index's vector search against exact search")))
            self.store.measure_vector_search(self.cancel.is_set, measuring)
            cancelled = self.cancel.is_set()  # the files are in; what was measured is kept
        totals = self.store.counts()
        report = IndexReport(str(root), self.settings.profile, sorted(results, key=lambda r: r.path),
                             totals.chunks, totals.over_window, time.monotonic() - started,
                             cancelled, rebuilt, stopped)
        embedded = sum(r.chunks for r in results if r.status == INDEXED)  # this run's chunks
        self.on_progress(Progress("done", len(pending), len(pending), report.chunks,
                                  embedded / report.seconds if report.seconds > 0 else 0.0))
        return report

    # -- steps ----------------------------------------------------------------
    def _check_fingerprint(self, root: Path) -> str | None:
        wanted = index_fingerprint(self.embedder, self.settings) | {"root": str(root)}
        current = self.store.meta()
        # Compared key by key: the store keeps other facts there too (a shared
        # index's measured ef_search), which are no reason to rebuild.
        if all(current.get(key) == value for key, value in wanted.items()):
            return None
        # A shared index is indexed from wherever its maintainer mounts the
        # folder; documents are stored by their path inside it, so the mount
        # point is recorded, never a reason to re-embed everything.
        compared = [k for k in wanted if not (k == "root" and self.store.shared)]
        changed = sorted(k for k in compared if current.get(k) != wanted[k])
        if current and not changed:
            self.store.set_meta({"root": wanted["root"]})
            return None
        reason = None
        if current and self.store.shared and not self.settings.rebuild_shared:
            raise SharedIndexMismatch(Said(QT_TRANSLATE_NOOP(
                "Core", "the shared index {location} was built with other settings ({settings} "
                "differ from yours); indexing with yours would re-embed it for everyone: use "
                "the settings it was built with, or rebuild it on purpose (handbook-qa index "
                "--rebuild)"), location=str(self.store.location), settings=", ".join(changed)))
        if current:
            reason = "index settings changed: " + ", ".join(changed)
            log.warning("%s; re-chunking and re-embedding everything", reason)
        self.store.clear(wanted)
        return reason

    def _remove_missing(self, found: list[FoundFile]) -> list[FileResult]:
        present = {f.rel for f in found}
        gone = [d["path"] for d in self.store.documents() if d["path"] not in present]
        self.store.remove_documents(gone)
        return [FileResult(path, REMOVED) for path in gone]

    def _changed(self, found: list[FoundFile]) -> tuple[list[tuple[FoundFile, str]], list[FileResult]]:
        """Files whose content changed (with their hash), and results for the rest."""
        known = {d["path"]: d for d in self.store.documents()}
        pending, settled = [], []
        for entry in found:
            old = known.get(entry.rel)
            fresh = old is not None and old["status"] == INDEXED
            same_stat = fresh and old["size"] == entry.size and old["mtime"] == entry.mtime
            try:
                digest = None if same_stat else bundled.sha256_of(entry.path)
            except OSError as error:
                settled.append(self._fail(_record(entry, None), _os_reason(error)))
                continue
            if same_stat or (fresh and old["sha256"] == digest):
                if not same_stat:
                    self.store.touch_document(entry.rel, entry.size, entry.mtime)
                settled.append(FileResult(entry.rel, UNCHANGED, chunks=old["chunks"],
                                          over_window=old["over_window"]))
            else:
                pending.append((entry, digest))
        return pending, settled

    def _index_files(self, pending: list[tuple[FoundFile, str]]
                     ) -> tuple[list[FileResult], bool, str | None]:
        """Results of the files done, whether a cancel stopped the run, and why
        a storage failure stopped it (None if none did).

        The next file is handed to the reader process before the current one
        is embedded, so parsing and embedding overlap."""
        results: list[FileResult] = []
        total_bytes = sum(entry.size for entry, _ in pending) or 1
        done_bytes, chunks_done, embed_started = 0, 0, time.monotonic()
        to_read = [(entry, digest) for entry, digest in pending
                   if not self._quarantined(entry, digest)]
        with ReaderProcess(self.settings.read_timeout, self.settings.read_memory_mb) as reader:
            if to_read:
                reader.request(to_read[0][0].path, self._read_options)
            for number, (entry, digest) in enumerate(pending):
                if self.cancel.is_set():
                    return results, True, None
                self.skip.clear()  # a Skip is for the file announced next
                elapsed = time.monotonic() - embed_started
                self._progress = Progress(
                    "indexing", number, len(pending), chunks_done,
                    chunks_done / elapsed if elapsed > 0 else 0.0,
                    elapsed / done_bytes * (total_bytes - done_bytes) if done_bytes else None,
                    entry.rel)
                self.on_progress(self._progress)
                try:
                    result = self._index_file(reader, to_read, entry, digest)
                except Cancelled:
                    return results, True, None
                except SkippedByUser:
                    log.info("%s: %s", entry.rel, SKIPPED_BY_USER)
                    result = FileResult(entry.rel, SKIPPED, Said(SKIPPED_BY_USER))
                except StorageFull as full:
                    log.error("%s: %s", full.result.path, full.result.reason)
                    results.append(full.result)
                    left = len(pending) - number - 1
                    return results, False, Said(QT_TRANSLATE_NOOP(
                        "Core", "indexing stopped at {path}: {reason} ({left} files not tried)"),
                        path=full.result.path, reason=full.result.reason, left=left)
                results.append(result)
                done_bytes += entry.size
                chunks_done += result.chunks
        return results, False, None

    def _quarantined(self, entry: FoundFile, digest: str) -> bool:
        row = self.store.document(entry.rel)
        return bool(row and row["crashes"] >= QUARANTINE_AFTER and row["crash_sha256"] == digest)

    def _index_file(self, reader: ReaderProcess, to_read: list, entry: FoundFile,
                    digest: str) -> FileResult:
        record = _record(entry, digest)
        if not to_read or to_read[0][0] is not entry:
            return self._fail(record, Said(QUARANTINED, times=QUARANTINE_AFTER))
        to_read.pop(0)
        try:
            document = reader.receive(self.cancel, self._ocr_progress)
        except ReaderCrashed as error:
            self.store.record_crash(record)
            return self._after_read_error(record, entry, message_of(error))
        except ReadError as error:
            if self.cancel.is_set():
                raise Cancelled() from error
            return self._after_read_error(record, entry, message_of(error))
        finally:
            if to_read:
                reader.request(to_read[0][0].path, self._read_options)
        return self._store_document(record, document)

    @property
    def _read_options(self) -> ReadOptions:
        return ReadOptions(ocr=self.settings.ocr, ocr_max_pages=self.settings.ocr_max_pages)

    def _ocr_progress(self, done: int, total: int) -> None:
        """A scan being read page by page: the file's name says how far."""
        progress = self._progress
        if progress is not None:
            self.on_progress(replace(progress, current=Said(QT_TRANSLATE_NOOP(
                "Core", "{file} · OCR page {done} of {total}"), file=progress.current,
                done=done, total=total)))

    def _after_read_error(self, record: DocumentRecord, entry: FoundFile,
                          reason: str) -> FileResult:
        if not entry.path.exists():  # deleted while we were indexing: it is gone
            self.store.remove_documents([entry.rel])
            return FileResult(entry.rel, FAILED, Said(QT_TRANSLATE_NOOP(
                "Core", "the file disappeared during indexing")))
        return self._fail(record, reason)

    def _store_document(self, record: DocumentRecord, document: Document) -> FileResult:
        record.language = detect("\n".join(s.body for s in document.sections)[:SAMPLE_CHARS])
        if self.settings.stop_at_unread_language and not reads(self.embedder, record.language):
            raise LanguageNotRead(record.path, record.language, self.embedder.id)
        chunking = self.settings.chunking
        chunker = spring if self.settings.profile == "spring-default" else fitted
        children = chunker.chunk_document(document, record.path, chunking, self.embedder.count)
        limit, note = self.settings.max_chunks_per_file, None
        if len(children) > limit:
            note = Said(QT_TRANSLATE_NOOP("Core", "too large to index fully: the first {indexed} "
                                                  "of its {chunks} chunks are indexed (the rest "
                                                  "of the file is not searched)"),
                        indexed=limit, chunks=len(children))
            log.warning("%s: %s", record.path, note)
            children = children[:limit]
        measure(children, self.embedder.count_many, self.embedder.window)
        if self.settings.strict:
            try:
                refuse_over_window(record.path, children, self.embedder.window)
            except WindowExceeded as error:
                return self._fail(record, message_of(error))
        vectors = self._embed([child.embedded_text for child in children])
        record.title = document.title
        record.pages = document.pages
        record.format = document.format
        record.encoding = document.encoding
        record.ocr_pages, record.ocr_confidence = document.ocr_pages, document.ocr_confidence
        record.metadata = {k: v for k, v in document.metadata.items()
                           if chunking.policy(k) != DROP}
        import apsw

        try:
            self.store.write_document(record, document.sections, children, vectors)
        except (apsw.FullError, apsw.IOError) as error:
            # The transaction rolled back: the file's previous version (if any)
            # is still indexed. Recording the failure may itself not fit.
            reason = _storage_reason(error)
            try:
                self.store.record_failure(record, reason)
            except (apsw.FullError, apsw.IOError):
                pass
            raise StorageFull(FileResult(record.path, FAILED, reason)) from error
        over = sum(1 for child in children if child.over_window)
        return FileResult(record.path, INDEXED, note, chunks=len(children), over_window=over)

    def _embed(self, texts: list[str]):
        import numpy as np

        size = self.embedder.batch_size
        parts = []
        for start in range(0, len(texts), size):
            if self.cancel.is_set():
                raise Cancelled()
            if self.skip.is_set():
                raise SkippedByUser()
            parts.append(self.embedder.embed(texts[start:start + size]))
        return np.concatenate(parts) if parts else np.zeros((0, self.embedder.dimensions),
                                                             dtype=np.float32)

    def _fail(self, record: DocumentRecord, reason: str) -> FileResult:
        self.store.record_failure(record, reason)
        return FileResult(record.path, FAILED, reason)


def _record(entry: FoundFile, digest: str | None) -> DocumentRecord:
    return DocumentRecord(entry.rel, digest, entry.size, entry.mtime,
                          entry.path.suffix.lower().lstrip("."))


def _os_reason(error: OSError) -> Said:
    if isinstance(error, PermissionError):
        return Said(QT_TRANSLATE_NOOP("Core", "permission denied: the file cannot be read"))
    return Said(QT_TRANSLATE_NOOP("Core", "cannot be read: {error}"),
                error=str(error.strerror or error))
