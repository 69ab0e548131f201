"""Creates and seeds seed 004's schema in PostgreSQL, deterministically.

Usage: /usr/bin/python3 lib/seed.py --users N --orders M --items-per-order K
Connection from the environment (PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD).

Seed 004's schema: users, orders and order_items with BIGSERIAL keys, foreign keys, and its four
indexes: orders(user_id), orders(user_id, created_at DESC), order_items(order_id) and
users(created_at DESC, id DESC). Its generator is "counter-based MD5 with seed 424242"; this one
is: value(table, row, field) = the first 8 bytes (big-endian) of
MD5("424242:<table>:<row>:<field>"). Users: name "<first> <last>" from two lists of 24, email
"<first>.<last><id>@example.com", created_at 2020-01-01 + value % 3 years. Orders: user_id
1 + value % users, status from four, created_at 2020-01-01 + value % 4 years, total_cents the
sum of its items. Items (K per order): product_id 1 + value % 5000, quantity 1 + value % 5,
unit_price_cents 100 + value % 9901. Then ANALYZE (seed 004: PostgreSQL not tuned).

Inserted rows get ids from fixed points (orders 10,000,001, items 100,000,001), so the plan's
reset (delete above them, set the sequences back) restores the seeded state whatever its size,
and the parity checks know the id the first inserted order gets.

Idempotent: when the table stackbench_seed records the same seed, counts and generator, nothing
is done. Prints one line saying what it did.
"""

import argparse
import hashlib
import io
import sys
import time
from datetime import datetime, timezone

import psycopg2

SEED = 424242
GENERATOR = "md5-counter-v1"
FIRST_INSERTED_ORDER = 10_000_001
FIRST_INSERTED_ITEM = 100_000_001
EPOCH_2020 = 1577836800
STATUSES = ["pending", "paid", "shipped", "delivered"]

FIRST = ["Ada", "Alan", "Barbara", "Brian", "Claude", "Dennis", "Donald", "Edsger", "Frances",
         "Grace", "Guido", "Hedy", "Ivan", "John", "Ken", "Leslie", "Linus", "Margaret",
         "Niklaus", "Radia", "Rob", "Shafi", "Sophie", "Tim"]
LAST = ["Allen", "Backus", "Cerf", "Dijkstra", "Engelbart", "Floyd", "Goldberg", "Hamilton",
        "Hoare", "Hopper", "Kahan", "Knuth", "Lamport", "Liskov", "Lovelace", "McCarthy",
        "Perlman", "Ritchie", "Rossum", "Shannon", "Sutherland", "Thompson", "Torvalds", "Wirth"]

SCHEMA = """
DROP TABLE IF EXISTS order_items, orders, users, stackbench_seed;
CREATE TABLE users (
    id BIGSERIAL PRIMARY KEY,
    name text NOT NULL,
    email text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE orders (
    id BIGSERIAL PRIMARY KEY,
    user_id bigint NOT NULL,
    status text NOT NULL,
    total_cents bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE order_items (
    id BIGSERIAL PRIMARY KEY,
    order_id bigint NOT NULL,
    product_id bigint NOT NULL,
    quantity integer NOT NULL,
    unit_price_cents bigint NOT NULL
);
"""

# Built after the rows (one sort each instead of row-by-row B-tree inserts).
INDEXES = f"""
ALTER TABLE orders ADD CONSTRAINT orders_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id);
ALTER TABLE order_items ADD CONSTRAINT order_items_order_id_fkey
    FOREIGN KEY (order_id) REFERENCES orders (id);
CREATE INDEX orders_user_id_idx ON orders (user_id);
CREATE INDEX orders_user_id_created_at_idx ON orders (user_id, created_at DESC);
CREATE INDEX order_items_order_id_idx ON order_items (order_id);
CREATE INDEX users_created_at_id_idx ON users (created_at DESC, id DESC);
SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users));
SELECT setval(pg_get_serial_sequence('orders', 'id'), {FIRST_INSERTED_ORDER}, false);
SELECT setval(pg_get_serial_sequence('order_items', 'id'), {FIRST_INSERTED_ITEM}, false);
CREATE TABLE stackbench_seed (seed bigint, users bigint, orders bigint, items_per_order integer,
                              generator text, seeded_at timestamptz DEFAULT now());
"""


