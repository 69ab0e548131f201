#include "store/runstatus.h"

#include <QFile>
#include <QSysInfo>
#include <unistd.h>

namespace sb::store {

namespace {

// "<boot id>:<start ticks>" of process `pid`, or empty when it does not exist or has ended
// (a zombie is a process that ended and waits for its parent to reap it).
QString startOf(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return QString();
    const QByteArray line = stat.readAll();
    // Field 22 (starttime) counts from the ')' that ends the command name, which may hold blanks.
    const qsizetype close = line.lastIndexOf(')');
    if (close < 0)
        return QString();
    const QList<QByteArray> fields = line.mid(close + 2).split(' ');
    if (fields.size() < 20 || fields.at(0) == "Z" || fields.at(0) == "X")
        return QString();
    QFile boot(QStringLiteral("/proc/sys/kernel/random/boot_id"));
    const QByteArray bootId = boot.open(QIODevice::ReadOnly) ? boot.readAll().trimmed() : "?";
    return QString::fromLatin1(bootId + ':' + fields.at(19));
}

} // namespace

RunnerIdentity thisRunner()
{
    const qint64 pid = qint64(::getpid());
    return RunnerIdentity{pid, QSysInfo::machineHostName(), startOf(pid)};
}

QString currentStatus(const RunRecord &run)
{
    if (run.status != kStatusRunning || run.runnerPid <= 0)
        return run.status;
    if (run.runnerHost != QSysInfo::machineHostName())
        return run.status;
    const QString start = startOf(run.runnerPid);
    if (start.isEmpty() || start != run.runnerStart)
        return kStatusInterrupted;
    return run.status;
}

} // namespace sb::store
