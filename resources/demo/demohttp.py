"""HTTP/1.1 request framing for the demo server, as the reference target frames requests.

The target parses requests with llhttp 8.1 (Debian's node-llhttp) and answers what it cannot
parse with 400 {"error":"malformed request"}; it refuses a request target over 8 KiB (414),
header names and values over 64 KiB in all (431) and a body over 1 MiB (413). This module
reproduces the framing the target accepts and refuses, as observed against it:

- request line: METHOD SP+ target [SP+ HTTP/x.y] (CRLF | LF); methods are llhttp's HTTP methods
  (upper case); versions 0.9 (also written as no version at all), 1.0, 1.1 and 2.0; a target
  starts with "/" or "*" or is absolute ("scheme://authority..."), any target for CONNECT;
  target bytes are HTAB, FF, 0x21-0x7E and 0x80-0xFF.
- line ends: the request line ends in CRLF or LF; a header line in CRLF, or in CR and any one
  byte while its value is still empty; the blank line in LF, CRLF or CR and any byte; a chunk
  size line in CRLF or CR and any byte; the two bytes after a chunk's data are skipped unread.
- header lines: a name is tchars and spaces (but
  no space after connection, content-length, proxy-connection, transfer-encoding or upgrade);
  values are HTAB, SP, 0x21-0x7E, 0x80-0xFF, leading whitespace dropped, trailing kept; a line
  that starts with SP or HTAB continues the previous value (its whitespace kept unless the
  value is still empty).
- Content-Length: digits with optional spaces around (leading tabs too), one header only, at
  most 2**64 - 1; Transfer-Encoding: its last token "chunked" and no other "chunked" before,
  never with Content-Length; chunk sizes in hex, extensions ";name[=token|"quoted"]", trailers.
- keep-alive: HTTP/1.1 (and later minor versions) unless a Connection (or Proxy-Connection)
  token says "close"; other versions only with "keep-alive". After a CONNECT request, or an
  upgrade (Connection: upgrade with an Upgrade header), any further byte is malformed.

A differential fuzz against the target (mutated requests, JSON bodies and tokens) found no
difference; corners it did not reach may still differ (absolute-form targets are checked only
loosely, and the header budget counts whole lines where llhttp counts names and values).
"""

import re

MAX_TARGET_BYTES = 8 * 1024
MAX_HEADER_BYTES = 64 * 1024
MAX_BODY_BYTES = 1024 * 1024

METHODS = frozenset((
    "DELETE", "GET", "HEAD", "POST", "PUT", "CONNECT", "OPTIONS", "TRACE", "COPY", "LOCK",
    "MKCOL", "MOVE", "PROPFIND", "PROPPATCH", "SEARCH", "UNLOCK", "BIND", "REBIND", "UNBIND",
    "ACL", "REPORT", "MKACTIVITY", "CHECKOUT", "MERGE", "M-SEARCH", "NOTIFY", "SUBSCRIBE",
    "UNSUBSCRIBE", "PATCH", "PURGE", "MKCALENDAR", "LINK", "UNLINK", "SOURCE",
))
VERSIONS = frozenset(((0, 9), (1, 0), (1, 1), (2, 0)))

_TARGET_BYTE = rb"[\t\x0c\x21-\x7e\x80-\xff]"
_REQUEST_LINE = re.compile(
    rb"([A-Z-]+) +(" + _TARGET_BYTE + rb"+?)(?: +HTTP/([0-9])\.([0-9]))?")
_ABSOLUTE = re.compile(rb"[A-Za-z]+://[A-Za-z0-9._~!$&'()*+,;=:@\[\]%-]*(?:[/?]|$)")
_TCHAR = rb"!#$%&'*+\-.^_`|~0-9A-Za-z"
_HEADER_LINE = re.compile(rb"([ " + _TCHAR + rb"]*):[ \t]*([\t\x20-\x7e\x80-\xff]*)")
_CONTINUATION = re.compile(rb"[ \t][\t\x20-\x7e\x80-\xff]*")
_CONTENT_LENGTH = re.compile(rb"([0-9]+) *")
_TOKEN = rb"[" + _TCHAR + rb"]"
_QUOTED = rb'"[^"\x00-\x08\x0a-\x1f\x7f]*"'
_CHUNK_SIZE = re.compile(
    rb"([0-9A-Fa-f]+)((?:;" + _TOKEN + rb"+(?:=(?:" + _TOKEN + rb"+|" + _QUOTED + rb"))?)*)")
