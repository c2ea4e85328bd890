"""The answer model in its own process, so a native crash cannot take the app down.

llama.cpp is C++: a damaged or exotic .gguf, or a bug, can abort the process
that runs it. The desktop app therefore runs `LocalModel` in a child process
(app/common/child_process.py) and talks to it through this proxy, which offers the
same methods the prompt builder and the answerer use. Stop is a message the
child reads between tokens. If the child dies, the question gets an error in
words and the next question starts a fresh child.
"""
from __future__ import annotations

import queue
import threading
from pathlib import Path
from typing import Iterator

from app.common.child_process import Child, ChildDied, child_channel, read_frame, write_frame
from app.common.said import QT_TRANSLATE_NOOP, Said, message_of
from app.llm.contract import Chunk, ModelError, Reading
from app.llm.local import LocalModel, default_path

FROZEN_FLAG = "--model-process"
STOP_POLL_S = 0.1   # how often a Stop is looked for while the child reads the prompt
CRASHED = QT_TRANSLATE_NOOP("Core", "the answer model stopped unexpectedly (its process "
                                    "crashed); the app is fine — ask again, or choose another "
                                    ".gguf model in Settings")
NOT_STARTED = QT_TRANSLATE_NOOP("Core", "the answer model process could not start ({reason})")
DEFAULT_MODEL = QT_TRANSLATE_NOOP("Core", "default model")


# -- the child -----------------------------------------------------------------------

def serve() -> None:
    requests, replies = child_channel()
    inbox: queue.Queue = queue.Queue()

    def pump() -> None:  # requests are read all the time, so "stop" arrives mid-answer
        try:
            while True:
                inbox.put(read_frame(requests))
        except EOFError:
            inbox.put(None)

    threading.Thread(target=pump, daemon=True).start()
    write_frame(replies, ("ready", None))
    model: LocalModel | None = None
    while (request := inbox.get()) is not None:
        command, *arguments = request
        try:
            if command == "load":
                path, n_ctx = arguments
                model = LocalModel(Path(path) if path else None, n_ctx=n_ctx)
                model.load()
                write_frame(replies, ("ok", {"n_ctx": model.n_ctx, "name": model.name,
                                             "architecture": model.architecture,
                                             "size_label": model.size_label}))
            elif command == "count":
                write_frame(replies, ("ok", model.count(arguments[0])))
            elif command == "render":
                write_frame(replies, ("ok", model.render(arguments[0])))
            elif command == "generate":
                _generate(model, arguments, inbox, replies)
            elif command == "probabilities":
                prompt, options = arguments
                write_frame(replies, ("ok", model.next_token_probabilities(
                    prompt, options, threading.Event())))
        except ModelError as error:
            write_frame(replies, ("error", message_of(error)))  # a Said crosses whole


def _generate(model: LocalModel, arguments, inbox: queue.Queue, replies) -> None:
    prompt, stop, max_tokens = arguments
    cancel = threading.Event()
    for item in model.generate(prompt, stop, max_tokens, cancel):
        if isinstance(item, Reading):
            write_frame(replies, ("reading", (item.done, item.total, item.cached)))
        else:
            write_frame(replies, ("token", item.text))
        while not inbox.empty():
            if inbox.queue[0] == ("stop",):
                inbox.get()
                cancel.set()
            else:
                break
    write_frame(replies, ("done", None))


# -- the parent -----------------------------------------------------------------------

