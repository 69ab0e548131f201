"""The demo's bearer tokens: HS256 JSON Web Tokens, verified exactly as the reference target
verifies them (engine/target/token.cpp), with the same secret, so that one token works for both
servers.

Header  {"alg":"HS256","typ":"JWT"}
Payload {"sub":"<user id>","exp":<unix seconds>}   ("sub" may also be a JSON integer)
"""

import hashlib
import hmac

import demojson

# The shared HMAC secret of the demo's servers: a fixed, public test value, not a real secret.
TOKEN_SECRET = b"stackbench-demo-secret"
FAR_FUTURE_EXP = 4102444800  # 2100-01-01T00:00:00Z

_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_DECODE = {c: i for i, c in enumerate(_ALPHABET)}


class TokenError(Exception):
    """A refused token; the message is the target's reason (str)."""


def base64url_encode(data):
    out = bytearray()
    for i in range(0, len(data) - len(data) % 3, 3):
        v = data[i] << 16 | data[i + 1] << 8 | data[i + 2]
        out += bytes(_ALPHABET[(v >> s) & 63] for s in (18, 12, 6, 0))
    rest = len(data) % 3
    if rest == 1:
        v = data[-1] << 16
        out += bytes(_ALPHABET[(v >> s) & 63] for s in (18, 12))
    elif rest == 2:
        v = data[-2] << 16 | data[-1] << 8
        out += bytes(_ALPHABET[(v >> s) & 63] for s in (18, 12, 6))
    return bytes(out)


def base64url_decode(text):
    """base64url with or without padding; None on any byte outside the alphabet. Leftover bits
    are ignored, as the target ignores them."""
    text = text.rstrip(b"=")
    if len(text) % 4 == 1:
        return None
    out = bytearray()
    acc = 0
    bits = 0
    for c in text:
        v = _DECODE.get(c)
        if v is None:
            return None
        acc = (acc << 6) | v
        bits += 6
        if bits >= 8:
            bits -= 8
            out.append((acc >> bits) & 0xFF)
    return bytes(out)


def _mac(data):
    return hmac.new(TOKEN_SECRET, data, hashlib.sha256).digest()


def make_token(user_id, exp=FAR_FUTURE_EXP):
    """A token for `user_id`, byte for byte what `stackbench target --token USER_ID` prints."""
    header = base64url_encode(b'{"alg":"HS256","typ":"JWT"}')
    payload = base64url_encode(b'{"sub":"%d","exp":%d}' % (user_id, exp))
    signing_input = header + b"." + payload
    return signing_input + b"." + base64url_encode(_mac(signing_input))


def _parse_object(data):
    try:
        value = demojson.parse(data)
    except demojson.JsonError:
        return None
    return value if isinstance(value, dict) else None


def _subject_id(sub):
    """A positive user id from "sub" (a JSON integer or a decimal string), 0 otherwise."""
    i = demojson.as_int64(sub)
    if i is not None:
        return i
    if not isinstance(sub, str) or not sub:
        return 0
    # std::from_chars for int64: an optional '-', then ASCII digits, nothing else.
    digits = sub[1:] if sub.startswith("-") else sub
    if not digits or not all("0" <= c <= "9" for c in digits):
        return 0
    significant = digits.lstrip("0")
    if len(significant) > 19:
        return 0
    value = int(significant or "0")
    value = -value if sub.startswith("-") else value
    return value if -(1 << 63) <= value < (1 << 63) else 0


def verify_token(token, now):
    """The user id in `token` (bytes) at unix time `now`; raises TokenError with the reason."""
    parts = token.split(b".")
    if len(parts) != 3:
        raise TokenError("token is not three dot-separated parts")
    header_json, payload_json, signature = (base64url_decode(p) for p in parts)
    if header_json is None or payload_json is None or signature is None:
        raise TokenError("token part is not base64url")
    header = _parse_object(header_json)
    if header is None:
        raise TokenError("token header is not a JSON object")
    if header.get("alg") != "HS256":
        raise TokenError("token algorithm is not HS256")
    if not hmac.compare_digest(signature, _mac(parts[0] + b"." + parts[1])):
        raise TokenError("bad token signature")
    payload = _parse_object(payload_json)
    if payload is None:
        raise TokenError("token payload is not a JSON object")
    exp = payload.get("exp")
    if type(exp) not in (int, float):
        raise TokenError("token has no numeric exp")
    if float(exp) <= float(now):
        raise TokenError("token expired")
    user_id = _subject_id(payload.get("sub"))
    if user_id <= 0:
        raise TokenError("token sub is not a user id")
    return user_id
