#include "ui/storeservice.h"

#include "core/qterror.h"
#include "plan/planloader.h"
#include "report/profilereport.h"
#include "report/reportcsv.h"
#include "report/reportjson.h"
#include "report/reportmarkdown.h"
#include "report/runreport.h"
#include "report/windowfigures.h"
#include "run/gatereason.h"
#include "run/runnerprocess.h"
#include "store/runexport.h"
#include "store/runstore.h"
#include "ui/htmlreport.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <QThread>
#include <memory>

namespace sb {

namespace {

// An error as one line: the store's texts name the location (without its password) already.
QString oneLine(const sb::Error &e)
{
    return qtText(e).simplified();
}

bool isMissing(const sb::Error &e)
{
    return qtCode(e) == QLatin1String("store.missing");
}

// The matrix the run's stored plan asks for, or nothing when the plan text no longer loads (a
// "${name}" not in `variables`, an "@file" body that moved).
QList<run::ScheduledWindow> plannedSchedule(const store::RunRecord &run,
                                            const plan::PlanVariables &variables)
{
    const plan::PlanLoad load = plan::parsePlan(run.planText, run.planPath,
                                                QFileInfo(run.planPath).absolutePath(), variables);
    if (!load.ok())
        return {};
    const plan::Profile *profile = load.plan->profile(run.profile);
    if (!profile)
        return {};
    return run::buildSchedule(*load.plan, *profile, run.only, run.routes);
}

StoredRun loadStoredRun(const store::RunStore &s, const QString &runId,
                        const plan::PlanVariables &variables)
{
    StoredRun out;
    out.runId = runId;
    const sb::Result<store::RunRecord> record = s.run(runId);
    if (!record.ok()) {
        out.error = oneLine(record.error());
        return out;
    }
    auto windows = s.windows(runId, false);
    auto events = s.events(runId);
    auto logs = s.serverLogs(runId);
    auto configurations = s.configurations(runId);
    auto starts = s.serverStarts(runId);
    auto profiles = report::loadProfiles(s, runId);
    for (const sb::Error *e :
         {windows.ok() ? nullptr : &windows.error(), events.ok() ? nullptr : &events.error(),
          logs.ok() ? nullptr : &logs.error(),
          configurations.ok() ? nullptr : &configurations.error(),
          starts.ok() ? nullptr : &starts.error(), profiles.ok() ? nullptr : &profiles.error()})
        if (e) {
            out.error = oneLine(*e);
            return out;
        }
    out.row = runRow(*record, run::currentStatus(*record));
    out.planText = record->planText;
    out.environment = record->environment;
    out.fileHashes = record->fileHashes;
    out.windows = *windows;
    out.events = *events;
    out.serverLogs = *logs;
    out.configurations = *configurations;

    report::ReportOptions options;
    options.ratios = false; // the pane shows what the gates did, not verdicts
    report::RunReport r = report::buildRunReport(*record, out.windows, out.events, options);
    r.starts = *starts;
    out.coldStarts = report::coldStartSummaries(r);
    out.profiles = *profiles;
    out.warnings = r.warnings;
    out.blocked = r.blocked;
    out.invalidByGate = r.invalidByGate;
    out.validWindows = r.validWindows;
    out.invalidWindows = r.invalidWindows;
    out.configurationOrder = r.configurations;
    for (const store::WindowRecord &w : std::as_const(out.windows))
        if (!w.valid)
            out.invalid.append({w.round, w.configuration, w.route, w.concurrency, w.attempt,
                                report::invalidKind(w), run::invalidReasonText(w)});
    out.schedule = plannedSchedule(*record, variables);
    return out;
}

sb::Result<QByteArray> exportBytes(const store::RunStore &s, const QString &runId,
                                   ExportFormat format)
{
    if (format == ExportFormat::FullExport) {
        sb::Result<QJsonObject> doc = store::exportRun(s, runId);
        if (!doc.ok())
            return doc.error();
        return store::exportBytes(*doc);
    }
    // As `stackbench report` (default options: the plan's first configuration as baseline).
    sb::Result<report::RunReport> r = report::loadRunReport(s, runId);
    if (!r.ok())
        return r.error();
    switch (format) {
    case ExportFormat::Markdown:
        return report::reportMarkdown(*r).toUtf8();
    case ExportFormat::Csv:
        return report::reportCsv(*r);
    case ExportFormat::JsonReport:
    case ExportFormat::Html: // requestExport() hands HTML to the HTML report's own reader
    case ExportFormat::FullExport:
        break;
    }
    return QJsonDocument(report::reportJson(*r)).toJson(QJsonDocument::Indented);
}

sb::Status writeFile(const QString &path, const QByteArray &bytes)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        return sb::qtError(QStringLiteral("export.write"), path,
                           QCoreApplication::translate("sb::StoreService", "cannot write: %1")
                               .arg(f.errorString()));
    return sb::Ok{};
}

// Every result names its request; the comparison calls it its id.
template<typename Result> void stamp(Result &result, quint64 request)
{
    result.request = request;
}
template<> void stamp(charts::CompareResult &result, quint64 request)
{
    result.id = request;
}

} // namespace

