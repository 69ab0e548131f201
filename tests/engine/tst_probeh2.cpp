// The readiness probe and the parity gate over HTTP/2, against nginx-light with http2: over TLS
// (ALPN h2, the throwaway CA of tlsfixtures.h) and in clear text with prior knowledge (h2c); the
// refusals named (a TLS server without h2, a plain HTTP/1.1 server spoken to with h2c); the
// bounds on what is kept; a plan's protocol and streams reaching the load engine's spec; and a
// plan's h2c configuration measured end to end by the runner (skipped while the load engine
// answers HTTP/2 as unsupported).

#include "core/limits.h"
#include "core/qterror.h"
#include "plan/planloader.h"
#include "run/httpprobe.h"
#include "run/loadspecof.h"
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

using sb::plan::HttpProtocol;
using sb::plan::ParityCheck;
using sb::plan::RequestSpec;
using sb::plan::TlsSettings;
using sb::run::HttpResponse;

namespace {

constexpr HttpProtocol kH2 = HttpProtocol::Http2;

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

// nginx-light with four servers on free loopback ports below 32768: "h2" (ssl http2, the good
// certificate), "h2c" (http2 in clear text: prior knowledge), "h1tls" (ssl without http2) and
// "h1" (plain HTTP/1.1). Every one answers "hello, h2\n" at /, a header X-Probe, 2 MiB at /big
// and status 201 at /created.
std::unique_ptr<sb::test::NginxH2> startNginx(const QString &dir,
                                              const sb::test::TlsCertificates &certs)
{
    QFile big(QDir(dir).filePath(QStringLiteral("big.txt")));
    big.open(QIODevice::WriteOnly);
    big.write(QByteArray(2 * 1024 * 1024, 'x'));
    big.close();
    const QString extra =
        QStringLiteral("add_header X-Probe h2probe;\n"
                       "    location = /big { default_type text/plain; alias %1; }\n"
                       "    location = /created { return 201 \"made\\n\"; }")
            .arg(big.fileName());
    using S = sb::test::NginxH2::Server;
    return std::make_unique<sb::test::NginxH2>(
        dir, certs,
        QList<S>{S{QStringLiteral("h2"), QStringLiteral("ssl http2"), extra},
                 S{QStringLiteral("h2c"), QStringLiteral("http2"), extra},
                 S{QStringLiteral("h1tls"), QStringLiteral("ssl"), extra},
                 S{QStringLiteral("h1"), QString(), extra}});
}

} // namespace

