// `stackbench demo` (and `demo --gui`) copies the built-in plan to its data directory: an edited
// copy was overwritten silently at the next start; now it is kept, this build's plan is written
// beside it, and a line says so. A copy nobody edited follows the build.
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestDemoCopy : public QObject
{
    Q_OBJECT

    // `stackbench demo --profile nope` (it stops before any server starts) with its data under
    // `home`; its stderr.
    static QString runDemo(const QString &home)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), home);
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(STACKBENCH_BIN),
                {QStringLiteral("demo"), QStringLiteral("--profile"), QStringLiteral("nope")});
        if (!p.waitForFinished(60000))
            return QStringLiteral("did not finish");
        return QString::fromUtf8(p.readAllStandardError());
    }

    static QByteArray read(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    static bool write(const QString &path, const QByteArray &bytes)
    {
        QFile f(path);
        return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
    }

private slots:
    void anEditedDemoPlanIsKept()
    {
        QTemporaryDir home;
        QVERIFY(home.isValid());
        const QString plan = home.filePath(QStringLiteral("stackbench/demo/demo.json"));
        QString err = runDemo(home.path());
        const QByteArray builtin = read(plan);
        QVERIFY2(!builtin.isEmpty(), qPrintable(err));
        QVERIFY(builtin.contains("\"quick\""));

        QByteArray edited = builtin;
        edited.replace("\"quick\"", "\"my-quick\"");
        QVERIFY(write(plan, edited));
        err = runDemo(home.path());
        QCOMPARE(read(plan), edited);
        QVERIFY2(err.contains(QStringLiteral("was edited: kept")), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("my-quick")), qPrintable(err)); // the edited plan ran
        QCOMPARE(read(home.filePath(QStringLiteral("stackbench/demo/demo.builtin.json"))), builtin);
    }

    // A copy an older build wrote, untouched since (its recorded SHA-256 matches), follows this
    // build without a word.
    void anUntouchedOlderCopyFollowsTheBuild()
    {
        QTemporaryDir home;
        QVERIFY(home.isValid());
        const QString dir = home.filePath(QStringLiteral("stackbench/demo"));
        QVERIFY(QDir().mkpath(dir));
        const QByteArray older = "{\"name\": \"an older demo\"}\n";
        QVERIFY(write(dir + QStringLiteral("/demo.json"), older));
        QVERIFY(write(dir + QStringLiteral("/.demo.json.sha256"),
                      QCryptographicHash::hash(older, QCryptographicHash::Sha256).toHex()));
        const QString err = runDemo(home.path());
        QVERIFY2(!err.contains(QStringLiteral("was edited")), qPrintable(err));
        QVERIFY(read(dir + QStringLiteral("/demo.json")).contains("\"quick\""));
    }
};

QTEST_GUILESS_MAIN(TestDemoCopy)
#include "tst_democopy.moc"