// Lives on the store thread: holds the read-only store of the location read last, opened on
// first use and again after every write (so a read never sees an outdated snapshot).
class StoreService::Worker : public QObject
{
public:
    // The read-only store at `location`; an error when it cannot be opened.
    sb::Result<store::RunStore *> reader(const QString &location)
    {
        if (m_reader && m_readerLocation == location)
            return m_reader.get();
        m_reader.reset();
        auto opened = store::RunStore::open(location, store::RunStore::OpenMode::ReadOnly);
        if (!opened.ok())
            return opened.error();
        m_reader = std::move(*opened);
        m_readerLocation = location;
        return m_reader.get();
    }

    RunsResult runs(const QString &location)
    {
        RunsResult out;
        out.location = displayStoreLocation(location);
        auto s = reader(location);
        if (!s.ok()) {
            out.missing = isMissing(s.error());
            if (!out.missing)
                out.error = oneLine(s.error());
            return out;
        }
        auto runs = (*s)->runs();
        if (!runs.ok()) {
            out.error = oneLine(runs.error());
            return out;
        }
        out.records = std::move(*runs);
        out.runs.reserve(out.records.size());
        for (store::RunRecord &r : out.records) {
            r.status = run::currentStatus(r);
            out.runs.append(runRow(r, r.status));
        }
        return out;
    }

    StoredRun run(const QString &location, const QString &runId,
                  const plan::PlanVariables &variables)
    {
        auto s = reader(location);
        if (!s.ok()) {
            StoredRun out;
            out.runId = runId;
            out.error = oneLine(s.error());
            return out;
        }
        return loadStoredRun(**s, runId, variables);
    }

    StoredWindows windows(const QString &location, const QString &runId, bool withIntervals)
    {
        StoredWindows out;
        out.runId = runId;
        auto s = reader(location);
        if (!s.ok()) {
            out.error = oneLine(s.error());
            return out;
        }
        sb::Result<store::RunRecord> record = (*s)->run(runId);
        if (!record.ok()) {
            out.error = oneLine(record.error());
            return out;
        }
        sb::Result<QVector<store::WindowRecord>> windows = (*s)->windows(runId, withIntervals);
        if (!windows.ok()) {
            out.error = oneLine(windows.error());
            return out;
        }
        out.run = std::move(*record);
        out.windows = std::move(*windows);
        return out;
    }

    StoredWindow window(const QString &location, qint64 windowId)
    {
        StoredWindow out;
        out.windowId = windowId;
        auto s = reader(location);
        sb::Result<store::WindowRecord> w =
            s.ok() ? (*s)->window(windowId) : sb::Result<store::WindowRecord>(s.error());
        if (w.ok())
            out.window = std::move(*w);
        else
            out.error = oneLine(w.error());
        return out;
    }

    StoreOperation exportRun(const QString &location, const QString &runId, ExportFormat format,
                             const QString &path)
    {
        StoreOperation out{0, StoreOperation::Kind::Export, runId, path, {}, false};
        auto s = reader(location);
        if (!s.ok()) {
            out.error = oneLine(s.error());
            return out;
        }
        const sb::Result<QByteArray> bytes = exportBytes(**s, runId, format);
        if (!bytes.ok())
            out.error = oneLine(bytes.error());
        else if (sb::Status st = writeFile(path, *bytes); !st.ok())
            out.error = oneLine(st.error());
        return out;
    }

