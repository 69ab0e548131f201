#pragma once

#include "ui/storeresults.h"

#include <QSet>
#include <QStringList>
#include <QWidget>
#include <optional>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QTableView;

namespace sb {

class RunDetails;
class ProfileDialog;
class RunDialog;
class RunsFilterModel;
class RunsModel;
class StoreService;

// The store's runs (GUI.md, History): a sortable table (started, plan, profile, status,
// valid/total windows, machine, kernel, revision, duration, run id) with a text filter over
// every column and a status filter; Open (the run's grid and cells, read-only), Resume (asks
// the main window: resumeRequested), Export (the Markdown, CSV, JSON and HTML reports of
// `stackbench report`, the full JSON of `stackbench export`), Import (a JSON export, also by drag
// and drop), Delete with confirmation; a details pane for the selected run. Every store access goes
// through the window's StoreService (off the GUI thread); the page lists the service's store and
// follows its switches. GUI thread.
class HistoryPage : public QWidget
{
    Q_OBJECT
public:
    // Lists the runs of `store`'s location (again when it changes: at once when the page is
    // visible, else at the next show).
    explicit HistoryPage(StoreService *store, QWidget *parent = nullptr);
    ~HistoryPage() override;

    StoreService *store() const { return m_store; }
    RunsModel *model() const { return m_model; }
    RunsFilterModel *filter() const { return m_filter; }
    QTableView *table() const { return m_table; }
    RunDetails *details() const { return m_details; }
    QLineEdit *filterEdit() const { return m_filterEdit; }
    QComboBox *statusFilter() const { return m_statusFilter; }
    // One line: the store and its runs, or why it could not be read.
    QString message() const;

    // The run selected in the table; nullopt when none.
    std::optional<RunRow> selectedRun() const;
    // Selects run `id` (clearing the filters when they hide it); false when it is not listed.
    bool selectRun(const QString &id);

    // Actions for the main window's menus (also on the page's toolbar and context menu).
    QAction *openAction() const { return m_openAction; }
    QAction *resumeAction() const { return m_resumeAction; }
    // Measures the selected run's failed cells again (RunRow::retryable()): retryRequested().
    QAction *retryAction() const { return m_retryAction; }
    QAction *importAction() const { return m_importAction; }
    QAction *deleteAction() const { return m_deleteAction; }
    QAction *refreshAction() const { return m_refreshAction; }
    QAction *switchStoreAction() const { return m_switchAction; }
    QMenu *exportMenu() const { return m_exportMenu; }

    // Whether the main window is running something (no Resume then).
    void setRunBusy(bool busy);

    // Files dropped here (or on the main window) that are imported: local *.json files.
    static QStringList importableFiles(const QMimeData *mime);

public Q_SLOTS:
    // Lists the store's runs again (off the GUI thread); runsLoaded() follows.
    void reload();
    // Opens the selected run's grid and cells in a dialog (runOpened() follows).
    void openSelected();
    // Asks the main window to resume the selected run (interrupted or incomplete).
    void resumeSelected();
    // Asks the main window to measure the selected run's failed cells again (`stackbench resume
    // RUN --retry-failed`).
    void retrySelected();
    // Writes the selected run (or `runId`) as `format` to `path`; asks for a file when `path`
    // is empty. operationFinished() follows.
    void exportRun(sb::ExportFormat format, const QString &path = QString(),
                   const QString &runId = QString());
    // Asks for export files and imports them.
    void importDialog();
    // Imports each file into the store, as `stackbench import` does; the list reloads.
    void importFiles(const QStringList &paths);
    // Deletes the selected run after asking (the question says what is lost).
    void deleteSelected();
    // Asks for a store (StoreDialog) and switches to it.
    void switchStoreDialog();
    // Checks `location` (off the GUI thread) and switches the store service to it if it opens
    // (or has no store yet): storeSwitched() follows; otherwise the page says why in one line
    // and keeps the store it has.
    void switchStore(const QString &location);

Q_SIGNALS:
    // The list was filled from the store (the model holds `count` runs).
    void runsLoaded(int count);
    // The details of the selected run are shown.
    void detailsShown(const QString &runId);
    void runOpened(sb::RunDialog *dialog);
    // A CPU profile (or two as a differential) of the details' run opened in `dialog`.
    void profileOpened(sb::ProfileDialog *dialog);
    void resumeRequested(const sb::RunRow &run);
    void retryRequested(const sb::RunRow &run);
    // The user switched the store (the location includes any password: keep it, never show
    // it).
    void storeSwitched(const QString &location);
    // An import, export, delete or switch ended; `message` says how, in one line.
    void operationFinished(const sb::StoreOperation &operation, const QString &message);

protected:
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void createLayout();
    void updateActions();
    void selectionChanged();
    // The service's store changed (or was switched to again): list it afresh.
    void showLocation();
    void showRuns(const RunsResult &result);
    void showRun(const StoredRun &run);
    void finishOperation(const StoreOperation &op);
    void setMessage(const QString &text, bool error);
    QString exportSuggestion(const RunRow &run, ExportFormat format) const;

    StoreService *m_store;
    RunsModel *m_model;
    RunsFilterModel *m_filter;
    quint64 m_runsRequest = 0;  // the list asked for last
    quint64 m_runRequest = 0;   // the details asked for last
    QSet<quint64> m_operations; // imports, exports, deletes and checks of this page
    bool m_dirty = true;        // the list must be read again when the page shows
    bool m_runBusy = false;     // a run or check goes on in this window
    QString m_selectAfterLoad;
    QString m_openWhenLoaded; // Open waits for this run's details
    QString m_switchingTo;    // the location being checked, password included
    quint64 m_switchRequest = 0;
    std::optional<StoredRun> m_current; // the details shown
    QString m_storeText;
    QString m_errorText;

    QLineEdit *m_filterEdit = nullptr;
    QComboBox *m_statusFilter = nullptr;
    QLabel *m_messageLabel = nullptr;
    QTableView *m_table = nullptr;
    RunDetails *m_details = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_resumeAction = nullptr;
    QAction *m_retryAction = nullptr;
    QAction *m_importAction = nullptr;
    QAction *m_deleteAction = nullptr;
    QAction *m_refreshAction = nullptr;
    QAction *m_switchAction = nullptr;
    QMenu *m_exportMenu = nullptr;
    QList<QAction *> m_exportActions;
};

} // namespace sb
