#include "app/commands.h"
#include "target/targetserver.h"
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

int usageError(const QString &message)
{
    std::fprintf(stderr, "stackbench target: %s\n", message.toLocal8Bit().constData());
    return 2;
}

// Many benchmark connections need many descriptors: take the hard limit.
void raiseFileLimit()
{
    rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
}

} // namespace

int targetCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Serves the reference target: /health, /echo, /me, /users/:id, /users, /orders, /cpu and "
        "/delay over a seeded SQLite database (created when absent)."));
    parser.addHelpOption();
    const QCommandLineOption portOption(
        QStringLiteral("port"), QStringLiteral("TCP port to listen on (0 = any free port)."),
        QStringLiteral("P"), QStringLiteral("0"));
    const QCommandLineOption hostOption(QStringLiteral("host"),
                                        QStringLiteral("Address to listen on."),
                                        QStringLiteral("H"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption threadsOption(QStringLiteral("threads"),
                                           QStringLiteral("Worker threads (event loops)."),
                                           QStringLiteral("N"), QStringLiteral("2"));
    const QCommandLineOption dbOption(
        QStringLiteral("db"),
        QStringLiteral("SQLite database file; created and seeded when absent (default: "
                       "target.sqlite in the application data directory)."),
        QStringLiteral("FILE"));
    const QCommandLineOption tokenOption(
        QStringLiteral("token"),
        QStringLiteral("Print a valid bearer token (HS256 JWT) for USER_ID and exit."),
        QStringLiteral("USER_ID"));
    parser.addOptions({portOption, hostOption, threadsOption, dbOption, tokenOption});

    if (!parser.parse(QStringList{QStringLiteral("stackbench target")} + args))
        return usageError(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        // helpText() names the executable; the command is what the user typed.
        QString help = parser.helpText();
        help.replace(0, help.indexOf(QLatin1Char(' '), 7),
                     QStringLiteral("Usage: stackbench target"));
        std::fputs(help.toLocal8Bit().constData(), stdout);
        return 0;
    }
    if (!parser.positionalArguments().isEmpty())
        return usageError(QStringLiteral("unexpected argument '%1'")
                              .arg(parser.positionalArguments().constFirst()));

    bool ok = false;
    if (parser.isSet(tokenOption)) {
        const qint64 userId = parser.value(tokenOption).toLongLong(&ok);
        if (!ok || userId < 1)
            return usageError(QStringLiteral("--token needs a positive user id, not '%1'")
                                  .arg(parser.value(tokenOption)));
        std::printf("%s\n", sb::target::makeToken(userId).c_str());
        return 0;
    }

    sb::target::Options options;
    const uint port = parser.value(portOption).toUInt(&ok);
    if (!ok || port > 65535)
        return usageError(QStringLiteral("--port must be from 0 to 65535, not '%1'")
                              .arg(parser.value(portOption)));
    options.port = quint16(port);
    options.threads = parser.value(threadsOption).toInt(&ok);
    if (!ok || options.threads < 1 || options.threads > 256)
        return usageError(QStringLiteral("--threads must be from 1 to 256, not '%1'")
                              .arg(parser.value(threadsOption)));
    options.host = parser.value(hostOption).toStdString();

    QString db = parser.value(dbOption);
    if (db.isEmpty()) {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
        if (dir.isEmpty() || !QDir().mkpath(dir))
            return usageError(QStringLiteral("cannot create the data directory '%1'").arg(dir));
        db = dir + QStringLiteral("/target.sqlite");
    }
    options.dbPath = QFile::encodeName(db).toStdString();

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
        return usageError(QString::fromStdString(st.error().detail));

    const QString host = options.host.find(':') != std::string::npos
                             ? QStringLiteral("[%1]").arg(QString::fromStdString(options.host))
                             : QString::fromStdString(options.host);
    std::printf(
        "stackbench target: listening on http://%s:%u (%d threads, db %s)\n",
        host.toLocal8Bit().constData(), unsigned(server.port()), options.threads,
        QDir::toNativeSeparators(QFileInfo(db).absoluteFilePath()).toLocal8Bit().constData());
    std::fflush(stdout);

    int signal = 0;
    while (sigwait(&stopSignals, &signal) != 0) {
    }
    server.stop();
    return 0;
}

} // namespace sb::cli
