"""JSON for the demo server, with the reference target's rules and error texts.

The reference target (engine/target/json.cpp) reads request bodies and token parts with Debian's
nlohmann-json 3.11.2 and adds its own rules: no byte order mark, no NUL byte anywhere, no
duplicate object key, at most 64 levels of nesting, no number beyond a double's range. Its error
reasons show in response bodies ("body is not valid JSON: <reason>"), so this module reproduces
them byte for byte: a port of nlohmann's lexer and parser (positions, messages, the order in
which errors are found), followed by the target's trimming of the message.

Values: dict (members in document order), list, str, int, float, bool, None. An int is what
nlohmann reads as an integer (unsigned up to 2**64 - 1, signed down to -2**63); an integer written
beyond those bounds is a float, as in nlohmann.

Fast path: Python's json module decides every document it can decide exactly (no duplicate keys,
no deep nesting, no \\ud800-style escapes, finite numbers); anything else, and every error, goes
through the port, which is the reference.
"""

import json
import math
import re

MAX_DEPTH = 64
EOF = -1

_UINT64_MAX = (1 << 64) - 1
_INT64_MIN = -(1 << 63)


class JsonError(Exception):
    """A document the target refuses; `reason` is the target's detail text (bytes)."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


# ---------------------------------------------------------------------------------------------
# The writer: appendJsonString.

_ESCAPES = {0x22: b'\\"', 0x5C: b"\\\\", 0x0A: b"\\n", 0x0D: b"\\r", 0x09: b"\\t"}
_NEEDS_ESCAPE = re.compile(rb'[\x00-\x1f"\\]')


def _escape(match):
    c = match.group()[0]
    return _ESCAPES.get(c) or b"\\u00%02x" % c


def json_string(text):
    """`text` (str or bytes) as the target writes a JSON string: quoted, with " \\ \\n \\r \\t
    escaped as such, other control characters as \\u00xx, every other byte as it is."""
    if isinstance(text, str):
        text = text.encode("utf-8", "surrogatepass")
    return b'"' + _NEEDS_ESCAPE.sub(_escape, text) + b'"'


# ---------------------------------------------------------------------------------------------
# The port of nlohmann's lexer (detail/input/lexer.hpp, 3.11.2).

T_UNINITIALIZED = "<uninitialized>"
T_TRUE = "true literal"
T_FALSE = "false literal"
T_NULL = "null literal"
T_STRING = "string literal"
T_UNSIGNED = "number literal (unsigned)"
T_INTEGER = "number literal (integer)"
T_FLOAT = "number literal (float)"
T_BEGIN_ARRAY = "'['"
T_BEGIN_OBJECT = "'{'"
T_END_ARRAY = "']'"
T_END_OBJECT = "'}'"
T_NAME_SEPARATOR = "':'"
T_VALUE_SEPARATOR = "','"
T_PARSE_ERROR = "<parse error>"
T_END_OF_INPUT = "end of input"
T_LITERAL_OR_VALUE = "'[', '{', or a literal"


def _token_name(t):
    return "number literal" if t.startswith("number literal") else t


_CONTROL_NAMES = (
    "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR",
    "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC",
    "FS", "GS", "RS", "US",
)
_CONTROL_SHORT = {0x08: "b", 0x09: "t", 0x0A: "n", 0x0C: "f", 0x0D: "r"}


def _control_message(c):
    text = "invalid string: control character U+%04X (%s) must be escaped to \\u%04X" % (
        c, _CONTROL_NAMES[c], c)
    if c in _CONTROL_SHORT:
        text += " or \\" + _CONTROL_SHORT[c]
    return text


_SIMPLE_ESCAPES = {
    0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09,
}
# Lead byte -> the ranges of the bytes that must follow it (RFC 3629, as nlohmann checks it).
_UTF8_FOLLOW = {}
for _b in range(0xC2, 0xE0):
    _UTF8_FOLLOW[_b] = ((0x80, 0xBF),)
_UTF8_FOLLOW[0xE0] = ((0xA0, 0xBF), (0x80, 0xBF))
for _b in list(range(0xE1, 0xED)) + [0xEE, 0xEF]:
    _UTF8_FOLLOW[_b] = ((0x80, 0xBF), (0x80, 0xBF))
_UTF8_FOLLOW[0xED] = ((0x80, 0x9F), (0x80, 0xBF))
_UTF8_FOLLOW[0xF0] = ((0x90, 0xBF), (0x80, 0xBF), (0x80, 0xBF))
for _b in (0xF1, 0xF2, 0xF3):
    _UTF8_FOLLOW[_b] = ((0x80, 0xBF), (0x80, 0xBF), (0x80, 0xBF))
_UTF8_FOLLOW[0xF4] = ((0x80, 0x8F), (0x80, 0xBF), (0x80, 0xBF))
_DIGITS = frozenset(b"0123456789")
_HEX = {c: int(chr(c), 16) for c in b"0123456789ABCDEFabcdef"}


class _Lexer:
    def __init__(self, data):
        self.data = data
        self.pos = 0
        self.current = EOF
        self.next_unget = False
        self.total = 0  # position_t::chars_read_total
        self.line_chars = 0  # position_t::chars_read_current_line
        self.lines = 0  # position_t::lines_read
        self.token_string = bytearray()
        self.token_buffer = bytearray()
        self.error_message = ""
        self.value = None

    def get(self):
        self.total += 1
        self.line_chars += 1
        if self.next_unget:
            self.next_unget = False
        elif self.pos < len(self.data):
            self.current = self.data[self.pos]
            self.pos += 1
        else:
            self.current = EOF
        if self.current != EOF:
            self.token_string.append(self.current)
        if self.current == 0x0A:
            self.lines += 1
            self.line_chars = 0
        return self.current

    def unget(self):
        self.next_unget = True
        self.total -= 1
        if self.line_chars == 0:
            if self.lines > 0:
                self.lines -= 1
        else:
            self.line_chars -= 1
        if self.current != EOF:
            self.token_string.pop()

    def reset(self):
        self.token_buffer = bytearray()
        self.token_string = bytearray()
        # to_char_type(eof) is the byte 0xFF.
        self.token_string.append(self.current & 0xFF)

    def token_text(self):
        """get_token_string(): control bytes as <U+XXXX>."""
        out = bytearray()
        for c in self.token_string:
            if c <= 0x1F:
                out += b"<U+%04X>" % c
            else:
                out.append(c)
        return bytes(out)

    def position(self):
        return " at line %d, column %d" % (self.lines + 1, self.line_chars)

    def fail(self, message):
        self.error_message = message
        return T_PARSE_ERROR

    def scan(self):
        if self.total == 0 and not self.skip_bom():
            return self.fail("invalid BOM; must be 0xEF 0xBB 0xBF if given")
        self.get()
        while self.current in (0x20, 0x09, 0x0A, 0x0D):
            self.get()
        c = self.current
        simple = {0x5B: T_BEGIN_ARRAY, 0x5D: T_END_ARRAY, 0x7B: T_BEGIN_OBJECT,
                  0x7D: T_END_OBJECT, 0x3A: T_NAME_SEPARATOR, 0x2C: T_VALUE_SEPARATOR}
        if c in simple:
            return simple[c]
        if c == 0x74:
            return self.scan_literal(b"true", T_TRUE)
        if c == 0x66:
            return self.scan_literal(b"false", T_FALSE)
        if c == 0x6E:
            return self.scan_literal(b"null", T_NULL)
        if c == 0x22:
            return self.scan_string()
        if c == 0x2D or c in _DIGITS:
            return self.scan_number()
        if c in (0x00, EOF):
            return T_END_OF_INPUT
        return self.fail("invalid literal")

    def skip_bom(self):
        if self.get() == 0xEF:
            return self.get() == 0xBB and self.get() == 0xBF
        self.unget()
        return True

    def scan_literal(self, text, token):
        for expected in text[1:]:
            if (self.get() & 0xFF) != expected:
                return self.fail("invalid literal")
        return token

    def codepoint(self):
        value = 0
        for shift in (12, 8, 4, 0):
            digit = _HEX.get(self.get())
            if digit is None:
                return -1
            value += digit << shift
        return value

    def next_bytes_in_range(self, ranges):
        self.token_buffer.append(self.current)
        for low, high in ranges:
            self.get()
            if low <= self.current <= high:
                self.token_buffer.append(self.current)
            else:
                self.error_message = "invalid string: ill-formed UTF-8 byte"
                return False
        return True

    def scan_string(self):
        self.reset()
        while True:
            c = self.get()
            if c == EOF:
                return self.fail("invalid string: missing closing quote")
            if c == 0x22:
                return T_STRING
            if c == 0x5C:
                if not self.scan_escape():
                    return T_PARSE_ERROR
            elif c <= 0x1F:
                return self.fail(_control_message(c))
            elif c <= 0x7F:
                self.token_buffer.append(c)
            elif c in _UTF8_FOLLOW:
                if not self.next_bytes_in_range(_UTF8_FOLLOW[c]):
                    return T_PARSE_ERROR
            else:
                return self.fail("invalid string: ill-formed UTF-8 byte")

    def scan_escape(self):
        c = self.get()
        if c in _SIMPLE_ESCAPES:
            self.token_buffer.append(_SIMPLE_ESCAPES[c])
            return True
        if c != 0x75:
            self.fail("invalid string: forbidden character after backslash")
            return False
        hex_message = "invalid string: '\\u' must be followed by 4 hex digits"
        pair_message = "invalid string: surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF"
        cp = self.codepoint()
        if cp == -1:
            self.fail(hex_message)
            return False
        if 0xD800 <= cp <= 0xDBFF:
            if not (self.get() == 0x5C and self.get() == 0x75):
                self.fail(pair_message)
                return False
            low = self.codepoint()
            if low == -1:
                self.fail(hex_message)
                return False
            if not 0xDC00 <= low <= 0xDFFF:
                self.fail(pair_message)
                return False
            cp = (cp << 10) + low - 0x35FDC00
        elif 0xDC00 <= cp <= 0xDFFF:
            self.fail("invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF")
            return False
        self.token_buffer += chr(cp).encode("utf-8")
        return True

    def digits(self):
        while self.get() in _DIGITS:
            self.token_buffer.append(self.current)

    def scan_number(self):
        self.reset()
        kind = T_UNSIGNED
        self.token_buffer.append(self.current)
        if self.current == 0x2D:
            kind = T_INTEGER
            if self.get() not in _DIGITS:
                return self.fail("invalid number; expected digit after '-'")
            self.token_buffer.append(self.current)
        if self.current == 0x30:
            self.get()
        else:
            self.digits()
        if self.current == 0x2E:
            kind = T_FLOAT
            self.token_buffer.append(0x2E)
            if self.get() not in _DIGITS:
                return self.fail("invalid number; expected digit after '.'")
            self.token_buffer.append(self.current)
            self.digits()
        if self.current in (0x65, 0x45):
            kind = T_FLOAT
            self.token_buffer.append(self.current)
            c = self.get()
            if c in (0x2B, 0x2D):
                self.token_buffer.append(c)
                if self.get() not in _DIGITS:
                    return self.fail("invalid number; expected digit after exponent sign")
            elif c not in _DIGITS:
                return self.fail("invalid number; expected '+', '-', or digit after exponent")
            self.token_buffer.append(self.current)
            self.digits()
        self.unget()
        text = bytes(self.token_buffer)
        # strtoull / strtoll, falling back to strtod when out of range (ERANGE).
        if kind == T_UNSIGNED and len(text) <= 20 and int(text) <= _UINT64_MAX:
            self.value = int(text)
            return T_UNSIGNED
        if kind == T_INTEGER and len(text) <= 21 and int(text) >= _INT64_MIN:
            self.value = int(text)
            return T_INTEGER
        self.value = float(text)
        return T_FLOAT


# ---------------------------------------------------------------------------------------------
# The port of nlohmann's parser (detail/input/parser.hpp) with the target's StrictRules.


class _Failed(Exception):
    """Parsing stopped: `rule` (the target's own rule, bytes) or `message` (nlohmann's what())."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class _Parser:
    def __init__(self, data):
        self.lexer = _Lexer(data)
        self.last = T_UNINITIALIZED
        self.rule_error = None  # the first StrictRules error, bytes
        self.key_stack = []  # one set of keys per open object
        self.depth = 0  # open containers
        self.get_token()

    def get_token(self):
        self.last = self.lexer.scan()
        return self.last

    def message(self, expected, context):
        text = "syntax error while parsing %s - " % context
        text = text.encode()
        if self.last == T_PARSE_ERROR:
            text += self.lexer.error_message.encode() + b"; last read: '"
            text += self.lexer.token_text() + b"'"
        else:
            text += b"unexpected " + _token_name(self.last).encode()
        if expected != T_UNINITIALIZED:
            text += b"; expected " + _token_name(expected).encode()
        return text

    def syntax_error(self, expected, context):
        what = b"[json.exception.parse_error.101] parse error" + self.lexer.position().encode()
        raise _Failed(what + b": " + self.message(expected, context))

    def rule(self, text):
        if self.rule_error is None:
            self.rule_error = text

    def open_container(self):
        # StrictRules: nlohmann calls the outermost container depth 0.
        if self.depth + 1 > MAX_DEPTH:
            self.rule(b"nesting deeper than %d levels" % MAX_DEPTH)
        self.depth += 1

    def add_key(self, key):
        keys = self.key_stack[-1]
        if key in keys:
            self.rule(b"duplicate key " + json_string(key))
        else:
            keys.add(key)

    def read_key(self, expected_context):
        if self.last != T_STRING:
            self.syntax_error(T_STRING, expected_context)
        key = bytes(self.lexer.token_buffer)
        self.add_key(key)
        if self.get_token() != T_NAME_SEPARATOR:
            self.syntax_error(T_NAME_SEPARATOR, "object separator")
        self.get_token()
        return key.decode("utf-8")

    def scalar(self):
        t = self.last
        if t == T_FLOAT:
            if not math.isfinite(self.lexer.value):
                raise _Failed(b"[json.exception.out_of_range.406] number overflow parsing '" +
                              self.lexer.token_text() + b"'")
            return self.lexer.value
        if t in (T_UNSIGNED, T_INTEGER):
            return self.lexer.value
        if t == T_STRING:
            return bytes(self.lexer.token_buffer).decode("utf-8")
        if t == T_TRUE:
            return True
        if t == T_FALSE:
            return False
        if t == T_NULL:
            return None
        if t == T_PARSE_ERROR:
            self.syntax_error(T_UNINITIALIZED, "value")
        self.syntax_error(T_LITERAL_OR_VALUE, "value")
        return None  # not reached

    def parse_value(self):
        """sax_parse_internal: iterative, one frame per open container."""
        stack = []  # frames: [container, pending key or None]
        while True:
            value = None
            opened = False
            if self.last == T_BEGIN_OBJECT:
                self.open_container()
                self.key_stack.append(set())
                if self.get_token() == T_END_OBJECT:
                    self.close_object()
                    value = {}
                else:
                    stack.append([{}, self.read_key("object key")])
                    opened = True
            elif self.last == T_BEGIN_ARRAY:
                self.open_container()
                if self.get_token() == T_END_ARRAY:
                    self.depth -= 1
                    value = []
                else:
                    stack.append([[], None])
                    opened = True
            else:
                value = self.scalar()
            if opened:
                continue
            # State evaluation: put the value in its container, close finished containers.
            while True:
                if not stack:
                    return value
                frame = stack[-1]
                if isinstance(frame[0], list):
                    frame[0].append(value)
                    if self.get_token() == T_VALUE_SEPARATOR:
                        self.get_token()
                        break
                    if self.last != T_END_ARRAY:
                        self.syntax_error(T_END_ARRAY, "array")
                    self.depth -= 1
                else:
                    frame[0].setdefault(frame[1], value)
                    if self.get_token() == T_VALUE_SEPARATOR:
                        self.get_token()
                        frame[1] = self.read_key("object key")
                        break
                    if self.last != T_END_OBJECT:
                        self.syntax_error(T_END_OBJECT, "object")
                    self.close_object()
                value = stack.pop()[0]

    def close_object(self):
        self.key_stack.pop()
        self.depth -= 1

    def parse(self):
        value = self.parse_value()
        if self.get_token() != T_END_OF_INPUT:
            self.syntax_error(T_END_OF_INPUT, "value")
        return value


