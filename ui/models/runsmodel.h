#pragma once

#include "store/records.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QVector>

namespace sb {

// One stored run as the History page lists it: what RunRecord holds, without the plan text, with
// the status as it is now and the environment's machine, kernel and revision picked out. Plain
// data; any thread.
struct RunRow
{
    QString id;              // run id
    QDateTime startedAt;     // UTC
    QDateTime finishedAt;    // UTC; invalid while running or when the runner was killed
    QString planName;        // the stored plan's "name", else the plan file's name
    QString planPath;        // the plan file as given
    QString profile;         // profile name
    QString status;          // run::currentStatus(): a "running" run whose runner is gone reads
                             // "interrupted"
    QStringList only;        // configuration filter of the run; empty = all
    QStringList routes;      // route filter; empty = all
    qint64 windows = 0;      // stored windows, valid or not
    qint64 validWindows = 0; // stored windows that passed every gate
    QString hostname;        // environment "hostname"
    QString cpuModel;        // environment "cpu_model"
    QString kernel;          // environment "kernel" ("<uname -r> <uname -v>")
    QString revision;        // environment "git_revision"
    QString version;         // environment "stackbench_version"
    double durationS = -1;   // finishedAt - startedAt, seconds; < 0 when not known

    bool resumable() const
    {
        return status == store::kStatusInterrupted || status == store::kStatusIncomplete;
    }
    // Windows were stored and none of them is valid: nothing was measured, whatever the status.
    bool nothingValid() const { return windows > 0 && validWindows == 0; }
    // Shown as failed (red): a failed run, or one with nothing valid.
    bool failed() const { return status == store::kStatusFailed || nothingValid(); }
    // The status the GUI shows: "failed" for a run that ended with nothing valid whatever was
    // stored (older stores kept "finished" there); interrupted and running runs as they are.
    QString shownStatus() const
    {
        return nothingValid() &&
                       (status == store::kStatusFinished || status == store::kStatusIncomplete)
                   ? QString(store::kStatusFailed)
                   : status;
    }
    // Some stored attempt was invalid: "Retry failed cells" may have cells to measure again.
    bool hasInvalid() const { return windows > validWindows; }
    // "Retry failed cells" applies: an ended run (not running) with an invalid attempt stored.
    bool retryable() const { return hasInvalid() && status != store::kStatusRunning; }
};

// How a run's cells ended, counted once and said the same way everywhere the GUI shows them
// (status bar, log, History's details and its Open dialog, the Run page). A cell is (round,
// configuration, route, concurrency); it needs one valid window.
struct RunCounts
{
    int cells = -1;          // cells in the schedule; < 0 when not known
    int valid = 0;           // cells with a valid window
    int remeasured = 0;      // of `valid`, those measured more than once (an attempt was invalid)
    int failed = 0;          // cells that ran out of retries without a valid window
    int blocked = 0;         // cells of a configuration the run blocked (its port taken, ...)
    int toMeasure = 0;       // cells still to measure (interrupted, incomplete)
    int invalidAttempts = 0; // invalid windows stored (each re-measure leaves one)
};

// The row of `run` with `status` (pass run::currentStatus(run); reading /proc is the caller's
// choice of thread). Pure.
RunRow runRow(const store::RunRecord &run, const QString &status);

// The store's runs, one row each, in the order given (the store's: newest first). Display texts
// are short (the kernel release, the machine's host name); ToolTipRole has the whole value. The
// status has its colour as DecorationRole; a failed run (RunRow::failed(): a run with no valid
// window too) is red there and in ForegroundRole, its tooltip the valid windows of all.
// SortRole gives what sorts right: dates, numbers. No widgets; GUI thread (or any one thread).
class RunsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        StartedColumn,
        PlanColumn,
        ProfileColumn,
        StatusColumn,
        WindowsColumn, // "valid / total"
        MachineColumn,
        KernelColumn,
        RevisionColumn,
        DurationColumn,
        RunColumn, // the run id
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1, // QDateTime, qlonglong, double or QString per column
        RunIdRole,                   // QString
        StatusRole,                  // QString: a kStatus* value
        ResumableRole                // bool: interrupted or incomplete
    };

    explicit RunsModel(QObject *parent = nullptr);

    // Replaces every row (one model reset).
    void setRuns(const QVector<RunRow> &runs);
    void clear();
    const QVector<RunRow> &runs() const { return m_runs; }
    // The row of run `id`, -1 when absent.
    int rowOf(const QString &id) const;
    const RunRow &run(int row) const { return m_runs[row]; }

    // "finished", "interrupted", ... translated (context "sb::RunsModel").
    static QString statusName(const QString &status);
    // "1 h 02 min", "3 min 05 s", "12 s"; "" when unknown (< 0).
    static QString durationText(double seconds);
    // "8 valid window(s), 1 invalid attempt(s)" (plural forms by translation).
    static QString attemptsText(int valid, int invalid);
    // "0 of 56 cells valid · 56 failed · 168 invalid attempts": the valid cells (of all when
    // known, with the re-measured among them), then failed, blocked and still to measure when
    // any, then the invalid attempts. The one wording of run counts in the GUI.
    static QString countsText(const RunCounts &counts);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant display(const RunRow &r, int column) const;
    QVariant sortKey(const RunRow &r, int column) const;
    QVariant toolTip(const RunRow &r, int column) const;

    QVector<RunRow> m_runs;
};

} // namespace sb

Q_DECLARE_METATYPE(sb::RunRow)
Q_DECLARE_METATYPE(sb::RunCounts)
