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
from app.store.postgres_probe import probe
from app.store.postgres_errors import ENCODING_FIX

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


# -- PgBouncer ------------------------------------------------------------------------------


@pytest.fixture
def bouncer(request, pg_database):
    """A real PgBouncer in front of the test's database: request.param is
    (pool_mode, pool_size)."""
    from pg_fixtures import start_pgbouncer

    mode, size = getattr(request, "param", ("transaction", 3))
    pooler = start_pgbouncer(pg_database.server, pool_mode=mode, pool_size=size)
    try:
        yield pooler
    finally:
        pooler.stop()


def _neighbour(bouncer, database):
    """Another client of the same pool: a plain psycopg connection."""
    import psycopg

    return psycopg.connect(bouncer.uri(database.name), autocommit=True)


@pytest.mark.parametrize("bouncer", [("transaction", 3), ("session", 3)], indirect=True,
                         ids=["transaction", "session"])
def test_index_search_and_ask_through_pgbouncer(bouncer, pg_database, sample_folder, capsys):
    """What a team does, through PgBouncer: the maintainer indexes (HNSW's
    ef_search measured as on a direct connection), a colleague asks, and
    the answers are those of a direct connection."""
    pooled = bouncer.uri(pg_database.name)
    code, report = run(capsys, "--db", pooled, "index", str(sample_folder))
    assert code == 0 and report["failed"] == 0 and report["indexed"] == 6
    vectors = report["vector_search"]
    assert vectors["measured_children"] == report["chunks"] and vectors["recall_at_20"] >= 0.98
    with open_store(ServerLocation(pooled), create=False) as store:
        assert store.pooled and store.check() == []
    tested = probe(pooled)  # Settings › Shared index › Test connection
    assert tested.usable and tested.writable and "211 chunks" in tested.message
    with open_store(ServerLocation(pg_database.uri), create=False) as store:
        assert not store.pooled
    question = "How many weeks of parental leave are paid at full salary?"
    code, direct = run(capsys, "--db", pg_database.uri, "search", question)
    code, found = run(capsys, "--db", pooled, "search", question)
    assert code == 0 and [r["section_id"] for r in found["results"]] == \
        [r["section_id"] for r in direct["results"]]
    code, again = run(capsys, "--db", pooled, "index", str(sample_folder))
    assert code == 0 and again["indexed"] == 0 and again["unchanged"] == 6
    if bouncer.pool_mode == "transaction":
        code, answered = run(capsys, "--db", pooled, "ask", question)
        assert code == 0 and "18 weeks" in answered["evidence"][0]["text"]


@pytest.mark.parametrize("bouncer", [("transaction", 1)], indirect=True)
def test_settings_go_with_each_transaction_and_never_to_the_neighbours(bouncer, pg_database):
    """One server session shared by everyone (a pool of one): the window's
    statement limit and HNSW's ef_search hold for every statement of ours,
    whatever a neighbour set on that session, and never reach the neighbour."""
    from app.store import postgres_tuning

    with open_store(ServerLocation(pg_database.uri)) as maintainer:
        maintainer.set_meta({postgres_tuning.EF_KEY: "1000"})
    pooled = ServerLocation(bouncer.uri(pg_database.name))
    with open_store(pooled, create=False, interactive=True) as asker, \
            _neighbour(bouncer, pg_database) as neighbour:
        neighbour.execute("SET hnsw.ef_search = 10")
        neighbour.execute("SET hnsw.iterative_scan = off")
        ours = asker.rows(
            "SELECT pg_backend_pid() AS pid, current_setting('statement_timeout') AS limit, "
            "current_setting('hnsw.ef_search') AS ef, "
            "current_setting('hnsw.iterative_scan') AS scan")[0]
        assert (ours["limit"], ours["ef"], ours["scan"]) == ("5s", "1000", "relaxed_order")
        with asker.snapshot():
            assert asker.value("SELECT current_setting('hnsw.ef_search')") == "1000"
        theirs = neighbour.execute(
            "SELECT pg_backend_pid(), current_setting('statement_timeout'), "
            "current_setting('hnsw.ef_search')").fetchone()
        assert theirs == (ours["pid"], "0", "10")  # the same server session, its own settings


@pytest.mark.parametrize("bouncer", [("transaction", 2)], indirect=True)
def test_no_statement_is_prepared_on_a_server_session(bouncer, pg_database):
    """psycopg prepares a statement run five times; the pooler may hand the
    next transaction another server session, which never saw it."""
    from test_store_contract import fill

    with open_store(ServerLocation(pg_database.uri)) as store:
        fill(store)
    with open_store(ServerLocation(bouncer.uri(pg_database.name)), create=False) as store, \
            _neighbour(bouncer, pg_database) as neighbour:
        pids = {store.value("SELECT pg_backend_pid()")}
        for _ in range(8):
            assert store.lexical_search(["leave"], 5, None)
        with neighbour.transaction():  # holds the session we had: the next one is another
            neighbour.execute("SELECT 1")
            for _ in range(3):
                assert store.lexical_search(["leave"], 5, None)
            pids.add(store.value("SELECT pg_backend_pid()"))
        assert len(pids) == 2
        assert store.value("SELECT count(*) FROM pg_prepared_statements") == 0


