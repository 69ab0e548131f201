#pragma once

#include "core/result.h"

#include <cstdint>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

// The target's routes, independent of the network code: a request goes in, a status and a JSON
// body come out. One Router per server thread, each with its own SQLite connection and its own
// prepared statements; a Router is used by one thread at a time.
//
// Routes (all bodies application/json):
//   GET  /health            200 {"status":"ok"}
//   POST /echo              body {"name": non-empty string, "email": string with '@',
//                           "age": integer 0..150, "tags": [string...]}, no other field;
//                           200 with the same object (compact, fields in that order);
//                           422 {"error": reason, "field": name or null} on bad input
//   GET  /me                Authorization: Bearer <token, see token.h>; 200 the user's row;
//                           401 {"error"} for a missing, malformed, badly signed or expired token;
//                           404 when the token's user does not exist
//   GET  /users/:id         200 {"id","name","email","created_at"}; 404 when absent;
//                           400 when id is not a positive decimal integer
//   GET  /users?page=&limit= page >= 1 (default 1), limit 1..100 (default 20), ordered by id;
//                           200 [rows]; 400 for a parameter out of range or not an integer
//   POST /orders            body {"user_id": int >= 1, "amount_cents": int >= 1,
//                           "items": int >= 1}, no other field; one INSERT ... RETURNING;
//                           201 {"id","user_id","amount_cents","items","created_at"};
//                           422 {"error","field"} on bad input or an unknown user ("user_id")
//   GET  /cpu?n=            n chained SHA-256: d1 = sha256("stackbench"), d(k+1) = sha256 of the
//                           64-character lowercase hex of d(k); 200 {"n":n,"digest":hex(d(n))};
//                           n default 1000, 1..1000000 else 400
//   GET  /delay?ms=         answers {"delayed_ms":ms} after ms milliseconds (0..60000, default 0)
//                           without blocking the thread (the server schedules it); 400 otherwise
// A known path with another method gives 405 with an Allow header; any other path 404.
namespace sb::target {

// One parsed request, viewed in the connection's buffers (valid during handle()).
struct RouteRequest
{
    std::string_view method;        // "GET", "POST", ... as llhttp names it
    std::string_view target;        // request target: path and optional ?query
    std::string_view authorization; // Authorization header value, empty when absent
    std::string_view body;          // the complete body (de-chunked)
};

// What the server sends back. Reused between requests to avoid allocations.
struct RouteReply
{
    int status = 200;    // HTTP status code
    std::string body;    // JSON body
    std::string headers; // extra header lines, each ending in "\r\n" (e.g. Allow)
    int delayMs = -1;    // >= 0: send `body` only after this many milliseconds (GET /delay)
};

class Router
{
public:
    Router() = default;
    ~Router();
    Router(const Router &) = delete;
    Router &operator=(const Router &) = delete;

    // Opens its own connection to the target database at `dbPath` and prepares its statements.
    // Errors: code "target.db", where the path, detail SQLite's message.
    sb::Status open(const std::string &dbPath);

    // Handles one request; fills `reply` (cleared first).
    void handle(const RouteRequest &request, RouteReply &reply);

private:
    void health(RouteReply &reply);
    void echo(const RouteRequest &request, RouteReply &reply);
    void me(const RouteRequest &request, RouteReply &reply);
    void user(std::string_view id, RouteReply &reply);
    void users(std::string_view query, RouteReply &reply);
    void orders(const RouteRequest &request, RouteReply &reply);
    void cpu(std::string_view query, RouteReply &reply);
    void delay(std::string_view query, RouteReply &reply);
    bool writeUser(int64_t id, RouteReply &reply);

    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_getUser = nullptr;
    sqlite3_stmt *m_listUsers = nullptr;
    sqlite3_stmt *m_insertOrder = nullptr;
};

// Status line reason phrase for the codes the target uses ("Unknown" otherwise).
const char *statusReason(int status);

// The /cpu digest: n chained SHA-256 as documented above, as 64 lowercase hex characters.
std::string cpuDigest(int64_t n);

} // namespace sb::target
