// The engine's API boundary (DESIGN.md, Architecture): ui/ and app/ reach the engine through
// Stackbench::Api (core, plan, store, report, run) and include no header of the hot path's
// libraries (engine/load, engine/sample, engine/http), which the API links privately. A file
// that includes one is named with its line, so the boundary cannot erode unseen.

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

class TestLayering : public QObject
{
    Q_OBJECT

private:
    // "file:line: text" of each include of a private library's header under `folder`.
    static QStringList privateIncludes(const QString &folder)
    {
        // (No raw string: moc's lexer would read the '#' inside it as a directive.)
        static const QRegularExpression include(
            QStringLiteral("^\\s*#\\s*include\\s*[<\"](load|sample|http)/[^\">]+[\">]"));
        QStringList found;
        QDirIterator it(QStringLiteral(STACKBENCH_SOURCE_DIR "/") + folder,
                        {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly))
                return {path + QStringLiteral(": cannot be read")};
            int line = 0;
            while (!f.atEnd()) {
                const QString text = QString::fromUtf8(f.readLine()).trimmed();
                ++line;
                if (include.match(text).hasMatch())
                    found << QStringLiteral("%1:%2: %3").arg(path).arg(line).arg(text);
            }
        }
        return found;
    }

private Q_SLOTS:
    void noPrivateEngineHeaders_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::newRow("ui") << QStringLiteral("ui");
        QTest::newRow("app") << QStringLiteral("app");
    }
    void noPrivateEngineHeaders()
    {
        QFETCH(QString, folder);
        QVERIFY(QDir(QStringLiteral(STACKBENCH_SOURCE_DIR "/") + folder).exists());
        const QStringList found = privateIncludes(folder);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    // The check itself finds what it looks for: the engine's own runner includes load headers.
    void theCheckSeesAnInclude()
    {
        QVERIFY(!privateIncludes(QStringLiteral("engine/run")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestLayering)
#include "tst_layering.moc"