@pytest.mark.parametrize("bouncer", [("transaction", 3)], indirect=True)
def test_the_writer_lock_is_freed_when_the_indexer_is_killed_behind_pgbouncer(
        bouncer, pg_database):
    """A session lock would stay on the pool's server session after the
    indexer dies, and no indexer could ever write again; the store's lock
    goes with the killed process, and leaves nothing on the pool."""
    import signal
    import subprocess
    import sys
    import threading
    from pathlib import Path

    import psycopg

    from app.store.contract import IndexBusy

    pooled = ServerLocation(bouncer.uri(pg_database.name))
    open_store(pooled).close()  # the schema
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\n"
         "from app.store.backends import ServerLocation, open_store\n"
         "store = open_store(ServerLocation(sys.argv[1]))\n"
         "with store.writer_lock():\n"
         "    print('locked', flush=True)\n"
         "    time.sleep(600)\n", str(pooled)],
        stdout=subprocess.PIPE, text=True, cwd=Path(__file__).parent.parent)
    try:
        assert holder.stdout.readline().strip() == "locked"
        with open_store(pooled) as second:
            with pytest.raises(IndexBusy, match="handbook-qa on"):
                with second.writer_lock():
                    pass
            holder.send_signal(signal.SIGKILL)
            holder.wait(30)
            entered = threading.Event()

            def wait_for_it():
                with second.writer_lock(on_wait=lambda who: None):
                    entered.set()

            thread = threading.Thread(target=wait_for_it, daemon=True)
            thread.start()
            thread.join(60)
            assert entered.is_set()
        with psycopg.connect(pg_database.conninfo) as direct:  # nothing left on the pool
            assert direct.execute("SELECT count(*) FROM pg_locks "
                                  "WHERE locktype = 'advisory'").fetchone()[0] == 0
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait(10)


@pytest.mark.parametrize("bouncer", [("transaction", 1)], indirect=True)
def test_recall_through_pgbouncer_equals_the_direct_connections(bouncer, pg_database,
                                                                sample_folder, embedder):
    """The issue's target on the golden sample set: the same questions give
    the same sections, question by question, with a neighbour that turned
    HNSW's settings down on the one server session they share."""
    import psycopg

    from app.common.bundled import SAMPLE_HANDBOOK
    from app.evaluation.recall import evaluate, load_cases
    from app.ingest.indexer import Indexer
    from app.search.retrieval import Searcher, SearchSettings

    with open_store(ServerLocation(pg_database.uri)) as store:
        Indexer(store, embedder).run(sample_folder)
    with psycopg.connect(pg_database.conninfo, autocommit=True) as admin:
        # 211 children are one page to the planner: it would scan them all,
        # exactly, and never ask HNSW. A team's index is large enough.
        admin.execute(f"ALTER DATABASE {pg_database.name} SET enable_seqscan = off")
    cases = load_cases(SAMPLE_HANDBOOK.parent / "golden" / "sample-handbook.tsv")
    reports = {}
    for name, uri in (("direct", pg_database.uri), ("pooled", bouncer.uri(pg_database.name))):
        with open_store(ServerLocation(uri), create=False) as store, \
                _neighbour(bouncer, pg_database) as neighbour:
            neighbour.execute("SET hnsw.ef_search = 1")
            neighbour.execute("SET hnsw.iterative_scan = off")
            # deprecated documents included: a document filter is answered
            # exactly from the btree on document_id, HNSW not asked
            searcher = Searcher(store, embedder, SearchSettings(results=5,
                                                                include_deprecated=True))
            reports[name] = evaluate(searcher, cases, 5)
    direct, pooled = reports["direct"], reports["pooled"]
    assert pooled.chunk_recall == direct.chunk_recall
    assert pooled.context_recall == direct.context_recall
    assert (pooled.mrr, pooled.misses) == (direct.mrr, direct.misses)  # rank by rank


def test_a_setting_the_pooler_does_not_pass_on_is_named(bouncer, pg_database):
    uri = bouncer.uri(pg_database.name) + "&options=-c%20work_mem%3D7MB"
    with pytest.raises(StoreError, match="pooler.*ignore_startup_parameters"):
        open_store(ServerLocation(uri))


@pytest.mark.parametrize("bouncer", [("statement", 3)], indirect=True)
def test_statement_pooling_is_refused_with_what_to_configure(bouncer, pg_database,
                                                             sample_folder, capsys):
    """Statement pooling cannot carry a transaction: indexing and asking say
    so, and what to set, before anything is written."""
    pooled = bouncer.uri(pg_database.name)
    code, refused = run(capsys, "--db", pooled, "index", str(sample_folder))
    assert code == 1 and "pools single statements" in refused["error"]
    assert "pool_mode = transaction" in refused["error"]
    assert _tables(pg_database.uri) == ["vector"]  # the template's: nothing of ours
    open_store(ServerLocation(pg_database.uri)).close()  # an index, made directly
    code, refused = run(capsys, "--db", pooled, "search", "annual leave")
    assert code == 1 and "pool_mode = transaction" in refused["error"]


@pytest.mark.parametrize("bouncer", [("transaction", 3)], indirect=True)
def test_a_writer_lock_lost_mid_run_is_said_and_the_next_run_takes_it(bouncer, pg_database,
                                                                      caplog):
    """The lock's transaction ended under it (the server or the pooler
    restarted, a timeout): what was written stays, and the run says so."""
    import psycopg

    pooled = ServerLocation(bouncer.uri(pg_database.name))
    with open_store(pooled) as store:
        with store.writer_lock():
            with psycopg.connect(pg_database.conninfo, autocommit=True) as admin:
                assert admin.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_locks "
                                     "WHERE locktype = 'advisory'").fetchone()[0] == 1
        assert "writer lock" in caplog.text and "was lost during the run" in caplog.text
        with store.writer_lock():
            assert store.chunk_count() == 0
