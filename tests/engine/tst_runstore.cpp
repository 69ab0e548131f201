// Tests for sb::store::RunStore: schema and migrations, round trips on SQLite and on a throwaway
// PostgreSQL cluster, resume queries, failure modes, and crash safety under SIGKILL.

#include "core/qterror.h"
#include "pgcluster.h"
#include "store/runexport.h"
#include "store/runstore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <algorithm>
#include <arpa/inet.h>
#include <cstdio>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <tuple>
#include <unistd.h>

using namespace sb::store;

namespace {

const char *const kCrashStoreEnv = "STACKBENCH_TEST_CRASH_STORE";
const char *const kCrashRunId = "20260101-000000-c0de";
const char *const kReadOnlyStoreEnv = "STACKBENCH_TEST_READONLY_STORE";

using Mode = RunStore::OpenMode;

const char *modeName(Mode mode)
{
    switch (mode) {
    case Mode::Create:
        return "create";
    case Mode::Existing:
        return "existing";
    case Mode::ReadOnly:
        return "read-only";
    }
    return "?";
}

QString errorText(const sb::Error &e)
{
    return sb::qtCode(e) + QStringLiteral(" ") + sb::qtText(e);
}

// Every entry under `root` (relative path, kind, size, permissions), sorted: a snapshot that
// shows an open created, removed or changed nothing on disk.
QStringList tree(const QString &root)
{
    QStringList entries;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        entries << QStringLiteral("%1 %2 %3 %4")
                       .arg(QDir(root).relativeFilePath(info.filePath()),
                            info.isDir() ? QStringLiteral("dir") : QStringLiteral("file"))
                       .arg(info.isDir() ? 0 : info.size())
                       .arg(int(info.permissions()), 0, 16);
    }
    entries.sort();
    return entries;
}

template<typename T> sb::Status statusOf(const sb::Result<T> &result)
{
    return result.ok() ? sb::Status(sb::Ok{}) : sb::Status(result.error());
}

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The QSqlDatabase a just-opened RunStore uses (the newest "sb-runstore-N" connection), to
// prove that the connection itself refuses writes, not only RunStore's own check.
QSqlDatabase storeConnection()
{
    QString newest;
    int newestNumber = -1;
    for (const QString &name : QSqlDatabase::connectionNames()) {
        if (!name.startsWith(QLatin1String("sb-runstore-")))
            continue;
        const int number = name.mid(12).toInt();
        if (number > newestNumber) {
            newestNumber = number;
            newest = name;
        }
    }
    return QSqlDatabase::database(newest, false);
}

// Schema version 1 exactly as the first release created it, with one run, one window and one
// interval in it, so that migrations start from a real old store. Empty on success.
QString writeSchemaVersion1(QSqlDatabase db, bool postgres)
{
    const QString blob = postgres ? QStringLiteral("BYTEA") : QStringLiteral("BLOB");
    const QString pk =
        postgres ? QStringLiteral("BIGSERIAL PRIMARY KEY") : QStringLiteral("INTEGER PRIMARY KEY");
    QStringList statements = {
        QStringLiteral("CREATE TABLE schema_version (version INTEGER PRIMARY KEY,"
                       " description TEXT NOT NULL, applied_at TEXT NOT NULL)"),
        QStringLiteral("CREATE TABLE runs (id TEXT PRIMARY KEY, plan_path TEXT, plan_text %BLOB%,"
                       " plan_sha256 %BLOB%, profile TEXT, only_configurations TEXT,"
                       " route_filter TEXT, started_at TEXT, finished_at TEXT,"
                       " status TEXT NOT NULL, environment TEXT, file_hashes TEXT)"),
        QStringLiteral("CREATE TABLE configurations (run_id TEXT NOT NULL REFERENCES runs(id)"
                       " ON DELETE CASCADE, name TEXT NOT NULL, info TEXT,"
                       " PRIMARY KEY (run_id, name))"),
        QStringLiteral(
            "CREATE TABLE windows (id %PK%, run_id TEXT NOT NULL REFERENCES runs(id)"
            " ON DELETE CASCADE, round INTEGER NOT NULL, configuration TEXT NOT NULL,"
            " route TEXT NOT NULL, concurrency INTEGER NOT NULL, attempt INTEGER NOT NULL,"
            " valid INTEGER NOT NULL, invalid_reason TEXT, flags TEXT, started_at TEXT,"
            " elapsed_s DOUBLE PRECISION, requests BIGINT, ok BIGINT, status_counts TEXT,"
            " errors TEXT, bytes_in BIGINT, bytes_out BIGINT, reconnects BIGINT,"
            " client_cpu_s DOUBLE PRECISION, latency_us TEXT, histogram %BLOB%,"
            " histogram_uncorrected %BLOB%, server_cpu_s DOUBLE PRECISION,"
            " server_cores_mean DOUBLE PRECISION, foreign_pct_mean DOUBLE PRECISION,"
            " foreign_pct_peak DOUBLE PRECISION, excluded_pct_mean DOUBLE PRECISION,"
            " generator_pct_mean DOUBLE PRECISION, rss_bytes_peak BIGINT,"
            " pss_bytes_peak BIGINT, checkpoints BIGINT, gates TEXT)"),
        QStringLiteral("CREATE INDEX windows_run ON windows (run_id, id)"),
        QStringLiteral("CREATE INDEX windows_cell ON windows"
                       " (run_id, round, configuration, route, concurrency)"),
        QStringLiteral("CREATE TABLE intervals (window_id BIGINT NOT NULL REFERENCES windows(id)"
                       " ON DELETE CASCADE, idx INTEGER NOT NULL, start_s DOUBLE PRECISION,"
                       " end_s DOUBLE PRECISION, requests BIGINT, ok BIGINT, errors BIGINT,"
                       " ok_per_s DOUBLE PRECISION, p50_us BIGINT, p99_us BIGINT, max_us BIGINT,"
                       " server_cores DOUBLE PRECISION, foreign_pct DOUBLE PRECISION,"
                       " excluded_pct DOUBLE PRECISION, generator_pct DOUBLE PRECISION,"
                       " rss_bytes BIGINT, pss_bytes BIGINT, PRIMARY KEY (window_id, idx))"),
        QStringLiteral("CREATE TABLE samples (id %PK%, window_id BIGINT NOT NULL"
                       " REFERENCES windows(id) ON DELETE CASCADE, at_s DOUBLE PRECISION,"
                       " series TEXT NOT NULL, sample_value DOUBLE PRECISION)"),
        QStringLiteral("CREATE INDEX samples_window ON samples (window_id, id)"),
        QStringLiteral("CREATE TABLE events (id %PK%, run_id TEXT NOT NULL REFERENCES"
                       " runs(id) ON DELETE CASCADE, occurred_at TEXT, kind TEXT NOT NULL,"
                       " detail TEXT, data TEXT)"),
        QStringLiteral("CREATE INDEX events_run ON events (run_id, id)"),
        QStringLiteral("CREATE TABLE server_logs (id %PK%, run_id TEXT NOT NULL REFERENCES"
                       " runs(id) ON DELETE CASCADE, configuration TEXT NOT NULL,"
                       " round INTEGER NOT NULL, stdout_bytes %BLOB%, stderr_bytes %BLOB%,"
                       " written_at TEXT)"),
        QStringLiteral("CREATE INDEX server_logs_run ON server_logs (run_id, id)"),
        QStringLiteral("INSERT INTO schema_version VALUES (1, 'runs, configurations, windows,"
                       " intervals, samples, events, server logs', '2026-11-01T00:00:00.000Z')"),
        QStringLiteral("INSERT INTO runs (id, plan_path, profile, only_configurations,"
                       " route_filter, started_at, finished_at, status, environment, file_hashes)"
                       " VALUES ('20261101-000000-0001', 'old.json', 'quick', '[]', '[]',"
                       " '2026-11-01T00:00:00.000Z', '2026-11-01T00:10:00.000Z', 'finished',"
                       " '{}', '{}')"),
        QStringLiteral("INSERT INTO windows (run_id, round, configuration, route, concurrency,"
                       " attempt, valid, started_at, elapsed_s, requests, ok, status_counts,"
                       " errors, latency_us, gates) VALUES ('20261101-000000-0001', 0, 'A', '/',"
                       " 8, 0, 1, '2026-11-01T00:01:00.000Z', 3.5, 700, 700, '{}', '{}', '{}',"
                       " '{}')"),
        QStringLiteral("INSERT INTO intervals (window_id, idx, start_s, end_s, requests, ok)"
                       " VALUES ((SELECT MAX(id) FROM windows), 0, 0, 1, 200, 200)"),
    };
    for (QString sql : statements) {
        sql.replace(QLatin1String("%BLOB%"), blob).replace(QLatin1String("%PK%"), pk);
        QSqlQuery q(db);
        if (!q.exec(sql))
            return q.lastError().text() + QStringLiteral(" in ") + sql;
    }
    return QString();
}

// What a store of schema version 1 written by writeSchemaVersion1() reads back as; the columns
// version 2 added read 0 / empty.
void checkVersion1Data(const RunStore &store)
{
    const auto runs = store.runs();
    QVERIFY2(runs.ok(), qPrintable(runs.ok() ? QString() : errorText(runs.error())));
    QCOMPARE(runs->size(), 1);
    const RunRecord &run = runs->first();
    QCOMPARE(run.id, QStringLiteral("20261101-000000-0001"));
    QCOMPARE(run.status, QString(kStatusFinished));
    QCOMPARE(run.finishedAt, QDateTime(QDate(2026, 11, 1), QTime(0, 10), Qt::UTC));
    QCOMPARE(run.windowCount, 1);
    QCOMPARE(run.runnerPid, 0);
    QVERIFY(run.runnerHost.isEmpty());
    QVERIFY(run.runnerStart.isEmpty());
    const auto windows = store.windows(run.id, true);
    QVERIFY(windows.ok());
    QCOMPARE(windows->size(), 1);
    const WindowRecord &w = windows->first();
    QCOMPARE(w.elapsedS, 3.5);
    QCOMPARE(w.requests, 700);
    QCOMPARE(w.drainS, 0.0);
    QCOMPARE(w.inFlightAtEnd, 0);
    QCOMPARE(w.intervals.size(), 1);
    QCOMPARE(w.intervals.first().requests, 200);
}

QDateTime utc(int h, int m, int s, int ms)
{
    return QDateTime(QDate(2026, 11, 30), QTime(h, m, s, ms), Qt::UTC);
}

RunRecord makeRun(const QString &id, const QDateTime &startedAt)
{
    RunRecord r;
    r.id = id;
    r.planPath = QStringLiteral("/home/me/plans/demo.json");
    r.planName = QStringLiteral("demo, as the runner names it");
    r.planText =
        QByteArrayLiteral("{\"configurations\": [], \"password\": \"<redacted>\"}\n\xc3\xa9");
    r.planSha256 = QCryptographicHash::hash(r.planText, QCryptographicHash::Sha256);
    r.profile = QStringLiteral("quick");
    r.only = {QStringLiteral("django-gunicorn"), QStringLiteral("elysia")};
    r.routes = {QStringLiteral("/users/1")};
    r.startedAt = startedAt;
    r.status = QString(kStatusRunning);
    r.environment = QJsonObject{{QStringLiteral("kernel"), QStringLiteral("6.1.0")},
                                {QStringLiteral("cpus"), 2},
                                {QStringLiteral("somaxconn"), 4096}};
    r.fileHashes = QJsonObject{{QStringLiteral("schema.sql"), QStringLiteral("ab12")}};
    r.runnerPid = 4'194'303; // pid_max on 64-bit Linux
    r.runnerHost = QStringLiteral("bench-01.example");
    r.runnerStart = QStringLiteral("6f1c2a9e-93b1-4c1e-8d4a-0e2f5b7c9d11:123456789");
    return r;
}

// A profile of a cell with folded stacks that use every kind of byte a frame may have.
ProfileRecord makeProfile(const QString &runId, const QString &configuration, int round)
{
    ProfileRecord p;
    p.runId = runId;
    p.configuration = configuration;
    p.route = QStringLiteral("/hash");
    p.concurrency = 64;
    p.round = round;
    p.takenAt = utc(9, 16, round, 250);
    p.okPerS = 8123.5;
    p.cellOkPerS = 8430.25;
    p.frequencyHz = 99;
    p.callGraph = QStringLiteral("fp");
    p.samples = 1500;
    p.note = QStringLiteral("python frames are the interpreter's (CPython < 3.12 has no perf map)");
    for (int i = 0; i < 300; ++i)
        p.folded +=
            QStringLiteral("stackbench-targ;start_thread;sb::hash\u00e9_%1;sha256_block %2\n")
                .arg(i)
                .arg(5)
                .toUtf8();
    return p;
}

void compareProfile(const ProfileRecord &got, const ProfileRecord &want, bool withFolded)
{
    QCOMPARE(got.runId, want.runId);
    QCOMPARE(got.configuration, want.configuration);
    QCOMPARE(got.route, want.route);
    QCOMPARE(got.concurrency, want.concurrency);
    QCOMPARE(got.round, want.round);
    QCOMPARE(got.takenAt, want.takenAt);
    QCOMPARE(got.okPerS, want.okPerS);
    QCOMPARE(got.cellOkPerS, want.cellOkPerS);
    QCOMPARE(got.frequencyHz, want.frequencyHz);
    QCOMPARE(got.callGraph, want.callGraph);
    QCOMPARE(got.samples, want.samples);
    QCOMPARE(got.note, want.note);
    QCOMPARE(got.folded, withFolded ? want.folded : QByteArray());
}

// A histogram-like blob whose bytes depend on `seed`, including NUL and high bytes.
QByteArray blob(int seed, int size)
{
    QByteArray b(size, Qt::Uninitialized);
    for (int i = 0; i < size; ++i)
        b[i] = char((i * 31 + seed * 7) & 0xff);
    return b;
}