_VALUE_BYTES = rb"[\t\x20-\x7e\x80-\xff]*"
# What a line may begin with, for input whose line end has not arrived.
_VERSION_PREFIX = b""
for _part in reversed((b"H", b"T", b"T", b"P", b"/", b"[0-9]", rb"\.", b"[0-9]")):
    _VERSION_PREFIX = b"(?:" + _part + _VERSION_PREFIX + b")?"
_REQUEST_PREFIX = re.compile(
    rb"([A-Z-]*)(?:( +)(" + _TARGET_BYTE + rb"*)(?: +" + _VERSION_PREFIX + rb")?)?\r?")
_FIELD_PREFIX = re.compile(
    rb"(?:[ " + _TCHAR + rb"]*(?::[ \t]*" + _VALUE_BYTES + rb")?|[ \t]" + _VALUE_BYTES + rb")\r?")
_CHUNK_PREFIX = re.compile(
    rb"(?:[0-9A-Fa-f]+(?:;" + _TOKEN + rb"*(?:=(?:" + _TOKEN + rb"*|" + _QUOTED[:-1] + rb'"?))?)*)?'
    rb"\r?")
_SPECIAL = (b"connection", b"content-length", b"proxy-connection", b"transfer-encoding",
            b"upgrade")


class Request:
    """One complete request."""

    __slots__ = ("method", "target", "authorization", "body", "keep_alive", "http10")

    def __init__(self, method, target, authorization, body, keep_alive, http10):
        self.method = method  # str, "GET"
        self.target = target  # bytes, path and query as sent
        self.authorization = authorization  # bytes, the last Authorization value, b"" if none
        self.body = body  # bytes, de-chunked
        self.keep_alive = keep_alive
        self.http10 = http10  # HTTP/1.0 exactly: keep-alive is announced in the response


class Malformed(Exception):
    """The request cannot be served; `status` is 400, 413, 414 or 431."""

    def __init__(self, status):
        super().__init__(status)
        self.status = status


# How a line ended: CR LF; CR and any other byte (which llhttp swallows); a bare LF.
CRLF, CR_ANY, LF = "crlf", "cr-any", "lf"
_LINE_END = re.compile(rb"[\r\n]")


def _take_line(buf):
    """Removes the first line from `buf` (a bytearray) -> (line, how it ended); None when
    no line end has arrived yet."""
    m = _LINE_END.search(buf)
    if m is None:
        return None
    i = m.start()
    if buf[i] == 0x0A:
        end, size = LF, i + 1
    elif i + 1 >= len(buf):
        return None
    else:
        end, size = (CRLF if buf[i + 1] == 0x0A else CR_ANY), i + 2
    line = bytes(buf[:i])
    del buf[:size]
    return line, end


CONTINUE = "continue"  # event: send "100 Continue" now
REQUEST = "request"  # event: a complete Request


class _Head:
    """What the request line and the headers said."""

    def __init__(self):
        self.method = ""
        self.target = b""
        self.version = (0, 9)
        self.authorization = b""
        self.expect = b""
        self.content_length = None
        self.te_tokens = []
        self.close = False
        self.keep_alive = False
        self.upgrade_token = False
        self.has_upgrade_header = False
        self.header_bytes = 0


def _request_line(line):
    m = _REQUEST_LINE.fullmatch(line)
    if not m:
        if _looks_like_long_target(line):
            raise Malformed(414)
        raise Malformed(400)
    method, target, major, minor = m.groups()
    method = method.decode("ascii")
    if method not in METHODS:
        raise Malformed(400)
    if len(target) > MAX_TARGET_BYTES:
        raise Malformed(414)
    first = target[:1]
    if first not in (b"/", b"*") and method != "CONNECT" and not _ABSOLUTE.match(target):
        raise Malformed(400)
    version = (int(major), int(minor)) if major is not None else (0, 9)
    if version not in VERSIONS:
        raise Malformed(400)
    head = _Head()
    head.method, head.target, head.version = method, target, version
    return head