def _reason(what):
    """ErrorReason::reason(): nlohmann's message without its "[json.exception...] " prefix and
    without the "; last read: '...'" excerpt (up to a following "; expected ")."""
    r = what
    if r.startswith(b"["):
        end = r.find(b"] ")
        if end != -1:
            r = r[end + 2:]
    excerpt = r.find(b"; last read: '")
    if excerpt != -1:
        expected = r.rfind(b"; expected ")
        if expected != -1 and expected > excerpt:
            r = r[:excerpt] + r[expected:]
        else:
            r = r[:excerpt]
    return r or b"invalid JSON"


def _parse_exactly(data):
    parser = _Parser(data)
    try:
        value = parser.parse()
    except _Failed as failed:
        # The target's rules see the document up to where nlohmann stopped: a broken rule
        # comes first in the text.
        if parser.rule_error is not None:
            raise JsonError(parser.rule_error) from None
        raise JsonError(_reason(failed.message)) from None
    except RecursionError:  # not reached: the parser is iterative
        raise JsonError(b"invalid JSON") from None
    if parser.rule_error is not None:
        raise JsonError(parser.rule_error)
    return value


# ---------------------------------------------------------------------------------------------
# The fast path.


class _Undecided(Exception):
    pass


def _fast_int(text):
    value = int(text)
    if value > _UINT64_MAX or value < _INT64_MIN:
        value = float(text)
        if not math.isfinite(value):
            raise _Undecided()
    return value


