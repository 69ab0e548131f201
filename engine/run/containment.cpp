#include "run/containment.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QThread>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sb::run {

namespace {

QByteArray readSmallFile(const char *path)
{
    QFile f(QString::fromLatin1(path));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

// The cgroup2 mount point from /proc/self/mountinfo ("... - cgroup2 cgroup2 rw").
QByteArray cgroup2Mount()
{
    for (const QByteArray &line : readSmallFile("/proc/self/mountinfo").split('\n')) {
        const qsizetype dash = line.indexOf(" - ");
        if (dash < 0 || !line.mid(dash + 3).startsWith("cgroup2 "))
            continue;
        const QList<QByteArray> fields = line.left(dash).split(' ');
        if (fields.size() >= 5)
            return fields.at(4);
    }
    return {};
}

// This process's cgroup v2 path ("0::/user.slice/..." in /proc/self/cgroup).
QByteArray ownCgroup()
{
    for (const QByteArray &line : readSmallFile("/proc/self/cgroup").split('\n'))
        if (line.startsWith("0::"))
            return line.mid(3).trimmed();
    return {};
}

} // namespace

QString containmentName(Containment c)
{
    switch (c) {
    case Containment::Auto:
        return QStringLiteral("auto");
    case Containment::Cgroup:
        return QStringLiteral("cgroup");
    case Containment::Subreaper:
        return QStringLiteral("subreaper");
    }
    return QStringLiteral("auto");
}

Containment defaultContainment()
{
    const QByteArray forced = qgetenv("STACKBENCH_CONTAINMENT").trimmed().toLower();
    if (forced == "cgroup")
        return Containment::Cgroup;
    if (forced == "subreaper")
        return Containment::Subreaper;
    return Containment::Auto;
}

CgroupDir makeTreeCgroup(int tag)
{
    const QByteArray mount = cgroup2Mount();
    if (mount.isEmpty())
        return {{}, QStringLiteral("no cgroup2 file system is mounted")};
    const QByteArray own = ownCgroup();
    if (own.isEmpty())
        return {{}, QStringLiteral("this process has no cgroup v2 path in /proc/self/cgroup")};
    QByteArray path = mount + (own == "/" ? QByteArray() : own) + "/stackbench-" +
                      QByteArray::number(qint64(::getpid())) + '-' + QByteArray::number(tag);
    if (::mkdir(path.constData(), 0755) != 0)
        return {{},
                QStringLiteral("cannot create %1: %2")
                    .arg(QString::fromLocal8Bit(path), qt_error_string(errno))};
    if (::access((path + "/cgroup.kill").constData(), W_OK) != 0) {
        ::rmdir(path.constData());
        return {{},
                QStringLiteral("%1 has no writable cgroup.kill (Linux 5.14 or later needed)")
                    .arg(QString::fromLocal8Bit(path))};
    }
    return {path, {}};
}

bool removeTreeCgroup(const QByteArray &path)
{
    if (path.isEmpty())
        return true;
    for (int i = 0; i < 100; ++i) {
        if (::rmdir(path.constData()) == 0 || errno == ENOENT)
            return true;
        if (errno != EBUSY)
            return false;
        QThread::msleep(10); // members that were killed are still being torn down
    }
    return false;
}

bool killCgroup(const QByteArray &path)
{
    const int fd = ::open((path + "/cgroup.kill").constData(), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::write(fd, "1", 1) == 1;
    ::close(fd);
    return ok;
}

std::vector<pid_t> cgroupMembers(const QByteArray &path)
{
    std::vector<pid_t> out;
    QFile f(QString::fromLocal8Bit(path + "/cgroup.procs"));
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (const int pid = line.trimmed().toInt(); pid > 0)
            out.push_back(pid_t(pid));
    return out;
}

} // namespace sb::run