WindowRecord makeWindow(const QString &runId, int round, const QString &configuration,
                        const QString &route, int concurrency, int attempt, bool valid,
                        int intervalCount, int seed)
{
    WindowRecord w;
    w.runId = runId;
    w.round = round;
    w.configuration = configuration;
    w.route = route;
    w.concurrency = concurrency;
    w.attempt = attempt;
    w.valid = valid;
    if (!valid) {
        w.invalidReason = QStringLiteral("foreign-cpu 512% >= 450%");
        w.invalidKind = kInvalidForeignCpu;
    }
    w.flags = valid ? QStringList{QStringLiteral("client-bound")} : QStringList{};
    w.startedAt = utc(9, 16, seed % 60, 250);
    w.elapsedS = 10.000123456789 + seed;
    w.drainS = 0.0625 + seed;
    w.inFlightAtEnd = 50'000 + seed;
    w.requests = intervalCount; // the crash test checks intervals against this
    w.ok = 123456789012LL + seed;
    w.statusCounts = QJsonObject{{QStringLiteral("200"), 1000 + seed}, {QStringLiteral("503"), 3}};
    w.errors = QJsonObject{{QStringLiteral("connect"), 0}, {QStringLiteral("timeout"), seed}};
    w.bytesIn = 9'000'000'000LL + seed;
    w.bytesOut = 1'234'567;
    w.reconnects = seed % 5;
    w.clientCpuS = 3.25;
    w.latencyUs = QJsonObject{{QStringLiteral("p50"), 812},
                              {QStringLiteral("p99"), 5120},
                              {QStringLiteral("mean"), 901.5}};
    w.histogram = blob(seed, 4096 + seed);
    w.histogramUncorrected = seed % 2 ? blob(seed + 1, 100) : QByteArray();
    w.serverCpuS = 19.875;
    w.serverCoresMean = 1.9875;
    w.foreignPctMean = valid ? 12.5 : 512.0;
    w.foreignPctPeak = 640.0625;
    w.excludedPctMean = 33.3;
    w.generatorPctMean = 87.5;
    w.rssBytesPeak = 512LL * 1024 * 1024 + seed;
    w.pssBytesPeak = 300LL * 1024 * 1024;
    w.checkpoints = valid ? 0 : 1;
    w.treeAgeS = seed % 3 == 0 ? 0.75 : 40.125 + seed; // fresh, or a tree that served windows
    w.treeRequests = seed % 3 == 0 ? 0 : 120'000LL * seed;
    w.gates = QJsonObject{
        {QStringLiteral("foreign-cpu"), QJsonObject{{QStringLiteral("value"), w.foreignPctMean},
                                                    {QStringLiteral("threshold"), 450},
                                                    {QStringLiteral("passed"), valid}}}};
    for (int i = 0; i < intervalCount; ++i) {
        IntervalRecord r;
        r.index = i;
        r.startS = i;
        r.endS = i + 1.0001;
        r.requests = 1000 + i;
        r.ok = 990 + i;
        r.errors = 10;
        r.okPerS = 989.9010099 + i;
        r.p50Us = 800 + i;
        r.p90Us = 2000 + i;
        r.p99Us = 5000 + i;
        r.maxUs = 90'000 + seed;
        r.serverCores = 1.95 + i / 100.0;
        r.foreignPct = 10.5;
        r.excludedPct = 30.25;
        r.generatorPct = 88.0;
        r.rssBytes = 500'000'000LL + i;
        r.pssBytes = 290'000'000LL + i;
        w.intervals << r;
    }
    for (int i = 0; i < 3; ++i)
        w.samples << SampleRecord{0.5 * i, QStringLiteral("pid:%1:cpu-s").arg(4242 + i), 0.125 * i};
    return w;
}

// Raw access to a SQLite file beside the store (its own connection name).
class RawSqlite
{
public:
    explicit RawSqlite(const QString &path)
    {
        m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        m_db.setDatabaseName(path);
        m_ok = m_db.open();
    }
    ~RawSqlite()
    {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    }
    bool ok() const { return m_ok; }
    QVariant scalar(const QString &sql)
    {
        QSqlQuery q(m_db);
        if (!q.exec(sql) || !q.next())
            return QVariant();
        return q.value(0);
    }
    bool exec(const QString &sql)
    {
        QSqlQuery q(m_db);
        return q.exec(sql);
    }

private:
    QSqlDatabase m_db;
    bool m_ok = false;
};

using sb::test::PgCluster; // tests/engine/pgcluster.h

void compareRun(const RunRecord &got, const RunRecord &want)
{
    QCOMPARE(got.id, want.id);
    QCOMPARE(got.planPath, want.planPath);
    QCOMPARE(got.planName, want.planName);
    QCOMPARE(got.planText, want.planText);
    QCOMPARE(got.planSha256, want.planSha256);
    QCOMPARE(got.profile, want.profile);
    QCOMPARE(got.only, want.only);
    QCOMPARE(got.routes, want.routes);
    QCOMPARE(got.startedAt, want.startedAt);
    QCOMPARE(got.status, want.status);
    QCOMPARE(got.environment, want.environment);
    QCOMPARE(got.fileHashes, want.fileHashes);
    QCOMPARE(got.runnerPid, want.runnerPid);
    QCOMPARE(got.runnerHost, want.runnerHost);
    QCOMPARE(got.runnerStart, want.runnerStart);
}

void compareWindow(const WindowRecord &got, const WindowRecord &want, bool withIntervals)
{
    QCOMPARE(got.runId, want.runId);
    QCOMPARE(got.round, want.round);
    QCOMPARE(got.configuration, want.configuration);
    QCOMPARE(got.route, want.route);
    QCOMPARE(got.concurrency, want.concurrency);
    QCOMPARE(got.attempt, want.attempt);
    QCOMPARE(got.valid, want.valid);
    QCOMPARE(got.invalidReason, want.invalidReason);
    QCOMPARE(got.invalidKind, want.invalidKind);
    QCOMPARE(got.flags, want.flags);
    QCOMPARE(got.startedAt, want.startedAt);
    QCOMPARE(got.elapsedS, want.elapsedS);
    QCOMPARE(got.drainS, want.drainS);
    QCOMPARE(got.inFlightAtEnd, want.inFlightAtEnd);
    QCOMPARE(got.requests, want.requests);
    QCOMPARE(got.ok, want.ok);
    QCOMPARE(got.statusCounts, want.statusCounts);
    QCOMPARE(got.errors, want.errors);
    QCOMPARE(got.bytesIn, want.bytesIn);
    QCOMPARE(got.bytesOut, want.bytesOut);
    QCOMPARE(got.reconnects, want.reconnects);
    QCOMPARE(got.clientCpuS, want.clientCpuS);
    QCOMPARE(got.latencyUs, want.latencyUs);
    QCOMPARE(got.histogram, want.histogram);
    QCOMPARE(got.histogramUncorrected.isEmpty(), want.histogramUncorrected.isEmpty());
    if (!want.histogramUncorrected.isEmpty())
        QCOMPARE(got.histogramUncorrected, want.histogramUncorrected);
    QCOMPARE(got.serverCpuS, want.serverCpuS);
    QCOMPARE(got.serverCoresMean, want.serverCoresMean);
    QCOMPARE(got.foreignPctMean, want.foreignPctMean);
    QCOMPARE(got.foreignPctPeak, want.foreignPctPeak);
    QCOMPARE(got.excludedPctMean, want.excludedPctMean);
    QCOMPARE(got.generatorPctMean, want.generatorPctMean);
    QCOMPARE(got.rssBytesPeak, want.rssBytesPeak);
    QCOMPARE(got.pssBytesPeak, want.pssBytesPeak);
    QCOMPARE(got.checkpoints, want.checkpoints);
    QCOMPARE(got.gates, want.gates);
    QCOMPARE(got.treeAgeS, want.treeAgeS);
    QCOMPARE(got.treeRequests, want.treeRequests);
    if (!withIntervals) {
        QVERIFY(got.intervals.isEmpty());
        QVERIFY(got.samples.isEmpty());
        return;
    }
    QCOMPARE(got.intervals.size(), want.intervals.size());
    for (qsizetype i = 0; i < want.intervals.size(); ++i) {
        const IntervalRecord &a = got.intervals[i];
        const IntervalRecord &b = want.intervals[i];
        QCOMPARE(a.index, b.index);
        QCOMPARE(a.startS, b.startS);
        QCOMPARE(a.endS, b.endS);
        QCOMPARE(a.requests, b.requests);
        QCOMPARE(a.ok, b.ok);
        QCOMPARE(a.errors, b.errors);
        QCOMPARE(a.okPerS, b.okPerS);
        QCOMPARE(a.p50Us, b.p50Us);
        QCOMPARE(a.p90Us, b.p90Us);
        QCOMPARE(a.p99Us, b.p99Us);
        QCOMPARE(a.maxUs, b.maxUs);
        QCOMPARE(a.serverCores, b.serverCores);
        QCOMPARE(a.foreignPct, b.foreignPct);
        QCOMPARE(a.excludedPct, b.excludedPct);
        QCOMPARE(a.generatorPct, b.generatorPct);
        QCOMPARE(a.rssBytes, b.rssBytes);
        QCOMPARE(a.pssBytes, b.pssBytes);
    }
    QCOMPARE(got.samples.size(), want.samples.size());
    for (qsizetype i = 0; i < want.samples.size(); ++i) {
        QCOMPARE(got.samples[i].atS, want.samples[i].atS);
        QCOMPARE(got.samples[i].series, want.samples[i].series);
        QCOMPARE(got.samples[i].value, want.samples[i].value);
    }
}

