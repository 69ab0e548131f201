#pragma once

// Foreign CPU for tests: busy loops in processes of their own (outside the runner's process and
// any server tree), started and killed by pid, each ending by itself after `seconds` and killed
// with the test if it dies first.

#include <QProcess>
#include <cmath>
#include <memory>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <vector>

namespace sb::test {

class Burners
{
public:
    explicit Burners(int count, int seconds = 30)
    {
        const QString loop = QStringLiteral("import time\nend = time.monotonic() + %1\n"
                                            "while time.monotonic() < end: pass\n")
                                 .arg(seconds);
        for (int i = 0; i < count; ++i) {
            auto p = std::make_unique<QProcess>();
            p->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
            p->start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), loop});
            m_processes.push_back(std::move(p));
        }
    }
    ~Burners() { kill(); }
    Burners(const Burners &) = delete;
    Burners &operator=(const Burners &) = delete;

    // One-core burners enough to pass `share` of this machine's cores: one for 32 % of 2 cores.
    static int neededFor(double share)
    {
        const long cores = ::sysconf(_SC_NPROCESSORS_ONLN);
        return int(std::floor(share * double(cores < 1 ? 1 : cores))) + 1;
    }

    bool started() const
    {
        for (const auto &p : m_processes)
            if (p->processId() <= 0)
                return false;
        return true;
    }

    // SIGKILL to each burner's pid, then reaps it.
    void kill()
    {
        for (const auto &p : m_processes) {
            if (p->state() == QProcess::NotRunning)
                continue;
            ::kill(pid_t(p->processId()), SIGKILL);
            p->waitForFinished(5000);
        }
    }

private:
    std::vector<std::unique_ptr<QProcess>> m_processes;
};

} // namespace sb::test
