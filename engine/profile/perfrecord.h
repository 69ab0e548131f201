#pragma once

// A CPU profile of a process tree with Linux perf (Debian's linux-perf): `perf record` attached
// to the tree while a window runs, then `perf script` folded into stacks (profile/perfscript.h),
// symbolised right away (the tree's objects and perf maps are read while they still exist).
//
// Sampling uses the software clock (-e cpu-clock), which works in virtual machines and
// containers without hardware counters, at a modest frequency (99 Hz by default: off the beat of
// timers at round rates) with call graphs from frame pointers ("fp", cheap, cut short by code
// built without them) or DWARF ("dwarf": perf copies 8 KiB of stack per sample and unwinds
// afterwards; whole stacks for any code with unwind tables).
//
// Attachment: the tree's cgroup v2 (-a -G: children, daemons and double-forked processes
// included) when it has one on a pure cgroup v2 machine and this process is root; otherwise the
// tree's processes by pid (-p: the children they start later inherit the events).
//
// Threads: a PerfRecording is used on one thread; it runs its perf processes with blocking
// QProcess waits and needs no event loop.

#include "core/result.h"
#include "profile/perfscript.h"

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <memory>
#include <sys/types.h>
#include <vector>

namespace sb::profile {

// Where perf is and whether this process may use it.
struct PerfTool
{
    QString path;    // the perf program; "" when not found
    QString problem; // why no profile can be taken here ("" = it can be tried), one sentence
    QString note;    // what a profile taken here lacks ("kernel frames are not sampled: ..."); ""
};

// The environment variable that names the perf program (tests point it at a missing file); when
// it is set, PATH is not searched.
inline constexpr const char *kPerfEnv = "STACKBENCH_PERF";

// Finds perf ($STACKBENCH_PERF, else "perf" on PATH) and reads kernel.perf_event_paranoid: a
// process that is not root cannot profile at all above 2 (problem) and gets no kernel frames at 2
// (note). Any thread.
PerfTool findPerf();

struct PerfSettings
{
    int frequencyHz = 99;                     // samples per second per CPU busy in the tree
    QString callGraph = QStringLiteral("fp"); // "fp" or "dwarf"
};

// What perf record attaches to.
struct PerfTarget
{
    QString cgroup;          // the tree's cgroup as perf -G names it (relative to the cgroup2
                             // mount, e.g. "stackbench-4242-1"); "" = attach by pid
    std::vector<pid_t> pids; // the tree's processes when recording starts (without a cgroup)
};

// The cgroup `cgroupDir` (an absolute cgroup2 directory, ServerProcess::cgroupPath()) as perf -G
// names it, when perf can filter on it here: this process is root (-a needs it) and the machine is
// pure cgroup v2 (on a hybrid layout perf would look for a v1 perf_event hierarchy). "" otherwise.
// Reads /proc/self/mountinfo.
QString perfCgroupOf(const QByteArray &cgroupDir);

// perf record's arguments (the program aside), writing `outputPath`. Pure.
QStringList perfRecordArguments(const PerfSettings &settings, const PerfTarget &target,
                                const QString &outputPath);
// perf script's arguments for a recording at `inputPath`. Pure.
QStringList perfScriptArguments(const QString &inputPath);

// One recording: start() when the window's load starts, stop() when it ends, then fold().
class PerfRecording
{
public:
    PerfRecording(PerfTool tool, PerfSettings settings, QString workDir);
    ~PerfRecording(); // a perf still running is killed

    PerfRecording(const PerfRecording &) = delete;
    PerfRecording &operator=(const PerfRecording &) = delete;

    // Starts perf record on `target` and waits (up to 5 s) until it records. Errors
    // "profile.perf" (where = the perf program): it could not start or ended at once (the detail
    // carries perf's first lines of stderr: a kernel that forbids it, no such process, ...).
    sb::Status start(const PerfTarget &target);
    // Stops it (SIGINT, up to 15 s to write its file, then SIGKILL). Errors "profile.perf": perf
    // failed or wrote no samples. Lines of its stderr worth a note ("lost ... samples") are kept
    // in warnings().
    sb::Status stop();
    // perf script over the recording, folded with `limits` (waits up to `timeoutMs`; DWARF
    // unwinding of a long window takes a while). Errors "profile.perf".
    sb::Result<PerfFold> fold(const FoldLimits &limits = {}, int timeoutMs = 600000);

    // perf's remarks worth keeping (lost samples, a map it could not read), at most a few.
    QStringList warnings() const { return m_warnings; }

private:
    QString stderrText(const QString &file) const;
    void keepWarnings(const QString &stderrText);

    PerfTool m_tool;
    PerfSettings m_settings;
    QString m_dir;
    std::unique_ptr<QProcess> m_record;
    QStringList m_warnings;
};

} // namespace sb::profile
