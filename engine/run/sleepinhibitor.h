#pragma once

#include "core/result.h"

#include <QString>

namespace sb::run {

// Keeps the machine awake while a run measures (seed 000 lost a run to a closed lid): a logind
// inhibitor lock, org.freedesktop.login1.Manager.Inhibit("sleep:idle", "stackbench", why,
// "block") over D-Bus. logind holds the lock while the file descriptor it returns is open; this
// object keeps a close-on-exec copy of it (so no server tree inherits it) until release() or its
// destruction, and the kernel closes it when the process dies, so the lock never outlives the
// run. Where there is no system bus or no logind (a container, CI) acquire() says why and the
// run goes on without it.
//
// Threads: create, use and destroy on one thread; any thread (QtDBus needs a QCoreApplication).
class SleepInhibitor
{
public:
    SleepInhibitor() = default;
    ~SleepInhibitor();
    SleepInhibitor(const SleepInhibitor &) = delete;
    SleepInhibitor &operator=(const SleepInhibitor &) = delete;

    // Asks logind for the lock; `why` is shown by `systemd-inhibit --list` ("measuring run
    // 20260101-000000-abcd"). `busAddress` names the bus ("unix:path=/run/dbus/..."); empty =
    // the system bus. Blocks for at most 5 s. Errors: "run.inhibit" with the reason (no bus, no
    // logind on it, logind refused, no descriptor in the answer); state() says the same.
    // Acquiring again releases the lock held before.
    sb::Status acquire(const QString &why, const QString &busAddress = QString());
    // Closes the descriptor: logind drops the lock. Safe to call when nothing is held.
    void release();

    bool held() const { return m_fd >= 0; }
    // For the environment record: "held", "released", "unavailable: <reason>", or "" before
    // acquire().
    QString state() const { return m_state; }

private:
    int m_fd = -1;
    QString m_state;
};

} // namespace sb::run