class ModelProcess:
    """A LocalModel running in a child process (the same AnswerModel, app/llm/contract.py)."""

    def __init__(self, path: Path | None = None, n_ctx: int = 4096):
        self.path, self.requested_n_ctx = path, n_ctx
        self._child = Child("app.llm.process", FROZEN_FLAG)
        self._info: dict | None = None

    def load(self) -> None:
        if self._info is not None and self._child.alive:
            return
        self._child.close()
        try:
            self._child.start()
        except ChildDied as error:
            raise ModelError(Said(NOT_STARTED, reason=str(error))) from error
        # The default is resolved here, not in the child: both must mean the
        # same file (the child's environment could differ, as in the tests).
        self._info = self._call("load", str(self.path or default_path()), self.requested_n_ctx)

    @property
    def n_ctx(self) -> int:
        self.load()
        return self._info["n_ctx"]

    @property
    def architecture(self) -> str | None:
        self.load()
        return self._info["architecture"]

    @property
    def size_label(self) -> str | None:
        self.load()
        return self._info["size_label"]

    @property
    def name(self) -> str:
        if self._info is None:
            return Path(self.path).name if self.path else Said(DEFAULT_MODEL)
        return self._info["name"]

    def count(self, text: str) -> int:
        self.load()
        return self._call("count", text)

    def render(self, messages: list[dict]) -> tuple[str, list[str]]:
        self.load()
        return self._call("render", messages)

    def generate(self, prompt: str, stop: list[str], max_tokens: int,
                 cancel: threading.Event) -> Iterator[Reading | Chunk]:
        self._send("generate", prompt, stop, max_tokens)
        stop_sent = finished = writing = False
        try:
            while True:
                frame = self._next(cancel, writing)
                if frame is None:  # stopped while the prompt was read
                    finished = True
                    return
                kind, payload = frame
                if kind in ("done", "error"):
                    finished = True
                    if kind == "error":
                        raise ModelError(payload)
                    return
                writing = writing or kind == "token"
                if cancel.is_set() and not stop_sent:
                    self._send("stop")
                    stop_sent = True
                if not stop_sent:
                    yield Reading(*payload) if kind == "reading" else Chunk(payload)
        finally:
            if not finished:
                self._abandon(stop_sent)

    def next_token_probabilities(self, prompt: str, options: list[str],
                                 cancel: threading.Event) -> list[float] | None:
        """As LocalModel's; a Stop while the child reads ends the child (as in
        generate: the forward pass cannot be interrupted) and gives None."""
        self.load()
        self._send("probabilities", prompt, options)
        frame = self._next(cancel, writing=False)
        if frame is None:
            return None
        kind, payload = frame
        if kind == "error":
            raise ModelError(payload)
        return payload

    def _next(self, cancel: threading.Event, writing: bool):
        """The child's next frame, or None after a Stop while it reads the
        prompt: one llama.cpp call reads up to a micro-batch (256 tokens, ~4 s
        for the 1.5B on 2 cores) and cannot be interrupted, so the child is
        ended instead, and the next question starts a fresh one (its model
        file is in the page cache: about a second)."""
        while True:
            try:
                return self._child.receive(timeout=STOP_POLL_S)
            except queue.Empty:
                if cancel.is_set() and not writing:
                    self.close()
                    return None
            except ChildDied:
                self._died()

    def _abandon(self, stop_sent: bool) -> None:
        """The caller stopped reading mid-answer (the answer's first sentence
        was complete, or it looped): the child is still writing tokens, and
        the next request's reply would be one of them. Tell it to stop and
        read up to its "done"; a child that cannot be read is closed (the
        next call starts a fresh one)."""
        try:
            if not stop_sent:
                self._child.send(("stop",))
            while self._child.receive()[0] not in ("done", "error"):
                pass
        except ChildDied:
            self.close()

    def close(self) -> None:
        self._child.close()
        self._info = None

    def _call(self, *request):
        self._send(*request)
        kind, payload = self._receive()
        if kind == "error":
            raise ModelError(payload)
        return payload

    def _send(self, *request) -> None:
        try:
            self._child.send(tuple(request))
        except ChildDied:
            self._died()

    def _receive(self):
        try:
            return self._child.receive()
        except ChildDied:
            self._died()

    def _died(self):
        self.close()
        raise ModelError(Said(CRASHED))


if __name__ == "__main__":
    serve()
