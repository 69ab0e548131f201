#include "ui/historystore.h"

#include "core/qterror.h"
#include "plan/planloader.h"
#include "report/reportcsv.h"
#include "report/reportjson.h"
#include "report/reportmarkdown.h"
#include "report/runreport.h"
#include "report/windowfigures.h"
#include "run/runnerprocess.h"
#include "store/runexport.h"
#include "store/runstore.h"
#include "ui/htmlreport.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>
#include <QThread>
#include <QUrl>
#include <QUrlQuery>
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
    for (const sb::Error *e :
         {windows.ok() ? nullptr : &windows.error(), events.ok() ? nullptr : &events.error(),
          logs.ok() ? nullptr : &logs.error(),
          configurations.ok() ? nullptr : &configurations.error()})
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
    const report::RunReport r = report::buildRunReport(*record, out.windows, out.events, options);
    out.warnings = r.warnings;
    out.blocked = r.blocked;
    out.invalidByGate = r.invalidByGate;
    out.validWindows = r.validWindows;
    out.invalidWindows = r.invalidWindows;
    out.configurationOrder = r.configurations;
    for (const store::WindowRecord &w : std::as_const(out.windows))
        if (!w.valid)
            out.invalid.append({w.round, w.configuration, w.route, w.concurrency, w.attempt,
                                report::invalidKind(w), w.invalidReason});
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
                           QCoreApplication::translate("sb::HistoryStore", "cannot write: %1")
                               .arg(f.errorString()));
    return sb::Ok{};
}

} // namespace

QString displayStoreLocation(const QString &location)
{
    if (location.isEmpty())
        return store::RunStore::defaultLocation();
    static const QRegularExpression scheme(QStringLiteral("^[A-Za-z][A-Za-z0-9+.-]*://"));
    if (!scheme.match(location).hasMatch())
        return location;
    QUrl shown(location, QUrl::StrictMode);
    if (!shown.isValid())
        return location.section(QStringLiteral("://"), 0, 0) +
               QStringLiteral("://(not a valid URL)");
    shown.setPassword(QString());
    QUrlQuery query(shown);
    query.removeAllQueryItems(QStringLiteral("password"));
    shown.setQuery(query);
    return shown.toString();
}

void registerHistoryTypes()
{
    qRegisterMetaType<sb::RunRow>();
    qRegisterMetaType<sb::RunsResult>();
    qRegisterMetaType<sb::StoredRun>();
    qRegisterMetaType<sb::StoreOperation>();
}

// Lives on the store thread: holds the read-only store of the current location, opened on
// first use and again after every write (so a read never sees an outdated snapshot).
class HistoryStore::Worker : public QObject
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
        const auto runs = (*s)->runs();
        if (!runs.ok()) {
            out.error = oneLine(runs.error());
            return out;
        }
        out.runs.reserve(runs->size());
        for (const store::RunRecord &r : *runs)
            out.runs.append(runRow(r, run::currentStatus(r)));
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
            out.error = QCoreApplication::translate("sb::HistoryStore", "%1: cannot read: %2")
                            .arg(path, file.errorString());
            return out;
        }
        const QByteArray bytes = file.readAll();
        m_reader.reset();
        auto opened = store::RunStore::open(location, store::RunStore::OpenMode::Create);
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
        m_reader.reset();
        auto opened = store::RunStore::open(location, store::RunStore::OpenMode::Existing);
        if (!opened.ok()) {
            out.error = oneLine(opened.error());
            return out;
        }
        if (sb::Status st = (*opened)->deleteRun(runId); !st.ok())
            out.error = oneLine(st.error());
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
    std::unique_ptr<store::RunStore> m_reader;
    QString m_readerLocation;
};

HistoryStore::HistoryStore(QObject *parent)
    : QObject(parent)
    , m_thread(new QThread)
    , m_worker(new Worker)
{
    registerHistoryTypes();
    m_thread->setObjectName(QStringLiteral("sb-history-store"));
    m_worker->moveToThread(m_thread);
    m_thread->start();
}

HistoryStore::~HistoryStore()
{
    // The store must be closed on the thread that opened it.
    Worker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker] { delete worker; }, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
}

void HistoryStore::setLocation(const QString &location)
{
    m_location = location;
    m_locationRequest = m_nextRequest + 1;
}

template<typename Work> quint64 HistoryStore::post(Work work, std::atomic<quint64> *latest)
{
    const quint64 id = ++m_nextRequest;
    if (latest)
        *latest = id; // before the worker can look at it
    ++m_pending;
    Q_EMIT pendingChanged(m_pending);
    Worker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, work, id] { work(*worker, id); }, Qt::QueuedConnection);
    return id;
}

void HistoryStore::arrived()
{
    --m_pending;
    Q_EMIT pendingChanged(m_pending);
}

quint64 HistoryStore::requestRuns()
{
    const QString location = m_location;
    return post(
        [this, location](Worker &w, quint64 request) {
            const bool stale = request != m_latestRuns.load();
            RunsResult result = stale ? RunsResult{} : w.runs(location);
            result.request = request;
            QMetaObject::invokeMethod(
                this,
                [this, result, stale] {
                    arrived();
                    if (stale || result.request != m_latestRuns ||
                        result.request < m_locationRequest)
                        Q_EMIT resultDropped(result.request);
                    else
                        Q_EMIT runsLoaded(result);
                },
                Qt::QueuedConnection);
        },
        &m_latestRuns);
}

quint64 HistoryStore::requestRun(const QString &runId)
{
    const QString location = m_location;
    const plan::PlanVariables variables = m_variables;
    return post(
        [this, location, runId, variables](Worker &w, quint64 request) {
            const bool stale = request != m_latestRun.load();
            StoredRun result = stale ? StoredRun{} : w.run(location, runId, variables);
            result.request = request;
            QMetaObject::invokeMethod(
                this,
                [this, result, stale] {
                    arrived();
                    if (stale || result.request != m_latestRun ||
                        result.request < m_locationRequest)
                        Q_EMIT resultDropped(result.request);
                    else
                        Q_EMIT runLoaded(result);
                },
                Qt::QueuedConnection);
        },
        &m_latestRun);
}

// Imports, exports, deletes and checks always report: they did something.
quint64 HistoryStore::postOperation(std::function<StoreOperation(Worker &)> operation)
{
    return post([this, operation](Worker &w, quint64 request) {
        StoreOperation result = operation(w);
        result.request = request;
        QMetaObject::invokeMethod(
            this,
            [this, result] {
                arrived();
                Q_EMIT operationFinished(result);
            },
            Qt::QueuedConnection);
    });
}

quint64 HistoryStore::requestExport(const QString &runId, ExportFormat format, const QString &path)
{
    const QString location = m_location;
    if (format == ExportFormat::Html) {
        // Qt Charts draw on the GUI thread only: the HTML report reads the run on a thread of
        // its own (its own read-only store) and draws here, as `stackbench report --format
        // html` does with its default options.
        const quint64 id = ++m_nextRequest;
        ++m_pending;
        Q_EMIT pendingChanged(m_pending);
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

quint64 HistoryStore::requestImport(const QString &path)
{
    const QString location = m_location;
    return postOperation([location, path](Worker &w) { return w.importFile(location, path); });
}

quint64 HistoryStore::requestDelete(const QString &runId)
{
    const QString location = m_location;
    return postOperation([location, runId](Worker &w) { return w.deleteRun(location, runId); });
}

quint64 HistoryStore::requestCheck(const QString &location)
{
    return postOperation([location](Worker &w) { return w.check(location); });
}

} // namespace sb
