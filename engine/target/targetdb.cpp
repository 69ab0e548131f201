#include "target/targetdb.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <random>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sb::target {

namespace {

constexpr int64_t kEpoch2020 = 1577836800; // 2020-01-01T00:00:00Z

const char *const kFirstNames[] = {
    "Ada",     "Alan",     "Barbara", "Brian", "Claude", "Dennis", "Donald", "Edsger",
    "Frances", "Grace",    "Guido",   "Hedy",  "Ivan",   "John",   "Ken",    "Leslie",
    "Linus",   "Margaret", "Niklaus", "Radia", "Rob",    "Shafi",  "Sophie", "Tim",
};
const char *const kLastNames[] = {
    "Allen",   "Backus",  "Cerf",   "Dijkstra", "Engelbart",  "Floyd",    "Goldberg", "Hamilton",
    "Hoare",   "Hopper",  "Kahan",  "Knuth",    "Lamport",    "Liskov",   "Lovelace", "McCarthy",
    "Perlman", "Ritchie", "Rossum", "Shannon",  "Sutherland", "Thompson", "Torvalds", "Wirth",
};
constexpr size_t kFirstCount = sizeof kFirstNames / sizeof kFirstNames[0];
constexpr size_t kLastCount = sizeof kLastNames / sizeof kLastNames[0];

void formatTime(int64_t unixSeconds, char (&buf)[32])
{
    const time_t t = time_t(unixSeconds);
    struct tm tm;
    gmtime_r(&t, &tm);
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

std::string lower(const char *s)
{
    std::string out(s);
    for (char &c : out) {
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    }
    return out;
}

sb::Error dbError(std::string where, std::string detail)
{
    return sb::Error{"target.db", std::move(where), std::move(detail)};
}

sb::Status exec(sqlite3 *db, const std::string &path, const char *sql)
{
    char *msg = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &msg) == SQLITE_OK)
        return sb::Ok{};
    sb::Error e =
        dbError(path, std::string(sql).substr(0, 40) + ": " + (msg ? msg : sqlite3_errmsg(db)));
    sqlite3_free(msg);
    return e;
}

sb::Status seedInto(sqlite3 *db, const std::string &path)
{
    if (sb::Status st = exec(db, path,
                             "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN;"
                             "CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                             " email TEXT NOT NULL, created_at TEXT NOT NULL);"
                             "CREATE TABLE orders(id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL,"
                             " amount_cents INTEGER NOT NULL, items INTEGER NOT NULL,"
                             " created_at TEXT NOT NULL);");
        !st.ok())
        return st;

    sqlite3_stmt *user = nullptr;
    sqlite3_stmt *order = nullptr;
    bool ok = sqlite3_prepare_v2(db, "INSERT INTO users VALUES(?1, ?2, ?3, ?4)", -1, &user,
                                 nullptr) == SQLITE_OK &&
              sqlite3_prepare_v2(db, "INSERT INTO orders VALUES(?1, ?2, ?3, ?4, ?5)", -1, &order,
                                 nullptr) == SQLITE_OK;
    char when[32];
    std::string name, email;
    for (int64_t id = 1; ok && id <= kSeedUsers; ++id) {
        const uint64_t row = uint64_t(id) * 16;
        const char *first = kFirstNames[seedValue(row + 0) % kFirstCount];
        const char *last = kLastNames[seedValue(row + 1) % kLastCount];
        name = std::string(first) + ' ' + last;
        email = lower(first) + '.' + lower(last) + std::to_string(id) + "@example.com";
        formatTime(kEpoch2020 + int64_t(seedValue(row + 2) % (3 * 365 * 86400)), when);
        sqlite3_bind_int64(user, 1, id);
        sqlite3_bind_text(user, 2, name.data(), int(name.size()), SQLITE_STATIC);
        sqlite3_bind_text(user, 3, email.data(), int(email.size()), SQLITE_STATIC);
        sqlite3_bind_text(user, 4, when, -1, SQLITE_STATIC);
        ok = sqlite3_step(user) == SQLITE_DONE;
        sqlite3_reset(user);
    }
    for (int64_t id = 1; ok && id <= kSeedOrders; ++id) {
        const uint64_t row = uint64_t(id) * 16;
        sqlite3_bind_int64(order, 1, id);
        sqlite3_bind_int64(order, 2, 1 + int64_t(seedValue(row + 8) % kSeedUsers));
        sqlite3_bind_int64(order, 3, 100 + int64_t(seedValue(row + 9) % 99901));
        sqlite3_bind_int64(order, 4, 1 + int64_t(seedValue(row + 10) % 10));
        formatTime(kEpoch2020 + int64_t(seedValue(row + 11) % (4 * 365 * 86400)), when);
        sqlite3_bind_text(order, 5, when, -1, SQLITE_STATIC);
        ok = sqlite3_step(order) == SQLITE_DONE;
        sqlite3_reset(order);
    }
    const std::string seedError = ok ? std::string() : sqlite3_errmsg(db);
    sqlite3_finalize(user);
    sqlite3_finalize(order);
    if (!ok)
        return dbError(path, "seeding: " + seedError);
    // The index is built after the rows: one sort instead of 200,000 B-tree inserts.
    return exec(db, path,
                "CREATE INDEX orders_user_id ON orders(user_id); COMMIT;"
                "PRAGMA journal_mode=WAL;");
}

