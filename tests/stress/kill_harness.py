"""Crash-safety harness: SIGKILL the indexer at chosen moments and check the index.

A child process indexes a small folder with the real embedder and kills itself
right after its k-th write statement (INSERT/UPDATE/DELETE, counted by an apsw
exec tracer), or the parent kills it after a random delay. After every kill:

- `Store.check()` is clean (integrity_check, chunk ids == vec0 rowids);
- no document is half indexed (an 'indexed' row has exactly `chunks` chunks and
  at least one section);
- resuming (a normal full run) gives the same index as a clean run of the
  same folder: documents, chunks and vectors (within 1e-6).

Two scenarios: "fresh" (empty index) and "update" (an index of the folder's
first state, then a file edited, one deleted and one added, so kills also hit
replacements and removals).

    python tests/stress/kill_harness.py --deterministic 240 --random 100
"""
from __future__ import annotations

import argparse
import json
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from app.store.sqlite import Store  # noqa: E402

NEVER = 10**9

CHILD = r"""
import json, os, signal, sys, time
sys.path.insert(0, {root!r})
from app.embedding.minilm import MiniLM
from app.ingest.indexer import Indexer
from app.store.sqlite import Store

kill_after = {kill_after}
embedder = MiniLM()
store = Store({db!r})
writes = 0

def tracer(cursor, sql, bindings):
    global writes
    if sql.lstrip()[:6].upper() in ("INSERT", "UPDATE", "DELETE"):
        if writes >= kill_after:
            os.kill(os.getpid(), signal.SIGKILL)
        writes += 1
    return True

store.db.exec_trace = tracer
print("start", flush=True)
started = time.monotonic()
Indexer(store, embedder).run({folder!r})
store.db.exec_trace = None
store.close()
print(json.dumps({{"writes": writes, "seconds": time.monotonic() - started}}), flush=True)
"""


def _paragraphs(topic: str, n: int, seed: int) -> str:
    rng = random.Random(seed)
    words = ("leave expenses travel policy manager approval receipt hotel budget "
             "quarter report team office remote parking laptop training safety").split()
    out = []
    for i in range(n):
        sentence = " ".join(rng.choice(words) for _ in range(rng.randint(40, 70)))
        out.append(f"## {topic} part {i + 1}\n\n{topic} rule {i + 1}: {sentence}.\n")
    return "\n".join(out)


def state_a() -> dict[str, str]:
    # Enough text that a fresh run and an update run together have over 200
    # distinct write statements to be killed after.
    return {
        "leave.md": "# Leave\n\n" + _paragraphs("Leave", 8, 1),
        "expenses.md": "# Expenses\n\n" + _paragraphs("Expenses", 10, 2),
        "travel.md": "# Travel\n\n" + _paragraphs("Travel", 6, 3),
        "it/laptops.txt": "Laptops\n=======\n\n" + _paragraphs("Laptops", 6, 4),
        "safety.txt": "Safety\n======\n\n" + _paragraphs("Safety", 8, 5),
    }


def state_b() -> dict[str, str]:
    """State A with one file edited, one deleted and one added."""
    files = state_a()
    files["expenses.md"] = "# Expenses (revised)\n\n" + _paragraphs("Expenses", 12, 12)
    del files["travel.md"]
    files["remote.md"] = "# Remote work\n\n" + _paragraphs("Remote", 8, 6)
    return files


def write_folder(folder: Path, files: dict[str, str]) -> None:
    if folder.exists():
        shutil.rmtree(folder)
    for rel, text in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def remove_db(db: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)


def index_in_process(db: Path, folder: Path, embedder) -> None:
    from app.ingest.indexer import Indexer

    with Store(db) as store:
        Indexer(store, embedder).run(folder)


def snapshot(db: Path) -> dict:
    with Store(db) as store:
        documents = sorted((r["path"], r["sha256"]) for r in store.documents())
        chunks = sorted((r["path"], r["chunk_index"], r["text"], r["embedded_text"])
                        for r in store.rows(
            "SELECT d.path, c.chunk_index, c.text, c.embedded_text FROM chunks c "
            "JOIN documents d ON d.id = c.document_id"))
        vectors = {(path, index): np.frombuffer(blob, dtype=np.float32).copy()
                   for path, index, blob in store.db.execute(
            "SELECT d.path, c.chunk_index, v.embedding FROM vec_chunks v "
            "JOIN chunks c ON c.id = v.rowid JOIN documents d ON d.id = c.document_id")}
    return {"documents": documents, "chunks": chunks, "vectors": vectors}


