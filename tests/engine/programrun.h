#pragma once

// Runs a program to its end and keeps what it said: the command-line tests' one way of starting
// the stackbench binary (or any other) and reading its exit code and output.

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <functional>

namespace sb::test {

struct Outcome
{
    int exitCode = -1; // -1: still running at the deadline (killed); -2: ended by a signal
    QByteArray out;
    QByteArray err;
};

// `setUp` may prepare the process before it starts (a child process modifier, its environment).
inline Outcome runProgram(const QString &program, const QStringList &args, int timeoutMs = 60'000,
                          const std::function<void(QProcess &)> &setUp = {})
{
    QProcess p;
    if (setUp)
        setUp(p);
    p.start(program, args);
    Outcome o;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return o;
    }
    o.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    o.out = p.readAllStandardOutput();
    o.err = p.readAllStandardError();
    return o;
}

// A `setUp` for runProgram: the program starts as on a headless machine, with no display of any
// kind in its environment.
inline void withoutADisplay(QProcess &p)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QLatin1String(name));
    p.setProcessEnvironment(env);
}

} // namespace sb::test