bool fsyncPath(const std::string &path, int flags)
{
    const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

std::string dirOf(const std::string &path)
{
    const size_t slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

// Moves the seeded temporary file into place. RENAME_NOREPLACE: a database another process
// finished first is kept, not clobbered.
sb::Status publish(const std::string &tmp, const std::string &path)
{
    if (::renameat2(AT_FDCWD, tmp.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) != 0) {
        if (errno == EINVAL || errno == ENOSYS) {
            if (::rename(tmp.c_str(), path.c_str()) != 0)
                return dbError(path, std::string("rename: ") + std::strerror(errno));
        } else if (errno != EEXIST) {
            return dbError(path, std::string("rename: ") + std::strerror(errno));
        }
    }
    fsyncPath(dirOf(path), O_RDONLY | O_DIRECTORY);
    return sb::Ok{};
}

// Seeds `tmp`, closes and fsyncs it.
sb::Status seedFile(const std::string &tmp)
{
    sqlite3 *db = nullptr;
    const int rc = sqlite3_open_v2(tmp.c_str(), &db,
                                   SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                                       SQLITE_OPEN_EXCLUSIVE | SQLITE_OPEN_NOMUTEX,
                                   nullptr);
    sb::Status st = sb::Ok{};
    if (rc != SQLITE_OK)
        st = dbError(tmp, std::string("cannot create: ") +
                              (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
    else
        st = seedInto(db, tmp);
    if (db && sqlite3_close(db) != SQLITE_OK && st.ok())
        st = dbError(tmp, "closing failed");
    if (st.ok() && !fsyncPath(tmp, O_RDONLY))
        st = dbError(tmp, std::string("fsync: ") + std::strerror(errno));
    return st;
}

sb::Status createAndSeed(const std::string &path)
{
    std::random_device rd;
    const std::string tmp = path + ".seed-" + std::to_string(::getpid()) + "-" +
                            std::to_string(rd() & 0xFFFFFF) + ".tmp";
    sb::Status st = seedFile(tmp);
    if (st.ok())
        st = publish(tmp, path);
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        ::unlink((tmp + suffix).c_str());
    return st;
}

} // namespace

uint64_t seedValue(uint64_t counter)
{
    uint64_t z = kSeed + 0x9E3779B97F4A7C15ULL * (counter + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

sb::Status ensureDatabase(const std::string &path)
{
    if (path.empty())
        return dbError(std::string(), "no database path");
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) {
        if (errno != ENOENT)
            return dbError(path, std::strerror(errno));
        if (sb::Status created = createAndSeed(path); !created.ok())
            return created;
    }
    sb::Result<sqlite3 *> db = openDatabase(path);
    if (!db.ok())
        return db.error();
    sqlite3_stmt *tables = nullptr;
    const bool ok = sqlite3_prepare_v2(*db,
                                       "SELECT count(*) FROM sqlite_master WHERE type = 'table'"
                                       " AND name IN ('users', 'orders')",
                                       -1, &tables, nullptr) == SQLITE_OK &&
                    sqlite3_step(tables) == SQLITE_ROW && sqlite3_column_int(tables, 0) == 2;
    sb::Status result = sb::Ok{};
    if (!ok)
        result = dbError(path, std::string("not a stackbench target database (") +
                                   sqlite3_errmsg(*db) + ")");
    sqlite3_finalize(tables);
    sqlite3_close(*db);
    return result;
}

sb::Result<sqlite3 *> openDatabase(const std::string &path)
{
    sqlite3 *db = nullptr;
    const int rc =
        sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        sb::Error e = dbError(path, db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
        sqlite3_close(db);
        return e;
    }
    sqlite3_busy_timeout(db, 5000);
    char *msg = nullptr;
    if (sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;", nullptr, nullptr,
                     &msg) != SQLITE_OK) {
        sb::Error e = dbError(path, msg ? msg : sqlite3_errmsg(db));
        sqlite3_free(msg);
        sqlite3_close(db);
        return e;
    }
    return db;
}

} // namespace sb::target
