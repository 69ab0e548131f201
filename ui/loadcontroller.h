#pragma once

#include "core/result.h"
#include "load/loadresult.h"
#include "load/loadspec.h"
#include "sample/sampler.h"
#include "store/records.h"
#include "ui/charts/timeline.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>
#include <memory>

class QThread;

namespace sb {

// What a quick test runs: one window of `stackbench load` against a URL, and optionally the
// sampler on a server process tree.
struct QuickTestSpec
{
    load::LoadSpec spec;       // the load engine's spec (URL parsed into host, port, target)
    QString url;               // as the user wrote it
    qint64 serverPid = 0;      // root of the server tree to sample; 0 = none
    QString serverName;        // its name, for the stored run
    QString serverCommandLine; // its command line, for the stored run
};

// One live interval of load figures.
struct QuickTestPoint
{
    bool warmUp = false;     // an interval of the warm-up
    charts::LoadPoint point; // atS in seconds since the test (warm-up included) started
    int inFlight = 0;        // requests outstanding at the interval end
    bool draining = false;   // sending has stopped; waiting for answers
};

// The outcome of a quick test.
struct QuickTestResult
{
    QuickTestSpec spec;
    QDateTime startedAt;                      // when the measured phase started (UTC), about
    load::LoadResult load;                    // the engine's totals and histograms
    bool sampled = false;                     // a server tree was sampled
    sample::Summary server;                   // its summary (sampled only)
    QVector<store::IntervalRecord> intervals; // measured intervals with the sampler's fields
};

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
    Interval
};

struct LoadFormCheck
{
    QuickTestSpec spec;               // complete when errors is empty
    QHash<LoadField, QString> errors; // field -> the reason, one sentence
    bool ok() const { return errors.isEmpty(); }
};

// Validates the form with the engine's grammars (http::parseUrl, core/duration.h) and builds the
// load spec. Pure; any thread.
LoadFormCheck checkLoadForm(const LoadForm &form);

// The summary as `stackbench load` prints it: latency avg/stdev/max, distribution, requests,
// non-2xx by status, socket errors by kind, requests/s, 2xx/s, client CPU (and the server tree's
// cores and peak memory when sampled). Any thread.
QString loadSummaryText(const QuickTestResult &result);

// Stores the test as a one-window run in the store at `storeLocation` (empty = default): a small
// synthetic plan naming the URL (profile "quick-test"), its window with the figures, intervals
// and histogram, status finished. Returns the run id. Errors: "store.*". Blocks; any thread (the
// store lives and dies on the calling thread).
sb::Result<QString> keepInHistory(const QString &storeLocation, const QuickTestResult &result);
// The synthetic plan text keepInHistory() stores (a valid plan of format 1).
QByteArray quickTestPlanText(const QuickTestSpec &spec);

// Runs quick tests for the GUI: the load engine (and the sampler, when a server pid is given)
// on a thread of their own; live intervals, sampler readings and the result arrive as queued
// signals on the GUI thread, those of an earlier test dropped. One test at a time. Create, use
// and destroy on the GUI thread; the destructor cancels a test and waits for its thread.
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
    void loadMeasured(const sb::QuickTestPoint &point);
    void resourcesSampled(const sb::charts::ResourcePoint &point);
    // The warm-up is over; the measured phase starts `atS` seconds after the test started.
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
