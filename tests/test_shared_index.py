"""The shared index end to end: the real indexer, embedder and search on a
real PostgreSQL 18 with pgvector, through the command line as a team would
use it (`--db postgresql://…`)."""
from __future__ import annotations

import json
import shutil

import pytest

from app.cli import main
from app.common.bundled import SAMPLE_HANDBOOK
from app.evaluation.recall import evaluate, load_cases
from app.search.retrieval import Searcher, SearchSettings
from app.store.backends import ServerLocation, open_store

pytestmark = [pytest.mark.postgres, pytest.mark.slow]
GOLDEN = SAMPLE_HANDBOOK.parent / "golden" / "sample-handbook.tsv"


def run(capsys, *argv) -> tuple[int, dict]:
    code = main(["--json", *argv])
    out = capsys.readouterr().out
    return code, json.loads(out)


@pytest.fixture
def shared(pg_database, sample_folder, capsys):
    """The sample handbook indexed into a fresh PostgreSQL database by the CLI."""
    code, report = run(capsys, "--db", pg_database.uri, "index", str(sample_folder))
    assert code == 0, report
    return pg_database, report


def test_index_search_ask_inspect_on_a_shared_index(shared, sample_folder, capsys):
    database, report = shared
    assert report["indexed"] >= 5 and report["failed"] == 0 and report["chunks"] > 0
    # HNSW's setting was measured on this index's own vectors (postgres_tuning)
    vectors = report["vector_search"]
    assert vectors["method"] == "hnsw" and vectors["measured_children"] == report["chunks"]
    assert vectors["recall_at_20"] >= 0.98 and vectors["ef_search"] in (100, 200, 300, 500, 1000)
    assert vectors["graph"] == {"m": 16, "ef_construction": 64}  # pgvector's default suffices
    code, found = run(capsys, "--db", database.uri, "search",
                      "How many weeks of parental leave are paid at full salary?")
    assert code == 0
    assert "18 weeks" in found["results"][0]["text"]
    best = found["evidence"][0]
    assert best["source"] == found["results"][0]["source"]
    code, health = run(capsys, "--db", database.uri, "inspect")
    assert code == 0 and health["chunks"] == report["chunks"]
    # a second run finds nothing to do
    code, again = run(capsys, "--db", database.uri, "index", str(sample_folder))
    assert code == 0 and again["indexed"] == 0 and again["unchanged"] == report["indexed"]


def test_other_chunking_never_mixes_and_rebuilds_only_when_asked(shared, sample_folder, capsys):
    """A maintainer whose settings differ is stopped, saying what differs; the
    team's index is untouched. Asked to, it is rebuilt whole, never mixed."""
    database, report = shared
    code, refused = run(capsys, "--db", database.uri, "index", str(sample_folder),
                        "--budget", "64")
    assert code == 1 and "built with other settings (budget differ" in refused["error"]
    code, health = run(capsys, "--db", database.uri, "inspect")
    assert health["chunks"] == report["chunks"]
    code, rebuilt = run(capsys, "--db", database.uri, "index", str(sample_folder),
                        "--budget", "64", "--rebuild")
    assert code == 0 and rebuilt["rebuilt"] and rebuilt["indexed"] == report["indexed"]
    assert rebuilt["chunks"] > report["chunks"]


def test_recall_on_postgresql_is_within_two_points_of_sqlite(shared, sample_index, embedder):
    """The issue's target: the same golden questions, the same embedder and
    fusion; only the lexical ranking (FTS5 BM25 against PostgreSQL's ts_rank)
    and the vector index (exact against HNSW) differ."""
    database, _ = shared
    cases = load_cases(GOLDEN)
    reports = {}
    for name, location in (("sqlite", sample_index), ("postgres", ServerLocation(database.uri))):
        with open_store(location) as store:
            searcher = Searcher(store, embedder, SearchSettings(results=5))  # as `eval` does
            reports[name] = evaluate(searcher, cases, 5)
    for kind in ("chunk_recall", "context_recall"):
        sqlite = getattr(reports["sqlite"], kind)["overall"]["recall"]
        postgres = getattr(reports["postgres"], kind)["overall"]["recall"]
        assert postgres >= sqlite - 0.02, (kind, sqlite, postgres)


