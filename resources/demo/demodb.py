"""The demo server's SQLite database: the reference target's schema and seed (targetdb.cpp).

Schema:
  users(id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, created_at TEXT NOT NULL)
  orders(id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, amount_cents INTEGER NOT NULL,
         items INTEGER NOT NULL, created_at TEXT NOT NULL), index orders_user_id on orders(user_id)
created_at is UTC ISO 8601 text ("2021-03-04T05:06:07Z").

Seed: SEED_USERS = 50,000 users (ids 1..50000) and SEED_ORDERS = 200,000 orders (ids 1..200000),
every field drawn from the target's counter-based generator, seed 424242:
  value(counter) = splitmix64(424242 + 0x9E3779B97F4A7C15 * (counter + 1))
with counter = row * 16 + field (users: fields 0..2, orders: fields 8..11). The same seed gives
the same rows, so a fresh database here is identical, row for row, to a fresh target database;
either server can open a database the other one created.
"""

import os
import sqlite3
import time
import urllib.parse

SEED = 424242
SEED_USERS = 50000
SEED_ORDERS = 200000

_MASK = (1 << 64) - 1
_EPOCH_2020 = 1577836800  # 2020-01-01T00:00:00Z

FIRST_NAMES = (
    "Ada", "Alan", "Barbara", "Brian", "Claude", "Dennis", "Donald", "Edsger",
    "Frances", "Grace", "Guido", "Hedy", "Ivan", "John", "Ken", "Leslie",
    "Linus", "Margaret", "Niklaus", "Radia", "Rob", "Shafi", "Sophie", "Tim",
)
LAST_NAMES = (
    "Allen", "Backus", "Cerf", "Dijkstra", "Engelbart", "Floyd", "Goldberg", "Hamilton",
    "Hoare", "Hopper", "Kahan", "Knuth", "Lamport", "Liskov", "Lovelace", "McCarthy",
    "Perlman", "Ritchie", "Rossum", "Shannon", "Sutherland", "Thompson", "Torvalds", "Wirth",
)


class DatabaseError(Exception):
    """A database that cannot be created or opened; the message names the file."""


def seed_value(counter):
    """The target's generator (targetdb.h seedValue)."""
    z = (SEED + 0x9E3779B97F4A7C15 * (counter + 1)) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def format_time(unix_seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(unix_seconds))


def _users():
    for uid in range(1, SEED_USERS + 1):
        row = uid * 16
        first = FIRST_NAMES[seed_value(row) % len(FIRST_NAMES)]
        last = LAST_NAMES[seed_value(row + 1) % len(LAST_NAMES)]
        created = _EPOCH_2020 + seed_value(row + 2) % (3 * 365 * 86400)
        email = "%s.%s%d@example.com" % (first.lower(), last.lower(), uid)
        yield uid, first + " " + last, email, format_time(created)


def _orders():
    for oid in range(1, SEED_ORDERS + 1):
        row = oid * 16
        yield (oid, 1 + seed_value(row + 8) % SEED_USERS, 100 + seed_value(row + 9) % 99901,
               1 + seed_value(row + 10) % 10,
               format_time(_EPOCH_2020 + seed_value(row + 11) % (4 * 365 * 86400)))


def _seed_file(tmp):
    db = sqlite3.connect(tmp, isolation_level=None)
    try:
        db.executescript(
            "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN;"
            "CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " email TEXT NOT NULL, created_at TEXT NOT NULL);"
            "CREATE TABLE orders(id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL,"
            " amount_cents INTEGER NOT NULL, items INTEGER NOT NULL,"
            " created_at TEXT NOT NULL);")
        db.executemany("INSERT INTO users VALUES(?1, ?2, ?3, ?4)", _users())
        db.executemany("INSERT INTO orders VALUES(?1, ?2, ?3, ?4, ?5)", _orders())
        # The index is built after the rows: one sort instead of 200,000 B-tree inserts.
        db.execute("CREATE INDEX orders_user_id ON orders(user_id)")
        db.execute("COMMIT")
        db.execute("PRAGMA journal_mode=WAL")
    finally:
        db.close()
    with open(tmp, "rb") as f:
        os.fsync(f.fileno())


def _create_and_seed(path):
    tmp = "%s.seed-%d-%s.tmp" % (path, os.getpid(), os.urandom(3).hex())
    try:
        _seed_file(tmp)
        try:
            # A hard link never replaces: a database another process finished first is kept.
            os.link(tmp, path)
        except FileExistsError:
            pass
        directory = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
    except (OSError, sqlite3.Error) as e:
        raise DatabaseError("%s: %s" % (path, e)) from None
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            try:
                os.unlink(tmp + suffix)
            except FileNotFoundError:
                pass


def ensure_database(path):
    """Makes sure `path` holds a target database: seeds it when absent (in a temporary file
    beside it, published only when complete), checks both tables when present."""
    if not os.path.exists(path):
        _create_and_seed(path)
    db = open_database(path)
    try:
        tables = db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'"
                            " AND name IN ('users', 'orders')").fetchone()[0]
    except sqlite3.Error as e:
        raise DatabaseError("%s: not a stackbench target database (%s)" % (path, e)) from None
    finally:
        db.close()
    if tables != 2:
        raise DatabaseError("%s: not a stackbench target database" % path)


def open_database(path):
    """A read-write connection configured like the target's: WAL, busy_timeout 5000 ms,
    synchronous=NORMAL, autocommit."""
    try:
        uri = "file:%s?mode=rw" % urllib.parse.quote(os.path.abspath(path))
        db = sqlite3.connect(uri, uri=True, isolation_level=None,
                             timeout=5.0, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        return db
    except sqlite3.Error as e:
        raise DatabaseError("%s: %s" % (path, e)) from None
