// The demo plan (resources/plans/demo.json): it loads with its four profiles and the variables
// the `demo` command sets (${demo_dir}, ${data_dir}, and the servers' ports ${demo_port_native}
// and ${demo_port_python}, chosen free at start: two demos at once get different ports, a port
// taken before is not chosen), the stackbench binary's resource carries it
// byte for byte, its /cpu digests and /me token are right, the quick profile is about a minute,
// the parity gate passes for both configurations as `stackbench check` runs it (the CLI cannot
// pass plan variables, so run::Runner::check with RunOptions::variables) and fails for a server
// that differs, and the ci profile runs with every window valid.

#include "core/qterror.h"
#include "plan/planloader.h"
#include "run/portreservation.h"
#include "run/runner.h"
#include "store/runstore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>
#include <algorithm>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace sb;

namespace {

const QString kPlan = QStringLiteral(STACKBENCH_SOURCE_DIR "/resources/plans/demo.json");
const QString kDemoDir = QStringLiteral(STACKBENCH_SOURCE_DIR "/resources/demo");
const QString kProtocolsPlan = kDemoDir + QStringLiteral("/protocols.json");

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The ports `stackbench demo` chooses from (app/demo.h: kDemoFirstPort, kDemoLastPort).
constexpr int kDemoFirstPort = 18201;
constexpr int kDemoLastPort = 18999;

// A socket listening on 127.0.0.1:port (closed by the caller), or -1.
int listenOn(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<uint16_t>(port));
    if (::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 || ::listen(fd, 1) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

// The demo's port variables as `stackbench demo` sets them from its reservation.
plan::PlanVariables withPorts(plan::PlanVariables vars, const run::PortReservation &ports)
{
    vars.insert(QStringLiteral("demo_port_native"), QString::number(ports.ports().value(0)));
    vars.insert(QStringLiteral("demo_port_python"), QString::number(ports.ports().value(1)));
    return vars;
}

// The /cpu digest computed with Qt, independently of both servers.
QString cpuChain(int n)
{
    QByteArray text = "stackbench";
    for (int i = 0; i < n; ++i)
        text = QCryptographicHash::hash(text, QCryptographicHash::Sha256).toHex();
    return QString::fromLatin1(text);
}

class Recorder : public run::RunObserver
{
public:
    void windowFinished(const run::WindowFinished &e) override { windows << e.window; }
    QVector<store::WindowRecord> windows;
};

// The lines of a check's report about the configurations' start and parity (the report also
// names the profile, the hooks' programs and the variables).
QStringList configurationLines(const QStringList &report)
{
    QStringList out;
    for (const QString &line : report)
        if (line.startsWith(QLatin1String("native: ")) ||
            line.startsWith(QLatin1String("python: ")))
            out << line;
    return out;
}

} // namespace

class TestDemoPlan : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    plan::PlanVariables m_vars;
    run::PortReservation m_ports; // this test's demo ports, held as `stackbench demo` holds them
    QString m_planCopy; // the plan with a foreign-CPU gate that cannot fire, otherwise as shipped

    plan::Plan load(const plan::PlanVariables &vars)
    {
        const plan::PlanLoad l = plan::loadPlan(kPlan, vars);
        if (!l.ok())
            qWarning("%s", qPrintable(l.errorText()));
        return l.plan.value_or(plan::Plan{});
    }

