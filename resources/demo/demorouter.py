"""The demo server's routes: the reference target's router (engine/target/router.cpp), with the
same status codes and the same body bytes for every input, valid or not.

  GET  /health             200 {"status":"ok"}
  POST /echo               {"name","email","age","tags"} checked and echoed; 422 on bad input
  GET  /me                 bearer token (demotoken.py) -> the user's row; 401 / 404
  GET  /users/:id          one row; 404 when absent; 400 when id is not a positive integer
  GET  /users?page=&limit= page >= 1 (1), limit 1..100 (20), by id; 400 out of range
  POST /orders             {"user_id","amount_cents","items"} -> INSERT ... RETURNING; 201 / 422
  GET  /cpu?n=             n chained SHA-256 over the lowercase hex; n 1..1000000 (1000)
  GET  /delay?ms=          answers after ms (0..60000) milliseconds without blocking the loop
A known path with another method gives 405 with an Allow header; any other path 404.
"""

import hashlib
import sqlite3
import time

import demodb
import demojson
import demotoken

_KNOWN_USER = ("name", "email", "age", "tags")
_ORDER_FIELDS = ("user_id", "amount_cents", "items")
_MAX_CENTS = 1000000000000


class Reply:
    """What the server sends: status, JSON body (bytes), extra header lines, a delay."""

    __slots__ = ("status", "body", "headers", "delay_ms")

    def __init__(self, status=200, body=b"", headers=b"", delay_ms=-1):
        self.status = status
        self.body = body
        self.headers = headers
        self.delay_ms = delay_ms


class _Refused(Exception):
    """A request answered with an error reply (raised inside a route, caught by handle)."""

    def __init__(self, reply):
        super().__init__(reply.status)
        self.reply = reply


def error(status, message, headers=b""):
    if isinstance(message, str):
        message = message.encode("utf-8")
    return Reply(status, b'{"error":' + demojson.json_string(message) + b"}", headers)


def invalid(message, field):
    """422 {"error": message, "field": name or null (an empty name is written as null)}."""
    body = b'{"error":' + demojson.json_string(message) + b',"field":'
    body += demojson.json_string(field) if field else b"null"
    return Reply(422, body + b"}")


def _parse_decimal(text):
    """A strictly decimal, non-negative integer of at most 18 digits, else None."""
    if not text or len(text) > 18 or not all(0x30 <= c <= 0x39 for c in text):
        return None
    return int(text)


def _query_param(query, key):
    """The value of the first `key` in a query string (not percent-decoded), None when absent."""
    for pair in query.split(b"&"):
        name, eq, value = pair.partition(b"=")
        if name == key:
            return value
    return None


def _int_param(query, key, low, high, default):
    text = _query_param(query, key)
    if text is None:
        return default
    value = _parse_decimal(text)
    if value is None or value < low or value > high:
        raise _Refused(error(400, b"%s must be an integer from %d to %d" % (key, low, high)))
    return value


def _check_object(body, allowed):
    if not isinstance(body, dict):
        raise _Refused(invalid(b"body must be a JSON object", b""))
    for key in body:
        if key not in allowed:
            raise _Refused(invalid(b"unknown field", key))


def _int_field(body, key, low, high):
    if key not in body:
        raise _Refused(invalid(b"missing field", key))
    value = demojson.as_int64(body[key])
    if value is None or value < low or value > high:
        raise _Refused(invalid(b"must be an integer from %d to %d" % (low, high), key))
    return value


def _parse_body(data):
    try:
        return demojson.parse(data)
    except demojson.JsonError as e:
        raise _Refused(invalid(b"body is not valid JSON: " + e.reason, b"")) from None


def _user_row(row):
    return b'{"id":%d,"name":%s,"email":%s,"created_at":%s}' % (
        row[0], demojson.json_string(row[1]), demojson.json_string(row[2]),
        demojson.json_string(row[3]))


def cpu_digest(n):
    """d1 = sha256("stackbench"), d(k+1) = sha256 of the 64-character lowercase hex of d(k)."""
    text = b"stackbench"
    sha256 = hashlib.sha256
    for _ in range(n):
        text = sha256(text).hexdigest().encode()
    return text


