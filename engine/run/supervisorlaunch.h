#pragma once

#include "supervisor/protocol.h"

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <sched.h>
#include <sys/types.h>
#include <vector>

// How ServerProcess starts a tree: the server's program resolved in this process, then the
// stackbench-supervisor program (supervisor/protocol.h) spawned with the tree's descriptors,
// and its handshake read. Private to ServerProcess; one thread at a time per request.
namespace sb::run::detail {

// What one start needs; references into the caller's values, which outlive launch().
struct LaunchRequest
{
    const QStringList &argv;
    const QString &cwd;
    const QProcessEnvironment &env;
    const QByteArray &program;
    const QString &stdoutPath;
    const QString &stderrPath;
    const cpu_set_t *cpus;
    QByteArray cgroup;
};

// A started supervisor and root, or why not: `failure` (before fork) or `stage` + `error`
// (a ChildReport from the supervisor or the server child).
struct Launched
{
    pid_t supervisor = 0;
    pid_t root = 0;
    int control = -1;
    int report = -1;
    int stage = 0;
    int error = 0;
    QString failure;
};

// PATH lookup as execvp() would do it, with the PATH the child will see; "" and *why when the
// program cannot be run. A program named with a '/' is taken as is (relative to cwd).
QByteArray resolveProgram(const QString &program, const QString &cwd, const QString &pathVar,
                          QString *why);

// The supervisor started and the server exec'd, or why not (Launched::failure, or a stage).
Launched launch(const LaunchRequest &req);

// The sentence for a stage the server child or the supervisor reported.
QString childFailure(sb::supervisor::ChildStage stage, int error, const QStringList &argv,
                     const QString &cwd, const std::vector<int> &cpus, const QByteArray &cgroup);

} // namespace sb::run::detail