    // As `stackbench import FILE`: the store is created when missing; errors name the file and
    // the JSON path the importer names.
    StoreOperation importFile(const QString &location, const QString &path)
    {
        StoreOperation out{0, StoreOperation::Kind::Import, {}, path, {}, false};
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            out.error = QCoreApplication::translate("sb::StoreService", "%1: cannot read: %2")
                            .arg(path, file.errorString());
            return out;
        }
        const QByteArray bytes = file.readAll();
        auto opened = writer(location, store::RunStore::OpenMode::Create);
        if (!opened.ok()) {
            out.error = oneLine(opened.error());
            return out;
        }
        const sb::Result<QString> id = store::importRun(**opened, bytes);
        if (!id.ok()) {
            sb::Error e = id.error();
            e.where = (path + QLatin1Char(' ') + qtWhere(e)).trimmed().toStdString();
            out.error = oneLine(e);
            return out;
        }
        out.runId = *id;
        return out;
    }

    StoreOperation deleteRun(const QString &location, const QString &runId)
    {
        StoreOperation out{0, StoreOperation::Kind::Delete, runId, {}, {}, false};
        auto opened = writer(location, store::RunStore::OpenMode::Existing);
        if (!opened.ok()) {
            out.error = oneLine(opened.error());
            return out;
        }
        if (sb::Status st = (*opened)->deleteRun(runId); !st.ok())
            out.error = oneLine(st.error());
        return out;
    }

    StoreOperation write(const QString &location, const Writer &write)
    {
        StoreOperation out{0, StoreOperation::Kind::Write, {}, {}, {}, false};
        auto opened = writer(location, store::RunStore::OpenMode::Create);
        if (!opened.ok()) {
            out.error = oneLine(opened.error());
            return out;
        }
        const sb::Result<QString> id = write(**opened);
        if (id.ok())
            out.runId = *id;
        else
            out.error = oneLine(id.error());
        return out;
    }

    StoreOperation check(const QString &location)
    {
        StoreOperation out{0, StoreOperation::Kind::Check, {}, location, {}, false};
        auto opened = store::RunStore::open(location, store::RunStore::OpenMode::ReadOnly);
        if (!opened.ok()) {
            out.missing = isMissing(opened.error());
            if (!out.missing)
                out.error = oneLine(opened.error());
        }
        return out;
    }

private:
    // A writable store for one operation; the reader is opened again after it.
    sb::Result<std::unique_ptr<store::RunStore>> writer(const QString &location,
                                                        store::RunStore::OpenMode mode)
    {
        m_reader.reset();
        return store::RunStore::open(location, mode);
    }

    std::unique_ptr<store::RunStore> m_reader;
    QString m_readerLocation;
};

StoreService::StoreService(QObject *parent)
    : QObject(parent)
    , m_thread(new QThread)
    , m_worker(new Worker)
{
    registerStoreTypes();
    m_thread->setObjectName(QStringLiteral("sb-store"));
    m_worker->moveToThread(m_thread);
    m_thread->start();
}

StoreService::~StoreService()
{
    m_closing = true; // the requests still waiting are skipped
    // The store must be closed on the thread that opened it.
    Worker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker] { delete worker; }, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
}

bool StoreService::setLocation(const QString &location)
{
    if (location == m_location)
        return false;
    m_location = location;
    m_locationRequest = m_nextRequest + 1;
    Q_EMIT locationChanged(location);
    return true;
}

quint64 StoreService::begin()
{
    ++m_pending;
    Q_EMIT pendingChanged(m_pending);
    return ++m_nextRequest;
}

void StoreService::arrived()
{
    --m_pending;
    Q_EMIT pendingChanged(m_pending);
}

bool StoreService::isCurrent(const Lane &lane, quint64 request) const
{
    if (m_closing || (lane.followsLocation && request < m_locationRequest))
        return false;
    const QMutexLocker lock(&m_lanesMutex);
    return m_latest.value({int(lane.kind), quintptr(lane.requester)}) == request;
}

