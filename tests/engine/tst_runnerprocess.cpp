// Which process runs a stored run (run/runnerprocess.h), and when a stored run may be resumed
// (run::resumeRefusal): a run whose runner is gone is not running.

#include "run/runner.h"
#include "run/runnerprocess.h"

#include <QFile>
#include <QSysInfo>
#include <QTest>
#include <sys/wait.h>
#include <unistd.h>

using namespace sb;

namespace {

// A child that has exited but is not reaped yet (a zombie); reaped by the destructor.
struct Zombie
{
    pid_t pid = ::fork();
    Zombie()
    {
        if (pid == 0)
            ::_exit(0);
    }
    ~Zombie()
    {
        int status = 0;
        ::waitpid(pid, &status, 0);
    }
    bool isZombie() const
    {
        QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!f.open(QIODevice::ReadOnly))
            return false;
        const QByteArray stat = f.readAll();
        return stat.mid(stat.lastIndexOf(')') + 2, 1) == "Z";
    }
};

// A pid that belongs to no process now (a child that was reaped).
pid_t deadPid()
{
    const pid_t pid = ::fork();
    if (pid == 0)
        ::_exit(0);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return pid;
}

store::RunRecord runBy(const run::RunnerIdentity &who, const QString &status)
{
    store::RunRecord r;
    r.id = QStringLiteral("20250101-000000-abcd");
    r.status = status;
    r.runnerPid = who.pid;
    r.runnerHost = who.host;
    r.runnerStart = who.start;
    return r;
}

} // namespace

class TestRunnerProcess : public QObject
{
    Q_OBJECT

private slots:
    void thisProcess()
    {
        const run::RunnerIdentity me = run::thisProcess();
        QCOMPARE(me.pid, qint64(::getpid()));
        QCOMPARE(me.host, QSysInfo::machineHostName());
        // "<boot id>:<start ticks>": the boot id is a UUID, the ticks a number.
        const QStringList parts = me.start.split(QLatin1Char(':'));
        QCOMPARE(parts.size(), 2);
        QCOMPARE(parts[0].size(), 36);
        bool number = false;
        QVERIFY(parts[1].toLongLong(&number) > 0 && number);
        QCOMPARE(run::thisProcess().start, me.start); // stable
    }

    void currentStatus_data()
    {
        QTest::addColumn<int>("who");
        QTest::addColumn<QString>("stored");
        QTest::addColumn<QString>("current");
        enum Who
        {
            Me,
            Dead,
            Reused,
            Zombie,
            OtherHost,
            Unknown
        };
        const QString running = store::kStatusRunning;
        const QString interrupted = store::kStatusInterrupted;
        QTest::newRow("alive") << int(Me) << running << running;
        QTest::newRow("gone") << int(Dead) << running << interrupted;
        QTest::newRow("pid reused by another process") << int(Reused) << running << interrupted;
        QTest::newRow("zombie") << int(Zombie) << running << interrupted;
        QTest::newRow("other host") << int(OtherHost) << running << running;
        QTest::newRow("no runner recorded") << int(Unknown) << running << running;
        QTest::newRow("finished stays")
            << int(Dead) << QString(store::kStatusFinished) << QString(store::kStatusFinished);
        QTest::newRow("incomplete stays")
            << int(Dead) << QString(store::kStatusIncomplete) << QString(store::kStatusIncomplete);
    }

    void currentStatus()
    {
        QFETCH(int, who);
        QFETCH(QString, stored);
        QFETCH(QString, current);
        run::RunnerIdentity id = run::thisProcess();
        std::optional<Zombie> zombie;
        switch (who) {
        case 1:
            id.pid = deadPid();
            break;
        case 2:
            id.start = id.start.section(QLatin1Char(':'), 0, 0) + QStringLiteral(":1");
            break;
        case 3:
            zombie.emplace();
            QTRY_VERIFY(zombie->isZombie());
            id.pid = zombie->pid;
            break;
        case 4:
            id.host = QStringLiteral("not-") + id.host;
            id.pid = deadPid();
            break;
        case 5:
            id = {};
            break;
        default:
            break;
        }
        store::RunRecord r = runBy(id, stored);
        if (who == 3) {
            // Record the zombie's real start so that only its state can tell it has ended.
            QFile f(QStringLiteral("/proc/%1/stat").arg(zombie->pid));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray stat = f.readAll();
            const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
            r.runnerStart = run::thisProcess().start.section(QLatin1Char(':'), 0, 0) +
                            QLatin1Char(':') + QString::fromLatin1(fields.at(19));
        }
        QCOMPARE(run::currentStatus(r), current);
    }

    void resumeRefusal_data()
    {
        QTest::addColumn<int>("who");
        QTest::addColumn<QString>("stored");
        QTest::addColumn<bool>("force");
        QTest::addColumn<QString>("refusal"); // empty: may be resumed
        const QString running = store::kStatusRunning;
        QTest::newRow("running here") << 0 << running << true << QStringLiteral("still running");
        QTest::newRow("runner gone") << 1 << running << false << QString();
        QTest::newRow("interrupted")
            << 1 << QString(store::kStatusInterrupted) << false << QString();
        QTest::newRow("incomplete") << 0 << QString(store::kStatusIncomplete) << false << QString();
        QTest::newRow("failed") << 0 << QString(store::kStatusFailed) << false << QString();
        QTest::newRow("finished") << 1 << QString(store::kStatusFinished) << true
                                  << QStringLiteral("already finished");
        QTest::newRow("other host") << 2 << running << false << QStringLiteral("--force");
        QTest::newRow("other host, forced") << 2 << running << true << QString();
        QTest::newRow("no runner recorded") << 3 << running << false << QString();
    }

    void resumeRefusal()
    {
        QFETCH(int, who);
        QFETCH(QString, stored);
        QFETCH(bool, force);
        QFETCH(QString, refusal);
        run::RunnerIdentity id = run::thisProcess();
        if (who == 1)
            id.pid = deadPid();
        if (who == 2)
            id.host = QStringLiteral("not-") + id.host;
        if (who == 3)
            id = {};
        const std::optional<QString> why = run::resumeRefusal(runBy(id, stored), force);
        if (refusal.isEmpty()) {
            QVERIFY2(!why, qPrintable(why.value_or(QString())));
        } else {
            QVERIFY(why);
            QVERIFY2(why->contains(refusal), qPrintable(*why));
        }
    }
};

QTEST_GUILESS_MAIN(TestRunnerProcess)
#include "tst_runnerprocess.moc"
