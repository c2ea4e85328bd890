"""The shared index on the server set-ups a team meets besides the test
server's own (UTF8, direct): a database whose encoding is not UTF8 (a
C-locale initdb gives SQL_ASCII), and PgBouncer in front of the server.
Each is either used correctly or refused before anything is written, with
the cause and the fix in one line (docs/shared-index-servers.md)."""
from __future__ import annotations

import json

import pytest

from app.cli import main
from app.store.backends import ServerLocation, open_store
from app.store.contract import StoreError
from app.store.postgres import ENCODING_FIX

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

# Headings, names and words a handbook outside English has; CJK and the emoji
# are in no single-byte encoding.
OVERTIME = ("# Überstunden und Zeitausgleich\n\n"
            "Jede Überstunde wird im Zeiterfassungssystem gebucht und innerhalb von "
            "drei Monaten durch Freizeit ausgeglichen. Die Kantine (Café Größe) hat "
            "bis 15 Uhr geöffnet.\n\n"
            "## 残業の申請 ✅\n\n"
            "残業は事前に上長の承認が必要です。\n")
OVERTIME_NAME = "Überstunden – Regelung.md"


def run(capsys, *argv) -> tuple[int, dict]:
    code = main(["--json", *argv])
    out = capsys.readouterr().out
    return code, json.loads(out)


def _database(server, name: str, encoding: str) -> str:
    """A database of `encoding` on `server` (its URI); C locale, as initdb's."""
    import psycopg

    with psycopg.connect(server.conninfo(), autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name} ENCODING '{encoding}' TEMPLATE template0")
    return server.uri(name)


def _tables(uri: str) -> list[str]:
    """What the app may have made in the database: its tables and extensions."""
    import psycopg

    with psycopg.connect(uri, client_encoding="UTF8") as conn:
        tables = [row[0] for row in conn.execute(
            "SELECT relname::text FROM pg_class WHERE relnamespace = 'public'::regnamespace")]
        extensions = [row[0] for row in conn.execute(
            "SELECT extname::text FROM pg_extension WHERE extname <> 'plpgsql'")]
    return tables + extensions


@pytest.fixture
def handbook(tmp_path, sample_folder):
    """The sample handbook and a page in German and Japanese, with a non-ASCII name."""
    import shutil

    folder = tmp_path / "handbook"
    shutil.copytree(sample_folder, folder)
    (folder / OVERTIME_NAME).write_text(OVERTIME, encoding="utf-8")
    return folder


def test_a_c_locale_server_is_refused_before_any_write_and_its_fix_works(handbook, capsys):
    """The issue's server: initdb under the C locale with no encoding named,
    so its databases are SQL_ASCII. Indexing says so, with the fix, and
    writes nothing; the database the fix makes indexes and answers, non-ASCII
    headings and names included."""
    import psycopg

    from pg_fixtures import start_server

    server = start_server(encoding="SQL_ASCII")
    try:
        with psycopg.connect(server.conninfo(), autocommit=True,
                             client_encoding="UTF8") as admin:
            assert admin.execute("SHOW server_encoding").fetchone()[0] == "SQL_ASCII"
        uri = server.uri("postgres")
        code, refused = run(capsys, "--db", uri, "index", str(handbook))
        message = refused["error"]
        assert code == 1 and "encoding SQL_ASCII" in message and ENCODING_FIX in message
        assert "\n" not in message and "Traceback" not in message
        assert _tables(uri) == []  # not even the vector extension
        code, asked = run(capsys, "--db", uri, "search", "annual leave")
        assert code == 1 and "encoding SQL_ASCII" in asked["error"]

        with psycopg.connect(server.conninfo(), autocommit=True) as admin:
            admin.execute(ENCODING_FIX)  # exactly what the message says
        fixed = server.uri("handbook")
        code, report = run(capsys, "--db", fixed, "index", str(handbook))
        assert code == 0 and report["failed"] == 0 and report["indexed"] == 7
        code, found = run(capsys, "--db", fixed, "search",
                          "Wie wird eine Überstunde ausgeglichen?")
        assert code == 0
        best = found["results"][0]
        assert best["source"] == OVERTIME_NAME
        assert best["heading_path"] == ["Überstunden und Zeitausgleich"]
        assert "Überstunde wird im Zeiterfassungssystem" in best["text"]
        code, found = run(capsys, "--db", fixed, "search", "残業の申請")
        assert code == 0 and "残業は事前に上長の承認が必要です" in found["results"][0]["text"]
        assert found["results"][0]["heading_path"][-1] == "残業の申請 ✅"
        code, again = run(capsys, "--db", fixed, "index", str(handbook))
        assert code == 0 and again["indexed"] == 0 and again["unchanged"] == 7
    finally:
        server.stop()