def test_a_read_only_role_can_ask_but_not_index(shared, sample_folder, capsys, tmp_path):
    import psycopg

    database, _ = shared
    with psycopg.connect(database.conninfo, autocommit=True) as admin:
        admin.execute("CREATE ROLE asker LOGIN")
        admin.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO asker")
        admin.execute("ALTER ROLE asker SET default_transaction_read_only = on")
    asker = database.server.uri(database.name, user="asker")
    code, found = run(capsys, "--db", asker, "search", "annual leave carry over")
    assert code == 0 and found["results"]
    changed = tmp_path / "handbook"
    shutil.copytree(sample_folder, changed)
    (changed / "new-policy.md").write_text("# Bikes\n\nBikes may be parked in the yard.\n")
    code, refused = run(capsys, "--db", asker, "index", str(changed))
    assert code == 1
    assert "read-only" in refused["error"] and "Traceback" not in refused["error"]


def test_a_server_that_is_gone_is_one_line_not_a_traceback(capsys, tmp_path):
    code = main(["--db", f"postgresql://nobody@/handbook?host={tmp_path}&port=5999",
                 "search", "annual leave"])
    err = capsys.readouterr().err
    assert code == 1 and "does not answer" in err and "Traceback" not in err
    # an unescaped @ in a password is refused before anything is sent or echoed
    code = main(["--db", "postgresql://me:s3@cret@db.example.com/handbook", "search", "leave"])
    err = capsys.readouterr().err
    assert code == 1 and "cannot be read" in err and "%40" in err and "cret" not in err


def test_the_windows_reads_give_up_on_a_server_that_never_answers(pg_database):
    """The window reads the library and the viewer's text on the GUI thread:
    a server that accepts and never answers (a VPN that dropped) is given up
    on with a sentence, and an established connection has a statement limit
    and TCP limits, keeping the options the user's own address sets."""
    import socket

    import psycopg

    from app.store.backends import storage_failure
    from app.store.contract import StoreError

    black_hole = socket.socket()
    black_hole.bind(("127.0.0.1", 0))
    black_hole.listen(1)
    port = black_hole.getsockname()[1]
    try:
        with pytest.raises(StoreError, match="does not answer"):
            open_store(ServerLocation(f"postgresql://nobody@127.0.0.1:{port}/handbook"),
                       create=False, interactive=True)
    finally:
        black_hole.close()
    open_store(ServerLocation(pg_database.uri)).close()  # an index to read
    uri = pg_database.uri + "&options=-c%20work_mem%3D7MB"
    with open_store(ServerLocation(uri), create=False, interactive=True) as store:
        settings = {name: store.conn.execute(f"SHOW {name}").fetchone()[name]
                    for name in ("statement_timeout", "work_mem")}
        assert settings["statement_timeout"] == "5s" and settings["work_mem"] == "7MB"
        with pytest.raises(psycopg.errors.QueryCanceled) as cancelled:
            store.conn.execute("SELECT pg_sleep(6)")
        assert "took too long" in storage_failure(ServerLocation(uri), cancelled.value)
        parameters = store.conn.info.get_parameters()
        assert parameters["connect_timeout"] == "3" and parameters["tcp_user_timeout"] == "5000"
    with open_store(ServerLocation(pg_database.uri), create=False) as store:  # the workers
        assert store.conn.execute("SHOW statement_timeout").fetchone()["statement_timeout"] == "0"


def test_one_writer_at_a_time_and_the_second_says_who(pg_database):
    import threading

    from app.store.contract import IndexBusy

    location = ServerLocation(pg_database.uri)
    with open_store(location) as first, open_store(location) as second:
        with first.writer_lock():
            with pytest.raises(IndexBusy, match="handbook-qa on .*since"):
                with second.writer_lock():
                    pass
            waited, entered = [], threading.Event()

            def wait_for_it():
                with second.writer_lock(on_wait=waited.append):
                    entered.set()

            thread = threading.Thread(target=wait_for_it)
            thread.start()
            assert not entered.wait(1.0)  # still held by the first
        thread.join(30)
        assert entered.is_set() and "user postgres" in waited[0]