template<typename Result, typename Work>
quint64 StoreService::postRead(Lane lane, Work work,
                               void (StoreService::*delivered)(const Result &))
{
    const quint64 id = begin();
    {
        // Before the worker can look at it.
        const QMutexLocker lock(&m_lanesMutex);
        m_latest.insert({int(lane.kind), quintptr(lane.requester)}, id);
    }
    Worker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker,
        [this, worker, work, id, lane, delivered] {
            const bool stale = !isCurrent(lane, id);
            Result result = stale ? Result{} : work(*worker);
            stamp(result, id);
            QMetaObject::invokeMethod(
                this,
                [this, result, id, lane, delivered] {
                    arrived();
                    if (isCurrent(lane, id))
                        Q_EMIT(this->*delivered)(result);
                    else
                        Q_EMIT resultDropped(id);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
    return id;
}

quint64 StoreService::postOperation(std::function<StoreOperation(Worker &)> operation)
{
    const quint64 id = begin();
    Worker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker,
        [this, worker, operation, id] {
            StoreOperation result = operation(*worker);
            result.request = id;
            QMetaObject::invokeMethod(
                this,
                [this, result] {
                    arrived();
                    Q_EMIT operationFinished(result);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
    return id;
}

quint64 StoreService::requestRuns(const QObject *requester)
{
    const QString location = m_location;
    return postRead(
        {Kind::Runs, requester, true}, [location](Worker &w) { return w.runs(location); },
        &StoreService::runsLoaded);
}

quint64 StoreService::requestRun(const QString &runId, const QObject *requester)
{
    const QString location = m_location;
    const plan::PlanVariables variables = m_variables;
    return postRead(
        {Kind::Run, requester, true},
        [location, runId, variables](Worker &w) { return w.run(location, runId, variables); },
        &StoreService::runLoaded);
}

quint64 StoreService::requestWindows(const QString &runId, bool withIntervals,
                                     const QString &location, const QObject *requester)
{
    return postRead(
        {Kind::Windows, requester, false},
        [location, runId, withIntervals](Worker &w) {
            return w.windows(location, runId, withIntervals);
        },
        &StoreService::windowsLoaded);
}

quint64 StoreService::requestWindow(qint64 windowId, const QString &location,
                                    const QObject *requester)
{
    return postRead(
        {Kind::Window, requester, false},
        [location, windowId](Worker &w) { return w.window(location, windowId); },
        &StoreService::windowLoaded);
}

quint64 StoreService::requestComparison(const charts::CompareRequest &request,
                                        const QObject *requester)
{
    charts::CompareRequest r = request;
    r.storeLocation = m_location;
    // loadComparison() reads the runs side by side, each from a read-only store of its own
    // opened and closed on its own thread.
    return postRead(
        {Kind::Comparison, requester, true}, [r](Worker &) { return charts::loadComparison(r); },
        &StoreService::comparisonLoaded);
}

quint64 StoreService::requestExport(const QString &runId, ExportFormat format, const QString &path)
{
    const QString location = m_location;
    if (format == ExportFormat::Html) {
        // Qt Charts draw on the GUI thread only: the HTML report reads the run on a thread of
        // its own (its own read-only store) and draws here, as `stackbench report --format
        // html` does with its default options.
        const quint64 id = begin();
        exportHtmlReport(this, location, runId, path, report::ReportOptions{},
                         [this, id, runId, path](const QString &error) {
                             arrived();
                             Q_EMIT operationFinished(
                                 {id, StoreOperation::Kind::Export, runId, path, error, false});
                         });
        return id;
    }
    return postOperation([location, runId, format, path](Worker &w) {
        return w.exportRun(location, runId, format, path);
    });
}

quint64 StoreService::requestImport(const QString &path)
{
    const QString location = m_location;
    return postOperation([location, path](Worker &w) { return w.importFile(location, path); });
}

quint64 StoreService::requestDelete(const QString &runId)
{
    const QString location = m_location;
    return postOperation([location, runId](Worker &w) { return w.deleteRun(location, runId); });
}

quint64 StoreService::requestCheck(const QString &location)
{
    return postOperation([location](Worker &w) { return w.check(location); });
}

quint64 StoreService::requestWrite(Writer write)
{
    const QString location = m_location;
    return postOperation([location, write](Worker &w) { return w.write(location, write); });
}

} // namespace sb
