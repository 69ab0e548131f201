// `stackbench load` as a user meets it: JSON output, exact counts, the drain and an aborted
// window reported, exit 1 with a summary line for a window without a 2xx response, and
// one-line errors with exit 2 for bad input, found before anything runs.
// Latency against the clock is measured by tests/bench/loadcli-latency.sh, not here.
#include "programrun.h"
#include "testservers.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <optional>
#include <poll.h>
#include <sys/resource.h>

namespace {

using sb::test::Outcome;

Outcome runLoad(const QStringList &args, int timeoutMs = 60'000, qint64 addressSpaceLimit = 0)
{
    return sb::test::runProgram(QStringLiteral(STACKBENCH_BIN),
                                QStringList{QStringLiteral("load")} + args, timeoutMs,
                                [addressSpaceLimit](QProcess &p) {
                                    if (addressSpaceLimit <= 0)
                                        return;
                                    const rlim_t limit = rlim_t(addressSpaceLimit);
                                    p.setChildProcessModifier([limit] {
                                        const rlimit r{limit, limit};
                                        ::setrlimit(RLIMIT_AS, &r);
                                    });
                                });
}

QJsonObject jsonOf(const Outcome &o)
{
    return QJsonDocument::fromJson(o.out).object();
}

// Answers `responses` bodiless requests over any number of connections, then closes every
// connection and its listening socket: a server that dies mid-run.
class VanishingServer
{
public:
    explicit VanishingServer(int responses)
        : m_left(responses)
    {
        m_listen = sb::test::listenOnLoopback(64, m_port);
        m_thread = std::thread([this] { serve(); });
    }
    ~VanishingServer()
    {
        m_stop = true;
        m_thread.join();
    }
    uint16_t port() const { return m_port; }

private:
    void serve()
    {
        std::vector<pollfd> fds{{m_listen, POLLIN, 0}};
        std::vector<std::string> pending{std::string()};
        while (!m_stop && m_left > 0) {
            if (::poll(fds.data(), fds.size(), 50) <= 0)
                continue;
            if (fds[0].revents & POLLIN) {
                fds.push_back({::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC), POLLIN, 0});
                pending.emplace_back();
            }
            for (size_t i = 1; i < fds.size() && m_left > 0; ++i)
                if (fds[i].revents & (POLLIN | POLLHUP | POLLERR) && !answer(fds[i].fd, pending[i]))
                    fds[i].fd = -1; // closed: poll() skips it
        }
        for (const pollfd &p : fds)
            if (p.fd >= 0)
                ::close(p.fd);
    }

    // False when the peer closed (the descriptor is closed too).
    bool answer(int fd, std::string &pending)
    {
        static const std::string ok = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
        char chunk[4096];
        const ssize_t n = ::recv(fd, chunk, sizeof chunk, MSG_DONTWAIT);
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            return true;
        if (n <= 0) {
            ::close(fd);
            return false;
        }
        pending.append(chunk, size_t(n));
        for (size_t end; m_left > 0 && (end = pending.find("\r\n\r\n")) != std::string::npos;) {
            pending.erase(0, end + 4);
            ::send(fd, ok.data(), ok.size(), MSG_NOSIGNAL);
            --m_left;
        }
        return true;
    }

    int m_listen = -1;
    uint16_t m_port = 0;
    int m_left;
    std::atomic<bool> m_stop{false};
    std::thread m_thread;
};

} // namespace

class TestLoadCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_target = std::make_unique<sb::test::TargetProcess>(
            m_dir.filePath(QStringLiteral("t.sqlite")), 2);
        QVERIFY2(m_target->port() != 0, qPrintable(m_target->error()));
    }

    void cleanupTestCase() { m_target.reset(); }

    void exactCountAsJson()
    {
        Outcome o = runLoad({QStringLiteral("-n"), QStringLiteral("10000"), QStringLiteral("-c"),
                             QStringLiteral("20"), QStringLiteral("-t"), QStringLiteral("2"),
                             QStringLiteral("--json"), QStringLiteral("--hgrm"),
                             m_dir.filePath(QStringLiteral("l.hgrm")), url("/health")});
        QCOMPARE(o.exitCode, 0);
        QFile hgrm(m_dir.filePath(QStringLiteral("l.hgrm")));
        QVERIFY(hgrm.open(QIODevice::ReadOnly));
        const QByteArray text = hgrm.readAll();
        QVERIFY(text.startsWith("       Value     Percentile TotalCount 1/(1-Percentile)"));
        QVERIFY2(text.contains("Total count    =        10000]"), text.right(200).constData());
        QJsonParseError pe;
        const QJsonObject j = QJsonDocument::fromJson(o.out, &pe).object();
        QVERIFY2(pe.error == QJsonParseError::NoError, o.out.constData());
        QCOMPARE(j.value(QStringLiteral("requests")).toInteger(), 10000);
        QCOMPARE(j.value(QStringLiteral("ok")).toInteger(), 10000);
        QCOMPARE(
            j.value(QStringLiteral("status")).toObject().value(QStringLiteral("200")).toInteger(),
            10000);
        const QJsonObject errors = j.value(QStringLiteral("errors")).toObject();
        for (const char *kind : {"connect", "read", "write", "timeout", "parse"})
            QCOMPARE(errors.value(QLatin1String(kind)).toInteger(-1), 0);
        QVERIFY(j.value(QStringLiteral("elapsed_s")).toDouble() > 0);
        QVERIFY(j.value(QStringLiteral("ok_per_s")).toDouble() > 0);
        QVERIFY(j.value(QStringLiteral("client_cpu_s")).toDouble() > 0);
        QVERIFY(j.value(QStringLiteral("process_cpu_s")).toDouble() >=
                j.value(QStringLiteral("client_cpu_s")).toDouble());
        QVERIFY(j.contains(QStringLiteral("drain_s")));
        QVERIFY(j.contains(QStringLiteral("in_flight_at_end")));
        QVERIFY(!j.contains(QStringLiteral("aborted")));
        const QJsonObject lat = j.value(QStringLiteral("latency_us")).toObject();
        for (const char *key : {"p50", "p90", "p99", "p999", "max", "mean", "stdev"})
            QVERIFY2(lat.contains(QLatin1String(key)), key);
        QVERIFY(lat.value(QStringLiteral("p50")).toDouble() <=
                lat.value(QStringLiteral("p99")).toDouble());
        QVERIFY(lat.value(QStringLiteral("p99")).toDouble() <=
                lat.value(QStringLiteral("max")).toDouble());
    }

    // Ordering and a physical lower bound only: the server sleeps 20 ms before it answers.
    // The ±1 ms check against the clock is tests/bench/loadcli-latency.sh.
    void delayIsNeverFasterThanTheServer()
    {
        Outcome o = runLoad({QStringLiteral("-c"), QStringLiteral("50"), QStringLiteral("-d"),
                             QStringLiteral("1s"), QStringLiteral("--json"), url("/delay?ms=20")});
        QCOMPARE(o.exitCode, 0);
        const QJsonObject lat = jsonOf(o).value(QStringLiteral("latency_us")).toObject();
        const double p50 = lat.value(QStringLiteral("p50")).toDouble();
        QVERIFY2(p50 >= 19'900, qPrintable(QString::number(p50)));
        QVERIFY(p50 <= lat.value(QStringLiteral("p99")).toDouble());
        QVERIFY(lat.value(QStringLiteral("p99")).toDouble() <=
                lat.value(QStringLiteral("max")).toDouble());
    }

    // Open loop: the send delay's percentiles, in us, as JSON and as a line of text.
    void openLoopShowsTheSendDelay()
    {
        const Outcome o =
            runLoad({QStringLiteral("--rate"), QStringLiteral("300"), QStringLiteral("-d"),
                     QStringLiteral("1s"), QStringLiteral("--json"), url("/health")});
        QCOMPARE(o.exitCode, 0);
        const QJsonObject j = jsonOf(o);
        const QJsonObject delay = j.value(QStringLiteral("send_delay_us")).toObject();
        QCOMPARE(delay.value(QStringLiteral("count")).toInteger(),
                 j.value(QStringLiteral("requests")).toInteger());
        QVERIFY(delay.value(QStringLiteral("p50")).toDouble() <=
                delay.value(QStringLiteral("p99")).toDouble());
        QVERIFY(delay.value(QStringLiteral("p99")).toDouble() <=
                delay.value(QStringLiteral("max")).toDouble());
        const Outcome text =
            runLoad({QStringLiteral("--rate"), QStringLiteral("300"), QStringLiteral("-d"),
                     QStringLiteral("500ms"), url("/health")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(QString::fromUtf8(text.out).contains(QRegularExpression(QStringLiteral(
                     "\n  Send delay p50 [0-9.]+[um]?s, p99 [0-9.]+[um]?s, max [0-9.]+[um]?s\n"))),
                 text.out.constData());
    }

    void humanOutput()
    {
        Outcome o = runLoad({QStringLiteral("-d"), QStringLiteral("500ms"), url("/users/3")});
        QCOMPARE(o.exitCode, 0);
        const QString out = QString::fromUtf8(o.out);
        QVERIFY2(out.contains(QStringLiteral("Latency Distribution")), o.out.constData());
        QVERIFY(out.contains(QStringLiteral("99.9%")));
        QVERIFY(out.contains(QStringLiteral("Requests/sec:")));
        QVERIFY(out.contains(QStringLiteral("Client CPU:")));
        QVERIFY2(out.contains(QRegularExpression(QStringLiteral(
                     "Client CPU: +[0-9.]+s \\([0-9.]+ cores\\); process [0-9.]+s\n"))),
                 o.out.constData());
        QVERIFY(out.contains(QStringLiteral("  Drain: ")));
    }

    void badInputIsOneLineAndExitTwo_data();
    void badInputIsOneLineAndExitTwo();
    void timeoutMessageInFull();
    void unwritableHgrmStopsBeforeTheRun();
    void bodyFileIsBounded();
    void drainIsReported();
    void drainingIsShownLive();
    void abortedWindowIsExitOne();
    void noSuccessIsExitOne_data();
    void noSuccessIsExitOne();
    void cpusAreShown();

    void closedPortIsOneLineAndNonZero()
    {
        uint16_t port = 0;
        {
            sb::test::MisbehavingServer s(sb::test::MisbehavingServer::Mode::Ok);
            port = s.port();
        }
        Outcome o = runLoad({QStringLiteral("http://127.0.0.1:%1/").arg(port)}, 20'000);
        QCOMPARE(o.exitCode, 2);
        const QString err = QString::fromUtf8(o.err).trimmed();
        QVERIFY2(!err.contains(QLatin1Char('\n')), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("connection refused")), qPrintable(err));
    }

private:
    QString url(const char *path) const
    {
        return QStringLiteral("http://127.0.0.1:%1%2")
            .arg(m_target->port())
            .arg(QLatin1String(path));
    }

    QTemporaryDir m_dir;
    std::unique_ptr<sb::test::TargetProcess> m_target;
};

void TestLoadCli::badInputIsOneLineAndExitTwo_data()
{
    QTest::addColumn<QStringList>("args"); // "URL" stands for the live target's /health
    QTest::addColumn<QString>("expected");
    QTest::addColumn<bool>("usage"); // a usage error ends with the hint to --help
    auto row = [](const char *name, const QStringList &args, const char *expected, bool usage) {
        QTest::newRow(name) << args << QString::fromUtf8(expected) << usage;
    };
    const QString u = QStringLiteral("URL");
    row("malformed url", {QStringLiteral("http//nope")}, "bad URL", true);
    row("ftp", {QStringLiteral("ftp://127.0.0.1/")}, "ftp", true);
    row("unknown flag", {QStringLiteral("--frobnicate"), u}, "frobnicate", true);
    row("no url", {}, "missing URL", true);
    row("two urls", {u, u}, "unexpected argument", true);
    row("empty url", {QString()}, "URL is empty", true);
    row("bad connections", {QStringLiteral("-c"), QStringLiteral("zero"), u}, "-c: ", true);
    row("bad duration", {QStringLiteral("-d"), QStringLiteral("soon"), u}, "-d: ", true);
    // Item 2 of issue 7: values the old parser took and then looped on, skipped or ignored.
    row("-d 1e10", {QStringLiteral("-d"), QStringLiteral("1e10"), u},
        "-d: must be at most 1 day, not \"1e10\"", true);
    row("--duration=1e10", {QStringLiteral("--duration=1e10"), u},
        "--duration: must be at most 1 day", true);
    row("--warmup 1e300", {QStringLiteral("--warmup"), QStringLiteral("1e300"), u},
        "--warmup: must be at most 1 day, not \"1e300\"", true);
    row("--warmup 1.5req", {QStringLiteral("--warmup"), QStringLiteral("1.5req"), u},
        "--warmup: \"1.5req\" is not a whole number of requests", true);
    row("--rate 1e-10", {QStringLiteral("--rate"), QStringLiteral("1e-10"), u},
        "--rate: must be at least 0.01 requests per second", true);
    row("--rate inf", {QStringLiteral("--rate"), QStringLiteral("inf"), u},
        "--rate: \"inf\" is not a rate", true);
    row("--interval 50ms", {QStringLiteral("--interval"), QStringLiteral("50ms"), u},
        "--interval: must be at least 100 ms", true);
    row("-n 0", {QStringLiteral("-n"), QStringLiteral("0"), u}, "-n: must be at least 1", true);
    row("-n and -d",
        {QStringLiteral("-n"), QStringLiteral("10"), QStringLiteral("-d"), QStringLiteral("1s"), u},
        "-n: give a duration (-d) or a request count (-n), not both", true);
    // Item 14: these aborted on bad_alloc and system_error.
    row("-c 50000000", {QStringLiteral("-c"), QStringLiteral("50000000"), u},
        "-c: must be at most 1000000, not \"50000000\"", true);
    row("-t 1024", {QStringLiteral("-t"), QStringLiteral("1024"), u},
        "-t: must be at most 256, not \"1024\"", true);
    // Item 16.
    row("-m ''", {QStringLiteral("-m"), QString(), u}, "-m: needs a value", true);
    row("-m 'G T'", {QStringLiteral("-m"), QStringLiteral("G T"), u},
        "-m: \"G T\" is not an HTTP method", true);
    row("-H without a colon", {QStringLiteral("-H"), QStringLiteral("X-A"), u},
        "-H: \"X-A\" is not a header", true);
    // The one request rule (plan/requestbuilder.h), as plans and the GUI have it.
    row("-H name with a space", {QStringLiteral("-H"), QStringLiteral("X A: 1"), u},
        "-H: invalid header name \"X A\"", true);
    row("-H Content-Length", {QStringLiteral("-H"), QStringLiteral("Content-Length: 5"), u},
        "-H: \"Content-Length\" is set by Stackbench from the body", true);
    row("-H value with a control character",
        {QStringLiteral("-H"), QStringLiteral("X-A: a\x01b"), u},
        "-H: X-A: a header value must not contain control characters", true);
    row("-m PROPFIND", {QStringLiteral("-m"), QStringLiteral("PROPFIND"), u},
        "-m: \"PROPFIND\" is not an HTTP method", true);
    row("--cpus x", {QStringLiteral("--cpus"), QStringLiteral("x"), u}, "--cpus: ", true);
    row("--cpus 5000", {QStringLiteral("--cpus"), QStringLiteral("5000"), u}, "--cpus: ", true);
    row("missing body file", {QStringLiteral("--body"), QStringLiteral("@/nonexistent/b.json"), u},
        "--body: cannot read", false);
}

void TestLoadCli::badInputIsOneLineAndExitTwo()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    QFETCH(bool, usage);
    for (QString &a : args)
        if (a == QLatin1String("URL"))
            a = url("/health");
    // The old --timeout 1e10 looped for ever: the deadline ends such a run as a failure.
    Outcome o = runLoad(args, 10'000);
    QCOMPARE(o.exitCode, 2);
    const QString err = QString::fromUtf8(o.err).trimmed();
    QVERIFY2(!err.contains(QLatin1Char('\n')), qPrintable(err));
    QVERIFY2(err.startsWith(QStringLiteral("stackbench load: ")), qPrintable(err));
    QVERIFY2(err.contains(expected), qPrintable(err));
    QCOMPARE(err.endsWith(QStringLiteral(" (see 'stackbench load --help')")), usage);
    QVERIFY2(o.out.isEmpty(), o.out.constData());
}

// The defect: the engine looped for ever at 90 % CPU, deaf to SIGINT.
void TestLoadCli::timeoutMessageInFull()
{
    Outcome o =
        runLoad({QStringLiteral("--timeout"), QStringLiteral("1e10"), url("/health")}, 10'000);
    QCOMPARE(o.exitCode, 2);
    QCOMPARE(QString::fromUtf8(o.err),
             QStringLiteral("stackbench load: --timeout: must be at most 1 day, not \"1e10\" "
                            "(see 'stackbench load --help')\n"));
}

// The defect: the window ran, then the write failed with exit 0.
void TestLoadCli::unwritableHgrmStopsBeforeTheRun()
{
    Outcome o = runLoad({QStringLiteral("-n"), QStringLiteral("10"), QStringLiteral("--hgrm"),
                         QStringLiteral("/nonexistent-dir/l.hgrm"), url("/health")},
                        20'000);
    QCOMPARE(o.exitCode, 2);
    QVERIFY2(o.err.startsWith("stackbench load: --hgrm: cannot write \"/nonexistent-dir/l.hgrm\""),
             o.err.constData());
    QVERIFY2(o.out.isEmpty(), o.out.constData()); // nothing ran
}

// The defect: the body file was read whole, so "@/dev/zero" took all memory (here: aborted in a
// 4 GiB address space).
void TestLoadCli::bodyFileIsBounded()
{
    Outcome big = runLoad({QStringLiteral("--body"), QStringLiteral("@/dev/zero"), url("/echo")},
                          20'000, qint64(4) << 30);
    QCOMPARE(big.exitCode, 2);
    QVERIFY2(big.err.contains("--body: \"/dev/zero\" is larger than 16 MiB"), big.err.constData());
}

// A stalled server: every request sent stays in flight until its timeout, after -d.
void TestLoadCli::drainIsReported()
{
    sb::test::MisbehavingServer stall(sb::test::MisbehavingServer::Mode::Stall);
    const QString u = QStringLiteral("http://127.0.0.1:%1/").arg(stall.port());
    Outcome o = runLoad({QStringLiteral("-c"), QStringLiteral("2"), QStringLiteral("-d"),
                         QStringLiteral("300ms"), QStringLiteral("--timeout"),
                         QStringLiteral("1500ms"), QStringLiteral("--json"), u},
                        30'000);
    QCOMPARE(o.exitCode, 1); // nothing was answered: no 2xx response
    const QJsonObject j = jsonOf(o);
    QCOMPARE(j.value(QStringLiteral("in_flight_at_end")).toInteger(-1), 2);
    const double drainS = j.value(QStringLiteral("drain_s")).toDouble();
    QVERIFY2(drainS > 0 && drainS <= j.value(QStringLiteral("elapsed_s")).toDouble(),
             o.out.constData());

    Outcome text =
        runLoad({QStringLiteral("-c"), QStringLiteral("2"), QStringLiteral("-d"),
                 QStringLiteral("300ms"), QStringLiteral("--timeout"), QStringLiteral("1500ms"), u},
                30'000);
    QCOMPARE(text.exitCode, 1);
    QVERIFY2(text.out.contains("waiting for 2 requests in flight when sending stopped"),
             text.out.constData());
}

// The live view on a terminal (script(1) gives the command one) says what the wait is.
void TestLoadCli::drainingIsShownLive()
{
    const QString script = QStandardPaths::findExecutable(QStringLiteral("script"));
    if (script.isEmpty())
        QSKIP("script(1) is not installed");
    sb::test::MisbehavingServer stall(sb::test::MisbehavingServer::Mode::Stall);
    const QString command =
        QStringLiteral("%1 load -c 2 -d 300ms --timeout 1500ms --interval 100ms "
                       "http://127.0.0.1:%2/")
            .arg(QStringLiteral(STACKBENCH_BIN))
            .arg(stall.port());
    QProcess p;
    p.start(script, {QStringLiteral("-qefc"), command, QStringLiteral("/dev/null")});
    QVERIFY(p.waitForFinished(30'000));
    QCOMPARE(p.exitCode(), 1); // the stalled server answered nothing
    const QByteArray out = p.readAllStandardOutput();
    QVERIFY2(out.contains("draining: 2 in flight"), out.constData());
}

// A server that dies mid-run: long before the 60 s of sending are over, the window gives up on
// a target that refuses every connection (after 5 s), reports what it measured and exits 1
// with the reason. The deadline (40 s) fails a window that does not give up.
void TestLoadCli::abortedWindowIsExitOne()
{
    VanishingServer server(200);
    Outcome o = runLoad({QStringLiteral("-d"), QStringLiteral("60s"), QStringLiteral("-c"),
                         QStringLiteral("4"), QStringLiteral("--json"),
                         QStringLiteral("http://127.0.0.1:%1/").arg(server.port())},
                        40'000);
    QCOMPARE(o.exitCode, 1);
    const QString err = QString::fromUtf8(o.err);
    QVERIFY2(err.startsWith(QStringLiteral("stackbench load: aborted: ")), qPrintable(err));
    const QJsonObject j = jsonOf(o);
    QVERIFY2(!j.value(QStringLiteral("aborted")).toString().isEmpty(), o.out.constData());
    const qint64 ok = j.value(QStringLiteral("ok")).toInteger();
    QVERIFY2(ok > 0 && ok <= 200, qPrintable(QString::number(ok)));
}

// Issue 22 item 6: a window without a single 2xx response ("0 requests in 6.52s") exited 0, so
// CI could not tell it from a good one. It reports what it measured, says why there is nothing
// to rate on stdout and in one line on stderr, and exits 1.
void TestLoadCli::noSuccessIsExitOne_data()
{
    using Mode = sb::test::MisbehavingServer::Mode;
    QTest::addColumn<int>("mode"); // a MisbehavingServer mode; -1 = the target's 404s
    QTest::addColumn<bool>("json");
    QTest::addColumn<QString>("reason");
    QTest::newRow("garbage") << int(Mode::Garbage) << false
                             << QStringLiteral("measured nothing: no response");
    QTest::newRow("close mid-body")
        << int(Mode::CloseMidway) << false << QStringLiteral("measured nothing: no response");
    QTest::newRow("stall") << int(Mode::Stall) << false << QStringLiteral("measured nothing");
    QTest::newRow("stall, json") << int(Mode::Stall) << true << QStringLiteral("measured nothing");
    QTest::newRow("404 only") << -1 << false << QStringLiteral("none of them 2xx");
    QTest::newRow("404 only, json") << -1 << true << QStringLiteral("none of them 2xx");
}

void TestLoadCli::noSuccessIsExitOne()
{
    QFETCH(int, mode);
    QFETCH(bool, json);
    QFETCH(QString, reason);
    std::optional<sb::test::MisbehavingServer> server;
    QString u = url("/no-such-route");
    if (mode >= 0) {
        server.emplace(sb::test::MisbehavingServer::Mode(mode));
        u = QStringLiteral("http://127.0.0.1:%1/").arg(server->port());
    }
    QStringList args{QStringLiteral("-c"),        QStringLiteral("2"),
                     QStringLiteral("-d"),        QStringLiteral("300ms"),
                     QStringLiteral("--timeout"), QStringLiteral("1500ms")};
    if (json)
        args << QStringLiteral("--json");
    const Outcome o = runLoad(args << u, 30'000);
    QCOMPARE(o.exitCode, 1);
    const QString err = QString::fromUtf8(o.err).trimmed();
    QVERIFY2(err.startsWith(QStringLiteral("stackbench load: ")), qPrintable(err));
    QVERIFY2(!err.contains(QLatin1Char('\n')), qPrintable(err));
    QVERIFY2(err.contains(reason), qPrintable(err));
    if (json) {
        const QJsonObject j = jsonOf(o);
        QCOMPARE(j.value(QStringLiteral("ok")).toInteger(-1), 0);
        QVERIFY2(j.value(QStringLiteral("no_result")).toString().contains(reason),
                 o.out.constData());
    } else {
        QVERIFY2(o.out.contains("  Latency Distribution"), o.out.constData()); // still reported
        const QString out = QString::fromUtf8(o.out);
        QVERIFY2(out.contains(QStringLiteral("\nNo result: ")) && out.contains(reason),
                 o.out.constData());
    }
}

void TestLoadCli::cpusAreShown()
{
    Outcome o = runLoad({QStringLiteral("--cpus"), QStringLiteral("0"), QStringLiteral("-n"),
                         QStringLiteral("100"), QStringLiteral("--json"), url("/health")});
    QCOMPARE(o.exitCode, 0);
    QCOMPARE(jsonOf(o).value(QStringLiteral("cpus")).toString(), QStringLiteral("0"));
    Outcome text = runLoad({QStringLiteral("--cpus"), QStringLiteral("0"), QStringLiteral("-n"),
                            QStringLiteral("100"), url("/health")});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains("Client CPUs:  0\n"), text.out.constData());
}

QTEST_GUILESS_MAIN(TestLoadCli)
#include "tst_loadcli.moc"
