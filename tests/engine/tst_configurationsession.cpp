// The configuration session's decisions as pure functions: the parity gate's verdict on the
// answers a configuration gave (run/paritygate.h), what a version probe's output says
// (run/versionprobe.h), and when a tree's CPUs are worth a warning (run/configurationsession.h).

#include "run/configurationsession.h"
#include "run/paritygate.h"
#include "run/versionprobe.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace sb;

namespace {

plan::ParityCheck check(const QString &name, const QString &path, int expect,
                        const QString &contentType = QString())
{
    plan::ParityCheck c;
    c.name = name;
    c.path = path;
    c.expectStatus = expect;
    c.contentType = contentType;
    return c;
}

run::HttpResponse answer(int status, const QByteArray &contentType, const QByteArray &body,
                         const QString &error = QString())
{
    run::HttpResponse r;
    r.status = status;
    r.contentType = contentType;
    r.body = body;
    r.error = error;
    if (!contentType.isEmpty())
        r.headers.append({QByteArrayLiteral("Content-Type"), contentType});
    return r;
}

const QString kSecret = QStringLiteral("tok-3141592653");

plan::Plan parityPlan()
{
    plan::Plan p;
    p.parity << check(QStringLiteral("health"), QStringLiteral("/health"), 200,
                      QStringLiteral("application/json"))
             << check(QStringLiteral("missing"), QStringLiteral("/users/0"), 404);
    p.secretValues << kSecret;
    return p;
}

} // namespace

Q_DECLARE_METATYPE(QList<sb::run::HttpResponse>)

class TestConfigurationSession : public QObject
{
    Q_OBJECT

private slots:
    void parity_data()
    {
        QTest::addColumn<QList<run::HttpResponse>>("answers");
        QTest::addColumn<QStringList>("failed"); // names of the failed checks
        QTest::addColumn<QString>("summary");

        const run::HttpResponse json = answer(200, "application/json", "{}");
        const run::HttpResponse notFound = answer(404, "text/plain", "no");
        QTest::newRow("both pass") << QList<run::HttpResponse>{json, notFound} << QStringList{}
                                   << QStringLiteral("parity gate: 2 check(s) passed");
        QTest::newRow("wrong status")
            << QList<run::HttpResponse>{json, answer(200, "text/plain", "x")}
            << QStringList{QStringLiteral("missing")}
            << QStringLiteral("parity gate: 1 of 2 check(s) failed: missing (GET /users/0): GET "
                              "/users/0 answered status 200, expected 404");
        QTest::newRow("wrong content type")
            << QList<run::HttpResponse>{answer(200, "text/html", "<p>"), notFound}
            << QStringList{QStringLiteral("health")}
            << QStringLiteral("parity gate: 1 of 2 check(s) failed: health (GET /health): GET "
                              "/health answered Content-Type \"text/html\", expected "
                              "\"application/json\"");
        QTest::newRow("no response, a secret in the error")
            << QList<run::HttpResponse>{answer(0, "", "", QStringLiteral("refused ") + kSecret),
                                        notFound}
            << QStringList{QStringLiteral("health")}
            << QStringLiteral("parity gate: 1 of 2 check(s) failed: health (GET /health): no "
                              "response: refused <secret>");
        QTest::newRow("an answer missing")
            << QList<run::HttpResponse>{json} << QStringList{QStringLiteral("missing")}
            << QStringLiteral("parity gate: 1 of 2 check(s) failed: missing (GET /users/0): no "
                              "response: not asked");
    }

    void parity()
    {
        QFETCH(QList<run::HttpResponse>, answers);
        QFETCH(QStringList, failed);
        QFETCH(QString, summary);
        const plan::Plan p = parityPlan();
        const run::ParityVerdict v = run::judgeParity(p, answers);
        QCOMPARE(v.passed(), failed.isEmpty());
        QCOMPARE(v.summary, summary);
        QCOMPARE(v.failures.size(), failed.size());
        QCOMPARE(v.results.size(), p.parity.size());
        QStringList failedNames;
        for (const QJsonValue &r : v.results) {
            const QJsonObject entry = r.toObject();
            QVERIFY(entry.contains(QStringLiteral("status")));
            QVERIFY(entry.contains(QStringLiteral("headers")));
            QCOMPARE(entry.value(QStringLiteral("passed")).toBool(),
                     !entry.contains(QStringLiteral("problem")));
            if (!entry.value(QStringLiteral("passed")).toBool())
                failedNames << entry.value(QStringLiteral("check")).toString();
        }
        QCOMPARE(failedNames, failed);
    }

