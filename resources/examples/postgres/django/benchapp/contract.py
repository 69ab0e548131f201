"""What both Django modes share: request validation, the bearer token check and /cpu. Pure
functions; the same rules as the Elysia app (../elysia/server.ts) so that all three stacks answer
every parity check with the same status code.
"""

import base64
import hashlib
import hmac
import json
import os
import time

JWT_SECRET = os.environ.get("JWT_SECRET", "").encode()

MAX_INT = 2_147_483_647


class Invalid(Exception):
    """A request the route rejects: status and a JSON-able body."""

    def __init__(self, status, error, field=None):
        super().__init__(error)
        self.status = status
        self.body = {"error": error} if status != 422 else {"error": error, "field": field}


def parse_object(raw, allowed):
    """The body as a JSON object holding only `allowed` keys, else Invalid(422)."""
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise Invalid(422, "body is not valid JSON")
    if not isinstance(body, dict):
        raise Invalid(422, "body must be a JSON object")
    for key in body:
        if key not in allowed:
            raise Invalid(422, "unknown field", key)
    return body


def as_int(value):
    """A JSON integer (JavaScript's rule: 3.0 is an integer, true is not), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def int_field(body, key, low, high):
    if key not in body:
        raise Invalid(422, "missing field", key)
    v = as_int(body[key])
    if v is None or v < low or v > high:
        raise Invalid(422, f"must be an integer from {low} to {high}", key)
    return v


def echo_body(raw):
    body = parse_object(raw, ("name", "email", "age", "tags"))
    for key in ("name", "email", "age", "tags"):
        if key not in body:
            raise Invalid(422, "missing field", key)
    name, email, tags = body["name"], body["email"], body["tags"]
    if not isinstance(name, str) or not name:
        raise Invalid(422, "must be a non-empty string", "name")
    if not isinstance(email, str) or "@" not in email:
        raise Invalid(422, "must be a string containing '@'", "email")
    age = int_field(body, "age", 0, 150)
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise Invalid(422, "must be an array of strings", "tags")
    return {"name": name, "email": email, "age": age, "tags": tags}


def order_body(raw):
    body = parse_object(raw, ("user_id", "amount_cents", "items"))
    return {
        "user_id": int_field(body, "user_id", 1, MAX_INT),
        "amount_cents": int_field(body, "amount_cents", 1, 100_000_000),
        "items": int_field(body, "items", 1, 1_000_000),
    }


def positive_id(text):
    if not text.isascii() or not text.isdigit() or len(text) > 10 or int(text) < 1 or int(text) > MAX_INT:
        raise Invalid(400, "id must be a positive integer")
    return int(text)


def int_param(query, key, low, high, default):
    text = query.get(key)
    if text is None:
        return default
    if not text.isascii() or not text.isdigit() or len(text) > 10 or not low <= int(text) <= high:
        raise Invalid(400, f"{key} must be an integer from {low} to {high}")
    return int(text)


def _b64decode(part):
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def token_user(authorization):
    """The user id of a valid HS256 bearer token, else Invalid(401)."""
    if not authorization:
        raise Invalid(401, "missing bearer token")
    if authorization[:7].lower() != "bearer ":
        raise Invalid(401, "authorization is not a bearer token")
    token = authorization[7:].strip()
    parts = token.split(".")
    if len(parts) != 3:
        raise Invalid(401, "malformed token")
    try:
        header = json.loads(_b64decode(parts[0]))
        payload = json.loads(_b64decode(parts[1]))
        signature = _b64decode(parts[2])
    except ValueError:
        raise Invalid(401, "malformed token")
    if not isinstance(header, dict) or header.get("alg") != "HS256":
        raise Invalid(401, "token is not HS256")
    expected = hmac.new(JWT_SECRET, f"{parts[0]}.{parts[1]}".encode(), hashlib.sha256).digest()
    if not hmac.compare_digest(expected, signature):
        raise Invalid(401, "bad signature")
    if not isinstance(payload, dict):
        raise Invalid(401, "malformed token")
    exp = payload.get("exp")
    if isinstance(exp, bool) or not isinstance(exp, (int, float)) or exp <= time.time():
        raise Invalid(401, "token expired")
    sub = payload.get("sub")
    if isinstance(sub, str) and sub.isascii() and sub.isdigit():
        sub = int(sub)
    if isinstance(sub, bool) or not isinstance(sub, int) or not 1 <= sub <= MAX_INT:
        raise Invalid(401, "token has no user")
    return sub


def cpu_digest(n):
    """n chained SHA-256: sha256("stackbench"), then sha256 of each previous lowercase hex digest."""
    digest = hashlib.sha256(b"stackbench").hexdigest()
    for _ in range(n - 1):
        digest = hashlib.sha256(digest.encode()).hexdigest()
    return digest
