#include "app/cli.h"
#include "app/commands.h"
#include "core/limits.h"
#include "core/qterror.h"
#include "target/targetserver.h"
#include "target/targettls.h"
#include "target/token.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <csignal>
#include <cstdio>
#include <pthread.h>
#include <sys/resource.h>

namespace sb::cli {

namespace {

// Many benchmark connections need many descriptors: take the hard limit.
void raiseFileLimit()
{
    rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
}

// The options of `stackbench target`.
struct TargetArguments
{
    explicit TargetArguments(CommandLine &cl)
        : port(cl.option({QStringLiteral("port")},
                         QStringLiteral("TCP port to listen on (0 = any free port)."),
                         QStringLiteral("P"), QStringLiteral("0")))
        , host(cl.option({QStringLiteral("host")}, QStringLiteral("Address to listen on."),
                         QStringLiteral("H"), QStringLiteral("127.0.0.1")))
        , threads(cl.option({QStringLiteral("threads")},
                            QStringLiteral("Worker threads (event loops), 1 .. 256."),
                            QStringLiteral("N"), QStringLiteral("2")))
        , db(cl.option({QStringLiteral("db")},
                       QStringLiteral("SQLite database file; created and seeded when absent "
                                      "(default: target.sqlite in the application data "
                                      "directory)."),
                       QStringLiteral("FILE")))
        , token(cl.option({QStringLiteral("token")},
                          QStringLiteral("Print a valid bearer token (HS256 JWT) for USER_ID and "
                                         "exit."),
                          QStringLiteral("USER_ID")))
        , tlsCert(cl.option({QStringLiteral("tls-cert")},
                            QStringLiteral("Serve HTTPS with this certificate chain (PEM); needs "
                                           "--tls-key."),
                            QStringLiteral("FILE")))
        , tlsKey(cl.option({QStringLiteral("tls-key")},
                           QStringLiteral("The private key (PEM) of --tls-cert."),
                           QStringLiteral("FILE")))
        , http2(cl.flag({QStringLiteral("http2")},
                        QStringLiteral("Serve HTTP/2 besides HTTP/1.1: over TLS when the client "
                                       "chooses h2 by ALPN, in clear text (h2c) when a connection "
                                       "starts with the HTTP/2 preface (prior knowledge).")))
        , makeCert(cl.option({QStringLiteral("make-cert")},
                             QStringLiteral("Write a throwaway self-signed certificate for "
                                            "localhost, 127.0.0.1 and ::1 to DIR/cert.pem and its "
                                            "key to DIR/key.pem (DIR is created), and exit. "
                                            "Clients trust it with cert.pem as their CA file."),
                             QStringLiteral("DIR")))
    {}

    QCommandLineOption port, host, threads, db, token, tlsCert, tlsKey, http2, makeCert;
};

// The largest user id a token carries exactly (a JSON number).
constexpr int64_t kMaxUserId = (int64_t(1) << 53) - 1;

sb::Result<sb::target::Options> readOptions(const CommandLine &cl, const TargetArguments &a)
{
    sb::target::Options options;
    const sb::Result<int64_t> port = cl.count(a.port, 0, 65535);
    if (!port.ok())
        return port.error();
    options.port = uint16_t(*port);
    const sb::Result<int64_t> threads = cl.count(a.threads, 1, limits::kMaxThreads);
    if (!threads.ok())
        return threads.error();
    options.threads = int(*threads);
    options.host = cl.value(a.host).toStdString();
    options.tlsCertFile = QFile::encodeName(cl.value(a.tlsCert)).toStdString();
    options.tlsKeyFile = QFile::encodeName(cl.value(a.tlsKey)).toStdString();
    if (options.tlsCertFile.empty() != options.tlsKeyFile.empty())
        return sb::qtError(QString::fromLatin1(kInputError), QString(),
                           QStringLiteral("--tls-cert and --tls-key go together"));
    options.http2 = cl.isSet(a.http2);
    QString db = cl.value(a.db);
    if (db.isEmpty()) {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
        if (dir.isEmpty() || !QDir().mkpath(dir))
            return sb::qtError(QString::fromLatin1(kInputError), QString(),
                               QStringLiteral("cannot create the data directory '%1'").arg(dir));
        db = dir + QStringLiteral("/target.sqlite");
    }
    options.dbPath = QFile::encodeName(db).toStdString();
    return options;
}

// Serves until SIGINT or SIGTERM.
int serve(const CommandLine &cl, const sb::target::Options &options)
{
    raiseFileLimit();
    // Block the stop signals before the workers start so that they inherit the mask and only
    // sigwait() below sees SIGINT/SIGTERM.
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGINT);
    sigaddset(&stopSignals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);

