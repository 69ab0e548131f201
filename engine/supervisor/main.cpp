// stackbench-supervisor: the supervisor of one server tree, started by the runner (see
// protocol.h for its arguments and descriptors). Not meant to be run by hand.
#include "supervisor/supervisor.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace {

using namespace sb::supervisor;

[[noreturn]] void refuse(const char *why)
{
    std::fprintf(stderr,
                 "stackbench-supervisor: %s\n"
                 "It is started by stackbench for each server tree, with arguments and "
                 "descriptors of the same version; it is not meant to be run by hand.\n",
                 why);
    // The runner waits on the exec pipe: tell it why nothing started.
    const ChildReport r{int(ChildStage::Arguments), EINVAL};
    ssize_t ignored = ::write(kExecFd, &r, sizeof r);
    (void)ignored;
    std::exit(2);
}

// A decimal number that fills all of `text`, or -1.
long number(const char *text)
{
    if (!*text)
        return -1;
    char *end = nullptr;
    errno = 0;
    const long v = std::strtol(text, &end, 10);
    return errno || *end || v < 0 ? -1 : v;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < kFixedArgs + 1)
        refuse("too few arguments");
    for (int fd : {kControlFd, kReportFd, kExecFd, kOutFd, kErrFd})
        if (::fcntl(fd, F_GETFD) < 0)
            refuse("a descriptor the runner passes is not open");
    // The server closes the exec pipe by exec'ing: the runner reads EOF there as "started".
    ::fcntl(kExecFd, F_SETFD, FD_CLOEXEC);

    SupervisorPlan plan;
    plan.runner = pid_t(number(argv[1]));
    if (plan.runner <= 0)
        refuse("the runner's pid is not a number");
    plan.controlFd = kControlFd;
    plan.reportFd = kReportFd;
    plan.execFd = kExecFd;
    plan.outFd = kOutFd;
    plan.errFd = kErrFd;
    plan.cwd = argv[2];

    static cpu_set_t cpus;
    CPU_ZERO(&cpus);
    if (*argv[3]) {
        std::string list = argv[3];
        for (size_t at = 0; at <= list.size();) {
            const size_t comma = std::min(list.find(',', at), list.size());
            const long cpu = number(list.substr(at, comma - at).c_str());
            if (cpu < 0 || cpu >= CPU_SETSIZE)
                refuse("the CPU list is not a list of CPU numbers");
            CPU_SET(int(cpu), &cpus);
            at = comma + 1;
        }
        plan.cpus = &cpus;
    }

    static std::string cgroupDir, cgroupProcs, cgroupKill;
    if (*argv[4]) {
        cgroupDir = argv[4];
        cgroupProcs = cgroupDir + "/cgroup.procs";
        cgroupKill = cgroupDir + "/cgroup.kill";
        plan.cgroupDir = cgroupDir.c_str();
        plan.cgroupProcs = cgroupProcs.c_str();
        plan.cgroupKill = cgroupKill.c_str();
    }

    plan.program = argv[5];
    plan.argv = argv + kFixedArgs;
    // execve() answers ENOEXEC for a script without "#!"; execvp() then runs it with sh.
    static std::vector<char *> shArgv;
    static char shName[] = "sh";
    shArgv.push_back(shName);
    shArgv.push_back(argv[5]);
    for (int i = kFixedArgs + 1; i < argc; ++i)
        shArgv.push_back(argv[i]);
    shArgv.push_back(nullptr);
    plan.shArgv = shArgv.data();
    plan.envp = environ;

    // Room for the /proc scans of the tree, allocated before the supervisor starts.
    long pidMax = 4194304; // the kernel's upper bound
    if (FILE *f = std::fopen("/proc/sys/kernel/pid_max", "re")) {
        if (std::fscanf(f, "%ld", &pidMax) != 1)
            pidMax = 4194304;
        std::fclose(f);
    }
    static std::vector<pid_t> pids(65536), parents(65536);
    static std::vector<unsigned char> marks(65536);
    static std::vector<unsigned char> pidBits(size_t(std::clamp(pidMax, 1024L, 4194304L)) / 8 + 1);
    plan.scratchPids = pids.data();
    plan.scratchParents = parents.data();
    plan.scratchMarks = marks.data();
    plan.scratchSize = pids.size();
    plan.pidBits = pidBits.data();
    plan.pidBitsBytes = pidBits.size();

    runSupervisor(plan);
}
