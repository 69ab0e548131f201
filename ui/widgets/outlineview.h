#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QScrollArea;
class QSpinBox;
class QTimer;
class QTreeView;

namespace sb {

class OutlineModel;

// The outline beside the plan editor: the profile, the configurations and routes to run (check
// boxes), the profile's concurrency levels, and what the selection amounts to (windows and an
// estimated duration, and the bound a busy machine can push it to), and a pre-flight line: the
// machine's load and foreign CPU now, who takes it, and what the plan's foreign-CPU gate will do
// with that (read every few seconds while shown, off the GUI thread). A view of an
// OutlineModel. GUI thread.
class OutlineView : public QWidget
{
    Q_OBJECT
public:
    explicit OutlineView(OutlineModel *model, QWidget *parent = nullptr);

    // true: the editor's text has problems and the outline shows the last valid version.
    void setStale(bool stale);

    QTreeView *tree() const { return m_tree; }
    QComboBox *profileBox() const { return m_profile; }
    // The windows, per-window and duration lines, one per line.
    QString summaryText() const;
    // The line under the summary: what to do next ("Ready: press Start (F5)..."), or that the
    // outline shows the last valid version; empty when hidden.
    QString stateText() const;
    // The pre-flight line ("Machine now: ..."), empty before the first reading.
    QString preflightText() const;
    // Reads the machine again now (preflightChanged() follows).
    void refreshPreflight();

    static constexpr int kPreflightMs = 5000; // a reading every 5 s while shown

    // The plan's foreign-CPU gate ("32%machine", "150%") and quiet wait (seconds), editable.
    QLineEdit *gateEdit() const { return m_gate; }
    QSpinBox *quietWaitBox() const { return m_quietWait; }

Q_SIGNALS:
    void preflightChanged(const QString &text);
    // The user changed a sampler setting: "foreign_gate" with a JSON string, "wait_quiet_s" with
    // a JSON number. The plan page writes it into the plan's text.
    void samplerEdited(const QString &key, const QByteArray &jsonValue);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

public:
    // "2 h 5 min", "3 min 20 s", "45 s": a duration for people (tr()).
    static QString durationText(qint64 ms);

private:
    void refresh();
    void showEveryRow();

    OutlineModel *m_model;
    QComboBox *m_profile;
    QTreeView *m_tree;
    QLabel *m_windows;
    QLabel *m_perWindow;
    QLabel *m_duration;
    QLabel *m_state;
    QLabel *m_preflight;
    QScrollArea *m_summaryArea;
    QLineEdit *m_gate;
    QSpinBox *m_quietWait;
    QTimer *m_preflightTimer;
    bool m_reading = false; // a pre-flight reading is under way
    bool m_stale = false;
};

} // namespace sb
