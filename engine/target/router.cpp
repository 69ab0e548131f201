#include "target/router.h"

#include "http/ascii.h"
#include "target/json.h"
#include "target/targetdb.h"
#include "target/token.h"

#include <charconv>
#include <ctime>
#include <mutex>
#include <openssl/sha.h>
#include <optional>
#include <sqlite3.h>

namespace sb::target {

namespace {

// Writers in one process take turns here rather than in SQLite's busy handler, which sleeps in
// millisecond steps; busy_timeout still covers writers in other processes.
std::mutex g_writeMutex;

void appendInt(std::string &out, int64_t value)
{
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, value);
    out.append(buf, r.ptr);
}

void appendColumnText(std::string &out, sqlite3_stmt *st, int column)
{
    const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(st, column));
    appendJsonString(out,
                     std::string_view(text ? text : "", size_t(sqlite3_column_bytes(st, column))));
}

void appendUserRow(std::string &out, sqlite3_stmt *st)
{
    out += "{\"id\":";
    appendInt(out, sqlite3_column_int64(st, 0));
    out += ",\"name\":";
    appendColumnText(out, st, 1);
    out += ",\"email\":";
    appendColumnText(out, st, 2);
    out += ",\"created_at\":";
    appendColumnText(out, st, 3);
    out += '}';
}

void error(RouteReply &reply, int status, std::string_view message)
{
    reply.status = status;
    reply.body = "{\"error\":";
    appendJsonString(reply.body, message);
    reply.body += '}';
}

void invalid(RouteReply &reply, std::string_view message, std::string_view field)
{
    reply.status = 422;
    reply.body = "{\"error\":";
    appendJsonString(reply.body, message);
    reply.body += ",\"field\":";
    if (field.empty())
        reply.body += "null";
    else
        appendJsonString(reply.body, field);
    reply.body += '}';
}

void methodNotAllowed(RouteReply &reply, const char *allowed)
{
    error(reply, 405, "method not allowed");
    reply.headers = std::string("Allow: ") + allowed + "\r\n";
}

// A strictly decimal, non-negative integer (no sign, no spaces), at most 18 digits.
bool parseDecimal(std::string_view text, int64_t &value)
{
    if (text.empty() || text.size() > 18)
        return false;
    for (char c : text) {
        if (c < '0' || c > '9')
            return false;
    }
    std::from_chars(text.data(), text.data() + text.size(), value);
    return true;
}

// Finds `key` in a query string ("a=1&b=2"); the first occurrence wins. Values are not
// percent-decoded: every parameter the target reads is a plain decimal number.
bool queryParam(std::string_view query, std::string_view key, std::string_view &value)
{
    while (!query.empty()) {
        const size_t amp = query.find('&');
        const std::string_view pair = query.substr(0, amp);
        const size_t eq = pair.find('=');
        if (pair.substr(0, eq) == key) {
            value = eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1);
            return true;
        }
        if (amp == std::string_view::npos)
            break;
        query.remove_prefix(amp + 1);
    }
    return false;
}

// Reads an optional integer parameter into `value` (left at its default when absent) and
// checks its range; on failure fills a 400 reply.
bool intParam(std::string_view query, std::string_view key, int64_t min, int64_t max,
              int64_t &value, RouteReply &reply)
{
    std::string_view text;
    if (!queryParam(query, key, text))
        return true;
    int64_t parsed = 0;
    if (!parseDecimal(text, parsed) || parsed < min || parsed > max) {
        error(reply, 400,
              std::string(key) + " must be an integer from " + std::to_string(min) + " to " +
                  std::to_string(max));
        return false;
    }
    value = parsed;
    return true;
}

// Checks that `body` is an object with only the `allowed` keys; fills a 422 reply otherwise.
bool checkObject(const Json &body, std::initializer_list<std::string_view> allowed,
                 RouteReply &reply)
{
    if (!body.is_object()) {
        invalid(reply, "body must be a JSON object", {});
        return false;
    }
    for (const auto &member : body.items()) {
        bool known = false;
        for (std::string_view key : allowed)
            known = known || member.key() == key;
        if (!known) {
            invalid(reply, "unknown field", member.key());
            return false;
        }
    }
    return true;
}