// Everything the runner writes, read back field by field. Shared by SQLite and PostgreSQL.
void roundTrip(RunStore &store)
{
    const QString runId = RunStore::newRunId(utc(9, 15, 0, 0));
    const RunRecord run = makeRun(runId, utc(9, 15, 0, 123));
    QVERIFY2(store.createRun(run).ok(), "createRun");
    // A second run with the same id is refused.
    const sb::Status duplicate = store.createRun(run);
    QVERIFY(!duplicate.ok());
    QCOMPARE(sb::qtCode(duplicate.error()), QStringLiteral("store.write"));
    QVERIFY(sb::qtWhere(duplicate.error()).contains(QStringLiteral("runs")));

    const QJsonObject info{
        {QStringLiteral("command"), QStringLiteral("gunicorn app:wsgi")},
        {QStringLiteral("env"),
         QJsonObject{{QStringLiteral("DATABASE_URL"), QStringLiteral("<redacted>")}}},
        {QStringLiteral("versions"), QJsonArray{QStringLiteral("gunicorn 21.2.0")}}};
    QVERIFY(store.saveConfiguration({runId, QStringLiteral("gunicorn"), QJsonObject{}, 0}).ok());
    QVERIFY(store.saveConfiguration({runId, QStringLiteral("gunicorn"), info, 4}).ok()); // replaces
    QVERIFY(store.saveConfiguration({runId, QStringLiteral("elysia"), QJsonObject{}}).ok());

    QVector<WindowRecord> written;
    written << makeWindow(runId, 0, QStringLiteral("gunicorn"), QStringLiteral("/users/1"), 64, 0,
                          false, 10, 1);
    written << makeWindow(runId, 0, QStringLiteral("gunicorn"), QStringLiteral("/users/1"), 64, 1,
                          true, 10, 2);
    written << makeWindow(runId, 0, QStringLiteral("elysia"), QStringLiteral("/users/1"), 64, 0,
                          true, 0, 3);
    qint64 lastId = 0;
    for (WindowRecord &w : written) {
        const sb::Result<qint64> id = store.saveWindow(w);
        QVERIFY2(id.ok(), qPrintable(id.ok() ? QString() : sb::qtText(id.error())));
        QVERIFY(*id > lastId);
        lastId = w.id = *id;
    }

    const QDateTime eventAt = utc(9, 15, 2, 7);
    QVERIFY(store
                .saveEvent({runId, eventAt, QStringLiteral("server-started"),
                            QStringLiteral("gunicorn started (pid 4242)"),
                            QJsonObject{{QStringLiteral("pid"), 4242}}})
                .ok());
    QVERIFY(store
                .saveEvent({runId, eventAt.addSecs(1), QStringLiteral("warning"),
                            QStringLiteral("somaxconn 128 < concurrency 256"), QJsonObject{}})
                .ok());
    const QByteArray binaryLog("line 1\n\x00\xff binary\n", 18);
    QVERIFY(store
                .appendServerLog(runId, QStringLiteral("gunicorn"), 0,
                                 QByteArrayLiteral("Booting\n"), QByteArray())
                .ok());
    QVERIFY(store.appendServerLog(runId, QStringLiteral("elysia"), 0, binaryLog, "warn\n").ok());
    QVERIFY(store
                .appendServerLog(runId, QStringLiteral("gunicorn"), 0, QByteArrayLiteral("Ready\n"),
                                 QByteArrayLiteral("[WARN] x\n"))
                .ok());

    // Run, with counts.
    const sb::Result<RunRecord> gotRun = store.run(runId);
    QVERIFY(gotRun.ok());
    compareRun(*gotRun, run);
    QVERIFY(!gotRun->finishedAt.isValid());
    QCOMPARE(gotRun->windowCount, 3);
    QCOMPARE(gotRun->validWindowCount, 2);

    // Configurations (sorted by name, the upsert kept one row).
    const auto configurations = store.configurations(runId);
    QVERIFY(configurations.ok());
    QCOMPARE(configurations->size(), 2);
    QCOMPARE(configurations->at(0).name, QStringLiteral("elysia"));
    QCOMPARE(configurations->at(1).name, QStringLiteral("gunicorn"));
    QCOMPARE(configurations->at(1).info, info);
    QCOMPARE(configurations->at(0).cpuCount, 0);
    QCOMPARE(configurations->at(1).cpuCount, 4); // the upsert replaced the count too
    QCOMPARE(configurations->at(1).runId, runId);

    // Windows, without and with intervals, in stored order.
    const auto brief = store.windows(runId);
    QVERIFY(brief.ok());
    QCOMPARE(brief->size(), written.size());
    const auto full = store.windows(runId, true);
    QVERIFY(full.ok());
    QCOMPARE(full->size(), written.size());
    for (qsizetype i = 0; i < written.size(); ++i) {
        QCOMPARE(brief->at(i).id, written[i].id);
        compareWindow(brief->at(i), written[i], false);
        if (QTest::currentTestFailed())
            return;
        compareWindow(full->at(i), written[i], true);
        if (QTest::currentTestFailed())
            return;
    }
    const auto single = store.window(written[1].id);
    QVERIFY(single.ok());
    compareWindow(*single, written[1], true);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(sb::qtCode(store.window(lastId + 1000).error()), QStringLiteral("store.not-found"));

    // Events in order.
    const auto events = store.events(runId);
    QVERIFY(events.ok());
    QCOMPARE(events->size(), 2);
    QCOMPARE(events->at(0).runId, runId);
    QCOMPARE(events->at(0).at, eventAt);
    QCOMPARE(events->at(0).kind, QStringLiteral("server-started"));
    QCOMPARE(events->at(0).detail, QStringLiteral("gunicorn started (pid 4242)"));
    QCOMPARE(events->at(0).data.value(QStringLiteral("pid")).toInt(), 4242);
    QCOMPARE(events->at(1).kind, QStringLiteral("warning"));
    QCOMPARE(*store.eventCount(runId, QStringLiteral("warning")), 1);
    QCOMPARE(*store.eventCount(runId, QStringLiteral("run-resumed")), 0);
    QCOMPARE(*store.eventCount(QStringLiteral("no-such-run"), QStringLiteral("warning")), 0);

    // Server logs, chunks joined per (configuration, round).
    const auto logs = store.serverLogs(runId);
    QVERIFY(logs.ok());
    QCOMPARE(logs->size(), 2);
    QCOMPARE(logs->at(0).configuration, QStringLiteral("gunicorn"));
    QCOMPARE(logs->at(0).round, 0);
    QCOMPARE(logs->at(0).stdoutBytes, QByteArrayLiteral("Booting\nReady\n"));
    QCOMPARE(logs->at(0).stderrBytes, QByteArrayLiteral("[WARN] x\n"));
    QCOMPARE(logs->at(1).configuration, QStringLiteral("elysia"));
    QCOMPARE(logs->at(1).stdoutBytes, binaryLog);
    QCOMPARE(logs->at(1).stderrBytes, QByteArrayLiteral("warn\n"));

    // Server starts (cold start), in stored order, every field as written.
    const ServerStartRecord firstStart{runId,
                                       QStringLiteral("gunicorn"),
                                       0,
                                       eventAt,
                                       3.25,
                                       120.5,
                                       180.75,
                                       qint64(60) << 20,
                                       qint64(41) << 20};
    ServerStartRecord secondStart = firstStart;
    secondStart.configuration = QStringLiteral("elysia");
    secondStart.acceptMs = -1;
    secondStart.rssBytes = qint64(5) << 30;
    QVERIFY(store.saveServerStart(firstStart).ok());
    QVERIFY(store.saveServerStart(secondStart).ok());
    const auto starts = store.serverStarts(runId);
    QVERIFY(starts.ok());
    QCOMPARE(starts->size(), 2);
    for (const auto &[got, want] :
         {std::pair{starts->at(0), firstStart}, std::pair{starts->at(1), secondStart}}) {
        QCOMPARE(got.runId, want.runId);
        QCOMPARE(got.configuration, want.configuration);
        QCOMPARE(got.round, want.round);
        QCOMPARE(got.startedAt, want.startedAt);
        QCOMPARE(got.execMs, want.execMs);
        QCOMPARE(got.acceptMs, want.acceptMs);
        QCOMPARE(got.readyMs, want.readyMs);
        QCOMPARE(got.rssBytes, want.rssBytes);
        QCOMPARE(got.pssBytes, want.pssBytes);
    }
    QVERIFY(store.serverStarts(QStringLiteral("no-such-run"))->isEmpty());

    // Profiles: listed without their folded stacks, read one by one with them.
    const ProfileRecord firstProfile = makeProfile(runId, QStringLiteral("gunicorn"), 0);
    ProfileRecord secondProfile = makeProfile(runId, QStringLiteral("elysia"), 1);
    secondProfile.callGraph = QStringLiteral("dwarf");
    secondProfile.cellOkPerS = -1;
    secondProfile.note.clear();
    secondProfile.folded.clear(); // perf found nothing: a profile with no stacks is kept
    secondProfile.samples = 0;
    const auto firstProfileId = store.insertProfile(firstProfile);
    QVERIFY(firstProfileId.ok());
    const auto secondProfileId = store.insertProfile(secondProfile);
    QVERIFY(secondProfileId.ok());
    QVERIFY(*secondProfileId > *firstProfileId);
    const auto profiles = store.profiles(runId);
    QVERIFY(profiles.ok());
    QCOMPARE(profiles->size(), 2);
    QCOMPARE(profiles->at(0).id, *firstProfileId);
    compareProfile(profiles->at(0), firstProfile, false);
    compareProfile(profiles->at(1), secondProfile, false);
    const auto oneProfile = store.profile(*firstProfileId);
    QVERIFY(oneProfile.ok());
    QCOMPARE(oneProfile->id, *firstProfileId);
    compareProfile(*oneProfile, firstProfile, true);
    compareProfile(*store.profile(*secondProfileId), secondProfile, true);
    QCOMPARE(sb::qtCode(store.profile(*secondProfileId + 1000).error()),
             QStringLiteral("store.not-found"));
    QVERIFY(store.profiles(QStringLiteral("no-such-run"))->isEmpty());

    // Resume by another process: the runner is replaced, the rest of the run stays.
    QVERIFY(store.setRunner(runId, 77, QStringLiteral("other-host"), QStringLiteral("b:9")).ok());
    const auto resumed = store.run(runId);
    QVERIFY(resumed.ok());
    QCOMPARE(resumed->runnerPid, 77);
    QCOMPARE(resumed->runnerHost, QStringLiteral("other-host"));
    QCOMPARE(resumed->runnerStart, QStringLiteral("b:9"));
    QCOMPARE(resumed->planText, run.planText);
    QCOMPARE(sb::qtCode(store.setRunner(QStringLiteral("nope"), 1, QString(), QString()).error()),
             QStringLiteral("store.not-found"));

    // Status: a run with cells left to measure ends incomplete and stays resumable.
    QVERIFY(store.finishRun(runId, QString(kStatusIncomplete)).ok());
    QCOMPARE(store.run(runId)->status, QString(kStatusIncomplete));
    QVERIFY(store.setRunStatus(runId, QString(kStatusRunning)).ok());
    QVERIFY(!store.run(runId)->finishedAt.isValid());
    QVERIFY(store.finishRun(runId, QString(kStatusFinished)).ok());
    const auto finished = store.run(runId);
    QVERIFY(finished.ok());
    QCOMPARE(finished->status, QString(kStatusFinished));
    QVERIFY(finished->finishedAt.isValid());
    QVERIFY(qAbs(finished->finishedAt.secsTo(QDateTime::currentDateTimeUtc())) < 60);

    // The window's cells for resume.
    const auto cells = store.cellProgress(runId);
    QVERIFY(cells.ok());
    QCOMPARE(cells->size(), 2);
    QCOMPARE(cells->at(0).configuration, QStringLiteral("gunicorn"));
    QCOMPARE(cells->at(0).attempts, 2);
    QCOMPARE(cells->at(0).validWindows, 1);
    QCOMPARE(cells->at(0).lastWindowId, written[1].id);
    QCOMPARE(cells->at(1).configuration, QStringLiteral("elysia"));
    QCOMPARE(cells->at(1).attempts, 1);
    QCOMPARE(cells->at(1).validWindows, 1);

    // Delete removes everything of the run.
    QVERIFY(store.deleteRun(runId).ok());
    QCOMPARE(sb::qtCode(store.run(runId).error()), QStringLiteral("store.not-found"));
    QVERIFY(store.windows(runId)->isEmpty());
    QVERIFY(store.events(runId)->isEmpty());
    QVERIFY(store.serverLogs(runId)->isEmpty());
    QVERIFY(store.serverStarts(runId)->isEmpty());
    QVERIFY(store.profiles(runId)->isEmpty());
    QCOMPARE(sb::qtCode(store.profile(*firstProfileId).error()), QStringLiteral("store.not-found"));
    QVERIFY(store.configurations(runId)->isEmpty());
    QCOMPARE(sb::qtCode(store.window(written[0].id).error()), QStringLiteral("store.not-found"));
    QCOMPARE(sb::qtCode(store.deleteRun(runId).error()), QStringLiteral("store.not-found"));
}

} // namespace

class TstRunStore : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void defaultLocation();
    void newRunId();
    void freshStoreSchema();
    void roundTripSqlite();
    void runsNewestFirstWithCounts();
    void runStatus();
    void everyStatusIsAccepted_data();
    void everyStatusIsAccepted();
    void cellProgressForResume();
    void failedWindowKeepsNothing();
    void newerSchemaFails_data();
    void newerSchemaFails();
    void badFileFails_data();
    void badFileFails();
    void missingStoreCreatesNothing_data();
    void missingStoreCreatesNothing();
    void unknownSchemeFails_data();
    void unknownSchemeFails();
    void oddFileNames_data();
    void oddFileNames();
    void readOnlyReadsAndRefusesWrites();
    void readOnlyBesideAWriter();
    void readOnlyUnwritableStore_data();
    void readOnlyUnwritableStore();
    void migrateFromVersion1();
    void migrateFromVersion3FillsTypedColumns();
    void migrateFromVersion4KeepsRowsWithAgesUnknown();
    void migrateFromVersion6AddsProfiles();
    void profileTooLargeIsRefused();
    void hostileStoredProfileIsRefused();
    void profileExportImport();
    void hostileProfileImportIsRefused_data();
    void hostileProfileImportIsRefused();
    void planNameFromTextWhenNotGiven();
    void twoConnectionsShareAFile();
    void crashSafety();
    void roundTripPostgres();
    void postgresModes();
    void crashWriterChild(); // not a test: the child process of crashSafety
    void readOnlyChild();    // not a test: the child process of readOnlyUnwritableStore

private:
    // A directory of its own under m_dir for one test (row), created empty.
    QString sandbox(const QString &name) const;
    // Starts the shared throwaway PostgreSQL cluster on first use; empty on success.
    QString startPostgres();

    // Created by initTestCase only in the test process (a SIGKILLed child could not remove it).
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<PgCluster> m_pg;
};

void TstRunStore::initTestCase()
{
    if (qEnvironmentVariableIsEmpty(kCrashStoreEnv) &&
        qEnvironmentVariableIsEmpty(kReadOnlyStoreEnv)) {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }
    QStandardPaths::setTestModeEnabled(true);
}

QString TstRunStore::sandbox(const QString &name) const
{
    QString clean = name;
    clean.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.-]")), QStringLiteral("-"));
    const QString path = m_dir->filePath(QStringLiteral("sandbox-") + clean);
    QDir(path).removeRecursively();
    return QDir().mkpath(path) ? path : QString();
}

QString TstRunStore::startPostgres()
{
    if (m_pg)
        return QString();
    auto cluster = std::make_unique<PgCluster>();
    const QString failure = cluster->start();
    if (failure.isEmpty())
        m_pg = std::move(cluster);
    return failure;
}

void TstRunStore::defaultLocation()
{
    const QString location = RunStore::defaultLocation();
    QVERIFY(location.endsWith(QStringLiteral("/runs.sqlite")));
    QVERIFY(location.startsWith(
        QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QLatin1Char('/')));
}

void TstRunStore::newRunId()
{
    const QString a = RunStore::newRunId(utc(9, 15, 0, 0));
    QVERIFY2(
        QRegularExpression(QStringLiteral("^20261130-091500-[0-9a-f]{4}$")).match(a).hasMatch(),
        qPrintable(a));
    const QString b = RunStore::newRunId(utc(10, 0, 0, 0));
    QVERIFY(a < b); // sorts by time
    QSet<QString> ids;
    for (int i = 0; i < 50; ++i)
        ids.insert(RunStore::newRunId(utc(9, 15, 0, 0)));
    QVERIFY(ids.size() > 40); // random suffix (65536 values; 50 draws rarely collide)
}

void TstRunStore::freshStoreSchema()
{
    const QString path = m_dir->filePath(QStringLiteral("sub/dir/fresh.sqlite"));
    {
        auto store = RunStore::open(path);
        QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : sb::qtText(store.error())));
        QCOMPARE((*store)->backend(), RunStore::Backend::Sqlite);
        QCOMPARE((*store)->schemaVersion(), RunStore::latestSchemaVersion());
        QCOMPARE((*store)->displayLocation(), path);
        QVERIFY(RunStore::latestSchemaVersion() >= 1);
    }
    QVERIFY(QFile::exists(path));
    {
        RawSqlite raw(path);
        QVERIFY(raw.ok());
        QCOMPARE(raw.scalar(QStringLiteral("SELECT MAX(version) FROM schema_version")).toInt(),
                 RunStore::latestSchemaVersion());
        QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM schema_version")).toInt(),
                 RunStore::latestSchemaVersion());
        QCOMPARE(raw.scalar(QStringLiteral("PRAGMA journal_mode")).toString(),
                 QStringLiteral("wal"));
        for (const char *table :
             {"runs", "configurations", "windows", "intervals", "samples", "events", "server_logs"})
            QVERIFY2(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM sqlite_master WHERE "
                                               "type = 'table' AND name = '%1'")
                                    .arg(QLatin1String(table)))
                             .toInt() == 1,
                     table);
    }
    // Reopening migrates nothing twice.
    {
        auto store = RunStore::open(path);
        QVERIFY(store.ok());
        QCOMPARE((*store)->schemaVersion(), RunStore::latestSchemaVersion());
    }
    RawSqlite raw(path);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM schema_version")).toInt(),
             RunStore::latestSchemaVersion());
}

void TstRunStore::roundTripSqlite()
{
    auto store = RunStore::open(m_dir->filePath(QStringLiteral("roundtrip.sqlite")));
    QVERIFY(store.ok());
    roundTrip(**store);
}

void TstRunStore::runsNewestFirstWithCounts()
{
    auto opened = RunStore::open(m_dir->filePath(QStringLiteral("list.sqlite")));
    QVERIFY(opened.ok());
    RunStore &store = **opened;
    const QString older = QStringLiteral("20261129-080000-aaaa");
    const QString newer = QStringLiteral("20261130-080000-bbbb");
    const QString middle = QStringLiteral("20261129-200000-cccc");
    QVERIFY(store.createRun(makeRun(older, utc(8, 0, 0, 0).addDays(-1))).ok());
    QVERIFY(store.createRun(makeRun(newer, utc(8, 0, 0, 0))).ok());
    QVERIFY(store.createRun(makeRun(middle, utc(20, 0, 0, 0).addDays(-1))).ok());
    for (int i = 0; i < 5; ++i)
        QVERIFY(store
                    .saveWindow(makeWindow(middle, i, QStringLiteral("a"), QStringLiteral("r"), 8,
                                           0, i % 2 == 0, 2, i))
                    .ok());
    QVERIFY(store
                .saveWindow(makeWindow(older, 0, QStringLiteral("a"), QStringLiteral("r"), 8, 0,
                                       false, 1, 9))
                .ok());

    const auto runs = store.runs();
    QVERIFY(runs.ok());
    QCOMPARE(runs->size(), 3);
    QCOMPARE(runs->at(0).id, newer);
    QCOMPARE(runs->at(1).id, middle);
    QCOMPARE(runs->at(2).id, older);
    QCOMPARE(runs->at(0).windowCount, 0);
    QCOMPARE(runs->at(1).windowCount, 5);
    QCOMPARE(runs->at(1).validWindowCount, 3);
    QCOMPARE(runs->at(2).windowCount, 1);
    QCOMPARE(runs->at(2).validWindowCount, 0);
    compareRun(runs->at(1), makeRun(middle, utc(20, 0, 0, 0).addDays(-1)));

    // A window of an unknown run is refused (foreign key).
    const auto orphan = store.saveWindow(makeWindow(QStringLiteral("nope"), 0, QStringLiteral("a"),
                                                    QStringLiteral("r"), 8, 0, true, 1, 1));
    QVERIFY(!orphan.ok());
    QCOMPARE(sb::qtCode(orphan.error()), QStringLiteral("store.write"));
}

