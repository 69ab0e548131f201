#pragma once

#include "report/loadhosts.h"
#include "run/runevents.h"
#include "ui/charts/percentilecurve.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QVector>
#include <algorithm>

// The current window's figures so far, from its live intervals (and, once it is stored, from the
// window itself): what the Run page's number tiles and live percentile curve show. Plain data, no
// widgets; one thread at a time.
namespace sb::charts {

class LiveWindow
{
public:
    // A load thread this busy (cores per thread) is called saturated: DESIGN.md's "client"
    // ceiling (generator threads >= 90 % busy).
    static constexpr double kSaturatedShare = 0.9;

    // Forgets everything: a new window of `cell` with `loadThreads` load threads.
    void start(const run::CellRef &cell, int loadThreads);
    // The load threads the window runs (known once the plan is read).
    void setLoadThreads(int threads) { m_threads = std::max(1, threads); }
    // The hosts the load comes from (plan "load": {"hosts": [...]}; empty: this machine), known
    // once the plan is read; kept by start().
    void setLoadHosts(const QStringList &hosts) { m_loadHosts = hosts; }
    const QStringList &loadHosts() const { return m_loadHosts; }
    // Each load host's generator over the window, from the stored window's "load_hosts" gate:
    // known once the window is finished.
    const QVector<report::WindowLoadHost> &hostCores() const { return m_hostCores; }
    // Each load host's generator over the latest measured interval, as the hosts reported it
    // (empty before the first one, and for load from this machine).
    const run::LoadHostCoresList &intervalHostCores() const { return m_intervalHostCores; }
    // One live interval of the window (warm-up or measured).
    void addInterval(const run::IntervalUpdate &e);
    // The window as stored: its own figures replace the running ones.
    void finish(const store::WindowRecord &window);

    const run::CellRef &cell() const { return m_cell; }
    bool hasData() const { return m_intervals > 0 || m_finished; }
    bool isFinished() const { return m_finished; }
    bool inWarmUp() const { return m_warmUp; }
    int intervals() const { return m_intervals; }

    // 2xx/s over the phase so far (report::okPerS of its 2xx over its seconds); the stored
    // window's own once finished.
    double okPerS() const;
    double p50Ms() const { return m_p50Ms; } // latest interval's (the window's once finished)
    double p99Ms() const { return m_p99Ms; }
    qint64 requests() const { return m_requests; }         // responses so far in the phase
    qint64 transportErrors() const { return m_transport; } // connect, read, write, timeout, parse
    qint64 unexpected() const
    {
        return m_unexpected;
    } // responses with another status than the route's
    // Errors by kind and status, largest first: ("timeout", 3), ("503", 12). Known once the
    // window is stored; before, the two live counts ("transport", "status").
    QList<QPair<QString, qint64>> errorsByKind() const;
    int inFlight() const { return m_inFlight; }
    bool draining() const { return m_draining; }
    double serverCores() const { return m_serverCores; }       // latest sampled interval
    double generatorCores() const { return m_generatorCores; } // latest sampled interval
    int loadThreads() const { return m_threads; }
    // The load engine's threads are near a full core each: the generator may be the ceiling.
    bool generatorSaturated() const;
    // The latest sampled interval's busiest foreign processes (the window's once finished).
    const QList<run::ForeignProcess> &foreignTop() const { return m_foreignTop; }
    // The window's percentile curve: the latest interval's p50, p90 and p99 while it runs, the
    // stored histogram's full curve once finished.
    QVector<PercentilePoint> curve() const;

private:
    run::CellRef m_cell;
    int m_threads = 1;
    int m_intervals = 0;
    bool m_warmUp = true;
    bool m_finished = false;
    qint64 m_ok = 0;
    double m_seconds = 0;
    double m_finishedOkPerS = 0;
    double m_p50Ms = 0;
    double m_p90Ms = 0;
    double m_p99Ms = 0;
    qint64 m_requests = 0;
    qint64 m_transport = 0;
    qint64 m_unexpected = 0;
    QList<QPair<QString, qint64>> m_errorKinds; // from the stored window
    int m_inFlight = 0;
    bool m_draining = false;
    double m_serverCores = 0;
    double m_generatorCores = 0;
    QList<run::ForeignProcess> m_foreignTop;
    QVector<PercentilePoint> m_curve; // stored window's
    QStringList m_loadHosts;
    QVector<report::WindowLoadHost> m_hostCores; // stored window's
    run::LoadHostCoresList m_intervalHostCores;  // latest measured interval's
};

// "+2.5 %" / "−1.0 %": how far `now` is from `reference`; empty when the reference is 0.
QString relativeText(double now, double reference);

} // namespace sb::charts