def compare(got: dict, want: dict) -> list[str]:
    problems = []
    if got["documents"] != want["documents"]:
        problems.append(f"documents differ: {got['documents']} != {want['documents']}")
    if got["chunks"] != want["chunks"]:
        problems.append(f"chunks differ ({len(got['chunks'])} vs {len(want['chunks'])})")
    if got["vectors"].keys() != want["vectors"].keys():
        problems.append("vector keys differ")
    else:
        worst = max((float(np.max(np.abs(got["vectors"][k] - want["vectors"][k])))
                     for k in want["vectors"]), default=0.0)
        if worst > 1e-6:
            problems.append(f"vectors differ by up to {worst}")
    return problems


def half_indexed(db: Path) -> list[str]:
    with Store(db) as store:
        return half_indexed_in(store)


def half_indexed_in(store) -> list[str]:
    """The store's own checks, and every 'indexed' document whose chunks are
    not all there or that has no section (standard SQL: either backend)."""
    problems = list(store.check())
    for row in store.rows(
            "SELECT d.path, d.chunks, (SELECT count(*) FROM chunks c WHERE c.document_id = d.id) "
            "AS n, (SELECT count(*) FROM sections s WHERE s.document_id = d.id) AS s "
            "FROM documents d WHERE d.status = 'indexed'"):
        if row["n"] != row["chunks"]:
            problems.append(f"{row['path']}: {row['n']} chunks, expected {row['chunks']}")
        if row["s"] == 0:
            problems.append(f"{row['path']}: indexed without sections")
    return problems


def spawn(db: Path, folder: Path, kill_after: int = NEVER) -> subprocess.Popen:
    script = CHILD.format(root=str(ROOT), db=str(db), folder=str(folder), kill_after=kill_after)
    return subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


class SqliteFiles:
    """The campaign's indexes as SQLite files in the working folder. Each
    backend gives the Harness the same calls (PostgreSQL's are in
    tests/stress/pg_kill_harness.py)."""

    def __init__(self, work: Path):
        self.work = work

    def reference(self, name: str) -> Path:
        return self.work / f"ref-{name}.db"

    def run(self, base: Path | None) -> Path:
        """An index to kill into: empty, or a copy of `base` (closed)."""
        db = self.work / "run.db"
        remove_db(db)
        if base is not None:
            shutil.copyfile(base, db)
        return db

    def discard(self, db: Path) -> None:
        remove_db(db)

    index = staticmethod(index_in_process)
    snapshot = staticmethod(snapshot)
    half_indexed = staticmethod(half_indexed)
    spawn = staticmethod(spawn)

    @staticmethod
    def check(db: Path) -> list[str]:
        with Store(db) as store:
            return store.check()