def test_a_killed_indexer_frees_the_lock(pg_database):
    """The lock is the connection's: a writer that dies (here: its connection
    is dropped) leaves nothing to clean up by hand."""
    location = ServerLocation(pg_database.uri)
    with open_store(location) as second:
        first = open_store(location)
        lock = first.writer_lock()
        lock.__enter__()
        first.conn.close()  # what the server sees of a killed process
        with second.writer_lock(on_wait=lambda holder: None):
            pass


def test_a_shared_index_from_another_mount_point_is_not_rebuilt(shared, sample_folder, capsys,
                                                                  tmp_path):
    """Each maintainer mounts the share where they like: the documents are
    stored by their path inside the folder, so nothing is embedded again."""
    database, report = shared
    elsewhere = tmp_path / "mnt" / "handbook"
    shutil.copytree(sample_folder, elsewhere)
    code, again = run(capsys, "--db", database.uri, "index", str(elsewhere))
    assert code == 0 and not again["rebuilt"]
    assert again["unchanged"] == report["indexed"] and again["indexed"] == 0


def test_a_server_restart_is_said_in_words_and_the_next_question_works(sample_folder,
                                                                         embedder):
    """The server restarts between two questions of an open session: the
    question gets a sentence, and the next one, which opens its own
    connection as every command and every question in the app does, works."""
    import psycopg

    from app.ingest.indexer import Indexer
    from app.store.backends import storage_failure
    from pg_fixtures import start_server

    server = start_server()
    try:
        with psycopg.connect(server.conninfo(), autocommit=True) as conn:
            conn.execute("CREATE DATABASE handbook")
        location = ServerLocation(server.uri("handbook"))
        with open_store(location) as store:
            Indexer(store, embedder).run(sample_folder)
            searcher = Searcher(store, embedder)
            assert searcher.search("annual leave carry over").results
            server.restart()
            with pytest.raises(psycopg.OperationalError) as caught:
                searcher.search("annual leave carry over")
        message = storage_failure(location, caught.value)
        assert message.startswith("the shared index server") and "is it running" in message
        with open_store(location) as store:
            assert Searcher(store, embedder).search("annual leave carry over").results
    finally:
        server.stop()


def test_a_slow_network_still_answers_with_its_quote(shared, capsys):
    """20 ms each way between the laptop and the server (a VPN): search and
    ask still complete, with the same sources as without the delay."""
    from latency_proxy import LatencyProxy

    database, _ = shared
    question = "How many weeks of parental leave are paid at full salary?"
    code, direct = run(capsys, "--db", database.uri, "search", question)
    proxy = LatencyProxy(str(database.server.socket_path), delay_s=0.02)
    try:
        slow = f"postgresql://postgres@127.0.0.1:{proxy.port}/{database.name}?sslmode=disable"
        code, found = run(capsys, "--db", slow, "search", question)
        assert code == 0 and proxy.round_trips > 0
        assert [r["section_id"] for r in found["results"]] == \
            [r["section_id"] for r in direct["results"]]
        code, answered = run(capsys, "--db", slow, "ask", question)
        assert code == 0 and answered["evidence"] and "18 weeks" in answered["evidence"][0]["text"]
        assert answered["answer"]
    finally:
        proxy.stop()


