// A configuration's own host (run/serverhost.h, run/serverhostagent.h) with its agent started
// here as a child process, no ssh: the tree started, watched, sampled and stopped by the agent,
// commands run there, the machine described; the agent's stdin closed ends its trees; the faults
// of reaching a host named with the fix; the sampler's JSON read as hostile input.
#include "lane/agentprotocol.h"
#include "lanerunfixtures.h"
#include "run/samplejson.h"
#include "run/serverhost.h"
#include "version.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <mutex>

using sb::run::ServerHost;
using sb::test::processAlive;

namespace {

sb::run::LoadHostCommand localAgent()
{
    return {QStringLiteral("bench-s"),
            QStringLiteral(STACKBENCH_BIN),
            {QStringLiteral("agent")},
            QStringLiteral("root@bench-s")};
}

sb::run::LoadHostCommand shellAgent(const QString &script)
{
    return {QStringLiteral("bench-s"),
            QStringLiteral("/bin/sh"),
            {QStringLiteral("-c"), script},
            QStringLiteral("root@bench-s")};
}

QJsonObject treeStart(const QString &name, const QStringList &command)
{
    return QJsonObject{
        {QStringLiteral("type"), QStringLiteral("tree-start")},
        {QStringLiteral("name"), name},
        {QStringLiteral("command"), QJsonArray::fromStringList(command)},
        {QStringLiteral("cwd"), QStringLiteral("/")},
        {QStringLiteral("env"), QJsonObject{{QStringLiteral("SB_X"), QStringLiteral("x")}}}};
}

} // namespace

