#pragma once

// Headless Chromium (Debian's chromium) on a local file, for the tests of the HTML report: the
// DOM as serialised after the page loaded (and its scripts, if any, ran) and the page's console
// messages. Each call has a profile directory of its own and no network or background services.

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace sb::test {

// Debian's chromium, or empty when it is not installed.
inline QString chromium()
{
    return QStandardPaths::findExecutable(QStringLiteral("chromium"));
}

struct Browsed
{
    QByteArray dom;      // --dump-dom: the document after load
    QStringList console; // the page's console messages (errors included)
    QString error;       // why Chromium gave nothing (empty: it did)
};

// Opens `file` with a fresh profile under `workDir`.
inline Browsed browse(const QString &file, const QString &workDir)
{
    static int n = 0;
    const QString profile = QStringLiteral("%1/profile%2").arg(workDir).arg(++n);
    QProcess p;
    p.start(chromium(),
            {QStringLiteral("--headless"), QStringLiteral("--no-sandbox"),
             QStringLiteral("--disable-gpu"), QStringLiteral("--disable-quic"),
             QStringLiteral("--no-first-run"), QStringLiteral("--disable-background-networking"),
             QStringLiteral("--disable-component-update"), QStringLiteral("--disable-sync"),
             QStringLiteral("--user-data-dir=") + profile,
             QStringLiteral("--enable-logging=stderr"), QStringLiteral("--v=0"),
             QStringLiteral("--dump-dom"), QUrl::fromLocalFile(file).toString()});
    Browsed out;
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished(5000);
        out.error = QStringLiteral("chromium did not finish");
        return out;
    }
    const QString err = QString::fromUtf8(p.readAllStandardError());
    out.dom = p.readAllStandardOutput();
    static const QRegularExpression console(QStringLiteral(":CONSOLE[:(]"));
    for (const QString &line : err.split(QLatin1Char('\n')))
        if (console.match(line).hasMatch())
            out.console << line;
    if (out.dom.isEmpty())
        out.error = QStringLiteral("no DOM; chromium said: ") + err.right(2000);
    return out;
}

} // namespace sb::test