    // What the gate keeps of an answer: headers and the first 4,000 bytes of the body, with
    // every secret replaced.
    void parityKeepsARedactedPrefix()
    {
        plan::Plan p = parityPlan();
        p.parity.removeLast();
        run::HttpResponse r =
            answer(200, "application/json", kSecret.toUtf8() + QByteArray(10'000, 'x'));
        r.headers.append({QByteArrayLiteral("X-Echo"), kSecret.toUtf8()});
        const run::ParityVerdict v = run::judgeParity(p, {r});
        QVERIFY(v.passed());
        const QJsonObject entry = v.results.first().toObject();
        const QString body = entry.value(QStringLiteral("body")).toString();
        QVERIFY(body.startsWith(QStringLiteral("<secret>")));
        QCOMPARE(body.size(), 4000 - kSecret.size() + QStringLiteral("<secret>").size());
        QCOMPARE(entry.value(QStringLiteral("headers")).toArray().last().toString(),
                 QStringLiteral("X-Echo: <secret>"));
    }

    void noParityChecks()
    {
        const run::ParityVerdict v = run::judgeParity(plan::Plan{}, {});
        QVERIFY(v.passed());
        QCOMPARE(v.summary, QStringLiteral("parity gate: the plan has no parity checks"));
    }

    void version_data()
    {
        QTest::addColumn<QString>("match");
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("warned");
        QTest::newRow("whole output")
            << QString() << QStringLiteral("  1.2.3\n") << QStringLiteral("1.2.3") << false;
        QTest::newRow("a capture")
            << QStringLiteral("v(\\d+\\.\\d+)") << QStringLiteral("Bun v1.1 (linux)")
            << QStringLiteral("1.1") << false;
        QTest::newRow("no match") << QStringLiteral("v(\\d+)") << QStringLiteral("unknown\nmore")
                                  << QStringLiteral("error: the output does not match \"v(\\d+)\"")
                                  << true;
        QTest::newRow("a secret in the version")
            << QString() << kSecret << QStringLiteral("<secret>") << false;
    }

    void version()
    {
        QFETCH(QString, match);
        QFETCH(QString, output);
        QFETCH(QString, text);
        QFETCH(bool, warned);
        plan::Plan p;
        p.secretValues << kSecret;
        plan::VersionProbe probe;
        probe.name = QStringLiteral("bun");
        probe.command = QStringList{QStringLiteral("bun"), QStringLiteral("--version")};
        probe.match = match;
        const run::VersionReading r = run::versionFromOutput(p, probe, output);
        QCOMPARE(r.text, text);
        QCOMPARE(!r.warning.isEmpty(), warned);
        if (warned)
            QVERIFY2(r.warning.contains(QStringLiteral("\"unknown\"")) &&
                         r.warning.contains(QStringLiteral("bun --version")),
                     qPrintable(r.warning));
    }

    void cpuWarning_data()
    {
        using Cpus = std::vector<int>;
        QTest::addColumn<Cpus>("asked");
        QTest::addColumn<Cpus>("applied");
        QTest::addColumn<bool>("uniform");
        QTest::addColumn<QString>("warning");
        QTest::newRow("none asked") << Cpus{} << Cpus{0, 1} << true << QString();
        QTest::newRow("as asked") << Cpus{0, 1} << Cpus{0, 1} << true << QString();
        QTest::newRow("elsewhere")
            << Cpus{0} << Cpus{1} << true
            << QStringLiteral("'a' asked for CPUs 0 but its processes run on 1");
        QTest::newRow("not all on one set")
            << Cpus{0, 1} << Cpus{0, 1} << false
            << QStringLiteral("'a' asked for CPUs 0-1 but its processes run on 0-1 (not all on "
                              "the same set)");
    }

    void cpuWarning()
    {
        QFETCH(std::vector<int>, asked);
        QFETCH(std::vector<int>, applied);
        QFETCH(bool, uniform);
        QFETCH(QString, warning);
        QCOMPARE(run::cpuSetWarning(QStringLiteral("a"), asked, applied, uniform), warning);
    }
};

QTEST_GUILESS_MAIN(TestConfigurationSession)
#include "tst_configurationsession.moc"
