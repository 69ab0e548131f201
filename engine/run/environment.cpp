#include "run/environment.h"

#include "version.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QSysInfo>
#include <sys/utsname.h>
#include <unistd.h>

namespace sb::run {

namespace {

// A small text file from /proc, /sys or /etc; empty when unreadable.
QByteArray readSmallFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.read(1 << 20);
}

QString osPrettyName()
{
    for (const QString &path :
         {QStringLiteral("/etc/os-release"), QStringLiteral("/usr/lib/os-release")}) {
        const QList<QByteArray> lines = readSmallFile(path).split('\n');
        for (const QByteArray &line : lines) {
            if (!line.startsWith("PRETTY_NAME="))
                continue;
            QByteArray value = line.mid(12).trimmed();
            if (value.size() >= 2 && (value.startsWith('"') || value.startsWith('\'')))
                value = value.mid(1, value.size() - 2);
            return QString::fromUtf8(value);
        }
    }
    return QSysInfo::prettyProductName();
}

QString cpuModel()
{
    const QList<QByteArray> lines = readSmallFile(QStringLiteral("/proc/cpuinfo")).split('\n');
    // x86 says "model name"; some ARM kernels only say "Hardware" or "Processor".
    for (const char *key : {"model name", "Hardware", "Processor", "cpu model"}) {
        for (const QByteArray &line : lines) {
            const qsizetype colon = line.indexOf(':');
            if (colon > 0 && line.left(colon).trimmed() == key)
                return QString::fromUtf8(line.mid(colon + 1).trimmed());
        }
    }
    return QString();
}

qint64 memoryBytes()
{
    const QList<QByteArray> lines = readSmallFile(QStringLiteral("/proc/meminfo")).split('\n');
    for (const QByteArray &line : lines) {
        if (line.startsWith("MemTotal:")) {
            const QList<QByteArray> parts = line.mid(9).simplified().split(' ');
            if (!parts.isEmpty())
                return parts.first().toLongLong() * 1024; // the kernel writes kB (KiB)
        }
    }
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long pageSize = ::sysconf(_SC_PAGESIZE);
    return pages > 0 && pageSize > 0 ? qint64(pages) * pageSize : 0;
}

// The 1, 5 and 15 minute load averages ("0.52 0.61 0.70 2/311 4242"); empty when unreadable.
QJsonArray loadAverages()
{
    const QList<QByteArray> fields =
        readSmallFile(QStringLiteral("/proc/loadavg")).simplified().split(' ');
    QJsonArray out;
    for (qsizetype i = 0; i < 3 && i < fields.size(); ++i) {
        bool ok = false;
        const double v = fields[i].toDouble(&ok);
        if (!ok)
            return {};
        out.append(v);
    }
    return out.size() == 3 ? out : QJsonArray();
}

// The governors of all CPUs, deduplicated and in CPU order ("performance", or
// "powersave,performance" on a mixed machine); empty when cpufreq is absent.
QString cpuGovernor()
{
    QStringList governors;
    const QDir cpus(QStringLiteral("/sys/devices/system/cpu"));
    const QStringList names = cpus.entryList({QStringLiteral("cpu*")}, QDir::Dirs, QDir::Name);
    for (const QString &name : names) {
        bool numeric = false;
        name.mid(3).toInt(&numeric);
        if (!numeric)
            continue;
        const QString g = QString::fromUtf8(
            readSmallFile(cpus.filePath(name + QStringLiteral("/cpufreq/scaling_governor")))
                .trimmed());
        if (!g.isEmpty() && !governors.contains(g))
            governors << g;
    }
    return governors.join(QLatin1Char(','));
}

QString hashFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("unreadable: ") + f.errorString();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!hash.addData(&f))
        return QStringLiteral("unreadable: ") + f.errorString();
    return QString::fromLatin1(hash.result().toHex());
}

} // namespace

