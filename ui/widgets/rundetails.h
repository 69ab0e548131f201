#pragma once

#include "store/records.h"

#include <QTabWidget>
#include <QVector>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QTextBrowser;
class QTreeWidget;
class QTreeWidgetItem;

namespace sb {

class ProfileList;
struct StoredRun;

// The History page's details pane for one stored run, in tabs: a summary (with each
// configuration's cold start: median [min-max] over its starts), the environment
// record (and the plan's file hashes), warnings and the gates that fired with each invalid
// attempt's reason, the events, and the server logs (stdout and stderr per configuration and
// round, monospace), and the run's CPU profiles (ProfileList). GUI thread.
class RunDetails : public QTabWidget
{
    Q_OBJECT
public:
    enum Tab
    {
        SummaryTab,
        EnvironmentTab,
        GatesTab,
        EventsTab,
        LogsTab,
        ProfilesTab // the run's CPU profiles (ProfileList)
    };

    explicit RunDetails(QWidget *parent = nullptr);

    // Shows `run` (an error result shows its error).
    void setRun(const StoredRun &run);
    // Shows `message` instead of a run ("Loading…", "Select a run").
    void showMessage(const QString &message);
    // The run shown; empty when none.
    QString runId() const { return m_runId; }

    QTextBrowser *summaryView() const { return m_summary; }
    QTreeWidget *environmentView() const { return m_environment; }
    QTextBrowser *gatesSummaryView() const { return m_gatesSummary; }
    QTreeWidget *invalidView() const { return m_invalid; }
    QTreeWidget *eventsView() const { return m_events; }
    QListWidget *logList() const { return m_logList; }
    QPlainTextEdit *logView() const { return m_log; }
    ProfileList *profileList() const { return m_profiles; }

private:
    void fillSummary(const StoredRun &run);
    void fillEnvironment(const StoredRun &run);
    void addServerHosts(QTreeWidgetItem *root,
                        const QVector<store::ConfigurationRecord> &configurations);
    void addLoadHosts(QTreeWidgetItem *root,
                      const QVector<store::ConfigurationRecord> &configurations);
    void fillGates(const StoredRun &run);
    void fillEvents(const StoredRun &run);
    void fillLogs(const StoredRun &run);
    void showLog(int row);
    void setCounts(int gates, int events, int logs);

    QString m_runId;
    QTextBrowser *m_summary;
    QTreeWidget *m_environment;
    QTextBrowser *m_gatesSummary;
    QTreeWidget *m_invalid;
    QTreeWidget *m_events;
    QListWidget *m_logList;
    QPlainTextEdit *m_log;
    ProfileList *m_profiles;
    QList<QString> m_logTexts; // per m_logList row
};

} // namespace sb