void TstRunStore::runStatus()
{
    auto opened = RunStore::open(m_dir->filePath(QStringLiteral("status.sqlite")));
    QVERIFY(opened.ok());
    RunStore &store = **opened;
    const QString id = QStringLiteral("20261130-090000-0001");
    QVERIFY(store.createRun(makeRun(id, utc(9, 0, 0, 0))).ok());
    QCOMPARE(store.run(id)->status, QString(kStatusRunning));

    QVERIFY(store.finishRun(id, QString(kStatusInterrupted)).ok());
    QCOMPARE(store.run(id)->status, QString(kStatusInterrupted));
    QVERIFY(store.run(id)->finishedAt.isValid());
    // Resume: running again, finishedAt cleared.
    QVERIFY(store.setRunStatus(id, QString(kStatusRunning)).ok());
    QCOMPARE(store.run(id)->status, QString(kStatusRunning));
    QVERIFY(!store.run(id)->finishedAt.isValid());
    QVERIFY(store.finishRun(id, QString(kStatusFailed)).ok());
    QCOMPARE(store.run(id)->status, QString(kStatusFailed));

    const sb::Status unknown = store.finishRun(id, QStringLiteral("done"));
    QVERIFY(!unknown.ok());
    QCOMPARE(sb::qtCode(unknown.error()), QStringLiteral("store.status"));
    QCOMPARE(store.run(id)->status, QString(kStatusFailed));
    const sb::Status missing = store.finishRun(QStringLiteral("nope"), QString(kStatusFinished));
    QCOMPARE(sb::qtCode(missing.error()), QStringLiteral("store.not-found"));
    QCOMPARE(sb::qtCode(store.run(QStringLiteral("nope")).error()),
             QStringLiteral("store.not-found"));
}

void TstRunStore::everyStatusIsAccepted_data()
{
    QTest::addColumn<QString>("status");
    for (QLatin1String status :
         {kStatusRunning, kStatusFinished, kStatusFailed, kStatusInterrupted, kStatusIncomplete})
        QTest::newRow(status.data()) << QString(status);
}

void TstRunStore::everyStatusIsAccepted()
{
    // Every status a run can be in is accepted by every method that checks one.
    QFETCH(QString, status);
    auto opened = RunStore::open(sandbox(status) + QStringLiteral("/runs.sqlite"));
    QVERIFY(opened.ok());
    RunStore &store = **opened;
    RunRecord run = makeRun(QStringLiteral("20261130-090000-1111"), utc(9, 0, 0, 0));
    run.status = status;
    const sb::Status created = store.createRun(run);
    QVERIFY2(created.ok(), qPrintable(created.ok() ? QString() : errorText(created.error())));
    QCOMPARE(store.run(run.id)->status, status);
    QVERIFY(store.finishRun(run.id, QString(kStatusFailed)).ok());
    const sb::Status set = store.setRunStatus(run.id, status);
    QVERIFY2(set.ok(), qPrintable(set.ok() ? QString() : errorText(set.error())));
    QCOMPARE(store.run(run.id)->status, status);
    QCOMPARE(store.run(run.id)->finishedAt.isValid(), status != kStatusRunning);
    const sb::Status finished = store.finishRun(run.id, status);
    QVERIFY2(finished.ok(), qPrintable(finished.ok() ? QString() : errorText(finished.error())));
    QCOMPARE(store.run(run.id)->status, status);
    QVERIFY(store.run(run.id)->finishedAt.isValid());
    // A status that is not one of them is refused by each.
    run.id = QStringLiteral("20261130-090000-2222");
    run.status = status + QStringLiteral("-ish");
    QCOMPARE(sb::qtCode(store.createRun(run).error()), QStringLiteral("store.status"));
    QCOMPARE(sb::qtCode(store.setRunStatus(run.id, run.status).error()),
             QStringLiteral("store.status"));
}

void TstRunStore::cellProgressForResume()
{
    auto opened = RunStore::open(m_dir->filePath(QStringLiteral("resume.sqlite")));
    QVERIFY(opened.ok());
    RunStore &store = **opened;
    const QString id = QStringLiteral("20261130-090000-0002");
    QVERIFY(store.createRun(makeRun(id, utc(9, 0, 0, 0))).ok());
    const QString a = QStringLiteral("A"), b = QStringLiteral("B");
    const QString r1 = QStringLiteral("/r1"), r2 = QStringLiteral("/r2");
    struct Step
    {
        int round;
        QString conf, route;
        int concurrency, attempt;
        bool valid;
    };
    const QVector<Step> steps = {
        {0, a, r1, 8, 0, true}, {0, b, r1, 8, 0, false}, {0, b, r1, 8, 1, false},
        {0, b, r1, 8, 2, true}, {0, a, r1, 64, 0, true}, {0, a, r2, 8, 0, false},
        {1, b, r1, 8, 0, true}, {1, a, r1, 8, 0, false},
    };
    QVector<qint64> ids;
    for (const Step &s : steps) {
        auto saved = store.saveWindow(makeWindow(id, s.round, s.conf, s.route, s.concurrency,
                                                 s.attempt, s.valid, 1, int(ids.size())));
        QVERIFY(saved.ok());
        ids << *saved;
    }
    const auto cells = store.cellProgress(id);
    QVERIFY(cells.ok());
    struct Want
    {
        int round;
        QString conf, route;
        int concurrency, attempts, valid;
        qint64 last;
    };
    const QVector<Want> want = {
        {0, a, r1, 8, 1, 1, ids[0]}, {0, b, r1, 8, 3, 1, ids[3]}, {0, a, r1, 64, 1, 1, ids[4]},
        {0, a, r2, 8, 1, 0, ids[5]}, {1, b, r1, 8, 1, 1, ids[6]}, {1, a, r1, 8, 1, 0, ids[7]},
    };
    QCOMPARE(cells->size(), want.size());
    for (qsizetype i = 0; i < want.size(); ++i) {
        const CellProgress &c = cells->at(i);
        QCOMPARE(c.round, want[i].round);
        QCOMPARE(c.configuration, want[i].conf);
        QCOMPARE(c.route, want[i].route);
        QCOMPARE(c.concurrency, want[i].concurrency);
        QCOMPARE(c.attempts, want[i].attempts);
        QCOMPARE(c.validWindows, want[i].valid);
        QCOMPARE(c.lastWindowId, want[i].last);
    }
    // Another run's windows do not count.
    QVERIFY(store.cellProgress(QStringLiteral("other"))->isEmpty());
}

void TstRunStore::failedWindowKeepsNothing()
{
    const QString path = m_dir->filePath(QStringLiteral("atomic.sqlite"));
    auto opened = RunStore::open(path);
    QVERIFY(opened.ok());
    RunStore &store = **opened;
    const QString id = QStringLiteral("20261130-090000-0003");
    QVERIFY(store.createRun(makeRun(id, utc(9, 0, 0, 0))).ok());
    WindowRecord w = makeWindow(id, 0, QStringLiteral("A"), QStringLiteral("/"), 8, 0, true, 20, 1);
    w.intervals[15].index = 3; // duplicate (window, index): the 16th insert fails
    const auto saved = store.saveWindow(w);
    QVERIFY(!saved.ok());
    QCOMPARE(sb::qtCode(saved.error()), QStringLiteral("store.write"));
    QVERIFY2(sb::qtWhere(saved.error()).startsWith(path) &&
                 sb::qtWhere(saved.error()).contains(QStringLiteral("intervals")),
             qPrintable(sb::qtWhere(saved.error())));
    QVERIFY(!sb::qtDetail(saved.error()).isEmpty());
    // Neither the window nor its first 15 intervals were kept, and the store still works.
    QCOMPARE(store.windows(id)->size(), 0);
    {
        RawSqlite raw(path);
        QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM intervals")).toInt(), 0);
    }
    w.intervals[15].index = 15;
    const auto again = store.saveWindow(w);
    QVERIFY(again.ok());
    QCOMPARE(store.window(*again)->intervals.size(), 20);
}

void TstRunStore::newerSchemaFails_data()
{
    QTest::addColumn<int>("mode");
    for (Mode mode : {Mode::Create, Mode::Existing, Mode::ReadOnly})
        QTest::newRow(modeName(mode)) << int(mode);
}

void TstRunStore::newerSchemaFails()
{
    QFETCH(int, mode);
    const QString path =
        sandbox(QString::fromLatin1(QTest::currentDataTag())) + QStringLiteral("/newer.sqlite");
    {
        auto store = RunStore::open(path);
        QVERIFY(store.ok());
    }
    const int future = RunStore::latestSchemaVersion() + 7;
    {
        RawSqlite raw(path);
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO schema_version (version, description, "
                                        "applied_at) VALUES (%1, 'from the future', 'x')")
                             .arg(future)));
    }
    const auto store = RunStore::open(path, Mode(mode));
    QVERIFY(!store.ok());
    QCOMPARE(sb::qtCode(store.error()), QStringLiteral("store.too-new"));
    QCOMPARE(sb::qtWhere(store.error()), path);
    QVERIFY2(
        sb::qtDetail(store.error()).contains(QString::number(future)) &&
            sb::qtDetail(store.error()).contains(QString::number(RunStore::latestSchemaVersion())),
        qPrintable(sb::qtDetail(store.error())));
}

void TstRunStore::badFileFails_data()
{
    QTest::addColumn<QByteArray>("content"); // file content; empty = a directory
    QTest::addColumn<bool>("sqlite");        // content is a SQLite database made by the test
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("mode");
    for (Mode mode : {Mode::Create, Mode::Existing, Mode::ReadOnly}) {
        auto row = [mode](const char *name) {
            return &QTest::newRow(qPrintable(
                QStringLiteral("%1, %2").arg(QLatin1String(name), QLatin1String(modeName(mode)))));
        };
        *row("garbage") << QByteArray(8192, 'x') << false << QStringLiteral("store.open")
                        << int(mode);
        *row("text") << QByteArrayLiteral("{\"not\": \"a database\"}\n") << false
                     << QStringLiteral("store.open") << int(mode);
        *row("fake header") << QByteArray("SQLite format 3\0garbage-garbage-garbage", 40) +
                                   QByteArray(4096, '\xff')
                            << false << QStringLiteral("store.open") << int(mode);
        *row("directory") << QByteArray() << false << QStringLiteral("store.open") << int(mode);
        *row("other sqlite database")
            << QByteArray() << true << QStringLiteral("store.foreign") << int(mode);
    }
}

void TstRunStore::badFileFails()
{
    QFETCH(QByteArray, content);
    QFETCH(bool, sqlite);
    QFETCH(QString, code);
    QFETCH(int, mode);
    const QString dir = sandbox(QString::fromLatin1(QTest::currentDataTag()));
    const QString path = dir + QStringLiteral("/bad.sqlite");
    if (sqlite) {
        RawSqlite raw(path);
        QVERIFY(raw.exec(QStringLiteral("CREATE TABLE customers (id INTEGER, name TEXT)")));
    } else if (content.isEmpty()) {
        QVERIFY(QDir().mkpath(path));
    } else {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }
    const QStringList before = tree(dir);
    const QByteArray bytes = fileBytes(path);
    const auto store = RunStore::open(path, Mode(mode));
    QVERIFY(!store.ok());
    QCOMPARE(sb::qtCode(store.error()), code);
    QCOMPARE(sb::qtWhere(store.error()), path);
    QVERIFY(!sb::qtDetail(store.error()).isEmpty());
    qDebug() << sb::qtText(store.error());
    // Left untouched, and nothing beside it (no -wal, no -shm, no -journal).
    QCOMPARE(fileBytes(path), bytes);
    QCOMPARE(tree(dir), before);
}

void TstRunStore::missingStoreCreatesNothing_data()
{
    QTest::addColumn<QString>("relative");   // the location inside a fresh sandbox
    QTest::addColumn<QByteArray>("content"); // the file's content; null = no file
    QTest::addColumn<int>("mode");
    for (Mode mode : {Mode::Existing, Mode::ReadOnly}) {
        const QString m = QLatin1String(modeName(mode));
        QTest::newRow(qPrintable(QStringLiteral("missing file, %1").arg(m)))
            << QStringLiteral("runs.sqlite") << QByteArray() << int(mode);
        QTest::newRow(qPrintable(QStringLiteral("missing directories, %1").arg(m)))
            << QStringLiteral("typo/sub/runs.sqlite") << QByteArray() << int(mode);
        QTest::newRow(qPrintable(QStringLiteral("empty file, %1").arg(m)))
            << QStringLiteral("runs.sqlite") << QByteArray("") << int(mode);
    }
}

void TstRunStore::missingStoreCreatesNothing()
{
    QFETCH(QString, relative);
    QFETCH(QByteArray, content);
    QFETCH(int, mode);
    const QString dir = sandbox(QString::fromLatin1(QTest::currentDataTag()));
    const QString path = dir + QLatin1Char('/') + relative;
    if (!content.isNull()) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }
    const QStringList before = tree(dir);
    const auto store = RunStore::open(path, Mode(mode));
    QVERIFY2(!store.ok(), "a missing store was opened");
    QCOMPARE(sb::qtCode(store.error()), QStringLiteral("store.missing"));
    QCOMPARE(sb::qtWhere(store.error()), path);
    qDebug() << sb::qtText(store.error());
    QCOMPARE(tree(dir), before); // no file, directory, -wal or -shm
    QCOMPARE(fileBytes(path), content.isNull() ? QByteArray() : content);

    // Create mode, for contrast, makes the store (and its directories).
    auto created = RunStore::open(path, Mode::Create);
    QVERIFY2(created.ok(), qPrintable(created.ok() ? QString() : errorText(created.error())));
    created = sb::Error{};
    QVERIFY(RunStore::open(path, Mode(mode)).ok());
}

void TstRunStore::unknownSchemeFails_data()
{
    QTest::addColumn<QString>("location"); // %DIR% = the test's sandbox
    QTest::addColumn<QString>("scheme");
    QTest::newRow("mysql") << QStringLiteral("mysql://x") << QStringLiteral("mysql");
    QTest::newRow("http") << QStringLiteral("http://x") << QStringLiteral("http");
    QTest::newRow("file") << QStringLiteral("file://%DIR%/runs.sqlite") << QStringLiteral("file");
    QTest::newRow("sqlite") << QStringLiteral("sqlite://runs.sqlite") << QStringLiteral("sqlite");
    QTest::newRow("password") << QStringLiteral("MySQL://root:hunter2@db:3306/bench")
                              << QStringLiteral("mysql");
    QTest::newRow("not a URL") << QStringLiteral("pg+x://[::1:5432/x?password=hunter2")
                               << QStringLiteral("pg+x");
}