    run::RunOptions options(const QString &profile) const
    {
        run::RunOptions o;
        o.planPath = m_planCopy;
        o.profile = profile;
        o.variables = m_vars;
        o.storeLocation = m_dir.filePath(QStringLiteral("store.sqlite"));
        return o;
    }

private slots:
    void initTestCase()
    {
        if (!QFile::exists(QStringLiteral("/usr/bin/python3")))
            QSKIP("/usr/bin/python3 is not installed");
        QVERIFY(m_dir.isValid());
        const QString data = m_dir.filePath(QStringLiteral("data"));
        QVERIFY(QDir().mkpath(data));
        sb::Result<run::PortReservation> ports =
            run::PortReservation::reserve(2, kDemoFirstPort, kDemoLastPort);
        QVERIFY2(ports.ok(), ports.ok() ? "" : ports.error().toString().c_str());
        m_ports = std::move(*ports);
        m_vars = withPorts({{QStringLiteral("stackbench"), QStringLiteral(STACKBENCH_BIN)},
                            {QStringLiteral("demo_dir"), kDemoDir},
                            {QStringLiteral("data_dir"), data}},
                           m_ports);
        QJsonObject plan = QJsonDocument::fromJson(readFile(kPlan)).object();
        // The run below tests the servers and the plan, not the machine: other work on a shared
        // 2-core machine must not fail its windows, so its foreign-CPU gate cannot fire (the
        // gates have tests of their own: tst_gates, tst_runnerquiet).
        QJsonObject sampler = plan.value(QStringLiteral("sampler")).toObject();
        sampler.insert(QStringLiteral("foreign_gate"), QStringLiteral("100%machine"));
        plan.insert(QStringLiteral("sampler"), sampler);
        m_planCopy = m_dir.filePath(QStringLiteral("demo.json"));
        QFile f(m_planCopy);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(plan).toJson());
    }

    // The shipped file, as it is: two configurations, seven routes, four profiles.
    void loads()
    {
        const plan::PlanLoad l = plan::loadPlan(kPlan, m_vars);
        QVERIFY2(l.ok(), qPrintable(l.errorText()));
        QVERIFY(l.warnings.isEmpty());
        const plan::Plan &p = *l.plan;
        QCOMPARE(p.configurations.size(), 2);
        QCOMPARE(p.configurations[0].name, QStringLiteral("native"));
        QCOMPARE(p.configurations[1].name, QStringLiteral("python"));
        QStringList routes;
        for (const plan::Route &r : p.routes)
            routes << r.method + QLatin1Char(' ') + r.path.section(QLatin1Char('?'), 0, 0);
        QCOMPARE(routes, QStringList({QStringLiteral("GET /health"), QStringLiteral("POST /echo"),
                                      QStringLiteral("GET /me"), QStringLiteral("GET /users/42"),
                                      QStringLiteral("GET /users"), QStringLiteral("POST /orders"),
                                      QStringLiteral("GET /cpu")}));
        QStringList profiles;
        for (const plan::Profile &pr : p.profiles)
            profiles << pr.name;
        QCOMPARE(profiles, QStringList({QStringLiteral("quick"), QStringLiteral("full"),
                                        QStringLiteral("aa"), QStringLiteral("ci")}));
        QCOMPARE(p.profile(QStringLiteral("aa"))->kind, plan::Profile::Kind::AA);
        QCOMPARE(p.profile(QStringLiteral("aa"))->aaConfiguration, QStringLiteral("native"));
        QCOMPARE(p.profile(QStringLiteral("full"))->rounds, 3);
        // The full profile profiles one route of each server (the same cpu route on both, at one
        // concurrency); the quick one stays fast and profiles nothing.
        const plan::CpuProfiling &fullCpu = p.profile(QStringLiteral("full"))->profileCpu;
        QVERIFY(fullCpu.enabled);
        QCOMPARE(fullCpu.routes, QStringList{QStringLiteral("cpu")});
        QCOMPARE(fullCpu.concurrency, QList<int>{10});
        QCOMPARE(fullCpu.callGraph, QStringLiteral("dwarf"));
        for (const char *name : {"quick", "aa", "ci"})
            QVERIFY2(!p.profile(QLatin1String(name))->profileCpu.enabled, name);
        QVERIFY2(p.parity.size() >= 38, qPrintable(QString::number(p.parity.size())));
        // Every route's happy path is among the parity checks, answered as the route expects.
        for (const plan::Route &r : p.routes) {
            bool covered = false;
            for (const plan::ParityCheck &c : p.parity)
                covered = covered || (c.method == r.method && c.path == r.path &&
                                      c.expectStatus == r.expectStatus && c.body == r.body &&
                                      c.headers.size() == r.headers.size());
            QVERIFY2(covered, qPrintable(r.name));
        }
        // The servers' files go to ${data_dir}, their code comes from ${demo_dir}.
        const QString data = m_vars.value(QStringLiteral("data_dir"));
        // One database per port: two demos at once never share one.
        QCOMPARE(p.configurations[0].command.last(),
                 data + QStringLiteral("/native-%1.sqlite").arg(m_ports.ports().value(0)));
        QCOMPARE(p.configurations[1].command.last(),
                 data + QStringLiteral("/python-%1.sqlite").arg(m_ports.ports().value(1)));
        QCOMPARE(p.configurations[1].command[1], kDemoDir + QStringLiteral("/server.py"));
    }

    // Without the demo's variables the plan says which ones it needs.
    void needsVariables()
    {
        const plan::PlanLoad l = plan::loadPlan(kPlan);
        QVERIFY(!l.ok());
        const QString text = l.errorText();
        QVERIFY2(text.contains(QStringLiteral("${demo_dir}")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("${data_dir}")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("${demo_port_native}")), qPrintable(text));
    }

    // The defect: the servers had fixed ports (18201, 18202), so a second demo (the workbench
    // open on it and `stackbench demo` in a terminal) blocked the first's configurations. Two
    // demos prepared at once get four different ports; a port something listens on before the
    // start is not chosen; a demo that ends gives its ports back.
    void portsChosenFree()
    {
        int taken = -1;
        {
            sb::Result<run::PortReservation> probe =
                run::PortReservation::reserve(1, kDemoFirstPort, kDemoLastPort);
            QVERIFY(probe.ok());
            taken = probe->ports().value(0);
        } // released: the next demo would take it, were it not for this listener
        const int listener = listenOn(taken);
        QVERIFY2(listener >= 0, qPrintable(QString::number(taken)));
        auto closeListener = qScopeGuard([listener] { ::close(listener); });

        sb::Result<run::PortReservation> first =
            run::PortReservation::reserve(2, kDemoFirstPort, kDemoLastPort);
        sb::Result<run::PortReservation> second =
            run::PortReservation::reserve(2, kDemoFirstPort, kDemoLastPort);
        QVERIFY(first.ok() && second.ok());
        QList<int> all = first->ports() + second->ports() + m_ports.ports();
        QVERIFY2(!all.contains(taken), qPrintable(QString::number(taken)));
        std::sort(all.begin(), all.end());
        QVERIFY(std::adjacent_find(all.begin(), all.end()) == all.end());

        // The plan's two configurations take the ports the demo chose.
        const plan::Plan a = load(withPorts(m_vars, *first));
        const plan::Plan b = load(withPorts(m_vars, *second));
        QCOMPARE(a.configurations.size(), 2);
        QCOMPARE(b.configurations.size(), 2);
        QCOMPARE((QList<int>{a.configurations[0].port, a.configurations[1].port}), first->ports());
        QCOMPARE((QList<int>{b.configurations[0].port, b.configurations[1].port}), second->ports());
        QCOMPARE(a.configurations[0].baseUrl,
                 QStringLiteral("http://127.0.0.1:%1").arg(first->ports().value(0)));

        // A demo that ended (its reservation gone) leaves its ports to the next one.
        const QList<int> freed = first->ports();
        first = sb::Error{};
        sb::Result<run::PortReservation> third =
            run::PortReservation::reserve(2, kDemoFirstPort, kDemoLastPort);
        QVERIFY(third.ok());
        QCOMPARE(third->ports(), freed);
    }

    // A port value that does not expand to a port is an error at its place.
    void portMustExpandToAPort()
    {
        plan::PlanVariables vars = m_vars;
        vars.insert(QStringLiteral("demo_port_python"), QStringLiteral("70000"));
        const plan::PlanLoad l = plan::loadPlan(kPlan, vars);
        QVERIFY(!l.ok());
        QVERIFY2(l.errorText().contains(QStringLiteral("$.configurations[1].port")) &&
                     l.errorText().contains(QStringLiteral("not a port 1..65535")),
                 qPrintable(l.errorText()));
    }

    // The stackbench binary carries the plan as :/plans/demo.json (this test links the same
    // resource object library as the app).
    void embedded()
    {
        const QByteArray resource = readFile(QStringLiteral(":/plans/demo.json"));
        QVERIFY(!resource.isEmpty());
        QCOMPARE(resource, readFile(kPlan));
    }

    // The /cpu checks' digests, computed here with Qt; the route's n has a check.
    void cpuDigests()
    {
        const plan::Plan p = load(m_vars);
        int checked = 0;
        for (const plan::ParityCheck &c : p.parity) {
            if (!c.path.startsWith(QStringLiteral("/cpu")) || c.expectStatus != 200)
                continue;
            const QUrlQuery q(c.path.section(QLatin1Char('?'), 1));
            const int n = q.hasQueryItem(QStringLiteral("n"))
                              ? q.queryItemValue(QStringLiteral("n")).toInt()
                              : 1000;
            for (const plan::JsonFieldCheck &f : c.json) {
                if (f.field == QStringLiteral("digest")) {
                    QCOMPARE(f.equals->toString(), cpuChain(n));
                    ++checked;
                }
            }
        }
        QCOMPARE(checked, 2);
        QCOMPARE(p.route(QStringLiteral("cpu"))->path, QStringLiteral("/cpu?n=15000"));
    }

    // The /me route's token is what `stackbench target --token 7` prints.
    void token()
    {
        QProcess cli;
        cli.start(QStringLiteral(STACKBENCH_BIN),
                  {QStringLiteral("target"), QStringLiteral("--token"), QStringLiteral("7")});
        QVERIFY(cli.waitForFinished(10000));
        const QString expected =
            QStringLiteral("Bearer ") + QString::fromLatin1(cli.readAllStandardOutput().trimmed());
        const plan::Plan p = load(m_vars);
        QCOMPARE(p.route(QStringLiteral("me"))->header(QStringLiteral("Authorization")), expected);
    }

    // How long each profile measures: windows x (warm-up + measured window), from the plan.
    void durations_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<int>("windows");
        QTest::addColumn<double>("minS");
        QTest::addColumn<double>("maxS");
        QTest::newRow("quick") << QStringLiteral("quick") << 56 << 45.0 << 90.0;
        QTest::newRow("ci") << QStringLiteral("ci") << 14 << 10.0 << 40.0;
        QTest::newRow("full") << QStringLiteral("full") << 126 << 3600.0 << 5400.0;
    }

    void durations()
    {
        QFETCH(QString, profile);
        QFETCH(int, windows);
        QFETCH(double, minS);
        QFETCH(double, maxS);
        const plan::Plan p = load(m_vars);
        const plan::Profile *pr = p.profile(profile);
        QVERIFY(pr);
        const int count = pr->rounds * int(p.configurations.size()) * int(p.routes.size()) *
                          int(pr->concurrency.size());
        QCOMPARE(count, windows);
        const double seconds =
            count * double(pr->warmup.durationMs + pr->measureMs + pr->cooldownMs) / 1000.0;
        qInfo("%s: %d windows x %.1f s = %.0f s", qPrintable(profile), count, seconds / count,
              seconds);
        QVERIFY2(seconds >= minS && seconds <= maxS, qPrintable(QString::number(seconds)));
    }

    // The parity gate of both configurations, as `stackbench check` runs it.
    void check()
    {
        run::Runner runner;
        QStringList report;
        const sb::Result<bool> r = runner.check(options(QStringLiteral("quick")), &report);
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(sb::qtText(r.error())));
        QVERIFY2(*r, qPrintable(report.join(QLatin1Char('\n'))));
        const int checks = int(load(m_vars).parity.size());
        QCOMPARE(report.first(), QStringLiteral("profile: quick"));
        QCOMPARE(
            configurationLines(report),
            QStringList({QStringLiteral("native: ready, %1 parity check(s) passed").arg(checks),
                         QStringLiteral("python: ready, %1 parity check(s) passed").arg(checks)}));
        // The databases went to ${data_dir}; nothing was written beside the server's code.
        const QDir data(m_vars.value(QStringLiteral("data_dir")));
        QVERIFY(data.exists(QStringLiteral("native-%1.sqlite").arg(m_ports.ports().value(0))));
        QVERIFY(data.exists(QStringLiteral("python-%1.sqlite").arg(m_ports.ports().value(1))));
        QStringList written =
            QDir(kDemoDir).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot);
        written.removeIf([](const QString &f) {
            return f.endsWith(QStringLiteral(".py")) || f == QStringLiteral("protocols.json");
        });
        QVERIFY2(written.isEmpty(), qPrintable(written.join(QLatin1Char(' '))));
    }

    // A Python server that answers one route differently does not pass.
    void checkCatchesADifference()
    {
        const QString broken = m_dir.filePath(QStringLiteral("broken-demo"));
        QVERIFY(QDir().mkpath(broken));
        for (const QString &f : QDir(kDemoDir).entryList({QStringLiteral("*.py")}, QDir::Files)) {
            QByteArray code = readFile(kDemoDir + QLatin1Char('/') + f);
            if (f == QStringLiteral("demorouter.py")) {
                QVERIFY(code.contains(R"({"status":"ok"})"));
                code.replace(R"({"status":"ok"})", R"({"status":"OK"})");
            }
            QFile out(broken + QLatin1Char('/') + f);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(code);
        }
        run::RunOptions o = options(QStringLiteral("quick"));
        o.variables.insert(QStringLiteral("demo_dir"), broken);
        o.only = QStringList{QStringLiteral("python")};
        run::Runner runner;
        QStringList report;
        const sb::Result<bool> r = runner.check(o, &report);
        QVERIFY(r.ok());
        QVERIFY(!*r);
        report = configurationLines(report);
        QCOMPARE(report.size(), 1);
        QVERIFY2(report[0].startsWith(QStringLiteral("python: parity failed: ")) &&
                     report[0].contains(QStringLiteral("/health")) &&
                     report[0].contains(QStringLiteral("\"OK\"")),
                 qPrintable(report[0]));
    }

    // The ci profile end to end through the runner: every window valid.
    void ciRun()
    {
        Recorder recorder;
        run::Runner runner(&recorder);
        const sb::Result<run::RunFinished> r = runner.run(options(QStringLiteral("ci")));
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(sb::qtText(r.error())));
        QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
        QVERIFY2(r->blockedConfigurations.isEmpty(),
                 qPrintable(r->blockedConfigurations.join(QLatin1Char('\n'))));
        QCOMPARE(r->status, QStringLiteral("finished"));
        QCOMPARE(r->validWindows, 14);
        QCOMPARE(r->invalidWindows, 0);
        for (const store::WindowRecord &w : recorder.windows) {
            QVERIFY2(w.valid, qPrintable(w.configuration + QLatin1Char(' ') + w.route +
                                         QStringLiteral(": ") + w.invalidReason));
            QCOMPARE(w.ok, w.requests);
            QVERIFY(w.ok > 0);
            qInfo("ci: %-6s %-6s c=%d  %8.1f 2xx/s  %.2f cores", qPrintable(w.configuration),
                  qPrintable(w.route), w.concurrency, double(w.ok) / w.elapsedS, w.serverCoresMean);
        }
    }

    // The protocols plan (resources/demo/protocols.json, `stackbench demo --profile protocols`):
    // the reference target over HTTP/1.1, HTTP/1.1 over TLS (verified against the demo's own
    // certificate), h2c and h2, each passing the same parity checks as `stackbench check` runs
    // them, then its profile through the runner with every window valid.
    // Until the plan loader knows "protocol" and "streams" (issue 24's plan keys), the two HTTP/2
    // configurations are checked and measured without those keys (over HTTP/1.1, to the same
    // HTTP/2-enabled servers) and the test says so.
    void protocolsPlan()
    {
        const QString data = m_dir.filePath(QStringLiteral("protocols-data"));
        QVERIFY(QDir().mkpath(data));
        QProcess cert;
        cert.start(QStringLiteral(STACKBENCH_BIN),
                   {QStringLiteral("target"), QStringLiteral("--make-cert"),
                    data + QStringLiteral("/tls")});
        QVERIFY(cert.waitForFinished(60'000));
        QCOMPARE(cert.exitCode(), 0);
        sb::Result<run::PortReservation> more =
            run::PortReservation::reserve(3, kDemoFirstPort, kDemoLastPort);
        QVERIFY(more.ok());
        plan::PlanVariables vars = m_vars;
        vars.insert(QStringLiteral("data_dir"), data);
        vars.insert(QStringLiteral("demo_port_https"), QString::number(more->ports().value(0)));
        vars.insert(QStringLiteral("demo_port_h2c"), QString::number(more->ports().value(1)));
        vars.insert(QStringLiteral("demo_port_h2"), QString::number(more->ports().value(2)));

        QJsonObject plan = QJsonDocument::fromJson(readFile(kProtocolsPlan)).object();
        const QJsonArray configurations = plan.value(QStringLiteral("configurations")).toArray();
        QStringList names;
        for (const QJsonValue &c : configurations)
            names << c.toObject().value(QStringLiteral("name")).toString();
        QCOMPARE(names, QStringList({QStringLiteral("native"), QStringLiteral("native-https"),
                                     QStringLiteral("native-h2c"), QStringLiteral("native-h2")}));
        const plan::PlanLoad shipped = plan::loadPlan(kProtocolsPlan, vars);
        QVERIFY2(shipped.ok(), qPrintable(shipped.errorText()));
        QCOMPARE(shipped.plan->configurations.size(), 4);
        QVERIFY(shipped.plan->configurations[1].baseUrl.startsWith(QStringLiteral("https://")));
        QVERIFY(shipped.plan->configurations[3].baseUrl.startsWith(QStringLiteral("https://")));
        QCOMPARE(int(shipped.plan->configurations[2].protocol), int(plan::HttpProtocol::Http2));
        QCOMPARE(int(shipped.plan->configurations[3].protocol), int(plan::HttpProtocol::Http2));
        QJsonObject sampler;
        sampler.insert(QStringLiteral("foreign_gate"), QStringLiteral("100%machine"));
        plan.insert(QStringLiteral("sampler"), sampler);
        const QString copy = m_dir.filePath(QStringLiteral("protocols.json"));
        QFile f(copy);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(plan).toJson());
        f.close();

        run::RunOptions o;
        o.planPath = copy;
        o.profile = QStringLiteral("protocols");
        o.variables = vars;
        o.storeLocation = m_dir.filePath(QStringLiteral("protocols-store.sqlite"));
        {
            run::Runner runner;
            QStringList report;
            const sb::Result<bool> r = runner.check(o, &report);
            QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(sb::qtText(r.error())));
            QVERIFY2(*r, qPrintable(report.join(QLatin1Char('\n'))));
            const int checks = int(plan.value(QStringLiteral("parity")).toArray().size());
            QVERIFY(checks >= 30);
            for (const QString &name : names)
                QVERIFY2(report.contains(QStringLiteral("%1: ready, %2 parity check(s) passed")
                                             .arg(name)
                                             .arg(checks)),
                         qPrintable(report.join(QLatin1Char('\n'))));
        }
        Recorder recorder;
        run::Runner runner(&recorder);
        const sb::Result<run::RunFinished> r = runner.run(o);
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(sb::qtText(r.error())));
        QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
        QCOMPARE(r->status, QStringLiteral("finished"));
        QCOMPARE(r->validWindows, 12); // 4 configurations x 3 routes x c=8
        for (const store::WindowRecord &w : recorder.windows) {
            QVERIFY2(w.valid, qPrintable(w.configuration + QLatin1Char(' ') + w.route +
                                         QStringLiteral(": ") + w.invalidReason));
            QCOMPARE(w.ok, w.requests);
            QVERIFY(w.ok > 0);
            qInfo("protocols: %-12s %-6s c=%d  %8.1f 2xx/s", qPrintable(w.configuration),
                  qPrintable(w.route), w.concurrency, double(w.ok) / w.elapsedS);
        }
        // What the TLS windows' connections agreed on, measured: HTTP/2 by ALPN on native-h2.
        auto store = store::RunStore::open(o.storeLocation);
        QVERIFY(store.ok());
        const auto configs = (*store)->configurations(r->runId);
        QVERIFY(configs.ok());
        for (const store::ConfigurationRecord &c : *configs) {
            const QString tls = c.info.value(QStringLiteral("tls")).toString();
            const QString protocol = c.info.value(QStringLiteral("protocol")).toString();
            qInfo("protocols: %s: %s; %s", qPrintable(c.name), qPrintable(protocol),
                  qPrintable(tls));
            if (c.name == QLatin1String("native-h2"))
                QVERIFY2(tls.startsWith(QLatin1String("HTTP/2 over TLS 1.")) &&
                             tls.contains(QLatin1String("ALPN h2")),
                         qPrintable(tls));
            if (c.name == QLatin1String("native-https"))
                QVERIFY2(tls.contains(QLatin1String("ALPN http/1.1")), qPrintable(tls));
            if (c.name == QLatin1String("native-h2c"))
                QVERIFY2(protocol.contains(QLatin1String("h2c")), qPrintable(protocol));
        }
    }

    // `stackbench demo` as a user runs it: the plan from the binary, the Python server from the
    // source tree, the data under the user's data directory, the report beside the store. This
    // test holds two demo ports meanwhile (as a workbench open on the demo would): the demo
    // says which it chose, and they are others.
    void demoCommandRunsHeadless()
    {
        QTemporaryDir home;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        p.setProcessEnvironment(env);
        const QString store = home.filePath(QStringLiteral("store/runs.sqlite"));
        QDir().mkpath(home.filePath(QStringLiteral("store")));
        p.start(QStringLiteral(STACKBENCH_BIN),
                {QStringLiteral("demo"), QStringLiteral("--profile"), QStringLiteral("ci"),
                 QStringLiteral("--store"), store});
        QVERIFY(p.waitForFinished(240'000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        const QString err = QString::fromUtf8(p.readAllStandardError());
        // The shipped plan keeps its default foreign-CPU gate: on a machine busy with other work
        // the gate catches windows (each line names foreign-cpu) and cells may run out of
        // retries; what was measured is still reported. Only then is the strict check skipped.
        bool caught = false;
        for (const QString &line : out.split(QLatin1Char('\n')))
            if (line.startsWith(QStringLiteral("  FAIL "))) {
                QVERIFY2(line.contains(QStringLiteral("foreign-cpu")), qPrintable(line));
                caught = true;
            }
        if (!caught) {
            QVERIFY2(p.exitCode() == 0, qPrintable(out.right(2000) + err));
            QVERIFY2(out.contains(QStringLiteral("finished: 14 valid windows, 0 invalid attempts")),
                     qPrintable(out.right(2000)));
        }
        QVERIFY(out.contains(QStringLiteral("ratio 2xx/s")));
        const QRegularExpressionMatch ports =
            QRegularExpression(QStringLiteral("^stackbench demo: ports ([0-9]+) \\(native\\) and "
                                              "([0-9]+) \\(python\\)"),
                               QRegularExpression::MultilineOption)
                .match(err);
        QVERIFY2(ports.hasMatch(), qPrintable(err));
        for (int i : {1, 2})
            QVERIFY2(!m_ports.ports().contains(ports.captured(i).toInt()), qPrintable(err));
        QVERIFY(QFile::exists(home.filePath(QStringLiteral("data/stackbench/demo/demo.json"))));
        // The throwaway certificate of the protocols plan, made with the set-up.
        QVERIFY(QFile::exists(home.filePath(QStringLiteral("data/stackbench/demo/tls/cert.pem"))));
        const QStringList reports = QDir(home.filePath(QStringLiteral("store")))
                                        .entryList({QStringLiteral("demo-report-*.md")});
        QCOMPARE(reports.size(), 1);
        QVERIFY2(err.contains(QStringLiteral("wrote ")), qPrintable(err));
        QFile report(home.filePath(QStringLiteral("store/")) + reports.first());
        QVERIFY(report.open(QIODevice::ReadOnly));
        QVERIFY(report.readAll().startsWith("# demo: run "));
        if (caught)
            QSKIP("the machine was busy: the default foreign-CPU gate caught windows (checked: "
                  "each was caught for foreign CPU, the run and its report were still written)");
    }
};

QTEST_GUILESS_MAIN(TestDemoPlan)
#include "tst_demoplan.moc"
