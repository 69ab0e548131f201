// The equal-resource lane against a server that is not Stackbench's: tests/lane/netns-sshd.sh
// (SB_AGENTS=2, SB_SERVER_NS=1) makes the controller's namespace, two agent namespaces with
// Debian's sshd and a third namespace for nginx, each joined to the controller's by its own veth
// link. A real `stackbench run` starts nginx in the third namespace (its command is
// `ip netns exec NS nginx`), loads it from both agent hosts and stores the merged windows; the
// merged count must be nginx's own (stub_status), and the merged p50/p99 those of the union of
// what the two hosts' agents recorded. Skips only when the machine cannot create namespaces (the
// script exits 77).
#include "lanerunfixtures.h"
#include "store/records.h"
#include "store/runstore.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <csignal>

namespace {

// nginx's port in its own namespace (nothing else listens there).
constexpr int kNginxPort = 18080;

// nginx on `addr`:kNginxPort in the foreground: "ok" at every path but /ready (the runner's
// readiness probe) and /stub (stub_status), which alone are logged, to probes.log.
QString writeNginxConf(const QTemporaryDir &dir, const QString &addr)
{
    const QString d = dir.path();
    const QString conf =
        QStringLiteral("user root;\nworker_processes 1;\ndaemon off;\npid %1/nginx.pid;\n"
                       "error_log %1/error.log;\nevents { worker_connections 1024; }\n"
                       "http {\n  access_log off;\n  keepalive_requests 100000000;\n"
                       "  client_body_temp_path %1/body;\n  proxy_temp_path %1/proxy;\n"
                       "  fastcgi_temp_path %1/fastcgi;\n  uwsgi_temp_path %1/uwsgi;\n"
                       "  scgi_temp_path %1/scgi;\n"
                       "  server {\n    listen %2:%3;\n"
                       "    location / { default_type text/plain; return 200 \"ok\"; }\n"
                       "    location = /ready { access_log %1/probes.log; default_type text/plain; "
                       "return 200 \"ready\"; }\n"
                       "    location = /stub { access_log %1/probes.log; stub_status; }\n"
                       "  }\n}\n")
            .arg(d, addr)
            .arg(kNginxPort);
    const QString path = dir.filePath(QStringLiteral("nginx.conf"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(conf.toUtf8()) <= 0)
        return {};
    return path;
}

// A hook's script: appends "TAG N" to stub.txt, N nginx's request count (this request included),
// read from the controller's namespace with bash's /dev/tcp (HTTP/1.0: nginx closes after it).
QString writeStubScript(const QTemporaryDir &dir, const QString &addr)
{
    const QString script =
        QStringLiteral("#!/bin/bash\nexec 3<>/dev/tcp/%1/%2 || exit 1\n"
                       "printf 'GET /stub HTTP/1.0\\r\\nHost: %1\\r\\n\\r\\n' >&3\n"
                       "n=$(tr -d '\\r' <&3 | awk 'NF == 3 && $1 ~ /^[0-9]+$/ { print $3 }')\n"
                       "[ -n \"$n\" ] || exit 1\necho \"$1 $n\" >>'%3'\n")
            .arg(addr)
            .arg(kNginxPort)
            .arg(dir.filePath(QStringLiteral("stub.txt")));
    const QString path = dir.filePath(QStringLiteral("stub.sh"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(script.toUtf8()) <= 0)
        return {};
    return path;
}

QJsonObject hookRunning(const QString &script, const QString &tag)
{
    return QJsonObject{
        {QStringLiteral("command"), QJsonArray{QStringLiteral("/bin/bash"), script, tag}}};
}

qint64 warmupResponses(const sb::store::WindowRecord &w)
{
    return qint64(w.gates.value(QStringLiteral("warmup"))
                      .toObject()
                      .value(QStringLiteral("responses"))
                      .toDouble());
}

// The "done" results of a host's agent launches, in launch order (each launch's recorded frames).
QList<sb::load::LoadResult> launchResults(const QString &launchFile, QString *problem)
{
    QList<sb::load::LoadResult> results;
    for (const QString &frames : sb::test::fileLines(launchFile)) {
        QFile f(frames);
        std::optional<sb::load::LoadResult> r;
        if (f.open(QIODevice::ReadOnly))
            r = sb::test::agentDoneResult(f.readAll());
        if (!r) {
            *problem = QStringLiteral("no done frame in %1").arg(frames);
            return {};
        }
        results.append(std::move(*r));
    }
    return results;
}

} // namespace

class TestLaneNginx : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The script with a server namespace, and the test below inside it.
    void nginxInAThirdNamespace()
    {
        if (sb::test::insideLaneScript())
            QSKIP("the script's own run");
        const sb::test::ScriptRun r = sb::test::runLaneScript(
            {QStringLiteral(STACKBENCH_TEST_BINARY), QStringLiteral("twoHostsAgainstNginxInside")},
            true);
        if (r.exitCode == 77)
            QSKIP(qPrintable(r.err.trimmed()));
        for (const QString &line : r.out.split(QLatin1Char('\n')))
            if (line.contains(QStringLiteral("lane nginx:")))
                qInfo("%s", qPrintable(line.section(QStringLiteral("lane nginx:"), 1).trimmed()));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(
            r.out.contains(QStringLiteral("PASS   : TestLaneNginx::twoHostsAgainstNginxInside")),
            qPrintable(r.out));
    }

    // `stackbench run` with nginx in the server namespace and the load from bench-a and bench-b:
    // per window, nginx's count between the before_window and after_window hooks is the window's
    // warm-up and measured responses; over the run, nginx served those and the logged probes and
    // nothing else; the stored merged p50/p99 are those of the union of the hosts' own results.
    void twoHostsAgainstNginxInside()
    {
        if (!sb::test::insideLaneScript())
            QSKIP("runs inside tests/lane/netns-sshd.sh (nginxInAThirdNamespace)");
        const QString ns = qEnvironmentVariable("SB_SERVER_NS_NAME");
        const QString addr = qEnvironmentVariable("SB_SERVER_ADDR");
        QVERIFY2(!ns.isEmpty() && !addr.isEmpty(), "the script made no server namespace");
        const QString ip = QStandardPaths::findExecutable(QStringLiteral("ip"));
        const QString nginx = QStandardPaths::findExecutable(
            QStringLiteral("nginx"), {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin")});
        QVERIFY2(!ip.isEmpty() && !nginx.isEmpty(), "needs ip and nginx (nginx-light)");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString conf = writeNginxConf(dir, addr);
        const QString stub = writeStubScript(dir, addr);
        QVERIFY(!conf.isEmpty() && !stub.isEmpty());
        const QString launchesA = dir.filePath(QStringLiteral("launches-a"));
        const QString launchesB = dir.filePath(QStringLiteral("launches-b"));

        sb::test::LanePlanParts parts;
        parts.agentA = sb::test::recordingAgentWrapper(dir, QStringLiteral("agent-a"), launchesA);
        parts.agentB = sb::test::recordingAgentWrapper(dir, QStringLiteral("agent-b"), launchesB);
        QVERIFY(!parts.agentA.isEmpty() && !parts.agentB.isEmpty());
        parts.concurrency = QJsonArray{2, 4};
        parts.measureS = 2;
        parts.configuration = QJsonObject{
            {QStringLiteral("name"), QStringLiteral("nginx")},
            {QStringLiteral("command"),
             QJsonArray{ip, QStringLiteral("netns"), QStringLiteral("exec"), ns, nginx,
                        QStringLiteral("-c"), conf, QStringLiteral("-p"), dir.path()}},
            {QStringLiteral("base_url"), QStringLiteral("http://%1:%2").arg(addr).arg(kNginxPort)},
            {QStringLiteral("ready"),
             QJsonObject{{QStringLiteral("path"), QStringLiteral("/ready")},
                         {QStringLiteral("timeout_s"), 60}}}};
        parts.routes = QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("ok")},
                                              {QStringLiteral("path"), QStringLiteral("/")},
                                              {QStringLiteral("expect"), 200}}};
        parts.hooks = QJsonObject{
            {QStringLiteral("before_window"), QJsonArray{hookRunning(stub, QStringLiteral("b"))}},
            {QStringLiteral("after_window"), QJsonArray{hookRunning(stub, QStringLiteral("a"))}}};
        const QString planPath = sb::test::writeLanePlan(dir, parts);
        QVERIFY(!planPath.isEmpty());
        const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
        // Should the test fail, what it started does not outlive it (the script ends what is
        // left in the server's namespace too).
        const auto cleanup = qScopeGuard([&] {
            for (qint64 pid : sb::test::processesNaming(dir.path()))
                if (sb::test::processAlive(pid))
                    ::kill(pid_t(pid), SIGKILL);
        });

        QElapsedTimer clock;
        clock.start();
        QProcess run;
        run.setProcessChannelMode(QProcess::MergedChannels);
        run.start(QStringLiteral(STACKBENCH_BIN),
                  {QStringLiteral("run"), planPath, QStringLiteral("--store"), store});
        QVERIFY(run.waitForStarted());
        QVERIFY2(run.waitForFinished(400'000), "stackbench run did not end");
        const QString out = QString::fromUtf8(run.readAll());
        const double runS = double(clock.elapsed()) / 1000.0;
        QFile error(dir.filePath(QStringLiteral("error.log")));
        const QString nginxLog =
            error.open(QIODevice::ReadOnly) ? QString::fromUtf8(error.readAll()) : QString();
        QVERIFY2(run.exitStatus() == QProcess::NormalExit && run.exitCode() == 0,
                 qPrintable(out + QStringLiteral("\nnginx: ") + nginxLog));

        auto opened = sb::store::RunStore::open(store);
        QVERIFY(opened.ok());
        const auto runs = (*opened)->runs();
        QVERIFY(runs.ok() && runs->size() == 1);
        const QString runId = runs->first().id;
        QCOMPARE(runs->first().status, QString(sb::store::kStatusFinished));
        const QVector<sb::store::WindowRecord> windows = sb::test::storedLaneWindows(store, runId);
        QVERIFY(windows.size() >= 2);

        // nginx's count: a before/after pair per window, from one nginx (never restarted: the
        // count only grows).
        QList<qint64> before, after;
        qint64 last = 0;
        for (const QString &line : sb::test::fileLines(dir.filePath(QStringLiteral("stub.txt")))) {
            const qint64 n = line.section(QLatin1Char(' '), 1).toLongLong();
            QVERIFY2(n > last, qPrintable(line));
            last = n;
            (line.startsWith(QLatin1Char('b')) ? before : after).append(n);
        }
        QCOMPARE(before.size(), windows.size());
        QCOMPARE(after.size(), windows.size());
        qint64 sent = 0;
        for (qsizetype i = 0; i < windows.size(); ++i) {
            const sb::store::WindowRecord &w = windows[i];
            const qint64 warm = warmupResponses(w);
            // Between the two readings: the window's warm-up and measured requests, and the
            // after_window reading itself.
            const qint64 nginxCount = after[i] - before[i] - 1;
            qInfo("lane nginx: window %lld (%d connections, attempt %d, %s): merged %lld "
                  "responses (%lld 2xx) + warm-up %lld = %lld; nginx counted %lld; p50 %lld us, "
                  "p99 %lld us; %.3f s measured, %.3f s drain, %lld in flight at the end",
                  qint64(i), w.concurrency, w.attempt,
                  w.valid ? "valid" : qPrintable(w.invalidReason), w.requests, w.ok, warm,
                  w.requests + warm, nginxCount,
                  qint64(w.latencyUs.value(QStringLiteral("p50")).toDouble()),
                  qint64(w.latencyUs.value(QStringLiteral("p99")).toDouble()), w.elapsedS, w.drainS,
                  w.inFlightAtEnd);
            QVERIFY(w.requests > 0 && warm > 0);
            QCOMPARE(w.ok, w.requests);
            QVERIFY2(w.errors.isEmpty() ||
                         std::all_of(w.errors.begin(), w.errors.end(),
                                     [](const QJsonValue &v) { return v.toDouble() == 0; }),
                     qPrintable(QString::fromUtf8(QJsonDocument(w.errors).toJson())));
            QCOMPARE(nginxCount, w.requests + warm);
            sent += w.requests + warm;
        }
        // Over the run: what nginx served is the windows' load and the logged probes (the
        // runner's readiness probes and the hooks' readings up to the last one).
        const QStringList probes = sb::test::fileLines(dir.filePath(QStringLiteral("probes.log")));
        const qint64 stubReads = before.size() + after.size();
        const qint64 readyProbes = probes.size() - stubReads;
        qInfo("lane nginx: over the run nginx counted %lld requests: %lld load (warm-ups and "
              "measured) + %lld readiness probes + %lld stub_status readings",
              after.last(), sent, readyProbes, stubReads);
        QVERIFY(readyProbes >= 1);
        QCOMPARE(after.last(), sent + qint64(probes.size()));

        // The hosts' own results: per host, a warm-up launch and a measured one per window.
        QString problem;
        const QList<sb::load::LoadResult> a = launchResults(launchesA, &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        const QList<sb::load::LoadResult> b = launchResults(launchesB, &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(a.size(), 2 * windows.size());
        QCOMPARE(b.size(), 2 * windows.size());
        for (qsizetype i = 0; i < windows.size(); ++i) {
            const sb::store::WindowRecord &w = windows[i];
            const sb::load::LoadResult &warmA = a[2 * i];
            const sb::load::LoadResult &warmB = b[2 * i];
            const sb::load::LoadResult &measuredA = a[2 * i + 1];
            const sb::load::LoadResult &measuredB = b[2 * i + 1];
            QCOMPARE(warmA.total.responses + warmB.total.responses, warmupResponses(w));
            QCOMPARE(measuredA.total.responses + measuredB.total.responses, w.requests);
            sb::Histogram all;
            QVERIFY(all.add(measuredA.latency) && all.add(measuredB.latency));
            sb::Histogram stored;
            QVERIFY(stored.decode(std::vector<uint8_t>(w.histogram.begin(), w.histogram.end())));
            qInfo("lane nginx: window %lld: bench-a %lld responses (p50 %lld us, p99 %lld us), "
                  "bench-b %lld (p50 %lld us, p99 %lld us); their union p50 %lld us, p99 %lld us; "
                  "stored p50 %lld us, p99 %lld us",
                  qint64(i), qint64(measuredA.total.responses),
                  qint64(measuredA.latency.valueAtPercentile(50)),
                  qint64(measuredA.latency.valueAtPercentile(99)),
                  qint64(measuredB.total.responses),
                  qint64(measuredB.latency.valueAtPercentile(50)),
                  qint64(measuredB.latency.valueAtPercentile(99)),
                  qint64(all.valueAtPercentile(50)), qint64(all.valueAtPercentile(99)),
                  qint64(stored.valueAtPercentile(50)), qint64(stored.valueAtPercentile(99)));
            QVERIFY(measuredA.total.responses > 0 && measuredB.total.responses > 0);
            // The store keeps each host's histogram with the window (its "load_hosts" gate):
            // the same the agents sent, and their union is the window's.
            const QJsonArray hosts = w.gates.value(QStringLiteral("load_hosts"))
                                         .toObject()
                                         .value(QStringLiteral("hosts"))
                                         .toArray();
            QCOMPARE(hosts.size(), 2);
            sb::Histogram storedUnion;
            for (qsizetype h = 0; h < hosts.size(); ++h) {
                const QByteArray bytes =
                    QByteArray::fromBase64(hosts[h]
                                               .toObject()
                                               .value(QStringLiteral("latency_histogram"))
                                               .toString()
                                               .toLatin1());
                sb::Histogram one;
                QVERIFY(one.decode(std::vector<uint8_t>(bytes.begin(), bytes.end())));
                const sb::Histogram &own = h == 0 ? measuredA.latency : measuredB.latency;
                QCOMPARE(one.count(), own.count());
                QCOMPARE(one.valueAtPercentile(50), own.valueAtPercentile(50));
                QCOMPARE(one.valueAtPercentile(99), own.valueAtPercentile(99));
                QVERIFY(storedUnion.add(one));
            }
            QCOMPARE(storedUnion.count(), stored.count());
            for (double p : {50.0, 99.0})
                QCOMPARE(storedUnion.valueAtPercentile(p), stored.valueAtPercentile(p));
            QCOMPARE(stored.count(), all.count());
            QCOMPARE(stored.count(), w.requests);
            for (double p : {50.0, 99.0}) {
                QCOMPARE(stored.valueAtPercentile(p), all.valueAtPercentile(p));
                QCOMPARE(
                    qint64(
                        w.latencyUs.value(p == 50.0 ? QStringLiteral("p50") : QStringLiteral("p99"))
                            .toDouble()),
                    qint64(all.valueAtPercentile(p)));
            }
        }
        qInfo("lane nginx: %lld windows, `stackbench run` took %.1f s", qint64(windows.size()),
              runS);
    }
};

QTEST_GUILESS_MAIN(TestLaneNginx)
#include "tst_lanenginx.moc"
