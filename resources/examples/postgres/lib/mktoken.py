"""Prints an HS256 bearer token (a JWT) for the plan's "token-expired" variable.

Usage: /usr/bin/python3 lib/mktoken.py --sub USER_ID [--expired | --expires-at UNIX_SECONDS]
The key comes from SB_EXAMPLE_JWT_SECRET (the one the three apps get as JWT_SECRET), never from
the command line, so it does not show in the process list.

The plan makes its other tokens with Stackbench's own JWT variables; those always expire after
they are made, so an expired one (exp 2020-01-01, for the parity check "me expired token") comes
from here.
"""

import argparse
import base64
import hashlib
import hmac
import json
import os
import sys

PAST = 1577836800  # 2020-01-01T00:00:00Z


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def mint(secret, sub, exp):
    header = b64(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    payload = b64(json.dumps({"sub": str(sub), "exp": exp}, separators=(",", ":")).encode())
    signing = f"{header}.{payload}".encode()
    return f"{header}.{payload}.{b64(hmac.new(secret, signing, hashlib.sha256).digest())}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sub", type=int, required=True)
    when = ap.add_mutually_exclusive_group(required=True)
    when.add_argument("--expired", action="store_true", help="exp 2020-01-01")
    when.add_argument("--expires-at", type=int, metavar="UNIX_SECONDS")
    args = ap.parse_args()
    secret = os.environ.get("SB_EXAMPLE_JWT_SECRET", "").encode()
    if not secret:
        sys.exit("mktoken: SB_EXAMPLE_JWT_SECRET is not set (run.sh sets it; or eval \"$(run.sh env)\")")
    print(mint(secret, args.sub, PAST if args.expired else args.expires_at))


if __name__ == "__main__":
    main()