def _looks_like_long_target(line):
    """A request line cut short (no end yet) whose target already passed the limit."""
    method, space, rest = line.partition(b" ")
    target = rest.lstrip(b" ").partition(b" ")[0]
    return bool(space) and len(target) > MAX_TARGET_BYTES


def _tokens(value):
    return [t.strip(b" ").lower() for t in value.split(b",")]


def _add_header(head, name, value):
    """Records one complete header; raises Malformed for what llhttp refuses."""
    lower = name.lower()
    if lower in _SPECIAL:
        if lower == b"content-length":
            m = _CONTENT_LENGTH.fullmatch(value)
            if head.content_length is not None or not m or head.te_tokens:
                raise Malformed(400)
            length = int(m.group(1))
            if length >= 1 << 64:
                raise Malformed(400)
            head.content_length = length
        elif lower == b"transfer-encoding":
            if head.content_length is not None or b"chunked" in head.te_tokens:
                raise Malformed(400)
            head.te_tokens.extend(_tokens(value))
        elif lower == b"upgrade":
            head.has_upgrade_header = True
        else:
            tokens = _tokens(value)
            head.close = head.close or b"close" in tokens
            head.keep_alive = head.keep_alive or b"keep-alive" in tokens
            head.upgrade_token = head.upgrade_token or b"upgrade" in tokens
    elif lower == b"authorization":
        head.authorization = value
    elif lower == b"expect":
        head.expect = value


def _header_name_ok(name):
    if b" " not in name:
        return True
    lower = name.lower()
    return not any(lower.startswith(s + b" ") for s in _SPECIAL)


class _HeadBuilder:
    """The head of one request, read line by line (lines without their CRLF)."""

    def __init__(self, request_line):
        self.head = _request_line(request_line)
        self.name = None
        self.value = b""

    def line(self, line, end):
        """One header line and how it ended (CRLF, CR_ANY or LF)."""
        head = self.head
        if line[:1] in (b" ", b"\t"):
            if self.name is None or not _CONTINUATION.fullmatch(line):
                raise Malformed(400)
            self.value += line.lstrip(b" \t") if not self.value else line
        else:
            self.flush()
            m = _HEADER_LINE.fullmatch(line)
            if not m or not _header_name_ok(m.group(1)):
                raise Malformed(400)
            self.name, self.value = m.groups()
        # llhttp takes CR and any byte for the end of a line that has no value yet.
        if end == LF or (end == CR_ANY and self.value):
            raise Malformed(400)
        head.header_bytes += len(line)
        if head.header_bytes > MAX_HEADER_BYTES:
            raise Malformed(431)

    def flush(self):
        if self.name is not None:
            _add_header(self.head, self.name, self.value)
            self.name = None

    def finish(self):
        self.flush()
        return self.head

    def check_partial(self, rest):
        """`rest`, the start of a line not ended yet, must be able to become a valid line."""
        if self.head.header_bytes + len(rest) > MAX_HEADER_BYTES:
            raise Malformed(431)
        check_partial_field(rest, self.name is not None)


def check_partial_request_line(rest):
    m = _REQUEST_PREFIX.fullmatch(rest)
    if not m:
        raise Malformed(414 if _looks_like_long_target(rest) else 400)
    method, space, target = m.group(1), m.group(2), m.group(3)
    if not space:
        if not any(known.startswith(method.decode()) for known in METHODS):
            raise Malformed(400)
        return
    if method.decode() not in METHODS:
        raise Malformed(400)
    if len(target) > MAX_TARGET_BYTES:
        raise Malformed(414)
    if target and method != b"CONNECT" and not (target[:1] in (b"/", b"*") or
                                                 target[:1].isalpha()):
        raise Malformed(400)


def check_partial_field(rest, continuable):
    """A header (or trailer) line not ended yet."""
    if not _FIELD_PREFIX.fullmatch(rest):
        raise Malformed(400)
    if rest[:1] in (b" ", b"\t"):
        if not continuable:
            raise Malformed(400)
    elif not _header_name_ok(rest.partition(b":")[0]):
        raise Malformed(400)


