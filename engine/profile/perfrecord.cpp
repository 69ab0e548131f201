#include "profile/perfrecord.h"

#include "core/qterror.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QThread>
#include <csignal>
#include <unistd.h>

namespace sb::profile {

namespace {

constexpr qint64 kMaxScriptBytes = qint64(1) << 30; // perf script's text read at most

sb::Error perfError(const QString &where, const QString &detail)
{
    return sb::qtError(QStringLiteral("profile.perf"), where, detail);
}

int paranoidLevel()
{
    QFile f(QStringLiteral("/proc/sys/kernel/perf_event_paranoid"));
    if (!f.open(QIODevice::ReadOnly))
        return -100; // no perf_event at all: perf says so when it runs
    bool ok = false;
    const int level = f.readAll().trimmed().toInt(&ok);
    return ok ? level : -100;
}

// The first lines of perf's stderr that say something (its usage text and banners aside).
QString firstLines(const QString &text, int lines)
{
    QStringList kept;
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QString t = line.trimmed();
        if (t.isEmpty() || t.startsWith(QLatin1String("[ perf record:")))
            continue;
        kept << t.left(300);
        if (kept.size() >= lines)
            break;
    }
    return kept.join(QStringLiteral(" / "));
}

} // namespace

PerfTool findPerf()
{
    PerfTool tool;
    const QByteArray named = qgetenv(kPerfEnv);
    if (!named.isEmpty()) {
        const QFileInfo info(QString::fromLocal8Bit(named));
        if (!info.isFile() || !info.isExecutable()) {
            tool.problem = QStringLiteral("%1 names %2, which is not an executable file")
                               .arg(QLatin1String(kPerfEnv), info.filePath());
            return tool;
        }
        tool.path = info.absoluteFilePath();
    } else {
        tool.path = QStandardPaths::findExecutable(QStringLiteral("perf"));
        if (tool.path.isEmpty()) {
            tool.problem = QStringLiteral("perf is not installed (Debian: apt install linux-perf)");
            return tool;
        }
    }
    const int paranoid = paranoidLevel();
    if (::geteuid() != 0 && paranoid > 2) {
        tool.problem =
            QStringLiteral("the kernel forbids perf to users without CAP_PERFMON "
                           "(kernel.perf_event_paranoid is %1; 2 allows profiling one's own "
                           "processes: sysctl kernel.perf_event_paranoid=2)")
                .arg(paranoid);
    } else if (::geteuid() != 0 && paranoid == 2) {
        tool.note = QStringLiteral("kernel frames are not sampled (kernel.perf_event_paranoid is 2 "
                                   "and Stackbench is not root)");
    }
    return tool;
}

