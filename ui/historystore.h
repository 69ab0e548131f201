#pragma once

#include "plan/planloader.h"
#include "run/schedule.h"
#include "store/records.h"
#include "ui/models/runsmodel.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVector>
#include <atomic>
#include <functional>

class QThread;

namespace sb {

// What the History page asks of the run store, answered off the GUI thread. Every result is a
// value type (copyable, any thread may hold it) carrying the id of the request it answers.

// The store's runs.
struct RunsResult
{
    quint64 request = 0;
    QString location;     // the store, as shown (no password)
    QVector<RunRow> runs; // newest first
    bool missing = false; // there is no store at the location yet (not an error)
    QString error;        // one line naming the location; empty = read
};

// One invalid attempt of a cell, and the gate that made it so.
struct InvalidAttempt
{
    int round = 0; // 0-based
    QString configuration;
    QString route;
    int concurrency = 0;
    int attempt = 0; // 0-based
    QString gate;    // report::invalidKind(): "foreign_cpu", "server", ..., "other"
    QString reason;  // the window's invalid reason, e.g. "foreign-cpu 512% >= 450%"
};

// Everything stored for one run, for the details pane and the read-only grid.
struct StoredRun
{
    quint64 request = 0;
    QString runId;
    QString error; // one line naming the location; empty = read
    RunRow row;
    QByteArray planText;
    QJsonObject environment;
    QJsonObject fileHashes;
    QStringList warnings;                 // "warning" events, from the report
    QStringList blocked;                  // "configuration-blocked" events, from the report
    QMap<QString, int> invalidByGate;     // gate -> invalid attempts, from the report
    QVector<InvalidAttempt> invalid;      // in stored order
    int validWindows = 0;                 // from the report
    int invalidWindows = 0;               // from the report
    QStringList configurationOrder;       // the plan's configurations in order
    QList<run::ScheduledWindow> schedule; // the planned matrix; empty when the stored plan
                                          // cannot be read again, e.g. it has a ${name} the
                                          // plan variables lack (the grid then shows only
                                          // what was measured)
    QVector<store::WindowRecord> windows; // without intervals and samples
    QVector<store::EventRecord> events;
    QVector<store::ServerLogRecord> serverLogs;
    QVector<store::ConfigurationRecord> configurations;
};

// What an import, export, delete or store check did.
struct StoreOperation
{
    enum class Kind
    {
        Import,
        Export,
        Delete,
        Check // could the location be opened (for switching the store)
    };
    quint64 request = 0;
    Kind kind = Kind::Check;
    QString runId;        // the run imported, exported or deleted
    QString path;         // the file imported or written; for Check the location (as given)
    QString error;        // one line naming the file or the location; empty = done
    bool missing = false; // Check: nothing is stored at the location yet (not an error)
};

// The formats Export writes: the report as `stackbench report --format md|csv|json|html`
// writes it, or the whole run as `stackbench export` does.
enum class ExportFormat
{
    Markdown,
    Csv,
    JsonReport,
    Html,
    FullExport
};

// "postgresql://user@host/db" for "postgresql://user:secret@host/db?password=x": a store
// location safe to show (the run store's own rule); file paths unchanged; empty = the default
// store's path. Any thread.
QString displayStoreLocation(const QString &location);

// The History page's access to the run store: a worker thread with its own RunStore (Qt Sql
// connections cannot cross threads: the store is opened, used and destroyed there), requests
// posted to it in order, results delivered as queued value types on the GUI thread. A result
// for a list or details request that a newer one of its kind (or a store switch) superseded is
// dropped (resultDropped()), and a superseded request still waiting is not even run. Imports,
// exports and deletes always report. Create, use and destroy on the GUI thread; the destructor
// waits for the request in progress.
class HistoryStore : public QObject
{
    Q_OBJECT
public:
    explicit HistoryStore(QObject *parent = nullptr);
    ~HistoryStore() override;

    // The store to read (empty = RunStore::defaultLocation()). Results of requests made before
    // are dropped.
    void setLocation(const QString &location);
    QString location() const { return m_location; }
    // The ${name}s stored plans are read with for the planned matrix (StoredRun::schedule), as
    // a run or resume in this window would resolve them; for requests made after.
    void setPlanVariables(const plan::PlanVariables &variables) { m_variables = variables; }
    plan::PlanVariables planVariables() const { return m_variables; }

    // Each returns the request's id (increasing).
    quint64 requestRuns();
    quint64 requestRun(const QString &runId);
    quint64 requestExport(const QString &runId, ExportFormat format, const QString &path);
    quint64 requestImport(const QString &path);
    quint64 requestDelete(const QString &runId);
    // Tries to open `location` read-only, without switching to it.
    quint64 requestCheck(const QString &location);

    // Results of requests still waiting or running.
    int pending() const { return m_pending; }

Q_SIGNALS:
    void runsLoaded(const sb::RunsResult &result);
    void runLoaded(const sb::StoredRun &result);
    void operationFinished(const sb::StoreOperation &result);
    // A result arrived for request `request` after a newer request of its kind: not delivered.
    void resultDropped(quint64 request);
    void pendingChanged(int pending);

private:
    class Worker;
    template<typename Work> quint64 post(Work work, std::atomic<quint64> *latest = nullptr);
    quint64 postOperation(std::function<StoreOperation(Worker &)> operation);
    void arrived();

    QThread *m_thread = nullptr;
    Worker *m_worker = nullptr;
    QString m_location;
    plan::PlanVariables m_variables;
    quint64 m_nextRequest = 0;
    // The newest request of each superseding kind; the worker reads them to skip stale work.
    std::atomic<quint64> m_latestRuns{0};
    std::atomic<quint64> m_latestRun{0};
    std::atomic<quint64> m_locationRequest{0}; // the first request on the current location
    int m_pending = 0;
};

// Registers the result types for queued connections and QSignalSpy; HistoryStore's constructor
// calls it.
void registerHistoryTypes();

} // namespace sb

Q_DECLARE_METATYPE(sb::RunsResult)
Q_DECLARE_METATYPE(sb::StoredRun)
Q_DECLARE_METATYPE(sb::StoreOperation)
