"""Offline means offline: no connection is ever attempted, no network library imported."""
import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parent.parent / "app"
NETWORK_MODULES = {"socket", "ssl", "http", "urllib.request", "urllib3", "requests", "httpx",
                   "aiohttp", "ftplib", "smtplib", "poplib", "imaplib", "telnetlib",
                   "xmlrpc", "websocket", "websockets", "huggingface_hub", "asyncio",
                   "psycopg"}
# The one exception: the shared index, on a PostgreSQL server the user names
# with --db (never by default); only the store's PostgreSQL backend talks to it
# (postgres_graph.py and postgres_errors.py connect nothing: they name
# psycopg's errors, on the connection postgres.py opened; postgres_uri.py
# only parses an address with psycopg's conninfo; postgres_probe.py is the
# connection test of Settings, to the server the user typed).
ALLOWED = {"app/store/postgres.py": {"psycopg"}, "app/store/backends.py": {"psycopg"},
           "app/store/postgres_probe.py": {"psycopg", "psycopg.rows"},
           "app/store/postgres_graph.py": {"psycopg"}, "app/store/postgres_errors.py": {"psycopg"},
           "app/store/postgres_uri.py": {"psycopg"}}


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_no_module_of_the_app_imports_a_networking_library():
    offenders = {}
    for path in APP.rglob("*.py"):
        bad = {name for name in imported_modules(path)
               if name in NETWORK_MODULES or name.split(".")[0] in
               {m.split(".")[0] for m in NETWORK_MODULES if "." not in m}}
        allowed = ALLOWED.get(str(path.relative_to(APP.parent)), set())
        bad = {name for name in bad if name.split(".")[0] not in allowed}
        if bad:
            offenders[str(path.relative_to(APP.parent))] = sorted(bad)
    assert offenders == {}


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is installed by scripts/setup-env")
def test_index_search_and_ask_attempt_no_inet_connection(tmp_path, sample_folder):
    """Trace every connect() of the whole process tree (reader child included)."""
    db = tmp_path / "offline.sqlite"
    trace = tmp_path / "trace.txt"
    script = (
        "import sys\n"
        "from app.cli import main\n"
        f"assert main(['index', {str(sample_folder)!r}, '--db', {str(db)!r}, '--json']) == 0\n"
        f"assert main(['search', 'How many days of annual leave?', '--db', {str(db)!r}, '--json']) == 0\n"
        f"assert main(['ask', 'How many days of annual leave?', '--db', {str(db)!r}, '--json']) == 0\n"
    )
    result = subprocess.run(["strace", "-f", "-qq", "-e", "trace=connect", "-o", str(trace),
                             sys.executable, "-c", script],
                            capture_output=True, text=True, cwd=APP.parent, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    calls = trace.read_text().splitlines()
    inet = [line for line in calls if re.search(r"AF_INET6?|sin_port|sin6_port", line)]
    assert inet == [], inet
    assert '"answer"' in result.stdout and '"results"' in result.stdout


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is installed by scripts/setup-env")
def test_ocr_and_the_office_and_web_readers_attempt_no_inet_connection(tmp_path):
    """A scan read by the OCR model, a Word file, and a page full of remote
    references: indexed under strace, with not one internet socket."""
    from pdfgen import make_scanned_pdf
    from wordgen import handbook

    folder = tmp_path / "handbook"
    folder.mkdir()
    make_scanned_pdf(folder / "scan.pdf", [["Leave policy", "", "Annual leave is 25 days."]])
    handbook(folder / "handbook.docx")
    (folder / "remote.html").write_text(
        "<html><head><link rel=stylesheet href='https://example.com/a.css'>"
        "<script src='https://example.com/x.js'></script></head><body>"
        "<img src='https://example.com/t.png'><iframe src='https://example.com/f'></iframe>"
        "<p>Remote references are never fetched.</p></body></html>")
    db, trace = tmp_path / "offline.sqlite", tmp_path / "trace.txt"
    script = ("from app.cli import main\n"
              f"assert main(['index', {str(folder)!r}, '--db', {str(db)!r}]) == 0\n")
    result = subprocess.run(["strace", "-f", "-qq", "-e", "trace=connect", "-o", str(trace),
                             sys.executable, "-c", script], capture_output=True, text=True,
                            cwd=APP.parent, timeout=600,
                            env={**os.environ, "HANDBOOK_QA_HOME": str(tmp_path / "home")})
    assert result.returncode == 0, result.stderr[-2000:]
    inet = [line for line in trace.read_text().splitlines()
            if re.search(r"AF_INET6?|sin_port|sin6_port", line)]
    assert inet == [], inet
    assert "3 indexed" in result.stdout + result.stderr