def _certificates(folder) -> dict:
    """A certificate authority and a server certificate for localhost signed by
    it (openssl), plus a second authority that signed nothing of ours."""
    import subprocess

    def openssl(*args):
        subprocess.run(["openssl", *args], check=True, capture_output=True, cwd=folder)

    for name in ("ca", "other-ca"):
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                "-subj", f"/CN=Handbook QA test {name}", "-keyout", f"{name}.key",
                "-out", f"{name}.crt")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
            "-keyout", "server.key", "-out", "server.csr")
    (folder / "san.ext").write_text("subjectAltName = DNS:localhost, IP:127.0.0.1\n")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
            "-CAcreateserial", "-days", "2", "-extfile", "san.ext", "-out", "server.crt")
    return {name: folder / name for name in ("ca.crt", "other-ca.crt", "server.crt",
                                             "server.key")}


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the certificates")
def test_tls_with_certificate_verification_when_the_uri_asks_for_it(pg_database, tmp_path):
    """sslmode=verify-full: the connection is encrypted and the server's
    certificate is checked against the authority the user names; a server whose
    certificate that authority did not sign is refused, in words. (The test
    server's TLS is the proxy's: the wheel's PostgreSQL is built without SSL.)"""
    from latency_proxy import LatencyProxy

    from app.store.contract import StoreError

    folder = tmp_path / "tls"
    folder.mkdir()
    certificates = _certificates(folder)
    proxy = LatencyProxy(str(pg_database.server.socket_path),
                         tls=(str(certificates["server.crt"]), str(certificates["server.key"])))
    try:
        base = (f"postgresql://postgres@localhost:{proxy.port}/{pg_database.name}"
                "?sslmode=verify-full")
        with open_store(ServerLocation(f"{base}&sslrootcert={certificates['ca.crt']}")) as store:
            assert store.chunk_count() == 0 and proxy.encrypted == 1
        with pytest.raises(StoreError, match="did not prove.*certificate verify failed"):
            open_store(ServerLocation(f"{base}&sslrootcert={certificates['other-ca.crt']}"))
        with pytest.raises(StoreError, match="did not prove.*does not match host name"):
            open_store(ServerLocation(f"postgresql://postgres@elsewhere.example:{proxy.port}/x?"
                                      f"hostaddr=127.0.0.1&sslmode=verify-full&"
                                      f"sslrootcert={certificates['ca.crt']}"))
    finally:
        proxy.stop()


def test_what_the_connection_test_and_opening_say(pg_database):
    """Settings › Shared index › Test connection, and opening the index, in each
    state a team meets: the login refused, no index yet, an older schema, a
    newer app's schema, read-only."""
    import psycopg

    from app.store.contract import StoreError
    from app.store.postgres_probe import probe

    server = pg_database.server
    with psycopg.connect(pg_database.conninfo, autocommit=True) as admin:
        admin.execute("CREATE ROLE staff LOGIN PASSWORD 'right'")
        admin.execute("ALTER ROLE staff SET default_transaction_read_only = on")
        admin.execute(f"GRANT CONNECT ON DATABASE {pg_database.name} TO staff")
    hba = server.data_dir / "pg_hba.conf"  # passwords for staff, trust for the rest
    hba.write_text(f"local all staff scram-sha-256\n{hba.read_text()}")
    with psycopg.connect(pg_database.conninfo, autocommit=True) as admin:
        admin.execute("SELECT pg_reload_conf()")
    staff = server.uri(pg_database.name, user="staff")
    wrong = probe(staff.replace("staff@", "staff:wrong@"))
    assert not wrong.usable and "refused the login" in wrong.message
    assert "~/.pgpass" in wrong.message
    asker = staff.replace("staff@", "staff:right@")  # as ~/.pgpass would give it
    nothing = probe(asker)
    assert not nothing.usable and "no index yet" in nothing.message
    assert probe(pg_database.uri).writable  # its maintainer can create it

    with open_store(ServerLocation(pg_database.uri)):
        pass  # the maintainer's first run creates the schema
    with psycopg.connect(pg_database.conninfo, autocommit=True) as admin:
        admin.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO staff")
    ready = probe(asker)
    assert ready.usable and not ready.writable and "read-only" in ready.message
    with open_store(ServerLocation(asker)) as store:
        assert store.chunk_count() == 0

    with psycopg.connect(pg_database.conninfo, autocommit=True) as admin:
        admin.execute("DELETE FROM schema_migrations WHERE version = "
                      "(SELECT max(version) FROM schema_migrations)")
    older = probe(asker)
    assert not older.usable and "older schema" in older.message
    with pytest.raises(StoreError, match="may not update it"):
        open_store(ServerLocation(asker))

    with psycopg.connect(pg_database.conninfo, autocommit=True) as admin:
        admin.execute("UPDATE schema_migrations SET version = 99 WHERE version = 1")
    assert "newer Handbook QA" in probe(asker).message
    with pytest.raises(StoreError, match="newer Handbook QA"):
        open_store(ServerLocation(pg_database.uri))


