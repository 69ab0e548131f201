#pragma once

// Loopback ports for servers a plan starts, chosen free when a program starts and kept for it
// while it lives (the demo's two servers: `stackbench demo` in a terminal while the workbench has
// the demo open must not pick the same ports). A port is taken when something listens on it or
// when another reservation holds it: each reserved port holds an exclusive flock(2) on a file
// `<port>.lock` in a lock directory shared by every stackbench of the machine, released when the
// reservation is destroyed or its process ends (also when killed). Main thread or any one thread.

#include "core/result.h"

#include <QList>
#include <QString>

namespace sb::run {

class PortReservation
{
public:
    PortReservation() = default;
    PortReservation(PortReservation &&other) noexcept;
    PortReservation &operator=(PortReservation &&other) noexcept;
    PortReservation(const PortReservation &) = delete;
    PortReservation &operator=(const PortReservation &) = delete;
    ~PortReservation(); // releases the ports

    // `count` ports from `firstPort` up (at most `lastPort`), each one nothing listens on at
    // 127.0.0.1 and no other reservation holds. `lockDir` empty: the machine's
    // (defaultLockDir()). Errors: "run.ports" when fewer than `count` ports are free in the range
    // (naming it), or the lock directory cannot be made.
    static sb::Result<PortReservation> reserve(int count, int firstPort, int lastPort,
                                               const QString &lockDir = QString());

    // <temp>/stackbench-ports, writable by every user (sticky, like /tmp).
    static QString defaultLockDir();

    const QList<int> &ports() const { return m_ports; }

private:
    void release();

    QList<int> m_ports;
    QList<int> m_lockFds; // one per port, flock'ed
};

} // namespace sb::run
