#pragma once

#include <QHash>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>

// The data of the run-so-far strip: every window of the run with its 2xx/s, p99 and server
// cores, laid out along x grouped by cell (one slot per round, a gap between cells), so each
// cell's rounds stand side by side and the current window's slot can be highlighted. Plain data,
// no widgets; one thread at a time.
namespace sb::charts {

struct StripWindow
{
    QString cell;               // cell key: "configuration|route|concurrency"
    int configurationIndex = 0; // colour index of its configuration
    int round = 0;              // 0-based
    int attempt = 0;            // 0-based
    bool valid = false;         // passed every gate
    double okPerS = 0;          // 2xx/s (report::windowOkPerS)
    double p99Ms = 0;           // p99 latency, ms
    double cores = 0;           // server tree cores
    qint64 windowId = 0;        // stored window id, 0 = none
    // Load from other hosts: each host's generator over the window, cores, in the plan's order
    // (report::windowLoadHosts); empty for this machine's load engine.
    QList<QPair<QString, double>> hostCores;
};

class RunStripData
{
public:
    // The cells in schedule order (keys as StripWindow::cell) and the rounds of the profile;
    // windows of other cells join at the end in the order they come.
    void setLayout(const QStringList &cells, int rounds);
    void clear();

    // A finished window (valid or not). Later attempts of the same slot are kept beside.
    void addWindow(const StripWindow &w);
    // The window going on; an empty cell clears the highlight.
    void setCurrent(const QString &cell, int round);

    const QList<StripWindow> &windows() const { return m_windows; }
    // x of the slot of (cell, round); its group adds one for each later round seen.
    double slotX(const QString &cell, int round) const;
    // The current window's slot x, or -1 when none.
    double currentX() const;
    // The x range covering every group: [ -0.5, last slot + 0.5 ].
    double lastX() const;
    // Each cell's first slot x and its slots, in layout order.
    QList<QPair<QString, QPair<double, int>>> groups() const;
    // The window drawn nearest to x (within half a slot), or nullptr.
    const StripWindow *windowAt(double x) const;
    int rounds() const { return m_rounds; }

private:
    void ensureCell(const QString &cell);
    int slotCount(const QString &cell) const;

    QStringList m_cells;            // layout order
    QHash<QString, int> m_maxRound; // cell -> largest round seen
    int m_rounds = 1;
    QList<StripWindow> m_windows;
    QString m_currentCell;
    int m_currentRound = 0;
};

} // namespace sb::charts
