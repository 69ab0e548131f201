// Tests of `stackbench sample`: runs the built binary against burner processes this test starts.
// CPU figures are compared with the kernel's accounting of the burner (/proc/PID/stat), never
// with a fixed expectation, because the machine is shared.

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>
#include <cmath>
#include <signal.h>
#include <unistd.h>

namespace {

const QString kBin = QStringLiteral(STACKBENCH_BIN);

// utime + stime + cutime + cstime of one process in seconds, -1 when gone.
double kernelCpuS(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray text = f.readAll();
    const qsizetype close = text.lastIndexOf(')');
    if (close < 0)
        return -1;
    const QList<QByteArray> fields = text.mid(close + 2).split(' ');
    if (fields.size() < 15)
        return -1;
    // fields[0] is field 3 (state): utime..cstime are fields 14..17.
    double ticks = 0;
    for (int i = 11; i <= 14; ++i)
        ticks += fields[i].toDouble();
    return ticks / double(sysconf(_SC_CLK_TCK));
}

struct Burner
{
    QProcess process;
    Burner(const QString &script = QStringLiteral("while :; do :; done"))
    {
        process.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script});
        process.waitForStarted();
    }
    ~Burner()
    {
        process.kill();
        process.waitForFinished();
    }
    qint64 pid() const { return process.processId(); }
};

} // namespace

class TstSampleCli : public QObject
{
    Q_OBJECT

private slots:
    void json();
    void text();
    void interrupt();
    void interruptAfterFirstInterval();
    void rootExits();
    void errors_data();
    void errors();
};

void TstSampleCli::json()
{
    Burner burner;
    QVERIFY(burner.pid() > 0);
    QProcess p;
    const double before = kernelCpuS(burner.pid());
    QElapsedTimer wall;
    wall.start();
    p.start(kBin, {QStringLiteral("sample"), QStringLiteral("--pid"), QString::number(burner.pid()),
                   QStringLiteral("--interval"), QStringLiteral("200ms"),
                   QStringLiteral("--duration"), QStringLiteral("2s"), QStringLiteral("--json")});
    QVERIFY(p.waitForFinished(30000));
    const double wallS = double(wall.elapsed()) / 1000.0;
    const double after = kernelCpuS(burner.pid());
    QCOMPARE(p.exitCode(), 0);
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(p.readAllStandardOutput(), &err);
    QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(err.errorString()));
    const QJsonObject root = doc.object();
    QCOMPARE(root.value(QLatin1String("pid")).toInteger(), burner.pid());
    const QJsonObject summary = root.value(QLatin1String("summary")).toObject();
    const QJsonObject series = root.value(QLatin1String("series")).toObject();
    for (const char *key : {"server_cpu_s", "server_cores_mean", "foreign_pct_mean",
                            "rss_bytes_peak", "pss_bytes_peak", "events"})
        QVERIFY2(summary.contains(QLatin1String(key)), key);

    const double cpuS = summary.value(QLatin1String("server_cpu_s")).toDouble();
    const double durationS = summary.value(QLatin1String("duration_s")).toDouble();
    // The window lasts the duration; how late its end came is reported.
    qInfo("window %.3f s of the 2 s asked, inside a run of %.3f s", durationS, wallS);
    QVERIFY2(durationS >= 2.0 - 0.002 && durationS <= wallS,
             qPrintable(QString::number(durationS)));
    // The window is inside the process's run, so it saw at most what the kernel counted over
    // the whole run; and at least all but what the burner (one thread, so at most one core)
    // can have used outside the window, however the machine shared its cores meanwhile.
    const double kernelS = after - before;
    QVERIFY2(cpuS <= kernelS + 0.02,
             qPrintable(QStringLiteral("sampler %1 CPU-s, kernel %2").arg(cpuS).arg(kernelS)));
    QVERIFY2(cpuS >= kernelS - (wallS - durationS) - 0.02,
             qPrintable(QStringLiteral("sampler %1 CPU-s in %2 s, kernel %3 CPU-s in %4 s")
                            .arg(cpuS)
                            .arg(durationS)
                            .arg(kernelS)
                            .arg(wallS)));
    QVERIFY(cpuS > 0.05);
    QVERIFY(std::abs(summary.value(QLatin1String("server_cores_mean")).toDouble() -
                     cpuS / durationS) < 1e-6);

    const QJsonArray cores = series.value(QLatin1String("server_cores")).toArray();
    const QJsonArray cpu = series.value(QLatin1String("server_cpu_s")).toArray();
    const QJsonArray rss = series.value(QLatin1String("rss_bytes")).toArray();
    const QJsonArray pss = series.value(QLatin1String("pss_bytes")).toArray();
    const QJsonArray foreign = series.value(QLatin1String("foreign_pct")).toArray();
    QCOMPARE(cores.size(), summary.value(QLatin1String("samples")).toInteger());
    // One interval per 200 ms, but a deadline missed on a busy machine folds two into one: the
    // intervals tile the window whatever their number.
    const QJsonArray starts = series.value(QLatin1String("t_start_s")).toArray();
    const QJsonArray ends = series.value(QLatin1String("t_end_s")).toArray();
    QVERIFY2(cores.size() >= 2 && cores.size() <= 11, qPrintable(QString::number(cores.size())));
    QCOMPARE(starts.size(), cores.size());
    QCOMPARE(ends.size(), cores.size());
    QCOMPARE(starts.first().toDouble(), 0.0);
    for (qsizetype i = 1; i < starts.size(); ++i)
        QCOMPARE(starts[i].toDouble(), ends[i - 1].toDouble());
    QVERIFY(std::abs(ends.last().toDouble() - durationS) < 1e-6);
    QCOMPARE(cpu.size(), cores.size());
    QCOMPARE(foreign.size(), cores.size());
    double sum = 0, rssPeak = 0, pssPeak = 0;
    for (qsizetype i = 0; i < cpu.size(); ++i) {
        sum += cpu[i].toDouble();
        rssPeak = std::max(rssPeak, rss[i].toDouble());
        pssPeak = std::max(pssPeak, pss[i].toDouble());
        QVERIFY(foreign[i].toDouble() >= 0);
    }
    QVERIFY(std::abs(sum - cpuS) < 1e-3);
    QCOMPARE(summary.value(QLatin1String("rss_bytes_peak")).toDouble(), rssPeak);
    QCOMPARE(summary.value(QLatin1String("pss_bytes_peak")).toDouble(), pssPeak);
    QVERIFY(rssPeak > 0);
    QVERIFY(pssPeak > 0 && pssPeak <= rssPeak);
    QVERIFY(summary.value(QLatin1String("events")).toArray().isEmpty());
}