class TestServerHost : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A tree's whole life through the agent: started (its pid and containment), running,
    // sampled (readings as they come, a summary whose CPU is the tree's), its memory, a command
    // run there, the machine described, stopped with what it wrote.
    void treeThroughTheAgent()
    {
        auto host = ServerHost::connect(localAgent());
        QVERIFY2(host.ok(), host.ok() ? "" : host.error().toString().c_str());
        ServerHost &h = **host;
        QCOMPARE(h.name(), QStringLiteral("bench-s"));
        QVERIFY(h.cores() >= 1);
        // A busy tree that writes on both channels: a shell loop burning CPU.
        const auto started = h.request(
            treeStart(QStringLiteral("busy"),
                      {QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                       QStringLiteral("echo out-$SB_X; echo err-$SB_X >&2; while :; do :; done")}),
            "tree-started", 30'000);
        QVERIFY2(started.ok(), started.ok() ? "" : started.error().toString().c_str());
        const qint64 pid = qint64(started->value(QStringLiteral("pid")).toDouble());
        QVERIFY(pid > 0 && processAlive(pid));
        QVERIFY(!started->value(QStringLiteral("containment")).toString().isEmpty());
        const auto status =
            h.request(QJsonObject{{QStringLiteral("type"), QStringLiteral("tree-status")},
                                  {QStringLiteral("name"), QStringLiteral("busy")}},
                      "tree-status", 30'000);
        QVERIFY(status.ok());
        QCOMPARE(status->value(QStringLiteral("running")).toBool(), true);

        std::mutex mutex;
        QList<sb::run::TreeReading> readings;
        QVERIFY(
            h.sampleStart(QStringLiteral("busy"), 200, {}, 10, [&](const sb::run::TreeReading &r) {
                 std::lock_guard<std::mutex> lock(mutex);
                 readings.append(r);
             }).ok());
        QTRY_VERIFY_WITH_TIMEOUT(([&] {
                                     std::lock_guard<std::mutex> lock(mutex);
                                     return readings.size() >= 3;
                                 }()),
                                 30'000);
        const auto summary = h.sampleStop();
        QVERIFY2(summary.ok(), summary.ok() ? "" : summary.error().toString().c_str());
        {
            std::lock_guard<std::mutex> lock(mutex);
            QVERIFY(readings.last().final);
            for (int i = 0; i < readings.size(); ++i)
                QCOMPARE(readings[i].index, i);
            qInfo("server host: %lld readings, the tree %.2f cores (mean), RSS peak %lld bytes",
                  qint64(readings.size()), summary->serverCores.mean,
                  qint64(summary->rssBytesPeak));
        }
        QCOMPARE(summary->samples, int(readings.size()));
        QVERIFY(summary->serverCpuS > 0);
        QVERIFY(summary->serverCores.mean > 0.2); // a spinning shell, on a shared machine
        QVERIFY(summary->rssBytesPeak > 0);
        QVERIFY(!summary->rootExited);

        const auto memory =
            h.request(QJsonObject{{QStringLiteral("type"), QStringLiteral("tree-memory")},
                                  {QStringLiteral("name"), QStringLiteral("busy")}},
                      "tree-memory", 30'000);
        QVERIFY(memory.ok() && memory->value(QStringLiteral("rss_bytes")).toDouble() > 0);

        const auto exec =
            h.exec({QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                    QStringLiteral("echo hello $SB_Y; exit 3")},
                   QStringLiteral("/"), {{QStringLiteral("SB_Y"), QStringLiteral("y")}}, 10'000);
        QVERIFY(exec.ok());
        QCOMPARE(exec->exitCode, 3);
        QVERIFY(!exec->timedOut);
        QCOMPARE(exec->output, QByteArray("hello y\n"));
        const auto slow = h.exec({QStringLiteral("/bin/sleep"), QStringLiteral("30")},
                                 QStringLiteral("/"), {}, 300);
        QVERIFY(slow.ok());
        QVERIFY(slow->timedOut);

        const auto env =
            h.request(QJsonObject{{QStringLiteral("type"), QStringLiteral("environment")}},
                      "environment", 30'000);
        QVERIFY(env.ok());
        const QJsonObject record = env->value(QStringLiteral("record")).toObject();
        QVERIFY(record.contains(QStringLiteral("kernel")));
        QVERIFY(record.contains(QStringLiteral("cores")));
        QVERIFY(!record.contains(QStringLiteral("plan_path")));

        const auto stopped =
            h.request(QJsonObject{{QStringLiteral("type"), QStringLiteral("tree-stop")},
                                  {QStringLiteral("name"), QStringLiteral("busy")},
                                  {QStringLiteral("signal"), SIGTERM},
                                  {QStringLiteral("grace_ms"), 5000}},
                      "tree-stopped", 60'000);
        QVERIFY2(stopped.ok(), stopped.ok() ? "" : stopped.error().toString().c_str());
        QCOMPARE(
            QByteArray::fromBase64(stopped->value(QStringLiteral("stdout")).toString().toLatin1()),
            QByteArray("out-x\n"));
        QCOMPARE(
            QByteArray::fromBase64(stopped->value(QStringLiteral("stderr")).toString().toLatin1()),
            QByteArray("err-x\n"));
        QVERIFY(!processAlive(pid));
        // A tree it does not have is an error naming the host.
        const auto none =
            h.request(QJsonObject{{QStringLiteral("type"), QStringLiteral("tree-status")},
                                  {QStringLiteral("name"), QStringLiteral("busy")}},
                      "tree-status", 30'000);
        QVERIFY(!none.ok());
        QVERIFY2(QString::fromStdString(none.error().detail).contains(QStringLiteral("bench-s")),
                 none.error().toString().c_str());
    }

    // The controller gone (the agent's stdin closed): the tree ends with the agent.
    void treeEndsWithTheConnection()
    {
        qint64 pid = 0;
        {
            auto host = ServerHost::connect(localAgent());
            QVERIFY(host.ok());
            const auto started =
                (*host)->request(treeStart(QStringLiteral("sleeper"),
                                           {QStringLiteral("/bin/sleep"), QStringLiteral("300")}),
                                 "tree-started", 30'000);
            QVERIFY(started.ok());
            pid = qint64(started->value(QStringLiteral("pid")).toDouble());
            QVERIFY(processAlive(pid));
        } // ~ServerHost closes the agent's stdin
        QTRY_VERIFY_WITH_TIMEOUT(!processAlive(pid), 30'000);
    }

    // Reaching a host that cannot serve: each fault its own words, naming the destination.
    void faultsNameTheHost_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing") << QStringLiteral(
                                        "echo 'sh: 1: stackbench: not found' >&2; exit 127")
                                 << QStringLiteral("install stackbench %1 on root@bench-s")
                                        .arg(QString::fromLatin1(sb::kVersion));
        QTest::newRow("host key") << QStringLiteral("echo 'Host key verification failed.' >&2; "
                                                    "exit 255")
                                  << QStringLiteral("connect once with 'ssh root@bench-s'");
        QTest::newRow("unreachable")
            << QStringLiteral("echo 'ssh: connect to host bench-s port 22: Connection "
                              "refused' >&2; exit 255")
            << QStringLiteral("cannot reach root@bench-s");
        QTest::newRow("silent") << QStringLiteral("exec sleep 30")
                                << QStringLiteral("its agent did not answer within 1 s");
    }
    void faultsNameTheHost()
    {
        QFETCH(QString, script);
        QFETCH(QString, message);
        const auto host = ServerHost::connect(shellAgent(script), 1000);
        QVERIFY(!host.ok());
        QCOMPARE(host.error().code, std::string(sb::run::kServerHostError));
        const QString text = QString::fromStdString(host.error().detail);
        QVERIFY2(text.startsWith(QStringLiteral("server host bench-s")), qPrintable(text));
        QVERIFY2(text.contains(message), qPrintable(text));
    }

    // What the agent sends is read as hostile: a reading or summary with a field of the wrong
    // type, out of range or too long a list is refused; good ones round-trip.
    void samplerJsonIsChecked()
    {
        sb::run::TreeReading r;
        r.index = 4;
        r.endS = 1.5;
        r.serverCores = 0.75;
        r.rssBytes = 1 << 20;
        r.foreignTop.append({QStringLiteral("<b>x"), 12, 0.5});
        r.events.append({QStringLiteral("sleep"), 1.0, 0, QStringLiteral("gap")});
        const QJsonObject good = sb::run::readingJson(r);
        const auto back = sb::run::readReading(good);
        QVERIFY(back.ok());
        QCOMPARE(back->index, 4);
        QCOMPARE(back->serverCores, 0.75);
        QCOMPARE(back->foreignTop.first().name, QStringLiteral("?b?x")); // sanitised again
        QCOMPARE(back->events.size(), 1);
        for (const auto &[key, value] : std::initializer_list<std::pair<const char *, QJsonValue>>{
                 {"index", QStringLiteral("4")},
                 {"server_cores", -1.0},
                 {"rss_bytes", 1e300},
                 {"final", 1},
                 {"events", QJsonObject{}},
                 {"foreign_top", QJsonArray{1, 2, 3, 4}}}) {
            QJsonObject bad = good;
            bad.insert(QLatin1String(key), value);
            const auto read = sb::run::readReading(bad);
            QVERIFY2(!read.ok(), key);
            QVERIFY2(QString::fromStdString(read.error().detail).contains(QLatin1String(key)),
                     read.error().toString().c_str());
        }
        sb::run::TreeSummary s;
        s.samples = 3;
        s.serverCpuS = 2.5;
        s.foreignTop.sampled = true;
        s.foreignTop.intervals = {{}, {{QStringLiteral("cc1plus"), 7, 0.9}}, {}};
        const QJsonObject summary = sb::run::summaryJson(s);
        const auto sback = sb::run::readSummary(summary);
        QVERIFY(sback.ok());
        QCOMPARE(sback->serverCpuS, 2.5);
        QCOMPARE(sback->foreignTop.interval(1).first().name, QStringLiteral("cc1plus"));
        QJsonObject bad = summary;
        bad.insert(QStringLiteral("foreign_intervals"), QJsonArray{QStringLiteral("x")});
        QVERIFY(!sb::run::readSummary(bad).ok());
        QVERIFY(!sb::run::readSummary(QJsonValue(3)).ok());
    }
};

QTEST_GUILESS_MAIN(TestServerHost)
#include "tst_serverhost.moc"
