#pragma once

// Where the GUI thread's time goes when its event loop stalls, for tests/bench/gui-overhead.sh
// (gui_pages monitor with GUI_PAGES_TRACE_STALLS_MS set). Every event the application delivers
// is timed, wall and GUI-thread CPU; a 10 ms probe timer finds the stalls, and each stall is
// written as one line naming the slowest events inside it and the CPU the GUI thread had over
// it: a stall with little CPU was the thread waiting for a core (2 cores shared by the engine,
// the server, the X server and other work), not the thread's own work.

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QHash>
#include <QStringList>
#include <QTimer>
#include <QWidget>
#include <algorithm>
#include <ctime>
#include <deque>
#include <sys/resource.h>

namespace sb::test {

// Nanoseconds of CPU the calling thread has used.
inline qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// The calling thread's minor page faults, involuntary context switches (preempted while it could
// run) and voluntary ones (it blocked: a lock, a read) so far.
struct ThreadCounts
{
    long faults = 0;
    long preempted = 0;
    long blocked = 0;
};
inline ThreadCounts threadCounts()
{
    rusage u{};
    getrusage(RUSAGE_THREAD, &u);
    return {u.ru_minflt, u.ru_nivcsw, u.ru_nvcsw};
}

class StallTrace : public QObject
{
public:
    explicit StallTrace(int thresholdMs)
        : m_thresholdMs(thresholdMs)
    {
        m_probe.setTimerType(Qt::PreciseTimer);
        m_probe.setInterval(kTickMs);
        connect(&m_probe, &QTimer::timeout, this, &StallTrace::tick);
        m_clock.start();
    }

    void start()
    {
        m_lastTickNs = m_clock.nsecsElapsed();
        m_lastTickCpuNs = threadCpuNs();
        m_probe.start();
    }
    void stop() { m_probe.stop(); }

    // Names the run event being delivered (set by a slot connected before the page's).
    void setLabel(const char *label) { m_label = label; }

    template<typename Deliver> bool deliver(QObject *receiver, QEvent *event, Deliver &&deliver)
    {
        if (receiver == &m_probe)
            return deliver();
        Record r;
        r.type = event->type();
        r.depth = m_depth;
        r.cls = receiver->metaObject()->className();
        if (receiver->parent())
            r.parentCls = receiver->parent()->metaObject()->className();
        if (m_depth <= 1 && receiver->isWidgetType())
            r.name = static_cast<QWidget *>(receiver)->accessibleName();
        if (m_depth <= 1 && r.name.isEmpty())
            r.name = receiver->objectName();
        if (r.depth == 0)
            m_label = nullptr;
        r.startNs = m_clock.nsecsElapsed();
        const qint64 cpu0 = threadCpuNs();
        const ThreadCounts counts0 = threadCounts();
        ++m_depth;
        const bool result = deliver();
        --m_depth;
        r.cpuNs = threadCpuNs() - cpu0;
        const ThreadCounts counts1 = threadCounts();
        r.faults = counts1.faults - counts0.faults;
        r.preempted = counts1.preempted - counts0.preempted;
        r.blocked = counts1.blocked - counts0.blocked;
        r.wallNs = m_clock.nsecsElapsed() - r.startNs;
        if (r.depth == 0 && m_label)
            r.label = m_label;
        if (r.wallNs >= 300000 || r.depth == 0) {
            if (m_events && r.depth == 0 && r.wallNs >= 1000000)
                m_eventLines << QStringLiteral(
                                    "EVENT %1 wall_ms=%2 cpu_ms=%3 faults=%4 preempted=%5")
                                    .arg(r.describe())
                                    .arg(double(r.wallNs) / 1e6, 0, 'f', 1)
                                    .arg(double(r.cpuNs) / 1e6, 0, 'f', 1)
                                    .arg(r.faults)
                                    .arg(r.preempted);
            m_records.push_back(r);
            Total &t = m_totals[r.describe()];
            ++t.count;
            t.wallNs += r.wallNs;
            t.cpuNs += r.cpuNs;
            t.maxWallNs = std::max(t.maxWallNs, r.wallNs);
            t.maxCpuNs = std::max(t.maxCpuNs, r.cpuNs);
            t.faults += r.faults;
            t.preempted += r.preempted;
        }
        while (!m_records.empty() && m_records.front().startNs < r.startNs - 3000000000LL)
            m_records.pop_front();
        return result;
    }

