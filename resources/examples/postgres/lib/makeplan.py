"""Writes plan.json from plan.template.json: the cluster's port and the bearer tokens.

Usage: /usr/bin/python3 lib/makeplan.py --port PORT [--template T] [--out plan.json]
The HS256 secret comes from SB_EXAMPLE_JWT_SECRET (the one the three apps get as JWT_SECRET).

Plans cannot compute values from commands yet, and ${env:...} is not expanded in header values,
so the tokens are minted here and written into the plan as text:
  <token:valid>          sub 4242, expires 2100-01-01
  <token:expired>        sub 4242, expired 2020-01-01
  <token:bad-signature>  sub 4242, signed with another secret
  <token:missing-user>   sub 999999999 (no such user), expires 2100-01-01
"""

import argparse
import base64
import hashlib
import hmac
import json
import os
import re
import sys

FAR_FUTURE = 4102444800  # 2100-01-01T00:00:00Z
PAST = 1577836800  # 2020-01-01T00:00:00Z


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def mint(secret, sub, exp):
    header = b64(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    payload = b64(json.dumps({"sub": str(sub), "exp": exp}, separators=(",", ":")).encode())
    signing = f"{header}.{payload}".encode()
    return f"{header}.{payload}.{b64(hmac.new(secret, signing, hashlib.sha256).digest())}"


def tokens(secret):
    return {
        "valid": mint(secret, 4242, FAR_FUTURE),
        "expired": mint(secret, 4242, PAST),
        "bad-signature": mint(secret + b"-other", 4242, FAR_FUTURE),
        "missing-user": mint(secret, 999999999, FAR_FUTURE),
    }


def fill(value, minted):
    if isinstance(value, dict):
        return {k: fill(v, minted) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v, minted) for v in value]
    if isinstance(value, str):
        return re.sub(r"<token:([a-z-]+)>", lambda m: minted[m.group(1)], value)
    return value


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--template", default=os.path.join(here, "plan.template.json"))
    ap.add_argument("--out", default=os.path.join(here, "plan.json"))
    args = ap.parse_args()
    secret = os.environ.get("SB_EXAMPLE_JWT_SECRET", "").encode()
    if not secret:
        sys.exit("makeplan: SB_EXAMPLE_JWT_SECRET is not set")
    with open(args.template, encoding="utf-8") as f:
        plan = json.load(f)
    plan = fill(plan, tokens(secret))
    plan["database"]["port"] = args.port
    for config in plan["configurations"]:
        config["env"]["PGPORT"] = str(args.port)
    text = json.dumps(plan, indent=2, ensure_ascii=False) + "\n"
    fd = os.open(args.out + ".tmp", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(args.out + ".tmp", args.out)
    print(f"makeplan: wrote {args.out} (PostgreSQL on 127.0.0.1:{args.port})")


if __name__ == "__main__":
    main()