void TstRunStore::unknownSchemeFails()
{
    QFETCH(QString, location);
    QFETCH(QString, scheme);
    // Relative to the working directory, "mysql://x" is the path mysql:/x: it must not appear.
    const QString dir = sandbox(QString::fromLatin1(QTest::currentDataTag()));
    location.replace(QStringLiteral("%DIR%"), dir);
    const QString cwd = QDir::currentPath();
    QVERIFY(QDir::setCurrent(dir));
    auto restore = qScopeGuard([&] { QDir::setCurrent(cwd); });
    for (Mode mode : {Mode::Create, Mode::Existing, Mode::ReadOnly}) {
        const auto store = RunStore::open(location, mode);
        QVERIFY(!store.ok());
        const QString text = errorText(store.error());
        QCOMPARE(sb::qtCode(store.error()), QStringLiteral("store.scheme"));
        QVERIFY2(sb::qtDetail(store.error())
                     .contains(QLatin1Char('"') + scheme + QStringLiteral("://\"")),
                 qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("hunter2")), qPrintable(text));
        QVERIFY2(!sb::qtWhere(store.error()).isEmpty(), qPrintable(text));
        qDebug() << modeName(mode) << text;
    }
    QCOMPARE(tree(dir), QStringList());
}

void TstRunStore::oddFileNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("colon") << QStringLiteral("runs:2026.sqlite");
    QTest::newRow("uri characters") << QStringLiteral("a?b#c%20d&e=f.sqlite");
    QTest::newRow("space and non-ASCII") << QStringLiteral("mes runs é.sqlite");
}

void TstRunStore::oddFileNames()
{
    // Existing and ReadOnly open SQLite through a URI: every file name must survive it.
    QFETCH(QString, name);
    const QString dir = sandbox(QString::fromLatin1(QTest::currentDataTag()));
    const QString path = dir + QLatin1Char('/') + name;
    const QString id = QStringLiteral("20261130-090000-0a0a");
    {
        auto store = RunStore::open(path, Mode::Create);
        QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : errorText(store.error())));
        QVERIFY((*store)->createRun(makeRun(id, utc(9, 0, 0, 0))).ok());
    }
    QVERIFY(QFile::exists(path));
    for (Mode mode : {Mode::Existing, Mode::ReadOnly}) {
        auto store = RunStore::open(path, mode);
        QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : errorText(store.error())));
        QCOMPARE((*store)->displayLocation(), path);
        QVERIFY((*store)->run(id).ok());
    }
    QCOMPARE(QDir(dir).entryList(QDir::Files).filter(QStringLiteral(".sqlite")).first(), name);
}

void TstRunStore::readOnlyReadsAndRefusesWrites()
{
    const QString dir = sandbox(QStringLiteral("read-only"));
    const QString path = dir + QStringLiteral("/runs.sqlite");
    const QString id = QStringLiteral("20261130-090000-0b0b");
    {
        auto store = RunStore::open(path);
        QVERIFY(store.ok());
        QVERIFY((*store)->createRun(makeRun(id, utc(9, 0, 0, 0))).ok());
        QVERIFY((*store)
                    ->saveWindow(makeWindow(id, 0, QStringLiteral("A"), QStringLiteral("/"), 8, 0,
                                            true, 4, 1))
                    .ok());
    }
    const QByteArray before = fileBytes(path);
    auto opened = RunStore::open(path, Mode::ReadOnly);
    QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : errorText(opened.error())));
    RunStore &store = **opened;
    QCOMPARE(store.mode(), Mode::ReadOnly);
    QCOMPARE(store.schemaVersion(), RunStore::latestSchemaVersion());
    QCOMPARE(store.runs()->size(), 1);
    QCOMPARE(store.windows(id, true)->first().intervals.size(), 4);

    // Every writing method refuses, names the store, and changes nothing.
    WindowRecord w = makeWindow(id, 1, QStringLiteral("A"), QStringLiteral("/"), 8, 0, true, 1, 2);
    const QVector<std::pair<const char *, sb::Status>> writes = {
        {"createRun", store.createRun(makeRun(QStringLiteral("x"), utc(9, 0, 0, 0)))},
        {"finishRun", store.finishRun(id, QString(kStatusFinished))},
        {"setRunStatus", store.setRunStatus(id, QString(kStatusRunning))},
        {"setRunner", store.setRunner(id, 1, QStringLiteral("h"), QStringLiteral("s"))},
        {"saveConfiguration", store.saveConfiguration({id, QStringLiteral("A"), QJsonObject{}})},
        {"saveWindow", statusOf(store.saveWindow(w))},
        {"saveEvent", store.saveEvent({id, utc(9, 0, 1, 0), QStringLiteral("warning"),
                                       QStringLiteral("x"), QJsonObject{}})},
        {"appendServerLog", store.appendServerLog(id, QStringLiteral("A"), 0, "out", "err")},
        {"saveServerStart",
         store.saveServerStart({id, QStringLiteral("A"), 0, utc(9, 0, 1, 0), 1, 2, 3, 4, 5})},
        {"deleteRun", store.deleteRun(id)},
    };
    for (const auto &[name, status] : writes) {
        QVERIFY2(!status.ok(), name);
        QVERIFY2(
            sb::qtCode(status.error()) == QStringLiteral("store.read-only"),
            qPrintable(QLatin1String(name) + QStringLiteral(": ") + errorText(status.error())));
        QVERIFY2(sb::qtWhere(status.error()).startsWith(path), name);
    }
    // The connection itself is read-only: a write that bypasses RunStore's check fails too.
    QSqlQuery raw(storeConnection());
    QVERIFY(!raw.exec(QStringLiteral("DELETE FROM windows")));
    qDebug() << "raw write:" << raw.lastError().text();
    QCOMPARE(store.windows(id)->size(), 1);
    QCOMPARE(store.run(id)->status, QString(kStatusRunning));
    raw = QSqlQuery();
    opened = sb::Error{};
    QCOMPARE(fileBytes(path), before);
    if (geteuid() == 0)
        qDebug() << "as root the directory is writable: SQLite may add its -wal/-shm index";
}

void TstRunStore::readOnlyBesideAWriter()
{
    // A reader opened while a runner writes sees the windows committed after it opened.
    const QString path = sandbox(QStringLiteral("beside")) + QStringLiteral("/runs.sqlite");
    auto writer = RunStore::open(path);
    QVERIFY(writer.ok());
    const QString id = QStringLiteral("20261130-090000-0c0c");
    QVERIFY((*writer)->createRun(makeRun(id, utc(9, 0, 0, 0))).ok());
    auto reader = RunStore::open(path, Mode::ReadOnly);
    QVERIFY2(reader.ok(), qPrintable(reader.ok() ? QString() : errorText(reader.error())));
    QCOMPARE((*reader)->windows(id)->size(), 0);
    for (int i = 0; i < 3; ++i)
        QVERIFY((*writer)
                    ->saveWindow(makeWindow(id, i, QStringLiteral("A"), QStringLiteral("/"), 8, 0,
                                            true, 2, i))
                    .ok());
    QCOMPARE((*reader)->windows(id, true)->size(), 3);
    QVERIFY((*writer)->finishRun(id, QString(kStatusFinished)).ok());
    QCOMPARE((*reader)->run(id)->status, QString(kStatusFinished));
}

void TstRunStore::readOnlyUnwritableStore_data()
{
    // How the store is left when the copy is taken, and what a reader that cannot write the
    // file or its directory reads from it.
    QTest::addColumn<QString>("state");
    QTest::addColumn<QString>("expected"); // the child's output, after "open "
    QTest::newRow("closed cleanly") << QStringLiteral("closed") << QStringLiteral("ok 1 3");
    QTest::newRow("writer alive (-wal, -shm)")
        << QStringLiteral("live") << QStringLiteral("ok 1 3");
    QTest::newRow("-wal without -shm")
        << QStringLiteral("wal-only") << QStringLiteral("error store.open");
}

void TstRunStore::readOnlyUnwritableStore()
{
    QFETCH(QString, state);
    QFETCH(QString, expected);
    const QString source = sandbox(QStringLiteral("unwritable-source-") + state);
    const QString copy = sandbox(QStringLiteral("unwritable-") + state);
    const QString id = QStringLiteral("20261130-090000-0d0d");
    auto writer = RunStore::open(source + QStringLiteral("/runs.sqlite"));
    QVERIFY(writer.ok());
    QVERIFY((*writer)->createRun(makeRun(id, utc(9, 0, 0, 0))).ok());
    for (int i = 0; i < 3; ++i)
        QVERIFY((*writer)
                    ->saveWindow(makeWindow(id, i, QStringLiteral("A"), QStringLiteral("/"), 8, 0,
                                            true, 2, i))
                    .ok());
    if (state == QLatin1String("closed"))
        writer = sb::Error{}; // checkpoints and removes -wal and -shm
    for (const QString &name : QDir(source).entryList(QDir::Files))
        if (state != QLatin1String("wal-only") || !name.endsWith(QLatin1String("-shm")))
            QVERIFY(QFile::copy(source + QLatin1Char('/') + name, copy + QLatin1Char('/') + name));
    writer = sb::Error{};
    QCOMPARE(QFile::exists(copy + QStringLiteral("/runs.sqlite-wal")),
             state != QLatin1String("closed"));
    if (state != QLatin1String("closed")) // the windows are in the -wal only
        QVERIFY(QFileInfo(copy + QStringLiteral("/runs.sqlite-wal")).size() > 0);

    // Nobody may write the copy; as root (who ignores permissions) the child runs as nobody.
    for (const QString &name : QDir(copy).entryList(QDir::Files))
        QVERIFY(QFile::setPermissions(copy + QLatin1Char('/') + name,
                                      QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    const QFile::Permissions readDir = QFile::ReadOwner | QFile::ExeOwner | QFile::ReadGroup |
                                       QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther;
    QVERIFY(QFile::setPermissions(copy, readDir));
    auto writable = qScopeGuard([&] { QFile::setPermissions(copy, readDir | QFile::WriteOwner); });
    QVERIFY(QFile::setPermissions(m_dir->path(), readDir | QFile::WriteOwner));
    const QStringList before = tree(copy);

    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QString::fromLatin1(kReadOnlyStoreEnv), copy + QStringLiteral("/runs.sqlite"));
    child.setProcessEnvironment(env);
    QStringList args = {QCoreApplication::applicationFilePath(), QStringLiteral("readOnlyChild")};
    QString program = args.takeFirst();
    if (geteuid() == 0) {
        if (!getpwnam("nobody"))
            QFAIL("running as root and there is no user nobody to read as");
        // nobody may not reach this binary where it was built (a checkout under /root, 0700):
        // the child runs a copy beside the store, which links nothing from the build tree.
        const QString reachable = m_dir->filePath(QStringLiteral("readonly-child"));
        if (!QFile::exists(reachable)) {
            QVERIFY(QFile::copy(program, reachable));
            QVERIFY(QFile::setPermissions(reachable, readDir));
        }
        args = QStringList{QStringLiteral("-u"), QStringLiteral("nobody"), QStringLiteral("--"),
                           reachable} +
               args;
        program = QStringLiteral("runuser");
    }
    child.start(program, args);
    QVERIFY(child.waitForStarted(10000));
    QVERIFY(child.waitForFinished(60000));
    const QByteArray out = child.readAllStandardOutput();
    QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0, out.constData());
    const QList<QByteArray> lines = out.split('\n');
    const auto result = std::find_if(lines.begin(), lines.end(),
                                     [](const QByteArray &l) { return l.startsWith("open "); });
    QVERIFY2(result != lines.end(), out.constData());
    qDebug() << *result;
    QVERIFY2(result->mid(5).startsWith(expected.toUtf8()), out.constData());
    if (expected.startsWith(QLatin1String("ok")))
        QVERIFY2(out.contains("write store.read-only\n") && out.contains("raw-write refused\n"),
                 out.constData());
    else
        QVERIFY2(result->contains("write-ahead log"), result->constData()); // says why
    QCOMPARE(tree(copy), before);
}

void TstRunStore::readOnlyChild()
{
    const QString path = qEnvironmentVariable(kReadOnlyStoreEnv);
    if (path.isEmpty())
        QSKIP("not a test: the child process that readOnlyUnwritableStore runs");
    auto print = [](const QString &line) {
        std::printf("%s\n", qPrintable(line));
        std::fflush(stdout);
    };
    auto opened = RunStore::open(path, Mode::ReadOnly);
    if (!opened.ok())
        return print(QStringLiteral("open error ") + errorText(opened.error()));
    RunStore &store = **opened;
    const auto runs = store.runs();
    const auto windows = runs.ok() && !runs->isEmpty()
                             ? store.windows(runs->first().id, true)
                             : sb::Result<QVector<WindowRecord>>(sb::Error{"none", "", "no run"});
    if (!windows.ok())
        return print(QStringLiteral("open error ") + errorText(windows.error()));
    print(QStringLiteral("open ok %1 %2").arg(runs->size()).arg(windows->size()));
    const sb::Status write = store.setRunStatus(runs->first().id, QString(kStatusFailed));
    print(QStringLiteral("write ") +
          (write.ok() ? QStringLiteral("ok") : sb::qtCode(write.error())));
    QSqlQuery raw(storeConnection());
    print(raw.exec(QStringLiteral("UPDATE runs SET status = 'failed'"))
              ? QStringLiteral("raw-write accepted")
              : QStringLiteral("raw-write refused"));
}

