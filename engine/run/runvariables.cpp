#include "run/runvariables.h"

#include "core/qterror.h"

#include <QProcess>
#include <algorithm>
#include <csignal>
#include <limits>
#include <unistd.h>

namespace sb::run {

namespace {

QString lastLines(const QString &text, int count)
{
    QStringList lines = text.trimmed().split(QLatin1Char('\n'));
    if (lines.size() > count)
        lines = lines.mid(lines.size() - count);
    return lines.join(QLatin1Char('\n'));
}

// The command's trimmed stdout, or why it failed (its stderr, unredacted: the caller redacts).
sb::Result<QString> runCommand(const plan::Variable &v)
{
    const QString line = v.command.join(QLatin1Char(' '));
    auto fail = [&](const QString &why) {
        return sb::qtError(
            QStringLiteral("run.variable"), v.where,
            QStringLiteral("variable \"%1\": command '%2' %3").arg(v.name, line, why));
    };
    QProcess process;
    if (!v.cwd.isEmpty())
        process.setWorkingDirectory(v.cwd);
    process.setProgram(v.command.value(0));
    process.setArguments(v.command.mid(1));
    process.setStandardInputFile(QProcess::nullDevice());
    // Its own process group, so that a timeout ends what the command started too.
    process.setChildProcessModifier([] { ::setsid(); });
    process.start();
    if (!process.waitForStarted(10'000))
        return fail(QStringLiteral("cannot start: ") + process.errorString());
    const qint64 pid = process.processId();
    const int timeoutMs = int(std::clamp<qint64>(v.timeoutMs, 1, std::numeric_limits<int>::max()));
    if (!process.waitForFinished(timeoutMs) && process.state() != QProcess::NotRunning) {
        if (pid > 0)
            ::kill(-pid_t(pid), SIGKILL);
        process.kill();
        process.waitForFinished(5000);
        return fail(QStringLiteral("timed out after %1 s")
                        .arg(QString::number(double(v.timeoutMs) / 1000.0, 'g', 6)));
    }
    const QString err = lastLines(QString::fromLocal8Bit(process.readAllStandardError()), 10);
    const QString tail =
        err.isEmpty() ? QStringLiteral(" (no stderr)") : QStringLiteral(": ") + err;
    if (process.exitStatus() == QProcess::CrashExit)
        return fail(QStringLiteral("crashed") + tail);
    if (process.exitCode() != 0)
        return fail(QStringLiteral("exited with code %1").arg(process.exitCode()) + tail);
    return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
}

// One variable's value, and what to say about it.
sb::Result<QString> valueOf(const plan::Variable &v, qint64 nowS, QString *detail)
{
    switch (v.kind) {
    case plan::Variable::Kind::Value:
        *detail = QStringLiteral("value");
        return v.value;
    case plan::Variable::Kind::Command: {
        sb::Result<QString> out = runCommand(v);
        if (out.ok())
            *detail = QStringLiteral("command %1: %2 bytes")
                          .arg(v.command.join(QLatin1Char(' ')))
                          .arg(out->toUtf8().size());
        return out;
    }
    case plan::Variable::Kind::Jwt: {
        sb::Result<QString> token = plan::signJwt(v.jwt, nowS);
        if (!token.ok())
            return sb::qtError(QStringLiteral("run.variable"), v.where,
                               QStringLiteral("variable \"%1\": ").arg(v.name) +
                                   sb::qtDetail(token.error()));
        *detail = QStringLiteral("JWT %1, expires in %2 s").arg(v.jwt.alg).arg(v.jwt.expiresInS);
        return token;
    }
    }
    return sb::qtError(QStringLiteral("run.variable"), v.where, QStringLiteral("unknown kind"));
}

// `text` without any secret of the plan, nor the secret values made so far.
QString redacted(const plan::Plan &plan, const QStringList &secrets, const QString &text)
{
    QString out = plan.redact(text);
    for (const QString &s : secrets)
        if (s.size() >= plan::kMinRedactedSecret)
            out.replace(s, plan::secretPlaceholder());
    return out;
}

} // namespace

VariableRun computeVariables(const plan::Plan &plan, qint64 nowS)
{
    VariableRun run;
    QStringList secrets;
    for (const plan::Variable &v : plan.variables) {
        QString detail;
        const sb::Result<QString> value = valueOf(v, nowS, &detail);
        if (value.ok()) {
            run.values.insert(v.name, *value);
            if (v.secret)
                secrets << *value;
            run.outcomes.append({v.name, true,
                                 redacted(plan, secrets, detail) +
                                     (v.secret ? QStringLiteral(" (secret)") : QString())});
            continue;
        }
        const sb::Error e{value.error().code, value.error().where,
                          redacted(plan, secrets, sb::qtDetail(value.error())).toStdString()};
        run.outcomes.append({v.name, false, sb::qtDetail(e)});
        if (!run.error)
            run.error = e;
    }
    if (!run.error)
        if (sb::Status st = plan::checkVariableValues(plan, run.values); !st.ok())
            run.error = st.error();
    return run;
}

} // namespace sb::run
