#pragma once

#include "core/result.h"
#include "run/urltest.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>
#include <memory>

class QThread;

namespace sb {

// What a quick test runs and what it measured: the engine's URL test (run/urltest.h), so that a
// quick test is measured, judged and kept the way a run's window is.
using QuickTestSpec = run::UrlTestSpec;
using QuickTestResult = run::UrlTestResult;

// The fields of the quick test form, as text.
struct LoadForm
{
    QString url;
    QString method = QStringLiteral("GET");
    QList<QPair<QString, QString>> headers; // name, value; rows with an empty name are skipped
    QString body;                           // sent as is (UTF-8); empty = none
    QString connections = QStringLiteral("10");
    QString threads = QStringLiteral("1");
    QString length = QStringLiteral("10s"); // a duration ("10s") or a request count ("5000req")
    QString warmUp;                         // empty or "0" = none; "2s" or "1000req"
    QString rate;                           // empty = closed loop; requests per second
    QString timeout = QStringLiteral("180s");
    QString interval = QStringLiteral("1s");
    // https://: verification off ("Insecure (do not verify)"), or a PEM file of trusted CAs
    // instead of the system's store; both unused for http://.
    bool insecure = false;
    QString caFile;
    // HTTP/2 instead of HTTP/1.1 (over https:// agreed by ALPN h2, over http:// cleartext with
    // prior knowledge, h2c), with `streams` concurrent streams per connection (1 .. 1000); the
    // streams are unused for HTTP/1.1.
    bool http2 = false;
    int streams = 1;
};

// The form's fields, for errors shown next to them.
enum class LoadField
{
    Url,
    Method,
    Headers,
    Connections,
    Threads,
    Length,
    WarmUp,
    Rate,
    Timeout,
    Interval,
    CaFile,
    Streams
};

struct LoadFormCheck
{
    QuickTestSpec spec;               // complete when errors is empty
    QHash<LoadField, QString> errors; // field -> the reason, one sentence
    bool ok() const { return errors.isEmpty(); }
};

// Validates the form with the engine's grammars (the request builder, plan/requestbuilder.h, for
// the URL, method and headers; core/duration.h for the amounts) and builds the spec. Pure; any
// thread.
LoadFormCheck checkLoadForm(const LoadForm &form);

// The summary as `stackbench load` prints it: latency avg/stdev/max, distribution, requests,
// non-2xx by status, socket errors by kind, requests/s, 2xx/s, client CPU (and the server tree's
// cores, 2xx per CPU-second and peak memory when sampled: the stored window's figures, read
// through report/figures.h). Any thread.
QString loadSummaryText(const QuickTestResult &result);

// Stores the test as a one-window run (run::keepUrlTest: the run's store path, plan and
// environment record). Returns the run id. Errors: "store.*". Blocks; any thread.
sb::Result<QString> keepInHistory(const QString &storeLocation, const QuickTestResult &result);

// Runs quick tests for the GUI: hands the spec to the engine's URL test on a thread of its own;
// its intervals and the result arrive as queued signals on the GUI thread, those of an earlier
// test dropped. One test at a time. Create, use and destroy on the GUI thread; the destructor
// cancels a test and waits for its thread.
class LoadController : public QObject
{
    Q_OBJECT
public:
    enum class State
    {
        Idle,
        Running,
        Stopping
    };
    Q_ENUM(State)

    explicit LoadController(QObject *parent = nullptr);
    ~LoadController() override;

    State state() const { return m_state; }
    bool isBusy() const { return m_state != State::Idle; }

public Q_SLOTS:
    // Starts a test; refused with failed() when one is going on.
    void start(const sb::QuickTestSpec &spec);
    // Stops sending; the result covers the time until then.
    void stop();

Q_SIGNALS:
    void stateChanged(sb::LoadController::State state);
    // One interval of the warm-up or of the measured window (the sampler's figures with it).
    void intervalMeasured(const sb::run::WindowInterval &interval);
    // The warm-up is over; the measured window starts `atS` seconds after the test started.
    void measureStarted(double atS);
    void finished(const sb::QuickTestResult &result);
    // The test could not start (bad spec, refused connection, no such process): one sentence.
    void failed(const QString &message);

private:
    struct Shared;
    void run(std::shared_ptr<Shared> shared, QuickTestSpec spec, quint64 generation);
    template<typename F> void post(quint64 generation, F f);
    void setState(State state);

    State m_state = State::Idle;
    quint64 m_generation = 0;
    QThread *m_thread = nullptr;
    std::shared_ptr<Shared> m_shared;
};

void registerQuickTestTypes();

} // namespace sb
