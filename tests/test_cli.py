"""The command-line contract of `index` and `inspect` (DESIGN.md)."""
import json
import subprocess
import sys

import pytest

from app.cli import main

pytestmark = pytest.mark.slow


def run_json(capsys, *argv):
    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


@pytest.fixture
def small_folder(tmp_path):
    folder = tmp_path / "handbook"
    folder.mkdir()
    (folder / "a.md").write_text("# Leave\n\nAnnual leave is 28 days.\n")
    (folder / "b.txt").write_text("Parking\n=======\n\nThe car park opens at 7:00.\n")
    return folder


def test_index_json_reports_counts_and_inspect_reports_health(tmp_path, capsys, small_folder):
    db = tmp_path / "x.sqlite"
    code, report = run_json(capsys, "index", str(small_folder), "--db", str(db))
    assert code == 0
    assert {k: report[k] for k in ("indexed", "unchanged", "removed", "failed")} == \
        {"indexed": 2, "unchanged": 0, "removed": 0, "failed": 0}
    assert report["chunks"] == 2 and report["over_window"] == 0 and report["seconds"] >= 0
    assert report["vector_search"] == {"method": "exact"}  # the file compares every vector

    code, health = run_json(capsys, "inspect", "--db", str(db))
    assert code == 0
    assert health["window"] == 128 and health["budget"] == 120 and health["chunks"] == 2
    assert health["over_window"] == [] and health["verdict"].startswith("0 of 2 chunks")
    assert set(health["wordpiece"]) == {"median", "p95", "max", "mean"}
    assert set(health["split_levels"]) == {"block", "line", "sentence", "word", "character"}


def test_a_bad_file_is_listed_with_its_reason_and_the_exit_code_says_so(tmp_path, capsys,
                                                                       small_folder):
    (small_folder / "broken.pdf").write_bytes(b"not a pdf at all")
    code, report = run_json(capsys, "index", str(small_folder), "--db", str(tmp_path / "x.sqlite"))
    assert code == 1
    assert report["indexed"] == 2
    assert report["failures"] == [{"path": "broken.pdf", "reason": report["failures"][0]["reason"]}]
    assert "PDF" in report["failures"][0]["reason"]


def test_strict_refuses_chunks_over_the_window(tmp_path, capsys, small_folder):
    (small_folder / "long.md").write_text(
        "# Long\n\n" + " ".join(f"Sentence number {i} is here." for i in range(100)))
    code, report = run_json(capsys, "index", str(small_folder), "--db", str(tmp_path / "x.sqlite"),
                            "--budget", "400", "--strict")
    assert code == 3
    (failure,) = report["failures"]
    assert failure["path"] == "long.md"
    assert "long.md chunk 0 is" in failure["reason"] and "the model reads 128" in failure["reason"]


def test_inspect_without_an_index_says_what_to_do(tmp_path, capsys):
    code = main(["inspect", "--db", str(tmp_path / "missing.sqlite")])
    assert code == 1
    assert "run 'handbook-qa index FOLDER' first" in capsys.readouterr().err


def test_json_mode_prints_only_json_on_stdout_and_progress_on_stderr(tmp_path, small_folder):
    result = subprocess.run(
        [sys.executable, "-m", "app", "index", str(small_folder), "--db",
         str(tmp_path / "x.sqlite"), "--json", "--verbose"],
        capture_output=True, text=True, check=True)
    assert json.loads(result.stdout)["indexed"] == 2
    assert "indexing" in result.stderr or "done" in result.stderr
    assert "cl100k_base" in result.stderr and "WordPiece" in result.stderr, \
        "start-up logs name both encodings"


def test_db_option_works_before_and_after_the_command(tmp_path, capsys, small_folder):
    db = tmp_path / "x.sqlite"
    assert main(["--db", str(db), "index", str(small_folder)]) == 0
    capsys.readouterr()
    assert db.exists()


def test_context_tokens_caps_the_section_text_for_search_ask_and_eval(sample_index, capsys):
    """A smaller budget answers sooner and sends less; it is honoured, and a
    budget too small to hold a passage is refused in words."""
    from app.common.bundled import SAMPLE_GOLDEN
    from app.common.tokens import count_cl100k

    question = "How many days of annual leave do I get?"
    sizes = {}
    for budget in (None, 600):
        extra = [] if budget is None else ["--context-tokens", str(budget)]
        code, found = run_json(capsys, "search", question, "--db", str(sample_index), *extra)
        assert code == 0 and found["results"]
        sizes[budget] = sum(count_cl100k(r["text"]) for r in found["results"])
    assert sizes[600] <= 600 < sizes[None] <= 1800
    code = main(["eval", str(SAMPLE_GOLDEN), "--db", str(sample_index),
                 "--context-tokens", "100"])
    assert code != 0 and "--context-tokens must be at least 200" in capsys.readouterr().err


def test_the_index_summary_says_when_vector_search_misses_its_target():
    from app.cli import _vector_summary

    measured = {"method": "hnsw", "ef_search": 1000, "recall_at_20": 0.96,
                "measured_children": 500_000, "target": 0.98,
                "graph": {"m": 64, "ef_construction": 256}}
    line, = _vector_summary(measured)
    assert "ef_search 1000" in line and "500,000 children" in line and "m 64" in line
    assert "below the target 0.98" in line and "can be missed" in line
    line, = _vector_summary(measured | {"ef_search": 200, "recall_at_20": 0.995})
    assert "below" not in line
    assert _vector_summary({"method": "exact"}) == []


@pytest.mark.slow
def test_output_piped_into_a_reader_that_stops_early_ends_quietly(sample_index):
    """`handbook-qa search … --json | head -1`: no traceback when head has gone."""
    command = f"{sys.executable} -m app --db {sample_index} search 'annual leave' --json | head -c 20"
    run = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=120)
    assert run.stdout.startswith("{")
    assert "Traceback" not in run.stderr and "BrokenPipe" not in run.stderr, run.stderr


def test_search_and_eval_ask_several_indexes_and_name_each_in_the_sources(
        tmp_path, capsys, sample_index, small_folder):
    """--db twice (or --folder for the app's own index of a folder): one
    fused ranking whose sources name their index; other commands refuse."""
    from app.common import paths

    small = paths.index_for(small_folder)  # the index the desktop app keeps of it
    assert main(["index", str(small_folder), "--db", str(small)]) == 0
    capsys.readouterr()
    code, found = run_json(capsys, "search", "When does the car park open?",
                           "--db", str(sample_index), "--folder", str(small_folder))
    assert code == 0
    assert found["results"][0]["source"] == "handbook/b.txt"
    assert "7:00" in found["results"][0]["text"]
    assert found["evidence"][0]["source"] == "handbook/b.txt"
    assert {r["source"].split("/")[0] for r in found["results"]} <= {"sample", "handbook"}
    ids = [r["section_id"] for r in found["results"]]
    assert len(ids) == len(set(ids))

    cases = tmp_path / "cases.tsv"
    cases.write_text("question\tanswer_span\nWhen does the car park open?\t7:00\n")
    code, report = run_json(capsys, "eval", str(cases), "--db", str(sample_index),
                            "--db", str(small))
    assert code == 0 and report["context_recall"]["overall"]["recall"] == 1.0

    code, refused = run_json(capsys, "inspect", "--db", str(sample_index), "--db", str(small))
    assert code == 2 and "one index" in refused["error"]
    code, missing = run_json(capsys, "search", "parking", "--folder", str(tmp_path))
    assert code == 1 and "no index of this folder" in missing["error"]