def test_an_index_an_older_app_wrote_into_sql_ascii_is_explained(postgres, handbook, capsys,
                                                                monkeypatch):
    """The index the issue was left with: written before the check existed.
    Asking and indexing name the encoding and the fix, not "another
    embedder" or "other settings", and change nothing."""
    import app.store.postgres as postgres_store

    uri = _database(postgres, "old_sql_ascii", "SQL_ASCII")
    with monkeypatch.context() as old_app:
        old_app.setattr(postgres_store, "SERVER_ENCODING", "SQL_ASCII")
        code, report = run(capsys, "--db", uri, "index", str(handbook))
        assert code == 0
    before = _tables(uri)
    for argv in (("search", "annual leave"), ("ask", "annual leave"),
                 ("index", str(handbook)), ("inspect",)):
        code, said = run(capsys, "--db", uri, *argv)
        message = said["error"]
        assert code == 1 and "written into a database with encoding SQL_ASCII" in message
        assert ENCODING_FIX in message and "embedder" not in message
        assert "other settings" not in message and "\n" not in message
    assert _tables(uri) == before
    from app.store.postgres import probe
    checked = probe(uri)
    assert not checked.usable and "encoding SQL_ASCII" in checked.message


@pytest.mark.parametrize("encoding", ["LATIN1", "WIN1252", "SQL_ASCII"])
def test_a_database_that_is_not_utf8_is_refused_and_left_empty(postgres, encoding):
    uri = _database(postgres, f"enc_{encoding.lower()}", encoding)
    with pytest.raises(StoreError, match=f"has encoding {encoding}.*nothing was written"):
        open_store(ServerLocation(uri))
    with pytest.raises(StoreError, match=f"encoding {encoding}"):
        open_store(ServerLocation(uri), create=False, interactive=True)
    assert _tables(uri) == []
    from app.store.postgres import probe
    checked = probe(uri)
    assert not checked.usable and f"encoding {encoding}" in checked.message
    assert ENCODING_FIX in checked.message


def test_text_travels_as_utf8_whatever_the_client_encoding_says(pg_database, monkeypatch):
    """PGCLIENTENCODING=LATIN1 (a service file or an old profile can set it)
    would have the server convert every value to LATIN1 and fail on the first
    character it lacks; the app always speaks UTF-8."""
    from test_store_contract import document

    monkeypatch.setenv("PGCLIENTENCODING", "LATIN1")
    path = "hr/Überstunden – 残業.md"
    paragraphs = [["Überstunden: 残業は事前に承認 ✅", "Café Größe öffnet um 8."]]
    record, sections, children, vectors = document(path, paragraphs, seed=7,
                                                   heading="Zeitausgleich ✓")
    with open_store(ServerLocation(pg_database.uri)) as store:
        store.set_meta({"title": "Personalhandbuch ✓"})
        store.write_document(record, sections, children, vectors)
    with open_store(ServerLocation(pg_database.uri), create=False) as store:
        assert store.conn.info.encoding == "utf-8"
        assert [row["path"] for row in store.documents()] == [path]
        assert store.meta()["title"] == "Personalhandbuch ✓"
        section = next(iter(store.sections_by_id(range(1, 100)).values()))
        assert section["heading"] == sections[0].heading and section["path"] == path
        assert [row["text"] for row in store.section_children([section["id"]])] == \
            paragraphs[0]
        found = store.lexical_search(["größe"], 5, None)
        assert [store.chunks_by_id(found)[found[0]]["text"]] == [paragraphs[0][1]]