class RequestParser:
    """Incremental: feed() bytes, then next() until it returns None (more input needed).
    next() returns (CONTINUE, None) or (REQUEST, Request); it raises Malformed once the input
    cannot be a request, and keeps raising it."""

    def __init__(self):
        self.buf = bytearray()
        self.head = None
        self.building = None  # _HeadBuilder of a head not complete yet
        self.body = bytearray()
        self.chunk_left = -1  # chunked: bytes left in the current chunk, -1 = expecting a size
        self.in_trailers = False
        self.upgraded = False
        self.failed = None

    def feed(self, data):
        self.buf += data

    def next(self):
        if self.failed is not None:
            raise self.failed
        try:
            return self._next()
        except Malformed as e:
            self.failed = e
            raise

    def _next(self):
        if self.head is None:
            if self.upgraded and self.buf:
                raise Malformed(400)
            head = self._read_head()
            if head is None:
                return None
            self._start_body(head)
            if head.expect.lower() == b"100-continue" and head.version != (1, 0):
                return (CONTINUE, None)
        body = self._read_body()
        if body is None:
            return None
        return (REQUEST, self._finish(body))

    def _read_head(self):
        buf = self.buf
        while True:
            if self.building is None:
                start = 0
                while start < len(buf) and buf[start] in (0x0D, 0x0A):
                    start += 1
                if start:
                    del buf[:start]
            taken = _take_line(buf)
            if taken is None:
                self._check_partial_head(bytes(buf).rstrip(b"\r"))
                return None
            line, end = taken
            if self.building is None:
                if end == CR_ANY:
                    raise Malformed(400)
                self.building = _HeadBuilder(line)
            elif not line:
                head = self.building.finish()
                self.building = None
                return head
            else:
                self.building.line(line, end)

    def _check_partial_head(self, rest):
        if self.building is None:
            check_partial_request_line(rest)
        else:
            self.building.check_partial(rest)

    def _start_body(self, head):
        te = head.te_tokens
        if te and te[-1] != b"chunked":
            raise Malformed(400)
        if head.content_length is not None and head.content_length > MAX_BODY_BYTES:
            raise Malformed(413)
        self.head = head
        self.body = bytearray()
        self.chunk_left = -1
        self.in_trailers = False

    def _read_body(self):
        head = self.head
        if head.te_tokens:
            return self._read_chunked()
        length = head.content_length or 0
        if len(self.buf) < length:
            return None
        body = bytes(self.buf[:length])
        del self.buf[:length]
        return body

    def _read_chunked(self):
        buf = self.buf
        while True:
            if self.in_trailers:
                return self._read_trailers()
            if self.chunk_left < 0:
                taken = _take_line(buf)
                if taken is None:
                    if not _CHUNK_PREFIX.fullmatch(buf):
                        raise Malformed(400)
                    return None
                line, end = taken
                m = _CHUNK_SIZE.fullmatch(line)
                if end == LF or not m or len(m.group(1).lstrip(b"0")) > 16:
                    raise Malformed(400)
                self.chunk_left = int(m.group(1), 16)
                self.in_trailers = self.chunk_left == 0
                continue
            n = self.chunk_left
            if len(buf) < n + 2:
                # The target counts body bytes as they arrive.
                if len(self.body) + min(len(buf), n) > MAX_BODY_BYTES:
                    raise Malformed(413)
                return None
            # llhttp skips the two bytes after a chunk's data, whatever they are.
            self.body += buf[:n]
            if len(self.body) > MAX_BODY_BYTES:
                raise Malformed(413)
            del buf[:n + 2]
            self.chunk_left = -1

    def _read_trailers(self):
        buf = self.buf
        while True:
            taken = _take_line(buf)
            if taken is None:
                check_partial_field(bytes(buf).rstrip(b"\r"), False)
                return None
            line, end = taken
            if not line:
                return bytes(self.body)
            m = _HEADER_LINE.fullmatch(line)
            if not m or end == LF or (end == CR_ANY and m.group(2)):
                raise Malformed(400)

    def _finish(self, body):
        head = self.head
        self.head = None
        if head.version[0] > 0 and head.version[1] > 0:
            keep_alive = not head.close
        else:
            keep_alive = head.keep_alive
        if head.method == "CONNECT" or (head.upgrade_token and head.has_upgrade_header):
            self.upgraded = True
        return Request(head.method, head.target, head.authorization, body, keep_alive,
                       head.version == (1, 0))
