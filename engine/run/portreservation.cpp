#include "run/portreservation.h"

#include "core/qterror.h"

#include <QDir>
#include <QFile>
#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace sb::run {

namespace {

constexpr int kHeldElsewhere = -2;

// Whether a server could listen on 127.0.0.1:port now. SO_REUSEADDR as servers set it: a
// connection of an earlier run in TIME_WAIT does not make the port taken, a listener does.
bool listenable(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<uint16_t>(port));
    const bool ok = ::bind(fd, reinterpret_cast<const sockaddr *>(&a), sizeof a) == 0;
    ::close(fd);
    return ok;
}

// The lock of `port`: an fd holding its flock, kHeldElsewhere when another reservation holds it,
// -1 when no lock file can be had here (another user's directory): the port is then judged by
// listenable() alone.
int lockPort(const QString &dir, int port)
{
    const QByteArray path = QFile::encodeName(dir + QStringLiteral("/%1.lock").arg(port));
    int fd = ::open(path.constData(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
    if (fd >= 0)
        ::fchmod(fd, 0666); // whoever comes next may lock it too, whatever our umask
    else
        fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW); // flock needs no write
    if (fd < 0)
        return -1;
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0)
        return fd;
    ::close(fd);
    return kHeldElsewhere;
}

} // namespace

PortReservation::PortReservation(PortReservation &&other) noexcept
    : m_ports(std::exchange(other.m_ports, {}))
    , m_lockFds(std::exchange(other.m_lockFds, {}))
{}

PortReservation &PortReservation::operator=(PortReservation &&other) noexcept
{
    if (this != &other) {
        release();
        m_ports = std::exchange(other.m_ports, {});
        m_lockFds = std::exchange(other.m_lockFds, {});
    }
    return *this;
}

PortReservation::~PortReservation()
{
    release();
}

void PortReservation::release()
{
    for (int fd : std::as_const(m_lockFds))
        if (fd >= 0)
            ::close(fd); // drops the flock
    m_lockFds.clear();
    m_ports.clear();
}

QString PortReservation::defaultLockDir()
{
    return QDir::tempPath() + QStringLiteral("/stackbench-ports");
}

sb::Result<PortReservation> PortReservation::reserve(int count, int firstPort, int lastPort,
                                                     const QString &lockDir)
{
    const QString dir = lockDir.isEmpty() ? defaultLockDir() : lockDir;
    const QByteArray dirName = QFile::encodeName(dir);
    if (::mkdir(dirName.constData(), 01777) == 0)
        ::chmod(dirName.constData(), 01777); // the umask took bits away
    else if (errno != EEXIST)
        return sb::qtError(QStringLiteral("run.ports"), dir,
                           QStringLiteral("cannot create the port lock directory: %1")
                               .arg(QString::fromLocal8Bit(std::strerror(errno))));
    PortReservation r;
    for (int port = firstPort; port <= lastPort && r.m_ports.size() < count; ++port) {
        const int fd = lockPort(dir, port);
        if (fd == kHeldElsewhere)
            continue;
        if (!listenable(port)) {
            if (fd >= 0)
                ::close(fd);
            continue;
        }
        r.m_ports.append(port);
        r.m_lockFds.append(fd);
    }
    if (r.m_ports.size() < count)
        return sb::qtError(QStringLiteral("run.ports"), QString(),
                           QStringLiteral("%1 free loopback port(s) needed, %2 found in %3-%4 "
                                          "(others listen there or are held by another "
                                          "stackbench)")
                               .arg(count)
                               .arg(r.m_ports.size())
                               .arg(firstPort)
                               .arg(lastPort));
    return r;
}

} // namespace sb::run
