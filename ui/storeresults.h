#pragma once

// What the GUI's store service (ui/storeservice.h) answers: value types (copyable, any thread
// may hold them), each carrying the id of the request it answers.

#include "report/coldstartreport.h"
#include "run/schedule.h"
#include "store/records.h"
#include "ui/models/runsmodel.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

namespace sb {

// The store's runs, newest first, with their status as it is now (run::currentStatus: a
// "running" run whose runner is gone reads "interrupted").
struct RunsResult
{
    quint64 request = 0;
    QString location;                  // the store, as shown (no password)
    QVector<RunRow> runs;              // History's rows
    QVector<store::RunRecord> records; // the same runs as stored (status as above)
    bool missing = false;              // there is no store at the location yet (not an error)
    QString error;                     // one line naming the location; empty = read
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
    QVector<report::ColdStartSummary> coldStarts; // per configuration with a start that became
                                                  // ready (report/coldstartreport.h)
    QVector<store::ProfileRecord> profiles;       // the run's CPU profiles with their folded stacks
                                                  // (report::loadProfiles)
};

// A run's record and its windows, with their intervals and samples when asked (a resumed run's
// monitor draws what was measured before).
struct StoredWindows
{
    quint64 request = 0;
    QString runId;
    QString error; // one line naming the location or the run; empty = read
    store::RunRecord run;
    QVector<store::WindowRecord> windows; // in stored order
};

// One window with its intervals and samples (a cell double-clicked on the Run page).
struct StoredWindow
{
    quint64 request = 0;
    qint64 windowId = 0;
    QString error; // one line naming the location or the window; empty = read
    store::WindowRecord window;
};

// What an import, export, delete, write or store check did.
struct StoreOperation
{
    enum class Kind
    {
        Import,
        Export,
        Delete,
        Check, // could the location be opened (for switching the store)
        Write  // StoreService::requestWrite()
    };
    quint64 request = 0;
    Kind kind = Kind::Check;
    QString runId;        // the run imported, exported, deleted or written
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

// Registers the result types for queued connections and QSignalSpy; StoreService's constructor
// calls it.
void registerStoreTypes();

} // namespace sb

Q_DECLARE_METATYPE(sb::RunsResult)
Q_DECLARE_METATYPE(sb::StoredRun)
Q_DECLARE_METATYPE(sb::StoredWindows)
Q_DECLARE_METATYPE(sb::StoredWindow)
Q_DECLARE_METATYPE(sb::StoreOperation)