def test_an_index_of_the_first_schema_is_upgraded_and_then_folds_accents(pg_database,
                                                                       monkeypatch):
    """A team's index made by an app with only migration 1, opened by the
    maintainer's newer app: migration 2 remakes the word index, migration 3
    builds its postings from it, nothing written is lost, and "cafe" now
    finds "Café" as the file index does."""
    import app.store.postgres as postgres
    from app.common.said import Said
    from app.store.contract import DocumentRecord
    from app.store.postgres_migrations import MIGRATIONS
    from app.workspace.reading import failure_reason
    from test_store_contract import document, ids_by_text

    body = [["The Café Crème on the ground floor opens at eight.", "Desks are free."]]
    monkeypatch.setattr(postgres, "MIGRATIONS", MIGRATIONS[:1])
    # that app knew no document language (migration 4 adds the column)
    monkeypatch.setattr(postgres, "DOCUMENT_COLUMNS",
                        tuple(c for c in postgres.DOCUMENT_COLUMNS if c != "language"))
    monkeypatch.setattr(postgres, "CHUNK_WRITE_COLUMNS",  # nor word forms (migration 5)
                        tuple(c for c in postgres.CHUNK_WRITE_COLUMNS if c != "word_forms"))
    monkeypatch.setattr(postgres, "ERROR_COLUMNS", ("error",))  # nor failure messages (6)
    with open_store(ServerLocation(pg_database.uri)) as old:
        old.write_document(*document("office.md", body, seed=3))
        old.conn.execute("INSERT INTO documents(path, size, mtime, format, title, status, error) "
                         "VALUES ('old.pdf', 9, 1.0, 'pdf', 'old.pdf', 'failed', "
                         "'the PDF is encrypted and needs a password')")  # as it recorded one
        assert old.value("SELECT count(*) FROM chunks WHERE tsv @@ "  # accents kept before
                         "plainto_tsquery('hbqa_english', 'cafe')") == 0
    monkeypatch.undo()
    # the window's own reads never update it (a migration may rewrite the whole
    # index, far past their statement limit): they say who should
    from app.store.contract import StoreError
    with pytest.raises(StoreError, match="schema version 1 and this app needs .*runs "
                                         "'handbook-qa index' once"):
        open_store(ServerLocation(pg_database.uri), create=False, interactive=True)
    with open_store(ServerLocation(pg_database.uri)) as upgraded:
        assert upgraded.schema_version_or_none() == MIGRATIONS[-1][0]
        assert upgraded.chunk_count() == 2 and upgraded.check() == []
        ids = ids_by_text(upgraded)
        assert upgraded.lexical_search(["cafe", "creme"], 5, None) == [ids[body[0][0]]]
        # a failure recorded before messages were stored reads as its English text
        old_failure = upgraded.document("old.pdf")
        assert old_failure["error_said"] is None
        assert failure_reason(old_failure) == "the PDF is encrypted and needs a password"
        upgraded.record_failure(DocumentRecord("old.pdf", None, 9, 2.0, "pdf"),
                                Said("the PDF is damaged: {error}", error="no xref"))
        again = failure_reason(upgraded.document("old.pdf"))
        assert isinstance(again, Said) and again.values == {"error": "no xref"}


def test_a_second_indexer_is_told_who_holds_the_index(shared, sample_folder, capsys):
    database, _ = shared
    with open_store(ServerLocation(database.uri)) as holder, holder.writer_lock():
        code, refused = run(capsys, "--db", database.uri, "index", str(sample_folder))
    assert code == 1 and "another indexer is writing" in refused["error"]
    assert "handbook-qa on" in refused["error"] and "--wait" in refused["error"]


