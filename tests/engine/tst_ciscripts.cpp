// The CI scripts a new user runs first (.ci/setup, .ci/build): setup installs every tool a test
// calls, so a fresh machine runs those tests instead of skipping them, and build shows CMake's
// configure warnings and keeps its log. The build is run against a stand-in cmake on PATH, so
// nothing is configured or compiled here.

#include "programrun.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kSource = QStringLiteral(STACKBENCH_SOURCE_DIR);

QString readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The Debian packages .ci/setup installs (the words of its PACKAGES=( ... ) list).
QSet<QString> setupPackages()
{
    const QString text = readText(kSource + QStringLiteral("/.ci/setup"));
    const qsizetype start = text.indexOf(QStringLiteral("PACKAGES=("));
    const qsizetype end = text.indexOf(QStringLiteral("\n)"), start);
    QSet<QString> out;
    if (start < 0 || end < 0)
        return out;
    for (const QString &line : text.mid(start + 10, end - start - 10).split(QLatin1Char('\n'))) {
        const QString code = line.section(QLatin1Char('#'), 0, 0);
        for (const QString &word : code.split(QLatin1Char(' '), Qt::SkipEmptyParts))
            out.insert(word);
    }
    return out;
}

// Programs a test looks for and skips without, and the Debian package that has each.
// Essential packages (bsdutils, util-linux) are on every Debian root.
struct Tool
{
    const char *program;
    const char *package; // nullptr: essential
};
const Tool kTestTools[] = {
    {"chromium", "chromium"}, {"dbus-daemon", "dbus-daemon"}, {"script", nullptr},
    {"unshare", nullptr},     {"setpriv", nullptr},           {"runuser", nullptr},
    {"ip", "iproute2"},
};

} // namespace

class TestCiScripts : public QObject
{
    Q_OBJECT

private slots:
    void setupInstallsTheValidators();
    void setupInstallsWhatTestsLookFor();
    void buildShowsConfigureWarnings();
    void buildFailsWithTheLog();
    void buildUsesCcacheWhenThere_data();
    void buildUsesCcacheWhenThere();
};

// The defect: installer_desktop_file, installer_metainfo and installer_manpage skipped on a fresh
// Debian 12 root: their validators were not among setup's packages.
void TestCiScripts::setupInstallsTheValidators()
{
    const QSet<QString> packages = setupPackages();
    QVERIFY2(packages.contains(QStringLiteral("cmake")), "cannot read .ci/setup's PACKAGES");
    const QString validate = readText(kSource + QStringLiteral("/installer/validate.sh"));
    static const QRegularExpression need(QStringLiteral("^\\s*need (\\S+) (\\S+)\\s*$"),
                                         QRegularExpression::MultilineOption);
    int validators = 0;
    for (auto it = need.globalMatch(validate); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        ++validators;
        QVERIFY2(packages.contains(m.captured(2)),
                 qPrintable(QStringLiteral("%1 (package %2) is not installed by .ci/setup")
                                .arg(m.captured(1), m.captured(2))));
    }
    QCOMPARE(validators, 3); // desktop-file-validate, appstreamcli, groff
}

// Every program a test looks up before it skips is in the table above, and its package is in
// .ci/setup: a new such test fails here until setup installs what it needs.
void TestCiScripts::setupInstallsWhatTestsLookFor()
{
    const QSet<QString> packages = setupPackages();
    QHash<QString, const Tool *> known;
    for (const Tool &t : kTestTools)
        known.insert(QString::fromLatin1(t.program), &t);
    static const QRegularExpression lookup(
        QStringLiteral("findExecutable\\(QStringLiteral\\(\"([^\"]+)\"\\)"));
    int lookups = 0;
    QDirIterator files(kSource + QStringLiteral("/tests"),
                       {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                       QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString file = files.next();
        for (auto it = lookup.globalMatch(readText(file)); it.hasNext();) {
            const QString program = it.next().captured(1);
            ++lookups;
            const Tool *tool = known.value(program);
            QVERIFY2(tool, qPrintable(QStringLiteral("%1 looks for %2: add its package to "
                                                     ".ci/setup and to kTestTools")
                                          .arg(file, program)));
            if (tool->package)
                QVERIFY2(packages.contains(QString::fromLatin1(tool->package)),
                         qPrintable(QStringLiteral("%1 needs %2 (package %3), which .ci/setup "
                                                   "does not install")
                                        .arg(file, program, QString::fromLatin1(tool->package))));
        }
    }
    QVERIFY(lookups >= 3);
}

namespace {

bool writeScript(const QString &path, const QString &text)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text.toUtf8()) < 0)
        return false;
    f.close();
    return f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

