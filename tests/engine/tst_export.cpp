// engine/store/runexport: a run exported as JSON validates against docs/export.schema.json,
// imports into another store, and exports again to the same bytes apart from window ids; broken
// imports say where and leave nothing behind.

#include "core/qterror.h"
#include "report/reportjson.h"
#include "report/runreport.h"
#include "store/runexport.h"
#include "store/runstore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace sb::store;

namespace {

const char *kRunId = "20261201-101500-beef";

WindowRecord window(int round, bool valid)
{
    WindowRecord w;
    w.runId = QString::fromLatin1(kRunId);
    w.round = round;
    w.configuration = QStringLiteral("native");
    w.route = QStringLiteral("health");
    w.concurrency = 10;
    w.attempt = valid ? 1 : 0;
    w.valid = valid;
    w.invalidReason = valid ? QString() : QStringLiteral("foreign-cpu 99% >= 64%");
    w.flags = valid ? QStringList{QStringLiteral("client-bound")} : QStringList();
    w.startedAt = QDateTime(QDate(2026, 12, 1), QTime(10, 15, round, 250), Qt::UTC);
    w.elapsedS = 30.004;
    w.drainS = 0.004;
    w.inFlightAtEnd = 3;
    w.requests = 123456;
    w.ok = 123450;
    w.statusCounts = QJsonObject{{QStringLiteral("200"), 123450}, {QStringLiteral("503"), 6}};
    w.errors = QJsonObject{{QStringLiteral("connect"), 0}, {QStringLiteral("timeout"), 1}};
    w.bytesIn = 9'876'543'210;
    w.bytesOut = 1234;
    w.clientCpuS = 1.0 / 3;
    w.latencyUs = QJsonObject{{QStringLiteral("p50"), 812}, {QStringLiteral("mean"), 901.25}};
    w.histogram = QByteArray("SBHG\x01\x00\xff binary", 16);
    w.serverCpuS = 29.5;
    w.serverCoresMean = 0.983333;
    w.foreignPctMean = valid ? 4.5 : 99;
    w.foreignPctPeak = 12.25;
    w.rssBytesPeak = 70 << 20;
    w.pssBytesPeak = 50 << 20;
    w.gates = QJsonObject{
        {QStringLiteral("foreign_cpu"), QJsonObject{{QStringLiteral("passed"), valid}}}};
    for (int i = 0; i < 3; ++i) {
        IntervalRecord r;
        r.index = i;
        r.startS = i;
        r.endS = i + 1;
        r.requests = 4000 + i;
        r.ok = 4000 + i;
        r.okPerS = 4000.5 + i;
        r.p50Us = 800;
        r.serverCores = 0.98;
        w.intervals.append(r);
        w.samples.append({double(i + 1), QStringLiteral("own-pct"), 2.5});
    }
    return w;
}

// Fills a store with one run of two windows, configurations, events and server output.
void fill(RunStore &store)
{
    RunRecord run;
    run.id = QString::fromLatin1(kRunId);
    run.planPath = QStringLiteral("/home/me/demo.json");
    run.planText = QByteArrayLiteral("{\"name\": \"demo \xc3\xa9\"}\n");
    run.planSha256 = QByteArrayLiteral("3f2a");
    run.profile = QStringLiteral("quick");
    run.only = {QStringLiteral("native")};
    run.startedAt = QDateTime(QDate(2026, 12, 1), QTime(10, 15, 0, 7), Qt::UTC);
    run.finishedAt = QDateTime(QDate(2026, 12, 1), QTime(10, 20, 1, 9), Qt::UTC);
    run.status = QString(kStatusFinished);
    run.environment = QJsonObject{{QStringLiteral("cores"), 2},
                                  {QStringLiteral("kernel"), QStringLiteral("6.1.0 #1 SMP")}};
    run.fileHashes = QJsonObject{{QStringLiteral("/home/me/demo.json"), QStringLiteral("ab")}};
    run.runnerPid = 4242;
    run.runnerHost = QStringLiteral("bench1");
    run.runnerStart = QStringLiteral("boot:123");
    QVERIFY(store.createRun(run).ok());
    QVERIFY(store
                .saveConfiguration({run.id, QStringLiteral("native"),
                                    QJsonObject{{QStringLiteral("versions"), QJsonObject{}}}, 2})
                .ok());
    QVERIFY(store.saveWindow(window(0, false)).ok());
    QVERIFY(store.saveWindow(window(0, true)).ok());
    QVERIFY(
        store
            .saveEvent({run.id, run.startedAt, QStringLiteral("server-started"),
                        QStringLiteral("started (pid 7)"), QJsonObject{{QStringLiteral("pid"), 7}}})
            .ok());
    QVERIFY(store
                .appendServerLog(run.id, QStringLiteral("native"), 0, QByteArray("out\x00\x01", 5),
                                 QByteArrayLiteral("err"))
                .ok());
    QVERIFY(store.appendServerLog(run.id, QStringLiteral("native"), 0, "more", QByteArray()).ok());
}

// The document with every window id removed (the store's own ids).
QJsonObject withoutIds(QJsonObject doc)
{
    QJsonArray windows = doc.value(QStringLiteral("windows")).toArray();
    for (qsizetype i = 0; i < windows.size(); ++i) {
        QJsonObject w = windows[i].toObject();
        w.remove(QStringLiteral("id"));
        windows[i] = w;
    }
    doc.insert(QStringLiteral("windows"), windows);
    return doc;
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTrip();
    void validatesAgainstTheSchema();
    void brokenImports_data();
    void brokenImports();
    void existingRunIsRefused();

private:
    QTemporaryDir m_dir;
};

void TestExport::roundTrip()
{
    auto a = RunStore::open(m_dir.filePath(QStringLiteral("a.sqlite")));
    QVERIFY(a.ok());
    fill(**a);
    auto exported = exportRun(**a, QString::fromLatin1(kRunId));
    QVERIFY2(exported.ok(), exported.ok() ? "" : exported.error().detail.c_str());
    const QByteArray first = exportBytes(*exported);
    QCOMPARE(exported->value(QStringLiteral("windows")).toArray().size(), 2);
    QCOMPARE(exported->value(QStringLiteral("server_logs")).toArray().size(), 1);

    auto b = RunStore::open(m_dir.filePath(QStringLiteral("b.sqlite")));
    QVERIFY(b.ok());
    // Make b's ids differ from a's.
    RunRecord other;
    other.id = QStringLiteral("20261130-000000-0000");
    other.startedAt = QDateTime::currentDateTimeUtc();
    QVERIFY((*b)->createRun(other).ok());
    WindowRecord filler = window(0, true);
    filler.runId = other.id;
    QVERIFY((*b)->saveWindow(filler).ok());

    auto imported = importRun(**b, first);
    QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().detail.c_str());
    QCOMPARE(*imported, QString::fromLatin1(kRunId));
    auto again = exportRun(**b, QString::fromLatin1(kRunId));
    QVERIFY(again.ok());
    QVERIFY(exported->value(QStringLiteral("windows"))
                .toArray()[0]
                .toObject()
                .value(QStringLiteral("id")) != again->value(QStringLiteral("windows"))
                                                    .toArray()[0]
                                                    .toObject()
                                                    .value(QStringLiteral("id")));
    QCOMPARE(exportBytes(withoutIds(*again)), exportBytes(withoutIds(*exported)));
    // The bytes that are not text came through intact.
    auto run = (*b)->run(QString::fromLatin1(kRunId));
    QCOMPARE(run->planText, QByteArrayLiteral("{\"name\": \"demo \xc3\xa9\"}\n"));
    QCOMPARE(run->finishedAt, QDateTime(QDate(2026, 12, 1), QTime(10, 20, 1, 9), Qt::UTC));
    QCOMPARE(run->status, QString(kStatusFinished));
    auto windows = (*b)->windows(QString::fromLatin1(kRunId), true);
    QCOMPARE(windows->at(1).histogram, QByteArray("SBHG\x01\x00\xff binary", 16));
    QCOMPARE(windows->at(1).intervals.size(), 3);
    auto logs = (*b)->serverLogs(QString::fromLatin1(kRunId));
    QCOMPARE(logs->at(0).stdoutBytes, QByteArray("out\x00\x01more", 9));
    // The imported run reports the same as the original.
    auto reportA = sb::report::loadRunReport(**a, QString::fromLatin1(kRunId));
    auto reportB = sb::report::loadRunReport(**b, QString::fromLatin1(kRunId));
    QVERIFY(reportA.ok() && reportB.ok());
    QCOMPARE(QJsonDocument(sb::report::reportJson(*reportB)).toJson(),
             QJsonDocument(sb::report::reportJson(*reportA)).toJson());
}

