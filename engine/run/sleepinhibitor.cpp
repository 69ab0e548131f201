#include "run/sleepinhibitor.h"

#include "core/qterror.h"

#include <QAtomicInteger>
#include <QDBusConnection>
#include <QDBusError>
#include <QDBusMessage>
#include <QDBusUnixFileDescriptor>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace sb::run {

namespace {

QAtomicInteger<quint64> g_connectionSerial;

// One private connection per call, removed again: the descriptor is all that must outlive it.
class BusConnection
{
public:
    explicit BusConnection(const QString &address)
        : m_name(QStringLiteral("sb-inhibit-%1").arg(++g_connectionSerial))
        , m_connection(address.isEmpty()
                           ? QDBusConnection::connectToBus(QDBusConnection::SystemBus, m_name)
                           : QDBusConnection::connectToBus(address, m_name))
    {}
    ~BusConnection() { QDBusConnection::disconnectFromBus(m_name); }
    QDBusConnection &get() { return m_connection; }

private:
    QString m_name;
    QDBusConnection m_connection;
};

} // namespace

SleepInhibitor::~SleepInhibitor()
{
    release();
}

sb::Status SleepInhibitor::acquire(const QString &why, const QString &busAddress)
{
    release();
    const QString bus = busAddress.isEmpty() ? QStringLiteral("the system bus") : busAddress;
    auto unavailable = [&](const QString &reason) {
        m_state = QStringLiteral("unavailable: ") + reason;
        return sb::qtError(QStringLiteral("run.inhibit"), bus, reason);
    };
    BusConnection connection(busAddress);
    if (!connection.get().isConnected()) {
        const QString error = connection.get().lastError().message();
        return unavailable(QStringLiteral("no D-Bus connection to %1 (%2)")
                               .arg(bus, error.isEmpty() ? QStringLiteral("no bus") : error));
    }
    QDBusMessage call = QDBusMessage::createMethodCall(
        QStringLiteral("org.freedesktop.login1"), QStringLiteral("/org/freedesktop/login1"),
        QStringLiteral("org.freedesktop.login1.Manager"), QStringLiteral("Inhibit"));
    call << QStringLiteral("sleep:idle") << QStringLiteral("stackbench") << why
         << QStringLiteral("block");
    const QDBusMessage reply = connection.get().call(call, QDBus::Block, 5000);
    if (reply.type() == QDBusMessage::ErrorMessage)
        return unavailable(QStringLiteral("logind refused or is absent: %1 (%2)")
                               .arg(reply.errorMessage(), reply.errorName()));
    const QList<QVariant> args = reply.arguments();
    if (args.isEmpty() || !args.first().canConvert<QDBusUnixFileDescriptor>())
        return unavailable(QStringLiteral("logind's answer holds no file descriptor"));
    const QDBusUnixFileDescriptor fd = args.first().value<QDBusUnixFileDescriptor>();
    if (!fd.isValid())
        return unavailable(QStringLiteral("logind's answer holds no valid file descriptor"));
    m_fd = ::fcntl(fd.fileDescriptor(), F_DUPFD_CLOEXEC, 3);
    if (m_fd < 0)
        return unavailable(QStringLiteral("cannot keep the lock's descriptor: %1")
                               .arg(QString::fromLocal8Bit(::strerror(errno))));
    m_state = QStringLiteral("held");
    return sb::Ok{};
}

void SleepInhibitor::release()
{
    if (m_fd < 0)
        return;
    ::close(m_fd);
    m_fd = -1;
    m_state = QStringLiteral("released");
}

} // namespace sb::run
