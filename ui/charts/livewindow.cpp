#include "ui/charts/livewindow.h"

#include "report/figures.h"
#include "run/loadjson.h"

#include <algorithm>

namespace sb::charts {

void LiveWindow::start(const run::CellRef &cell, int loadThreads)
{
    const QStringList hosts = m_loadHosts;
    *this = LiveWindow{};
    m_loadHosts = hosts;
    m_cell = cell;
    m_threads = std::max(1, loadThreads);
}

void LiveWindow::addInterval(const run::IntervalUpdate &e)
{
    const bool warmUp = e.phase == run::Phase::WarmUp;
    if (m_warmUp && !warmUp) { // the measured phase starts its own counts
        m_ok = 0;
        m_seconds = 0;
        m_requests = 0;
        m_transport = 0;
        m_unexpected = 0;
    }
    m_warmUp = warmUp;
    const store::IntervalRecord &r = e.interval;
    ++m_intervals;
    m_ok += r.ok;
    m_seconds = std::max(m_seconds, r.endS);
    m_requests += r.requests;
    m_transport += e.transportErrors;
    m_unexpected += std::max<qint64>(0, r.errors - e.transportErrors);
    if (r.requests > 0) { // a drain's stub has no latency to show
        m_p50Ms = double(r.p50Us) / 1000.0;
        m_p90Ms = double(r.p90Us) / 1000.0;
        m_p99Ms = double(r.p99Us) / 1000.0;
    }
    m_inFlight = e.inFlight;
    m_draining = e.draining;
    if (!warmUp) {
        m_serverCores = r.serverCores;
        m_generatorCores = r.generatorPct / 100.0;
        m_foreignTop = e.foreignTop;
        if (!e.hostCores.isEmpty())
            m_intervalHostCores = e.hostCores;
    }
}

void LiveWindow::finish(const store::WindowRecord &w)
{
    m_finished = true;
    m_warmUp = false;
    m_finishedOkPerS = report::windowOkPerS(w);
    const stats::Percentiles p = report::windowLatencyUs(w);
    m_p50Ms = double(p.p50) / 1000.0;
    m_p90Ms = double(p.p90) / 1000.0;
    m_p99Ms = double(p.p99) / 1000.0;
    m_requests = w.requests;
    m_inFlight = 0;
    m_draining = false;
    m_serverCores = report::windowCores(w);
    m_generatorCores = w.generatorPctMean / 100.0;
    m_hostCores = report::windowLoadHosts(w.gates);
    m_errorKinds.clear();
    for (auto it = w.errors.begin(); it != w.errors.end(); ++it)
        if (it.value().toInteger() > 0)
            m_errorKinds.append({it.key(), it.value().toInteger()});
    for (auto it = w.statusCounts.begin(); it != w.statusCounts.end(); ++it)
        if (!it.key().startsWith(QLatin1Char('2')) && it.value().toInteger() > 0)
            m_errorKinds.append({it.key(), it.value().toInteger()});
    std::stable_sort(m_errorKinds.begin(), m_errorKinds.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    m_curve = w.histogram.isEmpty() ? QVector<PercentilePoint>{}
                                    : percentileCurve(run::decodedHistogram(w.histogram));
}

double LiveWindow::okPerS() const
{
    return m_finished ? m_finishedOkPerS : report::okPerS(m_ok, m_seconds);
}

QList<QPair<QString, qint64>> LiveWindow::errorsByKind() const
{
    if (m_finished)
        return m_errorKinds;
    QList<QPair<QString, qint64>> out;
    if (m_transport > 0)
        out.append({QStringLiteral("transport"), m_transport});
    if (m_unexpected > 0)
        out.append({QStringLiteral("status"), m_unexpected});
    return out;
}

bool LiveWindow::generatorSaturated() const
{
    return m_generatorCores >= kSaturatedShare * m_threads;
}

QVector<PercentilePoint> LiveWindow::curve() const
{
    if (m_finished)
        return m_curve;
    QVector<PercentilePoint> out;
    if (m_p50Ms <= 0)
        return out;
    out.append({2, 50, m_p50Ms});
    if (m_p90Ms > 0)
        out.append({10, 90, m_p90Ms});
    if (m_p99Ms > 0)
        out.append({100, 99, m_p99Ms});
    return out;
}

QString relativeText(double now, double reference)
{
    if (!(reference > 0))
        return {};
    const double pct = (now / reference - 1) * 100;
    return (pct >= 0 ? QStringLiteral("+") : QStringLiteral("\u2212")) +
           QString::number(std::abs(pct), 'f', 1) + QStringLiteral(" %");
}

} // namespace sb::charts
