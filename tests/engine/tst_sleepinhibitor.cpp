// The sleep inhibitor: with no bus (or no logind on it) it says why and holds nothing; against a
// fake logind on a private bus (dbus-daemon started by the test) it asks for "sleep:idle" in
// "block" mode, keeps the descriptor logind gave it open while held and closes it on release.

#include "core/qterror.h"
#include "run/sleepinhibitor.h"

#include <QDBusConnection>
#include <QDBusError>
#include <QDBusUnixFileDescriptor>
#include <QObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <fcntl.h>
#include <poll.h>
#include <thread>
#include <unistd.h>

using namespace sb;

namespace {

// org.freedesktop.login1.Manager.Inhibit, as logind answers it: the write end of a pipe whose
// read end the test keeps, so that it sees when the last copy of the lock is closed.
class FakeLogind : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.login1.Manager")

public:
    ~FakeLogind() override
    {
        if (readEnd >= 0)
            ::close(readEnd);
    }

    QStringList calls; // "what|who|why|mode"
    int readEnd = -1;

public slots:
    QDBusUnixFileDescriptor Inhibit(const QString &what, const QString &who, const QString &why,
                                    const QString &mode)
    {
        calls << QStringList{what, who, why, mode}.join(QLatin1Char('|'));
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0)
            return {};
        readEnd = fds[0];
        QDBusUnixFileDescriptor lock(fds[1]); // dup()s it
        ::close(fds[1]);
        return lock;
    }
};

// True when every write end of the pipe is closed (the read end sees EOF).
bool writersGone(int readEnd)
{
    pollfd p{readEnd, POLLIN, 0};
    if (::poll(&p, 1, 0) != 1)
        return false;
    char c;
    return ::read(readEnd, &c, 1) == 0;
}

} // namespace

class TestSleepInhibitor : public QObject
{
    Q_OBJECT

private slots:
    void noBus()
    {
        run::SleepInhibitor inhibitor;
        const sb::Status s = inhibitor.acquire(QStringLiteral("measuring run x"),
                                               QStringLiteral("unix:path=") +
                                                   m_dir.filePath(QStringLiteral("no-such-bus")));
        QVERIFY(!s.ok());
        QCOMPARE(sb::qtCode(s.error()), QStringLiteral("run.inhibit"));
        QVERIFY(!inhibitor.held());
        QVERIFY2(inhibitor.state().startsWith(QStringLiteral("unavailable: no D-Bus connection")),
                 qPrintable(inhibitor.state()));
    }

    // A bus without logind on it.
    void noLogind()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("dbus-daemon")).isEmpty())
            QSKIP("dbus-daemon is not installed");
        const QString address = startBus();
        QVERIFY2(!address.isEmpty(), "dbus-daemon did not print its address");
        run::SleepInhibitor inhibitor;
        QVERIFY(!inhibitor.acquire(QStringLiteral("measuring run x"), address).ok());
        QVERIFY(!inhibitor.held());
        QVERIFY2(inhibitor.state().startsWith(QStringLiteral("unavailable: logind")),
                 qPrintable(inhibitor.state()));
        QVERIFY2(inhibitor.state().contains(QStringLiteral("ServiceUnknown")),
                 qPrintable(inhibitor.state()));
    }

    void heldUntilReleased()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("dbus-daemon")).isEmpty())
            QSKIP("dbus-daemon is not installed");
        const QString address = startBus();
        QVERIFY2(!address.isEmpty(), "dbus-daemon did not print its address");
        QDBusConnection service = QDBusConnection::connectToBus(address, QStringLiteral("logind"));
        QVERIFY2(service.isConnected(), qPrintable(service.lastError().message()));
        FakeLogind logind;
        QVERIFY(service.registerObject(QStringLiteral("/org/freedesktop/login1"), &logind,
                                       QDBusConnection::ExportAllSlots));
        QVERIFY(service.registerService(QStringLiteral("org.freedesktop.login1")));

        run::SleepInhibitor inhibitor;
        // The call blocks; the fake answers on this thread's event loop.
        std::atomic<bool> done{false};
        sb::Status result = sb::Ok{};
        std::thread caller([&] {
            result =
                inhibitor.acquire(QStringLiteral("measuring run 20260101-000000-abcd"), address);
            done = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(done.load(), 10000);
        caller.join();
        QVERIFY2(result.ok(), result.ok() ? "" : qPrintable(sb::qtText(result.error())));
        QCOMPARE(logind.calls,
                 QStringList{QStringLiteral(
                     "sleep:idle|stackbench|measuring run 20260101-000000-abcd|block")});
        QVERIFY(inhibitor.held());
        QCOMPARE(inhibitor.state(), QStringLiteral("held"));
        QVERIFY(logind.readEnd >= 0);
        QVERIFY(!writersGone(logind.readEnd));
        inhibitor.release();
        QVERIFY(!inhibitor.held());
        QCOMPARE(inhibitor.state(), QStringLiteral("released"));
        QTRY_VERIFY_WITH_TIMEOUT(writersGone(logind.readEnd), 5000);
        service.unregisterService(QStringLiteral("org.freedesktop.login1"));
        QDBusConnection::disconnectFromBus(QStringLiteral("logind"));
    }

    void cleanup()
    {
        if (m_bus.state() != QProcess::NotRunning) {
            m_bus.kill();
            m_bus.waitForFinished(5000);
        }
    }

private:
    // A private session bus of our own; its address, or "" when it did not start.
    QString startBus()
    {
        const QString daemon = QStandardPaths::findExecutable(QStringLiteral("dbus-daemon"));
        m_bus.start(daemon, {QStringLiteral("--session"), QStringLiteral("--nofork"),
                             QStringLiteral("--print-address=1"),
                             QStringLiteral("--address=unix:path=") +
                                 m_dir.filePath(QStringLiteral("bus-%1").arg(++m_buses))});
        if (!m_bus.waitForStarted(10000))
            return QString();
        QByteArray line;
        while (!line.contains('\n') && m_bus.waitForReadyRead(10000))
            line += m_bus.readAllStandardOutput();
        return QString::fromUtf8(line).trimmed();
    }

    QTemporaryDir m_dir;
    QProcess m_bus;
    int m_buses = 0;
};

QTEST_GUILESS_MAIN(TestSleepInhibitor)
#include "tst_sleepinhibitor.moc"
