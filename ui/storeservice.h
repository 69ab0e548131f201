#pragma once

#include "core/result.h"
#include "plan/planloader.h"
#include "ui/charts/comparedata.h"
#include "ui/storeresults.h"

#include <QHash>
#include <QMutex>
#include <QObject>
#include <QString>
#include <atomic>
#include <functional>

class QThread;

namespace sb::store {
class RunStore;
}

namespace sb {

// The GUI's one door to the run store (GUI.md: "the store is read on a worker thread (its own
// named connection)"). A thread of its own holds the RunStore (Qt Sql connections cannot cross
// threads: the store is opened, used and closed there); the pages post requests to it, which
// run one after another in the order posted, and get value-type results back as queued signals
// on the GUI thread, each carrying the id its request returned. The main window owns the one
// instance and hands it to the pages.
//
// Superseded reads are dropped: a read (runs, run, windows, window, comparison) is superseded
// by a newer read of the same kind from the same requester, and reads of the shown store
// (location()) also by a switch of the store. A superseded read that has not started is not
// run; its result is not delivered (resultDropped() says so instead). Operations (export,
// import, delete, check, write) are never superseded: they always report.
//
// Create, call and destroy on the GUI thread; the destructor waits for the request in progress
// and skips the ones still waiting.
class StoreService : public QObject
{
    Q_OBJECT
public:
    // Writes a run into the store (on the service's thread, which is the only place `store`
    // may be used) and returns its id.
    using Writer = std::function<sb::Result<QString>(store::RunStore &store)>;

    explicit StoreService(QObject *parent = nullptr);
    ~StoreService() override;

    // The store the pages show and write (empty = RunStore::defaultLocation()), password
    // included: never show it, show displayStoreLocation(location()). A change drops the
    // results of the reads of the old location and emits locationChanged(); returns whether the
    // location changed.
    bool setLocation(const QString &location);
    QString location() const { return m_location; }
    // The ${name}s stored plans are read with for StoredRun::schedule, as a run or resume in
    // this window would resolve them; for requests made after.
    void setPlanVariables(const plan::PlanVariables &variables) { m_variables = variables; }
    plan::PlanVariables planVariables() const { return m_variables; }

    // --- reads; each returns the request's id (increasing). `requester` names the lane: a
    // newer read of the same kind by the same requester supersedes the older one (null is one
    // lane of its own).

    // The runs of location(): runsLoaded().
    quint64 requestRuns(const QObject *requester = nullptr);
    // Everything stored for run `runId` of location(): runLoaded().
    quint64 requestRun(const QString &runId, const QObject *requester = nullptr);
    // Run `runId`'s record and windows (with their intervals and samples when `withIntervals`)
    // in the store at `location` (a run's own store, which a switch of the shown store does not
    // change; empty = the default store): windowsLoaded().
    quint64 requestWindows(const QString &runId, bool withIntervals, const QString &location,
                           const QObject *requester = nullptr);
    // Window `windowId` with its intervals and samples, in the store at `location` (as above):
    // windowLoaded().
    quint64 requestWindow(qint64 windowId, const QString &location,
                          const QObject *requester = nullptr);
    // The comparison `request` asks for (its id and store are this service's):
    // comparisonLoaded(), whose id is the request's.
    quint64 requestComparison(const charts::CompareRequest &request,
                              const QObject *requester = nullptr);

    // --- operations on location(); each reports with operationFinished().

    // Writes run `runId` as `format` to `path` (atomically).
    quint64 requestExport(const QString &runId, ExportFormat format, const QString &path);
    // Imports a `stackbench export` file, as `stackbench import` does (the store is created
    // when missing).
    quint64 requestImport(const QString &path);
    quint64 requestDelete(const QString &runId);
    // Tries to open `location` read-only, without switching to it.
    quint64 requestCheck(const QString &location);
    // Runs `write` on the store (created when missing); the operation names the run written.
    quint64 requestWrite(Writer write);

    // Requests whose results have not arrived yet.
    int pending() const { return m_pending; }

Q_SIGNALS:
    void locationChanged(const QString &location);
    void runsLoaded(const sb::RunsResult &result);
    void runLoaded(const sb::StoredRun &result);
    void windowsLoaded(const sb::StoredWindows &result);
    void windowLoaded(const sb::StoredWindow &result);
    void comparisonLoaded(const sb::charts::CompareResult &result);
    void operationFinished(const sb::StoreOperation &result);
    // The result of read `request` arrived superseded: not delivered.
    void resultDropped(quint64 request);
    void pendingChanged(int pending);

private:
    class Worker;
    enum class Kind
    {
        Runs,
        Run,
        Windows,
        Window,
        Comparison
    };
    struct Lane
    {
        Kind kind;
        const void *requester;
        bool followsLocation; // a switch of location() supersedes it
    };

    template<typename Result, typename Work>
    quint64 postRead(Lane lane, Work work, void (StoreService::*delivered)(const Result &));
    quint64 postOperation(std::function<StoreOperation(Worker &)> operation);
    quint64 begin();
    void arrived();
    // Whether read `request` in `lane` is still wanted. Any thread.
    bool isCurrent(const Lane &lane, quint64 request) const;

    QThread *m_thread = nullptr;
    Worker *m_worker = nullptr;
    QString m_location;
    plan::PlanVariables m_variables;
    quint64 m_nextRequest = 0;
    int m_pending = 0;
    // The newest read of each lane and the first request on the current location; the worker
    // reads them to skip superseded work.
    mutable QMutex m_lanesMutex;
    QHash<QPair<int, quintptr>, quint64> m_latest;
    std::atomic<quint64> m_locationRequest{0};
    std::atomic<bool> m_closing{false};
};

} // namespace sb