void TstRunStore::migrateFromVersion1()
{
    const QString dir = sandbox(QStringLiteral("version1"));
    const QString path = dir + QStringLiteral("/old.sqlite");
    {
        RawSqlite raw(path);
        QVERIFY(raw.ok());
        QVERIFY(raw.exec(QStringLiteral("PRAGMA journal_mode=WAL")));
        QSqlDatabase db = QSqlDatabase::database(QStringLiteral("raw"));
        const QString failure = writeSchemaVersion1(db, false);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }
    // ReadOnly reads it as it is, without migrating it.
    const QByteArray before = fileBytes(path);
    {
        auto store = RunStore::open(path, Mode::ReadOnly);
        QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : errorText(store.error())));
        QCOMPARE((*store)->schemaVersion(), 1);
        checkVersion1Data(**store);
        if (QTest::currentTestFailed())
            return;
    }
    QCOMPARE(fileBytes(path), before);
    {
        RawSqlite raw(path);
        QCOMPARE(raw.scalar(QStringLiteral("SELECT MAX(version) FROM schema_version")).toInt(), 1);
    }
    // Existing migrates it; old rows read 0 in the new columns, new rows keep their values.
    auto opened = RunStore::open(path, Mode::Existing);
    QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : errorText(opened.error())));
    RunStore &store = **opened;
    QCOMPARE(store.schemaVersion(), RunStore::latestSchemaVersion());
    checkVersion1Data(store);
    if (QTest::currentTestFailed())
        return;
    const QString id = QStringLiteral("20261130-090000-0e0e");
    const RunRecord run = makeRun(id, utc(9, 0, 0, 0));
    QVERIFY(store.createRun(run).ok());
    const WindowRecord w =
        makeWindow(id, 0, QStringLiteral("A"), QStringLiteral("/"), 8, 0, true, 2, 5);
    const auto saved = store.saveWindow(w);
    QVERIFY(saved.ok());
    compareRun(*store.run(id), run);
    compareWindow(*store.window(*saved), w, true);
    RawSqlite raw(path);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM schema_version")).toInt(),
             RunStore::latestSchemaVersion());
}

// Schema version 3 as released (version 1, then versions 2 and 3 exactly as they were written),
// with one run whose plan names itself and pins two configurations (one of them measured as A/A
// arms), its configurations, and windows that failed a gate, two gates, a hook, and passed.
// Empty on success.
QString writeSchemaVersion3(QSqlDatabase db)
{
    if (const QString failure = writeSchemaVersion1(db, false); !failure.isEmpty())
        return failure;
    const QStringList statements = {
        QStringLiteral("ALTER TABLE runs ADD COLUMN runner_pid BIGINT NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN runner_host TEXT"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN runner_start TEXT"),
        QStringLiteral(
            "ALTER TABLE windows ADD COLUMN drain_s DOUBLE PRECISION NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE windows ADD COLUMN in_flight_at_end BIGINT NOT NULL DEFAULT 0"),
        QStringLiteral("INSERT INTO schema_version VALUES (2, 'runner process of a run; drain"
                       " time and requests in flight of a window', '2026-11-15T00:00:00.000Z')"),
        QStringLiteral("ALTER TABLE intervals ADD COLUMN p90_us BIGINT NOT NULL DEFAULT 0"),
        QStringLiteral("INSERT INTO schema_version VALUES (3, 'p90 latency of an interval',"
                       " '2026-11-20T00:00:00.000Z')"),
        QStringLiteral("INSERT INTO configurations (run_id, name, info) VALUES"
                       " ('20261120-000000-0003', 'native', '{}'),"
                       " ('20261120-000000-0003', 'python', '{}'),"
                       " ('20261120-000000-0003', 'twin:A', '{}')"),
    };
    for (const QString &sql : statements) {
        QSqlQuery q(db);
        if (!q.exec(sql))
            return q.lastError().text() + QStringLiteral(" in ") + sql;
    }
    QSqlQuery run(db);
    run.prepare(QStringLiteral("INSERT INTO runs (id, plan_path, plan_text, profile,"
                               " only_configurations, route_filter, started_at, status,"
                               " environment, file_hashes) VALUES ('20261120-000000-0003',"
                               " 'pinned.json', ?, 'quick', '[]', '[]',"
                               " '2026-11-20T00:00:00.000Z', 'finished', '{}', '{}')"));
    run.addBindValue(
        QByteArrayLiteral("{\"name\": \"pinned plan\", \"configurations\": [{\"name\": \"native\", "
                          "\"cpus\": \"0-1\"},"
                          " {\"name\": \"python\"}, {\"name\": \"twin\", \"cpus\": \"3\"}],"
                          " \"routes\": [{\"name\": \"/health\"}]}"));
    if (!run.exec())
        return run.lastError().text();
    // valid, gates, reason
    const std::tuple<int, const char *, const char *> windows[] = {
        {0, "{\"foreign_cpu\": {\"passed\": false}, \"sleep\": {\"passed\": true}}",
         "foreign CPU 512% >= 450%"},
        {0, "{}", "before_window hook failed: exit 1"},
        {1, "{\"foreign_cpu\": {\"passed\": true}}", ""},
        {0, "{\"foreign_cpu\": {\"passed\": false}, \"server\": {\"passed\": false}}",
         "the server tree died"},
    };
    for (const auto &[valid, gates, reason] : windows) {
        QSqlQuery w(db);
        w.prepare(QStringLiteral("INSERT INTO windows (run_id, round, configuration, route,"
                                 " concurrency, attempt, valid, invalid_reason, gates) VALUES"
                                 " ('20261120-000000-0003', 0, 'native', '/health', 8, 0, ?, ?,"
                                 " ?)"));
        w.addBindValue(valid);
        w.addBindValue(QString::fromUtf8(reason));
        w.addBindValue(QString::fromUtf8(gates));
        if (!w.exec())
            return w.lastError().text();
    }
    return QString();
}

// The typed columns of version 4 as a store of version 3 (writeSchemaVersion3) reads: the plan's
// name and CPU counts from the stored plan text, the invalid kind from the gates (the first
// failed in the runner's order) or, with no failed gate, the reason.
void checkVersion3TypedColumns(const RunStore &store)
{
    const QString id = QStringLiteral("20261120-000000-0003");
    const auto run = store.run(id);
    QVERIFY2(run.ok(), qPrintable(run.ok() ? QString() : errorText(run.error())));
    QCOMPARE(run->planName, QStringLiteral("pinned plan"));
    const auto configurations = store.configurations(id);
    QVERIFY(configurations.ok());
    QCOMPARE(configurations->size(), 3);
    QCOMPARE(configurations->at(0).name, QStringLiteral("native"));
    QCOMPARE(configurations->at(0).cpuCount, 2);
    QCOMPARE(configurations->at(1).cpuCount, 0); // python: not pinned
    QCOMPARE(configurations->at(2).name, QStringLiteral("twin:A"));
    QCOMPARE(configurations->at(2).cpuCount, 1); // an A/A arm has its configuration's set
    const auto windows = store.windows(id);
    QVERIFY(windows.ok());
    QStringList kinds;
    for (const WindowRecord &w : *windows)
        kinds << w.invalidKind;
    QCOMPARE(kinds, (QStringList{QString(kInvalidForeignCpu), QString(kInvalidHook), QString(),
                                 QString(kInvalidServer)}));
}

void TstRunStore::migrateFromVersion3FillsTypedColumns()
{
    const QString dir = sandbox(QStringLiteral("version3"));
    const QString path = dir + QStringLiteral("/old.sqlite");
    {
        RawSqlite raw(path);
        QVERIFY(raw.ok());
        QVERIFY(raw.exec(QStringLiteral("PRAGMA journal_mode=WAL")));
        const QString failure = writeSchemaVersion3(QSqlDatabase::database(QStringLiteral("raw")));
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }
    // ReadOnly reads the old store as it is, deriving the columns it lacks the migration's way.
    const QByteArray before = fileBytes(path);
    {
        auto store = RunStore::open(path, Mode::ReadOnly);
        QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : errorText(store.error())));
        QCOMPARE((*store)->schemaVersion(), 3);
        checkVersion3TypedColumns(**store);
        if (QTest::currentTestFailed())
            return;
    }
    QCOMPARE(fileBytes(path), before);
    // Existing migrates it: the columns are filled in the file, not derived on every read.
    {
        auto store = RunStore::open(path, Mode::Existing);
        QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : errorText(store.error())));
        QCOMPARE((*store)->schemaVersion(), RunStore::latestSchemaVersion());
        checkVersion3TypedColumns(**store);
        if (QTest::currentTestFailed())
            return;
    }
    RawSqlite raw(path);
    QCOMPARE(
        raw.scalar(QStringLiteral("SELECT plan_name FROM runs WHERE id = '20261120-000000-0003'"))
            .toString(),
        QStringLiteral("pinned plan"));
    QCOMPARE(raw.scalar(QStringLiteral("SELECT cpu_count FROM configurations"
                                       " WHERE name = 'native'"))
                 .toInt(),
             2);
    QCOMPARE(
        raw.scalar(QStringLiteral(
                       "SELECT group_concat(invalid_kind, ',') FROM"
                       " (SELECT invalid_kind FROM windows WHERE run_id = '20261120-000000-0003'"
                       " ORDER BY id)"))
            .toString(),
        QStringLiteral("foreign_cpu,hook,,server"));
}

// Version 4 as released: version 3 (writeSchemaVersion3), then version 4's columns, filled as
// its migration filled them.
QString writeSchemaVersion4(QSqlDatabase db)
{
    if (const QString failure = writeSchemaVersion3(db); !failure.isEmpty())
        return failure;
    const QStringList statements = {
        QStringLiteral("ALTER TABLE runs ADD COLUMN plan_name TEXT NOT NULL DEFAULT ''"),
        QStringLiteral(
            "ALTER TABLE configurations ADD COLUMN cpu_count INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE windows ADD COLUMN invalid_kind TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("UPDATE runs SET plan_name = 'pinned plan'"
                       " WHERE id = '20261120-000000-0003'"),
        QStringLiteral("UPDATE configurations SET cpu_count = 2 WHERE name = 'native'"),
        QStringLiteral("UPDATE configurations SET cpu_count = 1 WHERE name = 'twin:A'"),
        QStringLiteral("UPDATE windows SET invalid_kind = 'foreign_cpu'"
                       " WHERE invalid_reason LIKE 'foreign CPU%'"),
        QStringLiteral("UPDATE windows SET invalid_kind = 'hook'"
                       " WHERE invalid_reason LIKE 'before_window hook%'"),
        QStringLiteral("UPDATE windows SET invalid_kind = 'server'"
                       " WHERE invalid_reason = 'the server tree died'"),
        QStringLiteral("INSERT INTO schema_version VALUES (4, 'plan name of a run, CPU count of a"
                       " configuration, invalid kind of a window', '2026-11-25T00:00:00.000Z')"),
    };
    for (const QString &sql : statements) {
        QSqlQuery q(db);
        if (!q.exec(sql))
            return q.lastError().text() + QStringLiteral(" in ") + sql;
    }
    return QString();
}

// A store of version 4 keeps its rows through the migration to version 5; its windows' tree ages
// read unknown (-1), in ReadOnly mode and once migrated, while a window saved since keeps its own.
void TstRunStore::migrateFromVersion4KeepsRowsWithAgesUnknown()
{
    const QString dir = sandbox(QStringLiteral("version4"));
    const QString path = dir + QStringLiteral("/old.sqlite");
    {
        RawSqlite raw(path);
        QVERIFY(raw.ok());
        QVERIFY(raw.exec(QStringLiteral("PRAGMA journal_mode=WAL")));
        const QString failure = writeSchemaVersion4(QSqlDatabase::database(QStringLiteral("raw")));
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }
    const QString id = QStringLiteral("20261120-000000-0003");
    auto agesUnknown = [&](const RunStore &store) {
        const auto windows = store.windows(id);
        QVERIFY(windows.ok());
        QCOMPARE(windows->size(), 4);
        for (const WindowRecord &w : *windows) {
            QCOMPARE(w.treeAgeS, -1.0);
            QCOMPARE(w.treeRequests, qint64(-1));
        }
    };
    const QByteArray before = fileBytes(path);
    {
        auto store = RunStore::open(path, Mode::ReadOnly);
        QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : errorText(store.error())));
        QCOMPARE((*store)->schemaVersion(), 4);
        agesUnknown(**store);
        if (QTest::currentTestFailed())
            return;
    }
    QCOMPARE(fileBytes(path), before);
    auto opened = RunStore::open(path, Mode::Existing);
    QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : errorText(opened.error())));
    RunStore &store = **opened;
    QCOMPARE(store.schemaVersion(), RunStore::latestSchemaVersion());
    QVERIFY(RunStore::latestSchemaVersion() >= 5);
    checkVersion3TypedColumns(store); // version 4's rows as they were
    if (QTest::currentTestFailed())
        return;
    agesUnknown(store);
    if (QTest::currentTestFailed())
        return;
    WindowRecord w =
        makeWindow(id, 1, QStringLiteral("native"), QStringLiteral("/health"), 8, 0, true, 1, 4);
    QCOMPARE(w.treeRequests, qint64(480'000));
    const auto saved = store.saveWindow(w);
    QVERIFY(saved.ok());
    compareWindow(*store.window(*saved), w, true);
    RawSqlite raw(path);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM windows WHERE tree_requests = -1"
                                       " AND tree_age_s = -1 AND run_id = '%1'")
                            .arg(id))
                 .toInt(),
             4);
}

// Version 6 as released: version 4 (writeSchemaVersion4), then version 5's and 6's statements.
QString writeSchemaVersion6(QSqlDatabase db)
{
    if (const QString failure = writeSchemaVersion4(db); !failure.isEmpty())
        return failure;
    const QStringList statements = {
        QStringLiteral("ALTER TABLE windows ADD COLUMN tree_age_s DOUBLE PRECISION NOT NULL"
                       " DEFAULT -1"),
        QStringLiteral("ALTER TABLE windows ADD COLUMN tree_requests BIGINT NOT NULL DEFAULT -1"),
        QStringLiteral(
            "INSERT INTO schema_version VALUES (5, 'server tree age of a window:"
            " seconds and requests since the tree started', '2026-12-01T00:00:00.000Z')"),
        QStringLiteral(
            "CREATE TABLE server_starts (id INTEGER PRIMARY KEY, run_id TEXT NOT NULL REFERENCES"
            " runs(id) ON DELETE CASCADE, configuration TEXT NOT NULL, round INTEGER NOT NULL,"
            " started_at TEXT, exec_ms DOUBLE PRECISION NOT NULL,"
            " accept_ms DOUBLE PRECISION NOT NULL, ready_ms DOUBLE PRECISION NOT NULL,"
            " rss_bytes BIGINT NOT NULL, pss_bytes BIGINT NOT NULL)"),
        QStringLiteral("CREATE INDEX server_starts_run ON server_starts (run_id, id)"),
        QStringLiteral("INSERT INTO server_starts (run_id, configuration, round, started_at,"
                       " exec_ms, accept_ms, ready_ms, rss_bytes, pss_bytes) VALUES"
                       " ('20261120-000000-0003', 'native', 0, '2026-11-20T00:00:01.000Z', 2, 30,"
                       " 40, 1000000, 900000)"),
        QStringLiteral("INSERT INTO schema_version VALUES (6, 'cold start of each server tree:"
                       " exec, accepting, ready, memory at ready', '2026-12-02T00:00:00.000Z')"),
    };
    for (const QString &sql : statements) {
        QSqlQuery q(db);
        if (!q.exec(sql))
            return q.lastError().text() + QStringLiteral(" in ") + sql;
    }
    return QString();
}

