#pragma once

// The plan model (plan file format 1): what to run, typed. Produced by loadPlan()/parsePlan()
// (planloader.h), which validate everything; a Plan you get from them is complete and consistent:
// defaults are filled in, placeholders ("${port}", "${stackbench}", "${env:NAME}") are resolved,
// relative paths are made absolute, "@file" bodies are read. The one exception: "${var:NAME}"
// (a plan variable, see Variable) is validated but left in the strings, because a command
// variable's value is only known when a run starts; withVariables() (variables.h) gives the plan
// with every ${var:} replaced. A string holding a ${var:} reference is a *template*: it contains
// "${var:NAME}" and every other '$' is doubled ("$$"); variables.h reads and writes them. A
// string without a reference is final (never contains "${var:").
//
// Durations are stored in milliseconds (the file writes seconds, "_s"); every duration, rate and
// count was checked against its bound (core/limits.h: a duration at most 1 day, a rate within
// 0.01 .. 10^7 requests/s, ...) by the one grammar of core/duration.h, which the command line uses
// too. Plain values; copy them freely; any thread may read a const Plan.
//
// Secrets: the values of a configuration's `secret_env` keys, database.password, the headers named
// by "secret_headers" (a route's, a parity check's, the plan's), variables marked "secret": true
// and a JWT variable's key must never be stored, logged or exported. Use Plan::redactedText() for
// the plan text that goes into a store, Configuration::redactedEnv() / Database::redacted() for
// display, and Plan::redact() to scrub any other string (a command line, a process's output) of
// every secret value.

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace sb::plan {

// What replaces a secret value in redacted output.
inline QString secretPlaceholder()
{
    return QStringLiteral("<secret>");
}

// "database": the database that SQL hooks run against and that checkpoint detection watches.
struct Database
{
    enum class Driver
    {
        PostgreSql, // "QPSQL"
        Sqlite      // "QSQLITE"
    };
    Driver driver = Driver::PostgreSql;
    QString driverName =
        QStringLiteral("QPSQL");                // Qt Sql driver name, for QSqlDatabase::addDatabase
    QString host = QStringLiteral("127.0.0.1"); // ignored by QSQLITE
    int port = 5432;                            // TCP port; default 5432 (QPSQL), 0 for QSQLITE
    QString name;     // database name; for QSQLITE an absolute file path or ":memory:"
    QString user;     // may be empty
    QString password; // SECRET; may be empty
    QString options;  // QSqlDatabase::setConnectOptions() string, may be empty

    // A copy with the password (when non-empty) replaced by secretPlaceholder().
    Database redacted() const;
};

// One hook: either SQL run on the plan's database, or a command (argv, no shell).
struct Hook
{
    enum class Kind
    {
        Sql,
        Command
    };
    // Where the hook runs among the hooks of its moment (see hooksInRunOrder()).
    enum class Order
    {
        Default, // in plan -> configuration -> route order
        First,   // "order": "first": before every Default hook of the moment
        Last     // "order": "last": after every Default hook of the moment
    };
    Kind kind = Kind::Command;
    QString sql;              // Kind::Sql: the statement(s); placeholders resolved (may be a
                              // template: ${var:})
    QStringList command;      // Kind::Command: argv, placeholders resolved, non-empty
    QString cwd;              // Kind::Command: absolute working directory (default: plan directory)
    qint64 timeoutMs = 60000; // the hook fails when it runs longer; file: "timeout_s" (60)
    Order order = Order::Default; // file: "order"
    QString where; // "plan.json:40:9 at $.hooks.before_window[0]", for error messages
    // Kind::Command of a configuration with "host": the host it runs on (its agent runs it
    // there); "" = this machine. Set when the run gathers a moment's hooks, not by the file.
    QString host;
};

// Hooks by moment. The runner runs the plan-wide list, then the configuration's, then the route's
// (hooksInRunOrder() applies "order"). Which level may give which moment: hookMoments().
struct HookSet
{
    QList<Hook> beforeRun;           // once, before anything starts
    QList<Hook> beforeConfiguration; // each time a configuration's process tree is (re)started
    QList<Hook> beforeRoute;         // before the first window of a route (e.g. reset + VACUUM)
    QList<Hook> beforeWindow;        // before every window, warm-up included
    QList<Hook> afterWarmup;         // between a window's warm-up and its measured interval
                                     // (seed 000's CHECKPOINT)
    QList<Hook> afterWindow;         // after every window
    QList<Hook> afterRoute;          // after the last window of a route
    QList<Hook> afterConfiguration;  // each time a configuration's process tree has been stopped
    QList<Hook> afterRun;            // once, at the end of the run (e.g. reset the orders table)

    bool isEmpty() const;
};

// One hook moment: its key in a plan file, its list in a HookSet, and the levels that may give it
// (a bit set of HookMoment::Level).
struct HookMoment
{
    enum Level
    {
        PlanLevel = 1,          // "hooks" at the top level
        ConfigurationLevel = 2, // a configuration's "hooks"
        RouteLevel = 4          // a route's "hooks"
    };
    const char *key;            // "after_warmup"
    QList<Hook> HookSet::*list; // &HookSet::afterWarmup
    int levels;                 // PlanLevel | ConfigurationLevel | RouteLevel
};
// Every moment, in the order of a run: before_run, before_configuration, before_route,
// before_window, after_warmup, after_window, after_route, after_configuration, after_run.
const QList<HookMoment> &hookMoments();

// The hooks of one moment in the order they run. `planToRoute` is the moment's hooks of the plan,
// then the configuration's, then the route's (in file order each); the result has every
// Order::First hook, then every Order::Default one, then every Order::Last one, each group
// keeping its order.
QList<Hook> hooksInRunOrder(const QList<Hook> &planToRoute);

// "ready": the server is up when GET path answers status.
struct ReadyProbe
{
    QString path = QStringLiteral("/"); // request target, starts with '/'
    int status = 200;                   // expected status code, 100..599
    qint64 timeoutMs = 30000;           // give up after this long; file: "timeout_s" (30)
};

// "stop": how the server tree is stopped.
struct StopSettings
{
    int signal = 15; // signal number (SIGTERM = 15 on Linux)
    QString signalName =
        QStringLiteral("SIGTERM"); // as written: SIGTERM SIGINT SIGQUIT SIGKILL ...
    qint64 graceMs = 10000;        // then SIGKILL to the whole tree; file: "grace_s" (10)
};

// "versions": a command whose output is recorded as the version of `name`. The file gives either
// the argv ("bun": ["bun", "--version"]) or an object with "command" and "match".
struct VersionProbe
{
    QString name;        // "bun"
    QStringList command; // argv, placeholders resolved
    QString match; // a regular expression (QRegularExpression syntax) with at least one capture
                   // group, checked at load; empty = the whole output is the version

    // The version in a probe's `output` (stdout): the first capture group of `match`, trimmed, at
    // its first match; the trimmed output when there is no `match`; nullopt when `match` does not
    // match.
    std::optional<QString> extract(const QString &output) const;
};

// How an https:// request's TLS is set up (OpenSSL, TLS 1.2 or later, ALPN "http/1.1"). The
// server's certificate is verified by default against the system's CA store, or against
// `caFile` alone when one is given, and must name the URL's host (a name, or an IP literal in
// its subjectAltName); SNI carries the host unless it is an IP literal. Plain values.
// In a plan: "tls": {"insecure": bool, "ca_file": "path"} in "load" (every configuration) and
// in a configuration (its keys override the plan's); ca_file is resolved like other paths and
// must be a readable file when the plan is loaded.
struct TlsSettings
{
    bool insecure = false; // skip certificate verification (the window's result records it)
    QString caFile;        // PEM file of trusted CAs instead of the system store; empty = system
};

// The HTTP version a configuration is measured with (and probed with: readiness, parity).
// In a plan: "protocol": "http/1.1" (the default) or "h2", and "streams": N (HTTP/2 concurrent
// streams per connection, h2load's -m; 1 .. kMaxStreams), in "load" (every configuration) and
// in a configuration (its keys override the plan's). "h2" over an https:// base_url is HTTP/2
// agreed by ALPN; over http:// it is cleartext HTTP/2 with prior knowledge (h2c). streams > 1
// needs "h2"; an http/1.1 configuration has one request in flight per connection.
enum class HttpProtocol
{
    Http1, // "http/1.1"
    Http2  // "h2": ALPN h2 over TLS, prior knowledge (h2c) over TCP
};
inline constexpr int kMaxStreams = 1000; // "streams" at most (h2load's -m; nginx allows 128)
// "http/1.1" or "h2": the plan's spelling.
QString protocolKey(HttpProtocol protocol);
// How a configuration speaks, for people: "HTTP/1.1", "HTTP/1.1 over TLS", "HTTP/2 (h2c, prior
// knowledge), 10 streams per connection", "HTTP/2 over TLS (ALPN h2), 1 stream per connection".
QString protocolDescription(HttpProtocol protocol, bool tls, int streams);

// One server stack.
struct Configuration
{
    QString name;               // [A-Za-z0-9_.-]+, unique in the plan
    QStringList command;        // argv, placeholders resolved, non-empty
    QString cwd;                // absolute working directory
    QMap<QString, QString> env; // added to the inherited environment; values resolved (secrets too;
                                // a value may be a template: ${var:})
    QStringList secretEnv;      // keys of env whose values are secret
    int port = 0;               // TCP port (from "port", or from base_url's port)
    QString baseUrl;            // "http://127.0.0.1:8080" (no trailing slash); default from port
    ReadyProbe ready;
    StopSettings stop;
    QList<VersionProbe> versions; // in file order
    HookSet hooks;                // this configuration's hooks
    // "cpus": "1" (a CPU list as Linux writes it, "0-3,6"; core/cpuset.h): the CPUs the whole
    // process tree may run on, applied before exec; empty (no key) = any CPU. A set that
    // overlaps the load engine's is a plan warning ("plan.cpus-overlap"); two configurations'
    // sets may overlap, since configurations never run at the same time.
    std::vector<int> cpus;
    // The TLS settings of an https:// base_url: the plan's "load" "tls" with this
    // configuration's "tls" keys over it (unused for http://).
    TlsSettings tls;
    // "protocol" and "streams": the plan's "load" keys with this configuration's over them.
    HttpProtocol protocol = HttpProtocol::Http1;
    int streams = 1; // HTTP/2 concurrent streams per connection; 1 for HTTP/1.1
    QString where;   // "plan.json:12:5 at $.configurations[0]"
    // "host": the name of the plan's host (Plan::hosts) the configuration runs on, its tree
    // started, sampled and stopped there by the host's agent (run/serverhost.h); empty = the
    // local machine.
    QString host;

    bool isSecret(const QString &envKey) const { return secretEnv.contains(envKey); }
    // env with every secret value replaced by secretPlaceholder().
    QMap<QString, QString> redactedEnv() const;
};

// A request header, in file order.
struct Header
{
    QString name;
    QString value;
};

// What routes and parity checks send. Placeholders are resolved in the path (query included),
// the header values, a text body and every string of a JSON body (not in header names, JSON keys
// or "@file" bodies); any of them may be a template (${var:}) until withVariables().
struct RequestSpec
{
    QString method = QStringLiteral("GET"); // GET HEAD POST PUT PATCH DELETE OPTIONS
    QString path;                           // request target, starts with '/', may carry a query
    QList<Header> headers;  // in file order; Content-Type: application/json is added for a JSON
                            // object/array body or an "@*.json" file when no Content-Type is given
    bool hasBody = false;   // a "body" was given (it may still be empty)
    QByteArray body;        // bytes to send: text as UTF-8, a JSON value compact, or a file's bytes
    QString bodyFile;       // absolute path when the body came from "@file", else empty
    bool bodyJson = false;  // the body is a JSON object/array written in the plan (a template's
                            // ${var:} values are inserted JSON-escaped)
    int expectStatus = 200; // expected status code, 100..599; file: "expect"
    // Names of the headers whose values are SECRET: this request's "secret_headers" and the
    // plan's, as written (compare case-insensitively: isSecretHeader()).
    QStringList secretHeaders;

    // The value of header `name` (case-insensitive), or a null QString.
    QString header(const QString &name) const;
    // `name` is among secretHeaders (case-insensitive).
    bool isSecretHeader(const QString &name) const;
    // headers with every secret header's value replaced by secretPlaceholder().
    QList<Header> redactedHeaders() const;
};

// One route to measure.
struct Route : RequestSpec
{
    QString name;  // unique in the plan
    HookSet hooks; // the route-level moments of hookMoments()
    QString where; // "plan.json:30:5 at $.routes[1]"
};

// One JSON field check of a parity check's response.
struct JsonFieldCheck
{
    QString field;                    // dotted path as written, "items.0.id"
    QStringList segments;             // field split at '.'; a numeric segment indexes an array
    std::optional<bool> present;      // the field must exist (true) or must not (false)
    std::optional<QJsonValue> equals; // the field must equal this JSON value
};

// A request whose answer must be right before a configuration is measured.
struct ParityCheck : RequestSpec
{
    QString name;               // unique among parity checks
    QString contentType;        // when non-empty, the response Content-Type must start with it
    QList<JsonFieldCheck> json; // checks on the response body parsed as JSON
    QString where;              // "plan.json:50:5 at $.parity[0]"

    // Checks a response: its status, its Content-Type header value and its body. Returns an
    // empty string when it passes, else one sentence saying what differs.
    QString checkResponse(int status, const QByteArray &contentType, const QByteArray &body) const;
};

// A CPU threshold, as the plan gives it: percent of one core ("150%") or of the whole machine
// ("25%machine").
struct CpuGate
{
    enum class Unit
    {
        CorePct,   // "150%": 100 = one core
        MachinePct // "25%machine": 100 = every core of the machine
    };
    double value = 32; // > 0; MachinePct at most 100
    Unit unit = Unit::MachinePct;

    // The threshold in percent of one core on a machine with `machineCores` (>= 1) cores.
    double percentOfOneCore(int machineCores) const;
    // As a plan writes it: "32%machine", "150%".
    QString text() const;
};

// The number of cores the machine has (online CPUs, sysconf), at least 1; what the loader
// resolves a machine share with.
int machineCoreCount();

// "sampler": /proc sampling during a window and the gates built on it.
struct SamplerSettings
{
    int intervalMs = 1000;                              // one sample per interval, 100..60000
    QStringList exclude = {QStringLiteral("postgres")}; // process names not counted as foreign CPU
    // Mean foreign CPU that fails a window: "foreign_gate" ("25%machine" or "150%"), or the old
    // "foreign_gate_pct" (a number, percent of one core); giving both is an error. Default 32 % of
    // the machine (seed 000's 450 % of 14 cores).
    CpuGate foreignGate;
    // foreignGate resolved at load to percent of one core (100 = one core) on this machine
    // (machineCores); what the gate compares with.
    // (A SamplerSettings made by hand, not by the loader, holds the default for one core.)
    double foreignGatePct = 32;
    int machineCores = 1; // the core count foreignGatePct was resolved with (machineCoreCount())
    // "foreign_peak_gate": the highest single interval's foreign CPU that fails a window; none
    // when absent.
    std::optional<CpuGate> foreignPeakGate;
    // "wait_quiet_s": before re-measuring a window that failed the foreign-CPU gate, wait up to
    // this long for the machine to be quiet (below the gate) instead of retrying at once; 0 = no
    // wait. Milliseconds, at most 1 day.
    qint64 waitQuietMs = 0;
    qint64 sleepGapMs = 10000; // a suspend/clock gap longer than this fails a window; "sleep_gap_s"
};

// "load": the load engine.
struct LoadSettings
{
    enum class Mode
    {
        Closed, // each connection sends its next request when the previous answer arrives
        Open    // requests are sent at `rateRps` regardless of answers
    };
    int threads = 2;           // load engine worker threads, 1..256
    qint64 timeoutMs = 180000; // a request not answered after this long is a timeout error
    Mode mode = Mode::Closed;
    double rateRps = 0; // open mode: requests per second in total, 0.01..1e7; 0 in closed mode
    // "cpus": "0": the CPUs the load engine's threads may run on (a CPU list, as for a
    // configuration); empty (no key) = any CPU.
    std::vector<int> cpus;
    TlsSettings tls; // "tls": the TLS settings of every https:// configuration
    HttpProtocol protocol = HttpProtocol::Http1; // "protocol" of every configuration
    int streams = 1; // "streams": HTTP/2 streams per connection of every h2 configuration
    // "hosts": the names of the plan's hosts (Plan::hosts, or "local": this machine) the load
    // comes from, each running its share of the connections (or of the rate); empty = the local
    // machine alone, in this process.
    QStringList hosts;
};

// "warmup": a duration or a request count; none when durationMs == 0 in Duration mode.
struct Warmup
{
    enum class Kind
    {
        Duration,
        Requests
    };
    Kind kind = Kind::Duration;
    qint64 durationMs = 5000; // Kind::Duration: warm-up length in ms (0 = no warm-up)
    qint64 requests = 0;      // Kind::Requests: number of requests
    bool isNone() const { return kind == Kind::Duration && durationMs == 0; }
};

// A profile: how much to measure.
// "profile_cpu" of a profile: a CPU profile of the server tree of the cells it selects, taken in
// one extra window after each such cell's measured window of the last round, under perf record
// (run/cellprofiler.h; the measured windows stay clean). File: true (every cell, the defaults),
// false (none), or {"routes": [...], "concurrency": [...], "call_graph": "fp" | "dwarf",
// "frequency_hz": 99}, every key optional.
struct CpuProfiling
{
    bool enabled = false;   // profile the cells selected below
    QStringList routes;     // "routes": route names of the plan; empty = every route
    QList<int> concurrency; // "concurrency": of the profile's own; empty = every one
    QString callGraph = QStringLiteral("fp"); // "call_graph": "fp" (frame pointers) or "dwarf"
    int frequencyHz = 99;                     // "frequency_hz": samples per second, 1..1000
};

struct Profile
{
    enum class Order
    {
        Rotate,    // configurations rotate by one position each round (seed 000)
        Alternate, // adjacent pairs, first position alternating each round
        Fixed,     // as written, every round
        Pairs      // cell by cell: each cell (route x concurrency) of a round measures every
                   // configuration back to back in adjacent pairs, the first position
                   // alternating from cell to cell and from round to round (seed 004's trials);
                   // needs "process": "window"
    };
    enum class Process
    {
        Round,  // a fresh process tree per configuration per round
        Window, // a fresh process tree per window
        Once    // one process tree per configuration for the whole run
    };
    enum class Kind
    {
        Matrix, // "matrix": every selected configuration, route and concurrency (default)
        AA      // "aa": one configuration measured as two arms, A and A' (fresh processes,
                // interleaved), to find the noise floor the harness itself produces
    };
    enum class WarmupScope
    {
        Window, // "window": a warm-up before every window (default)
        Route   // "route": one warm-up per configuration x route (after its process starts and its
                // before_route hooks), at warmupConcurrency, none before each window
    };
    QString name;             // "quick", "full", ...
    Kind kind = Kind::Matrix; // "kind"
    QString aaConfiguration;  // Kind::AA: "configuration", the one measured twice (default: first)
    int rounds = 1;           // repetitions of the whole matrix, >= 1
    QList<int> concurrency;   // connections per cell, each 1..100000, distinct, in file order
    Warmup warmup;            // default 5 s; file: seconds, or "500ms" "5s" "2m" "1h" "1000req"
    WarmupScope warmupScope = WarmupScope::Window; // "warmup_scope"
    int warmupConcurrency = 0; // WarmupScope::Route: connections of the warm-up, 1..100000; 0 = the
                               // cell's own concurrency; file: "warmup_concurrency"
    qint64 measureMs = 30000;  // measured window length; file: "measure_s" (30)
    qint64 settleMs = 0;       // pause between warm-up and measurement; "settle_s" (0)
    qint64 cooldownMs = 0;     // pause after each window; "cooldown_s" (0)
    Order order = Order::Rotate;
    Process process = Process::Round;
    int retries = 2; // re-measures of a window that failed a gate, >= 0
    // "rate": requests per second in total (0.01..1e7): this profile runs an open loop at this
    // rate whatever "load" says (one plan then has closed-loop profiles and an open-loop one,
    // seed 004's queueing check); 0 (no key) = the plan's "load" mode and rate.
    double rateRps = 0;
    CpuProfiling profileCpu; // "profile_cpu" (none by default)
};

// "variables": a named value used as ${var:NAME} in requests, commands, env and hook SQL. A
// variable may use ${env:NAME}, ${stackbench} and the loader's names (planloader.h), not
// ${port} (it is plan-wide) or another ${var:}.
struct Variable
{
    enum class Kind
    {
        Value,   // {"value": "42"}
        Command, // {"command": [...]}: the command's stdout, trimmed, run at the start of a run
                 // (and again on resume); a failure blocks the run with its stderr
        Jwt      // {"jwt": {...}}: an HMAC-signed JSON Web Token made at the start of a run
    };
    struct Jwt
    {
        QString alg = QStringLiteral("HS256"); // "HS256", "HS384" or "HS512"
        QString secret;                        // SECRET: the HMAC key, placeholders resolved
        QJsonObject claims; // the payload ("sub", ...); "iat" and "exp" are added by signJwt()
        qint64 expiresInS = 86400; // exp = iat + this; seconds, 1 .. 366 days; "expires_in_s"
    };
    QString name; // [A-Za-z_][A-Za-z0-9_.-]*, unique in the plan
    Kind kind = Kind::Value;
    QString value;            // Kind::Value: the value, placeholders resolved
    QStringList command;      // Kind::Command: argv, placeholders resolved, non-empty
    QString cwd;              // Kind::Command: absolute working directory (default: plan directory)
    qint64 timeoutMs = 30000; // Kind::Command: the command fails when it runs longer; "timeout_s"
    Jwt jwt;                  // Kind::Jwt
    bool secret = false;      // "secret": the value is SECRET (withVariables() registers it)
    QString where;            // "plan.json:5:14 at $.variables.token"
};

// A secret value is searched for in the plan text beyond its own fields (a literal holding it is
// left out of the stored plan) from this length on; shorter ones would match too much.
inline constexpr qsizetype kMinSearchedSecret = 4;
// ... and replaced in free text (logs, output, reasons: Plan::redact()) from this length on: a
// one-character secret would turn every such character into "<secret>". The loader warns of any
// secret shorter than kMinSearchedSecret.
inline constexpr qsizetype kMinRedactedSecret = 2;

// "hosts": {"NAME": {...}}: a machine reached through the user's own OpenSSH client
// (`ssh -o BatchMode=yes`, with the user's keys, known_hosts, agent and ProxyJump) where
// `stackbench agent` runs. The name "local" is reserved for this machine.
struct Host
{
    QString name;           // [A-Za-z0-9_.-]+, unique in the plan, not "local"
    QString ssh;            // "ssh": the destination ssh is given ("user@10.0.0.2", an alias)
    QStringList sshOptions; // "ssh_options": more arguments for ssh, before the destination
    QString agent = QStringLiteral("stackbench"); // "agent": the program to run there
    QString where;                                // "plan.json:3:14 at $.hosts.bench-a"
};

// The name of this machine among a plan's hosts.
inline QString localHostName()
{
    return QStringLiteral("local");
}

// A loaded plan.
struct Plan
{
    int format = 1; // file format version
    QString name;
    QString description;
    std::optional<Database> database;
    QList<Configuration> configurations; // >= 1, in file order
    QList<Route> routes;                 // >= 1, in file order
    QList<ParityCheck> parity;           // in file order
    HookSet hooks;                       // plan-wide hooks
    SamplerSettings sampler;
    LoadSettings load;
    QList<Profile> profiles; // >= 1, in file order
    QString defaultProfile;  // "default_profile": names one of profiles; empty = none given
    QString baseline; // "baseline": the configuration the others are compared with; empty = the
                      // first configuration
    QList<Variable> variables; // "variables", in file order
    QStringList secretHeaders; // the plan's "secret_headers" (also in every RequestSpec's)
    QList<Host> hosts;         // "hosts", in file order

    QString filePath;            // absolute path of the plan file; empty when parsed from memory
    QString baseDir;             // absolute directory relative paths were resolved against
    QByteArray text;             // the file's bytes as read (may contain secrets: see redactedText)
    QByteArray sha256;           // SHA-256 of `text`, lowercase hex (64 characters)
    QStringList referencedFiles; // absolute paths of every "@file" body and "tls" "ca_file",
                                 // sorted, no duplicates

    // Secret bookkeeping, filled by the loader.
    QStringList secretValues; // every non-empty resolved secret value (withVariables() adds the
                              // ones only known when a run starts)
    struct Span
    {
        qsizetype offset = 0; // byte offset of a secret string literal in `text`
        qsizetype length = 0; // bytes, quotes included
    };
    QList<Span> secretSpans; // literals in `text` that hold a secret (not just ${env:} references)

    // The profile / configuration / route / variable called `name`, or nullptr.
    const Profile *profile(const QString &name) const;
    const Configuration *configuration(const QString &name) const;
    const Route *route(const QString &name) const;
    const Variable *variable(const QString &name) const;
    const Host *host(const QString &name) const;
    // The profile named by defaultProfile, else the first; nullptr only when there is none.
    const Profile *defaultProfileOrFirst() const;

    // `text` with every string literal that holds a secret value replaced by "<secret>". A literal
    // that only refers to the environment ("${env:PGPASSWORD}") holds no secret and is kept. Any
    // other string literal containing a secret value (of 4 characters or more) is replaced too.
    QByteArray redactedText() const;
    // `s` with every occurrence of a secret value, and of its base64, base64url and URL-encoded
    // forms (encodedSecretForms() in plansecrets.h), replaced by "<secret>".
    QString redact(const QString &s) const;
};

} // namespace sb::plan