void TstSampleCli::text()
{
    Burner burner;
    QProcess p;
    p.start(kBin, {QStringLiteral("sample"), QStringLiteral("--pid"), QString::number(burner.pid()),
                   QStringLiteral("--interval"), QStringLiteral("250ms"),
                   QStringLiteral("--duration"), QStringLiteral("1s")});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    static const QRegularExpression summary(QStringLiteral("s, (\\d+) intervals\n"));
    const QRegularExpressionMatch m = summary.match(out);
    QVERIFY2(m.hasMatch(), qPrintable(out));
    int intervalLines = 0;
    for (const QString &line : out.split(QLatin1Char('\n'))) {
        if (line.contains(QLatin1String(" cores ")) && line.contains(QLatin1String("rss")) &&
            line.contains(QLatin1String("pss")) && line.contains(QLatin1String("foreign")) &&
            line.contains(QLatin1String("excluded")) && line.contains(QLatin1String("own")))
            ++intervalLines;
    }
    // 1 s at 250 ms: four intervals, a fifth when the end came late (a busy machine); one line
    // for each interval the summary counts.
    QVERIFY2(intervalLines >= 4 && intervalLines == m.captured(1).toInt(), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("summary for process tree %1").arg(burner.pid())),
             qPrintable(out));
}

// Reads the process's output until `needle` appears on the channel; false when it ends first or
// after 20 s.
bool waitForText(QProcess &p, QProcess::ProcessChannel channel, const QByteArray &needle,
                 QByteArray &seen)
{
    p.setReadChannel(channel);
    for (int i = 0; i < 200 && !seen.contains(needle); ++i) {
        p.waitForReadyRead(100);
        seen += channel == QProcess::StandardOutput ? p.readAllStandardOutput()
                                                    : p.readAllStandardError();
        if (p.state() != QProcess::Running)
            break;
    }
    return seen.contains(needle);
}

// Ctrl-C ends the window early and still prints the summary. The command says when it samples
// (a line on stderr): the signal goes after it, never after a guessed sleep.
void TstSampleCli::interrupt()
{
    Burner burner;
    QProcess p;
    p.start(kBin, {QStringLiteral("sample"), QStringLiteral("--pid"), QString::number(burner.pid()),
                   QStringLiteral("--interval"), QStringLiteral("100ms"),
                   QStringLiteral("--duration"), QStringLiteral("2m"), QStringLiteral("--json")});
    QByteArray err;
    QVERIFY2(
        waitForText(p, QProcess::StandardError, "stackbench sample: sampling process tree", err),
        err.constData());
    ::kill(pid_t(p.processId()), SIGINT);
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
    const QJsonObject summary = QJsonDocument::fromJson(p.readAllStandardOutput())
                                    .object()
                                    .value(QLatin1String("summary"))
                                    .toObject();
    QVERIFY(summary.contains(QLatin1String("duration_s")));
    const double durationS = summary.value(QLatin1String("duration_s")).toDouble();
    QVERIFY2(durationS >= 0 && durationS < 60, qPrintable(QString::number(durationS)));
}

