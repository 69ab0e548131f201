#pragma once

#include "core/result.h"

#include <cstdint>
#include <string>

struct sqlite3;

// The reference target's SQLite database.
//
// Schema:
//   users(id INTEGER PRIMARY KEY, name TEXT, email TEXT, created_at TEXT)
//   orders(id INTEGER PRIMARY KEY, user_id INTEGER, amount_cents INTEGER, items INTEGER,
//          created_at TEXT), index orders_user_id on orders(user_id)
// created_at is UTC ISO 8601 text, e.g. "2021-03-04T05:06:07Z".
//
// Seed: kSeedUsers users (ids 1..N) and kSeedOrders orders (ids 1..M), all fields drawn from a
// counter-based generator: value(counter) = splitmix64(kSeed + 0x9E3779B97F4A7C15 * (counter + 1))
// with counter = row * 16 + field (users fields 0..2, orders fields 8..11). The same seed always
// gives the same rows, so two fresh databases are identical row for row.
namespace sb::target {

inline constexpr uint64_t kSeed = 424242;  // generator seed
inline constexpr int kSeedUsers = 50000;   // users rows in a fresh database
inline constexpr int kSeedOrders = 200000; // orders rows in a fresh database

// Makes sure `path` holds a target database. When the file is absent, creates and seeds it in one
// transaction in a temporary file beside it (fsynced, then renamed into place, so a crash never
// leaves a half-seeded database under `path`). When it exists, checks that it has both tables and
// switches it to WAL. Takes about a second for a fresh seed. Errors (code "target.db", where the
// file concerned): the directory is not writable, the file is not a target database. Any thread;
// concurrent calls for one path (threads or processes) are safe: one seed wins, the others use it.
sb::Status ensureDatabase(const std::string &path);

// Opens a read-write connection to an existing target database, configured like the server's:
// SQLITE_OPEN_NOMUTEX (use it from one thread at a time), WAL, busy_timeout 5000 ms,
// synchronous=NORMAL. Close it with sqlite3_close(). Errors: code "target.db", where the path,
// detail SQLite's message.
sb::Result<sqlite3 *> openDatabase(const std::string &path);

// The generator described above, exposed for tests and for other implementations of the schema.
uint64_t seedValue(uint64_t counter);

} // namespace sb::target