@dataclass
class Harness:
    """One working folder and the references for both scenarios, on one backend."""
    work: Path
    embedder: object
    backend: object = None  # SqliteFiles(work) unless given
    references: dict = field(default_factory=dict)
    totals: dict = field(default_factory=dict)   # scenario -> writes of one clean run
    seconds: dict = field(default_factory=dict)  # scenario -> indexing time of one run
    states = {"fresh": (None, state_a), "update": (state_a, state_b)}

    def __post_init__(self):
        self.work = Path(self.work)
        self.backend = self.backend or SqliteFiles(self.work)
        self.folder = self.work / "handbook"
        for name, build in (("a", state_a), ("b", state_b)):
            location = self.backend.reference(name)
            write_folder(self.folder, build())
            self.backend.index(location, self.folder, self.embedder)
            self.references[name] = self.backend.snapshot(location)
        for scenario in self.states:
            location = self.prepare(scenario)
            child = self.backend.spawn(location, self.folder)
            out, err = child.communicate(timeout=300)
            if child.returncode != 0:
                raise RuntimeError(f"clean child run failed: {err}")
            result = json.loads(out.strip().splitlines()[-1])
            self.totals[scenario], self.seconds[scenario] = result["writes"], result["seconds"]
            self.backend.discard(location)

    def prepare(self, scenario: str):
        """The folder in the scenario's final state, and an index to run on:
        empty (fresh) or the clean index of state A (update)."""
        before, after = self.states[scenario]
        if before is not None:
            write_folder(self.folder, before())
        location = self.backend.run(self.backend.reference("a") if before else None)
        write_folder(self.folder, after())
        return location

    def run_one(self, scenario: str, kill_after: int | None = None,
                delay: float | None = None) -> list[str]:
        """One killed run and its checks; returns the problems found (empty: fine)."""
        location = self.prepare(scenario)
        child = self.backend.spawn(location, self.folder,
                                   NEVER if kill_after is None else kill_after)
        if delay is not None:
            child.stdout.readline()  # "start": the embedder is loaded
            time.sleep(delay)
            try:
                child.send_signal(signal.SIGKILL)
            except ProcessLookupError:
                pass
        out, err = child.communicate(timeout=300)
        killed = child.returncode == -signal.SIGKILL
        if not killed and child.returncode != 0:
            return [f"child failed (rc {child.returncode}): {err[-2000:]}"]
        if kill_after is not None and kill_after < self.totals[scenario] and not killed:
            return [f"child was not killed at write {kill_after}"]
        problems = self.backend.half_indexed(location)
        self.backend.index(location, self.folder, self.embedder)  # resume
        problems += [f"after resume: {p}" for p in self.backend.check(location)]
        want = self.references["a" if scenario == "fresh" else "b"]
        problems += compare(self.backend.snapshot(location), want)
        self.backend.discard(location)
        return problems


def kill_points(total: int, count: int) -> list[int]:
    """`count` write numbers spread over [0, total - 1]."""
    if count >= total:
        return list(range(total))
    return sorted({round(i * (total - 1) / (count - 1)) for i in range(count)}) if count > 1 else [0]


def campaign(work: Path, embedder, deterministic: int, randoms: int, seed: int = 0,
             log=lambda line: None, backend=None) -> dict:
    """Run the kills (on SQLite files unless another backend is given);
    returns counts and the list of failures."""
    rng = random.Random(seed)
    harness = Harness(work, embedder, backend)
    log(f"writes per clean run: {harness.totals}; seconds: "
        f"{ {k: round(v, 2) for k, v in harness.seconds.items()} }")
    failures, runs = [], 0
    half = deterministic // 2
    plan = [("fresh", k, None) for k in kill_points(harness.totals["fresh"], deterministic - half)]
    plan += [("update", k, None) for k in kill_points(harness.totals["update"], half)]
    for i in range(randoms):
        scenario = ("fresh", "update")[i % 2]
        plan.append((scenario, None, rng.uniform(0, harness.seconds[scenario] * 1.2)))
    for scenario, kill_after, delay in plan:
        problems = harness.run_one(scenario, kill_after, delay)
        runs += 1
        what = f"{scenario} " + (f"kill after write {kill_after}" if delay is None
                                 else f"random kill after {delay:.3f}s")
        if problems:
            failures.append({"run": what, "problems": problems})
            log(f"FAIL {what}: {problems}")
        else:
            log(f"ok   {what}")
    deterministic_runs = sum(1 for _, _, d in plan if d is None)
    return {"totals": harness.totals, "runs": runs, "deterministic": deterministic_runs,
            "random": runs - deterministic_runs, "failures": failures}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deterministic", type=int, default=240,
                        help="kill points after write statements, split between a fresh "
                             "and an updating run (240 gives 208 distinct points)")
    parser.add_argument("--random", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    from app.embedding.minilm import MiniLM

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="kill-harness-") as work:
        result = campaign(Path(work), MiniLM(), args.deterministic, args.random, args.seed,
                          log=(lambda line: None) if args.quiet else print)
    return summarise(result, time.monotonic() - started)


def summarise(result: dict, seconds: float) -> int:
    """Print a campaign's summary; the exit status (1 if anything failed)."""
    print(f"\nsummary: {result['runs']} kills ({result['deterministic']} at write statements, "
          f"{result['random']} random), writes per clean run {result['totals']}, "
          f"{len(result['failures'])} failures, {seconds:.0f}s")
    for failure in result["failures"]:
        print(f"  {failure['run']}: {failure['problems']}")
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
