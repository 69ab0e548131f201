#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QTreeView;

namespace sb {

class OutlineModel;

// The outline beside the plan editor: the profile, the configurations and routes to run (check
// boxes), the profile's concurrency levels, and what the selection amounts to (windows and an
// estimated duration). A view of an OutlineModel. GUI thread.
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

    // "2 h 5 min", "3 min 20 s", "45 s": a duration for people (tr()).
    static QString durationText(qint64 ms);

private:
    void refresh();

    OutlineModel *m_model;
    QComboBox *m_profile;
    QTreeView *m_tree;
    QLabel *m_windows;
    QLabel *m_perWindow;
    QLabel *m_duration;
    QLabel *m_state;
    bool m_stale = false;
};

} // namespace sb