// A store of version 6 reads no profile as it is (ReadOnly, unchanged on disk); migrated to 7 it
// keeps its rows and stores profiles of its runs.
void TstRunStore::migrateFromVersion6AddsProfiles()
{
    const QString dir = sandbox(QStringLiteral("version6"));
    const QString path = dir + QStringLiteral("/old.sqlite");
    {
        RawSqlite raw(path);
        QVERIFY(raw.ok());
        QVERIFY(raw.exec(QStringLiteral("PRAGMA journal_mode=WAL")));
        const QString failure = writeSchemaVersion6(QSqlDatabase::database(QStringLiteral("raw")));
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }
    const QString id = QStringLiteral("20261120-000000-0003");
    const QByteArray before = fileBytes(path);
    {
        auto store = RunStore::open(path, Mode::ReadOnly);
        QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : errorText(store.error())));
        QCOMPARE((*store)->schemaVersion(), 6);
        const auto none = (*store)->profiles(id);
        QVERIFY2(none.ok(), qPrintable(none.ok() ? QString() : errorText(none.error())));
        QVERIFY(none->isEmpty());
        QCOMPARE(sb::qtCode((*store)->profile(1).error()), QStringLiteral("store.not-found"));
        QCOMPARE((*store)->serverStarts(id)->size(), 1);
        // An export of an old store carries an empty list of profiles.
        const auto exported = exportRun(**store, id);
        QVERIFY(exported.ok());
        QCOMPARE(exported->value(QStringLiteral("profiles")).toArray().size(), 0);
    }
    QCOMPARE(fileBytes(path), before);
    auto opened = RunStore::open(path, Mode::Existing);
    QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : errorText(opened.error())));
    RunStore &store = **opened;
    QCOMPARE(store.schemaVersion(), RunStore::latestSchemaVersion());
    QVERIFY(RunStore::latestSchemaVersion() >= 7);
    checkVersion3TypedColumns(store); // the older rows as they were
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(store.serverStarts(id)->size(), 1);
    QCOMPARE(store.windows(id)->size(), 4);
    QVERIFY(store.profiles(id)->isEmpty());
    const ProfileRecord p = makeProfile(id, QStringLiteral("native"), 0);
    const auto saved = store.insertProfile(p);
    QVERIFY2(saved.ok(), qPrintable(saved.ok() ? QString() : errorText(saved.error())));
    compareProfile(*store.profile(*saved), p, true);
    QVERIFY(store.deleteRun(id).ok());
    QVERIFY(store.profiles(id)->isEmpty());
    RawSqlite raw(path);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM profiles")).toInt(), 0);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT description FROM schema_version WHERE version = 7"))
                 .toString()
                 .contains(QStringLiteral("profile")),
             true);
}

// Folded stacks beyond the limit are refused whole: nothing is written.
void TstRunStore::profileTooLargeIsRefused()
{
    auto opened = RunStore::open(m_dir->filePath(QStringLiteral("toolarge.sqlite")));
    QVERIFY(opened.ok());
    RunStore &store = **opened;
    const QString id = QStringLiteral("20261130-110000-0001");
    QVERIFY(store.createRun(makeRun(id, utc(11, 0, 0, 0))).ok());
    ProfileRecord p = makeProfile(id, QStringLiteral("native"), 0);
    p.folded = QByteArray(kMaxFoldedBytes + 1, 'a');
    const auto refused = store.insertProfile(p);
    QVERIFY(!refused.ok());
    QCOMPARE(sb::qtCode(refused.error()), QStringLiteral("store.write"));
    QVERIFY2(sb::qtDetail(refused.error()).contains(QStringLiteral("64 MiB")),
             qPrintable(sb::qtText(refused.error())));
    QVERIFY(store.profiles(id)->isEmpty());
    p.folded.resize(kMaxFoldedBytes); // exactly the limit is kept
    const auto kept = store.insertProfile(p);
    QVERIFY(kept.ok());
    QCOMPARE(store.profile(*kept)->folded.size(), kMaxFoldedBytes);
}

// A store file from elsewhere whose compressed stacks lie: a header claiming 10 bytes over a
// stream that inflates to 65 MiB, a header claiming 1 GiB, bytes that are not zlib. Each read
// fails with "store.read" and never inflates past the limit; listing still works.
void TstRunStore::hostileStoredProfileIsRefused()
{
    const QString path = m_dir->filePath(QStringLiteral("hostile.sqlite"));
    const QString id = QStringLiteral("20261130-120000-0001");
    qint64 profileId = 0;
    {
        auto opened = RunStore::open(path);
        QVERIFY(opened.ok());
        QVERIFY((*opened)->createRun(makeRun(id, utc(12, 0, 0, 0))).ok());
        const auto saved = (*opened)->insertProfile(makeProfile(id, QStringLiteral("native"), 0));
        QVERIFY(saved.ok());
        profileId = *saved;
    }
    QByteArray bomb = qCompress(QByteArray((qint64(65) << 20), '\0'));
    bomb[0] = 0; // the header now claims 10 bytes
    bomb[1] = 0;
    bomb[2] = 0;
    bomb[3] = 10;
    QByteArray huge = qCompress(QByteArrayLiteral("a;b 1\n"));
    huge[0] = 0x40; // claims 1 GiB
    const QByteArray garbage = QByteArrayLiteral("\0\0\0\x05not a zlib stream at all");
    for (const QByteArray &stored : {bomb, huge, garbage}) {
        {
            RawSqlite raw(path);
            QSqlQuery q(QSqlDatabase::database(QStringLiteral("raw")));
            q.prepare(QStringLiteral("UPDATE profiles SET folded = ? WHERE id = ?"));
            q.addBindValue(stored);
            q.addBindValue(profileId);
            QVERIFY(q.exec());
        }
        auto opened = RunStore::open(path, Mode::ReadOnly);
        QVERIFY(opened.ok());
        const auto read = (*opened)->profile(profileId);
        QVERIFY(!read.ok());
        QCOMPARE(sb::qtCode(read.error()), QStringLiteral("store.read"));
        QVERIFY2(sb::qtDetail(read.error()).contains(QStringLiteral("folded stacks")),
                 qPrintable(sb::qtText(read.error())));
        QCOMPARE((*opened)->profiles(id)->size(), 1); // the list does not inflate anything
    }
}

// A window an import accepts (makeWindow()'s are for the store, which checks nothing).
WindowRecord importableWindow(const QString &runId, const QString &configuration)
{
    WindowRecord w;
    w.runId = runId;
    w.configuration = configuration;
    w.route = QStringLiteral("/hash");
    w.concurrency = 64;
    w.valid = true;
    w.startedAt = utc(13, 1, 0, 0);
    w.elapsedS = 1.5;
    w.requests = 1200;
    w.ok = 1200;
    return w;
}

// Export -> import -> export carries the profiles with their stacks, byte for byte.
void TstRunStore::profileExportImport()
{
    auto from = RunStore::open(m_dir->filePath(QStringLiteral("export-from.sqlite")));
    auto to = RunStore::open(m_dir->filePath(QStringLiteral("export-to.sqlite")));
    QVERIFY(from.ok() && to.ok());
    const QString id = QStringLiteral("20261130-130000-0001");
    RunRecord run = makeRun(id, utc(13, 0, 0, 0));
    run.status = QString(kStatusFinished);
    run.finishedAt = utc(13, 5, 0, 0);
    QVERIFY((*from)->createRun(run).ok());
    QVERIFY((*from)->saveConfiguration({id, QStringLiteral("native"), QJsonObject{}, 0}).ok());
    QVERIFY((*from)->saveWindow(importableWindow(id, QStringLiteral("native"))).ok());
    const ProfileRecord p = makeProfile(id, QStringLiteral("native"), 0);
    QVERIFY((*from)->insertProfile(p).ok());
    const auto document = exportRun(**from, id);
    QVERIFY(document.ok());
    const QJsonArray list = document->value(QStringLiteral("profiles")).toArray();
    QCOMPARE(list.size(), 1);
    // The stream is a plain zlib stream (what Python's zlib.decompress reads): qUncompress of it
    // with qCompress's length header in front gives the text back.
    const QByteArray stream = QByteArray::fromBase64(
        list[0].toObject().value(QStringLiteral("folded_zlib")).toString().toLatin1());
    QByteArray withHeader(4, '\0');
    withHeader[0] = char((p.folded.size() >> 24) & 0xff);
    withHeader[1] = char((p.folded.size() >> 16) & 0xff);
    withHeader[2] = char((p.folded.size() >> 8) & 0xff);
    withHeader[3] = char(p.folded.size() & 0xff);
    QCOMPARE(qUncompress(withHeader + stream), p.folded);
    const auto imported = importRun(**to, exportBytes(*document));
    QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : errorText(imported.error())));
    const auto profiles = (*to)->profiles(id);
    QVERIFY(profiles.ok());
    QCOMPARE(profiles->size(), 1);
    compareProfile(*(*to)->profile(profiles->at(0).id), p, true);
    const auto again = exportRun(**to, id);
    QVERIFY(again.ok());
    QCOMPARE(again->value(QStringLiteral("profiles")), document->value(QStringLiteral("profiles")));
}

void TstRunStore::hostileProfileImportIsRefused_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("says");
    // A zlib stream of 65 MiB of zeros: about 65 KB of base64 that would inflate past the limit.
    const QByteArray bomb = qCompress(QByteArray((qint64(65) << 20), '\0')).mid(4);
    QTest::newRow("bomb") << QStringLiteral("folded_zlib")
                          << QJsonValue(QString::fromLatin1(bomb.toBase64()))
                          << QStringLiteral("$.profiles[0].folded_zlib")
                          << QStringLiteral("more than 64 MiB");
    QTest::newRow("not zlib") << QStringLiteral("folded_zlib")
                              << QJsonValue(QStringLiteral("bm90IHpsaWI="))
                              << QStringLiteral("$.profiles[0].folded_zlib")
                              << QStringLiteral("not compressed folded stacks");
    QTest::newRow("not base64") << QStringLiteral("folded_zlib") << QJsonValue(QStringLiteral("*"))
                                << QStringLiteral("$.profiles[0].folded_zlib")
                                << QStringLiteral("base64");
    QTest::newRow("call graph") << QStringLiteral("call_graph") << QJsonValue(QStringLiteral("lbr"))
                                << QStringLiteral("$.profiles[0].call_graph")
                                << QStringLiteral("\"fp\" or \"dwarf\"");
    QTest::newRow("configuration")
        << QStringLiteral("configuration") << QJsonValue(QStringLiteral("nobody"))
        << QStringLiteral("$.profiles[0].configuration")
        << QStringLiteral("names no configuration");
    QTest::newRow("samples") << QStringLiteral("samples") << QJsonValue(-3)
                             << QStringLiteral("$.profiles[0].samples")
                             << QStringLiteral("out of range");
    QTest::newRow("missing stacks")
        << QStringLiteral("folded_zlib") << QJsonValue()
        << QStringLiteral("$.profiles[0].folded_zlib") << QStringLiteral("is missing");
}

// An export's profile that is hostile or wrong is refused at its JSON path, and nothing of the
// run is left in the store.
void TstRunStore::hostileProfileImportIsRefused()
{
    QFETCH(QString, field);
    QFETCH(QJsonValue, value);
    QFETCH(QString, path);
    QFETCH(QString, says);
    auto from = RunStore::open(m_dir->filePath(QStringLiteral("hostile-from.sqlite")));
    QVERIFY(from.ok());
    const QString id = QStringLiteral("20261130-140000-0001");
    if (!(*from)->run(id).ok()) {
        RunRecord run = makeRun(id, utc(14, 0, 0, 0));
        QVERIFY((*from)->createRun(run).ok());
        QVERIFY((*from)->saveConfiguration({id, QStringLiteral("native"), QJsonObject{}, 0}).ok());
        QVERIFY((*from)->saveWindow(importableWindow(id, QStringLiteral("native"))).ok());
        QVERIFY((*from)->insertProfile(makeProfile(id, QStringLiteral("native"), 0)).ok());
    }
    QJsonObject document = *exportRun(**from, id);
    QJsonArray profiles = document.value(QStringLiteral("profiles")).toArray();
    QJsonObject profile = profiles[0].toObject();
    if (value.isNull())
        profile.remove(field);
    else
        profile.insert(field, value);
    profiles[0] = profile;
    document.insert(QStringLiteral("profiles"), profiles);
    auto to =
        RunStore::open(m_dir->filePath(QStringLiteral("hostile-to-%1.sqlite")
                                           .arg(QString::fromLatin1(QTest::currentDataTag())
                                                    .replace(QLatin1Char(' '), QLatin1Char('-')))));
    QVERIFY(to.ok());
    const auto imported = importRun(**to, document);
    QVERIFY(!imported.ok());
    QCOMPARE(sb::qtCode(imported.error()), QStringLiteral("import.format"));
    QCOMPARE(sb::qtWhere(imported.error()), path);
    QVERIFY2(sb::qtDetail(imported.error()).contains(says),
             qPrintable(sb::qtText(imported.error())));
    QCOMPARE(sb::qtCode((*to)->run(id).error()), QStringLiteral("store.not-found"));
}

// A writer that leaves planName empty (an import of an older export, a hand-made record) gets
// the plan text's name; a name given is kept even when the text says another.
void TstRunStore::planNameFromTextWhenNotGiven()
{
    auto opened = RunStore::open(m_dir->filePath(QStringLiteral("planname.sqlite")));
    QVERIFY(opened.ok());
    RunStore &store = **opened;
    RunRecord unnamed = makeRun(QStringLiteral("20261130-100000-0001"), utc(10, 0, 0, 0));
    unnamed.planName.clear();
    unnamed.planText = QByteArrayLiteral("{\"name\": \"from the text\"}");
    QVERIFY(store.createRun(unnamed).ok());
    QCOMPARE(store.run(unnamed.id)->planName, QStringLiteral("from the text"));
    RunRecord named = unnamed;
    named.id = QStringLiteral("20261130-100000-0002");
    named.planName = QStringLiteral("given");
    QVERIFY(store.createRun(named).ok());
    QCOMPARE(store.run(named.id)->planName, QStringLiteral("given"));
}

