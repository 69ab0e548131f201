// Tests for sb::run::environmentRecord, runEnvironment and fileHashes: every documented key with
// values checked against the kernel's own files, the somaxconn warning, SHA-256 of the plan and its
// "@file" bodies.

#include "plan/planloader.h"
#include "run/environment.h"
#include "version.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <sys/utsname.h>
#include <unistd.h>

namespace {

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString sha256Of(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QStringList somaxconnWarnings(const QStringList &warnings)
{
    QStringList out;
    for (const QString &w : warnings)
        if (w.contains(QStringLiteral("somaxconn")))
            out << w;
    return out;
}

} // namespace

class TstEnvironment : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("bodies")));
        m_body = QByteArray("{\"name\":\"Ann\",\"email\":\"a@b.c\",\"age\":3,\"tags\":[]}\n");
        QVERIFY(writeFile(m_dir.filePath(QStringLiteral("bodies/user.json")), m_body));
        m_planText = QByteArray(R"({
  "format": 1,
  "name": "env",
  "configurations": [ { "name": "a", "command": ["server"], "port": 9000 } ],
  "routes": [
    { "name": "root", "path": "/" },
    { "name": "echo", "method": "POST", "path": "/echo", "body": "@bodies/user.json" }
  ],
  "profiles": { "quick": { "concurrency": [1, 64] } }
}
)");
        m_planPath = m_dir.filePath(QStringLiteral("plan.json"));
        QVERIFY(writeFile(m_planPath, m_planText));
        sb::plan::PlanLoad load = sb::plan::loadPlan(m_planPath);
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        m_plan = *load.plan;
    }

    void record()
    {
        QStringList warnings;
        const QDateTime before = QDateTime::currentDateTimeUtc().addMSecs(-1);
        const QJsonObject r =
            sb::run::environmentRecord(m_plan, QStringLiteral("quick"), 64, &warnings);
        const QDateTime after = QDateTime::currentDateTimeUtc().addMSecs(1);
        qDebug().noquote() << QJsonDocument(r).toJson(QJsonDocument::Indented);
        qDebug() << "warnings:" << warnings;

        for (const char *key :
             {"os", "kernel", "arch", "cpu_model", "cores", "memory_bytes", "somaxconn",
              "max_concurrency", "hostname", "stackbench_version", "git_revision", "qt_version",
              "plan_path", "plan_sha256", "profile", "started_at", "loadavg_at_start"})
            QVERIFY2(r.contains(QLatin1String(key)), key);

        QVERIFY(!r.value(QStringLiteral("os")).toString().isEmpty());
        struct utsname u
        {};
        QCOMPARE(::uname(&u), 0);
        const QString kernel = r.value(QStringLiteral("kernel")).toString();
        QVERIFY(kernel.startsWith(QString::fromUtf8(u.release) + QLatin1Char(' ')));
        QVERIFY(kernel.endsWith(QString::fromUtf8(u.version)));
        QCOMPARE(r.value(QStringLiteral("arch")).toString(), QString::fromUtf8(u.machine));
        if (readFile(QStringLiteral("/proc/cpuinfo")).contains("model name"))
            QVERIFY(!r.value(QStringLiteral("cpu_model")).toString().isEmpty());

        const int cores = r.value(QStringLiteral("cores")).toInt();
        const int procCount = int(readFile(QStringLiteral("/proc/cpuinfo")).count("processor\t"));
        QVERIFY2(cores > 0 && (cores == QThread::idealThreadCount() || cores == procCount),
                 qPrintable(QString::number(cores)));

        const qint64 memory = r.value(QStringLiteral("memory_bytes")).toInteger();
        const qint64 physical = qint64(::sysconf(_SC_PHYS_PAGES)) * ::sysconf(_SC_PAGESIZE);
        QVERIFY(memory > 0);
        QVERIFY2(memory >= physical * 9 / 10 && memory <= physical * 11 / 10,
                 qPrintable(QStringLiteral("%1 vs %2").arg(memory).arg(physical)));

        const int somaxconn = r.value(QStringLiteral("somaxconn")).toInt();
        QVERIFY(somaxconn > 0);
        QCOMPARE(somaxconn,
                 readFile(QStringLiteral("/proc/sys/net/core/somaxconn")).trimmed().toInt());
        QCOMPARE(r.value(QStringLiteral("max_concurrency")).toInt(), 64);

        const QByteArray governor =
            readFile(QStringLiteral("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"))
                .trimmed();
        QCOMPARE(r.contains(QStringLiteral("cpu_governor")), !governor.isEmpty());
        if (!governor.isEmpty())
            QVERIFY(r.value(QStringLiteral("cpu_governor"))
                        .toString()
                        .contains(QString::fromUtf8(governor)));

        QCOMPARE(r.value(QStringLiteral("hostname")).toString(), QSysInfo::machineHostName());
        QCOMPARE(r.value(QStringLiteral("stackbench_version")).toString(),
                 QString::fromUtf8(sb::kVersion));
        QVERIFY(!r.value(QStringLiteral("stackbench_version")).toString().isEmpty());
        QCOMPARE(r.value(QStringLiteral("git_revision")).toString(),
                 QString::fromUtf8(sb::kGitRevision));
        QCOMPARE(r.value(QStringLiteral("qt_version")).toString(), QString::fromUtf8(qVersion()));
        QCOMPARE(r.value(QStringLiteral("plan_path")).toString(), m_planPath);
        QCOMPARE(r.value(QStringLiteral("plan_sha256")).toString(), sha256Of(m_planText));
        QCOMPARE(r.value(QStringLiteral("profile")).toString(), QStringLiteral("quick"));
        const QDateTime started =
            QDateTime::fromString(r.value(QStringLiteral("started_at")).toString(), Qt::ISODate);
        QVERIFY(started.isValid());
        QCOMPARE(started.timeSpec(), Qt::UTC);
        QVERIFY(started >= before && started <= after);

        // Default somaxconn is 4096 on current kernels; 64 connections fit.
        if (somaxconn >= 64)
            QVERIFY2(somaxconnWarnings(warnings).isEmpty(), qPrintable(warnings.join(u'\n')));
    }

    // The load at the run's start, as /proc/loadavg says it: the three averages, each the value
    // read just before or just after the record (the kernel updates them every 5 s).
    void loadAverageAtStart()
    {
        const auto averages = [] {
            QList<double> out;
            const QList<QByteArray> fields =
                readFile(QStringLiteral("/proc/loadavg")).simplified().split(' ');
            for (int i = 0; i < 3 && i < fields.size(); ++i)
                out << fields[i].toDouble();
            return out;
        };
        const QList<double> before = averages();
        if (before.size() != 3)
            QSKIP("/proc/loadavg is not readable");
        const QJsonObject r =
            sb::run::environmentRecord(m_plan, QStringLiteral("quick"), 1, nullptr);
        const QList<double> after = averages();
        const QJsonArray load = r.value(QStringLiteral("loadavg_at_start")).toArray();
        QCOMPARE(load.size(), 3);
        for (int i = 0; i < 3; ++i) {
            QVERIFY(load[i].isDouble());
            const double v = load[i].toDouble();
            QVERIFY2(v == before[i] || v == after[i],
                     qPrintable(QStringLiteral("%1: %2 not %3 or %4")
                                    .arg(i)
                                    .arg(v)
                                    .arg(before[i])
                                    .arg(after[i])));
        }
    }

    void somaxconnWarning_data()
    {
        QTest::addColumn<int>("concurrency");
        QTest::addColumn<bool>("warns");
        QTest::newRow("1") << 1 << false;
        QTest::newRow("huge") << 50000000 << true;
    }

    void somaxconnWarning()
    {
        QFETCH(int, concurrency);
        QFETCH(bool, warns);
        const int somaxconn =
            readFile(QStringLiteral("/proc/sys/net/core/somaxconn")).trimmed().toInt();
        if (somaxconn <= 0)
            QSKIP("net.core.somaxconn is not readable");
        QStringList warnings;
        sb::run::environmentRecord(m_plan, QStringLiteral("quick"), concurrency, &warnings);
        const QStringList found = somaxconnWarnings(warnings);
        QCOMPARE(found.size(), warns ? 1 : 0);
        if (warns) {
            QVERIFY2(found.first().contains(QString::number(somaxconn)) &&
                         found.first().contains(QString::number(concurrency)),
                     qPrintable(found.first()));
        }
        // Without a list to fill, nothing breaks.
        QVERIFY(!sb::run::environmentRecord(m_plan, QStringLiteral("quick"), concurrency, nullptr)
                     .isEmpty());
    }

    // What every stored run gets, a plan's run and a kept quick test alike: the machine's
    // record and the sleep inhibitor's state.
    void runEnvironment()
    {
        const QJsonObject machine =
            sb::run::environmentRecord(m_plan, QStringLiteral("quick"), 4, nullptr);
        const QJsonObject run = sb::run::runEnvironment(
            m_plan, QStringLiteral("quick"), 4, QStringLiteral("unavailable: no bus"), nullptr);
        QCOMPARE(run.value(QStringLiteral("sleep_inhibitor")).toString(),
                 QStringLiteral("unavailable: no bus"));
        QStringList keys = machine.keys();
        keys << QStringLiteral("sleep_inhibitor");
        keys.sort();
        QCOMPARE(run.keys(), keys);
        for (const QString &key : machine.keys())
            if (key != QLatin1String("started_at"))
                QCOMPARE(run.value(key), machine.value(key));
    }

    void hashes()
    {
        const QJsonObject h = sb::run::fileHashes(m_plan);
        const QString bodyPath = m_dir.filePath(QStringLiteral("bodies/user.json"));
        QCOMPARE(h.size(), 2);
        QCOMPARE(h.value(m_planPath).toString(), sha256Of(m_planText));
        QCOMPARE(h.value(bodyPath).toString(), sha256Of(m_body));
    }

    void unreadableFile()
    {
        sb::plan::Plan plan = m_plan;
        const QString missing = m_dir.filePath(QStringLiteral("gone.json"));
        plan.referencedFiles << missing;
        const QJsonObject h = sb::run::fileHashes(plan);
        QCOMPARE(h.size(), 3);
        QVERIFY2(h.value(missing).toString().startsWith(QStringLiteral("unreadable: ")),
                 qPrintable(h.value(missing).toString()));
    }

    void planFromMemory()
    {
        sb::plan::Plan plan = m_plan;
        plan.filePath.clear();
        plan.referencedFiles.clear();
        QVERIFY(sb::run::fileHashes(plan).isEmpty());
    }

private:
    QTemporaryDir m_dir;
    QByteArray m_body;
    QByteArray m_planText;
    QString m_planPath;
    sb::plan::Plan m_plan;
};

QTEST_GUILESS_MAIN(TstEnvironment)
#include "tst_environment.moc"