def value(table, row, field):
    digest = hashlib.md5(f"{SEED}:{table}:{row}:{field}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def stamp(seconds):
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def user_rows(users):
    out = io.StringIO()
    for uid in range(1, users + 1):
        first = FIRST[value("users", uid, 0) % len(FIRST)]
        last = LAST[value("users", uid, 1) % len(LAST)]
        when = stamp(EPOCH_2020 + value("users", uid, 2) % (3 * 365 * 86400))
        out.write(f"{uid}\t{first} {last}\t{first.lower()}.{last.lower()}{uid}@example.com\t{when}\n")
    out.seek(0)
    return out


def order_and_item_rows(orders, users, per_order):
    """Both COPY streams at once: an order's total is the sum of its items."""
    order_out, item_out = io.StringIO(), io.StringIO()
    item_id = 0
    for oid in range(1, orders + 1):
        total = 0
        for _ in range(per_order):
            item_id += 1
            product = 1 + value("order_items", item_id, 0) % 5000
            quantity = 1 + value("order_items", item_id, 1) % 5
            price = 100 + value("order_items", item_id, 2) % 9901
            total += quantity * price
            item_out.write(f"{item_id}\t{oid}\t{product}\t{quantity}\t{price}\n")
        user_id = 1 + value("orders", oid, 0) % users
        status = STATUSES[value("orders", oid, 1) % len(STATUSES)]
        when = stamp(EPOCH_2020 + value("orders", oid, 2) % (4 * 365 * 86400))
        order_out.write(f"{oid}\t{user_id}\t{status}\t{total}\t{when}\n")
    order_out.seek(0)
    item_out.seek(0)
    return order_out, item_out


def recorded(cur):
    cur.execute("SELECT to_regclass('stackbench_seed') IS NOT NULL")
    if not cur.fetchone()[0]:
        return None
    cur.execute("SELECT seed, users, orders, items_per_order, generator FROM stackbench_seed")
    return cur.fetchone()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--users", type=int, default=100_000)
    ap.add_argument("--orders", type=int, default=1_000_000)
    ap.add_argument("--items-per-order", type=int, default=3)
    args = ap.parse_args()
    if not 1 <= args.users <= 10_000_000 or not 1 <= args.orders < FIRST_INSERTED_ORDER \
            or not 1 <= args.items_per_order <= 9 \
            or args.orders * args.items_per_order >= FIRST_INSERTED_ITEM:
        sys.exit("seed: --users must be 1..10000000, --orders 1..10000000, "
                 "--items-per-order 1..9")
    conn = psycopg2.connect()
    conn.autocommit = False
    cur = conn.cursor()
    want = (SEED, args.users, args.orders, args.items_per_order, GENERATOR)
    if recorded(cur) == want:
        print(f"seed: already seeded ({args.users} users, {args.orders} orders, "
              f"{args.orders * args.items_per_order} items, seed {SEED})")
        return
    started = time.monotonic()
    cur.execute("SET client_min_messages = warning")
    cur.execute(SCHEMA)
    cur.copy_expert("COPY users (id, name, email, created_at) FROM STDIN", user_rows(args.users))
    orders, items = order_and_item_rows(args.orders, args.users, args.items_per_order)
    cur.copy_expert("COPY orders (id, user_id, status, total_cents, created_at) FROM STDIN", orders)
    cur.copy_expert("COPY order_items (id, order_id, product_id, quantity, unit_price_cents) "
                    "FROM STDIN", items)
    cur.execute(INDEXES)
    cur.execute("INSERT INTO stackbench_seed (seed, users, orders, items_per_order, generator) "
                "VALUES (%s, %s, %s, %s, %s)", want)
    conn.commit()
    conn.autocommit = True
    cur.execute("VACUUM ANALYZE")
    print(f"seed: seeded {args.users} users, {args.orders} orders and "
          f"{args.orders * args.items_per_order} items (seed {SEED}) "
          f"in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
