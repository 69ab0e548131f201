// engine/store/runexport: a run exported as JSON validates against docs/export.schema.json,
// imports into another store, and exports again to the same bytes apart from window ids; broken
// imports say where and leave nothing behind.

#include "core/qterror.h"
#include "report/reportjson.h"
#include "report/runreport.h"
#include "stats/histogram.h"
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

// A real histogram of a few latencies, as the store keeps it.
QByteArray histogramBytes()
{
    sb::Histogram h;
    for (int64_t us : {700, 812, 812, 901, 5000})
        h.record(us);
    const std::vector<uint8_t> bytes = h.encode();
    return QByteArray(reinterpret_cast<const char *>(bytes.data()), qsizetype(bytes.size()));
}

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
    w.histogram = histogramBytes();
    w.serverCpuS = 29.5;
    w.serverCoresMean = 0.983333;
    w.foreignPctMean = valid ? 4.5 : 99;
    w.foreignPctPeak = 12.25;
    w.rssBytesPeak = 70 << 20;
    w.pssBytesPeak = 50 << 20;
    w.treeAgeS = valid ? 41.25 : 0.5; // the valid window's tree served the invalid one's load
    w.treeRequests = valid ? 123'456 : 0;
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
    void hostileImports_data();
    void hostileImports();
    void configurationOfThePlanOnly();
    void existingRunIsRefused();
    void importWithoutAgesReadsUnknown();

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
    QCOMPARE(windows->at(1).histogram, histogramBytes());
    QCOMPARE(windows->at(0).treeRequests, qint64(0));
    QCOMPARE(windows->at(0).treeAgeS, 0.5);
    QCOMPARE(windows->at(1).treeRequests, qint64(123'456));
    QCOMPARE(windows->at(1).treeAgeS, 41.25);
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
    const QByteArray run = "\"run\": {\"id\": \"20261201-101500-0001\", \"status\": "
                           "\"finished\", \"started_at\": \"2026-12-01T10:15:00.000Z\"}, "
                           "\"configurations\": [{\"name\": \"a\", \"info\": {}}]";
    const QByteArray window = "\"configuration\": \"a\", \"route\": \"r\", \"concurrency\": 1, "
                              "\"attempt\": 0, \"valid\": true, \"elapsed_s\": 1, \"requests\": 1, "
                              "\"ok\": 1";
    QTest::newRow("wrong type") << QByteArray(
                                       "{\"schema\": \"stackbench-export\", \"version\": 1, " +
                                       run + ", \"windows\": [{\"round\": \"zero\"}]}")
                                << QStringLiteral("import.format")
                                << QStringLiteral("$.windows[0].round");
    QTest::newRow("bad interval")
        << QByteArray("{\"schema\": \"stackbench-export\", \"version\": 1, " + run +
                      ", \"windows\": [{\"round\": 0, " + window + ", \"intervals\": [3]}]}")
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

namespace {

// The value at `path` ("windows.0": object keys and array indexes) of `doc`.
QJsonValue valueAt(QJsonValue doc, const QStringList &path)
{
    for (const QString &key : path)
        doc = doc.isArray() ? doc.toArray().at(key.toInt()) : doc.toObject().value(key);
    return doc;
}

// `doc` with the value at `path` ("windows.0.ok": object keys and array indexes) replaced by
// `value`, or removed when `value` is undefined.
QJsonValue replaced(const QJsonValue &doc, QStringList path, const QJsonValue &value)
{
    const QString key = path.takeFirst();
    if (doc.isArray()) {
        QJsonArray a = doc.toArray();
        const int i = key.toInt();
        if (path.isEmpty() && value.isUndefined())
            a.removeAt(i);
        else
            a[i] = path.isEmpty() ? value : replaced(a[i], path, value);
        return a;
    }
    QJsonObject o = doc.toObject();
    if (path.isEmpty() && value.isUndefined())
        o.remove(key);
    else
        o.insert(key, path.isEmpty() ? value : replaced(o.value(key), path, value));
    return o;
}

} // namespace

// Each row changes one place of a good export: the import is refused with an error naming that
// place (its JSON path) and saying what is wrong, and leaves nothing behind.
void TestExport::hostileImports_data()
{
    QTest::addColumn<QString>("path"); // what to change, "" = nothing
    // The new value as JSON text; "" = remove it; "@windows.0" = the value at that path.
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("detail"); // a part of the error's detail
    auto row = [](const char *name, const char *path, const QByteArray &json, const char *where,
                  const char *detail) {
        QTest::newRow(name) << QString::fromUtf8(path) << json << QString::fromUtf8(where)
                            << QString::fromUtf8(detail);
    };
    const char *notId = "is not a run id";
    row("SQL in the run id", "run.id", "\"x'); DROP TABLE windows;--\"", "$.run.id", notId);
    row("path in the run id", "run.id", "\"../../etc/passwd\"", "$.run.id", notId);
    row("HTML in the run id", "run.id", "\"<script>alert(1)</script>\"", "$.run.id", notId);
    row("upper-case run id", "run.id", "\"20261201-101500-BEEF\"", "$.run.id", notId);
    row("empty run id", "run.id", "\"\"", "$.run.id", notId);
    row("no run id", "run.id", "", "$.run.id", "is missing");
    row("numeric run id", "run.id", "42", "$.run.id", "must be a string");
    row("unknown status", "run.status", "\"done\"", "$.run.status", "must be one of");
    row("no start", "run.started_at", "null", "$.run.started_at", "must be a time");
    row("bad start", "run.started_at", "\"yesterday\"", "$.run.started_at", "ISO 8601");
    row("finished before it started", "run.finished_at", "\"2020-01-01T00:00:00.000Z\"",
        "$.run.finished_at", "before started_at");
    row("negative pid", "run.runner_pid", "-1", "$.run.runner_pid", "out of range");
    row("no windows", "windows", "[]", "$.windows", "no window");
    row("windows missing", "windows", "", "$.windows", "is missing");
    row("windows not an array", "windows", "{}", "$.windows", "must be an array");
    row("window repeated", "windows.1", "@windows.0", "$.windows[1]", "repeats $.windows[0]");
    row("unknown configuration", "windows.1.configuration", "\"ghost\"",
        "$.windows[1].configuration", "names no configuration");
    // The plan text names the configurations too (a configuration without a record is known).
    row("unknown to the plan too", "configurations", "[]", "$.windows[0].configuration",
        "names no configuration");
    row("window without route", "windows.0.route", "", "$.windows[0].route", "is missing");
    row("ok 1e30", "windows.1.ok", "1e30", "$.windows[1].ok", "out of range 0..9007199254740992");
    row("ok negative", "windows.1.ok", "-5", "$.windows[1].ok", "out of range");
    row("ok fractional", "windows.1.ok", "1.5", "$.windows[1].ok", "must be an integer");
    row("ok above requests", "windows.1.ok", "123457", "$.windows[1].ok", "more than the");
    row("requests negative", "windows.0.requests", "-1", "$.windows[0].requests", "out of range");
    row("concurrency 1e18", "windows.0.concurrency", "1e18", "$.windows[0].concurrency",
        "out of range 1..1000000");
    row("concurrency 0", "windows.0.concurrency", "0", "$.windows[0].concurrency", "out of range");
    row("round negative", "windows.0.round", "-1", "$.windows[0].round", "out of range");
    row("round text", "windows.0.round", "\"0\"", "$.windows[0].round", "must be an integer");
    row("elapsed negative", "windows.0.elapsed_s", "-0.5", "$.windows[0].elapsed_s",
        "out of range");
    row("elapsed 1e30", "windows.0.elapsed_s", "1e30", "$.windows[0].elapsed_s", "out of range");
    row("drain beyond elapsed", "windows.0.drain_s", "31", "$.windows[0].drain_s",
        "more than elapsed_s");
    row("bytes negative", "windows.0.bytes_in", "-1", "$.windows[0].bytes_in", "out of range");
    row("cores negative", "windows.0.server_cores_mean", "-0.1", "$.windows[0].server_cores_mean",
        "out of range");
    row("valid as text", "windows.0.valid", "\"yes\"", "$.windows[0].valid", "true or false");
    row("flags not strings", "windows.0.flags", "[1]", "$.windows[0].flags", "array of strings");
    row("status code not a code", "windows.0.status_counts", "{\"OK\": 1}",
        "$.windows[0].status_counts.OK", "not a status code");
    row("status count negative", "windows.0.status_counts", "{\"200\": -1}",
        "$.windows[0].status_counts[\"200\"]", "out of range");
    row("error count huge", "windows.0.errors", "{\"timeout\": 1e30}",
        "$.windows[0].errors.timeout", "out of range");
    row("odd error key", "windows.0.errors", "{\"a\\\"b\\n\": -1}",
        "$.windows[0].errors[\"a\\\"b\\u000a\"]", "out of range");
    row("latency negative", "windows.0.latency_us", "{\"p50\": -3}", "$.windows[0].latency_us.p50",
        "out of range");
    row("histogram garbage", "windows.0.histogram", "\"AAAAAAAAAAAAAAAAAAAAAAAA\"",
        "$.windows[0].histogram", "not a Stackbench histogram");
    row("histogram not base64", "windows.0.histogram", "\"%%%\"", "$.windows[0].histogram",
        "base64");
    row("interval ends before it starts", "windows.0.intervals.1.end_s", "0.5",
        "$.windows[0].intervals[1].end_s", "before start_s");
    row("interval index repeated", "windows.0.intervals.2.index", "1",
        "$.windows[0].intervals[2].index", "does not follow");
    row("interval ok negative", "windows.0.intervals.0.ok", "-1", "$.windows[0].intervals[0].ok",
        "out of range");
    row("interval not an object", "windows.0.intervals.0", "3", "$.windows[0].intervals[0]",
        "must be an object");
    row("sample time negative", "windows.0.samples.0.at_s", "-1", "$.windows[0].samples[0].at_s",
        "out of range");
    row("sample value text", "windows.0.samples.0.value", "\"x\"", "$.windows[0].samples[0].value",
        "must be a number");
    row("configuration without name", "configurations.0.name", "", "$.configurations[0].name",
        "must be a configuration's name");
    row("configurations repeated", "configurations",
        "[{\"name\": \"native\"}, {\"name\": \"native\"}]", "$.configurations[1].name", "repeats");
    row("configuration info text", "configurations.0.info", "\"x\"", "$.configurations[0].info",
        "must be an object");
    row("event without kind", "events.0.kind", "\"\"", "$.events[0].kind", "is empty");
    row("log of no configuration", "server_logs.0.configuration", "\"\"",
        "$.server_logs[0].configuration", "is empty");
    row("log round negative", "server_logs.0.round", "-1", "$.server_logs[0].round",
        "out of range");
    row("tree age below unknown", "windows.0.tree_age_s", "-2", "$.windows[0].tree_age_s",
        "out of range -1..");
    row("tree requests fractional", "windows.1.tree_requests", "1.5", "$.windows[1].tree_requests",
        "must be an integer");
    row("tree requests text", "windows.1.tree_requests", "\"fresh\"", "$.windows[1].tree_requests",
        "must be an integer");
    row("version 0", "version", "0", "$.version", "must be an export version");
    row("version text", "version", "\"1\"", "$.version", "must be an export version");
}

void TestExport::hostileImports()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, json);
    QFETCH(QString, where);
    QFETCH(QString, detail);
    auto source = RunStore::open(m_dir.filePath(QStringLiteral("hostile-source.sqlite")));
    QVERIFY(source.ok());
    if (!(*source)->run(QString::fromLatin1(kRunId)).ok())
        fill(**source);
    auto exported = exportRun(**source, QString::fromLatin1(kRunId));
    QVERIFY(exported.ok());
    // The good export imports: the rows below fail for their change alone.
    auto clean = RunStore::open(m_dir.filePath(QStringLiteral("hostile-clean.sqlite")));
    QVERIFY(clean.ok());
    if (!(*clean)->run(QString::fromLatin1(kRunId)).ok())
        QVERIFY(importRun(**clean, *exported).ok());

    QJsonValue value(QJsonValue::Undefined); // remove
    if (json.startsWith('@')) {
        value = valueAt(*exported, QString::fromUtf8(json.mid(1)).split(QLatin1Char('.')));
    } else if (!json.isEmpty()) {
        QJsonParseError error;
        const QJsonDocument parsed = QJsonDocument::fromJson("[" + json + "]", &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        value = parsed.array().at(0);
    }
    const QJsonObject hostile = replaced(*exported, path.split(QLatin1Char('.')), value).toObject();
    auto store = RunStore::open(m_dir.filePath(QStringLiteral("hostile.sqlite")));
    QVERIFY(store.ok());
    auto imported = importRun(**store, exportBytes(hostile));
    QVERIFY2(!imported.ok(), "the import was accepted");
    QCOMPARE(sb::qtCode(imported.error()), QStringLiteral("import.format"));
    QCOMPARE(sb::qtWhere(imported.error()), where);
    QVERIFY2(sb::qtDetail(imported.error()).contains(detail), imported.error().detail.c_str());
    QCOMPARE((*store)->runs()->size(), 0); // nothing left behind
}

// A run's windows may be of a configuration that has no record of its own but that its plan
// names (stores filled without saveConfiguration): that is no unknown configuration.
void TestExport::configurationOfThePlanOnly()
{
    auto source = RunStore::open(m_dir.filePath(QStringLiteral("plan-only-source.sqlite")));
    QVERIFY(source.ok());
    fill(**source);
    auto exported = exportRun(**source, QString::fromLatin1(kRunId));
    QVERIFY(exported.ok());
    QJsonObject run = exported->value(QStringLiteral("run")).toObject();
    run.insert(
        QStringLiteral("plan_text"),
        QString::fromLatin1(QByteArray(R"({"configurations": [{"name": "native"}]})").toBase64()));
    QJsonObject doc = *exported;
    doc.insert(QStringLiteral("run"), run);
    doc.insert(QStringLiteral("configurations"), QJsonArray());
    auto store = RunStore::open(m_dir.filePath(QStringLiteral("plan-only.sqlite")));
    QVERIFY(store.ok());
    auto imported = importRun(**store, doc);
    QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().toString().c_str());
    QCOMPARE((*store)->windows(QString::fromLatin1(kRunId))->size(), 2);
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

// An export written before windows carried their tree's age imports with the ages unknown (-1),
// and its report says so: no age, no memory comparison.
void TestExport::importWithoutAgesReadsUnknown()
{
    auto source = RunStore::open(m_dir.filePath(QStringLiteral("ageless-source.sqlite")));
    QVERIFY(source.ok());
    fill(**source);
    auto exported = exportRun(**source, QString::fromLatin1(kRunId));
    QVERIFY(exported.ok());
    QJsonObject doc = *exported;
    QJsonArray windows = doc.value(QStringLiteral("windows")).toArray();
    for (qsizetype i = 0; i < windows.size(); ++i) {
        QJsonObject w = windows[i].toObject();
        QVERIFY(w.contains(QStringLiteral("tree_requests")));
        w.remove(QStringLiteral("tree_age_s"));
        w.remove(QStringLiteral("tree_requests"));
        windows[i] = w;
    }
    doc.insert(QStringLiteral("windows"), windows);
    auto store = RunStore::open(m_dir.filePath(QStringLiteral("ageless.sqlite")));
    QVERIFY(store.ok());
    auto imported = importRun(**store, doc);
    QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().toString().c_str());
    const auto read = (*store)->windows(QString::fromLatin1(kRunId));
    QCOMPARE(read->size(), 2);
    for (const WindowRecord &w : *read) {
        QCOMPARE(w.treeAgeS, -1.0);
        QCOMPARE(w.treeRequests, qint64(-1));
    }
    auto report = sb::report::loadRunReport(**store, QString::fromLatin1(kRunId));
    QVERIFY(report.ok());
    const QJsonObject cell =
        sb::report::reportJson(*report).value(QStringLiteral("cells")).toArray().first().toObject();
    QVERIFY(cell.value(QStringLiteral("tree_requests")).isNull());
    QVERIFY(cell.value(QStringLiteral("tree_age_s")).isNull());
    QCOMPARE(
        cell.value(QStringLiteral("rss_peak_bytes")).toObject().value(QStringLiteral("median")),
        QJsonValue(double(70 << 20)));
}

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
