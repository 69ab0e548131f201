#!/usr/bin/python3
"""The demo's second server: the reference target's routes in Python's standard library.

Stackbench's built-in demo (resources/plans/demo.json) measures two configurations over SQLite:
`stackbench target` (C++, epoll, llhttp) and this server (CPython, asyncio, sqlite3). Both serve
the same routes with the same status codes and byte-identical responses (status line, headers
and body), for valid and invalid input alike, so that one set of parity checks holds for both:

  GET  /health  POST /echo  GET /me  GET /users/:id  GET /users?page=&limit=  POST /orders
  GET  /cpu?n=  (and GET /delay?ms=, the target's latency instrument)

The routes are in demorouter.py, the JSON rules and error texts in demojson.py, the bearer tokens
(HS256 JWTs with the target's secret: a token from `stackbench target --token 7` works here) in
demotoken.py, the request framing in demohttp.py, and the database in demodb.py: its own SQLite
file, created when absent and seeded exactly as the target seeds its own: 50,000 users and
200,000 orders from the target's generator with seed 424242.

Why asyncio rather than http.server: one event loop on one thread is the shape of the native
configuration (`stackbench target --threads 1`), so the two are compared like for like; the
framing must match the target's byte for byte, including its 400/413/414/431 answers, keep-alive
rules, pipelining and Expect: 100-continue, which http.server decides differently (HTML error
pages, its own header parser); and a thread per connection would spend the load in GIL hand-offs.
SQLite calls and /cpu run on the loop, as they run on the target's single worker thread.

Usage: server.py [--host 127.0.0.1] [--port 0] [--db FILE]
Prints "stackbench demo server: listening on http://HOST:PORT (...)" once it accepts
connections (port 0 = any free port); SIGTERM or SIGINT stops it (exit 0). Errors: one line on
stderr, exit code 2. Needs only Debian's /usr/bin/python3 (3.11).
"""

import argparse
import asyncio
import os
import resource
import signal
import sqlite3
import sys

# The modules beside this file; no __pycache__ in the source tree or the install.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import demodb  # noqa: E402
import demohttp  # noqa: E402
import demorouter  # noqa: E402

NAME = "stackbench demo server"
LINGER_S = 2.0  # drain a closing connection at most this long, as the target does
MAX_UNSENT_BYTES = 1 << 20  # stop parsing a connection while this much is unsent

REASONS = {
    100: "Continue", 200: "OK", 201: "Created", 400: "Bad Request", 401: "Unauthorized",
    404: "Not Found", 405: "Method Not Allowed", 413: "Content Too Large", 414: "URI Too Long",
    422: "Unprocessable Content", 431: "Request Header Fields Too Large",
    500: "Internal Server Error",
}
FAILURES = {
    400: b"malformed request", 413: b"request body larger than 1 MiB",
    414: b"request target longer than 8 KiB", 431: b"request headers larger than 64 KiB",
}


def response(status, body, headers, keep_alive, http10):
    """The target's response bytes: status line, Content-Type, Content-Length, Connection."""
    head = b"HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n" % (
        status, REASONS.get(status, "Unknown").encode(), len(body))
    if not keep_alive:
        head += b"Connection: close\r\n"
    elif http10:
        head += b"Connection: keep-alive\r\n"
    return head + headers + b"\r\n" + body