def _fast_float(text):
    value = float(text)
    if not math.isfinite(value):
        raise _Undecided()
    return value


def _no_constants(_text):
    raise _Undecided()


def _unique_pairs(pairs):
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise _Undecided()
    return obj


_DECODER = json.JSONDecoder(object_pairs_hook=_unique_pairs, parse_int=_fast_int,
                            parse_float=_fast_float, parse_constant=_no_constants)
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def _parse_fast(data):
    if data.count(b"[") + data.count(b"{") > MAX_DEPTH or _SURROGATE_ESCAPE.search(data):
        raise _Undecided()
    try:
        text = data.decode("utf-8")
        value = _DECODER.decode(text)
    except (ValueError, RecursionError):
        raise _Undecided() from None
    return value


def parse(data):
    """Parses one JSON document (bytes) as the target does; raises JsonError with the target's
    reason. Surrounding whitespace is allowed, nothing after the value."""
    if data[:3] == b"\xef\xbb\xbf":
        raise JsonError(b"byte order mark before the value")
    nul = data.find(b"\x00")
    if nul != -1:
        raise JsonError(b"NUL byte at offset %d" % nul)
    try:
        return _parse_fast(data)
    except _Undecided:
        return _parse_exactly(data)


def as_int64(value):
    """jsonInt64: the value of an integer that fits in int64, else None."""
    if type(value) is int and _INT64_MIN <= value < (1 << 63):
        return value
    return None
