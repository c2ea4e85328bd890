"""How fast each model wrote its answers on this machine, once it has been tried.

A small JSON file in the per-user data folder, `{resolved path: {"tokens_per_s",
"reading_recent", "size_bytes", "measured"}}`: how fast it writes, and how
fast it read its last few prompts (what the wait before the first word is
made of: their median is the reading speed). The size is kept so a file replaced by another
(a different quantisation saved under the same name) does not inherit the
old figure. The latest measurement wins: the machine's load changes, and the
newest figure is the best guess of the next answer's speed. A damaged or
unreadable file is treated as empty: a speed is a hint, never worth an error.
"""
from __future__ import annotations

import json
import logging
import os
import statistics
import time
from pathlib import Path

from app.common import paths

log = logging.getLogger(__name__)

FILE_NAME = "model-speeds.json"
MAX_ENTRIES = 200        # models tried; the oldest figures go first
MAX_FILE_BYTES = 1 << 20
MIN_SPEED_TOKENS = 3     # after the first: focused answers are short ("28 days [1]")
MIN_READ_TOKENS = 64     # a prompt read mostly from the cache is no measure of reading
# The reading speed shown is the median of the last few answers': one read
# while another program had the cores (11 tokens/s where the model reads 59
# alone, seen while the tests ran) does not make Settings promise 11 s.
READINGS_KEPT = 5


def speeds_file(folder: Path | None = None) -> Path:
    return (folder or paths.data_dir()) / FILE_NAME


def record_speed(path: Path, tokens_per_s: float, folder: Path | None = None,
                 reading_per_s: float | None = None) -> None:
    """Remember `tokens_per_s` (writing) and `reading_per_s` (reading a
    prompt, when measured) for the model file at `path` (OSError if the data
    folder cannot be written). A reading speed not measured this time keeps
    the one measured before."""
    if not tokens_per_s > 0:
        return
    path = Path(path).resolve()
    speeds = _load(speeds_file(folder))
    size = path.stat().st_size
    before = speeds.get(str(path))
    recent = before.get("reading_recent", []) if isinstance(before, dict) and \
        before.get("size_bytes") == size else []
    if reading_per_s and reading_per_s > 0:
        recent = [*recent, round(float(reading_per_s), 2)][-READINGS_KEPT:]
    reading = {"reading_recent": recent} if _readings(recent) else {}
    speeds[str(path)] = {"tokens_per_s": round(float(tokens_per_s), 2), "size_bytes": size,
                         "measured": time.time(), **reading}
    newest = sorted(speeds.items(), key=lambda item: item[1].get("measured", 0), reverse=True)
    _save(speeds_file(folder), dict(newest[:MAX_ENTRIES]))


def record_answer_speed(path: Path, timings: dict, folder: Path | None = None) -> None:
    """Keep an answer's writing speed (the tokens after the first, per second
    of writing) for the model at `path`. A hint: failing to save it is no error."""
    tokens = timings.get("written_tokens", 0) - 1
    seconds = timings.get("writing_s", 0)
    if tokens < MIN_SPEED_TOKENS or seconds <= 0:
        return
    read, reading_s = timings.get("read_tokens", 0), timings.get("reading_s", 0)
    # a prompt mostly cached says nothing of the reading speed
    reading = read / reading_s if read >= MIN_READ_TOKENS and reading_s > 0 else None
    try:
        record_speed(path, tokens / seconds, folder, reading)
    except OSError as error:
        log.warning("the model's speed was not saved: %s", error)


def measured_speed(path: Path, folder: Path | None = None,
                   what: str = "tokens_per_s") -> float | None:
    """Tokens per second last measured for the file at `path`, if it is
    still that file: written, or with `what="reading_per_s"`, read."""
    try:
        path = Path(path).resolve()
        size = path.stat().st_size
    except OSError:
        return None
    entry = _load(speeds_file(folder)).get(str(path))
    if not isinstance(entry, dict) or entry.get("size_bytes") != size:
        return None
    if what == "reading_per_s":   # the median of the last readings (see READINGS_KEPT)
        recent = entry.get("reading_recent")
        speed = statistics.median(recent) if _readings(recent) else None
    else:
        speed = entry.get(what)
    return float(speed) if isinstance(speed, (int, float)) and speed > 0 else None


def _readings(recent) -> bool:
    """Whether a stored list of reading speeds is one (the file may be damaged)."""
    return isinstance(recent, list) and bool(recent) and \
        all(isinstance(r, (int, float)) for r in recent)


def _load(file: Path) -> dict:
    try:
        if file.stat().st_size > MAX_FILE_BYTES:
            raise ValueError("too large")
        data = json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:
        log.warning("ignoring the measured model speeds in %s (%s)", file, error)
        return {}
    return data if isinstance(data, dict) else {}


def _save(file: Path, speeds: dict) -> None:
    """Written beside the old file and renamed over it: never half-written."""
    file.parent.mkdir(parents=True, exist_ok=True)
    temporary = file.with_name(f".{file.name}.{os.getpid()}.tmp")
    temporary.write_text(json.dumps(speeds, indent=1), encoding="utf-8")
    os.replace(temporary, file)
