"""Reading files in a separate process, with a time limit and a memory cap.

Parsers meet every kind of broken file on a laptop: some PDFs make pypdf loop
or allocate without bound, and a native crash would take the whole app down.
So files are parsed in a child process (app/common/child_process.py) that the
indexer waits for with a deadline, kills and restarts. A file that times out,
exhausts the memory cap or kills the child gets a status in words, and
indexing goes on.

The child is long-lived (one per indexing run) and serves one file at a time;
the indexer asks for the next file before embedding the current one, so
parsing overlaps with embedding.
"""
from __future__ import annotations

import os
import queue
import time
from dataclasses import dataclass
from pathlib import Path

from app.common.child_process import Child, ChildDied, child_channel, read_frame, write_frame
from app.common.documents import Document, ReadError
from app.common.said import QT_TRANSLATE_NOOP, Said, message_of

DEFAULT_TIMEOUT = 60.0
DEFAULT_MEMORY_MB = 2048
FROZEN_FLAG = "--reader-process"
MAX_TEXT_FILE_MB = 20  # a Markdown or text file above this is not a handbook page
# Markup takes room: a wiki export of a whole space as one page reaches tens
# of MB, and the streaming HTML reader takes about 3 s per 8 MB.
MAX_FILE_MB = {**dict.fromkeys((".md", ".markdown", ".txt", ".text", ".rst"), MAX_TEXT_FILE_MB),
               ".html": 64, ".htm": 64}


class ReaderCrashed(ReadError):
    """The parser process died on this file (a native crash, or the OS killed it)."""


class ReaderTimedOut(ReadError):
    pass


# -- the child -----------------------------------------------------------------------

def _limit_memory(megabytes: int) -> None:
    try:
        import resource

        limit = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):
        pass  # no address-space limit on this platform: the timeout still applies


@dataclass(frozen=True)
class ReadOptions:
    ocr: bool = True                  # OCR pages without a text layer
    ocr_max_pages: int | None = None  # None: ocr.MAX_OCR_PAGES


def _read_reply(path: str, memory_mb: int, options: ReadOptions = ReadOptions(),
                progress=None):
    from app.ingest.readers import read_document

    try:
        size = Path(path).stat().st_size
        limit = MAX_FILE_MB.get(Path(path).suffix.lower())
        if limit is not None and size > limit * 1024 * 1024:
            return ("error", Said(QT_TRANSLATE_NOOP(
                "Core", "too large for a text document ({megabytes} MB; the limit is {limit} MB)"),
                megabytes=round(size / 2**20), limit=limit))
        return ("ok", read_document(Path(path), ocr=options.ocr, progress=progress,
                                    ocr_max_pages=options.ocr_max_pages))
    except ReadError as error:
        return ("error", message_of(error))
    except MemoryError:
        return ("error", Said(QT_TRANSLATE_NOOP(
            "Core", "reading it needs more than the {limit} MB memory limit"), limit=memory_mb))
    except RecursionError:
        return ("error", Said(QT_TRANSLATE_NOOP("Core", "its structure is nested too deeply to be "
                                                        "read")))
    except Exception as error:  # a parser bug must not stop the folder
        return ("error", Said(QT_TRANSLATE_NOOP("Core", "could not be read ({error})"),
                              error=f"{type(error).__name__}: {error}"))


def _number(value: float) -> int | float:
    """A whole number as an int (60, not 60.0), as "%g" writes it."""
    return int(value) if float(value).is_integer() else value


def serve(memory_mb: int = DEFAULT_MEMORY_MB) -> None:
    """The child's loop: a path in, a Document (or a reason) out."""
    requests, replies = child_channel()
    _limit_memory(memory_mb)
    import app.ingest.readers  # noqa: F401 - imported before "ready": start-up is not reading time

    write_frame(replies, ("ready", None))
    while True:
        try:
            path, options = read_frame(requests)
        except EOFError:
            return

        def progress(done: int, total: int) -> None:  # OCR, page by page: "still working"
            write_frame(replies, ("progress", (done, total)))

        reply = _read_reply(path, memory_mb, options, progress)
        try:
            write_frame(replies, reply)
        except MemoryError:
            write_frame(replies, ("error", Said(QT_TRANSLATE_NOOP(
                "Core", "its text is larger than the {limit} MB limit"), limit=memory_mb)))


# -- the parent -----------------------------------------------------------------------

class ReaderProcess:
    def __init__(self, timeout: float = DEFAULT_TIMEOUT, memory_mb: int = DEFAULT_MEMORY_MB):
        self.timeout = timeout
        self.memory_mb = memory_mb
        self._child = Child("app.ingest.reader_process", FROZEN_FLAG,
                            {"HBQA_READER_MEMORY_MB": str(memory_mb)})
        self._sent_at = 0.0

    @property
    def pid(self) -> int | None:
        return self._child.pid

    def request(self, path: Path, options: ReadOptions = ReadOptions()) -> None:
        """Start reading `path` in the background."""
        if not self._child.alive:
            self._start()
        try:
            self._child.send((str(path), options))
        except ChildDied:
            self._restart()
            self._child.send((str(path), options))
        self._sent_at = time.monotonic()

    def receive(self, cancel=None, on_progress=None) -> Document:
        """The document asked for last; ReadError in words if it could not be read.

        While OCR reads a scan page by page, each page done restarts the time
        limit (it bounds a parser that loops, not a long scan) and is passed
        to `on_progress(done, total)`."""
        deadline = self._sent_at + self.timeout
        while True:
            try:
                kind, payload = self._child.receive(timeout=0.1)
                if kind == "progress":
                    deadline = time.monotonic() + self.timeout
                    if on_progress is not None:
                        on_progress(*payload)
                    continue
                break
            except queue.Empty:
                if cancel is not None and cancel.is_set():
                    self._restart()
                    raise ReadError(Said(QT_TRANSLATE_NOOP(
                        "Core", "indexing was cancelled while this file was read"))) from None
                if time.monotonic() > deadline:
                    self._restart()
                    raise ReaderTimedOut(Said(QT_TRANSLATE_NOOP(
                        "Core", "reading it took longer than {seconds} s (the file may make the "
                                "parser loop); skipped"), seconds=_number(self.timeout))) from None
            except ChildDied:
                self._restart()
                raise ReaderCrashed(Said(QT_TRANSLATE_NOOP(
                    "Core", "the parser crashed on this file (damaged or hostile content?); "
                            "skipped"))) from None
        if kind == "ok":
            return payload
        raise ReadError(payload)

    def read(self, path: Path) -> Document:
        self.request(path)
        return self.receive()

    def _start(self) -> None:
        try:
            self._child.start()
        except ChildDied as error:
            raise ReadError(Said(QT_TRANSLATE_NOOP(
                "Core", "the file reader process could not start"))) from error

    def _restart(self) -> None:
        self._child.close()
        self._start()

    def close(self) -> None:
        self._child.close()

    def __enter__(self) -> ReaderProcess:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


if __name__ == "__main__":
    serve(int(os.environ.get("HBQA_READER_MEMORY_MB", DEFAULT_MEMORY_MB)))
