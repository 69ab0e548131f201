#pragma once

#include "ui/charts/timeline.h"
#include "ui/loadcontroller.h"

#include <QHash>
#include <QWidget>
#include <optional>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSortFilterProxyModel;
class QSpinBox;
class QTableView;
class QTableWidget;
class QTimer;

namespace sb {

class ChartPanel;
class ProcessListModel;

// Exploratory load against one URL: the `stackbench load` form (each field checked as it is
// typed, the reason shown beside it), an optional server process picked from a filterable
// process list (its tree's cores and memory are then sampled and charted), Start/Stop, the live
// charts, and at the end the summary as `stackbench load` prints it, the latency percentile
// curve and "Keep in history" (a one-window run in the store). GUI thread only.
class QuickTestPage : public QWidget
{
    Q_OBJECT
public:
    // How often the process list is read again while the page shows, milliseconds.
    static constexpr int kProcessRefreshMs = 2000;

    explicit QuickTestPage(QWidget *parent = nullptr);
    ~QuickTestPage() override;

    LoadForm form() const;
    void setForm(const LoadForm &form);
    // The reason shown beside `field`, empty when it is fine.
    QString fieldError(LoadField field) const;
    // The server process to sample (0 = none); selects it in the list when it is there.
    void setServerPid(qint64 pid);
    qint64 serverPid() const { return m_serverPid; }
    // Where "Keep in history" stores (empty = the default store).
    void setStoreLocation(const QString &location) { m_storeLocation = location; }

    LoadController *controller() const { return m_controller; }
    ProcessListModel *processModel() const { return m_processes; }
    ChartPanel *chartPanel() const { return m_charts; }
    const charts::Timeline &timeline() const { return m_timeline; }
    QString summaryText() const;
    QString statusText() const;
    // Points of the percentile curve drawn (0 before a test ended).
    int percentilePoints() const;
    bool hasResult() const { return m_result.has_value(); }
    const QuickTestResult *result() const { return m_result ? &*m_result : nullptr; }

public Q_SLOTS:
    void startTest();
    void stopTest();
    // Stores the last result as a one-window run (on a worker thread).
    void keepInHistory();

Q_SIGNALS:
    void testFinished();
    void testFailed(const QString &message);
    void kept(const QString &runId);
    void keepFailed(const QString &message);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    QWidget *buildForm();
    QWidget *buildResults();
    QLineEdit *addField(QFormLayout *form, LoadField field, const QString &label,
                        const QString &placeholder);
    void validate();
    void onInterval(const run::WindowInterval &interval);
    void onFinished(const QuickTestResult &r);
    void onFailed(const QString &message);
    void onStateChanged(LoadController::State state);
    void pickSelectedProcess();
    void loadSettings();
    void saveSettings() const;

    LoadController *m_controller;
    ProcessListModel *m_processes;
    QSortFilterProxyModel *m_processFilter;
    QTimer *m_processTimer; // the list follows the machine while the page shows

    QHash<LoadField, QLineEdit *> m_fields;
    QHash<LoadField, QLabel *> m_errors;
    QComboBox *m_method = nullptr;
    QCheckBox *m_insecure = nullptr; // https://: "Insecure (do not verify)"
    QComboBox *m_protocol = nullptr; // HTTP/1.1 or HTTP/2
    QSpinBox *m_streams = nullptr;   // HTTP/2 streams per connection (enabled for HTTP/2 only)
    QTableWidget *m_headers = nullptr;
    QPlainTextEdit *m_body = nullptr;
    QLineEdit *m_filter = nullptr;
    QTableView *m_processView = nullptr;
    QLabel *m_serverLabel = nullptr;
    QPushButton *m_start = nullptr;
    QPushButton *m_stop = nullptr;
    QPushButton *m_keep = nullptr;
    QLabel *m_status = nullptr;
    ChartPanel *m_charts = nullptr;
    QPlainTextEdit *m_summary = nullptr;
    QCustomPlot *m_curve = nullptr;

    charts::Timeline m_timeline;
    std::optional<QuickTestResult> m_result;
    QuickTestSpec m_running;
    qint64 m_serverPid = 0;
    QString m_serverName;
    QString m_serverCommandLine;
    QString m_storeLocation;
    double m_measureS = 0;
};

} // namespace sb
