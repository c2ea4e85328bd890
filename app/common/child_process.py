"""A long-lived helper process spoken to with length-prefixed pickles.

Used for work that may crash or hang natively (parsing hostile files, running
llama.cpp): if the child dies, the caller gets a clean error and the app goes
on. A plain subprocess (`python -m MODULE`, or the frozen app with a flag)
rather than multiprocessing: nothing of the caller's __main__ is re-imported,
and the same code works under PyInstaller.
"""
from __future__ import annotations

import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
from pathlib import Path

FRAME = struct.Struct("!Q")
STARTUP_TIMEOUT = 60.0


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


def child_channel():
    """In the child: (requests, replies) streams; stray prints go to stderr."""
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    sys.stdout = sys.stderr
    return sys.stdin.buffer, replies


class ChildDied(Exception):
    pass


class Child:
    def __init__(self, module: str, frozen_flag: str, environment: dict[str, str] | None = None):
        self.module, self.frozen_flag = module, frozen_flag
        self.environment = environment or {}
        self.process: subprocess.Popen | None = None
        self.replies: queue.Queue = queue.Queue()

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self) -> None:
        """Start the child and wait for its ("ready", None)."""
        if getattr(sys, "frozen", False):
            command = [sys.executable, self.frozen_flag]
        else:
            command = [sys.executable, "-m", self.module]
        root = str(Path(__file__).resolve().parents[2])  # the folder that holds app/
        environment = dict(os.environ, **self.environment)
        environment["PYTHONPATH"] = os.pathsep.join(
            p for p in (root, environment.get("PYTHONPATH")) if p)
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env=environment)
        self.replies = queue.Queue()
        threading.Thread(target=self._pump, args=(self.process, self.replies),
                         name=f"{self.module}-replies", daemon=True).start()
        if self.receive(STARTUP_TIMEOUT) != ("ready", None):
            self.close()
            raise ChildDied(f"{self.module} could not start")

    @staticmethod
    def _pump(process: subprocess.Popen, replies: queue.Queue) -> None:
        try:
            while True:
                replies.put(read_frame(process.stdout))
        except (EOFError, OSError, pickle.UnpicklingError):
            replies.put(None)

    def send(self, value) -> None:
        try:
            write_frame(self.process.stdin, value)
        except (BrokenPipeError, OSError, AttributeError) as error:
            raise ChildDied(str(error)) from error

    def receive(self, timeout: float | None = None):
        """The next reply; queue.Empty after `timeout`; ChildDied if the child is gone."""
        reply = self.replies.get(timeout=timeout)
        if reply is None:
            raise ChildDied("the child process ended")
        return reply

    def close(self) -> None:
        process, self.process = self.process, None
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
