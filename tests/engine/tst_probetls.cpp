// The readiness probe, the parity gate's requests and a plan's measured window over https://,
// against nginx-light with ssl and the throwaway CA of tlsfixtures.h: verification by the CA
// file, refused without it (the system store does not know the CA), off when insecure; the
// plan's "tls" settings reach the window's load.

#include "core/qterror.h"
#include "plan/planloader.h"
#include "run/httpprobe.h"
#include "run/loadjson.h"
#include "run/loadwindow.h"
#include "run/runner.h"
#include "run/windowmeasurement.h"
#include "store/runstore.h"
#include "tlsfixtures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

using sb::plan::ParityCheck;
using sb::plan::RequestSpec;
using sb::plan::TlsSettings;
using sb::run::HttpResponse;

namespace {

RequestSpec get(const QString &path)
{
    RequestSpec r;
    r.method = QStringLiteral("GET");
    r.path = path;
    return r;
}

TlsSettings caFile(const QString &file)
{
    TlsSettings t;
    t.caFile = file;
    return t;
}

TlsSettings insecure()
{
    TlsSettings t;
    t.insecure = true;
    return t;
}

} // namespace

class TestProbeTls : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        std::signal(SIGPIPE, SIG_IGN);
        QVERIFY(m_dir.isValid());
        QVERIFY(m_nginxDir.isValid());
        m_certs = std::make_unique<sb::test::TlsCertificates>(m_dir.path());
        QVERIFY2(m_certs->ok(), qPrintable(m_certs->error()));
        m_nginx = std::make_unique<sb::test::NginxTls>(
            m_nginxDir.path(), *m_certs,
            QStringList{QStringLiteral("good"), QStringLiteral("expired"), QStringLiteral("self"),
                        QStringLiteral("other")});
        QVERIFY2(m_nginx->port(QStringLiteral("good")) != 0, qPrintable(m_nginx->error()));
    }

    void cleanupTestCase() { m_nginx.reset(); }

    void probeVerifiesWithTheCaFile()
    {
        const HttpResponse r = sb::run::httpRequest(base("good"), get(QStringLiteral("/")), 10'000,
                                                    caFile(m_certs->caFile()));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.body, QByteArray("hello, tls\n"));
        // The name: "localhost" is in the certificate too (SNI sent, host name checked).
        const HttpResponse byName = sb::run::httpRequest(
            QStringLiteral("https://localhost:%1").arg(m_nginx->port(QStringLiteral("good"))),
            get(QStringLiteral("/")), 10'000, caFile(m_certs->caFile()));
        QVERIFY2(byName.error.isEmpty(), qPrintable(byName.error));
        QCOMPARE(byName.status, 200);
    }

    // Without the CA file the system store decides: it does not know the throwaway CA.
    void probeRefusedWithoutTheCa()
    {
        const HttpResponse r =
            sb::run::httpRequest(base("good"), get(QStringLiteral("/")), 10'000, TlsSettings{});
        QCOMPARE(r.status, 0);
        QVERIFY2(r.error.startsWith(QLatin1String("certificate verify failed: ")),
                 qPrintable(r.error));
        qInfo("%s", qPrintable(r.error));
    }

    void probeNamesTheCertificateFault_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("error");
        QTest::newRow("self-signed") << QStringLiteral("self")
                                     << QStringLiteral("certificate verify failed: self-signed "
                                                       "certificate");
        QTest::newRow("expired") << QStringLiteral("expired")
                                 << QStringLiteral("certificate verify failed: certificate has "
                                                   "expired");
        QTest::newRow("another name")
            << QStringLiteral("other")
            << QStringLiteral("certificate verify failed: IP address mismatch");
    }

    void probeNamesTheCertificateFault()
    {
        QFETCH(QString, server);
        QFETCH(QString, error);
        const HttpResponse r =
            sb::run::httpRequest(base(server.toLatin1().constData()), get(QStringLiteral("/")),
                                 10'000, caFile(m_certs->caFile()));
        QCOMPARE(r.status, 0);
        QCOMPARE(r.error, error);
        // Insecure: the same server answers.
        const HttpResponse off = sb::run::httpRequest(base(server.toLatin1().constData()),
                                                      get(QStringLiteral("/")), 10'000, insecure());
        QVERIFY2(off.error.isEmpty(), qPrintable(off.error));
        QCOMPARE(off.status, 200);
    }

    // A plain-HTTP server spoken to with https://: the handshake fails, named.
    void handshakeFailureIsNamed()
    {
        const HttpResponse r =
            sb::run::httpRequest(QStringLiteral("https://127.0.0.1:%1").arg(m_nginx->stubPort()),
                                 get(QStringLiteral("/stub")), 10'000, insecure());
        QCOMPARE(r.status, 0);
        QVERIFY2(r.error.startsWith(QLatin1String("TLS handshake failed: ")), qPrintable(r.error));
        qInfo("%s", qPrintable(r.error));
    }

    void waitReadyOverTls()
    {
        sb::plan::ReadyProbe ready;
        ready.path = QStringLiteral("/health");
        ready.timeoutMs = 10'000;
        sb::run::ReadyTimes times;
        const sb::Status ok =
            sb::run::waitReady(base("good"), ready, {}, &times, caFile(m_certs->caFile()));
        QVERIFY2(ok.ok(), ok.ok() ? "" : sb::qtDetail(ok.error()).toUtf8().constData());
        QVERIFY(times.acceptMs >= 0);
        QVERIFY(times.readyMs >= times.acceptMs);
        QVERIFY(sb::run::waitReady(base("good"), ready, {}, nullptr, insecure()).ok());

        ready.timeoutMs = 1000;
        const sb::Status refused = sb::run::waitReady(base("good"), ready, {}, nullptr, {});
        QVERIFY(!refused.ok());
        QCOMPARE(sb::qtCode(refused.error()), QStringLiteral("run.ready-timeout"));
        QVERIFY2(sb::qtDetail(refused.error()).contains(QLatin1String("certificate verify failed")),
                 qPrintable(sb::qtDetail(refused.error())));
    }

    // acceptsConnections() stays a bare TCP connect: no handshake, also for https://.
    void acceptsConnectionsIsTcpOnly()
    {
        const sb::Result<sb::http::Url> url =
            sb::http::parseUrl(QStringLiteral("https://127.0.0.1:%1/")
                                   .arg(m_nginx->port(QStringLiteral("self")))
                                   .toStdString());
        QVERIFY(url.ok());
        QVERIFY(sb::run::acceptsConnections(*url, 5000));
    }

    // The parity gate's request over https and its judgement of the answer.
    void parityOverTls()
    {
        ParityCheck check;
        check.name = QStringLiteral("hello");
        check.method = QStringLiteral("GET");
        check.path = QStringLiteral("/any");
        check.contentType = QStringLiteral("text/plain");
        const HttpResponse r =
            sb::run::httpRequest(base("good"), check, 30'000, caFile(m_certs->caFile()));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(check.checkResponse(r.status, r.contentType, r.body), QString());
        check.expectStatus = 201;
        QVERIFY(!check.checkResponse(r.status, r.contentType, r.body).isEmpty());
    }

    // A plan's https configuration with its "tls" settings: the window the runner builds for it
    // (windowSpecFor) speaks TLS, verified by the plan's CA file, and counts what nginx counts.
    void planWindowOverTls()
    {
        const QByteArray text =
            "{\"format\": 1, \"name\": \"tls\",\n"
            "\"configurations\": [{\"name\": \"nginx\", \"command\": [\"true\"], "
            "\"base_url\": \"https://127.0.0.1:" +
            QByteArray::number(m_nginx->port(QStringLiteral("good"))) +
            "\"}],\n\"routes\": [{\"name\": \"hello\", \"path\": \"/\"}],\n"
            "\"load\": {\"threads\": 2, \"tls\": {\"ca_file\": \"" +
            m_certs->caFile().toUtf8() +
            "\"}},\n\"profiles\": {\"q\": {\"concurrency\": [4], \"measure_s\": 1, "
            "\"warmup\": 0}}}";
        const sb::plan::PlanLoad load =
            sb::plan::parsePlan(text, QStringLiteral("tls.json"), m_dir.path());
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const sb::plan::Plan &plan = *load.plan;
        const sb::Result<sb::run::WindowSpec> spec = sb::run::windowSpecFor(
            plan, plan.profiles[0], plan.configurations[0], plan.routes[0], 4);
        QVERIFY(spec.ok());
        QVERIFY(spec->request.tls);
        QCOMPARE(spec->request.tlsSettings.caFile, m_certs->caFile());
        QVERIFY(!spec->request.tlsSettings.insecure);

        const int64_t before = m_nginx->requests();
        sb::run::LoadWindow window;
        const sb::Result<sb::run::WindowOutcome> outcome = window.measure(*spec);
        const int64_t after = m_nginx->requests();
        QVERIFY2(outcome.ok(),
                 outcome.ok() ? "" : sb::qtDetail(outcome.error()).toUtf8().constData());
        const sb::store::WindowRecord &w = outcome->window;
        qInfo("window: %lld requests, %lld 2xx, nginx %lld; errors %s; connections %s",
              static_cast<long long>(w.requests), static_cast<long long>(w.ok),
              static_cast<long long>(after - before - 1),
              QJsonDocument(w.errors).toJson(QJsonDocument::Compact).constData(),
              QJsonDocument(outcome->connections).toJson(QJsonDocument::Compact).constData());
        QVERIFY2(outcome->problems.isEmpty(), qPrintable(outcome->problems));
        QVERIFY(w.ok > 0);
        QCOMPARE(w.ok, w.requests);
        QCOMPARE(after - before - 1, w.ok); // less the second stub_status request
        const QJsonObject tls = outcome->connections.value(QStringLiteral("tls")).toObject();
        QCOMPARE(tls.value(QStringLiteral("verify")), QJsonValue(true));
        // What the first handshake agreed on, and the configuration record's line of it.
        QVERIFY2(
            tls.value(QStringLiteral("version")).toString().startsWith(QLatin1String("TLSv1.")),
            qPrintable(tls.value(QStringLiteral("version")).toString()));
        QVERIFY(!tls.value(QStringLiteral("cipher")).toString().isEmpty());
        QCOMPARE(tls.value(QStringLiteral("alpn")).toString(), QStringLiteral("http/1.1"));
        const QString line = sb::run::tlsDescription(outcome->connections);
        qInfo("%s", qPrintable(line));
        QVERIFY2(line.startsWith(QLatin1String("HTTP/1.1 over TLS 1.")), qPrintable(line));
        QVERIFY2(line.endsWith(QLatin1String(", ALPN http/1.1, certificate verified")),
                 qPrintable(line));

        // Insecure: the record says verification was off.
        sb::run::WindowSpec off = *spec;
        off.request.tlsSettings = insecure();
        off.durationMs = 500;
        sb::run::LoadWindow unverifiedWindow;
        const sb::Result<sb::run::WindowOutcome> offOutcome = unverifiedWindow.measure(off);
        QVERIFY(offOutcome.ok());
        QVERIFY(offOutcome->window.ok > 0);
        QVERIFY2(sb::run::tlsDescription(offOutcome->connections)
                     .endsWith(QLatin1String(", verification off")),
                 qPrintable(sb::run::tlsDescription(offOutcome->connections)));

        // The same plan without its CA file: every handshake fails the certificate check.
        sb::run::WindowSpec unverified = *spec;
        unverified.request.tlsSettings = TlsSettings{};
        sb::run::LoadWindow refused;
        const sb::Result<sb::run::WindowOutcome> bad = refused.measure(unverified);
        qInfo("without the CA: %s",
              bad.ok() ? qPrintable(bad->problems + QLatin1String(" / ") + bad->aborted)
                       : qPrintable(sb::qtText(bad.error())));
        if (bad.ok()) {
            QCOMPARE(bad->window.ok, 0);
            QVERIFY(!bad->problems.isEmpty() || !bad->aborted.isEmpty());
        }
    }

    // A plan's https configuration end to end: the runner starts nginx with ssl, probes it ready
    // over TLS with the plan's CA file, passes the parity gate over https, measures a valid
    // window and records what the connections agreed on.
    void runnerOverTls()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const uint16_t port = sb::test::freeLowPort();
        QVERIFY(port != 0);
        const QString conf = dir.filePath(QStringLiteral("nginx.conf"));
        QFile f(conf);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            QStringLiteral("%1worker_processes 1;\ndaemon off;\npid %2/nginx.pid;\n"
                           "error_log %2/error.log;\nevents { worker_connections 1024; }\n"
                           "http {\n  access_log off;\n  client_body_temp_path %2/body;\n"
                           "  proxy_temp_path %2/proxy;\n  fastcgi_temp_path %2/fastcgi;\n"
                           "  uwsgi_temp_path %2/uwsgi;\n  scgi_temp_path %2/scgi;\n"
                           "  server {\n    listen 127.0.0.1:%3 ssl;\n    ssl_certificate %4;\n"
                           "    ssl_certificate_key %5;\n    location / { default_type text/plain; "
                           "return 200 \"hello, tls\\n\"; }\n  }\n}\n")
                .arg(::geteuid() == 0 ? QStringLiteral("user root;\n") : QString(), dir.path())
                .arg(port)
                .arg(m_certs->cert(QStringLiteral("good")), m_certs->key(QStringLiteral("good")))
                .toUtf8());
        f.close();
        const QJsonObject plan{
            {QStringLiteral("format"), 1},
            {QStringLiteral("name"), QStringLiteral("tls")},
            {QStringLiteral("configurations"),
             QJsonArray{QJsonObject{
                 {QStringLiteral("name"), QStringLiteral("nginx")},
                 {QStringLiteral("command"),
                  QJsonArray{QStringLiteral("nginx"), QStringLiteral("-c"), conf,
                             QStringLiteral("-p"), dir.path()}},
                 {QStringLiteral("base_url"), QStringLiteral("https://127.0.0.1:%1").arg(port)},
                 {QStringLiteral("tls"),
                  QJsonObject{{QStringLiteral("ca_file"), m_certs->caFile()}}},
                 {QStringLiteral("ready"), QJsonObject{{QStringLiteral("timeout_s"), 30}}}}}},
            {QStringLiteral("routes"),
             QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("hello")},
                                    {QStringLiteral("path"), QStringLiteral("/")}}}},
            {QStringLiteral("parity"),
             QJsonArray{
                 QJsonObject{{QStringLiteral("name"), QStringLiteral("hello")},
                             {QStringLiteral("path"), QStringLiteral("/p")},
                             {QStringLiteral("content_type"), QStringLiteral("text/plain")}}}},
            {QStringLiteral("load"), QJsonObject{{QStringLiteral("threads"), 1}}},
            {QStringLiteral("sampler"),
             QJsonObject{{QStringLiteral("foreign_gate"), QStringLiteral("100%machine")}}},
            {QStringLiteral("profiles"),
             QJsonObject{{QStringLiteral("quick"),
                          QJsonObject{{QStringLiteral("concurrency"), QJsonArray{2}},
                                      {QStringLiteral("warmup"), QStringLiteral("200ms")},
                                      {QStringLiteral("measure_s"), 0.5},
                                      {QStringLiteral("retries"), 2}}}}}};
        const QString planPath = dir.filePath(QStringLiteral("tls.json"));
        QFile p(planPath);
        QVERIFY(p.open(QIODevice::WriteOnly));
        p.write(QJsonDocument(plan).toJson());
        p.close();
        sb::run::Runner runner;
        sb::run::RunOptions options;
        options.planPath = planPath;
        options.storeLocation = dir.filePath(QStringLiteral("runs.sqlite"));
        const auto result = runner.run(options);
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : sb::qtText(result.error())));
        QVERIFY2(result->error.isEmpty(), qPrintable(result->error));
        QCOMPARE(result->status, QString(sb::store::kStatusFinished));
        QVERIFY2(result->failedCells.isEmpty(),
                 qPrintable(result->failedCells.join(QLatin1Char('\n'))));
        QVERIFY2(result->blockedConfigurations.isEmpty(), // the parity gate passed over https
                 qPrintable(result->blockedConfigurations.join(QLatin1Char('\n'))));
        auto store = sb::store::RunStore::open(options.storeLocation);
        QVERIFY(store.ok());
        const auto windows = (*store)->windows(result->runId);
        QVERIFY(windows.ok());
        QVERIFY(!windows->isEmpty());
        const sb::store::WindowRecord &w = windows->first();
        qInfo("runner window: valid %d, %lld requests, %lld 2xx, errors %s", int(w.valid),
              static_cast<long long>(w.requests), static_cast<long long>(w.ok),
              QJsonDocument(w.errors).toJson(QJsonDocument::Compact).constData());
        QVERIFY2(w.valid, qPrintable(w.invalidReason));
        QVERIFY(w.ok > 0);
        QCOMPARE(w.ok, w.requests);
        const auto configs = (*store)->configurations(result->runId);
        QVERIFY(configs.ok());
        QCOMPARE(configs->size(), 1);
        const QString tls = configs->first().info.value(QStringLiteral("tls")).toString();
        qInfo("configuration record: %s", qPrintable(tls));
        QVERIFY2(tls.startsWith(QLatin1String("HTTP/1.1 over TLS 1.")), qPrintable(tls));
        QVERIFY2(tls.endsWith(QLatin1String(", ALPN http/1.1, certificate verified")),
                 qPrintable(tls));
    }

private:
    QString base(const char *name) const
    {
        return QStringLiteral("https://127.0.0.1:%1").arg(m_nginx->port(QString::fromLatin1(name)));
    }

    QTemporaryDir m_dir;
    QTemporaryDir m_nginxDir;
    std::unique_ptr<sb::test::TlsCertificates> m_certs;
    std::unique_ptr<sb::test::NginxTls> m_nginx;
};

QTEST_GUILESS_MAIN(TestProbeTls)
#include "tst_probetls.moc"
