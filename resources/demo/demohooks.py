#!/usr/bin/python3
"""Hooks of the demo plan (resources/plans/demo.json), run by the runner as commands, for either
server: both keep their rows in a SQLite file of the schema in demodb.py.

  demohooks.py order-persists URL DB
      POSTs an order to URL/orders, then reads that row back from the database file DB over a
      connection of its own: the order must be there with the values the server answered (it
      was committed, not only returned). Runs before_configuration, after the server is ready.
  demohooks.py reset-orders DB
      Deletes the orders added since the seed (id > 200000), so that every window starts from
      the seeded table (seed 000 resets orders before each POST /orders window). Runs
      before_window; does nothing when there is nothing to delete.

Exit 0 when done, 1 with one line on stderr when the check fails, 2 on a usage error.
"""

import http.client
import json
import os
import sqlite3
import sys
import urllib.parse

SEED_ORDERS = 200000


def fail(message):
    print("demohooks: %s" % message, file=sys.stderr)
    return 1


def post_order(url, order):
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=30)
    try:
        conn.request("POST", "/orders", json.dumps(order),
                     {"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def order_persists(url, db_path):
    # An amount no seeded order has (those are 100..100000), different on every call.
    order = {"user_id": 42, "amount_cents": 1000000 + os.getpid(), "items": 3}
    status, body = post_order(url, order)
    if status != 201:
        return fail("POST %s/orders answered %d, expected 201: %s"
                    % (url, status, body[:200].decode("utf-8", "replace")))
    created = json.loads(body)
    uri = "file:%s?mode=ro" % urllib.parse.quote(os.path.abspath(db_path))
    db = sqlite3.connect(uri, uri=True, timeout=5.0)
    try:
        row = db.execute("SELECT user_id, amount_cents, items, created_at FROM orders"
                         " WHERE id = ?", (created["id"],)).fetchone()
    finally:
        db.close()
    stored = None if row is None else dict(zip(("user_id", "amount_cents", "items",
                                                "created_at"), row))
    expected = {k: created.get(k) for k in ("user_id", "amount_cents", "items", "created_at")}
    if stored != expected or created["user_id"] != 42 or created["items"] != 3:
        return fail("order %s answered as %s is stored in %s as %s"
                    % (created.get("id"), expected, db_path, stored))
    return 0


def reset_orders(db_path):
    uri = "file:%s?mode=rw" % urllib.parse.quote(os.path.abspath(db_path))
    db = sqlite3.connect(uri, uri=True, timeout=5.0, isolation_level=None)
    try:
        if db.execute("SELECT max(id) FROM orders").fetchone()[0] > SEED_ORDERS:
            # The next ids start again at 200001, as in a fresh database.
            db.execute("DELETE FROM orders WHERE id > ?", (SEED_ORDERS,))
            # Nor does the WAL file keep the deleted rows' pages.
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        db.close()
    return 0


def main(argv):
    try:
        if len(argv) == 3 and argv[0] == "order-persists":
            return order_persists(argv[1], argv[2])
        if len(argv) == 2 and argv[0] == "reset-orders":
            return reset_orders(argv[1])
    except (OSError, sqlite3.Error, ValueError, KeyError, TypeError) as e:
        return fail("%s: %s" % (argv[0], e))
    print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