def test_a_search_sees_one_version_while_the_maintainer_writes(pg_database):
    from test_store_contract import document, fill

    location = ServerLocation(pg_database.uri)
    with open_store(location) as reader, open_store(location) as writer:
        fill(writer)
        with reader.snapshot():
            before = reader.chunk_count()
            writer.write_document(*document("hr/leave.md", [["Only one now."]], seed=5))
            assert reader.chunk_count() == before
        assert reader.chunk_count() == before - 2


def test_asking_a_database_without_an_index_creates_nothing(pg_database, capsys):
    """A mistyped database name must not get an empty index made by a question."""
    import psycopg

    code = main(["--db", pg_database.uri, "search", "annual leave"])
    assert code == 1 and "holds no index yet" in capsys.readouterr().err
    with psycopg.connect(pg_database.conninfo) as conn:
        assert conn.execute("SELECT to_regclass('chunks')").fetchone()[0] is None


def test_postings_follow_every_write_update_and_removal(pg_database):
    """BM25 on PostgreSQL reads a postings table (migration 3) kept by a
    trigger: a document rewritten or removed must leave no posting behind,
    or BM25 would find children that are gone, or miss new ones."""
    from test_store_contract import document, ids_by_text

    with open_store(ServerLocation(pg_database.uri)) as store:
        store.write_document(*document("faq.md", [["Parking permits are issued by "
                                                  "reception.", "Desks are free."]], seed=1))
        first = ids_by_text(store)["Parking permits are issued by reception."]
        assert store.lexical_search(["permits"], 5, None) == [first]
        store.write_document(*document("faq.md", [["Bicycle permits come from security.",
                                                  "Desks are free."]], seed=2))
        again = ids_by_text(store)["Bicycle permits come from security."]
        assert store.lexical_search(["permits"], 5, None) == [again]
        assert store.lexical_search(["reception"], 5, None) == []
        assert store.check() == []
        store.remove_documents(["faq.md"])
        assert store.value("SELECT count(*) FROM postings") == 0
        assert store.lexical_search(["permits"], 5, None) == []


def test_a_compound_of_one_repeated_word_is_still_a_phrase(pg_database):
    """"1.1" is one lexeme twice: it matches where the two stand together,
    not every child with a 1 in it."""
    from test_store_contract import document, ids_by_text

    with open_store(ServerLocation(pg_database.uri)) as store:
        store.write_document(*document("notes.md", [["Release 1.1 fixed the login page.",
                                                    "Only 1 desk is free."]], seed=4))
        assert store.lexical_search(["1.1"], 5, None) == \
            [ids_by_text(store)["Release 1.1 fixed the login page."]]


def test_a_german_page_in_a_shared_english_index_is_rebuilt_only_when_asked(shared, tmp_path,
                                                                           sample_folder, capsys):
    """Auto-switching to the multilingual embedder re-embeds the whole index:
    on a shared one that is everyone's index, so it is said, with the way to
    do it, and nothing changes until the maintainer asks."""
    import shutil

    from app.workspace.embedders import ENGLISH, MULTILINGUAL

    database, _ = shared
    folder = tmp_path / "handbook"
    shutil.copytree(sample_folder, folder)
    (folder / "urlaub.md").write_text(
        "# Urlaub\n\nJede Mitarbeiterin und jeder Mitarbeiter hat Anspruch auf dreißig "
        "Urlaubstage im Jahr. Nicht genommene Tage verfallen am Ende des ersten Quartals "
        "des folgenden Jahres, wenn die Vorgesetzte nichts anderes schriftlich bestätigt.\n",
        encoding="utf-8")
    code, refused = run(capsys, "--db", database.uri, "index", str(folder))
    assert code == 1
    assert "urlaub.md is in a language (de)" in refused["error"]
    assert "--rebuild" in refused["error"]
    with open_store(ServerLocation(database.uri)) as store:
        assert store.meta()["embedder_id"] == ENGLISH
        assert "urlaub.md" not in {d["path"] for d in store.documents()}
    code, rebuilt = run(capsys, "--db", database.uri, "index", "--rebuild", str(folder))
    assert code == 0 and rebuilt["failed"] == 0
    with open_store(ServerLocation(database.uri)) as store:
        assert store.meta()["embedder_id"] == MULTILINGUAL
