"""The long fuzzing run: many more folders and questions than CI's seeded few.

    .venv/bin/python scripts/fuzz.py [--folders 200] [--questions 2000] [--seed 0]

The same properties as tests/test_fuzz.py (no traceback; every file a status,
a failure a reason; the good file searchable; a second run changes nothing;
integrity and chunk/vector checks; questions answered or told why, with their
citation fields). Prints what it tried (folders, files, names that are not
UTF-8, statuses) and what failed; a failing example is printed by Hypothesis
and belongs in the tests as a regression example once fixed.
"""
from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folders", type=int, default=200)
    parser.add_argument("--questions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    import tempfile

    from hypothesis import HealthCheck, given, seed, settings

    from app.embedding.minilm import MiniLM
    from app.ingest.indexer import Indexer
    from app.store.sqlite import Store
    from fuzz import folders
    from test_fuzz import QUESTIONS, check_folder

    embedder = MiniLM()
    tried = collections.Counter()
    statuses = collections.Counter()
    options = dict(deadline=None, database=None, derandomize=False,
                   suppress_health_check=list(HealthCheck))

    @seed(args.seed)
    @settings(max_examples=args.folders, **options)
    @given(shape=folders())
    def folder_run(shape):
        files = shape["files"]
        tried["folders"] += 1
        tried["files"] += len(files)
        tried["names not UTF-8"] += sum(1 for name, _ in files if not _utf8(name))
        tried["nested files"] += sum(1 for name, _ in files if b"/" in name)
        tried["empty folders"] += len(shape["empty"])
        tried["links"] += len(shape["links"])
        statuses.update(check_folder(shape, embedder).values())

    started = time.monotonic()
    folder_run()
    folder_seconds = time.monotonic() - started

    from app.common.bundled import SAMPLE_HANDBOOK
    from test_fuzz import test_any_question_is_searched_and_answered_or_told_why as question_check

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "sample.sqlite"
        with Store(db) as store:
            Indexer(store, embedder).run(SAMPLE_HANDBOOK)

        @seed(args.seed)
        @settings(max_examples=args.questions, **options)
        @given(question=QUESTIONS)
        def question_run(question):
            tried["questions"] += 1
            question_check.hypothesis.inner_test(question, db, embedder)

        started = time.monotonic()
        question_run()
        question_seconds = time.monotonic() - started
    print(f"tried: {dict(tried)}")
    print(f"file statuses: {dict(statuses)}")
    print(f"folders: {folder_seconds:.0f} s · questions: {question_seconds:.0f} s · "
          "0 tracebacks (a failing property would have stopped the run with its example)")


def _utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


if __name__ == "__main__":
    main()
