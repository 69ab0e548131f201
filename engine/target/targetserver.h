#pragma once

#include "core/result.h"

#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

struct ssl_ctx_st;

// The reference target: a small, fast HTTP/1.1 and HTTP/2 server (TLS optional) for the routes in
// router.h over the SQLite database in targetdb.h. It is the demo's native configuration and the
// load engine's test partner. Plain C++ (no Qt): epoll, llhttp, SQLite, OpenSSL libcrypto,
// nlohmann-json.
//
// Design: `threads` workers, each with its own epoll loop, its own SO_REUSEPORT listening socket
// on the same address (the kernel spreads connections over them), its own SQLite connection with
// cached prepared statements and its own timer heap on a timerfd (GET /delay waits there, never
// blocking the loop). Connections are non-blocking, keep-alive, pipelined (responses in request
// order), with Content-Length or chunked request bodies; HTTP/1.0 and "Connection: close" are
// honoured. Limits: request target 8 KiB (414), header block 64 KiB (431), body 1 MiB (413);
// malformed HTTP gets 400. Error responses close the connection (after a lingering close so the
// client reads the response). Every response carries Content-Length and
// Content-Type: application/json.
//
// TLS (Options::tlsCertFile): OpenSSL on the same loops, non-blocking handshakes, ALPN, session
// tickets, close_notify before a close. HTTP/2 (Options::http2, libnghttp2, http2.h): by ALPN
// over TLS and by prior knowledge in clear text; every route answers over HTTP/2 with the same
// status, Content-Type and body bytes as over HTTP/1.1. Limits as above, 128 streams at a time
// per connection; a client past them, or one that breaks the protocol, gets GOAWAY.
namespace sb::target {

struct ListenAddress; // listener.h

struct Options
{
    std::string host = "127.0.0.1"; // address to listen on (IPv4 or IPv6 literal, or a name)
    uint16_t port = 0;              // TCP port; 0 = any free port (see Server::port())
    int threads = 2;                // worker threads (event loops), 1..256
    std::string dbPath;             // SQLite file; created and seeded when absent (targetdb.h)
    int backlog = 4096;             // listen() backlog per worker socket
    // TLS: both set = every connection is TLS (1.2 or 1.3) with this certificate chain and
    // private key (PEM files); both empty = clear text.
    std::string tlsCertFile;
    std::string tlsKeyFile;
    // HTTP/2 besides HTTP/1.1: over TLS when ALPN chooses "h2" (offered only then), in clear
    // text when a connection opens with the client connection preface (prior knowledge, h2c).
    bool http2 = false;
};

class Server
{
public:
    Server();
    ~Server(); // stops
    Server(const Server &) = delete;
    Server &operator=(const Server &) = delete;

    // Prepares the database (ensureDatabase), binds and listens, and starts the workers. Returns
    // once the sockets listen and the database is ready. Errors: code "target.start", detail one
    // line naming the place (e.g. "127.0.0.1:8080: Address already in use"); nothing is left
    // running. Call start() and stop() from one controlling thread.
    sb::Status start(const Options &options);

    // The port listened on (the kernel's choice when Options::port was 0); 0 when not running.
    uint16_t port() const { return m_port; }

    // True between a successful start() and stop().
    bool isRunning() const { return !m_threads.empty(); }

    // Stops the workers, closes every connection and socket, and joins the threads. In-flight
    // delayed responses are dropped. Idempotent.
    void stop();

private:
    sb::Status startListening(const Options &options);
    sb::Status startWorkers(const Options &options, ListenAddress &address);
    struct Worker;
    std::vector<std::unique_ptr<Worker>> m_workers;
    std::vector<std::thread> m_threads;
    std::shared_ptr<ssl_ctx_st> m_tls; // TLS: the context every worker's connections use
    int m_stopFd = -1;
    uint16_t m_port = 0;
};

} // namespace sb::target
