#pragma once

#include "run/loadhostcores.h"
#include "store/records.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVector>
#include <array>

// The data behind the four live charts of one window, with a bounded number of points per
// series: a 30-minute window at a 100 ms interval (18,000 intervals) still holds at most
// kMaxPoints points per series. Plain data, no widgets; one thread at a time.
namespace sb::charts {

// One series with at most `cap` points. When it is full, adjacent pairs are merged (mean, or
// max for maxima) and later points are merged in buckets of the doubled stride, so the series
// keeps covering the whole window at a coarser resolution.
class CappedSeries
{
public:
    enum class Merge
    {
        Mean, // rates, percentiles, cores: the mean of the merged intervals
        Max   // maxima: the largest of them
    };

    explicit CappedSeries(Merge merge = Merge::Mean, int cap = 1000);

    void append(double key, double value);
    void clear();

    const QVector<double> &keys() const { return m_keys; }
    const QVector<double> &values() const { return m_values; }
    int size() const { return int(m_keys.size()); }
    int cap() const { return m_cap; }
    // Source points per stored point (1 until the series was first full).
    int stride() const { return m_stride; }

private:
    void compress();
    double merged(double a, double b) const;

    Merge m_merge;
    int m_cap;
    int m_stride = 1;
    QVector<double> m_keys;
    QVector<double> m_values;
    double m_pendingValue = 0; // the bucket being filled (stride > 1)
    int m_pendingCount = 0;
};

// The series of the live charts.
enum class Series
{
    Ok,             // 2xx responses per second
    Non2xx,         // other statuses per second
    Errors,         // transport errors plus unexpected statuses per second
    P50,            // latency, ms
    P90,            // latency, ms (not in the run's interval records: quick test only)
    P99,            // latency, ms
    Max,            // latency, ms
    ServerCores,    // server tree, cores (1.0 = one core)
    GeneratorCores, // the load engine, cores
    ExcludedCores,  // excluded processes (the database), cores
    ForeignPct,     // foreign CPU, percent of one core
    RssMiB          // server tree resident set, MiB
};
inline constexpr int kSeriesCount = 12;

// One interval of load figures.
struct LoadPoint
{
    double atS = 0;        // interval end, seconds since the window (warm-up included) started
    double spanS = 0;      // interval length, seconds; 0 = unknown
    double okPerS = 0;     // 2xx per second
    double non2xxPerS = 0; // responses with another status per second
    double errorsPerS = 0; // errors per second
    double p50Ms = 0;
    double p90Ms = -1; // < 0: not known
    double p99Ms = 0;
    double maxMs = 0;
};

// One sampler reading.
struct ResourcePoint
{
    double atS = 0;         // interval end, seconds since the window started
    double serverCores = 0; // 1.0 = one core
    double generatorCores = 0;
    double excludedCores = 0;
    double foreignPct = 0; // percent of one core
    double rssMiB = -1;    // < 0: not known
};

// A measured timeline of an earlier window of the same cell, drawn faintly.
struct Ghost
{
    CappedSeries ok;          // 2xx/s
    CappedSeries p99;         // ms
    CappedSeries serverCores; // cores
    CappedSeries foreignPct;  // percent of one core
};

// One load host's generator (plan "load": {"hosts": [...]}): per measured interval as its agent
// reports it (run::IntervalUpdate::hostCores), and over the whole window once it is stored. A
// stored window keeps only the mean: the charts draw the intervals when there are any, else the
// window's mean.
struct HostCores
{
    QString host;      // the plan's name of the host ("local": this machine)
    double cores = -1; // its load engine's CPU over the measured window, cores; < 0 = not yet
    CappedSeries intervals{CappedSeries::Merge::Mean, 1000}; // cores per measured interval
};

class Timeline
{
public:
    static constexpr int kMaxPoints = 1000; // per series
    static constexpr int kMaxGhosts = 4;    // earlier windows shown

    Timeline();

    // Forgets the window's series (not the ghosts, not the gate).
    void clear();

    // The measured phase starts `s` seconds after the window started; [0, s] is the warm-up.
    void setMeasureStart(double s);
    double measureStartS() const { return m_measureStartS; }
    // Expected end of the window (warm-up + measured seconds) for the time axis; 0 = unknown.
    void setExpectedEnd(double s) { m_expectedEndS = s; }
    double expectedEndS() const { return m_expectedEndS; }
    // The foreign-CPU gate, percent of one core; <= 0 = none.
    void setGatePct(double pct) { m_gatePct = pct; }
    double gatePct() const { return m_gatePct; }

    // The hosts the window's load comes from (empty: this machine's load engine); kept by
    // clear(), like the gate. Their cores are unknown until setHostCores(). A host whose cores a
    // window already reported stays (after the listed ones) unless `keepReported` is false.
    void setLoadHosts(const QStringList &hosts, bool keepReported = true);
    // A host's generator over the measured window, cores (a host not named yet is added).
    void setHostCores(const QString &host, double cores);
    // The hosts' generators over one measured interval ending `atS` seconds after the window
    // started (hosts not named yet are added).
    void addHostCores(double atS, const run::LoadHostCoresList &hosts);
    const QList<HostCores> &hostCores() const { return m_hostCores; }

    // Adds an interval's load figures. A stub interval (under a quarter of the one before: the
    // last moments of a drain) is left out: its rates say nothing and would draw a cliff.
    void addLoad(const LoadPoint &p);
    void addResources(const ResourcePoint &p);
    // A run interval: warm-up intervals are timed from the window start, measured ones from
    // the measure start (sampler fields and the load hosts' generators only in the measured
    // phase).
    void addInterval(const store::IntervalRecord &r, bool warmUp,
                     const run::LoadHostCoresList &hosts = {});

    // Earlier windows of the cell (their measured intervals); keeps the last kMaxGhosts.
    void clearGhosts();
    void addGhost(const Ghost &ghost);
    const QList<Ghost> &ghosts() const { return m_ghosts; }

    const CappedSeries &series(Series s) const { return m_series[size_t(s)]; }
    double lastS() const { return m_lastS; }       // latest key of any series, seconds
    bool hasP90() const { return m_hasP90; }       // p90 points were added
    bool hasMemory() const { return m_hasMemory; } // RSS points were added
    bool isEmpty() const { return m_lastS <= 0 && series(Series::Ok).size() == 0; }

private:
    std::array<CappedSeries, kSeriesCount> m_series;
    QList<Ghost> m_ghosts;
    QList<HostCores> m_hostCores;
    double m_measureStartS = 0;
    double m_expectedEndS = 0;
    double m_gatePct = 0;
    double m_lastS = 0;
    double m_lastSpanS = 0; // length of the last full interval
    bool m_hasP90 = false;
    bool m_hasMemory = false;
};

// The ghost of a measured timeline: its four series, each capped at Timeline::kMaxPoints, so
// keeping a few per cell costs kilobytes even for 30-minute windows.
Ghost makeGhost(const QVector<store::IntervalRecord> &intervals);

// Load figures of a run interval (latencies in ms; p90 unknown for intervals stored before p90).
LoadPoint loadPoint(const store::IntervalRecord &r, double atS);
ResourcePoint resourcePoint(const store::IntervalRecord &r, double atS);

} // namespace sb::charts