    sb::target::Server server;
    if (const sb::Status st = server.start(options); !st.ok())
        return cl.fail(st.error());
    const QString host = options.host.find(':') != std::string::npos
                             ? QStringLiteral("[%1]").arg(QString::fromStdString(options.host))
                             : QString::fromStdString(options.host);
    const QString db = QDir::toNativeSeparators(
        QFileInfo(QFile::decodeName(options.dbPath.c_str())).absoluteFilePath());
    const bool tls = !options.tlsCertFile.empty();
    // The line's start stays as it was: scripts read the port from "listening on http://...".
    std::printf("stackbench target: listening on %s://%s:%u (%d threads, db %s%s)\n",
                tls ? "https" : "http", host.toLocal8Bit().constData(), unsigned(server.port()),
                options.threads, db.toLocal8Bit().constData(),
                !options.http2 ? ""
                : tls          ? ", HTTP/2 by ALPN"
                               : ", HTTP/2 by prior knowledge");
    std::fflush(stdout);
    int signal = 0;
    while (sigwait(&stopSignals, &signal) != 0) {
    }
    server.stop();
    return kExitOk;
}

const char *const kDescription =
    "Serves the reference target: /health, /echo, /me, /users/:id, /users, /orders, /cpu and\n"
    "/delay over a seeded SQLite database (created when absent). Ctrl-C stops it.\n"
    "HTTPS with --tls-cert and --tls-key; HTTP/2 as well with --http2. --make-cert DIR writes\n"
    "a throwaway certificate to try them: stackbench target --make-cert /tmp/c, then\n"
    "stackbench target --tls-cert /tmp/c/cert.pem --tls-key /tmp/c/key.pem --http2.";

} // namespace

int targetCommand(const QStringList &args)
{
    CommandLine cl(QStringLiteral("target"), QString::fromLatin1(kDescription));
    const TargetArguments arguments(cl);
    if (const std::optional<int> done = cl.parse(args))
        return *done;
    if (cl.isSet(arguments.token)) {
        const sb::Result<int64_t> userId = cl.count(arguments.token, 1, kMaxUserId);
        if (!userId.ok())
            return cl.fail(userId.error());
        std::printf("%s\n", sb::target::makeToken(*userId).c_str());
        return kExitOk;
    }
    if (cl.isSet(arguments.makeCert)) {
        const QString dir = cl.value(arguments.makeCert);
        if (!QDir().mkpath(dir))
            return cl.fail(sb::qtError(QString::fromLatin1(kInputError), dir,
                                       QStringLiteral("cannot create the directory")));
        const sb::Status st =
            sb::target::writeSelfSignedCertificate(QFile::encodeName(dir).toStdString());
        if (!st.ok())
            return cl.fail(st.error());
        std::printf("%s\n%s\n", QFile::encodeName(dir + QStringLiteral("/cert.pem")).constData(),
                    QFile::encodeName(dir + QStringLiteral("/key.pem")).constData());
        return kExitOk;
    }
    const sb::Result<sb::target::Options> options = readOptions(cl, arguments);
    if (!options.ok())
        return cl.fail(options.error());
    return serve(cl, *options);
}

} // namespace sb::cli