class TestProbeH2 : public QObject
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
        m_nginx = startNginx(m_nginxDir.path(), *m_certs);
        QVERIFY2(m_nginx->port(QStringLiteral("h2")) != 0, qPrintable(m_nginx->error()));
    }

    void cleanupTestCase() { m_nginx.reset(); }

    // Over TLS: ALPN h2, the certificate verified by the CA file; the status, body and headers
    // (lower case, as HTTP/2 carries them) as over HTTP/1.1.
    void probeOverTlsH2()
    {
        const HttpResponse r = sb::run::httpRequest(https("h2"), get(QStringLiteral("/")), 10'000,
                                                    caFile(m_certs->caFile()), kH2);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.body, QByteArray("hello, h2\n"));
        QVERIFY(!r.bodyCut);
        QCOMPARE(r.contentType, QByteArray("text/plain"));
        bool probeHeader = false;
        for (const auto &[name, value] : r.headers)
            probeHeader = probeHeader || (name == "x-probe" && value == "h2probe");
        QVERIFY(probeHeader);
        // The certificate is still checked: without the CA the system store refuses it.
        const HttpResponse refused =
            sb::run::httpRequest(https("h2"), get(QStringLiteral("/")), 10'000, TlsSettings{}, kH2);
        QCOMPARE(refused.status, 0);
        QVERIFY2(refused.error.startsWith(QLatin1String("certificate verify failed: ")),
                 qPrintable(refused.error));
    }

    // In clear text with prior knowledge (h2c).
    void probeH2c()
    {
        const HttpResponse r =
            sb::run::httpRequest(http("h2c"), get(QStringLiteral("/x?y=1")), 10'000, {}, kH2);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.body, QByteArray("hello, h2\n"));
        const HttpResponse created =
            sb::run::httpRequest(http("h2c"), get(QStringLiteral("/created")), 10'000, {}, kH2);
        QCOMPARE(created.status, 201);
        // HEAD: the head alone.
        RequestSpec head = get(QStringLiteral("/"));
        head.method = QStringLiteral("HEAD");
        const HttpResponse h = sb::run::httpRequest(http("h2c"), head, 10'000, {}, kH2);
        QVERIFY2(h.error.isEmpty(), qPrintable(h.error));
        QCOMPARE(h.status, 200);
        QVERIFY(h.body.isEmpty());
    }

    // A request body larger than HTTP/2's initial flow-control window (65,535 bytes) goes out
    // in full as the server's WINDOW_UPDATEs come; extra headers reach the server, Host as
    // :authority.
    void bodyBeyondTheFlowControlWindow()
    {
        RequestSpec post = get(QStringLiteral("/"));
        post.method = QStringLiteral("POST");
        post.hasBody = true;
        post.body = QByteArray(300 * 1024, 'b');
        post.headers.append({QStringLiteral("Content-Type"), QStringLiteral("text/plain")});
        post.headers.append({QStringLiteral("Host"), QStringLiteral("example.test")});
        post.headers.append({QStringLiteral("Connection"), QStringLiteral("keep-alive")});
        for (const char *server : {"h2c", "h2"}) {
            const HttpResponse r = sb::run::httpRequest(
                QString::fromLatin1(server) == QLatin1String("h2") ? https(server) : http(server),
                post, 10'000, caFile(m_certs->caFile()), kH2);
            QVERIFY2(r.error.isEmpty(), qPrintable(QString::fromLatin1(server) + r.error));
            QCOMPARE(r.status, 200);
        }
    }

    // What is kept is bounded as over HTTP/1.1: the first kMaxProbeBodyBytes of a body.
    void bodyIsBounded()
    {
        for (const char *server : {"h2c", "h2"}) {
            const HttpResponse r = sb::run::httpRequest(
                QString::fromLatin1(server) == QLatin1String("h2") ? https(server) : http(server),
                get(QStringLiteral("/big")), 10'000, caFile(m_certs->caFile()), kH2);
            QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            QCOMPARE(r.status, 200);
            QCOMPARE(r.body.size(), qsizetype(sb::limits::kMaxProbeBodyBytes));
            QVERIFY(r.bodyCut);
        }
    }

    // A TLS server without h2: the handshake ends in its no_application_protocol alert, named.
    void alpnRefusalIsNamed()
    {
        const HttpResponse r = sb::run::httpRequest(https("h1tls"), get(QStringLiteral("/")),
                                                    10'000, caFile(m_certs->caFile()), kH2);
        qInfo("%s", qPrintable(r.error));
        QCOMPARE(r.status, 0);
        QVERIFY2(r.error.startsWith(QLatin1String("server did not agree to h2 by ALPN")),
                 qPrintable(r.error));
        // The same server over HTTP/1.1 answers.
        const HttpResponse h1 = sb::run::httpRequest(https("h1tls"), get(QStringLiteral("/")),
                                                     10'000, caFile(m_certs->caFile()));
        QCOMPARE(h1.status, 200);
    }

    // A plain HTTP/1.1 server spoken to with h2c: its 400 to the connection preface, named.
    void h2cRefusalIsNamed()
    {
        const HttpResponse r =
            sb::run::httpRequest(http("h1"), get(QStringLiteral("/")), 10'000, {}, kH2);
        qInfo("%s", qPrintable(r.error));
        QCOMPARE(r.status, 0);
        QVERIFY2(r.error.startsWith(QLatin1String("h2c prior knowledge refused: ")),
                 qPrintable(r.error));
        // And an h2c server spoken to with HTTP/1.1 is no answer either (not a false "ready").
        const HttpResponse h1 = sb::run::httpRequest(http("h2c"), get(QStringLiteral("/")), 5'000);
        QVERIFY(h1.status != 200);
    }

    void waitReadyOverH2()
    {
        sb::plan::ReadyProbe ready;
        ready.path = QStringLiteral("/health");
        ready.timeoutMs = 10'000;
        sb::run::ReadyTimes times;
        sb::Status ok = sb::run::waitReady(http("h2c"), ready, {}, &times, {}, kH2);
        QVERIFY2(ok.ok(), ok.ok() ? "" : qPrintable(sb::qtDetail(ok.error())));
        QVERIFY(times.acceptMs >= 0);
        QVERIFY(times.readyMs >= times.acceptMs);
        ok = sb::run::waitReady(https("h2"), ready, {}, nullptr, caFile(m_certs->caFile()), kH2);
        QVERIFY2(ok.ok(), ok.ok() ? "" : qPrintable(sb::qtDetail(ok.error())));

        // Not ready: the last probe names the refusal.
        ready.timeoutMs = 1000;
        const sb::Status refused = sb::run::waitReady(http("h1"), ready, {}, nullptr, {}, kH2);
        QVERIFY(!refused.ok());
        QCOMPARE(sb::qtCode(refused.error()), QStringLiteral("run.ready-timeout"));
        QVERIFY2(sb::qtDetail(refused.error()).contains(QLatin1String("h2c prior knowledge")),
                 qPrintable(sb::qtDetail(refused.error())));
    }

    // The parity gate's request over h2c and over TLS, and its judgement of the answer.
    void parityOverH2()
    {
        ParityCheck check;
        check.name = QStringLiteral("hello");
        check.method = QStringLiteral("GET");
        check.path = QStringLiteral("/any");
        check.contentType = QStringLiteral("text/plain");
        for (const QString &base : {http("h2c"), https("h2")}) {
            const HttpResponse r =
                sb::run::httpRequest(base, check, 30'000, caFile(m_certs->caFile()), kH2);
            QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            QCOMPARE(check.checkResponse(r.status, r.contentType, r.body), QString());
        }
        check.expectStatus = 201;
        const HttpResponse r = sb::run::httpRequest(http("h2c"), check, 30'000, {}, kH2);
        QVERIFY(!check.checkResponse(r.status, r.contentType, r.body).isEmpty());
    }

    // A plan's protocol and streams reach the load engine's spec of every window (and of its
    // warm-up): HTTP/2 with ALPN "h2" over TLS, the streams per connection; connections stay.
    void planReachesTheLoadSpec()
    {
        const QByteArray text =
            "{\"format\": 1, \"name\": \"h2\",\n"
            "\"configurations\": [{\"name\": \"tls\", \"command\": [\"true\"], "
            "\"base_url\": \"https://127.0.0.1:9443\", \"streams\": 10},\n"
            "{\"name\": \"clear\", \"command\": [\"true\"], \"port\": 9080},\n"
            "{\"name\": \"old\", \"command\": [\"true\"], \"port\": 9081, "
            "\"protocol\": \"http/1.1\"}],\n"
            "\"routes\": [{\"name\": \"hello\", \"path\": \"/\"}],\n"
            "\"load\": {\"threads\": 2, \"protocol\": \"h2\", \"streams\": 4},\n"
            "\"profiles\": {\"q\": {\"concurrency\": [8], \"measure_s\": 1, \"warmup\": \"1s\"}}}";
        const sb::plan::PlanLoad load =
            sb::plan::parsePlan(text, QStringLiteral("h2.json"), m_dir.path());
        QVERIFY2(load.ok(), qPrintable(load.errorText()));
        const sb::plan::Plan &plan = *load.plan;
        struct Expected
        {
            bool tls;
            sb::load::Protocol protocol;
            int streams;
            std::string alpn;
        };
        const Expected expected[] = {{true, sb::load::Protocol::Http2, 10, "h2"},
                                     {false, sb::load::Protocol::Http2, 4, "h2"},
                                     {false, sb::load::Protocol::Http1, 1, "http/1.1"}};
        for (int i = 0; i < 3; ++i) {
            const sb::Result<sb::run::WindowSpec> spec = sb::run::windowSpecFor(
                plan, plan.profiles[0], plan.configurations[i], plan.routes[0], 8);
            QVERIFY(spec.ok());
            for (bool warmUp : {false, true}) {
                const sb::run::WindowSpec window =
                    warmUp ? sb::run::warmupSpecFor(plan, plan.profiles[0], *spec) : *spec;
                const sb::load::LoadSpec l = sb::run::loadSpecOf(window, warmUp);
                QCOMPARE(l.tls.enabled, expected[i].tls);
                QCOMPARE(l.protocol, expected[i].protocol);
                QCOMPARE(l.streams, expected[i].streams);
                QCOMPARE(l.tls.alpn, expected[i].alpn);
                QCOMPARE(l.connections, 8); // per connection, not multiplied by the streams
                QCOMPARE(l.threads, 2);
            }
        }
    }

    // A plan's h2c configuration end to end: the runner starts nginx with http2, probes it
    // ready over h2c, passes the parity gate over h2c and records the protocol. The measured
    // window needs the load engine's HTTP/2: skipped while it answers HTTP/2 as unsupported.
    void runnerOverH2c()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const uint16_t port = sb::test::freeLowPort();
        QVERIFY(port != 0);
        const QString conf = dir.filePath(QStringLiteral("nginx.conf"));
        QFile f(conf);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("%1worker_processes 1;\ndaemon off;\npid %2/nginx.pid;\n"
                               "error_log %2/error.log;\nevents { worker_connections 1024; }\n"
                               "http {\n  access_log off;\n  client_body_temp_path %2/body;\n"
                               "  proxy_temp_path %2/proxy;\n  fastcgi_temp_path %2/fastcgi;\n"
                               "  uwsgi_temp_path %2/uwsgi;\n  scgi_temp_path %2/scgi;\n"
                               "  server {\n    listen 127.0.0.1:%3 http2;\n"
                               "    location / { default_type text/plain; "
                               "return 200 \"hello, h2c\\n\"; }\n  }\n}\n")
                    .arg(::geteuid() == 0 ? QStringLiteral("user root;\n") : QString(), dir.path())
                    .arg(port)
                    .toUtf8());
        f.close();
        const QJsonObject plan{
            {QStringLiteral("format"), 1},
            {QStringLiteral("name"), QStringLiteral("h2c")},
            {QStringLiteral("configurations"),
             QJsonArray{QJsonObject{
                 {QStringLiteral("name"), QStringLiteral("nginx")},
                 {QStringLiteral("command"),
                  QJsonArray{QStringLiteral("nginx"), QStringLiteral("-c"), conf,
                             QStringLiteral("-p"), dir.path()}},
                 {QStringLiteral("port"), port},
                 {QStringLiteral("protocol"), QStringLiteral("h2")},
                 {QStringLiteral("streams"), 4},
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
                                      {QStringLiteral("warmup"), 0},
                                      {QStringLiteral("measure_s"), 0.5},
                                      {QStringLiteral("retries"), 0}}}}}};
        const QString planPath = dir.filePath(QStringLiteral("h2c.json"));
        QFile p(planPath);
        QVERIFY(p.open(QIODevice::WriteOnly));
        p.write(QJsonDocument(plan).toJson());
        p.close();

        // The check: ready and parity over h2c, the protocol named.
        {
            sb::run::Runner checker;
            sb::run::RunOptions options;
            options.planPath = planPath;
            QStringList report;
            const sb::Result<bool> checked = checker.check(options, &report, true);
            QVERIFY2(checked.ok(), checked.ok() ? "" : qPrintable(sb::qtText(checked.error())));
            QVERIFY2(*checked, qPrintable(report.join(QLatin1Char('\n'))));
            QVERIFY2(report.contains(QStringLiteral("nginx protocol: HTTP/2 (h2c, prior "
                                                    "knowledge), 4 streams per connection")),
                     qPrintable(report.join(QLatin1Char('\n'))));
            QVERIFY2(report.contains(QStringLiteral("nginx: ready, 1 parity check(s) passed")),
                     qPrintable(report.join(QLatin1Char('\n'))));
        }

        sb::run::Runner runner;
        sb::run::RunOptions options;
        options.planPath = planPath;
        options.storeLocation = dir.filePath(QStringLiteral("runs.sqlite"));
        const auto result = runner.run(options);
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : sb::qtText(result.error())));
        QVERIFY2(result->blockedConfigurations.isEmpty(), // ready and parity over h2c
                 qPrintable(result->blockedConfigurations.join(QLatin1Char('\n'))));
        auto store = sb::store::RunStore::open(options.storeLocation);
        QVERIFY(store.ok());
        const auto configs = (*store)->configurations(result->runId);
        QVERIFY(configs.ok());
        QCOMPARE(configs->size(), 1);
        QCOMPARE(configs->first().info.value(QStringLiteral("protocol")).toString(),
                 QStringLiteral("HTTP/2 (h2c, prior knowledge), 4 streams per connection"));
        const auto run = (*store)->run(result->runId);
        QVERIFY(run.ok());
        QCOMPARE(run->environment.value(QStringLiteral("protocols"))
                     .toObject()
                     .value(QStringLiteral("nginx"))
                     .toString(),
                 QStringLiteral("HTTP/2 (h2c, prior knowledge), 4 streams per connection"));
        const auto windows = (*store)->windows(result->runId);
        QVERIFY(windows.ok());
        QVERIFY(!windows->isEmpty());
        const sb::store::WindowRecord &w = windows->first();
        qInfo("runner window: valid %d, %lld requests, %lld 2xx, errors %s, invalid: %s",
              int(w.valid), static_cast<long long>(w.requests), static_cast<long long>(w.ok),
              QJsonDocument(w.errors).toJson(QJsonDocument::Compact).constData(),
              qPrintable(w.invalidReason));
        QVERIFY2(w.valid, qPrintable(w.invalidReason));
        QVERIFY(w.ok > 0);
        QCOMPARE(w.ok, w.requests);
    }

private:
    QString https(const char *name) const
    {
        return QStringLiteral("https://127.0.0.1:%1").arg(m_nginx->port(QString::fromLatin1(name)));
    }
    QString http(const char *name) const
    {
        return QStringLiteral("http://127.0.0.1:%1").arg(m_nginx->port(QString::fromLatin1(name)));
    }

    QTemporaryDir m_dir;
    QTemporaryDir m_nginxDir;
    std::unique_ptr<sb::test::TlsCertificates> m_certs;
    std::unique_ptr<sb::test::NginxH2> m_nginx;
};

QTEST_GUILESS_MAIN(TestProbeH2)
#include "tst_probeh2.moc"