    // One line per stall of at least the threshold, then the busiest event kinds over the run.
    QStringList report() const
    {
        QStringList out = m_stalls + m_eventLines;
        QList<QPair<QString, Total>> totals;
        for (auto it = m_totals.begin(); it != m_totals.end(); ++it)
            totals.append({it.key(), it.value()});
        std::sort(totals.begin(), totals.end(),
                  [](const auto &a, const auto &b) { return a.second.cpuNs > b.second.cpuNs; });
        for (qsizetype i = 0;
             i < std::min<qsizetype>(qEnvironmentVariableIntValue("GUI_PAGES_TRACE_TOTALS") > 0
                                         ? qEnvironmentVariableIntValue("GUI_PAGES_TRACE_TOTALS")
                                         : 12,
                                     totals.size());
             ++i) {
            const Total &t = totals[i].second;
            out << QStringLiteral("TRACE-TOTAL %1 n=%2 cpu_ms=%3 wall_ms=%4 max_wall_ms=%5 "
                                  "max_cpu_ms=%6 faults=%7 preempted=%8")
                       .arg(totals[i].first)
                       .arg(t.count)
                       .arg(double(t.cpuNs) / 1e6, 0, 'f', 1)
                       .arg(double(t.wallNs) / 1e6, 0, 'f', 1)
                       .arg(double(t.maxWallNs) / 1e6, 0, 'f', 1)
                       .arg(double(t.maxCpuNs) / 1e6, 0, 'f', 1)
                       .arg(t.faults)
                       .arg(t.preempted);
        }
        return out;
    }

private:
    static constexpr int kTickMs = 10;
    struct Record
    {
        qint64 startNs = 0;
        qint64 wallNs = 0;
        qint64 cpuNs = 0;
        int depth = 0;
        int type = 0;
        const char *cls = "";
        const char *parentCls = "";
        const char *label = nullptr;
        long faults = 0;    // minor page faults
        long preempted = 0; // involuntary context switches
        long blocked = 0;   // voluntary context switches
        QString name;
        QString describe() const
        {
            QString s = QString::fromLatin1(cls);
            if (!name.isEmpty())
                s += QLatin1Char('(') + name + QLatin1Char(')');
            else if (*parentCls)
                s += QStringLiteral("<%1").arg(QString::fromLatin1(parentCls));
            s += QStringLiteral(":%1").arg(type);
            if (label)
                s += QLatin1Char('[') + QString::fromLatin1(label) + QLatin1Char(']');
            s.replace(QLatin1Char(' '), QLatin1Char('_'));
            return s;
        }
    };
    struct Total
    {
        qint64 count = 0;
        qint64 wallNs = 0;
        qint64 cpuNs = 0;
        qint64 maxWallNs = 0;
        qint64 maxCpuNs = 0;
        qint64 faults = 0;
        qint64 preempted = 0;
    };

    void tick()
    {
        const qint64 now = m_clock.nsecsElapsed();
        const qint64 cpu = threadCpuNs();
        const qint64 lagMs = (now - m_lastTickNs) / 1000000 - kTickMs;
        if (lagMs >= m_thresholdMs)
            m_stalls << describeStall(m_lastTickNs, now, lagMs, cpu - m_lastTickCpuNs);
        m_lastTickNs = now;
        m_lastTickCpuNs = cpu;
    }

    QString describeStall(qint64 fromNs, qint64 toNs, qint64 lagMs, qint64 cpuNs) const
    {
        std::vector<const Record *> top;
        std::vector<const Record *> nested;
        qint64 handledNs = 0;
        for (const Record &r : m_records) {
            if (r.startNs + r.wallNs < fromNs || r.startNs > toNs)
                continue;
            (r.depth == 0 ? top : nested).push_back(&r);
            if (r.depth == 0)
                handledNs += r.wallNs;
        }
        auto slowest = [](std::vector<const Record *> &v) {
            std::sort(v.begin(), v.end(),
                      [](const Record *a, const Record *b) { return a->wallNs > b->wallNs; });
            QStringList s;
            for (size_t i = 0; i < std::min<size_t>(4, v.size()); ++i)
                s << QStringLiteral("%1=%2/%3/%4f/%5p/%6b")
                         .arg(v[i]->describe())
                         .arg(double(v[i]->wallNs) / 1e6, 0, 'f', 1)
                         .arg(double(v[i]->cpuNs) / 1e6, 0, 'f', 1)
                         .arg(v[i]->faults)
                         .arg(v[i]->preempted)
                         .arg(v[i]->blocked);
            return s.join(QLatin1Char(' '));
        };
        const size_t events = top.size();
        return QStringLiteral("STALL lag_ms=%1 gui_cpu_ms=%2 in_events_ms=%3 events=%4 "
                              "slowest(wall_ms/cpu_ms/faults/preempted/blocked): %5 | nested: %6")
            .arg(lagMs)
            .arg(double(cpuNs) / 1e6, 0, 'f', 1)
            .arg(double(handledNs) / 1e6, 0, 'f', 1)
            .arg(events)
            .arg(slowest(top), slowest(nested));
    }

    int m_thresholdMs;
    QTimer m_probe;
    QElapsedTimer m_clock;
    qint64 m_lastTickNs = 0;
    qint64 m_lastTickCpuNs = 0;
    int m_depth = 0;
    const char *m_label = nullptr;
    std::deque<Record> m_records;
    QHash<QString, Total> m_totals;
    QStringList m_stalls;
    // With GUI_PAGES_TRACE_EVENTS set: every event of 1 ms or more (EVENT lines).
    bool m_events = qEnvironmentVariableIsSet("GUI_PAGES_TRACE_EVENTS");
    QStringList m_eventLines;
};

// A QApplication that hands every event through a StallTrace once one is set.
class TracingApplication : public QApplication
{
public:
    using QApplication::QApplication;
    void setTrace(StallTrace *trace) { m_trace = trace; }
    bool notify(QObject *receiver, QEvent *event) override
    {
        if (!m_trace)
            return QApplication::notify(receiver, event);
        return m_trace->deliver(receiver, event,
                                [&] { return QApplication::notify(receiver, event); });
    }

private:
    StallTrace *m_trace = nullptr;
};

} // namespace sb::test