// A copy of .ci/build in `root`/.ci, and in `root`/bin (the build's whole PATH) the programs it
// uses and a stand-in cmake that records its arguments in `root`/bin/cmake-calls, says what
// `configureOutput` says and exits `configureExit` when configuring, and succeeds at --build;
// with `ccache`, a stand-in ccache too.
bool stageBuild(const QString &root, const QString &configureOutput, int configureExit,
                bool ccache = false)
{
    const QString bin = root + QStringLiteral("/bin");
    if (!QDir().mkpath(root + QStringLiteral("/.ci")) || !QDir().mkpath(bin))
        return false;
    if (!QFile::copy(kSource + QStringLiteral("/.ci/build"), root + QStringLiteral("/.ci/build")))
        return false;
    for (const char *tool : {"dirname", "mkdir", "grep", "sed", "nproc", "cat"}) {
        const QString found = QStandardPaths::findExecutable(QString::fromLatin1(tool));
        if (found.isEmpty() || !QFile::link(found, bin + QLatin1Char('/') + QLatin1String(tool)))
            return false;
    }
    if (ccache && !writeScript(bin + QStringLiteral("/ccache"), QStringLiteral("#!/bin/sh\n")))
        return false;
    return writeScript(bin + QStringLiteral("/cmake"),
                       QStringLiteral("#!/bin/sh\n"
                                      "echo \"$*\" >>\"$(dirname \"$0\")/cmake-calls\"\n"
                                      "case \" $* \" in *' --build '*) echo built; exit 0 ;; esac\n"
                                      "cat <<'EOF'\n%1EOF\nexit %2\n")
                           .arg(configureOutput)
                           .arg(configureExit));
}

// Runs the staged .ci/build with nothing but `root`/bin on PATH and no launcher asked for.
sb::test::Outcome runBuild(const QString &root)
{
    return sb::test::runProgram(
        QStringLiteral("/bin/bash"), {root + QStringLiteral("/.ci/build")}, 60'000,
        [&](QProcess &p) {
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("PATH"), root + QStringLiteral("/bin"));
            env.remove(QStringLiteral("CMAKE_CXX_COMPILER_LAUNCHER"));
            env.remove(QStringLiteral("CMAKE_C_COMPILER_LAUNCHER"));
            p.setProcessEnvironment(env);
        });
}

} // namespace

// The defect: .ci/build deleted CMake's configure output when the configure succeeded, so its
// warnings were never seen.
void TestCiScripts::buildShowsConfigureWarnings()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString output =
        QStringLiteral("-- The CXX compiler identification is GNU 12.2.0\n"
                       "CMake Warning at installer/manpage.cmake:5 (message):\n"
                       "  python3 not found: the man page stackbench.1 is not built\n"
                       "\n"
                       "-- Configuring done\n"
                       "CMake Deprecation Warning at CMakeLists.txt:1 (cmake_minimum_required):\n"
                       "  Compatibility with CMake < 3.5 will be removed\n"
                       "\n"
                       "-- Generating done\n");
    QVERIFY(stageBuild(dir.path(), output, 0));
    const sb::test::Outcome o = runBuild(dir.path());
    QCOMPARE(o.exitCode, 0);
    const QString out = QString::fromUtf8(o.out);
    QVERIFY2(out.contains(QStringLiteral("python3 not found: the man page")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("Compatibility with CMake < 3.5")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("build/configure.log")), qPrintable(out));
    QVERIFY2(!out.contains(QStringLiteral("Configuring done")), qPrintable(out)); // warnings only
    QVERIFY2(out.contains(QStringLiteral("built")), qPrintable(out));
    QCOMPARE(readText(dir.filePath(QStringLiteral("build/configure.log"))), output);

    // A configure without warnings prints nothing of it.
    QTemporaryDir quiet;
    QVERIFY(stageBuild(quiet.path(), QStringLiteral("-- Configuring done\n"), 0));
    const sb::test::Outcome q = runBuild(quiet.path());
    QCOMPARE(q.exitCode, 0);
    QCOMPARE(QString::fromUtf8(q.out), QStringLiteral("built\n"));
}

void TestCiScripts::buildFailsWithTheLog()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(stageBuild(dir.path(), QStringLiteral("CMake Error at CMakeLists.txt:9: no Qt\n"), 1));
    const sb::test::Outcome o = runBuild(dir.path());
    QCOMPARE(o.exitCode, 1);
    QVERIFY2(o.out.contains("CMake Error at CMakeLists.txt:9: no Qt"), o.out.constData());
    QVERIFY2(!o.out.contains("built"), o.out.constData());
}

void TestCiScripts::buildUsesCcacheWhenThere_data()
{
    QTest::addColumn<bool>("ccache");
    QTest::addColumn<QString>("launcher");
    QTest::newRow("ccache installed") << true << QStringLiteral("ccache");
    QTest::newRow("no ccache") << false << QString();
}

// Compiles go through ccache only when it is installed (a launcher that is not there would
// fail every compile).
void TestCiScripts::buildUsesCcacheWhenThere()
{
    QFETCH(bool, ccache);
    QFETCH(QString, launcher);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(stageBuild(dir.path(), QStringLiteral("-- Configuring done\n"), 0, ccache));
    const sb::test::Outcome o = runBuild(dir.path());
    QVERIFY2(o.exitCode == 0, (o.out + o.err).constData());
    const QString calls = readText(dir.filePath(QStringLiteral("bin/cmake-calls")));
    QVERIFY2(calls.contains(QStringLiteral("-DCMAKE_CXX_COMPILER_LAUNCHER=%1 "
                                           "-DCMAKE_C_COMPILER_LAUNCHER=%1\n")
                                .arg(launcher)),
             qPrintable(calls));
}

QTEST_GUILESS_MAIN(TestCiScripts)
#include "tst_ciscripts.moc"