// The same in text: after the first interval line, Ctrl-C still prints the summary, which
// counts that interval.
void TstSampleCli::interruptAfterFirstInterval()
{
    Burner burner;
    QProcess p;
    p.start(kBin, {QStringLiteral("sample"), QStringLiteral("--pid"), QString::number(burner.pid()),
                   QStringLiteral("--interval"), QStringLiteral("100ms"),
                   QStringLiteral("--duration"), QStringLiteral("2m")});
    QByteArray out;
    QVERIFY2(waitForText(p, QProcess::StandardOutput, " cores  rss ", out), out.constData());
    ::kill(pid_t(p.processId()), SIGINT);
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
    out += p.readAllStandardOutput();
    static const QRegularExpression intervals(QStringLiteral("s, (\\d+) intervals\n"));
    const QRegularExpressionMatch m = intervals.match(QString::fromUtf8(out));
    QVERIFY2(m.hasMatch(), out.constData());
    QVERIFY(m.captured(1).toInt() >= 1);
}

// When the whole tree has gone the command ends early with a root-exited event.
void TstSampleCli::rootExits()
{
    Burner shortLived(QStringLiteral("sleep 1"));
    QProcess p;
    p.start(kBin,
            {QStringLiteral("sample"), QStringLiteral("--pid"), QString::number(shortLived.pid()),
             QStringLiteral("--interval"), QStringLiteral("100ms"), QStringLiteral("--duration"),
             QStringLiteral("60s"), QStringLiteral("--json")});
    QVERIFY(p.waitForFinished(20000));
    QCOMPARE(p.exitCode(), 0);
    const QJsonObject summary = QJsonDocument::fromJson(p.readAllStandardOutput())
                                    .object()
                                    .value(QLatin1String("summary"))
                                    .toObject();
    QVERIFY(summary.value(QLatin1String("root_exited")).toBool());
    QVERIFY(summary.value(QLatin1String("duration_s")).toDouble() < 10);
    bool found = false;
    for (const QJsonValue &e : summary.value(QLatin1String("events")).toArray())
        found |=
            e.toObject().value(QLatin1String("kind")).toString() == QLatin1String("root-exited");
    QVERIFY(found);
}

void TstSampleCli::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no such pid") << QStringList{QStringLiteral("--pid"), QStringLiteral("PIDX")}
                                 << "does not exist";
    QTest::newRow("missing pid") << QStringList{} << "--pid is required";
    QTest::newRow("pid not a number") << QStringList{QStringLiteral("--pid"), QStringLiteral("abc")}
                                      << "--pid: \"abc\" is not a whole number";
    QTest::newRow("interval too short")
        << QStringList{QStringLiteral("--pid"), QStringLiteral("1"), QStringLiteral("--interval"),
                       QStringLiteral("50ms")}
        << "--interval";
    QTest::newRow("zero duration")
        << QStringList{QStringLiteral("--pid"), QStringLiteral("1"), QStringLiteral("--duration"),
                       QStringLiteral("0s")}
        << "--duration";
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--bogus")} << "bogus";
    QTest::newRow("interval above a minute")
        << QStringList{QStringLiteral("--pid"), QStringLiteral("1"), QStringLiteral("--interval"),
                       QStringLiteral("1h")}
        << "--interval: must be at most 60 s";
    QTest::newRow("duration beyond a day")
        << QStringList{QStringLiteral("--pid"), QStringLiteral("1"), QStringLiteral("--duration"),
                       QStringLiteral("1e10")}
        << "--duration: must be at most 1 day, not \"1e10\"";
    QTest::newRow("empty exclude") << QStringList{QStringLiteral("--pid"), QStringLiteral("1"),
                                                  QStringLiteral("--exclude"), QString()}
                                   << "--exclude: needs a value";
}

// Bad input: exit code 2 and one line on stderr saying why.
void TstSampleCli::errors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    // A PID that cannot exist: above the kernel's pid_max.
    QFile pidMax(QStringLiteral("/proc/sys/kernel/pid_max"));
    QVERIFY(pidMax.open(QIODevice::ReadOnly));
    const qint64 impossible = pidMax.readAll().trimmed().toLongLong() + 1;
    QVERIFY(impossible > 1);
    for (QString &a : args) {
        if (a == QLatin1String("PIDX"))
            a = QString::number(impossible);
    }
    QProcess p;
    p.start(kBin, QStringList{QStringLiteral("sample")} + args);
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitCode(), 2);
    const QString err = QString::fromUtf8(p.readAllStandardError()).trimmed();
    QVERIFY2(err.contains(expected), qPrintable(err));
    QVERIFY2(!err.contains(QLatin1Char('\n')), qPrintable(err));
    QVERIFY(p.readAllStandardOutput().isEmpty());
}

QTEST_GUILESS_MAIN(TstSampleCli)
#include "tst_samplecli.moc"