QJsonObject environmentRecord(const plan::Plan &plan, const QString &profile, int maxConcurrency,
                              QStringList *warnings)
{
    QJsonObject r;
    r.insert(QStringLiteral("os"), osPrettyName());
    struct utsname u
    {};
    if (::uname(&u) == 0) {
        r.insert(QStringLiteral("kernel"),
                 QString::fromUtf8(u.release) + QLatin1Char(' ') + QString::fromUtf8(u.version));
        r.insert(QStringLiteral("arch"), QString::fromUtf8(u.machine));
    } else {
        r.insert(QStringLiteral("kernel"), QSysInfo::kernelVersion());
        r.insert(QStringLiteral("arch"), QSysInfo::currentCpuArchitecture());
    }
    r.insert(QStringLiteral("cpu_model"), cpuModel());
    r.insert(QStringLiteral("cores"), int(::sysconf(_SC_NPROCESSORS_ONLN)));
    r.insert(QStringLiteral("memory_bytes"), memoryBytes());
    if (const QJsonArray load = loadAverages(); !load.isEmpty())
        r.insert(QStringLiteral("loadavg_at_start"), load);
    const QString governor = cpuGovernor();
    if (!governor.isEmpty())
        r.insert(QStringLiteral("cpu_governor"), governor);
    bool somaxconnOk = false;
    const int somaxconn =
        readSmallFile(QStringLiteral("/proc/sys/net/core/somaxconn")).trimmed().toInt(&somaxconnOk);
    if (somaxconnOk)
        r.insert(QStringLiteral("somaxconn"), somaxconn);
    r.insert(QStringLiteral("max_concurrency"), maxConcurrency);
    r.insert(QStringLiteral("hostname"), QSysInfo::machineHostName());
    r.insert(QStringLiteral("stackbench_version"), QString::fromUtf8(sb::kVersion));
    r.insert(QStringLiteral("git_revision"), QString::fromUtf8(sb::kGitRevision));
    r.insert(QStringLiteral("qt_version"), QString::fromUtf8(qVersion()));
    r.insert(QStringLiteral("plan_path"), plan.filePath);
    r.insert(QStringLiteral("plan_sha256"), QString::fromLatin1(plan.sha256));
    r.insert(QStringLiteral("profile"), profile);
    if (const plan::Profile *p = plan.profile(profile); p && p->kind == plan::Profile::Kind::AA) {
        r.insert(QStringLiteral("profile_kind"), QStringLiteral("aa"));
        r.insert(QStringLiteral("aa_configuration"), p->aaConfiguration);
    }
    r.insert(QStringLiteral("started_at"),
             QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    // How each configuration is measured and probed (what TLS agreed on is in its record).
    QJsonObject protocols;
    for (const plan::Configuration &c : plan.configurations)
        protocols.insert(c.name,
                         plan::protocolDescription(
                             c.protocol,
                             c.baseUrl.startsWith(QLatin1String("https:"), Qt::CaseInsensitive),
                             c.streams));
    r.insert(QStringLiteral("protocols"), protocols);

    if (warnings) {
        if (somaxconnOk && somaxconn < maxConcurrency)
            *warnings << QStringLiteral(
                             "net.core.somaxconn is %1, below the largest concurrency %2: "
                             "connections may be dropped from the listen backlog (raise it with "
                             "'sysctl -w net.core.somaxconn=%2')")
                             .arg(somaxconn)
                             .arg(maxConcurrency);
        if (!governor.isEmpty() && governor != QLatin1String("performance"))
            *warnings << QStringLiteral("the CPU frequency governor is '%1', not 'performance': "
                                        "frequency scaling adds noise to the results")
                             .arg(governor);
    }
    return r;
}

QJsonObject runEnvironment(const plan::Plan &plan, const QString &profile, int maxConcurrency,
                           const QString &sleepInhibitorState, QStringList *warnings)
{
    QJsonObject r = environmentRecord(plan, profile, maxConcurrency, warnings);
    r.insert(QStringLiteral("sleep_inhibitor"), sleepInhibitorState);
    return r;
}

QJsonObject fileHashes(const plan::Plan &plan)
{
    QJsonObject hashes;
    if (!plan.filePath.isEmpty())
        hashes.insert(QFileInfo(plan.filePath).absoluteFilePath(), hashFile(plan.filePath));
    for (const QString &path : plan.referencedFiles)
        hashes.insert(QFileInfo(path).absoluteFilePath(), hashFile(path));
    return hashes;
}

} // namespace sb::run
