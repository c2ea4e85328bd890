"""Reading files in a separate process, with a time limit and a memory cap.

Parsers meet every kind of broken file on a laptop: some PDFs make pypdf loop
or allocate without bound, and a native crash would take the whole app down.
So files are parsed in a child process that the indexer waits for with a
deadline, kills and restarts. A file that times out, exhausts the memory cap
or kills the child gets a status in words, and indexing goes on.

The child is a plain subprocess (`python -m app.reader_process`, or the frozen
app with `--reader-process`) speaking length-prefixed pickles over its stdin
and stdout: no multiprocessing re-import of the caller's main module, and the
same code works under PyInstaller. It is long-lived (one per indexing run) and
serves one file at a time; the indexer asks for the next file before
embedding the current one, so parsing overlaps with embedding.
"""
from __future__ import annotations

import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

from app.documents import Document, ReadError

DEFAULT_TIMEOUT = 60.0
DEFAULT_MEMORY_MB = 2048
FRAME = struct.Struct("!Q")
FROZEN_FLAG = "--reader-process"
STARTUP_TIMEOUT = 60.0


class ReaderCrashed(ReadError):
    """The parser process died on this file (a native crash, or the OS killed it)."""


class ReaderTimedOut(ReadError):
    pass


def write_frame(stream, value) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(FRAME.pack(len(data)) + data)
    stream.flush()


def read_frame(stream):
    header = stream.read(FRAME.size)
    if len(header) < FRAME.size:
        raise EOFError
    size = FRAME.unpack(header)[0]
    data = stream.read(size)
    if len(data) < size:
        raise EOFError
    return pickle.loads(data)


# -- the child -----------------------------------------------------------------------

def _limit_memory(megabytes: int) -> None:
    try:
        import resource

        limit = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):
        pass  # no address-space limit on this platform: the timeout still applies


MAX_TEXT_FILE_MB = 20  # a Markdown or text file above this is not a handbook page


def _read_reply(path: str, memory_mb: int):
    from app.readers import read_document

    try:
        size = Path(path).stat().st_size
        if Path(path).suffix.lower() != ".pdf" and size > MAX_TEXT_FILE_MB * 1024 * 1024:
            return ("error", f"too large for a text document ({size / 2**20:.0f} MB; "
                             f"the limit is {MAX_TEXT_FILE_MB} MB)")
        return ("ok", read_document(Path(path)))
    except ReadError as error:
        return ("error", str(error))
    except MemoryError:
        return ("error", f"reading it needs more than the {memory_mb} MB memory limit")
    except RecursionError:
        return ("error", "its structure is nested too deeply to be read")
    except Exception as error:  # a parser bug must not stop the folder
        return ("error", f"could not be read ({type(error).__name__}: {error})")


def serve(memory_mb: int = DEFAULT_MEMORY_MB) -> None:
    """The child's loop: a path in, a Document (or a reason) out."""
    requests, replies = sys.stdin.buffer, os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    sys.stdout = sys.stderr  # stray prints from parsers must not corrupt the channel
    _limit_memory(memory_mb)
    import app.readers  # noqa: F401 - imported before "ready": start-up is not reading time

    write_frame(replies, ("ready", None))
    while True:
        try:
            path = read_frame(requests)
        except EOFError:
            return
        reply = _read_reply(path, memory_mb)
        try:
            write_frame(replies, reply)
        except MemoryError:
            write_frame(replies, ("error", f"its text is larger than the {memory_mb} MB limit"))


# -- the parent -----------------------------------------------------------------------

def child_command() -> list[str]:
    if getattr(sys, "frozen", False):
        return [sys.executable, FROZEN_FLAG]
    return [sys.executable, "-m", "app.reader_process"]


class ReaderProcess:
    def __init__(self, timeout: float = DEFAULT_TIMEOUT, memory_mb: int = DEFAULT_MEMORY_MB):
        self.timeout = timeout
        self.memory_mb = memory_mb
        self._process: subprocess.Popen | None = None
        self._replies: queue.Queue = queue.Queue()
        self._sent_at = 0.0

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process else None

    def _start(self) -> None:
        environment = dict(os.environ, HBQA_READER_MEMORY_MB=str(self.memory_mb))
        root = str(Path(__file__).resolve().parent.parent)
        environment["PYTHONPATH"] = os.pathsep.join(
            p for p in (root, environment.get("PYTHONPATH")) if p)
        self._process = subprocess.Popen(child_command(), stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, env=environment)
        self._replies = queue.Queue()
        threading.Thread(target=self._pump, args=(self._process, self._replies),
                         name="reader-replies", daemon=True).start()
        try:  # the per-file clock starts once the child has imported its parsers
            ready = self._replies.get(timeout=STARTUP_TIMEOUT)
        except queue.Empty:
            ready = None
        if ready != ("ready", None):
            raise ReadError("the file reader process could not start")

    @staticmethod
    def _pump(process: subprocess.Popen, replies: queue.Queue) -> None:
        """Move the child's replies into a queue (portable waiting with a timeout)."""
        try:
            while True:
                replies.put(read_frame(process.stdout))
        except (EOFError, OSError, pickle.UnpicklingError):
            replies.put(None)

    def request(self, path: Path) -> None:
        """Start reading `path` in the background."""
        if self._process is None or self._process.poll() is not None:
            self._start()
        try:
            write_frame(self._process.stdin, str(path))
        except (BrokenPipeError, OSError):
            self._restart()
            write_frame(self._process.stdin, str(path))
        self._sent_at = time.monotonic()

    def receive(self, cancel=None) -> Document:
        """The document asked for last; ReadError in words if it could not be read."""
        deadline = self._sent_at + self.timeout
        while True:
            try:
                reply = self._replies.get(timeout=0.1)
                break
            except queue.Empty:
                if cancel is not None and cancel.is_set():
                    self._restart()
                    raise ReadError("indexing was cancelled while this file was read") from None
                if time.monotonic() > deadline:
                    self._restart()
                    raise ReaderTimedOut(f"reading it took longer than {self.timeout:g} s "
                                         "(the file may make the parser loop); skipped") from None
        if reply is None:
            self._restart()
            raise ReaderCrashed("the parser crashed on this file (damaged or hostile content?); "
                                "skipped")
        kind, payload = reply
        if kind == "ok":
            return payload
        raise ReadError(payload)

    def read(self, path: Path) -> Document:
        self.request(path)
        return self.receive()

    def _restart(self) -> None:
        self.close()
        self._start()

    def close(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            process.kill()
        process.wait(5)
        for stream in (process.stdin, process.stdout):
            try:
                stream.close()
            except OSError:
                pass

    def __enter__(self) -> ReaderProcess:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


if __name__ == "__main__":
    serve(int(os.environ.get("HBQA_READER_MEMORY_MB", DEFAULT_MEMORY_MB)))
