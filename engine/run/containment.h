#pragma once

#include <QByteArray>
#include <QString>
#include <sys/types.h>
#include <vector>

// How a configuration's process tree is contained so that nothing of it outlives the runner,
// whatever kills the runner (SIGKILL included): every tree has a supervisor process, a child of
// the runner that is the tree's subreaper (PR_SET_CHILD_SUBREAPER: orphans of the tree become its
// children instead of init's) and kills the whole tree when the runner dies (it sees the runner's
// end of a pipe close, and PR_SET_PDEATHSIG). Where the machine allows it, the tree also lives in
// a cgroup v2 of its own, so that the kill is one write to cgroup.kill and nothing can escape it.
namespace sb::run {

enum class Containment
{
    Auto,     // a cgroup when the machine allows it, else the subreaper alone
    Cgroup,   // a cgroup v2 of the tree's own plus the supervisor; start fails where impossible
    Subreaper // the supervisor alone (what Auto falls back to)
};

// "cgroup" / "subreaper" (Auto: "auto"), as stored in a configuration's info ("containment").
QString containmentName(Containment c);

// The mode Auto stands for in this process: the environment variable STACKBENCH_CONTAINMENT
// ("cgroup", "subreaper"; tests force the fallback with it), else Auto. Any thread.
Containment defaultContainment();

// A cgroup v2 directory made for one tree.
struct CgroupDir
{
    QByteArray path; // absolute directory, e.g. /sys/fs/cgroup/unified/stackbench-4242-1
    QString error;   // why none could be made (path empty)
};

// Creates a new cgroup below the one this process is in, on the cgroup2 mount found in
// /proc/self/mountinfo (pure v2 or the "unified" hierarchy of a hybrid layout), and checks that
// it has cgroup.kill (Linux 5.14+). `tag` makes the name unique within this process. Any thread.
CgroupDir makeTreeCgroup(int tag);

// Removes an empty cgroup made by makeTreeCgroup(); retries briefly while the kernel still
// counts exiting members. False when it is still there.
bool removeTreeCgroup(const QByteArray &path);

// Kills every process in the cgroup (cgroup.kill). False when the write failed.
bool killCgroup(const QByteArray &path);

// The processes in the cgroup (cgroup.procs); empty when none or unreadable.
std::vector<pid_t> cgroupMembers(const QByteArray &path);

} // namespace sb::run