void TestExport::validatesAgainstTheSchema()
{
    const QString schema = QStringLiteral(STACKBENCH_SOURCE_DIR "/docs/export.schema.json");
    QVERIFY(QFile::exists(schema));
    QProcess probe;
    probe.start(QStringLiteral("/usr/bin/python3"),
                {QStringLiteral("-c"), QStringLiteral("import jsonschema")});
    if (!probe.waitForFinished(20'000) || probe.exitCode() != 0)
        QSKIP("Debian's python3-jsonschema is not installed (.ci/setup installs it)");
    auto a = RunStore::open(m_dir.filePath(QStringLiteral("schema.sqlite")));
    fill(**a);
    auto exported = exportRun(**a, QString::fromLatin1(kRunId));
    const QString file = m_dir.filePath(QStringLiteral("export.json"));
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(exportBytes(*exported));
    out.close();
    auto validate = [&](const QString &path) {
        QProcess p;
        p.start(
            QStringLiteral("/usr/bin/python3"),
            {QStringLiteral("-c"),
             QStringLiteral("import json, sys, jsonschema\n"
                            "s = json.load(open(sys.argv[1])); d = json.load(open(sys.argv[2]))\n"
                            "jsonschema.Draft202012Validator.check_schema(s)\n"
                            "jsonschema.validate(d, s, cls=jsonschema.Draft202012Validator)\n"),
             schema, path});
        p.waitForFinished(30'000);
        return std::make_pair(p.exitCode(), QString::fromUtf8(p.readAllStandardError()));
    };
    auto [code, err] = validate(file);
    QVERIFY2(code == 0, qPrintable(err));
    // The validator is not vacuous: a window without its drain fails.
    QJsonObject broken = *exported;
    QJsonArray windows = broken.value(QStringLiteral("windows")).toArray();
    QJsonObject w = windows[0].toObject();
    w.remove(QStringLiteral("drain_s"));
    windows[0] = w;
    broken.insert(QStringLiteral("windows"), windows);
    const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
    QFile badFile(bad);
    QVERIFY(badFile.open(QIODevice::WriteOnly));
    badFile.write(exportBytes(broken));
    badFile.close();
    QVERIFY(validate(bad).first != 0);
}

void TestExport::brokenImports_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("where");
    QTest::newRow("not json") << QByteArray("{\"schema\": ") << QStringLiteral("import.json")
                              << QStringLiteral("offset");
    QTest::newRow("array") << QByteArray("[]") << QStringLiteral("import.format")
                           << QStringLiteral("$");
    QTest::newRow("another document")
        << QByteArray("{\"schema\": \"stackbench-report\", \"version\": 1}")
        << QStringLiteral("import.format") << QStringLiteral("$.schema");
    QTest::newRow("newer") << QByteArray("{\"schema\": \"stackbench-export\", \"version\": 9}")
                           << QStringLiteral("import.version") << QStringLiteral("$.version");
    QTest::newRow("wrong type")
        << QByteArray("{\"schema\": \"stackbench-export\", \"version\": 1, \"run\": {\"id\": "
                      "\"r1\"}, \"windows\": [{\"round\": \"zero\"}]}")
        << QStringLiteral("import.format") << QStringLiteral("$.windows[0].round");
    QTest::newRow("bad interval")
        << QByteArray("{\"schema\": \"stackbench-export\", \"version\": 1, \"run\": {\"id\": "
                      "\"r2\"}, \"windows\": [{\"round\": 0, \"intervals\": [3]}]}")
        << QStringLiteral("import.format") << QStringLiteral("$.windows[0].intervals[0]");
    QTest::newRow("no run id") << QByteArray("{\"schema\": \"stackbench-export\", \"version\": 1, "
                                             "\"run\": {}}")
                               << QStringLiteral("import.format") << QStringLiteral("$.run.id");
}

void TestExport::brokenImports()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, code);
    QFETCH(QString, where);
    auto store = RunStore::open(m_dir.filePath(QStringLiteral("broken.sqlite")));
    QVERIFY(store.ok());
    auto imported = importRun(**store, bytes);
    QVERIFY(!imported.ok());
    QCOMPARE(sb::qtCode(imported.error()), code);
    QVERIFY2(sb::qtWhere(imported.error()).startsWith(where), imported.error().where.c_str());
    QCOMPARE((*store)->runs()->size(), 0); // nothing left behind
}

void TestExport::existingRunIsRefused()
{
    auto a = RunStore::open(m_dir.filePath(QStringLiteral("twice.sqlite")));
    fill(**a);
    auto exported = exportRun(**a, QString::fromLatin1(kRunId));
    auto again = importRun(**a, *exported);
    QVERIFY(!again.ok());
    QCOMPARE(sb::qtCode(again.error()), QStringLiteral("import.exists"));
    QCOMPARE((*a)->windows(QString::fromLatin1(kRunId))->size(), 2); // the original is intact
}

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
