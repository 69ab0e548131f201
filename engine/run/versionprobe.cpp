#include "run/versionprobe.h"

#include "core/qterror.h"
#include "run/serverhost.h"
#include "run/serverprocess.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QThread>
#include <csignal>

namespace sb::run {

VersionReading versionFromOutput(const plan::Plan &plan, const plan::VersionProbe &probe,
                                 const QString &output)
{
    if (const std::optional<QString> version = probe.extract(output))
        return {plan.redact(*version), QString()};
    const QString firstLine = output.trimmed().section(QLatin1Char('\n'), 0, 0).left(200);
    const QString warning =
        QStringLiteral("version probe '%1' (%2): its output does not match \"%3\": %4")
            .arg(probe.name, probe.command.join(QLatin1Char(' ')), probe.match,
                 firstLine.isEmpty() ? QStringLiteral("(no output)")
                                     : QStringLiteral("\"%1\"").arg(firstLine));
    return {QStringLiteral("error: the output does not match \"%1\"").arg(probe.match),
            plan.redact(warning)};
}

VersionReading readVersion(const plan::Plan &plan, const plan::Configuration &config,
                           const plan::VersionProbe &probe)
{
    QTemporaryDir dir;
    ServerProcess p;
    const QString out = dir.filePath(QStringLiteral("out"));
    if (sb::Status st = p.start(probe.command, config.cwd, config.env, out, out); !st.ok())
        return {QStringLiteral("error: ") + plan.redact(sb::qtDetail(st.error())), QString()};
    // ServerProcess has no blocking wait: its root is reaped by polling.
    QElapsedTimer t;
    t.start();
    while (p.running() && t.elapsed() < 10'000)
        QThread::msleep(10);
    if (p.running()) {
        p.stop(SIGKILL, 0);
        return {QStringLiteral("error: no answer within 10 s"), QString()};
    }
    QFile f(out);
    if (!f.open(QIODevice::ReadOnly))
        return {QStringLiteral("error: cannot read its output: ") + f.errorString(), QString()};
    return versionFromOutput(plan, probe, QString::fromUtf8(f.read(1 << 20)));
}

VersionReading readRemoteVersion(ServerHost &host, const plan::Plan &plan,
                                 const plan::Configuration &config, const plan::VersionProbe &probe)
{
    const sb::Result<ServerHost::ExecOutcome> r =
        host.exec(probe.command, config.cwd, config.env, 10'000);
    if (!r.ok())
        return {QStringLiteral("error: ") + plan.redact(sb::qtDetail(r.error())), QString()};
    if (r->timedOut)
        return {QStringLiteral("error: no answer within 10 s"), QString()};
    return versionFromOutput(plan, probe, QString::fromUtf8(r->output.left(1 << 20)));
}

} // namespace sb::run