// The member `key` of an object, nullptr when absent.
const Json *member(const Json &object, std::string_view key)
{
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

// Reads a required integer field in [min, max]; fills a 422 reply otherwise.
bool intField(const Json &body, std::string_view key, int64_t min, int64_t max, int64_t &value,
              RouteReply &reply)
{
    const Json *v = member(body, key);
    if (!v) {
        invalid(reply, "missing field", key);
        return false;
    }
    const std::optional<int64_t> i = jsonInt64(*v);
    if (!i || *i < min || *i > max) {
        invalid(reply,
                "must be an integer from " + std::to_string(min) + " to " + std::to_string(max),
                key);
        return false;
    }
    value = *i;
    return true;
}

// Parses a request body; fills a 422 reply when it is not JSON.
std::optional<Json> parseBody(std::string_view body, RouteReply &reply)
{
    sb::Result<Json> parsed = parseJson(body);
    if (!parsed.ok()) {
        invalid(reply, "body is not valid JSON: " + parsed.error().detail, {});
        return std::nullopt;
    }
    return std::move(*parsed);
}

void formatNow(char (&buf)[32])
{
    const time_t t = std::time(nullptr);
    struct tm tm;
    gmtime_r(&t, &tm);
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

} // namespace

const char *statusReason(int status)
{
    switch (status) {
    case 100:
        return "Continue";
    case 200:
        return "OK";
    case 201:
        return "Created";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 413:
        return "Content Too Large";
    case 414:
        return "URI Too Long";
    case 422:
        return "Unprocessable Content";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    default:
        return "Unknown";
    }
}

std::string cpuDigest(int64_t n)
{
    static const char kHex[] = "0123456789abcdef";
    unsigned char md[SHA256_DIGEST_LENGTH];
    char hex[2 * SHA256_DIGEST_LENGTH];
    auto toHex = [&] {
        for (int i = 0; i < SHA256_DIGEST_LENGTH; ++i) {
            hex[2 * i] = kHex[md[i] >> 4];
            hex[2 * i + 1] = kHex[md[i] & 0xF];
        }
    };
    static const char kStart[] = "stackbench";
    SHA256(reinterpret_cast<const unsigned char *>(kStart), sizeof kStart - 1, md);
    toHex();
    for (int64_t i = 1; i < n; ++i) {
        SHA256(reinterpret_cast<const unsigned char *>(hex), sizeof hex, md);
        toHex();
    }
    return std::string(hex, sizeof hex);
}

Router::~Router()
{
    sqlite3_finalize(m_getUser);
    sqlite3_finalize(m_listUsers);
    sqlite3_finalize(m_insertOrder);
    sqlite3_close(m_db);
}

sb::Status Router::open(const std::string &dbPath)
{
    sb::Result<sqlite3 *> db = openDatabase(dbPath);
    if (!db.ok())
        return db.error();
    m_db = *db;
    auto prepare = [&](const char *sql, sqlite3_stmt **st) {
        return sqlite3_prepare_v3(m_db, sql, -1, SQLITE_PREPARE_PERSISTENT, st, nullptr) ==
               SQLITE_OK;
    };
    if (prepare("SELECT id, name, email, created_at FROM users WHERE id = ?1", &m_getUser) &&
        prepare("SELECT id, name, email, created_at FROM users ORDER BY id LIMIT ?1 OFFSET ?2",
                &m_listUsers) &&
        prepare("INSERT INTO orders(user_id, amount_cents, items, created_at)"
                " SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM users WHERE id = ?1)"
                " RETURNING id, user_id, amount_cents, items, created_at",
                &m_insertOrder))
        return sb::Ok{};
    return sb::Error{"target.db", dbPath, sqlite3_errmsg(m_db)};
}

void Router::handle(const RouteRequest &request, RouteReply &reply)
{
    reply.status = 200;
    reply.body.clear();
    reply.headers.clear();
    reply.delayMs = -1;

    std::string_view path = request.target;
    std::string_view query;
    const size_t q = path.find('?');
    if (q != std::string_view::npos) {
        query = path.substr(q + 1);
        path = path.substr(0, q);
    }
    const size_t hash = query.find('#');
    if (hash != std::string_view::npos)
        query = query.substr(0, hash);
    const bool get = request.method == "GET";
    const bool post = request.method == "POST";

    if (path == "/health") {
        get ? health(reply) : methodNotAllowed(reply, "GET");
    } else if (path == "/echo") {
        post ? echo(request, reply) : methodNotAllowed(reply, "POST");
    } else if (path == "/me") {
        get ? me(request, reply) : methodNotAllowed(reply, "GET");
    } else if (path == "/users") {
        get ? users(query, reply) : methodNotAllowed(reply, "GET");
    } else if (path.size() > 7 && path.substr(0, 7) == "/users/" &&
               path.find('/', 7) == std::string_view::npos) {
        get ? user(path.substr(7), reply) : methodNotAllowed(reply, "GET");
    } else if (path == "/orders") {
        post ? orders(request, reply) : methodNotAllowed(reply, "POST");
    } else if (path == "/cpu") {
        get ? cpu(query, reply) : methodNotAllowed(reply, "GET");
    } else if (path == "/delay") {
        get ? delay(query, reply) : methodNotAllowed(reply, "GET");
    } else {
        error(reply, 404, "no such route");
    }
}

void Router::health(RouteReply &reply)
{
    reply.body = R"({"status":"ok"})";
}

void Router::echo(const RouteRequest &request, RouteReply &reply)
{
    const std::optional<Json> body = parseBody(request.body, reply);
    if (!body || !checkObject(*body, {"name", "email", "age", "tags"}, reply))
        return;
    const Json *nameValue = member(*body, "name");
    if (!nameValue) {
        invalid(reply, "missing field", "name");
        return;
    }
    const std::string *name = jsonString(*nameValue);
    if (!name || name->empty()) {
        invalid(reply, "must be a non-empty string", "name");
        return;
    }
    const Json *emailValue = member(*body, "email");
    if (!emailValue) {
        invalid(reply, "missing field", "email");
        return;
    }
    const std::string *email = jsonString(*emailValue);
    if (!email || email->find('@') == std::string::npos) {
        invalid(reply, "must be a string containing '@'", "email");
        return;
    }
    int64_t age = 0;
    if (!intField(*body, "age", 0, 150, age, reply))
        return;
    const Json *tags = member(*body, "tags");
    if (!tags) {
        invalid(reply, "missing field", "tags");
        return;
    }
    bool tagsOk = tags->is_array();
    for (size_t i = 0; tagsOk && i < tags->size(); ++i)
        tagsOk = jsonString((*tags)[i]) != nullptr;
    if (!tagsOk) {
        invalid(reply, "must be an array of strings", "tags");
        return;
    }
    reply.body = "{\"name\":";
    appendJsonString(reply.body, *name);
    reply.body += ",\"email\":";
    appendJsonString(reply.body, *email);
    reply.body += ",\"age\":";
    appendInt(reply.body, age);
    reply.body += ",\"tags\":[";
    for (size_t i = 0; i < tags->size(); ++i) {
        if (i)
            reply.body += ',';
        appendJsonString(reply.body, *jsonString((*tags)[i]));
    }
    reply.body += "]}";
}

void Router::me(const RouteRequest &request, RouteReply &reply)
{
    std::string_view auth = request.authorization;
    if (auth.empty()) {
        error(reply, 401, "missing bearer token");
        reply.headers = "WWW-Authenticate: Bearer\r\n";
        return;
    }
    if (!http::startsWithIgnoringCase(auth, "bearer ")) {
        error(reply, 401, "authorization is not a bearer token");
        reply.headers = "WWW-Authenticate: Bearer\r\n";
        return;
    }
    auth.remove_prefix(7);
    while (!auth.empty() && auth.front() == ' ')
        auth.remove_prefix(1);
    while (!auth.empty() && auth.back() == ' ')
        auth.remove_suffix(1);
    const sb::Result<int64_t> userId = verifyToken(auth, int64_t(std::time(nullptr)));
    if (!userId.ok()) {
        error(reply, 401, userId.error().detail);
        reply.headers = "WWW-Authenticate: Bearer error=\"invalid_token\"\r\n";
        return;
    }
    if (!writeUser(*userId, reply) && reply.status == 404)
        error(reply, 404, "token user not found");
}

bool Router::writeUser(int64_t id, RouteReply &reply)
{
    sqlite3_bind_int64(m_getUser, 1, id);
    const int rc = sqlite3_step(m_getUser);
    bool found = false;
    if (rc == SQLITE_ROW) {
        appendUserRow(reply.body, m_getUser);
        found = true;
    } else if (rc == SQLITE_DONE) {
        error(reply, 404, "user not found");
    } else {
        error(reply, 500, sqlite3_errmsg(m_db));
    }
    sqlite3_reset(m_getUser);
    return found;
}

void Router::user(std::string_view idText, RouteReply &reply)
{
    int64_t id = 0;
    if (!parseDecimal(idText, id) || id < 1) {
        error(reply, 400, "id must be a positive integer");
        return;
    }
    writeUser(id, reply);
}

void Router::users(std::string_view query, RouteReply &reply)
{
    int64_t page = 1;
    int64_t limit = 20;
    if (!intParam(query, "page", 1, 1000000000, page, reply) ||
        !intParam(query, "limit", 1, 100, limit, reply))
        return;
    sqlite3_bind_int64(m_listUsers, 1, limit);
    sqlite3_bind_int64(m_listUsers, 2, (page - 1) * limit);
    reply.body = "[";
    int rc;
    bool first = true;
    while ((rc = sqlite3_step(m_listUsers)) == SQLITE_ROW) {
        if (!first)
            reply.body += ',';
        first = false;
        appendUserRow(reply.body, m_listUsers);
    }
    reply.body += ']';
    if (rc != SQLITE_DONE)
        error(reply, 500, sqlite3_errmsg(m_db));
    sqlite3_reset(m_listUsers);
}

void Router::orders(const RouteRequest &request, RouteReply &reply)
{
    const std::optional<Json> body = parseBody(request.body, reply);
    constexpr int64_t kMax = 1000000000000LL;
    int64_t userId = 0, amountCents = 0, items = 0;
    if (!body || !checkObject(*body, {"user_id", "amount_cents", "items"}, reply) ||
        !intField(*body, "user_id", 1, kMax, userId, reply) ||
        !intField(*body, "amount_cents", 1, kMax, amountCents, reply) ||
        !intField(*body, "items", 1, 1000000, items, reply))
        return;
    char now[32];
    formatNow(now);
    std::lock_guard lock(g_writeMutex);
    sqlite3_bind_int64(m_insertOrder, 1, userId);
    sqlite3_bind_int64(m_insertOrder, 2, amountCents);
    sqlite3_bind_int64(m_insertOrder, 3, items);
    sqlite3_bind_text(m_insertOrder, 4, now, -1, SQLITE_STATIC);
    const int rc = sqlite3_step(m_insertOrder);
    if (rc == SQLITE_ROW) {
        reply.status = 201;
        reply.body = "{\"id\":";
        appendInt(reply.body, sqlite3_column_int64(m_insertOrder, 0));
        reply.body += ",\"user_id\":";
        appendInt(reply.body, sqlite3_column_int64(m_insertOrder, 1));
        reply.body += ",\"amount_cents\":";
        appendInt(reply.body, sqlite3_column_int64(m_insertOrder, 2));
        reply.body += ",\"items\":";
        appendInt(reply.body, sqlite3_column_int64(m_insertOrder, 3));
        reply.body += ",\"created_at\":";
        appendColumnText(reply.body, m_insertOrder, 4);
        reply.body += '}';
    } else if (rc == SQLITE_DONE) {
        invalid(reply, "unknown user", "user_id");
    } else {
        error(reply, 500, sqlite3_errmsg(m_db));
    }
    // Resetting ends the statement and so commits the insert: the lock covers the whole write.
    sqlite3_reset(m_insertOrder);
}

void Router::cpu(std::string_view query, RouteReply &reply)
{
    int64_t n = 1000;
    if (!intParam(query, "n", 1, 1000000, n, reply))
        return;
    reply.body = "{\"n\":";
    appendInt(reply.body, n);
    reply.body += ",\"digest\":\"";
    reply.body += cpuDigest(n);
    reply.body += "\"}";
}

void Router::delay(std::string_view query, RouteReply &reply)
{
    int64_t ms = 0;
    if (!intParam(query, "ms", 0, 60000, ms, reply))
        return;
    reply.body = "{\"delayed_ms\":";
    appendInt(reply.body, ms);
    reply.body += '}';
    reply.delayMs = int(ms);
}

} // namespace sb::target
