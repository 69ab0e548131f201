#pragma once

#include "profile/frametree.h"
#include "store/records.h"

#include <QWidget>

class QLabel;
class QMenu;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QSplitter;
class QTableView;
class QToolButton;

namespace sb {

class FlameGraphWidget;
class ProfileFunctionsModel;

// One CPU profile, or two side by side as a differential (issue 25): a line naming it (cell,
// samples, frequency, the profiling window's 2xx/s against the cell's median, the note), a
// search box (with the share of samples its matches cover), Reset zoom, "Export folded
// stacks…" (the format speedscope, hotspot and flamegraph.pl read), the flame graph
// (FlameGraphWidget) and the top functions table (ProfileFunctionsModel, sortable; double-click
// a function to search for it). GUI thread.
class ProfileView : public QWidget
{
    Q_OBJECT
public:
    explicit ProfileView(QWidget *parent = nullptr);

    // Shows `profile` (its folded stacks; a profile that cannot be read shows why).
    void setProfile(const store::ProfileRecord &profile);
    // Shows `b` against `a` (the baseline), named `nameA` and `nameB` ("native @ 3f2a").
    void setDiff(const store::ProfileRecord &a, const store::ProfileRecord &b, const QString &nameA,
                 const QString &nameB);
    // Nothing shown; `message` says why.
    void clear(const QString &message);
    // The flame graph above the table (vertical, the default) or beside it (horizontal: a page
    // with little height, such as Compare's tab).
    void setOrientation(Qt::Orientation orientation);

    FlameGraphWidget *flameGraph() const { return m_flame; }
    ProfileFunctionsModel *functions() const { return m_functions; }
    QTableView *functionsTable() const { return m_table; }
    QLineEdit *searchEdit() const { return m_search; }
    QString summaryText() const;
    QString searchResultText() const;

    // Writes the folded stacks of the profile shown (in a differential: A's when `sideB` is
    // false, else B's) to `path`, as profile::foldedText writes them. Errors name the file.
    sb::Status exportFolded(const QString &path, bool sideB = false) const;

Q_SIGNALS:
    // exportFolded() from the button wrote `path` / could not (`message` names the file).
    void exported(const QString &path);
    void exportFailed(const QString &message);

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitGraph();
    void fitColumns();
    void exportWithDialog(bool sideB);
    void showSearchResult(int matches, double share);
    void showError(const QString &message);
    // The profile in one sentence, starting with its cell when `withCell`.
    QString describe(const store::ProfileRecord &p, bool withCell) const;

    profile::FrameTree m_a; // the profile shown, or A of a differential
    profile::FrameTree m_b; // B of a differential
    bool m_diff = false;
    bool m_loaded = false;
    bool m_fitPending = true; // fitGraph() once shown
    bool m_userSized = false; // the user moved the splitter: keep it
    int m_functionWidth = 0;  // the function column's width by its contents (at most 520 px)
    QString m_nameA;
    QString m_nameB;
    QString m_fileStem; // a suggested file name, without ".folded"

    QLabel *m_summary;
    QLineEdit *m_search;
    QLabel *m_searchResult;
    QPushButton *m_resetZoom;
    QToolButton *m_export;
    QMenu *m_exportMenu = nullptr;
    FlameGraphWidget *m_flame;
    QScrollArea *m_scroll;
    ProfileFunctionsModel *m_functions;
    QTableView *m_table;
    QSplitter *m_splitter;
};

} // namespace sb