class Connection(asyncio.Protocol):
    """One client connection: requests in order, one response each, keep-alive."""

    def __init__(self, router):
        self.router = router
        self.parser = demohttp.RequestParser()
        self.transport = None
        self.waiting = None  # the timer of a delayed response, before anything else is parsed
        self.close_after = False  # close once the responses are written
        self.lingering = False  # write side shut down; input discarded until EOF
        self.eof = False
        self.write_paused = False
        self.linger_timer = None

    def connection_made(self, transport):
        self.transport = transport
        transport.set_write_buffer_limits(high=MAX_UNSENT_BYTES)

    def data_received(self, data):
        if self.lingering:
            return
        self.parser.feed(data)
        self.serve()

    def eof_received(self):
        self.eof = True
        if self.lingering:
            self.transport.close()
            return True
        self.serve()
        return True  # keep the write side open for the responses still due

    def pause_writing(self):
        self.write_paused = True

    def resume_writing(self):
        self.write_paused = False
        self.serve()

    def connection_lost(self, exc):
        for timer in (self.waiting, self.linger_timer):
            if timer is not None:
                timer.cancel()
        self.waiting = None

    def serve(self):
        """Answers every complete request the connection may answer now."""
        out = []
        while self.waiting is None and not self.close_after and not self.write_paused:
            try:
                event = self.parser.next()
            except demohttp.Malformed as e:
                out.append(response(e.status, b'{"error":"' + FAILURES[e.status] + b'"}', b"",
                                    False, False))
                self.close_after = True
                break
            if event is None:
                break
            kind, request = event
            if kind == demohttp.CONTINUE:
                out.append(b"HTTP/1.1 100 Continue\r\n\r\n")
                continue
            reply = self.router.handle(request.method, request.target, request.authorization,
                                       request.body)
            if reply.delay_ms > 0:
                self.delay(reply, request)
                break
            out.append(response(reply.status, reply.body, reply.headers, request.keep_alive,
                                request.http10))
            self.close_after = not request.keep_alive
        if out:
            self.transport.write(b"".join(out))
        self.finish_turn()

    def delay(self, reply, request):
        # Nothing after the delayed response is parsed before it is sent.
        self.waiting = asyncio.get_running_loop().call_later(
            reply.delay_ms / 1000.0, self.delayed, reply, request)

    def delayed(self, reply, request):
        self.waiting = None
        self.transport.write(response(reply.status, reply.body, reply.headers,
                                      request.keep_alive, request.http10))
        self.close_after = not request.keep_alive
        self.serve()

    def finish_turn(self):
        if self.waiting is not None or self.transport.is_closing():
            return
        if self.close_after:
            self.start_linger()
        elif self.eof and not self.write_paused:
            self.transport.close()

    def start_linger(self):
        """Half-close and drain rather than close: closing with unread input would send a
        reset that can destroy the response before the client reads it."""
        if self.lingering:
            return
        self.lingering = True
        if self.eof:
            self.transport.close()
            return
        self.transport.write_eof()
        self.linger_timer = asyncio.get_running_loop().call_later(LINGER_S,
                                                                  self.transport.close)


def raise_file_limit():
    """Many benchmark connections need many descriptors: take the hard limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def default_db():
    base = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    return os.path.join(base, "stackbench", "demo-python.sqlite")


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="server.py", description="The Stackbench demo's Python server (the reference "
        "target's routes over SQLite). SIGTERM or Ctrl-C stops it.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", default="0", help="TCP port (0 = any free port)")
    parser.add_argument("--db", default=None, metavar="FILE",
                        help="SQLite file, created and seeded when absent (default: %s)"
                        % default_db())
    args = parser.parse_args(argv)
    if not args.port.isdigit() or int(args.port) > 65535:
        parser.exit(2, "%s: --port: must be an integer from 0 to 65535, not '%s'\n"
                    % (NAME, args.port))
    args.port = int(args.port)
    if args.db is None:
        args.db = default_db()
        os.makedirs(os.path.dirname(args.db), exist_ok=True)
    return args


async def serve(args, router):
    loop = asyncio.get_running_loop()
    stop = loop.create_future()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, lambda: stop.done() or stop.set_result(None))
    server = await loop.create_server(lambda: Connection(router), args.host, args.port,
                                      backlog=4096, reuse_address=True)
    sock = server.sockets[0]
    port = sock.getsockname()[1]
    host = "[%s]" % args.host if ":" in args.host else args.host
    print("%s: listening on http://%s:%d (python %s, sqlite %s, 1 thread, db %s)"
          % (NAME, host, port, sys.version.split()[0], sqlite3.sqlite_version,
             os.path.abspath(args.db)), flush=True)
    await stop
    server.close()
    await server.wait_closed()


def stop_while_seeding(_signal, _frame):
    raise SystemExit(0)  # runs the seed's cleanup (its temporary file) on the way out


def main(argv):
    signal.signal(signal.SIGTERM, stop_while_seeding)
    args = parse_args(argv)
    try:
        demodb.ensure_database(args.db)
        router = demorouter.Router(args.db)
    except demodb.DatabaseError as e:
        print("%s: %s" % (NAME, e), file=sys.stderr)
        return 2
    raise_file_limit()
    try:
        asyncio.run(serve(args, router))
    except OSError as e:
        reason = os.strerror(e.errno) if e.errno and e.errno > 0 else str(e)
        print("%s: %s:%d: %s" % (NAME, args.host, args.port, reason), file=sys.stderr)
        return 2
    finally:
        router.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