QString perfCgroupOf(const QByteArray &cgroupDir)
{
    if (cgroupDir.isEmpty() || ::geteuid() != 0)
        return {};
    QFile f(QStringLiteral("/proc/self/mountinfo"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QByteArray v2Mount;
    bool v1PerfEvent = false;
    for (const QByteArray &line : f.readAll().split('\n')) {
        // "36 25 0:31 / /sys/fs/cgroup rw,... - cgroup2 cgroup2 rw,..."
        const qsizetype dash = line.indexOf(" - ");
        if (dash < 0)
            continue;
        const QList<QByteArray> left = line.left(dash).split(' ');
        const QList<QByteArray> right = line.mid(dash + 3).split(' ');
        if (left.size() < 5 || right.isEmpty())
            continue;
        if (right[0] == "cgroup2")
            v2Mount = left[4];
        else if (right[0] == "cgroup" && right.size() >= 3 && right[2].contains("perf_event"))
            v1PerfEvent = true;
    }
    if (v2Mount.isEmpty() || v1PerfEvent || !cgroupDir.startsWith(v2Mount + '/'))
        return {};
    return QString::fromLocal8Bit(cgroupDir.mid(v2Mount.size() + 1));
}

QStringList perfRecordArguments(const PerfSettings &settings, const PerfTarget &target,
                                const QString &outputPath)
{
    QStringList args{
        QStringLiteral("record"), QStringLiteral("-e"), QStringLiteral("cpu-clock"),
        QStringLiteral("-F"), QString::number(settings.frequencyHz), QStringLiteral("--call-graph"),
        settings.callGraph == QLatin1String("dwarf") ? QStringLiteral("dwarf,8192")
                                                     : QStringLiteral("fp"),
        // A tree that forks without end cannot fill the disk.
        QStringLiteral("--max-size=512M"), QStringLiteral("-q"), QStringLiteral("-o"), outputPath};
    if (!target.cgroup.isEmpty()) {
        args << QStringLiteral("-a") << QStringLiteral("-G") << target.cgroup;
    } else {
        QStringList pids;
        for (pid_t p : target.pids)
            pids << QString::number(p);
        args << QStringLiteral("-p") << pids.join(QLatin1Char(','));
    }
    return args;
}

QStringList perfScriptArguments(const QString &inputPath)
{
    // --no-inline: resolving inlined frames through DWARF line tables takes minutes on a large
    // binary and adds nothing a flame graph of functions needs.
    return {QStringLiteral("script"),
            QStringLiteral("-i"),
            inputPath,
            QStringLiteral("--no-inline"),
            QStringLiteral("-F"),
            QStringLiteral("comm,pid,tid,time,event,ip,sym,dso")};
}

PerfRecording::PerfRecording(PerfTool tool, PerfSettings settings, QString workDir)
    : m_tool(std::move(tool))
    , m_settings(std::move(settings))
    , m_dir(std::move(workDir))
{}

PerfRecording::~PerfRecording()
{
    if (m_record && m_record->state() != QProcess::NotRunning) {
        m_record->kill();
        m_record->waitForFinished(5000);
    }
}

QString PerfRecording::stderrText(const QString &file) const
{
    QFile f(m_dir + QLatin1Char('/') + file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.read(64 * 1024));
}

void PerfRecording::keepWarnings(const QString &text)
{
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QString t = line.trimmed();
        if (m_warnings.size() >= 4)
            break;
        if (t.contains(QLatin1String("lost"), Qt::CaseInsensitive) ||
            t.contains(QLatin1String("Failed to open"), Qt::CaseInsensitive) ||
            t.contains(QLatin1String("no symbols"), Qt::CaseInsensitive))
            m_warnings << t.left(200);
    }
}

sb::Status PerfRecording::start(const PerfTarget &target)
{
    if (!m_tool.problem.isEmpty())
        return perfError(m_tool.path, m_tool.problem);
    if (target.cgroup.isEmpty() && target.pids.empty())
        return perfError(m_tool.path, QStringLiteral("the server tree has no process to profile"));
    const QString data = m_dir + QStringLiteral("/perf.data");
    QFile::remove(data);
    m_record = std::make_unique<QProcess>();
    m_record->setStandardInputFile(QProcess::nullDevice());
    m_record->setStandardOutputFile(QProcess::nullDevice());
    m_record->setStandardErrorFile(m_dir + QStringLiteral("/record.err"));
    m_record->start(m_tool.path, perfRecordArguments(m_settings, target, data));
    if (!m_record->waitForStarted(10000))
        return perfError(m_tool.path,
                         QStringLiteral("perf record did not start: ") + m_record->errorString());
    // perf writes its file's header once its events are open: from then on it records. An
    // early end is a refusal (a kernel that forbids it, a process gone, a wrapper without perf
    // for this kernel).
    const QDeadlineTimer deadline(5000);
    while (!deadline.hasExpired()) {
        if (m_record->waitForFinished(20)) {
            const QString why = firstLines(stderrText(QStringLiteral("record.err")), 2);
            return perfError(m_tool.path,
                             QStringLiteral("perf record ended at once (exit code %1)%2")
                                 .arg(m_record->exitCode())
                                 .arg(why.isEmpty() ? QString() : QStringLiteral(": ") + why));
        }
        if (QFileInfo(data).size() > 0)
            return sb::Ok{};
    }
    return sb::Ok{}; // still running: it records, its header is only late
}

sb::Status PerfRecording::stop()
{
    if (!m_record)
        return perfError(m_tool.path, QStringLiteral("perf record was not started"));
    if (m_record->state() != QProcess::NotRunning) {
        ::kill(pid_t(m_record->processId()), SIGINT);
        if (!m_record->waitForFinished(15000)) {
            m_record->kill();
            m_record->waitForFinished(5000);
            return perfError(m_tool.path,
                             QStringLiteral("perf record did not finish its file within 15 s"));
        }
    }
    const QString err = stderrText(QStringLiteral("record.err"));
    keepWarnings(err);
    const bool wrote = QFileInfo(m_dir + QStringLiteral("/perf.data")).size() > 0;
    // perf record ends on SIGINT by raising it again once its file is written: how it ended
    // says nothing, the file does (a crash leaves none).
    if (!wrote) {
        const QString why = firstLines(err, 2);
        return perfError(m_tool.path,
                         QStringLiteral("perf record failed%1")
                             .arg(why.isEmpty() ? QString() : QStringLiteral(": ") + why));
    }
    return sb::Ok{};
}

sb::Result<PerfFold> PerfRecording::fold(const FoldLimits &limits, int timeoutMs)
{
    const QString text = m_dir + QStringLiteral("/script.txt");
    QProcess script;
    script.setStandardInputFile(QProcess::nullDevice());
    script.setStandardOutputFile(text);
    script.setStandardErrorFile(m_dir + QStringLiteral("/script.err"));
    script.start(m_tool.path, perfScriptArguments(m_dir + QStringLiteral("/perf.data")));
    if (!script.waitForStarted(10000))
        return perfError(m_tool.path,
                         QStringLiteral("perf script did not start: ") + script.errorString());
    if (!script.waitForFinished(timeoutMs)) {
        script.kill();
        script.waitForFinished(5000);
        return perfError(m_tool.path,
                         QStringLiteral("perf script took longer than %1 s").arg(timeoutMs / 1000));
    }
    const QString err = stderrText(QStringLiteral("script.err"));
    keepWarnings(err);
    if (script.exitStatus() == QProcess::CrashExit || script.exitCode() != 0)
        return perfError(m_tool.path, QStringLiteral("perf script failed (exit code %1)%2")
                                          .arg(script.exitCode())
                                          .arg(firstLines(err, 2).isEmpty()
                                                   ? QString()
                                                   : QStringLiteral(": ") + firstLines(err, 2)));
    QFile f(text);
    if (!f.open(QIODevice::ReadOnly))
        return perfError(text,
                         QStringLiteral("cannot read perf script's output: ") + f.errorString());
    PerfScriptFolder folder(limits);
    qint64 read = 0;
    bool cut = false; // inside a line longer than the folder reads
    while (!f.atEnd() && read < kMaxScriptBytes) {
        const QByteArray line = f.readLine(limits.maxLineBytes + 1);
        if (line.isEmpty())
            break;
        read += line.size();
        const bool whole = line.endsWith('\n');
        if (!cut)
            folder.addLine(line);
        cut = !whole;
    }
    if (read >= kMaxScriptBytes)
        m_warnings << QStringLiteral("perf script's output beyond 1 GiB was not read");
    f.close();
    QFile::remove(text);
    return folder.finish();
}

} // namespace sb::profile