class Router:
    """One router per server thread, with its own SQLite connection."""

    def __init__(self, db_path):
        self.db = demodb.open_database(db_path)

    def close(self):
        self.db.close()

    def handle(self, method, target, authorization, body):
        """One request -> a Reply. `target` and `authorization` are bytes, `method` a str."""
        path, _, query = target.partition(b"?")
        query = query.partition(b"#")[0]
        try:
            return self._route(method, path, query, authorization, body)
        except _Refused as refused:
            return refused.reply
        except sqlite3.Error as e:
            return error(500, str(e))

    def _route(self, method, path, query, authorization, body):
        get = method == "GET"
        post = method == "POST"
        if path == b"/health":
            return Reply(200, b'{"status":"ok"}') if get else _not_allowed(b"GET")
        if path == b"/echo":
            return self.echo(body) if post else _not_allowed(b"POST")
        if path == b"/me":
            return self.me(authorization) if get else _not_allowed(b"GET")
        if path == b"/users":
            return self.users(query) if get else _not_allowed(b"GET")
        if len(path) > 7 and path.startswith(b"/users/") and path.find(b"/", 7) == -1:
            return self.user(path[7:]) if get else _not_allowed(b"GET")
        if path == b"/orders":
            return self.orders(body) if post else _not_allowed(b"POST")
        if path == b"/cpu":
            return self.cpu(query) if get else _not_allowed(b"GET")
        if path == b"/delay":
            return self.delay(query) if get else _not_allowed(b"GET")
        return error(404, b"no such route")

    def echo(self, data):
        body = _parse_body(data)
        _check_object(body, _KNOWN_USER)
        if "name" not in body:
            raise _Refused(invalid(b"missing field", b"name"))
        name = body["name"]
        if not isinstance(name, str) or not name:
            raise _Refused(invalid(b"must be a non-empty string", b"name"))
        if "email" not in body:
            raise _Refused(invalid(b"missing field", b"email"))
        email = body["email"]
        if not isinstance(email, str) or "@" not in email:
            raise _Refused(invalid(b"must be a string containing '@'", b"email"))
        age = _int_field(body, "age", 0, 150)
        if "tags" not in body:
            raise _Refused(invalid(b"missing field", b"tags"))
        tags = body["tags"]
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            raise _Refused(invalid(b"must be an array of strings", b"tags"))
        return Reply(200, b'{"name":%s,"email":%s,"age":%d,"tags":[%s]}' % (
            demojson.json_string(name), demojson.json_string(email), age,
            b",".join(demojson.json_string(t) for t in tags)))

    def me(self, auth):
        if not auth:
            return error(401, b"missing bearer token", b"WWW-Authenticate: Bearer\r\n")
        if auth[:7].lower() != b"bearer ":
            return error(401, b"authorization is not a bearer token",
                         b"WWW-Authenticate: Bearer\r\n")
        token = auth[7:].strip(b" ")
        try:
            user_id = demotoken.verify_token(token, int(time.time()))
        except demotoken.TokenError as e:
            return error(401, str(e), b'WWW-Authenticate: Bearer error="invalid_token"\r\n')
        reply = self.write_user(user_id)
        if reply.status == 404:
            return error(404, b"token user not found")
        return reply

    def write_user(self, user_id):
        row = self.db.execute("SELECT id, name, email, created_at FROM users WHERE id = ?1",
                              (user_id,)).fetchone()
        if row is None:
            return error(404, b"user not found")
        return Reply(200, _user_row(row))

    def user(self, id_text):
        user_id = _parse_decimal(id_text)
        if user_id is None or user_id < 1:
            return error(400, b"id must be a positive integer")
        return self.write_user(user_id)

    def users(self, query):
        page = _int_param(query, b"page", 1, 1000000000, 1)
        limit = _int_param(query, b"limit", 1, 100, 20)
        rows = self.db.execute(
            "SELECT id, name, email, created_at FROM users ORDER BY id LIMIT ?1 OFFSET ?2",
            (limit, (page - 1) * limit)).fetchall()
        return Reply(200, b"[" + b",".join(_user_row(r) for r in rows) + b"]")

    def orders(self, data):
        body = _parse_body(data)
        _check_object(body, _ORDER_FIELDS)
        user_id = _int_field(body, "user_id", 1, _MAX_CENTS)
        amount_cents = _int_field(body, "amount_cents", 1, _MAX_CENTS)
        items = _int_field(body, "items", 1, 1000000)
        now = demodb.format_time(time.time())
        rows = self.db.execute(
            "INSERT INTO orders(user_id, amount_cents, items, created_at)"
            " SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM users WHERE id = ?1)"
            " RETURNING id, user_id, amount_cents, items, created_at",
            (user_id, amount_cents, items, now)).fetchall()
        if not rows:
            return invalid(b"unknown user", b"user_id")
        r = rows[0]
        return Reply(201, b'{"id":%d,"user_id":%d,"amount_cents":%d,"items":%d,"created_at":%s}'
                     % (r[0], r[1], r[2], r[3], demojson.json_string(r[4])))

    def cpu(self, query):
        n = _int_param(query, b"n", 1, 1000000, 1000)
        return Reply(200, b'{"n":%d,"digest":"%s"}' % (n, cpu_digest(n)))

    def delay(self, query):
        ms = _int_param(query, b"ms", 0, 60000, 0)
        return Reply(200, b'{"delayed_ms":%d}' % ms, delay_ms=ms)


def _not_allowed(allowed):
    reply = error(405, b"method not allowed")
    reply.headers = b"Allow: " + allowed + b"\r\n"
    return reply
