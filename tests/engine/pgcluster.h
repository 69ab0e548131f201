#pragma once

// A throwaway PostgreSQL cluster for tests that need a real server: initdb into a temporary
// directory, pg_ctl start on a free loopback port (trust authentication, fsync off), immediate
// stop when destroyed. Shared by tst_runstore, tst_hookrunner and tst_runner.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

namespace sb::test {

// A throwaway PostgreSQL cluster on a free loopback port, run as the postgres user when we are
// root.
class PgCluster
{
public:
    static QString binDir() { return QStringLiteral("/usr/lib/postgresql/15/bin"); }

    ~PgCluster()
    {
        if (m_started)
            run(binDir() + QStringLiteral("/pg_ctl"),
                {QStringLiteral("-D"), dataDir(), QStringLiteral("-m"), QStringLiteral("immediate"),
                 QStringLiteral("-w"), QStringLiteral("stop")},
                20000);
    }

    // Empty on success, else what failed.
    QString start()
    {
        if (!m_dir.isValid())
            return QStringLiteral("cannot create a temporary directory");
        if (geteuid() == 0) {
            const passwd *pw = getpwnam("postgres");
            if (!pw)
                return QStringLiteral("running as root and there is no postgres user");
            if (::chown(QFile::encodeName(m_dir.path()).constData(), pw->pw_uid, pw->pw_gid) != 0)
                return QStringLiteral("cannot chown the temporary directory to postgres");
        }
        QString out;
        if (!run(binDir() + QStringLiteral("/initdb"),
                 {QStringLiteral("-D"), dataDir(), QStringLiteral("-A"), QStringLiteral("trust"),
                  QStringLiteral("-U"), QStringLiteral("postgres"), QStringLiteral("-E"),
                  QStringLiteral("UTF8"), QStringLiteral("--no-sync")},
                 60000, &out))
            return QStringLiteral("initdb failed: ") + out;
        m_port = freePort();
        if (m_port == 0)
            return QStringLiteral("no free loopback port");
        const QString options =
            QStringLiteral("-p %1 -k %2 -c listen_addresses=127.0.0.1 -c fsync=off")
                .arg(m_port)
                .arg(m_dir.path());
        if (!run(binDir() + QStringLiteral("/pg_ctl"),
                 {QStringLiteral("-D"), dataDir(), QStringLiteral("-l"),
                  m_dir.filePath(QStringLiteral("server.log")), QStringLiteral("-o"), options,
                  QStringLiteral("-w"), QStringLiteral("-t"), QStringLiteral("30"),
                  QStringLiteral("start")},
                 40000, &out))
            return QStringLiteral("pg_ctl start failed: ") + out;
        m_started = true;
        return QString();
    }

    // The loopback TCP port the server listens on (0 before start()).
    quint16 port() const { return m_port; }

    // The password is ignored by trust authentication; it is there to check it never leaks.
    QString url() const { return url(QStringLiteral("postgres")); }
    // The same for another database of the cluster (the caller creates it).
    QString url(const QString &database) const
    {
        return QStringLiteral("postgresql://postgres:s3cret-pw@127.0.0.1:%1/%2")
            .arg(m_port)
            .arg(database);
    }

private:
    QString dataDir() const { return m_dir.filePath(QStringLiteral("data")); }

    static quint16 freePort()
    {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        if (fd < 0)
            return 0;
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof(addr);
        quint16 port = 0;
        if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof(addr)) == 0 &&
            ::getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &length) == 0)
            port = ntohs(addr.sin_port);
        ::close(fd);
        return port;
    }

    static bool run(const QString &program, QStringList args, int timeoutMs, QString *out = nullptr)
    {
        QString exe = program;
        if (geteuid() == 0) {
            args.prepend(program);
            args = QStringList{QStringLiteral("-u"), QStringLiteral("postgres"),
                               QStringLiteral("--")} +
                   args;
            exe = QStringLiteral("runuser");
        }
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.setWorkingDirectory(QDir::tempPath());
        p.start(exe, args);
        const bool finished = p.waitForStarted(5000) && p.waitForFinished(timeoutMs);
        if (out)
            *out = QString::fromLocal8Bit(p.readAll()).right(2000);
        if (!finished) {
            p.kill();
            p.waitForFinished(2000);
            return false;
        }
        return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    }

    QTemporaryDir m_dir;
    quint16 m_port = 0;
    bool m_started = false;
};

} // namespace sb::test
