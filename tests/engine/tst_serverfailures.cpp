// What a run says when its server fails, and what it keeps: a server that exits before it is
// ready (its own message in the error and in the store's server log), a server killed
// mid-window (the window's reason names the signal), and a server whose work double-forks away
// from its tree (that process is counted as the server's, under either containment).

#include "core/qterror.h"
#include "run/runner.h"
#include "runplans.h"
#include "store/runstore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

using namespace sb;

class TstServerFailures : public QObject
{
    Q_OBJECT

private:
    sb::test::RunPlans plans() const { return sb::test::RunPlans(m_dir.path(), m_db); }

    // The target configuration `name`, its command run behind `sh -c SCRIPT` (which ends with
    // exec "$0" "$@" to become the target).
    QJsonObject wrapped(const QString &name, const QString &script) const
    {
        return plans().target(name, {QStringLiteral("sh"), QStringLiteral("-c"), script});
    }

    QString write(const QString &name, const QJsonObject &configuration, QJsonArray concurrency,
                  double measureS) const
    {
        return plans().write(
            name, QJsonObject{
                      {QStringLiteral("configurations"), QJsonArray{configuration}},
                      {QStringLiteral("routes"), sb::test::RunPlans::routes(1)},
                      {QStringLiteral("sampler"), QJsonObject{{QStringLiteral("interval_ms"), 200},
                                                              {QStringLiteral("foreign_gate"),
                                                               QStringLiteral("100%machine")}}},
                      {QStringLiteral("profiles"),
                       QJsonObject{{QStringLiteral("quick"),
                                    sb::test::RunPlans::profile(1, concurrency, measureS, 1)}}}});
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("target.sqlite"));
        const QString seeded = sb::test::seedTarget(m_db);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
    }

    // It used to say only "(server exited with code 2)", and server_logs had no row.
    void exitBeforeReadyKeepsItsOutput()
    {
        QJsonObject c = plans().target(QStringLiteral("early"));
        c.insert(QStringLiteral("command"),
                 QJsonArray{QStringLiteral("sh"), QStringLiteral("-c"),
                            QStringLiteral("echo starting up; echo 'bind(0.0.0.0:8080): Address "
                                           "already in use' >&2; exit 2")});
        const QString plan = write(QStringLiteral("early"), c, QJsonArray{1}, 0.3);
        run::Runner runner;
        run::RunOptions options;
        options.planPath = plan;
        options.storeLocation = m_dir.filePath(QStringLiteral("early.sqlite"));
        const auto result = runner.run(options);
        QVERIFY2(result.ok(), qPrintable(sb::test::resultText(result)));
        QCOMPARE(result->blockedConfigurations.size(), 1);
        const QString blocked = result->blockedConfigurations.first();
        QVERIFY2(blocked.contains(QStringLiteral("exited with code 2")) &&
                     blocked.contains(QStringLiteral("Address already in use")),
                 qPrintable(blocked));

        auto store = store::RunStore::open(options.storeLocation);
        QVERIFY(store.ok());
        const auto logs = (*store)->serverLogs(result->runId);
        QVERIFY(logs.ok());
        QCOMPARE(logs->size(), 1);
        QCOMPARE(logs->first().configuration, QStringLiteral("early"));
        QVERIFY(logs->first().stderrBytes.contains("Address already in use"));
        QVERIFY(logs->first().stdoutBytes.contains("starting up"));

        // `check` says the same.
        QStringList report;
        const auto checked = run::Runner().check(options, &report);
        QVERIFY(checked.ok());
        QVERIFY(!*checked);
        QVERIFY2(report.join(QLatin1Char('\n')).contains(QStringLiteral("Address already in use")),
                 qPrintable(report.join(QLatin1Char('\n'))));
    }

    // It used to read "server tree died: running".
    void crashMidWindowNamesTheSignal()
    {
        const QString pidFile = m_dir.filePath(QStringLiteral("crashy.pid"));
        const QString plan =
            write(QStringLiteral("crashy"),
                  wrapped(QStringLiteral("crashy"),
                          QStringLiteral("echo $$ > '%1'; exec \"$0\" \"$@\"").arg(pidFile)),
                  QJsonArray{1}, 1.0);
        sb::test::Recorder recorder;
        bool killed = false;
        recorder.onInterval = [&](const run::IntervalUpdate &e) {
            if (killed || e.phase != run::Phase::Measure)
                return;
            QFile f(pidFile);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const pid_t pid = pid_t(f.readAll().trimmed().toInt());
            QVERIFY(pid > 0);
            killed = ::kill(pid, SIGKILL) == 0;
        };
        run::Runner runner(&recorder);
        run::RunOptions options;
        options.planPath = plan;
        options.storeLocation = m_dir.filePath(QStringLiteral("crashy.sqlite"));
        const auto result = runner.run(options);
        QVERIFY(killed);
        QVERIFY2(result.ok(), qPrintable(sb::test::resultText(result)));
        QVERIFY(!recorder.windows.isEmpty());
        const store::WindowRecord &first = recorder.windows.first();
        QVERIFY(!first.valid);
        QVERIFY2(first.invalidReason.contains(
                     QStringLiteral("server tree died: killed by signal 9 (Killed)")),
                 qPrintable(first.invalidReason));
    }

    void daemonIsTheServers_data()
    {
        QTest::addColumn<QByteArray>("containment"); // STACKBENCH_CONTAINMENT
        QTest::newRow("auto") << QByteArray();
        QTest::newRow("subreaper") << QByteArrayLiteral("subreaper");
    }

    // The server starts a busy loop that double-forks out of its tree: the loop is one of the
    // server's processes in every interval of the window (it used to be foreign CPU while the
    // window read "server 0.00 cores").
    void daemonIsTheServers()
    {
        QFETCH(QByteArray, containment);
        const QByteArray before = qgetenv("STACKBENCH_CONTAINMENT");
        qputenv("STACKBENCH_CONTAINMENT", containment);
        const QString script = QStringLiteral(
            "( setsid /usr/bin/python3 -c 'import time\nend = time.monotonic() + 120\n"
            "while time.monotonic() < end: pass' & ); exec \"$0\" \"$@\"");
        const QString plan = write(QStringLiteral("daemon"),
                                   wrapped(QStringLiteral("daemon"), script), QJsonArray{1}, 1.0);
        sb::test::Recorder recorder;
        run::Runner runner(&recorder);
        run::RunOptions options;
        options.planPath = plan;
        options.storeLocation = m_dir.filePath(
            QStringLiteral("daemon-%1.sqlite").arg(QString::fromLatin1(containment)));
        const auto result = runner.run(options);
        qputenv("STACKBENCH_CONTAINMENT", before);
        QVERIFY2(result.ok(), qPrintable(sb::test::resultText(result)));
        QVERIFY(!recorder.windows.isEmpty());
        const store::WindowRecord &w = recorder.windows.first();
        int intervals = 0;
        for (const store::SampleRecord &s : w.samples)
            if (s.series == QLatin1String("server-processes")) {
                ++intervals;
                QCOMPARE(s.value, 2.0); // the target and the loop
            }
        QVERIFY(intervals > 0);
        QVERIFY2(w.serverCpuS > 0, qPrintable(QString::number(w.serverCpuS)));
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_GUILESS_MAIN(TstServerFailures)
#include "tst_serverfailures.moc"