void TstRunStore::twoConnectionsShareAFile()
{
    // The runner writes on its thread while the GUI reads on another: two stores, one file.
    const QString path = m_dir->filePath(QStringLiteral("shared.sqlite"));
    auto writer = RunStore::open(path);
    auto reader = RunStore::open(path);
    QVERIFY(writer.ok() && reader.ok());
    const QString id = QStringLiteral("20261130-090000-0004");
    QVERIFY((*writer)->createRun(makeRun(id, utc(9, 0, 0, 0))).ok());
    QVERIFY((*writer)
                ->saveWindow(
                    makeWindow(id, 0, QStringLiteral("A"), QStringLiteral("/"), 8, 0, true, 3, 1))
                .ok());
    QCOMPARE((*reader)->windows(id, true)->size(), 1);
    QCOMPARE((*reader)->windows(id, true)->first().intervals.size(), 3);
    QCOMPARE((*reader)->run(id)->windowCount, 1);
}

void TstRunStore::crashWriterChild()
{
    const QString path = qEnvironmentVariable(kCrashStoreEnv);
    if (path.isEmpty())
        QSKIP("not a test: the child process that crashSafety kills");
    auto opened = RunStore::open(path);
    if (!opened.ok()) {
        std::printf("error %s\n", qPrintable(sb::qtText(opened.error())));
        std::fflush(stdout);
        return;
    }
    RunStore &store = **opened;
    const QString runId = QString::fromLatin1(kCrashRunId);
    if (!store.run(runId).ok()) {
        if (const sb::Status created = store.createRun(makeRun(runId, utc(9, 0, 0, 0)));
            !created.ok()) {
            std::printf("error %s\n", qPrintable(sb::qtText(created.error())));
            std::fflush(stdout);
            return;
        }
    }
    int next = int(store.windows(runId)->size());
    QElapsedTimer timer;
    timer.start();
    // Bounded, so that the child stops by itself if the parent never kills it.
    while (timer.elapsed() < 60000) {
        // Windows of different sizes so that the kill lands inside transactions of all lengths.
        const int intervals = 20 + (next * 37) % 180;
        std::printf("begin %d\n", next + 1);
        std::fflush(stdout);
        const auto saved = store.saveWindow(makeWindow(
            runId, next, QStringLiteral("A"), QStringLiteral("/"), 8, next, true, intervals, next));
        if (!saved.ok()) {
            std::printf("error %s\n", qPrintable(sb::qtText(saved.error())));
            std::fflush(stdout);
            return;
        }
        std::printf("saved %d\n", next + 1);
        std::fflush(stdout);
        ++next;
    }
}

void TstRunStore::crashSafety()
{
    const QString path = m_dir->filePath(QStringLiteral("crash.sqlite"));
    const QString runId = QString::fromLatin1(kCrashRunId);
    int reported = 0;
    int killedInFlight = 0; // kills that landed inside saveWindow()
    const int kills = 5;
    for (int kill = 0; kill < kills; ++kill) {
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QString::fromLatin1(kCrashStoreEnv), path);
        child.setProcessEnvironment(env);
        child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("crashWriterChild")});
        QVERIFY(child.waitForStarted(10000));
        // Wait for at least 10 more committed windows, then SIGKILL at a moment unrelated to
        // the child's progress.
        const int target = reported + 10;
        QElapsedTimer timer;
        timer.start();
        QByteArray pending;
        while (reported < target && timer.elapsed() < 60000) {
            child.waitForReadyRead(200);
            pending += child.readAllStandardOutput();
            qsizetype nl;
            while ((nl = pending.indexOf('\n')) >= 0) {
                const QByteArray line = pending.left(nl).trimmed();
                pending.remove(0, nl + 1);
                QVERIFY2(!line.startsWith("error"), line.constData());
                if (line.startsWith("saved "))
                    reported = qMax(reported, line.mid(6).toInt());
            }
            QVERIFY2(child.state() == QProcess::Running, "the writer exited by itself");
        }
        QVERIFY2(reported >= target, "the writer was too slow");
        QTest::qSleep(int(QRandomGenerator::global()->bounded(1u, 15u)));
        child.kill(); // SIGKILL
        QVERIFY(child.waitForFinished(10000));
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);
        pending += child.readAllStandardOutput();
        QByteArray lastLine;
        for (const QByteArray &line : pending.split('\n')) {
            if (line.startsWith("saved "))
                reported = qMax(reported, line.mid(6).toInt());
            if (!line.isEmpty())
                lastLine = line;
        }
        if (lastLine.startsWith("begin "))
            ++killedInFlight;
        QVERIFY2(QFile::exists(path + QStringLiteral("-wal")), "the writer did not use a WAL");

        // The killed writer left a WAL; the store opens cleanly with only complete windows.
        auto opened = RunStore::open(path);
        QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : sb::qtText(opened.error())));
        const auto windows = (*opened)->windows(runId, true);
        QVERIFY(windows.ok());
        // Every reported window is there; at most one more committed before the kill.
        QVERIFY2(windows->size() >= reported && windows->size() <= reported + 1,
                 qPrintable(
                     QStringLiteral("%1 stored, %2 reported").arg(windows->size()).arg(reported)));
        for (qsizetype i = 0; i < windows->size(); ++i) {
            const WindowRecord &w = windows->at(i);
            QCOMPARE(w.attempt, int(i));
            QCOMPARE(w.intervals.size(), 20 + (i * 37) % 180);
            QCOMPARE(qint64(w.intervals.size()), w.requests);
            QCOMPARE(w.intervals.last().index, int(w.intervals.size() - 1));
            QCOMPARE(w.samples.size(), 3);
            QCOMPARE(w.histogram, blob(int(i), 4096 + int(i)));
        }
        reported = int(windows->size());
        opened = sb::Error{}; // close before the raw check and the next child
        RawSqlite raw(path);
        QCOMPARE(raw.scalar(QStringLiteral("PRAGMA integrity_check")).toString(),
                 QStringLiteral("ok"));
        qDebug() << "kill" << kill << ":" << reported << "complete windows, last line" << lastLine;
    }
    // The writer spends nearly all its time inside saveWindow(), so kills land mid-window.
    QVERIFY2(killedInFlight > 0, "no kill landed inside a window's transaction");
}

void TstRunStore::roundTripPostgres()
{
    if (!QFile::exists(PgCluster::binDir() + QStringLiteral("/initdb")) ||
        !QFile::exists(PgCluster::binDir() + QStringLiteral("/pg_ctl")))
        QSKIP("PostgreSQL 15 binaries are not installed in /usr/lib/postgresql/15/bin");
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        QSKIP("the Qt PostgreSQL driver (QPSQL) is not installed");
    QElapsedTimer timer;
    timer.start();
    const QString failure = startPostgres();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    qDebug() << "cluster up in" << timer.elapsed() << "ms";
    const PgCluster &cluster = *m_pg;

    // The benchmarked stack's own tables may live in the same database.
    const QString rawName = QStringLiteral("raw-pg");
    auto rawExec = [&](const QString &sql) {
        QSqlDatabase db = QSqlDatabase::database(rawName);
        QSqlQuery q(db);
        const bool ok = q.exec(sql);
        if (!ok)
            qWarning() << q.lastError().text();
        return ok;
    };
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), rawName);
        db.setHostName(QStringLiteral("127.0.0.1"));
        db.setPort(QUrl(cluster.url()).port());
        db.setUserName(QStringLiteral("postgres"));
        db.setDatabaseName(QStringLiteral("postgres"));
        QVERIFY2(db.open(), qPrintable(db.lastError().text()));
    }
    auto closeRaw = qScopeGuard([&] {
        QSqlDatabase::database(rawName).close();
        QSqlDatabase::removeDatabase(rawName);
    });
    QVERIFY(rawExec(QStringLiteral("CREATE TABLE users (id BIGINT PRIMARY KEY, name TEXT)")));

    {
        auto store = RunStore::open(cluster.url());
        QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : sb::qtText(store.error())));
        QCOMPARE((*store)->backend(), RunStore::Backend::Postgres);
        QCOMPARE((*store)->schemaVersion(), RunStore::latestSchemaVersion());
        QVERIFY(!(*store)->displayLocation().contains(QStringLiteral("s3cret")));
        QVERIFY((*store)->displayLocation().contains(QStringLiteral("127.0.0.1")));
        roundTrip(**store);
        if (QTest::currentTestFailed())
            return;
        // Errors name the location without the password.
        const sb::Status bad =
            (*store)->finishRun(QStringLiteral("nope"), QString(kStatusFinished));
        QVERIFY(!bad.ok());
        QVERIFY(!sb::qtText(bad.error()).contains(QStringLiteral("s3cret")));
    }
    // Reopen: migrations are not applied twice.
    {
        auto store = RunStore::open(cluster.url());
        QVERIFY(store.ok());
        QCOMPARE((*store)->schemaVersion(), RunStore::latestSchemaVersion());
    }
    QCOMPARE(QSqlDatabase::database(rawName).tables().count(QStringLiteral("schema_version")), 1);
    {
        QSqlQuery q(QSqlDatabase::database(rawName));
        QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*), MAX(version) FROM schema_version")));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), RunStore::latestSchemaVersion());
        QCOMPARE(q.value(1).toInt(), RunStore::latestSchemaVersion());
    }
    // A newer schema fails clearly here too.
    QVERIFY(rawExec(QStringLiteral("INSERT INTO schema_version VALUES (%1, 'future', 'x')")
                        .arg(RunStore::latestSchemaVersion() + 1)));
    const auto newer = RunStore::open(cluster.url());
    QVERIFY(!newer.ok());
    QCOMPARE(sb::qtCode(newer.error()), QStringLiteral("store.too-new"));
    // A wrong database fails clearly, without the password.
    const QString wrong = cluster.url(QStringLiteral("no_such_db"));
    const auto missing = RunStore::open(wrong);
    QVERIFY(!missing.ok());
    QCOMPARE(sb::qtCode(missing.error()), QStringLiteral("store.open"));
    QVERIFY(!sb::qtText(missing.error()).contains(QStringLiteral("s3cret")));
    QVERIFY2(sb::qtDetail(missing.error()).contains(QStringLiteral("no_such_db")),
             qPrintable(sb::qtDetail(missing.error())));
    qDebug() << "postgres test took" << timer.elapsed() << "ms";
}

void TstRunStore::postgresModes()
{
    if (!QFile::exists(PgCluster::binDir() + QStringLiteral("/initdb")) ||
        !QFile::exists(PgCluster::binDir() + QStringLiteral("/pg_ctl")))
        QSKIP("PostgreSQL 15 binaries are not installed in /usr/lib/postgresql/15/bin");
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        QSKIP("the Qt PostgreSQL driver (QPSQL) is not installed");
    const QString failure = startPostgres();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    // Raw connections as the cluster's superuser, to make databases and look inside them.
    auto connect = [&](const QString &name, const QString &database) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
        db.setHostName(QStringLiteral("127.0.0.1"));
        db.setPort(m_pg->port());
        db.setUserName(QStringLiteral("postgres"));
        db.setDatabaseName(database);
        if (!db.open())
            qWarning() << db.lastError().text();
        return db;
    };
    auto closeRaw = qScopeGuard([] {
        for (const char *name : {"pg-admin", "pg-empty", "pg-old"}) {
            QSqlDatabase::database(QLatin1String(name), false).close();
            QSqlDatabase::removeDatabase(QLatin1String(name));
        }
    });
    QSqlDatabase admin = connect(QStringLiteral("pg-admin"), QStringLiteral("postgres"));
    QVERIFY(admin.isOpen());
    for (const char *sql : {"CREATE DATABASE modes_empty", "CREATE DATABASE modes_old"})
        QVERIFY2(QSqlQuery(admin).exec(QLatin1String(sql)), sql);
    auto urlOf = [&](const QString &database) { return m_pg->url(database); };

    // A database without a store: Existing and ReadOnly refuse it and create nothing.
    QSqlDatabase empty = connect(QStringLiteral("pg-empty"), QStringLiteral("modes_empty"));
    QVERIFY(empty.isOpen());
    for (Mode mode : {Mode::Existing, Mode::ReadOnly}) {
        const auto store = RunStore::open(urlOf(QStringLiteral("modes_empty")), mode);
        QVERIFY(!store.ok());
        QCOMPARE(sb::qtCode(store.error()), QStringLiteral("store.missing"));
        QVERIFY(sb::qtWhere(store.error()).contains(QStringLiteral("modes_empty")));
        QVERIFY(!errorText(store.error()).contains(QStringLiteral("s3cret")));
        QCOMPARE(empty.tables(), QStringList());
    }

    // A store of schema version 1: ReadOnly reads it unmigrated, Existing migrates it.
    QSqlDatabase old = connect(QStringLiteral("pg-old"), QStringLiteral("modes_old"));
    QVERIFY(old.isOpen());
    const QString written = writeSchemaVersion1(old, true);
    QVERIFY2(written.isEmpty(), qPrintable(written));
    {
        auto store = RunStore::open(urlOf(QStringLiteral("modes_old")), Mode::ReadOnly);
        QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : errorText(store.error())));
        QCOMPARE((*store)->schemaVersion(), 1);
        checkVersion1Data(**store);
        if (QTest::currentTestFailed())
            return;
        const sb::Status refused =
            (*store)->finishRun(QStringLiteral("20261101-000000-0001"), QString(kStatusFailed));
        QCOMPARE(sb::qtCode(refused.error()), QStringLiteral("store.read-only"));
        // The session itself is read-only (default_transaction_read_only).
        QSqlQuery raw(storeConnection());
        QVERIFY(!raw.exec(QStringLiteral("UPDATE runs SET status = 'failed'")));
        QVERIFY2(raw.lastError().text().contains(QStringLiteral("read-only")),
                 qPrintable(raw.lastError().text()));
    }
    QSqlQuery version(old);
    QVERIFY(version.exec(QStringLiteral("SELECT MAX(version) FROM schema_version")) &&
            version.next());
    QCOMPARE(version.value(0).toInt(), 1);
    version.finish();
    {
        auto store = RunStore::open(urlOf(QStringLiteral("modes_old")), Mode::Existing);
        QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : errorText(store.error())));
        QCOMPARE((*store)->schemaVersion(), RunStore::latestSchemaVersion());
        checkVersion1Data(**store);
        if (QTest::currentTestFailed())
            return;
        const RunRecord run = makeRun(QStringLiteral("20261130-090000-0f0f"), utc(9, 0, 0, 0));
        QVERIFY((*store)->createRun(run).ok());
        compareRun(*(*store)->run(run.id), run);
    }
    // The migrated store reads through ReadOnly at the latest version.
    auto store = RunStore::open(urlOf(QStringLiteral("modes_old")), Mode::ReadOnly);
    QVERIFY(store.ok());
    QCOMPARE((*store)->schemaVersion(), RunStore::latestSchemaVersion());
    QCOMPARE((*store)->runs()->size(), 2);
}

QTEST_GUILESS_MAIN(TstRunStore)
#include "tst_runstore.moc"
