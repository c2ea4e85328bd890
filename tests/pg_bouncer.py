"""A real PgBouncer in front of a test PostgreSQL (tests/pg_server.py).

Debian's `pgbouncer` package (installed by scripts/setup-env, as the Qt
libraries are). It listens on a Unix socket in a temporary folder of its own
only (no listen_addr: nothing on TCP) and reaches the server on the server's
socket, for every database (`* =`), with auth_type trust as the server has.
PgBouncer refuses to run as root: as root it runs as the server's own
unprivileged user (pg_server.RunAs), otherwise as you.

With `tls=(certificate, key)` it also listens on a free TCP port on
127.0.0.1 and demands TLS there (client_tls_sslmode = require) with that
certificate, as a pooler that terminates the team's TLS does; behind it the
server is still reached on its socket.

Where there is no pgbouncer binary, `PgBouncerUnavailable` says so (the
fixtures skip; HANDBOOK_QA_REQUIRE_PGBOUNCER=1 makes it a failure).
"""
from __future__ import annotations

import atexit
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

from pg_server import SUPERUSER, PostgresServer, _parent_death_signal, _short_temp_parent

PORT = 6432  # names the socket file only
START_TIMEOUT_S = 20.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PgBouncerUnavailable(Exception):
    """No pgbouncer binary here (a reason to skip)."""


def find_pgbouncer() -> str:
    path = shutil.which("pgbouncer", path="/usr/sbin:/usr/bin:/sbin:/bin:/usr/local/bin")
    if path is None:
        raise PgBouncerUnavailable("pgbouncer is not installed (apt-get install pgbouncer; "
                                   "scripts/setup-env does it as root)")
    return path


class PgBouncer:
    """PgBouncer in `pool_mode` (transaction or session) in front of `server`,
    with at most `pool_size` server connections per database and user."""

    def __init__(self, server: PostgresServer, pool_mode: str = "transaction",
                 pool_size: int = 4, users: tuple[str, ...] = (SUPERUSER,),
                 tls: tuple[str, str] | None = None):
        self.binary = find_pgbouncer()
        self.server = server
        self.pool_mode = pool_mode
        self.pool_size = pool_size
        self.users = users
        self.tls = tls
        # The TCP port names the socket file too (one listen_port for both).
        self.port = _free_port() if tls else PORT
        self.run_as = server.run_as
        self.base: Path | None = None
        self.process: subprocess.Popen | None = None

    @property
    def socket_dir(self) -> Path:
        return self.base / "run"

    @property
    def log_path(self) -> Path:
        return self.base / "pgbouncer.log"

    def uri(self, dbname: str, user: str = SUPERUSER) -> str:
        host = quote(str(self.socket_dir), safe="")
        return f"postgresql://{quote(user)}@/{quote(dbname)}?host={host}&port={self.port}"

    def start(self) -> PgBouncer:
        self.base = Path(tempfile.mkdtemp(prefix="hbqa-pgb-", dir=_short_temp_parent()))
        self.socket_dir.mkdir()
        ini = self.base / "pgbouncer.ini"
        ini.write_text(self._config() + self._tls_config())
        (self.base / "users.txt").write_text(
            "".join(f'"{user}" ""\n' for user in self.users))
        for path in (self.base, self.socket_dir):
            self.run_as.chown(path)
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [self.binary, str(ini)], stdin=subprocess.DEVNULL, stdout=log,
                stderr=subprocess.STDOUT, cwd=self.base, start_new_session=True,
                env={"PATH": "/usr/bin:/bin", "LC_ALL": "C"},
                preexec_fn=_parent_death_signal(), **self.run_as.popen_kwargs())
        atexit.register(self.stop)
        deadline = time.monotonic() + START_TIMEOUT_S
        while not (self.socket_dir / f".s.PGSQL.{self.port}").exists():
            if self.process.poll() is not None or time.monotonic() > deadline:
                log_text = self.log_path.read_text(errors="replace")[-3000:]
                self.stop()
                raise RuntimeError(f"PgBouncer did not start; its log:\n{log_text}")
            time.sleep(0.02)
        return self

    def _config(self) -> str:
        return "\n".join([
            "[databases]",
            f"* = host={self.server.socket_dir} port={self.server.port}",
            "[pgbouncer]",
            # no listen_addr (but with tls, _tls_config): the Unix socket only
            f"unix_socket_dir = {self.socket_dir}",
            f"listen_port = {self.port}",
            "unix_socket_mode = 0777",
            "auth_type = trust",
            f"auth_file = {self.base / 'users.txt'}",
            f"pool_mode = {self.pool_mode}",
            f"default_pool_size = {self.pool_size}",
            "max_client_conn = 200",
            "server_reset_query = DISCARD ALL",
            "log_connections = 0",
            "log_disconnections = 0",
            "",
        ])

    def _tls_config(self) -> str:
        """TLS for clients on 127.0.0.1: the certificate and key copied where
        PgBouncer's user may read them, the key its alone."""
        if self.tls is None:
            return ""
        copies = []
        for source, name in zip(self.tls, ("client-tls.crt", "client-tls.key")):
            target = self.base / name
            shutil.copyfile(source, target)
            target.chmod(0o600)
            self.run_as.chown(target)
            copies.append(target)
        return "\n".join(["listen_addr = 127.0.0.1", "client_tls_sslmode = require",
                          f"client_tls_cert_file = {copies[0]}",
                          f"client_tls_key_file = {copies[1]}", ""])

    def stop(self) -> None:
        atexit.unregister(self.stop)
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.terminate()  # SIGTERM: immediate shutdown
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)
        if self.base is not None:
            shutil.rmtree(self.base, ignore_errors=True)
            self.base = None

    def __enter__(self) -> PgBouncer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
